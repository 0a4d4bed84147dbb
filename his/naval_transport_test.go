package his

import "testing"

// transportState is landState (no land units or army leaders, France and
// the Hapsburgs at war) with every naval unit cleared, a Hapsburg squadron
// in the Gulf of Lyon and the Hapsburgs' impulse with cp CP.
func transportState(t *testing.T, cp int) *State {
	t.Helper()
	s := landState(t, Hapsburg, cp)
	for i := range s.Spaces {
		for q := range s.Spaces[i].Units {
			s.Spaces[i].Units[q].Sq, s.Spaces[i].Units[q].Cor = 0, 0
		}
	}
	for z := range s.Seas {
		s.Seas[z].Units = [NumPowers]Units{}
	}
	s.Seas[loc(t, "gulf_of_lyon")-SeaLoc].Units[Hapsburg].Sq = 1
	return s
}

// Landings the rules forbid are not offered (§16.3 step 3).
func TestTransportIllegalLandings(t *testing.T) {
	s := transportState(t, 2)
	bar, mar := sp(t, "barcelona"), sp(t, "marseille")
	s.Spaces[bar].Units[Hapsburg].Reg = 3
	dests := values(sub(s.choices(top(t, s)), "transport", "barcelona", "none"))
	if !dests["marseille"] || !dests["nice"] || dests["genoa"] || dests["bastia"] {
		t.Fatalf("Marseille (enemy) and Nice (independent) but not Genoese ports: %v", dests)
	}
	// an enemy squadron in the port bars the landing
	s.Spaces[mar].Units[France].Sq = 1
	if hasPath(s.choices(top(t, s)), "transport", "barcelona", "none", "marseille") {
		t.Error("no landing in a port holding enemy naval units")
	}
	// a French squadron in Nice is no enemy once the war is over, but then
	// Marseille is the port of a power neither ally nor enemy
	s.setWar(France, Hapsburg, false)
	s.Spaces[sp(t, "nice")].Units[France].Sq = 1
	dests = values(sub(s.choices(top(t, s)), "transport", "barcelona", "none"))
	if dests["marseille"] || !dests["nice"] {
		t.Errorf("at peace: not Marseille, Nice still: %v", dests)
	}
}

// A landing at Nice intercepted from Marseille (§13.2): the battle is
// fought as for a Move; the Hapsburgs win and the French survivor retreats
// to Marseille.
func TestTransportIntercepted(t *testing.T) {
	s := transportState(t, 2)
	bar, nice, mar := sp(t, "barcelona"), sp(t, "nice"), sp(t, "marseille")
	s.Spaces[bar].Units[Hapsburg].Reg = 4
	s.Spaces[mar].Units[France].Reg = 3
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "none", "nice", "4:0:0")
	if s.Move == nil || !s.Move.BySea || s.Spaces[nice].Units[Hapsburg].Reg != 0 {
		t.Fatalf("the landing waits for the interception: %+v", s.Move)
	}
	if d := top(t, s); d.Kind != kIntercept || d.Power != France {
		t.Fatalf("France may intercept from Marseille: %+v", d)
	}
	// interception 5+4 = 9; Hapsburg 4 dice: 2 hits; France 3+1 dice: 1 hit
	s.Script = []int{5, 4, 6, 6, 1, 1, 5, 1, 1, 1}
	answer(t, s, kIntercept, France, "none", "3:0:0")
	if len(s.Script) != 0 {
		t.Fatalf("dice left: %v", s.Script)
	}
	b := s.LastBattle
	if b == nil || !b.AttackerWon || !b.BySea || b.From != -1 || len(b.DefDice) != 4 {
		t.Fatalf("battle %+v", b)
	}
	if s.Spaces[nice].Units[Hapsburg].Reg != 3 || s.Spaces[nice].Units[France].Reg != 0 || s.Spaces[mar].Units[France].Reg != 1 || s.Spaces[bar].Units[Hapsburg].Reg != 0 {
		t.Errorf("Nice %+v, Marseille %+v", s.Spaces[nice].Units, s.Spaces[mar].Units)
	}
	if s.Act != nil || s.Move != nil {
		t.Errorf("2 CP spent, the impulse is over: %+v %+v", s.Act, s.Move)
	}
}

