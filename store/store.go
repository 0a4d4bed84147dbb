// Package store is the server's storage contract: accounts, games as
// records of actions with snapshots, seats, press, votes and deadline jobs.
// Implementations live in store/sqlite (the default, embedded) and
// store/postgres; store/storetest is the conformance suite both must pass.
//
// A game is its record: setup (game, config, seed) and an append-only log
// of actions, numbered from 1. Game.Seq is the number of the last action
// applied. AppendAction writes an action, its effects and optionally a
// snapshot in one transaction, and only if the game's Seq is still the one
// the caller read: two requests that race are never both applied, and a
// deadline is never resolved twice.
//
// The store reads no clock: every time it keeps is one the caller gives
// (CreatedAt, At, DueAt, now). Methods that list a game's rows (Seats,
// Actions, Messages, LastRead, Votes) return an empty list, not an error,
// for a game that does not exist.
package store

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"time"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"concordat/game"
)

// Errors every implementation returns (wrapped or not; test with errors.Is).
var (
	ErrNotFound  = errors.New("not found")
	ErrConflict  = errors.New("already exists")
	ErrStale     = errors.New("stale: the game changed since it was read")
	ErrLeaseLost = errors.New("the job's lease is held by another owner or expired")
	// ErrLimit: a write refused because it would pass a limit its caller
	// set (Game.FormingLimit).
	ErrLimit = errors.New("limit reached")
)

// NameKey is the form in which user names are compared: case-folded
// (Unicode full case folding) and in normalization form C, so that
// "Émile", "ÉMILE" and "e\u0301mile" are one name.
func NameKey(name string) string {
	return norm.NFC.String(cases.Fold().String(norm.NFC.String(name)))
}

// User is an account. Name is unique (case-insensitively, see NameKey).
type User struct {
	ID    int64
	Name  string
	Email string
	// Webhook is a URL that receives the user's notifications as
	// Discord-compatible JSON ("": none). A secret, like a game's webhook.
	Webhook      string
	PasswordHash string // argon2id/bcrypt encoded hash, never the password
	CreatedAt    time.Time
}

// Credential is a login session or a personal API token, stored by the
// hash of its secret; the secret itself is never stored.
type Credential struct {
	Hash      string // hex SHA-256 of the secret
	UserID    int64
	Kind      string // "session" or "token"
	Name      string // a token's label
	CreatedAt time.Time
	ExpiresAt time.Time // zero: never
}

// Game statuses.
const (
	Forming  = "forming"  // seats open; not started
	Active   = "active"   // being played
	Paused   = "paused"   // by vote; deadlines stopped
	Finished = "finished" // won, drawn or conceded
)

// Game is one hosted game.
type Game struct {
	ID        int64
	Name      string
	Kind      string // the game.Rules name: "diplomacy", "his"
	Config    game.Config
	Seed      uint64
	Options   []byte // the server's options for the game, JSON (deadlines, press mode, privacy …)
	Status    string
	Seq       int64 // the last applied action's number; 0 after setup
	CreatedBy int64
	CreatedAt time.Time
	UpdatedAt time.Time // the At of the last action; CreatedAt before any
	Deadline  time.Time // zero: none
	Result    string    // set when finished
	// Invite is a private game's invitation secret, which joining it
	// requires ("" for a public game); the server shows it to the game's
	// creator only.
	Invite string
	// FormingLimit, when above 0, makes CreateGame store the game only if
	// its creator (CreatedBy) has fewer than FormingLimit forming games
	// (ErrLimit otherwise), checked and written in one transaction, so that
	// requests racing in several processes never pass it. A condition of
	// the write, never read back.
	FormingLimit int
}

// GameQuery selects the games ListGames lists.
type GameQuery struct {
	// Status, when not "", lists only games of that status.
	Status string
	// Seated, when not 0, lists only games in which that user holds a seat.
	Seated int64
	// Listed lists only the games a list may show to Viewer (0: someone
	// not logged in): public games (no Invite), and private ones Viewer
	// created or holds a seat in.
	Listed bool
	Viewer int64
	// After, when not zero, continues a listing after that game: only
	// games after it in the order (see GameCursor).
	After GameCursor
	// Limit, when above 0, lists at most that many games.
	Limit int
}

