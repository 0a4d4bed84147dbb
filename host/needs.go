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
	Seat game.Seat `json:"seat"`
	// Owes is true when the seat owes a decision and has not declared
	// itself ready (Submitted: it has answered, and may change its answer
	// until the window closes).
	Owes      bool `json:"owes"`
	Submitted bool `json:"submitted,omitempty"`
	Unread    int  `json:"unread"` // messages in the seat's channels the user has not read
}

// Needs is what game g asks of user now (their seat's pending decisions in
// an active game, their unread press in any).
func (h *Host) Needs(ctx context.Context, user int64, g *store.Game) (Need, error) {
	seat, _, err := h.SeatOf(ctx, g.ID, user)
	if err != nil {
		return Need{}, err
	}
	n := Need{Seat: seat}
	if r, ok := h.Rules[g.Kind]; ok && seat != "" && g.Status == store.Active {
		s, err := h.State(ctx, g)
		if err != nil {
			return Need{}, err
		}
		for _, p := range r.Pending(s) {
			if p.Seat == seat && !p.Ready {
				n.Owes = true
				n.Submitted = n.Submitted || p.Submitted
			}
		}
	}
	chs, err := h.Channels(ctx, user, g.ID)
	if err != nil {
		return Need{}, err
	}
	for _, c := range chs {
		n.Unread += c.Unread
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
