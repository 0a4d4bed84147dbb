package diplomacy

import (
	"fmt"
	"strings"
	"sync"
)

// Black Hole: after each Spring and Fall a random province is destroyed,
// with any unit in it; its neighbours become adjacent to each other; each
// power may protect one of its home centres from the hole, secretly.

// Swallowed reports whether province p has been destroyed (Black Hole).
func (m *Map) Swallowed(p Province) bool { return m.swallowed != nil && m.swallowed[p] }

var (
	holedMu    sync.Mutex
	holedCache = map[string]*Map{}
)

// WithHoles returns m with the given provinces destroyed, in order: each
// destroyed province leaves play (no unit may stand or move there, it is no
// supply centre), and the provinces that touched it touch each other —
// armies between its army neighbours, fleets between its fleet neighbours
// (never two coasts of one province). Results are cached and immutable.
func (m *Map) WithHoles(gone []Province) *Map {
	if len(gone) == 0 {
		return m
	}
	base := m
	for base.holeBase != nil {
		base = base.holeBase
	}
	ids := make([]string, 0, len(m.holes)+len(gone))
	for _, p := range m.holes {
		ids = append(ids, base.Provinces[p].ID)
	}
	for _, p := range gone {
		ids = append(ids, base.Provinces[p].ID)
	}
	key := base.ID + ":" + strings.Join(ids, ",")
	holedMu.Lock()
	defer holedMu.Unlock()
	if h, ok := holedCache[key]; ok {
		return h
	}
	all := append(append([]Province(nil), m.holes...), gone...)
	h := *base
	h.holeBase = base
	h.holes = all
	h.swallowed = make([]bool, len(base.Provinces))
	h.Provinces = append([]ProvinceInfo(nil), base.Provinces...)
	h.Powers = append([]PowerInfo(nil), base.Powers...)
	h.armyAdj = make([][]Province, len(base.armyAdj))
	for i, l := range base.armyAdj {
		h.armyAdj[i] = append([]Province(nil), l...)
	}
	h.fleetAdj = make([][]Loc, len(base.fleetAdj))
	for i, l := range base.fleetAdj {
		h.fleetAdj[i] = append([]Loc(nil), l...)
	}
	for _, x := range all {
		if h.swallowed[x] {
			continue
		}
		h.swallowed[x] = true
		h.swallow(x)
	}
	for i := range h.Powers {
		var homes []Province
		for _, p := range h.Powers[i].Homes {
			if !h.swallowed[p] {
				homes = append(homes, p)
			}
		}
		h.Powers[i].Homes = homes
	}
	h.index()
	holedCache[key] = &h
	return &h
}

// Base is the map before any Black Hole destruction.
func (m *Map) Base() *Map {
	for m.holeBase != nil {
		m = m.holeBase
	}
	return m
}

// Holes lists the destroyed provinces, in the order they went.
func (m *Map) Holes() []Province { return m.holes }

// swallow removes province x from the adjacency lists and joins its
// neighbours.
func (m *Map) swallow(x Province) {
	m.Provinces[x].Center = false
	m.Provinces[x].Home = NoPower
	// Armies.
	na := m.armyAdj[x]
	for _, a := range na {
		m.armyAdj[a] = removeProv(m.armyAdj[a], x)
		for _, b := range na {
			if a != b && !containsProv(m.armyAdj[a], b) {
				m.armyAdj[a] = append(m.armyAdj[a], b)
			}
		}
	}
	m.armyAdj[x] = nil
	// Fleets: every location of x.
	locs := append([]Loc{Loc(x)}, m.Provinces[x].Coasts...)
	var nf []Loc
	for _, l := range locs {
		for _, k := range m.fleetAdj[l] {
			if m.Locs[k].Prov != x && !containsLoc(nf, k) {
				nf = append(nf, k)
			}
		}
		m.fleetAdj[l] = nil
	}
	for _, a := range nf {
		kept := m.fleetAdj[a][:0]
		for _, k := range m.fleetAdj[a] {
			if m.Locs[k].Prov != x {
				kept = append(kept, k)
			}
		}
		m.fleetAdj[a] = kept
		for _, b := range nf {
			if m.Locs[a].Prov != m.Locs[b].Prov && !containsLoc(m.fleetAdj[a], b) {
				m.fleetAdj[a] = append(m.fleetAdj[a], b)
			}
		}
	}
}

func removeProv(list []Province, x Province) []Province {
	out := list[:0]
	for _, p := range list {
		if p != x {
			out = append(out, p)
		}
	}
	return out
}

func containsLoc(list []Loc, l Loc) bool {
	for _, k := range list {
		if k == l {
			return true
		}
	}
	return false
}

// blackHoleCandidates lists the provinces the hole may take now: any not
// yet destroyed and not protected.
func blackHoleCandidates(m *Map, protected []Province) []Province {
	var out []Province
	for i := range m.Provinces {
		p := Province(i)
		if m.Swallowed(p) || containsProv(protected, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// checkProtect validates a power's choice of home centre to protect.
func checkProtect(m *Map, pw Power, name string) (Province, error) {
	l, ok := m.LookupLoc(name)
	if !ok {
		return 0, fmt.Errorf("protect: unknown province %q", name)
	}
	p := m.Prov(l)
	if !containsProv(m.Powers[pw].Homes, p) {
		return 0, fmt.Errorf("protect: %s is not a home centre of %s", m.ProvName(p), m.Powers[pw].Name)
	}
	return p, nil
}
