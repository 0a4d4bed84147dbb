package diplomacy_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/diplomacy/internal/refadj"
)

// The comparison of the engine with the reference resolver of
// diplomacy/internal/refadj (issue 11): seeded random phases on every map,
// under every edition, each adjudicated by both; any difference in an
// order's result or in the position after the phase fails the test with a
// reduced reproduction (docs/adjudicate.md, "Checked against a reference
// resolver"). Both implement the four editions, so no difference is
// expected anywhere. The random positions are built dense: clusters of
// units around one province, seas full of fleets beside coastal armies,
// planted convoy paradoxes and special-border moves, several supports into
// one province, circular moves, and some illegal orders.

// comparePhases is the number of random movement phases of the full run
// (each may be followed by its retreat and adjustment phases).
const comparePhases = 100_000

// compareShortPhases is the number under -short.
const compareShortPhases = 10_000

// TestEngineAgreesWithReference runs the comparison; it stops after five
// differing phases. It runs beside the package's other tests (its state is
// its own).
func TestEngineAgreesWithReference(t *testing.T) {
	t.Parallel()
	n := comparePhases
	if testing.Short() {
		n = compareShortPhases
	}
	ids := diplomacy.MapIDs()
	if len(ids) != 48 {
		t.Fatalf("%d maps, want 48", len(ids))
	}
	var maps []*diplomacy.Map
	for _, id := range ids {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		maps = append(maps, m)
	}
	engines := map[string]*diplomacy.Adjudicator{}
	engine := func(m *diplomacy.Map, ed diplomacy.Edition) *diplomacy.Adjudicator {
		k := m.ID + "/" + ed.String()
		if engines[k] == nil {
			engines[k] = diplomacy.NewAdjudicator(m, ed)
		}
		return engines[k]
	}
	stats := map[diplomacy.PhaseType]int{}
	cov := coverage{}
	failures := 0
	var special []*diplomacy.Map // the maps with special borders, drawn more often
	for _, m := range maps {
		if m.Special() {
			special = append(special, m)
		}
	}
	for i := 0; i < n && failures < 5; i++ {
		m := maps[i%len(maps)]
		if i%5 == 4 && len(special) > 0 {
			m = special[(i/5)%len(special)]
		}
		g := newPhaseGen(m, uint64(i))
		ed := diplomacy.Edition(g.r.IntN(4))
		pos := g.position()
		for step := 0; step < 3; step++ {
			orders := g.orders(pos)
			stats[pos.Phase.Type]++
			if d := comparePhase(engine(m, ed), ed, pos, orders); d != "" {
				failures++
				pos, orders = reduce(engine(m, ed), ed, pos, orders)
				t.Errorf("phase %d (seed %d) on %s, rules %s: the engine and the reference differ: %s\n%s",
					i, i, m.ID, ed, comparePhase(engine(m, ed), ed, pos, orders), reproduction(engine(m, ed), ed, pos, orders))
				break
			}
			after := pos.Clone()
			out := make([]diplomacy.Outcome, len(orders))
			engine(m, ed).Step(after, orders, out)
			cov.count(pos, orders, out, after)
			if after.Phase.Type == diplomacy.Movement {
				break // the next phase would be a new movement phase: draw a fresh one instead
			}
			pos = after
		}
	}
	t.Logf("compared %d movement, %d retreat and %d adjustment phases on %d maps",
		stats[diplomacy.Movement], stats[diplomacy.Retreat], stats[diplomacy.Adjustment], len(maps))
	t.Logf("what they covered: %s", cov)
	if failures == 0 {
		cov.check(t, n)
	}
}

// coverage counts what the random phases exercised, so that the comparison
// cannot pass by testing nothing interesting.
type coverage map[string]int

func (c coverage) String() string {
	var keys []string
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, c[k]))
	}
	return strings.Join(parts, ", ")
}

// count records the features of one adjudicated phase (as the engine saw it).
func (c coverage) count(pos *diplomacy.Position, orders []diplomacy.OrderIn, out []diplomacy.Outcome, after *diplomacy.Position) {
	m := pos.Map
	moved := map[diplomacy.Province]diplomacy.Province{}
	for i, in := range orders {
		o := in.Order
		c["order "+out[i].Result.String()]++
		switch out[i].Reason {
		case diplomacy.ReasonParadox:
			c["Szykman paradox"]++
		case diplomacy.ReasonCut:
			c["support cut"]++
		case diplomacy.ReasonRetreatBounce:
			c["retreat bounce"]++
		case diplomacy.ReasonFrozen:
			c["caught in a closing province"]++
		case diplomacy.ReasonNoPermission:
			c["canal without permission"]++
		case diplomacy.ReasonRailBusy:
			c["second railroad move"]++
		}
		if out[i].Result != diplomacy.Succeeds {
			continue
		}
		switch o.Type {
		case diplomacy.Move:
			from, to := m.Prov(o.At), m.Prov(o.To)
			moved[from] = to
			u := pos.Units[from]
			switch {
			case u.Type == diplomacy.Army && !containsProvince(m.ArmyNeighbours(from), to) && len(m.Railroads) > 0:
				c["convoy or railroad move on colonial"]++
			case u.Type == diplomacy.Army && !containsProvince(m.ArmyNeighbours(from), to):
				c["convoyed move"]++
			case u.Type == diplomacy.Fleet && !m.Reaches(diplomacy.Fleet, u.Loc, to):
				c["canal move"]++
			}
			if k := m.BorderBetween(u.Type, from, to); k != diplomacy.PlainBorder {
				c[k.String()+" border move"]++
			}
		case diplomacy.ConvoyOrder:
			c["convoy"]++
		case diplomacy.SupportOrder:
			c["support given"]++
		case diplomacy.BuildOrder:
			c["build"]++
		case diplomacy.DisbandOrder:
			c["disband"]++
		case diplomacy.RetreatOrder:
			c["retreat"]++
		}
	}
	for from := range moved { // circular movements
		p := from
		for k := 0; k < 8; k++ {
			next, ok := moved[p]
			if !ok {
				break
			}
			if p = next; p == from {
				c["circular movement"]++
				break
			}
		}
	}
	c["dislodged"] += len(after.Dislodged)
	if pos.Phase.Type == diplomacy.Adjustment {
		units, centres := pos.CountUnits(), pos.CountCenters()
		for pw := range units {
			if centres[pw] < units[pw] {
				c["power owing disbands"]++
			}
		}
	}
}

