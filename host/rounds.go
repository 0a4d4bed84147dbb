package host

import (
	"context"
	"slices"

	"concordat/game"
	"concordat/store"
)

// Rounds is implemented by games of turns whose seats owe their decisions
// one at a time, several of them to one unit of play that a seat owes as a
// whole — a round (Here I Stand: an impulse, with the CP spent action by
// action and the other powers' answers inside it; the Diplomacy Phase).
// Round names the round open in s, which changes when the round ends and
// never returns to an earlier name, and gives the number of actions the
// game had applied when it began (the seq of the action whose state opened
// it); "" when no round is open. The host counts a seat's missed deadlines
// once per round: a seat that missed one deadline of a round misses no
// more by missing another in the same round.
type Rounds interface {
	Round(s game.State) (name string, start int64)
}

// missedInRound lists the seats owing a decision in s, the state of g
// after g.Seq, that already missed a deadline in the round open in s: a
// deadline closed the window (the system's Advance, or a bot's answer for
// the seat's holder) while the seat owed a decision of the round and had
// submitted nothing. Only seats whose missed count is not 0 are looked at
// (for the others another miss counts anyway); the round is replayed from
// its first state. An error is logged and counts the misses as usual.
func (h *Host) missedInRound(ctx context.Context, r game.Rules, g *store.Game, s game.State, seats []store.Seat) map[game.Seat]bool {
	rs, ok := r.(Rounds)
	if !ok {
		return nil
	}
	var want []game.Seat
	for _, p := range r.Pending(s) {
		if row, ok := seatRow(seats, p.Seat); ok && !row.Bot && row.Missed > 0 && !p.Submitted && !p.Ready {
			want = append(want, p.Seat)
		}
	}
	round, start := rs.Round(s)
	if len(want) == 0 || round == "" || start < 0 || start >= g.Seq {
		return nil
	}
	st, err := h.StateAt(ctx, g, start)
	if err != nil {
		h.Log.Warn("rounds: state", "game", g.ID, "seq", start, "err", err)
		return nil
	}
	acts, err := h.Store.ActionsBetween(ctx, g.ID, start, g.Seq)
	if err != nil {
		h.Log.Warn("rounds: actions", "game", g.ID, "err", err)
		return nil
	}
	out := map[game.Seat]bool{}
	for _, a := range acts {
		if name, _ := rs.Round(st); name != round {
			break
		}
		for _, p := range r.Pending(st) {
			closed := a.Seat == game.System && a.Action.Type == game.Advance || a.Seat == p.Seat && a.UserID == 0
			if closed && !p.Submitted && !p.Ready && slices.Contains(want, p.Seat) {
				out[p.Seat] = true
			}
		}
		if st, _, err = r.Apply(st, a.Seat, a.Action); err != nil {
			h.Log.Warn("rounds: replay", "game", g.ID, "seq", a.Seq, "err", err)
			return nil
		}
	}
	return out
}
