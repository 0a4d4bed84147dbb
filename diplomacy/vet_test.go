package diplomacy

import (
	"fmt"
	"strings"
	"testing"

	"concordat/game"
)

// Orders that can apply in no position of the phase are refused when a seat
// submits them (Vet), naming the order and why; orders that merely fail on
// the board are not.
func TestVetRefusesOrdersThatCannotApply(t *testing.T) {
	var r Rules
	move, _ := r.Setup(game.Config{}, 1)
	retreat, _ := r.Setup(game.Config{}, 1)
	state(retreat).Pos = mustPosition(t, Standard(), `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
		"units": [{"power": "germany", "type": "army", "at": "bur"}],
		"dislodged": [{"power": "france", "type": "army", "at": "mar", "attacker_from": "bur", "retreats": ["gas", "spa"]}]}`)
	adjust, _ := r.Setup(game.Config{}, 1)
	state(adjust).Pos = mustPosition(t, Standard(), `{"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		"units": [{"power": "france", "type": "army", "at": "bur"}],
		"centers": {"par": "france", "bre": "france", "mar": "france"}}`)
	refused := []struct {
		s     game.State
		order string
		want  string
	}{
		{move, "Build A par", "a build order has no place in a movement phase"},
		{move, "Waive", "a waive order has no place in a movement phase"},
		{move, "A par D", "a disband order has no place in a movement phase"},
		{move, "A par R bur", "a retreat order has no place in a movement phase"},
		{retreat, "Build A par", "a build order has no place in a retreat phase"},
		{retreat, "A mar S A gas", "a support order has no place in a retreat phase"},
		{retreat, "A mar H", "a hold order has no place in a retreat phase"},
		{adjust, "A bur - par", "a move order has no place in an adjustment phase"},
		{adjust, "A bur H", "a hold order has no place in an adjustment phase"},
		{move, "A par S A par", "a unit cannot support itself"},
		{move, "A par S A par - bur", "a unit cannot support itself"},
		{move, "A par S A bur - par", "a unit cannot support a move into its own province"},
		{move, "A par S A mar - mar", "a unit cannot move to where it stands"},
		{move, "A par - par", "a unit cannot move to where it stands"},
		{move, "F bre C F bre - lon", "a unit cannot convoy itself"},
		{move, "A par\t- bur", `control character U+0009 at byte 5`},
		{move, "A par - bur\r", `control character U+000D at byte 11`},
		{move, "A par - bur\nA mar - spa", `control character U+000A`},
		{move, "A par \x00- bur", `control character U+0000`},
		{move, "A par - bur\u0085", `control character U+0085`},
	}
	for _, c := range refused {
		err := r.Vet(c.s, "france", orders("A mar H", c.order))
		if c.s == retreat || c.s == adjust {
			err = r.Vet(c.s, "france", orders(c.order))
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), fmt.Sprintf("order %q", c.order)) {
			t.Errorf("%q in %s: %v, want an error naming the order and %q", c.order, state(c.s).Pos.Phase, err, c.want)
		}
		// Check reports the refusal as the order's verdict.
		for _, v := range r.Check(c.s, "france", orders(c.order)) {
			if v.Valid || !strings.Contains(v.Reason, c.want) {
				t.Errorf("Check %q: %+v", c.order, v)
			}
		}
	}
	// Well-formed orders that merely fail are not refused.
	for _, text := range []string{"A par - mos", "A lon - bel", "A par S A mun - bur", "F bre C A par - lon", "A par - bur via Convoy",
		"A mar - spa", "A par S A gas"} {
		if err := r.Vet(move, "france", orders(text)); err != nil {
			t.Errorf("%q refused: %v", text, err)
		}
	}
	if err := r.Vet(retreat, "france", orders("A mar - pie", "A mar D", "F mar R spa/sc")); err != nil {
		t.Errorf("retreats refused: %v", err)
	}
	if err := r.Vet(adjust, "france", orders("Build A lon", "Build F par", "Waive", "Disband A bur", "A bur D")); err != nil {
		t.Errorf("adjustments refused: %v", err)
	}
	// Crystal Ball's orders ahead are for a movement phase.
	if err := r.Vet(adjust, "france", game.NewAction("ahead", map[string][]string{"orders": {"A bur\t- par"}})); err == nil {
		t.Error("a control character ahead is not refused")
	}
	if err := r.Vet(move, "france", game.NewAction("ready", map[string]bool{"ready": true})); err != nil {
		t.Errorf("ready: %v", err)
	}
}

// Records written before Vet existed may hold such orders: Apply takes them
// and the phase reports them invalid, so the record replays exactly.
func TestOldRecordsWithRefusedOrdersReplay(t *testing.T) {
	var r Rules
	rec := game.Record{Game: "diplomacy", Seed: 3, Steps: []game.Step{
		{Seat: "france", Action: orders("Build A par", "A mar S A mar", "F bre\t- mao")},
		{Seat: game.System, Action: game.Action{Type: game.Advance}},
	}}
	s, err := game.Replay(r, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	gs := state(s)
	got := gs.History[0].Orders
	if len(got) != 3 || got[0].Result != "invalid" || got[1].Result != "invalid" || got[2].Result != "succeeds" {
		t.Errorf("the old orders: %+v", got)
	}
	if u := gs.Pos.Units[mustProv(t, gs.Pos.Map, "mao")]; u.Type != Fleet {
		t.Errorf("the fleet did not move: %+v", gs.Pos.Units)
	}
}
