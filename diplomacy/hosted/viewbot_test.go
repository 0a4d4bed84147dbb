package hosted

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

// Every kind plays from a seat's view (game.ViewBot). In a standard Fog
// of War game the heuristic kind's answer from France's view and legal
// options is its in-server answer with the same generator, and Apply
// takes it.
func TestViewBotKinds(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"fog": "true"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	view, _ := json.Marshal(r.View(s, "france"))
	for _, kind := range r.BotKinds() {
		b, _ := r.BotOf(kind)
		if _, ok := b.(game.ViewBot); !ok {
			t.Fatalf("the %s kind does not play from a view", kind)
		}
	}
	b, _ := r.BotWithin(KindHeuristic, 0, 0)
	rng := game.BotRNG(4, 0)
	a, err := b.(game.ViewBot).BotActionFromView(view, r.Legal(s, "france"), "france", &rng)
	if err != nil {
		t.Fatal(err)
	}
	rng = game.BotRNG(4, 0)
	want, _ := b.BotAction(s, "france", &rng)
	if a.Type != want.Type || !bytes.Equal(a.Args, want.Args) {
		t.Fatalf("from the view %s %s, in the server %s %s", a.Type, a.Args, want.Type, want.Args)
	}
	if _, _, err := r.Apply(s, "france", a); err != nil {
		t.Fatalf("%s refused: %v", a.Args, err)
	}
}

// Multiplicity's heuristic plays from a seat's view too: over the start
// choice and a few years of a Multiplicity game, with and without Fog of
// War, every seat answered from its view and legal options, the Sight
// rebuilt from them (multiplicity.SightFromView) is the one the server's
// bot reads (SightOf), the answer is the server's for the same generator,
// and the rules accept it (Vet, Apply).
func TestViewBotMultiplicity(t *testing.T) {
	var r Rules
	heur, _ := r.BotWithin(KindHeuristic, 0, 0)
	for _, fog := range []string{"false", "true"} {
		cfg := game.Config{Options: map[string]string{"multiplicity": "true", "fog": fog}}
		st, err := r.Setup(cfg, 5)
		if err != nil {
			t.Fatal(err)
		}
		answers := 0
		for ph := 0; ph < 8; ph++ {
			if over, _ := r.Over(st); over {
				break
			}
			for i, p := range r.Pending(st) {
				view, _ := json.Marshal(r.View(st, p.Seat))
				legal := r.Legal(st, p.Seat)
				got, err := multiplicity.SightFromView(view, p.Seat, legal)
				if err != nil {
					t.Fatalf("fog %s %s: %v", fog, p.Seat, err)
				}
				want, _ := multiplicity.SightOf(st, p.Seat)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("fog %s %s %s: the sight from the view differs:\n%+v\n%+v", fog, r.Window(st), p.Seat, got, want)
				}
				rng := game.BotRNG(5, int64(ph*100+i))
				a, err := heur.(game.ViewBot).BotActionFromView(view, legal, p.Seat, &rng)
				rng = game.BotRNG(5, int64(ph*100+i))
				w, werr := heur.BotAction(st, p.Seat, &rng)
				if (err == nil) != (werr == nil) {
					t.Fatalf("fog %s %s: from the view: %v; in the server: %v", fog, p.Seat, err, werr)
				}
				if err != nil {
					continue
				}
				if a.Type != w.Type || !bytes.Equal(a.Args, w.Args) {
					t.Fatalf("fog %s %s: from the view %s, in the server %s", fog, p.Seat, a.Args, w.Args)
				}
				if err := r.Vet(st, p.Seat, a); err != nil {
					t.Fatalf("fog %s %s: refused by Vet: %v (%s)", fog, p.Seat, err, a.Args)
				}
				if _, _, err := r.Apply(st, p.Seat, a); err != nil {
					t.Fatalf("fog %s %s: refused: %v (%s)", fog, p.Seat, err, a.Args)
				}
				answers++
			}
			if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
				t.Fatal(err)
			}
		}
		if answers < 7*6 {
			t.Fatalf("fog %s: only %d answers", fog, answers)
		}
		t.Logf("fog %s: %d answers from views, reaching %s", fog, answers, r.Window(st))
	}
}
