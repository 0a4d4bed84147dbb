package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"concordat/game"
)

func init() {
	register("loadtest", "load a running server on loopback: loadtest --url http://127.0.0.1:8080 --games N --duration D", runLoadtest)
}

// ltPowers are the seats of a standard game, in the order users join them.
var ltPowers = []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// ltClient calls the API with a token.
type ltClient struct {
	hc    *http.Client
	token string
}

// ltStatus is an API reply's status; 0 when no reply came.
type ltStatus int

func (c *ltClient) do(ctx context.Context, method, u string, body, out any) (ltStatus, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode/100 != 2 {
		return ltStatus(resp.StatusCode), fmt.Errorf("%s %s: %d %s", method, u, resp.StatusCode, bytes.TrimSpace(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return ltStatus(resp.StatusCode), err
		}
	}
	return ltStatus(resp.StatusCode), nil
}

// loopbackOnly refuses any URL whose host is not a loopback address: the
// load test must never load someone else's server.
func loopbackOnly(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("--url %q: want http://127.0.0.1:PORT", raw)
	}
	ip := net.ParseIP(u.Hostname())
	if u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", fmt.Errorf("--url %q: the load test runs against loopback only", raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// latencies collects request durations.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
	at []time.Duration // when each began, from the phase's start
}

func (l *latencies) add(at, d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.at = append(l.at, at)
	l.mu.Unlock()
}

// timeline reports, for each second of the phase, how many requests began
// in it and their p50, p99 and maximum latency (call before quantiles,
// which sorts the latencies apart from their times).
func (l *latencies) timeline(w io.Writer, name string) {
	l.mu.Lock()
	secs := map[int][]time.Duration{}
	last := 0
	for i, d := range l.d {
		s := int(l.at[i] / time.Second)
		secs[s] = append(secs[s], d)
		last = max(last, s)
	}
	l.mu.Unlock()
	for s := 0; s <= last; s++ {
		sec := latencies{d: secs[s]}
		p50, p99, mx := sec.quantiles()
		fmt.Fprintf(w, "  %s second %d: %d  p50 %s  p99 %s  max %s\n", name, s, len(sec.d), ms(p50), ms(p99), ms(mx))
	}
}

// quantiles returns p50, p99 and the maximum.
func (l *latencies) quantiles() (p50, p99, mx time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0, 0, 0
	}
	slices.Sort(l.d)
	q := func(p float64) time.Duration { return l.d[min(len(l.d)-1, int(p*float64(len(l.d))))] }
	return q(0.50), q(0.99), l.d[len(l.d)-1]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// runLoadtest registers users, creates games with seven seats each (users
