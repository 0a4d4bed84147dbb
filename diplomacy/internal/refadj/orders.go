package refadj

import "concordat/diplomacy"

// What a unit does in a movement phase, once its order is read.
type act uint8

const (
	holds    act = iota // hold, or no valid order
	moves               // move (over land, by convoy, by canal or railroad)
	supports            // support to hold or to move
	convoys             // convoy
	permits             // gives a canal's permission (and holds)
)

// unit is one unit of the board with its order.
type unit struct {
	at    Province
	u     diplomacy.Unit
	order int // index of its order, -1 when it has none that counts
	act   act

	// moves: where to, and how.
	to       Province
	toLoc    Loc  // the exact destination (a fleet's coast)
	askVia   bool // the order says "via convoy"
	byConvoy bool // decided: it travels by convoy
	border   diplomacy.BorderKind
	rail     bool
	canal    bool

	// supports, convoys, permits: the other unit and where it goes (its
	// own province for a support to hold).
	other   Province
	target  Province
	coast   Loc  // a support's destination as written (its coast matters for fleets)
	forHold bool // a support to hold
}

// movementPhase is one movement phase being adjudicated.
type movementPhase struct {
	b     board
	ed    diplomacy.Edition
	opt   Options
	pos   *diplomacy.Position
	units map[Province]*unit
	list  []*unit // the units in province order
	out   []diplomacy.Result

	moveOK    map[Province]tri // by the mover's province
	supportOK map[Province]tri // by the supporter's province
	disrupted map[Province]bool
}

// unitAt is the unit in p, or nil.
func (ph *movementPhase) unitAt(p Province) *unit { return ph.units[p] }

// validate reads every order in turn, recording the valid ones; the first
// valid order of a unit counts, later ones are invalid.
func (ph *movementPhase) validate(orders []diplomacy.OrderIn) {
	railUsed := map[Power]bool{}
	for i, in := range orders {
		ph.out[i] = ph.validateOne(i, in, railUsed)
	}
}

