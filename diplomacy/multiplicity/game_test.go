package multiplicity

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

func ordersAction(texts ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": texts})
}

var advance = game.Action{Type: game.Advance}

// walk follows a random path of the options tree from c to a leaf and
// returns the order it spells.
func walk(rng *game.RNG, c game.Choice) string {
	words := []string{c.Value}
	for len(c.Next) > 0 {
		c = c.Next[rng.Intn(len(c.Next))]
		words = append(words, c.Value)
	}
	return strings.Join(words, " ")
}

// leaves lists every order the tree under c spells.
func leaves(prefix string, c game.Choice, out *[]string) {
	text := c.Value
	if prefix != "" {
		text = prefix + " " + c.Value
	}
	if len(c.Next) == 0 {
		*out = append(*out, text)
		return
	}
	for _, n := range c.Next {
		leaves(text, n, out)
	}
}

// randomTurn has every pending seat walk its legal tree (a random path from
// each root; now and then a seat sends nothing), applies the orders through
// the contract, and returns the steps it applied.
func randomTurn(t *testing.T, r Rules, s game.State, rng *game.RNG) []game.Step {
	t.Helper()
	var steps []game.Step
	for _, p := range r.Pending(s) {
		if rng.Intn(10) == 0 {
			continue // Advance defaults
		}
		var texts []string
		for _, c := range r.Legal(s, p.Seat).Choices {
			texts = append(texts, walk(rng, c))
		}
		st := game.Step{Seat: p.Seat, Action: ordersAction(texts...)}
		if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
			t.Fatalf("%s: legal orders %q refused: %v", p.Seat, texts, err)
		}
		steps = append(steps, st)
	}
	st := game.Step{Seat: game.System, Action: advance}
	if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
		t.Fatal(err)
	}
	return append(steps, st)
}

