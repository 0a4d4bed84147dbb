// Package botplay is the computer players of Diplomacy: a heuristic player
// in the spirit of the classic DAIDE bots (DumbBot's province values
// spread over the map), and a search player that samples candidate order
// sets for every power from the heuristic and picks its own by simulated
// play (regret matching over the candidates, each judged by the fast
// adjudicator and a short rollout).
//
// A player decides from a diplomacy.Sight only: the position as its seat's
// view shows it and the orders it may write, so that under Fog of War it
// cannot read what its seat may not see. Bots stay silent in press games:
// they write orders and nothing else. The package does no I/O and reads no
// clock: the search player's time budget is a function its caller gives.
package botplay

import (
	"concordat/diplomacy"
)

// Weights of the proximity maps: value(p) = Σ_k w[k]·prox_k(p), where
// prox_0 is a province's own worth and prox_k spreads prox_{k-1} one step
// over the map. In spring the next step matters most (centres change hands
// in the fall); in the fall and for builds the province itself does.
var (
	springWeights = [...]float64{100, 1000, 30, 10, 6, 5, 4, 3, 2, 1}
	fallWeights   = [...]float64{1000, 100, 30, 10, 6, 5, 4, 3, 2, 1}
)

// Worth of a province before spreading (prox_0).
const (
	neutralWorth   = 10.0 // an unowned (or unseen) supply centre
	enemyWorth     = 6.0  // plus its owner's centre count: the big are the targets
	defendPerPower = 3.0  // an own centre: times the size of the biggest neighbour threatening it
	ownQuietWorth  = 1.0  // an own centre nobody threatens
)

// board is the per-position knowledge the players share: centre counts,
// who threatens each province, and the value of each province to one
// power for an army and for a fleet.
type board struct {
	m   *diplomacy.Map
	pos *diplomacy.Position
	// size: centres per power; threat[p]: the biggest enemy (by centres)
	// that has a unit able to move into p, as its centre count + 1 (0: none);
	// enemies[p]: how many enemy units can move into p.
	size    []int
	threat  []int
	enemies []int
	army    []float64
	fleet   []float64
	scratch [3][]float64
}

// fleetProvs are, per province, the provinces a fleet there reaches (any
// coast), computed once per map.
type mapInfo struct {
	fleetAdj [][]diplomacy.Province
	armyAdj  [][]diplomacy.Province
	canArmy  []bool
	canFleet []bool
}

func newMapInfo(m *diplomacy.Map) *mapInfo {
	n := len(m.Provinces)
	mi := &mapInfo{fleetAdj: make([][]diplomacy.Province, n), armyAdj: make([][]diplomacy.Province, n),
		canArmy: make([]bool, n), canFleet: make([]bool, n)}
	for p := range m.Provinces {
		pr := diplomacy.Province(p)
		kind := m.Provinces[p].Kind
		mi.canArmy[p] = kind != diplomacy.Sea
		mi.canFleet[p] = kind != diplomacy.Inland
		if mi.canArmy[p] {
			mi.armyAdj[p] = m.ArmyNeighbours(pr)
		}
		seen := map[diplomacy.Province]bool{}
		locs := []diplomacy.Loc{diplomacy.Loc(p)}
		if cs := m.Provinces[p].Coasts; len(cs) > 0 {
			locs = cs
		}
		for _, l := range locs {
			for _, k := range m.FleetNeighbours(l) {
				q := m.Prov(k)
				if !seen[q] {
					seen[q] = true
					mi.fleetAdj[p] = append(mi.fleetAdj[p], q)
				}
			}
		}
	}
	return mi
}

// newBoard computes the shared knowledge of pos.
func newBoard(mi *mapInfo, pos *diplomacy.Position) *board {
	b := &board{}
	b.reset(pos)
	return b
}

// reset points b at pos, reusing its buffers.
func (b *board) reset(pos *diplomacy.Position) {
	n := len(pos.Map.Provinces)
	b.m, b.pos = pos.Map, pos
	b.size = pos.CountCenters()
	if len(b.threat) != n {
		b.threat, b.enemies = make([]int, n), make([]int, n)
		b.army, b.fleet = make([]float64, n), make([]float64, n)
		for i := range b.scratch {
			b.scratch[i] = make([]float64, n)
		}
	}
}

// reachOf lists the provinces the unit at p can move to.
func (mi *mapInfo) reachOf(t diplomacy.UnitType, p diplomacy.Province) []diplomacy.Province {
	if t == diplomacy.Army {
		return mi.armyAdj[p]
	}
	return mi.fleetAdj[p]
}

// valuesFor fills b.army, b.fleet (and the threats) for power me.
func (b *board) valuesFor(mi *mapInfo, me diplomacy.Power, weights []float64) {
	m, pos := b.m, b.pos
	for i := range b.threat {
		b.threat[i], b.enemies[i] = 0, 0
	}
	for p, u := range pos.Units {
		if u.Type == diplomacy.NoUnit || u.Power == me {
			continue
		}
		sz := 1
		if int(u.Power) < len(b.size) {
			sz = b.size[u.Power] + 1
		}
		mark := func(q diplomacy.Province) {
			b.enemies[q]++
			if sz > b.threat[q] {
				b.threat[q] = sz
			}
		}
		mark(diplomacy.Province(p))
		for _, q := range mi.reachOf(u.Type, diplomacy.Province(p)) {
			mark(q)
		}
	}
	base := b.scratch[0]
	for p := range m.Provinces {
		base[p] = 0
		if !m.Provinces[p].Center {
			continue
		}
		switch o := pos.Owners[p]; {
		case o == me:
			if b.threat[p] > 0 {
				base[p] = defendPerPower * float64(b.threat[p])
			} else {
				base[p] = ownQuietWorth
			}
		case o == diplomacy.NoPower:
			base[p] = neutralWorth
		default:
			base[p] = enemyWorth + float64(b.size[o])
		}
		if !m.CenterFor(diplomacy.Province(p), me) {
			base[p] = 0
		}
	}
	b.spread(mi, base, mi.armyAdj, weights, b.army)
	b.spread(mi, base, mi.fleetAdj, weights, b.fleet)
}

// spread sums the proximity maps of base over the adjacency adj into out.
func (b *board) spread(mi *mapInfo, base []float64, adj [][]diplomacy.Province, weights []float64, out []float64) {
	cur := append(b.scratch[1][:0], base...)
	next := b.scratch[2]
	for p := range out {
		out[p] = weights[0] * cur[p]
	}
	for k := 1; k < len(weights); k++ {
		for p := range cur {
			s := cur[p]
			for _, q := range adj[p] {
				s += cur[q]
			}
			next[p] = s / 5
		}
		cur, next = next, cur
		for p := range out {
			out[p] += weights[k] * cur[p]
		}
	}
}

// value is what a unit of type t at province p is worth to the power the
// values were computed for.
func (b *board) value(t diplomacy.UnitType, p diplomacy.Province) float64 {
	if t == diplomacy.Fleet {
		return b.fleet[p]
	}
	return b.army[p]
}
