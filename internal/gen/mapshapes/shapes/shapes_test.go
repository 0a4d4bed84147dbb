package shapes

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// TestExtractLand decodes a small TopoJSON topology (quantized, delta
// encoded, an arc used reversed) and keeps the part inside the box.
func TestExtractLand(t *testing.T) {
	// Arc 0 runs (0,40) → (10,40) → (10,50); arc 1 runs (0,40) → (0,50) →
	// (10,50). The ring [0, ~1] is the square 0..10 × 40..50 (in degrees
	// after the transform: scale 1, translate 0); a second polygon lies far
	// outside the box (longitude 100) and is dropped.
	topo := `{"type":"Topology","transform":{"scale":[1,1],"translate":[0,0]},
	 "arcs":[[[0,40],[10,0],[0,10]],[[0,40],[0,10],[10,0]],[[100,0],[5,0],[0,5],[-5,0],[0,-5]]],
	 "objects":{"land":{"type":"GeometryCollection","geometries":[
	  {"type":"MultiPolygon","arcs":[[[0,-2]],[[2]]]}]}}}`
	data, err := ExtractLand([]byte(topo), "test")
	if err != nil {
		t.Fatal(err)
	}
	land, err := ParseLand(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(land.Rings) != 1 {
		t.Fatalf("%d rings, want 1: %v", len(land.Rings), land.Rings)
	}
	r := land.Rings[0]
	if a := math.Abs(RingArea(r)); math.Abs(a-100) > 1e-9 {
		t.Errorf("ring %v has area %v, want 100", r, a)
	}
	for _, p := range [][2]float64{{0, 40}, {10, 40}, {10, 50}, {0, 50}} {
		found := false
		for _, q := range r {
			if q == (Point{p[0], p[1]}) {
				found = true
			}
		}
		if !found {
			t.Errorf("ring %v lacks corner %v", r, p)
		}
	}
	for _, bad := range []string{`{`, `{"type":"Feature"}`, `{"type":"Topology","objects":{}}`,
		`{"type":"Topology","arcs":[],"objects":{"land":{"type":"GeometryCollection","geometries":[{"type":"Polygon","arcs":[[5]]}]}}}`} {
		if _, err := ExtractLand([]byte(bad), "x"); err == nil {
			t.Errorf("ExtractLand(%s) took it", bad)
		}
	}
	if _, err := ParseLand([]byte(`{"rings":[]}`)); err == nil || !strings.Contains(err.Error(), "no rings") {
		t.Errorf("an empty extract: %v", err)
	}
}

// TestClipRing clips a square crossing the box's west edge.
func TestClipRing(t *testing.T) {
	r := ClipRing([]Point{{-10, 0}, {10, 0}, {10, 10}, {-10, 10}}, [4]float64{0, -5, 20, 20})
	if a := math.Abs(RingArea(r)); math.Abs(a-100) > 1e-9 {
		t.Errorf("clipped %v, area %v, want 100", r, a)
	}
	if r := ClipRing([]Point{{-10, 0}, {-5, 0}, {-5, 5}}, [4]float64{0, 0, 1, 1}); len(r) != 0 {
		t.Errorf("a ring outside the box kept %v", r)
	}
}

// TestPathDataRoundTrip: what pathData writes, parsePath reads back, in map
// units rounded to one decimal, several rings after one another.
func TestPathDataRoundTrip(t *testing.T) {
	k := 2.0 // raster pixels per unit
	rings := [][]Point{
		{{0, 0}, {20, 0}, {20, 10}, {0, 10}, {0, 0}},
		{{41, 41}, {61.3, 41}, {51, 60.77}},
	}
	d := pathData(rings, k, true)
	if strings.ContainsAny(d, "LlMZ,") || !strings.HasPrefix(d, "m") || strings.Count(d, "z") != 2 {
		t.Errorf("path %q: want relative m … z subpaths only", d)
	}
	got, err := parsePath(d)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Point{
		{{0, 0}, {10, 0}, {10, 5}, {0, 5}},
		{{20.5, 20.5}, {30.7, 20.5}, {25.5, 30.4}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d rings back, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("ring %d: %v, want %v", i, got[i], want[i])
		}
		for j := range want[i] {
			if math.Abs(got[i][j][0]-want[i][j][0]) > 1e-9 || math.Abs(got[i][j][1]-want[i][j][1]) > 1e-9 {
				t.Errorf("ring %d point %d: %v, want %v", i, j, got[i][j], want[i][j])
			}
		}
	}
	// A loop that simplified to nothing is left out.
	if d := pathData([][]Point{{{0, 0}, {1, 0}, {0, 0}}}, 1, true); d != "" {
		t.Errorf("a degenerate loop wrote %q", d)
	}
}

// TestSimplifyKeepsEnds: Douglas-Peucker keeps the ends and the corner.
func TestSimplifyKeepsEnds(t *testing.T) {
	p := []Point{{0, 0}, {1, 0.01}, {2, 0}, {3, 0.02}, {4, 0}, {4, 4}}
	got := Simplify(p, 0.1)
	if len(got) != 3 || got[0] != p[0] || got[1] != (Point{4, 0}) || got[2] != p[5] {
		t.Errorf("simplified %v", got)
	}
}

// TestAbbreviations: short ids stand for themselves; long names get
// unique letters.
func TestAbbreviations(t *testing.T) {
	regs := []region{{id: "bre", name: "Brest"}, {id: "north_atlantic_ocean", name: "North Atlantic Ocean"},
		{id: "apulia", name: "Apulia"}, {id: "apennines", name: "Apennines"}, {id: "adriatic_sea_1", name: "Adriatic Sea 1"},
		{id: "adriatic_sea_2", name: "Adriatic Sea 2"}, {id: "the_hebrides", name: "The Hebrides"}}
	got := abbreviations(regs)
	want := []string{"Bre", "NAO", "Apu", "Ape", "AS1", "AS2", "Heb"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: %q, want %q", regs[i].id, got[i], want[i])
		}
	}
}

