package his

import (
	"fmt"

	"concordat/game"
)

// Naval transport (§16.3): action "transport <from port> <leaders> <to
// port> <formation>" carries one formation of at most 5 land units (the
// active power's, with its active minor allies' regulars, written as for a
// Move: "r:m:c,minor=n") plus army leaders from a port across one or more
// sea zones, each holding a naval unit of the active power or of an active
// minor ally, to a port of the last zone: 1 CP per sea zone plus 1 CP to
// land, at least 2 CP in all. The shortest crossing is used (the route
// matters only for its cost: a transport cannot be intercepted at sea).
//
// The landing is a Move into the port (move.go, LandMove.BySea): the port
// must be one the formation could enter by land (canEnter) and hold no
// enemy naval units; interception by adjacent enemy stacks, avoid battle,
// withdrawal into the fortifications, field battle, a siege begun or a
// relief battle then follow as for any Move. A transported force beaten in
// the battle at the landing port cannot retreat (it came from a sea zone)
// and is eliminated, its leaders captured (step 4); so is one that cannot
// besiege the defenders who withdrew inside and does not move on by land.

func init() {
	registerAction(&actionDef{
		id: "transport", label: "naval transport (1 CP per sea zone, 1 CP to land)", order: 310,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 2 || p == Protestant {
				return nil
			}
			return s.transportChoices(p, cp)
		},
		cost: func(s *State, p Power, path []string) int {
			return s.transportReach(mustSpace(path[0]), p)[mustSpace(path[2])]
		},
		do: func(s *State, p Power, path []string) { s.transport(p, path) },
	})
}

// transportReach gives, for every port, the CP a transport of p from port
// from would cost to land there (0: unreachable).
func (s *State) transportReach(from SpaceID, p Power) [NumSpaces]int {
	var cost [NumSpaces]int
	side := s.navalSide(p)
	var dist [NumSeas]int
	var q []SeaID
	for _, z := range Spaces[from].Ports {
		if s.sideNaval(SeaLoc+int(z), side).Naval() > 0 {
			dist[z] = 1
			q = append(q, z)
		}
	}
	for i := 0; i < len(q); i++ {
		z := q[i]
		for _, port := range Seas[z].Ports {
			if port != from && (cost[port] == 0 || dist[z]+1 < cost[port]) {
				cost[port] = dist[z] + 1
			}
		}
		for _, a := range Seas[z].Adj {
			if dist[a] == 0 && s.sideNaval(SeaLoc+int(a), side).Naval() > 0 {
				dist[a] = dist[z] + 1
				q = append(q, a)
			}
		}
	}
	return cost
}

// transportOrigin reports whether p's side has land units in sp that may
// embark: a port, the units not besieged (a besieger may leave), not barred
// from moving this impulse.
func (s *State) transportOrigin(sp SpaceID, p Power) bool {
	if len(Spaces[sp].Ports) == 0 || s.Act != nil && s.Act.NoMove[sp] {
		return false
	}
	u := s.sideUnits(sp, p, false)
	if s.Act != nil {
		s.undefeated(sp, &u, nil)
	}
	return landOf(&u) > 0
}

// TransportLanding reports whether p's transported formation may land in
// port sp (§16.3 step 3): a space its formation could enter by land
// movement (§13.1) holding no naval units of a power at war with p.
func (s *State) TransportLanding(sp SpaceID, p Power) bool {
	return len(Spaces[sp].Ports) > 0 && s.canEnter(p, sp, true) && !s.enemyNavalAt(int(sp), p)
}

// transportChoices: from → leaders → to → formation.
func (s *State) transportChoices(p Power, cp int) []game.Choice {
	var out []game.Choice
	for i := range Spaces {
		from := SpaceID(i)
		if !s.transportOrigin(from, p) {
			continue
		}
		reach := s.transportReach(from, p)
		var dests []SpaceID
		for j, c := range reach {
			if c > 0 && c <= cp && s.TransportLanding(SpaceID(j), p) {
				dests = append(dests, SpaceID(j))
			}
		}
		if len(dests) == 0 {
			continue
		}
		stack, leaders := s.movableFrom(from, p)
		leaders = s.undefeated(from, &stack, leaders) // beaten this impulse: no move (§13.1)
		all := stackForms(&stack, p)
		// the formations and destinations for a size limit, built once and
		// shared (option trees are read-only)
		var byLimit [6][]game.Choice
		destsFor := func(lim int) []game.Choice {
			lim = min(lim, landOf(&stack))
			if byLimit[lim] == nil {
				forms := formsUpTo(all, lim, false)
				dch := make([]game.Choice, len(dests))
				for k, d := range dests {
					dch[k] = game.Choice{Label: fmt.Sprintf("%s (%d CP)", Spaces[d].Name, reach[d]), Value: Spaces[d].ID, Next: forms}
				}
				byLimit[lim] = dch
			}
			return byLimit[lim]
		}
		var byLeaders []game.Choice
		for _, set := range leaderSets(leaders) {
			byLeaders = append(byLeaders, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: destsFor(min(CommandLimit(set), 5))})
		}
		out = append(out, game.Choice{Label: fromLabel(from), Value: Spaces[from].ID, Next: byLeaders})
	}
	return out
}

// transport embarks the formation and lands it: the landing runs as a Move
// (State.Move) from the port of embarkation.
func (s *State) transport(p Power, path []string) {
	from, to := mustSpace(path[0]), mustSpace(path[2])
	zones := s.transportReach(from, p)[to] - 1
	s.emit("transport", fmt.Sprintf("%s transports a formation by sea from %s to %s across %d sea zone(s)", p, Spaces[from].Name, Spaces[to].Name, zones))
	s.startMoveBy(p, from, to, parseForm(path[3], p), parseLeaders(path[1]), true)
}
