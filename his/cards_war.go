package his

import (
	"fmt"
	"slices"

	"concordat/game"
)

// Foreign wars (RULES.md §21.7; CARDS.md #92 Revolt in Egypt, #93 Revolt
// in Ireland, #110 War in Persia) and #40 Machiavelli: The Prince.
//
// A foreign war's card lies by the affected power (the Ottoman for Egypt
// and Persia, England for Ireland) while the war lasts: the affected power
// moves the number of land units the card names onto it from the map, one
// at a time ("card.war_unit": a space not under siege and a unit type),
// then as many of its army leaders as it wishes ("card.war_leader"; the
// card allows any, §21.7 one — the card is followed, CARDS.md's default);
// the foreign army is that many independent land units (Ireland: 3, or 4
// when France or the Hapsburgs play it and remove one of their own land
// units); a "-1 Card" marker lies on the affected power. The action "war"
// (Fight Foreign War, 1 CP) fights a battle there: 1 die per unit on the
// card + its best leader's battle rating against 1 die per rebel, no
// defender die, hits on 5–6, the defender winning ties; casualties on both
// sides (the owner choosing its own, "battle.losses" is not used: the
// decision is "card.war_losses"), no retreat. When the rebels are gone the
// war is won: 1 War Winner VP, the marker goes, the survivors and leaders
// go to the capital (another home key the power controls when the capital
// is not), the card to the discard pile. Units on the card cannot leave it,
// Winter included; while fewer are there than the card names, every new
// land unit of the power is built there (construction, Janissaries),
// never more.
//
// Simplifications: no response or combat card is played in a foreign
// war's battle; leaders whose units on the card are all gone stay there
// until new units come.

// ForeignWar is one foreign war card in play (State.Foreign).
type ForeignWar struct {
	On      bool  `json:"on,omitempty"`
	Units   Units `json:"units"`             // the affected power's land units on the card
	Leaders []int `json:"leaders,omitempty"` // its army leaders there
	Rebels  int   `json:"rebels"`            // the foreign army's land units
	// Moving: land units still to move onto the card as the war begins;
	// Leaders may follow (Choosing).
	Moving   int  `json:"moving,omitempty"`
	Choosing bool `json:"choosing,omitempty"`
	// Losses still owed by the affected power after a battle.
	Losses int `json:"losses,omitempty"`
}

// foreignWars: the three cards, their affected power, the units the card
// names and the foreign army's strength.
var foreignWars = [3]struct {
	card, units, rebels int
	power               Power
	id                  string
}{{92, 3, 3, Ottoman, "egypt"}, {93, 4, 3, England, "ireland"}, {110, 5, 4, Ottoman, "persia"}}

// Decision kinds of the foreign wars.
const (
	kWarUnit   = "card.war_unit"   // the affected power: a unit to move onto the card
	kWarLeader = "card.war_leader" // the affected power: an army leader to send, or done
	kWarLosses = "card.war_losses" // the affected power: its casualties on the card
)

func (f *ForeignWar) clone() ForeignWar {
	c := *f
	c.Leaders = slices.Clone(f.Leaders)
	return c
}

// foreignWarOf is the index of the war card with this printed number, -1.
func foreignWarOf(card int) int {
	for i, w := range foreignWars {
		if w.card == card {
			return i
		}
	}
	return -1
}

// warCount is the number of foreign wars p fights (each a "-1 Card").
func (s *State) warCount(p Power) int {
	n := 0
	for i, w := range foreignWars {
		if w.power == p && s.Foreign[i].On {
			n++
		}
	}
	return n
}

// shortWar is a foreign war of p whose card holds fewer land units than
// it names (new land units of p are built there), or -1.
func (s *State) shortWar(p Power) int {
	for i, w := range foreignWars {
		if w.power == p && s.Foreign[i].On && s.Foreign[i].Moving == 0 && s.Foreign[i].Units.Land() < w.units {
			return i
		}
	}
	return -1
}

// warUnitSources lists where p's land units may be moved onto a war card:
// spaces holding them, not under siege.
func (s *State) warUnitSources(p Power) []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		u := s.Spaces[i].Units[p]
		if u.Land() == 0 || s.UnderSiege(SpaceID(i)) {
			continue
		}
		out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: unitKinds(u, false)})
	}
	return out
}

