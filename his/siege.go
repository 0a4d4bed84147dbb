package his

import (
	"fmt"

	"concordat/game"
)

// Sieges (§15): the state every family shares. A space is under siege while
// Besiegers is not zero: the land units and army leaders of the powers in
// Besiegers are outside the fortification, every other unit and leader in
// the space is inside. A siege breaks (§15.3) as soon as the besiegers no
// longer have more land units than the fortification — for each besieging
// side on its own when two allied powers besiege together (§15); the stacks
// whose siege broke then retreat to an adjacent space (a decision of their
// owner when there is a choice) or are eliminated with their leaders
// captured.

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
// the fortification. Stacks whose siege broke and that have not yet
// retreated (s.Breaks) are neither.
func (s *State) siegeCounts(sp SpaceID) (besiegers, defenders int) {
	ss := &s.Spaces[sp]
	for q := Power(0); q < NumPowers; q++ {
		n := ss.Units[q].Land()
		switch {
		case ss.Besiegers&bit(q) != 0:
			besiegers += n
		case !s.leavingSiege(sp, q):
			defenders += n
		}
	}
	return
}

// leavingSiege reports whether q's stack in sp is queued to retreat from a
// broken siege.
func (s *State) leavingSiege(sp SpaceID, q Power) bool {
	for _, b := range s.Breaks {
		if b.Space == sp && b.Power == q {
			return true
		}
	}
	return false
}

// besiegingSide is the power whose stack q's besieging units belong to: q's
// major ally for an active minor, else q.
func (s *State) besiegingSide(q Power) Power {
	if a := s.MinorAllyOf(q); a != NoPower {
		return a
	}
	return q
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

// liftSiege ends the siege of sp with its control unchanged (broken,
// lifted, the besiegers gone): a Protestant electorate's regulars waiting
// on the Electorate Display for the siege to end enter now (§21.6).
func (s *State) liftSiege(sp SpaceID) {
	s.endSiege(sp)
	s.releaseDisplay(sp)
}

// besiegersGone drops from sp's besiegers every side (a power with its
// active minor allies) with no land units left there (they went home in
// Winter, §19, or were displaced, §12.5): a siege with no besieger left is
// lifted.
func (s *State) besiegersGone(sp SpaceID) {
	ss := &s.Spaces[sp]
	if ss.Besiegers == 0 {
		return
	}
	var side [NumPowers]int
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 {
			side[s.besiegingSide(q)] += ss.Units[q].Land()
		}
	}
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 && side[s.besiegingSide(q)] == 0 {
			ss.Besiegers &^= bit(q)
		}
	}
	if ss.Besiegers == 0 {
		s.liftSiege(sp)
	}
}

// checkSiege breaks the siege of sp by each besieging side (a power with its
// active minor allies) that no longer outnumbers the fortification alone
// (§15: allied powers besiege together only while each alone outnumbers the
// defenders; §15.3); the stacks of those sides are queued to retreat. The
// siege ends when no side is left.
func (s *State) checkSiege(sp SpaceID) {
	ss := &s.Spaces[sp]
	if ss.Besiegers == 0 {
		return
	}
	// A power whose land units all left (its major moved them away with
	// its own) besieges no more, while another stays.
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 && ss.Besiegers != bit(q) && ss.Units[q].Land() == 0 {
			ss.Besiegers &^= bit(q)
		}
	}
	_, d := s.siegeCounts(sp)
	var side [NumPowers]int
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 {
			side[s.besiegingSide(q)] += ss.Units[q].Land()
		}
	}
	var broken uint16
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) != 0 && side[s.besiegingSide(q)] <= d {
			broken |= bit(q)
		}
	}
	if broken == 0 {
		return
	}
	for q := Power(0); q < NumPowers; q++ {
		if broken&bit(q) != 0 {
			s.Breaks = append(s.Breaks, SiegeBreak{Space: sp, Power: q})
		}
	}
	if broken == ss.Besiegers {
		s.emit("siege", fmt.Sprintf("the siege of %s is broken", Spaces[sp].Name))
		s.liftSiege(sp)
		return
	}
	ss.Besiegers &^= broken
	for q := Power(0); q < NumPowers; q++ {
		if broken&bit(q) != 0 && q == s.besiegingSide(q) {
			s.emit("siege", fmt.Sprintf("%s's siege of %s is broken", q, Spaces[sp].Name))
		}
	}
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
		if !Leaders[i].Naval && s.lpower(i) == p && s.Leaders[i].Loc == int(from) {
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
		if Leaders[i].Naval || s.lpower(i) != p || s.Leaders[i].Loc != int(sp) {
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

// stepBreaks retreats the next broken besieging stack — a power with its
// active minor allies besieging the same space retreat together:
// automatically when it has one place to go or none (eliminated, leaders
// captured), else by its owner's decision.
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
			for _, q := range s.breakGroup(b) {
				u := &s.Spaces[b.Space].Units[q]
				n := u.Land()
				u.Reg, u.Merc, u.Cav = 0, 0, 0
				s.emit("siege", fmt.Sprintf("%s's %d besieging unit(s) at %s have nowhere to go and are eliminated", q, n, Spaces[b.Space].Name))
				s.captureLeaders(b.Space, q)
			}
			s.dropBreaks(b)
		case 1:
			s.retreatBesiegers(b, dests[0])
		default:
			s.push(kSiegeRetreat, s.decider(b.Power))
			return true
		}
	}
	return false
}

// breakGroup lists the powers queued in s.Breaks to retreat from b's space
// on b's besieging side.
func (s *State) breakGroup(b SiegeBreak) []Power {
	var out []Power
	side := s.besiegingSide(b.Power)
	for _, x := range s.Breaks {
		if x.Space == b.Space && s.besiegingSide(x.Power) == side {
			out = append(out, x.Power)
		}
	}
	return out
}

// dropBreaks removes b's group from s.Breaks.
func (s *State) dropBreaks(b SiegeBreak) {
	side := s.besiegingSide(b.Power)
	kept := s.Breaks[:0]
	for _, x := range s.Breaks {
		if x.Space != b.Space || s.besiegingSide(x.Power) != side {
			kept = append(kept, x)
		}
	}
	s.Breaks = kept
}

func (s *State) retreatBesiegers(b SiegeBreak, to SpaceID) {
	for _, q := range s.breakGroup(b) {
		s.moveStack(b.Space, to, q)
		s.emit("siege", fmt.Sprintf("%s's besiegers retreat from %s to %s", q, Spaces[b.Space].Name, Spaces[to].Name))
	}
	s.dropBreaks(b)
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
