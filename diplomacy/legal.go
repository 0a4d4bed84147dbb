package diplomacy

// UnitOrders is one unit (or, in an adjustment phase, one power's build or
// disband slot) and every legal order for it.
type UnitOrders struct {
	Power  Power
	Unit   Unit // NoUnit type for a build slot
	Orders []Order
}

// Generator lists legal orders. It keeps its buffers between calls, so
// steady-state generation allocates nothing; the slices it returns are valid
// until the next call. Not safe for concurrent use.
type Generator struct {
	m      *Map
	orders []Order
	spans  []UnitOrders
	starts []int32
	// Per phase: the units, what each reaches directly and by convoy, and
	// which units reach each province.
	units     []Province
	reach     []uint64 // per unit index, pw words
	creach    []uint64 // per unit index, pw words: by convoy (armies)
	reachHead []int32  // per province: first entry of canReach
	reachNext []int32  // per entry: next entry
	reachUnit []int32  // per entry: unit index
	reachVia  []bool   // per entry: by convoy
	comp      []int32  // per province: fleet component id, -1 none
	compCoast []uint64 // per component, pw words: coasts it washes
	queue     []Province
	sites     []Province // build sites, scratch
}

// NewGenerator returns a legal-order generator for map m.
func NewGenerator(m *Map) *Generator {
	n := len(m.Provinces)
	return &Generator{m: m, reachHead: make([]int32, n), comp: make([]int32, n),
		queue: make([]Province, 0, n)}
}

// Orders lists the legal orders of power pw in pos (every power for
// NoPower), unit by unit, for the phase pos is in.
func (g *Generator) Orders(pos *Position, pw Power) []UnitOrders {
	g.orders, g.spans, g.starts = g.orders[:0], g.spans[:0], g.starts[:0]
	switch pos.Phase.Type {
	case Movement:
		g.prepareMovement(pos)
		for ui, p := range g.units {
			u := pos.Units[p]
			if pw != NoPower && u.Power != pw {
				continue
			}
			g.begin(u.Power, u)
			g.movementOrders(pos, ui, p)
		}
	case Retreat:
		for _, d := range pos.Dislodged {
			if pw != NoPower && d.Power != pw {
				continue
			}
			g.begin(d.Power, d.Unit)
			for _, l := range d.Retreats {
				g.add(Order{Type: RetreatOrder, Unit: d.Type, At: d.Loc, To: l, Aux: NoLoc})
			}
			g.add(Order{Type: DisbandOrder, Unit: d.Type, At: d.Loc, To: NoLoc, Aux: NoLoc})
		}
	case Adjustment:
		g.adjustmentOrders(pos, pw)
	}
	for i := range g.spans {
		end := int32(len(g.orders))
		if i+1 < len(g.starts) {
			end = g.starts[i+1]
		}
		g.spans[i].Orders = g.orders[g.starts[i]:end:end]
	}
	return g.spans
}

func (g *Generator) begin(pw Power, u Unit) {
	g.spans = append(g.spans, UnitOrders{Power: pw, Unit: u})
	g.starts = append(g.starts, int32(len(g.orders)))
}

func (g *Generator) add(o Order) { g.orders = append(g.orders, o) }

// prepareMovement works out what each unit reaches, directly and by
// convoy through chains of fleets at sea.
func (g *Generator) prepareMovement(pos *Position) {
	m := g.m
	pw := m.pw
	g.units = g.units[:0]
	for i, u := range pos.Units {
		if u.Type != NoUnit {
			g.units = append(g.units, Province(i))
		}
	}
	// Components of seas holding fleets, and the coasts each washes.
	for i := range g.comp {
		g.comp[i] = -1
	}
	g.compCoast = g.compCoast[:0]
	nc := int32(0)
	for _, p := range g.units {
		if pos.Units[p].Type != Fleet || m.Provinces[p].Kind != Sea || g.comp[p] >= 0 {
			continue
		}
		base := len(g.compCoast)
		for k := 0; k < pw; k++ {
			g.compCoast = append(g.compCoast, 0)
		}
		q := append(g.queue[:0], p)
		g.comp[p] = nc
		for k := 0; k < len(q); k++ {
			s := q[k]
			words := m.fleetProvBits[int(s)*pw : int(s)*pw+pw]
			for w := range words {
				g.compCoast[base+w] |= words[w]
			}
			for _, t := range m.seaNeighbours[s] {
				if g.comp[t] < 0 && pos.Units[t].Type == Fleet {
					g.comp[t] = nc
					q = append(q, t)
				}
			}
		}
		g.queue = q[:0]
		nc++
	}
	// Reach sets.
	n := len(g.units)
	g.reach = resize(g.reach, n*pw)
	g.creach = resize(g.creach, n*pw)
	for ui, p := range g.units {
		u := pos.Units[p]
		r := g.reach[ui*pw : ui*pw+pw]
		c := g.creach[ui*pw : ui*pw+pw]
		if u.Type == Army {
			copy(r, m.armyBits[int(p)*pw:int(p)*pw+pw])
		} else {
			copy(r, m.fleetProvBits[int(u.Loc)*pw:int(u.Loc)*pw+pw])
		}
		for w := range c {
			c[w] = 0
		}
		if u.Type == Army && m.Provinces[p].Kind == Coast {
			for _, s := range m.seaNeighbours[p] {
				if id := g.comp[s]; id >= 0 {
					cc := g.compCoast[int(id)*pw : int(id)*pw+pw]
					for w := range c {
						c[w] |= cc[w]
					}
				}
			}
			// Only coastal provinces, never the army's own.
			for q := 0; q < len(m.Provinces); q++ {
				if hasBit(c, q) && (m.Provinces[q].Kind != Coast || Province(q) == p) {
					c[q>>6] &^= 1 << (uint(q) & 63)
				}
			}
		}
		if m.special {
			g.specialReach(pos, u, p, r, c)
		}
	}
	// Which units reach each province.
	for i := range g.reachHead {
		g.reachHead[i] = -1
	}
	g.reachNext, g.reachUnit, g.reachVia = g.reachNext[:0], g.reachUnit[:0], g.reachVia[:0]
	for ui := n - 1; ui >= 0; ui-- {
		r := g.reach[ui*pw : ui*pw+pw]
		c := g.creach[ui*pw : ui*pw+pw]
		for w := 0; w < pw; w++ {
			bits := r[w] | c[w]
			for bits != 0 {
				b := trailingZeros(bits)
				bits &= bits - 1
				q := w*64 + b
				g.reachNext = append(g.reachNext, g.reachHead[q])
				g.reachUnit = append(g.reachUnit, int32(ui))
				g.reachVia = append(g.reachVia, r[w]&(1<<uint(b)) == 0)
				g.reachHead[q] = int32(len(g.reachUnit) - 1)
			}
		}
	}
}

