package diplomacy

import (
	"testing"

	"concordat/game"
)

// playRandom plays a seeded random game to lastYear (or a win) and calls
// check after every phase with the orders and their outcomes.
func playRandom(t testing.TB, m *Map, ed Edition, seed uint64, lastYear int,
	check func(before *Position, orders []OrderIn, out []Outcome, after *Position)) *Position {
	rng := game.NewRNG(seed)
	gen := NewGenerator(m)
	adj := NewAdjudicator(m, ed)
	pos := StartPosition(m)
	var orders []OrderIn
	out := make([]Outcome, 0, 64)
	for pos.Phase.Year <= lastYear && pos.Winner() == NoPower {
		orders = RandomOrders(gen.Orders(pos, NoPower), &rng, orders[:0])
		if cap(out) < len(orders) {
			out = make([]Outcome, len(orders))
		}
		out = out[:len(orders)]
		var before *Position
		if check != nil {
			before = pos.Clone()
		}
		adj.Step(pos, orders, out)
		if check != nil {
			check(before, orders, out, pos)
		}
	}
	return pos
}

func TestGeneratedOrdersAreValid(t *testing.T) {
	m := Standard()
	for seed := uint64(1); seed <= 20; seed++ {
		phases := 0
		playRandom(t, m, Edition2023, seed, 1920, func(before *Position, orders []OrderIn, out []Outcome, after *Position) {
			phases++
			for i, o := range out {
				if o.Result == Invalid {
					t.Fatalf("seed %d %s: generated order %s %q is invalid: %s",
						seed, before.Phase, m.PowerName(orders[i].Power), orders[i].Order.String(m), o.Text(m))
				}
			}
			checkPositionInvariants(t, after)
		})
		if phases < 40 {
			t.Fatalf("seed %d: only %d phases", seed, phases)
		}
	}
}

// checkPositionInvariants checks one unit per province, units where they
// may stand, and dislodged units only in retreat phases.
func checkPositionInvariants(t testing.TB, pos *Position) {
	t.Helper()
	m := pos.Map
	for i, u := range pos.Units {
		if u.Type == NoUnit {
			continue
		}
		if m.Prov(u.Loc) != Province(i) {
			t.Fatalf("%s: unit %s filed under %s", pos.Phase, m.unitString(u), m.ProvName(Province(i)))
		}
		if !m.CanStand(u.Type, u.Loc) {
			t.Fatalf("%s: %s cannot stand there", pos.Phase, m.unitString(u))
		}
	}
	if (len(pos.Dislodged) > 0) != (pos.Phase.Type == Retreat) {
		t.Fatalf("%s with %d dislodged units", pos.Phase, len(pos.Dislodged))
	}
	if pos.Phase.Type == Adjustment {
		units, centers := pos.CountUnits(), pos.CountCenters()
		any := false
		for pw := range units {
			if units[pw] != centers[pw] {
				any = true
			}
		}
		if !any {
			t.Fatalf("%s: an adjustment phase where nobody adjusts", pos.Phase)
		}
	}
}

func TestRandomGamesAreDeterministic(t *testing.T) {
	m := Standard()
	a := playRandom(t, m, Edition2023, 99, 1910, nil)
	b := playRandom(t, m, Edition2023, 99, 1910, nil)
	ja, jb := PositionJSON(a), PositionJSON(b)
	if len(ja.Units) != len(jb.Units) || ja.Phase != jb.Phase {
		t.Fatalf("same seed, different games: %v vs %v", ja.Phase, jb.Phase)
	}
	for i := range ja.Units {
		if ja.Units[i] != jb.Units[i] {
			t.Fatalf("same seed, different units: %v vs %v", ja.Units[i], jb.Units[i])
		}
	}
	c := playRandom(t, m, Edition2023, 100, 1910, nil)
	if fmtUnits(PositionJSON(c)) == fmtUnits(ja) {
		t.Fatalf("seeds 99 and 100 gave the same game")
	}
}

func fmtUnits(n NextJSON) string {
	s := ""
	for _, u := range n.Units {
		s += u.Power + u.Type + u.At + ";"
	}
	return s
}

func TestOpeningLegalOrders(t *testing.T) {
	m := Standard()
	pos := StartPosition(m)
	gen := NewGenerator(m)
	eng, _ := m.LookupPower("england")
	legal := gen.Orders(pos, eng)
	if len(legal) != 3 {
		t.Fatalf("England has %d units with orders, want 3", len(legal))
	}
	byUnit := map[string][]string{}
	for _, uo := range legal {
		for _, o := range uo.Orders {
			byUnit[m.unitString(uo.Unit)] = append(byUnit[m.unitString(uo.Unit)], o.String(m))
		}
	}
	want := map[string][]string{
		"F edi": {"F edi H", "F edi - cly", "F edi - nth", "F edi - nwg", "F edi - yor",
			"F edi S A lvp - cly", "F edi S A lvp - yor", "F edi S F lon - nth", "F edi S F lon - yor"},
		"F lon": {"F lon H", "F lon - eng", "F lon - nth", "F lon - wal", "F lon - yor",
			"F lon S A lvp - wal", "F lon S A lvp - yor", "F lon S F edi - nth", "F lon S F edi - yor", "F lon S F bre - eng"},
	}
	for unit, orders := range want {
		got := byUnit[unit]
		if len(got) != len(orders) {
			t.Errorf("%s: %d orders %v, want %v", unit, len(got), got, orders)
			continue
		}
		set := map[string]bool{}
		for _, o := range got {
			set[o] = true
		}
		for _, o := range orders {
			if !set[o] {
				t.Errorf("%s: missing %q in %v", unit, o, got)
			}
		}
	}
	// Liverpool's army: hold, 4 land moves, and supports into edi, cly, wal, yor.
	if n := len(byUnit["A lvp"]); n < 7 {
		t.Errorf("A lvp: only %d orders: %v", n, byUnit["A lvp"])
	}
}

// TestConvoyRoutesExactOnStandardMap: every origin's route table on the
// standard map is computed in full, never the permissive fallback.
func TestConvoyRoutesExactOnStandardMap(t *testing.T) {
	m := Standard()
	for i := range m.Provinces {
		if _, exhausted := m.buildRouteTable(Province(i)); exhausted {
			t.Errorf("the convoy routes from %s exceed the search budget", m.Provinces[i].ID)
		}
	}
}
