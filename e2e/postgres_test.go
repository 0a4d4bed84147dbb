package e2e

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"concordat/game"
)

// freshDatabase creates a PostgreSQL database with a random name on the
// server CONCORDAT_TEST_POSTGRES names, dropped at cleanup, and returns
// its URL. Without the variable the test is skipped loudly, and fails
// under CI=true.
func freshDatabase(t *testing.T) (string, *pgx.Conn) {
	t.Helper()
	admin := os.Getenv("CONCORDAT_TEST_POSTGRES")
	if admin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CONCORDAT_TEST_POSTGRES is not set under CI: the two-process PostgreSQL test cannot run")
		}
		t.Skip("SKIPPED (not passed): set CONCORDAT_TEST_POSTGRES=postgres://… to run the two-process PostgreSQL test")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s: %v", admin, err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "concordat_e2e_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		conn.Close(ctx)
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := conn.Exec(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
		conn.Close(context.Background())
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	db, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(context.Background()) })
	return u.String(), db
}

// phasesResolved reads a process's concordat_phases_resolved_total.
func phasesResolved(t *testing.T, p *proc) int {
	resp, err := http.Get("http://" + p.addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "concordat_phases_resolved_total" {
			n, _ := strconv.ParseFloat(f[1], 64)
			return int(n)
		}
	}
	return 0
}

