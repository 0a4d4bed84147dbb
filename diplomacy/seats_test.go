package diplomacy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"concordat/game"
)

var rgConfig = game.Config{Options: map[string]string{"reverse_gunboat": "true"}}

// seatOf finds the Reverse Gunboat seat holding a power.
func seatOf(t *testing.T, gs *GameState, power string) game.Seat {
	t.Helper()
	for s, pw := range gs.Seating.Power {
		if gs.Pos.Map.PowerName(pw) == power {
			return s
		}
	}
	t.Fatalf("no seat holds %s", power)
	return ""
}

func TestReverseGunboatSeatsAreAnonymous(t *testing.T) {
	var r Rules
	assignments := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := r.Setup(rgConfig, seed)
		if err != nil {
			t.Fatal(err)
		}
		gs := s.(*GameState)
		seats := r.Seats(s)
		if len(seats) != 7 {
			t.Fatalf("%d seats, want 7", len(seats))
		}
		held := map[Power]bool{}
		var key []string
		for i, seat := range seats {
			if seat != game.Seat(fmt.Sprintf("player%d", i+1)) {
				t.Fatalf("seat %d is %q", i, seat)
			}
			held[gs.Seating.Power[seat]] = true
			key = append(key, gs.Pos.Map.PowerName(gs.Seating.Power[seat]))
		}
		if len(held) != 7 {
			t.Fatalf("the assignment is not one power per seat: %v", key)
		}
		assignments[strings.Join(key, ",")] = true
		again, _ := r.Setup(rgConfig, seed)
		for _, seat := range seats {
			if again.(*GameState).Seating.Power[seat] != gs.Seating.Power[seat] {
				t.Fatal("the same seed gave another assignment")
			}
		}
		// Nothing a seat is shown names its power: the prompts are the same
		// for every seat, and the view has no power for the seat.
		prompts := r.Pending(s)
		if len(prompts) != 7 {
			t.Fatalf("%d prompts, want 7", len(prompts))
		}
		for _, p := range prompts {
			if p.Text != prompts[0].Text || p.Kind != "orders" {
				t.Fatalf("prompts differ by seat: %q vs %q", p.Text, prompts[0].Text)
			}
		}
		for _, seat := range seats {
			v := viewJSON(t, s, seat)
			sv := v["seating"].(map[string]any)
			if sv["seat"] != string(seat) || sv["power"] != nil || sv["seats"] != nil {
				t.Fatalf("%s's view tells too much: %v", seat, sv)
			}
			// Every seat's Legal tree is the same: every unit on the board.
			if n := len(r.Legal(s, seat).Choices); n != 22 {
				t.Fatalf("%s may order %d units, want 22", seat, n)
			}
		}
		if !strings.Contains(prompts[0].Text, "Reverse Gunboat") {
			t.Fatalf("prompt %q does not explain the variant", prompts[0].Text)
		}
	}
	if len(assignments) < 2 {
		t.Fatal("six seeds gave one assignment")
	}
}

func TestReverseGunboatOnlyOwnOrdersCount(t *testing.T) {
	var r Rules
	s, _ := r.Setup(rgConfig, 3)
	gs := s.(*GameState)
	fr, ge := seatOf(t, gs, "france"), seatOf(t, gs, "germany")
	// France's seat orders French and German units; Germany's seat does too.
	mustApply(t, s, fr, orders("A par - bur", "A mun - ruh", "F kie - hol"))
	mustApply(t, s, ge, orders("A par - pic", "A mun - sil", "A mar - spa"))
	refused(t, s, fr, orders("A bur - par"), "no unit")
	refused(t, s, fr, orders("A par - xyz"), "unknown province")
	refused(t, s, "france", orders("A par - bur"), "unknown seat")
	refused(t, s, fr, game.Action{Type: "ahead", Args: []byte(`{"orders": []}`)}, "unknown action")
	// The seat sees its own orders, and no one else's.
	if v := viewJSON(t, s, fr); fmt.Sprint(v["orders"]) != "[A par - bur A mun - ruh F kie - hol]" {
		t.Fatalf("France's seat sees orders %v", v["orders"])
	}
	if v := viewJSON(t, s, ge); strings.Contains(fmt.Sprint(v), "par - bur") {
		t.Fatal("Germany's seat sees France's seat's orders")
	}
	advance(t, s)
	if unitIn(gs, "bur") != "france A" || unitIn(gs, "sil") != "germany A" || unitIn(gs, "mar") != "france A" ||
		unitIn(gs, "kie") != "germany F" || unitIn(gs, "pic") != "" || unitIn(gs, "ruh") != "" {
		t.Fatalf("bur=%q sil=%q mar=%q kie=%q", unitIn(gs, "bur"), unitIn(gs, "sil"), unitIn(gs, "mar"), unitIn(gs, "kie"))
	}
	// The record shows the orders the units followed, by power, not who wrote them.
	b, _ := json.Marshal(gs.History)
	if strings.Contains(string(b), "player") || strings.Contains(string(b), "pic") || strings.Contains(string(b), "hol") {
		t.Fatalf("the record tells who wrote what: %s", b)
	}
	if len(gs.History[0].Orders) != 2 {
		t.Fatalf("recorded %d orders, want the 2 that counted: %s", len(gs.History[0].Orders), b)
	}
}

