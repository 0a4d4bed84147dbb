package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// readStmts runs the store's reads on statements prepared once per query
// text: database/sql then prepares each on a reader connection the first
// time it runs there and reuses it, instead of SQLite parsing the SQL of
// every read anew.
type readStmts struct {
	db    *sql.DB
	stmts sync.Map // query text → *sql.Stmt
}

// row is what QueryRowContext returns: a *sql.Row, or the error of
// preparing its statement.
type row interface{ Scan(dest ...any) error }

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

func (r *readStmts) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := r.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := r.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := r.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// QueryContext runs a query that returns rows.
func (r *readStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := r.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs a query that returns at most one row.
func (r *readStmts) QueryRowContext(ctx context.Context, query string, args ...any) row {
	st, err := r.stmt(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return st.QueryRowContext(ctx, args...)
}

// close closes every prepared statement.
func (r *readStmts) close() error {
	var err error
	r.stmts.Range(func(k, v any) bool {
		err = errors.Join(err, v.(*sql.Stmt).Close())
		r.stmts.Delete(k)
		return true
	})
	return err
}
