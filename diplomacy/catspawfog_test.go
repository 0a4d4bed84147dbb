package diplomacy

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// catspawFogWinter is a Catspaw game under Fog of War (England, France and
// Turkey play) in the winter of 1901, England's fleet in London and its
// three centres, France's army in Paris, Turkey's in Constantinople, and
// Germany's centres and units as germany says: all of them out of
// England's and France's sight.
func catspawFogWinter(t *testing.T, germany string) game.State {
	t.Helper()
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"catspaw": "true", "fog": "true", "players": "england,france,turkey"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := state(s)
	gs.Pos = mustPosition(t, gs.Pos.Map, `{"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		"units": [{"power": "england", "type": "fleet", "at": "lon"}, {"power": "france", "type": "army", "at": "par"},
		  {"power": "turkey", "type": "army", "at": "con"}`+germany)
	return s
}

// Germany's units and centres in the winter, differing only out of
// England's sight: owed 0, 1 or 2 builds, with Kiel empty or held.
var germanWinters = map[string]string{
	"owes 0": `, {"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "den"},
		  {"power": "germany", "type": "army", "at": "ruh"}],
		"centers": {"lon": "england", "edi": "england", "lvp": "england", "par": "france", "con": "turkey",
		  "ber": "germany", "kie": "germany", "mun": "germany"}}`,
	"owes 1": `, {"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "den"},
		  {"power": "germany", "type": "army", "at": "ruh"}],
		"centers": {"lon": "england", "edi": "england", "lvp": "england", "par": "france", "con": "turkey",
		  "ber": "germany", "kie": "germany", "mun": "germany", "hol": "germany"}}`,
	"owes 2": `, {"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "den"},
		  {"power": "germany", "type": "army", "at": "ruh"}],
		"centers": {"lon": "england", "edi": "england", "lvp": "england", "par": "france", "con": "turkey",
		  "ber": "germany", "kie": "germany", "mun": "germany", "hol": "germany", "den": "germany"}}`,
	"owes 1, kiel held": `, {"power": "germany", "type": "army", "at": "kie"}, {"power": "germany", "type": "army", "at": "den"},
		  {"power": "germany", "type": "army", "at": "ruh"}],
		"centers": {"lon": "england", "edi": "england", "lvp": "england", "par": "france", "con": "turkey",
		  "ber": "germany", "kie": "germany", "mun": "germany", "hol": "germany"}}`,
}

// kielFrench is Germany's winter owed one build, Kiel France's: out of
// England's sight.
const kielFrench = `, {"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "den"},
		  {"power": "germany", "type": "army", "at": "ruh"}],
		"centers": {"lon": "england", "edi": "england", "lvp": "england", "par": "france", "con": "turkey",
		  "ber": "germany", "kie": "france", "mun": "germany", "hol": "germany"}}`

