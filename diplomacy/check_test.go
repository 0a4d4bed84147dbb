package diplomacy

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// checkOf returns the verdicts of Check for seat's order list.
func checkOf(t *testing.T, s game.State, seat game.Seat, texts ...string) []game.Check {
	t.Helper()
	return Rules{}.Check(s, seat, orders(texts...))
}

func TestCheckSpring1901(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		order  string
		valid  bool
		reason string
	}{
		{"A par - bur", true, ""},
		{"A par - mos", false, "A par cannot reach mos"}, // unreachable: invalid at resolution
		{"A mar S A par - bur", true, ""},                // a support of a move
		{"A par S F bre", true, ""},                      // a support to hold
		{"A par S A gas", false, "there is no unit at gas to support or convoy"},
		{"F bre S A par", false, "F bre cannot support into par: it cannot move there"},
		{"F bre S A par - mun", false, "the supported unit cannot reach mun"},
		{"F bre C A par - lon", false, "only a fleet at sea can convoy"},
		{"A ber - kie", false, `order "A ber - kie": the unit at ber is not yours`},                                              // refused at submission
		{"A par - xyz", false, `order "A par - xyz": unknown province: "xyz"`},                                                   // does not parse: refused
		{"Build A par", false, `order "Build A par": a build order has no place in a movement phase (now spring 1901 movement)`}, // refused (Vet)
		{"A par S A par", false, `order "A par S A par": a unit cannot support itself`},
	}
	for _, c := range cases {
		got := checkOf(t, s, "france", c.order)
		if len(got) != 1 || got[0].Item != c.order || got[0].Valid != c.valid || got[0].Reason != c.reason {
			t.Errorf("%q: %+v, want %v %q", c.order, got, c.valid, c.reason)
		}
	}
	// One verdict per order, in the order written: a second order for a unit
	// is invalid, the first stands.
	got := checkOf(t, s, "france", "A par - bur", "A mar - spa", "A par - pic", "F bre - mao")
	if len(got) != 4 || !got[0].Valid || !got[1].Valid || got[2].Valid || got[2].Reason != "the unit at par already has an order" || !got[3].Valid {
		t.Errorf("a list: %+v", got)
	}
	// Check changes nothing.
	if len(state(s).Orders) != 0 {
		t.Error("Check stored orders")
	}
	// Not an order list, or not a seat: no verdicts.
	if c := r.Check(s, "france", game.NewAction("ready", map[string]bool{"ready": true})); c != nil {
		t.Errorf("ready: %+v", c)
	}
	if c := checkOf(t, s, "narnia", "A par H"); c != nil {
		t.Errorf("unknown seat: %+v", c)
	}
}

func TestCheckRefusedListsAndRetreats(t *testing.T) {
	var r Rules
	// A retreat phase: Germany owes nothing, so its whole list is refused.
	m := Standard()
	s, _ := r.Setup(game.Config{}, 1)
	gs := state(s)
	gs.Pos = mustPosition(t, m, `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
		"units": [{"power": "germany", "type": "army", "at": "bur"}, {"power": "italy", "type": "army", "at": "pie"}],
		"dislodged": [{"power": "france", "type": "army", "at": "mar", "attacker_from": "bur", "retreats": ["gas", "spa"]}]}`)
	got := checkOf(t, s, "germany", "A bur H")
	if len(got) != 1 || got[0].Valid || !strings.Contains(got[0].Reason, "has nothing to order") {
		t.Errorf("germany in a retreat phase: %+v", got)
	}
	got = checkOf(t, s, "france", "A mar - pie")
	if got[0].Valid || got[0].Reason != "A mar may not retreat to pie" {
		t.Errorf("france's retreat: %+v", got)
	}
	got = checkOf(t, s, "france", "A mar - spa", "A mar - gas")
	if !got[0].Valid || got[1].Valid || got[1].Reason != "the unit at mar already has an order" {
		t.Errorf("france's retreats: %+v", got)
	}
}