// check fails the test when the phases missed a feature worth testing.
func (c coverage) check(t *testing.T, phases int) {
	t.Helper()
	for _, k := range []string{"Szykman paradox", "support cut", "retreat bounce", "caught in a closing province",
		"canal without permission", "second railroad move", "convoy or railroad move on colonial", "convoyed move", "canal move", "convoy",
		"support given", "build", "disband", "retreat", "circular movement", "dislodged", "power owing disbands",
		"weak border move", "river border move", "order invalid", "order fails"} {
		if c[k]*5000 < phases {
			t.Errorf("only %d × %s in %d phases: the random positions miss it", c[k], k, phases)
		}
	}
}

func containsProvince(list []diplomacy.Province, p diplomacy.Province) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// comparePhase adjudicates the phase with both resolvers and describes the
// first difference, or returns "".
func comparePhase(a *diplomacy.Adjudicator, ed diplomacy.Edition, pos *diplomacy.Position, orders []diplomacy.OrderIn) string {
	m := pos.Map
	fast := pos.Clone()
	out := make([]diplomacy.Outcome, len(orders))
	a.Step(fast, orders, out)
	ref := refadj.Resolve(pos, ed, orders, refadj.Options{})
	var diffs []string
	for i, o := range orders {
		if out[i].Result != ref.Results[i] {
			diffs = append(diffs, fmt.Sprintf("%s %q: engine %s (%s), reference %s", m.PowerName(o.Power),
				o.Order.String(m), out[i].Result, out[i].Text(m), ref.Results[i]))
		}
	}
	if d := positionDiff(fast, ref.After); d != "" {
		diffs = append(diffs, d)
	}
	return strings.Join(diffs, "; ")
}

// positionDiff describes how two positions differ, or returns "".
func positionDiff(a, b *diplomacy.Position) string {
	m := a.Map
	var diffs []string
	if a.Phase != b.Phase {
		diffs = append(diffs, fmt.Sprintf("next phase: engine %s, reference %s", a.Phase, b.Phase))
	}
	for i := range a.Units {
		if a.Units[i] != b.Units[i] {
			diffs = append(diffs, fmt.Sprintf("%s: engine %s, reference %s", m.ProvName(diplomacy.Province(i)),
				unitText(m, a.Units[i]), unitText(m, b.Units[i])))
		}
		if a.Owners[i] != b.Owners[i] {
			diffs = append(diffs, fmt.Sprintf("owner of %s: engine %q, reference %q", m.ProvName(diplomacy.Province(i)),
				m.PowerName(a.Owners[i]), m.PowerName(b.Owners[i])))
		}
	}
	da, db := dislodgedText(a), dislodgedText(b)
	if da != db {
		diffs = append(diffs, fmt.Sprintf("dislodged: engine [%s], reference [%s]", da, db))
	}
	return strings.Join(diffs, "; ")
}

func unitText(m *diplomacy.Map, u diplomacy.Unit) string {
	if u.Type == diplomacy.NoUnit {
		return "none"
	}
	return m.PowerName(u.Power) + " " + u.Type.String() + " " + m.LocName(u.Loc)
}

