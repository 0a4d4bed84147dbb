package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// Tuning. The numbers are what the committed files were drawn with; the
// test that regenerates them fails when a change here changes them.
const (
	targetPixels   = 1_000_000 // raster size per map
	geoCut         = 3.2       // the standard map: land this many rooms from every point is no province
	warpAmp        = 0.14      // border wobble amplitude, in rooms (median)
	warpWave       = 0.9       // and its wavelength
	seaRoom        = 1.3       // lines between a coast and a sea are split as if the sea had this much more room
	impassableRoom = 0.8       // impassable areas grow as power cells of this much of their room
	coastShift     = 0.3       // in the land/sea split, land must be nearer by this much of its room
	straitWidth    = 0.25      // the width of those straits, in median rooms
	islandGrow     = 0.2       // while islands grow by this much of their room (at least 0.6 median rooms)
	maskSmooth     = 0.3       // land mask blur, in rooms
	seedDisk       = 0.3       // the disc around a point that keeps its class, in rooms
	stripRoom      = 0.12      // inland provinces stay this far off the sea, in rooms (median)
	smoothEps      = 0.7       // border simplification tolerance, raster pixels
	scMarker       = 0.2       // a supply centre marker's radius, in unit sizes
	minArea        = 0.2       // no province smaller than this share of the median one, where it can grow
)

// drawing is what Draw computes for one map, in raster pixels.
type drawing struct {
	b       *board
	g       *grid
	geo     bool
	proj    *projection
	pos     []Point // each region's point, raster pixels
	room    float64 // the median room of the points, pixels
	island  []bool  // by region: land with no land neighbour
	neutral []bool  // by pixel: land that is no province (geoNeutral), or nil
}

// Draw draws a project map file (the bytes of diplomacy/maps/<id>.json) and
// returns the bytes of web/static/maps/<id>.json. land is the geography the
// standard map is drawn on (nil draws every map from its points alone).
func Draw(mapJSON []byte, land *Land) ([]byte, error) {
	out, _, err := draw(mapJSON, land)
	return out, err
}

func draw(mapJSON []byte, land *Land) ([]byte, *drawing, error) {
	b, err := parseBoard(mapJSON)
	if err != nil {
		return nil, nil, err
	}
	d := &drawing{b: b}
	if ls, ok := mapLenses[b.id]; ok {
		bendBoard(b, newPlaneWarp(ls))
	}
	if land != nil && b.id == "standard" {
		d.geo = true
		for _, r := range b.regions {
			if r.lonlat == nil {
				d.geo = false
			}
		}
	}
	width, height := b.width, b.height
	pts := make([]Point, len(b.regions))
	for i, r := range b.regions {
		pts[i] = r.xy
	}
	if d.geo {
		d.proj = fitProjection(b, 1600)
		for i, r := range b.regions {
			ll := *r.lonlat
			if at, ok := drawLonLat[r.id]; ok {
				ll = at
			}
			pts[i] = d.proj.at(ll)
		}
		width, height = d.proj.width, d.proj.height
	}
	k := math.Sqrt(targetPixels / (width * height))
	d.g = newGrid(width, height, k)
	d.pos = make([]Point, len(pts))
	for i, p := range pts {
		d.pos[i] = Point{p[0] * k, p[1] * k}
	}
	seeds := d.seeds()
	mr := medianRoom(seeds)
	d.room = mr
	// Islands (land with no land neighbour) grow a little more, so that
	// they are not mere dots.
	d.island = make([]bool, len(b.regions))
	for i := 0; i < b.provinces; i++ {
		d.island[i] = !b.regions[i].sea()
		for z := range b.adj[i] {
			if !b.regions[z].sea() && b.landBorder(i, z) {
				d.island[i] = false
			}
		}
	}
	w := warp{amp: warpAmp * mr, wave: warpWave * mr}
	if d.geo {
		d.geoClasses(land, seeds)
		w.local = localRooms(seeds, mr, mr, 0.3, 1.3)
		seeds = d.stars(seeds)
		d.g.setWarp(w, seeds)
	} else {
		seeds = d.stars(seeds)
		d.g.setWarp(w, seeds)
		d.voronoiClasses(seeds)
	}
	d.assign(seeds)
	out, err := d.output(seeds, width, height)
	return out, d, err
}

