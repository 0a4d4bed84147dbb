package storetest

import (
	"fmt"
	"sync"
	"testing"

	"concordat/game"
	"concordat/store"
)

var (
	_ = add("Messages", testMessages)
	_ = add("Messages/NotFound", testMessagesNotFound)
	_ = add("Messages/Refs", testMessageRefs)
	_ = add("Messages/IfHeldBy", testMessagesIfHeldBy)
	_ = add("Messages/PollWhilePosting", testMessagesPoll)
	_ = add("Reads", testReads)
	_ = add("Votes", testVotes)
	_ = add("Votes/Errors", testVotesErrors)
)

func testMessages(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	other := newGame(t, s, "other", 0, at(5))
	post := func(gameID int64, channel string, from game.Seat, body string, ms int) store.Message {
		t.Helper()
		m := &store.Message{GameID: gameID, Channel: channel, From: from, Body: body, At: at(ms)}
		check(t, "PostMessage", s.PostMessage(ctx, m))
		if m.ID == 0 {
			t.Fatal("PostMessage did not fill the ID")
		}
		return *m
	}
	m1 := post(g.ID, "public", "france", "Peace in our time", 100)
	m2 := post(g.ID, "england,france", "england", "Channel is a DMZ?", 200)
	o1 := post(other.ID, "public", "italy", "another game", 250)
	m3 := post(g.ID, "france,germany", "germany", "Burgundy bounce — d'accord? «ja»", 300)
	m4 := post(g.ID, "public", game.System, "Spring 1901 resolved", 400)
	m5 := post(g.ID, "england,france", "france", "", 500)
	ids := []int64{m1.ID, m2.ID, m3.ID, m4.ID, m5.ID}
	for i := 1; i < len(ids); i++ {
		if ids[i] <= ids[i-1] {
			t.Fatalf("message IDs not increasing: %v", ids)
		}
	}
	list := func(channels []string, after int64) []store.Message {
		t.Helper()
		ms, err := s.Messages(ctx, g.ID, channels, after)
		check(t, fmt.Sprintf("Messages(%q, %d)", channels, after), err)
		return ms
	}
	same(t, "all messages", list(nil, 0), []store.Message{m1, m2, m3, m4, m5})
	same(t, "public", list([]string{"public"}, 0), []store.Message{m1, m4})
	same(t, "france's channels", list([]string{"public", "england,france", "france,germany"}, 0), []store.Message{m1, m2, m3, m4, m5})
	same(t, "england's channels", list([]string{"public", "england,france"}, 0), []store.Message{m1, m2, m4, m5})
	same(t, "england's channels after m2", list([]string{"public", "england,france"}, m2.ID), []store.Message{m4, m5})
	same(t, "all after m4", list(nil, m4.ID), []store.Message{m5})
	if ms := list(nil, m5.ID); len(ms) != 0 {
		t.Fatalf("messages after the last: %+v", ms)
	}
	if ms := list([]string{}, 0); len(ms) != 0 {
		t.Fatalf("messages in no channels: %+v", ms)
	}
	if ms := list([]string{"austria,turkey"}, 0); len(ms) != 0 {
		t.Fatalf("messages in an empty channel: %+v", ms)
	}
	ms, err := s.Messages(ctx, other.ID, nil, 0)
	check(t, "Messages of the other game", err)
	same(t, "the other game's messages", ms, []store.Message{o1})
}

// testMessageRefs: each message gets a Ref, random and unique in its game,
// that finds it (MessageByRef) and tells nothing of the order or number
// of messages.
func testMessageRefs(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	other := newGame(t, s, "other", 0, at(5))
	var posted []store.Message
	refs := map[int64]bool{}
	increasing := true
	for i := 0; i < 40; i++ {
		ch := []string{"public", "england,france", "austria,turkey"}[i%3]
		m := &store.Message{GameID: g.ID, Channel: ch, From: "france", Body: fmt.Sprint("m", i), At: at(100 + i)}
		check(t, "PostMessage", s.PostMessage(ctx, m))
		if m.Ref < 1 || m.Ref > store.MaxRef || refs[m.Ref] {
			t.Fatalf("message %d: ref %d (out of 1..2^53-1, or given twice)", i, m.Ref)
		}
		if i > 0 && m.Ref < posted[i-1].Ref {
			increasing = false
		}
		refs[m.Ref] = true
		posted = append(posted, *m)
	}
	if increasing {
		t.Fatalf("40 refs in increasing order (one chance in 40!): they count the messages")
	}
	ms, err := s.Messages(ctx, g.ID, nil, 0)
	check(t, "Messages", err)
	same(t, "messages with their refs", ms, posted)
	for _, m := range posted[:5] {
		got, err := s.MessageByRef(ctx, g.ID, m.Ref)
		check(t, "MessageByRef", err)
		same(t, "MessageByRef", *got, m)
		_, err = s.MessageByRef(ctx, other.ID, m.Ref)
		wantErr(t, "MessageByRef in another game", err, store.ErrNotFound)
	}
	for _, ref := range []int64{0, -1, store.MaxRef + 1} {
		_, err := s.MessageByRef(ctx, g.ID, ref)
		wantErr(t, fmt.Sprint("MessageByRef ", ref), err, store.ErrNotFound)
	}
}

