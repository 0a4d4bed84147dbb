package botplay

import (
	"sort"
	"sync"

	"concordat/diplomacy"
	"concordat/game"
)

// Heuristic is the heuristic player. Noise, between 0 and 1, scales each
// candidate order's value by a random factor in [1−Noise, 1+Noise] before
// the player picks, so that it does not always play the same; 0 plays the
// best it sees (ties broken at random).
type Heuristic struct {
	Noise float64
}

// DefaultNoise is the heuristic kind's noise.
const DefaultNoise = 0.1

var (
	infoMu sync.Mutex
	infos  = map[*diplomacy.Map]*mapInfo{}
)

// infoOf is the per-map adjacency of m, computed once (maps are immutable).
func infoOf(m *diplomacy.Map) *mapInfo {
	infoMu.Lock()
	defer infoMu.Unlock()
	mi, ok := infos[m]
	if !ok {
		if len(infos) > 256 { // edited maps (Black Hole, Seismic) come and go
			infos = map[*diplomacy.Map]*mapInfo{}
		}
		mi = newMapInfo(m)
		infos[m] = mi
	}
	return mi
}

func weightsFor(ph diplomacy.Phase) []float64 {
	if ph.Type == diplomacy.Movement && ph.Season == diplomacy.Spring {
		return springWeights[:]
	}
	if ph.Type == diplomacy.Retreat && ph.Season == diplomacy.Spring {
		return fallWeights[:] // the unit retreats to stand there in the fall
	}
	if ph.Type == diplomacy.Retreat || ph.Type == diplomacy.Adjustment {
		return springWeights[:] // the unit moves next in the spring
	}
	return fallWeights[:]
}

// Orders are the heuristic player's orders for what s shows: its own
// units' orders and, under Catspaw, its extra orders for unplayed units.
func (h Heuristic) Orders(s diplomacy.Sight, rng *game.RNG) []diplomacy.Order {
	mi := infoOf(s.Pos.Map)
	b := newBoard(mi, s.Pos)
	b.valuesFor(mi, s.Power, weightsFor(s.Pos.Phase))
	var out []diplomacy.Order
	for _, in := range h.decide(mi, b, s.Power, s.Own, s.Extra, s.Quota, rng) {
		out = append(out, in.Order)
	}
	return out
}

// decide picks orders for power me from its legal orders own (and extra,
// up to quota, under Catspaw), with b's values computed for me.
func (h Heuristic) decide(mi *mapInfo, b *board, me diplomacy.Power, own, extra []diplomacy.UnitOrders, quota int, rng *game.RNG) []diplomacy.OrderIn {
	switch b.pos.Phase.Type {
	case diplomacy.Movement:
		return h.movement(mi, b, me, own, extra, quota, rng)
	case diplomacy.Retreat:
		return h.retreats(b, me, own, rng)
	}
	return h.adjustments(b, me, own, rng)
}

// jitter is the noise factor for one candidate.
func (h Heuristic) jitter(rng *game.RNG) float64 {
	u := float64(rng.Uint64()>>11) / (1 << 53)
	return 1 + h.Noise*(2*u-1) + 1e-9*u // the last term breaks exact ties at random
}

// candidate is one order a unit may take in the movement plan.
type candidate struct {
	order diplomacy.Order
	dest  diplomacy.Province // where the unit ends if the order succeeds
	score float64
	fleet int // for a convoyed move: the index of the own fleet that convoys it; -1
	conv  diplomacy.Order
}

// plan is the movement plan under construction.
type plan struct {
	orders []diplomacy.Order // by own unit index; Type set once decided
	done   []bool
	dest   []diplomacy.Province
	gain   []float64 // the value of the unit's chosen order (what a support would give up)
	claim  map[diplomacy.Province]int
	fixed  []bool // orders decided before the plan (movementFixed): kept as they are
}

func (h Heuristic) movement(mi *mapInfo, b *board, me diplomacy.Power, own, extra []diplomacy.UnitOrders, quota int, rng *game.RNG) []diplomacy.OrderIn {
	return h.movementFixed(mi, b, me, own, extra, quota, nil, rng)
}

