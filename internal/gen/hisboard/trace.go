package main

import (
	"math"
	"strconv"
	"strings"

	"concordat/internal/gen/mapshapes/shapes"
)

// chain is a stretch of border between two labels of a labelled grid, from
// one junction of three or more labels to the next (or a closed loop), in
// board pixels. Left and right are the labels on either hand going from
// the first point to the last (y down); -2 is outside the grid.
type chain struct {
	pts         []Pt
	left, right int16
	closed      bool
}

// traceChains finds the borders of a labelled grid: every chain once, so
// that the regions on either side share it exactly.
func (g *grid) traceChains(lab []int16) []*chain {
	w, h := g.w, g.h
	at := func(i, j int) int16 {
		if i < 0 || j < 0 || i >= w || j >= h {
			return -2
		}
		return lab[j*w+i]
	}
	// Edges: vertical V(i,j) at corner column i between rows j and j+1;
	// horizontal H(i,j) at corner row j between columns i and i+1.
	nv := (w + 1) * h
	vIdx := func(i, j int) int { return j*(w+1) + i }
	hIdx := func(i, j int) int { return nv + j*w + i }
	isEdge := func(e int) bool {
		if e < nv {
			i, j := e%(w+1), e/(w+1)
			return at(i-1, j) != at(i, j)
		}
		e -= nv
		i, j := e%w, e/w
		return at(i, j-1) != at(i, j)
	}
	// incident lists the border edges at corner (i, j) with the corner at their other end.
	type step struct{ e, i, j int }
	incident := func(i, j int) []step {
		var out []step
		if j > 0 && isEdge(vIdx(i, j-1)) {
			out = append(out, step{vIdx(i, j-1), i, j - 1})
		}
		if j < h && isEdge(vIdx(i, j)) {
			out = append(out, step{vIdx(i, j), i, j + 1})
		}
		if i > 0 && isEdge(hIdx(i-1, j)) {
			out = append(out, step{hIdx(i-1, j), i - 1, j})
		}
		if i < w && isEdge(hIdx(i, j)) {
			out = append(out, step{hIdx(i, j), i + 1, j})
		}
		return out
	}
	isNode := func(i, j int) bool { d := len(incident(i, j)); return d != 0 && d != 2 }
	sides := func(i0, j0, i1, j1 int) (int16, int16) {
		switch {
		case j1 > j0: // down
			return at(i0, j0), at(i0-1, j0)
		case j1 < j0: // up
			return at(i0-1, j1), at(i0, j1)
		case i1 > i0: // right
			return at(i0, j0-1), at(i0, j0)
		default: // left
			return at(i1, j0), at(i1, j0-1)
		}
	}
	used := map[int]bool{}
	corner := func(i, j int) Pt { return Pt{g.x0 + float64(i)*g.cell, g.y0 + float64(j)*g.cell} }
	walk := func(i, j int, first step, stopAtStart bool) *chain {
		c := &chain{pts: []Pt{corner(i, j)}}
		c.left, c.right = sides(i, j, first.i, first.j)
		si, sj := i, j
		s := first
		for {
			used[s.e] = true
			i, j = s.i, s.j
			c.pts = append(c.pts, corner(i, j))
			if stopAtStart && i == si && j == sj {
				c.closed = true
				return c
			}
			if !stopAtStart && isNode(i, j) {
				return c
			}
			var next *step
			for _, t := range incident(i, j) {
				if !used[t.e] {
					t := t
					next = &t
					break
				}
			}
			if next == nil {
				c.closed = i == si && j == sj
				return c
			}
			s = *next
		}
	}
	var out []*chain
	for j := 0; j <= h; j++ {
		for i := 0; i <= w; i++ {
			if !isNode(i, j) {
				continue
			}
			for _, s := range incident(i, j) {
				if !used[s.e] {
					out = append(out, walk(i, j, s, false))
				}
			}
		}
	}
	for j := 0; j <= h; j++ {
		for i := 0; i <= w; i++ {
			for _, s := range incident(i, j) {
				if !used[s.e] {
					out = append(out, walk(i, j, s, true))
				}
			}
		}
	}
	return out
}

