package server

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
)

// gamePage is one answer of GET /api/games.
type gamePage struct {
	Games []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"games"`
	NextCursor string `json:"next_cursor"`
}

// TestGameListPages: the game list comes a page at a time, newest first;
// following next_cursor gives every game the requester may see once, in
// order, also when games are created between pages; bad limits and
// cursors are refused, naming them.
func TestGameListPages(t *testing.T) {
	e := newEnv(t)
	e.host.MaxForming = 0
	alice, bob := e.register("alice"), e.register("bob")
	var want []string
	for i := 0; i < 7; i++ {
		e.clock.Add(1e9)
		name := fmt.Sprint("public ", i)
		alice.createGame(map[string]any{"name": name, "game": "diplomacy"})
		want = append([]string{name}, want...)
		if i == 3 {
			// Bob's private game (created at the time of public 3, so after
			// it by id) is not alice's to see: never listed to her.
			bob.createGame(map[string]any{"name": "bob's secret", "game": "diplomacy", "options": map[string]any{"private": true}})
		}
	}
	walk := func(c *client, limit int) (got []string, pages int) {
		t.Helper()
		path := fmt.Sprintf("/api/games?limit=%d", limit)
		for {
			var p gamePage
			c.mustDo("GET", path, nil, http.StatusOK, &p)
			pages++
			if len(p.Games) > limit || pages > 20 {
				t.Fatalf("limit %d: a page of %d games (page %d)", limit, len(p.Games), pages)
			}
			for _, g := range p.Games {
				got = append(got, g.Name)
			}
			if p.NextCursor == "" {
				return got, pages
			}
			if pages == 1 {
				e.clock.Add(1e9)
				alice.createGame(map[string]any{"name": fmt.Sprint("late ", limit), "game": "diplomacy"})
			}
			path = fmt.Sprintf("/api/games?limit=%d&cursor=%s", limit, url.QueryEscape(p.NextCursor))
		}
	}
	for _, limit := range []int{1, 3, 7} {
		var all gamePage
		alice.mustDo("GET", "/api/games", nil, http.StatusOK, &all)
		var names []string
		for _, g := range all.Games {
			names = append(names, g.Name)
		}
		got, pages := walk(alice, limit)
		if fmt.Sprint(got) != fmt.Sprint(names) || pages < len(names)/limit {
			t.Fatalf("limit %d: %d pages %q, want %q", limit, pages, got, names)
		}
	}
	got, _ := walk(e.anon(), 2)
	for _, n := range got {
		if n == "bob's secret" {
			t.Fatalf("a private game listed to a stranger: %q", got)
		}
	}
	if got, _ := walk(bob, 100); fmt.Sprint(got[len(got)-5:]) != fmt.Sprint([]string{"bob's secret", "public 3", "public 2", "public 1", "public 0"}) {
		t.Fatalf("bob's list ends %q", got)
	}
	a := e.anon()
	for _, bad := range []string{"limit=0", "limit=201", "limit=x", "limit=01"} {
		wantError(t, "GET /api/games?"+bad, a.do("GET", "/api/games?"+bad, nil), http.StatusBadRequest, "invalid", "limit")
	}
	for _, bad := range []string{"x", "MTIz", "%00", "MS4w", "MS4tMQ", "MDEuNQ"} {
		wantError(t, "cursor "+bad, a.do("GET", "/api/games?cursor="+bad, nil), http.StatusBadRequest, "invalid", "cursor")
	}
}

// TestFormingLimitOverAPI: one account may have Host.MaxForming games
// forming at once; the next is refused with 409 naming the limit.
func TestFormingLimitOverAPI(t *testing.T) {
	e := newEnv(t)
	e.host.MaxForming = 3
	flooder := e.register("flooder")
	for i := 0; i < 3; i++ {
		flooder.createGame(map[string]any{"name": fmt.Sprint("flood ", i), "game": "diplomacy"})
	}
	for i := 0; i < 5; i++ {
		r := flooder.do("POST", "/api/games", map[string]any{"name": "one more", "game": "diplomacy"})
		wantError(t, "a fourth forming game", r, http.StatusConflict, "conflict", "3 games forming")
	}
	var p gamePage
	e.anon().mustDo("GET", "/api/games", nil, http.StatusOK, &p)
	if len(p.Games) != 3 {
		t.Fatalf("%d games listed, want 3", len(p.Games))
	}
	e.register("someone").createGame(map[string]any{"name": "another's", "game": "diplomacy"})
}
