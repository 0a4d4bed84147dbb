package main

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"concordat/his"
	"concordat/internal/gen/mapshapes/shapes"
)

// Box is the part of the printed map the board file draws: west, north,
// east, south edges in board pixels.
var Box = [4]float64{700, 40, 5200, 3290}

const (
	cellSize   = 8.0   // raster cell, board pixels
	smoothing  = 0.002 // the warp's regularisation (see warp)
	offBoardAt = 250.0 // land farther than this from every space (along land) is off the board
)

// board is everything drawn, in board pixels.
type board struct {
	land      [][]Pt           // coastline rings (even-odd)
	zoneRings map[int16][][]Pt // language zone index (his.Lang) or offBoard → rings
	zoneLines [][]Pt           // borders between language zones on land
	seaRings  [][][]Pt         // per sea zone (his.Seas order)
	seaLines  [][]Pt           // borders between sea zones
	seaLabel  []Pt
	labels    []label // per space (his.Spaces order)
}

// offBoard is the zone label of land that belongs to no space.
const offBoard = int16(his.NumLangs)

func build(land *shapes.Land) (*board, error) {
	var globe, pts []Pt
	for _, s := range his.Spaces {
		ll, ok := lonLat[s.ID]
		if !ok {
			return nil, fmt.Errorf("space %s has no position on the globe (places.go)", s.ID)
		}
		globe = append(globe, Pt(ll))
		pts = append(pts, Pt{float64(s.XY[0]), float64(s.XY[1])})
	}
	if len(lonLat) != len(his.Spaces) {
		return nil, fmt.Errorf("places.go places %d towns, the board has %d spaces", len(lonLat), len(his.Spaces))
	}
	wp, err := fitWarp(globe, pts, smoothing)
	if err != nil {
		return nil, err
	}
	b := &board{}
	var problems []string
	if f := wp.folds([4]float64{-12, 30, 36, 58}, 0.25); len(f) > 0 {
		return nil, fmt.Errorf("the warp folds the globe at %d points, e.g. %v (lower smoothing or move a town)", len(f), f[0])
	}
	// Coastlines.
	for _, r := range land.Rings {
		var ring []Pt
		in := false
		for _, ll := range r {
			if ll[0] > -30 && ll[0] < 50 && ll[1] > 22 && ll[1] < 68 {
				in = true
			}
		}
		if !in {
			continue
		}
		for _, ll := range r {
			ring = append(ring, wp.at(Pt(ll)))
		}
		ring = shapes.ClipRing(ring, Box)
		if len(ring) < 3 {
			continue
		}
		ring = append(ring, ring[0])
		ring = shapes.Simplify(ring, 1.5)
		if math.Abs(shapes.RingArea(ring)) < 400 && !holdsSpace(ring) {
			continue
		}
		b.land = append(b.land, ring)
	}
	g := newGrid(Box, cellSize)
	g.fill(b.land)
	// Language zones: every cell to the zone of the nearest space along land.
	var src []int
	var lab []int16
	for i, s := range his.Spaces {
		src = append(src, g.cellOf(pts[i]))
		lab = append(lab, int16(s.Lang))
	}
	zl, zd := g.grow(src, lab, 1, 12)
	for c := range zl {
		if zd[c] > offBoardAt {
			zl[c] = offBoard
		}
	}
	chains := g.traceChains(zl)
	for _, c := range chains {
		c.smooth(cellSize * 0.7)
	}
	b.zoneRings = map[int16][][]Pt{}
	for l := int16(0); l <= offBoard; l++ {
		if rs := rings(chains, l); len(rs) > 0 {
			b.zoneRings[l] = rs
		}
	}
	for _, c := range chains {
		if c.left >= 0 && c.right >= 0 && c.left != offBoard && c.right != offBoard {
			b.zoneLines = append(b.zoneLines, c.pts)
		}
	}
	// Sea zones: every cell to the zone of the nearest seed through water.
	src, lab = nil, nil
	for i, s := range his.Seas {
		seeds, ok := seaSeeds[s.ID]
		if !ok {
			return nil, fmt.Errorf("sea %s has no seeds (places.go)", s.ID)
		}
		for _, ll := range seeds {
			c := g.cellOf(wp.at(Pt(ll)))
			if g.land[c] {
				problems = append(problems, fmt.Sprintf("a seed of sea %s at %v is on land", s.ID, ll))
			}
			src = append(src, c)
			lab = append(lab, int16(i))
		}
		p := wp.at(Pt(seaLabels[s.ID]))
		if p[0] < Box[0]+150 || p[0] > Box[2]-150 || p[1] < Box[1]+30 || p[1] > Box[3]-30 {
			problems = append(problems, fmt.Sprintf("the label of sea %s at %v is off the board", s.ID, p))
		}
		b.seaLabel = append(b.seaLabel, p)
	}
	sl, _ := g.grow(src, lab, 20, 1)
	chains = g.traceChains(sl)
	for _, c := range chains {
		c.smooth(cellSize * 1.2)
	}
	for i := range his.Seas {
		b.seaRings = append(b.seaRings, rings(chains, int16(i)))
	}
	for _, c := range chains {
		if c.left >= 0 && c.right >= 0 {
			b.seaLines = append(b.seaLines, c.pts)
		}
	}
	for i, s := range his.Seas {
		if got := sl[g.cellOf(b.seaLabel[i])]; got != int16(i) || g.land[g.cellOf(b.seaLabel[i])] {
			problems = append(problems, fmt.Sprintf("the label of sea %s lies in %v (land: %v)", s.ID, got, g.land[g.cellOf(b.seaLabel[i])]))
		}
	}
	b.labels, err = placeLabels(pts)
	if err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return b, errors.New(strings.Join(problems, "; "))
	}
	return b, nil
}

func holdsSpace(r []Pt) bool {
	for _, s := range his.Spaces {
		if inside([][]Pt{r}, Pt{float64(s.XY[0]), float64(s.XY[1])}) {
			return true
		}
	}
	return false
}

// inside reports whether an odd number of rings surround p.
func inside(rs [][]Pt, p Pt) bool {
	in := false
	for _, r := range rs {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0]+(p[1]-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
				in = !in
			}
		}
	}
	return in
}
