package his

import (
	"reflect"
	"testing"

	"concordat/game"
)

// nwState is Turn 2 of the 1517 setup with an empty New World (the
// Hapsburgs' Turn 1 voyages removed).
func nwState(t *testing.T) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.NW = NewWorld{}
	s.Stack = nil
	return s
}

func nwExplorer(t *testing.T, id string) int {
	t.Helper()
	for i, e := range Explorers {
		if e.ID == id {
			return i
		}
	}
	t.Fatalf("no explorer %q", id)
	return -1
}

func nwConquistador(t *testing.T, id string) int {
	t.Helper()
	for i, c := range Conquistadors {
		if c.ID == id {
			return i
		}
	}
	t.Fatalf("no conquistador %q", id)
	return -1
}

// keepVoyagers leaves in the pools only the named explorers and
// conquistadors (and the Cabot explorers): the others are lost, so that
// the random draws are known.
func keepVoyagers(t *testing.T, s *State, ids ...string) {
	t.Helper()
	keep := map[string]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	for i, e := range Explorers {
		if !e.Cabot && !keep[e.ID] {
			s.NW.Explorers[i] = VLost
		}
	}
	for i, c := range Conquistadors {
		if !keep[c.ID] {
			s.NW.Conquistadors[i] = VLost
		}
	}
}

// newWorldPhase runs the New World Phase on its own, answering the
// discovery choices in order; every scripted die must be used.
func newWorldPhase(t *testing.T, s *State, choices ...string) {
	t.Helper()
	s.Phase = PhaseNewWorld
	s.startNewWorld()
	for s.NWPhase != nil {
		if d, ok := s.top(); ok {
			if d.Kind != kNWDiscovery || len(choices) == 0 {
				t.Fatalf("unexpected decision %+v (choices left %v)", d, choices)
			}
			path := []string{choices[0]}
			choices = choices[1:]
			if err := choose(s.choices(d), path); err != nil {
				t.Fatal(err)
			}
			s.pop()
			s.resolve(d, path)
			continue
		}
		s.stepNewWorld()
	}
	if len(choices) > 0 {
		t.Fatalf("choices not asked for: %v", choices)
	}
	if len(s.Script) > 0 {
		t.Fatalf("dice not rolled: %v", s.Script)
	}
}

func nwClaim(p Power, by int) Claim { return Claim{Claimed: true, Power: p, By: int8(by)} }

func nwValues(ch []game.Choice) []string {
	var out []string
	for _, c := range ch {
		out = append(out, c.Value)
	}
	return out
}

// actionMenu is what p may spend its CP on (after "done").
func nwMenu(t *testing.T, s *State, p Power, cp int) []string {
	t.Helper()
	s.Act = &Act{Power: p, CP: cp, Card: -1}
	return nwValues(s.availableActions(p))
}

