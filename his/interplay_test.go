package his

import (
	"slices"
	"testing"
)

// Dragut (#18) with Barbarossa on the Turn Track (CARDS.md #18 Open,
// default): Dragut takes his place on the Turn Track, so he returns at the
// next Card Draw, and Barbarossa, now out of the game, never returns.
func TestDragutTakesBarbarossasTurnTrackPlace(t *testing.T) {
	b, d := leaderIdx("barbarossa"), leaderIdx("dragut")
	for _, due := range []bool{false, true} {
		s := heldImpulse(t, 6, Ottoman, 18)
		s.Barbary = true
		s.Leaders[b] = LeaderState{Loc: OffMap, Captor: NoPower}
		if due {
			s.NavalDue = []int{b}
		} else {
			s.NavalTrackL = []int{b}
		}
		playMandatory(t, s, Ottoman, 18)
		if s.Leaders[b].Loc != Removed {
			t.Errorf("due=%v: Barbarossa at %d, want removed", due, s.Leaders[b].Loc)
		}
		if slices.Contains(s.NavalTrackL, b) || slices.Contains(s.NavalDue, b) {
			t.Errorf("due=%v: Barbarossa still on the Turn Track: %v %v", due, s.NavalTrackL, s.NavalDue)
		}
		if !slices.Contains(s.NavalTrackL, d) && !slices.Contains(s.NavalDue, d) {
			t.Errorf("due=%v: Dragut is not on the Turn Track: %v %v", due, s.NavalTrackL, s.NavalDue)
		}
		// the next Card Draw brings Dragut back to an Ottoman port
		s.NavalDue = nil
		s.NavalTrackL = []int{d}
		s.navalTrackReturns()
		for s.stepNavalReturn() {
			if len(s.Stack) > 0 {
				answer(t, s, kNavReturn, Ottoman, "istanbul")
			}
		}
		if l := s.Leaders[d].Loc; l < 0 || l >= NumSpaces || !s.ControlledBy(SpaceID(l), Ottoman) {
			t.Errorf("due=%v: Dragut back at %d, want an Ottoman port", due, l)
		}
	}
}

// §17: naval units eliminated by any means go to the Turn Track; naval
// leaders are never captured nor removed (§16.2 step 10). In Winter a
// stack with no port of its power to return to is eliminated: its units
// go to the Turn Track and its naval leader too.
func TestWinterNavalWithoutPortToTurnTrack(t *testing.T) {
	s := winterState(t, 3)
	s.Barbary = true
	for i := range s.Spaces {
		if len(Spaces[i].Ports) > 0 && s.Spaces[i].Ctl == Ottoman {
			s.Spaces[i].Ctl = Hapsburg
		}
	}
	for i := range s.Spaces {
		s.Spaces[i].Units[Ottoman].Sq, s.Spaces[i].Units[Ottoman].Cor = 0, 0
	}
	aeg := sea(t, "aegean_sea")
	s.Seas[aeg].Units[Ottoman] = Units{Sq: 2, Cor: 1}
	b := leaderIdx("barbarossa")
	s.Leaders[b] = LeaderState{Loc: SeaLoc + int(aeg), Captor: NoPower}
	var lost Units
	s.Winter = &Winter{Naval: -1}
	s.Phase = PhaseWinter
	for s.winterNaval() {
		t.Fatal("no decision expected")
	}
	lost = s.NavalLost[Ottoman]
	if lost.Sq != 2 || lost.Cor != 1 {
		t.Errorf("Ottoman naval units on the Turn Track %+v, want 2 squadrons, 1 corsair", lost)
	}
	if s.Seas[aeg].Units[Ottoman].Naval() != 0 {
		t.Error("the Ottoman fleet stays in the Aegean")
	}
	if s.Leaders[b].Loc != OffMap || !slices.Contains(s.NavalTrackL, b) {
		t.Errorf("Barbarossa at %d, track %v: want on the Turn Track", s.Leaders[b].Loc, s.NavalTrackL)
	}
}