// bendBoard moves a board's drawing points by a warp and fits its space
// around them again: the margins between the outermost points and the
// space's edges stay what they were.
func bendBoard(b *board, w *geoWarp) {
	bbox := func() [4]float64 {
		bb := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, r := range b.regions {
			ps := []Point{r.xy}
			for _, c := range r.coasts {
				ps = append(ps, r.coastXY[c])
			}
			for _, p := range ps {
				bb = [4]float64{math.Min(bb[0], p[0]), math.Min(bb[1], p[1]), math.Max(bb[2], p[0]), math.Max(bb[3], p[1])}
			}
		}
		return bb
	}
	before := bbox()
	left, top := before[0], before[1]
	right, bottom := b.width-before[2], b.height-before[3]
	for i := range b.regions {
		r := &b.regions[i]
		x, y := w.at(r.xy[0], r.xy[1])
		r.xy = Point{x, y}
		cxy := map[string]Point{}
		for c, q := range r.coastXY {
			x, y := w.at(q[0], q[1])
			cxy[c] = Point{x, y}
		}
		r.coastXY = cxy
	}
	after := bbox()
	dx, dy := left-after[0], top-after[1]
	for i := range b.regions {
		r := &b.regions[i]
		r.xy = Point{r.xy[0] + dx, r.xy[1] + dy}
		for c, q := range r.coastXY {
			r.coastXY[c] = Point{q[0] + dx, q[1] + dy}
		}
	}
	b.width = math.Round(after[2] + dx + right)
	b.height = math.Round(after[3] + dy + bottom)
}

// regionCls is the class of region i's pixels.
func (d *drawing) regionCls(i int) int8 {
	if d.b.regions[i].sea() {
		return clsSea
	}
	return clsLand
}

// seeds are the points the regions grow from: each region's point and, off
// the standard map, the fleet points of its coasts. Each point's room is
// half the distance to the nearest point of another region.
func (d *drawing) seeds() []seed {
	var s []seed
	for i, r := range d.b.regions {
		s = append(s, seed{x: d.pos[i][0], y: d.pos[i][1], reg: i, main: true})
		if d.geo {
			for _, ll := range drawChain[r.id] {
				p := d.proj.at(ll)
				s = append(s, seed{x: p[0] * d.g.k, y: p[1] * d.g.k, reg: i, chain: true})
			}
		} else {
			for _, c := range r.coasts {
				p := r.coastXY[c]
				s = append(s, seed{x: p[0] * d.g.k, y: p[1] * d.g.k, reg: i})
			}
		}
	}
	for i := range s {
		s[i].x2, s[i].y2 = s[i].x, s[i].y
		near := math.Inf(1)
		for j := range s {
			if s[j].reg != s[i].reg {
				near = math.Min(near, math.Hypot(s[i].x-s[j].x, s[i].y-s[j].y))
			}
		}
		if math.IsInf(near, 1) {
			near = float64(max(d.g.w, d.g.h))
		}
		s[i].room = math.Max(1, near/2)
		s[i].size = s[i].room
	}
	return s
}

