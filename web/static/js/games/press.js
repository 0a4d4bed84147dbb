// Press: the public channel, private and group channels with unread
// counts, and a composer, as the game's press mode allows (full, public
// only, anonymous, none: gunboat).
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { ErrorBox, localTime } from '../ui.js';

/** The seats of a channel name ("public" or "austria,england"). */
export const channelSeats = (ch) => (ch === 'public' ? [] : ch.split(','));

export class Press extends Component {
  constructor(props) {
    super(props);
    this.state = { messages: [], channels: [], open: 'public', to: {}, body: '', err: null, sending: false };
  }
  componentDidMount() { this.load(); }
  componentDidUpdate(prev) {
    if (prev.tick !== this.props.tick) this.load();
  }
  async load() {
    const { game } = this.props;
    try {
      const [m, c] = await Promise.all([games.messages(game.game.id), game.you ? games.channels(game.game.id) : Promise.resolve({ channels: [] })]);
      this.setState({ messages: m.messages || [], channels: c.channels || [] }, () => this.markRead());
    } catch (err) {
      this.setState({ err });
    }
  }
  /** Marks the open channel read when it is shown. */
  async markRead() {
    const { game, visible, onUnread } = this.props;
    if (!visible || !game.you) return;
    onUnread && onUnread(this.unread() - ((this.state.channels.find((c) => c.channel === this.state.open) || {}).unread || 0));
    const ch = this.state.channels.find((c) => c.channel === this.state.open);
    if (ch && ch.unread > 0) {
      try {
        await games.markRead(game.game.id, ch.channel, ch.last);
        this.setState({ channels: this.state.channels.map((c) => (c === ch ? { ...c, unread: 0 } : c)) });
        this.props.onUnread && this.props.onUnread(this.unread());
      } catch { /* shown unread */ }
    }
  }
  unread() { return this.state.channels.reduce((n, c) => n + c.unread, 0); }
  async send(e) {
    e.preventDefault();
    const { game } = this.props;
    const to = Object.keys(this.state.to).filter((s) => this.state.to[s]);
    this.setState({ sending: true, err: null });
    try {
      const m = await games.send(game.game.id, to, this.state.body);
      this.setState({ body: '', sending: false, open: m.channel });
      await this.load();
    } catch (err) {
      this.setState({ err, sending: false });
    }
  }
  openChannel(ch) {
    const seats = channelSeats(ch).filter((s) => s !== this.props.game.you);
    const to = {};
    for (const s of seats) to[s] = true;
    this.setState({ open: ch, to }, () => this.markRead());
  }
  render({ game, powerName }, s) {
    const press = (game.game.options && game.game.options.press) || 'full';
    const over = game.game.status === 'finished';
    const you = game.you;
    const names = (seat) => (powerName ? powerName(seat) : seat);
    const chans = new Map();
    chans.set('public', { channel: 'public', unread: 0 });
    for (const c of s.channels) chans.set(c.channel, c);
    for (const m of s.messages) if (!chans.has(m.channel)) chans.set(m.channel, { channel: m.channel, unread: 0 });
    const shown = s.messages.filter((m) => m.channel === s.open);
    const others = game.seats.map((x) => x.seat).filter((x) => x !== you && !(game.yours || []).includes(x)); // not one's own other seats
    const canWrite = you && (press !== 'none' || over) && game.game.status !== 'forming';
    const privateOK = press !== 'public' && press !== 'none';
    const label = (ch) => (ch === 'public' ? 'Public' : channelSeats(ch).filter((x) => x !== you).map(names).join(', '));
    return html`<section class="press" aria-label="Press">
      ${press === 'none' && !over && html`<p class="note">Gunboat: this game is played without press.</p>`}
      ${press === 'public' && html`<p class="note">Public press only.</p>`}
      ${press === 'anonymous' && html`<p class="note">Anonymous press: senders are hidden until the game ends.</p>`}
      <div class="channels" role="tablist" aria-label="Channels">
        ${[...chans.values()].map((c) => html`<button role="tab" key=${c.channel} aria-selected=${c.channel === s.open}
          class=${'chan' + (c.channel === s.open ? ' on' : '')} onClick=${() => this.openChannel(c.channel)}>
          ${label(c.channel)}${c.unread > 0 && html` <span class="badge info" aria-label=${c.unread + ' unread'}>${c.unread}</span>`}</button>`)}
      </div>
      <ol class="messages" aria-live="polite" aria-label=${'Messages: ' + label(s.open)}>
        ${shown.length === 0 && html`<li class="empty">No messages here yet.</li>`}
        ${shown.map((m) => html`<li key=${m.id} class=${m.from === you ? 'mine' : ''}>
          <span class="from">${m.from ? names(m.from) : 'Anonymous'}</span> <time datetime=${m.at}>${localTime(m.at)}</time>
          <p>${m.body}</p></li>`)}
      </ol>
      ${canWrite && html`<form class="composer" onSubmit=${(e) => this.send(e)}>
        ${privateOK && html`<fieldset class="to"><legend>To (none ticked: everyone)</legend>
          ${others.map((x) => html`<label class="check" key=${x}><input type="checkbox" name=${'to-' + x} checked=${!!s.to[x]}
            onChange=${(e) => this.setState({ to: { ...s.to, [x]: e.target.checked } })} /> ${names(x)}</label>`)}
        </fieldset>`}
        <label>Message<textarea name="body" rows="3" maxlength="8000" required value=${s.body}
          onInput=${(e) => this.setState({ body: e.target.value })}></textarea></label>
        <button type="submit" class="primary" disabled=${s.sending}>Send</button>
      </form>`}
      <${ErrorBox} err=${s.err} />
    </section>`;
  }
}
