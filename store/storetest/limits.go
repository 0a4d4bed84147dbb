package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"concordat/store"
)

var (
	_ = add("Games/ListPages", testGameListPages)
	_ = add("Games/ListListed", testGameListListed)
	_ = add("Games/FormingLimit", testGameFormingLimit)
	_ = add("Games/FormingLimitRace", testGameFormingLimitRace)
	_ = add("StartGame", testStartGame)
	_ = add("StartGame/LeaveRace", testStartLeaveRace)
)

// names lists the games' names, space-separated.
func names(gs []store.Game) string {
	var out string
	for _, g := range gs {
		out += g.Name + " "
	}
	return out
}

// testGameListPages pages through the games with a cursor: the pages
// together are the whole list, in order, each game once, also when games
// share a creation time and when a game is created between two pages.
func testGameListPages(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "alice")
	// g2, g3 and g4 share a creation time: the ID orders them.
	for i, ms := range []int{1000, 2000, 2000, 2000, 3000, 4000, 5000} {
		newGame(t, s, fmt.Sprintf("g%d", i), u.ID, at(ms))
	}
	list := func(q store.GameQuery) []store.Game {
		t.Helper()
		gs, err := s.ListGames(ctx, q)
		check(t, fmt.Sprintf("ListGames(%+v)", q), err)
		return gs
	}
	if all := names(list(store.GameQuery{})); all != "g6 g5 g4 g3 g2 g1 g0 " {
		t.Fatalf("all games: %q", all)
	}
	for _, size := range []int{1, 2, 3, 4, 7} {
		all := names(list(store.GameQuery{})) // with the games the sizes before created
		var got string
		q := store.GameQuery{Limit: size}
		for pages := 0; ; pages++ {
			if pages > 8 {
				t.Fatalf("pages of %d: more pages than games", size)
			}
			page := list(q)
			if len(page) > size {
				t.Fatalf("a page of %d games with limit %d", len(page), size)
			}
			got += names(page)
			if len(page) < size {
				break
			}
			q.After = store.CursorOf(&page[len(page)-1])
			if pages == 1 {
				// A game created meanwhile is newer than every cursor: the
				// continuation does not show it, nor shift.
				newGame(t, s, fmt.Sprintf("new%d", size), u.ID, at(9000+size))
			}
		}
		if got != all {
			t.Errorf("pages of %d: %q, want %q", size, got, all)
		}
	}
	// After a cursor and with a status: both apply.
	gs := list(store.GameQuery{})
	var g3 store.Game
	for _, g := range gs {
		if g.Name == "g3" {
			g3 = g
		}
	}
	check(t, "SetStatus", s.SetStatus(ctx, gs[len(gs)-1].ID, store.Active, "", time.Time{}, nil)) // g0
	if got := names(list(store.GameQuery{After: store.CursorOf(&g3), Status: store.Forming})); got != "g2 g1 " {
		t.Errorf("forming games after g3: %q, want g2 g1", got)
	}
	if got := names(list(store.GameQuery{After: store.CursorOf(&g3), Limit: 1})); got != "g2 " {
		t.Errorf("one game after g3: %q, want g2", got)
	}
}

// testGameListListed: a listing for a viewer leaves out the private
// games the viewer neither created nor holds a seat in.
func testGameListListed(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob, carol := newUser(t, s, "alice"), newUser(t, s, "bob"), newUser(t, s, "carol")
	newGame(t, s, "public", alice.ID, at(1))
	private := func(name string, creator int64, ms int) *store.Game {
		g := &store.Game{Name: name, Kind: "diplomacy", CreatedBy: creator, CreatedAt: at(ms), Invite: "secret-" + name}
		check(t, "CreateGame", s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}, {Seat: "england", Order: 1}}, []byte("x")))
		return g
	}
	private("alice's", alice.ID, 2)
	bobs := private("bob's", bob.ID, 3)
	check(t, "TakeSeat", s.TakeSeat(ctx, bobs.ID, "france", carol.ID))
	for _, c := range []struct {
		viewer int64
		status string
		want   string
	}{
		{0, "", "public "},
		{alice.ID, "", "alice's public "},
		{bob.ID, "", "bob's public "},
		{carol.ID, "", "bob's public "}, // seated in it
		{carol.ID, store.Active, ""},
	} {
		gs, err := s.ListGames(ctx, store.GameQuery{Listed: true, Viewer: c.viewer, Status: c.status})
		check(t, "ListGames", err)
		if got := names(gs); got != c.want {
			t.Errorf("listed to user %d (status %q): %q, want %q", c.viewer, c.status, got, c.want)
		}
	}
	gs, err := s.ListGames(ctx, store.GameQuery{})
	check(t, "ListGames", err)
	if got := names(gs); got != "bob's alice's public " {
		t.Errorf("unlisted: %q, want every game", got)
	}
}

