package diplomacy

import (
	"fmt"
)

// Black Hole: after each Spring and Fall a random province is destroyed,
// with any unit in it; its neighbours become adjacent to each other; each
// power may protect one of its home centres from the hole, secretly.

// WithHoles returns m with the given provinces destroyed, in order (see
// EditDestroy): each destroyed province leaves play (no unit may stand or
// move there, it is no supply centre), and the provinces that touched it
// touch each other — armies between its army neighbours, fleets between its
// fleet neighbours (never two coasts of one province). Provinces already
// destroyed, or named twice, are skipped. Results are cached and immutable.
func (m *Map) WithHoles(gone []Province) *Map {
	var edits []MapEdit
	var seen []Province
	for _, p := range gone {
		if int(p) >= len(m.Provinces) || m.Swallowed(p) || containsProv(seen, p) {
			continue
		}
		seen = append(seen, p)
		edits = append(edits, MapEdit{Op: EditDestroy, A: m.Provinces[p].ID})
	}
	h, err := m.WithEdits(edits...)
	if err != nil {
		return m // cannot happen: every edit names a standing province
	}
	return h
}

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
