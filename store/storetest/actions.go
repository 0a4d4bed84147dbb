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
	_ = add("Append/Sequence", testAppendSequence)
	_ = add("Append/Stale", testAppendStale)
	_ = add("Append/IfStatus", testAppendIfStatus)
	_ = add("Append/IfSeatHeld", testAppendIfSeatHeld)
	_ = add("Append/NotFound", testAppendNotFound)
	_ = add("Append/Effects", testAppendEffects)
	_ = add("Append/NoEffects", testAppendNoEffects)
	_ = add("Append/LeaseLost", testAppendLeaseLost)
	_ = add("Append/UnknownSeat", testAppendUnknownSeat)
	_ = add("Append/Race", testAppendRace)
	_ = add("Snapshots", testSnapshots)
	_ = add("Snapshots/At", testSnapshotAt)
)

func testAppendSequence(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	var want []store.Action
	for i, seat := range []game.Seat{"france", "england", game.System} {
		a := store.Action{GameID: g.ID, Seat: seat, UserID: userID(users, seat), Action: orders(seat, i), At: at(10_000 + i)}
		if seat == game.System {
			a.Action = game.Action{Type: game.Advance}
		}
		check(t, fmt.Sprintf("AppendAction %d", i+1), s.AppendAction(ctx, a, int64(i), store.Effects{}))
		a.Seq = int64(i + 1)
		want = append(want, a)
		if got := getGame(t, s, g.ID); got.Seq != int64(i+1) || !got.UpdatedAt.Equal(a.At) {
			t.Fatalf("after action %d: game seq %d, updated %s; want %d, %s", i+1, got.Seq, got.UpdatedAt, i+1, a.At)
		}
	}
	same(t, "Actions after 0", actions(t, s, g.ID, 0), want)
	same(t, "Actions after 1", actions(t, s, g.ID, 1), want[1:])
	same(t, "Actions after 2", actions(t, s, g.ID, 2), want[2:])
	if as := actions(t, s, g.ID, 3); len(as) != 0 {
		t.Fatalf("Actions after the last: %+v", as)
	}
	// The action's own Seq field is not what numbers it.
	check(t, "AppendAction 4", s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 99, Seat: "italy", Action: orders("italy", 4), At: at(20_000)}, 3, store.Effects{}))
	as := actions(t, s, g.ID, 3)
	if len(as) != 1 || as[0].Seq != 4 || as[0].Seat != "italy" {
		t.Fatalf("Actions after 3: %+v, want italy's action as number 4", as)
	}
	// Another game's log is its own.
	g2 := newGame(t, s, "g2", users["france"].ID, at(3))
	check(t, "AppendAction in g2", s.AppendAction(ctx, store.Action{GameID: g2.ID, Seat: "france", Action: orders("france", 1), At: at(5)}, 0, store.Effects{}))
	if as := actions(t, s, g2.ID, 0); len(as) != 1 || as[0].Seq != 1 {
		t.Fatalf("g2 actions: %+v, want one numbered 1", as)
	}
	if got := getGame(t, s, g.ID); got.Seq != 4 {
		t.Fatalf("g's seq %d after g2's action, want 4", got.Seq)
	}
}

