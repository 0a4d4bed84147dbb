package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// fingerprint is everything a request could change about a game: its
// record, status, deadline, seats, press, votes and read markers.
func (e *env) fingerprint(id int64) string {
	e.t.Helper()
	ctx := context.Background()
	g := e.game(id)
	seats, _ := e.st.Seats(ctx, id)
	acts, _ := e.st.Actions(ctx, id, 0)
	msgs, _ := e.st.Messages(ctx, id, nil, 0)
	votes, _ := e.st.Votes(ctx, id)
	b, _ := json.Marshal([]any{g.Seq, g.Status, g.Deadline, g.Result, seats, acts, msgs, votes})
	return string(b)
}

// route is one endpoint with a valid request body for it.
type route struct {
	method, path string
	body         any
}

// gameRoutes are the game endpoints, each with a request that would do
// something if allowed.
func gameRoutes(id int64) []route {
	p := func(s string) string { return fmt.Sprintf("/api/games/%d%s", id, s) }
	return []route{
		{"GET", p(""), nil},
		{"POST", p("/join"), map[string]string{}},
		{"POST", p("/leave"), nil},
		{"GET", p("/legal"), nil},
		{"POST", p("/actions"), map[string]any{"seq": 0, "type": "orders", "args": map[string][]string{"orders": {"A vie - gal"}}}},
		{"GET", p("/history/0"), nil},
		{"GET", p("/messages"), nil},
		{"POST", p("/messages"), map[string]any{"body": "hello"}},
		{"GET", p("/channels"), nil},
		{"POST", p("/read"), map[string]any{"channel": "public", "up_to": 1}},
		{"GET", p("/votes"), nil},
		{"POST", p("/votes"), map[string]string{"kind": "draw", "value": "yes"}},
		{"GET", p("/events"), nil},
		{"GET", p("/invite"), nil},
		{"POST", p("/invite"), nil},
	}
}

// publicRoutes need no login.
var publicRoutes = map[string]bool{
	"GET /api/games/{id}": true, "GET /api/games/{id}/history/{seq}": true, "GET /api/games/{id}/messages": true,
	"GET /api/games/{id}/votes": true, "GET /api/games/{id}/events": true,
}

func routeKey(rt route) string {
	parts := strings.Split(rt.path, "/")
	if len(parts) > 3 {
		parts[3] = "{id}"
	}
	if len(parts) > 5 && parts[4] == "history" {
		parts[5] = "{seq}"
	}
	return rt.method + " " + strings.Join(parts, "/")
}

