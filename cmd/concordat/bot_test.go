package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"concordat/store"
	"concordat/store/sqlite"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startPlay runs play in the background on a free port and returns what
// it printed, and the function that stops it (and waits).
func startPlay(t *testing.T, cfg playConfig) (playInfo, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	infos := make(chan playInfo, 1)
	done := make(chan error, 1)
	cfg.Addr = "127.0.0.1:0"
	go func() {
		done <- play(ctx, cfg, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})), func(in playInfo) { infos <- in })
	}()
	select {
	case in := <-infos:
		return in, func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("play: %v", err)
			}
		}
	case err := <-done:
		cancel()
		t.Fatalf("play: %v", err)
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatal("play printed no link in a minute")
	}
	return playInfo{}, nil
}

// TestPlayDiplomacyAndBotProcess: `concordat play --bots 5` serves a
// standard game whose link opens the web client, with five seats held by
// bots of the default kind and the player seated. A `concordat bot`
// process with another account's personal token joins the last seat,
// which starts the game; while the player readies each phase, the
// process answers its seat's decisions with the random view bot through
// the public API, and the game moves on with its orders, stored as that
// account's.
func TestPlayDiplomacyAndBotProcess(t *testing.T) {
	playWithBotProcess(t, "random", nil)
}

// TestBotProcessHeuristic: the same with the process playing the
// heuristic kind (`--kind heuristic`) from Turkey's view, in a standard
// game, a Fog of War one and a Multiplicity one: two years of answers accepted, and none of
// its orders found invalid at the resolution.
func TestBotProcessHeuristic(t *testing.T) {
	for _, opts := range []map[string]string{nil, {"fog": "true"}, {"multiplicity": "true"}} {
		playWithBotProcess(t, "heuristic", opts)
	}
}

