package his

import (
	"reflect"
	"testing"

	"concordat/game"
)

func winterState(t *testing.T, turn int) *State {
	s := NewState1517(Ed500, 1)
	s.Turn = turn
	s.Phase = PhaseAction
	return s
}

func startWinter(t *testing.T, s *State) {
	t.Helper()
	s.StartWinter()
	skipOptional(t, s)
}

func TestWinterStepsInOrder(t *testing.T) {
	s := winterState(t, 1)
	startWinter(t, s)
	want := []string{"loans", "renegade", "naval", "land", "alliances", "replacements", "piracy", "debaters", "mandatory"}
	if s.LastWinter == nil || !reflect.DeepEqual(s.LastWinter.Done, want) {
		t.Fatalf("winter steps %v, want %v", s.LastWinter, want)
	}
	if s.Turn != 2 || s.Phase != PhaseDiplomacy {
		t.Errorf("after Winter the next turn starts: turn %d phase %s", s.Turn, s.Phase)
	}
}

func TestWinterLoansReturnToOwner(t *testing.T) {
	s := winterState(t, 1)
	// One French squadron lent to England sits in Portsmouth.
	ports := sp(t, "portsmouth")
	s.Spaces[ports].Units[England].Sq++
	s.Loans = []Loan{{Owner: France, Borrower: England, Loc: int(ports), N: 1, Leader: -1}}
	before := s.Spaces[sp(t, "rouen")].Units[France].Sq + s.Spaces[sp(t, "marseille")].Units[France].Sq
	startWinter(t, s)
	// Step 3 sends the French squadron to the nearest French port: Rouen and
	// Brest and Boulogne are all on the Channel, so France chooses.
	opts := (Rules{}).Legal(s, "france")
	if opts.Kind != kWinNaval || len(opts.Choices) != 3 {
		t.Fatalf("France chooses between Brest, Rouen and Boulogne: %+v", opts)
	}
	answer(t, s, kWinNaval, France, "rouen")
	if s.Spaces[ports].Units[England].Sq != 1 || s.Spaces[ports].Units[France].Sq != 0 {
		t.Errorf("Portsmouth after winter: %+v", s.Spaces[ports].Units)
	}
	after := 0
	for i := range s.Spaces {
		if s.ControlledBy(SpaceID(i), France) {
			after += int(s.Spaces[i].Units[France].Sq)
		}
	}
	if after != int(before)+1 || len(s.Loans) != 0 {
		t.Errorf("French squadrons in French ports: %d, want %d", after, before+1)
	}
}

func TestWinterRenegadeRemoved(t *testing.T) {
	s := winterState(t, 1)
	r, _ := LeaderByID("renegade")
	paris := sp(t, "paris")
	s.Leaders[r] = LeaderState{Loc: int(paris), Captor: NoPower}
	regs := s.Spaces[paris].Units[France].Reg
	startWinter(t, s)
	if s.Leaders[r].Loc != Removed {
		t.Error("the renegade leader leaves the game in Winter")
	}
	if s.Spaces[paris].Units[France].Reg != regs+1 { // +1 replacement, nobody else touched
		t.Error("units stacked with him stay")
	}
}

func TestWinterNavalNearestPort(t *testing.T) {
	s := winterState(t, 1)
	s.Seas[sea(t, "gulf_of_lyon")].Units[France].Sq = 2
	startWinter(t, s)
	if u := s.Spaces[sp(t, "marseille")].Units[France]; u.Sq != 3 {
		t.Errorf("Marseille has %d French squadrons, want 1 + 2", u.Sq)
	}
	// Equidistant ports: the owner chooses.
	s = winterState(t, 1)
	s.Seas[sea(t, "north_sea")].Units[England].Sq = 1
	startWinter(t, s)
	skipOptional(t, s)
	opts := (Rules{}).Legal(s, "england")
	var got []string
	for _, c := range opts.Choices {
		got = append(got, c.Value)
	}
	if opts.Kind != kWinNaval || !reflect.DeepEqual(got, []string{"berwick", "norwich", "london", "calais"}) && len(got) != 4 {
		t.Fatalf("English choice of North Sea ports: %v", got)
	}
	answer(t, s, kWinNaval, England, "norwich")
	if s.Spaces[sp(t, "norwich")].Units[England].Sq != 1 {
		t.Error("the squadron went to Norwich")
	}
}

