package shapes

import (
	"math"
	"sort"
)

// Pixel labels besides region indices.
const (
	offBoard     = -1 // beyond the board: no province
	orphan       = -2 // cut off from its region's point; to be reassigned
	neutralLand  = -3 // land that is no province (the standard map's islands, Africa beyond Tunis)
	neutralWater = -4 // water that is no sea province (lakes)
)

// Pixel classes.
const (
	clsOff  int8 = -1
	clsSea  int8 = 0
	clsLand int8 = 1
)

// seed is what a region grows from, in raster pixels: its point, or a
// segment of its star (the half of the line to an adjacent province's point
// on its side, or the line to one of its fleet points). A pixel goes to the
// seed of least power distance, dist(W(p), W(seed))² - room², where W is the
// warp (a smooth wobble that makes borders wind): the region of a province
// is where its star is nearest, so adjacent provinces meet on the line
// between their points and the others tend to stay apart.
type seed struct {
	x, y, x2, y2     float64 // the segment (a point when both ends agree)
	wx, wy, wx2, wy2 float64 // its warped ends
	reg              int
	room             float64 // power: subtracted, squared, from squared distances
	size             float64 // the room of the region's point: half the distance to the nearest other
	main             bool    // the region's own point
	chain            bool    // an extra point of a geo province, joined to the seed before it
}

// dist2 is the squared distance from (px, py) to the warped segment.
func (s *seed) dist2(px, py float64) float64 {
	dx, dy := s.wx2-s.wx, s.wy2-s.wy
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = ((px-s.wx)*dx + (py-s.wy)*dy) / l2
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
	}
	ex, ey := s.wx+t*dx-px, s.wy+t*dy-py
	return ex*ex + ey*ey
}

// boxDist2 is the squared distance from the warped segment to the box
// [x0,x1]×[y0,y1]: zero when they meet, else attained at an end of the
// segment or a corner of the box.
func (s *seed) boxDist2(x0, y0, x1, y1 float64) float64 {
	ptBox := func(x, y float64) float64 {
		var dx, dy float64
		if x < x0 {
			dx = x0 - x
		} else if x > x1 {
			dx = x - x1
		}
		if y < y0 {
			dy = y0 - y
		} else if y > y1 {
			dy = y - y1
		}
		return dx*dx + dy*dy
	}
	best := ptBox(s.wx, s.wy)
	if d := ptBox(s.wx2, s.wy2); d < best {
		best = d
	}
	if best == 0 || (s.wx == s.wx2 && s.wy == s.wy2) {
		return best
	}
	for _, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		if d := s.dist2(c[0], c[1]); d < best {
			best = d
		}
	}
	// The segment may cross the box between corners and ends.
	if segmentsCross(s.wx, s.wy, s.wx2, s.wy2, x0, y0, x1, y1) || segmentsCross(s.wx, s.wy, s.wx2, s.wy2, x0, y1, x1, y0) {
		return 0
	}
	return best
}

// segmentsCross reports whether segments ab and cd properly cross.
func segmentsCross(ax, ay, bx, by, cx, cy, dx, dy float64) bool {
	o := func(px, py, qx, qy, rx, ry float64) float64 { return (qx-px)*(ry-py) - (qy-py)*(rx-px) }
	d1, d2 := o(ax, ay, bx, by, cx, cy), o(ax, ay, bx, by, dx, dy)
	d3, d4 := o(cx, cy, dx, dy, ax, ay), o(cx, cy, dx, dy, bx, by)
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

// grid is the raster the regions are grown on.
type grid struct {
	w, h  int
	k     float64 // raster pixels per unit of the map's space
	lab   []int32 // region index or one of the labels above
	cls   []int8  // clsLand, clsSea or clsOff
	fixed []bool  // pixels that must keep their label (around the points)
	// wx, wy: each pixel centre's warped position.
	wx, wy []float32
}

func newGrid(width, height, k float64) *grid {
	g := &grid{k: k, w: int(math.Ceil(width * k)), h: int(math.Ceil(height * k))}
	n := g.w * g.h
	g.lab = make([]int32, n)
	g.cls = make([]int8, n)
	g.fixed = make([]bool, n)
	return g
}

// setWarp computes the warped position of every pixel centre and seed.
func (g *grid) setWarp(w warp, seeds []seed) {
	g.wx = make([]float32, g.w*g.h)
	g.wy = make([]float32, g.w*g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			a, b := w.at(float64(x)+0.5, float64(y)+0.5)
			g.wx[y*g.w+x], g.wy[y*g.w+x] = float32(a), float32(b)
		}
	}
	for i := range seeds {
		s := &seeds[i]
		s.wx, s.wy = w.at(s.x, s.y)
		s.wx2, s.wy2 = w.at(s.x2, s.y2)
	}
}

