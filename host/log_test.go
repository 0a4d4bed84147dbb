package host

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"concordat/game"
	"concordat/his"
	"concordat/host/hosttest"
	"concordat/store"
	"concordat/store/sqlite"
)

// logTexts is a log page as (seq, type, text, private) lines.
func logTexts(p LogPage) []string {
	var out []string
	for _, e := range p.Entries {
		for _, ev := range e.Events {
			line := string(rune('0'+e.Seq%10)) + " " + ev.Type + " " + ev.Text
			if ev.Private {
				line += " (private)"
			}
			out = append(out, line)
		}
	}
	return out
}

// playRounds plays a rounds game on h to its end: in each of its rounds
// every seat writes orders and is ready, which closes the round.
func playRounds(t *testing.T, h *Host, g *store.Game, holders map[game.Seat]int64, n int) {
	t.Helper()
	ctx := context.Background()
	for round := 1; round <= n; round++ {
		for _, seat := range hosttest.RoundsSeats {
			cur, _, _ := h.Game(ctx, g.ID)
			res, err := h.Submit(ctx, holders[seat], g.ID, nil, Submission{Seq: cur.Seq, Action: hosttest.Orders(string(seat) + "1")})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := h.Submit(ctx, holders[seat], g.ID, nil, Submission{Seq: res.Seq, Action: hosttest.Ready()}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestGameLog: the events of each action are stored with it and shown to
// each seat as the rules allow: a seat sees the public events and its
// own, a spectator the public ones, nobody the events for no seat; once
// the game is over, everyone sees everything. Changes carry the events,
// with the acting seat and the time. The log pages.
func TestGameLog(t *testing.T) {
	ctx := context.Background()
	st, c, _, ids := testEnv(t, 7)
	h := roundsHost(st, c, "p1", 2)
	var mu sync.Mutex
	var changes []Change
	h.Notify = func(ch Change) {
		mu.Lock()
		defer mu.Unlock()
		changes = append(changes, ch)
	}
	g, holders := roundsGame(t, h, ids)
	playRounds(t, h, g, holders, 1)
	g, _, _ = h.Game(ctx, g.ID)
	if g.Seq != 15 {
		t.Fatalf("seq %d after a round, want 15", g.Seq)
	}
	logOf := func(viewer game.Seat, from, to int64, limit int) LogPage {
		t.Helper()
		p, err := h.GameLog(ctx, g, viewer, from, to, limit)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	round1 := "5 round round 1: a: a1; b: b1; c: c1; d: d1; e: e1; f: f1; g: g1"
	if got, want := logTexts(logOf("c", 0, 0, 0)), []string{round1, "5 note c, your round 1 is done (private)"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("c's log: %q, want %q", got, want)
	}
	if got, want := logTexts(logOf(game.System, 0, 0, 0)), []string{round1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("a spectator's log: %q, want %q", got, want)
	}
	e := logOf("c", 0, 0, 0).Entries[0]
	if e.Seq != 15 || !e.System || e.Seat != "" || !e.At.Equal(c.Now()) {
		t.Fatalf("the close's entry: %+v", e)
	}
	// The submissions report nothing: no entries for them.
	if p := logOf("a", 1, 14, 0); len(p.Entries) != 0 || p.Next != 0 {
		t.Fatalf("the submissions' log: %+v", p)
	}
	// Paging: a limit of actions read, and where to go on.
	if p := logOf("a", 1, 0, 10); len(p.Entries) != 0 || p.Next != 11 {
		t.Fatalf("the first ten actions: %+v, want no entries and next 11", p)
	}
	if p := logOf("a", 11, 0, 10); len(p.Entries) != 1 || p.Next != 0 {
		t.Fatalf("from 11: %+v, want the close and no next", p)
	}
	if p := logOf("a", 15, 15, 1); len(p.Entries) != 1 || p.Next != 0 {
		t.Fatalf("seq 15 alone: %+v", p)
	}
	// Changes: the close's, with its events, seat and time.
	mu.Lock()
	last := changes[len(changes)-1]
	mu.Unlock()
	if last.Kind != "phase" || last.Seq != 15 || last.Seat != game.System || !last.At.Equal(c.Now()) || len(last.Events) != 9 {
		t.Fatalf("the close's change: %+v", last)
	}
	if e := EntryOf(store.Action{Seq: last.Seq, Seat: last.Seat, At: last.At, Events: last.Events}, "d", false); e == nil || len(e.Events) != 2 || e.Events[1].Text != "d, your round 1 is done" {
		t.Fatalf("d's entry of the change: %+v", e)
	}
	// The game ends: everything is open to everyone.
	playRounds(t, h, g, holders, 1)
	g, _, _ = h.Game(ctx, g.ID)
	if g.Status != store.Finished {
		t.Fatalf("the game is %s after its last round", g.Status)
	}
	p := logOf(game.System, 0, 0, 0)
	if n := len(logTexts(p)); n != 2*(1+7+1)+1 {
		t.Fatalf("a spectator's log of the finished game: %d events, want all 19: %q", n, logTexts(p))
	}
}

// TestGameLogRebuilt: the actions of a game stored before the stores kept
// events (their events NULL, as the migration left them) get them by
// replay, the very ones reported when they were applied, stored back the
// first time they are read: in the rounds game and in Here I Stand.
func TestGameLogRebuilt(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	ids := users(t, st, 7)
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), "p1", hosttest.Rounds{Last: 5}, his.Rules{})
	h.Now = c.Now
	h.SnapshotEvery = 4 // replay from a snapshot inside a window
	g, holders := roundsGame(t, h, ids)
	playRounds(t, h, g, holders, 3)
	hg := hisPlayed(t, h, ids, 80)
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	nulls := func(id int64) int {
		var n int
		if err := raw.QueryRow(`SELECT count(*) FROM actions WHERE game_id = ? AND events IS NULL`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		id    int64
		seats []game.Seat
	}{{g.ID, []game.Seat{"a", "g", game.System}}, {hg.ID, []game.Seat{"ottoman", "papacy", "protestant", game.System}}} {
		cur, _, _ := h.Game(ctx, c.id)
		want := map[game.Seat]LogPage{}
		for _, seat := range c.seats {
			if want[seat], err = h.GameLog(ctx, cur, seat, 0, 0, 0); err != nil {
				t.Fatal(err)
			}
			if len(want[seat].Entries) < 3 {
				t.Fatalf("game %s: %q's log has %d entries", cur.Kind, seat, len(want[seat].Entries))
			}
		}
		if _, err := raw.Exec(`UPDATE actions SET events = NULL WHERE game_id = ?`, c.id); err != nil {
			t.Fatal(err)
		}
		if n := nulls(c.id); n != int(cur.Seq) {
			t.Fatalf("%d actions without events, want %d", n, cur.Seq)
		}
		// A page in the middle first: rebuilt from the snapshot before it.
		mid, err := h.GameLog(ctx, cur, c.seats[0], 20, 31, 0)
		if err != nil {
			t.Fatal(err)
		}
		if n := nulls(c.id); n != int(cur.Seq)-12 {
			t.Fatalf("%d actions without events after reading 12, want %d", n, cur.Seq-12)
		}
		for _, e := range mid.Entries {
			found := false
			for _, w := range want[c.seats[0]].Entries {
				found = found || reflect.DeepEqual(e, w)
			}
			if !found {
				t.Fatalf("%s: a rebuilt entry not in the log: %+v", cur.Kind, e)
			}
		}
		for seat, w := range want {
			got, err := h.GameLog(ctx, cur, seat, 0, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(w)
			if string(gb) != string(wb) {
				t.Fatalf("%s: %q's rebuilt log:\n%s\nwant\n%s", cur.Kind, seat, gb, wb)
			}
		}
		if n := nulls(c.id); n != 0 {
			t.Fatalf("%d actions still without events after the whole log was read", n)
		}
	}
}

// hisPlayed creates a Here I Stand game on h, seats ids[0:6], and has the
// bot play n decisions through Submit, each for the seat that owes it.
func hisPlayed(t *testing.T, h *Host, ids []int64, n int) *store.Game {
	t.Helper()
	ctx := context.Background()
	g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "his", Kind: "his", Variant: "1517"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	holders := map[game.Seat]int64{}
	for i, seat := range (his.Rules{}).Seats(nil) {
		if _, err := h.Join(ctx, ids[i], g.ID, seat); err != nil {
			t.Fatal(err)
		}
		holders[seat] = ids[i]
	}
	r := his.Rules{}
	for i := 0; i < n; i++ {
		cur, _, _ := h.Game(ctx, g.ID)
		s, err := h.State(ctx, cur)
		if err != nil {
			t.Fatal(err)
		}
		ps := r.Pending(s)
		if len(ps) == 0 {
			break
		}
		rng := game.BotRNG(cur.Seed, cur.Seq)
		a, err := r.BotAction(s, ps[0].Seat, &rng)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Submit(ctx, holders[ps[0].Seat], g.ID, nil, Submission{Seq: cur.Seq, Action: a}); err != nil {
			t.Fatalf("decision %d (%s %s): %v", i, ps[0].Seat, a.Type, err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	return g
}