// The rulebook's example (§19.3): 5 Papal regulars in Trent, every route
// crossing enemy-controlled spaces, lose 3 (half of 5 rounded up).
func TestWinterLandAttrition(t *testing.T) {
	s := winterState(t, 1)
	trent := sp(t, "trent")
	s.Spaces[trent].Units[Papacy].Reg = 5
	startWinter(t, s)
	opts := (Rules{}).Legal(s, "papacy")
	if opts.Kind != kWinLand {
		t.Fatalf("want a land decision, have %+v", opts)
	}
	dests := map[string]int{}
	for _, c := range opts.Choices {
		dests[c.Value] = len(c.Next)
	}
	if _, ok := dests["rome"]; !ok {
		t.Fatalf("Rome must be offered: %v", dests)
	}
	if dests["ravenna"] != 3 { // Ravenna holds 1: room for up to 3
		t.Errorf("Ravenna should take 1 to 3 regulars, offers %d mixes (dests %v)", dests["ravenna"], dests)
	}
	rome := sp(t, "rome")
	answer(t, s, kWinLand, Papacy, "rome", "5:0:0")
	// 5 - 3 attrition + 1 already there + 1 replacement.
	if got := s.Spaces[rome].Units[Papacy].Reg; got != 4 || s.Spaces[trent].Units[Papacy].Reg != 0 {
		t.Errorf("Rome has %d Papal regulars, want 4", got)
	}
}

func TestWinterNoAttritionOnOpenPath(t *testing.T) {
	s := winterState(t, 1)
	// 3 French regulars in unfortified Dijon walk home through French land.
	dijon := sp(t, "dijon")
	s.Spaces[dijon].Units[France].Reg = 3
	startWinter(t, s)
	opts := (Rules{}).Legal(s, "france")
	if opts.Kind != kWinLand {
		t.Fatalf("want a land decision, have %+v", opts)
	}
	answer(t, s, kWinLand, France, "paris", "3:0:0")
	if got := s.Spaces[sp(t, "paris")].Units[France].Reg; got != 4+3+1 {
		t.Errorf("Paris has %d, want 8", got)
	}
}

func TestWinterOverstacking(t *testing.T) {
	s := winterState(t, 1)
	naples := sp(t, "naples")
	s.Spaces[naples].Units[Hapsburg].Reg = 6
	startWinter(t, s)
	opts := (Rules{}).Legal(s, "hapsburg")
	if opts.Kind != kWinLand {
		t.Fatalf("want a land decision, have %+v", opts)
	}
	for _, c := range opts.Choices {
		if c.Value != "valladolid" && c.Value != "vienna" {
			t.Errorf("overstacked units go to a capital, not %s", c.Value)
		}
	}
	answer(t, s, kWinLand, Hapsburg, "vienna", "1:0:0")
	answer(t, s, kWinLand, Hapsburg, "valladolid", "1:0:0") // still 5: another must go
	if s.Spaces[naples].Units[Hapsburg].Reg != 4 {
		t.Errorf("Naples keeps 4, has %d", s.Spaces[naples].Units[Hapsburg].Reg)
	}
}

func TestWinterProtestantDoesNotMoveBeforeLeague(t *testing.T) {
	s := winterState(t, 1)
	s.convert(spWittenberg, true)
	startWinter(t, s)
	if s.Spaces[spWittenberg].Units[Protestant].Reg != 2 {
		t.Error("the Protestant regulars stay in Wittenberg before the League")
	}
}

