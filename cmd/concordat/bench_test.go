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

// bench his plays seeded random Here I Stand games and reports their speed,
// decisions and endings; a turn cap stops them early; bad flags exit 2.
func TestBenchHIS(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runBench([]string{"his", "--games", "2", "--seed", "3"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"his 1517, edition 500th: 2 random games", "games/s", "ms/game", "decisions per game", "allocations: ", "endings: ", "impulse ", "action:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q: %s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "stopped after") {
		t.Errorf("a full game stopped at the cap: %s", out.String())
	}
	out.Reset()
	if code := runBench([]string{"his", "--games", "1", "--turns", "1", "--edition", "2010"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "1.0 turns") || !strings.Contains(out.String(), "stopped after turn 1 1") {
		t.Errorf("a one-turn game: %s", out.String())
	}
	for _, bad := range [][]string{{"his", "--games", "0"}, {"his", "--edition", "1999"}, {"his", "extra"}, {"his", "--turns", "-1"}} {
		errb.Reset()
		if code := runBench(bad, nil, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, %q", bad, code, errb.String())
		}
	}
}
