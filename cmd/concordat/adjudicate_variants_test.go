package main

import (
	"strings"
	"testing"
)

// TestAdjudicateRoutesMultiplicity: inputs with options.multiplicity go to
// the Multiplicity engine, whose units have counts; others stay standard.
func TestAdjudicateRoutesMultiplicity(t *testing.T) {
	in := `{"options": {"multiplicity": "true"}, "rules": "1971",
		"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "count": 2, "at": "par"},
		          {"power": "germany", "type": "army", "at": "bur"}],
		"orders": {"france": ["2A par - bur"]}}`
	code, out, errs := run(t, in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `"count":2`) || !strings.Contains(out, `"result":"succeeds"`) {
		t.Fatalf("the 2A did not take Burgundy: %s", out)
	}
	// Without the option, a count is an unknown field.
	code, _, errs = run(t, strings.Replace(in, `"options": {"multiplicity": "true"}, `, "", 1))
	if code != 2 || !strings.Contains(errs, "count") {
		t.Fatalf("a count outside Multiplicity: exit %d, %s", code, errs)
	}
}

// TestAdjudicateCatspawOptions: variant options reach the standard engine.
func TestAdjudicateCatspawOptions(t *testing.T) {
	in := `{"options": {"catspaw": "true", "players": "england,france,turkey"},
		"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "germany", "type": "army", "at": "mun"}],
		"orders": {"england": ["A mun - bur", "A mun - bur"], "france": ["A mun - ruh"]}}`
	r := adjudicate(t, in)
	sameStrings(t, "results", r.results(), []string{
		"england: A mun - bur => succeeds",
		"england: A mun - bur => succeeds",
		"france: A mun - ruh => fails (another order for this unit was written more often)"})
	sameStrings(t, "units", r.units(), []string{"germany army bur"})
}