// mustPosition reads a position in the adjudicate JSON form.
func mustPosition(t *testing.T, m *Map, js string) *Position {
	t.Helper()
	var n NextJSON
	if err := json.Unmarshal([]byte(js), &n); err != nil {
		t.Fatal(err)
	}
	pos, err := ParsePosition(m, n)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// wildOrders are an order list for power pw as a careless player writes
// it: random legal orders mixed with well-formed orders that will not apply
// (moves and supports to random places, convoys by random fleets, builds
// anywhere, second orders for a unit), and, under Catspaw, extra orders for
// unplayed units.
func wildOrders(gs *GameState, pw Power, rng *game.RNG) []string {
	pos := gs.Pos
	m := pos.Map
	randLoc := func() string { return m.LocName(Loc(rng.Intn(len(m.Locs)))) }
	var occupied []Unit
	for _, u := range pos.Units {
		if u.Type != NoUnit {
			occupied = append(occupied, u)
		}
	}
	randUnit := func() string {
		if len(occupied) == 0 {
			return "A " + randLoc()
		}
		return m.unitString(occupied[rng.Intn(len(occupied))])
	}
	var texts []string
	extra := gs.extraQuota(pw) + 1 // one more than allowed: refused at submission
	for _, uo := range NewGenerator(m).Orders(pos, NoPower) {
		mine := uo.Power == pw || gs.controls(pw, uo.Power)
		if !mine && !(gs.Settings.Catspaw && !gs.Settings.Played(uo.Power) && extra > 0 && rng.Intn(2) == 0) {
			continue
		}
		if !mine {
			extra--
		}
		n := 1 + rng.Intn(2) // sometimes a second order for the same unit
		for k := 0; k < n; k++ {
			if rng.Intn(2) == 0 && len(uo.Orders) > 0 {
				texts = append(texts, uo.Orders[rng.Intn(len(uo.Orders))].String(m))
				continue
			}
			unit := m.unitString(uo.Unit)
			switch pos.Phase.Type {
			case Movement:
				switch rng.Intn(5) {
				case 0:
					texts = append(texts, unit+" - "+randLoc())
				case 1:
					texts = append(texts, unit+" S "+randUnit())
				case 2:
					texts = append(texts, unit+" S "+randUnit()+" - "+randLoc())
				case 3:
					texts = append(texts, unit+" C "+randUnit()+" - "+randLoc())
				default:
					texts = append(texts, unit+" - "+randLoc()+" via Convoy")
				}
			case Retreat:
				texts = append(texts, unit+" R "+randLoc())
			case Adjustment:
				switch rng.Intn(3) {
				case 0:
					texts = append(texts, "Build A "+randLoc())
				case 1:
					texts = append(texts, "Build F "+randLoc())
				default:
					texts = append(texts, "Disband "+randUnit())
				}
			}
		}
	}
	return texts
}

// TestCheckAgreesWithTheResolution plays seeded random games on every map
// (and with Catspaw and Intimate) in which every power writes wild order
// lists; before each phase resolves, Check's verdict on every accepted
// order must be exactly what the resolution then reports: invalid with the
// same reason, or not invalid.
func TestCheckAgreesWithTheResolution(t *testing.T) {
	type game1 struct {
		cfg    game.Config
		phases int
	}
	var games []game1
	for _, id := range MapIDs() {
		games = append(games, game1{game.Config{Variant: id}, 8})
	}
	games = append(games,
		game1{game.Config{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}, 30},
		game1{game.Config{Options: map[string]string{"intimate": "true", "players": "england,france"}}, 20},
		game1{game.Config{Options: map[string]string{"rules": "1971"}}, 20},
		game1{game.Config{Variant: "variant_1900", Options: map[string]string{"black_hole": "true"}}, 12})
	if testing.Short() {
		games = games[len(games)-4:]
	}
	var r Rules
	checked, invalid := 0, 0
	for gi, g := range games {
		s, err := r.Setup(g.cfg, uint64(gi)+1)
		if err != nil {
			t.Fatalf("%v: %v", g.cfg, err)
		}
		gs := state(s)
		rng := game.NewRNG(uint64(gi) * 977)
		for phase := 0; phase < g.phases; phase++ {
			if over, _ := r.Over(s); over {
				break
			}
			if steps := gs.RandomActions(&rng); gs.Intimate.bidding() {
				for _, st := range steps {
					if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
						t.Fatalf("%v: %v", g.cfg, err)
					}
				}
				r.Apply(s, game.System, game.Action{Type: game.Advance})
				continue
			}
			m := gs.Pos.Map
			type sent struct {
				texts   []string
				verdict []game.Check
			}
			var all []sent
			for i := range m.Powers {
				pw := Power(i)
				if !gs.Settings.Played(pw) || !gs.owing()[pw] {
					continue
				}
				seat := game.Seat(m.Powers[i].ID)
				texts := wildOrders(gs, pw, &rng)
				each, whole := gs.vetOrders(pw, texts)
				if whole != nil {
					t.Fatalf("%v %s %s: %v", g.cfg, gs.Pos.Phase, seat, whole)
				}
				var accepted []string
				for k, text := range texts {
					if each[k] == nil && gs.formError("orders", text) == nil { // as the server submits: Vet, then Apply
						accepted = append(accepted, text)
					}
				}
				verdict := r.Check(s, seat, orders(accepted...))
				if _, _, err := r.Apply(s, seat, orders(accepted...)); err != nil {
					t.Fatalf("%v %s %s: %v", g.cfg, gs.Pos.Phase, seat, err)
				}
				all = append(all, sent{accepted, verdict})
			}
			before, n := gs.Pos.Phase, len(gs.History)
			r.Apply(s, game.System, game.Action{Type: game.Advance})
			rec := gs.History[n] // the phase's record (a phase nobody owes anything in may follow it)
			k := 0
			for _, sn := range all {
				for j, text := range sn.texts {
					if k >= len(rec.Orders) || rec.Orders[k].Order != text {
						t.Fatalf("%v %s: record order %d is not %q: %+v", g.cfg, before, k, text, rec.Orders)
					}
					res, v := rec.Orders[k], sn.verdict[j]
					k++
					checked++
					if (res.Result == "invalid") != !v.Valid || (!v.Valid && res.Reason != v.Reason) {
						t.Errorf("%s %v %s: %q: Check said valid=%v %q, the resolution %s %q",
							m.ID, g.cfg.Options, before, text, v.Valid, v.Reason, res.Result, res.Reason)
					}
					if !v.Valid {
						invalid++
					}
				}
			}
		}
	}
	if checked < 1000 || invalid < checked/10 {
		t.Errorf("only %d orders checked, %d of them invalid: the test exercises too little", checked, invalid)
	}
	t.Logf("%d orders checked, %d invalid", checked, invalid)
}

