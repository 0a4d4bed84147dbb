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
	targetPixels = 1_000_000 // raster size per map
	geoCut       = 3.2       // the standard map: land this many rooms from every point is no province
	warpAmp      = 0.14      // border wobble amplitude, in rooms (median)
	warpWave     = 0.9       // and its wavelength
	seaRoom      = 1.3       // in the land/sea split, sea points count this much more room
	maskSmooth   = 0.3       // land mask blur, in rooms
	seedDisk     = 0.3       // the disc around a point that keeps its class, in rooms
	stripRoom    = 0.12      // inland provinces stay this far off the sea, in rooms (median)
	smoothEps    = 0.7       // border simplification tolerance, raster pixels
)

// drawing is what Draw computes for one map, in raster pixels.
type drawing struct {
	b    *board
	g    *grid
	geo  bool
	proj *projection
	pos  []Point // each region's point, raster pixels
}

// Draw draws a project map file (the bytes of diplomacy/maps/<id>.json) and
// returns the bytes of web/static/maps/<id>.json. land is the geography the
// standard map is drawn on (nil draws every map from its points alone).
func Draw(mapJSON []byte, land *Land) ([]byte, error) {
	b, err := parseBoard(mapJSON)
	if err != nil {
		return nil, err
	}
	d := &drawing{b: b}
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
			pts[i] = d.proj.at(*r.lonlat)
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
	w := warp{amp: warpAmp * mr, wave: warpWave * mr}
	if d.geo {
		d.geoClasses(land, seeds)
		d.g.setWarp(w, seeds)
	} else {
		d.g.setWarp(w, seeds)
		d.voronoiClasses(seeds)
	}
	d.assign(seeds)
	return d.output(seeds, width, height)
}

// regionCls is the class of region i's pixels.
func (d *drawing) regionCls(i int) int8 {
	if d.b.regions[i].sea() {
		return clsSea
	}
	return clsLand
}

// seeds are the points the regions grow from: each region's point and, off
// the standard map, the fleet points of its coasts. Each seed's room is half
// the distance to the nearest seed of another region.
func (d *drawing) seeds() []seed {
	var s []seed
	for i, r := range d.b.regions {
		s = append(s, seed{x: d.pos[i][0], y: d.pos[i][1], reg: i})
		if !d.geo {
			for _, c := range r.coasts {
				p := r.coastXY[c]
				s = append(s, seed{x: p[0] * d.g.k, y: p[1] * d.g.k, reg: i})
			}
		}
	}
	for i := range s {
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
	}
	return s
}

// medianRoom is the median room of the seeds.
func medianRoom(seeds []seed) float64 {
	var v []float64
	for i := range seeds {
		v = append(v, seeds[i].room)
	}
	return percentile(v, 0.5)
}

// voronoiClasses sets each pixel's class, land or sea, from its nearest
// seed and smooths the coastlines.
func (d *drawing) voronoiClasses(seeds []seed) {
	g := d.g
	all := make([]int, len(seeds))
	for i := range all {
		all[i] = i
	}
	// Seas are broad and land provinces small: in the split, sea points
	// get more room, which moves coastlines toward the land points.
	biased := append([]seed(nil), seeds...)
	for i := range biased {
		if d.b.regions[biased[i].reg].sea() {
			biased[i].room *= seaRoom
		}
	}
	seeds = biased
	const bs = 8
	cands := g.blockCandidates(seeds, all, bs)
	bw := (g.w + bs - 1) / bs
	field := make([]float32, g.w*g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := y*g.w + x
			s, _ := g.nearest(seeds, cands[(y/bs)*bw+x/bs], p)
			g.cls[p] = d.regionCls(seeds[s].reg)
			if g.cls[p] == clsLand {
				field[p] = 1
			}
		}
	}
	r := int(math.Round(maskSmooth * medianRoom(seeds)))
	if r >= 1 {
		boxBlur3(field, g.w, g.h, r)
	}
	for p := range g.cls {
		if g.cls[p] == clsOff {
			continue
		}
		if field[p] >= 0.5 {
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
		rad := math.Max(2, rooms*s.room)
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
		pr := make([]Point, len(r))
		for i, q := range r {
			p := d.proj.at(q)
			pr[i] = Point{p[0] * g.k, p[1] * g.k}
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
		d.pos[s.reg] = best
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
	strip := stripRoom * medianRoom(seeds)
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
			if r := seeds[s].room; d.geo && g.cls[p] == clsLand && c+r*r > geoCut*geoCut*r*r {
				g.lab[p] = neutralLand
			}
		}
	}
	// The pixels right around each point are its region's.
	for _, s := range seeds {
		rad := math.Max(2, 0.15*s.room)
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
		for len(queue) > 0 && found < 0 {
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
					if sizes[c] < area[l] {
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
// width units wide, with a margin around the outermost points.
func fitProjection(b *board, width float64) *projection {
	pr := &projection{lon0: 12, lat0: 50, scale: 1}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range b.regions {
		x, y := pr.raw(*r.lonlat)
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

// outProvince is one province of the output file.
type outProvince struct {
	ID        string           `json:"id"`
	Name      string           `json:"name"`
	Abbr      string           `json:"abbr"`
	Kind      string           `json:"kind"`
	SC        bool             `json:"sc"`
	Path      string           `json:"path"`
	Label     Point            `json:"label"`
	LabelSize float64          `json:"label_size,omitempty"`
	Unit      Point            `json:"unit"`
	Coasts    map[string]Point `json:"coasts,omitempty"`
}

// outImpassable is one impassable area of the output file.
type outImpassable struct {
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
		units[i] = settle(pix[i], g.w, dt, g.lab, int32(i), d.pos[i], ru)
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
				coasts[i][c] = settle(pix[i], g.w, dt, g.lab, int32(i), p, ru*0.8)
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
			at, ok := placeLabel(pix[i], g.w, dt, in, bw, bh, discs)
			if !ok {
				at, ok = placeLabel(pix[i], g.w, dt, in, bw, bh, nil)
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
		return deepest(pix[i], g.w, dt), fonts[len(fonts)-1]
	}

	k := g.k
	out := func(p Point) Point { return Point{math.Round(p[0]/k*10) / 10, math.Round(p[1]/k*10) / 10} }
	var provs []outProvince
	for i := 0; i < b.provinces; i++ {
		r := &b.regions[i]
		at, f := label(i)
		op := outProvince{ID: r.id, Name: r.name, Abbr: abbr[i], Kind: r.kind, SC: r.center,
			Path: pathData(rings(chains, int32(i)), k, true), Label: out(at), Unit: out(units[i])}
		if f < font-1e-9 {
			op.LabelSize = math.Round(f/k*10) / 10
		}
		if coasts[i] != nil {
			op.Coasts = map[string]Point{}
			for c, p := range coasts[i] {
				op.Coasts[c] = out(p)
			}
		}
		provs = append(provs, op)
	}
	var imps []outImpassable
	for i := b.provinces; i < n; i++ {
		at, _ := label(i)
		imps = append(imps, outImpassable{ID: b.regions[i].id, Name: b.regions[i].name, Abbr: abbr[i],
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
		head["projection"] = fmt.Sprintf("Lambert azimuthal equal-area centred on %gE %gN; land from Natural Earth 1:50m (public domain)", d.proj.lon0, d.proj.lat0)
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
