package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	adjudicator "concordat/adjudicate"
	"concordat/catalog"
	"concordat/daide"
	"concordat/diplomacy"
	"concordat/diplomacy/hosted"
	"concordat/his"
	"concordat/host"
	"concordat/notify"
	"concordat/server"
	"concordat/store"
	"concordat/store/postgres"
	"concordat/store/sqlite"
	"concordat/web"
)

func init() {
	register("serve", "run the game server (embedded SQLite by default)", runServe)
}

// env returns the environment variable's value, or def.
func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// runServe starts the HTTP server and the deadline scheduler, and shuts
// down gracefully on SIGINT/SIGTERM: in-flight requests and resolutions
// finish first.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", env("CONCORDAT_ADDR", "127.0.0.1:8080"), "listen address (env CONCORDAT_ADDR)")
	db := fs.String("db", env("CONCORDAT_DB", "concordat.db"), "SQLite file, or a postgres:// URL (env CONCORDAT_DB)")
	level := fs.String("log-level", env("CONCORDAT_LOG_LEVEL", "info"), "debug, info, warn or error (env CONCORDAT_LOG_LEVEL)")
	secure := fs.Bool("secure-cookies", env("CONCORDAT_SECURE_COOKIES", "") == "1", "mark cookies Secure (behind HTTPS; env CONCORDAT_SECURE_COOKIES=1)")
	poll := fs.Duration("poll", time.Second, "how often the scheduler looks for due deadlines")
	smtpAddr := fs.String("smtp", env("CONCORDAT_SMTP", ""), "SMTP server host:port for e-mail notifications; none if empty (env CONCORDAT_SMTP; CONCORDAT_SMTP_USER and CONCORDAT_SMTP_PASSWORD authenticate)")
	smtpFrom := fs.String("smtp-from", env("CONCORDAT_SMTP_FROM", ""), "sender address of notifications (env CONCORDAT_SMTP_FROM)")
	publicURL := fs.String("public-url", env("CONCORDAT_PUBLIC_URL", ""), "the server's public address, for links in notifications (env CONCORDAT_PUBLIC_URL)")
	allowPrivate := fs.Bool("allow-private-webhooks", env("CONCORDAT_ALLOW_PRIVATE_WEBHOOKS", "") == "1", "let game webhooks reach this server's own network: loopback, private, link-local addresses (tests, private deployments; env CONCORDAT_ALLOW_PRIVATE_WEBHOOKS=1)")
	maxForming := fs.Int("max-forming", envInt("CONCORDAT_MAX_FORMING", host.DefaultMaxForming), "forming games one user may have created at once; 0: no limit (env CONCORDAT_MAX_FORMING)")
	maxStreams := fs.Int("max-streams", envInt("CONCORDAT_MAX_STREAMS", server.DefaultMaxStreams), "live-update streams open at once, in all; 0: no cap (env CONCORDAT_MAX_STREAMS)")
	maxStreamsAddr := fs.Int("max-streams-per-addr", envInt("CONCORDAT_MAX_STREAMS_PER_ADDR", server.DefaultMaxStreamsPerAddr), "live-update streams from one client address (IPv6: one /64); 0: no cap (env CONCORDAT_MAX_STREAMS_PER_ADDR)")
	maxStreamsUser := fs.Int("max-streams-per-user", envInt("CONCORDAT_MAX_STREAMS_PER_USER", server.DefaultMaxStreamsPerUser), "live-update streams of one account; 0: no cap (env CONCORDAT_MAX_STREAMS_PER_USER)")
	var proxies []netip.Prefix
	proxyFlag := false
	fs.Func("trusted-proxy", "a reverse proxy's network (CIDR, or an address), comma-separated or repeated: from it X-Forwarded-For names the client (env CONCORDAT_TRUSTED_PROXY)", func(v string) error {
		if !proxyFlag { // the flag replaces the environment's list
			proxies, proxyFlag = nil, true
		}
		p, err := parsePrefixes(v)
		proxies = append(proxies, p...)
		return err
	})
	metricsAddr := fs.String("metrics-addr", env("CONCORDAT_METRICS_ADDR", ""), "serve Prometheus /metrics (and /healthz) on this host:port of its own, e.g. 127.0.0.1:9090 (env CONCORDAT_METRICS_ADDR)")
	publicMetrics := fs.Bool("public-metrics", env("CONCORDAT_PUBLIC_METRICS", "") == "1", "serve /metrics on the API's address too, to anyone (env CONCORDAT_PUBLIC_METRICS=1)")
	pprofAddr := fs.String("pprof", env("CONCORDAT_PPROF", ""), "serve net/http/pprof on this loopback address, e.g. 127.0.0.1:6060 (env CONCORDAT_PPROF)")
	daideAddr := fs.String("daide", env("CONCORDAT_DAIDE", ""), "accept DAIDE bots on this host:port, e.g. :16713 (off when empty; env CONCORDAT_DAIDE; docs/daide.md)")
	daideGame := fs.Int64("daide-game", 0, "the forming Diplomacy game DAIDE clients join; 0: the server creates games of its own for them")
	daideVariant := fs.String("daide-variant", "standard", "the map of the games the server creates for DAIDE clients")
	daidePhase := fs.String("daide-phase", "10m", "the phase length of the games the server creates for DAIDE clients (short phases: half)")
	daidePress := fs.String("daide-press", "none", "the press of the games the server creates for DAIDE clients: none (DAIDE level 0), full or public (level 10)")
	if v := os.Getenv("CONCORDAT_TRUSTED_PROXY"); v != "" {
		p, err := parsePrefixes(v)
		if err != nil {
			fmt.Fprintf(stderr, "serve: CONCORDAT_TRUSTED_PROXY: %v\n", err)
			return 2
		}
		proxies = p
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	for _, n := range []struct {
		name, env string
		v         int
	}{{"max-forming", "CONCORDAT_MAX_FORMING", *maxForming}, {"max-streams", "CONCORDAT_MAX_STREAMS", *maxStreams},
		{"max-streams-per-addr", "CONCORDAT_MAX_STREAMS_PER_ADDR", *maxStreamsAddr}, {"max-streams-per-user", "CONCORDAT_MAX_STREAMS_PER_USER", *maxStreamsUser}} {
		if e := os.Getenv(n.env); e != "" {
			if _, err := strconv.Atoi(e); err != nil {
				fmt.Fprintf(stderr, "serve: %s=%q: want a number\n", n.env, e)
				return 2
			}
		}
		if n.v < 0 {
			fmt.Fprintf(stderr, "serve: --%s %d: want 0 (no limit) or more\n", n.name, n.v)
			return 2
		}
	}
	if *metricsAddr != "" {
		if _, _, err := net.SplitHostPort(*metricsAddr); err != nil {
			fmt.Fprintf(stderr, "serve: --metrics-addr %q: want host:port\n", *metricsAddr)
			return 2
		}
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(stderr, "serve: --log-level %q: want debug, info, warn or error\n", *level)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: lv}))
	if *smtpAddr != "" {
		if _, _, err := net.SplitHostPort(*smtpAddr); err != nil {
			fmt.Fprintf(stderr, "serve: --smtp %q: want host:port\n", *smtpAddr)
			return 2
		}
		if _, err := mail.ParseAddress(*smtpFrom); err != nil {
			fmt.Fprintf(stderr, "serve: --smtp-from %q: want an e-mail address (required with --smtp)\n", *smtpFrom)
			return 2
		}
	}
	if *pprofAddr != "" {
		if h, _, err := net.SplitHostPort(*pprofAddr); err != nil || !isLoopback(h) {
			fmt.Fprintf(stderr, "serve: --pprof %q: want a loopback host:port\n", *pprofAddr)
			return 2
		}
	}
	if *daideAddr != "" {
		if _, _, err := net.SplitHostPort(*daideAddr); err != nil {
			fmt.Fprintf(stderr, "serve: --daide %q: want host:port\n", *daideAddr)
			return 2
		}
		if err := checkDAIDEVariant(*daideGame, *daideVariant, *daidePhase, *daidePress); err != nil {
			fmt.Fprintln(stderr, "serve:", err)
			return 2
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	st, err := openStore(ctx, *db)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	defer st.Close()
	h := host.New(st, log, processName(), hosted.Rules{}, his.Rules{})
	h.MaxForming = *maxForming
	notifier := notify.New(notify.Config{SMTP: *smtpAddr, From: *smtpFrom, SMTPUser: os.Getenv("CONCORDAT_SMTP_USER"),
		SMTPPassword: os.Getenv("CONCORDAT_SMTP_PASSWORD"), BaseURL: *publicURL, Log: log, AllowPrivateWebhooks: *allowPrivate})
	notifier.Attach(h) // before server.New, which chains h.Notify
	srv := server.New(h, log)
	srv.Catalog = catalog.Served{}
	srv.Adjudicate = adjudicator.JSON
	srv.Legal = adjudicator.LegalJSON
	srv.SecureCookies = *secure
	srv.AllowPrivateWebhooks = *allowPrivate
	srv.MaxStreams, srv.MaxStreamsPerAddr, srv.MaxStreamsPerUser = *maxStreams, *maxStreamsAddr, *maxStreamsUser
	srv.TrustedProxies = proxies
	srv.PublicMetrics = *publicMetrics
	if o := originOf(*publicURL); o != "" {
		srv.TrustedOrigins = []string{o} // the web client's pages, whatever Host a proxy passes on
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	var dsrv *daide.Server
	var dln net.Listener
	if *daideAddr != "" {
		dsrv = newDAIDE(h, log, *daideGame, *daideVariant, *daidePhase, *daidePress)
		if *daideGame != 0 {
			if _, err := dsrv.Rep(ctx, *daideGame); err != nil {
				fmt.Fprintln(stderr, "serve: --daide-game:", err)
				return 1
			}
		}
		if dln, err = net.Listen("tcp", *daideAddr); err != nil {
			fmt.Fprintln(stderr, "serve: --daide:", err)
			return 1
		}
		dsrv.Attach() // after server.New and the notifier: it chains h.Notify
	}
	hs := srv.HTTPServer()
	hs.Handler = withClient(srv, web.New())
	var ms *http.Server
	if *metricsAddr != "" {
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			fmt.Fprintln(stderr, "serve: --metrics-addr:", err)
			return 1
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", srv.MetricsHandler())
		mux.Handle("GET /healthz", srv)
		ms = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
			WriteTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
		go func() {
			if err := ms.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics", "err", err)
			}
		}()
		log.Info("serving metrics", "addr", mln.Addr().String())
	}
	schedCtx, stopSched := context.WithCancel(context.Background())
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		h.RunScheduler(schedCtx, *poll)
	}()
	go srv.Relay(schedCtx) // live updates and revocations between processes (PostgreSQL)
	daideDone := make(chan struct{})
	if dsrv != nil {
		go func() {
			defer close(daideDone)
			if err := dsrv.Serve(schedCtx, dln); err != nil {
				log.Error("daide", "err", err)
			}
		}()
		log.Info("serving DAIDE", "addr", dln.Addr().String(), "game", *daideGame)
		fmt.Fprintf(stdout, "concordat: DAIDE clients on %s\n", dln.Addr())
	} else {
		close(daideDone)
	}
	if *pprofAddr != "" {
		go func() {
			mux := http.NewServeMux()
			mux.HandleFunc("/debug/pprof/", pprof.Index)
			mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
			mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
			mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
			if err := http.ListenAndServe(*pprofAddr, mux); err != nil {
				log.Error("pprof", "err", err)
			}
		}()
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	log.Info("serving", "addr", ln.Addr().String(), "db", redact(*db), "owner", h.Owner)
	fmt.Fprintf(stdout, "concordat: serving on http://%s (store %s)\n", ln.Addr(), redact(*db))
	select {
	case <-ctx.Done():
	case err := <-served:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "serve:", err)
			stopSched()
			<-schedDone
			return 1
		}
	}
	log.Info("shutting down")
	shCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	hs.RegisterOnShutdown(srv.StopStreams) // live-update streams end at once
	hs.Shutdown(shCtx)                     // finishes in-flight requests
	if ms != nil {
		ms.Shutdown(shCtx)
	}
	stopSched()
	<-schedDone // finishes the resolution under way
	<-daideDone // DAIDE clients got OFF
	nctx, ncancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer ncancel()
	if err := notifier.Close(nctx); err != nil {
		log.Warn("notifications left unsent at shutdown", "err", err)
	}
	return 0
}

