package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"concordat/game"
	"concordat/store"
)

// CreateGame stores a new game with its seats and opening snapshot.
func (s *Store) CreateGame(ctx context.Context, g *store.Game, seats []store.Seat, snapshot []byte) error {
	status := g.Status
	if status == "" {
		status = store.Forming
	}
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if g.FormingLimit > 0 {
			// The creator's row, locked until commit, queues the creations
			// of one user (in every process): each counts after the one
			// before it committed.
			if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, g.CreatedBy); err != nil {
				return fmt.Errorf("postgres: create game: lock the creator: %w", err)
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE created_by = $1 AND status = $2`,
				g.CreatedBy, store.Forming).Scan(&n); err != nil {
				return fmt.Errorf("postgres: create game: count forming games: %w", err)
			}
			if n >= g.FormingLimit {
				return fmt.Errorf("postgres: create game: user %d has %d forming games (limit %d): %w", g.CreatedBy, n, g.FormingLimit, store.ErrLimit)
			}
		}
		err := tx.QueryRow(ctx, `INSERT INTO games
			(name, kind, config, seed, options, status, seq, created_by, created_at, updated_at, deadline, result, invite)
			VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12) RETURNING id`,
			g.Name, g.Kind, g.Config, int64(g.Seed), g.Options, status, g.CreatedBy,
			g.CreatedAt, g.UpdatedAt, nullTime(g.Deadline), g.Result, g.Invite).Scan(&id)
		if err != nil {
			return fail("create game", err, "game")
		}
		for _, st := range seats {
			if _, err := tx.Exec(ctx, `INSERT INTO seats (game_id, seat, user_id, bot, bot_kind, missed, ord) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				id, string(st.Seat), nullID(st.UserID), st.Bot, botKind(st), st.Missed, st.Order); err != nil {
				what := fmt.Sprintf("seat %q is listed twice", st.Seat)
				if constraint(err) == store.ErrNotFound {
					what = fmt.Sprintf("seat %q: user %d", st.Seat, st.UserID)
				}
				return fail("create game", err, what)
			}
		}
		if snapshot != nil {
			if _, err := tx.Exec(ctx, `INSERT INTO snapshots (game_id, seq, state) VALUES ($1, 0, $2)`, id, snapshot); err != nil {
				return fail("create game: snapshot", err, "snapshot")
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	g.ID, g.Seq, g.Status = id, 0, status
	return nil
}

const gameColumns = `id, name, kind, config, seed, options, status, seq, created_by, created_at, updated_at, deadline, result, invite`

func scanGame(row pgx.Row) (*store.Game, error) {
	var g store.Game
	var config []byte
	var seed int64
	var deadline *time.Time
	if err := row.Scan(&g.ID, &g.Name, &g.Kind, &config, &seed, &g.Options, &g.Status, &g.Seq,
		&g.CreatedBy, &g.CreatedAt, &g.UpdatedAt, &deadline, &g.Result, &g.Invite); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(config, &g.Config); err != nil {
		return nil, fmt.Errorf("game %d: decode config: %w", g.ID, err)
	}
	g.Seed = uint64(seed)
	g.CreatedAt, g.UpdatedAt, g.Deadline = g.CreatedAt.UTC(), g.UpdatedAt.UTC(), fromNullTime(deadline)
	return &g, nil
}

// GetGame reads one game.
func (s *Store) GetGame(ctx context.Context, id int64) (*store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: game %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: game %d: %w", id, err)
	}
	return g, nil
}