// testAppendStale: an expectSeq that is not the game's Seq is refused
// with ErrStale, and nothing of the action or its effects is written.
func testAppendStale(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	check(t, "CastVote", s.CastVote(ctx, store.Vote{GameID: g.ID, Seat: "france", Kind: "draw", Value: "yes", At: at(1)}))
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", at(60_000), []store.Job{{Kind: "deadline", DueAt: at(60_000)}}))
	job := claim(t, s, "w1", at(60_000), time.Minute, 1)[0]
	check(t, "AppendAction 1", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", Action: orders("france", 1), At: at(100)}, 0, store.Effects{Snapshot: []byte("after 1")}))
	before := getGame(t, s, g.ID)
	beforeSeats := seats(t, s, g.ID)

	dl := at(999_999)
	effects := store.Effects{
		Snapshot: []byte("stale"), Status: store.Finished, Result: "stale win", Deadline: &dl,
		Seats:       []store.Seat{{Seat: "france", Bot: true, Missed: 5}},
		CompleteJob: job.ID, JobOwner: "w1",
		NewJobs:    []store.Job{{Kind: "deadline", DueAt: at(1)}},
		ClearVotes: true,
	}
	for _, expect := range []int64{0, 2, 7} {
		err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "england", Action: orders("england", 2), At: at(200)}, expect, effects)
		wantErr(t, fmt.Sprintf("AppendAction expecting %d when the game is at 1", expect), err, store.ErrStale)
	}
	same(t, "game after stale appends", *getGame(t, s, g.ID), *before)
	same(t, "seats after stale appends", seats(t, s, g.ID), beforeSeats)
	if as := actions(t, s, g.ID, 0); len(as) != 1 || as[0].Seat != "france" {
		t.Fatalf("actions after stale appends: %+v, want france's only", as)
	}
	same(t, "snapshot after stale appends", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 1, State: []byte("after 1")})
	if vs := votes(t, s, g.ID); len(vs) != 1 {
		t.Fatalf("votes after stale appends: %+v, want the one vote", vs)
	}
	same(t, "NextDue after stale appends (the claimed job's lease end)", nextDue(t, s), at(120_000))
	// The job is still w1's: it can complete it.
	check(t, "CompleteJob after stale appends", s.CompleteJob(ctx, job.ID, "w1"))
}

func testAppendNotFound(t *testing.T, s store.Store) {
	err := s.AppendAction(t.Context(), store.Action{GameID: 4242, Seat: "france", Action: orders("france", 1), At: at(1)}, 0, store.Effects{})
	wantErr(t, "AppendAction to an unknown game", err, store.ErrNotFound)
}

// testAppendEffects: every effect commits with the action.
func testAppendEffects(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", at(60_000), []store.Job{{Kind: "deadline", DueAt: at(60_000)}}))
	for _, seat := range []game.Seat{"france", "england"} {
		check(t, "CastVote", s.CastVote(ctx, store.Vote{GameID: g.ID, Seat: seat, Kind: "draw", Value: "yes", At: at(10)}))
	}
	job := claim(t, s, "w1", at(60_000), time.Minute, 10)[0]

	newDeadline := at(120_000)
	a := store.Action{GameID: g.ID, Seat: game.System, Action: game.Action{Type: game.Advance}, At: at(60_500)}
	e := store.Effects{
		Snapshot: []byte("fall 1901"),
		Status:   store.Finished,
		Result:   "draw: england, france",
		Deadline: &newDeadline,
		Seats: []store.Seat{
			{GameID: g.ID, Seat: "italy", UserID: users["italy"].ID, Missed: 1},
			{GameID: g.ID, Seat: "russia", UserID: 0, Bot: true, Missed: 3},
		},
		CompleteJob: job.ID,
		JobOwner:    "w1",
		NewJobs: []store.Job{
			{Kind: "deadline", DueAt: newDeadline},
			{GameID: g.ID, Kind: "remind", Seq: 1, DueAt: at(110_000)},
		},
		ClearVotes: true,
	}
	check(t, "AppendAction with every effect", s.AppendAction(ctx, a, 0, e))

	want := *g
	want.Seq = 1
	want.Status = store.Finished
	want.Result = "draw: england, france"
	want.Deadline = newDeadline
	want.UpdatedAt = at(60_500)
	same(t, "game", *getGame(t, s, g.ID), want)
	a.Seq = 1
	same(t, "actions", actions(t, s, g.ID, 0), []store.Action{a})
	same(t, "snapshot", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 1, State: []byte("fall 1901")})
	for i, st := range seats(t, s, g.ID) {
		want := store.Seat{GameID: g.ID, Seat: sevenSeats[i], UserID: users[sevenSeats[i]].ID, Order: i}
		switch st.Seat {
		case "italy":
			want.Missed = 1
		case "russia":
			want.UserID, want.Bot, want.Missed = 0, true, 3
		}
		same(t, "seat "+string(st.Seat), st, want)
	}
	if vs := votes(t, s, g.ID); len(vs) != 0 {
		t.Fatalf("votes after ClearVotes: %+v", vs)
	}
	wantErr(t, "CompleteJob of the completed job", s.CompleteJob(ctx, job.ID, "w1"), store.ErrLeaseLost)
	same(t, "NextDue", nextDue(t, s), at(110_000))
	js := claim(t, s, "w2", at(200_000), time.Minute, 10)
	same(t, "new jobs (game and seq filled in)", js, []store.Job{
		{ID: js[0].ID, GameID: g.ID, Kind: "remind", Seq: 1, DueAt: at(110_000), LeaseOwner: "w2", LeaseUntil: at(260_000)},
		{ID: js[1].ID, GameID: g.ID, Kind: "deadline", Seq: 1, DueAt: newDeadline, LeaseOwner: "w2", LeaseUntil: at(260_000)},
	})

	// A zero deadline clears it; a nil one leaves it.
	zero := time.Time{}
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: "noop"}, At: at(70_000)}, 1, store.Effects{}))
	if got := getGame(t, s, g.ID); !got.Deadline.Equal(newDeadline) || got.Status != store.Finished || got.Result != want.Result {
		t.Fatalf("effects without deadline, status or result changed the game: %+v", got)
	}
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: "noop"}, At: at(80_000)}, 2, store.Effects{Deadline: &zero}))
	if got := getGame(t, s, g.ID); !got.Deadline.IsZero() {
		t.Fatalf("deadline %s after a zero deadline effect, want none", got.Deadline)
	}
}

