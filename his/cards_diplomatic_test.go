package his

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"concordat/game"
)

// dipState is a 2-player game in the Diplomacy Phase of turn, the Papacy
// about to play its diplomatic card, the Papacy holding the diplomatic
// cards pap and the Protestant prot (printed numbers). With league the
// Schmalkaldic League has formed (and the later cards are in the deck).
func dipState(t *testing.T, turn int, league bool, pap, prot []int) *State {
	t.Helper()
	s := NewState1517(Ed500, 7)
	s.setupTwo()
	s.Turn, s.Phase = turn, PhaseDiplomacy
	if league {
		s.League = true
		s.setWar(Protestant, Hapsburg, true)
		s.setWar(Protestant, Papacy, true)
		s.twoLeague()
		s.Two.Later = true
		for i, c := range Cards {
			if c.Diplo && c.Number >= 213 {
				s.Two.Deck = append(s.Two.Deck, uint8(i))
			}
		}
	}
	s.startTwoDiplomacy()
	s.Two.Step = tsPapal
	dipGive(s, Papacy, pap...)
	dipGive(s, Protestant, prot...)
	s.run()
	return s
}

// dipGive puts diplomatic cards (printed numbers) in p's diplomatic hand.
func dipGive(s *State, p Power, numbers ...int) {
	t := s.Two
	for _, n := range numbers {
		c := mustCard(n)
		t.Deck = withoutCard(t.Deck, c)
		t.Discard = withoutCard(t.Discard, c)
		t.Hands[twoIdx(p)] = append(t.Hands[twoIdx(p)], uint8(c))
	}
}

// seatAnswer answers the pending decision of kind as seat (the player
// directing the power that owes it).
func seatAnswer(t *testing.T, s *State, kind string, seat Power, path ...string) {
	t.Helper()
	d, ok := s.top()
	if !ok || d.Kind != kind || s.seatOf(d.Power) != seat {
		t.Fatalf("want %s owed by %s's seat, have %+v (seat %s)", kind, seat, d, s.seatOf(d.Power))
	}
	if _, _, err := (Rules{}).Apply(s, game.Seat(seat.String()), game.NewAction(kind, path)); err != nil {
		t.Fatalf("%s %v: %v", kind, path, err)
	}
}

// refused checks that the answer is refused with an error naming the
// problem, and that the state did not change.
func refused(t *testing.T, s *State, kind string, seat Power, want string, path ...string) {
	t.Helper()
	before, _ := (Rules{}).Marshal(s)
	_, _, err := (Rules{}).Apply(s, game.Seat(seat.String()), game.NewAction(kind, path))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s %v: error %v, want one containing %q", kind, path, err, want)
	}
	after, _ := (Rules{}).Marshal(s)
	if string(before) != string(after) {
		t.Fatalf("%s %v: refused but the state changed", kind, path)
	}
}

func playDip(t *testing.T, s *State, p Power, n int) {
	t.Helper()
	seatAnswer(t, s, kTwoPlay, p, strconv.Itoa(n))
}

// pendingKind is the kind and seat of the pending decision.
func pendingSeat(s *State) (string, Power) {
	d, ok := s.top()
	if !ok {
		return "", NoPower
	}
	return d.Kind, s.seatOf(d.Power)
}

func TestDiplomaticCardNotHeldIsRefused(t *testing.T) {
	s := dipState(t, 2, false, []int{209}, []int{203})
	refused(t, s, kTwoPlay, Papacy, "not a legal choice", "203") // the Protestant's card
	refused(t, s, kTwoPlay, Protestant, "owes the decision", "203")
	// The Wartburg never cancels a diplomatic card: no window opens.
	give(s, Protestant, 37)
	s.Powers[Papacy].Hand = nil
	playDip(t, s, Papacy, 209)
	if s.Window != nil {
		t.Fatalf("a window opened on a diplomatic card: %+v", s.Window)
	}
}

