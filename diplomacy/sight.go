package diplomacy

import (
	"fmt"

	"concordat/game"
)

// Sight is what the player of one power knows when it decides its orders:
// the position as the seat's view shows it, and the orders it may write.
// It is the whole input of the computer players (package
// diplomacy/botplay), built only from what the seat may see, so that a bot
// cannot read hidden state: under Fog of War the units and the centre
// owners in provinces the power does not see are left out, exactly as
// View leaves them out; other powers' submitted orders are never in it.
type Sight struct {
	Power    Power
	Settings Settings // the edition and the variants (public: part of the game's config)
	// Pos is the position as the power sees it: under Fog of War units,
	// dislodged units and centre owners of provinces it does not see are
	// absent (an unseen centre reads as unowned).
	Pos *Position
	// Own are the legal orders of the power's units (build or disband slots
	// in an adjustment phase), generated on Pos.
	Own []UnitOrders
	// Extra are, under Catspaw in a movement phase, the legal orders of the
	// unplayed powers' units the power sees, for its extra orders; Quota
	// is how many extra orders it may write.
	Extra []UnitOrders
	Quota int

	// The variants' own decisions: only the power's own (its orders,
	// orders ahead, treasury, offers, bids and protection, as its seat
	// wrote or earned them) and what is public (this year's control).
	//
	// Written are the orders the power has written this phase, and
	// HasWritten whether it has written any list (even an empty one).
	Written    []string
	HasWritten bool
	// Due (Crystal Ball) are the orders the power wrote in the last
	// movement window for this one; HasAhead whether it has written its
	// orders ahead for the next movement phase in this window.
	Due      []string
	HasAhead bool
	// Treasury is the power's treasury (Payola, Intimate); Offers its
	// offers this phase (Payola) and Offered whether it has sent any list.
	Treasury int
	Offers   []Offer
	Offered  bool
	// Controlled are the powers the power controls this year (Intimate);
	// Biddable the powers bid for, and Bid whether it has bid this year.
	Controlled []Power
	Biddable   []Power
	Bid        bool
	// Protect is the home centre the power protects from the black hole
	// (its own secret choice), when Protected.
	Protect   Province
	Protected bool
}

// SightOf is what seat knows now in st (a diplomacy state), for a bot.
// It fails for a seat that is not a power of the game, and for the games
// whose seats are not powers one to one (Reverse Gunboat, Double
// Diplomacy).
func SightOf(st game.State, seat game.Seat) (Sight, error) {
	gs := state(st)
	if gs.Seating != nil {
		return Sight{}, fmt.Errorf("diplomacy: seat %q is not a power (Reverse Gunboat or Double Diplomacy)", seat)
	}
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || !gs.Settings.Played(pw) {
		return Sight{}, fmt.Errorf("diplomacy: unknown seat %q", seat)
	}
	vis := gs.vision(pw)
	pos := gs.seenPosition(vis)
	if vis == nil {
		pos = pos.Clone() // the bot's own copy: st stays unchanged
	}
	s := Sight{Power: pw, Settings: gs.Settings, Pos: pos}
	for _, uo := range NewGenerator(m).Orders(pos, NoPower) {
		uo.Orders = append([]Order(nil), uo.Orders...)
		switch {
		case uo.Power == pw || gs.controls(pw, uo.Power):
			s.Own = append(s.Own, uo)
		case gs.Settings.Catspaw && pos.Phase.Type == Movement && !gs.Settings.Played(uo.Power):
			s.Extra = append(s.Extra, uo)
		}
	}
	if pos.Phase.Type == Movement {
		s.Quota = gs.extraQuota(pw)
	}
	s.Written, s.HasWritten = append([]string(nil), gs.Orders[pw]...), gs.Orders[pw] != nil
	s.Due = append([]string(nil), gs.Due[pw]...)
	_, s.HasAhead = gs.Ahead[pw]
	s.Protect, s.Protected = gs.Protect[pw]
	if gs.Payola != nil {
		s.Treasury = gs.Payola.Treasury[pw]
		s.Offers = append([]Offer(nil), gs.Payola.Offers[pw]...)
		_, s.Offered = gs.Payola.Offers[pw]
	}
	if in := gs.Intimate; in != nil {
		s.Treasury = in.Treasury[pw]
		_, s.Bid = in.Bids[pw]
		s.Biddable = gs.biddable()
		for i := range m.Powers {
			if gs.controls(pw, Power(i)) {
				s.Controlled = append(s.Controlled, Power(i))
			}
		}
	}
	return s, nil
}

// SeatSights is what seat knows now in st when its seat is not a power one
// to one, for a bot: under Double Diplomacy the Sight of the seat's power
// (both of its seats see the same); under Reverse Gunboat, where the seat
// does not know its power and may order any unit, one Sight for each
// played power, built on the whole board (Reverse Gunboat does not combine
// with Fog of War, so every seat sees it all), with that power's orders in
// Own. Otherwise it is SightOf's one Sight.
func SeatSights(st game.State, seat game.Seat) ([]Sight, error) {
	gs := state(st)
	if gs.Seating == nil {
		s, err := SightOf(st, seat)
		if err != nil {
			return nil, err
		}
		return []Sight{s}, nil
	}
	seatPw, ok := gs.Seating.Power[seat]
	if !ok {
		return nil, fmt.Errorf("diplomacy: unknown seat %q", seat)
	}
	m := gs.Pos.Map
	if !gs.Settings.ReverseGunboat {
		// Double Diplomacy: the power's sight, as SightOf builds it.
		plain := *gs
		plain.Seating = nil
		s, err := SightOf(&plain, game.Seat(m.Powers[seatPw].ID))
		if err != nil {
			return nil, err
		}
		s.Written, s.HasWritten = append([]string(nil), gs.Seating.Orders[seat]...), gs.Seating.Orders[seat] != nil
		return []Sight{s}, nil
	}
	legal := NewGenerator(m).Orders(gs.Pos, NoPower)
	var out []Sight
	for i, p := range m.Powers {
		pw := Power(i)
		if p.Dummy || !gs.Settings.Played(pw) {
			continue
		}
		s := Sight{Power: pw, Settings: gs.Settings, Pos: gs.Pos.Clone()}
		for _, uo := range legal {
			if uo.Power == pw {
				uo.Orders = append([]Order(nil), uo.Orders...)
				s.Own = append(s.Own, uo)
			}
		}
		s.Written, s.HasWritten = append([]string(nil), gs.Seating.Orders[seat]...), gs.Seating.Orders[seat] != nil
		out = append(out, s)
	}
	return out, nil
}
