package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/textproto"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host"
	"concordat/store"
	"concordat/store/sqlite"
)

// sink is a tiny SMTP server that records what it is sent. failOnce makes
// the first RCPT of an address fail with the given code.
type sink struct {
	ln       net.Listener
	mu       sync.Mutex
	mails    []sunk
	failOnce map[string]int
	wg       sync.WaitGroup
}

type sunk struct {
	from, to, subject, body string
}

func newSink(t *testing.T) *sink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &sink{ln: ln, failOnce: map[string]int{}}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() { defer s.wg.Done(); s.serve(t, c) }()
		}
	}()
	t.Cleanup(func() { ln.Close(); s.wg.Wait() })
	return s
}

func (s *sink) serve(t *testing.T, c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	tp := textproto.NewConn(c)
	tp.PrintfLine("220 sink ESMTP")
	var from string
	var to []string
	angle := func(line string) string {
		i, j := strings.IndexByte(line, '<'), strings.LastIndexByte(line, '>')
		if i < 0 || j < i {
			return ""
		}
		return line[i+1 : j]
	}
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			tp.PrintfLine("250 sink")
		case "MAIL":
			from, to = angle(line), nil
			tp.PrintfLine("250 ok")
		case "RCPT":
			a := angle(line)
			s.mu.Lock()
			code := s.failOnce[a]
			delete(s.failOnce, a)
			s.mu.Unlock()
			if code != 0 {
				tp.PrintfLine("%d not now", code)
				continue
			}
			to = append(to, a)
			tp.PrintfLine("250 ok")
		case "DATA":
			tp.PrintfLine("354 go on")
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			m, err := mail.ReadMessage(strings.NewReader(string(data)))
			if err != nil {
				t.Errorf("sink: unreadable message: %v\n%s", err, data)
				return
			}
			subj, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
			if err != nil {
				t.Errorf("sink: subject: %v", err)
			}
			body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
			if err != nil {
				t.Errorf("sink: body: %v", err)
			}
			if m.Header.Get("To") != strings.Join(to, ", ") || m.Header.Get("From") != from {
				t.Errorf("sink: headers From %q To %q, envelope %q %q", m.Header.Get("From"), m.Header.Get("To"), from, to)
			}
			s.mu.Lock()
			for _, r := range to {
				s.mails = append(s.mails, sunk{from: from, to: r, subject: subj, body: strings.ReplaceAll(string(body), "\r\n", "\n")})
			}
			s.mu.Unlock()
			tp.PrintfLine("250 queued")
		case "RSET", "NOOP":
			tp.PrintfLine("250 ok")
		case "QUIT":
			tp.PrintfLine("221 bye")
			return
		default:
			tp.PrintfLine("502 unknown")
		}
	}
}

// take returns and forgets the mails received so far.
func (s *sink) take() []sunk {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.mails
	s.mails = nil
	sort.Slice(out, func(i, j int) bool { return out[i].to < out[j].to })
	return out
}

// hookRecv is a webhook receiver; its first request fails with 500.
type hookRecv struct {
	srv      *httptest.Server
	mu       sync.Mutex
	contents []string
	calls    int
	block    chan struct{} // when not nil, requests wait on it
}