// dislodgedText lists a position's dislodged units with their attacker
// and retreats, sorted.
func dislodgedText(pos *diplomacy.Position) string {
	m := pos.Map
	var out []string
	for _, d := range pos.Dislodged {
		var rs []string
		for _, r := range d.Retreats {
			rs = append(rs, m.LocName(r))
		}
		sort.Strings(rs)
		out = append(out, fmt.Sprintf("%s from %s retreats %v", unitText(m, d.Unit), m.ProvName(d.AttackerFrom), rs))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// reduce shrinks a differing phase: it drops units (with their orders) and
// orders one at a time while the resolvers still differ.
func reduce(a *diplomacy.Adjudicator, ed diplomacy.Edition, pos *diplomacy.Position, orders []diplomacy.OrderIn) (*diplomacy.Position, []diplomacy.OrderIn) {
	m := pos.Map
	differs := func(p *diplomacy.Position, o []diplomacy.OrderIn) bool { return comparePhase(a, ed, p, o) != "" }
	if try := pos.Clone(); true {
		for p := range try.Owners {
			try.Owners[p] = diplomacy.NoPower
		}
		if differs(try, orders) {
			pos = try
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(orders); i++ {
			try := append(append([]diplomacy.OrderIn(nil), orders[:i]...), orders[i+1:]...)
			if differs(pos, try) {
				orders, changed = try, true
				i--
			}
		}
		for p := range pos.Units {
			if pos.Units[p].Type == diplomacy.NoUnit {
				continue
			}
			try := pos.Clone()
			try.Units[p] = diplomacy.Unit{Type: diplomacy.NoUnit, Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
			var kept []diplomacy.OrderIn
			for _, o := range orders {
				if o.Order.At == diplomacy.NoLoc || int(o.Order.At) >= len(m.Locs) || m.Prov(o.Order.At) != diplomacy.Province(p) {
					kept = append(kept, o)
				}
			}
			if differs(try, kept) {
				pos, orders, changed = try, kept, true
			}
		}
	}
	return pos, orders
}

// reproduction writes the phase as input for `concordat adjudicate`, with
// both resolvers' results.
func reproduction(a *diplomacy.Adjudicator, ed diplomacy.Edition, pos *diplomacy.Position, orders []diplomacy.OrderIn) string {
	m := pos.Map
	in := map[string]any{}
	raw, _ := json.Marshal(diplomacy.PositionJSON(pos))
	_ = json.Unmarshal(raw, &in)
	delete(in, "winner")
	in["variant"], in["rules"] = m.ID, ed.String()
	byPower := map[string][]string{}
	for _, o := range orders {
		byPower[m.PowerName(o.Power)] = append(byPower[m.PowerName(o.Power)], o.Order.String(m))
	}
	in["orders"] = byPower
	phase, _ := json.Marshal(in)
	fast := pos.Clone()
	out := make([]diplomacy.Outcome, len(orders))
	a.Step(fast, orders, out)
	ref := refadj.Resolve(pos, ed, orders, refadj.Options{})
	var b strings.Builder
	fmt.Fprintf(&b, "  phase: %s\n", phase)
	for i, o := range orders {
		fmt.Fprintf(&b, "  %s %q: engine %s (%s), reference %s\n", m.PowerName(o.Power), o.Order.String(m),
			out[i].Result, out[i].Text(m), ref.Results[i])
	}
	if d := positionDiff(fast, ref.After); d != "" {
		fmt.Fprintf(&b, "  after: %s\n", d)
	}
	return b.String()
}

// phaseGen draws random positions and orders on one map.
type phaseGen struct {
	m  *diplomacy.Map
	r  *rand.Rand
	nb [][]diplomacy.Province // the provinces next to each, by any border
	// plan holds orders chosen with the position (a convoy paradox's), by
	// the ordered unit's province.
	plan map[diplomacy.Province]diplomacy.Order
}

// neighbourCache keeps each map's neighbour lists between phases.
var neighbourCache = map[*diplomacy.Map][][]diplomacy.Province{}

func newPhaseGen(m *diplomacy.Map, seed uint64) *phaseGen {
	g := &phaseGen{m: m, r: rand.New(rand.NewPCG(seed, 0x5eed_11))}
	if neighbourCache[m] == nil {
		nb := make([][]diplomacy.Province, len(m.Provinces))
		for p := range nb {
			nb[p] = g.computeNeighbours(diplomacy.Province(p))
		}
		neighbourCache[m] = nb
	}
	g.nb = neighbourCache[m]
	return g
}

func (g *phaseGen) chance(num, den int) bool { return g.r.IntN(den) < num }

func (g *phaseGen) pick(n int) int { return g.r.IntN(n) }

// neighbours lists the provinces next to p by any border.
func (g *phaseGen) neighbours(p diplomacy.Province) []diplomacy.Province { return g.nb[p] }

func (g *phaseGen) computeNeighbours(p diplomacy.Province) []diplomacy.Province {
	m := g.m
	seen := map[diplomacy.Province]bool{}
	var out []diplomacy.Province
	add := func(q diplomacy.Province) {
		if !seen[q] && q != p {
			seen[q] = true
			out = append(out, q)
		}
	}
	for _, q := range m.ArmyNeighbours(p) {
		add(q)
	}
	for _, l := range append([]diplomacy.Loc{diplomacy.Loc(p)}, m.Provinces[p].Coasts...) {
		for _, k := range m.FleetNeighbours(l) {
			add(m.Prov(k))
		}
	}
	return out
}

// around lists the provinces within depth borders of p, nearest first.
func (g *phaseGen) around(p diplomacy.Province, depth int) []diplomacy.Province {
	dist := make([]int8, len(g.m.Provinces))
	for i := range dist {
		dist[i] = -1
	}
	dist[p] = 0
	out := []diplomacy.Province{p}
	for i := 0; i < len(out); i++ {
		q := out[i]
		if int(dist[q]) == depth {
			continue
		}
		for _, r := range g.neighbours(q) {
			if dist[r] < 0 {
				dist[r] = dist[q] + 1
				out = append(out, r)
			}
		}
	}
	return out
}

// specialProvinces lists the provinces the map's special borders touch.
func (g *phaseGen) specialProvinces() []diplomacy.Province {
	m := g.m
	var out []diplomacy.Province
	for _, b := range m.Borders {
		out = append(out, b.A, b.B)
	}
	for _, c := range m.Canals {
		out = append(out, c.A, c.B, c.Via)
	}
	for _, r := range m.Railroads {
		out = append(out, r.Stations...)
	}
	for i := range m.Provinces {
		if !m.Open(diplomacy.Province(i), diplomacy.Fall) {
			out = append(out, diplomacy.Province(i))
		}
	}
	return out
}

// place puts a random unit of power pw in p, if one can stand there.
func (g *phaseGen) place(pos *diplomacy.Position, p diplomacy.Province, pw diplomacy.Power, fleetBias int) {
	m := g.m
	pi := m.Provinces[p]
	switch pi.Kind {
	case diplomacy.Sea:
		pos.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: pw, Loc: diplomacy.Loc(p)})
	case diplomacy.Inland:
		pos.Place(diplomacy.Unit{Type: diplomacy.Army, Power: pw, Loc: diplomacy.Loc(p)})
	default:
		if g.chance(fleetBias, 10) {
			l := diplomacy.Loc(p)
			if len(pi.Coasts) > 0 {
				l = pi.Coasts[g.pick(len(pi.Coasts))]
			}
			pos.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: pw, Loc: l})
		} else {
			pos.Place(diplomacy.Unit{Type: diplomacy.Army, Power: pw, Loc: diplomacy.Loc(p)})
		}
	}
}

// position draws a movement (now and then an adjustment) position.
func (g *phaseGen) position() *diplomacy.Position {
	m := g.m
	pos := diplomacy.NewPosition(m)
	pos.Phase = diplomacy.Phase{Season: diplomacy.Season(g.pick(2)), Year: m.Start.Year + g.pick(3), Type: diplomacy.Movement}
	np := len(m.Provinces)
	powers := make([]diplomacy.Power, 2+g.pick(3))
	for i := range powers {
		powers[i] = diplomacy.Power(g.pick(len(m.Powers)))
	}
	power := func() diplomacy.Power { return powers[g.pick(len(powers))] }
	switch style := g.pick(10); {
	case style == 0: // the map's opening position
		pos = diplomacy.StartPosition(m)
		pos.Phase = diplomacy.Phase{Season: diplomacy.Season(g.pick(2)), Year: m.Start.Year, Type: diplomacy.Movement}
	case style <= 2: // the whole board, thinly
		for p := 0; p < np; p++ {
			if g.chance(1, 3) {
				g.place(pos, diplomacy.Province(p), power(), 4)
			}
		}
	case style <= 5: // seas full of fleets beside coastal armies
		var seas []diplomacy.Province
		for p := 0; p < np; p++ {
			if m.Provinces[p].Kind == diplomacy.Sea {
				seas = append(seas, diplomacy.Province(p))
			}
		}
		if len(seas) == 0 {
			break
		}
		for _, p := range g.around(seas[g.pick(len(seas))], 2+g.pick(2)) {
			switch m.Provinces[p].Kind {
			case diplomacy.Sea:
				if g.chance(8, 10) {
					g.place(pos, p, power(), 10)
				}
			case diplomacy.Coast:
				if g.chance(6, 10) {
					g.place(pos, p, power(), 2)
				}
			default:
				if g.chance(3, 10) {
					g.place(pos, p, power(), 0)
				}
			}
		}
	default: // a dense cluster around one province (often a special border's)
		centre := diplomacy.Province(g.pick(np))
		if sp := g.specialProvinces(); len(sp) > 0 && g.chance(1, 2) {
			centre = sp[g.pick(len(sp))]
		}
		for _, p := range g.around(centre, 1+g.pick(3)) {
			if g.chance(7, 10) {
				g.place(pos, p, power(), 4)
			}
		}
	}
	pos.DefaultOwners()
	for p := range pos.Owners { // some centres change hands
		if m.Provinces[p].Center && g.chance(1, 4) {
			pos.Owners[p] = diplomacy.NoPower
			if g.chance(2, 3) {
				pos.Owners[p] = power()
			}
		}
	}
	if g.chance(1, 12) {
		pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: pos.Phase.Year, Type: diplomacy.Adjustment}
	} else if g.chance(1, 3) {
		g.plantParadox(pos, powers)
	} else if len(g.specialProvinces()) > 0 && g.chance(2, 3) {
		g.plantSpecial(pos, powers)
	}
	return pos
}

