package his

import (
	"strings"
	"testing"

	"concordat/game"
)

// debating sets debaters' states for a test.
func debating(s *State, st DebaterStatus, ids ...string) {
	for _, id := range ids {
		s.Debaters[mustDebater(id)] = st
	}
}

// reformOf is the series of attempts just started (over already when it
// had no target).
func reformOf(s *State) *Reform {
	if s.Reform != nil {
		return s.Reform
	}
	return s.LastReform
}

// The attempt cards commit their debater and start the attempts by the
// named power in the card's zone; without the debater uncommitted they are
// not offered.
func TestAttemptCards(t *testing.T) {
	for _, c := range []struct {
		card    int
		need    string
		by      Power
		zone    Lang
		n       int
		plusOne bool
	}{
		{44, "cop", Protestant, LangFrench, 4, false},
		{46, "calvin", Protestant, LangFrench, 5, true},
		{65, "luther", Protestant, LangGerman, 6, false},
		{85, "luther", Protestant, LangNone, 5, false},
	} {
		s := impulseState(t, 4, Papacy, mustCard(c.card))
		debating(s, DebCommitted, c.need)
		if has(optionValues(t, s, "event"), numValue(c.card)) {
			t.Fatalf("#%d needs %s uncommitted", c.card, c.need)
		}
		debating(s, DebUncommitted, c.need)
		answer(t, s, kImpulse, Papacy, "event", numValue(c.card))
		r := reformOf(s)
		if r == nil || r.By != c.by || r.Zone != c.zone || r.Left != c.n || r.PlusOne != c.plusOne || s.Debaters[mustDebater(c.need)] != DebCommitted {
			t.Fatalf("#%d: %+v", c.card, r)
		}
	}
	// the cards without a debater
	for _, c := range []struct {
		card, turn int
		counter    bool
		zone       Lang
		n          int
	}{{61, 7, true, LangEnglish, 3}, {75, 2, false, LangNone, 4}, {75, 3, true, LangNone, 4}, {90, 2, false, LangNone, 3}, {63, 5, false, LangEnglish, 3}} {
		s := impulseState(t, c.turn, France, mustCard(c.card))
		answer(t, s, kImpulse, France, "event", numValue(c.card))
		if r := reformOf(s); r == nil || r.Counter != c.counter || r.Zone != c.zone || r.Left != c.n {
			t.Fatalf("#%d on turn %d: %+v", c.card, c.turn, r)
		}
		if c.card == 90 && !s.Printing {
			t.Fatal("Printing Press: +1 die on every Reformation attempt this turn")
		}
		if c.card == 63 && len(s.Powers[England].Hand) != 2 {
			t.Fatal("Dissolution of the Monasteries: England draws 2")
		}
	}
}

// #39 Augsburg Confession commits Melanchthon and sets the turn's marker;
// #45 Calvin Expelled sends Calvin away until the next Card Draw.
func TestAugsburgAndCalvinExpelled(t *testing.T) {
	s := impulseState(t, 3, Protestant, mustCard(39))
	answer(t, s, kImpulse, Protestant, "event", "39")
	if !s.Augsburg || s.uncommitted("melanchthon") {
		t.Fatal("Augsburg Confession")
	}
	s = impulseState(t, 4, England, mustCard(45))
	if has(optionValues(t, s, "event"), "45") {
		t.Fatal("Calvin is not in Geneva yet")
	}
	s.Reformer[spGeneva] = true
	debating(s, DebUncommitted, "calvin")
	answer(t, s, kImpulse, England, "event", "45")
	if s.Reformer[spGeneva] || s.Debaters[dCalvin] != DebAway {
		t.Fatal("Calvin leaves Geneva for the turn")
	}
}

