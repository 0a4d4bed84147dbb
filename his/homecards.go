package his

import (
	"fmt"
	"strconv"

	"concordat/game"
)

// The Home cards' events as the play of an impulse (CARDS.md §3): #1
// Janissaries (recruits), #2 Holy Roman Emperor, #3 Six Wives of Henry VIII,
// #4 Patron of the Arts, #5 Papal Bull, #7 Here I Stand (retrieve a card).
// #6 Leipzig Debate is in action.go; the halves that act inside a battle
// (Janissaries' dice) or a debate (Here I Stand's Luther, in debate.go) are
// not impulse events.

// Decision kinds of the Home cards' events.
const (
	kJanissaries   = "home.janissaries"     // Ottoman: where the next regular goes
	kSixIntervene  = "home.intervene"       // France: intervene for Scotland
	kChateauDrop   = "home.chateau_discard" // France: the card to discard
	kBullUnrest    = "home.bull_unrest"     // Papacy: a space for unrest, or done
	kBullDebate    = "home.bull_debate"     // Papacy: call the debate or not
	kRetrievedPlay = "home.retrieved"       // Protestant: play the retrieved card now or keep it
)

// HomeEvents is the state of a Home card's event waiting for decisions.
type HomeEvents struct {
	Janissaries int   `json:"janissaries,omitempty"` // regulars still to place
	Discards    int   `json:"discards,omitempty"`    // chateau discards still owed
	Unrest      int   `json:"unrest,omitempty"`      // unrest markers still to place
	UnrestOn    Power `json:"unrest_on,omitempty"`   // on this power's home spaces
	DebateZone  Lang  `json:"debate_zone,omitempty"` // Papal Bull: the reformer's zone
	Retrieved   int   `json:"retrieved,omitempty"`   // Here I Stand: card index + 1
}

func (h *HomeEvents) clone() *HomeEvents {
	c := *h
	return &c
}

func (s *State) home() *HomeEvents {
	if s.Home == nil {
		s.Home = &HomeEvents{}
	}
	return s.Home
}

// leaderFree reports whether the leader is on the map, not captured and not
// inside a besieged space.
func (s *State) leaderFree(id string) bool {
	l, _ := LeaderByID(id)
	ls := s.Leaders[l]
	if ls.Captor != NoPower || ls.Loc < 0 || ls.Loc >= NumSpaces {
		return false
	}
	sp := SpaceID(ls.Loc)
	return !s.UnderSiege(sp) || s.Besieging(sp, s.lpower(l))
}

func (s *State) rules(name string, p Power) bool { return Rulers[s.Powers[p].Ruler].Name == name }

// --- #1 Janissaries (recruits) ---

func (s *State) janissarySpaces() []game.Choice {
	var out []game.Choice
	// a foreign war of the Ottoman's short of its units (§21.7, CARDS.md #1)
	for i, w := range foreignWars {
		if w.power == Ottoman && s.Foreign[i].On && s.Foreign[i].Units.Land() < w.units {
			out = append(out, game.Choice{Label: Cards[mustCard(w.card)].Name, Value: w.id})
		}
	}
	for _, sp := range homeSpacesOf[Ottoman] {
		ss := &s.Spaces[sp]
		if sp == spAlgiers || ss.Ctl != Ottoman || ss.Unrest || s.hasEnemyUnits(int(sp), Ottoman) {
			continue
		}
		out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
	}
	return out
}

// --- #2 Holy Roman Emperor ---

func (s *State) emperorDests() []SpaceID {
	var out []SpaceID
	for _, sp := range homeSpacesOf[Hapsburg] {
		ss := &s.Spaces[sp]
		if ss.Ctl == Hapsburg && !ss.Unrest && !s.hasEnemyUnits(int(sp), Hapsburg) {
			out = append(out, sp)
		}
	}
	return out
}

// --- #3 Six Wives of Henry VIII ---

func (s *State) sixWivesTargets() []Power {
	var out []Power
	for _, q := range []Power{Hapsburg, France, Scotland} {
		if s.canDeclareAnyTime(England, q) {
			out = append(out, q)
		}
	}
	return out
}

// canDeclareAnyTime applies only §9.6's restrictions "at all times", as a
// declaration of war by an Action-Phase event does (CARDS.md #3): the
// Diplomacy-Phase restrictions (peace or alliance made in this Diplomacy
// Phase) are left out by hiding p's records of them from canDeclare.
func (s *State) canDeclareAnyTime(p, q Power) bool {
	peace, ally := s.PeaceThisTurn[p], s.AllyThisTurn[p]
	s.PeaceThisTurn[p], s.AllyThisTurn[p] = 0, 0
	ok := s.canDeclare(p, q)
	s.PeaceThisTurn[p], s.AllyThisTurn[p] = peace, ally
	return ok
}

