package his

import (
	"fmt"

	"concordat/game"
)

// Event cards that give a leader to a power (CARDS.md #60 Maurice of
// Saxony, #70 Charles Bourbon). The power a leader serves is then
// State.lpower's, not the printed one.
//
//   - Charles Bourbon: the player (the Protestant after the League) names a
//     space it controls not under siege, or, at war with France, an
//     unoccupied space next to Lyon, which it takes at once; there the
//     Renegade (battle 1, command 6) enters as its leader with 3 new
//     mercenaries of its own (the Ottoman: cavalry). The Renegade leaves in
//     the Winter Phase (§19.2); the units stay.
//   - Maurice of Saxony: the Hapsburgs or the Protestant play it to gain
//     Maurice from the other (CARDS.md's default: not to give him away).
//     On the map, the mercenaries of his old side in his space change sides
//     with him, and the new owner moves him and them to the nearest
//     unoccupied space friendly to it ("card.space" when several are as
//     near); captured, he is freed and his new owner places him in a
//     fortified space it controls.

// lyonNeighbours are Charles Bourbon's spaces for a power at war with
// France.
var lyonNeighbours = []string{"avignon", "dijon", "geneva", "grenoble", "limoges", "orleans"}

// bourbonSpaces are where p may bring in the Renegade.
func (s *State) bourbonSpaces(p Power) []SpaceID {
	var out []SpaceID
	for i := range s.Spaces {
		if s.ControlledBy(SpaceID(i), p) && !s.UnderSiege(SpaceID(i)) {
			out = append(out, SpaceID(i))
		}
	}
	if s.AtWar(p, France) {
		for _, id := range lyonNeighbours {
			if sp := mustSpace(id); s.unoccupied(sp) && !s.ControlledBy(sp, p) {
				out = append(out, sp)
			}
		}
	}
	return out
}

// mauriceSide is the power Maurice of Saxony serves now.
func (s *State) mauriceSide() Power { return s.lpower(lMaurice) }

// mauriceDests: the nearest unoccupied spaces friendly to q from sp.
func (s *State) mauriceDests(from SpaceID, q Power) []SpaceID {
	return nearestSpaces(from, func(sp SpaceID) bool { return s.FriendlySpace(sp, q) && s.unoccupied(sp) })
}

func init() {
	registerEvent(70, &eventDef{ // Charles Bourbon
		choices: func(s *State, p Power) []game.Choice {
			if p == Protestant && !s.League {
				return nil
			}
			if st := s.Leaders[lRenegade]; st.Loc >= 0 || st.Captor != NoPower {
				return nil // the Renegade is in play already
			}
			var out []game.Choice
			for _, sp := range s.bourbonSpaces(p) {
				if l := Spaces[sp].Lang; s.Two != nil && l != LangGerman && l != LangItalian {
					continue // 2-player (modified card): the German and Italian zones only
				}
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			if !s.ControlledBy(sp, p) {
				s.takeControl(sp, p)
			}
			s.RenegadeFor = uint8(p) + 1
			s.Renegade = true
			s.putLeader(lRenegade, int(sp))
			k := byte('m')
			if p == Ottoman {
				k = 'c'
			}
			n := s.place(&s.Spaces[sp].Units[p], p, k, 3)
			s.emit("event", fmt.Sprintf("Charles Bourbon: the Renegade leads %s's %d new units in %s", p, n, Spaces[sp].Name))
		},
	})

	registerEvent(60, &eventDef{ // Maurice of Saxony
		can: func(s *State, p Power) bool {
			st := s.Leaders[lMaurice]
			in := st.Captor != NoPower || st.Loc >= 0 && st.Loc < NumSpaces
			side := s.mauriceSide()
			return in && (p == Hapsburg && side == Protestant || p == Protestant && side == Hapsburg)
		},
		play: func(s *State, p Power, _ []string) {
			old := s.mauriceSide()
			if p == Protestant {
				s.MauriceFor = 0
			} else {
				s.MauriceFor = uint8(p) + 1
			}
			s.emit("event", fmt.Sprintf("Maurice of Saxony changes sides: he serves %s", p))
			st := s.Leaders[lMaurice]
			if st.Captor != NoPower {
				s.Leaders[lMaurice] = LeaderState{Loc: OffMap, Captor: NoPower}
				s.pushCard(CardProc{Card: 60, Player: p, Target: p, Space: -1, N: 1, Stage: 0})
				return
			}
			from := SpaceID(st.Loc)
			m := s.Spaces[from].Units[old].Merc
			s.Spaces[from].Units[old].Merc = 0
			var got Units
			s.place(&got, p, 'm', int(m))
			s.pushCard(CardProc{Card: 60, Player: p, Target: p, Space: int(from), N: 1, Stage: 1, Ints: []int{int(got.Merc)}})
			s.unitsLost(from)
		},
	})
	registerSpaces(60, 0, &spaceCard{text: "place the freed Maurice of Saxony in a fortified space you control",
		spaces: func(s *State, c *CardProc) []SpaceID {
			var out []SpaceID
			for i := range s.Spaces {
				if s.fortified(SpaceID(i)) && s.ControlledBy(SpaceID(i), c.Target) {
					out = append(out, SpaceID(i))
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.putLeader(lMaurice, int(sp)) },
	})
	registerSpaces(60, 1, &spaceCard{text: "move Maurice of Saxony and his mercenaries to the nearest unoccupied friendly space",
		spaces: func(s *State, c *CardProc) []SpaceID { return s.mauriceDests(SpaceID(c.Space), c.Target) },
		do: func(s *State, c *CardProc, sp SpaceID) {
			s.Leaders[lMaurice].Loc = int(sp)
			s.Spaces[sp].Units[c.Target].Merc += uint8(c.Ints[0])
			s.emit("event", fmt.Sprintf("Maurice of Saxony goes to %s with %d mercenaries", Spaces[sp].Name, c.Ints[0]))
		},
		then: func(s *State, c *CardProc) {
			s.popCard()
			if s.Leaders[lMaurice].Loc == c.Space {
				// nowhere to go: he stays, his mercenaries with him
				s.Spaces[c.Space].Units[c.Target].Merc += uint8(c.Ints[0])
			}
		},
	})
	cardSteps[60] = (*State).stepSpaces
}
