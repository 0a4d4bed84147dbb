// The sandbox's position: a Diplomacy phase (units, dislodged units,
// supply-centre owners, orders by power) as POST /api/adjudicate reads it,
// and the edits a player makes to it. Pure functions: every edit returns a
// new position and leaves the old one as it was.

import { provOf } from '../diplomacy/orders.js';

/** A position from a board of the API ({phase, units, dislodged, centers, holes, edits}). */
export function fromBoard(board) {
  const b = board || {};
  return {
    phase: { ...(b.phase || { season: 'spring', year: 1901, type: 'movement' }) },
    units: (b.units || []).map((u) => ({ power: u.power, type: u.type, at: u.at })),
    dislodged: (b.dislodged || []).map((d) => ({ ...d })),
    centers: { ...(b.centers || {}) },
    holes: b.holes ? b.holes.slice() : undefined,
    edits: b.edits ? b.edits.slice() : undefined,
  };
}

/** The phase input of POST /api/adjudicate for a position and its orders ([{power, text}]). */
export function phaseInput(variant, rules, pos, orders) {
  const byPower = {};
  for (const o of orders || []) (byPower[o.power] = byPower[o.power] || []).push(o.text);
  const occupied = new Set(pos.units.map((u) => provOf(u.at)));
  const input = {
    variant, phase: pos.phase, units: pos.units, centers: pos.centers, orders: byPower,
  };
  if (rules) input.rules = rules;
  if (pos.holes && pos.holes.length) input.holes = pos.holes;
  if (pos.edits && pos.edits.length) input.edits = pos.edits;
  if (pos.phase.type === 'retreat' && pos.dislodged.length) {
    input.dislodged = pos.dislodged.map((d) => {
      const out = { power: d.power, type: d.type, at: d.at, attacker_from: d.attacker_from || provOf(d.at) };
      // Retreats the game gave are kept (they know of standoffs), less those a unit now stands on.
      if (Array.isArray(d.retreats)) out.retreats = d.retreats.filter((r) => !occupied.has(provOf(r)));
      return out;
    });
  }
  return input;
}

/** The unit standing in province prov (dislodged: the dislodged one), or null. */
export function unitIn(pos, prov, dislodged) {
  return (dislodged ? pos.dislodged : pos.units).find((u) => provOf(u.at) === prov) || null;
}

/**
 * Places a unit ({power, type, at}) in its province, replacing the one there;
 * a dislodged unit makes the phase a retreat phase (where alone they exist).
 */
export function place(pos, unit, dislodged) {
  const prov = provOf(unit.at);
  const next = { ...pos, units: pos.units.slice(), dislodged: pos.dislodged.slice() };
  if (dislodged) {
    next.dislodged = next.dislodged.filter((u) => provOf(u.at) !== prov);
    next.dislodged.push({ power: unit.power, type: unit.type, at: unit.at, attacker_from: unit.attacker_from || prov });
    if (pos.phase.type !== 'retreat') next.phase = { ...pos.phase, type: 'retreat' };
  } else {
    next.units = next.units.filter((u) => provOf(u.at) !== prov);
    next.units.push({ power: unit.power, type: unit.type, at: unit.at });
  }
  return next;
}

/** Removes every unit (dislodged or not) from province prov. */
export function remove(pos, prov) {
  return { ...pos, units: pos.units.filter((u) => provOf(u.at) !== prov), dislodged: pos.dislodged.filter((u) => provOf(u.at) !== prov) };
}

/** Gives the supply centre prov to power (none: neutral). */
export function setCentre(pos, prov, power) {
  const centers = { ...pos.centers };
  if (power) centers[prov] = power;
  else delete centers[prov];
  return { ...pos, centers };
}

/** Sets the dislodged unit of prov's attacker's origin. */
export function setAttacker(pos, prov, from) {
  return { ...pos, dislodged: pos.dislodged.map((d) => (provOf(d.at) === prov ? { ...d, attacker_from: from, retreats: undefined } : d)) };
}

/** A new phase ({season, year, type}); dislodged units go when it is no retreat phase. */
export function setPhase(pos, phase) {
  return { ...pos, phase, dislodged: phase.type === 'retreat' ? pos.dislodged : [] };
}
