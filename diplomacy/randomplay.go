package diplomacy

import (
	"strings"

	"concordat/game"
)

// RandomActions are seeded random actions for every seat that owes a
// decision now in a game with the order-writing variants (Reverse Gunboat,
// Double Diplomacy, Payola, Anarchy, Intimate): each seat writes random legal orders, as a
// random player of the variant would. Tests and `concordat bench` play
// whole games with it. It returns nil for a game without those variants
// (and an empty list when no seat has anything to write).
//
//   - Reverse Gunboat: every seat writes a random order for every unit of
//     every played power (it does not know which are its own).
//   - Double Diplomacy: the first seat of a power writes random orders; the
//     second writes the same ones, dropping each with probability 1/4, so
//     some units hold for want of matching orders.
//   - Payola: each power orders its own units at random and offers a random
//     part of its treasury for random orders of random units.
//   - Anarchy: in the draft each power lists random free centres (one in
//     four lists none); afterwards every power orders its units at random.
//   - Intimate: each player bids random parts of its treasury for random
//     powers, then orders its own and its controlled powers' units.
//   - Seismic: in the seismic phase each power owing an event picks a
//     random one from its Legal tree (one in four picks none).
//
// Under Fog of War every seat picks from the position it sees (its Legal
// tree), so its orders and offers name only units it can see.
func (gs *GameState) RandomActions(rng *game.RNG) []game.Step {
	pos := gs.Pos
	m := pos.Map
	variant := gs.Seating != nil || gs.Payola != nil || gs.Anarchy != nil || gs.Intimate != nil || gs.Settings.Seismic
	if !variant {
		return nil
	}
	if pos.Winner() != NoPower {
		return []game.Step{}
	}
	if gs.Seismic {
		return gs.randomEvents(rng)
	}
	if gs.Seating == nil && gs.Payola == nil && gs.Anarchy == nil && gs.Intimate == nil {
		return nil // Seismic alone, outside its phase: orders as usual
	}
	legal := NewGenerator(m).Orders(pos, NoPower)
	var steps []game.Step
	ordersStep := func(seat game.Seat, in []OrderIn) {
		texts := make([]string, 0, len(in))
		for _, o := range in {
			texts = append(texts, o.Order.String(m))
		}
		steps = append(steps, game.Step{Seat: seat, Action: game.NewAction("orders", map[string][]string{"orders": texts})})
	}
	switch {
	case gs.Seating != nil && gs.Settings.ReverseGunboat:
		var played []UnitOrders
		for _, uo := range legal {
			if gs.Settings.Played(uo.Power) && !m.Powers[uo.Power].Dummy {
				played = append(played, uo)
			}
		}
		for _, seat := range gs.Seating.Seats {
			if gs.seatOwes(seat) {
				ordersStep(seat, RandomOrders(played, rng, nil))
			}
		}
	case gs.Seating != nil:
		for _, seat := range gs.Seating.Seats {
			if !gs.seatOwes(seat) || seat[len(seat)-1] != 'a' {
				continue
			}
			pw := gs.Seating.Power[seat]
			var own []UnitOrders
			seen := legal
			if gs.Settings.Fog {
				seen = gs.legalSeen(gs.vision(pw)) // the power's orders as its fog lets it see them
			}
			for _, uo := range seen {
				if uo.Power == pw {
					own = append(own, uo)
				}
			}
			a := RandomOrders(own, rng, nil)
			var b []OrderIn
			for _, o := range a {
				if rng.Intn(4) != 0 {
					b = append(b, o)
				}
			}
			ordersStep(seat, a)
			ordersStep(seat[:len(seat)-1]+"b", b)
		}
	case gs.Settings.Payola:
		steps = gs.randomPayola(legal, rng)
	case gs.Intimate != nil:
		steps = gs.randomIntimate(legal, rng)
	case gs.Anarchy.drafting():
		steps = gs.randomDraft(rng)
	case gs.Anarchy != nil:
		steps = gs.randomStandard(legal, rng)
	}
	if steps == nil {
		steps = []game.Step{} // nothing to write this phase, but the variant's own play
	}
	return steps
}

// randomEvents are random seismic events, one per power that owes one (one
// in four sends none).
func (gs *GameState) randomEvents(rng *game.RNG) []game.Step {
	steps := []game.Step{}
	owing := gs.seismicOwing()
	opts := gs.seismicOptions()
	for i := range gs.Pos.Map.Powers {
		pw := Power(i)
		if !owing[pw] || rng.Intn(4) == 0 {
			continue
		}
		var words []string
		for cs := opts.Choices; len(cs) > 0; {
			c := cs[rng.Intn(len(cs))]
			words = append(words, c.Value)
			cs = c.Next
		}
		if len(words) == 0 {
			continue
		}
		steps = append(steps, game.Step{Seat: game.Seat(gs.Pos.Map.Powers[i].ID),
			Action: game.NewAction("event", map[string]string{"event": strings.Join(words, " ")})})
	}
	return steps
}
