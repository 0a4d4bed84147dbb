package server

import (
	"net/http"
	"strconv"

	"concordat/game"
	"concordat/host"
	"concordat/store"
)

// messageJSON is a message as the API shows it: its id is its Ref,
// random, never its store ID (which counts every message, private press
// included).
type messageJSON struct {
	ID      int64     `json:"id"`
	Channel string    `json:"channel"`
	From    game.Seat `json:"from,omitempty"`
	Body    string    `json:"body"`
	At      string    `json:"at"`
}

func toMessageJSON(m store.Message) messageJSON {
	return messageJSON{ID: m.Ref, Channel: m.Channel, From: m.From, Body: m.Body, At: m.At.UTC().Format("2006-01-02T15:04:05.000Z")}
}

func (s *Server) messages(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	g, _, _, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	after := int64(0)
	if a := r.URL.Query().Get("after"); a != "" {
		if after, err = strconv.ParseInt(a, 10, 64); err != nil || after < 0 {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "after: want a message id (0: from the first)"})
			return
		}
	}
	msgs, err := s.Host.Messages(r.Context(), user, g.ID, after)
	if err != nil {
		writeError(w, err)
		return
	}
	out := make([]messageJSON, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, toMessageJSON(m))
	}
	writeJSON(w, http.StatusOK, map[string]any{"messages": out})
}

func (s *Server) post(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		To   []game.Seat `json:"to"`
		Body string      `json:"body"`
	}
	// As act: the body first, so that press on a game this process holds
	// a copy of goes without reading the game (Host.PostCached); otherwise
	// the game is read, and its errors come before the body's.
	bodyErr := readJSON(r, &req)
	if id, err := pathID(r); err == nil && bodyErr == nil {
		if m, ok := s.Host.PostCached(r.Context(), u.ID, id, req.To, req.Body); ok {
			writeJSON(w, http.StatusCreated, toMessageJSON(*m))
			return
		}
	}
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err == nil {
		err = bodyErr
	}
	if err != nil {
		writeError(w, err)
		return
	}
	m, err := s.Host.PostOn(r.Context(), u.ID, ld, req.To, req.Body)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, toMessageJSON(*m))
}

func (s *Server) channels(w http.ResponseWriter, r *http.Request, u *store.User) {
	g, _, _, _, err := s.visible(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	chs, err := s.Host.Channels(r.Context(), u.ID, g.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"channels": chs})
}

func (s *Server) markRead(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Channel string `json:"channel"`
		UpTo    int64  `json:"up_to"`
	}
	g := s.gameAndBody(w, r, u, &req)
	if g == nil {
		return
	}
	if err := s.Host.MarkRead(r.Context(), u.ID, g.ID, req.Channel, req.UpTo); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

func (s *Server) votes(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	g, _, _, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := s.Host.Votes(r.Context(), g.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"votes": v})
}

func (s *Server) vote(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Kind  string `json:"kind"`
		Value string `json:"value"`
	}
	g := s.gameAndBody(w, r, u, &req)
	if g == nil {
		return
	}
	passed, err := s.Host.Vote(r.Context(), u.ID, g.ID, req.Kind, req.Value)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"passed": passed})
}
