package his

import (
	"testing"

	"concordat/game"
)

// diploState starts the Diplomacy Phase of a turn after the first, with
// cards dealt.
func diploState(t *testing.T, ed Edition, turn int) *State {
	s := NewState1517(ed, 5)
	s.Turn = turn
	s.cardDraw()
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	s.run()
	return s
}

// announceDone lets every power before p announce nothing.
func announceDone(t *testing.T, s *State, until Power) {
	t.Helper()
	for {
		d, _ := s.top()
		if d.Kind != kAnnounce || d.Power == until {
			return
		}
		announce(t, s, d.Power, Deal{Done: true})
	}
}

func announce(t *testing.T, s *State, p Power, deal Deal) error {
	t.Helper()
	_, _, err := (Rules{}).Apply(s, game.Seat(p.String()), game.NewAction(kAnnounce, deal))
	return err
}

func mustAnnounce(t *testing.T, s *State, p Power, items ...Item) {
	t.Helper()
	if err := announce(t, s, p, Deal{Items: items}); err != nil {
		t.Fatal(err)
	}
}

func peaceAndAlliance(a, b string) []Item {
	return []Item{{Type: "alliance", A: a, B: b}, {Type: "peace", A: a, B: b}}
}

func TestDealConfirmedTakesEffect(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	mustAnnounce(t, s, France, peaceAndAlliance("france", "papacy")...)
	if !s.AtWar(France, Papacy) {
		t.Fatal("nothing changes before the Papacy confirms")
	}
	answer(t, s, kConfirm, Papacy, "confirm")
	if s.AtWar(France, Papacy) || !s.Allied(France, Papacy) {
		t.Error("peace and alliance take effect at once when confirmed")
	}
	if d, _ := s.top(); d.Kind != kAnnounce || d.Power != France {
		t.Errorf("France may announce again, have %+v", d)
	}
}

func TestDealRejectedChangesNothing(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	hand := len(s.Powers[France].Hand)
	mustAnnounce(t, s, France, append(peaceAndAlliance("france", "papacy"), Item{Type: "cards", From: "papacy", To: "france", N: 1})...)
	answer(t, s, kConfirm, Papacy, "reject")
	if !s.AtWar(France, Papacy) || s.Allied(France, Papacy) || len(s.Powers[France].Hand) != hand {
		t.Error("a rejected package has no effect")
	}
	// Three parties: all later ones must confirm; one rejection voids it.
	s = diploState(t, Ed500, 2)
	announceDone(t, s, Hapsburg)
	hand = len(s.Powers[Papacy].Hand)
	mustAnnounce(t, s, Hapsburg, Item{Type: "alliance", A: "hapsburg", B: "england"}, Item{Type: "cards", From: "hapsburg", To: "papacy", N: 1})
	answer(t, s, kConfirm, England, "confirm")
	answer(t, s, kConfirm, Papacy, "reject")
	if s.Allied(Hapsburg, England) || len(s.Powers[Papacy].Hand) != hand {
		t.Error("a package takes effect only when every party confirms")
	}
}

// Ruling D1: in the 500th edition only parties later in Impulse Order
// confirm; in the 2010 edition (seed 001) every party does.
func TestEditionConfirmation(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, Papacy)
	mustAnnounce(t, s, Papacy, peaceAndAlliance("france", "papacy")...)
	if s.AtWar(France, Papacy) || !s.Allied(France, Papacy) {
		t.Error("500th: France comes earlier and does not confirm; the deal takes effect")
	}
	s = diploState(t, Ed2010, 2)
	announceDone(t, s, Papacy)
	mustAnnounce(t, s, Papacy, peaceAndAlliance("france", "papacy")...)
	if !s.AtWar(France, Papacy) {
		t.Fatal("2010: France must confirm first")
	}
	answer(t, s, kConfirm, France, "confirm")
	if s.AtWar(France, Papacy) {
		t.Error("2010: confirmed by France, the deal takes effect")
	}
}

