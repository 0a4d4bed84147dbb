package host

import (
	"errors"
	"fmt"

	"concordat/store"
)

// Code is a stable error code of the API.
type Code string

// The error codes. The HTTP layer maps each to a status.
const (
	CodeInvalid      Code = "invalid"       // bad input: names the problem
	CodeUnauthorized Code = "unauthorized"  // no or bad login
	CodeForbidden    Code = "forbidden"     // logged in, not allowed
	CodeNotFound     Code = "not_found"     // no such thing (or not visible)
	CodeConflict     Code = "conflict"      // taken, full, already done
	CodeStale        Code = "stale"         // the game moved on since the client's seq
	CodeRefused      Code = "refused"       // the rules refuse the action
	CodeRateLimited  Code = "rate_limited"  // too many requests
	CodeInternal     Code = "internal"      // our fault
	CodeTooLarge     Code = "too_large"     // request body too large
	CodeUnavailable  Code = "unavailable"   // shutting down
	CodeWrongMethod  Code = "wrong_method"  // HTTP method not allowed
	CodeUnsupported  Code = "unsupported"   // e.g. not JSON
	CodeGameOver     Code = "game_over"     // the game has finished
	CodeNotStarted   Code = "not_started"   // the game is still forming
	CodePressClosed  Code = "press_closed"  // the game's press mode forbids it
	CodeNotYourTurn  Code = "not_your_turn" // the seat owes no decision
)

// Error is an error with a stable code and a message for people.
type Error struct {
	Code Code
	Msg  string
	Err  error // the cause, if any
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorf makes an *Error.
func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// CodeOf is the code of err: its *Error's code, a store error's, or internal.
func CodeOf(err error) Code {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e.Code
	case errors.Is(err, store.ErrNotFound):
		return CodeNotFound
	case errors.Is(err, store.ErrConflict):
		return CodeConflict
	case errors.Is(err, store.ErrStale):
		return CodeStale
	}
	return CodeInternal
}
