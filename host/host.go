// Package host runs hosted games on top of a store.Store and the game
// contract: it creates games, seats players, applies their actions with
// optimistic concurrency, closes decision windows at deadlines (as leased
// jobs, so several processes resolve each deadline once), counts missed
// phases, and carries press and votes. It knows games only through
// game.Rules; it speaks no HTTP (package server does).
package host

import (
	"context"
	crand "crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"concordat/game"
	"concordat/store"
)

// Host serves games from one store. It is safe for concurrent use; several
// Host processes may share one store.
type Host struct {
	Store store.Store
	Rules map[string]game.Rules // by game.Rules.Name
	Now   func() time.Time      // the clock (tests inject one)
	Log   *slog.Logger
	Owner string // this process's name for job leases
	// SnapshotEvery is how many actions may follow a snapshot before the
	// next action also writes one (besides every window close).
	SnapshotEvery int
	// Notify, when set, learns of every change (for live updates and
	// notifications).
	Notify func(Change)
	// Late, when set, learns how long after its due time each deadline
	// closed its window (for the deadline-lag metric).
	Late func(time.Duration)
	// Remind, when set, is handed each due "remind" job (a deadline is
	// near) of an active game; it must not block (package notify queues).
	Remind func(ctx context.Context, g *store.Game, j store.Job)
	// MaxForming is how many forming games a user may have created at
	// once (DefaultMaxForming from New; 0 or less: no limit): one more is
	// refused (409 conflict) until one of them starts.
	MaxForming int

	mu    sync.Mutex
	cache map[int64]cached
	locks map[int64]*sync.Mutex
}

// ShortWindows is implemented by games whose decision windows come in two
// lengths (Diplomacy: retreats and adjustments are short).
type ShortWindows interface {
	ShortWindow(s game.State) bool
}

// Change is something that happened in a game, for live updates.
type Change struct {
	GameID int64
	Kind   string // "action", "phase", "message", "vote", "seat", "status"
	Seq    int64
	Events []game.Event
	// Seat and At are the acting seat and the time of an "action" or
	// "phase" change (its action Seq, with Events, is the log's entry).
	Seat game.Seat
	At   time.Time
	// EventsOmitted marks a change that had events it does not carry
	// (one relayed from another server process): read them from the log.
	EventsOmitted bool
	// Channel is the press channel of a "message" change.
	Channel string
}

type cached struct {
	seq   int64
	state game.State
	// ld is the game and its seats as of seq, when this process knows them
	// (it wrote the last action, or started the game); nil otherwise. Only
	// ActCached uses it, and only with conditions the store checks as it
	// writes, since another process may have changed the game meanwhile.
	ld *Loaded
	// win is what is known of the simultaneous window open at seq.
	win window
}

// DefaultMaxForming is Host.MaxForming unless set otherwise.
const DefaultMaxForming = 10

// New returns a Host; rules lists the games it hosts.
func New(st store.Store, log *slog.Logger, owner string, rules ...game.Rules) *Host {
	h := &Host{Store: st, Rules: map[string]game.Rules{}, Now: time.Now, Log: log, Owner: owner,
		SnapshotEvery: 25, MaxForming: DefaultMaxForming, cache: map[int64]cached{}, locks: map[int64]*sync.Mutex{}}
	for _, r := range rules {
		h.Rules[r.Name()] = r
	}
	return h
}

func (h *Host) now() time.Time { return h.Now().UTC() }

func (h *Host) notify(c Change) {
	if h.Notify != nil {
		h.Notify(c)
	}
}

// gameLock serializes this process's writes to one game, so that its own
// requests queue rather than fail as stale.
func (h *Host) gameLock(id int64) *sync.Mutex {
	h.mu.Lock()
	defer h.mu.Unlock()
	l, ok := h.locks[id]
	if !ok {
		l = &sync.Mutex{}
		h.locks[id] = l
	}
	return l
}

