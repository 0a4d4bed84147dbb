package his

import (
	"fmt"
	"slices"
	"strconv"

	"concordat/game"
)

// The card framework (CARDS.md §0): response and combat windows, the play of
// a card inside one, card effects that last beyond their play, and the
// registry that tells which card events are built.
//
// # Response and combat windows
//
// A window is a timing point at which the rules let powers play a Response
// or Combat card (CARDS.md §0.2). The procedure that reaches one (a Move
// paid for, a field battle before its dice …) opens it (openWindow) and
// waits until State.Window is nil again. The window asks its seats one at a
// time, in the rules' order (the attacker first, then each defending power;
// for "any power but the active one" the others in Impulse Order after the
// active power), with a decision of the window's kind; each seat answers
// "pass", "waive" (pass now and in every later window of this impulse), or
// a card it may play there with the card's choices. In a combat window a
// seat that played a card is asked again (several combat cards may be
// declared, §14 step 5).
//
// Who is asked. A seat's hand is hidden, and asking only the seats that hold
// a playable card would tell everyone else that the seats not asked hold
// none. So by default (option responses=all) a seat is asked when, on
// public information alone, it could play a card there: the rules let that
// power play one of the window's cards now (its conditions are public: the
// power, the units in the battle, Mary I …), such a card is not known to be
// elsewhere (the discard pile, removed, played this turn, a Home card on its
// power card), and the seat holds cards that are not known (its hand holds
// more than its own unplayed Home cards; Home cards are public). Whether a
// seat is asked thus depends only on what every seat can see, and the
// engine never answers for a seat. The cost is time: a seat that holds
// nothing playable must still answer (a human at a deadline, a bot at
// once); a window's first option, "pass", is its default when the deadline
// passes, and "waive" lets a seat stop being asked for the rest of the
// impulse (its choice, which tells nothing certain about its hand). The
// option responses=holders asks only seats that do hold a playable card:
// faster, but every seat then learns that a seat not asked holds none (the
// auto-pass of some online implementations; RULES.md §26.2 asks for it as a
// per-game option).
//
// A window's trigger cards decide who is asked; a seat that is asked is
// also offered the cards playable "at any response moment" (Landsknechts
// and Swiss Mercenaries as free-standing placements, Halley's Comet) in
// every response window, but these never open a window or bring a seat to
// be asked on their own (CARDS.md §0.2's window "after any action, event,
// naval combat or assault" would ask every seat after every action; they
// are played as the event of one's own impulse, or in the windows that open
// anyway).
//
// # The play of a card in a window
//
// A card played in a window counts as played as an event (§6.1): it is
// recorded in State.Evented (no card is played as an event twice in a turn,
// and it limits retrieval from the discard pile), goes to the discard pile,
// or leaves the game when the card list marks it for removal (Home cards go
// back to their power card), and its effect happens (respDef.play).

// winKind is a timing point where Response and Combat cards may be played.
type winKind uint8

// The windows (CARDS.md §0.2).
const (
	winNone      winKind = iota
	winMove              // §13.1 step 4: a Move paid for (Foul Weather, Gout)
	winAssault           // §15.1 step 2: an assault declared (Foul Weather, Gout; then the attacker's Landsknechts, Swiss Mercenaries)
	winNaval             // §16.1 step 3, §16.3, §16.4: a naval move, transport or piracy declared (Foul Weather; Gout for a transport with leaders)
	winEmperor           // #2 Holy Roman Emperor: Charles V's jump announced (Gout)
	winEvent             // an event declared, before it resolves (The Wartburg)
	winBull              // Papal Bull declared against Cranmer (Thomas Cromwell)
	winBattle            // §14 step 1: before a field battle's dice (Landsknechts, Swiss Mercenaries)
	winCombat            // §14 steps 4–5: a field battle's combat cards
	winRolled            // §14 step 7: after both sides rolled (Janissaries)
	winSiege             // §15.1 steps 5–6: an assault's combat cards
	winBreach            // §15.1 step 8: after an assault's dice (Siege Artillery)
	winSea               // §16.2 steps 3–4: a naval combat's combat cards (Arquebusiers)
	winSeaRolled         // §16.2 step 6: after a naval combat's dice (Janissaries, Professional Rowers)
	winNavalRoll         // §16.1: after an interception or avoid-battle roll (Professional Rowers)
	numWindows
)

// winMask is a set of windows.
type winMask uint32

func (k winKind) mask() winMask { return 1 << k }