// #41 Marburg Colloquy: the Protestant commits one of Luther/Melanchthon
// and one of Zwingli/Oekolampadius; attempts = their values.
func TestMarburgColloquy(t *testing.T) {
	s := impulseState(t, 3, Hapsburg, mustCard(41))
	debating(s, DebUncommitted, "luther", "melanchthon", "oekolampadius")
	debating(s, DebCommitted, "zwingli")
	answer(t, s, kImpulse, Hapsburg, "event", "41")
	wantOwed(t, s, kCardPair, Protestant, "the Protestant picks", "luther+oekolampadius", "melanchthon+oekolampadius")
	answer(t, s, kCardPair, Protestant, "luther+oekolampadius")
	if r := reformOf(s); r == nil || r.Left != 6 || r.Zone != LangNone || s.uncommitted("luther") {
		t.Fatalf("4 + 2 attempts: %+v", r)
	}
}

// #43 Zwingli Dons Armor: the Protestant eliminates a Catholic land unit
// within 3 spaces of Zurich; Zwingli leaves the game either way.
func TestZwingliDonsArmor(t *testing.T) {
	zurich, basel := sp(t, "zurich"), sp(t, "basel")
	s := impulseState(t, 3, Papacy, mustCard(43))
	s.Reformer[zurich] = true
	debating(s, DebUncommitted, "zwingli")
	s.Spaces[basel].Units[Hapsburg] = Units{Reg: 1, Merc: 1}
	answer(t, s, kImpulse, Papacy, "event", "43")
	if s.Reformer[zurich] || s.Debaters[dZwingli] != DebRemoved {
		t.Fatal("Zwingli leaves the game")
	}
	if got := optionValues(t, s, "basel", "hapsburg"); len(got) != 2 {
		t.Fatalf("a Hapsburg regular or mercenary in Basel: %v", got)
	}
	answer(t, s, kCardKill, Protestant, "basel", "hapsburg", "m")
	if s.Spaces[basel].Units[Hapsburg] != (Units{Reg: 1}) {
		t.Fatalf("the mercenary is gone: %+v", s.Spaces[basel].Units[Hapsburg])
	}
}

// #47 Copernicus (1 VP and a card, or 2 VP with half the home spaces
// Protestant); #51 Michael Servetus (1 VP, a Protestant card discarded);
// #52 Michelangelo (2 dice to St. Peter's); #81 Indulgence Vendor (a
// Protestant card's CP to St. Peter's).
func TestVPAndStPeterCards(t *testing.T) {
	s := impulseState(t, 4, France, mustCard(47))
	answer(t, s, kImpulse, France, "event", "47", "draw")
	if s.Powers[France].BonusVP != 1 || len(s.Powers[France].Hand) != 1 {
		t.Fatal("Copernicus: 1 VP and a card")
	}
	s = impulseState(t, 4, Protestant, mustCard(47))
	for _, h := range homeSpacesOf[Protestant] {
		s.Spaces[h].Prot = true
	}
	if got := optionValues(t, s, "event", "47"); len(got) != 1 || got[0] != "vp" {
		t.Fatalf("half Protestant: 2 VP only: %v", got)
	}
	answer(t, s, kImpulse, Protestant, "event", "47", "vp")
	if s.Powers[Protestant].BonusVP != 2 {
		t.Fatal("2 VP")
	}
	s = impulseState(t, 4, Papacy, mustCard(51))
	give(s, Protestant, 79)
	answer(t, s, kImpulse, Papacy, "event", "51")
	passWindow(t, s, winEvent) // the Protestant could hold The Wartburg
	if s.Powers[Papacy].BonusVP != 1 || len(s.Powers[Protestant].Hand) != 0 || !cardIn(s.Gone, mustCard(51)) {
		t.Fatal("Servetus: 1 VP, the Protestant card discarded, the card removed")
	}
	s = impulseState(t, 4, Papacy, mustCard(52))
	s.Script = []int{3, 4}
	cp, vp := s.StPeterCP, s.StPeterVP
	answer(t, s, kImpulse, Papacy, "event", "52")
	if s.StPeterCP+5*(s.StPeterVP-vp) != cp+7 {
		t.Fatalf("Michelangelo: 7 CP to St. Peter's: %d CP %d VP", s.StPeterCP, s.StPeterVP)
	}
	s = impulseState(t, 4, Hapsburg, mustCard(81))
	give(s, Protestant, 7, 74) // Here I Stand (never taken) and Diplomatic Overture (5 CP)
	cp, vp = s.StPeterCP, s.StPeterVP
	answer(t, s, kImpulse, Hapsburg, "event", "81")
	passWindow(t, s, winEvent)
	if s.StPeterCP+5*(s.StPeterVP-vp) != cp+5 || !s.holds(Protestant, mustCard(7)) {
		t.Fatal("Indulgence Vendor takes the non-Home card: 5 CP")
	}
}