// movementFixed is the movement plan with the orders of some own units
// decided beforehand (fixed, by the unit's province): those units keep
// them, claim where they end first, and give no support; the others are
// planned around them.
func (h Heuristic) movementFixed(mi *mapInfo, b *board, me diplomacy.Power, own, extra []diplomacy.UnitOrders, quota int, fixed map[diplomacy.Province]diplomacy.Order, rng *game.RNG) []diplomacy.OrderIn {
	m, pos := b.m, b.pos
	n := len(own)
	pl := plan{orders: make([]diplomacy.Order, n), done: make([]bool, n), dest: make([]diplomacy.Province, n),
		gain: make([]float64, n), claim: map[diplomacy.Province]int{}, fixed: make([]bool, n)}
	at := map[diplomacy.Province]int{} // own unit index by province
	for i, uo := range own {
		at[m.Prov(uo.Unit.Loc)] = i
	}
	for i, uo := range own {
		p := m.Prov(uo.Unit.Loc)
		o, ok := fixed[p]
		if !ok {
			continue
		}
		dest := p
		if o.Type == diplomacy.Move {
			dest = m.Prov(o.To)
		}
		pl.orders[i], pl.dest[i], pl.done[i], pl.fixed[i] = o, dest, true, true
		pl.gain[i] = b.value(uo.Unit.Type, dest)
		pl.claim[dest] = i
	}
	cands := make([][]candidate, n)
	best := make([]float64, n)
	for i, uo := range own {
		u := uo.Unit
		p := m.Prov(u.Loc)
		for _, o := range uo.Orders {
			switch o.Type {
			case diplomacy.Hold:
				v := b.value(u.Type, p)
				cands[i] = append(cands[i], candidate{order: o, dest: p, score: v * h.jitter(rng), fleet: -1})
			case diplomacy.Move:
				q := m.Prov(o.To)
				if o.ViaConvoy {
					continue // by convoy where it could walk: the walk does as well
				}
				direct := u.Type != diplomacy.Army || m.ArmyAdjacent(p, q)
				c := candidate{order: o, dest: q, fleet: -1}
				if !direct {
					f, conv, ok := convoyer(m, own, p, q)
					if !ok {
						continue
					}
					c.fleet, c.conv = f, conv
				}
				v := b.value(u.Type, q)
				if t, ok := pos.UnitAt(q); ok && t.Power != me {
					v *= 0.6 // it needs support to get in
				}
				c.score = v * h.jitter(rng)
				cands[i] = append(cands[i], c)
			}
		}
		sort.Slice(cands[i], func(a, c int) bool { return cands[i][a].score > cands[i][c].score })
		if len(cands[i]) > 0 {
			best[i] = cands[i][0].score
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, c int) bool { return best[idx[a]] > best[idx[c]] })
	for _, i := range idx {
		if pl.done[i] {
			continue
		}
		for _, c := range cands[i] {
			if _, taken := pl.claim[c.dest]; taken {
				continue
			}
			if j, ok := at[c.dest]; ok && j != i {
				// An own unit stands there: only if it has decided to leave,
				// and not for a swap with this one.
				if !pl.done[j] || pl.dest[j] == c.dest || pl.dest[j] == m.Prov(own[i].Unit.Loc) {
					continue
				}
			}
			if c.fleet >= 0 && pl.done[c.fleet] {
				continue
			}
			pl.orders[i], pl.dest[i], pl.done[i], pl.gain[i] = c.order, c.dest, true, c.score
			pl.claim[c.dest] = i
			if c.fleet >= 0 {
				f := c.fleet
				fp := m.Prov(own[f].Unit.Loc)
				pl.orders[f], pl.dest[f], pl.done[f], pl.gain[f] = c.conv, fp, true, c.score
				pl.claim[fp] = f
			}
			break
		}
		if !pl.done[i] { // nothing free: hold
			p := m.Prov(own[i].Unit.Loc)
			pl.orders[i] = own[i].Orders[0]
			pl.dest[i], pl.done[i] = p, true
			pl.claim[p] = i
		}
	}
	h.supports(b, me, own, &pl)
	out := make([]diplomacy.OrderIn, 0, n)
	for i := range own {
		out = append(out, diplomacy.OrderIn{Power: own[i].Power, Order: pl.orders[i]})
	}
	return append(out, h.extras(b, me, own, &pl, extra, quota)...)
}

