package host

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"concordat/game"
	"concordat/his"
	"concordat/store"
)

// fourPlayerGame creates a 4-player Here I Stand game (RULES.md §24.3:
// England + Protestant, Hapsburg + Papacy, France, Ottoman) and returns it
// unjoined with four accounts.
func fourPlayerGame(t *testing.T) (store.Store, *Host, *store.Game, []int64) {
	t.Helper()
	st := newStore(t)
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	h := New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), "p1", his.Rules{})
	h.Now = c.Now
	ids := users(t, st, 5)
	seed := uint64(7)
	g, err := h.CreateGame(context.Background(), ids[0], NewGame{Name: "his4", Kind: "his", Variant: "1517",
		Rules: json.RawMessage(`{"players":"4"}`), Options: json.RawMessage(`{"phase":"1h"}`), Seed: &seed}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st, h, g, ids
}

// TestJoinGroupedSeats: in a 4-player game one account that joins England
// holds the Protestant too — and only those; the game starts when the four
// groups are held.
func TestJoinGroupedSeats(t *testing.T) {
	ctx := context.Background()
	st, h, g, ids := fourPlayerGame(t)
	if seat, err := h.Join(ctx, ids[0], g.ID, "england"); err != nil || seat != "england" {
		t.Fatalf("join england: %s %v", seat, err)
	}
	held := func(u int64) []game.Seat {
		seats, err := st.Seats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return seatsOf(seats, u)
	}
	if got := held(ids[0]); len(got) != 2 || got[0] != "england" || got[1] != "protestant" {
		t.Fatalf("the England player holds %v, want england and protestant", got)
	}
	// One group per account: no second group, and no seat of a taken group.
	if _, err := h.Join(ctx, ids[0], g.ID, "france"); CodeOf(err) != CodeConflict {
		t.Errorf("a second group for one account: %v", err)
	}
	if _, err := h.Join(ctx, ids[1], g.ID, "protestant"); CodeOf(err) != CodeConflict {
		t.Errorf("the Protestant, held with England, joined by another: %v", err)
	}
	if seat, err := h.Join(ctx, ids[1], g.ID, "papacy"); err != nil || seat != "hapsburg" {
		t.Fatalf("join papacy: %s %v (the group's first seat is hapsburg)", seat, err)
	}
	if got := held(ids[1]); len(got) != 2 || got[0] != "hapsburg" || got[1] != "papacy" {
		t.Fatalf("the Papacy player holds %v", got)
	}
	for _, u := range ids[2:4] {
		if _, err := h.Join(ctx, u, g.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.Join(ctx, ids[4], g.ID, ""); CodeOf(err) != CodeConflict {
		t.Errorf("a fifth account in a 4-player game: %v", err)
	}
	g2, _, err := h.Game(ctx, g.ID)
	if err != nil || g2.Status != store.Active {
		t.Fatalf("the game with its four groups held: %v %v", g2, err)
	}
}

// TestGroupedSeatsActAndPress: the account holding England and the
// Protestant answers each power's decisions (the seat that owes one acts;
// naming the other is refused), and sends press as each power, reading
// only that power's channels.
func TestGroupedSeatsActAndPress(t *testing.T) {
	ctx := context.Background()
	_, h, g, ids := fourPlayerGame(t)
	for i, want := range []game.Seat{"england", "hapsburg", "france", "ottoman"} {
		if _, err := h.Join(ctx, ids[i], g.ID, want); err != nil {
			t.Fatal(err)
		}
	}
	holder := map[game.Seat]int64{"england": ids[0], "protestant": ids[0], "hapsburg": ids[1], "papacy": ids[1], "france": ids[2], "ottoman": ids[3]}
	rng := game.NewRNG(3)
	actedAs := map[game.Seat]bool{}
	for step := 0; ; step++ {
		if step == 400 {
			t.Fatal("no Diplomacy Phase after both England and the Protestant acted")
		}
		ld, err := h.GameSeats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		st, err := h.State(ctx, ld.Game)
		if err != nil {
			t.Fatal(err)
		}
		if actedAs["protestant"] && actedAs["england"] && st.(*his.State).Phase == his.PhaseDiplomacy {
			break // press is open
		}
		ps := (his.Rules{}).Pending(st)
		if len(ps) != 1 {
			t.Fatalf("owed %+v", ps)
		}
		seat := ps[0].Seat
		a, err := his.RandomAction(st, seat, &rng)
		if err != nil {
			t.Fatal(err)
		}
		u := holder[seat]
		if u == ids[0] {
			// Naming the other seat of the group is refused: it owes nothing.
			other := game.Seat("england")
			if seat == "england" {
				other = "protestant"
			}
			if _, _, err := h.Act(WithSeat(ctx, other), u, g.ID, ld.Game.Seq, a); err == nil {
				t.Fatalf("%s acted for %s's decision", other, seat)
			}
			actedAs[seat] = true
		}
		res, _, err := h.Act(ctx, u, g.ID, ld.Game.Seq, a)
		if err != nil {
			t.Fatalf("step %d: %s %s: %v", step, seat, a.Type, err)
		}
		_ = res
	}
	// Press per power.
	asEng, asProt := WithSeat(ctx, "england"), WithSeat(ctx, "protestant")
	m1, err := h.Post(asEng, ids[0], g.ID, []game.Seat{"france"}, "from London")
	if err != nil {
		t.Fatal(err)
	}
	m2, err := h.Post(asProt, ids[0], g.ID, []game.Seat{"france"}, "from Wittenberg")
	if err != nil {
		t.Fatal(err)
	}
	if m1.From != "england" || m1.Channel != "england,france" || m2.From != "protestant" || m2.Channel != "france,protestant" {
		t.Fatalf("press: %s on %s, %s on %s", m1.From, m1.Channel, m2.From, m2.Channel)
	}
	if _, err := h.Post(WithSeat(ctx, "papacy"), ids[0], g.ID, nil, "not mine"); CodeOf(err) != CodeForbidden {
		t.Errorf("press as a seat the account does not hold: %v", err)
	}
	read := func(c context.Context) string {
		ms, err := h.Messages(c, ids[0], g.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		var chs []string
		for _, m := range ms {
			chs = append(chs, m.Channel)
		}
		return strings.Join(chs, " ")
	}
	if got := read(asEng); got != "england,france" {
		t.Errorf("England reads %q", got)
	}
	if got := read(asProt); got != "france,protestant" {
		t.Errorf("the Protestant reads %q", got)
	}
	// France, another account, sees both channels as its own.
	ms, err := h.Messages(ctx, ids[2], g.ID, 0)
	if err != nil || len(ms) != 2 {
		t.Errorf("France reads %d messages: %v", len(ms), err)
	}
}

// TestBotsHoldGroups: in a 4-player game (RULES.md §24.3) a bot the
// creator puts in the Papacy plays the Hapsburg too, as the player of
// that group would; nobody may then join either, a random join never
// lands there, and removing the bot from the Hapsburg empties both. A bot
// refused in a group one of whose seats a player holds changes nothing.
// With the bot back and the other three groups joined, the game starts
// and the bot answers both powers' decisions.
func TestBotsHoldGroups(t *testing.T) {
	ctx := context.Background()
	st, h, g, ids := fourPlayerGame(t)
	bots := func() map[game.Seat]bool {
		t.Helper()
		seats, err := st.Seats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		out := map[game.Seat]bool{}
		for _, s := range seats {
			if s.Bot {
				out[s.Seat] = true
			}
		}
		return out
	}
	if _, err := h.PutBot(ctx, ids[0], g.ID, "papacy", "random"); err != nil {
		t.Fatal(err)
	}
	if b := bots(); len(b) != 2 || !b["hapsburg"] || !b["papacy"] {
		t.Fatalf("a bot in the Papacy holds %v, want the Hapsburg and the Papacy", b)
	}
	for _, want := range []game.Seat{"hapsburg", "papacy"} {
		if _, err := h.Join(ctx, ids[1], g.ID, want); CodeOf(err) != CodeConflict {
			t.Errorf("joining %s, a bot's: %v", want, err)
		}
	}
	if err := h.RemoveBot(ctx, ids[0], g.ID, "hapsburg"); err != nil {
		t.Fatal(err)
	}
	if b := bots(); len(b) != 0 {
		t.Fatalf("after removing the bot from the Hapsburg, bots hold %v", b)
	}
	// England's group joined by a player: a bot there is refused, the Protestant left as it was.
	if _, err := h.Join(ctx, ids[1], g.ID, "england"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.PutBot(ctx, ids[0], g.ID, "protestant", "random"); CodeOf(err) != CodeConflict {
		t.Errorf("a bot in the Protestant, held with England by a player: %v", err)
	}
	if b := bots(); len(b) != 0 {
		t.Fatalf("a refused bot left bots in %v", b)
	}
	if _, err := h.PutBot(ctx, ids[0], g.ID, "hapsburg", "random"); err != nil {
		t.Fatal(err)
	}
	// Two random joins take France's and the Ottoman's groups, never the bot's.
	for _, u := range ids[2:4] {
		seat, err := h.Join(ctx, u, g.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if seat != "france" && seat != "ottoman" {
			t.Fatalf("a random join took %s", seat)
		}
	}
	g2, _, err := h.Game(ctx, g.ID)
	if err != nil || g2.Status != store.Active {
		t.Fatalf("the game with three groups joined and the bot's: %+v %v", g2, err)
	}
	// The bot answers for both of its powers: neither owes a decision for long.
	s, err := h.State(ctx, g2)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range (his.Rules{}).Pending(s) {
		if p.Seat == "hapsburg" || p.Seat == "papacy" {
			t.Errorf("the bot's %s still owes %s", p.Seat, p.Kind)
		}
	}
}