// ListGames lists the games q selects, newest first.
func (s *Store) ListGames(ctx context.Context, q store.GameQuery) ([]store.Game, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if q.Status != "" {
		where = append(where, `status = `+arg(q.Status))
	}
	if q.Seated != 0 {
		where = append(where, `id IN (SELECT game_id FROM seats WHERE user_id = `+arg(q.Seated)+`)`)
	}
	if q.Listed {
		v := arg(q.Viewer)
		where = append(where, `(invite = '' OR created_by = `+v+` OR id IN (SELECT game_id FROM seats WHERE user_id = `+v+`))`)
	}
	if !q.After.IsZero() {
		where = append(where, `(created_at, id) < (`+arg(q.After.CreatedAt)+`, `+arg(q.After.ID)+`)`)
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY created_at DESC, id DESC`
	if q.Limit > 0 {
		query += ` LIMIT ` + arg(q.Limit)
	}
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	defer rows.Close()
	var gs []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: list games: %w", err)
		}
		gs = append(gs, *g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	return gs, nil
}

// Seats lists a game's seats in seat order.
func (s *Store) Seats(ctx context.Context, gameID int64) ([]store.Seat, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id, seat, coalesce(user_id, 0), bot, bot_kind, missed, ord
		FROM seats WHERE game_id = $1 ORDER BY ord, seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("postgres: seats of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var ss []store.Seat
	for rows.Next() {
		var st store.Seat
		var seat string
		if err := rows.Scan(&st.GameID, &seat, &st.UserID, &st.Bot, &st.BotKind, &st.Missed, &st.Order); err != nil {
			return nil, fmt.Errorf("postgres: seats of game %d: %w", gameID, err)
		}
		st.Seat = game.Seat(seat)
		ss = append(ss, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: seats of game %d: %w", gameID, err)
	}
	return ss, nil
}

// lockFormingGame locks the game's row for the transaction (so seat
// changes of one game run one at a time) and fails unless the game exists
// and is forming.
func lockFormingGame(ctx context.Context, tx pgx.Tx, gameID int64) error {
	var status string
	err := tx.QueryRow(ctx, `SELECT status FROM games WHERE id = $1 FOR NO KEY UPDATE`, gameID).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("game %d: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return err
	}
	if status != store.Forming {
		return fmt.Errorf("game %d is %s, not forming: %w", gameID, status, store.ErrConflict)
	}
	return nil
}

// TakeSeat gives an empty seat of a forming game to user.
func (s *Store) TakeSeat(ctx context.Context, gameID int64, seat game.Seat, user int64) error {
	return s.TakeSeats(ctx, gameID, []game.Seat{seat}, user)
}

// TakeSeats gives empty seats of a forming game to user, all or none.
func (s *Store) TakeSeats(ctx context.Context, gameID int64, seats []game.Seat, user int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockFormingGame(ctx, tx, gameID); err != nil {
			return err
		}
		if len(seats) == 0 {
			return fmt.Errorf("no seat named: %w", store.ErrConflict)
		}
		for i, seat := range seats {
			var holder *int64
			var bot bool
			err := tx.QueryRow(ctx, `SELECT user_id, bot FROM seats WHERE game_id = $1 AND seat = $2`, gameID, string(seat)).Scan(&holder, &bot)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
			}
			if err != nil {
				return err
			}
			if holder != nil {
				return fmt.Errorf("seat %q of game %d is held by user %d: %w", seat, gameID, *holder, store.ErrConflict)
			}
			if bot {
				return fmt.Errorf("seat %q of game %d is held by a bot: %w", seat, gameID, store.ErrConflict)
			}
			if i == 0 {
				if err := seatUser(ctx, tx, gameID, seat, user); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE seats SET user_id = $1, bot = false, missed = 0 WHERE game_id = $2 AND seat = $3`,
				user, gameID, string(seat)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: take seat: %w", err)
	}
	return nil
}

