package host

import (
	"context"
	"errors"
	"fmt"

	"concordat/game"
	"concordat/store"
)

// Bots. A game whose rules implement game.Bot can have a bot answer for a
// seat: at a deadline, for a seat that submitted nothing in a game with
// Options.Missed "bot" (instead of the rules' default), and at once, for a
// seat a bot took over (store.Seat.Bot, no user). Every bot answer is
// stored as an action of its seat (user 0) through the same
// sequence-numbered write as a player's, so it is applied once, survives
// restarts and replays exactly; its random choices come from
// game.BotRNG(seed, seq).

// maxBotMoves bounds the bot answers given in one go (a game of turns
// where bots hold several seats could otherwise play on for a long time in
// one request); the deadline answers whatever remains.
const maxBotMoves = 200

// botAction is the bot's answer for seat in s, the state of g after action
// g.Seq; false when the rules have no bot or it cannot answer.
func (h *Host) botAction(r game.Rules, g *store.Game, s game.State, seat game.Seat) (game.Action, bool) {
	b, ok := r.(game.Bot)
	if !ok {
		return game.Action{}, false
	}
	rng := game.BotRNG(g.Seed, g.Seq)
	a, err := b.BotAction(s, seat, &rng)
	if err != nil {
		h.Log.Warn("bot: no action", "game", g.ID, "seq", g.Seq, "seat", seat, "err", err)
		return game.Action{}, false
	}
	return a, true
}

// seatRow finds a seat among a game's seats.
func seatRow(seats []store.Seat, seat game.Seat) (store.Seat, bool) {
	for _, st := range seats {
		if st.Seat == seat {
			return st, true
		}
	}
	return store.Seat{}, false
}

// hasBot reports whether a bot holds one of seats.
func hasBot(seats []store.Seat) bool {
	for _, st := range seats {
		if st.Bot {
			return true
		}
	}
	return false
}

// owedBy is the first seat, among the decisions in ps not yet answered,
// that want accepts ("" if none).
func owedBy(ps []game.Prompt, want func(game.Seat) bool) game.Seat {
	for _, p := range ps {
		if !p.Submitted && !p.Ready && want(p.Seat) {
			return p.Seat
		}
	}
	return ""
}

// botsAtDeadline answers with the bot, before the window of g (state *s,
// seats seats) closes, every decision still owed by a seat a bot holds or,
// when opts.Missed is "bot", by any seat, one after another while the
// decisions owed stay the same (another seat's orders, or the next of a
// series of one seat's decisions). Each answer is an action of its seat;
// a seat the bot cannot answer for gets the default. answered records which seats the bot answered for;
// the seats in again missed this round already (missedInRound). When an answer
// opens a new decision (a game of turns) it is stored as the window's
// close (deadline job done, missed counts, next deadline) and done is true
// with the new seq; otherwise the caller closes the window with Advance.
// g.Seq follows the stored actions.
func (h *Host) botsAtDeadline(ctx context.Context, r game.Rules, g *store.Game, opts Options, s *game.State, seats []store.Seat, jobID int64, answered, again map[game.Seat]bool) (int64, bool, error) {
	if _, ok := r.(game.Bot); !ok {
		return 0, false, nil
	}
	key := promptKey(r.Pending(*s))
	skip := map[game.Seat]bool{} // seats the bot could not answer for
	for range maxBotMoves {
		seat := owedBy(r.Pending(*s), func(seat game.Seat) bool {
			row, ok := seatRow(seats, seat)
			return ok && !skip[seat] && (row.Bot || opts.Missed == MissedBot)
		})
		if seat == "" {
			break
		}
		a, ok := h.botAction(r, g, *s, seat)
		if !ok {
			skip[seat] = true
			continue
		}
		next, events, err := r.Apply(*s, seat, a)
		if err != nil {
			h.Log.Error("bot: action refused", "game", g.ID, "seq", g.Seq, "seat", seat, "err", err)
			skip[seat] = true
			continue
		}
		*s = next
		answered[seat] = true
		e := store.Effects{IfStatus: store.Active}
		kind := "action"
		newWindow := promptKey(r.Pending(next)) != key
		if newWindow {
			kind = "phase"
			if e.Snapshot, err = r.Marshal(next); err != nil {
				return 0, false, err
			}
			if jobID != 0 {
				e.CompleteJob, e.JobOwner = jobID, h.Owner
			}
			for _, st := range seats {
				if answered[st.Seat] && !st.Bot && !again[st.Seat] {
					st.Missed++
					e.Seats = append(e.Seats, st)
				}
			}
			dl := opts.NextDeadline(h.now(), h.short(r, next))
			e.Deadline = &dl
			e.NewJobs = append([]store.Job{{GameID: g.ID, Kind: "deadline", Seq: g.Seq + 1, DueAt: dl}}, h.remindJobs(g.ID, g.Seq+1, dl)...)
			h.finishIfOver(r, next, &e)
			if e.Status == store.Finished {
				e.NewJobs = nil
			}
		}
		rec := store.Action{GameID: g.ID, Seq: g.Seq + 1, Seat: seat, Action: a, At: h.now(), Events: events}
		if err := h.Store.AppendAction(ctx, rec, g.Seq, e); err != nil {
			return 0, false, err
		}
		g.Seq++
		h.rememberAct(r, rec, r.Clone(next), nil)
		h.notify(Change{GameID: g.ID, Kind: kind, Seq: g.Seq, Events: events, Seat: seat, At: rec.At})
		if newWindow {
			return g.Seq, true, nil
		}
	}
	return 0, false, nil
}

