package host

import (
	"context"
	"testing"
	"time"

	"concordat/game"
	"concordat/his"
	"concordat/store"
)

// Missed deadlines in a hosted Here I Stand game are counted per round of
// play (host.Rounds, his.Rules.Round): an impulse, or a phase such as the
// Diplomacy Phase, which a seat owes as a whole.

// playUntil has the holder of the seat that owes each decision answer it
// in time (a random legal answer drawn from rng) until stop holds for the
// state and its decision on top. It fails after limit answers.
func playUntil(t *testing.T, h *Host, g *store.Game, rng *game.RNG, limit int, stop func(s *his.State, p game.Prompt) bool) *his.State {
	t.Helper()
	ctx := context.Background()
	r := his.Rules{}
	for range limit {
		ld, err := h.GameSeats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		st, err := h.State(ctx, ld.Game)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*his.State)
		ps := r.Pending(s)
		if len(ps) != 1 {
			t.Fatalf("seq %d: owed %+v", ld.Game.Seq, ps)
		}
		if stop(s, ps[0]) {
			return s
		}
		row, _ := seatRow(ld.Seats, ps[0].Seat)
		a, err := his.RandomAction(s, ps[0].Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := h.Act(ctx, row.UserID, g.ID, ld.Game.Seq, a); err != nil {
			t.Fatalf("seq %d: %s %s %s: %v", ld.Game.Seq, ps[0].Seat, a.Type, a.Args, err)
		}
	}
	t.Fatalf("the stop condition did not come within %d decisions", limit)
	return nil
}

