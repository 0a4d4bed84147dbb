package diplomacy

// OrderIn is one order of one power, as the adjudicator takes it.
type OrderIn struct {
	Power Power
	Order Order
}

// What a unit does in the movement resolver; indexed by its province.
const (
	kNone uint8 = iota // no unit
	kHold              // hold, or an order that was invalid or void
	kMove
	kSupport
	kConvoy
)

// Resolution states of Kruijswijk's guess algorithm.
const (
	unresolved uint8 = iota
	guessing
	resolved
)

// Adjudicator resolves phases on one map under one edition. It keeps its
// scratch space between calls, so that steady-state adjudication allocates
// nothing; it is not safe for concurrent use (use one per goroutine).
type Adjudicator struct {
	m  *Map
	ed Edition

	// Per province, for the unit standing there.
	kind    []uint8
	power   []Power
	utype   []UnitType
	dst     []Province // move: destination; support/convoy: where the other unit goes
	src     []Province // support/convoy: the other unit's province
	toLoc   []Loc      // move: destination with coast
	via     []bool     // move by convoy
	noPath  []bool     // convoy disrupted by the Szykman rule
	state   []uint8
	res     []bool
	order   []int32 // index of the governing input order, -1 for none
	supHead []int32 // first supporter (province) of the unit here, -1 none
	supNext []int32 // next supporter after this supporter
	inHead  []int32 // first mover into this province
	inNext  []int32 // next mover into the same province after this mover
	deps    []Province
	active  []Province // provinces with a unit, in index order

	// Special borders (borders.go), used only when special is set: per
	// province, what the unit's order does across a special border (mv*),
	// and the powers that used a railroad this turn.
	special  bool
	bk       []uint8
	railUsed [4]uint64

	// Adjustment scratch.
	dist  []int32
	queue []Province

	// The units the last movement phase disbanded for want of a retreat.
	disbanded []Unit
}

// NewAdjudicator returns an adjudicator for map m under edition ed.
func NewAdjudicator(m *Map, ed Edition) *Adjudicator {
	n := len(m.Provinces)
	a := &Adjudicator{m: m, ed: ed, special: m.special,
		kind: make([]uint8, n), power: make([]Power, n), utype: make([]UnitType, n),
		dst: make([]Province, n), src: make([]Province, n), toLoc: make([]Loc, n),
		via: make([]bool, n), noPath: make([]bool, n), state: make([]uint8, n), res: make([]bool, n),
		order: make([]int32, n), supHead: make([]int32, n), supNext: make([]int32, n),
		inHead: make([]int32, n), inNext: make([]int32, n),
		deps: make([]Province, 0, n), active: make([]Province, 0, n),
		dist: make([]int32, n), queue: make([]Province, 0, n)}
	if m.special {
		a.bk = make([]uint8, n)
	}
	return a
}

// Map is the adjudicator's map.
func (a *Adjudicator) Map() *Map { return a.m }

// Edition is the adjudicator's rules edition.
func (a *Adjudicator) Edition() Edition { return a.ed }

// Movement adjudicates a movement phase: it validates orders, resolves
// them, and changes pos in place into the position after the phase (units
// moved; dislodged units listed with their retreats; the next phase). out
// must have room for one Outcome per order; out[i] is the fate of orders[i].
// Units without a valid order hold.
func (a *Adjudicator) Movement(pos *Position, orders []OrderIn, out []Outcome) {
	a.loadUnits(pos)
	for i := range orders {
		out[i] = a.validateMovement(pos, orders[i], int32(i))
	}
	a.decideConvoys(orders, out)
	a.voidMismatched(orders, out)
	if a.special {
		a.settleCanals(out)
	}
	a.link()
	for _, p := range a.active {
		a.resolve(p)
	}
	a.report(orders, out)
	if a.special {
		a.reportFrozen(pos, out)
	}
	a.apply(pos)
}

// loadUnits fills the per-province tables from the board; every unit holds.
func (a *Adjudicator) loadUnits(pos *Position) {
	a.active = a.active[:0]
	if a.special {
		clear(a.bk)
		a.railUsed = [4]uint64{}
	}
	for i, u := range pos.Units {
		p := Province(i)
		a.order[i] = -1
		a.supHead[i], a.inHead[i] = -1, -1
		a.state[i], a.res[i], a.via[i], a.noPath[i] = unresolved, false, false, false
		if u.Type == NoUnit {
			a.kind[i] = kNone
			continue
		}
		a.kind[i], a.power[i], a.utype[i] = kHold, u.Power, u.Type
		a.dst[i], a.src[i], a.toLoc[i] = p, p, NoLoc
		a.active = append(a.active, p)
	}
}