func newHook(t *testing.T, block chan struct{}) *hookRecv {
	h := &hookRecv{block: block}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h.block != nil {
			<-h.block
		}
		var body struct {
			Content         string `json:"content"`
			AllowedMentions struct {
				Parse []string `json:"parse"`
			} `json:"allowed_mentions"`
		}
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("webhook: %s with %q", r.Method, r.Header.Get("Content-Type"))
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("webhook body: %v", err)
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		h.calls++
		if h.calls == 1 {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		if body.AllowedMentions.Parse == nil || len(body.AllowedMentions.Parse) != 0 {
			t.Errorf("webhook: allowed_mentions %v, want none", body.AllowedMentions.Parse)
		}
		h.contents = append(h.contents, body.Content)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(func() {
		if h.block != nil {
			select {
			case <-h.block:
			default:
				close(h.block)
			}
		}
		h.srv.Close()
	})
	return h
}

func (h *hookRecv) take() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := h.contents
	h.contents = nil
	return out
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type fixture struct {
	h       *host.Host
	n       *Notifier
	c       *clock
	users   []int64
	holders map[game.Seat]int64
	g       *store.Game
}

// setup hosts a started standard game on SQLite whose seven players are
// player0 (england) … player6; player5 gave no e-mail address.
func setup(t *testing.T, cfg Config, opts string) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "n.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := host.New(st, log, "p1", diplomacy.Rules{})
	h.Now = c.Now
	cfg.From = "concordat@example.org"
	cfg.Backoff = 5 * time.Millisecond
	cfg.Log = log
	n := New(cfg)
	t.Cleanup(func() { n.Close(context.Background()) })
	n.Attach(h)
	f := &fixture{h: h, n: n, c: c, holders: map[game.Seat]int64{}}
	for i := 0; i < 8; i++ {
		email := fmt.Sprintf("player%d@example.org", i)
		if i == 5 {
			email = ""
		}
		u := &store.User{Name: fmt.Sprintf("player%d", i), Email: email, PasswordHash: "x", CreatedAt: c.Now()}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		f.users = append(f.users, u.ID)
	}
	g, err := h.CreateGame(ctx, f.users[0], host.NewGame{Name: "Test game", Kind: "diplomacy", Options: json.RawMessage(opts)}, 7)
	if err != nil {
		t.Fatal(err)
	}
	// Seats chosen, so that the tests know who has an address: player5
	// (none) holds russia.
	for i, u := range f.users[:7] {
		want := []game.Seat{"england", "austria", "france", "germany", "italy", "russia", "turkey"}[i]
		seat, err := h.Join(ctx, u, g.ID, want)
		if err != nil {
			t.Fatal(err)
		}
		f.holders[seat] = u
	}
	f.g, _, err = h.Game(ctx, g.ID)
	if err != nil || f.g.Status != store.Active {
		t.Fatalf("game: %v %v", f.g, err)
	}
	return f
}

// idle waits for the notifier to finish.
func (f *fixture) idle(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.n.Idle(ctx); err != nil {
		t.Fatalf("notifier not idle: %v (%+v)", err, f.n.Stats())
	}
}

// runJobs runs the jobs due now, as the scheduler would.
func (f *fixture) runJobs(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	jobs, err := f.h.Store.ClaimJobs(ctx, f.h.Owner, f.c.Now(), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if err := f.h.RunJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
}

// seatOf is the seat of player i.
func (f *fixture) seatOf(i int) game.Seat {
	for s, u := range f.holders {
		if u == f.users[i] {
			return s
		}
	}
	return ""
}

// addr is the e-mail address of a seat's player ("" for player5).
func (f *fixture) addr(s game.Seat) string {
	for i, u := range f.users {
		if u == f.holders[s] && i != 5 {
			return fmt.Sprintf("player%d@example.org", i)
		}
	}
	return ""
}

func (f *fixture) act(t *testing.T, seat game.Seat, a game.Action) {
	t.Helper()
	if _, _, err := f.h.Act(context.Background(), f.holders[seat], f.g.ID, -1, a); err != nil {
		t.Fatalf("%s %s: %v", seat, a.Type, err)
	}
}

var ready = game.NewAction("ready", map[string]bool{"ready": true})

func orders(texts ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": texts})
}

func recipients(ms []sunk) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.to)
	}
	sort.Strings(out)
	return out
}

// addrs are the addresses of seats' players who have one.
func (f *fixture) addrs(seats ...game.Seat) []string {
	var out []string
	for _, s := range seats {
		if a := f.addr(s); a != "" {
			out = append(out, a)
		}
	}
	sort.Strings(out)
	return out
}

var powers = []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

func except(skip ...game.Seat) []game.Seat {
	var out []game.Seat
	for _, p := range powers {
		keep := true
		for _, s := range skip {
			keep = keep && s != p
		}
		if keep {
			out = append(out, p)
		}
	}
	return out
}

