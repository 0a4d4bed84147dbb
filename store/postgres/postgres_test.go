package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"concordat/game"
	"concordat/store"
	"concordat/store/storetest"
)

// envURL names the variable that holds the test database's URL.
const envURL = "CONCORDAT_TEST_POSTGRES"

func TestMain(m *testing.M) {
	if os.Getenv(envURL) == "" {
		what := "SKIPPED"
		if os.Getenv("CI") == "true" {
			what = "FAILED (CI=true: CI must run them)"
		}
		fmt.Fprintf(os.Stderr, "\n*** %s is not set: the PostgreSQL store tests are %s.\n"+
			"*** Run them with %s='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'.\n\n", envURL, what, envURL)
	}
	code := m.Run()
	if admin.pool != nil {
		admin.pool.Close()
	}
	os.Exit(code)
}

// testURL is the test database's URL; without one the test is skipped,
// or fails under CI, which must run it.
func testURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(envURL)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set, and CI=true: CI must run the PostgreSQL store tests", envURL)
		}
		t.Skipf("SKIPPED: %s is not set; the PostgreSQL store is NOT tested", envURL)
	}
	return u
}

// withSearchPath is url with the connection's search_path set to schema.
func withSearchPath(t testing.TB, raw, schema string) string {
	t.Helper()
	if !strings.HasPrefix(raw, "postgres://") && !strings.HasPrefix(raw, "postgresql://") {
		return raw + " search_path=" + schema // keyword/value form
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatalf("%s: %v", envURL, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	if !q.Has("pool_max_conns") {
		q.Set("pool_max_conns", "4") // enough to race; few enough to share the server
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// admin is the tests' pool for creating and dropping schemas: two
// connections shared by every test, so that tests running in parallel
// with other users of the server stay well inside its max_connections.
var admin struct {
	once sync.Once
	pool *pgxpool.Pool
	err  error
}

func adminPool(t testing.TB, raw string) *pgxpool.Pool {
	t.Helper()
	admin.once.Do(func() {
		cfg, err := pgxpool.ParseConfig(raw)
		if err != nil {
			admin.err = err
			return
		}
		cfg.MaxConns = 2
		admin.pool, admin.err = pgxpool.NewWithConfig(context.Background(), cfg)
	})
	if admin.err != nil {
		t.Fatalf("connect to %s: %v", envURL, admin.err)
	}
	return admin.pool
}

// newSchema creates an empty schema with a random name, dropped (with
// everything in it) when the test ends, and returns its name and a URL
// whose connections use it.
func newSchema(t testing.TB) (string, string) {
	t.Helper()
	raw := testURL(t)
	ctx := context.Background()
	b := make([]byte, 8)
	rand.Read(b)
	schema := "concordat_test_" + hex.EncodeToString(b)
	conn := adminPool(t, raw)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return schema, withSearchPath(t, raw, schema)
}

// openFresh opens a store on a fresh schema. The schema's cleanup is
// registered first, so it runs after the store is closed.
func openFresh(t testing.TB) *Store {
	t.Helper()
	_, u := newSchema(t)
	s, err := Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	testURL(t)
	storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
}

// TestMigrations: opening again applies nothing twice; a schema from a
// newer program is refused; so is a search_path with no schema.
func TestMigrations(t *testing.T) {
	ctx := context.Background()
	schema, u := newSchema(t)
	for i := 0; i < 3; i++ {
		s, err := Open(ctx, u)
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		// Every embedded migration applied, once.
		files, _ := fs.Glob(migrations, "migrations/*.sql")
		v, err := s.SchemaVersion(ctx)
		if err != nil || v != len(files) || v < 5 {
			t.Fatalf("schema version %d (%v), want %d (the migrations)", v, err, len(files))
		}
		var n int
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != len(files) {
			t.Fatalf("schema_version has %d rows (%v), want %d", n, err, len(files))
		}
		var where string
		if err := s.pool.QueryRow(ctx, `SELECT table_schema FROM information_schema.tables WHERE table_name = 'games' AND table_schema = $1`, schema).Scan(&where); err != nil {
			t.Fatalf("the games table is not in schema %s: %v", schema, err)
		}
		s.Close()
	}
	// Several processes starting at once migrate once.
	_, u2 := newSchema(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(ctx, u2)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("concurrent open %d: %v", i, err)
		}
	}

	s, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO schema_version (version, name) VALUES (999, '0999_future.sql')`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(ctx, u); err == nil {
		s.Close()
		t.Fatal("Open accepted a schema from a newer program")
	}
	if s, err := Open(ctx, withSearchPath(t, testURL(t), "no_such_schema_here")); err == nil {
		s.Close()
		t.Fatal("Open accepted a search_path naming no schema")
	}
}

// TestTwoProcesses: two stores (as two server processes) on one database
// race to resolve the same deadlines: each deadline's job is claimed by
// one, and each game advances exactly once per deadline.
func TestTwoProcesses(t *testing.T) {
	ctx := context.Background()
	_, u := newSchema(t)
	var procs []*Store
	for i := 0; i < 2; i++ {
		s, err := Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		procs = append(procs, s)
	}
	t0 := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	const games = 30
	var ids []int64
	for i := 0; i < games; i++ {
		g := &store.Game{Name: fmt.Sprint(i), Kind: "diplomacy", Status: store.Active}
		if err := procs[0].CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("s")); err != nil {
			t.Fatal(err)
		}
		if err := procs[1].SetStatus(ctx, g.ID, store.Active, "", t0, []store.Job{{Kind: "deadline", DueAt: t0}}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	// Each process loops: claim a few due jobs, resolve each (append an
	// Advance completing the job), until nothing is due.
	resolved := make([]int, len(procs))
	errs := make([]error, len(procs))
	var wg sync.WaitGroup
	for p, s := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			owner := fmt.Sprintf("proc%d", p)
			for {
				js, err := s.ClaimJobs(ctx, owner, t0, time.Minute, 2)
				if err != nil {
					errs[p] = err
					return
				}
				if len(js) == 0 {
					return
				}
				for _, j := range js {
					a := store.Action{GameID: j.GameID, Action: game.Action{Type: game.Advance}, At: t0}
					err := s.AppendAction(ctx, a, j.Seq, store.Effects{CompleteJob: j.ID, JobOwner: owner})
					if err != nil {
						errs[p] = fmt.Errorf("resolve job %d of game %d: %w", j.ID, j.GameID, err)
						return
					}
					resolved[p]++
				}
			}
		}()
	}
	wg.Wait()
	for p, err := range errs {
		if err != nil {
			t.Fatalf("proc%d: %v", p, err)
		}
	}
	if resolved[0]+resolved[1] != games {
		t.Fatalf("resolved %v deadlines, want %d in all", resolved, games)
	}
	for _, id := range ids {
		as, err := procs[int(id)%2].Actions(ctx, id, 0)
		if err != nil || len(as) != 1 {
			t.Fatalf("game %d has %d actions (%v), want exactly 1", id, len(as), err)
		}
	}
	if d, err := procs[0].NextDue(ctx); err != nil || !d.IsZero() {
		t.Fatalf("NextDue %s (%v), want none left", d, err)
	}
	t.Logf("deadlines resolved per process: %v", resolved)
}

func TestOpenErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, u := range []string{"postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2", "::not a url::"} {
		if s, err := Open(ctx, u); err == nil {
			s.Close()
			t.Errorf("Open(%q): no error", u)
		}
	}
}

func BenchmarkAppendAction(b *testing.B) {
	storetest.BenchmarkAppendAction(b, func(b *testing.B) store.Store { return openFresh(b) })
}

// TestEventsMissing: an action stored before migration 0004 (its events
// NULL) reads as EventsMissing until FillEvents gives it its events.
func TestEventsMissing(t *testing.T) {
	s := openFresh(t)
	defer s.Close()
	storetest.EventsMissing(t, s, func(gameID, seq int64) {
		if _, err := s.pool.Exec(context.Background(), `UPDATE actions SET events = NULL WHERE game_id = $1 AND seq = $2`, gameID, seq); err != nil {
			t.Fatal(err)
		}
	})
}
