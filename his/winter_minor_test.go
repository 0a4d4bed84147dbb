package his

import "testing"

// In Winter the units of an active minor ally get the same optional move to
// their major's capital as the major's own (RULES.md §19.3 step 1: "Any
// other unit in such a space may also choose to go to the capital"; "every
// other land unit may at least choose to move"; §22.3: an active minor's
// "military units … act exactly as the major's own"). Venice is the
// Papacy's active ally; a Venetian regular stands in Ravenna beside the
// Papal one, two more in Venice (a Venetian home key: as in a capital of
// their own, §22.3, they stay).
func TestWinterOptionalMoveForAMinorAlly(t *testing.T) {
	s := winterState(t, 1)
	s.MinorAlly[Venice-firstMinor] = Papacy
	ravenna, rome, venice := sp(t, "ravenna"), sp(t, "rome"), sp(t, "venice")
	s.Spaces[ravenna].Units[Venice].Reg = 1
	s.Spaces[venice].Units[Venice].Reg = 2
	s.StartWinter()
	for {
		d, _ := s.top()
		if d.Kind == kWinExtra && d.Power == Papacy {
			break
		}
		answer(t, s, d.Kind, d.Power, firstPath(s.choices(d))...)
	}
	d, _ := s.top()
	ch := s.choices(d)
	if hasPath(ch, "venice") {
		t.Error("the Venetian regulars in Venice are offered a move")
	}
	if got := navalValues(ch, "ravenna", "rome"); len(got) != 2 || got[0] != "1:0:0" || got[1] != "venice=1" {
		t.Fatalf("from Ravenna to Rome: %v, want the Papal regular (1:0:0) and the Venetian one (venice=1)", got)
	}
	answer(t, s, kWinExtra, Papacy, "ravenna", "rome", "venice=1")
	if s.Spaces[ravenna].Units[Venice].Reg != 0 || s.Spaces[rome].Units[Venice].Reg != 1 || s.Spaces[ravenna].Units[Papacy].Reg != 1 {
		t.Fatalf("Ravenna %+v, Rome %+v", s.Spaces[ravenna].Units, s.Spaces[rome].Units)
	}
}
