package diplomacy

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// Fuzz targets for the two ways text enters the engine: order strings and
// phase JSON. Their seed corpora are the real orders and phases below and
// the DATC cases; inputs the fuzzer found worth keeping are regression
// files in testdata/fuzz/<FuzzName>/. Run, for example:
//
//	go test -fuzz=FuzzParseOrder -fuzztime=60s ./diplomacy/
//	go test -fuzz=FuzzPhaseInput -fuzztime=60s ./diplomacy/

// datcSeeds reads the DATC cases for their orders and positions; a fuzz
// seed corpus, not a test, so a missing file only means fewer seeds.
func datcSeeds(f *testing.F) []datcCase {
	data, err := os.ReadFile("testdata/datc.json")
	if err != nil {
		f.Fatal(err)
	}
	var cases []datcCase
	if err := json.Unmarshal(data, &cases); err != nil {
		f.Fatal(err)
	}
	return cases
}

// orderText strips a DATC order line ("england: F lon - nth => fails") to
// the order as written.
func orderText(line string) (power, text string) {
	colon := strings.Index(line, ":")
	arrow := strings.LastIndex(line, "=>")
	if colon < 0 || arrow < colon {
		return "", line
	}
	return line[:colon], strings.TrimSpace(line[colon+1 : arrow])
}

var seedOrders = []string{
	"A Par - Bur", "A par -> bur", "F Lon S A Wal - Bel", "A wal S F lon", "F nth C A lon - nwy",
	"A lon - nwy via Convoy", "F spa/sc - mao", "F Spa(sc)", "F stp (north coast) - bar",
	"F North Atlantic Ocean - Mid-Atlantic Ocean", "F NAO - MAO", "F NAt - MAt", "F LYO - GoL",
	"A par H", "A par hold", "A par holds", "A par supports A mar - bur", "F nth convoys A lon - nwy",
	"F tri - alb", "F tri R alb", "Build A ber", "B A ber", "B F stp/nc", "A mun Disband", "A mun D", "Waive",
	"A par-bur", "A par- bur", "F spa/xc - mao", "F lon/nc", "F spa sc (nc)", "A par - bur via land",
	"St. Petersburg (south coast) S Sevastopol", "", "-", "(", "/", "A A A", "b b b", "ÀÉ → ü",
}

// FuzzParseOrder: no text makes the parser panic; a refused order is an
// *OrderError saying what is wrong and quoting a part of the text; an
// order read writes back, by String, to a text that reads as the same
// order.
func FuzzParseOrder(f *testing.F) {
	for _, s := range seedOrders {
		f.Add(s)
	}
	for _, c := range datcSeeds(f) {
		lines := c.Orders
		if c.Before != nil {
			lines = append(append([]string(nil), c.Before.Orders...), lines...)
		}
		for _, l := range lines {
			_, text := orderText(l)
			f.Add(text)
		}
	}
	m := Standard()
	f.Fuzz(func(t *testing.T, text string) {
		o, err := m.ParseOrder(text)
		if err != nil {
			var oe *OrderError
			if !errors.As(err, &oe) {
				t.Fatalf("%q: error %T %v, want *OrderError", text, err, err)
			}
			if oe.Msg == "" || oe.Order != text {
				t.Fatalf("%q: error without a cause: %+v", text, oe)
			}
			if oe.Part != "" && !strings.Contains(text, oe.Part) {
				t.Fatalf("%q: error part %q is not in the order", text, oe.Part)
			}
			return
		}
		if o.Type > WaiveOrder {
			t.Fatalf("%q: order type %d", text, o.Type)
		}
		for _, l := range []Loc{o.At, o.To, o.Aux} {
			if l != NoLoc && int(l) >= len(m.Locs) {
				t.Fatalf("%q: location %d out of range", text, l)
			}
		}
		s := o.String(m)
		back, err := m.ParseOrder(s)
		if err != nil {
			t.Fatalf("%q reads as %+v, written %q, which does not read: %v", text, o, s, err)
		}
		if back != o {
			t.Fatalf("%q reads as %+v, written %q, which reads as %+v", text, o, s, back)
		}
	})
}

