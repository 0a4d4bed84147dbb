package his

import "testing"

// twoPeaceAt is a 2-player Turn 3 Diplomacy Phase with the Papacy at war
// with France, 3 Papal regulars in Rome, and France controlling held (Papal
// home spaces), with 1 French regular in each.
func twoPeaceAt(t *testing.T, held ...string) *State {
	t.Helper()
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 3, PhaseDiplomacy
	s.setWar(France, Papacy, true)
	s.Spaces[spRome].Units[Papacy].Reg = 3
	for _, id := range held {
		sp := mustSpace(id)
		s.Spaces[sp].Ctl = France
		s.Spaces[sp].Units = [NumPowers]Units{}
		s.Spaces[sp].Units[France].Reg = 1
	}
	s.startTwoDiplomacy()
	s.run()
	// §24.4: sue for peace, remove 2 Papal units (§9.3 step 4 first).
	seatAnswer(t, s, kTwoPeace, Papacy, "sue:france")
	seatAnswer(t, s, kTwoLoss, Papacy, "rome", "r")
	seatAnswer(t, s, kTwoLoss, Papacy, "rome", "r")
	return s
}

// §24.4 "home spaces may be bought back with more VP", by §9.3 step 5: a
// home key (Ravenna) France holds comes back to the Papacy for one more
// War Winner VP to the Protestant; France's unit there is displaced. A
// card is no price in the 2-player game: refused, nothing changes.
func TestTwoPlayerPeaceBuyBackKey(t *testing.T) {
	s := twoPeaceAt(t, "ravenna")
	rav := mustSpace("ravenna")
	if k, seat := pendingSeat(s); k != kTwoBuy || seat != Papacy {
		t.Fatalf("pending %s for %s, want the Papacy's buy-back of Ravenna", k, seat)
	}
	if s.AtWar(France, Papacy) || s.Powers[Protestant].WarVP != 1 {
		t.Fatalf("after suing: war %v, Protestant war VP %d; want peace and 1", s.AtWar(France, Papacy), s.Powers[Protestant].WarVP)
	}
	refused(t, s, kTwoBuy, Papacy, "not a legal choice", "card")
	refused(t, s, kTwoBuy, Papacy, "not a legal choice", "ancona")
	seatAnswer(t, s, kTwoBuy, Papacy, "vp")
	if s.Spaces[rav].Ctl != Papacy || s.Powers[Protestant].WarVP != 2 {
		t.Fatalf("Ravenna controlled by %s, Protestant war VP %d; want the Papacy and 2", s.Spaces[rav].Ctl, s.Powers[Protestant].WarVP)
	}
	// §9.3 step 5: units in recovered spaces are displaced to their nearest
	// fortified controlled space.
	d, _ := s.top()
	if d.Kind != kDisplace || len(s.Displace) == 0 || s.Displace[0].Space != rav || s.Displace[0].Power != France {
		t.Fatalf("pending %+v, displacements %+v; want France's regular displaced from Ravenna", d, s.Displace)
	}
	to := s.choices(d)[0].Value
	seatAnswer(t, s, kDisplace, s.seatOf(d.Power), to)
	if s.Spaces[rav].Units[France].Land() != 0 || s.Spaces[mustSpace(to)].Units[France].Reg == 0 {
		t.Fatalf("France's regular: Ravenna %+v, %s %+v", s.Spaces[rav].Units[France], to, s.Spaces[mustSpace(to)].Units[France])
	}
	if k, _ := pendingSeat(s); k == kTwoBuy || k == kTwoPeace {
		t.Fatalf("pending %s: nothing more to buy and no war left", k)
	}
}

// Declining: the space stays French, no more VP. An odd non-key home space
// (Ancona, the Papacy's only one) cannot be bought: §9.3 step 7 sells
// non-key spaces in sets of two.
func TestTwoPlayerPeaceBuyBackDeclinedOrImpossible(t *testing.T) {
	s := twoPeaceAt(t, "ravenna", "ancona")
	rav, anc := mustSpace("ravenna"), mustSpace("ancona")
	seatAnswer(t, s, kTwoBuy, Papacy, "no")
	if s.Spaces[rav].Ctl != France || s.Spaces[anc].Ctl != France || s.Powers[Protestant].WarVP != 1 {
		t.Fatalf("Ravenna %s, Ancona %s, Protestant war VP %d; want both French and 1", s.Spaces[rav].Ctl, s.Spaces[anc].Ctl, s.Powers[Protestant].WarVP)
	}
	if k, _ := pendingSeat(s); k == kTwoBuy {
		t.Fatal("Ancona alone is offered for sale")
	}
	if s.Two.Buys != nil {
		t.Fatalf("buy-backs left over: %+v", s.Two.Buys)
	}

	s = twoPeaceAt(t, "ancona")
	if k, _ := pendingSeat(s); k == kTwoBuy {
		t.Fatal("Ancona alone is offered for sale")
	}
	if s.Spaces[anc].Ctl != France || s.Powers[Protestant].WarVP != 1 || s.AtWar(France, Papacy) {
		t.Fatalf("Ancona %s, Protestant war VP %d, war %v", s.Spaces[anc].Ctl, s.Powers[Protestant].WarVP, s.AtWar(France, Papacy))
	}
}
