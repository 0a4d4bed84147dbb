// Small shared pieces of the pages: errors, times, titles.
import { html, Component } from './lib.js';

/** An error box for an APIError or any Error (nothing when err is empty). */
export function ErrorBox({ err }) {
  if (!err) return null;
  return html`<p class="error" role="alert">${err.message || String(err)}</p>`;
}

/** Sets the document's title and focuses the page's heading after a route change. */
export class Page extends Component {
  componentDidMount() {
    document.title = this.props.title ? this.props.title + ' · Concordat' : 'Concordat';
    const h1 = this.base && this.base.querySelector('h1');
    if (h1 && document.activeElement === document.body) {
      h1.setAttribute('tabindex', '-1');
      h1.focus({ preventScroll: true });
    }
  }
  componentDidUpdate(prev) {
    if (prev.title !== this.props.title) document.title = (this.props.title || '') + ' · Concordat';
  }
  render({ title, children, wide }) {
    return html`<section class=${'page' + (wide ? ' wide' : '')}><h1>${title}</h1>${children}</section>`;
  }
}

const pad = (n) => String(n).padStart(2, '0');

/** "2h 05m", "3d 4h", "42s": a duration in milliseconds for people. */
export function duration(ms) {
  if (ms <= 0) return '0s';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${pad(m)}m`;
  if (m > 0) return `${m}m ${pad(s % 60)}s`;
  return `${s}s`;
}

/** A date-time in the player's own time zone, with the zone's name. */
export function localTime(iso) {
  const d = new Date(iso);
  return d.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
}

/** A live countdown to a deadline, ticking every second, in the player's time zone. */
export class Countdown extends Component {
  componentDidMount() { this.timer = setInterval(() => this.forceUpdate(), 1000); }
  componentWillUnmount() { clearInterval(this.timer); }
  render({ deadline, paused }) {
    if (paused) return html`<span class="countdown">paused</span>`;
    if (!deadline) return html`<span class="countdown">no deadline</span>`;
    const left = new Date(deadline) - Date.now();
    const cls = 'countdown' + (left < 3600e3 ? ' soon' : '');
    return html`<span class=${cls} title=${localTime(deadline)}>
      <span class="left">${left > 0 ? duration(left) + ' left' : 'resolving…'}</span>
      <span class="at"> · ${localTime(deadline)}</span></span>`;
  }
}

/** Title case of a word ("spring" → "Spring"). */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');

/** The phase {season, year, type} as "Spring 1901 movement". */
export const phaseName = (p) => (p ? `${cap(p.season)} ${p.year} ${p.type}` : '');
