package main

import (
	"fmt"
	"math"

	"concordat/internal/gen/mapshapes/shapes"
)

// Pt is a point: [x, y] on the board (pixels of the printed map, y down),
// or [longitude, latitude] on the globe; the map drawer's Point, so that
// its geometry (ClipRing, Simplify, Chaikin) serves both.
type Pt = shapes.Point

// warp carries the globe onto the printed board: a thin-plate spline
// fitted to the towns of lonLat and their printed spaces. The board is
// drawn freely (Britain large, the Balkans stretched), so no map projection
// fits it; the spline bends the real coastlines as the board bends the
// towns. Smooth is the spline's regularisation: 0 passes through every
// town exactly; larger values trade exactness for gentler bends.
type warp struct {
	ctrl []Pt          // control points, in normalised globe coordinates
	w    [][2]float64  // kernel weights per control point
	a    [3][2]float64 // affine part: 1, x, y
}

// norm scales the globe to roughly equal distances east and north around
// the board's middle latitude.
func norm(ll Pt) Pt { return Pt{ll[0] * math.Cos(45*math.Pi/180), ll[1]} }

func kernel(r2 float64) float64 {
	if r2 == 0 {
		return 0
	}
	return r2 * math.Log(r2) / 2 // r² log r
}

// fitWarp fits the spline to pairs of globe and board points.
func fitWarp(globe, board []Pt, smooth float64) (*warp, error) {
	n := len(globe)
	m := n + 3
	A := make([][]float64, m)
	for i := range A {
		A[i] = make([]float64, m+2)
	}
	ctrl := make([]Pt, n)
	for i := range globe {
		ctrl[i] = norm(globe[i])
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			dx, dy := ctrl[i][0]-ctrl[j][0], ctrl[i][1]-ctrl[j][1]
			A[i][j] = kernel(dx*dx + dy*dy)
		}
		A[i][i] += smooth
		A[i][n], A[i][n+1], A[i][n+2] = 1, ctrl[i][0], ctrl[i][1]
		A[n][i], A[n+1][i], A[n+2][i] = 1, ctrl[i][0], ctrl[i][1]
		A[i][m], A[i][m+1] = board[i][0], board[i][1]
	}
	// Gaussian elimination with partial pivoting, two right-hand sides.
	for c := 0; c < m; c++ {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(A[r][c]) > math.Abs(A[p][c]) {
				p = r
			}
		}
		if math.Abs(A[p][c]) < 1e-12 {
			return nil, fmt.Errorf("warp: singular system (control points in a line?)")
		}
		A[c], A[p] = A[p], A[c]
		for r := 0; r < m; r++ {
			if r == c || A[r][c] == 0 {
				continue
			}
			f := A[r][c] / A[c][c]
			for k := c; k < m+2; k++ {
				A[r][k] -= f * A[c][k]
			}
		}
	}
	wp := &warp{ctrl: ctrl, w: make([][2]float64, n)}
	for i := 0; i < n; i++ {
		wp.w[i] = [2]float64{A[i][m] / A[i][i], A[i][m+1] / A[i][i]}
	}
	for k := 0; k < 3; k++ {
		r := n + k
		wp.a[k] = [2]float64{A[r][m] / A[r][r], A[r][m+1] / A[r][r]}
	}
	return wp, nil
}

// at is the board point of a globe point.
func (wp *warp) at(ll Pt) Pt {
	p := norm(ll)
	x := wp.a[0][0] + wp.a[1][0]*p[0] + wp.a[2][0]*p[1]
	y := wp.a[0][1] + wp.a[1][1]*p[0] + wp.a[2][1]*p[1]
	for i, c := range wp.ctrl {
		dx, dy := p[0]-c[0], p[1]-c[1]
		u := kernel(dx*dx + dy*dy)
		x += wp.w[i][0] * u
		y += wp.w[i][1] * u
	}
	return Pt{x, y}
}

// folds reports the globe points of a grid over box (west, south, east,
// north; step degrees) where the warp turns the plane over (its Jacobian's
// determinant is not positive): a fitted warp must have none where land is
// drawn.
func (wp *warp) folds(box [4]float64, step float64) []Pt {
	var bad []Pt
	h := step / 4
	for lon := box[0]; lon <= box[2]; lon += step {
		for lat := box[1]; lat <= box[3]; lat += step {
			e, w := wp.at(Pt{lon + h, lat}), wp.at(Pt{lon - h, lat})
			n, s := wp.at(Pt{lon, lat + h}), wp.at(Pt{lon, lat - h})
			// x grows east, y grows south on the board, north on the globe: flip y.
			j := (e[0]-w[0])*(s[1]-n[1]) - (e[1]-w[1])*(s[0]-n[0])
			if j <= 0 {
				bad = append(bad, Pt{lon, lat})
			}
		}
	}
	return bad
}
