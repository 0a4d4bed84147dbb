// Pieces every game page shows: the header (name, state, countdown), the
// seats with join / leave / take-over buttons, a private game's invitation
// link, and the tabs of a game page.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { ErrorBox, Countdown } from '../ui.js';

export function GameHeader({ game, live, children }) {
  const g = game.game;
  return html`<header class="game-head">
    <h1>${g.name}</h1>
    <span class="status ${g.status}">${g.status}${g.result ? ': ' + g.result : ''}</span>
    ${g.status === 'active' && html`<${Countdown} deadline=${g.deadline} />`}
    ${g.status === 'paused' && html`<${Countdown} paused />`}
    ${children}
    <span class=${'live ' + (live ? 'on' : 'off')} role="status" title=${live ? 'live updates on' : 'reconnecting'}>${live ? '● live' : '○ reconnecting…'}</span>
  </header>`;
}

/** The seats: who plays which power; joining a forming game, leaving it, taking over a seat in civil disorder. */
export class Seats extends Component {
  constructor() {
    super();
    this.state = { err: null };
  }
  async act(fn) {
    this.setState({ err: null });
    try {
      await fn();
      this.props.reload();
    } catch (err) { this.setState({ err }); }
  }
  render({ game, user, powerName, powerMark }, { err }) {
    const g = game.game;
    const names = (x) => (powerName ? powerName(x) : x);
    const free = game.seats.some((s) => !s.player && !s.bot);
    return html`<section class="seats" aria-label="Seats">
      <ul class="plain">
        ${game.seats.map((s) => html`<li key=${s.seat} class=${s.seat === game.you ? 'you' : ''}>
          ${powerMark && powerMark(s.seat)} <strong>${names(s.seat)}</strong>
          ${s.player ? ' · ' + s.player : s.bot ? ' · bot' + (s.bot_kind ? ' (' + s.bot_kind + ')' : '') : g.status === 'forming' ? ' · free' : ''}
          ${s.seat === game.you && ' (you)'}
          ${s.civil_disorder && html` <span class="badge warn">civil disorder</span>`}
          ${user && g.status === 'forming' && !game.you && !s.player &&
            html` <button class="small" onClick=${() => this.act(() => games.join(g.id, { seat: s.seat }))} aria-label=${'Join as ' + names(s.seat)}>Join</button>`}
          ${user && !game.you && (g.status === 'active' || g.status === 'paused') && (s.civil_disorder || (!s.player && !s.bot)) &&
            html` <button class="small" onClick=${() => this.act(() => games.takeover(g.id, s.seat))}>Take over</button>`}
          ${game.you && game.you !== s.seat && g.status === 'active' && (s.civil_disorder || (!s.player && !s.bot)) &&
            html` <button class="small" onClick=${() => this.act(() => games.takeover(g.id, s.seat, true))}>Put a bot in</button>`}
          ${game.creator && g.status === 'forming' && !s.player && (game.bot_kinds || []).length > 0 && (s.bot
            ? html` <button class="small" onClick=${() => this.act(() => games.removeBot(g.id, s.seat))} aria-label=${'Remove the bot from ' + names(s.seat)}>Remove bot</button>`
            : html` <select class="small" aria-label=${'Bot kind for ' + names(s.seat)} onChange=${(e) => this.setState({ ['kind-' + s.seat]: e.target.value })}>
                ${game.bot_kinds.map((k) => html`<option value=${k}>${k}</option>`)}</select>
              <button class="small" onClick=${() => this.act(() => games.putBot(g.id, s.seat, this.state['kind-' + s.seat] || game.bot_kinds[0]))} aria-label=${'Add a bot as ' + names(s.seat)}>Add a bot</button>`)}
        </li>`)}
      </ul>
      ${user && g.status === 'forming' && !game.you && free && html`<button class="primary" onClick=${() => this.act(() => games.join(g.id))}>Join (any free seat)</button>`}
      ${game.you && g.status === 'forming' && html`<button onClick=${() => this.act(() => games.leave(g.id))}>Leave the game</button>`}
      ${!user && g.status === 'forming' && html`<p><a href=${'/login?next=' + encodeURIComponent(location.pathname)}>Log in</a> to join.</p>`}
      <${ErrorBox} err=${err} />
    </section>`;
  }
}

/** A private game's invitation link, for its creator: shown, copied, replaced. */
export class InvitePanel extends Component {
  constructor() {
    super();
    this.state = { invite: null, err: null, copied: false };
  }
  async componentDidMount() {
    try { this.setState({ invite: (await games.invite(this.props.game.game.id)).invite }); } catch (err) {
      if (err.status !== 403 && err.status !== 409) this.setState({ err });
    }
  }
  async replace() {
    try { this.setState({ invite: (await games.newInvite(this.props.game.game.id)).invite, copied: false }); } catch (err) { this.setState({ err }); }
  }
  render({ game }, { invite, err, copied }) {
    if (!invite) return err ? html`<${ErrorBox} err=${err} />` : null;
    const link = location.origin + '/invite/' + game.game.id + '/' + invite;
    return html`<section class="card invite" aria-label="Invitation">
      <h2>Invitation link</h2>
      <p>This game is private: send this link to the players you invite.</p>
      <input class="link-box" readonly value=${link} aria-label="Invitation link" onFocus=${(e) => e.target.select()} />
      <button class="small" onClick=${async () => { try { await navigator.clipboard.writeText(link); this.setState({ copied: true }); } catch { /* select and copy by hand */ } }}>${copied ? 'Copied' : 'Copy'}</button>
      <button class="small" onClick=${() => this.replace()}>Replace the link</button>
    </section>`;
  }
}

/**
 * Tabs (a tablist of links, so that each tab has its own address). With as
 * (the power shown, for an account holding several), each address keeps it
 * (?as=), so that a tab opened anew shows the same power.
 */
export function Tabs({ base, tabs, current, as }) {
  const q = as ? '?as=' + encodeURIComponent(as) : '';
  return html`<nav class="tabs" aria-label="Game sections">
    ${tabs.map(([id, name, badge]) => html`<a key=${id} href=${base + (id ? '/' + id : '') + q} aria-current=${current === id ? 'page' : undefined}
      class=${current === id ? 'on' : ''}>${name}${badge ? html` <span class="badge info">${badge}</span>` : ''}</a>`)}
  </nav>`;
}
