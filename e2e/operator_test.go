package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeOperatorFlags runs `concordat serve` with the operator's
// hardening flags and checks each over HTTP: /metrics only on
// --metrics-addr, --max-forming, --max-streams-per-addr with client
// addresses from a --trusted-proxy; and that bad values are refused at
// start, naming the flag.
func TestServeOperatorFlags(t *testing.T) {
	addr, metrics := freePort(t), freePort(t)
	p := serve(t, addr, filepath.Join(t.TempDir(), "ops.db"), "--metrics-addr", metrics,
		"--trusted-proxy", "127.0.0.0/8", "--max-forming", "1", "--max-streams-per-addr", "1")
	defer p.stop()
	base := "http://" + addr
	get := func(url string) (int, string) {
		t.Helper()
		resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get(base + "/metrics"); code != http.StatusNotFound {
		t.Fatalf("/metrics on the API: %d %.200s", code, body)
	}
	if code, body := get("http://" + metrics + "/metrics"); code != http.StatusOK || !strings.Contains(body, "concordat_http_requests_total") {
		t.Fatalf("/metrics on --metrics-addr: %d %.200s", code, body)
	}
	jar, _ := cookiejar.New(nil)
	c := &client{base: base, hc: &http.Client{Timeout: 10 * time.Second, Jar: jar}}
	if err := c.do("POST", "/api/register", map[string]string{"name": "operator", "password": "password-operator"}, nil); err != nil {
		t.Fatal(err)
	}
	var g struct{ ID int64 }
	if err := c.do("POST", "/api/games", map[string]any{"name": "one", "game": "diplomacy"}, &g); err != nil {
		t.Fatal(err)
	}
	if err := c.do("POST", "/api/games", map[string]any{"name": "two", "game": "diplomacy"}, nil); statusOf(err) != http.StatusConflict {
		t.Fatalf("a second forming game with --max-forming 1: %v", err)
	}
	// Streams: the proxy's X-Forwarded-For names the client.
	events := fmt.Sprintf("%s/api/games/%d/events", base, g.ID)
	streamCtx, stopStreams := context.WithCancel(context.Background())
	defer stopStreams()
	open := func(from string) int {
		req, _ := http.NewRequestWithContext(streamCtx, "GET", events, nil)
		req.Header.Set("X-Forwarded-For", from)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
		}
		return resp.StatusCode
	}
	if code := open("203.0.113.1"); code != http.StatusOK {
		t.Fatalf("a first stream: %d", code)
	}
	if code := open("203.0.113.1"); code != http.StatusTooManyRequests {
		t.Fatalf("a second stream from one address with --max-streams-per-addr 1: %d", code)
	}
	if code := open("203.0.113.2"); code != http.StatusOK {
		t.Fatalf("a stream from another address behind the trusted proxy: %d", code)
	}
	// Bad values stop the server at once, naming what is wrong.
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"--trusted-proxy", "not-a-network"}, "", "trusted-proxy"},
		{[]string{"--max-streams", "-1"}, "", "max-streams"},
		{[]string{"--metrics-addr", "nowhere"}, "", "metrics-addr"},
		{nil, "CONCORDAT_MAX_FORMING=lots", "CONCORDAT_MAX_FORMING"},
		{nil, "CONCORDAT_TRUSTED_PROXY=10.0.0.0/99", "CONCORDAT_TRUSTED_PROXY"},
	} {
		cmd := exec.Command(binary, append([]string{"serve", "--addr", freePort(t), "--db", filepath.Join(t.TempDir(), "bad.db")}, c.args...)...)
		cmd.Env = os.Environ()
		if c.env != "" {
			cmd.Env = append(cmd.Env, c.env)
		}
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Fatalf("serve %v %s: %v, %q; want exit 2 naming %s", c.args, c.env, err, out, c.want)
		}
	}
}