// blockCandidates lists, for each block of bs×bs pixels, the seeds (indices
// into seeds, from the subset given) that can be the nearest for some pixel
// of the block: exact bounds over the block's warped box, so a pixel only
// has to compare those. Blocks of 8·bs are pruned first, then their blocks.
func (g *grid) blockCandidates(seeds []seed, subset []int, bs int) [][]int32 {
	all := make([]int32, len(subset))
	for i, s := range subset {
		all[i] = int32(s)
	}
	big := 8 * bs
	bw, bh := (g.w+bs-1)/bs, (g.h+bs-1)/bs
	out := make([][]int32, bw*bh)
	var lb []float64
	for by := 0; by*big < g.h; by++ {
		for bx := 0; bx*big < g.w; bx++ {
			outer := g.prune(seeds, all, bx*big, by*big, big, &lb)
			for y := by * big; y < min(g.h, (by+1)*big); y += bs {
				for x := bx * big; x < min(g.w, (bx+1)*big); x += bs {
					out[(y/bs)*bw+x/bs] = g.prune(seeds, outer, x, y, bs, &lb)
				}
			}
		}
	}
	return out
}

// prune keeps the seeds of cands that can be nearest for some pixel of the
// size×size block at (x0, y0).
func (g *grid) prune(seeds []seed, cands []int32, x0, y0, size int, lb *[]float64) []int32 {
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for y := y0; y < min(g.h, y0+size); y++ {
		for x := x0; x < min(g.w, x0+size); x++ {
			p := y*g.w + x
			wx, wy := float64(g.wx[p]), float64(g.wy[p])
			if wx < bx0 {
				bx0 = wx
			}
			if wx > bx1 {
				bx1 = wx
			}
			if wy < by0 {
				by0 = wy
			}
			if wy > by1 {
				by1 = wy
			}
		}
	}
	if cap(*lb) < len(cands) {
		*lb = make([]float64, len(cands))
	}
	l := (*lb)[:len(cands)]
	best := math.Inf(1)
	for i, si := range cands {
		s := &seeds[si]
		r2 := s.room * s.room
		l[i] = s.boxDist2(bx0, by0, bx1, by1) - r2
		if l[i] >= best {
			continue
		}
		// Distance to a segment is convex: its maximum over the box is
		// at a corner.
		ub := s.dist2(bx0, by0)
		if d := s.dist2(bx1, by0); d > ub {
			ub = d
		}
		if d := s.dist2(bx0, by1); d > ub {
			ub = d
		}
		if d := s.dist2(bx1, by1); d > ub {
			ub = d
		}
		if ub-r2 < best {
			best = ub - r2
		}
	}
	var c []int32
	for i, si := range cands {
		if l[i] <= best {
			c = append(c, si)
		}
	}
	return c
}

// nearest is the seed of cands of least power distance from pixel p, and
// that distance.
func (g *grid) nearest(seeds []seed, cands []int32, p int) (int, float64) {
	px, py := float64(g.wx[p]), float64(g.wy[p])
	best, bc := -1, math.Inf(1)
	for _, si := range cands {
		s := &seeds[si]
		if c := s.dist2(px, py) - s.room*s.room; c < bc {
			best, bc = int(si), c
		}
	}
	return best, bc
}

