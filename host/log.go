package host

import (
	"context"
	"fmt"
	"time"

	"concordat/game"
	"concordat/store"
)

// The game log: the events the rules reported for each action (dice,
// battles, results, who played which card …), stored with the action,
// shown to each seat as the rules allow (game.Event.Seats): the same
// visibility as the views. Actions stored before the stores kept events
// get theirs by replaying the record (deterministic, so the events are
// the ones reported then), stored back the first time they are read.

// MaxLogPage is the most actions one GameLog call reads.
const MaxLogPage = 500

// LogEntry is one action of a game's log as one seat may see it.
type LogEntry struct {
	Seq int64     `json:"seq"`
	At  time.Time `json:"at"`
	// System is true for the server's close of a window (a deadline, or
	// every seat ready); Seat names the seat that acted, shown when the
	// action was the viewer's own or reported something public.
	System bool       `json:"system,omitempty"`
	Seat   game.Seat  `json:"seat,omitempty"`
	Events []LogEvent `json:"events"`
}

// LogEvent is one event of the log, without the list of who else saw it.
type LogEvent struct {
	Type string `json:"type"`
	Text string `json:"text"`
	// Private is true when not every seat sees it.
	Private bool `json:"private,omitempty"`
}

// LogPage is a range of a game's log as one seat may see it: the actions
// of the range with an event the seat may see, in order; Next, when not
// 0, is the seq to read on from (the page ended before the range did).
type LogPage struct {
	Entries []LogEntry `json:"entries"`
	Next    int64      `json:"next,omitempty"`
}

// GameLog is the log of game g from action from to action to (both
// included; 0 for to: up to the last) as viewer may see it (game.System:
// a spectator, who sees the public events), at most limit actions read
// (0 or more than MaxLogPage: MaxLogPage). A finished game shows every
// event to everyone, as its views do.
func (h *Host) GameLog(ctx context.Context, g *store.Game, viewer game.Seat, from, to int64, limit int) (LogPage, error) {
	if to == 0 || to > g.Seq {
		to = g.Seq
	}
	if from < 1 {
		from = 1
	}
	if limit <= 0 || limit > MaxLogPage {
		limit = MaxLogPage
	}
	page := LogPage{Entries: []LogEntry{}}
	if from > to {
		return page, nil
	}
	acts, err := h.Store.EventLog(ctx, g.ID, from-1, to, limit)
	if err != nil {
		return LogPage{}, err
	}
	if err := h.rebuildEvents(ctx, g, acts); err != nil {
		return LogPage{}, err
	}
	everything := g.Status == store.Finished
	for _, a := range acts {
		if e := EntryOf(a, viewer, everything); e != nil {
			page.Entries = append(page.Entries, *e)
		}
	}
	if n := len(acts); n == limit && acts[n-1].Seq < to {
		page.Next = acts[n-1].Seq + 1
	}
	return page, nil
}

// rebuildEvents gives the actions of acts stored without events
// (EventsMissing, before the stores kept them) their events, by replaying
// the record from the state before the first of them, and stores them.
func (h *Host) rebuildEvents(ctx context.Context, g *store.Game, acts []store.Action) error {
	first, last := -1, -1
	for i, a := range acts {
		if a.EventsMissing {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil
	}
	r, ok := h.Rules[g.Kind]
	if !ok {
		return fmt.Errorf("game %d: game %q is not hosted here", g.ID, g.Kind)
	}
	s, err := h.StateAt(ctx, g, acts[first].Seq-1)
	if err != nil {
		return fmt.Errorf("game %d: rebuilding the log: %w", g.ID, err)
	}
	filled := map[int64][]game.Event{}
	for i := first; i <= last; i++ {
		a := &acts[i]
		var evs []game.Event
		if s, evs, err = r.Apply(s, a.Seat, a.Action); err != nil {
			return fmt.Errorf("game %d: rebuilding the log: replaying action %d: %w", g.ID, a.Seq, err)
		}
		if a.EventsMissing {
			a.Events, a.EventsMissing = evs, false
			filled[a.Seq] = evs
		}
	}
	if err := h.Store.FillEvents(ctx, g.ID, filled); err != nil {
		// The log is right as rebuilt; the next read rebuilds it again.
		h.Log.Warn("storing rebuilt events", "game", g.ID, "err", err)
	}
	return nil
}

// EntryOf is action a's entry of the log as viewer may see it (a.Events
// filtered), nil when viewer sees none of its events; everything shows
// them all (a finished game).
func EntryOf(a store.Action, viewer game.Seat, everything bool) *LogEntry {
	e := LogEntry{Seq: a.Seq, At: a.At, System: a.Seat == game.System}
	public := false
	for _, ev := range a.Events {
		if everything || ev.VisibleTo(viewer) {
			e.Events = append(e.Events, LogEvent{Type: ev.Type, Text: ev.Text, Private: ev.Seats != nil})
			public = public || ev.Seats == nil
		}
	}
	if len(e.Events) == 0 {
		return nil
	}
	if !e.System && (public || everything || (a.Seat == viewer && viewer != game.System)) {
		e.Seat = a.Seat
	}
	return &e
}