// missedOf is the seat's missed count.
func missedOf(t *testing.T, st store.Store, g *store.Game, seat game.Seat) int {
	t.Helper()
	seats, err := st.Seats(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	row, ok := seatRow(seats, seat)
	if !ok {
		t.Fatalf("no seat %s", seat)
	}
	return row.Missed
}

// handNumbers is p's hand as card numbers.
func handNumbers(s *his.State, p his.Power) map[int]bool {
	out := map[int]bool{}
	for _, c := range s.Powers[p].Hand {
		out[his.Cards[c].Number] = true
	}
	return out
}

// TestHereIStandMissedImpulseIsOneMiss: the Ottoman lets its first impulse
// pass unanswered. One deadline closes the whole impulse with one Advance
// (RULES.md §11.0: a power holding its Home card may not pass, so it must
// play a card; the default plays its lowest-CP card that is not a Home
// card — Janissaries stays in hand — for CP and spends none of it, since
// "unspent CP are lost at the end of the impulse", §11.1); the next power's
// impulse is then owed; the Ottoman missed one round, and with missed_limit
// 2 it is not in civil disorder.
func TestHereIStandMissedImpulseIsOneMiss(t *testing.T) {
	ctx := context.Background()
	st, c, h, g := hisGame(t, `{"phase": "1h", "missed_limit": 2}`)
	rng := game.NewRNG(3)
	s := playUntil(t, h, g, &rng, 500, func(s *his.State, p game.Prompt) bool {
		return p.Seat == "ottoman" && p.Kind == "impulse"
	})
	before := handNumbers(s, his.Ottoman)
	if !before[1] {
		t.Fatalf("the Ottoman's hand %v lacks Janissaries (#1)", before)
	}
	want, wantCP := 0, 99
	for n := range before {
		c, _ := his.CardByNumber(n)
		if ci := his.Cards[c]; ci.Type != his.HomeCard && ci.Type != his.MandatoryCard && (ci.CP < wantCP || ci.CP == wantCP && n < want) {
			want, wantCP = n, ci.CP
		}
	}
	if want == 0 {
		t.Fatalf("the Ottoman holds no card to play for CP: %v", before)
	}
	g, _, _ = h.Game(ctx, g.ID)
	seq := g.Seq
	c.Add(61 * time.Minute)
	runDue(t, st, c, h)
	acts, err := st.Actions(ctx, g.ID, seq)
	if err != nil || len(acts) != 1 || acts[0].Seat != game.System || acts[0].Action.Type != game.Advance {
		t.Fatalf("after the deadline: %+v %v, want one Advance", acts, err)
	}
	g, _, _ = h.Game(ctx, g.ID)
	sAny, err := h.State(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	s = sAny.(*his.State)
	if ps := (his.Rules{}).Pending(s); len(ps) != 1 || ps[0].Seat != "hapsburg" || ps[0].Kind != "impulse" {
		t.Fatalf("after the Ottoman's missed impulse: owed %+v, want the Hapsburg impulse", ps)
	}
	after := handNumbers(s, his.Ottoman)
	if len(after) != len(before)-1 || after[want] || !after[1] {
		t.Fatalf("the Ottoman's hand went from %v to %v: want #%d (%d CP) played and Janissaries kept", before, after, want, wantCP)
	}
	if s.Discard[len(s.Discard)-1] != uint8(mustCardIndex(t, want)) {
		t.Fatalf("discard pile %v does not end with #%d", s.Discard, want)
	}
	if m := missedOf(t, st, g, "ottoman"); m != 1 {
		t.Fatalf("the Ottoman missed %d, want 1", m)
	}
	if !g.Deadline.Equal(c.Now().Add(time.Hour)) {
		t.Fatalf("deadline %v, want a whole window from %v", g.Deadline, c.Now())
	}
}

func mustCardIndex(t *testing.T, n int) int {
	t.Helper()
	c, err := his.CardByNumber(n)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestHereIStandBotImpulseIsOneMiss: with missed "bot", the bot answers the
// Ottoman's missed impulse one decision at a time, each answer a window of
// its own (the card, then each action its CP pay for); however many
// deadlines the Ottoman lets pass inside that one impulse, it has missed
// one round.
func TestHereIStandBotImpulseIsOneMiss(t *testing.T) {
	ctx := context.Background()
	st, c, h, g := hisGame(t, `{"phase": "1h", "missed": "bot", "missed_limit": 2}`)
	rng := game.NewRNG(3)
	s := playUntil(t, h, g, &rng, 500, func(s *his.State, p game.Prompt) bool {
		return p.Seat == "ottoman" && p.Kind == "impulse"
	})
	round, _ := his.Rules{}.Round(s)
	deadlines := 0
	for {
		c.Add(61 * time.Minute)
		runDue(t, st, c, h)
		deadlines++
		g, _, _ = h.Game(ctx, g.ID)
		sAny, err := h.State(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		s = sAny.(*his.State)
		if m := missedOf(t, st, g, "ottoman"); m != 1 {
			t.Fatalf("after %d deadline(s) in %s the Ottoman missed %d, want 1", deadlines, round, m)
		}
		ps := his.Rules{}.Pending(s)
		now, _ := his.Rules{}.Round(s)
		if len(ps) != 1 || ps[0].Seat != "ottoman" || now != round {
			break
		}
		if deadlines > 40 {
			t.Fatal("the bot's impulse does not end")
		}
	}
	if deadlines < 2 {
		t.Fatalf("the bot ended the impulse at the first deadline: the test needs one of several decisions")
	}
}

// TestHereIStandDiplomacyPhaseIsOneMiss: the Diplomacy Phase is one round
// (RULES.md §9: negotiation, then the peace, ransom, excommunication and
// war segments, each power in Impulse Order). The Ottoman misses its
// announcement, the others act, the Ottoman misses its next decision of
// the same phase: one miss.
func TestHereIStandDiplomacyPhaseIsOneMiss(t *testing.T) {
	for _, missed := range []string{"default", "bot"} {
		t.Run(missed, func(t *testing.T) {
			st, c, h, g := hisGame(t, `{"phase": "1h", "missed": "`+missed+`", "missed_limit": 2}`)
			rng := game.NewRNG(5)
			s := playUntil(t, h, g, &rng, 3000, func(s *his.State, p game.Prompt) bool {
				return s.Turn == 2 && p.Seat == "ottoman" && p.Kind == "diplomacy.announce"
			})
			round, _ := his.Rules{}.Round(s)
			c.Add(61 * time.Minute)
			runDue(t, st, c, h)
			if m := missedOf(t, st, g, "ottoman"); m != 1 {
				t.Fatalf("the Ottoman missed %d after its announcement, want 1", m)
			}
			s = playUntil(t, h, g, &rng, 500, func(s *his.State, p game.Prompt) bool {
				if now, _ := (his.Rules{}).Round(s); now != round {
					t.Fatalf("the Diplomacy Phase ended before the Ottoman owed another decision in it (%s)", now)
				}
				return p.Seat == "ottoman"
			})
			kind := his.Rules{}.Pending(s)[0].Kind
			c.Add(61 * time.Minute)
			runDue(t, st, c, h)
			if m := missedOf(t, st, g, "ottoman"); m != 1 {
				t.Fatalf("the Ottoman missed %d after missing %s in the same Diplomacy Phase, want 1", m, kind)
			}
		})
	}
}
