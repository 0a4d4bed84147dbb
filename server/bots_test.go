package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"concordat/game"
)

// TestBotTakeOverAPI: Austria misses a phase (missed_limit 1). A user who
// plays no part in the game may not put a bot in its seat (403), nor may
// anonymous callers (401); a player may. The seat then shows a bot and no
// player, and the bot's orders are in before each later deadline, stored
// as Austria's actions by no user. A newcomer later takes Austria from
// the bot with the plain takeover.
func TestBotTakeOverAPI(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("bt", map[string]any{"phase": "1h", "missed_limit": 1})
	path := fmt.Sprintf("/api/games/%d/takeover", id)
	for _, p := range powers[1:] {
		pl[p].orders(id, pl[p].getGame(id).Game.Seq)
	}
	wantError(t, "a bot for a present player", pl["england"].do("POST", path, map[string]any{"seat": "austria", "bot": true}), http.StatusConflict, "conflict", "civil disorder")
	e.clock.Add(2 * time.Hour)
	if e.runDue() == 0 {
		t.Fatal("no deadline ran")
	}
	stranger := e.register("btstranger")
	wantError(t, "a stranger's bot", stranger.do("POST", path, map[string]any{"seat": "austria", "bot": true}), http.StatusForbidden, "forbidden")
	if r := e.anon().do("POST", path, map[string]any{"seat": "austria", "bot": true}); r.status != http.StatusUnauthorized {
		t.Fatalf("an anonymous bot: %d %s", r.status, r.body)
	}
	wantError(t, "a bot in no seat", pl["england"].do("POST", path, map[string]any{"seat": "narnia", "bot": true}), http.StatusBadRequest, "invalid", "narnia")
	var out struct {
		Seat string `json:"seat"`
		Bot  bool   `json:"bot"`
	}
	pl["england"].mustDo("POST", path, map[string]any{"seat": "austria", "bot": true}, http.StatusOK, &out)
	if out.Seat != "austria" || !out.Bot {
		t.Fatalf("takeover answer: %+v", out)
	}
	wantError(t, "the absent Austria orders", pl["austria"].act(id, e.game(id).Seq, "orders", map[string][]string{"orders": {}}), http.StatusForbidden, "forbidden")
	for phase := 0; phase < 4; phase++ {
		g := pl["england"].getGame(id)
		for _, s := range g.Seats {
			if s.Seat == "austria" && (!s.Bot || s.Player != "" || s.Missed != 0 || s.Disorder) {
				t.Fatalf("phase %d: Austria's seat %+v", phase, s)
			}
		}
		st, err := e.host.State(context.Background(), e.game(id))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range e.host.Rules["diplomacy"].Pending(st) {
			if p.Seat == "austria" && !p.Submitted {
				t.Fatalf("phase %d: the bot has not ordered for Austria", phase)
			}
		}
		for _, p := range powers[1:] {
			pl[p].act(id, e.game(id).Seq, "orders", map[string][]string{"orders": {}}) // refused when the power owes nothing
		}
		e.clock.Add(2 * time.Hour)
		if e.runDue() == 0 {
			t.Fatal("no deadline ran")
		}
	}
	acts, err := e.st.Actions(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range acts {
		if a.Seat == "austria" {
			if a.UserID != 0 || a.Action.Type != "orders" {
				t.Fatalf("Austria's action %+v", a)
			}
			n++
		}
	}
	if n < 3 {
		t.Fatalf("the bot ordered %d times", n)
	}
	newcomer := e.register("btnewcomer")
	newcomer.mustDo("POST", path, map[string]any{"seat": "austria"}, http.StatusOK, nil)
	for _, s := range newcomer.getGame(id).Seats {
		if s.Seat == "austria" && (s.Bot || s.Player != "btnewcomer") {
			t.Fatalf("Austria after the newcomer took it: %+v", s)
		}
	}
}

// TestHereIStandMissedBot: a Here I Stand game created over the API with
// "missed": "bot" shows the option; when the deadline passes, the seat
// that owed the opening decision gets the bot's answers (its own actions,
// by no user), not the system's default, and has missed one phase.
func TestHereIStandMissedBot(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range hisSeats {
		pl[s] = e.register("hb" + s)
	}
	id := pl["papacy"].createGame(map[string]any{"name": "HIS bots", "game": "his", "variant": "1517", "options": map[string]any{"phase": "1h", "missed": "bot"}})
	for _, s := range hisSeats {
		pl[s].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	var g struct {
		Game struct {
			Options map[string]any `json:"options"`
		} `json:"game"`
	}
	pl["papacy"].mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &g)
	if g.Game.Options["missed"] != "bot" {
		t.Fatalf("options: %+v", g.Game.Options)
	}
	st, err := e.host.State(context.Background(), e.game(id))
	if err != nil {
		t.Fatal(err)
	}
	owed := e.host.Rules["his"].Pending(st)
	if len(owed) != 1 {
		t.Fatalf("owed: %+v", owed)
	}
	e.clock.Add(61 * time.Minute)
	if e.runDue() == 0 {
		t.Fatal("no deadline ran")
	}
	acts, err := e.st.Actions(context.Background(), id, 0)
	if err != nil || len(acts) == 0 {
		t.Fatalf("actions %v %v", acts, err)
	}
	for _, a := range acts {
		if a.Seat != owed[0].Seat || a.UserID != 0 || a.Seat == game.System {
			t.Fatalf("action %d: %+v", a.Seq, a)
		}
	}
	for _, s := range pl["papacy"].getGame(id).Seats {
		if (s.Seat == string(owed[0].Seat)) != (s.Missed == 1) {
			t.Fatalf("seat %+v", s)
		}
	}
}
