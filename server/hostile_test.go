package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHostileBodies: oversized, mistyped, malformed, trailing, unknown and
// deeply nested bodies are refused with the right code and a message that
// names the problem, and change nothing.
func TestHostileBodies(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("hb", map[string]any{"phase": "1h"})
	en := pl["england"]
	acts := fmt.Sprintf("/api/games/%d/actions", id)
	msgs := fmt.Sprintf("/api/games/%d/messages", id)
	before := e.fingerprint(id)

	big := `{"body": "` + strings.Repeat("a", MaxBody) + `"}`
	wantError(t, "65 KiB message", en.raw("POST", msgs, "application/json", []byte(big)), http.StatusRequestEntityTooLarge, "too_large", "65536")
	bigOrders := `{"seq": 0, "type": "orders", "args": {"orders": [` + strings.Repeat(`"F lon H",`, 7000) + `"F lon H"]}}`
	wantError(t, "70 KB of orders", en.raw("POST", acts, "application/json", []byte(bigOrders)), http.StatusRequestEntityTooLarge, "too_large")
	wantError(t, "large register", e.anon().raw("POST", "/api/register", "application/json", []byte(big)), http.StatusRequestEntityTooLarge, "too_large")

	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", "application/json-seq"} {
		wantError(t, "Content-Type "+ct, en.raw("POST", msgs, ct, []byte(`{"body": "hi"}`)), http.StatusUnsupportedMediaType, "unsupported", "application/json")
	}
	if got := e.fingerprint(id); got != before {
		t.Fatalf("refused bodies changed the game:\n%s\n%s", before, got)
	}
	// A charset parameter is fine.
	en.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	if r := en.raw("POST", msgs, "application/json; charset=utf-8", []byte(`{"body": "with charset"}`)); r.status != http.StatusCreated {
		t.Fatalf("JSON with a charset: %d %s", r.status, r.body)
	}
	before = e.fingerprint(id)

	cases := []struct {
		what, body, word string
	}{
		{"empty body", ``, "empty"},
		{"malformed", `{"seq": 0, "type": "orders",`, "request body"},
		{"not an object", `[1, 2, 3]`, "cannot unmarshal"},
		{"wrong type", `{"seq": "zero", "type": "orders"}`, "seq"},
		{"trailing value", `{"seq": 0, "type": "ready", "args": {"ready": true}} {"seq": 1}`, "trailing"},
		{"trailing brace", `{"seq": 0, "type": "ready", "args": {"ready": true}}}`, "trailing"},
		{"trailing garbage", `{"seq": 0, "type": "ready", "args": {"ready": true}} garbage`, "trailing"},
		{"unknown field", `{"seq": 0, "type": "ready", "args": {"ready": true}, "seat": "france"}`, "unknown field"},
		{"no seq", `{"type": "ready", "args": {"ready": true}}`, "seq"},
		{"negative seq", `{"seq": -1, "type": "ready", "args": {"ready": true}}`, "seq"},
		{"huge seq", `{"seq": 99999999999999999999, "type": "ready", "args": {"ready": true}}`, "seq"},
		{"no type", `{"seq": 0}`, "type"},
		{"deep nesting", `{"seq": 0, "type": "orders", "args": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "depth"},
		{"null byte", "{\"seq\": 0, \"type\": \"orders\u0000\"}", "request body"},
	}
	for _, c := range cases {
		wantError(t, c.what, en.raw("POST", acts, "application/json", []byte(c.body)), http.StatusBadRequest, "invalid", c.word)
	}
	// Bodies the server reads but the rules refuse.
	refused := []struct {
		what, body, word string
	}{
		{"nested args", `{"seq": 0, "type": "orders", "args": ` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`, "orders"},
		{"orders of the wrong type", `{"seq": 0, "type": "orders", "args": {"orders": "F lon H"}}`, "orders"},
		{"unknown action", `{"seq": 0, "type": "build", "args": {}}`, "unknown action"},
		{"unknown args field", `{"seq": 0, "type": "orders", "args": {"orders": [], "extra": 1}}`, "unknown field"},
		{"an order that does not parse", `{"seq": 0, "type": "orders", "args": {"orders": ["F lon ~~ nowhere"]}}`, "lon"},
		{"an order for a unit that is not there", `{"seq": 0, "type": "orders", "args": {"orders": ["A par H", "F lon H"]}}`, "par"},
	}
	for _, c := range refused {
		wantError(t, c.what, en.raw("POST", acts, "application/json", []byte(c.body)), http.StatusBadRequest, "refused", c.word)
	}
	if got := e.fingerprint(id); got != before {
		t.Fatalf("refused bodies changed the game:\n%s\n%s", before, got)
	}

	// The largest order list that fits: the same order many times over.
	// Accepted or refused, it must not break the phase's resolution.
	var many []string
	for len(strings.Join(many, `","`)) < MaxBody-200 {
		many = append(many, "F lon - nth")
	}
	r := en.act(id, 0, "orders", map[string][]string{"orders": many})
	t.Logf("%d copies of one order: %d %.200s", len(many), r.status, r.body)
	if r.status != http.StatusOK && r.status != http.StatusBadRequest {
		t.Fatalf("%d copies of one order: %d %s", len(many), r.status, r.body)
	}
	e.clock.Add(time.Hour + time.Second)
	if n := e.runDue(); n == 0 {
		t.Fatal("no deadline job ran")
	}
	_, v := en.dip(id)
	if v.Board.Phase.Season != "fall" {
		t.Fatalf("after the deadline: %+v", v.Board.Phase)
	}
}