// hold seats in many games), then, for a duration, submits orders and
// messages from many concurrent workers, and reports throughput and
// latency.
func runLoadtest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	urls := fs.String("url", "http://127.0.0.1:8080", "server URL(s) on loopback, comma-separated (requests spread over them)")
	games := fs.Int("games", 100, "games to create (each with 7 seats, started)")
	users := fs.Int("users", 70, "accounts holding the seats (a multiple of 7; the server limits writes per user)")
	duration := fs.Duration("duration", 30*time.Second, "how long to submit")
	workers := fs.Int("workers", 64, "concurrent workers (each plays its share of the games in turn)")
	rateList := fs.String("rate", "0", "target submissions per second over all workers (0: as fast as they go); a comma-separated list runs one load phase per rate on the same games")
	msgs := fs.Float64("messages", 0.2, "fraction of submissions that are press messages instead of orders")
	seed := fs.Uint64("seed", 1, "seed of the random orders and messages")
	affinity := fs.Bool("affinity", false, "send every request of a game to one server (as a load balancer routing by game would); otherwise a game's requests go round the servers")
	timeline := fs.Bool("timeline", false, "report each second's order latencies too (p50, p99, maximum), to tell a steady tail from stalls")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the load generator's load phases (not the setup) to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var rates []float64
	for _, r := range strings.Split(*rateList, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(r), 64)
		if err != nil || v < 0 {
			fmt.Fprintf(stderr, "loadtest: --rate %q: want numbers ≥ 0, comma-separated\n", *rateList)
			return 2
		}
		rates = append(rates, v)
	}
	var bases []string
	for _, u := range strings.Split(*urls, ",") {
		b, err := loopbackOnly(strings.TrimSpace(u))
		if err != nil {
			fmt.Fprintln(stderr, "loadtest:", err)
			return 2
		}
		bases = append(bases, b)
	}
	if *games < 1 || *users < 7 || *users%7 != 0 || *workers < 1 || *duration <= 0 || *msgs < 0 || *msgs > 1 {
		fmt.Fprintln(stderr, "loadtest: want --games ≥ 1, --users a multiple of 7, --workers ≥ 1, --duration > 0, 0 ≤ --messages ≤ 1")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	tr := &http.Transport{MaxIdleConns: 4 * *workers, MaxIdleConnsPerHost: 2 * *workers, IdleConnTimeout: time.Minute}
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	run := fmt.Sprintf("lt%d", time.Now().UnixNano()%1e9)

	// Users: the server allows ten registrations at once per address, so
	// they come from different loopback addresses (127.0.0.2, .3, …).
	start := time.Now()
	clients := make([]*ltClient, *users)
	for i := range clients {
		ip := net.IPv4(127, 0, byte(1+(i/8)/250), byte(2+(i/8)%250))
		rt := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}).DialContext}
		reg := &ltClient{hc: &http.Client{Transport: rt, Timeout: 30 * time.Second}}
		reg.hc.Jar = newJar()
		base := bases[i%len(bases)]
		name := fmt.Sprintf("%s-%d", run, i)
		if _, err := reg.do(ctx, "POST", base+"/api/register", map[string]string{"name": name, "password": "load-" + name}, nil); err != nil {
			fmt.Fprintln(stderr, "loadtest: register:", err)
			return 1
		}
		var tok struct{ Token string }
		if _, err := reg.do(ctx, "POST", base+"/api/tokens", map[string]string{"name": "loadtest"}, &tok); err != nil {
			fmt.Fprintln(stderr, "loadtest: token:", err)
			return 1
		}
		rt.CloseIdleConnections()
		clients[i] = &ltClient{hc: hc, token: tok.Token}
	}
	// seatUser is the user holding seat j of game k: seven distinct users.
	seatUser := func(k, j int) *ltClient { return clients[(7*k+j)%*users] }
	ids := make([]int64, *games)
	var setupErr atomic.Value
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= *games || ctx.Err() != nil || setupErr.Load() != nil {
					return
				}
				base := bases[k%len(bases)]
				var g struct{ ID int64 }
				req := map[string]any{"name": fmt.Sprintf("%s game %d", run, k), "game": "diplomacy", "variant": "standard",
					"options": map[string]string{"phase": "24h"}}
				if _, err := seatUser(k, 0).do(ctx, "POST", base+"/api/games", req, &g); err != nil {
					setupErr.Store(err)
					return
				}
				ids[k] = g.ID
				for j, p := range ltPowers {
					if _, err := seatUser(k, j).do(ctx, "POST", fmt.Sprintf("%s/api/games/%d/join", base, g.ID), map[string]game.Seat{"seat": p}, nil); err != nil {
						setupErr.Store(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := setupErr.Load(); err != nil {
		fmt.Fprintln(stderr, "loadtest: setup:", err)
		return 1
	}
	if ctx.Err() != nil {
		return 1
	}
	setup := time.Since(start)
	fmt.Fprintf(stdout, "setup: %d users, %d games with 7 seats each (active) in %s (%.0f games/s)\n",
		*users, *games, setup.Round(time.Millisecond), float64(*games)/setup.Seconds())

	// The opening's legal orders, per power, from the first game: every
	// game starts alike, and no phase resolves during the test.
	legal := map[game.Seat]game.Options{}
	for j, p := range ltPowers {
		var l struct {
			Options game.Options `json:"options"`
		}
		if _, err := seatUser(0, j).do(ctx, "GET", fmt.Sprintf("%s/api/games/%d/legal", bases[0], ids[0]), nil, &l); err != nil {
			fmt.Fprintln(stderr, "loadtest: legal:", err)
			return 1
		}
		legal[p] = l.Options
	}

	// The load: worker w plays games w, w+workers, …, one seat after
	// another, so it always knows each game's seq (press does not change it).
	seqs := make([]int64, *games) // each game's seq; game k is played by worker k%workers only
	failed := false
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "loadtest:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "loadtest: cpu profile:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	// Each worker keeps its connections from one phase to the next, as
	// clients of a running server would: a phase does not begin with a
	// burst of connections.
	conns := make([]*ltConns, *workers)
	for w := range conns {
		conns[w] = newLtConns()
		defer conns[w].close()
	}
	for _, rate := range rates {
		if ctx.Err() != nil {
			return 1
		}
		if !ltPhase(ctx, stdout, ltLoad{bases: bases, ids: ids, seqs: seqs, legal: legal, seatUser: seatUser,
			workers: *workers, duration: *duration, rate: rate, msgs: *msgs, seed: *seed, affinity: *affinity, timeline: *timeline, conns: conns}) {
			failed = true
		}
	}
	if failed {
		return 1
	}
	return 0
}

// ltLoad is one load phase's setting.
type ltLoad struct {
	bases    []string
	ids      []int64
	seqs     []int64
	legal    map[game.Seat]game.Options
	seatUser func(k, j int) *ltClient
	workers  int
	duration time.Duration
	rate     float64
	msgs     float64
	seed     uint64
	affinity bool       // each game's requests to one server
	timeline bool       // report each second's order latencies
	conns    []*ltConns // each worker's keep-alive connections, kept from phase to phase
}

// ltPhase runs one load phase and reports it; false if requests failed.
// Requests start until the phase's duration has passed; those then in
// flight finish and count (cutting them off would leave their games' seqs
// unknown and their connections closed for the next phase to make again).
func ltPhase(ctx context.Context, stdout io.Writer, l ltLoad) bool {
	var wg sync.WaitGroup
	games, bases, ids, legal, seatUser := len(l.ids), l.bases, l.ids, l.legal, l.seatUser
	var orderLat, msgLat latencies
	var orders, messages, failures atomic.Int64
	failCodes := sync.Map{}
	lctx, cancel := context.WithTimeout(ctx, l.duration)
	defer cancel()
	loadStart := time.Now()
	cpuStart, cpuOK := processCPU()
	var tokens chan struct{}
	if l.rate > 0 {
		// Pace by the clock, not by a ticker (which drops ticks): by time
		// t, rate*t submissions may have started.
		tokens = make(chan struct{}, l.workers)
		go func() {
			sent := 0
			for lctx.Err() == nil {
				due := int(time.Since(loadStart).Seconds() * l.rate)
				for ; sent < due; sent++ {
					select {
					case tokens <- struct{}{}:
					case <-lctx.Done():
						return
					}
				}
				time.Sleep(time.Millisecond)
			}
		}()
	}
	for w := 0; w < l.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(l.seed, uint64(w)))
			conns := l.conns[w]
			mine := []int{}
			for k := w; k < games; k += l.workers {
				mine = append(mine, k)
			}
			if len(mine) == 0 {
				return
			}
			for turn := 0; lctx.Err() == nil; turn++ {
				if tokens != nil {
					select {
					case <-tokens:
					case <-lctx.Done():
						return
					}
				}
				i := turn % len(mine)
				k := mine[i]
				j := (turn/len(mine) + k) % 7 // seats (and so users) spread over the workers
				c := seatUser(k, j)
				base := bases[(k+turn)%len(bases)]
				if l.affinity {
					base = bases[k%len(bases)]
				}
				if l.seqs[k] < 0 { // a request was cut off (interrupted): read the seq
					var g struct {
						Game struct{ Seq int64 } `json:"game"`
					}
					if _, err := conns.do(ctx, c, "GET", fmt.Sprintf("%s/api/games/%d", base, ids[k]), nil, &g); err != nil {
						continue
					}
					l.seqs[k] = g.Game.Seq
				}
				t0 := time.Now()
				var status ltStatus
				var err error
				if rng.Float64() < l.msgs {
					body := map[string]any{"body": fmt.Sprintf("load message %d from %s", turn, ltPowers[j])}
					if rng.IntN(2) == 0 {
						body["to"] = []game.Seat{ltPowers[(j+1+rng.IntN(6))%7]}
					}
					status, err = conns.do(ctx, c, "POST", fmt.Sprintf("%s/api/games/%d/messages", base, ids[k]), body, nil)
					if err == nil {
						msgLat.add(t0.Sub(loadStart), time.Since(t0))
						messages.Add(1)
					}
				} else {
					args := map[string][]string{"orders": ltOrders(rng, legal[ltPowers[j]])}
					var r struct{ Seq int64 }
					status, err = conns.do(ctx, c, "POST", fmt.Sprintf("%s/api/games/%d/actions", base, ids[k]),
						map[string]any{"seq": l.seqs[k], "type": "orders", "args": args}, &r)
					if err == nil {
						orderLat.add(t0.Sub(loadStart), time.Since(t0))
						orders.Add(1)
						l.seqs[k] = r.Seq
					}
				}
				if err != nil && ctx.Err() != nil {
					l.seqs[k] = -1 // cut off by an interruption: applied or not
				}
				if err != nil && ctx.Err() == nil {
					failures.Add(1)
					v, _ := failCodes.LoadOrStore(int(status), new(atomic.Int64))
					v.(*atomic.Int64).Add(1)
					if status == http.StatusConflict { // resync the seq
						var g struct {
							Game struct{ Seq int64 } `json:"game"`
						}
						if _, err := conns.do(ctx, c, "GET", fmt.Sprintf("%s/api/games/%d", base, ids[k]), nil, &g); err == nil {
							l.seqs[k] = g.Game.Seq
						}
					}
				}
			}
		}(w)
	}
	wg.Wait()
	el := time.Since(loadStart).Seconds()
	cpuEnd, cpuOK2 := processCPU()
	if l.timeline {
		orderLat.timeline(stdout, "orders")
	}
	p50, p99, mx := orderLat.quantiles()
	m50, m99, mmx := msgLat.quantiles()
	target := "as fast as they go"
	if l.rate > 0 {
		target = fmt.Sprintf("target %.0f submissions/s", l.rate)
	}
	fmt.Fprintf(stdout, "load: %d workers for %.1f s against %s (%s)\n", l.workers, el, strings.Join(bases, ", "), target)
	fmt.Fprintf(stdout, "requests: %.0f/s (%d orders, %d messages, %d failed)\n", float64(orders.Load()+messages.Load()+failures.Load())/el,
		orders.Load(), messages.Load(), failures.Load())
	fmt.Fprintf(stdout, "orders: %.0f/s  p50 %s  p99 %s  max %s\n", float64(orders.Load())/el, ms(p50), ms(p99), ms(mx))
	fmt.Fprintf(stdout, "messages: %.0f/s  p50 %s  p99 %s  max %s\n", float64(messages.Load())/el, ms(m50), ms(m99), ms(mmx))
	failCodes.Range(func(k, v any) bool {
		fmt.Fprintf(stdout, "failures with status %d: %d\n", k, v.(*atomic.Int64).Load())
		return true
	})
	if n := orders.Load() + messages.Load() + failures.Load(); cpuOK && cpuOK2 && n > 0 {
		// The load generator shares the machine with the servers when both
		// run on loopback: what it used is what they could not.
		used := cpuEnd - cpuStart
		fmt.Fprintf(stdout, "loadgen cpu: %.2f cores (%.0f µs per request)\n", used.Seconds()/el, float64(used.Microseconds())/float64(n))
	}
	return failures.Load() == 0
}

// ltOrders is one random order per unit, from the legal-orders tree.
func ltOrders(rng *rand.Rand, opts game.Options) []string {
	var out []string
	for _, root := range opts.Choices {
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

// newJar is a cookie jar for one registration's session.
func newJar() http.CookieJar {
	j, _ := cookiejar.New(nil) // never fails without options
	return j
}
