package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/store"
	"concordat/store/sqlite"
)

// TestKill9 runs `concordat serve` on a SQLite file while seven clients
// play a game through the API, kills it with SIGKILL at random moments
// (now and then after making the deadline pass, so the scheduler resolves
// too), restarts it, and checks the record: every acknowledged submission
// is in the log as the action it was acknowledged as, nothing else is, seq
// runs 1, 2, 3 … without a gap, no window was closed twice, and the
// record replays to the position the server shows.
func TestKill9(t *testing.T) {
	if testing.Short() {
		if os.Getenv("CI") == "true" {
			t.Fatal("the kill -9 test may not be skipped under CI (drop -short)")
		}
		t.Skip("SKIPPED (not passed): the kill -9 test (~30 s) does not run with -short")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	addr := freePort(t)
	p := serve(t, addr, db, "--poll", "50ms")
	defer func() { p.kill() }()
	base := "http://" + addr
	var clients []*client
	for i := 0; i < 7; i++ {
		clients = append(clients, register(t, base, fmt.Sprintf("crash%d", i)))
	}
	gameID, seats := newGame(t, clients, "kill -9")

	// The test's own connection, to make deadlines pass.
	raw, err := sql.Open("sqlite", db+"?_txlock=immediate&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var expiredAt []int64 // the game's seq when a deadline was made to pass

	var mu sync.Mutex
	var acked, tried []ack
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	i := 0
	for _, c := range seats {
		wg.Add(1)
		go func(c *client, seed uint64) {
			defer wg.Done()
			player(ctx, c, gameID, seed, &acked, &tried, &mu)
		}(c, uint64(i)+100)
		i++
	}
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 7))
	t.Logf("kill moments from seed %d", seed)
	kills := 0
	end := time.Now().Add(20 * time.Second)
	for time.Now().Before(end) {
		time.Sleep(time.Duration(100+rng.IntN(600)) * time.Millisecond)
		if rng.IntN(3) == 0 {
			if seq, ok := expire(t, raw, gameID); ok {
				expiredAt = append(expiredAt, seq)
				time.Sleep(time.Duration(rng.IntN(120)) * time.Millisecond) // kill around the resolution
			}
		}
		p.kill()
		kills++
		p = serve(t, addr, db, "--poll", "50ms")
	}
	time.Sleep(300 * time.Millisecond)
	cancel()
	wg.Wait()
	// The last process serves the final view, then stops gracefully.
	var final gameView
	if err := (&client{base: base, hc: clients[0].hc}).do("GET", fmt.Sprintf("/api/games/%d", gameID), nil, &final); err != nil {
		t.Fatal(err)
	}
	p.stop()
	raw.Close()

	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	bg := context.Background()
	g, err := st.GetGame(bg, gameID)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := st.Actions(bg, gameID, 0)
	if err != nil {
		t.Fatal(err)
	}
	advances, problems := checkRecord(g, acts, acked, tried, expiredAt)
	for _, p := range problems {
		t.Error(p)
	}
	if final.Game.Seq != g.Seq {
		t.Errorf("the server showed seq %d, the store has %d", final.Game.Seq, g.Seq)
	}
	// The record replays to the position the server showed.
	r := diplomacy.Rules{}
	rec := game.Record{Game: "diplomacy", Config: g.Config, Seed: g.Seed}
	for _, a := range acts {
		rec.Steps = append(rec.Steps, game.Step{Seat: a.Seat, Action: a.Action})
	}
	s, err := game.Replay(r, rec, nil)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	want, _ := json.Marshal(r.View(s, game.System))
	var got bytes.Buffer
	json.Compact(&got, final.View)
	if !bytes.Equal(want, got.Bytes()) {
		t.Errorf("replayed view differs from the server's:\nreplay %s\nserver %s", want, got.Bytes())
	}
	t.Logf("%d kills; %d actions, %d phases resolved (%d deadlines made to pass); %d submissions acknowledged of %d tried",
		kills, len(acts), advances, len(expiredAt), len(acked), len(tried))
	if kills < 10 || advances < 3 || len(acked) < 50 {
		t.Errorf("too little happened to prove anything: %d kills, %d phases, %d acknowledged", kills, advances, len(acked))
	}
}