// plantSpecial places units at one of the map's special borders and plans
// their orders: a move across it (a canal move with or without the
// permission of the unit at the canal, a railroad move, a crossing of a
// weak or river border), with a support or a rival move now and then.
func (g *phaseGen) plantSpecial(pos *diplomacy.Position, powers []diplomacy.Power) {
	m := g.m
	power := func() diplomacy.Power { return powers[g.pick(len(powers))] }
	if g.plan == nil {
		g.plan = map[diplomacy.Province]diplomacy.Order{}
	}
	// The mover from `from` to `to` and, now and then, a unit in `to` and
	// supports and rivals from the units around.
	around := func(mover diplomacy.Unit, to diplomacy.Province) {
		pos.Place(mover)
		o := order(diplomacy.Move, mover)
		o.To = diplomacy.Loc(to)
		g.plan[m.Prov(mover.Loc)] = o
		for _, q := range g.neighbours(to) {
			u := pos.Units[q]
			if _, planned := g.plan[q]; planned || u.Type == diplomacy.NoUnit || !containsProvince(g.reach(u), to) {
				continue
			}
			switch g.pick(3) {
			case 0:
				sp := order(diplomacy.SupportOrder, u)
				sp.AuxUnit, sp.Aux, sp.To = mover.Type, mover.Loc, diplomacy.Loc(to)
				g.plan[q] = sp
			case 1:
				mv := order(diplomacy.Move, u)
				mv.To = diplomacy.Loc(to)
				g.plan[q] = mv
			}
		}
		from := m.Prov(mover.Loc)
		for _, q := range g.neighbours(from) { // attacks on the mover, which may stay
			u := pos.Units[q]
			if _, planned := g.plan[q]; !planned && u.Type != diplomacy.NoUnit && u.Power != mover.Power &&
				containsProvince(g.reach(u), from) && g.chance(1, 3) {
				mv := order(diplomacy.Move, u)
				mv.To = diplomacy.Loc(from)
				g.plan[q] = mv
			}
		}
	}
	switch k := g.pick(4); {
	case k == 0 && len(m.Canals) > 0:
		c := m.Canals[g.pick(len(m.Canals))]
		from, to := c.A, c.B
		if g.chance(1, 2) {
			from, to = to, from
		}
		fleet := diplomacy.Unit{Type: diplomacy.Fleet, Power: power(), Loc: diplomacy.Loc(from)}
		// Fleets beside both ends: to support the canal move, to attack the
		// fleet where it stands, and to support that attack.
		for _, end := range []diplomacy.Province{to, from, from} {
			var spots []diplomacy.Province
			for _, q := range g.neighbours(end) {
				if q != c.Via && q != from && q != to && pos.Units[q].Type == diplomacy.NoUnit && m.Provinces[q].Kind != diplomacy.Inland &&
					len(m.Provinces[q].Coasts) == 0 && g.chance(1, 2) {
					spots = append(spots, q)
				}
			}
			if len(spots) > 0 {
				pos.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: power(), Loc: diplomacy.Loc(spots[g.pick(len(spots))])})
			}
		}
		around(fleet, to)
		if g.chance(3, 4) {
			g.place(pos, c.Via, power(), 5)
			v := pos.Units[c.Via]
			o := order(diplomacy.SupportOrder, v)
			o.AuxUnit, o.Aux, o.To = diplomacy.Fleet, fleet.Loc, diplomacy.Loc(to)
			if g.chance(1, 5) {
				o = order(diplomacy.Hold, v)
			}
			g.plan[c.Via] = o
		}
	case k == 1 && len(m.Railroads) > 0:
		r := m.Railroads[g.pick(len(m.Railroads))]
		for n := 1 + g.pick(2); n > 0; n-- {
			i, j := g.pick(len(r.Stations)), g.pick(len(r.Stations))
			if i == j {
				continue
			}
			around(diplomacy.Unit{Type: r.Unit, Power: r.Power, Loc: diplomacy.Loc(r.Stations[i])}, r.Stations[j])
		}
		if g.chance(1, 3) { // a foreign unit on the line
			g.place(pos, r.Stations[g.pick(len(r.Stations))], power(), 0)
		}
	case k == 2 && len(m.Borders) > 0:
		b := m.Borders[g.pick(len(m.Borders))]
		from, to := b.A, b.B
		if g.chance(1, 2) {
			from, to = to, from
		}
		t := b.Unit
		if t == diplomacy.NoUnit {
			t = diplomacy.Army
		}
		l := diplomacy.Loc(from)
		if cs := m.Provinces[from].Coasts; t == diplomacy.Fleet && len(cs) > 0 {
			l = cs[g.pick(len(cs))]
		}
		if !m.CanStand(t, l) {
			return
		}
		if g.chance(1, 2) {
			g.place(pos, to, power(), 5)
		}
		around(diplomacy.Unit{Type: t, Power: power(), Loc: l}, to)
	default:
		for p := range m.Provinces { // a fleet in a province that closes
			if !m.Open(diplomacy.Province(p), diplomacy.Fall) && m.Provinces[p].Kind == diplomacy.Sea {
				pos.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: power(), Loc: diplomacy.Loc(p)})
				pos.Phase.Season = diplomacy.Fall
			}
		}
	}
}

