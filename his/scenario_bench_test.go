package his

import (
	"testing"

	"concordat/game"
)

// BenchmarkRandomGame1532 plays whole random 1532 games (six seats, with
// every card's event, the invariants not checked), each from its own seed.
func BenchmarkRandomGame1532(b *testing.B) {
	b.ReportAllocs()
	steps := 0
	for i := 0; i < b.N; i++ {
		rec, _, err := PlayRandom(game.Config{Variant: Scenario1532}, uint64(i)+1, RandomTurns)
		if err != nil {
			b.Fatal(err)
		}
		steps += len(rec.Steps)
	}
	b.ReportMetric(float64(steps)/float64(b.N), "decisions/game")
}

// BenchmarkRandomGameChecked is BenchmarkRandomGame (1517) with the
// invariants checked after every action, as `concordat his selfplay` plays.
func BenchmarkRandomGameChecked(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := PlayRandomChecked(game.Config{Variant: Scenario1517}, uint64(i)+1); err != nil {
			b.Fatal(err)
		}
	}
}
