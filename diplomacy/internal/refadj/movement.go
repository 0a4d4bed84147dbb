package refadj

import "concordat/diplomacy"

// movement adjudicates a movement phase on pos and changes pos into the
// position after it; it returns each order's result.
func movement(pos *diplomacy.Position, ed diplomacy.Edition, orders []diplomacy.OrderIn, opt Options) []diplomacy.Result {
	ph := &movementPhase{b: board{pos.Map}, ed: ed, opt: opt, pos: pos,
		units: map[Province]*unit{}, out: make([]diplomacy.Result, len(orders)),
		moveOK: map[Province]tri{}, supportOK: map[Province]tri{}, disrupted: map[Province]bool{}}
	for i, u := range pos.Units {
		if u.Type != diplomacy.NoUnit {
			x := &unit{at: Province(i), u: u, order: -1, act: holds}
			ph.units[x.at] = x
			ph.list = append(ph.list, x)
		}
	}
	ph.validate(orders)
	ph.decideConvoys()
	ph.voidMismatched()
	ph.resolve()
	ph.report()
	ph.apply()
	return ph.out
}

// succeeded reports whether the unit in p moved.
func (ph *movementPhase) succeeded(p Province) bool {
	u := ph.unitAt(p)
	return u != nil && u.act == moves && ph.moveOK[p] == yes
}

// dislodger is the unit that dislodged the unit in p, or nil.
func (ph *movementPhase) dislodger(p Province) *unit {
	if ph.succeeded(p) {
		return nil
	}
	for _, r := range ph.movesInto(p) {
		if ph.moveOK[r.at] == yes {
			return r
		}
	}
	return nil
}

// report turns the decisions into the orders' results: a move succeeds
// when the unit moved; a support when it was given; a hold, convoy or
// permission when the unit was not dislodged. A unit left in a province
// that is closed this season fails whatever its order.
func (ph *movementPhase) report() {
	season := ph.pos.Phase.Season
	for _, u := range ph.list {
		if u.order < 0 || ph.out[u.order] != diplomacy.Succeeds {
			continue
		}
		ok := true
		switch u.act {
		case moves:
			ok = ph.moveOK[u.at] == yes
		case supports:
			ok = ph.supportOK[u.at] == yes
		default:
			ok = ph.dislodger(u.at) == nil
		}
		if !ok {
			ph.out[u.order] = diplomacy.Fails
		}
	}
	for _, u := range ph.list {
		if u.order >= 0 && !ph.b.open(u.at, season) && !ph.succeeded(u.at) {
			ph.out[u.order] = diplomacy.Fails
		}
	}
}

