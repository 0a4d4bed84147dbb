package diplomacy

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"concordat/game"
)

var anarchyConfig = game.Config{Options: map[string]string{"anarchy": "true"}}

func prefs(ids ...string) game.Action {
	if ids == nil {
		ids = []string{}
	}
	return game.NewAction("preferences", map[string][]string{"centres": ids})
}

func TestAnarchyDraft(t *testing.T) {
	var r Rules
	s, err := r.Setup(anarchyConfig, 9)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	if gs.Pos.Phase != (Phase{Season: Winter, Year: 1900, Type: Adjustment}) {
		t.Fatalf("phase %s", gs.Pos.Phase)
	}
	for i, u := range gs.Pos.Units {
		if u.Type != NoUnit || gs.Pos.Owners[i] != NoPower {
			t.Fatal("the board is not empty")
		}
	}
	prompts := r.Pending(s)
	if len(prompts) != 7 || prompts[0].Kind != "preferences" {
		t.Fatalf("prompts %+v", prompts)
	}
	if n := len(r.Legal(s, "france").Choices); n != 34 {
		t.Fatalf("%d centres to choose from, want 34", n)
	}
	refused(t, s, "france", prefs("par", "xyz"), "unknown province")
	refused(t, s, "france", prefs("par", "bur"), "not a supply centre")
	refused(t, s, "france", prefs("par", "mar", "paris"), "listed twice")
	refused(t, s, "france", orders("B A par"), "drafted")
	refused(t, s, "france", game.Action{Type: "preferences", Args: []byte(`{"centers": ["par"]}`)}, "unknown field")
	mustApply(t, s, "france", prefs("par", "mar", "bre", "mun"))
	mustApply(t, s, "germany", prefs("Paris", "mun", "ber", "kie"))
	mustApply(t, s, "england", prefs())
	if v := viewJSON(t, s, "germany")["anarchy"].(map[string]any); fmt.Sprint(v["preferences"]) != "[par mun ber kie]" {
		t.Fatalf("Germany's view of its list: %v", v)
	}
	if strings.Contains(fmt.Sprint(viewJSON(t, s, "france")), "kie") {
		t.Fatal("France sees Germany's list")
	}
	advance(t, s)
	if gs.Anarchy.Drafting || gs.Pos.Phase != (Phase{Season: Winter, Year: 1900, Type: Adjustment}) {
		t.Fatalf("after the draft: drafting %v, phase %s", gs.Anarchy.Drafting, gs.Pos.Phase)
	}
	m := gs.Pos.Map
	// The record: France and Germany both want Paris; whoever drafts first
	// gets it as its first preference.
	first := map[string]OrderResultJSON{}
	var order []string
	got := map[string][]string{}
	for _, o := range gs.History[0].Orders {
		if _, ok := first[o.Power]; !ok {
			first[o.Power] = o
			order = append(order, o.Power)
		}
		got[o.Power] = append(got[o.Power], strings.TrimPrefix(o.Order, "choose "))
	}
	if len(order) != 7 {
		t.Fatalf("draft order %v", order)
	}
	fi, gi := indexOf(order, "france"), indexOf(order, "germany")
	winner, loser := "france", "germany"
	if gi < fi {
		winner, loser = "germany", "france"
	}
	if first[winner].Order != "choose par" || first[winner].Reason != "preference 1" {
		t.Fatalf("%s drafted first: %+v", winner, first[winner])
	}
	if first[loser].Order == "choose par" || first[loser].Reason != "preference 2" {
		t.Fatalf("%s drafted second: %+v", loser, first[loser])
	}
	if strings.Join(got["france"], " ") == "" || !strings.Contains(first["england"].Reason, "random") {
		t.Fatalf("england (no list) drafted %+v", first["england"])
	}
	// Every power has its home count, all different; they are its homes and its own.
	all := map[string]bool{}
	for i, p := range m.Powers {
		pw := Power(i)
		want := len(Standard().Powers[i].Homes)
		if len(got[p.ID]) != want || len(m.Powers[i].Homes) != want {
			t.Fatalf("%s drafted %v, homes %v; want %d", p.ID, got[p.ID], m.Powers[i].Homes, want)
		}
		for _, id := range got[p.ID] {
			l, _ := m.LookupLoc(id)
			if all[id] || gs.Pos.Owners[m.Prov(l)] != pw || m.Provinces[m.Prov(l)].Home != pw {
				t.Fatalf("%s: %s drafted twice, or not owned, or not a home", p.ID, id)
			}
			all[id] = true
		}
	}
	for _, id := range []string{"mar", "bre"} {
		if !all[id] {
			t.Fatalf("%s, listed by France alone, was not drafted", id)
		}
	}
	// Builds in the drafted centres; a build elsewhere is invalid.
	fr := got["france"]
	sort.Strings(fr)
	var other string
	for _, id := range got["germany"] {
		other = id
	}
	if p := r.Pending(s); len(p) != 7 || p[0].Kind != "orders" {
		t.Fatalf("after the draft: %+v", p)
	}
	refused(t, s, "france", prefs("par"), "only while")
	mustApply(t, s, "france", orders("B A "+fr[0], "B A "+other))
	b, _ := r.Marshal(s)
	back, err := r.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if bm := back.(*GameState).Pos.Map; fmt.Sprint(bm.Powers[1].Homes) != fmt.Sprint(m.Powers[1].Homes) {
		t.Fatalf("homes lost in a snapshot: %v vs %v", bm.Powers[1].Homes, m.Powers[1].Homes)
	}
	advance(t, s)
	if unitIn(gs, fr[0]) != "france A" || unitIn(gs, other) != "" {
		t.Fatalf("%s=%q %s=%q", fr[0], unitIn(gs, fr[0]), other, unitIn(gs, other))
	}
	if gs.Pos.Phase != (Phase{Season: Spring, Year: 1901, Type: Movement}) {
		t.Fatalf("phase %s", gs.Pos.Phase)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func TestAnarchyPlaysWholeGames(t *testing.T) {
	for _, cfg := range []game.Config{
		anarchyConfig,
		{Options: map[string]string{"anarchy": "true", "players": "england,france,turkey", "fog": "true"}},
		{Options: map[string]string{"anarchy": "true", "crystal_ball": "true"}},
		{Variant: "sengoku", Options: map[string]string{"anarchy": "true"}},
		{Variant: "chaos", Options: map[string]string{"anarchy": "true"}},
	} {
		gs, rec := playVariantGame(t, cfg, 8, 40)
		if len(gs.Anarchy.Homes) == 0 {
			t.Fatalf("%v: no homes drafted", cfg)
		}
		t.Logf("%v: %d steps, %s", cfg, len(rec.Steps), gs.Pos.Phase)
	}
}