func testMessagesNotFound(t *testing.T, s store.Store) {
	err := s.PostMessage(t.Context(), &store.Message{GameID: 999, Channel: "public", From: "france", Body: "x", At: at(1)})
	wantErr(t, "PostMessage to an unknown game", err, store.ErrNotFound)
	ms, err := s.Messages(t.Context(), 999, nil, 0)
	check(t, "Messages of an unknown game", err)
	if len(ms) != 0 {
		t.Fatalf("messages of an unknown game: %+v", ms)
	}
}

func testReads(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	france, england := users["france"].ID, users["england"].ID
	lastRead := func(user int64) map[string]int64 {
		t.Helper()
		m, err := s.LastRead(ctx, g.ID, user)
		check(t, "LastRead", err)
		if m == nil {
			t.Fatal("LastRead returned a nil map")
		}
		return m
	}
	same(t, "nothing read yet", lastRead(france), map[string]int64{})
	check(t, "MarkRead", s.MarkRead(ctx, g.ID, france, "public", 5))
	check(t, "MarkRead", s.MarkRead(ctx, g.ID, france, "england,france", 3))
	check(t, "MarkRead", s.MarkRead(ctx, g.ID, england, "public", 2))
	same(t, "france's reads", lastRead(france), map[string]int64{"public": 5, "england,france": 3})
	same(t, "england's reads", lastRead(england), map[string]int64{"public": 2})
	check(t, "MarkRead further", s.MarkRead(ctx, g.ID, france, "public", 9))
	// An older marker (another tab, late) never moves the marker back.
	check(t, "MarkRead older", s.MarkRead(ctx, g.ID, france, "england,france", 1))
	same(t, "france's reads after moving on", lastRead(france), map[string]int64{"public": 9, "england,france": 3})
	// Reads are per game.
	g2 := newGame(t, s, "g2", 0, at(5))
	m, err := s.LastRead(ctx, g2.ID, france)
	check(t, "LastRead of another game", err)
	same(t, "reads in another game", m, map[string]int64{})
	wantErr(t, "MarkRead in an unknown game", s.MarkRead(ctx, 9999, france, "public", 1), store.ErrNotFound)
	wantErr(t, "MarkRead by an unknown user", s.MarkRead(ctx, g.ID, 9999, "public", 1), store.ErrNotFound)
}

func testVotes(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	vote := func(seat game.Seat, kind, value string, ms int) store.Vote {
		t.Helper()
		v := store.Vote{GameID: g.ID, Seat: seat, Kind: kind, Value: value, At: at(ms)}
		check(t, "CastVote", s.CastVote(ctx, v))
		return v
	}
	if vs := votes(t, s, g.ID); len(vs) != 0 {
		t.Fatalf("votes of a new game: %+v", vs)
	}
	fd := vote("france", "draw", "yes", 1)
	ed := vote("england", "draw", "no", 2)
	fe := vote("france", "extend", "24h", 3)
	same(t, "votes", votes(t, s, g.ID), []store.Vote{fd, ed, fe})
	// A seat's second vote of a kind replaces its first.
	ed2 := vote("england", "draw", "yes", 4)
	fe2 := vote("france", "extend", "48h", 5)
	same(t, "votes after changes", votes(t, s, g.ID), []store.Vote{fd, ed2, fe2})
	// Votes are per game.
	g2 := newGame(t, s, "g2", 0, at(6))
	if vs := votes(t, s, g2.ID); len(vs) != 0 {
		t.Fatalf("votes of another game: %+v", vs)
	}
	// ClearVotes with an action drops them all.
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Action: game.Action{Type: game.Advance}, At: at(7)}, 0, store.Effects{ClearVotes: true}))
	if vs := votes(t, s, g.ID); len(vs) != 0 {
		t.Fatalf("votes after ClearVotes: %+v", vs)
	}
	v := vote("turkey", "concede", "yes", 8)
	same(t, "a vote after clearing", votes(t, s, g.ID), []store.Vote{v})
}