// Catspaw rule 10 under Fog of War: what a seat is offered and asked for
// depends only on what it sees. Whether Germany (unplayed, out of sight) is
// owed no build, one or two, and whether Kiel is held, England's and
// France's legal trees, prompts and checks are the same; the tree offers an
// extra build for Germany in each of its home centres with no count owed,
// and England's own builds as before.
func TestCatspawFogExtraBuildsTellNothingHidden(t *testing.T) {
	var r Rules
	type seen struct {
		legal   map[game.Seat]string
		pending string
		check   string
	}
	var first *seen
	firstName := ""
	for name, germany := range germanWinters {
		s := catspawFogWinter(t, germany)
		got := seen{legal: map[game.Seat]string{}}
		for _, seat := range []game.Seat{"england", "france", "turkey"} {
			b, _ := json.Marshal(r.Legal(s, seat))
			got.legal[seat] = string(b)
		}
		b, _ := json.Marshal(r.Pending(s))
		got.pending = string(b)
		b, _ = json.Marshal(r.Check(s, "england", orders("Build A kie", "Build F edi")))
		got.check = string(b)
		if first == nil {
			first, firstName = &got, name
			continue
		}
		for seat, l := range got.legal {
			if l != first.legal[seat] {
				t.Errorf("%s's tree differs (%s vs %s):\n%s\n%s", seat, name, firstName, l, first.legal[seat])
			}
		}
		if got.pending != first.pending {
			t.Errorf("the prompts differ (%s vs %s):\n%s\n%s", name, firstName, got.pending, first.pending)
		}
		if got.check != first.check {
			t.Errorf("England's check differs (%s vs %s):\n%s\n%s", name, firstName, got.check, first.check)
		}
	}

	s := catspawFogWinter(t, germanWinters["owes 1"])
	opts := r.Legal(s, "england")
	var germany, own *game.Choice
	for i, c := range opts.Choices {
		if strings.HasPrefix(c.Label, "extra (") && strings.Contains(c.Label, " owed)") {
			t.Errorf("extra root %q tells a count owed", c.Label)
		}
		switch c.Label {
		case "extra (1 allowed): build for Germany":
			germany = &opts.Choices[i]
		case "build (2 owed)":
			own = &opts.Choices[i]
		}
	}
	if germany == nil || own == nil {
		t.Fatalf("England's tree has no extra build for Germany or no own builds: %+v", opts.Choices)
	}
	var paths []string
	treePaths([]game.Choice{*germany}, "", &paths)
	if got := strings.Join(paths, ","); got != "Build A ber,Build F ber,Build A kie,Build F kie,Build A mun" {
		t.Errorf("Germany's extra builds: %s", got)
	}
	paths = nil
	treePaths([]game.Choice{*own}, "", &paths)
	if got := strings.Join(paths, ","); got != "Build A edi,Build F edi,Build A lvp,Build F lvp" {
		t.Errorf("England's own builds: %s", got)
	}
	// France has nothing of its own to adjust: it is asked for its extra
	// build whatever Germany is owed.
	found := false
	for _, p := range r.Pending(s) {
		if p.Seat == "france" {
			found = strings.Contains(p.Text, "one extra build")
		}
	}
	if !found {
		t.Errorf("France is not asked for its extra build: %+v", r.Pending(s))
	}
}

// An extra build the unplayed power is not owed, in a centre that is held,
// or in one a played power owns, counts for nothing: the order is
// accepted, the phase resolves with its reason, and nothing is built; one
// Germany is owed is made.
func TestCatspawFogExtraBuildNotOwedCountsForNothing(t *testing.T) {
	cases := []struct {
		germany, order, result, reason, built string
	}{
		{"owes 0", "Build A ber", "fails", "no builds left", ""},
		{"owes 1, kiel held", "Build F kie", "invalid", "kie is occupied", "germany army"},
		{"owes 1", "Build A ber", "succeeds", "", "germany army"},
		{"kiel french", "Build A kie", "invalid", "played power", ""},
	}
	for _, c := range cases {
		board := germanWinters[c.germany]
		if c.germany == "kiel french" {
			board = kielFrench
		}
		s := catspawFogWinter(t, board)
		applied(t, s, "england", orders(c.order))
		applied(t, s, game.System, game.Action{Type: game.Advance})
		gs := state(s)
		if gs.Pos.Phase != (Phase{Season: Spring, Year: 1902, Type: Movement}) {
			t.Fatalf("%s: the game stands in %s", c.germany, gs.Pos.Phase)
		}
		rec := gs.History[len(gs.History)-1]
		var res *OrderResultJSON
		for i, o := range rec.Orders {
			if o.Power == "england" && o.Order == c.order {
				res = &rec.Orders[i]
			}
		}
		if res == nil || res.Result != c.result || !strings.Contains(res.Reason, c.reason) {
			t.Errorf("%s: %q: %+v", c.germany, c.order, res)
		}
		site := strings.Fields(c.order)[2]
		m := gs.Pos.Map
		u := gs.Pos.Units[mustProv(t, m, site)]
		got := ""
		if u.Type != NoUnit {
			got = m.PowerName(u.Power) + " " + map[UnitType]string{Army: "army", Fleet: "fleet"}[u.Type]
		}
		if got != c.built {
			t.Errorf("%s: %s holds %q, want %q", c.germany, site, got, c.built)
		}
	}
}

