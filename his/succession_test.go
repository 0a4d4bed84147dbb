package his

import "testing"

// The English ruler cards join the deck as §21.3's succession table says.
func TestSuccessionCards(t *testing.T) {
	edward, mary, elizabeth := mustCard(19), mustCard(21), mustCard(23)
	for _, c := range []struct {
		name      string
		turn      int
		pregnancy uint8
		ruler     string
		want      []int
	}{
		{"before Turn 6 nothing", 5, 1 << 5, "Henry VIII", nil},
		{"no heir: Mary I on Turn 6", 6, 1<<1 | 1<<3, "Henry VIII", []int{mary}},
		{"Elizabeth only: Mary I on Turn 6", 6, 1 << 4, "Henry VIII", []int{mary}},
		{"Elizabeth: then Elizabeth I after Mary's accession", 8, 1 << 4, "Mary I", []int{elizabeth}},
		{"no Elizabeth: Mary rules to the end", 8, 1 << 3, "Mary I", nil},
		{"sickly Edward: Edward VI on Turn 6", 6, 1 << 5, "Henry VIII", []int{edward}},
		{"sickly Edward: Mary I after his accession", 7, 1 << 5, "Edward VI", []int{mary}},
		{"sickly Edward and Elizabeth: Elizabeth I after Mary", 8, 1<<5 | 1<<4, "Mary I", []int{elizabeth}},
		{"healthy Edward: Edward VI on Turn 6", 6, 1 << 6, "Henry VIII", []int{edward}},
		{"healthy Edward rules to the end", 7, 1<<6 | 1<<4, "Edward VI", nil},
	} {
		s := NewState1517(Ed500, 1)
		s.Deck = nil
		s.Turn = c.turn
		s.Pregnancy = c.pregnancy
		setRuler(s, England, c.ruler)
		s.addSuccessionCards()
		s.addSuccessionCards() // a card in play is never added twice
		if len(s.Deck) != len(c.want) {
			t.Errorf("%s: deck %v, want %v", c.name, s.Deck, c.want)
			continue
		}
		for i, w := range c.want {
			if int(s.Deck[i]) != w {
				t.Errorf("%s: deck %v, want %v", c.name, s.Deck, c.want)
			}
		}
	}
}

// §21.3 special case: Edward born on Turn 6 or later while the Mary I card
// is already in a hand or the deck — the Mary I card stands for Edward VI
// (playing it makes Edward ruler), so the Edward VI card does not join the
// deck as well.
func TestSuccessionEdwardBornAfterMaryCardEntered(t *testing.T) {
	edward, mary := mustCard(19), mustCard(21)
	for _, where := range []string{"deck", "hand", "discard"} {
		s := NewState1517(Ed500, 1)
		s.Deck = nil
		s.Turn = 7
		setRuler(s, England, "Henry VIII")
		s.Pregnancy = 1<<2 | 1<<5 // sickly Edward born on Turn 6, after Mary I entered
		switch where {
		case "deck":
			s.Deck = []uint8{uint8(mary)}
		case "hand":
			s.Powers[France].Hand = append(s.Powers[France].Hand, uint8(mary))
		case "discard":
			s.Discard = []uint8{uint8(mary)}
		}
		s.addSuccessionCards()
		for _, c := range s.Deck {
			if int(c) == edward {
				t.Errorf("Mary I in the %s: Edward VI must not join the deck too (deck %v)", where, s.Deck)
			}
		}
	}
}