func TestAndreaDoriaDiplomatic(t *testing.T) {
	s := dipState(t, 2, false, []int{201}, []int{201 + 0})
	_ = s
	s = dipState(t, 2, false, []int{201}, nil)
	playDip(t, s, Papacy, 201)
	if s.MinorAllyOf(Genoa) != Papacy {
		t.Fatalf("Genoa's ally %s, want papacy", s.MinorAllyOf(Genoa))
	}
	// The Protestant's play makes Genoa a French ally, even from the Papacy.
	s = dipState(t, 2, false, nil, []int{201})
	s.activateMinor(Genoa, Papacy, 201, Papacy)
	playDip(t, s, Protestant, 201)
	if s.MinorAllyOf(Genoa) != France {
		t.Fatalf("Genoa's ally %s, want france", s.MinorAllyOf(Genoa))
	}
	// Already a Papal ally: 4 CP of Genoese units in a Genoese home space.
	s = dipState(t, 2, false, []int{201}, nil)
	s.activateMinor(Genoa, Papacy, 201, Papacy)
	genoa := mustSpace("genoa")
	r0, q0 := s.Spaces[genoa].Units[Genoa].Reg, s.Spaces[genoa].Units[Genoa].Sq
	playDip(t, s, Papacy, 201)
	refused(t, s, kCardOption, Papacy, "not a legal choice", "rome", "2:0")
	seatAnswer(t, s, kCardOption, Papacy, "genoa", "1:1")
	if u := s.Spaces[genoa].Units[Genoa]; u.Reg != r0+1 || u.Sq != q0+1 {
		t.Fatalf("Genoa's units %+v, want one more regular and squadron", u)
	}
}

func TestInvasionCardsFrance(t *testing.T) {
	for _, n := range []int{202, 206} {
		s := dipState(t, 2, false, []int{n}, nil)
		paris := mustSpace("paris")
		hand := len(s.Powers[Protestant].Hand)
		playDip(t, s, Papacy, n)
		if !s.AtWar(France, Papacy) {
			t.Fatalf("#%d: France and the Papacy are not at war", n)
		}
		// the Protestant places and commands the French, whoever played
		if k, seat := pendingSeat(s); k != kCardOption || seat != Protestant {
			t.Fatalf("#%d: pending %s for %s, want the Protestant's placement", n, k, seat)
		}
		refused(t, s, kCardOption, Protestant, "not a legal choice", "rome")
		seatAnswer(t, s, kCardOption, Protestant, "paris")
		want, leader := Units{Reg: 2, Merc: 2}, "montmorency"
		if n == 206 {
			want, leader = Units{Reg: 3, Merc: 3}, "francis_i"
		}
		if u := s.Spaces[paris].Units[France]; u.Reg != want.Reg+1 || u.Merc != want.Merc {
			t.Fatalf("#%d: French units in Paris %+v, want %+v plus the regular there", n, u, want)
		}
		if l, _ := LeaderByID(leader); s.Leaders[l].Loc != int(paris) {
			t.Fatalf("#%d: %s not in Paris", n, leader)
		}
		if len(s.Powers[Protestant].Hand) != hand+1 {
			t.Fatalf("#%d: the Protestant drew no card", n)
		}
		seatAnswer(t, s, kCardOption, Protestant, "marseille")
		if s.Spaces[mustSpace("marseille")].Units[France].Sq != 2 {
			t.Fatalf("#%d: no new squadron in Marseille: %+v", n, s.Spaces[mustSpace("marseille")].Units[France])
		}
		if s.seatOf(France) != Protestant || len(s.directable(Protestant)) != 1 || s.directable(Protestant)[0] != France {
			t.Fatalf("#%d: France is not the Protestant's to direct", n)
		}
	}
}

func TestSpanishInvasionBeforeAndAfterTheLeague(t *testing.T) {
	s := dipState(t, 2, false, []int{211}, nil)
	playDip(t, s, Papacy, 211)
	if !s.AtWar(Hapsburg, Papacy) {
		t.Fatal("before the League the Hapsburgs and the Papacy go to war")
	}
	seatAnswer(t, s, kCardOption, Protestant, "vienna")
	seatAnswer(t, s, kCardOption, Protestant, "mercs")
	if u := s.Spaces[mustSpace("vienna")].Units[Hapsburg]; u.Merc != 4 {
		t.Fatalf("Vienna %+v, want 4 mercenaries", u)
	}
	s = dipState(t, 5, true, []int{211}, nil)
	hand := len(s.Powers[Papacy].Hand)
	playDip(t, s, Papacy, 211)
	if s.AtWar(Hapsburg, Papacy) || !s.Allied(Hapsburg, Papacy) {
		t.Fatal("after the League the Hapsburgs stay the Papacy's allies")
	}
	seatAnswer(t, s, kCardOption, Papacy, "vienna")
	if len(s.Powers[Papacy].Hand) != hand+1 {
		t.Fatal("the Papacy (the controller) drew no card")
	}
	seatAnswer(t, s, kCardOption, Papacy, "mercs")
	if s.seatOf(Hapsburg) != Papacy {
		t.Fatalf("the Hapsburgs are directed by %s, want papacy", s.seatOf(Hapsburg))
	}
}

