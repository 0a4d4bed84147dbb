package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestBotView: GET /api/games/{id}?view=bot serves a Here I Stand seat the
// view with known_state (the state as the seat may know it, what a bot
// playing from its view needs); without the parameter the view people
// see has none; any other value is refused naming it; a Diplomacy game,
// whose rules add nothing for bots, serves the same view either way.
func TestBotView(t *testing.T) {
	e := newEnv(t)
	var players []*client
	for i := 0; i < 6; i++ {
		players = append(players, e.register(fmt.Sprintf("bv_%d", i)))
	}
	id := players[0].createGame(map[string]any{"name": "HIS", "game": "his", "variant": "1517", "options": map[string]any{"phase": "48h"}})
	for i, seat := range []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"} {
		players[i].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": seat}, http.StatusOK, nil)
	}
	get := func(c *client, query string) map[string]json.RawMessage {
		t.Helper()
		var g struct {
			View map[string]json.RawMessage `json:"view"`
		}
		c.mustDo("GET", fmt.Sprintf("/api/games/%d%s", id, query), nil, http.StatusOK, &g)
		return g.View
	}
	protestant := players[5]
	if v := get(protestant, ""); v["known_state"] != nil {
		t.Errorf("the people's view carries known_state (%d bytes)", len(v["known_state"]))
	}
	bot := get(protestant, "?view=bot")
	var known struct {
		Powers []struct {
			Hand []int `json:"hand"`
		} `json:"powers"`
	}
	if err := json.Unmarshal(bot["known_state"], &known); err != nil || len(known.Powers) == 0 {
		t.Fatalf("the bot's view has no known_state: %v (%.200s)", err, bot["known_state"])
	}
	if !strings.Contains(string(bot["seat"]), "protestant") {
		t.Errorf("the bot's view is %s's", bot["seat"])
	}
	wantError(t, "an unknown view", protestant.do("GET", fmt.Sprintf("/api/games/%d?view=full", id), nil), http.StatusBadRequest, "invalid", `"full"`)

	dip := players[0].createGame(map[string]any{"name": "dip", "game": "diplomacy", "options": map[string]any{"phase": "24h"}})
	var a, b struct {
		View json.RawMessage `json:"view"`
	}
	players[0].mustDo("GET", fmt.Sprintf("/api/games/%d", dip), nil, http.StatusOK, &a)
	players[0].mustDo("GET", fmt.Sprintf("/api/games/%d?view=bot", dip), nil, http.StatusOK, &b)
	if string(a.View) != string(b.View) {
		t.Errorf("a Diplomacy game's bot view differs from its view:\n%.300s\n%.300s", a.View, b.View)
	}
}
