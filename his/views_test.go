package his

import (
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// viewJSON is seat's view of s, encoded and decoded into v.
func viewJSON(t *testing.T, s *State, seat game.Seat, v any) {
	t.Helper()
	b, err := json.Marshal((Rules{}).View(s, seat))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
}

type cardJSON struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	CP     int    `json:"cp"`
}

// A view names the cards it shows (the seat's hand, the discard pile, the
// removed cards) by printed number and name, with type and CP as printed
// on the card (CARDS.md: #1 Janissaries, Home, 5 CP; #6 Leipzig Debate,
// Home, 3 CP), and every debater with his name, side and debate value
// (Luther 4 in the German zone, Eck 3 and Cajetan 1 on the Papal side).
func TestViewNamesCardsAndDebaters(t *testing.T) {
	s := impulseState(t, 2, Papacy, mustCard(6), mustCard(1))
	s.Discard = []uint8{uint8(mustCard(1))}
	s.Powers[Papacy].Hand = []uint8{uint8(mustCard(6))}
	s.Gone = []uint8{uint8(mustCard(8))}
	var v struct {
		Powers   map[string]map[string]json.RawMessage `json:"powers"`
		Discard  []cardJSON                            `json:"discard"`
		Removed  []cardJSON                            `json:"removed"`
		Debaters map[string]struct {
			Name   string `json:"name"`
			Side   string `json:"side"`
			Value  int    `json:"value"`
			Zone   string `json:"zone"`
			Status string `json:"status"`
		} `json:"debaters"`
	}
	viewJSON(t, s, "papacy", &v)
	var hand []cardJSON
	if err := json.Unmarshal(v.Powers["papacy"]["hand"], &hand); err != nil {
		t.Fatal(err)
	}
	if len(hand) != 1 || hand[0] != (cardJSON{6, "Leipzig Debate", "home", 3}) {
		t.Fatalf("hand %+v, want #6 Leipzig Debate", hand)
	}
	if len(v.Discard) != 1 || v.Discard[0] != (cardJSON{1, "Janissaries", "home", 5}) {
		t.Fatalf("discard %+v, want #1 Janissaries", v.Discard)
	}
	if len(v.Removed) != 1 || v.Removed[0].Number != 8 || v.Removed[0].Name != "Luther's 95 Theses" {
		t.Fatalf("removed %+v, want #8 Luther's 95 Theses", v.Removed)
	}
	l, e, c := v.Debaters["luther"], v.Debaters["eck"], v.Debaters["cajetan"]
	if l.Name != "Luther" || l.Side != "protestant" || l.Value != 4 || l.Zone != "german" || l.Status == "" {
		t.Fatalf("luther %+v", l)
	}
	if e.Name != "Eck" || e.Side != "papacy" || e.Value != 3 || e.Zone != "" || c.Value != 1 {
		t.Fatalf("eck %+v, cajetan %+v", e, c)
	}
	if len(v.Debaters) != len(Debaters) {
		t.Fatalf("%d debaters in the view, want %d", len(v.Debaters), len(Debaters))
	}
}

// The Diet of Worms, once revealed, shows each committed card by number
// and name (§18.1.2: the Protestant #7 Here I Stand, the Hapsburgs #2 Holy
// Roman Emperor, the Papacy #6 Leipzig Debate).
func TestDietViewShowsCardNumbers(t *testing.T) {
	s := dietState(t, []int{7}, []int{2}, []int{6})
	answer(t, s, kDiet, Protestant, "7")
	answer(t, s, kDiet, Hapsburg, "2")
	answer(t, s, kDiet, Papacy, "6")
	var v struct {
		Diet struct {
			Cards map[string]cardJSON `json:"cards"`
			Log   []string            `json:"log"`
		} `json:"diet_of_worms"`
	}
	// Shown once revealed: while the winner flips its spaces, and after.
	for s.Diet != nil {
		viewJSON(t, s, "ottoman", &v)
		want := map[string]int{"protestant": 7, "hapsburg": 2, "papacy": 6}
		for p, n := range want {
			if c := v.Diet.Cards[p]; c.Number != n || c.Name != Cards[mustCard(n)].Name {
				t.Errorf("%s committed %+v, want #%d", p, c, n)
			}
		}
		if len(v.Diet.Cards) != 3 || len(v.Diet.Log) == 0 {
			t.Fatalf("diet view %+v", v.Diet)
		}
		if _, _, err := (Rules{}).Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
	viewJSON(t, s, "ottoman", &v)
	if v.Diet.Cards["protestant"].Number != 7 {
		t.Fatalf("after the Diet: %+v", v.Diet)
	}
}

// A debate in progress shows the debaters facing each other by id, with
// their values (§18.5), and its zone and caller by name.
func TestDebateViewNamesDebaters(t *testing.T) {
	s := debateState(t, Ed500)
	s.Debaters[deb("carlstadt")] = DebCommitted
	startDebate(t, s, Papacy, LangGerman, SrcLeipzig, []string{"carlstadt"})
	answer(t, s, kDebLeipzig, Papacy, "choose", "eck")
	answer(t, s, kDebPool, Papacy, "committed")
	// Here I Stand is asked: Eck (3) attacks Carlstadt (1).
	if d, _ := s.top(); d.Kind != kDebHIS {
		t.Fatalf("owed %+v, want the Here I Stand substitution", d)
	}
	type seat struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Value int    `json:"value"`
	}
	var v struct {
		Debate struct {
			Initiator  string `json:"initiator"`
			Source     string `json:"source"`
			Zone       string `json:"zone"`
			Papal      seat   `json:"papal"`
			Protestant seat   `json:"protestant"`
		} `json:"debate"`
	}
	viewJSON(t, s, game.System, &v)
	d := v.Debate
	if d.Initiator != "papacy" || d.Source != "leipzig" || d.Zone != "german" {
		t.Fatalf("debate %+v", d)
	}
	if d.Papal != (seat{"eck", "Eck", 3}) || d.Protestant != (seat{"carlstadt", "Carlstadt", 1}) {
		t.Fatalf("debaters %+v, want Eck (3) against Carlstadt (1)", d)
	}
}

