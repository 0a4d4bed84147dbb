package diplomacy

import (
	"strings"
	"testing"

	"concordat/game"
)

// board is a hand-built position on a variant map for the special-border
// tests.
type board struct {
	t   *testing.T
	m   *Map
	pos *Position
	a   *Adjudicator
}

// newBoard places units ("power A loc") on map id in the given phase.
func newBoard(t *testing.T, id string, ph Phase, units ...string) *board {
	t.Helper()
	m, err := LoadMap(id)
	if err != nil {
		t.Fatal(err)
	}
	pos := NewPosition(m)
	pos.Phase = ph
	for _, s := range units {
		pos.Place(parseTestUnit(t, m, s))
	}
	return &board{t: t, m: m, pos: pos, a: NewAdjudicator(m, Edition2023)}
}

var (
	spring = Phase{Season: Spring, Year: 1901, Type: Movement}
	fall   = Phase{Season: Fall, Year: 1901, Type: Movement}
)

// play adjudicates lines "power: order => result[: text]", where result
// is succeeds, fails or invalid and text, when given, must appear in the
// outcome's reason.
func (b *board) play(lines ...string) {
	b.t.Helper()
	m := b.m
	in := make([]OrderIn, len(lines))
	want := make([][2]string, len(lines))
	for i, line := range lines {
		colon := strings.Index(line, ":")
		arrow := strings.Index(line, "=>")
		pw, ok := m.LookupPower(strings.TrimSpace(line[:colon]))
		if !ok {
			b.t.Fatalf("%q: unknown power", line)
		}
		o, err := m.ParseOrder(strings.TrimSpace(line[colon+1 : arrow]))
		if err != nil {
			b.t.Fatalf("%q: %v", line, err)
		}
		if b.pos.Phase.Type == Retreat && o.Type == Move {
			o.Type = RetreatOrder
		}
		in[i] = OrderIn{Power: pw, Order: o}
		res, text, _ := strings.Cut(strings.TrimSpace(line[arrow+2:]), ":")
		want[i] = [2]string{res, strings.TrimSpace(text)}
	}
	out := make([]Outcome, len(in))
	b.a.Step(b.pos, in, out)
	for i, w := range want {
		if got := out[i].Result.String(); got != w[0] || !strings.Contains(out[i].Text(m), w[1]) {
			b.t.Errorf("%s: %s (%s), want %s %s", lines[i], got, out[i].Text(m), w[0], w[1])
		}
	}
}

// unit is the unit in province id ("" when empty): "england F arc".
func (b *board) unit(id string) string {
	l, ok := b.m.LookupLoc(id)
	if !ok {
		b.t.Fatalf("unknown province %q", id)
	}
	u := b.pos.Units[b.m.Prov(l)]
	if u.Type == NoUnit {
		return ""
	}
	return b.m.PowerName(u.Power) + " " + b.m.unitString(u)
}

// dislodged lists the dislodged units with their retreats.
func (b *board) dislodged() string {
	var s []string
	for _, d := range b.pos.Dislodged {
		r := []string{}
		for _, l := range d.Retreats {
			r = append(r, b.m.LocName(l))
		}
		s = append(s, b.m.unitString(d.Unit)+" ["+strings.Join(r, " ")+"]")
	}
	return strings.Join(s, "; ")
}

// legal reports whether the generator offers order text to some unit.
func (b *board) legal(text string) bool {
	b.t.Helper()
	o, err := b.m.ParseOrder(text)
	if err != nil {
		b.t.Fatalf("%q: %v", text, err)
	}
	if b.pos.Phase.Type == Retreat && o.Type == Move {
		o.Type = RetreatOrder
	}
	for _, uo := range NewGenerator(b.m).Orders(b.pos, NoPower) {
		for _, x := range uo.Orders {
			x.ViaConvoy = false
			if x.String(b.m) == o.String(b.m) {
				return true
			}
		}
	}
	return false
}

func (b *board) want(what, got, want string) {
	b.t.Helper()
	if got != want {
		b.t.Errorf("%s: %q, want %q", what, got, want)
	}
}

func TestSpecialMapsAreSpecial(t *testing.T) {
	for _, id := range MapIDs() {
		m, err := LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		want := id == "loeb9" || id == "variant_1900" || id == "imperium" || id == "colonial"
		if m.Special() != want {
			t.Errorf("%s: Special() = %v, want %v", id, m.Special(), want)
		}
	}
}

