package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// The cards of the Spring Deployment Phase (RULES.md §10; CARDS.md #102
// Spring Preparations, #109 Venetian Informant), played there only: as an
// option of the power's own "spring.deploy" decision, after which it is
// asked again for its deployment.
//
//   - "prep": Spring Preparations (not the Protestant; the power controls
//     its capital): a regular in its capital (the Hapsburgs one in each
//     capital they control), and this phase its formation may cross
//     passes, carry more than 5 units across a sea zone and cross a sea
//     zone beside other powers' ships (§10 rules 5, 6, 8).
//   - "informant" <power> <viewer>: Venetian Informant, before any power
//     has deployed a formation: the power's hand is shown to the viewer
//     (the player or another power it names) alone, as an event only they
//     see.

// springCards are the Spring Deployment cards p may play now (its
// options tree is private: it lists only cards p holds).
func (s *State) springCards(p Power) []game.Choice {
	var out []game.Choice
	if s.holds(p, mustCard(102)) && p != Protestant && s.SpringPrep == 0 && !s.eventedThisTurn(mustCard(102)) && s.springPrepOK(p) {
		out = append(out, game.Choice{Label: "play Spring Preparations (a regular in your capital; this deployment ignores passes, ships and the 5-unit limit)", Value: "prep"})
	}
	if c := mustCard(109); s.holds(p, c) && !s.SpringMoved && !s.eventedThisTurn(c) {
		var targets []game.Choice
		for q := Power(0); q < NumMajors; q++ {
			if q == p {
				continue
			}
			var viewers []game.Choice
			for v := Power(0); v < NumMajors; v++ {
				if v != q {
					viewers = append(viewers, game.Choice{Label: "shown to " + v.String(), Value: v.String()})
				}
			}
			targets = append(targets, game.Choice{Label: q.String() + "'s hand", Value: q.String(), Next: viewers})
		}
		out = append(out, game.Choice{Label: "play Venetian Informant (a hand shown to one power)", Value: "informant", Next: targets})
	}
	return out
}

// springPrepOK: p controls its capital (the Hapsburgs: one of theirs).
func (s *State) springPrepOK(p Power) bool {
	for _, c := range capitalsOf[p] {
		if s.ControlledBy(c, p) {
			return true
		}
	}
	return false
}

// springCard plays the Spring Deployment card of path, if it is one.
func (s *State) springCard(p Power, path []string) bool {
	switch path[0] {
	case "prep":
		c := mustCard(102)
		s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: p})
		s.playCard(p, c)
		for _, cap := range capitalsOf[p] {
			if s.ControlledBy(cap, p) {
				s.place(&s.Spaces[cap].Units[p], p, 'r', 1)
				s.emit("spring", fmt.Sprintf("Spring Preparations: a %s regular in %s", p, Spaces[cap].Name))
			}
		}
		s.SpringPrep = p + 1
		return true
	case "informant":
		c := mustCard(109)
		s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: p})
		s.playCard(p, c)
		q, _ := ParsePower(path[1])
		v, _ := ParsePower(path[2])
		var names []string
		for _, h := range s.Powers[q].Hand {
			names = append(names, fmt.Sprintf("#%d %s", Cards[h].Number, Cards[h].Name))
		}
		s.emit("spring", fmt.Sprintf("Venetian Informant: %s shows its hand to %s", q, v))
		s.emitTo("hand", fmt.Sprintf("Venetian Informant: %s's hand: %s", q, strings.Join(names, ", ")), v)
		return true
	}
	return false
}

func init() {
	otherUses[102] |= useSpring
	otherUses[109] |= useSpring
}
