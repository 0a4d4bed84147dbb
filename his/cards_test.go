package his

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"concordat/game"
)

// give puts cards (printed numbers) into p's hand, taking them from
// wherever they are.
func give(s *State, p Power, numbers ...int) {
	for _, n := range numbers {
		c := mustCard(n)
		s.takeOut(c)
		s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(c))
	}
}

// discard puts cards (printed numbers) on the discard pile.
func discard(s *State, numbers ...int) {
	for _, n := range numbers {
		c := mustCard(n)
		s.takeOut(c)
		s.Discard = append(s.Discard, uint8(c))
	}
}

// passWindow answers "pass" for every seat the window of kind k asks, and
// returns them in the order asked.
func passWindow(t *testing.T, s *State, k winKind) []Power {
	t.Helper()
	var asked []Power
	for {
		d, ok := s.top()
		if !ok || d.Kind != windowKinds[k] {
			return asked
		}
		asked = append(asked, d.Power)
		answer(t, s, d.Kind, d.Power, "pass")
	}
}

// wantWindow fails unless the window of kind k asks p now and offers it
// the cards (printed numbers) cards besides pass and waive.
func wantWindow(t *testing.T, s *State, k winKind, p Power, what string, cards ...string) {
	t.Helper()
	wantOwed(t, s, windowKinds[k], p, what, append([]string{"pass", "waive"}, cards...)...)
}

// A Move's window (Foul Weather, Gout) asks every other power, in Impulse
// Order after the mover, that could hold such a card on public
// information: one holding only its Home card is not asked, one holding
// other cards is asked whether or not they are playable; with both cards
// known to be in the discard pile nobody is asked. With responses=holders
// only the holders are asked.
func TestMoveWindowWhoIsAsked(t *testing.T) {
	paris, stdz := sp(t, "paris"), sp(t, "st_dizier")
	setup := func() *State {
		s := landState(t, France, 3)
		s.Spaces[paris].Units[France].Reg = 3
		give(s, Hapsburg, 65)             // A Mighty Fortress: not a response, but nobody else knows
		give(s, Protestant, 7)            // only its Home card: known to hold nothing else
		give(s, Ottoman, nFoulWeather, 1) // Foul Weather and its Home card
		give(s, Papacy, 5, 6)             // its two Home cards only
		give(s, England, 3, 75)           // its Home card and one more
		return s
	}
	s := setup()
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	// after France: the Papacy and the Protestant (Home cards only) are
	// not asked; then the Ottoman, the Hapsburgs, England
	if got := passWindow(t, s, winMove); !slices.Equal(got, []Power{Ottoman, Hapsburg, England}) {
		t.Fatalf("asked %v, want ottoman, hapsburg, england", got)
	}
	if s.Spaces[stdz].Units[France].Reg != 1 || s.Act.CP != 2 {
		t.Fatalf("the move went on after the window: %+v, %d CP", s.Spaces[stdz].Units[France], s.Act.CP)
	}

	// both cards known elsewhere: no window at all
	s = setup()
	discard(s, nFoulWeather, nGout)
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	if got := passWindow(t, s, winMove); len(got) != 0 {
		t.Fatalf("Foul Weather and Gout are both discarded: nobody could respond, asked %v", got)
	}

	// responses=holders: only the Ottoman, who holds Foul Weather
	s = setup()
	s.Holders = true
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	wantWindow(t, s, winMove, Ottoman, "the holder is asked", "31")
	if got := passWindow(t, s, winMove); !slices.Equal(got, []Power{Ottoman}) {
		t.Fatalf("holders mode asks %v, want the Ottoman alone", got)
	}
}