func TestReverseGunboatBuildsAndTheEnd(t *testing.T) {
	var r Rules
	s, _ := r.Setup(rgConfig, 4)
	gs := s.(*GameState)
	m := gs.Pos.Map
	// Winter 1901: France and Germany have lost their Paris and Munich armies.
	for _, prov := range []string{"par", "mun"} {
		l, _ := m.LookupLoc(prov)
		gs.Pos.Units[m.Prov(l)] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	}
	gs.Pos.Phase = Phase{Season: Winter, Year: 1901, Type: Adjustment}
	fr, ge := seatOf(t, gs, "france"), seatOf(t, gs, "germany")
	if got := len(r.Pending(s)); got != 7 {
		t.Fatalf("%d seats asked in the winter, want all 7", got)
	}
	mustApply(t, s, fr, orders("B A par", "B F mun"))
	mustApply(t, s, ge, orders("B F par"))
	advance(t, s)
	if unitIn(gs, "par") != "france A" || unitIn(gs, "mun") != "" {
		t.Fatalf("par=%q mun=%q: only France's own build counts", unitIn(gs, "par"), unitIn(gs, "mun"))
	}
	// The game ends: the assignment is revealed.
	for i, pr := range m.Provinces {
		if pr.Center && i < 18*3 {
			gs.Pos.Owners[i] = gs.Seating.Power[fr]
		}
	}
	over, text := r.Over(s)
	if !over || !strings.Contains(text, string(fr)) {
		t.Fatalf("over %v %q: the winner's seat is not named", over, text)
	}
	sv := viewJSON(t, s, ge)["seating"].(map[string]any)
	if sv["power"] != "germany" || sv["seats"].(map[string]any)[string(fr)] != "france" {
		t.Fatalf("after the end the view does not reveal the seats: %v", sv)
	}
}

var doubleConfig = game.Config{Options: map[string]string{"double": "true"}}

