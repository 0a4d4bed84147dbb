package his

import (
	"strings"
	"testing"

	"concordat/game"
)

// Every kind of deal item reads as a sentence, with the powers, spaces and
// leaders by name (§9: peace, alliances, loans of squadrons, releases of
// captured leaders, cessions, cards, mercenaries, the divorce, an
// excommunication lifted).
func TestDealWords(t *testing.T) {
	cases := []struct {
		it   Item
		want string
	}{
		{Item{Type: "peace", A: "france", B: "papacy"}, "peace between France and the Papacy"},
		{Item{Type: "alliance", A: "hapsburg", B: "england"}, "an alliance of the Hapsburgs and England"},
		{Item{Type: "loan", From: "hapsburg", To: "papacy", Space: "naples", N: 2, Leader: "andrea_doria"}, "the Hapsburgs lend the Papacy 2 squadrons in Naples with Andrea Doria"},
		{Item{Type: "release", From: "france", Leader: "charles_v", Dest: "valladolid"}, "France releases Charles V to Valladolid"},
		{Item{Type: "cede", From: "france", To: "england", Space: "boulogne"}, "France cedes Boulogne to England"},
		{Item{Type: "cards", From: "hapsburg", To: "protestant", N: 1}, "the Protestant draws 1 random card from the Hapsburgs' hand"},
		{Item{Type: "cards", From: "england", To: "france", N: 2}, "France draws 2 random cards from England's hand"},
		{Item{Type: "cards", From: "papacy", To: "hapsburg", N: 1}, "the Hapsburgs draw 1 random card from the Papacy's hand"},
		{Item{Type: "mercs", From: "hapsburg", To: "france", Take: map[string]int{"milan": 2, "genoa": 1}, Dest: "paris"}, "3 of the Hapsburgs' mercenaries join France in Paris (1 from Genoa, 2 from Milan)"},
		{Item{Type: "divorce"}, "the Papacy grants Henry VIII's divorce"},
		{Item{Type: "rescind", Power: "england"}, "the Papacy lifts the excommunication of England's ruler"},
	}
	for _, c := range cases {
		if got := (&Deal{Items: []Item{c.it}}).Words(); got != c.want {
			t.Errorf("%s: %q, want %q", c.it.Type, got, c.want)
		}
	}
	if got := (&Deal{Items: peaceAndAlliance("france", "papacy")}).Words(); got != "an alliance of France and the Papacy; peace between France and the Papacy" {
		t.Errorf("two items: %q", got)
	}
}

// The log says in words who announced what and when it took effect, and
// the confirmation asks about the deal in words.
func TestDealLoggedInWords(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	_, evs, err := (Rules{}).Apply(s, "france", game.NewAction(kAnnounce, Deal{Items: peaceAndAlliance("france", "papacy")}))
	if err != nil {
		t.Fatal(err)
	}
	if !hasExactEvent(evs, "France announces a deal: an alliance of France and the Papacy; peace between France and the Papacy") {
		t.Errorf("announcement events %+v", evs)
	}
	p := (Rules{}).Pending(s)
	if len(p) != 1 || !strings.Contains(p[0].Text, "the deal France announced: an alliance of France and the Papacy") {
		t.Errorf("the confirmation asks %+v", p)
	}
	_, evs, err = (Rules{}).Apply(s, "papacy", game.NewAction(kConfirm, []string{"confirm"}))
	if err != nil {
		t.Fatal(err)
	}
	if !hasExactEvent(evs, "deal takes effect: an alliance of France and the Papacy; peace between France and the Papacy") {
		t.Errorf("confirmation events %+v", evs)
	}
}

// hasExactEvent reports whether an event's text is exactly text.
func hasExactEvent(evs []game.Event, text string) bool {
	for _, e := range evs {
		if e.Text == text {
			return true
		}
	}
	return false
}
