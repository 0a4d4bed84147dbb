package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"concordat/adjudicate"
	"concordat/catalog"
	"concordat/diplomacy/hosted"
	"concordat/game"
	"concordat/his"
	"concordat/host"
	"concordat/store"
	"concordat/store/sqlite"
)

// testClock is a settable clock for the host (deadlines, sessions).
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// env is one test server: a temp-file SQLite store, a host with an
// injected clock, the API over httptest.
type env struct {
	t     *testing.T
	st    store.Store
	host  *host.Host
	srv   *Server
	http  *httptest.Server
	clock *testClock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t)
}

// newEnvWith is newEnv hosting extra games too (package hosttest's).
func newEnvWith(t *testing.T, extra ...game.Rules) *env {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "server.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &testClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := host.New(st, log, "test", append([]game.Rules{hosted.Rules{}, his.Rules{}}, extra...)...)
	h.Now = c.Now
	s := New(h, log)
	s.Catalog = catalog.Served{}
	s.Adjudicate = adjudicate.JSON
	s.Legal = adjudicate.LegalJSON
	// Many test users register from one address: lift the login limit
	// (the limit itself has its own test).
	s.limits.setRate("login", time.Millisecond, 1000)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return &env{t: t, st: st, host: h, srv: s, http: ts, clock: c}
}

// runDue claims and runs every job due at the clock's time, as the
// scheduler would; it returns how many ran.
func (e *env) runDue() int {
	e.t.Helper()
	ctx := context.Background()
	jobs, err := e.st.ClaimJobs(ctx, e.host.Owner, e.clock.Now(), time.Minute, 100)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, j := range jobs {
		if err := e.host.RunJob(ctx, j); err != nil {
			e.t.Fatalf("job %+v: %v", j, err)
		}
	}
	return len(jobs)
}

