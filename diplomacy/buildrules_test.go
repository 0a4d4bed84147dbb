package diplomacy

import (
	"strings"
	"testing"

	"concordat/game"
)

func TestBuildAnywhereMaps(t *testing.T) {
	// Chaos builds in any owned centre: the power named after Paris, holding
	// Brest too, may build in Brest.
	m, err := LoadMap("chaos")
	if err != nil {
		t.Fatal(err)
	}
	if !m.HasRule("build_any") {
		t.Fatal("chaos lacks build_any")
	}
	winter := Phase{Season: Winter, Year: 1901, Type: Adjustment}
	pos := NewPosition(m)
	pos.Phase = winter
	par, _ := m.LookupLoc("par")
	bre, _ := m.LookupLoc("bre")
	owner := m.Provinces[m.Prov(par)].Home
	if owner == NoPower {
		t.Fatal("Paris has no home power on the chaos map")
	}
	pos.Owners[m.Prov(par)] = owner
	pos.Owners[m.Prov(bre)] = owner
	pos.Place(Unit{Type: Army, Power: owner, Loc: par})
	a := NewAdjudicator(m, Edition2023)
	out := make([]Outcome, 1)
	a.Adjustments(pos, []OrderIn{{Power: owner, Order: Order{Type: BuildOrder, Unit: Fleet, At: bre, To: NoLoc, Aux: NoLoc}}}, out)
	if out[0].Result != Succeeds || pos.Units[m.Prov(bre)].Type != Fleet {
		t.Fatalf("build in an owned non-home centre under build_any: %s (%s)", out[0].Result, out[0].Text(m))
	}
	// The standard map refuses the same build.
	s := Standard()
	sp := NewPosition(s)
	sp.Phase = winter
	fr, _ := s.LookupPower("france")
	spa, _ := s.LookupLoc("spa")
	sp.Owners[s.Prov(spa)] = fr
	NewAdjudicator(s, Edition2023).Adjustments(sp, []OrderIn{{Power: fr, Order: Order{Type: BuildOrder, Unit: Army, At: spa, To: NoLoc, Aux: NoLoc}}}, out)
	if out[0].Result != Invalid || !strings.Contains(out[0].Text(s), "not a home centre") {
		t.Fatalf("standard map built in Spain: %s %s", out[0].Result, out[0].Text(s))
	}
	// Legal builds follow the rule too.
	gen := NewGenerator(m)
	pos2 := NewPosition(m)
	pos2.Phase = winter
	pos2.Owners[m.Prov(par)] = owner
	pos2.Owners[m.Prov(bre)] = owner
	pos2.Place(Unit{Type: Army, Power: owner, Loc: par})
	found := false
	for _, uo := range gen.Orders(pos2, owner) {
		for _, o := range uo.Orders {
			found = found || (o.Type == BuildOrder && m.Prov(o.At) == m.Prov(bre))
		}
	}
	if !found {
		t.Fatal("the generator offers no build in Brest under build_any")
	}
}

func TestMobilizeOneBuild(t *testing.T) {
	m, err := LoadMap("variant_1898")
	if err != nil {
		t.Fatal(err)
	}
	if !m.HasRule("mobilize") || m.Start.Type != Adjustment {
		t.Fatalf("variant_1898 does not start with mobilize builds (rules %v, start %v)", m.Rules, m.Start)
	}
	pos := StartPosition(m)
	gen := NewGenerator(m)
	per := map[Power]int{}
	for _, uo := range gen.Orders(pos, NoPower) {
		per[uo.Power]++
	}
	for pw, n := range per {
		if n != 1 {
			t.Errorf("%s has %d build slots at the mobilize start, want 1", m.PowerName(pw), n)
		}
	}
	if len(per) != len(m.Powers) {
		t.Errorf("%d powers may build, want %d", len(per), len(m.Powers))
	}
}

func TestDummyPowersHaveNoSeat(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Variant: "sengoku"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range r.Seats(s) {
		if seat == "neutral" {
			t.Fatal("the neutral dummy has a seat")
		}
	}
	if _, err := r.Setup(game.Config{Variant: "sengoku", Options: map[string]string{"players": "neutral"}}, 1); err == nil {
		t.Fatal("a dummy power was named a player")
	}
}
