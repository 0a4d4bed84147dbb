package shapes

import (
	"math"
	"strconv"
	"strings"
)

// chain is a border between two labels, from node to node of the raster's
// border graph (or a closed loop): left is the label on its left as it
// runs (on screen, y down), right the one on its right.
type chain struct {
	pts         []Point // raster corners, then smoothed and simplified
	start, end  int     // vertex ids of its ends (equal for a loop)
	left, right int32
	closed      bool
}

// traceChains cuts the borders between differently labelled pixels into
// chains. Each chain is shared by the two regions it separates, so borders
// simplified once stay common to both.
func (g *grid) traceChains() []*chain {
	w, h := g.w, g.h
	at := func(x, y int) int32 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return offBoard
		}
		return g.lab[y*w+x]
	}
	// Horizontal edge (x, y): from corner (x, y) to (x+1, y), between pixels
	// (x, y-1) above and (x, y) below; vertical edge (x, y): from corner
	// (x, y) to (x, y+1), between (x-1, y) and (x, y).
	hb := func(x, y int) bool { return x >= 0 && x < w && y >= 0 && y <= h && at(x, y-1) != at(x, y) }
	vb := func(x, y int) bool { return y >= 0 && y < h && x >= 0 && x <= w && at(x-1, y) != at(x, y) }
	hSeen := make([]bool, (w+1)*(h+1))
	vSeen := make([]bool, (w+1)*(h+1))
	vid := func(x, y int) int { return y*(w+1) + x }
	degree := func(x, y int) int {
		n := 0
		for _, b := range [4]bool{hb(x-1, y), hb(x, y), vb(x, y-1), vb(x, y)} {
			if b {
				n++
			}
		}
		return n
	}
	// Nodes: where three borders meet, and the raster's corners (so that
	// smoothing keeps the board's corners square).
	isNode := func(x, y int) bool {
		return degree(x, y) > 2 || ((x == 0 || x == w) && (y == 0 || y == h) && degree(x, y) == 2)
	}
	// step takes the unseen border edge from corner (x, y) in direction d
	// (0 east, 1 south, 2 west, 3 north) and returns the far corner.
	type dir struct{ dx, dy int }
	dirs := [4]dir{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	edgeFree := func(x, y, d int) bool {
		switch d {
		case 0:
			return hb(x, y) && !hSeen[vid(x, y)]
		case 2:
			return hb(x-1, y) && !hSeen[vid(x-1, y)]
		case 1:
			return vb(x, y) && !vSeen[vid(x, y)]
		default:
			return vb(x, y-1) && !vSeen[vid(x, y-1)]
		}
	}
	mark := func(x, y, d int) {
		switch d {
		case 0:
			hSeen[vid(x, y)] = true
		case 2:
			hSeen[vid(x-1, y)] = true
		case 1:
			vSeen[vid(x, y)] = true
		default:
			vSeen[vid(x, y-1)] = true
		}
	}
	sides := func(x, y, d int) (int32, int32) {
		switch d {
		case 0:
			return at(x, y-1), at(x, y)
		case 2:
			return at(x-1, y), at(x-1, y-1)
		case 1:
			return at(x, y), at(x-1, y)
		default:
			return at(x-1, y-1), at(x, y-1)
		}
	}
	var out []*chain
	walk := func(x0, y0, d int, loop bool) {
		c := &chain{start: vid(x0, y0), closed: loop}
		c.left, c.right = sides(x0, y0, d)
		x, y := x0, y0
		c.pts = append(c.pts, Point{float64(x), float64(y)})
		for {
			mark(x, y, d)
			x, y = x+dirs[d].dx, y+dirs[d].dy
			c.pts = append(c.pts, Point{float64(x), float64(y)})
			if (x == x0 && y == y0) || (!loop && isNode(x, y)) {
				break
			}
			next := -1
			for nd := 0; nd < 4; nd++ {
				if nd != (d+2)%4 && edgeFree(x, y, nd) {
					next = nd
					break
				}
			}
			if next < 0 {
				break
			}
			d = next
		}
		c.end = vid(x, y)
		out = append(out, c)
	}
	for y := 0; y <= h; y++ {
		for x := 0; x <= w; x++ {
			if !isNode(x, y) {
				continue
			}
			for d := 0; d < 4; d++ {
				for edgeFree(x, y, d) {
					walk(x, y, d, false)
				}
			}
		}
	}
	for y := 0; y <= h; y++ {
		for x := 0; x <= w; x++ {
			for d := 0; d < 2; d++ {
				if edgeFree(x, y, d) {
					walk(x, y, d, true)
				}
			}
		}
	}
	return out
}

// smooth turns a chain's staircase of pixel corners into a simplified
// curve: the midpoints of its unit steps (which removes the stairs),
// Douglas-Peucker to tolerance eps, one round of Chaikin corner cutting, and
// Douglas-Peucker again. The ends stay where they are.
func (c *chain) smooth(eps float64) {
	p := c.pts
	var m []Point
	if !c.closed {
		m = append(m, p[0])
	}
	for i := 0; i+1 < len(p); i++ {
		m = append(m, Point{(p[i][0] + p[i+1][0]) / 2, (p[i][1] + p[i+1][1]) / 2})
	}
	if !c.closed {
		m = append(m, p[len(p)-1])
	} else {
		m = append(m, m[0])
	}
	m = Simplify(m, eps)
	for round := 0; round < 2; round++ {
		m = Chaikin(m, c.closed)
	}
	c.pts = Simplify(m, eps*0.35)
	if c.closed && len(c.pts) < 4 && len(m) >= 4 {
		c.pts = m // keep a tiny loop a loop
	}
}

