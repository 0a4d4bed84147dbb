package his

import (
	"fmt"
	"slices"
	"strings"

	"concordat/game"
)

// The 2-player variant (RULES.md §24.4): the Papacy against the Protestant.
// Option players=2 selects it (Rules.Setup). The other four major powers
// are not played: they hold no cards and take no part in the Card Draw,
// Diplomacy, Spring Deployment or Victory Determination; in the Action and
// Winter Phases they appear only while at war with a player power, and a
// player directs them then (seatOf): the Protestant the powers at war with
// the Papacy, the Papacy those at war with the Protestant (the Hapsburgs
// after the Schmalkaldic League). The variant's state beyond the six-player
// game is TwoP: the diplomatic deck (#201–#219, cards_diplomatic.go), the
// players' diplomatic hands and the Diplomacy Phase that replaces §9.
//
// Built as RULES.md says: the setup deltas, the 49 cards left out and the
// 2-player entry turns of the main deck, the Card Draw without New World
// riches, the Diplomacy Phase (the Papacy ending a war by suing for peace
// or by Papal Bull, the later diplomatic cards after the League, one
// diplomatic card drawn by each player and, from Turn 2, played by the
// Papacy then the Protestant), the Diet of Worms with the deck's top card
// for the Hapsburgs, Spring Deployment for the Papacy only and inside the
// German and Italian zones, impulses Papacy then Protestant (two
// consecutive passes end the phase), a card's CP spent on a directed
// power's moves, naval moves, assaults and control actions, the restricted
// map (control changes only in the German and Italian zones, Metz and
// Liège; the players' units move only there; the others' elsewhere only
// into spaces they control or independent ones), Winter (French, Hapsburg,
// Ottoman and Renegade leaders removed; their units that would have to go
// to their capital eliminated; one regular in Rome only; the
// Papal–Hapsburg alliance kept after the League; Edward VI and Mary I
// overdue on Turns 7 and 8), England's fixed timetable (Anne Boleyn on
// Turn 4, Edward and Elizabeth born before Turn 6, each English ruler's
// card the turn after the previous one's) and victory for the two players
// only, Domination needing an 8 VP lead.
//
// Mary I's procedure runs after each Protestant impulse (twoMary). In a
// window a directed power's Combat and Response cards come from its
// director's hand (handOwner), Landsknechts and Swiss Mercenaries never.
//
// Suing for peace reuses the six-player Peace segment's buy-back (§9.3
// steps 5–7, peaceBuys and buyBack): after removing its 2 units the Papacy
// may buy back each home key, and each set of two non-key home spaces, the
// enemy holds, for one more War Winner VP to the Protestant each (VP only:
// the enemy holds no cards). Steps 3 and 8's excommunication clause are
// not in §24.4 and are not applied.
//
// Not built (documented choices): the unverified 2-player text of City
// State Rebels (played as in the six-player game). The modified cards built: Schmalkaldic League,
// Papal Bull's Diplomacy Phase use, Dissolution of the Monasteries,
// Charles Bourbon, Sack of Rome.

// TwoP is the 2-player variant's own state.
type TwoP struct {
	// The diplomatic deck, its discard pile and the cards removed from it
	// (card indices; the deck is shuffled only when the later cards join
	// it and right after Machiavelli).
	Deck    []uint8 `json:"deck"`
	Discard []uint8 `json:"discard"`
	Gone    []uint8 `json:"removed,omitempty"`
	// Hands are the players' diplomatic cards (HID): 0 Papacy, 1 Protestant.
	Hands [2][]uint8 `json:"hands"`
	// Later: the cards #213–#219 have joined the deck (the turn after the
	// Schmalkaldic League).
	Later bool `json:"later,omitempty"`
	// Step is the Diplomacy Phase step in progress (0: not running).
	Step int `json:"step,omitempty"`
	// Must is the diplomatic card (index + 1) a player must play this turn
	// (Diplomatic Pressure, Spanish Inquisition); 0: free choice.
	Must [2]int `json:"must"`
	// Played are the diplomatic cards played this turn (Machiavelli may not
	// call one of them).
	Played []uint8 `json:"played,omitempty"`
	// Vienna lists the spaces whose Hapsburg and Hungarian units may not
	// take Move actions this turn (Siege of Vienna, #218).
	Vienna []int `json:"vienna,omitempty"`
	// ViennaAt: those spaces as the Diplomacy Phase began.
	ViennaAt []int `json:"vienna_at,omitempty"`
	// MaryAt is the impulse (State.Impulses) after which Mary I's roll
	// was last made.
	MaryAt int `json:"mary_at,omitempty"`
	// Buys are what the Papacy may still buy back from BuyFrom after suing
	// it for peace (§24.4: home spaces bought back with more VP; §9.3 steps
	// 5–7).
	Buys    []Buy `json:"buys,omitempty"`
	BuyFrom Power `json:"buy_from,omitempty"`
}