// expire makes the game's current deadline pass (its job and the game's
// deadline set to a second ago), in one transaction, and returns the
// game's seq at that moment.
func expire(t *testing.T, raw *sql.DB, gameID int64) (int64, bool) {
	tx, err := raw.Begin()
	if err != nil {
		t.Logf("expire: %v", err)
		return 0, false
	}
	defer tx.Rollback()
	var seq int64
	var deadline sql.NullInt64
	if err := tx.QueryRow(`SELECT seq, deadline FROM games WHERE id = ? AND status = 'active'`, gameID).Scan(&seq, &deadline); err != nil || !deadline.Valid {
		return 0, false
	}
	past := time.Now().Add(-time.Second).UnixMicro()
	res, err := tx.Exec(`UPDATE jobs SET due_at = ? WHERE game_id = ? AND kind = 'deadline' AND due_at = ?`, past, gameID, deadline.Int64)
	if err != nil {
		t.Logf("expire: %v", err)
		return 0, false
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return 0, false
	}
	if _, err := tx.Exec(`UPDATE games SET deadline = ? WHERE id = ?`, past, gameID); err != nil {
		t.Logf("expire: %v", err)
		return 0, false
	}
	if err := tx.Commit(); err != nil {
		t.Logf("expire: %v", err)
		return 0, false
	}
	return seq, true
}

// checkRecord checks a game's action log against what clients were told
// and tried: seq 1…n without gaps; every acknowledged submission is the
// action after the seq it was made against; every player action was tried
// by a client; every window closed (advance) either because every seat
// was ready or because its deadline was made to pass (expiredAt: the seq
// at that moment) — never twice. It returns the number of advances and the problems found.
func checkRecord(g *store.Game, acts []store.Action, acked, tried []ack, expiredAt []int64) (int, []string) {
	var problems []string
	errorf := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if int64(len(acts)) != g.Seq {
		errorf("game seq %d, %d actions", g.Seq, len(acts))
	}
	bySeq := map[int64]store.Action{}
	for i, a := range acts {
		if a.Seq != int64(i+1) {
			errorf("action %d has seq %d: seq must run 1, 2, 3 …", i, a.Seq)
			return 0, problems
		}
		bySeq[a.Seq] = a
	}
	same := func(a store.Action, k ack) bool {
		var x, y bytes.Buffer
		json.Compact(&x, a.Action.Args)
		json.Compact(&y, k.args)
		return a.Seat == k.seat && a.Action.Type == k.typ && bytes.Equal(x.Bytes(), y.Bytes())
	}
	for _, k := range acked {
		upTo := k.answer
		if upTo == 0 {
			upTo = int64(len(acts))
		}
		found := false
		for n := k.expectSeq + 1; n <= upTo && !found; n++ {
			found = same(bySeq[n], k)
		}
		if !found {
			errorf("acknowledged %s %s %s against seq %d (answered %d) is not in the log after it", k.seat, k.typ, k.args, k.expectSeq, k.answer)
		}
	}
	// madeAt reports whether tried submission k may be action n: made
	// against a seq before n in the same window (no advance between), by a
	// seat that wrote nothing between (a Diplomacy phase is one window:
	// each submission is judged by it, not by other seats' writes).
	madeAt := func(k ack, n int64) bool {
		if k.expectSeq >= n || !same(bySeq[n], k) {
			return false
		}
		for m := k.expectSeq + 1; m < n; m++ {
			if a := bySeq[m]; a.Seat == game.System || a.Seat == k.seat {
				return false
			}
		}
		return true
	}
	r := diplomacy.Rules{}
	s, err := r.Setup(g.Config, g.Seed)
	if err != nil {
		return 0, append(problems, err.Error())
	}
	advances, lastAdvance := 0, int64(0)
	for _, a := range acts {
		if a.Seat == game.System {
			if a.Action.Type != game.Advance {
				return advances, append(problems, fmt.Sprintf("system action %q at %d", a.Action.Type, a.Seq))
			}
			justified := game.AllReady(r.Pending(s))
			for _, e := range expiredAt {
				justified = justified || (e >= lastAdvance && e < a.Seq)
			}
			if !justified {
				errorf("advance at seq %d (previous at %d): not every seat was ready and no deadline passed: a window closed twice?", a.Seq, lastAdvance)
			}
			advances++
			lastAdvance = a.Seq
		} else {
			found := false
			for _, k := range tried {
				found = found || madeAt(k, a.Seq)
			}
			if !found {
				errorf("action %d (%s %s) was never submitted against a seq of its window since the seat's last action", a.Seq, a.Seat, a.Action.Type)
			}
		}
		if s, _, err = r.Apply(s, a.Seat, a.Action); err != nil {
			return advances, append(problems, fmt.Sprintf("replaying action %d: %v", a.Seq, err))
		}
	}
	return advances, problems
}

