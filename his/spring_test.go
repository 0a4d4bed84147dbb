package his

import "testing"

func springState(t *testing.T) *State {
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.startSpring()
	s.run()
	return s
}

func skipSpringUntil(t *testing.T, s *State, p Power) {
	t.Helper()
	for {
		d, ok := s.top()
		if !ok || d.Kind != kSpring {
			t.Fatalf("no deployment decision for %s: %+v", p, d)
		}
		if d.Power == p {
			return
		}
		answer(t, s, kSpring, d.Power, "none")
	}
}

func TestSpringDeployment(t *testing.T) {
	s := springState(t)
	if d, _ := s.top(); d.Kind != kSpring || d.Power != Ottoman {
		t.Fatalf("the Ottomans deploy first: %+v", d)
	}
	paris := sp(t, "paris")
	dests, landOnly := s.SpringDests(paris, France)
	has := map[string]bool{}
	for _, d := range dests {
		has[Spaces[d].ID] = landOnly[d]
	}
	if _, ok := has["grenoble"]; !ok {
		t.Error("Grenoble is reachable from Paris")
	}
	for _, id := range []string{"turin", "milan"} {
		if _, ok := has[id]; ok {
			t.Errorf("%s lies beyond an Alpine pass: no deployment", id)
		}
	}
	if _, ok := has["metz"]; ok {
		t.Error("independent Metz is not friendly")
	}
	// France: Francis I and Montmorency (8 + 6 = 14) may take all 4 regulars.
	skipSpringUntil(t, s, France)
	answer(t, s, kSpring, France, "paris", "francis_i+montmorency", "lyon", "4:0:0")
	fi, _ := LeaderByID("francis_i")
	if s.Spaces[sp(t, "lyon")].Units[France].Reg != 5 || s.Spaces[paris].Units[France].Reg != 0 || s.Leaders[fi].Loc != int(sp(t, "lyon")) {
		t.Error("the French formation deployed to Lyon")
	}
}

func TestSpringDeploymentLimits(t *testing.T) {
	s := springState(t)
	london := sp(t, "london")
	s.Spaces[london].Units[England].Reg = 8
	dests, landOnly := s.SpringDests(london, England)
	calais := sp(t, "calais")
	found := false
	for _, d := range dests {
		found = found || d == calais
	}
	if !found || landOnly[calais] {
		t.Fatal("Calais is reached across the North Sea only")
	}
	skipSpringUntil(t, s, England)
	opts := s.springChoices(England)
	max := func(leaders, dest string) int {
		best := -1
		for _, c := range opts {
			for _, l := range c.Next {
				if l.Value != leaders {
					continue
				}
				for _, d := range l.Next {
					if d.Value != dest {
						continue
					}
					for _, comp := range d.Next {
						if n := parseComp(comp.Value).Land(); n > best {
							best = n
						}
					}
				}
			}
		}
		return best
	}
	if got := max("none", "calais"); got != 4 {
		t.Errorf("without a leader, 4 units: %d", got)
	}
	if got := max("henry_viii", "calais"); got != 5 {
		t.Errorf("at most 5 units cross a sea zone: %d", got)
	}
	if got := max("henry_viii", "york"); got != 8 {
		t.Errorf("overland Henry VIII leads 8: %d", got)
	}
	// A foreign major's ships in a port on the sea zone close it (rule 6).
	s.Spaces[sp(t, "antwerp")].Units[Hapsburg].Sq = 1
	if dests, _ := s.SpringDests(london, England); len(dests) > 0 {
		for _, d := range dests {
			if d == calais {
				t.Error("Hapsburg squadrons in Antwerp close the North Sea")
			}
		}
	}
	// Unrest or units not friendly on the path block it.
	s = springState(t)
	s.Spaces[sp(t, "dijon")].Units[Hapsburg].Reg = 1
	s.Spaces[sp(t, "orleans")].Unrest = true
	dests, _ = s.SpringDests(sp(t, "paris"), France)
	for _, d := range dests {
		if Spaces[d].ID == "dijon" || Spaces[d].ID == "orleans" {
			t.Errorf("%s is blocked", Spaces[d].ID)
		}
	}
	// The Protestant never deploys.
	if len(s.springCapitals(Protestant)) != 0 {
		t.Error("the Protestant has no capital")
	}
}

// Maurice of Saxony enters at the start of Turn 6 in a Protestant-controlled
// electorate (§8.2), or waits for one (A1).
func TestMauriceOfSaxony(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 5
	s.startTurn()
	if d, _ := s.top(); d.Kind == kMaurice {
		t.Fatal("no Protestant-controlled electorate: Maurice waits")
	}
	s = NewState1517(Ed500, 1)
	s.Turn = 5
	s.League = true
	s.Spaces[sp(t, "mainz")].Ctl = Protestant
	s.startTurn()
	answer(t, s, kMaurice, Protestant, "mainz")
	m, _ := LeaderByID("maurice_of_saxony")
	if s.Leaders[m].Loc != int(sp(t, "mainz")) {
		t.Error("Maurice enters Mainz")
	}
	if d, _ := s.top(); d.Kind != kAnnounce {
		t.Errorf("then Diplomacy: %+v", d)
	}
}
