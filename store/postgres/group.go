package postgres

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A group commits the store's hottest writes, order submissions and
// messages, several at a time: the writes waiting when a batch's place
// comes free go to PostgreSQL as one batch, in one round trip and one
// transaction, and so share one commit and one wake-up of the server
// process. Under light load a batch holds one write and nothing waits;
// under heavy load the batches grow, and the cost of each write falls,
// instead of the queue growing.
//
// A write in a group reports its own outcome: its statement must not
// raise for a condition that fails (it returns what happened instead), so
// that one write's stale sequence number does not undo the others. When
// PostgreSQL refuses a batch all the same (a statement's error, a
// deadlock), nothing of it was committed, and each write runs again on
// its own, to get its own answer.
//
// At most maxLeaders batches of one process are in flight: the writes
// arriving meanwhile wait for the next. A batch takes its rows' locks in
// the order of (game, kind of write), so two batches never wait for each
// other in a circle.
type group struct {
	pool       *pgxpool.Pool
	maxLeaders int

	mu      sync.Mutex
	queue   []*groupWrite
	leaders int // batches in flight or being gathered

	batches atomic.Int64 // batches of several writes sent
}

// groupBatch is the most writes one batch takes.
const groupBatch = 64

// groupTimeout bounds a batch, which no one caller's context may cancel:
// it may hold others' writes.
const groupTimeout = 30 * time.Second

// A groupWrite is one statement of a group: its result is one row, which
// scan reads.
type groupWrite struct {
	game int64 // the game whose rows it locks
	kind int   // orders the locks of one game's writes: lower first
	sql  string
	args []any
	scan func(pgx.Row) error

	err  error
	done bool
	wake chan struct{} // done, or asked to lead the next batch
}

// The kinds of write in a group, in the order a batch takes their locks
// in one game: an order locks the game's row, a message the game's
// message lock.
const (
	writeOrder = iota
	writeMessage
)

// groupLeaders is how many batches a process sends at once: a quarter of
// its pool, at least one (with pgxpool's default pool on a small
// machine, one). Fewer batches at once make larger ones, and a batch
// costs PostgreSQL less than its writes alone (1,000 orders a second in
// transactions of four: 0.19 cores; one by one: 0.26–0.54): on two
// cores, three processes at 1,000 orders a second answered at p99 49–57
// ms with one each, and 71–73 ms with two (docs/perf.md).
func groupLeaders(poolMax int32) int {
	return max(1, int(poolMax)/4)
}

func newGroup(pool *pgxpool.Pool, maxLeaders int) *group {
	return &group{pool: pool, maxLeaders: max(1, maxLeaders)}
}

// do runs w in a batch and returns its statement's error, or its scan's.
// With a place free, w leads a batch at once, with the writes waiting;
// otherwise it waits, and is either done by another batch or handed the
// place of one that ends.
func (g *group) do(ctx context.Context, w *groupWrite) error {
	if err := ctx.Err(); err != nil {
		return err // as a statement on a cancelled context would: not run
	}
	w.wake = make(chan struct{}, 1)
	g.mu.Lock()
	if g.leaders < g.maxLeaders {
		g.leaders++
		g.mu.Unlock()
		g.lead(ctx, w)
		return w.err
	}
	g.queue = append(g.queue, w)
	g.mu.Unlock()
	<-w.wake // a write is woken once: done, or to lead
	if !w.done {
		g.lead(ctx, w)
	}
	return w.err
}

// lead runs a batch of w, which is in no queue, and the writes waiting;
// then it hands its place to the first write still waiting (taking it out
// of the queue, so that no other batch takes it), or gives the place up.
func (g *group) lead(ctx context.Context, w *groupWrite) {
	g.mu.Lock()
	n := min(len(g.queue), groupBatch-1)
	batch := append([]*groupWrite{w}, g.queue[:n]...)
	g.queue = slices.Delete(g.queue, 0, n)
	g.mu.Unlock()
	g.run(ctx, batch)
	for _, o := range batch {
		if o != w {
			o.wake <- struct{}{}
		}
	}
	g.mu.Lock()
	if len(g.queue) > 0 {
		next := g.queue[0]
		g.queue = slices.Delete(g.queue, 0, 1)
		g.mu.Unlock()
		next.wake <- struct{}{}
		return
	}
	g.leaders--
	g.mu.Unlock()
}

// run sends a batch, sets each write's outcome and marks it done. No
// caller's context cancels it: it is others' writes too.
func (g *group) run(ctx context.Context, batch []*groupWrite) {
	defer func() {
		for _, w := range batch {
			w.done = true
		}
	}()
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), groupTimeout)
	defer cancel()
	if len(batch) == 1 {
		w := batch[0]
		w.err = w.scan(g.pool.QueryRow(bctx, w.sql, w.args...))
		return
	}
	slices.SortStableFunc(batch, func(a, b *groupWrite) int {
		return cmp.Or(cmp.Compare(a.game, b.game), cmp.Compare(a.kind, b.kind))
	})
	g.batches.Add(1)
	b := &pgx.Batch{}
	for _, w := range batch {
		b.Queue(w.sql, w.args...)
	}
	br := g.pool.SendBatch(bctx, b)
	var first error
	for _, w := range batch {
		w.err = w.scan(br.QueryRow())
		if first == nil && w.err != nil && !errors.Is(w.err, pgx.ErrNoRows) {
			first = w.err
		}
	}
	if err := br.Close(); err != nil && first == nil {
		first = err
	}
	if first == nil {
		return
	}
	var pe *pgconn.PgError
	if !errors.As(first, &pe) {
		// The connection failed: whether the batch committed is not known,
		// so no write may run again; each caller sees the failure.
		for _, w := range batch {
			w.err = first
		}
		return
	}
	// PostgreSQL refused the batch, which it then rolled back whole: each
	// write runs again alone, for its own outcome.
	for _, w := range batch {
		w.err = w.scan(g.pool.QueryRow(bctx, w.sql, w.args...))
	}
}