// testAppendNoEffects: an action without effects changes nothing but the
// log, the game's Seq and UpdatedAt.
func testAppendNoEffects(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", at(60_000), []store.Job{{Kind: "deadline", DueAt: at(60_000)}}))
	check(t, "CastVote", s.CastVote(ctx, store.Vote{GameID: g.ID, Seat: "france", Kind: "pause", Value: "yes", At: at(10)}))
	before := getGame(t, s, g.ID)
	beforeSeats := seats(t, s, g.ID)
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", Action: orders("france", 1), At: at(500)}, 0, store.Effects{}))
	want := *before
	want.Seq = 1
	want.UpdatedAt = at(500)
	same(t, "game", *getGame(t, s, g.ID), want)
	same(t, "seats", seats(t, s, g.ID), beforeSeats)
	same(t, "snapshot", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 0, State: []byte("opening")})
	if vs := votes(t, s, g.ID); len(vs) != 1 {
		t.Fatalf("votes: %+v, want the one vote", vs)
	}
	same(t, "NextDue", nextDue(t, s), at(60_000))
}

// testAppendLeaseLost: completing a job the owner does not hold refuses
// the whole action with ErrLeaseLost.
func testAppendLeaseLost(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	check(t, "SetStatus", s.SetStatus(ctx, g.ID, store.Active, "", at(60_000), []store.Job{{Kind: "deadline", DueAt: at(60_000)}, {Kind: "remind", DueAt: at(50_000)}}))
	check(t, "CastVote", s.CastVote(ctx, store.Vote{GameID: g.ID, Seat: "france", Kind: "draw", Value: "yes", At: at(10)}))
	// w1 claims the reminder; its lease expires and w2 claims it; the
	// deadline job is nobody's.
	remind := claim(t, s, "w1", at(50_000), time.Second, 1)[0]
	if again := claim(t, s, "w2", at(51_000), time.Minute, 1); len(again) != 1 || again[0].ID != remind.ID {
		t.Fatalf("w2 claimed %+v, want the expired reminder %d", again, remind.ID)
	}
	before := getGame(t, s, g.ID)
	beforeSeats := seats(t, s, g.ID)
	dl := at(500_000)
	effects := func(job int64, owner string) store.Effects {
		return store.Effects{
			Snapshot: []byte("lost"), Status: store.Finished, Result: "lost", Deadline: &dl,
			Seats:       []store.Seat{{Seat: "france", Bot: true}},
			CompleteJob: job, JobOwner: owner,
			NewJobs:    []store.Job{{Kind: "deadline", DueAt: at(1)}},
			ClearVotes: true,
		}
	}
	cases := []struct {
		what  string
		job   int64
		owner string
	}{
		{"a job another owner re-claimed", remind.ID, "w1"},
		{"a job that does not exist", 1 << 40, "w2"},
		{"a job with no owner named", remind.ID, ""},
	}
	// Job IDs are not exposed until a job is claimed: try every ID up to
	// a few past the reminder's, which includes the unclaimed deadline's.
	for id := int64(1); id < remind.ID+5; id++ {
		if id != remind.ID {
			cases = append(cases, struct {
				what  string
				job   int64
				owner string
			}{fmt.Sprintf("job %d (unclaimed or missing)", id), id, "w1"})
		}
	}
	for _, c := range cases {
		err := s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(52_000)}, 0, effects(c.job, c.owner))
		wantErr(t, "AppendAction completing "+c.what, err, store.ErrLeaseLost)
	}
	same(t, "game after lost leases", *getGame(t, s, g.ID), *before)
	same(t, "seats after lost leases", seats(t, s, g.ID), beforeSeats)
	if as := actions(t, s, g.ID, 0); len(as) != 0 {
		t.Fatalf("actions after lost leases: %+v", as)
	}
	same(t, "snapshot after lost leases", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 0, State: []byte("opening")})
	if vs := votes(t, s, g.ID); len(vs) != 1 {
		t.Fatalf("votes after lost leases: %+v", vs)
	}
	same(t, "NextDue after lost leases (the unclaimed deadline)", nextDue(t, s), at(60_000))
	// The holder succeeds.
	check(t, "AppendAction by the holder", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(52_000)}, 0, effects(remind.ID, "w2")))
	if got := getGame(t, s, g.ID); got.Seq != 1 || got.Status != store.Finished {
		t.Fatalf("after the holder's action: seq %d, status %q", got.Seq, got.Status)
	}
}

