package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"concordat/host"
)

// login opens another session of a registered user.
func (e *env) login(name string) *client {
	e.t.Helper()
	c := e.anon()
	c.name = name
	c.mustDo("POST", "/api/login", map[string]string{"name": name, "password": "password-" + name}, http.StatusOK, nil)
	return c
}

// newTokenClient makes a personal token for c and returns a client using it.
func (c *client) newTokenClient(name string) (*client, string) {
	c.e.t.Helper()
	var tok struct {
		Token string `json:"token"`
	}
	c.mustDo("POST", "/api/tokens", map[string]string{"name": name}, http.StatusCreated, &tok)
	b := c.e.anon()
	b.name, b.token = c.name+"/"+name, tok.Token
	return b, tok.Token
}

type tokenList struct {
	Tokens []struct {
		ID      string    `json:"id"`
		Name    string    `json:"name"`
		Created time.Time `json:"created"`
	} `json:"tokens"`
}

// TestTokenRevocation: personal tokens are listed (never their secrets)
// and revoked one by one; a revoked token is refused at once, though its
// user was cached a moment before; nobody revokes another's token.
func TestTokenRevocation(t *testing.T) {
	e := newEnv(t)
	a := e.register("alice")
	bot, botSecret := a.newTokenClient("bot")
	e.clock.Add(time.Second) // listed oldest first
	script, _ := a.newTokenClient("script")
	mallory := e.register("mallory")
	var l tokenList
	r := a.mustDo("GET", "/api/tokens", nil, http.StatusOK, &l)
	if len(l.Tokens) != 2 || l.Tokens[0].Name != "bot" || l.Tokens[1].Name != "script" || len(l.Tokens[0].ID) != 16 || l.Tokens[0].ID == l.Tokens[1].ID {
		t.Fatalf("tokens: %s", r.body)
	}
	if strings.Contains(string(r.body), botSecret) || strings.Contains(string(r.body), hashSecret(botSecret)) {
		t.Fatalf("the list shows a secret or its whole hash: %s", r.body)
	}
	var ml tokenList
	mallory.mustDo("GET", "/api/tokens", nil, http.StatusOK, &ml)
	if len(ml.Tokens) != 0 {
		t.Fatalf("another user's list: %+v", ml.Tokens)
	}
	botID := l.Tokens[0].ID
	bot.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // its user is cached now
	wantError(t, "another user revokes the token", mallory.do("DELETE", "/api/tokens/"+botID, nil), http.StatusNotFound, "not_found")
	wantError(t, "no login", e.anon().do("DELETE", "/api/tokens/"+botID, nil), http.StatusUnauthorized, "unauthorized")
	bot.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	for _, bad := range []string{"0123456789abcdef", botID[:15], botID + "0", strings.ToUpper(botID)} {
		wantError(t, "revoking "+bad, a.do("DELETE", "/api/tokens/"+bad, nil), http.StatusNotFound, "not_found")
	}
	a.mustDo("DELETE", "/api/tokens/"+botID, nil, http.StatusOK, nil)
	wantError(t, "the revoked token", bot.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	wantError(t, "revoking it twice", a.do("DELETE", "/api/tokens/"+botID, nil), http.StatusNotFound, "not_found")
	script.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	// A token revokes itself too.
	script.mustDo("GET", "/api/tokens", nil, http.StatusOK, &l)
	if len(l.Tokens) != 1 || l.Tokens[0].Name != "script" {
		t.Fatalf("tokens after the revocation: %+v", l.Tokens)
	}
	script.mustDo("DELETE", "/api/tokens/"+l.Tokens[0].ID, nil, http.StatusOK, nil)
	wantError(t, "the self-revoked token", script.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	a.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // the session is no token
}

// TestLogoutEverywhere ends every session of the user at once, the one
// asking included; tokens and other users' sessions stay.
func TestLogoutEverywhere(t *testing.T) {
	e := newEnv(t)
	s1 := e.register("alice")
	s2 := e.login("alice")
	tok, _ := s1.newTokenClient("bot")
	bob := e.register("bob")
	for _, c := range []*client{s1, s2, tok, bob} {
		c.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // cached
	}
	var out struct {
		Ended int `json:"sessions_ended"`
	}
	s2.mustDo("POST", "/api/logout/all", nil, http.StatusOK, &out)
	if out.Ended != 2 {
		t.Fatalf("sessions ended: %d, want 2", out.Ended)
	}
	for _, c := range []*client{s1, s2} {
		wantError(t, "a session after logging out everywhere", c.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	}
	tok.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	bob.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
}

// TestChangePassword needs the current password; it ends the user's other
// sessions at once and keeps the one asking; the old password logs in no
// more. A wrong current password or a bad new one changes nothing.
func TestChangePassword(t *testing.T) {
	e := newEnv(t)
	s1 := e.register("alice")
	s2 := e.login("alice")
	s1.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	s2.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	wantError(t, "wrong current password", s1.do("POST", "/api/password", map[string]string{"current": "password-alicex", "new": "a new password"}), http.StatusForbidden, "forbidden", "current")
	wantError(t, "no current password", s1.do("POST", "/api/password", map[string]string{"new": "a new password"}), http.StatusForbidden, "forbidden")
	wantError(t, "a short new password", s1.do("POST", "/api/password", map[string]string{"current": "password-alice", "new": "short"}), http.StatusBadRequest, "invalid", "new")
	wantError(t, "a long new password", s1.do("POST", "/api/password", map[string]string{"current": "password-alice", "new": strings.Repeat("x", 73)}), http.StatusBadRequest, "invalid", "new")
	wantError(t, "no login", e.anon().do("POST", "/api/password", map[string]string{"current": "password-alice", "new": "a new password"}), http.StatusUnauthorized, "unauthorized")
	s2.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // nothing changed
	e.login("alice")

	var out struct {
		Ended int `json:"sessions_ended"`
	}
	s1.mustDo("POST", "/api/password", map[string]string{"current": "password-alice", "new": "a new password"}, http.StatusOK, &out)
	if out.Ended != 2 { // s2 and the login just above
		t.Fatalf("sessions ended: %d, want 2", out.Ended)
	}
	s1.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	wantError(t, "another session after the change", s2.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
	wantError(t, "the old password", e.anon().do("POST", "/api/login", map[string]string{"name": "alice", "password": "password-alice"}), http.StatusUnauthorized, "unauthorized")
	e.anon().mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "a new password"}, http.StatusOK, nil)
	// The next change needs the new password.
	wantError(t, "the old password as current", s1.do("POST", "/api/password", map[string]string{"current": "password-alice", "new": "third password"}), http.StatusForbidden, "forbidden")
}

// TestRelayDeliver: what another process broadcasts reaches this one's
// streams (press only to those who read its channel) and credential cache;
// this process's own broadcasts are ignored.
func TestRelayDeliver(t *testing.T) {
	e := newEnv(t)
	s := e.srv
	fr := s.hub.subscribe(7, "france")
	en := s.hub.subscribe(7, "england")
	other := s.hub.subscribe(8, "")
	now := e.clock.Now()
	u := e.register("cached")
	var uid = u.id
	for _, h := range []string{"h1", "h2", "h3"} {
		s.creds.put(h, userOf(uid), nil, now)
	}
	s.relayDeliver(`{"o":"elsewhere","c":[{"g":7,"k":"action","s":12},{"g":7,"k":"message","ch":"france,germany"}],"r":["h1"]}`)
	want := func(ch chan host.Change, kinds ...string) {
		t.Helper()
		for _, k := range kinds {
			select {
			case c := <-ch:
				if c.Kind != k {
					t.Fatalf("got a %q change, want %q", c.Kind, k)
				}
			default:
				t.Fatalf("no %q change delivered", k)
			}
		}
		select {
		case c := <-ch:
			t.Fatalf("an unexpected change: %+v", c)
		default:
		}
	}
	want(fr, "action", "message")
	want(en, "action")
	want(other)
	if _, ok := s.creds.get("h1", now); ok {
		t.Fatal("a credential revoked elsewhere is still cached")
	}
	if _, ok := s.creds.get("h2", now); !ok {
		t.Fatal("another credential was dropped")
	}
	s.relayDeliver(`{"o":"` + s.origin + `","c":[{"g":7,"k":"action","s":13}],"u":[` + itoa(uid) + `]}`)
	want(fr)
	if _, ok := s.creds.get("h2", now); !ok {
		t.Fatal("this process's own broadcast was acted on")
	}
	s.relayDeliver(`{"o":"elsewhere","u":[` + itoa(uid) + `]}`)
	for _, h := range []string{"h2", "h3"} {
		if _, ok := s.creds.get(h, now); ok {
			t.Fatalf("%s is cached after its user's credentials were revoked elsewhere", h)
		}
	}
	s.relayDeliver(`not json`) // logged and ignored
}

// TestSetEmail: PUT /api/me sets the address notifications go to (GET
// /api/me shows it at once, the store has it), "" removes it; hostile and
// malformed addresses, a missing field, unknown fields, no login and a
// cross-site request with the session cookie are refused, changing
// nothing.
func TestSetEmail(t *testing.T) {
	e := newEnv(t)
	alice := e.register("alice")
	me := func(c *client) string {
		t.Helper()
		var u struct{ Email string }
		c.mustDo("GET", "/api/me", nil, http.StatusOK, &u)
		return u.Email
	}
	var u struct{ ID int64 }
	alice.mustDo("PUT", "/api/me", map[string]string{"email": "alice+dip@example.org"}, http.StatusOK, &u)
	if got := me(alice); got != "alice+dip@example.org" {
		t.Fatalf("GET /api/me after the change: %q", got)
	}
	if su, err := e.st.UserByID(t.Context(), u.ID); err != nil || su.Email != "alice+dip@example.org" {
		t.Fatalf("stored: %+v %v", su, err)
	}
	for _, bad := range []string{"no-at-sign", "two@@example.org", "@example.org", "alice@", "alice @example.org", " alice@example.org",
		"alice@example.org\r\nBcc: victim@example.org", "alice@exa\x00mple.org", "\"Alice\" <alice@example.org>", "<alice@example.org>",
		"alice@example.org, bob@example.org", strings.Repeat("a", 65) + "@example.org", "a@" + strings.Repeat("b", 190), "al\"ice@example.org"} {
		wantError(t, "address "+bad, alice.do("PUT", "/api/me", map[string]string{"email": bad}), http.StatusBadRequest, "invalid", "email")
	}
	wantError(t, "no email field", alice.do("PUT", "/api/me", map[string]string{}), http.StatusBadRequest, "invalid", "email")
	wantError(t, "an unknown field", alice.do("PUT", "/api/me", map[string]string{"email": "a@b.org", "name": "mallory"}), http.StatusBadRequest, "invalid")
	wantError(t, "a number", alice.do("PUT", "/api/me", map[string]any{"email": 5}), http.StatusBadRequest, "invalid")
	wantError(t, "not JSON", alice.raw("PUT", "/api/me", "text/plain", []byte(`{"email": "a@b.org"}`)), http.StatusUnsupportedMediaType, "unsupported")
	wantError(t, "no login", e.anon().do("PUT", "/api/me", map[string]string{"email": "x@example.org"}), http.StatusUnauthorized, "unauthorized")
	wantError(t, "a cross-site request", alice.with(map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}).do("PUT", "/api/me",
		map[string]string{"email": "evil@example.org"}), http.StatusForbidden, "forbidden", "cross-site")
	if got := me(alice); got != "alice+dip@example.org" {
		t.Fatalf("after refused changes: %q", got)
	}
	// The server's own page may change it.
	alice.with(map[string]string{"Sec-Fetch-Site": "same-origin"}).mustDo("PUT", "/api/me", map[string]string{"email": "a@example.org"}, http.StatusOK, nil)
	alice.mustDo("PUT", "/api/me", map[string]string{"email": ""}, http.StatusOK, nil)
	if got := me(alice); got != "" {
		t.Fatalf("after removing it: %q", got)
	}
}
