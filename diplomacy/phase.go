package diplomacy

// afterMovement is the phase after a movement phase whose result is pos:
// its retreat phase when some dislodged unit can retreat, otherwise what
// follows it. When no dislodged unit has anywhere to go, the retreat phase
// is skipped: the units are disbanded at once (Disbanded lists them) and,
// after a Fall, the centres change hands.
func (a *Adjudicator) afterMovement(pos *Position) Phase {
	a.disbanded = a.disbanded[:0]
	for _, d := range pos.Dislodged {
		if len(d.Retreats) > 0 {
			return Phase{Season: pos.Phase.Season, Year: pos.Phase.Year, Type: Retreat}
		}
	}
	for _, d := range pos.Dislodged {
		a.disbanded = append(a.disbanded, d.Unit)
	}
	pos.Dislodged = pos.Dislodged[:0]
	return a.afterRetreats(pos)
}

// Disbanded lists the units the last movement phase adjudicated disbanded at
// once because no dislodged unit could retreat (its retreat phase was
// skipped); empty otherwise. The slice is valid until the next phase.
func (a *Adjudicator) Disbanded() []Unit { return a.disbanded }

// afterRetreats ends the season of pos: after Fall the centres change hands
// and the winter adjustments follow if anyone builds or disbands.
func (a *Adjudicator) afterRetreats(pos *Position) Phase {
	if pos.Phase.Season == Spring {
		return Phase{Season: Fall, Year: pos.Phase.Year, Type: Movement}
	}
	a.updateOwners(pos)
	if pos.Winner() == NoPower && a.anyAdjustment(pos) {
		return Phase{Season: Winter, Year: pos.Phase.Year, Type: Adjustment}
	}
	return Phase{Season: Spring, Year: pos.Phase.Year + 1, Type: Movement}
}

// updateOwners gives each supply centre to the power whose unit stands on it.
func (a *Adjudicator) updateOwners(pos *Position) {
	for i, u := range pos.Units {
		if u.Type != NoUnit && a.m.Provinces[i].Center {
			pos.Owners[i] = u.Power
			if a.special && !a.m.CenterFor(Province(i), u.Power) {
				pos.Owners[i] = NoPower // Hong Kong under China: no centre
			}
		}
	}
}

// anyAdjustment reports whether some power has a build it can make or a
// disband it owes.
func (a *Adjudicator) anyAdjustment(pos *Position) bool {
	var ub, cb [256]int
	units, centers := pos.countUnitsInto(ub[:]), pos.countCentersInto(cb[:])
	for pw := range a.m.Powers {
		switch {
		case centers[pw] < units[pw]:
			return true
		case centers[pw] > units[pw] && a.buildSites(pos, Power(pw), nil) > 0:
			return true
		}
	}
	return false
}

// buildSites counts (and, when visit is not nil, visits) the provinces
// where power pw may build now: empty centres it owns that are its home
// centres — or, under the map's build rules, any owned centre (build_any),
// any owned centre while it keeps a home centre (remote_builds), or any
// owned centre that is some power's home (home_builds).
func (a *Adjudicator) buildSites(pos *Position, pw Power, visit func(Province)) int {
	return pos.buildSites(pw, visit)
}

func (pos *Position) buildSites(pw Power, visit func(Province)) int {
	n := 0
	for i := range pos.Map.Provinces {
		p := Province(i)
		if pos.buildReason(pw, p) == NoReason {
			n++
			if visit != nil {
				visit(p)
			}
		}
	}
	return n
}

// buildReason says why power pw may not build in province p now, or NoReason:
// the map's build rules (Map.BuildSiteReason), then an empty province.
func (pos *Position) buildReason(pw Power, p Province) Reason {
	if why := pos.Map.BuildSiteReason(pos.Owners, pw, p); why != NoReason {
		return why
	}
	if pos.Units[p].Type != NoUnit {
		return ReasonOccupied
	}
	return NoReason
}