// #67 Anabaptists: the Papacy turns 2 Protestant spaces without units (no
// electorates) Catholic; #78 Frederick the Wise turns the 2 Catholic German
// spaces nearest Wittenberg Protestant and gives back The Wartburg.
func TestConversionCards(t *testing.T) {
	s := impulseState(t, 2, France, mustCard(67))
	mainz, trier, wit := sp(t, "mainz"), sp(t, "nuremberg"), spWittenberg
	for _, x := range []SpaceID{mainz, trier} {
		s.Spaces[x].Prot = true
		clearUnits(s, x)
	}
	answer(t, s, kImpulse, France, "event", "67")
	d, _ := s.top()
	got := values(s.choices(d))
	if got["mainz"] || !got["nuremberg"] || got[Spaces[wit].ID] {
		t.Fatalf("no electorate, no occupied space: %v", got)
	}
	answer(t, s, kCardSpace, Papacy, "nuremberg")
	if s.Spaces[trier].Prot {
		t.Fatal("Nuremberg is Catholic again")
	}

	s = impulseState(t, 1, Protestant, mustCard(78))
	discard(s, nWartburg)
	answer(t, s, kImpulse, Protestant, "event", "78")
	for i := 0; i < 2; i++ {
		d, _ := s.top()
		if d.Kind != kCardSpace {
			break
		}
		answer(t, s, kCardSpace, Protestant, s.choices(d)[0].Value)
	}
	if !s.holds(Protestant, mustCard(nWartburg)) {
		t.Fatal("Frederick the Wise: The Wartburg back in hand")
	}
	if !cardIn(s.Gone, mustCard(78)) {
		t.Fatal("Frederick the Wise leaves the game")
	}
}

// #56 Papal Inquisition: Caraffa committed, 2 Italian conversions, the
// Papacy sees a hand (England's here) and takes a random card from it (not
// playable this impulse), or a card from the discard pile, or a debate.
func TestPapalInquisition(t *testing.T) {
	s := impulseState(t, 5, Papacy, mustCard(56))
	debating(s, DebUncommitted, "caraffa")
	florence := sp(t, "florence")
	s.Spaces[florence].Prot = true
	give(s, England, 79)
	answer(t, s, kImpulse, Papacy, "event", "56")
	answer(t, s, kCardSpace, Papacy, "florence")
	if s.Spaces[florence].Prot || s.uncommitted("caraffa") {
		t.Fatal("Florence Catholic; Caraffa committed")
	}
	_, ev, err := (Rules{}).Apply(s, "papacy", game.NewAction(kCardOption, []string{"england"}))
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, e := range ev {
		if e.Type == "hand" && e.VisibleTo("papacy") && !e.VisibleTo("england") && strings.Contains(e.Text, "Fuggers") {
			seen = true
		}
	}
	if !seen {
		t.Fatal("the Papacy alone sees England's hand")
	}
	answer(t, s, kCardOption, Papacy, "draw")
	if !s.holds(Papacy, mustCard(79)) {
		t.Fatal("the Papacy takes Fuggers (the impulse is over: it plays it later)")
	}
}

