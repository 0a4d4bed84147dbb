package his

import "testing"

// #69 Auld Alliance: France activates an inactive Scotland; with Scotland
// already its ally it adds up to 3 French regulars in a Scottish home
// space; England deactivates a French Scotland (§22.4: the Scottish units
// go home, other units leave its home spaces); England cannot activate it.
func TestAuldAlliance(t *testing.T) {
	edin, stir := sp(t, "edinburgh"), sp(t, "stirling")
	s := impulseState(t, 2, France, mustCard(69))
	answer(t, s, kImpulse, France, "event", "69", "activate")
	if s.MinorAllyOf(Scotland) != France || !s.ControlledBy(edin, France) {
		t.Fatal("Scotland is France's ally; Edinburgh counts as French")
	}
	// already allied: regulars
	s = impulseState(t, 2, France, mustCard(69))
	s.MinorAlly[Scotland-firstMinor] = France
	if got := optionValues(t, s, "event", "69", "units"); !has(got, "edinburgh") || !has(got, "stirling") {
		t.Fatalf("Scottish home spaces France controls: %v", got)
	}
	answer(t, s, kImpulse, France, "event", "69", "units", "stirling")
	if s.Spaces[stir].Units[France].Reg != 3 {
		t.Fatalf("3 French regulars in Stirling: %+v", s.Spaces[stir].Units[France])
	}
	// England deactivates: the French regulars are displaced, the Scottish
	// units stay in their home spaces, a Scottish squadron at sea goes home
	s = impulseState(t, 2, England, mustCard(69))
	s.MinorAlly[Scotland-firstMinor] = France
	s.Spaces[stir].Units[France].Reg = 3
	north := sea(t, "north_sea")
	s.Seas[north].Units[Scotland].Sq = 1
	answer(t, s, kImpulse, England, "event", "69", "deactivate")
	if s.MinorAllyOf(Scotland) != NoPower || s.Spaces[stir].Units[France].Any() || s.Seas[north].Units[Scotland].Any() || s.Spaces[edin].Units[Scotland].Sq < 2 {
		t.Fatalf("Scotland inactive, French units displaced, the squadron home: Stirling %+v, Edinburgh %+v", s.Spaces[stir].Units, s.Spaces[edin].Units[Scotland])
	}
	s = impulseState(t, 2, England, mustCard(69))
	if has(optionValues(t, s, "event"), "69") {
		t.Fatal("England cannot activate Scotland with Auld Alliance")
	}
}

// #108 Venetian Alliance activates Venice for the Papacy: a power at war
// with Venice may then declare war on the Papacy for free, or its units in
// Venetian spaces are displaced. The Ottoman may deactivate it.
func TestVenetianAlliance(t *testing.T) {
	corfu := sp(t, "corfu")
	s := impulseState(t, 2, Papacy, mustCard(108))
	s.setWar(Hapsburg, Venice, true)
	s.setWar(France, Papacy, false)
	s.setWar(England, Venice, true)
	s.Spaces[corfu].Units[England] = Units{Merc: 1}
	answer(t, s, kImpulse, Papacy, "event", "108", "activate")
	wantOwed(t, s, kMinorWar, Hapsburg, "the Hapsburgs were at war with Venice", "no", "war")
	answer(t, s, kMinorWar, Hapsburg, "war")
	wantOwed(t, s, kMinorWar, England, "England too", "no", "war")
	answer(t, s, kMinorWar, England, "no")
	if !s.AtWar(Hapsburg, Papacy) || s.AtWar(England, Papacy) || s.Spaces[corfu].Units[England].Any() || s.AtWar(England, Venice) {
		t.Fatal("the Hapsburgs at war with the Papacy; England's units displaced; Venice's wars are over")
	}
	if s.MinorAllyOf(Venice) != Papacy {
		t.Fatal("Venice is the Papacy's ally")
	}
	// the Ottoman deactivates
	s2 := impulseState(t, 2, Ottoman, mustCard(108))
	s2.MinorAlly[Venice-firstMinor] = Papacy
	answer(t, s2, kImpulse, Ottoman, "event", "108", "deactivate")
	if s2.MinorAllyOf(Venice) != NoPower {
		t.Fatal("Venice is inactive again")
	}
	// nobody else may play it
	s2 = impulseState(t, 2, France, mustCard(108))
	if has(optionValues(t, s2, "event"), "108") {
		t.Fatal("France may not play Venetian Alliance")
	}
}

