// Package adjudicate adjudicates one Diplomacy phase given as JSON: the
// interface of `concordat adjudicate` (docs/adjudicate.md), which the
// server's sandbox (POST /api/adjudicate) shares. A phase asking for
// Multiplicity ("options": {"multiplicity": "true"}) goes to its own
// engine; every other to the standard one.
package adjudicate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"concordat/diplomacy"
	"concordat/diplomacy/multiplicity"
)

// InputError is bad input: the caller's fault (the command exits 2, the
// server answers 400).
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Invalid reports that the error is the input's fault (true).
func (e *InputError) Invalid() bool { return true }

// InternalError is a panic inside the engine: our fault.
type InternalError struct{ Msg string }

func (e *InternalError) Error() string { return e.Msg }

// Adjudicator adjudicates phases with one reusable engine and adds up the
// time spent in adjudication proper (not decoding and encoding). It is
// not safe for concurrent use.
type Adjudicator struct {
	engine  *diplomacy.Engine
	Phases  int           // phases adjudicated
	Elapsed time.Duration // spent adjudicating them
}

// New returns an Adjudicator.
func New() *Adjudicator { return &Adjudicator{engine: diplomacy.NewEngine()} }

// phaseInput is the input as read: a phase, and also accepted, so that a
// result's "next" with orders added is itself an input, its "winner",
// which is ignored.
type phaseInput struct {
	diplomacy.PhaseInput
	Winner *string `json:"winner"`
}

// decodePhase reads exactly one JSON object from data. Unknown fields are
// refused, so that a misspelt field ("center") is not silently ignored;
// anything after the object other than white space is refused too.
func decodePhase(data []byte) (*diplomacy.PhaseInput, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &InputError{"no phase: the input is empty"}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var in phaseInput
	if err := dec.Decode(&in); err != nil {
		if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
			return nil, &InputError{strings.TrimPrefix(msg, "json: ") + " in the phase (a misspelt field? see docs/adjudicate.md)"}
		}
		return nil, &InputError{"malformed phase JSON: " + jsonErrorText(err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, &InputError{"malformed phase JSON after the phase object: " + jsonErrorText(err)}
		}
		return nil, &InputError{fmt.Sprintf("unexpected data after the phase object (at byte %d): one phase per input", dec.InputOffset())}
	}
	return &in.PhaseInput, nil
}

// jsonErrorText words a decoding error without the "json: " prefix and
// with the place it happened.
func jsonErrorText(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%s (at byte %d)", strings.TrimPrefix(syn.Error(), "json: "), syn.Offset)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		where := typ.Field
		if where == "" {
			where = "the phase"
		}
		return fmt.Sprintf("%s: want %s, not a JSON %s (at byte %d)", where, typ.Type, typ.Value, typ.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "the input ends inside the phase object"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// Phase decodes, checks and adjudicates one phase and returns its result,
// ready to encode as JSON. Its error is an *InputError (the input is
// wrong: the message names the problem) or an *InternalError.
func (a *Adjudicator) Phase(data []byte) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, &InternalError{fmt.Sprintf("internal error: the adjudicator failed on this phase: %v (please report it with the input)", r)}
		}
	}()
	if multiplicity.Requested(data) {
		// Multiplicity has its own units (counts, compositions) and engine.
		start := time.Now()
		res, err := multiplicity.Adjudicate(data)
		if err != nil {
			return nil, &InputError{err.Error()}
		}
		a.Elapsed += time.Since(start)
		a.Phases++
		return json.RawMessage(res), nil
	}
	in, err := decodePhase(data)
	if err != nil {
		return nil, err
	}
	pr, err := a.engine.Prepare(in)
	if err != nil {
		return nil, &InputError{err.Error()}
	}
	start := time.Now()
	pr.Run()
	a.Elapsed += time.Since(start)
	a.Phases++
	return pr.Output(), nil
}

// pool keeps adjudicators (and their engines' per-map tables) for JSON.
var pool = sync.Pool{New: func() any { return New() }}

// JSON adjudicates one phase and returns its result as JSON, as
// `concordat adjudicate` writes it (without the final newline); safe for
// concurrent use. Its errors are Phase's.
func JSON(data []byte) ([]byte, error) {
	a := pool.Get().(*Adjudicator)
	defer pool.Put(a)
	out, err := a.Phase(data)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, &InternalError{"internal error: encoding the result: " + err.Error()}
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
