package his

import (
	"fmt"

	"concordat/game"
)

// Sieges (§15): the state every family shares. A space is under siege while
// Besiegers is not zero: the land units and army leaders of the powers in
// Besiegers are outside the fortification, every other unit and leader in
// the space is inside. A siege breaks (§15.3) as soon as the besiegers no
// longer have more land units than the fortification; the besieging stacks
// then retreat to an adjacent space (a decision of their owner when there
// is a choice) or are eliminated with their leaders captured.

// SiegeBreak is a besieging stack that must leave a space whose siege broke.
type SiegeBreak struct {
	Space SpaceID `json:"space"`
	Power Power   `json:"power"`
}

// Decision kind of a broken siege's retreat.
const kSiegeRetreat = "siege.retreat"

// UnderSiege reports whether the space is besieged.
func (s *State) UnderSiege(sp SpaceID) bool { return s.Spaces[sp].Besiegers != 0 }

// Besieging reports whether p's land units besiege the space.
func (s *State) Besieging(sp SpaceID, p Power) bool { return s.Spaces[sp].Besiegers&bit(p) != 0 }

// siegeCounts counts the land units (cavalry included) outside and inside
// the fortification.
func (s *State) siegeCounts(sp SpaceID) (besiegers, defenders int) {
	ss := &s.Spaces[sp]
	for q := Power(0); q < NumPowers; q++ {
		n := ss.Units[q].Land()
		if ss.Besiegers&bit(q) != 0 {
			besiegers += n
		} else {
			defenders += n
		}
	}
	return
}

// startSiege puts the space under siege by p (and p's minor allies with
// land units there): the siege is new this impulse, and p's units there may
// not move again this impulse (§13.1).
func (s *State) startSiege(sp SpaceID, p Power) {
	ss := &s.Spaces[sp]
	ss.Besiegers |= bit(p)
	for q := Genoa; q <= Venice; q++ {
		if ss.Units[q].Land() > 0 && s.MinorAllyOf(q) == p {
			ss.Besiegers |= bit(q)
		}
	}
	ss.SiegeNew = true
	if s.Act != nil && s.Act.Power == s.decider(p) {
		s.Act.NoMove[sp] = true
	}
	s.emit("siege", fmt.Sprintf("%s besieges %s", p, Spaces[sp].Name))
}

// endSiege lifts the siege without moving anyone (the space fell, or the
// besieged were eliminated).
func (s *State) endSiege(sp SpaceID) {
	s.Spaces[sp].Besiegers = 0
	s.Spaces[sp].SiegeNew = false
}

// checkSiege breaks the siege of sp if the besiegers no longer outnumber
// the fortification (§15.3); the besieging stacks are queued to retreat.
func (s *State) checkSiege(sp SpaceID) {
	ss := &s.Spaces[sp]
	if ss.Besiegers == 0 {
		return
	}
	b, d := s.siegeCounts(sp)
	if b > d {
		return
	}
	s.emit("siege", fmt.Sprintf("the siege of %s is broken", Spaces[sp].Name))
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 {
			s.Breaks = append(s.Breaks, SiegeBreak{Space: sp, Power: q})
		}
	}
	s.endSiege(sp)
}

// siegeRetreats lists where p's broken besieging stack may go (§15.3):
// adjacent spaces (no sea zone) not in unrest, without enemy units, and
// neither independent nor controlled by a power other than p or its allies.
func (s *State) siegeRetreats(sp SpaceID, p Power) []SpaceID {
	major := s.decider(p)
	var out []SpaceID
	for _, e := range Spaces[sp].Edges {
		to := e.To
		c := s.Spaces[to].Ctl
		if s.Spaces[to].Unrest || s.hasEnemyUnits(int(to), major) || c == Independent || c == NoPower {
			continue
		}
		if c != major && !s.Allied(major, c) && !(c.Minor() && s.MinorAllyOf(c) == major) {
			continue
		}
		if !s.League && Spaces[to].Type == Electorate {
			continue // no power enters an electorate before the League (§21.6)
		}
		out = append(out, to)
	}
	return out
}

