package his

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"concordat/game"
)

// compileDealSchema compiles DealSchema as a draft 2020-12 schema.
func compileDealSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(DealSchema))
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := doc.(map[string]any); m["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Fatalf("$schema is %v, want draft 2020-12", m["$schema"])
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("deal.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("deal.json")
	if err != nil {
		t.Fatalf("DealSchema does not compile: %v", err)
	}
	return sch
}

func validateArgs(sch *jsonschema.Schema, args []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// Every kind of deal the engine accepts, each announced in a position where
// it is legal (the positions of the diplomacy tests), matches DealSchema;
// so do the done forms.
func TestDealSchemaAcceptsEngineDeals(t *testing.T) {
	sch := compileDealSchema(t)
	cases := []struct {
		name  string
		by    Power
		setup func(s *State)
		items []Item
	}{
		{"peace and alliance", France, nil, peaceAndAlliance("france", "papacy")},
		{"cards", England, nil, []Item{{Type: "cards", From: "england", To: "france", N: 2}}},
		{"cede", Hapsburg, nil, []Item{{Type: "cede", From: "france", To: "hapsburg", Space: "milan"}, {Type: "peace", A: "france", B: "hapsburg"}}},
		{"mercs", England, func(s *State) { s.Spaces[mustSpace("lyon")].Units[France].Merc = 3 },
			[]Item{{Type: "mercs", From: "france", To: "england", Take: map[string]int{"lyon": 2}, Dest: "london"}}},
		{"loan and release", England, func(s *State) {
			mont, _ := LeaderByID("montmorency")
			s.Leaders[mont] = LeaderState{Loc: OffMap, Captor: England}
		}, []Item{{Type: "alliance", A: "england", B: "france"},
			{Type: "loan", From: "france", To: "england", Space: "rouen", N: 1, Dest: "portsmouth"},
			{Type: "release", From: "england", Leader: "montmorency"}}},
		{"divorce and rescind", Papacy, func(s *State) {
			s.Marital = 1
			s.Powers[France].MinusOne, s.Powers[France].ExcomOn = true, 1
		}, []Item{{Type: "divorce"}, {Type: "rescind", Power: "france"}}},
	}
	for _, c := range cases {
		s := diploState(t, Ed500, 2)
		if c.setup != nil {
			c.setup(s)
		}
		announceDone(t, s, c.by)
		// Both forms a client may send: the Deal as the engine marshals it
		// (with "by") and the bare {"items": […]}.
		for _, a := range []game.Action{game.NewAction(kAnnounce, Deal{Items: c.items}), game.NewAction(kAnnounce, dealArgs{Items: c.items})} {
			if _, _, err := (Rules{}).Apply(s.Clone(), game.Seat(c.by.String()), a); err != nil {
				t.Fatalf("%s: the engine refuses %s: %v", c.name, a.Args, err)
			}
			if err := validateArgs(sch, a.Args); err != nil {
				t.Errorf("%s: %s does not match the schema: %v", c.name, a.Args, err)
			}
		}
	}
	for _, done := range []string{`["done"]`, `{"done": true}`, `{"done": true, "by": "france"}`} {
		if err := validateArgs(sch, []byte(done)); err != nil {
			t.Errorf("%s does not match the schema: %v", done, err)
		}
	}
}

// The deals of random games (every one accepted by the engine when it was
// announced) match DealSchema.
func TestDealSchemaAcceptsRandomDeals(t *testing.T) {
	sch := compileDealSchema(t)
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		rec, _, err := RandomGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range rec.Steps {
			if st.Action.Type != kAnnounce {
				continue
			}
			n++
			if err := validateArgs(sch, st.Action.Args); err != nil {
				t.Fatalf("seed %d: %s does not match the schema: %v", seed, st.Action.Args, err)
			}
		}
	}
	if n == 0 {
		t.Fatal("no announcements checked")
	}
}

// Arguments of the wrong shape are refused by the schema, and by the engine
// too: the schema is never looser than the engine on the shape it states.
func TestDealSchemaRefusesBadShapes(t *testing.T) {
	sch := compileDealSchema(t)
	bad := []string{
		`{}`,
		`{"items": []}`,
		`["pass"]`,
		`{"done": true, "items": [{"type": "divorce"}]}`,
		`{"items": [{"type": "peace", "a": "france"}]}`,                             // b missing
		`{"items": [{"type": "alliance", "a": "france", "b": "venice"}]}`,           // not a major power
		`{"items": [{"type": "cards", "from": "france", "to": "england", "n": 3}]}`, // at most 2
		`{"items": [{"type": "teleport"}]}`,
		`{"items": [{"type": "cede", "from": "france", "to": "england"}]}`,                                // space missing
		`{"items": [{"type": "mercs", "from": "france", "to": "england", "take": {}, "dest": "london"}]}`, // nothing taken
		`{"items": [{"type": "rescind"}]}`,
	}
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	for _, b := range bad {
		if err := validateArgs(sch, []byte(b)); err == nil {
			t.Errorf("the schema accepts %s", b)
		}
		if _, _, err := (Rules{}).Apply(s.Clone(), "france", game.Action{Type: kAnnounce, Args: json.RawMessage(b)}); err == nil {
			t.Errorf("the engine accepts %s", b)
		}
	}
}

// Every space and leader id fits the schema's id patterns, so the schema
// refuses no real id.
func TestDealSchemaIDPatterns(t *testing.T) {
	sch := compileDealSchema(t)
	for _, sp := range Spaces {
		b, _ := json.Marshal(dealArgs{Items: []Item{{Type: "cede", From: "france", To: "england", Space: sp.ID}}})
		if err := validateArgs(sch, b); err != nil {
			t.Errorf("space %s: %v", sp.ID, err)
		}
	}
	for _, l := range Leaders {
		b, _ := json.Marshal(dealArgs{Items: []Item{{Type: "release", From: "france", Leader: l.ID}}})
		if err := validateArgs(sch, b); err != nil {
			t.Errorf("leader %s: %v", l.ID, err)
		}
	}
}

// Legal carries the schema for diplomacy.announce, beside the path
// ["done"], and for no other decision.
func TestLegalCarriesDealSchema(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 3)
	if o := rules.Legal(st, "protestant"); o.Kind != kReform || o.Schema != nil {
		t.Fatalf("the opening decision: kind %s, schema %d bytes", o.Kind, len(o.Schema))
	}
	throughTheses(t, st.(*State))
	o := rules.Legal(st, "england")
	if o.Kind != kAnnounce || len(o.Choices) != 1 || o.Choices[0].Value != "done" {
		t.Fatalf("England's announcement: %+v", o)
	}
	if !bytes.Equal(o.Schema, DealSchema) {
		t.Fatal("Legal's schema is not DealSchema")
	}
	b, _ := json.Marshal(o)
	if !strings.Contains(string(b), `"schema":{"$schema":"https://json-schema.org/draft/2020-12/schema"`) {
		t.Fatalf("the options as JSON: %.200s", b)
	}
	if o := rules.Legal(st, "france"); o.Schema != nil || o.Kind != "" {
		t.Fatal("a seat owing nothing gets a schema")
	}
}