func invalid(r Reason, t UnitType, at, to Loc) Outcome {
	return Outcome{Result: Invalid, Reason: r, Unit: t, At: at, To: to}
}

// checkUnit finds the unit an order is for and checks its owner and type.
func (a *Adjudicator) checkUnit(pos *Position, in OrderIn) (Province, Outcome, bool) {
	o := in.Order
	if o.At == NoLoc || int(o.At) >= len(a.m.Locs) {
		return 0, invalid(ReasonNoUnit, NoUnit, NoLoc, NoLoc), false
	}
	p := a.m.Prov(o.At)
	u := pos.Units[p]
	if u.Type == NoUnit {
		return p, invalid(ReasonNoUnit, NoUnit, o.At, NoLoc), false
	}
	if u.Power != in.Power {
		return p, invalid(ReasonNotYours, NoUnit, u.Loc, NoLoc), false
	}
	if o.Unit != NoUnit && o.Unit != u.Type {
		return p, invalid(ReasonWrongType, o.Unit, u.Loc, NoLoc), false
	}
	return p, Outcome{}, true
}

// moveTarget checks that a unit of type t at l can move to `to` without a
// convoy and returns the exact destination (a fleet's coast filled in).
func (a *Adjudicator) moveTarget(t UnitType, l, to Loc) (Loc, Reason) {
	m := a.m
	q := m.Prov(to)
	if t == Army {
		if m.ArmyAdjacent(m.Prov(l), q) {
			return Loc(q), NoReason
		}
		return NoLoc, ReasonCannotReach
	}
	coasts := m.Provinces[q].Coasts
	if len(coasts) == 0 || m.Locs[to].Coast != "" {
		if m.FleetAdjacent(l, to) {
			return to, NoReason
		}
		if len(coasts) > 0 && m.FleetReaches(l, q) {
			return NoLoc, ReasonBadCoast
		}
		return NoLoc, ReasonCannotReach
	}
	found, n := NoLoc, 0
	for _, c := range coasts {
		if m.FleetAdjacent(l, c) {
			found, n = c, n+1
		}
	}
	switch n {
	case 0:
		return NoLoc, ReasonCannotReach
	case 1:
		return found, NoReason
	}
	return NoLoc, ReasonNeedCoast
}

// convoyable reports whether an army could ever be convoyed from p to q:
// both are coastal provinces and differ.
func (m *Map) convoyable(p, q Province) bool {
	return p != q && m.Provinces[p].Kind == Coast && m.Provinces[q].Kind == Coast &&
		len(m.seaNeighbours[p]) > 0 && len(m.seaNeighbours[q]) > 0
}

