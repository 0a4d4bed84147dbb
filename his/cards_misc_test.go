package his

import "testing"

// The unrest cards place up to their number of unrest markers on
// unoccupied spaces of their area; Janissaries Rebel places 4 while the
// Ottoman fights no major power, else 2.
func TestUnrestCards(t *testing.T) {
	for _, c := range []struct {
		card int
		ok   func(SpaceID) bool
		n    int
	}{
		{80, func(sp SpaceID) bool { return Spaces[sp].Home == France }, 2},
		{88, func(sp SpaceID) bool { return Spaces[sp].Lang == LangGerman }, 5},
		{94, func(sp SpaceID) bool { return Spaces[sp].Lang == LangSpanish }, 3},
		{64, func(sp SpaceID) bool { return Spaces[sp].Home == England }, 5},
		{82, func(sp SpaceID) bool { return Spaces[sp].Home == Ottoman }, 4},
	} {
		s := impulseState(t, 3, Papacy, mustCard(c.card))
		s.setWar(Ottoman, Hungary, true)
		answer(t, s, kImpulse, Papacy, "event", numValue(c.card))
		placed := 0
		for {
			d, ok := s.top()
			if !ok || d.Kind != kCardSpace {
				break
			}
			ch := s.choices(d)
			if ch[0].Value != "done" || len(ch) < 2 {
				t.Fatalf("#%d: up to: %v", c.card, ch)
			}
			sp := mustSpace(ch[1].Value)
			if !c.ok(sp) || s.occupied(sp) {
				t.Fatalf("#%d: %s is not a target", c.card, Spaces[sp].Name)
			}
			answer(t, s, kCardSpace, Papacy, ch[1].Value)
			if !s.Spaces[sp].Unrest {
				t.Fatal("unrest placed")
			}
			placed++
		}
		if placed != c.n {
			t.Errorf("#%d: %d unrest markers, want %d", c.card, placed, c.n)
		}
	}
	s := impulseState(t, 3, Papacy, mustCard(82))
	s.setWar(Ottoman, Hapsburg, true)
	answer(t, s, kImpulse, Papacy, "event", "82")
	if c := s.cardProc(); c == nil || c.N != 2 {
		t.Fatal("at war with the Hapsburgs: 2 markers")
	}
}

// #79 Fuggers: 2 cards now, one fewer at the next deal; #74 Diplomatic
// Overture: 2 cards, then one given to another power (never a Home card).
func TestFuggersAndOverture(t *testing.T) {
	s := impulseState(t, 3, France, mustCard(79))
	dealt := s.CardsDealt(France)
	answer(t, s, kImpulse, France, "event", "79")
	if len(s.Powers[France].Hand) != 2 || s.CardsDealt(France) != dealt-1 {
		t.Fatal("Fuggers: 2 cards, -1 card next deal")
	}
	s.Deck = s.Deck[:0]
	s.cardDraw()
	if s.TurnFx.Fewer != 0 {
		t.Fatal("the marker goes after the deal")
	}
	s = impulseState(t, 3, France, mustCard(74), mustCard(4))
	answer(t, s, kImpulse, France, "event", "74")
	d, _ := s.top()
	if d.Kind != kCardOption {
		t.Fatalf("France gives a card: %+v", d)
	}
	for _, v := range optionValues(t, s, "england") {
		if v == "4" {
			t.Fatal("never the Home card")
		}
	}
	give := optionValues(t, s, "england")[0]
	answer(t, s, kCardOption, France, "england", give)
	if len(s.Powers[England].Hand) != 1 || len(s.Powers[France].Hand) != 2 {
		t.Fatal("England receives one card; France keeps its Home card and one more")
	}
}

// #59 Lady Jane Grey: after an English ruler change this turn, the player
// takes a random English card and draws one, keeps one and gives the other
// to the Protestant or the Papacy.
func TestLadyJaneGrey(t *testing.T) {
	s := impulseState(t, 6, France, mustCard(59))
	give(s, England, 75)
	if has(optionValues(t, s, "event"), "59") {
		t.Fatal("no ruler change this turn")
	}
	s.EnglishRulerTurn = 6
	answer(t, s, kImpulse, France, "event", "59")
	passWindow(t, s, winEvent)
	if len(s.Powers[England].Hand) != 0 || len(s.Powers[France].Hand) != 2 {
		t.Fatal("France holds Erasmus and the card it drew")
	}
	answer(t, s, kCardOption, France, "75", "papacy")
	if !s.holds(France, mustCard(75)) || len(s.Powers[Papacy].Hand) != 1 || !cardIn(s.Gone, mustCard(59)) {
		t.Fatal("France keeps Erasmus, the Papacy gets the other; the card leaves the game")
	}
}

