package his

import (
	"testing"

	"concordat/game"
)

// clearUnits empties spaces of every unit.
func clearUnits(s *State, ids ...SpaceID) {
	for _, x := range ids {
		s.Spaces[x].Units = [NumPowers]Units{}
	}
}

// Control Unfortified Space (§12.2): Hapsburg units in Besançon take
// French Dijon next door; one case per requirement.
func TestControlUnfortified(t *testing.T) {
	dijon, besancon, paris, toulouse := sp(t, "dijon"), sp(t, "besancon"), sp(t, "paris"), sp(t, "toulouse")
	base := func() *State {
		s := cpState(Hapsburg, 2)
		s.setWar(Hapsburg, France, true)
		clearUnits(s, dijon, paris, sp(t, "orleans"), sp(t, "st_dizier"), sp(t, "lyon"))
		s.Spaces[besancon].Units[Hapsburg] = Units{Reg: 2}
		return s
	}
	s := base()
	if !offered(s, Hapsburg, "control", "dijon") {
		t.Fatalf("Dijon offered: %v", valueList(mustOpts(t, s, Hapsburg, "control")))
	}
	answer(t, s, kAction, Hapsburg, "control", "dijon")
	if s.Spaces[dijon].Ctl != Hapsburg || s.Act.CP != 1 {
		t.Fatalf("Dijon %v, CP %d", s.Spaces[dijon].Ctl, s.Act.CP)
	}
	if offered(s, Hapsburg, "control", "dijon") {
		t.Error("Dijon is Hapsburg's now")
	}

	cases := []struct {
		name string
		edit func(s *State)
	}{
		{"1: not an enemy", func(s *State) { s.setWar(Hapsburg, France, false) }},
		{"1: not an enemy (allied)", func(s *State) { s.setWar(Hapsburg, France, false); s.setAlly(Hapsburg, France, true) }},
		{"3: no LOC", func(s *State) { s.Spaces[besancon].Unrest = true }},
		{"4: enemy land units adjacent", func(s *State) { s.Spaces[paris].Units[France].Reg = 1 }},
		{"4: no own units in or next to it", func(s *State) { s.Spaces[besancon].Units[Hapsburg] = Units{} }},
		{"5: enemy units in it", func(s *State) {
			s.Spaces[dijon].Units[Hapsburg].Reg = 1
			s.Spaces[dijon].Units[France].Reg = 1
		}},
		{"5: a neutral's units in it", func(s *State) { s.Spaces[dijon].Units[England].Reg = 1 }},
		{"Protestant before the League", nil},
	}
	for _, c := range cases {
		s := base()
		p := Hapsburg
		if c.edit == nil {
			p = Protestant
			s.Act.Power = Protestant
			s.setWar(Protestant, France, true)
			s.Spaces[besancon].Units[Protestant] = Units{Reg: 2}
		} else {
			c.edit(s)
		}
		if offered(s, p, "control", "dijon") {
			t.Errorf("%s: Dijon must not be offered", c.name)
		}
	}
	// 2: fortified spaces are never taken this way (Metz, independent, next
	// to Besançon; Lyon French).
	s = base()
	if offered(s, Hapsburg, "control", "metz") {
		t.Error("2: Metz is fortified")
	}
	// Independent spaces need no war: Geneva, next to Besançon.
	if !offered(s, Hapsburg, "control", "geneva") {
		t.Error("Geneva (independent) is offered")
	}
	// 4a: own units in the space suffice even with enemies adjacent; allied
	// units in it do not block.
	s = base()
	s.Spaces[paris].Units[France].Reg = 1
	s.Spaces[dijon].Units[Hapsburg].Reg = 1
	s.setAlly(Hapsburg, England, true)
	s.Spaces[dijon].Units[England].Reg = 1
	if !offered(s, Hapsburg, "control", "dijon") {
		t.Error("4a: Hapsburg units in Dijon")
	}
	// 4b: adjacency across a pass does not count: Barcelona–Toulouse.
	s = base()
	clearUnits(s, toulouse, sp(t, "bordeaux"), sp(t, "avignon"))
	s.Spaces[sp(t, "barcelona")].Units[Hapsburg].Reg = 3
	if !s.HasLOC(toulouse, Hapsburg) {
		t.Fatal("Barcelona gives an LOC to Toulouse")
	}
	if offered(s, Hapsburg, "control", "toulouse") {
		t.Error("4b: units across a pass are not adjacent")
	}
	s.Spaces[toulouse].Units[Hapsburg].Reg = 1
	if !offered(s, Hapsburg, "control", "toulouse") {
		t.Error("4a: units in Toulouse")
	}
	// Besieged enemy units next door count as adjacent enemies (Lyon).
	s = base()
	s.Spaces[sp(t, "lyon")].Units[France].Reg = 1
	s.Spaces[sp(t, "lyon")].Units[Hapsburg].Reg = 3
	s.Spaces[sp(t, "lyon")].Besiegers = bit(Hapsburg)
	if offered(s, Hapsburg, "control", "dijon") {
		t.Error("4b: the French besieged in Lyon are adjacent enemy units")
	}
}

