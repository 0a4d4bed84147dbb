package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"concordat/store"
)

var _ store.Broadcaster = (*Store)(nil)

// channelName is the NOTIFY channel of a schema: channels are per
// database, and several schemas of one database are several stores.
// PostgreSQL cuts identifiers at 63 bytes, so a long schema name is
// replaced by its hash.
func channelName(schema string) string {
	name := "concordat " + schema
	if len(name) > 63 {
		h := sha256.Sum256([]byte(schema))
		name = "concordat " + hex.EncodeToString(h[:20])
	}
	return name
}

// Broadcast sends msg to every listener of the store (NOTIFY, outside any
// transaction: the caller broadcasts what has committed).
func (s *Store) Broadcast(ctx context.Context, msg string) error {
	if len(msg) > store.MaxBroadcast {
		return fmt.Errorf("postgres: broadcast: %d bytes, at most %d", len(msg), store.MaxBroadcast)
	}
	if _, err := s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel, msg); err != nil {
		return fmt.Errorf("postgres: broadcast: %w", err)
	}
	return nil
}

// ListenRetry is how long Listen waits before connecting again after it
// lost its connection or failed to connect.
var ListenRetry = time.Second

// Listen delivers the store's broadcasts until ctx ends, on a connection
// of its own (application_name concordat-listen), reconnecting after
// ListenRetry when the connection is lost.
func (s *Store) Listen(ctx context.Context, deliver func(msg string), ready func()) error {
	for {
		s.listenOnce(ctx, deliver, ready) // returns when the connection is lost
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(ListenRetry):
		}
	}
}

// listenOnce connects, listens and delivers until the connection fails or
// ctx ends.
func (s *Store) listenOnce(ctx context.Context, deliver func(msg string), ready func()) error {
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = "concordat-listen"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	if ready != nil {
		ready()
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		deliver(n.Payload)
	}
}
