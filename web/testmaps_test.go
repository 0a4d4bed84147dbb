package web

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"testing"
	"testing/fstest"

	"concordat/diplomacy"
)

// placeholderDrawing is a crude drawing of a map for tests, made when the
// real drawing (static/maps/<id>.json, from the map generator) is not
// there yet: one square per province on a grid, in an order that keeps
// neighbours near (breadth first over the adjacency), in the format the
// client reads. It is never committed.
func placeholderDrawing(m *diplomacy.Map) []byte {
	type prov struct {
		ID     string                `json:"id"`
		Name   string                `json:"name"`
		Kind   string                `json:"kind"`
		SC     bool                  `json:"sc"`
		Path   string                `json:"path"`
		Label  [2]float64            `json:"label"`
		Unit   [2]float64            `json:"unit"`
		Coasts map[string][2]float64 `json:"coasts,omitempty"`
	}
	n := len(m.Provinces)
	order := make([]int, 0, n)
	seen := make([]bool, n)
	for start := 0; start < n; start++ {
		if seen[start] {
			continue
		}
		queue := []int{start}
		seen[start] = true
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			order = append(order, p)
			next := []int{}
			for _, q := range m.ArmyNeighbours(diplomacy.Province(p)) {
				next = append(next, int(q))
			}
			for _, l := range m.Locs {
				if int(l.Prov) != p {
					continue
				}
				for _, k := range m.FleetNeighbours(diplomacy.Loc(indexOfLoc(m, l.ID))) {
					next = append(next, int(m.Prov(k)))
				}
			}
			for _, q := range next {
				if !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
	}
	cols := int(math.Ceil(math.Sqrt(float64(n) * 1.5)))
	const cell = 60.0
	rows := (n + cols - 1) / cols
	out := struct {
		ID         string `json:"id"`
		Width      int    `json:"width"`
		Height     int    `json:"height"`
		Provinces  []prov `json:"provinces"`
		Impassable []any  `json:"impassable"`
	}{ID: m.ID, Width: cols * int(cell), Height: rows * int(cell), Impassable: []any{}}
	for i, p := range order {
		info := m.Provinces[p]
		x, y := float64(i%cols)*cell, float64(i/cols)*cell
		kind := map[diplomacy.ProvinceKind]string{diplomacy.Inland: "land", diplomacy.Coast: "coast", diplomacy.Sea: "sea"}[info.Kind]
		pr := prov{ID: info.ID, Name: info.Name, Kind: kind, SC: info.Center,
			Path:  fmt.Sprintf("M%.0f,%.0fh%.0fv%.0fh%.0fz", x+1, y+1, cell-2, cell-2, -(cell - 2)),
			Label: [2]float64{x + cell/2, y + 13}, Unit: [2]float64{x + cell/2, y + cell*0.62}}
		for j, l := range info.Coasts {
			if pr.Coasts == nil {
				pr.Coasts = map[string][2]float64{}
			}
			pr.Coasts[m.Locs[l].Coast] = [2]float64{x + 12 + float64(j)*36, y + cell - 12}
		}
		out.Provinces = append(out.Provinces, pr)
	}
	b, _ := json.Marshal(out)
	return b
}

func indexOfLoc(m *diplomacy.Map, id string) int {
	for i, l := range m.Locs {
		if l.ID == id {
			return i
		}
	}
	return -1
}

// testFiles is the embedded client with a placeholder drawing for every
// map that has no drawing yet.
func testFiles(t testing.TB) fs.FS {
	t.Helper()
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		files[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range diplomacy.MapIDs() {
		if _, ok := files["maps/"+id+".json"]; ok {
			continue
		}
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		files["maps/"+id+".json"] = &fstest.MapFile{Data: placeholderDrawing(m)}
	}
	return files
}