func nwHas(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func TestNewWorldActionsWhoAndCost(t *testing.T) {
	s := nwState(t)
	for p := Power(0); p < NumMajors; p++ {
		menu := nwMenu(t, s, p, 6)
		nw := isNWPower(p)
		for _, a := range []string{"explore", "colonize", "conquer"} {
			if nwHas(menu, a) != nw {
				t.Errorf("%s: %s offered %v, want %v", p, a, nwHas(menu, a), nw)
			}
		}
	}
	// The CP: Explore 2, Colonize Hapsburg 2 / England and France 3,
	// Conquer 4 (§11.1).
	cases := []struct {
		p    Power
		cp   int
		want []string
	}{
		{Hapsburg, 1, nil},
		{Hapsburg, 2, []string{"explore", "colonize"}},
		{England, 2, []string{"explore"}},
		{France, 3, []string{"explore", "colonize"}},
		{France, 4, []string{"explore", "colonize", "conquer"}},
	}
	for _, c := range cases {
		var got []string
		for _, a := range nwMenu(t, s, c.p, c.cp) {
			if a == "explore" || a == "colonize" || a == "conquer" {
				got = append(got, a)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s with %d CP: %v, want %v", c.p, c.cp, got, c.want)
		}
	}
}

func TestNewWorldActionsOncePerTurn(t *testing.T) {
	s := nwState(t)
	s.Phase = PhaseAction
	s.Act = &Act{Power: England, CP: 9, Card: -1}
	s.push(kAction, England)
	answer(t, s, kAction, England, "explore")
	if s.Act.CP != 7 || !s.NW.Explore[England].On || s.NW.Used[England] != usedExplore {
		t.Fatalf("after Explore: CP %d, voyage %+v, used %b", s.Act.CP, s.NW.Explore[England], s.NW.Used[England])
	}
	answer(t, s, kAction, England, "colonize")
	answer(t, s, kAction, England, "conquer")
	if s.Act != nil {
		// 9 - 2 - 3 - 4 = 0 CP: the impulse is over.
		t.Fatalf("England has %d CP left, want the impulse ended", s.Act.CP)
	}
	if s.NW.Colonize[England] != 1 || !s.NW.Conquer[England].On {
		t.Fatalf("crossing: colonies %d, conquest %+v", s.NW.Colonize[England], s.NW.Conquer[England])
	}
	// A later impulse of the same turn: none of the three again.
	menu := nwMenu(t, s, England, 9)
	for _, a := range []string{"explore", "colonize", "conquer"} {
		if nwHas(menu, a) {
			t.Errorf("%s offered twice in a turn: %v", a, menu)
		}
	}
	// Refused through the contract, and nothing changes.
	s.Stack = nil
	s.push(kAction, England)
	before := s.NW
	if _, _, err := (Rules{}).Apply(s, "england", game.NewAction(kAction, []string{"explore"})); err == nil {
		t.Fatal("a second Explore in a turn was accepted")
	}
	if s.NW != before || s.Act.CP != 9 {
		t.Fatal("a refused Explore changed the state")
	}
	// The New World Phase resets the limits for the next turn.
	s.Stack, s.Act = nil, nil
	s.Script = []int{1, 1, 1, 1} // the exploration and the conquest fail
	newWorldPhase(t, s)
	menu = nwMenu(t, s, England, 9)
	for _, a := range []string{"explore", "colonize", "conquer"} {
		if !nwHas(menu, a) {
			t.Errorf("%s not offered on the next turn: %v", a, menu)
		}
	}
}

func TestNewWorld1517Setup(t *testing.T) {
	s := NewState1517(Ed500, 1)
	// The Hapsburgs' Turn 1 exploration and conquest are already under way
	// (§24.1), so they count against the limit; colonizing is free.
	menu := nwMenu(t, s, Hapsburg, 6)
	if nwHas(menu, "explore") || nwHas(menu, "conquer") || !nwHas(menu, "colonize") {
		t.Errorf("Hapsburg Turn 1 menu %v", menu)
	}
	if !s.NW.Explore[Hapsburg].On || !s.NW.Conquer[Hapsburg].On || s.NW.Charted[Hapsburg] {
		t.Errorf("1517 New World %+v", s.NW)
	}
}

func TestNewWorldActionsNeedVoyagersAndRoom(t *testing.T) {
	s := nwState(t)
	keepVoyagers(t, s) // no explorer, no conquistador left
	s.NW.MarkersLost[France] = 2
	s.NW.Colonies = [NumColonyBoxes]uint8{1, 1, 1, 0, 0, 0, 0}
	if m := nwMenu(t, s, Hapsburg, 6); nwHas(m, "explore") || nwHas(m, "conquer") || nwHas(m, "colonize") {
		t.Errorf("Hapsburg with no voyager and full boxes: %v", m)
	}
	if m := nwMenu(t, s, France, 6); nwHas(m, "explore") || nwHas(m, "conquer") || !nwHas(m, "colonize") {
		t.Errorf("France with no explorer and no conquest marker: %v", m)
	}
	if m := nwMenu(t, s, England, 6); !nwHas(m, "conquer") {
		t.Errorf("England keeps its two conquest markers: %v", m)
	}
	// Potosi takes a box and removes a colony marker (CARDS.md #54):
	// England still has one marker and one empty box.
	if !s.canPotosi(England) {
		t.Fatal("Potosi refused to England")
	}
	s.placePotosi(England)
	if s.NW.Colonies[3] != boxPotosi || s.NW.ColoniesLost[England] != 1 || s.colonyRoom(England) != 1 {
		t.Fatalf("Potosi: boxes %v, lost %d, room %d", s.NW.Colonies, s.NW.ColoniesLost[England], s.colonyRoom(England))
	}
	if s.canPotosi(France) {
		t.Error("a second Potosi")
	}
	s.launchColony(England)
	if s.colonyRoom(England) != 0 || nwHas(nwMenu(t, s, England, 6), "colonize") {
		t.Error("England colonizes beyond its boxes")
	}
	// Potosi eliminated: the removed marker stays removed.
	s.NW.Colonies[3] = boxEmpty
	s.NW.Used[England] = 0
	if s.colonyRoom(England) != 0 {
		t.Errorf("England's room after Potosi left: %d, want 0 (one marker crossing, one removed)", s.colonyRoom(England))
	}
}

func TestExplorationTable(t *testing.T) {
	// England explores with Rut (value 1). Uncharted: -1 on the first roll.
	cases := []struct {
		name    string
		charted bool
		dice    []int
		claimed []Discovery // claimed by France before
		want    Discovery   // NumDiscoveries: none
		status  VoyagerStatus
	}{
		{"lost at sea", false, []int{2, 2}, nil, NumDiscoveries, VLost},
		{"4 charted still lost", true, []int{2, 1}, nil, NumDiscoveries, VLost},
		{"no discovery", false, []int{3, 2}, nil, NumDiscoveries, VPool},
		{"6 no discovery", true, []int{3, 2}, nil, NumDiscoveries, VPool},
		{"St. Lawrence", false, []int{4, 3}, nil, StLawrence, VPlaced},
		{"Great Lakes", false, []int{4, 4}, nil, GreatLakes, VPlaced},
		{"Mississippi", true, []int{4, 4}, nil, Mississippi, VPlaced},
		{"claimed: next below", true, []int{4, 4}, []Discovery{Mississippi}, GreatLakes, VPlaced},
		{"two below", true, []int{4, 4}, []Discovery{Mississippi, GreatLakes}, StLawrence, VPlaced},
		{"nothing below (X1)", true, []int{3, 3}, []Discovery{StLawrence}, NumDiscoveries, VPool},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nwState(t)
			keepVoyagers(t, s, "rut")
			rut := nwExplorer(t, "rut")
			s.NW.Charted[England] = c.charted
			for _, d := range c.claimed {
				s.NW.Discoveries[d] = nwClaim(France, nwExplorer(t, "cartier"))
			}
			s.launchExploration(England, false)
			s.Script = c.dice
			vp := s.VP(England)
			newWorldPhase(t, s)
			if s.NW.Explorers[rut] != c.status {
				t.Errorf("Rut is %d, want %d", s.NW.Explorers[rut], c.status)
			}
			if !s.NW.Charted[England] {
				t.Error("the marker is not flipped to Charts Available")
			}
			gain := 0
			if c.want != NumDiscoveries {
				if got := s.NW.Discoveries[c.want]; got != nwClaim(England, rut) {
					t.Errorf("%s: %+v", discoveries[c.want].ID, got)
				}
				gain = 1
			}
			if s.VP(England) != vp+gain || s.NewWorldVP(England) != gain {
				t.Errorf("England VP %d (new world %d), want %d", s.VP(England), s.NewWorldVP(England), vp+gain)
			}
		})
	}
}

