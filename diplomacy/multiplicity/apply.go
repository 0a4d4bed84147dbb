package multiplicity

import (
	"fmt"

	"concordat/diplomacy"
)

// unseaworthyRemainders lists the provinces at sea whose unit would be left
// unseaworthy by the parts that split from it (rule 7).
func (r *resolver) unseaworthyRemainders() []diplomacy.Province {
	var out []diplomacy.Province
	for p := range r.pos.Units {
		pr := diplomacy.Province(p)
		if r.m.Provinces[pr].Kind != diplomacy.Sea || len(r.moves[pr]) == 0 || r.forcedOut[pr] {
			continue
		}
		if rem := r.remaining(pr, nil); !rem.Empty() && !rem.Seaworthy() {
			out = append(out, pr)
		}
	}
	return out
}

// dislodger is the group that dislodges what remains in p, or -1.
func (r *resolver) dislodger(p diplomacy.Province) int {
	for _, g := range r.into[p] {
		if !r.friendly(g) && r.res[g] {
			return g
		}
	}
	return -1
}

// report fills in the outcome of every order that was valid.
func (r *resolver) report() {
	m := r.m
	for k := range r.forces {
		f := &r.forces[k]
		if f.dead || r.arrives(k) {
			continue
		}
		why := "bounced"
		switch {
		case f.via && f.noPath:
			why = "the convoy was disrupted by a convoy paradox (Szykman rule)"
		case f.via && !r.path(k):
			why = "no convoy route"
		case f.carried:
			why = "the merge at sea did not form a seaworthy unit"
		case r.forcedOut[f.from]:
			why = "the A/F at sea would be left unseaworthy"
		}
		for _, i := range f.orders {
			if r.out[i].Result == diplomacy.Succeeds && r.out[i].Reason == "" {
				if k := r.orders[i].Order.Kind; k == Merge || k == Split {
					r.out[i] = fails(fmt.Sprintf("%s to %s: %s", unitString(m, f.comp, r.unit(f.from).Loc), m.ProvName(f.to), why))
				} else {
					r.out[i] = fails(why)
				}
			}
		}
	}
	for k := range r.supports {
		s := &r.supports[k]
		if s.void || r.out[s.order].Result != diplomacy.Succeeds {
			continue
		}
		switch got := r.supportStrength(k); {
		case got == 0:
			r.out[s.order] = fails("support cut")
		case got < s.strength:
			r.out[s.order] = fails(fmt.Sprintf("support partly cut: %d of %d given", got, s.strength))
		}
	}
	// Forced holds (rule 7) and the holds, supports and convoys of
	// dislodged units.
	for p, list := range r.ordered {
		pr := diplomacy.Province(p)
		dis := r.dislodger(pr) >= 0 && !r.remaining(pr, nil).Empty()
		for _, i := range list {
			o := r.orders[i].Order
			if r.out[i].Result != diplomacy.Succeeds || r.out[i].Reason != "" {
				continue
			}
			switch {
			case r.forcedOut[pr] && (o.Kind == Move || o.Kind == Split):
				r.out[i] = fails("the A/F at sea would be left unseaworthy")
			case dis && (o.Kind == Hold || o.Kind == Convoy || o.Kind == Merge):
				r.out[i] = fails("dislodged")
			}
		}
	}
}

// apply moves the units, lists the dislodged ones with their retreats and
// sets the next phase.
func (r *resolver) apply() {
	m := r.m
	pos := r.pos
	n := len(m.Provinces)
	next := make([]Unit, n)
	for i := range next {
		next[i] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	}
	var dis []Dislodged
	for p := range pos.Units {
		pr := diplomacy.Province(p)
		u := pos.Units[p]
		if u.Empty() {
			continue
		}
		rem := r.remaining(pr, nil)
		if rem.Empty() {
			continue
		}
		l := u.Loc
		if rem.Fleets == 0 {
			l = diplomacy.Loc(pr)
		}
		left := Unit{Power: u.Power, Loc: l, Comp: rem}
		if g := r.dislodger(pr); g >= 0 {
			d := Dislodged{Unit: left}
			for _, k := range r.groups[g].members {
				if r.path(k) {
					d.AttackerFrom = append(d.AttackerFrom, r.forces[k].from)
				}
			}
			dis = append(dis, d)
			continue
		}
		next[p] = left
	}
	for k := range r.forces {
		f := &r.forces[k]
		if f.dead || !r.arrives(k) {
			continue
		}
		cur := next[f.to]
		if cur.Empty() {
			l := f.toLoc
			if f.comp.Fleets == 0 {
				l = diplomacy.Loc(f.to)
			}
			next[f.to] = Unit{Power: r.unit(f.from).Power, Loc: l, Comp: f.comp}
			continue
		}
		cur.Comp = cur.Comp.Plus(f.comp)
		if m.Locs[cur.Loc].Coast == "" && f.comp.Fleets > 0 {
			cur.Loc = f.toLoc
		}
		next[f.to] = cur
	}
	pos.Units = next
	for i := range dis {
		dis[i].Retreats = r.retreatsFor(dis[i])
	}
	pos.Dislodged = dis
	for _, d := range dis {
		if len(d.Retreats) > 0 {
			pos.Phase = diplomacy.Phase{Season: pos.Phase.Season, Year: pos.Phase.Year, Type: diplomacy.Retreat}
			return
		}
	}
	// No dislodged unit can retreat: they are disbanded at once and the
	// retreat phase is skipped.
	r.disbanded, pos.Dislodged = dis, nil
	pos.Phase = afterRetreats(pos)
}

