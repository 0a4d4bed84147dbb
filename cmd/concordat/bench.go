package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"concordat/diplomacy"
	"concordat/game"
)

func init() {
	register("bench", "measure the engines: bench diplomacy --games N --seed S", runBench)
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "diplomacy" {
		fmt.Fprintln(stderr, "usage: concordat bench diplomacy [--games N] [--seed S] [--last-year Y] [--variant MAP|all] [--rules EDITION]")
		return 2
	}
	fs := flag.NewFlagSet("bench diplomacy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of seeded random games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	lastYear := fs.Int("last-year", 1920, "play until this year ends (relative to 1901 on maps that start elsewhere)")
	variant := fs.String("variant", "standard", "map id, or 'all' for every embedded map")
	rules := fs.String("rules", "2023", "rules edition: 1971, 1982, 2000 or 2023")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *games <= 0 {
		fmt.Fprintln(stderr, "bench: --games must be positive")
		return 2
	}
	ed, err := diplomacy.ParseEdition(*rules)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	ids := []string{*variant}
	if *variant == "all" {
		ids = diplomacy.MapIDs()
	}
	for _, id := range ids {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 2
		}
		r := benchDiplomacy(m, ed, *games, *seed, *lastYear-1901)
		r.print(stdout, m.ID, ed)
	}
	return 0
}

// benchResult holds what benchDiplomacy measured.
type benchResult struct {
	games, phases, movement, orders, legal int
	winners                                int
	genTime, adjTime, moveTime, total      time.Duration
	allocs                                 uint64
}

// benchDiplomacy plays seeded random games (each unit a random legal order
// each phase) and times order generation and adjudication separately.
func benchDiplomacy(m *diplomacy.Map, ed diplomacy.Edition, games int, seed uint64, years int) benchResult {
	var r benchResult
	gen := diplomacy.NewGenerator(m)
	adj := diplomacy.NewAdjudicator(m, ed)
	var orders []diplomacy.OrderIn
	out := make([]diplomacy.Outcome, 256)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocs0 := ms.Mallocs
	start := time.Now()
	for g := 0; g < games; g++ {
		rng := game.NewRNG(seed + uint64(g))
		pos := diplomacy.StartPosition(m)
		last := m.Start.Year + years
		for pos.Phase.Year <= last && pos.Winner() == diplomacy.NoPower {
			t0 := time.Now()
			legal := gen.Orders(pos, diplomacy.NoPower)
			orders = diplomacy.RandomOrders(legal, &rng, orders[:0])
			t1 := time.Now()
			if len(orders) > len(out) {
				out = make([]diplomacy.Outcome, len(orders))
			}
			movement := pos.Phase.Type == diplomacy.Movement
			adj.Step(pos, orders, out[:len(orders)])
			t2 := time.Now()
			r.genTime += t1.Sub(t0)
			r.adjTime += t2.Sub(t1)
			if movement {
				r.movement++
				r.moveTime += t2.Sub(t1)
			}
			for _, uo := range legal {
				r.legal += len(uo.Orders)
			}
			r.orders += len(orders)
			r.phases++
		}
		if pos.Winner() != diplomacy.NoPower {
			r.winners++
		}
		r.games++
	}
	r.total = time.Since(start)
	runtime.ReadMemStats(&ms)
	r.allocs = ms.Mallocs - allocs0
	return r
}

func (r benchResult) print(w io.Writer, id string, ed diplomacy.Edition) {
	per := func(d time.Duration, n int) float64 {
		if n == 0 {
			return 0
		}
		return float64(d.Microseconds()) / float64(n)
	}
	rate := func(n int, d time.Duration) float64 {
		if d <= 0 {
			return 0
		}
		return float64(n) / d.Seconds()
	}
	fmt.Fprintf(w, "map %s, rules %s: %d games (%d won), %d phases (%d movement), %d orders\n",
		id, ed, r.games, r.winners, r.phases, r.movement, r.orders)
	fmt.Fprintf(w, "  legal-order generation: %.0f phases/s (%.1f µs/phase, %d legal orders)\n",
		rate(r.phases, r.genTime), per(r.genTime, r.phases), r.legal)
	fmt.Fprintf(w, "  adjudication:           %.0f phases/s (%.1f µs/phase; movement %.1f µs/phase)\n",
		rate(r.phases, r.adjTime), per(r.adjTime, r.phases), per(r.moveTime, r.movement))
	fmt.Fprintf(w, "  whole games:            %.0f games/s; %.2f allocations/phase\n",
		rate(r.games, r.total), float64(r.allocs)/float64(max(r.phases, 1)))
}
