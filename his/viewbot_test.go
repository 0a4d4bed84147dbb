package his

import (
	"encoding/json"
	"testing"

	"concordat/game"
)

// TestViewBotPlays: the view bot, given only a seat's view and options
// tree, answers 400 decisions in a row of a 1517 game, each one accepted
// by Apply, the game moving on (impulses among them).
func TestViewBotPlays(t *testing.T) {
	r := Rules{}
	s, err := r.Setup(game.Config{Variant: "1517"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(11)
	impulses := 0
	for i := 0; i < 400; i++ {
		ps := r.Pending(s)
		if len(ps) == 0 {
			break
		}
		seat := ps[0].Seat
		view, err := json.Marshal(r.BotView(s, seat))
		if err != nil {
			t.Fatal(err)
		}
		a, err := r.BotActionFromView(view, r.Legal(s, seat), seat, &rng)
		if err != nil {
			t.Fatalf("decision %d (%s %s): %v", i, seat, ps[0].Kind, err)
		}
		if a.Type != ps[0].Kind {
			t.Fatalf("decision %d: answered %q to a %q", i, a.Type, ps[0].Kind)
		}
		if a.Type == kImpulse {
			impulses++
		}
		if s, _, err = r.Apply(s, seat, a); err != nil {
			t.Fatalf("decision %d (%s %s %s): Apply refused: %v", i, seat, a.Type, a.Args, err)
		}
	}
	if impulses < 10 {
		t.Fatalf("%d impulses in 400 decisions", impulses)
	}
}
