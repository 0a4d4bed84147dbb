package his

import (
	"strconv"
	"testing"
)

// impulseState: the 1517 setup on the given turn, in p's Action Phase
// impulse, p holding exactly these cards.
func impulseState(t *testing.T, turn int, p Power, hand ...int) *State {
	t.Helper()
	s := NewState1517(Ed500, 3)
	s.Stack = nil
	s.Reform = nil
	s.Turn = turn
	s.Phase = PhaseAction
	s.Impulse = p
	s.Powers[p].Hand = nil
	for _, c := range hand {
		s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(c))
	}
	s.push(kImpulse, p)
	return s
}

func setRuler(s *State, p Power, name string) {
	for i, r := range Rulers {
		if r.Name == name && r.Power == p {
			s.Powers[p].Ruler = i
		}
	}
}

// maryState: Turn 7, Mary I rules England, Lincoln (an English home space
// in the English zone) is Protestant, and it is England's impulse.
func maryState(t *testing.T, hand ...int) *State {
	t.Helper()
	s := impulseState(t, 7, England, hand...)
	setRuler(s, England, "Mary I")
	s.Spaces[sp(t, "lincoln")].Prot = true
	return s
}

// eventCardWithCP is the first Event card worth cp CP.
func eventCardWithCP(t *testing.T, cp int) int {
	t.Helper()
	for i, c := range Cards {
		if c.Type == EventCard && c.CP == cp && !c.Diplo {
			return i
		}
	}
	t.Fatalf("no event card with %d CP", cp)
	return -1
}

func num(c int) string { return strconv.Itoa(Cards[c].Number) }

// English impulses under Mary I (§21.3, ruling E2).
func TestMaryImpulse(t *testing.T) {
	two, three, four := eventCardWithCP(t, 2), eventCardWithCP(t, 3), eventCardWithCP(t, 4)

	// 4–6: England goes on to play the shown card for CP.
	s := maryState(t, two, four)
	if ch := s.impulseChoices(England); len(ch) != 1 || ch[0].Value != "show" || len(ch[0].Next) != 2 {
		t.Fatalf("England must show one of its two cards: %+v", ch)
	}
	s.Script = []int{4}
	answer(t, s, kImpulse, England, "show", num(four))
	answer(t, s, kMary, England, "cp")
	// (With no action to spend them on yet, the impulse may already be over.)
	if (s.Act != nil && (s.Act.CP != 4 || s.Act.Power != England)) || s.Reform != nil || s.Debate != nil ||
		len(s.Powers[England].Hand) != 1 || s.Discard[len(s.Discard)-1] != uint8(four) {
		t.Fatalf("England plays the card for 4 CP: %+v", s.Act)
	}

	// 1–3 with a 2-CP card: the card is spent and the Papacy burns books in
	// the English zone; the impulse counts as played.
	s = maryState(t, two, four)
	s.Passes = 3
	s.Spaces[sp(t, "leipzig")].Prot = true // a German Protestant space: not a target
	s.Script = []int{3}
	answer(t, s, kImpulse, England, "show", num(two))
	answer(t, s, kMaryBurn, Papacy, "none") // Cajetan and Tetzel are uncommitted
	if s.Reform == nil || s.Reform.Zone != LangEnglish || !s.Reform.Counter || s.Reform.Left != 2 || s.Act != nil || s.Passes != 0 {
		t.Fatalf("Papal Burn Books in the English zone: %+v, act %+v, passes %d", s.Reform, s.Act, s.Passes)
	}
	if len(s.Powers[England].Hand) != 1 || s.Discard[len(s.Discard)-1] != uint8(two) {
		t.Fatal("the shown card is spent to the discard pile")
	}
	targets := s.reformTargets()
	for _, sp := range targets {
		if Spaces[sp].Lang != LangEnglish {
			t.Fatalf("Mary I's Burn Books may target only English-zone spaces, not %s", Spaces[sp].ID)
		}
	}
	if len(targets) != 1 || targets[0] != sp(t, "lincoln") {
		t.Fatalf("Mary I's Burn Books targets %v, want Lincoln", targets)
	}

	// 1–3 with a 3-CP card: a Papal debate in the English zone (here an
	// English Protestant debater is in play).
	s = maryState(t, three)
	s.Debaters[dCranmer] = DebUncommitted
	s.Script = []int{1}
	answer(t, s, kImpulse, England, "show", num(three))
	if s.Debate == nil || s.Debate.Zone != LangEnglish || s.Debate.Initiator != Papacy || s.Reform != nil {
		t.Fatalf("Papal debate in England: %+v", s.Debate)
	}

	// With every English-zone home space Catholic the impulse is normal.
	s = maryState(t, two)
	s.Spaces[sp(t, "lincoln")].Prot = false
	if ch := s.impulseChoices(England); ch[len(ch)-1].Value == "show" || ch[0].Value != "pass" {
		t.Fatalf("normal impulse: %+v", ch)
	}
}

