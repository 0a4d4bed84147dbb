package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"concordat/store"
)

// ClaimJobs leases up to limit due jobs that nobody holds to owner. Rows
// another owner is claiming at the same moment are skipped, not waited
// for (FOR UPDATE SKIP LOCKED).
func (s *Store) ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]store.Job, error) {
	if err := claimArgs(owner, lease, limit); err != nil {
		return nil, fmt.Errorf("postgres: claim jobs: %w", err)
	}
	rows, err := s.pool.Query(ctx, `WITH due AS (
			SELECT id FROM jobs
			WHERE due_at <= $3 AND (lease_owner = '' OR lease_until <= $3)
			ORDER BY due_at, id LIMIT $4
			FOR UPDATE SKIP LOCKED)
		UPDATE jobs SET lease_owner = $1, lease_until = $2 FROM due WHERE jobs.id = due.id
		RETURNING jobs.id, jobs.game_id, jobs.kind, jobs.seq, jobs.due_at, jobs.lease_owner, jobs.lease_until`,
		owner, now.Add(lease), now, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: claim jobs: %w", err)
	}
	defer rows.Close()
	var js []store.Job
	for rows.Next() {
		var j store.Job
		if err := rows.Scan(&j.ID, &j.GameID, &j.Kind, &j.Seq, &j.DueAt, &j.LeaseOwner, &j.LeaseUntil); err != nil {
			return nil, fmt.Errorf("postgres: claim jobs: %w", err)
		}
		j.DueAt, j.LeaseUntil = j.DueAt.UTC(), j.LeaseUntil.UTC()
		js = append(js, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: claim jobs: %w", err)
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
	tag, err := s.pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1 AND lease_owner = $2 AND lease_owner <> ''`, id, owner)
	if err != nil {
		return fmt.Errorf("postgres: complete job %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: complete job %d: not held by %q: %w", id, owner, store.ErrLeaseLost)
	}
	return nil
}

// NextDue is the earliest time a job can be claimed.
func (s *Store) NextDue(ctx context.Context) (time.Time, error) {
	var next *time.Time
	err := s.pool.QueryRow(ctx, `SELECT least(
		(SELECT min(due_at) FROM jobs WHERE lease_owner = ''),
		(SELECT min(lease_until) FROM jobs WHERE lease_owner <> ''))`).Scan(&next)
	if err != nil {
		return time.Time{}, fmt.Errorf("postgres: next due job: %w", err)
	}
	return fromNullTime(next), nil
}