func (t *TwoP) clone() *TwoP {
	c := *t
	c.Deck = slices.Clone(t.Deck)
	c.Discard = slices.Clone(t.Discard)
	c.Gone = slices.Clone(t.Gone)
	c.Hands = [2][]uint8{slices.Clone(t.Hands[0]), slices.Clone(t.Hands[1])}
	c.Played = slices.Clone(t.Played)
	c.Vienna = slices.Clone(t.Vienna)
	c.ViennaAt = slices.Clone(t.ViennaAt)
	c.Buys = slices.Clone(t.Buys)
	return &c
}

// twoRemoved are the main-deck cards left out of the 2-player game (§24.4).
var twoRemoved = []int{1, 2, 3, 4, 9, 18, 30, 34, 40, 42, 48, 49, 50, 53, 54, 58, 59, 66, 68, 69, 72, 73, 74, 77, 80, 82, 83, 84, 86, 87, 89, 92, 93, 94, 96, 97, 98, 99, 100, 101, 103, 108, 110, 111, 112, 113, 114, 115, 116}

// twoEnters are the 2-player chart's entry turns where they differ from the
// card's own (the English rulers come by twoSuccession).
var twoEnters = map[int]int{47: 5}

// Hand index of a player in TwoP.Hands.
func twoIdx(p Power) int {
	if p == Protestant {
		return 1
	}
	return 0
}

// opponent is the other player.
func opponent(p Power) Power {
	if p == Papacy {
		return Protestant
	}
	return Papacy
}

// twoPlayer reports whether p is one of the two players' powers.
func twoPlayer(p Power) bool { return p == Papacy || p == Protestant }

// playsCards reports whether major p takes part in the Card Draw and holds
// cards: every power in the six-player game, the two players in the
// 2-player game.
func (s *State) playsCards(p Power) bool { return s.Two == nil || twoPlayer(p) }

// seatOf is the power whose seat answers a decision owed by p: p itself
// in the six-player game; in the 2-player game a minor's decisions go to
// its major ally's seat, and a non-player power's to the player directing
// it (director).
func (s *State) seatOf(p Power) Power {
	if s.Two == nil {
		return p
	}
	if p.Minor() {
		if a := s.MinorAllyOf(p); a != NoPower {
			p = a
		}
	}
	if twoPlayer(p) {
		return p
	}
	return s.director(p)
}

// director is the player who directs non-player power q: the Protestant
// while q is at war with the Papacy, the Papacy while q is at war with the
// Protestant; a power at war with neither (it has few decisions: a
// displacement, an event's placement) is answered by the Papacy, and one at
// war with both by the Protestant.
func (s *State) director(q Power) Power {
	switch {
	case s.AtWar(q, Papacy):
		return Protestant
	case s.AtWar(q, Protestant):
		return Papacy
	}
	return Papacy
}

// twoIdle reports whether p, in the 2-player game, is a non-player power
// (or a minor allied to one) at war with neither player: it takes no part
// in the Action or Winter Phase.
func (s *State) twoIdle(p Power) bool {
	if s.Two == nil {
		return false
	}
	if p.Minor() {
		p = s.MinorAllyOf(p)
		if p == NoPower {
			return false
		}
	}
	return !twoPlayer(p) && !s.AtWar(p, Papacy) && !s.AtWar(p, Protestant)
}

// twoZone reports whether sp may change political control in the 2-player
// game: the German and Italian language zones, Metz and Liège (§24.4 Map).
func twoZone(sp SpaceID) bool {
	l := Spaces[sp].Lang
	return l == LangGerman || l == LangItalian || sp == spMetz || sp == spLiege
}

var spMetz, spLiege, spRome, spPrague, spBrunn, spBreslau, spBuda, spBelgrade SpaceID

func init() {
	spMetz, spLiege, spRome = mustSpace("metz"), mustSpace("liege"), mustSpace("rome")
	spPrague, spBrunn, spBreslau = mustSpace("prague"), mustSpace("brunn"), mustSpace("breslau")
	spBuda, spBelgrade = mustSpace("buda"), mustSpace("belgrade")
}

