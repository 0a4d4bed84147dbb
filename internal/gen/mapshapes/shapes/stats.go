package shapes

import (
	"fmt"
	"sort"
)

// Stats says how well a drawn map's borders match its adjacency: pairs of
// adjacent provinces whose regions do not touch, and pairs of provinces
// that are not adjacent but share a border longer than a point.
type Stats struct {
	Pairs    int      // adjacent pairs of provinces
	Missing  []string // adjacent, not touching
	Spurious []string // touching along more than a few pixels, not adjacent
}

// String is a one-line summary.
func (s Stats) String() string {
	return fmt.Sprintf("%d adjacent pairs, %d not touching %v, %d touching but not adjacent %v",
		s.Pairs, len(s.Missing), s.Missing, len(s.Spurious), s.Spurious)
}

// DrawStats draws a map like Draw and reports its Stats.
func DrawStats(mapJSON []byte, land *Land) (Stats, error) {
	_, d, err := draw(mapJSON, land)
	if err != nil {
		return Stats{}, err
	}
	return d.stats(), nil
}

// contacts is the length, in pixel edges, of the border between each pair
// of regions (a < b).
func (g *grid) contacts() map[[2]int32]int {
	c := map[[2]int32]int{}
	add := func(a, b int32) {
		if a == b || a < 0 || b < 0 {
			return
		}
		if a > b {
			a, b = b, a
		}
		c[[2]int32{a, b}]++
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := y*g.w + x
			if x+1 < g.w {
				add(g.lab[p], g.lab[p+1])
			}
			if y+1 < g.h {
				add(g.lab[p], g.lab[p+g.w])
			}
		}
	}
	return c
}

func (d *drawing) stats() Stats {
	b := d.b
	c := d.g.contacts()
	var s Stats
	short := 3
	for a := 0; a < b.provinces; a++ {
		for _, z := range sortedKeys(b.adj[a]) {
			if z <= a || z >= b.provinces {
				continue
			}
			s.Pairs++
			if c[[2]int32{int32(a), int32(z)}] == 0 {
				s.Missing = append(s.Missing, b.regions[a].id+"-"+b.regions[z].id)
			}
		}
	}
	for pair, n := range c {
		a, z := int(pair[0]), int(pair[1])
		if a >= b.provinces || z >= b.provinces || b.adj[a][z] || n <= short {
			continue
		}
		s.Spurious = append(s.Spurious, fmt.Sprintf("%s-%s:%d", b.regions[a].id, b.regions[z].id, n))
	}
	sort.Strings(s.Spurious)
	return s
}
