// Package shapes draws a Diplomacy map: it turns the project's map data
// (diplomacy/maps/<id>.json: each province's kind, drawing point, coasts and
// adjacency) into filled region shapes, coastlines, label and unit points,
// the file web/static/maps/<id>.json the browser client draws. Command
// mapshapes writes the files; the tests regenerate them to check they are
// current. web/static/maps/README.md documents the output format.
//
// The regions are grown on a raster: every pixel goes to the province whose
// drawing point is nearest (distances scaled by how much room each point
// has), land from land points and sea from sea points, on a land mask that is
// smoothed so coastlines are curves, not Voronoi edges; the result is
// relaxed so that provinces that are not adjacent do not share borders and
// inland provinces stay off the sea, then traced into shared borders,
// simplified and written as SVG paths. The standard map's land is real
// geography (Natural Earth, see land.go) and its provinces grow from their
// real-world positions.
package shapes

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Point is [x, y].
type Point [2]float64

// mapFile is the part of a project map file (diplomacy/maps/<id>.json) the
// drawer reads.
type mapFile struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Provinces []struct {
		ID      string           `json:"id"`
		Name    string           `json:"name"`
		Kind    string           `json:"kind"` // inland, coast, sea
		Center  bool             `json:"center"`
		Coasts  []string         `json:"coasts"`
		XY      *Point           `json:"xy"`
		CoastXY map[string]Point `json:"coast_xy"`
		LonLat  *Point           `json:"lonlat"`
	} `json:"provinces"`
	Army  map[string]string `json:"army"`
	Fleet map[string]string `json:"fleet"`
	Space struct {
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
	} `json:"space"`
	Impassable []struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		XY     *Point `json:"xy"`
		LonLat *Point `json:"lonlat"`
	} `json:"impassable"`
}

// region is one thing the drawer gives a shape: a province or an
// impassable area.
type region struct {
	id, name   string
	kind       string // "land" (inland), "coast", "sea" or "impassable"
	center     bool
	coasts     []string
	xy         Point            // drawing point, in the map's space
	coastXY    map[string]Point // fleet points of split coasts
	lonlat     *Point
	impassable bool
}

// sea reports whether the region is water.
func (r *region) sea() bool { return r.kind == "sea" }

// board is a map as the drawer sees it.
type board struct {
	id, title     string
	width, height float64
	regions       []region // provinces, then impassable areas
	provinces     int      // how many of regions are provinces
	index         map[string]int
	// adj[a][b]: provinces a and b are adjacent for some unit (a land
	// border, a coast on a sea, a coast to coast); the drawer tries to make
	// exactly these pairs touch.
	adj []map[int]bool
	// seaOf[coastLoc] lists the seas a split coast's fleet reaches.
	coastSeas map[string][]int
}

// parseBoard reads a project map file.
func parseBoard(data []byte) (*board, error) {
	var f mapFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	if f.Space.Width <= 0 || f.Space.Height <= 0 {
		return nil, fmt.Errorf("map %s: no drawing space", f.ID)
	}
	b := &board{id: f.ID, title: f.Title, width: f.Space.Width, height: f.Space.Height,
		index: map[string]int{}, coastSeas: map[string][]int{}}
	for _, p := range f.Provinces {
		if p.XY == nil {
			return nil, fmt.Errorf("map %s: province %s has no drawing point", f.ID, p.ID)
		}
		kind := p.Kind
		if kind == "inland" {
			kind = "land"
		}
		if kind != "land" && kind != "coast" && kind != "sea" {
			return nil, fmt.Errorf("map %s: province %s has kind %q", f.ID, p.ID, p.Kind)
		}
		for _, c := range p.Coasts {
			if _, ok := p.CoastXY[c]; !ok {
				return nil, fmt.Errorf("map %s: coast %s/%s has no drawing point", f.ID, p.ID, c)
			}
		}
		b.index[p.ID] = len(b.regions)
		b.regions = append(b.regions, region{id: p.ID, name: p.Name, kind: kind, center: p.Center,
			coasts: p.Coasts, xy: *p.XY, coastXY: p.CoastXY, lonlat: p.LonLat})
	}
	b.provinces = len(b.regions)
	for _, x := range f.Impassable {
		if x.XY == nil {
			continue // nothing to draw it from
		}
		b.index[x.ID] = len(b.regions)
		b.regions = append(b.regions, region{id: x.ID, name: x.Name, kind: "impassable",
			xy: *x.XY, lonlat: x.LonLat, impassable: true})
	}
	b.adj = make([]map[int]bool, len(b.regions))
	for i := range b.adj {
		b.adj[i] = map[int]bool{}
	}
	link := func(table map[string]string) error {
		keys := make([]string, 0, len(table))
		for k := range table {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, from := range keys {
			a, ok := b.index[strings.Split(from, "/")[0]]
			if !ok {
				return fmt.Errorf("map %s: adjacency of unknown %s", f.ID, from)
			}
			for _, to := range strings.Fields(table[from]) {
				c, ok := b.index[strings.Split(to, "/")[0]]
				if !ok {
					return fmt.Errorf("map %s: %s borders unknown %s", f.ID, from, to)
				}
				if a != c {
					b.adj[a][c], b.adj[c][a] = true, true
				}
				if strings.Contains(from, "/") && b.regions[c].sea() {
					b.coastSeas[from] = append(b.coastSeas[from], c)
				}
			}
		}
		return nil
	}
	if err := link(f.Army); err != nil {
		return nil, err
	}
	if err := link(f.Fleet); err != nil {
		return nil, err
	}
	return b, nil
}
