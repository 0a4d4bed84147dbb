package host

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/his"
	"concordat/store"
)

// hisGame creates a Here I Stand game with opts on a host that hosts it,
// seats six users and returns the game (active) and the host.
func hisGame(t *testing.T, opts string) (store.Store, *clock, *Host, *store.Game) {
	t.Helper()
	ctx := context.Background()
	st := newStore(t)
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), "p1", his.Rules{})
	h.Now = c.Now
	ids := users(t, st, 6)
	seed := uint64(7)
	g, err := h.CreateGame(ctx, ids[0], NewGame{Name: "his", Kind: "his", Variant: "1517", Options: json.RawMessage(opts), Seed: &seed}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range ids {
		if _, err := h.Join(ctx, u, g.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	g, _, err = h.Game(ctx, g.ID)
	if err != nil || g.Status != store.Active {
		t.Fatalf("game: %v %v", g, err)
	}
	return st, c, h, g
}

// runDue runs every job due at the clock's time.
func runDue(t *testing.T, st store.Store, c *clock, h *Host) {
	t.Helper()
	ctx := context.Background()
	jobs, err := st.ClaimJobs(ctx, h.Owner, c.Now(), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if err := h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMissedBotHereIStand: in a game with missed "bot", the seat that owes
// the opening decision and lets the deadline pass gets the bot's answer
// (an action of its seat, by no user, the one his.RandomAction draws from
// game.BotRNG(seed, 0)), not the default (a system Advance, as in the same
// game with missed "default"); it counts as a missed phase, and the next
// decision gets a whole window.
func TestMissedBotHereIStand(t *testing.T) {
	ctx := context.Background()
	for _, missed := range []string{"default", "bot"} {
		t.Run(missed, func(t *testing.T) {
			st, c, h, g := hisGame(t, `{"phase": "1h", "missed": "`+missed+`"}`)
			s0, err := h.State(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			r := his.Rules{}
			owed := r.Pending(s0)
			if len(owed) != 1 {
				t.Fatalf("opening decisions: %+v", owed)
			}
			seat := owed[0].Seat
			rng := game.BotRNG(g.Seed, 0)
			want, err := his.RandomAction(r.Clone(s0), seat, &rng)
			if err != nil {
				t.Fatal(err)
			}
			c.Add(61 * time.Minute)
			runDue(t, st, c, h)
			acts, err := st.Actions(ctx, g.ID, 0)
			if err != nil || len(acts) == 0 {
				t.Fatalf("actions: %v %v", acts, err)
			}
			a := acts[0]
			if missed == "default" {
				if a.Seat != game.System || a.Action.Type != game.Advance {
					t.Fatalf("default: first action %+v", a)
				}
				return
			}
			if a.Seat != seat || a.UserID != 0 || a.Action.Type != owed[0].Kind || string(a.Action.Args) != string(want.Args) {
				t.Fatalf("bot: first action %s %d %s %s, want %s's %s %s", a.Seat, a.UserID, a.Action.Type, a.Action.Args, seat, want.Type, want.Args)
			}
			// The seat's series of decisions (all owed when the deadline
			// passed) is answered by the bot, each answer legal (the rules
			// accept it) and drawn from BotRNG(seed, seq before it); then
			// another seat owes a decision, with a whole window.
			s := r.Clone(s0)
			for i, a := range acts {
				if a.Seat != seat || a.UserID != 0 || a.Action.Type == game.Advance {
					t.Fatalf("action %d: %+v", a.Seq, a)
				}
				rng := game.BotRNG(g.Seed, int64(i))
				want, err := his.RandomAction(s, seat, &rng)
				if err != nil || string(want.Args) != string(a.Action.Args) || want.Type != a.Action.Type {
					t.Fatalf("action %d: %s %s, the bot draws %s %s (%v)", a.Seq, a.Action.Type, a.Action.Args, want.Type, want.Args, err)
				}
				if s, _, err = r.Apply(s, seat, a.Action); err != nil {
					t.Fatalf("the bot's action %d is illegal: %v", a.Seq, err)
				}
			}
			g2, _, _ := h.Game(ctx, g.ID)
			next := r.Pending(s)
			if g2.Seq != int64(len(acts)) || !g2.Deadline.Equal(c.Now().Add(time.Hour)) || len(next) != 1 || next[0].Seat == seat {
				t.Fatalf("after the bot: seq %d deadline %v (now %v), owed %+v", g2.Seq, g2.Deadline, c.Now(), next)
			}
			seats, _ := st.Seats(ctx, g.ID)
			for _, s := range seats {
				if (s.Seat == seat) != (s.Missed == 1) || s.Bot {
					t.Fatalf("seat %+v after %s missed a deadline", s, seat)
				}
			}
			// The record replays exactly.
			if _, err := h.replayAt(ctx, g2, 1); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestBotTakeOverDiplomacy: Turkey misses a phase (missed_limit 1): a
// stranger may not put a bot in its seat, a player may; the bot orders at
// once (its first orders carry the seat change), then every phase as soon
// as it opens, each time the orders BotAction draws from game.BotRNG(seed,
// seq); it never misses a phase; a newcomer takes the seat from the bot.
func TestBotTakeOverDiplomacy(t *testing.T) {
	ctx := context.Background()
	st, c, h, ids := testEnv(t, 9)
	stranger, newcomer := ids[7], ids[8]
	g, holders := fullGame(t, h, ids, `{"phase": "1h", "missed_limit": 1}`)
	if err := h.TakeOverBot(ctx, holders["france"], g.ID, "turkey"); CodeOf(err) != CodeConflict {
		t.Fatalf("a bot took a seat whose player is present: %v", err)
	}
	c.Add(2 * time.Hour)
	runDue(t, st, c, h) // nobody ordered: every seat missed a phase
	if err := h.TakeOverBot(ctx, stranger, g.ID, "turkey"); CodeOf(err) != CodeForbidden {
		t.Fatalf("a stranger put a bot in a seat: %v", err)
	}
	if err := h.TakeOverBot(ctx, holders["france"], g.ID, "narnia"); CodeOf(err) != CodeInvalid {
		t.Fatalf("a bot in an unknown seat: %v", err)
	}
	if err := h.TakeOverBot(ctx, holders["france"], g.ID, "turkey"); err != nil {
		t.Fatalf("a player puts a bot in Turkey: %v", err)
	}
	if err := h.TakeOverBot(ctx, holders["france"], g.ID, "turkey"); CodeOf(err) != CodeConflict {
		t.Fatalf("a second bot in Turkey: %v", err)
	}
	if _, _, err := h.Act(ctx, holders["turkey"], g.ID, -1, ordersAction("A con H")); CodeOf(err) != CodeForbidden {
		t.Fatalf("the absent player still acts for Turkey: %v", err)
	}
	r := diplomacy.Rules{}
	botOrders := 0
	for phase := 0; phase < 6; phase++ {
		g, _, _ = h.Game(ctx, g.ID)
		s, err := h.State(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Pending(s) {
			if p.Seat == "turkey" && !p.Submitted {
				t.Fatalf("phase %d: Turkey owes orders and the bot has not sent them: %+v", phase, p)
			}
		}
		seats, _ := st.Seats(ctx, g.ID)
		for _, s := range seats {
			if s.Seat == "turkey" && (!s.Bot || s.UserID != 0 || s.Missed != 0) {
				t.Fatalf("phase %d: Turkey's seat %+v", phase, s)
			}
		}
		// Every action Turkey's bot stored is what BotAction draws there.
		acts, _ := st.Actions(ctx, g.ID, 0)
		for _, a := range acts {
			if a.Seat != "turkey" {
				continue
			}
			if a.UserID != 0 {
				t.Fatalf("Turkey's action %d by user %d", a.Seq, a.UserID)
			}
			before, err := h.StateAt(ctx, g, a.Seq-1)
			if err != nil {
				t.Fatal(err)
			}
			rng := game.BotRNG(g.Seed, a.Seq-1)
			want, err := r.BotAction(before, "turkey", &rng)
			if err != nil || string(want.Args) != string(a.Action.Args) {
				t.Fatalf("Turkey's action %d: %s, BotAction gives %s (%v)", a.Seq, a.Action.Args, want.Args, err)
			}
			if phase == 5 {
				botOrders++
			}
		}
		for seat, u := range holders {
			if seat != "turkey" && seat != "italy" {
				if _, _, err := h.Act(ctx, u, g.ID, -1, ordersAction()); err != nil && CodeOf(err) != CodeRefused {
					t.Fatal(err)
				}
			}
		}
		c.Add(2 * time.Hour)
		runDue(t, st, c, h)
	}
	if botOrders < 3 {
		t.Fatalf("the bot ordered %d times in six phases", botOrders)
	}
	g, _, _ = h.Game(ctx, g.ID)
	if _, err := h.replayAt(ctx, g, g.Seq); err != nil {
		t.Fatalf("replay: %v", err)
	}
	// A newcomer takes Turkey from the bot.
	if err := h.TakeOver(ctx, newcomer, g.ID, "turkey"); err != nil {
		t.Fatalf("taking Turkey from the bot: %v", err)
	}
	seats, _ := st.Seats(ctx, g.ID)
	for _, s := range seats {
		if s.Seat == "turkey" && (s.Bot || s.UserID != newcomer) {
			t.Fatalf("Turkey after the takeover: %+v", s)
		}
	}
}

// TestMissedOption: "missed" is default or bot; anything else is refused
// with an error naming it.
func TestMissedOption(t *testing.T) {
	for raw, want := range map[string]string{`{}`: MissedDefault, `{"missed": "default"}`: MissedDefault, `{"missed": "bot"}`: MissedBot} {
		o, err := ParseOptions([]byte(raw))
		if err != nil || o.Missed != want {
			t.Fatalf("%s: %q %v", raw, o.Missed, err)
		}
	}
	for _, raw := range []string{`{"missed": "sometimes"}`, `{"missed": "Bot"}`, `{"missed": 1}`} {
		if _, err := ParseOptions([]byte(raw)); err == nil || !strings.Contains(err.Error(), "missed") {
			t.Fatalf("%s: %v", raw, err)
		}
	}
}

// A bot takes a seat in civil disorder that owes nothing at the moment: the
// seat alone changes hands, and the bot answers as soon as the seat owes a
// decision again.
func TestBotTakeOverIdleSeat(t *testing.T) {
	ctx := context.Background()
	st, c, h, g := hisGame(t, `{"phase": "1h", "missed_limit": 1}`)
	r := his.Rules{}
	owes := func(seat game.Seat) bool {
		g, _, _ = h.Game(ctx, g.ID)
		s, err := h.State(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Pending(s) {
			if p.Seat == seat {
				return true
			}
		}
		return false
	}
	// The Protestant lets the 95 Theses pass by deadline: civil disorder.
	for i := 0; owes("protestant"); i++ {
		if i > 10 {
			t.Fatal("the 95 Theses do not end")
		}
		c.Add(61 * time.Minute)
		runDue(t, st, c, h)
	}
	var player int64
	seats, _ := st.Seats(ctx, g.ID)
	for _, s := range seats {
		if s.Seat == "england" {
			player = s.UserID
		}
		if s.Seat == "protestant" && s.Missed < 1 {
			t.Fatalf("the Protestant is not in civil disorder: %+v", s)
		}
	}
	if err := h.TakeOverBot(ctx, player, g.ID, "protestant"); err != nil {
		t.Fatalf("a bot takes the idle Protestant seat: %v", err)
	}
	seats, _ = st.Seats(ctx, g.ID)
	for _, s := range seats {
		if s.Seat == "protestant" && (!s.Bot || s.UserID != 0) {
			t.Fatalf("the Protestant's seat after the takeover: %+v", s)
		}
	}
	// Deadlines carry the game on; once the Protestant owes a decision
	// its bot answers at once.
	for i := 0; ; i++ {
		if i > 100 {
			t.Fatal("the Protestant never owed a decision")
		}
		if owes("protestant") {
			t.Fatalf("step %d: the Protestant owes a decision its bot has not answered", i)
		}
		acts, _ := st.Actions(ctx, g.ID, 0)
		answered := false
		for _, a := range acts {
			answered = answered || a.Seat == "protestant" && a.UserID == 0
		}
		if answered {
			break
		}
		c.Add(2 * time.Hour)
		runDue(t, st, c, h)
	}
}
