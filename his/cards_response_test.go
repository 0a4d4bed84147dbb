package his

import (
	"slices"
	"testing"
)

// #31 Foul Weather against a Move: the move does not happen, 1 CP of its
// cost is lost (a pass move gives 1 back), the units that moved this
// impulse move no further, the others still move one space, and no
// assault, piracy, naval move or transport follows. The mover itself may
// not play it; nor may anyone against Treachery!'s assault.
func TestFoulWeather(t *testing.T) {
	paris, stdz, lyon, dijon, grenoble, turin := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "lyon"), sp(t, "dijon"), sp(t, "grenoble"), sp(t, "turin")
	s := landState(t, France, 6)
	s.Spaces[paris].Units[France].Reg = 3
	s.Spaces[lyon].Units[France].Reg = 2
	s.Spaces[grenoble].Units[France].Reg = 1
	give(s, Hapsburg, nFoulWeather)
	answer(t, s, kAction, France, "move", "lyon", "none", "dijon", "2:0:0")
	wantWindow(t, s, winMove, Hapsburg, "the Hapsburgs may answer a French move", "31")
	answer(t, s, windowKinds[winMove], Hapsburg, "pass")
	if s.Spaces[dijon].Units[France].Reg != 2 || s.Act.CP != 5 {
		t.Fatalf("the first move happened: Dijon %+v, %d CP", s.Spaces[dijon].Units[France], s.Act.CP)
	}
	// Grenoble–Turin crosses the Alps (2 CP)
	answer(t, s, kAction, France, "move", "grenoble", "none", "turin", "1:0:0")
	answer(t, s, windowKinds[winMove], Hapsburg, "31")
	if s.Spaces[turin].Units[France].Land() != 0 || s.Spaces[grenoble].Units[France].Reg != 1 {
		t.Fatal("Foul Weather: the move does not take place")
	}
	if s.Act.CP != 4 {
		t.Fatalf("a 2-CP move cancelled loses 1 CP: %d CP left, want 4", s.Act.CP)
	}
	if !cardIn(s.Discard, mustCard(nFoulWeather)) || len(s.Powers[Hapsburg].Hand) != 0 {
		t.Fatal("Foul Weather goes to the discard pile")
	}
	tree := moveTree(s, France)
	if sub(tree, "dijon") != nil {
		t.Error("the units that moved into Dijon this impulse move no further")
	}
	if sub(tree, "paris", "none", "st_dizier") == nil {
		t.Error("units that did not move may still move one space")
	}
	for _, id := range []string{"assault", "naval", "transport", "piracy"} {
		if _, ok := actionOpts(s, France, id); ok {
			t.Errorf("%s is offered under Foul Weather", id)
		}
	}
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "3:0:0")
	if s.Spaces[stdz].Units[France].Reg != 3 {
		t.Fatal("the move from Paris goes on")
	}
	if sub(moveTree(s, France), "st_dizier") != nil {
		t.Error("the units that moved under Foul Weather move no further")
	}

	// the active power is never asked about its own action
	s = landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 1
	give(s, France, nFoulWeather)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	if d, _ := s.top(); d.Kind != kAction || s.Spaces[stdz].Units[France].Reg != 1 {
		t.Fatalf("no window for the mover's own card: %+v", s.Stack)
	}
}

