package his

import (
	"testing"

	"concordat/game"
)

// withEvent registers e as the event of the card with this printed number
// for the test's duration (restoring whatever was registered before).
func withEvent(t *testing.T, number int, e *eventDef) {
	t.Helper()
	old, had := eventDefs[number]
	eventDefs[number] = e
	t.Cleanup(func() {
		if had {
			eventDefs[number] = old
		} else {
			delete(eventDefs, number)
		}
	})
}

// A Mandatory Event must be played even when its leading condition fails or
// it has nothing to choose: it then has no effect, and the player still
// receives 2 CP (CARDS.md §0.1 items 3 and 11, §6.1).
func TestMandatoryEventWithFailedCondition(t *testing.T) {
	council := mustCard(17) // Council of Trent: Mandatory, recurs
	for _, c := range []struct {
		name string
		def  *eventDef
	}{
		{"condition false", &eventDef{can: func(*State, Power) bool { return false }}},
		{"nothing to choose", &eventDef{choices: func(*State, Power) []game.Choice { return nil }}},
	} {
		played := false
		c.def.play = func(*State, Power, []string) { played = true }
		withEvent(t, 17, c.def)
		s := impulseState(t, 6, Papacy, council, eventCardWithCP(t, 2))
		s.Powers[Papacy].Hand = append(s.Powers[Papacy].Hand, uint8(mustCard(5)))
		ch := s.impulseChoices(Papacy)
		if len(ch) == 0 || ch[0].Value != "event" || len(ch[0].Next) == 0 || ch[0].Next[0].Value != "17" || ch[0].Next[0].Next != nil {
			t.Fatalf("%s: the Mandatory Event comes first, with nothing to choose: %+v", c.name, ch)
		}
		answer(t, s, kImpulse, Papacy, "event", "17")
		if played {
			t.Errorf("%s: the event has no effect", c.name)
		}
		if s.holds(Papacy, council) || s.Discard[len(s.Discard)-1] != uint8(council) || !s.eventedThisTurn(council) {
			t.Errorf("%s: the card is played (discard %v)", c.name, s.Discard)
		}
		if d, ok := s.top(); !ok || d.Kind != kAction || s.Act == nil || s.Act.CP != 2 {
			t.Errorf("%s: the Papacy has 2 CP: %+v %+v", c.name, s.Stack, s.Act)
		}
	}
}