// §9.3 step 4 with §17: a squadron the loser removes for peace is
// eliminated and goes to the Turn Track (not rebuildable this turn).
func TestPeaceRemovedSquadronToTurnTrack(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 3
	ly := sea(t, "gulf_of_lyon")
	s.Seas[ly].Units[France].Sq = 2
	s.removeUnit(France, "gulf_of_lyon/squadron")
	if s.Seas[ly].Units[France].Sq != 1 || s.NavalLost[France].Sq != 1 {
		t.Errorf("French squadrons: %d at sea, %d on the Turn Track; want 1 and 1", s.Seas[ly].Units[France].Sq, s.NavalLost[France].Sq)
	}
}

// §16.1: Genoese and Venetian naval units, and Andrea Doria, may never
// enter the Atlantic Ocean — not by a Naval Move, and not by interception
// or retreat either. Gibraltar (Barbary Coast and Atlantic) is where they
// can reach it.
func TestNoGenoeseInTheAtlantic(t *testing.T) {
	gib := sp(t, "gibraltar")
	atl, barb, bis := loc(t, "atlantic_ocean"), loc(t, "barbary_coast"), loc(t, "bay_of_biscay")
	doria := leaderIdx("andrea_doria")

	// interception into the Atlantic from Gibraltar
	s := navalState(t, France, 1)
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	s.setWar(France, Hapsburg, true)
	s.Spaces[gib].Units[Hapsburg].Sq = 1
	s.Spaces[gib].Units[Genoa].Sq = 1
	s.Leaders[doria] = LeaderState{Loc: int(gib), Captor: NoPower}
	s.Seas[bis-SeaLoc].Units[France].Sq = 1
	answer(t, s, kAction, France, "naval")
	answer(t, s, kNavMove, France, "bay_of_biscay", "france", "1:0", "none", "atlantic_ocean")
	answer(t, s, kNavMove, France, "done")
	d := top(t, s)
	if d.Kind != kNavIntercept || d.Power != Hapsburg {
		t.Fatalf("the Hapsburgs may intercept into the Atlantic from Gibraltar: %+v", d)
	}
	ch := s.choices(d)
	if got := navalValues(ch, "gibraltar"); !slices.Equal(got, []string{"hapsburg"}) {
		t.Errorf("owners who may intercept into the Atlantic: %v, want only hapsburg", got)
	}
	for _, comp := range navalValues(ch, "gibraltar", "hapsburg") {
		if got := navalValues(ch, "gibraltar", "hapsburg", comp); slices.Contains(got, "andrea_doria") {
			t.Errorf("Andrea Doria offered to intercept into the Atlantic: %v", got)
		}
	}

	// a Genoese attack on Gibraltar retreats to the Barbary Coast only
	s = navalState(t, Hapsburg, 1)
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	s.setWar(France, Hapsburg, true)
	s.Spaces[gib].Units[France].Sq = 1
	s.Seas[barb-SeaLoc].Units[Genoa].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "barbary_coast", "genoa", "1:0", "none", "gibraltar")
	s.Script = []int{1, 1, 1, 1, 1}
	answer(t, s, kNavMove, Hapsburg, "done")
	if d, ok := s.top(); ok && d.Kind == kNavRetreat {
		t.Fatalf("the Genoese have one retreat (Barbary Coast), yet are asked: %v", s.choices(d))
	}
	if s.Seas[barb-SeaLoc].Units[Genoa].Sq != 1 || s.Seas[atl-SeaLoc].Units[Genoa].Any() {
		t.Errorf("Genoese squadron: Barbary %d, Atlantic %d; want it back on the Barbary Coast",
			s.Seas[barb-SeaLoc].Units[Genoa].Sq, s.Seas[atl-SeaLoc].Units[Genoa].Sq)
	}
}

