package his

import (
	"fmt"
	"sort"
	"strconv"

	"concordat/game"
)

// The Action Phase (§11). An impulse is one decision of kind "impulse":
// pass, play a card for CP, or play a card as an event. CP are spent one
// action at a time through decisions of kind "action"; each action is a
// registered actionDef, and an action that needs more decisions (a battle,
// a debate) runs as a procedure in the state before the next action is
// chosen. The families of actions live in their own files and register
// themselves here, so that the menu, the CP and the impulse's end are in one
// place.

// Act is the impulse in progress after a card was played for CP (or a
// Mandatory Event granted its 2 CP).
type Act struct {
	Power Power `json:"power"`
	CP    int   `json:"cp"`
	Card  int   `json:"card"` // card index played, or -1
	// Raid: these are France's Scots Raid CP (#97, mandatory.go), spent at
	// once on the actions marked raid, aimed at raidSpaces; the impulse's
	// own Act waits in State.ActAfter.
	Raid bool `json:"raid,omitempty"`
	// Recruits: these are Foreign Recruits' CP (#76, cards_actions.go),
	// spent only on building units, in any space the power controls.
	Recruits bool `json:"recruits,omitempty"`
	// Moved marks spaces whose units and leaders may take no further Move
	// action this impulse (§13.1: defeated in a field battle, or put an
	// enemy fortified space under siege).
	NoMove [NumSpaces]bool `json:"no_move"`
	// Assaulted marks spaces already assaulted this impulse (§15.1).
	Assaulted [NumSpaces]bool `json:"assaulted"`

	// Religious actions (religion.go, reform.go). BonusUsed[p]: p has used
	// its one debater bonus of the impulse for attempts or translation
	// (§18.2.4). Reformed / CounterReformed mark the spaces targeted by a
	// Reformation / Counter Reformation attempt this impulse (§18.3, §18.4:
	// at most one of each per space and impulse).
	BonusUsed       [NumMajors]bool `json:"bonus_used"`
	Reformed        [NumSpaces]bool `json:"reformed"`
	CounterReformed [NumSpaces]bool `json:"counter_reformed"`
	// NavalStuck has bit loc set (a space, or SeaLoc+sea) where the active
	// power's naval units that lost a naval combat this impulse are: they
	// may not move again this impulse (§16.1).
	NavalStuck [4]uint64 `json:"naval_stuck"`
	// Land movement and field battles (move.go, battle.go).
	// Intercepted: bit q of Intercepted[sp] — q's stack in sp has tried an
	// interception this impulse (§13.2: one attempt per unit per impulse).
	Intercepted [NumSpaces]uint16 `json:"intercepted"`
	// Beaten: bit q of Beaten[sp] — q's land units in sp lost a field battle
	// this impulse (§13.3: their avoid battle succeeds without a roll).
	Beaten [NumSpaces]uint16 `json:"beaten"`
	// Defeated: the active power's units and army leaders beaten in a
	// field battle this impulse, where they retreated to (§13.1: they join
	// no further Move; the units that were there already may move).
	Defeated []Defeat `json:"defeated,omitempty"`
}

func (a *Act) clone() *Act {
	c := *a
	c.Defeated = make([]Defeat, len(a.Defeated))
	for i, d := range a.Defeated {
		d.Leaders = append([]int(nil), d.Leaders...)
		c.Defeated[i] = d
	}
	return &c
}

// actionDef is one action of §11.1.
type actionDef struct {
	id    string // the value in the options tree
	label string
	order int // place in the menu
	// choices returns the options after the action's id for p with cp CP
	// left; nil (or empty) means the action is not available now. An action
	// with nothing more to choose returns leafChoice.
	choices func(s *State, p Power, cp int) []game.Choice
	// cost is the CP the chosen path (after the id) costs.
	cost func(s *State, p Power, path []string) int
	// do carries the action out; the CP are already paid. It may start a
	// procedure (push decisions or set a procedure's state); the impulse
	// goes on when the stack is empty again.
	do func(s *State, p Power, path []string)
	// narrow, when set, gives the action's first-level options that have
	// the value first (one or none): Apply checks a path against them
	// instead of building the whole tree. It must agree with choices on
	// every path that starts with first.
	narrow func(s *State, p Power, cp int, first string) []game.Choice
	// raid: the action may spend Scots Raid CP (#97: build units, move,
	// control an unfortified space, assault). While Act.Raid is set its
	// choices must offer only targets that raidAllows (and an assault there
	// may waive the siege-age rule).
	raid bool
}

