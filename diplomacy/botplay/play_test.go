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

func TestHeuristicBeatsRandomQuick(t *testing.T) {
	r := diplomacy.Rules{}
	m := diplomacy.Standard()
	tops := 0
	n := 14
	for g := 0; g < n; g++ {
		me := game.Seat(m.Powers[g%len(m.Powers)].ID)
		st := playGame(t, r, game.Config{}, uint64(g+1), map[game.Seat]game.Bot{me: Bot{Player: Heuristic{Noise: DefaultNoise}}}, 19)
		gs := st.(*diplomacy.GameState)
		cc := gs.Pos.CountCenters()
		pw, _ := m.LookupPower(string(me))
		top := true
		for i, c := range cc {
			if diplomacy.Power(i) != pw && c >= cc[pw] {
				top = false
			}
		}
		if top {
			tops++
		}
		t.Logf("game %d %s: %v %v", g, me, cc, gs.Pos.Phase)
	}
	t.Logf("tops %d/%d", tops, n)
}
