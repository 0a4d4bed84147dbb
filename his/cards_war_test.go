package his

import (
	"testing"
)

// #92 Revolt in Egypt (§21.7): the Ottoman moves 3 land units (and leaders
// it wishes) onto the card, the Egyptians are 3, the Ottoman is dealt a
// card fewer; Fight Foreign War (1 CP) is a battle without defender die or
// retreat; new Ottoman land units are built on the card while it holds
// fewer than 3; once the rebels are gone: 1 War Winner VP, the survivors
// back in Istanbul, the card to the discard pile. Not while it is in
// progress.
func TestRevoltInEgypt(t *testing.T) {
	ist := sp(t, "istanbul")
	s := impulseState(t, 2, Hapsburg, mustCard(92))
	clearUnits(s, ist)
	s.Spaces[ist].Units[Ottoman] = Units{Reg: 4, Cav: 2}
	sul := leader(t, "suleiman")
	place(s, sul, ist)
	dealt := s.CardsDealt(Ottoman)
	answer(t, s, kImpulse, Hapsburg, "event", "92")
	answer(t, s, kWarUnit, Ottoman, "istanbul", "r")
	answer(t, s, kWarUnit, Ottoman, "istanbul", "r")
	answer(t, s, kWarUnit, Ottoman, "istanbul", "c")
	answer(t, s, kWarLeader, Ottoman, "suleiman")
	answer(t, s, kWarLeader, Ottoman, "done")
	f := s.Foreign[0]
	if !f.On || f.Units != (Units{Reg: 2, Cav: 1}) || f.Rebels != 3 || len(f.Leaders) != 1 || s.Spaces[ist].Units[Ottoman] != (Units{Reg: 2, Cav: 1}) {
		t.Fatalf("3 units and Suleiman on the card, 3 rebels: %+v, Istanbul %+v", f, s.Spaces[ist].Units[Ottoman])
	}
	if s.CardsDealt(Ottoman) != dealt-1 || cardIn(s.Discard, mustCard(92)) {
		t.Fatal("-1 card while the war lasts; the card lies by the Ottoman")
	}
	if got := (Rules{}).View(s, "").(*view).Leaders["suleiman"]; got != "foreign war egypt" {
		t.Fatalf("the view shows Suleiman on the card: %q", got)
	}
	// not playable again while it lasts
	s2 := impulseState(t, 2, Hapsburg, mustCard(92))
	s2.Foreign[0].On = true
	if has(optionValues(t, s2, "event"), "92") {
		t.Fatal("Revolt in Egypt while one is in progress")
	}

	// Fight Foreign War: 3 units + Suleiman 2 = 5 dice: 1 hit; the rebels
	// 3 dice (no defender die): 1 hit
	s.Stack, s.Impulse = nil, Ottoman
	s.Act = &Act{Power: Ottoman, CP: 4, Card: -1}
	s.push(kAction, Ottoman)
	s.Script = []int{5, 1, 1, 1, 1, 6, 1, 1}
	answer(t, s, kAction, Ottoman, "war", "egypt")
	answer(t, s, kWarLosses, Ottoman, "1:0:0")
	if f := s.Foreign[0]; f.Rebels != 2 || f.Units != (Units{Reg: 1, Cav: 1}) {
		t.Fatalf("each side lost one: %+v", f)
	}
	// short of units: a new regular goes to the card
	if got := optionValues(t, s, "regular"); len(got) != 1 || got[0] != "egypt" {
		t.Fatalf("new land units are built on the card: %v", got)
	}
	answer(t, s, kAction, Ottoman, "regular", "egypt")
	if s.Foreign[0].Units != (Units{Reg: 2, Cav: 1}) {
		t.Fatalf("the regular is on the card: %+v", s.Foreign[0].Units)
	}
	// one more battle with the last CP: 5 dice, 2 hits, the war is won
	vp := s.VP(Ottoman)
	s.Script = []int{5, 5, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Ottoman, "war", "egypt")
	if s.Foreign[0].On || s.VP(Ottoman) != vp+1 || !cardIn(s.Discard, mustCard(92)) {
		t.Fatalf("the war is won: %+v, VP %d → %d", s.Foreign[0], vp, s.VP(Ottoman))
	}
	if s.Spaces[ist].Units[Ottoman] != (Units{Reg: 4, Cav: 2}) || s.Leaders[sul].Loc != int(ist) {
		t.Fatalf("the survivors and Suleiman go back to Istanbul: %+v, %+v", s.Spaces[ist].Units[Ottoman], s.Leaders[sul])
	}
}

