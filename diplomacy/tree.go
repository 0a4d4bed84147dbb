package diplomacy

import (
	"fmt"

	"concordat/game"
)

// Legal is the tree of the seat's legal orders (kind "orders"). Its
// contract (docs/variants.md, "The legal-order tree"):
//
//   - Every path from a root to a leaf, its values joined by single spaces,
//     is one order exactly as ParseOrder reads it and a submission takes it
//     (Vet and Apply); no value is empty. Orders end at leaves: an inner
//     node is never an order of its own (a hold is "A par H", a support to
//     hold "A par S A mar H").
//   - Movement and retreats: one root per unit, its value the unit ("A par",
//     "F stp/sc"), then "H"; "-" and a destination ("bur", or "bel via
//     Convoy" for an army's convoyed move to a neighbour); "S", the unit
//     supported ("A mar"), then "H" (support to hold) or "-" and a
//     destination; "C", the army ("A lon"), "-" and a destination. In a
//     retreat phase: "R" and a place, or "D".
//   - Adjustments: a root "Build" whose leaves are the unit and place ("A
//     ber", "F stp/nc"), labelled with the builds owed ("build (2 owed)"); a
//     root "Waive" ("waive a build"); or a root "Disband" whose leaves are
//     the units ("disband (1 owed)").
//   - A root for another power than the seat's own (Intimate's controlled
//     powers, every power under Reverse Gunboat) names it in its label
//     ("build for Germany (1 owed)").
//   - Catspaw: the roots of the seat's own units and builds are labelled as
//     above; a root for an extra order (an unplayed power's unit, or an
//     extra build for an unplayed power) has a label beginning "extra (N
//     allowed): ", N being how many extra orders the seat may write this
//     phase (the same on every extra root): "extra (5 allowed): A mun
//     (Germany)", "extra (1 allowed): build for Germany (3 owed)". Extra
//     orders that rule 9 forbids (dislodging, or supporting the dislodging
//     of, the unit's own power) are left out; unplayed powers' retreats and
//     removals take no extra orders and have no root. Under Fog of War an
//     extra build root tells no count owed ("extra (1 allowed): build for
//     Germany"): there is one for each unplayed power, with every place a
//     build for it may be valid as far as the seat can tell
//     (fogExtraBuilds), whatever it is owed.
//   - Payola: in movement, one more root "offer", labelled with the amounts
//     the power may offer; the paths below it, without the "offer", are the
//     orders an "offers" action may name.
//   - Under Fog of War the tree is built on the board the seat sees (its
//     units, and its centres' owners, only where it sees), so that it tells
//     nothing the seat's view hides.
//   - The tree is empty once the game is over, and for a seat that has
//     nothing to order. Other windows have their own kinds: "event"
//     (Seismic), "preferences" (Anarchy), "bids" (Intimate).
func (Rules) Legal(s game.State, seat game.Seat) game.Options {
	gs := state(s)
	if gs.Pos.Winner() != NoPower {
		return game.Options{}
	}
	if gs.Seating != nil {
		return gs.seatLegal(seat)
	}
	pw, ok := gs.Pos.Map.LookupPower(string(seat))
	if !ok || !gs.Settings.Played(pw) {
		return game.Options{}
	}
	if gs.Seismic {
		if !gs.seismicOwing()[pw] {
			return game.Options{}
		}
		return gs.seismicOptions()
	}
	if gs.Anarchy.drafting() {
		return gs.anarchyLegal()
	}
	if gs.Intimate.bidding() {
		return gs.intimateLegal(pw)
	}
	// Catspaw players also order unplayed units; Payola powers offer for
	// any they see; Intimate players order the powers they control. Under
	// Fog of War the tree is built on the position the player sees.
	vis := gs.vision(pw)
	seen := gs.seenPosition(vis)
	quota := gs.extraQuota(pw)
	tree := gs.legalTree(seen, pw, quota, func(owner Power) treeRoot {
		switch {
		case owner == pw || gs.controls(pw, owner):
			return ownRoot
		case quota > 0 && !gs.Settings.Played(owner):
			return extraRoot
		}
		return notInTree
	})
	if vis != nil && quota > 0 && seen.Phase.Type == Adjustment {
		tree.Choices = append(tree.Choices, gs.fogExtraBuilds(pw, seen, vis, quota)...)
	}
	return gs.payolaLegal(pw, seen, tree)
}

