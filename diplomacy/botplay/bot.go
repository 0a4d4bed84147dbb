package botplay

import (
	"encoding/json"
	"fmt"
	"time"

	"concordat/diplomacy"
	"concordat/game"
)

// Player decides a power's orders from what its seat sees.
type Player interface {
	Orders(s diplomacy.Sight, rng *game.RNG) []diplomacy.Order
}

// Bot plays a seat of a standard-engine Diplomacy game (package diplomacy)
// through the game contract (game.Bot) with a Player.
//
// It answers the seat's "orders" prompt from the seat's Sight with the
// Player's orders, and the variants' own decisions with the heuristic
// (variants.go; docs/bots.md, "Variants"):
//
//   - Payola: first its offers (Heuristic.payolaOffers), then orders that
//     keep what the offers paid for.
//   - Crystal Ball: the Player's orders for the next movement phase on the
//     position it expects then ("ahead"; predictNext).
//   - Double Diplomacy and Reverse Gunboat: Bot.seated.
//   - Intimate: its bids (Heuristic.intimateBids), and the orders of its
//     own and its controlled powers' units played as one side.
//   - Anarchy: its preference list (Heuristic.draftPreferences).
//   - Seismic: its event (Heuristic.seismicEvent).
//   - Black Hole: first the home centre it protects, once
//     (Heuristic.protect), then its orders.
//
// A decision of several actions (Payola's offers and orders, Crystal
// Ball's orders and orders ahead) is answered one action a call, in order,
// as the server asks a seat again while its prompt is not submitted. The
// search player plays only the plain orders; in these variants' other
// decisions, and in Intimate and Payola movement, it plays as the
// heuristic.
type Bot struct {
	Player Player
}

type botError string

func (e botError) Error() string { return string(e) }

func errUnknownSeat(seat game.Seat) error { return botError("botplay: unknown seat " + string(seat)) }
func errNothing(seat game.Seat) error {
	return botError("botplay: " + string(seat) + " has nothing to choose from")
}

// BotAction answers the decision seat owes now in st.
func (b Bot) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	gs, ok := st.(*diplomacy.GameState)
	if !ok {
		return game.Action{}, fmt.Errorf("botplay: not a diplomacy state: %T", st)
	}
	kind, ok := promptKind(gs, seat)
	if !ok {
		return game.Action{}, fmt.Errorf("diplomacy: %s owes no decision", seat)
	}
	return b.answer(gs, seat, kind, rng)
}

// BotActionFromView answers the decision seat owes from its view and legal
// options only (game.ViewBot), for a bot outside the server: it rebuilds
// the state the seat sees (diplomacy.StateFromView) and answers on it as
// BotAction does. As BotAction builds its Sight only from what the seat
// sees, the answer is the one BotAction gives in the real state with the
// same rng (the tests check it), except where the view cannot tell an
// empty list written from none (orders ahead, offers, bids: the view
// leaves empty lists out). The decision's kind is the one the rebuilt
// state owes the seat (its own units and choices are all in the view),
// else legal's.
func (b Bot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	gs, err := diplomacy.StateFromView(view, seat)
	if err != nil {
		return game.Action{}, err
	}
	kind, ok := promptKind(gs, seat)
	if !ok {
		kind = legal.Kind
	}
	if kind == "" {
		return game.Action{}, fmt.Errorf("diplomacy: %s owes no decision", seat)
	}
	return b.answer(gs, seat, kind, rng)
}

// promptKind is the kind of the decision seat owes in gs (false: none).
func promptKind(gs *diplomacy.GameState, seat game.Seat) (string, bool) {
	for _, p := range (diplomacy.Rules{}).Pending(gs) {
		if p.Seat == seat {
			return p.Kind, true
		}
	}
	return "", false
}

// answer answers seat's decision of kind (a prompt's Kind) in gs.
func (b Bot) answer(gs *diplomacy.GameState, seat game.Seat, kind string, rng *game.RNG) (game.Action, error) {
	var st game.State = gs
	prompt := &game.Prompt{Seat: seat, Kind: kind}
	h := Heuristic{Noise: DefaultNoise}
	if gs.Settings.BlackHole && prompt.Kind == "orders" && !gs.Settings.ReverseGunboat {
		if a, ok := h.protect(st, seat, rng); ok {
			return a, nil
		}
	}
	if gs.Seating != nil {
		return b.seated(st, seat, rng)
	}
	switch prompt.Kind {
	case "event":
		return h.seismicEvent(st, seat, rng)
	case "preferences":
		return h.draftPreferences(st, seat, rng)
	case "bids":
		return h.intimateBids(st, seat, rng)
	case "orders", "ahead":
	default:
		return diplomacy.Rules{}.BotAction(st, seat, rng)
	}
	s, err := diplomacy.SightOf(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	m := s.Pos.Map
	movement := s.Pos.Phase.Type == diplomacy.Movement
	switch {
	case prompt.Kind == "ahead": // this phase's orders were written last phase
		return b.ahead(s, parseOrders(m, s.Due), rng), nil
	case gs.Payola != nil && movement:
		return b.payola(s, rng), nil
	case s.Settings.CrystalBall && movement && s.HasWritten && !s.HasAhead:
		return b.ahead(s, parseOrders(m, s.Written), rng), nil
	case len(s.Controlled) > 0:
		return ordersAction("orders", m, h.Orders(withControlled(s), rng)), nil
	}
	return ordersAction("orders", m, b.Player.Orders(s, rng)), nil
}

// Budget is a search player's time budget: Stop reports true once d has
// passed since now() was first called. now is the caller's clock (the
// package reads none).
func Budget(d time.Duration, now func() time.Time) func() bool {
	start := now()
	return func() bool { return now().Sub(start) >= d }
}

// TimedSearch is the search player with a time budget per decision:
// each BotAction gets Per of the clock Now (with at least one iteration).
type TimedSearch struct {
	Search
	Per time.Duration
	Now func() time.Time
}

// Orders runs the search within the budget.
func (t TimedSearch) Orders(s diplomacy.Sight, rng *game.RNG) []diplomacy.Order {
	sr := t.Search
	if t.Now != nil && t.Per > 0 {
		sr.Stop = Budget(t.Per, t.Now)
	}
	return sr.Orders(s, rng)
}

var _ game.ViewBot = Bot{}
