package diplomacy

import (
	"sort"
	"strings"
	"testing"
)

// touches reports whether provinces p and q share a fleet border from any
// of their locations (a coast counts for its province).
func touches(m *Map, p, q Province) bool {
	locs := func(p Province) []Loc { return append([]Loc{Loc(p)}, m.Provinces[p].Coasts...) }
	for _, l := range locs(p) {
		for _, n := range m.FleetNeighbours(l) {
			if m.Prov(n) == q {
				return true
			}
		}
	}
	return false
}

// shortestChains finds, for an army in coastal province from, one shortest
// chain of sea provinces to each coastal province it could be convoyed to:
// the first sea touches from, each next sea touches the last, and the last
// touches the destination. A shortest chain has no shortcut (no two of its
// provinces touch unless they follow each other, and only its first sea
// touches from and only its last the destination), so it is a convoy route
// by the rules. Written plainly from the definition, without the route
// table.
func shortestChains(m *Map, from Province) map[Province][]Province {
	var seas []Province
	for i, pr := range m.Provinces {
		if pr.Kind == Sea {
			seas = append(seas, Province(i))
		}
	}
	dist := map[Province]int{}
	parent := map[Province]Province{}
	var queue []Province
	for _, s := range seas {
		if touches(m, from, s) {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for k := 0; k < len(queue); k++ {
		s := queue[k]
		for _, t := range seas {
			if _, seen := dist[t]; !seen && touches(m, s, t) {
				dist[t], parent[t] = dist[s]+1, s
				queue = append(queue, t)
			}
		}
	}
	chains := map[Province][]Province{}
	for i, pr := range m.Provinces {
		d := Province(i)
		if d == from || pr.Kind != Coast {
			continue
		}
		best, found := Province(0), false
		for _, s := range queue { // in order of distance
			if touches(m, s, d) {
				best, found = s, true
				break
			}
		}
		if !found {
			continue
		}
		chain := []Province{best}
		for dist[chain[0]] > 0 {
			chain = append([]Province{parent[chain[0]]}, chain...)
		}
		chains[d] = chain
	}
	return chains
}

// TestEveryConvoyRouteIsOffered checks on every map that each move an army
// could make by a convoy route is offered to the army, and that every fleet
// on that route (a shortest one) is offered the convoy order, with fleets on
// every sea; and that the convoy, ordered along that route alone, carries
// the army there. Before the route table counted each province once, 18
// maps failed (a last sea touching two coasts of the destination: the
// Mid-Atlantic and Spain, 1900's spa/nc and spa/wc, Renaissance's Madrid …).
func TestEveryConvoyRouteIsOffered(t *testing.T) {
	var bad []string
	ids := MapIDs()
	if testing.Short() {
		ids = []string{"standard", "variant_1900", "renaissance", "youngstown_redux", "loeb9"}
	}
	for _, id := range ids {
		m, err := LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		missing, example := 0, ""
		adj := NewAdjudicator(m, Edition2023)
		failed, failedExample := 0, ""
		for i, pr := range m.Provinces {
			from := Province(i)
			if pr.Kind != Coast {
				continue
			}
			chains := shortestChains(m, from)
			if len(chains) == 0 {
				continue
			}
			pos := NewPosition(m)
			pos.Phase = Phase{Season: Spring, Year: m.Start.Year, Type: Movement}
			pos.Units[from] = Unit{Type: Army, Power: 0, Loc: Loc(from)}
			for j, sp := range m.Provinces {
				if sp.Kind == Sea {
					pos.Units[j] = Unit{Type: Fleet, Power: 0, Loc: Loc(j)}
				}
			}
			offered := map[string]bool{}
			for _, uo := range NewGenerator(m).Orders(pos, NoPower) {
				for _, o := range uo.Orders {
					o.ViaConvoy = false
					offered[o.String(m)] = true
				}
			}
			dests := make([]Province, 0, len(chains))
			for d := range chains {
				dests = append(dests, d)
			}
			sort.Slice(dests, func(a, b int) bool { return dests[a] < dests[b] })
			for _, d := range dests {
				move := "A " + m.ProvName(from) + " - " + m.ProvName(d)
				want := []string{move}
				for _, s := range chains[d] {
					want = append(want, "F "+m.ProvName(s)+" C "+move)
				}
				for _, w := range want {
					if !offered[w] {
						missing++
						if example == "" {
							example = w
						}
					}
				}
				// The convoy, ordered along the chain alone, carries the army.
				board := NewPosition(m)
				board.Phase = pos.Phase
				board.Units[from] = pos.Units[from]
				var in []OrderIn
				for _, w := range want {
					o, err := m.ParseOrder(w)
					if err != nil {
						t.Fatal(err)
					}
					if o.Type == ConvoyOrder {
						board.Units[m.Prov(o.At)] = Unit{Type: Fleet, Power: 1, Loc: o.At}
					}
					in = append(in, OrderIn{Power: board.Units[m.Prov(o.At)].Power, Order: o})
				}
				out := make([]Outcome, len(in))
				adj.Movement(board, in, out)
				if u := board.Units[d]; u.Type != Army || out[0].Result != Succeeds {
					failed++
					if failedExample == "" {
						failedExample = strings.Join(want, ", ") + ": " + out[0].Result.String() + " " + out[0].Text(m)
					}
				}
			}
		}
		if missing > 0 || failed > 0 {
			bad = append(bad, id)
		}
		if missing > 0 {
			t.Errorf("%s: %d convoy orders and moves on shortest routes not offered, e.g. %q", id, missing, example)
		}
		if failed > 0 {
			t.Errorf("%s: %d convoys along shortest routes do not carry the army, e.g. %s", id, failed, failedExample)
		}
	}
	if len(bad) > 0 {
		t.Logf("%d maps: %s", len(bad), strings.Join(bad, " "))
	}
}
