package his

import "testing"

func TestRelations(t *testing.T) {
	s := NewState1517(Ed500, 1)
	if !s.Enemy(France, Hapsburg) || s.Friendly(France, Hapsburg) {
		t.Error("France and the Hapsburgs are enemies in 1517")
	}
	if s.Enemy(England, France) || s.Friendly(England, France) {
		t.Error("England and France are neither")
	}
	if s.Friendly(France, Independent) || s.Enemy(France, Independent) || !IsIndependent(Independent) {
		t.Error("independents are never friendly or enemy")
	}
	// An alliance makes each other's spaces friendly.
	s.setAlly(England, France, true)
	if !s.Friendly(England, France) || !s.FriendlySpace(sp(t, "paris"), England) {
		t.Error("allies are friendly")
	}
	// An active minor follows its major: Venice allied to the Papacy is at
	// war with France (the Papacy's enemy) and friendly to the Papacy.
	s.MinorAlly[Venice-firstMinor] = Papacy
	if !s.AtWar(Venice, France) || !s.Friendly(Papacy, Venice) || !s.ControlledBy(sp(t, "venice"), Papacy) {
		t.Error("active minor relations")
	}
	// ... and friendly to the Papacy's allies.
	s.setAlly(Papacy, England, true)
	if !s.Friendly(England, Venice) {
		t.Error("a minor ally of an ally is friendly")
	}
}

func TestControlledSpacesAndKeys(t *testing.T) {
	s := NewState1517(Ed500, 1)
	n := len(s.ControlledSpaces(Papacy))
	if n != 3 {
		t.Errorf("the Papacy controls %d spaces, want 3", n)
	}
	s.MinorAlly[Venice-firstMinor] = Papacy
	if got := len(s.ControlledSpaces(Papacy)); got != n+4 {
		t.Errorf("with Venice allied the Papacy controls %d, want %d", got, n+4)
	}
	k, _ := s.Keys(Papacy)
	if k != 3 {
		t.Errorf("Papacy keys with Venice %d, want 3", k)
	}
	// A key in unrest covers one more box.
	s.Spaces[sp(t, "ravenna")].Unrest = true
	_, vp, _ := s.KeyCardsVP(Papacy)
	if vp != 4 {
		t.Errorf("Papacy VP with a key in unrest %d, want 4 (2 net keys)", vp)
	}
}

func TestLineOfCommunication(t *testing.T) {
	s := NewState1517(Ed500, 1)
	lyon, grenoble := sp(t, "lyon"), sp(t, "grenoble")
	if !s.HasLOC(grenoble, France) {
		t.Fatal("France has an LOC to Grenoble")
	}
	// Independent target reached through friendly spaces.
	if !s.HasLOC(sp(t, "metz"), France) {
		t.Error("France has an LOC to Metz")
	}
	// Unrest and enemy units block every path through a space.
	blockAround := func(target SpaceID, how func(SpaceID)) {
		for _, e := range Spaces[target].Edges {
			how(e.To)
		}
	}
	s2 := s.Clone()
	blockAround(grenoble, func(x SpaceID) { s2.Spaces[x].Unrest = true })
	if s2.HasLOC(grenoble, France) {
		t.Error("unrest all around Grenoble must cut the LOC")
	}
	s3 := s.Clone()
	blockAround(grenoble, func(x SpaceID) { s3.Spaces[x].Units[Hapsburg].Reg = 1 })
	if s3.HasLOC(grenoble, France) {
		t.Error("enemy units all around Grenoble must cut the LOC")
	}
	s4 := s.Clone()
	blockAround(grenoble, func(x SpaceID) { s4.Spaces[x].Units[England].Reg = 1 })
	if !s4.HasLOC(grenoble, France) {
		t.Error("units of a power not at war do not cut the LOC")
	}
	_ = lyon
	// Across the sea: England reaches Calais's neighbours only overland from
	// Calais; a path through the North Sea needs a friendly naval unit.
	s5 := s.Clone()
	calais := sp(t, "calais")
	s5.Spaces[calais].Ctl = France // England has no land base on the continent
	target := sp(t, "boulogne")
	s5.Spaces[target].Ctl = France
	if s5.HasLOC(target, England) {
		t.Fatal("no LOC to Boulogne without ships")
	}
	s5.Seas[sea(t, "english_channel")].Units[England].Sq = 1
	if !s5.HasLOC(target, England) {
		t.Error("an English squadron in the Channel carries the LOC from Portsmouth to Boulogne")
	}
	// No LOC through an electorate before the League.
	s6 := NewState1517(Ed500, 1)
	if s6.locPassable(sp(t, "mainz"), Hapsburg) {
		t.Error("electorates carry no LOC before the Schmalkaldic League")
	}
	s6.League = true
	if !s6.locPassable(sp(t, "mainz"), Hapsburg) {
		t.Error("after the League they do")
	}
}

