package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// The religious Event cards (CARDS.md §7): attempts, conversions, debates
// and the debaters they commit. A card needing an uncommitted debater
// commits him (whoever plays it, §18.3; it is not the power's debater
// bonus of the impulse). Attempts granted by a card are resolved by the
// named power with the normal procedure; "all zones" targets are LangNone.
// Automatic conversions need no eligibility (CARDS.md §0.1 item 6); who
// chooses them is the power the card names (the player where it names
// none). Debates a card calls follow the normal limits and are skipped when
// none can be called.
//
//   #39 Augsburg Confession, #41 Marburg Colloquy, #43 Zwingli Dons Armor,
//   #44 Affair of the Placards, #45 Calvin Expelled, #46 Calvin's
//   Institutes, #47 Copernicus, #51 Michael Servetus, #52 Michelangelo,
//   #55 Jesuit Education, #56 Papal Inquisition, #58 Spanish Inquisition,
//   #61 Mary Defies Council, #62 Book of Common Prayer, #63 Dissolution of
//   the Monasteries, #65 A Mighty Fortress, #67 Anabaptists, #75 Erasmus,
//   #78 Frederick the Wise, #81 Indulgence Vendor, #85 Katherina Bora, #90
//   Printing Press, #112 Thomas More.
//
// Readings: Zwingli Dons Armor counts "within 3 spaces" over land
// connections, passes included (CARDS.md's default); Book of Common
// Prayer's targets are English home spaces, Calais included, the English
// zone the target zone; Papal Inquisition's debate gets its extra dice in
// both rounds (the card data's); the discard of Thomas More's first half is
// England's choice of any card but a Mandatory Event.

// Decision kinds of the religious cards.
const (
	kCardDebate  = "card.debate"  // a power calls the debate a card grants: a zone (or none)
	kCardPair    = "card.pair"    // the Protestant: Marburg Colloquy's two debaters
	kCardDiscard = "card.discard" // a power: a card to discard
	kCardKill    = "card.kill"    // a power: a unit to eliminate (space, power, unit type)
)

// commitDebater commits a debater a card requires uncommitted.
func (s *State) commitDebater(id string) {
	s.Debaters[mustDebater(id)] = DebCommitted
	s.emit("debater", Debaters[mustDebater(id)].Name+" is committed")
}

// attemptsCard registers a card that commits a debater (need, "" for none)
// and gives by n Reformation attempts in zone (plusOne: +1 to each
// Protestant die there).
func attemptsCard(card int, need string, by Power, zone Lang, n int, plusOne bool) {
	registerEvent(card, &eventDef{
		can: func(s *State, p Power) bool { return need == "" || s.uncommitted(need) },
		play: func(s *State, p Power, _ []string) {
			if need != "" {
				s.commitDebater(need)
			}
			s.StartReformation(by, zone, n, 0, plusOne, Cards[mustCard(card)].Name)
		},
	})
}