// windowKinds are the decision kinds of the windows.
var windowKinds = [numWindows]string{"", "response.move", "response.assault", "response.naval", "response.emperor",
	"response.event", "response.bull", "response.battle", "combat.battle", "combat.battle_rolled", "combat.assault",
	"response.assault_rolled", "combat.naval", "combat.naval_rolled", "response.naval_roll"}

// responseWindows are the windows of Response cards (the others are combat
// windows): the cards playable at any response moment are offered there.
const responseWindows = 1<<winMove | 1<<winAssault | 1<<winNaval | 1<<winEmperor | 1<<winEvent | 1<<winBull |
	1<<winBattle | 1<<winBreach | 1<<winSeaRolled | 1<<winNavalRoll

// combatWindows re-ask a seat that played a card (several may be declared).
const combatWindows = 1<<winCombat | 1<<winSiege | 1<<winSea

// Window is a response or combat window in progress (State.Window).
type Window struct {
	Kind winKind `json:"kind"`
	// Power is the power whose action, event or battle opened the window
	// (the active power; the attacker).
	Power Power `json:"power"`
	// Queue is the seats still to be asked, in order; Asking the one asked
	// now.
	Queue  []Power `json:"queue,omitempty"`
	Asking Power   `json:"asking"`
	// The action the window interrupts and waits on (winMove, winAssault,
	// winNaval for transport and piracy): its id, path and CP paid; it is
	// carried out when the window closes, unless Cancelled.
	Action string   `json:"action,omitempty"`
	Path   []string `json:"path,omitempty"`
	Cost   int      `json:"cost,omitempty"`
	// Leaders are the army leaders of the formation (Gout's targets).
	Leaders []int `json:"leaders,omitempty"`
	// Space is the space (or location) concerned, -1 if none.
	Space int `json:"space"`
	// Card is the card declared as an event (winEvent), and Player who
	// declared it; Effective whether it would take effect.
	Card   int   `json:"card"`
	Player Power `json:"player"`
	// Roll is the interception or avoid-battle total (winNavalRoll).
	Roll int `json:"roll,omitempty"`
	// Treachery: the assault is Treachery!'s (Foul Weather may not stop it).
	Treachery bool `json:"treachery,omitempty"`
	// Cancelled: a card stopped what the window interrupts.
	Cancelled bool `json:"cancelled,omitempty"`
	// Played lists the cards played in this window, in order.
	Played []int `json:"played,omitempty"`
}

func (w *Window) clone() *Window {
	c := *w
	c.Queue = slices.Clone(w.Queue)
	c.Path = slices.Clone(w.Path)
	c.Leaders = slices.Clone(w.Leaders)
	c.Played = slices.Clone(w.Played)
	return &c
}

// respDef is a card's use inside windows (Response and Combat cards,
// Janissaries' dice).
type respDef struct {
	// windows the card may be played in; trigger those of them in which a
	// seat that could play it is asked (the others only offer it to a seat
	// asked anyway).
	windows, trigger winMask
	// may reports whether p may play the card in w now, from public
	// information only (never from hands): it decides who is asked.
	may func(s *State, w *Window, p Power) bool
	// choices are the options after the card's number (nil: none; an empty
	// list means it cannot be played now).
	choices func(s *State, w *Window, p Power) []game.Choice
	// play carries it out; the card has left p's hand.
	play func(s *State, w *Window, p Power, path []string)
}

// respDefs is keyed by the card's printed number.
var respDefs = map[int]*respDef{}

// registerResponse adds a card's use in windows.
func registerResponse(number int, d *respDef) {
	if _, dup := respDefs[number]; dup {
		panic(fmt.Sprintf("his: response #%d registered twice", number))
	}
	if d.trigger&^d.windows != 0 {
		panic(fmt.Sprintf("his: response #%d triggers windows it is not played in", number))
	}
	respDefs[number] = d
	for k := winKind(1); k < numWindows; k++ {
		if d.trigger&k.mask() != 0 {
			windowTriggers[k] = append(windowTriggers[k], number)
		}
	}
}

// windowTriggers lists, per window, the cards whose players are asked.
var windowTriggers [numWindows][]int

// ImpulseFx are the card effects that last until the end of the impulse
// (CARDS.md §1.2), cleared when the next impulse begins.
type ImpulseFx struct {
	// Foul: bit p — Foul Weather (#31) was played against p: its land units
	// move at most one space in all this impulse; no assault, piracy, naval
	// move or naval transport.
	Foul uint16 `json:"foul,omitempty"`
	// Gout: army leaders who may not move or assault this impulse (#32).
	Gout []int `json:"gout,omitempty"`
	// Waived: bit p — p passes every window until the impulse ends.
	Waived uint16 `json:"waived,omitempty"`
	// Moved: where the land units moved by Move actions this impulse
	// arrived (Foul Weather stops them from moving again).
	Moved []Defeat `json:"moved,omitempty"`
	// Fresh: cards taken from another hand this impulse, playable only from
	// a later impulse (CARDS.md §0.1 item 8).
	Fresh []int `json:"fresh,omitempty"`
	// Roxelana: Suleiman's formation may make one free assault (#42);
	// Suleiman: bit p — p may send Suleiman to Istanbul for 2 CP (#42).
	Roxelana bool   `json:"roxelana,omitempty"`
	Suleiman uint16 `json:"suleiman,omitempty"`
}