// TestDrawRefusesBadMaps: a map that cannot be drawn is refused with an
// error that names the problem.
func TestDrawRefusesBadMaps(t *testing.T) {
	good := map[string]any{"id": "tiny", "title": "Tiny", "space": map[string]any{"width": 100, "height": 100},
		"provinces": []any{
			map[string]any{"id": "a", "name": "A", "kind": "coast", "xy": []float64{20, 50}},
			map[string]any{"id": "b", "name": "B", "kind": "coast", "xy": []float64{50, 30}},
			map[string]any{"id": "s", "name": "S", "kind": "sea", "xy": []float64{60, 80}},
		},
		"army":  map[string]string{"a": "b", "b": "a"},
		"fleet": map[string]string{"a": "b s", "b": "a s", "s": "a b"},
	}
	enc := func(m map[string]any) []byte {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	out, err := Draw(enc(good), nil)
	if err != nil {
		t.Fatalf("a good tiny map: %v", err)
	}
	var f File
	if err := json.Unmarshal(out, &f); err != nil || len(f.Provinces) != 3 {
		t.Fatalf("tiny map drawn as %d provinces (%v)", len(f.Provinces), err)
	}
	for _, c := range []struct {
		spoil func(m map[string]any)
		want  string
	}{
		{func(m map[string]any) { m["space"] = map[string]any{"width": 0, "height": 100} }, "no drawing space"},
		{func(m map[string]any) { delete(m["provinces"].([]any)[1].(map[string]any), "xy") }, "province b has no drawing point"},
		{func(m map[string]any) { m["provinces"].([]any)[0].(map[string]any)["kind"] = "lava" }, `kind "lava"`},
		{func(m map[string]any) { m["army"] = map[string]string{"a": "zz"} }, "borders unknown zz"},
		{func(m map[string]any) {
			m["provinces"].([]any)[0].(map[string]any)["coasts"] = []string{"nc"}
		}, "coast a/nc has no drawing point"},
	} {
		var m map[string]any
		if err := json.Unmarshal(enc(good), &m); err != nil {
			t.Fatal(err)
		}
		c.spoil(m)
		if _, err := Draw(enc(m), nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one with %q", err, c.want)
		}
	}
	if _, err := Draw([]byte("{"), nil); err == nil {
		t.Error("broken JSON drawn")
	}
}

// TestBoardLensesDoNotFold: every lens of the standard map keeps the order
// of points along its rays (so the bent plane cannot fold), its radial map
// is continuous at both radii and increasing, and a lens that magnifies
// does so at its centre; a lens that would fold is caught.
func TestBoardLensesDoNotFold(t *testing.T) {
	pr := &projection{lon0: 12, lat0: 50, scale: 1}
	w := newGeoWarp(pr, boardLenses)
	for i, l := range w.lenses {
		if !l.monotone() {
			t.Errorf("lens %d (%v, %v) is not monotone", i, l.lon, l.lat)
		}
		r0, r1 := l.r0/l.scaleR, l.r1/l.scaleR
		if math.Abs(l.ease(r0)-l.mag*r0) > 1e-12 || math.Abs(l.ease(r1)-r1) > 1e-12 {
			t.Errorf("lens %d: not continuous at its radii", i)
		}
		prev := -1.0
		for k := 0; k <= 1000; k++ {
			r := 1.2 * r1 * float64(k) / 1000
			if e := l.ease(r); e <= prev {
				t.Errorf("lens %d: radial map falls at %v", i, r)
				break
			} else {
				prev = e
			}
		}
		x, y := l.at(l.cx+1e-4, l.cy)
		if got := math.Hypot(x-l.cx, y-l.cy) / 1e-4; math.Abs(got-l.mag) > 1e-6 {
			t.Errorf("lens %d: scale %v at its centre, want %v", i, got, l.mag)
		}
	}
	for id, ls := range mapLenses {
		for i, l := range newPlaneWarp(ls).lenses {
			if !l.monotone() {
				t.Errorf("%s: lens %d (%v, %v) is not monotone", id, i, l.lon, l.lat)
			}
		}
		if _, err := diplomacy.LoadMap(id); err != nil {
			t.Errorf("mapLenses names %s: %v", id, err)
		}
	}
	bad := lens{r0: 500, r1: 600, mag: 2, aspect: 1}
	if bad.monotone() {
		t.Error("a lens that folds (mag 2 out to 500 km, back by 600 km) passed")
	}
}

// TestGeoFixesNameProvinces: every province the standard map's geography
// tables name exists on the map, and the bridges and chains are real
// polylines.
func TestGeoFixesNameProvinces(t *testing.T) {
	m := diplomacy.Standard()
	has := map[string]bool{}
	for _, p := range m.Provinces {
		has[p.ID] = true
	}
	for id := range drawLonLat {
		if !has[id] {
			t.Errorf("drawLonLat names %s, no province of the standard map", id)
		}
	}
	for id, ch := range drawChain {
		if !has[id] || len(ch) == 0 {
			t.Errorf("drawChain: %s %v", id, ch)
		}
	}
	for _, b := range geoBridges {
		if len(b.line) < 2 || b.width <= 0 {
			t.Errorf("bridge %v", b)
		}
	}
}
