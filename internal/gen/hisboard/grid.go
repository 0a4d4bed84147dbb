package main

import (
	"container/heap"
	"math"
)

// grid is a raster over the board's box: cell (i, j) covers board pixels
// [x0+i*cell, x0+(i+1)*cell) × [y0+j*cell, y0+(j+1)*cell).
type grid struct {
	x0, y0, cell float64
	w, h         int
	land         []bool
}

func newGrid(box [4]float64, cell float64) *grid {
	g := &grid{x0: box[0], y0: box[1], cell: cell}
	g.w = int(math.Ceil((box[2] - box[0]) / cell))
	g.h = int(math.Ceil((box[3] - box[1]) / cell))
	g.land = make([]bool, g.w*g.h)
	return g
}

// cellOf is the index of the cell holding board point p (clamped to the grid).
func (g *grid) cellOf(p Pt) int {
	i := int((p[0] - g.x0) / g.cell)
	j := int((p[1] - g.y0) / g.cell)
	i = max(0, min(g.w-1, i))
	j = max(0, min(g.h-1, j))
	return j*g.w + i
}

// fill marks as land the cells whose centres an odd number of rings surround.
func (g *grid) fill(rings [][]Pt) {
	xs := make([][]float64, g.h)
	for _, r := range rings {
		for k := range r {
			a, b := r[k], r[(k+1)%len(r)]
			if a[1] == b[1] {
				continue
			}
			lo, hi := a, b
			if lo[1] > hi[1] {
				lo, hi = hi, lo
			}
			j0 := int(math.Ceil((lo[1]-g.y0)/g.cell - 0.5))
			j1 := int(math.Ceil((hi[1]-g.y0)/g.cell-0.5)) - 1
			for j := max(j0, 0); j <= min(j1, g.h-1); j++ {
				y := g.y0 + (float64(j)+0.5)*g.cell
				t := (y - lo[1]) / (hi[1] - lo[1])
				xs[j] = append(xs[j], lo[0]+t*(hi[0]-lo[0]))
			}
		}
	}
	for j, row := range xs {
		sortFloats(row)
		for k := 0; k+1 < len(row); k += 2 {
			i0 := int(math.Ceil((row[k]-g.x0)/g.cell - 0.5))
			i1 := int(math.Ceil((row[k+1]-g.x0)/g.cell-0.5)) - 1
			for i := max(i0, 0); i <= min(i1, g.w-1); i++ {
				g.land[j*g.w+i] = true
			}
		}
	}
}

func sortFloats(v []float64) {
	// insertion sort: rows hold few crossings
	for i := 1; i < len(v); i++ {
		for k := i; k > 0 && v[k] < v[k-1]; k-- {
			v[k], v[k-1] = v[k-1], v[k]
		}
	}
}

// grow labels every cell with the label of its nearest source, distance
// measured along 8-neighbour steps, each step costing its length times
// landCost on land and waterCost on water: zones of towns spread over land,
// zones of seas through water. dist is the distance reached (board pixels
// of weighted path).
func (g *grid) grow(sources []int, labels []int16, landCost, waterCost float64) ([]int16, []float64) {
	n := g.w * g.h
	lab := make([]int16, n)
	dist := make([]float64, n)
	for i := range dist {
		dist[i] = math.Inf(1)
		lab[i] = -1
	}
	q := &cellHeap{}
	for k, c := range sources {
		if dist[c] > 0 {
			dist[c] = 0
			lab[c] = labels[k]
			heap.Push(q, cellDist{c, 0})
		}
	}
	steps := [8][3]float64{{1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {1, 1, math.Sqrt2}, {1, -1, math.Sqrt2}, {-1, 1, math.Sqrt2}, {-1, -1, math.Sqrt2}}
	for q.Len() > 0 {
		cd := heap.Pop(q).(cellDist)
		if cd.d > dist[cd.c] {
			continue
		}
		i, j := cd.c%g.w, cd.c/g.w
		for _, s := range steps {
			ni, nj := i+int(s[0]), j+int(s[1])
			if ni < 0 || nj < 0 || ni >= g.w || nj >= g.h {
				continue
			}
			nc := nj*g.w + ni
			cost := waterCost
			if g.land[nc] {
				cost = landCost
			}
			d := cd.d + s[2]*g.cell*cost
			if d < dist[nc] {
				dist[nc] = d
				lab[nc] = lab[cd.c]
				heap.Push(q, cellDist{nc, d})
			}
		}
	}
	return lab, dist
}

type cellDist struct {
	c int
	d float64
}

type cellHeap []cellDist

func (h cellHeap) Len() int { return len(h) }
func (h cellHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d < h[j].d
	}
	return h[i].c < h[j].c
}
func (h cellHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cellHeap) Push(x any)   { *h = append(*h, x.(cellDist)) }
func (h *cellHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
