package diplomacy

import "concordat/game"

import "strings"

// Fog of War: each power sees only the provinces its units could move to,
// the provinces its units (and dislodged units) stand in, and its own
// centres; the results of a phase are filtered the same way. Adjudication
// is unchanged.
//
// Under Intimate Diplomacy a player sees the union of what its own power
// and each power it controls this year see (vision). Under Payola a power
// offers only for units it sees (applyOffers). A power's Legal tree, its
// prompt and Check's verdicts are worked out on the position as it sees it
// (seenPosition), so that no order it is offered names a unit it cannot
// see and none tells it what it cannot see (Catspaw's extra builds:
// fogExtraBuilds).

// visibleTo marks, by province, what power pw sees in pos.
func visibleTo(pos *Position, pw Power) []bool {
	vis := make([]bool, len(pos.Map.Provinces))
	addVisible(vis, pos, pw)
	return vis
}

// addVisible marks in vis what power pw sees in pos.
func addVisible(vis []bool, pos *Position, pw Power) {
	m := pos.Map
	see := func(u Unit) {
		p := m.Prov(u.Loc)
		vis[p] = true
		if u.Type == Army {
			for _, q := range m.armyAdj[p] {
				vis[q] = true
			}
		} else {
			for _, l := range m.fleetAdj[u.Loc] {
				vis[m.Locs[l].Prov] = true
			}
		}
	}
	for _, u := range pos.Units {
		if u.Type != NoUnit && u.Power == pw {
			see(u)
		}
	}
	for _, d := range pos.Dislodged {
		if d.Power == pw {
			see(d.Unit)
		}
	}
	for i, o := range pos.Owners {
		if o == pw {
			vis[i] = true
		}
	}
}

// vision is what power pw's player sees now under Fog of War, by province
// (nil without fog): its own power's sight and, under Intimate, that of
// every power it controls this year.
func (gs *GameState) vision(pw Power) []bool {
	if !gs.Settings.Fog {
		return nil
	}
	vis := visibleTo(gs.Pos, pw)
	if gs.Intimate != nil {
		for other, c := range gs.Intimate.Control {
			if c == pw {
				addVisible(vis, gs.Pos, other)
			}
		}
	}
	return vis
}

