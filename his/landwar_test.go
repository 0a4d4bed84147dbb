package his

import "testing"

// Rules review of the merged land-war families (move, battle, siege,
// assault, control, build, minor): each test fails on the code as merged.

// An active minor's regulars that join their major's siege (begun in an
// earlier impulse) besiege with it (§15, §22.3): they are outside the
// walls, so the assault counts them among the attackers, not the
// defenders, and a successful assault takes the space.
func TestMinorJoinsItsMajorsSiege(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	s := landState(t, France, 3)
	s.MinorAlly[Genoa-firstMinor] = France
	s.Spaces[bes].Units[Hapsburg].Reg = 1
	s.Spaces[bes].Units[France].Reg = 2
	s.Act = nil
	s.startSiege(bes, France)
	s.Spaces[bes].SiegeNew = false // begun in an earlier impulse
	s.Act = &Act{Power: France, CP: 3, Card: -1}
	s.Spaces[dijon].Units[Genoa].Reg = 2
	answer(t, s, kAction, France, "move", "dijon", "none", "besancon", "0:0:0,genoa=2")
	if !s.Besieging(bes, Genoa) {
		t.Fatalf("the Genoese regulars join France's siege: besiegers %b", s.Spaces[bes].Besiegers)
	}
	if all, _ := s.defenders(bes); all != 1 {
		t.Fatalf("one Hapsburg regular inside, counted %d", all)
	}
	// 4 units against 1 defender: 2 dice (6, 1), one hit; the defender's
	// 2 dice (1, 1) miss. The fortress falls.
	s.Script = []int{6, 1, 1, 1}
	answer(t, s, kAction, France, "assault", "besancon", "2:0:0,genoa=2")
	if s.Spaces[bes].Ctl != France || s.UnderSiege(bes) || s.Spaces[bes].Units[Hapsburg].Land() != 0 {
		t.Fatalf("Besançon falls to France: %+v", s.Spaces[bes])
	}
}

// Besiegers that avoid a relief force's battle may leave too few behind to
// keep the siege: it breaks at once (§15.3 "avoided battle"), the rest of
// the besieging stack retreats, and no battle is fought. The relief force
// itself is not counted as inside the fortification.
func TestReliefAvoidBreaksSiege(t *testing.T) {
	dijon, bes, stras := sp(t, "dijon"), sp(t, "besancon"), sp(t, "strasburg")
	s := landState(t, France, 3)
	s.Spaces[bes].Ctl = France
	s.Spaces[bes].Units[France].Reg = 2
	s.Spaces[bes].Units[Hapsburg].Reg = 3
	s.Act = nil
	s.startSiege(bes, Hapsburg)
	s.Spaces[bes].SiegeNew = false
	s.Act = &Act{Power: France, CP: 3, Card: -1}
	s.Spaces[dijon].Units[France].Reg = 3
	s.Spaces[sp(t, "paris")].Units[France].Reg = 1 // the impulse goes on
	answer(t, s, kAction, France, "move", "dijon", "none", "besancon", "3:0:0")
	s.Script = []int{5, 4} // 9: two Hapsburg regulars avoid battle to Strasburg
	answer(t, s, kAvoid, Hapsburg, "strasburg", "none", "2:0:0")
	if s.LastBattle != nil || s.Battle != nil || len(s.Script) != 0 {
		t.Fatalf("one besieger against two defenders: the siege broke, no battle (%+v)", s.LastBattle)
	}
	if s.UnderSiege(bes) || s.Spaces[bes].Units[Hapsburg].Land() != 0 || s.Spaces[stras].Units[Hapsburg].Reg != 3 || s.Spaces[bes].Units[France].Reg != 5 {
		t.Fatalf("the last besieger retreats to Strasburg: Besançon %+v, Strasburg %+v", s.Spaces[bes], s.Spaces[stras].Units)
	}
	if s.Move != nil {
		t.Fatal("the move is over")
	}
}

