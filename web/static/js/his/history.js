// The Here I Stand game's history (/games/<id>/history/<seq>): the game as
// it stood after any action (GET /api/games/{id}/history/{seq}, the
// reader's view then, with what that action made happen), stepped back and
// forth with buttons or the ← and → keys, clearly marked as history, with
// the way back to the live game.
import { html, Component } from '../lib.js';
import { navigate } from '../router.js';
import { games, actingAs } from '../api.js';

const views = new Map(); // "game:seat:seq" → promise of the history answer (a past state never changes; each seat sees its own)

/** The history answer of game id at seq, as the seat acted as (fetched once per page). */
export function loadState(id, seq) {
  const k = id + ':' + actingAs(id) + ':' + seq;
  if (!views.has(k)) views.set(k, games.history(id, seq).catch((e) => { views.delete(k); throw e; }));
  return views.get(k);
}

/** The seq a history route names: at (clamped to 0…last), or last when none. */
export function historySeq(at, last) {
  const i = at === undefined || at === '' || at === null ? last : parseInt(at, 10);
  return Number.isFinite(i) ? Math.max(0, Math.min(last, i)) : last;
}

/** The bar above the board: where in the game this is, first / back / forward / latest, the way back. */
export class HistoryBar extends Component {
  constructor() {
    super();
    this.onKey = (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.target;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      const { seq, last } = this.props;
      if (e.key === 'ArrowLeft' && seq > 0) { e.preventDefault(); this.go(seq - 1); }
      if (e.key === 'ArrowRight' && seq < last) { e.preventDefault(); this.go(seq + 1); }
    };
  }
  componentDidMount() { document.addEventListener('keydown', this.onKey); }
  componentWillUnmount() { document.removeEventListener('keydown', this.onKey); }
  go(i) { navigate(this.props.base + '/history/' + i, true); }
  render({ base, seq, last, line, loading }) {
    return html`<div class="his-history" role="group" aria-label="History">
      <p class="his-history-title"><strong>History</strong> — ${seq === 0 ? 'the setup' : 'after action ' + seq} of ${last}${line ? ': ' + line : ''}
        ${loading && html` <span class="loading">(reading…)</span>`}</p>
      <div class="row">
        <button class="small" disabled=${seq === 0} onClick=${() => this.go(0)} aria-label="The setup">Setup</button>
        <button class="small" disabled=${seq === 0} onClick=${() => this.go(seq - 1)} aria-label="Back one action" data-step="prev">◀</button>
        <button class="small" disabled=${seq >= last} onClick=${() => this.go(seq + 1)} aria-label="Forward one action" data-step="next">▶</button>
        <button class="small" disabled=${seq >= last} onClick=${() => this.go(last)} aria-label="The latest action">Latest</button>
        <a class="button small primary" href=${base} data-live>Back to the live game</a>
        <span class="small-print">← and → step through the game</span>
      </div>
    </div>`;
  }
}

/** What the action at seq made happen, in words (the answer's events). */
export function StepEvents({ state, seq, format }) {
  const fmt = format || ((t) => t);
  const evs = (state && state.events) || [];
  return html`<section class="card his-step" aria-label="This action">
    <h2>${seq === 0 ? 'The setup' : 'Action ' + seq}</h2>
    ${evs.length === 0 ? html`<p class="empty">${seq === 0 ? 'The game as it was set up.' : 'Nothing you may see happened.'}</p>`
      : html`<ul class="plain">${evs.map((ev, i) => html`<li key=${i} class=${'ev' + (ev.private ? ' private' : '')}>${fmt(ev.text)}</li>`)}</ul>`}
  </section>`;
}