// leafChoice is the choices of an action with nothing more to choose.
var leafChoice = []game.Choice{}

var actionDefs []*actionDef

// registerAction adds an action to the menu.
func registerAction(a *actionDef) {
	actionDefs = append(actionDefs, a)
	sort.SliceStable(actionDefs, func(i, j int) bool { return actionDefs[i].order < actionDefs[j].order })
}

func fixedCost(n int) func(*State, Power, []string) int {
	return func(*State, Power, []string) int { return n }
}

// decisionDef handles a decision kind registered by an action family.
type decisionDef struct {
	text    func(s *State, d Decision) string
	choices func(s *State, d Decision) []game.Choice
	resolve func(s *State, d Decision, path []string)
}

var decisionDefs = map[string]*decisionDef{}

// registerDecision adds a decision kind.
func registerDecision(kind string, d *decisionDef) {
	if _, dup := decisionDefs[kind]; dup {
		panic("his: decision kind registered twice: " + kind)
	}
	decisionDefs[kind] = d
}

// procDef is a procedure (a battle, a siege, a voyage) kept in the state.
// step returns false when the procedure is not running; when it is, it
// advances it: it pushes a decision, or changes the state and (once done)
// clears its own state.
type procDef struct {
	order int
	step  func(s *State) bool
}

var procDefs []procDef

// registerProc adds a procedure; lower order steps first (inner procedures
// before the ones that wait for them).
func registerProc(order int, step func(s *State) bool) {
	procDefs = append(procDefs, procDef{order, step})
	sort.SliceStable(procDefs, func(i, j int) bool { return procDefs[i].order < procDefs[j].order })
}

func (s *State) stepProcs() bool {
	for _, p := range procDefs {
		if p.step(s) {
			return true
		}
	}
	return false
}

// eventDef is a card's event as the play of an impulse.
type eventDef struct {
	// can reports whether p may play the event now (nil: always).
	can func(s *State, p Power) bool
	// choices are the options after the card number (nil: none).
	choices func(s *State, p Power) []game.Choice
	// play carries the event out.
	play func(s *State, p Power, path []string)
}

// eventDefs is keyed by the card's printed number (registration may run
// before the card data is loaded).
var eventDefs = map[int]*eventDef{}

// registerEvent adds the event of the card with this printed number.
func registerEvent(number int, e *eventDef) {
	if _, dup := eventDefs[number]; dup {
		panic(fmt.Sprintf("his: event #%d registered twice", number))
	}
	eventDefs[number] = e
}

// Decision kind of the CP-spending step.
const kAction = "action"

// mayPass reports whether p may pass (§11.0): not while its Home card is
// unplayed, while it holds a Mandatory Event, or while it holds more cards
// than its ruler's administrative rating.
func (s *State) mayPass(p Power) bool {
	h := s.Powers[p].Hand
	if len(h) > Rulers[s.Powers[p].Ruler].Admin {
		return false
	}
	for _, c := range h {
		if t := Cards[c].Type; t == HomeCard || t == MandatoryCard {
			return false
		}
	}
	return true
}

// eventPlayable reports whether p may play card c as an event now.
func (s *State) eventPlayable(p Power, c int) bool {
	e := eventDefs[Cards[c].Number]
	if e == nil || s.eventedThisTurn(c) || s.eventBarred(p, c) {
		return false
	}
	return e.can == nil || e.can(s, p)
}

// eventBarred reports a rule that keeps p from playing card c as the event
// of an impulse whatever the card says: Combat cards never are (§11.0), and
// while Mary I rules England plays Response cards only for CP (§21.3).
func (s *State) eventBarred(p Power, c int) bool {
	t := Cards[c].Type
	return t == CombatCard || (p == England && t == ResponseCard && s.maryRules())
}

func (s *State) eventedThisTurn(c int) bool {
	for _, x := range s.Evented {
		if int(x.Card) == c {
			return true
		}
	}
	return false
}