// #73 Diplomatic Marriage: activate a minor the player may activate, or
// deactivate Genoa, Scotland or Venice (never Hungary); not the Ottoman or
// the Protestant.
func TestDiplomaticMarriage(t *testing.T) {
	s := impulseState(t, 2, Hapsburg, mustCard(73))
	got := optionValues(t, s, "event", "73", "activate")
	if !has(got, "hungary") || !has(got, "genoa") || !has(got, "venice") || has(got, "scotland") {
		t.Fatalf("the Hapsburgs may activate %v", got)
	}
	answer(t, s, kImpulse, Hapsburg, "event", "73", "activate", "hungary")
	// the Ottoman was at war with Hungary: it may declare war for free
	wantOwed(t, s, kMinorWar, Ottoman, "the Ottoman was at war with Hungary", "no", "war")
	answer(t, s, kMinorWar, Ottoman, "war")
	if s.MinorAllyOf(Hungary) != Hapsburg || !s.AtWar(Ottoman, Hapsburg) {
		t.Fatal("Hungary is the Hapsburgs' ally, at war with the Ottoman through them")
	}
	s = impulseState(t, 2, England, mustCard(73))
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	s.MinorAlly[Genoa-firstMinor] = France
	if got := optionValues(t, s, "event", "73", "deactivate"); !has(got, "genoa") || has(got, "hungary") {
		t.Fatalf("Hungary is never deactivated: %v", got)
	}
	for _, p := range []Power{Ottoman, Protestant} {
		s = impulseState(t, 2, p, mustCard(73))
		if has(optionValues(t, s, "event"), "73") {
			t.Fatalf("%s may not play Diplomatic Marriage", p)
		}
	}
}

// #68 Andrea Doria: France, the Hapsburgs or the Papacy take Genoa (from
// its ally, if any); the raid: Doria's power at war with the Ottoman, in a
// sea zone with 2 Ottoman ports: both draw, 3 dice lower the piracy VP.
func TestAndreaDoria(t *testing.T) {
	s := impulseState(t, 2, Hapsburg, mustCard(68))
	s.MinorAlly[Genoa-firstMinor] = France
	answer(t, s, kImpulse, Hapsburg, "event", "68", "genoa")
	if s.MinorAllyOf(Genoa) != Hapsburg {
		t.Fatal("Genoa changes sides")
	}
	if has(optionValues(t, impulseState(t, 2, England, mustCard(68)), "event"), "68") {
		t.Fatal("England may not take Genoa, and has no raid to make")
	}
	s = impulseState(t, 3, England, mustCard(68))
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	s.setWar(Ottoman, Hapsburg, true)
	aeg := sea(t, "aegean_sea")
	s.Leaders[andreaDoria].Loc = SeaLoc + int(aeg)
	s.PiracyVP = 3
	s.Script = []int{5, 6, 1}
	hand := len(s.Powers[Hapsburg].Hand)
	answer(t, s, kImpulse, England, "event", "68", "raid")
	if s.PiracyVP != 1 || len(s.Powers[England].Hand) != 1 || len(s.Powers[Hapsburg].Hand) != hand+1 {
		t.Fatalf("2 hits: piracy VP 3 → %d; England and the Hapsburgs draw", s.PiracyVP)
	}
}

