package host

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"concordat/diplomacy/hosted"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
	"concordat/store"
)

// A Multiplicity game hosted through diplomacy/hosted, as the server
// registers it: created as game "diplomacy" with multiplicity=true (5
// players, gunboat), the start choice, a merge resolved by the deadline
// job, and the state rebuilt by another host from the store.
func TestHostedMultiplicityGame(t *testing.T) {
	ctx := context.Background()
	st, c, _, ids := testEnv(t, 5)
	newH := func() *Host {
		h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), "p1", hosted.Rules{})
		h.Now = c.Now
		return h
	}
	h := newH()
	if _, err := h.CreateGame(ctx, ids[0], NewGame{Name: "m", Kind: "diplomacy",
		Rules: json.RawMessage(`{"multiplicity": "true", "black_hole": "true"}`)}, 1); CodeOf(err) != CodeInvalid ||
		!strings.Contains(err.Error(), "black_hole=true does not combine with multiplicity=true") {
		t.Fatalf("a colliding option: %v", err)
	}
	g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "m", Kind: "diplomacy",
		Rules:   json.RawMessage(`{"multiplicity": "true", "preset": "5p"}`),
		Options: json.RawMessage(`{"phase": "1h", "short": "30m", "press": "none"}`)}, 7)
	if err != nil {
		t.Fatal(err)
	}
	holders := map[game.Seat]int64{}
	for _, u := range ids {
		seat, err := h.Join(ctx, u, g.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		holders[seat] = u
	}
	if len(holders) != 5 || holders["germany"] != 0 || holders["italy"] != 0 {
		t.Fatalf("seats: %v", holders)
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Status != store.Active {
		t.Fatalf("status %s", g.Status)
	}
	// The start choice is a short window: its deadline is the short one.
	if want := c.Now().Add(30 * time.Minute); !g.Deadline.Equal(want) {
		t.Fatalf("first deadline %v, want the short window's %v", g.Deadline, want)
	}
	// Gunboat: no press.
	if _, err := h.Post(ctx, holders["england"], g.ID, nil, "hello"); CodeOf(err) != CodePressClosed {
		t.Fatalf("press in a gunboat game: %v", err)
	}
	// The start choice: France makes Brest an army; England tries to choose
	// for France and is refused. Everyone ready closes the window.
	fr := holders["france"]
	if _, _, err := h.Act(ctx, holders["england"], g.ID, -1, ordersAction("bre A")); CodeOf(err) != CodeRefused {
		t.Fatalf("England chooses for France: %v", err)
	}
	if _, _, err := h.Act(ctx, fr, g.ID, -1, ordersAction("bre A")); err != nil {
		t.Fatal(err)
	}
	for _, u := range holders {
		if _, _, err := h.Act(ctx, u, g.ID, -1, game.NewAction("ready", map[string]bool{"ready": true})); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	s, err := h.State(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	gs, ok := s.(*multiplicity.GameState)
	if !ok || gs.Choosing {
		t.Fatalf("after the start choice: %T", s)
	}
	// Spring 1901: France merges Brest and Paris into Picardy; the deadline
	// passes and the job resolves the phase.
	if _, _, err := h.Act(ctx, fr, g.ID, -1, ordersAction("A bre & A par MERGE 2A pic")); err != nil {
		t.Fatal(err)
	}
	c.Add(time.Hour + time.Second)
	jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	before := g.Seq + 1      // the orders
	for _, j := range jobs { // the start choice's obsolete deadline, and spring's
		if err := h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Seq != before+1 {
		t.Fatalf("the deadline jobs advanced seq %d -> %d, want one phase", before, g.Seq)
	}
	// Another host rebuilds the game from the store's snapshot and actions.
	s, err = newH().State(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	gs = s.(*multiplicity.GameState)
	m := gs.Pos.Map
	l, _ := m.LookupLoc("pic")
	if u := gs.Pos.Units[m.Prov(l)]; u.Comp.String() != "2A" || m.PowerName(u.Power) != "france" {
		t.Fatalf("Picardy holds %+v", u)
	}
	if gs.Pos.Phase.String() != "fall 1901 movement" {
		t.Fatalf("phase %s", gs.Pos.Phase)
	}
	// The record replays to the same state.
	replayed, err := h.StateAt(ctx, g, g.Seq)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := hosted.Rules{}.Marshal(replayed)
	b, _ := hosted.Rules{}.Marshal(s)
	if string(a) != string(b) {
		t.Fatal("the replayed record differs from the stored game")
	}
}
