package his

import (
	"fmt"
	"strings"
	"testing"

	"concordat/game"
)

// throughTheses answers the 95 Theses' attempts with their first options.
func throughTheses(t *testing.T, s *State) {
	t.Helper()
	for {
		d, ok := s.top()
		if !ok || d.Kind != kReform {
			return
		}
		opts := (Rules{}).Legal(s, "protestant")
		answer(t, s, kReform, Protestant, opts.Choices[0].Value)
	}
}

func optionLabel(t *testing.T, s *State, seat game.Seat, value string) string {
	t.Helper()
	for _, c := range (Rules{}).Legal(s, seat).Choices {
		if c.Value == value {
			return c.Label
		}
	}
	t.Fatalf("%s is not an option", value)
	return ""
}

// Luther's 95 Theses (§18.1.1, §18.3) with the rulebook's Magdeburg example:
// after Brandenburg turned, Magdeburg has 6 Protestant dice against 3.
func TestNinetyFiveTheses(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 1)
	s := st.(*State)
	if s.Phase != PhaseTheses || !s.Reformer[spWittenberg] || !s.Spaces[spWittenberg].Prot || s.Spaces[spWittenberg].Units[Protestant].Reg != 2 {
		t.Fatal("turn 1 opens with the 95 Theses: Luther in Protestant Wittenberg with its 2 regulars")
	}
	if len(s.Powers[France].Hand) != 0 {
		t.Error("no cards are dealt before the 95 Theses")
	}
	brandenburg, magdeburg, breslau := sp(t, "brandenburg"), sp(t, "magdeburg"), sp(t, "breslau")
	// 1. Brandenburg: Wittenberg (Protestant, reformer, stack) + 1 Theses die = 4; a 6 wins at once.
	if l := optionLabel(t, s, "protestant", "brandenburg"); !strings.Contains(l, "(4 vs") {
		t.Errorf("Brandenburg: %s", l)
	}
	s.Script = []int{6, 1, 1, 1}
	answer(t, s, kReform, Protestant, "brandenburg")
	if !s.Spaces[brandenburg].Prot || s.Spaces[brandenburg].Units[Protestant].Reg != 1 {
		t.Error("Brandenburg turns Protestant and receives its display regular")
	}
	// 2. Magdeburg: 6 against 3; a tie in the German zone goes to the Protestant.
	if l := optionLabel(t, s, "protestant", "magdeburg"); !strings.Contains(l, "(6 vs 3 dice)") {
		t.Errorf("Magdeburg: %s, want 6 vs 3 dice", l)
	}
	s.Script = []int{5, 1, 1, 1, 1, 1, 5, 2, 2}
	answer(t, s, kReform, Protestant, "magdeburg")
	if !s.Spaces[magdeburg].Prot {
		t.Error("a tie in the target zone favours the attempt")
	}
	// 3. Breslau lies outside the German zone: a 6 is no automatic success and the Papacy wins ties.
	n := s.religionDice(breslau, true) + 1
	s.Script = append(append([]int{6}, ones(n-1)...), 6)
	for i := 1; i < s.religionDice(breslau, false); i++ {
		s.Script = append(s.Script, 1)
	}
	answer(t, s, kReform, Protestant, "breslau")
	if s.Spaces[breslau].Prot {
		t.Error("outside the target zone the Papacy wins ties")
	}
	// A space may be the target of one attempt per impulse.
	for _, c := range (Rules{}).Legal(s, "protestant").Choices {
		if c.Value == "breslau" || c.Value == "magdeburg" {
			t.Errorf("%s offered twice", c.Value)
		}
	}
	s.Script = nil
	throughTheses(t, s)
	if len(s.LastReform.Done) != 5 || s.Phase != PhaseDiplomacy {
		t.Errorf("five attempts, then the Card Draw and Diplomacy: %d, %s", len(s.LastReform.Done), s.Phase)
	}
	if len(s.Powers[France].Hand) == 0 {
		t.Error("cards are dealt after the 95 Theses")
	}
	if d, _ := s.top(); d.Kind != kAnnounce || d.Power != England {
		t.Errorf("then England negotiates: %+v", d)
	}
}

func TestReligiousDice(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	leipzig := sp(t, "leipzig")
	if n := s.religionDice(leipzig, true); n != 3 {
		t.Errorf("Leipzig: Protestant Wittenberg, its reformer and its stack: %d, want 3", n)
	}
	s.Spaces[spWittenberg].Unrest = true
	if n := s.religionDice(leipzig, true); n != 1 {
		t.Errorf("a neighbour in unrest gives nothing (minimum 1): %d", n)
	}
	if s.eligible(leipzig, true) {
		t.Error("a neighbour in unrest cannot be the only Protestant neighbour")
	}
	// Stacks: Hapsburg units are Catholic, English under Henry VIII count for nobody.
	s = NewState1517(Ed500, 1)
	s.Spaces[leipzig].Units[Hapsburg].Reg = 1
	if !s.alignedStack(leipzig, alignCath) || s.alignment(England) != alignNone || s.alignment(Ottoman) != alignNone {
		t.Error("alignment of land units (§18.2.3)")
	}
	c0 := s.religionDice(sp(t, "erfurt"), false)
	s.Spaces[leipzig].Units[Hapsburg].Reg = 0
	if s.religionDice(sp(t, "erfurt"), false) != c0-1 {
		t.Error("an adjacent Catholic stack gives the Papacy 1 die")
	}
}