// #58 Spanish Inquisition: the Hapsburgs see the English and Protestant
// hands and discard a card of one; they draw one; the Papacy calls a debate.
func TestSpanishInquisition(t *testing.T) {
	s := impulseState(t, 5, Hapsburg, mustCard(58))
	give(s, Protestant, 7, 79)
	give(s, England, 3)
	answer(t, s, kImpulse, Hapsburg, "event", "58")
	passWindow(t, s, winEvent)
	wantOwed(t, s, kCardDiscard, Hapsburg, "only the Protestant's Fuggers may be discarded", "protestant")
	answer(t, s, kCardDiscard, Hapsburg, "protestant", "79")
	if s.holds(Protestant, mustCard(79)) || len(s.Powers[Hapsburg].Hand) != 1 {
		t.Fatal("Fuggers discarded; the Hapsburgs drew a card")
	}
	d, _ := s.top()
	if d.Kind != kCardDebate || d.Power != Papacy || has(optionValues(t, s), "none") {
		t.Fatalf("the Papacy calls a debate: %+v", d)
	}
}

// #112 Thomas More: played by England, no English debate this turn and
// England draws then discards; played by another power, the Papacy may
// call a debate (with the card's extra dice); removed once Henry married
// Anne Boleyn.
func TestThomasMore(t *testing.T) {
	s := impulseState(t, 2, England, mustCard(112))
	answer(t, s, kImpulse, England, "event", "112")
	if !s.MoreBan || !cardIn(s.Gone, mustCard(112)) {
		t.Fatal("half A: marker; card removed")
	}
	answer(t, s, kCardDiscard, England, s.choices(top(t, s))[0].Value)
	if len(s.Powers[England].Hand) != 0 {
		t.Fatal("England drew one and discarded one")
	}
	s = impulseState(t, 2, France, mustCard(112))
	answer(t, s, kImpulse, France, "event", "112")
	wantOwed(t, s, kCardDebate, Papacy, "the Papacy may call a debate", "none", "german")
	answer(t, s, kCardDebate, Papacy, "german")
	d := s.Debate
	if d == nil {
		d = s.LastDebate
	}
	if d == nil || d.Source != SrcMore || !cardIn(s.Discard, mustCard(112)) {
		t.Fatal("a Thomas More debate; before Anne Boleyn the card is discarded")
	}
}

// #62 Book of Common Prayer: Cranmer committed, 4 attempts on English home
// spaces only; then a die: 3–4 unrest on one Catholic English home space.
func TestBookOfCommonPrayer(t *testing.T) {
	s := impulseState(t, 4, Protestant, mustCard(62))
	debating(s, DebUncommitted, "cranmer")
	s.Reformer[spLondon] = true
	answer(t, s, kImpulse, Protestant, "event", "62")
	r := s.Reform
	if r == nil || r.Left != 4 || r.HomeOnly != England+1 {
		t.Fatalf("4 attempts on English home spaces: %+v", r)
	}
	for _, sp := range s.reformTargets() {
		if Spaces[sp].Home != England {
			t.Fatalf("%s is not an English home space", Spaces[sp].Name)
		}
	}
	s.Reform, s.Stack = nil, nil
	s.Script = []int{3}
	s.run()
	d, _ := s.top()
	if d.Kind != kCardSpace || d.Power != Protestant {
		t.Fatalf("a die of 3: unrest on one Catholic English home space: %+v", d)
	}
}

// #62 Book of Common Prayer: Calais, an English home space in the French
// zone, is inside the card's target zone: a tie converts it.
func TestBookOfCommonPrayerCalais(t *testing.T) {
	s := impulseState(t, 4, Protestant, mustCard(62))
	debating(s, DebUncommitted, "cranmer")
	s.Reformer[spLondon] = true
	calais := mustSpace("calais")
	for _, e := range Spaces[calais].Edges {
		s.Spaces[e.To].Prot = true // Calais eligible
	}
	answer(t, s, kImpulse, Protestant, "event", "62")
	pn, cn := s.attemptDice(calais)
	s.Script = nil
	for range pn {
		s.Script = append(s.Script, 4)
	}
	for range cn {
		s.Script = append(s.Script, 4)
	}
	answer(t, s, kReform, Protestant, "calais")
	if !s.Spaces[calais].Prot {
		t.Fatalf("a tie in Calais (%d against %d dice) stays Catholic: %v", pn, cn, s.Reform)
	}
}