func TestDealValidation(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	bad := [][]Item{
		{{Type: "alliance", A: "france", B: "papacy"}},         // at war, no peace in the deal
		{{Type: "alliance", A: "papacy", B: "ottoman"}},        // never
		{{Type: "peace", A: "england", B: "hapsburg"}},         // not a party; not at war
		{{Type: "cards", From: "france", To: "england", N: 3}}, // at most 2
		{{Type: "mercs", From: "france", To: "ottoman", Take: map[string]int{"paris": 1}, Dest: "istanbul"}},
		{{Type: "cede", From: "france", To: "england", Space: "paris"}},           // own capital
		{{Type: "loan", From: "france", To: "england", Space: "marseille", N: 1}}, // no alliance formed now
		{{Type: "divorce"}, {Type: "alliance", A: "france", B: "england"}},        // France not in divorce; Henry has not asked
		{{Type: "peace", A: "france", B: "hapsburg"}, {Type: "cards", From: "france", To: "hapsburg", N: 2}, {Type: "mercs", From: "france", To: "hapsburg", Take: map[string]int{"paris": 5}, Dest: "vienna"}},
	}
	before, _ := (Rules{}).Marshal(s)
	for _, items := range bad {
		if err := announce(t, s, France, Deal{Items: items}); err == nil {
			t.Errorf("deal %v accepted", items)
		}
	}
	after, _ := (Rules{}).Marshal(s)
	if string(before) != string(after) {
		t.Error("refused announcements changed the state")
	}
}

// Ruling D2: the 500th edition cedes only home spaces of either party,
// independent spaces, or a minor's spaces to its ally; the 2010 edition
// anything but one's capital and an allied minor's home keys.
func TestEditionCession(t *testing.T) {
	for _, ed := range []Edition{Ed500, Ed2010} {
		s := diploState(t, ed, 2)
		announceDone(t, s, France)
		navarre := sp(t, "navarre")
		s.Spaces[navarre].Ctl = France // a Hapsburg home space France holds
		s.Spaces[navarre].Units[Hapsburg] = Units{}
		err := announce(t, s, France, Deal{Items: []Item{{Type: "cede", From: "france", To: "england", Space: "navarre"}}})
		if (err == nil) != (ed == Ed2010) {
			t.Errorf("%s: ceding a third power's home space: %v", ed, err)
		}
	}
}

func TestCessionDisplacesUnits(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, Hapsburg)
	milan := sp(t, "milan")
	mustAnnounce(t, s, Hapsburg, Item{Type: "cede", From: "france", To: "hapsburg", Space: "milan"}, Item{Type: "peace", A: "france", B: "hapsburg"})
	answer(t, s, kConfirm, France, "confirm")
	// §12.5: the nearest fortified French space (Lyon, 3 spaces away) or
	// the capital, Paris: France chooses.
	wantOwed(t, s, kDisplace, France, "French units leave Milan", "paris", "lyon")
	answer(t, s, kDisplace, France, "lyon")
	if s.Spaces[milan].Ctl != Hapsburg || s.Spaces[milan].Units[France].Reg != 0 || s.AtWar(France, Hapsburg) {
		t.Fatal("Milan ceded, French units gone, peace")
	}
	total := 0
	for i := range s.Spaces {
		total += int(s.Spaces[i].Units[France].Reg)
	}
	if total != 4+1+2+1+1+2 {
		t.Errorf("France has %d regulars on the map; the 2 displaced from Milan must survive", total)
	}
	if s.CededHome[France] != 0 {
		t.Error("Milan is not a French home space")
	}
}

func TestCardDrawsOneWay(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, England)
	eh, fh := len(s.Powers[England].Hand), len(s.Powers[France].Hand)
	mustAnnounce(t, s, England, Item{Type: "cards", From: "england", To: "france", N: 2})
	answer(t, s, kConfirm, France, "confirm")
	if len(s.Powers[England].Hand) != eh-2 || len(s.Powers[France].Hand) != fh+2 {
		t.Fatal("two random cards change hands")
	}
	if !s.holds(England, mustCard(3)) {
		t.Error("the Home card is never drawn")
	}
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "cards", From: "france", To: "england", N: 1}}}); err == nil {
		t.Error("draws flow one way per pair and turn")
	}
}

func TestMercenaryTransfer(t *testing.T) {
	s := diploState(t, Ed500, 2)
	lyon := sp(t, "lyon")
	s.Spaces[lyon].Units[France].Merc = 3
	announceDone(t, s, England)
	mustAnnounce(t, s, England, Item{Type: "mercs", From: "france", To: "england", Take: map[string]int{"lyon": 2}, Dest: "london"})
	answer(t, s, kConfirm, France, "confirm")
	if s.Spaces[lyon].Units[France].Merc != 1 || s.Spaces[sp(t, "london")].Units[England].Merc != 2 {
		t.Error("2 mercenaries change sides into London")
	}
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "mercs", From: "england", To: "france", Take: map[string]int{"london": 1}, Dest: "paris"}}}); err == nil {
		t.Error("mercenaries flow one way per pair and turn")
	}
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "mercs", From: "england", To: "protestant", Take: map[string]int{"london": 1}, Dest: "wittenberg"}}}); err == nil {
		t.Error("the Protestant gains no mercenaries before the League")
	}
}

