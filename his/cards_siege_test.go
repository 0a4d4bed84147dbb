package his

import "testing"

// #104 Trace Italienne: a Fortress marker on an unfortified space and a
// regular of its controller; the space is then a fortress, and the
// Schmalkaldic League does not give the Protestant a home space under a
// marker. Not on a fortified space.
func TestTraceItalienne(t *testing.T) {
	stdz := sp(t, "st_dizier")
	s := impulseState(t, 2, France, mustCard(104))
	if has(optionValues(t, s, "event", "104"), "paris") {
		t.Fatal("Paris is fortified already")
	}
	answer(t, s, kImpulse, France, "event", "104", "st_dizier")
	if !s.fortified(stdz) || !s.isFortress(stdz) || s.Spaces[stdz].Units[France].Reg != 1 {
		t.Fatalf("St Dizier is a fortress with a French regular: %+v", s.Spaces[stdz].Units[France])
	}
	// the League and a Protestant home space under a marker
	s = impulseState(t, 2, Protestant, mustCard(104))
	var home SpaceID
	for _, h := range homeSpacesOf[Protestant] {
		if !Spaces[h].Type.Fortified() {
			home = h
			break
		}
	}
	answer(t, s, kImpulse, Protestant, "event", "104", Spaces[home].ID)
	s.Spaces[home].Prot = true
	ctl := s.Spaces[home].Ctl
	s.formLeague()
	if s.Spaces[home].Ctl != ctl {
		t.Fatalf("%s keeps its controller under the Fortress marker", Spaces[home].Name)
	}
}

// #86 Knights of St. John: on the map (Rhodes, independent) next to an
// Ottoman port, a random Ottoman card gives its CP to St. Peter's; off the
// map, the Hapsburgs place them in one of their home ports, which becomes
// independent and fortified.
func TestKnightsOfStJohn(t *testing.T) {
	s := impulseState(t, 2, Papacy, mustCard(86))
	s.Powers[Ottoman].Hand = []uint8{uint8(mustCard(79))} // Fuggers, 3 CP
	cp := s.StPeterCP
	answer(t, s, kImpulse, Papacy, "event", "86", "raid")
	if s.StPeterCP != cp+3 || len(s.Powers[Ottoman].Hand) != 0 || !cardIn(s.Discard, mustCard(79)) {
		t.Fatalf("3 CP to St. Peter's: %d → %d", cp, s.StPeterCP)
	}
	if has(optionValues(t, impulseState(t, 2, Papacy, mustCard(86)), "event", "86"), "place") {
		t.Fatal("the Knights are on the map: no placement")
	}
	// Rhodes Ottoman: the Knights are off the map
	s = impulseState(t, 2, Ottoman, mustCard(86))
	s.Spaces[sp(t, "rhodes")].Ctl = Ottoman
	answer(t, s, kImpulse, Ottoman, "event", "86", "place")
	palermo := sp(t, "palermo")
	answer(t, s, kKnights, Hapsburg, "palermo")
	if s.Spaces[palermo].Ctl != Independent || !s.knightsHold(palermo) || s.knightsOnMap() != int(palermo) {
		t.Fatal("the Knights hold Palermo, now independent")
	}
	if !s.fortified(palermo) || !s.isFortress(palermo) {
		t.Fatal("Palermo (unfortified) gets a Fortress marker")
	}
}
