// Package server is Concordat's HTTP face: one JSON API for the browser
// client, bots and scripts (documented in openapi.json, served at
// /api/openapi.json), live updates over server-sent events, health and
// Prometheus metrics. It knows games only through package host and the game
// contract.
package server

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"concordat/game"
	"concordat/host"
)

//go:embed openapi.json
var openAPI []byte

// MaxBody is the largest request body accepted, in bytes.
const MaxBody = 64 << 10

// CredentialCacheTTL is how long a server process keeps a session's or
// token's user in memory after reading it from the store. A logout or
// revocation through this process takes effect at once here, and in other
// processes as soon as the store's broadcast reaches them (PostgreSQL); a
// process that misses the broadcast (its listening connection was down)
// honours the credential for at most this long after it was revoked.
const CredentialCacheTTL = 5 * time.Second

// Server is the HTTP handler of the API.
type Server struct {
	Host *host.Host
	Log  *slog.Logger
	// SecureCookies marks session cookies Secure (set behind HTTPS).
	SecureCookies bool
	// SessionTTL is how long a login lasts.
	SessionTTL time.Duration
	// AllowPrivateWebhooks accepts game webhooks to the server's own
	// network (loopback, private, link-local … addresses): tests and
	// private deployments. Resolver resolves webhook hosts to check them
	// (nil: net.DefaultResolver).
	AllowPrivateWebhooks bool
	Resolver             *net.Resolver
	// TrustedProxies are the networks of the reverse proxies in front of
	// the server: from them, and only from them, X-Forwarded-For names the
	// client's address (for the limits per address).
	TrustedProxies []netip.Prefix
	// TrustedOrigins are origins ("https://play.example.org") besides the
	// server's own whose pages may send cookie-authenticated requests that
	// change things (see crossSiteRefused); set them before serving.
	TrustedOrigins []string
	// PublicMetrics serves GET /metrics on the API's handler; without it
	// the API answers 404 there, and the operator serves MetricsHandler on
	// an address of its own.
	PublicMetrics bool
	// The live-update streams (GET /api/games/{id}/events) open at once:
	// at most MaxStreams in all, MaxStreamsPerAddr from one client
	// address (an IPv6 /64) and MaxStreamsPerUser for one account; past a
	// cap, 429. 0 or less: no cap. New sets the Default… values.
	MaxStreams, MaxStreamsPerAddr, MaxStreamsPerUser int
	// The http.Server's timeouts (see HTTPServer); New sets the Default…
	// values. StreamWriteTimeout bounds each write of a live-update stream
	// instead of WriteTimeout, which would end every stream.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout, StreamWriteTimeout time.Duration
	// Catalog, when set, is what /api/variants serves.
	Catalog Catalog
	// Adjudicate, when set, is the sandbox POST /api/adjudicate runs: one
	// Diplomacy phase as JSON in, its result as JSON out (package
	// adjudicate's JSON). An error with a method Invalid() bool that
	// reports true is the input's fault (400), any other the server's.
	Adjudicate func(phase []byte) ([]byte, error)
	// Legal, when set, is what POST /api/adjudicate/legal runs: the same
	// phase in, the legal orders of its units as JSON out (package
	// adjudicate's LegalJSON); errors as Adjudicate's.
	Legal func(phase []byte) ([]byte, error)

	mux      *http.ServeMux
	patterns []string // every registered route, for the OpenAPI check
	metrics  *metrics
	limits   *limiter
	hub      *Hub
	creds    *credCache
	streams  streamCount
	csrfOnce sync.Once
	csrf     *http.CrossOriginProtection

	origin  string        // this process, in relayed messages
	relayQ  chan relayMsg // changes to broadcast
	relayOn atomic.Bool   // Relay is running

	stopOnce sync.Once
	stop     chan struct{} // closed by StopStreams
}

// New builds the server and its routes.
func New(h *host.Host, log *slog.Logger) *Server {
	s := &Server{Host: h, Log: log, SessionTTL: 30 * 24 * time.Hour, mux: http.NewServeMux(),
		metrics: newMetrics(), limits: newLimiter(), hub: NewHub(), stop: make(chan struct{}),
		creds: newCredCache(CredentialCacheTTL), origin: newOrigin(), relayQ: make(chan relayMsg, relayQueue),
		MaxStreams: DefaultMaxStreams, MaxStreamsPerAddr: DefaultMaxStreamsPerAddr, MaxStreamsPerUser: DefaultMaxStreamsPerUser,
		ReadHeaderTimeout: DefaultReadHeaderTimeout, ReadTimeout: DefaultReadTimeout, WriteTimeout: DefaultWriteTimeout,
		IdleTimeout: DefaultIdleTimeout, StreamWriteTimeout: DefaultStreamWriteTimeout}
	prev := h.Notify
	h.Notify = func(c host.Change) {
		s.hub.Publish(c)
		s.relayOut(relayMsg{Changes: []relayChange{{Game: c.GameID, Kind: c.Kind, Seq: c.Seq, Channel: c.Channel, Events: len(c.Events) > 0}}})
		if c.Kind == "phase" {
			s.metrics.phases.Inc()
		}
		if prev != nil {
			prev(c)
		}
	}
	prevLate := h.Late
	h.Late = func(d time.Duration) {
		s.DeadlineLag(d)
		if prevLate != nil {
			prevLate(d)
		}
	}
	s.routes()
	return s
}

