// The lobby: my games with what needs me now, games to join, games to watch.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { navigate } from '../router.js';
import { ErrorBox, Page, Countdown } from '../ui.js';

/**
 * What a game of mine needs from me, from GET /api/games?mine=1: my seats
 * (seats, or the one seat), those of them that owe a decision now (owing),
 * whether the seat shown owes and has not submitted (owes, submitted), and
 * the unread press over all my seats.
 */
function needs(g) {
  const seats = g.seats && g.seats.length ? g.seats : g.seat ? [g.seat] : [];
  const owing = g.owing || (g.owes && g.seat ? [g.seat] : []);
  return { seats, owing, owed: !!g.owes && !g.submitted, unfinished: !!g.owes, unread: g.unread || 0 };
}

const title = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The address of game g opened as seat (a power of an account holding several). */
const gameHref = (g, seat) => '/games/' + g.id + (seat && g.needs && g.needs.seats.length > 1 ? '?as=' + encodeURIComponent(seat) : '');

/** The bots of a game list entry, as a short phrase ("2 bots") with their seats and kinds in its title. */
function BotsBadge({ bots }) {
  if (!bots || bots.length === 0) return null;
  const detail = bots.map((b) => title(b.seat) + (b.kind ? ' (' + b.kind + ')' : '')).join(', ');
  return html`<span class="badge bots" title=${'Played by the computer: ' + detail}>${bots.length === 1 ? '1 bot' : bots.length + ' bots'}</span>`;
}

const variantName = (g) => (g.game === 'his' ? 'Here I Stand' : 'Diplomacy') + (g.variant && g.variant !== 'standard' ? ' · ' + g.variant : '') +
  (g.rules ? ' · ' + Object.entries(g.rules).map(([k, v]) => (v === 'true' ? k : k + ' ' + v)).join(', ') : '');

function GameRow({ g, action }) {
  const n = g.needs;
  // The seat to open the game as: the first of mine that owes, else the one the server lists first.
  const first = n && (n.owing[0] || g.seat || n.seats[0]);
  return html`<li class="game-row">
    <a class="game-name" href=${gameHref(g, first)}>${g.name}</a>
    <span class="meta">${variantName(g)} · ${g.status}${g.options && g.options.private ? ' · private' : ''}
      ${g.options && g.options.press && g.options.press !== 'full' ? ' · press ' + g.options.press : ''}
      ${g.options && g.options.phase ? ' · ' + g.options.phase + ' phases' : ''}</span>
    <${BotsBadge} bots=${g.bots} />
    ${n && html`<span class="needs">
      ${n.seats.map((s) => n.seats.length > 1 && n.owing.includes(s) ?
        html`<a class="badge warn seat" href=${gameHref(g, s)} title=${title(s) + ' owes a decision: open the game as ' + title(s)}>${title(s)} owes</a>` :
        html`<span class="badge seat">${title(s)}</span>`)}
      ${n.owed && n.seats.length <= 1 && html`<span class="badge warn">${g.game === 'his' ? 'decision owed' : 'orders owed'}</span>`}
      ${!n.owed && n.unfinished && n.seats.length <= 1 && html`<span class="badge">not ready</span>`}
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

