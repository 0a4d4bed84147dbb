package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"concordat/game"
)

// binary is the concordat binary built for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "concordat-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "concordat")
	build := exec.Command("go", "build", "-o", binary, "concordat/cmd/concordat")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building concordat:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// freePort finds a loopback port to reuse across restarts.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// proc is one running `concordat serve`.
type proc struct {
	cmd  *exec.Cmd
	addr string
	logs *bytes.Buffer
	done chan struct{}
}

// serve starts `concordat serve` on addr with db, and waits until it
// answers /healthz.
func serve(t *testing.T, addr, db string, extra ...string) *proc {
	t.Helper()
	args := append([]string{"serve", "--addr", addr, "--db", db, "--log-level", "warn"}, extra...)
	cmd := exec.Command(binary, args...)
	p := &proc{cmd: cmd, addr: addr, logs: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = &lockedWriter{w: p.logs}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		io.Copy(io.Discard, bufio.NewReader(out))
		cmd.Wait()
		close(p.done)
	}()
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		select {
		case <-p.done:
			t.Fatalf("concordat serve exited at start: %s", p.logs)
		default:
		}
		if time.Now().After(deadline) {
			p.kill()
			t.Fatalf("concordat serve did not come up: %v\n%s", err, p.logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop shuts the server down gracefully (SIGTERM), killing it after 20 s.
func (p *proc) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		p.kill()
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// client talks to the API as one user (with a bearer token).
type client struct {
	base  string
	token string
	hc    *http.Client
}

// apiError is an API error reply; status 0 means no reply at all.
type apiError struct {
	status int
	code   string
	msg    string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s: %s", e.status, e.code, e.msg) }

func statusOf(err error) int {
	var e *apiError
	if errors.As(err, &e) {
		return e.status
	}
	return 0
}

// do sends a JSON request and decodes a 2xx reply into out.
func (c *client) do(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return &apiError{msg: err.Error()}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return &apiError{msg: err.Error()}
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct{ Code, Message string }
		}
		json.Unmarshal(b, &e)
		return &apiError{status: resp.StatusCode, code: e.Error.Code, msg: e.Error.Message}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// register makes an account and a token for it.
func register(t *testing.T, base, name string) *client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Timeout: 10 * time.Second, Jar: jar}
	c := &client{base: base, hc: hc}
	if err := c.do("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name}, nil); err != nil {
		t.Fatalf("register %s: %v", name, err)
	}
	var tok struct{ Token string }
	if err := c.do("POST", "/api/tokens", map[string]string{"name": "e2e"}, &tok); err != nil || tok.Token == "" {
		t.Fatalf("token for %s: %v", name, err)
	}
	return &client{base: base, token: tok.Token, hc: &http.Client{Timeout: 10 * time.Second}}
}

// gameView is the part of GET /api/games/{id} the tests read.
type gameView struct {
	Game struct {
		ID       int64      `json:"id"`
		Status   string     `json:"status"`
		Seq      int64      `json:"seq"`
		Deadline *time.Time `json:"deadline"`
	} `json:"game"`
	You     game.Seat       `json:"you"`
	Pending []game.Prompt   `json:"pending"`
	View    json.RawMessage `json:"view"`
}

// newGame creates a standard Diplomacy game with 5-minute phases and
// seats the seven clients; clients[0] gets england.
func newGame(t *testing.T, clients []*client, name string) (int64, map[game.Seat]*client) {
	t.Helper()
	var g struct{ ID int64 }
	req := map[string]any{"name": name, "game": "diplomacy", "variant": "standard", "options": map[string]string{"phase": "5m"}}
	if err := clients[0].do("POST", "/api/games", req, &g); err != nil {
		t.Fatalf("create game: %v", err)
	}
	seats := map[game.Seat]*client{}
	for i, c := range clients {
		var body any
		if i == 0 {
			body = map[string]string{"seat": "england"}
		}
		var r struct{ Seat game.Seat }
		if err := c.do("POST", fmt.Sprintf("/api/games/%d/join", g.ID), body, &r); err != nil {
			t.Fatalf("join: %v", err)
		}
		seats[r.Seat] = c
	}
	return g.ID, seats
}

// randomOrders walks the legal-orders tree: one random complete order per
// unit (per root), some of the time.
func randomOrders(rng *rand.Rand, opts game.Options) []string {
	var out []string
	for _, root := range opts.Choices {
		if rng.IntN(5) == 0 {
			continue // leave some units without orders
		}
		words := []string{root.Value} // every path of the tree spells an order
		c := root
		for len(c.Next) > 0 {
			c = c.Next[rng.IntN(len(c.Next))]
			words = append(words, c.Value)
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// ack is a submission the server acknowledged (HTTP 200).
type ack struct {
	seat      game.Seat
	expectSeq int64 // the seq it was made against: it is an action after it, in the same window
	answer    int64 // the seq the server answered with (0: not known): it is at or before it
	typ       string
	args      json.RawMessage
}

// player drives one seat until ctx ends: it reads the game, submits random
// orders, marks itself ready, and records every acknowledged submission
// (and every attempted one).
func player(ctx context.Context, c *client, gameID int64, seed uint64, acked, tried *[]ack, mu *sync.Mutex) {
	rng := rand.New(rand.NewPCG(seed, 1))
	path := fmt.Sprintf("/api/games/%d", gameID)
	submit := func(seat game.Seat, seq int64, typ string, args any) (int64, error) {
		raw, _ := json.Marshal(args)
		a := ack{seat: seat, expectSeq: seq, typ: typ, args: raw}
		mu.Lock()
		*tried = append(*tried, a)
		mu.Unlock()
		var r struct{ Seq int64 }
		err := c.do("POST", path+"/actions", map[string]any{"seq": seq, "type": typ, "args": json.RawMessage(raw)}, &r)
		if err == nil {
			a.answer = r.Seq
			mu.Lock()
			*acked = append(*acked, a)
			mu.Unlock()
		}
		return r.Seq, err
	}
	for ctx.Err() == nil {
		var v gameView
		if err := c.do("GET", path, nil, &v); err != nil || v.Game.Status != "active" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if len(v.Pending) == 0 || v.Pending[0].Ready {
			time.Sleep(time.Duration(5+rng.IntN(20)) * time.Millisecond)
			continue
		}
		seq := v.Game.Seq
		if rng.IntN(3) > 0 {
			var legal struct {
				Seq     int64        `json:"seq"`
				Options game.Options `json:"options"`
			}
			if err := c.do("GET", path+"/legal", nil, &legal); err != nil || legal.Seq != seq {
				continue
			}
			next, err := submit(v.You, seq, "orders", map[string][]string{"orders": randomOrders(rng, legal.Options)})
			if err != nil {
				continue
			}
			seq = next
		}
		submit(v.You, seq, "ready", map[string]bool{"ready": true})
	}
}
