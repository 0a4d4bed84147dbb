// Package postgres is the store.Store on PostgreSQL, for several server
// processes sharing one database, through pgx v5 and its pool.
//
// AppendAction commits only if a conditional UPDATE of the game's seq
// finds the Seq the caller read, so of two racing requests the second
// waits for the first's row lock and then finds the game moved on.
// Submissions and messages are committed in groups: those waiting while a
// batch is in flight go together in the next, one round trip and one
// commit (see group).
// ClaimJobs leases jobs with SELECT … FOR UPDATE SKIP LOCKED, so owners
// claiming at once skip each other's rows instead of taking them twice.
// Tables live in the first schema of the connection's search_path (set it
// with search_path=… in the URL to share a database).
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"concordat/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store on a PostgreSQL database.
type Store struct {
	pool    *pgxpool.Pool
	group   *group // order submissions and messages, committed together
	channel string // the NOTIFY channel of this database's schema
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url (postgres://user@host:port/db?…)
// and brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	s := &Store{pool: pool, group: newGroup(pool, groupLeaders(cfg.MaxConns))}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open %s@%s/%s: %w", cfg.ConnConfig.User, cfg.ConnConfig.Host, cfg.ConnConfig.Database, err)
	}
	var schema string
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open: current schema: %w", err)
	}
	s.channel = channelName(schema)
	return s, nil
}

// Close closes the pool's connections.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// migrate applies the embedded migrations the schema lacks, in order, in
// one transaction under an advisory lock (so processes starting together
// migrate once), and records each in schema_version.
func (s *Store) migrate(ctx context.Context) error {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	type migration struct {
		version int
		name    string
	}
	var ms []migration
	for _, f := range files {
		name := strings.TrimPrefix(f, "migrations/")
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return fmt.Errorf("migration %s: the name must start with a positive version number and '_'", name)
		}
		ms = append(ms, migration{v, name})
	}
	slices.SortFunc(ms, func(a, b migration) int { return a.version - b.version })
	for i := 1; i < len(ms); i++ {
		if ms[i].version == ms[i-1].version {
			return fmt.Errorf("migrations %s and %s have the same version", ms[i-1].name, ms[i].name)
		}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var schema *string
		if err := tx.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			return fmt.Errorf("current schema: %w", err)
		}
		if schema == nil {
			return errors.New("no schema of the search_path exists to create the tables in")
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('concordat migrate ' || current_schema()))`); err != nil {
			return fmt.Errorf("lock for migrations: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("create schema_version: %w", err)
		}
		var current int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&current); err != nil {
			return fmt.Errorf("read schema_version: %w", err)
		}
		if len(ms) > 0 && current > ms[len(ms)-1].version {
			return fmt.Errorf("schema %s's version %d is newer than this program's %d", *schema, current, ms[len(ms)-1].version)
		}
		for _, m := range ms {
			if m.version <= current {
				continue
			}
			text, err := migrations.ReadFile("migrations/" + m.name)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, string(text)); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
				return fmt.Errorf("record migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// SchemaVersion is the version of the last migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// constraint classifies a constraint violation as store.ErrConflict (a
// unique key) or store.ErrNotFound (a foreign key: what it names does not
// exist); it returns nil for any other error.
func constraint(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return nil
	}
	switch pe.Code {
	case "23505": // unique_violation
		return store.ErrConflict
	case "23503": // foreign_key_violation
		return store.ErrNotFound
	}
	return nil
}

// fail wraps err for the operation op, naming the store error it amounts
// to when it is a constraint violation: what says what was in conflict or
// missing.
func fail(op string, err error, what string) error {
	if kind := constraint(err); kind != nil {
		return fmt.Errorf("postgres: %s: %s: %w (%v)", op, what, kind, err)
	}
	return fmt.Errorf("postgres: %s: %w", op, err)
}

// nullTime is a time that may be zero (stored as NULL).
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func fromNullTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// nullID is an ID that may be 0 (stored as NULL).
func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
