package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"concordat/store"
)

// ClaimJobs leases up to limit due jobs that nobody holds to owner.
func (s *Store) ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]store.Job, error) {
	if err := claimArgs(owner, lease, limit); err != nil {
		return nil, fmt.Errorf("sqlite: claim jobs: %w", err)
	}
	var js []store.Job
	err := s.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE jobs SET lease_owner = ?, lease_until = ?
			WHERE id IN (SELECT id FROM jobs
				WHERE due_at <= ? AND (lease_owner = '' OR lease_until <= ?)
				ORDER BY due_at, id LIMIT ?)
			RETURNING id, game_id, kind, seq, due_at, lease_owner, lease_until`,
			owner, micros(now.Add(lease)), micros(now), micros(now), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var j store.Job
			var due, until int64
			if err := rows.Scan(&j.ID, &j.GameID, &j.Kind, &j.Seq, &due, &j.LeaseOwner, &until); err != nil {
				return err
			}
			j.DueAt, j.LeaseUntil = fromMicros(due), fromMicros(until)
			js = append(js, j)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim jobs: %w", err)
	}
	slices.SortFunc(js, func(a, b store.Job) int {
		if c := a.DueAt.Compare(b.DueAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return js, nil
}

// claimArgs checks ClaimJobs's arguments.
func claimArgs(owner string, lease time.Duration, limit int) error {
	switch {
	case owner == "":
		return errors.New("no owner named")
	case lease <= 0:
		return fmt.Errorf("lease %s: must be positive", lease)
	case limit <= 0:
		return fmt.Errorf("limit %d: must be positive", limit)
	}
	return nil
}

// CompleteJob deletes a job the owner holds.
func (s *Store) CompleteJob(ctx context.Context, id int64, owner string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM jobs WHERE id = ? AND lease_owner = ? AND lease_owner <> ''`, id, owner)
	if err != nil {
		return fmt.Errorf("sqlite: complete job %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("sqlite: complete job %d: %w", id, err)
	} else if n == 0 {
		return fmt.Errorf("sqlite: complete job %d: not held by %q: %w", id, owner, store.ErrLeaseLost)
	}
	return nil
}

// NextDue is the earliest time a job can be claimed.
func (s *Store) NextDue(ctx context.Context) (time.Time, error) {
	var free, leased sql.NullInt64
	err := s.read.QueryRowContext(ctx, `SELECT
		(SELECT min(due_at) FROM jobs WHERE lease_owner = ''),
		(SELECT min(lease_until) FROM jobs WHERE lease_owner <> '')`).Scan(&free, &leased)
	if err != nil {
		return time.Time{}, fmt.Errorf("sqlite: next due job: %w", err)
	}
	switch {
	case free.Valid && leased.Valid:
		return fromMicros(min(free.Int64, leased.Int64)), nil
	case free.Valid:
		return fromMicros(free.Int64), nil
	case leased.Valid:
		return fromMicros(leased.Int64), nil
	}
	return time.Time{}, nil
}