// seedPhases are real phases of the JSON interface.
var seedPhases = []string{
	`{"variant": "standard", "rules": "2023", "phase": {"season": "spring", "year": 1901, "type": "movement"},
	  "units": [{"power": "england", "type": "fleet", "at": "nth"}], "centers": {"lon": "england"},
	  "orders": {"england": ["F nth - pic"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
	  "units": [{"power": "germany", "type": "fleet", "at": "swe"}, {"power": "germany", "type": "fleet", "at": "ska"}],
	  "dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den", "retreats": ["bot", "fin"]}],
	  "orders": {"russia": ["F swe - bot"]}}`,
	`{"phase": {"season": "fall", "year": 1902, "type": "retreat"},
	  "units": [{"power": "germany", "type": "army", "at": "boh"}, {"power": "italy", "type": "army", "at": "tyr"}],
	  "dislodged": [{"power": "austria", "type": "army", "at": "boh", "attacker_from": "sil"},
	                {"power": "germany", "type": "army", "at": "tyr", "attacker_from": "ven"}],
	  "centers": {"vie": "austria", "mun": "germany"},
	  "orders": {"austria": ["A boh - mun"], "germany": ["A tyr - mun"]}}`,
	`{"rules": "1971", "phase": {"season": "winter", "year": 1901, "type": "adjustment"},
	  "units": [{"power": "russia", "type": "army", "at": "gal"}, {"power": "russia", "type": "fleet", "at": "nwy"},
	            {"power": "russia", "type": "army", "at": "mos"}, {"power": "russia", "type": "army", "at": "war"}],
	  "centers": {"mos": "russia", "war": "russia", "nwy": "russia", "ber": "germany", "kie": "germany"},
	  "orders": {"germany": ["Build A ber", "B F kie", "Waive"], "russia": ["A gal D"]}}`,
	`{"phase": {"season": "fall", "year": 1905, "type": "movement"},
	  "units": [{"power": "france", "type": "army", "at": "bur"}],
	  "centers": {"bre": "france", "par": "france", "mar": "france", "spa": "france", "por": "france", "bel": "france",
	    "hol": "france", "lon": "france", "lvp": "france", "edi": "france", "nwy": "france", "tun": "france", "rom": "france",
	    "nap": "france", "ven": "france", "kie": "france", "den": "france"},
	  "orders": {"france": ["A bur - mun"]}}`,
	`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [], "orders": {}}`,
	`{"phase": {}, "units": null, "orders": null}`,
	`null`, `{}`, `[]`, `{"orders": {"england": [1]}}`, `{"centers": {"lon": 1}}`,
}

// datcPhase writes a DATC case without a phase before it as phase JSON.
func datcPhase(c datcCase, rules string) ([]byte, bool) {
	if c.Before != nil {
		return nil, false
	}
	in := map[string]any{"rules": rules}
	switch c.Phase {
	case "movement":
		in["phase"] = map[string]any{"season": "spring", "year": 1901, "type": "movement"}
	case "adjustment":
		in["phase"] = map[string]any{"season": "winter", "year": 1901, "type": "adjustment"}
	default:
		return nil, false
	}
	var units []map[string]string
	for _, s := range c.Units {
		f := strings.Fields(s)
		if len(f) != 3 {
			return nil, false
		}
		units = append(units, map[string]string{"power": f[0], "type": map[string]string{"A": "army", "F": "fleet"}[f[1]], "at": f[2]})
	}
	in["units"] = units
	if len(c.Owners) > 0 {
		in["centers"] = c.Owners
	}
	orders := map[string][]string{}
	for _, l := range c.Orders {
		pw, text := orderText(l)
		orders[pw] = append(orders[pw], text)
	}
	in["orders"] = orders
	data, err := json.Marshal(in)
	return data, err == nil
}

