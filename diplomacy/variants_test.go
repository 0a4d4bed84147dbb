package diplomacy

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"concordat/game"
)

// catspawPhase adjudicates the standard opening under Catspaw (England,
// France and Turkey play) with the given orders JSON.
func catspawPhase(t *testing.T, phase, units, centers, orders string) *PhaseOutput {
	t.Helper()
	in := `{"options": {"catspaw": "true", "players": "england,france,turkey"},
		"phase": ` + phase + `, "units": ` + units + `, "orders": ` + orders
	if centers != "" {
		in += `, "centers": ` + centers
	}
	return run(t, in+"}")
}

const opening = `{"season": "spring", "year": 1901, "type": "movement"}`

func startUnits(t *testing.T) string {
	b, err := json.Marshal(PositionJSON(StartPosition(Standard())).Units)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func results(out *PhaseOutput) []string {
	var r []string
	for _, o := range out.Orders {
		r = append(r, o.Result)
	}
	return r
}

func unitAt(out *PhaseOutput, prov string) string {
	for _, u := range out.Next.Units {
		if strings.HasPrefix(u.At, prov) {
			return u.Power + " " + u.Type
		}
	}
	return ""
}

func TestCatspawPlurality(t *testing.T) {
	units := startUnits(t)
	// Munich: two English orders to Burgundy beat one French to Ruhr.
	out := catspawPhase(t, opening, units, "", `{
		"england": ["A mun - bur", "A mun - bur"],
		"france": ["A mun - ruh"]}`)
	if got := strings.Join(results(out), " "); got != "succeeds succeeds fails" {
		t.Fatalf("results %s (%+v)", got, out.Orders)
	}
	if unitAt(out, "bur") != "germany army" || unitAt(out, "mun") != "" {
		t.Fatalf("Munich's army is not in Burgundy: bur=%q mun=%q", unitAt(out, "bur"), unitAt(out, "mun"))
	}
	if out.Orders[2].Reason == "" {
		t.Fatal("the outvoted order has no reason")
	}
	// A tie: the unit holds.
	out = catspawPhase(t, opening, units, "", `{"england": ["A ber - pru"], "france": ["A ber - sil"]}`)
	if unitAt(out, "ber") != "germany army" || unitAt(out, "sil") != "" || unitAt(out, "pru") != "" {
		t.Fatalf("a tie moved Berlin: ber=%q sil=%q", unitAt(out, "ber"), unitAt(out, "sil"))
	}
	for _, o := range out.Orders {
		if o.Result != "fails" || !strings.Contains(o.Reason, "tied") {
			t.Fatalf("tied order: %+v", o)
		}
	}
	// Invalid orders count for nothing, however many.
	out = catspawPhase(t, opening, units, "", `{
		"england": ["A mun - lon", "A mun - lon", "A mun - lon"],
		"france": ["A mun - sil"]}`)
	if unitAt(out, "sil") != "germany army" {
		t.Fatalf("invalid orders outvoted a valid one: %+v", out.Orders)
	}
	// An order to dislodge one's own power is invalid (rule 9): Berlin
	// cannot be sent against the German fleet in Kiel.
	out = catspawPhase(t, opening, units, "", `{
		"england": ["A ber - kie", "A ber - kie"],
		"france": ["A ber - pru"]}`)
	if unitAt(out, "pru") != "germany army" || out.Orders[0].Result != "invalid" {
		t.Fatalf("self-dislodging orders counted: %+v", out.Orders)
	}
}

func TestCatspawQuotaAndOwnership(t *testing.T) {
	units := startUnits(t)
	// England has 3 centres: (18 - 3) / 3 = 5 extra orders; the sixth is refused.
	out := catspawPhase(t, opening, units, "", `{"england": ["A mun H", "A mun H", "A mun H", "A mun H", "A mun H", "A mun H"]}`)
	want := "succeeds succeeds succeeds succeeds succeeds invalid"
	if got := strings.Join(results(out), " "); got != want {
		t.Fatalf("quota: %s, want %s", got, want)
	}
	// No extra orders for a played power's units.
	out = catspawPhase(t, opening, units, "", `{"england": ["A par - bur"]}`)
	if out.Orders[0].Result != "invalid" || unitAt(out, "par") != "france army" {
		t.Fatalf("England ordered a French unit: %+v", out.Orders)
	}
	if ExtraOrderQuota(Standard(), 0) != 6 || ExtraOrderQuota(Standard(), 4) != 4 || ExtraOrderQuota(Standard(), 18) != 0 {
		t.Fatal("ExtraOrderQuota does not follow floor((18 - centres) / 3)")
	}
}

// winter1901 is the Catspaw adjustment phase, with Germany (unplayed)
// owning the centres named and holding the units given.
func winter1901(t *testing.T, units, centres, orders string) *PhaseOutput {
	t.Helper()
	return catspawPhase(t, `{"season": "winter", "year": 1901, "type": "adjustment"}`, units, centres, orders)
}

// Catspaw rule 10: each player writes one extra build for an unowned
// country; conflicting builds are settled as conflicting orders are, by
// plurality. Builds conflict only where they cannot all be made: two at one
// site, or more than the power is owed.
func TestCatspawBuilds(t *testing.T) {
	twoUnits := `[{"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "den"}]`
	owedThree := `{"ber": "germany", "kie": "germany", "mun": "germany", "hol": "germany", "den": "germany"}`
	owedOne := `{"ber": "germany", "kie": "germany", "hol": "germany"}`
	// Germany is owed three: three players building in three home centres
	// get all three.
	out := winter1901(t, twoUnits, owedThree, `{"england": ["Build A ber"], "france": ["Build A kie"], "turkey": ["Build A mun"]}`)
	if got := strings.Join(results(out), " "); got != "succeeds succeeds succeeds" ||
		unitAt(out, "ber") != "germany army" || unitAt(out, "kie") != "germany army" || unitAt(out, "mun") != "germany army" {
		t.Errorf("three builds for three owed: %s, %+v", got, out.Next.Units)
	}
	// Two builds at one site conflict: the one written more often is made.
	out = winter1901(t, twoUnits, owedThree, `{"england": ["Build A kie"], "france": ["Build F kie"], "turkey": ["Build F kie"]}`)
	if got := strings.Join(results(out), " "); got != "fails succeeds succeeds" || unitAt(out, "kie") != "germany fleet" ||
		!strings.Contains(out.Orders[0].Reason, "more often") {
		t.Errorf("two builds at Kiel: %s, %+v", got, out.Orders)
	}
	// ... and on a tie none is.
	out = winter1901(t, twoUnits, owedThree, `{"england": ["Build A kie"], "france": ["Build F kie"], "turkey": ["Build A ber"]}`)
	if got := strings.Join(results(out), " "); got != "fails fails succeeds" || unitAt(out, "kie") != "" || unitAt(out, "ber") != "germany army" {
		t.Errorf("a tie at Kiel: %s, %+v", got, out.Orders)
	}
	// Germany is owed one: of two builds written once each, neither is made;
	// of a build written twice and one written once, the first.
	out = winter1901(t, twoUnits, owedOne, `{"england": ["Build A ber"], "france": ["Build A kie"]}`)
	if got := strings.Join(results(out), " "); got != "fails fails" || unitAt(out, "ber") != "" || unitAt(out, "kie") != "" ||
		!strings.Contains(out.Orders[0].Reason, "tied") {
		t.Errorf("two builds for one owed: %s, %+v", got, out.Orders)
	}
	out = winter1901(t, twoUnits, owedOne, `{"england": ["Build A ber"], "france": ["Build A kie"], "turkey": ["Build A ber"]}`)
	if got := strings.Join(results(out), " "); got != "succeeds fails succeeds" || unitAt(out, "ber") != "germany army" || unitAt(out, "kie") != "" {
		t.Errorf("three builds for one owed: %s, %+v", got, out.Orders)
	}
	// One extra build per player: France's second is refused.
	out = winter1901(t, twoUnits, owedThree, `{"france": ["Build A ber", "Build A kie"]}`)
	if out.Orders[0].Result != "succeeds" || out.Orders[1].Result != "invalid" {
		t.Errorf("France's second extra build: %+v", out.Orders)
	}
}

// Catspaw rule 10: removals for unowned units are handled as for countries
// NMRing: the civil disorder rule chooses them, and extra orders do not.
func TestCatspawRemovalsAreCivilDisorders(t *testing.T) {
	// Germany (unplayed) has two centres and three units: one must go.
	// Civil disorder (1971: the farthest from its home centres) removes the
	// army in Gascony, two moves from Munich; England's extra order to
	// disband Munich's army counts for nothing.
	out := winter1901(t,
		`[{"power": "germany", "type": "army", "at": "mun"}, {"power": "germany", "type": "army", "at": "bur"},
		  {"power": "germany", "type": "army", "at": "gas"}]`,
		`{"mun": "germany", "ber": "germany"}`,
		`{"england": ["Disband A mun"], "france": ["Disband A mun"]}`)
	if out.Orders[0].Result != "invalid" || !strings.Contains(out.Orders[0].Reason, "sent no orders") {
		t.Errorf("an extra removal: %+v", out.Orders)
	}
	if unitAt(out, "mun") != "germany army" || unitAt(out, "bur") != "germany army" || unitAt(out, "gas") != "" {
		t.Errorf("removals: mun=%q bur=%q gas=%q", unitAt(out, "mun"), unitAt(out, "bur"), unitAt(out, "gas"))
	}
}

func TestCatspawThroughTheContract(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if seats := r.Seats(s); len(seats) != 3 {
		t.Fatalf("seats %v, want the three players", seats)
	}
	if gs := s.(*GameState); gs.Settings.Edition != Edition1971 {
		t.Fatalf("Catspaw plays the %s rules, want 1971", gs.Settings.Edition)
	}
	if _, _, err := r.Apply(s, "germany", orders("A mun H")); err == nil {
		t.Fatal("an unplayed power took a seat")
	}
	if _, _, err := r.Apply(s, "england", orders("A par - bur")); err == nil {
		t.Fatal("England ordered France's army")
	}
	if _, _, err := r.Apply(s, "england", orders("A mun H", "A mun H", "A mun H", "A mun H", "A mun H", "A mun H")); err == nil ||
		!strings.Contains(err.Error(), "may write 5") {
		t.Fatalf("six extra orders: %v", err)
	}
	if _, _, err := r.Apply(s, "england", orders("F lon - nth", "A mun - bur", "A mun - bur")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(s, "france", orders("A mun - ruh")); err != nil {
		t.Fatal(err)
	}
	// England's legal tree offers unplayed units too.
	found := false
	for _, c := range r.Legal(s, "england").Choices {
		found = found || c.Value == "A mun"
	}
	if !found {
		t.Fatal("England's legal orders lack the unplayed A mun")
	}
	if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	l, _ := Standard().LookupLoc("bur")
	if u := gs.Pos.Units[Standard().Prov(l)]; u.Type != Army || Standard().PowerName(u.Power) != "germany" {
		t.Fatalf("Burgundy holds %+v after the Catspaw spring", u)
	}
}

func TestUnplayedPowersPreset(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"preset": "5p"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	seats := r.Seats(s)
	if len(seats) != 5 {
		t.Fatalf("5P seats: %v", seats)
	}
	for _, p := range r.Pending(s) {
		if p.Seat == "germany" || p.Seat == "italy" {
			t.Fatalf("an unplayed power owes orders: %+v", p)
		}
	}
	for _, bad := range []map[string]string{
		{"preset": "4p"}, {"players": "england,narnia"}, {"catspaw": "maybe"}, {"colour": "red"},
		{"catspaw": "true"}, {"preset": "5p", "players": "england"},
	} {
		if _, err := r.Setup(game.Config{Options: bad}, 1); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	if _, err := r.Setup(game.Config{Variant: "youngstown", Options: map[string]string{"preset": "6p"}}, 1); err == nil {
		t.Error("a standard-map preset accepted on another map")
	}
}

func TestFogOfWarView(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"fog": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Apply(s, "turkey", orders("A con - bul"))
	r.Apply(s, "england", orders("F lon - nth"))
	r.Apply(s, game.System, game.Action{Type: game.Advance})
	view := func(seat game.Seat) string {
		b, err := json.Marshal(r.View(s, seat))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	en := view("england")
	// England sees its own units and what they reach, not Turkey's army.
	for _, want := range []string{`"at":"nth"`, `"at":"edi"`, `"F lon - nth"`} {
		if !strings.Contains(en, want) {
			t.Errorf("England's view lacks %s", want)
		}
	}
	for _, hidden := range []string{`"at":"bul"`, `"at":"smy"`, `A con - bul`, `"ank":"turkey"`} {
		if strings.Contains(en, hidden) {
			t.Errorf("England's view shows %s", hidden)
		}
	}
	tu := view("turkey")
	if !strings.Contains(tu, `"at":"bul"`) || !strings.Contains(tu, "A con - bul") || strings.Contains(tu, "F lon - nth") {
		t.Errorf("Turkey's view is wrong: %s", tu)
	}
	spec := view(game.System)
	if strings.Contains(spec, `"at":`) || !strings.Contains(spec, `"centre_counts"`) {
		t.Errorf("a spectator sees units in a fog game: %s", spec)
	}
	// The view says what the seat sees, so a client can draw the rest as
	// unknown: England's units in edi, nth and lvp, what they reach, and
	// its centres; a spectator sees no province.
	var ev struct {
		Board struct {
			Fog     bool     `json:"fog"`
			Visible []string `json:"visible"`
		} `json:"board"`
		History []struct {
			Position struct {
				Fog     bool     `json:"fog"`
				Visible []string `json:"visible"`
			} `json:"position"`
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(en), &ev); err != nil {
		t.Fatal(err)
	}
	got := append([]string(nil), ev.Board.Visible...)
	sort.Strings(got)
	want := []string{"bel", "cly", "den", "edi", "eng", "hel", "hol", "lon", "lvp", "nth", "nwg", "nwy", "ska", "wal", "yor"}
	if !ev.Board.Fog || !slices.Equal(got, want) {
		t.Errorf("England's board: fog %v, visible %v, want %v", ev.Board.Fog, got, want)
	}
	if len(ev.History) != 1 || !ev.History[0].Position.Fog || !slices.Contains(ev.History[0].Position.Visible, "lon") || slices.Contains(ev.History[0].Position.Visible, "nwy") {
		t.Errorf("England's history of Spring 1901 (from lon, edi, lvp): %+v", ev.History)
	}
	if !strings.Contains(spec, `"fog":true`) || strings.Contains(spec, `"visible"`) {
		t.Errorf("a spectator's fog board is not marked as seeing nothing: %s", spec)
	}
	// Without fog, everyone sees everything.
	s2, _ := r.Setup(game.Config{}, 1)
	b, _ := json.Marshal(r.View(s2, "england"))
	if !strings.Contains(string(b), `"at":"smy"`) {
		t.Error("no fog, yet England does not see Smyrna")
	}
}

func TestCrystalBall(t *testing.T) {
	var r Rules
	cfg := game.Config{Options: map[string]string{"crystal_ball": "true"}}
	s, err := r.Setup(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Spring 1901: this phase's orders as usual, and next phase's ahead.
	must := func(seat game.Seat, a game.Action) {
		t.Helper()
		if _, _, err := r.Apply(s, seat, a); err != nil {
			t.Fatal(err)
		}
	}
	ahead := func(texts ...string) game.Action {
		return game.NewAction("ahead", map[string][]string{"orders": texts})
	}
	must("france", orders("A par - bur"))
	must("france", ahead("A bur - pic"))
	if _, _, err := r.Apply(s, "france", ahead("Build A par")); err == nil {
		t.Fatal("a build was written ahead")
	}
	must(game.System, game.Action{Type: game.Advance})
	gs := s.(*GameState)
	m := gs.Pos.Map
	at := func(id string) Unit { return gs.Pos.Units[m.Prov(holeLoc(t, m, id))] }
	if at("bur").Type != Army {
		t.Fatal("spring 1901: Paris did not reach Burgundy")
	}
	// Fall 1901: orders for this phase were due last phase.
	if _, _, err := r.Apply(s, "france", orders("A bur - mar")); err == nil || !strings.Contains(err.Error(), "ahead") {
		t.Fatalf("orders for a due phase: %v", err)
	}
	var p game.Prompt
	for _, q := range r.Pending(s) {
		if q.Seat == "france" {
			p = q
		}
	}
	if p.Kind != "ahead" {
		t.Fatalf("France's prompt in fall 1901: %+v", p)
	}
	must("france", ahead("A pic - bel"))
	// The snapshot keeps both sets.
	b, _ := r.Marshal(s)
	back, err := r.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := r.Marshal(back)
	if string(b) != string(b2) || !strings.Contains(string(b), `"due"`) {
		t.Fatal("Crystal Ball orders do not survive a snapshot")
	}
	must(game.System, game.Action{Type: game.Advance})
	gs = s.(*GameState)
	if at("pic").Type != Army || at("bur").Type != NoUnit {
		t.Fatal("fall 1901: the order written in spring (A bur - pic) was not carried out")
	}
	// Spring 1902 carries out what was written in fall 1901.
	for gs.Pos.Phase.Type != Movement {
		must(game.System, game.Action{Type: game.Advance})
	}
	must(game.System, game.Action{Type: game.Advance})
	if at("bel").Type != Army {
		t.Fatal("spring 1902: A pic - bel, written in fall 1901, was not carried out")
	}
}
