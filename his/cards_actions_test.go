package his

import "testing"

// #76 Foreign Recruits: 4 CP for construction only, in any space the
// player controls (here a French regular in non-home Milan).
func TestForeignRecruits(t *testing.T) {
	milan := sp(t, "milan")
	s := impulseState(t, 2, France, mustCard(76))
	answer(t, s, kImpulse, France, "event", "76")
	if s.Act == nil || s.Act.CP != 4 || !s.Act.Recruits {
		t.Fatalf("4 CP for building: %+v", s.Act)
	}
	for _, c := range s.actionChoices(France) {
		if c.Value != "done" && !buildActions[c.Value] {
			t.Fatalf("only construction: %s offered", c.Value)
		}
	}
	if !has(optionValues(t, s, "regular"), "milan") {
		t.Fatal("a regular in French Milan, not a home space")
	}
	answer(t, s, kAction, France, "regular", "milan")
	if s.Spaces[milan].Units[France].Reg == 0 {
		t.Fatal("built in Milan")
	}
	if has(optionValues(t, impulseState(t, 2, Protestant, mustCard(76)), "event"), "76") {
		t.Fatal("not the Protestant before the League")
	}
}

// #42 Roxelana: 4 CP; the Ottoman's formation with Suleiman assaults once
// free, even a siege begun this impulse; another power may move Suleiman
// to Istanbul for 2 of them.
func TestRoxelana(t *testing.T) {
	buda := sp(t, "belgrade")
	s := impulseState(t, 3, Ottoman, mustCard(42))
	sul := leader(t, "suleiman")
	clearUnits(s, buda)
	s.Spaces[buda].Units[Hungary] = Units{Reg: 1}
	s.Spaces[buda].Units[Ottoman] = Units{Reg: 4}
	s.Spaces[buda].Besiegers = bit(Ottoman)
	s.Spaces[buda].SiegeNew = true
	place(s, sul, buda)
	answer(t, s, kImpulse, Ottoman, "event", "42")
	if !has(optionValues(t, s, "assault"), "belgrade") {
		t.Fatal("Suleiman's formation may assault a siege begun this impulse")
	}
	s.Script = []int{1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Ottoman, "assault", "belgrade", "4:0:0")
	if s.Act == nil || s.Act.CP != 4 || s.Imp.Roxelana {
		t.Fatalf("the assault was free and used up: %+v", s.Act)
	}
	s = impulseState(t, 3, France, mustCard(42))
	place(s, sul, buda)
	answer(t, s, kImpulse, France, "event", "42")
	answer(t, s, kAction, France, "suleiman")
	if s.Leaders[sul].Loc != int(sp(t, "istanbul")) || s.Act.CP != 2 {
		t.Fatal("Suleiman back in Istanbul for 2 CP")
	}
}

// #72 Cloth Prices Fluctuate: half a (England holds Calais, the Hapsburgs
// Antwerp) — both draw, the player places 2 mercenaries at home; half b —
// Antwerp's controller discards, unrest in the Low Countries.
func TestClothPrices(t *testing.T) {
	paris := sp(t, "paris")
	s := impulseState(t, 2, France, mustCard(72))
	m := s.Spaces[paris].Units[France].Merc
	answer(t, s, kImpulse, France, "event", "72", "a", "paris")
	if len(s.Powers[England].Hand) != 1 || len(s.Powers[Hapsburg].Hand) != 1 || s.Spaces[paris].Units[France].Merc != m+2 {
		t.Fatal("England and the Hapsburgs draw; 2 French mercenaries in Paris")
	}
	s = impulseState(t, 2, France, mustCard(72))
	give(s, Hapsburg, 75)
	answer(t, s, kImpulse, France, "event", "72", "b")
	passWindow(t, s, winEvent)
	if len(s.Powers[Hapsburg].Hand) != 0 {
		t.Fatal("the Hapsburgs (Antwerp) discard at random")
	}
	if d, _ := s.top(); d.Kind != kCardSpace {
		t.Fatalf("then unrest: %+v", d)
	}
}

// #89 Pirate Haven: Oran, Hapsburg and empty, with a fortified Ottoman
// port on its sea zone: the Ottoman makes it a haven with a regular and 2
// corsairs; it then builds corsairs only.
func TestPirateHaven(t *testing.T) {
	oran := sp(t, "oran")
	s := impulseState(t, 3, Ottoman, mustCard(89))
	if has(optionValues(t, s, "event"), "89") {
		t.Fatal("not before Barbary Pirates")
	}
	s.barbaryPirates()
	s.setWar(Ottoman, Hapsburg, true)
	clearUnits(s, oran)
	answer(t, s, kImpulse, Ottoman, "event", "89")
	answer(t, s, kCardSpace, Ottoman, "oran")
	if s.Spaces[oran].Ctl != Ottoman || !s.haven(oran) || !s.fortified(oran) || s.Spaces[oran].Units[Ottoman] != (Units{Reg: 1, Cor: 2}) {
		t.Fatalf("Oran: %+v", s.Spaces[oran])
	}
	s.Stack = nil
	s.Act = &Act{Power: Ottoman, CP: 4, Card: -1}
	s.push(kAction, Ottoman)
	if !has(optionValues(t, s, "corsair"), "oran") || has(optionValues(t, s, "regular"), "oran") {
		t.Fatal("corsairs only in the haven")
	}
}

// #71 City State Rebels: 5 dice against a captured key; emptied, it goes
// back to its home power (independent Milan to the independents) with a
// regular.
func TestCityStateRebels(t *testing.T) {
	milan := sp(t, "milan")
	s := impulseState(t, 2, Hapsburg, mustCard(71))
	clearUnits(s, milan)
	s.Spaces[milan].Units[France] = Units{Reg: 2}
	if !has(optionValues(t, s, "event", "71"), "milan") {
		t.Fatal("French Milan is a captured independent key")
	}
	s.Script = []int{5, 6, 1, 1, 1}
	answer(t, s, kImpulse, Hapsburg, "event", "71", "milan")
	answer(t, s, kCardOption, France, "r")
	answer(t, s, kCardOption, France, "r")
	if s.Spaces[milan].Ctl != Independent || s.Spaces[milan].Units[Independent].Reg != 1 {
		t.Fatalf("Milan independent again: %+v", s.Spaces[milan])
	}
}
