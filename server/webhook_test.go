package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestWebhookTargetsRefused: a game's webhook may not lead to the server's
// own network — loopback, private, link-local (the cloud metadata
// service), unspecified, IPv4-mapped IPv6 of those, or a name resolving to
// one — unless the operator allows it; the refusal names the address and
// stores no game, and the answer never echoes the URL's secret path.
func TestWebhookTargetsRefused(t *testing.T) {
	e := newEnv(t)
	u := e.register("hooker")
	create := func(hook string) response {
		return u.do("POST", "/api/games", map[string]any{"name": "hooked", "game": "diplomacy",
			"options": map[string]any{"webhook": hook}})
	}
	for _, c := range []struct{ hook, kind string }{
		{"https://127.0.0.1/secret-token", "loopback"},
		{"http://127.0.0.1:9/secret-token", "loopback"},
		{"http://[::1]:9/secret-token", "loopback"},
		{"https://[::ffff:127.0.0.1]/secret-token", "loopback"},
		{"https://localhost/secret-token", "localhost resolves to"},
		{"https://169.254.169.254/latest/meta-data/secret-token", "link-local"},
		{"https://[::ffff:169.254.169.254]/secret-token", "link-local"},
		{"https://10.1.2.3/secret-token", "private"},
		{"https://192.168.0.10:8443/secret-token", "private"},
		{"https://[fd00::1]/secret-token", "private"},
		{"https://[fe80::1]/secret-token", "link-local"},
		{"https://0.0.0.0/secret-token", "unspecified"},
		{"https://224.0.0.251/secret-token", "link-local"},
		{"https://nothing.invalid/secret-token", "does not resolve"},
	} {
		r := create(c.hook)
		wantError(t, "webhook "+c.hook, r, http.StatusBadRequest, "invalid", "webhook", c.kind)
		if strings.Contains(string(r.body), "secret-token") {
			t.Fatalf("the refusal echoes the webhook's secret: %s", r.body)
		}
	}
	var p gamePage
	u.mustDo("GET", "/api/games", nil, http.StatusOK, &p)
	if len(p.Games) != 0 {
		t.Fatalf("refused games were stored: %+v", p.Games)
	}
	// A public address is fine (no lookup needed for an address).
	if r := create("https://8.8.8.8/hook"); r.status != http.StatusCreated {
		t.Fatalf("a public webhook: %d %s", r.status, r.body)
	}
	// The operator's flag allows private targets (tests, private setups).
	e.srv.AllowPrivateWebhooks = true
	if r := create("http://127.0.0.1:9/hook"); r.status != http.StatusCreated {
		t.Fatalf("a loopback webhook with AllowPrivateWebhooks: %d %s", r.status, r.body)
	}
}

// TestSetMeWebhook: PUT /api/me {"webhook"} sets the user's personal
// webhook (GET /api/me shows it, the store has it; the e-mail stays), ""
// removes it; a URL to the server's own network, a bad scheme, user info,
// a too long URL or control characters, no login and a cross-site request
// with the session cookie are refused naming the problem, changing nothing
// — the e-mail given with a refused webhook included.
func TestSetMeWebhook(t *testing.T) {
	e := newEnv(t)
	alice := e.register("alice")
	type me struct {
		ID      int64
		Email   string
		Webhook string
	}
	get := func() me {
		t.Helper()
		var u me
		alice.mustDo("GET", "/api/me", nil, http.StatusOK, &u)
		return u
	}
	alice.mustDo("PUT", "/api/me", map[string]string{"email": "alice@example.org"}, http.StatusOK, nil)
	const hook = "https://8.8.8.8/api/webhooks/1/secret-token"
	var put me
	alice.mustDo("PUT", "/api/me", map[string]string{"webhook": hook}, http.StatusOK, &put)
	if put.Webhook != hook || put.Email != "alice@example.org" {
		t.Fatalf("PUT's answer: %+v", put)
	}
	if got := get(); got.Webhook != hook || got.Email != "alice@example.org" {
		t.Fatalf("GET /api/me after setting the webhook: %+v", got)
	}
	if su, err := e.st.UserByID(t.Context(), put.ID); err != nil || su.Webhook != hook {
		t.Fatalf("stored: %+v %v", su, err)
	}
	for _, c := range []struct{ hook, want string }{
		{"https://127.0.0.1/secret-token", "loopback"},
		{"http://[::1]:9/secret-token", "loopback"},
		{"https://localhost/secret-token", "localhost resolves to"},
		{"https://169.254.169.254/latest/meta-data/secret-token", "link-local"},
		{"https://[fe80::1]/secret-token", "link-local"},
		{"https://10.1.2.3/secret-token", "private"},
		{"https://192.168.0.10:8443/secret-token", "private"},
		{"https://[fd00::1]/secret-token", "private"},
		{"https://nothing.invalid/secret-token", "does not resolve"},
		{"http://8.8.8.8/hook", "http only to a loopback address"},
		{"ftp://8.8.8.8/hook", "want an https:// URL"},
		{"javascript:alert(1)", "absolute https:// URL"},
		{"/relative/hook", "absolute https:// URL"},
		{"https://user:pass@8.8.8.8/hook", "without user info"},
		{"https://8.8.8.8/" + strings.Repeat("a", 500), "at most 500 characters"},
		{"https://8.8.8.8/ho\nok", "absolute https:// URL"},
		{"https://8.8.8.8/ho\x00ok", "absolute https:// URL"},
		{"https://8.8.8.8/ho\x7fok", "absolute https:// URL"},
	} {
		r := alice.do("PUT", "/api/me", map[string]string{"webhook": c.hook, "email": "changed@example.org"})
		wantError(t, "webhook "+c.hook, r, http.StatusBadRequest, "invalid", "webhook", c.want)
		if strings.Contains(string(r.body), "secret-token") {
			t.Fatalf("the refusal echoes the webhook's secret: %s", r.body)
		}
	}
	wantError(t, "a number", alice.do("PUT", "/api/me", map[string]any{"webhook": 5}), http.StatusBadRequest, "invalid")
	wantError(t, "neither field", alice.do("PUT", "/api/me", map[string]string{}), http.StatusBadRequest, "invalid", "email", "webhook")
	wantError(t, "no login", e.anon().do("PUT", "/api/me", map[string]string{"webhook": "https://8.8.4.4/x"}), http.StatusUnauthorized, "unauthorized")
	wantError(t, "a cross-site request", alice.with(map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}).do("PUT", "/api/me",
		map[string]string{"webhook": "https://8.8.4.4/evil"}), http.StatusForbidden, "forbidden", "cross-site")
	if got := get(); got.Webhook != hook || got.Email != "alice@example.org" {
		t.Fatalf("after refused changes: %+v", got)
	}
	// The operator's flag allows private targets (tests, private setups).
	e.srv.AllowPrivateWebhooks = true
	alice.mustDo("PUT", "/api/me", map[string]string{"webhook": "http://127.0.0.1:9/hook"}, http.StatusOK, nil)
	if got := get(); got.Webhook != "http://127.0.0.1:9/hook" {
		t.Fatalf("a loopback webhook with AllowPrivateWebhooks: %+v", got)
	}
	alice.mustDo("PUT", "/api/me", map[string]string{"webhook": ""}, http.StatusOK, nil)
	if got := get(); got.Webhook != "" || got.Email != "alice@example.org" {
		t.Fatalf("after removing the webhook: %+v", got)
	}
}
