// Here I Stand's board, drawn as SVG from static/his/board.json (made by
// internal/gen/hisboard from the engine's data: the spaces at their printed
// positions, connections and passes, ports, sea zones, language zones and
// real coastlines): spaces by type, filled with their controller's colour
// and letter, Protestant spaces ringed, unrest, Jesuit universities and
// reformers marked, units and leaders by power, sieges, naval units and
// piracy at sea, and the decision's targets highlighted and clickable.
import { html, Component } from '../lib.js';
import { POWERS, powerName } from './powers.js';
import { gestures, ZOOM_MAX } from '../zoom.js';

let boardPromise = null;

/** Fetches (once) the board drawing. */
export function loadBoard() {
  if (!boardPromise) {
    const url = new URL('../../his/board.json', import.meta.url);
    boardPromise = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`the board drawing cannot be loaded (${r.status})`);
      return r.json();
    }).then(index).catch((e) => { boardPromise = null; throw e; });
  }
  return boardPromise;
}

/** Adds lookups to the drawing: spaces and seas by id, the connections once each, leaders by id. */
function index(b) {
  b.space = {};
  b.sea = {};
  b.leader = {};
  for (const s of b.spaces) b.space[s.id] = s;
  for (const s of b.seas) b.sea[s.id] = s;
  for (const l of b.leaders) b.leader[l.id] = l;
  b.links = [];
  for (const s of b.spaces) {
    for (const t of s.adj) if (s.id < t) b.links.push([s, b.space[t], false]);
    for (const t of s.pass || []) if (s.id < t) b.links.push([s, b.space[t], true]);
  }
  b.explorer = {};
  for (const v of [...(b.explorers || []), ...(b.conquistadors || [])]) b.explorer[v.id] = v;
  return b;
}

/** Land units of a power's stack: regulars + mercenaries + cavalry. */
export const landCount = (u) => (u ? (u.r || 0) + (u.m || 0) + (u.c || 0) : 0);
/** Naval units of a stack: squadrons + corsairs. */
export const navalCount = (u) => (u ? (u.s || 0) + (u.k || 0) : 0);

/** "3 regulars, 1 mercenary" */
export function unitWords(u) {
  const parts = [];
  const w = (n, one, many) => n && parts.push(n + ' ' + (n === 1 ? one : many));
  w(u.r, 'regular', 'regulars');
  w(u.m, 'mercenary', 'mercenaries');
  w(u.c, 'cavalry', 'cavalry');
  w(u.s, 'squadron', 'squadrons');
  w(u.k, 'corsair', 'corsairs');
  return parts.join(', ');
}

/** The leaders at each place of the view: {place: [leader id]}. */
export function leadersByPlace(view) {
  const at = {};
  for (const [id, place] of Object.entries((view && view.leaders) || {})) (at[place] = at[place] || []).push(id);
  return at;
}

const R = 30; // a space's symbol (the generator's SpaceR)

// The three big layers (the fixed drawing, the spaces, the units) are
// written as SVG markup and parsed by the browser in one go: building the
// 1,700 elements one by one through the view library took several times
// longer (docs/perf.md). Clicks reach them by delegation (HisBoard).

/** Escapes text for markup. */
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const n1 = (v) => Math.round(v * 10) / 10;

/** The symbol of a space type, centred at (x, y), as markup. */
function symbol(type, x, y, cls, fill) {
  switch (type) {
    case 'unfortified':
      return `<circle class="${cls}" cx="${x}" cy="${y}" r="${n1(R * 0.86)}" fill="${fill}"/>`;
    case 'fortress': {
      const d = n1(R * 1.08);
      return `<path class="${cls}" d="M${x},${y - d}L${x + d},${y}L${x},${y + d}L${x - d},${y}Z" fill="${fill}"/>`;
    }
    case 'electorate': {
      const a = n1(R * 0.98), b = n1(a * 0.5), c = n1(a * 0.866);
      return `<path class="${cls}" d="M${x - a},${y}L${x - b},${y - c}L${x + b},${y - c}L${x + a},${y}L${x + b},${y + c}L${x - b},${y + c}Z" fill="${fill}"/>`;
    }
    default: // key, capital
      return `<rect class="${cls}" x="${x - R * 0.9}" y="${y - R * 0.9}" width="${R * 1.8}" height="${R * 1.8}" fill="${fill}"/>`;
  }
}