// #32 Gout: against a Move led by an army leader, the move does not
// happen, 1 CP is lost, and the leader may not move (nor assault) this
// impulse while his units may; not offered against a formation without a
// leader. Against Holy Roman Emperor the jump is stopped and the 5 CP kept.
func TestGout(t *testing.T) {
	paris := sp(t, "paris")
	fi := leader(t, "francis_i")
	s := landState(t, France, 4)
	s.Spaces[paris].Units[France].Reg = 3
	place(s, fi, paris)
	give(s, Hapsburg, nGout)
	answer(t, s, kAction, France, "move", "paris", "francis_i", "st_dizier", "3:0:0")
	wantOwed(t, s, windowKinds[winMove], Hapsburg, "Gout names a leader of the formation", "pass", "waive", "32")
	if got := optionValues(t, s, "32"); !slices.Equal(got, []string{"francis_i"}) {
		t.Fatalf("Gout's targets %v", got)
	}
	answer(t, s, windowKinds[winMove], Hapsburg, "32", "francis_i")
	if s.Leaders[fi].Loc != int(paris) || s.Spaces[paris].Units[France].Reg != 3 || s.Act.CP != 3 {
		t.Fatalf("the move is cancelled, 1 CP lost: Francis %+v, %d CP", s.Leaders[fi], s.Act.CP)
	}
	if got := optionValues(t, s, "move", "paris"); !slices.Equal(got, []string{"none"}) {
		t.Fatalf("Francis I may not move this impulse; his units may: %v", got)
	}

	// no leader, no Gout (Foul Weather alone is offered)
	s = landState(t, France, 4)
	s.Spaces[paris].Units[France].Reg = 3
	give(s, Hapsburg, nGout, nFoulWeather)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "3:0:0")
	wantWindow(t, s, winMove, Hapsburg, "Gout needs an army leader in the formation", "31")

	// against Holy Roman Emperor
	s = impulseState(t, 2, Hapsburg, mustCard(2))
	give(s, France, nGout)
	charles := leader(t, "charles_v")
	before := s.Leaders[charles]
	answer(t, s, kImpulse, Hapsburg, "event", "2", "vienna", "alone")
	wantOwed(t, s, windowKinds[winEmperor], France, "France may answer the jump", "pass", "waive", "32")
	answer(t, s, windowKinds[winEmperor], France, "32", "charles_v")
	if s.Leaders[charles] != before || s.Act == nil || s.Act.CP != 5 || !s.gouty(charles) {
		t.Fatalf("the jump is stopped, the 5 CP kept, Charles gouty: %+v, %+v", s.Leaders[charles], s.Act)
	}
	if sub(moveTree(s, Hapsburg), Spaces[before.Loc].ID, "charles_v") != nil {
		t.Error("Charles may not move this impulse")
	}
}