// TestHostileIDs: ids that are not positive numbers, overflow, or look
// like paths find no game (JSON 404); history seqs out of range are
// invalid; unknown routes and methods answer JSON errors.
func TestHostileIDs(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("id", map[string]any{"phase": "1h"})
	en := pl["england"]
	for _, bad := range []string{"abc", "-1", "0", "1.5", "1e3", "99999999999999999999", "0x10", "%2e%2e", "..%2F..%2Fetc%2Fpasswd", "%00", "1%20", "+1", strings.Repeat("9", 400)} {
		for _, suffix := range []string{"", "/messages", "/votes", "/history/0", "/legal"} {
			r := en.do("GET", "/api/games/"+bad+suffix, nil)
			wantError(t, "GET game "+bad+suffix, r, http.StatusNotFound, "not_found")
		}
		r := en.do("POST", "/api/games/"+bad+"/actions", map[string]any{"seq": 0, "type": "ready", "args": map[string]bool{"ready": true}})
		wantError(t, "POST actions on "+bad, r, http.StatusNotFound, "not_found")
	}
	for _, bad := range []string{"abc", "-1", "99999999999999999999", "1", "%2e%2e"} {
		r := en.do("GET", fmt.Sprintf("/api/games/%d/history/%s", id, bad), nil)
		wantError(t, "history "+bad, r, http.StatusBadRequest, "invalid", "seq")
	}
	wantError(t, "unknown route", en.do("GET", "/api/nothing", nil), http.StatusNotFound, "not_found", "/api/nothing")
	wantError(t, "path traversal", en.do("GET", "/api/../../etc/passwd", nil), http.StatusNotFound, "not_found")
	r := en.do("DELETE", fmt.Sprintf("/api/games/%d", id), nil)
	wantError(t, "DELETE a game", r, http.StatusMethodNotAllowed, "wrong_method", "DELETE")
	if r.header.Get("Allow") == "" {
		t.Fatal("405 without Allow")
	}
	wantError(t, "GET login", en.do("GET", "/api/login", nil), http.StatusMethodNotAllowed, "wrong_method")
	if e.actions(id) != 0 {
		t.Fatal("hostile ids stored actions")
	}
}

