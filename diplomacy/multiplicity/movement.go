package multiplicity

import (
	"fmt"

	"concordat/diplomacy"
)

// OrderIn is one order of one power.
type OrderIn struct {
	Power diplomacy.Power
	Order Order
}

// Outcome is what became of one order, and why in words for people.
type Outcome struct {
	Result diplomacy.Result
	Reason string
}

func invalid(format string, args ...any) Outcome {
	return Outcome{Result: diplomacy.Invalid, Reason: fmt.Sprintf(format, args...)}
}

func fails(reason string) Outcome { return Outcome{Result: diplomacy.Fails, Reason: reason} }

// force is a move of some parts of one unit into one province. Parts of a
// unit ordered to the same province travel as one force.
type force struct {
	from    diplomacy.Province
	comp    Comp
	to      diplomacy.Province
	toLoc   diplomacy.Loc
	via     bool // by convoy (decided once every order is in)
	askVia  bool // the order said "via convoy"
	merge   bool // from a MERGE or SPLIT: merges with its power's other merging forces
	carried bool // cannot hold its destination alone (armies into a sea): arrives with the merge
	dead    bool // no convoy could carry it: the parts stay
	noPath  bool // disrupted by a convoy paradox (Szykman rule)
	group   int  // combat group; -1 for a carried force
	family  int  // the merge it belongs to (index of its first group)
	orders  []int
}

// group is what fights for a province: one force, or the forces of one
// power merging there (which support each other), with the unit already
// there when it merges too (the occupant).
type group struct {
	power    diplomacy.Power
	dest     diplomacy.Province
	members  []int // forces
	merge    bool
	occupant bool // the power's own unit in dest stays and takes part
	mixed    bool // an A/F merge: no mutual support (rule 3)
	family   int
}

// Support kinds.
const (
	supHold = iota
	supMove
	supMerge
)

type support struct {
	at       diplomacy.Province
	power    diplomacy.Power
	strength int
	kind     int
	src, dst diplomacy.Province
	dstLoc   diplomacy.Loc
	order    int
	void     bool
	force    int // the supported move, once matched
}

type convoy struct {
	at       diplomacy.Province
	src, dst diplomacy.Province
	order    int
	force    int // the convoyed move, -1 when void
	capacity int
}

// Resolution states of the guess-and-check algorithm.
const (
	unresolved uint8 = iota
	guessing
	resolved
)

// resolver adjudicates one movement phase.
type resolver struct {
	m      *diplomacy.Map
	pos    *Position
	orders []OrderIn
	out    []Outcome

	forces   []force
	groups   []group
	supports []support
	convoys  []convoy

	used      []Comp  // by province: parts given an order
	stay      []Comp  // by province: parts not moving
	moves     [][]int // by province: forces out of it
	unitSups  [][]int // by province: its supports in writing order
	holdSups  [][]int // by province: supports for the unit there to hold
	into      [][]int // by province: groups into it
	convoyOf  []int   // by province: its convoy order, or -1
	forcedOut []bool  // by province: its moves fail (an A/F at sea left unseaworthy)
	ordered   [][]int // by province: the orders that command the unit there

	// The dislodged units disbanded at once, none of them able to retreat.
	disbanded []Dislodged

	// Guess-and-check over nodes: groups, then convoys.
	state    []uint8
	res      []bool
	deps     []int
	cutStack []int
	// seq is the order in which each node's evaluation began (resolve);
	// lowSeq the earliest begun of the guesses read by the evaluations in
	// progress.
	seq             []int32
	nextSeq, lowSeq int32
}

// Movement adjudicates a movement phase under the Multiplicity rules: it
// validates the orders, resolves them, and changes pos into the position
// after the phase. out must have room for one Outcome per order. When no
// dislodged unit can retreat, the retreat phase is skipped: the units are
// disbanded at once and, after a Fall, the centres change hands.
func Movement(pos *Position, orders []OrderIn, out []Outcome) {
	movement(pos, orders, out)
}

