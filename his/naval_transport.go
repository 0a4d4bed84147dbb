package his

import (
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Naval transport (§16.3): action "transport <from port> <leaders> <to
// port> <regulars:mercenaries:cavalry>" moves one formation of at most 5
// land units of the active power (plus army leaders) from a port across one
// or more sea zones, each holding a naval unit of the active power or of an
// active minor ally, to a port of the last zone: 1 CP per sea zone plus 1 CP
// to land, at least 2 CP in all. The shortest crossing is used (the route
// matters only for its cost: a transport cannot be intercepted at sea).
//
// Limit: land movement, interception and field battles belong to another
// family, so a transport may only land where no land combat can arise —
// a port with no enemy units or leaders, no land units of a power that is
// not friendly, not a fortified space under another than friendly control
// (no siege), and, unless it is a friendly fortified space not under siege,
// no land units or army leaders of a power at war with the mover in a space
// adjacent to it other than across a pass (no interception). Its step 4 (a
// transported force losing a field battle) therefore never arises yet.

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

// transportOrigin reports whether p's land units in sp may embark: a port,
// not besieged (a besieger may leave), not barred from moving this impulse.
func (s *State) transportOrigin(sp SpaceID, p Power) bool {
	st := &s.Spaces[sp]
	if len(Spaces[sp].Ports) == 0 || st.Units[p].Land() == 0 {
		return false
	}
	if st.Besiegers != 0 && st.Besiegers&bit(p) == 0 {
		return false
	}
	return s.Act == nil || !s.Act.NoMove[sp]
}

// TransportLanding reports whether p's transported formation may land in
// port sp: a space it could enter by land (its own, an independent, an
// ally's or an enemy's; no electorate before the League; not Algiers before
// Barbary Pirates), no enemy naval units in the port, and none of the land
// combat this family cannot resolve (see the file comment).
func (s *State) TransportLanding(sp SpaceID, p Power) bool {
	st := &s.Spaces[sp]
	c := st.Ctl
	if c == NoPower || (!s.League && Spaces[sp].Type == Electorate) {
		return false
	}
	if !(s.ControlledBy(sp, p) || c == Independent || s.Allied(p, c) || s.AtWar(p, c)) {
		return false
	}
	if s.hasEnemyUnits(int(sp), p) {
		return false
	}
	for q := Power(0); q < NumPowers; q++ {
		if q != p && st.Units[q].Land() > 0 && !s.Friendly(p, q) {
			return false
		}
	}
	friendly := s.FriendlySpace(sp, p)
	if Spaces[sp].Type.Fortified() && !friendly {
		return false // entering would begin a siege
	}
	if Spaces[sp].Type.Fortified() && friendly && st.Besiegers == 0 {
		return true // no interception into a friendly fortified space
	}
	for _, e := range Spaces[sp].Edges {
		if e.Pass {
			continue
		}
		for q := Power(0); q < NumPowers; q++ {
			if s.Spaces[e.To].Units[q].Land() > 0 && s.AtWar(p, q) {
				return false
			}
		}
		for i, l := range s.Leaders {
			if !Leaders[i].Naval && l.Loc == int(e.To) && l.Captor == NoPower && s.AtWar(p, Leaders[i].Power) {
				return false
			}
		}
	}
	return true
}

// transportChoices: from → leaders → to → unit mix.
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
		units := s.Spaces[from].Units[p]
		// the mixes and destinations for a size limit, built once and
		// shared (option trees are read-only)
		var byLimit [6][]game.Choice
		destsFor := func(lim int) []game.Choice {
			if lim > units.Land() {
				lim = units.Land()
			}
			if byLimit[lim] == nil {
				comps := compositions(units, 0)
				if lim < units.Land() {
					kept := comps[:0]
					for _, c := range comps {
						if parseComp(c.Value).Land() <= lim {
							kept = append(kept, c)
						}
					}
					comps = kept
				}
				dch := make([]game.Choice, len(dests))
				for k, d := range dests {
					dch[k] = game.Choice{Label: fmt.Sprintf("%s (%d CP)", Spaces[d].Name, reach[d]), Value: Spaces[d].ID, Next: comps}
				}
				byLimit[lim] = dch
			}
			return byLimit[lim]
		}
		var byLeaders []game.Choice
		for _, set := range leaderSets(s.armyLeadersAt(from, p)) {
			byLeaders = append(byLeaders, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: destsFor(min(CommandLimit(set), 5))})
		}
		out = append(out, game.Choice{Label: "from " + Spaces[from].Name, Value: Spaces[from].ID, Next: byLeaders})
	}
	return out
}

func (s *State) transport(p Power, path []string) {
	from, to := mustSpace(path[0]), mustSpace(path[2])
	mv := parseComp(path[3])
	fu, tu := &s.Spaces[from].Units[p], &s.Spaces[to].Units[p]
	fu.Reg -= mv.Reg
	fu.Merc -= mv.Merc
	fu.Cav -= mv.Cav
	tu.Reg += mv.Reg
	tu.Merc += mv.Merc
	tu.Cav += mv.Cav
	var names []string
	for _, l := range parseLeaders(path[1]) {
		s.Leaders[l].Loc = int(to)
		names = append(names, Leaders[l].Name)
	}
	sort.Strings(names)
	text := fmt.Sprintf("%s transports %d land unit(s) by sea from %s to %s", p, mv.Land(), Spaces[from].Name, Spaces[to].Name)
	if len(names) > 0 {
		text += " with " + strings.Join(names, ", ")
	}
	s.emit("transport", text)
}