func TestLoanAndRelease(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, England)
	mont, _ := LeaderByID("montmorency")
	s.Leaders[mont] = LeaderState{Loc: OffMap, Captor: England}
	mustAnnounce(t, s, England,
		Item{Type: "alliance", A: "england", B: "france"},
		Item{Type: "loan", From: "france", To: "england", Space: "rouen", N: 1, Dest: "portsmouth"},
		Item{Type: "release", From: "england", Leader: "montmorency"})
	answer(t, s, kConfirm, France, "confirm")
	if s.Spaces[sp(t, "rouen")].Units[France].Sq != 0 || s.Spaces[sp(t, "portsmouth")].Units[England].Sq != 2 || len(s.Loans) != 1 {
		t.Error("the Rouen squadron is lent to England and sails to Portsmouth")
	}
	if s.Leaders[mont].Captor != NoPower || s.Leaders[mont].Loc != int(sp(t, "paris")) {
		t.Error("Montmorency returns to Paris")
	}
}

func TestDivorceAndRescind(t *testing.T) {
	s := diploState(t, Ed500, 2)
	s.Marital = 1
	s.Powers[France].MinusOne, s.Powers[France].ExcomOn = true, 1
	announceDone(t, s, Papacy)
	mustAnnounce(t, s, Papacy, Item{Type: "divorce"}, Item{Type: "rescind", Power: "france"})
	if s.Marital != 2 || !s.Catherine || !s.Divorce || s.Powers[France].MinusOne || s.Pregnancy == 0 {
		t.Error("divorce: Anne Boleyn, pregnancy roll, Catherine marker; France's excommunication lifted")
	}
	if err := announce(t, s, Papacy, Deal{Items: []Item{{Type: "alliance", A: "papacy", B: "hapsburg"}}}); err == nil {
		t.Error("after the divorce the Papacy may not ally with the Hapsburgs this turn")
	}
}

func TestSueForPeace(t *testing.T) {
	s := NewState1517(Ed500, 5)
	s.Turn = 2
	s.cardDraw()
	lyon, dijon, grenoble, navarre := sp(t, "lyon"), sp(t, "dijon"), sp(t, "grenoble"), sp(t, "navarre")
	for _, x := range []SpaceID{lyon, dijon, grenoble} {
		s.Spaces[x].Ctl = Hapsburg
	}
	s.Spaces[lyon].Units[France] = Units{}
	s.Spaces[navarre].Ctl = France
	s.Spaces[navarre].Units[Hapsburg] = Units{}
	ferd, _ := LeaderByID("francis_i")
	s.Leaders[ferd] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	s.run()
	announceDone(t, s, NumMajors)
	// Peace segment: the Hapsburgs (France holds Navarre) may sue first.
	answer(t, s, kSue, Hapsburg, "none")
	// France sues the Hapsburgs.
	opts := (Rules{}).Legal(s, "france")
	if opts.Kind != kSue || len(opts.Choices) != 2 || opts.Choices[1].Value != "hapsburg" {
		t.Fatalf("France may sue the Hapsburgs: %+v", opts)
	}
	hapHand, fraHand := len(s.Powers[Hapsburg].Hand), len(s.Powers[France].Hand)
	answer(t, s, kSue, France, "hapsburg")
	if s.Powers[Hapsburg].WarVP != 1 || s.Spaces[navarre].Ctl != Hapsburg {
		t.Error("step 2: 1 War Winner VP; step 3: Navarre back to the Hapsburgs")
	}
	answer(t, s, kPeaceRemove, France, "paris/regular")
	answer(t, s, kPeaceRemove, France, "rouen/squadron")
	// Buy-backs in order: Lyon (key), Francis I (leader), Dijon + Grenoble (pair).
	answer(t, s, kPeaceBuy, France, "vp")
	answer(t, s, kPeaceBuy, France, "card")
	answer(t, s, kPeaceBuy, France, "no")
	if s.Spaces[lyon].Ctl != France || s.Leaders[ferd].Loc != int(sp(t, "paris")) || s.Spaces[dijon].Ctl != Hapsburg {
		t.Error("Lyon and Francis I bought back; Dijon and Grenoble not")
	}
	if s.Powers[Hapsburg].WarVP != 2 || len(s.Powers[Hapsburg].Hand) != hapHand+1 || len(s.Powers[France].Hand) != fraHand-1 {
		t.Error("payments: 1 more VP marker and 1 random card")
	}
	if s.AtWar(France, Hapsburg) {
		t.Error("step 8: the war ends")
	}
	if s.Spaces[sp(t, "paris")].Units[France].Reg != 3 || s.Spaces[sp(t, "rouen")].Units[France].Sq != 0 {
		t.Error("step 4: two French units removed")
	}
}