func testAppendUnknownSeat(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	before := getGame(t, s, g.ID)
	err := s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(5)}, 0, store.Effects{
		Snapshot: []byte("x"),
		Seats:    []store.Seat{{Seat: "france", Missed: 1}, {Seat: "atlantis", Missed: 1}},
	})
	wantErr(t, "AppendAction overwriting an unknown seat", err, store.ErrNotFound)
	same(t, "game after the refused action", *getGame(t, s, g.ID), *before)
	for _, st := range seats(t, s, g.ID) {
		if st.Missed != 0 {
			t.Fatalf("seat %s missed %d after the refused action", st.Seat, st.Missed)
		}
	}
	if as := actions(t, s, g.ID, 0); len(as) != 0 {
		t.Fatalf("actions after the refused action: %+v", as)
	}
}

// testAppendRace: goroutines race to append on the same Seq; exactly one
// wins each round, the others get ErrStale, and the log holds the winner.
func testAppendRace(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	const racers, rounds = 16, 5
	var want []store.Action
	for round := 0; round < rounds; round++ {
		errs := make([]error, racers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := 0; i < racers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				a := store.Action{GameID: g.ID, Seat: sevenSeats[i%7], UserID: int64(i + 1), Action: orders(sevenSeats[i%7], i), At: at(1000*round + i)}
				errs[i] = s.AppendAction(ctx, a, int64(round), store.Effects{Snapshot: []byte(fmt.Sprintf("round %d by %d", round, i))})
			}()
		}
		close(start)
		wg.Wait()
		winner := -1
		for i, err := range errs {
			if err == nil {
				if winner >= 0 {
					t.Fatalf("round %d: racers %d and %d both appended", round, winner, i)
				}
				winner = i
			} else {
				wantErr(t, fmt.Sprintf("round %d, racer %d", round, i), err, store.ErrStale)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: no racer appended", round)
		}
		want = append(want, store.Action{GameID: g.ID, Seq: int64(round + 1), Seat: sevenSeats[winner%7], UserID: int64(winner + 1), Action: orders(sevenSeats[winner%7], winner), At: at(1000*round + winner)})
		same(t, fmt.Sprintf("snapshot after round %d", round), *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: int64(round + 1), State: []byte(fmt.Sprintf("round %d by %d", round, winner))})
	}
	same(t, "the log after the races", actions(t, s, g.ID, 0), want)
	if got := getGame(t, s, g.ID); got.Seq != rounds {
		t.Fatalf("game seq %d after %d rounds", got.Seq, rounds)
	}
}