// twoFixed reports whether sp keeps its controller all game (2-player).
func (s *State) twoFixed(sp SpaceID) bool { return s.Two != nil && !twoZone(sp) }

// twoBarred reports whether p's units may not enter sp in the 2-player game:
// the players' units (and their minors') never leave the German and Italian
// zones; the other powers' enter spaces outside them only when they control
// them or they are independent (§24.4 Other rules: Movement).
func (s *State) twoBarred(p Power, sp SpaceID) bool {
	if s.Two == nil {
		return false
	}
	if p.Minor() {
		if a := s.MinorAllyOf(p); a != NoPower {
			p = a
		}
	}
	l := Spaces[sp].Lang
	inZones := l == LangGerman || l == LangItalian
	if inZones {
		return false
	}
	if twoPlayer(p) {
		return true
	}
	c := s.Spaces[sp].Ctl
	return !(s.ControlledBy(sp, p) || c == Independent)
}

// setupTwo turns a fresh 1517 state into the 2-player setup (§24.4 Setup
// deltas): land stacks outside the German and Italian zones reduced to one
// regular; naval units only in Marseille, Genoa, Naples, Venice and Rome;
// Prague, Brünn and Breslau Hapsburg; Hungary-Bohemia a Hapsburg ally, Buda
// and Belgrade Ottoman with a regular each; Andrea Doria the only leader on
// the map; no wars. The 49 cards of twoRemoved leave the game, and the
// diplomatic deck (#201–#212) is shuffled.
func (s *State) setupTwo() {
	t := &TwoP{}
	s.Two = t
	s.War = [NumPowers]uint16{}
	keepNaval := map[string]bool{"marseille": true, "genoa": true, "naples": true, "venice": true, "rome": true}
	for i := range s.Spaces {
		l := Spaces[i].Lang
		for p := Power(0); p < NumPowers; p++ {
			u := &s.Spaces[i].Units[p]
			if !keepNaval[Spaces[i].ID] {
				u.Sq, u.Cor = 0, 0
			}
			if u.Land() > 0 && l != LangGerman && l != LangItalian {
				*u = Units{Reg: 1, Sq: u.Sq, Cor: u.Cor}
			}
		}
	}
	for i := range s.Seas {
		s.Seas[i].Units = [NumPowers]Units{}
	}
	for _, sp := range []SpaceID{spPrague, spBrunn, spBreslau} {
		s.Spaces[sp].Ctl = Hapsburg
	}
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	for _, sp := range []SpaceID{spBuda, spBelgrade} {
		s.Spaces[sp].Ctl = Ottoman
		s.Spaces[sp].Units[Hungary] = Units{}
		s.Spaces[sp].Units[Ottoman] = Units{Reg: 1}
	}
	doria, _ := LeaderByID("andrea_doria")
	for i := range s.Leaders {
		if i != doria {
			s.Leaders[i] = LeaderState{Loc: OffMap, Captor: NoPower}
		}
	}
	for _, n := range twoRemoved {
		c := mustCard(n)
		s.Deck = withoutCard(s.Deck, c)
		s.Gone = append(s.Gone, uint8(c))
	}
	for i, c := range Cards {
		if c.Diplo && c.Number <= 212 {
			t.Deck = append(t.Deck, uint8(i))
		}
	}
	s.RNG.Shuffle(len(t.Deck), func(i, j int) { t.Deck[i], t.Deck[j] = t.Deck[j], t.Deck[i] })
}

// twoCardDraw is the 2-player Card Draw's own steps, before the shuffle:
// England's fixed timetable (Henry VIII marries Anne Boleyn on Turn 4;
// Edward and Elizabeth are born before Turn 6) and the English ruler cards
// (Edward VI on Turn 6, Mary I from the first turn Edward VI rules,
// Elizabeth I from the first turn Mary I rules).
func (s *State) twoCardDraw() {
	if s.Turn == 4 && s.Marital < 2 {
		s.Marital, s.AnneTurn = 2, 4
		s.emit("marriage", "Henry VIII marries Anne Boleyn (2-player timetable)")
	}
	if s.Turn == 5 {
		s.Pregnancy |= 1<<4 | 1<<6
		s.emit("marriage", "Edward and Elizabeth are born (2-player timetable)")
	}
	add := func(n int) {
		c := mustCard(n)
		if s.cardInPlay(c) {
			return
		}
		s.Deck = append(s.Deck, uint8(c))
		s.emit("cards", fmt.Sprintf("#%d %s joins the deck", n, Cards[c].Name))
	}
	switch ruler := Rulers[s.Powers[England].Ruler].Name; {
	case s.Turn >= 6 && ruler == "Henry VIII":
		add(19)
	case ruler == "Edward VI":
		add(21)
	case ruler == "Mary I":
		add(23)
	}
}