func TestRansomExcommunicationAndWar(t *testing.T) {
	s := NewState1517(Ed500, 5)
	s.Turn = 2
	s.cardDraw()
	mont, _ := LeaderByID("montmorency")
	s.Leaders[mont] = LeaderState{Loc: OffMap, Captor: England}
	s.Powers[France].MinusOne, s.Powers[France].ExcomOn = true, 1
	// Give England enough CP to declare war.
	s.Powers[England].Hand = append(s.Powers[England].Hand, uint8(mustCard(75)), uint8(mustCard(76)))
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	s.run()
	announceDone(t, s, NumMajors)
	eng := len(s.Powers[England].Hand)
	answer(t, s, kRansom, France, "yes")
	if s.Leaders[mont].Captor != NoPower || len(s.Powers[England].Hand) != eng+1 {
		t.Error("ransom: England draws a French card, Montmorency goes home")
	}
	answer(t, s, kExcom, France, "yes")
	if s.Powers[France].MinusOne || s.StPeterCP == 0 && s.StPeterVP == 0 {
		t.Error("France pays a card: excommunication lifted, St. Peter's advances by its CP")
	}
	// War segment: powers in order; England declares on Scotland; France intervenes.
	for {
		d, _ := s.top()
		if d.Kind == kWar && d.Power == England {
			break
		}
		answer(t, s, d.Kind, d.Power, "done")
	}
	opts := (Rules{}).Legal(s, "england")
	has := map[string]bool{}
	for _, c := range opts.Choices {
		has[c.Value] = true
	}
	if !has["scotland"] || !has["france"] || has["venice"] || has["hungary"] || has["protestant"] {
		t.Fatalf("England's targets: %v", has)
	}
	answer(t, s, kWar, England, "scotland")
	answer(t, s, kIntervene, France, "yes")
	if s.MinorAllyOf(Scotland) != France || !s.AtWar(England, France) || !s.Phony[England] || s.AtWar(England, Scotland) != true {
		t.Error("French intervention: Scotland a French ally, France at war with England, Phony War marker")
	}
	answer(t, s, kWar, England, "done")
	for {
		d, ok := s.top()
		if !ok || d.Kind != kWar {
			break
		}
		answer(t, s, kWar, d.Power, "done")
	}
	// Payment: England owes 1 CP, France 2.
	for _, p := range []Power{England, France} {
		for s.Diplo != nil && s.Diplo.Paid[p] < s.Diplo.Cost[p] {
			opts := (Rules{}).Legal(s, game.Seat(p.String()))
			answer(t, s, kPay, p, opts.Choices[0].Value)
		}
	}
	if s.Phase != PhaseSpring {
		t.Errorf("after paying, Spring Deployment begins; phase %s", s.Phase)
	}
}

// Turn 1 (§7, D6): England alone announces, its partner (the Hapsburgs or
// France) confirms even though the Hapsburgs come earlier in Impulse Order;
// no other segment follows.
func TestTurnOneDiplomacy(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 11)
	s := st.(*State)
	throughTheses(t, s)
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "alliance", A: "england", B: "papacy"}}}); err == nil {
		t.Error("on turn 1 England deals only with the Hapsburgs and France")
	}
	mustAnnounce(t, s, England, Item{Type: "alliance", A: "england", B: "hapsburg"})
	answer(t, s, kConfirm, Hapsburg, "confirm")
	if !s.Allied(England, Hapsburg) {
		t.Error("the confirmed alliance takes effect")
	}
	mustAnnounce(t, s, England, Item{Type: "cards", From: "england", To: "france", N: 1})
	answer(t, s, kConfirm, France, "reject")
	announce(t, s, England, Deal{Done: true})
	if d, _ := s.top(); s.Phase != PhaseDiet || d.Kind != kDiet || d.Power != Protestant {
		t.Errorf("after England is done the Diet of Worms follows: phase %s, %+v", s.Phase, d)
	}
}

