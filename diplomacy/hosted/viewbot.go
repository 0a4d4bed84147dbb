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

// randomBot is the random kind (BotOf): the engines' random bot inside the
// server, and the random view bot outside it (`concordat bot`).
type randomBot struct{ engineBot }

// BotActionFromView is Rules.BotActionFromView.
func (randomBot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	return Rules{}.BotActionFromView(view, legal, seat, rng)
}

var (
	_ game.ViewBot = Rules{}
	_ game.ViewBot = randomBot{}
)
