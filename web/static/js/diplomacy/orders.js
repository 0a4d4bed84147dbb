// Diplomacy orders in the client: the legal orders of GET /legal's tree as
// strings, their words and places, order entry by clicks (unit → order
// type → target) and typed orders read into the same strings.

/** The province of a location ("stp/nc" → "stp"). */
export const provOf = (loc) => loc.split('/')[0];

/** The words for people of the order types. */
export const MODES = {
  H: 'Hold', '-': 'Move', S: 'Support', C: 'Convoy', R: 'Retreat', D: 'Disband',
  // Multiplicity (its start choice of army or fleet; merges and splits), Seismic's events.
  A: 'Army', F: 'Fleet', MERGE: 'Merge', '&': 'Merge with', SPLIT: 'Split', connect: 'Connect', separate: 'Separate',
};

/**
 * The complete orders of a legal tree ({kind, choices}): each path's values
 * joined by spaces (the server's contract: every path is an order as the
 * parser reads it, "Build A ber", "Disband A par", "A par S A mar H").
 */
export function flattenLegal(options) {
  const out = [];
  const walk = (node, words) => {
    for (const c of node.choices || node.next || []) {
      const w = words.concat([c.value]);
      if (c.next && c.next.length) walk(c, w);
      else out.push(w.join(' '));
    }
  };
  if (options) walk(options, []);
  return out;
}

/** The places and names of a map drawing ({provinces: [{id, name, coasts}]}) for reading orders. */
export class Places {
  constructor(mapData, extra) {
    this.locs = new Set();
    this.names = new Map(); // normalised name → location id
    this.maxWords = 1;
    const add = (name, id) => {
      const n = norm(name);
      if (!n) return;
      if (!this.names.has(n)) this.names.set(n, id);
      this.maxWords = Math.max(this.maxWords, n.split(' ').length);
    };
    for (const p of (mapData && mapData.provinces) || []) {
      this.locs.add(p.id);
      add(p.id, p.id);
      add(p.name, p.id);
      for (const c of Object.keys(p.coasts || {})) {
        const id = p.id + '/' + c;
        this.locs.add(id);
        add(id, id);
        add(p.id + ' ' + c, id);
        add(p.id + '(' + c + ')', id);
        add(p.name + ' ' + c, id);
        add(p.name + ' ' + coastName(c), id);
        add(p.id + ' ' + coastName(c), id);
      }
    }
    for (const id of extra || []) {
      this.locs.add(id);
      add(id, id);
    }
  }
  isLoc(w) { return this.locs.has(w); }
}

const COASTS = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' };
/** "nc" → "north coast". */
export const coastName = (c) => COASTS[c] || c + ' coast';

