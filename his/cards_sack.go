package his

import (
	"fmt"

	"concordat/game"
)

// #95 Sack of Rome (RULES.md §21.5, CARDS.md #95): a single stack of a
// major power other than the Papacy in an Italian-language space, with
// more mercenaries than there are Papal regulars in Rome (it need not be
// the player's; nobody need be at war with the Papacy), moves whole into
// Rome and fights the Papal regulars there in a field battle (its windows
// and combat cards as any other): the stack rolls 1 die per unit with its
// best leader's rating (ruling M7's default), formation limits aside; the
// Papacy 1 per regular + its leader + 1, 1 die with no regulars; the Papal
// mercenaries and allied units in Rome do not fight. Hits on the Papacy
// fall on its regulars, then its mercenaries; hits on the stack are split
// between its mercenaries and regulars (the mercenaries take the odd one).
// The survivors go back where they came from. The Papacy wins: the card is
// discarded. It loses: St. Peter's loses 5 CP (not below 0), the stack's
// owner draws 2 cards at random from the Papal hand, keeps one and
// discards the other ("card.option"), and the card leaves the game. The
// play starts no war and gives no grounds for excommunication.

const nSack = 95

// sackStacks lists the stacks that may sack Rome: space, then owner.
func (s *State) sackStacks() []game.Choice {
	rome := mustSpace("rome")
	regs := int(s.Spaces[rome].Units[Papacy].Reg)
	var out []game.Choice
	for i := range Spaces {
		if Spaces[i].Lang != LangItalian || SpaceID(i) == rome {
			continue
		}
		var who []game.Choice
		for q := Power(0); q < NumMajors; q++ {
			if q != Papacy && int(s.Spaces[i].Units[q].Merc) > regs && s.outsideWalls(SpaceID(i), q) {
				who = append(who, game.Choice{Label: q.String(), Value: q.String()})
			}
		}
		if len(who) > 0 {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: who})
		}
	}
	return out
}

// sackLosses applies the casualties of Sack of Rome's battle.
func (s *State) sackLosses(b *Battle) {
	rome := b.Space
	// the Papacy: regulars first, then its mercenaries in Rome
	n := b.AttHits
	r := min(n, int(b.Def[Papacy].Reg))
	b.Def[Papacy].Reg -= uint8(r)
	s.Spaces[rome].Units[Papacy].Reg -= uint8(r)
	m := min(n-r, int(s.Spaces[rome].Units[Papacy].Merc))
	s.Spaces[rome].Units[Papacy].Merc -= uint8(m)
	// the sackers: split between mercenaries and regulars
	q := b.Attacker
	a := &b.Att[q]
	k := min(b.DefHits, a.Land())
	mm := min(int(a.Merc), (k+1)/2)
	rr := min(int(a.Reg), k-mm)
	mm = min(int(a.Merc), k-rr)
	cc := min(int(a.Cav), k-rr-mm)
	lost := Units{Reg: uint8(rr), Merc: uint8(mm), Cav: uint8(cc)}
	*a = subUnits(*a, lost)
	su := &s.Spaces[rome].Units[q]
	*su = subUnits(*su, lost)
	s.emit("battle", fmt.Sprintf("Sack of Rome: the Papacy loses %d regular(s) and %d mercenary(ies); %s loses %d unit(s)", r, m, q, lost.Land()))
}

func init() {
	registerEvent(nSack, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.sackStacks() },
		play: func(s *State, p Power, path []string) {
			from := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			rome := mustSpace("rome")
			x := s.Spaces[from].Units[q]
			var u [NumPowers]Units
			u[q] = Units{Reg: x.Reg, Merc: x.Merc, Cav: x.Cav}
			leaders := s.armyLeadersAt(from, q)
			s.shiftForce(from, rome, &u, leaders)
			s.emit("event", fmt.Sprintf("Sack of Rome: %s's stack in %s marches on Rome", q, Spaces[from].Name))
			b := &Battle{Space: rome, Attacker: q, From: int(from), NoRetreat: true, Sack: true}
			b.Att = u
			b.AttLeaders = leaders
			b.Def[Papacy] = Units{Reg: s.Spaces[rome].Units[Papacy].Reg}
			b.DefLeaders = s.armyLeadersAt(rome, Papacy)
			s.pushCard(CardProc{Card: nSack, Player: p, Target: q, Space: int(from), Stage: waitBattle})
			s.fieldBattle(b)
		},
	})
	cardSteps[nSack] = func(s *State, c *CardProc) {
		if c.Stage == 1 {
			s.stepOption(c)
			return
		}
		b := s.LastBattle
		rome := mustSpace("rome")
		q := c.Target
		from := SpaceID(c.Space)
		back := b.Att
		s.shiftForce(rome, from, &back, s.groupLeaders(b.AttLeaders, q))
		if !b.AttackerWon {
			s.popCard()
			s.emit("event", "Sack of Rome: the Papacy holds; the sackers go back")
			return
		}
		s.StPeterCP = max(0, s.StPeterCP-5)
		s.removeFromGame(mustCard(nSack))
		var got []int
		for i := 0; i < 2; i++ {
			if x := s.randomDraw(Papacy, q); x >= 0 {
				got = append(got, x)
			}
		}
		s.emit("event", fmt.Sprintf("Rome is sacked: St. Peter's loses 5 CP; %s takes %d Papal card(s)", q, len(got)))
		if len(got) < 2 || !s.playsCards(q) {
			// 2-player (modified card): a non-player's sack sends the Papal
			// cards to the discard pile (randomDraw put them there)
			s.popCard()
			return
		}
		c.Stage, c.Ints = 1, got
	}
	optionCards[nSack*10+1] = &optionCard{text: "keep one of the Papal cards, discard the other",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			for _, x := range c.Ints {
				out = append(out, game.Choice{Label: "keep " + Cards[x].Name, Value: Cards[x].num})
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			keep := mustCard(atoi(path[0]))
			for _, x := range c.Ints {
				if x != keep {
					s.discardFromHand(c.Target, x)
				}
			}
		},
	}
}
