// Package hosted is the Diplomacy game the server hosts: one game.Rules
// named "diplomacy" that plays a game with the standard engine (package
// diplomacy, every map and rule variant it knows) or, when the game's
// options say multiplicity=true, with the Multiplicity engine (package
// diplomacy/multiplicity). Package diplomacy cannot route to Multiplicity
// itself (multiplicity imports diplomacy), so the server registers this
// package's Rules instead of diplomacy.Rules.
//
// The engine is chosen at Setup by Options["multiplicity"] and afterwards
// by the state's type; a stored state says which engine wrote it (a
// Multiplicity snapshot has "engine": "multiplicity"). Every other option
// behaves exactly as with diplomacy.Rules.
package hosted

import (
	"fmt"
	"maps"
	"time"

	"concordat/diplomacy"
	"concordat/diplomacy/botplay"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

// Rules routes each game to its engine.
type Rules struct{}

var (
	standard diplomacy.Rules
	multi    multiplicity.Rules
)

// engine is the rules a state belongs to.
func engine(s game.State) game.Rules {
	switch s.(type) {
	case *multiplicity.GameState:
		return multi
	case *diplomacy.GameState:
		return standard
	}
	panic(fmt.Sprintf("hosted: not a diplomacy state: %T", s))
}

// Name is "diplomacy".
func (Rules) Name() string { return "diplomacy" }

// Setup starts a game with the engine its options ask for: Multiplicity
// when "multiplicity" is true ("true", "yes" or "1"), the standard engine
// otherwise ("false", "no" or "0" are dropped from the options it sees).
func (Rules) Setup(cfg game.Config, seed uint64) (game.State, error) {
	v, ok := cfg.Options[multiplicity.Option]
	if !ok {
		return standard.Setup(cfg, seed)
	}
	switch v {
	case "true", "yes", "1":
		return multi.Setup(cfg, seed)
	case "false", "no", "0", "":
		c := cfg
		c.Options = maps.Clone(cfg.Options)
		delete(c.Options, multiplicity.Option)
		return standard.Setup(c, seed)
	}
	return nil, fmt.Errorf("option multiplicity: %q is not true or false", v)
}

// Seats lists the played powers.
func (Rules) Seats(s game.State) []game.Seat { return engine(s).Seats(s) }

// Pending lists the decisions owed now.
func (Rules) Pending(s game.State) []game.Prompt { return engine(s).Pending(s) }

// Legal is what seat may do now.
func (Rules) Legal(s game.State, seat game.Seat) game.Options { return engine(s).Legal(s, seat) }

// Apply carries out seat's action, or Advance for game.System.
func (Rules) Apply(s game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	return engine(s).Apply(s, seat, a)
}

// View is what seat may see of s.
func (Rules) View(s game.State, seat game.Seat) any { return engine(s).View(s, seat) }

// Over reports whether the game has ended, and its result.
func (Rules) Over(s game.State) (bool, string) { return engine(s).Over(s) }

// Clone copies s.
func (Rules) Clone(s game.State) game.State { return engine(s).Clone(s) }

// Marshal encodes s with its engine (a Multiplicity state carries
// "engine": "multiplicity").
func (Rules) Marshal(s game.State) ([]byte, error) { return engine(s).Marshal(s) }

// Unmarshal decodes a state written by Marshal with the engine that wrote
// it.
func (Rules) Unmarshal(b []byte) (game.State, error) {
	if multiplicity.IsState(b) {
		return multi.Unmarshal(b)
	}
	return standard.Unmarshal(b)
}

// Survivors are the played powers that still have a unit or a centre.
func (Rules) Survivors(s game.State) []game.Seat {
	if gs, ok := s.(*multiplicity.GameState); ok {
		return multi.Survivors(gs)
	}
	return standard.Survivors(s)
}

// ShortWindow reports whether the current window gets a shorter deadline
// (retreats, adjustments, Multiplicity's start choice).
func (Rules) ShortWindow(s game.State) bool {
	if gs, ok := s.(*multiplicity.GameState); ok {
		return multi.ShortWindow(gs)
	}
	return standard.ShortWindow(s)
}

// BotAction is the default kind's bot, "random": the standard engine's
// random legal orders. The Multiplicity engine has no random bot: it
// returns an error, and the server falls back to the default there.
func (r Rules) BotAction(s game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	b, _ := r.BotOf(KindRandom)
	return b.BotAction(s, seat, rng)
}

// The kinds of computer player (game.Bots).
const (
	KindRandom    = "random"    // uniformly random legal orders (the default)
	KindHeuristic = "heuristic" // botplay.Heuristic (Multiplicity: botplay.MultiBot)
	KindSearch    = "search"    // botplay.Search within SearchBudget a decision
)

// SearchBudget is the search kind's time per decision.
const SearchBudget = time.Second

// BotKinds lists "random" (the default), "heuristic" and "search".
func (Rules) BotKinds() []string { return []string{KindRandom, KindHeuristic, KindSearch} }

// BotOf returns the player of a kind. The search kind thinks for
// SearchBudget of the wall clock in each movement phase, so that its
// answers depend on the machine's speed (game.Bots); in Multiplicity games
// it plays as the heuristic kind.
func (r Rules) BotOf(kind string) (game.Bot, bool) {
	return r.BotWithin(kind, SearchBudget, 0)
}

// BotWithin is BotOf with the search kind's budget given: per of the wall
// clock a decision (none when 0), and at most iterations iterations of its
// regret matching (no bound when 0; with per 0 and iterations set, its
// answers depend only on the state and the generator). `concordat arena`
// uses it.
func (r Rules) BotWithin(kind string, per time.Duration, iterations int) (game.Bot, bool) {
	return r.BotClocked(kind, per, iterations, time.Now)
}

// BotClocked is BotWithin with the search kind's clock given: its budget
// per is measured on now (`concordat arena --clock cpu` gives it the
// thread's CPU time, so that a loaded machine does not shorten its
// thinking).
func (Rules) BotClocked(kind string, per time.Duration, iterations int, now func() time.Time) (game.Bot, bool) {
	switch kind {
	case KindRandom:
		return randomBot{engineBot{standard: standard}}, true
	case KindHeuristic:
		return engineBot{standard: botplay.Bot{Player: botplay.Heuristic{Noise: botplay.DefaultNoise}},
			multi: botplay.MultiBot{Noise: botplay.DefaultNoise}}, true
	case KindSearch:
		sr := botplay.TimedSearch{Search: botplay.Search{Iterations: iterations, Depth: 1}, Per: per}
		if per > 0 {
			sr.Now = now
		}
		return engineBot{standard: botplay.Bot{Player: sr}, multi: botplay.MultiBot{Noise: botplay.DefaultNoise}}, true
	}
	return nil, false
}

// engineBot routes a bot's decision to the player of the state's engine.
type engineBot struct {
	standard, multi game.Bot
}

func (b engineBot) BotAction(s game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if _, ok := s.(*multiplicity.GameState); ok {
		if b.multi == nil {
			return game.Action{}, fmt.Errorf("multiplicity: no random bot")
		}
		return b.multi.BotAction(s, seat, rng)
	}
	return b.standard.BotAction(s, seat, rng)
}

// Check judges each order of a submitted "orders" action with the game's
// engine (game.Checker; diplomacy.Rules.Check, multiplicity.Rules.Check).
func (Rules) Check(s game.State, seat game.Seat, a game.Action) []game.Check {
	return engine(s).(game.Checker).Check(s, seat, a)
}

// Window names the decision window open now with the game's engine
// (game.Windowed): "S1901M", …; "" once the game is over.
func (Rules) Window(s game.State) string {
	return engine(s).(game.Windowed).Window(s)
}

// Vet refuses, at a seat's submission, the orders the game's engine
// refuses there (game.Vetter; diplomacy.Rules.Vet, multiplicity.Rules.Vet).
func (Rules) Vet(s game.State, seat game.Seat, a game.Action) error {
	return engine(s).(game.Vetter).Vet(s, seat, a)
}

var (
	_ game.Vetter   = Rules{}
	_ game.Rules    = Rules{}
	_ game.Bot      = Rules{}
	_ game.Bots     = Rules{}
	_ game.Checker  = Rules{}
	_ game.Windowed = Rules{}
)