// stars adds to the points each region's star: the line from its point to
// each of its fleet points, and for each pair of adjacent provinces the line
// between their points, split between the two where their rooms meet (seas
// count seaRoom times their room, so coastlines lie nearer the land). Lines
// that would cross a shorter one, or pass close by a third region's point,
// are left out: the two provinces may still touch, but nothing is cut in
// two. The room of a point becomes the power of its seed (only impassable
// areas keep some, as nothing else grows toward them).
func (d *drawing) stars(pts []seed) []seed {
	b := d.b
	type line struct {
		a, z   int // regions
		pa, pz [2]float64
		self   bool
	}
	mainOf := map[int]*seed{}
	for i := range pts {
		if pts[i].main {
			mainOf[pts[i].reg] = &pts[i]
		}
	}
	var accepted, cands []line
	for i := range pts {
		if !pts[i].main {
			m := &pts[i-1] // the seed before a chained one
			if !pts[i].chain {
				m = mainOf[pts[i].reg]
			}
			accepted = append(accepted, line{pts[i].reg, pts[i].reg, [2]float64{m.x, m.y}, [2]float64{pts[i].x, pts[i].y}, true})
		}
	}
	// The end of a province's side of a line to province z: its point, or
	// for a sea beside a split coast, the fleet point of the coast nearest it.
	endOf := func(a, z int) [2]float64 {
		m := mainOf[a]
		best := [2]float64{m.x, m.y}
		r := &b.regions[a]
		if d.geo || len(r.coasts) == 0 || !b.regions[z].sea() {
			return best
		}
		bd := math.Inf(1)
		zm := mainOf[z]
		for _, c := range r.coasts {
			for _, sea := range b.coastSeas[r.id+"/"+c] {
				if sea == z {
					q := r.coastXY[c]
					q = Point{q[0] * d.g.k, q[1] * d.g.k}
					if dd := math.Hypot(q[0]-zm.x, q[1]-zm.y); dd < bd {
						best, bd = [2]float64{q[0], q[1]}, dd
					}
				}
			}
		}
		return best
	}
	for a := 0; a < b.provinces; a++ {
		for _, z := range sortedKeys(b.adj[a]) {
			if z <= a || z >= b.provinces {
				continue
			}
			cands = append(cands, line{a: a, z: z, pa: endOf(a, z), pz: endOf(z, a)})
		}
	}
	length := func(l line) float64 { return math.Hypot(l.pz[0]-l.pa[0], l.pz[1]-l.pa[1]) }
	sort.SliceStable(cands, func(i, j int) bool { return length(cands[i]) < length(cands[j]) })
	for _, c := range cands {
		ok := true
		for _, a := range accepted {
			if segmentsCross(c.pa[0], c.pa[1], c.pz[0], c.pz[1], a.pa[0], a.pa[1], a.pz[0], a.pz[1]) {
				ok = false
				break
			}
		}
		for i := range pts {
			p := &pts[i]
			if !ok || p.reg == c.a || p.reg == c.z {
				continue
			}
			s := seed{wx: c.pa[0], wy: c.pa[1], wx2: c.pz[0], wy2: c.pz[1]}
			clear := 0.5 * p.room
			if s.dist2(p.x, p.y) < clear*clear {
				ok = false
			}
		}
		if ok {
			accepted = append(accepted, c)
		}
	}
	out := append([]seed(nil), pts...)
	for _, l := range accepted {
		if l.self {
			out = append(out, seed{x: l.pa[0], y: l.pa[1], x2: l.pz[0], y2: l.pz[1], reg: l.a, size: mainOf[l.a].size})
			continue
		}
		ra, rz := mainOf[l.a].room, mainOf[l.z].room
		if b.regions[l.a].sea() {
			ra *= seaRoom
		}
		if b.regions[l.z].sea() {
			rz *= seaRoom
		}
		t := ra / (ra + rz)
		if d.geo && !b.regions[l.a].sea() && !b.regions[l.z].sea() {
			// Real land: rooms say less of how far a province reaches.
			t = math.Sqrt(ra) / (math.Sqrt(ra) + math.Sqrt(rz))
		}
		m := [2]float64{l.pa[0] + t*(l.pz[0]-l.pa[0]), l.pa[1] + t*(l.pz[1]-l.pa[1])}
		out = append(out, seed{x: l.pa[0], y: l.pa[1], x2: m[0], y2: m[1], reg: l.a, size: mainOf[l.a].size},
			seed{x: m[0], y: m[1], x2: l.pz[0], y2: l.pz[1], reg: l.z, size: mainOf[l.z].size})
	}
	for i := range out {
		if out[i].main && b.regions[out[i].reg].impassable {
			out[i].room *= impassableRoom
		} else {
			out[i].room = 0
		}
	}
	return out
}

// medianRoom is the median room of the seeds.
func medianRoom(seeds []seed) float64 {
	var v []float64
	for i := range seeds {
		if seeds[i].main {
			v = append(v, seeds[i].room)
		}
	}
	return percentile(v, 0.5)
}

// voronoiClasses sets each pixel's class, land or sea, from its nearest
// seed and smooths the coastlines.
func (d *drawing) voronoiClasses(seeds []seed) {
	g := d.g
	var landS, seaS []int
	for i, s := range seeds {
		if d.b.regions[s.reg].sea() {
			seaS = append(seaS, i)
		} else {
			landS = append(landS, i)
		}
	}
	island := d.island
	const bs = 8
	landC := g.blockCandidates(seeds, landS, bs)
	seaC := g.blockCandidates(seeds, seaS, bs)
	bw := (g.w + bs - 1) / bs
	field := make([]float32, g.w*g.h)
	clamp := 0.5 * d.room
	isle := make([]bool, g.w*g.h)
	// Seas are broad and land provinces small: a pixel is land only when
	// the land is nearer by more than coastShift of the land province's
	// room, which moves coastlines toward the land points.
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := y*g.w + x
			// The margin by which land wins, clamped: blurring it and
			// keeping where it stays positive rounds the coastlines off
			// without wiping out small islands.
			margin := clamp
			if len(seaS) == 0 {
				margin = clamp
			} else if len(landS) == 0 {
				margin = -clamp
			} else {
				l, cl, o, co := g.nearest2(seeds, landC[(y/bs)*bw+x/bs], p)
				_, cs := g.nearest(seeds, seaC[(y/bs)*bw+x/bs], p)
				shift := coastShift * seeds[l].size
				if island[seeds[l].reg] {
					shift = -islandGrow * math.Max(seeds[l].size, 0.6*d.room)
				}
				dl := math.Sqrt(math.Max(0, cl))
				margin = math.Max(-clamp, math.Min(clamp, math.Sqrt(math.Max(0, cs))-shift-dl))
				// Where two coastal provinces that armies cannot cross
				// between would meet, a strait of sea runs instead.
				if o >= 0 {
					a, z := seeds[l].reg, seeds[o].reg
					ra, rz := &d.b.regions[a], &d.b.regions[z]
					if ra.kind != "land" && rz.kind != "land" && !ra.impassable && !rz.impassable &&
						!d.b.landBorder(a, z) && math.Sqrt(math.Max(0, co))-dl < straitWidth*d.room {
						margin = -clamp
					}
				}
				// Islands keep their unblurred shape: the blur would
				// shrink them to dots.
				isle[p] = island[seeds[l].reg] && margin > 0
			}
			field[p] = float32(margin)
		}
	}
	r := int(math.Round(maskSmooth * d.room))
	if r >= 1 {
		boxBlur3(field, g.w, g.h, r)
	}
	for p := range g.cls {
		if field[p] > 0 || isle[p] {
			g.cls[p] = clsLand
		} else {
			g.cls[p] = clsSea
		}
	}
	d.forceDiscs(seeds, seedDisk)
}

