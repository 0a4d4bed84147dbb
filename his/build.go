package his

import (
	"fmt"

	"concordat/game"
)

// Unit construction (§17): Buy Mercenary, Raise Regular Troop, Raise
// Cavalry, Build Naval Squadron and Build Corsair, one unit per action, in a
// space the action's path names. A unit is built in a home space of the
// building power (regulars and squadrons also in a home space of a minor
// power actively allied to it, as units of that minor, §22.3) that is
// friendly-controlled, holds no enemy units, is not in unrest and not under
// siege (ruling M8); naval units only in ports. The counter mix is a hard
// limit, and naval units on the Turn Track may not be rebuilt before they
// come back (§17).

// buildKind describes one construction action.
type buildKind struct {
	id, label string
	kind      byte // unit kind for place: 'r', 'm', 'c', 's', 'k'
	cost      int
	naval     bool
	order     int
}

// buildActions are the construction actions' ids (Foreign Recruits' CP go
// to them only).
var buildActions = map[string]bool{"merc": true, "regular": true, "cavalry": true, "squadron": true, "corsair": true}

var buildKinds = []buildKind{
	{id: "merc", label: "buy a mercenary (1 CP)", kind: 'm', cost: 1, order: 500},
	{id: "regular", label: "raise a regular troop (2 CP)", kind: 'r', cost: 2, order: 510},
	{id: "cavalry", label: "raise cavalry (1 CP)", kind: 'c', cost: 1, order: 520},
	{id: "squadron", label: "build a naval squadron (2 CP)", kind: 's', cost: 2, naval: true, order: 530},
	{id: "corsair", label: "build a corsair (1 CP)", kind: 'k', cost: 1, naval: true, order: 540},
}

// mayBuild reports whether the power p (acting) may build a unit of kind k
// at all, whatever the space: the Protestant builds nothing before the
// Schmalkaldic League (§21.6); only the Ottoman raises cavalry and builds
// corsairs (corsairs after Barbary Pirates, §17, §21.1); the Ottoman buys
// no mercenaries and the Protestant builds no squadrons (§5.2, §5.3).
func (s *State) mayBuild(p Power, k byte) bool {
	if p == Protestant && !s.League {
		return false
	}
	switch k {
	case 'm':
		return p != Ottoman
	case 'c':
		return p == Ottoman
	case 's':
		return p != Protestant
	case 'k':
		return p == Ottoman && s.Barbary
	}
	return true
}

// builder is whose unit a build by p at sp would be: p itself in its own
// home spaces; for regulars and squadrons, the minor power actively allied
// to p in that minor's home spaces (§22.3; no Hungarian squadrons).
// NoPower when p may not build there.
func (s *State) builder(sp SpaceID, p Power, k byte) Power {
	h := Spaces[sp].Home
	switch {
	case h == p:
		return p
	case h.Minor() && s.MinorAllyOf(h) == p && (k == 'r' || k == 's'):
		return h
	}
	return NoPower
}

// unitRoom is how many more units of kind k q may build: its counter mix
// less what is on the map and, for naval units, on the Turn Track (Room).
func (s *State) unitRoom(q Power, k byte) int {
	r := s.Room(q)
	var n uint8
	switch k {
	case 'r':
		n = r.Reg
	case 'm':
		n = r.Merc
	case 'c':
		n = r.Cav
	case 's':
		n = r.Sq
	default:
		n = r.Cor
	}
	if n == Unlimited {
		return Unlimited
	}
	return int(n)
}