// NewGame is a request to create a game.
type NewGame struct {
	Name    string          `json:"name"`
	Kind    string          `json:"game"`    // "diplomacy" or "his"
	Variant string          `json:"variant"` // map or scenario
	Rules   json.RawMessage `json:"rules,omitempty"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    *uint64         `json:"seed,omitempty"` // for tests and replays; random otherwise
}

// CreateGame sets a game up and stores it, forming, with empty seats.
func (h *Host) CreateGame(ctx context.Context, user int64, req NewGame, seed uint64) (*store.Game, error) {
	r, ok := h.Rules[req.Kind]
	if !ok {
		names := make([]string, 0, len(h.Rules))
		for n := range h.Rules {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, errorf(CodeInvalid, "unknown game %q (hosted: %s)", req.Kind, strings.Join(names, ", "))
	}
	name, err := CheckName("name", req.Name, 100)
	if err != nil {
		return nil, err
	}
	if err := strictOptions(req.Options); err != nil {
		return nil, err
	}
	cfg := game.Config{Variant: req.Variant}
	if len(req.Rules) > 0 {
		if err := json.Unmarshal(req.Rules, &cfg.Options); err != nil {
			return nil, errorf(CodeInvalid, "rules: want an object of string settings: %v", err)
		}
	}
	opts, err := ParseOptions(req.Options)
	if err != nil {
		return nil, errorf(CodeInvalid, "%v", err)
	}
	if opts.BotKind != "" {
		if _, err := BotOf(r, opts.BotKind); err != nil {
			return nil, errorf(CodeInvalid, "options: bot_kind: %s", err.(*Error).Msg)
		}
	}
	if req.Seed != nil {
		seed = *req.Seed
	}
	s, err := r.Setup(cfg, seed)
	if err != nil {
		return nil, errorf(CodeInvalid, "%s: %v", req.Kind, err)
	}
	snap, err := r.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	optBytes := opts.Stored()
	g := &store.Game{Name: name, Kind: req.Kind, Config: cfg, Seed: seed, Options: optBytes,
		Status: store.Forming, CreatedBy: user, CreatedAt: h.now(), UpdatedAt: h.now(), FormingLimit: max(0, h.MaxForming)}
	if opts.Private {
		g.Invite = NewInvite()
	}
	var seats []store.Seat
	for i, seat := range r.Seats(s) {
		seats = append(seats, store.Seat{Seat: seat, Order: i})
	}
	if err := h.Store.CreateGame(ctx, g, seats, snap); err != nil {
		if errors.Is(err, store.ErrLimit) {
			return nil, &Error{Code: CodeConflict, Err: err, Msg: fmt.Sprintf(
				"you have %d games forming, the most this server allows: wait until one starts (all its seats taken) to create another", h.MaxForming)}
		}
		return nil, fmt.Errorf("create game: %w", err)
	}
	return g, nil
}

// NewInvite is a fresh invitation secret: 128 random bits, hex encoded.
func NewInvite() string {
	b := make([]byte, 16)
	if _, err := crand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// InviteMatches reports whether invite is the game's invitation (compared
// in constant time; a game without one matches nothing).
func InviteMatches(g *store.Game, invite string) bool {
	return g.Invite != "" && subtle.ConstantTimeCompare([]byte(g.Invite), []byte(invite)) == 1
}

// RotateInvite gives a private game a new invitation secret (the old one
// joins no more) and returns it.
func (h *Host) RotateInvite(ctx context.Context, gameID int64) (string, error) {
	inv := NewInvite()
	if err := h.Store.SetInvite(ctx, gameID, inv); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return "", errorf(CodeNotFound, "no game %d", gameID)
		}
		return "", err
	}
	return inv, nil
}

// Game reads a game and its options.
func (h *Host) Game(ctx context.Context, id int64) (*store.Game, Options, error) {
	g, err := h.Store.GetGame(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, Options{}, errorf(CodeNotFound, "no game %d", id)
		}
		return nil, Options{}, err
	}
	opts, err := ParseOptions(g.Options)
	if err != nil {
		return nil, Options{}, fmt.Errorf("game %d: stored options: %w", id, err)
	}
	return g, opts, nil
}

// Loaded is a game as read by one request: the game, its options and its
// seats, read together (GameSeats) and handed down instead of read again.
type Loaded struct {
	Game  *store.Game
	Opts  Options
	Seats []store.Seat
}

// SeatOf is the seat user holds (the first, for an account holding a
// group of seats: see SeatFor), or "" (also for user 0).
func (l *Loaded) SeatOf(user int64) game.Seat {
	if user == 0 {
		return ""
	}
	for _, s := range l.Seats {
		if s.UserID == user {
			return s.Seat
		}
	}
	return ""
}

// GameSeats reads a game, its options and its seats in one store query.
func (h *Host) GameSeats(ctx context.Context, id int64) (*Loaded, error) {
	g, seats, err := h.Store.GameAndSeats(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, errorf(CodeNotFound, "no game %d", id)
		}
		return nil, err
	}
	opts, err := ParseOptions(g.Options)
	if err != nil {
		return nil, fmt.Errorf("game %d: stored options: %w", id, err)
	}
	return &Loaded{Game: g, Opts: opts, Seats: seats}, nil
}

// SeatOf is the seat user holds in a game, or "" (and the seats): for an
// account holding several, the one ctx names (WithSeat) or its first.
func (h *Host) SeatOf(ctx context.Context, gameID, user int64) (game.Seat, []store.Seat, error) {
	seats, err := h.Store.Seats(ctx, gameID)
	if err != nil {
		return "", nil, err
	}
	return seatFor(ctx, seats, user, nil), seats, nil
}

// Join gives user a seat (the one named, or a random free one) in a
// forming game, and starts the game when it is full.
func (h *Host) Join(ctx context.Context, user, gameID int64, want game.Seat) (game.Seat, error) {
	// A random seat may be taken by someone else between the read and the
	// write: then another free one is tried.
	for attempt := 0; ; attempt++ {
		seat, err := h.join(ctx, user, gameID, want)
		if want == "" && CodeOf(err) == CodeConflict && errors.Is(err, store.ErrConflict) && attempt < 10 {
			continue
		}
		return seat, err
	}
}

// join makes one attempt to seat user.
func (h *Host) join(ctx context.Context, user, gameID int64, want game.Seat) (game.Seat, error) {
	g, _, err := h.Game(ctx, gameID)
	if err != nil {
		return "", err
	}
	if g.Status != store.Forming {
		return "", errorf(CodeConflict, "game %d has started: no seats to join", gameID)
	}
	held, seats, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return "", err
	}
	if held != "" {
		return "", errorf(CodeConflict, "you already hold %s in game %d", held, gameID)
	}
	grp, err := h.groupOf(ctx, g, seats, want)
	if err != nil {
		return "", err
	}
	if grp != nil {
		// The rules group seats: the account takes its whole group.
		if err := h.takeGroup(ctx, gameID, grp, user); err != nil {
			return "", err
		}
		h.notify(Change{GameID: gameID, Kind: "seat"})
		if err := h.startIfFull(ctx, gameID); err != nil {
			return grp[0], err
		}
		return grp[0], nil
	}
	var free []game.Seat
	for _, s := range seats {
		if s.UserID == 0 && !s.Bot {
			free = append(free, s.Seat)
		}
	}
	if len(free) == 0 {
		return "", errorf(CodeConflict, "game %d is full", gameID)
	}
	seat := want
	if seat == "" {
		// Not from the game's seed: that is secret (it decides the dice).
		seat = free[rand.IntN(len(free))]
	} else {
		found := false
		for _, s := range seats {
			found = found || s.Seat == seat
		}
		if !found {
			return "", errorf(CodeInvalid, "game %d has no seat %q", gameID, seat)
		}
	}
	if err := h.Store.TakeSeat(ctx, gameID, seat, user); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return "", &Error{Code: CodeConflict, Msg: fmt.Sprintf("seat %s of game %d is taken", seat, gameID), Err: err}
		}
		return "", err
	}
	h.notify(Change{GameID: gameID, Kind: "seat"})
	if err := h.startIfFull(ctx, gameID); err != nil {
		return seat, err
	}
	return seat, nil
}

// TakeOver gives user a seat of a started game that is in civil disorder
// (its holder missed Options.MissedLimit phases in a row) or empty: a new
// player replaces the absent one. The user may hold no other seat.
func (h *Host) TakeOver(ctx context.Context, user, gameID int64, seat game.Seat) error {
	// Under the game's lock: a bot taking the seat (TakeOverBot) writes
	// the seat with its action, after reading it under the same lock.
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	g, opts, err := h.Game(ctx, gameID)
	if err != nil {
		return err
	}
	if g.Status != store.Active && g.Status != store.Paused {
		return errorf(CodeConflict, "game %d is %s: only a started game's seats are taken over", gameID, g.Status)
	}
	held, seats, err := h.SeatOf(ctx, gameID, user)
	if err != nil {
		return err
	}
	if held != "" {
		return errorf(CodeConflict, "you already hold %s in game %d", held, gameID)
	}
	for _, st := range seats {
		if st.Seat != seat {
			continue
		}
		if st.UserID != 0 && st.Missed < opts.MissedLimit {
			return errorf(CodeConflict, "%s is not in civil disorder (%d of %d phases missed)", seat, st.Missed, opts.MissedLimit)
		}
		if err := h.Store.ReplaceSeat(ctx, gameID, seat, st.UserID, user); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return errorf(CodeConflict, "%s of game %d changed hands meanwhile: reload", seat, gameID)
			}
			return err
		}
		h.notify(Change{GameID: gameID, Kind: "seat"})
		return nil
	}
	return errorf(CodeInvalid, "game %d has no seat %q", gameID, seat)
}

// Leave gives up the user's seat in a forming game. It takes the game's
// lock, as starting a full game does (startIfFull), so that this process
// never leaves a seat of a game it is starting; across processes the
// store serializes the seat change and the start (store.StartGame), so
// that a game never starts with the seat just left empty.
func (h *Host) Leave(ctx context.Context, user, gameID int64) error {
	l := h.gameLock(gameID)
	l.Lock()
	defer l.Unlock()
	g, _, err := h.Game(ctx, gameID)
	if err != nil {
		return err
	}
	if g.Status != store.Forming {
		return errorf(CodeConflict, "game %d has started: seats cannot be left", gameID)
	}
	if err := h.Store.LeaveSeat(ctx, gameID, user); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return errorf(CodeNotFound, "you hold no seat in game %d", gameID)
		}
		return err
	}
	h.notify(Change{GameID: gameID, Kind: "seat"})
	return nil
}

// start makes a full game active and sets its first deadline: a short one
// when the game opens on a short window (a map that starts with builds,
// Multiplicity's start choice). seats are the game's, all held; the game
// and they are remembered for the first action (ActCached). The store
// refuses the start (store.ErrConflict) if a seat was left meanwhile.
func (h *Host) start(ctx context.Context, g *store.Game, opts Options, seats []store.Seat) error {
	short := false
	var s game.State
	if r, ok := h.Rules[g.Kind]; ok {
		var err error
		if s, err = h.State(ctx, g); err != nil {
			return err
		}
		short = h.short(r, s)
	}
	dl := opts.NextDeadline(h.now(), short)
	job := store.Job{GameID: g.ID, Kind: "deadline", Seq: g.Seq, DueAt: dl}
	jobs := append([]store.Job{job}, h.remindJobs(g.ID, g.Seq, dl)...)
	if err := h.Store.StartGame(ctx, g.ID, dl, jobs); err != nil {
		return err
	}
	if s != nil {
		g2 := *g
		g2.Status, g2.Deadline = store.Active, dl
		h.rememberLoaded(g.ID, g.Seq, s, &Loaded{Game: &g2, Opts: opts, Seats: slices.Clone(seats)}, openAt(h.Rules[g.Kind], s, g.Seq))
	}
	h.notify(Change{GameID: g.ID, Kind: "status"})
	return nil
}

// State rebuilds a game's state after its last action (from the latest
// snapshot and the actions after it), using a cache.
func (h *Host) State(ctx context.Context, g *store.Game) (game.State, error) {
	r, ok := h.Rules[g.Kind]
	if !ok {
		return nil, fmt.Errorf("game %d: game %q is not hosted here", g.ID, g.Kind)
	}
	h.mu.Lock()
	c, ok := h.cache[g.ID]
	h.mu.Unlock()
	if ok && c.seq == g.Seq {
		return r.Clone(c.state), nil
	}
	if ok && c.seq < g.Seq {
		// Another process moved the game on: apply only what it added.
		if s, err := h.catchUp(ctx, r, g, c); err == nil {
			return s, nil
		}
		// The actions do not apply to the cached state (it cannot happen
		// unless the record was rewritten): rebuild from the snapshot.
	}
	snap, err := h.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return nil, fmt.Errorf("game %d: snapshot: %w", g.ID, err)
	}
	s, err := r.Unmarshal(snap.State)
	if err != nil {
		return nil, fmt.Errorf("game %d: snapshot %d: %w", g.ID, snap.Seq, err)
	}
	acts, err := h.Store.Actions(ctx, g.ID, snap.Seq)
	if err != nil {
		return nil, err
	}
	win := openAt(r, s, snap.Seq)
	for _, a := range acts {
		if a.Seq > g.Seq {
			break
		}
		if s, _, err = r.Apply(s, a.Seat, a.Action); err != nil {
			return nil, fmt.Errorf("game %d: replaying action %d: %w", g.ID, a.Seq, err)
		}
		win = win.after(a, windowOf(r, s))
	}
	h.remember(g.ID, g.Seq, r.Clone(s), win)
	return s, nil
}

// catchUp brings a cached state c, older than g, up to g's seq by applying
// the actions after it: one read of the few actions another process
// stored, instead of the snapshot and every action since.
func (h *Host) catchUp(ctx context.Context, r game.Rules, g *store.Game, c cached) (game.State, error) {
	acts, err := h.Store.ActionsBetween(ctx, g.ID, c.seq, g.Seq)
	if err != nil {
		return nil, err
	}
	if int64(len(acts)) != g.Seq-c.seq {
		return nil, fmt.Errorf("game %d: %d actions between %d and %d", g.ID, len(acts), c.seq, g.Seq)
	}
	s := r.Clone(c.state)
	win := c.win
	for _, a := range acts {
		if s, _, err = r.Apply(s, a.Seat, a.Action); err != nil {
			return nil, fmt.Errorf("game %d: replaying action %d: %w", g.ID, a.Seq, err)
		}
		win = win.after(a, windowOf(r, s))
	}
	h.remember(g.ID, g.Seq, r.Clone(s), win)
	return s, nil
}

// remember caches s, the state of game id after action seq, and what is
// known of its window.
func (h *Host) remember(id, seq int64, s game.State, win window) {
	h.rememberLoaded(id, seq, s, nil, win)
}

// rememberAct caches s, the state after act (by rules r), and the game and
// seats then (nil: unknown). The window follows the cached one when the
// cache holds the state just before act.
func (h *Host) rememberAct(r game.Rules, act store.Action, s game.State, ld *Loaded) {
	name := windowOf(r, s)
	h.mu.Lock()
	c, ok := h.cache[act.GameID]
	h.mu.Unlock()
	win := window{name: name, from: act.Seq}
	if ok && c.seq == act.Seq-1 {
		win = c.win.after(act, name)
	}
	h.rememberLoaded(act.GameID, act.Seq, s, ld, win)
}

// rememberLoaded is remember with the game and seats as of seq (nil:
// unknown).
func (h *Host) rememberLoaded(id, seq int64, s game.State, ld *Loaded, win window) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c, ok := h.cache[id]; ok && c.seq > seq {
		return // a request that read the game before it moved on
	}
	if len(h.cache) >= 20000 {
		for k := range h.cache { // drop an arbitrary tenth
			delete(h.cache, k)
			if len(h.cache) < 18000 {
				break
			}
		}
	}
	h.cache[id] = cached{seq: seq, state: s, ld: ld, win: win}
}

// CachedOptions is a game's options when this process holds a copy of the
// game (a game's options never change once it is created), so that a
// caller needing only them reads nothing.
func (h *Host) CachedOptions(id int64) (Options, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c, ok := h.cache[id]; ok && c.ld != nil {
		return c.ld.Opts, true
	}
	return Options{}, false
}

// forgetLoaded drops the cached copy of a game and its seats (the state
// stays: it is checked against the game's seq on every use).
func (h *Host) forgetLoaded(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c, ok := h.cache[id]; ok && c.ld != nil {
		c.ld = nil
		h.cache[id] = c
	}
}

// after is the game and seats once action seq, with effects e, is stored
// at `at`.
func (l *Loaded) after(seq int64, at time.Time, e store.Effects) *Loaded {
	g := *l.Game
	g.Seq, g.UpdatedAt = seq, at
	if e.Status != "" {
		g.Status = e.Status
	}
	if e.Result != "" {
		g.Result = e.Result
	}
	if e.Deadline != nil {
		g.Deadline = *e.Deadline
	}
	seats := slices.Clone(l.Seats)
	for _, st := range e.Seats {
		for i := range seats {
			if seats[i].Seat == st.Seat {
				seats[i].UserID, seats[i].Bot, seats[i].Missed = st.UserID, st.Bot, st.Missed
			}
		}
	}
	return &Loaded{Game: &g, Opts: l.Opts, Seats: seats}
}

// StateAt rebuilds a game's state after action seq (0: the setup): from
// the nearest snapshot at or below seq (every window close stores one, and
// every SnapshotEvery actions), replaying only the actions after it.
func (h *Host) StateAt(ctx context.Context, g *store.Game, seq int64) (game.State, error) {
	if seq < 0 || seq > g.Seq {
		return nil, errorf(CodeInvalid, "seq %d: the game has actions 0 to %d", seq, g.Seq)
	}
	r, ok := h.Rules[g.Kind]
	if !ok {
		return nil, fmt.Errorf("game %d: game %q is not hosted here", g.ID, g.Kind)
	}
	snap, err := h.Store.SnapshotAt(ctx, g.ID, seq)
	if errors.Is(err, store.ErrNotFound) {
		return h.replayAt(ctx, g, seq) // a game stored without its opening snapshot
	}
	if err != nil {
		return nil, fmt.Errorf("game %d: snapshot at %d: %w", g.ID, seq, err)
	}
	s, err := r.Unmarshal(snap.State)
	if err != nil {
		return nil, fmt.Errorf("game %d: snapshot %d: %w", g.ID, snap.Seq, err)
	}
	if snap.Seq == seq {
		return s, nil
	}
	acts, err := h.Store.ActionsBetween(ctx, g.ID, snap.Seq, seq)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		if s, _, err = r.Apply(s, a.Seat, a.Action); err != nil {
			return nil, fmt.Errorf("game %d: replaying action %d: %w", g.ID, a.Seq, err)
		}
	}
	return s, nil
}

// replayAt rebuilds a game's state after action seq by replaying its
// record from the setup (what StateAt did before snapshots; the tests hold
// StateAt to it).
func (h *Host) replayAt(ctx context.Context, g *store.Game, seq int64) (game.State, error) {
	r := h.Rules[g.Kind]
	rec := game.Record{Game: g.Kind, Config: g.Config, Seed: g.Seed}
	acts, err := h.Store.Actions(ctx, g.ID, 0)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		if a.Seq <= seq {
			rec.Steps = append(rec.Steps, game.Step{Seat: a.Seat, Action: a.Action})
		}
	}
	return game.Replay(r, rec, nil)
}

// Act applies a player's action for their seat. expectSeq is the game's
// seq the client saw (-1: whatever is current). It returns the new seq.
func (h *Host) Act(ctx context.Context, user, gameID int64, expectSeq int64, a game.Action) (int64, []game.Event, error) {
	return h.ActOn(ctx, user, gameID, nil, expectSeq, a)
}

// ActOn is Act on a game the caller has read (nil: read it here): Submit
// with the seq alone. The action is stored only if the game is still at
// the seq and status it was read with and the user still holds the seat
// (the store checks them as it writes), so a game read before this
// process's lock was taken is as good as one read after it. With
// expectSeq -1 the game is read here, under the lock, and the action is
// judged against it.
func (h *Host) ActOn(ctx context.Context, user, gameID int64, ld *Loaded, expectSeq int64, a game.Action) (int64, []game.Event, error) {
	if expectSeq < 0 {
		ld = nil
	}
	res, err := h.submit(ctx, user, gameID, ld, Submission{Seq: expectSeq, Action: a}, expectSeq < 0)
	return res.Seq, res.Events, err
}

// ActCached is SubmitCached with the seq alone: it acts on this process's
// cached copy of the game and its seats, which it has when it stored the
// game's last action itself (or started the game). The store then writes
// the action only if the game is still at the cached seq and active and
// the user still holds the seat (Effects.IfSeatHeld), so a copy another
// process made out of date cannot store anything. ok is false when there
// is no such copy or anything failed (nothing was stored then; the copy is
// dropped): the caller reads the game and acts with ActOn, which gives the
// answer. With a load balancer that sends a game's requests to one
// process, an order costs one store call, the write.
func (h *Host) ActCached(ctx context.Context, user, gameID int64, expectSeq int64, a game.Action) (seq int64, events []game.Event, seat game.Seat, ok bool) {
	res, ok := h.SubmitCached(ctx, user, gameID, Submission{Seq: expectSeq, Action: a})
	return res.Seq, res.Events, res.Seat, ok
}

// actLocked applies the action of user's seat to s, the state of the game
// ld (at ld.Game.Seq), and stores it if the game is still at that seq and
// active and the user still holds the seat. User 0 is a bot (the seat's
// bot, or one taking the seat over: then takeover is the seat's new row,
// stored with the action). The caller holds the game's lock.
func (h *Host) actLocked(ctx context.Context, user int64, ld *Loaded, seat game.Seat, s game.State, a game.Action, takeover *store.Seat) (int64, []game.Event, error) {
	g, opts, seats, gameID := ld.Game, ld.Opts, ld.Seats, ld.Game.ID
	r := h.Rules[g.Kind]
	if v, ok := r.(game.Vetter); ok {
		// A submission only: replay never comes here, so records that
		// hold what Vet now refuses still replay.
		if err := v.Vet(s, seat, a); err != nil {
			return 0, nil, &Error{Code: CodeRefused, Msg: err.Error(), Err: err}
		}
	}
	owedBefore := promptKey(r.Pending(s)) // Apply changes s in place
	s, events, err := r.Apply(s, seat, a)
	if err != nil {
		return 0, nil, &Error{Code: CodeRefused, Msg: err.Error(), Err: err}
	}
	e := store.Effects{IfStatus: store.Active, IfSeatHeld: user != 0}
	if takeover != nil {
		e.Seats = append(e.Seats, *takeover)
	}
	if g.Seq%int64(h.SnapshotEvery) == int64(h.SnapshotEvery-1) {
		if e.Snapshot, err = r.Marshal(s); err != nil {
			return 0, nil, err
		}
	}
	after := r.Pending(s) // s does not change below, up to the early close
	if len(after) > 0 && promptKey(after) != owedBefore {
		// The action answered its decision and another is owed (a game of
		// turns, as Here I Stand): the new decision gets a whole window,
		// and the seat that answered in time has missed nothing.
		dl := opts.NextDeadline(h.now(), h.short(r, s))
		e.Deadline = &dl
		e.NewJobs = append([]store.Job{{GameID: gameID, Kind: "deadline", Seq: g.Seq + 1, DueAt: dl}}, h.remindJobs(gameID, g.Seq+1, dl)...)
		for _, st := range seats {
			if st.Seat == seat && st.Missed > 0 && takeover == nil {
				st.Missed = 0
				e.Seats = append(e.Seats, st)
			}
		}
	}
	h.finishIfOver(r, s, &e)
	if e.Status == store.Finished {
		e.NewJobs = nil
	}
	rec := store.Action{GameID: gameID, Seq: g.Seq + 1, Seat: seat, UserID: user, Action: a, At: h.now(), Events: events}
	if err := h.Store.AppendAction(ctx, rec, g.Seq, e); err != nil {
		if errors.Is(err, store.ErrStale) {
			return 0, nil, &Error{Code: CodeStale, Msg: "the game changed while your action was applied: reload and submit again", Err: errMovedOn}
		}
		return 0, nil, err
	}
	ldAfter := ld.after(g.Seq+1, rec.At, e)
	h.rememberAct(r, rec, r.Clone(s), ldAfter)
	h.notify(Change{GameID: gameID, Kind: "action", Seq: g.Seq + 1, Events: events, Seat: seat, At: rec.At})
	seq := g.Seq + 1
	// Everyone ready (a bot that answered counts as ready): close the
	// window now.
	if allReady(after, ldAfter.Seats) {
		g2 := *g // the caller's copy stays as it was read
		g2.Seq = seq
		next, err := h.advanceLocked(ctx, &g2, opts, s, 0)
		switch {
		case err == nil:
			seq = next
		case CodeOf(err) != CodeStale && !errors.Is(err, store.ErrStale):
			// The action is stored: report it done. The deadline still
			// closes the window if closing it now failed.
			h.Log.Error("closing a window early", "game", gameID, "seq", seq, "err", err)
			fallthrough
		default:
			if g3, err := h.Store.GetGame(ctx, gameID); err == nil {
				seq = g3.Seq
			}
		}
	}
	return seq, events, nil
}

// promptKey names the decisions owed (seat and kind, not progress), to
// tell when an action opened a new decision.
func promptKey(ps []game.Prompt) string {
	keys := make([]string, len(ps))
	for i, p := range ps {
		keys[i] = string(p.Seat) + "/" + p.Kind
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// short reports whether s's window is a short one.
func (h *Host) short(r game.Rules, s game.State) bool {
	if sw, ok := r.(ShortWindows); ok {
		return sw.ShortWindow(s)
	}
	return false
}

// finishIfOver marks the game finished in e when the rules say it is over.
func (h *Host) finishIfOver(r game.Rules, s game.State, e *store.Effects) {
	if over, result := r.Over(s); over {
		e.Status, e.Result = store.Finished, result
		zero := time.Time{}
		e.Deadline = &zero
	}
}

// advanceLocked closes the current decision window of g (whose state is s)
// with game.Advance: missed decisions take their defaults, missed counts
// change, the next deadline is set. jobID, when not 0, is the deadline job
// this process holds. The caller holds the game's lock.
func (h *Host) advanceLocked(ctx context.Context, g *store.Game, opts Options, s game.State, jobID int64) (int64, error) {
	r := h.Rules[g.Kind]
	seats, err := h.Store.Seats(ctx, g.ID)
	if err != nil {
		return 0, err
	}
	answered := map[game.Seat]bool{}              // by a bot, for a seat that missed the deadline
	again := h.missedInRound(ctx, r, g, s, seats) // seats that missed this round already
	if seq, done, err := h.botsAtDeadline(ctx, r, g, opts, &s, seats, jobID, answered, again); err != nil || done {
		return seq, err
	}
	pending := r.Pending(s)
	s, events, err := r.Apply(s, game.System, game.Action{Type: game.Advance})
	if err != nil {
		return 0, fmt.Errorf("game %d: advance: %w", g.ID, err)
	}
	snap, err := r.Marshal(s)
	if err != nil {
		return 0, err
	}
	e := store.Effects{Snapshot: snap, IfStatus: store.Active}
	if jobID != 0 {
		e.CompleteJob, e.JobOwner = jobID, h.Owner
	}
	// Missed phases: a seat that owed a decision and submitted nothing (a
	// bot's answer in its place is no submission; a bot's seat misses
	// nothing), once per round of a game of Rounds.
	owed := map[game.Seat]bool{}
	for _, p := range pending {
		owed[p.Seat] = owed[p.Seat] || !(p.Submitted || p.Ready) || answered[p.Seat]
	}
	for _, st := range seats {
		missed, ok := owed[st.Seat]
		switch {
		case st.Bot, again[st.Seat]:
			continue
		case ok && missed:
			st.Missed++
		case ok:
			st.Missed = 0
		default:
			continue
		}
		e.Seats = append(e.Seats, st)
	}
	dl := opts.NextDeadline(h.now(), h.short(r, s))
	e.Deadline = &dl
	e.NewJobs = []store.Job{{GameID: g.ID, Kind: "deadline", Seq: g.Seq + 1, DueAt: dl}}
	e.NewJobs = append(e.NewJobs, h.remindJobs(g.ID, g.Seq+1, dl)...)
	h.finishIfOver(r, s, &e)
	if e.Status == store.Finished {
		e.NewJobs = nil
	}
	rec := store.Action{GameID: g.ID, Seq: g.Seq + 1, Seat: game.System, Action: game.Action{Type: game.Advance}, At: h.now(), Events: events}
	if err := h.Store.AppendAction(ctx, rec, g.Seq, e); err != nil {
		return 0, err
	}
	h.rememberAct(r, rec, r.Clone(s), nil)
	h.notify(Change{GameID: g.ID, Kind: "phase", Seq: g.Seq + 1, Events: events, Seat: game.System, At: rec.At})
	// A vote to extend was about the window that just closed: it must not
	// carry over and extend a later one. (Draw, concession and pause votes
	// stand until withdrawn.)
	if err := h.dropVotes(ctx, g.ID, VoteExtend); err != nil {
		h.Log.Warn("dropping extend votes", "game", g.ID, "err", err)
	}
	return g.Seq + 1, nil
}

// RunJob carries out one claimed job: a deadline closes its game's window
// unless the deadline has moved (the window closed early, or was extended),
// in which case the job is obsolete and is dropped; a reminder of an active
// game goes to the Remind hook, and is then done.
func (h *Host) RunJob(ctx context.Context, j store.Job) error {
	l := h.gameLock(j.GameID)
	l.Lock()
	defer l.Unlock()
	g, opts, err := h.Game(ctx, j.GameID)
	if err != nil {
		if CodeOf(err) == CodeNotFound {
			return h.Store.CompleteJob(ctx, j.ID, h.Owner)
		}
		return err
	}
	if j.Kind == "remind" && h.Remind != nil && g.Status == store.Active {
		h.Remind(ctx, g, j) // the hook judges whether the window is still open
	}
	if j.Kind != "deadline" || g.Status != store.Active || g.Deadline.IsZero() || g.Deadline.After(j.DueAt) {
		return h.Store.CompleteJob(ctx, j.ID, h.Owner)
	}
	s, err := h.State(ctx, g)
	if err != nil {
		return err
	}
	if _, err = h.advanceLocked(ctx, g, opts, s, j.ID); err == nil && h.Late != nil {
		h.Late(h.now().Sub(j.DueAt))
	}
	if err == nil {
		h.playBots(ctx, g.ID)
	}
	return err
}

// RunScheduler claims and runs due jobs until ctx ends, waking at most
// every poll interval.
func (h *Host) RunScheduler(ctx context.Context, poll time.Duration) {
	for {
		jobs, err := h.Store.ClaimJobs(ctx, h.Owner, h.now(), time.Minute, 32)
		if err != nil && ctx.Err() == nil {
			h.Log.Error("claim jobs", "err", err)
		}
		for _, j := range jobs {
			if err := h.RunJob(ctx, j); err != nil && ctx.Err() == nil {
				h.Log.Error("run job", "job", j.ID, "game", j.GameID, "err", err)
			}
		}
		if len(jobs) == 32 {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(poll):
		}
	}
}
