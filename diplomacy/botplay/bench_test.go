package botplay

import (
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// benchSight is Germany's sight in spring 1905 of a seeded game of seven
// heuristic players (a middle-game position, about 22 units).
func benchSight(b *testing.B) diplomacy.Sight {
	r := diplomacy.Rules{}
	bots := map[game.Seat]game.Bot{}
	for _, p := range diplomacy.Standard().Powers {
		bots[game.Seat(p.ID)] = Bot{Player: Heuristic{Noise: DefaultNoise}}
	}
	st := playGame(b, r, game.Config{}, 11, bots, 3)
	s, err := diplomacy.SightOf(st, "germany")
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkHeuristic is one decision of the heuristic player (movement).
func BenchmarkHeuristic(b *testing.B) {
	s := benchSight(b)
	rng := game.NewRNG(1)
	h := Heuristic{Noise: DefaultNoise}
	b.ReportAllocs()
	for b.Loop() {
		h.Orders(s, &rng)
	}
}

// BenchmarkSearchIteration is one decision of the search player with one
// regret-matching iteration (8 candidates a power, one rollout phase):
// the cost of an iteration, which a time budget divides.
func BenchmarkSearchIteration(b *testing.B) {
	s := benchSight(b)
	rng := game.NewRNG(1)
	sr := Search{Iterations: 1, Depth: 1}
	b.ReportAllocs()
	for b.Loop() {
		sr.Orders(s, &rng)
	}
}

// BenchmarkSearch10 is one decision with ten iterations.
func BenchmarkSearch10(b *testing.B) {
	s := benchSight(b)
	rng := game.NewRNG(1)
	sr := Search{Iterations: 10, Depth: 1}
	b.ReportAllocs()
	for b.Loop() {
		sr.Orders(s, &rng)
	}
}
