package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"concordat/host"
)

// stream opens a game's event stream as c, with extra headers; it returns
// the answer (its body open for a stream, read for an error) and a
// function that closes it.
func (c *client) stream(t *testing.T, base string, id int64, headers map[string]string) (*http.Response, []byte, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%d/events", base, id), nil)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{}).Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		return resp, b, func() {}
	}
	t.Cleanup(cancel)
	return resp, nil, func() { cancel(); resp.Body.Close() }
}

// waitStreams waits (at most 5 s) until the server counts n open streams.
func waitStreams(t *testing.T, s *Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); s.OpenStreams() != n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d streams open, want %d", s.OpenStreams(), n)
		}
	}
}

// TestStreamCaps: live-update streams are capped per client address (as a
// trusted proxy names it), per account and in all; past a cap the answer
// is 429 with a JSON error naming the cap and a Retry-After, and a stream
// closed frees its place.
func TestStreamCaps(t *testing.T) {
	e := newEnv(t)
	e.srv.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	e.srv.MaxStreamsPerAddr, e.srv.MaxStreamsPerUser, e.srv.MaxStreams = 2, 2, 8
	u := e.register("watcher")
	id := u.createGame(map[string]any{"name": "watched", "game": "diplomacy"})
	from := func(addr string) map[string]string { return map[string]string{"X-Forwarded-For": addr} }
	a := e.anon()
	refused := func(what string, resp *http.Response, body []byte, words ...string) {
		t.Helper()
		wantError(t, what, response{status: resp.StatusCode, header: resp.Header, body: body}, http.StatusTooManyRequests, "rate_limited", words...)
		if resp.Header.Get("Retry-After") == "" {
			t.Fatalf("%s: no Retry-After", what)
		}
	}
	// Per address: two from 203.0.113.1, the third refused; another
	// address is another matter.
	_, _, closeFirst := a.stream(t, e.http.URL, id, from("203.0.113.1"))
	a.stream(t, e.http.URL, id, from("203.0.113.1"))
	resp, body, _ := a.stream(t, e.http.URL, id, from("203.0.113.1"))
	refused("a third stream from one address", resp, body, "your address")
	if resp, _, _ := a.stream(t, e.http.URL, id, from("203.0.113.2")); resp.StatusCode != http.StatusOK {
		t.Fatalf("a stream from another address: %d", resp.StatusCode)
	}
	// An IPv6 client's /64 is one address.
	a.stream(t, e.http.URL, id, from("2001:db8:1:2::1"))
	a.stream(t, e.http.URL, id, from("2001:db8:1:2::2"))
	resp, body, _ = a.stream(t, e.http.URL, id, from("2001:db8:1:2:ffff::3"))
	refused("a third stream from one IPv6 /64", resp, body, "your address")
	// Per account, from addresses of its own.
	tok, _ := u.newTokenClient("streams")
	tok.jarless()
	tok.stream(t, e.http.URL, id, from("198.51.100.1"))
	tok.stream(t, e.http.URL, id, from("198.51.100.2"))
	resp, body, _ = tok.stream(t, e.http.URL, id, from("198.51.100.3"))
	refused("a third stream of one account", resp, body, "your account")
	// In all: eight, the most.
	a.stream(t, e.http.URL, id, from("192.0.2.76"))
	waitStreams(t, e.srv, 8)
	resp, body, _ = a.stream(t, e.http.URL, id, from("192.0.2.77"))
	refused("a ninth stream", resp, body, "the server has 8")
	// A stream closed frees its place.
	closeFirst()
	waitStreams(t, e.srv, 7)
	if resp, _, _ := a.stream(t, e.http.URL, id, from("203.0.113.1")); resp.StatusCode != http.StatusOK {
		t.Fatalf("a stream once another closed: %d", resp.StatusCode)
	}
	// Without a trusted proxy, X-Forwarded-For changes nothing.
	e2 := newEnv(t)
	e2.srv.MaxStreamsPerAddr = 1
	g2 := e2.register("watcher2").createGame(map[string]any{"name": "w", "game": "diplomacy"})
	b := e2.anon()
	b.stream(t, e2.http.URL, g2, from("203.0.113.1"))
	resp, body, _ = b.stream(t, e2.http.URL, g2, from("203.0.113.9"))
	refused("a second stream, its X-Forwarded-For not believed", resp, body, "your address")
}

// TestClientAddress: X-Forwarded-For is read from the right, only from
// trusted proxies, and stops at the first address no trusted proxy is.
func TestClientAddress(t *testing.T) {
	s := &Server{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}}
	for _, c := range []struct{ peer, xff, want string }{
		{"192.0.2.1:5000", "", "192.0.2.1"},
		{"192.0.2.1:5000", "203.0.113.7", "192.0.2.1"},               // not from a proxy: ignored
		{"10.0.0.2:5000", "203.0.113.7", "203.0.113.7"},              // the proxy's word
		{"10.0.0.2:5000", "1.2.3.4, 203.0.113.7", "203.0.113.7"},     // the client's own claim is left of the proxy's
		{"10.0.0.2:5000", "203.0.113.7, 10.0.0.9", "203.0.113.7"},    // two proxies
		{"10.0.0.2:5000", "garbage, 203.0.113.7", "203.0.113.7"},     // garbage left of the proxy's
		{"10.0.0.2:5000", "203.0.113.7, garbage", "10.0.0.2"},        // a proxy that writes garbage: its peer
		{"10.0.0.2:5000", "", "10.0.0.2"},                            // the proxy's own request
		{"[fd00::5]:443", "2001:db8::1", "2001:db8::1"},              // IPv6
		{"[::ffff:10.0.0.2]:1", "::ffff:203.0.113.7", "203.0.113.7"}, // IPv4-mapped, both
		{"10.0.0.2:5000", "10.0.0.3, 10.0.0.4", "10.0.0.3"},          // proxies all the way: the farthest
	} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := s.clientIP(r); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q: client %s, want %s", c.peer, c.xff, got, c.want)
		}
	}
}