// forceDiscs gives the pixels around each seed the class of its region.
func (d *drawing) forceDiscs(seeds []seed, rooms float64) {
	g := d.g
	for _, s := range seeds {
		if !s.main {
			continue
		}
		rad := math.Max(2, rooms*s.size)
		c := d.regionCls(s.reg)
		for y := int(s.y - rad); y <= int(s.y+rad); y++ {
			for x := int(s.x - rad); x <= int(s.x+rad); x++ {
				if x < 0 || y < 0 || x >= g.w || y >= g.h {
					continue
				}
				if math.Hypot(float64(x)+0.5-s.x, float64(y)+0.5-s.y) <= rad {
					g.cls[y*g.w+x] = c
				}
			}
		}
	}
}

// geoClasses sets each pixel's class from real geography and moves seeds
// that fall on the wrong side of a coastline to the nearest pixel of their
// class.
func (d *drawing) geoClasses(land *Land, seeds []seed) {
	g := d.g
	var rings [][]Point
	for _, r := range land.Rings {
		var pr []Point
		for i, q := range r {
			// Edges are split before bending, so they bend too; not the
			// long ones the extract's box cut, which lie far off the board.
			nx := r[(i+1)%len(r)]
			steps := 1
			if l := math.Hypot(nx[0]-q[0], nx[1]-q[1]); l < geoWarpLongEdge {
				steps = int(math.Ceil(l / geoWarpDensify))
			}
			for s := 0; s < max(1, steps); s++ {
				t := float64(s) / float64(max(1, steps))
				p := d.proj.at(Point{q[0] + t*(nx[0]-q[0]), q[1] + t*(nx[1]-q[1])})
				pr = append(pr, Point{p[0] * g.k, p[1] * g.k})
			}
		}
		rings = append(rings, pr)
	}
	in := make([]bool, g.w*g.h)
	fillRings(rings, g.w, g.h, in)
	for p := range g.cls {
		if in[p] {
			g.cls[p] = clsLand
		} else {
			g.cls[p] = clsSea
		}
	}
	d.paintBridges()
	d.neutral = d.neutralMask()
	for i := range seeds {
		s := &seeds[i]
		want := d.regionCls(s.reg)
		// The nearest pixel of the right class with its 8 neighbours.
		best, bd := Point{s.x, s.y}, math.Inf(1)
		deep := func(x, y int) bool {
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= g.w || yy >= g.h || g.cls[yy*g.w+xx] != want {
						return false
					}
				}
			}
			return true
		}
		if deep(int(s.x), int(s.y)) {
			continue
		}
		for rad := 1; rad < 200 && math.IsInf(bd, 1); rad++ {
			for y := int(s.y) - rad; y <= int(s.y)+rad; y++ {
				for x := int(s.x) - rad; x <= int(s.x)+rad; x++ {
					if dd := math.Hypot(float64(x)+0.5-s.x, float64(y)+0.5-s.y); dd < bd && deep(x, y) {
						best, bd = Point{float64(x) + 0.5, float64(y) + 0.5}, dd
					}
				}
			}
		}
		s.x, s.y = best[0], best[1]
		if s.main {
			d.pos[s.reg] = best
		}
	}
}