// playBots answers at once, one stored action at a time, every decision
// owed by a seat a bot holds, until none is (at most maxBotMoves; the
// deadline answers the rest). The caller holds the game's lock. Errors are
// logged: the decision stays owed, and the deadline answers it.
func (h *Host) playBots(ctx context.Context, gameID int64) {
	for range maxBotMoves {
		ld, err := h.GameSeats(ctx, gameID)
		if err != nil || ld.Game.Status != store.Active || !hasBot(ld.Seats) {
			return
		}
		r, ok := h.Rules[ld.Game.Kind]
		if !ok {
			return
		}
		s, err := h.State(ctx, ld.Game)
		if err != nil {
			h.Log.Error("bot: state", "game", gameID, "err", err)
			return
		}
		seat := owedBy(r.Pending(s), func(seat game.Seat) bool {
			row, ok := seatRow(ld.Seats, seat)
			return ok && row.Bot
		})
		if seat == "" {
			return
		}
		a, ok := h.botAction(r, ld.Game, s, seat)
		if !ok {
			return
		}
		if _, _, err := h.actLocked(ctx, 0, ld, seat, s, a, nil); err != nil {
			h.Log.Error("bot: act", "game", gameID, "seat", seat, "err", err)
			return
		}
	}
}

// TakeOverBot puts a bot in a seat of an active game that is in civil
// disorder (its holder missed Options.MissedLimit phases in a row) or
// empty. Only a player of the game (one who holds a seat) or its creator
// may. When the seat owes a decision now, the bot takes the seat with its
// answer to it, stored as one action whose effects make the seat the
// bot's (Bot true, no user), so that the change and the bot's first move
// are one write; otherwise the seat alone changes hands (ReplaceSeat to
// 0). From then on the bot answers every decision of the seat
// at once; a user may take the seat from the bot with TakeOver.
func (h *Host) TakeOverBot(ctx context.Context, user, gameID int64, seat game.Seat) error {
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	ld, err := h.GameSeats(ctx, gameID)
	if err != nil {
		return err
	}
	g := ld.Game
	if ld.SeatOf(user) == "" && (user == 0 || g.CreatedBy != user) {
		return errorf(CodeForbidden, "only a player of game %d or its creator may put a bot in a seat", gameID)
	}
	if g.Status != store.Active {
		return errorf(CodeConflict, "game %d is %s: a bot takes over only in an active game", gameID, g.Status)
	}
	r := h.Rules[g.Kind]
	if _, ok := r.(game.Bot); !ok {
		return errorf(CodeConflict, "game %d (%s) has no bot", gameID, g.Kind)
	}
	row, ok := seatRow(ld.Seats, seat)
	if !ok {
		return errorf(CodeInvalid, "game %d has no seat %q", gameID, seat)
	}
	if row.Bot {
		return errorf(CodeConflict, "a bot holds %s already", seat)
	}
	if row.UserID != 0 && row.Missed < ld.Opts.MissedLimit {
		return errorf(CodeConflict, "%s is not in civil disorder (%d of %d phases missed)", seat, row.Missed, ld.Opts.MissedLimit)
	}
	s, err := h.State(ctx, g)
	if err != nil {
		return err
	}
	if owedBy(r.Pending(s), func(x game.Seat) bool { return x == seat }) == "" {
		// Nothing to answer now: the seat alone changes hands; the bot
		// answers when the seat next owes a decision.
		if err := h.Store.ReplaceSeat(ctx, gameID, seat, row.UserID, 0); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return errorf(CodeConflict, "%s of game %d changed hands meanwhile: reload", seat, gameID)
			}
			return fmt.Errorf("bot takeover: %w", err)
		}
		h.forgetLoaded(gameID) // the cached seats no longer show who holds it
		h.notify(Change{GameID: gameID, Kind: "seat"})
		return nil
	}
	a, ok := h.botAction(r, g, s, seat)
	if !ok {
		return errorf(CodeConflict, "the bot cannot answer %s's decision now", seat)
	}
	row.UserID, row.Bot, row.Missed = 0, true, 0
	if _, _, err := h.actLocked(ctx, 0, ld, seat, s, a, &row); err != nil {
		if CodeOf(err) == CodeStale || errors.Is(err, store.ErrStale) {
			return errorf(CodeConflict, "game %d changed meanwhile: try again", gameID)
		}
		return fmt.Errorf("bot takeover: %w", err)
	}
	h.notify(Change{GameID: gameID, Kind: "seat"})
	h.playBots(ctx, gameID)
	return nil
}
