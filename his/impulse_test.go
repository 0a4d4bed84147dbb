package his

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"concordat/game"
)

// topValues lists the first level of p's impulse options.
func topValues(s *State, p Power) []string {
	var out []string
	for _, c := range s.impulseChoices(p) {
		out = append(out, c.Value)
	}
	return out
}

// impulseCards lists the card numbers under the impulse option mode ("cp"
// or "event").
func impulseCards(s *State, p Power, mode string) []int {
	var out []int
	for _, c := range s.impulseChoices(p) {
		if c.Value == mode {
			for _, n := range c.Next {
				out = append(out, atoi(n.Value))
			}
		}
	}
	return out
}

// TestPassingRules: §11.0 — no pass while the Home card is unplayed, while
// holding a Mandatory Event, or while holding more cards than the ruler's
// administrative rating; with no cards, pass is the only option.
func TestPassingRules(t *testing.T) {
	leo := slices.IndexFunc(Rulers, func(r RulerInfo) bool { return r.Name == "Leo X" })
	clement := slices.IndexFunc(Rulers, func(r RulerInfo) bool { return r.Name == "Clement VII" })
	cases := []struct {
		name  string
		p     Power
		ruler int // -1: the 1517 ruler
		cards []int
		pass  bool   // pass is allowed
		first string // the first option (the default)
	}{
		{"no cards", Ottoman, -1, nil, true, "pass"},
		{"Home card unplayed", Ottoman, -1, []int{1}, false, "cp"},
		{"Mandatory Event held", Ottoman, -1, []int{12}, false, "event"},
		{"Mandatory Event and another card", France, -1, []int{65, 12}, false, "event"},
		{"admin 2, 2 cards", Ottoman, -1, []int{65, 66}, true, "pass"},
		{"admin 2, 3 cards", Ottoman, -1, []int{65, 66, 67}, false, "cp"},
		{"Francis I (admin 1), 2 cards", France, -1, []int{65, 66}, false, "cp"},
		{"Leo X (admin 0), 1 card", Papacy, leo, []int{65}, false, "cp"},
		{"Clement VII (admin 1), 1 card", Papacy, clement, []int{65}, true, "pass"},
	}
	for _, c := range cases {
		s := heldImpulse(t, 2, c.p, c.cards...)
		if c.ruler >= 0 {
			s.Powers[c.p].Ruler = c.ruler
		}
		have := topValues(s, c.p)
		if slices.Contains(have, "pass") != c.pass || have[0] != c.first {
			t.Errorf("%s: options %v, want pass %v and %s first", c.name, have, c.pass, c.first)
		}
		if c.cards == nil && len(have) != 1 {
			t.Errorf("%s: only pass, have %v", c.name, have)
		}
		// Apply refuses a pass that is not offered.
		_, _, err := (Rules{}).Apply(s, game.Seat(c.p.String()), game.NewAction(kImpulse, []string{"pass"}))
		if (err == nil) != c.pass {
			t.Errorf("%s: pass accepted %v, want %v (%v)", c.name, err == nil, c.pass, err)
		}
	}
}

// TestMandatoryNeverForCP: a Mandatory Event is played only as its event,
// first among the options (the default at a deadline).
func TestMandatoryNeverForCP(t *testing.T) {
	s := heldImpulse(t, 2, France, 65, 12)
	if cp := impulseCards(s, France, "cp"); !reflect.DeepEqual(cp, []int{65}) {
		t.Errorf("cards for CP %v", cp)
	}
	if _, _, err := (Rules{}).Apply(s, "france", game.NewAction(kImpulse, []string{"cp", "12"})); err == nil {
		t.Error("Master of Italy for CP is refused")
	}
	if _, _, err := (Rules{}).Apply(s, game.System, game.NewAction(game.Advance, nil)); err != nil {
		t.Fatal(err)
	}
	wantCard(t, s, 12, "discard")
}