// cardEnters is the turn main-deck card c joins the deck at the Card Draw
// (0: never by this rule).
func (s *State) cardEnters(c int) int {
	ci := &Cards[c]
	if s.Two == nil {
		return ci.Enters
	}
	if cardIn(s.Gone, c) && slices.Contains(twoRemoved, ci.Number) {
		return 0
	}
	if n, ok := twoEnters[ci.Number]; ok {
		return n
	}
	return ci.Enters
}

// twoLeague is the 2-player part of the Schmalkaldic League (#13, modified
// card): the Papacy and the Hapsburgs make peace, if at war, and are allied
// for the rest of the game; the later diplomatic cards join at the start
// of the next turn (twoDiplomacy).
func (s *State) twoLeague() {
	if s.Two == nil {
		return
	}
	s.setWar(Papacy, Hapsburg, false)
	s.setAlly(Papacy, Hapsburg, true)
	s.emit("war", "the Papacy and the Hapsburgs are allied for the rest of the game")
}

// twoKeepAlliance restores the lasting Papal–Hapsburg alliance after
// Winter ends the turn's alliances.
func (s *State) twoKeepAlliance() {
	if s.Two != nil && s.League {
		s.setAlly(Papacy, Hapsburg, true)
	}
}

// twoWinterLeaders removes the French, Hapsburg, Ottoman and Renegade army
// leaders from the map in Winter (they come back only by Invasion cards).
func (s *State) twoWinterLeaders() {
	if s.Two == nil {
		return
	}
	for i, l := range Leaders {
		if l.Naval || (l.Power != France && l.Power != Hapsburg && l.Power != Ottoman && l.ID != "renegade") {
			continue
		}
		if st := s.Leaders[i]; st.Loc >= 0 || st.Captor != NoPower {
			s.Leaders[i] = LeaderState{Loc: OffMap, Captor: NoPower}
			s.emit("winter", Leaders[i].Name+" leaves the map")
		}
	}
}

// firstImpulse and nextImpulse give the Action Phase's order: Impulse
// Order, or in the 2-player game the Papacy then the Protestant.
func (s *State) firstImpulse() Power {
	if s.Two != nil {
		return Papacy
	}
	return Ottoman
}

func (s *State) nextImpulse(p Power) Power {
	if s.Two != nil {
		return opponent(p)
	}
	return (p + 1) % NumMajors
}

// passesToEnd is the number of consecutive passes that ends the Action
// Phase: one per player.
func (s *State) passesToEnd() int {
	if s.Two != nil {
		return 2
	}
	return NumMajors
}

// dietCP is what a card committed to the Diet of Worms is worth: its CP,
// but a Mandatory Event drawn from the deck for the Hapsburgs in the
// 2-player game counts 2.
func (s *State) dietCP(c int) int {
	if s.Two != nil && Cards[c].Type == MandatoryCard {
		return 2
	}
	return Cards[c].CP
}

// twoDietCard gives the Hapsburgs the top card of the deck as their Diet of
// Worms card (2-player); -2 when the deck is empty.
func (s *State) twoDietCard() int {
	if len(s.Deck) == 0 {
		return -2
	}
	c := int(s.Deck[len(s.Deck)-1])
	s.Deck = s.Deck[:len(s.Deck)-1]
	s.Powers[Hapsburg].Hand = append(s.Powers[Hapsburg].Hand, uint8(c))
	s.emit("diet", fmt.Sprintf("the Hapsburgs' card is the deck's top card: #%d %s", Cards[c].Number, Cards[c].Name))
	return c
}

