package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"concordat/game"
	"concordat/host"
	"concordat/store"
)

// Hub fans live changes out to the server-sent-event streams of this
// process. Changes made by other processes reach it through Server.Relay
// (the store's broadcast).
type Hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan host.Change]game.Seat // the reader's seat ("" for spectators)
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{subs: map[int64]map[chan host.Change]game.Seat{}} }

// Publish sends a change to every stream of its game (a message only to
// the streams of the seats that read its channel, so that nobody learns of
// others' private press); a stream that is not keeping up misses it (it
// reloads on the next change).
func (h *Hub) Publish(c host.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch, seat := range h.subs[c.GameID] {
		if c.Kind == "message" && !host.Reads(c.Channel, seat) {
			continue
		}
		select {
		case ch <- c:
		default:
		}
	}
}

// PublishAll sends a change to every stream of every game (a "resync":
// changes may have been missed).
func (h *Hub) PublishAll(c host.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, subs := range h.subs {
		for ch := range subs {
			select {
			case ch <- c:
			default:
			}
		}
	}
}

func (h *Hub) subscribe(gameID int64, seat game.Seat) chan host.Change {
	ch := make(chan host.Change, 16)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[gameID] == nil {
		h.subs[gameID] = map[chan host.Change]game.Seat{}
	}
	h.subs[gameID][ch] = seat
	return ch
}

func (h *Hub) unsubscribe(game int64, ch chan host.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs[game], ch)
	if len(h.subs[game]) == 0 {
		delete(h.subs, game)
	}
}

// events streams a game's changes as server-sent events: "change" events
// with {"kind", "seq"} (never the content: the client reloads what it may
// see) and, for actions, "log": the log's entries since the last change
// announced, as the stream's seat may see them (absent when there are
// none, or more than a page: then the client reads /log). Changes by other
// server processes arrive through Server.Relay;
// after the relay's connection was lost (a "resync"), the stream reads the
// game's seq and last message once to catch up. A store shared by several
// processes without a relay running is polled every second instead.
// Streams are capped per client address, per user and in all (429 past a
// cap; see openStream).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	g, _, seat, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	if _, ok := w.(http.Flusher); !ok {
		writeError(w, &host.Error{Code: host.CodeInternal, Msg: "streaming unsupported"})
		return
	}
	closeStream, err := s.openStream(s.clientKey(r), user)
	if err != nil {
		w.Header().Set("Retry-After", retryAfter)
		writeError(w, err)
		return
	}
	defer closeStream()
	// Each write gets a deadline of its own instead of the server's
	// WriteTimeout, which would end every stream (its ReadTimeout covers
	// the request only: net/http lifts the read deadline once the request
	// is read).
	rc := http.NewResponseController(w)
	writeDeadline := func() {
		if s.StreamWriteTimeout > 0 {
			rc.SetWriteDeadline(time.Now().Add(s.StreamWriteTimeout))
		} else {
			rc.SetWriteDeadline(time.Time{})
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	writeDeadline()
	w.WriteHeader(http.StatusOK)
	ch := s.hub.subscribe(g.ID, seat)
	defer s.hub.unsubscribe(g.ID, ch)
	var entries []host.LogEntry // of the next change sent
	send := func(kind string, seq int64) bool {
		m := map[string]any{"kind": kind, "seq": seq}
		if len(entries) > 0 {
			m["log"] = entries
			entries = nil
		}
		b, _ := json.Marshal(m)
		writeDeadline()
		if _, err := fmt.Fprintf(w, "event: change\ndata: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("hello", g.Seq) {
		return
	}
	lastSeq, lastStatus := g.Seq, g.Status
	// readLog sets the entries of the actions after lastSeq up to seq,
	// read from the store (the change did not carry them, or changes were
	// missed).
	readLog := func(seq int64) {
		if seq-lastSeq > host.MaxLogPage {
			return // the client reads /log
		}
		cur := *g
		cur.Seq = seq
		if page, err := s.Host.GameLog(r.Context(), &cur, seat, lastSeq+1, seq, 0); err == nil {
			entries = page.Entries
		}
	}
	// The newest message when the stream opened: anything later, from any
	// process, is news (read now, not at the first catch-up, so that a
	// message posted in between is not taken as known).
	lastMsg := int64(0)
	if msgs, err := s.Host.Store.Messages(r.Context(), g.ID, nil, 0); err == nil && len(msgs) > 0 {
		lastMsg = msgs[len(msgs)-1].ID
	}
	// catchUp reads the store for changes the stream may have missed.
	catchUp := func() bool {
		cur, err := s.Host.Store.GetGame(r.Context(), g.ID)
		if err != nil {
			return true
		}
		if cur.Seq > lastSeq || cur.Status != lastStatus {
			if cur.Seq > lastSeq {
				readLog(cur.Seq)
			}
			lastSeq, lastStatus = cur.Seq, cur.Status
			if !send("action", lastSeq) {
				return false
			}
		}
		msgs, err := s.Host.Store.Messages(r.Context(), g.ID, nil, lastMsg)
		if err == nil && len(msgs) > 0 {
			readable := false
			for _, m := range msgs {
				readable = readable || host.Reads(m.Channel, seat)
			}
			lastMsg = msgs[len(msgs)-1].ID
			if readable && !send("message", lastSeq) {
				return false
			}
		}
		return true
	}
	var poll <-chan time.Time
	if store.BroadcasterOf(s.Host.Store) != nil && !s.relayOn.Load() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		poll = tick.C
	}
	keepalive := time.NewTicker(25 * time.Second)
	defer keepalive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case c := <-ch:
			if c.Kind == "resync" {
				if !catchUp() {
					return
				}
				continue
			}
			if c.Seq > lastSeq {
				switch {
				case c.Seq > lastSeq+1 || c.EventsOmitted:
					readLog(c.Seq) // missed changes, or events not carried
				case len(c.Events) > 0:
					if e := host.EntryOf(store.Action{Seq: c.Seq, Seat: c.Seat, At: c.At, Events: c.Events}, seat, false); e != nil {
						entries = []host.LogEntry{*e}
					}
				}
				lastSeq = c.Seq
			}
			if !send(c.Kind, lastSeq) {
				return
			}
		case <-keepalive.C:
			writeDeadline()
			if _, err := fmt.Fprint(w, ": keepalive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-poll:
			if !catchUp() {
				return
			}
		}
	}
}