// buildLimit caps a power's builds: one in the first phase of a map with
// the mobilize rule (1898), otherwise its surplus of centres over units.
func (pos *Position) buildLimit(surplus int) int {
	if pos.Map.HasRule("mobilize") && pos.Phase == pos.Map.Start && surplus > 1 {
		return 1
	}
	return surplus
}

// Retreats adjudicates a retreat phase: each dislodged unit retreats where
// it was ordered if that is allowed and no other unit retreats there, and
// is otherwise disbanded. pos becomes the position after the phase.
func (a *Adjudicator) Retreats(pos *Position, orders []OrderIn, out []Outcome) {
	m := a.m
	n := len(pos.Dislodged)
	// target[i]: where dislodged unit i goes (NoLoc: disbanded); order[i]:
	// its order's index.
	var targetBuf, orderBuf [16]int32
	target, order := targetBuf[:0], orderBuf[:0]
	for i := 0; i < n; i++ {
		target = append(target, -1)
		order = append(order, -1)
	}
	for i, in := range orders {
		o := in.Order
		out[i] = Outcome{Result: Succeeds}
		switch o.Type {
		case Move, RetreatOrder, DisbandOrder:
		default:
			out[i] = Outcome{Result: Invalid, Reason: ReasonWrongPhase, Detail: "retreat"}
			continue
		}
		if o.At == NoLoc || int(o.At) >= len(m.Locs) {
			out[i] = invalid(ReasonNoUnit, NoUnit, NoLoc, NoLoc)
			continue
		}
		k := -1
		for j := range pos.Dislodged {
			if m.Prov(pos.Dislodged[j].Loc) == m.Prov(o.At) {
				k = j
			}
		}
		if k < 0 {
			if pos.Units[m.Prov(o.At)].Type != NoUnit {
				out[i] = invalid(ReasonNotDislodged, NoUnit, o.At, NoLoc)
			} else {
				out[i] = invalid(ReasonNoUnit, NoUnit, o.At, NoLoc)
			}
			continue
		}
		d := pos.Dislodged[k]
		switch {
		case d.Power != in.Power:
			out[i] = invalid(ReasonNotYours, NoUnit, d.Loc, NoLoc)
			continue
		case o.Unit != NoUnit && o.Unit != d.Type:
			out[i] = invalid(ReasonWrongType, o.Unit, d.Loc, NoLoc)
			continue
		case order[k] >= 0:
			out[i] = invalid(ReasonAlreadyOrdered, NoUnit, d.Loc, NoLoc)
			continue
		}
		order[k] = int32(i)
		if o.Type == DisbandOrder {
			continue
		}
		if o.To == NoLoc || int(o.To) >= len(m.Locs) {
			out[i] = invalid(ReasonRetreatNotAllowed, d.Type, d.Loc, NoLoc)
			continue
		}
		dest, why := a.moveTarget(d.Type, d.Loc, o.To)
		if why != NoReason {
			out[i] = invalid(why, d.Type, d.Loc, o.To)
			continue
		}
		allowed := false
		for _, l := range d.Retreats {
			if l == dest {
				allowed = true
			}
		}
		if !allowed {
			out[i] = invalid(ReasonRetreatNotAllowed, d.Type, d.Loc, o.To)
			continue
		}
		target[k] = int32(dest)
	}
	// Two or more retreats into one province: all are disbanded (but a
	// retreat across a weak border loses to any other, which may survive).
	weak := func(k int) bool {
		return a.special && m.BorderBetween(pos.Dislodged[k].Type, m.Prov(pos.Dislodged[k].Loc), m.Prov(Loc(target[k]))) == WeakBorder
	}
	for k := range target {
		if target[k] < 0 {
			continue
		}
		clash := false
		for j := range target {
			if j != k && target[j] >= 0 && m.Prov(Loc(target[j])) == m.Prov(Loc(target[k])) && (weak(k) || !weak(j)) {
				clash = true
			}
		}
		if clash {
			out[order[k]] = Outcome{Result: Fails, Reason: ReasonRetreatBounce}
		}
	}
	for k, d := range pos.Dislodged {
		if target[k] >= 0 && out[order[k]].Result == Succeeds {
			pos.Units[m.Prov(Loc(target[k]))] = Unit{Type: d.Type, Power: d.Power, Loc: Loc(target[k])}
		}
	}
	pos.Dislodged = pos.Dislodged[:0]
	pos.Phase = a.afterRetreats(pos)
}