// seatUser gives seat to user, who must hold no other seat of the game.
func seatUser(ctx context.Context, tx pgx.Tx, gameID int64, seat game.Seat, user int64) error {
	var held string
	err := tx.QueryRow(ctx, `SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2 LIMIT 1`, gameID, user).Scan(&held)
	if err == nil {
		return fmt.Errorf("user %d already holds seat %q of game %d: %w", user, held, gameID, store.ErrConflict)
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE seats SET user_id = $1, bot = false, bot_kind = '', missed = 0 WHERE game_id = $2 AND seat = $3`,
		user, gameID, string(seat)); err != nil {
		if constraint(err) == store.ErrNotFound {
			return fmt.Errorf("user %d: %w", user, store.ErrNotFound)
		}
		return err
	}
	return nil
}

// ReplaceSeat gives a started game's seat, held by from, to user to (to a
// bot when to is 0).
func (s *Store) ReplaceSeat(ctx context.Context, gameID int64, seat game.Seat, from, to int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM games WHERE id = $1 FOR UPDATE`, gameID).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d: %w", gameID, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if status != store.Active && status != store.Paused {
			return fmt.Errorf("game %d is %s, not started: %w", gameID, status, store.ErrConflict)
		}
		var holder *int64
		err = tx.QueryRow(ctx, `SELECT user_id FROM seats WHERE game_id = $1 AND seat = $2`, gameID, string(seat)).Scan(&holder)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if h := int64(0); holder != nil && *holder != from || holder == nil && from != h {
			return fmt.Errorf("seat %q of game %d is no longer held by user %d: %w", seat, gameID, from, store.ErrConflict)
		}
		if to == 0 { // a bot takes the seat
			_, err := tx.Exec(ctx, `UPDATE seats SET user_id = NULL, bot = true, bot_kind = '', missed = 0 WHERE game_id = $1 AND seat = $2`, gameID, string(seat))
			return err
		}
		return seatUser(ctx, tx, gameID, seat, to)
	})
	if err != nil {
		return fmt.Errorf("postgres: replace seat: %w", err)
	}
	return nil
}

// SetSeatBot puts a bot of kind in a seat of a forming game no user holds,
// or (bot false) empties a seat a bot holds.
func (s *Store) SetSeatBot(ctx context.Context, gameID int64, seat game.Seat, bot bool, kind string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockFormingGame(ctx, tx, gameID); err != nil {
			return err
		}
		var holder *int64
		var held bool
		err := tx.QueryRow(ctx, `SELECT user_id, bot FROM seats WHERE game_id = $1 AND seat = $2`, gameID, string(seat)).Scan(&holder, &held)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if holder != nil {
			return fmt.Errorf("seat %q of game %d is held by user %d: %w", seat, gameID, *holder, store.ErrConflict)
		}
		if !bot && !held {
			return fmt.Errorf("seat %q of game %d holds no bot: %w", seat, gameID, store.ErrConflict)
		}
		if !bot {
			kind = ""
		}
		_, err = tx.Exec(ctx, `UPDATE seats SET bot = $1, bot_kind = $2, missed = 0 WHERE game_id = $3 AND seat = $4`, bot, kind, gameID, string(seat))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: set seat bot: %w", err)
	}
	return nil
}

// botKind is the bot kind stored for a seat: none unless a bot holds it.
func botKind(st store.Seat) string {
	if !st.Bot {
		return ""
	}
	return st.BotKind
}

// LeaveSeat empties the user's seat in a forming game.
func (s *Store) LeaveSeat(ctx context.Context, gameID int64, user int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockFormingGame(ctx, tx, gameID); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE seats SET user_id = NULL WHERE game_id = $1 AND user_id = $2`, gameID, user)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("user %d holds no seat in game %d: %w", user, gameID, store.ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: leave seat: %w", err)
	}
	return nil
}

// StartGame makes a forming game whose seats are all held active. It locks
// the game's row as TakeSeat and LeaveSeat do, and reads the seats after
// the lock is granted (a statement of its own, so under READ COMMITTED it
// sees what the seat change before it committed).
func (s *Store) StartGame(ctx context.Context, gameID int64, deadline time.Time, jobs []store.Job) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockFormingGame(ctx, tx, gameID); err != nil {
			return err
		}
		var empty string
		err := tx.QueryRow(ctx, `SELECT seat FROM seats WHERE game_id = $1 AND user_id IS NULL AND NOT bot ORDER BY ord LIMIT 1`, gameID).Scan(&empty)
		if err == nil {
			return fmt.Errorf("game %d: seat %q is empty: %w", gameID, empty, store.ErrConflict)
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		return setStatus(ctx, tx, gameID, store.Active, "", deadline, jobs)
	})
	if err != nil {
		return fmt.Errorf("postgres: start game %d: %w", gameID, err)
	}
	return nil
}

// SetStatus changes a game's status and deadline and replaces its jobs.
func (s *Store) SetStatus(ctx context.Context, gameID int64, status, result string, deadline time.Time, jobs []store.Job) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return setStatus(ctx, tx, gameID, status, result, deadline, jobs)
	})
	if err != nil {
		return fmt.Errorf("postgres: set status of game %d: %w", gameID, err)
	}
	return nil
}

// setStatus is SetStatus in the transaction tx.
func setStatus(ctx context.Context, tx pgx.Tx, gameID int64, status, result string, deadline time.Time, jobs []store.Job) error {
	var seq int64
	err := tx.QueryRow(ctx, `UPDATE games SET status = $1, deadline = $2, result = CASE WHEN $4 = '' THEN result ELSE $4 END WHERE id = $3 RETURNING seq`,
		status, nullTime(deadline), gameID, result).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("game %d: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM jobs WHERE game_id = $1`, gameID); err != nil {
		return err
	}
	return insertJobs(ctx, tx, gameID, seq, jobs)
}

