package his

// Derived rules: relations between powers, control, line of communication,
// formations and movement costs (§2.2, §4.1, §5.1, §12.1, §13).

// MinorAllyOf returns the major power a minor is actively allied to, or
// NoPower when it is inactive (or p is not a minor).
func (s *State) MinorAllyOf(p Power) Power {
	if !p.Minor() {
		return NoPower
	}
	return s.MinorAlly[p-firstMinor]
}

// side is the power whose diplomacy p follows: an active minor follows its
// major ally (§22.2 step 5); everyone else speaks for itself.
func (s *State) side(p Power) Power {
	if a := s.MinorAllyOf(p); a != NoPower {
		return a
	}
	return p
}

// AtWar reports whether p and q are at war, minors that are active through
// their major ally.
func (s *State) AtWar(p, q Power) bool {
	if p >= NumPowers || q >= NumPowers {
		return false
	}
	a, b := s.side(p), s.side(q)
	return a != b && s.War[a]&bit(b) != 0
}

// Allied reports whether p and q are allies: two majors with an alliance this
// turn, a minor and its major ally, or a minor and its major's ally.
func (s *State) Allied(p, q Power) bool {
	if p >= NumPowers || q >= NumPowers || p == Independent || q == Independent {
		return false
	}
	a, b := s.side(p), s.side(q)
	if a == b {
		return p != q
	}
	return a.Major() && b.Major() && s.Ally[a]&bit(b) != 0
}

// Friendly reports whether an element controlled by q is friendly to p: q is
// p itself or one of its allies (§2.2).
func (s *State) Friendly(p, q Power) bool { return p == q || s.Allied(p, q) }

// Enemy reports whether an element controlled by q is an enemy of p: q is at
// war with p (§2.2). Papal and Protestant debaters are always enemies; that
// is the debate procedure's business, not this relation's.
func (s *State) Enemy(p, q Power) bool { return s.AtWar(p, q) }

// IsIndependent reports whether q is no power at all (never friendly, never
// enemy).
func IsIndependent(q Power) bool { return q == Independent }

// Controller is the power controlling a space (NoPower for Algiers before
// Barbary Pirates).
func (s *State) Controller(sp SpaceID) Power { return s.Spaces[sp].Ctl }

// ControlledBy reports whether p controls the space: directly, or through a
// minor power actively allied to it (§2.2).
func (s *State) ControlledBy(sp SpaceID, p Power) bool {
	c := s.Spaces[sp].Ctl
	return c == p || (c.Minor() && s.MinorAllyOf(c) == p)
}

// FriendlySpace reports whether the space is friendly-controlled for p.
func (s *State) FriendlySpace(sp SpaceID, p Power) bool {
	c := s.Spaces[sp].Ctl
	return c != NoPower && s.Friendly(p, c)
}