func (ph *movementPhase) validateOne(i int, in diplomacy.OrderIn, railUsed map[Power]bool) diplomacy.Result {
	b := ph.b
	m := b.m
	o := in.Order
	switch o.Type {
	case diplomacy.Hold, diplomacy.Move, diplomacy.SupportOrder, diplomacy.ConvoyOrder:
	default:
		return diplomacy.Invalid
	}
	if !validLoc(m, o.At) {
		return diplomacy.Invalid
	}
	u := ph.unitAt(b.prov(o.At))
	switch {
	case u == nil, u.u.Power != in.Power, o.Unit != diplomacy.NoUnit && o.Unit != u.u.Type, u.order >= 0:
		return diplomacy.Invalid
	}
	season := ph.pos.Phase.Season
	switch o.Type {
	case diplomacy.Hold:
		u.order, u.act = i, holds
		return diplomacy.Succeeds

	case diplomacy.Move:
		if !validLoc(m, o.To) {
			return diplomacy.Invalid
		}
		q := b.prov(o.To)
		if q == u.at || !b.open(q, season) {
			return diplomacy.Invalid
		}
		dest, plain := b.moveDestination(u.u, o.To)
		mv := unit{to: q, toLoc: dest, askVia: o.ViaConvoy}
		switch {
		case plain:
			mv.border = b.borderKind(u.u.Type, u.at, q)
		case dest != diplomacy.NoLoc:
			return diplomacy.Invalid // a fleet's coast that is wrong, or not said where it must be
		default:
			if _, ok := b.canal(u.u.Type, u.at, q); ok {
				mv.canal, mv.toLoc = true, Loc(q)
			} else if b.railroad(ph.pos, u.u.Power, u.u.Type, u.at, q) {
				if railUsed[u.u.Power] {
					u.order = i // a valid order that cannot be carried out: the unit holds
					return diplomacy.Fails
				}
				railUsed[u.u.Power] = true
				mv.rail, mv.toLoc = true, Loc(q)
			} else if u.u.Type == diplomacy.Army && b.convoyable(u.at, q) {
				mv.toLoc = Loc(q) // only by convoy
			} else {
				return diplomacy.Invalid
			}
		}
		u.order, u.act = i, moves
		u.to, u.toLoc, u.askVia, u.border, u.rail, u.canal = mv.to, mv.toLoc, mv.askVia, mv.border, mv.rail, mv.canal
		return diplomacy.Succeeds

	case diplomacy.SupportOrder:
		if !validLoc(m, o.Aux) {
			return diplomacy.Invalid
		}
		s := b.prov(o.Aux)
		other := ph.unitAt(s)
		if s == u.at || other == nil {
			return diplomacy.Invalid
		}
		if o.To == diplomacy.NoLoc { // support to hold
			if !b.reaches(u.u.Type, u.u.Loc, s) || !b.supportsAcross(u.u.Type, u.at, s, season) {
				return diplomacy.Invalid
			}
			u.order, u.act, u.other, u.target, u.forHold = i, supports, s, s, true
			return diplomacy.Succeeds
		}
		if !validLoc(m, o.To) {
			return diplomacy.Invalid
		}
		t := b.prov(o.To)
		if t == s {
			return diplomacy.Invalid
		}
		if c, ok := b.canal(other.u.Type, s, t); ok && c.Via == u.at {
			// The unit at a canal "supporting" the canal move gives its permission.
			u.order, u.act, u.other, u.target = i, permits, s, t
			return diplomacy.Succeeds
		}
		_, byCanal := b.canal(other.u.Type, s, t)
		canGo := b.reaches(other.u.Type, other.u.Loc, t) ||
			other.u.Type == diplomacy.Army && b.convoyable(s, t) &&
				b.seaChain(s, t, func(x Province) bool { return x != u.at }) ||
			byCanal || b.railroad(ph.pos, other.u.Power, other.u.Type, s, t)
		if !canGo || t == u.at {
			return diplomacy.Invalid
		}
		if !b.reaches(u.u.Type, u.u.Loc, t) || !b.supportsAcross(u.u.Type, u.at, t, season) {
			return diplomacy.Invalid
		}
		u.order, u.act, u.other, u.target, u.coast = i, supports, s, t, o.To
		return diplomacy.Succeeds

	case diplomacy.ConvoyOrder:
		if u.u.Type != diplomacy.Fleet || b.kind(u.at) != diplomacy.Sea {
			return diplomacy.Invalid
		}
		if !validLoc(m, o.Aux) || !validLoc(m, o.To) {
			return diplomacy.Invalid
		}
		s, q := b.prov(o.Aux), b.prov(o.To)
		army := ph.unitAt(s)
		if army == nil || army.u.Type != diplomacy.Army || !b.convoyable(s, q) ||
			!b.onConvoyRoute(u.at, s, q, ph.opt.budget()) {
			return diplomacy.Invalid
		}
		u.order, u.act, u.other, u.target = i, convoys, s, q
		return diplomacy.Succeeds
	}
	return diplomacy.Invalid
}

func validLoc(m *diplomacy.Map, l Loc) bool { return l != diplomacy.NoLoc && int(l) < len(m.Locs) }

// moveDestination is where a unit moving to `to` without a convoy
// arrives: plain is true when it can; otherwise dest is NoLoc when the unit
// cannot reach the province at all, and the province when only the coast is
// wrong or unsaid (a fleet that reaches the province but not as written).
func (b board) moveDestination(u diplomacy.Unit, to Loc) (dest Loc, plain bool) {
	q := b.prov(to)
	if u.Type == diplomacy.Army {
		if b.armyMoves(b.prov(u.Loc), q) {
			return Loc(q), true
		}
		return diplomacy.NoLoc, false
	}
	coasts := b.fleetCoastsInto(u.Loc, q)
	switch {
	case len(coasts) == 0:
		return diplomacy.NoLoc, false
	case b.m.Locs[to].Coast != "" || len(b.m.Provinces[q].Coasts) == 0:
		if containsLoc(coasts, to) {
			return to, true
		}
		return Loc(q), false // the wrong coast
	case len(coasts) == 1:
		return coasts[0], true
	}
	return Loc(q), false // several coasts: the order must name one
}

