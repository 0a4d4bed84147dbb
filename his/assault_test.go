package his

import (
	"testing"
)

// bordeauxSiege: Hapsburg (4 regulars, Charles V) has besieged French
// Bordeaux, held by 2 French regulars and Montmorency, since an earlier
// impulse; the LOC runs from Navarre across the pass.
func bordeauxSiege(t *testing.T) (*State, SpaceID) {
	t.Helper()
	bordeaux := sp(t, "bordeaux")
	s := cpState(Hapsburg, 2)
	s.setWar(Hapsburg, France, true)
	clearUnits(s, bordeaux)
	s.Spaces[bordeaux].Units[France] = Units{Reg: 2}
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 4}
	s.Spaces[bordeaux].Besiegers = bit(Hapsburg)
	charles, _ := LeaderByID("charles_v")
	mont, _ := LeaderByID("montmorency")
	s.Leaders[charles].Loc = int(bordeaux)
	s.Leaders[mont].Loc = int(bordeaux)
	return s, bordeaux
}

func TestAssaultSuccess(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	mont, _ := LeaderByID("montmorency")
	s.Spaces[bordeaux].Units[France].Sq = 1
	s.Seas[sea(t, "bay_of_biscay")].Units[Hapsburg].Sq = 2
	hv, fv := s.VP(Hapsburg), s.VP(France)
	hk, _ := s.Keys(Hapsburg)
	// Attacker: 4 units against defenders → 2 dice, +2 for Charles V = 4.
	// Defender: 2 units + Montmorency's 1 + 1 = 4.
	s.Script = []int{5, 6, 1, 2, 1, 1, 1, 4}
	if v := valueList(mustOpts(t, s, Hapsburg, "assault")); len(v) != 1 || v[0] != "bordeaux" {
		t.Fatalf("assault targets %v", v)
	}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice left unrolled: the dice counts are wrong", len(s.Script))
	}
	ss := &s.Spaces[bordeaux]
	if ss.Ctl != Hapsburg || s.UnderSiege(bordeaux) || ss.Units[France].Any() || ss.Units[Hapsburg].Reg != 4 {
		t.Fatalf("Bordeaux: ctl %v, besiegers %b, units %+v", ss.Ctl, ss.Besiegers, ss.Units)
	}
	if s.Leaders[mont].Captor != Hapsburg || s.Leaders[mont].Loc != OffMap {
		t.Fatalf("Montmorency captured: %+v", s.Leaders[mont])
	}
	if s.NavalLost[France].Sq != 1 {
		t.Fatalf("the French squadron goes to the Turn Track: %+v", s.NavalLost[France])
	}
	if k, _ := s.Keys(Hapsburg); k != hk+1 || s.VP(Hapsburg) != hv+1 || s.VP(France) != fv-2 {
		t.Fatalf("VP Hapsburg %d→%d, France %d→%d", hv, s.VP(Hapsburg), fv, s.VP(France))
	}
	if s.Act.CP != 1 || !s.Act.Assaulted[bordeaux] {
		t.Fatal("1 CP spent, Bordeaux assaulted this impulse")
	}
}