// TestTwoProcessesOnPostgres runs two `concordat serve` processes on one
// fresh PostgreSQL database: deadlines made to pass under both schedulers
// are resolved exactly once, everyone-ready reached through both processes
// at once closes the window exactly once, and a client watching process A
// (server-sent events) learns of press and actions made through B.
func TestTwoProcessesOnPostgres(t *testing.T) {
	dbURL, db := freshDatabase(t)
	ctx := context.Background()
	a := serve(t, freePort(t), dbURL, "--poll", "20ms", "--public-metrics")
	defer a.kill()
	b := serve(t, freePort(t), dbURL, "--poll", "20ms", "--public-metrics")
	defer b.kill()
	baseA, baseB := "http://"+a.addr, "http://"+b.addr
	var viaA, viaB []*client
	for i := 0; i < 7; i++ {
		c := register(t, baseA, fmt.Sprintf("pg%d", i))
		viaA = append(viaA, c)
		viaB = append(viaB, &client{base: baseB, token: c.token, hc: c.hc})
	}
	const games = 8
	ids := make([]int64, games)
	seatsOf := make([]map[game.Seat]int, games) // seat -> client index
	for k := range ids {
		id, seats := newGame(t, viaA, fmt.Sprintf("pg %d", k))
		ids[k] = id
		seatsOf[k] = map[game.Seat]int{}
		for s, c := range seats {
			for i := range viaA {
				if viaA[i] == c {
					seatsOf[k][s] = i
				}
			}
		}
	}

	// Live updates across processes: watch game 0 on A, act through B.
	req, _ := http.NewRequest("GET", baseA+fmt.Sprintf("/api/games/%d/events", ids[0]), nil)
	sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
	defer scancel()
	resp, err := http.DefaultClient.Do(req.WithContext(sctx))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("events: %v %v", resp, err)
	}
	defer resp.Body.Close()
	events := make(chan map[string]any, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m map[string]any
				json.Unmarshal([]byte(d), &m)
				events <- m
			}
		}
		close(events)
	}()
	waitEvent := func(what string, ok func(m map[string]any) bool) {
		t.Helper()
		timeout := time.After(5 * time.Second)
		for {
			select {
			case m, open := <-events:
				if !open {
					t.Fatalf("event stream ended before %s", what)
				}
				if ok(m) {
					return
				}
			case <-timeout:
				t.Fatalf("process A's event stream never showed %s made through B", what)
			}
		}
	}
	waitEvent("hello", func(m map[string]any) bool { return m["kind"] == "hello" })
	// The stream learns of other processes' changes through the store's
	// broadcast (NOTIFY/LISTEN, server.Relay) and no longer polls: an
	// event seen here came that way. Posted at once after the hello, the
	// message is news to the stream (it knows the last message from when it
	// opened).
	first := viaB[0]
	if err := first.do("POST", fmt.Sprintf("/api/games/%d/messages", ids[0]), map[string]any{"body": "through B"}, nil); err != nil {
		t.Fatal(err)
	}
	waitEvent("a message", func(m map[string]any) bool { return m["kind"] == "message" })
	var r struct{ Seq int64 }
	if err := first.do("POST", fmt.Sprintf("/api/games/%d/actions", ids[0]), map[string]any{"seq": 0, "type": "ready", "args": map[string]bool{"ready": false}}, &r); err != nil {
		t.Fatal(err)
	}
	waitEvent("an action", func(m map[string]any) bool { s, _ := m["seq"].(float64); return int64(s) >= r.Seq })
	scancel()

	// A token revoked through A is refused by B, which had its user
	// cached, before the cache's 5 s would have dropped it: the revocation
	// came by NOTIFY.
	var tok struct{ Token string }
	if err := viaA[1].do("POST", "/api/tokens", map[string]string{"name": "revoked soon"}, &tok); err != nil {
		t.Fatal(err)
	}
	soon := &client{base: baseB, token: tok.Token, hc: viaA[1].hc}
	cachedAt := time.Now()
	if err := soon.do("GET", "/api/me", nil, nil); err != nil {
		t.Fatalf("the new token on B: %v", err)
	}
	var list struct {
		Tokens []struct{ ID, Name string }
	}
	if err := viaA[1].do("GET", "/api/tokens", nil, &list); err != nil {
		t.Fatal(err)
	}
	for _, tk := range list.Tokens {
		if tk.Name == "revoked soon" {
			if err := viaA[1].do("DELETE", "/api/tokens/"+tk.ID, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	for {
		sent := time.Now()
		err := soon.do("GET", "/api/me", nil, nil)
		if statusOf(err) == http.StatusUnauthorized {
			if sent.Sub(cachedAt) >= 5*time.Second {
				t.Fatalf("B refused the token revoked through A only once its cache's 5 s had run out: the revocation did not arrive by NOTIFY")
			}
			break
		}
		if err != nil {
			t.Fatalf("the revoked token on B: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Deadlines pass under both schedulers: each resolves once.
	seqOf := func(id int64) int64 {
		var seq int64
		if err := db.QueryRow(ctx, "SELECT seq FROM games WHERE id = $1", id).Scan(&seq); err != nil {
			t.Fatal(err)
		}
		return seq
	}
	advancesAfter := func(id, after int64) (adv, all int) {
		rows, err := db.Query(ctx, "SELECT seat, type FROM actions WHERE game_id = $1 AND seq > $2", id, after)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var seat, typ string
			rows.Scan(&seat, &typ)
			all++
			if seat == "" && typ == game.Advance {
				adv++
			}
		}
		return adv, all
	}
	waitSeq := func(before []int64, grow int64) {
		t.Helper()
		end := time.Now().Add(15 * time.Second)
		for k, id := range ids {
			for seqOf(id) < before[k]+grow {
				if time.Now().After(end) {
					t.Fatalf("game %d stuck at seq %d (was %d)", id, seqOf(id), before[k])
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		time.Sleep(300 * time.Millisecond) // time for a second resolution, if there were one
	}
	for round := 0; round < 3; round++ {
		before := make([]int64, games)
		tx, err := db.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for k, id := range ids {
			before[k] = seqOf(id)
			tag, err := tx.Exec(ctx, `UPDATE jobs SET due_at = now() - interval '1 second'
				WHERE game_id = $1 AND kind = 'deadline' AND due_at = (SELECT deadline FROM games WHERE id = $1)`, id)
			if err != nil || tag.RowsAffected() != 1 {
				t.Fatalf("expire game %d: %v (%d jobs)", id, err, tag.RowsAffected())
			}
			if _, err := tx.Exec(ctx, `UPDATE games SET deadline = now() - interval '1 second' WHERE id = $1`, id); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		waitSeq(before, 1)
		for k, id := range ids {
			if adv, all := advancesAfter(id, before[k]); adv != 1 || all != 1 {
				t.Errorf("round %d, game %d: %d advances in %d actions after the deadline; want exactly one", round, id, adv, all)
			}
			var dl time.Time
			db.QueryRow(ctx, "SELECT deadline FROM games WHERE id = $1", id).Scan(&dl)
			if d := time.Until(dl); d < 4*time.Minute || d > 5*time.Minute {
				t.Errorf("game %d: next deadline in %v, want about 5m", id, d)
			}
		}
	}

	// Everyone ready, the seats split between A and B, all at once: every
	// window closes once.
	before := make([]int64, games)
	for k, id := range ids {
		before[k] = seqOf(id)
	}
	var wg sync.WaitGroup
	for k, id := range ids {
		for seat, i := range seatsOf[k] {
			c := viaA[i]
			if i%2 == 1 {
				c = viaB[i]
			}
			wg.Add(1)
			go func(c *client, id int64, seat game.Seat) {
				defer wg.Done()
				for try := 0; try < 100; try++ {
					var v gameView
					if err := c.do("GET", fmt.Sprintf("/api/games/%d", id), nil, &v); err != nil {
						t.Errorf("game %d: %v", id, err)
						return
					}
					err := c.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Game.Seq, "type": "ready", "args": map[string]bool{"ready": true}}, nil)
					if err == nil {
						return
					}
					if statusOf(err) != http.StatusConflict {
						t.Errorf("ready %s in game %d: %v", seat, id, err)
						return
					}
				}
				t.Errorf("ready %s in game %d: stale 100 times", seat, id)
			}(c, id, seat)
		}
	}
	wg.Wait()
	waitSeq(before, 8)
	for k, id := range ids {
		if adv, all := advancesAfter(id, before[k]); adv != 1 || all != 8 {
			t.Errorf("game %d: %d advances in %d actions after seven readies; want one in eight", id, adv, all)
		}
	}
	pa, pb := phasesResolved(t, a), phasesResolved(t, b)
	t.Logf("phases resolved: %d by A, %d by B", pa, pb)
	if pa+pb != 4*games {
		t.Errorf("the processes resolved %d+%d phases, want %d", pa, pb, 4*games)
	}
}
