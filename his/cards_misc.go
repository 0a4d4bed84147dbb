package his

import (
	"fmt"

	"concordat/game"
)

// Event cards of unrest, cards and hands, units and leaders (CARDS.md §7):
//
//   unrest: #64 Pilgrimage of Grace, #80 Gabelle Revolt, #82 Janissaries
//   Rebel, #88 Peasants' War, #94 Revolt of the Communeros (the player
//   places unrest on unoccupied spaces — no units or leaders — one at a
//   time, "up to");
//   hands: #57 Philip of Hesse's Bigamy, #59 Lady Jane Grey, #66 Akinji
//   Raiders, #74 Diplomatic Overture, #79 Fuggers;
//   units: #83 John Zapolya, #87 Mercenaries Demand Pay, #100 Shipbuilding,
//   #106 Unpaid Mercenaries, #107 Unsanitary Camp;
//   leaders: #91 Ransom, #103 Threat to Power; #84 Julia Gonzaga.
//
// Readings: a card taken from another hand is playable only from a later
// impulse (ImpulseFx.Fresh); Akinji Raiders' "within 2 spaces" counts
// passes as connections, the space between (if any) Ottoman-controlled;
// Philip of Hesse gone or captured, the Protestant must discard (with no
// card to discard, Philip goes); Mercenaries Demand Pay's target keeps the
// number of mercenaries the discarded card's CP allows, eliminating the
// others one at a time where it chooses; Ransom's leader goes to a
// fortified home space his power controls (else its capital or a friendly
// home key, §9.4); a leader away by Threat to Power (1–3) comes back at the
// next Card Draw to his capital, else a friendly home key.

// unoccupied reports whether sp holds no units and no leaders.
func (s *State) unoccupied(sp SpaceID) bool { return !s.occupied(sp) }

// unrestCard registers an unrest card: up to n (or more, per more) unrest
// markers on unoccupied spaces where ok holds.
func unrestCard(card int, n func(s *State) int, ok func(s *State, sp SpaceID) bool) {
	spaces := func(s *State) []SpaceID {
		var out []SpaceID
		for i := range Spaces {
			sp := SpaceID(i)
			if s.Spaces[i].Ctl != NoPower && !s.Spaces[i].Unrest && s.unoccupied(sp) && ok(s, sp) {
				out = append(out, sp)
			}
		}
		return out
	}
	registerEvent(card, &eventDef{
		can:  func(s *State, p Power) bool { return len(spaces(s)) > 0 },
		play: func(s *State, p Power, _ []string) { s.startSpaces(card, p, p, n(s)) },
	})
	registerSpaces(card, 0, &spaceCard{text: "place unrest", optional: true,
		spaces: func(s *State, c *CardProc) []SpaceID { return spaces(s) },
		do: func(s *State, c *CardProc, sp SpaceID) {
			s.Spaces[sp].Unrest = true
			s.emit("unrest", fmt.Sprintf("#%d %s: unrest in %s", card, Cards[mustCard(card)].Name, Spaces[sp].Name))
		},
	})
}

func homeOf(p Power) func(*State, SpaceID) bool {
	return func(_ *State, sp SpaceID) bool { return Spaces[sp].Home == p }
}

func zoneOf(z Lang) func(*State, SpaceID) bool {
	return func(_ *State, sp SpaceID) bool { return Spaces[sp].Lang == z }
}

func fixed(n int) func(*State) int { return func(*State) int { return n } }

// atWarWithMajor reports whether p is at war with some major power.
func (s *State) atWarWithMajor(p Power) bool {
	for q := Power(0); q < NumMajors; q++ {
		if q != p && s.AtWar(p, q) {
			return true
		}
	}
	return false
}

// akinjiTargets: majors at war with the Ottoman with a space they control
// within 2 of Ottoman cavalry (the space between, if any, Ottoman).
func (s *State) akinjiTargets() []game.Choice {
	var out []game.Choice
	for x := Power(0); x < NumMajors; x++ {
		if x == Ottoman || !s.AtWar(Ottoman, x) || s.unknownCards(x) == 0 {
			continue
		}
		found := false
		for i := range s.Spaces {
			if s.Spaces[i].Units[Ottoman].Cav == 0 {
				continue
			}
			for _, e := range Spaces[i].Edges {
				if s.ControlledBy(e.To, x) {
					found = true
				}
				if !s.ControlledBy(e.To, Ottoman) {
					continue
				}
				for _, e2 := range Spaces[e.To].Edges {
					if s.ControlledBy(e2.To, x) {
						found = true
					}
				}
			}
		}
		if found {
			out = append(out, game.Choice{Label: x.String(), Value: x.String()})
		}
	}
	return out
}