// #57 Philip of Hesse's Bigamy: the Protestant removes Philip or discards
// at random; #66 Akinji Raiders: the Ottoman takes a random card from a
// major it fights, with cavalry near it.
func TestBigamyAndAkinji(t *testing.T) {
	philip := leader(t, "philip_of_hesse")
	s := impulseState(t, 5, Papacy, mustCard(57))
	place(s, philip, sp(t, "kassel"))
	give(s, Protestant, 79)
	answer(t, s, kImpulse, Papacy, "event", "57")
	passWindow(t, s, winEvent)
	answer(t, s, kCardOption, Protestant, "philip")
	if s.Leaders[philip].Loc != Removed || !s.holds(Protestant, mustCard(79)) {
		t.Fatal("Philip leaves the game; the card stays")
	}
	s = impulseState(t, 3, Ottoman, mustCard(66))
	if has(optionValues(t, s, "event"), "66") {
		t.Fatal("no war, no cavalry near: not playable")
	}
	s.setWar(Ottoman, Hapsburg, true)
	buda, szeg := sp(t, "buda"), sp(t, "szegedin")
	s.Spaces[buda].Ctl = Hapsburg
	s.Spaces[szeg].Ctl = Ottoman
	s.Spaces[szeg].Units[Ottoman].Cav = 1
	give(s, Hapsburg, 75)
	answer(t, s, kImpulse, Ottoman, "event", "66", "hapsburg")
	if !s.holds(Ottoman, mustCard(75)) {
		t.Fatal("the Ottoman takes the Hapsburg card")
	}
}

// #83 John Zapolya: 4 regulars of Buda's controller; #106 Unpaid
// Mercenaries: one power's mercenaries in a space are eliminated (a siege
// they no longer hold breaks); #107 Unsanitary Camp: a third of a stack,
// at least half regulars.
func TestUnitCards(t *testing.T) {
	buda := sp(t, "buda")
	s := impulseState(t, 2, France, mustCard(83))
	reg := s.Spaces[buda].Units[Hungary].Reg
	answer(t, s, kImpulse, France, "event", "83")
	if s.Spaces[buda].Units[Hungary].Reg != reg+4 {
		t.Fatal("4 Hungarian regulars in Buda")
	}

	s, bordeaux := bordeauxSiege(t)
	s.Stack = nil
	s.Act = nil
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 1, Merc: 3}
	s.Powers[France].Hand = []uint8{uint8(mustCard(106))}
	s.Impulse = France
	s.push(kImpulse, France)
	answer(t, s, kImpulse, France, "event", "106", "bordeaux", "hapsburg")
	if s.Spaces[bordeaux].Units[Hapsburg].Merc != 0 || s.Besieging(bordeaux, Hapsburg) {
		t.Fatal("the mercenaries are gone; 1 regular against 2 breaks the siege")
	}

	s = impulseState(t, 2, France, mustCard(107))
	paris := sp(t, "paris")
	clearUnits(s, paris)
	s.Spaces[paris].Units[France] = Units{Reg: 1, Merc: 6}
	answer(t, s, kImpulse, France, "event", "107", "paris", "france")
	for _, v := range optionValues(t, s) {
		if f := parseForm(v, France); f[France].Land() != 3 || f[France].Reg != 1 {
			t.Fatalf("3 losses, the one regular among them: %s", v)
		}
	}
	answer(t, s, kCardOption, France, "1:2:0")
	if s.Spaces[paris].Units[France] != (Units{Merc: 4}) {
		t.Fatalf("Paris: %+v", s.Spaces[paris].Units[France])
	}
}

// #87 Mercenaries Demand Pay: the target discards a card (its CP decide
// how many mercenaries it keeps) or loses them all.
func TestMercenariesDemandPay(t *testing.T) {
	paris, lyon := sp(t, "paris"), sp(t, "lyon")
	s := impulseState(t, 2, Hapsburg, mustCard(87))
	clearUnits(s, paris, lyon)
	s.Spaces[paris].Units[France] = Units{Reg: 1, Merc: 3}
	s.Spaces[lyon].Units[France] = Units{Merc: 2}
	give(s, France, 80) // Gabelle Revolt, 1 CP: keeps 2
	answer(t, s, kImpulse, Hapsburg, "event", "87", "france")
	answer(t, s, kCardOption, France, "80")
	answer(t, s, kCardEliminate, France, "paris", "france")
	answer(t, s, kCardEliminate, France, "paris", "france")
	answer(t, s, kCardEliminate, France, "paris", "france")
	if s.mercsOf(France) != 2 || s.Spaces[lyon].Units[France].Merc != 2 {
		t.Fatalf("France keeps its 2 mercenaries in Lyon: %d", s.mercsOf(France))
	}
	s = impulseState(t, 2, Hapsburg, mustCard(87))
	clearUnits(s, paris)
	s.Spaces[paris].Units[France] = Units{Merc: 3}
	answer(t, s, kImpulse, Hapsburg, "event", "87", "france")
	answer(t, s, kCardOption, France, "none")
	if s.mercsOf(France) != 0 {
		t.Fatal("no pay: every mercenary lost")
	}
}

