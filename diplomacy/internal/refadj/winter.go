package refadj

import "concordat/diplomacy"

// retreats adjudicates a retreat phase: each dislodged unit goes where it
// was ordered when that is one of its retreats and no other unit retreats
// there; otherwise it is disbanded. The first valid order of a unit counts.
func retreats(pos *diplomacy.Position, orders []diplomacy.OrderIn) []diplomacy.Result {
	b := board{pos.Map}
	m := b.m
	out := make([]diplomacy.Result, len(orders))
	where := map[int]Loc{}    // dislodged unit -> where it retreats
	ordered := map[int]bool{} // dislodged unit -> has a valid order
	orderOf := map[int]int{}
	for i, in := range orders {
		o := in.Order
		out[i] = diplomacy.Invalid
		switch o.Type {
		case diplomacy.Move, diplomacy.RetreatOrder, diplomacy.DisbandOrder:
		default:
			continue
		}
		if !validLoc(m, o.At) {
			continue
		}
		k := -1
		for j, d := range pos.Dislodged {
			if b.prov(d.Loc) == b.prov(o.At) {
				k = j
			}
		}
		if k < 0 {
			continue
		}
		d := pos.Dislodged[k]
		if d.Power != in.Power || o.Unit != diplomacy.NoUnit && o.Unit != d.Type || ordered[k] {
			continue
		}
		if o.Type != diplomacy.DisbandOrder {
			if !validLoc(m, o.To) || b.prov(o.To) == b.prov(d.Loc) {
				continue
			}
			dest, plain := b.moveDestination(d.Unit, o.To)
			if !plain || !containsLoc(d.Retreats, dest) {
				continue
			}
			where[k] = dest
		}
		ordered[k], orderOf[k] = true, i
		out[i] = diplomacy.Succeeds
	}
	// Two retreats into one province: both are disbanded; but a retreat
	// across a weak border loses to any other, which then stands.
	weak := func(k int) bool {
		d := pos.Dislodged[k]
		return b.borderKind(d.Type, b.prov(d.Loc), b.prov(where[k])) == diplomacy.WeakBorder
	}
	for k, l := range where {
		for j, l2 := range where {
			if j != k && b.prov(l) == b.prov(l2) && (weak(k) || !weak(j)) {
				out[orderOf[k]] = diplomacy.Fails
			}
		}
	}
	for k, l := range where {
		if out[orderOf[k]] == diplomacy.Succeeds {
			d := pos.Dislodged[k]
			pos.Units[b.prov(l)] = diplomacy.Unit{Type: d.Type, Power: d.Power, Loc: l}
		}
	}
	pos.Dislodged = nil
	endSeason(pos)
	return out
}

// mayBuild reports whether power pw may build in province p, as the map's
// build rules say (docs/variants.md): in an owned home centre; under
// build_any in any owned centre; under remote_builds in any owned centre
// while it owns one of its home centres; under home_builds in any owned
// centre that is some power's home.
func mayBuild(pos *diplomacy.Position, pw Power, p Province) bool {
	m := pos.Map
	pi := m.Provinces[p]
	if !pi.Center || pos.Owners[p] != pw || pos.Units[p].Type != diplomacy.NoUnit {
		return false
	}
	switch {
	case m.HasRule("build_any"):
		return true
	case m.HasRule("remote_builds"):
		for _, h := range m.Powers[pw].Homes {
			if pos.Owners[h] == pw {
				return true
			}
		}
		return false
	case m.HasRule("home_builds"):
		return pi.Home != diplomacy.NoPower
	}
	return pi.Home == pw
}

// counts is each power's units and centres.
func counts(pos *diplomacy.Position) (units, centres map[Power]int) {
	units, centres = map[Power]int{}, map[Power]int{}
	for _, u := range pos.Units {
		if u.Type != diplomacy.NoUnit {
			units[u.Power]++
		}
	}
	for _, o := range pos.Owners {
		if o != diplomacy.NoPower {
			centres[o]++
		}
	}
	return units, centres
}

// adjustmentsDue reports whether some power must disband, or may build and
// has somewhere to build.
func adjustmentsDue(pos *diplomacy.Position) bool {
	units, centres := counts(pos)
	for i := range pos.Map.Powers {
		pw := Power(i)
		switch {
		case centres[pw] < units[pw]:
			return true
		case centres[pw] > units[pw]:
			for p := range pos.Map.Provinces {
				if mayBuild(pos, pw, Province(p)) {
					return true
				}
			}
		}
	}
	return false
}

