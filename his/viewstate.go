package his

import (
	"encoding/json"
	"fmt"
	"slices"

	"concordat/game"
)

// A seat's bot view (Rules.BotView; GET /api/games/{id}?view=bot) carries,
// besides the readable parts of its view, "known_state": the
// whole state as the rules encode it (Rules.Marshal), as far as the seat
// may know it — the seat's knowledge in the one form the rules can play
// on, so that a bot outside the server (game.ViewBot) plays exactly the
// decisions the seat owes (StateFromView). What the seat may not see is
// taken out and replaced by a canonical deal:
//
//   - the cards it cannot know — the other card-holding powers' hands but
//     their Home cards (public: everybody knows who holds them), a card
//     another power committed to the Diet of Worms while the Diet is not
//     revealed, the deck, and in the 2-player game the other player's
//     diplomatic hand (but a card it must play, known to both players) and
//     the diplomatic deck — are sorted and dealt again in that order: each
//     other hand's Home (and known) cards first, then its unknown cards,
//     then the deck; a hidden Diet card becomes the first card of its
//     power's dealt hand that may be committed. The deal depends only on
//     which cards are unseen and how many each place holds, which the
//     seat knows (every card that entered the deck is public, and so is
//     every card that left it face up). A hand that the decision the seat
//     owes shows it (handsShown: Spanish Inquisition, Diplomatic Pressure)
//     stays as it is; the cards Lady Jane Grey's player chooses between,
//     which only it has seen, become the last ones of its dealt hand;
//   - of the cards taken from another hand this impulse (ImpulseFx.Fresh)
//     only those now in the seat's hand are kept: only the two hands know
//     which card moved;
//   - the dice generator is reset (its state would tell the dice to come),
//     and scripted dice are dropped.
//
// The seat's own hand and everything public stay as they are.

// knownState is s as seat may know it (see above): a copy, s unchanged.
func (s *State) knownState(seat game.Seat) *State {
	k := s.Clone()
	k.events = nil
	k.Script = nil
	k.RNG = game.NewRNG(0)
	me, err := ParsePower(string(seat))
	if err != nil || me >= NumMajors {
		me = NoPower // an observer, the system: every hand is unseen
	}
	var fresh []int // the cards taken this impulse: only the two hands know which
	for _, c := range k.Imp.Fresh {
		if me != NoPower && slices.Contains(k.Powers[me].Hand, uint8(c)) {
			fresh = append(fresh, c)
		}
	}
	k.Imp.Fresh = fresh
	k.dealUnseen(me)
	return k
}

// dealUnseen deals canonically the cards me cannot see (see knownState).
func (s *State) dealUnseen(me Power) {
	var pool []uint8
	var hidden [NumMajors]bool
	shown, shownTwo := s.handsShown(me)
	for q := Power(0); q < NumMajors; q++ {
		if q == me || !s.playsCards(q) || shown&bit(q) != 0 {
			continue // its own; a non-player's (2-player: public); a hand shown
		}
		hidden[q] = true
		for _, c := range s.Powers[q].Hand {
			if Cards[c].Type != HomeCard {
				pool = append(pool, c)
			}
		}
	}
	pool = append(pool, s.Deck...)
	slices.Sort(pool)
	k := 0
	for q := Power(0); q < NumMajors; q++ {
		if !hidden[q] {
			continue
		}
		var home []uint8
		for _, c := range s.Powers[q].Hand {
			if Cards[c].Type == HomeCard {
				home = append(home, c)
			}
		}
		slices.Sort(home)
		n := len(s.Powers[q].Hand) - len(home)
		s.Powers[q].Hand = append(home, pool[k:k+n]...)
		k += n
	}
	s.Deck = append(s.Deck[:0], pool[k:]...)
	if d := s.Diet; d != nil && s.revealedDiet() != d {
		for i, q := range dietPowers {
			if d.Cards[i] >= 0 && hidden[q] {
				d.Cards[i] = dietGuess(s.Powers[q].Hand)
			}
		}
	}
	for i := range s.CardProcs {
		// Lady Jane Grey: the two cards the player chooses between, in its
		// hand (one from England's, one from the deck) are its own secret.
		if c := &s.CardProcs[i]; c.Card == 59 && c.Player != me && hidden[c.Player] {
			h, n := s.Powers[c.Player].Hand, len(c.Ints)
			c.Ints = nil
			for j := len(h) - 1; j >= 0 && len(c.Ints) < n; j-- {
				c.Ints = append(c.Ints, int(h[j]))
			}
		}
	}
	if s.Two != nil {
		s.dealUnseenTwo(me, shownTwo)
	}
}

