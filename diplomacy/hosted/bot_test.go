package hosted

import (
	"encoding/json"
	"testing"

	"concordat/game"
)

// The hosted bot plays the standard engine: for each power at the start of
// a standard game it writes one legal order per unit (three; Russia four),
// which Apply accepts, the same for the same generator; a power that owes
// nothing (retreats with no dislodgement) gets an error. Multiplicity has
// no bot: an error, so the server applies the default.
func TestBotAction(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range r.Seats(s) {
		rng := game.BotRNG(1, 0)
		a, err := r.BotAction(s, seat, &rng)
		if err != nil {
			t.Fatalf("%s: %v", seat, err)
		}
		rng = game.BotRNG(1, 0)
		again, _ := r.BotAction(s, seat, &rng)
		if string(again.Args) != string(a.Args) {
			t.Fatalf("%s: %s, then %s from the same generator", seat, a.Args, again.Args)
		}
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := json.Unmarshal(a.Args, &args); err != nil || a.Type != "orders" {
			t.Fatalf("%s: %s %s", seat, a.Type, a.Args)
		}
		want := 3
		if seat == "russia" {
			want = 4
		}
		if len(args.Orders) != want {
			t.Fatalf("%s: orders %v", seat, args.Orders)
		}
		if _, _, err := r.Apply(r.Clone(s), seat, a); err != nil {
			t.Fatalf("%s: %v refused: %v", seat, args.Orders, err)
		}
	}
	if _, err := r.BotAction(s, "narnia", new(game.RNG)); err == nil {
		t.Fatal("a bot for no seat")
	}
	m, err := r.Setup(game.Config{Options: map[string]string{"multiplicity": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.BotAction(m, r.Seats(m)[0], new(game.RNG)); err == nil {
		t.Fatal("Multiplicity has a bot")
	}
}
