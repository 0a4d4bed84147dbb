package his

import (
	"fmt"
	"slices"

	"concordat/game"
)

// The Response cards (CARDS.md §6, #31–#38, and #115 Thomas Cromwell):
// their plays in windows (cards.go) and, for Landsknechts, Swiss
// Mercenaries, Halley's Comet and Thomas Cromwell, as the event of an
// impulse.
//
// Readings (CARDS.md's defaults where it leaves a point open):
//   - Foul Weather and Gout cancel the action they answer; of its cost 1 CP
//     is lost and the rest given back; only one of the two per action.
//     Under Foul Weather the active power's land units that moved by a Move
//     this impulse move no further (ImpulseFx.Moved), and it may not
//     assault, initiate piracy, make a Naval Move or a naval transport.
//   - Landsknechts and Swiss Mercenaries place the new mercenaries one at a
//     time (decision "card.place") in spaces holding the placing power's
//     own land units not besieged inside; placed in a field battle's space
//     (its window before the dice) they fight on their power's side, placed
//     by the attacker in the space it assaults they join the assault. The
//     Ottoman's Landsknechts eliminate two mercenaries anywhere, one at a
//     time ("card.eliminate"); a siege they leave without superiority breaks.
//   - Siege Artillery's line of communication counts the land spaces after
//     the fortified home space, the assaulted space included (at most 4);
//     sea zones cost nothing.
//   - Halley's Comet's skipped impulse is not a pass and breaks a run of
//     passes.
//   - Thomas Cromwell's treatise needs Cranmer on the map; the card leaves
//     the game when a pregnancy result of 3 or less has occurred.

// Decision kinds of the Response cards.
const (
	kCardPlace     = "card.place"     // a space for the next unit a card places
	kCardEliminate = "card.eliminate" // a space and power losing a unit to a card
)

// Card numbers of the Response cards.
const (
	nFoulWeather = 31
	nGout        = 32
	nLandsknecht = 33
	nRowers      = 34
	nSiegeArt    = 35
	nSwiss       = 36
	nWartburg    = 37
	nHalley      = 38
	nCromwell    = 115
	nDissolution = 63
)

// actionWindows are the windows of an action paid for (Foul Weather's).
const actionWindows = 1<<winMove | 1<<winAssault | 1<<winNaval

// wartburgTarget reports whether the event of card c, declared by p, is one
// The Wartburg could cancel (CARDS.md #37): another power's Event card, or
// Papal Bull or Leipzig Debate, in the Action Phase.
func (s *State) wartburgTarget(p Power, c int) bool {
	n := Cards[c].Number
	return p != Protestant && s.Phase == PhaseAction && (Cards[c].Type == EventCard || n == 5 || n == 6)
}

// mercPlacer is who places the mercenaries of Landsknechts or Swiss
// Mercenaries played by p, and how many (CARDS.md #33, #36): the Hapsburgs
// 4 with Landsknechts, France 4 when France or the Ottoman plays Swiss
// Mercenaries, any other power 2 of its own. The Ottoman's Landsknechts
// place none (n 0): they eliminate.
func mercPlacer(card int, p Power) (Power, int) {
	switch {
	case card == nLandsknecht && p == Hapsburg:
		return Hapsburg, 4
	case card == nLandsknecht && p == Ottoman:
		return NoPower, 0
	case card == nSwiss && (p == France || p == Ottoman):
		return France, 4
	}
	return p, 2
}

// mercSpaces are where q may place a card's new mercenaries: spaces with
// its own land units, none of them besieged inside (CARDS.md #33 step 4).
func (s *State) mercSpaces(q Power) []SpaceID {
	var out []SpaceID
	for i := range s.Spaces {
		sp := SpaceID(i)
		if s.Spaces[i].Units[q].Land() > 0 && s.outsideWalls(sp, q) && !s.Spaces[i].Unrest {
			out = append(out, sp)
		}
	}
	return out
}

