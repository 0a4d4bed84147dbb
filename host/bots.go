package host

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"concordat/game"
	"concordat/store"
)

// Bots. A game whose rules implement game.Bots (several kinds of computer
// player) or game.Bot (one kind, "random") can have a bot answer for a
// seat: at a deadline, for a seat that submitted nothing in a game with
// Options.Missed "bot" (instead of the rules' default), and at once, for a
// seat a bot holds (store.Seat.Bot, no user): one the game's creator
// filled with a bot while the game formed (PutBot), or one a bot took
// over (TakeOverBot). A seat's bot is of the seat's kind
// (store.Seat.BotKind) or, when that is "", of the game's kind
// (Options.BotKind, by default the rules' default kind, the first of
// BotKinds); a missed-deadline answer is of the game's kind. Every bot
// answer is stored as an action of its seat (user 0) through the same
// sequence-numbered write as a player's, so it is applied once, survives
// restarts and replays exactly; its random choices come from
// game.BotRNG(seed, seq).

// RandomKind is the one kind of bot of rules that implement game.Bot but
// not game.Bots.
const RandomKind = game.RandomKind

// BotKinds lists the kinds of computer player rules r offer, the default
// first (game.BotKindsOf): a game.Bots' kinds, ["random"] for rules that
// are a game.Bot alone, none for rules without a bot.
func BotKinds(r game.Rules) []string { return game.BotKindsOf(r) }

// BotOf is the player of kind of rules r; an error naming the kind and
// the kinds r offers when r has no such kind.
func BotOf(r game.Rules, kind string) (game.Bot, error) {
	if b, ok := game.BotOfKind(r, kind); ok {
		return b, nil
	}
	return nil, unknownKind(r, kind)
}

// unknownKind is the refusal of a bot kind r does not offer.
func unknownKind(r game.Rules, kind string) error {
	kinds := BotKinds(r)
	if len(kinds) == 0 {
		return errorf(CodeInvalid, "%s has no computer players: no bot of kind %q", r.Name(), kind)
	}
	return errorf(CodeInvalid, "%s has no bot of kind %q (kinds: %s)", r.Name(), kind, strings.Join(kinds, ", "))
}

// gameBotKind is the kind of bot a game uses where it names none
// (Options.BotKind, or r's default); "" when r has no bot.
func gameBotKind(r game.Rules, opts Options) string {
	if opts.BotKind != "" {
		return opts.BotKind
	}
	if kinds := BotKinds(r); len(kinds) > 0 {
		return kinds[0]
	}
	return ""
}

// SeatBotKind is the kind of the bot holding seat row of a game with
// options opts and rules r: the seat's own kind, or the game's; "" when
// no bot holds the seat.
func SeatBotKind(r game.Rules, opts Options, row store.Seat) string {
	if !row.Bot {
		return ""
	}
	if row.BotKind != "" {
		return row.BotKind
	}
	return gameBotKind(r, opts)
}

// maxBotMoves bounds the bot answers given in one go (a game of turns
// where bots hold several seats could otherwise play on for a long time in
// one request); the deadline answers whatever remains.
const maxBotMoves = 200

// botAction is the answer of a bot of kind for seat in s, the state of g
// after action g.Seq; false when the rules have no such bot or it cannot
// answer.
func (h *Host) botAction(r game.Rules, g *store.Game, kind string, s game.State, seat game.Seat) (game.Action, bool) {
	b, err := BotOf(r, kind)
	if err != nil {
		h.Log.Warn("bot: no such kind", "game", g.ID, "seat", seat, "err", err)
		return game.Action{}, false
	}
	rng := game.BotRNG(g.Seed, g.Seq)
	a, err := b.BotAction(s, seat, &rng)
	if err != nil {
		h.Log.Warn("bot: no action", "game", g.ID, "seq", g.Seq, "seat", seat, "kind", kind, "err", err)
		return game.Action{}, false
	}
	return a, true
}