// fogExtraBuilds are, under Fog of War, the extra (Catspaw) build roots of
// power pw's seat in an adjustment phase, built on seen (the position as
// the seat sees it, with sight vis) so that they tell nothing the fog
// hides: how many builds an unplayed power is owed, which centres it owns
// out of sight and what stands there. There is one root per unplayed
// power, "extra (N allowed): build for Germany" with no count owed, whose
// leaves are the builds (each unit type the province takes) in every place
// where a build may, as far as the seat can tell, be valid and be an extra
// build for that power: where the seat sees, an empty centre the power
// owns that the map's build rules let it build in; where it does not, a
// home centre of the power's own that those rules would let it build in
// if it owned it. A root with no place is left out. The resolution, which
// sees everything, counts for nothing a build the power is not owed or
// cannot make there (ReasonNoBuilds, ReasonOccupied, ReasonNotOwned …).
func (gs *GameState) fogExtraBuilds(pw Power, seen *Position, vis []bool, quota int) []game.Choice {
	m := seen.Map
	var roots []game.Choice
	owners := make([]Power, len(seen.Owners))
	for i := range m.Powers {
		other := Power(i)
		if other == pw || gs.Settings.Played(other) || gs.controls(pw, other) {
			continue
		}
		for p, o := range seen.Owners {
			owners[p] = o
			if !vis[p] {
				owners[p] = other // as far as the seat knows, it may own it
			}
		}
		root := game.Choice{Value: "Build", Label: fmt.Sprintf("extra (%d allowed): build for %s", quota, m.Powers[other].Name)}
		for p := range m.Provinces {
			h := Province(p)
			if seen.Units[h].Type != NoUnit || m.BuildSiteReason(owners, other, h) != NoReason || seen.buildFor(pw, h) != other {
				continue
			}
			buildOrdersAt(m, h, func(o Order) {
				addPath(&root, []string{o.Unit.String() + " " + m.LocName(o.At)})
			})
		}
		if len(root.Next) > 0 {
			roots = append(roots, root)
		}
	}
	return roots
}

// treeRoot says whether and how a power's units and builds appear in a
// seat's tree.
type treeRoot uint8

const (
	notInTree treeRoot = iota
	ownRoot            // orders the seat writes for the power
	extraRoot          // Catspaw: extra orders for an unplayed power
)