// runPhaseJSON decodes and adjudicates one phase as `concordat adjudicate`
// does, returning the encoded result or the error.
func runPhaseJSON(e *Engine, data []byte) ([]byte, *PhaseInput, error) {
	var in PhaseInput
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, nil, err
	}
	pr, err := e.Prepare(&in)
	if err != nil {
		return nil, &in, err
	}
	pr.Run()
	out, err := json.Marshal(pr.Output())
	return out, &in, err
}

// FuzzPhaseInput: no phase JSON makes the engine panic; every refusal
// says why; a result encodes to JSON with one entry per order given; and
// an Engine that has adjudicated one phase adjudicates the next exactly
// as a fresh one does (nothing of a phase, refused or not, is left over).
func FuzzPhaseInput(f *testing.F) {
	for _, s := range seedPhases {
		f.Add([]byte(s))
	}
	for _, c := range datcSeeds(f) {
		rules := c.Rules
		if rules == "any" {
			rules = "2023"
		}
		if data, ok := datcPhase(c, rules); ok {
			f.Add(data)
		}
	}
	for _, c := range specialBorderPhases {
		f.Add([]byte(c.in))
	}
	// Every map's opening, every unit holding.
	for _, id := range MapIDs() {
		m, err := LoadMap(id)
		if err != nil {
			f.Fatal(err)
		}
		pos := StartPosition(m)
		n := PositionJSON(pos)
		orders := map[string][]string{}
		for _, u := range m.StartUnits {
			pw := m.PowerName(u.Power)
			orders[pw] = append(orders[pw], m.unitString(u)+" H")
		}
		data, err := json.Marshal(map[string]any{"variant": id, "phase": n.Phase, "units": n.Units,
			"centers": n.Centers, "orders": orders})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	shared := NewEngine()
	f.Fuzz(func(t *testing.T, data []byte) {
		out, in, err := runPhaseJSON(shared, data)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an error without a message", data)
			}
		} else {
			var decoded PhaseOutput
			if err := json.Unmarshal(out, &decoded); err != nil {
				t.Fatalf("%q: the result %q does not decode: %v", data, out, err)
			}
			n := 0
			for _, list := range in.Orders.Orders {
				n += len(list)
			}
			if len(decoded.Orders) != n {
				t.Fatalf("%q: %d results for %d orders", data, len(decoded.Orders), n)
			}
			for _, o := range decoded.Orders {
				switch o.Result {
				case "succeeds":
				case "fails", "invalid":
					if o.Reason == "" {
						t.Fatalf("%q: order %q %s without a reason", data, o.Order, o.Result)
					}
				default:
					t.Fatalf("%q: order %q: result %q", data, o.Order, o.Result)
				}
			}
		}
		// A fresh engine gives the same answer as the shared one.
		out2, _, err2 := runPhaseJSON(NewEngine(), data)
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) || !bytes.Equal(out, out2) {
			t.Fatalf("%q: shared engine %q, %v; fresh engine %q, %v", data, out, err, out2, err2)
		}
	})
}

