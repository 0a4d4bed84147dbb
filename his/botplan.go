package his

import "concordat/game"

// The Ottoman and English plans of the rule-based player (botrules.go).
// Those two powers gain VP slowly, from keys they must march to and
// besiege, from piracy (Ottoman) and from Henry VIII's heirs and the
// English Reformation (England); a look-ahead to the next impulse sees
// none of that. So their positions are scored with a plan as well:
//
//   - a campaign value for each army: how close it is to the nearest key it
//     may take (held by a power or minor at war with it) and whether it is
//     strong enough to besiege it, so that armies march and concentrate
//     rather than sit at home while the CP buy more cavalry;
//   - for the Ottoman, the piracy it can still make this turn (the
//     expected piracy VP of its corsairs at sea, half that for corsairs in
//     port next to a zone with a target), and piracy chosen by rule where
//     it is expected to score;
//   - for England, Henry VIII's marriage taken each turn by rule (Six Wives
//     of Henry VIII as the event, whenever Henry may marry: the road to
//     Edward's 5 VP and the English Reformation), and the English home
//     spaces that turn Protestant.
//
// The Ottoman marches by rule, too: its Move brings the most units nearest
// to the nearest key it may take whose defenders the units it has within
// reach outnumber enough.
//
// Their diplomacy is quieter than the others': they declare no war (an
// English war on Scotland brought France in and a Phony War VP off more
// often than Edinburgh), and they offer peace to every major power at war
// with them whose keys are not within their armies' reach.

// planned reports whether p's position is scored with a plan.
func planned(p Power) bool { return p == Ottoman || p == England }

// Plan weights, in tenths of a VP (botValue's unit).
const (
	pwKeyReach = 7.0 // the campaign value of an army able to besiege a key it stands in
	pwReach    = 7   // spaces beyond which a key is out of reach
	pwUnit     = 0.6 // a land unit (the campaign value counts the rest)
	pwCorsair  = 1.0 // a corsair
	pwPiracy   = 8.0 // one expected piracy VP still to be made this turn
	pwProtEng  = 3.0 // an English home space under Protestant influence
)

// campaignTargets lists the keys p may take: not under its control, held
// by a power (or an active minor's ally) at war with it; with their
// defenders.
func (s *State) campaignTargets(p Power) (keys []int, def []int) {
	for i := range s.Spaces {
		if !Spaces[i].Type.IsKey() || s.ControlledBy(SpaceID(i), p) {
			continue
		}
		c := s.Spaces[i].Ctl
		if c == NoPower || c >= NumPowers || !s.AtWar(p, c) {
			continue
		}
		d := 0
		for q := Power(0); q < NumPowers; q++ {
			if q != p && s.AtWar(p, q) {
				d += s.Spaces[i].Units[q].Land()
			}
		}
		keys = append(keys, i)
		def = append(def, d)
	}
	return
}

// armyStrength is p's land units in sp plus its best leader's battle
// rating there.
func (s *State) armyStrength(sp int, p Power) int {
	n := s.Spaces[sp].Units[p].Land()
	if n == 0 {
		return 0
	}
	best := 0
	for _, l := range s.armyLeadersAt(SpaceID(sp), p) {
		best = max(best, Leaders[l].Battle)
	}
	return n + best
}

// campaignValue is the value of p's armies' reach: each army scores the
// best key it could march to and besiege, more the nearer and the
// stronger against its defenders (a besieger needs about twice the
// defenders and some to spare); the two best armies count, so that one
// strong army beats many scattered ones.
func (s *State) campaignValue(p Power) float64 {
	keys, def := s.campaignTargets(p)
	if len(keys) == 0 {
		return 0
	}
	dist := botDist()
	var best [2]float64
	for i := range s.Spaces {
		str := s.armyStrength(i, p)
		if str == 0 {
			continue
		}
		v := 0.0
		for k, t := range keys {
			d := int(dist[i][t])
			if d >= pwReach {
				continue
			}
			need := 2*def[k] + 3
			f := min(1, float64(str)/float64(need))
			v = max(v, pwKeyReach*f*float64(pwReach-d)/pwReach)
		}
		if v > best[0] {
			best[0], best[1] = v, best[0]
		} else if v > best[1] {
			best[1] = v
		}
	}
	return best[0] + 0.5*best[1]
}