// plantParadox places the units of a convoy paradox (DATC 6.F.14 and its
// relatives) somewhere on the board and plans their orders: an army
// convoyed by a fleet into a province whose unit supports an attack on
// that fleet; now and then with a second convoying fleet, a support of the
// convoying fleet, or a support of the convoyed army.
func (g *phaseGen) plantParadox(pos *diplomacy.Position, powers []diplomacy.Power) {
	m := g.m
	var seas []diplomacy.Province
	for p := range m.Provinces {
		if m.Provinces[p].Kind == diplomacy.Sea {
			seas = append(seas, diplomacy.Province(p))
		}
	}
	if len(seas) == 0 {
		return
	}
	f := seas[g.pick(len(seas))]
	var coasts, fleetSpots []diplomacy.Loc
	for _, k := range m.FleetNeighbours(diplomacy.Loc(f)) {
		if m.Provinces[m.Prov(k)].Kind == diplomacy.Coast {
			coasts = append(coasts, k)
		}
		fleetSpots = append(fleetSpots, k)
	}
	if len(coasts) < 2 || len(fleetSpots) < 3 {
		return
	}
	g.r.Shuffle(len(coasts), func(i, j int) { coasts[i], coasts[j] = coasts[j], coasts[i] })
	origin, target := m.Prov(coasts[0]), coasts[1] // the army's coast; the supporter's (a fleet's) place
	var attackers []diplomacy.Loc
	for _, k := range fleetSpots {
		if q := m.Prov(k); q != origin && q != m.Prov(target) {
			attackers = append(attackers, k)
		}
	}
	g.r.Shuffle(len(attackers), func(i, j int) { attackers[i], attackers[j] = attackers[j], attackers[i] })
	x := attackers[0]
	p1, p2 := powers[0], powers[len(powers)-1]
	if p1 == p2 {
		p2 = diplomacy.Power((int(p1) + 1) % len(m.Powers))
	}
	if len(attackers) >= 4 && g.chance(1, 2) {
		// A second support of the attack, and a rival attack with one
		// support: the paradox then has two resolutions (a standoff that
		// keeps the convoy, or a dislodgement that breaks it).
		p3 := diplomacy.Power((int(p2) + 1) % len(m.Powers))
		for _, k := range attackers[1:4] {
			pos.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: p3, Loc: k})
		}
		n, l, d := pos.Units[m.Prov(attackers[1])], pos.Units[m.Prov(attackers[2])], pos.Units[m.Prov(attackers[3])]
		g.plan = map[diplomacy.Province]diplomacy.Order{}
		o := order(diplomacy.SupportOrder, n)
		o.AuxUnit, o.Aux, o.To = diplomacy.Fleet, x, diplomacy.Loc(f)
		g.plan[m.Prov(n.Loc)] = o
		o = order(diplomacy.Move, l)
		o.To = diplomacy.Loc(f)
		g.plan[m.Prov(l.Loc)] = o
		o = order(diplomacy.SupportOrder, d)
		o.AuxUnit, o.Aux, o.To = diplomacy.Fleet, l.Loc, diplomacy.Loc(f)
		g.plan[m.Prov(d.Loc)] = o
	}
	army := diplomacy.Unit{Type: diplomacy.Army, Power: p1, Loc: diplomacy.Loc(origin)}
	fleet := diplomacy.Unit{Type: diplomacy.Fleet, Power: p1, Loc: diplomacy.Loc(f)}
	sup := diplomacy.Unit{Type: diplomacy.Fleet, Power: p2, Loc: target}
	atk := diplomacy.Unit{Type: diplomacy.Fleet, Power: p2, Loc: x}
	for _, u := range []diplomacy.Unit{army, fleet, sup, atk} {
		pos.Place(u)
	}
	if g.plan == nil {
		g.plan = map[diplomacy.Province]diplomacy.Order{}
	}
	mv := order(diplomacy.Move, army)
	mv.To = diplomacy.Loc(m.Prov(target))
	g.plan[origin] = mv
	c := order(diplomacy.ConvoyOrder, fleet)
	c.AuxUnit, c.Aux, c.To = diplomacy.Army, army.Loc, mv.To
	g.plan[f] = c
	a := order(diplomacy.Move, atk)
	a.To = diplomacy.Loc(f)
	g.plan[m.Prov(x)] = a
	sp := order(diplomacy.SupportOrder, sup)
	sp.AuxUnit, sp.Aux, sp.To = diplomacy.Fleet, atk.Loc, diplomacy.Loc(f)
	g.plan[m.Prov(target)] = sp
	// Extras around it: another convoying fleet, a support of the convoying
	// fleet or of the convoyed army, from units already on the board.
	for _, q := range g.neighbours(f) {
		u := pos.Units[q]
		if u.Type == diplomacy.NoUnit || g.plan[q].Type != diplomacy.Hold || q == f {
			continue
		}
		if _, planned := g.plan[q]; planned {
			continue
		}
		switch k := g.pick(4); {
		case k == 0 && u.Type == diplomacy.Fleet && m.Provinces[q].Kind == diplomacy.Sea:
			o := order(diplomacy.ConvoyOrder, u)
			o.AuxUnit, o.Aux, o.To = diplomacy.Army, army.Loc, mv.To
			g.plan[q] = o
		case k == 1 && u.Type == diplomacy.Fleet:
			o := order(diplomacy.SupportOrder, u)
			o.AuxUnit, o.Aux = diplomacy.Fleet, fleet.Loc
			g.plan[q] = o
		case k == 2:
			o := order(diplomacy.SupportOrder, u)
			o.AuxUnit, o.Aux, o.To = diplomacy.Army, army.Loc, mv.To
			g.plan[q] = o
		}
	}
}