// eventChoice is the option of playing card c as p's event, if p may: a
// registered event not yet played this turn whose condition holds and which
// has something to choose when it asks. A Mandatory Event is offered even
// when its condition fails or it has nothing to choose: it must be played,
// then has no effect and still gives its 2 CP (CARDS.md §0.1 items 3, 11).
func (s *State) eventChoice(p Power, c int) (game.Choice, bool) {
	ci := &Cards[c]
	ch := game.Choice{Label: ci.Name, Value: strconv.Itoa(ci.Number)}
	e := eventDefs[ci.Number]
	if e == nil || s.eventedThisTurn(c) || s.eventBarred(p, c) {
		return ch, false
	}
	effective := e.can == nil || e.can(s, p)
	if effective && e.choices != nil {
		ch.Next = e.choices(s, p)
		effective = len(ch.Next) > 0
	}
	switch {
	case effective:
		return ch, true
	case ci.Type == MandatoryCard:
		ch.Label += " (no effect)"
		ch.Next = nil
		return ch, true
	}
	return ch, false
}

// eventEffective reports whether card c's registered event would take
// effect for p now: its condition holds and, if it asks for choices, there
// is at least one.
func (s *State) eventEffective(p Power, c int) bool {
	e := eventDefs[Cards[c].Number]
	if e.can != nil && !e.can(s, p) {
		return false
	}
	return e.choices == nil || len(e.choices(s, p)) > 0
}

// impulseChoices lists what p may do with its impulse: pass (when allowed),
// play a card for CP, or play one as an event. When p may not pass, the
// first option (the default at a deadline) plays a Mandatory Event if it
// holds one, else its first card for CP.
func (s *State) impulseChoices(p Power) []game.Choice {
	if p == England && s.maryImpulse() {
		return s.maryChoices()
	}
	hand := s.Powers[p].Hand
	var out, cp, ev []game.Choice
	for _, c := range hand {
		ci := &Cards[c]
		if ci.Type != MandatoryCard {
			cp = append(cp, game.Choice{Label: ci.cpLabel, Value: ci.num}) // its CP are spent through "action" decisions
		}
		if ch, ok := s.eventChoice(p, int(c)); ok {
			if ci.Type == MandatoryCard {
				ev = append([]game.Choice{ch}, ev...)
			} else {
				ev = append(ev, ch)
			}
		}
	}
	mustPlay := !s.mayPass(p) && len(hand) > 0
	if !mustPlay || (len(cp) == 0 && len(ev) == 0) {
		out = append(out, game.Choice{Label: "pass", Value: "pass"})
	}
	evChoice := game.Choice{Label: "play a card as an event", Value: "event", Next: ev}
	cpChoice := game.Choice{Label: "play a card for CP", Value: "cp", Next: cp}
	if len(ev) > 0 && Cards[mustCard(atoi(ev[0].Value))].Type == MandatoryCard {
		out = append(out, evChoice)
		if len(cp) > 0 {
			out = append(out, cpChoice)
		}
		return out
	}
	if len(cp) > 0 {
		out = append(out, cpChoice)
	}
	if len(ev) > 0 {
		out = append(out, evChoice)
	}
	return append(out, s.directChoices(p, cp)...)
}

func atoi(v string) int {
	n, _ := strconv.Atoi(v)
	return n
}

func (s *State) resolveImpulse(p Power, path []string) {
	if path[0] == "pass" {
		s.Passes++
		s.emit("pass", p.String()+" passes")
		if p == England && s.Flirt {
			s.Flirt = false
			if s.henryMayMarry() {
				s.advanceMarital()
			}
		}
		return
	}
	s.Passes = 0
	c := -1
	if path[0] != "direct" {
		c = mustCard(atoi(path[1]))
	}
	switch path[0] {
	case "show":
		s.resolveMaryShow(c)
	case "cp":
		s.playCard(p, c)
		s.Act = &Act{Power: p, CP: Cards[c].CP, Card: c}
		s.emit("cp", fmt.Sprintf("%s has %d CP", p, Cards[c].CP))
	case "direct":
		q, _ := ParsePower(path[1])
		s.resolveDirect(p, q, mustCard(atoi(path[2])))
	case "event":
		s.playEvent(p, c, path[2:])
	}
}

// The English impulse under Mary I (§21.3): England shows a card; a
// Mandatory Event resolves as usual, any other card is followed by a die:
// on 4–6 England plays it for CP or as an event (decision kMary), on 1–3 the
// card is spent and the Papacy acts in the English zone instead (ruling E2:
// the impulse counts as played).

// Decision kinds of the Mary I procedure: England's choice after a roll of
// 4–6, and the Papacy's Burn Books debater bonus after a roll of 1–3.
const (
	kMary     = "impulse.mary"
	kMaryBurn = "impulse.mary_burn"
)