// mayMercCard reports whether p may play Landsknechts or Swiss Mercenaries
// now: not the Protestant before the League (§21.6), and the placing power
// has room and somewhere to place them (the Ottoman's Landsknechts: some
// mercenary on the map to eliminate).
func (s *State) mayMercCard(card int, p Power) bool {
	if p == Protestant && !s.League {
		return false
	}
	q, n := mercPlacer(card, p)
	if n == 0 {
		return len(s.mercTargets()) > 0
	}
	return s.Room(q).Merc > 0 && len(s.mercSpaces(q)) > 0
}

// startMercCard begins the placement (or the elimination) of a
// Landsknechts or Swiss Mercenaries play.
func (s *State) startMercCard(card int, p Power, inWindow bool) {
	q, n := mercPlacer(card, p)
	if n == 0 {
		s.emit("event", "Landsknechts: the Ottoman eliminates 2 mercenaries")
		s.pushCard(CardProc{Card: card, Player: p, N: 2, Target: NoPower, Space: -1, Window: inWindow, Flag: true})
		return
	}
	s.emit("event", fmt.Sprintf("#%d %s: %s places %d new mercenaries", card, Cards[mustCard(card)].Name, q, n))
	s.pushCard(CardProc{Card: card, Player: p, N: n, Target: q, Space: -1, Kind: 'm', Window: inWindow})
}

// stepMercCard asks for the next placement or elimination.
func (s *State) stepMercCard(c *CardProc) {
	if c.N <= 0 {
		s.popCard()
		return
	}
	if c.Flag {
		if len(s.mercTargets()) == 0 {
			s.popCard()
			return
		}
		s.push(kCardEliminate, c.Player)
		return
	}
	if s.Room(c.Target).Merc == 0 || len(s.mercSpaces(c.Target)) == 0 {
		s.popCard()
		return
	}
	s.push(kCardPlace, c.Target)
}

// mercTargets lists (space, power) pairs with mercenaries on the map (only
// q's when q is a power, NoPower for all).
func (s *State) mercTargets(only ...Power) [][2]int {
	var out [][2]int
	for i := range s.Spaces {
		for q := Power(0); q < NumPowers; q++ {
			if len(only) > 0 && q != only[0] {
				continue
			}
			if s.Spaces[i].Units[q].Merc > 0 {
				out = append(out, [2]int{i, int(q)})
			}
		}
	}
	return out
}

// placedUnit: a unit of q placed by a card in sp joins what is fought
// there now: a field battle's side (before its dice), or the assault q
// declared on sp (CARDS.md #33: "the new units take part").
func (s *State) placedUnit(sp SpaceID, q Power, kind byte) {
	if b := s.Battle; b != nil && b.Space == sp && b.Step <= btRoll {
		u := Units{}
		switch kind {
		case 'm':
			u.Merc = 1
		case 'r':
			u.Reg = 1
		case 'c':
			u.Cav = 1
		}
		switch {
		case s.side(q) == b.Attacker:
			b.Att[q] = addUnits(b.Att[q], u)
		case containsPower(s.groupsOf(&b.Def), s.side(q)):
			b.Def[q] = addUnits(b.Def[q], u)
		}
	}
	if w := s.Window; w != nil && w.Kind == winAssault && w.Space == int(sp) && w.Power == q && (w.Action == "assault" || w.Action == "treachery") {
		f := parseForm(w.Path[1], q)
		switch kind {
		case 'm':
			f[q].Merc++
		case 'r':
			f[q].Reg++
		case 'c':
			f[q].Cav++
		}
		w.Path = slices.Clone(w.Path)
		w.Path[1] = formValue(&f, q)
	}
}

func addUnits(a, b Units) Units {
	return Units{Reg: a.Reg + b.Reg, Merc: a.Merc + b.Merc, Cav: a.Cav + b.Cav, Sq: a.Sq + b.Sq, Cor: a.Cor + b.Cor}
}

