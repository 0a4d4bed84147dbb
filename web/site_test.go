package web

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
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"concordat/adjudicate"
	"concordat/catalog"
	"concordat/diplomacy/hosted"
	"concordat/his"
	"concordat/host"
	"concordat/server"
	"concordat/store/sqlite"
)

// site is a real server for browser tests: the API (package server on a
// temporary SQLite file, the deadline scheduler running) and the client,
// as `concordat serve` mounts them.
type site struct {
	t     *testing.T
	url   string
	web   *Handler
	store *sqlite.Store // the server's store, for what a test asserts was stored

	mu  sync.Mutex
	api []string // every API request of the browsers (not the tests' players), "METHOD /api/...?query", in order
	// slowActions delays the server's answer to each action a browser
	// posts (as a loaded server or a slow network would).
	slowActions time.Duration
}

// requests are the browsers' API requests from the from'th received on,
// each "METHOD /api/path?query".
func (s *site) requests(from int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.api[min(from, len(s.api)):]...)
}

func newSite(t *testing.T) *site {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "web.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := host.New(st, log, "webtest", hosted.Rules{}, his.Rules{})
	srv := server.New(h, log)
	srv.Catalog = catalog.Served{}                                    // as concordat serve sets it: GET /api/variants
	srv.Adjudicate, srv.Legal = adjudicate.JSON, adjudicate.LegalJSON // the sandbox
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.RunScheduler(ctx, 100*time.Millisecond) }()
	client := New()
	s := &site{t: t, web: client, store: st}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; strings.HasPrefix(p, "/api/") || p == "/healthz" {
			if strings.Contains(r.UserAgent(), "Chrome") {
				s.mu.Lock()
				s.api = append(s.api, r.Method+" "+r.URL.RequestURI())
				slow := s.slowActions
				s.mu.Unlock()
				if r.Method == "POST" && strings.HasSuffix(p, "/actions") && slow > 0 {
					defer time.Sleep(slow) // stored at once, answered late
				}
			}
			srv.ServeHTTP(w, r)
			return
		}
		client.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.StopStreams()
		ts.Close()
		cancel()
		<-done
	})
	s.url = ts.URL
	return s
}

// player is an API client with its own session (the other seats of a game).
type player struct {
	t    *testing.T
	base string
	name string
	http *http.Client
}

func (s *site) player(name string) *player {
	jar, _ := cookiejar.New(nil)
	p := &player{t: s.t, base: s.url, name: name, http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
	p.do("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name}, nil)
	return p
}

// do sends one request and decodes the answer into out; a non-2xx answer fails the test.
func (p *player) do(method, path string, body, out any) {
	p.t.Helper()
	if err := p.try(method, path, body, out); err != nil {
		p.t.Fatalf("%s %s %s: %v", p.name, method, path, err)
	}
}

func (p *player) try(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%d %s", resp.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// act submits an action for the player's seat at the game's current seq,
// reading it again when another seat's write made it stale.
func (p *player) act(game int64, typ string, args any) {
	p.t.Helper()
	for i := 0; i < 10; i++ {
		var g struct {
			Game struct{ Seq int64 } `json:"game"`
		}
		p.do("GET", fmt.Sprintf("/api/games/%d", game), nil, &g)
		err := p.try("POST", fmt.Sprintf("/api/games/%d/actions", game), map[string]any{"seq": g.Game.Seq, "type": typ, "args": args}, nil)
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "stale") {
			p.t.Fatalf("%s: %s %v: %v", p.name, typ, args, err)
		}
	}
	p.t.Fatalf("%s: %s stayed stale", p.name, typ)
}

// messages are the bodies of the press the player may read.
func (p *player) messages(game int64) []string {
	var r struct {
		Messages []struct{ Body string } `json:"messages"`
	}
	p.do("GET", fmt.Sprintf("/api/games/%d/messages", game), nil, &r)
	var out []string
	for _, m := range r.Messages {
		out = append(out, m.Body)
	}
	return out
}

// chromium is the browser's path; the test skips (loudly) without one, and
// fails under CI=true.
func chromium(t *testing.T) string {
	t.Helper()
	path := os.Getenv("CONCORDAT_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := exec.LookPath(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is not installed at %s (CI=true: the browser tests must run; .ci/run installs it)", path)
		}
		t.Skipf("SKIPPED: no Chromium at %s: the browser tests did not run (apt-get install chromium, or set CONCORDAT_CHROMIUM)", path)
	}
	return path
}

// browser starts headless Chromium (flags that keep it off the network but
// for the test server) and returns a tab's context of the given size.
// Uncaught exceptions in the page fail the test; console errors are logged.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	listen := func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			t.Errorf("browser: uncaught exception: %s", msg)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == "error" || ev.Type == "warning" {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				t.Logf("browser console %s: %s", ev.Type, strings.Join(parts, " "))
			}
		}
	}
	ctx, cancelB := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf), chromedp.WithListener(listen))
	ctx, cancelC := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// run runs browser actions, failing the test with what was being done and
// the page's text.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%s: %v\npage text:\n%s", what, err, body)
	}
}

// eval evaluates JavaScript in the page (promises awaited) into a T.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %.200s: %v", js, err)
	}
	return v
}

// text is the visible text of the first element that sel selects.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// screenshot writes the page as docs/screenshots/<name>.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, "settle before screenshot "+name, chromedp.Sleep(300*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
