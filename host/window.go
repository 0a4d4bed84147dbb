package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"maps"

	"concordat/game"
	"concordat/store"
)

// Simultaneous windows. In a game whose rules implement game.Windowed
// (Diplomacy: a phase), every seat answers the open window side by side,
// and each seat's answer stands on its own (a power's orders replace only
// its own). A submission is then judged against the window, not against
// the other seats' writes in it: one made against any seq the window was
// open at is applied to the game as it is now, provided the seat itself
// wrote nothing since that seq (its client has seen all its own writes).
// A retry of the seat's last write (the same action again against the
// same seq) is answered as done and stored no second time; any other
// submission against a seq the seat wrote since is stale. Whatever is not
// in an open window (Here I Stand's turns, a game without windows) is
// judged by the seq alone, as always: the seq must be the game's.
//
// The record stays a plain sequence: each accepted submission is the next
// action, applied to the state after the one before, so replay is exact.

// maxWindowScan bounds the actions read to judge a submission against an
// old seq the host holds no window knowledge for; older ones are stale.
const maxWindowScan = 2000

// maxSubmitTries is how often a submission is tried again when another
// process stored an action of the game between the read and the write.
// Every lost try means another write succeeded, so the tries end; the
// bound must exceed what the other processes can store meanwhile: seven
// seats each writing orders and ready in one window through two processes
// made a submission lose eight times in a row in about one run in seven
// (TestWindowTwoProcesses).
const maxSubmitTries = 64

// window is what the host knows of the simultaneous window open after a
// game's action seq: its name (game.Windowed; "" when none is open or the
// rules have none), a seq from which on it has been open (it may have
// opened earlier), and each seat's last action after that seq.
type window struct {
	name string
	from int64
	last map[game.Seat]seatWrite // never changed once shared: copied on write
}

// seatWrite is a seat's action as the window keeps it: its seq and a
// digest of its content.
type seatWrite struct {
	seq int64
	sum [sha256.Size]byte
}

// windowOf names the window open in s ("" for none, or rules without).
func windowOf(r game.Rules, s game.State) string {
	if w, ok := r.(game.Windowed); ok {
		return w.Window(s)
	}
	return ""
}

// openAt is what is known of the window open in s, the state after seq,
// with nothing known of the actions before.
func openAt(r game.Rules, s game.State, seq int64) window {
	return window{name: windowOf(r, s), from: seq}
}

// after is w once action a is applied, the window then open being name.
func (w window) after(a store.Action, name string) window {
	if name != w.name {
		return window{name: name, from: a.Seq}
	}
	last := maps.Clone(w.last)
	if last == nil {
		last = map[game.Seat]seatWrite{}
	}
	last[a.Seat] = seatWrite{seq: a.Seq, sum: actionSum(a.Action)}
	return window{name: w.name, from: w.from, last: last}
}

