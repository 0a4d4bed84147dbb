package his

import (
	"fmt"
	"slices"

	"concordat/game"
)

// Event cards that grant CP or change the map's control (CARDS.md §7):
// #42 Roxelana, #71 City State Rebels, #72 Cloth Prices Fluctuate, #76
// Foreign Recruits, #89 Pirate Haven.
//
//   - Foreign Recruits: 4 CP for the construction actions only
//     (Act.Recruits), each unit in any space the player controls not under
//     siege, in unrest nor with enemy units (a minor ally's units in its
//     home spaces as usual; the Ottoman may build any unit in Algiers and
//     pirate havens); not the Protestant before the League.
//   - Roxelana: 4 CP; for the Ottoman, the formation with Suleiman may make
//     one assault at no CP, even on a siege begun this impulse (the free
//     assault is lost with the impulse, or once the CP are spent); for
//     another power, the action "suleiman" (2 CP) moves Suleiman alone to
//     Istanbul when he is free, not besieged, and Istanbul is the
//     Ottoman's.
//   - Cloth Prices Fluctuate: "a" (England holds Calais and the Hapsburgs
//     Antwerp): both draw a card, and the player places 2 new mercenaries (2
//     cavalry for the Ottoman) in a home space it controls, not under siege
//     (none for the Protestant before the League); "b": Antwerp's
//     controller discards a card at random and the player puts unrest on up
//     to 2 unoccupied spaces among Antwerp, Brussels, Amsterdam and the
//     Hapsburg home spaces of the German and Italian zones.
//   - Pirate Haven (after Barbary Pirates): Oran or Tripoli, unoccupied,
//     held by a power at war with the Ottoman, on a sea zone that touches a
//     fortified Ottoman space: the Ottoman chooses one; it becomes
//     Ottoman, with a regular, 2 corsairs and a fortress; it counts as an
//     Ottoman home space (a line of communication may start there) that
//     builds corsairs only.
//   - City State Rebels: a captured key not under siege (an independent
//     key a major power holds, or a home key held by a power not allied to
//     its home power); 5 dice, each hit eliminates one of the controller's
//     land or naval units there (its choice, one at a time); emptied, the
//     key goes back to its home power (a minor through its ally, an
//     independent key to the independents) with one of its regulars, and
//     the player captures the leaders there.

// haven reports whether sp is a pirate haven (#89).
func (s *State) haven(sp SpaceID) bool {
	return len(s.Havens) > 0 && slices.Contains(s.Havens, int(sp))
}

// roxelanaAt reports whether p's assault of sp is Roxelana's free one.
func (s *State) roxelanaAt(sp SpaceID, p Power) bool {
	if p != Ottoman || !s.Imp.Roxelana {
		return false
	}
	sul, _ := LeaderByID("suleiman")
	return s.Leaders[sul].Loc == int(sp) && s.Leaders[sul].Captor == NoPower && !s.gouty(sul)
}

// havenSpaces are Pirate Haven's possible spaces.
func (s *State) havenSpaces() []SpaceID {
	var out []SpaceID
	for _, id := range []string{"oran", "tripoli"} {
		sp := mustSpace(id)
		c := s.Spaces[sp].Ctl
		if s.haven(sp) || !s.unoccupied(sp) || c == NoPower || !s.AtWar(Ottoman, c) {
			continue
		}
		touches := false
		for _, z := range Spaces[sp].Ports {
			for _, port := range Seas[z].Ports {
				if s.fortified(port) && s.ControlledBy(port, Ottoman) {
					touches = true
				}
			}
		}
		if touches {
			out = append(out, sp)
		}
	}
	return out
}

// clothSpaces are Cloth Prices Fluctuate's unrest targets (the card data
// loads after this file's init: built when first needed).
func clothSpaces() []SpaceID {
	out := []SpaceID{mustSpace("antwerp"), mustSpace("brussels"), mustSpace("amsterdam")}
	for _, h := range homeSpacesOf[Hapsburg] {
		if l := Spaces[h].Lang; l == LangGerman || l == LangItalian {
			out = append(out, h)
		}
	}
	return out
}

