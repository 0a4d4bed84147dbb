package daide

import (
	"testing"

	"concordat/diplomacy"
)

// Every legal order of a position, written in DAIDE (as ORD writes it),
// reads back (as SUB reads it) to an order the server accepts (MBV) whose
// engine text parses back to the same legal order: movement with convoys
// and coasts, retreats, builds with coasts, removals and waives.
func TestOrdersRoundTrip(t *testing.T) {
	m := diplomacy.Standard()
	rep, err := NewRep(m)
	if err != nil {
		t.Fatal(err)
	}
	prov := func(id string) diplomacy.Province {
		l, ok := m.LookupLoc(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		return m.Prov(l)
	}
	loc := func(id string) diplomacy.Loc {
		l, _ := m.LookupLoc(id)
		return l
	}
	pw := func(id string) diplomacy.Power {
		p, _ := m.LookupPower(id)
		return p
	}
	empty := diplomacy.Unit{Type: diplomacy.NoUnit, Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}

	// Movement: England's fleet in the North Sea can convoy Yorkshire's army.
	mv := diplomacy.StartPosition(m)
	mv.Units[prov("lon")] = empty
	mv.Units[prov("lvp")] = empty
	mv.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: pw("england"), Loc: loc("nth")})
	mv.Place(diplomacy.Unit{Type: diplomacy.Army, Power: pw("england"), Loc: loc("yor")})
	// Retreats: the fleet in the North Sea dislodged.
	rt := mv.Clone()
	rt.Phase.Type = diplomacy.Retreat
	rt.Units[prov("nth")] = empty
	rt.Dislodged = []diplomacy.Dislodged{{Unit: diplomacy.Unit{Type: diplomacy.Fleet, Power: pw("england"), Loc: loc("nth")},
		Retreats: []diplomacy.Loc{loc("lon"), loc("hel"), loc("nwy")}}}
	// Adjustments: Russia gains Sweden with St Petersburg empty (fleet
	// builds on either coast); England loses Edinburgh (a removal).
	ad := diplomacy.StartPosition(m)
	ad.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: 1901, Type: diplomacy.Adjustment}
	ad.Units[prov("stp")] = empty
	ad.Place(diplomacy.Unit{Type: diplomacy.Fleet, Power: pw("russia"), Loc: loc("bot")})
	ad.Owners[prov("swe")] = pw("russia")
	ad.Owners[prov("edi")] = pw("germany")

	gen := diplomacy.NewGenerator(m)
	for _, pos := range []*diplomacy.Position{mv, rt, ad} {
		n := 0
		for i := range m.Powers {
			p := diplomacy.Power(i)
			legal := gen.Orders(pos, p)
			var all []diplomacy.Order
			for _, uo := range legal {
				all = append(all, uo.Orders...)
			}
			legal = append([]diplomacy.UnitOrders(nil), legal...)
			for k := range legal {
				legal[k].Orders = append([]diplomacy.Order(nil), legal[k].Orders...)
			}
			for _, lo := range all {
				toks := rep.write(pos, p, lo)
				ns, err := Tree(toks)
				if err != nil || len(ns) != 1 {
					t.Fatalf("%s: %s: tokens %v", pos.Phase, lo.String(m), toks)
				}
				o, serr := rep.ReadOrder(ns[0])
				if serr != nil {
					t.Fatalf("%s: %s: %s: %v", pos.Phase, lo.String(m), Format(toks, rep), serr)
				}
				note, eng := rep.Judge(pos, p, o, legal)
				if note != MBV {
					t.Errorf("%s: %s (%s): %s", pos.Phase, lo.String(m), Format(toks, rep), Format([]Token{note}, rep))
					continue
				}
				back, err := m.ParseOrder(eng.String(m))
				if err != nil {
					t.Fatalf("%s: %q does not parse: %v", pos.Phase, eng.String(m), err)
				}
				if pos.Phase.Type == diplomacy.Retreat && back.Type == diplomacy.Move {
					back.Type = diplomacy.RetreatOrder
				}
				if !sameOrder(m, back, lo) {
					t.Errorf("%s: %s came back as %s", pos.Phase, lo.String(m), back.String(m))
				}
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no legal orders", pos.Phase)
		}
		t.Logf("%s: %d orders", pos.Phase, n)
	}
}