// validateMovement checks one order against the position and, when it is
// valid, records it in the resolver's tables.
func (a *Adjudicator) validateMovement(pos *Position, in OrderIn, idx int32) Outcome {
	m := a.m
	o := in.Order
	switch o.Type {
	case Hold, Move, SupportOrder, ConvoyOrder:
	default:
		return Outcome{Result: Invalid, Reason: ReasonWrongPhase, Detail: "movement"}
	}
	p, bad, ok := a.checkUnit(pos, in)
	if !ok {
		return bad
	}
	u := pos.Units[p]
	if a.order[p] >= 0 {
		return invalid(ReasonAlreadyOrdered, NoUnit, u.Loc, NoLoc)
	}
	switch o.Type {
	case Hold:
	case Move:
		if o.To == NoLoc || int(o.To) >= len(m.Locs) {
			return invalid(ReasonCannotReach, u.Type, u.Loc, NoLoc)
		}
		q := m.Prov(o.To)
		if q == p {
			return invalid(ReasonMoveToSelf, u.Type, u.Loc, o.To)
		}
		dest, why := a.moveTarget(u.Type, u.Loc, o.To)
		if a.special {
			var fails Outcome
			dest, why, fails = a.specialMove(pos, p, q, dest, why)
			switch fails.Result {
			case Invalid:
				return fails
			case Fails: // a valid order that cannot be carried out: the unit holds
				a.order[p] = idx
				return fails
			}
		}
		if why != NoReason {
			if u.Type != Army || !m.convoyable(p, q) {
				return invalid(why, u.Type, u.Loc, o.To)
			}
			dest = Loc(q)
		}
		a.kind[p], a.dst[p], a.toLoc[p] = kMove, q, dest
		// Whether it goes by convoy is decided once every order is in.
		a.via[p] = (o.ViaConvoy || why != NoReason) && !(a.special && a.bk[p] == mvRail)
	case SupportOrder:
		if o.Aux == NoLoc || int(o.Aux) >= len(m.Locs) {
			return invalid(ReasonNoSuchUnit, NoUnit, u.Loc, NoLoc)
		}
		s := m.Prov(o.Aux)
		if s == p {
			return invalid(ReasonSupportSelf, u.Type, u.Loc, NoLoc)
		}
		su := pos.Units[s]
		if su.Type == NoUnit {
			return invalid(ReasonNoSuchUnit, NoUnit, u.Loc, o.Aux)
		}
		target := s
		if o.To != NoLoc {
			if int(o.To) >= len(m.Locs) {
				return invalid(ReasonSupportImpossible, NoUnit, NoLoc, NoLoc)
			}
			target = m.Prov(o.To)
			if target == s {
				return invalid(ReasonMoveToSelf, NoUnit, NoLoc, NoLoc)
			}
			if a.special && a.permits(p, su, s, target) {
				a.bk[p], a.src[p], a.dst[p] = mvPermit, s, target
				break // the unit holds; settleCanals reads the permission
			}
			if !m.Reaches(su.Type, su.Loc, target) &&
				!(su.Type == Army && m.convoyable(s, target) && m.seaRouteAvoiding(s, target, p)) &&
				!(a.special && (m.canalFor(su.Type, s, target) >= 0 || m.railMove(pos, su.Power, su.Type, s, target))) {
				return invalid(ReasonSupportImpossible, NoUnit, NoLoc, Loc(target))
			}
		}
		if target == p {
			return invalid(ReasonSupportSelf, u.Type, u.Loc, NoLoc)
		}
		if !m.Reaches(u.Type, u.Loc, target) || a.special && !a.supportsAcross(pos, u.Type, p, target) {
			return invalid(ReasonSupportCannotReach, u.Type, u.Loc, Loc(target))
		}
		a.kind[p], a.src[p], a.dst[p], a.toLoc[p] = kSupport, s, target, o.To
	case ConvoyOrder:
		if u.Type != Fleet || m.Provinces[p].Kind != Sea {
			return invalid(ReasonConvoyNotAtSea, u.Type, u.Loc, NoLoc)
		}
		if o.Aux == NoLoc || int(o.Aux) >= len(m.Locs) || o.To == NoLoc || int(o.To) >= len(m.Locs) {
			return invalid(ReasonNoSuchUnit, NoUnit, u.Loc, NoLoc)
		}
		s, q := m.Prov(o.Aux), m.Prov(o.To)
		su := pos.Units[s]
		if su.Type == NoUnit {
			return invalid(ReasonNoSuchUnit, NoUnit, u.Loc, o.Aux)
		}
		if su.Type != Army {
			return invalid(ReasonConvoyNotArmy, NoUnit, u.Loc, o.Aux)
		}
		if !m.convoyable(s, q) {
			return invalid(ReasonConvoyImpossible, NoUnit, o.Aux, o.To)
		}
		if !m.OnConvoyRoute(p, s, q) {
			return invalid(ReasonConvoyNoRoute, u.Type, u.Loc, o.To)
		}
		a.kind[p], a.src[p], a.dst[p] = kConvoy, s, q
	}
	a.order[p] = idx
	return Outcome{Result: Succeeds}
}

// voidMismatched turns supports and convoys whose unit does not do what
// they name into holds (they fail); such orders stay valid.
func (a *Adjudicator) voidMismatched(orders []OrderIn, out []Outcome) {
	for _, p := range a.active {
		switch a.kind[p] {
		case kSupport:
			s, t := a.src[p], a.dst[p]
			ok := false
			if t == s {
				ok = a.kind[s] != kMove
			} else {
				ok = a.kind[s] == kMove && a.dst[s] == t
				// A support that names a coast supports a move to that coast
				// only (DATC 6.B.9); one that names none, any coast.
				if l := a.toLoc[p]; ok && a.m.Locs[l].Coast != "" && a.utype[s] == Fleet {
					ok = a.toLoc[s] == l
				}
			}
			if !ok {
				a.kind[p] = kHold
				out[a.order[p]] = Outcome{Result: Fails, Reason: ReasonVoid}
			}
		case kConvoy:
			s := a.src[p]
			if a.kind[s] != kMove || a.dst[s] != a.dst[p] {
				a.kind[p] = kHold
				out[a.order[p]] = Outcome{Result: Fails, Reason: ReasonVoid}
			}
		}
	}
}

