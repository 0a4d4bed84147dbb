package daide

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"concordat/diplomacy"
)

func standardRep(t testing.TB) *Rep {
	t.Helper()
	rep, err := NewRep(diplomacy.Standard())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The standard map's tokens are the protocol's (the Client-Server
// Protocol's token table: category byte, then a number counting through
// all 75 provinces).
func TestStandardTokens(t *testing.T) {
	rep := standardRep(t)
	want := map[string]Token{
		"BOH": 0x5000, "UKR": 0x5006, "BUD": 0x5107, "WAR": 0x510D, "ADR": 0x520E, "ECH": 0x5214,
		"GOB": 0x5215, "GOL": 0x5216, "WES": 0x5220, "ALB": 0x5421, "NAF": 0x5428, "YOR": 0x542F,
		"ANK": 0x5530, "LON": 0x553A, "NWY": 0x553E, "VEN": 0x5547, "BUL": 0x5748, "SPA": 0x5749, "STP": 0x574A,
		"AUS": 0x4100, "ENG": 0x4101, "TUR": 0x4106,
	}
	for n, tok := range want {
		if got := rep.byName[n]; got != tok {
			t.Errorf("%s = 0x%04X, want 0x%04X", n, uint16(got), uint16(tok))
		}
	}
	if len(rep.provOf) != 75 || len(rep.powerOf) != 7 {
		t.Errorf("%d provinces, %d powers; want 75 and 7", len(rep.provOf), len(rep.powerOf))
	}
	if rep.custom {
		t.Error("standard powers marked custom")
	}
}

func TestIntegers(t *testing.T) {
	for _, c := range []struct {
		n   int
		tok Token
	}{{0, 0}, {1901, 1901}, {8191, 0x1FFF}, {-1, 0x3FFF}, {-8192, 0x2000}} {
		got, err := Int(c.n)
		if err != nil || got != c.tok || got.IntValue() != c.n || !got.IsInt() {
			t.Errorf("Int(%d) = 0x%04X, %v (value %d); want 0x%04X", c.n, uint16(got), err, got.IntValue(), uint16(c.tok))
		}
	}
	if _, err := Int(8192); err == nil {
		t.Error("Int(8192) accepted")
	}
}

func TestTextForm(t *testing.T) {
	rep := standardRep(t)
	for _, s := range []string{
		"NME ('DumbBot') ('1.0 ''beta''')",
		"SUB ((ENG FLT LON) MTO NTH) ((ENG AMY LVP) SUP (ENG FLT EDI) MTO YOR)",
		"NOW (SPR 1901) (RUS FLT (STP SCS)) (ENG FLT NTH MRT (LON YOR EDI NWG))",
		"MIS (-2)",
	} {
		ts, err := Parse(s, rep)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if got := Format(ts, rep); got != s {
			t.Errorf("Format(Parse(%q)) = %q", s, got)
		}
	}
	if _, err := Parse("SUB ((ENG FLT LON) MTO XYZ)", rep); err == nil {
		t.Error("unknown token accepted")
	}
}

// MDF's entries for Constantinople and Bulgaria are those of the
// protocol document's example.
func TestMDFStandard(t *testing.T) {
	rep := standardRep(t)
	ns, err := Tree(rep.MDF())
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) != 4 || !ns[0].is(MDF) {
		t.Fatalf("MDF has %d parts", len(ns))
	}
	if got := Format(Flatten(ns[1:2]), rep); got != "(AUS ENG FRA GER ITA RUS TUR)" {
		t.Errorf("powers %s", got)
	}
	centres := ns[2].List[0].List
	if got := Format(Flatten(centres[:1]), rep); !sameWords(got, "(AUS BUD TRI VIE)") {
		t.Errorf("Austria's homes %s", got)
	}
	if got := Format(Flatten(centres[len(centres)-1:]), rep); !sameWords(got, "(UNO BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN)") {
		t.Errorf("neutral centres %s", got)
	}
	adj := map[string]Node{}
	for _, n := range ns[3].List {
		adj[Format([]Token{n.List[0].Tok}, rep)] = n
	}
	if len(adj) != 75 {
		t.Errorf("%d adjacency entries", len(adj))
	}
	check := func(prov string, want ...string) {
		t.Helper()
		n := adj[prov]
		var got []string
		for _, k := range n.List[1:] {
			got = append(got, Format(Flatten([]Node{k}), rep))
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %q, want %q", prov, got, want)
		}
		for i := range want {
			if !sameWords(got[i], want[i]) {
				t.Errorf("%s entry %d: %s, want %s", prov, i, got[i], want[i])
			}
		}
	}
	check("CON", "(AMY BUL SMY ANK)", "(FLT BLA (BUL ECS) (BUL SCS) AEG SMY ANK)")
	check("BUL", "(AMY GRE SER RUM CON)", "((FLT ECS) RUM BLA CON)", "((FLT SCS) CON AEG GRE)")
	check("BOH", "(AMY TYR MUN SIL GAL VIE)")
	check("ADR", "(FLT ION ALB TRI VEN APU)")
}

// sameWords compares two bracketed lists of words in any order (nested
// lists kept whole).
func sameWords(a, b string) bool {
	split := func(s string) []string {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
		var out []string
		depth, start := 0, 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || s[i] == ' ' && depth == 0 {
				if i > start {
					out = append(out, s[start:i])
				}
				start = i + 1
				continue
			}
			switch s[i] {
			case '(':
				depth++
			case ')':
				depth--
			}
		}
		slices.Sort(out[1:])
		return out
	}
	return slices.Equal(split(a), split(b))
}