func TestAustrianAndImperialInvasions(t *testing.T) {
	for _, c := range []struct {
		n      int
		leader string
		want   Units
	}{{213, "ferdinand", Units{Reg: 2, Merc: 4}}, {214, "charles_v", Units{Reg: 3, Merc: 5}}} {
		s := dipState(t, 5, true, nil, []int{c.n})
		s.Two.Step = tsProt
		s.Stack = nil
		s.run()
		graz := mustSpace("graz")
		before := s.Spaces[graz].Units[Hapsburg]
		hand := len(s.Powers[Papacy].Hand)
		playDip(t, s, Protestant, c.n)
		refused(t, s, kCardOption, Papacy, "not a legal choice", "paris")
		seatAnswer(t, s, kCardOption, Papacy, "graz")
		u := s.Spaces[graz].Units[Hapsburg]
		if u.Reg != before.Reg+c.want.Reg || u.Merc != before.Merc+c.want.Merc {
			t.Fatalf("#%d: Graz %+v, want %+v more", c.n, u, c.want)
		}
		if l, _ := LeaderByID(c.leader); s.Leaders[l].Loc != int(graz) {
			t.Fatalf("#%d: %s not in Graz", c.n, c.leader)
		}
		if len(s.Powers[Papacy].Hand) != hand+1 {
			t.Fatalf("#%d: the Papacy drew no card", c.n)
		}
		if len(s.CardProcs) != 0 || s.Phase != PhaseSpring {
			t.Fatalf("#%d: the card's decisions still owed: %v", c.n, s.Stack)
		}
	}
}

func TestOttomanInvasion(t *testing.T) {
	s := dipState(t, 5, true, []int{216}, nil)
	hand := len(s.Powers[Protestant].Hand)
	playDip(t, s, Papacy, 216)
	if !s.AtWar(Ottoman, Papacy) {
		t.Fatal("the Ottomans and the Papacy are not at war")
	}
	seatAnswer(t, s, kCardOption, Protestant, "istanbul", "istanbul")
	u := s.Spaces[mustSpace("istanbul")].Units[Ottoman]
	if u.Sq < 4 || u.Reg < 5 {
		t.Fatalf("Istanbul %+v, want 5 more regulars and 4 squadrons", u)
	}
	if len(s.Powers[Protestant].Hand) != hand+1 || s.seatOf(Ottoman) != Protestant {
		t.Fatal("the Protestant draws a card and commands the Ottomans")
	}
}

func TestCorsairRaid(t *testing.T) {
	s := dipState(t, 2, false, []int{203}, nil)
	give(s, Protestant, 24)
	s.Script = []int{5, 6, 1, 2} // two hits on the Protestant
	playDip(t, s, Papacy, 203)
	refused(t, s, kCardOption, Protestant, "not a legal choice", "sq:"+strconv.Itoa(int(mustSpace("rome")))+":papacy")
	seatAnswer(t, s, kCardOption, Protestant, "card:24")
	if s.holds(Protestant, mustCard(24)) || !cardIn(s.Discard, mustCard(24)) {
		t.Fatal("#24 not discarded")
	}
	marseille := mustSpace("marseille")
	seatAnswer(t, s, kCardOption, Protestant, "sq:"+strconv.Itoa(int(marseille))+":france")
	if s.Spaces[marseille].Units[France].Sq != 0 {
		t.Fatal("the French squadron was not eliminated")
	}
	if len(s.CardProcs) != 0 {
		t.Fatal("more hits owed than rolled")
	}
	// no hits: nothing asked
	s = dipState(t, 2, false, []int{203}, nil)
	s.Script = []int{1, 2, 3, 4}
	playDip(t, s, Papacy, 203)
	if k, _ := pendingSeat(s); k == kCardOption {
		t.Fatal("a hit was asked for with no 5 or 6")
	}
}

