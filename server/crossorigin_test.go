package server

import (
	"fmt"
	"net/http"
	"testing"
)

// with is a copy of c that sends headers with every request (a browser's
// Sec-Fetch-Site and Origin, a proxy's X-Forwarded-For).
func (c *client) with(headers map[string]string) *client {
	d := *c
	d.header = map[string]string{}
	for k, v := range c.header {
		d.header[k] = v
	}
	for k, v := range headers {
		d.header[k] = v
	}
	return &d
}

// TestCrossSiteRequests: a request that changes something, riding the
// session cookie, from a page of another site — Sec-Fetch-Site
// cross-site or same-site, or (without it) an Origin other than the
// server's — is refused (403) and changes nothing: joining, leaving,
// inviting, posting, logging out. The server's own pages, a browser's
// direct navigation, a client that sends neither header (not a browser),
// reads, and requests with a bearer token are served.
func TestCrossSiteRequests(t *testing.T) {
	e := newEnv(t)
	owner := e.register("owner")
	victim := e.register("victim")
	var created struct {
		ID     int64  `json:"id"`
		Invite string `json:"invite"`
	}
	owner.mustDo("POST", "/api/games", map[string]any{"name": "target", "game": "diplomacy"}, http.StatusCreated, &created)
	id := created.ID
	priv := owner.createGame(map[string]any{"name": "owner's private", "game": "diplomacy", "options": map[string]any{"private": true}})
	self := e.http.URL // http://127.0.0.1:port: the server's own origin
	hostile := []map[string]string{
		{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site", "Origin": "https://other.concordat.example"},
		{"Sec-Fetch-Site": "cross-site", "Origin": self}, // Sec-Fetch-Site wins: a lying Origin is no browser's
		{"Origin": "https://evil.example"},
		{"Origin": "null"},             // a sandboxed frame, a data: URL
		{"Origin": "http://127.0.0.1"}, // the right host on another port is another origin
	}
	join := fmt.Sprintf("/api/games/%d/join", id)
	for _, h := range hostile {
		v := victim.with(h)
		for _, c := range []struct{ method, path string }{
			{"POST", join},
			{"POST", fmt.Sprintf("/api/games/%d/messages", id)},
			{"POST", "/api/tokens"},
			{"POST", "/api/logout"},
			{"POST", "/api/logout/all"},
		} {
			wantError(t, fmt.Sprintf("%s %s with %v", c.method, c.path, h), v.do(c.method, c.path, nil), http.StatusForbidden, "forbidden", "cross-site")
		}
		wantError(t, fmt.Sprintf("the creator's invite rotation with %v", h), owner.with(h).do("POST", fmt.Sprintf("/api/games/%d/invite", priv), nil),
			http.StatusForbidden, "forbidden", "cross-site")
	}
	// Nothing changed: the victim holds no seat and is still logged in, the
	// owner's invitation is the same.
	if seat := victim.getGame(id).You; seat != "" {
		t.Fatalf("a cross-site join seated the victim in %s", seat)
	}
	victim.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	var inv struct{ Invite string }
	owner.mustDo("GET", fmt.Sprintf("/api/games/%d/invite", priv), nil, http.StatusOK, &inv)
	if inv.Invite == "" {
		t.Fatal("no invitation")
	}
	// Reads from anywhere are served (a page may link to a game).
	victim.with(hostile[0]).mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, nil)
	// A bearer token is no cookie a browser adds by itself: served.
	bearer, _ := victim.newTokenClient("cli")
	bearer.jarless()
	bearer.with(hostile[0]).mustDo("POST", join, nil, http.StatusOK, nil)
	bearer.with(hostile[0]).mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusOK, nil)
	// The server's own pages, the user's own navigation, and a client that
	// is no browser (no Sec-Fetch-Site, no Origin) are served.
	for i, h := range []map[string]string{
		{"Sec-Fetch-Site": "same-origin", "Origin": self},
		{"Sec-Fetch-Site": "same-origin"},
		{"Sec-Fetch-Site": "none"},
		{"Origin": self},
		{},
	} {
		v := victim.with(h)
		v.mustDo("POST", join, nil, http.StatusOK, nil)
		v.mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusOK, nil)
		if i == 0 {
			owner.with(h).mustDo("POST", fmt.Sprintf("/api/games/%d/invite", priv), nil, http.StatusOK, nil)
		}
	}
	// An origin the operator trusts (its web client's, behind a proxy that
	// rewrites Host) is served.
	e2 := newEnv(t)
	e2.srv.TrustedOrigins = []string{"https://play.concordat.example"}
	u := e2.register("player")
	g := u.createGame(map[string]any{"name": "trusted", "game": "diplomacy"})
	u.with(map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://play.concordat.example"}).
		mustDo("POST", fmt.Sprintf("/api/games/%d/join", g), nil, http.StatusOK, nil)
	wantError(t, "an untrusted origin beside a trusted one",
		u.with(map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}).do("POST", fmt.Sprintf("/api/games/%d/leave", g), nil),
		http.StatusForbidden, "forbidden", "cross-site")
}

// jarless drops the client's cookies: it authenticates by its token only.
func (c *client) jarless() { c.hc = &http.Client{Timeout: c.hc.Timeout} }