// answerKind is the kind of bot that answers for seat row at a deadline or
// at once: the seat's bot, or for a seat no bot holds the game's kind.
func answerKind(r game.Rules, opts Options, row store.Seat) string {
	if row.Bot {
		return SeatBotKind(r, opts, row)
	}
	return gameBotKind(r, opts)
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

// allReady reports whether some decision is owed and every seat owing
// one is ready (game.AllReady) or is a bot's seat that has answered: a
// bot has nothing to add once its answer is in, so a window where the
// players are ready and the bots have answered closes at once, without
// waiting for the deadline.
func allReady(ps []game.Prompt, seats []store.Seat) bool {
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if p.Ready {
			continue
		}
		if row, ok := seatRow(seats, p.Seat); ok && row.Bot && p.Submitted {
			continue
		}
		return false
	}
	return true
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
	if len(BotKinds(r)) == 0 {
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
		row, _ := seatRow(seats, seat)
		a, ok := h.botAction(r, g, answerKind(r, opts, row), *s, seat)
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
		row, _ := seatRow(ld.Seats, seat)
		a, ok := h.botAction(r, ld.Game, SeatBotKind(r, ld.Opts, row), s, seat)
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
	if len(BotKinds(r)) == 0 {
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
	a, ok := h.botAction(r, g, gameBotKind(r, ld.Opts), s, seat)
	if !ok {
		return errorf(CodeConflict, "the bot cannot answer %s's decision now", seat)
	}
	row.UserID, row.Bot, row.BotKind, row.Missed = 0, true, "", 0
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

// PutBot puts a computer player of kind ("" for the game's kind,
// Options.BotKind) in seat of a forming game, which no user may hold (a
// bot there gives way to the new one); only the game's creator may. A
// kind the game's rules do not offer is refused, naming the kinds they
// do. The game starts once every seat is held, by users or bots, and the
// bots then answer their seats' decisions at once. It returns the kind of
// the seat's bot.
func (h *Host) PutBot(ctx context.Context, user, gameID int64, seat game.Seat, kind string) (string, error) {
	g, opts, err := h.Game(ctx, gameID)
	if err != nil {
		return "", err
	}
	if user == 0 || g.CreatedBy != user {
		return "", errorf(CodeForbidden, "only the creator of game %d may put bots in its seats", gameID)
	}
	r, ok := h.Rules[g.Kind]
	if !ok {
		return "", fmt.Errorf("game %d: game %q is not hosted here", gameID, g.Kind)
	}
	if len(BotKinds(r)) == 0 {
		return "", errorf(CodeConflict, "game %d (%s) has no computer players", gameID, g.Kind)
	}
	if kind != "" {
		if _, err := BotOf(r, kind); err != nil {
			return "", err
		}
	}
	if g.Status != store.Forming {
		return "", errorf(CodeConflict, "game %d is %s: bots fill seats only while a game forms (a seat in civil disorder is taken over instead)", gameID, g.Status)
	}
	grp, err := h.botGroup(ctx, g, seat)
	if err != nil {
		return "", err
	}
	if err := h.setSeatBots(ctx, gameID, grp, true, kind); err != nil {
		return "", err
	}
	if err := h.startIfFull(ctx, gameID); err != nil {
		return "", err
	}
	return SeatBotKind(r, opts, store.Seat{Bot: true, BotKind: kind}), nil
}

// RemoveBot empties a seat a bot holds in a forming game; only the game's
// creator may.
func (h *Host) RemoveBot(ctx context.Context, user, gameID int64, seat game.Seat) error {
	g, _, err := h.Game(ctx, gameID)
	if err != nil {
		return err
	}
	if user == 0 || g.CreatedBy != user {
		return errorf(CodeForbidden, "only the creator of game %d may remove bots from its seats", gameID)
	}
	if g.Status != store.Forming {
		return errorf(CodeConflict, "game %d is %s: a bot leaves a seat only while the game forms", gameID, g.Status)
	}
	grp, err := h.botGroup(ctx, g, seat)
	if err != nil {
		return err
	}
	return h.setSeatBots(ctx, gameID, grp, false, "")
}

// botGroup is the seats a bot put in (or removed from) seat of g takes
// (or leaves): in a game whose rules group seats (game.Grouped: Here I
// Stand with 3 to 5 players) the whole group holding seat, as one player
// would hold it; otherwise seat alone. A seat the game lacks is left to
// the store to refuse.
func (h *Host) botGroup(ctx context.Context, g *store.Game, seat game.Seat) ([]game.Seat, error) {
	gr, ok := h.Rules[g.Kind].(game.Grouped)
	if !ok {
		return []game.Seat{seat}, nil
	}
	st, err := h.State(ctx, g)
	if err != nil {
		return nil, err
	}
	for _, grp := range gr.SeatGroups(st) {
		if slices.Contains(grp, seat) {
			return grp, nil
		}
	}
	return []game.Seat{seat}, nil
}

// setSeatBots is store.SetSeatBot for seats under the game's lock
// (starting a full game takes it too), with the store's refusals as API
// errors. Removing bots leaves alone the seats of the list no bot holds
// (but the first, which is the one asked for). When one seat is refused,
// those already changed are put back as they were: a refusal changes
// nothing.
func (h *Host) setSeatBots(ctx context.Context, gameID int64, seats []game.Seat, bot bool, kind string) error {
	l := h.gameLock(gameID)
	l.Lock()
	before, err := h.Store.Seats(ctx, gameID)
	var seat game.Seat
	for i := 0; err == nil && i < len(seats); i++ {
		seat = seats[i]
		if row, ok := seatRow(before, seat); !bot && i > 0 && ok && !row.Bot {
			continue
		}
		if err = h.Store.SetSeatBot(ctx, gameID, seat, bot, kind); err != nil {
			for _, prev := range seats[:i] {
				if row, ok := seatRow(before, prev); ok && (bot || row.Bot) {
					_ = h.Store.SetSeatBot(ctx, gameID, prev, row.Bot, row.BotKind)
				}
			}
		}
	}
	l.Unlock()
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &Error{Code: CodeInvalid, Msg: fmt.Sprintf("game %d has no seat %q", gameID, seat), Err: err}
	case errors.Is(err, store.ErrConflict) && bot:
		return &Error{Code: CodeConflict, Msg: fmt.Sprintf("seat %s of game %d is held by a player (or the game has started)", seat, gameID), Err: err}
	case errors.Is(err, store.ErrConflict):
		return &Error{Code: CodeConflict, Msg: fmt.Sprintf("no bot holds seat %s of game %d (or the game has started)", seat, gameID), Err: err}
	case err != nil:
		return err
	}
	h.notify(Change{GameID: gameID, Kind: "seat"})
	return nil
}
