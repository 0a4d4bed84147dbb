package his

import (
	"slices"
	"strings"
	"testing"

	"concordat/game"
)

func twoSetup(t *testing.T, seed uint64) *State {
	t.Helper()
	st, err := (Rules{}).Setup(twoCfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// The option: players=2 is the variant, anything but 2 or 6 is refused.
func TestTwoPlayerOption(t *testing.T) {
	if _, err := (Rules{}).Setup(game.Config{Options: map[string]string{"players": "7"}}, 1); err == nil || !strings.Contains(err.Error(), "players") {
		t.Fatalf("players=7: %v", err)
	}
	s := twoSetup(t, 1)
	if got := (Rules{}).Seats(s); !slices.Equal(got, []game.Seat{"papacy", "protestant"}) {
		t.Fatalf("seats %v", got)
	}
	six, _ := (Rules{}).Setup(game.Config{Options: map[string]string{"players": "6"}}, 1)
	if six.(*State).Two != nil || len((Rules{}).Seats(six)) != 6 {
		t.Fatal("players=6 is the six-player game")
	}
}

// §24.4 setup deltas, decks and the Card Draw: only the two players hold
// cards; the 49 cards are out; the diplomatic deck has #201–#212.
func TestTwoPlayerSetup(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	for p := Power(0); p < NumPowers; p++ {
		for q := Power(0); q < NumPowers; q++ {
			if s.AtWar(p, q) {
				t.Fatalf("%s and %s at war at the start", p, q)
			}
		}
	}
	for i := range s.Spaces {
		l := Spaces[i].Lang
		for q := Power(0); q < NumPowers; q++ {
			u := s.Spaces[i].Units[q]
			if l != LangGerman && l != LangItalian && u.Land() > 1 {
				t.Errorf("%s: %s has %d land units outside the German and Italian zones", Spaces[i].ID, q, u.Land())
			}
			if u.Naval() > 0 && !slices.Contains([]string{"marseille", "genoa", "naples", "venice", "rome"}, Spaces[i].ID) {
				t.Errorf("%s: %s naval units", Spaces[i].ID, q)
			}
		}
	}
	if s.Spaces[mustSpace("paris")].Units[France].Reg != 1 || s.Spaces[mustSpace("vienna")].Units[Hapsburg].Reg != 4 {
		t.Fatal("Paris reduced to 1 regular, Vienna (German zone) kept")
	}
	for _, id := range []string{"prague", "brunn", "breslau"} {
		if s.Spaces[mustSpace(id)].Ctl != Hapsburg {
			t.Errorf("%s not Hapsburg", id)
		}
	}
	for _, id := range []string{"buda", "belgrade"} {
		if sp := mustSpace(id); s.Spaces[sp].Ctl != Ottoman || s.Spaces[sp].Units[Ottoman].Reg != 1 {
			t.Errorf("%s not Ottoman with a regular", id)
		}
	}
	if s.MinorAllyOf(Hungary) != Hapsburg {
		t.Fatal("Hungary-Bohemia not a Hapsburg ally")
	}
	for i, l := range s.Leaders {
		if l.Loc >= 0 && Leaders[i].ID != "andrea_doria" {
			t.Errorf("%s on the map", Leaders[i].ID)
		}
	}
	for _, n := range twoRemoved {
		if cardIn(s.Deck, mustCard(n)) {
			t.Errorf("#%d in the deck", n)
		}
	}
	if len(s.Two.Deck) != 12 {
		t.Fatalf("diplomatic deck %d cards, want 12", len(s.Two.Deck))
	}
}

// Turn 1: each player draws a diplomatic card, nobody plays; the Diet of
// Worms takes the deck's top card for the Hapsburgs.
func TestTwoPlayerTurnOneAndDiet(t *testing.T) {
	s := twoSetup(t, 5)
	r := game.NewRNG(9)
	for s.Phase != PhaseOver {
		d, _ := s.top()
		if d.Kind == kTwoPlay {
			t.Fatal("a diplomatic card is played on Turn 1")
		}
		seat := game.Seat(s.seatOf(d.Power).String())
		a, err := RandomAction(s, seat, &r)
		if err != nil {
			t.Fatal(err)
		}
		top := -1
		if len(s.Deck) > 0 {
			top = int(s.Deck[len(s.Deck)-1])
		}
		if _, _, err := (Rules{}).Apply(s, seat, a); err != nil {
			t.Fatal(err)
		}
		if s.Diet != nil && s.Diet.Cards[1] != -1 || s.LastDiet != nil {
			for p := Power(0); p < NumMajors; p++ {
				if p == Hapsburg && s.Diet != nil {
					continue // its Diet card, committed until the reveal
				}
				if (len(s.Powers[p].Hand) > 0) != twoPlayer(p) {
					t.Errorf("%s holds %d cards", p, len(s.Powers[p].Hand))
				}
			}
			if len(s.Two.Hands[0]) != 1 || len(s.Two.Hands[1]) != 1 {
				t.Fatalf("diplomatic hands %v, want one card each", s.Two.Hands)
			}
			d := s.Diet
			if d == nil {
				d = s.LastDiet
			}
			if d.Cards[1] != top || top < 0 {
				t.Fatalf("the Hapsburg Diet card %d, want the deck's top card %d", d.Cards[1], top)
			}
			return
		}
	}
}

// Turn 2 on: the Papacy plays a diplomatic card, then the Protestant.
func TestTwoPlayerDiplomacyOrder(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 2, PhaseDiplomacy
	dipGive(s, Papacy, 208)
	dipGive(s, Protestant, 208+1)
	s.startTwoDiplomacy()
	s.run()
	if k, seat := pendingSeat(s); k != kTwoPlay || seat != Papacy {
		t.Fatalf("pending %s for %s, want the Papacy's play", k, seat)
	}
	if len(s.Two.Hands[0]) != 2 || len(s.Two.Hands[1]) != 2 {
		t.Fatalf("each draws 1: hands %v", s.Two.Hands)
	}
	playDip(t, s, Papacy, 208)
	if k, seat := pendingSeat(s); k != kTwoPlay || seat != Protestant {
		t.Fatalf("pending %s for %s, want the Protestant's play", k, seat)
	}
}

// The later cards join, reshuffled with the discards, the turn after the
// League.
func TestTwoPlayerLaterCards(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 4, PhaseAction
	s.formLeague()
	for len(s.Stack) > 0 || len(s.CardProcs) > 0 {
		s.Stack = nil
		s.CardProcs = nil
	}
	if !s.Allied(Papacy, Hapsburg) || !s.AtWar(Protestant, Hapsburg) {
		t.Fatal("the League allies the Papacy and the Hapsburgs")
	}
	s.Two.Discard = append(s.Two.Discard, s.Two.Deck[0])
	s.Two.Deck = s.Two.Deck[1:]
	s.Turn, s.Phase = 5, PhaseDiplomacy
	s.startTwoDiplomacy()
	s.run()
	n := len(s.Two.Deck) + len(s.Two.Hands[0]) + len(s.Two.Hands[1])
	if n != 19 || len(s.Two.Discard) != 0 || !s.Two.Later {
		t.Fatalf("%d diplomatic cards in deck and hands, %d discarded; want all 19 in play", n, len(s.Two.Discard))
	}
	// Winter keeps the alliance.
	s.setAlly(Papacy, Hapsburg, false)
	s.twoKeepAlliance()
	if !s.Allied(Papacy, Hapsburg) {
		t.Fatal("the alliance lasts the game")
	}
}

// Suing for peace: the war ends, the Protestant gains a War Winner VP, the
// Papacy removes 2 units. Papal Bull ends a war with France by
// excommunicating Francis I.
func TestTwoPlayerPapalPeace(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 3, PhaseDiplomacy
	s.setWar(France, Papacy, true)
	s.Spaces[spRome].Units[Papacy].Reg = 3
	s.startTwoDiplomacy()
	s.run()
	refused(t, s, kTwoPeace, Papacy, "not a legal choice", "sue:protestant")
	seatAnswer(t, s, kTwoPeace, Papacy, "sue:france")
	seatAnswer(t, s, kTwoLoss, Papacy, "rome", "r")
	seatAnswer(t, s, kTwoLoss, Papacy, "rome", "r")
	if s.AtWar(France, Papacy) || s.Powers[Protestant].WarVP != 1 || s.Spaces[spRome].Units[Papacy].Reg != 1 {
		t.Fatalf("war %v, Protestant war VP %d, Rome %+v", s.AtWar(France, Papacy), s.Powers[Protestant].WarVP, s.Spaces[spRome].Units[Papacy])
	}
	s = NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 3, PhaseDiplomacy
	s.setWar(France, Papacy, true)
	give(s, Papacy, 5)
	s.startTwoDiplomacy()
	s.run()
	hand := len(s.Powers[Papacy].Hand)
	seatAnswer(t, s, kTwoPeace, Papacy, "bull:france", "card")
	if s.AtWar(France, Papacy) || s.ExRulers&bit(France) == 0 || len(s.Powers[Papacy].Hand) != hand {
		t.Fatal("Papal Bull: peace, Francis I excommunicated, the Bull spent and a card drawn")
	}
}

// Action Phase: Papacy then Protestant; two passes end it; a player may
// spend a card's CP on a power at war with its opponent, for its moves,
// naval moves, assaults and control actions only.
func TestTwoPlayerImpulsesAndDirection(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn = 2
	if s.firstImpulse() != Papacy || s.nextImpulse(Papacy) != Protestant || s.nextImpulse(Protestant) != Papacy || s.passesToEnd() != 2 {
		t.Fatal("impulse order")
	}
	s.setWar(France, Papacy, true)
	give(s, Protestant, 65)
	ch := s.impulseChoices(Protestant)
	i := slices.IndexFunc(ch, func(c game.Choice) bool { return c.Value == "direct" })
	if i < 0 || ch[i].Next[0].Value != "france" {
		t.Fatalf("no direct-France option: %+v", ch)
	}
	if slices.ContainsFunc(s.impulseChoices(Papacy), func(c game.Choice) bool { return c.Value == "direct" }) {
		t.Fatal("the Papacy may not direct France, at war with it")
	}
	s.Phase = PhaseAction
	s.Impulse = Protestant
	s.push(kImpulse, Protestant)
	seatAnswer(t, s, kImpulse, Protestant, "direct", "france", "65")
	if s.Act == nil || s.Act.Power != France || s.Act.CP != 4 {
		t.Fatalf("act %+v, want France with 4 CP", s.Act)
	}
	d, _ := s.top()
	if d.Kind != kAction || s.seatOf(d.Power) != Protestant {
		t.Fatalf("pending %+v", d)
	}
	for _, c := range s.actionChoices(France) {
		if c.Value != "done" && !directedActions[c.Value] {
			t.Errorf("a directed power is offered %s", c.Value)
		}
	}
	refused(t, s, kAction, Protestant, "not a legal choice", "regular", "paris")
	refused(t, s, kAction, Papacy, "owes the decision", "done")
}

// The restricted map: control changes only in the German and Italian zones,
// Metz and Liège; the players' units stay in those zones; the others leave
// them only for spaces they control or independent ones.
func TestTwoPlayerRestrictedMap(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	for _, c := range []struct {
		id    string
		fixed bool
	}{{"paris", true}, {"metz", false}, {"liege", false}, {"vienna", false}, {"rome", false}, {"london", true}, {"buda", true}} {
		if s.twoFixed(mustSpace(c.id)) != c.fixed {
			t.Errorf("%s fixed %v, want %v", c.id, !c.fixed, c.fixed)
		}
	}
	if !s.twoBarred(Papacy, mustSpace("lyon")) || s.twoBarred(Papacy, mustSpace("florence")) {
		t.Fatal("Papal units never leave the German and Italian zones")
	}
	if s.twoBarred(France, mustSpace("lyon")) || !s.twoBarred(France, mustSpace("barcelona")) || s.twoBarred(France, mustSpace("florence")) {
		t.Fatal("French units: own spaces and the zones yes, Hapsburg Spain no")
	}
	s.setWar(France, Hapsburg, true)
	if s.canEnter(France, mustSpace("barcelona"), true) {
		t.Fatal("canEnter lets France into a Hapsburg space outside the zones")
	}
}

// Winter: the French, Hapsburg and Ottoman leaders leave; a regular in Rome
// only.
func TestTwoPlayerWinter(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn = 2
	cv, _ := LeaderByID("charles_v")
	s.putLeader(cv, int(mustSpace("vienna")))
	paris := mustSpace("paris")
	rome0, paris0 := s.Spaces[spRome].Units[Papacy].Reg, s.Spaces[paris].Units[France].Reg
	s.StartWinter()
	for s.Winter != nil && len(s.Stack) > 0 {
		d, _ := s.top()
		seatAnswer(t, s, d.Kind, s.seatOf(d.Power), firstPath(s.choices(d))...)
	}
	if s.Leaders[cv].Loc != OffMap {
		t.Fatal("Charles V stays on the map in Winter")
	}
	if s.Spaces[spRome].Units[Papacy].Reg != rome0+1 || s.Spaces[paris].Units[France].Reg != paris0 {
		t.Fatalf("Rome %d (from %d), Paris %d (from %d): a regular in Rome only", s.Spaces[spRome].Units[Papacy].Reg, rome0, s.Spaces[paris].Units[France].Reg, paris0)
	}
}

// Victory: only the players; Domination with an 8 VP lead from Turn 4.
func TestTwoPlayerVictory(t *testing.T) {
	for _, c := range []struct {
		turn, pa, pr int
		over         bool
		winner       Power
	}{{4, 20, 12, true, Papacy}, {4, 20, 13, false, NoPower}, {3, 20, 10, false, NoPower}, {5, 25, 20, true, Papacy}, {9, 15, 16, true, Protestant}} {
		s := NewState1517(Ed500, 3)
		s.setupTwo()
		s.Turn = c.turn
		var vp [NumMajors]int
		vp[Papacy], vp[Protestant], vp[Hapsburg] = c.pa, c.pr, 40
		s.VPHistory = append(s.VPHistory, vp)
		if over := s.twoVictory(vp); over != c.over || over && s.Winners[0] != c.winner {
			t.Errorf("turn %d %d–%d: over %v winners %v (%s)", c.turn, c.pa, c.pr, over, s.Winners, s.Result)
		}
	}
}

// England's timetable: Anne Boleyn on Turn 4, Edward VI's card on Turn 6,
// Mary I's the turn Edward VI rules.
func TestTwoPlayerEngland(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn = 4
	s.twoCardDraw()
	if s.Marital != 2 || s.AnneTurn != 4 {
		t.Fatal("Henry VIII marries Anne Boleyn on Turn 4")
	}
	s.Turn = 6
	s.twoCardDraw()
	if !cardIn(s.Deck, mustCard(19)) || cardIn(s.Deck, mustCard(21)) {
		t.Fatal("Edward VI joins on Turn 6, not Mary I")
	}
	if !slices.Contains(s.overdueEvents(), struct{ card, turn int }{19, 7}) || slices.Contains(s.overdueEvents(), struct{ card, turn int }{9, 3}) {
		t.Fatal("overdue: Edward VI on Turn 7, no Barbary Pirates")
	}
}

// A seat sees its own diplomatic cards, only the number of the other's.
func TestTwoPlayerView(t *testing.T) {
	s := dipState(t, 2, false, []int{208}, []int{209})
	pv := s.view("papacy").TwoPlayer
	xv := s.view("protestant").TwoPlayer
	if len(pv.Hand) != 1 || pv.HandSizes["protestant"] != 1 || len(xv.Hand) != 1 || xv.Hand[0].Number != 209 {
		t.Fatalf("views %+v %+v", pv, xv)
	}
	for _, c := range pv.Hand {
		if c.Number == 209 {
			t.Fatal("the Papacy sees the Protestant's card")
		}
	}
	if s.view("").TwoPlayer.Hand != nil {
		t.Fatal("a spectator sees a hand")
	}
}

// Modified cards: Dissolution of the Monasteries discards a random Papal
// card instead of England's draw; Charles Bourbon only in the German and
// Italian zones.
func TestTwoPlayerModifiedCards(t *testing.T) {
	s := NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase = 5, PhaseAction
	give(s, Papacy, 24)
	give(s, Protestant, 63)
	s.playEvent(Protestant, mustCard(63), nil)
	if s.holds(Papacy, mustCard(24)) || !cardIn(s.Discard, mustCard(24)) || len(s.Powers[England].Hand) != 0 {
		t.Fatal("Dissolution: the Papal card is discarded, England draws nothing")
	}
	if s.Reform == nil || s.Reform.Zone != LangEnglish {
		t.Fatal("Dissolution: the 3 English attempts remain")
	}
	s = NewState1517(Ed500, 3)
	s.setupTwo()
	s.Turn, s.Phase, s.League = 5, PhaseAction, true
	for _, ch := range eventDefs[70].choices(s, Papacy) {
		if l := Spaces[mustSpace(ch.Value)].Lang; l != LangGerman && l != LangItalian {
			t.Errorf("Charles Bourbon offered in %s", ch.Value)
		}
	}
	if len(eventDefs[70].choices(s, Papacy)) == 0 {
		t.Fatal("Charles Bourbon: no Papal space offered")
	}
}

// Winter: a French stack never goes to Paris in the 2-player game (only to
// the nearest fortified space); over the 4-unit limit the excess, which
// would have to go to the capital, is eliminated.
func TestTwoPlayerWinterNoCapital(t *testing.T) {
	from := mustSpace("st_dizier")
	paris := mustSpace("paris")
	six := NewState1517(Ed500, 3)
	if !slices.Contains(six.winterDests(from, France, France, false), paris) {
		t.Fatal("six players: Paris is a destination")
	}
	two := NewState1517(Ed500, 3)
	two.setupTwo()
	ds := two.winterDests(from, France, France, false)
	if slices.Contains(ds, paris) || len(ds) == 0 {
		t.Fatalf("2-player: %v, want the nearest fortified spaces, not Paris", ds)
	}
	if len(two.winterDests(from, France, France, true)) != 0 {
		t.Fatal("2-player: the excess has nowhere to go")
	}
}

// Mary I (2-player): after a Protestant impulse the Papacy rolls; on 5–6 it
// draws a card and acts in the English zone by its CP (3 CP: a debate; 4+:
// Burn Books and a debate); on 1–4 nothing. Never twice for one impulse,
// never after a Papal impulse.
func TestTwoPlayerMaryI(t *testing.T) {
	for _, c := range []struct {
		die, card   int
		burn, debat bool
	}{{4, 0, false, false}, {6, 39, true, true}, {5, 43, false, true}} {
		s := NewState1517(Ed500, 3)
		s.setupTwo()
		s.Turn, s.Phase = 8, PhaseAction
		for i, r := range Rulers {
			if r.Name == "Mary I" {
				s.Powers[England].Ruler = i
			}
		}
		s.Spaces[spLondon].Prot = true
		s.Impulse, s.Impulses = Papacy, 3
		if s.twoMary() {
			t.Fatal("a roll after a Papal impulse")
		}
		s.Impulse = Protestant
		if c.card > 0 {
			k := mustCard(c.card)
			s.takeOut(k)
			s.Deck = append(s.Deck, uint8(k))
		}
		s.Script = []int{c.die}
		if !s.twoMary() || s.twoMary() {
			t.Fatal("one roll per Protestant impulse")
		}
		if got := s.Reform != nil || len(s.Stack) > 0; got != c.burn {
			t.Errorf("die %d card #%d: Burn Books %v, want %v", c.die, c.card, got, c.burn)
		}
		if s.MaryDebate != c.debat {
			t.Errorf("die %d card #%d: debate %v, want %v", c.die, c.card, s.MaryDebate, c.debat)
		}
	}
}

// Combat cards for a directed power: in France's battle against the Papacy
// the Protestant (directing France) declares from its own hand; not
// Landsknechts or Swiss Mercenaries.
func TestTwoPlayerDirectedCombatCards(t *testing.T) {
	paris, stdz := mustSpace("paris"), mustSpace("st_dizier")
	s := landState(t, France, 2)
	s.setupTwo()
	s.War = [NumPowers]uint16{}
	s.setWar(France, Papacy, true)
	clearUnits(s, paris, stdz)
	s.Spaces[paris].Units[France] = Units{Reg: 3}
	s.Spaces[stdz].Units[Papacy] = Units{Reg: 3}
	s.League = true
	give(s, Protestant, nArquebusiers, 33)
	seatAnswer(t, s, kAction, Protestant, "move", "paris", "none", "st_dizier", "3:0:0")
	for range 20 {
		d, _ := s.top()
		if d.Kind == windowKinds[winCombat] && d.Power == France {
			break
		}
		v := "pass"
		if d.Kind == kAvoid {
			v = "no"
		}
		if d.Kind == windowKinds[winBattle] && d.Power == France && slices.ContainsFunc(s.windowChoices(s.Window, France), func(c game.Choice) bool { return c.Value == "33" }) {
			t.Fatal("Landsknechts offered for a directed power")
		}
		seatAnswer(t, s, d.Kind, s.seatOf(d.Power), v)
	}
	d, _ := s.top()
	if d.Kind != windowKinds[winCombat] || d.Power != France || s.seatOf(France) != Protestant {
		t.Fatalf("pending %+v, want France's combat window for the Protestant", d)
	}
	seatAnswer(t, s, windowKinds[winCombat], Protestant, "24")
	if s.holds(Protestant, mustCard(nArquebusiers)) || !cardIn(s.Discard, mustCard(nArquebusiers)) {
		t.Fatal("Arquebusiers did not leave the Protestant's hand")
	}
}