// StopStreams ends every live-update stream, now and from now on, so that
// a graceful shutdown (http.Server.Shutdown waits for open requests) does
// not wait for them: register it with http.Server.RegisterOnShutdown.
func (s *Server) StopStreams() { s.stopOnce.Do(func() { close(s.stop) }) }

// Hub is the server's live-update hub.
func (s *Server) Hub() *Hub { return s.hub }

// handle registers a route. A "seat" query parameter names the seat the
// request acts as, for an account holding several seats of a game (a
// grouped game, host.WithSeat).
func (s *Server) handle(pattern string, h http.Handler) {
	s.patterns = append(s.patterns, pattern)
	s.mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.URL.Query().Get("seat"); v != "" {
			r = r.WithContext(host.WithSeat(r.Context(), game.Seat(v)))
		}
		h.ServeHTTP(w, r)
	}))
}

func (s *Server) routes() {
	s.handle("GET /healthz", http.HandlerFunc(s.healthz))
	s.handle("GET /metrics", http.HandlerFunc(s.publicMetrics))
	s.handle("GET /api/openapi.json", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(openAPI)
	}))
	s.handle("POST /api/register", http.HandlerFunc(s.register))
	s.handle("POST /api/login", http.HandlerFunc(s.login))
	s.handle("POST /api/logout", http.HandlerFunc(s.logout))
	s.handle("GET /api/me", s.authed(s.me))
	s.handle("PUT /api/me", s.authed(s.setMe))
	s.handle("POST /api/tokens", s.authed(s.newToken))
	s.handle("GET /api/tokens", s.authed(s.tokens))
	s.handle("DELETE /api/tokens/{token}", s.authed(s.revokeToken))
	s.handle("POST /api/logout/all", s.authed(s.logoutAll))
	s.handle("POST /api/password", s.authed(s.changePassword))
	s.handle("POST /api/adjudicate", http.HandlerFunc(s.adjudicate))
	s.handle("POST /api/adjudicate/legal", http.HandlerFunc(s.sandboxLegal))
	s.handle("GET /api/variants", http.HandlerFunc(s.variants))
	s.handle("GET /api/variants/{id}", http.HandlerFunc(s.variant))
	s.handle("GET /api/games", http.HandlerFunc(s.listGames))
	s.handle("POST /api/games", s.authed(s.createGame))
	s.handle("GET /api/games/{id}", http.HandlerFunc(s.getGame))
	s.handle("POST /api/games/{id}/join", s.authed(s.join))
	s.handle("POST /api/games/{id}/leave", s.authed(s.leave))
	s.handle("POST /api/games/{id}/takeover", s.authed(s.takeover))
	s.handle("POST /api/games/{id}/seats/{seat}/bot", s.authed(s.putBot))
	s.handle("DELETE /api/games/{id}/seats/{seat}/bot", s.authed(s.removeBot))
	s.handle("GET /api/games/{id}/invite", s.authed(s.invite))
	s.handle("POST /api/games/{id}/invite", s.authed(s.invite))
	s.handle("GET /api/games/{id}/legal", s.authed(s.legal))
	s.handle("POST /api/games/{id}/actions", s.authed(s.act))
	s.handle("GET /api/games/{id}/history/{seq}", http.HandlerFunc(s.history))
	s.handle("GET /api/games/{id}/log", http.HandlerFunc(s.gameLog))
	s.handle("GET /api/games/{id}/messages", http.HandlerFunc(s.messages))
	s.handle("POST /api/games/{id}/messages", s.authed(s.post))
	s.handle("GET /api/games/{id}/channels", s.authed(s.channels))
	s.handle("POST /api/games/{id}/read", s.authed(s.markRead))
	s.handle("GET /api/games/{id}/votes", http.HandlerFunc(s.votes))
	s.handle("POST /api/games/{id}/votes", s.authed(s.vote))
	s.handle("GET /api/games/{id}/events", http.HandlerFunc(s.events))
}

// ServeHTTP applies the common middleware: panics become 500s, bodies are
// limited, cross-site requests riding the session cookie are refused,
// metrics and logs record every request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			s.Log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
			if !rec.wrote {
				writeError(rec, &host.Error{Code: host.CodeInternal, Msg: "internal error"})
			}
		}
		route := routeLabel(r)
		s.metrics.observe(r.Method, route, rec.status, time.Since(start))
		if r.URL.Path != "/healthz" && r.URL.Path != "/metrics" && !strings.HasSuffix(r.URL.Path, "/events") {
			s.Log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "dur", time.Since(start))
		}
	}()
	// Responses are JSON (or events, or metrics text) and never to be
	// sniffed into something a browser would run.
	rec.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Body != nil {
		r.Body = http.MaxBytesReader(rec, r.Body, MaxBody)
	}
	if h, pattern := s.mux.Handler(r); pattern == "" {
		s.noRoute(rec, r, h)
		return
	}
	if err := s.crossSiteRefused(r); err != nil {
		writeError(rec, err)
		return
	}
	s.mux.ServeHTTP(rec, r)
}