func TestAssaultFailures(t *testing.T) {
	// No hit: the siege goes on, nothing changes.
	s, bordeaux := bordeauxSiege(t)
	s.Script = []int{1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	if ss := s.Spaces[bordeaux]; ss.Ctl != France || !s.Besieging(bordeaux, Hapsburg) || ss.Units[France].Reg != 2 || ss.Units[Hapsburg].Reg != 4 {
		t.Fatalf("unchanged: %+v", ss)
	}
	if offered(s, Hapsburg, "assault", "bordeaux", "4:0:0") {
		t.Error("one assault per space per impulse")
	}

	// One hit each: the defenders keep a unit, so the assault fails; the
	// attacker chooses its loss among regulars and mercenaries.
	s, bordeaux = bordeauxSiege(t)
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 2, Merc: 2}
	s.Script = []int{5, 1, 1, 1, 6, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "2:2:0")
	d, _ := s.top()
	if d.Kind != kAssaultLoss || d.Power != Hapsburg {
		t.Fatalf("Hapsburg chooses its casualty: %+v", s.Stack)
	}
	if v := valueList(s.choices(d)); len(v) != 2 || v[0] != "0:1:0" || v[1] != "1:0:0" {
		t.Fatalf("casualty options %v", v)
	}
	answer(t, s, kAssaultLoss, Hapsburg, "0:1:0")
	ss := &s.Spaces[bordeaux]
	if ss.Ctl != France || ss.Units[Hapsburg] != (Units{Reg: 2, Merc: 1}) || ss.Units[France].Reg != 1 || !s.UnderSiege(bordeaux) {
		t.Fatalf("failed, siege holds (3 against 1): %+v", ss.Units)
	}

	// Two defender hits on 3 besiegers: 1 against 2 breaks the siege; the
	// besiegers retreat to Navarre, their only way out.
	s, bordeaux = bordeauxSiege(t)
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 3}
	s.Script = []int{1, 1, 1, 1, 5, 6, 1, 1} // 2 + 2 dice against 2 + 1 + 1
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "3:0:0")
	navarre := sp(t, "navarre")
	charles, _ := LeaderByID("charles_v")
	if len(s.Script) != 0 {
		t.Fatalf("3 units against defenders roll 2 dice (rounded up) + 2: %d dice unrolled", len(s.Script))
	}
	if s.UnderSiege(bordeaux) || s.Spaces[bordeaux].Units[Hapsburg].Any() || s.Spaces[navarre].Units[Hapsburg].Reg != 2 || s.Leaders[charles].Loc != int(navarre) {
		t.Fatalf("broken siege: Bordeaux %+v, Navarre %+v, Charles at %d", s.Spaces[bordeaux].Units[Hapsburg], s.Spaces[navarre].Units[Hapsburg], s.Leaders[charles].Loc)
	}

	// Every attacker dies: the leader is displaced (to Navarre, the nearest
	// fortified Hapsburg space). An empty fortress: 1 die per unit.
	s, bordeaux = bordeauxSiege(t)
	mont, _ := LeaderByID("montmorency")
	s.Leaders[mont].Loc = OffMap
	s.Spaces[bordeaux].Units[France] = Units{}
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 1}
	s.Script = []int{1, 1, 1, 6} // 1 unit + Charles's 2; defender 0 + 1
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "1:0:0")
	if len(s.Script) != 0 || s.Spaces[bordeaux].Ctl != France || s.Leaders[charles].Loc != int(navarre) || s.UnderSiege(bordeaux) {
		t.Fatalf("Charles at %d, script %v, besiegers %b", s.Leaders[charles].Loc, s.Script, s.Spaces[bordeaux].Besiegers)
	}
}

// Options absent when a requirement fails, one case per requirement.
func TestAssaultRequirements(t *testing.T) {
	cases := []struct {
		name string
		edit func(s *State, b SpaceID)
	}{
		{"siege begun this impulse", func(s *State, b SpaceID) { s.Spaces[b].SiegeNew = true }},
		{"already assaulted this impulse", func(s *State, b SpaceID) { s.Act.Assaulted[b] = true }},
		{"not besieging", func(s *State, b SpaceID) { s.Spaces[b].Besiegers = 0 }},
		{"no land units (a leader alone)", func(s *State, b SpaceID) { s.Spaces[b].Units[Hapsburg] = Units{} }},
		{"minor units not its ally's", func(s *State, b SpaceID) {
			s.Spaces[b].Units[Hapsburg] = Units{}
			s.Spaces[b].Units[Hungary] = Units{Reg: 4}
			s.Spaces[b].Besiegers |= bit(Hungary)
		}},
		{"no LOC", func(s *State, b SpaceID) { s.Spaces[sp(t, "navarre")].Unrest = true }},
		{"blockade: too few squadrons outside", func(s *State, b SpaceID) {
			s.Spaces[b].Units[France].Sq = 2
			s.Seas[sea(t, "bay_of_biscay")].Units[Hapsburg].Sq = 2
		}},
		{"blockade: defender squadron in the sea zone", func(s *State, b SpaceID) {
			s.Spaces[b].Units[France].Sq = 1
			s.Seas[sea(t, "bay_of_biscay")].Units[Hapsburg].Sq = 3
			s.Seas[sea(t, "bay_of_biscay")].Units[France].Sq = 1
		}},
		{"no CP", func(s *State, b SpaceID) { s.Act.CP = 0 }},
	}
	for _, c := range cases {
		s, b := bordeauxSiege(t)
		if !offered(s, Hapsburg, "assault", "bordeaux", "4:0:0") {
			t.Fatal("the base position offers the assault")
		}
		c.edit(s, b)
		if _, ok := actionOpts(s, Hapsburg, "assault"); ok {
			t.Errorf("%s: the assault must not be offered", c.name)
		}
	}
	// The blockade is satisfied by more squadrons outside.
	s, b := bordeauxSiege(t)
	s.Spaces[b].Units[France].Sq = 2
	s.Seas[sea(t, "bay_of_biscay")].Units[Hapsburg].Sq = 3
	if !offered(s, Hapsburg, "assault", "bordeaux", "4:0:0") {
		t.Error("3 squadrons against 2 in port")
	}
	// A single formation: without a leader at most 4 units.
	s, b = bordeauxSiege(t)
	charles, _ := LeaderByID("charles_v")
	s.Leaders[charles].Loc = OffMap
	s.Spaces[b].Units[Hapsburg] = Units{Reg: 5}
	forms := valueList(mustOpts(t, s, Hapsburg, "assault")[0].Next)
	if forms[0] != "4:0:0" || len(forms) != 4 {
		t.Errorf("formations %v: 4 units at most, the strongest first", forms)
	}
}

