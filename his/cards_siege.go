package his

import (
	"fmt"
	"slices"

	"concordat/game"
)

// Event cards about sieges and fortifications: #105 Treachery!, #104
// Trace Italienne, #86 Knights of St. John.
//
// Trace Italienne puts a Fortress marker on any unfortified space (in
// unrest or not, whoever holds it), and a regular of the power holding it
// when it is neither independent nor in unrest. The marker makes the space
// a fortress for every rule (State.fortified); the Schmalkaldic League does
// not give the Protestant a home space holding one. Knights of St. John:
// while the Knights are on the map (Rhodes, as printed, while independent)
// and not besieged, with an Ottoman-controlled port on one of their sea
// zones, a random card of the Ottoman hand gives its CP to St. Peter's and
// is discarded; once they are off the map, the Hapsburgs place them in one
// of their home ports ("card.knights"), which becomes independent and
// fortified.
//
// Treachery!: the player names a fortified space under siege and, when
// several powers besiege it, the one that assaults; that power assaults at
// once, without CP, ignoring the line of communication and the naval
// blockade, with its strongest formation there (the first the assault
// action would list: a simplification, the besieger does not choose), and
// the normal windows (Gout, its Landsknechts, the combat cards, Siege
// Artillery; not Foul Weather). If its units still outnumber the defenders
// afterwards, every defending unit inside is eliminated, the defending
// leaders are captured and the besieger takes the space (CARDS.md #105; the
// defenders' naval units go to the Turn Track as after a successful
// assault, its Open default).

const nTreachery = 105

// treacherySieges lists the fortified spaces under siege with besiegers
// that have land units there, each with those besiegers.
func (s *State) treacherySieges() []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		sp := SpaceID(i)
		if !s.UnderSiege(sp) || !s.fortified(SpaceID(i)) {
			continue
		}
		var who []game.Choice
		for q := Power(0); q < NumMajors; q++ {
			if s.Besieging(sp, q) {
				if f := s.assaultUnits(sp, q); formLand(&f) > 0 {
					who = append(who, game.Choice{Label: q.String(), Value: q.String()})
				}
			}
		}
		if len(who) > 0 {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: who})
		}
	}
	return out
}

// treacheryFalls reports whether the besiegers of sp still outnumber the
// land units inside after Treachery!'s assault.
func (s *State) treacheryFalls(sp SpaceID) bool {
	b, d := s.siegeCounts(sp)
	return b > d
}

// treacheryFall: the defenders inside sp are eliminated, their leaders
// captured, and p takes the space.
func (s *State) treacheryFall(sp SpaceID, p Power) {
	ss := &s.Spaces[sp]
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) == 0 && ss.Units[q].Land() > 0 {
			s.emit("assault", fmt.Sprintf("Treachery!: %s's %d land unit(s) in %s are eliminated", q, ss.Units[q].Land(), Spaces[sp].Name))
			ss.Units[q].Reg, ss.Units[q].Merc, ss.Units[q].Cav = 0, 0, 0
		}
	}
	s.emit("assault", fmt.Sprintf("Treachery!: %s takes %s", p, Spaces[sp].Name))
	s.assaultSuccess(sp, p)
}

func init() {
	registerEvent(nTreachery, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.treacherySieges() },
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			form := parseForm(s.assaultForms(sp, q)[0].Value, q)
			s.emit("event", fmt.Sprintf("Treachery!: %s assaults %s at once", q, Spaces[sp].Name))
			w := newWindow(winAssault, q, append(othersFrom(q), q))
			w.Leaders, w.Space, w.Treachery = s.assaultLeaders(sp, q), int(sp), true
			w.Action, w.Path = "treachery", []string{Spaces[sp].ID, formValue(&form, q)}
			s.openWindow(w)
		},
	})
}

// startTreachery is Treachery!'s assault once its window is over.
func (s *State) startTreachery(w *Window) {
	sp := mustSpace(w.Path[0])
	if w.Cancelled || !s.Besieging(sp, w.Power) {
		return
	}
	f := parseForm(w.Path[1], w.Power)
	if formLand(&f) == 0 {
		return
	}
	s.startAssault(sp, w.Power, f)
	s.Assault.Treachery = true
}

// Fortress markers (#104 Trace Italienne, #86 Knights of St. John): a
// space printed unfortified holding one is a fortress for every rule.

// fortressMarker reports whether sp holds a Fortress marker.
func (s *State) fortressMarker(sp SpaceID) bool { return slices.Contains(s.Forts, int(sp)) }

