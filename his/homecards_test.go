package his

import (
	"strings"
	"testing"

	"concordat/game"
)

// optionValues lists the values of the options tree's first level below the
// given path of the pending decision.
func optionValues(t *testing.T, s *State, path ...string) []string {
	t.Helper()
	d, _ := s.top()
	ch := s.choices(d)
	for _, v := range path {
		var next []game.Choice
		found := false
		for _, c := range ch {
			if c.Value == v {
				next, found = c.Next, true
			}
		}
		if !found {
			return nil
		}
		ch = next
	}
	var out []string
	for _, c := range ch {
		out = append(out, c.Value)
	}
	return out
}

func has(vs []string, v string) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// #1 Janissaries as an event: 4 new regulars in Ottoman-controlled Ottoman
// home spaces free of unrest and enemy units.
func TestJanissariesEvent(t *testing.T) {
	s := impulseState(t, 2, Ottoman, mustCard(1))
	varna, nezh := sp(t, "varna"), sp(t, "nezh")
	s.Spaces[nezh].Unrest = true
	answer(t, s, kImpulse, Ottoman, "event", "1")
	if opts := optionValues(t, s); !has(opts, "varna") || has(opts, "nezh") || has(opts, "algiers") {
		t.Fatalf("Janissaries spaces: %v", opts)
	}
	before := s.Spaces[varna].Units[Ottoman].Reg
	for i := 0; i < 4; i++ {
		answer(t, s, kJanissaries, Ottoman, "varna")
	}
	if got := s.Spaces[varna].Units[Ottoman].Reg; got != before+4 || s.Home != nil {
		t.Fatalf("Varna regulars %d, want %d", got, before+4)
	}
	if len(s.Powers[Ottoman].Hand) != 0 || len(s.Discard) != 0 {
		t.Fatal("the Home card goes back to the power card")
	}
}

// #2 Holy Roman Emperor: Charles V (and the Duke of Alva, if with him)
// jumps to a Hapsburg home space, then the Hapsburgs have 5 CP.
func TestHolyRomanEmperor(t *testing.T) {
	s := impulseState(t, 2, Hapsburg, mustCard(2))
	charles, _ := LeaderByID("charles_v")
	alva, _ := LeaderByID("duke_of_alva")
	s.Leaders[alva] = s.Leaders[charles]
	vienna := sp(t, "vienna")
	if opts := optionValues(t, s, "event", "2", "vienna"); len(opts) != 2 || opts[1] != "alva" {
		t.Fatalf("Alva may go along: %v", opts)
	}
	s.pop()
	eventDefs[2].play(s, Hapsburg, []string{"vienna", "alva"})
	s.run() // the window for Gout (nobody holds a card that could be it)
	if s.Leaders[charles].Loc != int(vienna) || s.Leaders[alva].Loc != int(vienna) || s.Act == nil || s.Act.CP != 5 {
		t.Fatalf("Charles %v, Alva %v, act %+v", s.Leaders[charles], s.Leaders[alva], s.Act)
	}
	// Not while Charles is captured.
	s = impulseState(t, 2, Hapsburg, mustCard(2))
	s.Leaders[charles] = LeaderState{Loc: OffMap, Captor: France}
	if has(optionValues(t, s, "event"), "2") {
		t.Fatal("a captured Charles V cannot jump")
	}
}