// #93 Revolt in Ireland played by France: France may remove one of its own
// land units to make the Irish 4; England moves 4 units.
func TestRevoltInIreland(t *testing.T) {
	paris, london := sp(t, "paris"), sp(t, "london")
	s := impulseState(t, 2, France, mustCard(93))
	clearUnits(s, paris, london)
	s.Spaces[paris].Units[France] = Units{Reg: 2}
	s.Spaces[london].Units[England] = Units{Reg: 2, Merc: 3}
	answer(t, s, kImpulse, France, "event", "93", "paris", "r")
	for _, k := range []string{"m", "m", "m", "r"} {
		answer(t, s, kWarUnit, England, "london", k)
	}
	for d, _ := s.top(); d.Kind == kWarLeader; d, _ = s.top() {
		answer(t, s, kWarLeader, England, "done")
	}
	f := s.Foreign[1]
	if f.Rebels != 4 || f.Units != (Units{Reg: 1, Merc: 3}) || s.Spaces[paris].Units[France].Reg != 1 {
		t.Fatalf("4 Irish, 4 English units on the card, one French unit gone: %+v, Paris %+v", f, s.Spaces[paris].Units[France])
	}
	// another player: 3 Irish, no other choice
	s = impulseState(t, 2, Papacy, mustCard(93))
	if got := optionValues(t, s, "event", "93"); len(got) != 1 || got[0] != "none" {
		t.Fatalf("the Papacy has nothing to choose: %v", got)
	}
}

// #40 Machiavelli: a free declaration of war (the restrictions "at all
// times" apply), then 2 CP; no target, not playable.
func TestMachiavelli(t *testing.T) {
	s := impulseState(t, 3, France, mustCard(40))
	got := optionValues(t, s, "event", "40")
	if has(got, "protestant") || !has(got, "england") {
		t.Fatalf("targets %v: not the Protestant before the League", got)
	}
	answer(t, s, kImpulse, France, "event", "40", "england")
	if !s.AtWar(France, England) || s.Act == nil || s.Act.CP != 2 {
		t.Fatalf("war and 2 CP: %+v", s.Act)
	}
	s = impulseState(t, 3, Protestant, mustCard(40))
	if has(optionValues(t, s, "event"), "40") {
		t.Fatal("the Protestant may declare no war before the League")
	}
}

// Janissaries in a foreign war's battle (CARDS.md #1 Open 1: yes): after
// both sides rolled, the Ottoman may add 5 dice; its hits count against the
// rebels; the card goes to the power card. Declined, nothing changes.
func TestJanissariesInForeignWar(t *testing.T) {
	for _, play := range []bool{true, false} {
		ist := sp(t, "istanbul")
		s := impulseState(t, 2, Hapsburg, mustCard(92))
		clearUnits(s, ist)
		s.Spaces[ist].Units[Ottoman] = Units{Reg: 4}
		give(s, Ottoman, 1)
		answer(t, s, kImpulse, Hapsburg, "event", "92")
		for range 3 {
			answer(t, s, kWarUnit, Ottoman, "istanbul", "r")
		}
		for d, _ := s.top(); d.Kind == kWarLeader; d, _ = s.top() {
			answer(t, s, kWarLeader, Ottoman, "done")
		}
		s.Stack, s.Impulse = nil, Ottoman
		s.Act = &Act{Power: Ottoman, CP: 4, Card: -1}
		s.push(kAction, Ottoman)
		// 3 Ottoman dice: no hit; the rebels' 3 dice: no hit; Janissaries: 2 hits
		s.Script = []int{1, 1, 1, 1, 1, 1, 6, 5, 1, 1, 1}
		answer(t, s, kAction, Ottoman, "war", "egypt")
		if play {
			answer(t, s, kWarJanissaries, Ottoman, "janissaries")
			if s.Foreign[0].Rebels != 1 || s.holds(Ottoman, mustCard(1)) || !s.eventedThisTurn(mustCard(1)) {
				t.Fatalf("Janissaries' 2 hits kill 2 of the 3 rebels; the card is spent: %+v", s.Foreign[0])
			}
			continue
		}
		answer(t, s, kWarJanissaries, Ottoman, "pass")
		if s.Foreign[0].Rebels != 3 || !s.holds(Ottoman, mustCard(1)) {
			t.Fatalf("declined: no hit, the card kept: %+v", s.Foreign[0])
		}
	}
}
