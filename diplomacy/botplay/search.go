package botplay

import (
	"slices"

	"concordat/diplomacy"
	"concordat/game"
)

// Search is the search player. In a movement phase it samples up to
// Candidates order sets for every played power it sees from the heuristic
// player (the first with the heuristic's own noise, the others with
// Noise), then runs regret matching over them: each iteration samples one
// order set per power from the current strategies and, for every power and
// every one of its candidates, adjudicates the phase with that candidate
// against the others' samples, plays a rollout of Depth further movement
// phases with the heuristic player for everyone, and scores the result for
// that power (supply centres held, units kept). It plays its candidate
// with the largest weight in its average strategy. Retreats and
// adjustments are the heuristic player's.
//
// It stops after Iterations iterations (when positive) or when Stop
// returns true, whichever comes first, but always plays at least one
// iteration; with Stop nil and Iterations set the choice depends only on
// the sight and the generator.
type Search struct {
	Candidates int     // per power; 0 means 8
	Iterations int     // 0: until Stop (and at least one)
	Depth      int     // rollout movement phases after the searched one
	Noise      float64 // of the candidates after the first; 0 means 0.4
	Stop       func() bool
}

// searchPower is one power's side of the search.
type searchPower struct {
	pw     diplomacy.Power
	cands  [][]diplomacy.OrderIn
	regret []float64
	sum    []float64 // accumulated strategy
	strat  []float64
	pick   int
}

// Orders are the search player's orders for what s shows.
func (sr Search) Orders(s diplomacy.Sight, rng *game.RNG) []diplomacy.Order {
	if s.Pos.Phase.Type != diplomacy.Movement || len(s.Own) == 0 {
		return Heuristic{Noise: DefaultNoise}.Orders(s, rng)
	}
	k := sr.Candidates
	if k <= 0 {
		k = 8
	}
	noise := sr.Noise
	if noise <= 0 {
		noise = 0.4
	}
	pos := s.Pos
	m := pos.Map
	mi := infoOf(m)
	b := newBoard(mi, pos)
	w := weightsFor(pos.Phase)
	legal := map[diplomacy.Power][]diplomacy.UnitOrders{}
	for _, uo := range diplomacy.NewGenerator(m).Orders(pos, diplomacy.NoPower) {
		uo.Orders = slices.Clone(uo.Orders)
		legal[uo.Power] = append(legal[uo.Power], uo)
	}
	legal[s.Power] = s.Own
	var sps []*searchPower
	var mine *searchPower
	var myExtras []diplomacy.OrderIn
	for i := range m.Powers {
		pw := diplomacy.Power(i)
		if len(legal[pw]) == 0 || !s.Settings.Played(pw) {
			continue
		}
		b.valuesFor(mi, pw, w)
		sp := &searchPower{pw: pw}
		for c := 0; c < k; c++ {
			h := Heuristic{Noise: DefaultNoise}
			if c > 0 {
				h.Noise = noise
			}
			var orders []diplomacy.OrderIn
			if pw == s.Power {
				all := h.movement(mi, b, pw, legal[pw], s.Extra, s.Quota, rng)
				orders = all[:len(legal[pw])]
				if c == 0 {
					myExtras = all[len(legal[pw]):]
				}
			} else {
				orders = h.movement(mi, b, pw, legal[pw], nil, 0, rng)
			}
			if !containsSet(sp.cands, orders) {
				sp.cands = append(sp.cands, orders)
			}
		}
		n := len(sp.cands)
		sp.regret, sp.sum, sp.strat = make([]float64, n), make([]float64, n), make([]float64, n)
		sps = append(sps, sp)
		if pw == s.Power {
			mine = sp
		}
	}
	if mine == nil {
		return Heuristic{Noise: DefaultNoise}.Orders(s, rng)
	}
	sim := newSimulator(mi, s.Settings.Edition, len(m.Powers))
	var joint []diplomacy.OrderIn
	for it := 0; ; it++ {
		if it > 0 && (sr.Iterations > 0 && it >= sr.Iterations || sr.Stop != nil && sr.Stop()) {
			break
		}
		if it > 0 && sr.Iterations <= 0 && sr.Stop == nil {
			break
		}
		for _, sp := range sps {
			sp.strategy()
			sp.pick = sample(sp.strat, rng)
		}
		for _, sp := range sps {
			util := make([]float64, len(sp.cands))
			for c := range sp.cands {
				joint = joint[:0]
				for _, other := range sps {
					if other == sp {
						joint = append(joint, sp.cands[c]...)
					} else {
						joint = append(joint, other.cands[other.pick]...)
					}
				}
				util[c] = sim.play(pos, joint, sp.pw, sr.Depth, rng)
			}
			got := util[sp.pick]
			for c := range util {
				sp.regret[c] += util[c] - got
				sp.sum[c] += sp.strat[c]
			}
		}
	}
	best := 0
	for c := range mine.sum {
		if mine.sum[c] > mine.sum[best] {
			best = c
		}
	}
	var out []diplomacy.Order
	for _, in := range mine.cands[best] {
		out = append(out, in.Order)
	}
	for _, in := range myExtras {
		out = append(out, in.Order)
	}
	return out
}