func (f *ImpulseFx) clone() ImpulseFx {
	c := *f
	c.Gout = slices.Clone(f.Gout)
	c.Moved = slices.Clone(f.Moved)
	c.Fresh = slices.Clone(f.Fresh)
	return c
}

// TurnFx are the card effects that last until the end of the turn (CARDS.md
// §1.2), cleared in the Winter Phase (or, where the card says so, at the
// next Card Draw Phase). The older turn markers (Augsburg Confession,
// Printing Press, The Wartburg, Thomas More) are State's own fields.
type TurnFx struct {
	// Skip: bit p — p's next impulse is skipped (Halley's Comet, #38).
	Skip uint16 `json:"skip,omitempty"`
	// Cromwell: England's Publish Treatise costs 2 CP (#115).
	Cromwell bool `json:"cromwell,omitempty"`
	// Julia: Julia Gonzaga waits for the first piracy hit in the
	// Tyrrhenian Sea (#84).
	Julia bool `json:"julia,omitempty"`
	// NoExplore / NoConquer: bit p — p's voyage of that kind was cancelled
	// and it may not start another this turn (#77, #98).
	NoExplore uint16 `json:"no_explore,omitempty"`
	NoConquer uint16 `json:"no_conquer,omitempty"`
	// Away: army leaders removed until the next Card Draw Phase (#103).
	Away []int `json:"away,omitempty"`
	// Fewer: bit p — p is dealt one card fewer at the next Card Draw (#79).
	Fewer uint16 `json:"fewer,omitempty"`
}

func (f *TurnFx) clone() TurnFx {
	c := *f
	c.Away = slices.Clone(f.Away)
	return c
}

// endTurnFx clears the effects that last until the end of the turn (the
// Winter Phase); Fuggers' marker waits for the next deal, and leaders away
// until the next Card Draw Phase for it (cardDraw).
func (s *State) endTurnFx() {
	s.TurnFx = TurnFx{Fewer: s.TurnFx.Fewer, Away: s.TurnFx.Away}
	s.startImpulseFx() // the last impulse's effects end with the phase
}

// --- windows ---

// othersFrom lists the major powers after p in Impulse Order, p excluded.
func othersFrom(p Power) []Power {
	out := make([]Power, 0, NumMajors-1)
	for i := Power(1); i < NumMajors; i++ {
		out = append(out, (p+i)%NumMajors)
	}
	return out
}

// allFrom lists the six major powers in Impulse Order from p.
func allFrom(p Power) []Power { return append([]Power{p}, othersFrom(p)...) }

// openWindow starts a window; it is asked by the window procedure.
func (s *State) openWindow(w *Window) {
	w.Asking = NoPower
	s.Window = w
}

// newWindow is a window of kind k opened by p's action, asking queue.
func newWindow(k winKind, p Power, queue []Power) *Window {
	return &Window{Kind: k, Power: p, Queue: queue, Asking: NoPower, Space: -1, Card: -1, Player: NoPower}
}

// accounted reports whether card c is publicly known not to be in any hand
// but its owner's: in the discard pile, out of the game, or a Home card
// played this turn (on its power card).
func (s *State) accounted(c int) bool {
	if Cards[c].Type == HomeCard {
		return !s.holds(Cards[c].Power, c)
	}
	return cardIn(s.Discard, c) || cardIn(s.Gone, c)
}

// unknownCards is how many cards of p's hand the other seats cannot name:
// all but its own Home cards.
func (s *State) unknownCards(p Power) int {
	n := 0
	for _, c := range s.Powers[p].Hand {
		if Cards[c].Type != HomeCard {
			n++
		}
	}
	return n
}

// fresh reports whether card c was taken this impulse (playable later only).
func (s *State) fresh(c int) bool { return slices.Contains(s.Imp.Fresh, c) }