func TestWinterAlliancesReplacementsPiracyDebaters(t *testing.T) {
	s := winterState(t, 1)
	s.setAlly(England, France, true)
	s.MinorAlly[Venice-firstMinor] = Papacy // minor alliances remain
	s.Seas[0].Piracy = true
	s.Debaters[dLuther] = DebCommitted
	s.Debaters[dEck] = DebAway
	rome, paris, vienna := sp(t, "rome"), sp(t, "paris"), sp(t, "vienna")
	s.Spaces[paris].Unrest = true
	s.Spaces[rome].Ctl = France // Rome held by France: no Papal replacement
	s.Spaces[rome].Units[Papacy] = Units{}
	pr, vr := s.Spaces[paris].Units[France].Reg, s.Spaces[vienna].Units[Hapsburg].Reg
	startWinter(t, s)
	if s.Ally[England] != 0 || s.Allied(England, France) {
		t.Error("alliances between major powers end")
	}
	if s.MinorAllyOf(Venice) != Papacy {
		t.Error("minor alliances remain")
	}
	if s.Spaces[rome].Units[Papacy].Reg != 0 || s.Spaces[paris].Units[France].Reg != pr || s.Spaces[vienna].Units[Hapsburg].Reg != vr+1 {
		t.Error("replacements: none in an enemy-held or unrest capital; Vienna +1")
	}
	if s.Seas[0].Piracy {
		t.Error("piracy markers are removed")
	}
	if s.Debaters[dLuther] != DebUncommitted {
		t.Error("debaters become uncommitted")
	}
}

func TestWinterOverdueMandatoryEvents(t *testing.T) {
	s := winterState(t, 2)
	startWinter(t, s)
	if Rulers[s.Powers[Papacy].Ruler].Name != "Clement VII" || !s.isGone(mustCard(10)) {
		t.Error("Clement VII comes due in the Winter of Turn 2")
	}
	s = winterState(t, 3)
	startWinter(t, s)
	if !s.Barbary || s.Spaces[spAlgiers].Ctl != Ottoman || s.Spaces[spAlgiers].Units[Ottoman].Cor != 2 {
		t.Error("Barbary Pirates comes due in the Winter of Turn 3")
	}
	if k, _ := s.Keys(Ottoman); k != 5 {
		t.Errorf("Algiers is an Ottoman key after Barbary Pirates: %d keys", k)
	}
	s = winterState(t, 4)
	s.convert(spWittenberg, true)
	startWinter(t, s)
	if !s.League || !s.AtWar(Protestant, Hapsburg) || !s.AtWar(Protestant, Papacy) || s.Spaces[spWittenberg].Ctl != Protestant {
		t.Error("the Schmalkaldic League comes due in the Winter of Turn 4")
	}
	if Rulers[s.Powers[Papacy].Ruler].Name != "Paul III" {
		t.Error("Paul III comes due in the Winter of Turn 4")
	}
	jf, _ := LeaderByID("john_frederick")
	if s.Leaders[jf].Loc != int(spWittenberg) {
		t.Error("John Frederick joins the Protestant stack in Wittenberg")
	}
	s = winterState(t, 6)
	startWinter(t, s)
	answer(t, s, kWinJesuit, Papacy, "rome")
	answer(t, s, kWinJesuit, Papacy, "paris")
	if !s.Spaces[sp(t, "rome")].Jesuit || !s.Spaces[sp(t, "paris")].Jesuit || !s.isGone(mustCard(15)) {
		t.Error("Society of Jesus places 2 universities in the Winter of Turn 6")
	}
	// An event that already happened is not forced again.
	s = winterState(t, 2)
	s.takeOut(mustCard(10))
	s.Gone = append(s.Gone, uint8(mustCard(10)))
	startWinter(t, s)
	if Rulers[s.Powers[Papacy].Ruler].Name != "Leo X" {
		t.Error("a Mandatory Event that already occurred is not resolved again")
	}
}

