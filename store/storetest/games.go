package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

var (
	_ = add("Games/CreateAndGet", testGameCreateAndGet)
	_ = add("Games/DuplicateSeat", testGameDuplicateSeat)
	_ = add("Games/NotFound", testGameNotFound)
	_ = add("Games/List", testGameList)
	_ = add("Games/GameAndSeats", testGameAndSeats)
	_ = add("Games/Invite", testGameInvite)
	_ = add("Seats/TakeAndLeave", testSeatTakeAndLeave)
	_ = add("Seats/TakeConflicts", testSeatTakeConflicts)
	_ = add("Seats/NotForming", testSeatNotForming)
	_ = add("Seats/TakeRace", testSeatTakeRace)
	_ = add("Seats/Replace", testSeatReplace)
	_ = add("SetStatus", testSetStatus)
	_ = add("SetStatus/ReplacesJobs", testSetStatusReplacesJobs)
)

func testGameCreateAndGet(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "creator")
	g := &store.Game{
		Name:      "Spring of nations",
		Kind:      "his",
		Config:    game.Config{Variant: "1517", Options: map[string]string{"players": "6", "edition": "2010"}},
		Seed:      0xfedcba9876543210, // above the largest int64
		Options:   []byte(`{"deadline":"48h","press":"full"}`),
		Status:    store.Forming,
		CreatedBy: u.ID,
		CreatedAt: at(100),
		UpdatedAt: at(100),
		Deadline:  at(86_400_000),
	}
	// Seat order is the game's, not the alphabet's nor the list's.
	in := []store.Seat{
		{Seat: "papacy", Order: 4},
		{Seat: "ottoman", Order: 0},
		{Seat: "protestant", Order: 5},
		{Seat: "hapsburg", Order: 1},
		{Seat: "england", Order: 2, UserID: u.ID},
		{Seat: "france", Order: 3, Bot: true, Missed: 2},
	}
	check(t, "CreateGame", s.CreateGame(ctx, g, in, []byte("opening state \x00\xff")))
	if g.ID == 0 {
		t.Fatal("CreateGame did not fill the game's ID")
	}
	want := *g
	want.Seq = 0
	got := getGame(t, s, g.ID)
	same(t, "GetGame", *got, want)

	var wantSeats []store.Seat
	for _, name := range []game.Seat{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"} {
		for _, st := range in {
			if st.Seat == name {
				st.GameID = g.ID
				wantSeats = append(wantSeats, st)
			}
		}
	}
	same(t, "Seats", seats(t, s, g.ID), wantSeats)
	same(t, "LatestSnapshot", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 0, State: []byte("opening state \x00\xff")})
	if as := actions(t, s, g.ID, 0); len(as) != 0 {
		t.Fatalf("a new game has actions: %+v", as)
	}

	// Status and UpdatedAt have defaults.
	g3 := &store.Game{Name: "defaults", Kind: "diplomacy", CreatedAt: at(300)}
	check(t, "CreateGame", s.CreateGame(ctx, g3, nil, []byte("x")))
	if g3.Status != store.Forming || !g3.UpdatedAt.Equal(at(300)) {
		t.Fatalf("CreateGame filled status %q and updated %s, want forming and its creation time", g3.Status, g3.UpdatedAt)
	}
	same(t, "game created with defaults", *getGame(t, s, g3.ID), *g3)

	// A second game gets its own ID; a game without a deadline has none.
	g2 := newGame(t, s, "second", u.ID, at(200))
	if g2.ID == g.ID {
		t.Fatalf("two games with ID %d", g.ID)
	}
	if got := getGame(t, s, g2.ID); !got.Deadline.IsZero() || got.Result != "" || got.Seq != 0 {
		t.Fatalf("second game: deadline %s, result %q, seq %d; want none, none, 0", got.Deadline, got.Result, got.Seq)
	}
	if len(seats(t, s, g2.ID)) != 7 {
		t.Fatalf("second game: %d seats, want 7", len(seats(t, s, g2.ID)))
	}
}