// warLeaderChoices: done, or one of p's army leaders on the map, free and
// not besieged.
func (s *State) warLeaderChoices(p Power) []game.Choice {
	out := []game.Choice{{Label: "no more leaders", Value: "done"}}
	for i, l := range s.Leaders {
		if Leaders[i].Naval || s.lpower(i) != p || l.Captor != NoPower || l.Loc < 0 || l.Loc >= NumSpaces || s.UnderSiege(SpaceID(l.Loc)) {
			continue
		}
		out = append(out, game.Choice{Label: Leaders[i].Name, Value: Leaders[i].ID})
	}
	return out
}

// startForeignWar begins the foreign war of card (a printed number) played
// by player: extra makes the foreign army one unit stronger (Ireland).
func (s *State) startForeignWar(card int, player Power, extra bool) {
	i := foreignWarOf(card)
	w := foreignWars[i]
	f := &s.Foreign[i]
	*f = ForeignWar{On: true, Rebels: w.rebels, Moving: w.units, Choosing: true}
	if extra {
		f.Rebels++
	}
	s.Discard = withoutCard(s.Discard, mustCard(card)) // the card lies by the affected power
	s.emit("war", fmt.Sprintf("#%d %s: %s fights a foreign war against %d rebels (-1 card while it lasts)", card, Cards[mustCard(card)].Name, w.power, f.Rebels))
	s.pushCard(CardProc{Card: card, Player: player, Target: w.power, Space: -1})
}

// stepForeignWar asks the affected power to move its units and leaders
// onto the card as the war begins.
func (s *State) stepForeignWar(c *CardProc) {
	f := &s.Foreign[foreignWarOf(c.Card)]
	if f.Moving > 0 && len(s.warUnitSources(c.Target)) > 0 {
		s.push(kWarUnit, c.Target)
		return
	}
	f.Moving = 0
	if f.Choosing && len(s.warLeaderChoices(c.Target)) > 1 {
		s.push(kWarLeader, c.Target)
		return
	}
	f.Choosing = false
	s.popCard()
}

// warDice fights the Fight Foreign War action's battle in war i.
func (s *State) fightForeignWar(i int) {
	w := foreignWars[i]
	f := &s.Foreign[i]
	na := f.Units.Land() + bestBattle(f.Leaders)
	nd := f.Rebels
	ah, ad := s.Hits(na)
	dh, dd := s.Hits(nd)
	s.emit("war", fmt.Sprintf("Fight Foreign War (%s): %s %d dice %v, %d hit(s); the rebels %d dice %v, %d hit(s)",
		w.id, w.power, na, ad, ah, nd, dd, dh))
	if w.power == Ottoman && s.holds(Ottoman, mustCard(nJanissaries)) && !s.eventedThisTurn(mustCard(nJanissaries)) {
		// Janissaries may add its 5 dice after both sides rolled (CARDS.md
		// #1 Open 1: a foreign war's battle is fought like a field battle)
		s.pushCard(CardProc{Card: w.card, Player: w.power, Target: w.power, Space: -1, Flag: true, Stage: warJanissaries, Ints: []int{ah, dh, na, nd}})
		return
	}
	s.warHits(i, ah, dh, na, nd)
	s.pushCard(CardProc{Card: w.card, Player: w.power, Target: w.power, Space: -1, Flag: true})
}

// warJanissaries is the stage of a foreign war's battle at which the
// Ottoman may play Janissaries (decision kWarJanissaries).
const warJanissaries = 5

// Decision kind: the Ottoman plays Janissaries in a foreign war's battle,
// or not.
const kWarJanissaries = "war.janissaries"

// warHits applies a foreign war battle's hits: the power's ah against the
// rebels, the rebels' dh against the power's units (na and nd dice).
func (s *State) warHits(i, ah, dh, na, nd int) {
	f := &s.Foreign[i]
	attLoss, defLoss := min(dh, f.Units.Land()), min(ah, f.Rebels)
	if attLoss == f.Units.Land() && defLoss == f.Rebels && f.Rebels > 0 && f.Units.Land() > 0 {
		if na > nd {
			attLoss--
		} else {
			defLoss--
		}
	}
	f.Rebels -= defLoss
	f.Losses = attLoss
}

// stepWarBattle takes the affected power's casualties and ends the war
// when the rebels are gone.
func (s *State) stepWarBattle(c *CardProc) {
	i := foreignWarOf(c.Card)
	f := &s.Foreign[i]
	if f.Losses > 0 {
		if ch := compositions(f.Units, f.Losses); len(ch) > 1 {
			s.push(kWarLosses, c.Target)
			return
		} else if len(ch) == 1 {
			f.Units = subUnits(f.Units, parseComp(ch[0].Value))
		}
		f.Losses = 0
	}
	s.popCard()
	if f.Rebels <= 0 {
		s.endForeignWar(i)
	}
}

