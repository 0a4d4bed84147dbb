package his

import (
	"fmt"

	"concordat/game"
)

// The New World cards (CARDS.md #48 Galleons, #49 Huguenot Raiders, #50
// Mercator's Map, #53 Plantations, #54 Potosi Silver Mines, #77 Fountain
// of Youth, #96 Sale of Moluccas, #98 Search for Cibola, #99 Sebastian
// Cabot, #101 Smallpox, #111 Colonial Governor/Native Uprising). They set
// the New World markers and voyages that newworld.go keeps and resolves.
//
// Readings (CARDS.md's defaults): one Galleons and one Plantations marker
// per power (with all three placed the card cannot be played); any player
// may choose Huguenot Raiders' beneficiary; Fountain of Youth and Search
// for Cibola may cancel Sebastian Cabot's voyage (Cabot then stays in his
// power's pool and the card may be used again); a cancelled power may not
// launch a voyage of that kind again this turn (TurnFx.NoExplore,
// NoConquer). The single Colonial Governor/Native Uprising marker moves
// from wherever it is.

// nwChoices lists England, France and the Hapsburgs for which ok holds.
func nwChoices(ok func(p Power) bool) []game.Choice {
	var out []game.Choice
	for _, p := range []Power{Hapsburg, England, France} {
		if ok(p) {
			out = append(out, game.Choice{Label: p.String(), Value: p.String()})
		}
	}
	return out
}

// raiderOK: q may receive a Huguenot Raider: a home port under Protestant
// influence and no Raider of its own.
func (s *State) raiderOK(q Power) bool {
	if s.NW.Raiders[q] {
		return false
	}
	for _, sp := range homeSpacesOf[q] {
		if len(Spaces[sp].Ports) > 0 && s.Spaces[sp].Prot {
			return true
		}
	}
	return false
}

// explorationUnderway reports whether p has a voyage of exploration
// crossing (its own, or Sebastian Cabot's).
func (s *State) explorationUnderway(p Power) bool { return s.NW.Explore[p].On || s.NW.Cabot[p] }

// cancelExploration is Fountain of Youth's and Search for Cibola's effect
// on p's exploration: the marker waits for the next turn, and p may not
// explore again this turn; Sebastian Cabot's voyage is called off (he
// stays in the pool).
func (s *State) cancelExploration(p Power) {
	s.NW.Explore[p] = Voyage{}
	s.NW.Cabot[p] = false
	s.NW.Used[p] |= usedExplore
	s.TurnFx.NoExplore |= bit(p)
}

func init() {
	registerEvent(48, &eventDef{ // Galleons
		choices: func(s *State, p Power) []game.Choice {
			return nwChoices(func(q Power) bool { return !s.NW.Galleons[q] })
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.NW.Galleons[q] = true
			s.emit("newworld", "Galleons: "+q.String()+" has the Galleons marker")
		},
	})
	registerEvent(53, &eventDef{ // Plantations
		choices: func(s *State, p Power) []game.Choice {
			return nwChoices(func(q Power) bool { return !s.NW.Plantations[q] })
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.NW.Plantations[q] = true
			s.emit("newworld", "Plantations: +1 to "+q.String()+"'s colony rolls")
		},
	})
	registerEvent(49, &eventDef{ // Huguenot Raiders
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, q := range []Power{France, England, Protestant} {
				if s.raiderOK(q) {
					out = append(out, game.Choice{Label: q.String(), Value: q.String()})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.NW.Raiders[q] = true
			s.emit("newworld", "Huguenot Raiders: "+q.String()+" raids the Hapsburg treasure fleets")
		},
	})
	registerEvent(50, &eventDef{ // Mercator's Map
		choices: func(s *State, p Power) []game.Choice { return nwChoices(s.canExplore) },
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.launchExploration(q, true)
		},
	})
	registerEvent(101, &eventDef{ // Smallpox
		can:  func(s *State, p Power) bool { return s.canConquer(p) },
		play: func(s *State, p Power, _ []string) { s.launchConquest(p, true) },
	})
	registerEvent(54, &eventDef{ // Potosi Silver Mines
		choices: func(s *State, p Power) []game.Choice { return nwChoices(s.canPotosi) },
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.placePotosi(q)
		},
	})
	registerEvent(99, &eventDef{ // Sebastian Cabot
		can: func(s *State, p Power) bool {
			return isNWPower(p) && !s.NW.Cabot[p] && s.NW.Explorers[cabotOf[p]] == VPool && s.TurnFx.NoExplore&bit(p) == 0
		},
		play: func(s *State, p Power, _ []string) { s.launchCabot(p) },
	})
	registerEvent(96, &eventDef{ // Sale of Moluccas
		can: func(s *State, p Power) bool { return s.NW.Discoveries[Circumnavigation].Claimed },
		play: func(s *State, p Power, _ []string) {
			q := s.NW.Discoveries[Circumnavigation].Power
			s.drawFromDeck(q)
			s.drawFromDeck(q)
			s.emit("event", "Sale of Moluccas: "+q.String()+" draws 2 cards")
		},
	})
	registerEvent(77, &eventDef{ // Fountain of Youth
		choices: func(s *State, p Power) []game.Choice { return nwChoices(s.explorationUnderway) },
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.cancelExploration(q)
			d := s.Die()
			s.emit("newworld", fmt.Sprintf("Fountain of Youth: %s's exploration waits for next turn; die %d", q, d))
			if d >= 4 {
				if pool := s.explorerPool(q); len(pool) > 0 {
					e := pool[s.RNG.Intn(len(pool))]
					s.NW.Explorers[e] = VLost
					s.emit("newworld", fmt.Sprintf("Fountain of Youth: %s is lost", Explorers[e].Name))
				}
			}
		},
	})
	registerEvent(98, &eventDef{ // Search for Cibola
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, q := range []Power{Hapsburg, England, France} {
				var kinds []game.Choice
				if s.explorationUnderway(q) {
					kinds = append(kinds, game.Choice{Label: "its exploration", Value: "explore"})
				}
				if s.NW.Conquer[q].On {
					kinds = append(kinds, game.Choice{Label: "its conquest", Value: "conquer"})
				}
				if len(kinds) > 0 {
					out = append(out, game.Choice{Label: q.String(), Value: q.String(), Next: kinds})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			if path[1] == "explore" {
				s.cancelExploration(q)
			} else {
				s.NW.Conquer[q] = Voyage{}
				s.NW.Used[q] |= usedConquer
				s.TurnFx.NoConquer |= bit(q)
			}
			s.emit("newworld", fmt.Sprintf("Search for Cibola: %s's voyage of %s waits for next turn", q, map[string]string{"explore": "exploration", "conquer": "conquest"}[path[1]]))
		},
	})
	registerEvent(111, &eventDef{ // Colonial Governor / Native Uprising
		choices: func(s *State, p Power) []game.Choice {
			sides := []game.Choice{{Label: "Colonial Governor (No Effect → Card)", Value: "governor"}, {Label: "Native Uprising (No Effect → Elim)", Value: "uprising"}}
			out := nwChoices(func(Power) bool { return true })
			for i := range out {
				out[i].Next = sides
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.NW.Governor, s.NW.Uprising = [NumMajors]bool{}, [NumMajors]bool{}
			if path[1] == "governor" {
				s.NW.Governor[q] = true
			} else {
				s.NW.Uprising[q] = true
			}
			s.emit("newworld", fmt.Sprintf("Colonial Governor/Native Uprising: the marker goes by %s's colonies (%s)", q, path[1]))
		},
	})
}
