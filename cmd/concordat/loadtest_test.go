package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"concordat/diplomacy"
	"concordat/his"
	"concordat/host"
	"concordat/server"
	"concordat/store"
	"concordat/store/sqlite"
)

// TestLoadtestSmall runs a tiny load test against an in-process server (at
// 200 submissions/s: seven users stay within the write limit of 100/s each):
// games are set up, orders and messages go through, figures are reported.
func TestLoadtestSmall(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "lt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := host.New(st, log, "lt", diplomacy.Rules{}, his.Rules{})
	srv := httptest.NewServer(server.New(h, log))
	defer srv.Close()
	var out, errb bytes.Buffer
	code := runLoadtest([]string{"--url", srv.URL, "--games", "3", "--users", "7", "--workers", "3", "--duration", "1500ms", "--rate", "200"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	m := regexp.MustCompile(`\((\d+) orders, (\d+) messages, 0 failed\)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no request counts in:\n%s", out.String())
	}
	orders, _ := strconv.Atoi(m[1])
	if orders < 10 || !strings.Contains(out.String(), "p99") {
		t.Fatalf("%d orders:\n%s", orders, out.String())
	}
	// The games exist, active, and hold the orders.
	games, err := st.ListGames(t.Context(), store.GameQuery{Status: "active"})
	if err != nil || len(games) != 3 {
		t.Fatalf("%d active games, %v", len(games), err)
	}
	total := int64(0)
	for _, g := range games {
		total += g.Seq
	}
	// Requests cut off by the end of the run may be stored unacknowledged:
	// at most one per worker.
	if total < int64(orders) || total > int64(orders)+3 {
		t.Fatalf("%d actions stored, %d orders acknowledged (3 workers)", total, orders)
	}
}

func TestLoadtestLoopbackOnly(t *testing.T) {
	for _, u := range []string{"http://example.org", "http://10.0.0.1:8080", "ftp://127.0.0.1"} {
		var out, errb bytes.Buffer
		if code := runLoadtest([]string{"--url", u}, nil, &out, &errb); code != 2 {
			t.Errorf("--url %s: exit %d, want 2", u, code)
		}
	}
}

// With --affinity every request of a game goes to one server; without it a
// game's requests go round the servers (three in-process servers on one
// store).
func TestLoadtestAffinity(t *testing.T) {
	for _, affinity := range []bool{true, false} {
		st, err := sqlite.Open(filepath.Join(t.TempDir(), "lt.db"))
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		var mu sync.Mutex
		servedBy := map[string]map[int]bool{} // game path -> servers
		var urls []string
		for i := 0; i < 3; i++ {
			h := host.New(st, log, fmt.Sprintf("lt%d", i), diplomacy.Rules{}, his.Rules{})
			inner := server.New(h, log)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if m := regexp.MustCompile(`^/api/games/(\d+)/(actions|messages)$`).FindStringSubmatch(r.URL.Path); m != nil && r.Method == "POST" {
					mu.Lock()
					if servedBy[m[1]] == nil {
						servedBy[m[1]] = map[int]bool{}
					}
					servedBy[m[1]][i] = true
					mu.Unlock()
				}
				inner.ServeHTTP(w, r)
			}))
			defer srv.Close()
			urls = append(urls, srv.URL)
		}
		args := []string{"--url", strings.Join(urls, ","), "--games", "4", "--users", "7", "--workers", "2", "--duration", "1s", "--rate", "100"}
		if affinity {
			args = append(args, "--affinity")
		}
		var out, errb bytes.Buffer
		if code := runLoadtest(args, nil, &out, &errb); code != 0 {
			t.Fatalf("affinity %v: exit %d\n%s\n%s", affinity, code, out.String(), errb.String())
		}
		both := 0
		for _, s := range servedBy {
			if len(s) > 1 {
				both++
			}
		}
		if len(servedBy) == 0 || (affinity && both > 0) || (!affinity && both == 0) {
			t.Errorf("affinity %v: %d games played, %d of them on several servers", affinity, len(servedBy), both)
		}
		st.Close()
	}
}
