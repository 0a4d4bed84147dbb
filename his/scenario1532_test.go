package his

import (
	"strings"
	"testing"

	"concordat/game"
)

func setup1532T(t *testing.T, variant string) *State {
	t.Helper()
	st, err := Rules{}.Setup(game.Config{Variant: variant}, 3)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestSetup1532 checks the 1532 start against RULES.md §24.2, fact by fact.
func TestSetup1532(t *testing.T) {
	s := setup1532T(t, "1532")
	sp := func(id string) *SpaceState { return &s.Spaces[mustSpace(id)] }
	// Turn 4; the Turn-1 phases never occur: the game opens in Diplomacy.
	if s.Turn != 4 || s.Phase != PhaseDiplomacy || s.LastDiet != nil {
		t.Fatalf("turn %d phase %s diet %v, want Turn 4's Diplomacy Phase", s.Turn, s.Phase, s.LastDiet)
	}
	// The four independent keys start independent.
	for _, id := range []string{"metz", "milan", "florence", "tunis"} {
		if c := sp(id).Ctl; c != Independent || sp(id).Units[Independent].Reg != 1 {
			t.Errorf("%s: control %s, %d independent regulars; want independent with 1", id, c, sp(id).Units[Independent].Reg)
		}
	}
	// The League has formed: its wars, its leaders on the map.
	if !s.League || !s.AtWar(Hapsburg, Protestant) || !s.AtWar(Papacy, Protestant) || !s.AtWar(Ottoman, Hapsburg) {
		t.Error("the League's wars and Ottoman–Hapsburg are not all on")
	}
	if s.AtWar(Hapsburg, France) || s.AtWar(France, Papacy) {
		t.Error("the 1517 wars of France are still on")
	}
	for _, l := range []string{"john_frederick", "philip_of_hesse", "barbarossa", "ferdinand"} {
		i, _ := LeaderByID(l)
		if s.Leaders[i].Loc < 0 {
			t.Errorf("%s is not on the map", l)
		}
	}
	// Barbary Pirates: Algiers Ottoman with 2 regulars and 2 corsairs.
	if a := sp("algiers"); a.Ctl != Ottoman || a.Units[Ottoman].Reg != 2 || a.Units[Ottoman].Cor != 2 || !s.Barbary {
		t.Errorf("Algiers: %+v, Barbary %v", a, s.Barbary)
	}
	// Hungary-Bohemia defeated, a Hapsburg ally; the Ottoman holds its spaces.
	if !s.HungaryDefeated || s.MinorAlly[Hungary-firstMinor] != Hapsburg {
		t.Error("Hungary-Bohemia is not a defeated Hapsburg ally")
	}
	for _, id := range []string{"buda", "belgrade", "mohacs", "szegedin", "agram", "rhodes"} {
		if sp(id).Ctl != Ottoman {
			t.Errorf("%s: control %s, want ottoman", id, sp(id).Ctl)
		}
	}
	if !s.ControlledBy(mustSpace("prague"), Hapsburg) {
		t.Error("Prague is not Hapsburg-controlled through its ally")
	}
	if s.Powers[Ottoman].WarVP != 2 || s.Powers[Hapsburg].WarVP != 1 {
		t.Errorf("War Winner VP: Ottoman %d, Hapsburg %d", s.Powers[Ottoman].WarVP, s.Powers[Hapsburg].WarVP)
	}
	// Clement VII is Pope; Luther excommunicated; Henry VIII asks for divorce.
	if r := Rulers[s.Powers[Papacy].Ruler].Name; r != "Clement VII" {
		t.Errorf("Pope %s", r)
	}
	if s.ExReformers&1 == 0 || s.Marital != 1 {
		t.Errorf("Luther excommunicated %v, marital status %d", s.ExReformers&1 != 0, s.Marital)
	}
	// Zwingli gone; Calvin in Geneva.
	if s.Debaters[dZwingli] != DebRemoved || s.Reformer[spZurich] || !s.Reformer[spGeneva] || !s.Reformer[spWittenberg] {
		t.Error("reformers: want Luther and Calvin, Zwingli gone")
	}
	// Translations, chateaux, St. Peter's.
	if s.NewTestament != [3]uint8{ntBoxes, 4, 2} || s.Chateaux != 2 || s.StPeterVP != 1 {
		t.Errorf("translations %v, chateaux %d, St. Peter's %d", s.NewTestament, s.Chateaux, s.StPeterVP)
	}
	// New World.
	if !s.NW.Discoveries[Circumnavigation].Claimed || s.NW.Discoveries[PacificStrait].Power != Hapsburg || s.NW.Conquests[Aztec].Power != Hapsburg || !s.NW.Conquests[Aztec].Claimed {
		t.Error("the Hapsburg discoveries and the Aztec conquest are not claimed")
	}
	for _, p := range []Power{Hapsburg, England, France} {
		if !s.NW.Charted[p] {
			t.Errorf("%s is not on Charts Available", p)
		}
	}
	// About 20 Protestant spaces, the Saxon core Protestant-controlled.
	if n := s.ProtestantSpaces(); n != 20 {
		t.Errorf("%d Protestant spaces, want 20", n)
	}
	for _, id := range []string{"wittenberg", "brandenburg", "mainz", "augsburg", "leipzig"} {
		if !sp(id).Prot || sp(id).Ctl != Protestant {
			t.Errorf("%s: Protestant %v control %s", id, sp(id).Prot, sp(id).Ctl)
		}
	}
	if sp("cologne").Prot || sp("cologne").Ctl != Hapsburg || s.Display[mustSpace("cologne")] != 1 {
		t.Error("Cologne: want Catholic, Hapsburg, its display regular waiting")
	}
	// Debaters in play.
	for _, id := range []string{"eck", "contarini", "luther", "bullinger", "tyndale", "calvin", "olivetan"} {
		d, _ := DebaterByID(id)
		if s.Debaters[d] != DebUncommitted {
			t.Errorf("debater %s: status %d", id, s.Debaters[d])
		}
	}
	// Cards: the (1517) cards and the played ones out; Turn 4's in play.
	for _, n := range []int{8, 9, 10, 13, 38, 39, 41, 43, 113} {
		if s.cardCirculates(mustCard(n)) {
			t.Errorf("card #%d is in play", n)
		}
	}
	for _, n := range []int{12, 37, 44, 47} { // Master of Italy (T1), Halley's Comet (T3), Affair of the Placards, Copernicus (T4)
		if !s.cardCirculates(mustCard(n)) {
			t.Errorf("card #%d is not in the deck or a hand", n)
		}
	}
	// VP from their sources: the Ottoman's 2 War Winner VP count.
	if s.StartVP[Ottoman] != s.VP(Ottoman) || s.VP(Ottoman) < 2 {
		t.Errorf("Ottoman VP %d, start %d", s.VP(Ottoman), s.StartVP[Ottoman])
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestScenarioGamesEnd plays a random game of each scenario to its end: the
// 1532 game by Turn 9, the Tournament by Turn 6.
func TestScenarioGamesEnd(t *testing.T) {
	for _, tc := range []struct {
		variant string
		last    int
	}{{"1532", 9}, {"tournament", 6}} {
		for seed := uint64(1); seed <= 3; seed++ {
			_, s, err := PlayRandomChecked(game.Config{Variant: tc.variant}, seed)
			if err != nil {
				t.Fatal(err)
			}
			if s.Phase != PhaseOver || s.Turn > tc.last || s.Turn < 4 {
				t.Fatalf("%s seed %d: phase %s turn %d", tc.variant, seed, s.Phase, s.Turn)
			}
			if strings.Contains(s.Result, "Time limit") && s.Turn != tc.last {
				t.Fatalf("%s seed %d: time limit on turn %d", tc.variant, seed, s.Turn)
			}
		}
	}
}

// TestTournamentRules: the Tournament scenario (RULES.md §24.2) ends after
// Turn 6, skips Turn 6's Peace segment (no power is asked to sue for peace
// then, while they are on Turns 4 and 5) and adds 1 to the Chateau roll.
func TestTournamentRules(t *testing.T) {
	sued := map[int]int{}
	for seed := uint64(1); seed <= 30; seed++ {
		rec, s, err := PlayRandomChecked(game.Config{Variant: "tournament"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if s.Turn > 6 || s.lastTurn() != 6 {
			t.Fatalf("seed %d: the game reached turn %d", seed, s.Turn)
		}
		st, _ := Rules{}.Setup(rec.Config, rec.Seed)
		r := st.(*State)
		for _, step := range rec.Steps {
			if step.Action.Type == kSue {
				sued[r.Turn]++
			}
			if _, _, err := (Rules{}).Apply(r, step.Seat, step.Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if sued[6] != 0 || sued[4]+sued[5] == 0 {
		t.Errorf("sue-for-peace decisions by turn: %v; want some on Turns 4–5, none on Turn 6", sued)
	}
	// The Chateau roll: the same die gives 1 more in the Tournament.
	a, b := NewState1532(Ed500, 1, false), NewState1532(Ed500, 1, true)
	a.Script, b.Script = []int{3}, []int{3}
	ra, _ := a.chateauRoll()
	rb, note := b.chateauRoll()
	if rb != ra+1 || !strings.Contains(note, "Tournament") {
		t.Errorf("chateau roll %d in 1532, %d (%s) in the Tournament", ra, rb, note)
	}
}
