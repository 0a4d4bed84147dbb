package shapes

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// integral is a summed-area table of one region's pixels over its bounding
// box, to test quickly whether a box lies wholly inside the region.
type integral struct {
	x0, y0, w, h int
	sum          []int32 // (w+1)×(h+1)
}

func (g *grid) integralOf(l int32, x0, y0, x1, y1 int) *integral {
	in := &integral{x0: x0, y0: y0, w: x1 - x0 + 1, h: y1 - y0 + 1}
	in.sum = make([]int32, (in.w+1)*(in.h+1))
	for y := 0; y < in.h; y++ {
		var row int32
		for x := 0; x < in.w; x++ {
			if g.lab[(y+y0)*g.w+x+x0] == l {
				row++
			}
			in.sum[(y+1)*(in.w+1)+x+1] = in.sum[y*(in.w+1)+x+1] + row
		}
	}
	return in
}

// full reports whether every pixel of [x0,x1]×[y0,y1] is in the region.
func (in *integral) full(x0, y0, x1, y1 int) bool {
	x0, y0, x1, y1 = x0-in.x0, y0-in.y0, x1-in.x0, y1-in.y0
	if x0 < 0 || y0 < 0 || x1 >= in.w || y1 >= in.h {
		return false
	}
	W := in.w + 1
	s := in.sum[(y1+1)*W+x1+1] - in.sum[y0*W+x1+1] - in.sum[(y1+1)*W+x0] + in.sum[y0*W+x0]
	return int(s) == (x1-x0+1)*(y1-y0+1)
}

// labelBox is the half width and half height, in pixels, of a label of n
// characters at font size f (pixels): bold capitals and small letters.
func labelBox(n int, f float64) (float64, float64) {
	return 0.32 * f * float64(n), 0.42 * f
}

// placeLabel finds where a label of half size (bw, bh) fits wholly inside
// the region, clear of the discs (x, y, r) around its units, as deep inside
// as it can; ok is false when nowhere fits.
func placeLabel(pix []int, w int, dt []float32, in *integral, bw, bh float64, discs [][3]float64) (Point, bool) {
	best, bd := Point{}, -1.0
	hw, hh := int(math.Ceil(bw)), int(math.Ceil(bh))
	for _, p := range pix {
		x, y := p%w, p/w
		if float64(dt[p]) <= bd {
			continue
		}
		if !in.full(x-hw, y-hh, x+hw, y+hh) {
			continue
		}
		cx, cy := float64(x)+0.5, float64(y)+0.5
		clear := true
		for _, d := range discs {
			// Distance from the disc's centre to the box.
			dx := math.Max(0, math.Abs(d[0]-cx)-bw)
			dy := math.Max(0, math.Abs(d[1]-cy)-bh)
			if dx*dx+dy*dy < d[2]*d[2] {
				clear = false
				break
			}
		}
		if clear {
			best, bd = Point{cx, cy}, float64(dt[p])
		}
	}
	return best, bd >= 0
}

// settle moves a point into the region: the point itself when it lies at
// least r deep, else the nearest pixel that does, else the deepest pixel.
func settle(pix []int, w int, dt []float32, lab []int32, l int32, p Point, r float64) Point {
	x, y := int(p[0]), int(p[1])
	if x >= 0 && y >= 0 && x < w && y*w+x < len(lab) && lab[y*w+x] == l && float64(dt[y*w+x]) >= r {
		return p
	}
	best, bd := -1, math.Inf(1)
	deep, dd := -1, -1.0
	for _, q := range pix {
		qx, qy := float64(q%w)+0.5, float64(q/w)+0.5
		if float64(dt[q]) >= r {
			if d := math.Hypot(qx-p[0], qy-p[1]); d < bd {
				best, bd = q, d
			}
		}
		if float64(dt[q]) > dd {
			deep, dd = q, float64(dt[q])
		}
	}
	if best < 0 {
		best = deep
	}
	return Point{float64(best%w) + 0.5, float64(best/w) + 0.5}
}

// deepest is the region's pixel farthest from its border.
func deepest(pix []int, w int, dt []float32) Point {
	deep, dd := 0, -1.0
	for _, q := range pix {
		if float64(dt[q]) > dd {
			deep, dd = q, float64(dt[q])
		}
	}
	return Point{float64(deep%w) + 0.5, float64(deep/w) + 0.5}
}

// abbreviations gives each region a short label, unique on the map: the
// province id when it is a short abbreviation itself ("Bre"), else letters
// of its name ("Apu" for Apulia, "NAO" for North Atlantic Ocean).
func abbreviations(regs []region) []string {
	out := make([]string, len(regs))
	used := map[string]bool{}
	for i, r := range regs {
		if len(r.id) <= 3 && isAlnum(r.id) {
			out[i] = strings.ToUpper(r.id[:1]) + r.id[1:]
			used[strings.ToLower(out[i])] = true
		}
	}
	for i, r := range regs {
		if out[i] != "" {
			continue
		}
		for _, c := range abbrCandidates(r.name) {
			if c != "" && !used[strings.ToLower(c)] {
				out[i] = c
				used[strings.ToLower(c)] = true
				break
			}
		}
	}
	return out
}

func isAlnum(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// abbrCandidates are the abbreviations tried for a name, best first.
func abbrCandidates(name string) []string {
	words := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > 1 && strings.EqualFold(words[0], "the") {
		words = words[1:]
	}
	if len(words) == 0 {
		words = []string{"X"}
	}
	var number string
	if last := words[len(words)-1]; len(words) > 1 && isDigits(last) {
		number, words = last, words[:len(words)-1]
	}
	first := []rune(words[0])
	title := func(rs []rune) string {
		s := strings.ToLower(string(rs))
		r := []rune(s)
		r[0] = unicode.ToUpper(r[0])
		return string(r)
	}
	var cands []string
	add := func(s string) { cands = append(cands, s+number) }
	if len(words) > 1 {
		var ini []rune
		for _, w := range words {
			if len(ini) < 3 && !isMinor(w) {
				ini = append(ini, unicode.ToUpper([]rune(w)[0]))
			}
		}
		if len(ini) >= 2 {
			add(string(ini))
		}
		// First word's two letters and the next word's initial: "NoA".
		if len(first) >= 2 {
			add(title(first[:2]) + strings.ToUpper(string([]rune(words[1])[0])))
		}
	}
	if len(first) >= 3 {
		add(title(first[:3]))
	} else {
		add(title(first))
	}
	all := []rune(strings.ToLower(strings.Join(words, "")))
	for i := 1; i < len(all); i++ {
		for j := i + 1; j < len(all); j++ {
			add(title([]rune{all[0], all[i], all[j]}))
		}
	}
	for n := 2; n < 100; n++ {
		cands = append(cands, title(first[:min(3, len(first))])+itoa(n))
	}
	return cands
}

func isMinor(w string) bool {
	switch strings.ToLower(w) {
	case "of", "the", "and", "de", "la", "el", "du", "des", "le":
		return true
	}
	return false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

// percentile is the p-th fraction (0..1) of the values, sorted.
func percentile(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	i := int(p * float64(len(s)-1))
	return s[i]
}