// decideConvoys settles, for each army move, whether it travels by convoy.
func (a *Adjudicator) decideConvoys(orders []OrderIn, out []Outcome) {
	for _, p := range a.active {
		if a.kind[p] != kMove || a.utype[p] != Army {
			continue
		}
		d := a.dst[p]
		if a.special && a.bk[p] == mvRail {
			continue // by railroad, never by convoy
		}
		if !a.m.ArmyAdjacent(p, d) {
			a.via[p] = true // the only way there
			continue
		}
		explicit := a.via[p]
		switch a.ed {
		case Edition1971:
			// The convoy is taken only to swap places with the unit moving
			// against this army, and only where convoying fleets are ordered.
			a.via[p] = (explicit || (a.kind[d] == kMove && a.dst[d] == p)) && a.hasConvoyOrder(p, NoPower)
		default:
			a.via[p] = explicit || a.hasConvoyOrder(p, a.power[p])
		}
		if a.special && a.via[p] {
			a.bk[p] = mvPlain // by sea, not across the border
		}
	}
	// A move that needs a convoy when no chain of fleets on the board could
	// give one is no move at all: the army holds and may be supported to
	// hold (DATC 6.D.32; but see 6.D.8, where fleets could convoy).
	for _, p := range a.active {
		if a.kind[p] == kMove && a.via[p] && !a.fleetChainExists(p, a.dst[p]) {
			a.kind[p], a.dst[p], a.via[p] = kHold, p, false
			out[a.order[p]] = Outcome{Result: Fails, Reason: ReasonNoConvoy}
		}
	}
}

// fleetChainExists reports whether fleets stand in a chain of sea provinces
// from coastal province from to coastal province to, whatever their orders.
func (a *Adjudicator) fleetChainExists(from, to Province) bool {
	m := a.m
	var seenBuf [8]uint64
	seen := seenBuf[:]
	if len(m.Provinces) > 8*64 {
		seen = make([]uint64, (len(m.Provinces)+63)/64)
	}
	var queueBuf [64]Province
	queue := queueBuf[:0]
	push := func(f Province) {
		if a.kind[f] != kNone && a.utype[f] == Fleet && !hasBit(seen, int(f)) {
			setBit(seen, int(f))
			queue = append(queue, f)
		}
	}
	for _, f := range m.seaNeighbours[from] {
		push(f)
	}
	for i := 0; i < len(queue); i++ {
		if m.FleetReaches(Loc(queue[i]), to) {
			return true
		}
		for _, g := range m.seaNeighbours[queue[i]] {
			push(g)
		}
	}
	return false
}

// hasConvoyOrder reports whether some fleet (of power pw, or any power for
// NoPower) is ordered to convoy the move from p.
func (a *Adjudicator) hasConvoyOrder(p Province, pw Power) bool {
	for _, f := range a.active {
		if a.kind[f] == kConvoy && a.src[f] == p && a.dst[f] == a.dst[p] && (pw == NoPower || a.power[f] == pw) {
			return true
		}
	}
	return false
}

// link builds the lists of supporters of each unit and of movers into
// each province.
func (a *Adjudicator) link() {
	for i := len(a.active) - 1; i >= 0; i-- {
		p := a.active[i]
		switch a.kind[p] {
		case kSupport:
			s := a.src[p]
			a.supNext[p] = a.supHead[s]
			a.supHead[s] = int32(p)
		case kMove:
			d := a.dst[p]
			a.inNext[p] = a.inHead[d]
			a.inHead[d] = int32(p)
		}
	}
}