// piracyExpect is the expected piracy VP of one piracy in zone z against
// q: its piracy dice hit one time in three, if a corsair survives the
// anti-piracy dice, and a hit is a VP about half the time (the target
// spreads its awards over VP, cards and squadrons).
func (s *State) piracyExpect(z int, q Power) float64 {
	cor := float64(s.Seas[z].Units[Ottoman].Cor)
	if cor == 0 {
		return 0
	}
	anti := float64(s.AntiPiracyDice(z, q))
	survive := max(0, 1-anti/(3*cor+1))
	return float64(s.PiracyDice(z, q)) / 3 * survive * 0.5
}

// bestPiracy is the zone and target of the best piracy open to the
// Ottoman now, and its expected VP (0 when none).
func (s *State) bestPiracy() (int, Power, float64) {
	bz, bq, bv := -1, NoPower, 0.0
	if !s.Barbary || s.piracyCount() >= 4 || s.PiracyVP >= maxPiracyVP {
		return bz, bq, bv
	}
	for z := range s.Seas {
		for _, q := range s.piracyTargets(z) {
			if v := s.piracyExpect(z, q); v > bv {
				bz, bq, bv = z, q, v
			}
		}
	}
	return bz, bq, bv
}

// piracyValue is the Ottoman's piracy still to be made: corsairs at sea
// where a piracy is open, and half for corsairs in a port next to such a
// zone (a naval move away), at most the piracy actions left this turn.
func (s *State) piracyValue() float64 {
	if !s.Barbary || s.PiracyVP >= maxPiracyVP {
		return 0
	}
	left := 4 - s.piracyCount()
	var vs []float64
	for z := range s.Seas {
		best := 0.0
		for _, q := range s.piracyTargets(z) {
			best = max(best, s.piracyExpect(z, q))
		}
		if best > 0 {
			vs = append(vs, best)
		}
	}
	for i := range s.Spaces {
		cor := s.Spaces[i].Units[Ottoman].Cor
		if cor == 0 {
			continue
		}
		best := 0.0
		for _, z := range Spaces[i].Ports {
			if s.Seas[z].Piracy {
				continue
			}
			for q := Hapsburg; q < NumMajors; q++ {
				if s.targetPorts(int(z), q) > 0 {
					best = max(best, float64(min(cor, 2))/3*0.5*0.6)
				}
			}
		}
		if best > 0 {
			vs = append(vs, 0.5*best)
		}
	}
	v := 0.0
	for k := 0; k < left && len(vs) > 0; k++ {
		j := 0
		for i := range vs {
			if vs[i] > vs[j] {
				j = i
			}
		}
		v += vs[j]
		vs = append(vs[:j], vs[j+1:]...)
	}
	return pwPiracy * v
}

// planValue is the plan's part of botValue for a planned power p; units
// replaces botValue's land units (and its closeness to enemy keys).
func (s *State) planValue(p Power) float64 {
	v := 0.0
	for i := range s.Spaces {
		u := s.Spaces[i].Units[p]
		v += pwUnit * (float64(u.Reg) + 0.8*float64(u.Merc) + 0.7*float64(u.Cav))
		v += pwCorsair * float64(u.Cor)
		if p == England && Spaces[i].Home == England && s.Spaces[i].Prot {
			v += pwProtEng
		}
	}
	for i := range s.Seas {
		v += pwCorsair * float64(s.Seas[i].Units[p].Cor)
	}
	v += s.campaignValue(p)
	if p == Ottoman {
		v += s.piracyValue()
	}
	return v
}