// mayRespond reports whether p may play card c in window w by the rules
// (not in its hand yet: public information).
func (s *State) mayRespond(w *Window, p Power, c int) bool {
	ci := &Cards[c]
	d := respDefs[ci.Number]
	if d == nil || d.windows&w.Kind.mask() == 0 || s.eventedThisTurn(c) {
		return false
	}
	if p == England && (ci.Type == ResponseCard || ci.Type == CombatCard) && s.maryRules() {
		return false // §21.3: under Mary I England plays them only for CP
	}
	return d.may == nil || d.may(s, w, p)
}

// couldPlay reports whether p is asked in window w: some trigger card of
// the window p may play could be in its hand, on public information (or,
// with responses=holders, is in its hand).
func (s *State) couldPlay(w *Window, p Power) bool {
	h := s.handOwner(p)
	if !p.Major() || h == NoPower || s.Imp.Waived&bit(p) != 0 || len(s.Powers[h].Hand) == 0 {
		return false
	}
	unknown := -1
	for _, n := range windowTriggers[w.Kind] {
		c := mustCard(n)
		if !s.mayRespond(w, p, c) || h != p && !directedCard(n) {
			continue
		}
		switch {
		case Cards[c].Type == HomeCard || s.Holders:
			if s.holds(h, c) && !s.fresh(c) {
				return true
			}
		case !s.accounted(c):
			if unknown < 0 {
				unknown = s.unknownCards(h)
			}
			if unknown > 0 {
				return true
			}
		}
	}
	return false
}

// windowChoices are p's options in window w: pass, waive, and each card of
// its hand it may play there, with the card's choices.
func (s *State) windowChoices(w *Window, p Power) []game.Choice {
	out := []game.Choice{{Label: "play nothing", Value: "pass"},
		{Label: "play nothing, now nor in any later window of this impulse", Value: "waive"}}
	h := s.handOwner(p)
	if h == NoPower {
		return out
	}
	for _, c := range s.Powers[h].Hand {
		ci := &Cards[c]
		if respDefs[ci.Number] == nil || s.fresh(int(c)) || !s.mayRespond(w, p, int(c)) || h != p && !directedCard(ci.Number) {
			continue
		}
		ch := game.Choice{Label: ci.Name, Value: ci.num}
		if d := respDefs[ci.Number]; d.choices != nil {
			ch.Next = d.choices(s, w, p)
			if len(ch.Next) == 0 {
				continue
			}
		}
		out = append(out, ch)
	}
	return out
}

// stepWindow asks the next seat of the window in progress, or closes it.
func (s *State) stepWindow() bool {
	w := s.Window
	if w == nil {
		return false
	}
	for len(w.Queue) > 0 && !w.Cancelled {
		p := w.Queue[0]
		w.Queue = w.Queue[1:]
		if s.couldPlay(w, p) {
			w.Asking = p
			s.push(windowKinds[w.Kind], p)
			return true
		}
	}
	s.Window = nil
	s.closeWindow(w)
	return true
}

// resolveWindow applies p's answer in the window.
func (s *State) resolveWindow(p Power, path []string) {
	w := s.Window
	switch path[0] {
	case "pass":
		return
	case "waive":
		s.Imp.Waived |= bit(p)
		return
	}
	c := mustCard(atoi(path[0]))
	s.playInWindow(w, p, c, path[1:])
	if combatWindows&w.Kind.mask() != 0 && s.Window == w {
		w.Queue = append([]Power{p}, w.Queue...) // it may declare another
	}
}

// playInWindow plays card c of p's hand in window w.
func (s *State) playInWindow(w *Window, p Power, c int, path []string) {
	s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: p})
	s.playCard(s.handOwner(p), c)
	s.settlePlayed(c)
	w.Played = append(w.Played, c)
	respDefs[Cards[c].Number].play(s, w, p, path)
}

// settlePlayed sends a card just played as an event where the card list
// says (CARDS.md §0.1 item 10): removed from the game when it is marked
// "yes" (Home cards always go back to the power card; playCard put the
// others on the discard pile). Conditional removals ("cond") are decided by
// the card's own code; ruler cards by crown.
func (s *State) settlePlayed(c int) {
	if Cards[c].Remove == "yes" && Cards[c].Type != HomeCard {
		s.Discard = withoutCard(s.Discard, c)
		s.Gone = append(s.Gone, uint8(c))
	}
}