// convoyer finds an own fleet (an index of own) that alone carries the
// army at p to q, and its convoy order.
func convoyer(m *diplomacy.Map, own []diplomacy.UnitOrders, p, q diplomacy.Province) (int, diplomacy.Order, bool) {
	for j, uo := range own {
		if uo.Unit.Type != diplomacy.Fleet || !m.FleetReaches(uo.Unit.Loc, p) || !m.FleetReaches(uo.Unit.Loc, q) {
			continue
		}
		for _, o := range uo.Orders {
			if o.Type == diplomacy.ConvoyOrder && m.Prov(o.Aux) == p && m.Prov(o.To) == q {
				return j, o, true
			}
		}
	}
	return -1, diplomacy.Order{}, false
}

// supports turns holding or low-value units into supports of the moves
// that need them: moves into provinces an enemy holds or can reach, and
// holds of threatened units.
func (h Heuristic) supports(b *board, me diplomacy.Power, own []diplomacy.UnitOrders, pl *plan) {
	m, pos := b.m, b.pos
	type need struct {
		unit  int
		value float64
		want  int
	}
	var needs []need
	for i := range own {
		o := pl.orders[i]
		q := pl.dest[i]
		want := 0
		if o.Type == diplomacy.Move {
			if t, ok := pos.UnitAt(q); ok && t.Power != me {
				want++
			}
			if b.enemies[q] > 0 {
				want++
			}
		} else if o.Type == diplomacy.Hold && b.enemies[q] > 0 {
			want = 1
		}
		if want > 0 {
			needs = append(needs, need{i, b.value(own[i].Unit.Type, q), want})
		}
	}
	sort.SliceStable(needs, func(a, c int) bool { return needs[a].value > needs[c].value })
	for _, nd := range needs {
		i := nd.unit
		target := own[i].Unit
		for k := 0; k < nd.want; k++ {
			bestJ, bestLoss := -1, 0.0
			var bestO diplomacy.Order
			for j := range own {
				if j == i || pl.fixed[j] {
					continue
				}
				cur := pl.orders[j]
				if cur.Type == diplomacy.SupportOrder || cur.Type == diplomacy.ConvoyOrder {
					continue
				}
				for _, o := range own[j].Orders {
					if o.Type != diplomacy.SupportOrder || m.Prov(o.Aux) != m.Prov(target.Loc) {
						continue
					}
					if pl.orders[i].Type == diplomacy.Move {
						if o.To == diplomacy.NoLoc || m.Prov(o.To) != pl.dest[i] {
							continue
						}
					} else if o.To != diplomacy.NoLoc {
						continue
					}
					// Giving up its own order costs what that order was worth,
					// less what holding its place still gives.
					loss := pl.gain[j]
					if cur.Type == diplomacy.Hold {
						loss = 0
					}
					if loss < nd.value*0.9 && (bestJ < 0 || loss < bestLoss) {
						bestJ, bestLoss, bestO = j, loss, o
					}
					break
				}
			}
			if bestJ < 0 {
				break
			}
			j := bestJ
			if pl.orders[j].Type == diplomacy.Move {
				jp := m.Prov(own[j].Unit.Loc)
				if k, ok := pl.claim[jp]; ok && k != j {
					break // another own unit moves in where j would stay: keep j's move
				}
				if pl.claim[pl.dest[j]] == j {
					delete(pl.claim, pl.dest[j])
				}
				pl.dest[j] = jp
				pl.claim[jp] = j
			}
			pl.orders[j] = bestO
			pl.gain[j] = nd.value
		}
	}
}

