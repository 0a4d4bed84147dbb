package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"testing"
	"time"
)

// TestLoginLimitedPerAccount: failed password checks are limited per
// account, from every address at once (here, addresses named by a trusted
// proxy, each far below the per-address limit): past the limit even the
// right password waits (429), while other accounts and successful logins
// are unaffected; a wrong current password in a password change counts
// too.
func TestLoginLimitedPerAccount(t *testing.T) {
	e := newEnv(t)
	e.srv.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	if spec := newLimiter().rates["account"]; spec.burst != 10 || spec.every != 20*time.Second {
		t.Fatalf("account limit %+v", spec)
	}
	e.srv.limits.setRate("account", time.Hour, 5)
	e.srv.limits.setRate("login", time.Hour, 3) // per address
	e.register("target")
	other := e.register("bystander")
	login := func(addr, name, password string) response {
		return e.anon().with(map[string]string{"X-Forwarded-For": addr}).do("POST", "/api/login", map[string]string{"name": name, "password": password})
	}
	// Right passwords do not count: more logins than the limit, all served.
	for i := 0; i < 8; i++ {
		if r := login(fmt.Sprintf("198.51.100.%d", i), "bystander", "password-bystander"); r.status != http.StatusOK {
			t.Fatalf("login %d with the right password: %d %s", i, r.status, r.body)
		}
	}
	// Five wrong guesses at the target, each from another address.
	for i := 0; i < 5; i++ {
		wantError(t, "a wrong guess", login(fmt.Sprintf("203.0.113.%d", i), "target", fmt.Sprint("guess ", i)), http.StatusUnauthorized, "unauthorized")
	}
	wantError(t, "a sixth guess from a fresh address", login("203.0.113.100", "target", "guess 6"), http.StatusTooManyRequests, "rate_limited", "account")
	wantError(t, "the right password, once the account's limit is spent", login("203.0.113.101", "TARGET", "password-target"), http.StatusTooManyRequests, "rate_limited", "account")
	if r := login("203.0.113.102", "bystander", "password-bystander"); r.status != http.StatusOK {
		t.Fatalf("another account: %d %s", r.status, r.body)
	}
	// A name that does not exist is limited alike (the answers tell nothing).
	for i := 0; i < 5; i++ {
		wantError(t, "a guess at nobody", login(fmt.Sprintf("192.0.2.%d", i), "nobody-here", "x"), http.StatusUnauthorized, "unauthorized")
	}
	wantError(t, "a sixth guess at nobody", login("192.0.2.99", "nobody-here", "x"), http.StatusTooManyRequests, "rate_limited", "account")
	// A password change with a wrong current password counts for the account.
	for i := 0; i < 5; i++ {
		wantError(t, "a wrong current password", other.with(map[string]string{"X-Forwarded-For": fmt.Sprintf("192.0.2.%d", 100+i)}).do("POST", "/api/password",
			map[string]string{"current": fmt.Sprint("wrong ", i), "new": "a new password"}), http.StatusForbidden, "forbidden")
	}
	wantError(t, "a sixth wrong current password", other.with(map[string]string{"X-Forwarded-For": "192.0.2.200"}).do("POST", "/api/password",
		map[string]string{"current": "password-bystander", "new": "a new password"}), http.StatusTooManyRequests, "rate_limited", "account")
}