func TestDiplomaticMarriage2P(t *testing.T) {
	s := dipState(t, 2, false, []int{204}, nil)
	playDip(t, s, Papacy, 204)
	refused(t, s, kCardOption, Papacy, "not a legal choice", "activate:scotland")
	seatAnswer(t, s, kCardOption, Papacy, "activate:venice")
	if s.MinorAllyOf(Venice) != Papacy {
		t.Fatal("Venice not a Papal ally")
	}
	s = dipState(t, 2, false, nil, []int{204})
	s.Two.Step, s.Stack = tsProt, nil
	s.run()
	playDip(t, s, Protestant, 204)
	seatAnswer(t, s, kCardOption, Protestant, "activate:genoa")
	if s.MinorAllyOf(Genoa) != Hapsburg {
		t.Fatal("the Protestant's marriage makes Genoa a Hapsburg ally")
	}
}

func TestDiplomaticPressure(t *testing.T) {
	s := dipState(t, 2, false, []int{205}, []int{208, 209})
	playDip(t, s, Papacy, 205)
	seatAnswer(t, s, kCardOption, Papacy, "must:209")
	refused(t, s, kTwoPlay, Protestant, "not a legal choice", "208")
	playDip(t, s, Protestant, 209)
	// The Protestant's play: the Papacy discards its card and draws, or a swap.
	s = dipState(t, 2, false, []int{210}, []int{205, 208})
	playDip(t, s, Papacy, 210)
	for len(s.CardProcs) > 0 {
		seatAnswer(t, s, kCardOption, Papacy, "done")
	}
	dipGive(s, Papacy, 212)
	playDip(t, s, Protestant, 205)
	seatAnswer(t, s, kCardOption, Protestant, "swap:212")
	if !cardIn(s.Two.Hands[0], mustCard(208)) || !cardIn(s.Two.Hands[1], mustCard(212)) {
		t.Fatalf("no swap: hands %v", s.Two.Hands)
	}
}

func TestHenryPetitionsForDivorce(t *testing.T) {
	s := dipState(t, 2, false, []int{207}, nil)
	hand := len(s.Powers[Papacy].Hand)
	playDip(t, s, Papacy, 207)
	seatAnswer(t, s, kCardOption, Papacy, "grant")
	if len(s.Powers[Papacy].Hand) != hand+1 {
		t.Fatal("the Papacy drew no card")
	}
	refused(t, s, kCardOption, Protestant, "not a legal choice", "vienna")
	seatAnswer(t, s, kCardOption, Protestant, "naples")
	if s.Spaces[mustSpace("naples")].Units[Hapsburg].Merc != 4 {
		t.Fatal("no 4 Hapsburg mercenaries in Naples")
	}
	seatAnswer(t, s, kCardOption, Papacy, "german")
	d := s.Debate
	if d == nil {
		d = s.LastDebate
	}
	if d == nil || d.Chosen != dCampeggio || d.Zone != LangGerman || d.Initiator != Papacy {
		t.Fatalf("want a German debate called by the Papacy with Campeggio, have %+v", d)
	}
	if !cardIn(s.Two.Gone, mustCard(207)) || cardIn(s.Two.Discard, mustCard(207)) {
		t.Fatal("#207 is removed from the diplomatic deck after play")
	}
	s = dipState(t, 2, false, []int{207}, nil)
	playDip(t, s, Papacy, 207)
	seatAnswer(t, s, kCardOption, Papacy, "refuse")
	for _, id := range []string{"vienna", "vienna", "naples"} {
		seatAnswer(t, s, kCardOption, Papacy, id)
	}
	if s.Spaces[mustSpace("vienna")].Units[Hapsburg].Reg != 6 || len(s.CardProcs) != 0 {
		t.Fatalf("Vienna %+v: want 4 + 2 regulars, and the card done", s.Spaces[mustSpace("vienna")].Units[Hapsburg])
	}
}

func TestKnightsOfStJohnDiplomatic(t *testing.T) {
	s := dipState(t, 2, false, nil, []int{208})
	s.Two.Step, s.Stack = tsProt, nil
	s.run()
	c := mustCard(90) // Printing Press, 5 CP
	s.takeOut(c)
	s.Deck = append(s.Deck, uint8(c))
	cp, vp := s.StPeterCP, s.StPeterVP
	playDip(t, s, Protestant, 208)
	if s.StPeterCP+5*s.StPeterVP != cp+5*vp+5 || !cardIn(s.Discard, c) {
		t.Fatalf("St. Peter's %d CP %d VP (from %d, %d): want 5 more CP, card on the discard pile", s.StPeterCP, s.StPeterVP, cp, vp)
	}
}

