package his

import (
	"fmt"

	"concordat/game"
)

// NewState1517 builds the 1517 scenario (setup.json, §24.1) before the first
// turn starts: control, religion, units, leaders, wars, rulers, debaters and
// the Electorate Display. Rules.Setup then starts Turn 1.
func NewState1517(ed Edition, seed uint64) *State {
	s := &State{Edition: ed, RNG: game.NewRNG(seed), Mix: defaultMix(), NW: newWorld1517()}
	for i := range s.Spaces {
		s.Spaces[i].Ctl = Spaces[i].ctl
	}
	for i := range s.MinorAlly {
		s.MinorAlly[i] = NoPower
	}
	s.Leaders = make([]LeaderState, len(Leaders))
	for i := range Leaders {
		s.Leaders[i] = LeaderState{Loc: OffMap, Captor: NoPower}
	}
	for _, st := range setup.Stacks {
		p, err := ParsePower(st.Power)
		if err != nil {
			panic(err)
		}
		u := &s.Spaces[st.Space].Units[p]
		u.Reg += uint8(st.Reg)
		u.Merc += uint8(st.Merc)
		u.Cav += uint8(st.Cav)
		u.Sq += uint8(st.Sq)
		u.Cor += uint8(st.Cor)
		for _, l := range st.Leaders {
			s.Leaders[l].Loc = st.Space
		}
	}
	for _, w := range setup.Wars {
		a, _ := ParsePower(w[0])
		b, _ := ParsePower(w[1])
		s.setWar(a, b, true)
	}
	for p := Power(0); p < NumMajors; p++ {
		for i, r := range Rulers {
			if r.Power == p && r.Start {
				s.Powers[p].Ruler = i
			}
		}
	}
	s.Debaters = make([]DebaterStatus, len(Debaters))
	for _, d := range setup.Debaters {
		s.Debaters[d] = DebUncommitted
	}
	for sp, n := range setup.Display {
		s.Display[sp] = uint8(n)
	}
	// The Turn 1 deck: every card entering on turn 1 except Home cards and
	// Luther's 95 Theses (played in its own phase); the 2010 edition leaves
	// out the six cards the 500th Anniversary edition added.
	for i, c := range Cards {
		if c.Diplo || c.Type == HomeCard || c.Number == 8 || c.When != "" || c.Enters != 1 {
			continue
		}
		if ed == Ed2010 && c.Ed500 {
			continue
		}
		s.Deck = append(s.Deck, uint8(i))
	}
	return s
}

func (s *State) setWar(a, b Power, on bool) {
	if on {
		s.War[a] |= bit(b)
		s.War[b] |= bit(a)
	} else {
		s.War[a] &^= bit(b)
		s.War[b] &^= bit(a)
	}
}

func (s *State) setAlly(a, b Power, on bool) {
	if on {
		s.Ally[a] |= bit(b)
		s.Ally[b] |= bit(a)
	} else {
		s.Ally[a] &^= bit(b)
		s.Ally[b] &^= bit(a)
	}
}

// startTurn begins the next turn: the Turn 1 opening, the Card Draw Phase
// (§8.2) and the Diplomacy Phase.
func (s *State) startTurn() {
	s.Turn++
	s.Evented = s.Evented[:0]
	s.Flirt = false
	s.emit("turn", fmt.Sprintf("turn %d begins", s.Turn))
	if s.Turn == 1 {
		// Luther's 95 Theses (§18.1.1): Luther enters Wittenberg, which
		// turns Protestant and receives its 2 display regulars; then 5
		// Reformation attempts in the German zone with +1 die each. The card
		// leaves the game; the Card Draw follows.
		s.Reformer[spWittenberg] = true
		s.convert(spWittenberg, true)
		s.Gone = append(s.Gone, uint8(mustCard(8)))
		s.Phase = PhaseTheses
		s.StartReformation(Protestant, LangGerman, 5, 1, false, "Luther's 95 Theses")
		s.run()
		return
	}
	s.cardDraw()
	s.Phase = PhaseDiplomacy
	s.startDiplomacy()
	if len(s.mauriceChoices()) > 0 {
		s.push(kMaurice, Protestant)
	}
	s.run()
}

