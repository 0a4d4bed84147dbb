// The game page of a route: loads the game, follows its live updates and
// hands both to the page of the game's kind. A game kind plugs in by adding
// its page to `pages` (the page gets game, user, tab, at, tick, live and
// reload as props). A kind without a page gets the generic one: the view
// and the decision's options as buttons.
//
// An account holding several seats of a game (Here I Stand with 3 to 5
// players) sees it as one of them at a time: the page's ?as= names it (a
// reload or a shared link keeps it), every request of the game acts as it
// (api.js actAs), and a page offers the others through onSeat(seat). With
// none named, the page shows the one seat that owes a decision when the one
// shown owes none.
import { html, Component } from '../lib.js';
import { games, actAs, actingAs } from '../api.js';
import { query } from '../router.js';
import { follow } from './live.js';
import { ErrorBox, Page } from '../ui.js';
import { GameHeader, Seats, InvitePanel, Tabs } from './common.js';
import { Press } from './press.js';
import { Votes } from './votes.js';
import { DiplomacyGame, prefetch as prefetchDiplomacy } from '../diplomacy/page.js';

/** The pages by game kind ("diplomacy", "his", …). */
export const pages = { diplomacy: DiplomacyGame };

/** What a kind's page fetches as soon as the game is known (before it is drawn). */
export const prefetch = { diplomacy: prefetchDiplomacy };

/**
 * Kinds whose page module is loaded when a game of theirs is first opened
 * (import()), so that other pages need not fetch and compile it
 * (docs/perf.md); each gives {page, prefetch}.
 */
export const lazyPages = {
  his: () => import('../his/page.js').then((m) => ({ page: m.HisGame, prefetch: m.prefetch })),
};

export class GameRoute extends Component {
  constructor() {
    super();
    this.state = { game: null, err: null, tick: 0, pressTick: 0, voteTick: 0, live: false };
  }
  componentDidMount() {
    const as = query().get('as') || '';
    this.chosen = !!as; // a seat the address or the player chose, not one the page switched to by itself
    actAs(this.props.id, as);
    this.load();
    this.listen();
  }
  componentWillUnmount() {
    this.close && this.close();
    actAs(this.props.id, '');
  }
  componentDidUpdate(prev) {
    // A switch made from the keyboard (or any control of the page) keeps the focus on the switcher.
    if (this.refocus && this.state.game && this.state.game.you === this.refocus) {
      const b = document.querySelector(`.power-switch button[data-seat="${this.refocus}"]`);
      this.refocus = '';
      if (b) b.focus();
    }
    // The address names another seat (a link followed within the page): show it.
    const as = query().get('as') || '';
    if (as && as !== actingAs(this.props.id)) return this.switchSeat(as, true);
    this.keepSeat();
    if (prev.tab !== this.props.tab && this.state.game) {
      const next = this.autoSeat(this.state.game);
      if (next) this.switchSeat(next, false);
    }
  }
  /** Follows the game's live updates, as the seat acted as (a new stream for another seat). */
  listen() {
    this.close && this.close();
    this.helloSeq = 0;
    this.close = follow(this.props.id, (kind, seq) => {
      if (kind === 'hello') {
        // The game as read may predate the stream (index.html preloads it): read it again if it does.
        this.helloSeq = seq;
        if (this.state.game && seq > this.state.game.game.seq) { this.helloSeq = 0; this.load(); }
      } else if (kind === 'message') this.setState({ pressTick: this.state.pressTick + 1 });
      else if (kind === 'vote') { this.setState({ voteTick: this.state.voteTick + 1 }); this.load(); }
      else if (kind === 'resync') { this.setState({ pressTick: this.state.pressTick + 1, voteTick: this.state.voteTick + 1 }); this.load(); }
      else this.load();
    }, (live) => this.setState({ live }));
  }
  /** Keeps a chosen seat in the page's address (links between the tabs drop the query), and only a chosen one. */
  keepSeat() {
    const want = this.chosen ? actingAs(this.props.id) : '';
    const q = query();
    if ((q.get('as') || '') === want) return;
    if (want) q.set('as', want);
    else q.delete('as');
    const qs = q.toString();
    history.replaceState(history.state, '', location.pathname + (qs ? '?' + qs : '') + location.hash);
  }
  /**
   * Shows the game as another of the account's seats and acts as it (chosen:
   * by the player, so kept in the address; else the page's own choice).
   */
  switchSeat(seat, chosen) {
    if (seat === actingAs(this.props.id)) return;
    const from = document.activeElement;
    this.refocus = chosen && from && from.closest && from.closest('.power-switch, .other-owes') ? seat : '';
    this.chosen = chosen && !!seat;
    actAs(this.props.id, seat);
    this.keepSeat();
    this.setState({ switching: seat });
    this.listen();
    this.load();
  }
  /**
   * The seat the page shows by itself: with no seat chosen, on the board,
   * the one seat of the account's that owes a decision when the one shown
   * owes none ("" to stay).
   */
  autoSeat(game) {
    const owing = game.owing || [];
    const tab = this.props.tab || '';
    if (this.chosen || !game.yours || (tab !== '' && tab !== 'board') || owing.length !== 1) return '';
    return owing[0] !== game.you && !(game.pending || []).length ? owing[0] : '';
  }
  async load() {
    const seat = actingAs(this.props.id);
    try {
      const game = await games.get(this.props.id);
      if (seat !== actingAs(this.props.id)) return; // read as a seat no longer acted as
      // The address names a seat the account does not hold: the server's choice instead.
      if (seat && game.you !== seat) return this.switchSeat('', false);
      // Reads may answer out of order: an older state never replaces a newer one.
      const had = this.state.game;
      if (had && had.game.id === game.game.id && had.you === game.you && game.game.seq < had.game.seq) return;
      const next = this.autoSeat(game);
      if (next) return this.switchSeat(next, false);
      const kind = game.game.game;
      if (!pages[kind] && lazyPages[kind]) {
        const m = await lazyPages[kind]();
        pages[kind] = m.page;
        prefetch[kind] = m.prefetch;
      }
      if (seat !== actingAs(this.props.id)) return;
      if (!performance.getEntriesByName('concordat:game').length) performance.mark('concordat:game'); // docs/perf.md
      if (this.helloSeq > game.game.seq) { this.helloSeq = 0; setTimeout(() => this.load(), 0); } // older than the stream's start (once)
      const pre = prefetch[game.game.game];
      if (pre) pre(game);
      this.setState({ game, err: null, tick: this.state.tick + 1, switching: null });
    } catch (err) {
      if (seat === actingAs(this.props.id)) this.setState({ err, switching: null });
    }
  }
  render({ user, tab, at }, s) {
    if (s.err && !s.game) {
      return html`<${Page} title="Game ${this.props.id}"><${ErrorBox} err=${s.err} /><p><a href="/">To the lobby</a></p><//>`;
    }
    if (!s.game) return html`<p class="loading">Loading…</p>`;
    const P = pages[s.game.game.game] || GenericGame;
    // A page shown as another of the account's seats starts afresh (its options, press and log are that seat's).
    return html`<${P} key=${s.game.yours ? s.game.you : ''} game=${s.game} user=${user} tab=${tab || ''} at=${at} tick=${s.tick} pressTick=${s.pressTick}
      voteTick=${s.voteTick} live=${s.live} reload=${() => this.load()} switching=${s.switching}
      onSeat=${(seat) => this.switchSeat(seat, true)} />`;
  }
}

