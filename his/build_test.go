package his

import (
	"testing"

	"concordat/game"
)

// actState is the 1517 position in the Action Phase, p in the middle of an
// impulse with cp CP and an "action" decision pending.
func cpState(p Power, cp int) *State {
	s := NewState1517(Ed500, 1)
	s.Stack = nil
	s.Turn = 2
	s.Phase = PhaseAction
	s.Impulse = p
	s.Act = &Act{Power: p, CP: cp, Card: -1}
	s.push(kAction, p)
	return s
}

// actionOpts returns the options after an action's id in p's menu, and
// whether the action is offered at all.
func actionOpts(s *State, p Power, id string) ([]game.Choice, bool) {
	for _, c := range s.availableActions(p) {
		if c.Value == id {
			return c.Next, true
		}
	}
	return nil, false
}

// offered reports whether the path after an action's id is in p's menu.
func offered(s *State, p Power, id string, path ...string) bool {
	ch, ok := actionOpts(s, p, id)
	if !ok {
		return false
	}
	for _, v := range path {
		found := false
		for _, c := range ch {
			if c.Value == v {
				ch, found = c.Next, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return len(ch) == 0
}

func valueList(ch []game.Choice) []string {
	var out []string
	for _, c := range ch {
		out = append(out, c.Value)
	}
	return out
}

func TestBuildUnits(t *testing.T) {
	vienna, barcelona, istanbul, algiers := sp(t, "vienna"), sp(t, "barcelona"), sp(t, "istanbul"), sp(t, "algiers")

	// Raise a regular (2 CP) in a home space: placed, CP spent.
	s := cpState(Hapsburg, 3)
	answer(t, s, kAction, Hapsburg, "regular", "vienna")
	if s.Spaces[vienna].Units[Hapsburg].Reg != 5 || s.Act.CP != 1 {
		t.Fatalf("Vienna %+v, CP %d; want 5 regulars and 1 CP", s.Spaces[vienna].Units[Hapsburg], s.Act.CP)
	}
	// 1 CP left: no regular or squadron, a mercenary still.
	if _, ok := actionOpts(s, Hapsburg, "regular"); ok {
		t.Error("a regular costs 2 CP")
	}
	if _, ok := actionOpts(s, Hapsburg, "squadron"); ok {
		t.Error("a squadron costs 2 CP")
	}
	answer(t, s, kAction, Hapsburg, "merc", "vienna")
	if s.Spaces[vienna].Units[Hapsburg].Merc != 1 || s.Act != nil {
		t.Fatalf("Vienna %+v; the impulse ends with its CP", s.Spaces[vienna].Units[Hapsburg])
	}

	// Squadrons only in home ports.
	s = cpState(Hapsburg, 2)
	if offered(s, Hapsburg, "squadron", "vienna") || !offered(s, Hapsburg, "squadron", "barcelona") {
		t.Fatal("squadrons in Barcelona (a port), not in Vienna")
	}
	answer(t, s, kAction, Hapsburg, "squadron", "barcelona")
	if s.Spaces[barcelona].Units[Hapsburg].Sq != 2 {
		t.Fatalf("Barcelona %+v", s.Spaces[barcelona].Units[Hapsburg])
	}

	// Who builds what.
	s = cpState(Ottoman, 4)
	if _, ok := actionOpts(s, Ottoman, "merc"); ok {
		t.Error("the Ottoman buys no mercenaries")
	}
	if _, ok := actionOpts(s, Ottoman, "corsair"); ok {
		t.Error("no corsairs before Barbary Pirates")
	}
	if !offered(s, Ottoman, "cavalry", "istanbul") {
		t.Error("the Ottoman raises cavalry at home")
	}
	if _, ok := actionOpts(cpState(Hapsburg, 4), Hapsburg, "cavalry"); ok {
		t.Error("only the Ottoman raises cavalry")
	}
	answer(t, s, kAction, Ottoman, "cavalry", "istanbul")
	if s.Spaces[istanbul].Units[Ottoman].Cav != 2 || s.Act.CP != 3 {
		t.Fatalf("Istanbul %+v, CP %d", s.Spaces[istanbul].Units[Ottoman], s.Act.CP)
	}
	s.Barbary = true
	s.Spaces[algiers].Ctl = Ottoman
	if !offered(s, Ottoman, "corsair", "istanbul") || !offered(s, Ottoman, "corsair", "algiers") {
		t.Error("after Barbary Pirates, corsairs in Ottoman home ports and Algiers")
	}
	if offered(s, Ottoman, "regular", "algiers") || offered(s, Ottoman, "cavalry", "algiers") || offered(s, Ottoman, "squadron", "algiers") {
		t.Error("Algiers builds corsairs only")
	}
	if offered(s, Ottoman, "corsair", "edirne") {
		t.Error("Edirne is not a port")
	}
	answer(t, s, kAction, Ottoman, "corsair", "algiers")
	if s.Spaces[algiers].Units[Ottoman].Cor != 1 || s.Act.CP != 2 {
		t.Fatalf("Algiers %+v, CP %d", s.Spaces[algiers].Units[Ottoman], s.Act.CP)
	}
}

// Where a unit may not be built, it is not offered: one case per
// requirement of §17.
func TestBuildRequirements(t *testing.T) {
	vienna := sp(t, "vienna")
	cases := []struct {
		name string
		edit func(s *State)
	}{
		{"unrest", func(s *State) { s.Spaces[vienna].Unrest = true }},
		{"enemy units", func(s *State) {
			s.setWar(Hapsburg, France, true)
			s.Spaces[vienna].Units[France].Reg = 1
		}},
		{"under siege", func(s *State) {
			s.setWar(Hapsburg, France, true)
			s.Spaces[vienna].Units[France].Reg = 6
			s.Spaces[vienna].Besiegers = bit(France)
		}},
		{"controlled by another power", func(s *State) { s.Spaces[vienna].Ctl = France }},
		{"counter mix", func(s *State) { s.Mix[Hapsburg].Reg = s.OnMap(Hapsburg).Reg }},
	}
	for _, c := range cases {
		s := cpState(Hapsburg, 2)
		if !offered(s, Hapsburg, "regular", "vienna") {
			t.Fatal("Vienna is offered in the base position")
		}
		c.edit(s)
		if offered(s, Hapsburg, "regular", "vienna") {
			t.Errorf("%s: Vienna must not be offered", c.name)
		}
	}
	// An ally's control is friendly control (ruling M8).
	s := cpState(Hapsburg, 2)
	s.setAlly(Hapsburg, England, true)
	s.Spaces[vienna].Ctl = England
	if !offered(s, Hapsburg, "regular", "vienna") {
		t.Error("a home space held by an ally is friendly")
	}
	// Not a home space of the builder.
	if offered(s, Hapsburg, "regular", "paris") || offered(s, Hapsburg, "regular", "metz") {
		t.Error("only home spaces")
	}
	// Naval units on the Turn Track are not rebuilt this turn (§17).
	s = cpState(Hapsburg, 2)
	s.Mix[Hapsburg].Sq = s.OnMap(Hapsburg).Sq + 1
	if !offered(s, Hapsburg, "squadron", "barcelona") {
		t.Fatal("one squadron left in the mix")
	}
	s.NavalLost[Hapsburg].Sq = 1
	if _, ok := actionOpts(s, Hapsburg, "squadron"); ok {
		t.Error("the last squadron is on the Turn Track")
	}
	s.navalTrackReturns()
	if !offered(s, Hapsburg, "squadron", "barcelona") {
		t.Error("back in the force pool after the Card Draw")
	}
}

// The Protestant builds nothing before the Schmalkaldic League (§21.6),
// never squadrons; minor allies' regulars are raised in their home spaces.
func TestBuildProtestantAndMinors(t *testing.T) {
	s := cpState(Protestant, 4)
	s.Spaces[sp(t, "wittenberg")].Ctl = Protestant
	for _, id := range []string{"merc", "regular", "squadron"} {
		if _, ok := actionOpts(s, Protestant, id); ok {
			t.Errorf("%s offered to the Protestant before the League", id)
		}
	}
	s.League = true
	if !offered(s, Protestant, "merc", "wittenberg") || !offered(s, Protestant, "regular", "wittenberg") {
		t.Error("after the League the Protestant builds in its home spaces it controls")
	}
	if offered(s, Protestant, "regular", "kassel") {
		t.Error("Kassel is still Hapsburg-controlled")
	}
	if _, ok := actionOpts(s, Protestant, "squadron"); ok {
		t.Error("the Protestant has no squadrons")
	}
	answer(t, s, kAction, Protestant, "merc", "wittenberg")
	if u := s.Spaces[sp(t, "wittenberg")].Units[Protestant]; u.Merc != 1 {
		t.Fatalf("Wittenberg %+v", u)
	}

	// Hapsburg allied to Hungary raises Hungarian regulars in Buda, but no
	// mercenaries and no Hungarian squadrons there.
	buda := sp(t, "buda")
	s = cpState(Hapsburg, 4)
	if offered(s, Hapsburg, "regular", "buda") {
		t.Fatal("Hungary is not Hapsburg's ally yet")
	}
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	if !offered(s, Hapsburg, "regular", "buda") || offered(s, Hapsburg, "merc", "buda") {
		t.Fatal("a Hungarian regular in Buda, no mercenary")
	}
	answer(t, s, kAction, Hapsburg, "regular", "buda")
	if s.Spaces[buda].Units[Hungary].Reg != 6 || s.Spaces[buda].Units[Hapsburg].Any() {
		t.Fatalf("Buda %+v / %+v", s.Spaces[buda].Units[Hungary], s.Spaces[buda].Units[Hapsburg])
	}
	// Venice's squadrons are built by its ally in Venice.
	s = cpState(Papacy, 2)
	s.MinorAlly[Venice-firstMinor] = Papacy
	answer(t, s, kAction, Papacy, "squadron", "venice")
	if s.Spaces[sp(t, "venice")].Units[Venice].Sq != 4 {
		t.Fatalf("Venice %+v", s.Spaces[sp(t, "venice")].Units[Venice])
	}
}