// #33 Landsknechts before a field battle's dice: the attacker is asked
// first, then the defender; the Hapsburgs place 4 new mercenaries (in the
// battle space they fight), another power 2, the Ottoman eliminates 2
// anywhere; the Protestant may not play it before the League.
func TestLandsknechts(t *testing.T) {
	paris, stdz, metz, vienna := sp(t, "paris"), sp(t, "st_dizier"), sp(t, "metz"), sp(t, "vienna")
	setup := func() *State {
		s := landState(t, France, 2)
		s.Spaces[paris].Units[France].Reg = 4
		s.Spaces[stdz].Units[Hapsburg].Reg = 2
		s.Spaces[vienna].Units[Hapsburg].Reg = 1
		give(s, Hapsburg, nLandsknecht)
		give(s, France, 75)
		return s
	}
	s := setup()
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "4:0:0")
	answer(t, s, windowKinds[winMove], Hapsburg, "pass")
	answer(t, s, kAvoid, Hapsburg, "no")
	wantWindow(t, s, winBattle, France, "the attacker is asked first")
	answer(t, s, windowKinds[winBattle], France, "pass")
	wantWindow(t, s, winBattle, Hapsburg, "then the defender", "33")
	answer(t, s, windowKinds[winBattle], Hapsburg, "33")
	wantOwed(t, s, kCardPlace, Hapsburg, "mercenaries go where Hapsburg land units are", "st_dizier", "vienna")
	for i := 0; i < 4; i++ {
		answer(t, s, kCardPlace, Hapsburg, "st_dizier")
	}
	if s.Spaces[stdz].Units[Hapsburg] != (Units{Reg: 2, Merc: 4}) || s.Battle.Def[Hapsburg] != (Units{Reg: 2, Merc: 4}) {
		t.Fatalf("4 mercenaries in St Dizier fight: %+v", s.Battle.Def[Hapsburg])
	}
	// combat window: France (hand: a card that is not a combat card) and
	// the Hapsburgs (empty hand) — France is asked, then the dice: France 4,
	// Hapsburg 6 + 1 = 7
	s.Script = []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	passWindow(t, s, winCombat)
	if b := s.LastBattle; b == nil || len(b.DefDice) != 7 || len(b.AttDice) != 4 {
		t.Fatalf("the defender rolls 7 dice with the new mercenaries: %+v", s.LastBattle)
	}

	// the Ottoman's Landsknechts eliminate 2 mercenaries anywhere
	s = landState(t, Ottoman, 2)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[metz].Units[Hapsburg] = Units{Reg: 1, Merc: 2}
	s.Spaces[paris].Units[France] = Units{Merc: 1}
	give(s, Ottoman, nLandsknecht)
	s.pop()
	s.Act = nil
	s.push(kImpulse, Ottoman)
	answer(t, s, kImpulse, Ottoman, "event", "33")
	answer(t, s, kCardEliminate, Ottoman, "metz", "hapsburg")
	answer(t, s, kCardEliminate, Ottoman, "paris", "france")
	if s.Spaces[metz].Units[Hapsburg] != (Units{Reg: 1, Merc: 1}) || s.Spaces[paris].Units[France].Merc != 0 || len(s.CardProcs) > 0 {
		t.Fatalf("two mercenaries eliminated: Metz %+v, Paris %+v", s.Spaces[metz].Units[Hapsburg], s.Spaces[paris].Units[France])
	}

	// any other power places 2 of its own; the Protestant not before the League
	s = impulseState(t, 2, England, mustCard(nLandsknecht))
	s.Spaces[sp(t, "london")].Units[England] = Units{Reg: 1}
	answer(t, s, kImpulse, England, "event", "33")
	answer(t, s, kCardPlace, England, "london")
	answer(t, s, kCardPlace, England, "london")
	if s.Spaces[sp(t, "london")].Units[England].Merc < 2 {
		t.Fatal("England places 2 mercenaries")
	}
	s = impulseState(t, 2, Protestant, mustCard(nLandsknecht))
	if has(optionValues(t, s, "event"), "33") {
		t.Fatal("no Landsknechts event for the Protestant before the League")
	}
}

