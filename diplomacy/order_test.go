package diplomacy

import (
	"errors"
	"strings"
	"testing"
)

// mustLoc is the location with the given id on the standard map.
func mustLoc(t *testing.T, m *Map, id string) Loc {
	t.Helper()
	for i, l := range m.Locs {
		if l.ID == id {
			return Loc(i)
		}
	}
	t.Fatalf("no location %q", id)
	return NoLoc
}

// TestParseOrderNotations reads every notation players use and checks the
// order it gives, field by field, through its standard form.
func TestParseOrderNotations(t *testing.T) {
	m := Standard()
	cases := []struct{ text, want string }{
		// Moves.
		{"A Par - Bur", "A par - bur"},
		{"A par -> bur", "A par - bur"},
		{"A par => bur", "A par - bur"},
		{"A par → bur", "A par - bur"},
		{"A Par — Bur", "A par - bur"},
		{"A Par – Bur", "A par - bur"},
		{"A par-bur", "A par - bur"},
		{"A par -bur", "A par - bur"},
		{"A par- bur", "A par - bur"},
		{"A par->bur", "A par - bur"},
		{"A par to bur", "A par - bur"},
		{"A par moves to bur", "A par - bur"},
		{"A par move bur", "A par - bur"},
		{"A PAR - BUR", "A par - bur"},
		{"a pAr - BuR", "A par - bur"},
		{"Army Paris - Burgundy", "A par - bur"},
		{"army paris moves to burgundy", "A par - bur"},
		{"par - bur", "par - bur"},
		{"A lon - nwy via Convoy", "A lon - nwy via Convoy"},
		{"A lon - nwy via convoy", "A lon - nwy via Convoy"},
		{"A lon - nwy by convoy", "A lon - nwy via Convoy"},
		{"A lon - nwy VC", "A lon - nwy via Convoy"},
		{"A lon-nwy via c", "A lon - nwy via Convoy"},
		// Full names and abbreviations.
		{"F North Atlantic Ocean - Mid-Atlantic Ocean", "F nao - mao"},
		{"F north atlantic ocean - mid atlantic ocean", "F nao - mao"},
		{"F north atlantic - mid-atlantic", "F nao - mao"},
		{"F NAO - MAO", "F nao - mao"},
		{"F NAt - MAt", "F nao - mao"},
		{"F nat-mat", "F nao - mao"},
		{"F mid - wes", "F mao - wes"},
		{"F LYO - wes", "F lyo - wes"},
		{"F GoL - wes", "F lyo - wes"},
		{"F Gulf of Lyon - Western Mediterranean", "F lyo - wes"},
		{"F gulf of lions - tys", "F lyo - tys"},
		{"F English Channel - Irish Sea", "F eng - iri"},
		{"F ech - iri", "F eng - iri"},
		{"F Heligoland Bight - nth", "F hel - nth"},
		{"F Helgoland - nth", "F hel - nth"},
		{"F GoB - swe", "F bot - swe"},
		{"F Gulf of Bothnia - Sweden", "F bot - swe"},
		{"F nrg - nwy", "F nwg - nwy"},
		{"F eastern mediterranean - smy", "F eas - smy"},
		{"A St. Petersburg - Moscow", "A stp - mos"},
		{"A Saint Petersburg - mos", "A stp - mos"},
		{"A st petersburg - mos", "A stp - mos"},
		{"A liverpool - yorkshire", "A lvp - yor"},
		{"A liv - yor", "A lvp - yor"},
		{"A lva - war", "A lvn - war"},
		{"A tyrol - vie", "A tyr - vie"},
		// Coasts.
		{"F spa/sc - mao", "F spa/sc - mao"},
		{"F spa/SC - MAO", "F spa/sc - mao"},
		{"F Spa(sc)", "F spa/sc H"},
		{"F spa (sc) H", "F spa/sc H"},
		{"F spa sc - wes", "F spa/sc - wes"},
		{"F spa south coast - wes", "F spa/sc - wes"},
		{"F spa s coast - wes", "F spa/sc - wes"},
		{"F stp (north coast) - bar", "F stp/nc - bar"},
		{"F stp(north coast) - bar", "F stp/nc - bar"},
		{"F St Petersburg (nc) - Barents Sea", "F stp/nc - bar"},
		{"F stp nc - bar", "F stp/nc - bar"},
		{"F mao - spa north coast", "F mao - spa/nc"},
		{"F mao - spa(nc)", "F mao - spa/nc"},
		{"F mao-spa/nc", "F mao - spa/nc"},
		{"F con - bul/ec", "F con - bul/ec"},
		{"F con - bul e coast", "F con - bul/ec"},
		{"F bul (east coast) - bla", "F bul/ec - bla"},
		{"F aeg - bul (sc)", "F aeg - bul/sc"},
		{"F mao - spa", "F mao - spa"},
		{"A mar - spa", "A mar - spa"},
		// Holds.
		{"A par H", "A par H"},
		{"A par h", "A par H"},
		{"A par hold", "A par H"},
		{"A par holds", "A par H"},
		{"A par HOLDS", "A par H"},
		{"A par stands", "A par H"},
		{"A par", "A par H"},
		{"F stp/sc", "F stp/sc H"},
		// Supports.
		{"F Lon S A Wal - Bel", "F lon S A wal - bel"},
		{"F lon supports A wal - bel", "F lon S A wal - bel"},
		{"F lon supports A wal to bel", "F lon S A wal - bel"},
		{"F lon S A wal -> bel", "F lon S A wal - bel"},
		{"F lon S A wal-bel", "F lon S A wal - bel"},
		{"A wal S F lon", "A wal S F lon"},
		{"A wal S F lon H", "A wal S F lon"},
		{"A wal supports F lon holds", "A wal S F lon"},
		{"A wal s lon", "A wal S lon"},
		{"F wes S F spa/sc - mao", "F wes S F spa/sc - mao"},
		{"F mao S F wes - spa (sc)", "F mao S F wes - spa/sc"},
		// Convoys.
		{"F nth C A lon - nwy", "F nth C A lon - nwy"},
		{"F nth convoys A lon - nwy", "F nth C A lon - nwy"},
		{"F nth convoy A lon to nwy", "F nth C A lon - nwy"},
		{"F North Sea C A London - Norway", "F nth C A lon - nwy"},
		{"F nth c lon - nwy", "F nth C lon - nwy"},
		// Retreats and disbands.
		{"F tri - alb", "F tri - alb"},
		{"F tri R alb", "F tri R alb"},
		{"F tri r alb", "F tri R alb"},
		{"F tri retreat alb", "F tri R alb"},
		{"F tri retreats to alb", "F tri R alb"},
		{"F tri R - alb", "F tri R alb"},
		{"A mun Disband", "A mun D"},
		{"A mun disbands", "A mun D"},
		{"A mun D", "A mun D"},
		{"A mun d", "A mun D"},
		{"Disband A mun", "A mun D"},
		{"D A mun", "A mun D"},
		{"Remove A mun", "A mun D"},
		{"mun D", "mun D"},
		// Adjustments.
		{"Build A ber", "Build A ber"},
		{"build a ber", "Build A ber"},
		{"B A ber", "Build A ber"},
		{"b f kie", "Build F kie"},
		{"A ber Build", "Build A ber"},
		{"A ber B", "Build A ber"},
		{"Build F stp/nc", "Build F stp/nc"},
		{"B F stp (nc)", "Build F stp/nc"},
		{"Build Fleet St Petersburg north coast", "Build F stp/nc"},
		{"Waive", "Waive"},
		{"waive", "Waive"},
		{"WAIVES", "Waive"},
		// Spaces, commas and full stops do not matter.
		{"  A   par  -   bur  ", "A par - bur"},
		{"A par, - bur.", "A par - bur"},
		{"\tF nth\tC\tA lon - nwy\n", "F nth C A lon - nwy"},
	}
	for _, c := range cases {
		o, err := m.ParseOrder(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := o.String(m); got != c.want {
			t.Errorf("%q reads as %q, want %q", c.text, got, c.want)
		}
		// The standard form reads back as the same order.
		back, err := m.ParseOrder(o.String(m))
		if err != nil || back != o {
			t.Errorf("%q: %q reads back as %+v, %v; want %+v", c.text, o.String(m), back, err, o)
		}
	}
}

// TestParseOrderFields checks the fields of some orders directly, so that
// the String forms above cannot hide a wrong field.
func TestParseOrderFields(t *testing.T) {
	m := Standard()
	L := func(id string) Loc { return mustLoc(t, m, id) }
	cases := []struct {
		text string
		want Order
	}{
		{"A Par - Bur", Order{Type: Move, Unit: Army, At: L("par"), To: L("bur"), Aux: NoLoc}},
		{"A lon - nwy via Convoy", Order{Type: Move, Unit: Army, At: L("lon"), To: L("nwy"), Aux: NoLoc, ViaConvoy: true}},
		{"F stp (north coast) - bar", Order{Type: Move, Unit: Fleet, At: L("stp/nc"), To: L("bar"), Aux: NoLoc}},
		{"F spa/sc - mao", Order{Type: Move, Unit: Fleet, At: L("spa/sc"), To: L("mao"), Aux: NoLoc}},
		{"F Spa(sc)", Order{Type: Hold, Unit: Fleet, At: L("spa/sc"), To: NoLoc, Aux: NoLoc}},
		{"F Lon S A Wal - Bel", Order{Type: SupportOrder, Unit: Fleet, At: L("lon"), AuxUnit: Army, Aux: L("wal"), To: L("bel")}},
		{"A wal S F lon", Order{Type: SupportOrder, Unit: Army, At: L("wal"), AuxUnit: Fleet, Aux: L("lon"), To: NoLoc}},
		{"F nth C A lon - nwy", Order{Type: ConvoyOrder, Unit: Fleet, At: L("nth"), AuxUnit: Army, Aux: L("lon"), To: L("nwy")}},
		{"F tri - alb", Order{Type: Move, Unit: Fleet, At: L("tri"), To: L("alb"), Aux: NoLoc}},
		{"F tri R alb", Order{Type: RetreatOrder, Unit: Fleet, At: L("tri"), To: L("alb"), Aux: NoLoc}},
		{"Build A ber", Order{Type: BuildOrder, Unit: Army, At: L("ber"), To: NoLoc, Aux: NoLoc}},
		{"B F stp/nc", Order{Type: BuildOrder, Unit: Fleet, At: L("stp/nc"), To: NoLoc, Aux: NoLoc}},
		{"A mun Disband", Order{Type: DisbandOrder, Unit: Army, At: L("mun"), To: NoLoc, Aux: NoLoc}},
		{"Waive", Order{Type: WaiveOrder, At: NoLoc, To: NoLoc, Aux: NoLoc}},
		{"par S mar - bur", Order{Type: SupportOrder, At: L("par"), Aux: L("mar"), To: L("bur")}},
	}
	for _, c := range cases {
		got, err := m.ParseOrder(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q = %+v, want %+v", c.text, got, c.want)
		}
	}
}

// TestParseOrderErrors checks that a bad order is refused with an
// *OrderError quoting the bad part as written (or no part when something
// is missing) and saying what is wrong.
func TestParseOrderErrors(t *testing.T) {
	m := Standard()
	cases := []struct{ text, part, msg string }{
		{"", "", "empty order"},
		{"   ", "", "empty order"},
		{"A", "", "missing unit"},
		{"F", "", "missing unit"},
		{"A Xyz - bur", "Xyz", "unknown province"},
		{"A par - Xyz", "Xyz", "unknown province"},
		{"A par - ", "", "missing destination"},
		{"A par Jumps bur", "Jumps", "unknown order word"},
		{"A par - bur Please Now", "Please Now", "unexpected words at the end"},
		{"Waive A ber", "A ber", "unexpected words at the end"},
		{"A par H bur", "bur", "unexpected words at the end"},
		{"F spa/XC - mao", "XC", "unknown coast after spa"},
		{"F spa/ - mao", "-", "unknown coast after spa"},
		{"F spa/", "", "unknown coast after spa"},
		{"F spa EC - mao", "EC", "spa has no such coast"},
		{"F spa (east coast) - mao", "east coast", "spa has no such coast"},
		{"F lon/nc - nth", "nc", "lon has no coasts to name"},
		{"F spa sc (nc) - mao", "nc", "the coast is named twice"},
		{"F spa/sc/nc - mao", "/", "unknown order word"},
		{"Build ber", "", "build needs a unit type"},
		{"ber Build", "", "build needs a unit type"},
		{"Build", "", "missing place to build"},
		{"Build A", "", "missing place to build"},
		{"Build A Atlantis", "Atlantis", "unknown province"},
		{"Disband", "", "missing unit to disband"},
		{"F nth C A lon", "", "a convoy needs the army's destination"},
		{"F nth C A lon H", "H", "a convoy needs the army's destination"},
		{"F nth C", "", "missing convoyed army"},
		{"F lon S", "", "missing supported unit"},
		{"F lon S A wal -", "", "missing supported destination"},
		{"A lon - nwy via", "", "expected 'convoy' after 'via'"},
		{"A lon - nwy via Land", "Land", "expected 'convoy' after 'via'"},
		{"F tri R", "", "missing retreat destination"},
		{"A north - bur", "north", "unknown province"},
		{"F (sc) - mao", "(", "unknown province"},
		{"A par (Paris) - bur", "Paris", "unknown coast after par"},
		{"ÀÉ par", "ÀÉ", "unknown province"},
	}
	for _, c := range cases {
		o, err := m.ParseOrder(c.text)
		if err == nil {
			t.Errorf("%q read as %q, want an error", c.text, o.String(m))
			continue
		}
		var oe *OrderError
		if !errors.As(err, &oe) {
			t.Errorf("%q: error %T %v, want *OrderError", c.text, err, err)
			continue
		}
		if oe.Order != c.text || oe.Part != c.part || !strings.Contains(oe.Msg, c.msg) {
			t.Errorf("%q: Part %q, Msg %q; want Part %q, Msg with %q", c.text, oe.Part, oe.Msg, c.part, c.msg)
		}
		if c.part != "" && !strings.Contains(err.Error(), `"`+c.part+`"`) {
			t.Errorf("%q: message %q does not quote %q", c.text, err.Error(), c.part)
		}
	}
}

// TestOrderStringRoundTrip writes orders of every kind and reads them back.
func TestOrderStringRoundTrip(t *testing.T) {
	m := Standard()
	L := func(id string) Loc { return mustLoc(t, m, id) }
	orders := []Order{
		{Type: Hold, Unit: Army, At: L("par"), To: NoLoc, Aux: NoLoc},
		{Type: Hold, At: L("stp/nc"), To: NoLoc, Aux: NoLoc},
		{Type: Move, Unit: Fleet, At: L("mao"), To: L("spa/nc"), Aux: NoLoc},
		{Type: Move, Unit: Army, At: L("lon"), To: L("nwy"), Aux: NoLoc, ViaConvoy: true},
		{Type: SupportOrder, Unit: Fleet, At: L("bla"), AuxUnit: Army, Aux: L("bul"), To: NoLoc},
		{Type: SupportOrder, Unit: Fleet, At: L("wes"), AuxUnit: Fleet, Aux: L("mao"), To: L("spa/sc")},
		{Type: SupportOrder, At: L("wes"), Aux: L("mao"), To: L("spa")},
		{Type: ConvoyOrder, Unit: Fleet, At: L("nth"), AuxUnit: Army, Aux: L("edi"), To: L("nwy")},
		{Type: RetreatOrder, Unit: Fleet, At: L("bul/ec"), To: L("rum"), Aux: NoLoc},
		{Type: DisbandOrder, Unit: Fleet, At: L("stp/sc"), To: NoLoc, Aux: NoLoc},
		{Type: BuildOrder, Unit: Fleet, At: L("stp/nc"), To: NoLoc, Aux: NoLoc},
		{Type: BuildOrder, Unit: Army, At: L("mos"), To: NoLoc, Aux: NoLoc},
		{Type: WaiveOrder, At: NoLoc, To: NoLoc, Aux: NoLoc},
	}
	for _, o := range orders {
		s := o.String(m)
		back, err := m.ParseOrder(s)
		if err != nil || back != o {
			t.Errorf("%q reads back as %+v, %v; want %+v", s, back, err, o)
		}
	}
	// Every location, in every order form that names it.
	for i := range m.Locs {
		l := Loc(i)
		for _, o := range []Order{
			{Type: Hold, Unit: Fleet, At: l, To: NoLoc, Aux: NoLoc},
			{Type: Move, Unit: Army, At: L("par"), To: l, Aux: NoLoc},
			{Type: SupportOrder, Unit: Army, At: l, AuxUnit: Fleet, Aux: l, To: l},
			{Type: ConvoyOrder, Unit: Fleet, At: l, AuxUnit: Army, Aux: l, To: l},
			{Type: BuildOrder, Unit: Fleet, At: l, To: NoLoc, Aux: NoLoc},
		} {
			s := o.String(m)
			back, err := m.ParseOrder(s)
			if err != nil || back != o {
				t.Errorf("%q reads back as %+v, %v; want %+v", s, back, err, o)
			}
		}
	}
}

// TestParseOrderEveryName reads a move to every province by id, full name
// and alias, in upper and lower case.
func TestParseOrderEveryName(t *testing.T) {
	m := Standard()
	for i, p := range m.Provinces {
		for _, name := range []string{p.ID, p.Name, strings.ToUpper(p.Name), strings.ToLower(p.Name)} {
			o, err := m.ParseOrder("A par - " + name)
			if err != nil || o.To != Loc(i) {
				t.Errorf("%q: %v, %v; want to %s", name, o.To, err, p.ID)
			}
		}
	}
	for name, l := range m.names {
		if name == "" {
			continue
		}
		o, err := m.ParseOrder("F " + name + " H")
		if err != nil || o.At != l {
			t.Errorf("name %q: at %s, %v; want %s", name, m.LocName(o.At), err, m.LocName(l))
		}
	}
}