// TestNoLogin: every endpoint that needs a login refuses a request without
// one (401), and changes nothing.
func TestNoLogin(t *testing.T) {
	e := newEnv(t)
	id, _ := e.dipGame("nl", map[string]any{"phase": "1h"})
	anon := e.anon()
	before := e.fingerprint(id)
	for _, rt := range append(gameRoutes(id),
		route{"GET", "/api/me", nil}, route{"POST", "/api/tokens", map[string]string{"name": "bot"}},
		route{"POST", "/api/games", map[string]any{"name": "x", "game": "diplomacy"}}) {
		if rt.path == fmt.Sprintf("/api/games/%d/events", id) {
			continue // a stream; its access is tested in TestEventsAccess
		}
		r := anon.do(rt.method, rt.path, rt.body)
		if publicRoutes[routeKey(rt)] {
			if r.status != http.StatusOK {
				t.Errorf("%s %s without login: %d %s; want 200 (public game)", rt.method, rt.path, r.status, r.body)
			}
			continue
		}
		wantError(t, rt.method+" "+rt.path+" without login", r, http.StatusUnauthorized, "unauthorized", "log in")
	}
	// A bad token or cookie is no login either.
	bad := e.anon()
	bad.token = strings.Repeat("ab", 32)
	wantError(t, "bad token", bad.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	bad.token = strings.Repeat("x", 500)
	wantError(t, "overlong token", bad.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	if got := e.fingerprint(id); got != before {
		t.Fatalf("requests without login changed the game:\n%s\n%s", before, got)
	}
	if e.actions(id) != 0 || e.messageCount(id) != 0 {
		t.Fatal("requests without login stored something")
	}
}

// TestPrivateGameInvisible: a private game does not exist (404, not 403)
// for anyone outside it, on every endpoint, logged in or not; it is not
// listed; nothing changes. Its players see it.
func TestPrivateGameInvisible(t *testing.T) {
	e := newEnv(t)
	id, players := e.dipGame("pv", map[string]any{"phase": "1h", "private": true})
	players["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "secret public"}, http.StatusCreated, nil)
	stranger := e.register("stranger")
	before := e.fingerprint(id)
	for _, c := range []*client{stranger, e.anon()} {
		for _, rt := range gameRoutes(id) {
			r := c.do(rt.method, rt.path, rt.body)
			if r.status == http.StatusUnauthorized && c.name == "" && !publicRoutes[routeKey(rt)] {
				continue // no login comes first
			}
			wantError(t, fmt.Sprintf("%s %s as %q", rt.method, rt.path, c.name), r, http.StatusNotFound, "not_found", "no game")
			// The same answer as for a game that does not exist.
			missing := strings.Replace(rt.path, fmt.Sprint(id), "99999", 1)
			r2 := c.do(rt.method, missing, rt.body)
			if r2.status != r.status || r2.errCode() != r.errCode() {
				t.Errorf("%s: private game %d/%s, missing game %d/%s", rt.path, r.status, r.errCode(), r2.status, r2.errCode())
			}
		}
		var list struct {
			Games []struct {
				ID int64 `json:"id"`
			} `json:"games"`
		}
		c.mustDo("GET", "/api/games", nil, http.StatusOK, &list)
		for _, g := range list.Games {
			if g.ID == id {
				t.Fatalf("%q sees the private game in the list", c.name)
			}
		}
	}
	if got := e.fingerprint(id); got != before {
		t.Fatalf("outsiders changed the private game:\n%s\n%s", before, got)
	}
	// Its players see it, and list it.
	if v := players["italy"].getGame(id); v.You != "italy" {
		t.Fatalf("a player of the private game sees it as %q", v.You)
	}
	var list struct {
		Games []struct {
			ID int64 `json:"id"`
		} `json:"games"`
	}
	players["italy"].mustDo("GET", "/api/games", nil, http.StatusOK, &list)
	if len(list.Games) != 1 || list.Games[0].ID != id {
		t.Fatalf("the player's list: %+v", list.Games)
	}
	// Still private once finished.
	for _, p := range powers {
		players[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "draw", "value": "yes"}, http.StatusOK, nil)
	}
	if g := e.game(id); g.Status != "finished" {
		t.Fatalf("after the draw: %s", g.Status)
	}
	wantError(t, "finished private game", stranger.do("GET", fmt.Sprintf("/api/games/%d", id), nil), http.StatusNotFound, "not_found")
	wantError(t, "finished private game's press", e.anon().do("GET", fmt.Sprintf("/api/games/%d/messages", id), nil), http.StatusNotFound, "not_found")
}

// TestOtherSeats: a player cannot act for another seat, nor see another
// seat's unsubmitted orders or private press, through any endpoint.
func TestOtherSeats(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("os", map[string]any{"phase": "1h"})
	en, fr, de := pl["england"], pl["france"], pl["germany"]
	stranger := e.register("stranger")
	// England orders a French unit: refused, nothing stored.
	before := e.fingerprint(id)
	wantError(t, "england orders a french army", en.act(id, 0, "orders", map[string][]string{"orders": {"A par - bur"}}), http.StatusBadRequest, "refused", "not yours")
	wantError(t, "a stranger orders", stranger.act(id, 0, "orders", map[string][]string{"orders": {"A par - bur"}}), http.StatusForbidden, "forbidden", "no seat")
	wantError(t, "a stranger says ready", stranger.act(id, 0, "ready", map[string]bool{"ready": true}), http.StatusForbidden, "forbidden")
	wantError(t, "the system's action", en.act(id, 0, "advance", nil), http.StatusForbidden, "forbidden", "advance")
	wantError(t, "a stranger posts", stranger.do("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "hi"}), http.StatusForbidden, "forbidden")
	wantError(t, "a stranger votes", stranger.do("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "draw", "value": "yes"}), http.StatusForbidden, "forbidden")
	wantError(t, "a stranger asks for legal orders", stranger.do("GET", fmt.Sprintf("/api/games/%d/legal", id), nil), http.StatusForbidden, "forbidden")
	wantError(t, "a stranger joins a full game", stranger.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{}), http.StatusConflict, "conflict")
	wantError(t, "a stranger leaves", stranger.do("POST", fmt.Sprintf("/api/games/%d/leave", id), nil), http.StatusConflict, "conflict")
	wantError(t, "a player leaves a started game", en.do("POST", fmt.Sprintf("/api/games/%d/leave", id), nil), http.StatusConflict, "conflict", "started")
	if got := e.fingerprint(id); got != before {
		t.Fatalf("refused requests changed the game:\n%s\n%s", before, got)
	}

	// France orders; only France sees them before the phase resolves.
	seq := fr.orders(id, 0, "A par - bur", "F bre - mao")
	for _, c := range []*client{en, de, stranger, e.anon()} {
		_, v := c.dip(id)
		if len(v.Orders) != 0 {
			t.Fatalf("%q sees orders %v", c.name, v.Orders)
		}
		r := c.do("GET", fmt.Sprintf("/api/games/%d/history/%d", id, seq), nil)
		if r.status != http.StatusOK || strings.Contains(string(r.body), "bur") {
			t.Fatalf("%q reads history %d: %d %s", c.name, seq, r.status, r.body)
		}
		// The game JSON as a whole never carries them.
		if r := c.do("GET", fmt.Sprintf("/api/games/%d", id), nil); strings.Contains(string(r.body), "par - bur") {
			t.Fatalf("%q's game JSON carries France's orders", c.name)
		}
	}
	if _, v := fr.dip(id); len(v.Orders) != 2 {
		t.Fatalf("France sees its orders as %v", v.Orders)
	}
	// Pending: each player sees only its own prompt.
	if g := en.getGame(id); len(g.Pending) != 1 || !strings.Contains(string(g.Pending[0]), `"england"`) {
		t.Fatalf("England's pending: %s", g.Pending)
	}
	if g := stranger.getGame(id); len(g.Pending) != 0 {
		t.Fatalf("a stranger's pending: %s", g.Pending)
	}
	// Legal orders: one's own units only.
	var legal struct {
		Options struct {
			Choices []struct {
				Value string `json:"value"`
			} `json:"choices"`
		} `json:"options"`
	}
	en.mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, &legal)
	for _, c := range legal.Options.Choices {
		if !strings.Contains("F lon F edi A lvp", c.Value) {
			t.Fatalf("England may order %q", c.Value)
		}
	}
	if len(legal.Options.Choices) != 3 {
		t.Fatalf("England's units: %+v", legal.Options.Choices)
	}

	// Private press between England and France.
	en.mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "the channel is yours"}, http.StatusCreated, nil)
	for _, c := range []*client{de, stranger, e.anon()} {
		for _, m := range c.messages(id) {
			if m.Channel != "public" {
				t.Fatalf("%q reads %+v", c.name, m)
			}
		}
	}
	if ms := fr.messages(id); len(ms) != 1 || ms[0].Channel != "england,france" || ms[0].From != "england" {
		t.Fatalf("France reads %+v", ms)
	}
	if u := de.unread(id); len(u) != 1 || u["public"] != 0 {
		t.Fatalf("Germany's channels: %v", u)
	}
	before = e.fingerprint(id)
	wantError(t, "Germany marks England-France read", de.do("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "england,france", "up_to": 99}), http.StatusForbidden, "forbidden")
	wantError(t, "a malformed channel", fr.do("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "france,england", "up_to": 1}), http.StatusBadRequest, "invalid", "sorted")
	wantError(t, "an unknown seat's channel", fr.do("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "france,narnia", "up_to": 1}), http.StatusBadRequest, "invalid")
	wantError(t, "a negative marker", fr.do("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "public", "up_to": -1}), http.StatusBadRequest, "invalid")
	if got := e.fingerprint(id); got != before {
		t.Fatal("refused read markers changed the game")
	}
	if u := fr.unread(id); u["england,france"] != 1 {
		t.Fatalf("France's unread: %v", u)
	}

	// A personal token acts for its owner's seat, and only that.
	var tok struct {
		Token string `json:"token"`
	}
	de.mustDo("POST", "/api/tokens", map[string]string{"name": "my bot"}, http.StatusCreated, &tok)
	bot := e.anon()
	bot.token, bot.name = tok.Token, "germany's bot"
	g := bot.getGame(id)
	if g.You != "germany" {
		t.Fatalf("the token's seat: %q", g.You)
	}
	wantError(t, "the bot orders a french unit", bot.act(id, g.Game.Seq, "orders", map[string][]string{"orders": {"A mar - spa"}}), http.StatusBadRequest, "refused")
	bot.orders(id, g.Game.Seq, "A mun - ruh")
	if _, v := de.dip(id); len(v.Orders) != 1 || v.Orders[0] != "A mun - ruh" {
		t.Fatalf("Germany's orders after its bot: %v", v.Orders)
	}
}

// TestSessionCookie: the login cookie is HttpOnly and SameSite=Lax; logout
// ends the session.
func TestSessionCookie(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	r := a.do("POST", "/api/register", map[string]string{"name": "cookie", "password": "long enough"})
	if r.status != http.StatusCreated {
		t.Fatalf("register: %d %s", r.status, r.body)
	}
	resp := http.Response{Header: r.header}
	var found bool
	for _, c := range resp.Cookies() {
		if c.Name != SessionCookie {
			continue
		}
		found = true
		if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || len(c.Value) != 64 {
			t.Fatalf("session cookie: %+v", c)
		}
		if c.Secure {
			t.Fatalf("Secure without SecureCookies: %+v", c)
		}
	}
	if !found {
		t.Fatalf("no session cookie in %v", r.header)
	}
	a.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	a.mustDo("POST", "/api/logout", nil, http.StatusOK, nil)
	wantError(t, "after logout", a.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	// Log in again; a wrong password is refused the same way as an unknown name.
	b := e.anon()
	wantError(t, "wrong password", b.do("POST", "/api/login", map[string]string{"name": "cookie", "password": "wrong one"}), http.StatusUnauthorized, "unauthorized", "wrong name or password")
	wantError(t, "unknown name", b.do("POST", "/api/login", map[string]string{"name": "nobody", "password": "wrong one"}), http.StatusUnauthorized, "unauthorized", "wrong name or password")
	b.mustDo("POST", "/api/login", map[string]string{"name": "COOKIE", "password": "long enough"}, http.StatusOK, nil)
	b.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	// Sessions expire with the injected clock.
	e.clock.Add(e.srv.SessionTTL + 1)
	wantError(t, "expired session", b.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")

	e.srv.SecureCookies = true
	r = e.anon().do("POST", "/api/register", map[string]string{"name": "secure", "password": "long enough"})
	resp = http.Response{Header: r.header}
	for _, c := range resp.Cookies() {
		if c.Name == SessionCookie && !c.Secure {
			t.Fatalf("SecureCookies set, cookie %+v", c)
		}
	}
}

// TestPrivateGameInvitation: a forming private game is joined with its
// invitation secret, which its creator alone sees and replaces; without it
// (a stranger, no login, a wrong or replaced secret, a public game's
// empty one) the game does not exist. Its players see the game only while
// they hold a seat, and never the invitation.
func TestPrivateGameInvitation(t *testing.T) {
	e := newEnv(t)
	owner, guest, other := e.register("owner"), e.register("guest"), e.register("other")
	var created struct {
		ID     int64  `json:"id"`
		Invite string `json:"invite"`
	}
	owner.mustDo("POST", "/api/games", map[string]any{"name": "invitation only", "game": "diplomacy", "options": map[string]any{"private": true}}, http.StatusCreated, &created)
	id, inv := created.ID, created.Invite
	if len(inv) != 32 {
		t.Fatalf("a private game's invitation: %q, want 32 hex digits", inv)
	}
	path := func(s string) string { return fmt.Sprintf("/api/games/%d%s", id, s) }
	var shown struct {
		Invite string `json:"invite"`
	}
	owner.mustDo("GET", path("/invite"), nil, http.StatusOK, &shown)
	if shown.Invite != inv {
		t.Fatalf("the creator is shown %q, created with %q", shown.Invite, inv)
	}
	owner.mustDo("GET", path(""), nil, http.StatusOK, nil) // its creator sees it unseated
	wantError(t, "the guest looks", guest.do("GET", path(""), nil), http.StatusNotFound, "not_found")
	before := e.fingerprint(id)
	for _, c := range []struct {
		who  *client
		body any
	}{
		{guest, map[string]string{"seat": "italy"}},                           // no invitation
		{guest, map[string]string{"seat": "italy", "invite": inv[:31] + "x"}}, // a wrong one
		{guest, map[string]string{"seat": "italy", "invite": ""}},
		{guest, map[string]string{"seat": "italy", "invite": inv, "x": "y"}}, // a bad body is no excuse to tell
		{guest, nil},
	} {
		wantError(t, fmt.Sprintf("joining with %v", c.body), c.who.do("POST", path("/join"), c.body), http.StatusNotFound, "not_found", "no game")
	}
	wantError(t, "joining without login", e.anon().do("POST", path("/join"), map[string]string{"invite": inv}), http.StatusUnauthorized, "unauthorized")
	for _, m := range []string{"GET", "POST"} {
		wantError(t, m+" invite as a stranger", guest.do(m, path("/invite"), nil), http.StatusNotFound, "not_found")
		wantError(t, m+" invite without login", e.anon().do(m, path("/invite"), nil), http.StatusUnauthorized, "unauthorized")
	}
	if got := e.fingerprint(id); got != before {
		t.Fatalf("refused joins changed the game:\n%s\n%s", before, got)
	}
	// With the invitation: in. A player sees the game, not the invitation.
	guest.mustDo("POST", path("/join"), map[string]string{"seat": "italy", "invite": inv}, http.StatusOK, nil)
	if v := guest.getGame(id); v.You != "italy" {
		t.Fatalf("the guest's seat: %q", v.You)
	}
	for _, m := range []string{"GET", "POST"} {
		wantError(t, m+" invite as a player", guest.do(m, path("/invite"), nil), http.StatusForbidden, "forbidden", "creator")
	}
	for _, c := range []*client{guest, owner, e.anon()} {
		for _, p := range []string{path(""), "/api/games", path("/history/0")} {
			if r := c.do("GET", p, nil); strings.Contains(string(r.body), inv) {
				t.Fatalf("GET %s as %q shows the invitation: %s", p, c.name, r.body)
			}
		}
	}
	// Replaced: the old one joins no more, the new one does.
	owner.mustDo("POST", path("/invite"), nil, http.StatusOK, &shown)
	if len(shown.Invite) != 32 || shown.Invite == inv {
		t.Fatalf("the replaced invitation: %q (was %q)", shown.Invite, inv)
	}
	wantError(t, "joining with the replaced invitation", other.do("POST", path("/join"), map[string]string{"invite": inv}), http.StatusNotFound, "not_found")
	other.mustDo("POST", path("/join"), map[string]string{"invite": shown.Invite}, http.StatusOK, nil)
	other.mustDo("POST", path("/leave"), nil, http.StatusOK, nil)

	guest.mustDo("POST", path("/leave"), nil, http.StatusOK, nil)
	// Its creator joins without it; with no body, sent chunked (no
	// Content-Length): any seat.
	req, _ := http.NewRequest("POST", e.http.URL+path("/join"), strings.NewReader(""))
	req.Body, req.ContentLength = io.NopCloser(strings.NewReader("")), -1
	req.Header.Set("Content-Type", "application/json")
	resp, err := owner.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("a chunked empty join: %d", resp.StatusCode)
	}
	wantError(t, "after leaving", guest.do("GET", path(""), nil), http.StatusNotFound, "not_found")
	wantError(t, "leaving twice", guest.do("POST", path("/leave"), nil), http.StatusNotFound, "not_found")

	// A public game has no invitation.
	pub := owner.createGame(map[string]any{"name": "open", "game": "diplomacy"})
	if g := e.game(pub); g.Invite != "" {
		t.Fatalf("a public game's invitation: %q", g.Invite)
	}
	wantError(t, "a public game's invitation", owner.do("GET", fmt.Sprintf("/api/games/%d/invite", pub), nil), http.StatusConflict, "conflict", "public")
}

// TestPressModes: gunboat games refuse press, public-only games refuse
// private press, anonymous games hide senders and players until the end.
func TestPressModes(t *testing.T) {
	e := newEnv(t)
	gb, gpl := e.dipGame("gb", map[string]any{"press": "none"})
	wantError(t, "press in a gunboat game", gpl["england"].do("POST", fmt.Sprintf("/api/games/%d/messages", gb), map[string]any{"body": "hello"}), http.StatusForbidden, "press_closed", "without press")
	pub, ppl := e.dipGame("pu", map[string]any{"press": "public"})
	wantError(t, "private press in a public-only game", ppl["england"].do("POST", fmt.Sprintf("/api/games/%d/messages", pub), map[string]any{"to": []string{"france"}, "body": "psst"}), http.StatusForbidden, "press_closed", "public press only")
	if e.messageCount(gb)+e.messageCount(pub) != 0 {
		t.Fatal("refused press stored")
	}
	an, apl := e.dipGame("an", map[string]any{"press": "anonymous"})
	apl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", an), map[string]any{"body": "guess who"}, http.StatusCreated, nil)
	for _, c := range []*client{apl["france"], e.anon()} {
		if ms := c.messages(an); len(ms) != 1 || ms[0].From != "" {
			t.Fatalf("anonymous press as %q: %+v", c.name, ms)
		}
		for _, s := range c.getGame(an).Seats {
			if s.Player != "" && s.Seat != c.getGame(an).You {
				t.Fatalf("anonymous game shows %s's player %q to %q", s.Seat, s.Player, c.name)
			}
		}
	}
	if ms := apl["england"].messages(an); ms[0].From != "england" {
		t.Fatalf("the sender's own message: %+v", ms)
	}
	for _, p := range powers {
		apl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", an), map[string]string{"kind": "draw", "value": "yes"}, http.StatusOK, nil)
	}
	if ms := e.anon().messages(an); ms[0].From != "england" {
		t.Fatalf("after the end, the sender is shown: %+v", ms)
	}
}