func TestLoeb9ArcticOpenInSpringOnly(t *testing.T) {
	// Spring: a fleet sails into the Arctic Ocean.
	b := newBoard(t, "loeb9", spring, "england F nwg", "russia F stp/nc")
	if !b.legal("F nwg - arc") {
		t.Error("spring: F nwg - arc is not offered")
	}
	b.play("england: F nwg - arc => succeeds", "russia: F stp/nc S F nwg - bar => fails")
	b.want("spring: arc", b.unit("arc"), "england F arc")

	// Fall: the Arctic is closed; moves and supports into it are refused.
	b = newBoard(t, "loeb9", fall, "england F nwg", "russia F bar", "russia A sib")
	if b.legal("F nwg - arc") || b.legal("F bar S F nwg - arc") {
		t.Error("fall: an order into the Arctic is offered")
	}
	b.play("england: F nwg - arc => invalid: impassable", "russia: F bar S F nwg - arc => invalid")
	b.want("fall: arc", b.unit("arc"), "")

	// Fall: a fleet in the Arctic may leave; one that stays is dislodged and
	// must retreat (not into the Arctic, nor where the attack came from).
	b = newBoard(t, "loeb9", fall, "england F arc", "russia F bar")
	b.play("england: F arc - nao => succeeds")
	b.want("fall: left the arctic", b.unit("nao"), "england F nao")
	b = newBoard(t, "loeb9", fall, "england F arc", "russia F bar", "russia F nwg")
	b.play("england: F arc - bar => fails: closes", "russia: F nwg H => succeeds")
	b.want("frozen fleet", b.dislodged(), "F arc [nao sib]")
	b.want("next phase", b.pos.Phase.String(), "fall 1901 retreat")
	if !b.legal("F arc - sib") || b.legal("F arc - bar") {
		t.Error("frozen fleet: retreat orders do not follow its retreats")
	}
	b.play("england: F arc - sib => succeeds")
	b.want("retreated", b.unit("sib"), "england F sib")

	// A fleet dislodged in spring may retreat into the Arctic; in fall not.
	for _, c := range []struct {
		ph   Phase
		want string
	}{{spring, "F nwg [cly edi ice nth osl arc]"}, {fall, "F nwg [cly edi ice nth osl]"}} {
		b = newBoard(t, "loeb9", c.ph, "england F nwg", "russia F bar", "russia F nao")
		b.play("russia: F bar - nwg => succeeds", "russia: F nao S F bar - nwg => succeeds")
		b.want(c.ph.Season.String()+" retreats", b.dislodged(), c.want)
	}
}

func TestVariant1900CapeOfGoodHope(t *testing.T) {
	// A supported move round the Cape has half its strength: one support
	// makes it one, which bounces off a holding fleet it would dislodge at
	// full strength.
	b := newBoard(t, "variant_1900", spring, "britain F egy", "britain F nao", "france F mao")
	b.play("britain: F egy - mao => fails: bounced", "britain: F nao S F egy - mao => succeeds", "france: F mao H => succeeds")
	b.want("mao", b.unit("mao"), "france F mao")
	b = newBoard(t, "variant_1900", spring, "britain F iri", "britain F nao", "france F mao")
	b.play("britain: F iri - mao => succeeds", "britain: F nao S F iri - mao => succeeds", "france: F mao H => fails: dislodged")
	// Two supports make one and a half: it dislodges.
	b = newBoard(t, "variant_1900", spring, "britain F egy", "britain F nao", "britain F iri", "france F mao")
	b.play("britain: F egy - mao => succeeds", "britain: F nao S F egy - mao => succeeds",
		"britain: F iri S F egy - mao => succeeds", "france: F mao H => fails")

	// Half against half bounces; a full-strength move beats a half.
	b = newBoard(t, "variant_1900", spring, "britain F egy", "turkey F hej")
	b.play("britain: F egy - mao => fails: bounced", "turkey: F hej - mao => fails: bounced")
	b = newBoard(t, "variant_1900", spring, "britain F egy", "france F bre")
	b.play("britain: F egy - mao => fails: bounced", "france: F bre - mao => succeeds")

	// No support across the Cape, either way.
	b = newBoard(t, "variant_1900", spring, "britain F egy", "france F bre", "france F mao", "turkey F eas")
	if b.legal("F egy S F bre - mao") || b.legal("F mao S F eas - egy") || !b.legal("F egy - mao") {
		t.Error("generator: supports across the Cape offered, or the Cape move not")
	}
	b.play("britain: F egy S F bre - mao => invalid: cannot support", "france: F mao S F eas - egy => invalid: cannot support",
		"france: F bre H => succeeds", "turkey: F eas H => succeeds")

	// A retreat round the Cape loses to any other retreat to the same place,
	// which survives.
	b = newBoard(t, "variant_1900", Phase{Season: Spring, Year: 1901, Type: Retreat})
	egy, _ := b.m.LookupLoc("egy")
	por, _ := b.m.LookupLoc("por")
	mao, _ := b.m.LookupLoc("mao")
	br, _ := b.m.LookupPower("britain")
	fr, _ := b.m.LookupPower("france")
	b.pos.Dislodged = []Dislodged{
		{Unit: Unit{Type: Fleet, Power: br, Loc: egy}, AttackerFrom: b.m.Prov(egy), Retreats: []Loc{mao}},
		{Unit: Unit{Type: Fleet, Power: fr, Loc: por}, AttackerFrom: b.m.Prov(por), Retreats: []Loc{mao}},
	}
	b.play("britain: F egy - mao => fails: another unit", "france: F por - mao => succeeds")
	b.want("mao after retreats", b.unit("mao"), "france F mao")
}

