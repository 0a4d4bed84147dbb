package host

import (
	"bytes"
	"context"
	"sync/atomic"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/store"
)

// snapshotCounter is a store that counts the snapshot reads made through it.
type snapshotCounter struct {
	store.Store
	latest atomic.Int64
}

func (s *snapshotCounter) LatestSnapshot(ctx context.Context, id int64) (*store.Snapshot, error) {
	s.latest.Add(1)
	return s.Store.LatestSnapshot(ctx, id)
}

// Two hosts (two server processes) on one store take turns with a game:
// each brings its cached state up to date by applying only the actions the
// other stored, without reading a snapshot, and ends in the state a replay
// of the record gives, byte for byte.
func TestCachedStateCatchesUpWithAnotherProcess(t *testing.T) {
	ctx := context.Background()
	st, c, h1, ids := testEnv(t, 7)
	g, holders := fullGame(t, h1, ids, `{"phase": "1h"}`)
	counted := &snapshotCounter{Store: st}
	h2 := newHost(t, counted, c, "p2")
	hosts := []*Host{h1, h2}
	orders := map[game.Seat][]string{
		"france":  {"A par - bur", "A mar - spa", "F bre - mao"},
		"germany": {"A mun - ruh", "A ber - kie", "F kie - den"},
		"italy":   {"A ven - tyr", "A rom - ven", "F nap - ion"},
	}
	seq := g.Seq
	turn := 0
	for _, seat := range []game.Seat{"france", "germany", "italy"} {
		for _, o := range orders[seat] {
			h := hosts[turn%2]
			turn++
			n, _, err := h.Act(ctx, holders[seat], g.ID, seq, ordersAction(o))
			if err != nil {
				t.Fatalf("%s %q through host %d: %v", seat, o, turn%2, err)
			}
			seq = n
		}
	}
	if got := counted.latest.Load(); got != 1 {
		t.Errorf("host 2 read the snapshot %d times, want once (its first look at the game)", got)
	}
	g2, _, err := h2.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := h2.State(ctx, g2)
	if err != nil {
		t.Fatal(err)
	}
	s1, err := h1.State(ctx, g2)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := h1.replayAt(ctx, g2, g2.Seq)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := diplomacy.Rules{}.Marshal(replayed)
	for i, s := range []game.State{s1, s2} {
		got, _ := diplomacy.Rules{}.Marshal(s)
		if !bytes.Equal(got, want) {
			t.Errorf("host %d's state differs from the replay of the record", i+1)
		}
	}
}
