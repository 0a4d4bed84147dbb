// The Diplomacy map, drawn as SVG from the map drawing
// (static/maps/<id>.json: provinces with their outline, label point, unit
// point and coast points; impassable areas), with supply centres in their
// owners' colours and patterns, units, dislodged units, orders as arrows and
// the results of a resolved phase.
import { html, Component } from '../lib.js';
import { parse, provOf } from './orders.js';
import { PATTERNS } from './powers.js';
import { multiShape, stackLabel, stackName, seenSet, MapEdits } from './variants.js';

const drawings = new Map();

/** Fetches (once) the drawing of map id. */
export function loadDrawing(id) {
  if (!drawings.has(id)) {
    const url = new URL('../../maps/' + encodeURIComponent(id) + '.json', import.meta.url);
    drawings.set(id, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`no drawing of the map “${id}” (${r.status})`);
      return r.json();
    }).then(index).catch((e) => { drawings.delete(id); throw e; }));
  }
  return drawings.get(id);
}

/** Adds lookups to a drawing: provinces by id, the unit size. */
function index(d) {
  d.byId = {};
  for (const p of d.provinces) d.byId[p.id] = p;
  // A unit's radius: the drawing's unit size, or a fraction of a province's typical size.
  const r = Math.sqrt((d.width * d.height) / Math.max(d.provinces.length, 1)) * 0.16;
  d.unitR = d.unit_size ? d.unit_size * 0.58 : Math.max(4, Math.min(r, Math.min(d.width, d.height) / 40));
  d.labelSize = d.label_size || d.unitR * 0.95;
  return d;
}

/** The drawing point of a location: a coast's point, or the province's unit point. */
export function pointOf(d, loc) {
  const p = d.byId[provOf(loc)];
  if (!p) return null;
  const coast = loc.includes('/') ? loc.split('/')[1] : null;
  if (coast && p.coasts && p.coasts[coast]) return p.coasts[coast];
  return p.unit || p.label;
}

function shorten([x1, y1], [x2, y2], a, b) {
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
  return [[x1 + (dx * a) / len, y1 + (dy * a) / len], [x2 - (dx * b) / len, y2 - (dy * b) / len]];
}

const mid = ([x1, y1], [x2, y2]) => [(x1 + x2) / 2, (y1 + y2) / 2];

/** A gently curved path from a to b (the curve tells crossing arrows apart). */
function curve(a, b, bend) {
  const [mx, my] = mid(a, b);
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const cx = mx - dy * bend, cy = my + dx * bend;
  return `M${a[0].toFixed(1)},${a[1].toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${b[0].toFixed(1)},${b[1].toFixed(1)}`;
}

/** The SVG of one order as an arrow (move, retreat), a dashed support, a dotted convoy, a ring (hold), a build or disband mark. */
export function orderShape(d, places, text, cls, key) {
  const o = parse(text, places);
  if (!o.locs.length) return null;
  const R = d.unitR;
  const at = pointOf(d, o.locs[0]);
  if (!at) return null;
  const word = o.mode;
  const c = 'order ' + cls;
  const multi = multiShape(d, o, c, key, at);
  if (multi !== undefined) return multi;
  if (o.words[0] === 'Build') {
    return html`<g key=${key} class=${c + ' build'}><circle cx=${at[0]} cy=${at[1]} r=${R * 1.5} /><path d=${`M${at[0] - R * 0.7},${at[1]}h${R * 1.4}M${at[0]},${at[1] - R * 0.7}v${R * 1.4}`} /></g>`;
  }
  if (word === 'H' || (word === null && o.locs.length === 1)) {
    return html`<circle key=${key} class=${c + ' hold'} cx=${at[0]} cy=${at[1]} r=${R * 1.45} />`;
  }
  if (word === 'D') {
    return html`<path key=${key} class=${c + ' disband'} d=${`M${at[0] - R},${at[1] - R}L${at[0] + R},${at[1] + R}M${at[0] + R},${at[1] - R}L${at[0] - R},${at[1] + R}`} />`;
  }
  if ((word === '-' || word === 'R') && o.locs[1]) {
    const to = pointOf(d, o.locs[1]);
    if (!to) return null;
    const [a, b] = shorten(at, to, R * 1.05, R * 0.9);
    return html`<path key=${key} class=${c + ' move'} d=${curve(a, b, 0.12)} marker-end=${'url(#head-' + cls + ')'} />`;
  }
  if ((word === 'S' || word === 'C') && o.locs[1]) {
    const sup = pointOf(d, o.locs[1]);
    if (!sup) return null;
    const kind = word === 'S' ? 'support' : 'convoy';
    if (!o.locs[2]) {
      const [a, b] = shorten(at, sup, R * 1.05, R * 1.5);
      return html`<g key=${key} class=${c + ' ' + kind}><path d=${curve(a, b, 0.1)} /><circle cx=${sup[0]} cy=${sup[1]} r=${R * 1.5} /></g>`;
    }
    const to = pointOf(d, o.locs[2]);
    if (!to) return null;
    const target = mid(...shorten(sup, to, R * 1.05, R * 0.9));
    const [a, b] = shorten(at, target, R * 1.05, R * 0.3);
    return html`<path key=${key} class=${c + ' ' + kind} d=${curve(a, b, 0.18)} marker-end=${'url(#head-' + cls + ')'} />`;
  }
  return null;
}