func testGameDuplicateSeat(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "creator")
	g := &store.Game{Name: "dup", Kind: "diplomacy", Status: store.Forming, CreatedBy: u.ID, CreatedAt: at(1), UpdatedAt: at(1)}
	err := s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}, {Seat: "france", Order: 1}}, []byte("s"))
	wantErr(t, "CreateGame with a seat twice", err, store.ErrConflict)
	gs, err := s.ListGames(ctx, store.GameQuery{})
	check(t, "ListGames", err)
	if len(gs) != 0 {
		t.Fatalf("the refused game was stored: %+v", gs)
	}
}

func testGameNotFound(t *testing.T, s store.Store) {
	ctx := t.Context()
	_, err := s.GetGame(ctx, 12345)
	wantErr(t, "GetGame unknown", err, store.ErrNotFound)
	_, err = s.LatestSnapshot(ctx, 12345)
	wantErr(t, "LatestSnapshot unknown", err, store.ErrNotFound)
	wantErr(t, "SetStatus unknown", s.SetStatus(ctx, 12345, store.Active, "", time.Time{}, nil), store.ErrNotFound)
	u := newUser(t, s, "alice")
	wantErr(t, "TakeSeat of an unknown game", s.TakeSeat(ctx, 12345, "france", u.ID), store.ErrNotFound)
	wantErr(t, "LeaveSeat of an unknown game", s.LeaveSeat(ctx, 12345, u.ID), store.ErrNotFound)
	// Listing methods return nothing for an unknown game.
	if ss := seats(t, s, 12345); len(ss) != 0 {
		t.Fatalf("Seats of an unknown game: %+v", ss)
	}
	if as := actions(t, s, 12345, 0); len(as) != 0 {
		t.Fatalf("Actions of an unknown game: %+v", as)
	}
	if vs := votes(t, s, 12345); len(vs) != 0 {
		t.Fatalf("Votes of an unknown game: %+v", vs)
	}
}

func testGameList(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := newUser(t, s, "alice")
	bob := newUser(t, s, "bob")
	carol := newUser(t, s, "carol")
	// Created out of order: newest first means by CreatedAt.
	g1 := newGame(t, s, "g1", alice.ID, at(1000))
	g3 := newGame(t, s, "g3", alice.ID, at(3000))
	g2 := newGame(t, s, "g2", bob.ID, at(2000))
	g4 := newGame(t, s, "g4", bob.ID, at(4000))
	check(t, "TakeSeat", s.TakeSeat(ctx, g1.ID, "france", alice.ID))
	check(t, "TakeSeat", s.TakeSeat(ctx, g2.ID, "england", alice.ID))
	check(t, "TakeSeat", s.TakeSeat(ctx, g2.ID, "france", bob.ID))
	check(t, "TakeSeat", s.TakeSeat(ctx, g4.ID, "turkey", bob.ID))
	check(t, "SetStatus", s.SetStatus(ctx, g2.ID, store.Active, "", time.Time{}, nil))
	check(t, "SetStatus", s.SetStatus(ctx, g3.ID, store.Finished, "", time.Time{}, nil))
	check(t, "SetStatus", s.SetStatus(ctx, g4.ID, store.Active, "", time.Time{}, nil))

	names := func(status string, user int64, limit int) string {
		t.Helper()
		gs, err := s.ListGames(ctx, store.GameQuery{Status: status, Seated: user, Limit: limit})
		check(t, fmt.Sprintf("ListGames(%q, %d, %d)", status, user, limit), err)
		var out string
		for _, g := range gs {
			out += g.Name + " "
		}
		return out
	}
	for _, c := range []struct {
		status string
		user   int64
		limit  int
		want   string
	}{
		{"", 0, 0, "g4 g3 g2 g1 "},
		{"", 0, 2, "g4 g3 "},
		{"", 0, 10, "g4 g3 g2 g1 "},
		{store.Active, 0, 0, "g4 g2 "},
		{store.Forming, 0, 0, "g1 "},
		{store.Finished, 0, 0, "g3 "},
		{store.Paused, 0, 0, ""},
		{"", alice.ID, 0, "g2 g1 "}, // created g3 but holds no seat there
		{"", bob.ID, 0, "g4 g2 "},
		{"", bob.ID, 1, "g4 "},
		{store.Active, alice.ID, 0, "g2 "},
		{store.Forming, bob.ID, 0, ""},
		{"", carol.ID, 0, ""},
	} {
		if got := names(c.status, c.user, c.limit); got != c.want {
			t.Errorf("ListGames(status %q, user %d, limit %d) = %q, want %q", c.status, c.user, c.limit, got, c.want)
		}
	}
	// The listed games are whole.
	gs, err := s.ListGames(ctx, store.GameQuery{Status: store.Active, Seated: alice.ID})
	check(t, "ListGames", err)
	want := *g2
	want.Status = store.Active
	same(t, "listed game", gs, []store.Game{want})
}

