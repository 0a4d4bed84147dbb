package refadj

import (
	"sync"

	"concordat/diplomacy"
)

// The convoy questions that depend on the map alone.

// touches reports whether two provinces of a convoy chain touch: a sea and
// a sea a fleet sails between, or a sea and a coastal province it borders.
// Two coastal provinces never count as touching here (the army's origin and
// destination may share a land border).
func (b board) touches(x, y Province) bool {
	switch {
	case b.kind(x) == diplomacy.Sea:
		return b.seaTouches(x, y)
	case b.kind(y) == diplomacy.Sea:
		return b.seaTouches(y, x)
	}
	return false
}

// onConvoyRoute reports whether the sea f lies on a convoy route from the
// coastal province from to the coastal province to: a chain from, s1, …,
// sk, to of distinct seas s1…sk, each touching the next, in which no two
// members touch unless they follow each other (a route without a
// shortcut), with f among the seas. A convoy order by a fleet on no such
// route is illegal (DATC 6.F.1, 6.G.7, 6.G.19; diplomacy/convoyroute.go).
//
// When there are more than budget chains from `from`, every sea counts (the
// fast engine's documented permissive reading on the largest maps; see
// Options).
func (b board) onConvoyRoute(f, from, to Province, budget int) bool {
	if b.kind(from) != diplomacy.Coast || b.kind(to) != diplomacy.Coast || from == to {
		return false
	}
	r := b.routesFrom(from, budget)
	if r.permissive {
		return b.kind(f) == diplomacy.Sea
	}
	return r.on[to] != nil && r.on[to][f]
}

// routes is what a search of every convoy route from one province found:
// which seas lie on a route to which coasts, or that there were too many
// chains to look at.
type routes struct {
	on [][]bool // by destination, then sea

	permissive bool
}

type routeKey struct {
	m      *diplomacy.Map
	from   Province
	budget int
}

// routeMemo remembers each search: the answers depend on the map alone, and
// the comparison asks the same ones many times.
var routeMemo sync.Map // routeKey -> routes

// routesFrom searches every shortcut-free chain of seas from `from`, plainly.
func (b board) routesFrom(from Province, budget int) routes {
	key := routeKey{b.m, from, budget}
	if r, ok := routeMemo.Load(key); ok {
		return r.(routes)
	}
	r := routes{on: make([][]bool, len(b.m.Provinces))}
	chains := 0
	path := []Province{from}
	var extend func()
	extend = func() {
		chains++ // this chain (the empty one, first)
		if chains > budget {
			return
		}
		last := path[len(path)-1]
		for _, next := range b.seasNextTo(last) {
			if containsProv(path, next) {
				continue
			}
			shortcut := false
			for _, v := range path[:len(path)-1] {
				if b.touches(v, next) {
					shortcut = true
				}
			}
			if shortcut {
				continue
			}
			path = append(path, next)
			// The chain ends at each coast next touches and no earlier sea does.
			for _, l := range b.m.FleetNeighbours(Loc(next)) {
				to := b.prov(l)
				if to == from || b.kind(to) != diplomacy.Coast {
					continue
				}
				ends := true
				for _, v := range path[1 : len(path)-1] {
					if b.seaTouches(v, to) {
						ends = false
					}
				}
				if ends {
					if r.on[to] == nil {
						r.on[to] = make([]bool, len(b.m.Provinces))
					}
					for _, s := range path[1:] {
						r.on[to][s] = true
					}
				}
			}
			extend()
			path = path[:len(path)-1]
		}
	}
	extend()
	if chains > budget {
		r = routes{permissive: true}
	}
	routeMemo.Store(key, r)
	return r
}

// fleetChain reports whether fleets stand (whatever their orders) in a
// chain of seas from a sea next to from to a sea next to to.
func (b board) fleetChain(pos *diplomacy.Position, from, to Province) bool {
	return b.seaChain(from, to, func(s Province) bool { return pos.Units[s].Type == diplomacy.Fleet })
}

// seaChain reports whether a chain of seas, each one that use accepts,
// links coastal province from to coastal province to.
func (b board) seaChain(from, to Province, use func(Province) bool) bool {
	seen := map[Province]bool{}
	var queue []Province
	for _, s := range b.seasNextTo(from) {
		if use(s) && !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if b.seaTouches(s, to) {
			return true
		}
		for _, n := range b.seasNextTo(s) {
			if use(n) && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}
