// Here I Stand's powers: names, colours, letters. The colours keep close
// to the board's (Ottoman green, Hapsburg yellow, England red, France blue,
// Papacy purple, Protestant brown) but are taken from a palette that stays
// distinct for colour-blind eyes (Okabe and Ito's); every power also has a
// letter, drawn on its markers and units, so no information rests on
// colour alone.

/** The six major powers in Impulse Order. */
export const MAJORS = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'];

/** The minor powers and the independents. */
export const MINORS = ['genoa', 'hungary', 'scotland', 'venice', 'independent'];

const LOOKS = {
  ottoman: ['Ottoman', '#009E73', 'O'],
  hapsburg: ['Hapsburg', '#F0E442', 'H'],
  england: ['England', '#D55E00', 'E'],
  france: ['France', '#56B4E9', 'F'],
  papacy: ['Papacy', '#CC79A7', 'Pa'],
  protestant: ['Protestant', '#9C7A54', 'Pr'],
  genoa: ['Genoa', '#E69F00', 'G'],
  hungary: ['Hungary-Bohemia', '#8FA8BF', 'Hu'],
  scotland: ['Scotland', '#7A9A6A', 'S'],
  venice: ['Venice', '#2F7FB8', 'V'],
  independent: ['Independent', '#F4F1EA', 'I'],
};

/** Black or white, whichever reads better on colour c. */
function ink(c) {
  const n = parseInt(c.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#111' : '#fff';
}

/** The look of every power: {id: {id, name, colour, ink, letter}}. */
export const POWERS = {};
for (const [id, [name, colour, letter]] of Object.entries(LOOKS)) POWERS[id] = { id, name, colour, ink: ink(colour), letter };

/** A power's display name ("Hungary-Bohemia"), or the id title-cased. */
export const powerName = (id) => (POWERS[id] ? POWERS[id].name : id ? id[0].toUpperCase() + id.slice(1) : '');

const NAMED = /\b(ottoman|hapsburg|england|france|papacy|protestant|genoa|hungary|scotland|venice)\b/g;

/** The engine's text with power ids as names ("protestant plays #7" → "Protestant plays #7"). */
export const namePowers = (text) => (text ? text.replace(NAMED, (id) => POWERS[id].name) : text);