const baseCache = new WeakMap();

/** The drawing that never changes: sea, sea zones, land, language zones, coastline, connections, sea names. */
export function baseMarkup(b) {
  if (baseCache.has(b)) return baseCache.get(b);
  const [x0, y0, w, h] = b.box;
  const zones = ['english', 'french', 'german', 'italian', 'spanish', 'none', 'off'];
  let m = `<rect class="his-sea" x="${x0}" y="${y0}" width="${w}" height="${h}"/>`;
  b.seas.forEach((s, i) => { m += `<path class="sea-zone s${i % 3}" d="${s.path}"/>`; });
  m += `<path class="sea-border" d="${b.sea_borders}"/><path class="his-land" d="${b.land}"/><g clip-path="url(#his-land)">`;
  for (const z of zones) if (b.zones[z]) m += `<path class="zone z-${z}" d="${b.zones[z]}"/>`;
  m += `<path class="zone-border" d="${b.zone_borders}"/></g><path class="his-coast" d="${b.land}"/><g class="links">`;
  for (const [a, c, pass] of b.links) m += `<line class="${pass ? 'link pass' : 'link'}" x1="${a.xy[0]}" y1="${a.xy[1]}" x2="${c.xy[0]}" y2="${c.xy[1]}"/>`;
  m += '</g><g class="sea-names">';
  for (const s of b.seas) m += `<text class="sea-name" x="${s.label[0]}" y="${s.label[1]}" text-anchor="middle">${esc(s.name)}</text>`;
  m += '</g>';
  baseCache.set(b, m);
  return m;
}

/** The spaces: symbol in the controller's colour with its letter, religion, unrest, university, reformer, name. */
export function spacesMarkup(b, spaces) {
  let m = '';
  for (const s of b.spaces) {
    const v = (spaces && spaces[s.id]) || {};
    const ctl = POWERS[v.control];
    const [x, y] = s.xy;
    const home = POWERS[s.home];
    const prot = v.religion === 'protestant';
    const besieged = v.besiegers && v.besiegers.length > 0;
    m += `<g class="space t-${s.type}${prot ? ' prot' : ''}${besieged ? ' besieged' : ''}" data-space="${s.id}">`;
    if (prot) m += symbol(s.type, x, y, 'religion-ring', 'none');
    m += symbol(s.type, x, y, 'sym', ctl ? ctl.colour : '#d4d0c8');
    if (home && v.control !== s.home && s.home !== 'independent') m += `<circle class="home-dot" cx="${x - R * 0.62}" cy="${y - R * 0.62}" r="${R * 0.2}" fill="${home.colour}"/>`;
    if (s.type === 'capital') m += `<path class="star" d="${star(x + R * 0.62, y - R * 0.62, R * 0.3)}"/>`;
    m += `<text class="ctl" x="${x}" y="${y}" fill="${ctl ? ctl.ink : '#111'}" font-size="${ctl && ctl.letter.length > 1 ? R * 0.8 : R}">${ctl ? ctl.letter : ''}</text>`;
    if (v.unrest) m += `<g class="badge unrest"><rect x="${x - R * 1.05}" y="${y + R * 0.25}" width="${R * 0.85}" height="${R * 0.85}" rx="4"/><text x="${x - R * 0.625}" y="${y + R * 0.68}">U</text></g>`;
    if (v.jesuit) m += `<g class="badge jesuit"><rect x="${x + R * 0.2}" y="${y + R * 0.25}" width="${R * 0.85}" height="${R * 0.85}" rx="4"/><text x="${x + R * 0.625}" y="${y + R * 0.68}">J</text></g>`;
    if (v.reformer) m += `<g class="badge reformer"><circle cx="${x + R * 0.75}" cy="${y + R * 0.7}" r="${R * 0.45}"/><text x="${x + R * 0.75}" y="${y + R * 0.72}">R</text></g>`;
    if (besieged) m += `<circle class="siege-ring" cx="${x}" cy="${y}" r="${R * 1.45}"/>`;
    if (s.ports) m += `<path class="anchor" d="${anchor(x - R * 1.05, y - R * 0.05, R * 0.32)}"/>`;
    m += `<title>${esc(spaceTitle(s, v))}</title></g>`;
  }
  return m;
}

