package hosted

import (
	"encoding/json"
	"fmt"

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

// BotActionFromView is the heuristic and search kinds playing from a
// seat's view: botplay.Bot.BotActionFromView in a standard-engine game,
// botplay.MultiBot.BotActionFromView in a Multiplicity game (its view says
// "multiplicity": true), each giving the answer the kind gives inside the
// server.
func (b engineBot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	var v struct {
		Multiplicity bool `json:"multiplicity"`
	}
	if err := json.Unmarshal(view, &v); err != nil {
		return game.Action{}, fmt.Errorf("diplomacy view: %w", err)
	}
	player := b.standard
	if v.Multiplicity {
		player = b.multi
	}
	vb, ok := player.(game.ViewBot)
	if !ok {
		return game.Action{}, fmt.Errorf("diplomacy: this bot plays only inside the server")
	}
	return vb.BotActionFromView(view, legal, seat, rng)
}

var (
	_ game.ViewBot = Rules{}
	_ game.ViewBot = randomBot{}
	_ game.ViewBot = engineBot{}
)