function Unit({ u, st, R, pt, dislodged, you }) {
  const [x, y] = dislodged ? [pt[0] + R * 0.9, pt[1] - R * 0.9] : pt;
  const r = dislodged ? R * 0.8 : R;
  const fill = st ? st.colour : '#777';
  const type = (u.type || '').toLowerCase();
  const shape = type === 'fleet' || type === 'f'
    ? html`<path d=${`M${x - r * 1.35},${y - r * 0.55}h${r * 2.7}l${-r * 0.5},${r * 1.25}h${-r * 1.7}z`} /><path class="mast" d=${`M${x - r * 0.1},${y - r * 0.55}v${-r * 0.7}l${r * 0.7},${r * 0.7}z`} />`
    : html`<circle cx=${x} cy=${y} r=${r} />`;
  const n = u.count || 1;
  const label = (n > 1 ? stackName(u) : (u.type === 'fleet' ? 'fleet' : u.type === 'army' ? 'army' : u.type === 'mixed' ? 'army and fleet' : 'unit')) +
    ' of ' + (st ? st.name : u.power) + (dislodged ? ', dislodged' : '');
  // A Multiplicity stack: one shadow of the symbol behind it per further part (three at most).
  const shadows = [];
  for (let i = Math.min(n, 4) - 1; i >= 1; i--) {
    shadows.push(html`<g class="stack" transform=${`translate(${r * 0.42 * i},${-r * 0.42 * i})`}>${shape}</g>`);
  }
  return html`<g class=${'unit' + (dislodged ? ' dislodged' : '') + (u.power === you ? ' own' : '') + (n > 1 ? ' multi' : '')} fill=${fill} aria-label=${label}
      data-at=${u.at} data-count=${n}>
    <title>${label}</title>
    ${shadows}
    ${shape}
    ${type === 'mixed' && html`<path class="mast" d=${`M${x - r * 0.1},${y - r * 1.05}v${-r * 0.55}l${r * 0.55},${r * 0.55}z`} />`}
    <text x=${x} y=${y + (type === 'fleet' || type === 'f' ? r * 0.08 : 0)} fill=${st ? st.ink : '#fff'} font-size=${r * (st && st.letter.length > 1 ? 0.85 : 1.15)}
      dominant-baseline="central" text-anchor="middle">${st ? st.letter : '?'}</text>
    ${n > 1 && html`<text class="count" x=${x + r * 1.05} y=${y + r * 1.25} font-size=${r * 1.15}>${stackLabel(u)}</text>`}
  </g>`;
}

/** One province's region; it redraws only when its own look changes. */
class Province extends Component {
  shouldComponentUpdate(n) {
    const p = this.props;
    return n.p !== p.p || n.cls !== p.cls || n.owner !== p.owner || n.pickable !== p.pickable || n.hole !== p.hole || n.onPick !== p.onPick || n.unknown !== p.unknown;
  }
  render({ p, cls, owner, pickable, hole, unknown, onPick, onKey }) {
    return html`<g>
      <path class=${cls} d=${p.path} data-prov=${p.id} style=${owner ? { fill: owner.colour, fillOpacity: 0.6 } : undefined}
        onClick=${onPick ? () => onPick(p.id) : undefined} tabindex=${pickable ? 0 : undefined} role=${pickable ? 'button' : undefined}
        aria-label=${pickable ? p.name + (cls.includes('target') ? ' (target)' : '') : undefined} onKeyDown=${pickable ? (e) => onKey(e, p.id) : undefined}>
        <title>${p.name}${owner ? ' · ' + owner.name : ''}${hole ? ' · destroyed' : unknown ? ' · not in sight (Fog of War)' : ''}</title></path>
      ${owner && owner.pattern > 0 && html`<path class="patfill" d=${p.path} fill=${'url(#pat-' + owner.pattern + ')'} />`}
      ${hole && html`<path class="patfill" d=${p.path} fill="url(#pat-void)" />`}
      ${unknown && !hole && html`<path class="patfill fog" d=${p.path} fill="url(#pat-fog)" />`}
    </g>`;
  }
}