func TestCheckUnderFogDoesNotSeeThroughIt(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"fog": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Spring 1901: England cannot see Moscow; a support of the Russian army
	// there is judged as one for an empty province, like one for Ukraine's.
	mos := checkOf(t, s, "england", "F edi S A mos")
	ukr := checkOf(t, s, "england", "F edi S A ukr")
	if mos[0].Valid || ukr[0].Valid || strings.ReplaceAll(mos[0].Reason, "mos", "X") != strings.ReplaceAll(ukr[0].Reason, "ukr", "X") {
		t.Errorf("an unseen unit and an empty province are judged differently: %+v, %+v", mos, ukr)
	}
	// Without fog the support is invalid for another reason: edi cannot reach mos.
	clear, _ := r.Setup(game.Config{}, 1)
	if c := checkOf(t, clear, "england", "F edi S A mos"); c[0].Valid || c[0].Reason != "F edi cannot support into mos: it cannot move there" {
		t.Errorf("no fog: %+v", c)
	}
}

func TestCheckSeatedVariants(t *testing.T) {
	var r Rules
	// Reverse Gunboat: an order for any unit is judged as its own power's,
	// whichever seat writes it, so that the verdict tells no seat its power.
	s, err := r.Setup(game.Config{Options: map[string]string{"reverse_gunboat": "true"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range r.Seats(s) {
		c := r.Check(s, seat, orders("A par - mos", "F lon - nth", "Build A ber"))
		if len(c) != 3 || c[0].Valid || c[0].Reason != "A par cannot reach mos" || !c[1].Valid || c[2].Valid {
			t.Errorf("%s: %+v", seat, c)
		}
	}
	// Double Diplomacy: each seat's orders are its power's.
	s, _ = r.Setup(game.Config{Options: map[string]string{"double": "true"}}, 3)
	c := r.Check(s, "france-b", orders("A par - mos", "A ber - kie"))
	if c[0].Valid || c[0].Reason != "A par cannot reach mos" || c[1].Valid || !strings.Contains(c[1].Reason, "not yours") {
		t.Errorf("double: %+v", c)
	}
}

func TestWindowNamesEachWindowOnce(t *testing.T) {
	var r Rules
	for _, cfg := range []game.Config{
		{},
		{Options: map[string]string{"seismic": "true"}},
		{Options: map[string]string{"anarchy": "true"}},
		{Options: map[string]string{"intimate": "true", "players": "england,france"}},
	} {
		s, err := r.Setup(cfg, 5)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		seen := map[string]bool{}
		rng := game.NewRNG(9)
		var names []string
		for step := 0; step < 400; step++ {
			w := r.Window(s)
			if over, _ := r.Over(s); over {
				if w != "" {
					t.Errorf("%v: window %q after the end", cfg.Options, w)
				}
				break
			}
			if w == "" || seen[w] {
				t.Fatalf("%v: window %q (seen before: %v) after %v", cfg.Options, w, seen[w], names)
			}
			seen[w] = true
			names = append(names, w)
			if want := gs.Pos.Phase.Code(); !gs.Seismic && !gs.Anarchy.drafting() && !gs.Intimate.bidding() && w != want {
				t.Errorf("%v: window %q in %s, want %q", cfg.Options, w, gs.Pos.Phase, want)
			}
			steps := gs.RandomActions(&rng)
			if steps == nil {
				for _, o := range RandomOrders(NewGenerator(gs.Pos.Map).Orders(gs.Pos, NoPower), &rng, nil) {
					seat := game.Seat(gs.Pos.Map.Powers[o.Power].ID)
					steps = append(steps, game.Step{Seat: seat, Action: orders(append(gs.Orders[o.Power], o.Order.String(gs.Pos.Map))...)})
					gs.Orders[o.Power] = append(gs.Orders[o.Power], o.Order.String(gs.Pos.Map))
				}
			}
			for _, st := range steps {
				if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
					t.Fatalf("%v: %v", cfg.Options, err)
				}
			}
			r.Apply(s, game.System, game.Action{Type: game.Advance})
		}
		want := map[string]string{"seismic": "S1902E", "anarchy": "W1900D", "intimate": "S1901B"}
		for k, w := range want {
			if cfg.Options[k] != "" && !seen[w] {
				t.Errorf("%v: no window %s in %v", cfg.Options, w, names)
			}
		}
		if len(names) < 10 {
			t.Errorf("%v: only %v", cfg.Options, names)
		}
		if names[0] != map[bool]string{true: names[0], false: "S1901M"}[len(cfg.Options) > 0] {
			t.Errorf("first window %q", names[0])
		}
	}
}