// apply moves the units, lists the dislodged ones with their retreats and
// sets the next phase.
func (ph *movementPhase) apply() {
	pos := ph.pos
	b := ph.b
	season := pos.Phase.Season
	type gone struct {
		u    diplomacy.Unit
		from Province // where the attack came from
		by   *unit    // the attacker, nil for a unit caught in a closing province
	}
	var dislodged []gone
	for _, u := range ph.list {
		if r := ph.dislodger(u.at); r != nil {
			dislodged = append(dislodged, gone{u.u, r.at, r})
		}
	}
	empty := diplomacy.Unit{Type: diplomacy.NoUnit, Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	for _, u := range ph.list {
		if ph.succeeded(u.at) || ph.dislodger(u.at) != nil {
			pos.Units[u.at] = empty
		}
	}
	for _, u := range ph.list {
		if ph.succeeded(u.at) {
			pos.Units[u.to] = diplomacy.Unit{Type: u.u.Type, Power: u.u.Power, Loc: u.toLoc}
		}
	}
	// A unit still in a province that closes this season must leave it.
	for i, u := range pos.Units {
		if u.Type != diplomacy.NoUnit && !b.open(Province(i), season) {
			dislodged = append(dislodged, gone{u, Province(i), nil})
			pos.Units[i] = empty
		}
	}
	pos.Dislodged = nil
	for _, g := range dislodged {
		pos.Dislodged = append(pos.Dislodged, diplomacy.Dislodged{Unit: g.u, AttackerFrom: g.from,
			Retreats: ph.retreatOptions(g.u, g.from, g.by)})
	}
	// A retreat phase follows when some dislodged unit has somewhere to go;
	// otherwise the dislodged units are disbanded at once and the season ends.
	for _, d := range pos.Dislodged {
		if len(d.Retreats) > 0 {
			pos.Phase.Type = diplomacy.Retreat
			return
		}
	}
	pos.Dislodged = nil
	endSeason(pos)
}

// retreatOptions lists where a dislodged unit may retreat: where it could
// move, except occupied provinces, provinces left empty by a standoff, the
// province the attack came from (unless the attacker came by convoy, in
// the 2000 and 2023 rules), provinces closed this season and provinces
// across a river.
func (ph *movementPhase) retreatOptions(u diplomacy.Unit, from Province, by *unit) []Loc {
	b := ph.b
	pos := ph.pos
	at := b.prov(u.Loc)
	convoyed := by != nil && by.byConvoy && (ph.ed == diplomacy.Edition2000 || ph.ed == diplomacy.Edition2023)
	var cands []Loc
	if u.Type == diplomacy.Army {
		for _, q := range b.m.ArmyNeighbours(at) {
			cands = append(cands, Loc(q))
		}
	} else {
		cands = append(cands, b.m.FleetNeighbours(u.Loc)...)
	}
	out := []Loc{}
	for _, l := range cands {
		q := b.prov(l)
		switch {
		case pos.Units[q].Type != diplomacy.NoUnit,
			q == from && !convoyed,
			ph.standoff(q),
			!b.open(q, pos.Phase.Season),
			b.borderKind(u.Type, at, q) == diplomacy.RiverBorder:
			continue
		}
		out = append(out, l)
	}
	return sortedLocs(out)
}

// standoff reports whether province q was left empty by a standoff: no
// move into it succeeded, and some move that arrived (not one without a
// convoy) failed there, other than one that lost a head-to-head battle to
// the unit of q.
func (ph *movementPhase) standoff(q Province) bool {
	movers := ph.movesInto(q)
	for _, r := range movers {
		if ph.moveOK[r.at] == yes {
			return false
		}
	}
	ev := &evaluator{ph: ph}
	for _, r := range movers {
		if ev.path(r) != yes {
			continue
		}
		if ph.headToHead(r) && ph.succeeded(q) {
			continue
		}
		return true
	}
	return false
}

// endSeason sets the phase after a season's last movement or retreat
// phase: after spring, the fall; after fall, the centres change hands and
// the winter adjustments follow when someone builds or disbands.
func endSeason(pos *diplomacy.Position) {
	if pos.Phase.Season == diplomacy.Spring {
		pos.Phase = diplomacy.Phase{Season: diplomacy.Fall, Year: pos.Phase.Year, Type: diplomacy.Movement}
		return
	}
	b := board{pos.Map}
	for i, u := range pos.Units {
		if u.Type != diplomacy.NoUnit && b.m.Provinces[i].Center {
			pos.Owners[i] = u.Power
			if !b.centreCounts(Province(i), u.Power) {
				pos.Owners[i] = diplomacy.NoPower
			}
		}
	}
	if winner(pos) == diplomacy.NoPower && adjustmentsDue(pos) {
		pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: pos.Phase.Year, Type: diplomacy.Adjustment}
		return
	}
	pos.Phase = diplomacy.Phase{Season: diplomacy.Spring, Year: pos.Phase.Year + 1, Type: diplomacy.Movement}
}

// winner is the power owning the map's victory count of centres, if any;
// when several do (a count below a majority), the one with the most, and
// nobody on a tie.
func winner(pos *diplomacy.Position) Power {
	n := map[Power]int{}
	for _, o := range pos.Owners {
		if o != diplomacy.NoPower {
			n[o]++
		}
	}
	best, most := diplomacy.NoPower, 0
	for p, k := range n {
		switch {
		case k < pos.Map.Victory || k < most:
		case k == most:
			best = diplomacy.NoPower
		default:
			best, most = p, k
		}
	}
	return best
}
