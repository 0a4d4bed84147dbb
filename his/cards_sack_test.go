package his

import "testing"

// #95 Sack of Rome: a Hapsburg stack in Florence with more mercenaries
// than the Papal regulars in Rome sacks it: the Papacy loses, St. Peter's
// loses 5 CP, the Hapsburgs take 2 Papal cards and keep one, the card
// leaves the game; the survivors go back to Florence. Without such a stack
// the card is not playable.
func TestSackOfRome(t *testing.T) {
	rome, flo := sp(t, "rome"), sp(t, "florence")
	s := impulseState(t, 2, France, mustCard(95))
	clearUnits(s, rome, flo)
	s.Spaces[rome].Units[Papacy] = Units{Reg: 1, Merc: 1}
	if has(optionValues(t, s, "event"), "95") {
		t.Fatal("no stack with more mercenaries than the Papal regulars")
	}
	s.Spaces[flo].Units[Hapsburg] = Units{Reg: 1, Merc: 2}
	s.StPeterCP = 3
	give(s, Papacy, 75, 79)
	// the Hapsburgs 3 dice: 2 hits; the Papacy 1 + 1 = 2 dice: 1 hit
	s.Script = []int{5, 6, 1, 6, 1}
	answer(t, s, kImpulse, France, "event", "95", "florence", "hapsburg")
	passWindow(t, s, winEvent)
	for d, _ := s.top(); d.Kind != kCardOption; d, _ = s.top() {
		answer(t, s, d.Kind, d.Power, "pass")
	}
	if s.Spaces[rome].Units[Papacy].Any() || s.StPeterCP != 0 || !cardIn(s.Gone, mustCard(95)) {
		t.Fatalf("the Papal regular and mercenary fall; St. Peter's 3 → 0: %+v, %d", s.Spaces[rome].Units[Papacy], s.StPeterCP)
	}
	answer(t, s, kCardOption, Hapsburg, "75")
	if !s.holds(Hapsburg, mustCard(75)) || !cardIn(s.Discard, mustCard(79)) || len(s.Powers[Papacy].Hand) != 0 {
		t.Fatal("the Hapsburgs keep Erasmus, Fuggers is discarded")
	}
	// 1 hit on the sackers, taken from their mercenaries: 1 regular and 1
	// mercenary go back to Florence
	if s.Spaces[flo].Units[Hapsburg] != (Units{Reg: 1, Merc: 1}) || s.Spaces[rome].Units[Hapsburg].Any() {
		t.Fatalf("the survivors are back in Florence: %+v", s.Spaces[flo].Units[Hapsburg])
	}
}
