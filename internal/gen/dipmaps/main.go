// Command dipmaps generates the Diplomacy maps embedded in package diplomacy
// (diplomacy/maps/*.json, the project's own format) from the reference map
// files (dipmap-facts/1). Run from the repository root:
//
//	go run ./internal/gen/dipmaps -shared ../shared standard
//
// With no map names it converts every map in the shared folder. The
// conversion itself is package convert.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"concordat/internal/gen/dipmaps/convert"
)

func main() {
	shared := flag.String("shared", "../shared", "the shared reference folder")
	out := flag.String("out", "diplomacy/maps", "where to write the project's map files")
	flag.Parse()
	dir := filepath.Join(*shared, "diplomacy", "maps")
	names := flag.Args()
	if len(names) == 0 {
		var err error
		if names, err = convert.MapNames(dir); err != nil {
			fmt.Fprintln(os.Stderr, "dipmaps:", err)
			os.Exit(1)
		}
	}
	for _, name := range names {
		data, err := convert.Generate(dir, name)
		if err == nil {
			err = os.WriteFile(filepath.Join(*out, name+".json"), data, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "dipmaps:", name+":", err)
			os.Exit(1)
		}
	}
}
