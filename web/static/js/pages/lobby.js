// The lobby: my games with what needs me now, games to join, games to watch.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { navigate } from '../router.js';
import { ErrorBox, Page, Countdown } from '../ui.js';

/** What a game of mine needs from me, from GET /api/games?mine=1 (seat, owes, submitted, unread). */
function needs(g) {
  return { you: g.seat || '', owed: !!g.owes && !g.submitted, unfinished: !!g.owes, unread: g.unread || 0 };
}

const variantName = (g) => (g.game === 'his' ? 'Here I Stand' : 'Diplomacy') + (g.variant && g.variant !== 'standard' ? ' · ' + g.variant : '') +
  (g.rules ? ' · ' + Object.entries(g.rules).map(([k, v]) => (v === 'true' ? k : k + ' ' + v)).join(', ') : '');

function GameRow({ g, action }) {
  const n = g.needs;
  return html`<li class="game-row">
    <a class="game-name" href=${'/games/' + g.id}>${g.name}</a>
    <span class="meta">${variantName(g)} · ${g.status}${g.options && g.options.private ? ' · private' : ''}
      ${g.options && g.options.press && g.options.press !== 'full' ? ' · press ' + g.options.press : ''}
      ${g.options && g.options.phase ? ' · ' + g.options.phase + ' phases' : ''}</span>
    ${n && html`<span class="needs">
      ${n.you && html`<span class="badge">${n.you[0].toUpperCase() + n.you.slice(1)}</span>`}
      ${n.owed && html`<span class="badge warn">orders owed</span>`}
      ${!n.owed && n.unfinished && html`<span class="badge">not ready</span>`}
      ${n.unread > 0 && html`<span class="badge info">${n.unread} unread</span>`}
    </span>`}
    ${g.deadline && g.status === 'active' && html`<${Countdown} deadline=${g.deadline} />`}
    ${action}
  </li>`;
}

export class Lobby extends Component {
  constructor() {
    super();
    this.state = { mine: null, open: null, active: null, err: null };
  }
  componentDidMount() { this.load(); }
  componentDidUpdate(prev) { if (prev.user !== this.props.user) this.load(); }
  async load() {
    try {
      const [open, active] = await Promise.all([games.list({ status: 'forming' }), games.list({ status: 'active' })]);
      let mine = null;
      if (this.props.user) {
        // The server sorts them by what needs me soonest (orders owed, unread press, the deadline).
        mine = (await games.list({ mine: '1', sort: 'urgency' })).games;
        mine.forEach((g) => { g.needs = needs(g); });
      }
      this.setState({ mine, open: open.games, active: active.games });
    } catch (err) {
      this.setState({ err });
    }
  }
  async join(g) {
    try {
      await games.join(g.id);
      navigate('/games/' + g.id);
    } catch (err) {
      this.setState({ err });
    }
  }
  render({ user }, { mine, open, active, err }) {
    const mineIds = new Set((mine || []).map((g) => g.id));
    const current = (mine || []).filter((g) => g.status !== 'finished');
    const finished = (mine || []).filter((g) => g.status === 'finished');
    return html`<${Page} title="Lobby">
      <${ErrorBox} err=${err} />
      ${!user && html`<p class="intro">Concordat plays Diplomacy on 48 maps with many rule variants, and Here I Stand.${' '}
        <a href="/register">Register</a> or <a href="/login">log in</a> to play; anyone may watch.</p>`}
      ${user && html`<section aria-labelledby="mine-h">
        <div class="row"><h2 id="mine-h">My games</h2><a class="button primary" href="/new">New game</a></div>
        ${mine === null ? html`<p class="loading">Loading…</p>` : current.length === 0 ? html`<p>No games yet: create one or join one below.</p>` :
          html`<ul class="games" id="my-games">${current.map((g) => html`<${GameRow} key=${g.id} g=${g} />`)}</ul>`}
      </section>`}
      <section aria-labelledby="open-h">
        <h2 id="open-h">Open games</h2>
        ${open === null ? html`<p class="loading">Loading…</p>` : open.filter((g) => !mineIds.has(g.id)).length === 0 ? html`<p>No game is looking for players.</p>` :
          html`<ul class="games" id="open-games">${open.filter((g) => !mineIds.has(g.id)).map((g) => html`<${GameRow} key=${g.id} g=${g}
            action=${user && html`<button class="small" onClick=${() => this.join(g)} aria-label=${'Join ' + g.name}>Join</button>`} />`)}</ul>`}
      </section>
      <section aria-labelledby="watch-h">
        <h2 id="watch-h">Games under way</h2>
        ${active === null ? null : active.filter((g) => !mineIds.has(g.id)).length === 0 ? html`<p>None to watch.</p>` :
          html`<ul class="games">${active.filter((g) => !mineIds.has(g.id)).slice(0, 50).map((g) => html`<${GameRow} key=${g.id} g=${g} />`)}</ul>`}
      </section>
      ${finished.length > 0 && html`<section aria-labelledby="done-h"><h2 id="done-h">My finished games</h2>
        <ul class="games">${finished.map((g) => html`<${GameRow} key=${g.id} g=${g} />`)}</ul></section>`}
    <//>`;
  }
}