// seenPosition is gs.Pos as a player with sight vis knows it: the units
// (and dislodged units) in provinces it cannot see are left out, and the
// centres there are unowned (the view hides their owners). Without fog
// (vis nil) it is gs.Pos itself.
func (gs *GameState) seenPosition(vis []bool) *Position {
	if vis == nil {
		return gs.Pos
	}
	pos := gs.Pos.Clone()
	m := pos.Map
	for p := range pos.Owners {
		if !vis[p] {
			pos.Owners[p] = NoPower
		}
	}
	for p, u := range pos.Units {
		if u.Type != NoUnit && !vis[p] {
			pos.Units[p] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	kept := pos.Dislodged[:0]
	for _, d := range pos.Dislodged {
		if vis[m.Prov(d.Loc)] {
			kept = append(kept, d)
		}
	}
	pos.Dislodged = kept
	return pos
}

// legalSeen lists the legal orders of every unit a player with sight vis
// sees (every unit without fog), generated on the position it sees; the
// slices are its own.
func (gs *GameState) legalSeen(vis []bool) []UnitOrders {
	list := NewGenerator(gs.Pos.Map).Orders(gs.seenPosition(vis), NoPower)
	out := make([]UnitOrders, len(list))
	for i, uo := range list {
		uo.Orders = append([]Order(nil), uo.Orders...)
		out[i] = uo
	}
	return out
}

// fogPosition filters a position's JSON to what pw sees.
func fogPosition(m *Map, n NextJSON, pw Power) NextJSON {
	pos, err := ParsePosition(m, n)
	if err != nil {
		return NextJSON{Phase: n.Phase, Units: []unitJSON{}, Centers: map[string]string{}, Holes: n.Holes, Edits: n.Edits, Winner: n.Winner, Fog: true}
	}
	return fogPositionVis(m, n, visibleTo(pos, pw))
}

// fogPositionVis filters a position's JSON to the provinces vis marks.
func fogPositionVis(m *Map, n NextJSON, vis []bool) NextJSON {
	seen := func(id string) bool {
		l, ok := m.locByID(id)
		return ok && vis[m.Prov(l)]
	}
	// The map's edits are public: everyone sees the board change.
	out := NextJSON{Phase: n.Phase, Units: []unitJSON{}, Centers: map[string]string{}, Holes: n.Holes, Edits: n.Edits, Winner: n.Winner, Fog: true}
	for p, v := range vis {
		if v {
			out.Visible = append(out.Visible, m.Provinces[p].ID)
		}
	}
	for _, u := range n.Units {
		if seen(u.At) {
			out.Units = append(out.Units, u)
		}
	}
	for _, d := range n.Dislodged {
		if seen(d.At) {
			out.Dislodged = append(out.Dislodged, d)
		}
	}
	for c, o := range n.Centers {
		if seen(c) {
			out.Centers[c] = o
		}
	}
	return out
}

// bidsRecord reports whether a record is an Intimate bidding (its orders
// are all "bid N for X"; a bidding nobody bid in has none and needs no
// telling apart, as it gives no one control).
func bidsRecord(rec PhaseRecord) bool {
	for _, o := range rec.Orders {
		if !strings.HasPrefix(o.Order, "bid ") {
			return false
		}
	}
	return len(rec.Orders) > 0
}

// fogHistory filters each resolved phase: its position as pw saw it, and
// the orders of the units pw could see then (and pw's own). With intimate,
// pw saw also what the powers it controlled that year saw: the control is
// read from the year's bidding record (whose bids, like control itself,
// are public and kept whole).
func fogHistory(m *Map, hist []PhaseRecord, pw Power, intimate bool) []PhaseRecord {
	out := make([]PhaseRecord, 0, len(hist))
	base := m.Base()
	set := Settings{Schizo: m.majority} // so the maps rebuilt are the cached ones of the game
	var controlled []Power              // by pw in controlYear
	controlYear := 0
	for _, rec := range hist {
		// Each phase was played on the map of its time.
		m, err := mapFromJSON(base, set, rec.Position.Holes, rec.Position.Edits)
		if err != nil {
			m = base
		}
		if rec.Position.Phase.Type == "seismic" {
			out = append(out, fogSeismic(m, rec, pw))
			continue
		}
		pos, err := ParsePosition(m, rec.Position)
		if err != nil {
			continue
		}
		if rec.Position.Phase.Year != controlYear {
			controlled, controlYear = nil, rec.Position.Phase.Year
		}
		vis := visibleTo(pos, pw)
		mine := map[string]bool{m.PowerName(pw): true}
		for _, c := range controlled {
			addVisible(vis, pos, c)
			mine[m.PowerName(c)] = true
		}
		r := PhaseRecord{Position: fogPositionVis(m, rec.Position, vis), Orders: []OrderResultJSON{}}
		if intimate && bidsRecord(rec) {
			r.Orders = append(r.Orders, rec.Orders...)
			for _, o := range rec.Orders {
				words := strings.Fields(o.Order) // bid N for X
				if o.Result == "succeeds" && o.Power == m.PowerName(pw) && len(words) == 4 {
					if c, ok := m.LookupPower(words[3]); ok {
						controlled = append(controlled, c)
					}
				}
			}
			out = append(out, r)
			continue
		}
		for _, o := range rec.Orders {
			if !mine[o.Power] {
				ord, err := m.ParseOrder(o.Order)
				if err != nil || ord.At == NoLoc || !vis[m.Prov(ord.At)] {
					continue
				}
			}
			r.Orders = append(r.Orders, o)
		}
		out = append(out, r)
	}
	return out
}

// seatsSeeing splits the seats into those whose player sees province p now
// under Fog of War and the others (both nil without fog). Call it before
// the board changes: a unit about to vanish is seen by its own power.
func (gs *GameState) seatsSeeing(p Province) (see, blind []game.Seat) {
	if !gs.Settings.Fog {
		return nil, nil
	}
	for _, seat := range (Rules{}).Seats(gs) {
		pw, ok := gs.Pos.Map.LookupPower(string(seat))
		if gs.Seating != nil {
			pw, ok = gs.Seating.Power[seat]
		}
		if ok && gs.vision(pw)[p] {
			see = append(see, seat)
		} else {
			blind = append(blind, seat)
		}
	}
	return see, blind
}

// mapChangeEvent reports a change of the map: without fog one event, full,
// to everyone; under Fog of War (see and blind from seatsSeeing) the seats
// that saw the province get full and the others public, which names only
// what changed on the map (the map's edits are public, the units are not).
func (gs *GameState) mapChangeEvent(typ, public, full string, see, blind []game.Seat) []game.Event {
	if !gs.Settings.Fog || public == full {
		return []game.Event{{Type: typ, Text: full}}
	}
	var ev []game.Event
	if len(see) > 0 {
		ev = append(ev, game.Event{Type: typ, Text: full, Seats: see})
	}
	if len(blind) > 0 {
		ev = append(ev, game.Event{Type: typ, Text: public, Seats: blind})
	}
	return ev
}
