package multiplicity

import (
	"concordat/diplomacy"
	"concordat/game"
)

// Legal is the tree of the seat's legal orders (docs/multiplicity.md,
// "Hosted games"): the values along a path from a root to a leaf, joined by
// spaces, are one order as Apply reads it. The tree is finite and offers
// whole units; finer orders (a support with fewer parts, a SPLIT to several
// places, a merge of three units, a convoyed support) are written as free
// text and accepted by Apply all the same.
//
//   - start choice: a root per starting unit on a coast, its province
//     ("lon"), then its type: "A", "F" (or "F/nc" … on a split coast);
//   - movement: a root per unit, its notation ("2A par"), then "H";
//     (under Fog of War supports and convoys name only units the power sees)
//     "-" and a destination (an army's convoyed move "bel via Convoy");
//     "SPLIT" and one part to a neighbouring place ("A bur"); "S" and a
//     unit, then "H" or "-" and a province (supports with the unit's whole
//     strength); "S" "MERGE" and a province another own unit could merge
//     into; "C", an army, "-" and a coast (a fleet or seaworthy A/F at sea
//     with room for the army, on a convoy route of the map between them);
//     "MERGE" and a destination (merge alone); "&", another own unit,
//     "MERGE" and a place both could move to;
//   - retreat: a root per dislodged unit, then "R" and a retreat, or "D";
//   - adjustment: "Build" and a part at a site the map's build rules
//     allow ("A par", "F stp/nc", onto the power's own unit there or an
//     empty centre), "Waive"; or
//     "Disband" and one part of a unit ("A par"), or a whole unit.
func (Rules) Legal(s game.State, seat game.Seat) game.Options {
	gs := state(s)
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || string(seat) != m.Powers[pw].ID || !gs.Settings.Played(pw) || !gs.owing()[pw] {
		return game.Options{}
	}
	opts := game.Options{Kind: "orders"}
	switch {
	case gs.Choosing:
		opts.Choices = choiceOptions(gs.Pos, pw)
	case gs.Pos.Phase.Type == diplomacy.Movement:
		var vis []bool
		if gs.Settings.Fog {
			vis = visibleTo(gs.Pos, pw) // supports and convoys name only the units pw sees
		}
		opts.Choices = movementOptions(gs.Pos, pw, vis)
	case gs.Pos.Phase.Type == diplomacy.Retreat:
		opts.Choices = retreatOptions(gs.Pos, pw)
	default:
		opts.Choices = adjustmentOptions(gs.Pos, pw)
	}
	return opts
}

func leaf(v string) game.Choice { return game.Choice{Value: v} }

// choiceOptions: each starting unit on a coast, army or fleet.
func choiceOptions(pos *Position, pw diplomacy.Power) []game.Choice {
	m := pos.Map
	var out []game.Choice
	for _, u := range pos.Units {
		if u.Empty() || u.Power != pw || !choosable(m, u.Loc) {
			continue
		}
		p := m.Prov(u.Loc)
		c := game.Choice{Label: m.Provinces[p].Name + ": army or fleet", Value: m.ProvName(p), Next: []game.Choice{leaf("A")}}
		if coasts := m.Provinces[p].Coasts; len(coasts) > 0 {
			for _, l := range coasts {
				c.Next = append(c.Next, leaf("F/"+m.Locs[l].Coast))
			}
		} else {
			c.Next = append(c.Next, leaf("F"))
		}
		out = append(out, c)
	}
	return out
}

// reachesFrom reports whether parts c standing at l could move into q:
// armies by land, anything with a fleet (or at sea) along coasts and seas.
func reachesFrom(m *diplomacy.Map, c Comp, l diplomacy.Loc, q diplomacy.Province) bool {
	if c.Fleets == 0 && m.Provinces[m.Prov(l)].Kind != diplomacy.Sea {
		return m.ArmyAdjacent(m.Prov(l), q)
	}
	if m.Provinces[q].Kind == diplomacy.Sea && c.Fleets == 0 || m.Provinces[q].Kind == diplomacy.Inland {
		return false
	}
	return m.FleetReaches(l, q)
}

