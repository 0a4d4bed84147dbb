// The rule variants on the map and in order entry: Fog of War (what the
// seat sees; the rest drawn as unknown), Multiplicity (stacks, merges and
// splits), Catspaw (extra orders and their quota, from the legal tree's
// labels), Seismic (its events entered by clicking; the map's edits drawn)
// and Black Hole (destroyed provinces, drawn by map.js).
import { html, Component } from '../lib.js';
import { flattenLegal } from './orders.js';

const seenCache = new WeakMap();
const twinCache = new WeakMap();
const ROMAN = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/**
 * Schizodiplomacy: the drawing d with a region for each twin the board's
 * edits have made ("split bre": "bre2", Brest II, as the server names it:
 * the first free number from 2), a disc beside the original, so that its
 * units are drawn and it can be clicked. d itself when there is none; one
 * drawing per list of edits.
 */
export function drawingWith(d, board) {
  const splits = ((board && board.edits) || []).filter((e) => e.startsWith('split '));
  if (!d || !splits.length) return d;
  const key = splits.join('|');
  let byKey = twinCache.get(d);
  if (!byKey) twinCache.set(d, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  const out = { ...d, provinces: d.provinces.slice(), byId: { ...d.byId } };
  const R = d.unitR;
  for (const e of splits) {
    const src = out.byId[e.slice(6)];
    if (!src) continue;
    let n = 2;
    while (out.byId[src.id + n]) n++;
    const [ux, uy] = src.unit || src.label;
    const k = out.provinces.length - d.provinces.length; // twins so far: each further one placed round the first
    const ang = -Math.PI / 4 + k * 1.3;
    const r = R * 1.6;
    const cx = Math.max(r, Math.min(d.width - r, ux + Math.cos(ang) * R * 3.4));
    const cy = Math.max(r, Math.min(d.height - r, uy + Math.sin(ang) * R * 3.4));
    const fs = (src.label_size || d.labelSize) * 0.8;
    const twin = {
      id: src.id + n, name: src.name + ' ' + (ROMAN[n - 2] || n), abbr: (src.abbr || src.id) + n, kind: src.kind, sc: src.sc, twin: true,
      path: `M${(cx - r).toFixed(1)},${cy.toFixed(1)}a${r.toFixed(1)},${r.toFixed(1)} 0 1,0 ${(2 * r).toFixed(1)},0a${r.toFixed(1)},${r.toFixed(1)} 0 1,0 ${(-2 * r).toFixed(1)},0z`,
      unit: [cx, cy], label: [cx, cy + r + fs * 0.6], label_size: fs,
    };
    out.provinces.push(twin);
    out.byId[twin.id] = twin;
  }
  byKey.set(key, out);
  return out;
}

/**
 * Fog of War: the provinces the seat sees (board.visible), or null when
 * the board is not fogged. A fogged board without visible sees nothing (a
 * spectator). One Set per board, so the map redraws only when it changes.
 */
export function seenSet(board) {
  if (!board || !board.fog) return null;
  let s = seenCache.get(board);
  if (!s) {
    s = new Set(board.visible || []);
    seenCache.set(board, s);
  }
  return s;
}

const parts = (u) => {
  const c = u.composition;
  if (c) return [c.army || 0, c.fleet || 0];
  const n = u.count || 1;
  return u.type === 'fleet' ? [0, n] : [n, 0];
};

/** A Multiplicity unit's notation: "2A", "3F", "A/F", "2A/F". */
export function stackLabel(u) {
  const [a, f] = parts(u);
  const w = (n, l) => (n > 1 ? n + l : n === 1 ? l : '');
  return [w(a, 'A'), w(f, 'F')].filter(Boolean).join('/');
}

/** A Multiplicity unit in words: "2 armies", "1 army and 2 fleets". */
export function stackName(u) {
  const [a, f] = parts(u);
  return [a && a + (a > 1 ? ' armies' : ' army'), f && f + (f > 1 ? ' fleets' : ' fleet')].filter(Boolean).join(' and ');
}

const unitPoint = (d, loc) => {
  const [prov, coast] = loc.split('/');
  const p = d.byId[prov];
  if (!p) return null;
  return (coast && p.coasts && p.coasts[coast]) || p.unit || p.label;
};

function arrow(d, from, to, cls, k) {
  const a = unitPoint(d, from), b = unitPoint(d, to);
  if (!a || !b) return null;
  const R = d.unitR, dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
  const x1 = a[0] + (dx * R) / len, y1 = a[1] + (dy * R) / len, x2 = b[0] - (dx * R * 0.9) / len, y2 = b[1] - (dy * R * 0.9) / len;
  return html`<path key=${k} d=${`M${x1.toFixed(1)},${y1.toFixed(1)}L${x2.toFixed(1)},${y2.toFixed(1)}`} marker-end=${'url(#head-' + cls + ')'} />`;
}

/**
 * The shape of a Multiplicity merge or split (an arrow from each merging
 * unit to the place; from the splitting unit to each place its parts go),
 * null when it cannot be drawn, undefined for any other order.
 */
export function multiShape(d, o, c, key) {
  // A seismic phase's events among its results: drawn as the edits they are, in the result's colour.
  if ((o.words[0] === 'connect' || o.words[0] === 'separate') && o.locs.length === 2) return editShape(d, o.text, ' result ' + c.split(' ')[1], key);
  const merge = o.words.includes('MERGE'), split = o.words.includes('SPLIT');
  if ((!merge && !split) || o.mode === 'S' || o.locs.length < 2) return undefined;
  const cls = c.split(' ')[1];
  const last = o.locs[o.locs.length - 1];
  const paths = merge ? o.locs.slice(0, -1).map((l, i) => arrow(d, l, last, cls, i)) : o.locs.slice(1).map((l, i) => arrow(d, o.locs[0], l, cls, i));
  return html`<g key=${key} class=${c + ' move ' + (merge ? 'merge' : 'split')}>${paths}</g>`;
}

/**
 * Catspaw's extra orders in a legal tree: the roots labelled "extra (N
 * allowed): …" (the server's contract). Returns {quota, orders} (the set
 * of the orders they spell; quota 0 when there are none).
 */
export function extraOrders(options) {
  const out = { quota: 0, orders: new Set() };
  for (const c of (options && options.choices) || []) {
    const m = /^extra \((\d+) allowed\)/.exec(c.label || '');
    if (!m) continue;
    out.quota = parseInt(m[1], 10);
    for (const t of flattenLegal({ choices: [c] })) out.orders.add(t);
  }
  return out;
}

/**
 * Seismic events ("connect X Y", "separate X Y") as order entry reads
 * them: the place first, the event's word as its order type ("X connect
 * Y"), and back.
 */
export const eventToEntry = (t) => {
  const w = t.split(' ');
  return w.length === 3 ? [w[1], w[0], w[2]].join(' ') : t;
};
export const entryToEvent = (t) => {
  const w = t.split(' ');
  return w.length === 3 && (w[1] === 'connect' || w[1] === 'separate') ? [w[1], w[0], w[2]].join(' ') : t;
};

/**
 * The map's changes in words, beside the map: the provinces destroyed
 * (Black Hole, Schizo), the connections and separations (Seismic), the
 * splits (Schizo). Props: d (the drawing), board.
 */
export function MapChanges({ d, board }) {
  const name = (id) => (d && d.byId[id] ? d.byId[id].name : id);
  const items = ((board && board.holes) || []).map((h) => html`<li key=${'h' + h} data-hole=${h}><strong>${name(h)}</strong> destroyed: its neighbours border each other now.</li>`);
  for (const e of (board && board.edits) || []) {
    const [op, x, y] = e.split(' ');
    if (op === 'connect') items.push(html`<li key=${e} data-edit=${e}><strong>${name(x)}</strong> and <strong>${name(y)}</strong> connected (a bridge on the map).</li>`);
    if (op === 'separate') items.push(html`<li key=${e} data-edit=${e}><strong>${name(x)}</strong> and <strong>${name(y)}</strong> separated (a fault on the map).</li>`);
    if (op === 'split') items.push(html`<li key=${e} data-edit=${e}><strong>${name(x)}</strong> split: its twin ${x}2 borders it.</li>`);
  }
  if (!items.length) return null;
  return html`<section class="card map-changes" aria-label="Changes of the map"><h2>The map has changed</h2><ul>${items}</ul></section>`;
}

/** A connection (a bridge) or separation (a fault) of two provinces; cls: " pending" or "". */
function editShape(d, e, cls, key) {
  const [op, x, y] = e.split(' ');
  if ((op !== 'connect' && op !== 'separate') || !y) return null;
  const a = unitPoint(d, x), b = unitPoint(d, y);
  if (!a || !b) return null;
  const R = d.unitR;
  const name = (id) => (d.byId[id] ? d.byId[id].name : id);
  const title = (op === 'connect' ? 'Connected: ' : 'Separated: ') + name(x) + ' and ' + name(y) + (cls.includes('pending') ? ' (your event, not yet happened)' : '');
  if (op === 'connect') {
    return html`<g key=${key} class=${'edit connect' + cls} data-edit=${e}><title>${title}</title>
      <path class="bridge-under" d=${`M${a[0]},${a[1]}L${b[0]},${b[1]}`} /><path class="bridge" d=${`M${a[0]},${a[1]}L${b[0]},${b[1]}`} />
      <circle cx=${a[0]} cy=${a[1]} r=${R * 0.35} /><circle cx=${b[0]} cy=${b[1]} r=${R * 0.35} /></g>`;
  }
  // A fault: a zigzag across the middle of the line between the two provinces.
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, px = -uy, py = ux;
  const L = R * 2.2, z = R * 0.55;
  const pts = [];
  for (let k = -2; k <= 2; k++) {
    const t = (k / 2) * L, off = (k % 2 === 0 ? 1 : -1) * z;
    pts.push([mx + px * t + ux * off, my + py * t + uy * off]);
  }
  const dd = 'M' + pts.map(([u, v]) => u.toFixed(1) + ',' + v.toFixed(1)).join('L');
  return html`<g key=${key} class=${'edit separate' + cls} data-edit=${e}><title>${title}</title>
    <path class="fault-under" d=${dd} /><path class="fault" d=${dd} /></g>`;
}

/**
 * The map's edits (Seismic's connections and separations; Schizo's splits
 * are listed by the page): a connection is a bridge between the two
 * provinces, a separation a fault across their border. Props: d, board
 * (its edits), pending (the seat's own event, not yet happened).
 */
export class MapEdits extends Component {
  shouldComponentUpdate(n) { return n.d !== this.props.d || n.board !== this.props.board || n.pending !== this.props.pending; }
  render({ d, board, pending }) {
    const edits = ((board && board.edits) || []).map((e) => ({ e, cls: '' }));
    if (pending) edits.push({ e: pending, cls: ' pending' });
    const out = edits.map(({ e, cls }, i) => editShape(d, e, cls, i)).filter(Boolean);
    return html`<g class="edits">${out}</g>`;
  }
}
