package storetest

import (
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

var (
	_ = add("Seats/Bot", testSeatBot)
	_ = add("Seats/BotKindKept", testSeatBotKindKept)
)

// seatOf is the row of seat among a game's seats.
func seatOf(t *testing.T, s store.Store, gameID int64, seat game.Seat) store.Seat {
	t.Helper()
	for _, st := range seats(t, s, gameID) {
		if st.Seat == seat {
			return st
		}
	}
	t.Fatalf("game %d has no seat %s", gameID, seat)
	return store.Seat{}
}

// testSeatBot fills seats of a forming game with bots of a kind, changes
// and removes one, checks every refusal changes nothing, and starts the
// game once users and bots hold every seat.
func testSeatBot(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob := newUser(t, s, "alice"), newUser(t, s, "bob")
	g := newGame(t, s, "g", alice.ID, at(1))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "france", alice.ID))
	check(t, "SetSeatBot england heuristic", s.SetSeatBot(ctx, g.ID, "england", true, "heuristic"))
	if st := seatOf(t, s, g.ID, "england"); !st.Bot || st.BotKind != "heuristic" || st.UserID != 0 {
		t.Fatalf("england after SetSeatBot: %+v, want a heuristic bot", st)
	}
	// Another kind replaces the bot; "" is the game's own kind.
	check(t, "SetSeatBot england search", s.SetSeatBot(ctx, g.ID, "england", true, "search"))
	check(t, "SetSeatBot italy (the game's kind)", s.SetSeatBot(ctx, g.ID, "italy", true, ""))
	if st := seatOf(t, s, g.ID, "england"); st.BotKind != "search" {
		t.Fatalf("england after a second SetSeatBot: %+v, want search", st)
	}
	if st := seatOf(t, s, g.ID, "italy"); !st.Bot || st.BotKind != "" {
		t.Fatalf("italy: %+v, want a bot of the game's kind", st)
	}
	before := seats(t, s, g.ID)
	wantErr(t, "SetSeatBot on a user's seat", s.SetSeatBot(ctx, g.ID, "france", true, "random"), store.ErrConflict)
	wantErr(t, "SetSeatBot false on an empty seat", s.SetSeatBot(ctx, g.ID, "russia", false, ""), store.ErrConflict)
	wantErr(t, "SetSeatBot on an unknown seat", s.SetSeatBot(ctx, g.ID, "narnia", true, "random"), store.ErrNotFound)
	wantErr(t, "SetSeatBot in an unknown game", s.SetSeatBot(ctx, g.ID+1000, "england", true, "random"), store.ErrNotFound)
	wantErr(t, "TakeSeat of a bot's seat", s.TakeSeat(ctx, g.ID, "england", bob.ID), store.ErrConflict)
	same(t, "seats after the refusals", seats(t, s, g.ID), before)
	_, gs, err := s.GameAndSeats(ctx, g.ID)
	check(t, "GameAndSeats", err)
	same(t, "GameAndSeats' seats", gs, before)

	// Removing a bot empties the seat: a user may take it.
	check(t, "SetSeatBot italy false", s.SetSeatBot(ctx, g.ID, "italy", false, "ignored"))
	if st := seatOf(t, s, g.ID, "italy"); st.Bot || st.BotKind != "" || st.UserID != 0 {
		t.Fatalf("italy after the bot left: %+v, want empty", st)
	}
	check(t, "TakeSeat italy", s.TakeSeat(ctx, g.ID, "italy", bob.ID))
	wantErr(t, "StartGame with empty seats", s.StartGame(ctx, g.ID, time.Time{}, nil), store.ErrConflict)
	for _, seat := range []game.Seat{"austria", "germany", "russia", "turkey"} {
		check(t, "SetSeatBot "+string(seat), s.SetSeatBot(ctx, g.ID, seat, true, "random"))
	}
	check(t, "StartGame with users and bots", s.StartGame(ctx, g.ID, time.Time{}, nil))
	wantErr(t, "SetSeatBot in a started game", s.SetSeatBot(ctx, g.ID, "austria", false, ""), store.ErrConflict)
	if st := seatOf(t, s, g.ID, "austria"); !st.Bot || st.BotKind != "random" {
		t.Fatalf("austria after the refused change: %+v", st)
	}
}

// testSeatBotKindKept checks that the bot kind goes where the bot flag
// goes: CreateGame and AppendAction's seat effects store it, a user
// replacing the bot clears it, a bot taking a seat through ReplaceSeat
// has the game's kind ("").
func testSeatBotKindKept(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob := newUser(t, s, "alice"), newUser(t, s, "bob")
	g := &store.Game{Name: "bots", Kind: "diplomacy", Seed: 1, CreatedBy: alice.ID, CreatedAt: at(1)}
	check(t, "CreateGame", s.CreateGame(ctx, g, []store.Seat{
		{Seat: "france", UserID: alice.ID},
		{Seat: "england", Bot: true, BotKind: "heuristic", Order: 1},
		{Seat: "germany", BotKind: "search", Order: 2}, // no bot: no kind
	}, []byte("x")))
	if st := seatOf(t, s, g.ID, "england"); st.BotKind != "heuristic" {
		t.Fatalf("england as created: %+v", st)
	}
	if st := seatOf(t, s, g.ID, "germany"); st.BotKind != "" || st.Bot {
		t.Fatalf("germany as created (no bot): %+v, want no kind", st)
	}
	check(t, "TakeSeat germany", s.TakeSeat(ctx, g.ID, "germany", bob.ID))
	check(t, "StartGame", s.StartGame(ctx, g.ID, time.Time{}, nil))
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", UserID: alice.ID, Action: orders("france", 1), At: at(10)}, 0,
		store.Effects{Seats: []store.Seat{{Seat: "germany", Bot: true, BotKind: "search"}}}))
	if st := seatOf(t, s, g.ID, "germany"); !st.Bot || st.BotKind != "search" || st.UserID != 0 {
		t.Fatalf("germany after the bot's takeover with an action: %+v", st)
	}
	check(t, "ReplaceSeat england to bob", s.ReplaceSeat(ctx, g.ID, "england", 0, bob.ID))
	if st := seatOf(t, s, g.ID, "england"); st.Bot || st.BotKind != "" || st.UserID != bob.ID {
		t.Fatalf("england after bob took it from the bot: %+v", st)
	}
	wantErr(t, "ReplaceSeat germany to alice", s.ReplaceSeat(ctx, g.ID, "germany", 0, alice.ID), store.ErrConflict)
	check(t, "ReplaceSeat england to a bot", s.ReplaceSeat(ctx, g.ID, "england", bob.ID, 0))
	if st := seatOf(t, s, g.ID, "england"); !st.Bot || st.BotKind != "" {
		t.Fatalf("england after a bot took it: %+v, want the game's kind", st)
	}
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", UserID: alice.ID, Action: orders("france", 2), At: at(11)}, 1,
		store.Effects{Seats: []store.Seat{{Seat: "germany", UserID: bob.ID, BotKind: "search"}}}))
	if st := seatOf(t, s, g.ID, "germany"); st.Bot || st.BotKind != "" || st.UserID != bob.ID {
		t.Fatalf("germany given to bob by an action's effects: %+v, want no kind", st)
	}
}
