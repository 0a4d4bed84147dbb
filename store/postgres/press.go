package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"concordat/game"
	"concordat/store"
)

// messageLock is the first key of the advisory lock that orders a game's
// messages (the second is the game's ID).
const messageLock = 0x636f6e63 // "conc"

// PostMessage stores press and fills m.ID and m.Ref. A game's messages are posted
// one at a time, under a lock held until commit, so that their IDs become
// visible in order: a reader that has seen message n never later finds
// one below n it had not seen. One statement, in the store's group commit
// (one round trip, shared with other writes waiting): the lock is taken
// before the row (and its ID) is made, and released when the statement's
// batch commits.
func (s *Store) PostMessage(ctx context.Context, m *store.Message) error {
	for attempt := 0; ; attempt++ {
		ref := store.NewRef()
		err := s.group.do(ctx, &groupWrite{game: m.GameID, kind: writeMessage, sql: `WITH l AS (SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::integer)),
		ok AS (SELECT 1 FROM l WHERE $7::bigint = 0 OR
			EXISTS (SELECT 1 FROM games WHERE id = $2 AND seq = $8) AND
			EXISTS (SELECT 1 FROM seats WHERE game_id = $2 AND seat = $4 AND user_id = $7))
		INSERT INTO messages (game_id, ref, channel, from_seat, body, at) SELECT $2::bigint, $9, $3, $4, $5, $6 FROM ok RETURNING id`,
			args: []any{messageLock, m.GameID, m.Channel, string(m.From), m.Body, m.At, m.IfHeldBy, m.IfSeq, ref},
			scan: func(r pgx.Row) error { return r.Scan(&m.ID) }})
		if errors.Is(err, pgx.ErrNoRows) && m.IfHeldBy != 0 {
			return fmt.Errorf("postgres: post message: game %d is not at action %d, or its seat %q is not held by user %d: %w", m.GameID, m.IfSeq, m.From, m.IfHeldBy, store.ErrStale)
		}
		if constraint(err) == store.ErrConflict && attempt < 3 {
			continue // the game has a message with that ref (one chance in 2^53 per message)
		}
		if err != nil {
			return fail("post message", err, fmt.Sprintf("game %d", m.GameID))
		}
		m.Ref = ref
		return nil
	}
}

// MessageByRef finds a game's message by its Ref.
func (s *Store) MessageByRef(ctx context.Context, gameID, ref int64) (*store.Message, error) {
	var m store.Message
	var from string
	err := s.pool.QueryRow(ctx, `SELECT id, ref, game_id, channel, from_seat, body, at FROM messages WHERE game_id = $1 AND ref = $2`,
		gameID, ref).Scan(&m.ID, &m.Ref, &m.GameID, &m.Channel, &from, &m.Body, &m.At)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: game %d has no message %d: %w", gameID, ref, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: message %d of game %d: %w", ref, gameID, err)
	}
	m.From, m.At = game.Seat(from), m.At.UTC()
	return &m, nil
}

// Messages lists a game's messages in channels after an ID, oldest first.
func (s *Store) Messages(ctx context.Context, gameID int64, channels []string, after int64) ([]store.Message, error) {
	if channels != nil && len(channels) == 0 {
		return nil, nil
	}
	q := `SELECT id, ref, game_id, channel, from_seat, body, at FROM messages WHERE game_id = $1 AND id > $2`
	args := []any{gameID, after}
	if channels != nil {
		q += ` AND channel = ANY($3)`
		args = append(args, channels)
	}
	q += ` ORDER BY id`
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: messages of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var ms []store.Message
	for rows.Next() {
		var m store.Message
		var from string
		if err := rows.Scan(&m.ID, &m.Ref, &m.GameID, &m.Channel, &from, &m.Body, &m.At); err != nil {
			return nil, fmt.Errorf("postgres: messages of game %d: %w", gameID, err)
		}
		m.From, m.At = game.Seat(from), m.At.UTC()
		ms = append(ms, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: messages of game %d: %w", gameID, err)
	}
	return ms, nil
}

// MarkRead moves a user's read marker in a channel forward to upTo.
func (s *Store) MarkRead(ctx context.Context, gameID int64, user int64, channel string, upTo int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO reads (game_id, user_id, channel, up_to) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id, user_id, channel) DO UPDATE SET up_to = greatest(reads.up_to, excluded.up_to)`,
		gameID, user, channel, upTo)
	if err != nil {
		return fail("mark read", err, fmt.Sprintf("game %d or user %d", gameID, user))
	}
	return nil
}

// LastRead returns, per channel, the last message ID the user read.
func (s *Store) LastRead(ctx context.Context, gameID int64, user int64) (map[string]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT channel, up_to FROM reads WHERE game_id = $1 AND user_id = $2`, gameID, user)
	if err != nil {
		return nil, fmt.Errorf("postgres: last read: %w", err)
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var c string
		var id int64
		if err := rows.Scan(&c, &id); err != nil {
			return nil, fmt.Errorf("postgres: last read: %w", err)
		}
		m[c] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: last read: %w", err)
	}
	return m, nil
}

// CastVote records or replaces a seat's vote of a kind.
func (s *Store) CastVote(ctx context.Context, v store.Vote) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO votes (game_id, seat, kind, value, at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (game_id, seat, kind) DO UPDATE SET value = excluded.value, at = excluded.at`,
		v.GameID, string(v.Seat), v.Kind, v.Value, v.At)
	if err != nil {
		return fail("cast vote", err, fmt.Sprintf("game %d has no seat %q", v.GameID, v.Seat))
	}
	return nil
}

// Votes lists a game's current votes in the order they were cast.
func (s *Store) Votes(ctx context.Context, gameID int64) ([]store.Vote, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id, seat, kind, value, at FROM votes WHERE game_id = $1 ORDER BY at, kind, seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("postgres: votes of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var vs []store.Vote
	for rows.Next() {
		var v store.Vote
		var seat string
		if err := rows.Scan(&v.GameID, &seat, &v.Kind, &v.Value, &v.At); err != nil {
			return nil, fmt.Errorf("postgres: votes of game %d: %w", gameID, err)
		}
		v.Seat, v.At = game.Seat(seat), v.At.UTC()
		vs = append(vs, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: votes of game %d: %w", gameID, err)
	}
	return vs, nil
}
