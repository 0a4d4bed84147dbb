package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"concordat/game"
)

// TestHereIStandFourPlayers: a 4-player game over the API (RULES.md
// §24.3). The player who joins England holds the Protestant too; the game
// starts with four accounts; ?seat= shows each of the player's powers its
// own hand and options; the Protestant's opening decision is answered by
// that player (with no seat named, the seat that owes it acts); press is
// sent as each power.
func TestHereIStandFourPlayers(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range []string{"england", "hapsburg", "france", "ottoman"} {
		pl[s] = e.register("his4" + s)
	}
	id := pl["england"].createGame(map[string]any{"name": "HIS 4", "game": "his", "variant": "1517",
		"rules": map[string]string{"players": "4"}, "options": map[string]any{"phase": "48h"}})
	for s, c := range pl {
		c.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	var g struct {
		Game struct {
			Status string `json:"status"`
		} `json:"game"`
		You   string          `json:"you"`
		Yours []string        `json:"yours"`
		Owing []string        `json:"owing"`
		View  json.RawMessage `json:"view"`
	}
	eng := pl["england"]
	eng.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &g)
	if g.Game.Status != "active" || len(g.Yours) != 2 || g.Yours[0] != "england" || g.Yours[1] != "protestant" {
		t.Fatalf("the England player's game: status %s, seats %v", g.Game.Status, g.Yours)
	}
	// Luther's 95 Theses open the game (§18.1.1): of the England player's
	// powers the Protestant owes, whichever of them the view is read as;
	// the Hapsburg player's powers owe nothing, and France holds one seat.
	for _, q := range []string{"", "?seat=england", "?seat=protestant"} {
		eng.mustDo("GET", fmt.Sprintf("/api/games/%d%s", id, q), nil, http.StatusOK, reset(&g))
		if len(g.Owing) != 1 || g.Owing[0] != "protestant" {
			t.Fatalf("the England player's game%s: owing %v, want [protestant]", q, g.Owing)
		}
	}
	pl["hapsburg"].mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, reset(&g))
	if len(g.Yours) != 2 || g.Owing != nil {
		t.Fatalf("the Hapsburg player's game: yours %v, owing %v, want two seats owing nothing", g.Yours, g.Owing)
	}
	pl["france"].mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, reset(&g))
	if g.Yours != nil || g.Owing != nil {
		t.Fatalf("the France player's game: yours %v, owing %v, want neither (one seat)", g.Yours, g.Owing)
	}
	for _, seat := range []string{"england", "protestant"} {
		eng.mustDo("GET", fmt.Sprintf("/api/games/%d?seat=%s", id, seat), nil, http.StatusOK, reset(&g))
		var v hisView
		if err := json.Unmarshal(g.View, &v); err != nil {
			t.Fatal(err)
		}
		if g.You != seat {
			t.Fatalf("?seat=%s: acting as %q", seat, g.You)
		}
		for _, q := range []string{"england", "protestant"} {
			if _, has := v.Powers[q]["hand"]; has != (q == seat) {
				t.Fatalf("as %s: %s's hand shown %v", seat, q, has)
			}
		}
	}
	// A seat the account does not hold is never acted as.
	eng.mustDo("GET", fmt.Sprintf("/api/games/%d?seat=france", id), nil, http.StatusOK, reset(&g))
	if g.You != "" {
		t.Fatalf("?seat=france for the England player acts as %q", g.You)
	}
	var legal struct {
		Seq     int64        `json:"seq"`
		Options game.Options `json:"options"`
	}
	eng.mustDo("GET", fmt.Sprintf("/api/games/%d/legal?seat=england", id), nil, http.StatusOK, reset(&legal))
	if legal.Options.Kind != "" {
		t.Fatalf("England may do %+v while the Protestant decides", legal.Options)
	}
	eng.mustDo("GET", fmt.Sprintf("/api/games/%d/legal?seat=protestant", id), nil, http.StatusOK, reset(&legal))
	if legal.Options.Kind != "reformation.target" || len(legal.Options.Choices) == 0 {
		t.Fatalf("the Protestant's opening options: %+v", legal.Options)
	}
	target := []string{legal.Options.Choices[0].Value}
	asEngland := eng.do("POST", fmt.Sprintf("/api/games/%d/actions?seat=england", id), map[string]any{"seq": legal.Seq, "type": "reformation.target", "args": target})
	wantError(t, "acting as England for the Protestant's decision", asEngland, http.StatusBadRequest, "refused")
	// With no seat named, the seat that owes the decision acts: the
	// player answers the Protestant's decisions until the Diplomacy Phase.
	for i := 0; ; i++ {
		eng.mustDo("GET", fmt.Sprintf("/api/games/%d/legal?seat=protestant", id), nil, http.StatusOK, reset(&legal))
		if k := legal.Options.Kind; k != "reformation.target" && k != "reformation.bonus" {
			break
		}
		if i > 30 {
			t.Fatal("Luther's 95 Theses do not end")
		}
		var path []string
		for cs := legal.Options.Choices; len(cs) > 0; cs = cs[0].Next {
			path = append(path, cs[0].Value)
		}
		if r := eng.act(id, legal.Seq, legal.Options.Kind, path); r.status != http.StatusOK {
			t.Fatalf("%s %v: %d %s", legal.Options.Kind, path, r.status, r.body)
		}
	}
	// Press as each power (open in the Diplomacy Phase).
	for _, seat := range []string{"england", "protestant"} {
		eng.mustDo("POST", fmt.Sprintf("/api/games/%d/messages?seat=%s", id, seat), map[string]any{"to": []string{"france"}, "body": "from " + seat}, http.StatusCreated, nil)
	}
	var msgs struct {
		Messages []struct {
			From    string `json:"from"`
			Channel string `json:"channel"`
		} `json:"messages"`
	}
	pl["france"].mustDo("GET", fmt.Sprintf("/api/games/%d/messages", id), nil, http.StatusOK, &msgs)
	if len(msgs.Messages) != 2 || msgs.Messages[0].From != "england" || msgs.Messages[1].From != "protestant" {
		t.Fatalf("France reads %+v", msgs.Messages)
	}
}