// GameCursor is a place in ListGames' order, newest first: CreatedAt
// descending, then ID descending. The cursor of a game (CursorOf) lists
// the games after it, whatever was created meanwhile: the order is stable.
type GameCursor struct {
	CreatedAt time.Time
	ID        int64
}

// CursorOf is the place of game g in ListGames' order.
func CursorOf(g *Game) GameCursor { return GameCursor{CreatedAt: g.CreatedAt, ID: g.ID} }

// IsZero reports whether c is the zero cursor (the start of a listing).
func (c GameCursor) IsZero() bool { return c.ID == 0 && c.CreatedAt.IsZero() }

// Seat is one place in a game and who holds it.
type Seat struct {
	GameID int64
	Seat   game.Seat
	UserID int64 // 0: empty
	Bot    bool
	// BotKind is the kind of computer player holding the seat when Bot is
	// set (a game.Bots kind: "random", "heuristic", "search"); "" means
	// the game's own bot kind (the server's options for the game decide
	// it). It is "" whenever Bot is not set: a seat a user takes loses it.
	BotKind string
	Missed  int // consecutive phases with nothing submitted
	Order   int // position in the game's seat order
}

// Action is one entry of a game's log.
type Action struct {
	GameID int64
	Seq    int64
	Seat   game.Seat
	UserID int64 // who submitted it; 0 for the system
	Action game.Action
	At     time.Time
	// Events are what the rules reported when the action was applied,
	// each with the seats that may see it (nil Seats: everyone; empty:
	// nobody), stored with the action. AppendAction stores them; EventLog
	// reads them back exactly; Actions and ActionsBetween leave them nil.
	Events []game.Event
	// EventsMissing, set by EventLog, marks an action stored before the
	// store kept events: its Events are not known (the host rebuilds them
	// by replay and stores them with FillEvents). AppendAction ignores it.
	EventsMissing bool
}

// Snapshot is a game's encoded state after action Seq.
type Snapshot struct {
	GameID int64
	Seq    int64
	State  []byte
}

// Message is one piece of press. Channel is "public" or a sorted,
// comma-separated list of seats ("england,france").
type Message struct {
	// ID orders the messages of every game: it grows with each message
	// stored, so it counts all press, private press included. It is the
	// store's own: never show it to players (show Ref).
	ID int64
	// Ref is the message's public name: random, unique in its game, from 1
	// to MaxRef, so that it tells nothing of how much press others
	// exchange.
	Ref     int64
	GameID  int64
	Channel string
	From    game.Seat
	Body    string
	At      time.Time
	// IfHeldBy, when not 0, makes PostMessage store the message only if
	// the game is still at action IfSeq and its From seat is held by user
	// IfHeldBy (ErrStale otherwise): press sent on a cached copy of the
	// game. Conditions of the write, never read back.
	IfHeldBy int64
	IfSeq    int64
}

// MaxRef is the largest Message.Ref: 2^53-1, the largest integer a
// JSON number carries exactly in every client (JavaScript's
// Number.MAX_SAFE_INTEGER).
const MaxRef = 1<<53 - 1

// NewRef is a fresh random Message.Ref, from 1 to MaxRef (from
// crypto/rand: nobody can guess another's).
func NewRef() int64 {
	var b [8]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			panic("crypto/rand: " + err.Error())
		}
		if r := int64(binary.LittleEndian.Uint64(b[:]) & MaxRef); r != 0 {
			return r
		}
	}
}

// Vote is one seat's vote on a proposal ("draw", "concede", "pause",
// "extend"); Value is the choice ("yes", "no", or a proposal's parameter).
type Vote struct {
	GameID int64
	Seat   game.Seat
	Kind   string
	Value  string
	At     time.Time
}

// Job is a scheduled piece of work, claimed with a lease so that several
// server processes run each job once: a deadline ("deadline") or a
// reminder ("remind"). Seq is the game's Seq the job was scheduled for; a
// job whose game has moved on is obsolete.
type Job struct {
	ID         int64
	GameID     int64
	Kind       string
	Seq        int64
	DueAt      time.Time
	LeaseOwner string
	LeaseUntil time.Time
}

