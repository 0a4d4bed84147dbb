package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"concordat/game"
	"concordat/store"
)

// groupGames creates n active games of seven seats, each seat held by
// its own user, and returns their IDs and the users.
func groupGames(t *testing.T, s *Store, n int) ([]int64, []int64) {
	t.Helper()
	ctx := t.Context()
	seats := []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	var users []int64
	for i := range seats {
		u := &store.User{Name: fmt.Sprintf("g%d", i), CreatedAt: time.Now()}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		users = append(users, u.ID)
	}
	var ids []int64
	for i := range n {
		g := &store.Game{Name: fmt.Sprint(i), Kind: "diplomacy", Config: game.Config{Variant: "standard"}, Status: store.Active}
		var ss []store.Seat
		for j, seat := range seats {
			ss = append(ss, store.Seat{Seat: seat, UserID: users[j], Order: j})
		}
		if err := s.CreateGame(ctx, g, ss, []byte("opening")); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids, users
}

// queueAll occupies every place of s's group, starts each call in its own
// goroutine and waits until all of them wait in the queue; then it hands
// a place on, as a batch that ends does, so that the first call leads a
// batch of them all. It returns when every call has returned.
func queueAll(t *testing.T, s *Store, calls []func()) {
	t.Helper()
	g := s.group
	g.mu.Lock()
	g.leaders = g.maxLeaders
	g.mu.Unlock()
	var wg sync.WaitGroup
	for _, call := range calls {
		wg.Go(call)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		g.mu.Lock()
		n := len(g.queue)
		g.mu.Unlock()
		if n == len(calls) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d writes queued", n, len(calls))
		}
		time.Sleep(time.Millisecond)
	}
	g.mu.Lock()
	next := g.queue[0]
	g.queue = g.queue[1:]
	g.leaders = 1 // the one handed on; the others' places end with the test
	g.mu.Unlock()
	next.wake <- struct{}{}
	wg.Wait()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.leaders != 0 || len(g.queue) != 0 {
		t.Fatalf("after the batch: %d leaders, %d queued; want none", g.leaders, len(g.queue))
	}
}

