package his

import (
	"testing"

	"concordat/game"
)

func TestPressOpenOnlyInDiplomacyPhase(t *testing.T) {
	var r Rules
	st, err := r.Setup(game.Config{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := state(st)
	for _, ph := range []Phase{PhaseDiplomacy, PhaseDiet, PhaseOver} {
		s.Phase = ph
		if got, want := r.PressOpen(st), ph == PhaseDiplomacy; got != want {
			t.Errorf("phase %d: press open %v, want %v", ph, got, want)
		}
	}
}