// unitsLost keeps what is fought in sp consistent once a card took units
// from it: a field battle's sides, an assault's formation and an assault
// or Move waiting in a window never count more units than are there; a
// siege no longer superior breaks (§15.3).
func (s *State) unitsLost(sp SpaceID) {
	here := &s.Spaces[sp].Units
	clamp := func(u *[NumPowers]Units) {
		for q := range u {
			u[q].Reg = min(u[q].Reg, here[q].Reg)
			u[q].Merc = min(u[q].Merc, here[q].Merc)
			u[q].Cav = min(u[q].Cav, here[q].Cav)
		}
	}
	fighting := false
	if b := s.Battle; b != nil && b.Space == sp {
		clamp(&b.Att)
		clamp(&b.Def)
		fighting = true
	}
	if a := s.Assault; a != nil && a.Space == sp {
		clamp(&a.Form)
		fighting = true
	}
	if w := s.Window; w != nil && len(w.Path) > 0 && (w.Action == "move" || w.Action == "assault" || w.Action == "transport" || w.Action == "treachery") {
		i := map[string]int{"move": 3, "assault": 1, "transport": 3, "treachery": 1}[w.Action]
		if mustSpace(w.Path[0]) == sp {
			f := parseForm(w.Path[i], w.Power)
			clamp(&f)
			w.Path = slices.Clone(w.Path)
			w.Path[i] = formValue(&f, w.Power)
		}
	}
	if !fighting && s.UnderSiege(sp) {
		s.checkSiege(sp)
	}
}

// actionStillValid reports whether an action that waited in a window can
// still take place: it may have lost its units meanwhile (the Ottoman's
// Landsknechts), and then it does not.
func (s *State) actionStillValid(w *Window) bool {
	switch w.Action {
	case "move", "transport":
		f := parseForm(w.Path[3], w.Power)
		return landOf(&f) > 0 || len(parseLeaders(w.Path[1])) > 0
	case "assault", "treachery":
		f := parseForm(w.Path[1], w.Power)
		return landOf(&f) > 0 && s.Besieging(mustSpace(w.Path[0]), w.Power)
	}
	return true
}

// emperorAfterGout: Holy Roman Emperor's jump happens unless Gout stopped
// it; the Hapsburgs have their 5 CP either way (CARDS.md #2, #32).
func (s *State) emperorAfterGout(w *Window) {
	if !w.Cancelled {
		s.emperorJump(w.Path)
	}
	s.Act = &Act{Power: Hapsburg, CP: 5, Card: -1}
}

// bullAfterCromwell: Papal Bull's excommunication of Cranmer happens unless
// Thomas Cromwell cancelled it (with its debate).
func (s *State) bullAfterCromwell(w *Window) {
	if w.Cancelled {
		s.emit("excommunication", "Thomas Cromwell: the excommunication of Cranmer is cancelled")
		return
	}
	s.excommunicateReformer(w.Path[1])
}

// lutherFree: Luther is alive (#16 Calvin not played, not burnt) and in
// play.
func (s *State) lutherFree() bool {
	st := s.Debaters[dLuther]
	return !s.CalvinRule && st != DebBurnt && st != DebDisgraced && st != DebRemoved && st != DebOut
}

// siegeArtilleryLOC reports whether p has a line of communication to sp
// from a fortified home space it controls through at most 4 land spaces
// (CARDS.md #35): the land spaces after the home space count, the target
// included; sea zones (each with a friendly naval unit, as for any LOC)
// count nothing.
func (s *State) siegeArtilleryLOC(sp SpaceID, p Power) bool {
	const far = 1 << 20
	var dist [NumSpaces + NumSeas]int
	for i := range dist {
		dist[i] = far
	}
	var deque []int
	for _, h := range homeSpacesOf[p] {
		if s.fortified(h) && s.ControlledBy(h, p) {
			if h == sp {
				return true
			}
			dist[h] = 0
			deque = append(deque, int(h))
		}
	}
	for len(deque) > 0 {
		n := deque[0]
		deque = deque[1:]
		d := dist[n]
		if n < NumSpaces {
			if SpaceID(n) != sp && dist[n] > 0 && !s.locPassable(SpaceID(n), p) {
				continue // the path may not go on through it
			}
			for _, e := range Spaces[n].Edges {
				if d+1 < dist[e.To] && d+1 <= 4 {
					dist[e.To] = d + 1
					deque = append(deque, int(e.To))
				}
			}
			for _, z := range Spaces[n].Ports {
				if s.friendlyNaval(z, p) && d < dist[NumSpaces+int(z)] {
					dist[NumSpaces+int(z)] = d
					deque = append([]int{NumSpaces + int(z)}, deque...)
				}
			}
			continue
		}
		z := SeaID(n - NumSpaces)
		for _, port := range Seas[z].Ports {
			if d+1 < dist[port] && d+1 <= 4 {
				dist[port] = d + 1
				deque = append(deque, int(port))
			}
		}
		for _, z2 := range Seas[z].Adj {
			if s.friendlyNaval(z2, p) && d < dist[NumSpaces+int(z2)] {
				dist[NumSpaces+int(z2)] = d
				deque = append([]int{NumSpaces + int(z2)}, deque...)
			}
		}
	}
	return dist[sp] <= 4
}