const namesCache = new WeakMap();

/** The spaces' names, drawn above everything else (targets and units never hide them). */
export function namesMarkup(b) {
  if (!namesCache.has(b)) {
    namesCache.set(b, b.spaces.map((s) => `<text class="name n-${s.type}" x="${s.label[0]}" y="${s.label[1]}" text-anchor="${s.label[2]}">${esc(s.name)}</text>`).join(''));
  }
  return namesCache.get(b);
}

function star(cx, cy, r) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    d += (i ? 'L' : 'M') + (cx + rr * Math.cos(a)).toFixed(1) + ',' + (cy + rr * Math.sin(a)).toFixed(1);
  }
  return d + 'Z';
}

function anchor(x, y, s) {
  return `M${n1(x)},${n1(y - s)}v${n1(s * 2)}M${n1(x - s * 0.6)},${n1(y - s * 0.45)}h${n1(s * 1.2)}M${n1(x - s)},${n1(y + s * 0.4)}q${n1(s)},${n1(s * 1.1)} ${n1(s * 2)},0`;
}

/** A space's tooltip: name, type, controller, religion, markers. */
export function spaceTitle(s, v) {
  const bits = [s.name + ' (' + s.type + ')', 'controlled by ' + powerName(v.control || 'nobody')];
  if (v.religion) bits.push(v.religion);
  if (v.unrest) bits.push('in unrest');
  if (v.jesuit) bits.push('Jesuit university');
  if (v.reformer) bits.push('a reformer');
  if (v.besiegers && v.besiegers.length) bits.push('besieged by ' + v.besiegers.map(powerName).join(', '));
  return bits.join(' · ');
}

/** One power's counter: its letter and the number of land (or naval) units, a star when leaders are with them. */
function counter(x, y, power, n, leaders, naval, besieging, title) {
  const st = POWERS[power] || { colour: '#999', ink: '#111', letter: '?' };
  const h = 30;
  const text = st.letter + (n || '') + (leaders ? '★' : '');
  const tw = Math.max(52, 18 + text.length * 15);
  const shape = naval ? `<path d="M${x - tw / 2},${y - h / 2}h${tw}l-8,${h}h${-tw + 16}z" fill="${st.colour}"/>`
    : `<rect x="${x - tw / 2}" y="${y - h / 2}" width="${tw}" height="${h}" rx="5" fill="${st.colour}"/>`;
  return `<g class="counter${naval ? ' naval' : ''}${besieging ? ' besieging' : ''}">${shape}<text x="${x}" y="${y + 1}" fill="${st.ink}">${text}</text><title>${esc(title)}</title></g>`;
}

/** The stacks of one kind (land or naval) at a place: [{p, u, n, ls, naval}], a power's units with its leaders of that kind. */
function entries(units, leaders, b, naval) {
  const list = [];
  for (const [p, u] of Object.entries(units || {})) {
    const n = naval ? navalCount(u) : landCount(u);
    const ls = (leaders || []).filter((id) => b.leader[id] && b.leader[id].power === p && !!b.leader[id].naval === naval);
    if (n > 0 || ls.length > 0) list.push({ p, u, n, ls, naval });
  }
  for (const id of leaders || []) {
    const l = b.leader[id];
    if (l && !!l.naval === naval && !list.some((e) => e.p === l.power)) list.push({ p: l.power, u: {}, n: 0, ls: [id], naval });
  }
  return list;
}

const counterWidth = (e) => Math.max(52, 18 + ((POWERS[e.p] ? POWERS[e.p].letter.length : 1) + (e.n ? String(e.n).length : 0) + (e.ls.length ? 1 : 0)) * 15);