// closeWindow carries on with what the window interrupted.
func (s *State) closeWindow(w *Window) {
	switch w.Kind {
	case winMove, winAssault, winNaval:
		if w.Action == "" {
			return // a Naval Move's window: stepNaval reads the outcome
		}
		if w.Action == "treachery" {
			s.startTreachery(w)
			return
		}
		if w.Cancelled {
			// the action does not take place; 1 CP of its cost is lost
			// (CARDS.md #31 Open, the default)
			if s.Act != nil && w.Cost > 0 {
				s.Act.CP += w.Cost - 1
			}
			return
		}
		if !s.actionStillValid(w) {
			s.emit("action", fmt.Sprintf("%s's %s does not take place: its units are gone", w.Power, w.Action))
			return
		}
		for _, a := range actionDefs {
			if a.id == w.Action {
				a.do(s, w.Power, w.Path)
				return
			}
		}
	case winEmperor:
		s.emperorAfterGout(w)
	case winEvent:
		if w.Cancelled {
			s.emit("event", fmt.Sprintf("#%d %s is cancelled", Cards[w.Card].Number, Cards[w.Card].Name))
			return
		}
		s.resolveEvent(w.Player, w.Card, w.Path)
	case winBull:
		s.bullAfterCromwell(w)
	}
	// the battle, assault and naval windows: their procedures read the
	// outcome
}

// actionWindow is the window an action opens once paid for (Foul Weather,
// Gout), or nil. The action waits in it.
func (s *State) actionWindow(id string, p Power, path []string, cost int) *Window {
	var w *Window
	switch id {
	case "move":
		w = newWindow(winMove, p, othersFrom(p))
		w.Leaders = parseLeaders(path[1])
		w.Space = int(mustSpace(path[2]))
	case "assault":
		sp := mustSpace(path[0])
		w = newWindow(winAssault, p, append(othersFrom(p), p))
		w.Leaders = s.assaultLeaders(sp, p)
		w.Space = int(sp)
	case "transport":
		w = newWindow(winNaval, p, othersFrom(p))
		w.Leaders = parseLeaders(path[1])
		w.Space = int(mustSpace(path[2]))
	case "piracy":
		w = newWindow(winNaval, p, othersFrom(p))
	default:
		return nil
	}
	w.Action, w.Path, w.Cost = id, path, cost
	return w
}

// --- lasting effects read by the procedures ---

// foul reports whether Foul Weather bars p's actions this impulse.
func (s *State) foul(p Power) bool { return s.Imp.Foul&bit(p) != 0 }

// foulBarred are the actions Foul Weather forbids for the rest of the
// impulse (#31).
var foulBarred = map[string]bool{"assault": true, "piracy": true, "naval": true, "transport": true}

// gouty reports whether army leader l is under Gout this impulse (#32).
func (s *State) gouty(l int) bool { return slices.Contains(s.Imp.Gout, l) }

// withoutGout drops the leaders under Gout from a list.
func (s *State) withoutGout(ls []int) []int {
	if len(s.Imp.Gout) == 0 {
		return ls
	}
	var out []int
	for _, l := range ls {
		if !s.gouty(l) {
			out = append(out, l)
		}
	}
	return out
}

// startImpulseFx clears the effects of the impulse that ended.
func (s *State) startImpulseFx() {
	if s.Imp.Foul != 0 || len(s.Imp.Gout) > 0 || s.Imp.Waived != 0 || len(s.Imp.Moved) > 0 || len(s.Imp.Fresh) > 0 || s.Imp.Roxelana || s.Imp.Suleiman != 0 {
		s.Imp = ImpulseFx{}
	}
}

// noteMoved records a Move's arrival (Foul Weather reads it).
func (s *State) noteMoved(sp SpaceID, u *[NumPowers]Units) {
	if landOf(u) == 0 {
		return
	}
	d := Defeat{Space: sp, Units: *u}
	s.Imp.Moved = append(s.Imp.Moved, d)
	if s.Act != nil && s.foul(s.Act.Power) {
		s.Act.Defeated = append(s.Act.Defeated, d) // it may move no further
	}
}

// --- the registry ---

// Card uses: a card's event may be played as the event of an impulse, in a
// window, in the Diplomacy Phase, or in Spring Deployment.
const (
	useImpulse uint8 = 1 << iota
	useWindow
	useDiplomacy
	useSpring
	useDebate
	usePhase // Luther's 95 Theses: its own phase of Turn 1
)

// cardUses are the uses a card has besides those of its type (Event,
// Mandatory and Home cards: an impulse event; Response and Combat cards: a
// window): CARDS.md's entries.
var cardUses = map[int]uint8{
	1:  useImpulse | useWindow, // Janissaries: recruits, or dice in a battle
	7:  useImpulse | useDebate, // Here I Stand: retrieve a card, or Luther in a debate
	33: useImpulse | useWindow, 36: useImpulse | useWindow, 38: useImpulse | useWindow, 115: useImpulse | useWindow,
	69: useImpulse | useDiplomacy, 73: useImpulse | useDiplomacy, 108: useImpulse | useDiplomacy,
	102: useSpring, 109: useSpring,
	8: usePhase,
}

