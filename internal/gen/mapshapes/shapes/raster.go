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

// seed is a point a region grows from, in raster pixels. A pixel goes to
// the seed of least power distance, |W(p) - W(s)|² - room², where W is the
// warp (a smooth wobble that makes borders wind) and room is half the
// distance to the nearest seed of another region: cells are the warped
// cells of a power diagram, each holding its seed.
type seed struct {
	x, y   float64 // position
	wx, wy float64 // warped position
	reg    int
	room   float64
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
		seeds[i].wx, seeds[i].wy = w.at(seeds[i].x, seeds[i].y)
	}
}

// blockCandidates lists, for each block of bs×bs pixels, the seeds (indices
// into seeds, from the subset given) that can be the nearest for some pixel
// of the block: exact bounds over the block's warped box, so a pixel only
// has to compare those.
func (g *grid) blockCandidates(seeds []seed, subset []int, bs int) [][]int32 {
	bw, bh := (g.w+bs-1)/bs, (g.h+bs-1)/bs
	out := make([][]int32, bw*bh)
	lb := make([]float64, len(subset))
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for y := by * bs; y < min(g.h, (by+1)*bs); y++ {
				for x := bx * bs; x < min(g.w, (bx+1)*bs); x++ {
					p := y*g.w + x
					x0, x1 = math.Min(x0, float64(g.wx[p])), math.Max(x1, float64(g.wx[p]))
					y0, y1 = math.Min(y0, float64(g.wy[p])), math.Max(y1, float64(g.wy[p]))
				}
			}
			best := math.Inf(1)
			for i, si := range subset {
				s := &seeds[si]
				dx := math.Max(0, math.Max(x0-s.wx, s.wx-x1))
				dy := math.Max(0, math.Max(y0-s.wy, s.wy-y1))
				r2 := s.room * s.room
				lb[i] = dx*dx + dy*dy - r2
				fx := math.Max(math.Abs(x0-s.wx), math.Abs(x1-s.wx))
				fy := math.Max(math.Abs(y0-s.wy), math.Abs(y1-s.wy))
				if ub := fx*fx + fy*fy - r2; ub < best {
					best = ub
				}
			}
			var c []int32
			for i, si := range subset {
				if lb[i] <= best {
					c = append(c, int32(si))
				}
			}
			out[by*bw+bx] = c
		}
	}
	return out
}

// nearest is the seed of cands of least power distance from pixel p, and
// that distance.
func (g *grid) nearest(seeds []seed, cands []int32, p int) (int, float64) {
	px, py := float64(g.wx[p]), float64(g.wy[p])
	best, bc := -1, math.Inf(1)
	for _, si := range cands {
		s := &seeds[si]
		dx, dy := s.wx-px, s.wy-py
		if c := dx*dx + dy*dy - s.room*s.room; c < bc {
			best, bc = int(si), c
		}
	}
	return best, bc
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

// keepSeeded keeps, of each region's pixels, only the connected pieces that
// hold one of its seeds (or, when none does, its largest piece); the other
// pieces become orphans.
func (g *grid) keepSeeded(seeds []seed, nreg int) {
	lab := g.lab
	w, h := g.w, g.h
	pc := make([]int32, w*h)
	for i := range pc {
		pc[i] = -1
	}
	var owner []int32
	var size []int
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
	keep := make([]bool, len(owner))
	seeded := make([]bool, nreg)
	for _, s := range seeds {
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