// The Ottoman takes Buda: cavalry rolls no assault die but may be taken as
// a loss; Hungary-Bohemia, down to 4 regulars with an Ottoman key, is
// defeated (§22.5).
func TestAssaultBudaDefeatsHungary(t *testing.T) {
	setup := func(extraHungarian uint8) (*State, SpaceID) {
		buda, prague := sp(t, "buda"), sp(t, "prague")
		s := cpState(Ottoman, 3)
		for _, id := range []string{"belgrade", "mohacs", "buda", "prague", "vienna"} {
			clearUnits(s, sp(t, id))
		}
		for _, id := range []string{"belgrade", "mohacs"} {
			s.Spaces[sp(t, id)].Ctl = Ottoman
		}
		s.Spaces[buda].Units[Hungary] = Units{Reg: 1}
		s.Spaces[buda].Units[Ottoman] = Units{Reg: 2, Cav: 2}
		s.Spaces[buda].Besiegers = bit(Ottoman)
		s.Spaces[prague].Units[Hungary] = Units{Reg: 1 + extraHungarian}
		s.Spaces[prague].Units[Ottoman] = Units{Reg: 6}
		s.Spaces[prague].Besiegers = bit(Ottoman)
		sul, _ := LeaderByID("suleiman")
		s.Leaders[sul].Loc = int(buda)
		if !s.HasLOC(buda, Ottoman) {
			t.Fatal("the Ottoman has an LOC to Buda")
		}
		return s, buda
	}
	for _, extra := range []uint8{3, 4} {
		s, buda := setup(extra)
		ov := s.VP(Ottoman)
		// 2 regulars (cavalry ignored) → 1 die, +2 Suleiman = 3; defender 1 + 1 = 2.
		s.Script = []int{6, 1, 1, 5, 1}
		answer(t, s, kAction, Ottoman, "assault", "buda", "2:0:2")
		answer(t, s, kAssaultLoss, Ottoman, "0:0:1")
		if len(s.Script) != 0 {
			t.Fatalf("%d dice unrolled", len(s.Script))
		}
		ss := &s.Spaces[buda]
		if ss.Ctl != Ottoman || ss.Units[Ottoman] != (Units{Reg: 2, Cav: 1}) || s.UnderSiege(buda) {
			t.Fatalf("Buda: %v %+v", ss.Ctl, ss.Units[Ottoman])
		}
		prague := sp(t, "prague")
		// Hungarian regulars left: Prague's 1+extra (4 or 5).
		if extra == 4 {
			if s.HungaryDefeated || s.Spaces[prague].Ctl != Hungary || s.AtWar(Ottoman, Hapsburg) {
				t.Fatal("5 Hungarian regulars left: not defeated")
			}
			if s.VP(Ottoman) != ov+2 { // Buda: 5→6 keys, 10→12 VP
				t.Fatalf("Ottoman VP %d→%d", ov, s.VP(Ottoman))
			}
			continue
		}
		if !s.HungaryDefeated || s.MinorAllyOf(Hungary) != Hapsburg || !s.AtWar(Ottoman, Hapsburg) {
			t.Fatal("Hungary-Bohemia defeated: Hapsburg intervenes, Hungary its ally")
		}
		if s.Spaces[prague].Ctl != Ottoman || s.Spaces[prague].Units[Hungary].Any() || s.UnderSiege(prague) {
			t.Fatalf("Prague: besieged Hungarians eliminated, the key Ottoman: %v %+v", s.Spaces[prague].Ctl, s.Spaces[prague].Units)
		}
		// Keys: Istanbul, Edirne, Salonika, Athens and Belgrade (set above)
		// were 5 (10 VP); Buda and Prague make 7 (14 VP); +2 War Winner VP.
		if s.Powers[Ottoman].WarVP != 2 {
			t.Fatalf("War Winner VP %d", s.Powers[Ottoman].WarVP)
		}
		k, _ := s.Keys(Ottoman)
		if ov != 10 || k != 7 || s.VP(Ottoman) != 16 {
			t.Fatalf("Ottoman keys %d, VP %d (was %d), want 7 keys and 16 VP (was 10)", k, s.VP(Ottoman), ov)
		}
	}
}