// actionSum is a digest of an action's content: its type and its
// arguments as compact JSON (a retry may space them differently).
func actionSum(a game.Action) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(a.Type))
	h.Write([]byte{0})
	var buf bytes.Buffer
	if json.Compact(&buf, a.Args) == nil {
		h.Write(buf.Bytes())
	} else {
		h.Write(a.Args)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// Submission is a seat's action as a client sends it.
type Submission struct {
	// Seq is the game's seq the client read (0 or more).
	Seq int64
	// Window, when not "", is the simultaneous window the client submits
	// for: refused as stale once that window has closed.
	Window string
	Action game.Action
}

// Acted is what became of a submission.
type Acted struct {
	Seq  int64     // the game's seq after it (and after a window it closed)
	Seat game.Seat // the seat that acted
	// Events are what happened, for every seat: the caller shows each
	// seat only those it may see (game.Event.VisibleTo).
	Events []game.Event
	// Checks is the rules' verdict on each part of the action, as it
	// stands in the game it was applied to (game.Checker; nil otherwise).
	Checks []game.Check
	// Duplicate is true when the action was the seat's last write, sent
	// again against the same seq (a retry): it was applied once, before,
	// and nothing was stored now.
	Duplicate bool
	// Window is the simultaneous window open at Seq ("" when none is, or
	// it is not known here), for the seat's next submission.
	Window string
}

// judged is the verdict on a submission against the game at seq g.Seq.
type judged int

const (
	apply     judged = iota // apply it now
	duplicate               // the seat's last write again: done already
)

// judge decides whether sub, from seat, applies to game g (state s,
// window w, as of g.Seq): an error (stale) when it does not.
func (h *Host) judge(ctx context.Context, g *store.Game, r game.Rules, s game.State, w window, seat game.Seat, sub Submission) (judged, error) {
	if sub.Window != "" && sub.Window != w.name {
		if w.name == "" {
			return 0, &Error{Code: CodeStale, Msg: fmt.Sprintf("the window %s is not open (game %d is at seq %d): reload and submit again", sub.Window, g.ID, g.Seq), Err: store.ErrStale}
		}
		return 0, &Error{Code: CodeStale, Msg: fmt.Sprintf("the window %s has closed; %s is open (seq %d): reload and submit again", sub.Window, w.name, g.Seq), Err: store.ErrStale}
	}
	if sub.Seq == g.Seq {
		return apply, nil
	}
	stale := func() error {
		return &Error{Code: CodeStale, Msg: fmt.Sprintf("the game is at seq %d, not %d: reload and submit again", g.Seq, sub.Seq), Err: store.ErrStale}
	}
	if sub.Seq > g.Seq || w.name == "" {
		return 0, stale()
	}
	// A seq before now, in an open window: was the window open then, and
	// what has the seat written since?
	last, known := seatWrite{}, false
	if sub.Seq >= w.from {
		last, known = w.last[seat], true
	} else {
		if g.Seq-sub.Seq > maxWindowScan {
			return 0, stale()
		}
		then, err := h.StateAt(ctx, g, sub.Seq)
		if err != nil {
			return 0, err
		}
		if windowOf(r, then) != w.name {
			return 0, &Error{Code: CodeStale, Msg: fmt.Sprintf("seq %d was in another window; %s is open now (seq %d): reload and submit again", sub.Seq, w.name, g.Seq), Err: store.ErrStale}
		}
		acts, err := h.Store.ActionsBetween(ctx, g.ID, sub.Seq, g.Seq)
		if err != nil {
			return 0, err
		}
		for _, a := range acts {
			if a.Seat == seat {
				last, known = seatWrite{seq: a.Seq, sum: actionSum(a.Action)}, true
			}
		}
	}
	if !known || last.seq <= sub.Seq {
		return apply, nil // nothing of the seat's own since the client's seq
	}
	if last.sum == actionSum(sub.Action) {
		return duplicate, nil
	}
	return 0, &Error{Code: CodeStale, Msg: fmt.Sprintf("you submitted again since seq %d (at seq %d; the game is at %d): reload and submit again", sub.Seq, last.seq, g.Seq), Err: store.ErrStale}
}

// cachedWindow is the window the cache knows for game id at seq (what a
// state read by State leaves there), or what the state s itself tells.
func (h *Host) cachedWindow(id, seq int64, r game.Rules, s game.State) window {
	h.mu.Lock()
	c, ok := h.cache[id]
	h.mu.Unlock()
	if ok && c.seq == seq {
		return c.win
	}
	return openAt(r, s, seq)
}

// WindowOf names the simultaneous window open in s, a state of a game of
// kind ("" when none is open, or the game has none): what a client sends
// as Submission.Window.
func (h *Host) WindowOf(kind string, s game.State) string {
	if r, ok := h.Rules[kind]; ok {
		return windowOf(r, s)
	}
	return ""
}

// checks is the rules' verdict on the parts of a (game.Checker), nil for
// rules without one.
func checks(r game.Rules, s game.State, seat game.Seat, a game.Action) []game.Check {
	if c, ok := r.(game.Checker); ok {
		return c.Check(s, seat, a)
	}
	return nil
}

// Submit applies a player's submission for their seat in game gameID (ld:
// the game as the caller read it, or nil to read it here). The action is
// judged against the window open (see judge), applied to the game as it
// is, and stored only if the game is still as it was read and the user
// still holds the seat (the store checks as it writes); when another
// process stored an action meanwhile, it is judged and applied again on
// the game as it is then.
func (h *Host) Submit(ctx context.Context, user, gameID int64, ld *Loaded, sub Submission) (Acted, error) {
	if sub.Seq < 0 {
		return Acted{}, errorf(CodeInvalid, "seq: the game's seq your action was made against (0 or more) is required")
	}
	return h.submit(ctx, user, gameID, ld, sub, false)
}

// submit is Submit; with current, sub.Seq is the game's seq as read here
// (the game is read under the lock).
func (h *Host) submit(ctx context.Context, user, gameID int64, ld *Loaded, sub Submission, current bool) (Acted, error) {
	if sub.Action.Type == game.Advance {
		return Acted{}, errorf(CodeForbidden, "%q is the server's action", game.Advance)
	}
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	var movedOn error // the last try's write found the game changed since its read at readSeq
	var readSeq int64
	for try := 1; ; try++ {
		if ld == nil || ld.Game.ID != gameID {
			var err error
			if ld, err = h.GameSeats(ctx, gameID); err != nil {
				return Acted{}, err
			}
			if movedOn != nil && ld.Game.Seq == readSeq {
				// Not another action: the status or the seat changed under
				// the write. Stale, as the store said.
				return Acted{}, movedOn
			}
		}
		g := ld.Game
		switch g.Status {
		case store.Forming:
			return Acted{}, errorf(CodeNotStarted, "game %d has not started", gameID)
		case store.Finished:
			return Acted{}, errorf(CodeGameOver, "game %d is over", gameID)
		case store.Paused:
			return Acted{}, errorf(CodeConflict, "game %d is paused", gameID)
		}
		seat := ld.SeatFor(ctx, user)
		if seat == "" {
			return Acted{}, errorf(CodeForbidden, "you hold no seat in game %d", gameID)
		}
		r, ok := h.Rules[g.Kind]
		if !ok {
			return Acted{}, fmt.Errorf("game %d: game %q is not hosted here", g.ID, g.Kind)
		}
		s, err := h.State(ctx, g)
		if err != nil {
			return Acted{}, err
		}
		seat = seatFor(ctx, ld.Seats, user, owesIn(r, s)) // of several seats, the one that owes a decision
		if current {
			sub.Seq = g.Seq
		}
		res, err := h.submitLocked(ctx, user, ld, seat, r, s, h.cachedWindow(gameID, g.Seq, r, s), sub)
		if err != nil && try < maxSubmitTries && errors.Is(err, errMovedOn) {
			// Another process stored an action (or the game changed
			// otherwise): judge again on the game as it is.
			movedOn, readSeq, ld = err, g.Seq, nil
			continue
		}
		if err == nil && hasBot(ld.Seats) {
			h.playBots(ctx, gameID)
		}
		return res, err
	}
}

// errMovedOn marks the stale error of a write that found the game moved
// on since it was read (not a submission judged stale).
var errMovedOn = fmt.Errorf("the game moved on while the action was applied: %w", store.ErrStale)

// submitLocked judges sub against the game ld (state s, window w) and
// applies it. The caller holds the game's lock.
func (h *Host) submitLocked(ctx context.Context, user int64, ld *Loaded, seat game.Seat, r game.Rules, s game.State, w window, sub Submission) (Acted, error) {
	verdict, err := h.judge(ctx, ld.Game, r, s, w, seat, sub)
	if err != nil {
		return Acted{}, err
	}
	res := Acted{Seat: seat, Checks: checks(r, s, seat, sub.Action)}
	if verdict == duplicate {
		res.Seq, res.Duplicate, res.Window = ld.Game.Seq, true, w.name
		return res, nil
	}
	res.Seq, res.Events, err = h.actLocked(ctx, user, ld, seat, s, sub.Action, nil)
	if err == nil {
		h.mu.Lock()
		if c, ok := h.cache[ld.Game.ID]; ok && c.seq == res.Seq {
			res.Window = c.win.name
		}
		h.mu.Unlock()
	}
	return res, err
}

// SubmitCached is Submit without reading the game: on this process's
// cached copy of the game and its seats (see ActCached), when the
// submission can be judged from what the cache knows. ok is false when
// it cannot, or anything failed (nothing was stored then); the caller then
// reads the game and submits with Submit, which gives the answer.
func (h *Host) SubmitCached(ctx context.Context, user, gameID int64, sub Submission) (res Acted, ok bool) {
	if sub.Action.Type == game.Advance || sub.Seq < 0 || user == 0 {
		return Acted{}, false
	}
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	h.mu.Lock()
	c, hit := h.cache[gameID]
	h.mu.Unlock()
	if !hit || c.ld == nil || c.ld.Game.Seq != c.seq || c.ld.Game.Status != store.Active {
		return Acted{}, false
	}
	if sub.Seq != c.seq && (c.win.name == "" || sub.Seq < c.win.from || sub.Seq > c.seq) {
		return Acted{}, false // judged on the game read from the store
	}
	r, known := h.Rules[c.ld.Game.Kind]
	if !known {
		return Acted{}, false
	}
	seat := seatFor(ctx, c.ld.Seats, user, owesIn(r, c.state))
	if seat == "" {
		return Acted{}, false
	}
	if _, err := h.judge(ctx, c.ld.Game, r, c.state, c.win, seat, sub); err != nil {
		return Acted{}, false // Submit reads the game and tells why
	}
	res, err := h.submitLocked(ctx, user, c.ld, seat, r, r.Clone(c.state), c.win, sub)
	if err != nil {
		h.forgetLoaded(gameID)
		return Acted{}, false
	}
	if hasBot(c.ld.Seats) {
		h.playBots(ctx, gameID)
	}
	return res, true
}