func counterState(t *testing.T, pope string) *State {
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	s.convert(sp(t, "leipzig"), true)
	for i, r := range Rulers {
		if r.Name == pope {
			s.Powers[Papacy].Ruler = i
		}
	}
	s.Phase = PhaseAction
	s.Impulse = Papacy
	s.Powers[Papacy].Hand = []uint8{uint8(mustCard(75))} // Erasmus, 4 CP
	s.push(kImpulse, Papacy)
	return s
}

// Burn Books (§18.1.7) and Counter Reformation attempts (§18.4).
func TestCounterReformation(t *testing.T) {
	leipzig := sp(t, "leipzig")
	for _, c := range []struct {
		pope      string
		papal     []int
		augsburg  bool
		catholic  bool
		situation string
	}{
		{"Leo X", []int{5}, false, false, "a tie goes to the Protestant under Leo X"},
		{"Paul III", []int{5}, false, true, "a tie in the target zone goes to the Papacy under Paul III"},
		{"Leo X", []int{6}, true, false, "Augsburg Confession: -1 to each Papal die (6 becomes 5: a tie)"},
		{"Leo X", []int{6}, false, true, "a higher Papal die wins"},
	} {
		s := counterState(t, c.pope)
		s.Augsburg = c.augsburg
		answer(t, s, kImpulse, Papacy, "cp", "75")
		answer(t, s, kAction, Papacy, "burn", "german", "none")
		pn, qn := s.religionDice(leipzig, false), s.religionDice(leipzig, true)
		if !strings.Contains(optionLabel(t, s, "papacy", "leipzig"), fmt.Sprintf("(%d vs %d dice)", pn, qn)) {
			t.Errorf("label %q", optionLabel(t, s, "papacy", "leipzig"))
		}
		// Papal dice: the given highest, then 1s; Protestant: a 5, then 1s.
		s.Script = cat(c.papal, ones(pn-1), []int{5}, ones(qn-1))
		answer(t, s, kReform, Papacy, "leipzig")
		if s.Spaces[leipzig].Prot == c.catholic {
			t.Errorf("%s: Leipzig Catholic %v, want %v\n%v", c.situation, !s.Spaces[leipzig].Prot, c.catholic, s.Reform.Log)
		}
	}
	// Automatic success on a 6 in the target zone under Paul III: the
	// Protestant does not roll.
	s := counterState(t, "Paul III")
	answer(t, s, kImpulse, Papacy, "cp", "75")
	answer(t, s, kAction, Papacy, "burn", "german", "none")
	s.Script = cat([]int{6}, ones(s.religionDice(leipzig, false)-1))
	answer(t, s, kReform, Papacy, "leipzig")
	if s.Spaces[leipzig].Prot || len(s.Script) != 0 || !strings.Contains(strings.Join(s.Reform.Log, ""), "automatic success") {
		t.Error("automatic success under Paul III")
	}
	// Outside the target zone no tie goes to the Papacy, even under Paul III.
	s = counterState(t, "Paul III")
	answer(t, s, kImpulse, Papacy, "cp", "75")
	answer(t, s, kAction, Papacy, "burn", "french", "none")
	pn, qn := s.religionDice(leipzig, false), s.religionDice(leipzig, true)
	s.Script = cat([]int{6}, ones(pn-1), []int{6}, ones(qn-1))
	answer(t, s, kReform, Papacy, "leipzig")
	if !s.Spaces[leipzig].Prot {
		t.Error("a tie outside the target zone goes to the Protestant")
	}
}

// TestReformPromptText: Luther's 95 Theses open the game with the
// Protestant's Reformation attempts (RULES.md; CARDS.md #8): the prompt
// says how many are left, names no target before the first, and names
// each target chosen after it.
func TestReformPromptText(t *testing.T) {
	r := Rules{}
	st, err := r.Setup(game.Config{Variant: "1517"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	ps := r.Pending(st)
	if len(ps) != 1 || ps[0].Seat != "protestant" || !strings.HasSuffix(ps[0].Text, "choose the target of a Reformation attempt (5 left)") {
		t.Fatalf("the first prompt: %+v", ps)
	}
	target := r.Legal(st, "protestant").Choices[0]
	if st, _, err = r.Apply(st, "protestant", game.Action{Type: ps[0].Kind, Args: pathArgs([]string{target.Value})}); err != nil {
		t.Fatal(err)
	}
	ps = r.Pending(st)
	if len(ps) == 0 || ps[0].Seat != "protestant" || !strings.Contains(ps[0].Text, "(4 left; targeted: "+Spaces[mustSpace(target.Value)].Name+")") {
		t.Fatalf("after %s: %+v", target.Value, ps)
	}
}