// An independent key is besieged and assaulted without a war (§22.6).
func TestAssaultIndependentKey(t *testing.T) {
	metz := sp(t, "metz")
	s := cpState(Hapsburg, 1)
	clearUnits(s, metz)
	s.Spaces[metz].Units[Independent] = Units{Reg: 1}
	s.Spaces[metz].Units[Hapsburg] = Units{Reg: 3}
	s.Spaces[metz].Besiegers = bit(Hapsburg)
	hv := s.VP(Hapsburg)
	s.Script = []int{5, 1, 1, 1} // 2 dice against 2
	answer(t, s, kAction, Hapsburg, "assault", "metz", "3:0:0")
	if s.Spaces[metz].Ctl != Hapsburg || s.Spaces[metz].Units[Independent].Any() || s.VP(Hapsburg) != hv+1 {
		t.Fatalf("Metz %v %+v, VP %d→%d", s.Spaces[metz].Ctl, s.Spaces[metz].Units, hv, s.VP(Hapsburg))
	}
}

// An active minor ally's regulars besieging with the attacker may join the
// formation (§5.1, §22.3), within the command limit, and share its losses.
func TestAssaultWithMinorAlly(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	charles, _ := LeaderByID("charles_v")
	s.Leaders[charles].Loc = OffMap
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 1}
	s.Spaces[bordeaux].Units[Hungary] = Units{Reg: 4}
	s.Spaces[bordeaux].Besiegers = bit(Hapsburg) | bit(Hungary)
	forms := valueList(mustOpts(t, s, Hapsburg, "assault")[0].Next)
	if forms[0] != "0:0:0,hungary=4" || forms[1] != "1:0:0,hungary=3" || len(forms) != 8 {
		t.Fatalf("formations %v: 4 units at most, the strongest first", forms)
	}
	if offered(s, Hapsburg, "assault", "bordeaux", "1:0:0,hungary=4") {
		t.Fatal("5 units exceed the command limit of 4")
	}
	// 4 units against 2 defenders: 2 dice; defence 2 + Montmorency 1 + 1.
	s.Script = []int{5, 5, 5, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "1:0:0,hungary=3")
	d, _ := s.top()
	if v := valueList(s.choices(d)); d.Kind != kAssaultLoss || d.Power != Hapsburg || len(v) != 2 || v[0] != "0:0:0,hungary=1" || v[1] != "1:0:0" {
		t.Fatalf("Hapsburg chooses its loss: %+v %v", d, v)
	}
	answer(t, s, kAssaultLoss, Hapsburg, "0:0:0,hungary=1")
	ss := &s.Spaces[bordeaux]
	if ss.Ctl != Hapsburg || ss.Units[Hapsburg].Reg != 1 || ss.Units[Hungary].Reg != 3 || ss.Units[France].Any() || s.UnderSiege(bordeaux) {
		t.Fatalf("Bordeaux taken: %v %+v", ss.Ctl, ss.Units)
	}
}