func TestImperiumRivers(t *testing.T) {
	// An unsupported crossing has strength zero: it enters an empty province
	// alone, bounces another crossing, and loses to a move that crosses none.
	b := newBoard(t, "imperium", spring, "franci A franci")
	b.play("franci: A franci - colonia_agrippa => succeeds")
	b = newBoard(t, "imperium", spring, "franci A franci", "saxones A teutones")
	b.play("franci: A franci - colonia_agrippa => fails: bounced", "saxones: A teutones - colonia_agrippa => fails: bounced")
	b = newBoard(t, "imperium", spring, "gothi A dacia", "saxones A iazygi")
	b.play("gothi: A dacia - dalmatia => succeeds", "saxones: A iazygi - dalmatia => fails: bounced")

	// With one support a crossing has the strength of a holding unit: it fails
	// at equal strength; with two it dislodges.
	b = newBoard(t, "imperium", spring, "franci A franci", "franci A belgica", "gothi A colonia_agrippa")
	b.play("franci: A franci - colonia_agrippa => fails: bounced", "franci: A belgica S A franci - colonia_agrippa => succeeds",
		"gothi: A colonia_agrippa H => succeeds")
	b = newBoard(t, "imperium", spring, "franci A franci", "franci A belgica", "franci A lutetia", "gothi A colonia_agrippa")
	b.play("franci: A franci - colonia_agrippa => succeeds", "franci: A belgica S A franci - colonia_agrippa => succeeds",
		"franci: A lutetia S A franci - colonia_agrippa => succeeds", "gothi: A colonia_agrippa H => fails: dislodged")
	// The dislodged army may not retreat across the river.
	b.want("retreats", b.dislodged(), "A colonia_agrippa [sequanorum viennensis]")

	// A crossing does not cut support: Sequanorum's support stands and the
	// attack on Castra Regina dislodges.
	b = newBoard(t, "imperium", spring, "franci A alpes", "franci A sequanorum", "gothi A castra_regina", "alamanni A alamanni")
	b.play("franci: A alpes - castra_regina => succeeds", "franci: A sequanorum S A alpes - castra_regina => succeeds",
		"gothi: A castra_regina H => fails: dislodged", "alamanni: A alamanni - sequanorum => fails: bounced")
	// The same attack from this side of the river cuts it.
	b = newBoard(t, "imperium", spring, "franci A alpes", "franci A sequanorum", "gothi A castra_regina", "alamanni A viennensis")
	b.play("franci: A alpes - castra_regina => fails", "franci: A sequanorum S A alpes - castra_regina => fails: cut",
		"gothi: A castra_regina H => succeeds", "alamanni: A viennensis - sequanorum => fails")

	// Across the Strait of Gibraltar by land at one less; by convoy at full
	// strength.
	b = newBoard(t, "imperium", spring, "vandali A baetica", "vandali A numidia", "vandali F baleares", "gothi A mauretania")
	b.play("vandali: A baetica - mauretania => fails: bounced", "vandali: A numidia S A baetica - mauretania => succeeds",
		"gothi: A mauretania H => succeeds")
	b = newBoard(t, "imperium", spring, "vandali A baetica", "vandali A numidia", "vandali F baleares", "gothi A mauretania")
	b.play("vandali: A baetica - mauretania via convoy => succeeds", "vandali: A numidia S A baetica - mauretania => succeeds",
		"vandali: F baleares C A baetica - mauretania => succeeds", "gothi: A mauretania H => fails: dislodged")

	// No support across the river; fleets cross as usual.
	b = newBoard(t, "imperium", spring, "franci A franci", "saxones A teutones", "gothi A colonia_agrippa")
	if b.legal("A teutones S A franci - colonia_agrippa") || b.legal("A franci S A colonia_agrippa") {
		t.Error("generator offers a support across the river")
	}
	b.play("saxones: A teutones S A franci - colonia_agrippa => invalid: cannot support", "franci: A franci - colonia_agrippa => fails")
	if !b.m.Special() || b.m.BorderBetween(Fleet, mustProv(t, b.m, "thracia"), mustProv(t, b.m, "galatia")) != PlainBorder ||
		b.m.BorderBetween(Army, mustProv(t, b.m, "thracia"), mustProv(t, b.m, "galatia")) != RiverBorder {
		t.Error("Thracia-Galatia: a river border for armies only")
	}
}