// fortified reports whether sp has fortifications: printed, or a Fortress
// marker.
func (s *State) fortified(sp SpaceID) bool {
	return Spaces[sp].Type.Fortified() || len(s.Forts) > 0 && s.fortressMarker(sp)
}

// isFortress reports whether sp is a fortress (not a key nor an
// electorate): printed as one, or made one by a Fortress marker.
func (s *State) isFortress(sp SpaceID) bool {
	return Spaces[sp].Type == Fortress || s.fortressMarker(sp)
}

// addFortress puts a Fortress marker on sp (if it is unfortified).
func (s *State) addFortress(sp SpaceID) {
	if !s.fortified(sp) {
		s.Forts = append(s.Forts, int(sp))
	}
}

// knightsOnMap is the space the Knights of St. John hold, or -1.
func (s *State) knightsOnMap() int {
	if s.KnightsAt > 0 {
		if s.knightsHold(SpaceID(s.KnightsAt - 1)) {
			return s.KnightsAt - 1
		}
		return -1
	}
	if rh := mustSpace("rhodes"); s.knightsHold(rh) {
		return int(rh)
	}
	return -1
}

// knightsRaid: half A of #86 — the Knights are on the map, not under
// siege, and their port shares a sea zone with an Ottoman-controlled port.
func (s *State) knightsRaid() bool {
	k := s.knightsOnMap()
	if k < 0 || s.UnderSiege(SpaceID(k)) {
		return false
	}
	for _, z := range Spaces[k].Ports {
		for _, port := range Seas[z].Ports {
			if s.ControlledBy(port, Ottoman) {
				return true
			}
		}
	}
	return false
}

// knightsPorts: half B of #86 — Hapsburg home ports the Hapsburgs control.
func (s *State) knightsPorts() []game.Choice {
	var out []game.Choice
	for _, sp := range homeSpacesOf[Hapsburg] {
		if len(Spaces[sp].Ports) > 0 && s.Spaces[sp].Ctl == Hapsburg {
			out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
		}
	}
	return out
}

func init() {
	registerEvent(104, &eventDef{ // Trace Italienne
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			for i := range s.Spaces {
				if !s.fortified(SpaceID(i)) && s.Spaces[i].Ctl != NoPower {
					out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			s.addFortress(sp)
			s.emit("event", "Trace Italienne: a fortress in "+Spaces[sp].Name)
			if c := s.Spaces[sp].Ctl; c != Independent && !s.Spaces[sp].Unrest {
				if n := s.place(&s.Spaces[sp].Units[c], c, 'r', 1); n > 0 {
					s.emit("event", fmt.Sprintf("a %s regular is added in %s", c, Spaces[sp].Name))
				}
			}
		},
	})
	registerEvent(86, &eventDef{ // Knights of St. John
		choices: func(s *State, p Power) []game.Choice {
			var out []game.Choice
			if s.knightsRaid() && s.unknownCards(Ottoman) > 0 {
				out = append(out, game.Choice{Label: "the Knights take a random Ottoman card for St. Peter's", Value: "raid"})
			}
			if s.knightsOnMap() < 0 {
				if ports := s.knightsPorts(); len(ports) > 0 {
					out = append(out, game.Choice{Label: "the Hapsburgs place the Knights in a home port", Value: "place"})
				}
			}
			return out
		},
		play: func(s *State, p Power, path []string) {
			if path[0] == "raid" {
				if c := s.randomDraw(Ottoman, NoPower); c >= 0 {
					s.Discard = append(s.Discard, uint8(c))
					s.addStPeterCP(Cards[c].CP)
					s.emit("event", fmt.Sprintf("Knights of St. John: the Ottoman's #%d %s gives %d CP to St. Peter's", Cards[c].Number, Cards[c].Name, Cards[c].CP))
				}
				return
			}
			s.pushCard(CardProc{Card: 86, Player: p, Target: Hapsburg, Space: -1})
		},
	})
	cardSteps[86] = func(s *State, c *CardProc) { s.push(kKnights, Hapsburg) }
	registerDecision(kKnights, &decisionDef{
		text: func(s *State, d Decision) string {
			return "Knights of St. John: place the Knights in a Hapsburg home port"
		},
		choices: func(s *State, d Decision) []game.Choice { return s.knightsPorts() },
		resolve: func(s *State, d Decision, path []string) {
			s.popCard()
			sp := mustSpace(path[0])
			s.Spaces[sp].Ctl = Independent
			s.addFortress(sp)
			s.KnightsAt = int(sp) + 1
			s.emit("event", "Knights of St. John: the Knights hold "+Spaces[sp].Name)
		},
	})
}

// Decision kind of #86's second half.
const kKnights = "card.knights" // the Hapsburgs: the port for the Knights
