package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host"
)

// TestHistoryFromSnapshots: GET /api/games/{id}/history/{seq}, which
// rebuilds the past from the nearest snapshot, answers byte for byte what
// replaying the game's record from its setup gives, for every seq, to a
// player and to a spectator.
func TestHistoryFromSnapshots(t *testing.T) {
	e := newEnv(t)
	e.host.SnapshotEvery = 4
	id, pl := e.dipGame("hs", map[string]any{"phase": "1h"})
	seq := pl["france"].orders(id, 0, "A par - bur", "F bre - mao")
	seq = pl["germany"].orders(id, seq, "A mun - ruh")
	pl["france"].orders(id, seq, "A par - pic", "F bre - eng")
	for phase := 0; phase < 4; phase++ {
		for _, p := range []string{"england", "italy", "turkey"} {
			pl[p].orders(id, e.game(id).Seq)
		}
		e.clock.Add(2 * time.Hour)
		e.runDue()
	}
	g := e.game(id)
	acts, err := e.st.Actions(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Seq < 15 {
		t.Fatalf("only %d actions", g.Seq)
	}
	r := diplomacy.Rules{}
	for n := int64(0); n <= g.Seq; n++ {
		rec := game.Record{Game: g.Kind, Config: g.Config, Seed: g.Seed}
		for _, a := range acts[:n] {
			rec.Steps = append(rec.Steps, game.Step{Seat: a.Seat, Action: a.Action})
		}
		s, err := game.Replay(r, rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The events of action n: those of its step applied again.
		var events []game.Event
		if n > 0 {
			before, err := game.Replay(r, game.Record{Game: g.Kind, Config: g.Config, Seed: g.Seed, Steps: rec.Steps[:n-1]}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, events, err = r.Apply(before, acts[n-1].Seat, acts[n-1].Action); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			who  *client
			seat game.Seat
		}{{pl["france"], "france"}, {e.anon(), ""}} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(true)
			enc.Encode(r.View(s, c.seat))
			var got struct {
				Seq    int64           `json:"seq"`
				View   json.RawMessage `json:"view"`
				Events []host.LogEvent `json:"events"`
			}
			c.who.mustDo("GET", fmt.Sprintf("/api/games/%d/history/%d", id, n), nil, http.StatusOK, &got)
			if got.Seq != n || !bytes.Equal(append(got.View, '\n'), want.Bytes()) {
				t.Fatalf("history %d as %q:\n%s\nreplayed from the setup:\n%s", n, c.seat, got.View, want.Bytes())
			}
			var wantEvents []string
			for _, ev := range events {
				if ev.VisibleTo(c.seat) {
					wantEvents = append(wantEvents, ev.Text)
				}
			}
			var gotEvents []string
			for _, ev := range got.Events {
				gotEvents = append(gotEvents, ev.Text)
			}
			if got.Events == nil || fmt.Sprint(gotEvents) != fmt.Sprint(wantEvents) {
				t.Fatalf("history %d as %q: events %q, the replay's %q", n, c.seat, gotEvents, wantEvents)
			}
		}
	}
}