// TestHostileNames: user names, passwords, game and token names at and
// past their limits, and unicode edge cases.
func TestHostileNames(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	reg := func(name, pw string) response {
		return a.do("POST", "/api/register", map[string]string{"name": name, "password": pw})
	}
	for _, c := range []struct{ name, pw, word string }{
		{"ab", "long enough", "name"},
		{strings.Repeat("a", 33), "long enough", "name"},
		{"Émile", "long enough", "name"},
		{"bad name", "long enough", "name"},
		{"nul\x00name", "long enough", "name"},
		{"rtl\u202ename", "long enough", "name"},
		{"../../etc", "long enough", "name"},
		{"", "long enough", "name"},
		{"shortpw", "1234567", "password"},
		{"longpw", strings.Repeat("p", 73), "password"},
		{"runepw", "ééé", "password"},
	} {
		wantError(t, fmt.Sprintf("register %q/%q", c.name, c.pw), reg(c.name, c.pw), http.StatusBadRequest, "invalid", c.word)
	}
	for _, email := range []string{"no-at-sign", "a@b\x00c", "sp ace@x.org", strings.Repeat("a", 250) + "@x.org", "@x.org", "a@"} {
		r := a.do("POST", "/api/register", map[string]string{"name": "mailer", "password": "long enough", "email": email})
		wantError(t, "email "+email, r, http.StatusBadRequest, "invalid", "email")
	}
	if r := reg("Alice", strings.Repeat("p", 72)); r.status != http.StatusCreated {
		t.Fatalf("a 72-byte password: %d %s", r.status, r.body)
	}
	wantError(t, "the same name in other case", e.anon().do("POST", "/api/register", map[string]string{"name": "aLiCe", "password": "long enough"}), http.StatusConflict, "conflict", "taken")
	wantError(t, "a 73-byte password at login", e.anon().do("POST", "/api/login", map[string]string{"name": "alice", "password": strings.Repeat("p", 73)}), http.StatusUnauthorized, "unauthorized")

	// Game names: 100 characters (not bytes) at most, no control characters.
	u := e.register("namer")
	create := func(name string) response {
		return u.do("POST", "/api/games", map[string]any{"name": name, "game": "diplomacy"})
	}
	if r := create(strings.Repeat("é", 100)); r.status != http.StatusCreated {
		t.Fatalf("100 two-byte characters: %d %s", r.status, r.body)
	}
	if r := create("  日本語のゲーム 🎲  "); r.status != http.StatusCreated || !strings.Contains(string(r.body), `"日本語のゲーム 🎲"`) {
		t.Fatalf("a CJK name with an emoji, trimmed: %d %s", r.status, r.body)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("x", 101), "tab\tname", "nul\x00", "bidi\u202eemaN", "zero\u200bwidth", "bell\a"} {
		wantError(t, fmt.Sprintf("game name %q", bad), create(bad), http.StatusBadRequest, "invalid", "name")
	}
	for _, c := range []struct {
		req  map[string]any
		word string
	}{
		{map[string]any{"name": "g", "game": "chess"}, "unknown game"},
		{map[string]any{"name": "g", "game": "diplomacy", "seed": 42}, "seed"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"phaze": "1h"}}, "phaze"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"phase": "1m"}}, "5m to 240h"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"phase": "241h"}}, "5m to 240h"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"phase": "forever"}}, "phase"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"daily_at": "25:00"}}, "daily_at"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"daily_at": "18:00", "time_zone": "../../etc/passwd"}}, "time_zone"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"daily_at": "18:00", "time_zone": "Local"}}, "time_zone"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"press": "loud"}}, "press"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"missed_limit": -3}}, "missed_limit"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"missed": "sometimes"}}, "missed"},
		{map[string]any{"name": "g", "game": "diplomacy", "options": map[string]any{"missed": true}}, "missed"},
		{map[string]any{"name": "g", "game": "diplomacy", "rules": map[string]any{"house": "yes"}}, "house"},
		{map[string]any{"name": "g", "game": "diplomacy", "variant": "../../etc/passwd"}, "diplomacy"},
		{map[string]any{"name": "g", "game": "his", "variant": "1540"}, "1540"},
		{map[string]any{"name": "g", "game": "his", "rules": map[string]any{"players": "7"}}, "players"},
	} {
		wantError(t, fmt.Sprintf("create %v", c.req), u.do("POST", "/api/games", c.req), http.StatusBadRequest, "invalid", c.word)
	}
	// Token names.
	for _, bad := range []string{"", strings.Repeat("t", 65), "nul\x00"} {
		wantError(t, fmt.Sprintf("token %q", bad), u.do("POST", "/api/tokens", map[string]string{"name": bad}), http.StatusBadRequest, "invalid", "name")
	}
	// Press bodies.
	id, pl := e.dipGame("pb", map[string]any{"phase": "1h"})
	en := pl["england"]
	path := fmt.Sprintf("/api/games/%d/messages", id)
	for _, c := range []struct{ body, word string }{
		{"", "message"},
		{" \n ", "message"},
		{strings.Repeat("m", 8001), "8000"},
		{"nul\x00byte", "control"},
		{"escape\x1b[31m", "control"},
	} {
		wantError(t, fmt.Sprintf("message %.20q", c.body), en.do("POST", path, map[string]any{"body": c.body}), http.StatusBadRequest, "invalid", c.word)
	}
	wantError(t, "to an unknown seat", en.do("POST", path, map[string]any{"to": []string{"narnia"}, "body": "hi"}), http.StatusBadRequest, "invalid", "narnia")
	wantError(t, "to oneself", en.do("POST", path, map[string]any{"to": []string{"england"}, "body": "hi"}), http.StatusBadRequest, "invalid", "yourself")
	var m message
	en.mustDo("POST", path, map[string]any{"body": "multi\nline\ttext, émoji 🎉, RTL שלום"}, http.StatusCreated, &m)
	if got := pl["france"].messages(id); len(got) != 1 || got[0].Body != "multi\nline\ttext, émoji 🎉, RTL שלום" {
		t.Fatalf("unicode press read back as %+v", got)
	}
}