func testSeatTakeAndLeave(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := newUser(t, s, "alice")
	bob := newUser(t, s, "bob")
	g := newGame(t, s, "g", alice.ID, at(1))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "france", alice.ID))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "turkey", bob.ID))
	ss := seats(t, s, g.ID)
	holders := map[game.Seat]int64{}
	for i, st := range ss {
		if st.Seat != sevenSeats[i] || st.Order != i || st.GameID != g.ID {
			t.Fatalf("seat %d: %+v, want %s in game %d at order %d", i, st, sevenSeats[i], g.ID, i)
		}
		holders[st.Seat] = st.UserID
	}
	same(t, "holders", holders, map[game.Seat]int64{"austria": 0, "england": 0, "france": alice.ID, "germany": 0, "italy": 0, "russia": 0, "turkey": bob.ID})

	check(t, "LeaveSeat", s.LeaveSeat(ctx, g.ID, alice.ID))
	wantErr(t, "LeaveSeat twice", s.LeaveSeat(ctx, g.ID, alice.ID), store.ErrNotFound)
	for _, st := range seats(t, s, g.ID) {
		if st.UserID == alice.ID {
			t.Fatalf("alice still holds %s after leaving", st.Seat)
		}
	}
	// The seat is free again: bob can't (he holds turkey), alice can take another.
	wantErr(t, "TakeSeat by a seated user", s.TakeSeat(ctx, g.ID, "france", bob.ID), store.ErrConflict)
	wantErr(t, "TakeSeats by a seated user", s.TakeSeats(ctx, g.ID, []game.Seat{"france"}, bob.ID), store.ErrConflict)
	check(t, "TakeSeat after leaving", s.TakeSeat(ctx, g.ID, "england", alice.ID))
	check(t, "LeaveSeat", s.LeaveSeat(ctx, g.ID, bob.ID))
	check(t, "TakeSeat of a freed seat", s.TakeSeat(ctx, g.ID, "turkey", newUser(t, s, "carol").ID))

	// Several seats at once (a game whose rules group seats): all or none.
	dave := newUser(t, s, "dave")
	wantErr(t, "TakeSeats with a held seat", s.TakeSeats(ctx, g.ID, []game.Seat{"italy", "turkey"}, dave.ID), store.ErrConflict)
	wantErr(t, "TakeSeats of no seat", s.TakeSeats(ctx, g.ID, nil, dave.ID), store.ErrConflict)
	wantErr(t, "TakeSeats of an unknown seat", s.TakeSeats(ctx, g.ID, []game.Seat{"italy", "spain"}, dave.ID), store.ErrNotFound)
	for _, st := range seats(t, s, g.ID) {
		if st.UserID == dave.ID {
			t.Fatalf("a refused TakeSeats gave dave %s", st.Seat)
		}
	}
	check(t, "TakeSeats", s.TakeSeats(ctx, g.ID, []game.Seat{"italy", "russia"}, dave.ID))
	held := 0
	for _, st := range seats(t, s, g.ID) {
		if st.UserID == dave.ID {
			held++
		}
	}
	if held != 2 {
		t.Fatalf("dave holds %d seats after TakeSeats of two", held)
	}
	wantErr(t, "TakeSeats by a seated user", s.TakeSeats(ctx, g.ID, []game.Seat{"germany"}, dave.ID), store.ErrConflict)
	check(t, "LeaveSeat of two seats", s.LeaveSeat(ctx, g.ID, dave.ID))
	for _, st := range seats(t, s, g.ID) {
		if st.UserID == dave.ID {
			t.Fatalf("dave still holds %s after leaving", st.Seat)
		}
	}
}