// henryOnMap: Henry VIII is on the map, free and not besieged.
func (s *State) henryCanMarry() bool {
	return s.Turn >= 2 && s.leaderFree("henry_viii") && s.henryMayMarry()
}

// --- #4 Patron of the Arts ---

// chateauRoll is the modified Chateau Table roll (§21.4).
func (s *State) chateauRoll() (int, string) {
	d := s.Die()
	r := d
	note := fmt.Sprintf("die %d", d)
	if s.Scenario == ScenarioTournament {
		r++
		note += ", +1 Tournament scenario"
	}
	if s.ControlledBy(mustSpace("milan"), France) {
		r += 2
		note += ", +2 Milan"
	}
	if s.ControlledBy(mustSpace("florence"), France) {
		r++
		note += ", +1 Florence"
	}
	keys := 0
	for i := range Spaces {
		if Spaces[i].Lang == LangItalian && Spaces[i].Type.IsKey() && s.ControlledBy(SpaceID(i), France) {
			keys++
		}
	}
	if keys >= 3 {
		r += 2
		note += ", +2 three Italian keys"
	}
	lost, occupied := false, false
	for _, sp := range homeSpacesOf[France] {
		if c := s.Spaces[sp].Ctl; c != France {
			lost = true
		}
		for q := Power(0); q < NumPowers; q++ {
			if s.Spaces[sp].Units[q].Land() > 0 && s.AtWar(France, q) {
				occupied = true
			}
		}
	}
	if lost {
		r--
		note += ", -1 home space lost"
	}
	if occupied {
		r -= 2
		note += ", -2 enemy units at home"
	}
	return r, note
}

func (s *State) chateauDiscards() []game.Choice {
	var out []game.Choice
	for _, c := range s.Powers[France].Hand {
		if t := Cards[c].Type; t != HomeCard && t != MandatoryCard {
			out = append(out, game.Choice{Label: Cards[c].Name, Value: strconv.Itoa(Cards[c].Number)})
		}
	}
	return out
}

// --- #5 Papal Bull ---

// reformers: each reformer's debater and space.
var reformers = []struct {
	debater *int
	space   *SpaceID
	zone    Lang
}{{&dLuther, &spWittenberg, LangGerman}, {&dZwingli, &spZurich, LangGerman}, {&dCalvin, &spGeneva, LangFrench}, {&dCranmer, &spLondon, LangEnglish}}

func (s *State) bullReformers() []game.Choice {
	var out []game.Choice
	for i, r := range reformers {
		if s.Reformer[*r.space] && s.ExReformers&(1<<i) == 0 {
			d := Debaters[*r.debater]
			out = append(out, game.Choice{Label: d.Name, Value: d.ID})
		}
	}
	return out
}

// excommunicable lists the powers whose ruler the Papacy may excommunicate
// (§21.5): England, France or the Hapsburgs, never before, with grounds —
// at war with the Papacy, allied with the Ottoman, or Henry VIII with a
// Protestant English home space. Henry's heirs never.
func (s *State) excommunicable() []Power {
	var out []Power
	for _, p := range []Power{Hapsburg, England, France} {
		if s.ExRulers&bit(p) != 0 {
			continue
		}
		if p == England && !s.rules("Henry VIII", England) {
			continue
		}
		grounds := s.AtWar(p, Papacy) || s.Allied(p, Ottoman)
		if p == England {
			for _, h := range homeSpacesOf[England] {
				if s.Spaces[h].Prot {
					grounds = true
				}
			}
		}
		if grounds {
			out = append(out, p)
		}
	}
	return out
}

func (s *State) bullUnrestSpaces() []game.Choice {
	h := s.Home
	out := []game.Choice{{Label: "place no more unrest", Value: "done"}}
	for _, sp := range homeSpacesOf[h.UnrestOn] {
		ss := &s.Spaces[sp]
		if ss.Unrest || !s.Catholic(sp) || s.occupied(sp) {
			continue
		}
		out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
	}
	return out
}

// occupied reports whether any unit or leader is in the space.
func (s *State) occupied(sp SpaceID) bool {
	for q := Power(0); q < NumPowers; q++ {
		if s.Spaces[sp].Units[q].Any() {
			return true
		}
	}
	for _, l := range s.Leaders {
		if l.Loc == int(sp) {
			return true
		}
	}
	return false
}