func subUnits(a, b Units) Units {
	return Units{Reg: a.Reg - b.Reg, Merc: a.Merc - b.Merc, Cav: a.Cav - b.Cav, Sq: a.Sq - b.Sq, Cor: a.Cor - b.Cor}
}

// endForeignWar: the war is won (§21.7 step 6).
func (s *State) endForeignWar(i int) {
	w := foreignWars[i]
	f := &s.Foreign[i]
	dest := s.warHome(w.power)
	s.Powers[w.power].WarVP++
	if dest >= 0 {
		u := &s.Spaces[dest].Units[w.power]
		*u = addUnits(*u, f.Units)
		for _, l := range f.Leaders {
			s.Leaders[l] = LeaderState{Loc: dest, Captor: NoPower}
		}
	} else {
		for _, l := range f.Leaders {
			s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
		}
	}
	where := "nowhere: they are lost"
	if dest >= 0 {
		where = Spaces[dest].Name
	}
	s.emit("war", fmt.Sprintf("%s wins the foreign war (%s): 1 War Winner VP; %d unit(s) return to %s", w.power, w.id, f.Units.Land(), where))
	*f = ForeignWar{}
	s.Discard = append(s.Discard, uint8(mustCard(w.card)))
}

// warHome is where a won foreign war's units go: the capital, or another
// home key the power controls free of enemy units when the capital is
// enemy-occupied or lost; -1 if none.
func (s *State) warHome(p Power) int {
	for _, c := range capitalsOf[p] {
		if s.ControlledBy(c, p) && !s.hasEnemyUnits(int(c), p) {
			return int(c)
		}
	}
	for _, h := range homeSpacesOf[p] {
		if Spaces[h].Type.IsKey() && s.ControlledBy(h, p) && !s.hasEnemyUnits(int(h), p) {
			return int(h)
		}
	}
	return -1
}

// buildOnWar places a new land unit of p on the war card i.
func (s *State) buildOnWar(i int, p Power, k byte) {
	f := &s.Foreign[i]
	var u Units
	if s.place(&u, p, k, 1) == 1 {
		f.Units = addUnits(f.Units, u)
		s.emit("build", fmt.Sprintf("%s builds a %s on the %s war card", p, unitNames[k], foreignWars[i].id))
	}
}

// onWarCards counts p's units on foreign war cards (they are counters in
// use, for the counter mix).
func (s *State) onWarCards(p Power) Units {
	var u Units
	for i, w := range foreignWars {
		if w.power == p && s.Foreign[i].On {
			u = addUnits(u, s.Foreign[i].Units)
		}
	}
	return u
}

// irishExtra lists the choices of Revolt in Ireland: "none" (3 Irish), and
// for France or the Hapsburgs each land unit of theirs they may remove to
// make the Irish 4.
func (s *State) irishExtra(p Power) []game.Choice {
	out := []game.Choice{{Label: "3 Irish rebels", Value: "none"}}
	if p != France && p != Hapsburg {
		return out
	}
	for _, c := range s.warUnitSources(p) {
		out = append(out, game.Choice{Label: "remove a unit from " + c.Label + " for a 4th rebel", Value: c.Value, Next: c.Next})
	}
	return out
}

