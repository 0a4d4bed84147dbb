package host

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/store"
	"concordat/store/sqlite"
)

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newStore(t *testing.T) store.Store {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newHost(t *testing.T, st store.Store, c *clock, owner string) *Host {
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), owner, diplomacy.Rules{})
	h.Now = c.Now
	return h
}

// testEnv is a host on a fresh SQLite store with a test clock at noon on
// 1 January 2026, and n accounts.
func testEnv(t *testing.T, n int) (store.Store, *clock, *Host, []int64) {
	t.Helper()
	st := newStore(t)
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	return st, c, newHost(t, st, c, "p1"), users(t, st, n)
}

// users creates n accounts and returns their ids.
func users(t *testing.T, st store.Store, n int) []int64 {
	t.Helper()
	var ids []int64
	for i := 0; i < n; i++ {
		u := &store.User{Name: fmt.Sprintf("player%d", i), PasswordHash: "x", CreatedAt: time.Unix(0, 0)}
		if err := st.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return ids
}

// fullGame creates a standard game and seats seven users; it returns the
// game and, per power, the user holding it.
func fullGame(t *testing.T, h *Host, ids []int64, opts string) (*store.Game, map[game.Seat]int64) {
	t.Helper()
	ctx := context.Background()
	g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "test", Kind: "diplomacy", Options: json.RawMessage(opts)}, 42)
	if err != nil {
		t.Fatal(err)
	}
	holders := map[game.Seat]int64{}
	for i, u := range ids[:7] {
		want := game.Seat("")
		if i == 0 {
			want = "england"
		}
		seat, err := h.Join(ctx, u, g.ID, want)
		if err != nil {
			t.Fatal(err)
		}
		holders[seat] = u
	}
	if holders["england"] != ids[0] || len(holders) != 7 {
		t.Fatalf("seats: %v", holders)
	}
	g, _, err = h.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return g, holders
}

func ordersAction(texts ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": texts})
}

