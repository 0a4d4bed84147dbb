package diplomacy

import "sync"

// routeKey names one question of OnConvoyRoute.
type routeKey struct{ fleet, from, to Province }

var routeCache sync.Map // map[*Map]*sync.Map of routeKey -> bool

// OnConvoyRoute reports whether a fleet in sea province f lies on a convoy
// route from coastal province from to coastal province to: a chain of sea
// provinces from a sea next to from to a sea next to to, through f, with no
// shortcut (no two provinces of the chain touch unless they follow each
// other; the land border of from and to does not count). Under the 2000 and
// 2023 rules a convoy order by a fleet on no such route is illegal (DATC
// 6.G.19). The answer depends on the map alone and is cached.
func (m *Map) OnConvoyRoute(f, from, to Province) bool {
	v, _ := routeCache.LoadOrStore(m, &sync.Map{})
	cache := v.(*sync.Map)
	key := routeKey{f, from, to}
	if r, ok := cache.Load(key); ok {
		return r.(bool)
	}
	r := m.searchInducedRoute(f, from, to)
	cache.Store(key, r)
	return r
}

// touches reports whether provinces x and y are adjacent for the purpose
// of convoy routes: sea to sea, or a sea and the coast it washes.
func (m *Map) touches(x, y Province) bool {
	if m.Provinces[x].Kind == Sea {
		return m.FleetReaches(Loc(x), y)
	}
	return m.FleetReaches(Loc(y), x)
}

// searchInducedRoute looks for an induced path from → seas… → to through f
// by depth-first search, pruning any step that would create a shortcut. The
// search gives up (answering true, the permissive reading) after a bounded
// number of steps on very large maps.
func (m *Map) searchInducedRoute(f, from, to Province) bool {
	if m.Provinces[f].Kind != Sea {
		return false
	}
	path := []Province{from}
	budget := 200000
	var dfs func(last Province) bool
	dfs = func(last Province) bool {
		budget--
		if budget < 0 {
			return true
		}
		for _, next := range m.seaNeighbours[last] {
			if containsProv(path, next) {
				continue
			}
			// next may touch only the last province of the path.
			ok := true
			for _, q := range path[:len(path)-1] {
				if m.touches(q, next) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			path = append(path, next)
			if m.FleetReaches(Loc(next), to) {
				// The route may end here; it counts if f is on it and no
				// earlier sea touches the destination (checked on entry).
				if containsProv(path, f) {
					return true
				}
			} else if dfs(next) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	// A sea touching the destination ends the route, so a sea before it must
	// not touch the destination: that is the pruning above applied to `to`,
	// checked when the route ends.
	return dfs(from)
}

// seaRouteAvoiding reports whether some chain of sea provinces, none of them
// `avoid`, links coastal provinces from and to: an army could be convoyed
// there without the fleet in avoid (which cannot both support and convoy;
// DATC 6.D.31).
func (m *Map) seaRouteAvoiding(from, to, avoid Province) bool {
	seen := make([]bool, len(m.Provinces))
	var queue []Province
	for _, s := range m.seaNeighbours[from] {
		if s != avoid && !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		if m.FleetReaches(Loc(f), to) {
			return true
		}
		for _, g := range m.seaNeighbours[f] {
			if g != avoid && !seen[g] {
				seen[g] = true
				queue = append(queue, g)
			}
		}
	}
	return false
}
