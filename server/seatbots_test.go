package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"concordat/diplomacy/hosted"
	"concordat/host"
	"concordat/store"
)

// TestSeatBotsAPI: a forming game's creator fills seats with bots of the
// kinds the game offers (GET /api/games/{id} lists them); strangers,
// anonymous callers, unknown kinds and seats, a player's seat and a
// started game are refused, changing nothing; the game starts when the
// creator takes the last seat, the bots order at once, and the game
// moves on at the deadline with their orders.
func TestSeatBotsAPI(t *testing.T) {
	e := newEnv(t)
	creator, stranger := e.register("sbcreator"), e.register("sbstranger")
	id := creator.createGame(map[string]any{"name": "bots", "game": "diplomacy", "options": map[string]any{"phase": "1h"}})
	path := func(seat string) string { return fmt.Sprintf("/api/games/%d/seats/%s/bot", id, seat) }
	var gv struct {
		BotKinds []string `json:"bot_kinds"`
		Seats    []struct {
			Seat    string `json:"seat"`
			Player  string `json:"player"`
			Bot     bool   `json:"bot"`
			BotKind string `json:"bot_kind"`
		} `json:"seats"`
	}
	creator.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &gv)
	kinds := host.BotKinds(hosted.Rules{})
	if !slices.Equal(gv.BotKinds, kinds) || !slices.Contains(gv.BotKinds, "random") {
		t.Fatalf("bot_kinds %v, want the rules' %v", gv.BotKinds, kinds)
	}
	if r := e.anon().do("POST", path("france"), map[string]string{"kind": "random"}); r.status != http.StatusUnauthorized {
		t.Fatalf("an anonymous bot: %d %s", r.status, r.body)
	}
	wantError(t, "a stranger's bot", stranger.do("POST", path("france"), map[string]string{"kind": "random"}), http.StatusForbidden, "forbidden", "creator")
	wantError(t, "an unknown kind", creator.do("POST", path("france"), map[string]string{"kind": "genius"}), http.StatusBadRequest, "invalid", `"genius"`, strings.Join(kinds, ", "))
	wantError(t, "an unknown seat", creator.do("POST", path("narnia"), map[string]string{"kind": "random"}), http.StatusBadRequest, "invalid", "narnia")
	wantError(t, "an unknown game", creator.do("POST", fmt.Sprintf("/api/games/%d/seats/france/bot", id+100), nil), http.StatusNotFound, "not_found")
	wantError(t, "an unknown field", creator.do("POST", path("france"), map[string]string{"kind": "random", "level": "9"}), http.StatusBadRequest, "invalid")
	creator.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": "england"}, http.StatusOK, nil)
	wantError(t, "a bot in the creator's seat", creator.do("POST", path("england"), map[string]string{"kind": "random"}), http.StatusConflict, "conflict", "england")
	wantError(t, "removing no bot", creator.do("DELETE", path("france"), nil), http.StatusConflict, "conflict")
	creator.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &gv)
	for _, s := range gv.Seats {
		if s.Bot {
			t.Fatalf("a refused request left a bot: %+v", s)
		}
	}
	// Bots in France (the game's kind: no body) and Italy, Italy removed.
	var put struct {
		Seat    string `json:"seat"`
		BotKind string `json:"bot_kind"`
		Status  string `json:"status"`
		Bot     bool   `json:"bot"`
	}
	creator.mustDo("POST", path("france"), nil, http.StatusOK, &put)
	if put.Seat != "france" || !put.Bot || put.BotKind != kinds[0] || put.Status != store.Forming {
		t.Fatalf("a bot of the game's kind: %+v", put)
	}
	creator.mustDo("POST", path("italy"), map[string]string{"kind": "random"}, http.StatusOK, nil)
	wantError(t, "a stranger removes a bot", stranger.do("DELETE", path("italy"), nil), http.StatusForbidden, "forbidden")
	creator.mustDo("DELETE", path("italy"), nil, http.StatusOK, nil)
	wantError(t, "a stranger joins the bot's seat", stranger.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": "france"}), http.StatusConflict, "conflict")
	for _, s := range []string{"austria", "germany", "italy", "russia"} {
		creator.mustDo("POST", path(s), map[string]string{"kind": "random"}, http.StatusOK, &put)
		if put.Status != store.Forming {
			t.Fatalf("the game is %s with Turkey empty", put.Status)
		}
	}
	creator.mustDo("POST", path("turkey"), map[string]string{"kind": "random"}, http.StatusOK, &put)
	if put.Status != store.Active {
		t.Fatalf("the game is %s once the last seat took a bot", put.Status)
	}
	wantError(t, "a bot in a started game", creator.do("POST", path("turkey"), map[string]string{"kind": "random"}), http.StatusConflict, "conflict", "forms")
	wantError(t, "removing a bot from a started game", creator.do("DELETE", path("turkey"), nil), http.StatusConflict, "conflict")
	creator.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &gv)
	for _, s := range gv.Seats {
		if s.Seat == "england" {
			if s.Bot || s.Player != "sbcreator" {
				t.Fatalf("England: %+v", s)
			}
			continue
		}
		if !s.Bot || s.BotKind != "random" && !(s.Seat == "france" && s.BotKind == kinds[0]) || s.Player != "" {
			t.Fatalf("%s: %+v, want a bot and its kind", s.Seat, s)
		}
	}
	// The six bots ordered S1901M at once.
	st, err := e.host.State(context.Background(), e.game(id))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range e.host.Rules["diplomacy"].Pending(st) {
		if p.Seat != "england" && !p.Submitted {
			t.Fatalf("the bot of %s has not ordered", p.Seat)
		}
	}
	creator.orders(id, e.game(id).Seq, "F lon - nth")
	e.clock.Add(2 * time.Hour)
	if e.runDue() == 0 {
		t.Fatal("no deadline ran")
	}
	_, dv := creator.dip(id)
	if dv.Board.Phase.Season == "spring" && dv.Board.Phase.Type == "movement" {
		t.Fatalf("the game did not move on: %+v", dv.Board.Phase)
	}
	moved := 0
	acts, _ := e.st.Actions(context.Background(), id, 0)
	for _, a := range acts {
		if a.UserID == 0 && a.Seat != "" {
			moved++
		}
	}
	if moved < 12 {
		t.Fatalf("%d bot actions after two phases, want one per bot per phase", moved)
	}
}

// TestSeatBotsPrivate: in a private game, the bot endpoint is 404 to
// anyone outside it, as the game is.
func TestSeatBotsPrivate(t *testing.T) {
	e := newEnv(t)
	creator, stranger := e.register("spcreator"), e.register("spstranger")
	id := creator.createGame(map[string]any{"name": "private", "game": "his", "variant": "1517", "options": map[string]any{"private": true}})
	wantError(t, "a stranger's bot in a private game", stranger.do("POST", fmt.Sprintf("/api/games/%d/seats/ottoman/bot", id), nil), http.StatusNotFound, "not_found")
	creator.mustDo("POST", fmt.Sprintf("/api/games/%d/seats/ottoman/bot", id), map[string]string{"kind": "random"}, http.StatusOK, nil)
	var gv gameView
	creator.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &gv)
	if gv.Seats[0].Seat != "ottoman" || !gv.Seats[0].Bot {
		t.Fatalf("the Ottoman seat: %+v", gv.Seats[0])
	}
}
