package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"concordat/store"
)

// CheckName checks a name people gave something (a game, a token): valid
// UTF-8, 1 to max characters once trimmed, no control or format
// characters (no NUL, no bidirectional overrides). It returns the trimmed
// name.
func CheckName(what, name string, max int) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > max || !utf8.ValidString(name) {
		return "", errorf(CodeInvalid, "%s: 1 to %d characters", what, max)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return "", errorf(CodeInvalid, "%s: no control or formatting characters (found %U)", what, r)
		}
	}
	return name, nil
}

// checkText checks a message body: valid UTF-8, no control characters but
// line breaks and tabs.
func checkText(body string) error {
	if !utf8.ValidString(body) {
		return errorf(CodeInvalid, "message: not valid UTF-8")
	}
	for _, r := range body {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return errorf(CodeInvalid, "message: no control characters (found %U)", r)
		}
	}
	return nil
}

// strictOptions refuses options with fields the server does not know (a
// misspelt "phase" would otherwise silently become the default).
func strictOptions(raw json.RawMessage) error {
	if len(raw) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var o Options
	if err := dec.Decode(&o); err != nil {
		return errorf(CodeInvalid, "options: %v", err)
	}
	if o.TimeZone == "Local" {
		// The server's own zone: it would change with the machine.
		return errorf(CodeInvalid, "options: time_zone %q: name a zone (\"Europe/Paris\", \"UTC\")", o.TimeZone)
	}
	return nil
}

// startIfFull starts a forming game whose seats are all held (by users or
// bots), and has its bots answer what they owe at once. It reads
// the seats again under the game's lock, so that two players taking the
// last two seats at once still start the game (each saw a free seat left).
func (h *Host) startIfFull(ctx context.Context, gameID int64) error {
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	g, opts, err := h.Game(ctx, gameID)
	if err != nil || g.Status != store.Forming {
		return err
	}
	seats, err := h.Store.Seats(ctx, gameID)
	if err != nil {
		return err
	}
	for _, s := range seats {
		if s.UserID == 0 && !s.Bot {
			return nil
		}
	}
	if err := h.start(ctx, g, opts, seats); !errors.Is(err, store.ErrConflict) {
		if err == nil && hasBot(seats) {
			h.playBots(ctx, gameID) // the bots' first answers
		}
		return err
	}
	// A player left (through another process) or the game started since
	// the seats were read: the game is not this join's to start.
	return nil
}
