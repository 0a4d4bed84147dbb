package botplay

import (
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// playGame plays a game of rules from cfg and seed with a bot per seat
// (the random bot where bots has none) until it is over or the year
// passes lastYear (game years from the map's start: 19 is 1920 on the
// standard map), and returns the final state. Every answer of every bot
// must be accepted.
func playGame(t testing.TB, r game.Rules, cfg game.Config, seed uint64, bots map[game.Seat]game.Bot, years int) game.State {
	t.Helper()
	st, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	seq := int64(0)
	for step := 0; step < 2000; step++ {
		if over, _ := r.Over(st); over {
			return st
		}
		if gs, ok := st.(*diplomacy.GameState); ok && gs.Pos.Phase.Year > gs.Pos.Map.Start.Year+years {
			return st
		}
		for _, p := range r.Pending(st) {
			bot := bots[p.Seat]
			if bot == nil {
				bot = r.(game.Bot)
			}
			rng := game.BotRNG(seed, seq)
			a, err := bot.BotAction(st, p.Seat, &rng)
			seq++
			if err != nil {
				continue // left to the default
			}
			if v, ok := r.(game.Vetter); ok {
				if err := v.Vet(st, p.Seat, a); err != nil {
					t.Fatalf("seed %d: %s's answer refused by Vet: %v (%s)", seed, p.Seat, err, a.Args)
				}
			}
			if st, _, err = r.Apply(st, p.Seat, a); err != nil {
				t.Fatalf("seed %d: %s's answer refused: %v (%s)", seed, p.Seat, err, a.Args)
			}
		}
		if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("seed %d: game did not end", seed)
	return nil
}

// topOf reports whether power pw has won or, the game unfinished, holds
// more supply centres than any other power.
func topOf(gs *diplomacy.GameState, pw diplomacy.Power) bool {
	if w := gs.Pos.Winner(); w != diplomacy.NoPower {
		return w == pw
	}
	cc := gs.Pos.CountCenters()
	for i, c := range cc {
		if diplomacy.Power(i) != pw && c >= cc[pw] {
			return false
		}
	}
	return true
}

// The measure of the heuristic player: one heuristic bot against
// six random ones on the standard map, the heuristic taking each power in
// turn; it wins or has the most centres (alone) at the end of 1920 in at
// least 90% of the games (60 seeded games with -short, 210 without). The
// full 1,000-game figure is measured with `concordat arena` (docs/perf.md).
func TestHeuristicBeatsRandom(t *testing.T) {
	r := diplomacy.Rules{}
	m := diplomacy.Standard()
	n := 210
	if testing.Short() {
		n = 60
	}
	tops := 0
	for g := 0; g < n; g++ {
		pw := diplomacy.Power(g % len(m.Powers))
		me := game.Seat(m.Powers[pw].ID)
		st := playGame(t, r, game.Config{}, uint64(1000+g), map[game.Seat]game.Bot{me: Bot{Player: Heuristic{Noise: DefaultNoise}}}, 19)
		if topOf(st.(*diplomacy.GameState), pw) {
			tops++
		}
	}
	if tops*10 < n*9 {
		t.Fatalf("the heuristic topped %d of %d games, want at least 90%%", tops, n)
	}
	t.Logf("the heuristic topped %d of %d games", tops, n)
}

// The search player (four iterations a decision, one rollout phase) holds
// its own against six heuristic players: over 7 games, one per power, its
// mean centre count at the end of 1910 is at least the heuristic players'
// mean (equal strength would give equal means). A weak test of strength
// (the full measure is the arena's, docs/perf.md); it fails if the search
// plays worse than the heuristic it samples from.
func TestSearchHoldsAgainstHeuristic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 7 searched games (about 20 s)")
	}
	r := diplomacy.Rules{}
	m := diplomacy.Standard()
	mine, others := 0, 0
	for g := 0; g < len(m.Powers); g++ {
		pw := diplomacy.Power(g)
		bots := map[game.Seat]game.Bot{}
		for _, p := range m.Powers {
			bots[game.Seat(p.ID)] = Bot{Player: Heuristic{Noise: DefaultNoise}}
		}
		bots[game.Seat(m.Powers[pw].ID)] = Bot{Player: Search{Iterations: 4, Depth: 1}}
		st := playGame(t, r, game.Config{}, uint64(500+g), bots, 9)
		cc := st.(*diplomacy.GameState).Pos.CountCenters()
		for i, c := range cc {
			if diplomacy.Power(i) == pw {
				mine += c
			} else {
				others += c
			}
		}
	}
	if mine*6 < others {
		t.Fatalf("search: %d centres in 7 games; the heuristic players %d (mean %.1f a power)", mine, others, float64(others)/6)
	}
	t.Logf("search: %.1f centres a game; heuristic %.1f", float64(mine)/7, float64(others)/42)
}