// otherUses are the uses built outside the impulse and window registries
// (set by the code that builds them).
var otherUses = map[int]uint8{
	7: useDebate, // debate.go: Luther substituted in a German debate
	8: usePhase,  // setup.go: the 95 Theses Phase of Turn 1
}

// afterRulings are where a card goes after its event when the engine
// follows a ruling against the card list: Scots Raid leaves the game
// (RULES.md §27 G1; mandatory.go).
var afterRulings = map[int]string{97: "removed"}

func requiredUses(ci *CardInfo) uint8 {
	if u, ok := cardUses[ci.Number]; ok {
		return u
	}
	switch ci.Type {
	case ResponseCard, CombatCard:
		return useWindow
	case DiplomaticCard:
		return useDiplomacy
	}
	return useImpulse
}

func builtUses(n int) uint8 {
	u := otherUses[n]
	if eventDefs[n] != nil {
		u |= useImpulse
	}
	if respDefs[n] != nil {
		u |= useWindow
	}
	if dipDefs[n] != nil {
		u |= useDiplomacy
	}
	return u
}

// CardRow is one card of the card list, with what of its event is built.
type CardRow struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	CP     int    `json:"cp"`
	// Uses are the ways the card's event is played (impulse, window,
	// diplomacy, spring, debate, phase); Built those of them the engine
	// has.
	Uses  []string `json:"uses"`
	Built []string `json:"built"`
	// Done: every use is built.
	Done bool `json:"done"`
	// After is where the card goes after its event (CARDS.md §0.1 item
	// 10): discard, removed, removed-if (a condition on the card), ruler
	// (on the power card for good), power card (Home cards).
	After string `json:"after"`
}

var useNames = []string{"impulse", "window", "diplomacy", "spring", "debate", "phase"}