// A finished game owes nothing: no pending prompt, an empty legal tree for
// every seat, and its views list no pending decision.
func TestFinishedGameOwesNothing(t *testing.T) {
	_, s, err := RandomGame(4)
	if err != nil {
		t.Fatal(err)
	}
	if over, _ := (Rules{}).Over(s); !over {
		t.Fatal("the random game did not end")
	}
	for round := 0; round < 2; round++ {
		if round == 1 {
			// A procedure that pushed a decision after the victory (an
			// assault's port retreat after a Military Victory) owes none.
			s.push(kAction, Ottoman)
		}
		finishedOwesNothing(t, s)
	}
	if _, _, err := (Rules{}).Apply(s, game.System, game.Action{Type: game.Advance}); err == nil {
		t.Fatal("an Advance of a finished game was accepted")
	}
}

func finishedOwesNothing(t *testing.T, s *State) {
	t.Helper()
	if ps := (Rules{}).Pending(s); len(ps) != 0 {
		t.Fatalf("a finished game owes %+v", ps)
	}
	for _, seat := range append((Rules{}).Seats(s), game.System) {
		if o := (Rules{}).Legal(s, seat); len(o.Choices) != 0 || o.Kind != "" {
			t.Fatalf("%s may still do %+v", seat, o)
		}
		var v struct {
			Pending []any  `json:"pending"`
			Result  string `json:"result"`
		}
		viewJSON(t, s, seat, &v)
		if v.Pending == nil || len(v.Pending) != 0 || v.Result == "" {
			t.Fatalf("%s's view of a finished game: pending %v, result %q", seat, v.Pending, v.Result)
		}
	}
}

// A view says whose impulse it is in the Action Phase (and how many passes
// in a row there have been), and which powers besiege a space (§15: the
// besiegers' units are outside the fortifications, everyone else's
// inside), so that a client can draw the siege.
func TestViewShowsImpulseAndSieges(t *testing.T) {
	s := impulseState(t, 2, Papacy, mustCard(6))
	s.Passes = 2
	bordeaux := sp(t, "bordeaux")
	s.Spaces[bordeaux].Units[Hapsburg] = Units{Reg: 3}
	s.Spaces[bordeaux].Besiegers = bit(Hapsburg)
	var v struct {
		Impulse string `json:"impulse"`
		Passes  int    `json:"passes"`
		Spaces  map[string]struct {
			Besiegers []string `json:"besiegers"`
		} `json:"spaces"`
	}
	viewJSON(t, s, "", &v)
	if v.Impulse != "papacy" || v.Passes != 2 {
		t.Errorf("impulse %q, passes %d: want papacy, 2", v.Impulse, v.Passes)
	}
	if got := v.Spaces["bordeaux"].Besiegers; len(got) != 1 || got[0] != "hapsburg" {
		t.Errorf("Bordeaux besieged by %q, want [hapsburg]", got)
	}
	if got := v.Spaces["paris"].Besiegers; got != nil {
		t.Errorf("Paris besieged by %q, want nobody", got)
	}
	s.Phase = PhaseWinter
	v.Impulse = ""
	viewJSON(t, s, "", &v)
	if v.Impulse != "" {
		t.Errorf("in Winter the view names an impulse: %q", v.Impulse)
	}
}

// Every CP action's label in the options tree says what it costs (§11.1),
// so that a player choosing from the menu sees the price of each action.
func TestActionLabelsGiveCosts(t *testing.T) {
	if len(actionDefs) < 20 {
		t.Fatalf("only %d actions registered", len(actionDefs))
	}
	for _, a := range actionDefs {
		if !strings.Contains(a.label, " CP") {
			t.Errorf("action %s: label %q gives no CP cost", a.id, a.label)
		}
	}
}