// resolve is Kruijswijk's guess-and-check: it returns the decision of the
// order in p (move succeeds / support given / convoying fleet survives),
// guessing where decisions depend on each other in a cycle, and settling
// cycles with two or no consistent answers by the backup rule.
func (a *Adjudicator) resolve(p Province) bool {
	switch a.state[p] {
	case resolved:
		return a.res[p]
	case guessing:
		for _, q := range a.deps {
			if q == p {
				return a.res[p]
			}
		}
		a.deps = append(a.deps, p)
		return a.res[p]
	}
	old := len(a.deps)
	a.res[p], a.state[p] = false, guessing
	first := a.adjudicate(p)
	if len(a.deps) == old {
		if a.state[p] != resolved {
			a.res[p], a.state[p] = first, resolved
		}
		return a.res[p]
	}
	if a.deps[old] != p {
		// Part of a cycle that an earlier order opened: keep guessing.
		a.deps = append(a.deps, p)
		a.res[p] = first
		return first
	}
	for _, q := range a.deps[old:] {
		a.state[q] = unresolved
	}
	a.deps = a.deps[:old]
	a.res[p], a.state[p] = true, guessing
	second := a.adjudicate(p)
	if first == second {
		for _, q := range a.deps[old:] {
			a.state[q] = unresolved
		}
		a.deps = a.deps[:old]
		a.res[p], a.state[p] = first, resolved
		return first
	}
	if len(a.deps) == old || a.deps[old] != p {
		a.deps = append(a.deps, p)
	}
	a.backupRule(old)
	return a.resolve(p)
}

// backupRule settles the cycle a.deps[old:]: a circular movement moves; a
// convoy paradox falls under the Szykman rule (the convoyed armies of the
// paradox do not move and have no effect).
func (a *Adjudicator) backupRule(old int) {
	cycle := a.deps[old:]
	paradox := false
	for _, q := range cycle {
		if a.kind[q] == kConvoy {
			paradox = true
			break
		}
	}
	for _, q := range cycle {
		switch {
		case !paradox && a.kind[q] == kMove:
			a.res[q], a.state[q] = true, resolved
		case paradox && a.kind[q] == kConvoy:
			a.noPath[a.src[q]] = true
			a.state[q] = unresolved
		default:
			if a.state[q] != resolved {
				a.state[q] = unresolved
			}
		}
	}
	a.deps = a.deps[:old]
}

func (a *Adjudicator) adjudicate(p Province) bool {
	switch a.kind[p] {
	case kMove:
		return a.moveSucceeds(p)
	case kSupport:
		return a.supportGiven(p)
	case kConvoy:
		return !a.dislodgedInPlace(p)
	}
	return !a.dislodgedInPlace(p)
}

// dislodgedInPlace reports whether some move into p succeeds (for a unit
// that does not move away).
func (a *Adjudicator) dislodgedInPlace(p Province) bool {
	for r := a.inHead[p]; r >= 0; r = a.inNext[r] {
		if a.resolve(Province(r)) {
			return true
		}
	}
	return false
}

// headToHead reports whether the move from p and the unit at its
// destination move into each other's province over land.
func (a *Adjudicator) headToHead(p Province) bool {
	d := a.dst[p]
	return a.kind[d] == kMove && a.dst[d] == p && !a.via[p] && !a.via[d]
}

func (a *Adjudicator) moveSucceeds(p Province) bool {
	if a.special {
		return a.moveSucceedsSpecial(p)
	}
	if !a.path(p) {
		return false
	}
	atk := a.attackStrength(p)
	if atk == 0 {
		return false
	}
	d := a.dst[p]
	if a.headToHead(p) {
		if atk <= a.supportCount(d, NoPower)+1 {
			return false
		}
	} else if atk <= a.holdStrength(d) {
		return false
	}
	for r := a.inHead[d]; r >= 0; r = a.inNext[r] {
		if Province(r) != p && atk <= a.preventStrength(Province(r)) {
			return false
		}
	}
	return true
}

func (a *Adjudicator) attackStrength(p Province) int {
	if !a.path(p) {
		return 0
	}
	d := a.dst[p]
	if a.kind[d] == kNone || (a.kind[d] == kMove && !a.headToHead(p) && a.resolve(d)) {
		return 1 + a.supportCount(p, NoPower)
	}
	if a.power[d] == a.power[p] {
		return 0
	}
	return 1 + a.supportCount(p, a.power[d])
}

func (a *Adjudicator) preventStrength(r Province) int {
	if !a.path(r) {
		return 0
	}
	d := a.dst[r]
	if a.headToHead(r) && a.resolve(d) {
		return 0
	}
	return 1 + a.supportCount(r, NoPower)
}