// Effects are the changes that commit together with an action.
type Effects struct {
	Snapshot    []byte     // when not nil, the state after the action
	Status      string     // when not "", the game's new status
	Result      string     // when not "", the game's result
	Deadline    *time.Time // when not nil, the new deadline (zero time: none)
	Seats       []Seat     // seats to overwrite: holder, bot, bot kind and missed count (Order stays); ErrNotFound for an unknown seat
	CompleteJob int64      // when not 0, a job (claimed by JobOwner) to delete
	JobOwner    string
	NewJobs     []Job // jobs to schedule; GameID and Seq default to the action's
	ClearVotes  bool  // drop the game's votes (a new phase)
	// IfStatus, when not "", is a further condition: the action is stored
	// only if the game's status is still IfStatus (ErrStale otherwise), so
	// that an action read against an active game is not stored once the
	// game was paused or ended without an action.
	IfStatus string
	// IfSeatHeld is a further condition: the action is stored only if its
	// Seat is still held by its UserID (ErrStale otherwise), so that a
	// request that found the seat in a cached copy of the game, not read
	// with the action, cannot act for a seat that changed hands meanwhile.
	IfSeatHeld bool
}

// Store is the storage every server process shares.
//
// Every method takes a context and honours its cancellation. Times are
// stored with at least millisecond precision and returned in UTC.
type Store interface {
	// CreateUser adds an account and fills u.ID; ErrConflict if the name is
	// taken (names compare by NameKey).
	CreateUser(ctx context.Context, u *User) error
	// UserByName finds an account by name, compared by NameKey.
	UserByName(ctx context.Context, name string) (*User, error)
	// UserByID finds an account.
	UserByID(ctx context.Context, id int64) (*User, error)

	// CreateCredential stores a session or token (by hash); ErrConflict if
	// the hash is stored already, ErrNotFound if the user does not exist.
	CreateCredential(ctx context.Context, c Credential) error
	// CredentialUser finds the user of an unexpired credential; ErrNotFound
	// for an unknown or expired one (expired: now is at or after ExpiresAt).
	CredentialUser(ctx context.Context, hash string, now time.Time) (*User, *Credential, error)
	// DeleteCredential removes a session (logout) or token; ErrNotFound if
	// there is none with that hash.
	DeleteCredential(ctx context.Context, hash string) error
	// Credentials lists a user's credentials, sessions and tokens, expired
	// ones included, oldest first (by CreatedAt, then hash); none for an
	// unknown user.
	Credentials(ctx context.Context, userID int64) ([]Credential, error)
	// DeleteCredentials removes every credential of a user of a kind
	// ("session", "token"; "" for both) but the one whose hash is keep
	// ("": none kept), and returns the hashes it removed (in no order).
	DeleteCredentials(ctx context.Context, userID int64, kind, keep string) ([]string, error)
	// SetPassword replaces a user's password hash; ErrNotFound for an
	// unknown user.
	SetPassword(ctx context.Context, userID int64, passwordHash string) error
	// SetEmail replaces a user's e-mail address ("": none); ErrNotFound for
	// an unknown user.
	SetEmail(ctx context.Context, userID int64, email string) error
	// SetWebhook replaces a user's personal webhook URL ("": none);
	// ErrNotFound for an unknown user.
	SetWebhook(ctx context.Context, userID int64, url string) error

	// CreateGame stores a new game with its seats and its opening snapshot
	// (Seq 0), and fills g.ID. g.Seq is set to 0, an empty g.Status to
	// Forming, a zero g.UpdatedAt to g.CreatedAt. ErrConflict if seats
	// names a seat twice; ErrLimit if g.FormingLimit is set and its creator
	// has that many forming games already.
	CreateGame(ctx context.Context, g *Game, seats []Seat, snapshot []byte) error
	// GetGame reads one game.
	GetGame(ctx context.Context, id int64) (*Game, error)
	// ListGames lists the games q selects, newest first (CreatedAt
	// descending, then ID descending).
	ListGames(ctx context.Context, q GameQuery) ([]Game, error)
	// Seats lists a game's seats in seat order.
	Seats(ctx context.Context, gameID int64) ([]Seat, error)
	// GameAndSeats reads a game and its seats (in seat order) together, as
	// of one moment, in one query: what GetGame and Seats return.
	GameAndSeats(ctx context.Context, id int64) (*Game, []Seat, error)
	// TakeSeat gives an empty seat of a forming game to user; ErrConflict
	// if the seat is held (by a user or a bot), the user already holds a seat in the game, or
	// the game is not forming; ErrNotFound for an unknown game, seat or user.
	TakeSeat(ctx context.Context, gameID int64, seat game.Seat, user int64) error
	// TakeSeats gives several empty seats of a forming game to user at
	// once, all or none (the seats one person holds together in a game
	// whose rules group seats, game.Grouped): ErrConflict if any of them is
	// held, the user already holds a seat in the game, the list is empty
	// or the game is not forming; ErrNotFound for an unknown game, seat or
	// user.
	TakeSeats(ctx context.Context, gameID int64, seats []game.Seat, user int64) error
	// ReplaceSeat gives a seat of a started (active or paused) game, held
	// by user from (0: nobody), to user to, clearing its bot flag, bot kind
	// and missed count: a new player takes over a seat in civil disorder.
	// With to 0 a bot of the game's own kind takes it: no user, the bot
	// flag set, BotKind "", missed count 0. ErrConflict if
	// the seat is no longer held by from, the game is forming or finished,
	// or to already holds a seat in the game; ErrNotFound for an unknown
	// game, seat or user.
	ReplaceSeat(ctx context.Context, gameID int64, seat game.Seat, from, to int64) error
	// SetSeatBot puts a computer player of kind (Seat.BotKind; "" is the
	// game's own kind) in a seat of a forming game that no user holds,
	// replacing the bot there if any (another kind); with bot false it
	// empties a seat a bot holds (kind ignored). ErrConflict if a user
	// holds the seat, the game is not forming, or, with bot false, no bot
	// holds the seat; ErrNotFound for an unknown game or seat. It is
	// serialized with StartGame as TakeSeat is.
	SetSeatBot(ctx context.Context, gameID int64, seat game.Seat, bot bool, kind string) error
	// SetInvite replaces a game's invitation secret (Game.Invite);
	// ErrNotFound for an unknown game.
	SetInvite(ctx context.Context, gameID int64, invite string) error
	// LeaveSeat empties the user's seat in a forming game; ErrNotFound if
	// the user holds none, ErrConflict if the game is not forming.
	LeaveSeat(ctx context.Context, gameID int64, user int64) error
	// StartGame makes a forming game whose every seat is held (by a user
	// or a bot) active, with deadline and jobs as SetStatus sets them, if
	// it still is so when written: ErrConflict if the game is not forming
	// or a seat is empty, ErrNotFound for an unknown game. It and the seat
	// changes of a forming game (TakeSeat, LeaveSeat) are serialized per
	// game, also across processes, so that a seat left while the game
	// starts either empties the seat of a game that then does not start,
	// or is refused: a started game never has an empty seat.
	StartGame(ctx context.Context, gameID int64, deadline time.Time, jobs []Job) error
	// SetStatus changes a game's status and deadline without an action
	// (start, pause, resume, a draw or concession by vote), and replaces the
	// game's jobs, leased or not, with jobs (nil: none), so a pause stops its
	// deadline and a resume never leaves an old one behind. result, when not
	// "", becomes the game's Result (a finished game's outcome). A job's
	// GameID must be 0 or gameID; Seq defaults to the game's. ErrNotFound for
	// an unknown game.
	SetStatus(ctx context.Context, gameID int64, status, result string, deadline time.Time, jobs []Job) error

	// AppendAction stores action number expectSeq+1 and its effects in one
	// transaction if the game's Seq is still expectSeq; ErrStale otherwise,
	// and ErrLeaseLost (nothing written) if Effects.CompleteJob is not
	// claimed by Effects.JobOwner, ErrNotFound for an unknown game. a.Seq is
	// ignored; the game's UpdatedAt becomes a.At.
	AppendAction(ctx context.Context, a Action, expectSeq int64, e Effects) error
	// Actions lists a game's actions with Seq > after, in order.
	Actions(ctx context.Context, gameID int64, after int64) ([]Action, error)
	// ActionsBetween lists a game's actions with after < Seq <= upTo, in
	// order (none when upTo <= after).
	ActionsBetween(ctx context.Context, gameID int64, after, upTo int64) ([]Action, error)
	// EventLog lists a game's actions with after < Seq <= upTo, in order,
	// at most limit of them (all when limit is 0 or less), with their
	// Events (EventsMissing for actions stored without them).
	EventLog(ctx context.Context, gameID int64, after, upTo int64, limit int) ([]Action, error)
	// FillEvents stores the events of actions stored without them (by
	// Seq); an action whose events are stored already keeps them, and a
	// Seq the game does not have is skipped.
	FillEvents(ctx context.Context, gameID int64, events map[int64][]game.Event) error
	// LatestSnapshot is the game's snapshot with the highest Seq.
	LatestSnapshot(ctx context.Context, gameID int64) (*Snapshot, error)
	// SnapshotAt is the game's snapshot with the highest Seq at or below
	// seq (the nearest one to replay forward from, to see the game after
	// action seq); ErrNotFound when there is none.
	SnapshotAt(ctx context.Context, gameID int64, seq int64) (*Snapshot, error)

	// PostMessage stores press and fills m.ID, which grows with each
	// message, and m.Ref, chosen at random; ErrNotFound for an unknown game.
	PostMessage(ctx context.Context, m *Message) error
	// MessageByRef finds a game's message by its Ref; ErrNotFound when the
	// game has none with it.
	MessageByRef(ctx context.Context, gameID, ref int64) (*Message, error)
	// Messages lists a game's messages in the given channels with ID >
	// after, oldest first; all channels when channels is nil, none when it
	// is empty.
	Messages(ctx context.Context, gameID int64, channels []string, after int64) ([]Message, error)
	// MarkRead records the last message a user read in a channel, by its
	// ID (not its Ref). The marker only moves forward: an upTo below the
	// recorded one is ignored. ErrNotFound for an unknown game or user.
	MarkRead(ctx context.Context, gameID int64, user int64, channel string, upTo int64) error
	// LastRead returns, per channel, the last message ID the user read.
	LastRead(ctx context.Context, gameID int64, user int64) (map[string]int64, error)

	// CastVote records (or replaces) a seat's vote of a kind; ErrNotFound
	// for an unknown game or seat.
	CastVote(ctx context.Context, v Vote) error
	// Votes lists a game's current votes in the order they were cast.
	Votes(ctx context.Context, gameID int64) ([]Vote, error)

	// ClaimJobs leases up to limit jobs due at now that nobody holds (or
	// whose lease expired) to owner until now+lease, and returns them,
	// earliest due first. Due at now counts; a lease ending at now has
	// expired. Two owners claiming at once never get the same job. owner
	// must not be empty, lease and limit must be positive.
	ClaimJobs(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]Job, error)
	// CompleteJob deletes a job the owner holds; ErrLeaseLost otherwise
	// (another owner holds it, nobody does, or it is gone). The store reads
	// no clock: an owner whose lease ran out can still complete the job
	// until another owner claims it.
	CompleteJob(ctx context.Context, id int64, owner string) error
	// NextDue is the earliest time a job can be claimed (zero when there
	// are no jobs): its due time, or the end of its lease while it is
	// leased, so a scheduler knows how long to sleep.
	NextDue(ctx context.Context) (time.Time, error)

	// Close releases the store's resources.
	Close() error
}

