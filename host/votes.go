package host

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"concordat/game"
	"concordat/store"
)

// The kinds of vote.
const (
	VoteDraw    = "draw"    // yes/no: end the game in a draw of every survivor
	VoteConcede = "concede" // a seat: every other survivor concedes the game to it
	VotePause   = "pause"   // yes/no: stop the clock
	VoteResume  = "resume"  // yes/no: restart a paused game's clock
	VoteExtend  = "extend"  // yes/no: add one window length to the deadline
)

// Survivors is implemented by games where some seats can drop out (a
// Diplomacy power with no centres and no units); votes need only the
// survivors.
type Survivors interface {
	Survivors(s game.State) []game.Seat
}

// VoteInfo is a game's votes as a seat may see them.
type VoteInfo struct {
	Kind  string            `json:"kind"`
	Votes map[string]string `json:"votes,omitempty"` // seat -> value (public votes)
	Count int               `json:"count"`           // votes cast
	Need  int               `json:"need"`            // votes needed (every survivor)
}

// Vote casts the user's vote and carries out a vote that passes. It
// returns what passed ("" if nothing).
func (h *Host) Vote(ctx context.Context, user, gameID int64, kind, value string) (string, error) {
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	g, opts, err := h.Game(ctx, gameID)
	if err != nil {
		return "", err
	}
	seat, _, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return "", err
	}
	if seat == "" {
		return "", errorf(CodeForbidden, "only players of game %d may vote", gameID)
	}
	switch g.Status {
	case store.Forming:
		return "", errorf(CodeNotStarted, "game %d has not started", gameID)
	case store.Finished:
		return "", errorf(CodeGameOver, "game %d is over", gameID)
	}
	survivors, err := h.survivors(ctx, g)
	if err != nil {
		return "", err
	}
	alive := map[game.Seat]bool{}
	for _, s := range survivors {
		alive[s] = true
	}
	switch kind {
	case VoteDraw, VotePause, VoteResume, VoteExtend:
		if value != "yes" && value != "no" {
			return "", errorf(CodeInvalid, "a %s vote is yes or no, not %q", kind, value)
		}
	case VoteConcede:
		if !alive[game.Seat(value)] {
			return "", errorf(CodeInvalid, "concede to whom? %q is no surviving seat", value)
		}
	default:
		return "", errorf(CodeInvalid, "unknown vote %q (draw, concede, pause, resume, extend)", kind)
	}
	if kind == VoteResume && g.Status != store.Paused || (kind == VotePause || kind == VoteExtend) && g.Status == store.Paused {
		return "", errorf(CodeConflict, "game %d is %s: a %s vote does not apply", gameID, g.Status, kind)
	}
	if err := h.Store.CastVote(ctx, store.Vote{GameID: gameID, Seat: seat, Kind: kind, Value: value, At: h.now()}); err != nil {
		return "", err
	}
	h.notify(Change{GameID: gameID, Kind: "vote"})
	votes, err := h.Store.Votes(ctx, gameID)
	if err != nil {
		return "", err
	}
	// Passed when every survivor agrees (for concede: every other survivor
	// names the same seat).
	agree := 0
	for _, v := range votes {
		if v.Kind != kind || !alive[v.Seat] {
			continue
		}
		switch {
		case kind == VoteConcede && v.Value == value && v.Seat != game.Seat(value):
			agree++
		case kind != VoteConcede && v.Value == "yes":
			agree++
		}
	}
	need := len(survivors)
	if kind == VoteConcede {
		need--
	}
	if agree < need {
		return "", nil
	}
	if err := h.clearVotes(ctx, gameID, kind, survivors); err != nil {
		return "", err
	}
	switch kind {
	case VoteDraw:
		err = h.Store.SetStatus(ctx, gameID, store.Finished, DrawResult(survivors), time.Time{}, nil)
	case VoteConcede:
		err = h.Store.SetStatus(ctx, gameID, store.Finished, "conceded to "+value, time.Time{}, nil)
	case VotePause:
		err = h.Store.SetStatus(ctx, gameID, store.Paused, "", time.Time{}, nil)
	case VoteResume:
		dl := opts.NextDeadline(h.now(), false)
		err = h.Store.SetStatus(ctx, gameID, store.Active, "", dl,
			[]store.Job{{GameID: gameID, Kind: "deadline", Seq: g.Seq, DueAt: dl}})
	case VoteExtend:
		length, _ := opts.length(false)
		dl := g.Deadline.Add(length)
		err = h.Store.SetStatus(ctx, gameID, store.Active, "", dl,
			[]store.Job{{GameID: gameID, Kind: "deadline", Seq: g.Seq, DueAt: dl}})
	}
	if err != nil {
		return "", fmt.Errorf("vote %s passed but: %w", kind, err)
	}
	h.notify(Change{GameID: gameID, Kind: "status"})
	return kind, nil
}

// DrawResult is the result of a game drawn between seats: "draw: " and
// the seats in alphabetical order, comma separated.
func DrawResult(seats []game.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = string(s)
	}
	sort.Strings(names)
	return "draw: " + strings.Join(names, ", ")
}

// dropVotes withdraws every vote of a kind cast in a game.
func (h *Host) dropVotes(ctx context.Context, gameID int64, kind string) error {
	votes, err := h.Store.Votes(ctx, gameID)
	if err != nil {
		return err
	}
	var seats []game.Seat
	for _, v := range votes {
		if v.Kind == kind && v.Value != "" {
			seats = append(seats, v.Seat)
		}
	}
	return h.clearVotes(ctx, gameID, kind, seats)
}

// clearVotes withdraws every seat's vote of a kind once it has passed.
func (h *Host) clearVotes(ctx context.Context, gameID int64, kind string, seats []game.Seat) error {
	for _, s := range seats {
		if err := h.Store.CastVote(ctx, store.Vote{GameID: gameID, Seat: s, Kind: kind, Value: "", At: h.now()}); err != nil {
			return err
		}
	}
	return nil
}

func (h *Host) survivors(ctx context.Context, g *store.Game) ([]game.Seat, error) {
	r := h.Rules[g.Kind]
	s, err := h.State(ctx, g)
	if err != nil {
		return nil, err
	}
	if sv, ok := r.(Survivors); ok {
		return sv.Survivors(s), nil
	}
	return r.Seats(s), nil
}

// Votes reports a game's open votes; with secret votes, who voted how is
// hidden until the vote passes.
func (h *Host) Votes(ctx context.Context, gameID int64) ([]VoteInfo, error) {
	g, opts, err := h.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	votes, err := h.Store.Votes(ctx, gameID)
	if err != nil {
		return nil, err
	}
	survivors, err := h.survivors(ctx, g)
	if err != nil {
		return nil, err
	}
	byKind := map[string]*VoteInfo{}
	for _, v := range votes {
		if v.Value == "" {
			continue
		}
		vi, ok := byKind[v.Kind]
		if !ok {
			vi = &VoteInfo{Kind: v.Kind, Need: len(survivors)}
			if v.Kind == VoteConcede {
				vi.Need-- // every survivor but the one conceded to
			}
			byKind[v.Kind] = vi
		}
		vi.Count++
		if !opts.SecretVotes {
			if vi.Votes == nil {
				vi.Votes = map[string]string{}
			}
			vi.Votes[string(v.Seat)] = v.Value
		}
	}
	out := []VoteInfo{}
	for _, vi := range byKind {
		out = append(out, *vi)
	}
	sort.Slice(out, func(i, j int) bool { return strings.Compare(out[i].Kind, out[j].Kind) < 0 })
	return out, nil
}
