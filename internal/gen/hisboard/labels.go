package main

import (
	"fmt"
	"math"

	"concordat/his"
)

// The sizes the client draws with (board pixels); the labels are placed
// around them. web/static/js/his/board.js uses the same numbers.
const (
	SpaceR    = 30.0 // a space's symbol: radius of its circle, half the side of its square
	LabelSize = 25.0 // font size of a space's name
	StackW    = 120.0
	StackH    = 34.0 // the units' counters: a row this high above the symbol
)

// label is where a space's name goes: the point its text is anchored at
// (vertically centred there) and the anchor ("start", "middle", "end").
type label struct {
	X, Y   float64
	Anchor string
	box    rect
}

type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlap(b rect) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// textWidth estimates the width of a name in the client's bold sans-serif.
func textWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r == ' ' || r == '.' || r == '\'' || r == 'i' || r == 'l' || r == 'I' || r == 'j' || r == 't' || r == 'f':
			w += 0.32
		case r == 'm' || r == 'w' || r == 'M' || r == 'W':
			w += 0.9
		case r >= 'A' && r <= 'Z':
			w += 0.7
		default:
			w += 0.58
		}
	}
	return w * size
}

// placeLabels puts every space's name beside its symbol where it overlaps no
// symbol, no units' row and no other name, trying eight places around the
// symbol (below first) and improving over a few rounds; it fails naming the
// spaces whose names could not be placed clear.
func placeLabels(pts []Pt) ([]label, error) {
	n := len(pts)
	sym := make([]rect, n)
	stack := make([]rect, n)
	for i, p := range pts {
		sym[i] = rect{p[0] - SpaceR - 3, p[1] - SpaceR - 3, p[0] + SpaceR + 3, p[1] + SpaceR + 3}
		stack[i] = rect{p[0] - StackW/2, p[1] - SpaceR - StackH, p[0] + StackW/2, p[1] - SpaceR}
	}
	cands := func(i int) []label {
		p := pts[i]
		w := textWidth(his.Spaces[i].Name, LabelSize)
		h := LabelSize * 1.05
		mk := func(x, y float64, anchor string) label {
			x0 := x
			switch anchor {
			case "middle":
				x0 = x - w/2
			case "end":
				x0 = x - w
			}
			return label{X: x, Y: y, Anchor: anchor, box: rect{x0, y - h/2, x0 + w, y + h/2}}
		}
		d := SpaceR + 4
		return []label{
			mk(p[0], p[1]+d+h/2, "middle"),
			mk(p[0]+d, p[1], "start"),
			mk(p[0]-d, p[1], "end"),
			mk(p[0]+d*0.75, p[1]+d*0.75+h/2, "start"),
			mk(p[0]-d*0.75, p[1]+d*0.75+h/2, "end"),
			mk(p[0]+d*0.8, p[1]-d*0.8, "start"),
			mk(p[0]-d*0.8, p[1]-d*0.8, "end"),
			mk(p[0], p[1]+d+h*1.5, "middle"),
			mk(p[0], p[1]-SpaceR-StackH-h/2-2, "middle"),
		}
	}
	all := make([][]label, n)
	for i := range pts {
		all[i] = cands(i)
	}
	choice := make([]int, n)
	cost := func(i int, l label) (hard, soft float64) {
		for j := 0; j < n; j++ {
			if j == i {
				soft += l.box.overlap(stack[j]) * 0.01
				continue
			}
			hard += l.box.overlap(sym[j])
			hard += l.box.overlap(all[j][choice[j]].box)
			soft += l.box.overlap(stack[j])
		}
		if l.box.x0 < Box[0] || l.box.x1 > Box[2] || l.box.y0 < Box[1] || l.box.y1 > Box[3] {
			hard += 1e6
		}
		return hard, soft
	}
	for round := 0; round < 6; round++ {
		changed := false
		for i := range pts {
			best, bestScore := choice[i], math.Inf(1)
			for k, l := range all[i] {
				h, s := cost(i, l)
				score := h*1000 + s + float64(k)*20
				if score < bestScore {
					best, bestScore = k, score
				}
			}
			if best != choice[i] {
				choice[i] = best
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	out := make([]label, n)
	var bad []string
	for i := range pts {
		out[i] = all[i][choice[i]]
		if h, _ := cost(i, out[i]); h > 0 {
			bad = append(bad, his.Spaces[i].ID)
		}
	}
	if len(bad) > 0 {
		return out, fmt.Errorf("no clear place for the names of %v", bad)
	}
	return out, nil
}