func TestPlague(t *testing.T) {
	s := dipState(t, 2, false, []int{209}, nil)
	give(s, Protestant, 24)
	vienna, naples := mustSpace("vienna"), mustSpace("naples")
	playDip(t, s, Papacy, 209)
	seatAnswer(t, s, kCardOption, Papacy, "vienna", "hapsburg", "r")
	refused(t, s, kCardOption, Papacy, "not a legal choice", "vienna", "hapsburg", "r")
	refused(t, s, kCardOption, Papacy, "not a legal choice", "paris", "france", "r") // one unit: not eligible
	seatAnswer(t, s, kCardOption, Papacy, "naples", "hapsburg", "s")
	seatAnswer(t, s, kCardOption, Papacy, "venice", "venice", "s")
	if s.Spaces[vienna].Units[Hapsburg].Reg != 3 || s.Spaces[naples].Units[Hapsburg].Sq != 0 {
		t.Fatalf("Vienna %+v Naples %+v", s.Spaces[vienna].Units[Hapsburg], s.Spaces[naples].Units[Hapsburg])
	}
	if s.holds(Protestant, mustCard(24)) || !cardIn(s.Discard, mustCard(24)) {
		t.Fatal("the Protestant's card was not discarded at random")
	}
}

func TestShipbuildingDiplomatic(t *testing.T) {
	s := dipState(t, 2, false, []int{210}, nil)
	rome := mustSpace("rome")
	playDip(t, s, Papacy, 210)
	refused(t, s, kCardOption, Papacy, "not a legal choice", "marseille:france")
	seatAnswer(t, s, kCardOption, Papacy, "rome:papacy")
	seatAnswer(t, s, kCardOption, Papacy, "rome:papacy")
	if s.Spaces[rome].Units[Papacy].Sq != 3 || len(s.CardProcs) != 0 {
		t.Fatalf("Rome %+v: want 1 + 2 squadrons", s.Spaces[rome].Units[Papacy])
	}
	s = dipState(t, 2, false, nil, []int{210})
	s.Two.Step, s.Stack = tsProt, nil
	s.run()
	playDip(t, s, Protestant, 210)
	refused(t, s, kCardOption, Protestant, "not a legal choice", "rome:papacy")
	seatAnswer(t, s, kCardOption, Protestant, "marseille:france")
	seatAnswer(t, s, kCardOption, Protestant, "istanbul:ottoman")
	if s.Spaces[mustSpace("marseille")].Units[France].Sq != 2 || s.Spaces[mustSpace("istanbul")].Units[Ottoman].Sq != 1 {
		t.Fatal("the Protestant's squadrons were not built")
	}
}

func TestVenetianAllianceDiplomatic(t *testing.T) {
	s := dipState(t, 2, false, nil, []int{212})
	s.Two.Step, s.Stack = tsProt, nil
	s.run()
	playDip(t, s, Protestant, 212)
	if s.MinorAllyOf(Venice) != Papacy {
		t.Fatal("the card activates Venice for the Papacy whoever plays it")
	}
	s = dipState(t, 2, false, []int{212}, nil)
	s.activateMinor(Venice, Hapsburg, 212, Papacy)
	playDip(t, s, Papacy, 212)
	if s.MinorAllyOf(Venice) != NoPower {
		t.Fatal("a Hapsburg Venice is deactivated")
	}
	s = dipState(t, 2, false, []int{212}, nil)
	s.activateMinor(Venice, Papacy, 212, Papacy)
	playDip(t, s, Papacy, 212)
	refused(t, s, kCardOption, Papacy, "not a legal choice", "naples")
	seatAnswer(t, s, kCardOption, Papacy, "ancona")
	if u := s.Spaces[mustSpace("ancona")].Units[Venice]; u.Reg != 1 || u.Sq != 2 {
		t.Fatalf("Ancona %+v: want 1 Venetian regular and 2 squadrons", u)
	}
}

