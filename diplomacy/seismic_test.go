package diplomacy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// seismicGame is a Seismic game on the standard map with its seismic phase
// open and the given units (power:type:loc) as the only ones.
func seismicGame(t *testing.T, opts map[string]string, units ...string) (Rules, *GameState) {
	t.Helper()
	var r Rules
	o := map[string]string{"seismic": "true"}
	for k, v := range opts {
		o[k] = v
	}
	s, err := r.Setup(game.Config{Options: o}, 5)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	m := gs.Pos.Map
	pos := NewPosition(m)
	pos.Phase = Phase{Season: Spring, Year: 1902, Type: Movement}
	for _, u := range units {
		f := strings.Split(u, ":")
		pw, _ := m.LookupPower(f[0])
		ty := Army
		if f[1] == "F" {
			ty = Fleet
		}
		pos.Place(Unit{Type: ty, Power: pw, Loc: holeLoc(t, m, f[2])})
	}
	for i, u := range pos.Units {
		if u.Type != NoUnit && m.Provinces[i].Center {
			pos.Owners[i] = u.Power
		}
	}
	gs.Pos = pos
	gs.Seismic = true
	gs.Events = map[Power]string{}
	return r, gs
}

func event(text string) game.Action {
	return game.NewAction("event", map[string]string{"event": text})
}