// testGameFormingLimit: CreateGame with FormingLimit refuses a creator's
// game past the limit of forming games, storing nothing; games of other
// creators and games no longer forming do not count.
func testGameFormingLimit(t *testing.T, s store.Store) {
	ctx := t.Context()
	alice, bob := newUser(t, s, "alice"), newUser(t, s, "bob")
	create := func(name string, creator int64, limit int) (*store.Game, error) {
		g := &store.Game{Name: name, Kind: "diplomacy", CreatedBy: creator, CreatedAt: at(10), FormingLimit: limit}
		return g, s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("x"))
	}
	a1, err := create("a1", alice.ID, 2)
	check(t, "CreateGame a1", err)
	_, err = create("a2", alice.ID, 2)
	check(t, "CreateGame a2", err)
	_, err = create("a3", alice.ID, 2)
	wantErr(t, "CreateGame past the limit", err, store.ErrLimit)
	_, err = create("b1", bob.ID, 2)
	check(t, "CreateGame by another user", err)
	gs, err := s.ListGames(ctx, store.GameQuery{})
	check(t, "ListGames", err)
	if got := names(gs); got != "b1 a2 a1 " && got != "b1 a1 a2 " {
		t.Fatalf("games after the refusal: %q", got)
	}
	// A game that started no longer forms.
	check(t, "SetStatus", s.SetStatus(ctx, a1.ID, store.Active, "", time.Time{}, nil))
	_, err = create("a3", alice.ID, 2)
	check(t, "CreateGame once a game started", err)
	_, err = create("a4", alice.ID, 2)
	wantErr(t, "CreateGame past the limit again", err, store.ErrLimit)
	// No limit: no count.
	_, err = create("a5", alice.ID, 0)
	check(t, "CreateGame without a limit", err)
}

// testGameFormingLimitRace: creations racing past the limit (as from
// several processes) store exactly the limit's number of games.
func testGameFormingLimitRace(t *testing.T, s store.Store) {
	ctx := t.Context()
	u := newUser(t, s, "flooder")
	const tries, limit = 12, 3
	errs := make([]error, tries)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := &store.Game{Name: fmt.Sprintf("flood%d", i), Kind: "diplomacy", CreatedBy: u.ID, CreatedAt: at(i), FormingLimit: limit}
			errs[i] = s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("x"))
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			wantErr(t, "a refused creation", err, store.ErrLimit)
		}
	}
	gs, err := s.ListGames(ctx, store.GameQuery{})
	check(t, "ListGames", err)
	if ok != limit || len(gs) != limit {
		t.Fatalf("%d creations succeeded and %d games are stored; want %d and %d", ok, len(gs), limit, limit)
	}
}