// handsShown are the hands (bit q: q's hand; shownTwo bit q: q's
// diplomatic hand) the decision me owes now shows it, whose cards are its
// options: Spanish Inquisition (#58) the English and Protestant hands to
// the Hapsburgs, and in the 2-player game Diplomatic Pressure (#205) the
// opponent's diplomatic cards and Spanish Inquisition (#219) the
// Protestant's to the Papacy.
func (s *State) handsShown(me Power) (shown, shownTwo uint16) {
	d, ok := s.top()
	c := s.cardProc()
	if !ok || c == nil || me == NoPower || s.seatOf(d.Power) != me {
		return 0, 0
	}
	switch {
	case d.Kind == kCardDiscard && c.Card == 58:
		shown = bit(England) | bit(Protestant)
	case d.Kind == kCardOption && c.Card == 205 && s.Two != nil:
		shownTwo = bit(opponent(me))
	case d.Kind == kCardOption && c.Card == 219 && s.Two != nil:
		shownTwo = bit(Protestant)
	}
	return shown, shownTwo
}

// dietGuess is the card of a hand standing for a hidden Diet commitment:
// the first that may be committed (a Mandatory Event may not).
func dietGuess(h []uint8) int {
	for _, c := range h {
		if Cards[c].Type != MandatoryCard {
			return int(c)
		}
	}
	if len(h) > 0 {
		return int(h[0])
	}
	return -2
}

// dealUnseenTwo deals canonically the 2-player diplomatic cards me cannot
// see: the other player's hand but the card it must play, and the
// diplomatic deck.
func (s *State) dealUnseenTwo(me Power, shown uint16) {
	t := s.Two
	var pool []uint8
	for _, q := range []Power{Papacy, Protestant} {
		if q == me || shown&bit(q) != 0 {
			continue
		}
		i := twoIdx(q)
		for _, c := range t.Hands[i] {
			if int(c) != t.Must[i]-1 {
				pool = append(pool, c)
			}
		}
	}
	pool = append(pool, t.Deck...)
	slices.Sort(pool)
	k := 0
	for _, q := range []Power{Papacy, Protestant} {
		if q == me || shown&bit(q) != 0 {
			continue
		}
		i := twoIdx(q)
		var known []uint8
		for _, c := range t.Hands[i] {
			if int(c) == t.Must[i]-1 {
				known = append(known, c)
			}
		}
		n := len(t.Hands[i]) - len(known)
		t.Hands[i] = append(known, pool[k:k+n]...)
		k += n
	}
	t.Deck = append(t.Deck[:0], pool[k:]...)
}

// StateFromView rebuilds a playable state from seat's bot view (the JSON
// of BotView(s, seat), as the API serves it to GET
// /api/games/{id}?view=bot): the view's "known_state" — the public
// state, seat's own hand, the cards seat cannot know in a canonical deal
// (see knownState) — with a dice generator seeded from rng. View and Legal of the rebuilt state for seat are the real state's;
// the other seats' are not (their hands are a guess). It returns an error
// when the view is not a Here I Stand view of seat.
func StateFromView(view json.RawMessage, seat game.Seat, rng *game.RNG) (*State, error) {
	var v struct {
		Seat  string `json:"seat"`
		Known *State `json:"known_state"`
	}
	if err := json.Unmarshal(view, &v); err != nil {
		return nil, fmt.Errorf("his: the view of %s: %w", seat, err)
	}
	switch {
	case v.Seat != string(seat):
		return nil, fmt.Errorf("his: the view is %q's, not %s's", v.Seat, seat)
	case v.Known == nil:
		return nil, fmt.Errorf("his: the view of %s has no known_state (a bot's view has it: GET /api/games/{id}?view=bot, Rules.BotView)", seat)
	case len(v.Known.Leaders) != len(Leaders) || len(v.Known.Debaters) != len(Debaters):
		return nil, fmt.Errorf("his: the view's known_state has %d leaders and %d debaters, want %d and %d",
			len(v.Known.Leaders), len(v.Known.Debaters), len(Leaders), len(Debaters))
	}
	s := v.Known
	s.RNG = game.NewRNG(rng.Uint64())
	return s, nil
}