func testSnapshots(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	same(t, "opening snapshot", *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 0, State: []byte("opening")})
	big := make([]byte, 1<<20)
	for i := range big {
		big[i] = byte(i * 7)
	}
	for seq := int64(0); seq < 5; seq++ {
		var e store.Effects
		switch seq {
		case 1:
			e.Snapshot = []byte("after 2")
		case 3:
			e.Snapshot = big
		}
		check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(int(seq))}, seq, e))
		switch seq {
		case 1, 2:
			same(t, fmt.Sprintf("snapshot after %d", seq+1), *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 2, State: []byte("after 2")})
		case 3, 4:
			same(t, fmt.Sprintf("snapshot after %d", seq+1), *snapshot(t, s, g.ID), store.Snapshot{GameID: g.ID, Seq: 4, State: big})
		}
	}
	// Another game's snapshots are its own.
	g2 := newGame(t, s, "g2", 0, at(9))
	same(t, "g2's snapshot", *snapshot(t, s, g2.ID), store.Snapshot{GameID: g2.ID, Seq: 0, State: []byte("opening")})
}

// An action conditioned on the game's status is stored only while the
// game has that status: a game paused (or ended) without an action since
// it was read refuses it as stale, and nothing of it is written.
func testAppendIfStatus(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	check(t, "AppendAction if active", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "france", Action: orders("france", 1), At: at(100)}, 0,
		store.Effects{IfStatus: store.Active}))
	check(t, "SetStatus paused", s.SetStatus(ctx, g.ID, store.Paused, "", time.Time{}, nil))
	before := getGame(t, s, g.ID)
	err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "england", Action: orders("england", 2), At: at(200)}, 1,
		store.Effects{IfStatus: store.Active, Snapshot: []byte("not this")})
	wantErr(t, "AppendAction if active, to a paused game", err, store.ErrStale)
	same(t, "game after the refused append", *getGame(t, s, g.ID), *before)
	if as := actions(t, s, g.ID, 0); len(as) != 1 {
		t.Fatalf("actions after the refused append: %+v, want one", as)
	}
	// Without the condition (a system action), and with the status it has.
	check(t, "AppendAction if paused", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "england", Action: orders("england", 2), At: at(300)}, 1,
		store.Effects{IfStatus: store.Paused}))
	check(t, "AppendAction unconditioned", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "italy", Action: orders("italy", 3), At: at(400)}, 2, store.Effects{}))
	// A stale seq is stale whatever the status.
	wantErr(t, "AppendAction stale seq", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "italy", Action: orders("italy", 4), At: at(500)}, 1,
		store.Effects{IfStatus: store.Paused}), store.ErrStale)
	wantErr(t, "AppendAction if active to an unknown game", s.AppendAction(ctx, store.Action{GameID: 4242, Seat: "france", Action: orders("france", 1), At: at(1)}, 0,
		store.Effects{IfStatus: store.Active}), store.ErrNotFound)
}

// An action conditioned on its seat's holder is stored only while its
// user holds its seat: after the seat changed hands (without an action,
// so the seq did not move) it is refused as stale, and nothing of it is
// written; the condition holds for the new holder.
func testAppendIfSeatHeld(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	fr := userID(users, "france")
	act := func(seat game.Seat, user int64, n int) store.Action {
		return store.Action{GameID: g.ID, Seat: seat, UserID: user, Action: orders(seat, n), At: at(100 * n)}
	}
	check(t, "AppendAction by the holder", s.AppendAction(ctx, act("france", fr, 1), 0, store.Effects{IfStatus: store.Active, IfSeatHeld: true}))
	wantErr(t, "AppendAction by another seat's holder", s.AppendAction(ctx, act("france", userID(users, "italy"), 2), 1,
		store.Effects{IfStatus: store.Active, IfSeatHeld: true}), store.ErrStale)
	newcomer := newUser(t, s, "newcomer")
	check(t, "ReplaceSeat", s.ReplaceSeat(ctx, g.ID, "france", fr, newcomer.ID))
	before := getGame(t, s, g.ID)
	err := s.AppendAction(ctx, act("france", fr, 2), 1, store.Effects{IfStatus: store.Active, IfSeatHeld: true, Snapshot: []byte("not this"),
		Seats: []store.Seat{{Seat: "france", UserID: fr}}})
	wantErr(t, "AppendAction by the seat's former holder", err, store.ErrStale)
	same(t, "game after the refused append", *getGame(t, s, g.ID), *before)
	if as := actions(t, s, g.ID, 0); len(as) != 1 {
		t.Fatalf("actions after the refused append: %+v, want one", as)
	}
	for _, st := range seats(t, s, g.ID) {
		if st.Seat == "france" && st.UserID != newcomer.ID {
			t.Fatalf("france after the refused append: %+v, want held by %d", st, newcomer.ID)
		}
	}
	check(t, "AppendAction by the new holder", s.AppendAction(ctx, act("france", newcomer.ID, 2), 1, store.Effects{IfStatus: store.Active, IfSeatHeld: true}))
	check(t, "AppendAction unconditioned", s.AppendAction(ctx, act("france", fr, 3), 2, store.Effects{}))
	wantErr(t, "AppendAction to an unknown game", s.AppendAction(ctx, store.Action{GameID: 4242, Seat: "france", UserID: fr, Action: orders("france", 1), At: at(1)}, 0,
		store.Effects{IfSeatHeld: true}), store.ErrNotFound)
}

