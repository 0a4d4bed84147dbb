package his

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// dietState is turn 1 at the Diet of Worms with chosen hands.
func dietState(t *testing.T, prot, hap, pap []int) *State {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 21)
	s := st.(*State)
	throughTheses(t, s)
	set := func(p Power, nums []int) {
		s.Powers[p].Hand = nil
		for _, n := range nums {
			c := mustCard(n)
			s.takeOut(c)
			s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(c))
		}
	}
	set(Protestant, prot)
	set(Hapsburg, hap)
	set(Papacy, pap)
	announce(t, s, England, Deal{Done: true})
	if s.Phase != PhaseDiet {
		t.Fatalf("phase %s", s.Phase)
	}
	return s
}

// The Protestant rolls its card's CP + 4 dice, the Hapsburgs and the Papacy
// their cards' CP together; the Protestant flips the difference (§18.1.2).
func TestDietOfWormsProtestantWins(t *testing.T) {
	// #7 Here I Stand (5 CP, a Home card is allowed), #2 Holy Roman Emperor
	// (5 CP), #6 Leipzig Debate (3 CP); #10 Clement VII (Mandatory) is never offered.
	s := dietState(t, []int{7}, []int{2}, []int{6, 10})
	answer(t, s, kDiet, Protestant, "7")
	// The Hapsburg player cannot see the Protestant card.
	b, _ := json.Marshal((Rules{}).View(s, "hapsburg"))
	if strings.Contains(string(b), "Here I Stand") || strings.Contains(string(b), `"diet_of_worms"`) {
		t.Error("the committed card is secret until all three are revealed")
	}
	answer(t, s, kDiet, Hapsburg, "2")
	for _, c := range (Rules{}).Legal(s, "papacy").Choices {
		if c.Value == "10" {
			t.Error("a Mandatory Event may not be committed")
		}
	}
	// Protestant 9 dice, 5 hits; Hapsburg 5 dice, 1 hit; Papacy 3 dice, 1 hit: +3.
	s.Script = cat([]int{5, 5, 6, 6, 5}, ones(4), []int{6}, ones(4), []int{5}, ones(2))
	answer(t, s, kDiet, Papacy, "6")
	logHas2(t, s.Diet.Log, "Protestant rolls 9 dice", "Hapsburgs roll 5 dice", "the Papacy 3 dice", "2 Catholic hit(s)", "protestant wins: 3 space(s)")
	for i := 0; i < 3; i++ {
		opts := (Rules{}).Legal(s, "protestant")
		for _, c := range opts.Choices {
			if Spaces[mustSpace(c.Value)].Lang != LangGerman {
				t.Errorf("%s is not German", c.Value)
			}
		}
		answer(t, s, kDietFlip, Protestant, opts.Choices[0].Value)
	}
	if s.Phase != PhaseSpring || s.LastDiet == nil {
		t.Fatalf("after the Diet, Spring Deployment: %s", s.Phase)
	}
	if s.holds(Protestant, cHereIStand) || !s.holds(Papacy, mustCard(10)) {
		t.Error("the committed cards are spent (R11)")
	}
	b, _ = json.Marshal((Rules{}).View(s, "hapsburg"))
	if !strings.Contains(string(b), `"diet_of_worms"`) {
		t.Error("after the reveal the Diet is public")
	}
}

func TestDietOfWormsCatholicWinsAndTie(t *testing.T) {
	s := dietState(t, []int{7}, []int{2}, []int{6})
	answer(t, s, kDiet, Protestant, "7")
	answer(t, s, kDiet, Hapsburg, "2")
	// Protestant 9 dice no hit; Catholics 2 hits: the Papacy flips 2 Protestant German spaces back.
	s.Script = cat(ones(9), []int{5}, ones(4), []int{6}, ones(2))
	prot := s.ProtestantSpaces()
	answer(t, s, kDiet, Papacy, "6")
	for s.Diet != nil {
		opts := (Rules{}).Legal(s, "papacy")
		answer(t, s, kDietFlip, Papacy, opts.Choices[0].Value)
	}
	if got := s.ProtestantSpaces(); got != prot-2 && got != 0 {
		t.Errorf("%d Protestant spaces, want %d", got, prot-2)
	}
	s = dietState(t, []int{7}, []int{2}, []int{6})
	answer(t, s, kDiet, Protestant, "7")
	answer(t, s, kDiet, Hapsburg, "2")
	s.Script = cat([]int{5}, ones(8), []int{5}, ones(4), ones(3))
	prot = s.ProtestantSpaces()
	answer(t, s, kDiet, Papacy, "6")
	if s.Phase != PhaseSpring || s.ProtestantSpaces() != prot {
		t.Error("equal hits: nothing happens")
	}
}

func logHas2(t *testing.T, log []string, parts ...string) {
	t.Helper()
	all := strings.Join(log, "\n")
	for _, p := range parts {
		if !strings.Contains(all, p) {
			t.Errorf("log lacks %q:\n%s", p, all)
		}
	}
}
