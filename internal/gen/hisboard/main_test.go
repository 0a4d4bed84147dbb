package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"

	"concordat/his"
	"concordat/internal/gen/mapshapes/shapes"
)

const boardFile = "../../../web/static/his/board.json"

// file is the committed board file as the client reads it.
type file struct {
	Box   [4]float64 `json:"box"`
	Land  string     `json:"land"`
	Zones map[string]string
	Seas  []struct {
		ID, Name, Path string
		Label          [2]float64
		Adj, Ports     []string
	} `json:"seas"`
	Spaces []struct {
		ID, Name, Type, Home, Lang string
		XY                         [2]int
		Label                      [3]any
		Ports, Adj, Pass           []string
	} `json:"spaces"`
	Leaders []struct{ ID, Name, Power string } `json:"leaders"`
}

func readBoard(t *testing.T) ([]byte, *file) {
	t.Helper()
	b, err := os.ReadFile(boardFile)
	if err != nil {
		t.Fatal(err)
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return b, &f
}

// The committed board file is what the generator makes from the engine's
// data and the land extract (run go generate in internal/gen/hisboard).
func TestBoardIsCurrent(t *testing.T) {
	raw, err := os.ReadFile("../mapshapes/land.json")
	if err != nil {
		t.Fatal(err)
	}
	land, err := shapes.ParseLand(raw)
	if err != nil {
		t.Fatal(err)
	}
	b, err := build(land)
	if err != nil {
		t.Fatal(err)
	}
	want, err := b.encode()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := readBoard(t)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not current: run go generate ./internal/gen/hisboard", boardFile)
	}
}

// The board has every space of the engine at its printed position with its
// type, home power, language zone, ports, connections and passes, and every
// sea zone with its neighbours and ports (RULES.md §2: 134 spaces, 16
// passes; 14 sea zones).
func TestBoardMatchesEngineData(t *testing.T) {
	_, f := readBoard(t)
	if len(f.Spaces) != his.NumSpaces || len(f.Seas) != his.NumSeas {
		t.Fatalf("%d spaces and %d seas, want %d and %d", len(f.Spaces), len(f.Seas), his.NumSpaces, his.NumSeas)
	}
	passes := 0
	for i, s := range f.Spaces {
		e := his.Spaces[i]
		if s.ID != e.ID || s.Name != e.Name || s.XY != e.XY || s.Type != typeNames[e.Type] || s.Home != e.Home.String() || s.Lang != e.Lang.String() {
			t.Errorf("space %d: %s %s %v %s %s %s, engine %s %s %v", i, s.ID, s.Name, s.XY, s.Type, s.Home, s.Lang, e.ID, e.Name, e.XY)
		}
		adj, pass := map[string]bool{}, map[string]bool{}
		for _, x := range s.Adj {
			adj[x] = true
		}
		for _, x := range s.Pass {
			pass[x] = true
		}
		n := 0
		for _, ed := range e.Edges {
			to := his.Spaces[ed.To].ID
			if ed.Pass && !pass[to] || !ed.Pass && !adj[to] {
				t.Errorf("%s: the connection to %s (pass %v) is missing", s.ID, to, ed.Pass)
			}
			n++
		}
		if n != len(s.Adj)+len(s.Pass) {
			t.Errorf("%s: %d connections drawn, the engine has %d", s.ID, len(s.Adj)+len(s.Pass), n)
		}
		passes += len(s.Pass)
		if len(s.Ports) != len(e.Ports) {
			t.Errorf("%s: ports %v, the engine has %d", s.ID, s.Ports, len(e.Ports))
		}
	}
	if passes != 2*16 {
		t.Errorf("%d pass ends, want 32 (16 passes)", passes)
	}
	for i, s := range f.Seas {
		e := his.Seas[i]
		if s.ID != e.ID || len(s.Adj) != len(e.Adj) || len(s.Ports) != len(e.Ports) || s.Path == "" {
			t.Errorf("sea %s: adj %v ports %v path %d bytes; engine %s, %d adj, %d ports", s.ID, s.Adj, s.Ports, len(s.Path), e.ID, len(e.Adj), len(e.Ports))
		}
	}
	if len(f.Leaders) != len(his.Leaders) {
		t.Errorf("%d leaders, want %d", len(f.Leaders), len(his.Leaders))
	}
	for _, z := range []string{"english", "french", "german", "italian", "spanish"} {
		if f.Zones[z] == "" {
			t.Errorf("no %s language zone drawn", z)
		}
	}
}

var pathTok = regexp.MustCompile(`[MlLz]|-?\d+`)