func testSeatTakeConflicts(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := newUser(t, s, "alice")
	bob := newUser(t, s, "bob")
	g := newGame(t, s, "g", alice.ID, at(1))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "france", alice.ID))
	wantErr(t, "TakeSeat of a held seat", s.TakeSeat(ctx, g.ID, "france", bob.ID), store.ErrConflict)
	wantErr(t, "TakeSeat of the seat one holds", s.TakeSeat(ctx, g.ID, "france", alice.ID), store.ErrConflict)
	wantErr(t, "TakeSeat of a second seat", s.TakeSeat(ctx, g.ID, "england", alice.ID), store.ErrConflict)
	wantErr(t, "TakeSeat of an unknown seat", s.TakeSeat(ctx, g.ID, "atlantis", bob.ID), store.ErrNotFound)
	wantErr(t, "TakeSeat by an unknown user", s.TakeSeat(ctx, g.ID, "england", bob.ID+1000), store.ErrNotFound)
	wantErr(t, "LeaveSeat by a user without a seat", s.LeaveSeat(ctx, g.ID, bob.ID), store.ErrNotFound)
	// Nothing changed: alice holds france, nobody else holds anything.
	for _, st := range seats(t, s, g.ID) {
		want := int64(0)
		if st.Seat == "france" {
			want = alice.ID
		}
		if st.UserID != want {
			t.Fatalf("%s held by %d, want %d", st.Seat, st.UserID, want)
		}
	}
	// Seats of another game are another matter.
	g2 := newGame(t, s, "g2", alice.ID, at(2))
	check(t, "TakeSeat in another game", s.TakeSeat(ctx, g2.ID, "england", alice.ID))
}

func testSeatNotForming(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice := newUser(t, s, "alice")
	bob := newUser(t, s, "bob")
	g := newGame(t, s, "g", alice.ID, at(1))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "france", alice.ID))
	for _, status := range []string{store.Active, store.Paused, store.Finished} {
		check(t, "SetStatus", s.SetStatus(ctx, g.ID, status, "", time.Time{}, nil))
		wantErr(t, "TakeSeat in a "+status+" game", s.TakeSeat(ctx, g.ID, "england", bob.ID), store.ErrConflict)
		wantErr(t, "LeaveSeat in a "+status+" game", s.LeaveSeat(ctx, g.ID, alice.ID), store.ErrConflict)
	}
	for _, st := range seats(t, s, g.ID) {
		if (st.Seat == "france") != (st.UserID == alice.ID) || (st.Seat != "france" && st.UserID != 0) {
			t.Fatalf("seat %s held by %d after refused changes", st.Seat, st.UserID)
		}
	}
}

// testSeatTakeRace has many users race for one seat, and one user race
// for every seat: each time exactly one wins.
func testSeatTakeRace(t *testing.T, s store.Store) {
	ctx := t.Context()
	creator := newUser(t, s, "creator")
	g := newGame(t, s, "g", creator.ID, at(1))
	const n = 12
	var users []*store.User
	for i := 0; i < n; i++ {
		users = append(users, newUser(t, s, fmt.Sprintf("u%d", i)))
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.TakeSeat(ctx, g.ID, "france", users[i].ID)
		}()
	}
	wg.Wait()
	winner := int64(0)
	for i, err := range errs {
		switch {
		case err == nil:
			if winner != 0 {
				t.Fatalf("two users took france: %d and %d", winner, users[i].ID)
			}
			winner = users[i].ID
		default:
			wantErr(t, "losing TakeSeat", err, store.ErrConflict)
		}
	}
	if winner == 0 {
		t.Fatal("nobody took france")
	}
	// One user racing for every other seat gets exactly one.
	solo := newUser(t, s, "solo")
	errs = make([]error, len(sevenSeats))
	for i, seat := range sevenSeats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.TakeSeat(ctx, g.ID, seat, solo.ID)
		}()
	}
	wg.Wait()
	held := map[int64]int{}
	for _, st := range seats(t, s, g.ID) {
		held[st.UserID]++
	}
	if held[winner] != 1 || held[solo.ID] != 1 {
		t.Fatalf("after the races the winner holds %d seats and solo %d; want 1 and 1", held[winner], held[solo.ID])
	}
}