// orders draws orders for the phase pos is in.
func (g *phaseGen) orders(pos *diplomacy.Position) []diplomacy.OrderIn {
	var out []diplomacy.OrderIn
	switch pos.Phase.Type {
	case diplomacy.Movement:
		out = g.movementOrders(pos)
	case diplomacy.Retreat:
		out = g.retreatOrders(pos)
	default:
		out = g.adjustmentOrders(pos)
	}
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func order(t diplomacy.OrderType, u diplomacy.Unit) diplomacy.Order {
	return diplomacy.Order{Type: t, Unit: u.Type, At: u.Loc, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}
}

// moveTargets lists where a unit might be ordered to move: its neighbours,
// and the far ends of the canals and railroads it stands on.
func (g *phaseGen) moveTargets(u diplomacy.Unit) []diplomacy.Loc {
	m := g.m
	p := m.Prov(u.Loc)
	var out []diplomacy.Loc
	if u.Type == diplomacy.Army {
		for _, q := range m.ArmyNeighbours(p) {
			out = append(out, diplomacy.Loc(q))
		}
		for _, r := range m.Railroads {
			if containsProvince(r.Stations, p) {
				for _, s := range r.Stations {
					out = append(out, diplomacy.Loc(s))
				}
			}
		}
		return out
	}
	for _, k := range m.FleetNeighbours(u.Loc) {
		out = append(out, k)
		if m.Locs[k].Coast != "" && g.chance(1, 4) {
			out = append(out, diplomacy.Loc(m.Prov(k))) // the coast left unsaid
		}
	}
	for _, c := range m.Canals {
		if c.A == p || c.B == p {
			out = append(out, diplomacy.Loc(c.A), diplomacy.Loc(c.B))
		}
	}
	return out
}

// reach lists the provinces a unit could move into without a convoy (what
// it may support into).
func (g *phaseGen) reach(u diplomacy.Unit) []diplomacy.Province {
	m := g.m
	if u.Type == diplomacy.Army {
		return m.ArmyNeighbours(m.Prov(u.Loc))
	}
	var out []diplomacy.Province
	for _, k := range m.FleetNeighbours(u.Loc) {
		if !containsProvince(out, m.Prov(k)) {
			out = append(out, m.Prov(k))
		}
	}
	return out
}

// fleetRoute finds, through seas holding fleets, a chain from the army's
// coast to some other coast (a random one of those the chain reaches,
// preferring occupied ones): the destination and the fleets of the chain.
func (g *phaseGen) fleetRoute(pos *diplomacy.Position, from diplomacy.Province) (diplomacy.Province, []diplomacy.Province, bool) {
	m := g.m
	isFleetAtSea := func(q diplomacy.Province) bool {
		return m.Provinces[q].Kind == diplomacy.Sea && pos.Units[q].Type == diplomacy.Fleet
	}
	prev := map[diplomacy.Province]diplomacy.Province{}
	var queue []diplomacy.Province
	for _, q := range g.neighbours(from) {
		if isFleetAtSea(q) {
			prev[q] = from
			queue = append(queue, q)
		}
	}
	g.r.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
	type end struct{ dest, sea diplomacy.Province }
	var ends, occupied []end
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		for _, q := range g.neighbours(f) {
			switch {
			case isFleetAtSea(q):
				if _, seen := prev[q]; !seen {
					prev[q] = f
					queue = append(queue, q)
				}
			case q != from && m.Provinces[q].Kind == diplomacy.Coast:
				ends = append(ends, end{q, f})
				if pos.Units[q].Type != diplomacy.NoUnit {
					occupied = append(occupied, end{q, f})
				}
			}
		}
	}
	if len(ends) == 0 {
		return 0, nil, false
	}
	e := ends[g.pick(len(ends))]
	if len(occupied) > 0 && g.chance(2, 3) {
		e = occupied[g.pick(len(occupied))]
	}
	var chain []diplomacy.Province
	for f := e.sea; f != from; f = prev[f] {
		chain = append(chain, f)
	}
	return e.dest, chain, true
}

