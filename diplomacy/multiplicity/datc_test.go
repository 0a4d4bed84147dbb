package multiplicity

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// The DATC cases of package diplomacy, run with single-part units through
// this package and through the standard engine under the 1971 rules (the
// base of Multiplicity): every order's result and the position after must
// be the same, except in the cases listed in datcDiffer, where the
// Multiplicity rules differ on purpose.

type datcCase struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rules  string `json:"rules"`
	Phase  string `json:"phase"`
	Before *struct {
		Units  []string `json:"units"`
		Orders []string `json:"orders"`
	} `json:"before"`
	Units  []string          `json:"units"`
	Owners map[string]string `json:"owners"`
	Orders []string          `json:"orders"`
}

// datcDiffer are the cases where Multiplicity decides otherwise, and why.
var datcDiffer = map[string]string{
	"6.I.3": "a build on a home centre holding the power's own unit joins it (rule 3)",
	"6.I.4": "a fleet built on a coast of a home centre holding the power's army joins it as an A/F (rule 3)",
	"6.I.7": "two builds on one home centre form a multiple unit (rule 3)",
}

func loadDATC(t *testing.T) []datcCase {
	t.Helper()
	data, err := os.ReadFile("../testdata/datc.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []datcCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// datcUnit reads "england F nth".
func datcUnit(t *testing.T, m *diplomacy.Map, s string) diplomacy.Unit {
	t.Helper()
	f := strings.Fields(s)
	pw, ok1 := m.LookupPower(f[0])
	l, ok2 := m.LookupLoc(f[2])
	if !ok1 || !ok2 {
		t.Fatalf("unit %q", s)
	}
	typ := diplomacy.Army
	if f[1] == "F" {
		typ = diplomacy.Fleet
	} else {
		l = diplomacy.Loc(m.Prov(l))
	}
	return diplomacy.Unit{Type: typ, Power: pw, Loc: l}
}

// datcOrder splits "england: F nth - pic => fails".
func datcOrder(line string) (power, text string) {
	colon := strings.Index(line, ":")
	arrow := strings.LastIndex(line, "=>")
	return line[:colon], strings.TrimSpace(line[colon+1 : arrow])
}

// both is one board in both engines.
type both struct {
	m   *diplomacy.Map
	std *diplomacy.Position
	mul *Position
	adj *diplomacy.Adjudicator
	// std is the standard engine's outcomes of the last phase.
	stdOut []diplomacy.Outcome
}

func (b *both) phase(t *testing.T, lines []string) []string {
	t.Helper()
	m := b.m
	var sin []diplomacy.OrderIn
	var min []OrderIn
	for _, line := range lines {
		power, text := datcOrder(line)
		pw, _ := m.LookupPower(power)
		so, err := m.ParseOrder(text)
		if err != nil {
			so = diplomacy.Order{Type: 255, At: diplomacy.NoLoc, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}
		}
		if b.std.Phase.Type == diplomacy.Retreat && so.Type == diplomacy.Move {
			so.Type = diplomacy.RetreatOrder
		}
		mo, merr := ParseOrder(m, text)
		if (err == nil) != (merr == nil) {
			t.Fatalf("%q: standard parse error %v, multiplicity parse error %v", text, err, merr)
		}
		sin = append(sin, diplomacy.OrderIn{Power: pw, Order: so})
		min = append(min, OrderIn{Power: pw, Order: mo})
	}
	sout := make([]diplomacy.Outcome, len(sin))
	mout := make([]Outcome, len(min))
	b.adj.Step(b.std, sin, sout)
	Step(b.mul, min, mout)
	b.stdOut = sout
	var diffs []string
	for i := range lines {
		if sout[i].Result != mout[i].Result {
			diffs = append(diffs, fmt.Sprintf("%s: standard %s (%s), multiplicity %s (%s)", lines[i],
				sout[i].Result, sout[i].Text(m), mout[i].Result, mout[i].Reason))
		}
	}
	if s, u := stdBoard(b.std), mulBoard(b.mul); s != u {
		diffs = append(diffs, fmt.Sprintf("board: standard\n  %s\nmultiplicity\n  %s", s, u))
	}
	return diffs
}

func stdBoard(p *diplomacy.Position) string {
	m := p.Map
	var s []string
	for _, u := range p.Units {
		if u.Type != diplomacy.NoUnit {
			s = append(s, fmt.Sprintf("%s %s %s", m.PowerName(u.Power), u.Type, m.LocName(u.Loc)))
		}
	}
	for _, d := range p.Dislodged {
		var rs []string
		for _, l := range d.Retreats {
			rs = append(rs, m.LocName(l))
		}
		sort.Strings(rs)
		s = append(s, fmt.Sprintf("dislodged %s %s %s from %s to %v", m.PowerName(d.Power), d.Type, m.LocName(d.Loc), m.ProvName(d.AttackerFrom), rs))
	}
	return p.Phase.String() + "; " + strings.Join(s, "; ")
}

func mulBoard(p *Position) string {
	m := p.Map
	var s []string
	for _, u := range p.Units {
		if !u.Empty() {
			s = append(s, fmt.Sprintf("%s %s %s", m.PowerName(u.Power), u.Comp, m.LocName(u.Loc)))
		}
	}
	for _, d := range p.Dislodged {
		var rs []string
		for _, l := range d.Retreats {
			rs = append(rs, m.LocName(l))
		}
		sort.Strings(rs)
		from := ""
		if len(d.AttackerFrom) > 0 {
			from = m.ProvName(d.AttackerFrom[0])
		}
		s = append(s, fmt.Sprintf("dislodged %s %s %s from %s to %v", m.PowerName(d.Power), d.Comp, m.LocName(d.Loc), from, rs))
	}
	return p.Phase.String() + "; " + strings.Join(s, "; ")
}

func newBoth(t *testing.T, m *diplomacy.Map, units []string, ph diplomacy.Phase) *both {
	b := &both{m: m, std: diplomacy.NewPosition(m), mul: NewPosition(m), adj: diplomacy.NewAdjudicator(m, diplomacy.Edition1971)}
	b.std.Phase, b.mul.Phase = ph, ph
	for _, s := range units {
		u := datcUnit(t, m, s)
		b.std.Place(u)
		if err := b.mul.Place(Unit{Power: u.Power, Loc: u.Loc, Comp: One(u.Type)}); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	b.std.DefaultOwners()
	b.mul.DefaultOwners()
	return b
}

func TestDATCSingleUnitsAsStandard(t *testing.T) {
	m := diplomacy.Standard()
	ran := 0
	for _, c := range loadDATC(t) {
		if c.Rules != "any" && c.Rules != "1971" {
			continue
		}
		t.Run(c.ID+"_"+strings.ReplaceAll(c.Name, " ", "_"), func(t *testing.T) {
			var b *both
			var diffs []string
			if c.Before != nil {
				b = newBoth(t, m, c.Before.Units, diplomacy.Phase{Season: diplomacy.Spring, Year: 1901, Type: diplomacy.Movement})
				diffs = b.phase(t, c.Before.Orders)
			} else {
				ph := diplomacy.Phase{Season: diplomacy.Spring, Year: 1901, Type: diplomacy.Movement}
				if c.Phase == "adjustment" {
					ph = diplomacy.Phase{Season: diplomacy.Winter, Year: 1901, Type: diplomacy.Adjustment}
				}
				b = newBoth(t, m, c.Units, ph)
				for k, v := range c.Owners {
					l, _ := m.LookupLoc(k)
					pw, _ := m.LookupPower(v)
					b.std.Owners[m.Prov(l)] = pw
					b.mul.Owners[m.Prov(l)] = pw
				}
			}
			diffs = append(diffs, b.phase(t, c.Orders)...)
			why, differ := datcDiffer[c.ID]
			switch {
			case differ && len(diffs) == 0:
				t.Errorf("expected to differ from the standard rules (%s), but does not", why)
			case !differ:
				for _, d := range diffs {
					t.Error(d)
				}
			}
		})
		ran++
	}
	if ran < 100 {
		t.Fatalf("only %d DATC cases ran", ran)
	}
}

// scale multiplies every part of a composition by k.
func scale(c Comp, k int) Comp { return Comp{Armies: c.Armies * k, Fleets: c.Fleets * k} }

// runScaled plays the DATC orders on a board of k-part units (orders
// written for k parts) and returns the results and the board with each
// unit written as its single-part equivalent.
func runScaled(t *testing.T, m *diplomacy.Map, pos *Position, lines []string, k int) ([]diplomacy.Result, string) {
	t.Helper()
	var in []OrderIn
	for _, line := range lines {
		power, text := datcOrder(line)
		pw, _ := m.LookupPower(power)
		o, err := ParseOrder(m, text)
		if err != nil {
			o = noOrder()
			o.Kind = 255
		}
		if pos.Phase.Type == diplomacy.Retreat && o.Kind == Move {
			o.Kind = Retreat
		}
		if o.Unit.Given {
			o.Unit.Comp = scale(o.Unit.Comp, k)
		}
		in = append(in, OrderIn{Power: pw, Order: o})
	}
	out := make([]Outcome, len(in))
	Step(pos, in, out)
	var res []diplomacy.Result
	for _, o := range out {
		res = append(res, o.Result)
	}
	norm := pos.Clone()
	for i := range norm.Units {
		if !norm.Units[i].Empty() {
			if norm.Units[i].Armies%k != 0 || norm.Units[i].Fleets%k != 0 {
				t.Fatalf("a unit of %s after the phase", norm.Units[i].Comp)
			}
			norm.Units[i].Comp = Comp{norm.Units[i].Armies / k, norm.Units[i].Fleets / k}
		}
	}
	for i := range norm.Dislodged {
		d := &norm.Dislodged[i]
		d.Comp = Comp{d.Armies / k, d.Fleets / k}
	}
	return res, mulBoard(norm)
}

// With every unit made of k parts of its kind, and every order written
// for all of them, the movement and retreat cases of the DATC come out as
// with single units: strengths scale, and any attack on a supporter is at
// least as strong as its support.
func TestDATCScaledUnits(t *testing.T) {
	m := diplomacy.Standard()
	ran := 0
	for _, c := range loadDATC(t) {
		if (c.Rules != "any" && c.Rules != "1971") || c.Phase == "adjustment" {
			continue
		}
		for k := 2; k <= 3; k++ {
			t.Run(fmt.Sprintf("%s_x%d", c.ID, k), func(t *testing.T) {
				units := c.Units
				if c.Before != nil {
					units = c.Before.Units
				}
				one, many := NewPosition(m), NewPosition(m)
				one.Phase, many.Phase = spring, spring
				for _, s := range units {
					u := datcUnit(t, m, s)
					_ = one.Place(Unit{Power: u.Power, Loc: u.Loc, Comp: One(u.Type)})
					_ = many.Place(Unit{Power: u.Power, Loc: u.Loc, Comp: scale(One(u.Type), k)})
				}
				one.DefaultOwners()
				many.DefaultOwners()
				phases := [][]string{c.Orders}
				if c.Before != nil {
					phases = [][]string{c.Before.Orders, c.Orders}
				}
				for _, lines := range phases {
					r1, b1 := runScaled(t, m, one, lines, 1)
					rk, bk := runScaled(t, m, many, lines, k)
					for i := range lines {
						if r1[i] != rk[i] {
							t.Errorf("%s: single units %s, %d-part units %s", lines[i], r1[i], k, rk[i])
						}
					}
					if b1 != bk {
						t.Errorf("board: single units\n  %s\n%d-part units\n  %s", b1, k, bk)
					}
				}
			})
		}
		ran++
	}
	if ran < 90 {
		t.Fatalf("only %d cases", ran)
	}
}
