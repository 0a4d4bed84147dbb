package diplomacy

import (
	"testing"

	"concordat/game"
)

var readyTrue = game.NewAction("ready", map[string]bool{"ready": true})

// readyNone fails when some prompt or view of s is ready.
func readyNone(t *testing.T, s game.State, when string) {
	t.Helper()
	var r Rules
	for _, p := range r.Pending(s) {
		if p.Ready {
			t.Errorf("%s: %s is still ready", when, p.Seat)
		}
	}
	gs := state(s)
	if gs.Seating != nil {
		for seat, ok := range gs.Seating.Ready {
			if ok {
				t.Errorf("%s: seat %s is still ready", when, seat)
			}
		}
	}
	for pw, ok := range gs.Ready {
		if ok {
			t.Errorf("%s: %s is still ready", when, gs.Pos.Map.PowerName(pw))
		}
	}
}

// A seat's ready ends with its phase: ready set in one phase never carries
// into the next, whichever way the phase ends (a retreat phase skipped, a
// phase nobody owes anything in, the variants' own windows), and whoever
// declared it (a power that owed nothing too).
func TestReadyEndsWithThePhase(t *testing.T) {
	var r Rules
	// Every seat ready in a spring whose retreat phase is skipped (the
	// dislodged army in Paris has nowhere to go).
	s := parisBoard(t, "spring", nil)
	for _, seat := range r.Seats(s) {
		applied(t, s, seat, readyTrue)
	}
	applied(t, s, game.System, game.Action{Type: game.Advance})
	if ph := state(s).Pos.Phase; ph.Type != Movement || ph.Season != Fall {
		t.Fatalf("now %s", ph)
	}
	readyNone(t, s, "fall after a skipped retreat")
	// Ready in a fall whose winter only an unplayed power owes (skipped).
	s = parisBoard(t, "fall", map[string]string{"players": "england,germany"})
	applied(t, s, "england", readyTrue)
	applied(t, s, "germany", readyTrue)
	applied(t, s, game.System, game.Action{Type: game.Advance})
	if ph := state(s).Pos.Phase; ph.Season != Spring || ph.Year != 1902 {
		t.Fatalf("now %s", ph)
	}
	readyNone(t, s, "spring after a winter nobody owed")
	// Whole seeded games of every kind of window: after every Advance nobody
	// is ready, though everyone declared itself ready before it.
	for _, cfg := range []game.Config{
		{},
		{Options: map[string]string{"seismic": "true"}},
		{Options: map[string]string{"anarchy": "true"}},
		{Options: map[string]string{"intimate": "true", "players": "england,france"}},
		{Options: map[string]string{"double": "true"}},
		{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}},
		{Options: map[string]string{"crystal_ball": "true", "black_hole": "true"}},
	} {
		s, err := r.Setup(cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		rng := game.NewRNG(4)
		for phase := 0; phase < 40; phase++ {
			if over, _ := r.Over(s); over {
				break
			}
			steps := gs.RandomActions(&rng)
			for _, st := range steps {
				if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
					t.Fatalf("%v: %v", cfg.Options, err)
				}
			}
			for _, seat := range r.Seats(s) {
				applied(t, s, seat, readyTrue)
			}
			before := r.Window(s)
			applied(t, s, game.System, game.Action{Type: game.Advance})
			readyNone(t, s, before+" → "+r.Window(s))
		}
	}
}