// Taking the key that uncovers a power's Auto Win box ends the game at once.
func TestAssaultMilitaryVictory(t *testing.T) {
	s, _ := bordeauxSiege(t)
	// Give the Hapsburgs all but one of the keys of their Auto Win (14).
	for i := range Spaces {
		if k, _ := s.Keys(Hapsburg); k >= 13 {
			break
		}
		if Spaces[i].Type.IsKey() && s.Spaces[i].Ctl != Hapsburg && Spaces[i].ID != "bordeaux" && Spaces[i].ID != "navarre" {
			s.Spaces[i].Ctl = Hapsburg
		}
	}
	if _, _, auto := s.KeyCardsVP(Hapsburg); auto {
		t.Fatal("no Auto Win yet")
	}
	s.Script = []int{5, 6, 1, 2, 1, 1, 1, 4}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	if s.Phase != PhaseOver || len(s.Winners) != 1 || s.Winners[0] != Hapsburg {
		t.Fatalf("phase %v, winners %v", s.Phase, s.Winners)
	}
}

// Several defending powers split the casualties evenly (M9).
func TestAssaultSplitsDefenderLosses(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	s.setAlly(France, Papacy, true)
	s.setWar(Hapsburg, Papacy, true)
	s.Spaces[bordeaux].Units[Papacy] = Units{Reg: 1}
	// 4 units against defenders: 2 dice + 2 (Charles V); defence 3 + 1 + 1.
	s.Script = []int{5, 6, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice unrolled", len(s.Script))
	}
	ss := &s.Spaces[bordeaux]
	if ss.Units[France].Reg != 1 || ss.Units[Papacy].Reg != 0 || ss.Ctl != France || !s.UnderSiege(bordeaux) {
		t.Fatalf("one loss each; France holds: %+v", ss.Units)
	}
}

// Cavalry inside rolls no defence die but makes the attacker roll one die
// per two units; a space taken from its home minor's enemy returns to the
// minor allied to the attacker (Belgrade to Hungary, a key for the
// Hapsburgs).
func TestAssaultCavalryDefenderAndMinorHome(t *testing.T) {
	belgrade := sp(t, "belgrade")
	s := cpState(Hapsburg, 1)
	s.setWar(Hapsburg, Ottoman, true)
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	clearUnits(s, belgrade)
	s.Spaces[belgrade].Ctl = Ottoman
	s.Spaces[belgrade].Units[Ottoman] = Units{Cav: 1}
	s.Spaces[belgrade].Units[Hapsburg] = Units{Reg: 2}
	s.Spaces[belgrade].Besiegers = bit(Hapsburg)
	hk, _ := s.Keys(Hapsburg)
	s.Script = []int{5, 1} // 1 attacker die (2 units, halved), 1 defender die
	answer(t, s, kAction, Hapsburg, "assault", "belgrade", "2:0:0")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice unrolled", len(s.Script))
	}
	if k, _ := s.Keys(Hapsburg); s.Spaces[belgrade].Ctl != Hungary || k != hk+1 || s.Spaces[belgrade].Units[Ottoman].Any() {
		t.Fatalf("Belgrade %v, Hapsburg keys %d→%d", s.Spaces[belgrade].Ctl, hk, k)
	}
}

// An assault waiting for a casualty choice survives Clone and a JSON round
// trip, and answering on the copy leaves the original alone.
func TestAssaultStateCopies(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 2, Merc: 2}
	s.Script = []int{5, 1, 1, 1, 6, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "2:2:0")
	c := s.Clone()
	b, err := (Rules{}).Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	st, err := (Rules{}).Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	u := st.(*State)
	if u.Assault == nil || *u.Assault != *s.Assault {
		t.Fatalf("round trip: %+v, want %+v", u.Assault, s.Assault)
	}
	answer(t, c, kAssaultLoss, Hapsburg, "1:0:0")
	if s.Assault == nil || s.Assault.AttLoss != 1 || s.Spaces[bordeaux].Units[Hapsburg].Reg != 2 {
		t.Fatal("the original is untouched")
	}
	if c.Spaces[bordeaux].Units[Hapsburg] != (Units{Reg: 1, Merc: 2}) {
		t.Fatalf("the clone took its loss: %+v", c.Spaces[bordeaux].Units[Hapsburg])
	}
}
