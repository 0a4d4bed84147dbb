package diplomacy

import (
	"encoding/json"
	"strings"
	"testing"
)

// run adjudicates one JSON phase and returns the output.
func run(t *testing.T, input string) *PhaseOutput {
	t.Helper()
	var in PhaseInput
	if err := json.Unmarshal([]byte(input), &in); err != nil {
		t.Fatal(err)
	}
	out, err := NewEngine().Adjudicate(&in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFallCapturesCentreAndWinterBuilds(t *testing.T) {
	out := run(t, `{"phase": {"season": "fall", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "at": "par"},
		          {"power": "france", "type": "army", "at": "gas"},
		          {"power": "france", "type": "fleet", "at": "mao"}],
		"centers": {"par": "france", "mar": "france", "bre": "france"},
		"orders": {"france": ["A gas - spa", "F mao - por", "A par - bur"]}}`)
	n := out.Next
	if n.Phase != (phaseJSON{Season: "winter", Year: 1901, Type: "adjustment"}) {
		t.Fatalf("next phase %+v, want winter 1901 adjustment (retreats skipped)", n.Phase)
	}
	for _, c := range []string{"spa", "por", "par", "mar", "bre"} {
		if n.Centers[c] != "france" {
			t.Errorf("centre %s owned by %q, want france", c, n.Centers[c])
		}
	}
	if _, ok := n.Centers["bur"]; ok {
		t.Error("Burgundy is no supply centre")
	}
	// Five centres, three units: two builds, in empty owned home centres.
	out = run(t, `{"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		"units": [{"power": "france", "type": "army", "at": "bur"},
		          {"power": "france", "type": "army", "at": "spa"},
		          {"power": "france", "type": "fleet", "at": "por"}],
		"centers": {"par": "france", "mar": "france", "bre": "france", "spa": "france", "por": "france"},
		"orders": {"france": ["Build A par", "Build F mar", "Build F bre"]}}`)
	want := []string{"succeeds", "succeeds", "fails"}
	for i, o := range out.Orders {
		if o.Result != want[i] {
			t.Errorf("%s: %s (%s), want %s", o.Order, o.Result, o.Reason, want[i])
		}
	}
	if len(out.Next.Units) != 5 || out.Next.Phase != (phaseJSON{Season: "spring", Year: 1902, Type: "movement"}) {
		t.Fatalf("after builds: %d units, %+v", len(out.Next.Units), out.Next.Phase)
	}
}

func TestNoAdjustmentPhaseWhenNobodyAdjusts(t *testing.T) {
	out := run(t, `{"phase": {"season": "fall", "year": 1901, "type": "movement"},
		"units": [{"power": "italy", "type": "army", "at": "ven"}],
		"centers": {"ven": "italy"},
		"orders": {"italy": ["A ven H"]}}`)
	if out.Next.Phase != (phaseJSON{Season: "spring", Year: 1902, Type: "movement"}) {
		t.Fatalf("next phase %+v, want spring 1902 movement", out.Next.Phase)
	}
}

func TestVictoryAtEighteen(t *testing.T) {
	// Russia owns 17 centres and takes Rumania in the fall.
	centers := map[string]string{}
	for _, c := range []string{"stp", "mos", "war", "sev", "swe", "nwy", "den", "ber", "kie", "mun",
		"vie", "bud", "tri", "ser", "bul", "con", "ank"} {
		centers[c] = "russia"
	}
	cj, _ := json.Marshal(centers)
	out := run(t, `{"phase": {"season": "fall", "year": 1910, "type": "movement"},
		"units": [{"power": "russia", "type": "army", "at": "ukr"}],
		"centers": `+string(cj)+`,
		"orders": {"russia": ["A ukr - rum"]}}`)
	if out.Next.Winner == nil || *out.Next.Winner != "russia" {
		t.Fatalf("winner %v, want russia", out.Next.Winner)
	}
	// A spring capture does not count until the fall.
	out = run(t, `{"phase": {"season": "spring", "year": 1910, "type": "movement"},
		"units": [{"power": "russia", "type": "army", "at": "ukr"}],
		"centers": `+string(cj)+`,
		"orders": {"russia": ["A ukr - rum"]}}`)
	if out.Next.Winner != nil || out.Next.Centers["rum"] != "" {
		t.Fatalf("spring: winner %v, rum owned by %q", out.Next.Winner, out.Next.Centers["rum"])
	}
}

func TestRetreatsListedAfterMovement(t *testing.T) {
	out := run(t, `{"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "germany", "type": "army", "at": "mun"},
		          {"power": "germany", "type": "army", "at": "ber"},
		          {"power": "france", "type": "army", "at": "bur"},
		          {"power": "austria", "type": "army", "at": "boh"},
		          {"power": "austria", "type": "army", "at": "vie"}],
		"orders": {"germany": ["A ber - sil"], "austria": ["A boh - mun", "A vie - tyr"], "france": ["A bur S A boh - mun"]}}`)
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("dislodged: %+v", out.Next.Dislodged)
	}
	d := out.Next.Dislodged[0]
	got := strings.Join(d.Retreats, " ")
	// Munich may not retreat to Bohemia (attacker), Burgundy (occupied) nor
	// Tyrolia (now Austrian); Berlin was left empty; Kiel, Ruhr, Silesia (taken) ...
	if d.At != "mun" || d.AttackerFrom != "boh" || got != "ber kie ruh" {
		t.Fatalf("dislodged %+v, retreats %q, want mun from boh with ber kie ruh", d, got)
	}
	if out.Next.Phase.Type != "retreat" {
		t.Fatalf("next phase %+v", out.Next.Phase)
	}
}

// TestInvalidRetreatDoesNotTakeTheUnitsOrder: an invalid order does not
// count (docs/adjudicate.md), so a dislodged unit's later valid retreat is
// carried out, as a later valid order is in a movement phase; only a second
// valid order is refused as "already has an order". (Found by the
// reference-resolver comparison, diplomacy/refcompare_test.go.)
func TestInvalidRetreatDoesNotTakeTheUnitsOrder(t *testing.T) {
	out := run(t, `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
		"units": [{"power": "germany", "type": "fleet", "at": "swe"}],
		"dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den", "retreats": ["bot", "fin"]}],
		"orders": {"russia": ["F swe R den", "F swe R bot", "F swe R fin"]}}`)
	var got []string
	for _, o := range out.Orders {
		got = append(got, o.Result)
	}
	if strings.Join(got, " ") != "invalid succeeds invalid" {
		t.Fatalf("results %v, want invalid succeeds invalid: %+v", got, out.Orders)
	}
	if out.Orders[2].Reason != "the unit at swe already has an order" {
		t.Errorf("second valid retreat: %q", out.Orders[2].Reason)
	}
	found := false
	for _, u := range out.Next.Units {
		found = found || u.At == "bot" && u.Power == "russia"
	}
	if !found {
		t.Fatalf("the Russian fleet did not retreat to bot: %+v", out.Next.Units)
	}
}
