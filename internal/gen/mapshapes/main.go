// Command mapshapes draws the Diplomacy maps: for each project map file
// (diplomacy/maps/<id>.json) it writes the region shapes the browser client
// draws, web/static/maps/<id>.json (format: web/static/maps/README.md).
// Run from the repository root (or by go generate in this folder):
//
//	go run ./internal/gen/mapshapes [map ids]
//
// With no ids it draws every map. The standard map is drawn on real
// geography, the extract internal/gen/mapshapes/land.json of Natural
// Earth's land polygons; -naturalearth rebuilds that extract from the file
// land-50m.json of the npm package world-atlas (npm pack world-atlas@2.0.2).
// -preview writes an HTML page per map (fills, borders, labels, units) for
// looking at the result in a browser.
package main

//go:generate go run . -maps ../../../diplomacy/maps -out ../../../web/static/maps -land land.json

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"concordat/internal/gen/mapshapes/shapes"
)

func main() {
	maps := flag.String("maps", "diplomacy/maps", "the project's map files")
	out := flag.String("out", "web/static/maps", "where to write the drawn maps")
	landPath := flag.String("land", "internal/gen/mapshapes/land.json", "the land extract the standard map is drawn on")
	ne := flag.String("naturalearth", "", "rebuild the land extract from this Natural Earth TopoJSON file (world-atlas land-50m.json) first")
	preview := flag.String("preview", "", "also write an HTML preview of each map to this folder")
	flag.Parse()
	if err := run(*maps, *out, *landPath, *ne, *preview, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "mapshapes:", err)
		os.Exit(1)
	}
}

func run(maps, out, landPath, ne, preview string, ids []string) error {
	if ne != "" {
		topo, err := os.ReadFile(ne)
		if err != nil {
			return err
		}
		data, err := shapes.ExtractLand(topo, "Natural Earth 1:50m land (public domain), from world-atlas@2.0.2 land-50m.json")
		if err != nil {
			return err
		}
		if err := os.WriteFile(landPath, data, 0o644); err != nil {
			return err
		}
	}
	raw, err := os.ReadFile(landPath)
	if err != nil {
		return err
	}
	land, err := shapes.ParseLand(raw)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		entries, err := os.ReadDir(maps)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".json") {
				ids = append(ids, strings.TrimSuffix(e.Name(), ".json"))
			}
		}
		sort.Strings(ids)
	}
	for _, id := range ids {
		src, err := os.ReadFile(filepath.Join(maps, id+".json"))
		if err != nil {
			return err
		}
		data, err := shapes.Draw(src, land)
		if err != nil {
			return fmt.Errorf("%s: %v", id, err)
		}
		if err := os.WriteFile(filepath.Join(out, id+".json"), data, 0o644); err != nil {
			return err
		}
		if preview != "" {
			page, err := shapes.Preview(data)
			if err != nil {
				return fmt.Errorf("%s: preview: %v", id, err)
			}
			if err := os.WriteFile(filepath.Join(preview, id+".html"), page, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
