package multiplicity

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// An input of single-part units gives, byte for byte, the standard
// engine's result under the 1971 rules.
func TestJSONSingleUnitsAsStandard(t *testing.T) {
	phases := []string{
		// docs/adjudicate.md's example.
		`{"variant": "standard", "rules": "1971", "phase": {"season": "spring", "year": 1901, "type": "movement"},
		  "units": [{"power": "england", "type": "fleet", "at": "nth"}, {"power": "england", "type": "fleet", "at": "nwy"},
		    {"power": "russia", "type": "fleet", "at": "swe"}, {"power": "germany", "type": "fleet", "at": "den"},
		    {"power": "germany", "type": "fleet", "at": "bal"}, {"power": "germany", "type": "fleet", "at": "ska"}],
		  "centers": {"lon": "england", "swe": "russia", "den": "germany"},
		  "orders": {"england": ["F nth - pic", "F nwy S F swe"], "germany": ["F den - swe", "F bal S F den - swe", "F ska - nwy"]}}`,
		`{"rules": "1971", "phase": {"season": "spring", "year": 1901, "type": "retreat"},
		  "units": [{"power": "germany", "type": "fleet", "at": "swe"}],
		  "dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den", "retreats": ["bot", "fin"]}],
		  "orders": {"russia": ["F swe - bot"]}}`,
		`{"rules": "1971", "phase": {"season": "fall", "year": 1901, "type": "movement"},
		  "units": [{"power": "france", "type": "army", "at": "bur"}, {"power": "germany", "type": "army", "at": "mun"}],
		  "centers": {"par": "france", "mun": "germany"},
		  "orders": {"france": ["A bur - mun", "A bur - ber", "F xxx - yyy"]}}`,
		`{"rules": "1971", "phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		  "units": [{"power": "germany", "type": "army", "at": "hol"}],
		  "centers": {"ber": "germany", "kie": "germany", "hol": "germany"},
		  "orders": {"germany": ["Build A ber", "Build F kie"]}}`,
	}
	eng := diplomacy.NewEngine()
	for _, p := range phases {
		var sin diplomacy.PhaseInput
		if err := json.Unmarshal([]byte(p), &sin); err != nil {
			t.Fatal(err)
		}
		sout, err := eng.Adjudicate(&sin)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(sout)
		withOption := strings.Replace(p, `"rules": "1971",`, `"rules": "1971", "options": {"multiplicity": "true"},`, 1)
		got, err := Adjudicate([]byte(withOption))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != strings.TrimSpace(want.String()) {
			t.Errorf("input %s\n got  %s\n want %s", p, got, want.String())
		}
	}
}