func TestDoubleDiplomacyMatchingOrders(t *testing.T) {
	var r Rules
	s, err := r.Setup(doubleConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	seats := r.Seats(s)
	if len(seats) != 14 || seats[0] != "austria-a" || seats[1] != "austria-b" {
		t.Fatalf("seats %v", seats)
	}
	if got := len(r.Pending(s)); got != 14 {
		t.Fatalf("%d prompts, want 14", got)
	}
	refused(t, s, "france-a", orders("A mun - bur"), "not yours")
	refused(t, s, "france", orders("A par - bur"), "unknown seat")
	refused(t, s, "france-c", orders("A par - bur"), "unknown seat")
	mustApply(t, s, "france-a", orders("A par - bur", "A mar - spa", "F bre - mao"))
	mustApply(t, s, "france-b", orders("A par-bur", "A mar - gas"))
	mustApply(t, s, "france-a", game.NewAction("ready", map[string]bool{"ready": true}))
	ready := map[game.Seat]bool{}
	for _, p := range r.Pending(s) {
		ready[p.Seat] = p.Ready
	}
	if !ready["france-a"] || ready["france-b"] {
		t.Fatalf("readiness is not per seat: %v", ready)
	}
	v := viewJSON(t, s, "france-b")
	if fmt.Sprint(v["orders"]) != "[A par-bur A mar - gas]" || v["seating"].(map[string]any)["power"] != "france" {
		t.Fatalf("france-b's view: orders %v, seating %v", v["orders"], v["seating"])
	}
	advance(t, s)
	if unitIn(gs, "bur") != "france A" || unitIn(gs, "mar") != "france A" || unitIn(gs, "bre") != "france F" {
		t.Fatalf("bur=%q mar=%q bre=%q", unitIn(gs, "bur"), unitIn(gs, "mar"), unitIn(gs, "bre"))
	}
	var unmatched []string
	for _, o := range gs.History[0].Orders {
		if strings.Contains(o.Reason, "not matched") {
			unmatched = append(unmatched, o.Power+": "+o.Order)
		}
	}
	if strings.Join(unmatched, "; ") != "france-a: A mar - spa; france-a: F bre - mao; france-b: A mar - gas" {
		t.Fatalf("unmatched orders recorded: %v", unmatched)
	}
}

func TestDoubleDiplomacyRetreatsAndBuilds(t *testing.T) {
	var r Rules
	s, _ := r.Setup(doubleConfig, 1)
	gs := s.(*GameState)
	// Spring 1901: Germany and Italy dislodge France's army in Burgundy... set
	// up by hand: a French army in bur, German armies in mun and ruh.
	mustApply(t, s, "france-a", orders("A par - bur"))
	mustApply(t, s, "france-b", orders("A par - bur"))
	advance(t, s)
	mustApply(t, s, "germany-a", orders("A mun - bur"))
	mustApply(t, s, "germany-b", orders("A mun - bur"))
	advance(t, s) // Fall 1901: a bounce; nothing dislodged
	if gs.Pos.Phase.Type == Retreat {
		t.Fatal("unexpected retreat")
	}
	m := gs.Pos.Map
	// A retreat by hand: the French army in Burgundy dislodged from Munich.
	pos := gs.Pos
	pos.Phase = Phase{Season: Fall, Year: 1902, Type: Retreat}
	bur, _ := m.LookupLoc("bur")
	u := pos.Units[m.Prov(bur)]
	pos.Units[m.Prov(bur)] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	mun, _ := m.LookupLoc("mun")
	pos.Dislodged = []Dislodged{{Unit: u, AttackerFrom: m.Prov(mun), Retreats: []Loc{mustLoc(t, m, "pic"), mustLoc(t, m, "gas")}}}
	pos.Units[m.Prov(bur)] = pos.Units[m.Prov(mun)]
	pos.Units[m.Prov(bur)].Loc = bur
	pos.Units[m.Prov(mun)] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	if got := len(r.Pending(s)); got != 2 {
		t.Fatalf("%d seats owe a retreat, want France's two", got)
	}
	c := r.Clone(s)
	mustApply(t, s, "france-a", orders("A bur - pic"))
	mustApply(t, s, "france-b", orders("A bur - pic"))
	advance(t, s)
	if unitIn(gs, "pic") != "france A" {
		t.Fatalf("matching retreat: pic=%q", unitIn(gs, "pic"))
	}
	mustApply(t, c, "france-a", orders("A bur - pic"))
	mustApply(t, c, "france-b", orders("A bur - gas"))
	advance(t, c)
	cg := c.(*GameState)
	if unitIn(cg, "pic") != "" || unitIn(cg, "gas") != "" || len(cg.Pos.Dislodged) != 0 {
		t.Fatalf("unmatched retreat did not disband: pic=%q gas=%q", unitIn(cg, "pic"), unitIn(cg, "gas"))
	}
	// Builds: France owed a build (Spain taken), only matching builds count.
	for _, g := range []*GameState{gs, cg} {
		g.Pos.Phase = Phase{Season: Winter, Year: 1902, Type: Adjustment}
		g.Pos.Dislodged = nil
		g.Pos.Owners[m.Prov(mustLoc(t, m, "spa"))] = g.Pos.Units[m.Prov(mustLoc(t, m, "mar"))].Power
	}
	mustApply(t, s, "france-a", orders("B A par"))
	mustApply(t, s, "france-b", orders("Build A par"))
	advance(t, s)
	if unitIn(gs, "par") != "france A" {
		t.Fatalf("a matching build was not made: par=%q", unitIn(gs, "par"))
	}
	mustApply(t, c, "france-a", orders("B A par"))
	mustApply(t, c, "france-b", orders("B F bre"))
	advance(t, c)
	if unitIn(cg, "par") != "" {
		t.Fatalf("an unmatched build was made: par=%q", unitIn(cg, "par"))
	}
}

func TestSeatedVariantsPlayWholeGames(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  game.Config
	}{
		{"reverse_gunboat", rgConfig},
		{"reverse_gunboat 5p black hole", game.Config{Options: map[string]string{"reverse_gunboat": "true", "preset": "5p", "black_hole": "true"}}},
		{"double", doubleConfig},
		{"double fog black hole", game.Config{Options: map[string]string{"double": "true", "fog": "true", "black_hole": "true"}}},
		{"double players", game.Config{Options: map[string]string{"double": "true", "players": "england,france,turkey"}}},
		{"double chaos", game.Config{Variant: "chaos", Options: map[string]string{"double": "true"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gs, rec := playVariantGame(t, tc.cfg, 21, 50)
			if len(rec.Steps) < 100 {
				t.Fatalf("only %d steps", len(rec.Steps))
			}
			t.Logf("%s: %d steps, ends in %s", tc.name, len(rec.Steps), gs.Pos.Phase)
		})
	}
}

func TestSeatedVariantsRefusedByAdjudicate(t *testing.T) {
	for _, k := range orderVariantKeys {
		_, err := NewEngine().Prepare(&PhaseInput{Options: variantOptions(Standard(), k), Phase: phaseJSON{Season: "spring", Year: 1901, Type: "movement"}})
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s: error %v", k, err)
		}
	}
}
