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
	// Moved marks spaces whose units and leaders may take no further Move
	// action this impulse (§13.1: defeated in a field battle, or put an
	// enemy fortified space under siege).
	NoMove [NumSpaces]bool `json:"no_move"`
	// Assaulted marks spaces already assaulted this impulse (§15.1).
	Assaulted [NumSpaces]bool `json:"assaulted"`
}

func (a *Act) clone() *Act {
	c := *a
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
	if e == nil || s.eventedThisTurn(c) {
		return false
	}
	return e.can == nil || e.can(s, p)
}

func (s *State) eventedThisTurn(c int) bool {
	for _, x := range s.Evented {
		if int(x) == c {
			return true
		}
	}
	return false
}

// impulseChoices lists what p may do with its impulse: pass (when allowed),
// play a card for CP, or play one as an event. When p may not pass, the
// first option (the default at a deadline) plays a Mandatory Event if it
// holds one, else its first card for CP.
func (s *State) impulseChoices(p Power) []game.Choice {
	hand := s.Powers[p].Hand
	var out, cp, ev []game.Choice
	for _, c := range hand {
		ci := &Cards[c]
		if ci.Type != MandatoryCard {
			cp = append(cp, game.Choice{Label: ci.cpLabel, Value: ci.num, Next: s.cpNext()})
		}
		if s.eventPlayable(p, int(c)) {
			var next []game.Choice
			if e := eventDefs[ci.Number]; e.choices != nil {
				next = e.choices(s, p)
				if len(next) == 0 {
					continue
				}
			}
			ch := game.Choice{Label: ci.Name, Value: strconv.Itoa(ci.Number), Next: next}
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
	return out
}

// cpNext is nil: a card played for CP needs nothing more; its CP are spent
// through "action" decisions.
func (s *State) cpNext() []game.Choice { return nil }

func atoi(v string) int {
	n, _ := strconv.Atoi(v)
	return n
}

func (s *State) resolveImpulse(p Power, path []string) {
	if path[0] == "pass" {
		s.Passes++
		s.emit("pass", p.String()+" passes")
		return
	}
	s.Passes = 0
	c := mustCard(atoi(path[1]))
	switch path[0] {
	case "cp":
		s.playCard(p, c)
		s.Act = &Act{Power: p, CP: Cards[c].CP, Card: c}
		s.emit("cp", fmt.Sprintf("%s has %d CP", p, Cards[c].CP))
	case "event":
		s.playEvent(p, c, path[2:])
	}
}

// playEvent plays card c as p's event: the card leaves the hand (removed
// from the game if the card says so), the event happens, and a Mandatory
// Event then grants 2 CP (§6.1; not Luther's 95 Theses).
func (s *State) playEvent(p Power, c int, path []string) {
	ci := &Cards[c]
	s.Evented = append(s.Evented, uint8(c))
	s.playCard(p, c)
	if ci.Remove == "yes" && ci.Type != HomeCard {
		s.Discard = s.Discard[:len(s.Discard)-1]
		s.Gone = append(s.Gone, uint8(c))
	}
	if ci.Type == MandatoryCard && ci.Number != 8 {
		s.Act = &Act{Power: p, CP: 2, Card: -1}
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
		if id != "" && a.id != id {
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
	return s.actionsOf(d.Power, p[0], false)
}

func (s *State) resolveAction(p Power, path []string) {
	if path[0] == "done" {
		s.endImpulse()
		return
	}
	for _, a := range actionDefs {
		if a.id == path[0] {
			s.Act.CP -= a.cost(s, p, path[1:])
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
// become old enough to assault.
func (s *State) endImpulse() {
	if s.Act != nil && s.Act.CP > 0 {
		s.emit("cp", fmt.Sprintf("%s loses %d unspent CP", s.Act.Power, s.Act.CP))
	}
	s.Act = nil
	for i := range s.Spaces {
		s.Spaces[i].SiegeNew = false
	}
}

// The religious actions built with the core (§18.1): Call Theological
// Debate, Publish Treatise (Protestant), Burn Books (Papacy).
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
	allZones := func() []game.Choice {
		var out []game.Choice
		for z := LangEnglish; z < NumLangs; z++ {
			out = append(out, game.Choice{Label: z.String(), Value: z.String()})
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
	registerAction(&actionDef{
		id: "treatise", label: "publish a treatise (2 CP)", order: 910,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Protestant || cp < 2 {
				return nil
			}
			return allZones()
		},
		cost: fixedCost(2),
		do: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			s.StartReformation(Protestant, z, 2, 0, false, "Publish Treatise")
		},
	})
	registerAction(&actionDef{
		id: "burn", label: "burn books (2 CP)", order: 920,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Papacy || cp < 2 {
				return nil
			}
			return allZones()
		},
		cost: fixedCost(2),
		do: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			s.StartCounterReformation(z, 2, "Burn Books")
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
