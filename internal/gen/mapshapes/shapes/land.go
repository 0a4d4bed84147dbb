package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
)

// Land is real geography for the standard map: the land of Europe and its
// surroundings as polygons of [longitude, latitude] rings (outer rings and
// holes alike; a point is land when an odd number of rings surround it).
// It is an extract of Natural Earth's public-domain 1:50m land polygons
// (ExtractLand), kept in the repository as land.json beside the generator so
// that drawing needs nothing fetched.
type Land struct {
	Source string     `json:"source"`
	Box    [4]float64 `json:"box"` // west, south, east, north
	Rings  [][]Point  `json:"rings"`
}

// landBox is the part of the world the extract keeps.
var landBox = [4]float64{-75, 20, 65, 90}

// ExtractLand reads Natural Earth land polygons in TopoJSON (the file
// land-50m.json of the npm package world-atlas) and keeps what landBox
// covers, simplified to 0.02 degrees and rounded to 0.01: the bytes of the
// extract file.
func ExtractLand(topo []byte, source string) ([]byte, error) {
	var t struct {
		Type      string `json:"type"`
		Transform *struct {
			Scale     [2]float64 `json:"scale"`
			Translate [2]float64 `json:"translate"`
		} `json:"transform"`
		Arcs    [][][2]float64 `json:"arcs"`
		Objects map[string]struct {
			Type       string `json:"type"`
			Geometries []struct {
				Type string          `json:"type"`
				Arcs json.RawMessage `json:"arcs"`
			} `json:"geometries"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(topo, &t); err != nil {
		return nil, fmt.Errorf("topojson: %v", err)
	}
	if t.Type != "Topology" {
		return nil, fmt.Errorf("topojson: type %q, want Topology", t.Type)
	}
	obj, ok := t.Objects["land"]
	if !ok {
		return nil, fmt.Errorf("topojson: no object \"land\"")
	}
	arcs := make([][]Point, len(t.Arcs))
	for i, a := range t.Arcs {
		var x, y float64
		for j, q := range a {
			if t.Transform != nil {
				if j == 0 {
					x, y = q[0], q[1]
				} else {
					x, y = x+q[0], y+q[1]
				}
				arcs[i] = append(arcs[i], Point{x*t.Transform.Scale[0] + t.Transform.Translate[0],
					y*t.Transform.Scale[1] + t.Transform.Translate[1]})
			} else {
				arcs[i] = append(arcs[i], Point{q[0], q[1]})
			}
		}
	}
	ring := func(idx []int) ([]Point, error) {
		var r []Point
		for _, i := range idx {
			var a []Point
			if i >= 0 && i < len(arcs) {
				a = arcs[i]
			} else if j := ^i; j >= 0 && j < len(arcs) {
				for k := len(arcs[j]) - 1; k >= 0; k-- {
					a = append(a, arcs[j][k])
				}
			} else {
				return nil, fmt.Errorf("topojson: arc %d of %d", i, len(arcs))
			}
			if len(r) > 0 && len(a) > 0 {
				a = a[1:]
			}
			r = append(r, a...)
		}
		return r, nil
	}
	out := Land{Source: source, Box: landBox}
	for _, gm := range obj.Geometries {
		var polys [][][]int
		switch gm.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(gm.Arcs, &p); err != nil {
				return nil, err
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(gm.Arcs, &polys); err != nil {
				return nil, err
			}
		default:
			continue
		}
		for _, p := range polys {
			for _, idx := range p {
				r, err := ring(idx)
				if err != nil {
					return nil, err
				}
				r = ClipRing(r, landBox)
				if len(r) < 4 {
					continue
				}
				r = Simplify(append(r, r[0]), 0.02)
				for i := range r {
					r[i] = Point{math.Round(r[i][0]*100) / 100, math.Round(r[i][1]*100) / 100}
				}
				if len(r) >= 4 && math.Abs(RingArea(r)) > 0.0004 {
					out.Rings = append(out.Rings, r[:len(r)-1])
				}
			}
		}
	}
	if len(out.Rings) == 0 {
		return nil, fmt.Errorf("topojson: no land in %v", landBox)
	}
	sort.SliceStable(out.Rings, func(i, j int) bool { return len(out.Rings[i]) > len(out.Rings[j]) })
	// One ring a line, so the file diffs and reads well.
	var b bytes.Buffer
	src, _ := json.Marshal(out.Source)
	fmt.Fprintf(&b, "{\"source\": %s,\n \"box\": [%g, %g, %g, %g],\n \"rings\": [\n", src, landBox[0], landBox[1], landBox[2], landBox[3])
	for i, r := range out.Rings {
		b.WriteString("  [")
		for j, q := range r {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString("[" + strconv.FormatFloat(q[0], 'f', -1, 64) + "," + strconv.FormatFloat(q[1], 'f', -1, 64) + "]")
		}
		b.WriteString("]")
		if i < len(out.Rings)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(" ]}\n")
	return b.Bytes(), nil
}

// ParseLand reads an extract written by ExtractLand.
func ParseLand(data []byte) (*Land, error) {
	var l Land
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, fmt.Errorf("land extract: %v", err)
	}
	if len(l.Rings) == 0 {
		return nil, fmt.Errorf("land extract: no rings")
	}
	return &l, nil
}

// ClipRing clips a closed ring to a box (west, south, east, north, or any
// minimum x, minimum y, maximum x, maximum y) by Sutherland-Hodgman.
func ClipRing(r []Point, box [4]float64) []Point {
	type edge struct {
		inside func(p Point) bool
		cross  func(a, b Point) Point
	}
	at := func(a, b Point, t float64) Point { return Point{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t} }
	edges := []edge{
		{func(p Point) bool { return p[0] >= box[0] }, func(a, b Point) Point { return at(a, b, (box[0]-a[0])/(b[0]-a[0])) }},
		{func(p Point) bool { return p[0] <= box[2] }, func(a, b Point) Point { return at(a, b, (box[2]-a[0])/(b[0]-a[0])) }},
		{func(p Point) bool { return p[1] >= box[1] }, func(a, b Point) Point { return at(a, b, (box[1]-a[1])/(b[1]-a[1])) }},
		{func(p Point) bool { return p[1] <= box[3] }, func(a, b Point) Point { return at(a, b, (box[3]-a[1])/(b[1]-a[1])) }},
	}
	if len(r) > 1 && r[0] == r[len(r)-1] {
		r = r[:len(r)-1]
	}
	for _, e := range edges {
		if len(r) == 0 {
			return nil
		}
		var out []Point
		for i := range r {
			a, b := r[(i+len(r)-1)%len(r)], r[i]
			switch ia, ib := e.inside(a), e.inside(b); {
			case ia && ib:
				out = append(out, b)
			case ia && !ib:
				out = append(out, e.cross(a, b))
			case !ia && ib:
				out = append(out, e.cross(a, b), b)
			}
		}
		r = out
	}
	return r
}

// RingArea is the signed area of a ring (first point may repeat as last).
func RingArea(r []Point) float64 {
	var a float64
	for i := range r {
		p, q := r[i], r[(i+1)%len(r)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return a / 2
}

// projection is the standard map's: Lambert azimuthal equal-area centred on
// central Europe, scaled and shifted into the board's space (x right, y
// down).
type projection struct {
	lon0, lat0    float64
	bend          *geoWarp // toward the board's layout (nil: none)
	scale, x0, y0 float64
	width, height float64 // the board's size
}

// raw projects to the unit sphere's plane (y up).
func (pr *projection) raw(ll Point) (float64, float64) {
	l := (ll[0] - pr.lon0) * math.Pi / 180
	f := ll[1] * math.Pi / 180
	f0 := pr.lat0 * math.Pi / 180
	k := math.Sqrt(2 / (1 + math.Sin(f0)*math.Sin(f) + math.Cos(f0)*math.Cos(f)*math.Cos(l)))
	return k * math.Cos(f) * math.Sin(l), k * (math.Cos(f0)*math.Sin(f) - math.Sin(f0)*math.Cos(f)*math.Cos(l))
}

// at is a real-world point in the board's space.
func (pr *projection) at(ll Point) Point {
	x, y := pr.bend.at(pr.raw(ll))
	return Point{(x - pr.x0) * pr.scale, (pr.y0 - y) * pr.scale}
}

// fillRings sets in[] for the pixels of a w×h raster whose centres an odd
// number of rings (already in raster pixels) surround.
func fillRings(rings [][]Point, w, h int, in []bool) {
	type edge struct{ x0, y0, x1, y1 float64 }
	rows := make([][]edge, h)
	for _, r := range rings {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if a[1] == b[1] {
				continue
			}
			lo, hi := math.Min(a[1], b[1]), math.Max(a[1], b[1])
			y0 := int(math.Max(0, math.Ceil(lo-0.5)))
			y1 := int(math.Min(float64(h-1), math.Floor(hi-0.5)))
			for y := y0; y <= y1; y++ {
				rows[y] = append(rows[y], edge{a[0], a[1], b[0], b[1]})
			}
		}
	}
	var xs []float64
	for y := 0; y < h; y++ {
		cy := float64(y) + 0.5
		xs = xs[:0]
		for _, e := range rows[y] {
			lo, hi := math.Min(e.y0, e.y1), math.Max(e.y0, e.y1)
			if cy < lo || cy >= hi {
				continue
			}
			xs = append(xs, e.x0+(cy-e.y0)*(e.x1-e.x0)/(e.y1-e.y0))
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := int(math.Max(0, math.Ceil(xs[i]-0.5)))
			x1 := int(math.Min(float64(w-1), math.Floor(xs[i+1]-0.5)))
			for x := x0; x <= x1; x++ {
				in[y*w+x] = true
			}
		}
	}
}
