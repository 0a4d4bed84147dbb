package server

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"
)

// recordingBroadcaster keeps what is broadcast, and when.
type recordingBroadcaster struct {
	mu   sync.Mutex
	msgs []relayMsg
	at   []time.Time
}

func (b *recordingBroadcaster) Broadcast(_ context.Context, msg string) error {
	var m relayMsg
	if err := json.Unmarshal([]byte(msg), &m); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.msgs = append(b.msgs, m)
	b.at = append(b.at, time.Now())
	return nil
}

func (b *recordingBroadcaster) Listen(ctx context.Context, _ func(string), _ func()) error {
	<-ctx.Done()
	return nil
}

// changes counts the changes broadcast so far.
func (b *recordingBroadcaster) changes() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, m := range b.msgs {
		n += len(m.Changes)
	}
	return n
}

// TestRelaySendPaced: a change after a quiet spell is broadcast alone, at
// once; a burst of changes that follows goes in broadcasts at least
// relayEvery apart, but for those right after a full one, every change in
// one of them, in order; a full broadcast's backlog goes without pause.
func TestRelaySendPaced(t *testing.T) {
	e := newEnv(t)
	s := e.srv
	s.relayOn.Store(true)
	b := &recordingBroadcaster{}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.relaySend(ctx, b); close(done) }()
	defer func() { cancel(); <-done }()

	wait := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); b.changes() < n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d changes broadcast; want %d", b.changes(), n)
			}
		}
	}
	s.relayOut(relayMsg{Changes: []relayChange{{Game: 1, Kind: "action", Seq: 1}}})
	wait(1)
	const burst = 200
	for i := range burst {
		s.relayOut(relayMsg{Changes: []relayChange{{Game: 2, Kind: "action", Seq: int64(i + 1)}}})
	}
	wait(1 + burst)
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.msgs[0].Changes) != 1 || b.msgs[0].Changes[0].Game != 1 {
		t.Fatalf("first broadcast %+v; want game 1's change alone", b.msgs[0])
	}
	if len(b.msgs) > 1+burst/50 {
		t.Errorf("%d changes in a burst went in %d broadcasts", burst, len(b.msgs)-1)
	}
	if gap := b.at[len(b.at)-1].Sub(b.at[1]); gap >= relayEvery {
		t.Errorf("a backlog of %d changes took %v to broadcast after its first part; want no pause between full broadcasts", burst, gap)
	}
	next := int64(1)
	for i, m := range b.msgs[1:] {
		if gap := b.at[i+1].Sub(b.at[i]); gap < relayEvery && len(b.msgs[i].Changes) < 50 {
			t.Errorf("broadcasts %d and %d %v apart; want at least %v", i, i+1, gap, relayEvery)
		}
		if m.Origin != s.origin {
			t.Errorf("broadcast %d from %q, not this process (%q)", i+1, m.Origin, s.origin)
		}
		for _, c := range m.Changes {
			if c.Game != 2 || c.Seq != next {
				t.Fatalf("broadcast %d: change %+v; want game 2's seq %d", i+1, c, next)
			}
			next++
		}
	}
}