// insertJobs schedules jobs for a game, defaulting their Seq to seq.
func insertJobs(ctx context.Context, tx pgx.Tx, gameID, seq int64, jobs []store.Job) error {
	for _, j := range jobs {
		if j.GameID != 0 && j.GameID != gameID {
			return fmt.Errorf("a %s job for game %d among game %d's jobs", j.Kind, j.GameID, gameID)
		}
		if j.Seq == 0 {
			j.Seq = seq
		}
		if _, err := tx.Exec(ctx, `INSERT INTO jobs (game_id, kind, seq, due_at) VALUES ($1, $2, $3, $4)`,
			gameID, j.Kind, j.Seq, j.DueAt); err != nil {
			return fmt.Errorf("schedule %s job: %w", j.Kind, err)
		}
	}
	return nil
}

// SQLSTATEs concordat_require raises in AppendAction.
const (
	codeStale     = "CCST1" // the game's seq is not the one expected
	codeLeaseLost = "CCLL1" // the job to complete is not held by its owner
	codeNoSeat    = "CCNS1" // a seat to overwrite does not exist
)

// updateGame is AppendAction's conditional update of the game ($1 to
// $12: seq, at, status, result, whether the deadline changes, deadline,
// game, expected seq, IfStatus, IfSeatHeld, seat, user).
const updateGame = `UPDATE games SET seq = $1, updated_at = $2,
		status = coalesce($3, status), result = coalesce($4, result),
		deadline = CASE WHEN $5 THEN $6 ELSE deadline END
	WHERE id = $7 AND seq = $8 AND ($9::text = '' OR status = $9)
		AND (NOT $10 OR EXISTS (SELECT 1 FROM seats WHERE game_id = $7 AND seat = $11 AND user_id = $12))
	RETURNING 1`

// appendUpdate is updateGame, raising codeStale when it finds no game.
const appendUpdate = `WITH u AS (` + updateGame + `)
	SELECT concordat_require(EXISTS (SELECT 1 FROM u), '` + codeStale + `', 'stale')`

// appendOrder is updateGame and the action's row ($13 its type, $14 its
// arguments, $15 its events) in one statement: the row is inserted only if the update
// found the game. It returns whether it did, and never raises for a game
// that moved on, so that it can share a batch with others (see group).
const appendOrder = `WITH u AS (` + updateGame + `),
	i AS (INSERT INTO actions (game_id, seq, seat, user_id, type, args, at, events)
		SELECT $7, $1, $11, $12, $13, $14, $2, $15 FROM u RETURNING 1)
	SELECT EXISTS (SELECT 1 FROM u)`