// A landing into a space held by enemy units, which stand (no avoid
// battle): a field battle. Won, the French retreat; lost, the transported
// force cannot retreat by sea and is eliminated, Charles V captured
// (§16.3 step 4).
func TestTransportFieldBattle(t *testing.T) {
	bar, nice, mar := sp(t, "barcelona"), sp(t, "nice"), sp(t, "marseille")
	cv := leader(t, "charles_v")
	setup := func() *State {
		s := transportState(t, 3)
		s.Spaces[bar].Units[Hapsburg].Reg = 6
		place(s, cv, bar)
		s.Spaces[nice].Units[France].Reg = 3
		answer(t, s, kAction, Hapsburg, "transport", "barcelona", "charles_v", "nice", "5:0:0")
		if d := top(t, s); d.Kind != kAvoid || d.Power != France {
			t.Fatalf("France may avoid battle to Marseille: %+v", d)
		}
		if !values(s.choices(top(t, s)))["marseille"] {
			t.Fatalf("avoid battle to Marseille: %v", s.choices(top(t, s)))
		}
		return s
	}

	// won: Hapsburg 5+2 dice, 3 hits; France 3+1 dice, 1 hit
	s := setup()
	s.Script = []int{5, 5, 5, 1, 1, 1, 1, 6, 1, 1, 1}
	answer(t, s, kAvoid, France, "no")
	if b := s.LastBattle; b == nil || !b.AttackerWon || len(b.AttDice) != 7 || len(s.Script) != 0 {
		t.Fatalf("battle %+v, dice left %v", b, s.Script)
	}
	if s.Spaces[nice].Units[Hapsburg].Reg != 4 || s.Spaces[nice].Units[France].Reg != 0 || s.Leaders[cv].Loc != int(nice) || s.Spaces[bar].Units[Hapsburg].Reg != 1 {
		t.Errorf("won: Nice %+v, Charles V %+v", s.Spaces[nice].Units, s.Leaders[cv])
	}
	if s.Act.CP != 1 {
		t.Errorf("2 CP spent: %d left", s.Act.CP)
	}

	// lost: Hapsburg 1 hit, France 2 hits; the 3 survivors are eliminated
	s = setup()
	s.Script = []int{5, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1}
	answer(t, s, kAvoid, France, "no")
	b := s.LastBattle
	if b == nil || b.AttackerWon || len(s.Script) != 0 {
		t.Fatalf("battle %+v, dice left %v", b, s.Script)
	}
	if s.Spaces[nice].Units[Hapsburg].Land() != 0 || s.Spaces[nice].Units[France].Reg != 2 || s.Spaces[bar].Units[Hapsburg].Reg != 1 || s.Spaces[mar].Units[Hapsburg].Land() != 0 {
		t.Errorf("lost: Nice %+v, Barcelona %+v", s.Spaces[nice].Units, s.Spaces[bar].Units)
	}
	if s.Leaders[cv].Captor != France || s.Leaders[cv].Loc != OffMap {
		t.Errorf("Charles V captured by France: %+v", s.Leaders[cv])
	}
}

