// The Here I Stand game page: the board, the decision owed (prompt,
// options, targets on the board), the hand, the log, the power cards, the
// VP track, the religious struggle, the debaters, the New World; press,
// votes and seats as every game kind has them.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { ErrorBox, cap } from '../ui.js';
import { GameHeader, Seats, InvitePanel, Tabs } from '../games/common.js';
import { Press } from '../games/press.js';
import { Votes } from '../games/votes.js';
import { GameLog } from '../games/log.js';
import { HisBoard, loadBoard } from './board.js';
import { ZOOM_MAX } from '../zoom.js';
import { powerName, namePowers } from './powers.js';
import { Decision, Waiting, nodeAt, promptText } from './decide.js';
import { Hand, PowerCards, VpTrack, Religion, Debaters, NewWorld, Inspector, Legend, Mark } from './panels.js';
import { HistoryBar, StepEvents, loadState, historySeq } from './history.js';

/** Starts loading the board drawing as soon as the game is read. */
export function prefetch() {
  loadBoard().catch(() => {});
}

// A Here I Stand game seen before in this tab: its board drawing is fetched
// at once, beside the game itself, instead of after it.
const SEEN = 'concordat:his-game:';
try {
  const m = location.pathname.match(/^\/games\/(\d+)/);
  if (m && sessionStorage.getItem(SEEN + m[1])) prefetch();
} catch { /* no session storage: the board loads after the game */ }

const CAPITAL = { ottoman: 'istanbul', hapsburg: 'vienna', england: 'london', france: 'paris', papacy: 'rome', protestant: 'wittenberg' };

const PHASES = { diplomacy: 'Diplomacy Phase', action: 'Action Phase', winter: 'Winter Phase', over: 'game over', '95 theses': "Luther's 95 Theses",
  'diet of worms': 'Diet of Worms', 'spring deployment': 'Spring Deployment', 'new world': 'New World Phase' };

/** "Turn 2 · Action Phase · Hapsburg's impulse" */
export function turnLine(v) {
  if (!v) return '';
  let s = `Turn ${v.turn} · ${PHASES[v.phase] || cap(v.phase || '')}`;
  if (v.impulse) s += ` · ${powerName(v.impulse)}'s impulse${v.passes ? ` (${v.passes} pass${v.passes > 1 ? 'es' : ''} in a row)` : ''}`;
  return s;
}

/**
 * The first zoom: names about 11 px high (the board is 4,200 board pixels
 * wide, its names 25), from the width the board will have (the window's,
 * less the side panel on a wide screen).
 */
function startZoom() {
  const w = window.innerWidth;
  if (w <= 820) return 1; // a phone sees the whole board first, and zooms with its fingers or the buttons
  const frame = w <= 820 ? w - 20 : Math.min(w, 1500) - 24 - 396 - 12;
  return Math.max(1, Math.min(6, (0.45 * 4200) / Math.max(frame, 200)));
}

/**
 * The powers of an account that holds several (a game of 3 to 5 players,
 * RULES.md §24.3): a button for each, the one shown pressed, those that owe
 * a decision now marked; choosing one shows the game as it (onSeat).
 */
export function PowerSwitch({ game, switching, onSeat }) {
  const owing = new Set(game.owing || []);
  return html`<span class="power-switch" role="group" aria-labelledby="power-switch-label">
    <span id="power-switch-label" class="power-switch-label">Your powers:</span>
    ${game.yours.map((p) => {
      const shown = p === game.you;
      const owes = owing.has(p);
      return html`<button type="button" key=${p} class=${'small' + (shown ? ' on' : '')} data-seat=${p} data-owes=${owes ? '1' : undefined}
          aria-pressed=${shown ? 'true' : 'false'} aria-busy=${switching === p ? 'true' : undefined}
          aria-label=${powerName(p) + (owes ? ', owes a decision' : '') + (shown ? ', shown' : '')}
          onClick=${() => !shown && onSeat(p)}>
        <${Mark} p=${p} /> ${powerName(p)}${owes && html` <span class="badge warn" aria-hidden="true">to decide</span>`}</button>`;
    })}
  </span>`;
}

