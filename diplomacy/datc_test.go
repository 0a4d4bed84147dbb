package diplomacy

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// datcCase is one DATC case as transcribed by internal/gen/datc.
type datcCase struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rules  string `json:"rules"`
	Phase  string `json:"phase"`
	Before *struct {
		Units  []string `json:"units"`
		Orders []string `json:"orders"`
	} `json:"before"`
	Units   []string          `json:"units"`
	Owners  map[string]string `json:"owners"`
	Orders  []string          `json:"orders"`
	Removed []string          `json:"removed"`
}

func loadDATC(t *testing.T) []datcCase {
	t.Helper()
	data, err := os.ReadFile("testdata/datc.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []datcCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// editionsOf lists the editions a case's expectations hold under.
func editionsOf(rules string) []Edition {
	switch rules {
	case "any":
		return []Edition{Edition1971, Edition1982, Edition2000, Edition2023}
	case "1971":
		return []Edition{Edition1971}
	case "1982":
		return []Edition{Edition1982}
	case "2023":
		return []Edition{Edition2023}
	}
	return nil
}

func parseTestUnit(t *testing.T, m *Map, s string) Unit {
	t.Helper()
	f := strings.Fields(s)
	typ := map[string]string{"A": "army", "F": "fleet"}[f[1]]
	u, err := m.parseUnitJSON(unitJSON{Power: f[0], Type: typ, At: f[2]})
	if err != nil {
		t.Fatalf("unit %q: %v", s, err)
	}
	return u
}

type testOrder struct {
	in     OrderIn
	text   string
	expect string
	err    error
}

func parseTestOrders(t *testing.T, m *Map, lines []string, phase PhaseType) []testOrder {
	t.Helper()
	var out []testOrder
	for _, line := range lines {
		colon := strings.Index(line, ":")
		arrow := strings.LastIndex(line, "=>")
		power, text, expect := line[:colon], strings.TrimSpace(line[colon+1:arrow]), strings.TrimSpace(line[arrow+2:])
		pw, ok := m.LookupPower(power)
		if !ok {
			t.Fatalf("order %q: unknown power", line)
		}
		o, err := m.ParseOrder(text)
		if err == nil && phase == Retreat && o.Type == Move {
			o.Type = RetreatOrder
		}
		if err != nil {
			o = Order{Type: 255, At: NoLoc, To: NoLoc, Aux: NoLoc}
		}
		out = append(out, testOrder{in: OrderIn{Power: pw, Order: o}, text: text, expect: expect, err: err})
	}
	return out
}

// runPhase adjudicates orders on pos and checks each expectation.
func runPhase(t *testing.T, a *Adjudicator, pos *Position, orders []testOrder) {
	t.Helper()
	in := make([]OrderIn, len(orders))
	for i, o := range orders {
		in[i] = o.in
	}
	out := make([]Outcome, len(orders))
	switch pos.Phase.Type {
	case Movement:
		a.Movement(pos, in, out)
	case Retreat:
		a.Retreats(pos, in, out)
	case Adjustment:
		a.Adjustments(pos, in, out)
	}
	for i, o := range orders {
		if o.err != nil {
			t.Errorf("%s: did not parse: %v", o.text, o.err)
			continue
		}
		got := out[i].Result
		switch o.expect {
		case "succeeds":
			if got != Succeeds {
				t.Errorf("%s: %s (%s), want succeeds", o.text, got, out[i].Text(a.m))
			}
		case "fails":
			if got == Succeeds {
				t.Errorf("%s: succeeds, want fails", o.text)
			}
		}
	}
}

func TestDATC(t *testing.T) {
	m := Standard()
	cases := loadDATC(t)
	if len(cases) < 150 {
		t.Fatalf("only %d DATC cases transcribed", len(cases))
	}
	for _, c := range cases {
		for _, ed := range editionsOf(c.Rules) {
			name := fmt.Sprintf("%s_%s_%s", c.ID, ed, strings.ReplaceAll(c.Name, " ", "_"))
			t.Run(name, func(t *testing.T) {
				a := NewAdjudicator(m, ed)
				pos := NewPosition(m)
				if c.Before != nil {
					pos.Phase = Phase{Season: Spring, Year: 1901, Type: Movement}
					for _, s := range c.Before.Units {
						pos.Place(parseTestUnit(t, m, s))
					}
					pos.DefaultOwners()
					runPhase(t, a, pos, parseTestOrders(t, m, c.Before.Orders, Movement))
					if pos.Phase.Type != Retreat {
						t.Fatalf("after the movement phase: %s, want a retreat phase", pos.Phase)
					}
				} else {
					switch c.Phase {
					case "movement":
						pos.Phase = Phase{Season: Spring, Year: 1901, Type: Movement}
					case "adjustment":
						pos.Phase = Phase{Season: Winter, Year: 1901, Type: Adjustment}
					default:
						t.Fatalf("phase %q without a movement before it", c.Phase)
					}
					for _, s := range c.Units {
						pos.Place(parseTestUnit(t, m, s))
					}
					pos.DefaultOwners()
					for k, v := range c.Owners {
						l, _ := m.LookupLoc(k)
						pw, _ := m.LookupPower(v)
						pos.Owners[m.Prov(l)] = pw
					}
				}
				before := pos.Clone()
				runPhase(t, a, pos, parseTestOrders(t, m, c.Orders, pos.Phase.Type))
				if len(c.Removed) > 0 || c.Phase == "adjustment" {
					var gone []string
					for i, u := range before.Units {
						if u.Type != NoUnit && pos.Units[i] != u {
							gone = append(gone, fmt.Sprintf("%s %s %s", m.PowerName(u.Power), u.Type, m.LocName(u.Loc)))
						}
					}
					sort.Strings(gone)
					if len(c.Removed) > 0 {
						want := append([]string(nil), c.Removed...)
						sort.Strings(want)
						if strings.Join(gone, ",") != strings.Join(want, ",") {
							t.Errorf("removed %v, want %v", gone, want)
						}
					}
				}
			})
		}
	}
}
