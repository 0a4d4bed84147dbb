package main

import (
	"bytes"
	"strings"
	"testing"
)

// bench diplomacy --option multiplicity=true plays seeded Multiplicity
// games through the contract; colliding options are refused naming both.
func TestBenchMultiplicity(t *testing.T) {
	var out, errb bytes.Buffer
	code := runBench([]string{"diplomacy", "--games", "2", "--seed", "3", "--last-year", "1903", "--option", "multiplicity=true", "--option", "fog=true"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "map standard (multiplicity), rules 1971: 2 games") || !strings.Contains(out.String(), "movement") {
		t.Fatalf("output: %s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := runBench([]string{"diplomacy", "--games", "1", "--option", "multiplicity=true", "--option", "black_hole=true"}, nil, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "black_hole=true does not combine with multiplicity=true") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

// Under --variant all a map that refuses the options is skipped with its
// reason and the others play; a single such map is an error.
func TestBenchAllSkipsMapsThatRefuseTheOptions(t *testing.T) {
	var out, errb bytes.Buffer
	code := runBench([]string{"diplomacy", "--variant", "all", "--games", "1", "--last-year", "1901", "--option", "preset=5p"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "map standard, rules 2023: 1 games") {
		t.Errorf("standard did not play 5P: %s", out.String())
	}
	if !strings.Contains(out.String(), "map youngstown: skipped: ") {
		t.Errorf("youngstown was not skipped with a reason: %s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := runBench([]string{"diplomacy", "--variant", "loeb9", "--games", "1", "--option", "multiplicity=true"}, nil, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "special borders") {
		t.Fatalf("multiplicity on loeb9: exit %d: %s", code, errb.String())
	}
}