func TestWinterNavalLeaderAloneAndElectorates(t *testing.T) {
	s := winterState(t, 1)
	doria, _ := LeaderByID("andrea_doria")
	s.MinorAlly[Genoa-firstMinor] = France
	s.Leaders[doria].Loc = SeaLoc + int(sea(t, "tyrrhenian_sea"))
	startWinter(t, s)
	answer(t, s, kWinNaval, France, "bastia") // Genoa and Bastia are both Genoese ports on the sea
	if loc := s.Leaders[doria].Loc; loc != int(sp(t, "bastia")) {
		t.Errorf("Andrea Doria stays at sea (%s)", s.locName(s.Leaders[doria]))
	}
	// Hapsburg units in the field never winter in an electorate before the League.
	s = winterState(t, 1)
	kassel := sp(t, "kassel")
	s.Spaces[kassel].Units[Hapsburg].Reg = 2
	startWinter(t, s)
	for _, c := range (Rules{}).Legal(s, "hapsburg").Choices {
		if Spaces[mustSpace(c.Value)].Type == Electorate {
			t.Errorf("electorate %s offered before the League", c.Value)
		}
	}
}

// Units in a fortified space of their own may choose to go to the capital.
func TestWinterOptionalMoveToCapital(t *testing.T) {
	s := winterState(t, 1)
	s.StartWinter()
	for {
		d, _ := s.top()
		if d.Kind == kWinExtra && d.Power == Papacy {
			break
		}
		answer(t, s, kWinExtra, d.Power, "done")
	}
	opts := (Rules{}).Legal(s, "papacy")
	if len(opts.Choices) != 2 || opts.Choices[1].Value != "ravenna" {
		t.Fatalf("the Papacy may move Ravenna's regular to Rome: %+v", opts.Choices)
	}
	answer(t, s, kWinExtra, Papacy, "ravenna", "rome", "1:0:0")
	if s.Spaces[sp(t, "ravenna")].Units[Papacy].Reg != 0 || s.Spaces[sp(t, "rome")].Units[Papacy].Reg != 1+1+1 {
		t.Error("Ravenna's regular goes to Rome (then +1 replacement)")
	}
}

// TestWinterBesiegersGoHome: a besieging stack that goes home in Winter
// (§19 step 4) leaves the siege; with no besieger left the space is no
// longer besieged (found by the invariants of a random 1532 game: Trier
// stayed besieged by a Protestant who had no unit there).
func TestWinterBesiegersGoHome(t *testing.T) {
	s := NewState1532(Ed500, 1, false)
	s.Turn, s.Phase = 4, PhaseAction
	trier := sp(t, "trier")
	s.Spaces[trier].Units[Protestant].Merc = 2
	s.Spaces[trier].Besiegers = bit(Protestant)
	startWinter(t, s)
	for {
		d, ok := s.top()
		if !ok || d.Kind != kWinLand || s.Spaces[trier].Units[Protestant].Land() == 0 {
			break
		}
		opts := (Rules{}).Legal(s, game.Seat(d.Power.String()))
		answer(t, s, kWinLand, d.Power, opts.Choices[0].Value, opts.Choices[0].Next[len(opts.Choices[0].Next)-1].Value)
	}
	if s.Spaces[trier].Units[Protestant].Land() != 0 {
		t.Fatalf("the Protestant mercenaries stayed in Trier: %+v", s.Spaces[trier].Units[Protestant])
	}
	if s.UnderSiege(trier) {
		t.Error("Trier is still besieged by a power with no unit there")
	}
}

// TestWinterEliminatedBesiegersLiftSiege: besiegers with nowhere to
// winter are eliminated (§19), and the siege they held ends with them.
func TestWinterEliminatedBesiegersLiftSiege(t *testing.T) {
	s := NewState1532(Ed500, 1, false)
	s.Turn, s.Phase = 4, PhaseAction
	for i := range s.Spaces { // the Protestant holds no space to winter in
		if s.Spaces[i].Ctl == Protestant {
			s.Spaces[i].Ctl = Hapsburg
			s.Spaces[i].Units[Protestant] = Units{}
		}
	}
	prague := sp(t, "prague")
	s.Spaces[prague].Units[Protestant].Merc = 1
	s.Spaces[prague].Besiegers = bit(Protestant)
	startWinter(t, s)
	if s.Spaces[prague].Units[Protestant].Land() != 0 {
		t.Fatalf("the Protestant mercenary wintered in Prague: %+v", s.Spaces[prague].Units[Protestant])
	}
	if s.UnderSiege(prague) {
		t.Error("Prague is still besieged after its besiegers were eliminated")
	}
}
