package shapes

import "math"

// warp is a smooth pseudo-random displacement of the plane (two octaves of
// value noise), the same for every run: borders drawn in warped space wind
// like borders on a real map instead of running straight.
type warp struct {
	amp, wave float64 // displacement amplitude and wavelength, pixels
	// local, when set, scales the amplitude at (x, y): on the standard map
	// the wobble follows the size of the provinces there, so that it does
	// not scramble Britain's small ones.
	local func(x, y float64) float64
}

// at is the warped position of (x, y).
func (w warp) at(x, y float64) (float64, float64) {
	if w.amp == 0 {
		return x, y
	}
	amp := w.amp
	if w.local != nil {
		amp *= w.local(x, y)
	}
	dx := noise(x/w.wave, y/w.wave, 1) + 0.5*noise(2*x/w.wave, 2*y/w.wave, 3)
	dy := noise(x/w.wave, y/w.wave, 2) + 0.5*noise(2*x/w.wave, 2*y/w.wave, 4)
	return x + amp*dx, y + amp*dy
}

// localRooms is a smooth field of the rooms of the main seeds around a
// point (a Gaussian-weighted mean, width sigma), relative to median and
// kept within [lo, hi].
func localRooms(seeds []seed, median, sigma, lo, hi float64) func(x, y float64) float64 {
	var xs, ys, rs []float64
	for _, s := range seeds {
		if s.main {
			xs, ys, rs = append(xs, s.x), append(ys, s.y), append(rs, s.size/median)
		}
	}
	s2 := 2 * sigma * sigma
	return func(x, y float64) float64 {
		var sw, sr float64
		for i := range xs {
			dx, dy := x-xs[i], y-ys[i]
			w := math.Exp(-(dx*dx + dy*dy) / s2)
			sw += w
			sr += w * rs[i]
		}
		if sw < 1e-12 {
			return hi
		}
		return math.Max(lo, math.Min(hi, sr/sw))
	}
}

// noise is value noise in [-1, 1]: random values at the integer lattice,
// blended with a quintic fade.
func noise(x, y float64, ch uint64) float64 {
	ix, iy := math.Floor(x), math.Floor(y)
	fx, fy := x-ix, y-iy
	fade := func(t float64) float64 { return t * t * t * (t*(t*6-15) + 10) }
	u, v := fade(fx), fade(fy)
	at := func(i, j float64) float64 { return lattice(int64(i), int64(j), ch) }
	a := at(ix, iy) + u*(at(ix+1, iy)-at(ix, iy))
	b := at(ix, iy+1) + u*(at(ix+1, iy+1)-at(ix, iy+1))
	return a + v*(b-a)
}

// lattice is a fixed pseudo-random value in [-1, 1] for a lattice point
// (splitmix64 of its coordinates).
func lattice(i, j int64, ch uint64) float64 {
	z := uint64(i)*0x9E3779B97F4A7C15 ^ uint64(j)*0xC2B2AE3D27D4EB4F ^ ch*0x165667B19E3779F9
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	z ^= z >> 31
	return float64(z>>11)/float64(1<<52)*2 - 1
}
