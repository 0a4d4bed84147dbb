package multiplicity

import (
	"fmt"

	"concordat/diplomacy"
)

// Step adjudicates the phase of pos (movement, retreat or adjustment) and
// changes pos into the position after it. out must have room for one
// Outcome per order.
func Step(pos *Position, orders []OrderIn, out []Outcome) {
	step(pos, orders, out)
}

// step is Step; after a movement phase it returns the dislodged units it
// disbanded at once because none of them could retreat.
func step(pos *Position, orders []OrderIn, out []Outcome) []Dislodged {
	switch pos.Phase.Type {
	case diplomacy.Movement:
		return movement(pos, orders, out)
	case diplomacy.Retreat:
		Retreats(pos, orders, out)
	default:
		Adjustments(pos, orders, out)
	}
	return nil
}

// Retreats adjudicates a retreat phase (rule 8): no merges or splits; a
// dislodged unit retreats whole where its list allows; when several
// retreat to one province the strongest gets there and the others are
// disbanded (all of them when the strongest are equal). Units without a
// retreat are disbanded.
func Retreats(pos *Position, orders []OrderIn, out []Outcome) {
	m := pos.Map
	target := make([]diplomacy.Loc, len(pos.Dislodged))
	order := make([]int, len(pos.Dislodged))
	for k := range target {
		target[k], order[k] = diplomacy.NoLoc, -1
	}
	for i, in := range orders {
		o := in.Order
		out[i] = Outcome{Result: diplomacy.Succeeds}
		if o.Kind == Move {
			o.Kind = Retreat
		}
		if o.Kind != Retreat && o.Kind != Disband {
			out[i] = invalid("this kind of order is not allowed in a retreat phase (no merges or splits)")
			continue
		}
		if o.Unit.At == diplomacy.NoLoc || int(o.Unit.At) >= len(m.Locs) {
			out[i] = invalid("the order names no unit")
			continue
		}
		p := m.Prov(o.Unit.At)
		k := -1
		for j, d := range pos.Dislodged {
			if m.Prov(d.Loc) == p {
				k = j
			}
		}
		if k < 0 {
			if !pos.Units[p].Empty() {
				out[i] = invalid("the unit at %s was not dislodged", m.LocName(pos.Units[p].Loc))
			} else {
				out[i] = invalid("there is no unit at %s", m.ProvName(p))
			}
			continue
		}
		d := pos.Dislodged[k]
		switch {
		case d.Power != in.Power:
			out[i] = invalid("the unit at %s is not yours", m.LocName(d.Loc))
			continue
		case o.Unit.Given && o.Unit.Comp != d.Comp:
			out[i] = invalid("the dislodged unit at %s is %s, not %s: it retreats or disbands whole", m.LocName(d.Loc), d.Comp, o.Unit.Comp)
			continue
		case order[k] >= 0:
			out[i] = invalid("the unit at %s already has an order", m.LocName(d.Loc))
			continue
		}
		order[k] = i
		if o.Kind == Disband {
			continue
		}
		l, ok := retreatTarget(m, d, o.To)
		if !ok {
			out[i] = invalid("%s may not retreat to %s", unitString(m, d.Comp, d.Loc), m.LocName(o.To))
			continue
		}
		target[k] = l
	}
	for k := range target {
		if target[k] == diplomacy.NoLoc {
			continue
		}
		q := m.Prov(target[k])
		best, n := 0, 0
		for j := range target {
			if target[j] != diplomacy.NoLoc && m.Prov(target[j]) == q {
				switch s := pos.Dislodged[j].Strength(); {
				case s > best:
					best, n = s, 1
				case s == best:
					n++
				}
			}
		}
		if s := pos.Dislodged[k].Strength(); s < best {
			out[order[k]] = fails("a stronger unit retreated to the same province: disbanded")
		} else if n == 2 && best == 1 {
			out[order[k]] = fails("another unit retreated to the same province: both disbanded")
		} else if n > 1 {
			out[order[k]] = fails("units of equal strength retreated to the same province: all disbanded")
		}
	}
	for k, d := range pos.Dislodged {
		if target[k] != diplomacy.NoLoc && out[order[k]].Result == diplomacy.Succeeds {
			u := d.Unit
			u.Loc = target[k]
			pos.Units[m.Prov(u.Loc)] = u
		}
	}
	pos.Dislodged = nil
	pos.Phase = afterRetreats(pos)
}

// retreatTarget finds the place in d's retreat list that `to` names.
func retreatTarget(m *diplomacy.Map, d Dislodged, to diplomacy.Loc) (diplomacy.Loc, bool) {
	if to == diplomacy.NoLoc || int(to) >= len(m.Locs) {
		return diplomacy.NoLoc, false
	}
	q := m.Prov(to)
	found, n := diplomacy.NoLoc, 0
	for _, l := range d.Retreats {
		if l == to {
			return l, true
		}
		if m.Prov(l) == q && (m.Locs[to].Coast == "" || d.Fleets == 0) {
			found, n = l, n+1
		}
	}
	return found, n == 1
}

