package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"concordat/game"
	"concordat/store"
)

// PostMessage stores press and fills m.ID and m.Ref.
func (s *Store) PostMessage(ctx context.Context, m *store.Message) error {
	for attempt := 0; ; attempt++ {
		ref := store.NewRef()
		err := s.w.QueryRowContext(ctx, `INSERT INTO messages (game_id, ref, channel, from_seat, body, at) SELECT ?, ?, ?, ?, ?, ?
		WHERE ? = 0 OR EXISTS (SELECT 1 FROM games WHERE id = ? AND seq = ?)
			AND EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND seat = ? AND user_id = ?) RETURNING id`,
			m.GameID, ref, m.Channel, string(m.From), m.Body, micros(m.At),
			m.IfHeldBy, m.GameID, m.IfSeq, m.GameID, string(m.From), m.IfHeldBy).Scan(&m.ID)
		if errors.Is(err, sql.ErrNoRows) && m.IfHeldBy != 0 {
			return fmt.Errorf("sqlite: post message: game %d is not at action %d, or its seat %q is not held by user %d: %w", m.GameID, m.IfSeq, m.From, m.IfHeldBy, store.ErrStale)
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
	var at int64
	err := s.read.QueryRowContext(ctx, `SELECT id, ref, game_id, channel, from_seat, body, at FROM messages WHERE game_id = ? AND ref = ?`,
		gameID, ref).Scan(&m.ID, &m.Ref, &m.GameID, &m.Channel, &from, &m.Body, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: game %d has no message %d: %w", gameID, ref, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: message %d of game %d: %w", ref, gameID, err)
	}
	m.From, m.At = game.Seat(from), fromMicros(at)
	return &m, nil
}

// Messages lists a game's messages in channels after an ID, oldest first.
func (s *Store) Messages(ctx context.Context, gameID int64, channels []string, after int64) ([]store.Message, error) {
	if channels != nil && len(channels) == 0 {
		return nil, nil
	}
	q := `SELECT id, ref, game_id, channel, from_seat, body, at FROM messages WHERE game_id = ? AND id > ?`
	args := []any{gameID, after}
	if channels != nil {
		q += ` AND channel IN (?` + strings.Repeat(`, ?`, len(channels)-1) + `)`
		for _, c := range channels {
			args = append(args, c)
		}
	}
	q += ` ORDER BY id`
	rows, err := s.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: messages of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var ms []store.Message
	for rows.Next() {
		var m store.Message
		var from string
		var at int64
		if err := rows.Scan(&m.ID, &m.Ref, &m.GameID, &m.Channel, &from, &m.Body, &at); err != nil {
			return nil, fmt.Errorf("sqlite: messages of game %d: %w", gameID, err)
		}
		m.From, m.At = game.Seat(from), fromMicros(at)
		ms = append(ms, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: messages of game %d: %w", gameID, err)
	}
	return ms, nil
}

// MarkRead moves a user's read marker in a channel forward to upTo.
func (s *Store) MarkRead(ctx context.Context, gameID int64, user int64, channel string, upTo int64) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO reads (game_id, user_id, channel, up_to) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, user_id, channel) DO UPDATE SET up_to = max(up_to, excluded.up_to)`,
		gameID, user, channel, upTo)
	if err != nil {
		return fail("mark read", err, fmt.Sprintf("game %d or user %d", gameID, user))
	}
	return nil
}

// LastRead returns, per channel, the last message ID the user read.
func (s *Store) LastRead(ctx context.Context, gameID int64, user int64) (map[string]int64, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT channel, up_to FROM reads WHERE game_id = ? AND user_id = ?`, gameID, user)
	if err != nil {
		return nil, fmt.Errorf("sqlite: last read: %w", err)
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var c string
		var id int64
		if err := rows.Scan(&c, &id); err != nil {
			return nil, fmt.Errorf("sqlite: last read: %w", err)
		}
		m[c] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: last read: %w", err)
	}
	return m, nil
}

// CastVote records or replaces a seat's vote of a kind.
func (s *Store) CastVote(ctx context.Context, v store.Vote) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO votes (game_id, seat, kind, value, at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat, kind) DO UPDATE SET value = excluded.value, at = excluded.at`,
		v.GameID, string(v.Seat), v.Kind, v.Value, micros(v.At))
	if err != nil {
		return fail("cast vote", err, fmt.Sprintf("game %d has no seat %q", v.GameID, v.Seat))
	}
	return nil
}

// Votes lists a game's current votes in the order they were cast.
func (s *Store) Votes(ctx context.Context, gameID int64) ([]store.Vote, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT game_id, seat, kind, value, at FROM votes WHERE game_id = ? ORDER BY at, kind, seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: votes of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var vs []store.Vote
	for rows.Next() {
		var v store.Vote
		var seat string
		var at int64
		if err := rows.Scan(&v.GameID, &seat, &v.Kind, &v.Value, &at); err != nil {
			return nil, fmt.Errorf("sqlite: votes of game %d: %w", gameID, err)
		}
		v.Seat, v.At = game.Seat(seat), fromMicros(at)
		vs = append(vs, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: votes of game %d: %w", gameID, err)
	}
	return vs, nil
}