// TestGroupBatch: submissions and messages queued together go in one
// batch, and each gets its own outcome: of two submissions on one seq the
// first queued is stored and the second is stale; a seat not held by the
// submitter is stale; a message from a seat its poster does not hold is
// stale; the others are stored. A batch writes a game's orders before its
// messages, so a message sees the seq after them.
func TestGroupBatch(t *testing.T) {
	s := openFresh(t)
	defer s.Close()
	ctx := t.Context()
	ids, users := groupGames(t, s, 4)
	order := func(gameID int64, seat game.Seat, user int64, expect int64) func() error {
		return func() error {
			a := store.Action{GameID: gameID, Seat: seat, UserID: user, Action: game.Action{Type: "orders", Args: []byte(`{"orders":[]}`)}, At: time.Now()}
			return s.AppendAction(ctx, a, expect, store.Effects{IfStatus: store.Active, IfSeatHeld: true})
		}
	}
	message := func(gameID int64, seat game.Seat, user int64, seq int64) func() error {
		return func() error {
			return s.PostMessage(ctx, &store.Message{GameID: gameID, Channel: "public", From: seat, Body: "hello", At: time.Now(), IfHeldBy: user, IfSeq: seq})
		}
	}
	writes := []struct {
		name string
		call func() error
		want error
	}{
		{"order in game 4", order(ids[3], "austria", users[0], 0), nil},
		{"order in game 1", order(ids[0], "austria", users[0], 0), nil},
		{"message in game 1, after its order", message(ids[0], "england", users[1], 1), nil},
		{"second order on game 1's seq 0", order(ids[0], "france", users[2], 0), store.ErrStale},
		{"order for a seat not held", order(ids[1], "italy", users[0], 0), store.ErrStale},
		{"message from a seat not held", message(ids[2], "russia", users[0], 1), store.ErrStale},
		{"order in game 3", order(ids[2], "turkey", users[6], 0), nil},
		{"message in game 2", message(ids[1], "germany", users[3], 0), nil},
	}
	errs := make([]error, len(writes))
	var calls []func()
	for i, w := range writes {
		calls = append(calls, func() {
			if i > 0 { // queue in this order: the first queued is the first in its game
				for queued(s) < i {
					time.Sleep(time.Millisecond)
				}
			}
			errs[i] = w.call()
		})
	}
	batches := s.group.batches.Load()
	queueAll(t, s, calls)
	if n := s.group.batches.Load() - batches; n != 1 {
		t.Errorf("%d batches sent; want 1", n)
	}
	for i, w := range writes {
		if w.want == nil && errs[i] != nil || w.want != nil && !errors.Is(errs[i], w.want) {
			t.Errorf("%s: got %v, want %v", w.name, errs[i], w.want)
		}
	}
	for i, want := range []int64{1, 0, 1, 1} {
		as, err := s.Actions(ctx, ids[i], 0)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(as)) != want {
			t.Errorf("game %d: %d actions stored; want %d", i+1, len(as), want)
		}
		g, _, err := s.GameAndSeats(ctx, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if g.Seq != want {
			t.Errorf("game %d: seq %d; want %d", i+1, g.Seq, want)
		}
	}
	for i, want := range []int{1, 1, 0, 0} {
		ms, err := s.Messages(ctx, ids[i], nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != want {
			t.Errorf("game %d: %d messages stored; want %d", i+1, len(ms), want)
		}
	}
}

// queued is how many writes wait in s's group.
func queued(s *Store) int {
	s.group.mu.Lock()
	defer s.group.mu.Unlock()
	return len(s.group.queue)
}

// TestGroupRefusedStatement: when PostgreSQL refuses one statement of a
// batch, and so the batch, each write runs again alone: the others are
// stored, and the refused one gets PostgreSQL's error.
func TestGroupRefusedStatement(t *testing.T) {
	s := openFresh(t)
	defer s.Close()
	ctx := t.Context()
	ids, users := groupGames(t, s, 3)
	errs := make([]error, len(ids))
	var calls []func()
	for i, id := range ids {
		typ := "orders"
		if i == 1 {
			typ = "bad\x00type" // PostgreSQL's text holds no NUL
		}
		calls = append(calls, func() {
			a := store.Action{GameID: id, Seat: "austria", UserID: users[0], Action: game.Action{Type: typ}, At: time.Now()}
			errs[i] = s.AppendAction(ctx, a, 0, store.Effects{})
		})
	}
	queueAll(t, s, calls)
	var pe *pgconn.PgError
	if !errors.As(errs[1], &pe) {
		t.Errorf("the refused statement: got %v, want PostgreSQL's error", errs[1])
	}
	for i, id := range ids {
		as, err := s.Actions(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		if i == 1 {
			want = 0
		} else if errs[i] != nil {
			t.Errorf("game %d's order beside the refused one: %v", i+1, errs[i])
		}
		if len(as) != want {
			t.Errorf("game %d: %d actions stored; want %d", i+1, len(as), want)
		}
	}
}

// TestGroupConcurrent: many writers on a few games at once, with one
// place: every submission is stored exactly once or is stale, every game's
// log is contiguous, and the writes shared batches.
func TestGroupConcurrent(t *testing.T) {
	s := openFresh(t)
	defer s.Close()
	s.group.maxLeaders = 1
	ctx := context.Background()
	ids, users := groupGames(t, s, 5)
	const writers, each = 20, 15
	var mu sync.Mutex
	stored := map[int64]int{} // acknowledged submissions per game
	posted := map[int64]int{} // acknowledged messages per game
	var wg sync.WaitGroup
	errc := make(chan error, writers)
	before := s.group.batches.Load()
	for w := range writers {
		wg.Go(func() {
			id := ids[w%len(ids)]
			for i := range each {
				g, _, err := s.GameAndSeats(ctx, id)
				if err != nil {
					errc <- err
					return
				}
				if i%3 == 2 {
					switch err := s.PostMessage(ctx, &store.Message{GameID: id, Channel: "public", From: "england", Body: fmt.Sprint(w, i), At: time.Now(), IfHeldBy: users[1], IfSeq: g.Seq}); {
					case err == nil:
						mu.Lock()
						posted[id]++
						mu.Unlock()
					case !errors.Is(err, store.ErrStale):
						errc <- err
						return
					}
					continue
				}
				a := store.Action{GameID: id, Seat: "austria", UserID: users[0], Action: game.Action{Type: "orders"}, At: time.Now()}
				switch err := s.AppendAction(ctx, a, g.Seq, store.Effects{IfSeatHeld: true}); {
				case err == nil:
					mu.Lock()
					stored[id]++
					mu.Unlock()
				case !errors.Is(err, store.ErrStale):
					errc <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Fatal(err)
	}
	for _, id := range ids {
		as, err := s.Actions(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(as) != stored[id] || stored[id] == 0 {
			t.Fatalf("game %d: %d actions stored, %d acknowledged", id, len(as), stored[id])
		}
		for i, a := range as {
			if a.Seq != int64(i+1) {
				t.Fatalf("game %d: action %d has seq %d", id, i, a.Seq)
			}
		}
		ms, err := s.Messages(ctx, id, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != posted[id] || posted[id] == 0 {
			t.Fatalf("game %d: %d messages stored, %d acknowledged", id, len(ms), posted[id])
		}
	}
	if s.group.batches.Load() == before {
		t.Errorf("%d writers on one place sent no batch of several writes", writers)
	}
}
