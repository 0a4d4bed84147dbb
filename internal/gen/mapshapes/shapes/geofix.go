package shapes

import "math"

// The standard map's geography, adjusted to its board. The real world and
// the 1971 board differ where the board is roomier than the globe (Britain,
// Italy, the Balkans, the Straits), where a province's real position is not
// where the board puts its middle, where the board joins land across a
// strait (Denmark–Sweden) and where it leaves land out (Africa beyond
// Tunis). These tables say so; nothing else on the map is by hand.

// boardLenses bend the projected plane, applied in order: central Europe
// larger at the expense of the rim (Russia, the Atlantic, Africa), then
// Britain, Denmark, Italy, the Balkans and the Straits larger still. Radii
// in km.
var boardLenses = []lens{
	{lon: 9, lat: 49, r0: 800, r1: 2400, mag: 1.35, aspect: 1},
	{lon: -3, lat: 55.0, r0: 420, r1: 1000, mag: 1.5, aspect: 0.7, angle: 80},
	{lon: 10, lat: 55.8, r0: 150, r1: 420, mag: 1.3, aspect: 1},
	{lon: 14, lat: 41.5, r0: 450, r1: 1000, mag: 1.4, aspect: 0.55, angle: -50},
	{lon: 22, lat: 41.5, r0: 330, r1: 800, mag: 1.3, aspect: 1},
	{lon: 28.8, lat: 40.6, r0: 180, r1: 500, mag: 1.35, aspect: 1},
}

// mapLenses bend the point space of maps drawn from their points alone,
// where the points crowd (centres and radii in the map's units; the space
// grows to keep its margins): Europe on the world maps (Imperial's a tenth
// of its width with a fifth of its provinces), Japan and Indochina.
var mapLenses = map[string][]lens{
	"imperial": {{lon: 395, lat: 82, r0: 40, r1: 140, mag: 1.7, aspect: 0.6}},
	"youngstown": {{lon: 120, lat: 90, r0: 75, r1: 200, mag: 1.45, aspect: 1},
		{lon: 440, lat: 200, r0: 20, r1: 55, mag: 1.5, aspect: 1}, {lon: 352, lat: 305, r0: 25, r1: 65, mag: 1.3, aspect: 1}},
	"youngstown_redux":   {{lon: 1150, lat: 1000, r0: 650, r1: 1800, mag: 1.4, aspect: 0.8}},
	"colonial_1885_vdip": {{lon: 280, lat: 215, r0: 110, r1: 380, mag: 1.7, aspect: 1}},
}

// drawLonLat moves the points some provinces grow from (the map data's
// lonlat is a province's town; these put the board's division of the land
// back): Clyde and Edinburgh west and east of Scotland, both reaching
// Liverpool; Belgium on the Channel; Spain over the whole north coast;
// Marseilles reaching the Alps; Piedmont, Tyrolia and Venice meeting north
// of Venice; Norway along the north cape to Finland and St Petersburg;
// North Africa on the Atlantic; Syria's coast meeting Smyrna's.
var drawLonLat = map[string]Point{
	"cly": {-4.6, 56.2},
	"edi": {-3.1, 56.2},
	"bel": {3.7, 51.0},
	"spa": {-4.2, 41.6},
	"mar": {5.8, 44.6},
	"pie": {8.4, 45.3},
	"tyr": {11.2, 46.6},
	"ven": {11.9, 45.3},
	"swe": {17.5, 64.0},
	"fin": {26.0, 63.5},
	"naf": {-4.5, 33.5},
	"syr": {37.2, 36.2},
}

// drawChain gives some provinces more points, each joined to the one
// before (the first to the province's own): Norway's long coast up to the
// North Cape, so that it meets Finland and St Petersburg as on the board;
// Sweden from Norrland down to Scania; Finland up to Lapland; Marseilles
// up to Savoy (Burgundy and Piedmont do not meet).
var drawChain = map[string][]Point{
	"nwy": {{13, 65.5}, {17.5, 68.6}, {23, 70.2}, {28.5, 70.3}, {30.6, 69.6}},
	"swe": {{15.5, 60.3}, {14.2, 57.3}, {13.4, 55.9}},
	"fin": {{26, 66.5}},
	"mar": {{6.4, 45.7}},
}

// geoBridge is a band of land the board has where the world has a strait:
// a polyline of [lon, lat] points, width km across.
type geoBridge struct {
	line  []Point
	width float64
}

// geoBridges: the Sound and the Belts (Denmark touches Sweden, the
// Skagerrak does not reach the Baltic); the Firth of Forth at Queensferry
// (Edinburgh is one piece, both sides of the firth).
var geoBridges = []geoBridge{
	{line: []Point{{-3.4, 55.93}, {-3.4, 56.1}}, width: 12},
	{line: []Point{{12.45, 55.95}, {12.95, 56.1}}, width: 22},
	{line: []Point{{10.75, 55.25}, {11.25, 55.4}}, width: 22},
	{line: []Point{{9.6, 55.45}, {9.95, 55.5}}, width: 14},
}

// geoNeutral are areas of land that belong to no province, as [lon, lat]
// rings: Africa east of Tunis.
var geoNeutral = [][]Point{
	{{13, 10}, {13, 33.1}, {20, 33.6}, {32.4, 32.2}, {34.9, 29.4}, {40, 10}},
}

// paintBridges sets the land class on the pixels of geoBridges.
func (d *drawing) paintBridges() {
	g := d.g
	for _, br := range geoBridges {
		var pts []Point
		for _, q := range br.line {
			p := d.proj.at(q)
			pts = append(pts, Point{p[0] * g.k, p[1] * g.k})
		}
		// The width in pixels: km over the plane's km per pixel, measured
		// along the bridge (the lenses scale it).
		a, z := br.line[0], br.line[len(br.line)-1]
		km := haversineKm(a, z)
		px := math.Hypot(pts[len(pts)-1][0]-pts[0][0], pts[len(pts)-1][1]-pts[0][1])
		rad := 0.5 * br.width * px / km
		for i := 0; i+1 < len(pts); i++ {
			s := seed{wx: pts[i][0], wy: pts[i][1], wx2: pts[i+1][0], wy2: pts[i+1][1]}
			x0, x1 := int(math.Min(s.wx, s.wx2)-rad-1), int(math.Max(s.wx, s.wx2)+rad+1)
			y0, y1 := int(math.Min(s.wy, s.wy2)-rad-1), int(math.Max(s.wy, s.wy2)+rad+1)
			for y := max(0, y0); y <= min(g.h-1, y1); y++ {
				for x := max(0, x0); x <= min(g.w-1, x1); x++ {
					if s.dist2(float64(x)+0.5, float64(y)+0.5) <= rad*rad {
						g.cls[y*g.w+x] = clsLand
					}
				}
			}
		}
	}
}

// neutralMask is the raster of geoNeutral.
func (d *drawing) neutralMask() []bool {
	g := d.g
	var rings [][]Point
	for _, r := range geoNeutral {
		var pr []Point
		for i, q := range r {
			nx := r[(i+1)%len(r)]
			steps := int(math.Ceil(math.Hypot(nx[0]-q[0], nx[1]-q[1]) / 0.25))
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
	return in
}

// haversineKm is the distance between two [lon, lat] points on the globe.
func haversineKm(a, b Point) float64 {
	r := math.Pi / 180
	dl, df := (b[0]-a[0])*r, (b[1]-a[1])*r
	h := math.Sin(df/2)*math.Sin(df/2) + math.Cos(a[1]*r)*math.Cos(b[1]*r)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * earthKm * math.Asin(math.Sqrt(h))
}