// mercsKept is how many mercenaries a card of cp CP pays for (#87).
func mercsKept(cp int) int {
	switch cp {
	case 1:
		return 2
	case 2:
		return 4
	case 3:
		return 6
	case 4:
		return 10
	}
	return 1 << 10
}

// mercsOf counts q's mercenaries on the map.
func (s *State) mercsOf(q Power) int { return int(s.OnMap(q).Merc) }

// threatLeaders are the leaders Threat to Power may strike: in play, not
// captured.
var threatLeaders = []string{"charles_brandon", "duke_of_alva", "montmorency", "ibrahim_pasha"}

// leaderHome is where a returning leader of p goes: a fortified home space
// p controls with its capital first (fortifiedOnly: only those), else a
// friendly home key; -1 if none.
func (s *State) leaderHome(p Power, fortifiedOnly bool) []SpaceID {
	var out []SpaceID
	for _, c := range capitalsOf[p] {
		if s.ControlledBy(c, p) {
			out = append(out, c)
		}
	}
	for _, h := range homeSpacesOf[p] {
		if s.fortified(h) && s.ControlledBy(h, p) && !isCapitalOf(h, p) {
			out = append(out, h)
		}
	}
	if len(out) > 0 || fortifiedOnly {
		return out
	}
	for _, h := range homeSpacesOf[p] {
		if Spaces[h].Type.IsKey() && s.FriendlySpace(h, p) {
			out = append(out, h)
		}
	}
	return out
}

// returnAway brings the leaders removed for the turn back (Card Draw).
func (s *State) returnAway() {
	for _, l := range s.TurnFx.Away {
		if s.Leaders[l].Loc != OffMap || s.Leaders[l].Captor != NoPower {
			continue
		}
		if h := s.leaderHome(s.lpower(l), false); len(h) > 0 {
			s.putLeader(l, int(h[0]))
		}
	}
	s.TurnFx.Away = nil
}

// camp is Unsanitary Camp's choice: spaces with land units, and the majors
// whose stacks (with their active minors) are there.
func (s *State) campChoices() []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		var who []game.Choice
		for q := Power(0); q < NumMajors; q++ {
			if u := s.stackOf(SpaceID(i), q); landOf(&u) > 0 {
				who = append(who, game.Choice{Label: q.String(), Value: q.String()})
			}
		}
		if len(who) > 0 {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: who})
		}
	}
	return out
}

// stackOf is q's land units in sp with its active minors' regulars.
func (s *State) stackOf(sp SpaceID, q Power) (u [NumPowers]Units) {
	for r := Power(0); r < NumPowers; r++ {
		if r == q || s.MinorAllyOf(r) == q {
			x := s.Spaces[sp].Units[r]
			u[r] = Units{Reg: x.Reg, Merc: x.Merc, Cav: x.Cav}
		}
	}
	return
}

// campLosses are the ways q's stack in sp may take Unsanitary Camp's
// losses: a third of the units rounded up, at least half of them (rounded
// up) regulars where the stack has them.
func (s *State) campLosses(sp SpaceID, q Power) []game.Choice {
	st := s.stackOf(sp, q)
	n := landOf(&st)
	l := (n + 2) / 3
	regs := 0
	for r := range st {
		regs += int(st[r].Reg)
	}
	need := min((l+1)/2, regs)
	var out []game.Choice
	for _, c := range formSpecs(q, &st, l, l) {
		f := parseForm(c.Value, q)
		k := 0
		for r := range f {
			k += int(f[r].Reg)
		}
		if k >= need {
			out = append(out, c)
		}
	}
	return out
}

