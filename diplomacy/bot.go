package diplomacy

import (
	"fmt"

	"concordat/game"
)

// BotAction answers the decision seat owes now with random legal orders,
// the Diplomacy bot (game.Bot): a random legal player. In a game with the
// order-writing variants it is the seat's step of RandomActions; otherwise
// each of the seat's units (build or disband slots) gets a uniformly random
// legal order, picked from the position the seat sees (Fog of War). Other
// decisions (a Crystal Ball "ahead" phase) are left to the default: it
// returns an error. st is not changed.
func (Rules) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	gs := state(st)
	if steps := gs.RandomActions(rng); steps != nil {
		for _, s := range steps {
			if s.Seat == seat {
				return s.Action, nil
			}
		}
		return game.Action{}, fmt.Errorf("diplomacy: %s owes no decision the bot can answer", seat)
	}
	var prompt *game.Prompt
	for _, p := range (Rules{}).Pending(st) {
		if p.Seat == seat {
			prompt = &p
			break
		}
	}
	if prompt == nil {
		return game.Action{}, fmt.Errorf("diplomacy: %s owes no decision", seat)
	}
	if prompt.Kind != "orders" {
		return game.Action{}, fmt.Errorf("diplomacy: the bot does not answer %q", prompt.Kind)
	}
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok {
		return game.Action{}, fmt.Errorf("diplomacy: unknown seat %q", seat)
	}
	var own []UnitOrders
	for _, uo := range gs.legalSeen(gs.vision(pw)) {
		if uo.Power == pw {
			own = append(own, uo)
		}
	}
	texts := []string{}
	for _, o := range RandomOrders(own, rng, nil) {
		texts = append(texts, o.Order.String(m))
	}
	return game.NewAction("orders", map[string][]string{"orders": texts}), nil
}
