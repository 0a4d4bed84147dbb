package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestEmbeddedDataIsUpToDate regenerates the data from the reference files
// and compares it with his/hisdata.json. The reference files live outside
// the repository; without them the test is skipped (loudly).
func TestEmbeddedDataIsUpToDate(t *testing.T) {
	ref := filepath.Join("..", "..", "..", "..", "shared", "his", "data")
	if _, err := os.Stat(ref); err != nil {
		t.Skipf("SKIPPED: reference data not found at %s (%v); his/hisdata.json was NOT checked against it", ref, err)
	}
	want, err := generate(ref)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join("..", "..", "..", "his", "hisdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, have) {
		t.Fatal("his/hisdata.json is stale: run go run ./internal/gen/hisdata -shared ../shared -out his/hisdata.json")
	}
}