func useList(u uint8) []string {
	out := []string{}
	for i, n := range useNames {
		if u&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

var typeNames = map[CardType]string{HomeCard: "home", MandatoryCard: "mandatory", ResponseCard: "response",
	CombatCard: "combat", EventCard: "event", DiplomaticCard: "diplomacy"}

// CardList lists every card (the 116 of the main deck and the 19 of the
// 2-player diplomatic deck) with its type, CP and which of its uses are
// built, read from the registries of events and responses (so it cannot
// claim an event that is not registered).
func CardList() []CardRow {
	out := make([]CardRow, 0, len(Cards))
	for i := range Cards {
		ci := &Cards[i]
		need, have := requiredUses(ci), builtUses(ci.Number)
		after := map[string]string{"yes": "removed", "no": "discard", "ruler": "ruler", "cond": "removed-if"}[ci.Remove]
		if ci.Type == HomeCard {
			after = "power card"
		}
		if a, ok := afterRulings[ci.Number]; ok {
			after = a
		}
		out = append(out, CardRow{Number: ci.Number, Name: ci.Name, Type: typeNames[ci.Type], CP: ci.CP,
			Uses: useList(need), Built: useList(need & have), Done: need&^have == 0, After: after})
	}
	return out
}

func init() {
	registerProc(1, (*State).stepWindow)
	for k := winKind(1); k < numWindows; k++ {
		k := k
		registerDecision(windowKinds[k], &decisionDef{
			text:    func(s *State, d Decision) string { return s.windowText(s.Window) },
			choices: func(s *State, d Decision) []game.Choice { return s.windowChoices(s.Window, d.Power) },
			resolve: func(s *State, d Decision, path []string) { s.resolveWindow(d.Power, path) },
		})
	}
}

// windowText says what a window is about.
func (s *State) windowText(w *Window) string {
	where := ""
	if w.Space >= 0 {
		where = " at " + s.locText(w.Space)
	}
	switch w.Kind {
	case winMove:
		return fmt.Sprintf("%s moves into %s: play a response (Foul Weather, Gout …) or pass", w.Power, s.locText(w.Space))
	case winAssault:
		return fmt.Sprintf("%s assaults %s: play a response or pass", w.Power, s.locText(w.Space))
	case winNaval:
		return fmt.Sprintf("%s declared a %s: play a response (Foul Weather …) or pass", w.Power, map[string]string{"": "naval move", "transport": "naval transport", "piracy": "piracy"}[w.Action])
	case winEmperor:
		return "Holy Roman Emperor: Charles V is about to move; play Gout or pass"
	case winEvent:
		return fmt.Sprintf("%s plays #%d %s as an event: play The Wartburg or pass", w.Player, Cards[w.Card].Number, Cards[w.Card].Name)
	case winBull:
		return "Papal Bull against Cranmer: play Thomas Cromwell or pass"
	case winBattle:
		return "field battle" + where + ": place units (Landsknechts, Swiss Mercenaries) or pass"
	case winCombat:
		return "field battle" + where + ": declare a combat card or pass"
	case winRolled:
		return "field battle" + where + ": both sides rolled; play Janissaries or pass"
	case winSiege:
		return "assault" + where + ": declare a combat card or pass"
	case winBreach:
		return "assault" + where + ": both sides rolled; play Siege Artillery or pass"
	case winSea:
		return "naval combat" + where + ": declare a combat card or pass"
	case winSeaRolled:
		return "naval combat" + where + ": both sides rolled; play Janissaries, Professional Rowers or pass"
	case winNavalRoll:
		return fmt.Sprintf("naval roll%s: %d (9 or more succeeds); play Professional Rowers or pass", where, w.Roll)
	}
	return windowKinds[w.Kind]
}

// numValue is a card number as an option value.
func numValue(n int) string { return strconv.Itoa(n) }

// --- card procedures ---

// CardProc is a card's effect in progress that owes decisions (placing
// units, choosing targets …), kept on State.CardProcs (a stack: a card
// played inside another card's effect, Landsknechts in Sack of Rome's
// battle, runs first). Its fields are the card's own working data.
type CardProc struct {
	Card   int   `json:"card"`   // the card's printed number
	Player Power `json:"player"` // who played it
	Stage  int   `json:"stage,omitempty"`
	N      int   `json:"n,omitempty"`      // units or choices still owed
	Target Power `json:"target"`           // the power concerned
	Space  int   `json:"space"`            // a space concerned, -1
	Ints   []int `json:"ints,omitempty"`   // working list (spaces, leaders, cards)
	Kind   byte  `json:"kind,omitempty"`   // unit kind placed ('r', 'm', 'c', 's', 'k')
	Flag   bool  `json:"flag,omitempty"`   // a card-specific switch
	Window bool  `json:"window,omitempty"` // played inside a window (Landsknechts into a battle)
}

func (c *CardProc) clone() CardProc {
	d := *c
	d.Ints = slices.Clone(c.Ints)
	return d
}

// cardSteps advance a card's procedure, by printed number: each call pushes
// a decision, or changes the state; once the effect is over it pops the
// procedure (popCard).
var cardSteps = map[int]func(s *State, c *CardProc){}

// waitBattle is the stage of a card procedure waiting for the field
// battle it started (Sack of Rome): it steps again once the battle is over.
const waitBattle = 80

// pushCard starts a card procedure.
func (s *State) pushCard(c CardProc) {
	if cardSteps[c.Card] == nil {
		panic(fmt.Sprintf("his: no procedure for card #%d", c.Card))
	}
	s.CardProcs = append(s.CardProcs, c)
}

// cardProc is the card procedure on top, nil if none.
func (s *State) cardProc() *CardProc {
	if len(s.CardProcs) == 0 {
		return nil
	}
	return &s.CardProcs[len(s.CardProcs)-1]
}

func (s *State) popCard() { s.CardProcs = s.CardProcs[:len(s.CardProcs)-1] }

func (s *State) stepCardProc() bool {
	c := s.cardProc()
	if c == nil || c.Stage == waitBattle && s.Battle != nil {
		return false
	}
	cardSteps[c.Card](s, c)
	return true
}

func init() { registerProc(0, (*State).stepCardProc) }

// --- choosing spaces ---

// spaceCard is a stage of a card's procedure in which a power chooses
// spaces one at a time (unrest, conversions, universities …): decision
// "card.space", asked of CardProc.Target while CardProc.N spaces are owed
// and some space qualifies; "done" ends it early when the card says "up
// to". Keyed by number*10 + stage.
type spaceCard struct {
	text     string
	optional bool
	spaces   func(s *State, c *CardProc) []SpaceID
	do       func(s *State, c *CardProc, sp SpaceID)
	// then runs once the stage is over; nil pops the procedure. It must
	// either pop the procedure (before starting anything else: attempts, a
	// debate, another procedure) or move it to another stage (c.Stage, N).
	then func(s *State, c *CardProc)
}

var spaceCards = map[int]*spaceCard{}

// Decision kind of the space stages.
const kCardSpace = "card.space"

// registerSpaces adds a space stage to card n's procedure (stage 0 unless
// the card's own step moves on).
func registerSpaces(n, stage int, sc *spaceCard) {
	spaceCards[n*10+stage] = sc
	if stage == 0 && cardSteps[n] == nil {
		cardSteps[n] = (*State).stepSpaces
	}
}

// startSpaces begins card n's space stage 0: actor chooses up to k spaces.
func (s *State) startSpaces(n int, player, actor Power, k int) {
	s.pushCard(CardProc{Card: n, Player: player, Target: actor, N: k, Space: -1})
}

// stepSpaces asks for the next space of the stage, or ends it.
func (s *State) stepSpaces(c *CardProc) {
	sc := spaceCards[c.Card*10+c.Stage]
	if c.N > 0 && len(sc.spaces(s, c)) > 0 {
		s.push(kCardSpace, c.Target)
		return
	}
	if sc.then == nil {
		s.popCard()
		return
	}
	sc.then(s, c)
}

func init() {
	registerDecision(kCardSpace, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("#%d %s: %s (%d left)", c.Card, Cards[mustCard(c.Card)].Name, spaceCards[c.Card*10+c.Stage].text, c.N)
		},
		choices: func(s *State, d Decision) []game.Choice {
			c := s.cardProc()
			sc := spaceCards[c.Card*10+c.Stage]
			var out []game.Choice
			if sc.optional {
				out = append(out, game.Choice{Label: "no more", Value: "done"})
			}
			for _, sp := range sc.spaces(s, c) {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			if path[0] == "done" {
				c.N = 0
				return
			}
			c.N--
			spaceCards[c.Card*10+c.Stage].do(s, c, mustSpace(path[0]))
		},
	})
}

// --- choosing among a card's options ---

// optionCard is a stage of a card's procedure in which a power
// (CardProc.Target, unless actor says otherwise) chooses among options
// (decision "card.option"). Keyed by number*10 + stage; do must pop the
// procedure or move it to another stage.
type optionCard struct {
	text    string
	actor   func(c *CardProc) Power
	choices func(s *State, c *CardProc) []game.Choice
	do      func(s *State, c *CardProc, path []string)
}

var optionCards = map[int]*optionCard{}

// Decision kind of the option stages.
const kCardOption = "card.option"

func (oc *optionCard) who(c *CardProc) Power {
	if oc.actor != nil {
		return oc.actor(c)
	}
	return c.Target
}

// stepOption asks the option stage of c (its choices are never empty: a
// stage with nothing to choose must not be entered).
func (s *State) stepOption(c *CardProc) {
	oc := optionCards[c.Card*10+c.Stage]
	s.push(kCardOption, oc.who(c))
}

func init() {
	registerDecision(kCardOption, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("#%d %s: %s", c.Card, Cards[mustCard(c.Card)].Name, optionCards[c.Card*10+c.Stage].text)
		},
		choices: func(s *State, d Decision) []game.Choice {
			c := s.cardProc()
			return optionCards[c.Card*10+c.Stage].choices(s, c)
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			optionCards[c.Card*10+c.Stage].do(s, c, path)
		},
	})
}