func advanceSeismic(t *testing.T, r Rules, s game.State) []game.Event {
	t.Helper()
	_, ev, err := r.Apply(s, game.System, game.Action{Type: game.Advance})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// moveResult plays one movement phase with the given orders and returns
// each order's result.
func moveResult(t *testing.T, r Rules, gs *GameState, seat game.Seat, texts ...string) []string {
	t.Helper()
	if _, _, err := r.Apply(gs, seat, orders(texts...)); err != nil {
		t.Fatal(err)
	}
	advanceSeismic(t, r, gs)
	var out []string
	for _, o := range gs.History[len(gs.History)-1].Orders {
		out = append(out, o.Result)
	}
	return out
}

func TestSeismicConnectOpensAMove(t *testing.T) {
	// Before: Paris does not touch Munich; an army cannot go.
	r, gs := seismicGame(t, nil, "france:A:par", "germany:A:ber")
	gs.Seismic = false
	if res := moveResult(t, r, gs, "france", "A par - mun"); res[0] != "invalid" {
		t.Fatalf("par - mun before any quake: %v", res)
	}
	r, gs = seismicGame(t, nil, "france:A:par", "germany:A:ber")
	if _, _, err := r.Apply(gs, "france", event("connect Paris mun")); err != nil {
		t.Fatal(err)
	}
	ev := advanceSeismic(t, r, gs)
	if gs.Seismic || len(ev) != 1 || !strings.Contains(ev[0].Text, "connect mun par") {
		t.Fatalf("the seismic phase did not resolve: %v", ev)
	}
	m := gs.Pos.Map
	par, mun := m.Prov(holeLoc(t, m, "par")), m.Prov(holeLoc(t, m, "mun"))
	if !m.ArmyAdjacent(par, mun) || !m.ArmyAdjacent(mun, par) {
		t.Fatal("Paris and Munich are not adjacent after the connection")
	}
	rec := gs.History[len(gs.History)-1]
	if rec.Position.Phase.Type != "seismic" || len(rec.Orders) != 1 || rec.Orders[0].Result != "succeeds" {
		t.Fatalf("the seismic record: %+v", rec)
	}
	if res := moveResult(t, r, gs, "france", "A par - mun"); res[0] != "succeeds" {
		t.Fatalf("par - mun after the connection: %v", res)
	}
	if u := gs.Pos.Units[mun]; u.Type != Army {
		t.Fatal("the army is not in Munich")
	}
}

func TestSeismicSeparateClosesAMove(t *testing.T) {
	r, gs := seismicGame(t, nil, "france:A:par", "germany:F:kie")
	if _, _, err := r.Apply(gs, "germany", event("separate par bur")); err != nil {
		t.Fatal(err)
	}
	advanceSeismic(t, r, gs)
	m := gs.Pos.Map
	if m.Touch(m.Prov(holeLoc(t, m, "par")), m.Prov(holeLoc(t, m, "bur"))) {
		t.Fatal("Paris still touches Burgundy")
	}
	if res := moveResult(t, r, gs, "france", "A par - bur"); res[0] != "invalid" {
		t.Fatalf("par - bur after the separation: %v", res)
	}
}

func TestSeismicSeparateCutsEveryCoast(t *testing.T) {
	// Spain/north coast borders Gascony by sea, Spain borders it by land:
	// a separation removes both.
	r, gs := seismicGame(t, nil, "france:F:gas", "france:A:par")
	if _, _, err := r.Apply(gs, "france", event("separate spa gas")); err != nil {
		t.Fatal(err)
	}
	advanceSeismic(t, r, gs)
	m := gs.Pos.Map
	if m.FleetAdjacent(holeLoc(t, m, "gas"), holeLoc(t, m, "spa/nc")) || m.ArmyAdjacent(m.Prov(holeLoc(t, m, "gas")), m.Prov(holeLoc(t, m, "spa"))) {
		t.Fatal("Gascony still borders Spain")
	}
}

func TestSeismicConnectAndSeparateCancel(t *testing.T) {
	r, gs := seismicGame(t, nil, "italy:A:rom", "austria:A:vie", "france:A:par")
	m := gs.Pos.Map
	rom, apu := m.Prov(holeLoc(t, m, "rom")), m.Prov(holeLoc(t, m, "apu"))
	if !m.ArmyAdjacent(rom, apu) || m.FleetAdjacent(Loc(rom), Loc(apu)) {
		t.Fatal("the standard map changed: Rome and Apulia should touch by land only")
	}
	for seat, e := range map[game.Seat]string{"italy": "connect rom apu", "austria": "separate apu rom", "france": "connect par mun"} {
		if _, _, err := r.Apply(gs, seat, event(e)); err != nil {
			t.Fatalf("%s: %v", seat, err)
		}
	}
	advanceSeismic(t, r, gs)
	m = gs.Pos.Map
	if !m.ArmyAdjacent(rom, apu) || m.FleetAdjacent(Loc(rom), Loc(apu)) {
		t.Fatal("cancelled events changed Rome–Apulia")
	}
	if !m.ArmyAdjacent(m.Prov(holeLoc(t, m, "par")), m.Prov(holeLoc(t, m, "mun"))) {
		t.Fatal("an unrelated event was lost")
	}
	results := map[string]string{}
	for _, o := range gs.History[len(gs.History)-1].Orders {
		results[o.Power] = o.Result + " " + o.Reason
	}
	if !strings.HasPrefix(results["italy"], "fails cancelled") || !strings.HasPrefix(results["austria"], "fails cancelled") || results["france"] != "succeeds " {
		t.Fatalf("results: %v", results)
	}
	// Without the separation, Rome gains a sea border with Apulia.
	r, gs = seismicGame(t, nil, "italy:A:rom")
	if _, _, err := r.Apply(gs, "italy", event("connect rom apu")); err != nil {
		t.Fatal(err)
	}
	advanceSeismic(t, r, gs)
	if !gs.Pos.Map.FleetAdjacent(Loc(rom), Loc(apu)) {
		t.Fatal("connect rom apu did not add the sea border")
	}
}

func TestSeismicSeparationNeverIsolates(t *testing.T) {
	r, gs := seismicGame(t, nil, "france:A:par", "germany:A:ber", "italy:A:rom")
	// Leave Paris two neighbours: Burgundy and Picardy.
	m, err := gs.Pos.Map.WithEdits(MapEdit{Op: EditSeparate, A: "par", B: "bre"}, MapEdit{Op: EditSeparate, A: "par", B: "gas"})
	if err != nil {
		t.Fatal(err)
	}
	gs.Pos.Map = m
	if _, _, err := r.Apply(gs, "france", event("separate par bur")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(gs, "germany", event("separate par pic")); err != nil {
		t.Fatal(err)
	}
	advanceSeismic(t, r, gs)
	m = gs.Pos.Map
	par := m.Prov(holeLoc(t, m, "par"))
	if newTouchSets(m).count(par) != 1 || !m.Touch(par, m.Prov(holeLoc(t, m, "pic"))) {
		t.Fatalf("Paris touches %d provinces", newTouchSets(m).count(par))
	}
	rec := gs.History[len(gs.History)-1]
	if rec.Orders[0].Result != "succeeds" || rec.Orders[1].Result != "fails" || !strings.Contains(rec.Orders[1].Reason, "no neighbour") {
		t.Fatalf("results: %+v", rec.Orders)
	}
	// And now a lone border cannot be ordered away at all.
	r, gs = seismicGame(t, nil, "italy:A:rom")
	gs.Pos.Map = m
	if _, _, err := r.Apply(gs, "italy", event("separate par pic")); err == nil || !strings.Contains(err.Error(), "no neighbour") {
		t.Fatalf("isolating Paris: %v", err)
	}
}

func TestSeismicEventsRefused(t *testing.T) {
	r, gs := seismicGame(t, nil, "france:A:par", "italy:A:rom")
	for text, want := range map[string]string{
		"":                    "",
		"quake par mun":       "unknown event",
		"connect par":         "two provinces",
		"connect par xyz":     `unknown province "xyz"`,
		"connect par mos":     "share no neighbour",
		"connect par stp":     "split coasts",
		"connect par bur":     "already touch",
		"connect spa por":     "split coasts",
		"separate par mun":    "do not touch",
		"connect par par":     "itself",
		"connect nth wes":     "share no neighbour",
		"connect a b c d e f": "no two provinces",
	} {
		if text == "" {
			continue
		}
		_, _, err := r.Apply(gs, "france", event(text))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", text, err, want)
		}
	}
	if len(gs.Events) != 0 {
		t.Fatal("a refused event was kept")
	}
	if _, _, err := r.Apply(gs, "france", orders("A par - bur")); err == nil {
		t.Fatal("orders were accepted in the seismic phase")
	}
	if _, _, err := r.Apply(gs, "germany", event("connect par mun")); err == nil {
		t.Fatal("Germany (no unit, no centre here) ordered an event")
	}
	// Multi-word names and a withdrawal.
	if _, _, err := r.Apply(gs, "france", event("connect english channel baltic sea")); err == nil {
		t.Fatal("eng and bal are three steps apart")
	}
	if _, _, err := r.Apply(gs, "france", event("connect North Sea Irish Sea")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(gs, "france", event("")); err != nil || len(gs.Events) != 0 {
		t.Fatalf("withdrawal: %v %v", err, gs.Events)
	}
	// Outside a seismic phase there is no event.
	gs.Seismic = false
	if _, _, err := r.Apply(gs, "france", event("connect par mun")); err == nil {
		t.Fatal("an event outside the seismic phase")
	}
}

func TestSeismicLegalOffersTheEvents(t *testing.T) {
	r, gs := seismicGame(t, nil, "france:A:par")
	opts := r.Legal(gs, "france")
	if opts.Kind != "event" {
		t.Fatalf("kind %q", opts.Kind)
	}
	has := func(op, a, b string) bool {
		return path(opts, op, a, b) || path(opts, op, b, a)
	}
	if !has("connect", "par", "mun") || !has("separate", "bur", "par") || !has("connect", "rom", "apu") {
		t.Fatal("legal events missing")
	}
	if has("connect", "bur", "par") || has("connect", "par", "stp") || has("separate", "mun", "par") {
		t.Fatal("illegal events offered")
	}
	if p := r.Pending(gs); len(p) != 1 || p[0].Kind != "event" || p[0].Seat != "france" {
		t.Fatalf("pending: %+v", p)
	}
	if got := r.Legal(gs, "germany"); len(got.Choices) != 0 {
		t.Fatal("Germany, out of the game, is offered events")
	}
	if !r.ShortWindow(gs) {
		t.Fatal("the seismic phase is not a short window")
	}
}

// path reports whether the options tree holds the words as a path.
func path(opts game.Options, words ...string) bool {
	cs := opts.Choices
	for _, w := range words {
		found := false
		for _, c := range cs {
			if c.Value == w {
				cs, found = c.Next, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func TestSeismicPhaseComesBeforeEachSpringButTheFirst(t *testing.T) {
	var r Rules
	cfg := game.Config{Options: map[string]string{"seismic": "true"}}
	s, err := r.Setup(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	if gs.Seismic {
		t.Fatal("a seismic phase before the first Spring")
	}
	seismic := 0
	for i := 0; i < 12; i++ {
		before := gs.Pos.Phase
		wasSeismic := gs.Seismic
		advanceSeismic(t, r, s)
		if gs.Seismic {
			seismic++
			if gs.Pos.Phase.Season != Spring || gs.Pos.Phase.Type != Movement || before.Season == Spring {
				t.Fatalf("a seismic phase after %s, before %s", before, gs.Pos.Phase)
			}
		}
		if wasSeismic && gs.Pos.Phase != before {
			t.Fatal("the seismic phase moved the calendar")
		}
	}
	if seismic < 3 {
		t.Fatalf("%d seismic phases in 12 advances", seismic)
	}
}

func TestSeismicFog(t *testing.T) {
	r, gs := seismicGame(t, map[string]string{"fog": "true"}, "france:A:par", "turkey:A:con", "italy:A:rom")
	for seat, e := range map[game.Seat]string{"france": "connect par mun", "turkey": "connect con ser", "italy": "connect rom stp"} {
		_, _, err := r.Apply(gs, seat, event(e))
		if (err != nil) != (seat == "italy") {
			t.Fatalf("%s: %v", seat, err)
		}
	}
	advanceSeismic(t, r, gs)
	b, _ := json.Marshal(r.View(gs, "italy"))
	var v struct {
		Board   NextJSON      `json:"board"`
		History []PhaseRecord `json:"history"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Board.Edits) != 2 {
		t.Fatalf("Italy does not see the map's edits: %v", v.Board.Edits)
	}
	rec := v.History[len(v.History)-1]
	if len(rec.Orders) != 2 || rec.Orders[0].Power != "" || rec.Orders[1].Power != "" {
		t.Fatalf("Italy sees who ordered what: %+v", rec.Orders)
	}
	b, _ = json.Marshal(r.View(gs, "france"))
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	own := 0
	for _, o := range v.History[len(v.History)-1].Orders {
		if o.Power == "france" {
			own++
		}
	}
	if own != 1 {
		t.Fatal("France does not see its own event")
	}
}

// TestMapChangingGamesReplayAndRestore plays seeded Seismic, Schizo and
// combined games with random events and orders, recording them, and checks
// that each record replays to the same bytes after every step and that
// snapshots restore with the edits.
func TestMapChangingGamesReplayAndRestore(t *testing.T) {
	for _, opts := range []map[string]string{
		{"seismic": "true"},
		{"schizo": "true"},
		{"seismic": "true", "schizo": "true", "black_hole": "true", "fog": "true"},
	} {
		var r Rules
		cfg := game.Config{Options: opts}
		s, err := r.Setup(cfg, 21)
		if err != nil {
			t.Fatal(err)
		}
		rec := game.Record{Game: "diplomacy", Config: cfg, Seed: 21}
		rng := game.NewRNG(21)
		var snap []byte
		states := map[int][]byte{} // after each step, by index in the record
		for step := 0; step < 45; step++ {
			if over, _ := r.Over(s); over {
				break
			}
			gs := s.(*GameState)
			apply := func(seat game.Seat, a game.Action) {
				if _, _, err := r.Apply(s, seat, a); err != nil {
					t.Fatalf("%v: %s: %v", opts, seat, err)
				}
				rec.Steps = append(rec.Steps, game.Step{Seat: seat, Action: a})
				b, _ := r.Marshal(s)
				states[len(rec.Steps)-1] = b
			}
			if gs.Seismic {
				for _, seat := range r.Seats(s) {
					if e := randomChoice(r.Legal(s, seat), &rng); e != "" {
						apply(seat, event(e))
					}
				}
				// A mid-phase snapshot keeps the submitted events.
				b, _ := r.Marshal(s)
				back, err := r.Unmarshal(b)
				if err != nil {
					t.Fatal(err)
				}
				if len(back.(*GameState).Events) != len(gs.Events) || !back.(*GameState).Seismic {
					t.Fatal("the open seismic phase did not survive a snapshot")
				}
			} else {
				by := map[Power][]string{}
				for _, o := range RandomOrders(NewGenerator(gs.Pos.Map).Orders(gs.Pos, NoPower), &rng, nil) {
					by[o.Power] = append(by[o.Power], o.Order.String(gs.Pos.Map))
				}
				for i := range gs.Pos.Map.Powers {
					if texts, ok := by[Power(i)]; ok {
						apply(game.Seat(gs.Pos.Map.PowerName(Power(i))), orders(texts...))
					}
				}
			}
			apply(game.System, game.Action{Type: game.Advance})
			if step == 30 {
				snap, _ = r.Marshal(s)
			}
		}
		gs := s.(*GameState)
		if len(gs.Pos.Map.EditNames()) < 4 {
			t.Fatalf("%v: only %v edits", opts, gs.Pos.Map.EditNames())
		}
		want, _ := r.Marshal(s)
		got, err := game.Replay(r, rec, func(i int, rs game.State) {
			if i < 0 {
				return
			}
			if b, _ := r.Marshal(rs); !bytes.Equal(b, states[i]) {
				t.Fatalf("%v: step %d does not replay identically", opts, i)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := r.Marshal(got); !bytes.Equal(b, want) {
			t.Fatalf("%v: the game does not replay identically", opts)
		}
		back, err := r.Unmarshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := r.Marshal(back); !bytes.Equal(b, want) || !strings.Contains(string(want), `"edits"`) {
			t.Fatalf("%v: a snapshot does not restore", opts)
		}
		bm := back.(*GameState).Pos.Map
		if strings.Join(bm.EditNames(), ",") != strings.Join(gs.Pos.Map.EditNames(), ",") || bm.Victory != gs.Pos.Map.Victory {
			t.Fatalf("%v: the restored map differs", opts)
		}
		c := r.Clone(s).(*GameState)
		if c.Pos.Map != gs.Pos.Map {
			t.Fatal("a clone is on another map")
		}
		if b, _ := r.Marshal(c); !bytes.Equal(b, want) {
			t.Fatal("a clone marshals differently")
		}
		// An earlier snapshot restores too.
		early, err := r.Unmarshal(snap)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := r.Marshal(early); !bytes.Equal(b, snap) {
			t.Fatalf("%v: an early snapshot does not restore", opts)
		}
	}
}

func TestParseSeismicEvent(t *testing.T) {
	m := Standard()
	for text, want := range map[string]string{
		"connect par mun":                    "connect mun par",
		"CONNECT Munich Paris":               "connect mun par",
		"separate north sea norwegian sea":   "separate nth nwg",
		"separate North Sea - Norwegian Sea": "separate nth nwg",
		"connect spa/nc gas":                 "connect gas spa",
		"connect par and mun x":              "",
	} {
		e, err := ParseSeismicEvent(m, text)
		if want == "" {
			if err == nil {
				t.Errorf("%q parsed as %s", text, e)
			}
			continue
		}
		if err != nil || e.String() != want {
			t.Errorf("%q: %v %v, want %s", text, e, err, want)
		}
	}
}

// FuzzSeismicEvent feeds arbitrary text to the Seismic event parser and,
// when it parses, to the board check: neither may panic, a parsed event
// names two standing provinces of the map and reads back as itself, and a
// legal event applies to the map. Kept inputs: testdata/fuzz/FuzzSeismicEvent.
//
//	go test -fuzz=FuzzSeismicEvent -fuzztime=60s ./diplomacy/
func FuzzSeismicEvent(f *testing.F) {
	for _, s := range []string{"connect par mun", "separate par bur", "CONNECT Munich Paris",
		"separate north sea norwegian sea", "connect North Sea - Irish Sea", "connect spa/nc gas",
		"connect rom apu", "quake par", "connect", "separate par", "connect par and mun x", ""} {
		f.Add(s)
	}
	m := Standard()
	f.Fuzz(func(t *testing.T, text string) {
		e, err := ParseSeismicEvent(m, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if e.Op != EditConnect && e.Op != EditSeparate {
			t.Fatalf("%q parsed as %v", text, e)
		}
		back, err := ParseSeismicEvent(m, e.String())
		if err != nil || back != e {
			t.Fatalf("%q -> %s -> %v, %v", text, e, back, err)
		}
		if checkSeismicEvent(m, e) == nil {
			if _, err := m.WithEdits(e); err != nil {
				t.Fatalf("legal event %s does not apply: %v", e, err)
			}
		}
	})
}
