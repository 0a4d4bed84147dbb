package his

import "testing"

// A tie goes to the defender (§14.0 step 8); the owner picks its casualties
// where it has a choice; the beaten attacker retreats where it came from
// and may not move again this impulse.
func TestFieldBattleTieToDefender(t *testing.T) {
	paris, stdz := sp(t, "paris"), sp(t, "st_dizier")
	fi := leader(t, "francis_i")
	s := landState(t, France, 4)
	s.Spaces[paris].Units[France].Reg = 4
	place(s, fi, paris)
	s.Spaces[sp(t, "lyon")].Units[France].Reg = 1 // the impulse goes on
	s.Spaces[stdz].Units[Hapsburg] = Units{Reg: 3, Merc: 1}
	answer(t, s, kAction, France, "move", "paris", "francis_i", "st_dizier", "4:0:0")
	// France: 4 units + Francis I (1) = 5 dice, 2 hits; Hapsburg: 4 + 1 = 5 dice, 2 hits.
	s.Script = []int{6, 5, 1, 1, 1, 5, 6, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	wantOwed(t, s, kLosses, Hapsburg, "Hapsburg chooses its 2 casualties among regulars and a mercenary", "2:0:0", "1:1:0")
	answer(t, s, kLosses, Hapsburg, "1:1:0")
	b := s.LastBattle
	if b == nil || b.AttackerWon || b.AttHits != 2 || b.DefHits != 2 || len(b.AttDice) != 5 || len(b.DefDice) != 5 {
		t.Fatalf("tie, the defender wins: %+v", b)
	}
	if u := s.Spaces[stdz].Units[Hapsburg]; u != (Units{Reg: 2}) {
		t.Errorf("Hapsburg keeps 2 regulars, has %+v", u)
	}
	if s.Spaces[stdz].Units[France].Land() != 0 || s.Spaces[paris].Units[France].Reg != 2 || s.Leaders[fi].Loc != int(paris) {
		t.Errorf("France lost 2 and retreated to Paris: St Dizier %+v, Paris %+v, Francis %+v", s.Spaces[stdz].Units[France], s.Spaces[paris].Units[France], s.Leaders[fi])
	}
	if !s.Act.NoMove[paris] || sub(moveTree(s, France), "paris") != nil {
		t.Error("the beaten formation may not move again this impulse")
	}
}

// The beaten defender retreats where its owner chooses, not where the
// attacker came from; a side without land units left has its leaders
// captured.
func TestFieldBattleRetreatAndCapture(t *testing.T) {
	paris, stdz, stq, brus := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "st_quentin"), sp(t, "brussels")
	ferd, alva := leader(t, "ferdinand"), leader(t, "duke_of_alva")
	s := landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 4
	s.Spaces[stdz].Units[Hapsburg].Reg = 4
	place(s, ferd, stdz)
	s.Spaces[stq].Ctl = Hapsburg
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	// France 4 dice: 3 hits; Hapsburg 4 + 1 (Ferdinand) + 1 = 6 dice: 1 hit.
	s.Script = []int{5, 5, 6, 1, 1, 1, 1, 1, 1, 6}
	answer(t, s, kAvoid, Hapsburg, "no")
	wantOwed(t, s, kRetreat, Hapsburg, "Hapsburg retreats to St Quentin or Brussels, not Paris", "st_quentin", "brussels")
	answer(t, s, kRetreat, Hapsburg, "st_quentin")
	if s.Spaces[stdz].Units[France].Reg != 3 || s.Spaces[stdz].Units[Hapsburg].Land() != 0 || s.Spaces[stq].Units[Hapsburg].Reg != 1 || s.Leaders[ferd].Loc != int(stq) {
		t.Fatalf("France lost 1, Hapsburg 3; the survivor and Ferdinand retreat to St Quentin: St Dizier %+v, St Quentin %+v, Ferdinand %+v",
			s.Spaces[stdz].Units, s.Spaces[stq].Units[Hapsburg], s.Leaders[ferd])
	}

	// A side left without land units has its leaders captured.
	s = landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 4
	s.Spaces[stdz].Units[Hapsburg].Reg = 1
	place(s, ferd, stdz)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	s.Script = []int{5, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	if s.Spaces[stdz].Units[Hapsburg].Land() != 0 || s.Leaders[ferd].Captor != France || s.Leaders[ferd].Loc != OffMap {
		t.Fatalf("Ferdinand's army is gone, he is captured: %+v", s.Leaders[ferd])
	}

	// Survivors retreat with their leader.
	s = landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 4
	s.Spaces[stdz].Units[Hapsburg].Reg = 3
	place(s, alva, stdz)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	s.Script = []int{5, 1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	if s.Spaces[brus].Units[Hapsburg].Reg != 2 || s.Leaders[alva].Loc != int(brus) || s.Act.Beaten[brus]&bit(Hapsburg) == 0 {
		t.Fatalf("2 survivors and Alva retreat to Brussels (the only legal space): %+v %+v", s.Spaces[brus].Units[Hapsburg], s.Leaders[alva])
	}
}

// Both sides wiped out: the side with more dice keeps one unit (§14.0 step
// 9); the other side's leaders are captured.
func TestFieldBattleDoubleWipeOut(t *testing.T) {
	paris, stdz := sp(t, "paris"), sp(t, "st_dizier")
	mont := leader(t, "montmorency")
	s := landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 1
	place(s, mont, paris)
	s.Spaces[stdz].Units[Hapsburg].Reg = 1
	answer(t, s, kAction, France, "move", "paris", "montmorency", "st_dizier", "1:0:0")
	// France 1 + Montmorency 1 = 2 dice, Hapsburg 1 + 1 = 2 dice: equal,
	// the defender keeps its unit and wins; Montmorency is captured.
	s.Script = []int{5, 1, 6, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	if s.Spaces[stdz].Units[Hapsburg].Reg != 1 || s.Spaces[stdz].Units[France].Land() != 0 || s.Leaders[mont].Captor != Hapsburg {
		t.Fatalf("Hapsburg keeps 1, Montmorency captured: %+v %+v", s.Spaces[stdz].Units, s.Leaders[mont])
	}
	if b := s.LastBattle; b.AttackerWon {
		t.Fatal("the tie goes to the defender")
	}
}

// Beaten in its own fortress, the controller may withdraw up to 4 units
// inside; the attacker then besieges them if it outnumbers them (§14.1,
// §14.0 step 12).
func TestFieldBattleWithdrawAfterDefeat(t *testing.T) {
	dijon, bes, stras := sp(t, "dijon"), sp(t, "besancon"), sp(t, "strasburg")
	s := landState(t, France, 2)
	s.Spaces[dijon].Units[France].Reg = 6
	place(s, leader(t, "francis_i"), dijon)
	s.Spaces[bes].Units[Hapsburg].Reg = 5
	answer(t, s, kAction, France, "move", "dijon", "francis_i", "besancon", "6:0:0")
	// 5 defenders: no withdrawal before the battle. France 7 dice, 3 hits;
	// Hapsburg 6 dice, 1 hit.
	s.Script = []int{5, 5, 5, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	d, _ := s.top()
	if d.Kind != kBWithdraw || d.Power != Hapsburg {
		t.Fatalf("Hapsburg may withdraw into Besançon: %+v", s.Stack)
	}
	answer(t, s, kBWithdraw, Hapsburg, "none", "1:0:0")
	if s.Spaces[bes].Units[Hapsburg].Reg != 1 || s.Spaces[stras].Units[Hapsburg].Reg != 1 {
		t.Fatalf("1 inside, 1 retreated to Strasburg: %+v %+v", s.Spaces[bes].Units[Hapsburg], s.Spaces[stras].Units[Hapsburg])
	}
	if !s.Besieging(bes, France) || s.Spaces[bes].Units[France].Reg != 5 {
		t.Fatalf("France's 5 besiege the 1 inside: %+v", s.Spaces[bes])
	}
}

// A relief force fights the besiegers (who defend); winning lifts the
// siege and the besiegers retreat (§15.2).
func TestReliefBattle(t *testing.T) {
	dijon, bes, stras := sp(t, "dijon"), sp(t, "besancon"), sp(t, "strasburg")
	s := landState(t, Hapsburg, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 1
	s.Spaces[bes].Units[France].Reg = 4
	s.Act = nil
	s.startSiege(bes, France)
	s.Act = &Act{Power: Hapsburg, CP: 2, Card: -1}
	s.Spaces[stras].Units[Hapsburg].Reg = 4
	if sub(moveTree(s, Hapsburg), "strasburg", "none", "besancon") == nil {
		t.Fatal("a relief force may enter the besieged space")
	}
	answer(t, s, kAction, Hapsburg, "move", "strasburg", "none", "besancon", "4:0:0")
	answer(t, s, kAvoid, France, "no")
	d, _ := s.top()
	if d.Kind != kSortie || d.Power != Hapsburg || s.choices(d)[0].Value != "none" {
		t.Fatalf("the unit inside may join the relief battle: %+v", s.Stack)
	}
	// Hapsburg 4 + 1 joined = 5 dice, 2 hits; France 4 + 1 = 5 dice, 1 hit.
	s.Script = []int{5, 6, 1, 1, 1, 5, 1, 1, 1, 1}
	answer(t, s, kSortie, Hapsburg, "1:0:0")
	if s.UnderSiege(bes) || s.Spaces[bes].Units[France].Land() != 0 || s.Spaces[dijon].Units[France].Reg != 2 || s.Spaces[bes].Units[Hapsburg].Reg != 4 {
		t.Fatalf("siege lifted, 2 French retreat to Dijon, 4 Hapsburg in Besançon: %+v, Dijon %+v", s.Spaces[bes], s.Spaces[dijon].Units[France])
	}

	// The relief force loses with fewer hits: the unit that came out goes
	// back in, the relief force retreats to Strasburg, the siege goes on.
	s = landState(t, Hapsburg, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 1
	s.Spaces[bes].Units[France].Reg = 4
	s.Act = nil
	s.startSiege(bes, France)
	s.Act = &Act{Power: Hapsburg, CP: 2, Card: -1}
	s.Spaces[stras].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, Hapsburg, "move", "strasburg", "none", "besancon", "2:0:0")
	answer(t, s, kAvoid, France, "no")
	// Hapsburg 3 dice, no hit; France 5 dice, 1 hit.
	s.Script = []int{1, 1, 1, 5, 1, 1, 1, 1}
	answer(t, s, kSortie, Hapsburg, "1:0:0")
	if !s.Besieging(bes, France) || s.Spaces[bes].Units[Hapsburg].Reg != 1 || s.Spaces[stras].Units[Hapsburg].Reg != 1 || s.Spaces[bes].Units[France].Reg != 4 {
		t.Fatalf("siege holds (4 against 1), 1 inside, 1 survivor in Strasburg: %+v, Strasburg %+v", s.Spaces[bes], s.Spaces[stras].Units[Hapsburg])
	}
}

// The winner on hits may lose its last unit: its leaders are captured by
// the loser, who still retreats (§14.0 step 10).
func TestFieldBattleWinnerLeadersCaptured(t *testing.T) {
	paris, stdz, brus := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "brussels")
	mont := leader(t, "montmorency")
	s := landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 1
	place(s, mont, paris)
	s.Spaces[stdz].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, France, "move", "paris", "montmorency", "st_dizier", "1:0:0")
	// France 2 dice, 2 hits; Hapsburg 3 dice, 1 hit: France wins, both
	// sides are wiped out and Hapsburg (more dice) keeps one unit.
	s.Script = []int{5, 6, 5, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	b := s.LastBattle
	if b == nil || !b.AttackerWon {
		t.Fatalf("France wins on hits: %+v", b)
	}
	if s.Leaders[mont].Captor != Hapsburg || s.Spaces[stdz].Units[France].Land() != 0 {
		t.Fatalf("Montmorency, left without units, is captured by Hapsburg: %+v", s.Leaders[mont])
	}
	if s.Spaces[brus].Units[Hapsburg].Reg != 1 || s.Spaces[stdz].Units[Hapsburg].Land() != 0 {
		t.Fatalf("the beaten Hapsburg unit retreats to Brussels: %+v", s.Spaces[brus].Units[Hapsburg])
	}
}

// A relief force beaten on equal hits may take survivors inside (§15.2).
func TestReliefBattleEqualHits(t *testing.T) {
	bes, stras := sp(t, "besancon"), sp(t, "strasburg")
	s := landState(t, Hapsburg, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 1
	s.Spaces[bes].Units[France].Reg = 4
	s.Act = nil
	s.startSiege(bes, France)
	s.Act = &Act{Power: Hapsburg, CP: 2, Card: -1}
	s.Spaces[stras].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, Hapsburg, "move", "strasburg", "none", "besancon", "2:0:0")
	answer(t, s, kAvoid, France, "no")
	// Hapsburg 3 dice, 1 hit; France 5 dice, 1 hit: the besiegers win the tie.
	s.Script = []int{5, 1, 1, 5, 1, 1, 1, 1}
	answer(t, s, kSortie, Hapsburg, "1:0:0")
	wantOwed(t, s, kReenter, Hapsburg, "the relief force may go inside", "none", "1:0:0", "2:0:0")
	answer(t, s, kReenter, Hapsburg, "1:0:0")
	if !s.Besieging(bes, France) || s.Spaces[bes].Units[France].Reg != 3 || s.Spaces[bes].Units[Hapsburg].Reg != 1 || s.Spaces[stras].Units[Hapsburg].Reg != 1 {
		t.Fatalf("1 inside, 1 back to Strasburg, 3 French besiege: %+v, Strasburg %+v", s.Spaces[bes], s.Spaces[stras].Units[Hapsburg])
	}
}

// The defeat of Hungary-Bohemia is checked at the end of a field battle too
// (§22.5): the Ottoman holds Belgrade, and a battle leaves at most 4
// Hungarian regulars on the map (here the beaten stack cannot retreat).
func TestFieldBattleDefeatsHungary(t *testing.T) {
	belgrade := sp(t, "belgrade")
	s := landState(t, Ottoman, 4)
	s.setWar(Ottoman, Hungary, true)
	s.Spaces[belgrade].Ctl = Ottoman
	s.Spaces[belgrade].Units[Ottoman].Reg = 4
	var field SpaceID
	found := false
	for _, e := range Spaces[belgrade].Edges {
		if !e.Pass && Spaces[e.To].Home == Hungary && !Spaces[e.To].Type.Fortified() {
			field, found = e.To, true
			break
		}
	}
	if !found {
		t.Fatal("no unfortified Hungarian space next to Belgrade")
	}
	s.Spaces[field].Units[Hungary].Reg = 5
	wvp := s.Powers[Ottoman].WarVP
	// Ottoman: 4 dice, one hit; Hungary: 5 + 1 dice, none.
	s.Script = []int{6, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Ottoman, "move", "belgrade", "none", Spaces[field].ID, "4:0:0")
	for d, ok := s.top(); ok && d.Kind != kAction; d, ok = s.top() {
		ch := s.choices(d)
		answer(t, s, d.Kind, d.Power, ch[0].Value)
	}
	if s.OnMap(Hungary).Reg != 0 {
		t.Fatalf("Hungary has %d regulars left", s.OnMap(Hungary).Reg)
	}
	if !s.HungaryDefeated || s.Powers[Ottoman].WarVP != wvp+2 || !s.AtWar(Ottoman, Hapsburg) || s.MinorAllyOf(Hungary) != Hapsburg {
		t.Fatalf("Hungary-Bohemia defeated after the battle: %v, War VP %d", s.HungaryDefeated, s.Powers[Ottoman].WarVP)
	}
}