/** The labels and supply-centre markers: they change only with the owners of the centres. */
class Labels extends Component {
  shouldComponentUpdate(n) { return n.d !== this.props.d || n.centers !== this.props.centers || n.styles !== this.props.styles || n.seen !== this.props.seen; }
  render({ d, centers, styles, seen }) {
    return html`<g class="labels">
      ${d.provinces.map((p) => {
        const owner = p.sc ? centers[p.id] : null;
        const ost = owner && styles[owner];
        const [x, y] = p.label;
        const fs = p.label_size || d.labelSize;
        const text = p.abbr || cap(p.id);
        const w = text.length * fs * 0.32;
        const hidden = seen && !seen.has(p.id); // Fog of War: whose centre it is, nobody here knows
        return html`<g key=${p.id}>
          ${p.sc && html`<circle class=${'sc' + (ost ? ' owned' : '') + (hidden ? ' unknown' : '')} cx=${x + w + fs * 0.42} cy=${y - fs * 0.3} r=${fs * 0.3} style=${ost ? { fill: ost.colour } : undefined} />`}
          ${p.sc && hidden && html`<text class="sc-unknown" x=${x + w + fs * 0.42} y=${y - fs * 0.3} font-size=${fs * 0.5} dominant-baseline="central" text-anchor="middle">?</text>`}
          <text class=${'label ' + p.kind} x=${x} y=${y} font-size=${fs} dominant-baseline="central" text-anchor="middle">${text}</text>
        </g>`;
      })}
    </g>`;
  }
}