// adjustments adjudicates a winter adjustment phase: builds up to the
// power's surplus of centres (one in the first phase of a map with the
// mobilize rule), disbands up to its shortfall, waives; a power that
// disbands too few loses units by the civil disorder rule.
func adjustments(pos *diplomacy.Position, ed diplomacy.Edition, orders []diplomacy.OrderIn) []diplomacy.Result {
	b := board{pos.Map}
	m := b.m
	out := make([]diplomacy.Result, len(orders))
	units, centres := counts(pos)
	left := map[Power]int{} // builds (> 0) or disbands (< 0) still open
	for i := range m.Powers {
		pw := Power(i)
		left[pw] = centres[pw] - units[pw]
		if left[pw] > 1 && m.HasRule("mobilize") && pos.Phase == m.Start {
			left[pw] = 1
		}
	}
	type build struct {
		u diplomacy.Unit
	}
	var builds []build
	builtAt := map[Province]bool{}
	disbanded := map[Province]bool{}
	for i, in := range orders {
		o := in.Order
		pw := in.Power
		out[i] = diplomacy.Invalid
		switch o.Type {
		case diplomacy.WaiveOrder:
			if left[pw] <= 0 {
				out[i] = diplomacy.Fails
				continue
			}
			left[pw]--
		case diplomacy.BuildOrder:
			if !validLoc(m, o.At) {
				continue
			}
			p := b.prov(o.At)
			at := o.At
			if o.Unit == diplomacy.Army {
				at = Loc(p) // an army's coast means nothing
			}
			switch {
			case !mayBuild(pos, pw, p):
				continue
			case builtAt[p]:
				out[i] = diplomacy.Fails
				continue
			case !b.canStand(o.Unit, at):
				continue
			case left[pw] <= 0:
				out[i] = diplomacy.Fails
				continue
			}
			left[pw]--
			builtAt[p] = true
			builds = append(builds, build{diplomacy.Unit{Type: o.Unit, Power: pw, Loc: at}})
		case diplomacy.DisbandOrder:
			if !validLoc(m, o.At) {
				continue
			}
			p := b.prov(o.At)
			u := pos.Units[p]
			switch {
			case u.Type == diplomacy.NoUnit, u.Power != pw, o.Unit != diplomacy.NoUnit && o.Unit != u.Type, disbanded[p]:
				continue
			case left[pw] >= 0:
				out[i] = diplomacy.Fails
				continue
			}
			left[pw]++
			disbanded[p] = true
		default:
			continue
		}
		out[i] = diplomacy.Succeeds
	}
	empty := diplomacy.Unit{Type: diplomacy.NoUnit, Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	for p := range disbanded {
		pos.Units[p] = empty
	}
	for _, x := range builds {
		pos.Units[b.prov(x.u.Loc)] = x.u
	}
	for i := range m.Powers {
		pw := Power(i)
		for ; left[pw] < 0; left[pw]++ {
			pos.Units[civilDisorderPick(pos, ed, pw)] = empty
		}
	}
	pos.Phase = diplomacy.Phase{Season: diplomacy.Spring, Year: pos.Phase.Year + 1, Type: diplomacy.Movement}
	return out
}

// civilDisorderPick is the unit civil disorder removes next: the farthest
// from the power's centres (2023: the centres it owns; before: its home
// centres), counting moves over any border as if any unit could go
// anywhere; at equal distance fleets before armies, then the first by the
// province's name.
func civilDisorderPick(pos *diplomacy.Position, ed diplomacy.Edition, pw Power) Province {
	b := board{pos.Map}
	m := b.m
	const far = 1 << 30
	dist := map[Province]int{}
	var queue []Province
	for i, pi := range m.Provinces {
		p := Province(i)
		counts := pi.Home == pw
		if ed == diplomacy.Edition2023 {
			counts = pi.Center && pos.Owners[p] == pw
		}
		if counts {
			dist[p] = 0
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		var next []Province
		next = append(next, m.ArmyNeighbours(p)...)
		for _, l := range append([]Loc{Loc(p)}, m.Provinces[p].Coasts...) {
			for _, k := range m.FleetNeighbours(l) {
				next = append(next, b.prov(k))
			}
		}
		for _, q := range next {
			if _, seen := dist[q]; !seen {
				dist[q] = dist[p] + 1
				queue = append(queue, q)
			}
		}
	}
	distance := func(p Province) int {
		if d, ok := dist[p]; ok {
			return d
		}
		return far
	}
	best := Province(0)
	found := false
	for i, u := range pos.Units {
		if u.Type == diplomacy.NoUnit || u.Power != pw {
			continue
		}
		p := Province(i)
		if !found {
			best, found = p, true
			continue
		}
		bu := pos.Units[best]
		switch {
		case distance(p) != distance(best):
			if distance(p) > distance(best) {
				best = p
			}
		case u.Type != bu.Type:
			if u.Type == diplomacy.Fleet {
				best = p
			}
		case m.Provinces[p].Name < m.Provinces[best].Name:
			best = p
		}
	}
	return best
}