// rings reads path data as pathData writes it (absolute M, relative l, z).
func parseRings(t *testing.T, d string) [][]Pt {
	t.Helper()
	var out [][]Pt
	var cur []Pt
	var x, y float64
	toks := pathTok.FindAllString(d, -1)
	num := func(i int) float64 {
		v, err := strconv.Atoi(toks[i])
		if err != nil {
			t.Fatalf("path: %q at %d", toks[i], i)
		}
		return float64(v)
	}
	mode := ""
	for i := 0; i < len(toks); i++ {
		switch toks[i] {
		case "M":
			if len(cur) > 0 {
				out = append(out, cur)
			}
			x, y = num(i+1), num(i+2)
			cur = []Pt{{x, y}}
			i += 2
			mode = "M"
		case "l":
			mode = "l"
		case "z":
			out = append(out, cur)
			cur = nil
		default:
			if mode != "l" {
				t.Fatalf("path: a number after %q", mode)
			}
			x, y = x+num(i), y+num(i+1)
			cur = append(cur, Pt{x, y})
			i++
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// distToRings is the distance from p to the nearest edge of the rings.
func distToRings(rs [][]Pt, p Pt) float64 {
	best := math.Inf(1)
	for _, r := range rs {
		for i := range r {
			best = math.Min(best, segDist(p, r[i], r[(i+1)%len(r)]))
		}
	}
	return best
}

// Every space lies on the drawn land (or, for a port or an island town,
// within a symbol's reach of its coast), and every sea zone's name lies on
// water inside its own zone: the coastlines agree with the board.
func TestSpacesOnLandAndSeasAtSea(t *testing.T) {
	_, f := readBoard(t)
	land := parseRings(t, f.Land)
	for _, s := range f.Spaces {
		p := Pt{float64(s.XY[0]), float64(s.XY[1])}
		if !inside(land, p) {
			if d := distToRings(land, p); d > SpaceR {
				t.Errorf("%s at %v is %.0f px out at sea", s.ID, s.XY, d)
			}
		}
	}
	for _, s := range f.Seas {
		if inside(land, s.Label) {
			t.Errorf("the name of %s at %v is on land", s.ID, s.Label)
		}
		if !inside(parseRings(t, s.Path), s.Label) {
			t.Errorf("the name of %s at %v is outside its zone", s.ID, s.Label)
		}
	}
}

// No space's name overlaps another name or any space's symbol, and every
// name stays on the board.
func TestLabelsClear(t *testing.T) {
	_, f := readBoard(t)
	boxes := make([]rect, len(f.Spaces))
	for i, s := range f.Spaces {
		x, y := s.Label[0].(float64), s.Label[1].(float64)
		w, h := textWidth(s.Name, LabelSize), LabelSize*1.05
		x0 := x
		switch s.Label[2] {
		case "middle":
			x0 = x - w/2
		case "end":
			x0 = x - w
		}
		boxes[i] = rect{x0, y - h/2, x0 + w, y + h/2}
		if x0 < f.Box[0] || y-h/2 < f.Box[1] || x0+w > f.Box[0]+f.Box[2] || y+h/2 > f.Box[1]+f.Box[3] {
			t.Errorf("the name of %s leaves the board", s.ID)
		}
	}
	for i, s := range f.Spaces {
		for j, o := range f.Spaces {
			sym := rect{float64(o.XY[0]) - SpaceR, float64(o.XY[1]) - SpaceR, float64(o.XY[0]) + SpaceR, float64(o.XY[1]) + SpaceR}
			if j != i && boxes[i].overlap(sym) > 0 {
				t.Errorf("the name of %s covers the symbol of %s", s.ID, o.ID)
			}
			if j > i && boxes[i].overlap(boxes[j]) > 0 {
				t.Errorf("the names of %s and %s overlap", s.ID, o.ID)
			}
		}
	}
}

// Labels that cannot be placed clear are an error naming the spaces (the
// board squeezed to a fifth of its size leaves no room).
func TestPlaceLabelsReportsCrowding(t *testing.T) {
	pts := make([]Pt, len(his.Spaces))
	for i, s := range his.Spaces {
		pts[i] = Pt{3000 + float64(s.XY[0]-3000)/5, 1600 + float64(s.XY[1]-1600)/5}
	}
	if _, err := placeLabels(pts); err == nil {
		t.Fatal("two spaces on one point: no error")
	}
}

// The warp is a good fit: it carries every town to within a few pixels of
// its printed space, and the coastlines near the board do not fold.
func TestWarpFits(t *testing.T) {
	var ids []string
	var globe, board []Pt
	for _, s := range his.Spaces {
		ids = append(ids, s.ID)
		globe = append(globe, Pt(lonLat[s.ID]))
		board = append(board, Pt{float64(s.XY[0]), float64(s.XY[1])})
	}
	wp, err := fitWarp(globe, board, smoothing)
	if err != nil {
		t.Fatal(err)
	}
	for i := range globe {
		p := wp.at(globe[i])
		if d := math.Hypot(p[0]-board[i][0], p[1]-board[i][1]); d > 12 {
			t.Errorf("%s lands %.1f px from its space", ids[i], d)
		}
	}
	if f := wp.folds([4]float64{-12, 30, 36, 58}, 0.25); len(f) > 0 {
		t.Errorf("the warp folds at %v", f)
	}
}

// segDist is the distance from p to the segment ab.
func segDist(p, a, b Pt) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return math.Hypot(p[0]-a[0], p[1]-a[1])
	}
	t := math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l2))
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dy)
}