// assign gives each pixel a region of its class: the nearest seed, inland
// provinces kept off the coast, each region one connected piece.
func (d *drawing) assign(seeds []seed) {
	g := d.g
	var landS, coastS, seaS []int
	for i, s := range seeds {
		switch r := d.b.regions[s.reg]; {
		case r.sea():
			seaS = append(seaS, i)
		case r.kind == "land":
			landS = append(landS, i)
		default:
			landS = append(landS, i)
			coastS = append(coastS, i)
		}
	}
	const bs = 8
	bw := (g.w + bs - 1) / bs
	landC := g.blockCandidates(seeds, landS, bs)
	coastC := g.blockCandidates(seeds, coastS, bs)
	seaC := g.blockCandidates(seeds, seaS, bs)
	isSea := make([]bool, len(g.cls))
	for p, c := range g.cls {
		isSea[p] = c == clsSea
	}
	dsea := edt(isSea, g.w, g.h)
	strip := stripRoom * d.room
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := y*g.w + x
			blk := (y/bs)*bw + x/bs
			var s int
			var c float64
			switch g.cls[p] {
			case clsOff:
				g.lab[p] = offBoard
				continue
			case clsSea:
				if len(seaS) == 0 {
					g.lab[p] = neutralWater
					continue
				}
				s, c = g.nearest(seeds, seaC[blk], p)
			default:
				if len(landS) == 0 {
					g.lab[p] = neutralLand
					continue
				}
				if len(seaS) > 0 && len(coastS) > 0 && float64(dsea[p]) <= strip {
					s, c = g.nearest(seeds, coastC[blk], p)
				} else {
					s, c = g.nearest(seeds, landC[blk], p)
				}
			}
			g.lab[p] = int32(seeds[s].reg)
			if d.neutral != nil && d.neutral[p] && g.cls[p] == clsLand {
				g.lab[p] = neutralLand
				continue
			}
			if r, pw := seeds[s].size, seeds[s].room; d.geo && g.cls[p] == clsLand && c+pw*pw > geoCut*geoCut*r*r {
				g.lab[p] = neutralLand
			}
		}
	}
	// The pixels right around each point are its region's.
	for _, s := range seeds {
		if !s.main {
			continue
		}
		rad := math.Max(2, 0.15*s.size)
		c := d.regionCls(s.reg)
		for y := int(s.y - rad); y <= int(s.y+rad); y++ {
			for x := int(s.x - rad); x <= int(s.x+rad); x++ {
				if x < 0 || y < 0 || x >= g.w || y >= g.h {
					continue
				}
				p := y*g.w + x
				if g.cls[p] == c && math.Hypot(float64(x)+0.5-s.x, float64(y)+0.5-s.y) <= rad {
					g.lab[p] = int32(s.reg)
					g.fixed[p] = true
				}
			}
		}
	}
	d.connect(seeds)
	if d.growSmall(minArea) {
		d.connect(seeds)
	}
}

// growSmall lets each province smaller than share of the median one take,
// ring by ring, the pixels of its class around it from neighbours that can
// spare them (that stay at least that large themselves), and a coastal
// province, if still too small, the water beside it: no province too small
// to find and click. It reports whether any grew.
func (d *drawing) growSmall(share float64) bool {
	g := d.g
	area := make([]int, len(d.b.regions))
	for _, l := range g.lab {
		if l >= 0 {
			area[l]++
		}
	}
	var areas []float64
	for i := 0; i < d.b.provinces; i++ {
		areas = append(areas, float64(area[i]))
	}
	min := share * percentile(areas, 0.5)
	grew := false
	for i := 0; i < d.b.provinces; i++ {
		if float64(area[i]) >= min {
			continue
		}
		cls := d.regionCls(i)
		// First from neighbours of its own class; then, if still too
		// small, across its coast too (the land or water it takes changes
		// class).
		for _, anyClass := range []bool{false, d.b.regions[i].kind == "coast"} {
			var ring []int
			for p, l := range g.lab {
				if l == int32(i) {
					ring = append(ring, p)
				}
			}
			for float64(area[i]) < min && len(ring) > 0 {
				var next []int
				for _, p := range ring {
					g.neighbours4(p, func(q int) {
						l := g.lab[q]
						if float64(area[i]) >= min || l < 0 || l == int32(i) || (g.cls[q] != cls && !anyClass) ||
							g.fixed[q] || d.b.regions[l].impassable || float64(area[l]-1) < min {
							return
						}
						area[l]--
						area[i]++
						g.lab[q], g.cls[q] = int32(i), cls
						next = append(next, q)
					})
				}
				ring = next
				grew = grew || len(next) > 0
			}
		}
	}
	return grew
}

// connect makes each region one piece: pieces cut off from the region's
// points go to the neighbour of their class that reaches them first; what
// no region of its class reaches changes class (off the standard map) or is
// no province (on it: islands, lakes).
func (d *drawing) connect(seeds []seed) {
	g := d.g
	g.keepSeeded(seeds, len(d.b.regions))
	if d.geo {
		g.adopt(func(c int8) int32 {
			if c == clsSea {
				return neutralWater
			}
			return neutralLand
		})
		d.joinIslands()
		return
	}
	g.adopt(func(int8) int32 { return orphan })
	for p, l := range g.lab {
		if l == orphan {
			g.cls[p] = 1 - g.cls[p]
		}
	}
	g.adopt(func(int8) int32 { return offBoard })
}

