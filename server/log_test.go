package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"concordat/game"
	"concordat/host"
	"concordat/host/hosttest"
)

// actedResp is the answer to POST /actions.
type actedResp struct {
	Seq    int64 `json:"seq"`
	Events []struct {
		Type    string `json:"type"`
		Text    string `json:"text"`
		Private bool   `json:"private"`
	} `json:"events"`
	Checks    []game.Check `json:"checks"`
	Duplicate bool         `json:"duplicate"`
	Window    string       `json:"window"`
}

// logResp is GET /log's answer.
type logResp struct {
	Seq int64 `json:"seq"`
	host.LogPage
}

// roundsGameAPI creates a game of the rounds test game over the API and
// seats a client in each seat.
func roundsGameAPI(e *env, prefix string) (int64, map[game.Seat]*client) {
	e.t.Helper()
	pl := map[game.Seat]*client{}
	for _, seat := range hosttest.RoundsSeats {
		pl[seat] = e.register(prefix + string(seat))
	}
	id := pl["a"].createGame(map[string]any{"name": prefix, "game": "rounds", "options": map[string]any{"phase": "1h"}})
	for _, seat := range hosttest.RoundsSeats {
		pl[seat].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": string(seat)}, http.StatusOK, nil)
	}
	return id, pl
}

// logLines is a log's events as "seq type text" lines.
func logLines(entries []host.LogEntry) []string {
	var out []string
	for _, e := range entries {
		for _, ev := range e.Events {
			out = append(out, fmt.Sprintf("%d %s %s", e.Seq, ev.Type, ev.Text))
		}
	}
	return out
}

// TestSimultaneousSubmissionsAPI: seven players submit over the API at
// once, each against the seq it read before anyone wrote: all are
// accepted, each answer judges every order, a retry is answered as done
// and stored once, and other orders against a seq the seat wrote since
// are stale.
func TestSimultaneousSubmissionsAPI(t *testing.T) {
	e := newEnvWith(t, hosttest.Rounds{Last: 3})
	id, pl := roundsGameAPI(e, "sim")
	g := pl["a"].getGame(id)
	var legal struct {
		Seq    int64  `json:"seq"`
		Window string `json:"window"`
	}
	pl["a"].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, &legal)
	var full struct {
		Window string `json:"window"`
	}
	pl["a"].mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &full)
	if full.Window != "R1" || legal.Window != "R1" || legal.Seq != g.Game.Seq {
		t.Fatalf("the window open: game %q, legal %q (seq %d)", full.Window, legal.Window, legal.Seq)
	}
	read := g.Game.Seq
	var wg sync.WaitGroup
	answers := make([]response, len(hosttest.RoundsSeats))
	for i, seat := range hosttest.RoundsSeats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = pl[seat].act(id, read, "orders", map[string][]string{"orders": {"hold", "bad " + string(seat)}})
		}()
	}
	wg.Wait()
	seqs := map[int64]bool{}
	for i, r := range answers {
		seat := hosttest.RoundsSeats[i]
		var a actedResp
		if r.status != http.StatusOK || json.Unmarshal(r.body, &a) != nil {
			t.Fatalf("%s's orders against seq %d: %d %s", seat, read, r.status, r.body)
		}
		want := []game.Check{{Item: "hold", Valid: true}, {Item: "bad " + string(seat), Reason: "bad " + string(seat) + " is bad in round 1"}}
		if fmt.Sprint(a.Checks) != fmt.Sprint(want) || a.Duplicate || a.Window != "R1" {
			t.Fatalf("%s's answer: %s", seat, r.body)
		}
		seqs[a.Seq] = true
	}
	if len(seqs) != 7 || e.actions(id) != 7 {
		t.Fatalf("seqs %v, %d actions stored; want seven writes", seqs, e.actions(id))
	}
	// b's request again: done already, nothing stored.
	var dup actedResp
	pl["b"].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": read, "type": "orders", "args": map[string][]string{"orders": {"hold", "bad b"}}}, http.StatusOK, &dup)
	if !dup.Duplicate || dup.Seq != read+7 || e.actions(id) != 7 || len(dup.Checks) != 2 {
		t.Fatalf("b's retry: %+v, %d actions", dup, e.actions(id))
	}
	wantError(t, "b's other orders against the seq it wrote after", pl["b"].act(id, read, "orders", map[string][]string{"orders": {"hold"}}),
		http.StatusConflict, "stale", "you submitted again")
	// Naming the window.
	r := pl["c"].do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": read + 7, "window": "R2", "type": "ready", "args": map[string]bool{"ready": true}})
	wantError(t, "ready for a window not open", r, http.StatusConflict, "stale", "R2")
	pl["c"].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": read + 7, "window": "R1", "type": "ready", "args": map[string]bool{"ready": true}}, http.StatusOK, nil)
	if e.actions(id) != 8 {
		t.Fatalf("%d actions after c's ready, want 8", e.actions(id))
	}
}

