package host

import (
	"cmp"
	"context"
	"slices"

	"concordat/game"
	"concordat/store"
)

// Need is what one of a user's games asks of them now, for the list of
// their games: whether their seat owes a decision, and the press they have
// not read.
type Need struct {
	// Seat is the user's seat; for an account holding several (a grouped
	// game), the first of them that owes a decision, else the first.
	Seat game.Seat `json:"seat"`
	// Seats are every seat the user holds, in seat order, when several.
	Seats []game.Seat `json:"seats,omitempty"`
	// Owing are those of Seats that owe a decision not declared ready.
	Owing []game.Seat `json:"owing,omitempty"`
	// Owes is true when a seat of the user's owes a decision and has not
	// declared itself ready (Submitted: Seat has answered, and may change
	// its answer until the window closes).
	Owes      bool `json:"owes"`
	Submitted bool `json:"submitted,omitempty"`
	Unread    int  `json:"unread"` // messages in the user's seats' channels the user has not read
}

// Needs is what game g asks of user now (their seats' pending decisions in
// an active game, their unread press in any, over every seat they hold).
func (h *Host) Needs(ctx context.Context, user int64, g *store.Game) (Need, error) {
	seats, err := h.Store.Seats(ctx, g.ID)
	if err != nil {
		return Need{}, err
	}
	held := seatsOf(seats, user)
	n := Need{}
	if len(held) > 0 {
		n.Seat = held[0]
	}
	if len(held) > 1 {
		n.Seats = held
	}
	if r, ok := h.Rules[g.Kind]; ok && len(held) > 0 && g.Status == store.Active {
		s, err := h.State(ctx, g)
		if err != nil {
			return Need{}, err
		}
		ps := r.Pending(s)
		for _, seat := range held {
			owes, submitted := false, false
			for _, p := range ps {
				if p.Seat == seat && !p.Ready {
					owes, submitted = true, submitted || p.Submitted
				}
			}
			if !owes {
				continue
			}
			if !n.Owes {
				n.Seat, n.Submitted = seat, submitted
			}
			n.Owes = true
			if len(held) > 1 {
				n.Owing = append(n.Owing, seat)
			}
		}
	}
	// Each seat's channels; one every seat has (the public one) is counted
	// once, without what another of the user's seats sent there.
	unread := map[string]int{}
	if len(held) == 0 {
		held = []game.Seat{""}
	}
	for _, seat := range held {
		c := ctx
		if seat != "" {
			c = WithSeat(ctx, seat)
		}
		chs, err := h.Channels(c, user, g.ID)
		if err != nil {
			return Need{}, err
		}
		for _, ch := range chs {
			if u, seen := unread[ch.Channel]; seen {
				unread[ch.Channel] = min(u, ch.Unread)
			} else {
				unread[ch.Channel] = ch.Unread
			}
		}
	}
	for _, u := range unread {
		n.Unread += u
	}
	return n, nil
}

// ByUrgency orders a user's games (with their needs, index for index) by
// what needs them soonest: first the games whose seat owes a decision
// with nothing in yet, then those with an answer in but not ready, then
// the rest; within each, the soonest deadline first (games without one
// after), then the most unread press, then the newest game.
func ByUrgency(games []store.Game, needs []Need) {
	idx := make([]int, len(games))
	for i := range idx {
		idx[i] = i
	}
	rank := func(n Need) int {
		switch {
		case n.Owes && !n.Submitted:
			return 0
		case n.Owes:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ga, gb, na, nb := &games[a], &games[b], needs[a], needs[b]
		if c := cmp.Compare(rank(na), rank(nb)); c != 0 {
			return c
		}
		if ga.Deadline.IsZero() != gb.Deadline.IsZero() {
			if ga.Deadline.IsZero() {
				return 1
			}
			return -1
		}
		if c := ga.Deadline.Compare(gb.Deadline); c != 0 {
			return c
		}
		if c := cmp.Compare(nb.Unread, na.Unread); c != 0 {
			return c
		}
		return gb.CreatedAt.Compare(ga.CreatedAt)
	})
	g2, n2 := slices.Clone(games), slices.Clone(needs)
	for i, j := range idx {
		games[i], needs[i] = g2[j], n2[j]
	}
}