// TestMandatoryCPAfterTheEvent: the 2 CP come once the event is over, and
// Luther's 95 Theses gives none (it is never an impulse's event).
func TestMandatoryCPAfterTheEvent(t *testing.T) {
	s := heldImpulse(t, 5, Protestant, 15)
	playMandatory(t, s, Protestant, 15)
	if d, _ := s.top(); d.Kind != kEvUniversity {
		t.Fatalf("the event's decisions come first: %+v", d)
	}
	play(t, s, kEvUniversity, Papacy, "rome")
	play(t, s, kEvUniversity, Papacy, "vienna")
	d, _ := s.top()
	if d.Kind != kAction || d.Power != Protestant || s.Act.CP != 2 {
		t.Fatalf("then the Protestant's 2 CP: %+v %+v", d, s.Act)
	}
	if ev := play(t, s, kAction, Protestant, "done"); !hasEvent(ev, "protestant loses 2 unspent CP") {
		t.Errorf("the 2 CP end unspent: %v", ev)
	}

	if eventDefs[8] != nil {
		t.Error("Luther's 95 Theses is not an impulse's event")
	}
	st, err := (Rules{}).Setup(game.Config{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s := st.(*State); s.Phase != PhaseTheses || s.Act != nil || !s.isGone(mustCard(8)) {
		t.Error("the 95 Theses: no CP, the card leaves the game")
	}
}

// TestEventOncePerTurn: a card's event is played at most once per turn
// (§6.2), and the list is cleared at the next turn.
func TestEventOncePerTurn(t *testing.T) {
	s := heldImpulse(t, 2, Ottoman, 12)
	playMandatory(t, s, Ottoman, 12)
	if !slices.Contains(s.Evented, PlayedEvent{Card: uint8(mustCard(12)), By: Ottoman}) {
		t.Fatal("the event is recorded")
	}
	// Master of Italy comes back into a hand (say, drawn from the discard
	// pile): its event is not offered again; the holder may pass, since it
	// can play nothing.
	s.takeOut(mustCard(12))
	s.Powers[Hapsburg].Hand = []uint8{uint8(mustCard(12))}
	if have := topValues(s, Hapsburg); !reflect.DeepEqual(have, []string{"pass"}) {
		t.Errorf("options %v", have)
	}
	// a Combat card: never an impulse's event
	s.Powers[Hapsburg].Hand = append(s.Powers[Hapsburg].Hand, uint8(mustCard(24)))
	if have := topValues(s, Hapsburg); !reflect.DeepEqual(have, []string{"cp"}) {
		t.Errorf("with another card: options %v", have)
	}
	s.Phase = PhaseWinter
	s.Stack = nil
	s.startTurn()
	if len(s.Evented) != 0 {
		t.Errorf("a new turn forgets the events played: %v", s.Evented)
	}
}

// TestWhereCardsGo: an event with a removal goes out of the game; a Home
// card goes back to its power card (not the discard pile) whatever its use
// and returns at the next deal; a card for CP goes to the discard pile even
// if its event would remove it.
func TestWhereCardsGo(t *testing.T) {
	s := heldImpulse(t, 2, Ottoman, 9)
	playMandatory(t, s, Ottoman, 9)
	wantCard(t, s, 9, "gone")

	s = heldImpulse(t, 2, Papacy, 6, 39)
	s.convert(spWittenberg, true)
	play(t, s, kImpulse, Papacy, "event", "6", "german")
	if s.Debate == nil || s.Debate.Source != SrcLeipzig {
		t.Fatal("Leipzig Debate calls a debate")
	}
	c := mustCard(6)
	if s.holds(Papacy, c) || inList(s.Discard, c) || inList(s.Gone, c) || inList(s.Deck, c) {
		t.Error("a Home card played goes to its power card")
	}
	s.cardDraw()
	if !s.holds(Papacy, c) {
		t.Error("the Home card is back at the next deal")
	}

	s = heldImpulse(t, 3, Papacy, 39, 5)
	play(t, s, kImpulse, Papacy, "cp", "39")
	wantCard(t, s, 39, "discard")
	if s.Act == nil || s.Act.CP != Cards[mustCard(39)].CP || s.Act.Card != mustCard(39) {
		t.Errorf("the card's CP: %+v", s.Act)
	}
	s = heldImpulse(t, 3, Hapsburg, 2)
	play(t, s, kImpulse, Hapsburg, "cp", "2")
	if inList(s.Discard, mustCard(2)) || s.holds(Hapsburg, mustCard(2)) {
		t.Error("a Home card played for CP goes to its power card")
	}
}

// TestDoneLosesCP: unspent CP are lost when the power ends its impulse.
func TestDoneLosesCP(t *testing.T) {
	s := heldImpulse(t, 2, Papacy, 65)
	play(t, s, kImpulse, Papacy, "cp", "65")
	if s.Act == nil || s.Act.CP != 4 || s.Act.Card != mustCard(65) {
		t.Fatalf("A Mighty Fortress gives 4 CP: %+v", s.Act)
	}
	ev := play(t, s, kAction, Papacy, "done")
	if s.Act != nil || !hasEvent(ev, "papacy loses 4 unspent CP") {
		t.Errorf("done loses the 4 CP: %+v %v", s.Act, ev)
	}
	if d, _ := s.top(); d.Kind != kImpulse || d.Power != Protestant {
		t.Errorf("the Protestant's impulse follows: %+v", d)
	}
}

// TestSixPassesEndThePhase: the Action Phase ends after six passes in a
// row; a card play in between starts the count again.
func TestSixPassesEndThePhase(t *testing.T) {
	s := heldImpulse(t, 2, Ottoman)
	s.takeOut(mustCard(65))
	s.Powers[Hapsburg].Hand = []uint8{uint8(mustCard(65))}
	pass := func(p Power) {
		t.Helper()
		play(t, s, kImpulse, p, "pass")
	}
	pass(Ottoman)
	play(t, s, kImpulse, Hapsburg, "cp", "65")
	if d, _ := s.top(); d.Kind == kAction {
		play(t, s, kAction, Hapsburg, "done")
	}
	if s.Passes != 0 {
		t.Fatalf("a card play resets the passes: %d", s.Passes)
	}
	for i, p := range []Power{England, France, Papacy, Protestant, Ottoman} {
		pass(p)
		if s.Phase != PhaseAction || s.Passes != i+1 {
			t.Fatalf("after %d passes: phase %s, passes %d", i+1, s.Phase, s.Passes)
		}
	}
	pass(Hapsburg)
	if s.Phase == PhaseAction || (s.Winter == nil && s.LastWinter == nil) {
		t.Errorf("six passes end the Action Phase: phase %s", s.Phase)
	}
}

// TestRandomImpulsesKeepTheRules plays random impulses from a dealt hand
// and checks after each that no Mandatory Event survives a pass, and that
// every card is in exactly one place.
func TestRandomImpulsesKeepTheRules(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := heldImpulse(t, 6, Ottoman)
		for p := Power(0); p < NumMajors; p++ {
			for i := 0; i < 3 && len(s.Deck) > 0; i++ {
				s.drawFromDeck(p)
			}
		}
		s.RNG = game.NewRNG(seed)
		for step := 0; step < 400 && s.Phase == PhaseAction; step++ {
			d, ok := s.top()
			if !ok {
				t.Fatalf("seed %d: no decision", seed)
			}
			path := randomPath(rand.New(rand.NewPCG(seed, uint64(step))), s.choices(d))
			if d.Kind == kImpulse && path[0] == "pass" {
				for _, c := range s.Powers[d.Power].Hand {
					if Cards[c].Type == MandatoryCard && s.eventPlayable(d.Power, int(c)) {
						t.Fatalf("seed %d: %s passes holding #%d", seed, d.Power, Cards[c].Number)
					}
				}
			}
			if _, _, err := (Rules{}).Apply(s, game.Seat(d.Power.String()), game.NewAction(d.Kind, path)); err != nil {
				t.Fatalf("seed %d: %s %v: %v", seed, d.Kind, path, err)
			}
			seen := map[uint8]int{}
			for _, l := range [][]uint8{s.Deck, s.Discard, s.Gone} {
				for _, c := range l {
					seen[c]++
				}
			}
			for p := range s.Powers {
				for _, c := range s.Powers[p].Hand {
					seen[c]++
				}
			}
			for c, n := range seen {
				if n > 1 {
					t.Fatalf("seed %d step %d: card #%d is in %d places", seed, step, Cards[c].Number, n)
				}
			}
		}
	}
}

// TestMaryResponseForCPOnly: under Mary I, England plays Response (and
// Combat) cards only for CP (§21.3): #38 Halley's Comet, a Response card
// with an impulse event, is offered to others as an event.
func TestMaryResponseForCPOnly(t *testing.T) {
	s := heldImpulse(t, 7, England, 38)
	if ev := impulseCards(s, England, "event"); !reflect.DeepEqual(ev, []int{38}) {
		t.Fatalf("under Henry VIII the event is offered: %v", ev)
	}
	s.Powers[England].Ruler = slices.IndexFunc(Rulers, func(r RulerInfo) bool { return r.Name == "Mary I" })
	if ev := impulseCards(s, England, "event"); len(ev) != 0 || !s.eventPlayable(France, mustCard(38)) {
		t.Errorf("under Mary I England may not play it as an event (others may): %v", ev)
	}
	if cp := impulseCards(s, England, "cp"); !reflect.DeepEqual(cp, []int{38}) {
		t.Errorf("for CP it is offered: %v", cp)
	}
}