func TestNotifications(t *testing.T) {
	ctx := context.Background()
	smtpSink := newSink(t)
	hook := newHook(t, nil)
	f := setup(t, Config{SMTP: smtpSink.ln.Addr().String(), BaseURL: "https://play.example.org/", AllowPrivateWebhooks: true},
		`{"phase": "1h", "webhook": "`+hook.srv.URL+`/hook/secret-token"}`)
	// England's first delivery is refused for now (451): it is retried.
	smtpSink.mu.Lock()
	smtpSink.failOnce[f.addr("england")] = 451
	smtpSink.mu.Unlock()
	noMail := f.seatOf(5)
	// The start: everyone with an address hears, and the webhook (after a
	// 500, retried).
	f.idle(t)
	mails := smtpSink.take()
	if want := f.addrs(powers...); strings.Join(recipients(mails), " ") != strings.Join(want, " ") ||
		!strings.Contains(mails[0].subject, "the game is under way") {
		t.Fatalf("start mailed to %v, want %v: %+v", recipients(mails), want, mails)
	}
	if hooks := hook.take(); len(hooks) != 1 || !strings.Contains(hooks[0], "under way") || !strings.Contains(hooks[0], "Next deadline") {
		t.Fatalf("start on the webhook: %q", hooks)
	}

	// Deadline near: six minutes before the hour (a tenth of the window).
	f.act(t, "france", orders("A par - bur"))
	f.act(t, "france", ready)
	f.act(t, "england", orders("F lon - nth"))
	f.c.Add(53 * time.Minute)
	f.runJobs(t)
	f.idle(t)
	if got := smtpSink.take(); len(got) != 0 || len(hook.take()) != 0 {
		t.Fatalf("reminded %d minutes early: %v", 7, got)
	}
	f.c.Add(time.Minute + time.Second)
	f.runJobs(t)
	f.idle(t)
	mails = smtpSink.take()
	if want := f.addrs(except("france")...); strings.Join(recipients(mails), " ") != strings.Join(want, " ") {
		t.Fatalf("reminders to %v, want %v (not france: ready; not %s: no address)", recipients(mails), want, noMail)
	}
	for _, m := range mails {
		if m.from != "concordat@example.org" || !strings.Contains(m.subject, "deadline in 6m") ||
			!strings.Contains(m.body, "https://play.example.org/games/") {
			t.Errorf("reminder to %s: %q\n%s", m.to, m.subject, m.body)
		}
		if m.subject != "[Concordat] Test game: deadline in 6m0s" {
			t.Errorf("subject %q", m.subject)
		}
		in := strings.Contains(m.body, "Your decision is in")
		if (m.to == f.addr("england")) != in {
			t.Errorf("reminder to %s says decision in: %v\n%s", m.to, in, m.body)
		}
	}
	hooks := hook.take()
	if len(hooks) != 1 || !strings.Contains(hooks[0], "the deadline is in 6m") || strings.Contains(hooks[0], "france") {
		t.Fatalf("webhook reminders %q", hooks)
	}
	if s := f.n.Stats(); s.Retried != 2 || s.Failed != 0 { // the 500 at the start, the 451 here
		t.Fatalf("stats %+v, want two retries and no failures", s)
	}

	// Private press reaches its reader only; the webhook never sees it.
	if _, err := f.h.Post(ctx, f.holders["england"], f.g.ID, []game.Seat{"france"}, "secret plan: Belgium"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	mails = smtpSink.take()
	if len(mails) != 1 || mails[0].to != f.addr("france") || !strings.Contains(mails[0].body, "secret plan: Belgium") ||
		!strings.Contains(mails[0].subject, "message from england to england, france") {
		t.Fatalf("private press mailed: %+v", mails)
	}
	if got := hook.take(); len(got) != 0 {
		t.Fatalf("private press on the webhook: %q", got)
	}
	// Group press: its three seats, not the sender.
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, []game.Seat{"italy", "austria", noMail}, "group talk"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	mails = smtpSink.take()
	if want := f.addrs("italy", "austria", noMail); strings.Join(recipients(mails), " ") != strings.Join(want, " ") {
		t.Fatalf("group press to %v, want %v", recipients(mails), want)
	}
	// Public press: every other player, and the webhook.
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, nil, "hello @everyone"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	mails = smtpSink.take()
	if want := f.addrs(except("germany")...); strings.Join(recipients(mails), " ") != strings.Join(want, " ") {
		t.Fatalf("public press to %v, want %v", recipients(mails), want)
	}
	hooks = hook.take()
	if len(hooks) != 1 || !strings.Contains(hooks[0], "germany says:\nhello @everyone") {
		t.Fatalf("webhook press %q", hooks)
	}

	// Everyone ready: the phase resolves; everyone hears, and the webhook.
	for _, p := range except("france") {
		f.act(t, p, ready)
	}
	f.idle(t)
	mails = smtpSink.take()
	if want := f.addrs(powers...); strings.Join(recipients(mails), " ") != strings.Join(want, " ") {
		t.Fatalf("phase mails to %v, want %v", recipients(mails), want)
	}
	for _, m := range mails {
		if !strings.Contains(strings.ToLower(m.body), "spring 1901") || !strings.Contains(m.body, "resolved") || !strings.Contains(m.body, "Next deadline") {
			t.Errorf("phase mail to %s:\n%s", m.to, m.body)
		}
	}
	hooks = hook.take()
	if len(hooks) != 1 || !strings.Contains(hooks[0], "resolved") {
		t.Fatalf("webhook phase %q", hooks)
	}
	for _, h := range hooks {
		if strings.Contains(h, "secret") || strings.Contains(h, "group talk") {
			t.Fatalf("webhook leaked private press: %q", h)
		}
	}

	// A window that closes early is not reminded of; the next one is.
	f.c.Add(10 * time.Minute)
	for _, p := range powers {
		f.act(t, p, ready)
	}
	f.idle(t)
	smtpSink.take()
	hook.take()
	f.c.Add(44*time.Minute + time.Second) // the closed window's reminder is due
	f.runJobs(t)
	f.idle(t)
	if got := smtpSink.take(); len(got) != 0 || len(hook.take()) != 0 {
		t.Fatalf("reminded of a closed window: %+v", got)
	}
	f.c.Add(10 * time.Minute) // the open window's
	f.runJobs(t)
	f.idle(t)
	if got := smtpSink.take(); len(got) != 6 || len(hook.take()) != 1 {
		t.Fatalf("reminders of the open window: %d mails", len(got))
	}
	if s := f.n.Stats(); s.Failed != 0 || s.Dropped != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestAnonymousPressAndNoSMTP(t *testing.T) {
	ctx := context.Background()
	hook := newHook(t, nil)
	f := setup(t, Config{AllowPrivateWebhooks: true}, `{"phase": "2h", "press": "anonymous", "webhook": "`+hook.srv.URL+`"}`)
	f.idle(t)
	if got := hook.take(); len(got) != 1 { // the start
		t.Fatalf("start: %q", got)
	}
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, nil, "guess who"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	hooks := hook.take()
	if len(hooks) != 1 || !strings.Contains(hooks[0], "someone says:\nguess who") || strings.Contains(hooks[0], "germany") {
		t.Fatalf("anonymous press on the webhook: %q", hooks)
	}
	if s := f.n.Stats(); s.Sent != 2 || s.Retried != 1 {
		t.Fatalf("stats %+v: want two webhook posts (the first after a retry), and no mail", s)
	}
}

func TestSMTPPermanentFailureIsNotRetried(t *testing.T) {
	smtpSink := newSink(t)
	f := setup(t, Config{SMTP: smtpSink.ln.Addr().String(), Attempts: 3}, `{"phase": "1h"}`)
	f.idle(t)
	smtpSink.take() // the start
	smtpSink.mu.Lock()
	smtpSink.failOnce[f.addr("england")] = 550 // england is player0, who has an address
	smtpSink.mu.Unlock()
	from := f.seatOf(1)
	if _, err := f.h.Post(context.Background(), f.holders[from], f.g.ID, []game.Seat{"england"}, "hi"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	if got := smtpSink.take(); len(got) != 0 {
		t.Fatalf("delivered %v", got)
	}
	if s := f.n.Stats(); s.Failed != 1 || s.Retried != 0 {
		t.Fatalf("stats %+v: want one failure, no retry", s)
	}
}

// A webhook that hangs never slows actions or press down: the queue is
// bounded and drops what does not fit.
func TestSlowWebhookNeverBlocks(t *testing.T) {
	ctx := context.Background()
	hook := newHook(t, make(chan struct{}))
	f := setup(t, Config{Workers: 1, Queue: 4, Timeout: 30 * time.Second, AllowPrivateWebhooks: true}, `{"phase": "1h", "webhook": "`+hook.srv.URL+`"}`)
	start := time.Now()
	for i := 0; i < 40; i++ {
		if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, nil, fmt.Sprintf("message %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("40 posts took %v behind a hanging webhook", d)
	}
	if s := f.n.Stats(); s.Dropped < 30 {
		t.Fatalf("stats %+v: want most notifications dropped", s)
	}
	close(hook.block)
}

// TestWebhookOwnNetworkRefused: without AllowPrivateWebhooks, a webhook to
// the server's own network gets nothing, by address or by a name that
// resolves to one (checked on the address dialled), and the delivery
// fails at once (no retries: the address will not change its nature).
func TestWebhookOwnNetworkRefused(t *testing.T) {
	hook := newHook(t, nil)
	_, port, _ := net.SplitHostPort(hook.srv.Listener.Addr().String())
	for _, url := range []string{hook.srv.URL + "/hook", "http://localhost:" + port + "/hook", "http://[::ffff:127.0.0.1]:" + port + "/hook"} {
		f := setup(t, Config{Attempts: 3}, `{"phase": "1h", "webhook": "`+url+`"}`)
		f.idle(t)
		if _, err := f.h.Post(context.Background(), f.holders["germany"], f.g.ID, nil, "hello"); err != nil {
			t.Fatal(err)
		}
		f.idle(t)
		if s := f.n.Stats(); s.Sent != 0 || s.Failed != 2 || s.Retried != 0 {
			t.Fatalf("%s: stats %+v: want the start and the press refused, once each", url, s)
		}
	}
	hook.mu.Lock()
	defer hook.mu.Unlock()
	if hook.calls != 0 {
		t.Fatalf("the webhook on loopback got %d requests", hook.calls)
	}
}

// TestWebhookRedirectNotFollowed: a webhook that answers with a redirect
// (to the server's own network, say) is not followed there.
func TestWebhookRedirectNotFollowed(t *testing.T) {
	target := newHook(t, nil)
	var redirects atomic.Int32
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		redirects.Add(1)
		http.Redirect(w, r, target.srv.URL+"/internal", http.StatusTemporaryRedirect)
	}))
	defer redirector.Close()
	f := setup(t, Config{Attempts: 2, AllowPrivateWebhooks: true}, `{"phase": "1h", "webhook": "`+redirector.URL+`"}`)
	f.idle(t)
	if redirects.Load() == 0 {
		t.Fatal("the webhook was never posted to")
	}
	target.mu.Lock()
	defer target.mu.Unlock()
	if target.calls != 0 {
		t.Fatalf("the redirect was followed: %d requests at its target", target.calls)
	}
}

func TestWebhookOptions(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"https://discord.com/api/webhooks/1/abc", true},
		{"http://127.0.0.1:8080/hook", true},
		{"http://[::1]:9/x", true},
		{"http://localhost/x", true},
		{"http://example.org/hook", false},
		{"http://10.0.0.1/hook", false},
		{"ftp://example.org/x", false},
		{"https://user:pw@example.org/x", false},
		{"discord.com/api/webhooks", false},
		{"https://" + strings.Repeat("a", 500) + ".org", false},
	} {
		raw, _ := json.Marshal(map[string]string{"webhook": c.url})
		_, err := host.ParseOptions(raw)
		if (err == nil) != c.ok {
			t.Errorf("webhook %q: err %v, want ok %v", c.url, err, c.ok)
		}
	}
	// The URL is a secret: the API's encoding hides it, the stored one keeps it.
	o, err := host.ParseOptions([]byte(`{"webhook": "https://discord.com/api/webhooks/1/token"}`))
	if err != nil {
		t.Fatal(err)
	}
	shown, _ := json.Marshal(o)
	if strings.Contains(string(shown), "token") || !strings.Contains(string(shown), `"has_webhook":true`) {
		t.Fatalf("API options %s", shown)
	}
	back, err := host.ParseOptions(o.Stored())
	if err != nil || back.Webhook != o.Webhook {
		t.Fatalf("stored options round trip: %+v %v", back, err)
	}
}