/** The counters of a place as markup: a row of powers' stacks centred on (x, y), land (kinds false), naval (true) or both ('both'). */
function stacksAt(x, y, units, leaders, b, besiegers, kinds) {
  const list = kinds === 'both' ? [...entries(units, leaders, b, false), ...entries(units, leaders, b, true)] : entries(units, leaders, b, !!kinds);
  const widths = list.map(counterWidth);
  const total = widths.reduce((a, c) => a + c, 0) + Math.max(0, list.length - 1) * 4;
  let cx = x - total / 2;
  let m = '';
  list.forEach((e, i) => {
    const mid = cx + widths[i] / 2;
    cx += widths[i] + 4;
    const names = e.ls.map((id) => b.leader[id].name);
    const sieging = !e.naval && !!besiegers && besiegers.includes(e.p);
    const u = e.naval ? { s: e.u.s, k: e.u.k } : { r: e.u.r, m: e.u.m, c: e.u.c };
    const title = powerName(e.p) + ': ' + (unitWords(u) || 'no units') + (names.length ? '; ' + names.join(', ') : '') + (sieging ? ' (besieging)' : '');
    m += counter(mid, y, e.p, e.n, e.ls.length, e.naval, sieging, title);
  });
  return m;
}

/** Units and leaders: land and naval stacks above each space, fleets and piracy at sea. */
export function unitsMarkup(b, view) {
  const at = leadersByPlace(view);
  const spaces = (view && view.spaces) || {};
  const seas = (view && view.seas) || {};
  let m = '';
  for (const s of b.spaces) {
    const v = spaces[s.id] || {};
    const [x, y] = s.xy;
    const row = stacksAt(x, y - R - 19, v.units, at[s.id], b, v.besiegers, hasNaval(v.units) ? 'both' : false);
    if (row) m += `<g class="stack" data-at="${s.id}">${row}</g>`;
  }
  for (const sea of b.seas) {
    const v = seas[sea.id];
    const ls = at[sea.id];
    if (!v && !ls) continue;
    const [x, y] = sea.label;
    m += `<g class="stack sea-stack" data-at="${sea.id}">${stacksAt(x, y + 48, v && v.units, ls, b, null, true)}`;
    if (v && v.piracy) m += `<g class="piracy"><rect x="${x - 60}" y="${y - 90}" width="120" height="34" rx="6"/><text x="${x}" y="${y - 72}">Piracy</text></g>`;
    m += '</g>';
  }
  return m;
}

/** A layer of markup that is parsed again only when its markup changes. */
class Markup extends Component {
  shouldComponentUpdate(n) { return n.markup !== this.props.markup; }
  render({ markup, cls }) {
    return html`<g class=${cls} dangerouslySetInnerHTML=${{ __html: markup }} />`;
  }
}

const hasNaval = (units) => Object.values(units || {}).some((u) => navalCount(u) > 0);

/**
 * The board. Props: board (the drawing), view (the game's view), targets
 * (a Set of space and sea ids the decision offers), selected (ids chosen),
 * onPick(id) (a target clicked or entered), onInspect(id) (any other space
 * clicked), zoom, focus (a key: when it changes, the board scrolls to the
 * targets), home (the space to show first when nothing is targeted),
 * label.
 */
