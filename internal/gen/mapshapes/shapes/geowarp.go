package shapes

import "math"

// lens is a magnifying glass on a plane (the standard map's projected one,
// or another map's point space): around its centre the
// plane is scaled by mag out to radius r0, then eased back to unchanged at
// radius r1 (a monotone cubic), measured in an elliptical norm (the ellipse
// aspect:1, its long axis at angle). Points move only along rays from the
// centre and in order, so the plane never folds. A lens with mag < 1
// shrinks.
type lens struct {
	lon, lat float64 // centre (on a map drawn from its points: x, y)
	r0, r1   float64 // radii, km (on a map drawn from its points: its units), of the long axis
	mag      float64
	aspect   float64 // short axis / long axis (1: round)
	angle    float64 // of the long axis, degrees from the plane's x axis toward its y axis
	cx, cy   float64 // centre, in the plane the lens acts on
	cos, sin float64
	scaleR   float64 // km per plane unit
}

// earthKm is the radius the projection's unit stands for.
const earthKm = 6371.0

// ease is the lens's radial map: the new elliptical radius of radius r.
func (l *lens) ease(r float64) float64 {
	r0, r1 := l.r0/l.scaleR, l.r1/l.scaleR
	switch {
	case r <= r0:
		return l.mag * r
	case r >= r1:
		return r
	}
	// Cubic Hermite from (r0, mag·r0, slope mag) to (r1, r1, slope 1).
	h := r1 - r0
	t := (r - r0) / h
	t2, t3 := t*t, t*t*t
	return (2*t3-3*t2+1)*l.mag*r0 + (t3-2*t2+t)*h*l.mag + (-2*t3+3*t2)*r1 + (t3-t2)*h
}

// monotone reports whether the lens's radial map keeps order (the
// Fritsch–Carlson condition on its cubic), so that the plane cannot fold.
func (l *lens) monotone() bool {
	r0, r1 := l.r0, l.r1
	if r1 <= r0 || l.mag <= 0 || l.mag*r0 >= r1 {
		return false
	}
	sec := (r1 - l.mag*r0) / (r1 - r0)
	a, b := l.mag/sec, 1/sec
	return a*a+b*b <= 9
}

// at moves (x, y).
func (l *lens) at(x, y float64) (float64, float64) {
	dx, dy := x-l.cx, y-l.cy
	u := dx*l.cos + dy*l.sin
	v := (-dx*l.sin + dy*l.cos) / l.aspect
	r := math.Hypot(u, v)
	if r == 0 {
		return x, y
	}
	f := l.ease(r) / r
	return l.cx + f*dx, l.cy + f*dy
}

// geoWarp bends a plane: the standard map's projected one toward the
// board's proportions, or a crowded map's point space; its lenses applied
// one after the other (each centred where the earlier ones put its centre).
type geoWarp struct {
	lenses []lens
}

// newGeoWarp places the lenses on a projection's plane.
func newGeoWarp(pr *projection, ls []lens) *geoWarp {
	w := &geoWarp{}
	for _, l := range ls {
		l.cx, l.cy = w.at(pr.raw(Point{l.lon, l.lat}))
		a := l.angle * math.Pi / 180
		l.cos, l.sin = math.Cos(a), math.Sin(a)
		l.scaleR = earthKm
		if l.aspect == 0 {
			l.aspect = 1
		}
		w.lenses = append(w.lenses, l)
	}
	return w
}

// newPlaneWarp places lenses on a map's own point space (centres x, y in
// the lon, lat fields, radii in its units).
func newPlaneWarp(ls []lens) *geoWarp {
	w := &geoWarp{}
	for _, l := range ls {
		l.cx, l.cy = w.at(l.lon, l.lat)
		a := l.angle * math.Pi / 180
		l.cos, l.sin = math.Cos(a), math.Sin(a)
		l.scaleR = 1
		if l.aspect == 0 {
			l.aspect = 1
		}
		w.lenses = append(w.lenses, l)
	}
	return w
}

// at is the bent position of projected point (x, y).
func (w *geoWarp) at(x, y float64) (float64, float64) {
	if w == nil {
		return x, y
	}
	for i := range w.lenses {
		x, y = w.lenses[i].at(x, y)
	}
	return x, y
}

// Ring edges are split to geoWarpDensify degrees before bending, those
// shorter than geoWarpLongEdge degrees.
const (
	geoWarpDensify  = 0.05
	geoWarpLongEdge = 3
)
