package sqlite

import (
	"context"
	"fmt"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// TestReadersSeeCommits: every read after a commit sees it, on every
// reader connection, across WAL checkpoints that move pages into the
// database file (a reader mapping the file must never see old pages).
func TestReadersSeeCommits(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	defer s.Close()
	var ids []int64
	for i := 0; i < 50; i++ {
		g := &store.Game{Name: fmt.Sprint(i), Kind: "diplomacy", Status: store.Active}
		if err := s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, make([]byte, 2048)); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	for round := 0; round < 6; round++ {
		// Warm every reader connection on the current pages.
		for _, id := range ids {
			if _, err := s.GetGame(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range ids {
			a := store.Action{GameID: id, Seat: "france", Action: game.Action{Type: "orders"}, At: time.Unix(int64(round), 0)}
			if err := s.AppendAction(ctx, a, int64(round), store.Effects{Snapshot: make([]byte, 2048)}); err != nil {
				t.Fatal(err)
			}
		}
		if round%2 == 1 {
			if _, err := s.w.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
				t.Fatal(err)
			}
		}
		for pass := 0; pass < 3; pass++ {
			for _, id := range ids {
				g, err := s.GetGame(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if g.Seq != int64(round+1) {
					t.Fatalf("round %d: a reader sees game %d at seq %d, committed %d", round, id, g.Seq, round+1)
				}
			}
		}
	}
}