// nearest2 is like nearest, and also gives the best seed of another region
// among cands (-1 when none) and its power distance.
func (g *grid) nearest2(seeds []seed, cands []int32, p int) (int, float64, int, float64) {
	px, py := float64(g.wx[p]), float64(g.wy[p])
	best, bc, other, oc := -1, math.Inf(1), -1, math.Inf(1)
	for _, si := range cands {
		s := &seeds[si]
		c := s.dist2(px, py) - s.room*s.room
		switch {
		case c < bc:
			if best >= 0 && seeds[best].reg != s.reg {
				other, oc = best, bc
			}
			best, bc = int(si), c
		case c < oc && s.reg != seeds[best].reg:
			other, oc = int(si), c
		}
	}
	if other >= 0 && seeds[other].reg == seeds[best].reg {
		other, oc = -1, math.Inf(1)
	}
	return best, bc, other, oc
}

// boxBlur3 smooths a field with three passes of a box blur of radius r in
// each direction, close to a Gaussian of sigma r·sqrt(2)·… (about r).
func boxBlur3(f []float32, w, h, r int) {
	tmp := make([]float32, len(f))
	for pass := 0; pass < 3; pass++ {
		blur1(f, tmp, w, h, r, 1, w) // rows
		blur1(tmp, f, h, w, r, w, 1) // columns
	}
}

// blur1 box-blurs lines of src into dst: n lines of length l, consecutive
// elements step apart, lines stride apart. Edges are clamped.
func blur1(src, dst []float32, l, n, r, step, stride int) {
	_ = n
	lines := len(src) / l
	for li := 0; li < lines; li++ {
		base := li * stride
		at := func(i int) float32 {
			if i < 0 {
				i = 0
			} else if i >= l {
				i = l - 1
			}
			return src[base+i*step]
		}
		var sum float32
		for i := -r; i <= r; i++ {
			sum += at(i)
		}
		inv := 1 / float32(2*r+1)
		for i := 0; i < l; i++ {
			dst[base+i*step] = sum * inv
			sum += at(i+r+1) - at(i-r)
		}
	}
}

// edt is the Euclidean distance (in pixels) from each pixel to the nearest
// pixel where zero is true (Felzenszwalb and Huttenlocher's algorithm).
func edt(zero []bool, w, h int) []float32 {
	const inf = 1e20
	f := make([]float64, max(w, h))
	d := make([]float64, max(w, h))
	v := make([]int, max(w, h))
	z := make([]float64, max(w, h)+1)
	tmp := make([]float64, w*h)
	for i, b := range zero {
		if b {
			tmp[i] = 0
		} else {
			tmp[i] = inf
		}
	}
	dt1 := func(n int) {
		k := 0
		v[0] = 0
		z[0], z[1] = -inf, inf
		for q := 1; q < n; q++ {
			s := ((f[q] + float64(q*q)) - (f[v[k]] + float64(v[k]*v[k]))) / float64(2*q-2*v[k])
			for s <= z[k] {
				k--
				s = ((f[q] + float64(q*q)) - (f[v[k]] + float64(v[k]*v[k]))) / float64(2*q-2*v[k])
			}
			k++
			v[k] = q
			z[k], z[k+1] = s, inf
		}
		k = 0
		for q := 0; q < n; q++ {
			for z[k+1] < float64(q) {
				k++
			}
			d[q] = float64((q-v[k])*(q-v[k])) + f[v[k]]
		}
	}
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			f[y] = tmp[y*w+x]
		}
		dt1(h)
		for y := 0; y < h; y++ {
			tmp[y*w+x] = d[y]
		}
	}
	out := make([]float32, w*h)
	for y := 0; y < h; y++ {
		copy(f[:w], tmp[y*w:(y+1)*w])
		dt1(w)
		for x := 0; x < w; x++ {
			out[y*w+x] = float32(math.Sqrt(d[x]))
		}
	}
	return out
}