// planRule answers by rule the decisions the plan decides: the Ottoman's
// best piracy when it is expected to score, and England's marriage; false
// for the others.
func (b *bot) planRule() (game.Action, bool) {
	s, me := b.s, b.me
	switch {
	case me == Ottoman && b.d.Kind == kAction:
		if z, q, v := s.bestPiracy(); z >= 0 && v >= 0.12 && s.Act != nil && s.Act.CP >= 2 {
			a := b.leafAction("piracy", Seas[z].ID, q.String())
			if _, _, err := (Rules{}).Apply(s.Clone(), game.Seat(me.String()), a); err == nil {
				return a, true
			}
		}
		if a, ok := b.march(); ok {
			return a, true
		}
	case me == England && b.d.Kind == kImpulse && s.henryCanMarry():
		for _, c := range s.Powers[England].Hand {
			if Cards[c].Number != 3 {
				continue
			}
			a := b.leafAction("event", "3", "marry")
			if _, _, err := (Rules{}).Apply(s.Clone(), game.Seat(me.String()), a); err == nil {
				return a, true
			}
		}
	}
	return game.Action{}, false
}

// planPeace lists the powers a planned power offers peace to: a major at war
// with it none of whose keys is within reach of its armies.
func (b *bot) planPeace() []Power {
	s, me := b.s, b.me
	dist := botDist()
	var out []Power
	for q := Power(0); q < NumMajors; q++ {
		if q == me || !s.AtWar(me, q) {
			continue
		}
		near := false
		for i := range s.Spaces {
			if !Spaces[i].Type.IsKey() || !s.ControlledBy(SpaceID(i), q) {
				continue
			}
			for j := range s.Spaces {
				if s.Spaces[j].Units[me].Land() >= 3 && dist[j][i] <= 3 {
					near = true
				}
			}
		}
		if !near {
			out = append(out, q)
		}
	}
	return out
}

// marchTarget is the key the Ottoman marches on: of the keys it may take
// whose defenders its land units within reach outnumber enough (twice
// and three more), the nearest to one of its armies of 4 units or more;
// -1 for none.
func (s *State) marchTarget(p Power) int {
	keys, def := s.campaignTargets(p)
	dist := botDist()
	best, bestD := -1, pwReach
	for k, t := range keys {
		force, near := 0, 255
		for i := range s.Spaces {
			n := s.Spaces[i].Units[p].Land()
			if n == 0 || int(dist[i][t]) >= pwReach {
				continue
			}
			force += n
			if n >= 4 {
				near = min(near, int(dist[i][t]))
			}
		}
		if force >= 2*def[k]+3 && near < bestD {
			best, bestD = t, near
		}
	}
	return best
}

// march is the Ottoman's Move toward its march target: of the moves the
// options tree offers, the one bringing most units (a leader counting
// two) nearest to the target, never from a space it besieges; false when
// no move gets closer.
func (b *bot) march() (game.Action, bool) {
	s, me := b.s, b.me
	if s.Act == nil || s.Act.Raid || s.Act.Recruits {
		return game.Action{}, false
	}
	t := s.marchTarget(me)
	if t < 0 {
		return game.Action{}, false
	}
	dist := botDist()
	var moves []game.Choice
	for _, c := range s.choices(b.d) {
		if c.Value == "move" {
			moves = c.Next
		}
	}
	var best []string
	bestV := 0
	for _, from := range moves {
		fs, err := SpaceByID(from.Value)
		if err != nil || int(fs) == t || s.Spaces[fs].Besiegers&bit(me) != 0 {
			continue
		}
		df := int(dist[fs][t])
		for _, ls := range from.Next {
			nl := len(parseLeaders(ls.Value))
			for _, to := range ls.Next {
				ts, err := SpaceByID(to.Value)
				if err != nil {
					continue
				}
				gain := df - int(dist[ts][t])
				if gain <= 0 {
					continue
				}
				for _, f := range to.Next {
					u := parseForm(f.Value, me)
					n := u[me].Land() + 2*nl
					if v := gain * n; v > bestV && len(f.Next) == 0 {
						best, bestV = []string{"move", from.Value, ls.Value, to.Value, f.Value}, v
					}
				}
			}
		}
	}
	if best == nil || bestV < 3 {
		return game.Action{}, false
	}
	return b.leafAction(best...), true
}