// movement is Movement; it returns the dislodged units it disbanded at
// once because none of them could retreat (the retreat phase is skipped).
func movement(pos *Position, orders []OrderIn, out []Outcome) []Dislodged {
	var forced []bool
	for {
		r := newResolver(pos, orders, out, forced)
		r.run()
		if bad := r.unseaworthyRemainders(); len(bad) > 0 {
			// Rule 7: if a part of an A/F at sea fails to split and leaves it
			// unseaworthy, every part splitting from it fails. Again, with
			// those moves failing.
			if forced == nil {
				forced = make([]bool, len(pos.Map.Provinces))
			}
			for _, p := range bad {
				forced[p] = true
			}
			continue
		}
		r.report()
		r.apply()
		return r.disbanded
	}
}

func newResolver(pos *Position, orders []OrderIn, out []Outcome, forced []bool) *resolver {
	n := len(pos.Map.Provinces)
	r := &resolver{m: pos.Map, pos: pos, orders: orders, out: out,
		used: make([]Comp, n), stay: make([]Comp, n), moves: make([][]int, n), unitSups: make([][]int, n),
		holdSups: make([][]int, n), into: make([][]int, n), convoyOf: make([]int, n),
		forcedOut: make([]bool, n), ordered: make([][]int, n)}
	if forced != nil {
		copy(r.forcedOut, forced)
	}
	for i := range r.convoyOf {
		r.convoyOf[i] = -1
	}
	return r
}

func (r *resolver) run() {
	for i := range r.orders {
		r.out[i] = r.validate(i)
	}
	for p := range r.pos.Units {
		r.stay[p] = r.pos.Units[p].Comp
	}
	for i := range r.forces {
		r.stay[r.forces[i].from] = r.stay[r.forces[i].from].Minus(r.forces[i].comp)
	}
	r.decideConvoys()
	r.buildGroups()
	r.match()
	n := len(r.groups) + len(r.convoys)
	r.state, r.res, r.seq = make([]uint8, n), make([]bool, n), make([]int32, n)
	for i := 0; i < n; i++ {
		r.resolve(i)
	}
}

// unit is the unit in province p (empty Comp when none).
func (r *resolver) unit(p diplomacy.Province) Unit { return r.pos.Units[p] }

// claim checks that unit u in p has parts c left to order; it reports why
// not.
func (r *resolver) claim(p diplomacy.Province, ref Ref) (Comp, string) {
	u := r.unit(p)
	c := u.Comp
	if ref.Given {
		c = ref.Comp
		if !u.Comp.Contains(c) {
			if c.Strength() == 1 && u.Strength() == 1 {
				return c, "the unit at " + r.m.LocName(u.Loc) + " is not " + map[bool]string{true: "an army", false: "a fleet"}[c.Armies == 1]
			}
			return c, fmt.Sprintf("the unit at %s is %s, not %s", r.m.LocName(u.Loc), u.Comp, c)
		}
	}
	if r.used[p] == u.Comp {
		return c, "the unit at " + r.m.LocName(u.Loc) + " already has an order"
	}
	if !u.Comp.Minus(r.used[p]).Contains(c) {
		return c, fmt.Sprintf("the unit at %s has no %s left to order (%s already ordered)", r.m.LocName(u.Loc), c, r.used[p])
	}
	return c, ""
}

// own finds the unit an order is for and checks that it is the power's.
func (r *resolver) own(in OrderIn, l diplomacy.Loc) (diplomacy.Province, string) {
	m := r.m
	if l == diplomacy.NoLoc || int(l) >= len(m.Locs) {
		return 0, "the order names no unit"
	}
	p := m.Prov(l)
	u := r.unit(p)
	if u.Empty() {
		return p, "there is no unit at " + m.ProvName(p)
	}
	if u.Power != in.Power {
		return p, "the unit at " + m.LocName(u.Loc) + " is not yours"
	}
	if r.convoyOf[p] >= 0 {
		return p, "the unit at " + m.LocName(u.Loc) + " already has an order (it convoys)"
	}
	return p, ""
}

