package his

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// A position printed at any moment of a game loads back to exactly the
// same state (the documented fields agree with the engine state they
// override), and prints the same again.
func TestPositionRoundTrip(t *testing.T) {
	rec, _, err := RandomGame(11)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_, err = game.Replay(Rules{}, rec, func(step int, st game.State) {
		if step%37 != 0 {
			return
		}
		n++
		s := st.(*State)
		pos, err := PositionOf(s)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(pos)
		pos2, err := ParsePosition(b)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		s2, err := LoadPosition(pos2)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		want, _ := json.Marshal(s)
		got, _ := json.Marshal(s2)
		if !bytes.Equal(want, got) {
			t.Fatalf("step %d: the loaded state differs", step)
		}
		again, _ := PositionOf(s2)
		b2, _ := json.Marshal(again)
		if !bytes.Equal(b, b2) {
			t.Fatalf("step %d: the position prints differently once loaded", step)
		}
	})
	if err != nil || n < 20 {
		t.Fatalf("replay: %v (%d positions)", err, n)
	}
}

// The documented fields override the engine state: a position's spaces,
// hands and wars, edited, are what the loaded state holds; a card placed
// in a hand leaves the deck.
func TestPositionEditsOverride(t *testing.T) {
	st, _ := (Rules{}).Setup(game.Config{}, 3)
	pos, err := PositionOf(st.(*State))
	if err != nil {
		t.Fatal(err)
	}
	pos.Spaces["paris"] = SpacePosition{Control: "france", Religion: "protestant", Units: map[string]Units{"france": {Reg: 7}}}
	pos.Powers["france"] = PowerPosition{Ruler: "Francis I", Hand: []int{45}}
	wars := [][2]string{{"france", "papacy"}}
	pos.Wars = &wars
	s, err := LoadPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	paris := mustSpace("paris")
	if s.Spaces[paris].Units[France].Reg != 7 || !s.Spaces[paris].Prot || !s.AtWar(France, Papacy) || s.AtWar(Ottoman, Hungary) {
		t.Fatal("the edits were not applied")
	}
	if !s.holds(France, mustCard(45)) || cardIn(s.Deck, mustCard(45)) {
		t.Fatal("card #45 is in France's hand and nowhere else")
	}
}

// Bad positions are refused with a reason naming the field.
func TestPositionErrors(t *testing.T) {
	for in, want := range map[string]string{
		`{"phase":"action","turn":2,"impulse":"genoa"}`:                                                                       "impulse",
		`{"phase":"action","turn":12,"impulse":"france"}`:                                                                     "turn 12",
		`{"phase":"battle","turn":2}`:                                                                                         "phase",
		`{"phase":"action","turn":2,"impulse":"france","spaces":{"atlantis":{}}}`:                                             "spaces",
		`{"phase":"action","turn":2,"impulse":"france","spaces":{"istanbul":{"control":"ottoman","religion":"protestant"}}}`:  "no religion",
		`{"phase":"action","turn":2,"impulse":"france","powers":{"france":{"ruler":"Henry VIII"}}}`:                           "ruler",
		`{"phase":"action","turn":2,"impulse":"france","powers":{"france":{"ruler":"Francis I","hand":[45]}},"discard":[45]}`: "also in",
		`{"phase":"action","turn":2,"impulse":"france","leaders":{"charles_v":"gulf_of_lyon"}}`:                               "army leader",
		`{"phase":"action","turn":2,"impulse":"france","bogus":1}`:                                                            "unknown field",
		`{"phase":"action","turn":2,"impulse":"france","pending":[{"kind":"winter.land","power":"france"}]}`:                  "pending",
	} {
		pos, err := ParsePosition([]byte(in))
		if err == nil {
			_, err = LoadPosition(pos)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", in, err, want)
		}
	}
}