// strategy sets strat from the positive regrets (uniform when none).
func (sp *searchPower) strategy() {
	total := 0.0
	for _, r := range sp.regret {
		if r > 0 {
			total += r
		}
	}
	for c, r := range sp.regret {
		switch {
		case total <= 0:
			sp.strat[c] = 1 / float64(len(sp.regret))
		case r > 0:
			sp.strat[c] = r / total
		default:
			sp.strat[c] = 0
		}
	}
}

// sample draws an index from the distribution p.
func sample(p []float64, rng *game.RNG) int {
	u := float64(rng.Uint64()>>11) / (1 << 53)
	for i, x := range p {
		if u < x {
			return i
		}
		u -= x
	}
	return len(p) - 1
}

func containsSet(sets [][]diplomacy.OrderIn, s []diplomacy.OrderIn) bool {
	for _, t := range sets {
		if slices.Equal(t, s) {
			return true
		}
	}
	return false
}

// simulator plays phases on copies of a position with one adjudicator.
type simulator struct {
	mi  *mapInfo
	adj *diplomacy.Adjudicator
	gen *diplomacy.Generator
	out []diplomacy.Outcome
	ed  diplomacy.Edition
	np  int
	h   Heuristic
	b   board
}

func newSimulator(mi *mapInfo, ed diplomacy.Edition, np int) *simulator {
	return &simulator{mi: mi, ed: ed, np: np}
}

// play adjudicates orders on a copy of pos, plays depth further movement
// phases with the heuristic for every power, and scores the end for pw.
func (s *simulator) play(pos *diplomacy.Position, orders []diplomacy.OrderIn, pw diplomacy.Power, depth int, rng *game.RNG) float64 {
	m := pos.Map
	if s.adj == nil || s.adj.Map() != m {
		s.adj = diplomacy.NewAdjudicator(m, s.ed)
		s.gen = diplomacy.NewGenerator(m)
	}
	p := pos.Clone()
	s.step(p, orders)
	for d := 0; d < depth && p.Winner() == diplomacy.NoPower; {
		switch p.Phase.Type {
		case diplomacy.Movement:
			b := &s.b
			b.reset(p)
			w := weightsFor(p.Phase)
			legal := s.gen.Orders(p, diplomacy.NoPower)
			var all []diplomacy.OrderIn
			for i := 0; i < s.np; i++ {
				var own []diplomacy.UnitOrders
				for _, uo := range legal {
					if uo.Power == diplomacy.Power(i) {
						own = append(own, uo)
					}
				}
				if len(own) == 0 {
					continue
				}
				b.valuesFor(s.mi, diplomacy.Power(i), w)
				all = append(all, s.h.movement(s.mi, b, diplomacy.Power(i), own, nil, 0, rng)...)
			}
			s.step(p, all)
			d++
		default:
			s.step(p, nil) // retreats disband, adjustments follow civil disorder
		}
	}
	return score(p, pw)
}

func (s *simulator) step(p *diplomacy.Position, orders []diplomacy.OrderIn) {
	if cap(s.out) < len(orders) {
		s.out = make([]diplomacy.Outcome, len(orders))
	}
	s.adj.Step(p, orders, s.out[:len(orders)])
}

// score is what position p is worth to pw: each supply centre it holds or
// stands on (a centre another power stands on is lost), its units a little,
// its dislodged units count against it.
func score(p *diplomacy.Position, pw diplomacy.Power) float64 {
	m := p.Map
	v := 0.0
	for c, info := range m.Provinces {
		u := p.Units[c]
		if info.Center {
			switch {
			case u.Type != diplomacy.NoUnit && u.Power == pw && m.CenterFor(diplomacy.Province(c), pw):
				v++
			case u.Type == diplomacy.NoUnit && p.Owners[c] == pw:
				v++
			case u.Type != diplomacy.NoUnit && u.Power != pw && p.Owners[c] == pw:
				v += 0.3 // still ours until the fall
			}
		}
		if u.Type != diplomacy.NoUnit && u.Power == pw {
			v += 0.3
		}
	}
	for _, d := range p.Dislodged {
		if d.Power == pw {
			v -= 0.5
		}
	}
	if w := p.Winner(); w == pw {
		v += 100
	} else if w != diplomacy.NoPower {
		v -= 100
	}
	return v
}
