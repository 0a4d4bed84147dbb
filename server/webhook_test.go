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
