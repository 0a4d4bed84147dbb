package his

import (
	"slices"
	"testing"
)

// A major power and its active minor ally in one location are one naval
// stack (RULES.md §22.3: the minor's "military units and naval leaders act
// exactly as the major's own (move, fight, retreat, avoid battle …)";
// §16.1: a Naval Move moves "every naval unit and naval leader of the
// active power — including those of its activated minor allies"; step 4:
// "from each adjacent enemy stack, DP(owner) may send any subset as one
// intercepting stack"): a group order and an interception may take the
// major's squadrons and its minor's together, led by either's naval leader.

// minorFleetState: the Hapsburgs, allied to active Genoa, have 1 squadron
// and Genoa 2 with Andrea Doria (Genoese naval leader, battle rating 2) in
// the Gulf of Lyon.
func minorFleetState(t *testing.T, active Power) *State {
	s := navalState(t, active, 2)
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	gulf := loc(t, "gulf_of_lyon")
	s.Seas[gulf-SeaLoc].Units[Hapsburg].Sq = 1
	s.Seas[gulf-SeaLoc].Units[Genoa].Sq = 2
	s.Leaders[andreaDoria] = LeaderState{Loc: gulf, Captor: NoPower}
	return s
}

func TestMajorAndMinorMoveAsOneStack(t *testing.T) {
	s := minorFleetState(t, Hapsburg)
	gulf, tyr := loc(t, "gulf_of_lyon"), loc(t, "tyrrhenian_sea")
	answer(t, s, kAction, Hapsburg, "naval")
	ch := s.choices(top(t, s))
	// the whole stack leaves the Gulf: Andrea Doria must go with it
	if got := navalValues(ch, "gulf_of_lyon", "hapsburg", "1:0,genoa=2"); !slices.Equal(got, []string{"andrea_doria"}) {
		t.Fatalf("the whole stack's leaders: %v, want Andrea Doria alone", got)
	}
	// part of it may leave him behind with the rest
	if got := navalValues(ch, "gulf_of_lyon", "hapsburg", "1:0,genoa=1"); !slices.Equal(got, []string{"none", "andrea_doria"}) {
		t.Fatalf("part of the stack: leaders %v", got)
	}
	answer(t, s, kNavMove, Hapsburg, "gulf_of_lyon", "hapsburg", "1:0,genoa=2", "andrea_doria", "tyrrhenian_sea")
	if ch := s.choices(top(t, s)); hasPath(ch, "gulf_of_lyon") {
		t.Fatal("units already ordered are offered again")
	}
	answer(t, s, kNavMove, Hapsburg, "done")
	z := &s.Seas[tyr-SeaLoc]
	if z.Units[Hapsburg].Sq != 1 || z.Units[Genoa].Sq != 2 || s.Leaders[andreaDoria].Loc != tyr || s.Seas[gulf-SeaLoc].Units[Genoa].Any() {
		t.Fatalf("Tyrrhenian Sea %+v, Doria at %d", z.Units, s.Leaders[andreaDoria].Loc)
	}
}

// Genoese squadrons in the group keep it out of the Atlantic Ocean (§16.1).
func TestMixedStackStaysOutOfTheAtlantic(t *testing.T) {
	s := navalState(t, Hapsburg, 2)
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	cor := sp(t, "corunna")
	s.Spaces[cor].Units[Hapsburg].Sq = 1
	s.Spaces[cor].Units[Genoa].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	ch := s.choices(top(t, s))
	if got := navalValues(ch, "corunna", "hapsburg", "1:0,genoa=1", "none"); !slices.Equal(got, []string{"bay_of_biscay"}) {
		t.Fatalf("a Hapsburg-Genoese group from Corunna: %v, want only the Bay of Biscay", got)
	}
	if !hasPath(ch, "corunna", "hapsburg", "1:0", "none", "atlantic_ocean") {
		t.Fatal("the Hapsburg squadron alone may sail into the Atlantic")
	}
}

// The Ottoman enters the Tyrrhenian Sea; the Hapsburg-Genoese stack in the
// Gulf of Lyon intercepts as one stack under Andrea Doria: one roll, 2d6 +
// 2 (4+3+2 = 9 succeeds), and the naval combat (§16.2) is the Ottoman's 2
// squadrons (4 dice) against all three squadrons (6 dice) + Doria's 2.
func TestMajorAndMinorInterceptAsOneStack(t *testing.T) {
	s := minorFleetState(t, Ottoman)
	s.setWar(Ottoman, Hapsburg, true)
	tyr, barb := loc(t, "tyrrhenian_sea"), loc(t, "barbary_coast")
	s.Seas[barb-SeaLoc].Units[Ottoman].Sq = 2
	answer(t, s, kAction, Ottoman, "naval")
	answer(t, s, kNavMove, Ottoman, "barbary_coast", "ottoman", "2:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Ottoman, "done")
	d := top(t, s)
	if d.Kind != kNavIntercept || d.Power != Hapsburg {
		t.Fatalf("owed %+v, want the Hapsburg interception", d)
	}
	if got := navalValues(s.choices(d), "gulf_of_lyon", "hapsburg", "1:0,genoa=2"); !slices.Equal(got, []string{"andrea_doria"}) {
		t.Fatalf("the whole stack intercepts with its leader: %v", got)
	}
	s.Script = append([]int{4, 3}, ones(4+8)...)
	answer(t, s, kNavIntercept, Hapsburg, "gulf_of_lyon", "hapsburg", "1:0,genoa=2", "andrea_doria")
	if len(s.Script) != 0 {
		t.Fatalf("%d scripted dice left: want 2 to intercept, 4 attacker and 8 defender dice", len(s.Script))
	}
	z := &s.Seas[tyr-SeaLoc]
	if z.Units[Hapsburg].Sq != 1 || z.Units[Genoa].Sq != 2 || s.Leaders[andreaDoria].Loc != tyr {
		t.Fatalf("after the interception the Tyrrhenian holds %+v", z.Units)
	}
	// no hits on either side: the defender wins the tie and the Ottoman
	// retreats (asked where, or gone to its one place)
	d, _ = s.top()
	if asked := d.Kind == kNavRetreat && d.Power == Ottoman; !asked && z.Units[Ottoman].Any() {
		t.Fatalf("the beaten Ottoman stays in the Tyrrhenian Sea: owed %+v", d)
	}
}
