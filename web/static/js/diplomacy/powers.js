// Powers' colours, letters and patterns. Colours come from a palette made
// to stay distinct for colour-blind eyes (Okabe and Ito's eight, then
// darker and lighter companions); each power also has a letter (on its
// units and centres) and a pattern (on its territory), so that no
// information rests on colour alone.

const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#8C8C8C',
  '#7A4A00', '#1B5E8C', '#00563F', '#A89A00', '#003F6B', '#8A3B00', '#8E3F73', '#3F3F3F'];

// The standard powers keep colours close to the board's traditional ones.
const CLASSIC = { austria: '#D55E00', england: '#0072B2', france: '#56B4E9', germany: '#8C8C8C',
  italy: '#009E73', russia: '#CC79A7', turkey: '#F0E442' };

/** The number of distinct territory patterns (see Map's <defs>). */
export const PATTERNS = 6;

/** Black or white, whichever reads better on colour c. */
export function ink(c) {
  const n = parseInt(c.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff';
}

/** The shortest prefixes of the powers' names that tell them apart ("E", "F"; "Sp", "Sw"). */
export function letters(names) {
  const out = {};
  const ids = Object.keys(names);
  for (const id of ids) {
    const name = (names[id] || id).replace(/[^A-Za-z0-9]/g, '') || id;
    let n = 1;
    while (n < name.length && ids.some((o) => o !== id && ((names[o] || o).replace(/[^A-Za-z0-9]/g, '') || o).slice(0, n).toLowerCase() === name.slice(0, n).toLowerCase())) n++;
    out[id] = name.slice(0, Math.min(n, 3));
    out[id] = out[id][0].toUpperCase() + out[id].slice(1).toLowerCase();
  }
  return out;
}

/**
 * The look of every power of a view's `powers` ({id: name}): colour, text
 * colour, letter, pattern number and display name, in the order of the ids.
 */
export function powerStyles(powers) {
  const ids = Object.keys(powers).sort();
  const classic = ids.every((id) => CLASSIC[id]);
  const lt = letters(powers);
  const out = {};
  ids.forEach((id, i) => {
    const colour = classic ? CLASSIC[id] : PALETTE[i % PALETTE.length];
    out[id] = { id, index: i, colour, ink: ink(colour), letter: lt[id], pattern: i % PATTERNS, name: powers[id] || id };
  });
  return out;
}
