// Package sqlite is the default store.Store: an embedded SQLite database
// in one file, through the pure-Go driver modernc.org/sqlite (no cgo).
//
// The database runs in WAL mode with foreign keys on and a busy timeout.
// Writes go through one connection whose transactions begin IMMEDIATE, so
// concurrent writers in this process queue for it and writers in other
// processes wait on the busy timeout instead of failing with SQLITE_BUSY;
// reads use a pool of read-only connections that WAL lets run beside the
// writer.
//
// By default a commit is written to the WAL without waiting for the disk
// (synchronous=NORMAL): an acknowledged write survives the process being
// killed at any moment, and the database is never corrupted, but a power
// failure or kernel crash can lose the last commits. Options.Durable waits
// for the disk on every commit instead (synchronous=FULL), at about five
// times the cost of a write (see docs/perf.md).
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"concordat/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// busyTimeout is how long a connection waits for another process's lock.
const busyTimeout = 10 * time.Second

// cacheKiB is each connection's page cache (SQLite's default is 2 MiB).
// Memory-mapped reads (mmap_size) stay off, SQLite's default: a flaky
// failure of another package's tests while they were on was never pinned
// down, and the page cache already spares most reads.
const cacheKiB = 16 << 10

// Store is a store.Store on one SQLite database.
type Store struct {
	w *sql.DB // the writer: one connection, BEGIN IMMEDIATE
	r *sql.DB // readers: read-only connections; w itself for :memory:

	read readStmts // the reads, on r

	// Statements of AppendAction, the hottest write, prepared once on the
	// writer's connection.
	appendStmts appendStmts
}

// appendStmts are AppendAction's statements.
type appendStmts struct {
	updateGame, gameSeq, completeJob, insertAction, insertSnapshot, updateSeat, insertJob, clearVotes *sql.Stmt
}

// prepare prepares AppendAction's statements on the writer.
func (s *Store) prepare(ctx context.Context) error {
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&s.appendStmts.updateGame, `UPDATE games SET seq = ?, updated_at = ?,
			status = coalesce(?, status), result = coalesce(?, result),
			deadline = CASE WHEN ? THEN ? ELSE deadline END
			WHERE id = ? AND seq = ? AND (? = '' OR status = ?)
				AND (NOT ? OR EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND seat = ? AND user_id = ?))`},
		{&s.appendStmts.gameSeq, `SELECT seq, status FROM games WHERE id = ?`},
		{&s.appendStmts.completeJob, `DELETE FROM jobs WHERE id = ? AND lease_owner = ? AND lease_owner <> ''`},
		{&s.appendStmts.insertAction, `INSERT INTO actions (game_id, seq, seat, user_id, type, args, at, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`},
		{&s.appendStmts.insertSnapshot, `INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)`},
		{&s.appendStmts.updateSeat, `UPDATE seats SET user_id = ?, bot = ?, bot_kind = ?, missed = ? WHERE game_id = ? AND seat = ?`},
		{&s.appendStmts.insertJob, `INSERT INTO jobs (game_id, kind, seq, due_at) VALUES (?, ?, ?, ?)`},
		{&s.appendStmts.clearVotes, `DELETE FROM votes WHERE game_id = ?`},
	} {
		stmt, err := s.w.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.stmt = stmt
	}
	return nil
}

var _ store.Store = (*Store)(nil)

// Options are the choices of OpenWith.
type Options struct {
	// Durable syncs every commit to disk (synchronous=FULL), so that an
	// acknowledged write survives a power failure too.
	Durable bool
}

// Open opens (creating if needed) the SQLite database at path and brings
// its schema up to date. path ":memory:" is a private in-memory database,
// gone at Close.
func Open(path string) (*Store, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, o Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: open: no database path")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sqlite: open %q: the path may not contain '?' or '#'", path)
	}
	memory := path == ":memory:"
	params := url.Values{}
	params.Set("_txlock", "immediate")
	params.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	params.Add("_pragma", "foreign_keys(1)")
	params.Add("_pragma", fmt.Sprintf("cache_size(%d)", -cacheKiB))
	if !memory {
		params.Add("_pragma", "journal_mode(WAL)")
		if o.Durable {
			params.Add("_pragma", "synchronous(FULL)")
		} else {
			params.Add("_pragma", "synchronous(NORMAL)")
		}
	}
	w, err := sql.Open("sqlite", path+"?"+params.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	s := &Store{w: w, r: w}
	s.read.db = w
	if err := s.migrate(context.Background()); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := s.prepare(context.Background()); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if !memory {
		rp := url.Values{}
		rp.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
		rp.Add("_pragma", "query_only(1)")
		rp.Add("_pragma", fmt.Sprintf("cache_size(%d)", -cacheKiB))
		r, err := sql.Open("sqlite", path+"?"+rp.Encode())
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("sqlite: open %s for reading: %w", path, err)
		}
		n := max(4, 2*runtime.GOMAXPROCS(0))
		r.SetMaxOpenConns(n)
		r.SetMaxIdleConns(n)
		s.r = r
		s.read.db = r
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	err := s.read.close()
	st := &s.appendStmts
	for _, stmt := range []*sql.Stmt{st.updateGame, st.gameSeq, st.completeJob, st.insertAction, st.insertSnapshot, st.updateSeat, st.insertJob, st.clearVotes} {
		if stmt != nil {
			err = errors.Join(err, stmt.Close())
		}
	}
	if s.r != s.w {
		err = errors.Join(err, s.r.Close())
	}
	return errors.Join(err, s.w.Close())
}

// migrate applies the embedded migrations the database lacks, in order,
// in one transaction, and records each in schema_version.
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
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)`); err != nil {
			return fmt.Errorf("create schema_version: %w", err)
		}
		var current int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&current); err != nil {
			return fmt.Errorf("read schema_version: %w", err)
		}
		if len(ms) > 0 && current > ms[len(ms)-1].version {
			return fmt.Errorf("the database's schema version %d is newer than this program's %d", current, ms[len(ms)-1].version)
		}
		for _, m := range ms {
			if m.version <= current {
				continue
			}
			text, err := migrations.ReadFile("migrations/" + m.name)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(text)); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, name) VALUES (?, ?)`, m.version, m.name); err != nil {
				return fmt.Errorf("record migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// SchemaVersion is the version of the last migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.r.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// write runs f in a write transaction (BEGIN IMMEDIATE on the writer) and
// commits it if f returns nil.
func (s *Store) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// constraint classifies a constraint violation as store.ErrConflict (a
// unique key) or store.ErrNotFound (a foreign key: what it names does not
// exist); it returns nil for any other error.
func constraint(err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch se.Code() {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return store.ErrConflict
	case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
		return store.ErrNotFound
	}
	return nil
}

// fail wraps err for the operation op, naming the store error it amounts
// to when it is a constraint violation: what says what was in conflict or
// missing.
func fail(op string, err error, what string) error {
	if kind := constraint(err); kind != nil {
		return fmt.Errorf("sqlite: %s: %s: %w (%v)", op, what, kind, err)
	}
	return fmt.Errorf("sqlite: %s: %w", op, err)
}

// micros is a time as stored: microseconds since the Unix epoch.
func micros(t time.Time) int64 { return t.UnixMicro() }

// nullMicros is a time that may be zero (stored as NULL).
func nullMicros(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMicro()
}

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }

func fromNullMicros(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMicros(v.Int64)
}

// nullID is an ID that may be 0 (stored as NULL).
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