// joinIslands gives an island that is no province to the province across a
// narrow strait, when the island is smaller than that province (Sicily to
// Naples, Zealand to Denmark; not Ireland, not Corsica).
func (d *drawing) joinIslands() {
	g := d.g
	comp, sizes := components(func(i int) bool { return g.lab[i] == neutralLand }, g.w, g.h)
	area := make([]int, len(d.b.regions))
	for _, l := range g.lab {
		if l >= 0 {
			area[l]++
		}
	}
	gap := int(math.Max(3, 0.004*float64(g.w)))
	for c := range sizes {
		// Breadth first from the island across water, gap steps at most.
		dist := map[int]int{}
		var queue []int
		for p, cc := range comp {
			if int(cc) == c {
				dist[p] = 0
				queue = append(queue, p)
			}
		}
		found := int32(-1)
		attached := false
		for len(queue) > 0 && found < 0 && !attached {
			p := queue[0]
			queue = queue[1:]
			if dist[p] >= gap {
				continue
			}
			g.neighbours4(p, func(q int) {
				if _, seen := dist[q]; seen || found >= 0 {
					return
				}
				if l := g.lab[q]; l >= 0 && !d.b.regions[l].sea() && !d.b.regions[l].impassable {
					if dist[p] == 0 {
						// Land that borders a province is no island
						// (Africa beyond Tunis).
						found, queue = -1, nil
						attached = true
						return
					}
					if sizes[c] < area[l] && !attached {
						found = l
					}
					return
				}
				if g.cls[q] == clsSea {
					dist[q] = dist[p] + 1
					queue = append(queue, q)
				}
			})
		}
		if found >= 0 {
			for p, cc := range comp {
				if int(cc) == c {
					g.lab[p] = found
				}
			}
		}
	}
}

// fitProjection places the standard map's real-world points on a board
// width units wide, with a margin around the outermost points, the plane
// bent toward the board's proportions by the lenses of boardLenses.
func fitProjection(b *board, width float64) *projection {
	pr := &projection{lon0: 12, lat0: 50, scale: 1}
	pr.bend = newGeoWarp(pr, boardLenses)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range b.regions {
		x, y := pr.bend.at(pr.raw(*r.lonlat))
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	mx, my := 0.05*(maxX-minX), 0.05*(maxY-minY)
	minX, maxX, minY, maxY = minX-mx, maxX+mx, minY-my, maxY+my
	pr.scale = width / (maxX - minX)
	pr.x0, pr.y0 = minX, maxY
	pr.width, pr.height = width, math.Round((maxY-minY)*pr.scale)
	return pr
}

// ProvinceShape is one province of a drawn map file
// (web/static/maps/README.md says what each field means).
type ProvinceShape struct {
	ID        string           `json:"id"`
	Name      string           `json:"name"`
	Abbr      string           `json:"abbr"`
	Kind      string           `json:"kind"`
	SC        bool             `json:"sc"`
	Path      string           `json:"path"`
	Label     Point            `json:"label"`
	LabelSize float64          `json:"label_size,omitempty"`
	Unit      Point            `json:"unit"`
	SCAt      *Point           `json:"sc_at,omitempty"`
	Coasts    map[string]Point `json:"coasts,omitempty"`
}

// ImpassableShape is one impassable area of a drawn map file.
type ImpassableShape struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Abbr  string `json:"abbr"`
	Path  string `json:"path"`
	Label Point  `json:"label"`
}