func mustProv(t *testing.T, m *Map, id string) Province {
	t.Helper()
	return m.Prov(mustLoc(t, m, id))
}

func TestColonialTransSiberianRailroad(t *testing.T) {
	// A Russian army rides from Moscow to Irkutsk in one move.
	b := newBoard(t, "colonial", spring, "russia A moscow", "russia A omsk")
	if !b.legal("A moscow - irkutsk") || !b.legal("A moscow - vladivostok") {
		t.Error("railroad moves are not offered")
	}
	b.play("russia: A moscow - irkutsk => succeeds", "russia: A omsk H => succeeds")
	b.want("irkutsk", b.unit("irkutsk"), "russia A irkutsk")

	// A foreign unit on the line blocks it; other powers have no railroad.
	b = newBoard(t, "colonial", spring, "russia A moscow", "china A omsk", "china A perm")
	if b.legal("A moscow - irkutsk") || b.legal("A perm - irkutsk") {
		t.Error("a blocked or foreign railroad move is offered")
	}
	b.play("russia: A moscow - irkutsk => invalid: cannot reach", "china: A perm - irkutsk => invalid: cannot reach",
		"china: A omsk H => succeeds")

	// One railroad move a turn: the second holds.
	b = newBoard(t, "colonial", spring, "russia A moscow", "russia A perm")
	b.play("russia: A moscow - krasnoyarsk => succeeds", "russia: A perm - vladivostok => fails: railroad")
	b.want("perm", b.unit("perm"), "russia A perm")

	// A railroad move never attacks, even supported; it may be supported to
	// keep others out; it cuts no support.
	b = newBoard(t, "colonial", spring, "russia A moscow", "russia A manchuria", "china A irkutsk")
	b.play("russia: A moscow - irkutsk => fails: bounced", "russia: A manchuria S A moscow - irkutsk => succeeds",
		"china: A irkutsk H => succeeds")
	b = newBoard(t, "colonial", spring, "russia A moscow", "russia A mongolia", "china A manchuria")
	b.play("russia: A moscow - irkutsk => succeeds", "russia: A mongolia S A moscow - irkutsk => succeeds",
		"china: A manchuria - irkutsk => fails: bounced")
	b = newBoard(t, "colonial", spring, "russia A moscow", "china A irkutsk", "china A mongolia", "japan A manchuria")
	b.play("russia: A moscow - irkutsk => fails",
		"china: A irkutsk S A mongolia - manchuria => succeeds", "china: A mongolia - manchuria => succeeds",
		"japan: A manchuria H => fails: dislodged")
}