// Under Fog of War a submission is judged on whose centre a build is as far
// as the seat can tell: two builds in Germany's home centres out of
// England's sight are two extra builds (one too many) whoever owns them —
// Germany, or France, which in one of the boards holds Kiel — and England's
// tree and check are the same in both boards.
func TestCatspawFogVetTellsNoOwner(t *testing.T) {
	var r Rules
	boards := map[string]string{
		"kiel german": germanWinters["owes 1"],
		"kiel french": kielFrench,
	}
	seen := map[string]string{}
	for name, board := range boards {
		s := catspawFogWinter(t, board)
		_, _, err := r.Apply(s, "england", orders("Build A ber", "Build A kie"))
		if err == nil || !strings.Contains(err.Error(), "extra order 2") {
			t.Errorf("%s: two extra builds: %v", name, err)
		}
		legal, _ := json.Marshal(r.Legal(s, "england"))
		check, _ := json.Marshal(r.Check(s, "england", orders("Build A ber", "Build A kie")))
		seen[name] = string(legal) + "\n" + string(check)
		if got := state(s).Orders[powerOf(t, state(s).Pos.Map, "england")]; got != nil {
			t.Errorf("%s: a refused list was stored: %v", name, got)
		}
	}
	if seen["kiel german"] != seen["kiel french"] {
		t.Errorf("England's tree or check tells who owns Kiel:\n%s\n%s", seen["kiel german"], seen["kiel french"])
	}
}

// Under Fog of War a submission's refusal tells nothing of a unit out of
// sight: in Spring 1901 England's order for the Russian army in Moscow
// (or, under Catspaw, the unplayed German army in Munich) is refused as
// one for an empty province is; without fog it is refused as not England's
// (and, under Catspaw, taken as an extra order), so the test can tell.
func TestFogRefusalsTellNoHiddenUnit(t *testing.T) {
	var r Rules
	same := func(a, b string, pa, pb string) bool {
		return strings.ReplaceAll(a, pa, "X") == strings.ReplaceAll(b, pb, "X")
	}
	refusal := func(s game.State, order string) string {
		_, _, err := r.Apply(s, "england", orders(order))
		if err == nil {
			return ""
		}
		return err.Error()
	}
	fog, _ := r.Setup(game.Config{Options: map[string]string{"fog": "true"}}, 1)
	if mos, ukr := refusal(fog, "A mos H"), refusal(fog, "A ukr H"); mos == "" || !same(mos, ukr, "mos", "ukr") {
		t.Errorf("fog: Moscow %q, Ukraine %q", mos, ukr)
	}
	clear, _ := r.Setup(game.Config{}, 1)
	if mos := refusal(clear, "A mos H"); !strings.Contains(mos, "not yours") {
		t.Errorf("no fog: Moscow %q", mos)
	}
	cats := map[string]string{"catspaw": "true", "players": "england,france,turkey"}
	catsClear, _ := r.Setup(game.Config{Options: cats}, 1)
	if mun := refusal(catsClear, "A mun H"); mun != "" {
		t.Errorf("Catspaw, no fog: an extra order for Munich refused: %q", mun)
	}
	cats["fog"] = "true"
	catsFog, _ := r.Setup(game.Config{Options: cats}, 1)
	if mun, ruh := refusal(catsFog, "A mun H"), refusal(catsFog, "A ruh H"); mun == "" || !same(mun, ruh, "mun", "ruh") {
		t.Errorf("Catspaw under fog: Munich %q, Ruhr %q", mun, ruh)
	}
}