// Broadcaster is implemented by stores that several server processes share
// (PostgreSQL: NOTIFY and LISTEN): it carries short messages between them,
// such as "game 12 moved to seq 40" for live updates, or "this credential
// was revoked". A store without it serves one process, which needs none.
// Delivery is at most once and only to processes listening at the time.
type Broadcaster interface {
	// Broadcast sends msg (at most MaxBroadcast bytes) to every process
	// listening on the store, this one included.
	Broadcast(ctx context.Context, msg string) error
	// Listen delivers each message broadcast on the store to deliver, in
	// the order sent, until ctx ends (then it returns nil). It listens on a
	// connection of its own and, when that is lost, reconnects. ready is
	// called each time listening starts, the first time and after every
	// reconnection: messages sent while nobody listened are lost, and the
	// listener should catch up by reading the store. deliver and ready run
	// on Listen's goroutine and must not block for long.
	Listen(ctx context.Context, deliver func(msg string), ready func()) error
}

// MaxBroadcast is the largest message a Broadcaster carries, in bytes.
const MaxBroadcast = 7000

// Wrapper is a store that wraps another to add to what it does; Unwrap
// returns the wrapped store.
type Wrapper interface {
	Unwrap() Store
}

// BroadcasterOf is the Broadcaster of s, or of the store s wraps (through
// any number of Wrappers); nil when there is none.
func BroadcasterOf(s Store) Broadcaster {
	for s != nil {
		if b, ok := s.(Broadcaster); ok {
			return b
		}
		w, ok := s.(Wrapper)
		if !ok {
			return nil
		}
		s = w.Unwrap()
	}
	return nil
}