// "waive" passes every later window of the impulse; the next impulse asks
// again. A Mary I England is never asked (it plays responses only for CP).
func TestWindowWaiveAndMary(t *testing.T) {
	paris := sp(t, "paris")
	s := landState(t, France, 3)
	s.Spaces[paris].Units[France].Reg = 3
	give(s, Hapsburg, 65)
	give(s, England, 75)
	setRuler(s, England, "Mary I")
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	wantWindow(t, s, winMove, Hapsburg, "Hapsburg could hold Foul Weather")
	answer(t, s, windowKinds[winMove], Hapsburg, "waive")
	if d, _ := s.top(); d.Kind != kAction {
		t.Fatalf("England under Mary I is not asked: %+v", s.Stack)
	}
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	if d, _ := s.top(); d.Kind != kAction {
		t.Fatalf("the Hapsburgs waived for the impulse: %+v", s.Stack)
	}
	s.startImpulseFx()
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	wantWindow(t, s, winMove, Hapsburg, "a new impulse asks again")
}

// Every card of the main deck and the diplomatic deck is listed once, with
// its type and CP from the card data, and "built" exactly when its events
// are registered.
func TestCardList(t *testing.T) {
	rows := CardList()
	if len(rows) != 135 {
		t.Fatalf("%d cards listed, want 135", len(rows))
	}
	seen := map[int]bool{}
	for _, r := range rows {
		if seen[r.Number] {
			t.Fatalf("#%d listed twice", r.Number)
		}
		seen[r.Number] = true
		c := mustCard(r.Number)
		if r.Name != Cards[c].Name || r.CP != Cards[c].CP || r.Type != typeNames[Cards[c].Type] {
			t.Errorf("#%d: %+v does not match the card data", r.Number, r)
		}
		registered := eventDefs[r.Number] != nil || respDefs[r.Number] != nil || otherUses[r.Number] != 0 || dipDefs[r.Number] != nil
		if r.Done && !registered {
			t.Errorf("#%d %s claims to be built with nothing registered", r.Number, r.Name)
		}
	}
	for _, want := range []struct {
		n    int
		done bool
		uses []string
	}{
		{31, true, []string{"window"}},
		{33, true, []string{"impulse", "window"}},
		{1, true, []string{"impulse", "window"}},
		{7, true, []string{"impulse", "debate"}},
		{8, true, []string{"phase"}},
		{201, true, []string{"diplomacy"}},
	} {
		r := rows[slices.IndexFunc(rows, func(r CardRow) bool { return r.Number == want.n })]
		if r.Done != want.done || !slices.Equal(r.Uses, want.uses) {
			t.Errorf("#%d: done %v uses %v, want %v %v", want.n, r.Done, r.Uses, want.done, want.uses)
		}
	}
}

// A card played in a window counts as played as an event this turn: it is
// not offered again, and the Protestant may not retrieve it.
func TestWindowPlayIsAnEvent(t *testing.T) {
	paris := sp(t, "paris")
	s := landState(t, France, 3)
	s.Spaces[paris].Units[France].Reg = 3
	give(s, Protestant, nFoulWeather)
	s.League = true
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	answer(t, s, windowKinds[winMove], Protestant, "31")
	if !s.eventedBy(Protestant, mustCard(nFoulWeather)) || !cardIn(s.Discard, mustCard(nFoulWeather)) {
		t.Fatal("Foul Weather is on the discard pile, played as an event by the Protestant")
	}
	if slices.Contains(s.retrievable(Protestant), mustCard(nFoulWeather)) {
		t.Fatal("the Protestant may not retrieve a card it played as an event this turn")
	}
}