// supportsAcross reports whether a unit of type t in p may support into
// target as the special borders go: target is open this season, and no
// weak or river border lies between.
func (b board) supportsAcross(t diplomacy.UnitType, p, target Province, s diplomacy.Season) bool {
	return b.open(target, s) && b.borderKind(t, p, target) == diplomacy.PlainBorder
}

// decideConvoys settles which army moves go by convoy (the editions differ
// here), then turns a move that needs a convoy no fleets on the board could
// give into no move at all (DATC 6.D.32: the army holds, and may be
// supported to hold).
func (ph *movementPhase) decideConvoys() {
	for _, u := range ph.sorted() {
		if u.act != moves || u.u.Type != diplomacy.Army || u.rail {
			continue
		}
		if !ph.b.armyMoves(u.at, u.to) {
			u.byConvoy = true
			continue
		}
		switch ph.ed {
		case diplomacy.Edition1971:
			// By convoy only to swap places with the unit moving against it
			// (or when the order says so), and only with a convoy ordered.
			d := ph.unitAt(u.to)
			swap := d != nil && d.act == moves && d.to == u.at
			u.byConvoy = (u.askVia || swap) && ph.convoyOrdered(u, false)
		default:
			// By convoy when the order says so, or a fleet of its own power
			// is ordered to convoy it ("intent"); then never over land.
			u.byConvoy = u.askVia || ph.convoyOrdered(u, true)
		}
		if u.byConvoy {
			u.border = diplomacy.PlainBorder // by sea, not across the border
		}
	}
	for _, u := range ph.sorted() {
		if u.act == moves && u.byConvoy && !ph.b.fleetChain(ph.pos, u.at, u.to) {
			u.act, u.byConvoy = holds, false
			ph.out[u.order] = diplomacy.Fails
		}
	}
}

// convoyOrdered reports whether some fleet (of the army's power, when own)
// is validly ordered to convoy the army's move.
func (ph *movementPhase) convoyOrdered(army *unit, own bool) bool {
	for _, f := range ph.units {
		if f.act == convoys && f.other == army.at && f.target == army.to && (!own || f.u.Power == army.u.Power) {
			return true
		}
	}
	return false
}

// voidMismatched first settles canal moves: a permission whose move is not
// ordered is void, and a canal move without its permission is no move at
// all (the fleet holds, and may be supported to hold, as an army with no
// fleet to carry it: DATC 6.D.32). Then supports and convoys whose unit
// does not do what they name fail (the units hold).
func (ph *movementPhase) voidMismatched() {
	for _, u := range ph.sorted() {
		if u.act != permits {
			continue
		}
		if other := ph.unitAt(u.other); other.act != moves || !other.canal || other.to != u.target {
			u.act = holds
			ph.out[u.order] = diplomacy.Fails
		}
	}
	for _, u := range ph.sorted() {
		if u.act != moves || !u.canal {
			continue
		}
		c, _ := ph.b.canal(u.u.Type, u.at, u.to)
		if v := ph.unitAt(c.Via); v == nil || v.act != permits || v.other != u.at {
			u.act, u.canal = holds, false
			ph.out[u.order] = diplomacy.Fails
		}
	}
	for _, u := range ph.sorted() {
		other := ph.unitAt(u.other)
		switch u.act {
		case supports:
			ok := false
			if u.forHold {
				ok = other.act != moves
			} else {
				ok = other.act == moves && other.to == u.target
				if ok && other.u.Type == diplomacy.Fleet && ph.b.m.Locs[u.coast].Coast != "" {
					ok = other.toLoc == u.coast // DATC 6.B.9: a named coast must match
				}
			}
			if !ok {
				u.act = holds
				ph.out[u.order] = diplomacy.Fails
			}
		case convoys:
			if other.act != moves || other.to != u.target {
				u.act = holds
				ph.out[u.order] = diplomacy.Fails
			}
		}
	}
}
