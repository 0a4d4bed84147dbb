package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"concordat/game"
)

// hisSeats are Here I Stand's six powers.
var hisSeats = []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"}

// hisView is the part of a Here I Stand view the test reads.
type hisView struct {
	Phase  string                    `json:"phase"`
	Powers map[string]map[string]any `json:"powers"`
}

// reset zeroes *v before it is decoded into (absent fields would keep
// their old values).
func reset[T any](v *T) *T {
	var zero T
	*v = zero
	return v
}

// TestHereIStand: a Here I Stand game created and joined over the API;
// each seat's view shows its own hand only; the opening decisions (Luther's
// 95 Theses) are made through the contract by their seat alone, against
// the seq seen; the game reaches its Diplomacy Phase, where press works.
func TestHereIStand(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range hisSeats {
		pl[s] = e.register("his" + s)
	}
	id := pl["papacy"].createGame(map[string]any{"name": "Here I Stand", "game": "his", "variant": "1517", "options": map[string]any{"phase": "48h"}})
	for _, s := range hisSeats {
		pl[s].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	spectator := e.anon()
	view := func(c *client) (gameView, hisView) {
		g := c.getGame(id)
		var v hisView
		if err := json.Unmarshal(g.View, &v); err != nil {
			t.Fatal(err)
		}
		return g, v
	}
	g, _ := view(spectator)
	if g.Game.Status != "active" {
		t.Fatalf("full game: %s", g.Game.Status)
	}
	// Hands: each seat sees its own, sizes only of the others; a spectator
	// sees none.
	for _, s := range hisSeats {
		_, v := view(pl[s])
		for _, q := range hisSeats {
			_, has := v.Powers[q]["hand"]
			if has != (q == s) {
				t.Fatalf("%s's view: %s's hand shown %v", s, q, has)
			}
			if _, ok := v.Powers[q]["hand_size"]; !ok {
				t.Fatalf("%s's view lacks %s's hand size", s, q)
			}
		}
	}
	_, sv := view(spectator)
	for _, q := range hisSeats {
		if _, has := sv.Powers[q]["hand"]; has {
			t.Fatalf("a spectator sees %s's hand", q)
		}
	}
	// History views hide hands the same way.
	var h struct {
		View hisView `json:"view"`
	}
	pl["france"].mustDo("GET", fmt.Sprintf("/api/games/%d/history/0", id), nil, http.StatusOK, &h)
	for _, q := range hisSeats {
		if _, has := h.View.Powers[q]["hand"]; has != (q == "france") {
			t.Fatalf("France's history view: %s's hand shown %v", q, has)
		}
	}

	// The opening decision is the Protestant's (Luther's 95 Theses).
	type legalJSON struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string `json:"kind"`
			Choices []struct {
				Value string `json:"value"`
			} `json:"choices"`
		} `json:"options"`
	}
	var legal legalJSON
	pl["papacy"].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
	if legal.Options.Kind != "" || len(legal.Options.Choices) != 0 {
		t.Fatalf("the Papacy may do %+v while the Protestant decides", legal.Options)
	}
	pl["protestant"].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
	if legal.Options.Kind != "reformation.target" || len(legal.Options.Choices) == 0 {
		t.Fatalf("the Protestant's opening options: %+v", legal.Options)
	}
	before := e.fingerprint(id)
	target := []string{legal.Options.Choices[0].Value}
	wantError(t, "the Papacy answers the Protestant's decision", pl["papacy"].act(id, legal.Seq, "reformation.target", target), http.StatusBadRequest, "refused", "protestant")
	wantError(t, "a wrong choice", pl["protestant"].act(id, legal.Seq, "reformation.target", []string{"atlantis"}), http.StatusBadRequest, "refused", "atlantis")
	wantError(t, "a stale seq", pl["protestant"].act(id, legal.Seq+1, "reformation.target", target), http.StatusConflict, "stale")
	if e.fingerprint(id) != before {
		t.Fatal("refused actions changed the game")
	}
	// The Protestant chooses its targets until the Diplomacy Phase, late
	// in its window.
	e.clock.Add(47 * time.Hour)
	playTheses(t, pl["protestant"], id)
	g, v := view(spectator)
	if v.Phase != "diplomacy" {
		t.Fatalf("after the 95 Theses: phase %q", v.Phase)
	}
	// England's announcement is a new decision: a whole window of its own,
	// not the hour left of the Protestant's.
	if g.Game.Deadline == nil || !g.Game.Deadline.Equal(e.clock.Now().Add(48*time.Hour)) {
		t.Fatalf("England's deadline %v, want %v", g.Game.Deadline, e.clock.Now().Add(48*time.Hour))
	}
	e.clock.Add(2 * time.Hour) // past the Protestant's deadline
	e.runDue()
	if g2 := spectator.getGame(id); g2.Game.Seq != g.Game.Seq {
		t.Fatalf("the Protestant's old deadline moved the game from %d to %d", g.Game.Seq, g2.Game.Seq)
	}
	// Press in the Diplomacy Phase: public and private.
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "Field of the Cloth of Gold?"}, http.StatusCreated, nil)
	pl["papacy"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "Repent."}, http.StatusCreated, nil)
	if ms := pl["hapsburg"].messages(id); len(ms) != 1 || ms[0].Body != "Repent." {
		t.Fatalf("Hapsburg reads %+v", ms)
	}
	if ms := pl["france"].messages(id); len(ms) != 2 {
		t.Fatalf("France reads %+v", ms)
	}
	// Each power in turn announces nothing; the decision moves on only for
	// the seat that owes it.
	for i := 0; i < 12; i++ {
		g := spectator.getGame(id)
		var owner string
		for _, s := range hisSeats {
			pl[s].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
			if legal.Options.Kind != "" {
				if owner != "" {
					t.Fatalf("both %s and %s owe a decision", owner, s)
				}
				owner = s
			}
		}
		if owner == "" {
			t.Fatal("nobody owes a decision")
		}
		pl[owner].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
		if legal.Options.Kind != "diplomacy.announce" {
			break
		}
		if legal.Seq != g.Game.Seq {
			t.Fatalf("legal's seq %d, game's %d", legal.Seq, g.Game.Seq)
		}
		if r := pl[owner].act(id, legal.Seq, "diplomacy.announce", []string{"done"}); r.status != http.StatusOK {
			t.Fatalf("%s announces nothing: %d %s", owner, r.status, r.body)
		}
	}
	_, v = view(spectator)
	if v.Phase == "diplomacy" {
		t.Fatal("the Diplomacy Phase did not end after every power was done")
	}
}