func TestExplorationOrderByValue(t *testing.T) {
	// Magellan (4), Cartier (3), Rut (1) each roll 9: the highest explorer
	// resolves first and takes the Mississippi; the others slide below.
	s := nwState(t)
	keepVoyagers(t, s, "magellan", "cartier", "rut")
	for _, p := range nwPowers {
		s.NW.Charted[p] = true
		s.launchExploration(p, false)
	}
	s.Script = []int{3, 2, 3, 3, 4, 4} // Hapsburg 5+4, France 6+3, England 8+1
	newWorldPhase(t, s)
	want := [NumDiscoveries]Claim{
		StLawrence:  nwClaim(England, nwExplorer(t, "rut")),
		GreatLakes:  nwClaim(France, nwExplorer(t, "cartier")),
		Mississippi: nwClaim(Hapsburg, nwExplorer(t, "magellan")),
	}
	if s.NW.Discoveries != want {
		t.Errorf("discoveries %+v, want %+v", s.NW.Discoveries, want)
	}
	// Ties: England, then France, then Hapsburg (Rut 1, Leon 1: England first).
	s = nwState(t)
	keepVoyagers(t, s, "leon", "rut")
	s.NW.Charted[England], s.NW.Charted[Hapsburg] = true, true
	s.launchExploration(Hapsburg, false)
	s.launchExploration(England, false)
	s.Script = []int{4, 4, 4, 4}
	newWorldPhase(t, s)
	if s.NW.Discoveries[Mississippi].Power != England || s.NW.Discoveries[GreatLakes].Power != Hapsburg {
		t.Errorf("tie order: %+v", s.NW.Discoveries)
	}
}

