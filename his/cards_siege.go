package his

import (
	"fmt"

	"concordat/game"
)

// Event cards about sieges and fortifications: #105 Treachery!.
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
		if !s.UnderSiege(sp) || !Spaces[i].Type.Fortified() {
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
