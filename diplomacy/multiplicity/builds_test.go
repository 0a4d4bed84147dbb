package multiplicity

import (
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

func loadMap(t *testing.T, id string) *diplomacy.Map {
	t.Helper()
	m, err := diplomacy.LoadMap(id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// homeOnly is m without its special rules: builds on home centres only.
func homeOnly(m *diplomacy.Map) *diplomacy.Map {
	c := *m
	c.Rules = nil
	return &c
}

// wantReasons checks that outcome i's reason contains reasons[i] (when not
// empty).
func wantReasons(t *testing.T, out []Outcome, reasons ...string) {
	t.Helper()
	for i, r := range reasons {
		if r != "" && !strings.Contains(out[i].Reason, r) {
			t.Errorf("order %d: reason %q, want %q", i, out[i].Reason, r)
		}
	}
}

// The maps' build rules decide where a power builds (docs/multiplicity.md,
// Adjustments): a build the home-only rule refuses succeeds on the map
// with the rule, a build onto the power's own unit on such a site forms a
// multiple unit, and builds the rule does not allow are still refused.
func TestMapBuildRules(t *testing.T) {
	winter := func(m *diplomacy.Map) diplomacy.Phase {
		return diplomacy.Phase{Season: diplomacy.Winter, Year: m.Start.Year + 1, Type: diplomacy.Adjustment}
	}
	t.Run("build_any", func(t *testing.T) {
		m := loadMap(t, "chaos")
		sc := scenario{
			board:  m,
			phase:  winter(m),
			units:  []string{"paris A par", "paris A mar", "belgium A bel"},
			owners: map[string]string{"bre": "paris", "mar": "paris", "bel": "paris", "spa": "spain", "hol": "belgium"},
			orders: []string{
				"paris: Build A bur => invalid", // not a centre
				"paris: Build A spa => invalid", // not owned
				"paris: Build A bel => invalid", // another power's unit
				"paris: Build F bre => succeeds",
				"paris: Build A mar => succeeds", // joins the army there
				"paris: Build A par => fails",    // no builds left
			},
			after: []string{"paris A par", "paris F bre", "paris 2A mar", "belgium A bel"},
		}
		_, out := sc.run(t)
		wantReasons(t, out, "bur is not a supply centre", "spa is not owned by the power", "bel is occupied by another power's unit", "", "", "no builds left")
		// The same builds under the home-only rule are refused.
		sc.board = homeOnly(m)
		sc.orders = []string{"paris: Build F bre => invalid", "paris: Build A mar => invalid", "paris: Build A par => succeeds"}
		sc.after = []string{"paris 2A par", "paris A mar", "belgium A bel"}
		_, out = sc.run(t)
		wantReasons(t, out, "bre is not a home centre of the power", "mar is not a home centre of the power")
	})
	t.Run("remote_builds", func(t *testing.T) {
		m := loadMap(t, "classical")
		sc := scenario{
			board:  m,
			phase:  winter(m),
			units:  []string{"rome A rom"},
			owners: map[string]string{"syr": "rome", "cyr": "rome"},
			orders: []string{"rome: Build F syr => succeeds", "rome: Build A syr => succeeds"},
			after:  []string{"rome A rom", "rome A/F syr"},
		}
		sc.run(t)
		sc.board = homeOnly(m)
		sc.orders = []string{"rome: Build F syr => invalid", "rome: Build A cap => succeeds"}
		sc.after = []string{"rome A rom", "rome A cap"}
		sc.run(t)
		// Rome owns none of its home centres: no remote builds.
		sc = scenario{
			board:  m,
			phase:  winter(m),
			units:  []string{"rome A syr", "carthage A rom"},
			owners: map[string]string{"syr": "rome", "cyr": "rome", "ath": "rome", "bru": "carthage", "cap": "carthage", "rom": "carthage"},
			orders: []string{"rome: Build F cyr => invalid", "rome: Build A syr => invalid"},
			after:  []string{"rome A syr", "carthage A rom"},
		}
		_, out := sc.run(t)
		wantReasons(t, out, "owns none of its home centres", "owns none of its home centres")
	})
	t.Run("home_builds", func(t *testing.T) {
		m := loadMap(t, "imperial")
		sc := scenario{
			board:  m,
			phase:  winter(m),
			units:  []string{"austria A vie", "austria A mar"},
			owners: map[string]string{"mar": "austria", "bav": "austria", "alb": "austria"},
			orders: []string{"austria: Build A bav => invalid", "austria: Build A mar => succeeds"},
			after:  []string{"austria A vie", "austria 2A mar"},
		}
		_, out := sc.run(t)
		wantReasons(t, out, "bav is not a home centre of any power")
		sc.board = homeOnly(m)
		sc.orders = []string{"austria: Build A mar => invalid", "austria: Build A vie => succeeds"}
		sc.after = []string{"austria 2A vie", "austria A mar"}
		_, out = sc.run(t)
		wantReasons(t, out, "mar is not a home centre of the power")
	})
	t.Run("mobilize", func(t *testing.T) {
		m := loadMap(t, "variant_1898")
		sc := scenario{
			board:  m,
			phase:  m.Start,
			orders: []string{"france: Build 2A par => fails", "france: Build F bre => succeeds", "france: Build A par => fails", "russia: Build F stp/nc => succeeds"},
			after:  []string{"france F bre", "russia F stp/nc"},
		}
		_, out := sc.run(t)
		wantReasons(t, out, "2 wanted, 1 left", "", "no builds left")
		// After the first winter the surplus counts again.
		sc.phase = winter(m)
		sc.orders = []string{"france: Build 2A par => succeeds", "france: Build F bre => succeeds"}
		sc.after = []string{"france 2A par", "france F bre"}
		sc.run(t)
	})
}

// The legal tree offers the builds the map's rules allow, and only those.
func TestLegalBuildsFollowMapRules(t *testing.T) {
	cases := []struct {
		variant  string
		power    string
		owners   map[string]string
		units    []string
		want     []string
		wantNot  []string
		wantOnly int // number of Build leaves, when not 0
	}{
		{"chaos", "paris", map[string]string{"par": "paris", "bre": "paris", "mar": "paris"}, []string{"paris A mar"},
			[]string{"Build A par", "Build A bre", "Build F bre", "Build A mar", "Build F mar"}, []string{"Build A bur", "Build A spa"}, 5},
		{"classical", "rome", map[string]string{"rom": "rome", "syr": "rome", "cyr": "rome"}, []string{"rome A rom"},
			[]string{"Build A syr", "Build F syr", "Build A cyr", "Build F cyr", "Build A rom"}, []string{"Build A cap", "Build A bru"}, 0},
		{"imperial", "austria", map[string]string{"vie": "austria", "mar": "austria", "bav": "austria"}, nil,
			[]string{"Build A vie", "Build A mar", "Build F mar"}, []string{"Build A bav", "Build A bud"}, 0},
	}
	for _, tc := range cases {
		var r Rules
		s, err := r.Setup(game.Config{Variant: tc.variant, Options: map[string]string{"multiplicity": "true"}}, 1)
		if err != nil {
			t.Fatal(err)
		}
		gs := s.(*GameState)
		gs.Choosing = false
		m := gs.Pos.Map
		place(t, s, tc.units...)
		gs.Pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: m.Start.Year, Type: diplomacy.Adjustment}
		for i := range gs.Pos.Owners {
			gs.Pos.Owners[i] = diplomacy.NoPower
		}
		for c, p := range tc.owners {
			l, _ := m.LookupLoc(c)
			gs.Pos.Owners[m.Prov(l)], _ = m.LookupPower(p)
		}
		var all []string
		for _, c := range r.Legal(s, game.Seat(tc.power)).Choices {
			leaves("", c, &all)
		}
		joined := "|" + strings.Join(all, "|") + "|"
		for _, w := range tc.want {
			if !strings.Contains(joined, "|"+w+"|") {
				t.Errorf("%s: %s's builds lack %q: %s", tc.variant, tc.power, w, joined)
			}
		}
		for _, w := range tc.wantNot {
			if strings.Contains(joined, "|"+w+"|") {
				t.Errorf("%s: %s is offered %q: %s", tc.variant, tc.power, w, joined)
			}
		}
		if n := strings.Count(joined, "|Build "); tc.wantOnly != 0 && n != tc.wantOnly {
			t.Errorf("%s: %d builds offered, want %d: %s", tc.variant, n, tc.wantOnly, joined)
		}
		// Every offered build succeeds.
		var builds []string
		for _, o := range all {
			if strings.HasPrefix(o, "Build ") {
				builds = append(builds, o)
			}
		}
		for _, b := range builds {
			c := r.Clone(s)
			apply(t, r, c, game.Seat(tc.power), ordersAction(b))
			apply(t, r, c, game.System, advance)
			h := c.(*GameState).History
			for _, o := range h[len(h)-1].Orders {
				if o.Result != "succeeds" {
					t.Errorf("%s: offered %q %s: %s", tc.variant, o.Order, o.Result, o.Reason)
				}
			}
		}
	}
}

// Through the contract on 1898 (mobilize): the game opens in Winter 1898
// with no units; each power builds one unit, its other builds fail, and the
// next winter's builds count the surplus again.
func TestMobilizeThroughContract(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Variant: "variant_1898", Options: map[string]string{"multiplicity": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	if gs.Choosing || gs.Pos.Phase.Type != diplomacy.Adjustment {
		t.Fatalf("opens with choosing=%v in %s", gs.Choosing, gs.Pos.Phase)
	}
	apply(t, r, s, "france", ordersAction("Build A par", "Build F bre", "Build A mar"))
	apply(t, r, s, "england", ordersAction("Build 2A lon"))
	apply(t, r, s, game.System, advance)
	parts := gs.Pos.Parts()
	fr, _ := gs.Pos.Map.LookupPower("france")
	en, _ := gs.Pos.Map.LookupPower("england")
	if parts[fr] != 1 || parts[en] != 0 || unitAt(s, "par").Comp.String() != "A" {
		t.Fatalf("after mobilizing: France %d parts, England %d, Paris %s", parts[fr], parts[en], unitAt(s, "par").Comp)
	}
	var results []string
	for _, o := range gs.History[len(gs.History)-1].Orders {
		results = append(results, o.Order+" "+o.Result)
	}
	if got := strings.Join(results, "; "); got != "Build 2A lon fails; Build A par succeeds; Build F bre fails; Build A mar fails" {
		t.Errorf("results: %s", got)
	}
}

// concordat adjudicate (options.multiplicity) applies the map's build rules:
// on chaos a power builds on a centre it owns that is not its home, and
// onto its own unit there.
func TestJSONBuildAnywhere(t *testing.T) {
	in := `{"variant": "chaos", "options": {"multiplicity": "true"},
  "phase": {"season": "winter", "year": 1901, "type": "adjustment"},
  "units": [{"power": "paris", "type": "army", "at": "mar"}],
  "centers": {"par": "paris", "mar": "paris", "bre": "paris"},
  "orders": {"paris": ["Build F bre", "Build A mar", "Build A bur"]}}`
	out, err := Adjudicate([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"order":"Build F bre","result":"succeeds"`,
		`"order":"Build A mar","result":"succeeds"`,
		`"order":"Build A bur","result":"invalid","reason":"bur is not a supply centre"`,
		`{"power":"paris","type":"army","at":"mar","count":2`,
		`{"power":"paris","type":"fleet","at":"bre"}`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

// Dummy powers (Sengoku's neutral garrisons, immobile_dummies) are played
// by nobody, as in the standard engine: no seat, their units hold, and
// their builds are waived even under build_any.
func TestDummyPowerOnBuildAnyMap(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Variant: "sengoku", Options: map[string]string{"multiplicity": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	gs.Choosing = false
	m := gs.Pos.Map
	neutral, _ := m.LookupPower("neutral")
	for _, p := range r.Pending(s) {
		if p.Seat == "neutral" {
			t.Fatal("the dummy power has a seat")
		}
	}
	before := boardLines(gs.Pos)
	apply(t, r, s, game.System, advance)
	var kept []string
	for _, l := range boardLines(gs.Pos) {
		if strings.HasPrefix(l, "neutral ") {
			kept = append(kept, l)
		}
	}
	var had []string
	for _, l := range before {
		if strings.HasPrefix(l, "neutral ") {
			had = append(had, l)
		}
	}
	if strings.Join(kept, ";") != strings.Join(had, ";") || len(had) != 6 {
		t.Fatalf("neutral units moved: %v, had %v", kept, had)
	}
	// A winter with a surplus: the neutral power builds nothing, though
	// build_any would let it build on the centre it gained.
	gs.Pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: 1570, Type: diplomacy.Adjustment}
	l, _ := m.LookupLoc("kai")
	gs.Pos.Owners[m.Prov(l)] = neutral
	gs.Pos.Units[m.Prov(l)] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	if len(buildSites(gs.Pos, neutral)) == 0 {
		t.Fatal("no build site for the neutral power under build_any")
	}
	apply(t, r, s, game.System, advance)
	if got := gs.Pos.Parts()[neutral]; got != 6 {
		t.Fatalf("the neutral power has %d parts after the winter", got)
	}
}

// On every map with build rules (and the standard map), a single build on
// random boards succeeds in Multiplicity exactly when it does in the
// standard engine — except onto the power's own unit, which the standard
// engine refuses as occupied and Multiplicity joins (when the map's rules
// let the power build there at all).
func TestBuildSitesAsStandard(t *testing.T) {
	rng := game.NewRNG(7)
	for _, id := range []string{"standard", "chaos", "hundred", "classical", "aberration", "imperial", "variant_1898", "sengoku"} {
		m := loadMap(t, id)
		adj := diplomacy.NewAdjudicator(m, diplomacy.Edition1971)
		var land, centres []diplomacy.Province
		for i, p := range m.Provinces {
			if p.Kind != diplomacy.Sea {
				land = append(land, diplomacy.Province(i))
			}
			if p.Center {
				centres = append(centres, diplomacy.Province(i))
			}
		}
		joined, compared := 0, 0
		for board := 0; board < 24; board++ {
			std, mul := diplomacy.NewPosition(m), NewPosition(m)
			ph := diplomacy.Phase{Season: diplomacy.Winter, Year: m.Start.Year + 1, Type: diplomacy.Adjustment}
			if board%4 == 0 {
				ph = m.Start
			}
			std.Phase, mul.Phase = ph, ph
			np := len(m.Powers)
			for _, c := range centres {
				if rng.Intn(4) > 0 {
					pw := diplomacy.Power(rng.Intn(np))
					std.Owners[c], mul.Owners[c] = pw, pw
				}
			}
			for k := rng.Intn(len(centres)/3 + 1); k > 0; k-- {
				p := land[rng.Intn(len(land))]
				pw := diplomacy.Power(rng.Intn(np))
				if c := centres[rng.Intn(len(centres))]; rng.Intn(2) == 0 && m.Provinces[c].Kind != diplomacy.Sea {
					p = c // a unit on a centre, which its power owns after the fall
					std.Owners[c], mul.Owners[c] = pw, pw
				}
				std.Units[p] = diplomacy.Unit{Type: diplomacy.Army, Power: pw, Loc: diplomacy.Loc(p)}
				mul.Units[p] = Unit{Power: pw, Loc: diplomacy.Loc(p), Comp: Comp{Armies: 1}}
			}
			parts, owned := mul.Parts(), mul.Centers()
			for pwi := range m.Powers {
				pw := diplomacy.Power(pwi)
				if owned[pw] <= parts[pw] {
					continue
				}
				for _, c := range centres {
					if m.Provinces[c].Kind == diplomacy.Sea {
						continue
					}
					text := "Build A " + m.ProvName(c)
					so, err := m.ParseOrder(text)
					if err != nil {
						t.Fatal(err)
					}
					mo, err := ParseOrder(m, text)
					if err != nil {
						t.Fatal(err)
					}
					s, u := std.Clone(), mul.Clone()
					sout, mout := make([]diplomacy.Outcome, 1), make([]Outcome, 1)
					adj.Adjustments(s, []diplomacy.OrderIn{{Power: pw, Order: so}}, sout)
					Adjustments(u, []OrderIn{{Power: pw, Order: mo}}, mout)
					want := sout[0].Result
					if sout[0].Reason == diplomacy.ReasonOccupied && std.Units[c].Power == pw {
						want = diplomacy.Succeeds // joins the power's own army
						joined++
					}
					if mout[0].Result != want {
						t.Fatalf("%s %s, %s: %s: standard %s (%s), multiplicity %s (%s)", id, ph, m.PowerName(pw), text,
							sout[0].Result, sout[0].Text(m), mout[0].Result, mout[0].Reason)
					}
					compared++
				}
			}
		}
		if compared == 0 || joined == 0 {
			t.Errorf("%s: %d builds compared, %d onto own units", id, compared, joined)
		}
	}
}