func (a *Adjudicator) holdStrength(d Province) int {
	switch a.kind[d] {
	case kNone:
		return 0
	case kMove:
		if a.resolve(d) {
			return 0
		}
		return 1
	}
	return 1 + a.supportCount(d, NoPower)
}

// supportCount counts the supports given to the unit in p, leaving out
// those of power exclude.
func (a *Adjudicator) supportCount(p Province, exclude Power) int {
	n := 0
	for s := a.supHead[p]; s >= 0; s = a.supNext[s] {
		if a.power[s] != exclude && a.resolve(Province(s)) {
			n++
		}
	}
	return n
}

// supportGiven decides the support in s: it is cut by an attack from any
// province but the one it supports into (from a unit of another power,
// arriving: a convoyed attack must have its convoy), and lost when the unit
// in that province dislodges the supporter.
func (a *Adjudicator) supportGiven(s Province) bool {
	target := a.dst[s]
	for r := a.inHead[s]; r >= 0; r = a.inNext[r] {
		rp := Province(r)
		if rp == target || a.power[rp] == a.power[s] {
			continue
		}
		if a.special && (a.bk[rp] == mvRiver || a.bk[rp] == mvRail) {
			// Cuts nothing; but a supporter it dislodges gives no support.
			if a.resolve(rp) {
				return false
			}
			continue
		}
		if a.via[rp] {
			if a.paradoxRuleExempts(rp, s) || !a.path(rp) {
				continue
			}
		}
		return false
	}
	if a.kind[target] == kMove && a.dst[target] == s && a.resolve(target) {
		return false
	}
	return true
}

// paradoxRuleExempts applies the 1971 and 1982 rulebooks' convoy paradox
// rules: a convoyed army (from r) does not cut the support in s when
//   - 1971: s supports an attack on a fleet convoying that army;
//   - 1982: s supports a move into, or the holding of, a province whose
//     fleet convoys an army into s (DATC 6.F.17–6.F.23; as the DATC notes
//     for 6.F.21, this also shields s from other convoyed armies).
func (a *Adjudicator) paradoxRuleExempts(r, s Province) bool {
	t := a.dst[s]
	switch a.ed {
	case Edition1971:
		return a.src[s] != t && a.kind[t] == kConvoy && a.src[t] == r && a.dst[t] == a.dst[r]
	case Edition1982:
		return a.kind[t] == kConvoy && a.dst[t] == s
	}
	return false
}

// convoys reports whether the fleet in f is ordered to convoy the move
// from p (and the order stands).
func (a *Adjudicator) convoys(f, p Province) bool {
	return a.kind[f] == kConvoy && a.src[f] == p && a.dst[f] == a.dst[p]
}

// path decides whether the move from p arrives: always for a move over
// land; for a convoyed move, when a chain of convoying fleets that are not
// dislodged links its origin to its destination (1971: and none of the
// fleets convoying it is dislodged).
func (a *Adjudicator) path(p Province) bool {
	if !a.via[p] {
		return true
	}
	if a.noPath[p] {
		return false
	}
	m := a.m
	d := a.dst[p]
	var seenBuf [8]uint64
	seen := seenBuf[:]
	if len(m.Provinces) > 8*64 {
		seen = make([]uint64, (len(m.Provinces)+63)/64)
	}
	var queueBuf [64]Province
	queue := queueBuf[:0]
	for _, f := range m.seaNeighbours[p] {
		if a.convoys(f, p) && !hasBit(seen, int(f)) {
			setBit(seen, int(f))
			queue = append(queue, f)
		}
	}
	found := false
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		if !a.resolve(f) {
			if a.ed == Edition1971 && m.OnConvoyRoute(f, p, d) {
				return false // 1971: a convoy fails when any of its routes does
			}
			continue
		}
		if m.FleetReaches(Loc(f), d) {
			found = true
			if a.ed != Edition1971 {
				return true
			}
		}
		for _, g := range m.seaNeighbours[f] {
			if a.convoys(g, p) && !hasBit(seen, int(g)) {
				setBit(seen, int(g))
				queue = append(queue, g)
			}
		}
	}
	return found
}