// emperorJump puts Charles V (and the Duke of Alva if he goes along) in the
// destination of Holy Roman Emperor's path; then the Hapsburgs have 5 CP.
func (s *State) emperorJump(path []string) {
	charles, _ := LeaderByID("charles_v")
	alva, _ := LeaderByID("duke_of_alva")
	to := int(mustSpace(path[0]))
	if len(path) > 1 && path[1] == "alva" {
		s.Leaders[alva].Loc = to
	}
	s.Leaders[charles].Loc = to
	s.emit("event", "Holy Roman Emperor: Charles V goes to "+Spaces[to].Name)
}

// excommunicateReformer is Papal Bull's first half on the reformer id: he
// and his debater are away until the next Card Draw Phase; the Papacy may
// then call a debate in his zone.
func (s *State) excommunicateReformer(id string) {
	for i, r := range reformers {
		if Debaters[*r.debater].ID != id {
			continue
		}
		s.ExReformers |= 1 << i
		s.Reformer[*r.space] = false
		s.Debaters[*r.debater] = DebAway
		s.emit("excommunication", fmt.Sprintf("Papal Bull: %s is excommunicated and leaves %s for the turn", Debaters[*r.debater].Name, Spaces[*r.space].Name))
		s.home().DebateZone = r.zone
	}
}

// --- #7 Here I Stand (retrieve) ---

// lutherAlive: Calvin has not been played and Luther was not burnt.
func (s *State) lutherAlive() bool {
	return !s.CalvinRule && s.Debaters[dLuther] != DebBurnt
}

// retrievable lists the discard pile's cards p may take (§6.2): no
// Mandatory Event, no card p played this turn as an event.
func (s *State) retrievable(p Power) []int {
	var out []int
	for _, c := range s.Discard {
		if Cards[c].Type == MandatoryCard || s.eventedBy(p, int(c)) {
			continue
		}
		out = append(out, int(c))
	}
	return out
}

func (s *State) eventedBy(p Power, c int) bool {
	for _, x := range s.Evented {
		if int(x.Card) == c && x.By == p {
			return true
		}
	}
	return false
}

func (s *State) retrievedChoices() []game.Choice {
	c := s.Home.Retrieved - 1
	ci := &Cards[c]
	out := []game.Choice{
		{Label: "keep it for a later impulse", Value: "keep"},
		{Label: fmt.Sprintf("play it now for %d CP", ci.CP), Value: "cp"},
	}
	if ev, ok := s.eventChoice(Protestant, c); ok && ci.Type != MandatoryCard {
		out = append(out, game.Choice{Label: "play it now as an event", Value: "event", Next: ev.Next})
	}
	return out
}

// stepHome asks the Home card events' pending decisions.
func (s *State) stepHome() bool {
	h := s.Home
	if h == nil {
		return false
	}
	switch {
	case h.Janissaries > 0:
		if s.Room(Ottoman).Reg == 0 || len(s.janissarySpaces()) == 0 {
			h.Janissaries = 0
			return true
		}
		s.push(kJanissaries, Ottoman)
	case h.Discards > 0:
		if len(s.chateauDiscards()) == 0 {
			h.Discards = 0
			return true
		}
		s.push(kChateauDrop, France)
	case h.Unrest > 0:
		if len(s.bullUnrestSpaces()) == 1 {
			h.Unrest = 0
			return true
		}
		s.push(kBullUnrest, Papacy)
	case h.DebateZone != LangNone:
		if !s.canCallDebate(Papacy, h.DebateZone) {
			h.DebateZone = LangNone
			return true
		}
		s.push(kBullDebate, Papacy)
	case h.Retrieved > 0:
		s.push(kRetrievedPlay, Protestant)
	default:
		s.Home = nil
	}
	return true
}