// canBuildAt reports whether p may build a unit of kind k at sp, and whose
// unit it would be, the counter mix aside (see unitRoom).
func (s *State) canBuildAt(sp SpaceID, p Power, k byte) (Power, bool) {
	q := s.builder(sp, p, k)
	recruits := s.Act != nil && s.Act.Recruits
	if q == NoPower && (recruits && s.ControlledBy(sp, p) || k == 'k' && p == Ottoman && s.haven(sp)) {
		// Foreign Recruits (#76): any space p controls; a pirate haven
		// builds corsairs (#89)
		q = p
	}
	if raid := s.Act != nil && s.Act.Raid; raid {
		// The Scots Raid's CP build French units in its spaces only (#97).
		if !raidSpaces[sp] {
			return NoPower, false
		}
		q = p
	}
	if q == NoPower {
		return NoPower, false
	}
	info := &Spaces[sp]
	ss := &s.Spaces[sp]
	if !s.FriendlySpace(sp, p) || ss.Unrest || s.UnderSiege(sp) || s.hasEnemyUnits(int(sp), p) {
		return NoPower, false
	}
	if (k == 's' || k == 'k') && len(info.Ports) == 0 {
		return NoPower, false
	}
	// Algiers (once in play) and pirate havens build corsairs only (§21.1,
	// #89), but with Foreign Recruits' CP (#76); corsairs are built only in
	// Ottoman home ports (Algiers is one) and pirate havens.
	if (sp == spAlgiers || s.haven(sp)) && k != 'k' && !recruits {
		return NoPower, false
	}
	return q, true
}

// buildSpaces lists where p may build a unit of kind k, as options: its
// home spaces, then (regulars, squadrons) its active minor allies' ones,
// wherever the builder's counter mix has room.
func (s *State) buildSpaces(p Power, k byte) []game.Choice {
	if k == 'r' || k == 'm' || k == 'c' {
		// a foreign war short of units takes every new land unit (§21.7)
		if i := s.shortWar(p); i >= 0 {
			if s.unitRoom(p, k) == 0 {
				return nil
			}
			return []game.Choice{{Label: Cards[mustCard(foreignWars[i].card)].Name, Value: foreignWars[i].id}}
		}
	}
	out := make([]game.Choice, 0, len(homeSpacesOf[p]))
	add := func(q Power, suffix string) {
		room := -1
		for _, sp := range homeSpacesOf[q] {
			if _, ok := s.canBuildAt(sp, p, k); !ok {
				continue
			}
			if room < 0 {
				room = s.unitRoom(q, k)
			}
			if room == 0 {
				return
			}
			out = append(out, game.Choice{Label: Spaces[sp].Name + suffix, Value: Spaces[sp].ID})
		}
	}
	if s.Act != nil && (s.Act.Raid || s.Act.Recruits) {
		room := s.unitRoom(p, k)
		for i := range Spaces {
			if _, ok := s.canBuildAt(SpaceID(i), p, k); ok && room > 0 {
				out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID})
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	add(p, "")
	if k == 'k' && p == Ottoman {
		for _, h := range s.Havens {
			if _, ok := s.canBuildAt(SpaceID(h), p, k); ok && s.unitRoom(p, k) > 0 {
				out = append(out, game.Choice{Label: Spaces[h].Name + " (pirate haven)", Value: Spaces[h].ID})
			}
		}
	}
	if k == 'r' || k == 's' {
		for m := firstMinor; m <= Venice; m++ {
			if s.MinorAllyOf(m) == p {
				add(m, " ("+m.String()+")")
			}
		}
	}
	if len(out) == 0 {
		return nil // an empty list would offer the action as a leaf
	}
	return out
}

var unitNames = map[byte]string{'r': "regular", 'm': "mercenary", 'c': "cavalry", 's': "squadron", 'k': "corsair"}

// build places one unit of kind k at sp for p (the path was checked).
func (s *State) build(sp SpaceID, p Power, k byte) {
	q, _ := s.canBuildAt(sp, p, k)
	s.place(&s.Spaces[sp].Units[q], q, k, 1)
	owner := ""
	if q != p {
		owner = " " + q.String()
	}
	s.emit("build", fmt.Sprintf("%s builds a%s %s in %s", p, owner, unitNames[k], Spaces[sp].Name))
}

func init() {
	for _, b := range buildKinds {
		b := b
		registerAction(&actionDef{
			id: b.id, label: b.label, order: b.order, raid: true,
			choices: func(s *State, p Power, cp int) []game.Choice {
				if cp < b.cost || !s.mayBuild(p, b.kind) {
					return nil
				}
				return s.buildSpaces(p, b.kind)
			},
			cost: fixedCost(b.cost),
			do: func(s *State, p Power, path []string) {
				for i, w := range foreignWars {
					if w.id == path[0] {
						s.buildOnWar(i, p, b.kind)
						return
					}
				}
				s.build(mustSpace(path[0]), p, b.kind)
			},
		})
	}
}