// Only units that all lost a field battle this impulse avoid battle
// without a roll (§13.3 step 4): beaten units retreating into a space
// where fresh units of their power stand do not lend them that privilege.
func TestBeatenRetreatDoesNotFreeFreshUnits(t *testing.T) {
	paris, stdz, brus, antw := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "brussels"), sp(t, "antwerp")
	s := landState(t, France, 3)
	s.Spaces[paris].Units[France].Reg = 4
	s.Spaces[stdz].Units[Hapsburg].Reg = 2
	s.Spaces[brus].Units[Hapsburg].Reg = 3
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	answer(t, s, kIntercept, Hapsburg, "no")
	// France 4 dice (one hit), Hapsburg 3 dice (none): one Hapsburg
	// survivor retreats to Brussels, the only space it may enter.
	s.Script = []int{5, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	if s.Spaces[brus].Units[Hapsburg].Reg != 4 || len(s.Script) != 0 {
		t.Fatalf("the survivor joined the 3 in Brussels: %+v", s.Spaces[brus].Units[Hapsburg])
	}
	answer(t, s, kAction, France, "move", "st_dizier", "none", "brussels", "3:0:0")
	s.Script = []int{1, 1} // 2: the attempt fails
	answer(t, s, kAvoid, Hapsburg, "antwerp", "none", "4:0:0")
	if s.Spaces[antw].Units[Hapsburg].Reg != 0 || len(s.Script) != 0 {
		t.Fatalf("three of the four never lost a battle: they must roll, and fail (Antwerp %+v)", s.Spaces[antw].Units[Hapsburg])
	}
}

// A unit attempts one interception per impulse (§13.2): interceptors that
// lost the battle and retreated may not intercept again from their new
// space.
func TestInterceptorsRetreatWithTheirAttempt(t *testing.T) {
	dijon, paris, brus, stq, boul := sp(t, "dijon"), sp(t, "paris"), sp(t, "brussels"), sp(t, "st_quentin"), sp(t, "boulogne")
	s := landState(t, France, 4)
	s.Spaces[dijon].Units[France].Reg = 4
	s.Spaces[paris].Units[France].Reg = 2
	s.Spaces[brus].Units[Hapsburg].Reg = 3
	s.Spaces[stq].Ctl = Hapsburg
	answer(t, s, kAction, France, "move", "dijon", "none", "st_dizier", "4:0:0")
	// 5+4: the interception succeeds; France 4 dice (two hits), Hapsburg 4
	// dice (none): one Hapsburg survivor retreats, to St Quentin.
	s.Script = []int{5, 4, 5, 5, 1, 1, 1, 1, 1, 1}
	answer(t, s, kIntercept, Hapsburg, "none", "3:0:0")
	answer(t, s, kRetreat, Hapsburg, "st_quentin")
	if s.Spaces[stq].Units[Hapsburg].Reg != 1 || len(s.Script) != 0 {
		t.Fatalf("one survivor in St Quentin: %+v", s.Spaces[stq].Units[Hapsburg])
	}
	answer(t, s, kAction, France, "move", "paris", "none", "boulogne", "2:0:0")
	if d, _ := s.top(); d.Kind == kIntercept {
		t.Fatal("the survivor already tried its interception this impulse")
	}
	if s.Spaces[boul].Units[France].Reg != 2 || s.Move != nil {
		t.Fatalf("France is in Boulogne: %+v", s.Spaces[boul].Units[France])
	}
}

// Only the formation defeated in a field battle is barred from moving for
// the rest of the impulse (§13.1), not the units that waited where it
// retreated to.
func TestDefeatedFormationOnlyIsBarred(t *testing.T) {
	paris, stdz := sp(t, "paris"), sp(t, "st_dizier")
	s := landState(t, France, 3)
	s.Spaces[paris].Units[France].Reg = 6
	s.Spaces[stdz].Units[Hapsburg].Reg = 3
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	// France 4 dice, no hit; Hapsburg 3 + 1 dice, one hit: France loses
	// one unit and the other three go back to Paris.
	s.Script = []int{1, 1, 1, 1, 5, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "no")
	if s.Spaces[paris].Units[France].Reg != 5 || len(s.Script) != 0 {
		t.Fatalf("3 beaten units back with the 2 that stayed: %+v", s.Spaces[paris].Units[France])
	}
	forms := values(sub(moveTree(s, France), "paris", "none", "dijon"))
	if !forms["2:0:0"] || forms["3:0:0"] {
		t.Fatalf("the 2 that stayed in Paris may move, the 3 beaten may not: %v", forms)
	}
	if s.Act.NoMove[paris] {
		t.Error("Paris is not closed to every move")
	}
}