func TestExplorationTenOrMore(t *testing.T) {
	s := nwState(t)
	keepVoyagers(t, s, "magellan")
	s.NW.Charted[Hapsburg] = true
	s.NW.Discoveries[GreatLakes] = nwClaim(France, nwExplorer(t, "cartier"))
	s.launchExploration(Hapsburg, false)
	s.Script = []int{3, 3} // 6 + 4 = 10
	s.Phase = PhaseNewWorld
	s.startNewWorld()
	s.stepNewWorld()
	opts := (Rules{}).Legal(s, "hapsburg")
	want := []string{"amazon", "st_lawrence", "mississippi", "pacific_strait"}
	if opts.Kind != kNWDiscovery || !reflect.DeepEqual(nwValues(opts.Choices), want) {
		t.Fatalf("10+ choices %+v, want %v", opts, want)
	}
	s.pop()
	s.resolve(Decision{Kind: kNWDiscovery, Power: Hapsburg}, []string{"amazon"})
	s.stepNewWorld()
	if s.NWPhase != nil || s.NW.Discoveries[Amazon] != nwClaim(Hapsburg, nwExplorer(t, "magellan")) || s.NewWorldVP(Hapsburg) != 2 {
		t.Fatalf("Amazon: %+v, VP %d", s.NW.Discoveries, s.NewWorldVP(Hapsburg))
	}
}

func TestCircumnavigation(t *testing.T) {
	cases := []struct {
		name     string
		strait   bool // the Pacific Strait is already claimed (by France)
		mercator bool
		dice     []int // exploration, then circumnavigation
		circ     bool
		status   VoyagerStatus
		cards    int
		vp       int
	}{
		// Orellana (3), charted: 4+3+3 = 10; circumnavigation 5+4+3 = 12.
		{"success and a card", false, false, []int{4, 3, 5, 4}, true, VPlaced, 1, 4},
		{"success", false, false, []int{4, 3, 4, 3}, true, VPlaced, 0, 4},
		// 9: failure; he stays on the strait he claimed.
		{"failure on the strait", false, false, []int{4, 3, 3, 3}, false, VPlaced, 0, 1},
		// The strait is France's: a failure removes him from the game.
		{"failure without the strait", true, false, []int{4, 3, 3, 3}, false, VLost, 0, 0},
		// Mercator's Map: +2 on both rolls: 3+2+3+2 = 10, then 10 again.
		{"mercator", false, true, []int{3, 2, 3, 2}, true, VPlaced, 0, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nwState(t)
			keepVoyagers(t, s, "orellana")
			or := nwExplorer(t, "orellana")
			s.NW.Charted[Hapsburg] = true
			if c.strait {
				s.NW.Discoveries[PacificStrait] = nwClaim(France, nwExplorer(t, "cartier"))
			}
			s.launchExploration(Hapsburg, c.mercator)
			s.Script = c.dice
			hand, deck := len(s.Powers[Hapsburg].Hand), len(s.Deck)
			choice := "pacific_strait"
			if c.strait {
				choice = "circumnavigation"
			}
			newWorldPhase(t, s, choice)
			if s.NW.Discoveries[Circumnavigation].Claimed != c.circ || s.NW.Explorers[or] != c.status {
				t.Errorf("circumnavigation %+v, Orellana %d", s.NW.Discoveries[Circumnavigation], s.NW.Explorers[or])
			}
			if c.circ && s.NW.Discoveries[Circumnavigation] != nwClaim(Hapsburg, or) {
				t.Errorf("circumnavigation claim %+v", s.NW.Discoveries[Circumnavigation])
			}
			if !c.strait && s.NW.Discoveries[PacificStrait] != nwClaim(Hapsburg, or) {
				t.Errorf("strait claim %+v", s.NW.Discoveries[PacificStrait])
			}
			if len(s.Powers[Hapsburg].Hand) != hand+c.cards || len(s.Deck) != deck-c.cards {
				t.Errorf("hand %d→%d, want +%d", hand, len(s.Powers[Hapsburg].Hand), c.cards)
			}
			if s.NewWorldVP(Hapsburg) != c.vp {
				t.Errorf("VP %d, want %d", s.NewWorldVP(Hapsburg), c.vp)
			}
		})
	}
	// Once circumnavigated, the option is the strait alone, without a roll.
	s := nwState(t)
	keepVoyagers(t, s, "cartier")
	s.NW.Charted[France] = true
	s.NW.Discoveries[Circumnavigation] = nwClaim(Hapsburg, nwExplorer(t, "magellan"))
	s.launchExploration(France, false)
	s.Script = []int{4, 3} // 7 + 3 = 10
	newWorldPhase(t, s, "pacific_strait")
	if s.NW.Discoveries[PacificStrait] != nwClaim(France, nwExplorer(t, "cartier")) {
		t.Errorf("strait %+v", s.NW.Discoveries[PacificStrait])
	}
	// With every discovery claimed a 10+ finds nothing; no question asked.
	s = nwState(t)
	keepVoyagers(t, s, "cartier")
	for d := range s.NW.Discoveries {
		s.NW.Discoveries[d] = nwClaim(Hapsburg, nwExplorer(t, "magellan"))
	}
	s.NW.Charted[France] = true
	s.launchExploration(France, false)
	s.Script = []int{6, 6}
	newWorldPhase(t, s)
	if s.NW.Explorers[nwExplorer(t, "cartier")] != VPool {
		t.Error("Cartier should return to the pool")
	}
}

