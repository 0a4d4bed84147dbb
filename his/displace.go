package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// Displacement when a space changes hands by negotiation or peace (RULES.md
// §12.5, §9.1 item 5, §9.3 steps 3 and 5, §9.6 steps 4–5): "Displaced land
// units and army leaders go to the nearest single fortified space
// controlled by their power, or to their capital if it is friendly-
// controlled (DP(owner)). Naval units and naval leaders go to the nearest
// port controlled by their power. … Ties: DP(owner)." Each displaced group
// (one power's land units with its army leaders, or its naval units with
// its naval leaders) waits in State.Displace and goes at once when it has
// one place to go; with several, its owner (a minor's major ally) chooses
// (decision kDisplace); with none its units are eliminated (naval units
// and leaders to the Turn Track) and its army leaders leave the map.

// Displacement is one power's units and leaders still to leave a space.
type Displacement struct {
	Space SpaceID `json:"space"`
	Power Power   `json:"power"` // whose units (a minor's, for its ally to move)
	Naval bool    `json:"naval"` // the naval group (else the land group)
}

// kDisplace asks the owner of displaced units where they go.
const kDisplace = "displace.dest"

// displaceOnCession queues the displacement from sp, whose control just
// passed away from `from`: the units and leaders of `from` and of its
// active minor allies always leave (also when the two powers are now
// allies: §9.1 item 5, "units in ceded spaces are displaced"), and so do
// those of any other power not friendly to the new controller.
func (s *State) displaceOnCession(sp SpaceID, from Power) {
	c := s.Spaces[sp].Ctl
	for q := Power(0); q < Independent; q++ {
		if q != c && (s.side(q) == from || !s.Friendly(c, q)) {
			s.queueDisplace(sp, q)
		}
	}
}

// queueDisplace queues q's land and naval groups in sp (those it has).
func (s *State) queueDisplace(sp SpaceID, q Power) {
	land, naval := s.Spaces[sp].Units[q].Land() > 0, s.Spaces[sp].Units[q].Naval() > 0
	for i, l := range s.Leaders {
		if l.Loc == int(sp) && l.Captor == NoPower && Leaders[i].Power == q {
			land = land || !Leaders[i].Naval
			naval = naval || Leaders[i].Naval
		}
	}
	if land {
		s.Displace = append(s.Displace, Displacement{Space: sp, Power: q})
	}
	if naval {
		s.Displace = append(s.Displace, Displacement{Space: sp, Power: q, Naval: true})
	}
}

// displaceDests lists where a displaced group may go. Land: the nearest
// fortified spaces controlled by the owner (its major ally's, for a
// minor's units), and its capitals that are friendly-controlled; never the
// space it leaves, a space under siege or one holding land units at war
// with it. Naval: the nearest ports controlled by the owner without naval
// units at war with it.
func (s *State) displaceDests(d Displacement) []SpaceID {
	p := s.side(d.Power)
	enemyIn := func(sp SpaceID, naval bool) bool {
		for q := Power(0); q < NumPowers; q++ {
			u := s.Spaces[sp].Units[q]
			if (naval && u.Naval() > 0 || !naval && u.Land() > 0) && s.AtWar(s.side(q), p) {
				return true
			}
		}
		return false
	}
	if d.Naval {
		var out []SpaceID
		for _, port := range s.nearestPorts(int(d.Space), d.Power) {
			if !enemyIn(port, true) {
				out = append(out, port)
			}
		}
		return out
	}
	ok := func(sp SpaceID) bool {
		return sp != d.Space && !s.UnderSiege(sp) && !enemyIn(sp, false)
	}
	dist := landDist(d.Space)
	best := -1
	for i := range s.Spaces {
		sp := SpaceID(i)
		if dist[i] >= 0 && Spaces[i].Type.Fortified() && s.ControlledBy(sp, p) && ok(sp) && (best < 0 || dist[i] < best) {
			best = dist[i]
		}
	}
	var out []SpaceID
	for i := range s.Spaces {
		sp := SpaceID(i)
		near := best >= 0 && dist[i] == best && Spaces[i].Type.Fortified() && s.ControlledBy(sp, p)
		if ok(sp) && (near || isCapitalOf(sp, p) && s.FriendlySpace(sp, p)) {
			out = append(out, sp)
		}
	}
	return out
}

// stepDisplace moves the displaced groups waiting, in order, until one
// needs its owner's choice (it asks) or none is left. It reports whether
// it asked.
func (s *State) stepDisplace() bool {
	for len(s.Displace) > 0 {
		d := s.Displace[0]
		dests := s.displaceDests(d)
		owner := s.decider(d.Power)
		if len(dests) > 1 && owner != NoPower {
			s.push(kDisplace, owner)
			return true
		}
		to := -1
		if len(dests) > 0 {
			to = int(dests[0])
		}
		s.Displace = s.Displace[1:]
		s.displaceTo(d, to)
	}
	return false
}

// displaceTo moves group d to space `to` (-1: nowhere — its units are
// eliminated, its leaders leave the map).
func (s *State) displaceTo(d Displacement, to int) {
	from := &s.Spaces[d.Space].Units[d.Power]
	var moved Units
	if d.Naval {
		moved = Units{Sq: from.Sq, Cor: from.Cor}
		from.Sq, from.Cor = 0, 0
	} else {
		moved = Units{Reg: from.Reg, Merc: from.Merc, Cav: from.Cav}
		from.Reg, from.Merc, from.Cav = 0, 0, 0
	}
	var names []string
	for i, l := range s.Leaders {
		if l.Loc == int(d.Space) && l.Captor == NoPower && Leaders[i].Power == d.Power && Leaders[i].Naval == d.Naval {
			switch {
			case to >= 0:
				s.Leaders[i].Loc = to
			case d.Naval:
				s.leaderToTrack(i)
			default:
				s.Leaders[i].Loc = OffMap
			}
			names = append(names, Leaders[i].Name)
		}
	}
	what := "land units"
	if d.Naval {
		what = "naval units"
	}
	if len(names) > 0 {
		what += " and " + strings.Join(names, ", ")
	}
	if to < 0 {
		s.toTrack(d.Power, int(moved.Sq), int(moved.Cor))
		s.emit("displace", fmt.Sprintf("%s %s displaced from %s have nowhere to go: eliminated", d.Power, what, Spaces[d.Space].Name))
		return
	}
	t := &s.Spaces[to].Units[d.Power]
	t.Reg += moved.Reg
	t.Merc += moved.Merc
	t.Cav += moved.Cav
	t.Sq += moved.Sq
	t.Cor += moved.Cor
	s.emit("displace", fmt.Sprintf("%s %s displaced from %s to %s", d.Power, what, Spaces[d.Space].Name, Spaces[to].Name))
}

func init() {
	registerProc(4, (*State).stepDisplace)
	registerDecision(kDisplace, &decisionDef{
		text: func(s *State, d Decision) string {
			g := s.Displace[0]
			what := "land units and army leaders"
			if g.Naval {
				what = "naval units and naval leaders"
			}
			return fmt.Sprintf("your %s (%s) are displaced from %s: choose where they go", what, g.Power, Spaces[g.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, sp := range s.displaceDests(s.Displace[0]) {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			g := s.Displace[0]
			s.Displace = s.Displace[1:]
			s.displaceTo(g, int(mustSpace(path[0])))
		},
	})
}