// An empty fortress one enemy besieges is held by another enemy: a third
// power at war with both may not enter it (§13.1 case 2, "not a fortified
// space where one enemy besieges another enemy"); an ally of the
// besieged controller may relieve it (case 4a).
func TestNoEntryWhereEnemyBesiegesEnemy(t *testing.T) {
	dijon, lyon := sp(t, "dijon"), sp(t, "lyon")
	s := landState(t, Ottoman, 2)
	s.setWar(Ottoman, France, true)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[lyon].Units[Hapsburg].Reg = 3
	s.Act = nil
	s.startSiege(lyon, Hapsburg)
	s.Act = &Act{Power: Ottoman, CP: 2, Card: -1}
	s.Spaces[dijon].Ctl = Ottoman
	s.Spaces[dijon].Units[Ottoman].Reg = 4
	if values(sub(moveTree(s, Ottoman), "dijon", "none"))["lyon"] {
		t.Error("the Hapsburgs besiege French Lyon, both enemies of the Ottoman: no entry")
	}
	s.setWar(Ottoman, France, false)
	s.setAlly(Ottoman, France, true)
	if !values(sub(moveTree(s, Ottoman), "dijon", "none"))["lyon"] {
		t.Error("France's ally may relieve Lyon")
	}
}

// A relief force beaten on equal hits may take survivors inside up to 4
// land units inside in total (§15.2): an ally's units already inside
// count toward the 4.
func TestReliefReenterCountsAlliesInside(t *testing.T) {
	dijon, lyon := sp(t, "dijon"), sp(t, "lyon")
	s := landState(t, Papacy, 2)
	s.setWar(Papacy, Hapsburg, true)
	s.setWar(Papacy, France, false) // at war in 1517
	s.setAlly(Papacy, France, true)
	s.Spaces[lyon].Units[France].Reg = 4
	s.Spaces[lyon].Units[Hapsburg].Reg = 6
	s.Act = nil
	s.startSiege(lyon, Hapsburg)
	s.Spaces[lyon].SiegeNew = false
	s.Act = &Act{Power: Papacy, CP: 2, Card: -1}
	s.Spaces[dijon].Units[Papacy].Reg = 2
	// Papacy 2 dice (one hit), Hapsburg 6 + 1 dice (one hit): equal hits,
	// the relief fails; its survivor cannot go inside (4 French there).
	s.Script = []int{5, 1, 5, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Papacy, "move", "dijon", "none", "lyon", "2:0:0")
	if d, ok := s.top(); ok && d.Kind == kReenter {
		t.Fatal("no room inside Lyon: 4 French units hold it")
	}
	if s.Spaces[dijon].Units[Papacy].Reg != 1 || s.Spaces[lyon].Units[Papacy].Land() != 0 || !s.Besieging(lyon, Hapsburg) {
		t.Fatalf("the Papal survivor falls back to Dijon: Dijon %+v, Lyon %+v", s.Spaces[dijon].Units[Papacy], s.Spaces[lyon])
	}
}