func init() {
	registerProc(30, func(s *State) bool { return s.stepHome() })

	registerEvent(1, &eventDef{ // Janissaries: 4 new regulars
		can: func(s *State, p Power) bool { return p == Ottoman },
		play: func(s *State, p Power, path []string) {
			s.emit("event", "Janissaries: the Ottoman recruits 4 regulars")
			s.home().Janissaries = 4
		},
	})
	registerDecision(kJanissaries, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Janissaries: place a new regular (%d left)", s.Home.Janissaries)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.janissarySpaces() },
		resolve: func(s *State, d Decision, path []string) {
			for i, w := range foreignWars {
				if w.id == path[0] {
					s.buildOnWar(i, Ottoman, 'r')
					s.Home.Janissaries--
					return
				}
			}
			sp := mustSpace(path[0])
			s.place(&s.Spaces[sp].Units[Ottoman], Ottoman, 'r', 1)
			s.Home.Janissaries--
			s.emit("event", "Janissaries: a regular in "+Spaces[sp].Name)
		},
	})

	registerEvent(2, &eventDef{ // Holy Roman Emperor
		can: func(s *State, p Power) bool {
			return p == Hapsburg && s.leaderFree("charles_v") && len(s.emperorDests()) > 0
		},
		choices: func(s *State, p Power) []game.Choice {
			charles, _ := LeaderByID("charles_v")
			alva, _ := LeaderByID("duke_of_alva")
			var with []game.Choice
			if s.Leaders[alva].Loc == s.Leaders[charles].Loc && s.Leaders[alva].Captor == NoPower {
				with = []game.Choice{{Label: "Charles alone", Value: "alone"}, {Label: "with the Duke of Alva", Value: "alva"}}
			}
			var out []game.Choice
			for _, sp := range s.emperorDests() {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID, Next: with})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			// the other powers may answer the jump with Gout (#32)
			charles, _ := LeaderByID("charles_v")
			w := newWindow(winEmperor, Hapsburg, othersFrom(Hapsburg))
			w.Path, w.Leaders = path, []int{charles}
			s.openWindow(w)
		},
	})

	registerEvent(3, &eventDef{ // Six Wives of Henry VIII
		can: func(s *State, p Power) bool { return p == England },
		choices: func(s *State, p Power) []game.Choice {
			var out, war []game.Choice
			for _, q := range s.sixWivesTargets() {
				war = append(war, game.Choice{Label: q.String(), Value: q.String()})
			}
			if len(war) > 0 {
				out = append(out, game.Choice{Label: "declare war (then 5 CP)", Value: "war", Next: war})
			}
			if s.henryCanMarry() {
				out = append(out, game.Choice{Label: "advance Henry VIII's marital status", Value: "marry"})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			if path[0] == "marry" {
				s.advanceMarital()
				return
			}
			q, _ := ParsePower(path[1])
			s.setWar(England, q, true)
			s.emit("war", "Six Wives of Henry VIII: England declares war on "+q.String())
			s.warNavalBattles(England, q)
			if q == Scotland {
				s.push(kSixIntervene, France)
			}
			s.Act = &Act{Power: England, CP: 5, Card: -1}
		},
	})
	registerDecision(kSixIntervene, &decisionDef{
		text: func(s *State, d Decision) string {
			return "England declared war on Scotland: intervene for free as Scotland's ally?"
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "no", Value: "no"}, {Label: "intervene", Value: "yes"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			if path[0] == "yes" {
				s.intervene(France, Scotland, England)
				s.emit("war", "France intervenes for Scotland: war with England")
			}
		},
	})

	registerEvent(4, &eventDef{ // Patron of the Arts
		can: func(s *State, p Power) bool {
			return p == France && s.rules("Francis I", France) && s.leaderFree("francis_i") && s.Chateaux < 6
		},
		play: func(s *State, p Power, path []string) {
			r, note := s.chateauRoll()
			vp, draw, drop := 1, 1, 0
			switch {
			case r <= 2:
				vp, draw, drop = 0, 2, 1
			case r <= 4:
				drop = 1
			case r >= 8:
				draw, drop = 2, 1
			}
			s.Chateaux += vp
			s.emit("event", fmt.Sprintf("Patron of the Arts: chateau roll %d (%s): %d VP, draw %d, discard %d", r, note, vp, draw, drop))
			for ; draw > 0; draw-- {
				s.drawFromDeck(France)
			}
			s.home().Discards = drop
		},
	})
	registerDecision(kChateauDrop, &decisionDef{
		text:    func(s *State, d Decision) string { return "Patron of the Arts: discard a card" },
		choices: func(s *State, d Decision) []game.Choice { return s.chateauDiscards() },
		resolve: func(s *State, d Decision, path []string) {
			c := mustCard(atoi(path[0]))
			s.removeFromHand(France, c)
			s.Discard = append(s.Discard, uint8(c))
			s.emit("discard", fmt.Sprintf("France discards #%d %s", Cards[c].Number, Cards[c].Name))
			s.Home.Discards--
		},
	})

	registerEvent(5, &eventDef{ // Papal Bull
		can: func(s *State, p Power) bool { return p == Papacy },
		choices: func(s *State, p Power) []game.Choice {
			var out, rulers []game.Choice
			if r := s.bullReformers(); len(r) > 0 {
				out = append(out, game.Choice{Label: "excommunicate a reformer", Value: "reformer", Next: r})
			}
			for _, q := range s.excommunicable() {
				rulers = append(rulers, game.Choice{Label: Rulers[s.Powers[q].Ruler].Name + " (" + q.String() + ")", Value: q.String()})
			}
			if len(rulers) > 0 {
				out = append(out, game.Choice{Label: "excommunicate a ruler", Value: "ruler", Next: rulers})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			if path[0] == "reformer" {
				if path[1] == "cranmer" {
					// any power may cancel it with Thomas Cromwell (#115)
					w := newWindow(winBull, Papacy, othersFrom(Papacy))
					w.Path = path
					s.openWindow(w)
					return
				}
				s.excommunicateReformer(path[1])
				return
			}
			q, _ := ParsePower(path[1])
			s.ExRulers |= bit(q)
			s.Powers[q].MinusOne = true
			s.Powers[q].ExcomOn = s.Turn
			s.emit("excommunication", fmt.Sprintf("Papal Bull: %s of %s is excommunicated (-1 card)", Rulers[s.Powers[q].Ruler].Name, q))
			h := s.home()
			h.Unrest, h.UnrestOn = 2, q
		},
	})
	registerDecision(kBullUnrest, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Papal Bull: place unrest on an unoccupied Catholic home space of %s (%d left)", s.Home.UnrestOn, s.Home.Unrest)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.bullUnrestSpaces() },
		resolve: func(s *State, d Decision, path []string) {
			if path[0] == "done" {
				s.Home.Unrest = 0
				return
			}
			sp := mustSpace(path[0])
			s.Spaces[sp].Unrest = true
			s.Home.Unrest--
			s.emit("unrest", "Papal Bull: unrest in "+Spaces[sp].Name)
		},
	})
	registerDecision(kBullDebate, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Papal Bull: call a theological debate in the %s zone?", s.Home.DebateZone)
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "no", Value: "no"}, {Label: "call the debate", Value: "yes"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			z := s.Home.DebateZone
			s.Home.DebateZone = LangNone
			if path[0] == "yes" {
				s.StartDebate(Papacy, z, SrcOther)
			}
		},
	})

	registerEvent(7, &eventDef{ // Here I Stand: retrieve a card
		can: func(s *State, p Power) bool { return p == Protestant && s.lutherAlive() },
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for _, c := range s.retrievable(Protestant) {
				if c == cHereIStand {
					continue
				}
				out = append(out, game.Choice{Label: Cards[c].Name, Value: strconv.Itoa(Cards[c].Number)})
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			c := mustCard(atoi(path[0]))
			s.Discard = withoutCard(s.Discard, c)
			s.Powers[Protestant].Hand = append(s.Powers[Protestant].Hand, uint8(c))
			s.emit("event", fmt.Sprintf("Here I Stand: the Protestant takes #%d %s from the discard pile", Cards[c].Number, Cards[c].Name))
			s.home().Retrieved = c + 1
		},
	})
	registerDecision(kRetrievedPlay, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Here I Stand: play #%d %s now, or keep it", Cards[s.Home.Retrieved-1].Number, Cards[s.Home.Retrieved-1].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.retrievedChoices() },
		resolve: func(s *State, d Decision, path []string) {
			c := s.Home.Retrieved - 1
			s.Home.Retrieved = 0
			switch path[0] {
			case "cp":
				s.playCard(Protestant, c)
				s.Act = &Act{Power: Protestant, CP: Cards[c].CP, Card: c}
			case "event":
				s.playEvent(Protestant, c, path[1:])
			}
		},
	})
}

// marriageBenefits applies the card draws of the wife Henry VIII just
// married, after the pregnancy roll (§21.3): Anne of Cleves — England and
// an allied Protestant each draw a card; Kathryn Howard — England draws a
// card. (Anne Boleyn's and Jane Seymour's are in advanceMarital.)
func (s *State) marriageBenefits() {
	switch s.Marital {
	case 4: // Anne of Cleves
		if s.Allied(England, Protestant) {
			s.drawFromDeck(England)
			s.drawFromDeck(Protestant)
		}
	case 5: // Kathryn Howard
		s.drawFromDeck(England)
	}
}

// removeFromHand takes card c out of p's hand.
func (s *State) removeFromHand(p Power, c int) {
	s.Powers[p].Hand = withoutCard(s.Powers[p].Hand, c)
}