func TestMachiavelli2P(t *testing.T) {
	s := dipState(t, 5, true, []int{215}, nil)
	// the Papacy has more VP: the Protestant chooses
	playDip(t, s, Papacy, 215)
	if k, seat := pendingSeat(s); k != kCardOption || seat != Protestant {
		t.Fatalf("pending %s for %s, want the Protestant's choice", k, seat)
	}
	refused(t, s, kCardOption, Protestant, "not a legal choice", "209") // not an Invasion card
	seatAnswer(t, s, kCardOption, Protestant, "216")
	if !s.AtWar(Ottoman, Papacy) {
		t.Fatal("Ottoman Invasion did not happen")
	}
	seatAnswer(t, s, kCardOption, Protestant, "istanbul", "istanbul")
	if len(s.Two.Discard) != 0 || !cardIn(s.Two.Deck, mustCard(215)) || !cardIn(s.Two.Deck, mustCard(216)) {
		t.Fatal("the diplomatic deck is shuffled with its discards, Machiavelli and the Invasion card")
	}
}

func TestSecretProtestantCircle(t *testing.T) {
	for _, c := range []struct{ die, flips int }{{2, 1}, {5, 2}} {
		s := dipState(t, 5, true, []int{217}, nil)
		s.Script = []int{c.die}
		n := s.ProtestantSpaces()
		playDip(t, s, Papacy, 217)
		refused(t, s, kCardOption, Protestant, "not a legal choice", "barcelona")
		seatAnswer(t, s, kCardOption, Protestant, "florence")
		if c.flips == 2 {
			refused(t, s, kCardOption, Protestant, "not a legal choice", "milan")
			seatAnswer(t, s, kCardOption, Protestant, "barcelona")
		}
		if s.ProtestantSpaces() != n+c.flips || len(s.CardProcs) != 0 {
			t.Fatalf("die %d: %d Protestant spaces, want %d", c.die, s.ProtestantSpaces(), n+c.flips)
		}
	}
}

func TestSiegeOfVienna(t *testing.T) {
	s := dipState(t, 5, true, []int{218}, nil)
	vienna := mustSpace("vienna")
	playDip(t, s, Papacy, 218)
	refused(t, s, kCardOption, Papacy, "not a legal choice", "naples", "hapsburg", "r")
	seatAnswer(t, s, kCardOption, Papacy, "vienna", "hapsburg", "r")
	seatAnswer(t, s, kCardOption, Papacy, "vienna", "hapsburg", "r")
	if s.Spaces[vienna].Units[Hapsburg].Reg != 2 {
		t.Fatalf("Vienna %+v, want 2 regulars left", s.Spaces[vienna].Units[Hapsburg])
	}
	if !s.viennaBarred(Hapsburg, vienna) || s.viennaBarred(Hapsburg, mustSpace("naples")) {
		t.Fatal("the units near Vienna are barred from moving, the others are not")
	}
	s.Act = &Act{Power: Hapsburg, CP: 5, Card: -1}
	for _, ch := range s.moveChoices(Hapsburg, 5) {
		if ch.Value == "vienna" {
			t.Fatal("a move from Vienna is offered")
		}
	}
}

func TestSpanishInquisition2P(t *testing.T) {
	s := dipState(t, 5, true, []int{219}, []int{208, 209})
	playDip(t, s, Papacy, 219)
	seatAnswer(t, s, kCardOption, Papacy, "208")
	if !cardIn(s.Two.Discard, mustCard(208)) || len(s.Two.Hands[1]) != 2 || s.Two.Must[1] != mustCard(209)+1 {
		t.Fatalf("hands %v must %v: want #208 discarded, a card drawn, #209 to play", s.Two.Hands, s.Two.Must)
	}
	refused(t, s, kTwoPlay, Protestant, "not a legal choice", Cards[s.Two.Hands[1][1]].num)
	// played by the Protestant: its hand is shown to the Papacy only
	s = dipState(t, 5, true, nil, []int{219})
	s.Two.Step, s.Stack = tsProt, nil
	s.run()
	give(s, Protestant, 24)
	_, ev, err := (Rules{}).Apply(s, game.Seat("protestant"), game.NewAction(kTwoPlay, []string{"219"}))
	if err != nil {
		t.Fatal(err)
	}
	shown := false
	for _, e := range ev {
		if strings.Contains(e.Text, "Arquebusiers") {
			shown = slices.Equal(e.Seats, []game.Seat{"papacy", "protestant"})
		}
	}
	if !shown {
		t.Fatalf("the hand was not shown to the Papacy alone: %+v", ev)
	}
}

// Every diplomatic card is built (concordat his cards).
func TestDiplomaticCardsBuilt(t *testing.T) {
	for _, r := range CardList() {
		if r.Number > 200 && !r.Done {
			t.Errorf("#%d %s is not built", r.Number, r.Name)
		}
	}
}
