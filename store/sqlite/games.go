package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"concordat/game"
	"concordat/store"
)

// CreateGame stores a new game with its seats and opening snapshot.
func (s *Store) CreateGame(ctx context.Context, g *store.Game, seats []store.Seat, snapshot []byte) error {
	config, err := json.Marshal(g.Config)
	if err != nil {
		return fmt.Errorf("sqlite: create game: encode config: %w", err)
	}
	status := g.Status
	if status == "" {
		status = store.Forming
	}
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		if g.FormingLimit > 0 {
			// The one writer's transaction: no other creation runs between
			// the count and the insert.
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE created_by = ? AND status = ?`,
				g.CreatedBy, store.Forming).Scan(&n); err != nil {
				return fmt.Errorf("sqlite: create game: count forming games: %w", err)
			}
			if n >= g.FormingLimit {
				return fmt.Errorf("sqlite: create game: user %d has %d forming games (limit %d): %w", g.CreatedBy, n, g.FormingLimit, store.ErrLimit)
			}
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO games
			(name, kind, config, seed, options, status, seq, created_by, created_at, updated_at, deadline, result, invite)
			VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?) RETURNING id`,
			g.Name, g.Kind, string(config), int64(g.Seed), g.Options, status, g.CreatedBy,
			micros(g.CreatedAt), micros(g.UpdatedAt), nullMicros(g.Deadline), g.Result, g.Invite).Scan(&id)
		if err != nil {
			return fail("create game", err, "game")
		}
		for _, st := range seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, bot, bot_kind, missed, ord) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				id, string(st.Seat), nullID(st.UserID), st.Bot, botKind(st), st.Missed, st.Order); err != nil {
				what := fmt.Sprintf("seat %q is listed twice", st.Seat)
				if constraint(err) == store.ErrNotFound {
					what = fmt.Sprintf("seat %q: user %d", st.Seat, st.UserID)
				}
				return fail("create game", err, what)
			}
		}
		if snapshot != nil {
			if _, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)`, id, snapshot); err != nil {
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

func scanGame(row interface{ Scan(...any) error }) (*store.Game, error) {
	var g store.Game
	var config string
	var seed, created, updated int64
	var deadline sql.NullInt64
	if err := row.Scan(&g.ID, &g.Name, &g.Kind, &config, &seed, &g.Options, &g.Status, &g.Seq,
		&g.CreatedBy, &created, &updated, &deadline, &g.Result, &g.Invite); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(config), &g.Config); err != nil {
		return nil, fmt.Errorf("game %d: decode config: %w", g.ID, err)
	}
	g.Seed = uint64(seed)
	g.CreatedAt, g.UpdatedAt, g.Deadline = fromMicros(created), fromMicros(updated), fromNullMicros(deadline)
	return &g, nil
}

// GetGame reads one game.
func (s *Store) GetGame(ctx context.Context, id int64) (*store.Game, error) {
	g, err := scanGame(s.read.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: game %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: game %d: %w", id, err)
	}
	return g, nil
}

// ListGames lists the games q selects, newest first.
func (s *Store) ListGames(ctx context.Context, q store.GameQuery) ([]store.Game, error) {
	var where []string
	var args []any
	if q.Status != "" {
		where = append(where, `status = ?`)
		args = append(args, q.Status)
	}
	if q.Seated != 0 {
		where = append(where, `id IN (SELECT game_id FROM seats WHERE user_id = ?)`)
		args = append(args, q.Seated)
	}
	if q.Listed {
		where = append(where, `(invite = '' OR created_by = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?))`)
		args = append(args, q.Viewer, q.Viewer)
	}
	if !q.After.IsZero() {
		where = append(where, `(created_at < ? OR created_at = ? AND id < ?)`)
		args = append(args, micros(q.After.CreatedAt), micros(q.After.CreatedAt), q.After.ID)
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY created_at DESC, id DESC`
	if q.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, q.Limit)
	}
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list games: %w", err)
	}
	defer rows.Close()
	var gs []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list games: %w", err)
		}
		gs = append(gs, *g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list games: %w", err)
	}
	return gs, nil
}

