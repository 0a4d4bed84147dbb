package refadj

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// datcCase is one DATC case as diplomacy/testdata/datc.json holds it.
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

// editions lists the editions a case's expectations hold under.
func editions(rules string) []diplomacy.Edition {
	switch rules {
	case "any":
		return []diplomacy.Edition{diplomacy.Edition1971, diplomacy.Edition1982, diplomacy.Edition2000, diplomacy.Edition2023}
	case "1971":
		return []diplomacy.Edition{diplomacy.Edition1971}
	case "1982":
		return []diplomacy.Edition{diplomacy.Edition1982}
	case "2023":
		return []diplomacy.Edition{diplomacy.Edition2023}
	}
	return nil
}

func placeUnit(t *testing.T, pos *diplomacy.Position, s string) {
	t.Helper()
	m := pos.Map
	f := strings.Fields(s)
	pw, ok := m.LookupPower(f[0])
	l, ok2 := m.LookupLoc(f[2])
	if !ok || !ok2 || len(f) != 3 {
		t.Fatalf("unit %q", s)
	}
	typ := map[string]diplomacy.UnitType{"A": diplomacy.Army, "F": diplomacy.Fleet}[f[1]]
	if typ == diplomacy.Army {
		l = Loc(m.Prov(l))
	}
	pos.Place(diplomacy.Unit{Type: typ, Power: pw, Loc: l})
}

type caseOrder struct {
	in     diplomacy.OrderIn
	text   string
	expect string
}

func caseOrders(t *testing.T, m *diplomacy.Map, lines []string, retreat bool) []caseOrder {
	t.Helper()
	var out []caseOrder
	for _, line := range lines {
		colon, arrow := strings.Index(line, ":"), strings.LastIndex(line, "=>")
		text := strings.TrimSpace(line[colon+1 : arrow])
		pw, ok := m.LookupPower(line[:colon])
		if !ok {
			t.Fatalf("order %q: unknown power", line)
		}
		o, err := m.ParseOrder(text)
		if err != nil {
			t.Fatalf("order %q: %v", line, err)
		}
		if retreat && o.Type == diplomacy.Move {
			o.Type = diplomacy.RetreatOrder
		}
		out = append(out, caseOrder{diplomacy.OrderIn{Power: pw, Order: o}, text, strings.TrimSpace(line[arrow+2:])})
	}
	return out
}

// play runs the orders through the reference and checks the expectations.
func play(t *testing.T, pos *diplomacy.Position, ed diplomacy.Edition, orders []caseOrder) *diplomacy.Position {
	t.Helper()
	in := make([]diplomacy.OrderIn, len(orders))
	for i, o := range orders {
		in[i] = o.in
	}
	r := Resolve(pos, ed, in, Options{})
	for i, o := range orders {
		got := r.Results[i]
		switch {
		case o.expect == "succeeds" && got != diplomacy.Succeeds:
			t.Errorf("%s: %s, want succeeds", o.text, got)
		case o.expect == "fails" && got == diplomacy.Succeeds:
			t.Errorf("%s: succeeds, want fails", o.text)
		}
	}
	return r.After
}

// TestReferenceDATC runs every DATC case of diplomacy/testdata through the
// reference, under each edition the case holds for.
func TestReferenceDATC(t *testing.T) {
	data, err := os.ReadFile("../../testdata/datc.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []datcCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 150 {
		t.Fatalf("only %d DATC cases", len(cases))
	}
	m := diplomacy.Standard()
	ran := 0
	for _, c := range cases {
		for _, ed := range editions(c.Rules) {
			ran++
			t.Run(fmt.Sprintf("%s_%s_%s", c.ID, ed, strings.ReplaceAll(c.Name, " ", "_")), func(t *testing.T) {
				pos := diplomacy.NewPosition(m)
				if c.Before != nil {
					pos.Phase = diplomacy.Phase{Season: diplomacy.Spring, Year: 1901, Type: diplomacy.Movement}
					for _, s := range c.Before.Units {
						placeUnit(t, pos, s)
					}
					pos.DefaultOwners()
					pos = play(t, pos, ed, caseOrders(t, m, c.Before.Orders, false))
					if pos.Phase.Type != diplomacy.Retreat {
						t.Fatalf("after the movement phase: %s, want a retreat phase", pos.Phase)
					}
				} else {
					switch c.Phase {
					case "movement":
						pos.Phase = diplomacy.Phase{Season: diplomacy.Spring, Year: 1901, Type: diplomacy.Movement}
					case "adjustment":
						pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: 1901, Type: diplomacy.Adjustment}
					default:
						t.Fatalf("phase %q without a movement before it", c.Phase)
					}
					for _, s := range c.Units {
						placeUnit(t, pos, s)
					}
					pos.DefaultOwners()
					for k, v := range c.Owners {
						l, _ := m.LookupLoc(k)
						pw, _ := m.LookupPower(v)
						pos.Owners[m.Prov(l)] = pw
					}
				}
				before := pos.Clone()
				after := play(t, pos, ed, caseOrders(t, m, c.Orders, pos.Phase.Type == diplomacy.Retreat))
				if len(c.Removed) > 0 {
					var gone []string
					for i, u := range before.Units {
						if u.Type != diplomacy.NoUnit && after.Units[i] != u {
							gone = append(gone, fmt.Sprintf("%s %s %s", m.PowerName(u.Power), u.Type, m.LocName(u.Loc)))
						}
					}
					sort.Strings(gone)
					want := append([]string(nil), c.Removed...)
					sort.Strings(want)
					if strings.Join(gone, ",") != strings.Join(want, ",") {
						t.Errorf("removed %v, want %v", gone, want)
					}
				}
			})
		}
	}
	if ran < 200 {
		t.Errorf("only %d case-editions ran", ran)
	}
}