// Seeded random players walking Legal play whole games through the
// contract on several maps: every legal order is accepted, orders from the
// tree are never reported invalid except when two orders claim the same
// parts (a merge with a unit that has its own order), parts never outnumber
// centres after a winter, every unit stands where it may, snapshots restore
// exactly, and replaying the record gives byte-identical states.
func TestRandomGamesThroughContract(t *testing.T) {
	cases := []struct {
		variant string
		opts    map[string]string
		seeds   int
		years   int
	}{
		{"standard", nil, 2, 30},
		{"standard", map[string]string{"preset": "5p", "fog": "true"}, 1, 25},
		{"pure", nil, 4, 40},
		{"sengoku", nil, 1, 15},
		{"fleet_rome", map[string]string{"players": "england,france,italy"}, 1, 15},
		// Maps with build rules (docs/multiplicity.md, Adjustments). The
		// games on hundred and classical run to a win; with 300 years the
		// game on each of these maps does (~4 minutes, mostly Imperial's
		// 1,200 phases, too slow to keep).
		{"chaos", nil, 1, 12},
		{"hundred", nil, 2, 40},
		{"classical", nil, 1, 100},
		{"aberration", nil, 1, 15},
		{"imperial", nil, 1, 10},
		{"variant_1898", nil, 1, 25},
	}
	won := map[string]int{}
	// remote counts the builds that succeeded outside the builder's own home
	// centres, by map: the build rules at work.
	remote := map[string]int{}
	for _, tc := range cases {
		for seed := uint64(1); seed <= uint64(tc.seeds); seed++ {
			var r Rules
			cfg := game.Config{Variant: tc.variant, Options: map[string]string{"multiplicity": "true"}}
			for k, v := range tc.opts {
				cfg.Options[k] = v
			}
			s, err := r.Setup(cfg, seed)
			if err != nil {
				t.Fatalf("%s: %v", tc.variant, err)
			}
			rec := game.Record{Game: "diplomacy", Config: cfg, Seed: seed}
			rng := game.NewRNG(seed * 7919)
			var snaps [][]byte
			for {
				gs := s.(*GameState)
				if over, _ := r.Over(s); over || gs.Pos.Phase.Year > gs.Pos.Map.Start.Year+tc.years {
					break
				}
				phase := gs.Pos.Phase
				rec.Steps = append(rec.Steps, randomTurn(t, r, s, &rng)...)
				gs = s.(*GameState)
				checkBoard(t, gs.Pos)
				if phase.Type == diplomacy.Adjustment {
					parts, centres := gs.Pos.Parts(), gs.Pos.Centers()
					for pw := range parts {
						if parts[pw] > centres[pw] {
							t.Fatalf("%s seed %d %s: %d parts for %d centres", tc.variant, seed, phase, parts[pw], centres[pw])
						}
						if m := gs.Pos.Map; m.HasRule("mobilize") && phase == m.Start && parts[pw] > 1 {
							t.Fatalf("%s seed %d %s: %d parts after mobilizing", tc.variant, seed, phase, parts[pw])
						}
					}
				}
				if n := len(gs.History); n > 0 {
					if phase.Type == diplomacy.Adjustment {
						remote[tc.variant] += remoteBuilds(gs.Pos.Map, gs.History[n-1].Orders)
					}
					for _, o := range gs.History[n-1].Orders {
						if o.Result == "invalid" && !strings.Contains(o.Order, "&") && !strings.Contains(o.Reason, "left to order") && !strings.Contains(o.Reason, "already has an order") {
							t.Errorf("%s %v seed %d %s: legal order %s %q invalid: %s", tc.variant, tc.opts, seed, phase, o.Power, o.Order, o.Reason)
						}
					}
				}
				b, err := r.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				snaps = append(snaps, b)
				if len(snaps)%8 != 1 {
					continue // the roundtrip below is slow with a long history
				}
				back, err := r.Unmarshal(b)
				if err != nil {
					t.Fatalf("unmarshal: %v", err)
				}
				if b2, _ := r.Marshal(back); !bytes.Equal(b, b2) {
					t.Fatalf("%s seed %d: Unmarshal(Marshal(s)) differs", tc.variant, seed)
				}
			}
			if over, _ := r.Over(s); over {
				won[tc.variant]++
			}
			t.Logf("%s %v seed %d: %d phases, ends %s", tc.variant, tc.opts, seed, len(snaps), s.(*GameState).Pos.Phase)
			i := 0
			final, err := game.Replay(r, rec, func(step int, st game.State) {
				if step >= 0 && rec.Steps[step].Seat == game.System {
					if b, _ := r.Marshal(st); !bytes.Equal(b, snaps[i]) {
						t.Fatalf("%s seed %d: replayed phase %d differs", tc.variant, seed, i)
					}
					i++
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if i != len(snaps) || r.Clone(final) == nil {
				t.Fatalf("replayed %d phases of %d", i, len(snaps))
			}
		}
	}
	for _, v := range []string{"pure", "hundred", "classical"} {
		if won[v] == 0 {
			t.Errorf("no random game on the %s map ended in a win: %v", v, won)
		}
	}
	t.Logf("builds outside the builder's home centres: %v", remote)
	for _, v := range []string{"standard", "pure", "variant_1898"} {
		if remote[v] != 0 {
			t.Errorf("%s: %d builds outside home centres", v, remote[v])
		}
	}
	for _, v := range []string{"chaos", "hundred", "classical", "aberration", "imperial"} {
		if remote[v] == 0 {
			t.Errorf("%s: no build outside home centres in the random games", v)
		}
	}
}

// setup starts a standard Multiplicity game and closes the start choice
// with the map's units.
func setup(t *testing.T, opts ...string) (Rules, game.State) {
	t.Helper()
	var r Rules
	cfg := game.Config{Options: map[string]string{"multiplicity": "true"}}
	for i := 0; i+1 < len(opts); i += 2 {
		cfg.Options[opts[i]] = opts[i+1]
	}
	s, err := r.Setup(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	return r, s
}

func apply(t *testing.T, r Rules, s game.State, seat game.Seat, a game.Action) {
	t.Helper()
	if _, _, err := r.Apply(s, seat, a); err != nil {
		t.Fatalf("%s %s: %v", seat, a.Args, err)
	}
}

func unitAt(s game.State, prov string) Unit {
	gs := s.(*GameState)
	l, _ := gs.Pos.Map.LookupLoc(prov)
	return gs.Pos.Units[gs.Pos.Map.Prov(l)]
}

// The start choice: choices replace the map's units, a seat that sends
// nothing keeps them, bad choices are refused naming the problem, and the
// choice is in the history.
func TestStartChoiceThroughContract(t *testing.T) {
	r, s := setup(t)
	if !s.(*GameState).Choosing {
		t.Fatal("no start choice")
	}
	if len(r.Pending(s)) != 7 {
		t.Fatalf("pending: %+v", r.Pending(s))
	}
	var roots []string
	for _, c := range r.Legal(s, "russia").Choices {
		var all []string
		leaves("", c, &all)
		roots = append(roots, strings.Join(all, ","))
	}
	if got := strings.Join(roots, ";"); !strings.Contains(got, "stp A,stp F/nc,stp F/sc") || strings.Contains(got, "mos") {
		t.Fatalf("Russia's choices: %s", got)
	}
	for _, bad := range []struct{ seat, order, want string }{
		{"england", "F par", "not yours"},
		{"england", "lon X", "no unit type"},
		{"russia", "F stp", "names its coast"},
		{"russia", "A mos", "only one type"},
		{"england", "F lon/zz", "unknown province"},
		{"england", "lon", "want a province"},
	} {
		_, _, err := r.Apply(s, game.Seat(bad.seat), ordersAction(bad.order))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s %q: %v, want an error with %q", bad.seat, bad.order, err, bad.want)
		}
	}
	if _, _, err := r.Apply(s, "england", ordersAction("A lon", "lon F")); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a unit chosen twice: %v", err)
	}
	apply(t, r, s, "england", ordersAction("A lon", "edi F"))
	apply(t, r, s, "russia", ordersAction("F stp/sc", "A sev"))
	apply(t, r, s, "france", ordersAction("A bre"))
	if v, _ := json.Marshal(r.View(s, "germany")); strings.Contains(string(v), "A lon") {
		t.Fatalf("Germany sees England's choice: %s", v)
	}
	apply(t, r, s, game.System, advance)
	for prov, want := range map[string]string{"lon": "A", "edi": "F", "stp": "F", "sev": "A", "bre": "A", "mar": "A", "kie": "F", "lvp": "A"} {
		if got := unitAt(s, prov).Comp.String(); got != want {
			t.Errorf("%s: %s, want %s", prov, got, want)
		}
	}
	if l := unitAt(s, "stp").Loc; s.(*GameState).Pos.Map.LocName(l) != "stp/sc" {
		t.Errorf("St Petersburg's fleet on %s", s.(*GameState).Pos.Map.LocName(l))
	}
	gs := s.(*GameState)
	if gs.Choosing || len(gs.History) != 1 || !gs.History[0].Choice || len(gs.History[0].Orders) != 5 {
		t.Fatalf("after the choice: choosing %v, history %+v", gs.Choosing, gs.History)
	}
	if _, _, err := r.Apply(s, "england", ordersAction("lon F")); err == nil {
		t.Fatal("a start choice accepted in spring 1901")
	}
}

// skipChoice closes the start choice with the map's units.
func skipChoice(t *testing.T, r Rules, s game.State) {
	t.Helper()
	apply(t, r, s, game.System, advance)
}

// place puts units on the board of a game for a test position.
func place(t *testing.T, s game.State, units ...string) {
	t.Helper()
	gs := s.(*GameState)
	m := gs.Pos.Map
	for i := range gs.Pos.Units {
		gs.Pos.Units[i] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	}
	for _, u := range units {
		f := strings.Fields(u)
		pw, _ := m.LookupPower(f[0])
		c, _, _ := parseSpec(f[1])
		l, _ := m.LookupLoc(f[2])
		if err := gs.Pos.Place(Unit{Power: pw, Loc: l, Comp: c}); err != nil {
			t.Fatal(err)
		}
	}
}

// A merge and a split resolve through Apply; each seat orders only its
// own units; Advance makes unordered parts hold; View hides others'
// unsubmitted orders.
func TestMergeAndSplitThroughContract(t *testing.T) {
	r, s := setup(t)
	skipChoice(t, r, s)
	place(t, s, "france A mar", "france A pic", "france 3A par", "germany A ruh", "germany A mun")
	// The merge and the split are in the legal tree.
	var all []string
	for _, c := range r.Legal(s, "france").Choices {
		leaves("", c, &all)
	}
	joined := "|" + strings.Join(all, "|") + "|"
	for _, want := range []string{"|A mar & A pic MERGE bur|", "|3A par SPLIT A gas|", "|A pic S 3A par - bur|", "|A mar S MERGE bur|"} {
		if !strings.Contains(joined, want) {
			t.Errorf("France's legal orders lack %q", want)
		}
	}
	if _, _, err := r.Apply(s, "germany", ordersAction("A mar - spa")); err == nil || !strings.Contains(err.Error(), "not yours") {
		t.Fatalf("Germany orders France's army: %v", err)
	}
	if _, _, err := r.Apply(s, "france", ordersAction("A mun - ruh")); err == nil || !strings.Contains(err.Error(), "not yours") {
		t.Fatalf("France orders Germany's army: %v", err)
	}
	apply(t, r, s, "france", ordersAction("A mar & A pic MERGE 2A bur", "3A par SPLIT A gas, A bre"))
	apply(t, r, s, "germany", ordersAction("A ruh - bur"))
	v, _ := json.Marshal(r.View(s, "germany"))
	if strings.Contains(string(v), "MERGE") {
		t.Fatalf("Germany sees France's orders: %s", v)
	}
	if v, _ := json.Marshal(r.View(s, "france")); !strings.Contains(string(v), "MERGE") {
		t.Fatalf("France does not see its own orders: %s", v)
	}
	if v, _ := json.Marshal(r.View(s, game.System)); strings.Contains(string(v), "MERGE") {
		t.Fatalf("a spectator sees France's orders: %s", v)
	}
	apply(t, r, s, game.System, advance)
	for prov, want := range map[string]string{"bur": "2A", "gas": "A", "bre": "A", "par": "A", "ruh": "A", "mun": "A"} {
		if got := unitAt(s, prov).Comp.String(); got != want {
			t.Errorf("%s: %s, want %s", prov, got, want)
		}
	}
	gs := s.(*GameState)
	hist := gs.History[len(gs.History)-1]
	if len(hist.Orders) != 3 || hist.Orders[0].Result != "succeeds" || hist.Orders[2].Result != "fails" {
		t.Fatalf("results: %+v", hist.Orders)
	}
	// Everyone sees the results once the phase resolved.
	if v, _ := json.Marshal(r.View(s, "germany")); !strings.Contains(string(v), "MERGE") {
		t.Fatal("resolved orders are not in the history")
	}
}

// Builds onto an occupied home centre form a multiple unit through Apply,
// and unordered disbands follow civil disorder.
func TestAdjustmentsThroughContract(t *testing.T) {
	r, s := setup(t)
	skipChoice(t, r, s)
	gs := s.(*GameState)
	place(t, s, "france A par", "france F bre", "germany 3A mun")
	m := gs.Pos.Map
	gs.Pos.Phase = diplomacy.Phase{Season: diplomacy.Winter, Year: 1901, Type: diplomacy.Adjustment}
	for i := range gs.Pos.Owners {
		gs.Pos.Owners[i] = diplomacy.NoPower
	}
	for _, c := range []string{"par", "bre", "mar", "spa"} {
		l, _ := m.LookupLoc(c)
		gs.Pos.Owners[m.Prov(l)], _ = m.LookupPower("france")
	}
	l, _ := m.LookupLoc("mun")
	gs.Pos.Owners[m.Prov(l)], _ = m.LookupPower("germany")
	var all []string
	for _, c := range r.Legal(s, "france").Choices {
		leaves("", c, &all)
	}
	joined := "|" + strings.Join(all, "|") + "|"
	for _, want := range []string{"|Build A par|", "|Build A bre|", "|Build F bre|", "|Build F mar|", "|Waive|"} {
		if !strings.Contains(joined, want) {
			t.Errorf("France's builds lack %q: %s", want, joined)
		}
	}
	if strings.Contains(joined, "Build F par") {
		t.Errorf("a fleet build in Paris offered: %s", joined)
	}
	var de []string
	for _, c := range r.Legal(s, "germany").Choices {
		leaves("", c, &de)
	}
	if got := strings.Join(de, "|"); got != "Disband A mun" {
		t.Errorf("Germany's disbands: %s", got)
	}
	apply(t, r, s, "france", ordersAction("Build A par", "Build A bre"))
	apply(t, r, s, game.System, advance)
	if got := unitAt(s, "par").Comp.String(); got != "2A" {
		t.Errorf("Paris: %s", got)
	}
	if got := unitAt(s, "bre").Comp.String(); got != "A/F" {
		t.Errorf("Brest: %s", got)
	}
	if got := unitAt(s, "mun").Comp.String(); got != "A" {
		t.Errorf("Munich after civil disorder: %s", got)
	}
	if gs.Pos.Phase.Type != diplomacy.Movement || gs.Pos.Phase.Year != 1902 {
		t.Errorf("phase %s", gs.Pos.Phase)
	}
}

// Hostile arguments are refused with errors naming the problem, and change
// nothing.
func TestHostileActions(t *testing.T) {
	r, s := setup(t)
	skipChoice(t, r, s)
	before, _ := r.Marshal(s)
	long := make([]string, 500)
	for i := range long {
		long[i] = "A par H"
	}
	for _, c := range []struct {
		seat game.Seat
		a    game.Action
		want string
	}{
		{"france", game.Action{Type: "orders"}, "missing arguments"},
		{"france", game.Action{Type: "orders", Args: json.RawMessage(`{"orders": "A par H"}`)}, "cannot unmarshal"},
		{"france", game.Action{Type: "orders", Args: json.RawMessage(`{"orders": [], "extra": 1}`)}, "unknown field"},
		{"france", game.Action{Type: "orders", Args: json.RawMessage(`{"orders": []} {}`)}, "unexpected data"},
		{"france", ordersAction("A par - xyz"), "xyz"},
		{"france", ordersAction("A ber - kie"), "not yours"},
		{"france", ordersAction("A bur - par"), "no unit at bur"},
		{"france", ordersAction(long...), "at most"},
		{"france", game.Action{Type: "protect", Args: json.RawMessage(`{"center": "par"}`)}, "unknown action"},
		{"narnia", ordersAction("A par H"), "unknown seat"},
		{"France", ordersAction("A par H"), "unknown seat"},
		{game.System, game.Action{Type: "orders"}, "unknown system action"},
		{"france", game.Action{Type: "ready", Args: json.RawMessage(`{"ready": "yes"}`)}, "ready"},
	} {
		_, _, err := r.Apply(s, c.seat, c.a)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s %s: %v, want an error with %q", c.seat, c.a.Type, c.a.Args, err, c.want)
		}
	}
	if after, _ := r.Marshal(s); !bytes.Equal(before, after) {
		t.Fatal("a refused action changed the state")
	}
	if _, err := r.Unmarshal([]byte(`{"engine": "standard"}`)); err == nil {
		t.Fatal("a state of another engine accepted")
	}
	if _, err := r.Unmarshal([]byte(`{"engine": "multiplicity", "config": {"options": {"multiplicity": "true"}}, "board": {"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "narnia", "type": "army", "at": "par"}]}}`)); err == nil || !strings.Contains(err.Error(), "narnia") {
		t.Fatalf("a bad snapshot: %v", err)
	}
}

// Options that collide with Multiplicity are refused naming both; the
// others combine.
func TestSettings(t *testing.T) {
	var r Rules
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"catspaw": "true", "players": "england,france"}, "catspaw=true does not combine with multiplicity=true"},
		{map[string]string{"black_hole": "true"}, "black_hole=true does not combine with multiplicity=true"},
		{map[string]string{"crystal_ball": "yes"}, "crystal_ball=true does not combine with multiplicity=true"},
		{map[string]string{"seismic": "true"}, "seismic=true does not combine with multiplicity=true"},
		{map[string]string{"schizo": "true"}, "schizo=true does not combine with multiplicity=true"},
		{map[string]string{"no_such_option": "true"}, "no_such_option"},
		{map[string]string{"rules": "2023"}, "rules=2023 does not combine with multiplicity=true"},
		{map[string]string{"multiplicity": "maybe"}, "multiplicity"},
		{map[string]string{"colour": "red"}, "unknown option"},
		{map[string]string{"preset": "4p"}, "preset"},
	} {
		c.opts["multiplicity"] = c.opts["multiplicity"] + ""
		if c.opts["multiplicity"] == "" {
			c.opts["multiplicity"] = "true"
		}
		if _, err := r.Setup(game.Config{Options: c.opts}, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.opts, err, c.want)
		}
	}
	for _, id := range []string{"loeb9", "variant_1900", "imperium", "colonial"} {
		if _, err := r.Setup(game.Config{Variant: id, Options: map[string]string{"multiplicity": "true"}}, 1); err == nil || !strings.Contains(err.Error(), "special borders") {
			t.Errorf("multiplicity on %s: %v, want a refusal naming its special borders", id, err)
		}
		in := PhaseInput{Variant: id, Options: map[string]string{"multiplicity": "true"}}
		if _, err := in.Position(); err == nil || !strings.Contains(err.Error(), "special borders") {
			t.Errorf("adjudicating multiplicity on %s: %v, want a refusal naming its special borders", id, err)
		}
	}
	s, err := r.Setup(game.Config{Options: map[string]string{"multiplicity": "true", "preset": "5p", "rules": "1971", "black_hole": "false"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if seats := r.Seats(s); len(seats) != 5 {
		t.Fatalf("5P seats: %v", seats)
	}
	for _, p := range r.Pending(s) {
		if p.Seat == "germany" || p.Seat == "italy" {
			t.Fatalf("an unplayed power owes a choice: %+v", p)
		}
	}
	if _, _, err := r.Apply(s, "germany", ordersAction("kie A")); err == nil {
		t.Fatal("an unplayed power chose")
	}
	if got := len(r.Survivors(s)); got != 5 {
		t.Fatalf("%d survivors", got)
	}
	if !r.ShortWindow(s) {
		t.Fatal("the start choice is not a short window")
	}
}

// Fog of War: a power sees what its units reach, others' units far away
// are hidden, and spectators see centre counts only.
func TestFogView(t *testing.T) {
	r, s := setup(t, "fog", "true")
	skipChoice(t, r, s)
	enc := func(seat game.Seat) string {
		b, _ := json.Marshal(r.View(s, seat))
		return string(b)
	}
	en := enc("england")
	if !strings.Contains(en, `"at":"lon"`) || strings.Contains(en, `"at":"mos"`) || strings.Contains(en, `"at":"par"`) {
		t.Fatalf("England's fog view: %s", en)
	}
	if sp := enc(game.System); strings.Contains(sp, `"at":`) || !strings.Contains(sp, "centre_counts") {
		t.Fatalf("spectator's fog view: %s", sp)
	}
	// The board says what England sees (its units' provinces, what they
	// reach, its centres), so a client can draw the rest as unknown.
	var ev struct {
		Board NextJSON `json:"board"`
	}
	if err := json.Unmarshal([]byte(en), &ev); err != nil {
		t.Fatal(err)
	}
	if !ev.Board.Fog || !slices.Contains(ev.Board.Visible, "lon") || !slices.Contains(ev.Board.Visible, "nth") || slices.Contains(ev.Board.Visible, "par") {
		t.Errorf("England's fog board: fog %v, visible %v", ev.Board.Fog, ev.Board.Visible)
	}
	if sp := enc(game.System); !strings.Contains(sp, `"fog":true`) || strings.Contains(sp, `"visible"`) {
		t.Errorf("a spectator's fog board is not marked as seeing nothing: %s", sp)
	}
	// England's history shows its own start choice only, with France's
	// choice at Brest (next to the English Channel) visible too.
	r2, s2 := setup(t, "fog", "true")
	apply(t, r2, s2, "england", ordersAction("A lon"))
	apply(t, r2, s2, "russia", ordersAction("A sev"))
	apply(t, r2, s2, game.System, advance)
	b, _ := json.Marshal(r2.View(s2, "england"))
	if !strings.Contains(string(b), "A lon") || strings.Contains(string(b), "A sev") {
		t.Fatalf("England's fogged history: %s", b)
	}
}

// Under Fog of War the legal tree names only units the power sees, and a
// seat has no legal orders for another's units.
func TestLegalUnderFog(t *testing.T) {
	for _, fog := range []string{"false", "true"} {
		r, s := setup(t, "fog", fog)
		skipChoice(t, r, s)
		place(t, s, "england F nth", "england A yor", "russia A mos", "france A bel", "france A bur")
		var all []string
		for _, c := range r.Legal(s, "england").Choices {
			leaves("", c, &all)
		}
		joined := "|" + strings.Join(all, "|") + "|"
		if got := strings.Contains(joined, "|F nth S A bur - bel|"); got != (fog == "false") {
			t.Errorf("fog=%s: England may support the unseen army in Burgundy: %v", fog, got)
		}
		if got := strings.Contains(joined, "|F nth S A bel H|"); !got {
			t.Errorf("fog=%s: England may not support the army in Belgium: %s", fog, joined)
		}
		if got := strings.Contains(joined, "|F nth C A yor - bel|"); !got {
			t.Errorf("fog=%s: no convoy from Yorkshire", fog)
		}
		for _, root := range r.Legal(s, "russia").Choices {
			if root.Value != "A mos" {
				t.Errorf("fog=%s: Russia's tree has %q", fog, root.Value)
			}
		}
		if len(r.Legal(s, "germany").Choices) != 0 || len(r.Legal(s, game.System).Choices) != 0 || len(r.Legal(s, "narnia").Choices) != 0 {
			t.Errorf("fog=%s: legal orders for a power without units, the system or no seat", fog)
		}
	}
}

// A dislodged unit whose power sends nothing is disbanded by Advance; the
// retreat tree offers its retreats and the disband.
func TestRetreatDefaultsThroughContract(t *testing.T) {
	r, s := setup(t)
	skipChoice(t, r, s)
	place(t, s, "germany 2A mun", "france 2A bur", "france A ruh", "france A boh")
	apply(t, r, s, "france", ordersAction("2A bur - mun", "A ruh S 2A bur - mun", "A boh S 2A bur - mun"))
	apply(t, r, s, game.System, advance)
	gs := s.(*GameState)
	if gs.Pos.Phase.Type != diplomacy.Retreat || len(gs.Pos.Dislodged) != 1 {
		t.Fatalf("after the attack: %s, dislodged %+v", gs.Pos.Phase, gs.Pos.Dislodged)
	}
	if p := r.Pending(s); len(p) != 1 || p[0].Seat != "germany" {
		t.Fatalf("pending: %+v", p)
	}
	var all []string
	for _, c := range r.Legal(s, "germany").Choices {
		leaves("", c, &all)
	}
	joined := "|" + strings.Join(all, "|") + "|"
	if !strings.Contains(joined, "|2A mun R sil|") || !strings.Contains(joined, "|2A mun D|") || strings.Contains(joined, "R bur") {
		t.Fatalf("Germany's retreats: %s", joined)
	}
	if _, _, err := r.Apply(s, "france", ordersAction("2A mun R sil")); err == nil {
		t.Fatal("France ordered Germany's retreat")
	}
	apply(t, r, s, game.System, advance)
	de, _ := gs.Pos.Map.LookupPower("germany")
	if n := gs.Pos.Parts()[de]; n != 0 || len(gs.Pos.Dislodged) != 0 {
		t.Fatalf("the unordered retreat was not disbanded: Germany has %d parts, %d dislodged", n, len(gs.Pos.Dislodged))
	}
	if gs.Pos.Phase.Season != diplomacy.Fall || gs.Pos.Phase.Type != diplomacy.Movement {
		t.Fatalf("phase %s", gs.Pos.Phase)
	}
}

// remoteBuilds counts the builds among an adjustment phase's results that
// succeeded outside the builder's own home centres.
func remoteBuilds(m *diplomacy.Map, orders []diplomacy.OrderResultJSON) int {
	n := 0
	for _, o := range orders {
		if o.Result != "succeeds" {
			continue
		}
		ord, err := ParseOrder(m, o.Order)
		if err != nil || ord.Kind != Build {
			continue
		}
		pw, _ := m.LookupPower(o.Power)
		if m.Provinces[m.Prov(ord.Unit.At)].Home != pw {
			n++
		}
	}
	return n
}

// setBoard puts a game on the board given in the adjudicate JSON form.
func setBoard(t *testing.T, s game.State, js string) {
	t.Helper()
	var in PhaseInput
	if err := json.Unmarshal([]byte(js), &in); err != nil {
		t.Fatal(err)
	}
	pos, err := in.Position()
	if err != nil {
		t.Fatal(err)
	}
	state(s).Pos = pos
	state(s).Choosing = false
}

// A retreat phase in which no dislodged unit can retreat is skipped (the
// units are disbanded at once, the centres change after a Fall), and a
// phase in which only unplayed powers have something to do is resolved at
// once.
func TestNoRetreatPossibleSkipsTheRetreatPhase(t *testing.T) {
	var r Rules
	board := func(season string) string {
		return `{"variant": "standard", "phase": {"season": "` + season + `", "year": 1901, "type": "movement"},
		  "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "fleet", "at": "bre"},
		    {"power": "france", "type": "army", "at": "gas"}, {"power": "germany", "type": "army", "at": "bur"},
		    {"power": "germany", "type": "army", "at": "pic"}, {"power": "england", "type": "fleet", "at": "lon"}],
		  "centers": {"par": "france", "bre": "france", "mun": "germany", "lon": "england"}}`
	}
	for _, c := range []struct {
		season, players, want, pending string
	}{
		{"spring", "", "fall 1901 movement", "england,france,germany"},
		{"fall", "", "winter 1901 adjustment", "france"},
		// France unplayed: its winter disband is civil disorder's.
		{"fall", "england,germany", "spring 1902 movement", "england,germany"},
	} {
		opts := map[string]string{Option: "true"}
		if c.players != "" {
			opts["players"] = c.players
		}
		s, err := r.Setup(game.Config{Options: opts}, 1)
		if err != nil {
			t.Fatal(err)
		}
		setBoard(t, s, board(c.season))
		if _, _, err := r.Apply(s, "germany", ordersAction("A bur - par", "A pic S A bur - par")); err != nil {
			t.Fatal(err)
		}
		_, ev, err := r.Apply(s, game.System, advance)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		var seats []string
		for _, p := range r.Pending(s) {
			seats = append(seats, string(p.Seat))
		}
		if got := gs.Pos.Phase.String(); got != c.want || len(gs.Pos.Dislodged) != 0 || strings.Join(seats, ",") != c.pending {
			t.Errorf("%s %s: now %s, dislodged %v, pending %v; want %s, pending %s", c.season, c.players, got, gs.Pos.Dislodged, seats, c.want, c.pending)
		}
		told := false
		for _, e := range ev {
			told = told || e.Type == "disbanded" && strings.Contains(e.Text, "A par")
		}
		if !told {
			t.Errorf("%s: no event for the disbanded army: %+v", c.season, ev)
		}
		if c.season == "fall" && gs.Pos.Owners[gs.Pos.Map.Prov(mustLoc(t, gs.Pos.Map, "par"))] != gs.Pos.Units[gs.Pos.Map.Prov(mustLoc(t, gs.Pos.Map, "par"))].Power {
			t.Errorf("par did not change hands")
		}
	}
}

// Two powers at Heptarchy IV's 19 of 38 centres: a tie is no win, the
// larger count wins.
func TestTwoPowersAtTheVictoryCount(t *testing.T) {
	m, err := diplomacy.LoadMap("heptarchy_iv")
	if err != nil {
		t.Fatal(err)
	}
	pos := NewPosition(m)
	k := 0
	for i, pr := range m.Provinces {
		if pr.Center {
			pos.Owners[i] = diplomacy.Power(k % 2)
			k++
		}
	}
	if k != 38 || pos.Winner() != diplomacy.NoPower {
		t.Fatalf("%d centres; 19 and 19: winner %v", k, pos.Winner())
	}
	for i, pr := range m.Provinces {
		if pr.Center && pos.Owners[i] == 0 {
			pos.Owners[i] = 1
			break
		}
	}
	if pos.Winner() != 1 {
		t.Errorf("18 and 20: winner %v", pos.Winner())
	}
}

// A seat's ready ends with its window: after the start choice, after a
// movement phase whose retreat phase is skipped, and in whole seeded games,
// no seat is ready once the window closes.
func TestReadyEndsWithThePhase(t *testing.T) {
	var r Rules
	ready := game.NewAction("ready", map[string]bool{"ready": true})
	notReady := func(s game.State, when string) {
		t.Helper()
		for _, p := range r.Pending(s) {
			if p.Ready {
				t.Errorf("%s: %s still ready", when, p.Seat)
			}
		}
		for pw, ok := range state(s).Ready {
			if ok {
				t.Errorf("%s: power %d still ready", when, pw)
			}
		}
	}
	s, err := r.Setup(game.Config{Options: map[string]string{Option: "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(5)
	for turn := 0; turn < 30; turn++ {
		if over, _ := r.Over(s); over {
			break
		}
		for _, seat := range r.Seats(s) {
			if _, _, err := r.Apply(s, seat, ready); err != nil {
				t.Fatal(err)
			}
		}
		before := r.Window(s)
		randomTurn(t, r, s, &rng)
		notReady(s, before+" → "+r.Window(s))
	}
	s, _ = r.Setup(game.Config{Options: map[string]string{Option: "true"}}, 1)
	setBoard(t, s, `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"},
	  "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "fleet", "at": "bre"},
	    {"power": "france", "type": "army", "at": "gas"}, {"power": "germany", "type": "army", "at": "bur"},
	    {"power": "germany", "type": "army", "at": "pic"}]}`)
	for _, seat := range []game.Seat{"france", "germany", "england"} {
		if _, _, err := r.Apply(s, seat, ready); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := r.Apply(s, "germany", ordersAction("A bur - par", "A pic S A bur - par")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(s, game.System, advance); err != nil {
		t.Fatal(err)
	}
	if w := r.Window(s); w != "F1901M" {
		t.Fatalf("window %s", w)
	}
	notReady(s, "after a skipped retreat")
}

// Every path of the tree, on several maps and in every phase kind, is an
// order (or start choice) Apply reads and Vet does not refuse; a finished
// game owes nothing and offers no tree.
func TestLegalTreePathsAreOrders(t *testing.T) {
	var r Rules
	kinds := map[string]int{}
	for _, variant := range []string{"standard", "pure", "hundred", "fleet_rome", "chaos"} {
		s, err := r.Setup(game.Config{Variant: variant, Options: map[string]string{Option: "true"}}, 2)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		rng := game.NewRNG(3)
		for turn := 0; turn < 25; turn++ {
			if over, _ := r.Over(s); over {
				break
			}
			m := gs.Pos.Map
			for _, p := range r.Pending(s) {
				kind := gs.Pos.Phase.Type.String()
				if gs.Choosing {
					kind = "choice"
				}
				kinds[kind]++
				for _, root := range r.Legal(s, p.Seat).Choices {
					var paths []string
					leaves("", root, &paths)
					for _, path := range paths {
						var err error
						if gs.Choosing {
							_, err = ParseChoice(m, path)
						} else {
							_, err = ParseOrder(m, path)
						}
						if err == nil {
							err = r.Vet(s, p.Seat, ordersAction(path))
						}
						if err != nil {
							t.Fatalf("%s %s %s: path %q: %v", variant, r.Window(s), p.Seat, path, err)
						}
					}
				}
			}
			randomTurn(t, r, s, &rng)
		}
	}
	if kinds["choice"] == 0 || kinds["movement"] == 0 || kinds["retreat"] == 0 || kinds["adjustment"] == 0 {
		t.Errorf("windows walked: %v", kinds)
	}
	// The end.
	s, _ := r.Setup(game.Config{Variant: "pure", Options: map[string]string{Option: "true"}}, 1)
	gs := state(s)
	gs.Choosing = false
	n := 0
	for i, pr := range gs.Pos.Map.Provinces {
		if pr.Center && n < gs.Pos.Map.Victory {
			gs.Pos.Owners[i], n = 0, n+1
		}
	}
	if over, _ := r.Over(s); !over || len(r.Pending(s)) != 0 || r.Window(s) != "" {
		t.Fatalf("the end: over %v, pending %v, window %q", over, r.Pending(s), r.Window(s))
	}
	for _, seat := range r.Seats(s) {
		if l := r.Legal(s, seat); len(l.Choices) != 0 {
			t.Errorf("%s has a tree after the end", seat)
		}
	}
}
