package hosted

import (
	"bytes"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

func orders(texts ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": texts})
}

var advance = game.Action{Type: game.Advance}

// Setup routes by the multiplicity option; every call after it by the
// state; a snapshot comes back to the engine that wrote it.
func TestRouting(t *testing.T) {
	var r Rules
	if r.Name() != "diplomacy" {
		t.Fatalf("name %q", r.Name())
	}
	for _, c := range []struct {
		opts  map[string]string
		multi bool
	}{
		{nil, false},
		{map[string]string{"fog": "true"}, false},
		{map[string]string{"multiplicity": "false", "rules": "1982"}, false},
		{map[string]string{"multiplicity": "true"}, true},
		{map[string]string{"multiplicity": "1", "fog": "true", "preset": "6p"}, true},
	} {
		s, err := r.Setup(game.Config{Options: c.opts}, 3)
		if err != nil {
			t.Fatalf("%v: %v", c.opts, err)
		}
		_, isMulti := s.(*multiplicity.GameState)
		if isMulti != c.multi {
			t.Fatalf("%v: a %T", c.opts, s)
		}
		b, err := r.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := r.Unmarshal(b)
		if err != nil {
			t.Fatalf("%v: unmarshal: %v", c.opts, err)
		}
		if _, m := back.(*multiplicity.GameState); m != c.multi {
			t.Fatalf("%v: the snapshot came back as a %T", c.opts, back)
		}
		if b2, _ := r.Marshal(back); !bytes.Equal(b, b2) {
			t.Fatalf("%v: roundtrip differs", c.opts)
		}
		if _, ok := r.Clone(s).(*multiplicity.GameState); ok != c.multi {
			t.Fatalf("%v: clone of another type", c.opts)
		}
		if len(r.Seats(s)) == 0 || len(r.Pending(s)) == 0 || len(r.Survivors(s)) == 0 {
			t.Fatalf("%v: no seats, prompts or survivors", c.opts)
		}
		if r.ShortWindow(s) != c.multi { // Multiplicity opens with the start choice
			t.Fatalf("%v: short window %v", c.opts, r.ShortWindow(s))
		}
	}
	for _, bad := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"multiplicity": "maybe"}, "multiplicity"},
		{map[string]string{"multiplicity": "true", "catspaw": "true", "players": "england,france"}, "catspaw=true does not combine with multiplicity=true"},
		{map[string]string{"multiplicity": "true", "black_hole": "true"}, "black_hole=true does not combine with multiplicity=true"},
		{map[string]string{"multiplicity": "true", "crystal_ball": "true"}, "crystal_ball=true does not combine with multiplicity=true"},
		{map[string]string{"multiplicity": "true", "rules": "2000"}, "rules=2000 does not combine with multiplicity=true"},
	} {
		if _, err := r.Setup(game.Config{Options: bad.opts}, 1); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v: %v, want %q", bad.opts, err, bad.want)
		}
	}
}

// A standard game through the dispatcher is the standard game: the same
// states, byte for byte, as diplomacy.Rules.
func TestStandardUnchanged(t *testing.T) {
	var r Rules
	var d diplomacy.Rules
	cfg := game.Config{Options: map[string]string{"rules": "2000"}}
	a, _ := r.Setup(cfg, 9)
	b, _ := d.Setup(cfg, 9)
	for _, st := range []game.Step{
		{Seat: "france", Action: orders("A par - bur", "A mar - spa")},
		{Seat: "germany", Action: orders("A mun - bur")},
		{Seat: game.System, Action: advance},
	} {
		if _, _, err := r.Apply(a, st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
		if _, _, err := d.Apply(b, st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
	}
	ab, _ := r.Marshal(a)
	bb, _ := d.Marshal(b)
	if !bytes.Equal(ab, bb) {
		t.Fatalf("the dispatcher's standard game differs:\n%s\n%s", ab, bb)
	}
}

// A Multiplicity record replays through the dispatcher to the same state.
func TestMultiplicityReplay(t *testing.T) {
	var r Rules
	cfg := game.Config{Options: map[string]string{"multiplicity": "true"}}
	rec := game.Record{Game: "diplomacy", Config: cfg, Seed: 4, Steps: []game.Step{
		{Seat: "france", Action: orders("par F", "mar A")},
		{Seat: game.System, Action: advance},
		{Seat: "france", Action: orders("A mar - bur", "A par - gas")},
		{Seat: game.System, Action: advance},
		{Seat: "france", Action: orders("A bur & A gas MERGE 2A par")},
		{Seat: game.System, Action: advance},
	}}
	_, err := game.Replay(r, rec, nil)
	if err == nil {
		t.Fatal("a fleet in Paris accepted")
	}
	rec.Steps[0].Action = orders("bre A", "mar A")
	s, err := game.Replay(r, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*multiplicity.GameState)
	m := gs.Pos.Map
	l, _ := m.LookupLoc("par")
	if u := gs.Pos.Units[m.Prov(l)]; u.Comp.String() != "2A" {
		t.Fatalf("Paris holds %s after the merge", u.Comp)
	}
	first, _ := r.Marshal(s)
	again, _ := game.Replay(r, rec, nil)
	if second, _ := r.Marshal(again); !bytes.Equal(first, second) {
		t.Fatal("two replays differ")
	}
}

// Check and Window route to the game's engine: each engine's verdicts and
// window names come back unchanged.
func TestCheckAndWindowRoute(t *testing.T) {
	var r Rules
	std, _ := r.Setup(game.Config{}, 3)
	multi, _ := r.Setup(game.Config{Options: map[string]string{"multiplicity": "true"}}, 3)
	if w := r.Window(std); w != "S1901M" {
		t.Errorf("standard window %q", w)
	}
	if w := r.Window(multi); w != "S1901C" {
		t.Errorf("multiplicity window %q (the start choice)", w)
	}
	c := r.Check(std, "france", orders("A par - mos", "A par - bur"))
	if len(c) != 2 || c[0].Valid || c[0].Reason != "A par cannot reach mos" || !c[1].Valid { // an invalid order does not take the unit
		t.Errorf("standard: %+v", c)
	}
	c = r.Check(multi, "france", orders("par A", "bre A", "bre F"))
	want := multiplicity.Rules{}.Check(multi, "france", orders("par A", "bre A", "bre F"))
	if len(c) != 3 || len(want) != 3 || c[2] != want[2] || c[2].Valid {
		t.Errorf("multiplicity: %+v, want %+v", c, want)
	}
}

// Vet routes to the game's engine.
func TestVetRoutes(t *testing.T) {
	var r Rules
	std, _ := r.Setup(game.Config{}, 3)
	multi, _ := r.Setup(game.Config{Options: map[string]string{"multiplicity": "true"}}, 3)
	if err := r.Vet(std, "france", orders("Build A par")); err == nil || !strings.Contains(err.Error(), "movement phase") {
		t.Errorf("standard: %v", err)
	}
	if err := r.Vet(std, "france", orders("A par - mos")); err != nil {
		t.Errorf("standard, a move that fails: %v", err)
	}
	if err := r.Vet(multi, "france", orders("par\tA")); err == nil || !strings.Contains(err.Error(), "control character") {
		t.Errorf("multiplicity: %v", err)
	}
}