// SnapshotAt finds the nearest snapshot at or below a seq: the opening one
// before the first later snapshot, each snapshot from its own seq on, the
// latest beyond the last action; none for an unknown game or a negative seq.
func testSnapshotAt(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	g2 := newGame(t, s, "another", 0, at(3))
	snaps := map[int64][]byte{3: []byte("after 3"), 4: []byte("after 4"), 9: []byte("after 9")}
	for seq := int64(0); seq < 10; seq++ {
		e := store.Effects{Snapshot: snaps[seq+1]}
		check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(int(seq))}, seq, e))
	}
	check(t, "AppendAction to the other game", s.AppendAction(ctx, store.Action{GameID: g2.ID, Action: game.Action{Type: game.Advance}, At: at(1)}, 0,
		store.Effects{Snapshot: []byte("other 1")}))
	for seq, want := range map[int64]int64{0: 0, 1: 0, 2: 0, 3: 3, 4: 4, 5: 4, 8: 4, 9: 9, 10: 9, 1000: 9} {
		sn, err := s.SnapshotAt(ctx, g.ID, seq)
		check(t, fmt.Sprintf("SnapshotAt %d", seq), err)
		state := []byte("opening")
		if want > 0 {
			state = snaps[want]
		}
		same(t, fmt.Sprintf("SnapshotAt %d", seq), *sn, store.Snapshot{GameID: g.ID, Seq: want, State: state})
	}
	// The actions between a snapshot and a seq, and no others.
	for _, c := range []struct{ after, upTo, first, n int64 }{{4, 7, 5, 3}, {0, 10, 1, 10}, {9, 1000, 10, 1}, {3, 3, 0, 0}, {7, 2, 0, 0}, {10, 12, 0, 0}} {
		as, err := s.ActionsBetween(ctx, g.ID, c.after, c.upTo)
		check(t, fmt.Sprintf("ActionsBetween(%d, %d)", c.after, c.upTo), err)
		if int64(len(as)) != c.n {
			t.Fatalf("ActionsBetween(%d, %d): %d actions, want %d", c.after, c.upTo, len(as), c.n)
		}
		for i, a := range as {
			if a.Seq != c.first+int64(i) || a.GameID != g.ID {
				t.Fatalf("ActionsBetween(%d, %d)[%d]: game %d seq %d", c.after, c.upTo, i, a.GameID, a.Seq)
			}
		}
	}
	same(t, "ActionsBetween as Actions", mustActionsBetween(t, s, g.ID, 2, 6), actions(t, s, g.ID, 2)[:4])
	if as := mustActionsBetween(t, s, 987654, 0, 10); len(as) != 0 {
		t.Fatalf("ActionsBetween of an unknown game: %+v", as)
	}
	sn, err := s.SnapshotAt(ctx, g2.ID, 5)
	check(t, "SnapshotAt of the other game", err)
	same(t, "the other game's", *sn, store.Snapshot{GameID: g2.ID, Seq: 1, State: []byte("other 1")})
	_, err = s.SnapshotAt(ctx, g.ID, -1)
	wantErr(t, "SnapshotAt -1", err, store.ErrNotFound)
	_, err = s.SnapshotAt(ctx, 987654, 3)
	wantErr(t, "SnapshotAt of an unknown game", err, store.ErrNotFound)
}

func mustActionsBetween(t *testing.T, s store.Store, gameID, after, upTo int64) []store.Action {
	t.Helper()
	as, err := s.ActionsBetween(t.Context(), gameID, after, upTo)
	check(t, "ActionsBetween", err)
	return as
}