// report fills the outcome of every valid order from the resolution.
func (a *Adjudicator) report(orders []OrderIn, out []Outcome) {
	for _, p := range a.active {
		i := a.order[p]
		if i < 0 || out[i].Result != Succeeds {
			continue
		}
		switch a.kind[p] {
		case kMove:
			if !a.res[p] {
				switch {
				case a.via[p] && a.noPath[p]:
					out[i] = Outcome{Result: Fails, Reason: ReasonParadox}
				case a.via[p] && !a.path(p):
					out[i] = Outcome{Result: Fails, Reason: ReasonNoConvoy}
				default:
					out[i] = Outcome{Result: Fails, Reason: ReasonBounced}
				}
			}
		case kSupport:
			if !a.res[p] {
				out[i] = Outcome{Result: Fails, Reason: ReasonCut}
			}
		default:
			if a.dislodger(p) >= 0 {
				out[i] = Outcome{Result: Fails, Reason: ReasonDislodged}
			}
		}
	}
}

// dislodger is the province of the unit that dislodged the unit in p, or -1.
func (a *Adjudicator) dislodger(p Province) int32 {
	if a.kind[p] == kMove && a.res[p] {
		return -1
	}
	for r := a.inHead[p]; r >= 0; r = a.inNext[r] {
		if a.res[r] {
			return r
		}
	}
	return -1
}

// apply moves the units and lists the dislodged ones with their retreats.
func (a *Adjudicator) apply(pos *Position) {
	m := a.m
	dis := pos.Dislodged[:0]
	for _, p := range a.active {
		r := a.dislodger(p)
		if r < 0 {
			continue
		}
		d := Dislodged{Unit: pos.Units[p], AttackerFrom: Province(r)}
		if len(dis) < cap(dis) {
			d.Retreats = dis[:len(dis)+1][len(dis)].Retreats[:0]
		}
		dis = append(dis, d)
	}
	// Move the units: clear every mover's origin, then place it.
	for _, p := range a.active {
		if a.kind[p] == kMove && a.res[p] {
			pos.Units[p] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	for i := range dis {
		p := m.Prov(dis[i].Loc)
		if a.kind[p] != kMove || !a.res[p] {
			pos.Units[p] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	for _, p := range a.active {
		if a.kind[p] == kMove && a.res[p] {
			pos.Units[a.dst[p]] = Unit{Type: a.utype[p], Power: a.power[p], Loc: a.toLoc[p]}
		}
	}
	if a.special && m.openMask != nil {
		dis = a.freeze(pos, dis)
	}
	for i := range dis {
		dis[i].Retreats = a.retreatsFor(pos, dis[i], dis[i].Retreats)
	}
	pos.Dislodged = dis
	pos.Phase = a.afterMovement(pos)
}

// retreatsFor lists where a dislodged unit may go: where it could move,
// except occupied provinces, provinces left empty by a standoff, and the
// province its attacker came from (unless the attacker came by convoy,
// under the 2000 and 2023 rules).
func (a *Adjudicator) retreatsFor(pos *Position, d Dislodged, buf []Loc) []Loc {
	m := a.m
	out := buf[:0]
	r := d.AttackerFrom
	attackerConvoyed := a.via[r] && (a.ed == Edition2023 || a.ed == Edition2000)
	from := m.Prov(d.Loc)
	add := func(l Loc) {
		q := m.Prov(l)
		if pos.Units[q].Type != NoUnit || (q == r && !attackerConvoyed) || a.contested(q) {
			return
		}
		if a.special && (!m.Open(q, pos.Phase.Season) || m.BorderBetween(d.Type, from, q) == RiverBorder) {
			return
		}
		out = append(out, l)
	}
	if d.Type == Army {
		for _, q := range m.armyAdj[m.Prov(d.Loc)] {
			add(Loc(q))
		}
	} else {
		for _, l := range m.fleetAdj[d.Loc] {
			add(l)
		}
	}
	return out
}

// contested reports whether province q saw a standoff: a move into it
// failed without having lost a head-to-head battle against q's unit.
func (a *Adjudicator) contested(q Province) bool {
	for r := a.inHead[q]; r >= 0; r = a.inNext[r] {
		rp := Province(r)
		if a.res[rp] {
			return false
		}
	}
	for r := a.inHead[q]; r >= 0; r = a.inNext[r] {
		rp := Province(r)
		if !a.path(rp) {
			continue
		}
		if a.headToHead(rp) && a.res[q] {
			continue
		}
		return true
	}
	return false
}
