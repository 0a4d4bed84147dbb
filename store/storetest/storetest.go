// Package storetest is the conformance suite every store.Store
// implementation runs: the contract of package store, method by method,
// with its documented errors, its transactions and its behaviour under
// concurrent use.
//
// An implementation's test calls Run with a function that opens a fresh,
// empty store:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// Run runs every conformance test as a subtest. open must return a fresh,
// empty store each time it is called; it may be called from several
// subtests at once (they run in parallel). Run closes each store at the end
// of its subtest and fails the subtest if Close fails.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.f(t, s)
		})
	}
}

type test struct {
	name string
	f    func(t *testing.T, s store.Store)
}

// tests is every conformance test, in the order of the contract.
var tests []test

func add(name string, f func(t *testing.T, s store.Store)) struct{} {
	tests = append(tests, test{name, f})
	return struct{}{}
}

// t0 is the suite's clock: every time the suite stores is t0 plus whole
// milliseconds, so that a store keeping milliseconds returns it exactly.
var t0 = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func at(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

// check fails the test now when err is not nil.
func check(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// wantErr fails the test unless errors.Is(err, want).
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: got error %v, want %v", what, err, want)
	}
}

// closeTime fails the test unless got is in UTC and within a millisecond
// of want.
func closeTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if got.Location() != time.UTC {
		t.Errorf("%s: %s is in %s, want UTC", what, got, got.Location())
	}
	if d := got.Sub(want); d <= -time.Millisecond || d >= time.Millisecond {
		t.Errorf("%s: got %s, stored %s: off by %s", what, got.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano), d)
	}
}

// same fails the test when got and want differ (see diff).
func same(t *testing.T, what string, got, want any) {
	t.Helper()
	if d := diff(got, want); d != "" {
		t.Fatalf("%s: %s", what, d)
	}
}

func newUser(t *testing.T, s store.Store, name string) *store.User {
	t.Helper()
	u := &store.User{Name: name, Email: name + "@example.org", PasswordHash: "$argon2id$" + name, CreatedAt: at(1)}
	check(t, "CreateUser "+name, s.CreateUser(t.Context(), u))
	if u.ID == 0 {
		t.Fatalf("CreateUser %s did not fill the ID", name)
	}
	return u
}

// sevenSeats are the seats of a standard Diplomacy game in the game's order.
var sevenSeats = []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// newGame creates a forming game with the seven Diplomacy seats, all
// empty, and the opening snapshot "opening", created by creator.
func newGame(t *testing.T, s store.Store, name string, creator int64, created time.Time) *store.Game {
	t.Helper()
	g := &store.Game{
		Name:      name,
		Kind:      "diplomacy",
		Config:    game.Config{Variant: "standard", Options: map[string]string{"edition": "2023"}},
		Seed:      42,
		Options:   []byte(`{"deadline":"24h"}`),
		Status:    store.Forming,
		CreatedBy: creator,
		CreatedAt: created,
		UpdatedAt: created,
	}
	var seats []store.Seat
	for i, seat := range sevenSeats {
		seats = append(seats, store.Seat{Seat: seat, Order: i})
	}
	check(t, "CreateGame "+name, s.CreateGame(t.Context(), g, seats, []byte("opening")))
	if g.ID == 0 {
		t.Fatalf("CreateGame %s did not fill the ID", name)
	}
	return g
}

// activeGame is newGame with every seat taken by a user of its own and
// the game started, with no deadline and no jobs.
func activeGame(t *testing.T, s store.Store) (*store.Game, map[game.Seat]*store.User) {
	t.Helper()
	creator := newUser(t, s, "creator")
	g := newGame(t, s, "active", creator.ID, at(2))
	users := map[game.Seat]*store.User{}
	for _, seat := range sevenSeats {
		u := newUser(t, s, "player-"+string(seat))
		check(t, "TakeSeat", s.TakeSeat(t.Context(), g.ID, seat, u.ID))
		users[seat] = u
	}
	check(t, "SetStatus active", s.SetStatus(t.Context(), g.ID, store.Active, "", time.Time{}, nil))
	g.Status = store.Active
	return g, users
}

// userID is the ID of the user holding seat, 0 for none.
func userID(users map[game.Seat]*store.User, seat game.Seat) int64 {
	if u := users[seat]; u != nil {
		return u.ID
	}
	return 0
}

func getGame(t *testing.T, s store.Store, id int64) *store.Game {
	t.Helper()
	g, err := s.GetGame(t.Context(), id)
	check(t, "GetGame", err)
	return g
}

func actions(t *testing.T, s store.Store, gameID, after int64) []store.Action {
	t.Helper()
	as, err := s.Actions(t.Context(), gameID, after)
	check(t, "Actions", err)
	return as
}

func snapshot(t *testing.T, s store.Store, gameID int64) *store.Snapshot {
	t.Helper()
	sn, err := s.LatestSnapshot(t.Context(), gameID)
	check(t, "LatestSnapshot", err)
	return sn
}

func seats(t *testing.T, s store.Store, gameID int64) []store.Seat {
	t.Helper()
	ss, err := s.Seats(t.Context(), gameID)
	check(t, "Seats", err)
	return ss
}

func votes(t *testing.T, s store.Store, gameID int64) []store.Vote {
	t.Helper()
	vs, err := s.Votes(t.Context(), gameID)
	check(t, "Votes", err)
	return vs
}

func claim(t *testing.T, s store.Store, owner string, now time.Time, lease time.Duration, limit int) []store.Job {
	t.Helper()
	js, err := s.ClaimJobs(t.Context(), owner, now, lease, limit)
	check(t, "ClaimJobs "+owner, err)
	return js
}

func nextDue(t *testing.T, s store.Store) time.Time {
	t.Helper()
	d, err := s.NextDue(t.Context())
	check(t, "NextDue", err)
	return d
}

// orders is an action with arguments, as a seat submits it.
func orders(seat game.Seat, n int) game.Action {
	return game.NewAction("orders", map[string]any{"seat": seat, "orders": []string{fmt.Sprintf("A Par H #%d", n)}})
}

func jobIDs(js []store.Job) []int64 {
	var ids []int64
	for _, j := range js {
		ids = append(ids, j.ID)
	}
	return ids
}

// ctxCanceled is a context that is already cancelled.
func ctxCanceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}
