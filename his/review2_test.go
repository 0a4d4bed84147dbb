package his

import "testing"

// Rules review of the merged land-war families (move, battle, siege,
// assault, control, build, minor): each test fails on the code as merged.

// An active minor's regulars that join their major's siege (begun in an
// earlier impulse) besiege with it (§15, §22.3): they are outside the
// walls, so the assault counts them among the attackers, not the
// defenders, and a successful assault takes the space.
func TestMinorJoinsItsMajorsSiege(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	s := landState(t, France, 3)
	s.MinorAlly[Genoa-firstMinor] = France
	s.Spaces[bes].Units[Hapsburg].Reg = 1
	s.Spaces[bes].Units[France].Reg = 2
	s.Act = nil
	s.startSiege(bes, France)
	s.Spaces[bes].SiegeNew = false // begun in an earlier impulse
	s.Act = &Act{Power: France, CP: 3, Card: -1}
	s.Spaces[dijon].Units[Genoa].Reg = 2
	answer(t, s, kAction, France, "move", "dijon", "none", "besancon", "0:0:0,genoa=2")
	if !s.Besieging(bes, Genoa) {
		t.Fatalf("the Genoese regulars join France's siege: besiegers %b", s.Spaces[bes].Besiegers)
	}
	if all, _ := s.defenders(bes); all != 1 {
		t.Fatalf("one Hapsburg regular inside, counted %d", all)
	}
	// 4 units against 1 defender: 2 dice (6, 1), one hit; the defender's
	// 2 dice (1, 1) miss. The fortress falls.
	s.Script = []int{6, 1, 1, 1}
	answer(t, s, kAction, France, "assault", "besancon", "2:0:0,genoa=2")
	if s.Spaces[bes].Ctl != France || s.UnderSiege(bes) || s.Spaces[bes].Units[Hapsburg].Land() != 0 {
		t.Fatalf("Besançon falls to France: %+v", s.Spaces[bes])
	}
}
