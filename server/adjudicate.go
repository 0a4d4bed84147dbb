package server

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"concordat/host"
)

// adjudicate is the sandbox (POST /api/adjudicate): one Diplomacy phase in,
// as `concordat adjudicate` reads it (docs/adjudicate.md), its result out,
// as the command writes it. No login is needed (it touches no game); it is
// limited per address, and a phase is at most MaxBody bytes.
func (s *Server) adjudicate(w http.ResponseWriter, r *http.Request) {
	s.sandbox(w, r, s.Adjudicate)
}

// sandboxLegal is POST /api/adjudicate/legal: the same phase in, the legal
// orders of every unit in it out (package adjudicate's LegalJSON), for
// order entry by clicking in the sandbox. The same limits apply.
func (s *Server) sandboxLegal(w http.ResponseWriter, r *http.Request) {
	s.sandbox(w, r, s.Legal)
}

// sandbox runs fn on the phase of a sandbox request and writes its answer.
func (s *Server) sandbox(w http.ResponseWriter, r *http.Request, fn func([]byte) ([]byte, error)) {
	if !s.limits.allow("adjudicate", s.clientKey(r)) {
		writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many adjudications: slow down"})
		return
	}
	if fn == nil {
		writeError(w, &host.Error{Code: host.CodeNotFound, Msg: "this server has no adjudication sandbox"})
		return
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		writeError(w, &host.Error{Code: host.CodeUnsupported, Msg: fmt.Sprintf("Content-Type %q: send the phase as application/json", ct)})
		return
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, &host.Error{Code: host.CodeTooLarge, Msg: fmt.Sprintf("the phase is over %d bytes", MaxBody)})
			return
		}
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "reading the phase: " + err.Error()})
		return
	}
	out, err := fn(data)
	var invalid interface{ Invalid() bool }
	switch {
	case errors.As(err, &invalid) && invalid.Invalid():
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: err.Error()})
		return
	case err != nil:
		s.Log.Error("adjudicate", "err", err)
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(out)
	w.Write([]byte("\n"))
}