// buildSites lists the provinces where power pw may build: the centres it
// owns where the map's build rules let it build (its home centres; any
// centre under build_any, and so on: diplomacy.Map.BuildSiteReason), empty
// or holding its own unit (rule 3: a build on an occupied home centre forms
// a multiple unit; here on any centre where the power may build).
func buildSites(pos *Position, pw diplomacy.Power) []diplomacy.Province {
	m := pos.Map
	var out []diplomacy.Province
	for i := range m.Provinces {
		p := diplomacy.Province(i)
		u := pos.Units[p]
		if m.BuildSiteReason(pos.Owners, pw, p) == diplomacy.NoReason && (u.Empty() || u.Power == pw) {
			out = append(out, p)
		}
	}
	return out
}

// notBuildSite says why the map's build rules keep power pw from building
// in province p, or "" when they do not.
func notBuildSite(pos *Position, pw diplomacy.Power, p diplomacy.Province) string {
	m := pos.Map
	name := m.ProvName(p)
	switch m.BuildSiteReason(pos.Owners, pw, p) {
	case diplomacy.NoReason:
		return ""
	case diplomacy.ReasonNotOwned:
		return name + " is not owned by the power"
	}
	switch {
	case m.HasRule("build_any"), m.HasRule("remote_builds") && !m.Provinces[p].Center:
		return name + " is not a supply centre"
	case m.HasRule("remote_builds"):
		return name + " is not a home centre of the power, and the power owns none of its home centres (remote builds need one)"
	case m.HasRule("home_builds"):
		return name + " is not a home centre of any power"
	}
	return name + " is not a home centre of the power"
}

// buildLimit caps a power's builds as the standard engine does: one in the
// map's first phase under the mobilize rule (1898: each power builds one
// unit in Winter 1898), otherwise its surplus of centres over parts.
func buildLimit(pos *Position, surplus int) int {
	if pos.Map.HasRule("mobilize") && pos.Phase == pos.Map.Start && surplus > 1 {
		return 1
	}
	return surplus
}

// Adjustments adjudicates a winter adjustment phase: each part of a unit
// needs a supply centre. A power with more centres than parts builds on the
// owned centres where the map's build rules let it build (its home centres
// unless the map says otherwise), empty or holding its own unit (the build
// joins it), as many parts as its surplus (one in the first phase under
// mobilize); one with fewer disbands parts ("Disband A par" removes one
// army from the unit in Paris, "Disband par" the whole unit). Disbands not
// written are made by the civil disorder rule (1971: the parts farthest
// from the home centres).
func Adjustments(pos *Position, orders []OrderIn, out []Outcome) {
	m := pos.Map
	parts, centers := pos.Parts(), pos.Centers()
	left := make([]int, len(m.Powers))
	for pw := range left {
		left[pw] = centers[pw] - parts[pw]
		if left[pw] > 0 {
			left[pw] = buildLimit(pos, left[pw])
		}
	}
	for i, in := range orders {
		o := in.Order
		pw := in.Power
		out[i] = Outcome{Result: diplomacy.Succeeds}
		switch o.Kind {
		case Waive:
			if left[pw] <= 0 {
				out[i] = fails("no builds left")
				continue
			}
			left[pw]--
		case Build:
			out[i] = build(pos, pw, o.Unit, &left[pw])
		case Disband:
			out[i] = disband(pos, pw, o.Unit, &left[pw])
		default:
			out[i] = invalid("this kind of order is not allowed in an adjustment phase")
		}
	}
	for pw := range left {
		for left[pw] < 0 {
			civilDisorder(pos, diplomacy.Power(pw))
			left[pw]++
		}
	}
	pos.Phase = diplomacy.Phase{Season: diplomacy.Spring, Year: pos.Phase.Year + 1, Type: diplomacy.Movement}
}