// Seats lists a game's seats in seat order.
func (s *Store) Seats(ctx context.Context, gameID int64) ([]store.Seat, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT game_id, seat, coalesce(user_id, 0), bot, bot_kind, missed, ord
		FROM seats WHERE game_id = ? ORDER BY ord, seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: seats of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var ss []store.Seat
	for rows.Next() {
		var st store.Seat
		var seat string
		if err := rows.Scan(&st.GameID, &seat, &st.UserID, &st.Bot, &st.BotKind, &st.Missed, &st.Order); err != nil {
			return nil, fmt.Errorf("sqlite: seats of game %d: %w", gameID, err)
		}
		st.Seat = game.Seat(seat)
		ss = append(ss, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: seats of game %d: %w", gameID, err)
	}
	return ss, nil
}

// formingGame fails unless the game exists and is forming.
func formingGame(ctx context.Context, tx *sql.Tx, gameID int64) error {
	var status string
	err := tx.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, gameID).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
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
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := formingGame(ctx, tx, gameID); err != nil {
			return err
		}
		if len(seats) == 0 {
			return fmt.Errorf("no seat named: %w", store.ErrConflict)
		}
		for i, seat := range seats {
			var holder sql.NullInt64
			var bot bool
			err := tx.QueryRowContext(ctx, `SELECT user_id, bot FROM seats WHERE game_id = ? AND seat = ?`, gameID, string(seat)).Scan(&holder, &bot)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
			}
			if err != nil {
				return err
			}
			if holder.Valid {
				return fmt.Errorf("seat %q of game %d is held by user %d: %w", seat, gameID, holder.Int64, store.ErrConflict)
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
			if _, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = ?, bot = 0, missed = 0 WHERE game_id = ? AND seat = ?`,
				user, gameID, string(seat)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: take seat: %w", err)
	}
	return nil
}

// seatUser gives seat to user, who must hold no other seat of the game.
func seatUser(ctx context.Context, tx *sql.Tx, gameID int64, seat game.Seat, user int64) error {
	var held string
	err := tx.QueryRowContext(ctx, `SELECT seat FROM seats WHERE game_id = ? AND user_id = ?`, gameID, user).Scan(&held)
	if err == nil {
		return fmt.Errorf("user %d already holds seat %q of game %d: %w", user, held, gameID, store.ErrConflict)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = ?, bot = 0, bot_kind = '', missed = 0 WHERE game_id = ? AND seat = ?`,
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
	err := s.write(ctx, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, gameID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d: %w", gameID, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if status != store.Active && status != store.Paused {
			return fmt.Errorf("game %d is %s, not started: %w", gameID, status, store.ErrConflict)
		}
		var holder sql.NullInt64
		err = tx.QueryRowContext(ctx, `SELECT user_id FROM seats WHERE game_id = ? AND seat = ?`, gameID, string(seat)).Scan(&holder)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if holder.Int64 != from {
			return fmt.Errorf("seat %q of game %d is held by user %d, not %d: %w", seat, gameID, holder.Int64, from, store.ErrConflict)
		}
		if to == 0 { // a bot takes the seat
			_, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = NULL, bot = 1, bot_kind = '', missed = 0 WHERE game_id = ? AND seat = ?`, gameID, string(seat))
			return err
		}
		return seatUser(ctx, tx, gameID, seat, to)
	})
	if err != nil {
		return fmt.Errorf("sqlite: replace seat: %w", err)
	}
	return nil
}

// SetSeatBot puts a bot of kind in a seat of a forming game no user holds,
// or (bot false) empties a seat a bot holds.
func (s *Store) SetSeatBot(ctx context.Context, gameID int64, seat game.Seat, bot bool, kind string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := formingGame(ctx, tx, gameID); err != nil {
			return err
		}
		var holder sql.NullInt64
		var held bool
		err := tx.QueryRowContext(ctx, `SELECT user_id, bot FROM seats WHERE game_id = ? AND seat = ?`, gameID, string(seat)).Scan(&holder, &held)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d has no seat %q: %w", gameID, seat, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if holder.Valid {
			return fmt.Errorf("seat %q of game %d is held by user %d: %w", seat, gameID, holder.Int64, store.ErrConflict)
		}
		if !bot && !held {
			return fmt.Errorf("seat %q of game %d holds no bot: %w", seat, gameID, store.ErrConflict)
		}
		if !bot {
			kind = ""
		}
		_, err = tx.ExecContext(ctx, `UPDATE seats SET bot = ?, bot_kind = ?, missed = 0 WHERE game_id = ? AND seat = ?`, bot, kind, gameID, string(seat))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: set seat bot: %w", err)
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
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := formingGame(ctx, tx, gameID); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = NULL WHERE game_id = ? AND user_id = ?`, gameID, user)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("user %d holds no seat in game %d: %w", user, gameID, store.ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: leave seat: %w", err)
	}
	return nil
}

// StartGame makes a forming game whose seats are all held active. The one
// writer's transaction runs it and the seat changes one at a time.
func (s *Store) StartGame(ctx context.Context, gameID int64, deadline time.Time, jobs []store.Job) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := formingGame(ctx, tx, gameID); err != nil {
			return err
		}
		var empty string
		err := tx.QueryRowContext(ctx, `SELECT seat FROM seats WHERE game_id = ? AND user_id IS NULL AND bot = 0 ORDER BY ord LIMIT 1`, gameID).Scan(&empty)
		if err == nil {
			return fmt.Errorf("game %d: seat %q is empty: %w", gameID, empty, store.ErrConflict)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return setStatus(ctx, tx, gameID, store.Active, "", deadline, jobs)
	})
	if err != nil {
		return fmt.Errorf("sqlite: start game %d: %w", gameID, err)
	}
	return nil
}