func testStartGame(t *testing.T, s store.Store) {
	ctx := t.Context()
	creator := newUser(t, s, "creator")
	g := newGame(t, s, "g", creator.ID, at(1))
	deadline := at(3_600_000)
	jobs := []store.Job{{Kind: "deadline", DueAt: deadline}}
	wantErr(t, "StartGame with every seat empty", s.StartGame(ctx, g.ID, deadline, jobs), store.ErrConflict)
	var users []*store.User
	for i, seat := range sevenSeats[:6] {
		u := newUser(t, s, fmt.Sprintf("p%d", i))
		users = append(users, u)
		check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, seat, u.ID))
	}
	wantErr(t, "StartGame with one seat empty", s.StartGame(ctx, g.ID, deadline, jobs), store.ErrConflict)
	if got := getGame(t, s, g.ID); got.Status != store.Forming || !got.Deadline.IsZero() || !nextDue(t, s).IsZero() {
		t.Fatalf("a refused start changed the game: status %q, deadline %s, next job %s", got.Status, got.Deadline, nextDue(t, s))
	}
	check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, "turkey", newUser(t, s, "last").ID))
	check(t, "StartGame", s.StartGame(ctx, g.ID, deadline, jobs))
	want := *g
	want.Status, want.Deadline = store.Active, deadline
	same(t, "the started game", *getGame(t, s, g.ID), want)
	same(t, "its deadline job", nextDue(t, s), deadline)
	wantErr(t, "StartGame of a started game", s.StartGame(ctx, g.ID, deadline, jobs), store.ErrConflict)
	wantErr(t, "LeaveSeat of a started game", s.LeaveSeat(ctx, g.ID, users[0].ID), store.ErrConflict)
	wantErr(t, "StartGame of an unknown game", s.StartGame(ctx, 987654, deadline, nil), store.ErrNotFound)
	// A bot holds a seat as a player does.
	b := &store.Game{Name: "with a bot", Kind: "diplomacy", CreatedBy: creator.ID, CreatedAt: at(2)}
	check(t, "CreateGame", s.CreateGame(ctx, b, []store.Seat{{Seat: "france", UserID: creator.ID}, {Seat: "england", Bot: true, Order: 1}}, []byte("x")))
	check(t, "StartGame with a bot", s.StartGame(ctx, b.ID, time.Time{}, nil))
}

// testStartLeaveRace races, many times, a player leaving a game against
// another taking its last seat and starting it (as two processes would):
// whatever the order, the game either starts with every seat held and the
// leave is refused, or the leave empties a seat and the game stays forming.
func testStartLeaveRace(t *testing.T, s store.Store) {
	ctx := t.Context()
	creator := newUser(t, s, "creator")
	var users []*store.User
	for i := range sevenSeats {
		users = append(users, newUser(t, s, fmt.Sprintf("p%d", i)))
	}
	outcomes := map[string]int{}
	for round := 0; round < 40; round++ {
		g := newGame(t, s, fmt.Sprintf("g%d", round), creator.ID, at(round))
		for i, seat := range sevenSeats[:6] {
			check(t, "TakeSeat", s.TakeSeat(ctx, g.ID, seat, users[i].ID))
		}
		var leaveErr, takeErr, startErr error
		var wg sync.WaitGroup
		ready := make(chan struct{})
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-ready
			leaveErr = s.LeaveSeat(ctx, g.ID, users[round%6].ID)
		}()
		go func() {
			defer wg.Done()
			<-ready
			if takeErr = s.TakeSeat(ctx, g.ID, sevenSeats[6], users[6].ID); takeErr == nil {
				startErr = s.StartGame(ctx, g.ID, time.Time{}, nil)
			}
		}()
		close(ready)
		wg.Wait()
		check(t, "TakeSeat of the last seat", takeErr)
		got := getGame(t, s, g.ID)
		empty := 0
		for _, st := range seats(t, s, g.ID) {
			if st.UserID == 0 && !st.Bot {
				empty++
			}
		}
		switch {
		case got.Status == store.Active && empty > 0:
			t.Fatalf("round %d: the game started with %d empty seats (leave: %v, start: %v)", round, empty, leaveErr, startErr)
		case got.Status == store.Active:
			wantErr(t, fmt.Sprintf("round %d: leaving the started game", round), leaveErr, store.ErrConflict)
			check(t, fmt.Sprintf("round %d: the start", round), startErr)
			outcomes["started"]++
		case got.Status == store.Forming:
			check(t, fmt.Sprintf("round %d: the leave", round), leaveErr)
			wantErr(t, fmt.Sprintf("round %d: starting with a seat left", round), startErr, store.ErrConflict)
			if empty != 1 {
				t.Fatalf("round %d: %d empty seats after one left", round, empty)
			}
			outcomes["left"]++
		default:
			t.Fatalf("round %d: status %q", round, got.Status)
		}
	}
	t.Logf("outcomes: %v", outcomes)
}