func TestColonialSuezCanal(t *testing.T) {
	// Without the permission of the unit in Egypt the fleet stays.
	b := newBoard(t, "colonial", spring, "britain F mediterranean_sea", "turkey A egypt")
	if !b.legal("F mediterranean_sea - red_sea") || !b.legal("A egypt S F mediterranean_sea - red_sea") {
		t.Error("the canal move or its permission is not offered")
	}
	b.play("britain: F mediterranean_sea - red_sea => fails: permission", "turkey: A egypt H => succeeds")
	b.want("med", b.unit("mediterranean_sea"), "britain F mediterranean_sea")
	// With it (an army may give it) the fleet passes in one move.
	b = newBoard(t, "colonial", spring, "britain F mediterranean_sea", "turkey A egypt")
	b.play("britain: F mediterranean_sea - red_sea => succeeds", "turkey: A egypt S F mediterranean_sea - red_sea => succeeds")
	b.want("red sea", b.unit("red_sea"), "britain F red_sea")
	// No unit in Egypt: no passage; a permission for a move not ordered is void.
	b = newBoard(t, "colonial", spring, "britain F red_sea")
	b.play("britain: F red_sea - mediterranean_sea => fails: permission")
	b = newBoard(t, "colonial", spring, "britain F red_sea", "turkey F egypt")
	b.play("britain: F red_sea H => succeeds", "turkey: F egypt S F red_sea - mediterranean_sea => fails: did not do")
	// A fleet refused the canal holds, as a unit whose move cannot be made
	// at all (like an army without any fleet to convoy it, DATC 6.D.32): a
	// support of the canal move is void and adds nothing to its defence; a
	// support to hold counts. (Found by the reference-resolver comparison,
	// diplomacy/refcompare_test.go: the move's support used to hold it.)
	b = newBoard(t, "colonial", spring, "britain F mediterranean_sea", "britain F mecca", "turkey F black_sea", "turkey F syria")
	b.play("britain: F mediterranean_sea - red_sea => fails: permission", "britain: F mecca S F mediterranean_sea - red_sea => fails: did not do",
		"turkey: F black_sea - mediterranean_sea => succeeds", "turkey: F syria S F black_sea - mediterranean_sea => succeeds")
	b.want("med", b.unit("mediterranean_sea"), "turkey F mediterranean_sea")
	b = newBoard(t, "colonial", spring, "britain F mediterranean_sea", "britain F egypt", "turkey F black_sea", "turkey F syria")
	b.play("britain: F mediterranean_sea - red_sea => fails: permission", "britain: F egypt S F mediterranean_sea => succeeds",
		"turkey: F black_sea - mediterranean_sea => fails: bounced", "turkey: F syria S F black_sea - mediterranean_sea => succeeds")
	b.want("med", b.unit("mediterranean_sea"), "britain F mediterranean_sea")
	// The canal is no adjacency: no support or retreat through it.
	b = newBoard(t, "colonial", spring, "britain F red_sea", "turkey F mediterranean_sea", "france F syria")
	b.play("britain: F red_sea S F syria - mediterranean_sea => invalid: cannot support", "france: F syria - mediterranean_sea => fails",
		"turkey: F mediterranean_sea H => succeeds")
}

func TestColonialHongKong(t *testing.T) {
	for _, c := range []struct{ power, owner string }{{"china", ""}, {"britain", "britain"}, {"japan", "japan"}} {
		b := newBoard(t, "colonial", fall, c.power+" A hong_kong")
		hk := mustProv(t, b.m, "hong_kong")
		b.play(c.power + ": A hong_kong H => succeeds")
		if got := b.m.PowerName(b.pos.Owners[hk]); got != c.owner {
			t.Errorf("%s in Hong Kong after fall: owner %q, want %q", c.power, got, c.owner)
		}
	}
}

