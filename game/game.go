// Package game is the contract every game in Concordat implements, and the
// pieces every game shares: seats, actions, prompts, options trees, a seeded
// random generator carried in the state, and replay of a game record.
//
// A game package (diplomacy, his) implements Rules and does no I/O and reads
// no clock. The server knows games only through this package.
//
// A game record is its Config, its seed and the ordered list of Steps applied
// to it; Replay rebuilds every state of the game from the record alone, so a
// record is history, crash recovery and a regression test at once.
package game

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Seat names one player's place in a game: a Diplomacy power ("england") or
// a Here I Stand power ("ottoman"). Seats are lower-case ids.
type Seat string

// System is the seat of the game's own machinery: the server applies actions
// as System when a deadline passes or when every seat is ready.
const System Seat = ""

// Advance is the action type, applied as System, that closes the current
// decision window: every decision still owed takes its default (a Diplomacy
// unit holds, an unordered retreat disbands) and the game moves on.
const Advance = "advance"

// Config selects a game's variant and its options. Each game documents the
// variants and the option keys it accepts and refuses any other.
type Config struct {
	Variant string            `json:"variant,omitempty"`
	Options map[string]string `json:"options,omitempty"`
}

// Action is one decision of one seat: a type the game defines ("orders",
// "debate.defender", …) and its arguments as JSON. Actions are data so that
// they can be stored in a game record and sent over the wire unchanged.
type Action struct {
	Type string          `json:"type"`
	Args json.RawMessage `json:"args,omitempty"`
}

// NewAction builds an Action whose arguments are args encoded as JSON.
// It panics if args cannot be encoded, which is a programming error.
func NewAction(typ string, args any) Action {
	if args == nil {
		return Action{Type: typ}
	}
	b, err := json.Marshal(args)
	if err != nil {
		panic(fmt.Sprintf("game.NewAction(%q): %v", typ, err))
	}
	return Action{Type: typ, Args: b}
}

// Prompt is one decision owed now. In a simultaneous phase (Diplomacy's
// orders) several seats have a prompt at once; in Here I Stand a prompt can
// sit on top of others (a response inside an interception inside a move).
type Prompt struct {
	Seat Seat   `json:"seat"`
	Kind string `json:"kind"` // the Action type that answers it
	Text string `json:"text"` // what is asked, for people
	// Submitted is true once the seat has answered a prompt that stays open
	// for changes until the window closes (Diplomacy orders before the deadline).
	Submitted bool `json:"submitted,omitempty"`
	// Ready is true when the seat has declared itself done with a prompt
	// that stays open: once every pending prompt is ready, the server closes
	// the window early (applies Advance).
	Ready bool `json:"ready,omitempty"`
}

// AllReady reports whether some decision is owed and every seat owing one
// has declared itself ready: the window may then close early.
func AllReady(ps []Prompt) bool {
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if !p.Ready {
			return false
		}
	}
	return true
}

// Options is what a seat may do now, as a tree a UI or a bot walks: each
// path from the root to a leaf spells one complete choice.
//
// Some decisions take a structured argument that no tree of words can list
// (Here I Stand's "diplomacy.announce" takes a deal object). For those,
// Schema is a JSON Schema (draft 2020-12) of the Action's Args: it
// describes the argument's shape (fields, their types, the values they
// may take) so that a client can build a form or check a draft before
// sending it; the game still judges the argument against the rules. The
// tree then lists only the simple answers (["done"]). Schema is absent for
// decisions answered by a path of the tree alone. It may be shared between
// calls: callers must not change it.
type Options struct {
	Kind    string          `json:"kind,omitempty"` // the Action type these choices build
	Choices []Choice        `json:"choices,omitempty"`
	Schema  json.RawMessage `json:"schema,omitempty"`
}

// Choice is one node of an options tree. Value is the text this step adds
// to the choice (for Diplomacy orders, a word of the order); a leaf (no
// Next) completes it.
type Choice struct {
	Label string   `json:"label,omitempty"`
	Value string   `json:"value"`
	Next  []Choice `json:"next,omitempty"`
}

// Event is something that happened while an action was applied, for logs
// and live updates. Seats lists who may see it; nil means everyone.
type Event struct {
	Type  string `json:"type"`
	Text  string `json:"text"`
	Seats []Seat `json:"seats,omitempty"`
}

