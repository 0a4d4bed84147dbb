package his

import "concordat/game"

// BotAction answers the decision seat owes now with RandomAction: a random
// legal player, the Here I Stand bot (game.Bot). st is not changed.
func (Rules) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	return RandomAction(st, seat, rng)
}