// movementOrders draws the orders of a movement phase: moves (half of them
// attacks on occupied provinces, some by convoy along fleets that are then
// ordered to convoy), convoys, supports of what the units around do (often
// into a province already attacked, or of a convoying fleet), a circular
// movement now and then, and a few illegal orders.
func (g *phaseGen) movementOrders(pos *diplomacy.Position) []diplomacy.OrderIn {
	m := g.m
	type planned struct {
		u     diplomacy.Unit
		o     diplomacy.Order
		ready bool
	}
	var units []*planned
	byProv := map[diplomacy.Province]*planned{}
	for _, u := range pos.Units {
		if u.Type != diplomacy.NoUnit {
			pl := &planned{u: u, o: order(diplomacy.Hold, u)}
			units = append(units, pl)
			byProv[m.Prov(u.Loc)] = pl
		}
	}
	if len(units) == 0 {
		return nil
	}
	g.r.Shuffle(len(units), func(i, j int) { units[i], units[j] = units[j], units[i] })
	var plannedAt []diplomacy.Province
	for p := range g.plan {
		plannedAt = append(plannedAt, p)
	}
	sort.Slice(plannedAt, func(i, j int) bool { return plannedAt[i] < plannedAt[j] })
	for _, p := range plannedAt { // the planted orders, most of them
		if pl, o := byProv[p], g.plan[p]; pl != nil && pl.u.Loc == o.At && g.chance(9, 10) {
			pl.o, pl.ready = o, true
		}
	}
	g.plan = nil
	move := func(pl *planned, to diplomacy.Loc) {
		pl.o = order(diplomacy.Move, pl.u)
		pl.o.To = to
		if pl.u.Type == diplomacy.Army {
			pl.o.To = diplomacy.Loc(m.Prov(to))
		}
		pl.ready = true
	}
	// A circular movement now and then: a chain of units each moving into
	// the next one's province, closed when the last touches the first.
	if g.chance(1, 4) {
		start := units[g.pick(len(units))]
		chain := []*planned{start}
		for len(chain) < 6 {
			last := chain[len(chain)-1]
			var next []*planned
			for _, l := range g.moveTargets(last.u) {
				if pl := byProv[m.Prov(l)]; pl != nil && !pl.ready && pl != last {
					next = append(next, pl)
				}
			}
			if len(next) == 0 {
				break
			}
			n := next[g.pick(len(next))]
			move(last, n.u.Loc)
			if n == start {
				break
			}
			chain = append(chain, n)
		}
	}
	// Moves, and convoys of armies along the fleets beside them.
	for _, pl := range units {
		if pl.ready {
			continue
		}
		u := pl.u
		p := m.Prov(u.Loc)
		atSea := m.Provinces[p].Kind == diplomacy.Sea
		switch k := g.pick(20); {
		case k == 0:
			pl.ready = true // holds
		case k <= 8 && u.Type == diplomacy.Army && m.Provinces[p].Kind == diplomacy.Coast:
			dest, chain, ok := g.fleetRoute(pos, p)
			if !ok {
				break
			}
			move(pl, diplomacy.Loc(dest))
			pl.o.ViaConvoy = g.chance(1, 4)
			for _, f := range chain {
				if fl := byProv[f]; fl != nil && !fl.ready && g.chance(9, 10) {
					fl.o = order(diplomacy.ConvoyOrder, fl.u)
					fl.o.AuxUnit, fl.o.Aux, fl.o.To = diplomacy.Army, u.Loc, diplomacy.Loc(dest)
					fl.ready = true
				}
			}
		case k <= 14 && !(atSea && k >= 12):
			ts := g.moveTargets(u)
			if len(ts) == 0 {
				break
			}
			var attacks []diplomacy.Loc
			for _, l := range ts {
				if pos.Units[m.Prov(l)].Type != diplomacy.NoUnit {
					attacks = append(attacks, l)
				}
			}
			if len(attacks) > 0 && g.chance(1, 2) {
				ts = attacks
			}
			move(pl, ts[g.pick(len(ts))])
			pl.o.ViaConvoy = u.Type == diplomacy.Army && g.chance(1, 10)
		}
	}
	// Fleets at sea left over convoy an army near them, mostly one whose
	// move they can carry.
	for _, pl := range units {
		if pl.ready || m.Provinces[m.Prov(pl.u.Loc)].Kind != diplomacy.Sea || g.chance(1, 2) {
			continue
		}
		var armies []*planned
		for _, q := range g.around(m.Prov(pl.u.Loc), 3) {
			if a := byProv[q]; a != nil && a.u.Type == diplomacy.Army && m.Provinces[q].Kind == diplomacy.Coast {
				armies = append(armies, a)
			}
		}
		if len(armies) == 0 {
			continue
		}
		a := armies[g.pick(len(armies))]
		to := a.o.To
		if a.o.Type != diplomacy.Move || g.chance(1, 6) {
			var coasts []diplomacy.Province
			for _, q := range g.around(m.Prov(pl.u.Loc), 2) {
				if q != m.Prov(a.u.Loc) && m.Provinces[q].Kind == diplomacy.Coast {
					coasts = append(coasts, q)
				}
			}
			if len(coasts) == 0 {
				continue
			}
			to = diplomacy.Loc(coasts[g.pick(len(coasts))])
		}
		pl.o = order(diplomacy.ConvoyOrder, pl.u)
		pl.o.AuxUnit, pl.o.Aux, pl.o.To = diplomacy.Army, a.u.Loc, diplomacy.Loc(m.Prov(to))
		pl.ready = true
	}
	// Supports: of a move into a province the supporter reaches (most often
	// an attack), or of a unit holding there (most often a convoying fleet).
	attacked := map[diplomacy.Province]bool{}
	for _, pl := range units {
		if pl.o.Type == diplomacy.Move {
			attacked[m.Prov(pl.o.To)] = true
		}
	}
	for _, pl := range units {
		if pl.ready {
			continue
		}
		pl.ready = true
		reach := g.reach(pl.u)
		var moves, holds, preferred []*planned
		for _, q := range g.around(m.Prov(pl.u.Loc), 2) {
			o := byProv[q]
			if o == nil || o == pl {
				continue
			}
			switch {
			case o.o.Type == diplomacy.Move && containsProvince(reach, m.Prov(o.o.To)) && m.Prov(o.o.To) != m.Prov(pl.u.Loc):
				moves = append(moves, o)
				if pos.Units[m.Prov(o.o.To)].Type != diplomacy.NoUnit || attacked[m.Prov(o.o.To)] {
					preferred = append(preferred, o)
				}
			case o.o.Type != diplomacy.Move && containsProvince(reach, q):
				holds = append(holds, o)
				if o.o.Type == diplomacy.ConvoyOrder && attacked[q] {
					preferred = append(preferred, o)
				}
			}
		}
		var o *planned
		switch {
		case len(preferred) > 0 && g.chance(2, 3):
			o = preferred[g.pick(len(preferred))]
		case len(moves)+len(holds) > 0:
			all := append(append([]*planned(nil), moves...), holds...)
			o = all[g.pick(len(all))]
		default:
			continue
		}
		pl.o = order(diplomacy.SupportOrder, pl.u)
		pl.o.AuxUnit, pl.o.Aux = o.u.Type, o.u.Loc
		if o.o.Type == diplomacy.Move {
			pl.o.To = o.o.To
			if o.u.Type == diplomacy.Fleet && g.chance(1, 3) {
				pl.o.To = diplomacy.Loc(m.Prov(o.o.To))
			}
		}
		if g.chance(1, 12) { // a support of something the unit does not do
			pl.o.To = diplomacy.NoLoc
			if ts := g.moveTargets(o.u); len(ts) > 0 && g.chance(2, 3) {
				pl.o.To = ts[g.pick(len(ts))]
			}
		}
		if g.chance(1, 10) {
			pl.o.AuxUnit = diplomacy.NoUnit
		}
	}
	var out []diplomacy.OrderIn
	for _, pl := range units {
		if g.chance(1, 30) {
			continue // no order: the unit holds
		}
		if g.chance(1, 12) {
			pl.o.Unit = diplomacy.NoUnit
		}
		out = append(out, diplomacy.OrderIn{Power: pl.u.Power, Order: pl.o})
	}
	// A few illegal orders.
	for n := g.pick(3); n > 0; n-- {
		out = append(out, g.illegalOrder(pos, units[g.pick(len(units))].u))
	}
	return out
}