/** The patterns and arrowheads the map refers to. */
class Defs extends Component {
  shouldComponentUpdate(n) { return n.s !== this.props.s; }
  render({ s }) {
    const pats = [];
    for (let i = 1; i < PATTERNS; i++) pats.push(i);
    return html`<defs>
      ${pats.map((i) => html`<pattern id=${'pat-' + i} patternUnits="userSpaceOnUse" width=${s} height=${s}>
        ${i === 1 && html`<path d=${`M0,${s}L${s},0`} class="pat" stroke-width=${s * 0.12} />`}
        ${i === 2 && html`<circle cx=${s / 2} cy=${s / 2} r=${s * 0.14} class="patdot" />`}
        ${i === 3 && html`<path d=${`M0,0L${s},${s}M0,${s}L${s},0`} class="pat" stroke-width=${s * 0.09} />`}
        ${i === 4 && html`<path d=${`M0,${s / 2}H${s}`} class="pat" stroke-width=${s * 0.14} />`}
        ${i === 5 && html`<path d=${`M${s / 2},0V${s}`} class="pat" stroke-width=${s * 0.14} />`}
      </pattern>`)}
      <pattern id="pat-void" patternUnits="userSpaceOnUse" width=${s} height=${s}><path d=${`M0,${s}L${s},0`} class="patvoid" stroke-width=${s * 0.2} /></pattern>
      <pattern id="pat-fog" patternUnits="userSpaceOnUse" width=${s * 1.6} height=${s * 1.6}><circle cx=${s * 0.4} cy=${s * 0.4} r=${s * 0.16} class="fogdot" /><circle cx=${s * 1.2} cy=${s * 1.2} r=${s * 0.16} class="fogdot" /></pattern>
      ${['pending', 'ok', 'fail', 'invalid'].map((c) => html`<marker id=${'head-' + c} class=${'head ' + c} viewBox="0 0 10 10" refX="6" refY="5"
        markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" /></marker>`)}
    </defs>`;
  }
}

/** The units and dislodged units of a board. */
class Units extends Component {
  shouldComponentUpdate(n) { return n.d !== this.props.d || n.board !== this.props.board || n.styles !== this.props.styles; }
  render({ d, board, styles, you }) {
    const R = d.unitR;
    return html`<g class="units">
      ${((board && board.units) || []).map((u) => {
        const pt = pointOf(d, u.at);
        return pt && html`<${Unit} key=${u.at} u=${u} st=${styles[u.power]} R=${R} pt=${pt} you=${you} />`;
      })}
      ${((board && board.dislodged) || []).map((u) => {
        const pt = pointOf(d, u.at);
        return pt && html`<${Unit} key=${'d' + u.at} u=${u} st=${styles[u.power]} R=${R} pt=${pt} dislodged you=${you} />`;
      })}
    </g>`;
  }
}

/**
 * The map. Props: drawing, board ({units, dislodged, centers}), styles (the
 * powers' looks), orders ([{text, cls}]), targets and starts (sets of
 * provinces to highlight), selected (provinces picked), onPick(prov), you.
 * Each layer redraws only when what it shows changes, and each province
 * only when its own look does, so that a click on the largest map redraws
 * only the provinces it highlights.
 */
export class DipMap extends Component {
  constructor() {
    super();
    this.onKey = (e, id) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.props.onPick && this.props.onPick(id);
      }
    };
    this.onPick = (id) => this.props.onPick && this.props.onPick(id);
  }
  componentDidMount() {
    // The first drawing of a map on this page, for the speed figures (docs/perf.md).
    if (!performance.getEntriesByName('concordat:map').length) performance.mark('concordat:map');
  }
  shouldComponentUpdate(next) {
    const p = this.props;
    return next.drawing !== p.drawing || next.board !== p.board || next.orders !== p.orders || next.targets !== p.targets ||
      next.selected !== p.selected || next.starts !== p.starts || next.zoom !== p.zoom || next.styles !== p.styles ||
      !next.onPick !== !p.onPick || next.label !== p.label || next.pendingEdit !== p.pendingEdit;
  }
  render({ drawing: d, board, styles, orders, targets, starts, selected, onPick, places, you, zoom, label, pendingEdit }) {
    const centers = (board && board.centers) || {};
    const holes = new Set((board && board.holes) || []);
    const seen = seenSet(board);
    const sel = new Set(selected || []);
    const tg = targets || new Set();
    const st = starts || new Set();
    const picking = !!onPick;
    return html`<svg class=${'dipmap' + (zoom > 1 ? ' zoomed' : '')} viewBox=${`0 0 ${d.width} ${d.height}`} style=${zoom && zoom > 1 ? { width: zoom * 100 + '%' } : undefined}
        role="group" aria-label=${label || 'Map'} xmlns="http://www.w3.org/2000/svg">
      <${Defs} s=${d.unitR * 0.9} />
      <rect class="sea-bg" x="0" y="0" width=${d.width} height=${d.height} />
      ${d.neutral_land && html`<path class="neutral-land" d=${d.neutral_land} />`}
      ${d.neutral_water && html`<path class="neutral-water" d=${d.neutral_water} />`}
      <g class="provinces">
        ${d.provinces.map((p) => {
          const owner = p.sc && centers[p.id] ? styles[centers[p.id]] || null : null;
          const unknown = !!seen && !seen.has(p.id);
          const cls = 'prov ' + p.kind + (p.twin ? ' twin' : '') + (tg.has(p.id) ? ' target' : '') + (st.has(p.id) && !tg.size ? ' start' : '') + (sel.has(p.id) ? ' selected' : '') + (holes.has(p.id) ? ' hole' : '') + (unknown ? ' unknown' : '');
          return html`<${Province} key=${p.id} p=${p} cls=${cls} owner=${owner} hole=${holes.has(p.id)} unknown=${unknown}
            pickable=${picking && (tg.has(p.id) || st.has(p.id))} onPick=${picking ? this.onPick : null} onKey=${this.onKey} />`;
        })}
      </g>
      <g class="impassable">${(d.impassable || []).map((p) => html`<path key=${p.id} d=${p.path}><title>${p.name}</title></path>`)}</g>
      ${d.coastline && html`<path class="coastline" d=${d.coastline} />`}
      <${MapEdits} d=${d} board=${board} pending=${pendingEdit} />
      <${Labels} d=${d} centers=${centers} styles=${styles} seen=${seen} />
      <g class="orders">${(orders || []).map((o, i) => orderShape(d, places, o.text, o.cls, i))}</g>
      <${Units} d=${d} board=${board} styles=${styles} you=${you} />
    </svg>`;
  }
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