// twoVictory is Victory Determination in the 2-player game: Standard,
// Domination (an 8 VP lead, Turn 4 on) and Time Limit between the two
// players only. It reports whether the game ended.
func (s *State) twoVictory(vp [NumMajors]int) bool {
	pa, pr := vp[Papacy], vp[Protestant]
	lead := func() (Power, int) {
		if pa > pr {
			return Papacy, pa
		}
		return Protestant, pr
	}
	switch {
	case pa >= 25 || pr >= 25:
		if pa != pr {
			w, v := lead()
			s.endGame(fmt.Sprintf("Standard victory: %s with %d VP", w, v), w)
			return true
		}
	case s.Turn >= 4 && (pa >= pr+8 || pr >= pa+8):
		w, v := lead()
		s.endGame(fmt.Sprintf("Domination victory: %s with %d VP", w, v), w)
		return true
	}
	if s.Turn < 9 && !(pa >= 25 && pa == pr) {
		return false
	}
	if pa == pr {
		// earlier turns' totals break the tie (V2), then a shared victory
		for i := len(s.VPHistory) - 2; i >= 0; i-- {
			a, b := s.VPHistory[i][Papacy], s.VPHistory[i][Protestant]
			if a != b {
				w := Papacy
				if b > a {
					w = Protestant
				}
				s.endGame(fmt.Sprintf("%s: %s with %d VP (tie broken on turn %d)", victoryKind(pa), w, pa, i+1), w)
				return true
			}
		}
		s.endGame(fmt.Sprintf("%s: shared by papacy, protestant with %d VP", victoryKind(pa), pa), Papacy, Protestant)
		return true
	}
	w, v := lead()
	s.endGame(fmt.Sprintf("Time limit victory: %s with %d VP", w, v), w)
	return true
}

func victoryKind(vp int) string {
	if vp >= 25 {
		return "Standard victory"
	}
	return "Time limit victory"
}

// twoSpringOK: in the 2-player game only the Papacy deploys, and never
// outside the German and Italian zones.
func (s *State) twoSpringOK(p Power, sp SpaceID) bool {
	if s.Two == nil {
		return true
	}
	l := Spaces[sp].Lang
	return p == Papacy && (l == LangGerman || l == LangItalian)
}

// Decision kinds of the 2-player Diplomacy Phase.
const (
	kTwoPeace = "twop.peace"     // the Papacy: end a war (sue for peace, Papal Bull) or not
	kTwoPlay  = "twop.play"      // a player plays a diplomatic card
	kTwoLoss  = "twop.peace_ss"  // the Papacy removes a unit after suing for peace
	kTwoBuy   = "twop.peace_buy" // the Papacy buys back a home space after suing for peace
)

// Steps of the 2-player Diplomacy Phase.
const (
	tsOff = iota
	tsPeace
	tsLater
	tsDraw
	tsPapal
	tsProt
	tsDone
)

// startTwoDiplomacy begins the 2-player Diplomacy Phase (§24.4 Sequence 3).
func (s *State) startTwoDiplomacy() {
	t := s.Two
	t.Step, t.Must, t.Played = tsPeace, [2]int{}, t.Played[:0]
	t.Vienna, t.ViennaAt = nil, s.viennaStart()
	s.emit("phase", fmt.Sprintf("turn %d: Diplomacy (2-player)", s.Turn))
}

// twoPeaceWars lists the wars the Papacy may end now: with France, the
// Hapsburgs or the Ottomans (never with the Protestant).
func (s *State) twoPeaceWars() []Power {
	var out []Power
	for _, q := range []Power{Ottoman, Hapsburg, France, England} {
		if s.War[Papacy]&bit(q) != 0 {
			out = append(out, q)
		}
	}
	return out
}

// stepTwoDiplo advances the 2-player Diplomacy Phase (a procedure: it runs
// after any card procedure its cards start).
func (s *State) stepTwoDiplo() bool {
	t := s.Two
	if t == nil || t.Step == tsOff {
		return false
	}
	switch t.Step {
	case tsPeace:
		if len(t.Buys) > 0 { // after the 2 units are removed (§9.3 step 4, then 5–7)
			s.push(kTwoBuy, Papacy)
			return true
		}
		if s.Turn > 1 && len(s.twoPeaceWars()) > 0 {
			s.push(kTwoPeace, Papacy)
			return true
		}
		t.Step = tsLater
	case tsLater:
		if s.League && !t.Later {
			t.Later = true
			for i, c := range Cards {
				if c.Diplo && c.Number >= 213 {
					t.Deck = append(t.Deck, uint8(i))
				}
			}
			t.Deck = append(t.Deck, t.Discard...)
			t.Discard = t.Discard[:0]
			s.RNG.Shuffle(len(t.Deck), func(i, j int) { t.Deck[i], t.Deck[j] = t.Deck[j], t.Deck[i] })
			s.emit("cards", "the later diplomatic cards (#213–#219) join the diplomatic deck, reshuffled with its discards")
		}
		t.Step = tsDraw
	case tsDraw:
		s.drawDiplomatic(Papacy)
		s.drawDiplomatic(Protestant)
		t.Step = tsPapal
	case tsPapal, tsProt:
		p := Papacy
		if t.Step == tsProt {
			p = Protestant
		}
		t.Step++
		if s.Turn >= 2 && len(t.Hands[twoIdx(p)]) > 0 {
			s.push(kTwoPlay, p)
		}
	default:
		t.Step = tsOff
	}
	return true
}

