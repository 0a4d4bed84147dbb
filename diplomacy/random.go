package diplomacy

import "concordat/game"

// Step adjudicates the phase pos is in, whatever its type, and changes pos
// into the position after it.
func (a *Adjudicator) Step(pos *Position, orders []OrderIn, out []Outcome) {
	switch pos.Phase.Type {
	case Movement:
		a.Movement(pos, orders, out)
	case Retreat:
		a.Retreats(pos, orders, out)
	case Adjustment:
		a.Adjustments(pos, orders, out)
	}
}

// RandomOrders picks one uniformly random legal order for each unit (each
// build or disband slot) in legal, drawing from rng, and appends them to
// buf. In an adjustment phase no province is built on twice and no unit
// disbanded twice.
func RandomOrders(legal []UnitOrders, rng *game.RNG, buf []OrderIn) []OrderIn {
	start := len(buf)
	for _, uo := range legal {
		n := len(uo.Orders)
		if n == 0 {
			continue
		}
		o := uo.Orders[rng.Intn(n)]
		if o.Type == BuildOrder || o.Type == DisbandOrder && uo.Unit.Type == NoUnit {
			// Try again (a few times) rather than repeat a slot's choice.
			for try := 0; try < 8 && taken(buf[start:], uo.Power, o); try++ {
				o = uo.Orders[rng.Intn(n)]
			}
			if taken(buf[start:], uo.Power, o) {
				continue
			}
		}
		buf = append(buf, OrderIn{Power: uo.Power, Order: o})
	}
	return buf
}

func taken(chosen []OrderIn, pw Power, o Order) bool {
	for _, c := range chosen {
		if c.Power == pw && c.Order.Type == o.Type && o.At != NoLoc && c.Order.At == o.At {
			return true
		}
	}
	return false
}
