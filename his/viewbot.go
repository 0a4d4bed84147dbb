package his

import (
	"encoding/json"
	"fmt"

	"concordat/game"
)

// BotActionFromView is the random bot playing from what its seat sees
// (game.ViewBot): the answer is a path of the seat's options tree, drawn
// as RandomAction draws it (an impulse: pass or a card uniformly, then
// the way to play it and its choices; any other decision: uniformly among
// the tree's leaves). It needs only the tree; the view is not read, so it
// proposes no deals (a "diplomacy.announce" is answered "done").
func (Rules) BotActionFromView(_ json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if legal.Kind == "" || len(legal.Choices) == 0 {
		return game.Action{}, fmt.Errorf("his: %s owes no decision", seat)
	}
	var p []string
	var err error
	if legal.Kind == kImpulse {
		p, err = randomImpulse(legal.Choices, rng)
	} else {
		p, err = randomLeaf(legal.Choices, rng)
	}
	if err != nil {
		return game.Action{}, fmt.Errorf("his: %s, %s: %w", seat, legal.Kind, err)
	}
	return game.Action{Type: legal.Kind, Args: pathArgs(p)}, nil
}

var _ game.ViewBot = Rules{}
