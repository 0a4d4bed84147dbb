package host

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host/hosttest"
	"concordat/store"
)

// roundsHost is a host of the rounds test game (and nothing else) on st.
func roundsHost(st store.Store, c *clock, owner string, last int) *Host {
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), owner, hosttest.Rounds{Last: last})
	h.Now = c.Now
	return h
}

// roundsGame creates a rounds game and seats ids[i] in seat i; it returns
// the game and, per seat, its user.
func roundsGame(t *testing.T, h *Host, ids []int64) (*store.Game, map[game.Seat]int64) {
	t.Helper()
	ctx := context.Background()
	g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "rounds", Kind: "rounds", Options: []byte(`{"phase": "1h"}`)}, 7)
	if err != nil {
		t.Fatal(err)
	}
	holders := map[game.Seat]int64{}
	for i, seat := range hosttest.RoundsSeats {
		if _, err := h.Join(ctx, ids[i], g.ID, seat); err != nil {
			t.Fatal(err)
		}
		holders[seat] = ids[i]
	}
	g, _, err = h.Game(ctx, g.ID)
	if err != nil || g.Status != store.Active {
		t.Fatalf("the rounds game: %+v, %v", g, err)
	}
	return g, holders
}

// roundsNow is the game's state as the host sees it now.
func roundsNow(t *testing.T, h *Host, id int64) (*store.Game, *hosttest.RoundsState) {
	t.Helper()
	g, _, err := h.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.State(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return g, s.(*hosttest.RoundsState)
}

// wantReplayed fails unless replaying the game's stored record gives the
// state the host holds, byte for byte.
func wantReplayed(t *testing.T, h *Host, id int64) {
	t.Helper()
	ctx := context.Background()
	g, s := roundsNow(t, h, id)
	acts, err := h.Store.Actions(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: g.Kind, Config: g.Config, Seed: g.Seed}
	for i, a := range acts {
		if a.Seq != int64(i+1) {
			t.Fatalf("the record's action %d is numbered %d", i+1, a.Seq)
		}
		rec.Steps = append(rec.Steps, game.Step{Seat: a.Seat, Action: a.Action})
	}
	r := h.Rules[g.Kind]
	replayed, err := game.Replay(r, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := r.Marshal(replayed)
	got, _ := r.Marshal(s)
	if !bytes.Equal(got, want) {
		t.Fatalf("the host's state differs from the replay of the record:\n%s\n%s", got, want)
	}
}

// sevenAtOnce has the seven seats of game id, each through hosts[i %
// len(hosts)], submit their orders and then their ready at once, all from
// the seq read before any of them wrote: none is refused, and the last
// ready closes the window. It returns the orders each wrote.
func sevenAtOnce(t *testing.T, hosts []*Host, id int64, holders map[game.Seat]int64, round int) map[game.Seat]string {
	t.Helper()
	ctx := context.Background()
	g, _, err := hosts[0].Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	read := g.Seq // every seat read the game here, before anyone wrote
	var wg sync.WaitGroup
	errs := make(chan error, 2*len(hosttest.RoundsSeats))
	wrote := map[game.Seat]string{}
	for i, seat := range hosttest.RoundsSeats {
		order := fmt.Sprintf("%s-order-%d", seat, round)
		wrote[seat] = order
		h := hosts[i%len(hosts)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := h.Submit(ctx, holders[seat], id, nil, Submission{Seq: read, Window: fmt.Sprintf("R%d", round), Action: hosttest.Orders(order)})
			if err != nil {
				errs <- fmt.Errorf("%s's orders against seq %d: %w", seat, read, err)
				return
			}
			if res.Duplicate || res.Seat != seat || len(res.Checks) != 1 || !res.Checks[0].Valid {
				errs <- fmt.Errorf("%s's orders: %+v", seat, res)
				return
			}
			// Ready, against the seq its own orders' answer gave.
			if _, err := h.Submit(ctx, holders[seat], id, nil, Submission{Seq: res.Seq, Action: hosttest.Ready()}); err != nil {
				errs <- fmt.Errorf("%s's ready against seq %d: %w", seat, res.Seq, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		t.FailNow()
	}
	return wrote
}

// TestWindowSevenSubmitAtOnce: seven seats submit orders and ready at
// once from the same read of the game: none is refused as stale, each is
// stored once, the last ready closes the window, and the record replays
// to the state the host holds.
func TestWindowSevenSubmitAtOnce(t *testing.T) {
	st, c, _, ids := testEnv(t, 7)
	h := roundsHost(st, c, "p1", 5)
	g, holders := roundsGame(t, h, ids)
	for round := 1; round <= 2; round++ {
		wrote := sevenAtOnce(t, []*Host{h}, g.ID, holders, round)
		now, s := roundsNow(t, h, g.ID)
		if s.Round != round+1 || now.Seq != int64(15*round) {
			t.Fatalf("after round %d: round %d, seq %d; want round %d, seq %d (14 submissions and the close)", round, s.Round, now.Seq, round+1, 15*round)
		}
		// The close reported every seat's orders.
		page, err := h.GameLog(context.Background(), now, "a", now.Seq, now.Seq, 0)
		if err != nil || len(page.Entries) != 1 || !page.Entries[0].System {
			t.Fatalf("the close's log entry: %+v, %v", page, err)
		}
		for seat, o := range wrote {
			if !strings.Contains(page.Entries[0].Events[0].Text, string(seat)+": "+o) {
				t.Errorf("round %d: the close reports %q, without %s's %q", round, page.Entries[0].Events[0].Text, seat, o)
			}
		}
	}
	wantReplayed(t, h, g.ID)
}

// TestWindowTwoProcesses: the same, with the seats' requests spread over
// two hosts (two server processes) on one store: a write that finds the
// game moved on by the other process is judged and applied again.
func TestWindowTwoProcesses(t *testing.T) {
	st, c, _, ids := testEnv(t, 7)
	threeRoundsTwoHosts(t, roundsHost(st, c, "p1", 5), roundsHost(st, c, "p2", 5), ids)
}

// threeRoundsTwoHosts plays three rounds of seven seats (users ids)
// submitting at once, spread over h1 and h2, and checks the record.
func threeRoundsTwoHosts(t *testing.T, h1, h2 *Host, ids []int64) {
	t.Helper()
	g, holders := roundsGame(t, h1, ids)
	for round := 1; round <= 3; round++ {
		sevenAtOnce(t, []*Host{h1, h2}, g.ID, holders, round)
	}
	now, s := roundsNow(t, h2, g.ID)
	if s.Round != 4 || now.Seq != 45 || s.Applied != 42 {
		t.Fatalf("after three rounds: round %d, seq %d, %d seat actions applied; want 4, 45, 42", s.Round, now.Seq, s.Applied)
	}
	wantReplayed(t, h1, g.ID)
	wantReplayed(t, h2, g.ID)
}

// TestWindowExactlyOnce: a seat's submission against an older seq of the
// window is applied unless the seat wrote since; the same action again
// (a retry) is answered as done and stored no second time; another is
// stale, as is any submission once its window has closed, one naming a
// window that is not open, and one from the future.
func TestWindowExactlyOnce(t *testing.T) {
	ctx := context.Background()
	st, c, _, ids := testEnv(t, 7)
	h := roundsHost(st, c, "p1", 5)
	g, holders := roundsGame(t, h, ids)
	submit := func(seat game.Seat, seq int64, window string, a game.Action) (Acted, error) {
		return h.Submit(ctx, holders[seat], g.ID, nil, Submission{Seq: seq, Window: window, Action: a})
	}
	stored := func() int {
		acts, err := st.Actions(ctx, g.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(acts)
	}
	mustSeq := func(what string, res Acted, err error, want int64) {
		t.Helper()
		if err != nil || res.Seq != want || res.Duplicate {
			t.Fatalf("%s: %+v, %v; want applied at seq %d", what, res, err, want)
		}
	}
	wantStale := func(what string, err error, words ...string) {
		t.Helper()
		if CodeOf(err) != CodeStale {
			t.Fatalf("%s: %v, want stale", what, err)
		}
		for _, w := range words {
			if !strings.Contains(err.Error(), w) {
				t.Fatalf("%s: %q does not say %q", what, err, w)
			}
		}
	}
	res, err := submit("a", 0, "", hosttest.Orders("x"))
	mustSeq("a's orders", res, err, 1)
	res, err = submit("b", 0, "", hosttest.Orders("y"))
	mustSeq("b's orders against seq 0, after a's", res, err, 2)
	// a's request again (its answer was lost): done, nothing stored.
	res, err = submit("a", 0, "", hosttest.Orders("x"))
	if err != nil || !res.Duplicate || res.Seq != 2 || stored() != 2 {
		t.Fatalf("a's retry: %+v, %v, %d actions stored; want a duplicate at seq 2, 2 actions", res, err, stored())
	}
	// Spaced differently, it is the same action.
	res, err = submit("a", 0, "", game.Action{Type: "orders", Args: []byte(`{ "orders" : [ "x" ] }`)})
	if err != nil || !res.Duplicate {
		t.Fatalf("a's retry spaced differently: %+v, %v", res, err)
	}
	// Other orders against seq 0: a wrote since, its client is behind.
	_, err = submit("a", 0, "", hosttest.Orders("z"))
	wantStale("a's other orders against seq 0", err, "you submitted again since seq 0", "at seq 1")
	res, err = submit("a", 2, "", hosttest.Orders("z"))
	mustSeq("a's other orders against seq 2", res, err, 3)
	// The first request once more, after the second: stale, not applied
	// over the newer orders.
	_, err = submit("a", 0, "", hosttest.Orders("x"))
	wantStale("a's first orders again after its second", err)
	if _, s := roundsNow(t, h, g.ID); strings.Join(s.Orders["a"], ",") != "z" || s.Applied != 3 {
		t.Fatalf("a's orders %v, %d applied; want z, 3", s.Orders["a"], s.Applied)
	}
	_, err = submit("c", 10, "", hosttest.Orders("w"))
	wantStale("a seq from the future", err, "at seq 3, not 10")
	// The window named: the open one goes, another is stale.
	res, err = submit("c", 1, "R1", hosttest.Orders("w"))
	mustSeq("c's orders for R1", res, err, 4)
	_, err = submit("d", 4, "R2", hosttest.Orders("w"))
	wantStale("orders for a window not yet open", err, "R2 has closed; R1 is open")
	// Each part judged, the list stored as written; refused ones stored
	// not at all.
	res, err = submit("d", 4, "", hosttest.Orders("hold", "bad move"))
	mustSeq("d's orders with a bad one", res, err, 5)
	if len(res.Checks) != 2 || !res.Checks[0].Valid || res.Checks[1].Valid || res.Checks[1].Reason != "bad move is bad in round 1" || res.Checks[1].Item != "bad move" {
		t.Fatalf("d's checks: %+v", res.Checks)
	}
	if _, err = submit("d", 5, "", hosttest.Orders("refuse")); CodeOf(err) != CodeRefused || stored() != 5 {
		t.Fatalf("refused orders: %v, %d stored", err, stored())
	}
	// The deadline closes R1: what was read in R1 is stale in R2.
	c.Add(2 * time.Hour)
	jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
	if err != nil || len(jobs) == 0 {
		t.Fatalf("claim: %v %v", jobs, err)
	}
	for _, j := range jobs {
		if err := h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if now, s := roundsNow(t, h, g.ID); s.Round != 2 || now.Seq != 6 {
		t.Fatalf("after the deadline: round %d at seq %d, want 2 at 6", s.Round, now.Seq)
	}
	_, err = submit("e", 5, "", hosttest.Orders("late"))
	wantStale("orders read in R1, sent in R2", err)
	_, err = submit("e", 6, "R1", hosttest.Orders("late"))
	wantStale("orders for R1, sent in R2", err, "R1 has closed; R2 is open")
	res, err = submit("e", 6, "R2", hosttest.Orders("on time"))
	mustSeq("e's orders for R2", res, err, 7)
	wantReplayed(t, h, g.ID)
}

// TestWindowJudgedFromTheStore: a host without window knowledge of an
// older seq (another process, or one that restarted, rebuilds the game
// from a snapshot after it) judges a submission against it from the
// store: the state then and the seat's writes since.
func TestWindowJudgedFromTheStore(t *testing.T) {
	ctx := context.Background()
	st, c, _, ids := testEnv(t, 7)
	h1 := roundsHost(st, c, "p1", 5)
	h1.SnapshotEvery = 2 // snapshots inside the window, after the seqs judged
	g, holders := roundsGame(t, h1, ids)
	for i, seat := range []game.Seat{"a", "b", "c", "d", "e"} {
		if _, err := h1.Submit(ctx, holders[seat], g.ID, nil, Submission{Seq: int64(i), Action: hosttest.Orders("first")}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := func() *Host {
		h := roundsHost(st, c, "p2", 5)
		h.SnapshotEvery = 2
		return h
	}
	h2 := fresh()
	if _, err := h2.Submit(ctx, holders["f"], g.ID, nil, Submission{Seq: 1, Action: hosttest.Orders("f")}); err != nil {
		t.Fatalf("f against seq 1 on a fresh host: %v", err)
	}
	// a wrote at seq 1: its retry is a duplicate, other orders stale.
	if res, err := fresh().Submit(ctx, holders["a"], g.ID, nil, Submission{Seq: 0, Action: hosttest.Orders("first")}); err != nil || !res.Duplicate {
		t.Fatalf("a's retry on a fresh host: %+v, %v", res, err)
	}
	if _, err := fresh().Submit(ctx, holders["a"], g.ID, nil, Submission{Seq: 0, Action: hosttest.Orders("second")}); CodeOf(err) != CodeStale {
		t.Fatalf("a's other orders against seq 0 on a fresh host: %v", err)
	}
	// Across a window: the close at seq 7, then a read from R1.
	c.Add(2 * time.Hour)
	jobs, _ := st.ClaimJobs(ctx, h1.Owner, c.Now(), time.Minute, 10)
	for _, j := range jobs {
		if err := h1.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	for i, seat := range []game.Seat{"a", "b", "c"} {
		if _, err := h1.Submit(ctx, holders[seat], g.ID, nil, Submission{Seq: int64(7 + i), Action: hosttest.Orders("r2")}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fresh().Submit(ctx, holders["g"], g.ID, nil, Submission{Seq: 6, Action: hosttest.Orders("g")}); CodeOf(err) != CodeStale || !strings.Contains(err.Error(), "seq 6 was in another window") {
		t.Fatalf("g against seq 6 (R1) in R2 on a fresh host: %v", err)
	}
	if _, err := fresh().Submit(ctx, holders["g"], g.ID, nil, Submission{Seq: 7, Action: hosttest.Orders("g")}); err != nil {
		t.Fatalf("g against seq 7 (R2) on a fresh host: %v", err)
	}
	wantReplayed(t, h1, g.ID)
}

// TestWindowSequentialStaysSo: where no window is open (the game is over
// here; Here I Stand's turns, or a game without windows), only the game's
// own seq goes.
func TestWindowSequentialStaysSo(t *testing.T) {
	ctx := context.Background()
	st, c, _, ids := testEnv(t, 7)
	h := roundsHost(st, c, "p1", 5)
	g, _ := roundsGame(t, h, ids)
	r := h.Rules["rounds"]
	s, _ := h.State(ctx, g)
	s, _, _ = r.Apply(s, game.System, game.Action{Type: game.Advance})
	w := openAt(r, s, 3)
	if w.name != "R2" {
		t.Fatalf("window %q", w.name)
	}
	closed := &store.Game{ID: g.ID, Seq: 3}
	if _, err := h.judge(ctx, closed, r, s, window{from: 0}, "a", Submission{Seq: 2, Action: hosttest.Orders("x")}); CodeOf(err) != CodeStale {
		t.Fatalf("an older seq with no window open: %v, want stale", err)
	}
	if v, err := h.judge(ctx, closed, r, s, window{from: 0}, "a", Submission{Seq: 3, Action: hosttest.Orders("x")}); err != nil || v != apply {
		t.Fatalf("the game's seq with no window open: %v, %v", v, err)
	}
	if _, err := h.judge(ctx, closed, r, s, window{from: 0}, "a", Submission{Seq: 3, Window: "R2", Action: hosttest.Orders("x")}); CodeOf(err) != CodeStale || !strings.Contains(err.Error(), "not open") {
		t.Fatalf("a window named when none is open: %v", err)
	}
}

// BenchmarkSubmissionInMemory is what a Diplomacy order submission costs
// the host besides the store: judging it against the window, the rules'
// verdict on each order (game.Checker) and applying it.
func BenchmarkSubmissionInMemory(b *testing.B) {
	ctx := context.Background()
	var r diplomacy.Rules
	s, _ := r.Setup(game.Config{}, 1)
	h := New(nil, slog.New(slog.NewTextHandler(io.Discard, nil)), "bench", r)
	g := &store.Game{ID: 1, Kind: "diplomacy", Seq: 10}
	w := window{name: r.Window(s), from: 0}
	a := game.NewAction("orders", map[string][]string{"orders": {"A par - bur", "A mar - spa", "F bre - mao"}})
	sub := Submission{Seq: 9, Action: a}
	for _, part := range []string{"judge", "check", "apply"} {
		b.Run(part, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				switch part {
				case "judge":
					if _, err := h.judge(ctx, g, r, s, w, "france", sub); err != nil {
						b.Fatal(err)
					}
				case "check":
					checks(r, s, "france", a)
				case "apply":
					if _, _, err := r.Apply(s, "france", a); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
