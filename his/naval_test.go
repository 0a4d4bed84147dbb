package his

import (
	"slices"
	"testing"

	"concordat/game"
)

// navalState is the 1517 position in the Action Phase of Turn 2, with p
// about to spend cp CP; the fleets of the setup are cleared so that each
// test places exactly the ships it means.
func navalState(t *testing.T, p Power, cp int) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.Phase = PhaseAction
	s.Impulse = p
	for i := range s.Spaces {
		for q := range s.Spaces[i].Units {
			s.Spaces[i].Units[q].Sq, s.Spaces[i].Units[q].Cor = 0, 0
		}
	}
	s.Act = &Act{Power: p, CP: cp, Card: -1}
	s.push(kAction, p)
	return s
}

func loc(t *testing.T, id string) int {
	t.Helper()
	if z, err := SeaByID(id); err == nil {
		return SeaLoc + int(z)
	}
	return int(sp(t, id))
}

// hasPath reports whether the options tree holds the path (as a prefix).
func hasPath(ch []game.Choice, path ...string) bool {
	for _, v := range path {
		found := false
		for _, c := range ch {
			if c.Value == v {
				ch, found = c.Next, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// values lists the option values at the end of a path.
func navalValues(ch []game.Choice, path ...string) []string {
	for _, v := range path {
		for _, c := range ch {
			if c.Value == v {
				ch = c.Next
				break
			}
		}
	}
	var out []string
	for _, c := range ch {
		out = append(out, c.Value)
	}
	return out
}

func top(t *testing.T, s *State) Decision {
	t.Helper()
	d, ok := s.top()
	if !ok {
		t.Fatal("no decision pending")
	}
	return d
}

// NavalLosses: §16.2 step 8 and ruling N1, with the rulebook example.
func TestNavalLosses(t *testing.T) {
	for _, c := range []struct {
		u            Units
		hits         int
		lost         bool
		wantSq, want int
		why          string
	}{
		{Units{Sq: 2, Cor: 1}, 3, true, 1, 1, "rulebook: losing Ottoman 2 squadrons + 1 corsair, 3 hits"},
		{Units{Sq: 3}, 3, false, 1, 0, "winner ignores the single leftover hit"},
		{Units{Sq: 3}, 3, true, 2, 0, "loser loses one more squadron for the leftover hit"},
		{Units{Sq: 1}, 5, true, 1, 0, "no more than there are"},
		{Units{Sq: 1, Cor: 3}, 5, false, 1, 3, "two hits per squadron, then a corsair per hit"},
		{Units{Cor: 2}, 1, false, 0, 1, "a corsair dies to one hit"},
		{Units{Sq: 2}, 1, false, 0, 0, "one hit on a winner with squadrons only sinks nothing"},
	} {
		sq, cor := NavalLosses(c.u, c.hits, c.lost)
		if sq != c.wantSq || cor != c.want {
			t.Errorf("%s: lose %d squadrons %d corsairs, want %d %d", c.why, sq, cor, c.wantSq, c.want)
		}
	}
}

// §16.1 restrictions: illegal moves are absent from the options tree.
func TestNavalMoveRestrictions(t *testing.T) {
	s := navalState(t, Hapsburg, 2)
	gulf := loc(t, "gulf_of_lyon")
	s.Seas[gulf-SeaLoc].Units[Hapsburg].Sq = 1
	s.Spaces[sp(t, "corunna")].Units[Hapsburg].Sq = 1
	s.MinorAlly[Genoa-firstMinor] = Hapsburg
	s.Spaces[sp(t, "corunna")].Units[Genoa].Sq = 1
	if !hasPath(s.choices(top(t, s)), "naval") {
		t.Fatal("the Hapsburgs may make a Naval Move")
	}
	answer(t, s, kAction, Hapsburg, "naval")
	if s.Act.CP != 1 {
		t.Errorf("a Naval Move costs 1 CP: %d left", s.Act.CP)
	}
	ch := s.choices(top(t, s))
	// from the Gulf of Lyon: ports the Hapsburgs control (Genoa's through
	// the active alliance) and the connected seas; not French Marseille (an
	// enemy's, but no French ships are in it), not independent Nice.
	got := navalValues(ch, "gulf_of_lyon", "hapsburg", "1:0", "none")
	want := []string{"valencia", "cartagena", "barcelona", "genoa", "bastia", "palma", "barbary_coast", "tyrrhenian_sea"}
	if !slices.Equal(got, want) {
		t.Errorf("destinations from the Gulf of Lyon: %v, want %v", got, want)
	}
	// an enemy fleet in a port opens it
	s.Spaces[sp(t, "marseille")].Units[France].Sq = 1
	if !hasPath(s.choices(top(t, s)), "gulf_of_lyon", "hapsburg", "1:0", "none", "marseille") {
		t.Error("a port holding enemy naval units may be entered")
	}
	// Genoese ships never enter the Atlantic; Hapsburg ones may
	if got := navalValues(ch, "corunna", "genoa", "1:0", "none"); !slices.Equal(got, []string{"bay_of_biscay"}) {
		t.Errorf("Genoese squadron from Corunna: %v, want only the Bay of Biscay", got)
	}
	if !hasPath(ch, "corunna", "hapsburg", "1:0", "none", "atlantic_ocean") {
		t.Error("the Hapsburg squadron may sail into the Atlantic")
	}
	// units that lost a naval combat this impulse may not move
	i, b := stuckBit(gulf)
	s.Act.NavalStuck[i] |= b
	if hasPath(s.choices(top(t, s)), "gulf_of_lyon") {
		t.Error("a stack that lost a naval combat this impulse may not move")
	}
	// the Protestant has no Naval Move
	p := navalState(t, Protestant, 3)
	if hasPath(p.choices(top(t, p)), "naval") {
		t.Error("the Protestant has no Naval Move")
	}
}

// A naval leader leaves with the last units of his location; he may stay
// while units stay.
func TestNavalLeaderGoesWithLastUnits(t *testing.T) {
	s := navalState(t, Ottoman, 1)
	ath := sp(t, "athens")
	s.Spaces[ath].Units[Ottoman].Sq = 2
	barb := leader(t, "barbarossa")
	s.Leaders[barb].Loc = int(ath)
	answer(t, s, kAction, Ottoman, "naval")
	ch := s.choices(top(t, s))
	if got := navalValues(ch, "athens", "ottoman", "1:0"); !slices.Equal(got, []string{"none", "barbarossa"}) {
		t.Errorf("one of two squadrons: leaders %v, want none or barbarossa", got)
	}
	if got := navalValues(ch, "athens", "ottoman", "2:0"); !slices.Equal(got, []string{"barbarossa"}) {
		t.Errorf("both squadrons: leaders %v, want barbarossa only", got)
	}
	answer(t, s, kNavMove, Ottoman, "athens", "ottoman", "2:0", "barbarossa", "aegean_sea")
	if hasPath(s.choices(top(t, s)), "athens") {
		t.Error("ordered units are not offered again")
	}
	answer(t, s, kNavMove, Ottoman, "done")
	aeg := loc(t, "aegean_sea")
	if s.Seas[aeg-SeaLoc].Units[Ottoman].Sq != 2 || s.Leaders[barb].Loc != aeg || s.Spaces[ath].Units[Ottoman].Sq != 0 {
		t.Error("the Ottoman squadrons and Barbarossa sailed into the Aegean")
	}
	if s.Naval != nil || top(t, s).Kind != kAction && top(t, s).Kind != kImpulse {
		t.Errorf("the Naval Move is over: %+v", s.Stack)
	}
}

// A naval combat at sea (§16.2) with exact dice, losses and the loser's
// retreat: 3 Hapsburg squadrons attack 2 Ottoman squadrons and a corsair
// that were in the Tyrrhenian Sea first (so the Ottoman may try to avoid
// battle, and stays).
func TestNavalCombatAtSea(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	nap := sp(t, "naples")
	tyr := loc(t, "tyrrhenian_sea")
	s.Spaces[nap].Units[Hapsburg].Sq = 3
	s.Seas[tyr-SeaLoc].Units[Ottoman] = Units{Sq: 2, Cor: 1}
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "3:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	// no Ottoman ship is adjacent: no interception; avoid battle is offered
	d := top(t, s)
	if d.Kind != kNavAvoid || d.Power != Ottoman {
		t.Fatalf("the Ottoman may avoid battle: %+v", d)
	}
	if got := navalValues(s.choices(d)); !slices.Equal(got, []string{"stay", "gulf_of_lyon", "barbary_coast"}) {
		t.Errorf("avoid battle options %v", got)
	}
	// attacker: 6 dice (2 per squadron), 3 hits; defender: 2+2+1 = 5
	// dice at sea (no port bonus), 1 hit
	s.Script = []int{5, 5, 6, 1, 1, 1, 5, 1, 1, 1, 1}
	answer(t, s, kNavAvoid, Ottoman, "stay")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice unrolled: 6 attacker and 5 defender dice", len(s.Script))
	}
	// Ottoman loses a squadron (2 hits) and the corsair (1 hit); the
	// Hapsburgs' single hit sinks nothing on the winning side
	d = top(t, s)
	if d.Kind != kNavRetreat || d.Power != Ottoman {
		t.Fatalf("the losing Ottoman retreats: %+v", d)
	}
	if got := navalValues(s.choices(d)); !slices.Equal(got, []string{"gulf_of_lyon", "barbary_coast"}) {
		t.Errorf("retreat options %v (no uncontrolled port)", got)
	}
	answer(t, s, kNavRetreat, Ottoman, "barbary_coast")
	barb := loc(t, "barbary_coast")
	if u := s.Seas[barb-SeaLoc].Units[Ottoman]; u != (Units{Sq: 1}) {
		t.Errorf("Ottoman survivors in the Barbary Coast: %+v, want 1 squadron", u)
	}
	if u := s.Seas[tyr-SeaLoc].Units; u[Ottoman].Any() || u[Hapsburg] != (Units{Sq: 3}) {
		t.Errorf("Tyrrhenian Sea: %+v", u)
	}
	if s.NavalLost[Ottoman] != (Units{Sq: 1, Cor: 1}) || s.NavalLost[Hapsburg].Any() {
		t.Errorf("Turn Track: %+v", s.NavalLost)
	}
	if s.Naval != nil {
		t.Error("the Naval Move is over")
	}
	// the lost Ottoman ships cannot be rebuilt this turn (counter mix)
	s.Mix[Ottoman].Sq = 3
	if r := s.Room(Ottoman); r.Sq != 1 {
		t.Errorf("Ottoman squadron room %d, want 3 - 1 on the map - 1 on the Turn Track", r.Sq)
	}
	// the next turn returns them to the pool
	s.navalTrackReturns()
	if r := s.Room(Ottoman); r.Sq != 2 {
		t.Errorf("Ottoman squadron room next turn %d, want 2", r.Sq)
	}
}

// A losing attacker retreats and may not move again this impulse; a
// defender wiped out loses its naval leader to the Turn Track; ties go to
// the defender.
func TestNavalCombatAttackerLoses(t *testing.T) {
	s := navalState(t, Hapsburg, 2)
	s.setWar(Ottoman, Hapsburg, true)
	nap := sp(t, "naples")
	tyr := loc(t, "tyrrhenian_sea")
	s.Spaces[nap].Units[Hapsburg].Sq = 1
	s.Seas[tyr-SeaLoc].Units[Ottoman] = Units{Cor: 1}
	drag := leader(t, "dragut")
	s.Leaders[drag].Loc = tyr
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	// attacker 2 dice, 1 hit; defender 1 corsair + Dragut 1 = 2 dice, 1 hit:
	// a tie, the defender wins. Hapsburg takes 1 hit as loser: its
	// squadron sinks; the corsair dies to its hit. Both wiped out: the
	// sides rolled equal dice, so the defender keeps its corsair.
	s.Script = []int{5, 1, 6, 2}
	answer(t, s, kNavAvoid, Ottoman, "stay")
	if u := s.Seas[tyr-SeaLoc].Units; u[Ottoman] != (Units{Cor: 1}) || u[Hapsburg].Any() {
		t.Errorf("after the double wipe-out: %+v", u)
	}
	if s.Leaders[drag].Loc != tyr || s.NavalLost[Hapsburg].Sq != 1 || s.NavalLost[Ottoman].Any() {
		t.Errorf("Dragut stays with the kept corsair; Hapsburg lost 1 squadron: %+v", s.NavalLost)
	}

	// a larger attacker loses and retreats; it is stuck for the impulse
	s = navalState(t, Hapsburg, 2)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[nap].Units[Hapsburg].Sq = 2
	s.Spaces[sp(t, "seville")].Units[Hapsburg].Sq = 1
	s.Seas[tyr-SeaLoc].Units[Ottoman] = Units{Sq: 2}
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "2:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	// 4 dice each: attacker 1 hit (ignored by the winner), defender 2 hits:
	// one Hapsburg squadron sinks
	s.Script = []int{5, 1, 1, 1, 5, 6, 1, 1}
	answer(t, s, kNavAvoid, Ottoman, "stay")
	d := top(t, s)
	if d.Kind != kNavRetreat || d.Power != Hapsburg {
		t.Fatalf("the losing attacker retreats: %+v", d)
	}
	// Naples and Palermo, Messina, Cagliari (Hapsburg ports), Gulf of Lyon,
	// Barbary Coast; not Genoa, Bastia (Genoese) nor Rome (Papal)
	if got := navalValues(s.choices(d)); !slices.Equal(got, []string{"naples", "palermo", "messina", "cagliari", "gulf_of_lyon", "barbary_coast"}) {
		t.Errorf("retreat options %v", got)
	}
	answer(t, s, kNavRetreat, Hapsburg, "naples")
	if s.Spaces[nap].Units[Hapsburg].Sq != 1 || s.Seas[tyr-SeaLoc].Units[Ottoman].Sq != 2 {
		t.Errorf("Hapsburg 1 squadron back in Naples, Ottoman 2 in the sea: %+v %+v", s.Spaces[nap].Units[Hapsburg], s.Seas[tyr-SeaLoc].Units[Ottoman])
	}
	if i, b := stuckBit(int(nap)); s.Act.NavalStuck[i]&b == 0 {
		t.Error("the beaten squadron is marked in Naples")
	}
	// the Seville squadron may still move, the beaten one may not
	answer(t, s, kAction, Hapsburg, "naval")
	if ch := s.choices(top(t, s)); hasPath(ch, "naples") || !hasPath(ch, "seville") {
		t.Errorf("the beaten squadron in Naples may not move again this impulse: %v", navalValues(ch))
	}
}

// Interception (§16.1 step 4): 2d6 + naval leader, 9+.
func TestNavalInterception(t *testing.T) {
	for _, c := range []struct {
		dice    []int
		success bool
	}{{[]int{3, 4}, true}, {[]int{3, 3}, false}} {
		s := navalState(t, Hapsburg, 1)
		s.setWar(Ottoman, Hapsburg, true)
		nap := sp(t, "naples")
		tyr, barb := loc(t, "tyrrhenian_sea"), loc(t, "barbary_coast")
		s.Spaces[nap].Units[Hapsburg].Sq = 1
		s.Seas[barb-SeaLoc].Units[Ottoman] = Units{Sq: 1, Cor: 2}
		bb := leader(t, "barbarossa")
		s.Leaders[bb].Loc = barb
		answer(t, s, kAction, Hapsburg, "naval")
		answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
		answer(t, s, kNavMove, Hapsburg, "done")
		d := top(t, s)
		if d.Kind != kNavIntercept || d.Power != Ottoman {
			t.Fatalf("the Ottoman may intercept into the Tyrrhenian: %+v", d)
		}
		ch := s.choices(d)
		if got := navalValues(ch, "barbary_coast", "ottoman", "1:1"); !slices.Equal(got, []string{"none", "barbarossa"}) {
			t.Errorf("part of the stack may leave Barbarossa: %v", got)
		}
		if got := navalValues(ch, "barbary_coast", "ottoman", "1:2"); !slices.Equal(got, []string{"barbarossa"}) {
			t.Errorf("the whole stack takes Barbarossa: %v", got)
		}
		// 3+4+2 = 9 succeeds, 3+3+2 = 8 fails; then a combat (success) with
		// attacker 2 dice (no hit) and defender 2 + 1 + 2 = 5 dice (no hit)
		s.Script = append(c.dice, 1, 1, 1, 1, 1, 1, 1)
		answer(t, s, kNavIntercept, Ottoman, "barbary_coast", "ottoman", "1:1", "barbarossa")
		if !c.success {
			if len(s.Script) != 7 || s.Seas[tyr-SeaLoc].Units[Ottoman].Any() || s.Seas[barb-SeaLoc].Units[Ottoman] != (Units{Sq: 1, Cor: 2}) {
				t.Errorf("a failed interception moves nothing and fights nothing: %+v", s.Seas[barb-SeaLoc].Units[Ottoman])
			}
			if s.Naval != nil {
				t.Error("the Naval Move is over")
			}
			continue
		}
		if len(s.Script) != 0 {
			t.Fatalf("%d dice left: 2 attacker, 5 defender dice", len(s.Script))
		}
		// tie: defender (interceptor) wins; Hapsburg retreats
		d = top(t, s)
		if d.Kind != kNavRetreat || d.Power != Hapsburg {
			t.Fatalf("the losing Hapsburg retreats: %+v", d)
		}
		if s.Leaders[bb].Loc != tyr || s.Seas[tyr-SeaLoc].Units[Ottoman] != (Units{Sq: 1, Cor: 1}) || s.Seas[barb-SeaLoc].Units[Ottoman] != (Units{Cor: 1}) {
			t.Error("the interceptors and Barbarossa entered the Tyrrhenian Sea")
		}
	}
}

// Combat in port: the defender gets +1 die and the attacker retreats to a
// sea zone even when it wins.
func TestNavalCombatInPort(t *testing.T) {
	s := navalState(t, Hapsburg, 2)
	s.setWar(Ottoman, Hapsburg, true)
	aeg := loc(t, "aegean_sea")
	ath := sp(t, "athens")
	s.Seas[aeg-SeaLoc].Units[Hapsburg].Sq = 2
	s.Spaces[ath].Units[Ottoman].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	if !hasPath(s.choices(top(t, s)), "aegean_sea", "hapsburg", "2:0", "none", "athens") {
		t.Fatal("an enemy port with enemy ships may be entered")
	}
	if hasPath(s.choices(top(t, s)), "aegean_sea", "hapsburg", "2:0", "none", "salonika") {
		t.Fatal("an enemy port without enemy ships may not be entered")
	}
	answer(t, s, kNavMove, Hapsburg, "aegean_sea", "hapsburg", "2:0", "none", "athens")
	// attacker 4 dice, 2 hits; defender 2 + 1 (port) = 3 dice, no hit
	s.Script = []int{5, 5, 1, 1, 1, 1, 1}
	answer(t, s, kNavMove, Hapsburg, "done")
	if len(s.Script) != 0 {
		t.Fatalf("%d dice left: 4 attacker, 3 defender dice", len(s.Script))
	}
	if s.Spaces[ath].Units[Ottoman].Sq != 0 || s.NavalLost[Ottoman].Sq != 1 {
		t.Error("the Ottoman squadron sank")
	}
	// Athens's only sea zone: the winning attacker goes back there
	if s.Spaces[ath].Units[Hapsburg].Sq != 0 || s.Seas[aeg-SeaLoc].Units[Hapsburg].Sq != 2 {
		t.Error("the attacker always leaves the port after a combat there")
	}
	if i, b := stuckBit(aeg); s.Act.NavalStuck[i]&b != 0 {
		t.Error("a winning attacker is not barred from moving")
	}
}

// Piracy (§16.4): anti-piracy dice, piracy dice, awards spread evenly.
func TestPiracy(t *testing.T) {
	setup := func() *State {
		s := navalState(t, Ottoman, 4)
		s.Barbary = true
		s.setWar(Ottoman, Venice, true)
		nac := loc(t, "north_african_coast")
		s.Seas[nac-SeaLoc].Units[Ottoman].Cor = 3
		s.Seas[nac-SeaLoc].Units[Hapsburg].Sq = 1
		s.Spaces[sp(t, "malta")].Units[Hapsburg].Sq = 1
		s.Leaders[leader(t, "dragut")].Loc = nac
		s.Powers[Hapsburg].Hand = []uint8{uint8(mustCard(75)), uint8(mustCard(76))}
		s.Powers[Ottoman].Hand = nil
		return s
	}
	s := setup()
	nac := loc(t, "north_african_coast")
	// 2 (Hapsburg squadron in the zone) + 1 (Hapsburg squadron in Malta) +
	// 1 (Malta, a Hapsburg fortress) + 1 (Rhodes, the Knights) + 1 (Candia,
	// a fortress of Venice, at war with the Ottoman); Tunis is a key.
	if n := s.AntiPiracyDice(nac-SeaLoc, Hapsburg); n != 6 {
		t.Errorf("anti-piracy dice %d, want 6", n)
	}
	// 3 corsairs and 3 Hapsburg ports (Tunis, Malta, Tripoli): 2, + Dragut 2
	if n := s.PiracyDice(nac-SeaLoc, Hapsburg); n != 4 {
		t.Errorf("piracy dice %d, want 4", n)
	}
	ch := s.choices(top(t, s))
	if got := navalValues(ch, "piracy", "north_african_coast"); !slices.Equal(got, []string{"hapsburg"}) {
		t.Errorf("piracy targets %v: only powers controlling a port on the zone", got)
	}
	if hasPath(ch, "piracy", "aegean_sea") {
		t.Error("no piracy where no corsair is")
	}
	vp0 := s.VP(Ottoman)
	// anti-piracy: 1 hit sinks a corsair; piracy: 3 hits
	s.Script = []int{5, 1, 1, 1, 1, 1, 5, 6, 5, 1}
	answer(t, s, kAction, Ottoman, "piracy", "north_african_coast", "hapsburg")
	// the Hapsburgs hold cards that could be Foul Weather: they are asked
	answer(t, s, windowKinds[winNaval], Hapsburg, "pass")
	if len(s.Script) != 0 || s.Seas[nac-SeaLoc].Units[Ottoman].Cor != 2 || !s.Seas[nac-SeaLoc].Piracy {
		t.Fatalf("one corsair sunk, marker placed (dice left %v)", s.Script)
	}
	d := top(t, s)
	if d.Kind != kNavPiracy || d.Power != Hapsburg {
		t.Fatalf("the target chooses the awards: %+v", d)
	}
	if got := navalValues(s.choices(d)); !slices.Equal(got, []string{"vp", "card", "squadron"}) {
		t.Errorf("first award options %v", got)
	}
	if got := navalValues(s.choices(d), "squadron"); !slices.Equal(got, []string{"north_african_coast", "malta"}) {
		t.Errorf("squadrons in or adjacent to the zone: %v", got)
	}
	answer(t, s, kNavPiracy, Hapsburg, "squadron", "north_african_coast")
	if got := navalValues(s.choices(top(t, s))); !slices.Equal(got, []string{"vp", "card"}) {
		t.Errorf("second award: no option twice before all are used: %v", got)
	}
	answer(t, s, kNavPiracy, Hapsburg, "card")
	if got := navalValues(s.choices(top(t, s))); !slices.Equal(got, []string{"vp"}) {
		t.Errorf("third award %v", got)
	}
	answer(t, s, kNavPiracy, Hapsburg, "vp")
	if s.PiracyVP != 1 || s.VP(Ottoman) != vp0+1 {
		t.Errorf("piracy VP %d, Ottoman VP %d (was %d)", s.PiracyVP, s.VP(Ottoman), vp0)
	}
	if len(s.Powers[Ottoman].Hand) != 1 || len(s.Powers[Hapsburg].Hand) != 1 {
		t.Error("one card went from the Hapsburg hand to the Ottoman")
	}
	if s.Seas[nac-SeaLoc].Units[Hapsburg].Sq != 0 || s.NavalLost[Hapsburg].Sq != 1 || s.NavalLost[Ottoman].Cor != 1 {
		t.Errorf("losses: %+v", s.NavalLost)
	}
	if s.Piracy != nil || s.Act.CP != 2 || top(t, s).Kind != kAction {
		t.Error("the piracy is over; 2 CP left")
	}
	if hasPath(s.choices(top(t, s)), "piracy", "north_african_coast") {
		t.Error("one piracy per sea zone per turn")
	}

	// failure: every corsair sunk; Dragut alone goes to the Turn Track
	s = setup()
	s.Script = []int{5, 5, 6, 1, 1, 1}
	answer(t, s, kAction, Ottoman, "piracy", "north_african_coast", "hapsburg")
	answer(t, s, windowKinds[winNaval], Hapsburg, "pass")
	if len(s.Script) != 0 || s.Seas[nac-SeaLoc].Units[Ottoman].Cor != 0 || s.PiracyVP != 0 || s.Piracy != nil {
		t.Error("3 anti-piracy hits sink the 3 corsairs; no piracy dice")
	}
	if dr := leader(t, "dragut"); s.Leaders[dr].Loc != OffMap || !slices.Contains(s.NavalTrackL, dr) {
		t.Error("Dragut goes to the Turn Track")
	}
	// failure: corsairs survive but the piracy dice miss
	s = setup()
	s.Script = []int{1, 1, 1, 1, 1, 1, 4, 4, 4, 4}
	answer(t, s, kAction, Ottoman, "piracy", "north_african_coast", "hapsburg")
	answer(t, s, windowKinds[winNaval], Hapsburg, "waive")
	if len(s.Script) != 0 || s.PiracyVP != 0 || s.Piracy != nil || s.Seas[nac-SeaLoc].Units[Ottoman].Cor != 3 || top(t, s).Kind != kAction {
		t.Error("no hit, no award")
	}
	// one corsair, or one target port, gives 1 base die; the track stops at
	// 10; four piracies a turn at most
	s = setup()
	s.Seas[nac-SeaLoc].Units[Ottoman].Cor = 1
	s.Leaders[leader(t, "dragut")].Loc = OffMap
	if n := s.PiracyDice(nac-SeaLoc, Hapsburg); n != 1 {
		t.Errorf("one corsair: %d piracy dice, want 1", n)
	}
	s.Seas[nac-SeaLoc].Units[Ottoman].Cor = 3
	s.Spaces[sp(t, "tripoli")].Ctl, s.Spaces[sp(t, "tunis")].Ctl = Ottoman, Ottoman
	if n := s.PiracyDice(nac-SeaLoc, Hapsburg); n != 1 {
		t.Errorf("one Hapsburg port: %d piracy dice, want 1", n)
	}
	s.PiracyVP = 10
	s.Piracy = &Piracy{Zone: nac - SeaLoc, Target: Hapsburg, Left: 1}
	if got := navalValues(s.piracyAwardChoices()); !slices.Equal(got, []string{"card", "squadron"}) {
		t.Errorf("no piracy VP past 10: %v", got)
	}
	s.Piracy = nil
	for _, z := range []string{"irish_sea", "north_sea", "baltic_sea", "english_channel"} {
		s.Seas[loc(t, z)-SeaLoc].Piracy = true
	}
	if hasPath(s.choices(top(t, s)), "piracy") {
		t.Error("at most four piracy actions per turn")
	}
	// no piracy before Barbary Pirates
	s = setup()
	s.Barbary = false
	if hasPath(s.choices(top(t, s)), "piracy") {
		t.Error("no piracy before Barbary Pirates")
	}
}

// Naval transport (§16.3).
func TestNavalTransport(t *testing.T) {
	s := navalState(t, Hapsburg, 3)
	bar := sp(t, "barcelona")
	s.Spaces[bar].Units[Hapsburg] = Units{Reg: 6}
	s.Seas[loc(t, "gulf_of_lyon")-SeaLoc].Units[Hapsburg].Sq = 1
	s.Seas[loc(t, "tyrrhenian_sea")-SeaLoc].Units[Hapsburg].Sq = 1
	cv := leader(t, "charles_v")
	s.Leaders[cv].Loc = int(bar)
	ch := s.choices(top(t, s))
	dests := navalValues(ch, "transport", "barcelona", "none")
	// Gulf of Lyon (2 CP): Valencia, Cartagena, Palma (Hapsburg), Nice
	// (independent), Marseille (French, at war: the landing may meet its
	// defenders); not Genoa or Bastia (Genoese, neither ally nor enemy).
	// Tyrrhenian Sea (3 CP): Naples (friendly fortress), Palermo, Messina,
	// Cagliari; not Papal Rome.
	want := []string{"valencia", "cartagena", "barcelona", "palma", "naples", "palermo", "messina", "cagliari", "marseille", "nice"}
	want = slices.DeleteFunc(want, func(v string) bool { return v == "barcelona" })
	slices.Sort(want)
	got := slices.Clone(dests)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("transport destinations %v, want %v", got, want)
	}
	if hasPath(ch, "transport", "barcelona", "none", "valencia", "5:0:0") || !hasPath(ch, "transport", "barcelona", "none", "valencia", "4:0:0") {
		t.Error("without a leader at most 4 units")
	}
	if hasPath(ch, "transport", "barcelona", "charles_v", "valencia", "6:0:0") || !hasPath(ch, "transport", "barcelona", "charles_v", "valencia", "5:0:0") {
		t.Error("at most 5 units cross the sea")
	}
	answer(t, s, kAction, Hapsburg, "transport", "barcelona", "charles_v", "naples", "5:0:0")
	if s.Act != nil && s.Act.CP != 0 {
		t.Errorf("two sea zones and the landing cost 3 CP: %d left", s.Act.CP)
	}
	nap := sp(t, "naples")
	if s.Spaces[nap].Units[Hapsburg].Reg != 2+5 || s.Spaces[bar].Units[Hapsburg].Reg != 1 || s.Leaders[cv].Loc != int(nap) {
		t.Errorf("5 regulars and Charles V landed in Naples: %+v", s.Spaces[nap].Units[Hapsburg])
	}

	// with 2 CP only the first zone's ports; a besieged formation cannot
	// embark; less than 2 CP: no transport
	s = navalState(t, Hapsburg, 2)
	s.Spaces[bar].Units[Hapsburg] = Units{Reg: 2}
	s.Seas[loc(t, "gulf_of_lyon")-SeaLoc].Units[Hapsburg].Sq = 1
	s.Seas[loc(t, "tyrrhenian_sea")-SeaLoc].Units[Hapsburg].Sq = 1
	ch = s.choices(top(t, s))
	if hasPath(ch, "transport", "barcelona", "none", "naples") || !hasPath(ch, "transport", "barcelona", "none", "palma") {
		t.Error("2 CP reach the ports of one sea zone")
	}
	s.Spaces[bar].Besiegers = bit(France)
	if hasPath(s.choices(top(t, s)), "transport", "barcelona") {
		t.Error("a besieged formation cannot use naval transport")
	}
	s = navalState(t, Hapsburg, 1)
	s.Spaces[bar].Units[Hapsburg] = Units{Reg: 2}
	s.Seas[loc(t, "gulf_of_lyon")-SeaLoc].Units[Hapsburg].Sq = 1
	if hasPath(s.choices(top(t, s)), "transport") {
		t.Error("transport needs 2 CP")
	}
}

// Avoid battle (§16.1 step 5) and the order of combats against several
// enemies (step 7).
func TestNavalAvoidAndSeveralEnemies(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	nap := sp(t, "naples")
	tyr, gulf := loc(t, "tyrrhenian_sea"), loc(t, "gulf_of_lyon")
	s.Spaces[nap].Units[Hapsburg].Sq = 3
	s.Seas[tyr-SeaLoc].Units[Ottoman].Sq = 1
	s.Seas[tyr-SeaLoc].Units[France].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "3:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	// the Ottoman, first in Impulse Order, fails (4+4 = 8) and stays; France
	// avoids into the Gulf of Lyon (5+4 = 9)
	d := top(t, s)
	if d.Kind != kNavAvoid || d.Power != Ottoman {
		t.Fatalf("the Ottoman is asked first: %+v", d)
	}
	s.Script = []int{4, 4}
	answer(t, s, kNavAvoid, Ottoman, "barbary_coast")
	d = top(t, s)
	if d.Kind != kNavAvoid || d.Power != France {
		t.Fatalf("then France: %+v", d)
	}
	// no port on the Tyrrhenian is French; both connected seas are free of
	// France's enemies
	if got := navalValues(s.choices(d)); !slices.Equal(got, []string{"stay", "gulf_of_lyon", "barbary_coast"}) {
		t.Errorf("French avoid options %v", got)
	}
	// then one combat is left (against the Ottoman, who stayed): fought at
	// once, no naval.fight; the Hapsburgs 6 dice, 2 hits; the Ottoman 2, none
	s.Script = []int{5, 4, 5, 5, 1, 1, 1, 1, 1, 1}
	answer(t, s, kNavAvoid, France, "gulf_of_lyon")
	if s.Seas[gulf-SeaLoc].Units[France].Sq != 1 || s.Seas[tyr-SeaLoc].Units[France].Any() {
		t.Fatal("the French squadron avoided battle")
	}
	if len(s.Script) != 0 || s.Seas[tyr-SeaLoc].Units[Ottoman].Any() || s.NavalLost[Ottoman].Sq != 1 || s.NavalLost[France].Any() {
		t.Errorf("the Ottoman squadron stayed and sank (dice left %v)", s.Script)
	}

	// two enemies stay: the active power chooses whom to fight first
	s = navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[nap].Units[Hapsburg].Sq = 3
	s.Seas[tyr-SeaLoc].Units[Ottoman].Sq = 1
	s.Seas[tyr-SeaLoc].Units[France].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "3:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	answer(t, s, kNavAvoid, Ottoman, "stay")
	answer(t, s, kNavAvoid, France, "stay")
	d = top(t, s)
	if d.Kind != kNavFight || d.Power != Hapsburg {
		t.Fatalf("the Hapsburgs choose the order of combats: %+v", d)
	}
	if got := navalValues(s.choices(d), "tyrrhenian_sea"); !slices.Equal(got, []string{"ottoman", "france"}) {
		t.Errorf("enemies to fight %v", got)
	}
	// against France: the Hapsburgs 6 dice, 2 hits; France 2 dice, none;
	// then against the Ottoman at once: 6 dice, none; 2 dice, 2 hits: the
	// Ottoman wins and the Hapsburgs lose one squadron and retreat
	s.Script = []int{5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5}
	answer(t, s, kNavFight, Hapsburg, "tyrrhenian_sea", "france")
	if len(s.Script) != 0 || s.NavalLost[France].Sq != 1 || s.NavalLost[Hapsburg].Sq != 1 {
		t.Fatalf("France then the Ottoman fought: lost %+v, dice left %v", s.NavalLost, s.Script)
	}
	if d := top(t, s); d.Kind != kNavRetreat || d.Power != Hapsburg {
		t.Fatalf("the beaten Hapsburgs retreat: %+v", d)
	}
}

// Two-zone ports (§2.5, ruling N2): a friendly one is a passage over two
// Naval Moves; an interception cannot come from a location holding the
// active side's ships.
func TestNavalTransitAndInterceptionSources(t *testing.T) {
	s := navalState(t, Hapsburg, 2)
	tyr := loc(t, "tyrrhenian_sea")
	s.Seas[tyr-SeaLoc].Units[Hapsburg].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	if hasPath(s.choices(top(t, s)), "tyrrhenian_sea", "hapsburg", "1:0", "none", "ionian_sea") {
		t.Error("the Tyrrhenian and Ionian Seas are not connected")
	}
	answer(t, s, kNavMove, Hapsburg, "tyrrhenian_sea", "hapsburg", "1:0", "none", "messina")
	answer(t, s, kNavMove, Hapsburg, "done")
	answer(t, s, kAction, Hapsburg, "naval")
	if got := navalValues(s.choices(top(t, s)), "messina", "hapsburg", "1:0", "none"); !slices.Equal(got, []string{"tyrrhenian_sea", "ionian_sea"}) {
		t.Errorf("from Messina: %v", got)
	}

	s = navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	barb := loc(t, "barbary_coast")
	s.Spaces[sp(t, "naples")].Units[Hapsburg].Sq = 1
	s.Seas[barb-SeaLoc].Units[Hapsburg].Sq = 1
	s.Seas[barb-SeaLoc].Units[Ottoman].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
	s.Script = []int{1, 1, 1, 1}
	answer(t, s, kNavMove, Hapsburg, "done")
	// the Ottoman squadron shares the Barbary Coast with a Hapsburg one: it
	// may not intercept; the combat there follows (2 dice each, no hits:
	// the Ottoman defender wins, the Hapsburg squadron retreats)
	if d := top(t, s); d.Kind == kNavIntercept {
		t.Fatal("no interception from a location holding the active side's ships")
	}
	if len(s.Script) != 0 {
		t.Errorf("the Barbary Coast combat was fought: dice left %v", s.Script)
	}
}

// Loaned squadrons move as the borrower's, and the loan follows them (for
// its return in Winter, §19.1); an inactive minor's retreat needs no one.
func TestNavalLoanFollows(t *testing.T) {
	s := navalState(t, France, 1)
	mar := sp(t, "marseille")
	gulf := loc(t, "gulf_of_lyon")
	s.Spaces[mar].Units[France].Sq = 1
	s.Loans = []Loan{{Owner: Papacy, Borrower: France, Loc: int(mar), N: 1, Leader: -1}}
	answer(t, s, kAction, France, "naval")
	answer(t, s, kNavMove, France, "marseille", "france", "1:0", "none", "gulf_of_lyon")
	answer(t, s, kNavMove, France, "done")
	if s.Loans[0].Loc != gulf || s.Seas[gulf-SeaLoc].Units[France].Sq != 1 {
		t.Errorf("the loan follows the squadron: %+v", s.Loans[0])
	}
}

func TestNavalInactiveMinorRetreats(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.setWar(Hapsburg, Venice, true)
	adr := loc(t, "adriatic_sea")
	s.Spaces[sp(t, "trieste")].Units[Hapsburg].Sq = 3
	s.Seas[adr-SeaLoc].Units[Venice].Sq = 2
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "trieste", "hapsburg", "3:0", "none", "adriatic_sea")
	// no avoid battle (nobody decides for inactive Venice); the Hapsburgs
	// 6 dice, 1 hit; Venice 4 dice, none: Venice loses a squadron (the odd
	// hit counts against the loser) and retreats by itself to its first
	// legal place, the port of Venice
	s.Script = []int{5, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s, kNavMove, Hapsburg, "done")
	if len(s.Script) != 0 || s.Naval != nil {
		t.Fatalf("the combat and retreat are over (dice left %v, stack %v)", s.Script, s.Stack)
	}
	if s.Spaces[sp(t, "venice")].Units[Venice].Sq != 1 || s.Seas[adr-SeaLoc].Units[Venice].Any() || s.NavalLost[Venice].Sq != 1 {
		t.Error("the surviving Venetian squadron retreated to Venice")
	}
}

// A naval leader with no ship of his side where he is may sail alone.
func TestNavalLeaderAlone(t *testing.T) {
	s := navalState(t, Ottoman, 1)
	ath := sp(t, "athens")
	barb := leader(t, "barbarossa")
	s.Leaders[barb].Loc = int(ath)
	answer(t, s, kAction, Ottoman, "naval")
	if got := navalValues(s.choices(top(t, s)), "athens", "ottoman"); !slices.Equal(got, []string{"0:0"}) {
		t.Fatalf("a leader alone: %v", got)
	}
	answer(t, s, kNavMove, Ottoman, "athens", "ottoman", "0:0", "barbarossa", "aegean_sea")
	answer(t, s, kNavMove, Ottoman, "done")
	if s.Leaders[barb].Loc != loc(t, "aegean_sea") {
		t.Error("Barbarossa sailed into the Aegean")
	}
}

// Naval leaders come back from the Turn Track in the next Card Draw Phase
// (§8.2 step 1): the owner chooses a friendly port; an inactive minor's
// leader takes the first; with no friendly port he waits (A2).
func TestNavalLeadersReturn(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	drag, doria := leader(t, "dragut"), leader(t, "andrea_doria")
	s.Leaders[drag].Loc, s.Leaders[doria].Loc = OffMap, OffMap
	s.NavalTrackL = []int{drag, doria}
	s.NavalLost[Ottoman].Cor = 2
	s.navalTrackReturns()
	if s.NavalLost[Ottoman].Any() || len(s.NavalTrackL) != 0 {
		t.Fatal("the Turn Track empties into the pool")
	}
	s.run()
	d := top(t, s)
	if d.Kind != kNavReturn || d.Power != Ottoman {
		t.Fatalf("the Ottoman places Dragut: %+v", d)
	}
	ports := navalValues(s.choices(d))
	if !slices.Contains(ports, "athens") || !slices.Contains(ports, "istanbul") || slices.Contains(ports, "naples") {
		t.Errorf("Dragut's ports %v", ports)
	}
	answer(t, s, kNavReturn, Ottoman, "athens")
	if s.Leaders[drag].Loc != int(sp(t, "athens")) || s.Leaders[doria].Loc != int(sp(t, "genoa")) || len(s.NavalDue) != 0 {
		t.Errorf("Dragut in Athens, Doria (inactive Genoa) in Genoa: %+v %+v", s.Leaders[drag], s.Leaders[doria])
	}
	s = NewState1517(Ed500, 1)
	s.Spaces[sp(t, "genoa")].Ctl, s.Spaces[sp(t, "bastia")].Ctl = France, France
	s.Leaders[doria].Loc = OffMap
	s.NavalTrackL = []int{doria}
	s.navalTrackReturns()
	s.run()
	if s.Leaders[doria].Loc != OffMap || !slices.Equal(s.NavalTrackL, []int{doria}) {
		t.Error("with no friendly port Doria stays on the Turn Track")
	}
}

// Declining to intercept into a zone does not forfeit avoiding battle there.
func TestNavalDeclineInterceptThenAvoid(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	tyr, barb := loc(t, "tyrrhenian_sea"), loc(t, "barbary_coast")
	s.Spaces[sp(t, "naples")].Units[Hapsburg].Sq = 1
	s.Seas[tyr-SeaLoc].Units[Ottoman].Sq = 1
	s.Seas[barb-SeaLoc].Units[Ottoman].Sq = 1
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	answer(t, s, kNavIntercept, Ottoman, "none")
	if d := top(t, s); d.Kind != kNavAvoid || d.Power != Ottoman {
		t.Fatalf("the Ottoman may still avoid battle: %+v", d)
	}
	// the Barbary Coast holds only Ottoman ships: a legal place to avoid to
	s.Script = []int{6, 3}
	answer(t, s, kNavAvoid, Ottoman, "barbary_coast")
	if s.Seas[barb-SeaLoc].Units[Ottoman].Sq != 2 || s.Seas[tyr-SeaLoc].Units[Ottoman].Any() || s.Naval != nil {
		t.Error("the Ottoman squadron avoided battle into the Barbary Coast; no combat")
	}
}
