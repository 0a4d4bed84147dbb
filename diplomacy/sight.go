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
	} else {
		for p, o := range pos.Owners {
			if o != NoPower && !vis[p] {
				pos.Owners[p] = NoPower
			}
		}
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
	return s, nil
}
