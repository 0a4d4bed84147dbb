package host

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"concordat/game"
	"concordat/store"
)

// Games whose rules group seats (game.Grouped: Here I Stand with 3 to 5
// players) let one account hold every seat of one group — and only those.
// Joining one seat of a group takes the whole group. Each seat keeps its
// own prompts, view and press: a request acts as one seat, the one it names
// (WithSeat; the server takes it from the "seat" query parameter), else the
// account's seat that owes a decision, else its first seat.

type seatKey struct{}

// WithSeat returns ctx carrying the seat a request acts as, for an account
// that holds several seats of a game. A seat the account does not hold is
// never acted as: the request then acts as no seat.
func WithSeat(ctx context.Context, seat game.Seat) context.Context {
	return context.WithValue(ctx, seatKey{}, seat)
}

// chosenSeat is the seat WithSeat put in ctx, or "".
func chosenSeat(ctx context.Context) game.Seat {
	s, _ := ctx.Value(seatKey{}).(game.Seat)
	return s
}

// SeatsOf lists the seats user holds, in seat order (none for user 0).
func (l *Loaded) SeatsOf(user int64) []game.Seat {
	return seatsOf(l.Seats, user)
}

func seatsOf(seats []store.Seat, user int64) []game.Seat {
	var out []game.Seat
	if user == 0 {
		return nil
	}
	for _, s := range seats {
		if s.UserID == user {
			out = append(out, s.Seat)
		}
	}
	return out
}

// SeatFor is the seat a request of user acts as: the one ctx names
// (WithSeat) if user holds it ("" if not), else user's first seat ("" for
// none).
func (l *Loaded) SeatFor(ctx context.Context, user int64) game.Seat {
	return seatFor(ctx, l.Seats, user, nil)
}

// seatFor is SeatFor; with owes, an account holding several seats and
// naming none acts as the first of them owes reports true for.
func seatFor(ctx context.Context, seats []store.Seat, user int64, owes func(game.Seat) bool) game.Seat {
	held := seatsOf(seats, user)
	if want := chosenSeat(ctx); want != "" {
		if slices.Contains(held, want) {
			return want
		}
		return ""
	}
	if len(held) == 0 {
		return ""
	}
	if owes != nil && len(held) > 1 {
		for _, s := range held {
			if owes(s) {
				return s
			}
		}
	}
	return held[0]
}

// owesIn reports, for a seat, whether it owes a decision in s.
func owesIn(r game.Rules, s game.State) func(game.Seat) bool {
	ps := r.Pending(s)
	return func(seat game.Seat) bool {
		for _, p := range ps {
			if p.Seat == seat {
				return true
			}
		}
		return false
	}
}

// groupOf is the group of seats user joins in g when asking for want (""
// for any): the group holding want, or a random group whose seats are all
// free. It returns nil when the rules do not group seats (or group each
// seat alone), and an error when no such group is free.
func (h *Host) groupOf(ctx context.Context, g *store.Game, seats []store.Seat, want game.Seat) ([]game.Seat, error) {
	gr, ok := h.Rules[g.Kind].(game.Grouped)
	if !ok {
		return nil, nil
	}
	st, err := h.State(ctx, g)
	if err != nil {
		return nil, err
	}
	groups := gr.SeatGroups(st)
	multi := false
	for _, grp := range groups {
		multi = multi || len(grp) > 1
	}
	if !multi {
		return nil, nil
	}
	holder := map[game.Seat]int64{} // a bot's seats count as held (-1)
	for _, s := range seats {
		holder[s.Seat] = s.UserID
		if s.Bot {
			holder[s.Seat] = -1
		}
	}
	free := func(grp []game.Seat) bool {
		for _, s := range grp {
			if holder[s] != 0 {
				return false
			}
		}
		return true
	}
	if want != "" {
		for _, grp := range groups {
			if slices.Contains(grp, want) {
				if !free(grp) {
					return nil, errorf(CodeConflict, "seat %s of game %d goes with %v, and one of them is taken", want, g.ID, grp)
				}
				return grp, nil
			}
		}
		return nil, errorf(CodeInvalid, "game %d has no seat %q", g.ID, want)
	}
	var open [][]game.Seat
	for _, grp := range groups {
		if free(grp) {
			open = append(open, grp)
		}
	}
	if len(open) == 0 {
		return nil, errorf(CodeConflict, "game %d is full", g.ID)
	}
	// Not from the game's seed: that is secret (it decides the dice).
	return open[rand.IntN(len(open))], nil
}

// takeGroup gives user the seats of grp in one write.
func (h *Host) takeGroup(ctx context.Context, gameID int64, grp []game.Seat, user int64) error {
	if err := h.Store.TakeSeats(ctx, gameID, grp, user); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return &Error{Code: CodeConflict, Msg: fmt.Sprintf("seats %v of game %d are taken", grp, gameID), Err: err}
		}
		return err
	}
	return nil
}