// envInt is the environment variable's value as a number, or def (also
// when it is no number: runServe then refuses it, naming it).
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// parsePrefixes reads comma-separated networks (10.0.0.0/8) or addresses
// (one address: a network of one).
func parsePrefixes(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return out, fmt.Errorf("%q: want a network (10.0.0.0/8, fd00::/8) or an address", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// originOf is the origin (scheme://host[:port]) of a URL, or "".
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// withClient serves the API (and /healthz, /metrics) with api and every
// other path with the browser client.
func withClient(api, client http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" || p == "/healthz" || p == "/metrics" {
			api.ServeHTTP(w, r)
			return
		}
		client.ServeHTTP(w, r)
	})
}

// isLoopback reports whether a host name is a loopback address.
func isLoopback(h string) bool {
	ip := net.ParseIP(h)
	return h == "localhost" || ip != nil && ip.IsLoopback()
}

// openStore opens SQLite for a path and PostgreSQL for a postgres:// URL.
func openStore(ctx context.Context, db string) (store.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(db)
}

// processName names this process for job leases: host, pid and a random
// suffix, so two processes never share one.
func processName() string {
	hn, _ := os.Hostname()
	b := make([]byte, 4)
	rand.Read(b)
	return fmt.Sprintf("%s-%d-%s", hn, os.Getpid(), hex.EncodeToString(b))
}