func TestSebastianCabotVoyage(t *testing.T) {
	// Cabot (1) ignores the Uncharted -1 and leaves the marker Uncharted;
	// he leaves the game whatever the result, and the card with him if he
	// dies (CARDS.md #99).
	s := nwState(t)
	cab := cabotOf[England]
	s.launchCabot(England)
	s.Discard = append(s.Discard, uint8(mustCard(99)))
	s.Script = []int{4, 2} // 6 + 1 = 7: St. Lawrence
	newWorldPhase(t, s)
	if s.NW.Discoveries[StLawrence] != nwClaim(England, cab) || s.NW.Charted[England] || s.NW.Used[England] != 0 {
		t.Errorf("Cabot's discovery %+v, charted %v", s.NW.Discoveries[StLawrence], s.NW.Charted[England])
	}
	if len(s.Gone) != 0 {
		t.Error("the card left the game though Cabot lived")
	}
	s = nwState(t)
	s.launchCabot(France)
	s.Discard = append(s.Discard, uint8(mustCard(99)))
	s.Script = []int{2, 1} // 3 + 1 = 4: lost at sea
	newWorldPhase(t, s)
	if s.NW.Explorers[cabotOf[France]] != VLost || len(s.Gone) != 1 || int(s.Gone[0]) != mustCard(99) {
		t.Errorf("Cabot lost: status %d, removed %v", s.NW.Explorers[cabotOf[France]], s.Gone)
	}
	s = nwState(t)
	s.launchCabot(Hapsburg)
	s.Script = []int{3, 2} // 5 + 1 = 6: no discovery, but Cabot is gone
	newWorldPhase(t, s)
	if s.NW.Explorers[cabotOf[Hapsburg]] != VLost {
		t.Error("Cabot stays in the pool after his voyage")
	}
}

func TestConquestTable(t *testing.T) {
	cases := []struct {
		name     string
		p        Power
		smallpox bool
		dice     []int
		claimed  []Conquest
		want     Conquest // NumConquests: none
		lost     bool     // conquistador / marker killed
	}{
		{"killed", Hapsburg, false, []int{1, 1}, nil, NumConquests, true},       // 2 + 4 = 6
		{"no conquest", Hapsburg, false, []int{2, 2}, nil, NumConquests, false}, // 8
		{"Maya", Hapsburg, false, []int{3, 2}, nil, Maya, false},                // 9
		{"Aztec", England, false, []int{5, 5}, nil, Aztec, false},               // 10 + 0
		{"Inca", France, false, []int{6, 5}, nil, Inca, false},                  // 11
		{"English killed", England, false, []int{3, 3}, nil, NumConquests, true},
		{"smallpox", France, true, []int{4, 3}, nil, Maya, false}, // 7 + 2 = 9
		{"claimed: next below", France, false, []int{6, 6}, []Conquest{Inca}, Aztec, false},
		{"nothing below (X1)", England, false, []int{5, 4}, []Conquest{Maya}, NumConquests, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nwState(t)
			keepVoyagers(t, s, "cortez")
			cortez := nwConquistador(t, "cortez")
			for _, k := range c.claimed {
				s.NW.Conquests[k] = nwClaim(Hapsburg, nwConquistador(t, "pizarro"))
			}
			s.launchConquest(c.p, c.smallpox)
			s.Script = c.dice
			newWorldPhase(t, s)
			by := -1
			if c.p == Hapsburg {
				by = cortez
			}
			if c.want != NumConquests {
				if s.NW.Conquests[c.want] != nwClaim(c.p, by) {
					t.Errorf("%s: %+v", conquests[c.want].ID, s.NW.Conquests[c.want])
				}
				if s.NewWorldVP(c.p) != conquests[c.want].VP {
					t.Errorf("VP %d", s.NewWorldVP(c.p))
				}
			}
			if c.p == Hapsburg {
				want := VPool
				switch {
				case c.lost:
					want = VLost
				case c.want != NumConquests:
					want = VPlaced
				}
				if s.NW.Conquistadors[cortez] != want {
					t.Errorf("Cortez %d, want %d", s.NW.Conquistadors[cortez], want)
				}
			} else {
				want := uint8(0)
				if c.lost || c.want != NumConquests {
					want = 1
				}
				if s.NW.MarkersLost[c.p] != want {
					t.Errorf("markers lost %d, want %d", s.NW.MarkersLost[c.p], want)
				}
			}
		})
	}
	// Order: Hapsburg, England, France; each takes the best unclaimed below.
	s := nwState(t)
	keepVoyagers(t, s, "cortez")
	for _, p := range nwPowers {
		s.launchConquest(p, false)
	}
	s.Script = []int{6, 6, 6, 5, 6, 6} // 16, 11, 12
	newWorldPhase(t, s)
	if s.NW.Conquests[Inca].Power != Hapsburg || s.NW.Conquests[Aztec].Power != England || s.NW.Conquests[Maya].Power != France {
		t.Errorf("conquests %+v", s.NW.Conquests)
	}
	if s.NewWorldVP(Hapsburg) != 2 || s.NewWorldVP(England) != 2 || s.NewWorldVP(France) != 1 {
		t.Errorf("VP %d %d %d", s.NewWorldVP(Hapsburg), s.NewWorldVP(England), s.NewWorldVP(France))
	}
}

