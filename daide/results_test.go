package daide

import (
	"bytes"
	"encoding/json"
	"net"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// capture is a net.Conn that keeps what is written to it.
type capture struct {
	net.Conn
	b bytes.Buffer
}

func (c *capture) Write(p []byte) (int, error) { return c.b.Write(p) }

// The ORD results of a movement phase the engine adjudicates: a cut
// support, a support of a unit that moved elsewhere (NSO), a convoy disrupted by its dislodged
// fleet (DSR, and RET alone for the fleet), a bounce and successes.
func TestResults(t *testing.T) {
	const in = `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"},
	"units": [
		{"power": "austria", "type": "army", "at": "bud"}, {"power": "austria", "type": "army", "at": "vie"},
		{"power": "italy", "type": "army", "at": "tyr"},
		{"power": "germany", "type": "army", "at": "mun"}, {"power": "germany", "type": "army", "at": "ber"},
		{"power": "germany", "type": "fleet", "at": "hel"}, {"power": "germany", "type": "fleet", "at": "den"},
		{"power": "england", "type": "army", "at": "lon"}, {"power": "england", "type": "fleet", "at": "nth"},
		{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "army", "at": "mar"}
	],
	"orders": {
		"austria": ["A vie S A bud - gal", "A bud - gal"],
		"italy": ["A tyr - vie"],
		"germany": ["A mun S A ber - sil", "A ber - kie", "F hel - nth", "F den S F hel - nth"],
		"england": ["A lon - bel via convoy", "F nth C A lon - bel"],
		"france": ["A par - bur", "A mar - bur"]
	}}`
	var pi diplomacy.PhaseInput
	if err := json.Unmarshal([]byte(in), &pi); err != nil {
		t.Fatal(err)
	}
	eng := diplomacy.NewEngine()
	pr, err := eng.Prepare(&pi)
	if err != nil {
		t.Fatal(err)
	}
	before := diplomacy.PositionJSON(pr.Position())
	pr.Run()
	out := pr.Output()
	m := diplomacy.Standard()
	next, err := diplomacy.ParsePosition(m, out.Next)
	if err != nil {
		t.Fatal(err)
	}
	gs := &diplomacy.GameState{Pos: next, History: []diplomacy.PhaseRecord{{Position: before, Orders: out.Orders}}}
	rep, _ := NewRep(m)
	w := &capture{}
	c := &conn{nc: w, rep: rep}
	c.results(gs, 0)
	got := map[string]string{}
	for w.b.Len() > 0 {
		f, err := ReadFrame(&w.b)
		if err != nil {
			t.Fatal(err)
		}
		ts, _, _ := DecodeDM(f.Body, rep)
		s := Format(ts, rep)
		k := strings.LastIndex(s, " (")
		got[s[len("ORD (SPR 1901) "):k]] = s[k+1:]
	}
	want := map[string]string{
		"((AUS AMY VIE) SUP (AUS AMY BUD) MTO GAL)": "(CUT)",
		"((AUS AMY BUD) MTO GAL)":                   "(SUC)",
		"((ITA AMY TYR) MTO VIE)":                   "(BNC)",
		"((GER AMY MUN) SUP (GER AMY BER) MTO SIL)": "(NSO)",
		"((GER AMY BER) MTO KIE)":                   "(SUC)",
		"((GER FLT HEL) MTO NTH)":                   "(SUC)",
		"((GER FLT DEN) SUP (GER FLT HEL) MTO NTH)": "(SUC)",
		"((ENG AMY LON) CTO BEL)":                   "(DSR)",
		"((ENG FLT NTH) CVY (ENG AMY LON) CTO BEL)": "(RET)",
		"((FRA AMY PAR) MTO BUR)":                   "(BNC)",
		"((FRA AMY MAR) MTO BUR)":                   "(BNC)",
	}
	for o, r := range want {
		if got[o] != r {
			t.Errorf("ORD %s: %q, want %q", o, got[o], r)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d results, want %d: %v", len(got), len(want), got)
	}
}
