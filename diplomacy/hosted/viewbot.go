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
// seat's view (botplay.Bot.BotActionFromView) in a standard-engine game.
// A Multiplicity game is refused (PlaysView): its heuristic needs the
// whole Multiplicity state, which no seat's view rebuilds.
func (b engineBot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if err := b.PlaysView(view); err != nil {
		return game.Action{}, err
	}
	vb, ok := b.standard.(game.ViewBot)
	if !ok {
		return game.Action{}, fmt.Errorf("diplomacy: this bot plays only inside the server")
	}
	return vb.BotActionFromView(view, legal, seat, rng)
}

// PlaysView reports (nil) whether the bot can play the game whose seat's
// view is view from views alone: not a Multiplicity game (its view says
// "multiplicity": true), whose heuristic plays only inside the server.
func (engineBot) PlaysView(view json.RawMessage) error {
	var v struct {
		Multiplicity bool `json:"multiplicity"`
	}
	if err := json.Unmarshal(view, &v); err != nil {
		return fmt.Errorf("diplomacy view: %w", err)
	}
	if v.Multiplicity {
		return fmt.Errorf("a Multiplicity game: its heuristic (and search) bot needs the whole Multiplicity state and plays only inside the server; the random kind plays it from a seat's view")
	}
	return nil
}

// PlaysView is nil: the random kind plays every game from a seat's legal
// options.
func (randomBot) PlaysView(json.RawMessage) error { return nil }

var (
	_ game.ViewBot = Rules{}
	_ game.ViewBot = randomBot{}
	_ game.ViewBot = engineBot{}
)
