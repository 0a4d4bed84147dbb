package his

import (
	"fmt"

	"concordat/game"
)

// Control and unrest (§12): the Control Unfortified Space action (id
// "control", path: the space) and the same action used to remove unrest
// (id "unrest", path: the space), both 1 CP. A port changing control sends
// the naval units of powers unfriendly to its new controller out to sea
// (§12.2, §16.2 step 9). The Turn Track's next-turn box (§16.2 step 10,
// §17) lives here too: it holds eliminated naval units and naval leaders
// until the next Card Draw (§8.2 step 1).

// PortRetreat is a naval stack that must leave a port whose control changed
// and has two sea zones to choose from.
type PortRetreat struct {
	Space SpaceID `json:"space"`
	Power Power   `json:"power"`
}

// Decision kinds of this family.
const (
	kPortRetreat = "port.retreat"
)

// actsFor reports whether q's units count as the acting power p's own: p
// itself or a minor power actively allied to it (§22.3).
func (s *State) actsFor(q, p Power) bool { return q == p || s.MinorAllyOf(q) == p }

// landPresence marks, for every space, whether it holds land units counted
// as p's own and whether it holds land units of a power at war with p
// (besieging or besieged alike).
type landPresence struct {
	own, enemy [NumSpaces]bool
}

func (s *State) landPresence(p Power) *landPresence {
	var own, enemy [NumPowers]bool
	for q := Power(0); q < NumPowers; q++ {
		own[q] = q != Independent && s.actsFor(q, p)
		enemy[q] = s.AtWar(p, q)
	}
	lp := &landPresence{}
	for i := range s.Spaces {
		for q := Power(0); q < NumPowers; q++ {
			if s.Spaces[i].Units[q].Land() == 0 {
				continue
			}
			lp.own[i] = lp.own[i] || own[q]
			lp.enemy[i] = lp.enemy[i] || enemy[q]
		}
	}
	return lp
}

// adjacentSupport reports whether p's land units are in a space adjacent to
// sp (not across a pass) while no enemy land units are (§12.2 4b, §12.4 c).
func (lp *landPresence) adjacentSupport(sp SpaceID) bool {
	own := false
	for _, e := range Spaces[sp].Edges {
		if e.Pass {
			continue
		}
		if lp.enemy[e.To] {
			return false
		}
		own = own || lp.own[e.To]
	}
	return own
}

// canControl checks the requirements of §12.2 but the line of
// communication: the space is unfortified, independent or enemy-controlled,
// holds no land units of a power not allied to p, and p's land units are in
// it or adjacent with no enemy land units adjacent. The Protestant gains no
// political control before the Schmalkaldic League (§21.6).
func (s *State) canControl(sp SpaceID, p Power, lp *landPresence) bool {
	if p == Protestant && !s.League {
		return false
	}
	if s.fortified(sp) || s.twoFixed(sp) {
		return false
	}
	c := s.Spaces[sp].Ctl
	if c != Independent && !s.AtWar(p, c) {
		return false
	}
	for q := Power(0); q < NumPowers; q++ {
		if q != p && s.Spaces[sp].Units[q].Land() > 0 && !s.Allied(p, q) {
			return false
		}
	}
	return lp.own[sp] || lp.adjacentSupport(sp)
}

// controlSpaces lists the spaces p may take with the action.
func (s *State) controlSpaces(p Power) []game.Choice {
	if p == Protestant && !s.League {
		return nil
	}
	var lp *landPresence
	var cand []SpaceID
	for i := range s.Spaces {
		if s.fortified(SpaceID(i)) || !s.raidAllows(SpaceID(i)) {
			continue
		}
		if c := s.Spaces[i].Ctl; c != Independent && !s.AtWar(p, c) {
			continue
		}
		if lp == nil {
			lp = s.landPresence(p)
		}
		if s.canControl(SpaceID(i), p, lp) {
			cand = append(cand, SpaceID(i))
		}
	}
	if len(cand) == 0 {
		return nil
	}
	loc := s.locTargets(p)
	var out []game.Choice
	for _, sp := range cand {
		if loc[sp] {
			out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
		}
	}
	return out
}

