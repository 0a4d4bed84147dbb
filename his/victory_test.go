package his

import (
	"strings"
	"testing"
)

func TestStandardVictoryAndTieBreak(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.Powers[France].BonusVP = 14 // 12 + 14 = 26
	if !s.victoryDetermination() || s.Phase != PhaseOver || len(s.Winners) != 1 || s.Winners[0] != France {
		t.Fatalf("France wins with 26 VP: %v %q", s.Winners, s.Result)
	}
	// Two powers tied at 26: the higher total of the previous turn wins.
	s = NewState1517(Ed500, 1)
	s.Turn = 3
	s.Powers[France].BonusVP = 14   // 26
	s.Powers[Hapsburg].BonusVP = 17 // 9 + 17 = 26
	s.VPHistory = [][NumMajors]int{{0, 20, 0, 19, 0, 0}}
	s.victoryDetermination()
	if len(s.Winners) != 1 || s.Winners[0] != Hapsburg || !strings.Contains(s.Result, "Standard victory: hapsburg") {
		t.Errorf("the Hapsburgs had more on the previous turn: %v %q", s.Winners, s.Result)
	}
	// Tied on every turn and at the start (V2): shared.
	s = NewState1517(Ed500, 1)
	s.Turn = 2
	s.Powers[England].BonusVP = 16 // 9 + 16 = 25
	s.Powers[Hapsburg].BonusVP = 16
	s.victoryDetermination()
	if len(s.Winners) != 2 || !strings.Contains(s.Result, "shared") {
		t.Errorf("England and the Hapsburgs started equal: %v %q", s.Winners, s.Result)
	}
}

func TestDominationAndTimeLimit(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 3
	s.Powers[Papacy].BonusVP = 4 // 23, 11 more than France
	if s.victoryDetermination() {
		t.Fatal("no Domination before Turn 4")
	}
	s.Turn = 4
	if !s.victoryDetermination() || s.Winners[0] != Papacy || !strings.Contains(s.Result, "Domination") {
		t.Errorf("Papacy dominates from Turn 4: %q", s.Result)
	}
	s = NewState1517(Ed500, 1)
	s.Turn = 9
	s.Powers[France].BonusVP = 8 // 20 against the Papacy's 19: no domination
	if !s.victoryDetermination() || s.Winners[0] != France || !strings.Contains(s.Result, "Time limit") {
		t.Errorf("after Turn 9 the highest wins: %q", s.Result)
	}
}

func TestAutomaticVictories(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	for _, id := range []string{"florence", "naples", "genoa", "venice", "milan"} {
		s.Spaces[sp(t, id)].Ctl = Papacy
	}
	s.Phase = PhaseDiplomacy
	if s.checkMilitary() {
		t.Error("military victory counts only in the Action Phase")
	}
	s.Phase = PhaseAction
	s.run()
	if s.Phase != PhaseOver || s.Winners[0] != Papacy || !strings.Contains(s.Result, "Military") {
		t.Errorf("7 Papal keys: %q", s.Result)
	}
	s = NewState1517(Ed500, 1)
	n := 0
	for i := range Spaces {
		if n == 50 {
			break
		}
		if !Spaces[i].NoRel {
			s.convert(SpaceID(i), true)
			n++
		}
	}
	if s.Phase != PhaseOver || s.Winners[0] != Protestant {
		t.Error("50 Protestant spaces: religious victory")
	}
}
