package server

import (
	"fmt"
	"net/http"

	"concordat/host"
)

// Catalog is what GET /api/variants serves: the hosted games' variants
// (Diplomacy's maps, Here I Stand's scenarios) and their options, read
// from the engines' own data, for a lobby to offer. Package catalog's
// Served implements it; cmd/concordat sets it on the server.
type Catalog interface {
	// Games lists every hosted game with its variants in brief and its
	// options.
	Games() (any, error)
	// Variant is one variant in full; ok is false when game gameID (every
	// game, for "") has no variant of that id.
	Variant(gameID, id string) (v any, ok bool, err error)
}

// variants lists every variant of every hosted game in brief, with the
// games' options.
func (s *Server) variants(w http.ResponseWriter, r *http.Request) {
	if s.Catalog == nil {
		writeJSON(w, http.StatusOK, map[string]any{"games": []any{}})
		return
	}
	v, err := s.Catalog.Games()
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// variant is one variant in full (a map with its powers and provinces, a
// scenario with its seats); ?game= names the game when ids could repeat.
func (s *Server) variant(w http.ResponseWriter, r *http.Request) {
	id, gameID := r.PathValue("id"), r.URL.Query().Get("game")
	var v any
	ok := false
	var err error
	if s.Catalog != nil {
		v, ok, err = s.Catalog.Variant(gameID, id)
	}
	switch {
	case err != nil:
		writeError(w, err)
	case !ok && gameID != "":
		writeError(w, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("%s has no variant %q (GET /api/variants lists them)", gameID, id)})
	case !ok:
		writeError(w, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("no variant %q (GET /api/variants lists them)", id)})
	default:
		writeJSON(w, http.StatusOK, v)
	}
}