func TestRemindBefore(t *testing.T) {
	for _, c := range []struct{ window, want time.Duration }{
		{5 * time.Minute, 30 * time.Second},
		{time.Hour, 6 * time.Minute},
		{24 * time.Hour, time.Hour},
		{240 * time.Hour, time.Hour},
	} {
		if got := host.RemindBefore(c.window); got != c.want {
			t.Errorf("RemindBefore(%v) = %v, want %v", c.window, got, c.want)
		}
	}
}

// A reminder belongs to the deadline it was computed from: one left over
// from a window whose deadline moved (opened anew by an action, extended)
// sends nothing.
func TestRemindOnlyForItsDeadline(t *testing.T) {
	smtpSink := newSink(t)
	f := setup(t, Config{SMTP: smtpSink.ln.Addr().String()}, `{"phase": "1h"}`)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		due  time.Time
		want bool
	}{
		{"its own", f.g.Deadline.Add(-6 * time.Minute), true},
		{"another deadline's", f.g.Deadline.Add(-6*time.Minute + 1234*time.Microsecond), false},
		{"too far ahead", f.g.Deadline.Add(-2 * time.Hour), false},
	} {
		ds, err := f.n.compose(ctx, &event{kind: "remind", gameID: f.g.ID, job: store.Job{GameID: f.g.ID, Kind: "remind", DueAt: c.due}})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(ds) > 0; got != c.want {
			t.Errorf("%s reminder: %d deliveries, want some: %v", c.name, len(ds), c.want)
		}
	}
}