func testSetStatus(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	g := newGame(t, s, "g", u.ID, at(1))
	deadline := at(3_600_000)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", deadline, []store.Job{
		{Kind: "deadline", DueAt: deadline},
		{Kind: "remind", DueAt: at(3_000_000)},
	}))
	want := *g
	want.Status = store.Active
	want.Deadline = deadline
	same(t, "game after SetStatus", *getGame(t, s, g.ID), want)
	same(t, "NextDue", nextDue(t, s), at(3_000_000))
	js := claim(t, s, "w", deadline, time.Minute, 10)
	same(t, "jobs scheduled by SetStatus (game and seq filled in)", js, []store.Job{
		{ID: js[0].ID, GameID: g.ID, Kind: "remind", Seq: 0, DueAt: at(3_000_000), LeaseOwner: "w", LeaseUntil: deadline.Add(time.Minute)},
		{ID: js[1].ID, GameID: g.ID, Kind: "deadline", Seq: 0, DueAt: deadline, LeaseOwner: "w", LeaseUntil: deadline.Add(time.Minute)},
	})
	// Pause: no deadline.
	check(t, "SetStatus paused", s.SetStatus(ctx, g.ID, store.Paused, "", time.Time{}, nil))
	got := getGame(t, s, g.ID)
	if got.Status != store.Paused || !got.Deadline.IsZero() || got.Seq != 0 {
		t.Fatalf("after pausing: status %q, deadline %s, seq %d; want paused, none, 0", got.Status, got.Deadline, got.Seq)
	}
	// A result without an action (a draw by vote); "" keeps it.
	check(t, "SetStatus finished", s.SetStatus(ctx, g.ID, store.Finished, "draw: england, france", time.Time{}, nil))
	if got := getGame(t, s, g.ID); got.Status != store.Finished || got.Result != "draw: england, france" {
		t.Fatalf("after the draw: status %q, result %q", got.Status, got.Result)
	}
	check(t, "SetStatus paused", s.SetStatus(ctx, g.ID, store.Paused, "", time.Time{}, nil))
	if got := getGame(t, s, g.ID); got.Status != store.Paused || got.Result != "draw: england, france" {
		t.Fatalf("after SetStatus without a result: status %q, result %q; want the result kept", got.Status, got.Result)
	}
	// A job for another game is refused.
	other := newGame(t, s, "other", u.ID, at(2))
	if err := s.SetStatus(ctx, g.ID, store.Active, "", deadline, []store.Job{{GameID: other.ID, Kind: "deadline", DueAt: deadline}}); err == nil {
		t.Fatal("SetStatus accepted a job for another game")
	}
	if got := getGame(t, s, g.ID); got.Status != store.Paused {
		t.Fatalf("the refused SetStatus changed the status to %q", got.Status)
	}
	// A result is recorded when given and kept when not.
	check(t, "SetStatus finished", s.SetStatus(ctx, g.ID, store.Finished, "draw: alice, bob", time.Time{}, nil))
	if got := getGame(t, s, g.ID); got.Status != store.Finished || got.Result != "draw: alice, bob" {
		t.Fatalf("after finishing with a result: status %q, result %q", got.Status, got.Result)
	}
	check(t, "SetStatus without a result", s.SetStatus(ctx, g.ID, store.Finished, "", time.Time{}, nil))
	if got := getGame(t, s, g.ID); got.Result != "draw: alice, bob" {
		t.Fatalf("SetStatus with no result changed the result to %q", got.Result)
	}
}