// maryImpulse reports whether England's impulse follows the Mary I
// procedure: Mary I rules and an English home space in the English zone is
// Protestant.
func (s *State) maryImpulse() bool {
	if !s.maryRules() {
		return false
	}
	for _, sp := range homeSpacesOf[England] {
		if Spaces[sp].Lang == LangEnglish && s.Spaces[sp].Prot {
			return true
		}
	}
	return false
}

// maryChoices: pass when allowed, a Mandatory Event as usual, or show any
// other card.
func (s *State) maryChoices() []game.Choice {
	var show, ev []game.Choice
	for _, c := range s.Powers[England].Hand {
		ci := &Cards[c]
		if ci.Type == MandatoryCard {
			if ch, ok := s.eventChoice(England, int(c)); ok {
				ev = append(ev, ch)
			}
			continue
		}
		show = append(show, game.Choice{Label: fmt.Sprintf("#%d %s (%d CP)", ci.Number, ci.Name, ci.CP), Value: strconv.Itoa(ci.Number)})
	}
	var out []game.Choice
	if len(ev) > 0 {
		out = append(out, game.Choice{Label: "play a card as an event", Value: "event", Next: ev})
	}
	if s.mayPass(England) || len(out)+len(show) == 0 {
		out = append([]game.Choice{{Label: "pass", Value: "pass"}}, out...)
	}
	if len(show) > 0 {
		out = append(out, game.Choice{Label: "show a card (Mary I: 4–6 you play it, 1–3 the Papacy acts)", Value: "show", Next: show})
	}
	return out
}

func (s *State) resolveMaryShow(c int) {
	ci := &Cards[c]
	d := s.Die()
	s.emit("mary", fmt.Sprintf("England shows #%d %s; Mary I rolls %d", ci.Number, ci.Name, d))
	if d >= 4 {
		s.MaryCard = c
		s.push(kMary, England)
		return
	}
	s.playCard(England, c)
	burn, debate := ci.CP != 3, ci.CP >= 3
	if debate {
		s.MaryDebate = true
	}
	if burn {
		if len(s.maryBurnChoices()) > 1 {
			s.push(kMaryBurn, Papacy)
		} else {
			s.maryBurn("none")
		}
	}
}

// maryBurnChoices are the Papacy's Burn Books debater bonuses under Mary I
// (§18.1.7), all in the English zone: none, Cajetan or Caraffa (3 attempts;
// Caraffa's free choice of zones is moot, only English-zone spaces may be
// targeted), Tetzel (+1 St. Peter's CP per attempt).
func (s *State) maryBurnChoices() []game.Choice {
	out := []game.Choice{{Label: "no debater bonus", Value: "none"}}
	for _, b := range [][2]string{{"cajetan", "3 attempts"}, {"caraffa", "3 attempts"}, {"tetzel", "+1 St. Peter's CP per attempt"}} {
		if s.uncommitted(b[0]) {
			out = append(out, debaterChoice(b[0], b[1]))
		}
	}
	return out
}

// maryBurn starts the Papacy's Burn Books in the English zone with the
// chosen debater's bonus ("none" for none).
func (s *State) maryBurn(helper string) {
	n := 2
	if helper == "none" {
		helper = ""
	} else {
		s.commitBonus(Papacy, helper)
		if helper != "tetzel" {
			n = 3
		}
	}
	s.StartCounterReformation(LangEnglish, n, "Mary I: Burn Books")
	s.Reform.Helper = helper
	s.Reform.ZoneOnly = true // only English-zone spaces (§21.3)
}

// stepMaryDebate calls the Papacy's debate in the English zone that a Mary
// I impulse owes, once any Burn Books before it is over.
func (s *State) stepMaryDebate() bool {
	if !s.MaryDebate {
		return false
	}
	s.MaryDebate = false
	if s.canCallDebate(Papacy, LangEnglish) {
		s.StartDebate(Papacy, LangEnglish, SrcAction)
	} else {
		s.emit("mary", "the Papacy has no debate to call in the English zone")
	}
	return true
}

func (s *State) maryPlayChoices() []game.Choice {
	c := s.MaryCard
	ci := &Cards[c]
	out := []game.Choice{{Label: fmt.Sprintf("play #%d for %d CP", ci.Number, ci.CP), Value: "cp"}}
	if ev, ok := s.eventChoice(England, c); ok {
		out = append(out, game.Choice{Label: "play it as an event", Value: "event", Next: ev.Next})
	}
	return out
}