// TestAddressChangeTakesEffect: a player's new e-mail address (PUT
// /api/me stores it with Store.SetEmail) gets the next notification, and
// a removed one none: the notifier reads the addresses at each message.
func TestAddressChangeTakesEffect(t *testing.T) {
	ctx := context.Background()
	smtpSink := newSink(t)
	f := setup(t, Config{SMTP: smtpSink.ln.Addr().String()}, `{"phase": "1h"}`)
	f.idle(t)
	if got := recipients(smtpSink.take()); slices.Contains(got, "russia@example.org") || !slices.Contains(got, f.addr("england")) {
		t.Fatalf("the start mailed to %v", got)
	}
	england := f.addr("england")
	if err := f.h.Store.SetEmail(ctx, f.holders["russia"], "russia@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := f.h.Store.SetEmail(ctx, f.holders["england"], ""); err != nil {
		t.Fatal(err)
	}
	for _, s := range []game.Seat{"england", "austria", "france", "germany", "italy", "russia", "turkey"} {
		f.act(t, s, ready)
	}
	f.idle(t)
	got := recipients(smtpSink.take())
	if !slices.Contains(got, "russia@example.org") || slices.Contains(got, england) || !slices.Contains(got, f.addr("france")) {
		t.Fatalf("the new phase mailed to %v: want the new address russia@example.org, not the removed %s", got, england)
	}
}