// #36 Swiss Mercenaries: France (or the Ottoman playing it) gives France 4
// new mercenaries; another power places 2 of its own. In an assault's
// window only the attacker may, after the others, and they join it.
func TestSwissMercenaries(t *testing.T) {
	s := impulseState(t, 2, Ottoman, mustCard(nSwiss))
	paris := sp(t, "paris")
	before := s.Spaces[paris].Units[France].Merc
	answer(t, s, kImpulse, Ottoman, "event", "36")
	wantOwed(t, s, kCardPlace, France, "France places the Ottoman's Swiss", s.placeIDs(France)...)
	for i := 0; i < 4; i++ {
		answer(t, s, kCardPlace, France, "paris")
	}
	if s.Spaces[paris].Units[France].Merc != before+4 {
		t.Fatal("4 French mercenaries in Paris")
	}

	// in an assault: the others for Foul Weather / Gout, then the attacker
	s2, bordeaux := bordeauxSiege(t)
	give(s2, France, 75)
	give(s2, Hapsburg, nSwiss)
	s2.Script = []int{1, 1, 1, 1, 1, 1, 1, 1, 1}
	answer(t, s2, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	wantWindow(t, s2, winAssault, France, "the defender may answer first (Foul Weather, Gout)")
	answer(t, s2, windowKinds[winAssault], France, "pass")
	wantWindow(t, s2, winAssault, Hapsburg, "then the attacker may add Swiss", "36")
	answer(t, s2, windowKinds[winAssault], Hapsburg, "36")
	answer(t, s2, kCardPlace, Hapsburg, "bordeaux")
	answer(t, s2, kCardPlace, Hapsburg, "bordeaux")
	passWindow(t, s2, winSiege)
	passWindow(t, s2, winBreach)
	// 6 units against 2 defenders: 3 dice + Charles V 2 = 5 (4 without the
	// Swiss); the defenders 2 + Montmorency 1 + 1 = 4: 9 dice in all
	if len(s2.Script) != 0 || s2.Assault != nil || s2.Spaces[bordeaux].Units[Hapsburg] != (Units{Reg: 4, Merc: 2}) {
		t.Fatalf("the new mercenaries join the assault: dice left %v, %+v", s2.Script, s2.Spaces[bordeaux].Units[Hapsburg])
	}
}

// placeIDs lists the ids of the spaces where q may place mercenaries.
func (s *State) placeIDs(q Power) []string {
	var out []string
	for _, sp := range s.mercSpaces(q) {
		out = append(out, Spaces[sp].ID)
	}
	return out
}

// #34 Professional Rowers: +2 turns a failed naval interception (8) into a
// success (10); in a naval combat one side rolls 3 more dice.
func TestProfessionalRowers(t *testing.T) {
	s := navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	nap := sp(t, "naples")
	tyr, barb := loc(t, "tyrrhenian_sea"), loc(t, "barbary_coast")
	s.Spaces[nap].Units[Hapsburg].Sq = 1
	s.Seas[barb-SeaLoc].Units[Ottoman] = Units{Sq: 1, Cor: 2}
	bb := leader(t, "barbarossa")
	s.Leaders[bb].Loc = barb
	give(s, Ottoman, nRowers)
	give(s, Hapsburg, 75)
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	passWindow(t, s, winNaval) // the Ottoman could hold Foul Weather
	s.Script = []int{3, 3}     // 3+3+2 = 8: fails without the Rowers
	answer(t, s, kNavIntercept, Ottoman, "barbary_coast", "ottoman", "1:2", "barbarossa")
	wantWindow(t, s, winNavalRoll, Hapsburg, "every power may answer the roll (the Hapsburgs first)")
	answer(t, s, windowKinds[winNavalRoll], Hapsburg, "pass")
	if got := optionValues(t, s, "34"); !slices.Equal(got, []string{"+2", "-2"}) {
		t.Fatalf("Rowers: %v", got)
	}
	answer(t, s, windowKinds[winNavalRoll], Ottoman, "34", "+2")
	if s.Seas[tyr-SeaLoc].Units[Ottoman] != (Units{Sq: 1, Cor: 2}) {
		t.Fatalf("8 + 2 = 10: the interception succeeds: %+v", s.Seas[tyr-SeaLoc].Units)
	}
	if s.Naval == nil || s.Naval.Fight == nil {
		t.Fatal("a naval combat follows")
	}

	// in the combat: 3 more dice for the side chosen
	s = navalState(t, Hapsburg, 1)
	s.setWar(Ottoman, Hapsburg, true)
	s.Spaces[nap].Units[Hapsburg].Sq = 1
	s.Seas[tyr-SeaLoc].Units[Ottoman] = Units{Sq: 1}
	give(s, Hapsburg, nRowers)
	answer(t, s, kAction, Hapsburg, "naval")
	answer(t, s, kNavMove, Hapsburg, "naples", "hapsburg", "1:0", "none", "tyrrhenian_sea")
	answer(t, s, kNavMove, Hapsburg, "done")
	passWindow(t, s, winNaval)
	answer(t, s, kNavAvoid, Ottoman, "stay")
	// attacker 2 dice, defender 2 dice: all misses; then the Rowers' 3 dice
	s.Script = []int{1, 1, 1, 1, 6, 6, 1}
	passWindow(t, s, winSea)
	answer(t, s, windowKinds[winSeaRolled], Hapsburg, "34", "attacker")
	if len(s.Script) != 0 {
		t.Fatalf("dice left %v", s.Script)
	}
	if s.Seas[tyr-SeaLoc].Units[Ottoman].Sq != 0 || s.NavalLost[Ottoman].Sq != 1 {
		t.Fatalf("2 hits from the Rowers sink the Ottoman squadron: %+v", s.Seas[tyr-SeaLoc].Units)
	}
}

// #35 Siege Artillery: after an assault's dice any power may add 2
// attacker dice hitting on 3–6, when the attacker's line of communication
// from one of its fortified home spaces is at most 4 land spaces long.
func TestSiegeArtillery(t *testing.T) {
	s, bordeaux := bordeauxSiege(t)
	give(s, Papacy, nSiegeArt)
	if !s.siegeArtilleryLOC(bordeaux, Hapsburg) {
		t.Fatal("Navarre → Bordeaux is within 4 land spaces")
	}
	// attacker 2 + 2 = 4 dice, defender 2 + 1 + 1 = 4: no hits at all
	s.Script = []int{1, 1, 1, 1, 1, 1, 1, 1, 3, 4}
	answer(t, s, kAction, Hapsburg, "assault", "bordeaux", "4:0:0")
	passWindow(t, s, winAssault)
	passWindow(t, s, winSiege)
	wantWindow(t, s, winBreach, Papacy, "any power may play Siege Artillery", "35")
	answer(t, s, windowKinds[winBreach], Papacy, "35")
	for {
		d, ok := s.top()
		if !ok || d.Kind != kAssaultLoss {
			break
		}
		answer(t, s, kAssaultLoss, d.Power, s.choices(d)[0].Value)
	}
	if s.Spaces[bordeaux].Units[France].Reg != 0 || s.Spaces[bordeaux].Ctl != Hapsburg {
		t.Fatalf("3 and 4 hit: both defenders die and Bordeaux falls: %+v", s.Spaces[bordeaux])
	}

	// too far from any Hapsburg fortified home space: not offered
	s, bordeaux = bordeauxSiege(t)
	s.Spaces[sp(t, "navarre")].Ctl = France
	if s.siegeArtilleryLOC(bordeaux, Hapsburg) {
		t.Fatal("with Navarre French the Hapsburgs have no short line to Bordeaux")
	}
}

// #37 The Wartburg: the Protestant cancels another power's event (here
// Leipzig Debate): the card stays played, the impulse ends, Luther is
// committed and the Protestant may call no debate this turn. Not after
// Luther's death; never against a Mandatory Event.
func TestWartburg(t *testing.T) {
	s := impulseState(t, 2, Papacy, cLeipzig)
	s.Debaters[dLuther] = DebUncommitted
	give(s, Protestant, nWartburg)
	answer(t, s, kImpulse, Papacy, "event", "6", "german")
	wantWindow(t, s, winEvent, Protestant, "the Protestant may cancel Leipzig Debate", "37")
	answer(t, s, windowKinds[winEvent], Protestant, "37")
	if s.Debate != nil || s.Act != nil || len(s.Stack) != 0 && s.Stack[len(s.Stack)-1].Kind == kDebPool {
		t.Fatalf("the debate does not happen and the impulse ends: %+v", s.Stack)
	}
	if !s.Wartburg || s.Debaters[dLuther] != DebCommitted || s.canCallDebate(Protestant, LangGerman) {
		t.Fatal("Luther committed, the Wartburg marker placed, no Protestant debate this turn")
	}
	if s.holds(Papacy, cLeipzig) || !cardIn(s.Discard, mustCard(nWartburg)) {
		t.Fatal("Leipzig Debate went to the power card, The Wartburg to the discard pile")
	}

	// after Calvin: not offered (nobody is asked)
	s = impulseState(t, 2, Papacy, cLeipzig)
	give(s, Protestant, nWartburg)
	s.CalvinRule = true
	answer(t, s, kImpulse, Papacy, "event", "6", "german")
	if d, _ := s.top(); d.Kind == windowKinds[winEvent] {
		t.Fatal("no Wartburg once Luther is dead")
	}
	// a Mandatory Event opens no window
	s = impulseState(t, 2, Papacy, mustCard(12))
	give(s, Protestant, nWartburg)
	answer(t, s, kImpulse, Papacy, "event", "12")
	if d, _ := s.top(); d.Kind == windowKinds[winEvent] {
		t.Fatal("The Wartburg cannot cancel a Mandatory Event")
	}
}

// #38 Halley's Comet: as an impulse's event, another power's next impulse
// is skipped (not a pass: it breaks a run of passes); as a response, a
// random card of another hand is discarded. It leaves the game.
func TestHalleysComet(t *testing.T) {
	s := impulseState(t, 3, Ottoman, mustCard(nHalley))
	s.Passes = 3
	answer(t, s, kImpulse, Ottoman, "event", "38", "skip", "hapsburg")
	if !cardIn(s.Gone, mustCard(nHalley)) {
		t.Fatal("Halley's Comet leaves the game")
	}
	if d, _ := s.top(); d.Kind != kImpulse || d.Power != England || s.Passes != 0 {
		t.Fatalf("the Hapsburg impulse is skipped, England's follows, the passes reset: %+v passes %d", s.Stack, s.Passes)
	}

	// as a response in a Move window
	paris := sp(t, "paris")
	s = landState(t, France, 2)
	s.Spaces[paris].Units[France].Reg = 1
	give(s, Hapsburg, nHalley, 65)
	give(s, France, 75)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	wantWindow(t, s, winMove, Hapsburg, "Halley's Comet is offered at any response moment", "38")
	answer(t, s, windowKinds[winMove], Hapsburg, "38", "discard", "france")
	if len(s.Powers[France].Hand) != 0 || !cardIn(s.Discard, mustCard(75)) {
		t.Fatal("France's only card is discarded at random")
	}
}

// #115 Thomas Cromwell: any power but the Papacy may cancel Papal Bull
// against Cranmer; as an event England takes Dissolution of the
// Monasteries from the discard pile, or publishes a treatise (its treatises
// cost 2 CP this turn). It leaves the game once a pregnancy result of 3 or
// less has occurred.
func TestThomasCromwell(t *testing.T) {
	london := sp(t, "london")
	s := impulseState(t, 4, Papacy, mustCard(5))
	s.Reformer[london] = true
	s.Debaters[dCranmer] = DebUncommitted
	give(s, England, nCromwell)
	answer(t, s, kImpulse, Papacy, "event", "5", "reformer", "cranmer")
	wantWindow(t, s, winBull, England, "England may cancel the excommunication", "115")
	answer(t, s, windowKinds[winBull], England, "115")
	if !s.Reformer[london] || s.Debaters[dCranmer] != DebUncommitted || s.Home != nil && s.Home.DebateZone != LangNone {
		t.Fatal("Cranmer stays; no debate")
	}
	if !cardIn(s.Discard, mustCard(nCromwell)) {
		t.Fatal("no pregnancy result of 3 or less yet: the card is discarded")
	}

	// as an event: the treatise, then treatises cost 2
	s = impulseState(t, 4, England, mustCard(nCromwell))
	s.Reformer[london] = true
	s.Pregnancy = 1 << 2
	answer(t, s, kImpulse, England, "event", "115", "treatise")
	if s.Reform == nil && s.LastReform == nil || !s.TurnFx.Cromwell || s.englishTreatiseCP() != 2 {
		t.Fatal("England's treatise runs, and costs 2 CP for the rest of the turn")
	}
	if !cardIn(s.Gone, mustCard(nCromwell)) {
		t.Fatal("a result of 2 occurred: Thomas Cromwell leaves the game")
	}
	// Dissolution of the Monasteries from the discard pile
	s = impulseState(t, 4, Protestant, mustCard(nCromwell))
	if has(optionValues(t, s, "event", "115"), "dissolution") {
		t.Fatal("Dissolution is not on the discard pile")
	}
	discard(s, nDissolution)
	answer(t, s, kImpulse, Protestant, "event", "115", "dissolution")
	if !s.holds(England, mustCard(nDissolution)) {
		t.Fatal("England takes Dissolution of the Monasteries")
	}
}
