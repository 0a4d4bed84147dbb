package storetest

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// BenchmarkAppendAction measures AppendAction on a store from open (one
// fresh store per sub-benchmark, closed at its end):
//
//   - order: one game, one seat's orders per call, no snapshot (a
//     submission);
//   - resolve-4KiB: one game, an Advance with a 4 KiB snapshot, a new
//     deadline, the completion of a claimed job and a new job per call (a
//     phase resolution);
//   - parallel-games: as order, from GOMAXPROCS×4 goroutines, each on a
//     game of its own (many games played at once).
func BenchmarkAppendAction(b *testing.B, open func(b *testing.B) store.Store) {
	b.Run("order", func(b *testing.B) {
		s := openBench(b, open)
		g := benchGame(b, s, "order")
		a := store.Action{GameID: g, Seat: "france", UserID: 1, Action: orders("france", 1)}
		for i := 0; b.Loop(); i++ {
			a.At = t0.Add(time.Duration(i) * time.Millisecond)
			if err := s.AppendAction(context.Background(), a, int64(i), store.Effects{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("resolve-4KiB", func(b *testing.B) {
		s := openBench(b, open)
		g := benchGame(b, s, "resolve")
		ctx := context.Background()
		state := make([]byte, 4096)
		for i := range state {
			state[i] = byte(i * 31)
		}
		if err := s.SetStatus(ctx, g, store.Active, "", t0, []store.Job{{Kind: "deadline", DueAt: t0}}); err != nil {
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			now := t0.Add(time.Duration(i) * time.Second)
			b.StopTimer()
			js, err := s.ClaimJobs(ctx, "bench", now, time.Minute, 1)
			if err != nil || len(js) != 1 {
				b.Fatalf("ClaimJobs: %v, %d jobs", err, len(js))
			}
			b.StartTimer()
			next := now.Add(time.Second)
			e := store.Effects{
				Snapshot: state, Deadline: &next,
				CompleteJob: js[0].ID, JobOwner: "bench",
				NewJobs: []store.Job{{Kind: "deadline", DueAt: next}},
			}
			a := store.Action{GameID: g, Action: game.Action{Type: game.Advance}, At: now}
			if err := s.AppendAction(ctx, a, int64(i), e); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel-games", func(b *testing.B) {
		s := openBench(b, open)
		const parallelism = 4
		games := make([]int64, runtime.GOMAXPROCS(0)*parallelism)
		for i := range games {
			games[i] = benchGame(b, s, fmt.Sprintf("parallel %d", i))
		}
		var n atomic.Int64
		b.SetParallelism(parallelism)
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			g := games[n.Add(1)-1]
			a := store.Action{GameID: g, Seat: "france", UserID: 1, Action: orders("france", 1)}
			for i := 0; pb.Next(); i++ {
				a.At = t0.Add(time.Duration(i) * time.Millisecond)
				if err := s.AppendAction(context.Background(), a, int64(i), store.Effects{}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

func openBench(b *testing.B, open func(b *testing.B) store.Store) store.Store {
	b.Helper()
	s := open(b)
	b.Cleanup(func() {
		if err := s.Close(); err != nil {
			b.Errorf("Close: %v", err)
		}
	})
	return s
}

// benchGame creates an active game with seven empty seats and a 4 KiB
// opening snapshot.
func benchGame(b *testing.B, s store.Store, name string) int64 {
	b.Helper()
	g := &store.Game{Name: name, Kind: "diplomacy", Config: game.Config{Variant: "standard"}, Seed: 1, Status: store.Active, CreatedAt: t0, UpdatedAt: t0}
	var seats []store.Seat
	for i, seat := range sevenSeats {
		seats = append(seats, store.Seat{Seat: seat, Order: i})
	}
	if err := s.CreateGame(context.Background(), g, seats, make([]byte, 4096)); err != nil {
		b.Fatal(err)
	}
	return g.ID
}
