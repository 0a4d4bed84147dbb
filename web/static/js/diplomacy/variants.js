// The rule variants on the map and in order entry: Fog of War (what the
// seat sees; the rest drawn as unknown), Multiplicity (stacks, merges and
// splits), Catspaw (extra orders and their quota, from the legal tree's
// labels), Seismic (its events entered by clicking; the map's edits drawn)
// and Black Hole (destroyed provinces, drawn by map.js).
import { html, Component } from '../lib.js';
import { flattenLegal } from './orders.js';

const seenCache = new WeakMap();

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
    const out = [];
    edits.forEach(({ e, cls }, i) => {
      const [op, x, y] = e.split(' ');
      if ((op !== 'connect' && op !== 'separate') || !y) return;
      const a = unitPoint(d, x), b = unitPoint(d, y);
      if (!a || !b) return;
      const R = d.unitR;
      const name = (id) => (d.byId[id] ? d.byId[id].name : id);
      const title = (op === 'connect' ? 'Connected: ' : 'Separated: ') + name(x) + ' and ' + name(y) + (cls ? ' (your event, not yet happened)' : '');
      if (op === 'connect') {
        out.push(html`<g key=${i} class=${'edit connect' + cls} data-edit=${e}><title>${title}</title>
          <path class="bridge-under" d=${`M${a[0]},${a[1]}L${b[0]},${b[1]}`} /><path class="bridge" d=${`M${a[0]},${a[1]}L${b[0]},${b[1]}`} />
          <circle cx=${a[0]} cy=${a[1]} r=${R * 0.35} /><circle cx=${b[0]} cy=${b[1]} r=${R * 0.35} /></g>`);
        return;
      }
      // A fault: a zigzag across the middle of the line between the two provinces.
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
      const ux = dx / len, uy = dy / len, px = -uy, py = ux;
      const L = R * 2.2, z = R * 0.55;
      const pts = [];
      for (let k = -2; k <= 2; k++) {
        const s = (k / 2) * L, off = (k % 2 === 0 ? 1 : -1) * z;
        pts.push([mx + px * s + ux * off, my + py * s + uy * off]);
      }
      const dd = 'M' + pts.map(([u, v]) => u.toFixed(1) + ',' + v.toFixed(1)).join('L');
      out.push(html`<g key=${i} class=${'edit separate' + cls} data-edit=${e}><title>${title}</title>
        <path class="fault-under" d=${dd} /><path class="fault" d=${dd} /></g>`);
    });
    return html`<g class="edits">${out}</g>`;
  }
}
