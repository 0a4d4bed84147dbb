package his

import "testing"

func sp(t testing.TB, id string) SpaceID {
	t.Helper()
	s, err := SpaceByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sea(t testing.TB, id string) SeaID {
	t.Helper()
	s, err := SeaByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMapCounts(t *testing.T) {
	if len(Spaces) != 134 {
		t.Fatalf("%d spaces, want 134", len(Spaces))
	}
	byType := map[SpaceType]int{}
	keys, normal, passes := 0, 0, 0
	for _, s := range Spaces {
		byType[s.Type]++
		if s.Type.IsKey() {
			keys++
		}
		for _, e := range s.Edges {
			if e.Pass {
				passes++
			} else {
				normal++
			}
			// connections are symmetric and of the same kind both ways
			back := false
			for _, f := range Spaces[e.To].Edges {
				back = back || (Spaces[f.To].ID == s.ID && f.Pass == e.Pass)
			}
			if !back {
				t.Errorf("%s -> %s has no matching connection back", s.ID, Spaces[e.To].ID)
			}
		}
	}
	if byType[Electorate] != 6 || byType[Capital] != 6 || byType[Fortress] != 9 || keys != 33 {
		t.Errorf("electorates %d (6), capitals %d (6), fortresses %d (9), keys %d (33)", byType[Electorate], byType[Capital], byType[Fortress], keys)
	}
	if normal/2 != 204 || passes/2 != 16 {
		t.Errorf("%d connections and %d passes, want 204 and 16", normal/2, passes/2)
	}
	ranges := map[string]int{}
	for _, p := range PassRanges {
		ranges[p.Range]++
		if c, ok := MoveCost(p.A, p.B); !ok || c != 2 {
			t.Errorf("pass %s–%s costs %d", Spaces[p.A].ID, Spaces[p.B].ID, c)
		}
	}
	if ranges["pyrenees"] != 3 || ranges["alps"] != 6 || ranges["balkans"] != 7 {
		t.Errorf("passes by range %v, want 3 Pyrenees, 6 Alps, 7 Balkans", ranges)
	}
	if len(capitalsOf[Hapsburg]) != 2 || len(capitalsOf[Protestant]) != 0 {
		t.Errorf("Hapsburg capitals %d (2), Protestant %d (0)", len(capitalsOf[Hapsburg]), len(capitalsOf[Protestant]))
	}
	for _, id := range []string{"london", "paris", "valladolid", "vienna", "rome", "istanbul"} {
		if Spaces[sp(t, id)].Type != Capital {
			t.Errorf("%s is not a capital", id)
		}
	}
	for _, e := range electorates {
		if Spaces[e].Lang != LangGerman || Spaces[e].Home != Protestant {
			t.Errorf("electorate %s: zone %s, home %s", Spaces[e].ID, Spaces[e].Lang, Spaces[e].Home)
		}
	}
}

func TestSeas(t *testing.T) {
	if len(Seas) != 14 {
		t.Fatalf("%d seas, want 14", len(Seas))
	}
	not := [][2]string{{"ionian_sea", "tyrrhenian_sea"}, {"barbary_coast", "atlantic_ocean"}, {"black_sea", "aegean_sea"}}
	for _, p := range not {
		if SeasAdjacent(sea(t, p[0]), sea(t, p[1])) || SeasAdjacent(sea(t, p[1]), sea(t, p[0])) {
			t.Errorf("%s and %s must not touch", p[0], p[1])
		}
	}
	yes := [][2]string{{"north_sea", "irish_sea"}, {"north_sea", "baltic_sea"}, {"english_channel", "north_sea"}}
	for _, p := range yes {
		if !SeasAdjacent(sea(t, p[0]), sea(t, p[1])) || !SeasAdjacent(sea(t, p[1]), sea(t, p[0])) {
			t.Errorf("%s and %s must touch", p[0], p[1])
		}
	}
	// Messina, Gibraltar and Istanbul are two-zone ports separating their seas.
	for _, c := range []struct{ port, a, b string }{{"messina", "ionian_sea", "tyrrhenian_sea"}, {"gibraltar", "barbary_coast", "atlantic_ocean"}, {"istanbul", "black_sea", "aegean_sea"}} {
		ports := Spaces[sp(t, c.port)].Ports
		if len(ports) != 2 || !(ports[0] == sea(t, c.a) || ports[1] == sea(t, c.a)) || !(ports[0] == sea(t, c.b) || ports[1] == sea(t, c.b)) {
			t.Errorf("%s ports %v", c.port, ports)
		}
	}
	nPorts, links := 0, 0
	for _, s := range Spaces {
		if len(s.Ports) > 0 {
			nPorts++
		}
		links += len(s.Ports)
	}
	if nPorts != 58 || links != 75 {
		t.Errorf("%d ports with %d links, want 58 and 75", nPorts, links)
	}
}

func TestCardsDebatersLeaders(t *testing.T) {
	main, diplo := 0, 0
	byType := map[CardType]int{}
	for _, c := range Cards {
		if c.Diplo {
			diplo++
			continue
		}
		main++
		byType[c.Type]++
	}
	if main != 116 || diplo != 19 {
		t.Errorf("%d main-deck and %d diplomatic cards, want 116 and 19", main, diplo)
	}
	if byType[HomeCard] != 7 || byType[MandatoryCard] != 19 || byType[CombatCard] != 7 || byType[ResponseCard] != 9 || byType[EventCard] != 74 {
		t.Errorf("card types %v", byType)
	}
	if c := Cards[mustCard(10)]; c.RulerOf != Papacy || c.Type != MandatoryCard {
		t.Errorf("Clement VII: %+v", c)
	}
	if c := Cards[cThomasMore]; !c.Ed500 || c.DebDice != 1 || c.DebDiceE != 3 {
		t.Errorf("Thomas More: %+v", c)
	}
	if c := Cards[cPapalInq]; c.Number != 56 || c.DebDice != 2 {
		t.Errorf("Papal Inquisition: %+v", c)
	}
	later := 0
	for _, c := range Cards {
		if !c.Diplo && (c.When != "" || c.Enters > 1) {
			later++
		}
	}
	if later != 42 {
		t.Errorf("%d cards join the deck later, want 42 (§6.2)", later)
	}
	if len(Debaters) != 29 {
		t.Fatalf("%d debaters, want 29", len(Debaters))
	}
	zones := map[string]int{}
	for _, d := range Debaters {
		zones[d.Side.String()+"/"+d.Lang.String()]++
	}
	if zones["papacy/none"] != 12 || zones["protestant/german"] != 7 || zones["protestant/french"] != 4 || zones["protestant/english"] != 6 {
		t.Errorf("debaters by side and zone: %v", zones)
	}
	if d := Debaters[dLuther]; d.Value != 4 || d.Lang != LangGerman {
		t.Errorf("Luther %+v", d)
	}
	army, naval := 0, 0
	for _, l := range Leaders {
		if l.Naval {
			naval++
		} else {
			army++
		}
	}
	if army != 15 || naval != 3 {
		t.Errorf("%d army and %d naval leaders, want 15 and 3", army, naval)
	}
	if l, _ := LeaderByID("suleiman"); Leaders[l].Battle != 2 || Leaders[l].Command != 12 {
		t.Errorf("Suleiman %+v", Leaders[l])
	}
	if l, _ := LeaderByID("dragut"); Leaders[l].Piracy != 2 || !Leaders[l].Naval {
		t.Errorf("Dragut %+v", Leaders[l])
	}
}

func TestSetup1517(t *testing.T) {
	s := NewState1517(Ed500, 1)
	ist := s.Spaces[sp(t, "istanbul")].Units[Ottoman]
	if ist.Reg != 7 || ist.Cav != 1 || ist.Sq != 1 {
		t.Errorf("Istanbul %+v", ist)
	}
	if u := s.Spaces[sp(t, "venice")].Units[Venice]; u.Reg != 2 || u.Sq != 3 {
		t.Errorf("Venice %+v", u)
	}
	if u := s.Spaces[sp(t, "antwerp")].Units[Hapsburg]; u.Reg != 3 {
		t.Errorf("Antwerp %+v", u)
	}
	if l, _ := LeaderByID("charles_v"); s.Leaders[l].Loc != int(sp(t, "valladolid")) {
		t.Errorf("Charles V at %d", s.Leaders[l].Loc)
	}
	// Start VP from keys (§4.1 check): Ottoman 8, Hapsburg 9, England 9, France 12, Papacy 4.
	want := map[Power][2]int{Ottoman: {4, 8}, Hapsburg: {8, 9}, England: {4, 9}, France: {6, 12}, Papacy: {2, 4}}
	for p, w := range want {
		k, _ := s.Keys(p)
		_, vp, _ := s.KeyCardsVP(p)
		if k != w[0] || vp != w[1] {
			t.Errorf("%s: %d keys, %d VP; want %d and %d", p, k, vp, w[0], w[1])
		}
	}
	// Total VP at the start equal the scenario's starting VP (setup.json).
	for name, want := range setup.VP {
		p, _ := ParsePower(name)
		if got := s.VP(p); got != want {
			t.Errorf("%s starts with %d VP, want %d", name, got, want)
		}
	}
	if !s.AtWar(Hapsburg, France) || !s.AtWar(France, Papacy) || !s.AtWar(Ottoman, Hungary) || s.AtWar(England, France) {
		t.Error("1517 wars wrong")
	}
	if s.Spaces[sp(t, "milan")].Ctl != France || s.Spaces[sp(t, "tunis")].Ctl != Hapsburg || s.Spaces[sp(t, "wittenberg")].Ctl != Hapsburg {
		t.Error("1517 control wrong (Milan French, Tunis and the Protestant home spaces Hapsburg)")
	}
	if s.Spaces[spAlgiers].Ctl != NoPower {
		t.Error("Algiers is out of play before Barbary Pirates")
	}
	if s.Display[sp(t, "wittenberg")] != 2 || s.Display[sp(t, "brandenburg")] != 1 {
		t.Error("electorate display wrong")
	}
	in := 0
	for _, d := range s.Debaters {
		if d == DebUncommitted {
			in++
		}
	}
	if in != 9 {
		t.Errorf("%d debaters in play at start, want 9", in)
	}
	if r := Rulers[s.Powers[Papacy].Ruler]; r.Name != "Leo X" {
		t.Errorf("Papal ruler %s", r.Name)
	}
	// Deals (§6.2): France under Francis I with 6 keys → 3 + 1 = 4; Protestant 4.
	if n := s.CardsDealt(France); n != 4 {
		t.Errorf("France is dealt %d, want 4", n)
	}
	if n := s.CardsDealt(Protestant); n != 4 {
		t.Errorf("Protestant is dealt %d, want 4", n)
	}
	// Edition 2010 leaves out the 500th cards.
	s2 := NewState1517(Ed2010, 1)
	for _, c := range s2.Deck {
		if Cards[c].Ed500 {
			t.Errorf("2010 deck has the 500th card #%d", Cards[c].Number)
		}
	}
	if len(s2.Deck) >= len(s.Deck) {
		t.Errorf("2010 deck %d cards, 500th %d", len(s2.Deck), len(s.Deck))
	}
}
