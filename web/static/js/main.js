// The shell: header, navigation and the page of the current route. Game
// pages plug in by game kind (games/registry.js).
import { html, render, Component } from './lib.js';
import { onRoute, match, navigate } from './router.js';
import { session, onSession, loadSession, logout } from './session.js';
import { Login, Register, Profile } from './pages/account.js';
import { Lobby } from './pages/lobby.js';
import { NewGame } from './pages/newgame.js';
import { Invite } from './pages/invite.js';
import { GameRoute } from './games/registry.js';
import { Page, ErrorBox } from './ui.js';
import { loadDrawing } from './diplomacy/map.js';

// The speed figures (docs/perf.md): when the modules have run.
performance.mark('concordat:main');

// A Diplomacy game seen before in this tab: its map drawing is fetched at
// once, beside the game itself (which index.html preloads), not after it.
try {
  const m = location.pathname.match(/^\/games\/(\d+)/);
  const variant = m && sessionStorage.getItem('concordat:dip-variant:' + m[1]);
  if (variant) loadDrawing(variant).catch(() => {});
} catch { /* no session storage: the drawing loads after the game */ }

/** A page whose module is loaded when it is first shown (load: a promise of the component); props pass through. */
class Lazy extends Component {
  componentDidMount() {
    this.props.load().then((C) => this.setState({ C }), (err) => this.setState({ err }));
  }
  render({ load, ...props }, { C, err }) {
    if (err) return html`<${Page} title="Not loaded"><${ErrorBox} err=${err} /><//>`;
    return C ? html`<${C} ...${props} />` : html`<p class="loading">Loading…</p>`;
  }
}

// The sandbox is loaded when first opened: other pages need not compile it.
const loadSandbox = () => import('./sandbox/page.js').then((m) => m.Sandbox);
const Sandbox = (props) => html`<${Lazy} load=${loadSandbox} ...${props} />`;

const routes = [
  { path: '/', page: Lobby },
  { path: '/login', page: Login },
  { path: '/register', page: Register },
  { path: '/profile', page: Profile, auth: true },
  { path: '/new', page: NewGame, auth: true },
  { path: '/invite/:id/:secret', page: Invite },
  { path: '/games/:id/:tab?/:at?', page: GameRoute },
  { path: '/sandbox', page: Sandbox },
];

function NotFound() {
  return html`<${Page} title="Not found"><p>There is no page at this address. <a href="/">To the lobby</a>.</p><//>`;
}

class App extends Component {
  constructor() {
    super();
    this.state = { path: location.pathname, user: session.user };
  }
  componentDidMount() {
    this.offRoute = onRoute((path) => this.setState({ path }));
    this.offSession = onSession((user) => this.setState({ user }));
  }
  componentWillUnmount() {
    this.offRoute();
    this.offSession();
  }
  async logout() {
    await logout();
    navigate('/');
  }
  render(_, { path, user }) {
    const m = match(routes, path);
    let body;
    if (!m) body = html`<${NotFound} />`;
    else if (m.route.auth && user === null) {
      body = html`<${Page} title="Log in first"><p>This page is for players. <a href=${'/login?next=' + encodeURIComponent(path)}>Log in</a> or <a href=${'/register?next=' + encodeURIComponent(path)}>register</a>.</p><//>`;
    } else if (user === undefined && m.route.auth) body = html`<p class="loading">Loading…</p>`;
    else body = html`<${m.route.page} key=${m.route.path + ':' + (m.params.id || '')} ...${m.params} user=${user} />`;
    return html`
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/">Concordat</a>
        <nav aria-label="Site">
          <a href="/" aria-current=${path === '/' ? 'page' : undefined}>Lobby</a>
          ${user && html`<a href="/new" aria-current=${path === '/new' ? 'page' : undefined}>New game</a>`}
          <a href="/sandbox" aria-current=${path === '/sandbox' ? 'page' : undefined}>Sandbox</a>
          ${user && html`<a href="/profile" aria-current=${path === '/profile' ? 'page' : undefined}>${user.name}</a>`}
          ${user && html`<button class="link" onClick=${() => this.logout()}>Log out</button>`}
          ${user === null && html`<a href="/login">Log in</a>`}
          ${user === null && html`<a href="/register">Register</a>`}
        </nav>
      </header>
      <main id="main">${body}</main>`;
  }
}

render(html`<${App} />`, document.getElementById('app'));
loadSession().catch(() => {
  // The server is unreachable: show the pages anyway (they report it).
  session.user = null;
});