// mauriceChoices: from Turn 6 Maurice of Saxony enters in an electorate under
// Protestant political control, chosen by the Protestant (§8.2 step 1;
// ruling A1: he waits until one exists).
func (s *State) mauriceChoices() []game.Choice {
	m, _ := LeaderByID("maurice_of_saxony")
	if s.Turn < 6 || s.Leaders[m].Loc != OffMap || s.Leaders[m].Captor != NoPower {
		return nil
	}
	var out []game.Choice
	for _, e := range electorates {
		if s.ControlledBy(e, Protestant) {
			out = append(out, game.Choice{Label: Spaces[e].Name, Value: Spaces[e].ID})
		}
	}
	return out
}

// reformers and the turn they enter (§8.2 step 2); Cranmer enters the turn
// after Henry VIII marries Anne Boleyn (handled by AnneTurn).
func reformerEntries() []struct {
	debater int
	space   SpaceID
	turn    int
} {
	return []struct {
		debater int
		space   SpaceID
		turn    int
	}{{dZwingli, spZurich, 2}, {dCalvin, spGeneva, 4}}
}

// cardDraw runs the Card Draw Phase steps this engine knows (§8.2): returning
// reformers and debaters, entering reformers and debaters, new cards,
// shuffle, New World riches, deal.
func (s *State) cardDraw() {
	for _, r := range reformers { // excommunicated reformers come back (A3), the space unchanged
		if s.Debaters[*r.debater] == DebAway {
			s.Reformer[*r.space] = true
		}
	}
	s.navalTrackReturns()
	s.returnAway() // leaders away for the turn (Threat to Power, #103)
	for i, d := range s.Debaters {
		if d == DebAway {
			s.Debaters[i] = DebUncommitted
		}
	}
	if s.Turn > 1 {
		for _, r := range reformerEntries() {
			if r.turn == s.Turn && !s.Reformer[r.space] && s.Debaters[r.debater] != DebBurnt {
				s.Reformer[r.space] = true
				s.convert(r.space, true)
			}
		}
	}
	// The English Reformation (§21.3, ruling A4): the turn after Henry VIII
	// marries Anne Boleyn, the reformer Cranmer enters London, his three
	// debaters with him, and the three Anne Boleyn cards join the deck.
	anne := false
	if s.AnneTurn > 0 && s.Turn > s.AnneTurn && !s.Reformer[spLondon] && s.Debaters[dCranmer] == DebOut {
		s.Reformer[spLondon] = true
		s.convert(spLondon, true)
		anne = true
	}
	for i, d := range Debaters {
		if s.Debaters[i] != DebOut {
			continue
		}
		if d.WaitsCranmer {
			if !s.Reformer[spLondon] {
				continue
			}
		} else if d.Enters > s.Turn || (d.Enters == 1 && !d.Start && s.Turn == 1) {
			continue
		}
		s.Debaters[i] = DebUncommitted
	}
	if anne {
		for _, n := range []int{62, 63, 64} {
			s.Deck = append(s.Deck, uint8(mustCard(n)))
		}
	}
	if s.Two != nil {
		s.twoCardDraw()
	} else {
		s.addSuccessionCards()
	}
	if s.Turn >= 3 {
		for i, c := range Cards {
			if c.Diplo || c.When != "" || s.cardEnters(i) != s.Turn || c.Type == HomeCard {
				continue
			}
			if s.Edition == Ed2010 && c.Ed500 {
				continue
			}
			s.Deck = append(s.Deck, uint8(i))
		}
	}
	s.Deck = append(s.Deck, s.Discard...)
	s.Discard = s.Discard[:0]
	s.RNG.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
	// New World riches (§20.4): after the shuffle, before the deal (X6).
	if s.Two == nil { // no New World riches in the 2-player game
		s.newWorldRiches()
	}
	for p := Power(0); p < NumMajors; p++ {
		if !s.playsCards(p) {
			continue
		}
		for i, c := range Cards {
			if c.Type == HomeCard && c.Power == p && !s.holds(p, i) {
				s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(i))
			}
		}
		for n := s.CardsDealt(p); n > 0 && len(s.Deck) > 0; n-- {
			s.drawFromDeck(p)
		}
	}
	s.TurnFx.Fewer = 0 // Fuggers' "-1 Card" lasts one deal (#79)
}

