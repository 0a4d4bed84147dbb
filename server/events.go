package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"concordat/game"
	"concordat/host"
)

// Hub fans live changes out to the server-sent-event streams of this
// process. Changes made by other processes reach it through Watch, which
// polls the store.
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
// see). Changes by other server processes are found by polling the game's
// seq and last message every second.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	g, _, seat, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, &host.Error{Code: host.CodeInternal, Msg: "streaming unsupported"})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	ch := s.hub.subscribe(g.ID, seat)
	defer s.hub.unsubscribe(g.ID, ch)
	send := func(kind string, seq int64) bool {
		b, _ := json.Marshal(map[string]any{"kind": kind, "seq": seq})
		if _, err := fmt.Fprintf(w, "event: change\ndata: %s\n\n", b); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	if !send("hello", g.Seq) {
		return
	}
	lastSeq, lastStatus := g.Seq, g.Status
	// The newest message when the stream opened: anything later, from any
	// process, is news (read now, not at the first poll, so that a message
	// posted in between is not taken as known).
	lastMsg := int64(0)
	if msgs, err := s.Host.Store.Messages(r.Context(), g.ID, nil, 0); err == nil && len(msgs) > 0 {
		lastMsg = msgs[len(msgs)-1].ID
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	keepalive := time.NewTicker(25 * time.Second)
	defer keepalive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case c := <-ch:
			if c.Seq > lastSeq {
				lastSeq = c.Seq
			}
			if !send(c.Kind, lastSeq) {
				return
			}
		case <-keepalive.C:
			if _, err := fmt.Fprint(w, ": keepalive\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-tick.C:
			// Another process may have changed the game.
			cur, err := s.Host.Store.GetGame(r.Context(), g.ID)
			if err != nil {
				continue
			}
			if cur.Seq > lastSeq || cur.Status != lastStatus {
				lastSeq, lastStatus = cur.Seq, cur.Status
				if !send("action", lastSeq) {
					return
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
					return
				}
			}
		}
	}
}