func TestSpecialBorderDataErrors(t *testing.T) {
	base := `{"id":"x","title":"x","victory":1,"start":{"season":"spring","year":1901,"type":"movement"},
	"powers":[{"id":"a","name":"A","homes":[],"centers":[]}],
	"provinces":[{"id":"p","name":"P","kind":"coast"},{"id":"q","name":"Q","kind":"coast"},{"id":"r","name":"R","kind":"inland"},{"id":"s","name":"S","kind":"sea"}%s],
	"army":{"p":"q r","q":"p r","r":"p q"},"fleet":{"p":"q s","q":"p s","s":"p q"},"units":[]%s}`
	for _, c := range []struct{ prov, extra, want string }{
		{"", `,"borders":[{"kind":"wide","unit":"army","between":["p","q"]}]`, `unknown kind "wide"`},
		{"", `,"borders":[{"kind":"river","unit":"army","between":["p","x"]}]`, `unknown province "x"`},
		{"", `,"borders":[{"kind":"river","unit":"army","between":["p","s"]}]`, "do not touch"},
		{"", `,"borders":[{"kind":"weak","unit":"tank","between":["p","q"]}]`, `unknown unit type "tank"`},
		{"", `,"borders":[{"kind":"canal","unit":"fleet","between":["p","q"],"via":"r"}]`, "already touch"},
		{"", `,"borders":[{"kind":"canal","unit":"fleet","between":["p","r"],"via":"nowhere"}]`, `unknown province "nowhere"`},
		{"", `,"railroads":[{"power":"b","unit":"army","stations":["p","q","r"]}]`, `unknown power "b"`},
		{"", `,"railroads":[{"power":"a","unit":"army","stations":["p","q"]}]`, "at least 3"},
		{"", `,"railroads":[{"power":"a","unit":"army","stations":["p","q","s"]}]`, `no army stands at "s"`},
		{`,{"id":"t","name":"T","kind":"sea","seasons":["summer"]}`, "", `unknown season "summer"`},
		{`,{"id":"t","name":"T","kind":"sea","center_except":["b"]}`, "", `unknown power "b"`},
	} {
		_, err := parseMap([]byte(strings.Replace(strings.Replace(base, "%s", c.prov, 1), "%s", c.extra, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s%s: error %v, want %q", c.prov, c.extra, err, c.want)
		}
	}
	if _, err := parseMap([]byte(strings.Replace(strings.Replace(base, "%s", "", 1), "%s", `,"borders":[{"kind":"river","unit":"army","between":["p","q"]}]`, 1))); err != nil {
		t.Errorf("a good river border: %v", err)
	}
}

func TestSpecialBordersThroughJSON(t *testing.T) {
	// Retreats worked out from the position skip river crossings and
	// closed provinces; a railroad move adjudicates through the JSON input.
	e := NewEngine()
	for _, c := range specialBorderPhases {
		out, _, err := runPhaseJSON(e, []byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !strings.Contains(string(out), c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.in, out, c.want)
		}
	}
	// Input giving China Hong Kong is refused, naming the problem.
	_, _, err := runPhaseJSON(e, []byte(`{"variant":"colonial","phase":{"season":"spring","year":1870,"type":"movement"},
		"units":[],"centers":{"hong_kong":"china"},"orders":{}}`))
	if err == nil || !strings.Contains(err.Error(), "hong_kong is no supply centre for china") {
		t.Errorf("China owning Hong Kong: error %v", err)
	}
}

func TestSpecialBordersOnAHoledMap(t *testing.T) {
	// Black Hole destroys a station or a canal's end: the railroad stops
	// there and the canal closes.
	m, err := LoadMap("colonial")
	if err != nil {
		t.Fatal(err)
	}
	h := m.WithHoles([]Province{mustProv(t, m, "omsk"), mustProv(t, m, "red_sea")})
	b := &board{t: t, m: h, pos: NewPosition(h), a: NewAdjudicator(h, Edition2023)}
	b.pos.Phase = spring
	for _, s := range []string{"russia A moscow", "britain F mediterranean_sea", "turkey A egypt"} {
		b.pos.Place(parseTestUnit(t, h, s))
	}
	if b.legal("A moscow - irkutsk") || b.legal("F mediterranean_sea - red_sea") {
		t.Error("moves through destroyed provinces offered")
	}
	b.play("russia: A moscow - irkutsk => invalid", "russia: A moscow - omsk => invalid",
		"britain: F mediterranean_sea - red_sea => invalid", "turkey: A egypt H => succeeds")
}

// specialBorderPhases are JSON phases on the special maps with an expected
// fragment of their result; they also seed FuzzPhaseInput.
var specialBorderPhases = []struct{ in, want string }{
	{`{"variant":"imperium","phase":{"season":"spring","year":401,"type":"retreat"},
	   "units":[{"power":"franci","type":"army","at":"belgica"}],
	   "dislodged":[{"power":"gothi","type":"army","at":"colonia_agrippa","attacker_from":"belgica"}],
	   "orders":{"gothi":["A colonia_agrippa - franci"]}}`,
		`"result":"invalid","reason":"A colonia_agrippa may not retreat to franci"`},
	{`{"variant":"loeb9","phase":{"season":"fall","year":1901,"type":"retreat"},
	   "units":[{"power":"russia","type":"fleet","at":"bar"}],
	   "dislodged":[{"power":"england","type":"fleet","at":"nwg","attacker_from":"bar"}],
	   "orders":{"england":["F nwg - arc"]}}`,
		`"result":"invalid","reason":"F nwg may not retreat to arc"`},
	{`{"variant":"colonial","phase":{"season":"spring","year":1870,"type":"movement"},
	   "units":[{"power":"russia","type":"army","at":"moscow"}],
	   "orders":{"russia":["A moscow - vladivostok"]}}`,
		`"result":"succeeds"`},
	// Hong Kong under a Chinese army at the end of the fall leaves British
	// hands and counts for nobody.
	{`{"variant":"colonial","phase":{"season":"fall","year":1870,"type":"movement"},
	   "units":[{"power":"china","type":"army","at":"canton"}],
	   "orders":{"china":["A canton - hong_kong"]}}`,
		`"delhi":"britain","java":"holland"`},
}

// BenchmarkSpecialMovement adjudicates, and lists the legal orders of, a
// seeded random movement phase on each special-border map: the special
// path allocates nothing either.
func BenchmarkSpecialMovement(b *testing.B) {
	for _, id := range []string{"loeb9", "variant_1900", "imperium", "colonial"} {
		b.Run(id, func(b *testing.B) {
			m, err := LoadMap(id)
			if err != nil {
				b.Fatal(err)
			}
			rng := game.NewRNG(7)
			gen, adj := NewGenerator(m), NewAdjudicator(m, Edition2023)
			pos := StartPosition(m)
			var orders []OrderIn
			out := make([]Outcome, 256)
			for pos.Phase.Type != Movement || pos.Phase.Year < m.Start.Year+3 {
				orders = RandomOrders(gen.Orders(pos, NoPower), &rng, orders[:0])
				adj.Step(pos, orders, out[:len(orders)])
			}
			orders = RandomOrders(gen.Orders(pos, NoPower), &rng, orders[:0])
			start, work := pos.Clone(), pos.Clone()
			b.Run("movement", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					copyPosition(work, start)
					adj.Movement(work, orders, out[:len(orders)])
				}
			})
			b.Run("legal", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					gen.Orders(start, NoPower)
				}
			})
		})
	}
}

