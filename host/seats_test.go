package host

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"concordat/store"
)

// TestLeaveAndLastJoinRace races, many times, a player leaving a forming
// game against another taking its last seat (which starts the game), in
// one process and in two sharing the store: a started game never has an
// empty seat, and a leave either empties a seat of a game that keeps
// forming or is refused because the game started.
func TestLeaveAndLastJoinRace(t *testing.T) {
	for _, two := range []bool{false, true} {
		t.Run(map[bool]string{false: "one process", true: "two processes"}[two], func(t *testing.T) {
			ctx := context.Background()
			st, c, h1, ids := testEnv(t, 8)
			h1.MaxForming = 0 // the games a leave won keep forming
			h2 := h1
			if two {
				h2 = newHost(t, st, c, "p2")
			}
			outcomes := map[string]int{}
			for round := 0; round < 40; round++ {
				g, err := h1.CreateGame(ctx, ids[7], NewGame{Name: fmt.Sprint("race ", round), Kind: "diplomacy"}, 1)
				if err != nil {
					t.Fatal(err)
				}
				for _, u := range ids[:6] {
					if _, err := h1.Join(ctx, u, g.ID, ""); err != nil {
						t.Fatal(err)
					}
				}
				leaver := ids[round%6]
				var leaveErr, joinErr error
				var wg sync.WaitGroup
				ready := make(chan struct{})
				wg.Add(2)
				go func() { defer wg.Done(); <-ready; leaveErr = h1.Leave(ctx, leaver, g.ID) }()
				go func() { defer wg.Done(); <-ready; _, joinErr = h2.Join(ctx, ids[6], g.ID, "") }()
				close(ready)
				wg.Wait()
				if joinErr != nil {
					t.Fatalf("round %d: the join: %v", round, joinErr)
				}
				got, seats, err := st.GameAndSeats(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				var empty []string
				for _, s := range seats {
					if s.UserID == 0 {
						empty = append(empty, string(s.Seat))
					}
				}
				switch got.Status {
				case store.Active:
					if len(empty) > 0 {
						t.Fatalf("round %d: the game started with %s empty (leave: %v)", round, strings.Join(empty, ", "), leaveErr)
					}
					if CodeOf(leaveErr) != CodeConflict {
						t.Fatalf("round %d: a player left the started game: %v", round, leaveErr)
					}
					outcomes["started"]++
				case store.Forming:
					if leaveErr != nil || len(empty) != 1 {
						t.Fatalf("round %d: forming with %v empty; leave: %v", round, empty, leaveErr)
					}
					outcomes["left first"]++
				default:
					t.Fatalf("round %d: status %s", round, got.Status)
				}
			}
			t.Logf("outcomes: %v", outcomes)
		})
	}
}

// TestFormingLimit: a user may have MaxForming games forming at once; one
// more is refused with a conflict that says why, and stores nothing,
// until one of them starts.
func TestFormingLimit(t *testing.T) {
	ctx := context.Background()
	st, _, h, ids := testEnv(t, 8)
	h.MaxForming = 2
	create := func(user int64) (*store.Game, error) {
		return h.CreateGame(ctx, user, NewGame{Name: "mine", Kind: "diplomacy"}, 1)
	}
	first, err := create(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := create(ids[0]); err != nil {
		t.Fatal(err)
	}
	_, err = create(ids[0])
	if CodeOf(err) != CodeConflict || !strings.Contains(err.Error(), "2 games forming") {
		t.Fatalf("a third forming game: %v; want a conflict naming the limit", err)
	}
	if gs, _ := st.ListGames(ctx, store.GameQuery{}); len(gs) != 2 {
		t.Fatalf("%d games stored, want 2", len(gs))
	}
	if _, err := create(ids[1]); err != nil {
		t.Fatalf("another user's game: %v", err)
	}
	for _, u := range ids[:7] {
		if _, err := h.Join(ctx, u, first.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := create(ids[0]); err != nil {
		t.Fatalf("a game once the first started: %v", err)
	}
	h.MaxForming = 0
	for i := 0; i < 3; i++ {
		if _, err := create(ids[0]); err != nil {
			t.Fatalf("without a limit: %v", err)
		}
	}
}
