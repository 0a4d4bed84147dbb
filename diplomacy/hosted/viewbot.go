package hosted

import (
	"encoding/json"

	"concordat/diplomacy"
	"concordat/game"
)

// BotActionFromView is the standard engine's random view bot
// (diplomacy.RandomFromTree, game.ViewBot): random legal orders drawn from
// the seat's legal-order tree. Multiplicity's tree has the same contract
// for its orders; its other decisions are refused, as the standard
// engine's are.
func (Rules) BotActionFromView(_ json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	return diplomacy.RandomFromTree(legal, seat, rng)
}

var _ game.ViewBot = Rules{}