// extras are the Catspaw extra orders: supports from unplayed units for the
// player's moves and holds that want them, then holds for unplayed units
// next to the player's centres (so that others' extra orders against it
// tie), up to quota.
func (h Heuristic) extras(b *board, me diplomacy.Power, own []diplomacy.UnitOrders, pl *plan, extra []diplomacy.UnitOrders, quota int) []diplomacy.OrderIn {
	if quota <= 0 || len(extra) == 0 {
		return nil
	}
	m, pos := b.m, b.pos
	var out []diplomacy.OrderIn
	used := make([]bool, len(extra))
	for i := range own {
		o := pl.orders[i]
		if o.Type != diplomacy.Move && o.Type != diplomacy.Hold {
			continue
		}
		for e, uo := range extra {
			if used[e] || len(out) >= quota {
				continue
			}
			for _, x := range uo.Orders {
				if x.Type != diplomacy.SupportOrder || x.Aux != own[i].Unit.Loc {
					continue
				}
				if o.Type == diplomacy.Move && x.To != o.To || o.Type == diplomacy.Hold && x.To != diplomacy.NoLoc {
					continue
				}
				if o.Type == diplomacy.Move {
					if t, ok := pos.UnitAt(m.Prov(o.To)); ok && t.Power == uo.Power {
						continue // an extra order may not help dislodge the unit's own power
					}
				}
				out = append(out, diplomacy.OrderIn{Power: uo.Power, Order: x})
				used[e] = true
				break
			}
		}
	}
	for e, uo := range extra {
		if used[e] || len(out) >= quota || len(uo.Orders) == 0 {
			continue
		}
		if b.enemies[m.Prov(uo.Unit.Loc)] == 0 {
			continue
		}
		near := false
		for _, q := range infoOf(m).reachOf(uo.Unit.Type, m.Prov(uo.Unit.Loc)) {
			if pos.Owners[q] == me {
				near = true
			}
		}
		if near {
			out = append(out, diplomacy.OrderIn{Power: uo.Power, Order: uo.Orders[0]}) // hold
			used[e] = true
		}
	}
	return out
}

// retreats sends each dislodged unit to the best free place, or disbands it.
func (h Heuristic) retreats(b *board, me diplomacy.Power, own []diplomacy.UnitOrders, rng *game.RNG) []diplomacy.OrderIn {
	m := b.m
	taken := map[diplomacy.Province]bool{}
	var out []diplomacy.OrderIn
	for _, uo := range own {
		var pick diplomacy.Order
		bestV := -1.0
		for _, o := range uo.Orders {
			if o.Type == diplomacy.DisbandOrder {
				if bestV < 0 {
					pick = o
				}
				continue
			}
			q := m.Prov(o.To)
			if taken[q] {
				continue
			}
			if v := b.value(uo.Unit.Type, q) * h.jitter(rng); v > bestV {
				pick, bestV = o, v
			}
		}
		if pick.Type == diplomacy.RetreatOrder {
			taken[m.Prov(pick.To)] = true
		}
		out = append(out, diplomacy.OrderIn{Power: uo.Power, Order: pick})
	}
	return out
}

// adjustments builds on the best sites (the unit type worth more there)
// and disbands the units standing where they are worth least.
func (h Heuristic) adjustments(b *board, me diplomacy.Power, own []diplomacy.UnitOrders, rng *game.RNG) []diplomacy.OrderIn {
	m := b.m
	used := map[diplomacy.Province]bool{}
	var out []diplomacy.OrderIn
	for _, uo := range own {
		var pick diplomacy.Order
		found := false
		bestV := 0.0
		for _, o := range uo.Orders {
			if o.Type == diplomacy.WaiveOrder {
				continue
			}
			q := m.Prov(o.At)
			if used[q] {
				continue
			}
			v := b.value(o.Unit, q) * h.jitter(rng)
			if o.Type == diplomacy.DisbandOrder {
				v = -v // disband the least useful
			}
			if !found || v > bestV {
				pick, bestV, found = o, v, true
			}
		}
		if !found {
			if len(uo.Orders) > 0 && uo.Orders[len(uo.Orders)-1].Type == diplomacy.WaiveOrder {
				out = append(out, diplomacy.OrderIn{Power: uo.Power, Order: uo.Orders[len(uo.Orders)-1]})
			}
			continue
		}
		used[m.Prov(pick.At)] = true
		out = append(out, diplomacy.OrderIn{Power: uo.Power, Order: pick})
	}
	return out
}
