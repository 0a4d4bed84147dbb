// Account pages: register, log in, profile (password, personal API tokens,
// logging out everywhere, the e-mail address for notifications).
import { html, Component } from '../lib.js';
import { api, get, post, del } from '../api.js';
import { login, register, loggedOut } from '../session.js';
import { navigate, query } from '../router.js';
import { ErrorBox, Page, localTime } from '../ui.js';

/** Where to go after logging in: ?next= when it is a path of this site. */
function next() {
  const n = query().get('next');
  return n && n.startsWith('/') && !n.startsWith('//') ? n : '/';
}

class AccountForm extends Component {
  constructor() {
    super();
    this.state = { name: '', password: '', email: '', err: null, busy: false };
  }
  async submit(e) {
    e.preventDefault();
    this.setState({ busy: true, err: null });
    try {
      const { name, password, email } = this.state;
      if (this.props.register) await register(name, password, email);
      else await login(name, password);
      navigate(next(), true);
    } catch (err) {
      this.setState({ err, busy: false });
    }
  }
  render({ register: isNew }, { name, password, email, err, busy }) {
    const other = isNew ? 'login' : 'register';
    return html`<${Page} title=${isNew ? 'Register' : 'Log in'}>
      <form class="card narrow" onSubmit=${(e) => this.submit(e)}>
        <label>User name
          <input name="name" autocomplete="username" required minlength="3" maxlength="32" pattern="[A-Za-z0-9_.\-]{3,32}"
            value=${name} onInput=${(e) => this.setState({ name: e.target.value })} /></label>
        ${isNew && html`<small class="hint">3 to 32 letters, digits, “_”, “.” or “-”.</small>`}
        <label>Password
          <input name="password" type="password" required minlength="8" maxlength="72"
            autocomplete=${isNew ? 'new-password' : 'current-password'}
            value=${password} onInput=${(e) => this.setState({ password: e.target.value })} /></label>
        ${isNew && html`<label>E-mail (optional, for notifications of results, press and deadlines)
          <input name="email" type="email" autocomplete="email" value=${email}
            onInput=${(e) => this.setState({ email: e.target.value })} /></label>`}
        <${ErrorBox} err=${err} />
        <button class="primary" type="submit" disabled=${busy}>${isNew ? 'Create the account' : 'Log in'}</button>
        <p>${isNew ? 'Have an account? ' : 'New here? '}<a href=${'/' + other + location.search}>${isNew ? 'Log in' : 'Register'}</a></p>
      </form><//>`;
  }
}

export const Login = () => html`<${AccountForm} />`;
export const Register = () => html`<${AccountForm} register />`;