/** "Protestant owes a decision — Switch to Protestant": the account's other powers that owe one, when the shown one owes none. */
export function OtherOwes({ game, onSeat }) {
  const others = (game.owing || []).filter((p) => p !== game.you);
  if (!others.length || (game.pending || []).length) return null;
  return html`<div class="other-owes" role="status">
    ${others.map((p) => html`<p key=${p}><${Mark} p=${p} /> <strong>${powerName(p)} owes a decision</strong> —
      <button type="button" class="small primary" data-switch=${p} onClick=${() => onSeat(p)}>Switch to ${powerName(p)}</button></p>`)}
  </div>`;
}

export class HisGame extends Component {
  constructor(props) {
    super(props);
    this.state = { board: null, boardErr: null, legal: null, legalErr: null, path: [], zoom: startZoom(), inspect: null, focusKey: 0 };
    this.boardRef = null;
    this.inspect = (id) => this.setState({ inspect: id });
  }
  componentDidMount() {
    try { sessionStorage.setItem(SEEN + this.props.game.game.id, '1'); } catch { /* not kept */ }
    loadBoard().then((board) => this.setState({ board }), (boardErr) => this.setState({ boardErr }));
    this.loadLegal();
    if (this.props.tab === 'history') this.loadHistory();
  }
  componentDidUpdate(prev) {
    if (prev.tick !== this.props.tick) this.loadLegal();
    if (this.props.tab === 'history') this.loadHistory();
  }
  /** Reads the state a history route names (once per seq). */
  loadHistory() {
    const { game, at } = this.props;
    const seq = historySeq(at, game.game.seq);
    if (this.histSeq === seq) return;
    this.histSeq = seq;
    this.setState({ histLoading: true });
    loadState(game.game.id, seq).then((hist) => {
      if (this.histSeq === seq) this.setState({ hist, histErr: null, histLoading: false });
    }, (histErr) => { if (this.histSeq === seq) this.setState({ histErr, histLoading: false }); });
  }
  /** Reads the options of the decision the player owes (none when nothing is owed). */
  async loadLegal() {
    const { game } = this.props;
    const owes = game.you && game.game.status === 'active' && game.pending && game.pending.length > 0;
    if (!owes) return this.setState({ legal: null, legalErr: null, path: [] });
    try {
      const legal = await games.legal(game.game.id);
      const same = this.state.legal && JSON.stringify(this.state.legal.options) === JSON.stringify(legal.options);
      this.setState({ legal, legalErr: null, path: same ? this.state.path : [], focusKey: same ? this.state.focusKey : this.state.focusKey + 1 });
    } catch (legalErr) { this.setState({ legalErr }); }
  }
  async submit(kind, args) {
    const { game } = this.props;
    const r = await games.act(game.game.id, this.state.legal.seq, kind, args);
    this.setState({ path: [] });
    this.props.reload();
    return r;
  }
  setPath(path) {
    this.setState({ path, focusKey: this.state.focusKey + 1 });
  }
  /** A click on the board: a target extends the answer; anything else shows the space. */
  pick(id) {
    const at = this.state.legal && nodeAt(this.state.legal.options, this.state.path);
    if (at && at.choices.some((c) => c.value === id)) this.setPath([...this.state.path, id]);
    else this.inspect(id);
  }
  zoomBy(f) {
    const z = Math.max(1, Math.min(ZOOM_MAX, this.state.zoom * f));
    this.setState({ zoom: z });
  }
  render(props, s) {
    const { game, tab, user } = props;
    const g = game.game;
    // History: the board, panels and hand of the state the route names; nothing to decide there.
    const atHistory = tab === 'history';
    const hseq = atHistory ? historySeq(props.at, g.seq) : null;
    const hist = atHistory ? s.hist : null; // the state before, while the next one is read
    const v = (atHistory ? hist && hist.view : game.view) || {};
    const base = '/games/' + g.id;
    const you = game.you;
    const b = s.board;
    const owes = !atHistory && you && g.status === 'active' && game.pending && game.pending.length > 0;
    // Options read for an older state of the game are not offered while the new ones load.
    const legal = s.legal && s.legal.seq === g.seq ? s.legal : null;
    const at = owes && legal ? nodeAt(legal.options, s.path) : null;
    const choices = at ? at.choices : [];
    const targets = new Set(b ? choices.map((c) => c.value).filter((x) => b.space[x] || b.sea[x]) : []);
    const selected = b ? s.path.filter((x) => b.space[x] || b.sea[x]) : [];
    const cardChoices = new Set(choices.map((c) => c.value).filter((x) => /^\d+$/.test(x)));
    const hand = you && v.powers && v.powers[you] ? v.powers[you].hand || [] : null;
    const tabs = [['', 'Board'], ['history', 'History'], ['log', 'Log'], ['powers', 'Powers'], ['press', 'Press'], ['votes', 'Votes'], ['seats', 'Seats']];
    const seatName = (x) => powerName(x);
    const mark = (x) => html`<${Mark} p=${x} />`;
    // An account holding several powers switches between them (GameRoute's onSeat).
    const grouped = game.yours && game.yours.length > 1 && props.onSeat;
    const top = v.pending && v.pending.length ? v.pending[v.pending.length - 1] : null;
    const mineWaits = grouped && top && game.yours.includes(top.power); // said by OtherOwes instead
    return html`<div class=${'game his tab-' + (tab || 'board')}>
      <${GameHeader} game=${game} live=${props.live}>
        <span class="phase" data-turn=${v.turn}>${turnLine(v)}</span>
        ${grouped ? html`<${PowerSwitch} game=${game} switching=${props.switching} onSeat=${props.onSeat} />`
          : you && html`<span class="you"><${Mark} p=${you} /> ${powerName(you)}</span>`}
      <//>
      <${Tabs} base=${base} current=${tab} tabs=${tabs} as=${grouped ? game.you : ''} />
      ${grouped && !atHistory && html`<${OtherOwes} game=${game} onSeat=${props.onSeat} />`}
      <div class="his-body">
        <div class="his-board-cell">
          ${atHistory && html`<${HistoryBar} base=${base} seq=${hseq} last=${g.seq} line=${hist ? turnLine(v) : ''} loading=${s.histLoading} />`}
          ${atHistory && html`<${ErrorBox} err=${s.histErr} />`}
          ${owes && (tab === '' || tab === 'board') && html`<p class="phone-prompt"><strong>Your decision:</strong> ${promptText(game.pending[0])}
            ${targets.size > 0 ? ' Tap a highlighted place, or choose below the board.' : ' The options are below the board.'}</p>`}
          ${atHistory && !hist ? html`<p class="loading">Reading the game's history…</p>` : b ? html`<${HisBoard} ref=${(r) => { this.boardRef = r; }} board=${b} view=${v} targets=${targets} selected=${selected} zoom=${s.zoom} onZoom=${(f) => this.zoomBy(f)} onFit=${() => this.setState({ zoom: 1 })}
              focus=${s.focusKey} home=${CAPITAL[you]} onPick=${(id) => this.pick(id)} onInspect=${this.inspect}
              label=${'Here I Stand board, ' + (atHistory ? 'history, ' + (hseq ? 'after action ' + hseq : 'the setup') + ', ' : '') + turnLine(v) + (targets.size ? `, ${targets.size} places to choose from highlighted` : '')} />`
            : s.boardErr ? html`<p class="error">${s.boardErr.message}</p>` : html`<p class="loading">Drawing the board…</p>`}
          <div class="map-tools">
            <button class="small" onClick=${() => this.zoomBy(1.4)} aria-label="Zoom in">+</button>
            <button class="small" onClick=${() => this.zoomBy(1 / 1.4)} aria-label="Zoom out">−</button>
            <button class="small" data-zoom="whole" onClick=${() => this.setState({ zoom: 1 })}>Whole board</button>
            ${targets.size > 0 && html`<button class="small" onClick=${() => this.setState({ focusKey: s.focusKey + 1 })}>Show the choices</button>`}
          </div>
          <${Legend} />
        </div>
        <div class="his-side">
          ${g.status === 'forming' && html`<${Seats} game=${game} user=${user} reload=${props.reload} powerName=${seatName} powerMark=${mark} />
            <p class="note">The game starts when every seat is taken.</p>`}
          ${(tab === '' || tab === 'board') && html`
            ${v.result && html`<section class="card"><p><strong>The game is over: ${v.result}${v.winners && v.winners.length ? ' — ' + v.winners.map(powerName).join(', ') : ''}.</strong></p></section>`}
            ${owes ? html`<${Decision} prompt=${game.pending[0]} legal=${legal} board=${b} view=${v} you=${you} path=${s.path}
                onPath=${(p) => this.setPath(p)} submit=${(k, a) => this.submit(k, a)} />`
              : g.status === 'active' && !mineWaits && html`<${Waiting} view=${v} />`}
            <${ErrorBox} err=${s.legalErr} />
            ${s.inspect && b && html`<${Inspector} id=${s.inspect} board=${b} view=${v} onClose=${() => this.setState({ inspect: null })} />`}
            ${hand && html`<${Hand} cards=${hand} pickable=${cardChoices} onPick=${(n) => this.setPath([...s.path, n])} />`}
            ${g.status !== 'forming' && html`<${GameLog} game=${game} tick=${props.tick} seatName=${seatName} limit=${8} title="Latest" format=${namePowers} />`}`}
          ${tab === 'log' && html`<${GameLog} game=${game} tick=${props.tick} seatName=${seatName} format=${namePowers} />`}
          ${atHistory && html`<${StepEvents} state=${hist && hist.seq === hseq ? hist : null} seq=${hseq} format=${namePowers} />
            ${s.inspect && b && html`<${Inspector} id=${s.inspect} board=${b} view=${v} onClose=${() => this.setState({ inspect: null })} />`}
            ${hand && html`<${Hand} cards=${hand} pickable=${new Set()} onPick=${() => {}} />`}
            <${GameLog} game=${game} tick=${props.tick} seatName=${seatName} format=${namePowers} upTo=${hseq} title=${'Log up to ' + (hseq ? 'action ' + hseq : 'the setup')} limit=${8} />`}
          ${tab === 'press' && html`<${Press} game=${game} tick=${props.pressTick} visible powerName=${seatName} />`}
          ${tab === 'votes' && html`<${Votes} game=${game} tick=${props.voteTick} powerName=${seatName} onChange=${props.reload} />`}
          ${tab === 'seats' && html`<${Seats} game=${game} user=${user} reload=${props.reload} powerName=${seatName} powerMark=${mark} />`}
          ${tab === 'seats' && g.options.private && html`<${InvitePanel} game=${game} />`}
        </div>
      </div>
      ${v.powers && b && (tab === '' || tab === 'board' || tab === 'powers' || atHistory) && html`<div class=${'his-panels' + (tab === 'powers' ? ' open' : '')}>
        <${PowerCards} view=${v} you=${you} />
        <${VpTrack} view=${v} />
        <${Religion} view=${v} board=${b} />
        <${Debaters} view=${v} />
        <${NewWorld} view=${v} board=${b} />
        <p class="small-print">Deck: ${v.deck} cards · discard pile: ${(v.discard || []).length} · removed: ${(v.removed || []).map((c) => '#' + c.number + ' ' + c.name).join(', ') || 'none'}</p>
      </div>`}
    </div>`;
  }
}