// illegalOrder is an order that the rules refuse (or that orders a unit a
// second time).
func (g *phaseGen) illegalOrder(pos *diplomacy.Position, u diplomacy.Unit) diplomacy.OrderIn {
	m := g.m
	anyLoc := diplomacy.Loc(g.pick(len(m.Locs)))
	in := diplomacy.OrderIn{Power: u.Power, Order: order(diplomacy.Move, u)}
	switch g.pick(10) {
	case 0: // another power's unit
		in.Power = diplomacy.Power(g.pick(len(m.Powers)))
		in.Order.To = anyLoc
	case 1: // a province without a unit, or any at all
		in.Order.At, in.Order.Unit = anyLoc, diplomacy.NoUnit
		in.Order.To = diplomacy.Loc(g.pick(len(m.Locs)))
	case 2: // the wrong unit type
		in.Order.Unit = 3 - u.Type
		in.Order.Type = diplomacy.Hold
	case 3: // a move anywhere (mostly impossible), or to itself
		in.Order.To = anyLoc
		if g.chance(1, 4) {
			in.Order.To = u.Loc
		}
	case 4: // a support of itself, of nothing, or of a move into itself
		in.Order.Type, in.Order.Aux, in.Order.AuxUnit = diplomacy.SupportOrder, u.Loc, u.Type
		if g.chance(1, 2) {
			in.Order.Aux, in.Order.To = anyLoc, u.Loc
		}
	case 5: // a convoy by any unit of any unit anywhere
		in.Order.Type, in.Order.Aux, in.Order.To = diplomacy.ConvoyOrder, anyLoc, diplomacy.Loc(g.pick(len(m.Locs)))
	case 6: // an order of another phase
		in.Order.Type = []diplomacy.OrderType{diplomacy.RetreatOrder, diplomacy.DisbandOrder, diplomacy.BuildOrder, diplomacy.WaiveOrder}[g.pick(4)]
		in.Order.To = anyLoc
	default: // a second order for the unit
		ts := g.moveTargets(u)
		if len(ts) == 0 {
			in.Order.Type = diplomacy.Hold
		} else {
			in.Order.To = ts[g.pick(len(ts))]
		}
	}
	return in
}

// retreatOrders draws the orders of a retreat phase: most units retreat
// to one of their retreats, some anywhere near, some disband, a few have
// no order or two.
func (g *phaseGen) retreatOrders(pos *diplomacy.Position) []diplomacy.OrderIn {
	m := g.m
	var out []diplomacy.OrderIn
	options := map[diplomacy.Province]int{} // how many units may retreat to each province
	for _, d := range pos.Dislodged {
		for _, r := range d.Retreats {
			options[m.Prov(r)]++
		}
	}
	for _, d := range pos.Dislodged {
		o := order(diplomacy.RetreatOrder, d.Unit)
		var shared []diplomacy.Loc
		for _, r := range d.Retreats {
			if options[m.Prov(r)] > 1 {
				shared = append(shared, r)
			}
		}
		switch k := g.pick(10); {
		case k < 3 && len(shared) > 0: // where another unit may go too
			o.To = shared[g.pick(len(shared))]
		case k < 6 && len(d.Retreats) > 0:
			o.To = d.Retreats[g.pick(len(d.Retreats))]
			if m.Locs[o.To].Coast != "" && g.chance(1, 4) {
				o.To = diplomacy.Loc(m.Prov(o.To))
			}
		case k < 8:
			ts := g.moveTargets(d.Unit)
			if len(ts) == 0 {
				continue
			}
			o.To = ts[g.pick(len(ts))]
			if g.chance(1, 2) {
				o.Type = diplomacy.Move
			}
		case k == 8:
			o.Type = diplomacy.DisbandOrder
		default:
			continue
		}
		out = append(out, diplomacy.OrderIn{Power: d.Power, Order: o})
		if g.chance(1, 10) {
			out = append(out, g.illegalOrder(pos, d.Unit))
		}
	}
	return out
}

// adjustmentOrders draws the orders of an adjustment phase: builds in the
// power's centres (and elsewhere), waives, disbands, some too many.
func (g *phaseGen) adjustmentOrders(pos *diplomacy.Position) []diplomacy.OrderIn {
	m := g.m
	units, centres := pos.CountUnits(), pos.CountCenters()
	var out []diplomacy.OrderIn
	for i := range m.Powers {
		pw := diplomacy.Power(i)
		n := centres[pw] - units[pw]
		switch {
		case n > 0:
			var sites []diplomacy.Province
			for p := range m.Provinces {
				if m.Provinces[p].Center && (pos.Owners[p] == pw || g.chance(1, 20)) {
					sites = append(sites, diplomacy.Province(p))
				}
			}
			for k := n + g.pick(3) - 1; k > 0 && len(sites) > 0; k-- {
				if g.chance(1, 8) {
					out = append(out, diplomacy.OrderIn{Power: pw, Order: diplomacy.Order{Type: diplomacy.WaiveOrder, At: diplomacy.NoLoc, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}})
					continue
				}
				p := sites[g.pick(len(sites))]
				u := diplomacy.Unit{Type: diplomacy.UnitType(1 + g.pick(2)), Power: pw, Loc: diplomacy.Loc(p)}
				if cs := m.Provinces[p].Coasts; len(cs) > 0 && g.chance(3, 4) {
					u.Loc = cs[g.pick(len(cs))]
				}
				out = append(out, diplomacy.OrderIn{Power: pw, Order: order(diplomacy.BuildOrder, u)})
			}
		case n < 0:
			var own []diplomacy.Unit
			for _, u := range pos.Units {
				if u.Type != diplomacy.NoUnit && (u.Power == pw || g.chance(1, 30)) {
					own = append(own, u)
				}
			}
			for k := -n + g.pick(3) - 1 - g.pick(2); k > 0 && len(own) > 0; k-- {
				u := own[g.pick(len(own))]
				o := order(diplomacy.DisbandOrder, u)
				if g.chance(1, 10) {
					o.Unit = 3 - u.Type
				}
				out = append(out, diplomacy.OrderIn{Power: pw, Order: o})
			}
		default:
			if g.chance(1, 10) && len(m.Powers[pw].Homes) > 0 {
				h := m.Powers[pw].Homes[g.pick(len(m.Powers[pw].Homes))]
				out = append(out, diplomacy.OrderIn{Power: pw, Order: order(diplomacy.BuildOrder, diplomacy.Unit{Type: diplomacy.Army, Power: pw, Loc: diplomacy.Loc(h)})})
			}
		}
	}
	if g.chance(1, 10) {
		for _, u := range pos.Units {
			if u.Type != diplomacy.NoUnit {
				out = append(out, diplomacy.OrderIn{Power: u.Power, Order: order(diplomacy.Move, u)})
				break
			}
		}
	}
	return out
}