func resize(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

func (g *Generator) movementOrders(pos *Position, ui int, p Province) {
	m := g.m
	pw := m.pw
	u := pos.Units[p]
	g.add(Order{Type: Hold, Unit: u.Type, At: u.Loc, To: NoLoc, Aux: NoLoc})
	// Moves.
	if u.Type == Army {
		for _, q := range m.armyAdj[p] {
			if m.special && !m.Open(q, pos.Phase.Season) {
				continue
			}
			g.add(Order{Type: Move, Unit: Army, At: u.Loc, To: Loc(q), Aux: NoLoc})
		}
		c := g.creach[ui*pw : ui*pw+pw]
		for w := 0; w < pw; w++ {
			for bits := c[w]; bits != 0; bits &= bits - 1 {
				q := Province(w*64 + trailingZeros(bits))
				g.add(Order{Type: Move, Unit: Army, At: u.Loc, To: Loc(q), Aux: NoLoc,
					ViaConvoy: m.ArmyAdjacent(p, q)})
			}
		}
	} else {
		for _, l := range m.fleetAdj[u.Loc] {
			if m.special && !m.Open(m.Prov(l), pos.Phase.Season) {
				continue
			}
			g.add(Order{Type: Move, Unit: Fleet, At: u.Loc, To: l, Aux: NoLoc})
		}
	}
	if m.special {
		g.canalOrders(pos, p)
	}
	// Supports: into every province this unit reaches directly.
	r := g.reach[ui*pw : ui*pw+pw]
	for w := 0; w < pw; w++ {
		for bits := r[w]; bits != 0; bits &= bits - 1 {
			q := Province(w*64 + trailingZeros(bits))
			if m.special && m.BorderBetween(u.Type, p, q) != PlainBorder {
				continue // no support across a weak or river border
			}
			if v := pos.Units[q]; v.Type != NoUnit {
				g.add(Order{Type: SupportOrder, Unit: u.Type, At: u.Loc, AuxUnit: v.Type, Aux: v.Loc, To: NoLoc})
			}
			for e := g.reachHead[q]; e >= 0; e = g.reachNext[e] {
				vp := g.units[g.reachUnit[e]]
				if vp == p {
					continue
				}
				if g.reachVia[e] && m.Provinces[p].Kind == Sea && !m.seaRouteAvoiding(vp, q, p) {
					continue
				}
				v := pos.Units[vp]
				g.add(Order{Type: SupportOrder, Unit: u.Type, At: u.Loc, AuxUnit: v.Type, Aux: v.Loc, To: Loc(q)})
			}
		}
	}
	// Convoys: a fleet at sea convoys armies that its chain of fleets can
	// carry, along routes it lies on.
	if u.Type == Fleet && m.Provinces[p].Kind == Sea {
		id := g.comp[p]
		for vi, vp := range g.units {
			if pos.Units[vp].Type != Army || m.Provinces[vp].Kind != Coast || !g.armyTouches(vp, id) {
				continue
			}
			c := g.creach[vi*pw : vi*pw+pw]
			for w := 0; w < pw; w++ {
				for bits := c[w]; bits != 0; bits &= bits - 1 {
					q := Province(w*64 + trailingZeros(bits))
					if m.special && m.Provinces[q].Kind != Coast {
						continue // a railroad destination
					}
					if m.OnConvoyRoute(p, vp, q) {
						g.add(Order{Type: ConvoyOrder, Unit: Fleet, At: u.Loc, AuxUnit: Army, Aux: Loc(vp), To: Loc(q)})
					}
				}
			}
		}
	}
}

// armyTouches reports whether the army's province washes a sea of fleet
// component id.
func (g *Generator) armyTouches(p Province, id int32) bool {
	for _, s := range g.m.seaNeighbours[p] {
		if g.comp[s] == id {
			return true
		}
	}
	return false
}

// adjustmentOrders lists, per build or disband the power owes, the orders
// that could fill it: builds in free owned home centres (and Waive), or
// disbands of its units.
func (g *Generator) adjustmentOrders(pos *Position, only Power) {
	m := g.m
	var ub, cb [256]int
	units, centers := pos.countUnitsInto(ub[:]), pos.countCentersInto(cb[:])
	for pwi := range m.Powers {
		pw := Power(pwi)
		if only != NoPower && pw != only {
			continue
		}
		diff := centers[pw] - units[pw]
		if diff > 0 {
			diff = pos.buildLimit(diff)
			sites := g.sites[:0]
			pos.buildSites(pw, func(p Province) { sites = append(sites, p) })
			g.sites = sites
			if len(sites) < diff {
				diff = len(sites)
			}
			for k := 0; k < diff; k++ {
				g.begin(pw, Unit{Type: NoUnit, Power: pw, Loc: NoLoc})
				for _, h := range sites {
					buildOrdersAt(m, h, g.add)
				}
				g.add(Order{Type: WaiveOrder, At: NoLoc, To: NoLoc, Aux: NoLoc})
			}
		}
		for k := 0; k < -diff; k++ {
			g.begin(pw, Unit{Type: NoUnit, Power: pw, Loc: NoLoc})
			for _, u := range pos.Units {
				if u.Type != NoUnit && u.Power == pw {
					g.add(Order{Type: DisbandOrder, Unit: u.Type, At: u.Loc, To: NoLoc, Aux: NoLoc})
				}
			}
		}
	}
}

// buildOrdersAt gives add the builds that province h takes: an army unless
// it is sea, a fleet (on each of its coasts) if it is coastal.
func buildOrdersAt(m *Map, h Province, add func(Order)) {
	if m.Provinces[h].Kind != Sea {
		add(Order{Type: BuildOrder, Unit: Army, At: Loc(h), To: NoLoc, Aux: NoLoc})
	}
	if m.Provinces[h].Kind == Coast {
		if cs := m.Provinces[h].Coasts; len(cs) > 0 {
			for _, c := range cs {
				add(Order{Type: BuildOrder, Unit: Fleet, At: c, To: NoLoc, Aux: NoLoc})
			}
		} else {
			add(Order{Type: BuildOrder, Unit: Fleet, At: Loc(h), To: NoLoc, Aux: NoLoc})
		}
	}
}

// specialReach adjusts the reach of unit u in p for the special borders:
// provinces closed this season are out of reach (r direct, c by convoy);
// railroad stations the unit may ride to are in c, as moves that are not
// plain adjacency.
func (g *Generator) specialReach(pos *Position, u Unit, p Province, r, c []uint64) {
	m := g.m
	if m.openMask != nil {
		for q := range m.openMask {
			if !m.Open(Province(q), pos.Phase.Season) {
				r[q>>6] &^= 1 << (uint(q) & 63)
				c[q>>6] &^= 1 << (uint(q) & 63)
			}
		}
	}
	for _, rr := range m.Railroads {
		if rr.Power != u.Power || rr.Unit != u.Type {
			continue
		}
		for _, q := range rr.Stations {
			if q != p && !m.Reaches(u.Type, u.Loc, q) && m.railMove(pos, u.Power, u.Type, p, q) {
				setBit(c, int(q))
			}
		}
	}
}

// canalOrders adds the canal orders of the unit in p: moves through a
// canal it stands at the end of, and, for the unit at a canal's Via, the
// permission (a support order) for each unit that could pass it.
func (g *Generator) canalOrders(pos *Position, p Province) {
	u := pos.Units[p]
	for _, c := range g.m.Canals {
		if g.m.Swallowed(c.A) || g.m.Swallowed(c.B) || g.m.Swallowed(c.Via) {
			continue
		}
		if c.Unit == u.Type && (c.A == p || c.B == p) {
			to := c.A
			if c.A == p {
				to = c.B
			}
			g.add(Order{Type: Move, Unit: u.Type, At: u.Loc, To: Loc(to), Aux: NoLoc})
		}
		if c.Via != p {
			continue
		}
		for _, ends := range [2][2]Province{{c.A, c.B}, {c.B, c.A}} {
			if v := pos.Units[ends[0]]; v.Type == c.Unit {
				g.add(Order{Type: SupportOrder, Unit: u.Type, At: u.Loc, AuxUnit: v.Type, Aux: v.Loc, To: Loc(ends[1])})
			}
		}
	}
}
