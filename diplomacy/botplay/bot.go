package botplay

import (
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
// It answers the seat's "orders" prompt from the seat's Sight. Where the
// seat's decision is not orders for its own power (Reverse Gunboat, Double
// Diplomacy, Payola, Anarchy, Intimate, a Seismic event, Crystal Ball's
// orders ahead) it leaves the decision to the random player
// (diplomacy.Rules.BotAction): those variants are not played by the
// heuristic yet.
type Bot struct {
	Player Player
}

// BotAction answers the decision seat owes now in st.
func (b Bot) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	gs, ok := st.(*diplomacy.GameState)
	if !ok {
		return game.Action{}, fmt.Errorf("botplay: not a diplomacy state: %T", st)
	}
	if gs.Seating != nil || gs.Payola != nil || gs.Anarchy != nil || gs.Intimate != nil || gs.Seismic {
		return diplomacy.Rules{}.BotAction(st, seat, rng)
	}
	var prompt *game.Prompt
	for _, p := range (diplomacy.Rules{}).Pending(st) {
		if p.Seat == seat {
			prompt = &p
			break
		}
	}
	if prompt == nil {
		return game.Action{}, fmt.Errorf("diplomacy: %s owes no decision", seat)
	}
	if prompt.Kind != "orders" {
		return diplomacy.Rules{}.BotAction(st, seat, rng)
	}
	s, err := diplomacy.SightOf(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	m := s.Pos.Map
	texts := []string{}
	for _, o := range b.Player.Orders(s, rng) {
		texts = append(texts, o.String(m))
	}
	return game.NewAction("orders", map[string][]string{"orders": texts}), nil
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