func TestColoniesPlaced(t *testing.T) {
	s := nwState(t)
	s.NW.Colonies[0] = boxColony // Cuba
	s.launchColony(Hapsburg)
	s.launchColony(France)
	newWorldPhase(t, s) // no roll
	want := [NumColonyBoxes]uint8{boxColony, boxColony, 0, 0, 0, boxColony, 0}
	if s.NW.Colonies != want || s.NW.Colonize != [NumMajors]uint8{} {
		t.Errorf("colonies %v, crossing %v", s.NW.Colonies, s.NW.Colonize)
	}
	v := s.newWorldView()
	if v.Colonies["hispaniola"] != "hapsburg colony" || v.Colonies["charlesbourg"] != "france colony" || len(v.Colonies) != 3 {
		t.Errorf("view colonies %v", v.Colonies)
	}
}

func TestRichesTable(t *testing.T) {
	type markers struct{ galleons, plantations, governor, uprising bool }
	cases := []struct {
		name  string
		box   uint8 // boxColony or boxPotosi in Jamestown; 0: a conquest
		conq  Conquest
		m     markers
		dice  []int
		cards int
		keep  bool // the colony stays / the conquest is not spent
	}{
		{"colony 4 eliminated", boxColony, 0, markers{}, []int{2, 2}, 0, false},
		{"colony 5 no effect", boxColony, 0, markers{}, []int{3, 2}, 0, true},
		{"colony 8 galleon without galleons", boxColony, 0, markers{}, []int{4, 4}, 0, true},
		{"colony 8 galleon with galleons", boxColony, 0, markers{galleons: true}, []int{4, 4}, 1, true},
		{"colony 9 card", boxColony, 0, markers{}, []int{5, 4}, 1, true},
		{"plantations 4+1 no effect", boxColony, 0, markers{plantations: true}, []int{2, 2}, 0, true},
		{"plantations 8+1 card", boxColony, 0, markers{plantations: true}, []int{4, 4}, 1, true},
		{"governor turns NE into card", boxColony, 0, markers{governor: true}, []int{3, 3}, 1, true},
		{"uprising turns NE into elim", boxColony, 0, markers{uprising: true}, []int{3, 3}, 0, false},
		{"potosi 3 eliminated", boxPotosi, 0, markers{}, []int{2, 1}, 0, false},
		{"potosi 4 no effect", boxPotosi, 0, markers{}, []int{2, 2}, 0, true},
		{"potosi 7 galleon", boxPotosi, 0, markers{galleons: true}, []int{4, 3}, 1, true},
		{"potosi 8 card", boxPotosi, 0, markers{}, []int{4, 4}, 1, true},
		{"maya 6 depleted", 0, Maya, markers{}, []int{3, 3}, 1, false},
		{"maya 8 card", 0, Maya, markers{}, []int{4, 4}, 1, true},
		{"aztec 5 depleted", 0, Aztec, markers{}, []int{3, 2}, 1, false},
		{"aztec 6 no effect", 0, Aztec, markers{}, []int{3, 3}, 0, true},
		{"aztec 6 uprising eliminates", 0, Aztec, markers{uprising: true}, []int{3, 3}, 0, false},
		{"inca 6 card", 0, Inca, markers{}, []int{3, 3}, 1, true},
		{"inca 7 galleon without galleons", 0, Inca, markers{}, []int{4, 3}, 0, true},
		{"maya 6 depleted: plantations do not count", 0, Maya, markers{plantations: true}, []int{3, 3}, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nwState(t)
			s.NW.Galleons[England] = c.m.galleons
			s.NW.Plantations[England] = c.m.plantations
			s.NW.Governor[England] = c.m.governor
			s.NW.Uprising[England] = c.m.uprising
			if c.box != 0 {
				s.NW.Colonies[3] = c.box
			} else {
				s.NW.Conquests[c.conq] = nwClaim(England, -1)
			}
			vp := s.VP(England)
			s.Script = c.dice
			hand := len(s.Powers[England].Hand)
			top := s.Deck[len(s.Deck)-1]
			s.newWorldRiches()
			if len(s.Script) > 0 {
				t.Fatalf("dice left %v", s.Script)
			}
			if got := len(s.Powers[England].Hand) - hand; got != c.cards {
				t.Errorf("cards %d, want %d", got, c.cards)
			}
			if c.cards == 1 && s.Powers[England].Hand[len(s.Powers[England].Hand)-1] != top {
				t.Error("the card is not the deck's top card")
			}
			if c.box != 0 {
				if (s.NW.Colonies[3] == c.box) != c.keep {
					t.Errorf("Jamestown %d, keep %v", s.NW.Colonies[3], c.keep)
				}
			} else if s.NW.Conquests[c.conq].Spent == c.keep || !s.NW.Conquests[c.conq].Claimed {
				t.Errorf("conquest %+v, keep %v", s.NW.Conquests[c.conq], c.keep)
			}
			if s.VP(England) != vp {
				t.Errorf("riches changed VP %d → %d (a spent conquest keeps its VP)", vp, s.VP(England))
			}
			if (c.m.governor || c.m.uprising) && (s.NW.Governor[England] || s.NW.Uprising[England]) {
				t.Error("a Governor/Uprising marker that was used stays")
			}
		})
	}
	// A spent conquest rolls no more; an unused Governor stays.
	s := nwState(t)
	s.NW.Conquests[Aztec] = Claim{Claimed: true, Power: England, By: -1, Spent: true}
	s.NW.Governor[England] = true
	s.NW.Colonies[3] = boxColony
	s.Script = []int{5, 5} // the colony's card
	s.newWorldRiches()
	if len(s.Script) != 0 || !s.NW.Governor[England] || s.NewWorldVP(England) != 2 {
		t.Errorf("script %v governor %v VP %d", s.Script, s.NW.Governor[England], s.NewWorldVP(England))
	}
}