// AppendAction stores action expectSeq+1 and its effects if the game's
// Seq is still expectSeq, in one round trip and one transaction: an
// action without further effects (a submission) as one statement, in the
// store's group commit; one with effects as a batch of statements, which
// the server runs as one implicit transaction: the first that fails (a
// condition checked by concordat_require, or a constraint) rolls back
// them all.
func (s *Store) AppendAction(ctx context.Context, a store.Action, expectSeq int64, e store.Effects) error {
	seq := expectSeq + 1
	for _, j := range e.NewJobs {
		if j.GameID != 0 && j.GameID != a.GameID {
			return fmt.Errorf("postgres: append action: a %s job for game %d among game %d's jobs", j.Kind, j.GameID, a.GameID)
		}
	}
	var status, result *string // nil: unchanged
	if e.Status != "" {
		status = &e.Status
	}
	if e.Result != "" {
		result = &e.Result
	}
	var deadline *time.Time
	if e.Deadline != nil {
		deadline = nullTime(*e.Deadline)
	}
	var actionArgs []byte
	if a.Action.Args != nil {
		actionArgs = []byte(a.Action.Args)
	}
	updateArgs := []any{seq, a.At, status, result, e.Deadline != nil, deadline, a.GameID, expectSeq, e.IfStatus,
		e.IfSeatHeld, string(a.Seat), a.UserID}
	var err error
	if e.CompleteJob == 0 && e.Snapshot == nil && len(e.Seats) == 0 && len(e.NewJobs) == 0 && !e.ClearVotes {
		// A submission: one statement, which pgx sends in one write
		// (a batch takes two), and the server parses and runs once.
		var stored bool
		err = s.group.do(ctx, &groupWrite{game: a.GameID, kind: writeOrder, sql: appendOrder,
			args: append(updateArgs, a.Action.Type, actionArgs, store.EncodeEvents(a.Events)),
			scan: func(r pgx.Row) error { return r.Scan(&stored) }})
		if err == nil && !stored {
			return s.notAppended(ctx, a, expectSeq, e)
		}
	} else {
		err = s.appendBatch(ctx, a, seq, e, updateArgs, actionArgs)
	}
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case codeStale:
			return s.notAppended(ctx, a, expectSeq, e)
		case codeLeaseLost:
			return fmt.Errorf("postgres: append action: job %d is not held by %q: %w", e.CompleteJob, e.JobOwner, store.ErrLeaseLost)
		case codeNoSeat:
			return fmt.Errorf("postgres: append action: a seat to overwrite is not in game %d: %w", a.GameID, store.ErrNotFound)
		}
	}
	return fail("append action", err, fmt.Sprintf("action %d of game %d", seq, a.GameID))
}

// notAppended tells why AppendAction found no game at expectSeq that met
// its conditions: the game is gone (store.ErrNotFound), or it moved on, is
// not in the status required, or the seat is not the user's
// (store.ErrStale).
func (s *Store) notAppended(ctx context.Context, a store.Action, expectSeq int64, e store.Effects) error {
	var current int64
	var gs string
	err := s.pool.QueryRow(ctx, `SELECT seq, status FROM games WHERE id = $1`, a.GameID).Scan(&current, &gs)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("postgres: append action: game %d: %w", a.GameID, store.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("postgres: append action: game %d is not at action %d: %w (%v)", a.GameID, expectSeq, store.ErrStale, err)
	}
	if current == expectSeq && e.IfStatus != "" && gs != e.IfStatus {
		return fmt.Errorf("postgres: append action: game %d is %s, not %s: %w", a.GameID, gs, e.IfStatus, store.ErrStale)
	}
	if current == expectSeq {
		return fmt.Errorf("postgres: append action: seat %q of game %d is not held by user %d: %w", a.Seat, a.GameID, a.UserID, store.ErrStale)
	}
	return fmt.Errorf("postgres: append action: game %d is at action %d, not %d: %w", a.GameID, current, expectSeq, store.ErrStale)
}