// drawDiplomatic gives p the diplomatic deck's top card, if any.
func (s *State) drawDiplomatic(p Power) {
	t := s.Two
	if len(t.Deck) == 0 {
		s.emit("cards", "the diplomatic deck is empty: "+p.String()+" draws nothing")
		return
	}
	c := t.Deck[len(t.Deck)-1]
	t.Deck = t.Deck[:len(t.Deck)-1]
	t.Hands[twoIdx(p)] = append(t.Hands[twoIdx(p)], c)
	s.emitTo("draw", fmt.Sprintf("%s draws diplomatic card #%d %s", p, Cards[c].Number, Cards[c].Name), p)
}

// twoPlayChoices are the diplomatic cards p may play: the one it must play,
// else any it holds. A card must be played even if it helps the opponent.
func (s *State) twoPlayChoices(p Power) []game.Choice {
	t := s.Two
	var out []game.Choice
	for _, c := range t.Hands[twoIdx(p)] {
		if m := t.Must[twoIdx(p)]; m != 0 && int(c) != m-1 {
			continue
		}
		out = append(out, game.Choice{Label: fmt.Sprintf("#%d %s", Cards[c].Number, Cards[c].Name), Value: Cards[c].num})
	}
	return out
}

// peaceChoices: keep the wars, or end one by suing for peace or (holding
// Papal Bull, against France or the Hapsburgs) by Papal Bull.
func (s *State) twoPeaceChoices() []game.Choice {
	out := []game.Choice{{Label: "end no war", Value: "none"}}
	for _, q := range s.twoPeaceWars() {
		out = append(out, game.Choice{Label: "sue for peace with " + q.String() + " (remove 2 Papal units; the Protestant gains 1 War Winner VP)", Value: "sue:" + q.String()})
		if (q == France || q == Hapsburg) && s.holds(Papacy, mustCard(5)) && s.ExRulers&bit(q) == 0 {
			out = append(out, game.Choice{Label: "Papal Bull: excommunicate " + Rulers[s.Powers[q].Ruler].Name + " and end the war", Value: "bull:" + q.String(), Next: s.bullReturns(q)})
		}
	}
	return out
}

// bullReturns are the Papal Bull peace's gains: a Papal home space q holds
// back, or a card.
func (s *State) bullReturns(q Power) []game.Choice {
	out := []game.Choice{{Label: "draw a card", Value: "card"}}
	for _, sp := range homeSpacesOf[Papacy] {
		if s.Spaces[sp].Ctl == q {
			out = append(out, game.Choice{Label: "regain " + Spaces[sp].Name, Value: Spaces[sp].ID})
		}
	}
	return out
}

func (s *State) resolveTwoPeace(path []string) {
	if path[0] == "none" {
		s.Two.Step = tsLater
		return
	}
	kind, qs, _ := strings.Cut(path[0], ":")
	q, _ := ParsePower(qs)
	s.setWar(Papacy, q, false)
	s.PeaceThisTurn[Papacy] |= bit(q)
	s.PeaceThisTurn[q] |= bit(Papacy)
	if kind == "bull" {
		s.removeFromHand(Papacy, mustCard(5))
		s.ExRulers |= bit(q)
		s.Powers[q].ExcomOn = s.Turn
		s.emit("peace", fmt.Sprintf("Papal Bull: %s is excommunicated; the Papacy and %s make peace", Rulers[s.Powers[q].Ruler].Name, q))
		if path[1] == "card" {
			s.drawFromDeck(Papacy)
		} else {
			sp := mustSpace(path[1])
			s.takeControl(sp, Papacy)
			s.displace(sp, q)
		}
		return
	}
	s.Powers[Protestant].WarVP++
	s.emit("peace", fmt.Sprintf("the Papacy sues for peace with %s: the Protestant gains 1 War Winner VP; the Papacy removes 2 units", q))
	s.Two.Buys, s.Two.BuyFrom = s.peaceBuys(Papacy, q), q
	for range 2 {
		if len(s.papalUnitChoices()) > 0 {
			s.push(kTwoLoss, Papacy)
		}
	}
}

