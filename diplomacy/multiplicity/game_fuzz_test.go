package multiplicity

import (
	"bytes"
	"testing"

	"concordat/game"
)

// FuzzApplyOrders: any order text sent through the contract, in the start
// choice or in spring 1901, is either refused with the state unchanged or
// accepted, and the phase then resolves without panicking to a board
// where every unit stands where it may. Run, for example:
//
//	go test -fuzz=FuzzApplyOrders -fuzztime=60s ./diplomacy/multiplicity/
func FuzzApplyOrders(f *testing.F) {
	for _, s := range seedOrders {
		f.Add(false, s)
	}
	for _, s := range []string{"lon A", "F edi", "stp F/nc", "F stp/sc", "A stp/nc", "F/nc stp", "lon F/xx", "A A", "par A", "lon  army"} {
		f.Add(true, s)
	}
	f.Fuzz(func(t *testing.T, choosing bool, text string) {
		var r Rules
		s, err := r.Setup(game.Config{Options: map[string]string{"multiplicity": "true"}}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !choosing {
			if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
				t.Fatal(err)
			}
			place(t, s, "france 2A par", "france A/F bre", "france A mar", "england 3F eng", "england A lon", "germany A bur")
		}
		for _, seat := range []game.Seat{"france", "england"} {
			before, _ := r.Marshal(s)
			if _, _, err := r.Apply(s, seat, ordersAction(text)); err != nil {
				if after, _ := r.Marshal(s); !bytes.Equal(before, after) {
					t.Fatalf("%s %q refused (%v) but the state changed", seat, text, err)
				}
			}
		}
		if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, s.(*GameState).Pos)
	})
}