// appendBatch is AppendAction with further effects: the statements go to
// the server as one batch, in one round trip, and run as one implicit
// transaction; the first that fails rolls back them all.
func (s *Store) appendBatch(ctx context.Context, a store.Action, seq int64, e store.Effects, updateArgs []any, actionArgs []byte) error {
	b := &pgx.Batch{}
	b.Queue(appendUpdate, updateArgs...)
	if e.CompleteJob != 0 {
		b.Queue(`WITH d AS (DELETE FROM jobs WHERE id = $1 AND lease_owner = $2 AND lease_owner <> '' RETURNING 1)
			SELECT concordat_require(EXISTS (SELECT 1 FROM d), '`+codeLeaseLost+`', 'lease lost')`,
			e.CompleteJob, e.JobOwner)
	}
	b.Queue(`INSERT INTO actions (game_id, seq, seat, user_id, type, args, at, events) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		a.GameID, seq, string(a.Seat), a.UserID, a.Action.Type, actionArgs, a.At, store.EncodeEvents(a.Events))
	if e.Snapshot != nil {
		b.Queue(`INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)`, a.GameID, seq, e.Snapshot)
	}
	for _, st := range e.Seats {
		b.Queue(`WITH s AS (UPDATE seats SET user_id = $1, bot = $2, bot_kind = $3, missed = $4 WHERE game_id = $5 AND seat = $6 RETURNING 1)
			SELECT concordat_require(EXISTS (SELECT 1 FROM s), '`+codeNoSeat+`', 'no such seat')`,
			nullID(st.UserID), st.Bot, botKind(st), st.Missed, a.GameID, string(st.Seat))
	}
	for _, j := range e.NewJobs {
		if j.Seq == 0 {
			j.Seq = seq
		}
		b.Queue(`INSERT INTO jobs (game_id, kind, seq, due_at) VALUES ($1, $2, $3, $4)`, a.GameID, j.Kind, j.Seq, j.DueAt)
	}
	if e.ClearVotes {
		b.Queue(`DELETE FROM votes WHERE game_id = $1`, a.GameID)
	}

	return s.pool.SendBatch(ctx, b).Close()
}

// Actions lists a game's actions after a Seq, in order.
func (s *Store) Actions(ctx context.Context, gameID int64, after int64) ([]store.Action, error) {
	return s.ActionsBetween(ctx, gameID, after, math.MaxInt64)
}

// ActionsBetween lists a game's actions with after < Seq <= upTo, in order.
func (s *Store) ActionsBetween(ctx context.Context, gameID int64, after, upTo int64) ([]store.Action, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq, seat, user_id, type, args, at
		FROM actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq`, gameID, after, upTo)
	if err != nil {
		return nil, fmt.Errorf("postgres: actions of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var as []store.Action
	for rows.Next() {
		var a store.Action
		var seat string
		var args []byte
		if err := rows.Scan(&a.GameID, &a.Seq, &seat, &a.UserID, &a.Action.Type, &args, &a.At); err != nil {
			return nil, fmt.Errorf("postgres: actions of game %d: %w", gameID, err)
		}
		a.Seat, a.At = game.Seat(seat), a.At.UTC()
		if args != nil {
			a.Action.Args = json.RawMessage(args)
		}
		as = append(as, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: actions of game %d: %w", gameID, err)
	}
	return as, nil
}

// EventLog lists a game's actions with after < Seq <= upTo, with their
// events.
func (s *Store) EventLog(ctx context.Context, gameID int64, after, upTo int64, limit int) ([]store.Action, error) {
	var lim *int // NULL: no limit
	if limit > 0 {
		lim = &limit
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq, seat, user_id, type, args, at, events
		FROM actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4`, gameID, after, upTo, lim)
	if err != nil {
		return nil, fmt.Errorf("postgres: event log of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var as []store.Action
	for rows.Next() {
		var a store.Action
		var seat string
		var args, events []byte
		if err := rows.Scan(&a.GameID, &a.Seq, &seat, &a.UserID, &a.Action.Type, &args, &a.At, &events); err != nil {
			return nil, fmt.Errorf("postgres: event log of game %d: %w", gameID, err)
		}
		a.Seat, a.At = game.Seat(seat), a.At.UTC()
		if args != nil {
			a.Action.Args = json.RawMessage(args)
		}
		if events == nil {
			a.EventsMissing = true
		} else if a.Events, err = store.DecodeEvents(events); err != nil {
			return nil, fmt.Errorf("postgres: event log of game %d: action %d: %w", gameID, a.Seq, err)
		}
		as = append(as, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: event log of game %d: %w", gameID, err)
	}
	return as, nil
}

// FillEvents stores the events of actions stored without them.
func (s *Store) FillEvents(ctx context.Context, gameID int64, events map[int64][]game.Event) error {
	if len(events) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for seq, evs := range events {
		b.Queue(`UPDATE actions SET events = $1 WHERE game_id = $2 AND seq = $3 AND events IS NULL`, store.EncodeEvents(evs), gameID, seq)
	}
	if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("postgres: fill events of game %d: %w", gameID, err)
	}
	return nil
}

// LatestSnapshot is the game's snapshot with the highest Seq.
func (s *Store) LatestSnapshot(ctx context.Context, gameID int64) (*store.Snapshot, error) {
	sn := store.Snapshot{GameID: gameID}
	err := s.pool.QueryRow(ctx, `SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1`, gameID).
		Scan(&sn.Seq, &sn.State)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: snapshot of game %d: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: snapshot of game %d: %w", gameID, err)
	}
	return &sn, nil
}

// GameAndSeats reads a game and its seats in one query, so in one round
// trip and one snapshot: one row, the game's columns and its seats'
// fields as arrays in seat order (the request path's read, made for
// every order and message: one row costs the server and the client less
// than a join repeating the game's columns for each seat).
func (s *Store) GameAndSeats(ctx context.Context, id int64) (*store.Game, []store.Seat, error) {
	var names []string
	var users []int64
	var bots []bool
	var kinds []string
	var missed, ords []int32
	tail := []any{&names, &users, &bots, &kinds, &missed, &ords}
	g, err := scanGame(rowWith{s.pool.QueryRow(ctx, gameAndSeatsQuery, id), tail})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fmt.Errorf("postgres: game %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: game %d and seats: %w", id, err)
	}
	if len(users) != len(names) || len(bots) != len(names) || len(kinds) != len(names) || len(missed) != len(names) || len(ords) != len(names) {
		return nil, nil, fmt.Errorf("postgres: game %d and seats: arrays of %d, %d, %d, %d and %d seats", id, len(names), len(users), len(bots), len(missed), len(ords))
	}
	var ss []store.Seat
	if len(names) > 0 {
		ss = make([]store.Seat, len(names))
		for i, n := range names {
			ss[i] = store.Seat{GameID: id, Seat: game.Seat(n), UserID: users[i], Bot: bots[i], BotKind: kinds[i], Missed: int(missed[i]), Order: int(ords[i])}
		}
	}
	return g, ss, nil
}

// gameAndSeatsQuery is GameAndSeats' statement: the seats' columns are
// aggregated in the order Seats lists them (empty arrays without seats).
var gameAndSeatsQuery = `SELECT ` + gameColumnsOf("g") + `,
	coalesce(s.names, '{}'), coalesce(s.users, '{}'), coalesce(s.bots, '{}'), coalesce(s.kinds, '{}'), coalesce(s.missed, '{}'), coalesce(s.ords, '{}')
	FROM games g LEFT JOIN LATERAL (
		SELECT array_agg(seat ORDER BY ord, seat) AS names,
			array_agg(coalesce(user_id, 0) ORDER BY ord, seat) AS users,
			array_agg(bot ORDER BY ord, seat) AS bots,
			array_agg(bot_kind ORDER BY ord, seat) AS kinds,
			array_agg(missed ORDER BY ord, seat) AS missed,
			array_agg(ord ORDER BY ord, seat) AS ords
		FROM seats WHERE game_id = g.id) s ON true
	WHERE g.id = $1`

// gameColumnsOf is gameColumns qualified by a table alias.
func gameColumnsOf(alias string) string {
	cols := strings.Split(gameColumns, ", ")
	for i, c := range cols {
		cols[i] = alias + "." + c
	}
	return strings.Join(cols, ", ")
}

// rowWith scans a row whose leading columns are a game's and whose
// trailing ones go to tail.
type rowWith struct {
	r    pgx.Row
	tail []any
}

func (r rowWith) Scan(dest ...any) error { return r.r.Scan(append(dest, r.tail...)...) }

// SetInvite replaces a game's invitation secret.
func (s *Store) SetInvite(ctx context.Context, gameID int64, invite string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE games SET invite = $1 WHERE id = $2`, invite, gameID)
	if err != nil {
		return fmt.Errorf("postgres: set invite: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: set invite: game %d: %w", gameID, store.ErrNotFound)
	}
	return nil
}

// SnapshotAt is the game's latest snapshot at or below seq.
func (s *Store) SnapshotAt(ctx context.Context, gameID int64, seq int64) (*store.Snapshot, error) {
	sn := store.Snapshot{GameID: gameID}
	err := s.pool.QueryRow(ctx, `SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1`, gameID, seq).
		Scan(&sn.Seq, &sn.State)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: snapshot of game %d at %d: %w", gameID, seq, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: snapshot of game %d at %d: %w", gameID, seq, err)
	}
	return &sn, nil
}