// Pregnancy result 3: England's next pass this turn advances Henry VIII's
// marital status once more (§21.3).
func TestFlirtatiousWife(t *testing.T) {
	s := maryState(t)
	setRuler(s, England, "Henry VIII")
	s.Marital = 2
	s.Script = []int{3} // Jane Seymour: 3 + 1 = 4, Elizabeth
	s.Flirt = true
	answer(t, s, kImpulse, England, "pass")
	if s.Marital != 3 || s.Flirt || s.Pregnancy&(1<<4) == 0 {
		t.Fatalf("marital %d, flirt %v, pregnancy %b", s.Marital, s.Flirt, s.Pregnancy)
	}
	// A second pass does not advance it again.
	s.push(kImpulse, England)
	answer(t, s, kImpulse, England, "pass")
	if s.Marital != 3 {
		t.Fatalf("marital %d after a second pass", s.Marital)
	}
}

// While Mary I rules, England may play Response and Combat cards only for
// CP (§21.3, CARDS.md §0.1 item 12), whether or not the Mary I procedure
// runs this impulse; other powers still may.
func TestMaryResponseCardsOnlyForCP(t *testing.T) {
	resp := -1
	for i, c := range Cards {
		if c.Type == ResponseCard && !c.Diplo {
			resp = i
			break
		}
	}
	withEvent(t, Cards[resp].Number, &eventDef{play: func(*State, Power, []string) {}})

	// The procedure skipped (every English-zone home space Catholic).
	s := maryState(t, resp)
	s.Spaces[sp(t, "lincoln")].Prot = false
	if has(optionValues(t, s, "event"), num(resp)) || !has(optionValues(t, s, "cp"), num(resp)) {
		t.Fatalf("Mary I: the Response card only for CP: %+v", s.impulseChoices(England))
	}
	// The procedure runs and the roll is 4–6.
	s = maryState(t, resp)
	s.Script = []int{5}
	answer(t, s, kImpulse, England, "show", num(resp))
	if opts := optionValues(t, s); len(opts) != 1 || opts[0] != "cp" {
		t.Fatalf("Mary I, 4–6: the Response card only for CP: %v", opts)
	}
	// Under Henry VIII England may play it as an event.
	s = impulseState(t, 7, England, resp)
	if !has(optionValues(t, s, "event"), num(resp)) {
		t.Fatal("Henry VIII: the Response card as an event")
	}
}

// Under Mary I the Papacy performs Burn Books in the English zone: it may
// use the Burn Books debater bonuses (§18.1.7) — Cajetan 3 attempts, Tetzel
// +1 St. Peter's CP per attempt — but only on English-zone spaces.
func TestMaryBurnBooksDebaterBonus(t *testing.T) {
	two := eventCardWithCP(t, 2)
	s := maryState(t, two)
	for _, id := range []string{"cajetan", "tetzel", "caraffa"} {
		s.Debaters[mustDebater(id)] = DebOut
	}
	s.Debaters[mustDebater("cajetan")] = DebUncommitted
	s.Script = []int{2}
	answer(t, s, kImpulse, England, "show", num(two))
	if opts := optionValues(t, s); len(opts) != 2 || opts[0] != "none" || opts[1] != "cajetan" {
		t.Fatalf("the Papacy may commit Cajetan: %v", opts)
	}
	answer(t, s, kMaryBurn, Papacy, "cajetan")
	if s.Reform == nil || s.Reform.Zone != LangEnglish || s.Reform.Left != 3 || s.Debaters[mustDebater("cajetan")] != DebCommitted {
		t.Fatalf("Cajetan: 3 Counter Reformation attempts in the English zone: %+v", s.Reform)
	}

	// No bonus debater uncommitted: Burn Books starts at once.
	s = maryState(t, two)
	for _, id := range []string{"cajetan", "tetzel", "caraffa"} {
		s.Debaters[mustDebater(id)] = DebCommitted
	}
	s.Script = []int{1}
	answer(t, s, kImpulse, England, "show", num(two))
	if s.Reform == nil || s.Reform.Left != 2 || s.Reform.Zone != LangEnglish {
		t.Fatalf("plain Burn Books: %+v", s.Reform)
	}
}