// convoyCapable reports whether unit u may convoy: a fleet or seaworthy A/F
// at sea with room for an army.
func convoyCapable(m *diplomacy.Map, u Unit) bool {
	return !u.Empty() && m.Provinces[m.Prov(u.Loc)].Kind == diplomacy.Sea && u.Fleets > u.Armies
}

// convoyNet lists the sea provinces joined to sea province from by a chain
// of seas holding units that may convoy, from included.
func convoyNet(pos *Position, from diplomacy.Province) []diplomacy.Province {
	m := pos.Map
	net := []diplomacy.Province{from}
	seen := map[diplomacy.Province]bool{from: true}
	for k := 0; k < len(net); k++ {
		for _, l := range m.FleetNeighbours(diplomacy.Loc(net[k])) {
			q := m.Prov(l)
			if !seen[q] && m.Provinces[q].Kind == diplomacy.Sea && convoyCapable(m, pos.Units[q]) {
				seen[q] = true
				net = append(net, q)
			}
		}
	}
	return net
}

// netCoasts lists the coastal provinces touching any sea of net, once each.
func netCoasts(m *diplomacy.Map, net []diplomacy.Province) []diplomacy.Province {
	var out []diplomacy.Province
	seen := map[diplomacy.Province]bool{}
	for _, s := range net {
		for _, l := range m.FleetNeighbours(diplomacy.Loc(s)) {
			q := m.Prov(l)
			if m.Provinces[q].Kind == diplomacy.Coast && !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// convoyDestinations lists where an all-army unit on a coast could be
// convoyed: the coasts of every convoy network touching its province.
func convoyDestinations(pos *Position, u Unit) []diplomacy.Province {
	m := pos.Map
	p := m.Prov(u.Loc)
	if u.Fleets > 0 || m.Provinces[p].Kind != diplomacy.Coast {
		return nil
	}
	var out []diplomacy.Province
	seen := map[diplomacy.Province]bool{p: true}
	for _, l := range m.FleetNeighbours(diplomacy.Loc(p)) {
		s := m.Prov(l)
		if m.Provinces[s].Kind != diplomacy.Sea || !convoyCapable(m, pos.Units[s]) || pos.Units[s].Fleets-pos.Units[s].Armies < u.Armies {
			continue
		}
		for _, q := range netCoasts(m, convoyNet(pos, s)) {
			if !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// movementOptions: the orders of each of pw's units. When vis is not nil
// (Fog of War), supports and convoys name only units in visible provinces.
func movementOptions(pos *Position, pw diplomacy.Power, vis []bool) []game.Choice {
	m := pos.Map
	var out []game.Choice
	for pi, u := range pos.Units {
		if u.Empty() || u.Power != pw {
			continue
		}
		p := diplomacy.Province(pi)
		name := unitString(m, u.Comp, u.Loc)
		root := game.Choice{Label: name, Value: name, Next: []game.Choice{leaf("H")}}
		dests := destinations(m, u)

		// Moves of the whole unit, and convoyed moves of an army.
		move := game.Choice{Value: "-"}
		for _, d := range dests {
			move.Next = append(move.Next, leaf(m.LocName(d)))
		}
		for _, q := range convoyDestinations(pos, u) {
			if m.ArmyAdjacent(p, q) {
				move.Next = append(move.Next, leaf(m.ProvName(q)+" via Convoy"))
			} else {
				move.Next = append(move.Next, leaf(m.ProvName(q)))
			}
		}
		if len(move.Next) > 0 {
			root.Next = append(root.Next, move)
		}

		// A split of one part to a neighbouring place.
		if u.Strength() > 1 {
			split := game.Choice{Value: "SPLIT"}
			atSea := m.Provinces[p].Kind == diplomacy.Sea
			for _, part := range []Comp{{Armies: 1}, {Fleets: 1}} {
				if !u.Contains(part) {
					continue
				}
				if rest := u.Minus(part); atSea && !rest.Seaworthy() {
					continue
				}
				for _, d := range destinations(m, Unit{Power: pw, Loc: u.Loc, Comp: part}) {
					split.Next = append(split.Next, leaf(unitString(m, part, d)))
				}
			}
			if len(split.Next) > 0 {
				root.Next = append(root.Next, split)
			}
		}

		// Supports with the whole unit.
		sup := game.Choice{Value: "S"}
		for qi, v := range pos.Units {
			q := diplomacy.Province(qi)
			if v.Empty() || q == p || vis != nil && !vis[q] {
				continue
			}
			target := game.Choice{Value: unitString(m, v.Comp, v.Loc)}
			if reachesFrom(m, u.Comp, u.Loc, q) {
				target.Next = append(target.Next, leaf("H"))
			}
			to := game.Choice{Value: "-"}
			seen := map[diplomacy.Province]bool{}
			for _, d := range destinations(m, v) {
				dq := m.Prov(d)
				if dq != p && !seen[dq] && reachesFrom(m, u.Comp, u.Loc, dq) {
					seen[dq] = true
					to.Next = append(to.Next, leaf(m.ProvName(dq)))
				}
			}
			if len(to.Next) > 0 {
				target.Next = append(target.Next, to)
			}
			if len(target.Next) > 0 {
				sup.Next = append(sup.Next, target)
			}
		}
		supMerge := game.Choice{Value: "MERGE"}
		for qi := range m.Provinces {
			q := diplomacy.Province(qi)
			if q == p || !reachesFrom(m, u.Comp, u.Loc, q) || !ownMergeInto(pos, pw, p, q) {
				continue
			}
			supMerge.Next = append(supMerge.Next, leaf(m.ProvName(q)))
		}
		if len(supMerge.Next) > 0 {
			sup.Next = append(sup.Next, supMerge)
		}
		if len(sup.Next) > 0 {
			root.Next = append(root.Next, sup)
		}

		// Convoys by a fleet or seaworthy A/F at sea.
		if convoyCapable(m, u) {
			conv := game.Choice{Value: "C"}
			coasts := netCoasts(m, convoyNet(pos, p))
			for _, a := range coasts {
				v := pos.Units[a]
				if v.Empty() || v.Fleets > 0 || v.Armies > u.Fleets-u.Armies || vis != nil && !vis[a] {
					continue
				}
				adjacent := false
				for _, l := range m.FleetNeighbours(u.Loc) {
					adjacent = adjacent || m.Prov(l) == a
				}
				if !adjacent {
					continue // the army embarks next to this convoy's sea
				}
				target := game.Choice{Value: unitString(m, v.Comp, v.Loc), Next: []game.Choice{{Value: "-"}}}
				for _, d := range coasts {
					if d != a && m.OnConvoyRoute(p, a, d) {
						target.Next[0].Next = append(target.Next[0].Next, leaf(m.ProvName(d)))
					}
				}
				if len(target.Next[0].Next) > 0 {
					conv.Next = append(conv.Next, target)
				}
			}
			if len(conv.Next) > 0 {
				root.Next = append(root.Next, conv)
			}
		}

		// Merges: alone into a destination, or with another own unit into
		// a place both could move to.
		if len(dests) > 0 {
			merge := game.Choice{Value: "MERGE"}
			for _, d := range dests {
				merge.Next = append(merge.Next, leaf(m.LocName(d)))
			}
			root.Next = append(root.Next, merge)
		}
		with := game.Choice{Value: "&"}
		for qi, v := range pos.Units {
			if v.Empty() || v.Power != pw || diplomacy.Province(qi) == p {
				continue
			}
			both := game.Choice{Value: unitString(m, v.Comp, v.Loc), Next: []game.Choice{{Value: "MERGE"}}}
			for _, d := range dests {
				for _, e := range destinations(m, v) {
					if d == e {
						both.Next[0].Next = append(both.Next[0].Next, leaf(m.LocName(d)))
					}
				}
			}
			if len(both.Next[0].Next) > 0 {
				with.Next = append(with.Next, both)
			}
		}
		if len(with.Next) > 0 {
			root.Next = append(root.Next, with)
		}
		out = append(out, root)
	}
	return out
}

// ownMergeInto reports whether some unit of pw other than the one in p
// could move into q (so that a support of a merge there means something).
func ownMergeInto(pos *Position, pw diplomacy.Power, p, q diplomacy.Province) bool {
	m := pos.Map
	for ri, v := range pos.Units {
		if v.Empty() || v.Power != pw || diplomacy.Province(ri) == p || diplomacy.Province(ri) == q {
			continue
		}
		for _, d := range destinations(m, v) {
			if m.Prov(d) == q {
				return true
			}
		}
	}
	return false
}

// retreatOptions: each dislodged unit of pw retreats or disbands.
func retreatOptions(pos *Position, pw diplomacy.Power) []game.Choice {
	m := pos.Map
	var out []game.Choice
	for _, d := range pos.Dislodged {
		if d.Power != pw {
			continue
		}
		name := unitString(m, d.Comp, d.Loc)
		root := game.Choice{Label: name, Value: name}
		if len(d.Retreats) > 0 {
			r := game.Choice{Value: "R"}
			for _, l := range d.Retreats {
				r.Next = append(r.Next, leaf(m.LocName(l)))
			}
			root.Next = append(root.Next, r)
		}
		root.Next = append(root.Next, leaf("D"))
		out = append(out, root)
	}
	return out
}

// adjustmentOptions: builds at pw's build sites and waive, or disbands.
func adjustmentOptions(pos *Position, pw diplomacy.Power) []game.Choice {
	m := pos.Map
	left := pos.Centers()[pw] - pos.Parts()[pw]
	var out []game.Choice
	switch {
	case left > 0:
		b := game.Choice{Label: "build", Value: "Build"}
		for _, h := range buildSites(pos, pw) {
			places := []diplomacy.Loc{diplomacy.Loc(h)}
			places = append(places, m.Provinces[h].Coasts...)
			for _, part := range []Comp{{Armies: 1}, {Fleets: 1}} {
				for _, l := range places {
					if part.Fleets == 0 && l != diplomacy.Loc(h) {
						continue
					}
					try := pos.Clone()
					one := 1
					if build(try, pw, Ref{Comp: part, Given: true, At: l}, &one).Result == diplomacy.Succeeds {
						b.Next = append(b.Next, leaf(unitString(m, part, l)))
					}
				}
			}
		}
		if len(b.Next) > 0 {
			out = append(out, b)
		}
		out = append(out, game.Choice{Label: "waive a build", Value: "Waive"})
	case left < 0:
		d := game.Choice{Label: "disband", Value: "Disband"}
		for pi, u := range pos.Units {
			if u.Empty() || u.Power != pw {
				continue
			}
			var parts []Comp
			if u.Strength() > 1 {
				for _, part := range []Comp{{Armies: 1}, {Fleets: 1}} {
					if u.Contains(part) {
						parts = append(parts, part)
					}
				}
			}
			if u.Strength() <= -left {
				parts = append(parts, u.Comp)
			}
			for _, part := range parts {
				l := u.Loc
				if part.Fleets == 0 {
					l = diplomacy.Loc(pi)
				}
				try := pos.Clone()
				owed := left
				if disband(try, pw, Ref{Comp: part, Given: true, At: l}, &owed).Result == diplomacy.Succeeds {
					d.Next = append(d.Next, leaf(unitString(m, part, l)))
				}
			}
		}
		if len(d.Next) > 0 {
			out = append(out, d)
		}
	}
	return out
}