func (r *resolver) validate(i int) Outcome {
	in := r.orders[i]
	o := in.Order
	m := r.m
	switch o.Kind {
	case Hold:
		p, why := r.own(in, o.Unit.At)
		if why != "" {
			return invalid("%s", why)
		}
		if _, why := r.claim(p, o.Unit); why != "" {
			return invalid("%s", why)
		}
		r.ordered[p] = append(r.ordered[p], i)
		return Outcome{}
	case Move:
		p, why := r.own(in, o.Unit.At)
		if why != "" {
			return invalid("%s", why)
		}
		c, why := r.claim(p, o.Unit)
		if why != "" {
			return invalid("%s", why)
		}
		mv, why := r.newForce(p, c, o.To, c != r.unit(p).Comp, o.ViaConvoy)
		if why != "" {
			return invalid("%s", why)
		}
		r.addForce(mv, i)
		return Outcome{}
	case Split:
		p, why := r.own(in, o.Unit.At)
		if why != "" {
			return invalid("%s", why)
		}
		whole, why := r.claim(p, o.Unit)
		if why != "" {
			return invalid("%s", why)
		}
		var total Comp
		var fs []force
		for _, part := range o.Parts {
			if !part.Given {
				return invalid("each part of a split needs its unit")
			}
			total = total.Plus(part.Comp)
			mv, why := r.newForce(p, part.Comp, part.At, true, false)
			if why != "" {
				return invalid("%s", why)
			}
			fs = append(fs, mv)
		}
		if !whole.Contains(total) {
			return invalid("the parts %s are more than the unit at %s (%s)", total, m.ProvName(p), whole)
		}
		if left := r.unit(p).Comp.Minus(total); m.Provinces[p].Kind == diplomacy.Sea && !left.Empty() && !left.Seaworthy() {
			return invalid("the A/F left at %s would not be seaworthy", m.ProvName(p))
		}
		for _, mv := range fs {
			r.addForce(mv, i)
		}
		return Outcome{}
	case Merge:
		if o.To == diplomacy.NoLoc || int(o.To) >= len(m.Locs) {
			return invalid("the merge names no province")
		}
		d := m.Prov(o.To)
		var total Comp
		var fs []force
		var stays []diplomacy.Province
		for _, part := range o.Parts {
			p, why := r.own(in, part.At)
			if why != "" {
				return invalid("%s", why)
			}
			u := r.unit(p)
			if part.Given && part.Comp != u.Comp {
				return invalid("the unit at %s is %s, not %s: only whole units merge (SPLIT moves parts)", m.LocName(u.Loc), u.Comp, part.Comp)
			}
			if !r.used[p].Empty() {
				return invalid("the unit at %s already has an order", m.LocName(u.Loc))
			}
			total = total.Plus(u.Comp)
			if p == d {
				stays = append(stays, p)
				continue
			}
			mv, why := r.newForce(p, u.Comp, o.To, true, false)
			if why != "" {
				return invalid("%s", why)
			}
			fs = append(fs, mv)
		}
		if o.Unit.Given && o.Unit.Comp != total {
			return invalid("the merging units make %s, not %s", total, o.Unit.Comp)
		}
		at := o.To
		if total.Fleets == 0 {
			at = diplomacy.Loc(d)
		} else if len(m.Provinces[d].Coasts) > 0 && m.Locs[at].Coast == "" {
			for _, f := range fs {
				if f.comp.Fleets > 0 {
					at = f.toLoc
				}
			}
			for _, p := range stays {
				at = r.unit(p).Loc
			}
		}
		if err := CanStand(m, total, at); err != nil {
			return invalid("the merged unit: %v", err)
		}
		for _, p := range stays {
			r.used[p] = r.unit(p).Comp
			r.ordered[p] = append(r.ordered[p], i)
		}
		for _, mv := range fs {
			r.addForce(mv, i)
		}
		return Outcome{}
	case Support, SupportMerge:
		return r.validateSupport(i)
	case Convoy:
		return r.validateConvoy(i)
	}
	return invalid("this kind of order is not allowed in a movement phase")
}

// fleetReachesFrom reports whether a fleet in province p (any coast)
// reaches province q.
func (r *resolver) fleetReachesFrom(p, q diplomacy.Province) bool {
	m := r.m
	if cs := m.Provinces[p].Coasts; len(cs) > 0 {
		for _, c := range cs {
			if m.FleetReaches(c, q) {
				return true
			}
		}
		return false
	}
	return m.FleetReaches(diplomacy.Loc(p), q)
}

