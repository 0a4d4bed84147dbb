package diplomacy

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

func TestSplitMakesATwin(t *testing.T) {
	m := Standard()
	h, err := m.WithEdits(MapEdit{Op: EditSplit, A: "par"}, MapEdit{Op: EditSplit, A: "nth"})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Provinces) != len(m.Provinces)+2 || len(h.Locs) != len(m.Locs)+2 {
		t.Fatalf("%d provinces, %d locations", len(h.Provinces), len(h.Locs))
	}
	par, bur, pic := m.Prov(holeLoc(t, m, "par")), m.Prov(holeLoc(t, m, "bur")), m.Prov(holeLoc(t, m, "pic"))
	par2l, ok := h.LookupLoc("par2")
	if !ok {
		t.Fatal("no par2")
	}
	par2 := h.Prov(par2l)
	if l, ok := h.LookupLoc("Paris II"); !ok || l != par2l {
		t.Fatal("the twin has no name")
	}
	p2 := h.Provinces[par2]
	if p2.Kind != Inland || !p2.Center || p2.Home != m.Provinces[par].Home {
		t.Fatalf("twin: %+v", p2)
	}
	if !h.ArmyAdjacent(par, par2) || !h.ArmyAdjacent(par2, par) || !h.ArmyAdjacent(par2, bur) || !h.ArmyAdjacent(pic, par2) {
		t.Fatal("the twin does not border Paris and its neighbours")
	}
	france, _ := m.LookupPower("france")
	if !containsProv(h.Powers[france].Homes, par2) {
		t.Fatal("the twin of a home centre is not a home centre")
	}
	// A sea twin borders its sea by fleet; coasts moved up keep their borders.
	nth2l, _ := h.LookupLoc("nth2")
	if !h.FleetAdjacent(nth2l, holeLoc(t, h, "nth")) || !h.FleetAdjacent(holeLoc(t, h, "edi"), nth2l) {
		t.Fatal("the North Sea's twin is not at sea")
	}
	if !h.FleetAdjacent(holeLoc(t, h, "spa/nc"), holeLoc(t, h, "gas")) || h.FleetAdjacent(holeLoc(t, h, "spa/sc"), holeLoc(t, h, "gas")) {
		t.Fatal("coast locations lost their borders when they moved")
	}
	if h.LocName(holeLoc(t, h, "stp/nc")) != "stp/nc" || h.Locs[holeLoc(t, h, "stp/nc")].Prov != h.Prov(holeLoc(t, h, "stp")) {
		t.Fatal("coast names point at the wrong location")
	}
	if _, err := m.WithEdits(MapEdit{Op: EditSplit, A: "spa"}); err == nil || !strings.Contains(err.Error(), "split coasts") {
		t.Fatalf("Spain split: %v", err)
	}
	// An order may name the twin.
	o, err := h.ParseOrder("A par2 - bur")
	if err != nil || o.At != par2l {
		t.Fatalf("A par2 - bur: %v", err)
	}
	// A fleet on a moved coast is carried by id.
	pos := NewPosition(m)
	pos.Place(Unit{Type: Fleet, Power: france, Loc: holeLoc(t, m, "spa/sc")})
	q := pos.OnMap(h)
	if u := q.Units[h.Prov(holeLoc(t, h, "spa"))]; u.Type != Fleet || h.LocName(u.Loc) != "spa/sc" {
		t.Fatalf("the fleet moved: %+v", u)
	}
}

func TestSplitCap(t *testing.T) {
	m := Standard()
	var edits []MapEdit
	for i := 0; len(m.Locs)+i < maxEditLocs; i++ {
		edits = append(edits, MapEdit{Op: EditSplit, A: "boh"})
	}
	h, err := m.WithEdits(edits...)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Locs) != maxEditLocs {
		t.Fatalf("%d locations", len(h.Locs))
	}
	if _, err := h.WithEdits(MapEdit{Op: EditSplit, A: "par"}); err == nil || !strings.Contains(err.Error(), "most a split may make") {
		t.Fatalf("a split past the cap: %v", err)
	}
	// Schizo then only destroys.
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"schizo": "true"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	gs.Pos = gs.Pos.OnMap(h)
	ev := gs.schizo(Phase{Season: Spring, Year: 1901, Type: Movement})
	if len(ev) != 1 || !strings.Contains(ev[0].Text, "destroyed") || len(gs.Pos.Map.Locs) != maxEditLocs {
		t.Fatalf("at the cap: %v", ev)
	}
}