// serveReal serves e's API on a real listener with the server's own
// http.Server (HTTPServer), as concordat serve does; it returns the
// address.
func serveReal(t *testing.T, e *env) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := e.srv.HTTPServer()
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// closedWithin fails unless the server closes c (a read sees EOF or a
// reset) within limit; it returns what the server sent.
func closedWithin(t *testing.T, what string, c net.Conn, limit time.Duration) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(limit))
	b, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("%s: the connection is still open after %s", what, limit)
	}
	return string(b)
}

// TestSlowClients: a request dripped a byte at a time, headers or body,
// and an idle keep-alive connection are closed by the server's timeouts;
// a live-update stream outlives them all and still gets its events.
func TestSlowClients(t *testing.T) {
	e := newEnv(t)
	e.srv.ReadHeaderTimeout, e.srv.ReadTimeout, e.srv.WriteTimeout, e.srv.IdleTimeout = 300*time.Millisecond, 600*time.Millisecond, 600*time.Millisecond, 300*time.Millisecond
	addr := serveReal(t, e)
	drip := func(c net.Conn, stop chan struct{}, line string) {
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
				if _, err := io.WriteString(c, line); err != nil {
					return
				}
			}
		}
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// Headers dripped forever.
	c := dial()
	stop := make(chan struct{})
	io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n")
	go drip(c, stop, "X-Drip: 1\r\n")
	start := time.Now()
	if got := closedWithin(t, "dripped headers", c, 5*time.Second); strings.Contains(got, "200 OK") {
		t.Fatalf("dripped headers were answered: %q", got)
	}
	close(stop)
	if d := time.Since(start); d < 250*time.Millisecond {
		t.Fatalf("closed after %s, before the header timeout", d)
	}
	// A body dripped forever.
	c = dial()
	stop = make(chan struct{})
	io.WriteString(c, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
	go drip(c, stop, " ")
	if got := closedWithin(t, "a dripped body", c, 5*time.Second); strings.Contains(got, "200 OK") {
		t.Fatalf("a dripped body was answered: %q", got)
	}
	close(stop)
	// An idle keep-alive connection.
	c = dial()
	io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	closedWithin(t, "an idle connection", c, 5*time.Second)

	// A stream lives past every timeout, and gets events.
	u := e.register("streamer")
	id := u.createGame(map[string]any{"name": "long", "game": "diplomacy"})
	sc := dial()
	io.WriteString(sc, fmt.Sprintf("GET /api/games/%d/events HTTP/1.1\r\nHost: x\r\n\r\n", id))
	sr := bufio.NewReader(sc)
	resp, err = http.ReadResponse(sr, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %v %v", resp, err)
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		s := bufio.NewScanner(resp.Body)
		for s.Scan() {
			if strings.HasPrefix(s.Text(), "data: ") {
				lines <- s.Text()
			}
		}
	}()
	if l := <-lines; !strings.Contains(l, "hello") {
		t.Fatalf("first event %q", l)
	}
	time.Sleep(1500 * time.Millisecond) // past the read, write and idle timeouts
	other := e.register("joiner")
	other.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), nil, http.StatusOK, nil)
	select {
	case l, ok := <-lines:
		if !ok || !strings.Contains(l, `"seat"`) {
			t.Fatalf("after the timeouts the stream gave %q (open: %v)", l, ok)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event on the stream after the timeouts")
	}
}

// TestStreamClientNotReading: a stream whose client stops reading is
// ended once a write waits longer than StreamWriteTimeout, freeing its
// place; it does not hold the connection forever.
func TestStreamClientNotReading(t *testing.T) {
	e := newEnv(t)
	e.srv.StreamWriteTimeout = 200 * time.Millisecond
	addr := serveReal(t, e)
	u := e.register("sleeper")
	id := u.createGame(map[string]any{"name": "unread", "game": "diplomacy"})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.(*net.TCPConn).SetReadBuffer(4096)
	io.WriteString(c, fmt.Sprintf("GET /api/games/%d/events HTTP/1.1\r\nHost: x\r\n\r\n", id))
	waitStreams(t, e.srv, 1)
	// Changes pour in; the client reads none of them.
	deadline := time.Now().Add(20 * time.Second)
	for seq := int64(1); e.srv.OpenStreams() > 0; seq++ {
		if time.Now().After(deadline) {
			t.Fatal("a stream nobody reads is still open after 20 s of changes")
		}
		e.srv.Hub().Publish(host.Change{GameID: id, Kind: "action", Seq: seq})
		if seq%1000 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
}
