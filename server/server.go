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
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"concordat/host"
	"concordat/store"
)

//go:embed openapi.json
var openAPI []byte

// MaxBody is the largest request body accepted, in bytes.
const MaxBody = 64 << 10

// Server is the HTTP handler of the API.
type Server struct {
	Host *host.Host
	Log  *slog.Logger
	// SecureCookies marks session cookies Secure (set behind HTTPS).
	SecureCookies bool
	// SessionTTL is how long a login lasts.
	SessionTTL time.Duration

	mux     *http.ServeMux
	metrics *metrics
	limits  *limiter
	hub     *Hub
}

// New builds the server and its routes.
func New(h *host.Host, log *slog.Logger) *Server {
	s := &Server{Host: h, Log: log, SessionTTL: 30 * 24 * time.Hour, mux: http.NewServeMux(),
		metrics: newMetrics(), limits: newLimiter(), hub: NewHub()}
	prev := h.Notify
	h.Notify = func(c host.Change) {
		s.hub.Publish(c)
		if c.Kind == "phase" {
			s.metrics.phases.Inc()
		}
		if prev != nil {
			prev(c)
		}
	}
	s.routes()
	return s
}

// Hub is the server's live-update hub.
func (s *Server) Hub() *Hub { return s.hub }

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /healthz", s.healthz)
	m.Handle("GET /metrics", s.metrics.handler())
	m.HandleFunc("GET /api/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(openAPI)
	})
	m.HandleFunc("POST /api/register", s.register)
	m.HandleFunc("POST /api/login", s.login)
	m.HandleFunc("POST /api/logout", s.logout)
	m.HandleFunc("GET /api/me", s.authed(s.me))
	m.HandleFunc("POST /api/tokens", s.authed(s.newToken))
	m.HandleFunc("GET /api/games", s.listGames)
	m.HandleFunc("POST /api/games", s.authed(s.createGame))
	m.HandleFunc("GET /api/games/{id}", s.getGame)
	m.HandleFunc("POST /api/games/{id}/join", s.authed(s.join))
	m.HandleFunc("POST /api/games/{id}/leave", s.authed(s.leave))
	m.HandleFunc("GET /api/games/{id}/legal", s.authed(s.legal))
	m.HandleFunc("POST /api/games/{id}/actions", s.authed(s.act))
	m.HandleFunc("GET /api/games/{id}/history/{seq}", s.history)
	m.HandleFunc("GET /api/games/{id}/messages", s.messages)
	m.HandleFunc("POST /api/games/{id}/messages", s.authed(s.post))
	m.HandleFunc("GET /api/games/{id}/channels", s.authed(s.channels))
	m.HandleFunc("POST /api/games/{id}/read", s.authed(s.markRead))
	m.HandleFunc("GET /api/games/{id}/votes", s.votes)
	m.HandleFunc("POST /api/games/{id}/votes", s.authed(s.vote))
	m.HandleFunc("GET /api/games/{id}/events", s.events)
}

// ServeHTTP applies the common middleware: panics become 500s, bodies are
// limited, metrics and logs record every request.
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
	if r.Body != nil {
		r.Body = http.MaxBytesReader(rec, r.Body, MaxBody)
	}
	s.mux.ServeHTTP(rec, r)
}

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

// readJSON decodes a request body strictly: JSON content type, one value,
// no unknown fields, within MaxBody.
func readJSON(r *http.Request, v any) error {
	ct := r.Header.Get("Content-Type")
	if !strings.HasPrefix(ct, "application/json") {
		return &host.Error{Code: host.CodeUnsupported, Msg: "send the request body as Content-Type: application/json"}
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &host.Error{Code: host.CodeTooLarge, Msg: fmt.Sprintf("request body over %d bytes", MaxBody)}
		}
		return &host.Error{Code: host.CodeInvalid, Msg: "request body: " + err.Error()}
	}
	if dec.More() {
		return &host.Error{Code: host.CodeInvalid, Msg: "request body: more than one JSON value"}
	}
	return nil
}

// pathID reads the {id} path value.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, &host.Error{Code: host.CodeNotFound, Msg: fmt.Sprintf("no game %q", r.PathValue("id"))}
	}
	return id, nil
}

var _ = store.Forming