// TestGameLogAPI: the log over the API (GET /log, /history/{seq} and the
// live stream) shows each seat the public events and its own, a
// spectator the public ones; it pages; bad ranges are refused. A
// Diplomacy phase's resolution and Here I Stand's dice are in it.
func TestGameLogAPI(t *testing.T) {
	e := newEnvWith(t, hosttest.Rounds{Last: 3})
	id, pl := roundsGameAPI(e, "log")
	spectator := e.anon()
	streamA, streamSpec := pl["a"].openEvents(t, id), spectator.openEvents(t, id)
	for _, ch := range []<-chan sseEvent{streamA, streamSpec} {
		if ev := next(t, ch); ev.Kind != "hello" {
			t.Fatalf("first event %+v", ev)
		}
	}
	seq := pl["a"].getGame(id).Game.Seq
	for _, seat := range hosttest.RoundsSeats {
		var a actedResp
		pl[seat].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": seq, "type": "ready", "args": map[string]bool{"ready": true}}, http.StatusOK, &a)
		seq = a.Seq
	}
	if seq != 8 {
		t.Fatalf("seq %d after seven readies and the close, want 8", seq)
	}
	round := "8 round round 1: a: ; b: ; c: ; d: ; e: ; f: ; g: "
	// The streams: seven actions without events, then the close with its
	// entry, each seat's own.
	wantStream := func(ch <-chan sseEvent, want []string) {
		t.Helper()
		for i := 0; i < 7; i++ {
			if ev := next(t, ch); ev.Kind != "action" || ev.Log != nil {
				t.Fatalf("the stream's action %d: %+v", i+1, ev)
			}
		}
		ev := next(t, ch)
		if got := logLines(ev.Log); ev.Kind != "phase" || ev.Seq != 8 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("the stream's close: %+v, want log %q", ev, want)
		}
	}
	wantStream(streamA, []string{round, "8 note a, your round 1 is done"})
	wantStream(streamSpec, []string{round})
	// GET /log.
	var lg logResp
	pl["b"].mustDo("GET", fmt.Sprintf("/api/games/%d/log", id), nil, http.StatusOK, &lg)
	if got := logLines(lg.Entries); lg.Seq != 8 || fmt.Sprint(got) != fmt.Sprint([]string{round, "8 note b, your round 1 is done"}) || !lg.Entries[0].System || lg.Entries[0].Events[1].Private != true {
		t.Fatalf("b's log: %+v", lg)
	}
	spectator.mustDo("GET", fmt.Sprintf("/api/games/%d/log?from=1&to=8", id), nil, http.StatusOK, reset(&lg))
	if got := logLines(lg.Entries); fmt.Sprint(got) != fmt.Sprint([]string{round}) {
		t.Fatalf("a spectator's log: %q", got)
	}
	spectator.mustDo("GET", fmt.Sprintf("/api/games/%d/log?from=1&limit=3", id), nil, http.StatusOK, reset(&lg))
	if len(lg.Entries) != 0 || lg.Next != 4 {
		t.Fatalf("the first three actions' log: %+v, want none and next 4", lg)
	}
	for _, q := range []string{"from=-1", "to=x", "limit=501", "from=1e3"} {
		wantError(t, "log?"+q, spectator.do("GET", fmt.Sprintf("/api/games/%d/log?%s", id, q), nil), http.StatusBadRequest, "invalid", strings.Split(q, "=")[0])
	}
	// /history/{seq} carries the action's events.
	var hist struct {
		Seq    int64           `json:"seq"`
		Events []host.LogEvent `json:"events"`
	}
	pl["c"].mustDo("GET", fmt.Sprintf("/api/games/%d/history/8", id), nil, http.StatusOK, &hist)
	if len(hist.Events) != 2 || hist.Events[1].Text != "c, your round 1 is done" {
		t.Fatalf("c's history of seq 8: %+v", hist)
	}
	pl["c"].mustDo("GET", fmt.Sprintf("/api/games/%d/history/3", id), nil, http.StatusOK, reset(&hist))
	if hist.Events == nil || len(hist.Events) != 0 {
		t.Fatalf("c's history of seq 3 (a ready): %+v, want no events", hist)
	}

	// Diplomacy: the resolution of a phase, for everyone.
	did, dpl := e.dipGame("logdip", map[string]any{"phase": "1h"})
	readyAll(t, did, dpl)
	e.anon().mustDo("GET", fmt.Sprintf("/api/games/%d/log", did), nil, http.StatusOK, reset(&lg))
	if got := logLines(lg.Entries); len(got) != 1 || !strings.Contains(got[0], "phase spring 1901 movement resolved; now fall 1901 movement") {
		t.Fatalf("a spectator's log of a Diplomacy game: %q", got)
	}
}