// testSetStatusReplacesJobs: the jobs SetStatus schedules replace the
// game's, leased or not, so that a pause stops the deadline and a resume
// never leaves the old deadline behind; other games' jobs stay.
func testSetStatusReplacesJobs(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	g := newGame(t, s, "g", u.ID, at(1))
	other := newGame(t, s, "other", u.ID, at(2))
	check(t, "SetStatus other", s.SetStatus(ctx, other.ID, store.Active, "", at(50_000), []store.Job{{Kind: "deadline", DueAt: at(50_000)}}))
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", at(10_000), []store.Job{{Kind: "deadline", DueAt: at(10_000)}, {Kind: "remind", DueAt: at(5_000)}}))
	leased := claim(t, s, "w1", at(5_000), time.Hour, 10)
	if len(leased) != 1 || leased[0].Kind != "remind" {
		t.Fatalf("claimed %+v, want the reminder", leased)
	}
	check(t, "SetStatus paused", s.SetStatus(ctx, g.ID, store.Paused, "", time.Time{}, nil))
	same(t, "NextDue after the pause (only the other game's job)", nextDue(t, s), at(50_000))
	wantErr(t, "CompleteJob of a job the pause dropped", s.CompleteJob(ctx, leased[0].ID, "w1"), store.ErrLeaseLost)
	check(t, "SetStatus resume", s.SetStatus(ctx, g.ID, store.Active, "", at(90_000), []store.Job{{Kind: "deadline", DueAt: at(90_000)}}))
	js := claim(t, s, "w2", at(100_000), time.Minute, 10)
	var got []string
	for _, j := range js {
		got = append(got, fmt.Sprintf("%d:%s@%d", j.GameID, j.Kind, j.DueAt.Sub(t0).Milliseconds()))
	}
	same(t, "jobs after pause and resume", got, []string{
		fmt.Sprintf("%d:deadline@50000", other.ID),
		fmt.Sprintf("%d:deadline@90000", g.ID),
	})
}

// testSeatReplace has a new player take over a started game's seat, and
// checks every refusal leaves the seats as they were.
func testSeatReplace(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob, carol := newUser(t, s, "alice"), newUser(t, s, "bob"), newUser(t, s, "carol")
	g := newGame(t, s, "g", alice.ID, at(1))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "france", alice.ID))
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "england", carol.ID))
	wantErr(t, "ReplaceSeat in a forming game", s.ReplaceSeat(ctx, g.ID, "france", alice.ID, bob.ID), store.ErrConflict)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", time.Time{}, nil))
	wantErr(t, "ReplaceSeat from the wrong holder", s.ReplaceSeat(ctx, g.ID, "france", carol.ID, bob.ID), store.ErrConflict)
	wantErr(t, "ReplaceSeat to a seated user", s.ReplaceSeat(ctx, g.ID, "france", alice.ID, carol.ID), store.ErrConflict)
	wantErr(t, "ReplaceSeat of an unknown seat", s.ReplaceSeat(ctx, g.ID, "narnia", 0, bob.ID), store.ErrNotFound)
	wantErr(t, "ReplaceSeat in an unknown game", s.ReplaceSeat(ctx, g.ID+1000, "france", alice.ID, bob.ID), store.ErrNotFound)
	wantErr(t, "ReplaceSeat to an unknown user", s.ReplaceSeat(ctx, g.ID, "france", alice.ID, 987654), store.ErrNotFound)
	check(t, "ReplaceSeat", s.ReplaceSeat(ctx, g.ID, "france", alice.ID, bob.ID))
	check(t, "ReplaceSeat of an empty seat", s.ReplaceSeat(ctx, g.ID, "italy", 0, alice.ID))
	// A bot takes England from carol (to 0), then bob takes Germany, empty.
	check(t, "ReplaceSeat to a bot", s.ReplaceSeat(ctx, g.ID, "england", carol.ID, 0))
	wantErr(t, "ReplaceSeat of the bot's seat from carol", s.ReplaceSeat(ctx, g.ID, "england", carol.ID, 0), store.ErrConflict)
	want := map[game.Seat]int64{"france": bob.ID, "england": 0, "italy": alice.ID}
	for _, st := range seats(t, s, g.ID) {
		if st.UserID != want[st.Seat] || st.Missed != 0 || st.Bot != (st.Seat == "england") {
			t.Fatalf("seat %s: %+v, want holder %d", st.Seat, st, want[st.Seat])
		}
	}
	// A player takes the bot's seat back: the bot flag goes.
	check(t, "ReplaceSeat from a bot", s.ReplaceSeat(ctx, g.ID, "england", 0, carol.ID))
	for _, st := range seats(t, s, g.ID) {
		if st.Seat == "england" && (st.UserID != carol.ID || st.Bot) {
			t.Fatalf("england after the takeover from the bot: %+v", st)
		}
	}
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Finished, "draw", time.Time{}, nil))
	wantErr(t, "ReplaceSeat in a finished game", s.ReplaceSeat(ctx, g.ID, "france", bob.ID, 0), store.ErrConflict)
}