// §22.3: an active minor's naval units and naval leaders fight and retreat
// exactly as its major's own, so a major and its active minor ally in one
// sea zone are one defending side: one combat, with the minor's leader's
// rating, and they retreat together (§16.1 step 7 keeps apart only
// different enemy majors).
func TestNavalDefenderWithActiveMinor(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.MinorAlly[Genoa-firstMinor] = France
	s.setWar(France, Hapsburg, true)
	tyr, lyon := loc(t, "tyrrhenian_sea"), loc(t, "gulf_of_lyon")
	doria := leaderIdx("andrea_doria")
	s.Seas[tyr-SeaLoc].Units[Hapsburg].Sq = 2
	s.Seas[lyon-SeaLoc].Units[France].Sq = 1
	s.Seas[lyon-SeaLoc].Units[Genoa].Sq = 1
	s.Leaders[doria] = LeaderState{Loc: lyon, Captor: NoPower}
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "tyrrhenian_sea", "hapsburg", "2:0", "none", "gulf_of_lyon")
	// attacker 2×2 = 4 dice (2 hits); defender 2×2 + Doria 2 = 6 dice (none)
	s.Script = []int{6, 6, 1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kNavMove, Hapsburg, "done")
	if d := top(t, s); d.Kind == kNavAvoid {
		answer(t, s, kNavAvoid, France, "stay")
	}
	d := top(t, s)
	if d.Kind == kNavFight {
		t.Fatalf("France and its Genoese ally are one side, yet the Hapsburgs choose between combats: %v", s.choices(d))
	}
	if len(s.Script) != 0 {
		t.Fatalf("%d dice left: want 4 attacker and 6 defender dice", len(s.Script))
	}
	if s.NavalLost[France].Sq+s.NavalLost[Genoa].Sq != 1 {
		t.Errorf("the defenders lose one squadron for 2 hits: %+v %+v", s.NavalLost[France], s.NavalLost[Genoa])
	}
	if d.Kind != kNavRetreat || d.Power != France {
		t.Fatalf("the losing side retreats as one, France deciding: %+v", d)
	}
	answer(t, s, kNavRetreat, France, "marseille")
	mar := sp(t, "marseille")
	if n := s.Spaces[mar].Units[France].Sq + s.Spaces[mar].Units[Genoa].Sq; n != 1 || s.Leaders[doria].Loc != int(mar) {
		t.Errorf("the surviving squadron and Andrea Doria retreat to Marseille: %d squadrons, Doria at %d", n, s.Leaders[doria].Loc)
	}
	if s.Naval != nil {
		t.Error("no second combat: the Naval Move is over")
	}
}

// §21.6: after the League an electorate turning Protestant releases its
// Electorate Display regulars only if it is also Protestant-controlled and
// not besieged; otherwise they wait until the moment all three hold (here:
// the siege ends).
func TestElectorateDisplayWaitsForTheSiege(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.League = true
	mainz := sp(t, "mainz")
	s.Spaces[mainz].Prot = false
	s.Spaces[mainz].Ctl = Protestant
	s.Spaces[mainz].Units[Protestant] = Units{Reg: 1}
	s.Spaces[mainz].Units[Hapsburg] = Units{Reg: 3}
	s.Spaces[mainz].Besiegers = bit(Hapsburg)
	s.Display[mainz] = 1
	s.convert(mainz, true)
	if s.Display[mainz] != 1 || s.Spaces[mainz].Units[Protestant].Reg != 1 {
		t.Fatalf("a besieged electorate keeps its display regulars waiting: display %d, regulars %d",
			s.Display[mainz], s.Spaces[mainz].Units[Protestant].Reg)
	}
	// the besiegers no longer outnumber the defenders: the siege is broken
	s.Spaces[mainz].Units[Hapsburg].Reg = 1
	s.checkSiege(mainz)
	if s.UnderSiege(mainz) || s.Display[mainz] != 0 || s.Spaces[mainz].Units[Protestant].Reg != 2 {
		t.Errorf("the siege broken, the display regular enters: display %d, regulars %d",
			s.Display[mainz], s.Spaces[mainz].Units[Protestant].Reg)
	}
}

// §16.1 with ruling N5: Genoese ships in a port that changes hands leave it
// as after a naval combat — from Gibraltar only to the Barbary Coast.
func TestGenoesePortRetreatAvoidsTheAtlantic(t *testing.T) {
	s := NewState1517(Ed500, 1)
	gib := sp(t, "gibraltar")
	barb := sea(t, "barbary_coast")
	s.Spaces[gib].Units[Genoa].Sq = 1
	s.navalRetreatFrom(gib, Genoa)
	if len(s.PortRetreats) != 0 || s.Seas[barb].Units[Genoa].Sq != 1 || s.Spaces[gib].Units[Genoa].Sq != 0 {
		t.Errorf("the Genoese squadron goes to the Barbary Coast at once: queued %v, Barbary %d",
			s.PortRetreats, s.Seas[barb].Units[Genoa].Sq)
	}
}