// Chaikin cuts each corner of a polyline (its ends fixed; a closed one's
// first point is also its last and stays).
func Chaikin(p []Point, closed bool) []Point {
	if len(p) < 3 {
		return p
	}
	out := []Point{p[0]}
	for i := 0; i+1 < len(p); i++ {
		a, b := p[i], p[i+1]
		q := Point{0.75*a[0] + 0.25*b[0], 0.75*a[1] + 0.25*b[1]}
		r := Point{0.25*a[0] + 0.75*b[0], 0.25*a[1] + 0.75*b[1]}
		if i > 0 || closed {
			out = append(out, q)
		}
		if i+2 < len(p) || closed {
			out = append(out, r)
		}
	}
	out = append(out, p[len(p)-1])
	return out
}

// Simplify is Douglas-Peucker: the points of p that matter at tolerance
// eps, the ends kept. A closed polyline (first point = last) is split at
// its point farthest from the start.
func Simplify(p []Point, eps float64) []Point {
	if len(p) < 3 {
		return p
	}
	if p[0] == p[len(p)-1] {
		far, fd := 0, -1.0
		for i, q := range p {
			if d := math.Hypot(q[0]-p[0][0], q[1]-p[0][1]); d > fd {
				far, fd = i, d
			}
		}
		a := Simplify(p[:far+1], eps)
		b := Simplify(p[far:], eps)
		return append(a[:len(a)-1:len(a)-1], b...)
	}
	keep := make([]bool, len(p))
	keep[0], keep[len(p)-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		if j <= i+1 {
			return
		}
		ax, ay := p[i][0], p[i][1]
		dx, dy := p[j][0]-ax, p[j][1]-ay
		l := math.Hypot(dx, dy)
		best, bd := -1, eps
		for k := i + 1; k < j; k++ {
			var d float64
			if l == 0 {
				d = math.Hypot(p[k][0]-ax, p[k][1]-ay)
			} else {
				d = math.Abs(dy*(p[k][0]-ax)-dx*(p[k][1]-ay)) / l
			}
			if d > bd {
				best, bd = k, d
			}
		}
		if best >= 0 {
			keep[best] = true
			rec(i, best)
			rec(best, j)
		}
	}
	rec(0, len(p)-1)
	var out []Point
	for i, k := range keep {
		if k {
			out = append(out, p[i])
		}
	}
	return out
}

// rings assembles the closed rings around label l from the chains, each
// oriented so that l is on its left.
func rings(chains []*chain, l int32) [][]Point {
	type part struct {
		pts        []Point
		start, end int
	}
	var parts []part
	var out [][]Point
	for _, c := range chains {
		var pt part
		switch l {
		case c.left:
			pt = part{c.pts, c.start, c.end}
		case c.right:
			r := make([]Point, len(c.pts))
			for i, q := range c.pts {
				r[len(c.pts)-1-i] = q
			}
			pt = part{r, c.end, c.start}
		default:
			continue
		}
		if c.closed {
			out = append(out, pt.pts)
			continue
		}
		parts = append(parts, pt)
	}
	byStart := map[int][]int{}
	for i, pt := range parts {
		byStart[pt.start] = append(byStart[pt.start], i)
	}
	used := make([]bool, len(parts))
	for i := range parts {
		if used[i] {
			continue
		}
		used[i] = true
		ring := append([]Point(nil), parts[i].pts...)
		first, at := parts[i].start, parts[i].end
		for at != first {
			next := -1
			for _, j := range byStart[at] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break // cannot happen on a consistent labelling
			}
			used[next] = true
			ring = append(ring, parts[next].pts[1:]...)
			at = parts[next].end
		}
		out = append(out, ring)
	}
	return out
}

// pathData writes rings (raster pixels) as SVG path data in map units
// (divided by k), rounded to one decimal, in relative coordinates: "m" and
// the first point, then each next point as implicit relative line-tos,
// "z" when close.
func pathData(rs [][]Point, k float64, close bool) string {
	var b strings.Builder
	var cx, cy int64 // the pen, in tenths, after rounding
	for _, r := range rs {
		n := len(r)
		if close && n > 1 && r[0] == r[n-1] {
			n--
		}
		if n < 2 || (close && math.Abs(RingArea(r)) < 0.5) {
			continue // a loop simplified to nothing
		}
		var sx, sy int64
		for i := 0; i < n; i++ {
			x, y := int64(math.Round(r[i][0]/k*10)), int64(math.Round(r[i][1]/k*10))
			if i > 0 && x == cx && y == cy {
				continue
			}
			if i == 0 {
				b.WriteByte('m')
				sx, sy = x, y
			}
			writeNum(&b, x-cx, i == 0)
			writeNum(&b, y-cy, false)
			cx, cy = x, y
		}
		if close {
			b.WriteByte('z')
			cx, cy = sx, sy
		}
	}
	return b.String()
}

// writeNum writes v tenths, with a separating space unless the sign or the
// letter before it separates it.
func writeNum(b *strings.Builder, v int64, afterLetter bool) {
	s := strconv.FormatFloat(float64(v)/10, 'f', -1, 64)
	if strings.HasPrefix(s, "0.") {
		s = s[1:]
	} else if strings.HasPrefix(s, "-0.") {
		s = "-" + s[2:]
	}
	if !afterLetter && s[0] != '-' {
		b.WriteByte(' ')
	}
	b.WriteString(s)
}
