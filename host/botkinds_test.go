package host

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/store"
)

// twoKinds is Diplomacy with two kinds of bot (game.Bots): "random" (the
// rules' random player, the default) and "idle", which sends an empty
// order list (every unit holds), so that a test tells from a stored
// action which kind answered.
type twoKinds struct{ diplomacy.Rules }

func (twoKinds) BotKinds() []string { return []string{"random", "idle"} }

func (r twoKinds) BotOf(kind string) (game.Bot, bool) {
	switch kind {
	case "random":
		return r.Rules, true
	case "idle":
		return idleBot{}, true
	}
	return nil, false
}

type idleBot struct{}

func (idleBot) BotAction(st game.State, seat game.Seat, _ *game.RNG) (game.Action, error) {
	for _, p := range (diplomacy.Rules{}).Pending(st) {
		if p.Seat == seat && p.Kind == "orders" {
			return game.NewAction("orders", map[string][]string{"orders": {}}), nil
		}
	}
	return game.Action{}, errors.New("idle: no orders owed")
}

var _ game.Bots = twoKinds{}

// kindsEnv is a host of twoKinds on a fresh store, with n accounts.
func kindsEnv(t *testing.T, n int) (store.Store, *clock, *Host, []int64) {
	t.Helper()
	st := newStore(t)
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), "p1", twoKinds{})
	h.Now = c.Now
	return st, c, h, users(t, st, n)
}