/** The generic game page: state, the decision owed as option buttons, seats, press, votes. */
export class GenericGame extends Component {
  constructor() {
    super();
    this.state = { legal: null, path: [], err: null };
  }
  componentDidMount() { this.loadLegal(); }
  componentDidUpdate(prev) { if (prev.tick !== this.props.tick) this.loadLegal(); }
  async loadLegal() {
    const { game } = this.props;
    if (!game.you || game.game.status !== 'active') return this.setState({ legal: null });
    try { this.setState({ legal: await games.legal(game.game.id), path: [] }); } catch (err) { this.setState({ err }); }
  }
  async answer(path) {
    const { game, reload } = this.props;
    try {
      await games.act(game.game.id, this.state.legal.seq, this.state.legal.options.kind, path);
      reload();
    } catch (err) { this.setState({ err }); }
  }
  render(props, { legal, path, err }) {
    const { game, tab } = props;
    let node = legal && legal.options;
    for (const v of path) node = node && (node.choices || node.next || []).find((c) => c.value === v);
    const choices = node ? node.choices || node.next || [] : [];
    const base = '/games/' + game.game.id;
    return html`<div class="game generic">
      <${GameHeader} game=${game} live=${props.live} />
      <${Tabs} base=${base} current=${tab} tabs=${[['', 'Game'], ['press', 'Press'], ['votes', 'Votes'], ['seats', 'Seats']]} />
      ${tab === '' && html`<section class="card">
        ${game.pending.map((p) => html`<p class="prompt"><strong>${p.text}</strong></p>`)}
        ${legal && choices.length > 0 && html`<div class="choices">
          ${path.length > 0 && html`<button onClick=${() => this.setState({ path: path.slice(0, -1) })}>← back</button>`}
          ${choices.map((c) => html`<button onClick=${() => (c.next && c.next.length ? this.setState({ path: [...path, c.value] }) : this.answer([...path, c.value]))}>${c.label || c.value}</button>`)}
        </div>`}
        <${ErrorBox} err=${err} />
        <details><summary>The game's state as the API shows it</summary><pre class="json">${JSON.stringify(game.view, null, 1)}</pre></details>
      </section>`}
      ${tab === 'press' && html`<${Press} game=${game} tick=${props.pressTick} visible />`}
      ${tab === 'votes' && html`<${Votes} game=${game} tick=${props.voteTick} onChange=${props.reload} />`}
      ${tab === 'seats' && html`<${Seats} game=${game} user=${props.user} reload=${props.reload} />`}
      ${tab === 'seats' && game.game.options.private && html`<${InvitePanel} game=${game} />`}
    </div>`;
  }
}