// Hungary-Bohemia's defeat after a field battle can hand the Ottoman the
// keys of an Auto Win: it is checked at once (§11.0, §22.5), as after an
// assault.
func TestHungaryDefeatByBattleChecksMilitaryVictory(t *testing.T) {
	belgrade, buda, mohacs := sp(t, "belgrade"), sp(t, "buda"), sp(t, "mohacs")
	s := landState(t, Ottoman, 2)
	s.setWar(Ottoman, Hungary, true)
	s.Spaces[belgrade].Ctl = Ottoman
	for i := range Spaces {
		if k, _ := s.Keys(Ottoman); k >= 10 {
			break
		}
		if Spaces[i].Type.IsKey() && Spaces[i].Home != Hungary && s.Spaces[i].Ctl != Ottoman {
			s.Spaces[i].Ctl = Ottoman
		}
	}
	if k, _ := s.Keys(Ottoman); k != 10 {
		t.Fatalf("10 Ottoman keys, have %d", k)
	}
	s.Spaces[buda].Units[Hungary].Reg = 2
	s.Spaces[buda].Units[Ottoman].Reg = 3
	s.Act = nil
	s.startSiege(buda, Ottoman)
	s.Act = &Act{Power: Ottoman, CP: 2, Card: -1}
	s.Spaces[mohacs].Units[Hungary].Reg = 3
	s.Spaces[belgrade].Units[Ottoman].Reg = 4
	// Ottoman 4 dice, one hit; Hungary 3 + 1 dice, none: 2 Hungarian
	// regulars are left on the map, Buda falls to the Ottoman: 11 keys.
	s.Script = []int{5, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Ottoman, "move", "belgrade", "none", "mohacs", "4:0:0")
	if !s.HungaryDefeated || s.Spaces[buda].Ctl != Ottoman {
		t.Fatalf("Hungary-Bohemia is defeated, Buda Ottoman: %+v", s.Spaces[buda])
	}
	if s.Phase != PhaseOver || len(s.Winners) != 1 || s.Winners[0] != Ottoman {
		t.Fatalf("Ottoman military victory at once: phase %v, winners %v", s.Phase, s.Winners)
	}
}