// checkCardsAndUnits checks a state's invariants that card play could
// break: no card in two places (deck, discard pile, out of the game, a
// hand), and no unit count wrapped below zero.
func checkCardsAndUnits(s *State) string {
	seen := map[uint8]string{}
	check := func(where string, l []uint8) string {
		for _, c := range l {
			if w, dup := seen[c]; dup {
				return fmt.Sprintf("#%d %s is in %s and in %s", Cards[c].Number, Cards[c].Name, w, where)
			}
			seen[c] = where
		}
		return ""
	}
	if m := check("the deck", s.Deck); m != "" {
		return m
	}
	if m := check("the discard pile", s.Discard); m != "" {
		return m
	}
	if m := check("the removed cards", s.Gone); m != "" {
		return m
	}
	for p := range s.Powers {
		if m := check(Power(p).String()+"'s hand", s.Powers[p].Hand); m != "" {
			return m
		}
	}
	for i, w := range foreignWars {
		if s.Foreign[i].On {
			if where, ok := seen[uint8(mustCard(w.card))]; ok {
				return fmt.Sprintf("the foreign war card #%d lies by its power and in %s", w.card, where)
			}
		}
	}
	for i := range s.Spaces {
		for q, u := range s.Spaces[i].Units {
			if u.Reg > 200 || u.Merc > 200 || u.Cav > 200 || u.Sq > 200 || u.Cor > 200 {
				return fmt.Sprintf("%s's units in %s wrapped: %+v", Power(q), Spaces[i].Name, u)
			}
		}
	}
	for i := range s.Seas {
		for q, u := range s.Seas[i].Units {
			if u.Sq > 200 || u.Cor > 200 {
				return fmt.Sprintf("%s's ships in %s wrapped: %+v", Power(q), Seas[i].Name, u)
			}
		}
	}
	return ""
}

// Random games with every card's event keep the cards and units sound at
// every step.
func TestRandomGameCardInvariants(t *testing.T) {
	seeds := []uint64{2, 5, 8}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		rec, _, err := RandomGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		_, err = game.Replay(Rules{}, rec, func(step int, st game.State) {
			if m := checkCardsAndUnits(st.(*State)); m != "" {
				t.Fatalf("seed %d step %d: %s", seed, step, m)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// The option responses=holders reaches the state; a bad value is refused.
func TestResponsesOption(t *testing.T) {
	st, err := (Rules{}).Setup(game.Config{Options: map[string]string{"responses": "holders"}}, 1)
	if err != nil || !st.(*State).Holders {
		t.Fatalf("responses=holders: %v", err)
	}
	st, err = (Rules{}).Setup(game.Config{}, 1)
	if err != nil || st.(*State).Holders {
		t.Fatal("the default asks every seat that could hold a card")
	}
	if _, err := (Rules{}).Setup(game.Config{Options: map[string]string{"responses": "some"}}, 1); err == nil {
		t.Fatal("responses=some is refused")
	}
}

// The view shows the window in progress, the foreign wars and the lasting
// effects with ids and card names, never indices.
func TestCardViews(t *testing.T) {
	paris := sp(t, "paris")
	s := landState(t, France, 3)
	s.Spaces[paris].Units[France].Reg = 3
	give(s, Hapsburg, nGout)
	s.Foreign[0] = ForeignWar{On: true, Units: Units{Reg: 3}, Leaders: []int{leader(t, "ibrahim_pasha")}, Rebels: 2}
	s.Forts = []int{int(sp(t, "st_dizier"))}
	answer(t, s, kAction, France, "move", "paris", "none", "st_dizier", "1:0:0")
	b, err := json.Marshal((Rules{}).View(s, "france"))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Window      WindowView                `json:"window"`
		ForeignWars map[string]ForeignWarView `json:"foreign_wars"`
		CardEffects CardEffectsView           `json:"card_effects"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.Window.Kind != "response.move" || v.Window.Asking != "hapsburg" || v.Window.Space != "st_dizier" || v.Window.Action != "move" {
		t.Fatalf("window: %+v", v.Window)
	}
	if w := v.ForeignWars["egypt"]; w.Power != "ottoman" || len(w.Leaders) != 1 || w.Leaders[0] != "ibrahim_pasha" || w.Rebels != 2 {
		t.Fatalf("foreign war: %+v", w)
	}
	if !slices.Equal(v.CardEffects.Forts, []string{"st_dizier"}) {
		t.Fatalf("fortress markers: %+v", v.CardEffects)
	}
}