// canRemoveUnrest checks §12.4 "Removing unrest" (no LOC needed): p's land
// units are in the space; or it is a Protestant home space, p the
// Protestant and the League has not formed; or p's land units are adjacent
// (not across a pass) and no enemy land units are.
func (s *State) canRemoveUnrest(sp SpaceID, p Power, lp *landPresence) bool {
	if !s.Spaces[sp].Unrest {
		return false
	}
	if lp.own[sp] {
		return true
	}
	if p == Protestant && !s.League && Spaces[sp].Home == Protestant {
		return true
	}
	return lp.adjacentSupport(sp)
}

// unrestSpaces lists the spaces whose unrest p may remove.
func (s *State) unrestSpaces(p Power) []game.Choice {
	var lp *landPresence
	var out []game.Choice
	for i := range s.Spaces {
		if !s.Spaces[i].Unrest {
			continue
		}
		if lp == nil {
			lp = s.landPresence(p)
		}
		if s.canRemoveUnrest(SpaceID(i), p, lp) {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID})
		}
	}
	return out
}

// takeControl gives p political control of sp: a home space of a minor
// actively allied to p returns to that minor (§22.3). An electorate the
// Protestant takes while it is Protestant releases its display regulars
// (§21.6).
func (s *State) takeControl(sp SpaceID, p Power) {
	prev := s.Spaces[sp].Ctl
	h := Spaces[sp].Home
	if h.Minor() && s.MinorAllyOf(h) == p {
		s.Spaces[sp].Ctl = h
	} else {
		s.Spaces[sp].Ctl = p
	}
	s.emit("control", fmt.Sprintf("%s takes control of %s from %s", p, Spaces[sp].Name, prev))
	if p == Protestant {
		s.releaseDisplay(sp)
	}
}

// portZones lists the sea zones of port sp that q's ships may retreat to:
// those without naval units of a power at war with q.
func (s *State) portZones(sp SpaceID, q Power) []SeaID {
	var out []SeaID
	for _, z := range Spaces[sp].Ports {
		if SeaLoc+int(z) == atlanticLoc && atlanticBarred(q, nil) {
			continue // Genoese and Venetian ships never enter the Atlantic (§16.1)
		}
		ok := true
		for r := Power(0); r < NumPowers; r++ {
			if s.Seas[z].Units[r].Naval() > 0 && s.AtWar(q, r) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, z)
		}
	}
	return out
}

// navalRetreatFrom makes q's naval units and naval leaders in port sp leave
// it as in Naval Combat Step 9 (§16.2): to a sea zone of the port holding no
// naval units of q's enemies. With one such zone they go at once; with two
// the owner (q's major ally for a minor) chooses, through a "port.retreat"
// decision once the current step ends; with none the units go to the Turn
// Track and the leaders with them.
func (s *State) navalRetreatFrom(sp SpaceID, q Power) {
	if s.Spaces[sp].Units[q].Naval() == 0 && !s.navalLeaderAt(int(sp), q) {
		return
	}
	zones := s.portZones(sp, q)
	switch len(zones) {
	case 0:
		u := &s.Spaces[sp].Units[q]
		s.emit("naval", fmt.Sprintf("%s's naval units in %s have no sea to retreat to: to the Turn Track", q, Spaces[sp].Name))
		s.toTrack(q, int(u.Sq), int(u.Cor))
		u.Sq, u.Cor = 0, 0
		for i := range s.Leaders {
			if Leaders[i].Naval && s.lpower(i) == q && s.Leaders[i].Loc == int(sp) {
				s.leaderToTrack(i)
			}
		}
	case 1:
		s.portRetreat(sp, q, zones[0])
	default:
		s.PortRetreats = append(s.PortRetreats, PortRetreat{Space: sp, Power: q})
	}
}