func build(pos *Position, pw diplomacy.Power, ref Ref, left *int) Outcome {
	m := pos.Map
	if !ref.Given || ref.At == diplomacy.NoLoc || int(ref.At) >= len(m.Locs) {
		return invalid("a build names its unit (A, F, 2A, A/F …) and place")
	}
	p := m.Prov(ref.At)
	if why := notBuildSite(pos, pw, p); why != "" {
		return invalid("%s", why)
	}
	u := pos.Units[p]
	if !u.Empty() && u.Power != pw {
		return invalid("%s is occupied by another power's unit", m.ProvName(p))
	}
	l := ref.At
	if ref.Comp.Fleets == 0 {
		l = diplomacy.Loc(p)
	}
	if !u.Empty() {
		switch {
		case u.Fleets > 0 && ref.Comp.Fleets > 0 && m.Locs[l].Coast != "" && l != u.Loc:
			return invalid("the unit at %s stands on another coast", m.LocName(u.Loc))
		case u.Fleets > 0 || ref.Comp.Fleets == 0:
			l = u.Loc
		}
	}
	total := u.Comp.Plus(ref.Comp)
	if err := CanStand(m, total, l); err != nil {
		if ref.Comp.Fleets > 0 && len(m.Provinces[p].Coasts) > 0 && m.Locs[l].Coast == "" {
			return invalid("a fleet built at %s needs its coast", m.ProvName(p))
		}
		return invalid("%v", err)
	}
	if ref.Comp.Strength() > *left {
		if ref.Comp.Strength() == 1 {
			return fails("no builds left")
		}
		return fails(fmt.Sprintf("no builds left (%d wanted, %d left)", ref.Comp.Strength(), max(*left, 0)))
	}
	*left -= ref.Comp.Strength()
	pos.Units[p] = Unit{Power: pw, Loc: l, Comp: total}
	return Outcome{Result: diplomacy.Succeeds}
}

func disband(pos *Position, pw diplomacy.Power, ref Ref, left *int) Outcome {
	m := pos.Map
	if ref.At == diplomacy.NoLoc || int(ref.At) >= len(m.Locs) {
		return invalid("the order names no unit")
	}
	p := m.Prov(ref.At)
	u := pos.Units[p]
	switch {
	case u.Empty():
		return invalid("there is no unit at %s", m.ProvName(p))
	case u.Power != pw:
		return invalid("the unit at %s is not yours", m.LocName(u.Loc))
	}
	c := u.Comp
	if ref.Given {
		c = ref.Comp
		if !u.Contains(c) {
			return invalid("the unit at %s is %s: it has no %s", m.LocName(u.Loc), u.Comp, c)
		}
	}
	rest := u.Minus(c)
	if m.Provinces[p].Kind == diplomacy.Sea && !rest.Empty() && !rest.Seaworthy() {
		return invalid("the A/F left at %s would not be seaworthy", m.ProvName(p))
	}
	if -*left < c.Strength() {
		return fails("no disbands owed")
	}
	*left += c.Strength()
	if rest.Empty() {
		pos.Units[p] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	} else {
		if rest.Fleets == 0 {
			u.Loc = diplomacy.Loc(p)
		}
		u.Comp = rest
		pos.Units[p] = u
	}
	return Outcome{Result: diplomacy.Succeeds}
}

// civilDisorder removes one part of power pw: from the unit farthest from
// its home centres (moves over any border), units with fleets before
// all-army units at equal distance, then by province name; a fleet part
// first, except that an A/F at sea loses an army (it must stay seaworthy).
func civilDisorder(pos *Position, pw diplomacy.Power) {
	m := pos.Map
	dist := homeDistances(m, pw)
	best := -1
	for i, u := range pos.Units {
		if u.Empty() || u.Power != pw {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := pos.Units[best]
		switch {
		case dist[i] > dist[best]:
			best = i
		case dist[i] < dist[best]:
		case u.Fleets > 0 && b.Fleets == 0:
			best = i
		case u.Fleets == 0 && b.Fleets > 0:
		case m.Provinces[i].Name < m.Provinces[best].Name:
			best = i
		}
	}
	if best < 0 {
		return
	}
	u := pos.Units[best]
	atSea := m.Provinces[best].Kind == diplomacy.Sea
	switch {
	case u.Strength() == 1:
		pos.Units[best] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
		return
	case atSea && u.Armies > 0, u.Fleets == 0:
		u.Armies--
	default:
		u.Fleets--
	}
	if u.Fleets == 0 {
		u.Loc = diplomacy.Loc(best)
	}
	pos.Units[best] = u
}

// homeDistances is each province's distance in moves over any border to
// the nearest home centre of pw.
func homeDistances(m *diplomacy.Map, pw diplomacy.Power) []int {
	const far = 1 << 30
	dist := make([]int, len(m.Provinces))
	var q []diplomacy.Province
	for i := range dist {
		dist[i] = far
		if m.Provinces[i].Home == pw {
			dist[i] = 0
			q = append(q, diplomacy.Province(i))
		}
	}
	for k := 0; k < len(q); k++ {
		p := q[k]
		visit := func(r diplomacy.Province) {
			if dist[r] == far {
				dist[r] = dist[p] + 1
				q = append(q, r)
			}
		}
		for _, r := range m.ArmyNeighbours(p) {
			visit(r)
		}
		locs := []diplomacy.Loc{diplomacy.Loc(p)}
		locs = append(locs, m.Provinces[p].Coasts...)
		for _, l := range locs {
			for _, n := range m.FleetNeighbours(l) {
				visit(m.Prov(n))
			}
		}
	}
	return dist
}