// #3 Six Wives of Henry VIII: war (France may intervene for Scotland) or
// marriage (Ask for Divorce has no roll; Anne Boleyn rolls the pregnancy
// chart and gives the Hapsburgs the Catherine of Aragon marker).
func TestSixWives(t *testing.T) {
	s := impulseState(t, 2, England, mustCard(3))
	for q := Power(0); q < NumPowers; q++ {
		s.setWar(England, q, false)
		s.setAlly(England, q, false)
	}
	if opts := optionValues(t, s, "event", "3", "war"); !has(opts, "scotland") || !has(opts, "france") {
		t.Fatalf("war targets %v", opts)
	}
	answer(t, s, kImpulse, England, "event", "3", "war", "scotland")
	answer(t, s, kSixIntervene, France, "yes")
	if !s.AtWar(England, Scotland) || !s.AtWar(England, France) || s.MinorAllyOf(Scotland) != France {
		t.Fatal("England at war with Scotland and France; Scotland France's ally")
	}

	s = impulseState(t, 2, England, mustCard(3))
	answer(t, s, kImpulse, England, "event", "3", "marry")
	if s.Marital != 1 || s.Pregnancy != 0 {
		t.Fatalf("Ask for Divorce: marital %d, pregnancy %b", s.Marital, s.Pregnancy)
	}
	s = impulseState(t, 2, England, mustCard(3))
	s.Marital = 1
	s.Script = []int{6}
	answer(t, s, kImpulse, England, "event", "3", "marry")
	if s.Marital != 2 || s.Pregnancy != 1<<6 || !s.Catherine || s.AnneTurn != 2 {
		t.Fatalf("Anne Boleyn: marital %d, pregnancy %b, Catherine %v", s.Marital, s.Pregnancy, s.Catherine)
	}
	// Kathryn Howard: England draws a card after the roll.
	s = impulseState(t, 2, England, mustCard(3))
	s.Marital = 4
	n := len(s.Deck)
	s.Script = []int{1}
	answer(t, s, kImpulse, England, "event", "3", "marry")
	if s.Marital != 5 || len(s.Powers[England].Hand) != 1 || len(s.Deck) != n-1 {
		t.Fatalf("Kathryn Howard: marital %d, hand %v", s.Marital, s.Powers[England].Hand)
	}
	// Not on Turn 1.
	s = impulseState(t, 1, England, mustCard(3))
	if has(optionValues(t, s, "event", "3"), "marry") {
		t.Fatal("no marriage on Turn 1")
	}
}

// #4 Patron of the Arts: the Chateau Table (§21.4).
func TestPatronOfTheArts(t *testing.T) {
	milan := sp(t, "milan")
	// 3 + 2 (Milan is French in 1517) = 5: +1 VP, draw 1.
	s := impulseState(t, 2, France, mustCard(4))
	if !s.ControlledBy(milan, France) {
		t.Fatal("Milan starts French")
	}
	vp := s.VP(France)
	s.Script = []int{3}
	answer(t, s, kImpulse, France, "event", "4")
	if s.Chateaux != 1 || s.VP(France) != vp+1 || len(s.Powers[France].Hand) != 1 {
		t.Fatalf("chateaux %d, VP %d (was %d), hand %d", s.Chateaux, s.VP(France), vp, len(s.Powers[France].Hand))
	}
	// Milan lost: 1 → no VP, draw 2, discard 1 (France's choice).
	s = impulseState(t, 2, France, mustCard(4))
	s.Spaces[milan].Ctl = Hapsburg
	s.Script = []int{1}
	answer(t, s, kImpulse, France, "event", "4")
	opts := optionValues(t, s)
	if s.Chateaux != 0 || len(opts) != 2 {
		t.Fatalf("chateaux %d, discard options %v", s.Chateaux, opts)
	}
	answer(t, s, kChateauDrop, France, opts[1])
	if len(s.Powers[France].Hand) != 1 || Cards[s.Discard[len(s.Discard)-1]].Number != atoi(opts[1]) {
		t.Fatalf("France keeps one of the two cards: %v", s.Powers[France].Hand)
	}
	// At 6 chateau VP the event is gone.
	s = impulseState(t, 2, France, mustCard(4))
	s.Chateaux = 6
	if has(optionValues(t, s, "event"), "4") {
		t.Fatal("no Patron of the Arts event at 6 chateau VP")
	}
}

