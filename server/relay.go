package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"

	"concordat/host"
	"concordat/store"
)

// relayMsg is what one process tells the others through the store's
// broadcast: changes to games (for their live-update streams) and
// credentials revoked (for their credential caches).
type relayMsg struct {
	Origin  string        `json:"o"`
	Changes []relayChange `json:"c,omitempty"`
	Revoked []string      `json:"r,omitempty"` // credential hashes
	Users   []int64       `json:"u,omitempty"` // every credential of these users
}

type relayChange struct {
	Game    int64  `json:"g"`
	Kind    string `json:"k"`
	Seq     int64  `json:"s,omitempty"`
	Channel string `json:"ch,omitempty"`
	Events  bool   `json:"e,omitempty"` // it had events (for the log), which the receivers read from the store
}

// relayQueue is how many outgoing changes wait for the broadcast before
// further ones are dropped (the other processes' streams then catch up at
// the next change of the game).
const relayQueue = 4096

// relayEvery is the least time between two broadcasts of one process. A
// change after a quiet spell goes at once; under load the changes of each
// such spell go together in one broadcast. Each broadcast wakes every
// process and its listening connection, which on a busy machine costs far
// more than the message itself: at 1,000 changes a second, one broadcast
// each took a quarter of the CPU of three processes and their database.
const relayEvery = 100 * time.Millisecond

// Relay carries this process's changes to the other server processes
// sharing the store, and theirs to this process's live-update streams and
// credential cache, until ctx ends. It needs a store.Broadcaster
// (PostgreSQL); with any other store (one process) it returns at once, and
// the streams learn of every change in process. While the relay runs, the
// streams do not poll the store; when its listening connection was lost
// and is back, every stream reads its game once to catch up.
func (s *Server) Relay(ctx context.Context) error {
	b := store.BroadcasterOf(s.Host.Store)
	if b == nil {
		return nil
	}
	s.relayOn.Store(true)
	defer s.relayOn.Store(false)
	go s.relaySend(ctx, b)
	return b.Listen(ctx, s.relayDeliver, func() {
		s.hub.PublishAll(host.Change{Kind: "resync"})
	})
}

// newOrigin names this process in its broadcasts, so that it ignores
// its own.
func newOrigin() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// relayOut queues a change of this process for the others.
func (s *Server) relayOut(c relayMsg) {
	if !s.relayOn.Load() {
		return
	}
	select {
	case s.relayQ <- c:
	default: // the broadcast is not keeping up: this one is dropped
		s.Log.Warn("live-update relay queue full: a change is not broadcast")
	}
}

// relaySend broadcasts queued changes, as many as fit in one message at a
// time, and at most one message every relayEvery unless the last was full:
// under load they go in batches, one round trip each, and a backlog goes
// without pause.
func (s *Server) relaySend(ctx context.Context, b store.Broadcaster) {
	var last time.Time
	full := false // the last broadcast was as long as one goes: more wait
	for {
		var m relayMsg
		select {
		case <-ctx.Done():
			return
		case m = <-s.relayQ:
		}
		if wait := relayEvery - time.Since(last); wait > 0 && !full {
			select { // let the changes of the next moments join this one
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		size := 64
	more:
		for size < store.MaxBroadcast-400 {
			select {
			case n := <-s.relayQ:
				m.Changes = append(m.Changes, n.Changes...)
				m.Revoked = append(m.Revoked, n.Revoked...)
				m.Users = append(m.Users, n.Users...)
				size += 70*len(n.Revoked) + 21*len(n.Users)
				for _, c := range n.Changes {
					size += 90 + len(c.Channel) // the longest numbers, kind and events flag
				}
			default:
				break more
			}
		}
		full = size >= store.MaxBroadcast-400
		m.Origin = s.origin
		msg, _ := json.Marshal(m)
		if len(msg) > store.MaxBroadcast { // not with seat names of sane length
			s.Log.Warn("live-update relay: a batch too long to broadcast is dropped", "bytes", len(msg))
			continue
		}
		last = time.Now()
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if err := b.Broadcast(sctx, string(msg)); err != nil && ctx.Err() == nil {
			s.Log.Warn("live-update relay: broadcast", "err", err)
		}
		cancel()
	}
}

// relayDeliver hands another process's broadcast to this process's
// streams and credential cache.
func (s *Server) relayDeliver(msg string) {
	var m relayMsg
	if err := json.Unmarshal([]byte(msg), &m); err != nil {
		s.Log.Warn("live-update relay: a message not understood", "err", err)
		return
	}
	if m.Origin == s.origin {
		return
	}
	for _, h := range m.Revoked {
		s.creds.forget(h)
	}
	for _, u := range m.Users {
		s.creds.forgetUser(u)
	}
	for _, c := range m.Changes {
		s.hub.Publish(host.Change{GameID: c.Game, Kind: c.Kind, Seq: c.Seq, Channel: c.Channel, EventsOmitted: c.Events})
	}
}