// output traces the regions and places labels and units.
func (d *drawing) output(seeds []seed, width, height float64) ([]byte, error) {
	g, b := d.g, d.b
	chains := g.traceChains()
	for _, c := range chains {
		c.smooth(smoothEps)
	}
	n := len(b.regions)
	pix := make([][]int, n)
	bbox := make([][4]int, n)
	for i := range bbox {
		bbox[i] = [4]int{g.w, g.h, -1, -1}
	}
	border := make([]bool, len(g.lab))
	for p, l := range g.lab {
		x, y := p%g.w, p/g.w
		if x == 0 || y == 0 || x == g.w-1 || y == g.h-1 {
			border[p] = true
		}
		g.neighbours4(p, func(q int) {
			if g.lab[q] != l {
				border[p] = true
			}
		})
		if l >= 0 {
			pix[l] = append(pix[l], p)
			bb := &bbox[l]
			bb[0], bb[1] = min(bb[0], x), min(bb[1], y)
			bb[2], bb[3] = max(bb[2], x), max(bb[3], y)
		}
	}
	for i, px := range pix {
		if len(px) == 0 {
			return nil, fmt.Errorf("map %s: %s has no region", b.id, b.regions[i].id)
		}
	}
	// Units and labels go on the main piece of a region, the one with its
	// point (Naples, not Sicily).
	pc, owner, size := g.pieces()
	mainPiece := make([]int32, n)
	for i := range mainPiece {
		mainPiece[i] = -1
		x, y := int(d.pos[i][0]), int(d.pos[i][1])
		if x >= 0 && y >= 0 && x < g.w && y < g.h && g.lab[y*g.w+x] == int32(i) {
			mainPiece[i] = pc[y*g.w+x]
		}
	}
	noPoint := make([]bool, n) // the point's pixel is another region's: the largest piece
	for i := range noPoint {
		noPoint[i] = mainPiece[i] < 0
	}
	for c, l := range owner {
		if noPoint[l] && (mainPiece[l] < 0 || size[c] > size[mainPiece[l]]) {
			mainPiece[l] = int32(c)
		}
	}
	mainPix := make([][]int, n)
	for i := range pix {
		for _, p := range pix[i] {
			if pc[p] == mainPiece[i] {
				mainPix[i] = append(mainPix[i], p)
			}
		}
	}
	dt := edt(border, g.w, g.h)
	var depths []float64
	for i := 0; i < b.provinces; i++ {
		dd := deepest(pix[i], g.w, dt)
		depths = append(depths, float64(dt[int(dd[1])*g.w+int(dd[0])]))
	}
	unit := 1.3 * percentile(depths, 0.25) // diameter, pixels
	ru := unit / 2

	abbr := abbreviations(b.regions)
	units := make([]Point, n)
	coasts := make([]map[string]Point, n)
	for i := 0; i < b.provinces; i++ {
		r := &b.regions[i]
		units[i] = settle(mainPix[i], g.w, dt, g.lab, int32(i), d.pos[i], ru)
		if len(r.coasts) > 0 {
			coasts[i] = map[string]Point{}
			for _, c := range r.coasts {
				var p Point
				if d.geo {
					p = d.coastPoint(i, c, pix[i])
				} else {
					q := r.coastXY[c]
					p = Point{q[0] * g.k, q[1] * g.k}
				}
				coasts[i][c] = settle(mainPix[i], g.w, dt, g.lab, int32(i), p, ru*0.8)
			}
		}
	}
	// Labels: the largest font most provinces fit, clear of their units.
	fonts := []float64{}
	for f := 1.0; f >= 0.3; f -= 0.1 {
		fonts = append(fonts, f*unit)
	}
	type placed struct {
		at   Point
		font float64
	}
	fits := make([][]placed, n) // by region, one per font tried (zero when none)
	for i := 0; i < n; i++ {
		bb := bbox[i]
		in := g.integralOf(int32(i), bb[0], bb[1], bb[2], bb[3])
		var discs [][3]float64
		if i < b.provinces {
			discs = append(discs, [3]float64{units[i][0], units[i][1], ru})
			for _, c := range b.regions[i].coasts {
				p := coasts[i][c]
				discs = append(discs, [3]float64{p[0], p[1], ru * 0.8})
			}
		}
		text := abbr[i]
		for _, f := range fonts {
			bw, bh := labelBox(len([]rune(text)), f)
			at, ok := placeLabel(mainPix[i], g.w, dt, in, bw, bh, discs)
			if !ok {
				at, ok = placeLabel(mainPix[i], g.w, dt, in, bw, bh, nil)
			}
			if ok {
				fits[i] = append(fits[i], placed{at, f})
			} else {
				fits[i] = append(fits[i], placed{})
			}
		}
	}
	var best []float64
	for i := 0; i < b.provinces; i++ {
		f := 0.0
		for _, p := range fits[i] {
			if p.font > 0 {
				f = p.font
				break
			}
		}
		best = append(best, f)
	}
	font := math.Min(percentile(best, 0.15), 0.8*unit)
	label := func(i int) (Point, float64) {
		for _, p := range fits[i] {
			if p.font > 0 && p.font <= font+1e-9 {
				return p.at, p.font
			}
		}
		// Nothing fits: the deepest spot, at the size whose box fits in
		// the disc the region has there.
		at := deepest(mainPix[i], g.w, dt)
		depth := float64(dt[int(at[1])*g.w+int(at[0])]) - 1
		bw, bh := labelBox(len([]rune(abbr[i])), 1)
		return at, math.Max(0.1, depth/math.Hypot(bw, bh))
	}

	k := g.k
	out := func(p Point) Point { return Point{math.Round(p[0]/k*10) / 10, math.Round(p[1]/k*10) / 10} }
	var provs []ProvinceShape
	for i := 0; i < b.provinces; i++ {
		r := &b.regions[i]
		at, f := label(i)
		op := ProvinceShape{ID: r.id, Name: r.name, Abbr: abbr[i], Kind: r.kind, SC: r.center,
			Path: pathData(rings(chains, int32(i)), k, true), Label: out(at), Unit: out(units[i])}
		if f < font-1e-9 {
			op.LabelSize = math.Round(f/k*10) / 10
		}
		if r.center {
			bw, bh := labelBox(len([]rune(abbr[i])), f)
			avoid := [][3]float64{{units[i][0], units[i][1], ru}}
			for _, c := range r.coasts {
				avoid = append(avoid, [3]float64{coasts[i][c][0], coasts[i][c][1], 0.8 * ru})
			}
			sc := placeMarker(mainPix[i], g.w, dt, unit*scMarker, units[i], avoid, [4]float64{at[0] - bw, at[1] - bh, at[0] + bw, at[1] + bh})
			op.SCAt = new(Point)
			*op.SCAt = out(sc)
		}
		if coasts[i] != nil {
			op.Coasts = map[string]Point{}
			for c, p := range coasts[i] {
				op.Coasts[c] = out(p)
			}
		}
		provs = append(provs, op)
	}
	var imps []ImpassableShape
	for i := b.provinces; i < n; i++ {
		at, _ := label(i)
		imps = append(imps, ImpassableShape{ID: b.regions[i].id, Name: b.regions[i].name, Abbr: abbr[i],
			Path: pathData(rings(chains, int32(i)), k, true), Label: out(at)})
	}
	// Coastlines: the borders between land and water.
	clsOf := func(l int32) int8 {
		switch {
		case l >= 0:
			return d.regionCls(int(l))
		case l == neutralLand:
			return clsLand
		case l == neutralWater:
			return clsSea
		}
		return clsOff
	}
	var coast [][]Point
	for _, c := range chains {
		a, z := clsOf(c.left), clsOf(c.right)
		if a != clsOff && z != clsOff && a != z {
			coast = append(coast, c.pts)
		}
	}
	sort.SliceStable(coast, func(i, j int) bool { return len(coast[i]) > len(coast[j]) })
	var buf bytes.Buffer
	head := map[string]any{"id": b.id, "title": b.title, "width": width, "height": height,
		"unit_size": math.Round(unit/k*10) / 10, "label_size": math.Round(font/k*10) / 10}
	if d.geo {
		head["projection"] = fmt.Sprintf("Lambert azimuthal equal-area centred on %gE %gN, bent by lenses to the board's proportions; land from Natural Earth 1:50m (public domain)", d.proj.lon0, d.proj.lat0)
	}
	keys := make([]string, 0, len(head))
	for k := range head {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	buf.WriteString("{\n")
	for _, key := range keys {
		v, _ := json.Marshal(head[key])
		fmt.Fprintf(&buf, "%q: %s,\n", key, v)
	}
	write := func(name string, items []any) {
		fmt.Fprintf(&buf, "%q: [\n", name)
		for i, it := range items {
			v, _ := json.Marshal(it)
			buf.Write(v)
			if i < len(items)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString("],\n")
	}
	items := make([]any, len(provs))
	for i := range provs {
		items[i] = provs[i]
	}
	write("provinces", items)
	items = make([]any, len(imps))
	for i := range imps {
		items[i] = imps[i]
	}
	write("impassable", items)
	neutral := func(l int32) string { return pathData(rings(chains, l), k, true) }
	v, _ := json.Marshal(neutral(neutralLand))
	fmt.Fprintf(&buf, "\"neutral_land\": %s,\n", v)
	v, _ = json.Marshal(neutral(neutralWater))
	fmt.Fprintf(&buf, "\"neutral_water\": %s,\n", v)
	v, _ = json.Marshal(pathData(coast, k, false))
	fmt.Fprintf(&buf, "\"coastline\": %s\n}\n", v)
	return buf.Bytes(), nil
}

// coastPoint is where a fleet on coast c of province i stands on the
// standard map: inside the province, by the water of the seas that coast
// reaches (those only it reaches, when there are any).
func (d *drawing) coastPoint(i int, c string, pix []int) Point {
	g, b := d.g, d.b
	r := &b.regions[i]
	mine := map[int]bool{}
	for _, s := range b.coastSeas[r.id+"/"+c] {
		mine[s] = true
	}
	only := map[int]bool{}
	for s := range mine {
		only[s] = true
	}
	for _, o := range r.coasts {
		if o != c {
			for _, s := range b.coastSeas[r.id+"/"+o] {
				delete(only, s)
			}
		}
	}
	if len(only) > 0 {
		mine = only
	}
	var sx, sy float64
	var shore []int
	for _, p := range pix {
		touch := false
		g.neighbours4(p, func(q int) {
			if l := g.lab[q]; l >= 0 && mine[int(l)] {
				touch = true
			}
		})
		if touch {
			shore = append(shore, p)
			sx += float64(p%g.w) + 0.5
			sy += float64(p/g.w) + 0.5
		}
	}
	if len(shore) == 0 {
		return d.pos[i]
	}
	sx, sy = sx/float64(len(shore)), sy/float64(len(shore))
	best, bd := 0, math.Inf(1)
	for _, p := range shore {
		if dd := math.Hypot(float64(p%g.w)+0.5-sx, float64(p/g.w)+0.5-sy); dd < bd {
			best, bd = p, dd
		}
	}
	return Point{float64(best%g.w) + 0.5, float64(best/g.w) + 0.5}
}