// protestantSpaces lists the spaces under Protestant influence for which
// ok holds.
func (s *State) religionSpaces(prot bool, ok func(sp SpaceID) bool) []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		sp := SpaceID(i)
		if !Spaces[i].NoRel && s.Spaces[i].Ctl != NoPower && s.Spaces[i].Prot == prot && ok(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// flipTo converts sp (a card's automatic conversion).
func (s *State) flipTo(sp SpaceID, prot bool, card int) {
	s.convert(sp, prot)
	side := "Catholic"
	if prot {
		side = "Protestant"
	}
	s.emit("reformation", fmt.Sprintf("#%d %s: %s turns %s", card, Cards[mustCard(card)].Name, Spaces[sp].Name, side))
}

// debateZones are the zones where p may call a debate now.
func (s *State) debateZones(p Power) []game.Choice {
	var out []game.Choice
	for _, z := range []Lang{LangGerman, LangFrench, LangEnglish} {
		if s.canCallDebate(p, z) {
			out = append(out, game.Choice{Label: z.String(), Value: z.String()})
		}
	}
	return out
}

// debateSources: the debate source of each card that calls one.
var debateSources = map[int]DebateSource{56: SrcInquisition, 58: SrcOther, 112: SrcMore}

// grantDebate lets the Papacy call card's debate (optional: it may
// decline); skipped when no zone allows one.
func (s *State) grantDebate(card int, player Power, optional bool) {
	if len(s.debateZones(Papacy)) == 0 {
		s.emit("event", "no theological debate can be called")
		return
	}
	s.pushCard(CardProc{Card: card, Player: player, Target: Papacy, Space: -1, Flag: optional, Stage: debateStage})
}

// debateStage marks a card procedure waiting for the granted debate's zone.
const debateStage = 90

// withinOf is the land distance from sp over connections, passes included.
func withinOf(from SpaceID, n int) []SpaceID {
	d := landDist(from)
	var out []SpaceID
	for i := range d {
		if d[i] >= 0 && d[i] <= n {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// catholicUnitsNear lists Zwingli Dons Armor's targets: Catholic-aligned
// land units (§18.2: Papacy, Hapsburgs, France, England under Mary I,
// regulars of minor powers — Scots allied to England count as English — and
// independents) within 3 spaces of Zurich.
func (s *State) catholicUnitsNear() []game.Choice {
	var out []game.Choice
	for _, sp := range withinOf(mustSpace("zurich"), 3) {
		var who []game.Choice
		for q := Power(0); q < NumPowers; q++ {
			u := s.Spaces[sp].Units[q]
			if u.Reg+u.Merc == 0 || s.alignment(q) != alignCath {
				continue
			}
			kinds := unitKinds(Units{Reg: u.Reg, Merc: u.Merc}, false)
			who = append(who, game.Choice{Label: q.String(), Value: q.String(), Next: kinds})
		}
		if len(who) > 0 {
			out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID, Next: who})
		}
	}
	return out
}

// marburgPairs are Marburg Colloquy's debater pairs (one of Luther and
// Melanchthon, one of Zwingli and Oekolampadius, both uncommitted).
func (s *State) marburgPairs() []game.Choice {
	var out []game.Choice
	for _, a := range []string{"luther", "melanchthon"} {
		for _, b := range []string{"zwingli", "oekolampadius"} {
			if s.uncommitted(a) && s.uncommitted(b) {
				n := Debaters[mustDebater(a)].Value + Debaters[mustDebater(b)].Value
				out = append(out, game.Choice{Label: fmt.Sprintf("%s and %s (%d attempts)", Debaters[mustDebater(a)].Name, Debaters[mustDebater(b)].Name, n), Value: a + "+" + b})
			}
		}
	}
	return out
}

// nearestCatholicGerman: Frederick the Wise's candidates, the Catholic
// spaces of the German zone nearest Wittenberg (all at the least distance).
func (s *State) nearestCatholicGerman() []SpaceID {
	return nearestSpaces(spWittenberg, func(sp SpaceID) bool {
		return Spaces[sp].Lang == LangGerman && s.Catholic(sp) && s.Spaces[sp].Ctl != NoPower
	})
}

// handCards lists q's cards as choices (number values) for which ok holds.
func (s *State) handCards(q Power, ok func(c int) bool) []game.Choice {
	var out []game.Choice
	for _, c := range s.Powers[q].Hand {
		if ok(int(c)) {
			out = append(out, game.Choice{Label: Cards[c].Name, Value: Cards[c].num})
		}
	}
	return out
}

func notHomeOrMandatory(c int) bool { t := Cards[c].Type; return t != HomeCard && t != MandatoryCard }

// showHand shows q's hand to viewer alone (an event only it sees).
func (s *State) showHand(q, viewer Power, card int) {
	var names []string
	for _, h := range s.Powers[q].Hand {
		names = append(names, fmt.Sprintf("#%d %s", Cards[h].Number, Cards[h].Name))
	}
	s.emitTo("hand", fmt.Sprintf("#%d %s: %s's hand: %s", card, Cards[mustCard(card)].Name, q, strings.Join(names, ", ")), viewer)
}

func init() {
	attemptsCard(44, "cop", Protestant, LangFrench, 4, false)    // Affair of the Placards
	attemptsCard(46, "calvin", Protestant, LangFrench, 5, true)  // Calvin's Institutes (+1 in French-speaking spaces)
	attemptsCard(65, "luther", Protestant, LangGerman, 6, false) // A Mighty Fortress
	attemptsCard(85, "luther", Protestant, LangNone, 5, false)   // Katherina Bora
	registerEvent(61, &eventDef{                                 // Mary Defies Council
		play: func(s *State, p Power, _ []string) { s.StartCounterReformation(LangEnglish, 3, "Mary Defies Council") },
	})
	registerEvent(75, &eventDef{ // Erasmus
		play: func(s *State, p Power, _ []string) {
			if s.Turn <= 2 {
				s.StartReformation(Protestant, LangNone, 4, 0, false, "Erasmus")
				return
			}
			s.StartCounterReformation(LangNone, 4, "Erasmus")
		},
	})
	registerEvent(90, &eventDef{ // Printing Press
		play: func(s *State, p Power, _ []string) {
			s.Printing = true
			s.StartReformation(Protestant, LangNone, 3, 0, false, "Printing Press")
		},
	})
	registerEvent(63, &eventDef{ // Dissolution of the Monasteries
		play: func(s *State, p Power, _ []string) {
			if s.Two != nil {
				// 2-player (modified card): the Protestant discards a
				// random card of the Papal hand instead of England's draw
				if c := s.randomDraw(Papacy, NoPower); c >= 0 {
					s.Discard = append(s.Discard, uint8(c))
					s.emit("event", fmt.Sprintf("Dissolution of the Monasteries: the Papacy discards #%d %s at random", Cards[c].Number, Cards[c].Name))
				}
			} else {
				s.drawFromDeck(England)
				s.drawFromDeck(England)
			}
			s.StartReformation(Protestant, LangEnglish, 3, 0, false, "Dissolution of the Monasteries")
		},
	})
	registerEvent(39, &eventDef{ // Augsburg Confession
		can: func(s *State, p Power) bool { return s.uncommitted("melanchthon") },
		play: func(s *State, p Power, _ []string) {
			s.commitDebater("melanchthon")
			s.Augsburg = true
			s.emit("event", "Augsburg Confession: -1 to Papal Counter Reformation dice and one attack die fewer in Papal debates this turn")
		},
	})
	registerEvent(45, &eventDef{ // Calvin Expelled
		can: func(s *State, p Power) bool { return s.Reformer[spGeneva] },
		play: func(s *State, p Power, _ []string) {
			s.Reformer[spGeneva] = false
			s.Debaters[dCalvin] = DebAway // back with the reformer at the next Card Draw (A3)
			s.emit("event", "Calvin Expelled: Calvin leaves Geneva until next turn")
		},
	})
	registerEvent(47, &eventDef{ // Copernicus
		choices: func(s *State, p Power) []game.Choice {
			if s.copernicusHalf(p) {
				return []game.Choice{{Label: "2 VP", Value: "vp"}}
			}
			out := []game.Choice{{Label: "1 VP and draw a card", Value: "draw"}}
			if s.unknownCards(Protestant) > 0 {
				out = append(out, game.Choice{Label: "1 VP and the Protestant discards a card at random", Value: "discard"})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			switch path[0] {
			case "vp":
				s.Powers[p].BonusVP += 2
			case "draw":
				s.Powers[p].BonusVP++
				s.drawFromDeck(p)
			case "discard":
				s.Powers[p].BonusVP++
				s.randomDiscard(Protestant, 47)
			}
			s.emit("event", fmt.Sprintf("Copernicus: %s gains a VP marker (%s)", p, path[0]))
		},
	})
	registerEvent(51, &eventDef{ // Michael Servetus
		play: func(s *State, p Power, _ []string) {
			s.Powers[p].BonusVP++
			s.emit("event", fmt.Sprintf("Michael Servetus: %s gains 1 VP", p))
			s.randomDiscard(Protestant, 51)
		},
	})
	registerEvent(52, &eventDef{ // Michelangelo
		play: func(s *State, p Power, _ []string) {
			a, b := s.Die(), s.Die()
			s.emit("event", fmt.Sprintf("Michelangelo: %d + %d CP to St. Peter's", a, b))
			s.addStPeterCP(a + b)
		},
	})
	registerEvent(81, &eventDef{ // Indulgence Vendor
		play: func(s *State, p Power, _ []string) {
			if c := s.randomDraw(Protestant, NoPower); c >= 0 {
				s.Discard = append(s.Discard, uint8(c))
				s.emit("event", fmt.Sprintf("Indulgence Vendor: the Protestant's #%d %s gives %d CP to St. Peter's", Cards[c].Number, Cards[c].Name, Cards[c].CP))
				s.addStPeterCP(Cards[c].CP)
			}
		},
	})
	registerEvent(55, &eventDef{ // Jesuit Education
		can: func(s *State, p Power) bool { return s.societyPlayed() && len(s.universitySpaces()) > 0 },
		play: func(s *State, p Power, _ []string) {
			s.Universities = 2 // the Papacy places them (event.university)
		},
	})

	// #41 Marburg Colloquy: the Protestant picks the pair.
	registerEvent(41, &eventDef{
		can: func(s *State, p Power) bool { return len(s.marburgPairs()) > 0 },
		play: func(s *State, p Power, _ []string) {
			s.pushCard(CardProc{Card: 41, Player: p, Target: Protestant, Space: -1})
		},
	})
	cardSteps[41] = func(s *State, c *CardProc) { s.push(kCardPair, Protestant) }
	registerDecision(kCardPair, &decisionDef{
		text:    func(s *State, d Decision) string { return "Marburg Colloquy: commit two debaters" },
		choices: func(s *State, d Decision) []game.Choice { return s.marburgPairs() },
		resolve: func(s *State, d Decision, path []string) {
			s.popCard()
			n := 0
			for _, id := range strings.Split(path[0], "+") {
				s.commitDebater(id)
				n += Debaters[mustDebater(id)].Value
			}
			s.StartReformation(Protestant, LangNone, n, 0, false, "Marburg Colloquy")
		},
	})

	// #43 Zwingli Dons Armor: the Protestant eliminates a Catholic unit
	// near Zurich; Zwingli leaves the game.
	registerEvent(43, &eventDef{
		play: func(s *State, p Power, _ []string) {
			s.Reformer[spZurich] = false
			if st := s.Debaters[dZwingli]; st != DebBurnt && st != DebDisgraced {
				s.Debaters[dZwingli] = DebRemoved
			}
			s.emit("event", "Zwingli Dons Armor: Zwingli leaves the game")
			if len(s.catholicUnitsNear()) > 0 {
				s.pushCard(CardProc{Card: 43, Player: p, Target: Protestant, Space: -1})
			}
		},
	})
	cardSteps[43] = func(s *State, c *CardProc) { s.push(kCardKill, c.Target) }
	registerDecision(kCardKill, &decisionDef{
		text: func(s *State, d Decision) string { return cardKills[s.cardProc().Card].text },
		choices: func(s *State, d Decision) []game.Choice {
			return cardKills[s.cardProc().Card].choices(s, s.cardProc())
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			s.popCard()
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			u := &s.Spaces[sp].Units[q]
			*u = subUnits(*u, oneUnit(path[2]))
			s.emit("event", fmt.Sprintf("#%d: a %s unit in %s is eliminated", c.Card, q, Spaces[sp].Name))
			s.unitsLost(sp)
		},
	})
	cardKills[43] = cardKill{"Zwingli Dons Armor: eliminate a Catholic land unit within 3 spaces of Zurich",
		func(s *State, c *CardProc) []game.Choice { return s.catholicUnitsNear() }}

	// #67 Anabaptists: the Papacy flips 2 Protestant spaces, no units, not
	// electorates.
	registerEvent(67, &eventDef{
		play: func(s *State, p Power, _ []string) { s.startSpaces(67, p, Papacy, 2) },
	})
	registerSpaces(67, 0, &spaceCard{text: "turn a space Catholic",
		spaces: func(s *State, c *CardProc) []SpaceID {
			return s.religionSpaces(true, func(sp SpaceID) bool { return Spaces[sp].Type != Electorate && !s.occupiedByUnits(sp) })
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.flipTo(sp, false, 67) },
	})

	// #78 Frederick the Wise: the two Catholic German spaces nearest
	// Wittenberg turn Protestant (the Protestant breaks ties); then the
	// Protestant may take The Wartburg from the discard pile.
	registerEvent(78, &eventDef{
		play: func(s *State, p Power, _ []string) { s.startSpaces(78, p, Protestant, 2) },
	})
	registerSpaces(78, 0, &spaceCard{text: "turn one of the nearest Catholic German spaces Protestant",
		spaces: func(s *State, c *CardProc) []SpaceID { return s.nearestCatholicGerman() },
		do:     func(s *State, c *CardProc, sp SpaceID) { s.flipTo(sp, true, 78) },
		then: func(s *State, c *CardProc) {
			s.popCard()
			w := mustCard(nWartburg)
			if cardIn(s.Discard, w) && !s.eventedBy(Protestant, w) {
				s.Discard = withoutCard(s.Discard, w)
				s.Powers[Protestant].Hand = append(s.Powers[Protestant].Hand, uint8(w))
				s.emit("event", "Frederick the Wise: the Protestant takes The Wartburg from the discard pile")
			}
		},
	})

	// #62 Book of Common Prayer: Cranmer committed, 4 attempts on English
	// home spaces, then a die for unrest on Catholic English home spaces.
	registerEvent(62, &eventDef{
		can: func(s *State, p Power) bool { return s.uncommitted("cranmer") },
		play: func(s *State, p Power, _ []string) {
			s.commitDebater("cranmer")
			s.pushCard(CardProc{Card: 62, Player: p, Target: p, Space: -1, Stage: 1})
			s.StartReformation(Protestant, LangEnglish, 4, 0, false, "Book of Common Prayer")
			s.Reform.HomeOnly = England + 1
		},
	})
	cardSteps[62] = func(s *State, c *CardProc) {
		if c.Stage == 1 {
			d := s.Die()
			c.Stage, c.N = 0, map[int]int{1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 99}[d]
			s.emit("event", fmt.Sprintf("Book of Common Prayer: die %d", d))
		}
		s.stepSpaces(c)
	}
	registerSpaces(62, 0, &spaceCard{text: "place unrest on a Catholic English home space",
		spaces: func(s *State, c *CardProc) []SpaceID {
			var out []SpaceID
			for _, h := range homeSpacesOf[England] {
				if s.Catholic(h) && !s.Spaces[h].Unrest {
					out = append(out, h)
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.Spaces[sp].Unrest = true },
	})

	// #56 Papal Inquisition.
	registerEvent(56, &eventDef{
		can: func(s *State, p Power) bool { return s.uncommitted("caraffa") },
		play: func(s *State, p Power, _ []string) {
			s.commitDebater("caraffa")
			s.startSpaces(56, p, Papacy, 2)
		},
	})
	registerSpaces(56, 0, &spaceCard{text: "turn a Protestant Italian space Catholic",
		spaces: func(s *State, c *CardProc) []SpaceID {
			return s.religionSpaces(true, func(sp SpaceID) bool { return Spaces[sp].Lang == LangItalian })
		},
		do:   func(s *State, c *CardProc, sp SpaceID) { s.flipTo(sp, false, 56) },
		then: func(s *State, c *CardProc) { c.Stage = 1 },
	})
	cardSteps[56] = func(s *State, c *CardProc) {
		switch c.Stage {
		case 0:
			s.stepSpaces(c)
		case 1:
			c.Target = Papacy
			s.stepOption(c)
		case 2:
			s.stepOption(c)
		case debateStage:
			s.push(kCardDebate, Papacy)
		}
	}

	// #58 Spanish Inquisition.
	registerEvent(58, &eventDef{
		play: func(s *State, p Power, _ []string) { s.startSpaces(58, p, p, 2) },
	})
	registerSpaces(58, 0, &spaceCard{text: "turn a Protestant Spanish space Catholic",
		spaces: func(s *State, c *CardProc) []SpaceID {
			return s.religionSpaces(true, func(sp SpaceID) bool { return Spaces[sp].Lang == LangSpanish })
		},
		do: func(s *State, c *CardProc, sp SpaceID) { s.flipTo(sp, false, 58) },
		then: func(s *State, c *CardProc) {
			c.Stage = 1
			s.showHand(England, Hapsburg, 58)
			s.showHand(Protestant, Hapsburg, 58)
		},
	})
	cardSteps[58] = func(s *State, c *CardProc) {
		switch c.Stage {
		case 0:
			s.stepSpaces(c)
		case 1:
			if len(s.spanishDiscards()) == 0 {
				c.Stage = 2
				return
			}
			s.push(kCardDiscard, Hapsburg)
		case 2:
			s.popCard()
			s.drawFromDeck(Hapsburg)
			s.grantDebate(58, c.Player, false)
		case debateStage:
			s.push(kCardDebate, Papacy)
		}
	}

	// #112 Thomas More: England or the Protestant: no English debate this
	// turn, England draws then discards; the others: the Papacy may call a
	// debate with extra dice.
	registerEvent(112, &eventDef{
		play: func(s *State, p Power, _ []string) {
			if p == England || p == Protestant {
				s.removeFromGame(mustCard(112))
				s.MoreBan = true
				s.emit("event", "Thomas More is executed: no theological debate in the English zone this turn")
				s.drawFromDeck(England)
				if len(s.handCards(England, notHomeOrMandatory)) > 0 { // the cards cardDiscards[112] offers
					s.pushCard(CardProc{Card: 112, Player: p, Target: England, Space: -1, Stage: 1})
				}
				return
			}
			if s.Marital >= 2 { // Henry VIII has married Anne Boleyn
				s.removeFromGame(mustCard(112))
			}
			s.grantDebate(112, p, true)
		},
	})
	cardSteps[112] = func(s *State, c *CardProc) {
		if c.Stage == debateStage {
			s.push(kCardDebate, Papacy)
			return
		}
		s.push(kCardDiscard, England)
	}

	registerDecision(kCardDebate, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("#%d %s: call a theological debate (choose its zone)", s.cardProc().Card, Cards[mustCard(s.cardProc().Card)].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			if s.cardProc().Flag {
				out = append(out, game.Choice{Label: "no debate", Value: "none"})
			}
			return append(out, s.debateZones(d.Power)...)
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			card := c.Card
			s.popCard()
			if path[0] == "none" {
				return
			}
			z, _ := ParseLang(path[0])
			s.StartDebate(d.Power, z, debateSources[card])
		},
	})
	optionCards[561] = &optionCard{text: "see the hand of England or of the Protestant",
		choices: func(s *State, c *CardProc) []game.Choice {
			return []game.Choice{{Label: "england", Value: "england"}, {Label: "protestant", Value: "protestant"}}
		},
		do: func(s *State, c *CardProc, path []string) {
			q, _ := ParsePower(path[0])
			c.Target, c.Stage = q, 2
			s.showHand(q, Papacy, 56)
		},
	}
	optionCards[562] = &optionCard{text: "choose its effect",
		actor: func(*CardProc) Power { return Papacy },
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			if s.unknownCards(c.Target) > 0 {
				out = append(out, game.Choice{Label: "take a card at random from " + c.Target.String(), Value: "draw"})
			}
			var pile []game.Choice
			for _, x := range s.retrievable(Papacy) {
				pile = append(pile, game.Choice{Label: Cards[x].Name, Value: Cards[x].num})
			}
			if len(pile) > 0 {
				out = append(out, game.Choice{Label: "take a card from the discard pile", Value: "retrieve", Next: pile})
			}
			if z := s.debateZones(Papacy); len(z) > 0 {
				out = append(out, game.Choice{Label: "call a debate (2 more attack dice)", Value: "debate", Next: z})
			}
			if len(out) == 0 {
				out = append(out, game.Choice{Label: "nothing can be done", Value: "none"})
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			q := c.Target
			s.popCard()
			switch path[0] {
			case "draw":
				if x := s.randomDraw(q, Papacy); x >= 0 {
					s.Imp.Fresh = append(s.Imp.Fresh, x)
				}
			case "retrieve":
				x := mustCard(atoi(path[1]))
				s.Discard = withoutCard(s.Discard, x)
				s.Powers[Papacy].Hand = append(s.Powers[Papacy].Hand, uint8(x))
				s.emit("event", fmt.Sprintf("Papal Inquisition: the Papacy takes #%d %s from the discard pile", Cards[x].Number, Cards[x].Name))
			case "debate":
				z, _ := ParseLang(path[1])
				s.StartDebate(Papacy, z, SrcInquisition)
			}
		},
	}
	registerDecision(kCardDiscard, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("#%d %s: choose a card to discard", s.cardProc().Card, Cards[mustCard(s.cardProc().Card)].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return cardDiscards[s.cardProc().Card](s, s.cardProc()) },
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			cardDiscardDo[c.Card](s, c, path)
		},
	})
	cardDiscards[112] = func(s *State, c *CardProc) []game.Choice {
		return s.handCards(England, func(x int) bool { return Cards[x].Type != MandatoryCard && Cards[x].Type != HomeCard })
	}
	cardDiscardDo[112] = func(s *State, c *CardProc, path []string) {
		s.popCard()
		s.discardFromHand(England, mustCard(atoi(path[0])))
	}
	cardDiscards[58] = func(s *State, c *CardProc) []game.Choice { return s.spanishDiscards() }
	cardDiscardDo[58] = func(s *State, c *CardProc, path []string) {
		q, _ := ParsePower(path[0])
		s.discardFromHand(q, mustCard(atoi(path[1])))
		c.Stage = 2
	}
}

// spanishDiscards: Spanish Inquisition's choice for the Hapsburgs, a card
// of the English or the Protestant hand (not Home, not Mandatory).
func (s *State) spanishDiscards() []game.Choice {
	var out []game.Choice
	for _, q := range []Power{England, Protestant} {
		if cs := s.handCards(q, notHomeOrMandatory); len(cs) > 0 {
			out = append(out, game.Choice{Label: q.String() + "'s hand", Value: q.String(), Next: cs})
		}
	}
	return out
}

// cardKill is a card's choice of a unit to eliminate.
type cardKill struct {
	text    string
	choices func(s *State, c *CardProc) []game.Choice
}

var (
	cardKills     = map[int]cardKill{}
	cardDiscards  = map[int]func(s *State, c *CardProc) []game.Choice{}
	cardDiscardDo = map[int]func(s *State, c *CardProc, path []string){}
)

// discardFromHand moves card c from q's hand to the discard pile (a Home
// card to its power card).
func (s *State) discardFromHand(q Power, c int) {
	s.removeFromHand(q, c)
	if Cards[c].Type != HomeCard {
		s.Discard = append(s.Discard, uint8(c))
	}
	s.emit("discard", fmt.Sprintf("%s discards #%d %s", q, Cards[c].Number, Cards[c].Name))
}

// randomDiscard discards a random card (never a Home card) of q's hand.
func (s *State) randomDiscard(q Power, card int) {
	if c := s.randomDraw(q, NoPower); c >= 0 {
		s.Discard = append(s.Discard, uint8(c))
		s.emit("discard", fmt.Sprintf("#%d %s: %s discards #%d %s at random", card, Cards[mustCard(card)].Name, q, Cards[c].Number, Cards[c].Name))
	}
}

// copernicusHalf: at least half of p's home spaces are under Protestant
// influence.
func (s *State) copernicusHalf(p Power) bool {
	n, prot := 0, 0
	for _, h := range homeSpacesOf[p] {
		n++
		if s.Spaces[h].Prot {
			prot++
		}
	}
	return n > 0 && 2*prot >= n
}

// occupiedByUnits reports whether any power's units are in sp.
func (s *State) occupiedByUnits(sp SpaceID) bool {
	for q := Power(0); q < NumPowers; q++ {
		if s.Spaces[sp].Units[q].Any() {
			return true
		}
	}
	return false
}
