package server

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"concordat/store"
)

// TestCredentialCache: a token's user is read from the store once and then
// kept for CredentialCacheTTL; a token deleted behind this process's back
// (as another process would, without a broadcast) is honoured at most that
// long, while a logout through this process ends its session at once.
func TestCredentialCache(t *testing.T) {
	e := newEnv(t)
	a := e.register("cached")
	var tok struct {
		Token string `json:"token"`
	}
	a.mustDo("POST", "/api/tokens", map[string]string{"name": "script"}, http.StatusCreated, &tok)
	bot := e.anon()
	bot.token = tok.Token
	bot.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // cached now
	if err := e.st.DeleteCredential(context.Background(), hashSecret(tok.Token)); err != nil {
		t.Fatal(err)
	}
	bot.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // within the TTL: the cache answers
	e.clock.Add(CredentialCacheTTL - time.Millisecond)
	bot.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	e.clock.Add(time.Millisecond)
	wantError(t, "a deleted token after the cache's TTL", bot.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")

	// Logout through this process: refused at once, cache or not.
	a.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	a.mustDo("POST", "/api/logout", nil, http.StatusOK, nil)
	wantError(t, "after logout", a.do("GET", "/api/me", nil), http.StatusUnauthorized, "unauthorized")
}

func userOf(id int64) *store.User { return &store.User{ID: id, Name: "u"} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