// An active minor's units act as its major's own (§22.3): in an assault,
// as in a field battle, the major takes the casualties of its side among
// its own and its minor's units; the even split of M9 is between allied
// majors.
func TestAssaultMinorLossesChosenByMajor(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	s.MinorAlly[Scotland-firstMinor] = France
	s.Spaces[bordeaux].Units[France] = Units{Reg: 1}
	s.Spaces[bordeaux].Units[Scotland] = Units{Reg: 2}
	// 4 units against defenders: 2 dice + 2 (Charles V), two hits;
	// defence 3 + 1 (Montmorency) + 1, none.
	s.Script = []int{5, 6, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	wantOwed(t, s, kAssaultLoss, France, "France chooses its side's 2 casualties", "1:0:0,scotland=1", "0:0:0,scotland=2")
	answer(t, s, kAssaultLoss, France, "0:0:0,scotland=2")
	ss := &s.Spaces[bordeaux]
	if ss.Units[France].Reg != 1 || ss.Units[Scotland].Reg != 0 || ss.Ctl != France || !s.UnderSiege(bordeaux) {
		t.Fatalf("the Scots fell, France holds: %+v", ss.Units)
	}
}

// Two allied powers besiege one space together only if each alone
// outnumbers the defenders (§15): a mover joining its ally's siege with
// too few units cannot besiege and must fall back or move on (§13.4).
func TestJoiningAlliedSiegeNeedsToOutnumber(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	setup := func(french uint8) *State {
		s := landState(t, France, 3)
		s.setWar(France, Papacy, false) // at war in 1517
		s.setAlly(France, Papacy, true)
		s.setWar(Papacy, Hapsburg, true)
		s.Spaces[bes].Units[Hapsburg].Reg = 2
		s.Spaces[bes].Units[Papacy].Reg = 3
		s.Act = nil
		s.startSiege(bes, Papacy)
		s.Spaces[bes].SiegeNew = false
		s.Act = &Act{Power: France, CP: 3, Card: -1}
		s.Spaces[dijon].Units[France].Reg = french
		answer(t, s, kAction, France, "move", "dijon", "none", "besancon", compValue(Units{Reg: french}))
		return s
	}
	s := setup(2)
	if d, _ := s.top(); d.Kind != kBlocked || d.Power != France || s.Besieging(bes, France) {
		t.Fatalf("2 French do not outnumber the 2 inside: fall back or move on (%+v, besiegers %b)", s.Stack, s.Spaces[bes].Besiegers)
	}
	answer(t, s, kBlocked, France, "retreat")
	if s.Spaces[dijon].Units[France].Reg != 2 || !s.Besieging(bes, Papacy) {
		t.Fatalf("France falls back to Dijon, the Papal siege goes on: %+v", s.Spaces[bes])
	}
	s = setup(3)
	if !s.Besieging(bes, France) || !s.Besieging(bes, Papacy) {
		t.Fatalf("3 French outnumber the 2 inside: both besiege (%b)", s.Spaces[bes].Besiegers)
	}
}

// Independent regulars in an independent key never block entry (§13.1):
// a power may enter a key its enemy besieges, fight the besiegers and, if
// it wins, besiege the key itself (§14.0 step 12).
func TestEnterIndependentKeyEnemyBesieges(t *testing.T) {
	stdz, metz := sp(t, "st_dizier"), sp(t, "metz")
	s := landState(t, France, 2)
	s.Spaces[metz].Units[Independent].Reg = 1
	s.Spaces[metz].Units[Hapsburg].Reg = 2
	s.Act = nil
	s.startSiege(metz, Hapsburg)
	s.Spaces[metz].SiegeNew = false
	s.Act = &Act{Power: France, CP: 2, Card: -1}
	s.Spaces[stdz].Units[France].Reg = 4
	if !values(sub(moveTree(s, France), "st_dizier", "none"))["metz"] {
		t.Fatal("France may enter Metz, where its enemy besieges the independents")
	}
	// France 4 dice, two hits; Hapsburg 2 + 1 dice, none.
	s.Script = []int{5, 5, 1, 1, 1, 1, 1}
	answer(t, s, kAction, France, "move", "st_dizier", "none", "metz", "4:0:0")
	if d, ok := s.top(); ok && d.Kind == kAvoid {
		answer(t, s, kAvoid, Hapsburg, "no")
	}
	if b := s.LastBattle; b == nil || !b.AttackerWon || b.Relief {
		t.Fatalf("a field battle against the besiegers, won by France: %+v", b)
	}
	if !s.Besieging(metz, France) || s.Besieging(metz, Hapsburg) || s.Spaces[metz].Units[Independent].Reg != 1 || s.Spaces[metz].Units[France].Reg != 4 {
		t.Fatalf("France now besieges Metz: %+v", s.Spaces[metz])
	}
}

// Losing against the besiegers of an independent key, the mover falls back
// and the besiegers' losses may break their siege (§15.3).
func TestEnterIndependentKeyBattleLostBreaksSiege(t *testing.T) {
	stdz, metz := sp(t, "st_dizier"), sp(t, "metz")
	s := landState(t, France, 2)
	s.Spaces[metz].Units[Independent].Reg = 1
	s.Spaces[metz].Units[Hapsburg].Reg = 2
	s.Act = nil
	s.startSiege(metz, Hapsburg)
	s.Spaces[metz].SiegeNew = false
	s.Act = &Act{Power: France, CP: 2, Card: -1}
	s.Spaces[stdz].Units[France].Reg = 1
	// France 1 die, one hit; Hapsburg 2 + 1 dice, one hit: a tie, France
	// loses its unit; one Hapsburg regular against one independent: broken.
	s.Script = []int{5, 5, 1, 1}
	answer(t, s, kAction, France, "move", "st_dizier", "none", "metz", "1:0:0")
	if d, ok := s.top(); ok && d.Kind == kAvoid {
		answer(t, s, kAvoid, Hapsburg, "no")
	}
	if b := s.LastBattle; b == nil || b.AttackerWon || s.Spaces[metz].Units[France].Land() != 0 {
		t.Fatalf("France lost: %+v", b)
	}
	if d, _ := s.top(); d.Kind != kSiegeRetreat || d.Power != Hapsburg || s.UnderSiege(metz) {
		t.Fatalf("the Hapsburg siege broke, its last regular retreats: %+v, %+v", s.Stack, s.Spaces[metz])
	}
	answer(t, s, kSiegeRetreat, Hapsburg, "besancon")
	if s.Spaces[metz].Units[Hapsburg].Land() != 0 || s.Spaces[sp(t, "besancon")].Units[Hapsburg].Reg != 1 || s.Spaces[metz].Units[Independent].Reg != 1 {
		t.Fatalf("retreated to Besançon: %+v", s.Spaces[metz])
	}
}
