package storetest

import (
	"fmt"
	"testing"

	"concordat/game"
	"concordat/store"
)

var (
	_ = add("Log/Events", testLogEvents)
	_ = add("Log/Range", testLogRange)
	_ = add("Log/Fill", testLogFill)
)

// logEvents are events of every visibility: public (nil Seats), one
// seat's, two seats', nobody's (empty, not nil), with text that JSON must
// escape.
func logEvents(n int) []game.Event {
	return []game.Event{
		{Type: "phase", Text: fmt.Sprintf("S190%d resolved; now F190%d", n, n)},
		{Type: "draw", Text: "you draw «Luther's 95 Theses» \"quoted\" \\ <b>", Seats: []game.Seat{"england"}},
		{Type: "battle", Text: "dice 6 5 4", Seats: []game.Seat{"france", "germany"}},
		{Type: "hidden", Text: "nobody sees this", Seats: []game.Seat{}},
	}
}

// testLogEvents: AppendAction stores an action's events and EventLog
// reads them back exactly (nil Seats apart from empty ones); an action
// without events reads as none, not as missing; Actions and
// ActionsBetween carry no events.
func testLogEvents(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	// One without effects (a submission; PostgreSQL's group commit), one
	// with (a batch), one without events, one by the system.
	a1 := store.Action{GameID: g.ID, Seat: "england", UserID: userID(users, "england"), Action: orders("england", 1), At: at(10), Events: logEvents(1)}
	check(t, "AppendAction 1", s.AppendAction(ctx, a1, 0, store.Effects{}))
	a2 := store.Action{GameID: g.ID, Seat: "france", UserID: userID(users, "france"), Action: orders("france", 2), At: at(20), Events: logEvents(2)}
	check(t, "AppendAction 2", s.AppendAction(ctx, a2, 1, store.Effects{Snapshot: []byte("after 2")}))
	a3 := store.Action{GameID: g.ID, Seat: "italy", UserID: userID(users, "italy"), Action: orders("italy", 3), At: at(30)}
	check(t, "AppendAction 3", s.AppendAction(ctx, a3, 2, store.Effects{}))
	a4 := store.Action{GameID: g.ID, Seat: game.System, Action: game.Action{Type: game.Advance}, At: at(40), Events: logEvents(4)[:1]}
	check(t, "AppendAction 4", s.AppendAction(ctx, a4, 3, store.Effects{Snapshot: []byte("after 4")}))
	want := []store.Action{a1, a2, a3, a4}
	for i := range want {
		want[i].Seq = int64(i + 1)
	}
	got, err := s.EventLog(ctx, g.ID, 0, 4, 0)
	check(t, "EventLog", err)
	same(t, "EventLog", got, want)
	for i, a := range got {
		for j, e := range a.Events {
			if (e.Seats == nil) != (want[i].Events[j].Seats == nil) {
				t.Fatalf("action %d event %d: Seats %#v, stored %#v (nil is everyone, empty nobody)", i+1, j, e.Seats, want[i].Events[j].Seats)
			}
		}
	}
	// A stale append stores no events.
	wantErr(t, "stale AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "england", UserID: userID(users, "england"),
		Action: orders("england", 9), At: at(50), Events: logEvents(9)}, 2, store.Effects{}), store.ErrStale)
	if got, err := s.EventLog(ctx, g.ID, 0, 100, 0); err != nil || len(got) != 4 {
		t.Fatalf("EventLog after a stale append: %d actions, %v", len(got), err)
	}
	for _, a := range actions(t, s, g.ID, 0) {
		if a.Events != nil || a.EventsMissing {
			t.Fatalf("Actions carries events: %+v", a)
		}
	}
	for _, a := range mustActionsBetween(t, s, g.ID, 0, 4) {
		if a.Events != nil || a.EventsMissing {
			t.Fatalf("ActionsBetween carries events: %+v", a)
		}
	}
}