// #116 Rough Wooing: with Edward born and alive and Scotland France's
// ally, England wins Scotland when it beats France by 2 or more.
func TestRoughWooing(t *testing.T) {
	edin := sp(t, "edinburgh")
	s := impulseState(t, 5, England, mustCard(116))
	if has(optionValues(t, s, "event"), "116") {
		t.Fatal("not before Edward is born and Scotland is French")
	}
	s.Pregnancy = 1 << 5
	s.MinorAlly[Scotland-firstMinor] = France
	s.Spaces[edin].Units[England] = Units{Reg: 2}
	s.Spaces[edin].Units[France] = Units{Reg: 1}
	scots := 0
	for _, h := range homeSpacesOf[Scotland] {
		scots += s.Spaces[h].Units[Scotland].Land() + s.Spaces[h].Units[Scotland].Naval()
	}
	if scots != 4 {
		t.Fatalf("the 1517 Scots: 3 regulars and a squadron, have %d units", scots)
	}
	// England 6 + 2 = 8 against France 1 + 1 French + 4 Scottish = 6: 2 ahead
	s.Script = []int{6, 1}
	answer(t, s, kImpulse, England, "event", "116")
	if s.MinorAllyOf(Scotland) != England || s.Spaces[edin].Ctl != England || s.Spaces[edin].Units[France].Any() {
		t.Fatalf("Scotland is English, the French are displaced: ally %v, %+v", s.MinorAllyOf(Scotland), s.Spaces[edin].Units)
	}
	// one short: nothing changes
	s = impulseState(t, 5, England, mustCard(116))
	s.Pregnancy = 1 << 5
	s.MinorAlly[Scotland-firstMinor] = France
	s.Spaces[edin].Units[England] = Units{Reg: 1}
	s.Spaces[edin].Units[France] = Units{Reg: 1}
	s.Script = []int{6, 1}
	answer(t, s, kImpulse, England, "event", "116")
	if s.MinorAllyOf(Scotland) != France {
		t.Fatal("7 against 6: Scotland stays French")
	}
}

// Auld Alliance in the Diplomacy Phase pays France's intervention for
// Scotland (no 2 CP), then up to 3 French regulars go to a Scottish home
// space.
func TestAuldAllianceIntervention(t *testing.T) {
	s := NewState1517(Ed500, 5)
	s.Turn = 2
	s.cardDraw()
	give(s, England, 75, 76)
	give(s, France, 69)
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	s.run()
	announceDone(t, s, NumMajors)
	for {
		d, _ := s.top()
		if d.Kind == kWar && d.Power == England {
			break
		}
		answer(t, s, d.Kind, d.Power, s.choices(d)[0].Value)
	}
	answer(t, s, kWar, England, "scotland")
	if !has(optionValues(t, s), "card") {
		t.Fatal("France may pay with Auld Alliance")
	}
	answer(t, s, kIntervene, France, "card")
	if s.MinorAllyOf(Scotland) != France || !s.AtWar(England, France) || s.Diplo.Cost[France] != 0 || !cardIn(s.Discard, mustCard(69)) {
		t.Fatal("the intervention happens with no CP owed; the card is discarded")
	}
	edin := sp(t, "edinburgh")
	answer(t, s, kCardOption, France, "edinburgh")
	if s.Spaces[edin].Units[France].Reg != 3 {
		t.Fatalf("3 French regulars in Edinburgh: %+v", s.Spaces[edin].Units[France])
	}
}

// Diplomatic Marriage's second half: France sues the Hapsburgs and gets
// Lyon and Francis I back without paying (the Hapsburgs still gain their
// War Winner VP).
func TestDiplomaticMarriagePeace(t *testing.T) {
	s := NewState1517(Ed500, 5)
	s.Turn = 2
	s.cardDraw()
	lyon := sp(t, "lyon")
	s.Spaces[lyon].Ctl = Hapsburg
	s.Spaces[lyon].Units[France] = Units{}
	fi, _ := LeaderByID("francis_i")
	s.Leaders[fi] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	give(s, France, 73)
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	s.run()
	announceDone(t, s, NumMajors)
	answer(t, s, kSue, France, "marriage", "hapsburg")
	if s.Spaces[lyon].Ctl != France || s.Leaders[fi].Captor != NoPower || s.Powers[Hapsburg].WarVP != 1 {
		t.Fatal("Lyon and Francis back; the Hapsburgs have their 1 War Winner VP")
	}
	answer(t, s, kPeaceRemove, France, "paris/regular")
	answer(t, s, kPeaceRemove, France, "paris/regular")
	if s.AtWar(France, Hapsburg) {
		t.Fatal("the war is over, with no buy-back asked")
	}
}