// playWithBotProcess plays two years of a game of 5 bots (of the default
// kind; the heuristic in Multiplicity, which has no random bot), the
// player and a `concordat bot` process of kind on Turkey (see
// TestPlayDiplomacyAndBotProcess).
func playWithBotProcess(t *testing.T, kind string, opts map[string]string) {
	db := filepath.Join(t.TempDir(), "play.db")
	serverKind := "" // the default kind; Multiplicity has no random bot
	if opts["multiplicity"] == "true" {
		serverKind = "heuristic"
	}
	in, stop := startPlay(t, playConfig{DB: db, Game: "diplomacy", Rules: opts, Bots: 5, Kind: serverKind, Phase: "24h", User: "alice"})
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	ctx := context.Background()
	resp, err := http.Get(in.Link)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "<script") {
		t.Fatalf("the link %s: %d %.200s", in.Link, resp.StatusCode, page)
	}
	alice := newAPIClient(in.Base, "")
	if err := alice.call(ctx, "POST", "/api/login", map[string]string{"name": in.User, "password": in.Password}, nil); err != nil {
		t.Fatalf("logging in with what play printed: %v", err)
	}
	path := fmt.Sprintf("/api/games/%d", in.GameID)
	var g apiGame
	if err := alice.call(ctx, "GET", path, nil, &g); err != nil {
		t.Fatal(err)
	}
	bots, empty := 0, ""
	for _, s := range g.Seats {
		switch {
		case s.Bot:
			bots++
			if want := cmp.Or(serverKind, g.BotKinds[0]); s.BotKind != want {
				t.Fatalf("%s: a bot of kind %q, want %q", s.Seat, s.BotKind, want)
			}
		case s.Player == "":
			empty = s.Seat
		}
	}
	if g.Game.Status != "forming" || g.You != "austria" || in.Seat != "austria" || bots != 5 || empty != "turkey" {
		t.Fatalf("the game as play left it: %s, you %q, %d bots, empty %q", g.Game.Status, g.You, bots, empty)
	}

	// Another account, its token, and the bot process on Turkey.
	bob := newAPIClient(in.Base, "")
	var user struct {
		ID int64 `json:"id"`
	}
	if err := bob.call(ctx, "POST", "/api/register", map[string]string{"name": "bob", "password": "bob-password"}, &user); err != nil {
		t.Fatal(err)
	}
	var tok struct {
		Token string `json:"token"`
	}
	if err := bob.call(ctx, "POST", "/api/tokens", map[string]string{"name": "bot"}, &tok); err != nil {
		t.Fatal(err)
	}
	botCtx, stopBot := context.WithCancel(ctx)
	out := &syncBuffer{}
	botDone := make(chan error, 1)
	go func() {
		botDone <- playBot(botCtx, botConfig{Server: in.Base, Token: tok.Token, Game: in.GameID, Kind: kind, Seat: "turkey", Seed: 3, Poll: 200 * time.Millisecond, Out: out})
	}()
	// Alice readies each phase she owes; the bots and the process do the rest.
	deadline := time.Now().Add(20 * time.Second)
	for {
		g = apiGame{}
		if err := alice.call(ctx, "GET", path, nil, &g); err != nil {
			t.Fatal(err)
		}
		var view struct {
			Board struct {
				Phase struct {
					Year int `json:"year"`
				} `json:"phase"`
			} `json:"board"`
		}
		json.Unmarshal(g.View, &view)
		if view.Board.Phase.Year >= 1903 || g.Game.Status == "finished" {
			break
		}
		if time.Now().After(deadline) {
			if st, err := sqlite.Open(db); err == nil {
				acts, _ := st.Actions(ctx, in.GameID, 0)
				for _, a := range acts {
					t.Logf("%d %s %d %s %s", a.Seq, a.Seat, a.UserID, a.Action.Type, a.Action.Args)
				}
				st.Close()
			}
			select {
			case err := <-botDone:
				t.Logf("the bot process ended: %v", err)
			default:
			}
			t.Fatalf("the game is still in %d (seq %d, %s, window %s, pending %+v) after 20s; the bot said:\n%s", view.Board.Phase.Year, g.Game.Seq, g.Game.Status, g.Window, g.Pending, out)
		}
		if g.Game.Status == "active" && owes(g.Pending, "austria") {
			if err := alice.call(ctx, "POST", path+"/actions", map[string]any{"seq": g.Game.Seq, "window": g.Window, "type": "ready", "args": map[string]bool{"ready": true}}, nil); err != nil {
				t.Logf("seq %d %s: alice ready: %v", g.Game.Seq, g.Window, err)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopBot()
	if err := <-botDone; err != nil && err != context.Canceled {
		t.Fatalf("the bot process: %v", err)
	}
	if !strings.Contains(out.String(), "joined game") || !strings.Contains(out.String(), "with the "+kind+" bot") ||
		strings.Count(out.String(), ": orders ") < 4 || strings.Contains(out.String(), "no answer") {
		t.Fatalf("the bot process said:\n%s", out)
	}
	// Turkey's orders, as its view's history shows them with their
	// results: none invalid.
	var tv apiGame
	if err := newAPIClient(in.Base, tok.Token).call(ctx, "GET", path, nil, &tv); err != nil {
		t.Fatal(err)
	}
	var hist struct {
		History []struct {
			Orders []struct{ Power, Order, Result, Reason string }
		}
	}
	json.Unmarshal(tv.View, &hist)
	if opts["fog"] == "true" && !strings.Contains(string(tv.View), `"fog":true`) {
		t.Fatalf("%s: not a Fog of War game: %.300s", kind, tv.View)
	}
	resolved := 0
	for _, rec := range hist.History {
		for _, o := range rec.Orders {
			if o.Power != "turkey" {
				continue
			}
			resolved++
			if o.Result == "invalid" {
				t.Errorf("%s: Turkey's order %q invalid: %s", kind, o.Order, o.Reason)
			}
		}
	}
	if resolved < 6 {
		t.Fatalf("%s: Turkey's view shows %d of its orders resolved", kind, resolved)
	}
	stop()
	stopped = true

	acts := storedActions(t, ctx, db, in.GameID)
	orders := 0
	for _, a := range acts {
		if a.Seat != "turkey" || a.Action.Type != "orders" {
			continue
		}
		if a.UserID != user.ID {
			t.Fatalf("Turkey's action %d by user %d, not bob (%d)", a.Seq, a.UserID, user.ID)
		}
		var args struct {
			Orders []string `json:"orders"`
		}
		json.Unmarshal(a.Action.Args, &args)
		orders += len(args.Orders)
	}
	if orders < 6 {
		t.Fatalf("Turkey's stored orders: %d in two years", orders)
	}
}

// TestPlayHereIStand: `concordat play --game his --bots 5` starts the
// game at once: five bots and the player hold the six seats.
func TestPlayHereIStand(t *testing.T) {
	in, stop := startPlay(t, playConfig{Game: "his", Bots: 5, Phase: "24h", User: "carol", Seat: "papacy"})
	defer stop()
	c := newAPIClient(in.Base, "")
	ctx := context.Background()
	if err := c.call(ctx, "POST", "/api/login", map[string]string{"name": "carol", "password": in.Password}, nil); err != nil {
		t.Fatal(err)
	}
	var g apiGame
	if err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", in.GameID), nil, &g); err != nil {
		t.Fatal(err)
	}
	bots := 0
	for _, s := range g.Seats {
		if s.Bot {
			bots++
		}
	}
	if g.Game.Status != "active" || g.You != "papacy" || bots != 5 || g.Game.Game != "his" {
		t.Fatalf("the game: %s %s, you %q, %d bots", g.Game.Game, g.Game.Status, g.You, bots)
	}
}

// TestPlayAndBotRefusals: bad flags are refused with errors naming them.
func TestPlayAndBotRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--game", "chess"}, `"chess"`},
		{[]string{"play", "--addr", "127.0.0.1:0", "--bots", "9"}, "--bots 9"},
		{[]string{"play", "--addr", "127.0.0.1:0", "--seat", "narnia"}, "narnia"},
		{[]string{"play", "--addr", "127.0.0.1:0", "--kind", "genius"}, "genius"},
		{[]string{"bot", "--game", "1"}, "--token"},
		{[]string{"bot", "--token", "x"}, "--game"},
		{[]string{"bot", "--token", "x", "--game", "1", "--server", "ftp://x"}, "--server"},
	} {
		var out, errb bytes.Buffer
		if code := runMain(tc.args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and an error naming %s", tc.args, code, errb.String(), tc.want)
		}
	}
}