func mustOpts(t *testing.T, s *State, p Power, id string) []game.Choice {
	t.Helper()
	ch, _ := actionOpts(s, p, id)
	return ch
}

// A port taken by Control Unfortified Space sends the previous owner's
// ships to sea (§12.2): to the one open zone, by the owner's choice between
// two, to the Turn Track when none is open.
func TestControlPortNavalRetreat(t *testing.T) {
	nantes, brest, corunna := sp(t, "nantes"), sp(t, "brest"), sp(t, "corunna")
	biscay, channel := sea(t, "bay_of_biscay"), sea(t, "english_channel")
	s := cpState(Hapsburg, 2)
	s.setWar(Hapsburg, France, true)
	clearUnits(s, nantes, brest, sp(t, "tours"), sp(t, "rouen"), sp(t, "bordeaux"))
	s.Spaces[nantes].Units[Hapsburg].Reg = 2
	s.Spaces[nantes].Units[France].Sq = 1
	s.Seas[biscay].Units[Hapsburg].Sq = 1 // carries the LOC from Corunna
	_ = corunna
	if !offered(s, Hapsburg, "control", "nantes") {
		t.Fatalf("Nantes offered: %v", valueList(mustOpts(t, s, Hapsburg, "control")))
	}
	answer(t, s, kAction, Hapsburg, "control", "nantes")
	if s.Spaces[nantes].Ctl != Hapsburg || s.Spaces[nantes].Units[France].Sq != 0 || s.NavalLost[France].Sq != 1 {
		t.Fatalf("the French squadron's only zone holds an enemy: Turn Track; have %+v, track %+v", s.Spaces[nantes].Units[France], s.NavalLost[France])
	}

	// Brest: Biscay blocked, the Channel open.
	s.Spaces[brest].Units[France].Sq = 2
	s.navalRetreatFrom(brest, France)
	if s.Seas[channel].Units[France].Sq != 2 || s.Spaces[brest].Units[France].Sq != 0 {
		t.Fatalf("to the Channel: %+v", s.Seas[channel].Units[France])
	}
	// Both open: France chooses.
	s = cpState(Hapsburg, 2)
	clearUnits(s, brest)
	s.Spaces[brest].Units[France].Sq = 1
	s.navalRetreatFrom(brest, France)
	if len(s.PortRetreats) != 1 {
		t.Fatal("a choice is queued")
	}
	s.Stack = nil
	s.run()
	d, _ := s.top()
	if d.Kind != kPortRetreat || d.Power != France {
		t.Fatalf("France chooses: %+v", s.Stack)
	}
	if v := valueList(s.choices(d)); len(v) != 2 || v[0] != "english_channel" || v[1] != "bay_of_biscay" {
		t.Fatalf("zones %v", v)
	}
	answer(t, s, kPortRetreat, France, "bay_of_biscay")
	if s.Seas[biscay].Units[France].Sq != 1 || len(s.PortRetreats) != 0 {
		t.Fatalf("in Biscay: %+v", s.Seas[biscay].Units[France])
	}
}

