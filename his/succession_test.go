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

// The pregnancy chart (§21.3, ruling E1): d6, +1 for Jane Seymour (a 7 is
// read as 6); a result that already occurred moves up the printed chart —
// whose higher results are upward (6 at the top, 1 at the bottom) — to the
// first result that has not; past the top the marriage has no effect.
// Then the wife's benefit: Anne Boleyn the Catherine of Aragon marker and
// the English Reformation next turn; Anne of Cleves a card each to England
// and an allied Protestant; Kathryn Howard a card to England.
func TestPregnancyChart(t *testing.T) {
	for _, c := range []struct {
		name       string
		marital    uint8 // before the advance
		used       uint8
		die        int
		want       uint8 // pregnancy bits after
		flirt      bool
		protAllied bool
		engDraws   int
		protDraws  int
	}{
		{"Anne Boleyn, a fresh 2", 1, 0, 2, 1 << 2, false, false, 0, 0},
		{"3 is the flirtatious wife", 1, 0, 3, 1 << 3, true, false, 0, 0},
		{"a used 2 moves up to 4 past a used 3", 1, 1<<2 | 1<<3, 2, 1<<2 | 1<<3 | 1<<4, false, false, 0, 0},
		{"Jane Seymour: 5 + 1 = 6", 2, 0, 5, 1 << 6, false, false, 0, 0},
		{"Jane Seymour: 6 + 1 = 7 is read as 6", 2, 0, 6, 1 << 6, false, false, 0, 0},
		{"Jane Seymour: a used 5 moves up to 6", 2, 1 << 5, 4, 1<<5 | 1<<6, false, false, 0, 0},
		{"a used 6 is past the top: no effect", 3, 1 << 6, 6, 1 << 6, false, false, 0, 0},
		{"a used 5 and 6 is past the top: no effect", 3, 1<<5 | 1<<6, 5, 1<<5 | 1<<6, false, false, 0, 0},
		{"Anne of Cleves, Protestant allied: a card each", 3, 0, 1, 1 << 1, false, true, 1, 1},
		{"Anne of Cleves, not allied: no cards", 3, 0, 1, 1 << 1, false, false, 0, 0},
		{"Kathryn Howard: England draws", 4, 0, 1, 1 << 1, false, true, 1, 0},
		{"Katherine Parr rolls too, no benefit", 5, 1<<1 | 1<<2 | 1<<3 | 1<<4, 1, 1<<1 | 1<<2 | 1<<3 | 1<<4 | 1<<5, false, true, 0, 0},
	} {
		s := NewState1517(Ed500, 1)
		s.Turn = 3
		s.Marital, s.Pregnancy = c.marital, c.used
		s.Powers[England].Hand, s.Powers[Protestant].Hand = nil, nil
		s.setAlly(England, Protestant, c.protAllied)
		s.Script = []int{c.die}
		s.advanceMarital()
		if s.Marital != c.marital+1 || s.Pregnancy != c.want || s.Flirt != c.flirt {
			t.Errorf("%s: marital %d, pregnancy %07b (want %07b), flirt %v", c.name, s.Marital, s.Pregnancy, c.want, s.Flirt)
		}
		if len(s.Powers[England].Hand) != c.engDraws || len(s.Powers[Protestant].Hand) != c.protDraws {
			t.Errorf("%s: England drew %d (want %d), Protestant %d (want %d)", c.name, len(s.Powers[England].Hand), c.engDraws, len(s.Powers[Protestant].Hand), c.protDraws)
		}
		if boleyn := c.marital == 1; s.Catherine != boleyn || (s.AnneTurn == 3) != boleyn {
			t.Errorf("%s: Catherine of Aragon marker %v, Anne Boleyn turn %d", c.name, s.Catherine, s.AnneTurn)
		}
	}
}
