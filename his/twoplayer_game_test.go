package his

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"concordat/game"
)

// twoCfg is the 2-player game's configuration.
var twoCfg = game.Config{Variant: "1517", Options: map[string]string{"players": "2"}}

// twoInvariants checks a 2-player state: every card in exactly one place
// and no unit count wrapped (checkCardsAndUnits), every diplomatic card in
// at most one place (deck, discard pile, removed, a hand), the later ones
// only once the League has formed, and no card in a non-player's hand (but
// the Hapsburgs' Diet of Worms card while the Diet runs).
func twoInvariants(s *State) string {
	if m := checkCardsAndUnits(s); m != "" {
		return m
	}
	t := s.Two
	seen := map[uint8]string{}
	for _, l := range []struct {
		where string
		cs    []uint8
	}{{"deck", t.Deck}, {"discard", t.Discard}, {"removed", t.Gone}, {"papal hand", t.Hands[0]}, {"protestant hand", t.Hands[1]}} {
		for _, c := range l.cs {
			if w, dup := seen[c]; dup {
				return fmt.Sprintf("diplomatic #%d in the %s and the %s", Cards[c].Number, w, l.where)
			}
			seen[c] = l.where
			if !Cards[c].Diplo {
				return fmt.Sprintf("#%d in the diplomatic %s", Cards[c].Number, l.where)
			}
		}
	}
	n := 0
	for c := range seen {
		if Cards[c].Number >= 213 && !t.Later {
			return fmt.Sprintf("#%d in play before the League", Cards[c].Number)
		}
		n++
	}
	if want := map[bool]int{false: 12, true: 19}[t.Later]; n != want {
		return fmt.Sprintf("%d diplomatic cards in play, want %d", n, want)
	}
	for p := Power(0); p < NumMajors; p++ {
		if !twoPlayer(p) && len(s.Powers[p].Hand) > 0 && !(p == Hapsburg && s.Diet != nil) {
			return fmt.Sprintf("%s holds %d cards", p, len(s.Powers[p].Hand))
		}
	}
	return ""
}

// playTwo plays a random 2-player game from seed, checking twoInvariants
// after every action.
func playTwo(seed uint64) (int, *State, error) {
	st, err := (Rules{}).Setup(twoCfg, seed)
	if err != nil {
		return 0, nil, err
	}
	s := st.(*State)
	r := game.NewRNG(seed ^ 0x5eed_0f_7a11_c0de)
	steps := 0
	for s.Phase != PhaseOver {
		if steps >= maxRandomSteps {
			return steps, s, fmt.Errorf("seed %d: no end after %d decisions", seed, steps)
		}
		d, ok := s.top()
		if !ok {
			return steps, s, fmt.Errorf("seed %d: stuck in turn %d, %s, with nothing owed", seed, s.Turn, s.Phase)
		}
		seat := game.Seat(s.seatOf(d.Power).String())
		if seat != "papacy" && seat != "protestant" {
			return steps, s, fmt.Errorf("seed %d: %s owes %s", seed, seat, d.Kind)
		}
		a, err := RandomAction(s, seat, &r)
		if err != nil {
			return steps, s, fmt.Errorf("seed %d step %d: %w", seed, steps, err)
		}
		if _, _, err := (Rules{}).Apply(s, seat, a); err != nil {
			return steps, s, fmt.Errorf("seed %d step %d turn %d: %s %s %s refused: %w", seed, steps, s.Turn, seat, a.Type, a.Args, err)
		}
		steps++
		if m := twoInvariants(s); m != "" {
			return steps, s, fmt.Errorf("seed %d step %d turn %d after %s %s: %s", seed, steps, s.Turn, a.Type, a.Args, m)
		}
	}
	return steps, s, nil
}

// Whole 2-player games play to their end with random legal play: no
// refused answer, no stuck state, the invariants after every action, a
// result with the players as the only winners, and the variant's decisions
// all met. HIS_TWOP_GAMES sets the number of games (docs/perf.md: 1,000).
func TestTwoPlayerRandomGamesPlayToTheEnd(t *testing.T) {
	games := uint64(12)
	if testing.Short() {
		games = 4
	}
	if n, err := strconv.Atoi(os.Getenv("HIS_TWOP_GAMES")); err == nil && n > 0 {
		games = uint64(n)
	}
	kinds := map[string]int{}
	results := map[string]int{}
	for seed := uint64(1); seed <= games; seed++ {
		_, s, err := playTwo(seed)
		if err != nil {
			t.Fatal(err)
		}
		if s.Result == "" || len(s.Winners) == 0 {
			t.Fatalf("seed %d: over without a result", seed)
		}
		for _, w := range s.Winners {
			if !twoPlayer(w) {
				t.Fatalf("seed %d: winner %s is not a player", seed, w)
			}
		}
		results[s.Result[:min(len(s.Result), 12)]]++
	}
	for seed := uint64(1); seed <= min(games, 4); seed++ {
		rec, _, err := PlayRandom(twoCfg, seed, RandomTurns)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range rec.Steps {
			kinds[st.Action.Type]++
		}
	}
	for _, k := range []string{kTwoPlay, kImpulse, kCardOption} {
		if kinds[k] == 0 {
			t.Errorf("no %s decision in %d games", k, min(games, 4))
		}
	}
	t.Logf("%d games: %v", games, results)
}