func TestFormationsAndCommand(t *testing.T) {
	sul, _ := LeaderByID("suleiman")
	ibr, _ := LeaderByID("ibrahim_pasha")
	ch, _ := LeaderByID("charles_v")
	alva, _ := LeaderByID("duke_of_alva")
	fer, _ := LeaderByID("ferdinand")
	if CommandLimit(nil) != 4 || CommandLimit([]int{sul}) != 12 || CommandLimit([]int{sul, ibr}) != 18 {
		t.Error("command limits: 4 alone, 12 Suleiman, 18 with Ibrahim")
	}
	if CommandLimit([]int{alva, ch, fer}) != 16 {
		t.Error("three leaders: the two best (10 + 6)")
	}
	s := NewState1517(Ed500, 1)
	f := Formation{Power: Hapsburg, Leaders: []int{alva}}
	f.Units[Hapsburg].Reg = 6
	if err := s.CheckFormation(f); err != nil {
		t.Error(err)
	}
	f.Units[Hapsburg].Merc = 1
	if s.CheckFormation(f) == nil {
		t.Error("7 units exceed Alva's 6")
	}
	g := Formation{Power: Papacy}
	g.Units[Papacy].Reg = 2
	g.Units[Venice].Reg = 2
	if s.CheckFormation(g) == nil {
		t.Error("Venetian units join a Papal formation only when Venice is allied")
	}
	s.MinorAlly[Venice-firstMinor] = Papacy
	if err := s.CheckFormation(g); err != nil {
		t.Error(err)
	}
	g.Units[France].Reg = 1
	if s.CheckFormation(g) == nil {
		t.Error("a formation never mixes two major powers")
	}
	if s.CheckFormation(Formation{Power: Papacy, Leaders: []int{sul}}) == nil {
		t.Error("a Papal formation cannot hold Suleiman")
	}
}

func TestMovementCosts(t *testing.T) {
	if c, ok := MoveCost(sp(t, "barcelona"), sp(t, "toulouse")); !ok || c != 2 {
		t.Errorf("Barcelona–Toulouse is a Pyrenees pass: %d %v", c, ok)
	}
	if c, ok := MoveCost(sp(t, "paris"), sp(t, "rouen")); !ok || c != 1 {
		t.Errorf("Paris–Rouen: %d %v", c, ok)
	}
	if _, ok := MoveCost(sp(t, "paris"), sp(t, "rome")); ok {
		t.Error("Paris and Rome are not adjacent")
	}
}

func TestVictoryPoints(t *testing.T) {
	s := NewState1517(Ed500, 1)
	for _, id := range []string{"wittenberg", "leipzig", "magdeburg", "brandenburg"} {
		s.convert(sp(t, id), true)
	}
	// 4 Protestant spaces: Papacy 14 (+4 keys), Protestant 1; the electorates
	// are Hapsburg-controlled, so no Protestant base VP.
	if s.VP(Papacy) != 18 || s.VP(Protestant) != 1 {
		t.Errorf("Papacy %d (18), Protestant %d (1)", s.VP(Papacy), s.VP(Protestant))
	}
	s.Spaces[sp(t, "wittenberg")].Ctl = Protestant
	s.Spaces[sp(t, "leipzig")].Unrest = true // 3 spaces count now
	if s.VP(Protestant) != 2 || s.VP(Papacy) != 19 {
		t.Errorf("a Protestant electorate gives 2; unrest drops a space: Protestant %d (2), Papacy %d (19)", s.VP(Protestant), s.VP(Papacy))
	}
	s.Powers[Protestant].BonusVP = 3
	s.Phony[Protestant] = true
	if s.VP(Protestant) != 4 {
		t.Errorf("bonus VP and a Phony War marker: %d, want 4", s.VP(Protestant))
	}
	s.Pregnancy = 1 << 4
	if s.VP(England) != 9+2 {
		t.Errorf("Elizabeth born: England %d, want 11", s.VP(England))
	}
}

func TestCounterMixIsAHardLimit(t *testing.T) {
	s := NewState1517(Ed500, 1)
	if r := s.Room(Ottoman); r.Merc != 0 || r.Cav != Unlimited {
		t.Errorf("the Ottomans have no mercenaries: %+v", r)
	}
	if r := s.Room(Protestant); r.Sq != 0 {
		t.Errorf("the Protestant has no squadrons: %+v", r)
	}
	// With the Papal regulars all on the map, Winter adds none to Rome.
	on := s.OnMap(Papacy)
	s.Mix[Papacy].Reg = on.Reg
	rome := sp(t, "rome")
	before := s.Spaces[rome].Units[Papacy].Reg
	s.Turn = 1
	s.StartWinter()
	skipOptional(t, s)
	if s.Spaces[rome].Units[Papacy].Reg != before {
		t.Error("no replacement beyond the counter mix")
	}
	if s.Spaces[sp(t, "paris")].Units[France].Reg != 5 {
		t.Error("France (unlimited here) still gets its replacement")
	}
	// A mercenary transfer beyond the receiver's mix is refused.
	s = NewState1517(Ed500, 1)
	s.Spaces[sp(t, "lyon")].Units[France].Merc = 2
	s.Mix[England].Merc = 1
	if err := s.doMercs(&Item{Type: "mercs", From: "france", To: "england", Take: map[string]int{"lyon": 2}, Dest: "london"}); err == nil {
		t.Error("England has 1 mercenary counter; 2 cannot be placed")
	}
}
