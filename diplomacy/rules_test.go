package diplomacy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

func orders(texts ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": texts})
}

func TestRulesContractSpring1901(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(r.Seats(s)); got != 7 {
		t.Fatalf("%d seats, want 7", got)
	}
	if got := len(r.Pending(s)); got != 7 {
		t.Fatalf("%d powers owe orders, want 7", got)
	}
	// Refused submissions change nothing.
	for _, bad := range []struct {
		seat game.Seat
		act  game.Action
		want string
	}{
		{"france", orders("A lon - wal"), "not yours"},
		{"france", orders("A par - xyz"), "unknown province"},
		{"france", orders("A bur - par"), "no unit"},
		{"narnia", orders("A par - bur"), "unknown seat"},
		{"france", game.Action{Type: "dance"}, "unknown action"},
		{"france", game.Action{Type: "orders", Args: []byte(`{"orderz": []}`)}, "unknown field"},
	} {
		_, _, err := r.Apply(s, bad.seat, bad.act)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s %s: error %v, want one mentioning %q", bad.seat, bad.act.Args, err, bad.want)
		}
	}
	if _, _, err := r.Apply(s, "france", orders("A par - bur", "A mar - spa", "F bre - mao")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(s, "germany", orders("A mun - bur")); err != nil {
		t.Fatal(err)
	}
	// Germany does not see France's orders before the phase resolves.
	var buf bytes.Buffer
	enc := func(v any) string { buf.Reset(); _ = jsonEncode(&buf, v); return buf.String() }
	if strings.Contains(enc(r.View(s, "germany")), "mar - spa") {
		t.Fatal("Germany's view shows France's orders")
	}
	if !strings.Contains(enc(r.View(s, "france")), "mar - spa") {
		t.Fatal("France's view lacks its own orders")
	}
	if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	m := gs.Pos.Map
	at := func(id string) string {
		l, _ := m.LookupLoc(id)
		u := gs.Pos.Units[m.Prov(l)]
		if u.Type == NoUnit {
			return ""
		}
		return m.PowerName(u.Power) + " " + m.unitString(u)
	}
	if at("bur") != "" || at("par") != "france A par" || at("spa") != "france A spa" || at("mao") != "france F mao" {
		t.Fatalf("after spring 1901: bur=%q par=%q spa=%q mao=%q", at("bur"), at("par"), at("spa"), at("mao"))
	}
	if gs.Pos.Phase != (Phase{Season: Fall, Year: 1901, Type: Movement}) {
		t.Fatalf("next phase %s", gs.Pos.Phase)
	}
	if len(gs.History) != 1 || len(gs.History[0].Orders) != 4 {
		t.Fatalf("history: %+v", gs.History)
	}
	// After resolution everyone sees everyone's orders.
	if !strings.Contains(enc(r.View(s, "germany")), "mar - spa") {
		t.Fatal("resolved orders are not in the history")
	}
}

func TestRulesLegalTree(t *testing.T) {
	var r Rules
	s, _ := r.Setup(game.Config{}, 1)
	opts := r.Legal(s, "england")
	if len(opts.Choices) != 3 {
		t.Fatalf("%d units, want 3", len(opts.Choices))
	}
	var lvp *game.Choice
	for i := range opts.Choices {
		if opts.Choices[i].Value == "A lvp" {
			lvp = &opts.Choices[i]
		}
	}
	if lvp == nil {
		t.Fatal("no A lvp in the tree")
	}
	words := map[string]bool{}
	for _, c := range lvp.Next {
		words[c.Value] = true
	}
	for _, w := range []string{"H", "-", "S"} {
		if !words[w] {
			t.Errorf("A lvp lacks %q: %v", w, lvp.Next)
		}
	}
}

// TestReplayIsByteIdentical plays a random game through the contract,
// records it, replays the record twice and compares every state's bytes.
func TestReplayIsByteIdentical(t *testing.T) {
	var r Rules
	cfg := game.Config{Variant: "standard", Options: map[string]string{"rules": "2023"}}
	s, err := r.Setup(cfg, 5)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: "diplomacy", Config: cfg, Seed: 5}
	rng := game.NewRNG(5)
	gen := NewGenerator(Standard())
	var snapshots [][]byte
	for step := 0; step < 60; step++ {
		if over, _ := r.Over(s); over {
			break
		}
		gs := s.(*GameState)
		byPower := map[Power][]string{}
		for _, o := range RandomOrders(gen.Orders(gs.Pos, NoPower), &rng, nil) {
			byPower[o.Power] = append(byPower[o.Power], o.Order.String(gs.Pos.Map))
		}
		for i := range gs.Pos.Map.Powers {
			if texts, ok := byPower[Power(i)]; ok {
				st := game.Step{Seat: game.Seat(gs.Pos.Map.Powers[i].ID), Action: orders(texts...)}
				if s, _, err = r.Apply(s, st.Seat, st.Action); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				rec.Steps = append(rec.Steps, st)
			}
		}
		st := game.Step{Seat: game.System, Action: game.Action{Type: game.Advance}}
		s, _, _ = r.Apply(s, st.Seat, st.Action)
		rec.Steps = append(rec.Steps, st)
		b, _ := r.Marshal(s)
		snapshots = append(snapshots, b)
	}
	final, _ := r.Marshal(s)
	for run := 0; run < 2; run++ {
		i := 0
		got, err := game.Replay(r, rec, func(step int, st game.State) {
			if step >= 0 && rec.Steps[step].Seat == game.System {
				b, _ := r.Marshal(st)
				if !bytes.Equal(b, snapshots[i]) {
					t.Fatalf("replay %d: phase %d differs", run, i)
				}
				i++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := r.Marshal(got)
		if !bytes.Equal(b, final) {
			t.Fatalf("replay %d: final state differs", run)
		}
	}
	// A snapshot restores exactly.
	restored, err := r.Unmarshal(final)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.Marshal(restored)
	if !bytes.Equal(b, final) {
		t.Fatalf("Unmarshal(Marshal(s)) differs:\n%s\n%s", b, final)
	}
	if len(snapshots) < 40 {
		t.Fatalf("only %d phases played", len(snapshots))
	}
}

func jsonEncode(w *bytes.Buffer, v any) error {
	b, err := json.Marshal(v)
	w.Write(b)
	return err
}

func TestSurvivorsAndOrderFloods(t *testing.T) {
	var r Rules
	s, _ := r.Setup(game.Config{}, 1)
	if got := len(r.Survivors(s)); got != 7 {
		t.Fatalf("%d survivors at the start, want 7", got)
	}
	gs := s.(*GameState)
	it, _ := gs.Pos.Map.LookupPower("italy")
	for i, u := range gs.Pos.Units {
		if u.Power == it {
			gs.Pos.Units[i] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	for i, o := range gs.Pos.Owners {
		if o == it {
			gs.Pos.Owners[i] = NoPower
		}
	}
	for _, seat := range r.Survivors(s) {
		if seat == "italy" {
			t.Fatal("Italy, with nothing left, still survives")
		}
	}
	flood := make([]string, 500)
	for i := range flood {
		flood[i] = "A par H"
	}
	if _, _, err := r.Apply(s, "france", orders(flood...)); err == nil {
		t.Fatal("500 orders from one power were accepted")
	}
}