/** The profile: change the password, personal API tokens for bots, log out everywhere. */
export class Profile extends Component {
  constructor() {
    super();
    this.state = { tokens: null, tokenName: '', newToken: null, current: '', fresh: '', msg: null, err: null, email: null, emailIn: '', webhook: null, webhookIn: '' };
  }
  componentDidMount() {
    this.loadTokens();
    // The address as stored now (GET /api/me), not as the page was loaded.
    get('/me').then((u) => this.setState({ email: u.email || '', emailIn: u.email || '', webhook: u.webhook || '', webhookIn: u.webhook || '' }),
      (err) => this.setState({ err }));
  }
  async saveEmail(value) {
    const u = await api('PUT', '/me', { email: value.trim() });
    this.setState({ email: u.email || '', emailIn: u.email || '' });
  }
  async saveWebhook(value) {
    const u = await api('PUT', '/me', { webhook: value.trim() });
    this.setState({ webhook: u.webhook || '', webhookIn: u.webhook || '' });
  }
  async loadTokens() {
    try {
      this.setState({ tokens: (await get('/tokens')).tokens || [] });
    } catch (err) { this.setState({ err }); }
  }
  async act(fn, msg) {
    this.setState({ err: null, msg: null });
    try {
      await fn();
      if (msg) this.setState({ msg });
    } catch (err) { this.setState({ err }); }
  }
  render({ user }, s) {
    return html`<${Page} title=${'Profile of ' + user.name}>
      ${s.msg && html`<p class="ok" role="status">${s.msg}</p>`}
      <${ErrorBox} err=${s.err} />
      <div class="cols">
      <form class="card" onSubmit=${(e) => { e.preventDefault(); this.act(async () => {
        await post('/password', { current: s.current, new: s.fresh });
        this.setState({ current: '', fresh: '' });
      }, 'Password changed; your other sessions were ended.'); }}>
        <h2>Change the password</h2>
        <label>Current password<input type="password" autocomplete="current-password" required value=${s.current}
          onInput=${(e) => this.setState({ current: e.target.value })} /></label>
        <label>New password<input type="password" autocomplete="new-password" required minlength="8" maxlength="72" value=${s.fresh}
          onInput=${(e) => this.setState({ fresh: e.target.value })} /></label>
        <button type="submit">Change it</button>
      </form>
      <section class="card" aria-labelledby="tokens-h">
        <h2 id="tokens-h">Personal API tokens</h2>
        <p>A token lets a bot or a script play as you through the API (<code>Authorization: Bearer …</code>; see <a href="/api/openapi.json">the API</a>).</p>
        <form class="row" onSubmit=${(e) => { e.preventDefault(); this.act(async () => {
          const t = await post('/tokens', { name: s.tokenName });
          this.setState({ newToken: t, tokenName: '' });
          await this.loadTokens();
        }); }}>
          <label>Name<input required maxlength="64" value=${s.tokenName} placeholder="my bot"
            onInput=${(e) => this.setState({ tokenName: e.target.value })} /></label>
          <button type="submit">Create a token</button>
        </form>
        ${s.newToken && html`<div class="ok" role="status">Token “${s.newToken.name}”, shown this once:
          <code class="secret">${s.newToken.token}</code></div>`}
        ${s.tokens && (s.tokens.length === 0 ? html`<p>No tokens.</p>` : html`<ul class="plain">
          ${s.tokens.map((t) => html`<li key=${t.id}><strong>${t.name}</strong> <small>${t.id} · ${localTime(t.created)}</small>
            <button class="small" onClick=${() => this.act(async () => { await del('/tokens/' + t.id); await this.loadTokens(); }, 'Token revoked.')}
              aria-label=${'Revoke the token ' + t.name}>Revoke</button></li>`)}
        </ul>`)}
      </section>
      <section class="card">
        <h2>Sessions</h2>
        <p>End every login of yours, on every device (this one too). Tokens stay.</p>
        <button onClick=${() => this.act(async () => { await post('/logout/all'); loggedOut(); navigate('/'); })}>Log out everywhere</button>
      </section>
      <form class="card email-form" aria-labelledby="email-h" onSubmit=${(e) => { e.preventDefault(); this.act(() => this.saveEmail(s.emailIn),
        s.emailIn.trim() ? 'E-mail address saved: notifications of your games go there.' : 'E-mail address removed: no more notifications by e-mail.'); }}>
        <h2 id="email-h">E-mail</h2>
        <p>Optional: where notifications of your games go (a game starting, deadlines near, new phases, press), when this server sends e-mail.
          ${s.email === null ? '' : s.email ? html` Now: <strong class="email-now">${s.email}</strong>.` : ' Now: none.'}</p>
        <label>Address<input type="email" name="email" autocomplete="email" maxlength="254" value=${s.emailIn} placeholder="name@example.org"
          onInput=${(e) => this.setState({ emailIn: e.target.value })} /></label>
        <div class="row"><button type="submit">Save the address</button>
          ${s.email && html`<button type="button" onClick=${() => this.act(() => this.saveEmail(''), 'E-mail address removed: no more notifications by e-mail.')}>Remove it</button>`}</div>
      </form>
      <form class="card webhook-form" aria-labelledby="webhook-h" onSubmit=${(e) => { e.preventDefault(); this.act(() => this.saveWebhook(s.webhookIn),
        s.webhookIn.trim() ? 'Webhook saved: notifications of your games are posted there.' : 'Webhook removed: no more notifications posted.'); }}>
        <h2 id="webhook-h">Webhook</h2>
        <p>Optional: a URL (a Discord channel's webhook, say) that receives the same notifications as your e-mail would, private press included: keep it to yourself.
          ${s.webhook === null ? '' : s.webhook ? html` Now: <code class="webhook-now">${s.webhook}</code>.` : ' Now: none.'}</p>
        <label>URL<input type="url" name="webhook" autocomplete="off" maxlength="500" value=${s.webhookIn} placeholder="https://discord.com/api/webhooks/…"
          onInput=${(e) => this.setState({ webhookIn: e.target.value })} /></label>
        <div class="row"><button type="submit">Save the webhook</button>
          ${s.webhook && html`<button type="button" onClick=${() => this.act(() => this.saveWebhook(''), 'Webhook removed: no more notifications posted.')}>Remove it</button>`}</div>
      </form>
      </div><//>`;
  }
}