// #5 Papal Bull: a reformer leaves for the turn (then a debate may follow),
// or a ruler with grounds is excommunicated (-1 card, up to 2 unrest).
func TestPapalBull(t *testing.T) {
	s := impulseState(t, 2, Papacy, mustCard(5))
	s.Reformer[spWittenberg] = true
	s.Debaters[dLuther] = DebUncommitted
	answer(t, s, kImpulse, Papacy, "event", "5", "reformer", "luther")
	if s.Reformer[spWittenberg] || s.Debaters[dLuther] != DebAway {
		t.Fatal("Luther leaves for the turn")
	}
	answer(t, s, kBullDebate, Papacy, "no")
	if s.Debate != nil || s.Home != nil {
		t.Fatal("no debate called")
	}
	s.Turn = 2
	s.cardDraw()
	if !s.Reformer[spWittenberg] || s.Debaters[dLuther] != DebUncommitted {
		t.Fatal("Luther returns in the next Card Draw")
	}
	s.Stack = nil
	s.Powers[Papacy].Hand = []uint8{uint8(mustCard(5))}
	s.Evented = nil
	s.push(kImpulse, Papacy)
	if has(optionValues(t, s, "event", "5", "reformer"), "luther") {
		t.Fatal("a reformer is excommunicated once")
	}

	s = impulseState(t, 2, Papacy, mustCard(5))
	s.setWar(France, Papacy, true)
	if opts := optionValues(t, s, "event", "5", "ruler"); len(opts) != 1 || opts[0] != "france" {
		t.Fatalf("only France has grounds: %v", opts)
	}
	answer(t, s, kImpulse, Papacy, "event", "5", "ruler", "france")
	if !s.Powers[France].MinusOne || s.Powers[France].ExcomOn != 2 {
		t.Fatal("France gets the -1 card marker")
	}
	if has(optionValues(t, s), "paris") || !has(optionValues(t, s), "tours") {
		t.Fatalf("unrest goes on unoccupied Catholic home spaces: %v", optionValues(t, s))
	}
	answer(t, s, kBullUnrest, Papacy, "tours")
	answer(t, s, kBullUnrest, Papacy, "done")
	if !s.Spaces[sp(t, "tours")].Unrest || s.Home != nil {
		t.Fatal("unrest in Tours")
	}
	if len(s.excommunicable()) != 0 {
		t.Fatal("France is excommunicated once")
	}
}

// #7 Here I Stand: take a card from the discard pile (not a Mandatory Event,
// not one the Protestant played as an event this turn), then play it now or
// keep it.
func TestHereIStandRetrieve(t *testing.T) {
	s := impulseState(t, 2, Protestant, cHereIStand)
	two := eventCardWithCP(t, 2)
	s.Discard = []uint8{uint8(mustCard(9)), uint8(two)} // Barbary Pirates is Mandatory
	if opts := optionValues(t, s, "event", "7"); len(opts) != 1 || opts[0] != num(two) {
		t.Fatalf("retrievable %v", opts)
	}
	answer(t, s, kImpulse, Protestant, "event", "7", num(two))
	answer(t, s, kRetrievedPlay, Protestant, "keep")
	if len(s.Powers[Protestant].Hand) != 1 || int(s.Powers[Protestant].Hand[0]) != two || len(s.Discard) != 1 {
		t.Fatalf("the card is kept: hand %v, discard %v", s.Powers[Protestant].Hand, s.Discard)
	}
	s = impulseState(t, 2, Protestant, cHereIStand)
	s.Discard = []uint8{uint8(two)}
	s.CalvinRule = true
	if has(optionValues(t, s, "event"), "7") {
		t.Fatal("no Here I Stand once Calvin is played")
	}
}

func TestHomeEventTexts(t *testing.T) {
	s := impulseState(t, 2, Ottoman, mustCard(1))
	answer(t, s, kImpulse, Ottoman, "event", "1")
	if p := (Rules{}).Pending(s); len(p) != 1 || !strings.Contains(p[0].Text, "4 left") {
		t.Fatalf("pending %+v", p)
	}
}

// Six Wives' war half is an Action-Phase declaration: only the "at all
// times" restrictions of §9.6 apply (CARDS.md #3), not the Diplomacy-Phase
// ones (peace made this Diplomacy Phase with the target, or with France for
// Scotland).
func TestSixWivesWarAfterPeaceThisTurn(t *testing.T) {
	s := impulseState(t, 3, England, mustCard(3))
	for q := Power(0); q < NumPowers; q++ {
		s.setWar(England, q, false)
		s.setAlly(England, q, false)
	}
	s.PeaceThisTurn[England] |= bit(France)
	s.PeaceThisTurn[France] |= bit(England)
	opts := optionValues(t, s, "event", "3", "war")
	if !has(opts, "france") || !has(opts, "scotland") || !has(opts, "hapsburg") {
		t.Fatalf("war targets after a peace with France this turn: %v", opts)
	}
	// The "at all times" restrictions still hold: not on an ally, and not on
	// Scotland while allied to France.
	s.setAlly(England, France, true)
	opts = optionValues(t, s, "event", "3", "war")
	if has(opts, "france") || has(opts, "scotland") || !has(opts, "hapsburg") {
		t.Fatalf("war targets while allied to France: %v", opts)
	}
}
