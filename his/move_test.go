package his

import (
	"testing"

	"concordat/game"
)

// landState is the 1517 map with every land unit and army leader taken off,
// France and the Hapsburgs at war, and France's impulse with cp CP to spend.
func landState(t *testing.T, p Power, cp int) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Stack = nil
	s.Phase = PhaseAction
	for i := range s.Spaces {
		for q := range s.Spaces[i].Units {
			u := &s.Spaces[i].Units[q]
			u.Reg, u.Merc, u.Cav = 0, 0, 0
		}
	}
	for i := range s.Leaders {
		if !Leaders[i].Naval && s.Leaders[i].Loc >= 0 {
			s.Leaders[i].Loc = OffMap
		}
	}
	s.setWar(France, Hapsburg, true)
	s.Impulse = p
	s.Act = &Act{Power: p, CP: cp, Card: -1}
	s.push(kAction, p)
	return s
}

func leader(t *testing.T, id string) int {
	t.Helper()
	l, err := LeaderByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func place(s *State, l int, sp SpaceID) { s.Leaders[l] = LeaderState{Loc: int(sp), Captor: NoPower} }

// moveTree is the Move action's options for the pending action decision,
// nil when the action is not offered.
func moveTree(s *State, p Power) []game.Choice {
	for _, c := range s.actionChoices(p) {
		if c.Value == "move" {
			return c.Next
		}
	}
	return nil
}

func sub(ch []game.Choice, path ...string) []game.Choice {
	for _, v := range path {
		var next []game.Choice
		found := false
		for _, c := range ch {
			if c.Value == v {
				next, found = c.Next, true
			}
		}
		if !found {
			return nil
		}
		ch = next
	}
	return ch
}

func values(ch []game.Choice) map[string]bool {
	out := map[string]bool{}
	for _, c := range ch {
		out[c.Value] = true
	}
	return out
}

// wantOwed fails the test unless the decision on top is kind, owed by p
// (what says which, in the failure), with exactly the options opts.
func wantOwed(t *testing.T, s *State, kind string, p Power, what string, opts ...string) {
	t.Helper()
	d, _ := s.top()
	if d.Kind != kind || d.Power != p {
		t.Fatalf("%s: %+v", what, s.Stack)
	}
	ch := values(s.choices(d))
	ok := len(ch) == len(opts)
	for _, o := range opts {
		ok = ok && ch[o]
	}
	if !ok {
		t.Fatalf("%s: options %v, want %v", what, ch, opts)
	}
}

func TestMoveDestinations(t *testing.T) {
	lyon, dijon, metz, grenoble, turin := sp(t, "lyon"), sp(t, "dijon"), sp(t, "metz"), sp(t, "grenoble"), sp(t, "turin")
	s := landState(t, France, 1)
	s.Spaces[lyon].Units[France].Reg = 6
	place(s, leader(t, "francis_i"), lyon)
	got := values(sub(moveTree(s, France), "lyon", "none"))
	for _, id := range []string{"limoges", "orleans", "dijon", "avignon", "grenoble", "geneva"} {
		if !got[id] {
			t.Errorf("Lyon → %s (French or independent) should be offered: %v", id, got)
		}
	}
	// A space of a power France is neither at war nor allied with is closed.
	s.Spaces[dijon].Ctl = England
	if values(sub(moveTree(s, France), "lyon", "none"))["dijon"] {
		t.Error("English-controlled Dijon is offered though France and England are at peace")
	}
	s.setWar(France, England, true)
	if !values(sub(moveTree(s, France), "lyon", "none"))["dijon"] {
		t.Error("at war, English Dijon may be entered")
	}

	// Formation size: 4 units without a leader, Francis I (command 8) leads all 6.
	forms := values(sub(moveTree(s, France), "lyon", "none", "grenoble"))
	if !forms["4:0:0"] || forms["5:0:0"] || forms["0:0:0"] {
		t.Errorf("no leader: up to 4 units, never none: %v", forms)
	}
	forms = values(sub(moveTree(s, France), "lyon", "francis_i", "grenoble"))
	if !forms["6:0:0"] || !forms["0:0:0"] {
		t.Errorf("Francis I leads up to 6, or moves alone: %v", forms)
	}

	// Before the League no power enters an electorate.
	s.Spaces[metz].Ctl = France
	s.Spaces[metz].Units[Independent] = Units{}
	s.Spaces[metz].Units[France].Reg = 2
	if values(sub(moveTree(s, France), "metz", "none"))["trier"] {
		t.Error("Trier is an electorate: closed before the Schmalkaldic League")
	}
	s.League = true
	if !values(sub(moveTree(s, France), "metz", "none"))["trier"] {
		t.Error("after the League, Hapsburg Trier may be entered (at war)")
	}

	// A pass costs 2 CP: not offered with 1 CP, paid in full with 2.
	s.Spaces[grenoble].Units[France].Reg = 2
	if values(sub(moveTree(s, France), "grenoble", "none"))["turin"] {
		t.Error("Grenoble → Turin crosses a pass: 2 CP, only 1 left")
	}
	s.Act.CP = 3
	if !values(sub(moveTree(s, France), "grenoble", "none"))["turin"] {
		t.Error("Grenoble → Turin is offered with 3 CP")
	}
	answer(t, s, kAction, France, "move", "grenoble", "none", "turin", "2:0:0")
	if s.Act.CP != 1 || s.Spaces[turin].Units[France].Reg != 2 || s.Spaces[grenoble].Units[France].Reg != 0 {
		t.Fatalf("moved over the pass for 2 CP: CP %d, Turin %+v", s.Act.CP, s.Spaces[turin].Units[France])
	}
	if c, _ := MoveCost(grenoble, turin); c != 2 {
		t.Fatal("MoveCost over a pass is 2")
	}

	// The Protestant does not move before the League.
	s = landState(t, Protestant, 3)
	s.Spaces[sp(t, "wittenberg")].Units[Protestant].Reg = 2
	if moveTree(s, Protestant) != nil {
		t.Error("no Protestant move before the League (§21.6)")
	}
}

// Units besieged inside a fortification cannot move (§15); the besiegers may.
func TestMoveBesiegedCannotMove(t *testing.T) {
	bes := sp(t, "besancon")
	s := landState(t, Hapsburg, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 2
	s.Spaces[bes].Units[France].Reg = 3
	s.startSiege(bes, France)
	if sub(moveTree(s, Hapsburg), "besancon") != nil {
		t.Error("the besieged Hapsburg units may not move")
	}
	s = landState(t, France, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 2
	s.Spaces[bes].Units[France].Reg = 3
	s.Act = nil
	s.startSiege(bes, France)
	s.Act = &Act{Power: France, CP: 2, Card: -1}
	if sub(moveTree(s, France), "besancon", "none", "dijon") == nil {
		t.Error("the French besiegers (siege begun in an earlier impulse) may leave")
	}
}

// A siege begun this impulse keeps the besiegers in place (§13.1).
func TestMoveStartsSiegeOfEmptyFortress(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	s := landState(t, France, 3)
	s.Spaces[dijon].Units[France].Reg = 2
	s.Spaces[sp(t, "paris")].Units[France].Reg = 1 // something else to do: the impulse goes on
	answer(t, s, kAction, France, "move", "dijon", "none", "besancon", "2:0:0")
	if !s.Besieging(bes, France) || !s.Spaces[bes].SiegeNew || !s.Act.NoMove[bes] {
		t.Fatalf("France besieges empty Besançon, new this impulse: %+v", s.Spaces[bes])
	}
	if sub(moveTree(s, France), "besancon") != nil {
		t.Error("the besiegers may not move again this impulse")
	}
	if s.Move != nil || s.Act.CP != 2 {
		t.Errorf("the move is over, 1 CP paid: %+v, CP %d", s.Move, s.Act.CP)
	}
}

func TestInterception(t *testing.T) {
	dijon, stdz, brus := sp(t, "dijon"), sp(t, "st_dizier"), sp(t, "brussels")
	ferd := leader(t, "ferdinand")
	setup := func() *State {
		s := landState(t, France, 3)
		s.Spaces[dijon].Units[France].Reg = 2
		s.Spaces[brus].Units[Hapsburg].Reg = 3
		place(s, ferd, brus)
		answer(t, s, kAction, France, "move", "dijon", "none", "st_dizier", "2:0:0")
		if d, _ := s.top(); d.Kind != kIntercept || d.Power != Hapsburg {
			t.Fatalf("Hapsburg may intercept from Brussels: %+v", s.Stack)
		}
		if ch := s.choices(Decision{Kind: kIntercept, Power: Hapsburg}); ch[0].Value != "no" {
			t.Fatalf("declining is the default: %+v", ch[0])
		}
		return s
	}

	// Failure: 3+4+1 (Ferdinand) = 8.
	s := setup()
	s.Script = []int{3, 4}
	answer(t, s, kIntercept, Hapsburg, "ferdinand", "3:0:0")
	if s.Spaces[stdz].Units[France].Reg != 2 || s.Spaces[brus].Units[Hapsburg].Reg != 3 || s.Leaders[ferd].Loc != int(brus) {
		t.Fatalf("failed interception: France in St Dizier, Hapsburg stays: %+v %+v", s.Spaces[stdz].Units, s.Spaces[brus].Units)
	}
	if s.Act.Intercepted[brus]&bit(Hapsburg) == 0 || s.Move != nil || len(s.Script) != 0 {
		t.Fatal("the attempt is spent; no battle")
	}

	// Success: 4+4+1 = 9, then the field battle: France 2 dice (2 hits),
	// Hapsburg 3 units + Ferdinand 1 + 1 = 5 dice (1 hit): France wins;
	// Hapsburg loses 2, the survivor and Ferdinand retreat to Brussels (the
	// only legal space: Dijon is where France came from).
	s = setup()
	s.Script = []int{4, 4, 5, 6, 1, 2, 3, 4, 5}
	answer(t, s, kIntercept, Hapsburg, "ferdinand", "3:0:0")
	if len(s.Script) != 0 {
		t.Fatalf("dice left: %v", s.Script)
	}
	b := s.LastBattle
	if b == nil || !b.AttackerWon || b.AttHits != 2 || b.DefHits != 1 || len(b.DefDice) != 5 {
		t.Fatalf("battle %+v", b)
	}
	if s.Spaces[stdz].Units[France].Reg != 1 || s.Spaces[stdz].Units[Hapsburg].Reg != 0 || s.Spaces[brus].Units[Hapsburg].Reg != 1 || s.Leaders[ferd].Loc != int(brus) {
		t.Fatalf("after the battle: St Dizier %+v, Brussels %+v, Ferdinand %+v", s.Spaces[stdz].Units, s.Spaces[brus].Units, s.Leaders[ferd])
	}
	if s.Act.NoMove[stdz] || s.Act.Beaten[brus]&bit(Hapsburg) == 0 {
		t.Error("the winner may move on; the beaten Hapsburgs are marked")
	}
}

func TestAvoidBattle(t *testing.T) {
	paris, stdz, brus := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "brussels")
	setup := func() *State {
		s := landState(t, France, 3)
		s.Spaces[paris].Units[France].Reg = 4
		s.Spaces[stdz].Units[Hapsburg].Reg = 2
		answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
		if d, _ := s.top(); d.Kind != kAvoid || d.Power != Hapsburg {
			t.Fatalf("Hapsburg may avoid battle: %+v", s.Stack)
		}
		ch := s.choices(Decision{Kind: kAvoid, Power: Hapsburg})
		if ch[0].Value != "no" || len(ch) != 2 || ch[1].Value != "brussels" {
			t.Fatalf("stand (default) or avoid to Brussels only (Paris is where France came from): %+v", ch)
		}
		return s
	}
	s := setup()
	s.Script = []int{5, 4}
	answer(t, s, kAvoid, Hapsburg, "brussels", "none", "2:0:0")
	if s.Spaces[brus].Units[Hapsburg].Reg != 2 || s.Spaces[stdz].Units[Hapsburg].Reg != 0 || s.Spaces[stdz].Units[France].Reg != 4 || s.LastBattle != nil {
		t.Fatalf("avoided: %+v %+v", s.Spaces[brus].Units, s.Spaces[stdz].Units)
	}
	// A failed roll (8) means battle: 4 French dice against 3.
	s = setup()
	s.Script = []int{4, 4, 5, 5, 1, 1, 1, 1, 1}
	answer(t, s, kAvoid, Hapsburg, "brussels", "none", "2:0:0")
	if b := s.LastBattle; b == nil || !b.AttackerWon || s.Spaces[stdz].Units[Hapsburg].Land() != 0 || s.Spaces[stdz].Units[France].Reg != 4 {
		t.Fatalf("failed avoid, battle lost with both units: %+v", s.Spaces[stdz].Units)
	}
}

func TestWithdrawIntoFortifications(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	setup := func(french uint8) *State {
		s := landState(t, France, 3)
		s.Spaces[dijon].Units[France].Reg = french
		s.Spaces[bes].Units[Hapsburg].Reg = 2
		answer(t, s, kAction, France, "move", "dijon", "none", "besancon", compValue(Units{Reg: french}))
		answer(t, s, kAvoid, Hapsburg, "no")
		if d, _ := s.top(); d.Kind != kWithdraw || d.Power != Hapsburg {
			t.Fatalf("Hapsburg (2 units) may withdraw: %+v", s.Stack)
		}
		return s
	}
	// 3 French outnumber the 2 inside: siege.
	s := setup(3)
	answer(t, s, kWithdraw, Hapsburg, "yes")
	if !s.Besieging(bes, France) || s.Besieging(bes, Hapsburg) || s.LastBattle != nil || s.Spaces[bes].Units[Hapsburg].Reg != 2 {
		t.Fatalf("besieged after the withdrawal: %+v", s.Spaces[bes])
	}
	// 2 French do not: France falls back to Dijon (or moves on).
	s = setup(2)
	answer(t, s, kWithdraw, Hapsburg, "yes")
	if d, _ := s.top(); d.Kind != kBlocked || d.Power != France {
		t.Fatalf("France must fall back or move on: %+v", s.Stack)
	}
	if !values(s.choices(Decision{Kind: kBlocked, Power: France}))["strasburg"] {
		t.Error("France may go on to Hapsburg Strasburg with CP left")
	}
	answer(t, s, kBlocked, France, "retreat")
	if s.Spaces[dijon].Units[France].Reg != 2 || s.Spaces[bes].Units[France].Reg != 0 || s.UnderSiege(bes) || s.Move != nil {
		t.Fatalf("fell back to Dijon: %+v", s.Spaces[dijon].Units[France])
	}
	// An inactive minor's 4 or fewer units always withdraw (§22.1):
	// 3 French against Genoa's 2 regulars besiege it at once.
	s = landState(t, France, 3)
	genoa, turin := sp(t, "genoa"), sp(t, "turin")
	s.setWar(France, Genoa, true)
	s.Spaces[turin].Units[France].Reg = 3
	s.Spaces[genoa].Units[Genoa].Reg = 2
	answer(t, s, kAction, France, "move", "turin", "none", "genoa", "3:0:0")
	if !s.Besieging(genoa, France) || s.LastBattle != nil {
		t.Fatalf("Genoa withdrew and is besieged: %+v", s.Spaces[genoa])
	}
}

func TestLoneLeaderCaptured(t *testing.T) {
	dijon, stdz := sp(t, "dijon"), sp(t, "st_dizier")
	ferd := leader(t, "ferdinand")
	s := landState(t, France, 2)
	s.Spaces[dijon].Units[France].Reg = 1
	place(s, ferd, stdz)
	// France's leaders may not walk alone into a space with enemy leaders.
	place(s, leader(t, "montmorency"), dijon)
	if sub(moveTree(s, France), "dijon", "montmorency", "st_dizier") != nil && values(sub(moveTree(s, France), "dijon", "montmorency", "st_dizier"))["0:0:0"] {
		t.Error("Montmorency alone may not enter a space with an enemy leader")
	}
	answer(t, s, kAction, France, "move", "dijon", "none", "st_dizier", "1:0:0")
	if s.Leaders[ferd].Captor != France || s.Leaders[ferd].Loc != OffMap {
		t.Fatalf("Ferdinand alone in unfortified St Dizier is captured: %+v", s.Leaders[ferd])
	}
}

// Moving besiegers away breaks the siege (§15.3); the rest retreat.
func TestSiegeBrokenByMovingAway(t *testing.T) {
	dijon, bes := sp(t, "dijon"), sp(t, "besancon")
	s := landState(t, France, 2)
	s.Spaces[bes].Units[Hapsburg].Reg = 2
	s.Spaces[bes].Units[France].Reg = 3
	s.Act = nil
	s.startSiege(bes, France)
	s.Act = &Act{Power: France, CP: 2, Card: -1}
	answer(t, s, kAction, France, "move", "besancon", "none", "dijon", "2:0:0")
	if s.UnderSiege(bes) || s.Spaces[bes].Units[France].Reg != 0 || s.Spaces[dijon].Units[France].Reg != 3 {
		t.Fatalf("siege broken, the last besieger retreats to Dijon: Besançon %+v, Dijon %+v", s.Spaces[bes], s.Spaces[dijon].Units[France])
	}
}

// A formation may take the regulars of a minor actively allied to the
// mover: "r:m:c,hungary=n".
func TestMoveWithAlliedMinor(t *testing.T) {
	vienna, linz := sp(t, "vienna"), sp(t, "linz")
	s := landState(t, Hapsburg, 2)
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	s.Spaces[vienna].Units[Hapsburg].Reg = 2
	s.Spaces[vienna].Units[Hungary].Reg = 3
	forms := values(sub(moveTree(s, Hapsburg), "vienna", "none", "linz"))
	if !forms["2:0:0,hungary=2"] || !forms["0:0:0,hungary=3"] || forms["2:0:0,hungary=3"] {
		t.Fatalf("Hapsburg and Hungarian units together, 4 at most without a leader: %v", forms)
	}
	answer(t, s, kAction, Hapsburg, "move", "vienna", "none", "linz", "1:0:0,hungary=3")
	if s.Spaces[linz].Units[Hapsburg].Reg != 1 || s.Spaces[linz].Units[Hungary].Reg != 3 || s.Spaces[vienna].Units[Hungary].Reg != 0 {
		t.Fatalf("moved 1 Hapsburg and 3 Hungarian regulars: %+v", s.Spaces[linz].Units)
	}
	// An inactive minor's units never move with anyone.
	s.MinorAlly[Hungary-firstMinor] = NoPower
	if forms := values(sub(moveTree(s, Hapsburg), "linz", "none", "vienna")); forms["1:0:0,hungary=1"] || !forms["1:0:0"] {
		t.Fatalf("inactive Hungary's units stay: %v", forms)
	}
}

// A non-Ottoman interceptor facing Ottoman cavalry rolls at -1 (§13.2).
func TestInterceptOttomanCavalry(t *testing.T) {
	dijon, stdz, brus := sp(t, "dijon"), sp(t, "st_dizier"), sp(t, "brussels")
	s := landState(t, Ottoman, 2)
	s.setWar(Ottoman, France, true)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[dijon].Units[Ottoman] = Units{Reg: 1, Cav: 1}
	s.Spaces[brus].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, Ottoman, "move", "dijon", "none", "st_dizier", "1:0:1")
	s.Script = []int{4, 5} // 9 - 1 = 8: fails
	answer(t, s, kIntercept, Hapsburg, "none", "2:0:0")
	if s.Spaces[brus].Units[Hapsburg].Reg != 2 || s.Spaces[stdz].Units[Ottoman] != (Units{Reg: 1, Cav: 1}) {
		t.Fatalf("the interception failed: %+v %+v", s.Spaces[brus].Units[Hapsburg], s.Spaces[stdz].Units[Ottoman])
	}
}

// An independent key's regulars withdraw inside; a larger force besieges
// them (§22.6).
func TestMoveIntoIndependentKey(t *testing.T) {
	stdz, metz := sp(t, "st_dizier"), sp(t, "metz")
	s := landState(t, France, 2)
	s.Spaces[metz].Units[Independent].Reg = 1
	s.Spaces[stdz].Units[France].Reg = 2
	answer(t, s, kAction, France, "move", "st_dizier", "none", "metz", "2:0:0")
	if !s.Besieging(metz, France) || s.Spaces[metz].Units[Independent].Reg != 1 || s.LastBattle != nil {
		t.Fatalf("Metz besieged without a battle: %+v", s.Spaces[metz])
	}
}

// A mover that cannot besiege may pay to go on (§13.4).
func TestBlockedMoveGoesOn(t *testing.T) {
	dijon, bes, stras := sp(t, "dijon"), sp(t, "besancon"), sp(t, "strasburg")
	s := landState(t, France, 3)
	s.Spaces[dijon].Units[France].Reg = 2
	s.Spaces[bes].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, France, "move", "dijon", "none", "besancon", "2:0:0")
	answer(t, s, kAvoid, Hapsburg, "no")
	answer(t, s, kWithdraw, Hapsburg, "yes")
	answer(t, s, kBlocked, France, "strasburg")
	if s.Spaces[stras].Units[France].Reg != 2 || s.Spaces[bes].Units[France].Reg != 0 || s.Act.CP != 1 || s.Move != nil {
		t.Fatalf("went on to Strasburg for 1 more CP: %+v, CP %d", s.Spaces[stras].Units[France], s.Act.CP)
	}
}

// Leaders moving alone who are intercepted are captured.
func TestLoneLeaderIntercepted(t *testing.T) {
	dijon, brus := sp(t, "dijon"), sp(t, "brussels")
	mont := leader(t, "montmorency")
	s := landState(t, France, 2)
	place(s, mont, dijon)
	s.Spaces[sp(t, "paris")].Units[France].Reg = 1
	s.Spaces[brus].Units[Hapsburg].Reg = 2
	answer(t, s, kAction, France, "move", "dijon", "montmorency", "st_dizier", "0:0:0")
	s.Script = []int{5, 4}
	answer(t, s, kIntercept, Hapsburg, "none", "2:0:0")
	if s.Leaders[mont].Captor != Hapsburg || s.LastBattle != nil || s.Spaces[sp(t, "st_dizier")].Units[Hapsburg].Reg != 2 {
		t.Fatalf("Montmorency is captured, no battle: %+v", s.Leaders[mont])
	}
}
