// Command hisboard draws Here I Stand's board for the browser client: from
// the engine's data (package his: spaces with their printed positions,
// connections, passes, ports, language zones; sea zones) and Natural
// Earth's coastlines (internal/gen/mapshapes/land.json, public domain) it
// writes web/static/his/board.json (format: web/static/his/README.md).
// Run from the repository root (or by go generate in this folder):
//
//	go run ./internal/gen/hisboard
package main

//go:generate go run . -land ../mapshapes/land.json -out ../../../web/static/his/board.json

import (
	"flag"
	"fmt"
	"os"

	"concordat/internal/gen/mapshapes/shapes"
)

func main() {
	landPath := flag.String("land", "internal/gen/mapshapes/land.json", "the Natural Earth land extract")
	out := flag.String("out", "web/static/his/board.json", "the board file to write")
	preview := flag.String("preview", "", "also write an SVG preview of the board here")
	flag.Parse()
	if err := run(*landPath, *out, *preview); err != nil {
		fmt.Fprintln(os.Stderr, "hisboard:", err)
		os.Exit(1)
	}
}

func run(landPath, out, preview string) error {
	raw, err := os.ReadFile(landPath)
	if err != nil {
		return err
	}
	land, err := shapes.ParseLand(raw)
	if err != nil {
		return err
	}
	b, err := build(land)
	if b != nil && preview != "" {
		if err := os.WriteFile(preview, b.previewSVG(), 0o644); err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	data, err := b.encode()
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}
