package host

import (
	"context"
	"errors"
	"sort"
	"strings"

	"concordat/game"
	"concordat/store"
)

// PublicChannel is the channel every seat and spectator reads.
const PublicChannel = "public"

// MaxMessage is the longest press message, in bytes.
const MaxMessage = 8000

// PressWindow is implemented by games that allow negotiation only at
// certain times (Here I Stand: its diplomacy phase).
type PressWindow interface {
	PressOpen(s game.State) bool
}

// ChannelOf names the channel between seats: "public" for none, else the
// sorted seats joined by commas (the sender included).
func ChannelOf(seats []game.Seat) string {
	if len(seats) == 0 {
		return PublicChannel
	}
	names := make([]string, 0, len(seats))
	seen := map[game.Seat]bool{}
	for _, s := range seats {
		if !seen[s] {
			seen[s] = true
			names = append(names, string(s))
		}
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

func toSeats(names []string) []game.Seat {
	out := make([]game.Seat, len(names))
	for i, n := range names {
		out[i] = game.Seat(n)
	}
	return out
}

// Reads reports whether seat ("" for a spectator) reads channel while the
// game is being played.
func Reads(channel string, seat game.Seat) bool { return inChannel(channel, seat) }

// inChannel reports whether seat reads channel.
func inChannel(channel string, seat game.Seat) bool {
	if channel == PublicChannel {
		return true
	}
	if seat == "" {
		return false
	}
	for _, s := range strings.Split(channel, ",") {
		if game.Seat(s) == seat {
			return true
		}
	}
	return false
}

// Post sends press from the user's seat to the seats named (none: the
// public channel), as the game's press mode allows.
func (h *Host) Post(ctx context.Context, user, gameID int64, to []game.Seat, body string) (*store.Message, error) {
	ld, err := h.GameSeats(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return h.PostOn(ctx, user, ld, to, body)
}

// PostOn is Post on a game the caller has read.
func (h *Host) PostOn(ctx context.Context, user int64, ld *Loaded, to []game.Seat, body string) (*store.Message, error) {
	return h.postOn(ctx, user, ld, to, body, false)
}

// PostCached is Post without reading the game: on this process's cached
// copy of the game and its seats (see ActCached), the message stored only
// if the game is still at the copy's seq and the user still holds the
// seat (store.Message.IfHeldBy). ok is false when there is no copy or
// anything failed (nothing was stored): the caller reads the game and
// posts with PostOn, which gives the answer.
func (h *Host) PostCached(ctx context.Context, user, gameID int64, to []game.Seat, body string) (m *store.Message, ok bool) {
	if user == 0 {
		return nil, false
	}
	h.mu.Lock()
	c, hit := h.cache[gameID]
	h.mu.Unlock()
	if !hit || c.ld == nil || c.ld.Game.Seq != c.seq || c.ld.SeatFor(ctx, user) == "" {
		return nil, false
	}
	m, err := h.postOn(ctx, user, c.ld, to, body, true)
	if err != nil {
		if errors.Is(err, store.ErrStale) {
			h.forgetLoaded(gameID)
		}
		return nil, false
	}
	return m, true
}

// postOn is PostOn; cached says ld is a cached copy, which the store
// checks as it writes.
func (h *Host) postOn(ctx context.Context, user int64, ld *Loaded, to []game.Seat, body string, cached bool) (*store.Message, error) {
	g, opts, seats, gameID := ld.Game, ld.Opts, ld.Seats, ld.Game.ID
	if g.Status == store.Forming {
		return nil, errorf(CodeNotStarted, "game %d has not started", gameID)
	}
	seat := ld.SeatFor(ctx, user) // an account holding several seats sends as the one it names
	if seat == "" {
		return nil, errorf(CodeForbidden, "only players of game %d may send press", gameID)
	}
	body = strings.TrimSpace(body)
	if body == "" || len(body) > MaxMessage {
		return nil, errorf(CodeInvalid, "message: 1 to %d bytes of UTF-8 text", MaxMessage)
	}
	if err := checkText(body); err != nil {
		return nil, err
	}
	switch {
	case opts.Press == PressNone && g.Status != store.Finished:
		return nil, errorf(CodePressClosed, "game %d is played without press", gameID)
	case opts.Press == PressPublic && len(to) > 0:
		return nil, errorf(CodePressClosed, "game %d allows public press only", gameID)
	}
	valid := map[game.Seat]bool{}
	for _, s := range seats {
		valid[s.Seat] = true
	}
	for _, s := range to {
		if !valid[s] {
			return nil, errorf(CodeInvalid, "game %d has no seat %q", gameID, s)
		}
		if s == seat && len(to) == 1 {
			return nil, errorf(CodeInvalid, "a message to yourself alone goes nowhere")
		}
	}
	if g.Status == store.Active {
		if pw, ok := h.Rules[g.Kind].(PressWindow); ok {
			s, err := h.State(ctx, g)
			if err != nil {
				return nil, err
			}
			if !pw.PressOpen(s) {
				return nil, errorf(CodePressClosed, "negotiation is closed in this phase of game %d", gameID)
			}
		}
	}
	ch := PublicChannel
	if len(to) > 0 {
		ch = ChannelOf(append([]game.Seat{seat}, to...))
	}
	m := &store.Message{GameID: gameID, Channel: ch, From: seat, Body: body, At: h.now()}
	if cached {
		m.IfHeldBy, m.IfSeq = user, g.Seq
	}
	if err := h.Store.PostMessage(ctx, m); err != nil {
		return nil, err
	}
	h.notify(Change{GameID: gameID, Kind: "message", Channel: ch})
	return m, nil
}

// Messages lists the press the user may read in a game after the message
// whose Ref is after (0: from the first): the public channel and the
// user's own channels; in a finished game, everything. Senders are hidden
// in anonymous games (but one's own). A message is named by its Ref, never
// its ID, which would tell how much press others exchange.
func (h *Host) Messages(ctx context.Context, user, gameID int64, after int64) ([]store.Message, error) {
	g, opts, err := h.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	seat, _, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return nil, err
	}
	afterID := int64(0)
	if after != 0 {
		m, err := h.Store.MessageByRef(ctx, gameID, after)
		if errors.Is(err, store.ErrNotFound) || err == nil && g.Status != store.Finished && !inChannel(m.Channel, seat) {
			return nil, errorf(CodeInvalid, "after: game %d has no message %d that you read", gameID, after)
		}
		if err != nil {
			return nil, err
		}
		afterID = m.ID
	}
	all, err := h.Store.Messages(ctx, gameID, nil, afterID)
	if err != nil {
		return nil, err
	}
	out := []store.Message{}
	for _, m := range all {
		if g.Status != store.Finished && !inChannel(m.Channel, seat) {
			continue
		}
		if opts.Press == PressAnonymous && g.Status != store.Finished && m.From != seat {
			m.From = ""
		}
		out = append(out, m)
	}
	return out, nil
}

// ChannelInfo is one channel the user reads, with its unread count; Last
// is the Ref of its last message (0: none).
type ChannelInfo struct {
	Channel string `json:"channel"`
	Last    int64  `json:"last"`
	Unread  int    `json:"unread"`
}

// Channels lists the user's channels in a game with unread counts.
func (h *Host) Channels(ctx context.Context, user, gameID int64) ([]ChannelInfo, error) {
	msgs, err := h.Messages(ctx, user, gameID, 0)
	if err != nil {
		return nil, err
	}
	read, err := h.Store.LastRead(ctx, gameID, user)
	if err != nil {
		return nil, err
	}
	seat, _, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return nil, err
	}
	byCh := map[string]*ChannelInfo{PublicChannel: {Channel: PublicChannel}}
	for _, m := range msgs {
		c, ok := byCh[m.Channel]
		if !ok {
			c = &ChannelInfo{Channel: m.Channel}
			byCh[m.Channel] = c
		}
		c.Last = m.Ref
		if m.ID > read[m.Channel] && (m.From != seat || seat == "") {
			c.Unread++
		}
	}
	out := make([]ChannelInfo, 0, len(byCh))
	for _, c := range byCh {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Channel < out[j].Channel })
	return out, nil
}