func TestMajorityVictory(t *testing.T) {
	m := Standard()
	maj, err := m.WithEdits(MapEdit{Op: EditMajority})
	if err != nil {
		t.Fatal(err)
	}
	if maj.Victory != 18 {
		t.Fatalf("majority of 34 is %d", maj.Victory)
	}
	big, err := maj.WithEdits(MapEdit{Op: EditSplit, A: "par"}, MapEdit{Op: EditSplit, A: "lon"})
	if err != nil {
		t.Fatal(err)
	}
	small, err := maj.WithEdits(MapEdit{Op: EditDestroy, A: "par"}, MapEdit{Op: EditDestroy, A: "lon"}, MapEdit{Op: EditDestroy, A: "bur"})
	if err != nil {
		t.Fatal(err)
	}
	if big.Victory != 19 || small.Victory != 17 {
		t.Fatalf("36 centres need %d, 32 need %d", big.Victory, small.Victory)
	}
	if plain, _ := m.WithEdits(MapEdit{Op: EditSplit, A: "par"}); plain.Victory != m.Victory {
		t.Fatal("victory changed without the majority rule")
	}
	// France with 18 centres wins with 34 centres, not with 36.
	france, _ := m.LookupPower("france")
	own18 := func(mm *Map) *Position {
		pos := NewPosition(mm)
		n := 0
		for i, p := range mm.Provinces {
			if p.Center && n < 18 {
				pos.Owners[i] = france
				n++
			}
		}
		return pos
	}
	if own18(maj).Winner() != france || own18(big).Winner() != NoPower {
		t.Fatal("the victory threshold did not follow the centres")
	}
}