// halleyChoices: discard a card at random from another power's hand (one
// with a card that is not a Home card), or skip any power's next impulse.
func (s *State) halleyChoices(p Power) []game.Choice {
	var discard, skip []game.Choice
	for q := Power(0); q < NumMajors; q++ {
		if q != p && s.unknownCards(q) > 0 {
			discard = append(discard, game.Choice{Label: q.String(), Value: q.String()})
		}
		if s.TurnFx.Skip&bit(q) == 0 {
			skip = append(skip, game.Choice{Label: q.String(), Value: q.String()})
		}
	}
	var out []game.Choice
	if len(discard) > 0 {
		out = append(out, game.Choice{Label: "another power discards a card at random", Value: "discard", Next: discard})
	}
	if len(skip) > 0 {
		out = append(out, game.Choice{Label: "a power's next impulse is skipped", Value: "skip", Next: skip})
	}
	return out
}

func (s *State) playHalley(p Power, path []string) {
	q, _ := ParsePower(path[1])
	if path[0] == "skip" {
		s.TurnFx.Skip |= bit(q)
		s.emit("event", fmt.Sprintf("Halley's Comet: %s's next impulse is skipped", q))
		return
	}
	if c := s.randomDraw(q, NoPower); c >= 0 {
		s.Discard = append(s.Discard, uint8(c))
		s.emit("discard", fmt.Sprintf("Halley's Comet: %s discards #%d %s at random", q, Cards[c].Number, Cards[c].Name))
	}
}

// cromwellGone: Thomas Cromwell leaves the game when a pregnancy result of
// 3 or less has ever occurred (CARDS.md #115).
func (s *State) cromwellGone() bool { return s.Pregnancy&(1<<1|1<<2|1<<3) != 0 }

// settleCromwell removes Thomas Cromwell after its play if it must go.
func (s *State) settleCromwell() {
	if s.cromwellGone() {
		s.removeFromGame(mustCard(nCromwell))
	}
}