// FuzzAdjudicate builds phases from a compact text so that the fuzzer
// reaches the adjudicator rather than the JSON decoder. variant 0 is the
// standard map, n > 0 the (n-1)th map of MapIDs. units holds one unit per
// line, "power type at" ("england fleet nth"), or for a dislodged unit
// "*power type at attacker_from [retreat,retreat…]"; orders holds
// "power: order" lines. The checks: no panic; refusals say why; one result
// per order; the next position has at most one unit per province, each
// where its type may stand; a movement phase loses no unit (it moves,
// stays or is dislodged); a retreat phase leaves every unit that was not
// dislodged where it stood and adds at most the dislodged ones; and a
// fresh engine agrees with a used one.
func FuzzAdjudicate(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0),
		"england fleet nth\nengland fleet nwy\nrussia fleet swe\ngermany fleet den\ngermany fleet bal\ngermany fleet ska",
		"england: F nth - pic\nengland: F nwy S F swe\ngermany: F den - swe\ngermany: F bal S F den - swe\ngermany: F ska - nwy")
	f.Add(uint8(0), uint8(1), uint8(0),
		"germany fleet swe\ngermany fleet ska\n*russia fleet swe den\n*austria army ser bul\nturkey army ser",
		"russia: F swe - bal\naustria: A ser - bud")
	// A retreats list naming an occupied province once let the retreat
	// replace the unit standing there.
	f.Add(uint8(0), uint8(1), uint8(0),
		"germany fleet swe\ngermany fleet ska\n*russia fleet swe den bot,ska",
		"russia: F swe - ska")
	f.Add(uint8(0), uint8(2), uint8(3),
		"russia army gal\nrussia fleet nwy\nrussia army mos\ngermany army hol",
		"germany: Build A ber\ngermany: B F kie\nrussia: A mos D")
	for _, c := range datcSeeds(f) {
		if c.Before != nil || c.Phase != "movement" {
			continue
		}
		var units, orders []string
		for _, u := range c.Units {
			fl := strings.Fields(u)
			if len(fl) == 3 {
				units = append(units, fl[0]+" "+map[string]string{"A": "army", "F": "fleet"}[fl[1]]+" "+fl[2])
			}
		}
		for _, l := range c.Orders {
			pw, text := orderText(l)
			orders = append(orders, pw+": "+text)
		}
		f.Add(uint8(0), uint8(0), uint8(0), strings.Join(units, "\n"), strings.Join(orders, "\n"))
	}
	ids := MapIDs()
	for i, id := range ids {
		m, _ := LoadMap(id)
		var units, orders []string
		for _, u := range m.StartUnits {
			units = append(units, m.PowerName(u.Power)+" "+u.Type.Name()+" "+m.LocName(u.Loc))
			orders = append(orders, m.PowerName(u.Power)+": "+m.unitString(u)+" - "+m.LocName(firstNeighbour(m, u)))
		}
		f.Add(uint8(i+1), uint8(0), uint8(0), strings.Join(units, "\n"), strings.Join(orders, "\n"))
	}
	phases := []phaseJSON{
		{Season: "spring", Year: 1901, Type: "movement"},
		{Season: "fall", Year: 1901, Type: "retreat"},
		{Season: "winter", Year: 1901, Type: "adjustment"},
		{Season: "fall", Year: 1901, Type: "movement"},
		{Season: "spring", Year: 1901, Type: "retreat"},
	}
	editions := []string{"2023", "2000", "1982", "1971"}
	shared := NewEngine()
	f.Fuzz(func(t *testing.T, variant, phase, rules uint8, units, orders string) {
		id := "standard"
		if variant > 0 {
			id = ids[int(variant-1)%len(ids)]
		}
		in := &PhaseInput{Variant: id, Rules: editions[int(rules)%len(editions)],
			Phase: phases[int(phase)%len(phases)]}
		for _, line := range strings.Split(units, "\n") {
			fl := strings.Fields(line)
			switch {
			case len(fl) == 3:
				in.Units = append(in.Units, unitJSON{Power: fl[0], Type: fl[1], At: fl[2]})
			case len(fl) == 4 && strings.HasPrefix(fl[0], "*"):
				in.Dislodged = append(in.Dislodged, dislodgedJSON{Power: fl[0][1:], Type: fl[1], At: fl[2], AttackerFrom: fl[3]})
			case len(fl) == 5 && strings.HasPrefix(fl[0], "*"):
				in.Dislodged = append(in.Dislodged, dislodgedJSON{Power: fl[0][1:], Type: fl[1], At: fl[2], AttackerFrom: fl[3],
					Retreats: strings.Split(fl[4], ",")})
			}
		}
		nOrders := 0
		for _, line := range strings.Split(orders, "\n") {
			pw, text, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			pw = strings.TrimSpace(pw)
			found := false
			for i, p := range in.Orders.Powers {
				if p == pw {
					in.Orders.Orders[i] = append(in.Orders.Orders[i], text)
					found = true
				}
			}
			if !found {
				in.Orders.Powers = append(in.Orders.Powers, pw)
				in.Orders.Orders = append(in.Orders.Orders, []string{text})
			}
			nOrders++
		}
		got, gerr := adjudicateChecked(t, shared, in, nOrders)
		again, aerr := adjudicateChecked(t, NewEngine(), in, nOrders)
		if (gerr == nil) != (aerr == nil) || !bytes.Equal(got, again) {
			t.Fatalf("a used engine gives %s, %v; a fresh one %s, %v", got, gerr, again, aerr)
		}
	})
}