// TestGameLogHereIStand: Here I Stand's events (the 95 Theses' dice) reach
// every seat's log, with the seat that acted.
func TestGameLogHereIStand(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range hisSeats {
		pl[s] = e.register("hlog" + s)
	}
	id := pl["papacy"].createGame(map[string]any{"name": "HIS log", "game": "his", "variant": "1517"})
	for _, s := range hisSeats {
		pl[s].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	var legal struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string `json:"kind"`
			Choices []struct {
				Value string `json:"value"`
			} `json:"choices"`
		} `json:"options"`
	}
	pl["protestant"].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, &legal)
	if legal.Options.Kind != "reformation.target" {
		t.Fatalf("the Protestant owes %q", legal.Options.Kind)
	}
	target := legal.Options.Choices[0].Value
	var a actedResp
	pl["protestant"].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": legal.Seq, "type": "reformation.target", "args": []string{target}}, http.StatusOK, &a)
	if len(a.Events) == 0 {
		t.Fatalf("the Protestant's reformation attempt reported nothing: %+v", a)
	}
	var lg logResp
	e.anon().mustDo("GET", fmt.Sprintf("/api/games/%d/log", id), nil, http.StatusOK, &lg)
	if len(lg.Entries) != 1 || lg.Entries[0].Seat != "protestant" || lg.Entries[0].Seq != legal.Seq+1 || len(lg.Entries[0].Events) != len(a.Events) {
		t.Fatalf("a spectator's log after the first attempt: %+v; the answer's events %+v", lg, a.Events)
	}
	for i, ev := range lg.Entries[0].Events {
		if ev.Text != a.Events[i].Text || ev.Private {
			t.Fatalf("event %d: %+v in the log, %+v in the answer", i, ev, a.Events[i])
		}
	}
}