export class HisBoard extends Component {
  constructor() {
    super();
    this.frame = null;
    this.onKey = (e) => {
      const id = e.currentTarget.dataset.target;
      if ((e.key === 'Enter' || e.key === ' ') && id) {
        e.preventDefault();
        this.props.onPick && this.props.onPick(id);
      }
    };
    this.onClick = (e) => {
      if (this.dragged) return;
      const id = e.currentTarget.dataset.target;
      if (id && this.props.onPick) this.props.onPick(id);
    };
    this.onSpace = (e) => { // a click on a space (not a target): show it
      if (this.dragged || e.target.closest('[data-target]')) return;
      const g = e.target.closest('[data-space]');
      if (g && this.props.onInspect) this.props.onInspect(g.dataset.space);
    };
    this.onScroll = () => this.noteCentre();
    this.drag = null;
    this.dragged = false;
    this.down = (e) => {
      if (e.pointerType !== 'mouse' || e.button !== 0 || !this.frame) return;
      this.drag = { x: e.clientX, y: e.clientY, sl: this.frame.scrollLeft, st: this.frame.scrollTop };
      this.dragged = false;
    };
    this.move = (e) => {
      if (!this.drag) return;
      const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 6) this.dragged = true;
      if (this.dragged) {
        this.frame.scrollLeft = this.drag.sl - dx;
        this.frame.scrollTop = this.drag.st - dy;
      }
    };
    this.up = () => {
      this.drag = null;
      setTimeout(() => { this.dragged = false; }, 0);
    };
  }
  componentDidMount() {
    if (!performance.getEntriesByName('concordat:his-board').length) performance.mark('concordat:his-board');
    // The wheel, two fingers and the + / − / 0 keys zoom (the mouse's drag is the board's own, above).
    if (this.frame) this.offGestures = gestures(this.frame, { zoomBy: (f, x, y) => this.zoomAt(f, x, y), fit: () => this.props.onFit && this.props.onFit() });
    this.scrollToFocus(true);
    // Whatever changes the board's size (a zoom, the page's layout settling,
    // a phone turned) keeps the same place in the middle of the frame.
    if (window.ResizeObserver && this.frame) {
      this.resizer = new ResizeObserver(() => this.restoreCentre());
      this.resizer.observe(this.frame);
      if (this.frame.firstElementChild) this.resizer.observe(this.frame.firstElementChild);
    }
  }
  componentWillUnmount() {
    if (this.resizer) this.resizer.disconnect();
    if (this.offGestures) this.offGestures();
  }
  /** Asks for a zoom by f that keeps the board's point at (x, y) on the screen (the middle when not given) where it is. */
  zoomAt(f, x, y) {
    const z = this.props.zoom || 1;
    const z2 = Math.max(1, Math.min(ZOOM_MAX, z * f));
    const fr = this.frame;
    if (Math.abs(z2 - z) < 1e-3 || !fr || !this.props.onZoom) return;
    const ef = z2 / z;
    if (x !== undefined && fr.scrollWidth) {
      const r = fr.getBoundingClientRect();
      const px = (fr.scrollLeft + x - r.left) / fr.scrollWidth, py = (fr.scrollTop + y - r.top) / fr.scrollHeight;
      const cx = (fr.scrollLeft + fr.clientWidth / 2) / fr.scrollWidth, cy = (fr.scrollTop + fr.clientHeight / 2) / fr.scrollHeight;
      this.centre = [px + (cx - px) / ef, py + (cy - py) / ef];
    }
    this.props.onZoom(ef);
  }
  componentDidUpdate(prev) {
    if (prev.zoom !== this.props.zoom) this.restoreCentre();
    if (prev.focus !== this.props.focus) this.scrollToFocus(false);
  }
  /** A layer's markup, made again only when what it draws (board, data) changes. */
  markup(layer, b, data, make) {
    const c = (this.cache = this.cache || {});
    const m = c[layer];
    if (m && m.b === b && m.data === data) return m.markup;
    c[layer] = { b, data, markup: make(b, data) };
    return c[layer].markup;
  }
  /** Notes which point of the board is in the middle of the frame (a fraction of its width and height). */
  noteCentre() {
    const f = this.frame;
    if (f && f.scrollWidth && !this.restoring) this.centre = [(f.scrollLeft + f.clientWidth / 2) / f.scrollWidth, (f.scrollTop + f.clientHeight / 2) / f.scrollHeight];
  }
  /** Scrolls the noted point back into the middle. */
  restoreCentre() {
    const f = this.frame;
    if (!f || !this.centre) return;
    this.restoring = true;
    f.scrollLeft = this.centre[0] * f.scrollWidth - f.clientWidth / 2;
    f.scrollTop = this.centre[1] * f.scrollHeight - f.clientHeight / 2;
    requestAnimationFrame(() => { this.restoring = false; });
  }
  /** Scrolls the targets (or, the first time, the player's capital) into the middle of the frame. */
  scrollToFocus(first) {
    const { board: b, targets, home } = this.props;
    const f = this.frame;
    if (!f || !b) return;
    const pts = [];
    for (const id of targets || []) {
      const p = b.space[id] ? b.space[id].xy : b.sea[id] ? b.sea[id].label : null;
      if (p) pts.push(p);
    }
    if (!pts.length && first && home && b.space[home]) pts.push(b.space[home].xy);
    if (!pts.length) {
      if (first) this.noteCentre();
      return;
    }
    const [x0, y0, w, h] = b.box;
    const cx = (Math.min(...pts.map((p) => p[0])) + Math.max(...pts.map((p) => p[0]))) / 2;
    const cy = (Math.min(...pts.map((p) => p[1])) + Math.max(...pts.map((p) => p[1]))) / 2;
    this.centre = [(cx - x0) / w, (cy - y0) / h];
    this.restoreCentre();
  }
  render({ board: b, view, targets, selected, zoom, label }) {
    const [x0, y0, w, h] = b.box;
    const tg = targets || new Set();
    const sel = new Set(selected || []);
    const z = zoom || 1;
    const vb = `${x0} ${y0} ${w} ${h}`;
    // Two layers: the drawing that never changes (its own compositing
    // layer, painted once) and above it the spaces, units and targets, so
    // that a click repaints only what it changes.
    return html`<div class=${'his-frame' + (z <= 1 ? ' fit' : '')} ref=${(el) => { this.frame = el; }} tabindex="0"
        aria-label="The board: + and − zoom, arrows move" data-zoom=${z.toFixed(2)} onPointerDown=${this.down} onPointerMove=${this.move}
        onPointerUp=${this.up} onPointerLeave=${this.up} onScroll=${this.onScroll}>
      <div class=${'his-canvas' + (z < 1.6 ? ' far' : '')} style=${{ width: z * 100 + '%' }}>
        <svg class="his-base" viewBox=${vb} aria-hidden="true" xmlns="http://www.w3.org/2000/svg">
          <defs><clipPath id="his-land"><path d=${b.land} /></clipPath></defs>
          <${Markup} cls="base" markup=${baseMarkup(b)} />
        </svg>
        <svg class="hisboard" viewBox=${vb} role="group" aria-label=${label || 'The board'} xmlns="http://www.w3.org/2000/svg" onClick=${this.onSpace}>
          <defs><clipPath id="his-water"><path clip-rule="evenodd" d=${`M${x0} ${y0}h${w}v${h}h${-w}z${b.land}`} /></clipPath></defs>
          <g class="sea-targets" clip-path="url(#his-water)">
            ${b.seas.filter((s) => tg.has(s.id)).map((s) => html`<path key=${s.id} class=${'sea-target' + (sel.has(s.id) ? ' selected' : '')} d=${s.path}
              data-target=${s.id} tabindex="0" role="button" aria-label=${s.name + ' (target)'} onClick=${this.onClick} onKeyDown=${this.onKey}><title>${s.name}</title></path>`)}
          </g>
          <${Markup} cls="spaces" markup=${this.markup('spaces', b, view && view.spaces, spacesMarkup)} />
          <${Markup} cls="units" markup=${this.markup('units', b, view, unitsMarkup)} />
          <g class="space-targets">
            ${b.spaces.filter((s) => tg.has(s.id) || sel.has(s.id)).map((s) => html`<g key=${s.id} class=${'space-target' + (sel.has(s.id) ? ' selected' : '') + (tg.has(s.id) ? '' : ' chosen')}>
              <circle class="halo" cx=${s.xy[0]} cy=${s.xy[1]} r=${R * 1.4} />
              <circle class="ring" cx=${s.xy[0]} cy=${s.xy[1]} r=${R * 1.4} data-target=${tg.has(s.id) ? s.id : undefined} tabindex=${tg.has(s.id) ? 0 : undefined}
                role=${tg.has(s.id) ? 'button' : undefined} aria-label=${s.name + (tg.has(s.id) ? ' (target)' : ' (chosen)')}
                onClick=${tg.has(s.id) ? this.onClick : undefined} onKeyDown=${tg.has(s.id) ? this.onKey : undefined}><title>${s.name}</title></circle>
            </g>`)}
          </g>
          <${Markup} cls="names" markup=${namesMarkup(b)} />
        </svg>
      </div>
    </div>`;
  }
}
