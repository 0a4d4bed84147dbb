package diplomacy

// Fog of War: each power sees only the provinces its units could move to,
// the provinces its units (and dislodged units) stand in, and its own
// centres; the results of a phase are filtered the same way. Adjudication
// is unchanged.

// visibleTo marks, by province, what power pw sees in pos.
func visibleTo(pos *Position, pw Power) []bool {
	m := pos.Map
	vis := make([]bool, len(m.Provinces))
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
	return vis
}

// fogPosition filters a position's JSON to what pw sees.
func fogPosition(m *Map, n NextJSON, pw Power) NextJSON {
	pos, err := ParsePosition(m, n)
	if err != nil {
		return NextJSON{Phase: n.Phase, Units: []unitJSON{}, Centers: map[string]string{}, Holes: n.Holes, Edits: n.Edits, Winner: n.Winner}
	}
	vis := visibleTo(pos, pw)
	seen := func(id string) bool {
		l, ok := m.locByID(id)
		return ok && vis[m.Prov(l)]
	}
	// The map's edits are public: everyone sees the board change.
	out := NextJSON{Phase: n.Phase, Units: []unitJSON{}, Centers: map[string]string{}, Holes: n.Holes, Edits: n.Edits, Winner: n.Winner}
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

// fogHistory filters each resolved phase: its position as pw saw it, and
// the orders of the units pw could see then (and pw's own).
func fogHistory(m *Map, hist []PhaseRecord, pw Power) []PhaseRecord {
	out := make([]PhaseRecord, 0, len(hist))
	base := m.Base()
	set := Settings{Schizo: m.majority} // so the maps rebuilt are the cached ones of the game
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
		vis := visibleTo(pos, pw)
		r := PhaseRecord{Position: fogPosition(m, rec.Position, pw), Orders: []OrderResultJSON{}}
		for _, o := range rec.Orders {
			own := o.Power == m.PowerName(pw)
			if !own {
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