func init() {
	for _, w := range foreignWars {
		w := w
		e := &eventDef{
			can: func(s *State, p Power) bool { return !s.Foreign[foreignWarOf(w.card)].On },
			play: func(s *State, p Power, path []string) {
				extra := false
				if len(path) == 2 {
					sp := mustSpace(path[0])
					u := &s.Spaces[sp].Units[p]
					*u = subUnits(*u, oneUnit(path[1]))
					s.emit("war", fmt.Sprintf("%s removes a unit from %s: the Irish are 4", p, Spaces[sp].Name))
					s.unitsLost(sp)
					extra = true
				}
				s.startForeignWar(w.card, p, extra)
			},
		}
		if w.card == 93 {
			// Ireland: "none" (3 Irish), or France or the Hapsburgs name a
			// land unit of theirs to remove for a fourth
			e.choices = func(s *State, p Power) []game.Choice { return s.irishExtra(p) }
		}
		registerEvent(w.card, e)
		cardSteps[w.card] = func(s *State, c *CardProc) {
			if c.Flag && c.Stage == warJanissaries {
				s.push(kWarJanissaries, Ottoman)
				return
			}
			if c.Flag {
				s.stepWarBattle(c)
				return
			}
			s.stepForeignWar(c)
		}
	}
	registerDecision(kWarUnit, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("#%d: move a land unit onto the foreign war card (%d left)", c.Card, s.Foreign[foreignWarOf(c.Card)].Moving)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.warUnitSources(d.Power) },
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			f := &s.Foreign[foreignWarOf(c.Card)]
			sp := mustSpace(path[0])
			u := &s.Spaces[sp].Units[d.Power]
			one := oneUnit(path[1])
			*u = subUnits(*u, one)
			f.Units = addUnits(f.Units, one)
			f.Moving--
			s.unitsLost(sp)
		},
	})
	registerDecision(kWarLeader, &decisionDef{
		text: func(s *State, d Decision) string { return "send an army leader to the foreign war, or done" },
		choices: func(s *State, d Decision) []game.Choice {
			return s.warLeaderChoices(d.Power)
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			f := &s.Foreign[foreignWarOf(c.Card)]
			if path[0] == "done" {
				f.Choosing = false
				return
			}
			l, _ := LeaderByID(path[0])
			f.Leaders = append(f.Leaders, l)
			s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
			s.emit("war", Leaders[l].Name+" goes to the foreign war")
		},
	})
	registerDecision(kWarJanissaries, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("foreign war: you rolled %d hit(s), the rebels %d; play Janissaries for 5 more dice?", c.Ints[0], c.Ints[1])
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "no", Value: "pass"}, {Label: "play #1 Janissaries: 5 more dice", Value: "janissaries"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			ah, dh, na, nd := c.Ints[0], c.Ints[1], c.Ints[2], c.Ints[3]
			if path[0] == "janissaries" {
				card := mustCard(nJanissaries)
				s.Evented = append(s.Evented, PlayedEvent{Card: uint8(card), By: Ottoman})
				s.playCard(Ottoman, card)
				h, dice := s.Hits(janissaryLand)
				ah += h
				s.emit("war", fmt.Sprintf("Janissaries: the Ottoman rolls 5 more dice %v, %d hit(s)", dice, h))
			}
			c.Stage, c.Ints = 0, nil
			s.warHits(foreignWarOf(c.Card), ah, dh, na, nd)
		},
	})
	registerDecision(kWarLosses, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("foreign war: choose your %d casualties", s.Foreign[foreignWarOf(s.cardProc().Card)].Losses)
		},
		choices: func(s *State, d Decision) []game.Choice {
			f := &s.Foreign[foreignWarOf(s.cardProc().Card)]
			return compositions(f.Units, f.Losses)
		},
		resolve: func(s *State, d Decision, path []string) {
			f := &s.Foreign[foreignWarOf(s.cardProc().Card)]
			f.Units = subUnits(f.Units, parseComp(path[0]))
			f.Losses = 0
		},
	})
	registerAction(&actionDef{
		id: "war", label: "fight a foreign war (1 CP)", order: 210,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 1 {
				return nil
			}
			var out []game.Choice
			for i, w := range foreignWars {
				if w.power == p && s.Foreign[i].On && s.Foreign[i].Units.Land() > 0 {
					out = append(out, game.Choice{Label: Cards[mustCard(w.card)].Name, Value: w.id})
				}
			}
			return out
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			for i, w := range foreignWars {
				if w.id == path[0] {
					s.fightForeignWar(i)
				}
			}
		},
	})
}

// #40 Machiavelli: The Prince: the player declares war on another major
// power at no CP cost (§9.6's restrictions "at all times"; none left, the
// event is not playable, CARDS.md's default), then has 2 CP after the
// immediate naval combats where the new enemies' fleets share a sea zone
// (ruling D4, warNavalBattles).
func init() {
	registerEvent(40, &eventDef{
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for q := Power(0); q < NumMajors; q++ {
				if q != p && s.canDeclareAnyTime(p, q) {
					out = append(out, game.Choice{Label: q.String(), Value: q.String()})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			q, _ := ParsePower(path[0])
			s.setWar(p, q, true)
			s.emit("war", fmt.Sprintf("Machiavelli: %s declares war on %s", p, q))
			s.warNavalBattles(p, q)
			s.Act = &Act{Power: p, CP: 2, Card: -1}
		},
	})
}