// TestPersonalWebhook: a player's personal webhook (PUT /api/me stores it
// with Store.SetWebhook) receives what the player's e-mail would — here
// without any SMTP server — private press included, and nothing once
// removed: the notifier reads it at each message.
func TestPersonalWebhook(t *testing.T) {
	ctx := context.Background()
	hook := newHook(t, nil)
	f := setup(t, Config{AllowPrivateWebhooks: true}, `{"phase": "1h"}`)
	f.idle(t)
	if got := hook.take(); len(got) != 0 {
		t.Fatalf("the hook got %q before anyone set it", got)
	}
	if err := f.h.Store.SetWebhook(ctx, f.holders["france"], hook.srv.URL+"/france"); err != nil {
		t.Fatal(err)
	}
	// Private press to France reaches France's hook; press France cannot
	// read does not.
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, []game.Seat{"france"}, "an alliance?"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, []game.Seat{"england"}, "france is weak"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	// The hook's first request fails with 500: the delivery is retried.
	got := hook.take()
	if len(got) != 1 || !strings.Contains(got[0], "message from germany to france") || !strings.Contains(got[0], "an alliance?") {
		t.Fatalf("France's hook got %q: want germany's private message to france, and only it", got)
	}
	if err := f.h.Store.SetWebhook(ctx, f.holders["france"], ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, []game.Seat{"france"}, "still there?"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	if got := hook.take(); len(got) != 0 {
		t.Fatalf("the removed hook still got %q", got)
	}
}

// TestPersonalWebhookOwnNetworkRefused: a personal webhook goes through
// the same guarded client as a game's: to the server's own network it
// gets nothing, and fails at once.
func TestPersonalWebhookOwnNetworkRefused(t *testing.T) {
	ctx := context.Background()
	hook := newHook(t, nil)
	f := setup(t, Config{Attempts: 3}, `{"phase": "1h"}`)
	f.idle(t)
	if err := f.h.Store.SetWebhook(ctx, f.holders["france"], hook.srv.URL+"/france"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.Post(ctx, f.holders["germany"], f.g.ID, []game.Seat{"france"}, "hello"); err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	if s := f.n.Stats(); s.Sent != 0 || s.Failed != 1 || s.Retried != 0 {
		t.Fatalf("stats %+v: want the one post refused once", s)
	}
	hook.mu.Lock()
	defer hook.mu.Unlock()
	if hook.calls != 0 {
		t.Fatalf("the personal webhook on loopback got %d requests", hook.calls)
	}
}