// retreatsFor lists where a dislodged unit may retreat: where its parts
// could move together, except occupied provinces, provinces left empty by
// a standoff and the provinces its attackers came from.
func (r *resolver) retreatsFor(d Dislodged) []diplomacy.Loc {
	out := []diplomacy.Loc{}
	for _, l := range destinations(r.m, d.Unit) {
		q := r.m.Prov(l)
		if !r.pos.Units[q].Empty() || containsProv(d.AttackerFrom, q) || r.contested(q) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// destinations lists where unit u could move without a convoy: an
// all-army unit on land by land, anything else along coasts and seas
// (into a sea only when seaworthy).
func destinations(m *diplomacy.Map, u Unit) []diplomacy.Loc {
	var out []diplomacy.Loc
	p := m.Prov(u.Loc)
	if u.Fleets == 0 && m.Provinces[p].Kind != diplomacy.Sea {
		for _, q := range m.ArmyNeighbours(p) {
			out = append(out, diplomacy.Loc(q))
		}
		return out
	}
	for _, l := range m.FleetNeighbours(u.Loc) {
		q := m.Prov(l)
		if u.Fleets == 0 {
			if m.Provinces[q].Kind == diplomacy.Coast {
				out = append(out, diplomacy.Loc(q))
			}
			continue
		}
		if m.Provinces[q].Kind == diplomacy.Sea && !u.Seaworthy() {
			continue
		}
		out = append(out, l)
	}
	return out
}

// contested reports whether province q saw a standoff: no move into it
// succeeded, and one that reached it did not lose a head-to-head battle.
func (r *resolver) contested(q diplomacy.Province) bool {
	for _, g := range r.into[q] {
		if r.res[g] {
			return false
		}
	}
	for _, g := range r.into[q] {
		if r.groupParts(g) == 0 {
			continue
		}
		lost := false
		for _, y := range r.headToHead(g) {
			lost = lost || r.arrives(y)
		}
		if !lost {
			return true
		}
	}
	return false
}

// afterRetreats ends the season: after the fall, centres change hands, and
// the adjustments follow when someone builds or disbands.
func afterRetreats(pos *Position) diplomacy.Phase {
	ph := pos.Phase
	if ph.Season == diplomacy.Spring {
		return diplomacy.Phase{Season: diplomacy.Fall, Year: ph.Year, Type: diplomacy.Movement}
	}
	for i, u := range pos.Units {
		if !u.Empty() && pos.Map.Provinces[i].Center {
			pos.Owners[i] = u.Power
		}
	}
	if pos.Winner() == diplomacy.NoPower && anyAdjustment(pos) {
		return diplomacy.Phase{Season: diplomacy.Winter, Year: ph.Year, Type: diplomacy.Adjustment}
	}
	return diplomacy.Phase{Season: diplomacy.Spring, Year: ph.Year + 1, Type: diplomacy.Movement}
}

// anyAdjustment reports whether some power must disband parts or can build.
func anyAdjustment(pos *Position) bool {
	parts, centers := pos.Parts(), pos.Centers()
	for pw := range pos.Map.Powers {
		switch {
		case centers[pw] < parts[pw]:
			return true
		case centers[pw] > parts[pw] && len(buildSites(pos, diplomacy.Power(pw))) > 0:
			return true
		}
	}
	return false
}
