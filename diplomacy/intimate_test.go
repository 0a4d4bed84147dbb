package diplomacy

import (
	"fmt"
	"strings"
	"testing"

	"concordat/game"
)

var intimateConfig = game.Config{Options: map[string]string{"intimate": "true", "players": "england,france"}}

func bids(b map[string]int) game.Action {
	return game.NewAction("bids", map[string]map[string]int{"bids": b})
}

func TestIntimateBidsAndControl(t *testing.T) {
	var r Rules
	if _, err := r.Setup(game.Config{Options: map[string]string{"intimate": "true"}}, 1); err == nil || !strings.Contains(err.Error(), "players=") {
		t.Fatalf("intimate without players: %v", err)
	}
	s, err := r.Setup(intimateConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	if seats := fmt.Sprint(r.Seats(s)); seats != "[england france]" {
		t.Fatalf("seats %s", seats)
	}
	p := r.Pending(s)
	if len(p) != 2 || p[0].Kind != "bids" || p[1].Kind != "bids" {
		t.Fatalf("prompts %+v", p)
	}
	if l := r.Legal(s, "england"); l.Kind != "bids" || len(l.Choices) != 5 || len(l.Choices[0].Next) != 4 {
		t.Fatalf("legal %+v", l)
	}
	refused(t, s, "england", bids(map[string]int{"france": 1}), "not a power the players bid for")
	refused(t, s, "england", bids(map[string]int{"germany": -1}), "negative")
	refused(t, s, "england", bids(map[string]int{"germany": 2, "italy": 2}), "treasury of 3")
	refused(t, s, "england", bids(map[string]int{"narnia": 1}), "unknown power")
	refused(t, s, "england", bids(map[string]int{"germany": 1, "Germany": 1}), "twice")
	refused(t, s, "england", orders("F lon - nth"), "bidding")
	mustApply(t, s, "england", bids(map[string]int{"germany": 2, "italy": 1}))
	mustApply(t, s, "france", bids(map[string]int{"germany": 1, "italy": 1, "russia": 1}))
	if v := viewJSON(t, s, "england")["intimate"].(map[string]any); v["treasury"] != 3.0 || fmt.Sprint(v["bids"]) != "map[germany:2 italy:1]" {
		t.Fatalf("England's view %v", v)
	}
	if strings.Contains(fmt.Sprint(viewJSON(t, s, "france")["intimate"]), "germany:2") {
		t.Fatal("France sees England's bids")
	}
	advance(t, s)
	in := gs.Intimate
	m := gs.Pos.Map
	control := map[string]string{}
	for k, v := range in.Control {
		control[m.PowerName(k)] = m.PowerName(v)
	}
	if fmt.Sprint(control) != "map[germany:england russia:france]" {
		t.Fatalf("control %v (Italy tied: no one)", control)
	}
	en, _ := m.LookupPower("england")
	fr, _ := m.LookupPower("france")
	if in.Treasury[en] != 1 || in.Treasury[fr] != 2 {
		t.Fatalf("treasuries england %d france %d, want 1 and 2", in.Treasury[en], in.Treasury[fr])
	}
	if gs.Pos.Phase != (Phase{Season: Spring, Year: 1901, Type: Movement}) || len(gs.History) != 1 {
		t.Fatalf("phase %s, %d records", gs.Pos.Phase, len(gs.History))
	}
	refused(t, s, "france", orders("A mun - ruh"), "not yours")
	refused(t, s, "england", orders("A ven - pie"), "not yours")
	refused(t, s, "england", bids(map[string]int{}), "only before")
	mustApply(t, s, "england", orders("A mun - bur", "F lon - nth"))
	mustApply(t, s, "france", orders("A mos - ukr", "A par - pic"))
	advance(t, s)
	for prov, want := range map[string]string{"bur": "germany A", "ukr": "russia A", "nth": "england F", "pic": "france A", "mun": ""} {
		if got := unitIn(gs, prov); got != want {
			t.Errorf("%s: %q, want %q", prov, got, want)
		}
	}
	if rec := gs.History[1].Orders; rec[0].Power != "germany" || rec[0].Order != "A mun - bur" {
		t.Fatalf("the record: %+v", rec)
	}
	advance(t, s) // Fall 1901: nothing ordered; no adjustments
	if gs.Pos.Phase != (Phase{Season: Spring, Year: 1902, Type: Movement}) || !in.Bidding || len(in.Control) != 0 {
		t.Fatalf("1902: phase %s, bidding %v, control %v", gs.Pos.Phase, in.Bidding, in.Control)
	}
	if in.Treasury[en] != 4 || in.Treasury[fr] != 5 {
		t.Fatalf("1902 treasuries england %d france %d, want 4 and 5", in.Treasury[en], in.Treasury[fr])
	}
}

func TestIntimatePlaysWholeGames(t *testing.T) {
	for _, cfg := range []game.Config{
		intimateConfig,
		{Options: map[string]string{"intimate": "true", "players": "austria,turkey", "black_hole": "true"}},
	} {
		gs, rec := playVariantGame(t, cfg, 4, 60)
		t.Logf("%v: %d steps, %s", cfg, len(rec.Steps), gs.Pos.Phase)
	}
}
