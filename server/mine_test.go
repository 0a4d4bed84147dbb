package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// TestMyGamesAPI: GET /api/games?mine=1 shows for each of the user's games
// their seat, whether it owes a decision (and has something in), their
// unread press and the deadline; sort=urgency puts first what needs them
// soonest: a decision with nothing in, then one not yet declared ready,
// then the rest, each by deadline.
func TestMyGamesAPI(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, p := range powers {
		pl[p] = e.register("mine" + p)
	}
	newGame := func(name, phase string, full bool) int64 {
		id := pl["austria"].createGame(map[string]any{"name": name, "game": "diplomacy", "options": map[string]any{"phase": phase}})
		for _, p := range powers {
			if p == "turkey" && !full {
				continue
			}
			pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p}, http.StatusOK, nil)
		}
		return id
	}
	fr := pl["france"]
	owed := newGame("owed, far", "3h", true)      // France owes orders, 3 h left
	submitted := newGame("submitted", "1h", true) // France's orders in, not ready
	ready := newGame("ready", "2h", true)         // France ready
	forming := newGame("forming", "1h", false)    // not started
	owedSoon := newGame("owed, soon", "2h", true) // France owes orders, 2 h left
	e.clock.Add(time.Minute)
	fr.orders(submitted, 0, "A par - bur")
	fr.ready(ready, 0)
	// Press: two public messages and a private one to France in the ready
	// game, one of them read.
	var m message
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", ready), map[string]any{"body": "hello all"}, http.StatusCreated, &m)
	fr.mustDo("POST", fmt.Sprintf("/api/games/%d/read", ready), map[string]any{"channel": "public", "up_to": m.ID}, http.StatusOK, nil)
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", ready), map[string]any{"body": "again"}, http.StatusCreated, nil)
	pl["germany"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", ready), map[string]any{"to": []string{"france"}, "body": "psst"}, http.StatusCreated, nil)
	pl["germany"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", ready), map[string]any{"to": []string{"england"}, "body": "not for France"}, http.StatusCreated, nil)

	type entry struct {
		ID        int64      `json:"id"`
		Name      string     `json:"name"`
		Status    string     `json:"status"`
		Deadline  *time.Time `json:"deadline"`
		Seat      string     `json:"seat"`
		Owes      bool       `json:"owes"`
		Submitted bool       `json:"submitted"`
		Unread    int        `json:"unread"`
	}
	var list struct {
		Games []entry `json:"games"`
	}
	fr.mustDo("GET", "/api/games?mine=1&sort=urgency", nil, http.StatusOK, &list)
	var order []int64
	for _, g := range list.Games {
		order = append(order, g.ID)
		if g.Seat != "france" {
			t.Errorf("%s: seat %q", g.Name, g.Seat)
		}
	}
	if want := []int64{owedSoon, owed, submitted, ready, forming}; fmt.Sprint(order) != fmt.Sprint(want) {
		t.Fatalf("by urgency: %v, want %v (%+v)", order, want, list.Games)
	}
	byID := map[int64]entry{}
	for _, g := range list.Games {
		byID[g.ID] = g
	}
	if g := byID[owed]; !g.Owes || g.Submitted || g.Unread != 0 || g.Deadline == nil || !g.Deadline.Equal(e.clock.Now().Add(3*time.Hour-time.Minute)) {
		t.Errorf("the owed game: %+v", g)
	}
	if g := byID[submitted]; !g.Owes || !g.Submitted {
		t.Errorf("the submitted game: %+v", g)
	}
	if g := byID[ready]; g.Owes || g.Unread != 2 {
		t.Errorf("the ready game: %+v (want nothing owed, two unread: the second public message and Germany's)", g)
	}
	if g := byID[forming]; g.Owes || g.Status != "forming" || g.Deadline != nil {
		t.Errorf("the forming game: %+v", g)
	}
	// Newest first without sort; England, who wrote, has nothing unread of
	// its own.
	pl["england"].mustDo("GET", "/api/games?mine=1", nil, http.StatusOK, &list)
	if len(list.Games) != 5 || list.Games[0].ID != owedSoon || list.Games[4].ID != owed {
		t.Fatalf("England's games newest first: %+v", list.Games)
	}
	for _, g := range list.Games {
		if g.ID == ready && g.Unread != 1 {
			t.Errorf("England's unread in the ready game: %d, want 1 (Germany's)", g.Unread)
		}
	}
	wantError(t, "sort=deadline", fr.do("GET", "/api/games?mine=1&sort=deadline", nil), http.StatusBadRequest, "invalid", "urgency")
	wantError(t, "mine without a login", e.anon().do("GET", "/api/games?mine=1", nil), http.StatusUnauthorized, "unauthorized")
}
