package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/mail"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	adjudicator "concordat/adjudicate"
	"concordat/catalog"
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
	pprofAddr := fs.String("pprof", env("CONCORDAT_PPROF", ""), "serve net/http/pprof on this loopback address, e.g. 127.0.0.1:6060 (env CONCORDAT_PPROF)")
	if err := fs.Parse(args); err != nil {
		return 2
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
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	st, err := openStore(ctx, *db)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	defer st.Close()
	h := host.New(st, log, processName(), hosted.Rules{}, his.Rules{})
	notifier := notify.New(notify.Config{SMTP: *smtpAddr, From: *smtpFrom, SMTPUser: os.Getenv("CONCORDAT_SMTP_USER"),
		SMTPPassword: os.Getenv("CONCORDAT_SMTP_PASSWORD"), BaseURL: *publicURL, Log: log})
	notifier.Attach(h) // before server.New, which chains h.Notify
	srv := server.New(h, log)
	srv.Catalog = catalog.Served{}
	srv.Adjudicate = adjudicator.JSON
	srv.SecureCookies = *secure
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	hs := &http.Server{Handler: withClient(srv, web.New()), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	schedCtx, stopSched := context.WithCancel(context.Background())
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		h.RunScheduler(schedCtx, *poll)
	}()
	go srv.Relay(schedCtx) // live updates and revocations between processes (PostgreSQL)
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
	stopSched()
	<-schedDone // finishes the resolution under way
	nctx, ncancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer ncancel()
	if err := notifier.Close(nctx); err != nil {
		log.Warn("notifications left unsent at shutdown", "err", err)
	}
	return 0
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