func TestHuguenotRaiders(t *testing.T) {
	cases := []struct {
		name     string
		raiders  []Power
		galleons bool
		dice     []int // the colony's 2d6 (9: card), then the Raiders' dice
		thief    Power // NoPower: the Hapsburgs keep it
		left     []Power
	}{
		{"1 eliminated", []Power{France}, false, []int{5, 4, 1}, NoPower, nil},
		{"2 without galleons", []Power{France}, false, []int{5, 4, 2}, NoPower, []Power{France}},
		{"2 with galleons", []Power{France}, true, []int{5, 4, 2}, NoPower, nil},
		{"3 no effect", []Power{France}, false, []int{5, 4, 3}, NoPower, []Power{France}},
		{"5 stolen, raider gone", []Power{England}, false, []int{5, 4, 5}, England, nil},
		{"6 stolen, raider stays", []Power{Protestant}, false, []int{5, 4, 6}, Protestant, []Power{Protestant}},
		// France fails, England steals: the Protestant does not roll.
		{"in turn", []Power{France, England, Protestant}, false, []int{5, 4, 4, 6}, England, []Power{France, England, Protestant}},
		{"all fail", []Power{France, Protestant}, false, []int{5, 4, 1, 3}, NoPower, []Power{Protestant}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nwState(t)
			s.NW.Colonies[0] = boxColony
			s.NW.Galleons[Hapsburg] = c.galleons
			for _, q := range c.raiders {
				s.NW.Raiders[q] = true
			}
			var hands [NumMajors]int
			for p := range hands {
				hands[p] = len(s.Powers[p].Hand)
			}
			top := s.Deck[len(s.Deck)-1]
			s.Script = c.dice
			s.newWorldRiches()
			if len(s.Script) > 0 {
				t.Fatalf("dice left %v", s.Script)
			}
			gets := c.thief
			if gets == NoPower {
				gets = Hapsburg
			}
			for p := range hands {
				want := hands[p]
				if Power(p) == gets {
					want++
				}
				if len(s.Powers[p].Hand) != want {
					t.Errorf("%s has %d cards, want %d", Power(p), len(s.Powers[p].Hand), want)
				}
			}
			if h := s.Powers[gets].Hand; h[len(h)-1] != top {
				t.Error("the card is not the deck's top card")
			}
			var left []Power
			for _, q := range raiderOrder {
				if s.NW.Raiders[q] {
					left = append(left, q)
				}
			}
			if !reflect.DeepEqual(left, c.left) {
				t.Errorf("raiders left %v, want %v", left, c.left)
			}
		})
	}
	// Raiders do not touch England's or France's cards.
	s := nwState(t)
	s.NW.Colonies[3] = boxColony
	s.NW.Raiders[France] = true
	s.Script = []int{5, 4}
	n := len(s.Powers[England].Hand)
	s.newWorldRiches()
	if len(s.Powers[England].Hand) != n+1 || len(s.Script) != 0 {
		t.Error("a Raider rolled against England")
	}
}

