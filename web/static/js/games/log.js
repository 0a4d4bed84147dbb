// The game log (GET /api/games/{id}/log): what happened at each action,
// in words, as the reader's seat may see it. New entries are read when the
// page's game is read again (every change of the live stream).
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { ErrorBox } from '../ui.js';

/** The log of a game; props: game (the API's game answer), tick, seatName(seat), limit (entries shown, newest first), format(text) (an event's text as shown), upTo (only the actions up to this seq: a history's log). */
export class GameLog extends Component {
  constructor() {
    super();
    this.state = { entries: [], err: null, loaded: false, all: false };
    this.next = 1;
    this.loading = null;
  }
  componentDidMount() { this.load(); }
  componentDidUpdate(prev) { if (prev.tick !== this.props.tick) this.load(); }
  async load() {
    if (this.loading) return this.loading.then(() => this.load());
    const id = this.props.game.game.id;
    this.loading = (async () => {
      try {
        let entries = this.state.entries;
        for (let page = 0; page < 20; page++) {
          const r = await games.log(id, this.next);
          const got = (r.entries || []).filter((e) => !entries.some((x) => x.seq === e.seq));
          entries = entries.concat(got);
          if (r.next) this.next = r.next;
          else {
            this.next = Math.max(this.next, (r.seq || 0) + 1);
            break;
          }
        }
        this.setState({ entries, err: null, loaded: true });
      } catch (err) { this.setState({ err, loaded: true }); }
    })();
    await this.loading;
    this.loading = null;
  }
  render({ seatName, limit, title, format, upTo }, { entries, err, loaded, all }) {
    const name = seatName || ((s) => s);
    const fmt = format || ((t) => t);
    const shown = (typeof upTo === 'number' ? entries.filter((e) => e.seq <= upTo) : entries).slice().reverse();
    const cut = limit && !all ? shown.slice(0, limit) : shown;
    return html`<section class="card game-log" aria-label=${title || 'Log'}>
      <h2>${title || 'Log'}</h2>
      <${ErrorBox} err=${err} />
      ${loaded && entries.length === 0 && !err && html`<p class="empty">Nothing has happened yet.</p>`}
      <ol class="log-entries" reversed>
        ${cut.map((e) => html`<li key=${e.seq} class=${e.system ? 'system' : ''} data-seq=${e.seq}>
          <div class="log-head"><span class="log-seq">#${e.seq}</span>
            ${e.system ? html`<span class="log-who">the game</span>` : e.seat ? html`<span class="log-who">${name(e.seat)}</span>` : ''}
            <time datetime=${e.at}>${new Date(e.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time></div>
          <ul class="plain">${(e.events || []).map((ev, i) => html`<li key=${i} class=${'ev ev-' + (ev.type || '').replace(/[^a-z0-9_-]/gi, '') + (ev.private ? ' private' : '')}>${fmt(ev.text)}${ev.private ? html` <small class="private-mark">(not seen by all)</small>` : ''}</li>`)}</ul>
        </li>`)}
      </ol>
      ${limit && shown.length > limit && html`<button class="small link" onClick=${() => this.setState({ all: !all })}>${all ? 'Show the latest only' : `Show all ${shown.length} entries`}</button>`}
    </section>`;
  }
}