// henryMayMarry reports whether Henry VIII's marital status may advance
// (§21.3): Henry rules, is neither captured nor in a besieged space, and
// Edward and Elizabeth are not both born.
func (s *State) henryMayMarry() bool {
	if Rulers[s.Powers[England].Ruler].Name != "Henry VIII" || s.Marital >= 6 {
		return false
	}
	h, _ := LeaderByID("henry_viii")
	l := s.Leaders[h]
	if l.Captor != NoPower || (l.Loc >= 0 && l.Loc < NumSpaces && s.UnderSiege(SpaceID(l.Loc)) && !s.Besieging(SpaceID(l.Loc), England)) {
		return false
	}
	edward := s.Pregnancy&(1<<5|1<<6) != 0
	return !(edward && s.Pregnancy&(1<<4) != 0)
}

// playEvent plays card c as p's event: the card leaves the hand (removed
// from the game if the card says so), the event happens, and a Mandatory
// Event then grants 2 CP (§6.1; not Luther's 95 Theses).
//
// Between the declaration and the effect, The Wartburg may cancel it
// (#37, a window asking the Protestant): the event then has no effect, the
// card stays on the discard pile (a Home card on its power card) and the
// impulse ends.
func (s *State) playEvent(p Power, c int, path []string) {
	s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: p})
	s.playCard(p, c)
	if s.wartburgTarget(p, c) {
		w := newWindow(winEvent, p, []Power{Protestant})
		w.Card, w.Player, w.Path = c, p, path
		s.openWindow(w)
		return
	}
	s.resolveEvent(p, c, path)
}

// resolveEvent carries out the event of card c, just played by p: the card
// goes where the card list says (removed when marked for removal; ruler
// cards for good on the power card, CARDS.md §0.1 item 10), a Mandatory
// Event gives its 2 CP (not Luther's 95 Theses), and the event happens.
func (s *State) resolveEvent(p Power, c int, path []string) {
	ci := &Cards[c]
	effective := s.eventEffective(p, c)
	s.settlePlayed(c)
	if ci.Remove == "ruler" && cardIn(s.Discard, c) {
		s.Discard = withoutCard(s.Discard, c)
		s.Gone = append(s.Gone, uint8(c))
	}
	if ci.Type == MandatoryCard && ci.Number != 8 {
		s.Act = &Act{Power: p, CP: 2, Card: -1}
	}
	if !effective { // a Mandatory Event whose condition failed
		s.emit("event", fmt.Sprintf("#%d %s has no effect", ci.Number, ci.Name))
		return
	}
	eventDefs[ci.Number].play(s, p, path)
}

// actionChoices is the menu of p's CP: done (end the impulse), then every
// action available with the CP left.
func (s *State) actionChoices(p Power) []game.Choice {
	out := []game.Choice{{Label: fmt.Sprintf("end the impulse (%d CP unspent)", s.Act.CP), Value: "done"}}
	return append(out, s.availableActions(p)...)
}

func (s *State) availableActions(p Power) []game.Choice { return s.actionsOf(p, "", false) }

// actionsOf lists the actions available to p now, as the menu shows them.
// With id set it lists only the action of that id (Apply checks a path
// against it alone: no other branch of the menu can match); with first
// set it stops at the first available action, asking from the menu's end
// (stepAct only asks whether there is one; the late actions, religious,
// New World, construction, build small trees, the first ones, moves, the
// largest). Every rule of what the menu offers belongs in this loop.
func (s *State) actionsOf(p Power, id string, first bool) []game.Choice {
	var out []game.Choice
	for k := range actionDefs {
		a := actionDefs[k]
		if first {
			a = actionDefs[len(actionDefs)-1-k]
		}
		if id != "" && a.id != id || s.Act.Raid && !a.raid || foulBarred[a.id] && s.foul(p) || s.Act.Recruits && !buildActions[a.id] || s.twoActionBarred(p, a.id) {
			continue
		}
		ch := a.choices(s, p, s.Act.CP)
		if ch == nil {
			continue
		}
		if len(ch) == 0 {
			ch = nil
		}
		out = append(out, game.Choice{Label: a.label, Value: a.id, Next: ch})
		if first {
			break
		}
	}
	return out
}