// shipbuildingPorts are p's home ports it controls, not in unrest and
// without enemy units (no squadron in Algiers).
func (s *State) shipbuildingPorts(p Power) []SpaceID {
	var out []SpaceID
	for _, h := range homeSpacesOf[p] {
		if len(Spaces[h].Ports) == 0 || !s.ControlledBy(h, p) || s.Spaces[h].Unrest || s.hasEnemyUnits(int(h), p) {
			continue
		}
		out = append(out, h)
	}
	return out
}

func init() {
	unrestCard(80, fixed(2), homeOf(France))      // Gabelle Revolt
	unrestCard(88, fixed(5), zoneOf(LangGerman))  // Peasants' War
	unrestCard(94, fixed(3), zoneOf(LangSpanish)) // Revolt of the Communeros
	unrestCard(64, fixed(5), homeOf(England))     // Pilgrimage of Grace
	unrestCard(82, func(s *State) int {           // Janissaries Rebel
		if s.atWarWithMajor(Ottoman) {
			return 2
		}
		return 4
	}, homeOf(Ottoman))

	registerEvent(79, &eventDef{ // Fuggers
		play: func(s *State, p Power, _ []string) {
			s.drawFromDeck(p)
			s.drawFromDeck(p)
			s.TurnFx.Fewer |= bit(p)
			s.emit("event", fmt.Sprintf("Fuggers: %s draws 2 cards and will be dealt one fewer", p))
		},
	})
	registerEvent(74, &eventDef{ // Diplomatic Overture
		play: func(s *State, p Power, _ []string) {
			s.drawFromDeck(p)
			s.drawFromDeck(p)
			if len(s.overtureCards(p)) > 0 {
				s.pushCard(CardProc{Card: 74, Player: p, Target: p, Space: -1, Stage: 1})
			}
		},
	})
	cardSteps[74] = (*State).stepOption
	optionCards[741] = &optionCard{text: "give a card to another power",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			for q := Power(0); q < NumMajors; q++ {
				if q != c.Player {
					out = append(out, game.Choice{Label: "to " + q.String(), Value: q.String(), Next: s.overtureCards(c.Player)})
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			q, _ := ParsePower(path[0])
			x := mustCard(atoi(path[1]))
			s.removeFromHand(c.Player, x)
			s.Powers[q].Hand = append(s.Powers[q].Hand, uint8(x))
			s.emitTo("draw", fmt.Sprintf("Diplomatic Overture: %s gives #%d %s to %s", c.Player, Cards[x].Number, Cards[x].Name, q), c.Player, q)
			s.emit("event", fmt.Sprintf("Diplomatic Overture: %s gives a card to %s", c.Player, q))
		},
	}

	registerEvent(59, &eventDef{ // Lady Jane Grey
		can: func(s *State, p Power) bool {
			return s.EnglishRulerTurn == s.Turn && s.Turn > 0 && s.unknownCards(England) > 0
		},
		play: func(s *State, p Power, _ []string) {
			a := s.randomDraw(England, p)
			var b = -1
			if len(s.Deck) > 0 {
				b = int(s.Deck[len(s.Deck)-1])
				s.drawFromDeck(p)
			}
			c := CardProc{Card: 59, Player: p, Target: p, Space: -1, Stage: 1, Ints: []int{a}}
			if b >= 0 {
				c.Ints = append(c.Ints, b)
			}
			s.pushCard(c)
		},
	})
	cardSteps[59] = (*State).stepOption
	optionCards[591] = &optionCard{text: "keep one card, give the other to the Protestant or the Papacy",
		choices: func(s *State, c *CardProc) []game.Choice {
			to := []game.Choice{{Label: "give the other to the Protestant", Value: "protestant"}, {Label: "give the other to the Papacy", Value: "papacy"}}
			var out []game.Choice
			for _, x := range c.Ints {
				out = append(out, game.Choice{Label: "keep " + Cards[x].Name, Value: Cards[x].num, Next: to})
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			keep := mustCard(atoi(path[0]))
			q, _ := ParsePower(path[1])
			if len(c.Ints) == 2 {
				other := c.Ints[0]
				if other == keep {
					other = c.Ints[1]
				}
				s.removeFromHand(c.Player, other)
				s.Powers[q].Hand = append(s.Powers[q].Hand, uint8(other))
				s.emitTo("draw", fmt.Sprintf("Lady Jane Grey: %s gives #%d %s to %s", c.Player, Cards[other].Number, Cards[other].Name, q), c.Player, q)
				s.emit("event", fmt.Sprintf("Lady Jane Grey: %s keeps one card and gives one to %s", c.Player, q))
			}
		},
	}

	registerEvent(57, &eventDef{ // Philip of Hesse's Bigamy
		play: func(s *State, p Power, _ []string) {
			philip, _ := LeaderByID("philip_of_hesse")
			onMap := s.Leaders[philip].Loc >= 0 && s.Leaders[philip].Captor == NoPower
			switch {
			case onMap && s.unknownCards(Protestant) > 0:
				s.pushCard(CardProc{Card: 57, Player: p, Target: Protestant, Space: -1, Stage: 1})
			case onMap:
				s.removePhilip()
			default:
				s.randomDiscard(Protestant, 57)
			}
		},
	})
	cardSteps[57] = (*State).stepOption
	optionCards[571] = &optionCard{text: "remove Philip of Hesse from the game, or discard a card at random",
		choices: func(s *State, c *CardProc) []game.Choice {
			return []game.Choice{{Label: "remove Philip of Hesse", Value: "philip"}, {Label: "discard a card at random", Value: "discard"}}
		},
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			if path[0] == "philip" {
				s.removePhilip()
				return
			}
			s.randomDiscard(Protestant, 57)
		},
	}

	registerEvent(66, &eventDef{ // Akinji Raiders
		choices: func(s *State, p Power) []game.Choice { return s.akinjiTargets() },
		play: func(s *State, p Power, path []string) {
			x, _ := ParsePower(path[0])
			if c := s.randomDraw(x, Ottoman); c >= 0 {
				s.emit("event", fmt.Sprintf("Akinji Raiders: the Ottoman takes a card from %s", x))
			}
		},
	})

	registerEvent(83, &eventDef{ // John Zapolya
		can: func(s *State, p Power) bool {
			buda := mustSpace("buda")
			c := s.Spaces[buda].Ctl
			return !s.UnderSiege(buda) && (c.Major() || c == Hungary)
		},
		play: func(s *State, p Power, _ []string) {
			buda := mustSpace("buda")
			q := s.Spaces[buda].Ctl
			n := s.place(&s.Spaces[buda].Units[q], q, 'r', 4)
			s.emit("event", fmt.Sprintf("John Zapolya: %d %s regulars in Buda", n, q))
		},
	})

	registerEvent(106, &eventDef{ // Unpaid Mercenaries
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for i := range s.Spaces {
				var who []game.Choice
				for q := Power(0); q < NumMajors; q++ {
					if s.Spaces[i].Units[q].Merc > 0 {
						who = append(who, game.Choice{Label: q.String(), Value: q.String()})
					}
				}
				if len(who) > 0 {
					out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: who})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			n := s.Spaces[sp].Units[q].Merc
			s.Spaces[sp].Units[q].Merc = 0
			s.emit("event", fmt.Sprintf("Unpaid Mercenaries: %s's %d mercenaries in %s are eliminated", q, n, Spaces[sp].Name))
			s.unitsLost(sp)
			s.loneLeaders(sp)
		},
	})

	registerEvent(107, &eventDef{ // Unsanitary Camp
		choices: func(s *State, p Power) []game.Choice { return s.campChoices() },
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			s.pushCard(CardProc{Card: 107, Player: p, Target: q, Space: int(sp), Stage: 1})
		},
	})
	cardSteps[107] = (*State).stepOption
	optionCards[1071] = &optionCard{text: "choose the losses (a third of the stack, at least half of them regulars)",
		choices: func(s *State, c *CardProc) []game.Choice { return s.campLosses(SpaceID(c.Space), c.Target) },
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			sp := SpaceID(c.Space)
			lost := parseForm(path[0], c.Target)
			s.removeForce(sp, &lost)
			s.emit("event", fmt.Sprintf("Unsanitary Camp: %s loses %d unit(s) in %s", c.Target, landOf(&lost), Spaces[sp].Name))
			s.unitsLost(sp)
		},
	}

	registerEvent(87, &eventDef{ // Mercenaries Demand Pay
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for q := Power(0); q < NumMajors; q++ {
				if s.mercsOf(q) > 0 {
					out = append(out, game.Choice{Label: q.String(), Value: q.String()})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.pushCard(CardProc{Card: 87, Player: p, Target: q, Space: -1, Stage: 1})
		},
	})
	cardSteps[87] = func(s *State, c *CardProc) {
		if c.Stage == 1 {
			s.stepOption(c)
			return
		}
		// stage 2: eliminate mercenaries down to c.N kept
		if s.mercsOf(c.Target) <= c.N || len(s.mercTargets(c.Target)) == 0 { // none the decision could offer
			s.popCard()
			return
		}
		s.push(kCardEliminate, c.Target)
	}
	optionCards[871] = &optionCard{text: "discard a card to pay your mercenaries, or lose them all",
		choices: func(s *State, c *CardProc) []game.Choice {
			out := []game.Choice{{Label: "pay nothing: every mercenary is lost", Value: "none"}}
			for _, x := range s.Powers[c.Target].Hand {
				if Cards[x].Type != MandatoryCard {
					out = append(out, game.Choice{Label: fmt.Sprintf("discard %s (%d CP)", Cards[x].Name, Cards[x].CP), Value: Cards[x].num})
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			c.Stage, c.N, c.Flag = 2, 0, true
			if path[0] != "none" {
				x := mustCard(atoi(path[0]))
				s.discardFromHand(c.Target, x)
				c.N = mercsKept(Cards[x].CP)
			}
			if c.N == 0 {
				s.popCard()
				for i := range s.Spaces {
					if s.Spaces[i].Units[c.Target].Merc > 0 {
						s.Spaces[i].Units[c.Target].Merc = 0
						s.unitsLost(SpaceID(i))
						s.loneLeaders(SpaceID(i))
					}
				}
				s.emit("event", fmt.Sprintf("Mercenaries Demand Pay: %s loses every mercenary", c.Target))
			}
		},
	}

	registerEvent(100, &eventDef{ // Shipbuilding
		can: func(s *State, p Power) bool {
			return p != Protestant && len(s.shipbuildingPorts(p)) > 0 && (s.Room(p).Sq > 0 || p == Ottoman && s.Barbary && s.Room(p).Cor > 0)
		},
		play: func(s *State, p Power, _ []string) {
			s.pushCard(CardProc{Card: 100, Player: p, Target: p, Space: -1, N: 2, Kind: 's'})
		},
	})
	cardSteps[100] = func(s *State, c *CardProc) {
		if c.N <= 0 || len(cardPlaceSpaces[100](s, c)) == 0 || s.Room(c.Target).Sq == 0 && !(c.Target == Ottoman && s.Barbary) {
			s.popCard()
			return
		}
		s.push(kCardShip, c.Target)
	}
	cardPlaceSpaces[100] = func(s *State, c *CardProc) []SpaceID { return s.shipbuildingPorts(c.Target) }
	registerDecision(kCardShip, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Shipbuilding: a new squadron in a home port (%d left)", s.cardProc().N)
		},
		choices: func(s *State, d Decision) []game.Choice {
			c := s.cardProc()
			var out []game.Choice
			for _, sp := range s.shipbuildingPorts(c.Target) {
				ch := game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID}
				var kinds []game.Choice
				if sp != spAlgiers && s.Room(c.Target).Sq > 0 {
					kinds = append(kinds, game.Choice{Label: "a squadron", Value: "squadron"})
				}
				if c.Target == Ottoman && s.Barbary && s.Room(Ottoman).Cor > 0 {
					kinds = append(kinds, game.Choice{Label: "2 corsairs", Value: "corsairs"})
				}
				if len(kinds) > 0 {
					ch.Next = kinds
					out = append(out, ch)
				}
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			sp := mustSpace(path[0])
			c.N--
			if path[1] == "corsairs" {
				n := s.place(&s.Spaces[sp].Units[c.Target], c.Target, 'k', 2)
				s.emit("build", fmt.Sprintf("Shipbuilding: %d corsairs in %s", n, Spaces[sp].Name))
				return
			}
			s.place(&s.Spaces[sp].Units[c.Target], c.Target, 's', 1)
			s.emit("build", fmt.Sprintf("Shipbuilding: a %s squadron in %s", c.Target, Spaces[sp].Name))
		},
	})

	registerEvent(91, &eventDef{ // Ransom
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for i, l := range s.Leaders {
				if l.Captor != NoPower && !Leaders[i].Naval && len(s.leaderHome(s.lpower(i), false)) > 0 {
					out = append(out, game.Choice{Label: Leaders[i].Name, Value: Leaders[i].ID})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			l, _ := LeaderByID(path[0])
			s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
			s.pushCard(CardProc{Card: 91, Player: p, Target: s.lpower(l), Space: -1, N: 1, Ints: []int{l}})
		},
	})
	registerSpaces(91, 0, &spaceCard{text: "place the ransomed leader",
		spaces: func(s *State, c *CardProc) []SpaceID {
			if h := s.leaderHome(c.Target, true); len(h) > 0 {
				return h
			}
			return s.leaderHome(c.Target, false)
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.putLeader(c.Ints[0], int(sp)) },
	})

	registerEvent(103, &eventDef{ // Threat to Power
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, id := range threatLeaders {
				l, _ := LeaderByID(id)
				if st := s.Leaders[l]; st.Captor == NoPower && st.Loc >= 0 {
					out = append(out, game.Choice{Label: Leaders[l].Name, Value: id})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			l, _ := LeaderByID(path[0])
			d := s.Die()
			if d <= 3 {
				s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
				s.TurnFx.Away = append(s.TurnFx.Away, l)
				s.emit("event", fmt.Sprintf("Threat to Power: die %d, %s is away until next turn", d, Leaders[l].Name))
				return
			}
			s.Leaders[l] = LeaderState{Loc: Removed, Captor: NoPower}
			s.emit("event", fmt.Sprintf("Threat to Power: die %d, %s leaves the game", d, Leaders[l].Name))
		},
	})

	registerEvent(84, &eventDef{ // Julia Gonzaga
		can: func(s *State, p Power) bool { return s.Barbary },
		play: func(s *State, p Power, _ []string) {
			s.TurnFx.Julia = true
			s.emit("event", "Julia Gonzaga: the first Ottoman piracy scoring in the Tyrrhenian Sea this turn gives 1 VP")
		},
	})
}

// Decision kind of Shipbuilding.
const kCardShip = "card.ship"

// overtureCards: Diplomatic Overture's gift — not a Home card; a Mandatory
// Event only when there is nothing else.
func (s *State) overtureCards(p Power) []game.Choice {
	out := s.handCards(p, notHomeOrMandatory)
	if len(out) == 0 {
		out = s.handCards(p, func(c int) bool { return Cards[c].Type == MandatoryCard })
	}
	return out
}

// removePhilip takes Philip of Hesse out of the game (#57).
func (s *State) removePhilip() {
	philip, _ := LeaderByID("philip_of_hesse")
	s.Leaders[philip] = LeaderState{Loc: Removed, Captor: NoPower}
	s.emit("event", "Philip of Hesse's Bigamy: Philip of Hesse leaves the game")
}

// loneLeaders: army leaders left without land units of their side in an
// unfortified space where enemies stand are captured; in a fortified one
// they stay (CARDS.md #106, #87: "leaders left alone").
func (s *State) loneLeaders(sp SpaceID) {
	if s.fortified(sp) {
		return
	}
	for i, l := range s.Leaders {
		if l.Loc != int(sp) || l.Captor != NoPower || Leaders[i].Naval {
			continue
		}
		p := s.lpower(i)
		own := s.stackOf(sp, p)
		if landOf(&own) > 0 {
			continue
		}
		for q := Power(0); q < NumMajors; q++ {
			if s.AtWar(p, q) && s.Spaces[sp].Units[q].Land() > 0 {
				s.captureLeadersBy([]int{i}, q)
				break
			}
		}
	}
}

// lpower is the power leader l serves: printed on the counter, or the one
// an event gave him (the Renegade, #70; Maurice of Saxony, #60).
func (s *State) lpower(l int) Power {
	switch {
	case l == lRenegade && s.RenegadeFor != 0:
		return Power(s.RenegadeFor - 1)
	case l == lMaurice && s.MauriceFor != 0:
		return Power(s.MauriceFor - 1)
	}
	return Leaders[l].Power
}

// lRenegade and lMaurice are the two leaders whose power an event sets.
var lRenegade, lMaurice = -1, -1
