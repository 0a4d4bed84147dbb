package diplomacy

import (
	"testing"

	"concordat/game"
)

// midgame returns the first movement phase of a seeded random game with at
// least n units on the board, and a random legal order for each unit.
func midgame(tb testing.TB, n int) (*Position, []OrderIn) {
	m := Standard()
	rng := game.NewRNG(7)
	gen := NewGenerator(m)
	adj := NewAdjudicator(m, Edition2023)
	pos := StartPosition(m)
	var orders []OrderIn
	out := make([]Outcome, 64)
	for pos.Phase.Year < 1930 {
		orders = RandomOrders(gen.Orders(pos, NoPower), &rng, orders[:0])
		if pos.Phase.Type == Movement && pos.Phase.Year >= 1903 && len(orders) >= n {
			return pos, orders
		}
		adj.Step(pos, orders, out[:len(orders)])
	}
	tb.Fatalf("no movement phase with %d units", n)
	return nil, nil
}

// copyPosition resets dst to src without allocating.
func copyPosition(dst, src *Position) {
	dst.Phase = src.Phase
	copy(dst.Units, src.Units)
	copy(dst.Owners, src.Owners)
	dst.Dislodged = dst.Dislodged[:0]
}

func BenchmarkMovement(b *testing.B) {
	start, orders := midgame(b, 30)
	b.Logf("%d orders, %s", len(orders), start.Phase)
	adj := NewAdjudicator(start.Map, Edition2023)
	pos := start.Clone()
	out := make([]Outcome, len(orders))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copyPosition(pos, start)
		adj.Movement(pos, orders, out)
	}
}

func BenchmarkLegalOrders(b *testing.B) {
	pos, _ := midgame(b, 30)
	gen := NewGenerator(pos.Map)
	n := 0
	for _, uo := range gen.Orders(pos, NoPower) {
		n += len(uo.Orders)
	}
	b.Logf("%d legal orders for %d units", n, len(gen.Orders(pos, NoPower)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gen.Orders(pos, NoPower)
	}
}

func BenchmarkRandomGame(b *testing.B) {
	m := Standard()
	gen := NewGenerator(m)
	adj := NewAdjudicator(m, Edition2023)
	var orders []OrderIn
	out := make([]Outcome, 64)
	phases := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rng := game.NewRNG(uint64(i))
		pos := StartPosition(m)
		for pos.Phase.Year <= 1920 && pos.Winner() == NoPower {
			orders = RandomOrders(gen.Orders(pos, NoPower), &rng, orders[:0])
			adj.Step(pos, orders, out[:len(orders)])
			phases++
		}
	}
	b.ReportMetric(float64(phases)/float64(b.N), "phases/game")
}