// smooth turns a chain's staircase into a curve: midpoints of its steps,
// Douglas-Peucker, two rounds of corner cutting, Douglas-Peucker again; the
// ends stay where they are. Borders with the outside stay straight.
func (c *chain) smooth(eps float64) {
	if c.left == -2 || c.right == -2 {
		c.pts = shapes.Simplify(c.pts, 0.1)
		return
	}
	p := c.pts
	var m []Pt
	if !c.closed {
		m = append(m, p[0])
	}
	for i := 0; i+1 < len(p); i++ {
		m = append(m, Pt{(p[i][0] + p[i+1][0]) / 2, (p[i][1] + p[i+1][1]) / 2})
	}
	if c.closed {
		m = append(m, m[0])
	} else {
		m = append(m, p[len(p)-1])
	}
	m = shapes.Simplify(m, eps)
	for k := 0; k < 2; k++ {
		m = shapes.Chaikin(m, c.closed)
	}
	c.pts = shapes.Simplify(m, eps*0.3)
}

// rings assembles the border of label l from the chains: closed rings with
// l on their left.
func rings(chains []*chain, l int16) [][]Pt {
	type part struct {
		pts []Pt
	}
	var parts []part
	var out [][]Pt
	for _, c := range chains {
		var pts []Pt
		switch {
		case c.left == l:
			pts = c.pts
		case c.right == l:
			pts = make([]Pt, len(c.pts))
			for i := range c.pts {
				pts[i] = c.pts[len(c.pts)-1-i]
			}
		default:
			continue
		}
		if c.closed {
			out = append(out, pts)
			continue
		}
		parts = append(parts, part{pts})
	}
	key := func(p Pt) [2]int64 { return [2]int64{int64(math.Round(p[0] * 8)), int64(math.Round(p[1] * 8))} }
	starts := map[[2]int64][]int{}
	for i, p := range parts {
		k := key(p.pts[0])
		starts[k] = append(starts[k], i)
	}
	used := make([]bool, len(parts))
	for i := range parts {
		if used[i] {
			continue
		}
		used[i] = true
		ring := append([]Pt(nil), parts[i].pts...)
		start := key(ring[0])
		for key(ring[len(ring)-1]) != start {
			next := -1
			for _, k := range starts[key(ring[len(ring)-1])] {
				if !used[k] {
					next = k
					break
				}
			}
			if next < 0 {
				break
			}
			used[next] = true
			ring = append(ring, parts[next].pts[1:]...)
		}
		out = append(out, ring)
	}
	return out
}

// pathData writes rings or lines as SVG path data in whole board pixels:
// an absolute move to each first point, then relative line-tos; "z" closes
// rings.
func pathData(rs [][]Pt, closed bool) string {
	var b strings.Builder
	for _, r := range rs {
		n := len(r)
		if closed && n > 1 && r[0] == r[n-1] {
			n--
		}
		if n < 2 {
			continue
		}
		var cx, cy int64
		k := 0
		for i := 0; i < n; i++ {
			x, y := int64(math.Round(r[i][0])), int64(math.Round(r[i][1]))
			if i == 0 {
				b.WriteString("M" + strconv.FormatInt(x, 10) + " " + strconv.FormatInt(y, 10))
				cx, cy = x, y
				continue
			}
			if x == cx && y == cy {
				continue
			}
			if k == 0 {
				b.WriteByte('l')
			}
			k++
			writeNum(&b, x-cx, k == 1)
			writeNum(&b, y-cy, false)
			cx, cy = x, y
		}
		if closed {
			b.WriteByte('z')
		}
	}
	return b.String()
}

func writeNum(b *strings.Builder, v int64, afterLetter bool) {
	if !afterLetter && v >= 0 {
		b.WriteByte(' ')
	}
	b.WriteString(strconv.FormatInt(v, 10))
}
