package host

import (
	"context"
	"sync"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// TestVoteResults: a draw records its survivors, a concession its winner;
// an extend vote is refused while the game is paused.
func TestVoteResults(t *testing.T) {
	ctx := context.Background()
	_, _, h, ids := testEnv(t, 8)

	g, holders := fullGame(t, h, ids, `{"phase": "2h"}`)
	for _, u := range holders {
		if _, err := h.Vote(ctx, u, g.ID, VotePause, "yes"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.Vote(ctx, holders["france"], g.ID, VoteExtend, "yes"); CodeOf(err) != CodeConflict {
		t.Fatalf("extend in a paused game: %v", err)
	}
	if g2, _, _ := h.Game(ctx, g.ID); g2.Status != store.Paused || !g2.Deadline.IsZero() {
		t.Fatalf("the refused extend changed the game: %s %v", g2.Status, g2.Deadline)
	}
	for _, u := range holders {
		if _, err := h.Vote(ctx, u, g.ID, VoteDraw, "yes"); err != nil {
			t.Fatal(err)
		}
	}
	g2, _, _ := h.Game(ctx, g.ID)
	if g2.Status != store.Finished || g2.Result != "draw: austria, england, france, germany, italy, russia, turkey" {
		t.Fatalf("drawn: %s %q", g2.Status, g2.Result)
	}

	g, holders = fullGame(t, h, ids, `{}`)
	for seat, u := range holders {
		if seat == "turkey" {
			continue
		}
		if _, err := h.Vote(ctx, u, g.ID, VoteConcede, "turkey"); err != nil {
			t.Fatal(err)
		}
	}
	g2, _, _ = h.Game(ctx, g.ID)
	if g2.Status != store.Finished || g2.Result != "conceded to turkey" {
		t.Fatalf("conceded: %s %q", g2.Status, g2.Result)
	}
	vs, err := h.Votes(ctx, g.ID)
	if err != nil || len(vs) != 0 {
		t.Fatalf("votes after the concession passed: %+v %v", vs, err)
	}
}

// TestJoinRaceStarts: players taking the last seats at once still start
// the game.
func TestJoinRaceStarts(t *testing.T) {
	ctx := context.Background()
	_, _, h, ids := testEnv(t, 7)
	for round := 0; round < 5; round++ {
		g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "race", Kind: "diplomacy"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range ids[:4] {
			if _, err := h.Join(ctx, u, g.ID, ""); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for _, u := range ids[4:] {
			wg.Add(1)
			go func(u int64) {
				defer wg.Done()
				if _, err := h.Join(ctx, u, g.ID, game.Seat("")); err != nil {
					t.Error(err)
				}
			}(u)
		}
		wg.Wait()
		g, _, _ = h.Game(ctx, g.ID)
		if g.Status != store.Active || g.Deadline.IsZero() {
			t.Fatalf("round %d: all seats taken, game %s, deadline %v", round, g.Status, g.Deadline)
		}
	}
}

// TestCreateGameChecks: names and options are checked when a game is made.
func TestCreateGameChecks(t *testing.T) {
	ctx := context.Background()
	st, _, h, ids := testEnv(t, 1)
	for _, req := range []NewGame{
		{Name: "nul\x00", Kind: "diplomacy"},
		{Name: "ok", Kind: "diplomacy", Options: []byte(`{"phase": "1h", "typo": true}`)},
		{Name: "ok", Kind: "diplomacy", Options: []byte(`{"daily_at": "18:00", "time_zone": "Local"}`)},
	} {
		if _, err := h.CreateGame(ctx, ids[0], req, 1); CodeOf(err) != CodeInvalid {
			t.Errorf("%+v: %v", req, err)
		}
	}
	if gs, _ := st.ListGames(ctx, store.GameQuery{}); len(gs) != 0 {
		t.Fatalf("refused games stored: %d", len(gs))
	}
}

// TestExtendVotesLapse: votes to extend one window do not carry over to the
// next; draw votes stand.
func TestExtendVotesLapse(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := testEnv(t, 7)
	g, holders := fullGame(t, h, ids, `{"phase": "1h"}`)
	for _, seat := range []game.Seat{"austria", "england", "france", "germany", "italy", "russia"} {
		if _, err := h.Vote(ctx, holders[seat], g.ID, VoteExtend, "yes"); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Vote(ctx, holders[seat], g.ID, VoteDraw, "yes"); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(time.Hour)
	jobs, _ := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
	for _, j := range jobs {
		if err := h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	dl := g.Deadline
	if g.Seq != 1 {
		t.Fatalf("the deadline did not resolve: seq %d", g.Seq)
	}
	passed, err := h.Vote(ctx, holders["turkey"], g.ID, VoteExtend, "yes")
	if err != nil || passed != "" {
		t.Fatalf("Turkey's extend vote in the next window: passed %q, %v", passed, err)
	}
	if g2, _, _ := h.Game(ctx, g.ID); !g2.Deadline.Equal(dl) {
		t.Fatalf("the deadline moved from %v to %v", dl, g2.Deadline)
	}
	vs, _ := h.Votes(ctx, g.ID)
	counts := map[string]int{}
	for _, v := range vs {
		counts[v.Kind] = v.Count
	}
	if counts[VoteExtend] != 1 || counts[VoteDraw] != 6 {
		t.Fatalf("open votes: %v", counts)
	}
}