// capturedKeys are City State Rebels' targets.
func (s *State) capturedKeys() []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		sp := SpaceID(i)
		if !Spaces[i].Type.IsKey() || s.UnderSiege(sp) {
			continue
		}
		c, h := s.Spaces[i].Ctl, Spaces[i].Home
		switch {
		case !c.Major():
		case h == Independent:
			out = append(out, sp)
		case c != h && !s.Allied(c, h) && s.MinorAllyOf(h) != c:
			out = append(out, sp)
		}
	}
	return out
}

// rebelLossChoices: the unit types the controller of sp may lose.
func (s *State) rebelLossChoices(sp SpaceID, q Power) []game.Choice {
	return unitKinds(s.Spaces[sp].Units[q], true)
}

func init() {
	registerEvent(76, &eventDef{ // Foreign Recruits
		can: func(s *State, p Power) bool { return p != Protestant || s.League },
		play: func(s *State, p Power, _ []string) {
			s.Act = &Act{Power: p, CP: 4, Card: -1, Recruits: true}
			s.emit("cp", fmt.Sprintf("Foreign Recruits: %s has 4 CP to build units", p))
		},
	})

	registerEvent(42, &eventDef{ // Roxelana
		play: func(s *State, p Power, _ []string) {
			s.Act = &Act{Power: p, CP: 4, Card: -1}
			if p == Ottoman {
				s.Imp.Roxelana = true
				s.emit("cp", "Roxelana: the Ottoman has 4 CP, and Suleiman's formation one free assault")
				return
			}
			s.Imp.Suleiman |= bit(p)
			s.emit("cp", fmt.Sprintf("Roxelana: %s has 4 CP (2 of them may send Suleiman to Istanbul)", p))
		},
	})
	registerAction(&actionDef{
		id: "suleiman", label: "Roxelana: move Suleiman alone to Istanbul (2 CP)", order: 950,
		choices: func(s *State, p Power, cp int) []game.Choice {
			sul, _ := LeaderByID("suleiman")
			l := s.Leaders[sul]
			ist := mustSpace("istanbul")
			if cp < 2 || s.Imp.Suleiman&bit(p) == 0 || l.Captor != NoPower || l.Loc < 0 || l.Loc >= NumSpaces || l.Loc == int(ist) ||
				s.UnderSiege(SpaceID(l.Loc)) && !s.Besieging(SpaceID(l.Loc), Ottoman) || !s.ControlledBy(ist, Ottoman) {
				return nil
			}
			return leafChoice
		},
		cost: fixedCost(2),
		do: func(s *State, p Power, _ []string) {
			sul, _ := LeaderByID("suleiman")
			s.Leaders[sul].Loc = int(mustSpace("istanbul"))
			s.Imp.Suleiman &^= bit(p)
			s.emit("event", "Roxelana: Suleiman goes back to Istanbul")
		},
	})

	registerEvent(72, &eventDef{ // Cloth Prices Fluctuate
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			if s.ControlledBy(mustSpace("calais"), England) && s.ControlledBy(mustSpace("antwerp"), Hapsburg) {
				var where []game.Choice
				if p != Protestant || s.League {
					for _, h := range homeSpacesOf[p] {
						if s.ControlledBy(h, p) && !s.UnderSiege(h) && !s.Spaces[h].Unrest {
							where = append(where, game.Choice{Label: Spaces[h].Name, Value: Spaces[h].ID})
						}
					}
				}
				if len(where) == 0 {
					where = []game.Choice{{Label: "no mercenaries", Value: "none"}}
				}
				out = append(out, game.Choice{Label: "England and the Hapsburgs draw; mercenaries for you", Value: "a", Next: where})
			}
			out = append(out, game.Choice{Label: "Antwerp's controller discards; unrest in the Low Countries and the Hapsburg lands", Value: "b"})
			return out
		},
		play: func(s *State, p Power, path []string) {
			if path[0] == "a" {
				s.drawFromDeck(England)
				s.drawFromDeck(Hapsburg)
				if path[1] != "none" {
					sp := mustSpace(path[1])
					k := byte('m')
					if p == Ottoman {
						k = 'c'
					}
					n := s.place(&s.Spaces[sp].Units[p], p, k, 2)
					s.emit("event", fmt.Sprintf("Cloth Prices Fluctuate: %d new %s units in %s", n, p, Spaces[sp].Name))
				}
				return
			}
			if c := s.Spaces[mustSpace("antwerp")].Ctl; c.Major() {
				s.randomDiscard(c, 72)
			}
			s.startSpaces(72, p, p, 2)
		},
	})
	registerSpaces(72, 0, &spaceCard{text: "place unrest", optional: true,
		spaces: func(s *State, c *CardProc) []SpaceID {
			var out []SpaceID
			for _, sp := range clothSpaces() {
				if !s.Spaces[sp].Unrest && s.unoccupied(sp) {
					out = append(out, sp)
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.Spaces[sp].Unrest = true },
	})

	registerEvent(89, &eventDef{ // Pirate Haven
		can:  func(s *State, p Power) bool { return s.Barbary && len(s.havenSpaces()) > 0 },
		play: func(s *State, p Power, _ []string) { s.startSpaces(89, p, Ottoman, 1) },
	})
	registerSpaces(89, 0, &spaceCard{text: "make a pirate haven",
		spaces: func(s *State, c *CardProc) []SpaceID { return s.havenSpaces() },
		do: func(s *State, c *CardProc, sp SpaceID) {
			s.Spaces[sp].Ctl = Ottoman
			s.addFortress(sp)
			s.Havens = append(s.Havens, int(sp))
			s.place(&s.Spaces[sp].Units[Ottoman], Ottoman, 'r', 1)
			s.place(&s.Spaces[sp].Units[Ottoman], Ottoman, 'k', 2)
			s.emit("event", "Pirate Haven: "+Spaces[sp].Name+" is an Ottoman pirate haven")
		},
	})

	registerEvent(71, &eventDef{ // City State Rebels
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, sp := range s.capturedKeys() {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			h, dice := s.Hits(5)
			q := s.Spaces[sp].Ctl
			s.emit("event", fmt.Sprintf("City State Rebels in %s: %v, %d hit(s) on %s", Spaces[sp].Name, dice, h, q))
			s.pushCard(CardProc{Card: 71, Player: p, Target: q, Space: int(sp), N: h, Stage: 1})
		},
	})
	cardSteps[71] = func(s *State, c *CardProc) {
		sp := SpaceID(c.Space)
		if c.N > 0 && len(s.rebelLossChoices(sp, c.Target)) > 0 {
			s.stepOption(c)
			return
		}
		s.popCard()
		s.unitsLost(sp)
		for q := Power(0); q < NumPowers; q++ {
			if s.Spaces[sp].Units[q].Any() {
				return // units remain: the key stays
			}
		}
		var ls []int
		for i, l := range s.Leaders {
			if l.Loc == int(sp) && l.Captor == NoPower {
				ls = append(ls, i)
			}
		}
		s.captureLeadersBy(ls, c.Player)
		home := Spaces[sp].Home
		s.Spaces[sp].Ctl = home
		s.place(&s.Spaces[sp].Units[home], home, 'r', 1)
		s.emit("event", fmt.Sprintf("City State Rebels: %s goes back to %s", Spaces[sp].Name, home))
		s.checkMilitary()
	}
	optionCards[711] = &optionCard{text: "a unit lost to the rebels",
		choices: func(s *State, c *CardProc) []game.Choice { return s.rebelLossChoices(SpaceID(c.Space), c.Target) },
		do: func(s *State, c *CardProc, path []string) {
			sp := SpaceID(c.Space)
			u := &s.Spaces[sp].Units[c.Target]
			lost := oneUnit(path[0])
			*u = subUnits(*u, lost)
			s.toTrack(c.Target, int(lost.Sq), int(lost.Cor)) // ships go to the Turn Track
			c.N--
		},
	}
}