// adjudicateChecked runs one phase and checks the result's invariants.
func adjudicateChecked(t *testing.T, e *Engine, in *PhaseInput, nOrders int) ([]byte, error) {
	t.Helper()
	pr, err := e.Prepare(in)
	if err != nil {
		if err.Error() == "" {
			t.Fatalf("an error without a message")
		}
		return nil, err
	}
	m := pr.Position().Map
	before := pr.Position().Clone()
	pr.Run()
	out := pr.Output()
	if len(out.Orders) != nOrders {
		t.Fatalf("%d results for %d orders", len(out.Orders), nOrders)
	}
	for _, o := range out.Orders {
		if o.Result != "succeeds" && o.Reason == "" {
			t.Fatalf("order %q %s without a reason", o.Order, o.Result)
		}
	}
	after := pr.Position()
	seen := map[Province]bool{}
	count := 0
	for i, u := range after.Units {
		if u.Type == NoUnit {
			continue
		}
		count++
		if int(m.Prov(u.Loc)) != i || seen[Province(i)] || !m.CanStand(u.Type, u.Loc) {
			t.Fatalf("after the phase: unit %s in province %s", m.unitString(u), m.ProvName(Province(i)))
		}
		seen[Province(i)] = true
	}
	had := 0
	for _, u := range before.Units {
		if u.Type != NoUnit {
			had++
		}
	}
	switch before.Phase.Type {
	case Movement:
		// A unit dislodged with nowhere to go, when none can retreat, is
		// disbanded at once (the retreat phase is skipped).
		gone := len(pr.adj.Disbanded())
		if count+len(after.Dislodged)+gone != had || gone > 0 && (len(after.Dislodged) > 0 || after.Phase.Type == Retreat) {
			t.Fatalf("movement: %d units before, %d after, %d dislodged and %d disbanded", had, count, len(after.Dislodged), gone)
		}
		if after.Phase.Type == Retreat {
			retreat := false
			for _, d := range after.Dislodged {
				retreat = retreat || len(d.Retreats) > 0
			}
			if !retreat || gone > 0 {
				t.Fatalf("movement: a retreat phase in which no dislodged unit can retreat (%d disbanded)", gone)
			}
		}
	case Retreat:
		for i, u := range before.Units {
			if u.Type != NoUnit && after.Units[i] != u {
				v := after.Units[i]
				t.Fatalf("retreat: %s %s became %s %s", m.PowerName(u.Power), m.unitString(u), m.PowerName(v.Power), m.unitString(v))
			}
		}
		if count < had || count > had+len(before.Dislodged) || len(after.Dislodged) != 0 {
			t.Fatalf("retreat: %d units and %d dislodged before, %d units and %d dislodged after",
				had, len(before.Dislodged), count, len(after.Dislodged))
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatalf("the result does not encode: %v", err)
	}
	return data, nil
}

// firstNeighbour is a place unit u can move to, or its own place.
func firstNeighbour(m *Map, u Unit) Loc {
	if u.Type == Army {
		if n := m.ArmyNeighbours(m.Prov(u.Loc)); len(n) > 0 {
			return Loc(n[0])
		}
	} else if n := m.FleetNeighbours(u.Loc); len(n) > 0 {
		return n[0]
	}
	return u.Loc
}