func testVotesErrors(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	wantErr(t, "CastVote in an unknown game", s.CastVote(ctx, store.Vote{GameID: 9999, Seat: "france", Kind: "draw", Value: "yes", At: at(1)}), store.ErrNotFound)
	wantErr(t, "CastVote by an unknown seat", s.CastVote(ctx, store.Vote{GameID: g.ID, Seat: "atlantis", Kind: "draw", Value: "yes", At: at(1)}), store.ErrNotFound)
	if vs := votes(t, s, g.ID); len(vs) != 0 {
		t.Fatalf("votes after refused votes: %+v", vs)
	}
}

// testMessagesPoll: a reader polling with after = the last ID it saw,
// while several writers post, sees every message: IDs become visible in
// order, never a lower one after a higher one.
func testMessagesPoll(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, _ := activeGame(t, s)
	const writers, each = 4, 40
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				m := &store.Message{GameID: g.ID, Channel: "public", From: sevenSeats[w], Body: fmt.Sprintf("%d/%d", w, i), At: at(i)}
				if err := s.PostMessage(ctx, m); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	seen := map[int64]bool{}
	var last int64
	poll := func() {
		ms, err := s.Messages(ctx, g.ID, nil, last)
		check(t, "Messages", err)
		for _, m := range ms {
			if seen[m.ID] || m.ID <= last {
				t.Fatalf("message %d seen twice or out of order (last %d)", m.ID, last)
			}
			seen[m.ID] = true
			last = m.ID
		}
	}
	for polling := true; polling; {
		select {
		case <-done:
			polling = false
		default:
		}
		poll()
	}
	poll()
	for w, err := range errs {
		check(t, fmt.Sprintf("writer %d", w), err)
	}
	all, err := s.Messages(ctx, g.ID, nil, 0)
	check(t, "Messages", err)
	if len(all) != writers*each {
		t.Fatalf("%d messages stored, want %d", len(all), writers*each)
	}
	for _, m := range all {
		if !seen[m.ID] {
			t.Fatalf("the polling reader never saw message %d (%q): it became visible after a higher one", m.ID, m.Body)
		}
	}
}

// A message conditioned on the game's seq and its seat's holder is stored
// only while both hold: not once the game moved on, nor once the seat
// changed hands, nor from a seat its user does not hold.
func testMessagesIfHeldBy(t *testing.T, s store.Store) {
	ctx := t.Context()
	g, users := activeGame(t, s)
	fr := userID(users, "france")
	msg := func(from game.Seat, user, seq int64, body string) *store.Message {
		return &store.Message{GameID: g.ID, Channel: "public", From: from, Body: body, At: at(10), IfHeldBy: user, IfSeq: seq}
	}
	check(t, "PostMessage by the holder at the game's seq", s.PostMessage(ctx, msg("france", fr, 0, "one")))
	wantErr(t, "PostMessage from a seat the user does not hold", s.PostMessage(ctx, msg("france", userID(users, "italy"), 0, "x")), store.ErrStale)
	check(t, "AppendAction", s.AppendAction(ctx, store.Action{GameID: g.ID, Seat: "england", Action: orders("england", 1), At: at(20)}, 0, store.Effects{}))
	wantErr(t, "PostMessage at a past seq", s.PostMessage(ctx, msg("france", fr, 0, "x")), store.ErrStale)
	check(t, "PostMessage at the new seq", s.PostMessage(ctx, msg("france", fr, 1, "two")))
	newcomer := newUser(t, s, "newcomer")
	check(t, "ReplaceSeat", s.ReplaceSeat(ctx, g.ID, "france", fr, newcomer.ID))
	wantErr(t, "PostMessage by the former holder", s.PostMessage(ctx, msg("france", fr, 1, "x")), store.ErrStale)
	check(t, "PostMessage by the new holder", s.PostMessage(ctx, msg("france", newcomer.ID, 1, "three")))
	check(t, "PostMessage unconditioned", s.PostMessage(ctx, msg("france", 0, 0, "four")))
	ms, err := s.Messages(ctx, g.ID, nil, 0)
	check(t, "Messages", err)
	var bodies []string
	for _, m := range ms {
		bodies = append(bodies, m.Body)
	}
	same(t, "the messages stored", bodies, []string{"one", "two", "three", "four"})
}