// orderCounts is, per seat, the number of orders of each of its stored
// actions.
func orderCounts(t *testing.T, st store.Store, gameID int64) map[game.Seat][]int {
	t.Helper()
	acts, err := st.Actions(context.Background(), gameID, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[game.Seat][]int{}
	for _, a := range acts {
		if a.Action.Type != "orders" {
			continue
		}
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := json.Unmarshal(a.Action.Args, &args); err != nil {
			t.Fatal(err)
		}
		if a.UserID != 0 {
			t.Fatalf("action %d of %s by user %d, not a bot", a.Seq, a.Seat, a.UserID)
		}
		out[a.Seat] = append(out[a.Seat], len(args.Orders))
	}
	return out
}

// TestPutBotKinds: the creator fills a forming game's seats with bots of
// the kinds the rules offer; refusals name the problem and change
// nothing; players join around the bots; the game starts when full and
// each bot answers at once with its own kind.
func TestPutBotKinds(t *testing.T) {
	ctx := context.Background()
	st, _, h, ids := kindsEnv(t, 3)
	creator, player, stranger := ids[0], ids[1], ids[2]
	g, err := h.CreateGame(ctx, creator, NewGame{Name: "bots", Kind: "diplomacy", Options: json.RawMessage(`{"phase": "1h"}`)}, 42)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Join(ctx, creator, g.ID, "england"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.PutBot(ctx, stranger, g.ID, "france", "idle"); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger put a bot in a seat: %v", err)
	}
	_, err = h.PutBot(ctx, creator, g.ID, "france", "genius")
	if CodeOf(err) != CodeInvalid || !strings.Contains(err.Error(), `"genius"`) || !strings.Contains(err.Error(), "random, idle") {
		t.Fatalf("an unknown kind: %v, want an error naming it and the kinds", err)
	}
	if _, err := h.PutBot(ctx, creator, g.ID, "narnia", "idle"); CodeOf(err) != CodeInvalid || !strings.Contains(err.Error(), "narnia") {
		t.Fatalf("an unknown seat: %v", err)
	}
	if _, err := h.PutBot(ctx, creator, g.ID, "england", "idle"); CodeOf(err) != CodeConflict {
		t.Fatalf("a bot in a player's seat: %v", err)
	}
	if err := h.RemoveBot(ctx, creator, g.ID, "france"); CodeOf(err) != CodeConflict {
		t.Fatalf("removing a bot from an empty seat: %v", err)
	}
	seats, _ := st.Seats(ctx, g.ID)
	for _, s := range seats {
		if s.Bot {
			t.Fatalf("a refused request left a bot in %s", s.Seat)
		}
	}
	if kind, err := h.PutBot(ctx, creator, g.ID, "france", "idle"); err != nil || kind != "idle" {
		t.Fatalf("France idle: %q %v", kind, err)
	}
	if kind, err := h.PutBot(ctx, creator, g.ID, "italy", ""); err != nil || kind != "random" {
		t.Fatalf("Italy of the game's kind: %q %v, want random (the default)", kind, err)
	}
	if _, err := h.Join(ctx, player, g.ID, "france"); CodeOf(err) != CodeConflict {
		t.Fatalf("a player took the bot's seat: %v", err)
	}
	if err := h.RemoveBot(ctx, stranger, g.ID, "italy"); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger removed a bot: %v", err)
	}
	if err := h.RemoveBot(ctx, creator, g.ID, "italy"); err != nil {
		t.Fatal(err)
	}
	seat, err := h.Join(ctx, player, g.ID, "") // a random free seat: never a bot's
	if err != nil || seat == "france" || seat == "england" {
		t.Fatalf("the player joined %q (%v)", seat, err)
	}
	for _, s := range []game.Seat{"austria", "germany", "italy", "russia", "turkey"} {
		if s == seat {
			continue
		}
		kind := "random"
		if s == "germany" {
			kind = "idle"
		}
		if _, err := h.PutBot(ctx, creator, g.ID, s, kind); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	if g.Status != store.Active {
		t.Fatalf("the game is %s with every seat held", g.Status)
	}
	if _, err := h.PutBot(ctx, creator, g.ID, "france", "random"); CodeOf(err) != CodeConflict {
		t.Fatalf("a bot put in a started game: %v", err)
	}
	// Each bot answered S1901M at once: the idle ones with no orders, the
	// random ones with one order per unit (3; Russia 4).
	counts := orderCounts(t, st, g.ID)
	for _, s := range []game.Seat{"austria", "france", "germany", "italy", "russia", "turkey"} {
		if s == seat {
			if len(counts[s]) != 0 {
				t.Fatalf("the player's seat %s has bot actions %v", s, counts[s])
			}
			continue
		}
		want := 3
		if s == "russia" {
			want = 4
		}
		if s == "france" || s == "germany" {
			want = 0
		}
		if len(counts[s]) != 1 || counts[s][0] != want {
			t.Fatalf("%s's bot answered %v, want one action of %d orders", s, counts[s], want)
		}
	}
	// The two players ready: with the bots' orders in, the window closes
	// at once, long before its deadline.
	r := twoKinds{}
	before, _ := h.State(ctx, g)
	window := r.Window(before)
	for _, u := range []int64{creator, player} {
		if _, _, err := h.Act(ctx, u, g.ID, -1, game.NewAction("ready", map[string]bool{"ready": true})); err != nil {
			t.Fatal(err)
		}
	}
	g, _, _ = h.Game(ctx, g.ID)
	after, _ := h.State(ctx, g)
	if w := r.Window(after); w == window {
		t.Fatalf("still in %s with the players ready and the bots' orders in", w)
	}
	seats, _ = st.Seats(ctx, g.ID)
	for _, s := range seats {
		if s.Seat == "france" && (!s.Bot || s.BotKind != "idle" || SeatBotKind(twoKinds{}, Options{}, s) != "idle") {
			t.Fatalf("France: %+v", s)
		}
		if s.Seat == "austria" && SeatBotKind(twoKinds{}, Options{}, s) != "random" && seat != "austria" {
			t.Fatalf("Austria: %+v", s)
		}
	}
}

// TestGameBotKind: the game's bot kind (Options.BotKind) must be one the
// rules offer; it answers for a seat that missed its deadline (missed
// "bot") and for a bot seat put without a kind.
func TestGameBotKind(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := kindsEnv(t, 7)
	_, err := h.CreateGame(ctx, ids[0], NewGame{Name: "x", Kind: "diplomacy", Options: json.RawMessage(`{"bot_kind": "genius"}`)}, 1)
	if CodeOf(err) != CodeInvalid || !strings.Contains(err.Error(), "bot_kind") || !strings.Contains(err.Error(), "random, idle") {
		t.Fatalf("an unknown game bot kind: %v", err)
	}
	g, holders := fullGame(t, h, ids, `{"phase": "1h", "missed": "bot", "bot_kind": "idle"}`)
	// England orders; nobody else does: at the deadline the idle kind
	// answers for the six others.
	if _, _, err := h.Act(ctx, holders["england"], g.ID, -1, ordersAction("F lon - nth", "F edi - nwg", "A lvp - yor")); err != nil {
		t.Fatal(err)
	}
	c.Add(2 * time.Hour)
	runDue(t, st, c, h)
	acts, _ := st.Actions(ctx, g.ID, 0)
	bots := 0
	for _, a := range acts {
		if a.Action.Type == "orders" && a.UserID == 0 {
			bots++
			if string(a.Action.Args) != `{"orders":[]}` {
				t.Fatalf("%s's missed-deadline answer %s, want the idle kind's", a.Seat, a.Action.Args)
			}
		}
	}
	if bots != 6 {
		t.Fatalf("%d bot answers at the deadline, want 6", bots)
	}

	// On rules with one bot (game.Bot alone) the only kind is random.
	if got := BotKinds(diplomacy.Rules{}); len(got) != 1 || got[0] != "random" {
		t.Fatalf("BotKinds of a game.Bot: %v", got)
	}
	if _, err := BotOf(diplomacy.Rules{}, "heuristic"); err == nil || !strings.Contains(err.Error(), "kinds: random") {
		t.Fatalf("BotOf an absent kind: %v", err)
	}
}
