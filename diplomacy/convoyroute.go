package diplomacy

import "sync/atomic"

// routeTable answers OnConvoyRoute for one origin province: bit
// f*pw*64+d is set when the fleet in sea f lies on a shortcut-free convoy
// route from the origin to coastal province d.
type routeTable []uint64

// routeRows holds one lazily built routeTable per origin province.
type routeRows []atomic.Pointer[routeTable]

// OnConvoyRoute reports whether a fleet in sea province f lies on a convoy
// route from coastal province from to coastal province to: a chain of sea
// provinces from a sea next to from to a sea next to to, through f, with no
// shortcut (no two provinces of the chain touch unless they follow each
// other; the land border of from and to does not count). A convoy order by
// a fleet on no such route is illegal (DATC 6.F.1, 6.G.7, 6.G.19). The
// answer depends on the map alone; each origin's answers are computed once.
func (m *Map) OnConvoyRoute(f, from, to Province) bool {
	t := m.routes[from].Load()
	if t == nil {
		built, _ := m.buildRouteTable(from)
		m.routes[from].Store(&built)
		t = &built
	}
	i := int(f)*m.pw*64 + int(to)
	return (*t)[i>>6]&(1<<(uint(i)&63)) != 0
}

// routeSearchBudget bounds the route enumeration of one origin; past it the
// table answers true for every sea and coast (the permissive reading). The
// standard map stays well within it (a test checks); some of the largest
// variant maps do not.
const routeSearchBudget = 5000

// buildRouteTable enumerates the shortcut-free routes from origin by
// depth-first search. cnt[q] counts the vertices of the current path that
// touch q: a sea may extend the path only if just the last vertex touches
// it, and a route may end at a coast only if just the last sea touches it.
func (m *Map) buildRouteTable(origin Province) (routeTable, bool) {
	np := len(m.Provinces)
	t := make(routeTable, np*m.pw)
	if m.Provinces[origin].Kind != Coast {
		return t, false
	}
	cnt := make([]int32, np)
	onPath := make([]bool, np)
	var path []Province
	budget := routeSearchBudget
	touch := func(v Province, delta int32) {
		if m.Provinces[v].Kind == Sea {
			// Each province once: a sea touching two coasts of a province
			// (the Mid-Atlantic and Spain's) touches it once.
			adj := m.fleetAdj[v]
		next:
			for i, l := range adj {
				p := m.Locs[l].Prov
				for _, k := range adj[:i] {
					if m.Locs[k].Prov == p {
						continue next
					}
				}
				cnt[p] += delta
			}
		} else {
			for _, s := range m.seaNeighbours[v] {
				cnt[s] += delta
			}
		}
	}
	var dfs func(last Province)
	dfs = func(last Province) {
		budget--
		if budget < 0 {
			return
		}
		for _, next := range m.seaNeighbours[last] {
			if onPath[next] || cnt[next] != 1 {
				continue
			}
			path = append(path, next)
			onPath[next] = true
			touch(next, 1)
			for _, l := range m.fleetAdj[next] {
				d := m.Locs[l].Prov
				if d != origin && m.Provinces[d].Kind == Coast && cnt[d] == 1 {
					for _, s := range path {
						i := int(s)*m.pw*64 + int(d)
						t[i>>6] |= 1 << (uint(i) & 63)
					}
				}
			}
			dfs(next)
			touch(next, -1)
			onPath[next] = false
			path = path[:len(path)-1]
		}
	}
	touch(origin, 1)
	onPath[origin] = true
	dfs(origin)
	if budget < 0 {
		for i := range t {
			t[i] = ^uint64(0)
		}
		return t, true
	}
	return t, false
}

// seaRouteAvoiding reports whether some chain of sea provinces, none of them
// `avoid`, links coastal provinces from and to: an army could be convoyed
// there without the fleet in avoid (which cannot both support and convoy;
// DATC 6.D.31).
func (m *Map) seaRouteAvoiding(from, to, avoid Province) bool {
	var seenBuf [8]uint64
	seen := seenBuf[:]
	if len(m.Provinces) > 8*64 {
		seen = make([]uint64, m.pw)
	}
	var queueBuf [64]Province
	queue := queueBuf[:0]
	push := func(s Province) {
		if s != avoid && !hasBit(seen, int(s)) {
			setBit(seen, int(s))
			queue = append(queue, s)
		}
	}
	for _, s := range m.seaNeighbours[from] {
		push(s)
	}
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		if m.FleetReaches(Loc(f), to) {
			return true
		}
		for _, g := range m.seaNeighbours[f] {
			push(g)
		}
	}
	return false
}