function norm(s) {
  return String(s).toLowerCase().replace(/[().,]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** An order string's words with its locations marked: {words, locs: [loc…], mode}. */
export function parse(text, places) {
  const words = text.split(' ');
  const locs = [];
  let firstLoc = -1;
  words.forEach((w, i) => {
    const loc = w.endsWith(',') ? w.slice(0, -1) : w; // Multiplicity's splits list places with commas
    if (places.isLoc(loc)) {
      if (firstLoc < 0) firstLoc = i;
      locs.push(loc);
    }
  });
  const mode = firstLoc >= 0 && firstLoc + 1 < words.length && !places.isLoc(words[firstLoc + 1]) ? words[firstLoc + 1] : null;
  return { text, words, locs, mode };
}

/** The key of an order in a list of one order per unit: the unit's province (a build's place; "waive:n" for waives). */
export function orderKey(o, places, n) {
  const p = typeof o === 'string' ? parse(o, places) : o;
  if (p.locs.length === 0) return p.words[0].toLowerCase() + ':' + (n || 0);
  return provOf(p.locs[0]);
}

/**
 * Order entry by clicks over the legal orders. The state is the provinces
 * clicked so far and the order type (mode) chosen; from it follow the
 * candidates, the provinces to highlight, and the orders complete here.
 */
export class Entry {
  constructor(legal, places) {
    this.places = places;
    this.all = legal.map((t) => parse(t, places));
    this.clicks = [];
    this.mode = null;
  }
  /** The orders that agree with the clicks (and the mode, from the second step on). */
  candidates(ignoreMode) {
    const k = this.clicks.length;
    return this.all.filter((o) => o.locs.length >= k && this.clicks.every((p, i) => provOf(o.locs[i]) === p) &&
      (ignoreMode || k < 1 || !this.mode || o.mode === this.mode));
  }
  /** The provinces a click may pick now. */
  targets() {
    const k = this.clicks.length;
    const out = new Set();
    for (const o of this.candidates()) if (o.locs.length > k) out.add(provOf(o.locs[k]));
    return out;
  }
  /** The provinces that start an order (units to order, places to build). */
  starts() {
    const out = new Set();
    for (const o of this.all) if (o.locs.length) out.add(provOf(o.locs[0]));
    return out;
  }
  /** The orders that need no further click (chosen by a button or by clicking the last province again). */
  complete() {
    const k = this.clicks.length;
    return this.candidates().filter((o) => o.locs.length === k);
  }
  /** The order types open after the first click. */
  modes() {
    if (this.clicks.length !== 1) return [];
    const seen = [];
    for (const o of this.candidates(true)) if (o.mode && !seen.includes(o.mode)) seen.push(o.mode);
    return seen;
  }
  /** Orders without places ("Waive"): always offered as buttons. */
  placeless() { return this.all.filter((o) => o.locs.length === 0); }
  reset() {
    this.clicks = [];
    this.mode = null;
  }
  setMode(m) {
    this.mode = m;
    this.clicks = this.clicks.slice(0, 1);
    const done = this.complete();
    if (done.length === 1 && this.targets().size === 0) return done[0].text;
    return null;
  }
  /**
   * A click on province p: returns the order it completes, or null when
   * more is needed (or the click picks nothing).
   */
  click(p) {
    const k = this.clicks.length;
    if (k === 1 && p === this.clicks[0]) {
      // The unit again: it holds (or disbands, in a retreat without a way out).
      const hold = this.candidates(true).find((o) => o.locs.length === 1 && (o.mode === 'H' || o.mode === 'D'));
      if (hold) return this.finish(hold.text);
    }
    if (k >= 2 && p === this.clicks[k - 1]) {
      const done = this.complete();
      if (done.length === 1) return this.finish(done[0].text);
    }
    if (this.targets().has(p)) {
      this.clicks.push(p);
      if (this.clicks.length === 1) {
        const m = this.modes();
        this.mode = m.includes('-') ? '-' : m.includes('R') ? 'R' : m[0] || null;
        // Orders that differ only by their type (Multiplicity's army or fleet): the type is chosen, not guessed.
        if (m.length > 1 && !m.includes('-') && !m.includes('R') && this.candidates(true).every((o) => o.locs.length === 1)) {
          this.mode = null;
          return null;
        }
      }
      const cands = this.candidates();
      if (cands.length === 1 && cands[0].locs.length === this.clicks.length) return this.finish(cands[0].text);
      return null;
    }
    if (this.starts().has(p)) {
      this.reset();
      return this.click(p);
    }
    return null;
  }
  finish(text) {
    this.reset();
    return text;
  }
}

const WORDS = {
  h: 'H', hold: 'H', holds: 'H', stand: 'H', stands: 'H',
  '-': '-', m: '-', move: '-', moves: '-', to: '-', '->': '-', '=>': '-', '→': '-', '–': '-', '—': '-',
  s: 'S', support: 'S', supports: 'S', c: 'C', convoy: 'C', convoys: 'C',
  r: 'R', retreat: 'R', retreats: 'R', d: 'D', disband: 'D', disbands: 'D',
  b: 'Build', build: 'Build', builds: 'Build', waive: 'Waive', waives: 'Waive',
  a: 'A', army: 'A', f: 'F', fleet: 'F',
};

/**
 * Reads a typed order into the canonical string the legal tree uses ("a
 * Paris->Burgundy" → "A par - bur"). Returns {text} or {error} naming the
 * word it could not read.
 */
export function normalize(input, places) {
  if (places.multi) return normalizeMulti(input, places);
  return normalizeOne(input, places);
}

// Multiplicity's words; its units written with their parts ("2A", "A/F", "2A/3F").
const MULTI_WORDS = { merge: 'MERGE', merges: 'MERGE', split: 'SPLIT', splits: 'SPLIT', '&': '&', '+': '&' };
const MULTI_UNIT = /^\d*[af](\/\d*[af])?$/;

/** A Multiplicity order: a split's places are separated by commas (or "and"), each part read on its own. */
function normalizeMulti(input, places) {
  const split = /\bsplit\b/i.test(input);
  const text = input.replace(/\s+and\s+/gi, split ? ', ' : ' & ').replace(/\s*\+\s*/g, ' & ').replace(/&/g, ' & ');
  const out = [];
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const r = normalizeOne(part, places, true);
    if (r.error) return r;
    out.push(r.text);
  }
  return out.length ? { text: out.join(', ') } : { error: 'empty' };
}

function normalizeOne(input, places, multi) {
  let s = norm(input.replace(/->|=>|→|–|—/g, ' - ').replace(/([a-z)])-(\s|$)/gi, '$1 - $2'));
  if (!s) return { error: 'empty' };
  s = s.replace(/\bvia convoy\b/, 'via-convoy');
  let toks = s.split(' ');
  // "par-bur": split hyphens that join two places.
  toks = toks.flatMap((t) => {
    if (!t.includes('-') || t === '-' || places.names.has(t)) return [t];
    const parts = t.split('-');
    return parts.every((x) => x === '' || places.names.has(x) || WORDS[x]) ? parts.flatMap((x, i) => (i ? ['-', x] : [x])).filter(Boolean) : [t];
  });
  const out = [];
  for (let i = 0; i < toks.length;) {
    const t = toks[i];
    if (t === 'via-convoy') {
      out.push('via', 'Convoy');
      i++;
      continue;
    }
    let matched = false;
    for (let n = Math.min(places.maxWords + 2, toks.length - i); n >= 1; n--) {
      const cand = toks.slice(i, i + n).join(' ');
      if (places.names.has(cand)) {
        // A single word that is also an order word ("a", "s", "c") is the word, unless a place can only be meant.
        if (n === 1 && WORDS[t] && !(out.length && (out[out.length - 1] === 'A' || out[out.length - 1] === 'F' || out[out.length - 1] === '-' || out[out.length - 1] === 'R'))) break;
        out.push(places.names.get(cand));
        i += n;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (WORDS[t]) {
      out.push(WORDS[t]);
      i++;
      continue;
    }
    if (multi && (MULTI_WORDS[t] || MULTI_UNIT.test(t))) {
      out.push(MULTI_WORDS[t] || t.toUpperCase());
      i++;
      continue;
    }
    return { error: `“${t}” is neither a place of this map nor an order word` };
  }
  // "Build A lon" may be typed "A lon B" or "lon build A".
  const bi = out.indexOf('Build');
  if (bi > 0) {
    out.splice(bi, 1);
    out.unshift('Build');
  }
  // An adjustment's removal is written "Disband A par" ("disband A par").
  if (out[0] === 'D') out[0] = 'Disband';
  return { text: out.join(' ') };
}

/** Checks a typed order against the legal ones: {text, ok, message}. */
export function check(input, places, legalSet) {
  const r = normalize(input, places);
  if (r.error) return { text: input.trim(), ok: false, message: r.error };
  if (legalSet.has(r.text)) return { text: r.text, ok: true, message: '' };
  // "A par D" is a retreat's disband, "Disband A par" an adjustment's: either typed form finds the legal one.
  const alt = r.text.endsWith(' D') ? 'Disband ' + r.text.slice(0, -2) : r.text.startsWith('Disband ') ? r.text.slice(8) + ' D' : '';
  if (alt && legalSet.has(alt)) return { text: alt, ok: true, message: '' };
  const p = parse(r.text, places);
  const unit = p.locs[0];
  const mine = [...legalSet].some((t) => parse(t, places).locs[0] && provOf(parse(t, places).locs[0]) === provOf(unit || ''));
  // Multiplicity's tree offers whole units' orders only: finer ones (splits to several places, part supports) are checked when saved.
  if (places.multi && mine) return { text: r.text, ok: true, message: 'written by hand: the server checks it when it is saved' };
  return { text: r.text, ok: false, message: !unit ? 'names no place' : mine ? 'not a legal order for this unit now' : 'no unit of yours to order there now' };
}