// fleetTarget is where a unit with fleets at l arrives when ordered to
// `to` (the coast filled in where only one is reachable), or why it
// cannot go.
func (r *resolver) fleetTarget(l, to diplomacy.Loc) (diplomacy.Loc, string) {
	m := r.m
	q := m.Prov(to)
	coasts := m.Provinces[q].Coasts
	if len(coasts) == 0 || m.Locs[to].Coast != "" {
		if m.FleetAdjacent(l, to) {
			return to, ""
		}
		return diplomacy.NoLoc, "cannot reach " + m.LocName(to)
	}
	found, n := diplomacy.NoLoc, 0
	for _, c := range coasts {
		if m.FleetAdjacent(l, c) {
			found, n = c, n+1
		}
	}
	switch n {
	case 0:
		return diplomacy.NoLoc, "cannot reach " + m.LocName(to)
	case 1:
		return found, ""
	}
	return diplomacy.NoLoc, "can reach more than one coast of " + m.LocName(to) + ": name the coast"
}

// convoyable reports whether an army could be convoyed from p to q.
func (r *resolver) convoyable(p, q diplomacy.Province) bool {
	m := r.m
	return p != q && m.Provinces[p].Kind == diplomacy.Coast && m.Provinces[q].Kind == diplomacy.Coast &&
		len(r.seaNeighbours(p)) > 0 && len(r.seaNeighbours(q)) > 0
}