// noRoute answers a request no route takes with a JSON error: the mux's
// own answer (404, or 405 with its Allow header) in the API's form.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request, h http.Handler) {
	c := &captureWriter{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(c, r)
	if c.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", c.header.Get("Allow"))
		writeError(w, &host.Error{Code: host.CodeWrongMethod,
			Msg: fmt.Sprintf("%s is not allowed on %s (allowed: %s)", r.Method, r.URL.Path, c.header.Get("Allow"))})
		return
	}
	writeError(w, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("no such endpoint: %s %s", r.Method, r.URL.Path)})
}

// captureWriter keeps what a handler answers, to be rewritten.
type captureWriter struct {
	header http.Header
	status int
}

func (c *captureWriter) Header() http.Header         { return c.header }
func (c *captureWriter) Write(b []byte) (int, error) { return len(b), nil }
func (c *captureWriter) WriteHeader(code int)        { c.status = code }

// routeLabel turns a path into a metrics label without ids.
func routeLabel(r *http.Request) string {
	if r.Pattern != "" {
		if i := strings.IndexByte(r.Pattern, ' '); i >= 0 {
			return r.Pattern[i+1:]
		}
		return r.Pattern
	}
	return "other"
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Flush lets server-sent events through.
func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// FlushError flushes and reports a failed write (a stream whose client
// stopped reading), for http.ResponseController.
func (s *statusRecorder) FlushError() error {
	return http.NewResponseController(s.ResponseWriter).Flush()
}

// Unwrap is the wrapped writer, for http.ResponseController (the streams'
// deadlines).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.Host.Store.NextDue(ctx); err != nil {
		writeError(w, &host.Error{Code: host.CodeUnavailable, Msg: "store unavailable: " + err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// statusOf maps an error code to an HTTP status.
func statusOf(c host.Code) int {
	switch c {
	case host.CodeInvalid, host.CodeRefused:
		return http.StatusBadRequest
	case host.CodeUnauthorized:
		return http.StatusUnauthorized
	case host.CodeForbidden, host.CodePressClosed:
		return http.StatusForbidden
	case host.CodeNotFound:
		return http.StatusNotFound
	case host.CodeConflict, host.CodeStale, host.CodeGameOver, host.CodeNotStarted, host.CodeNotYourTurn:
		return http.StatusConflict
	case host.CodeRateLimited:
		return http.StatusTooManyRequests
	case host.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case host.CodeUnavailable:
		return http.StatusServiceUnavailable
	case host.CodeWrongMethod:
		return http.StatusMethodNotAllowed
	case host.CodeUnsupported:
		return http.StatusUnsupportedMediaType
	}
	return http.StatusInternalServerError
}

// apiError is the JSON form of every error.
type apiError struct {
	Error struct {
		Code    host.Code `json:"code"`
		Message string    `json:"message"`
	} `json:"error"`
}

func writeError(w http.ResponseWriter, err error) {
	var e apiError
	e.Error.Code = host.CodeOf(err)
	e.Error.Message = err.Error()
	if e.Error.Code == host.CodeInternal {
		e.Error.Message = "internal error"
	}
	writeJSON(w, statusOf(e.Error.Code), e)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	enc.Encode(v)
}

// errEmptyBody is the cause of readJSON's error for a body with nothing in it.
var errEmptyBody = errors.New("empty body")

// readJSON decodes a request body strictly: JSON content type, one value,
// no unknown fields, within MaxBody.
func readJSON(r *http.Request, v any) error {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return &host.Error{Code: host.CodeUnsupported, Msg: fmt.Sprintf("Content-Type %q: send the request body as application/json", ct)}
	}
	tooLarge := func(err error) bool {
		var tooBig *http.MaxBytesError
		return errors.As(err, &tooBig)
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		switch {
		case tooLarge(err):
			return &host.Error{Code: host.CodeTooLarge, Msg: fmt.Sprintf("request body over %d bytes", MaxBody)}
		case errors.Is(err, io.EOF):
			return &host.Error{Code: host.CodeInvalid, Msg: "request body: empty; send a JSON object", Err: errEmptyBody}
		}
		return &host.Error{Code: host.CodeInvalid, Msg: "request body: " + err.Error()}
	}
	// Exactly one value: anything after it but white space is refused.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if tooLarge(err) {
			return &host.Error{Code: host.CodeTooLarge, Msg: fmt.Sprintf("request body over %d bytes", MaxBody)}
		}
		return &host.Error{Code: host.CodeInvalid, Msg: "request body: trailing data after the JSON value"}
	}
	return nil
}

// pathID reads the {id} path value.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != r.PathValue("id") { // one spelling per game: no "+1", "01"
		return 0, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("no game %q", r.PathValue("id"))}
	}
	return id, nil
}