// Adjustments adjudicates a winter adjustment phase: builds in owned, empty
// home centres up to the power's surplus of centres; disbands up to its
// shortfall; waives. A power that disbands too few loses units by the civil
// disorder rule (CivilDisorder). pos becomes the position after the phase.
func (a *Adjudicator) Adjustments(pos *Position, orders []OrderIn, out []Outcome) {
	m := a.m
	var ub, cb [256]int
	units, centers := pos.countUnitsInto(ub[:]), pos.countCentersInto(cb[:])
	np := len(m.Powers)
	var leftBuf [64]int
	left := leftBuf[:0] // builds (>0) or disbands (<0) still open, per power
	for pw := 0; pw < np; pw++ {
		d := centers[pw] - units[pw]
		if d > 0 {
			d = pos.buildLimit(d)
		}
		left = append(left, d)
	}
	var builtBuf, gone [64]Province
	built, removed := builtBuf[:0], gone[:0]
	for i, in := range orders {
		o := in.Order
		out[i] = Outcome{Result: Succeeds}
		pw := in.Power
		switch o.Type {
		case WaiveOrder:
			if left[pw] <= 0 {
				out[i] = Outcome{Result: Fails, Reason: ReasonNoBuilds}
				continue
			}
			left[pw]--
		case BuildOrder:
			if o.At == NoLoc || int(o.At) >= len(m.Locs) {
				out[i] = invalid(ReasonNotHome, NoUnit, NoLoc, NoLoc)
				continue
			}
			p := m.Prov(o.At)
			if o.Unit == Army {
				o.At = Loc(p) // an army's coast means nothing
			}
			if why := pos.buildReason(pw, p); why != NoReason {
				out[i] = invalid(why, NoUnit, o.At, NoLoc)
				continue
			}
			if containsProv(built, p) {
				out[i] = Outcome{Result: Fails, Reason: ReasonBuiltTwice, At: o.At, To: NoLoc}
				continue
			}
			if !m.CanStand(o.Unit, o.At) {
				r := ReasonCannotBuildType
				if o.Unit == Fleet && len(m.Provinces[p].Coasts) > 0 {
					r = ReasonNeedCoast
					out[i] = Outcome{Result: Invalid, Reason: r, Unit: o.Unit, At: o.At, To: o.At}
					continue
				}
				out[i] = invalid(r, o.Unit, o.At, NoLoc)
				continue
			}
			if left[pw] <= 0 {
				out[i] = Outcome{Result: Fails, Reason: ReasonNoBuilds}
				continue
			}
			left[pw]--
			built = append(built, p)
		case DisbandOrder:
			if o.At == NoLoc || int(o.At) >= len(m.Locs) {
				out[i] = invalid(ReasonNoUnit, NoUnit, NoLoc, NoLoc)
				continue
			}
			p := m.Prov(o.At)
			u := pos.Units[p]
			switch {
			case u.Type == NoUnit:
				out[i] = invalid(ReasonNoUnit, NoUnit, o.At, NoLoc)
				continue
			case u.Power != pw:
				out[i] = invalid(ReasonNotYours, NoUnit, u.Loc, NoLoc)
				continue
			case o.Unit != NoUnit && o.Unit != u.Type:
				out[i] = invalid(ReasonWrongType, o.Unit, u.Loc, NoLoc)
				continue
			case containsProv(removed, p):
				out[i] = invalid(ReasonAlreadyOrdered, NoUnit, u.Loc, NoLoc)
				continue
			case left[pw] >= 0:
				out[i] = Outcome{Result: Fails, Reason: ReasonNoDisbandsOwed}
				continue
			}
			left[pw]++
			removed = append(removed, p)
		default:
			out[i] = Outcome{Result: Invalid, Reason: ReasonWrongPhase, Detail: "adjustment"}
		}
	}
	// Carry out the orders that succeeded.
	for i, in := range orders {
		if out[i].Result != Succeeds {
			continue
		}
		o := in.Order
		switch o.Type {
		case BuildOrder:
			at := o.At
			if o.Unit == Army {
				at = Loc(m.Prov(at))
			}
			pos.Units[m.Prov(at)] = Unit{Type: o.Unit, Power: in.Power, Loc: at}
		case DisbandOrder:
			pos.Units[m.Prov(o.At)] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	for pw := 0; pw < np; pw++ {
		for left[pw] < 0 {
			p := a.civilDisorderPick(pos, Power(pw))
			pos.Units[p] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
			left[pw]++
		}
	}
	pos.Phase = Phase{Season: Spring, Year: pos.Phase.Year + 1, Type: Movement}
}

// CivilDisorder lists the units the civil disorder rule removes when power
// pw must disband n units and wrote no disbands, in removal order.
func (a *Adjudicator) CivilDisorder(pos *Position, pw Power, n int) []Unit {
	p := pos.Clone()
	var out []Unit
	for i := 0; i < n; i++ {
		pr := a.civilDisorderPick(p, pw)
		out = append(out, p.Units[pr])
		p.Units[pr] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	}
	return out
}

// civilDisorderPick is the next unit of pw that civil disorder removes: the
// farthest from the power's centres (2023: owned centres; earlier
// editions: home centres), counting moves through any province as if
// every unit could go everywhere; fleets before armies at equal distance;
// then the first in alphabetical order of province name.
func (a *Adjudicator) civilDisorderPick(pos *Position, pw Power) Province {
	m := a.m
	a.distances(pos, pw)
	best := Province(0)
	found := false
	for i, u := range pos.Units {
		if u.Type == NoUnit || u.Power != pw {
			continue
		}
		p := Province(i)
		if !found {
			best, found = p, true
			continue
		}
		db, dp := a.dist[best], a.dist[p]
		switch {
		case dp > db:
			best = p
		case dp < db:
		case u.Type == Fleet && pos.Units[best].Type == Army:
			best = p
		case u.Type == Army && pos.Units[best].Type == Fleet:
		case m.Provinces[p].Name < m.Provinces[best].Name:
			best = p
		}
	}
	return best
}

// distances fills a.dist with each province's distance, in moves over any
// border (land or sea), to the nearest centre that counts for pw.
func (a *Adjudicator) distances(pos *Position, pw Power) {
	m := a.m
	const far = 1 << 30
	q := a.queue[:0]
	for i := range a.dist {
		a.dist[i] = far
	}
	for i := range m.Provinces {
		counts := false
		if a.ed == Edition2023 {
			counts = m.Provinces[i].Center && pos.Owners[i] == pw
		} else {
			counts = m.Provinces[i].Home == pw
		}
		if counts {
			a.dist[i] = 0
			q = append(q, Province(i))
		}
	}
	for k := 0; k < len(q); k++ {
		p := q[k]
		visit := func(r Province) {
			if a.dist[r] == far {
				a.dist[r] = a.dist[p] + 1
				q = append(q, r)
			}
		}
		for _, r := range m.armyAdj[p] {
			visit(r)
		}
		visit(p)
		for _, l := range m.fleetAdj[p] {
			visit(m.Locs[l].Prov)
		}
		for _, c := range m.Provinces[p].Coasts {
			for _, l := range m.fleetAdj[c] {
				visit(m.Locs[l].Prov)
			}
		}
	}
	a.queue = q[:0]
}