func init() {
	registerResponse(nFoulWeather, &respDef{
		windows: actionWindows, trigger: actionWindows,
		may: func(s *State, w *Window, p Power) bool { return p != w.Power && !w.Treachery },
		play: func(s *State, w *Window, p Power, _ []string) {
			w.Cancelled = true
			s.Imp.Foul |= bit(w.Power)
			if s.Act != nil {
				// what moved this impulse moves no further (CARDS.md #31 step 2)
				s.Act.Defeated = append(s.Act.Defeated, s.Imp.Moved...)
			}
			s.emit("event", fmt.Sprintf("Foul Weather (%s): %s's action does not take place; it moves at most one space and makes no assault, piracy or naval action this impulse", p, w.Power))
		},
	})
	goutWindows := winMask(1<<winMove | 1<<winAssault | 1<<winNaval | 1<<winEmperor)
	registerResponse(nGout, &respDef{
		windows: goutWindows, trigger: goutWindows,
		may: func(s *State, w *Window, p Power) bool {
			return p != w.Power && len(w.Leaders) > 0 && (w.Kind != winNaval || w.Action == "transport")
		},
		choices: func(s *State, w *Window, p Power) []game.Choice {
			var out []game.Choice
			for _, l := range w.Leaders {
				out = append(out, game.Choice{Label: Leaders[l].Name, Value: Leaders[l].ID})
			}
			return out
		},
		play: func(s *State, w *Window, p Power, path []string) {
			l, _ := LeaderByID(path[0])
			w.Cancelled = true
			s.Imp.Gout = append(s.Imp.Gout, l)
			s.emit("event", fmt.Sprintf("Gout (%s): %s may not move or assault this impulse", p, Leaders[l].Name))
		},
	})
	mercWindows := winMask(responseWindows)
	for _, n := range []int{nLandsknecht, nSwiss} {
		n := n
		registerResponse(n, &respDef{
			windows: mercWindows, trigger: 1<<winBattle | 1<<winAssault,
			may: func(s *State, w *Window, p Power) bool {
				// in an assault's window only the attacker, after the others
				if w.Kind == winAssault && p != w.Power {
					return false
				}
				return s.mayMercCard(n, p)
			},
			play: func(s *State, w *Window, p Power, _ []string) { s.startMercCard(n, p, true) },
		})
		registerEvent(n, &eventDef{
			can:  func(s *State, p Power) bool { return s.mayMercCard(n, p) },
			play: func(s *State, p Power, _ []string) { s.startMercCard(n, p, false) },
		})
		cardSteps[n] = (*State).stepMercCard
	}
	registerDecision(kCardPlace, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("#%d %s: place a new %s (%d left)", c.Card, Cards[mustCard(c.Card)].Name, unitNames[c.Kind], c.N)
		},
		choices: func(s *State, d Decision) []game.Choice {
			c := s.cardProc()
			var out []game.Choice
			for _, sp := range cardPlaceSpaces[c.Card](s, c) {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			sp := mustSpace(path[0])
			s.place(&s.Spaces[sp].Units[c.Target], c.Target, c.Kind, 1)
			c.N--
			s.emit("event", fmt.Sprintf("%s places a %s in %s", c.Target, unitNames[c.Kind], Spaces[sp].Name))
			s.placedUnit(sp, c.Target, c.Kind)
		},
	})
	registerDecision(kCardEliminate, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("#%d %s: eliminate a mercenary (%d left)", c.Card, Cards[mustCard(c.Card)].Name, c.N)
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			targets := s.mercTargets()
			if c := s.cardProc(); c.Card == 87 {
				targets = s.mercTargets(c.Target) // Mercenaries Demand Pay: its own
			}
			for _, t := range targets {
				q := Power(t[1])
				ch := game.Choice{Label: Spaces[t[0]].Name, Value: Spaces[t[0]].ID, Next: []game.Choice{{Label: q.String(), Value: q.String()}}}
				if len(out) > 0 && out[len(out)-1].Value == ch.Value {
					out[len(out)-1].Next = append(out[len(out)-1].Next, ch.Next...)
					continue
				}
				out = append(out, ch)
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			s.Spaces[sp].Units[q].Merc--
			if c.Card != 87 {
				c.N-- // (Mercenaries Demand Pay counts the mercenaries kept)
			}
			s.emit("event", fmt.Sprintf("a %s mercenary in %s is eliminated", q, Spaces[sp].Name))
			s.unitsLost(sp)
			s.loneLeaders(sp)
		},
	})

	registerResponse(nRowers, &respDef{
		windows: 1<<winNavalRoll | 1<<winSeaRolled, trigger: 1<<winNavalRoll | 1<<winSeaRolled,
		choices: func(s *State, w *Window, p Power) []game.Choice {
			if w.Kind == winNavalRoll {
				return []game.Choice{{Label: "+2 to the roll", Value: "+2"}, {Label: "-2 to the roll", Value: "-2"}}
			}
			f := s.Naval.Fight
			return []game.Choice{{Label: s.Naval.Power.String() + " (attacker) rolls 3 more dice", Value: "attacker"},
				{Label: f.Q.String() + " (defender) rolls 3 more dice", Value: "defender"}}
		},
		play: func(s *State, w *Window, p Power, path []string) {
			if w.Kind == winNavalRoll {
				d := 2
				if path[0] == "-2" {
					d = -2
				}
				w.Roll += d
				s.Naval.Roll.Total += d
				s.Naval.Roll.Text += fmt.Sprintf("%+d Professional Rowers", d)
				s.emit("event", fmt.Sprintf("Professional Rowers (%s): %+d, the roll is now %d", p, d, w.Roll))
				return
			}
			f := s.Naval.Fight
			h, dice := s.Hits(rowersDice)
			if path[0] == "attacker" {
				f.AttHits += h
				f.AttDice = append(f.AttDice, dice...)
			} else {
				f.DefHits += h
				f.DefDice = append(f.DefDice, dice...)
			}
			s.emit("event", fmt.Sprintf("Professional Rowers (%s): the %s rolls 3 more dice %v, %d hit(s)", p, path[0], dice, h))
		},
	})
	registerResponse(nSiegeArt, &respDef{
		windows: 1 << winBreach, trigger: 1 << winBreach,
		may: func(s *State, w *Window, p Power) bool {
			a := s.Assault
			return a != nil && s.siegeArtilleryLOC(a.Space, a.Power)
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			a := s.Assault
			h := 0
			var dice []int
			for i := 0; i < siegeArtDice; i++ {
				d := s.Die()
				dice = append(dice, d)
				if d >= 3 {
					h++
				}
			}
			a.AttHits += h
			s.emit("event", fmt.Sprintf("Siege Artillery (%s): %s rolls 2 more dice %v, %d hit(s) on 3–6", p, a.Power, dice, h))
		},
	})
	registerResponse(nWartburg, &respDef{
		windows: 1 << winEvent, trigger: 1 << winEvent,
		may: func(s *State, w *Window, p Power) bool {
			return p == Protestant && w.Player != Protestant && s.lutherFree()
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			w.Cancelled = true
			s.Wartburg = true
			if s.Debaters[dLuther] == DebUncommitted {
				s.Debaters[dLuther] = DebCommitted
			}
			s.emit("event", fmt.Sprintf("The Wartburg: #%d %s is cancelled; %s's impulse ends; Luther is committed and the Protestant calls no debate this turn",
				Cards[w.Card].Number, Cards[w.Card].Name, w.Player))
		},
	})
	registerResponse(nHalley, &respDef{
		windows: responseWindows,
		choices: func(s *State, w *Window, p Power) []game.Choice { return s.halleyChoices(p) },
		play:    func(s *State, w *Window, p Power, path []string) { s.playHalley(p, path) },
	})
	registerEvent(nHalley, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.halleyChoices(p) },
		play:    func(s *State, p Power, path []string) { s.playHalley(p, path) },
	})
	registerResponse(nCromwell, &respDef{
		windows: 1 << winBull, trigger: 1 << winBull,
		may: func(s *State, w *Window, p Power) bool { return p != Papacy },
		play: func(s *State, w *Window, p Power, _ []string) {
			w.Cancelled = true
			s.settleCromwell()
		},
	})
	registerEvent(nCromwell, &eventDef{
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			if cardIn(s.Discard, mustCard(nDissolution)) {
				out = append(out, game.Choice{Label: "England takes Dissolution of the Monasteries from the discard pile", Value: "dissolution"})
			}
			if s.Reformer[spLondon] {
				out = append(out, game.Choice{Label: "England publishes a treatise now (its treatises cost 2 CP this turn)", Value: "treatise"})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			s.settleCromwell()
			if path[0] == "dissolution" {
				c := mustCard(nDissolution)
				s.Discard = withoutCard(s.Discard, c)
				s.Powers[England].Hand = append(s.Powers[England].Hand, uint8(c))
				s.emit("event", "Thomas Cromwell: England takes Dissolution of the Monasteries from the discard pile")
				return
			}
			s.TurnFx.Cromwell = true
			s.emit("event", "Thomas Cromwell: England publishes a treatise; its Publish Treatise costs 2 CP this turn")
			s.StartReformation(England, LangEnglish, 2, 0, false, "Thomas Cromwell")
		},
	})
	cardPlaceSpaces[nLandsknecht] = func(s *State, c *CardProc) []SpaceID { return s.mercSpaces(c.Target) }
	cardPlaceSpaces[nSwiss] = cardPlaceSpaces[nLandsknecht]
}

// cardPlaceSpaces are where a card's procedure places its units (the
// "card.place" decision), by printed number.
var cardPlaceSpaces = map[int]func(s *State, c *CardProc) []SpaceID{}

// Dice of the Response cards.
const (
	rowersDice   = 3 // Professional Rowers: 3 more dice to one side of a naval combat
	siegeArtDice = 2 // Siege Artillery: 2 more attacker dice, hits on 3–6
)
