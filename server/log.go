package server

import (
	"fmt"
	"net/http"
	"strconv"

	"concordat/host"
)

// gameLog is a range of the game's log (GET /api/games/{id}/log?from=&to=
// &limit=) as the requester's seat may see it: what happened at each
// action (dice, battles, results, cards played …), paged by actions read
// (at most host.MaxLogPage a page; "next" says where to go on). A
// spectator sees the public events; once the game is over, everyone sees
// all of them. Rate limited as history views (an older game's log may be
// rebuilt by replaying it).
func (s *Server) gameLog(w http.ResponseWriter, r *http.Request) {
	if !s.limits.allow("history", s.clientKey(r)) {
		writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many log requests: slow down"})
		return
	}
	user := s.optionalUser(r)
	g, _, seat, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	var n [3]int64
	for i, name := range []string{"from", "to", "limit"} {
		v := r.URL.Query().Get(name)
		if v == "" {
			continue
		}
		if n[i], err = strconv.ParseInt(v, 10, 64); err != nil || n[i] < 0 {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("%s %q: want a whole number, 0 or more", name, v)})
			return
		}
	}
	if n[2] > host.MaxLogPage {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("limit %d: at most %d actions a page", n[2], host.MaxLogPage)})
		return
	}
	page, err := s.Host.GameLog(r.Context(), g, seat, n[0], n[1], int(n[2]))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Seq int64 `json:"seq"` // the game's seq when read
		host.LogPage
	}{g.Seq, page})
}