// components labels the 4-connected components of the pixels for which in
// is true; it returns the component of each pixel (-1 outside) and each
// component's size.
func components(in func(i int) bool, w, h int) ([]int32, []int) {
	comp := make([]int32, w*h)
	for i := range comp {
		comp[i] = -1
	}
	var sizes []int
	stack := []int{}
	for i := range comp {
		if comp[i] >= 0 || !in(i) {
			continue
		}
		c := int32(len(sizes))
		n := 0
		comp[i] = c
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			x, y := p%w, p/w
			for _, q := range [4]int{p - 1, p + 1, p - w, p + w} {
				if (q == p-1 && x == 0) || (q == p+1 && x == w-1) || (q == p-w && y == 0) || (q == p+w && y == h-1) {
					continue
				}
				if comp[q] < 0 && in(q) {
					comp[q] = c
					stack = append(stack, q)
				}
			}
		}
		sizes = append(sizes, n)
	}
	return comp, sizes
}

// neighbours4 calls fn for each 4-neighbour of pixel p inside the grid.
func (g *grid) neighbours4(p int, fn func(q int)) {
	x, y := p%g.w, p/g.w
	if x > 0 {
		fn(p - 1)
	}
	if x < g.w-1 {
		fn(p + 1)
	}
	if y > 0 {
		fn(p - g.w)
	}
	if y < g.h-1 {
		fn(p + g.w)
	}
}

// pieces labels the 4-connected pieces of equally labelled pixels (regions
// only): each pixel's piece (-1 for other labels), each piece's label and
// size.
func (g *grid) pieces() (pc []int32, owner []int32, size []int) {
	lab := g.lab
	pc = make([]int32, g.w*g.h)
	for i := range pc {
		pc[i] = -1
	}
	stack := []int{}
	for i := range pc {
		if pc[i] >= 0 || lab[i] < 0 {
			continue
		}
		c := int32(len(owner))
		l := lab[i]
		pc[i] = c
		n := 0
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			g.neighbours4(p, func(q int) {
				if pc[q] < 0 && lab[q] == l {
					pc[q] = c
					stack = append(stack, q)
				}
			})
		}
		owner = append(owner, l)
		size = append(size, n)
	}
	return pc, owner, size
}

// keepSeeded keeps, of each region's pixels, only the connected piece that
// holds its own point (or, when none does, its largest piece); the other
// pieces become orphans.
func (g *grid) keepSeeded(seeds []seed, nreg int) {
	lab := g.lab
	w, h := g.w, g.h
	pc, owner, size := g.pieces()
	keep := make([]bool, len(owner))
	seeded := make([]bool, nreg)
	for _, s := range seeds {
		if !s.main {
			continue
		}
		x, y := int(s.x), int(s.y)
		if x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		p := y*w + x
		if c := pc[p]; c >= 0 && int(owner[c]) == s.reg {
			keep[c] = true
			seeded[s.reg] = true
		}
	}
	largest := make([]int, nreg)
	for i := range largest {
		largest[i] = -1
	}
	for c, l := range owner {
		if !seeded[l] && (largest[l] < 0 || size[c] > size[largest[l]]) {
			largest[l] = c
		}
	}
	for _, c := range largest {
		if c >= 0 {
			keep[c] = true
		}
	}
	for i, c := range pc {
		if c >= 0 && !keep[c] {
			lab[i] = orphan
		}
	}
}

// adopt gives each orphan pixel the label of the nearest region pixel of
// its class (breadth first); orphans that no region of their class reaches
// get the label other(class).
func (g *grid) adopt(other func(cls int8) int32) {
	lab := g.lab
	queue := []int{}
	for p := range lab {
		if lab[p] < 0 {
			continue
		}
		has := false
		g.neighbours4(p, func(q int) {
			if lab[q] == orphan && g.cls[q] == g.cls[p] {
				has = true
			}
		})
		if has {
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		g.neighbours4(p, func(q int) {
			if lab[q] == orphan && g.cls[q] == g.cls[p] {
				lab[q] = lab[p]
				queue = append(queue, q)
			}
		})
	}
	for p := range lab {
		if lab[p] == orphan {
			lab[p] = other(g.cls[p])
		}
	}
}

// sortedKeys lists a set's members in order.
func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
