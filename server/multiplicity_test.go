package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A Multiplicity game over the API, as the server hosts it: created with
// the rules {"multiplicity": "true"}, a legal-orders tree, the start
// choice, a merge; a colliding option is refused naming both.
func TestMultiplicityGameOverAPI(t *testing.T) {
	e := newEnv(t)
	players := map[string]*client{}
	for _, p := range powers {
		players[p] = e.register("m" + p)
	}
	bad := players["austria"].do("POST", "/api/games", map[string]any{"name": "m", "game": "diplomacy",
		"rules": map[string]string{"multiplicity": "true", "crystal_ball": "true"}})
	wantError(t, "multiplicity with crystal ball", bad, http.StatusBadRequest, "invalid", "crystal_ball=true does not combine with multiplicity=true")
	id := players["austria"].createGame(map[string]any{"name": "m", "game": "diplomacy",
		"rules": map[string]string{"multiplicity": "true"}})
	for _, p := range powers {
		players[p].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p}, http.StatusOK, nil)
	}
	fr := players["france"]
	var legal struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string `json:"kind"`
			Choices []struct {
				Value string `json:"value"`
				Next  []struct {
					Value string `json:"value"`
				} `json:"next"`
			} `json:"choices"`
		} `json:"options"`
	}
	fr.mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, &legal)
	if legal.Options.Kind != "orders" || len(legal.Options.Choices) != 2 || legal.Options.Choices[0].Value != "bre" {
		t.Fatalf("France's start choices: %+v", legal.Options)
	}
	seq := fr.orders(id, legal.Seq, "bre A")
	for _, p := range powers {
		seq = players[p].ready(id, seq)
	}
	_, d := fr.dip(id)
	if d.Board.Phase.Season != "spring" || d.Board.Phase.Type != "movement" || len(d.History) != 1 {
		t.Fatalf("after the start choice: %+v", d)
	}
	seq = fr.orders(id, seq, "A bre & A par MERGE 2A pic")
	r := players["england"].act(id, seq, "orders", map[string][]string{"orders": {"A par - bur"}})
	wantError(t, "England orders France's army", r, http.StatusBadRequest, "refused", "not yours")
	for _, p := range powers {
		seq = players[p].ready(id, seq)
	}
	g := fr.getGame(id)
	if !strings.Contains(string(g.View), `"at":"pic","count":2`) {
		t.Fatalf("no 2A in Picardy: %s", g.View)
	}
}
