// A Here I Stand decision: the prompt in words, the legal options of
// GET /legal as buttons (each level of the options tree in turn; the labels
// carry the CP costs), the spaces and seas among them highlighted on the
// board, a confirmation of the whole answer, and its submission.
import { html, Component } from '../lib.js';
import { ErrorBox } from '../ui.js';
import { powerName, namePowers } from './powers.js';
import { DealForm } from './deal.js';

/** What each kind of decision asks, when the prompt's own text is only its kind (docs/his.md's table). */
const ASKS = {
  'winter.naval': 'Winter: choose a port for your naval units at sea.',
  'winter.land': 'Winter: choose where your land units go, and which.',
  'winter.attrition': 'Winter: choose the units lost to attrition.',
  'winter.optional': 'Winter: move units to your capital (optional), or done.',
  'winter.leader': 'Winter: choose where your leader spends the winter.',
  'winter.university': 'Winter: choose a space for a Jesuit university.',
  'siege.retreat': 'Your siege broke: choose where the besiegers retreat.',
  'debate.zone': 'Choose the language zone of the debate.',
  'debate.pool': 'Attack a committed or an uncommitted debater.',
  'debate.flip': 'Choose a space to flip to your religion.',
  'reformation.target': 'Choose the target of a Reformation attempt.',
  'diplomacy.announce': 'Diplomacy Phase: announce a deal, or nothing.',
  'diplomacy.confirm': 'Diplomacy Phase: confirm or reject the deal announced.',
  'diplomacy.sue': 'Diplomacy Phase: sue for peace, or not.',
  'diplomacy.war': 'Diplomacy Phase: declare war, one power at a time, or done.',
  'spring.deploy': 'Spring Deployment: move one formation from your capital, or none.',
  impulse: 'Your impulse: play a card for CP or as an event, or pass.',
  action: 'Spend your CP: choose an action.',
};

/** The prompt of a pending decision in words. */
export function promptText(p) {
  if (!p) return '';
  if (p.kind === 'diplomacy.announce') return ASKS[p.kind]; // the engine's text speaks to bots ("a Deal object")
  if (p.text && p.text !== p.kind) return namePowers(p.text);
  return ASKS[p.kind] || p.kind;
}

/** The node of the options tree reached by path (its choices), or null when the path leaves the tree. */
export function nodeAt(options, path) {
  let choices = options ? options.choices || [] : [];
  const labels = [];
  for (const v of path) {
    const c = choices.find((x) => x.value === v);
    if (!c) return null;
    labels.push(c.label || c.value);
    choices = c.next || [];
  }
  return { choices, labels };
}

/**
 * The decision panel. Props: prompt (the pending prompt), legal (GET
 * /legal's answer), board (the drawing, for names and targets), view and
 * you (for the deal form), path and onPath(path) (the answer chosen so far,
 * kept by the page so that clicks on the board and the hand extend it),
 * submit(kind, args) → Promise.
 */
export class Decision extends Component {
  constructor() {
    super();
    this.state = { sending: false, err: null };
  }
  componentDidUpdate(prev) {
    if (prev.legal !== this.props.legal) this.setState({ err: null, sending: false });
  }
  async send(args) {
    const { legal, submit } = this.props;
    this.setState({ sending: true, err: null });
    try {
      await submit(legal.options.kind, args);
      this.setState({ sending: false });
    } catch (err) {
      this.setState({ sending: false, err });
    }
  }
  render({ prompt, legal, board, path, onPath, view, you }, { sending, err }) {
    const kind = legal && legal.options && legal.options.kind;
    const heading = html`<p class="prompt" id="his-prompt"><strong>${promptText(prompt)}</strong></p>`;
    if (!legal) return html`<section class="card decision" aria-labelledby="his-prompt">${heading}<p class="loading">Reading your options…</p></section>`;
    let at = nodeAt(legal.options, path);
    if (!at) { // an answer begun on an older read of the options: start again
      path = [];
      at = nodeAt(legal.options, path);
    }
    const done = path.length > 0 && at.choices.length === 0;
    const nameOf = (id) => (board && board.space[id] ? board.space[id].name : board && board.sea[id] ? board.sea[id].name : null);
    const choices = at.choices;
    const onBoard = choices.filter((c) => nameOf(c.value)).length;
    return html`<section class="card decision" aria-labelledby="his-prompt" data-kind=${kind}>
      ${heading}
      ${path.length > 0 && html`<ol class="answer-path" aria-label="Your answer so far">${at.labels.map((l, i) => html`<li key=${i}>${l}</li>`)}</ol>`}
      ${kind === 'diplomacy.announce' && path.length === 0 && html`<${DealForm} schema=${legal.options.schema} board=${board} view=${view} you=${you}
        announce=${(deal) => this.send(deal)} sending=${sending} />`}
      ${!done && choices.length > 0 && kind !== 'diplomacy.announce' && html`
        ${onBoard > 0 && html`<p class="hint-line">${onBoard === choices.length ? 'Click a highlighted place on the board, or choose here:' : 'The places among these are highlighted on the board.'}</p>`}
        <div class="choices his-choices" role="group" aria-label="Options">
          ${choices.map((c) => html`<button key=${c.value} class="small" data-value=${c.value} disabled=${sending}
            onClick=${() => onPath([...path, c.value])}>${c.label || c.value}</button>`)}
        </div>`}
      ${done && html`<div class="confirm" role="group" aria-label="Confirm">
        <p>Send this answer?</p>
        <button class="primary" data-confirm disabled=${sending} onClick=${() => this.send(path)}>${sending ? 'Sending…' : 'Confirm'}</button>
      </div>`}
      ${path.length > 0 && html`<div class="row">
        <button class="small" disabled=${sending} onClick=${() => onPath(path.slice(0, -1))}>← Back</button>
        ${path.length > 1 && html`<button class="small link" disabled=${sending} onClick=${() => onPath([])}>Start again</button>`}
      </div>`}
      <${ErrorBox} err=${err} />
    </section>`;
  }
}

/** Who the game waits for, when the reader owes nothing. */
export function Waiting({ view }) {
  const top = view && view.pending && view.pending.length ? view.pending[view.pending.length - 1] : null; // the top is last
  if (!top) return null;
  return html`<section class="card waiting"><p>Waiting for <strong>${powerName(top.power)}</strong>: ${ASKS[top.kind] ? ASKS[top.kind].replace(/^Your /, 'their ') : top.kind}</p></section>`;
}