// Removing unrest (§12.4): own units in the space, the Protestant at home
// before the League, or own units adjacent with no enemy adjacent.
func TestRemoveUnrest(t *testing.T) {
	dijon, paris, besancon, kassel := sp(t, "dijon"), sp(t, "paris"), sp(t, "besancon"), sp(t, "kassel")
	base := func() *State {
		s := cpState(France, 1)
		s.setWar(Hapsburg, France, true)
		clearUnits(s, dijon, paris, besancon, sp(t, "orleans"), sp(t, "st_dizier"), sp(t, "lyon"))
		s.Spaces[dijon].Unrest = true
		return s
	}
	s := base()
	if _, ok := actionOpts(s, France, "unrest"); ok {
		t.Fatal("no French units in or next to Dijon")
	}
	s.Spaces[dijon].Units[France].Reg = 1
	s.Spaces[besancon].Units[Hapsburg].Reg = 1
	if !offered(s, France, "unrest", "dijon") {
		t.Fatal("(a) French units in Dijon")
	}
	answer(t, s, kAction, France, "unrest", "dijon")
	if s.Spaces[dijon].Unrest || s.Spaces[dijon].Ctl != France {
		t.Fatal("unrest removed, control unchanged")
	}
	s = base()
	s.Spaces[paris].Units[France].Reg = 1
	if !offered(s, France, "unrest", "dijon") {
		t.Error("(c) French units in Paris, no enemy adjacent")
	}
	s.Spaces[besancon].Units[Hapsburg].Reg = 1
	if offered(s, France, "unrest", "dijon") {
		t.Error("(c) fails with Hapsburg units in Besançon")
	}
	// No LOC needed: Dijon cut off by unrest all around is still cleared.
	s = base()
	s.Spaces[dijon].Units[France].Reg = 1
	for _, e := range Spaces[dijon].Edges {
		s.Spaces[e.To].Unrest = true
	}
	if !offered(s, France, "unrest", "dijon") {
		t.Error("removing unrest needs no LOC")
	}
	// (b) the Protestant at home before the League, without units.
	s = cpState(Protestant, 1)
	s.Spaces[kassel].Unrest = true
	clearUnits(s, kassel)
	if !offered(s, Protestant, "unrest", "kassel") {
		t.Fatal("(b) Kassel")
	}
	s.League = true
	if offered(s, Protestant, "unrest", "kassel") {
		t.Error("(b) ends with the League")
	}
}

// Naval leaders on the Turn Track re-enter at the next Card Draw in a
// friendly port chosen by their owner (§8.2 step 1), at once when there is
// only one, and wait another turn when there is none (A2); naval units on
// the track return to the force pool.
func TestTurnTrackReturn(t *testing.T) {
	barbarossa, _ := LeaderByID("barbarossa")
	doria, _ := LeaderByID("andrea_doria")
	s := cpState(Ottoman, 1)
	s.Stack = nil
	s.Act = nil
	s.NavalLost[Ottoman].Sq = 2
	s.leaderToTrack(barbarossa)
	s.leaderToTrack(doria)
	genoa := sp(t, "genoa")
	for i := range s.Spaces {
		if s.Spaces[i].Ctl == Genoa {
			s.Spaces[i].Ctl = France // Genoa (inactive) holds no port
		}
	}
	s.startTurn()
	if s.NavalLost[Ottoman].Sq != 0 {
		t.Fatal("the naval units are back in the force pool")
	}
	d, _ := s.top()
	if d.Kind != kNavReturn || d.Power != Ottoman {
		t.Fatalf("the Ottoman places Barbarossa: %+v", s.Stack)
	}
	ports := values(s.choices(d))
	want := map[string]bool{"istanbul": true, "athens": true, "salonika": true}
	n := 0
	for v := range ports {
		if want[v] {
			n++
		}
		if s.Spaces[mustSpace(v)].Ctl != Ottoman {
			t.Errorf("%s is not an Ottoman port", v)
		}
	}
	if n != 3 {
		t.Fatalf("ports %v", ports)
	}
	answer(t, s, kNavReturn, Ottoman, "athens")
	if s.Leaders[barbarossa].Loc != int(sp(t, "athens")) {
		t.Fatalf("Barbarossa at %d", s.Leaders[barbarossa].Loc)
	}
	if len(s.NavalTrackL) != 1 || s.NavalTrackL[0] != doria || s.Leaders[doria].Loc != OffMap {
		t.Fatalf("Andrea Doria has no friendly port and waits: %v", s.NavalTrackL)
	}
	// Next turn Genoa holds its port again: Doria enters there at once.
	s.Spaces[genoa].Ctl = Genoa
	s.navalTrackReturns()
	s.stepNavalReturn()
	if s.Leaders[doria].Loc != int(genoa) || len(s.NavalTrackL) != 0 || len(s.NavalDue) != 0 {
		t.Fatalf("Doria at %d", s.Leaders[doria].Loc)
	}
}
