package his

import "testing"

// #70 Charles Bourbon: at war with France the Hapsburgs bring the
// Renegade into Dijon, take it, and he leads their 3 new mercenaries (he
// moves as a Hapsburg leader); he leaves in Winter.
func TestCharlesBourbon(t *testing.T) {
	dijon := sp(t, "dijon")
	s := impulseState(t, 2, Hapsburg, mustCard(70))
	clearUnits(s, dijon)
	answer(t, s, kImpulse, Hapsburg, "event", "70", "dijon")
	if !s.ControlledBy(dijon, Hapsburg) || s.Spaces[dijon].Units[Hapsburg].Merc != 3 || s.Leaders[lRenegade].Loc != int(dijon) || s.lpower(lRenegade) != Hapsburg {
		t.Fatalf("Dijon Hapsburg with the Renegade and 3 mercenaries: %+v", s.Spaces[dijon])
	}
	if got := s.armyLeadersAt(dijon, Hapsburg); len(got) != 1 || got[0] != lRenegade {
		t.Fatal("the Renegade is a Hapsburg army leader")
	}
	if has(optionValues(t, impulseState(t, 2, Protestant, mustCard(70)), "event"), "70") {
		t.Fatal("not the Protestant before the League")
	}
}

// #60 Maurice of Saxony: the Hapsburgs gain him; the Protestant
// mercenaries with him change sides and go with him to the nearest
// unoccupied Hapsburg-friendly space; the Protestant cannot play it while
// he serves it.
func TestMauriceOfSaxonyEvent(t *testing.T) {
	wit := spWittenberg
	s := impulseState(t, 6, Hapsburg, mustCard(60))
	if has(optionValues(t, s, "event"), "60") {
		t.Fatal("Maurice is not in play")
	}
	clearUnits(s, wit)
	s.Spaces[wit].Units[Protestant] = Units{Reg: 1, Merc: 2}
	place(s, lMaurice, wit)
	answer(t, s, kImpulse, Hapsburg, "event", "60")
	for d, _ := s.top(); d.Kind == kCardSpace; d, _ = s.top() {
		answer(t, s, kCardSpace, Hapsburg, s.choices(d)[0].Value)
	}
	l := s.Leaders[lMaurice]
	if s.mauriceSide() != Hapsburg || l.Loc == int(wit) || s.Spaces[l.Loc].Units[Hapsburg].Merc != 2 || s.Spaces[wit].Units[Protestant] != (Units{Reg: 1}) {
		t.Fatalf("Maurice serves the Hapsburgs, away with 2 mercenaries: %+v", l)
	}
	s2 := impulseState(t, 6, Hapsburg, mustCard(60))
	place(s2, lMaurice, wit)
	s2.MauriceFor = uint8(Hapsburg) + 1
	if has(optionValues(t, s2, "event"), "60") {
		t.Fatal("the Hapsburgs hold him already")
	}
}