// GameAndSeats answers what GetGame and Seats answer, for a game with
// seats (held, empty, a bot), one without any, and an unknown one.
func testGameAndSeats(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", Action: orders("france", 1), At: at(100)}, 0,
		store.Effects{Seats: []store.Seat{{Seat: "turkey", Bot: true, Missed: 3}, {Seat: "italy", UserID: userID(users, "italy"), Missed: 1}}}))
	gotG, gotS, err := s.GameAndSeats(ctx, g.ID)
	check(t, "GameAndSeats", err)
	same(t, "GameAndSeats: the game", *gotG, *getGame(t, s, g.ID))
	same(t, "GameAndSeats: the seats", gotS, seats(t, s, g.ID))
	if len(gotS) != 7 || gotS[6].Seat != "turkey" || !gotS[6].Bot || gotS[6].UserID != 0 || gotS[4].Missed != 1 {
		t.Fatalf("GameAndSeats seats: %+v", gotS)
	}

	bare := &store.Game{Name: "no seats", Kind: "diplomacy", CreatedAt: at(5)}
	check(t, "CreateGame", s.CreateGame(ctx, bare, nil, []byte("x")))
	gotG, gotS, err = s.GameAndSeats(ctx, bare.ID)
	check(t, "GameAndSeats of a game without seats", err)
	same(t, "GameAndSeats: the seatless game", *gotG, *getGame(t, s, bare.ID))
	if len(gotS) != 0 {
		t.Fatalf("GameAndSeats of a game without seats: %+v", gotS)
	}

	_, _, err = s.GameAndSeats(ctx, 987654)
	wantErr(t, "GameAndSeats of an unknown game", err, store.ErrNotFound)
}

// A game's invitation is stored with it, read back by every game read,
// and replaced by SetInvite.
func testGameInvite(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "host")
	g := &store.Game{Name: "private", Kind: "diplomacy", CreatedBy: u.ID, CreatedAt: at(1), Invite: "first-secret"}
	check(t, "CreateGame", s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("x")))
	pub := newGame(t, s, "public", u.ID, at(2))
	if got := getGame(t, s, g.ID); got.Invite != "first-secret" {
		t.Fatalf("GetGame: invite %q", got.Invite)
	}
	if got := getGame(t, s, pub.ID); got.Invite != "" {
		t.Fatalf("a game created without an invite has %q", got.Invite)
	}
	check(t, "SetInvite", s.SetInvite(ctx, g.ID, "second-secret"))
	got, _, err := s.GameAndSeats(ctx, g.ID)
	check(t, "GameAndSeats", err)
	if got.Invite != "second-secret" {
		t.Fatalf("GameAndSeats after SetInvite: invite %q", got.Invite)
	}
	gs, err := s.ListGames(ctx, store.GameQuery{})
	check(t, "ListGames", err)
	for _, lg := range gs {
		if want := map[int64]string{g.ID: "second-secret", pub.ID: ""}[lg.ID]; lg.Invite != want {
			t.Fatalf("ListGames: game %d's invite %q, want %q", lg.ID, lg.Invite, want)
		}
	}
	if got := getGame(t, s, pub.ID); got.Invite != "" {
		t.Fatalf("SetInvite of one game changed another's: %q", got.Invite)
	}
	wantErr(t, "SetInvite of an unknown game", s.SetInvite(ctx, 987654, "x"), store.ErrNotFound)
}
