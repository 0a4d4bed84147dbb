package server

import (
	"errors"
	"net/http"

	"concordat/game"
	"concordat/host"
	"concordat/store"
)

// putBot answers POST /api/games/{id}/seats/{seat}/bot: the game's creator
// puts a computer player of a kind (the body's "kind", or the game's kind
// when left out) in an empty seat of a forming game; the game starts once
// every seat is held by users or bots.
func (s *Server) putBot(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Kind string `json:"kind,omitempty"`
	}
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	if r.ContentLength != 0 {
		if err := readJSON(r, &req); err != nil && !errors.Is(err, errEmptyBody) {
			writeError(w, err)
			return
		}
	}
	seat := game.Seat(r.PathValue("seat"))
	kind, err := s.Host.PutBot(r.Context(), u.ID, ld.Game.ID, seat, req.Kind)
	if err != nil {
		writeError(w, err)
		return
	}
	status := store.Forming
	if g, _, err := s.Host.Game(r.Context(), ld.Game.ID); err == nil {
		status = g.Status
	}
	writeJSON(w, http.StatusOK, map[string]any{"seat": seat, "bot": true, "bot_kind": kind, "status": status})
}

// removeBot answers DELETE /api/games/{id}/seats/{seat}/bot: the game's
// creator empties a seat a bot holds in a forming game.
func (s *Server) removeBot(w http.ResponseWriter, r *http.Request, u *store.User) {
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	seat := game.Seat(r.PathValue("seat"))
	if err := s.Host.RemoveBot(r.Context(), u.ID, ld.Game.ID, seat); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"seat": seat, "bot": false})
}

// botKinds lists the kinds of computer player the game kind offers, the
// default first (none for a game not hosted or without bots).
func (s *Server) botKinds(kind string) []string {
	if r, ok := s.Host.Rules[kind]; ok {
		if k := host.BotKinds(r); len(k) > 0 {
			return k
		}
	}
	return []string{}
}
