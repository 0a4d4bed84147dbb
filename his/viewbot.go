package his

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

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

// BotActionFromView is the rule-based player playing from what its seat
// sees (game.ViewBot): it rebuilds a state from the view (StateFromView:
// the public state, its own hand, a canonical deal of the cards it cannot
// know, dice from rng) and answers with HeuristicAction on it. That state
// offers the seat the options the real one does, so the answer is legal.
// When the heuristic has no answer (in the 2-player game it plays only the
// two players' own powers, not those they direct), or should its answer
// not be a path of legal nonetheless (a bug) or be refused by the rebuilt
// state, the answer is the random view bot's from legal
// (Rules.BotActionFromView), so that the seat's decision is never left to
// its deadline. A view that is not seat's Here I Stand view is an error.
func (HeuristicBot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	a, _, err := heuristicFromView(view, legal, seat, rng)
	return a, err
}

// heuristicFromView is HeuristicBot.BotActionFromView, reporting too why
// the answer is the random bot's fallback (nil: it is the heuristic's).
func heuristicFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (a game.Action, why, err error) {
	if legal.Kind == "" || len(legal.Choices) == 0 {
		return game.Action{}, nil, fmt.Errorf("his: %s owes no decision", seat)
	}
	s, err := StateFromView(view, seat, rng)
	if err != nil {
		return game.Action{}, nil, err
	}
	a, why = HeuristicAction(s, seat, rng)
	if why == nil && (a.Type != legal.Kind || !answers(s, seat, legal, a)) {
		why = fmt.Errorf("%w: %s %s", errNotLegal, a.Type, a.Args)
	}
	if why == nil {
		return a, nil, nil
	}
	a, err = Rules{}.BotActionFromView(view, legal, seat, rng)
	return a, why, err
}

// errNotLegal marks a heuristic answer that is not among the options.
var errNotLegal = errors.New("the heuristic's answer is not among the options")

// answers reports whether a answers the decision legal describes: a path
// to a leaf of its tree (a deal, which no tree lists, is tried on a copy
// of s instead), and Apply on a copy of s accepts it.
func answers(s *State, seat game.Seat, legal game.Options, a game.Action) bool {
	if legal.Kind != kAnnounce {
		p, err := path(a)
		if err != nil || !leafPath(legal.Choices, p) {
			return false
		}
	}
	cp := s.Clone()
	cp.Script = nil
	_, _, err := Rules{}.Apply(cp, seat, a)
	return err == nil
}

// leafPath reports whether p leads from cs to a leaf.
func leafPath(cs []game.Choice, p []string) bool {
	if len(p) == 0 {
		return false
	}
	for i, v := range p {
		j := slices.IndexFunc(cs, func(c game.Choice) bool { return c.Value == v })
		if j < 0 {
			return false
		}
		if len(cs[j].Next) == 0 {
			return i == len(p)-1
		}
		cs = cs[j].Next
	}
	return false
}

var _ game.ViewBot = HeuristicBot{}
