package his

import "fmt"

// Minor powers in war (§22.5): the defeat of Hungary-Bohemia, checked at
// the end of every assault and every field battle.

// hungaryKeysHeldBy counts Hungarian home keys p controls.
func (s *State) hungaryKeysHeldBy(p Power) int {
	n := 0
	for _, sp := range homeSpacesOf[Hungary] {
		if Spaces[sp].Type.IsKey() && s.ControlledBy(sp, p) {
			n++
		}
	}
	return n
}

// hungaryDefeated reports whether the Ottoman has won the war against
// Hungary-Bohemia (§22.5): two Hungarian home keys when Hungary is a
// Hapsburg ally (by Diplomatic Marriage), else one key with at most 4
// Hungarian regulars left on the map. It happens once a game.
func (s *State) hungaryDefeated() bool {
	if s.HungaryDefeated {
		return false
	}
	keys := s.hungaryKeysHeldBy(Ottoman)
	if s.MinorAllyOf(Hungary) == Hapsburg {
		return keys >= 2
	}
	return keys >= 1 && s.OnMap(Hungary).Reg <= 4
}

// checkHungaryDefeat applies §22.5 when Hungary-Bohemia is defeated: the
// Hapsburgs intervene at no cost (war with the Ottoman, an alliance between
// them ends), Hungary-Bohemia is their ally for the rest of the game,
// besieged Hungarian units are eliminated, every Hungarian home space with
// Ottoman land units becomes Ottoman (sieges there end; units unfriendly to
// the Ottoman are displaced), and the Ottoman gains 2 War Winner VP.
func (s *State) checkHungaryDefeat() {
	if !s.hungaryDefeated() {
		return
	}
	s.HungaryDefeated = true
	s.emit("war", "Hungary-Bohemia is defeated: the Hapsburgs intervene")
	s.setAlly(Ottoman, Hapsburg, false)
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	for q := Power(0); q < NumPowers; q++ {
		s.War[Hungary] &^= bit(q)
		s.War[q] &^= bit(Hungary)
	}
	newWar := !s.AtWar(Ottoman, Hapsburg)
	s.setWar(Ottoman, Hapsburg, true)
	if newWar {
		s.warNavalBattles(Ottoman, Hapsburg)
	}
	for i := range s.Spaces {
		ss := &s.Spaces[i]
		if ss.Besiegers != 0 && ss.Besiegers&bit(Hungary) == 0 && ss.Units[Hungary].Land() > 0 {
			s.emit("war", fmt.Sprintf("the besieged Hungarian units in %s are eliminated", Spaces[i].Name))
			ss.Units[Hungary].Reg, ss.Units[Hungary].Merc, ss.Units[Hungary].Cav = 0, 0, 0
		}
	}
	for _, sp := range homeSpacesOf[Hungary] {
		if s.Spaces[sp].Units[Ottoman].Land() == 0 || s.Spaces[sp].Ctl == Ottoman {
			continue
		}
		s.endSiege(sp)
		s.Spaces[sp].Ctl = Ottoman
		s.emit("control", fmt.Sprintf("Ottoman takes control of %s", Spaces[sp].Name))
		s.displaceAll(sp)
	}
	s.Powers[Ottoman].WarVP += 2
}