func TestGameLifecycle(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := testEnv(t, 8)
	g, holders := fullGame(t, h, ids, `{"phase": "1h", "short": "30m"}`)
	if g.Status != store.Active || !g.Deadline.Equal(c.Now().Add(time.Hour)) {
		t.Fatalf("started game: status %s deadline %v", g.Status, g.Deadline)
	}
	// Nobody joins a started game, nobody outside acts.
	if _, err := h.Join(ctx, ids[7], g.ID, ""); CodeOf(err) != CodeConflict {
		t.Fatalf("join a full game: %v", err)
	}
	if _, _, err := h.Act(ctx, ids[7], g.ID, 0, ordersAction("A par - bur")); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger acts: %v", err)
	}
	// France orders; a stale seq is refused and changes nothing.
	fr := holders["france"]
	seq, _, err := h.Act(ctx, fr, g.ID, 0, ordersAction("A par - bur"))
	if err != nil || seq != 1 {
		t.Fatalf("orders: seq %d, %v", seq, err)
	}
	if _, _, err := h.Act(ctx, fr, g.ID, 0, ordersAction("A par - pic")); CodeOf(err) != CodeStale {
		t.Fatalf("stale seq: %v", err)
	}
	if _, _, err := h.Act(ctx, fr, g.ID, 1, ordersAction("A par - xyz")); CodeOf(err) != CodeRefused {
		t.Fatalf("bad order: %v", err)
	}
	if acts, _ := st.Actions(ctx, g.ID, 0); len(acts) != 1 {
		t.Fatalf("%d actions stored, want 1", len(acts))
	}
	// The deadline passes: the scheduler resolves the phase once.
	c.Add(time.Hour + time.Second)
	jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
	if err != nil || len(jobs) != 1 {
		t.Fatalf("claim: %v %v", jobs, err)
	}
	if err := h.RunJob(ctx, jobs[0]); err != nil {
		t.Fatal(err)
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Seq != 2 {
		t.Fatalf("after the deadline: seq %d, want 2", g.Seq)
	}
	s, _ := h.State(ctx, g)
	pos := s.(*diplomacy.GameState).Pos
	if pos.Phase.Season != diplomacy.Fall {
		t.Fatalf("phase %s after spring resolved", pos.Phase)
	}
	// Six powers missed the phase, France did not.
	seats, _ := st.Seats(ctx, g.ID)
	for _, s := range seats {
		want := 1
		if s.Seat == "france" {
			want = 0
		}
		if s.Missed != want {
			t.Errorf("%s missed %d, want %d", s.Seat, s.Missed, want)
		}
	}
	if !g.Deadline.Equal(c.Now().Add(time.Hour)) {
		t.Fatalf("next deadline %v, want %v", g.Deadline, c.Now().Add(time.Hour))
	}
	// Everyone ready: the window closes at once, and the pending deadline
	// job becomes obsolete.
	for seat, u := range holders {
		g, _, _ = h.Game(ctx, g.ID)
		if _, _, err := h.Act(ctx, u, g.ID, g.Seq, game.NewAction("ready", map[string]bool{"ready": true})); err != nil {
			t.Fatalf("%s ready: %v", seat, err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	s, _ = h.State(ctx, g)
	if p := s.(*diplomacy.GameState).Pos.Phase; p.Year != 1902 || p.Season != diplomacy.Spring {
		t.Fatalf("after everyone was ready: %s, want spring 1902", p)
	}
	c.Add(2 * time.Hour)
	jobs, _ = st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
	before := g.Seq
	for _, j := range jobs {
		if err := h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Seq != before+1 {
		t.Fatalf("two jobs (one obsolete) advanced seq %d -> %d, want one phase", before, g.Seq)
	}
}

func TestRacingActionsApplyOnce(t *testing.T) {
	ctx := context.Background()
	st := newStore(t)
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	ids := users(t, st, 7)
	h1 := newHost(t, st, c, "p1")
	g, holders := fullGame(t, h1, ids, `{}`)
	// Two processes (two Hosts on one store) submit against the same seq.
	h2 := newHost(t, st, c, "p2")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, h := range []*Host{h1, h2} {
		wg.Add(1)
		go func(i int, h *Host) {
			defer wg.Done()
			_, _, errs[i] = h.Act(ctx, holders["italy"], g.ID, 0, ordersAction(fmt.Sprintf("A ven - %s", []string{"tyr", "pie"}[i])))
		}(i, h)
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case CodeOf(err) != CodeStale:
			t.Fatalf("unexpected error: %v", err)
		}
	}
	acts, _ := st.Actions(ctx, g.ID, 0)
	if ok != 1 || len(acts) != 1 {
		t.Fatalf("%d succeeded, %d stored; want exactly one", ok, len(acts))
	}
	// Both processes race the deadline: it resolves once.
	c.Add(25 * time.Hour)
	var mu sync.Mutex
	advanced := 0
	for _, h := range []*Host{h1, h2} {
		wg.Add(1)
		go func(h *Host) {
			defer wg.Done()
			jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
			if err != nil {
				t.Error(err)
				return
			}
			for _, j := range jobs {
				if err := h.RunJob(ctx, j); err == nil {
					mu.Lock()
					advanced++
					mu.Unlock()
				}
			}
		}(h)
	}
	wg.Wait()
	g, _, _ = h1.Game(ctx, g.ID)
	if advanced != 1 || g.Seq != 2 {
		t.Fatalf("deadline resolved %d times, seq %d; want once, seq 2", advanced, g.Seq)
	}
}

func TestPressModes(t *testing.T) {
	ctx := context.Background()
	_, _, h, ids := testEnv(t, 8)
	g, holders := fullGame(t, h, ids, `{"press": "full"}`)
	en, fr, de := holders["england"], holders["france"], holders["germany"]
	priv, err := h.Post(ctx, en, g.ID, []game.Seat{"france"}, "Channel?")
	if err != nil {
		t.Fatal(err)
	}
	pub, err := h.Post(ctx, de, g.ID, nil, "Peace in our time.")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Post(ctx, ids[7], g.ID, nil, "I am not playing"); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger posts: %v", err)
	}
	if _, err := h.Post(ctx, en, g.ID, []game.Seat{"narnia"}, "hi"); CodeOf(err) != CodeInvalid {
		t.Fatalf("to an unknown seat: %v", err)
	}
	read := func(u int64) []string {
		ms, err := h.Messages(ctx, u, g.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, string(m.From)+"@"+m.Channel+":"+m.Body)
		}
		return out
	}
	if got := read(fr); len(got) != 2 {
		t.Fatalf("France reads %v, want the private and the public message", got)
	}
	if got := read(de); len(got) != 1 || got[0] != "germany@public:Peace in our time." {
		t.Fatalf("Germany reads %v, want only the public message", got)
	}
	if got := read(0); len(got) != 1 {
		t.Fatalf("a spectator reads %v, want only the public message", got)
	}
	chs, _ := h.Channels(ctx, fr, g.ID)
	unread := map[string]int{}
	for _, c := range chs {
		unread[c.Channel] = c.Unread
	}
	if unread["england,france"] != 1 || unread["public"] != 1 {
		t.Fatalf("France's unread: %v", unread)
	}
	// A marker names a message of its channel by its ref.
	for _, bad := range []int64{1 << 40, pub.Ref, pub.ID} {
		if err := h.MarkRead(ctx, fr, g.ID, "england,france", bad); CodeOf(err) != CodeInvalid {
			t.Fatalf("France marks England-France read up to %d (not a message of it): %v", bad, err)
		}
	}
	if err := h.MarkRead(ctx, fr, g.ID, "england,france", priv.Ref); err != nil {
		t.Fatal(err)
	}
	if err := h.MarkRead(ctx, de, g.ID, "england,france", 1); CodeOf(err) != CodeForbidden {
		t.Fatalf("Germany marks England and France's channel: %v", err)
	}
	chs, _ = h.Channels(ctx, fr, g.ID)
	for _, c := range chs {
		if c.Channel == "england,france" && c.Unread != 0 {
			t.Fatalf("after reading: %+v", c)
		}
	}

	// Public-only and gunboat games.
	g2, h2 := fullGame(t, h, ids, `{"press": "public"}`)
	if _, err := h.Post(ctx, h2["england"], g2.ID, []game.Seat{"france"}, "psst"); CodeOf(err) != CodePressClosed {
		t.Fatalf("private press in a public-only game: %v", err)
	}
	g3, h3 := fullGame(t, h, ids, `{"press": "none"}`)
	if _, err := h.Post(ctx, h3["england"], g3.ID, nil, "hello"); CodeOf(err) != CodePressClosed {
		t.Fatalf("press in a gunboat game: %v", err)
	}
	// Anonymous: senders hidden from others.
	g4, h4 := fullGame(t, h, ids, `{"press": "anonymous"}`)
	if _, err := h.Post(ctx, h4["england"], g4.ID, nil, "who am I"); err != nil {
		t.Fatal(err)
	}
	ms, _ := h.Messages(ctx, h4["france"], g4.ID, 0)
	if len(ms) != 1 || ms[0].From != "" {
		t.Fatalf("anonymous press shows %+v", ms)
	}
}

func TestVotes(t *testing.T) {
	ctx := context.Background()
	_, _, h, ids := testEnv(t, 8)
	g, holders := fullGame(t, h, ids, `{"phase": "2h"}`)
	if _, err := h.Vote(ctx, ids[7], g.ID, VoteDraw, "yes"); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger votes: %v", err)
	}
	if _, err := h.Vote(ctx, holders["england"], g.ID, "coup", "yes"); CodeOf(err) != CodeInvalid {
		t.Fatalf("unknown vote: %v", err)
	}
	// Extend: passes when all seven agree.
	n := 0
	for seat, u := range holders {
		passed, err := h.Vote(ctx, u, g.ID, VoteExtend, "yes")
		if err != nil {
			t.Fatalf("%s: %v", seat, err)
		}
		n++
		if (passed != "") != (n == 7) {
			t.Fatalf("after %d votes: passed %q", n, passed)
		}
	}
	g2, _, _ := h.Game(ctx, g.ID)
	if !g2.Deadline.Equal(g.Deadline.Add(2 * time.Hour)) {
		t.Fatalf("extended deadline %v, want %v", g2.Deadline, g.Deadline.Add(2*time.Hour))
	}
	// A draw ends the game.
	for _, u := range holders {
		if _, err := h.Vote(ctx, u, g.ID, VoteDraw, "yes"); err != nil {
			t.Fatal(err)
		}
	}
	g2, _, _ = h.Game(ctx, g.ID)
	if g2.Status != store.Finished {
		t.Fatalf("after a unanimous draw: %s", g2.Status)
	}
	if _, _, err := h.Act(ctx, holders["france"], g.ID, g2.Seq, ordersAction("A par H")); CodeOf(err) != CodeGameOver {
		t.Fatalf("acting in a finished game: %v", err)
	}
}

