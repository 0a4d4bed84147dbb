package his

import (
	"testing"

	"concordat/game"
)

// twoCfg is the 2-player game's configuration.
var twoCfg = game.Config{Variant: "1517", Options: map[string]string{"players": "2"}}

// Whole 2-player games play to their end with random legal play: no
// refused answer, no stuck state, a result with one of the two players (or
// both) as winner, and only the two seats ever owe a decision.
func TestTwoPlayerRandomGamesPlayToTheEnd(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 4
	}
	kinds := map[string]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		rec, s, err := PlayRandom(twoCfg, seed, RandomTurns)
		if err != nil {
			t.Fatal(err)
		}
		if s.Phase != PhaseOver || s.Result == "" || len(s.Winners) == 0 {
			t.Fatalf("seed %d: stopped in turn %d, %s, result %q", seed, s.Turn, s.Phase, s.Result)
		}
		for _, w := range s.Winners {
			if !twoPlayer(w) {
				t.Fatalf("seed %d: winner %s is not a player", seed, w)
			}
		}
		for _, st := range rec.Steps {
			if st.Seat != "papacy" && st.Seat != "protestant" {
				t.Fatalf("seed %d: seat %s answered %s", seed, st.Seat, st.Action.Type)
			}
			kinds[st.Action.Type]++
		}
		t.Logf("seed %d: %s after turn %d, %d decisions", seed, s.Result, s.Turn, len(rec.Steps))
	}
	for _, k := range []string{kTwoPlay, kImpulse, kCardOption} {
		if kinds[k] == 0 {
			t.Errorf("no %s decision in %d games", k, seeds)
		}
	}
}