// --- helpers shared by the card families ---

// nearestSpaces lists the spaces for which ok holds at the least land
// distance from from (all of them on a tie; none when none qualifies).
func nearestSpaces(from SpaceID, ok func(SpaceID) bool) []SpaceID {
	d := landDist(from)
	best := -1
	var out []SpaceID
	for i := range Spaces {
		sp := SpaceID(i)
		if d[i] < 0 || !ok(sp) {
			continue
		}
		switch {
		case best < 0 || d[i] < best:
			best, out = d[i], []SpaceID{sp}
		case d[i] == best:
			out = append(out, sp)
		}
	}
	return out
}

// unitKinds lists the kinds of unit u holds as choices ("r", "m", "c" and,
// with naval, "s", "k").
func unitKinds(u Units, naval bool) []game.Choice {
	var out []game.Choice
	for _, k := range []struct {
		n    uint8
		v, l string
	}{{u.Reg, "r", "a regular"}, {u.Merc, "m", "a mercenary"}, {u.Cav, "c", "a cavalry unit"}, {u.Sq, "s", "a squadron"}, {u.Cor, "k", "a corsair"}} {
		if k.n > 0 && (naval || k.v == "r" || k.v == "m" || k.v == "c") {
			out = append(out, game.Choice{Label: k.l, Value: k.v})
		}
	}
	return out
}

// oneUnit is one unit of the kind written k ("r", "m", "c", "s", "k").
func oneUnit(k string) Units {
	switch k {
	case "r":
		return Units{Reg: 1}
	case "m":
		return Units{Merc: 1}
	case "c":
		return Units{Cav: 1}
	case "s":
		return Units{Sq: 1}
	}
	return Units{Cor: 1}
}
