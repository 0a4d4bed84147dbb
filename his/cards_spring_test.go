package his

import (
	"strings"
	"testing"

	"concordat/game"
)

// cardSpringState is the Spring Deployment of turn 2 with p to deploy and the
// given cards in its hand.
func cardSpringState(t *testing.T, p Power, cards ...int) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Stack = nil
	s.Turn = 2
	s.Phase = PhaseSpring
	s.Impulse = p
	give(s, p, cards...)
	s.push(kSpring, p)
	return s
}

// #102 Spring Preparations: played at the power's own deployment, a
// regular in its capital, then a deployment across passes (France from
// Paris reaches Turin and Milan only over the Alps); not for the
// Protestant, and not as the event of an impulse.
func TestSpringPreparations(t *testing.T) {
	paris := sp(t, "paris")
	s := cardSpringState(t, France, 102)
	if has(optionValues(t, s, "paris", "none"), "turin") {
		t.Fatal("without the card no deployment crosses the Alps")
	}
	before := s.Spaces[paris].Units[France].Reg
	answer(t, s, kSpring, France, "prep")
	if s.Spaces[paris].Units[France].Reg != before+1 || !cardIn(s.Discard, mustCard(102)) {
		t.Fatal("a regular in Paris; the card is discarded")
	}
	wantOwed(t, s, kSpring, France, "France deploys next", append([]string{"none"}, "paris")...)
	if !has(optionValues(t, s, "paris", "none"), "turin") {
		t.Fatal("with Spring Preparations France may cross the Alps")
	}
	answer(t, s, kSpring, France, "paris", "none", "turin", "1:0:0")
	if s.Spaces[sp(t, "turin")].Units[France].Reg == 0 || s.Impulse != Papacy {
		t.Fatal("France deployed to Turin; the Papacy deploys next")
	}
	// not as an impulse's event
	s2 := impulseState(t, 2, France, mustCard(102))
	if has(optionValues(t, s2, "event"), "102") {
		t.Fatal("Spring Preparations is played only in Spring Deployment")
	}
	s3 := cardSpringState(t, Papacy, 102)
	s3.Spaces[sp(t, "rome")].Ctl = France
	if has(optionValues(t, s3), "prep") {
		t.Fatal("only a power holding its capital")
	}
}

// #109 Venetian Informant, before any deployment: one power's hand is
// shown to the viewer the player names, and to nobody else.
func TestVenetianInformant(t *testing.T) {
	s := cardSpringState(t, Ottoman, 109)
	give(s, Hapsburg, 75, 79)
	_, ev, err := (Rules{}).Apply(s, "ottoman", game.NewAction(kSpring, []string{"informant", "hapsburg", "france"}))
	if err != nil {
		t.Fatal(err)
	}
	shown := false
	for _, e := range ev {
		if e.Type == "hand" {
			shown = true
			if !e.VisibleTo("france") || e.VisibleTo("ottoman") || e.VisibleTo("papacy") || !strings.Contains(e.Text, "Erasmus") {
				t.Fatalf("only France sees the Hapsburg hand: %+v", e)
			}
		}
	}
	if !shown || !cardIn(s.Discard, mustCard(109)) {
		t.Fatal("the hand is shown; the card is discarded")
	}
	// once a formation deployed, too late
	s = cardSpringState(t, France, 109)
	s.SpringMoved = true
	if has(optionValues(t, s), "informant") {
		t.Fatal("Venetian Informant only before any deployment")
	}
}
