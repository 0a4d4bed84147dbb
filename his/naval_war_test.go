package his

import "testing"

// d4State: Turn 3, France's impulse with Machiavelli (#40) in hand; every
// fleet of the setup is cleared, then France and England get the given
// squadrons in the given sea zones.
func d4State(t *testing.T, french, english string, fsq, esq uint8) *State {
	t.Helper()
	s := impulseState(t, 3, France, mustCard(40))
	for i := range s.Spaces {
		for q := range s.Spaces[i].Units {
			s.Spaces[i].Units[q].Sq, s.Spaces[i].Units[q].Cor = 0, 0
		}
	}
	for z := range s.Seas {
		s.Seas[z].Units = [NumPowers]Units{}
	}
	s.Seas[loc(t, french)-SeaLoc].Units[France].Sq = fsq
	s.Seas[loc(t, english)-SeaLoc].Units[England].Sq = esq
	return s
}

// seaSq sums p's squadrons in every sea zone and port.
func seaSq(s *State, p Power) (zones, ports int) {
	for z := range s.Seas {
		zones += int(s.Seas[z].Units[p].Sq)
	}
	for i := range s.Spaces {
		ports += int(s.Spaces[i].Units[p].Sq)
	}
	return zones, ports
}

// retreatOrAuto answers the naval retreat of p with its first option when
// p is asked (more than one place to go).
func retreatOrAuto(t *testing.T, s *State, p Power) {
	t.Helper()
	skipOptional(t, s)
	if d, ok := s.top(); ok && d.Kind == kNavRetreat {
		if d.Power != p {
			t.Fatalf("%s retreats, want %s", d.Power, p)
		}
		answer(t, s, kNavRetreat, p, navalValues(s.choices(d))[0])
	}
}

// Ruling D4 (§9.6 "Wars that start during the Action Phase"): Machiavelli
// makes France and England enemies while both fleets are in the English
// Channel: an immediate naval combat, France (the active power) attacking;
// England, with fewer hits, loses and retreats (§16.2); then France has its
// 2 CP.
func TestD4MachiavelliNavalBattle(t *testing.T) {
	s := d4State(t, "english_channel", "english_channel", 2, 2)
	ch := loc(t, "english_channel") - SeaLoc
	// France 4 dice (2 hits), England 4 dice (no hit)
	s.Script = []int{5, 6, 1, 1, 1, 1, 2, 3}
	answer(t, s, kImpulse, France, "event", "40", "england")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice unrolled: 4 French and 4 English dice", len(s.Script))
	}
	d := top(t, s)
	if d.Kind != kNavRetreat || d.Power != England {
		t.Fatalf("the losing English fleet retreats: %+v", d)
	}
	for _, v := range navalValues(s.choices(d)) {
		if v == "english_channel" {
			t.Fatal("no retreat into the combat's zone")
		}
	}
	answer(t, s, kNavRetreat, England, "north_sea")
	if u := s.Seas[ch].Units; u[France].Sq != 2 || u[England].Naval() != 0 {
		t.Errorf("English Channel after the combat: %+v", u)
	}
	if got := s.Seas[loc(t, "north_sea")-SeaLoc].Units[England].Sq; got != 1 {
		t.Errorf("English squadrons in the North Sea %d, want the 1 survivor", got)
	}
	if s.NavalLost[England].Sq != 1 || s.NavalLost[France].Any() {
		t.Errorf("Turn Track: %+v (2 hits sink 1 English squadron)", s.NavalLost)
	}
	if s.Naval != nil {
		t.Fatal("the immediate combat is over")
	}
	if d := top(t, s); d.Kind != kAction || d.Power != France || s.Act == nil || s.Act.CP != 2 {
		t.Fatalf("then France spends Machiavelli's 2 CP: %+v %+v", d, s.Act)
	}
}

// Ruling D4's tie: equal hits (2 each, a squadron lost by each side) send
// both fleets out of the zone, France (the attacker) first; neither may
// retreat where the other went.
func TestD4MachiavelliEqualHitsBothRetreat(t *testing.T) {
	s := d4State(t, "english_channel", "english_channel", 2, 2)
	ch := loc(t, "english_channel") - SeaLoc
	s.Script = []int{5, 5, 1, 1, 6, 6, 1, 1}
	answer(t, s, kImpulse, France, "event", "40", "england")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice unrolled", len(s.Script))
	}
	retreatOrAuto(t, s, France)
	retreatOrAuto(t, s, England)
	if u := s.Seas[ch].Units; u[France].Naval() != 0 || u[England].Naval() != 0 {
		t.Fatalf("both fleets leave the English Channel: %+v", u)
	}
	fz, fp := seaSq(s, France)
	ez, ep := seaSq(s, England)
	if fz+fp != 1 || ez+ep != 1 {
		t.Errorf("one squadron each survives: France %d+%d, England %d+%d", fz, fp, ez, ep)
	}
	if s.NavalLost[England].Sq != 1 || s.NavalLost[France].Sq != 1 {
		t.Errorf("Turn Track: %+v", s.NavalLost)
	}
	for z := range s.Seas {
		if s.Seas[z].Units[France].Naval() > 0 && s.Seas[z].Units[England].Naval() > 0 {
			t.Errorf("the retreats end together in %s", Seas[z].Name)
		}
	}
	if s.Naval != nil {
		t.Fatal("the immediate combat is over")
	}
	if d := top(t, s); d.Kind != kAction || d.Power != France || s.Act.CP != 2 {
		t.Fatalf("then France's 2 CP: %+v", d)
	}
}