// legalTree is the options tree of the orders for the units and builds in
// pos of the powers kind admits, for a seat whose own power is self
// (NoPower: none, every root names its power); quota is the seat's extra
// (Catspaw) orders this phase.
func (gs *GameState) legalTree(pos *Position, self Power, quota int, kind func(Power) treeRoot) game.Options {
	m := pos.Map
	opts := game.Options{Kind: "orders"}
	rule9 := &Adjudicator{m: m}
	type adjust struct {
		slots  int
		orders []Order
	}
	builds, disbands := map[Power]*adjust{}, map[Power]*adjust{}
	var order []Power // powers in the order their adjustments came
	for _, uo := range NewGenerator(m).Orders(pos, NoPower) {
		k := kind(uo.Power)
		if k == notInTree {
			continue
		}
		if uo.Unit.Type == NoUnit { // a build or disband slot
			if k == extraRoot && gs.Settings.Fog {
				continue // from what the seat cannot see: fogExtraBuilds instead
			}
			list := builds
			if len(uo.Orders) > 0 && uo.Orders[0].Type == DisbandOrder {
				if k == extraRoot {
					continue // an unplayed power's removals are civil disorder's
				}
				list = disbands
			}
			if _, seen := builds[uo.Power]; !seen {
				if _, seen := disbands[uo.Power]; !seen {
					order = append(order, uo.Power)
				}
			}
			if list[uo.Power] == nil {
				list[uo.Power] = &adjust{orders: append([]Order(nil), uo.Orders...)}
			}
			list[uo.Power].slots++
			continue
		}
		if k == extraRoot && pos.Phase.Type != Movement {
			continue // an unplayed power's retreats take no extra orders
		}
		unit := m.unitString(uo.Unit)
		root := game.Choice{Label: unit, Value: unit}
		if k == extraRoot {
			root.Label = fmt.Sprintf("extra (%d allowed): %s (%s)", quota, unit, m.Powers[uo.Power].Name)
		}
		for _, o := range uo.Orders {
			if k == extraRoot && rule9.selfDislodging(pos, uo.Power, o) {
				continue
			}
			addPath(&root, orderSteps(m, o))
		}
		opts.Choices = append(opts.Choices, root)
	}
	for _, pw := range order {
		name := ""
		if pw != self {
			name = " for " + m.Powers[pw].Name
		}
		if b := builds[pw]; b != nil {
			root := game.Choice{Value: "Build", Label: fmt.Sprintf("build%s (%d owed)", name, b.slots)}
			if kind(pw) == extraRoot {
				root.Label = fmt.Sprintf("extra (%d allowed): build%s (%d owed)", quota, name, b.slots)
			}
			for _, o := range b.orders {
				if o.Type == BuildOrder {
					addPath(&root, []string{o.Unit.String() + " " + m.LocName(o.At)})
				}
			}
			opts.Choices = append(opts.Choices, root)
			if kind(pw) != extraRoot {
				opts.Choices = append(opts.Choices, game.Choice{Value: "Waive", Label: "waive a build" + name})
			}
		}
		if d := disbands[pw]; d != nil {
			root := game.Choice{Value: "Disband", Label: fmt.Sprintf("disband%s (%d owed)", name, d.slots)}
			for _, o := range d.orders {
				addPath(&root, []string{o.Unit.String() + " " + m.LocName(o.At)})
			}
			opts.Choices = append(opts.Choices, root)
		}
	}
	return opts
}

// orderSteps are the values of the tree's path for a unit's order o, after
// the unit: "H"; "-", "bur" (or "bel via Convoy"); "S", "A mar", "H" or
// "-", "bur"; "C", "A lon", "-", "bel"; "R", "alb"; "D".
func orderSteps(m *Map, o Order) []string {
	unit := func(t UnitType, l Loc) string { return t.String() + " " + m.LocName(l) }
	switch o.Type {
	case Hold:
		return []string{"H"}
	case Move:
		to := m.LocName(o.To)
		if o.ViaConvoy {
			to += " via Convoy"
		}
		return []string{"-", to}
	case SupportOrder:
		if o.To == NoLoc {
			return []string{"S", unit(o.AuxUnit, o.Aux), "H"}
		}
		return []string{"S", unit(o.AuxUnit, o.Aux), "-", m.LocName(o.To)}
	case ConvoyOrder:
		return []string{"C", unit(o.AuxUnit, o.Aux), "-", m.LocName(o.To)}
	case RetreatOrder:
		return []string{"R", m.LocName(o.To)}
	case DisbandOrder:
		return []string{"D"}
	}
	panic(fmt.Sprintf("diplomacy: no tree steps for a %s order", o.Type))
}

// addPath adds the path words under c, sharing the nodes it has already.
func addPath(c *game.Choice, words []string) {
	if len(words) == 0 {
		return
	}
	for i := range c.Next {
		if c.Next[i].Value == words[0] {
			addPath(&c.Next[i], words[1:])
			return
		}
	}
	c.Next = append(c.Next, game.Choice{Value: words[0]})
	addPath(&c.Next[len(c.Next)-1], words[1:])
}