func TestLoanOnlyWithTheAlliance(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, England)
	mustAnnounce(t, s, England, Item{Type: "alliance", A: "england", B: "france"})
	answer(t, s, kConfirm, France, "confirm")
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "loan", From: "france", To: "england", Space: "rouen", N: 1, Dest: "portsmouth"}}}); err == nil {
		t.Error("a loan must be declared together with the alliance")
	}
	if err := announce(t, s, England, Deal{Items: []Item{{Type: "alliance", A: "england", B: "france"}, {Type: "loan", From: "france", To: "protestant", Space: "rouen", N: 1}}}); err == nil {
		t.Error("never to the Protestant")
	}
}

func TestAdvanceTakesDefaults(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 4)
	s := st.(*State)
	advance := func(n int) {
		for i := 0; i < n; i++ {
			if _, _, err := rules.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
				t.Fatal(err)
			}
		}
	}
	advance(5) // the 95 Theses: the first target each time
	advance(1)
	if s.Phase != PhaseDiet {
		t.Fatalf("Advance on England's announcement means done: phase %s", s.Phase)
	}
	for i := 0; i < 30 && (s.Phase == PhaseDiet || s.Phase == PhaseSpring); i++ {
		advance(1) // the first card of each hand; the first flips; no deployment
	}
	if s.Phase != PhaseAction {
		t.Fatalf("after the Diet of Worms and Spring Deployment, the Action Phase: %s", s.Phase)
	}
	// Defaults play each power's cards for CP (a power may not pass while it
	// holds its Home card or more cards than its ruler's administrative
	// rating), spend nothing, and then pass: six passes in a row end the phase.
	for i := 0; i < 200 && s.Phase == PhaseAction; i++ {
		if s.Passes == 5 && s.Turn != 1 {
			t.Fatalf("five passes on turn %d", s.Turn)
		}
		advance(1)
	}
	if s.Phase != PhaseWinter || s.Passes != NumMajors {
		t.Fatalf("six passes end the Action Phase: phase %s, %d passes", s.Phase, s.Passes)
	}
	for i := 0; i < 10 && s.Phase == PhaseWinter; i++ {
		advance(1) // each power declines its optional winter moves
	}
	if s.Turn != 2 || s.Phase != PhaseDiplomacy || s.LastWinter == nil {
		t.Errorf("six passes end the Action Phase; Winter; turn 2 Diplomacy: turn %d phase %s", s.Turn, s.Phase)
	}
	if _, _, err := rules.Apply(st, game.System, game.NewAction("impulse", []string{"pass"})); err == nil {
		t.Error("System may only Advance")
	}
}

// The divorce starts the English Reformation the next turn (§21.3, A4):
// Cranmer enters London with his debaters and the Anne Boleyn cards.
func TestDivorceStartsEnglishReformation(t *testing.T) {
	s := diploState(t, Ed500, 2)
	s.Marital = 1
	announceDone(t, s, Papacy)
	mustAnnounce(t, s, Papacy, Item{Type: "divorce"})
	if s.AnneTurn != 2 {
		t.Fatalf("married on turn %d", s.AnneTurn)
	}
	s.Turn = 3
	s.cardDraw()
	if !s.Reformer[spLondon] || !s.Spaces[spLondon].Prot {
		t.Error("Cranmer enters London, which turns Protestant")
	}
	for _, id := range []string{"cranmer", "coverdale", "latimer"} {
		if s.Debaters[deb(id)] != DebUncommitted {
			t.Errorf("%s enters on turn 3 with the reformer (A4)", id)
		}
	}
	found := 0
	for _, c := range append(append([]uint8(nil), s.Deck...), allHands(s)...) {
		switch Cards[c].Number {
		case 62, 63, 64:
			found++
		}
	}
	if found != 3 {
		t.Errorf("%d of the three Anne Boleyn cards joined the deck", found)
	}
	if err := s.StartDebate(Papacy, LangEnglish, SrcAction); err != nil {
		t.Errorf("English debates are now possible: %v", err)
	}
}

func allHands(s *State) []uint8 {
	var out []uint8
	for p := range s.Powers {
		out = append(out, s.Powers[p].Hand...)
	}
	return out
}
