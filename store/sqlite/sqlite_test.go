package sqlite

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
	"concordat/store/storetest"
)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "concordat.db"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestConformance runs the store contract on a database file.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// TestConformanceMemory runs the store contract on ":memory:", where
// reads and writes share the one connection.
func TestConformanceMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := Open(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestReopen: data survives closing and reopening, and migrations are
// applied once.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "concordat.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	u := &store.User{Name: "alice", PasswordHash: "x", CreatedAt: time.Unix(1, 0)}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		s, err = Open(path)
		if err != nil {
			t.Fatalf("reopen %d: %v", i, err)
		}
		got, err := s.UserByName(ctx, "alice")
		if err != nil || got.ID != u.ID {
			t.Fatalf("reopen %d: alice is %+v, %v; want user %d", i, got, err, u.ID)
		}
		// Every embedded migration applied, once.
		files, _ := fs.Glob(migrations, "migrations/*.sql")
		v, err := s.SchemaVersion(ctx)
		if err != nil || v != len(files) || v < 4 {
			t.Fatalf("schema version %d, %v; want %d (the migrations)", v, err, len(files))
		}
		var n int
		if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != len(files) {
			t.Fatalf("schema_version has %d rows (%v), want %d", n, err, len(files))
		}
		var mode string
		if err := s.r.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Fatalf("journal mode %q (%v), want wal", mode, err)
		}
		var mmap, cache int64
		if err := s.r.QueryRowContext(ctx, `PRAGMA mmap_size`).Scan(&mmap); err != nil || mmap != 0 {
			t.Fatalf("readers' mmap_size %d (%v), want 0", mmap, err)
		}
		if err := s.r.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&cache); err != nil || cache != -cacheKiB {
			t.Fatalf("readers' cache_size %d (%v), want %d", cache, err, -cacheKiB)
		}
		var fk, sync int
		if err := s.w.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
			t.Fatalf("foreign_keys %d (%v), want 1", fk, err)
		}
		if err := s.w.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil || sync != 1 {
			t.Fatalf("synchronous %d (%v), want 1 (NORMAL)", sync, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNewerSchema: a database migrated by a newer program is refused.
func TestNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "concordat.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`INSERT INTO schema_version (version, name) VALUES (999, '0999_future.sql')`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(path); err == nil {
		s.Close()
		t.Fatal("Open accepted a database from a newer schema")
	}
}

// TestTwoProcesses: two stores on one file (as two server processes)
// race to append to one game; exactly one wins each round, the other gets
// ErrStale, never SQLITE_BUSY.
func TestTwoProcesses(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "concordat.db")
	var stores []*Store
	for i := 0; i < 3; i++ {
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s)
	}
	g := &store.Game{Name: "g", Kind: "diplomacy", Status: store.Active}
	if err := stores[0].CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("s")); err != nil {
		t.Fatal(err)
	}
	const rounds, perStore = 20, 4
	for round := 0; round < rounds; round++ {
		var wg sync.WaitGroup
		errs := make([]error, len(stores)*perStore)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := store.Action{GameID: g.ID, Seat: "france", Action: game.Action{Type: fmt.Sprint(i)}, At: time.Unix(int64(round), 0)}
				errs[i] = stores[i%len(stores)].AppendAction(ctx, a, int64(round), store.Effects{})
			}()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch {
			case err == nil:
				wins++
			case !errors.Is(err, store.ErrStale):
				t.Fatalf("round %d: %v, want nil or ErrStale", round, err)
			}
		}
		if wins != 1 {
			t.Fatalf("round %d: %d appends won, want 1", round, wins)
		}
	}
	as, err := stores[2].Actions(ctx, g.ID, 0)
	if err != nil || len(as) != rounds {
		t.Fatalf("%d actions (%v), want %d", len(as), err, rounds)
	}
}

func TestOpenErrors(t *testing.T) {
	for _, path := range []string{"", "a?b", filepath.Join(t.TempDir(), "missing-dir", "x.db")} {
		if s, err := Open(path); err == nil {
			s.Close()
			t.Errorf("Open(%q): no error", path)
		}
	}
}

func BenchmarkAppendAction(b *testing.B) {
	storetest.BenchmarkAppendAction(b, func(b *testing.B) store.Store { return openTemp(b) })
}

// BenchmarkAppendActionDurable is BenchmarkAppendAction with every commit
// synced to disk.
func BenchmarkAppendActionDurable(b *testing.B) {
	storetest.BenchmarkAppendAction(b, func(b *testing.B) store.Store {
		s, err := OpenWith(filepath.Join(b.TempDir(), "concordat.db"), Options{Durable: true})
		if err != nil {
			b.Fatal(err)
		}
		return s
	})
}

// TestDurable: OpenWith(Durable) passes a short round trip and syncs
// every commit.
func TestDurable(t *testing.T) {
	ctx := context.Background()
	s, err := OpenWith(filepath.Join(t.TempDir(), "concordat.db"), Options{Durable: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var sync int
	if err := s.w.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
		t.Fatalf("synchronous = %d (%v), want 2 (FULL)", sync, err)
	}
	u := &store.User{Name: "alice", PasswordHash: "x", CreatedAt: time.Unix(1, 0)}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if got, err := s.UserByID(ctx, u.ID); err != nil || got.Name != "alice" {
		t.Fatalf("UserByID: %+v, %v", got, err)
	}
}

// BenchmarkReads measures what a request reads before acting: a game, its
// seats and its latest snapshot, picked among 1,000 games, from parallel
// goroutines.
func BenchmarkReads(b *testing.B) {
	ctx := context.Background()
	s := openTemp(b)
	defer s.Close()
	var ids []int64
	for i := 0; i < 1000; i++ {
		g := &store.Game{Name: fmt.Sprint(i), Kind: "diplomacy", Status: store.Active}
		seats := []store.Seat{{Seat: "austria"}, {Seat: "england", Order: 1}, {Seat: "france", Order: 2}, {Seat: "germany", Order: 3}}
		if err := s.CreateGame(ctx, g, seats, make([]byte, 4096)); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			id := ids[(i*7919)%len(ids)]
			if _, err := s.GetGame(ctx, id); err != nil {
				b.Error(err)
				return
			}
			if _, err := s.Seats(ctx, id); err != nil {
				b.Error(err)
				return
			}
			if _, err := s.LatestSnapshot(ctx, id); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// TestEventsMissing: an action stored before migration 0003 (its events
// NULL) reads as EventsMissing until FillEvents gives it its events.
func TestEventsMissing(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	storetest.EventsMissing(t, s, func(gameID, seq int64) {
		if _, err := s.w.Exec(`UPDATE actions SET events = NULL WHERE game_id = ? AND seq = ?`, gameID, seq); err != nil {
			t.Fatal(err)
		}
	})
}
