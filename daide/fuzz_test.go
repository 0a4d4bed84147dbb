package daide

import (
	"slices"
	"testing"
)

// FuzzMessage feeds arbitrary DM bodies to the message parser: decoding
// never panics, a decoded message's tree flattens back to it, its text
// form reads back to it, and reading its orders never panics. The seed
// corpus is in testdata/fuzz/FuzzMessage.
func FuzzMessage(f *testing.F) {
	rep := standardRep(f)
	for _, s := range []string{
		"NME ('DumbBot') ('4')",
		"SUB ((ENG FLT LON) MTO NTH) ((ENG AMY LVP) SUP (ENG FLT EDI) MTO YOR)",
		"SUB (FAL 1901) ((ITA AMY TUN) CTO SYR VIA (ION EAS)) ((ITA FLT ION) CVY (ITA AMY TUN) CTO SYR)",
		"SUB ((RUS FLT (STP SCS)) MTO GOB) (RUS WVE) ((TUR AMY SMY) BLD)",
		"NOT (SUB ((ENG FLT LON) HLD))",
		"IAM (ENG) (-17)",
		"SUB ((ENG FLT LON) HLD",
	} {
		ts, err := Parse(s, rep)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(DMFrame(ts).Body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ts, _, err := DecodeDM(body, rep)
		if err != nil {
			return
		}
		text := Format(ts, rep)
		back, err := Parse(text, rep)
		if err != nil || !slices.Equal(back, ts) {
			t.Fatalf("Parse(Format(%v)) = %v, %v (text %q)", ts, back, err, text)
		}
		ns, err := Tree(ts)
		if err != nil {
			return
		}
		if got := Flatten(ns); !slices.Equal(got, ts) {
			t.Fatalf("Flatten(Tree(%v)) = %v", ts, got)
		}
		var walk func([]Node)
		walk = func(ns []Node) {
			for _, n := range ns {
				if n.IsList {
					if o, serr := rep.ReadOrder(n); serr == nil {
						if !slices.Equal(o.Tokens, Flatten([]Node{n})) {
							t.Fatalf("order tokens %v", o.Tokens)
						}
					} else if serr.At < 0 || serr.At > len(ts) {
						t.Fatalf("error at %d of %d tokens", serr.At, len(ts))
					}
					walk(n.List)
				}
			}
		}
		walk(ns)
	})
}