// TestHereIStandFirstTurn drives a Here I Stand game over the API through
// its whole first turn — the 95 Theses, Diplomacy, the Diet of Worms,
// Spring Deployment, the Action Phase (cards played for CP and the CP
// spent) and Winter — each decision answered by the seat that owes it with
// a legal path read from /legal, until Turn 2 begins.
func TestHereIStandFirstTurn(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range hisSeats {
		pl[s] = e.register("ft" + s)
	}
	id := pl["england"].createGame(map[string]any{"name": "Here I Stand, Turn 1", "game": "his", "variant": "1517", "options": map[string]any{"phase": "48h"}})
	for _, s := range hisSeats {
		pl[s].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	type choice struct {
		Value string   `json:"value"`
		Next  []choice `json:"next"`
	}
	var legal struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string   `json:"kind"`
			Choices []choice `json:"choices"`
		} `json:"options"`
	}
	spectator := e.anon()
	seen := map[string]int{}
	for i := 0; ; i++ {
		if i > 2000 {
			t.Fatalf("Turn 1 does not end; decisions seen: %v", seen)
		}
		var v struct {
			Turn  int    `json:"turn"`
			Phase string `json:"phase"`
		}
		if err := json.Unmarshal(spectator.getGame(id).View, &v); err != nil {
			t.Fatal(err)
		}
		if v.Turn == 2 {
			break
		}
		owner := ""
		for _, s := range hisSeats {
			pl[s].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
			if legal.Options.Kind != "" {
				owner = s
				break
			}
		}
		if owner == "" {
			t.Fatalf("nobody owes a decision in phase %s", v.Phase)
		}
		kind := legal.Options.Kind
		seen[kind]++
		// The path: the first option at each level, except that an impulse
		// plays a card for CP when it can, and the first CP are spent on the
		// first action offered.
		var path []string
		ch := legal.Options.Choices
		for len(ch) > 0 {
			pick := ch[0]
			for _, c := range ch {
				if (kind == "impulse" && len(path) == 0 && c.Value == "cp") || (kind == "action" && len(path) == 0 && c.Value != "done" && seen["action"] <= 3) {
					pick = c
					break
				}
			}
			path = append(path, pick.Value)
			ch = pick.Next
		}
		var args any = path
		if kind == "diplomacy.announce" {
			args = []string{"done"}
		}
		if r := pl[owner].act(id, legal.Seq, kind, args); r.status != http.StatusOK {
			t.Fatalf("%s answers %s with %v: %d %s", owner, kind, path, r.status, r.body)
		}
	}
	for _, k := range []string{"reformation.target", "diplomacy.announce", "diet.card", "impulse", "action"} {
		if seen[k] == 0 {
			t.Errorf("no %s decision in Turn 1: %v", k, seen)
		}
	}
}

// playTheses answers the Protestant's decisions of Luther's 95 Theses
// (each Reformation attempt's target, and a debater's bonus die when one
// may be committed: which arises depends on the game's seed) with the
// first legal path, until the Protestant owes nothing more of them.
func playTheses(t *testing.T, protestant *client, id int64) {
	t.Helper()
	for i := 0; ; i++ {
		var legal struct {
			Seq     int64        `json:"seq"`
			Options game.Options `json:"options"`
		}
		protestant.mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, &legal)
		if k := legal.Options.Kind; k != "reformation.target" && k != "reformation.bonus" {
			return
		}
		if i > 30 {
			t.Fatal("Luther's 95 Theses do not end")
		}
		var path []string
		for cs := legal.Options.Choices; len(cs) > 0; cs = cs[0].Next {
			path = append(path, cs[0].Value)
		}
		if r := protestant.act(id, legal.Seq, legal.Options.Kind, path); r.status != http.StatusOK {
			t.Fatalf("%s %v: %d %s", legal.Options.Kind, path, r.status, r.body)
		}
	}
}