// #100 Shipbuilding: 2 squadrons in home ports (the Ottoman may take 2
// corsairs for each after Barbary Pirates); not the Protestant.
func TestShipbuilding(t *testing.T) {
	s := impulseState(t, 2, Hapsburg, mustCard(100))
	naples := sp(t, "naples")
	sq := s.Spaces[naples].Units[Hapsburg].Sq
	answer(t, s, kImpulse, Hapsburg, "event", "100")
	answer(t, s, kCardShip, Hapsburg, "naples", "squadron")
	answer(t, s, kCardShip, Hapsburg, "naples", "squadron")
	if s.Spaces[naples].Units[Hapsburg].Sq != sq+2 {
		t.Fatal("2 squadrons in Naples")
	}
	s = impulseState(t, 3, Ottoman, mustCard(100))
	s.Barbary = true
	answer(t, s, kImpulse, Ottoman, "event", "100")
	answer(t, s, kCardShip, Ottoman, "istanbul", "corsairs")
	if s.Spaces[sp(t, "istanbul")].Units[Ottoman].Cor != 2 {
		t.Fatal("2 corsairs")
	}
	if has(optionValues(t, impulseState(t, 3, Protestant, mustCard(100)), "event"), "100") {
		t.Fatal("not the Protestant")
	}
}

// #91 Ransom: a captured leader goes home, where his power chooses; #103
// Threat to Power: 1–3 the leader is away until the next Card Draw, 4–6
// he leaves the game.
func TestLeaderCards(t *testing.T) {
	mont := leader(t, "montmorency")
	s := impulseState(t, 2, Papacy, mustCard(91))
	s.Leaders[mont] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	answer(t, s, kImpulse, Papacy, "event", "91", "montmorency")
	answer(t, s, kCardSpace, France, "paris")
	if s.Leaders[mont] != (LeaderState{Loc: int(sp(t, "paris")), Captor: NoPower}) {
		t.Fatalf("Montmorency back in Paris: %+v", s.Leaders[mont])
	}
	s = impulseState(t, 2, Papacy, mustCard(103))
	alva := leader(t, "duke_of_alva")
	s.Script = []int{2}
	answer(t, s, kImpulse, Papacy, "event", "103", "duke_of_alva")
	if s.Leaders[alva].Loc != OffMap || len(s.TurnFx.Away) != 1 {
		t.Fatal("Alva away for the turn")
	}
	s.endTurnFx()
	s.returnAway()
	if s.Leaders[alva].Loc < 0 {
		t.Fatal("he comes back at the next Card Draw")
	}
	s = impulseState(t, 2, Papacy, mustCard(103))
	s.Script = []int{5}
	answer(t, s, kImpulse, Papacy, "event", "103", "duke_of_alva")
	if s.Leaders[alva].Loc != Removed {
		t.Fatal("on 5 he leaves the game")
	}
}

// #84 Julia Gonzaga: the first scoring Ottoman piracy in the Tyrrhenian
// Sea this turn gives 1 VP; not before Barbary Pirates.
func TestJuliaGonzaga(t *testing.T) {
	s := impulseState(t, 3, France, mustCard(84))
	if has(optionValues(t, s, "event"), "84") {
		t.Fatal("needs Barbary Pirates")
	}
	s.Barbary = true
	answer(t, s, kImpulse, France, "event", "84")
	if !s.TurnFx.Julia {
		t.Fatal("the flag is set for the turn")
	}
	tyr := sea(t, "tyrrhenian_sea")
	s.Seas[tyr].Units[Ottoman].Cor = 2
	vp := s.Powers[Ottoman].BonusVP
	s.Script = []int{1, 1, 6, 1}
	s.piracy(int(tyr), Hapsburg)
	if s.Powers[Ottoman].BonusVP != vp+1 || s.TurnFx.Julia {
		t.Fatal("1 VP, once")
	}
}