func TestTakeOverCivilDisorder(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := testEnv(t, 9)
	newcomer, other := ids[7], ids[8]
	g, holders := fullGame(t, h, ids, `{"phase": "1h", "missed_limit": 2}`)
	if err := h.TakeOver(ctx, newcomer, g.ID, "turkey"); CodeOf(err) != CodeConflict {
		t.Fatalf("took over a seat whose player is present: %v", err)
	}
	// Everyone but Turkey orders; two deadlines pass.
	for round := 0; round < 2; round++ {
		for seat, u := range holders {
			if seat == "turkey" {
				continue
			}
			g, _, _ = h.Game(ctx, g.ID)
			if _, _, err := h.Act(ctx, u, g.ID, g.Seq, ordersAction()); err != nil {
				t.Fatal(err)
			}
		}
		c.Add(2 * time.Hour)
		jobs, _ := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
		for _, j := range jobs {
			if err := h.RunJob(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := h.TakeOver(ctx, holders["france"], g.ID, "turkey"); CodeOf(err) != CodeConflict {
		t.Fatalf("a seated player took a second seat: %v", err)
	}
	if err := h.TakeOver(ctx, newcomer, g.ID, "narnia"); CodeOf(err) != CodeInvalid {
		t.Fatalf("took over an unknown seat: %v", err)
	}
	if err := h.TakeOver(ctx, newcomer, g.ID, "turkey"); err != nil {
		t.Fatalf("taking over Turkey after two missed phases: %v", err)
	}
	if err := h.TakeOver(ctx, other, g.ID, "turkey"); CodeOf(err) != CodeConflict {
		t.Fatalf("Turkey taken over twice: %v", err)
	}
	seat, _, _ := h.SeatOf(ctx, g.ID, newcomer)
	if seat != "turkey" {
		t.Fatalf("the newcomer holds %q", seat)
	}
	g, _, _ = h.Game(ctx, g.ID)
	if _, _, err := h.Act(ctx, newcomer, g.ID, g.Seq, ordersAction("A con - bul")); err != nil {
		t.Fatalf("the new Turkey cannot order: %v", err)
	}
	if _, _, err := h.Act(ctx, holders["turkey"], g.ID, g.Seq+1, ordersAction("A con H")); CodeOf(err) != CodeForbidden {
		t.Fatalf("the absent player still acts for Turkey: %v", err)
	}
}

// TestActOnAGameReadBefore: a request reads the game once, before it takes
// the game's lock, and hands it down (ActOn). If the game moved on
// meanwhile (another request of this process acted), the store refuses
// the write on the game as read, and the action is judged again on the
// game read afresh: in a Diplomacy phase (one simultaneous window) it
// goes on top of the other power's orders. If the game was paused, the
// action is refused as stale and nothing is stored. The state cache keeps
// the newer state.
func TestActOnAGameReadBefore(t *testing.T) {
	ctx := context.Background()
	st, _, h, ids := testEnv(t, 7)
	g, holders := fullGame(t, h, ids, `{}`)
	ld, err := h.GameSeats(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ld.SeatOf(holders["italy"]) != "italy" || ld.SeatOf(0) != "" || ld.Game.Seq != 0 || len(ld.Seats) != 7 {
		t.Fatalf("GameSeats: %+v", ld)
	}
	// France acts between the read and Italy's action.
	if _, _, err := h.Act(ctx, holders["france"], g.ID, 0, ordersAction("A par - bur")); err != nil {
		t.Fatal(err)
	}
	seq, _, err := h.ActOn(ctx, holders["italy"], g.ID, ld, 0, ordersAction("A ven - tyr"))
	if err != nil || seq != 2 {
		t.Fatalf("Italy on a game read before France's orders: seq %d, %v; want 2", seq, err)
	}
	if acts, _ := st.Actions(ctx, g.ID, 0); len(acts) != 2 || acts[0].Seat != "france" || acts[1].Seat != "italy" {
		t.Fatalf("actions: %+v, want France's, then Italy's", acts)
	}
	cur, _, _ := h.Game(ctx, g.ID)
	s, err := h.State(ctx, cur)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*diplomacy.GameState)
	fr, _ := gs.Pos.Map.LookupPower("france")
	it, _ := gs.Pos.Map.LookupPower("italy")
	if len(gs.Orders[fr]) != 1 || len(gs.Orders[it]) != 1 {
		t.Fatalf("orders in the state: %v, want France's and Italy's", gs.Orders)
	}
	// Reading the state of the older game (seq 0) does not replace the
	// cached state of seq 2.
	if _, err := h.State(ctx, ld.Game); err != nil {
		t.Fatal(err)
	}
	if c := h.cache[g.ID]; c.seq != 2 {
		t.Fatalf("cached seq %d after reading an older game, want 2", c.seq)
	}

	// Paused between the read and the action: refused, nothing stored.
	ld, _ = h.GameSeats(ctx, g.ID)
	if err := st.SetStatus(ctx, g.ID, store.Paused, "", time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.ActOn(ctx, holders["germany"], g.ID, ld, 2, ordersAction("A mun - ruh")); CodeOf(err) != CodeStale {
		t.Fatalf("acting on a game paused since it was read: %v, want stale", err)
	}
	if acts, _ := st.Actions(ctx, g.ID, 0); len(acts) != 2 {
		t.Fatalf("%d actions after the refused one, want 2", len(acts))
	}
}

// TestStateAtFromSnapshots: the state after any seq, rebuilt from the
// nearest snapshot, is byte for byte the state replayed from the setup,
// and so are the views of it of every seat; snapshots come at every
// window close and, here, every third action.
func TestStateAtFromSnapshots(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := testEnv(t, 7)
	h.SnapshotEvery = 3
	g, holders := fullGame(t, h, ids, `{"phase": "1h", "short": "30m"}`)
	r := diplomacy.Rules{}
	act := func(u int64, a game.Action) {
		t.Helper()
		g, _, _ = h.Game(ctx, g.ID)
		if _, _, err := h.Act(ctx, u, g.ID, g.Seq, a); err != nil {
			t.Fatal(err)
		}
	}
	act(holders["france"], ordersAction("A par - bur", "F bre - mao", "A mar - spa"))
	act(holders["germany"], ordersAction("A mun - ruh", "F kie - den"))
	act(holders["france"], ordersAction("A par - pic", "F bre - mao", "A mar - spa"))
	for phase := 0; phase < 6; phase++ {
		for _, seat := range []game.Seat{"england", "italy", "russia"} {
			act(holders[seat], game.NewAction("ready", map[string]bool{"ready": false}))
		}
		c.Add(2 * time.Hour)
		jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			if err := h.RunJob(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Seq < 25 {
		t.Fatalf("only %d actions played", g.Seq)
	}
	viewers := []game.Seat{game.System, "", "france", "germany", "england"}
	for seq := int64(0); seq <= g.Seq; seq++ {
		fast, err := h.StateAt(ctx, g, seq)
		if err != nil {
			t.Fatalf("StateAt %d: %v", seq, err)
		}
		slow, err := h.replayAt(ctx, g, seq)
		if err != nil {
			t.Fatalf("replayAt %d: %v", seq, err)
		}
		fb, _ := r.Marshal(fast)
		sb, _ := r.Marshal(slow)
		if string(fb) != string(sb) {
			t.Fatalf("seq %d: the state from the snapshot differs from the replayed one", seq)
		}
		for _, v := range viewers {
			fv, _ := json.Marshal(r.View(fast, v))
			sv, _ := json.Marshal(r.View(slow, v))
			if string(fv) != string(sv) {
				t.Fatalf("seq %d, %q's view: %s\nreplayed: %s", seq, v, fv, sv)
			}
		}
	}
	// The snapshots it used are there: one per window close at least.
	n := 0
	for seq := int64(0); seq <= g.Seq; seq++ {
		if sn, err := st.SnapshotAt(ctx, g.ID, seq); err == nil && sn.Seq == seq {
			n++
		}
	}
	if n < 7 {
		t.Fatalf("%d snapshots in %d actions", n, g.Seq)
	}
	if _, err := h.StateAt(ctx, g, g.Seq+1); CodeOf(err) != CodeInvalid {
		t.Fatalf("StateAt beyond the last action: %v", err)
	}
}

// ActCached acts on the copy of the game this process made when it
// started the game and when it stored an action, without reading the
// game; a copy another process made out of date stores nothing (ok false).
// CachedOptions answers from the same copy.
func TestActCached(t *testing.T) {
	ctx := context.Background()
	st, _, h, ids := testEnv(t, 8)
	g, holders := fullGame(t, h, ids, `{"phase": "1h"}`)
	if opts, ok := h.CachedOptions(g.ID); !ok || opts.Phase != "1h" {
		t.Fatalf("CachedOptions of a started game: %+v, %v", opts, ok)
	}
	if _, ok := h.CachedOptions(987654); ok {
		t.Fatal("CachedOptions of an unknown game: ok")
	}
	fr, en := holders["france"], holders["england"]
	seq, _, seat, ok := h.ActCached(ctx, fr, g.ID, 0, ordersAction("A par - bur"))
	if !ok || seq != 1 || seat != "france" {
		t.Fatalf("ActCached after the start: seq %d seat %q ok %v", seq, seat, ok)
	}
	// Wrong seq, a stranger: nothing tried.
	if _, _, _, ok := h.ActCached(ctx, fr, g.ID, 0, ordersAction("A par - pic")); ok {
		t.Fatal("ActCached with a stale seq: ok")
	}
	if _, _, _, ok := h.ActCached(ctx, ids[7], g.ID, 1, ordersAction("A par - pic")); ok {
		t.Fatal("ActCached by a stranger: ok")
	}
	// Another process stores an action: the copy is out of date, and the
	// write refuses the order made against it.
	other := New(st, h.Log, "other", h.Rules["diplomacy"])
	if _, _, err := other.Act(ctx, en, g.ID, 1, ordersAction("F lon - nth")); err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := h.ActCached(ctx, fr, g.ID, 1, ordersAction("A par - pic")); ok {
		t.Fatal("ActCached on a copy another process made out of date: ok")
	}
	if acts, _ := st.Actions(ctx, g.ID, 0); len(acts) != 2 {
		t.Fatalf("%d actions stored, want 2", len(acts))
	}
	// Read afresh, acted on, cached again.
	if seq, _, err := h.Act(ctx, fr, g.ID, 2, ordersAction("A par - pic")); err != nil || seq != 3 {
		t.Fatalf("Act after the refusal: %d, %v", seq, err)
	}
	if seq, _, _, ok := h.ActCached(ctx, fr, g.ID, 3, ordersAction("A par - gas")); !ok || seq != 4 {
		t.Fatalf("ActCached after a fresh read: %d, %v", seq, ok)
	}
}