// ControlledSpaces lists the spaces p controls (§2.2).
func (s *State) ControlledSpaces(p Power) []SpaceID {
	var out []SpaceID
	for i := range s.Spaces {
		if s.ControlledBy(SpaceID(i), p) {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// Keys counts the keys p controls and how many of them are in unrest.
// Algiers is a key only after Barbary Pirates (§21.1).
func (s *State) Keys(p Power) (keys, unrest int) {
	for i := range s.Spaces {
		if !Spaces[i].Type.IsKey() || !s.ControlledBy(SpaceID(i), p) {
			continue
		}
		keys++
		if s.Spaces[i].Unrest {
			unrest++
		}
	}
	return
}

// keyTable is the card-draw / VP row of each power card (§4.1): cards and
// VP for 1, 2, … net keys; a row's length+1 keys is its Auto Win.
var keyTable = [5][][2]int{
	Ottoman:  {{2, 2}, {2, 4}, {3, 6}, {3, 8}, {4, 10}, {4, 12}, {5, 14}, {5, 16}, {6, 18}, {6, 20}},
	Hapsburg: {{1, 2}, {2, 3}, {2, 4}, {3, 5}, {3, 6}, {4, 7}, {4, 8}, {5, 9}, {5, 10}, {6, 11}, {6, 12}, {7, 13}, {7, 14}},
	England:  {{1, 3}, {1, 5}, {2, 7}, {2, 9}, {3, 11}, {3, 13}, {4, 15}, {4, 17}},
	France:   {{1, 2}, {1, 4}, {1, 6}, {2, 8}, {2, 10}, {3, 12}, {3, 14}, {4, 16}, {4, 18}, {5, 20}},
	Papacy:   {{2, 2}, {3, 4}, {3, 6}, {4, 8}, {4, 10}, {4, 12}},
}

// KeyCardsVP is what p's power card shows for its net keys (keys minus keys
// in unrest): base cards (at least 1) and base VP; auto reports an Auto Win.
// The Protestant has no row: 4 cards, 5 with 4+ electorates under its
// political control; 2 VP per electorate it controls that is Protestant and
// not in unrest.
func (s *State) KeyCardsVP(p Power) (cards, vp int, auto bool) {
	if p == Protestant {
		ctl := 0
		for _, e := range electorates {
			if s.ControlledBy(e, Protestant) {
				ctl++
				if s.Spaces[e].Prot && !s.Spaces[e].Unrest {
					vp += 2
				}
			}
		}
		if ctl >= 4 {
			return 5, vp, false
		}
		return 4, vp, false
	}
	k, u := s.Keys(p)
	n := k - u
	row := keyTable[p]
	switch {
	case n <= 0:
		return 1, 0, false
	case n > len(row):
		return row[len(row)-1][0], row[len(row)-1][1], true
	}
	return row[n-1][0], row[n-1][1], false
}

// CardsDealt is how many cards p is dealt in the Card Draw Phase (§6.2):
// base cards, +1 with a ruler card bonus, -1 per "-1 Card" marker
// (excommunication, each foreign war, Fuggers).
func (s *State) CardsDealt(p Power) int {
	n, _, _ := s.KeyCardsVP(p)
	n += Rulers[s.Powers[p].Ruler].Bonus
	if s.Powers[p].MinusOne {
		n--
	}
	n -= s.warCount(p) // a "-1 Card" marker per foreign war (§21.7)
	if s.TurnFx.Fewer&bit(p) != 0 {
		n-- // Fuggers (#79)
	}
	if n < 0 {
		n = 0
	}
	return n
}

// hasEnemyUnits reports whether a location holds units or leaders of a power
// at war with p.
func (s *State) hasEnemyUnits(loc int, p Power) bool {
	var us *[NumPowers]Units
	if loc >= SeaLoc {
		us = &s.Seas[loc-SeaLoc].Units
	} else {
		us = &s.Spaces[loc].Units
	}
	for q := Power(0); q < NumPowers; q++ {
		if us[q].Any() && s.AtWar(p, q) {
			return true
		}
	}
	for i, l := range s.Leaders {
		if l.Loc == loc && s.AtWar(p, s.lpower(i)) {
			return true
		}
	}
	return false
}

// friendlyNaval reports whether a sea zone holds a naval unit friendly to p.
func (s *State) friendlyNaval(z SeaID, p Power) bool {
	for q := Power(0); q < NumPowers; q++ {
		if s.Seas[z].Units[q].Naval() > 0 && s.Friendly(p, q) {
			return true
		}
	}
	return false
}

// locSource reports whether a space can start p's line of communication: a
// friendly-controlled fortified home space of p or of one of its allies.
func (s *State) locSource(sp SpaceID, p Power) bool {
	home := Spaces[sp].Home
	if s.haven(sp) {
		home = Ottoman // a pirate haven counts as an Ottoman home space (#89)
	}
	return s.fortified(sp) && s.FriendlySpace(sp, p) && home != Independent && s.Friendly(p, home)
}

// locPassable reports whether a space may lie on p's line of communication
// (every space but its end): friendly-controlled, no enemy units, no unrest,
// and no electorate before the Schmalkaldic League.
func (s *State) locPassable(sp SpaceID, p Power) bool {
	if !s.FriendlySpace(sp, p) || s.Spaces[sp].Unrest || s.hasEnemyUnits(int(sp), p) {
		return false
	}
	return s.League || Spaces[sp].Type != Electorate
}

// HasLOC reports whether p has a line of communication to the space (§12.1):
// a path from a friendly-controlled fortified home space of p or an ally,
// every space on it but the target friendly-controlled, free of enemy units
// and unrest (no electorate before the League), crossing sea zones only
// where each holds a friendly naval unit, entered and left through
// friendly-controlled ports (ruling N3: enemy ships in the zone do not block).
func (s *State) HasLOC(target SpaceID, p Power) bool { return s.locTargets(p)[target] }

// locTargets is the set of spaces to which p has a line of communication
// (§12.1, as HasLOC describes), found by one search for every target.
func (s *State) locTargets(p Power) *[NumSpaces]bool {
	var out [NumSpaces]bool
	var passL [NumSpaces]bool
	var seenS [NumSeas]bool
	queue := make([]int, 0, 64)
	for i := range Spaces {
		sp := SpaceID(i)
		if s.locSource(sp, p) {
			out[i] = true
			if s.locPassable(sp, p) {
				passL[i] = true
				queue = append(queue, i)
			}
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n >= SeaLoc {
			z := SeaID(n - SeaLoc)
			for _, port := range Seas[z].Ports {
				out[port] = true
				if !passL[port] && s.locPassable(port, p) {
					passL[port] = true
					queue = append(queue, int(port))
				}
			}
			for _, z2 := range Seas[z].Adj {
				if !seenS[z2] && s.friendlyNaval(z2, p) {
					seenS[z2] = true
					queue = append(queue, SeaLoc+int(z2))
				}
			}
			continue
		}
		for _, e := range Spaces[n].Edges {
			out[e.To] = true
			if !passL[e.To] && s.locPassable(e.To, p) {
				passL[e.To] = true
				queue = append(queue, int(e.To))
			}
		}
		for _, z := range Spaces[n].Ports {
			if !seenS[z] && s.friendlyNaval(z, p) {
				seenS[z] = true
				queue = append(queue, SeaLoc+int(z))
			}
		}
	}
	return &out
}

// CommandLimit is the most land units a formation led by these army leaders
// may hold (§5.1): 4 without a leader, one leader's command rating, or the
// sum of the two highest ratings with several.
func CommandLimit(leaders []int) int {
	a, b := 0, 0
	for _, l := range leaders {
		c := Leaders[l].Command
		switch {
		case c > a:
			a, b = c, a
		case c > b:
			b = c
		}
	}
	switch len(leaders) {
	case 0:
		return 4
	case 1:
		return a
	}
	return a + b
}

// Formation is a group of land units and army leaders that would move,
// intercept or assault together.
type Formation struct {
	Power   Power // the major power
	Units   [NumPowers]Units
	Leaders []int
}

// Check reports why f is not a legal single formation, or nil: it mixes only
// its major power's units with those of minors actively allied to it, its
// leaders belong to that power, and its size is within the command limit.
func (s *State) CheckFormation(f Formation) error {
	n := 0
	for q := Power(0); q < NumPowers; q++ {
		u := f.Units[q]
		if u.Land() == 0 {
			continue
		}
		if q != f.Power && s.MinorAllyOf(q) != f.Power {
			return errorf("a formation of %s may not include %s units", f.Power, q)
		}
		n += u.Land()
	}
	for _, l := range f.Leaders {
		if Leaders[l].Naval || s.lpower(l) != f.Power {
			return errorf("%s is not an army leader of %s", Leaders[l].Name, f.Power)
		}
	}
	if lim := CommandLimit(f.Leaders); n > lim {
		return errorf("formation of %d land units exceeds the command limit of %d", n, lim)
	}
	return nil
}

// MoveCost is the CP cost of moving a formation from a to b (§13): 1 along
// a normal connection, 2 across a pass; ok is false if they are not adjacent.
func MoveCost(a, b SpaceID) (cp int, ok bool) {
	switch spaceAdjMatrix[a][b] {
	case 1:
		return 1, true
	case 2:
		return 2, true
	}
	return 0, false
}

// Adjacent reports whether two spaces are connected (pass or not).
func Adjacent(a, b SpaceID) bool { return spaceAdjMatrix[a][b] != 0 }

// SeasAdjacent reports whether two sea zones touch (§2.5).
func SeasAdjacent(a, b SeaID) bool {
	for _, z := range Seas[a].Adj {
		if z == b {
			return true
		}
	}
	return false
}

// Catholic reports whether a space is Catholic (Ottoman home spaces have no
// religion).
func (s *State) Catholic(sp SpaceID) bool { return !Spaces[sp].NoRel && !s.Spaces[sp].Prot }

// protTrack is the Protestant Spaces Track (§23.2): for a count of
// Protestant spaces (not in unrest), the first count of each row and the
// Papal / Protestant VP.
var protTrack = [][3]int{{0, 15, 0}, {4, 14, 1}, {7, 13, 2}, {10, 12, 3}, {14, 11, 4}, {17, 10, 5}, {20, 9, 6},
	{24, 8, 7}, {27, 7, 8}, {30, 6, 9}, {34, 5, 10}, {37, 4, 11}, {40, 3, 12}, {44, 2, 13}, {47, 1, 14}}

// ProtestantSpaces counts the spaces under Protestant influence that are not
// in unrest (the Protestant Spaces Track; 50 is a religious victory).
func (s *State) ProtestantSpaces() int {
	n := 0
	for i := range s.Spaces {
		if s.Spaces[i].Prot && !s.Spaces[i].Unrest {
			n++
		}
	}
	return n
}

// VP is p's victory points (§23.2): base (power card, or the Protestant's
// electorates) + special + bonus (New World discoveries and conquests
// included) + the piracy and chateaux tracks.
func (s *State) VP(p Power) int {
	_, vp, _ := s.KeyCardsVP(p)
	n := s.ProtestantSpaces()
	row := protTrack[0]
	for _, r := range protTrack {
		if n >= r[0] {
			row = r
		}
	}
	switch p {
	case Ottoman:
		vp += s.PiracyVP
	case Hapsburg:
		if s.League {
			for _, e := range electorates {
				if s.ControlledBy(e, Hapsburg) && !s.Spaces[e].Unrest {
					vp++
				}
			}
		}
	case England:
		switch {
		case s.Pregnancy&(1<<5|1<<6) != 0:
			vp += 5
		case s.Pregnancy&(1<<4) != 0:
			vp += 2
		}
		prot := 0
		for _, h := range homeSpacesOf[England] {
			if s.Spaces[h].Prot && !s.Spaces[h].Unrest {
				prot++
			}
		}
		vp += prot / 2
	case France:
		vp += s.Chateaux
	case Papacy:
		vp += row[1] + s.StPeterVP
	case Protestant:
		vp += row[2]
	}
	vp += s.Powers[p].BonusVP + s.Powers[p].WarVP + s.NewWorldVP(p)
	if s.Phony[p] {
		vp--
	}
	return vp
}
