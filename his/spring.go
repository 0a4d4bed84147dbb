package his

import (
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Spring Deployment (§10): in Impulse Order each power may move one
// formation from its capital to a friendly-controlled space, free. Spring
// Preparations and Venetian Informant are played here (cards_spring.go).

// springStep: s.Impulse is the next power to deploy while the phase runs.
func (s *State) startSpring() {
	s.Phase = PhaseSpring
	s.Impulse = Ottoman
	s.emit("phase", fmt.Sprintf("turn %d: Spring Deployment", s.Turn))
}

// springOK reports whether a land space may lie on p's deployment path (or
// be its end): friendly-controlled, not in unrest, holding no units of
// another power that are not friendly, no electorate before the League,
// not Algiers before Barbary Pirates.
func (s *State) springOK(sp SpaceID, p Power) bool {
	c := s.Spaces[sp].Ctl
	if c == NoPower || !s.Friendly(p, c) || s.Spaces[sp].Unrest || s.noElectorate(sp, p) || !s.twoSpringOK(p, sp) {
		return false
	}
	for q := Power(0); q < NumPowers; q++ {
		if q != p && s.Spaces[sp].Units[q].Land() > 0 && !s.Friendly(p, q) {
			return false
		}
	}
	return true
}

// seaOpen reports whether p's deployment may cross sea zone z (§10 rule 6):
// no port on it holds naval units of another major power, unless they are
// lent to p.
func (s *State) seaOpen(z SeaID, p Power) bool {
	for _, port := range Seas[z].Ports {
		for q := Power(0); q < NumMajors; q++ {
			if q != p && s.Spaces[port].Units[q].Naval() > 0 {
				return false
			}
		}
	}
	return true
}

// SpringDests lists where p may deploy from capital cap: every space a path
// reaches under §10 (no pass, at most one sea zone between friendly ports);
// landOnly tells whether a path without a sea crossing exists (a sea
// crossing carries at most 5 units).
func (s *State) SpringDests(cap SpaceID, p Power) (dests []SpaceID, landOnly map[SpaceID]bool) {
	const noSea, viaSea = 0, 1
	var seen [2][NumSpaces]bool
	type node struct {
		sp  SpaceID
		sea int
	}
	q := []node{{cap, noSea}}
	seen[noSea][cap] = true
	prep := s.SpringPrep == p+1 // Spring Preparations (#102): rules 5, 6, 8 waived
	for i := 0; i < len(q); i++ {
		n := q[i]
		for _, e := range Spaces[n.sp].Edges {
			if e.Pass && !prep || seen[n.sea][e.To] || !s.springOK(e.To, p) {
				continue
			}
			seen[n.sea][e.To] = true
			q = append(q, node{e.To, n.sea})
		}
		if n.sea == noSea {
			for _, z := range Spaces[n.sp].Ports {
				if !prep && !s.seaOpen(z, p) {
					continue
				}
				for _, port := range Seas[z].Ports {
					if !seen[viaSea][port] && port != n.sp && s.springOK(port, p) {
						seen[viaSea][port] = true
						q = append(q, node{port, viaSea})
					}
				}
			}
		}
	}
	landOnly = map[SpaceID]bool{}
	for i := range Spaces {
		sp := SpaceID(i)
		if sp == cap || !(seen[noSea][i] || seen[viaSea][i]) {
			continue
		}
		dests = append(dests, sp)
		landOnly[sp] = seen[noSea][i]
	}
	return dests, landOnly
}

// springCapitals lists the capitals p may deploy from: held, not in unrest,
// with its units or army leaders there. The Protestant has none.
func (s *State) springCapitals(p Power) []SpaceID {
	var out []SpaceID
	if p == Protestant {
		return nil
	}
	for _, c := range capitalsOf[p] {
		if s.Spaces[c].Ctl != p {
			continue
		}
		if s.Spaces[c].Units[p].Land() > 0 || len(s.armyLeadersAt(c, p)) > 0 {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) armyLeadersAt(sp SpaceID, p Power) []int {
	var out []int
	for i, l := range s.Leaders {
		if !Leaders[i].Naval && s.lpower(i) == p && l.Loc == int(sp) && l.Captor == NoPower {
			out = append(out, i)
		}
	}
	return out
}

// leaderSets lists every subset of leaders as "a+b" values ("none" first).
func leaderSets(ls []int) [][]int {
	out := [][]int{nil}
	for _, l := range ls {
		n := len(out)
		for i := 0; i < n; i++ {
			out = append(out, append(append([]int(nil), out[i]...), l))
		}
	}
	return out
}

func leaderValue(set []int) string {
	if len(set) == 0 {
		return "none"
	}
	var ids []string
	for _, l := range set {
		ids = append(ids, Leaders[l].ID)
	}
	return strings.Join(ids, "+")
}

func (s *State) springChoices(p Power) []game.Choice {
	out := []game.Choice{{Label: "no deployment", Value: "none"}}
	out = append(out, s.springCards(p)...)
	for _, c := range s.springCapitals(p) {
		dests, landOnly := s.SpringDests(c, p)
		u := s.Spaces[c].Units[p]
		all := compositions(u, 0)
		// The unit mixes for a size limit, built once per limit and shared
		// (option trees are read-only).
		cache := map[[2]int][]game.Choice{}
		mixes := func(max int, leaders bool) []game.Choice {
			k := [2]int{max, 0}
			if leaders {
				k[1] = 1
			}
			if m, ok := cache[k]; ok {
				return m
			}
			comps := make([]game.Choice, 0, len(all)+1)
			if leaders {
				comps = append(comps, game.Choice{Label: "leaders only", Value: "0:0:0"})
			}
			for _, comp := range all {
				if parseComp(comp.Value).Land() <= max {
					comps = append(comps, comp)
				}
			}
			cache[k] = comps
			return comps
		}
		var byLeaders []game.Choice
		for _, set := range leaderSets(s.armyLeadersAt(c, p)) {
			lim := CommandLimit(set)
			dch := make([]game.Choice, 0, len(dests))
			for _, d := range dests {
				max := lim
				if !landOnly[d] && max > 5 && s.SpringPrep != p+1 {
					max = 5 // at most 5 land units cross a sea zone (rule 8)
				}
				comps := mixes(max, len(set) > 0)
				if len(comps) > 0 {
					dch = append(dch, game.Choice{Label: Spaces[d].Name, Value: Spaces[d].ID, Next: comps})
				}
			}
			if len(dch) > 0 {
				byLeaders = append(byLeaders, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: dch})
			}
		}
		if len(byLeaders) > 0 {
			out = append(out, game.Choice{Label: "from " + Spaces[c].Name, Value: Spaces[c].ID, Next: byLeaders})
		}
	}
	return out
}

// stepSpring asks the next power that can deploy, or ends the phase.
func (s *State) stepSpring() {
	for s.Impulse < NumMajors {
		p := s.Impulse
		if len(s.springCards(p)) > 0 {
			s.push(kSpring, p)
			return
		}
		for _, c := range s.springCapitals(p) {
			if d, _ := s.SpringDests(c, p); len(d) > 0 {
				s.push(kSpring, p)
				return
			}
		}
		s.Impulse++
	}
	s.Phase = PhaseAction
	s.SpringMoved = false
	s.startImpulseFx()
	s.Impulse, s.Passes = s.firstImpulse(), 0
	s.push(kImpulse, s.Impulse)
}

func (s *State) resolveSpring(p Power, path []string) {
	if s.springCard(p, path) {
		return // a card played: p deploys next
	}
	s.Impulse = p + 1
	s.SpringPrep = 0
	if path[0] == "none" {
		return
	}
	s.SpringMoved = true
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
	if path[1] != "none" {
		for _, id := range strings.Split(path[1], "+") {
			l, _ := LeaderByID(id)
			s.Leaders[l].Loc = int(to)
			names = append(names, Leaders[l].Name)
		}
	}
	sort.Strings(names)
	s.emit("spring", fmt.Sprintf("%s deploys %d unit(s) %s from %s to %s", p, mv.Land(), strings.Join(names, ", "), Spaces[from].Name, Spaces[to].Name))
}