// TestSplitKeepsSpecialBorders: Schizodiplomacy's twin of a province takes
// its special borders and seasons, and a split that shifts every coast
// location leaves the other provinces' special borders where they were.
func TestSplitKeepsSpecialBorders(t *testing.T) {
	for _, id := range []string{"loeb9", "variant_1900", "imperium", "colonial"} {
		m, err := LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		for x := range m.Provinces {
			px := Province(x)
			var refs []borderRef
			if m.borderAt != nil {
				refs = m.borderAt[px]
			}
			if len(m.Provinces[x].Coasts) > 0 || (len(refs) == 0 && (m.openMask == nil || m.openMask[px] == 0)) {
				continue
			}
			h, err := m.WithEdits(MapEdit{Op: EditSplit, A: m.Provinces[x].ID})
			if err != nil {
				t.Fatalf("%s: split %s: %v", id, m.Provinces[x].ID, err)
			}
			twin := Province(len(h.Provinces) - 1)
			for _, r := range refs {
				for _, u := range []UnitType{Army, Fleet} {
					want := m.BorderBetween(u, px, r.to)
					if got := h.BorderBetween(u, twin, r.to); got != want {
						t.Errorf("%s: twin of %s to %s for %v: %v, want %v", id, m.Provinces[x].ID, m.Provinces[r.to].ID, u, got, want)
					}
					if got := h.BorderBetween(u, r.to, twin); got != want {
						t.Errorf("%s: %s to the twin of %s for %v: %v, want %v", id, m.Provinces[r.to].ID, m.Provinces[x].ID, u, got, want)
					}
				}
			}
			for s := Spring; s <= Winter; s++ {
				if h.Open(twin, s) != m.Open(px, s) {
					t.Errorf("%s: twin of %s open in %v: %v, want %v", id, m.Provinces[x].ID, s, h.Open(twin, s), m.Open(px, s))
				}
			}
			for _, b := range m.Borders {
				for _, u := range []UnitType{Army, Fleet} {
					if h.BorderBetween(u, b.A, b.B) != m.BorderBetween(u, b.A, b.B) {
						t.Errorf("%s: after splitting %s, %s-%s changed", id, m.Provinces[x].ID, m.Provinces[b.A].ID, m.Provinces[b.B].ID)
					}
				}
			}
		}
	}
}