// TestRateLimits: repeated logins from one address get 429, and so do
// floods of writes by one user; refused writes change nothing.
func TestRateLimits(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("rl", map[string]any{"phase": "1h"})
	// The production limit is 10 at once, then one every 3 s; the test
	// refills slower, so that slow bcrypt under load cannot refill a token.
	if spec := newLimiter().rates["login"]; spec.burst != 10 || spec.every != 3*time.Second {
		t.Fatalf("login limit %+v", spec)
	}
	e.srv.limits.setRate("login", time.Hour, 10)
	a := e.anon()
	codes := map[int]int{}
	for i := 0; i < 15; i++ {
		r := a.do("POST", "/api/login", map[string]string{"name": "rlengland", "password": "guess" + fmt.Sprint(i)})
		codes[r.status]++
		if r.status == http.StatusTooManyRequests {
			wantError(t, "login flood", r, http.StatusTooManyRequests, "rate_limited", "wait")
		}
	}
	if codes[http.StatusUnauthorized] != 10 || codes[http.StatusTooManyRequests] != 5 {
		t.Fatalf("15 logins: %v; want 10 refused passwords, then 5 rate limited", codes)
	}
	// The right password is rate limited too, once over the limit.
	wantError(t, "login with the right password", a.do("POST", "/api/login", map[string]string{"name": "rlengland", "password": "password-rlengland"}), http.StatusTooManyRequests, "rate_limited")
	wantError(t, "register", a.do("POST", "/api/register", map[string]string{"name": "newcomer", "password": "long enough"}), http.StatusTooManyRequests, "rate_limited")

	e.srv.limits.setRate("write", time.Hour, 5)
	en := pl["england"]
	path := fmt.Sprintf("/api/games/%d/messages", id)
	ok, limited := 0, 0
	for i := 0; i < 12; i++ {
		r := en.do("POST", path, map[string]any{"body": fmt.Sprintf("spam %d", i)})
		switch r.status {
		case http.StatusCreated:
			ok++
		case http.StatusTooManyRequests:
			limited++
			wantError(t, "write flood", r, http.StatusTooManyRequests, "rate_limited", "slow down")
		default:
			t.Fatalf("flood: %d %s", r.status, r.body)
		}
	}
	if ok != 5 || limited != 7 || e.messageCount(id) != 5 {
		t.Fatalf("flood: %d accepted, %d limited, %d stored; want 5, 7, 5", ok, limited, e.messageCount(id))
	}
	// Orders are writes too; reads are not limited; other users are not.
	wantError(t, "orders in a flood", en.act(id, 0, "ready", map[string]bool{"ready": true}), http.StatusTooManyRequests, "rate_limited")
	en.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, nil)
	pl["france"].orders(id, 0, "A par H")
	if e.actions(id) != 1 {
		t.Fatalf("%d actions stored, want France's only", e.actions(id))
	}
	// History views replay the game: limited per address.
	e.srv.limits.setRate("history", time.Hour, 3)
	for i := 0; i < 3; i++ {
		en.mustDo("GET", fmt.Sprintf("/api/games/%d/history/0", id), nil, http.StatusOK, nil)
	}
	wantError(t, "a history flood", e.anon().do("GET", fmt.Sprintf("/api/games/%d/history/0", id), nil), http.StatusTooManyRequests, "rate_limited", "history")
}

// TestErrorsAreJSON: every error the API answers is {"error": {"code",
// "message"}}, including the mux's own.
func TestErrorsAreJSON(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	for _, r := range []response{
		a.do("GET", "/nowhere", nil),
		a.do("PUT", "/api/games", map[string]string{}),
		a.do("GET", "/api/me", nil),
		a.raw("POST", "/api/login", "text/plain", []byte("x")),
	} {
		var body map[string]map[string]string
		if err := json.Unmarshal(r.body, &body); err != nil || body["error"]["code"] == "" || body["error"]["message"] == "" || len(body) != 1 || len(body["error"]) != 2 {
			t.Fatalf("error body %d %s", r.status, r.body)
		}
	}
}