// TestCheckRecordCatches shows the kill -9 test's checker failing on the
// records it must refuse.
func TestCheckRecordCatches(t *testing.T) {
	g := &store.Game{Kind: "diplomacy", Seed: 1}
	orders := json.RawMessage(`{"orders":["A par - bur"]}`)
	ready := json.RawMessage(`{"ready":true}`)
	act := func(seq int64, seat game.Seat, typ string, args json.RawMessage) store.Action {
		return store.Action{Seq: seq, Seat: seat, Action: game.Action{Type: typ, Args: args}}
	}
	adv := func(seq int64) store.Action { return act(seq, game.System, game.Advance, nil) }
	frOrders := ack{seat: "france", expectSeq: 0, typ: "orders", args: orders}
	good := []store.Action{act(1, "france", "orders", orders)}
	tried := []ack{frOrders}
	for _, s := range []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"} {
		tried = append(tried, ack{seat: s, expectSeq: int64(len(good)), typ: "ready", args: ready})
		good = append(good, act(int64(len(good)+1), s, "ready", ready))
	}
	good = append(good, adv(int64(len(good)+1)))
	g.Seq = int64(len(good))
	if n, p := checkRecord(g, good, []ack{frOrders}, tried, nil); n != 1 || len(p) != 0 {
		t.Fatalf("a good record: %d advances, problems %q", n, p)
	}
	for name, c := range map[string]struct {
		acts    []store.Action
		acked   []ack
		expired []int64
	}{
		"window closed twice":         {acts: append(append([]store.Action{}, good...), adv(10))},
		"closed with none ready":      {acts: []store.Action{act(1, "france", "orders", orders), adv(2)}},
		"acknowledged but lost":       {acts: good[1:2], acked: []ack{frOrders}},
		"acknowledged elsewhere":      {acts: good, acked: []ack{{seat: "france", expectSeq: 3, typ: "orders", args: orders}}},
		"never submitted":             {acts: append([]store.Action{act(1, "italy", "orders", json.RawMessage(`{"orders":[]}`))}, good[1:]...)},
		"submitted in another window": {acts: append(append([]store.Action{}, good...), act(10, "france", "orders", orders))},
		"over the seat's own":         {acts: []store.Action{act(1, "france", "orders", orders), act(2, "france", "orders", orders)}},
		"a gap in seq":                {acts: []store.Action{act(2, "france", "orders", orders)}},
		"expiry before the window":    {acts: append(append([]store.Action{}, good...), adv(10)), expired: []int64{3}},
	} {
		g.Seq = int64(len(c.acts))
		if _, p := checkRecord(g, c.acts, c.acked, tried, c.expired); len(p) == 0 {
			t.Errorf("%s: no problem found", name)
		}
	}
	// A deadline made to pass justifies the close.
	closed := append(append([]store.Action{}, good...), adv(10))
	g.Seq = 10
	if _, p := checkRecord(g, closed, nil, tried, []int64{9}); len(p) != 0 {
		t.Errorf("a deadline made to pass at seq 9: %q", p)
	}
}