// The seed's first example through the JSON form; it is the example of
// docs/multiplicity.md.
func TestJSONSeedExample(t *testing.T) {
	in := `{
  "options": {"multiplicity": "true"},
  "phase": {"season": "spring", "year": 1901, "type": "movement"},
  "units": [
    {"power": "france", "type": "army", "at": "par", "count": 2},
    {"power": "france", "type": "army", "at": "bur"},
    {"power": "england", "type": "army", "at": "pic", "count": 3},
    {"power": "england", "type": "army", "at": "bre"}
  ],
  "centers": {"par": "france", "bre": "england"},
  "orders": {
    "france": ["2A(Par) S A(Bur)-Pic", "A bur - pic"],
    "england": ["3A(Pic) S A(Bre)-Par", "A(Bre)-Par"]
  }
}`
	got, err := Adjudicate([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"orders":[{"power":"france","order":"2A(Par) S A(Bur)-Pic","result":"fails","reason":"support cut"},{"power":"france","order":"A bur - pic","result":"fails","reason":"bounced"},{"power":"england","order":"3A(Pic) S A(Bre)-Par","result":"fails","reason":"support partly cut: 2 of 3 given"},{"power":"england","order":"A(Bre)-Par","result":"succeeds"}],"next":{"phase":{"season":"spring","year":1901,"type":"retreat"},"units":[{"power":"france","type":"army","at":"bur"},{"power":"england","type":"army","at":"par"},{"power":"england","type":"army","at":"pic","count":3,"composition":{"army":3,"fleet":0}}],"dislodged":[{"power":"france","type":"army","at":"par","count":2,"composition":{"army":2,"fleet":0},"attacker_from":"bre","retreats":["gas"]}],"centers":{"bre":"england","par":"france"},"winner":null}}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The next position, with a retreat order, is the next input.
	var res PhaseOutput
	if err := json.Unmarshal(got, &res); err != nil {
		t.Fatal(err)
	}
	next, _ := json.Marshal(res.Next)
	var retreat map[string]any
	_ = json.Unmarshal(next, &retreat)
	retreat["orders"] = map[string][]string{"france": {"2A par - gas"}}
	retreat["options"] = map[string]string{"multiplicity": "true"}
	data, _ := json.Marshal(retreat)
	got, err = Adjudicate(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `{"power":"france","type":"army","at":"gas","count":2,"composition":{"army":2,"fleet":0}}`) ||
		!strings.Contains(string(got), `"result":"succeeds"`) {
		t.Errorf("retreat: %s", got)
	}
}

// An A/F is written with its composition; merges and splits come back as
// units with counts.
func TestJSONComposition(t *testing.T) {
	in := `{"options": {"multiplicity": "true"}, "phase": {"season": "spring", "year": 1901, "type": "movement"},
	  "units": [{"power": "england", "at": "eng", "composition": {"army": 1, "fleet": 2}},
	            {"power": "england", "type": "army", "at": "wal"}, {"power": "england", "type": "army", "at": "lvp"}],
	  "orders": {"england": ["A/2F eng SPLIT A lon", "A wal & A lvp MERGE 2A yor"]}}`
	got, err := Adjudicate([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{"power":"england","type":"fleet","at":"eng","count":2,"composition":{"army":0,"fleet":2}}`,
		`{"power":"england","type":"army","at":"lon"}`,
		`{"power":"england","type":"army","at":"yor","count":2,"composition":{"army":2,"fleet":0}}`,
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
}

func TestJSONErrors(t *testing.T) {
	base := `"phase": {"season": "spring", "year": 1901, "type": "movement"}`
	cases := []struct{ in, want string }{
		{`{` + base + `, "center": {}}`, `unknown field "center"`},
		{`{` + base + `, "units": [{"power": "france", "type": "army", "at": "par", "count": 3, "composition": {"army": 2}}]}`, "count 3 but composition 2A"},
		{`{` + base + `, "units": [{"power": "france", "type": "fleet", "at": "par", "composition": {"army": 2}}]}`, `type "fleet" but composition 2A`},
		{`{` + base + `, "units": [{"power": "france", "at": "mao", "composition": {"army": 2, "fleet": 1}}]}`, "not seaworthy"},
		{`{` + base + `, "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "army", "at": "par"}]}`, "two units in par"},
		{`{` + base + `, "rules": "2023"}`, "1971 rules"},
		{`{` + base + `, "options": {"catspaw": "true"}}`, "not supported with multiplicity"},
		{`{` + base + `} {}`, "one phase per input"},
	}
	for _, c := range cases {
		_, err := Adjudicate([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.in, err, c.want)
		}
	}
	// A bad order is no error of the phase: it is reported invalid.
	got, err := Adjudicate([]byte(`{` + base + `, "units": [{"power": "france", "type": "army", "at": "par", "count": 2}], "orders": {"france": ["2A par SPLIT A bur, A xyz"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `"result":"invalid","reason":"order \"2A par SPLIT A bur, A xyz\": unknown province: \"xyz\""`) {
		t.Errorf("got %s", got)
	}
}

func TestRequested(t *testing.T) {
	for in, want := range map[string]bool{
		`{"options": {"multiplicity": "true"}, "phase": {}}`:  true,
		`{"options": {"multiplicity": "false"}, "phase": {}}`: false,
		`{"options": {"catspaw": "true"}}`:                    false,
		`{"phase": {"season": "spring"}}`:                     false,
		`{"options": {"multiplicity": true}}`:                 false,
		`{"options": `:                                        false,
	} {
		if got := Requested([]byte(in)); got != want {
			t.Errorf("%s: %v, want %v", in, got, want)
		}
	}
}

// A convoy whose last sea touches two coasts of the destination (the
// Mid-Atlantic and Spain; Renaissance's Madrid) carries the army, and the
// fleet's convoy is in its legal tree.
func TestConvoyToATwoCoastProvince(t *testing.T) {
	for _, c := range []struct{ variant, army, dest string }{
		{"standard", "bre", "spa"},
		{"standard", "por", "gas"},
		{"renaissance", "aqu", "mad"},
	} {
		in := `{"variant": "` + c.variant + `", "rules": "1971", "phase": {"season": "spring", "year": 1901, "type": "movement"},
		  "units": [{"power": "` + firstPower(t, c.variant) + `", "type": "army", "at": "` + c.army + `"},
		    {"power": "` + firstPower(t, c.variant) + `", "type": "fleet", "at": "mao"}],
		  "orders": {"` + firstPower(t, c.variant) + `": ["A ` + c.army + ` - ` + c.dest + `", "F mao C A ` + c.army + ` - ` + c.dest + `"]}}`
		out, err := Adjudicate([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", c.variant, err)
		}
		var res struct {
			Orders []diplomacy.OrderResultJSON `json:"orders"`
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Orders {
			if o.Result != "succeeds" {
				t.Errorf("%s: %s %s (%s)", c.variant, o.Order, o.Result, o.Reason)
			}
		}
		var pin PhaseInput
		if err := json.Unmarshal([]byte(in), &pin); err != nil {
			t.Fatal(err)
		}
		pos, err := pin.Position()
		if err != nil {
			t.Fatal(err)
		}
		pw := pos.Units[pos.Map.Prov(mustLoc(t, pos.Map, "mao"))].Power
		var texts []string
		for _, root := range movementOptions(pos, pw, nil) {
			leaves("", root, &texts)
		}
		want := "F mao C A " + c.army + " - " + c.dest
		found := false
		for _, text := range texts {
			found = found || text == want
		}
		if !found {
			t.Errorf("%s: %q is not in the legal tree", c.variant, want)
		}
	}
}

func firstPower(t *testing.T, variant string) string {
	m, err := diplomacy.LoadMap(variant)
	if err != nil {
		t.Fatal(err)
	}
	return m.Powers[0].ID
}

func mustLoc(t *testing.T, m *diplomacy.Map, id string) diplomacy.Loc {
	l, ok := m.LookupLoc(id)
	if !ok {
		t.Fatalf("no %s on %s", id, m.ID)
	}
	return l
}