// pathChoices is the part of d's options tree that path p can match: for
// an action, done or only the chosen action's branch of the menu; for
// anything else the whole tree. Checking p against it is checking p
// against the whole tree.
func (s *State) pathChoices(d Decision, p []string) []game.Choice {
	if d.Kind != kAction || decisionDefs[d.Kind] != nil || len(p) == 0 {
		return s.choices(d)
	}
	if p[0] == "done" {
		return []game.Choice{{Value: "done"}}
	}
	if len(p) > 1 {
		// An action with a narrow function: only its options that start
		// with the path's next value are built.
		for _, a := range actionDefs {
			if a.id != p[0] || a.narrow == nil || s.Act.Raid && !a.raid || foulBarred[a.id] && s.foul(d.Power) || s.Act.Recruits && !buildActions[a.id] || s.twoActionBarred(d.Power, a.id) {
				continue
			}
			return []game.Choice{{Label: a.label, Value: a.id, Next: a.narrow(s, d.Power, s.Act.CP, p[1])}}
		}
	}
	return s.actionsOf(d.Power, p[0], false)
}

func (s *State) resolveAction(p Power, path []string) {
	if path[0] == "done" {
		s.endImpulse()
		return
	}
	for _, a := range actionDefs {
		if a.id == path[0] {
			cost := a.cost(s, p, path[1:])
			s.Act.CP -= cost
			// A Move, an assault, a naval transport or piracy waits in a
			// response window (Foul Weather, Gout) once paid for.
			if w := s.actionWindow(a.id, p, path[1:], cost); w != nil {
				s.openWindow(w)
				return
			}
			a.do(s, p, path[1:])
			return
		}
	}
}

// stepAct asks for the next action while CP and actions remain, and ends
// the impulse otherwise.
func (s *State) stepAct() {
	if s.Act.CP > 0 && len(s.actionsOf(s.Act.Power, "", true)) > 0 {
		s.push(kAction, s.Act.Power)
		return
	}
	s.endImpulse()
}

// endImpulse ends the impulse: unspent CP are lost, and sieges begun in it
// become old enough to assault. The end of France's Scots Raid CP is not
// the end of the impulse: the player's own CP (State.ActAfter) come next.
func (s *State) endImpulse() {
	if s.Act != nil && s.Act.CP > 0 {
		s.emit("cp", fmt.Sprintf("%s loses %d unspent CP", s.Act.Power, s.Act.CP))
	}
	if s.Act != nil && s.Act.Raid {
		s.Act, s.ActAfter = s.ActAfter, nil
		return
	}
	s.Act = nil
	for i := range s.Spaces {
		s.Spaces[i].SiegeNew = false
	}
}

func init() {
	registerProc(20, func(s *State) bool { return s.stepMaryDebate() })
	registerDecision(kMaryBurn, &decisionDef{
		text: func(s *State, d Decision) string {
			return "Mary I: Burn Books in the English zone — commit a debater for his bonus?"
		},
		choices: func(s *State, d Decision) []game.Choice { return s.maryBurnChoices() },
		resolve: func(s *State, d Decision, path []string) { s.maryBurn(path[0]) },
	})
	registerDecision(kMary, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Mary I: play #%d %s for CP or as an event", Cards[s.MaryCard].Number, Cards[s.MaryCard].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.maryPlayChoices() },
		resolve: func(s *State, d Decision, path []string) {
			c := s.MaryCard
			s.MaryCard = 0
			if path[0] == "cp" {
				s.playCard(England, c)
				s.Act = &Act{Power: England, CP: Cards[c].CP, Card: c}
				return
			}
			s.playEvent(England, c, path[1:])
		},
	})
}

// The religious actions built with the core (§18.1): Call Theological
// Debate and Leipzig Debate. Publish Treatise, Burn Books and the other
// religious actions are in religion.go.
func init() {
	zones := func(s *State, p Power) []game.Choice {
		var out []game.Choice
		for _, z := range []Lang{LangGerman, LangFrench, LangEnglish} {
			if s.canCallDebate(p, z) {
				out = append(out, game.Choice{Label: z.String(), Value: z.String()})
			}
		}
		return out
	}
	registerAction(&actionDef{
		id: "debate", label: "call a theological debate (3 CP)", order: 900,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if (p != Papacy && p != Protestant) || cp < 3 {
				return nil
			}
			return zones(s, p)
		},
		cost: fixedCost(3),
		do: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			s.StartDebate(p, z, SrcAction)
		},
	})
	registerEvent(6, &eventDef{ // Leipzig Debate
		can: func(s *State, p Power) bool { return p == Papacy },
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, z := range []Lang{LangGerman, LangFrench, LangEnglish} {
				if s.canCallDebate(Papacy, z) {
					out = append(out, game.Choice{Label: z.String(), Value: z.String()})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			s.StartDebate(Papacy, z, SrcLeipzig)
		},
	})
}