// SetStatus changes a game's status and deadline and replaces its jobs.
func (s *Store) SetStatus(ctx context.Context, gameID int64, status, result string, deadline time.Time, jobs []store.Job) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		return setStatus(ctx, tx, gameID, status, result, deadline, jobs)
	})
	if err != nil {
		return fmt.Errorf("sqlite: set status of game %d: %w", gameID, err)
	}
	return nil
}

// setStatus is SetStatus in the transaction tx.
func setStatus(ctx context.Context, tx *sql.Tx, gameID int64, status, result string, deadline time.Time, jobs []store.Job) error {
	var seq int64
	err := tx.QueryRowContext(ctx, `UPDATE games SET status = ?, deadline = ?, result = CASE WHEN ? = '' THEN result ELSE ? END WHERE id = ? RETURNING seq`,
		status, nullMicros(deadline), result, result, gameID).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("game %d: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game_id = ?`, gameID); err != nil {
		return err
	}
	return insertJobs(ctx, tx, gameID, seq, jobs)
}

// insertJobs schedules jobs for a game, defaulting their Seq to seq.
func insertJobs(ctx context.Context, tx *sql.Tx, gameID, seq int64, jobs []store.Job) error {
	for _, j := range jobs {
		if j.GameID != 0 && j.GameID != gameID {
			return fmt.Errorf("a %s job for game %d among game %d's jobs", j.Kind, j.GameID, gameID)
		}
		if j.Seq == 0 {
			j.Seq = seq
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO jobs (game_id, kind, seq, due_at) VALUES (?, ?, ?, ?)`,
			gameID, j.Kind, j.Seq, micros(j.DueAt)); err != nil {
			return fmt.Errorf("schedule %s job: %w", j.Kind, err)
		}
	}
	return nil
}

// AppendAction stores action expectSeq+1 and its effects if the game's
// Seq is still expectSeq.
func (s *Store) AppendAction(ctx context.Context, a store.Action, expectSeq int64, e store.Effects) error {
	seq := expectSeq + 1
	st := &s.appendStmts
	err := s.write(ctx, func(tx *sql.Tx) error {
		var status, result any // nil: unchanged
		if e.Status != "" {
			status = e.Status
		}
		if e.Result != "" {
			result = e.Result
		}
		var deadline any
		if e.Deadline != nil {
			deadline = nullMicros(*e.Deadline)
		}
		res, err := tx.StmtContext(ctx, st.updateGame).ExecContext(ctx, seq, micros(a.At), status, result,
			e.Deadline != nil, deadline, a.GameID, expectSeq, e.IfStatus, e.IfStatus,
			e.IfSeatHeld, a.GameID, string(a.Seat), a.UserID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var current int64
			var status string
			err := tx.StmtContext(ctx, st.gameSeq).QueryRowContext(ctx, a.GameID).Scan(&current, &status)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("game %d: %w", a.GameID, store.ErrNotFound)
			}
			if err != nil {
				return err
			}
			if current == expectSeq && e.IfStatus != "" && status != e.IfStatus {
				return fmt.Errorf("game %d is %s, not %s: %w", a.GameID, status, e.IfStatus, store.ErrStale)
			}
			if current == expectSeq {
				return fmt.Errorf("seat %q of game %d is not held by user %d: %w", a.Seat, a.GameID, a.UserID, store.ErrStale)
			}
			return fmt.Errorf("game %d is at action %d, not %d: %w", a.GameID, current, expectSeq, store.ErrStale)
		}
		if e.CompleteJob != 0 {
			res, err := tx.StmtContext(ctx, st.completeJob).ExecContext(ctx, e.CompleteJob, e.JobOwner)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return fmt.Errorf("job %d is not held by %q: %w", e.CompleteJob, e.JobOwner, store.ErrLeaseLost)
			}
		}
		if _, err := tx.StmtContext(ctx, st.insertAction).ExecContext(ctx,
			a.GameID, seq, string(a.Seat), a.UserID, a.Action.Type, []byte(a.Action.Args), micros(a.At), store.EncodeEvents(a.Events)); err != nil {
			return fmt.Errorf("action %d: %w", seq, err)
		}
		if e.Snapshot != nil {
			if _, err := tx.StmtContext(ctx, st.insertSnapshot).ExecContext(ctx, a.GameID, seq, e.Snapshot); err != nil {
				return fmt.Errorf("snapshot %d: %w", seq, err)
			}
		}
		for _, seat := range e.Seats {
			res, err := tx.StmtContext(ctx, st.updateSeat).ExecContext(ctx,
				nullID(seat.UserID), seat.Bot, botKind(seat), seat.Missed, a.GameID, string(seat.Seat))
			if err != nil {
				if constraint(err) == store.ErrNotFound {
					return fmt.Errorf("seat %q: user %d: %w", seat.Seat, seat.UserID, store.ErrNotFound)
				}
				return fmt.Errorf("seat %q: %w", seat.Seat, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return fmt.Errorf("game %d has no seat %q: %w", a.GameID, seat.Seat, store.ErrNotFound)
			}
		}
		for _, j := range e.NewJobs {
			if j.GameID != 0 && j.GameID != a.GameID {
				return fmt.Errorf("a %s job for game %d among game %d's jobs", j.Kind, j.GameID, a.GameID)
			}
			if j.Seq == 0 {
				j.Seq = seq
			}
			if _, err := tx.StmtContext(ctx, st.insertJob).ExecContext(ctx, a.GameID, j.Kind, j.Seq, micros(j.DueAt)); err != nil {
				return fmt.Errorf("schedule %s job: %w", j.Kind, err)
			}
		}
		if e.ClearVotes {
			if _, err := tx.StmtContext(ctx, st.clearVotes).ExecContext(ctx, a.GameID); err != nil {
				return fmt.Errorf("clear votes: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: append action: %w", err)
	}
	return nil
}

// Actions lists a game's actions after a Seq, in order.
func (s *Store) Actions(ctx context.Context, gameID int64, after int64) ([]store.Action, error) {
	return s.ActionsBetween(ctx, gameID, after, math.MaxInt64)
}

// ActionsBetween lists a game's actions with after < Seq <= upTo, in order.
func (s *Store) ActionsBetween(ctx context.Context, gameID int64, after, upTo int64) ([]store.Action, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT game_id, seq, seat, user_id, type, args, at
		FROM actions WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq`, gameID, after, upTo)
	if err != nil {
		return nil, fmt.Errorf("sqlite: actions of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var as []store.Action
	for rows.Next() {
		var a store.Action
		var seat string
		var args []byte
		var at int64
		if err := rows.Scan(&a.GameID, &a.Seq, &seat, &a.UserID, &a.Action.Type, &args, &at); err != nil {
			return nil, fmt.Errorf("sqlite: actions of game %d: %w", gameID, err)
		}
		a.Seat, a.At = game.Seat(seat), fromMicros(at)
		if args != nil {
			a.Action.Args = json.RawMessage(args)
		}
		as = append(as, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: actions of game %d: %w", gameID, err)
	}
	return as, nil
}

// EventLog lists a game's actions with after < Seq <= upTo, with their
// events.
func (s *Store) EventLog(ctx context.Context, gameID int64, after, upTo int64, limit int) ([]store.Action, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.read.QueryContext(ctx, `SELECT game_id, seq, seat, user_id, type, args, at, events
		FROM actions WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?`, gameID, after, upTo, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: event log of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var as []store.Action
	for rows.Next() {
		var a store.Action
		var seat string
		var args, events []byte
		var at int64
		if err := rows.Scan(&a.GameID, &a.Seq, &seat, &a.UserID, &a.Action.Type, &args, &at, &events); err != nil {
			return nil, fmt.Errorf("sqlite: event log of game %d: %w", gameID, err)
		}
		a.Seat, a.At = game.Seat(seat), fromMicros(at)
		if args != nil {
			a.Action.Args = json.RawMessage(args)
		}
		if events == nil {
			a.EventsMissing = true
		} else if a.Events, err = store.DecodeEvents(events); err != nil {
			return nil, fmt.Errorf("sqlite: event log of game %d: action %d: %w", gameID, a.Seq, err)
		}
		as = append(as, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: event log of game %d: %w", gameID, err)
	}
	return as, nil
}

// FillEvents stores the events of actions stored without them.
func (s *Store) FillEvents(ctx context.Context, gameID int64, events map[int64][]game.Event) error {
	if len(events) == 0 {
		return nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		for seq, evs := range events {
			if _, err := tx.ExecContext(ctx, `UPDATE actions SET events = ? WHERE game_id = ? AND seq = ? AND events IS NULL`,
				store.EncodeEvents(evs), gameID, seq); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: fill events of game %d: %w", gameID, err)
	}
	return nil
}

// LatestSnapshot is the game's snapshot with the highest Seq.
func (s *Store) LatestSnapshot(ctx context.Context, gameID int64) (*store.Snapshot, error) {
	sn := store.Snapshot{GameID: gameID}
	err := s.read.QueryRowContext(ctx, `SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1`, gameID).
		Scan(&sn.Seq, &sn.State)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: snapshot of game %d: %w", gameID, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: snapshot of game %d: %w", gameID, err)
	}
	return &sn, nil
}

// GameAndSeats reads a game and its seats in one query (a LEFT JOIN: the
// game's columns come with each seat, and once without seats).
func (s *Store) GameAndSeats(ctx context.Context, id int64) (*store.Game, []store.Seat, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+gameColumnsOf("g")+`,
		s.seat, coalesce(s.user_id, 0), coalesce(s.bot, 0), coalesce(s.bot_kind, ''), coalesce(s.missed, 0), coalesce(s.ord, 0)
		FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.ord, s.seat`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("sqlite: game %d and seats: %w", id, err)
	}
	defer rows.Close()
	var g *store.Game
	var ss []store.Seat
	for rows.Next() {
		var seat sql.NullString
		var st store.Seat
		tail := []any{&seat, &st.UserID, &st.Bot, &st.BotKind, &st.Missed, &st.Order}
		if g == nil {
			if g, err = scanGame(rowWith{rows, tail}); err != nil {
				return nil, nil, fmt.Errorf("sqlite: game %d and seats: %w", id, err)
			}
		} else if err := rows.Scan(append(skipGame(), tail...)...); err != nil {
			return nil, nil, fmt.Errorf("sqlite: game %d and seats: %w", id, err)
		}
		if seat.Valid {
			st.GameID, st.Seat = id, game.Seat(seat.String)
			ss = append(ss, st)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("sqlite: game %d and seats: %w", id, err)
	}
	if g == nil {
		return nil, nil, fmt.Errorf("sqlite: game %d: %w", id, store.ErrNotFound)
	}
	return g, ss, nil
}

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
	r    interface{ Scan(...any) error }
	tail []any
}

func (r rowWith) Scan(dest ...any) error { return r.r.Scan(append(dest, r.tail...)...) }

// skipGame is scan destinations that drop a game's columns (the seats
// after the first repeat them).
func skipGame() []any {
	d := make([]any, strings.Count(gameColumns, ",")+1, strings.Count(gameColumns, ",")+6)
	for i := range d {
		d[i] = new(any)
	}
	return d
}

// SetInvite replaces a game's invitation secret.
func (s *Store) SetInvite(ctx context.Context, gameID int64, invite string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET invite = ? WHERE id = ?`, invite, gameID)
		if err != nil {
			return fmt.Errorf("sqlite: set invite: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("sqlite: set invite: game %d: %w", gameID, store.ErrNotFound)
		}
		return nil
	})
}

// SnapshotAt is the game's latest snapshot at or below seq.
func (s *Store) SnapshotAt(ctx context.Context, gameID int64, seq int64) (*store.Snapshot, error) {
	sn := store.Snapshot{GameID: gameID}
	err := s.read.QueryRowContext(ctx, `SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1`, gameID, seq).
		Scan(&sn.Seq, &sn.State)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: snapshot of game %d at %d: %w", gameID, seq, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: snapshot of game %d at %d: %w", gameID, seq, err)
	}
	return &sn, nil
}