func (s *State) navalLeaderAt(loc int, q Power) bool {
	for i := range s.Leaders {
		if Leaders[i].Naval && s.lpower(i) == q && s.Leaders[i].Loc == loc {
			return true
		}
	}
	return false
}

// portRetreat moves q's naval stack from port sp into sea zone z.
func (s *State) portRetreat(sp SpaceID, q Power, z SeaID) {
	a, b := &s.Spaces[sp].Units[q], &s.Seas[z].Units[q]
	b.Sq += a.Sq
	b.Cor += a.Cor
	a.Sq, a.Cor = 0, 0
	s.moveNavalLeaders(int(sp), q, SeaLoc+int(z))
	s.emit("naval", fmt.Sprintf("%s's naval units leave %s for the %s", q, Spaces[sp].Name, Seas[z].Name))
}

// stepPortRetreats resolves queued port retreats: by decision when two sea
// zones are still open, else at once.
func (s *State) stepPortRetreats() bool {
	for len(s.PortRetreats) > 0 {
		r := s.PortRetreats[0]
		zones := s.portZones(r.Space, r.Power)
		if len(zones) >= 2 && (s.Spaces[r.Space].Units[r.Power].Naval() > 0 || s.navalLeaderAt(int(r.Space), r.Power)) {
			s.push(kPortRetreat, s.decider(r.Power))
			return true
		}
		s.PortRetreats = s.PortRetreats[1:]
		s.navalRetreatFrom(r.Space, r.Power)
	}
	return false
}

// toTrack puts eliminated naval units of q on the Turn Track (§16.2 step
// 10); they return to the force pool at the next Card Draw.
func (s *State) toTrack(q Power, sq, cor int) {
	s.NavalLost[q].Sq += uint8(sq)
	s.NavalLost[q].Cor += uint8(cor)
}

// leaderToTrack puts a naval leader on the Turn Track (§16.2 step 10,
// §15.1 step 10); he re-enters at the next Card Draw (§8.2 step 1).
func (s *State) leaderToTrack(l int) {
	s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
	s.NavalTrackL = append(s.NavalTrackL, l)
	s.emit("leader", Leaders[l].Name+" goes to the Turn Track")
}

func init() {
	registerAction(&actionDef{
		id: "control", label: "control an unfortified space (1 CP)", order: 300, raid: true,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 1 {
				return nil
			}
			return s.controlSpaces(p)
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			s.takeControl(sp, p)
			for q := Power(0); q < NumPowers; q++ {
				if !s.Friendly(p, q) && (s.Spaces[sp].Units[q].Naval() > 0 || s.navalLeaderAt(int(sp), q)) {
					s.navalRetreatFrom(sp, q)
				}
			}
		},
	})
	registerAction(&actionDef{
		id: "unrest", label: "remove unrest (1 CP)", order: 310,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 1 {
				return nil
			}
			return s.unrestSpaces(p)
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			s.Spaces[sp].Unrest = false
			s.emit("unrest", fmt.Sprintf("%s removes the unrest in %s", p, Spaces[sp].Name))
		},
	})
	registerProc(5, func(s *State) bool { return s.stepPortRetreats() })
	registerDecision(kPortRetreat, &decisionDef{
		text: func(s *State, d Decision) string {
			r := s.PortRetreats[0]
			return fmt.Sprintf("%s's naval units must leave %s: choose the sea zone", r.Power, Spaces[r.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			r := s.PortRetreats[0]
			var out []game.Choice
			for _, z := range s.portZones(r.Space, r.Power) {
				out = append(out, game.Choice{Label: Seas[z].Name, Value: Seas[z].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			r := s.PortRetreats[0]
			s.PortRetreats = s.PortRetreats[1:]
			z, _ := SeaByID(path[0])
			s.portRetreat(r.Space, r.Power, z)
		},
	})
}
