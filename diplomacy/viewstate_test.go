package diplomacy

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// StateFromView refuses what is not a seat's Diplomacy view, with an error
// naming the problem: bad JSON, a view without the game's options (an
// older server's, or a Multiplicity view), an unknown variant, a seat that
// is not a power of the game, the view of another Double Diplomacy seat.
func TestStateFromViewRefuses(t *testing.T) {
	r := Rules{}
	s, _ := r.Setup(game.Config{}, 1)
	view, _ := json.Marshal(r.View(s, "france"))
	d, _ := r.Setup(game.Config{Options: map[string]string{"double": "true"}}, 1)
	dview, _ := json.Marshal(r.View(d, "france-a"))
	for _, tc := range []struct {
		view []byte
		seat game.Seat
		want string
	}{
		{[]byte("{"), "france", "diplomacy view"},
		{[]byte(`{"variant":"standard","multiplicity":true}`), "france", `no "options"`},
		{[]byte(`{"variant":"atlantis","options":{}}`), "france", "atlantis"},
		{view, "narnia", `"narnia" is not a power`},
		{dview, "france-b", `not the view of seat "france-b"`},
	} {
		if _, err := StateFromView(tc.view, tc.seat); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60s as %s: %v; want an error naming %s", tc.view, tc.seat, err, tc.want)
		}
	}
	if _, err := StateFromView(view, "france"); err != nil {
		t.Fatalf("France's own view: %v", err)
	}
}