// No shared sea zone: the war begins without a naval combat, and no die is
// rolled.
func TestD4MachiavelliNoSharedZone(t *testing.T) {
	s := d4State(t, "english_channel", "north_sea", 2, 2)
	s.Script = []int{6, 6, 6, 6, 6, 6, 6, 6}
	answer(t, s, kImpulse, France, "event", "40", "england")
	if len(s.Script) != 8 || s.Naval != nil {
		t.Fatalf("no combat: %d dice left, naval %+v", len(s.Script), s.Naval)
	}
	if s.Seas[loc(t, "english_channel")-SeaLoc].Units[France].Sq != 2 || s.Seas[loc(t, "north_sea")-SeaLoc].Units[England].Sq != 2 {
		t.Error("the fleets stay where they were")
	}
	if d := top(t, s); d.Kind != kAction || d.Power != France || s.Act.CP != 2 {
		t.Fatalf("France's 2 CP at once: %+v", d)
	}
}

// Two shared zones: the attacker orders the combats (naval.fight, as in a
// Naval Move's §16.1 step 7), and each zone gets its combat.
func TestD4TwoZonesAttackerOrders(t *testing.T) {
	s := d4State(t, "english_channel", "english_channel", 1, 1)
	nsea := loc(t, "north_sea") - SeaLoc
	s.Seas[nsea].Units[France].Sq = 1
	s.Seas[nsea].Units[England].Sq = 1
	answer(t, s, kImpulse, France, "event", "40", "england")
	d := top(t, s)
	if d.Kind != kNavFight || d.Power != France {
		t.Fatalf("France chooses the first combat: %+v", d)
	}
	if got := navalValues(s.choices(d)); len(got) != 2 || !has(got, "english_channel") || !has(got, "north_sea") {
		t.Fatalf("combats offered %v", got)
	}
	// North Sea first: France 2 dice (2 hits), England 2 dice (none): the
	// English squadron sinks; then the Channel follows on its own (the
	// only combat left): England's 2 hits sink the French squadron
	s.Script = []int{5, 6, 1, 1, 1, 1, 6, 6}
	answer(t, s, kNavFight, France, "north_sea", "england")
	if s.Seas[nsea].Units[England].Any() || s.Seas[nsea].Units[France].Sq != 1 {
		t.Fatalf("North Sea: %+v", s.Seas[nsea].Units)
	}
	if len(s.Script) != 0 {
		t.Fatalf("the second combat was not fought: %d dice left", len(s.Script))
	}
	ch := loc(t, "english_channel") - SeaLoc
	if s.Seas[ch].Units[France].Any() || s.Seas[ch].Units[England].Sq != 1 {
		t.Errorf("English Channel: %+v", s.Seas[ch].Units)
	}
	if d := top(t, s); d.Kind != kAction || d.Power != France || s.Act.CP != 2 {
		t.Fatalf("then France's 2 CP: %+v", d)
	}
}

// Six Wives on Scotland, France intervening (ruling D7): the war France
// joins in the Action Phase fights at once where the English and the
// Scottish (now France's active ally) squadrons share the North Sea;
// England, the active power, attacks; then its 5 CP.
func TestD4SixWivesIntervention(t *testing.T) {
	s := impulseState(t, 2, England, mustCard(3))
	for q := Power(0); q < NumPowers; q++ {
		s.setWar(England, q, false)
		s.setAlly(England, q, false)
	}
	for i := range s.Spaces {
		for q := range s.Spaces[i].Units {
			s.Spaces[i].Units[q].Sq, s.Spaces[i].Units[q].Cor = 0, 0
		}
	}
	for z := range s.Seas {
		s.Seas[z].Units = [NumPowers]Units{}
	}
	nsea := loc(t, "north_sea") - SeaLoc
	s.Seas[nsea].Units[England].Sq = 1
	s.Seas[nsea].Units[Scotland].Sq = 1
	answer(t, s, kImpulse, England, "event", "3", "war", "scotland")
	if s.Naval != nil {
		t.Fatal("an inactive Scotland's squadron is not a major's fleet: no combat before France's answer")
	}
	// England 2 dice, 2 hits; Scotland 2 dice, none
	s.Script = []int{6, 5, 1, 1}
	answer(t, s, kSixIntervene, France, "yes")
	if len(s.Script) != 0 {
		t.Fatalf("no immediate combat: %d dice left", len(s.Script))
	}
	if u := s.Seas[nsea].Units; u[Scotland].Any() || u[England].Sq != 1 || s.NavalLost[Scotland].Sq != 1 {
		t.Errorf("North Sea %+v, Turn Track %+v: the Scottish squadron sinks", u, s.NavalLost)
	}
	if d := top(t, s); d.Kind != kAction || d.Power != England || s.Act.CP != 5 {
		t.Fatalf("then England's 5 CP: %+v", d)
	}
}