// testLogRange: EventLog's bounds and limit, and an unknown game's empty
// log.
func testLogRange(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	for i := 0; i < 6; i++ {
		a := store.Action{GameID: g.ID, Seat: "england", UserID: userID(users, "england"), Action: orders("england", i), At: at(10 * i), Events: logEvents(i)[:1]}
		check(t, fmt.Sprint("AppendAction ", i+1), s.AppendAction(ctx, a, int64(i), store.Effects{}))
	}
	seqs := func(after, upTo int64, limit int) string {
		as, err := s.EventLog(ctx, g.ID, after, upTo, limit)
		check(t, "EventLog", err)
		var out []int64
		for _, a := range as {
			if len(a.Events) != 1 || a.Events[0].Text != logEvents(int(a.Seq - 1))[0].Text {
				t.Fatalf("action %d's events: %+v", a.Seq, a.Events)
			}
			out = append(out, a.Seq)
		}
		return fmt.Sprint(out)
	}
	for _, c := range []struct {
		after, upTo int64
		limit       int
		want        string
	}{
		{0, 6, 0, "[1 2 3 4 5 6]"}, {0, 100, -1, "[1 2 3 4 5 6]"}, {2, 4, 0, "[3 4]"}, {0, 6, 2, "[1 2]"},
		{3, 6, 2, "[4 5]"}, {5, 6, 10, "[6]"}, {6, 9, 0, "[]"}, {4, 4, 0, "[]"}, {5, 2, 0, "[]"},
	} {
		if got := seqs(c.after, c.upTo, c.limit); got != c.want {
			t.Errorf("EventLog(after %d, up to %d, limit %d): %s, want %s", c.after, c.upTo, c.limit, got, c.want)
		}
	}
	if as, err := s.EventLog(ctx, 4242, 0, 10, 0); err != nil || len(as) != 0 {
		t.Fatalf("EventLog of an unknown game: %v, %v", as, err)
	}
}

// testLogFill: FillEvents keeps the events an action has (they are
// stored with it), and skips seqs the game does not have.
func testLogFill(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	a := store.Action{GameID: g.ID, Seat: "england", UserID: userID(users, "england"), Action: orders("england", 1), At: at(10), Events: logEvents(1)}
	check(t, "AppendAction", s.AppendAction(ctx, a, 0, store.Effects{}))
	check(t, "FillEvents", s.FillEvents(ctx, g.ID, map[int64][]game.Event{1: {{Type: "other", Text: "not this"}}, 7: logEvents(7)}))
	check(t, "FillEvents with nothing", s.FillEvents(ctx, g.ID, nil))
	got, err := s.EventLog(ctx, g.ID, 0, 10, 0)
	check(t, "EventLog", err)
	a.Seq = 1
	same(t, "EventLog after FillEvents", got, []store.Action{a})
}

// EventsMissing runs the part of the log's contract that needs actions
// stored without events, as before the stores kept them: forget must
// make action seq of game gameID such an action (as its store's
// migration left every older action). EventLog then reports it
// EventsMissing, and FillEvents gives it its events, once.
func EventsMissing(t *testing.T, s store.Store, forget func(gameID, seq int64)) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	for i := 0; i < 3; i++ {
		a := store.Action{GameID: g.ID, Seat: "england", UserID: userID(users, "england"), Action: orders("england", i), At: at(10 * i), Events: logEvents(i)}
		check(t, fmt.Sprint("AppendAction ", i+1), s.AppendAction(ctx, a, int64(i), store.Effects{}))
	}
	forget(g.ID, 1)
	forget(g.ID, 2)
	got, err := s.EventLog(ctx, g.ID, 0, 3, 0)
	check(t, "EventLog", err)
	if len(got) != 3 || !got[0].EventsMissing || !got[1].EventsMissing || got[2].EventsMissing ||
		got[0].Events != nil || got[1].Events != nil || len(got[2].Events) != 4 {
		t.Fatalf("EventLog with two actions stored without events: %+v", got)
	}
	if got[0].Action.Type != "orders" || got[0].Seat != "england" {
		t.Fatalf("an action without events lost its other columns: %+v", got[0])
	}
	check(t, "FillEvents", s.FillEvents(ctx, g.ID, map[int64][]game.Event{1: logEvents(11), 2: nil, 3: logEvents(13)}))
	check(t, "FillEvents again", s.FillEvents(ctx, g.ID, map[int64][]game.Event{1: logEvents(21)}))
	got, err = s.EventLog(ctx, g.ID, 0, 3, 0)
	check(t, "EventLog after FillEvents", err)
	for _, a := range got {
		if a.EventsMissing {
			t.Fatalf("action %d still missing its events", a.Seq)
		}
	}
	same(t, "action 1's filled events", got[0].Events, logEvents(11))
	if got[1].Events != nil {
		t.Fatalf("action 2 filled with no events: %+v", got[1].Events)
	}
	same(t, "action 3's own events (not overwritten)", got[2].Events, logEvents(2))
}