// game reads a game from the store.
func (e *env) game(id int64) *store.Game {
	e.t.Helper()
	g, err := e.st.GetGame(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

// actions counts a game's stored actions.
func (e *env) actions(id int64) int {
	e.t.Helper()
	acts, err := e.st.Actions(context.Background(), id, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(acts)
}

// messageCount counts a game's stored messages.
func (e *env) messageCount(id int64) int {
	e.t.Helper()
	ms, err := e.st.Messages(context.Background(), id, nil, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(ms)
}

// client is one API user: a cookie jar (session) or a bearer token.
type client struct {
	e     *env
	name  string
	hc    *http.Client
	token string
	id    int64
	// header holds headers sent with every request (see with).
	header map[string]string
}

// anon is a client with no login.
func (e *env) anon() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// register makes an account and returns its logged-in client.
func (e *env) register(name string) *client {
	e.t.Helper()
	c := e.anon()
	c.name = name
	var u struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	c.mustDo("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name}, http.StatusCreated, &u)
	if u.Name != name || u.ID == 0 {
		e.t.Fatalf("register %s: got %+v", name, u)
	}
	c.id = u.ID
	return c
}

// response is a request's outcome.
type response struct {
	status int
	header http.Header
	body   []byte
}

// errCode is the code of an API error body ("" if the body is not one).
func (r response) errCode() string {
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(r.body, &e) != nil {
		return ""
	}
	return e.Error.Code
}

// errMessage is the message of an API error body.
func (r response) errMessage() string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(r.body, &e)
	return e.Error.Message
}

// raw sends a request with the given body bytes and content type.
func (c *client) raw(method, path, contentType string, body []byte) response {
	c.e.t.Helper()
	req, err := http.NewRequest(method, c.e.http.URL+path, bytes.NewReader(body))
	if err != nil {
		c.e.t.Fatal(err)
	}
	if body == nil {
		req.Body = nil
		req.ContentLength = 0
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.e.t.Fatal(err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: b}
}

// do sends v (nil: no body) as JSON.
func (c *client) do(method, path string, v any) response {
	c.e.t.Helper()
	if v == nil {
		return c.raw(method, path, "", nil)
	}
	b, err := json.Marshal(v)
	if err != nil {
		c.e.t.Fatal(err)
	}
	return c.raw(method, path, "application/json", b)
}

// mustDo sends v and fails unless the status is want; it decodes the
// response into out when out is not nil.
func (c *client) mustDo(method, path string, v any, want int, out any) response {
	c.e.t.Helper()
	r := c.do(method, path, v)
	if r.status != want {
		c.e.t.Fatalf("%s %s as %q: status %d, want %d: %s", method, path, c.name, r.status, want, r.body)
	}
	if out != nil {
		if err := json.Unmarshal(r.body, out); err != nil {
			c.e.t.Fatalf("%s %s: decoding %s: %v", method, path, r.body, err)
		}
	}
	return r
}

// wantError checks that r is the JSON error with status and code, and
// that its message mentions each of words.
func wantError(t *testing.T, what string, r response, status int, code string, words ...string) {
	t.Helper()
	if r.status != status || r.errCode() != code {
		t.Fatalf("%s: status %d code %q, want %d %q: %s", what, r.status, r.errCode(), status, code, r.body)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: error with Content-Type %q", what, ct)
	}
	msg := r.errMessage()
	if msg == "" {
		t.Fatalf("%s: error without a message: %s", what, r.body)
	}
	for _, w := range words {
		if !strings.Contains(strings.ToLower(msg), strings.ToLower(w)) {
			t.Fatalf("%s: message %q does not mention %q", what, msg, w)
		}
	}
}

// gameView is the part of GET /api/games/{id} the tests read.
type gameView struct {
	Game struct {
		ID       int64      `json:"id"`
		Status   string     `json:"status"`
		Seq      int64      `json:"seq"`
		Result   string     `json:"result"`
		Deadline *time.Time `json:"deadline"`
	} `json:"game"`
	Seats []struct {
		Seat     string `json:"seat"`
		Player   string `json:"player"`
		Bot      bool   `json:"bot"`
		Missed   int    `json:"missed"`
		Disorder bool   `json:"civil_disorder"`
	} `json:"seats"`
	You     string            `json:"you"`
	View    json.RawMessage   `json:"view"`
	Pending []json.RawMessage `json:"pending"`
}

// dipView is a Diplomacy view.
type dipView struct {
	Board struct {
		Phase struct {
			Season string `json:"season"`
			Year   int    `json:"year"`
			Type   string `json:"type"`
		} `json:"phase"`
		Centers map[string]string `json:"centers"`
	} `json:"board"`
	Orders  []string `json:"orders"`
	Ready   bool     `json:"ready"`
	Waiting []string `json:"waiting"`
	History []struct {
		Orders []struct {
			Power  string `json:"power"`
			Order  string `json:"order"`
			Result string `json:"result"`
		} `json:"orders"`
	} `json:"history"`
}

func (c *client) getGame(id int64) gameView {
	c.e.t.Helper()
	var v gameView
	c.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
	return v
}

func (c *client) dip(id int64) (gameView, dipView) {
	c.e.t.Helper()
	g := c.getGame(id)
	var d dipView
	if err := json.Unmarshal(g.View, &d); err != nil {
		c.e.t.Fatal(err)
	}
	return g, d
}

// createGame creates a game and returns its id.
func (c *client) createGame(req map[string]any) int64 {
	c.e.t.Helper()
	var g struct {
		ID int64 `json:"id"`
	}
	c.mustDo("POST", "/api/games", req, http.StatusCreated, &g)
	return g.ID
}

// powers are the seven seats of standard Diplomacy.
var powers = []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// dipGame creates a standard game with opts and seats one new player per
// power; it returns the game id and the clients by power.
func (e *env) dipGame(prefix string, opts map[string]any) (int64, map[string]*client) {
	e.t.Helper()
	players := map[string]*client{}
	for _, p := range powers {
		players[p] = e.register(prefix + p)
	}
	var created struct {
		ID     int64  `json:"id"`
		Invite string `json:"invite"` // a private game's
	}
	players["austria"].mustDo("POST", "/api/games", map[string]any{"name": prefix + " game", "game": "diplomacy", "options": opts}, http.StatusCreated, &created)
	id := created.ID
	for _, p := range powers {
		var j struct {
			Seat string `json:"seat"`
		}
		players[p].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p, "invite": created.Invite}, http.StatusOK, &j)
		if j.Seat != p {
			e.t.Fatalf("joined %s, got %s", p, j.Seat)
		}
	}
	if g := e.game(id); g.Status != store.Active {
		e.t.Fatalf("full game is %s", g.Status)
	}
	return id, players
}

func TestHealthzAndMetrics(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	r := a.do("GET", "/healthz", nil)
	if r.status != 200 || !strings.Contains(string(r.body), `"ok"`) {
		t.Fatalf("healthz: %d %s", r.status, r.body)
	}
	// The metrics are the operator's: not on the API unless it says so,
	// on an address of its own (MetricsHandler, --metrics-addr).
	wantError(t, "GET /metrics on the API", a.do("GET", "/metrics", nil), http.StatusNotFound, "not_found", "metrics")
	ops := httptest.NewServer(e.srv.MetricsHandler())
	defer ops.Close()
	resp, err := http.Get(ops.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "concordat_http_requests_total") || !strings.Contains(string(body), `route="/healthz"`) {
		t.Fatalf("metrics on their own address: %d %.300s", resp.StatusCode, body)
	}
	e.srv.PublicMetrics = true
	r = a.do("GET", "/metrics", nil)
	if r.status != 200 || !strings.Contains(string(r.body), "concordat_http_requests_total") {
		t.Fatalf("metrics: %d %.200s", r.status, r.body)
	}
	if r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("metrics without nosniff: %v", r.header)
	}
	if !strings.Contains(string(r.body), `route="/healthz"`) {
		t.Fatalf("metrics do not count the healthz request by route")
	}
}

// act submits an action made against seq.
func (c *client) act(id, seq int64, typ string, args any) response {
	c.e.t.Helper()
	return c.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": seq, "type": typ, "args": args})
}

// orders submits Diplomacy orders against seq and fails unless accepted;
// it returns the new seq.
func (c *client) orders(id, seq int64, orders ...string) int64 {
	c.e.t.Helper()
	if orders == nil {
		orders = []string{}
	}
	r := c.act(id, seq, "orders", map[string][]string{"orders": orders})
	if r.status != http.StatusOK {
		c.e.t.Fatalf("%s orders %v at seq %d: %d %s", c.name, orders, seq, r.status, r.body)
	}
	var out struct {
		Seq int64 `json:"seq"`
	}
	json.Unmarshal(r.body, &out)
	return out.Seq
}

// ready says the seat is done, against seq; it returns the new seq.
func (c *client) ready(id, seq int64) int64 {
	c.e.t.Helper()
	r := c.act(id, seq, "ready", map[string]bool{"ready": true})
	if r.status != http.StatusOK {
		c.e.t.Fatalf("%s ready at seq %d: %d %s", c.name, seq, r.status, r.body)
	}
	var out struct {
		Seq int64 `json:"seq"`
	}
	json.Unmarshal(r.body, &out)
	return out.Seq
}

// message is a press message as the API lists it.
type message struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"`
	From    string `json:"from"`
	Body    string `json:"body"`
}

func (c *client) messages(id int64) []message {
	c.e.t.Helper()
	var out struct {
		Messages []message `json:"messages"`
	}
	c.mustDo("GET", fmt.Sprintf("/api/games/%d/messages", id), nil, http.StatusOK, &out)
	return out.Messages
}

// unread is the client's unread count per channel.
func (c *client) unread(id int64) map[string]int {
	c.e.t.Helper()
	var out struct {
		Channels []struct {
			Channel string `json:"channel"`
			Last    int64  `json:"last"`
			Unread  int    `json:"unread"`
		} `json:"channels"`
	}
	c.mustDo("GET", fmt.Sprintf("/api/games/%d/channels", id), nil, http.StatusOK, &out)
	m := map[string]int{}
	for _, ch := range out.Channels {
		m[ch.Channel] = ch.Unread
	}
	return m
}