// TestStreamLogRelayed: a change another server process made reaches a
// stream through the relay without its events; the stream reads the
// log's entries it missed from the store, as the seat may see them.
func TestStreamLogRelayed(t *testing.T) {
	e := newEnvWith(t, hosttest.Rounds{Last: 3})
	id, pl := roundsGameAPI(e, "relay")
	stream := pl["a"].openEvents(t, id)
	if ev := next(t, stream); ev.Kind != "hello" || ev.Seq != 0 {
		t.Fatalf("first event %+v", ev)
	}
	// Another process: a host of its own on the store, unknown to the hub.
	other := host.New(e.st, e.srv.Log, "other", hosttest.Rounds{Last: 3})
	other.Now = e.clock.Now
	seq := int64(0)
	for _, seat := range hosttest.RoundsSeats {
		res, err := other.Submit(t.Context(), pl[seat].id, id, nil, host.Submission{Seq: seq, Action: hosttest.Ready()})
		if err != nil {
			t.Fatal(err)
		}
		seq = res.Seq
	}
	if seq != 8 {
		t.Fatalf("seq %d after the other process's readies, want 8", seq)
	}
	e.srv.relayDeliver(fmt.Sprintf(`{"o":"elsewhere","c":[{"g":%d,"k":"action","s":7},{"g":%d,"k":"phase","s":8,"e":true}]}`, id, id))
	if ev := next(t, stream); ev.Kind != "action" || ev.Seq != 7 || ev.Log != nil {
		t.Fatalf("the relayed action: %+v (a gap of seven actions without events: no log)", ev)
	}
	ev := next(t, stream)
	want := []string{"8 round round 1: a: ; b: ; c: ; d: ; e: ; f: ; g: ", "8 note a, your round 1 is done"}
	if ev.Kind != "phase" || ev.Seq != 8 || fmt.Sprint(logLines(ev.Log)) != fmt.Sprint(want) {
		t.Fatalf("the relayed close: %+v, want the log %q", ev, want)
	}
}

// TestOrdersCheckedAPI: the answer to a Diplomacy order list judges each
// order as the resolution will (the list is stored as written): an
// unreachable move and a support of an empty province are reported at
// once, with the reasons the resolution then gives.
func TestOrdersCheckedAPI(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("chk", map[string]any{"phase": "1h"})
	orders := []string{"A par - mos", "A mar S A gas", "F bre - mao"}
	var a actedResp
	pl["france"].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "window": "S1901M", "type": "orders", "args": map[string][]string{"orders": orders}}, http.StatusOK, &a)
	want := []game.Check{{Item: "A par - mos", Reason: "A par cannot reach mos"},
		{Item: "A mar S A gas", Reason: "there is no unit at gas to support or convoy"}, {Item: "F bre - mao", Valid: true}}
	if fmt.Sprint(a.Checks) != fmt.Sprint(want) || a.Window != "S1901M" {
		t.Fatalf("the answer: %+v, want checks %+v", a, want)
	}
	if _, v := pl["france"].dip(id); strings.Join(v.Orders, ";") != strings.Join(orders, ";") {
		t.Fatalf("the orders stored: %v, want them as written", v.Orders)
	}
	readyAll(t, id, pl)
	_, v := pl["france"].dip(id)
	got := map[string]string{}
	for _, o := range v.History[0].Orders {
		if o.Power == "france" {
			got[o.Order] = o.Result
		}
	}
	if got["A par - mos"] != "invalid" || got["A mar S A gas"] != "invalid" || got["F bre - mao"] != "succeeds" {
		t.Fatalf("France's results: %v", got)
	}
}

// TestOrdersVetoedAPI: an order list holding an order that can never apply
// (a build in a movement phase, a unit supporting itself, a control
// character) is refused at submission with a reason naming the order, and
// nothing is stored: the game's seq and the seat's orders stay as they were.
func TestOrdersVetoedAPI(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("veto", map[string]any{"phase": "1h"})
	for _, tc := range []struct{ order, want string }{
		{"A par B", "A par B"},
		{"A par S A par", "A par S A par"},
		{"A par -\tbur", "control character"},
	} {
		r := pl["france"].do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "type": "orders",
			"args": map[string][]string{"orders": {"F bre - mao", tc.order}}})
		if r.status != http.StatusBadRequest || !strings.Contains(string(r.body), `"refused"`) {
			t.Fatalf("%q: %d %s, want a refusal", tc.order, r.status, r.body)
		}
		if !strings.Contains(string(r.body), tc.want) {
			t.Fatalf("%q: the refusal %s does not name %q", tc.order, r.body, tc.want)
		}
		if g, v := pl["france"].dip(id); g.Game.Seq != 0 || len(v.Orders) != 0 {
			t.Fatalf("%q: stored anyway: seq %d, orders %v", tc.order, g.Game.Seq, v.Orders)
		}
	}
}