// papalUnitChoices are the spaces holding Papal land units (one is removed
// per answer).
func (s *State) papalUnitChoices() []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		if s.Spaces[i].Units[Papacy].Land() > 0 {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: unitKinds(s.Spaces[i].Units[Papacy], false)})
		}
	}
	return out
}

// directable lists the non-player powers p may spend a card's CP for: those
// at war with p's opponent (§24.4 Sequence 6).
func (s *State) directable(p Power) []Power {
	if s.Two == nil || !twoPlayer(p) {
		return nil
	}
	var out []Power
	for _, q := range []Power{Ottoman, Hapsburg, England, France} {
		if s.AtWar(q, opponent(p)) && !s.AtWar(q, p) {
			out = append(out, q)
		}
	}
	return out
}

// directedActions are the actions a player may spend on a directed power's
// behalf: move formation, naval move, assault, control unfortified space.
var directedActions = map[string]bool{"move": true, "naval": true, "assault": true, "control": true}

// twoActionBarred reports whether action id is barred for the impulse's
// power p in the 2-player game: a directed power takes only
// directedActions.
func (s *State) twoActionBarred(p Power, id string) bool {
	return s.Two != nil && !twoPlayer(p) && !directedActions[id]
}

// directChoices is the impulse's option of playing a card for a directed
// power's CP.
func (s *State) directChoices(p Power, cp []game.Choice) []game.Choice {
	qs := s.directable(p)
	if len(qs) == 0 || len(cp) == 0 {
		return nil
	}
	var next []game.Choice
	for _, q := range qs {
		next = append(next, game.Choice{Label: "for " + q.String(), Value: q.String(), Next: cp})
	}
	return []game.Choice{{Label: "play a card for the CP of a power you direct", Value: "direct", Next: next}}
}

// resolveDirect plays card c for CP spent on q's behalf.
func (s *State) resolveDirect(p, q Power, c int) {
	s.playCard(p, c)
	s.Act = &Act{Power: q, CP: Cards[c].CP, Card: c}
	s.emit("cp", fmt.Sprintf("%s spends %d CP for %s", p, Cards[c].CP, q))
}

// viennaBarred reports whether q's units in sp may not take Move actions
// this turn (Siege of Vienna, #218).
func (s *State) viennaBarred(q Power, sp SpaceID) bool {
	if s.Two == nil || len(s.Two.Vienna) == 0 || (q != Hapsburg && q != Hungary) {
		return false
	}
	return slices.Contains(s.Two.Vienna, int(sp))
}

func init() {
	registerProc(400, (*State).stepTwoDiplo)
	registerDecision(kTwoPeace, &decisionDef{
		text: func(s *State, d Decision) string {
			return "Diplomacy (2-player): end a war by suing for peace or by Papal Bull, or not"
		},
		choices: func(s *State, d Decision) []game.Choice { return s.twoPeaceChoices() },
		resolve: func(s *State, d Decision, path []string) { s.resolveTwoPeace(path) },
	})
	registerDecision(kTwoLoss, &decisionDef{
		text: func(s *State, d Decision) string { return "peace: remove a Papal unit" },
		choices: func(s *State, d Decision) []game.Choice {
			ch := s.papalUnitChoices()
			if len(ch) == 0 {
				return []game.Choice{{Label: "no Papal unit left", Value: "none"}}
			}
			return ch
		},
		resolve: func(s *State, d Decision, path []string) {
			if path[0] == "none" {
				return
			}
			sp := mustSpace(path[0])
			u := &s.Spaces[sp].Units[Papacy]
			l := oneUnit(path[1])
			u.Reg -= l.Reg
			u.Merc -= l.Merc
			s.emit("peace", "the Papacy removes a unit in "+Spaces[sp].Name)
			s.unitsLost(sp)
		},
	})
	registerDecision(kTwoBuy, &decisionDef{
		text: func(s *State, d Decision) string {
			return "peace: buy back " + s.Two.Buys[0].label() + " from " + s.Two.BuyFrom.String() + " for 1 more War Winner VP to the Protestant, or not"
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "do not buy back", Value: "no"}, {Label: "pay the Protestant 1 War Winner VP", Value: "vp"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			t := s.Two
			b := t.Buys[0]
			t.Buys = t.Buys[1:]
			if len(t.Buys) == 0 {
				t.Buys = nil
			}
			if path[0] == "no" {
				s.emit("peace", "the Papacy does not buy back "+b.label())
				return
			}
			s.Powers[Protestant].WarVP++
			s.buyBack(Papacy, t.BuyFrom, b)
			s.emit("peace", fmt.Sprintf("the Papacy buys back %s from %s: the Protestant gains 1 War Winner VP", b.label(), t.BuyFrom))
		},
	})
	registerDecision(kTwoPlay, &decisionDef{
		text: func(s *State, d Decision) string {
			return "Diplomacy (2-player): play a diplomatic card (it must be played, even if it helps the opponent)"
		},
		choices: func(s *State, d Decision) []game.Choice { return s.twoPlayChoices(d.Power) },
		resolve: func(s *State, d Decision, path []string) { s.playDiplomatic(d.Power, mustCard(atoi(path[0]))) },
	})
}

