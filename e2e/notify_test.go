package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/textproto"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"concordat/game"
)

// mailSink is a minimal SMTP server recording (recipient, message) pairs.
type mailSink struct {
	ln    net.Listener
	mu    sync.Mutex
	mails map[string][]string // recipient -> raw messages
}

func newMailSink(t *testing.T) *mailSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &mailSink{ln: ln, mails: map[string][]string{}}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return s
}

func (s *mailSink) serve(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	tp := textproto.NewConn(c)
	tp.PrintfLine("220 sink")
	var to []string
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		switch strings.ToUpper(strings.SplitN(line, " ", 2)[0]) {
		case "RCPT":
			to = append(to, strings.Trim(line[strings.IndexByte(line, ':')+1:], "<> "))
			tp.PrintfLine("250 ok")
		case "DATA":
			tp.PrintfLine("354 go on")
			b, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			s.mu.Lock()
			for _, r := range to {
				s.mails[r] = append(s.mails[r], string(b))
			}
			s.mu.Unlock()
			to = nil
			tp.PrintfLine("250 ok")
		case "QUIT":
			tp.PrintfLine("221 bye")
			return
		default:
			tp.PrintfLine("250 ok")
		}
	}
}

func (s *mailSink) count() (n int, by map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	by = map[string]int{}
	for r, ms := range s.mails {
		by[r] = len(ms)
		n += len(ms)
	}
	return n, by
}

// TestServeNotifies runs `concordat serve --smtp …` and checks that press
// and a resolved phase reach players by e-mail and the public part of them
// the game's webhook, whose URL the API never shows.
func TestServeNotifies(t *testing.T) {
	sink := newMailSink(t)
	var hmu sync.Mutex
	var hooks []string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct{ Content string }
		json.NewDecoder(r.Body).Decode(&b)
		hmu.Lock()
		hooks = append(hooks, b.Content)
		hmu.Unlock()
	}))
	defer hook.Close()
	addr := freePort(t)
	p := serve(t, addr, filepath.Join(t.TempDir(), "n.db"), "--smtp", sink.ln.Addr().String(),
		"--smtp-from", "concordat@example.org", "--public-url", "https://play.example.org",
		"--allow-private-webhooks") // the webhook runs on loopback
	defer p.stop()
	base := "http://" + addr
	var clients []*client
	for i := 0; i < 7; i++ {
		jar, _ := cookiejar.New(nil)
		c := &client{base: base, hc: &http.Client{Timeout: 10 * time.Second, Jar: jar}}
		name := fmt.Sprintf("mail%d", i)
		if err := c.do("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name,
			"email": name + "@example.org"}, nil); err != nil {
			t.Fatal(err)
		}
		clients = append(clients, c)
	}
	var g struct{ ID int64 }
	secret := hook.URL + "/hooks/very-secret"
	if err := clients[0].do("POST", "/api/games", map[string]any{"name": "mailed", "game": "diplomacy",
		"options": map[string]string{"phase": "1h", "webhook": secret}}, &g); err != nil {
		t.Fatal(err)
	}
	seatOf := map[game.Seat]*client{}
	for _, c := range clients {
		var r struct{ Seat game.Seat }
		if err := c.do("POST", fmt.Sprintf("/api/games/%d/join", g.ID), nil, &r); err != nil {
			t.Fatal(err)
		}
		seatOf[r.Seat] = c
	}
	resp, err := http.Get(fmt.Sprintf("%s/api/games/%d", base, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	shown, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(shown), "very-secret") || !strings.Contains(string(shown), `"has_webhook":true`) {
		t.Fatalf("the API shows the webhook: %s", shown)
	}
	wait := func(what string, mails, posts int) {
		t.Helper()
		end := time.Now().Add(10 * time.Second)
		for {
			n, _ := sink.count()
			hmu.Lock()
			h := len(hooks)
			hmu.Unlock()
			if n == mails && h == posts {
				return
			}
			if time.Now().After(end) || n > mails || h > posts {
				t.Fatalf("%s: %d mails and %d webhook posts, want %d and %d", what, n, h, mails, posts)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wait("the start", 7, 1)
	path := fmt.Sprintf("/api/games/%d", g.ID)
	if err := seatOf["england"].do("POST", path+"/messages", map[string]any{"to": []string{"france"}, "body": "just us"}, nil); err != nil {
		t.Fatal(err)
	}
	wait("private press", 8, 1)
	if _, by := sink.count(); by[mailOf(t, seatOf["france"])] != 2 {
		t.Fatalf("private press mailed to %v, want france's player", by)
	}
	if err := seatOf["germany"].do("POST", path+"/messages", map[string]any{"body": "hello all"}, nil); err != nil {
		t.Fatal(err)
	}
	wait("public press", 14, 2)
	for s, c := range seatOf {
		var v gameView
		if err := c.do("GET", path, nil, &v); err != nil {
			t.Fatal(err)
		}
		if err := c.do("POST", path+"/actions", map[string]any{"seq": v.Game.Seq, "type": "ready", "args": map[string]bool{"ready": true}}, nil); err != nil {
			t.Fatalf("%s ready: %v", s, err)
		}
	}
	wait("a resolved phase", 21, 3)
	hmu.Lock()
	defer hmu.Unlock()
	if !strings.Contains(hooks[0], "under way") || !strings.Contains(hooks[1], "germany says:\nhello all") ||
		!strings.Contains(hooks[2], "resolved") || !strings.Contains(hooks[2], fmt.Sprintf("https://play.example.org/games/%d", g.ID)) {
		t.Fatalf("webhook posts %q", hooks)
	}
	for _, h := range hooks {
		if strings.Contains(h, "just us") {
			t.Fatalf("private press on the webhook: %q", h)
		}
	}
}

// mailOf is the address a client registered with.
func mailOf(t *testing.T, c *client) string {
	var me struct{ Name string }
	if err := c.do("GET", "/api/me", nil, &me); err != nil {
		t.Fatal(err)
	}
	return me.Name + "@example.org"
}
