package hosted

import (
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// BenchmarkBotKinds is one decision of each kind through the game
// contract (BotAction: the seat's sight, the decision, the order texts):
// Germany's orders in spring 1903 of a seeded game the heuristic kind
// played. The search kind is bounded by iterations (1 and 10), not by the
// clock, so its figure is its cost per iteration.
func BenchmarkBotKinds(b *testing.B) {
	var r Rules
	heur, _ := r.BotOf(KindHeuristic)
	st, err := r.Setup(game.Config{}, 11)
	if err != nil {
		b.Fatal(err)
	}
	for ph := 0; ; ph++ { // to spring 1903 movement
		if pos := st.(*diplomacy.GameState).Pos; pos.Phase.Year == 1903 {
			break
		}
		for i, p := range r.Pending(st) {
			rng := game.BotRNG(11, int64(ph*100+i))
			if a, err := heur.BotAction(st, p.Seat, &rng); err == nil {
				st, _, _ = r.Apply(st, p.Seat, a)
			}
		}
		st, _, _ = r.Apply(st, game.System, game.Action{Type: game.Advance})
	}
	for _, c := range []struct {
		name string
		bot  func() game.Bot
	}{
		{"random", func() game.Bot { b, _ := r.BotOf(KindRandom); return b }},
		{"heuristic", func() game.Bot { return heur }},
		{"search-1", func() game.Bot { b, _ := r.BotWithin(KindSearch, 0, 1); return b }},
		{"search-10", func() game.Bot { b, _ := r.BotWithin(KindSearch, 0, 10); return b }},
	} {
		b.Run(c.name, func(b *testing.B) {
			bot := c.bot()
			rng := game.NewRNG(1)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bot.BotAction(st, "germany", &rng); err != nil {
					b.Fatalf("%s: %v", st.(*diplomacy.GameState).Pos.Phase, err)
				}
			}
		})
	}
}
