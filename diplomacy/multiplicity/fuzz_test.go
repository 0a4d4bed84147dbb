package multiplicity

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// Fuzz targets for the text that enters the package: order strings and
// phase JSON. Inputs the fuzzer found worth keeping are regression files
// in testdata/fuzz/<FuzzName>/. Run, for example:
//
//	go test -fuzz=FuzzParseOrder -fuzztime=60s ./diplomacy/multiplicity/
//	go test -fuzz=FuzzAdjudicate -fuzztime=60s ./diplomacy/multiplicity/

var seedOrders = []string{
	"A mar & A pic MERGE 2A bur", "A(Mar) & A(Pic) MERGE 2A(Bur)", "A mun and A bur merge into ruh",
	"A lon & F mao MERGE A/F eng", "4A par SPLIT A pic, 2A bur, A gas", "4A(Par) SPLIT A(Pic), 2A(Bur), A(Gas)",
	"2A par split A pic and A bur", "2A(Par) S A(Bur)-Pic", "3A(Pic) S A(Bre)-Par", "A(Par) S MERGE (Bur)",
	"A/3F eng C 2A lon - pic", "A/F spa/nc - por", "2A/F bre H", "Build 2A par", "Disband A/F bre",
	"par - bur", "F stp (north coast) - bar", "Waive", "2A mun R boh", "A lon - nwy via convoy",
	"2A/3A par H", "0A par H", "A mar MERGE mar", "& MERGE", "SPLIT", "2A par SPLIT", "S MERGE (",
	"A(", "A()", "2A(Par", "A/F/A par", "99A par - bur", "100A par", "A mar & & A pic MERGE bur",
}

// FuzzParseOrder: no text makes the parser panic; a refused order is an
// *OrderError for the whole text quoting a part of it; an order read
// writes back, by String, to a text that reads as the same order.
func FuzzParseOrder(f *testing.F) {
	for _, s := range seedOrders {
		f.Add(s)
	}
	m := diplomacy.Standard()
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(m, s)
		if err != nil {
			var oe *diplomacy.OrderError
			if !errors.As(err, &oe) {
				t.Fatalf("%q: error %T %v, want *OrderError", s, err, err)
			}
			if len(s) <= 1000 && oe.Order != s {
				t.Fatalf("%q: error names the order %q", s, oe.Order)
			}
			if oe.Part != "" && !strings.Contains(s, oe.Part) {
				t.Fatalf("%q: error quotes %q, which is not in the order", s, oe.Part)
			}
			return
		}
		text := o.String(m)
		o2, err := ParseOrder(m, text)
		if err != nil {
			t.Fatalf("%q read as %q, which does not read: %v", s, text, err)
		}
		if text2 := o2.String(m); text2 != text {
			t.Fatalf("%q read as %q, which reads as %q", s, text, text2)
		}
	})
}

var seedPhases = []string{
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "france", "type": "army", "at": "par", "count": 2}, {"power": "france", "type": "army", "at": "bur"}, {"power": "england", "type": "army", "at": "pic", "count": 3}, {"power": "england", "type": "army", "at": "bre"}], "orders": {"france": ["2A(Par) S A(Bur)-Pic", "A bur - pic"], "england": ["3A(Pic) S A(Bre)-Par", "A(Bre)-Par"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "germany", "type": "army", "at": "mun"}, {"power": "germany", "type": "army", "at": "bur"}, {"power": "france", "type": "army", "at": "ruh", "count": 2}, {"power": "france", "type": "army", "at": "pic"}], "orders": {"germany": ["A(Mun) & A(Bur) MERGE 2A(Ruh)"], "france": ["2A(Ruh) S A(Pic)-Bur", "A pic - bur"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "france", "at": "eng", "composition": {"army": 2, "fleet": 2}}, {"power": "england", "type": "army", "at": "wal"}], "orders": {"france": ["2A/2F eng SPLIT A wal, F bre"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "england", "at": "eng", "composition": {"army": 1, "fleet": 3}}, {"power": "england", "type": "army", "at": "lon", "count": 2}, {"power": "france", "type": "fleet", "at": "bre"}], "orders": {"england": ["A/3F eng C 2A lon - pic", "2A lon - pic"], "france": ["F bre - eng"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "england", "type": "army", "at": "lon"}, {"power": "england", "type": "fleet", "at": "mao"}, {"power": "france", "type": "fleet", "at": "bre"}], "orders": {"england": ["A lon & F mao MERGE A/F eng"], "france": ["F bre - eng"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "germany", "type": "army", "at": "mun", "count": 3}, {"power": "germany", "type": "army", "at": "kie"}, {"power": "germany", "type": "army", "at": "sil"}, {"power": "russia", "type": "army", "at": "ber", "count": 2}, {"power": "austria", "type": "army", "at": "boh"}, {"power": "france", "type": "army", "at": "bur"}], "orders": {"germany": ["A mun S A sil - boh", "2A mun S A kie - ber", "A kie - ber", "A sil - boh"], "france": ["A bur - mun"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "retreat"}, "units": [], "dislodged": [{"power": "france", "type": "army", "at": "bur", "count": 2, "attacker_from": "mun"}, {"power": "germany", "type": "army", "at": "ruh", "attacker_from": "kie"}], "orders": {"france": ["2A bur - bel"], "germany": ["A ruh - bel"]}}`,
	`{"phase": {"season": "winter", "year": 1901, "type": "adjustment"}, "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "army", "at": "bre"}], "centers": {"par": "france", "bre": "france", "mar": "france", "spa": "france"}, "orders": {"france": ["Build A par", "Build F bre", "Build 2A mar"]}}`,
}

// FuzzAdjudicate: no phase JSON makes the adjudicator panic; a movement
// phase neither creates nor destroys parts (every part stands somewhere or
// is dislodged); a retreat or adjustment phase never adds parts to a
// power beyond its centres; a result's next position is itself an input.
func FuzzAdjudicate(f *testing.F) {
	for _, s := range seedPhases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var in PhaseInput
		if err := json.Unmarshal([]byte(s), &in); err != nil {
			return
		}
		pos, err := in.Position()
		if err != nil {
			return
		}
		before := pos.Parts()
		for _, d := range pos.Dislodged {
			before[d.Power] += d.Strength()
		}
		phase := pos.Phase.Type
		out, err := AdjudicatePhase(&in)
		if err != nil {
			if strings.HasPrefix(err.Error(), "orders: unknown power") {
				return
			}
			t.Fatalf("%s: the input was checked but failed: %v", s, err)
		}
		next := NextJSON(out.Next)
		data, _ := json.Marshal(next)
		var again PhaseInput
		if err := json.Unmarshal(data, &again); err != nil {
			t.Fatalf("next does not decode: %v", err)
		}
		after, err := again.Position()
		if err != nil {
			t.Fatalf("%s: next %s is no input: %v", s, data, err)
		}
		parts := after.Parts()
		for _, d := range after.Dislodged {
			parts[d.Power] += d.Strength()
		}
		for pw := range parts {
			switch phase {
			case diplomacy.Movement:
				if parts[pw] != before[pw] {
					t.Fatalf("%s: power %d had %d parts, has %d after movement", s, pw, before[pw], parts[pw])
				}
			case diplomacy.Retreat:
				if parts[pw] > before[pw] {
					t.Fatalf("%s: power %d gained parts in a retreat", s, pw)
				}
			}
		}
	})
}