// A landing at an enemy fortified port whose defenders withdraw inside:
// the landing force outnumbers them and besieges it; not outnumbering
// them, it has nowhere to fall back to by land and, if it does not move
// on, is eliminated.
func TestTransportSiege(t *testing.T) {
	bar, mar := sp(t, "barcelona"), sp(t, "marseille")
	s := transportState(t, 3)
	s.Spaces[bar].Units[Hapsburg].Reg = 4
	s.Spaces[mar].Units[France].Reg = 2
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "none", "marseille", "4:0:0")
	answer(t, s, kAvoid, France, "no")
	if d := top(t, s); d.Kind != kWithdraw || d.Power != France {
		t.Fatalf("France may withdraw into Marseille: %+v", d)
	}
	answer(t, s, kWithdraw, France, "yes")
	if s.Spaces[mar].Besiegers != bit(Hapsburg) || !s.Spaces[mar].SiegeNew || s.Spaces[mar].Units[Hapsburg].Reg != 4 || s.Spaces[mar].Units[France].Reg != 2 {
		t.Fatalf("Marseille besieged: %+v", s.Spaces[mar])
	}
	if !s.Act.NoMove[mar] || s.Move != nil {
		t.Error("the besiegers may not move again this impulse")
	}

	// an empty enemy fortress is besieged at once
	s = transportState(t, 2)
	s.Spaces[bar].Units[Hapsburg].Reg = 1
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "none", "marseille", "1:0:0")
	if s.Spaces[mar].Besiegers != bit(Hapsburg) {
		t.Fatalf("empty Marseille besieged: %+v", s.Spaces[mar])
	}

	// 2 against 3 inside: no siege; with no CP left the only choice is to
	// stay, and the formation is eliminated
	s = transportState(t, 2)
	s.Spaces[bar].Units[Hapsburg].Reg = 2
	s.Spaces[mar].Units[France].Reg = 3
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "none", "marseille", "2:0:0")
	answer(t, s, kAvoid, France, "no")
	answer(t, s, kWithdraw, France, "yes")
	if d := top(t, s); d.Kind != kBlocked {
		t.Fatalf("blocked: %+v", d)
	}
	if ch := s.choices(top(t, s)); len(ch) != 1 || ch[0].Value != "retreat" {
		t.Fatalf("no CP to move on: %v", ch)
	}
	answer(t, s, kBlocked, Hapsburg, "retreat")
	if s.Spaces[mar].Units[Hapsburg].Land() != 0 || s.Spaces[bar].Units[Hapsburg].Land() != 0 || s.Spaces[mar].Besiegers != 0 {
		t.Errorf("eliminated, not back in Barcelona: %+v %+v", s.Spaces[mar].Units, s.Spaces[bar].Units)
	}

	// with a CP left it may move on by land, the default
	s = transportState(t, 3)
	s.Spaces[bar].Units[Hapsburg].Reg = 2
	s.Spaces[mar].Units[France].Reg = 3
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "none", "marseille", "2:0:0")
	answer(t, s, kAvoid, France, "no")
	answer(t, s, kWithdraw, France, "yes")
	ch := s.choices(top(t, s))
	if len(ch) != 3 || ch[0].Value != "avignon" || ch[1].Value != "nice" || ch[2].Value != "retreat" {
		t.Fatalf("move on to Avignon or Nice first, stay last: %v", ch)
	}
	nice := sp(t, "nice")
	answer(t, s, kBlocked, Hapsburg, "nice")
	if s.Spaces[nice].Units[Hapsburg].Reg != 2 || s.Spaces[mar].Units[Hapsburg].Land() != 0 || s.Act != nil {
		t.Errorf("moved on to Nice with the last CP: %+v", s.Spaces[nice].Units)
	}
}

// A landing that relieves a besieged friendly port (§15.2): won, the siege
// is lifted and the besiegers retreat; lost with equal hits, only the unit
// that came out of the fortification goes back in, the transported units
// are eliminated.
func TestTransportRelief(t *testing.T) {
	bar, palma, avi := sp(t, "barcelona"), sp(t, "palma"), sp(t, "avignon")
	setup := func(dice []int) *State {
		s := transportState(t, 2)
		s.Spaces[palma].Units[Hapsburg].Reg = 3
		s.Spaces[bar].Units[Hapsburg].Reg = 1
		s.Spaces[bar].Units[France].Reg = 3
		s.Spaces[bar].Besiegers = bit(France)
		if !hasPath(s.choices(top(t, s)), "transport", "palma", "none", "barcelona", "3:0:0") {
			t.Fatal("the relief of Barcelona by sea is offered")
		}
		answer(t, s, kAction, Hapsburg, "transport", "palma", "none", "barcelona", "3:0:0")
		if s.Move == nil || !s.Move.Relief || len(s.Move.Cands) != 0 {
			t.Fatalf("a relief move, no interception into a besieged space: %+v", s.Move)
		}
		answer(t, s, kAvoid, France, "no")
		s.Script = dice
		answer(t, s, kSortie, Hapsburg, "1:0:0")
		if len(s.Script) != 0 {
			t.Fatalf("dice left: %v", s.Script)
		}
		return s
	}

	// won: Hapsburg 4 dice, 2 hits; France 3+1 dice, 1 hit; the French
	// survivor retreats to Avignon or Toulouse (its choice)
	s := setup([]int{5, 5, 1, 1, 6, 1, 1, 1})
	if d := top(t, s); d.Kind != kRetreat || d.Power != France {
		t.Fatalf("France chooses its retreat: %+v", d)
	}
	answer(t, s, kRetreat, France, "avignon")
	if s.Spaces[bar].Besiegers != 0 || s.Spaces[bar].Units[Hapsburg].Reg != 3 || s.Spaces[bar].Units[France].Land() != 0 || s.Spaces[avi].Units[France].Reg != 1 {
		t.Errorf("siege lifted: Barcelona %+v, Avignon %+v", s.Spaces[bar], s.Spaces[avi].Units)
	}

	// lost with equal hits (1 each): a relief force coming by land could
	// take its survivors inside (§15.2); the transported units are
	// eliminated, the unit from inside goes back in; the siege goes on
	s = setup([]int{5, 1, 1, 1, 6, 1, 1, 1})
	b := s.LastBattle
	if b == nil || b.AttackerWon || b.AttHits != 1 || b.DefHits != 1 {
		t.Fatalf("battle %+v", b)
	}
	if s.Spaces[bar].Units[Hapsburg].Reg != 1 || s.Spaces[bar].Units[France].Reg != 2 || s.Spaces[bar].Besiegers != bit(France) || s.Spaces[palma].Units[Hapsburg].Land() != 0 {
		t.Errorf("Barcelona %+v, Palma %+v", s.Spaces[bar], s.Spaces[palma].Units)
	}
}