// moveStack moves all of p's land units and army leaders from one space to
// another.
func (s *State) moveStack(from, to SpaceID, p Power) {
	a, b := &s.Spaces[from].Units[p], &s.Spaces[to].Units[p]
	b.Reg += a.Reg
	b.Merc += a.Merc
	b.Cav += a.Cav
	a.Reg, a.Merc, a.Cav = 0, 0, 0
	for i := range s.Leaders {
		if !Leaders[i].Naval && Leaders[i].Power == p && s.Leaders[i].Loc == int(from) {
			s.Leaders[i].Loc = int(to)
		}
	}
}

// captureLeaders: p's army leaders in sp are captured by the power holding
// the space (its major ally if a minor holds it); with no major to hold
// them, they leave the map.
func (s *State) captureLeaders(sp SpaceID, p Power) {
	captor := s.Spaces[sp].Ctl
	if captor != NoPower && captor.Minor() {
		captor = s.MinorAllyOf(captor)
	}
	for i := range s.Leaders {
		if Leaders[i].Naval || Leaders[i].Power != p || s.Leaders[i].Loc != int(sp) {
			continue
		}
		if captor != NoPower && captor.Major() {
			s.Leaders[i] = LeaderState{Loc: OffMap, Captor: captor}
			s.emit("capture", fmt.Sprintf("%s captures %s", captor, Leaders[i].Name))
		} else {
			s.Leaders[i] = LeaderState{Loc: OffMap, Captor: NoPower}
			s.emit("leader", fmt.Sprintf("%s leaves the map", Leaders[i].Name))
		}
	}
}

// stepBreaks retreats the next broken besieging stack: automatically when
// it has one place to go or none (eliminated, leaders captured), else by
// its owner's decision.
func (s *State) stepBreaks() bool {
	for len(s.Breaks) > 0 {
		b := s.Breaks[0]
		if s.Spaces[b.Space].Units[b.Power].Land() == 0 && len(s.armyLeadersAt(b.Space, b.Power)) == 0 {
			s.Breaks = s.Breaks[1:]
			continue
		}
		dests := s.siegeRetreats(b.Space, b.Power)
		switch len(dests) {
		case 0:
			n := s.Spaces[b.Space].Units[b.Power].Land()
			s.Spaces[b.Space].Units[b.Power].Reg = 0
			s.Spaces[b.Space].Units[b.Power].Merc = 0
			s.Spaces[b.Space].Units[b.Power].Cav = 0
			s.emit("siege", fmt.Sprintf("%s's %d besieging unit(s) at %s have nowhere to go and are eliminated", b.Power, n, Spaces[b.Space].Name))
			s.captureLeaders(b.Space, b.Power)
			s.Breaks = s.Breaks[1:]
		case 1:
			s.retreatBesiegers(b, dests[0])
		default:
			s.push(kSiegeRetreat, s.decider(b.Power))
			return true
		}
	}
	return false
}

func (s *State) retreatBesiegers(b SiegeBreak, to SpaceID) {
	s.moveStack(b.Space, to, b.Power)
	s.emit("siege", fmt.Sprintf("%s's besiegers retreat from %s to %s", b.Power, Spaces[b.Space].Name, Spaces[to].Name))
	s.Breaks = s.Breaks[1:]
}

func init() {
	registerProc(10, func(s *State) bool { return s.stepBreaks() })
	registerDecision(kSiegeRetreat, &decisionDef{
		text: func(s *State, d Decision) string {
			b := s.Breaks[0]
			return fmt.Sprintf("the siege of %s is broken: choose where %s's besiegers retreat", Spaces[b.Space].Name, b.Power)
		},
		choices: func(s *State, d Decision) []game.Choice {
			b := s.Breaks[0]
			var out []game.Choice
			for _, to := range s.siegeRetreats(b.Space, b.Power) {
				out = append(out, game.Choice{Label: Spaces[to].Name, Value: Spaces[to].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			s.retreatBesiegers(s.Breaks[0], mustSpace(path[0]))
		},
	})
}