// VisibleTo reports whether seat may see the event.
func (e Event) VisibleTo(seat Seat) bool {
	if e.Seats == nil {
		return true
	}
	for _, s := range e.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// State is a game's whole state; each game has its own concrete type and
// its Rules accept only that type.
type State any

// Rules is the contract every game implements.
//
// Apply may change s in place and returns the state after the action (for
// the games here, the same value); when it returns an error, s is unchanged.
// A caller that needs the state before an action keeps a Clone.
type Rules interface {
	// Name is the game's id: "diplomacy", "his".
	Name() string
	// Setup builds the opening state for cfg; every random choice of the game
	// comes from seed.
	Setup(cfg Config, seed uint64) (State, error)
	// Seats lists the seats of the game in s, in the game's order.
	Seats(s State) []Seat
	// Pending lists the decisions owed now; empty when the game is over.
	Pending(s State) []Prompt
	// Legal is what seat may do now.
	Legal(s State, seat Seat) Options
	// Apply carries out seat's action, or, for System, Advance.
	Apply(s State, seat Seat, a Action) (State, []Event, error)
	// View is what seat may see of s, ready to encode as JSON; System sees
	// what a spectator sees. It is the only way a state leaves a game package.
	View(s State, seat Seat) any
	// Over reports whether the game has ended, and its result for people.
	Over(s State) (bool, string)
	// Clone copies s so that changes to one never show in the other.
	Clone(s State) State
	// Marshal and Unmarshal encode a state for snapshots; Unmarshal(Marshal(s))
	// behaves exactly as s.
	Marshal(s State) ([]byte, error)
	Unmarshal(b []byte) (State, error)
}

// Step is one applied action of a game record.
type Step struct {
	Seat   Seat   `json:"seat,omitempty"`
	Action Action `json:"action"`
}

// Record is a whole game: replaying Steps on Setup(Config, Seed) rebuilds it.
type Record struct {
	Game   string `json:"game"`
	Config Config `json:"config"`
	Seed   uint64 `json:"seed"`
	Steps  []Step `json:"steps"`
}

// ErrWrongGame is returned by Replay when a record belongs to another game.
var ErrWrongGame = errors.New("record is for another game")

// Replay rebuilds the state a record leads to. visit, when not nil, is called
// with the state after setup (step -1) and after each step, before the next
// step changes it; a visitor that keeps a state must Clone it.
func Replay(r Rules, rec Record, visit func(step int, s State)) (State, error) {
	if rec.Game != "" && rec.Game != r.Name() {
		return nil, fmt.Errorf("replay: %w: %q, not %q", ErrWrongGame, rec.Game, r.Name())
	}
	s, err := r.Setup(rec.Config, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("replay: setup: %w", err)
	}
	if visit != nil {
		visit(-1, s)
	}
	for i, st := range rec.Steps {
		s, _, err = r.Apply(s, st.Seat, st.Action)
		if err != nil {
			return nil, fmt.Errorf("replay: step %d (%s %s): %w", i, seatName(st.Seat), st.Action.Type, err)
		}
		if visit != nil {
			visit(i, s)
		}
	}
	return s, nil
}

func seatName(s Seat) string {
	if s == System {
		return "system"
	}
	return string(s)
}

// Bot is implemented by Rules that can play a seat themselves: the server
// uses it for a seat that missed its deadline (when the game asks for a
// bot rather than the rules' default) and for a seat a bot has taken over.
//
// BotAction returns an action that answers the decision seat owes now in
// st; Apply must accept it. It draws every random choice from rng and does
// not change st, so the same state, seat and generator always give the
// same action. It returns an error when seat owes no decision or when the
// rules cannot play this decision (the caller then leaves it to the
// default). The "random" kind of the games here picks uniformly among
// legal answers and pursues no strategy; the other kinds are in Bots.
type Bot interface {
	BotAction(st State, seat Seat, rng *RNG) (Action, error)
}

// Bots is implemented by Rules that offer several kinds of computer player
// ("random", "heuristic", "search"). BotKinds lists the kinds the rules
// have, the default kind first; BotOf returns the player of a kind, and
// false for a kind the rules do not have. The server stores which kind holds
// a seat and asks that kind for the seat's answers; a Rules value that is a
// Bot but not a Bots has one kind, "random".
//
// Every kind keeps Bot's promises except one: a kind that searches within a
// time budget may answer differently on a faster or slower machine. Its
// answers are stored as actions like any other, so a game still replays
// exactly.
type Bots interface {
	BotKinds() []string
	BotOf(kind string) (Bot, bool)
}

// RandomKind is the kind of the one bot of Rules that are a Bot but not
// a Bots.
const RandomKind = "random"

// BotKindsOf lists the kinds of computer player r offers, the default
// first: a Bots' kinds, [RandomKind] for a Bot alone, none otherwise.
func BotKindsOf(r Rules) []string {
	if b, ok := r.(Bots); ok {
		return b.BotKinds()
	}
	if _, ok := r.(Bot); ok {
		return []string{RandomKind}
	}
	return nil
}

// BotOfKind is r's player of kind (see BotKindsOf); false when r has none.
func BotOfKind(r Rules, kind string) (Bot, bool) {
	if b, ok := r.(Bots); ok {
		return b.BotOf(kind)
	}
	if b, ok := r.(Bot); ok && kind == RandomKind {
		return b, true
	}
	return nil, false
}

// ViewBot is implemented by a bot (a Bot, or a kind BotOf returns) that
// can also play from what its seat sees, without the state: view is the
// seat's view encoded as JSON, as the server's API serves it to a bot (GET
// /api/games/{id}?view=bot, "view": the rules' BotView when they are a
// BotViewer, else their View), and legal the seat's Legal options (GET
// /api/games/{id}/legal). A bot running outside the server (`concordat
// bot`, a process holding a seat through the public API) has nothing
// else. BotActionFromView keeps BotAction's promises: an answer Apply
// accepts for the decision seat owes now, every random choice drawn from
// rng, the same inputs giving the same answer; an error when it cannot
// answer (the seat's decision then takes its default at the deadline).
// It sees only what the seat may see, so under Fog of War it plays on
// what the seat sees.
type ViewBot interface {
	BotActionFromView(view json.RawMessage, legal Options, seat Seat, rng *RNG) (Action, error)
}

// BotViewer is implemented by Rules whose bots playing from a view
// (ViewBot) need more than View shows people: BotView is seat's View with
// that added, and reveals nothing View does not (Here I Stand: the whole
// state as the seat may know it, the cards it cannot see dealt in a
// canonical order). The server serves it only to a request that asks for
// it (GET /api/games/{id}?view=bot), so that people's pages stay light.
type BotViewer interface {
	BotView(s State, seat Seat) any
}

// ViewFor is what r serves seat as its view: r's BotView when forBot and
// r is a BotViewer, else r's View.
func ViewFor(r Rules, s State, seat Seat, forBot bool) any {
	if bv, ok := r.(BotViewer); ok && forBot {
		return bv.BotView(s, seat)
	}
	return r.View(s, seat)
}

// BotRNG is the generator a bot uses to answer a decision of the game
// whose seed is seed when its record holds seq actions: a bot's choice is
// reproducible from the game's seed and its position in the record, and
// differs from the game's own dice.
func BotRNG(seed uint64, seq int64) RNG {
	return NewRNG(seed ^ 0xb07b07b07b07b07b ^ (uint64(seq)+1)*0x9e3779b97f4a7c15)
}

// Checker is implemented by Rules that can judge the parts of an action as
// it is submitted, before the window closes: Diplomacy judges each order of
// an order list (a move to an unreachable province, a movement order in an
// adjustment phase …), so that a client can warn at once. A game that
// stores an action as written even when some of its parts will not apply
// (a Diplomacy order list: an invalid order is reported at resolution)
// uses Check to tell the submitter which ones. Check does not change s.
type Checker interface {
	Check(s State, seat Seat, a Action) []Check
}

// Check is the verdict on one part of a submitted action.
type Check struct {
	Item   string `json:"item"`             // the part as written (an order)
	Valid  bool   `json:"valid"`            // it would apply as it stands
	Reason string `json:"reason,omitempty"` // why not, for people
}

// Windowed is implemented by Rules whose decisions are owed in windows that
// several seats answer side by side (a Diplomacy phase). Window names the
// window open in s ("S1901M"); it changes whenever a window closes, and
// never returns to an earlier name. The server judges a seat's submission
// for the open window against the window it names, not against other
// seats' writes in it. "" means no simultaneous window is open.
type Windowed interface {
	Window(s State) string
}

// Vetter is implemented by Rules that refuse some actions when a seat
// submits them although Apply itself still takes them: records written
// before the refusal existed may hold such actions and must replay exactly,
// so Apply cannot refuse them. Diplomacy refuses here the orders that can
// never apply (an order of the wrong phase kind, a unit supporting itself,
// control characters in an order). The server calls Vet on a seat's
// submission before Apply, never on replay, and refuses the submission,
// changing nothing, when Vet returns an error; the error names the part
// refused and why. Vet does not change s; a Checker reports the same
// refusals as invalid parts.
type Vetter interface {
	Vet(s State, seat Seat, a Action) error
}

// Grouped is implemented by Rules whose players may each hold several
// seats of one game (Here I Stand with 3 to 5 players: one person holds
// England and the Protestant). Seats stay what the rules act on — each
// has its own prompts, view and press — and SeatGroups says which of them
// one account holds together: every seat of s is in exactly one group, in
// the game's order. A host lets one account hold several seats of a game
// only when they are all in one group (and, where a group has several
// seats, whoever joins one of them is meant to take them all). Rules that
// are not Grouped have one seat per player.
type Grouped interface {
	SeatGroups(s State) [][]Seat
}

// SameGroup reports whether seats a and b are in one group of groups.
func SameGroup(groups [][]Seat, a, b Seat) bool {
	for _, g := range groups {
		ina, inb := false, false
		for _, s := range g {
			ina = ina || s == a
			inb = inb || s == b
		}
		if ina || inb {
			return ina && inb
		}
	}
	return false
}