func TestTreeBrackets(t *testing.T) {
	rep := standardRep(t)
	for _, s := range []string{"SUB ((ENG FLT LON) HLD", "SUB (ENG FLT LON) HLD)", ")("} {
		ts, err := Parse(s, rep)
		if err != nil {
			t.Fatal(err)
		}
		var be *BracketError
		if _, err := Tree(ts); !errors.As(err, &be) {
			t.Errorf("Tree(%q) = %v, want a bracket error", s, err)
		}
	}
}

func TestFrames(t *testing.T) {
	var b bytes.Buffer
	ts := []Token{HLO, BRA, ENG, KET}
	if err := WriteFrame(&b, DMFrame(ts)); err != nil {
		t.Fatal(err)
	}
	if got := b.Bytes(); !bytes.Equal(got, []byte{2, 0, 0, 8, 0x48, 0x04, 0x40, 0x00, 0x41, 0x01, 0x40, 0x01}) {
		t.Errorf("DM bytes % X", got)
	}
	f, err := ReadFrame(&b)
	if err != nil || f.Type != TypeDM {
		t.Fatal(f, err)
	}
	back, _, err := DecodeDM(f.Body, nil)
	if err != nil || !slices.Equal(back, ts) {
		t.Errorf("decoded %v %v", back, err)
	}
	if got := CheckIM(IMFrame().Body); got != 0 {
		t.Errorf("IM judged %d", got)
	}
	if got := CheckIM([]byte{0, 1, 0x10, 0xDA}); got != ErrIMEndian {
		t.Errorf("swapped magic judged %d", got)
	}
	if got := CheckIM([]byte{0, 2, 0xDA, 0x10}); got != ErrVersion {
		t.Errorf("version 2 judged %d", got)
	}
	if _, code, err := DecodeDM([]byte{0x48}, nil); err == nil || code != ErrShort {
		t.Errorf("odd DM: %d %v", code, err)
	}
	if _, code, err := DecodeDM([]byte{0x5F, 0x00}, standardRep(t)); err == nil || code != ErrInvalidToken {
		t.Errorf("unknown token: %d %v", code, err)
	}
}

// Which embedded maps DAIDE can express; a map with special borders or a
// province whose id is no three-letter name cannot be.
func TestExpressibleMaps(t *testing.T) {
	var ok, not []string
	for _, id := range diplomacy.MapIDs() {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewRep(m); err != nil {
			not = append(not, id)
			t.Logf("%s: %v", id, err)
			if len(m.Borders)+len(m.Canals)+len(m.Railroads) > 0 && !strings.Contains(err.Error(), "special borders") {
				t.Errorf("%s: %v", id, err)
			}
		} else {
			ok = append(ok, id)
			checkRep(t, m)
		}
	}
	if !slices.Contains(ok, "standard") {
		t.Error("standard not expressible")
	}
	t.Logf("expressible: %s", strings.Join(ok, " "))
	t.Logf("not: %s", strings.Join(not, " "))
}

// checkRep checks a map's representation: distinct three-letter names,
// none a fixed token's other than a power's, one MDF adjacency entry per
// province, and every MDF token one the representation knows.
func checkRep(t *testing.T, m *diplomacy.Map) {
	t.Helper()
	rep, err := NewRep(m)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, tok := range rep.order {
		n := rep.names[tok]
		if !isName(n) || seen[n] {
			t.Errorf("%s: token 0x%04X named %q (twice?)", m.ID, uint16(tok), n)
		}
		seen[n] = true
		if f, ok := lookup(n, nil); ok && tok.IsProvince() && f.Cat() != CatPower && !isStandardProvince(n) {
			t.Errorf("%s: province named %s, a fixed token", m.ID, n)
		}
	}
	if len(rep.order) != len(m.Powers)+len(m.Provinces) {
		t.Errorf("%s: %d names for %d powers and %d provinces", m.ID, len(rep.order), len(m.Powers), len(m.Provinces))
	}
	mdf := rep.MDF()
	for _, tok := range mdf {
		if !rep.Known(tok) {
			t.Fatalf("%s: MDF token 0x%04X unknown", m.ID, uint16(tok))
		}
	}
	ns, err := Tree(mdf)
	if err != nil || len(ns) != 4 || len(ns[3].List) != len(m.Provinces) {
		t.Errorf("%s: MDF malformed (%v)", m.ID, err)
	}
	if m.ID == "heptarchy_iv" {
		if n := rep.names[rep.Power(diplomacy.Power(slices.IndexFunc(m.Powers, func(p diplomacy.PowerInfo) bool { return p.ID == "scotland" })))]; n == "SCO" || !strings.HasPrefix(n, "S") {
			t.Errorf("heptarchy: Scotland named %q (SCO is a command)", n)
		}
	}
}
