package his

import (
	"slices"
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

// The pass rules of §11.0 and the default of a forced impulse: a power with
// no cards must pass; one holding its Home card, a Mandatory Event or more
// cards than its ruler's administrative rating may not; a Mandatory Event
// comes first, and a deadline plays it (then its 2 CP are lost at once: the
// missed impulse ends, see TestMissedImpulseDefault).
func TestImpulsePassRulesAndDefault(t *testing.T) {
	two, three := eventCardWithCP(t, 2), eventCardWithCP(t, 3)
	council := mustCard(17)
	values := func(ch []game.Choice) []string {
		var out []string
		for _, c := range ch {
			out = append(out, c.Value)
		}
		return out
	}

	s := impulseState(t, 6, Ottoman)
	if v := values(s.impulseChoices(Ottoman)); len(v) != 1 || v[0] != "pass" {
		t.Fatalf("no cards: only pass, got %v", v)
	}
	// Suleiman's administrative rating is 2: with 2 cards he may pass, with 3 not.
	s = impulseState(t, 6, Ottoman, two, three)
	if v := values(s.impulseChoices(Ottoman)); v[0] != "pass" {
		t.Fatalf("2 cards: pass first, got %v", v)
	}
	s = impulseState(t, 6, Ottoman, two, three, eventCardWithCP(t, 4))
	if v := values(s.impulseChoices(Ottoman)); has(v, "pass") || v[0] != "cp" {
		t.Fatalf("3 cards: no pass, CP first, got %v", v)
	}
	s = impulseState(t, 6, Ottoman, two, mustCard(1))
	if v := values(s.impulseChoices(Ottoman)); has(v, "pass") {
		t.Fatalf("Home card held: no pass, got %v", v)
	}

	played := false
	withEvent(t, 17, &eventDef{play: func(*State, Power, []string) { played = true }})
	s = impulseState(t, 6, Papacy, two, council)
	ch := s.impulseChoices(Papacy)
	if v := values(ch); has(v, "pass") || v[0] != "event" || ch[0].Next[0].Value != "17" || has(values(ch[1].Next), "17") {
		t.Fatalf("Mandatory Event held: it comes first and never for CP, got %+v", ch)
	}
	if _, _, err := (Rules{}).Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
		t.Fatal(err)
	}
	if d, _ := s.top(); !played || s.holds(Papacy, council) || s.Act != nil || d.Power == Papacy {
		t.Fatalf("the deadline plays the Mandatory Event and ends the impulse: played %v, CP left %v, owed %+v", played, s.Act != nil, d)
	}
}

// TestMissedImpulseDefault: what one Advance does with a missed impulse
// (§11.0, §11.1). It passes when the power may; when it may not, it plays
// the lowest-CP card that is not a Home card for CP (ties: the lower
// number), a Home card only when the power holds nothing else, and spends
// none of the CP: "unspent CP are lost at the end of the impulse", and the
// impulse is over — the next power's impulse is owed.
func TestMissedImpulseDefault(t *testing.T) {
	two, three, four := eventCardWithCP(t, 2), eventCardWithCP(t, 3), eventCardWithCP(t, 4)
	jan := mustCard(1) // Janissaries, the Ottoman Home card, 5 CP
	for _, tc := range []struct {
		name   string
		hand   []int
		played int // -1: pass
	}{
		{"may pass (2 cards, Suleiman's rating 2)", []int{two, three}, -1},
		{"Home card held: the lowest other card", []int{jan, four, two, three}, two},
		{"too many cards: the lowest", []int{four, three, two}, two},
		{"only the Home card", []int{jan}, jan},
	} {
		s := impulseState(t, 6, Ottoman, tc.hand...)
		s.Passes = 2
		if _, _, err := (Rules{}).Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
		d, _ := s.top()
		if s.Act != nil || d.Power == Ottoman {
			t.Fatalf("%s: the impulse goes on (CP left: %v), owed %+v", tc.name, s.Act != nil, d)
		}
		if tc.played < 0 {
			if s.Passes != 3 || len(s.Powers[Ottoman].Hand) != len(tc.hand) {
				t.Fatalf("%s: want a pass, passes %d, hand %v", tc.name, s.Passes, s.Powers[Ottoman].Hand)
			}
			continue
		}
		if s.holds(Ottoman, tc.played) || len(s.Powers[Ottoman].Hand) != len(tc.hand)-1 || s.Passes != 0 {
			t.Fatalf("%s: want #%d played, hand %v", tc.name, Cards[tc.played].Number, s.Powers[Ottoman].Hand)
		}
		if tc.played != jan && !s.holds(Ottoman, jan) && slices.Contains(tc.hand, jan) {
			t.Fatalf("%s: Janissaries spent", tc.name)
		}
	}
}

// A Home card played for CP or as an event goes back to its power card: out
// of hand (and out of the deck and discard pile) until the next deal, when
// it returns to its owner's hand (§6.1).
func TestHomeCardOutOfHandUntilNextDeal(t *testing.T) {
	for _, mode := range [][]string{{"cp", "1"}, {"event", "1"}} {
		s := impulseState(t, 2, Ottoman, mustCard(1), eventCardWithCP(t, 2))
		answer(t, s, kImpulse, Ottoman, mode...)
		jan := mustCard(1)
		if s.holds(Ottoman, jan) || cardIn(s.Discard, jan) || cardIn(s.Deck, jan) || cardIn(s.Gone, jan) {
			t.Fatalf("%s: Janissaries is on the power card", mode[0])
		}
		s.Stack, s.Home, s.Act = nil, nil, nil
		s.cardDraw()
		n := 0
		for _, c := range s.Powers[Ottoman].Hand {
			if int(c) == jan {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%s: Janissaries back in hand once at the deal, got %d", mode[0], n)
		}
	}
}

// No card is played as an event twice in one turn (§6.2): a card another
// power played as an event may be retrieved by Here I Stand, but then only
// for CP.
func TestEventOncePerTurnRetrieved(t *testing.T) {
	two := eventCardWithCP(t, 2)
	withEvent(t, Cards[two].Number, &eventDef{play: func(*State, Power, []string) {}})
	s := impulseState(t, 2, Protestant, cHereIStand)
	s.Discard = []uint8{uint8(two)}
	s.Evented = []PlayedEvent{{Card: uint8(two), By: France}}
	answer(t, s, kImpulse, Protestant, "event", "7", num(two))
	if opts := optionValues(t, s); has(opts, "event") || !has(opts, "cp") {
		t.Fatalf("the retrieved card was an event this turn: only CP or keep, got %v", opts)
	}
	answer(t, s, kRetrievedPlay, Protestant, "keep")
	s.Stack = nil
	s.push(kImpulse, Protestant)
	if has(optionValues(t, s, "event"), num(two)) || !has(optionValues(t, s, "cp"), num(two)) {
		t.Fatal("later this turn too: only for CP")
	}
}

// Combat cards are never played as the event of an impulse (§11.0, CARDS.md
// §0.1 item 1), only for CP, even if an event is registered for them.
func TestCombatCardNeverAnImpulseEvent(t *testing.T) {
	combat := -1
	for i, c := range Cards {
		if c.Type == CombatCard && !c.Diplo {
			combat = i
			break
		}
	}
	withEvent(t, Cards[combat].Number, &eventDef{play: func(*State, Power, []string) {}})
	s := impulseState(t, 2, Hapsburg, combat)
	if has(optionValues(t, s, "event"), num(combat)) || !has(optionValues(t, s, "cp"), num(combat)) {
		t.Fatalf("a Combat card only for CP: %+v", s.impulseChoices(Hapsburg))
	}
}