// convert sets a space's religion. An electorate turning Protestant releases
// its display regulars once per game (releaseDisplay).
func (s *State) convert(sp SpaceID, prot bool) {
	if Spaces[sp].NoRel {
		return
	}
	s.Spaces[sp].Prot = prot
	if prot {
		s.checkReligious()
	}
	s.releaseDisplay(sp)
}

// releaseDisplay places a Protestant electorate's Electorate Display
// regulars once per game (§21.6, ruling R6): before the League as soon as it
// is Protestant; after it only while it is also Protestant-controlled and
// not besieged — they wait until all three hold (a change of religion, of
// control, or the end of a siege).
func (s *State) releaseDisplay(sp SpaceID) {
	if s.Display[sp] == 0 || !s.Spaces[sp].Prot {
		return
	}
	if s.League && (!s.ControlledBy(sp, Protestant) || s.UnderSiege(sp)) {
		return
	}
	s.place(&s.Spaces[sp].Units[Protestant], Protestant, 'r', int(s.Display[sp]))
	s.Display[sp] = 0
}

// addSuccessionCards adds the English ruler cards whose time has come
// (§6.2, §21.3), driven by the highest pregnancy result: Edward VI from
// Turn 6 once Edward is born; Mary I from Turn 6 if no Edward was born, or
// the turn after a sickly Edward's accession; Elizabeth I the turn after
// Mary's accession if Elizabeth was born. A healthy Edward rules to the end.
func (s *State) addSuccessionCards() {
	if s.Turn < 6 {
		return
	}
	healthy, sickly := s.Pregnancy&(1<<6) != 0, s.Pregnancy&(1<<5) != 0
	elizabeth := s.Pregnancy&(1<<4) != 0
	ruler := Rulers[s.Powers[England].Ruler].Name
	add := func(n int) {
		c := mustCard(n)
		if s.cardInPlay(c) {
			return
		}
		s.Deck = append(s.Deck, uint8(c))
		s.emit("cards", fmt.Sprintf("#%d %s joins the deck", n, Cards[c].Name))
	}
	switch {
	case healthy || sickly:
		// Edward born on Turn 6 or later while the Mary I card circulates:
		// that card stands for Edward VI (§21.3 special case), so the
		// Edward VI card stays out.
		if ruler == "Henry VIII" && !s.cardCirculates(mustCard(21)) {
			add(19)
		}
		if sickly && !healthy && ruler == "Edward VI" {
			add(21)
		}
	case ruler == "Henry VIII":
		add(21)
	}
	if elizabeth && !healthy && ruler == "Mary I" {
		add(23)
	}
}

// cardInPlay reports whether card c is anywhere: deck, discard pile, a
// hand, or out of the game.
func (s *State) cardInPlay(c int) bool {
	return s.cardCirculates(c) || cardIn(s.Gone, c)
}

// cardCirculates reports whether card c is in the deck, the discard pile or
// a hand.
func (s *State) cardCirculates(c int) bool {
	if cardIn(s.Deck, c) || cardIn(s.Discard, c) {
		return true
	}
	for p := range s.Powers {
		if cardIn(s.Powers[p].Hand, c) {
			return true
		}
	}
	return false
}

func cardIn(l []uint8, c int) bool {
	for _, x := range l {
		if int(x) == c {
			return true
		}
	}
	return false
}
