package daide

import (
	"testing"

	"concordat/diplomacy"
)

// BenchmarkSubmission reads and judges Russia's four opening orders as a
// SUB carries them (Tree, ReadOrder, the legal orders, Judge).
func BenchmarkSubmission(b *testing.B) {
	rep := standardRep(b)
	ts, err := Parse("SUB ((RUS AMY WAR) MTO GAL) ((RUS FLT SEV) MTO BLA) ((RUS AMY MOS) MTO UKR) ((RUS FLT (STP SCS)) MTO GOB)", rep)
	if err != nil {
		b.Fatal(err)
	}
	m := rep.Map
	pos := diplomacy.StartPosition(m)
	ru, _ := m.LookupPower("russia")
	gen := diplomacy.NewGenerator(m)
	b.ReportAllocs()
	for b.Loop() {
		ns, _ := Tree(ts)
		legal := gen.Orders(pos, ru)
		for _, n := range ns[1:] {
			o, serr := rep.ReadOrder(n)
			if serr != nil {
				b.Fatal(serr)
			}
			if note, _ := rep.Judge(pos, ru, o, legal); note != MBV {
				b.Fatal(note)
			}
		}
	}
}

// BenchmarkMDF builds the standard map's MDF.
func BenchmarkMDF(b *testing.B) {
	rep := standardRep(b)
	b.ReportAllocs()
	for b.Loop() {
		rep.MDF()
	}
}