// TestBotProcessHereIStandHeuristic: in a Here I Stand game served by
// `concordat play --game his --bots 4`, a `concordat bot --kind heuristic`
// process with another account's token joins the open seat, which starts
// the game, and plays it with the rule-based player from the seat's view
// alone; a random bot process plays the player's seat. Every answer the
// heuristic process gives is accepted (it never prints "no answer"), and
// the game moves on with its actions, stored as that account's.
func TestBotProcessHereIStandHeuristic(t *testing.T) {
	db := filepath.Join(t.TempDir(), "play.db")
	in, stop := startPlay(t, playConfig{DB: db, Game: "his", Bots: 4, Phase: "24h", User: "dora", Seat: "papacy"})
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	ctx := context.Background()
	path := fmt.Sprintf("/api/games/%d", in.GameID)
	token := func(c *apiClient) string {
		var tok struct {
			Token string `json:"token"`
		}
		if err := c.call(ctx, "POST", "/api/tokens", map[string]string{"name": "bot"}, &tok); err != nil {
			t.Fatal(err)
		}
		return tok.Token
	}
	dora := newAPIClient(in.Base, "")
	if err := dora.call(ctx, "POST", "/api/login", map[string]string{"name": in.User, "password": in.Password}, nil); err != nil {
		t.Fatal(err)
	}
	var g apiGame
	if err := dora.call(ctx, "GET", path, nil, &g); err != nil {
		t.Fatal(err)
	}
	empty := ""
	for _, s := range g.Seats {
		if !s.Bot && s.Player == "" {
			empty = s.Seat
		}
	}
	if g.Game.Status != "forming" || g.You != "papacy" || empty == "" {
		t.Fatalf("the game as play left it: %s, you %q, empty seat %q", g.Game.Status, g.You, empty)
	}
	eve := newAPIClient(in.Base, "")
	var user struct {
		ID int64 `json:"id"`
	}
	if err := eve.call(ctx, "POST", "/api/register", map[string]string{"name": "eve", "password": "eve-password"}, &user); err != nil {
		t.Fatal(err)
	}
	botCtx, stopBots := context.WithCancel(ctx)
	out, doraOut := &syncBuffer{}, &syncBuffer{}
	done := make(chan error, 2)
	go func() {
		done <- playBot(botCtx, botConfig{Server: in.Base, Token: token(eve), Game: in.GameID, Kind: "heuristic", Seat: empty, Seed: 5, Poll: 200 * time.Millisecond, Out: out})
	}()
	doraToken := token(dora)
	go func() {
		done <- playBot(botCtx, botConfig{Server: in.Base, Token: doraToken, Game: in.GameID, Kind: "random", Seed: 6, Poll: 200 * time.Millisecond, Out: doraOut})
	}()
	const want = 25 // answers of the heuristic process
	deadline := time.Now().Add(60 * time.Second)
	for strings.Count(out.String(), "\nseq ") < want && !strings.Contains(out.String(), "is over") {
		if strings.Contains(out.String(), "no answer") || strings.Contains(doraOut.String(), "no answer") {
			break
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	stopBots()
	for i := 0; i < 2; i++ {
		if err := <-done; err != nil && err != context.Canceled {
			t.Fatalf("a bot process: %v\nheuristic:\n%s\nrandom:\n%s", err, out, doraOut)
		}
	}
	if strings.Contains(out.String(), "no answer") || !strings.Contains(out.String(), "with the heuristic bot") {
		t.Fatalf("the heuristic process said:\n%s", out)
	}
	if n := strings.Count(out.String(), "\nseq "); n < want && !strings.Contains(out.String(), "is over") {
		t.Fatalf("%d answers from the heuristic process in 60s; it said:\n%s\nthe random process said:\n%s", n, out, doraOut)
	}
	stop()
	stopped = true

	acts := storedActions(t, ctx, db, in.GameID)
	mine := 0
	for _, a := range acts {
		if string(a.Seat) != empty {
			continue
		}
		if a.UserID != user.ID {
			t.Fatalf("%s's action %d by user %d, not eve (%d)", empty, a.Seq, a.UserID, user.ID)
		}
		mine++
	}
	if mine < want {
		t.Fatalf("%d actions stored for %s, want %d or more", mine, empty, want)
	}
	t.Logf("%d actions of %s stored; the heuristic process said:\n%.1500s", mine, empty, out)
}

// storedActions are the actions the SQLite file db holds for game id,
// read once the server that wrote them has stopped.
func storedActions(t *testing.T, ctx context.Context, db string, id int64) []store.Action {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acts, err := st.Actions(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return acts
}