// TwoView is the 2-player variant's part of a seat's view: the diplomatic
// deck's size, its discard pile and removed cards, each player's number of
// diplomatic cards and the seat's own, the powers each player directs now,
// and the spaces Siege of Vienna keeps from moving.
type TwoView struct {
	Deck      int                 `json:"diplomatic_deck"`
	Discard   []CardView          `json:"diplomatic_discard"`
	Removed   []CardView          `json:"diplomatic_removed"`
	HandSizes map[string]int      `json:"diplomatic_hand_sizes"`
	Hand      []CardView          `json:"diplomatic_hand,omitempty"` // the seat's own (HID)
	Directs   map[string][]string `json:"directs"`
	Vienna    []string            `json:"vienna_barred,omitempty"`
}

func (s *State) twoView(seat game.Seat) *TwoView {
	t := s.Two
	if t == nil {
		return nil
	}
	v := &TwoView{Deck: len(t.Deck), Discard: cardViews(t.Discard), Removed: cardViews(t.Gone),
		HandSizes: map[string]int{}, Directs: map[string][]string{}}
	for _, p := range []Power{Papacy, Protestant} {
		v.HandSizes[p.String()] = len(t.Hands[twoIdx(p)])
		if string(seat) == p.String() {
			v.Hand = cardViews(t.Hands[twoIdx(p)])
		}
		ds := []string{}
		for _, q := range s.directable(p) {
			ds = append(ds, q.String())
		}
		v.Directs[p.String()] = ds
	}
	for _, sp := range t.Vienna {
		v.Vienna = append(v.Vienna, Spaces[sp].ID)
	}
	return v
}

// twoMary is Mary I's procedure in the 2-player game (§24.4 England runs
// itself): after each Protestant impulse, unless every English home space
// in the English zone is Catholic, the Papacy rolls a die; on 5–6 it draws
// the deck's top card and acts in the English zone by its CP: 1–2 Burn
// Books, 3 a debate, 4 or more both (the card is then spent, to the discard
// pile). It reports whether it rolled (once per Protestant impulse).
func (s *State) twoMary() bool {
	t := s.Two
	if t == nil || s.Impulse != Protestant || t.MaryAt == s.Impulses || !s.maryImpulse() {
		return false
	}
	t.MaryAt = s.Impulses
	d := s.Die()
	if d < 5 || len(s.Deck) == 0 {
		s.emit("mary", fmt.Sprintf("Mary I: the Papacy rolls %d after the Protestant impulse: nothing", d))
		return true
	}
	c := int(s.Deck[len(s.Deck)-1])
	s.Deck = s.Deck[:len(s.Deck)-1]
	s.Discard = append(s.Discard, uint8(c))
	cp := Cards[c].CP
	s.emit("mary", fmt.Sprintf("Mary I: the Papacy rolls %d and draws #%d %s (%d CP) to act in the English zone", d, Cards[c].Number, Cards[c].Name, cp))
	if cp >= 3 {
		s.MaryDebate = true
	}
	if cp != 3 {
		if len(s.maryBurnChoices()) > 1 {
			s.push(kMaryBurn, Papacy)
		} else {
			s.maryBurn("none")
		}
	}
	return true
}

// handOwner is the power whose hand p's Combat and Response cards come
// from: p itself; in the 2-player game the player directing p while p is
// at war with a player (NoPower while it is at war with neither: it plays
// no card).
func (s *State) handOwner(p Power) Power {
	if s.Two == nil || twoPlayer(p) || !p.Major() {
		return p
	}
	if s.twoIdle(p) {
		return NoPower
	}
	return s.director(p)
}

// directedCard reports whether a player may play card n for a power it
// directs: any Combat or Response card but Landsknechts and Swiss
// Mercenaries (§24.4 Sequence 6).
func directedCard(n int) bool { return n != 33 && n != 36 }
