package diplomacy

import (
	"strings"
	"testing"

	"concordat/game"
)

// parisBoard is a movement phase in which Germany dislodges France's army in
// Paris from Burgundy with support from Picardy: Brest and Gascony are
// French, so the army has nowhere to retreat.
func parisBoard(t *testing.T, season string, opts map[string]string) game.State {
	t.Helper()
	var r Rules
	s, err := r.Setup(game.Config{Options: opts}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := state(s)
	gs.Pos = mustPosition(t, gs.Pos.Map, `{"phase": {"season": "`+season+`", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "fleet", "at": "bre"},
		  {"power": "france", "type": "army", "at": "gas"}, {"power": "germany", "type": "army", "at": "bur"},
		  {"power": "germany", "type": "army", "at": "pic"}, {"power": "england", "type": "fleet", "at": "lon"}],
		"centers": {"par": "france", "bre": "france", "mun": "germany", "lon": "england"}}`)
	mustApply(t, s, "germany", orders("A bur - par", "A pic S A bur - par"))
	return s
}

// applied applies an action that must be accepted and returns its events.
func applied(t *testing.T, s game.State, seat game.Seat, a game.Action) []game.Event {
	t.Helper()
	_, ev, err := Rules{}.Apply(s, seat, a)
	if err != nil {
		t.Fatalf("%s %s: %v", seat, a.Type, err)
	}
	return ev
}

func seatsOf(ps []game.Prompt) string {
	var out []string
	for _, p := range ps {
		out = append(out, string(p.Seat))
	}
	return strings.Join(out, ",")
}

// A retreat phase in which no dislodged unit can retreat is skipped: the
// unit is disbanded at once and nobody owes anything for it.
func TestNoRetreatPossibleSkipsTheRetreatPhase(t *testing.T) {
	var r Rules
	s := parisBoard(t, "spring", nil)
	ev := applied(t, s, game.System, game.Action{Type: game.Advance})
	gs := state(s)
	if gs.Pos.Phase != (Phase{Season: Fall, Year: 1901, Type: Movement}) || len(gs.Pos.Dislodged) != 0 {
		t.Fatalf("after the spring: %s, dislodged %v", gs.Pos.Phase, gs.Pos.Dislodged)
	}
	if u := gs.Pos.Units[mustProv(t, gs.Pos.Map, "par")]; u.Power != powerOf(t, gs.Pos.Map, "germany") {
		t.Errorf("par holds %+v", u)
	}
	if got := seatsOf(r.Pending(s)); got != "england,france,germany" {
		t.Errorf("pending %s", got)
	}
	text := ""
	for _, e := range ev {
		text += e.Text + "; "
	}
	if !strings.Contains(text, "A par") || !strings.Contains(text, "nowhere to retreat") {
		t.Errorf("events do not tell of the disbanded army: %s", text)
	}
	// In the fall the centres change hands at once: Paris is Germany's, and
	// France (one centre, two units) owes a disband in the winter.
	s = parisBoard(t, "fall", nil)
	mustApply(t, s, game.System, game.Action{Type: game.Advance})
	gs = state(s)
	m := gs.Pos.Map
	if gs.Pos.Phase != (Phase{Season: Winter, Year: 1901, Type: Adjustment}) {
		t.Fatalf("after the fall: %s", gs.Pos.Phase)
	}
	if gs.Pos.Owners[mustProv(t, m, "par")] != powerOf(t, m, "germany") {
		t.Errorf("par is not Germany's")
	}
	if got := seatsOf(r.Pending(s)); got != "france" {
		t.Errorf("pending %s, want france (a disband)", got)
	}
}

// A retreat or adjustment phase in which only unplayed powers have
// something to do asks nobody: it is resolved at once (unplayed units are
// disbanded when dislodged, civil disorder settles their adjustments).
func TestPhasesWithNothingForAnySeatAreResolvedAtOnce(t *testing.T) {
	var r Rules
	// France unplayed: its dislodged army would have nowhere to go anyway.
	s := parisBoard(t, "fall", map[string]string{"players": "england,germany"})
	mustApply(t, s, game.System, game.Action{Type: game.Advance})
	gs := state(s)
	m := gs.Pos.Map
	// France owes the only adjustment (a disband): civil disorder makes it.
	if gs.Pos.Phase != (Phase{Season: Spring, Year: 1902, Type: Movement}) {
		t.Fatalf("after the fall: %s", gs.Pos.Phase)
	}
	if got := gs.Pos.CountUnits()[powerOf(t, m, "france")]; got != 1 {
		t.Errorf("france has %d units, want 1 after civil disorder", got)
	}
	if got := seatsOf(r.Pending(s)); got != "england,germany" {
		t.Errorf("pending %s", got)
	}
	// A retreat only an unplayed power's unit makes: Germany dislodges the
	// French army in Burgundy, which could retreat to Paris.
	s, _ = r.Setup(game.Config{Options: map[string]string{"players": "england,germany"}}, 1)
	gs = state(s)
	gs.Pos = mustPosition(t, m, `{"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "at": "bur"}, {"power": "germany", "type": "army", "at": "mun"},
		  {"power": "germany", "type": "army", "at": "ruh"}, {"power": "england", "type": "fleet", "at": "lon"}],
		"centers": {"par": "france", "mun": "germany", "lon": "england"}}`)
	mustApply(t, s, "germany", orders("A mun - bur", "A ruh S A mun - bur"))
	mustApply(t, s, game.System, game.Action{Type: game.Advance})
	if gs.Pos.Phase != (Phase{Season: Fall, Year: 1901, Type: Movement}) {
		t.Fatalf("after the spring: %s (pending %s)", gs.Pos.Phase, seatsOf(r.Pending(s)))
	}
	if got := gs.Pos.CountUnits()[powerOf(t, m, "france")]; got != 0 {
		t.Errorf("the unplayed French army was not disbanded")
	}
}

func powerOf(t *testing.T, m *Map, name string) Power {
	t.Helper()
	pw, ok := m.LookupPower(name)
	if !ok {
		t.Fatalf("no power %q", name)
	}
	return pw
}