// TestNewWorldPhaseInTheTurn plays the 1517 Hapsburg voyages through the
// contract: after Winter the New World Phase asks the Hapsburgs for their
// discovery, conquers, and the next Card Draw rolls for the conquest.
func TestNewWorldPhaseInTheTurn(t *testing.T) {
	s := NewState1517(Ed500, 1)
	keepVoyagers(t, s, "magellan", "cortez")
	s.Turn = 1
	s.Phase = PhaseWinter
	s.LastDiet = &Diet{}
	s.Script = []int{
		6, 5, // Magellan: 11 + 4 - 1 (Uncharted) = 14: a choice
		3, 3, // Cortez: 6 + 4 = 10: Aztec
		4, 4, // Turn 2 Card Draw: the Aztec conquest rolls 8: a card
	}
	s.run()
	if s.Phase != PhaseNewWorld {
		t.Fatalf("phase %s, want new world", s.Phase)
	}
	vw := (Rules{}).View(s, "hapsburg").(*view)
	if vw.NewWorld == nil || vw.Phase != "new world" || !reflect.DeepEqual(vw.NewWorld.Crossing, []string{"hapsburg conquest", "hapsburg exploration (Magellan)"}) {
		t.Errorf("view during the phase: %+v", vw.NewWorld)
	}
	if _, _, err := (Rules{}).Apply(s, "hapsburg", game.NewAction(kNWDiscovery, []string{"nowhere"})); err == nil {
		t.Fatal("an unknown discovery was accepted")
	}
	vp := s.VP(Hapsburg)
	answer(t, s, kNWDiscovery, Hapsburg, "amazon")
	if s.Turn != 2 || s.NWPhase != nil {
		t.Fatalf("turn %d, phase %s: the next turn should have begun", s.Turn, s.Phase)
	}
	if s.NW.Discoveries[Amazon] != nwClaim(Hapsburg, nwExplorer(t, "magellan")) || s.NW.Conquests[Aztec] != nwClaim(Hapsburg, nwConquistador(t, "cortez")) {
		t.Fatalf("New World %+v %+v", s.NW.Discoveries, s.NW.Conquests)
	}
	if s.VP(Hapsburg) != vp+4 {
		t.Errorf("Hapsburg VP %d, want %d", s.VP(Hapsburg), vp+4)
	}
	if len(s.Script) != 0 {
		t.Errorf("the riches roll did not happen: dice left %v", s.Script)
	}
	// Dealt: Home card + card draw + 1 riches card.
	if want := 1 + s.CardsDealt(Hapsburg) + 1; len(s.Powers[Hapsburg].Hand) != want {
		t.Errorf("Hapsburg hand %d, want %d", len(s.Powers[Hapsburg].Hand), want)
	}
	if s.NW.Used != [NumMajors]uint8{} {
		t.Errorf("once-per-turn marks not cleared: %v", s.NW.Used)
	}
	v := (Rules{}).View(s, "england").(*view)
	nw := v.NewWorld
	if nw.Discoveries["amazon"].Power != "hapsburg" || nw.Conquests["aztec"].By != "cortez" || nw.Explorers["magellan"] != "placed" {
		t.Errorf("view %+v", nw)
	}
	if v.Powers["hapsburg"].(map[string]any)["new_world_vp"] != 4 {
		t.Errorf("view VP %v", v.Powers["hapsburg"])
	}
}

func TestNewWorldCloneAndSnapshot(t *testing.T) {
	s := nwState(t)
	s.launchExploration(England, false)
	s.Phase = PhaseNewWorld
	s.startNewWorld()
	c := s.Clone()
	c.NWPhase.Voyages[0].Mercator = true
	c.NW.Galleons[France] = true
	if s.NWPhase.Voyages[0].Mercator || s.NW.Galleons[France] {
		t.Fatal("Clone shares the New World")
	}
	b, err := (Rules{}).Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	st, err := (Rules{}).Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	r := st.(*State)
	if r.NW != s.NW || !reflect.DeepEqual(r.NWPhase, s.NWPhase) {
		t.Errorf("snapshot round trip: %+v %+v", r.NW, r.NWPhase)
	}
}