// seaNeighbours lists the sea provinces a fleet in p (any coast) touches.
func (r *resolver) seaNeighbours(p diplomacy.Province) []diplomacy.Province {
	m := r.m
	var out []diplomacy.Province
	locs := []diplomacy.Loc{diplomacy.Loc(p)}
	if cs := m.Provinces[p].Coasts; len(cs) > 0 {
		locs = cs
	}
	for _, l := range locs {
		for _, n := range m.FleetNeighbours(l) {
			q := m.Prov(n)
			if m.Provinces[q].Kind == diplomacy.Sea && !containsProv(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

func containsProv(list []diplomacy.Province, p diplomacy.Province) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// newForce checks a move of parts c of the unit in p to `to`.
func (r *resolver) newForce(p diplomacy.Province, c Comp, to diplomacy.Loc, merge, askVia bool) (force, string) {
	m := r.m
	u := r.unit(p)
	if to == diplomacy.NoLoc || int(to) >= len(m.Locs) {
		return force{}, "the move names no destination"
	}
	q := m.Prov(to)
	if q == p {
		return force{}, "a unit cannot move to where it stands"
	}
	if r.forcedOut[p] {
		// Rule 7: this unit's splits fail together; its parts stay.
		return force{from: p, comp: c, dead: true}, ""
	}
	f := force{from: p, comp: c, to: q, toLoc: diplomacy.Loc(q), merge: merge, askVia: askVia, group: -1}
	what := unitString(m, c, u.Loc)
	qk := m.Provinces[q].Kind
	atSea := m.Provinces[p].Kind == diplomacy.Sea
	switch {
	case c.Fleets == 0 && atSea:
		// Armies landing from an A/F at sea.
		if qk != diplomacy.Coast || !m.FleetReaches(u.Loc, q) {
			return force{}, what + " cannot land in " + m.LocName(to)
		}
	case c.Fleets == 0:
		switch {
		case qk == diplomacy.Sea && merge && r.fleetReachesFrom(p, q):
			f.carried = true // boarding a merge at sea
		case m.ArmyAdjacent(p, q):
		case r.convoyable(p, q):
			f.via = true
		default:
			return force{}, what + " cannot reach " + m.LocName(to)
		}
	default:
		l, why := r.fleetTarget(u.Loc, to)
		if why != "" {
			return force{}, what + " " + why
		}
		f.toLoc = l
		if qk == diplomacy.Sea && !c.Seaworthy() {
			if !merge {
				return force{}, what + " is not seaworthy: it cannot enter " + m.LocName(to)
			}
			f.carried = true
		}
	}
	return f, ""
}

// addForce records a checked move for order i, joining the unit's other
// parts ordered to the same province.
func (r *resolver) addForce(f force, i int) {
	p := f.from
	r.used[p] = r.used[p].Plus(f.comp)
	r.ordered[p] = append(r.ordered[p], i)
	if f.dead { // a move that fails with its unit's other splits (rule 7)
		return
	}
	for _, k := range r.moves[p] {
		g := &r.forces[k]
		if g.to == f.to {
			g.comp = g.comp.Plus(f.comp)
			g.merge = true // two parts to one place merge (rule 7)
			g.carried = g.carried && f.carried
			if f.comp.Fleets > 0 {
				g.toLoc = f.toLoc
			}
			g.askVia = g.askVia || f.askVia
			g.orders = append(g.orders, i)
			return
		}
	}
	f.orders = []int{i}
	r.forces = append(r.forces, f)
	r.moves[p] = append(r.moves[p], len(r.forces)-1)
}

// reaches reports whether parts c of the unit at l could move into q (by
// land or along a coast): what a support into q needs.
func (r *resolver) reaches(c Comp, l diplomacy.Loc, q diplomacy.Province) bool {
	m := r.m
	if c.Fleets == 0 && m.Provinces[m.Prov(l)].Kind != diplomacy.Sea {
		return m.ArmyAdjacent(m.Prov(l), q)
	}
	if m.Provinces[q].Kind == diplomacy.Sea && c.Fleets == 0 {
		return false
	}
	if m.Provinces[q].Kind == diplomacy.Inland {
		return false
	}
	return m.FleetReaches(l, q)
}

// supportedCanReach reports whether some parts of unit u could move into
// q: its armies by land or by a convoy that does not need the supporter's
// own unit in `avoid` (DATC 6.D.31), its fleets along a coast or at sea.
func (r *resolver) supportedCanReach(u Unit, q, avoid diplomacy.Province) bool {
	m := r.m
	p := m.Prov(u.Loc)
	if u.Armies > 0 {
		if m.Provinces[p].Kind == diplomacy.Sea {
			if m.Provinces[q].Kind == diplomacy.Coast && m.FleetReaches(u.Loc, q) {
				return true
			}
		} else if m.ArmyAdjacent(p, q) || (r.convoyable(p, q) && r.seaRouteAvoiding(p, q, avoid)) {
			return true
		}
	}
	return u.Fleets > 0 && m.Provinces[q].Kind != diplomacy.Inland && m.FleetReaches(u.Loc, q)
}

// seaRouteAvoiding reports whether a chain of sea provinces, none of them
// avoid, links coastal provinces from and to.
func (r *resolver) seaRouteAvoiding(from, to, avoid diplomacy.Province) bool {
	seen := map[diplomacy.Province]bool{avoid: true}
	var queue []diplomacy.Province
	push := func(s diplomacy.Province) {
		if !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for _, s := range r.seaNeighbours(from) {
		push(s)
	}
	for i := 0; i < len(queue); i++ {
		if r.m.FleetReaches(diplomacy.Loc(queue[i]), to) {
			return true
		}
		for _, g := range r.seaNeighbours(queue[i]) {
			push(g)
		}
	}
	return false
}

func (r *resolver) validateSupport(i int) Outcome {
	in := r.orders[i]
	o := in.Order
	m := r.m
	p, why := r.own(in, o.Unit.At)
	if why != "" {
		return invalid("%s", why)
	}
	u := r.unit(p)
	c, why := r.claim(p, o.Unit)
	if why != "" {
		return invalid("%s", why)
	}
	s := support{at: p, power: in.Power, strength: c.Strength(), order: i, force: -1, dstLoc: o.To}
	if o.Kind == SupportMerge {
		if o.To == diplomacy.NoLoc || int(o.To) >= len(m.Locs) {
			return invalid("the support names no province")
		}
		s.kind, s.dst = supMerge, m.Prov(o.To)
	} else {
		if o.Aux.At == diplomacy.NoLoc || int(o.Aux.At) >= len(m.Locs) {
			return invalid("the support names no unit")
		}
		s.src = m.Prov(o.Aux.At)
		su := r.unit(s.src)
		if su.Empty() {
			return invalid("there is no unit at %s to support or convoy", m.ProvName(s.src))
		}
		if s.src == p {
			return invalid("a unit cannot support itself")
		}
		s.kind, s.dst = supHold, s.src
		if o.To != diplomacy.NoLoc {
			if int(o.To) >= len(m.Locs) {
				return invalid("the supported unit cannot reach that province")
			}
			s.kind, s.dst = supMove, m.Prov(o.To)
			if s.dst == s.src {
				return invalid("a unit cannot move to where it stands")
			}
			if !r.supportedCanReach(su, s.dst, p) {
				return invalid("the supported unit cannot reach %s", m.ProvName(s.dst))
			}
		}
	}
	if s.dst == p {
		return invalid("a unit cannot support itself")
	}
	if !r.reaches(c, u.Loc, s.dst) {
		return invalid("%s cannot support into %s: it cannot move there", unitString(m, c, u.Loc), m.ProvName(s.dst))
	}
	r.used[p] = r.used[p].Plus(c)
	r.ordered[p] = append(r.ordered[p], i)
	r.supports = append(r.supports, s)
	k := len(r.supports) - 1
	r.unitSups[p] = append(r.unitSups[p], k)
	if s.kind == supHold {
		r.holdSups[s.src] = append(r.holdSups[s.src], k)
	}
	return Outcome{}
}

func (r *resolver) validateConvoy(i int) Outcome {
	in := r.orders[i]
	o := in.Order
	m := r.m
	p, why := r.own(in, o.Unit.At)
	if why != "" {
		return invalid("%s", why)
	}
	u := r.unit(p)
	if _, why := r.claim(p, o.Unit); why != "" {
		return invalid("%s", why)
	}
	if !r.used[p].Empty() || (o.Unit.Given && o.Unit.Comp != u.Comp) {
		return invalid("a convoy takes the whole unit at %s (%s)", m.LocName(u.Loc), u.Comp)
	}
	if m.Provinces[p].Kind != diplomacy.Sea || !u.Seaworthy() {
		return invalid("only a fleet or seaworthy A/F at sea can convoy")
	}
	if o.Aux.At == diplomacy.NoLoc || int(o.Aux.At) >= len(m.Locs) || o.To == diplomacy.NoLoc || int(o.To) >= len(m.Locs) {
		return invalid("the convoy names no army")
	}
	s, q := m.Prov(o.Aux.At), m.Prov(o.To)
	su := r.unit(s)
	if su.Empty() {
		return invalid("there is no unit at %s to support or convoy", m.ProvName(s))
	}
	if su.Armies == 0 {
		return invalid("only armies can be convoyed")
	}
	if !r.convoyable(s, q) {
		return invalid("an army cannot be convoyed to %s", m.ProvName(q))
	}
	if !m.OnConvoyRoute(p, s, q) {
		return invalid("%s is on no convoy route to %s", unitString(m, u.Comp, u.Loc), m.ProvName(q))
	}
	r.used[p] = u.Comp
	r.ordered[p] = append(r.ordered[p], i)
	r.convoys = append(r.convoys, convoy{at: p, src: s, dst: q, order: i, force: -1, capacity: u.Fleets - u.Armies})
	r.convoyOf[p] = len(r.convoys) - 1
	return Outcome{}
}

// forceFrom is the live move from s to d, or -1.
func (r *resolver) forceFrom(s, d diplomacy.Province) int {
	for _, k := range r.moves[s] {
		if r.forces[k].to == d && !r.forces[k].dead {
			return k
		}
	}
	return -1
}

// decideConvoys settles, for each move of armies, whether it goes by
// convoy (1971 rules: to an adjacent province only when it would swap
// places with the unit moving against it, and some fleet convoys it), and
// drops a convoyed move no chain of fleets could carry (its parts stay).
func (r *resolver) decideConvoys() {
	m := r.m
	for k := range r.forces {
		f := &r.forces[k]
		if f.comp.Fleets > 0 || f.carried || m.Provinces[f.from].Kind == diplomacy.Sea {
			continue
		}
		if m.ArmyAdjacent(f.from, f.to) {
			swap := r.forceFrom(f.to, f.from) >= 0
			f.via = (f.askVia || swap) && r.hasConvoyOrder(f.from, f.to)
		}
	}
	for k := range r.forces {
		f := &r.forces[k]
		if f.via && !r.chainExists(f.from, f.to) {
			f.dead = true
			r.stay[f.from] = r.stay[f.from].Plus(f.comp)
			for _, i := range f.orders {
				if r.out[i].Result == diplomacy.Succeeds && r.out[i].Reason == "" {
					r.out[i] = fails("no convoy route")
				}
			}
		}
	}
}

func (r *resolver) hasConvoyOrder(s, d diplomacy.Province) bool {
	for _, c := range r.convoys {
		if c.src == s && c.dst == d {
			return true
		}
	}
	return false
}

// chainExists reports whether units at sea stand in a chain from coastal
// province from to coastal province to, whatever their orders.
func (r *resolver) chainExists(from, to diplomacy.Province) bool {
	seen := map[diplomacy.Province]bool{}
	var queue []diplomacy.Province
	push := func(s diplomacy.Province) {
		if !seen[s] && !r.unit(s).Empty() {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for _, s := range r.seaNeighbours(from) {
		push(s)
	}
	for i := 0; i < len(queue); i++ {
		if r.m.FleetReaches(diplomacy.Loc(queue[i]), to) {
			return true
		}
		for _, g := range r.seaNeighbours(queue[i]) {
			push(g)
		}
	}
	return false
}

// buildGroups sorts the moves into combat groups.
func (r *resolver) buildGroups() {
	type key struct {
		pw diplomacy.Power
		d  diplomacy.Province
	}
	merges := map[key][]int{}
	var keys []key
	for k := range r.forces {
		f := &r.forces[k]
		if f.dead {
			continue
		}
		pw := r.unit(f.from).Power
		if !f.merge {
			f.group, f.family = len(r.groups), len(r.groups)
			r.groups = append(r.groups, group{power: pw, dest: f.to, members: []int{k}, family: f.group})
			r.into[f.to] = append(r.into[f.to], f.group)
			continue
		}
		kk := key{pw, f.to}
		if merges[kk] == nil {
			keys = append(keys, kk)
		}
		merges[kk] = append(merges[kk], k)
	}
	for _, kk := range keys {
		members := merges[kk]
		var total Comp
		for _, k := range members {
			total = total.Plus(r.forces[k].comp)
		}
		occ := false
		if u := r.unit(kk.d); !u.Empty() && u.Power == kk.pw && !r.stay[kk.d].Empty() {
			occ = true
			total = total.Plus(r.stay[kk.d])
		}
		fam := len(r.groups)
		if !total.Mixed() {
			g := group{power: kk.pw, dest: kk.d, merge: true, occupant: occ, family: fam}
			for _, k := range members {
				r.forces[k].family = fam
				if r.forces[k].carried {
					r.forces[k].group = -1
					continue
				}
				r.forces[k].group = fam
				g.members = append(g.members, k)
			}
			if len(g.members) > 0 {
				r.groups = append(r.groups, g)
				r.into[kk.d] = append(r.into[kk.d], fam)
			}
			continue
		}
		// An A/F merge: each force fights alone; the forces that cannot hold
		// the place alone are carried by the merge.
		for _, k := range members {
			f := &r.forces[k]
			f.family = fam
			if f.carried {
				f.group = -1
				continue
			}
			f.group = len(r.groups)
			r.groups = append(r.groups, group{power: kk.pw, dest: kk.d, members: []int{k}, merge: true,
				occupant: occ, mixed: true, family: fam})
			r.into[kk.d] = append(r.into[kk.d], f.group)
		}
	}
}

// match ties supports and convoys to the moves they name; a support or
// convoy whose unit does not do what it names is void.
func (r *resolver) match() {
	m := r.m
	for k := range r.supports {
		s := &r.supports[k]
		switch s.kind {
		case supHold:
			s.void = r.stay[s.src].Empty()
		case supMove:
			s.force = r.forceFrom(s.src, s.dst)
			s.void = s.force < 0
			if !s.void && m.Locs[s.dstLoc].Coast != "" && r.forces[s.force].comp.Fleets > 0 {
				s.void = r.forces[s.force].toLoc != s.dstLoc
			}
		case supMerge:
			var pw diplomacy.Power = diplomacy.NoPower
			n := 0
			for _, g := range r.into[s.dst] {
				if r.groups[g].merge && r.groups[g].power != pw {
					pw, n = r.groups[g].power, n+1
				}
			}
			s.void = n != 1
		}
		if s.void {
			r.out[s.order] = fails("the supported or convoyed unit did not do what the order names")
		}
	}
	for k := range r.convoys {
		c := &r.convoys[k]
		f := r.forceFrom(c.src, c.dst)
		switch {
		case f < 0 || r.forces[f].comp.Fleets > 0:
			r.out[c.order] = fails("the supported or convoyed unit did not do what the order names")
		case r.forces[f].comp.Armies > c.capacity:
			r.out[c.order] = fails(fmt.Sprintf("%s cannot carry %s and stay seaworthy",
				r.unit(c.at).Comp, r.forces[f].comp))
		default:
			c.force = f
		}
	}
}
