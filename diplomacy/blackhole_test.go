package diplomacy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

func TestWithHolesJoinsNeighbours(t *testing.T) {
	m := Standard()
	bur := m.Prov(holeLoc(t, m, "bur"))
	h := m.WithHoles([]Province{bur})
	if !h.Swallowed(bur) || m.Swallowed(bur) {
		t.Fatal("the hole is not on the derived map only")
	}
	par, mun, bel := m.Prov(holeLoc(t, m, "par")), m.Prov(holeLoc(t, m, "mun")), m.Prov(holeLoc(t, m, "bel"))
	if m.ArmyAdjacent(par, mun) || !h.ArmyAdjacent(par, mun) || !h.ArmyAdjacent(mun, bel) {
		t.Fatal("Burgundy's neighbours were not joined")
	}
	if h.ArmyAdjacent(par, bur) || h.CanStand(Army, Loc(bur)) {
		t.Fatal("one can still enter the hole")
	}
	if h.Provinces[bur].Center || m.Provinces[par].Center != h.Provinces[par].Center {
		t.Fatal("centres changed wrongly")
	}
	// A sea hole joins fleets: without the North Sea, Edinburgh reaches Holland.
	nth := m.Prov(holeLoc(t, m, "nth"))
	h2 := h.WithHoles([]Province{nth})
	if !h2.FleetAdjacent(holeLoc(t, m, "edi"), holeLoc(t, m, "hol")) || !h2.Swallowed(bur) {
		t.Fatal("the North Sea's coasts were not joined, or the first hole was forgotten")
	}
	if h2 != h.WithHoles([]Province{nth}) {
		t.Fatal("derived maps are not cached")
	}
	// Symmetry survives.
	for l := range h2.Locs {
		for _, k := range h2.FleetNeighbours(Loc(l)) {
			if !h2.FleetAdjacent(k, Loc(l)) {
				t.Fatalf("fleet adjacency %s -> %s is one-way", h2.LocName(Loc(l)), h2.LocName(k))
			}
		}
	}
}

func TestBlackHoleGame(t *testing.T) {
	var r Rules
	cfg := game.Config{Options: map[string]string{"black_hole": "true"}}
	s, err := r.Setup(cfg, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(s, "france", game.NewAction("protect", map[string]string{"center": "mun"})); err == nil {
		t.Fatal("France protected Munich")
	}
	// Every power protects every... one home centre; the hole never takes it.
	protect := map[game.Seat]string{"austria": "vie", "england": "lon", "france": "par", "germany": "ber",
		"italy": "rom", "russia": "mos", "turkey": "con"}
	for seat, c := range protect {
		if _, _, err := r.Apply(s, seat, game.NewAction("protect", map[string]string{"center": c})); err != nil {
			t.Fatal(err)
		}
	}
	rec := game.Record{Game: "diplomacy", Config: cfg, Seed: 3}
	for seat, c := range protect {
		rec.Steps = append(rec.Steps, game.Step{Seat: seat, Action: game.NewAction("protect", map[string]string{"center": c})})
	}
	holes := 0
	for i := 0; i < 30; i++ {
		_, ev, err := r.Apply(s, game.System, game.Action{Type: game.Advance})
		if err != nil {
			t.Fatal(err)
		}
		rec.Steps = append(rec.Steps, game.Step{Seat: game.System, Action: game.Action{Type: game.Advance}})
		for _, e := range ev {
			if e.Type == "black_hole" {
				holes++
			}
		}
	}
	gs := s.(*GameState)
	m := gs.Pos.Map
	if len(m.Holes()) != holes || holes < 20 {
		t.Fatalf("%d holes on the map, %d events", len(m.Holes()), holes)
	}
	for _, c := range protect {
		if m.Swallowed(m.Prov(holeLoc(t, m, c))) {
			t.Fatalf("the protected %s was swallowed", c)
		}
	}
	for i, u := range gs.Pos.Units {
		if u.Type != NoUnit && m.Swallowed(Province(i)) {
			t.Fatalf("a unit survives in the hole at %s", m.ProvName(Province(i)))
		}
	}
	// The record replays to the same bytes, holes and all.
	want, _ := r.Marshal(s)
	got, err := game.Replay(r, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.Marshal(got)
	if !bytes.Equal(b, want) {
		t.Fatal("a Black Hole game does not replay identically")
	}
	back, err := r.Unmarshal(want)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := r.Marshal(back)
	if !bytes.Equal(b2, want) || !strings.Contains(string(want), `"holes"`) {
		t.Fatal("a Black Hole snapshot does not restore")
	}
}

func holeLoc(t *testing.T, m *Map, id string) Loc {
	t.Helper()
	l, ok := m.LookupLoc(id)
	if !ok {
		t.Fatalf("no %s", id)
	}
	return l
}

func TestAdjudicateOnAHoledMap(t *testing.T) {
	out := run(t, `{"phase": {"season": "spring", "year": 1902, "type": "movement"}, "holes": ["bur"],
		"units": [{"power": "france", "type": "army", "at": "par"}],
		"orders": {"france": ["A par - mun"]}}`)
	if out.Orders[0].Result != "succeeds" || len(out.Next.Holes) != 1 || out.Next.Holes[0] != "bur" {
		t.Fatalf("par - mun across the hole: %+v, holes %v", out.Orders[0], out.Next.Holes)
	}
	var in PhaseInput
	if err := json.Unmarshal([]byte(`{"phase": {"season": "spring", "year": 1902, "type": "movement"}, "holes": ["bur"],
		"units": [{"power": "france", "type": "army", "at": "bur"}], "orders": {}}`), &in); err != nil {
		t.Fatal(err)
	}
	if _, err := NewEngine().Adjudicate(&in); err == nil || !strings.Contains(err.Error(), "bur") {
		t.Fatalf("a unit in the hole was accepted: %v", err)
	}
}