// The mover's active minor allies' units cross with it (§5.1): Genoese
// regulars on Genoese ships, landing at Naples.
func TestTransportMinorAlly(t *testing.T) {
	s := transportState(t, 3)
	gen, nap := sp(t, "genoa"), sp(t, "naples")
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	s.Spaces[gen].Units[Hapsburg].Reg = 1
	s.Spaces[gen].Units[Genoa].Reg = 4
	s.Seas[loc(t, "tyrrhenian_sea")-SeaLoc].Units[Genoa].Sq = 1
	forms := values(sub(s.choices(top(t, s)), "transport", "genoa", "none", "naples"))
	if !forms["1:0:0,genoa=3"] || !forms["0:0:0,genoa=4"] || forms["1:0:0,genoa=4"] {
		t.Fatalf("Hapsburg and Genoese units together, at most 4 without a leader: %v", forms)
	}
	answer(t, s, kAction, Hapsburg, "transport", "genoa", "none", "naples", "1:0:0,genoa=3")
	if s.Spaces[nap].Units[Hapsburg].Reg != 1 || s.Spaces[nap].Units[Genoa].Reg != 3 || s.Spaces[gen].Units[Genoa].Reg != 1 || s.Act.CP != 1 {
		t.Errorf("Naples %+v, Genoa %+v, CP %d", s.Spaces[nap].Units, s.Spaces[gen].Units, s.Act.CP)
	}
	// an inactive minor's units stay ashore, its ships carry nobody, and
	// its units in Naples now bar the Hapsburgs from their own port
	s.MinorAlly[Genoa-firstMinor] = NoPower
	s.Spaces[gen].Units[Hapsburg].Reg = 1
	s.Act.CP = 3
	ch := s.choices(top(t, s))
	if forms := values(sub(ch, "transport", "genoa", "none", "valencia")); forms["1:0:0,genoa=1"] || !forms["1:0:0"] {
		t.Errorf("inactive Genoa's units stay: %v", forms)
	}
	if hasPath(ch, "transport", "genoa", "none", "naples") {
		t.Error("no Tyrrhenian crossing on inactive Genoa's ship, nor a landing among its units")
	}
}

// Units beaten in a field battle this impulse may not embark (§13.1): only
// the fresh units of the stack are offered for a transport.
func TestTransportLeavesBeatenUnits(t *testing.T) {
	s := navalState(t, Hapsburg, 3)
	bar := sp(t, "barcelona")
	s.Spaces[bar].Units[Hapsburg] = Units{Reg: 3}
	s.Seas[loc(t, "gulf_of_lyon")-SeaLoc].Units[Hapsburg].Sq = 1
	s.Act.Defeated = []Defeat{{Space: bar, Units: [NumPowers]Units{Hapsburg: {Reg: 2}}}}
	ch := s.choices(top(t, s))
	if !hasPath(ch, "transport", "barcelona", "none", "valencia", "1:0:0") || hasPath(ch, "transport", "barcelona", "none", "valencia", "2:0:0") {
		t.Fatal("only the one fresh regular may sail")
	}
	s.Act.Defeated[0].Units[Hapsburg].Reg = 3
	if s.transportOrigin(bar, Hapsburg) || hasPath(s.choices(top(t, s)), "transport", "barcelona") {
		t.Fatal("a wholly beaten stack may not sail")
	}
}