// redact hides a database URL's password.
func redact(db string) string {
	if i := strings.Index(db, "://"); i >= 0 {
		if at := strings.LastIndex(db, "@"); at > i {
			if colon := strings.Index(db[i+3:at], ":"); colon >= 0 {
				return db[:i+3+colon] + ":***" + db[at:]
			}
		}
	}
	return db
}

// newDAIDE is the DAIDE adapter of serve: clients join game (or, for 0,
// games the adapter creates on variant with phase-long windows and the
// press mode press).
func newDAIDE(h *host.Host, log *slog.Logger, game int64, variant, phase, press string) *daide.Server {
	short := phase
	if d, err := time.ParseDuration(phase); err == nil && d/2 >= 5*time.Minute {
		short = (d / 2).String()
	}
	opts, _ := json.Marshal(map[string]string{"phase": phase, "short": short, "press": press})
	return &daide.Server{Host: h, Log: log, Game: game,
		New: host.NewGame{Name: "DAIDE game", Kind: "diplomacy", Variant: variant, Options: opts}}
}

// checkDAIDEVariant refuses, before serving, a map DAIDE cannot express,
// or a phase length or press mode the host refuses (or DAIDE cannot
// play: anonymous press) for the adapter's own games.
func checkDAIDEVariant(game int64, variant, phase, press string) error {
	if game < 0 {
		return fmt.Errorf("--daide-game %d: want a game id, or 0", game)
	}
	if game != 0 {
		return nil // judged once the store is open
	}
	m, err := diplomacy.LoadMap(variant)
	if err != nil {
		return fmt.Errorf("--daide-variant: %v", err)
	}
	if _, err := daide.NewRep(m); err != nil {
		return fmt.Errorf("--daide-variant: %v", err)
	}
	opts, _ := json.Marshal(map[string]string{"phase": phase})
	if _, err := host.ParseOptions(opts); err != nil {
		return fmt.Errorf("--daide-phase: %v", err)
	}
	switch press {
	case host.PressNone, host.PressFull, host.PressPublic:
	default:
		return fmt.Errorf("--daide-press %q: want none, full or public", press)
	}
	return nil
}
