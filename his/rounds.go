package his

import (
	"fmt"

	"concordat/game"
)

// Rounds of play. A seat of Here I Stand owes its decisions one at a time,
// several of them to one unit of play: an impulse (the card, then the CP
// spent one action at a time, with the battles and the other powers'
// answers inside it), or a phase outside the Action Phase (the Diplomacy
// Phase with its announcements, peace, ransom and war segments; Spring
// Deployment; Winter …). A round is one such unit: every impulse is a
// round, and every other phase of a turn is one. A server counts a seat's
// missed deadlines once per round (host.Rounds), and a missed impulse takes
// its default as a whole (advanceDefault).

// roundKey is the round open in s: the turn, the phase and, in the Action
// Phase, the impulse. Keys only grow as a game goes on (phases do not
// repeat within a turn), so a key is never open twice.
func (s *State) roundKey() int64 {
	k := int64(s.Turn)<<40 | int64(s.Phase)<<32
	if s.Phase == PhaseAction {
		k |= int64(s.Impulses)
	}
	return k
}

// noteApplied counts an applied action and starts a new round when the
// action ended the one that was open.
func (s *State) noteApplied() {
	s.Applied++
	if k := s.roundKey(); k != s.Round {
		s.Round, s.RoundStart = k, s.Applied
	}
}

// Round names the round of play open in st and gives the number of actions
// the game had applied when it began (the seq of the action whose state
// opened it): "turn 2: impulse 14 (hapsburg)", "turn 3: diplomacy". It
// implements host.Rounds; "" once the game is over.
func (Rules) Round(st game.State) (string, int64) {
	s := state(st)
	if s.Phase == PhaseOver {
		return "", 0
	}
	if s.Phase == PhaseAction {
		return fmt.Sprintf("turn %d: impulse %d (%s)", s.Turn, s.Impulses, s.Impulse), s.RoundStart
	}
	return fmt.Sprintf("turn %d: %s", s.Turn, s.Phase), s.RoundStart
}

// impulseDefault is the answer a missed impulse of p gets (§11.0): pass
// when p may; else play its Mandatory Event (it must be played this turn,
// costs no card of value and gives 2 CP); else its lowest-CP card that is
// not a Home card, for CP; a Home card only when p holds nothing else and
// may not pass. Under Mary I's procedure the card is shown instead of
// played (§21.3). The event's own choices take their first options.
func (s *State) impulseDefault(p Power) []string {
	ch := s.impulseChoices(p)
	pick := func(v string) (game.Choice, bool) {
		for _, c := range ch {
			if c.Value == v {
				return c, true
			}
		}
		return game.Choice{}, false
	}
	if _, ok := pick("pass"); ok {
		return []string{"pass"}
	}
	if ev, ok := pick("event"); ok {
		for _, c := range ev.Next {
			if Cards[mustCard(atoi(c.Value))].Type == MandatoryCard {
				return append([]string{"event"}, firstPath([]game.Choice{c})...)
			}
		}
	}
	for _, play := range []string{"cp", "show"} {
		if cp, ok := pick(play); ok && len(cp.Next) > 0 {
			return []string{play, lowestCard(cp.Next)}
		}
	}
	return firstPath(ch)
}

// lowestCard is the card of the options that is worth least to spend: not a
// Home card when another is offered, then the lowest CP, then the lowest
// number.
func lowestCard(opts []game.Choice) string {
	best, bestKey := "", 1<<30
	for _, o := range opts {
		ci := &Cards[mustCard(atoi(o.Value))]
		key := ci.CP<<10 | ci.Number
		if ci.Type == HomeCard {
			key += 1 << 20
		}
		if key < bestKey {
			best, bestKey = o.Value, key
		}
	}
	return best
}

// firstPath is the path of first options through a tree.
func firstPath(ch []game.Choice) []string {
	var p []string
	for len(ch) > 0 {
		p = append(p, ch[0].Value)
		ch = ch[0].Next
	}
	return p
}

// startsImpulse reports whether a decision of this kind begins what a
// power does with its impulse, so that its default carries on through the
// rest of the impulse (advanceDefault).
func startsImpulse(kind string) bool { return kind == kImpulse || kind == kMary }