// MarkRead records that the user read a channel up to the message whose
// Ref is upTo (0: none; the marker never moves back).
func (h *Host) MarkRead(ctx context.Context, user, gameID int64, channel string, upTo int64) error {
	seat, seats, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return err
	}
	if upTo < 0 {
		return errorf(CodeInvalid, "up_to: a message id, not %d", upTo)
	}
	if channel != PublicChannel {
		// A channel is named by its seats, sorted, comma-separated.
		valid := map[string]bool{}
		for _, s := range seats {
			valid[string(s.Seat)] = true
		}
		names := strings.Split(channel, ",")
		ok := len(names) >= 2
		for _, n := range names {
			ok = ok && valid[n]
		}
		if !ok || ChannelOf(toSeats(names)) != channel {
			return errorf(CodeInvalid, "channel %q: \"public\" or seats of game %d, sorted and comma-separated", channel, gameID)
		}
	}
	if !inChannel(channel, seat) {
		return errorf(CodeForbidden, "you do not read channel %q", channel)
	}
	id := int64(0)
	if upTo != 0 {
		m, err := h.Store.MessageByRef(ctx, gameID, upTo)
		if errors.Is(err, store.ErrNotFound) || err == nil && m.Channel != channel {
			return errorf(CodeInvalid, "up_to: channel %q of game %d has no message %d", channel, gameID, upTo)
		}
		if err != nil {
			return err
		}
		id = m.ID
	}
	return h.Store.MarkRead(ctx, gameID, user, channel, id)
}