func TestSchizoSplitDuplicatesUnitAndCentre(t *testing.T) {
	var r Rules
	// Find a seed whose first split takes a province with a unit and a
	// centre (the search is deterministic).
	for seed := uint64(1); seed < 300; seed++ {
		s, err := r.Setup(game.Config{Options: map[string]string{"schizo": "true"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		gs := s.(*GameState)
		before := gs.Pos.Clone()
		ev := advanceSeismic(t, r, s)
		m := gs.Pos.Map
		base := before.Map
		if len(m.Provinces) != len(base.Provinces)+1 || len(m.Holes()) != 1 {
			t.Fatalf("seed %d: %d provinces, holes %v", seed, len(m.Provinces), m.Holes())
		}
		twin := Province(len(base.Provinces))
		orig := Province(0)
		for i, p := range m.Provinces[:len(base.Provinces)] {
			if p.ID+"2" == m.Provinces[twin].ID {
				orig = Province(i)
			}
		}
		if !m.ArmyAdjacent(orig, twin) && !m.FleetAdjacent(Loc(orig), Loc(twin)) {
			t.Fatal("the twin does not border its original")
		}
		if m.Holes()[0] == orig || m.Holes()[0] == twin {
			t.Fatal("the province just split was destroyed")
		}
		if len(ev) < 3 || ev[1].Type != "schizo" || ev[2].Type != "schizo" {
			t.Fatalf("events: %v", ev)
		}
		// No movement happened (no orders), so the original's unit is the
		// one it started with, unless the hole took it.
		u := before.Units[orig]
		if u.Type == NoUnit || !m.Provinces[orig].Center {
			continue
		}
		tu := gs.Pos.Units[twin]
		if tu.Type != u.Type || tu.Power != u.Power || tu.Loc != Loc(twin) {
			t.Fatalf("seed %d: the unit in %s was not duplicated: %+v", seed, m.ProvName(orig), tu)
		}
		if gs.Pos.Owners[twin] != before.Owners[orig] || !m.Provinces[twin].Center {
			t.Fatal("the centre was not duplicated")
		}
		if !strings.Contains(ev[1].Text, "second") {
			t.Fatalf("event: %s", ev[1].Text)
		}
		// The duplicated unit takes orders, and the power keeps its
		// counts straight in the adjustments.
		if _, _, err := r.Apply(s, game.Seat(m.PowerName(u.Power)), orders(u.Type.String()+" "+m.ProvName(twin)+" H")); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("no seed split an occupied centre")
}

func TestSchizoAdjustmentsCountTheTwin(t *testing.T) {
	m := Standard()
	h, err := m.WithEdits(MapEdit{Op: EditMajority}, MapEdit{Op: EditSplit, A: "par"})
	if err != nil {
		t.Fatal(err)
	}
	france, _ := m.LookupPower("france")
	pos := NewPosition(h)
	pos.Phase = Phase{Season: Winter, Year: 1901, Type: Adjustment}
	par, par2 := h.Prov(holeLoc(t, h, "par")), h.Prov(holeLoc(t, h, "par2"))
	pos.Owners[par], pos.Owners[par2] = france, france
	pos.Place(Unit{Type: Army, Power: france, Loc: holeLoc(t, h, "bur")})
	out := make([]Outcome, 1)
	o, err := h.ParseOrder("build A par2")
	if err != nil {
		t.Fatal(err)
	}
	NewAdjudicator(h, Edition2023).Step(pos, []OrderIn{{Power: france, Order: o}}, out)
	if out[0].Result != Succeeds || pos.Units[par2].Type != Army {
		t.Fatalf("build in the twin: %v", out[0].Text(h))
	}
}

func TestSchizoGameGrowsAndRestores(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"schizo": "true", "fog": "true"}}, 8)
	if err != nil {
		t.Fatal(err)
	}
	base := s.(*GameState).Pos.Map
	n := playContract(t, s, 8, 30)
	gs := s.(*GameState)
	m := gs.Pos.Map
	seasons := 0
	for _, rec := range gs.History {
		if rec.Position.Phase.Type == "movement" {
			seasons++
		}
	}
	if n < 20 || len(m.Provinces)-len(base.Provinces) < seasons-1 || len(m.Holes()) < seasons-1 {
		t.Fatalf("%d phases, %d seasons: %d new provinces, %d holes", n, seasons, len(m.Provinces)-len(base.Provinces), len(m.Holes()))
	}
	// Under fog a seat still sees the whole list of edits.
	b, _ := json.Marshal(r.View(s, "england"))
	var v struct {
		Board NextJSON `json:"board"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Board.Edits) != len(m.EditNames()) {
		t.Fatal("the view hides the map's edits")
	}
}

func TestAdjudicateWithEdits(t *testing.T) {
	out := run(t, `{"phase": {"season": "spring", "year": 1902, "type": "movement"}, "edits": ["split par", "connect par2 mun", "destroy bur"],
		"units": [{"power": "france", "type": "army", "at": "par2"}],
		"orders": {"france": ["A par2 - mun"]}}`)
	if out.Orders[0].Result != "succeeds" || len(out.Next.Edits) != 3 || len(out.Next.Holes) != 1 {
		t.Fatalf("par2 - mun: %+v, next %+v", out.Orders[0], out.Next)
	}
	for in, want := range map[string]string{
		`"edits": ["split xyz"]`:                     "unknown province",
		`"edits": ["quake par"]`:                     "unknown edit",
		`"edits": ["separate par mun"]`:              "do not touch",
		`"edits": ["destroy bur"], "holes": ["par"]`: "do not match",
	} {
		var pi PhaseInput
		if err := json.Unmarshal([]byte(`{"phase": {"season": "spring", "year": 1902, "type": "movement"}, `+in+`, "units": [], "orders": {}}`), &pi); err != nil {
			t.Fatal(err)
		}
		if _, err := NewEngine().Adjudicate(&pi); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
}

func TestAdjudicateSchizoVictory(t *testing.T) {
	// France owns 18 centres of a map with two more (Paris and London
	// split): the map's 18 wins, a majority of 36 (19) does not.
	var centres []string
	m := Standard()
	for _, p := range m.Provinces {
		if p.Center && len(centres) < 18 && p.ID != "lon" && p.ID != "par" {
			centres = append(centres, `"`+p.ID+`": "france"`)
		}
	}
	in := `{"phase": {"season": "spring", "year": 1905, "type": "movement"}, "edits": ["split par", "split lon"],
		"units": [], "centers": {` + strings.Join(centres, ", ") + `}, "orders": {}%s}`
	plain := run(t, strings.Replace(in, "%s", "", 1))
	schizo := run(t, strings.Replace(in, "%s", `, "options": {"schizo": "true"}`, 1))
	if plain.Next.Winner == nil || *plain.Next.Winner != "france" || schizo.Next.Winner != nil {
		t.Fatalf("winners: %v without schizo, %v with", plain.Next.Winner, schizo.Next.Winner)
	}
}
