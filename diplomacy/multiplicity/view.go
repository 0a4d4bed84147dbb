package multiplicity

import (
	"concordat/diplomacy"
	"concordat/game"
)

// boardView is what View returns.
type boardView struct {
	Variant      string            `json:"variant"`
	Rules        string            `json:"rules"`
	Multiplicity bool              `json:"multiplicity"`
	Choosing     bool              `json:"choosing,omitempty"` // the start choice of army or fleet
	Board        NextJSON          `json:"board"`
	Orders       []string          `json:"orders,omitempty"`
	Ready        bool              `json:"ready,omitempty"`
	Waiting      []string          `json:"waiting"`
	History      []PhaseRecord     `json:"history"`
	Powers       map[string]string `json:"powers"`
	Counts       map[string]int    `json:"centre_counts,omitempty"`
}

// View is the board, the history, and the seat's own unresolved orders
// (other powers' orders stay hidden until the phase resolves). Under Fog of
// War a power sees what its units could reach and its own centres, as in
// diplomacy's Fog of War; spectators see centre counts until the end.
func (Rules) View(s game.State, seat game.Seat) any {
	gs := state(s)
	m := gs.Pos.Map
	v := boardView{Variant: m.ID, Rules: gs.Settings.Edition.String(), Multiplicity: true, Choosing: gs.Choosing,
		Board: PositionJSON(gs.Pos), History: gs.History, Powers: map[string]string{}, Waiting: []string{}}
	if v.History == nil {
		v.History = []PhaseRecord{}
	}
	for _, p := range m.Powers {
		v.Powers[p.ID] = p.Name
	}
	pw, isPower := m.LookupPower(string(seat))
	isPower = isPower && seat != game.System && string(seat) == m.Powers[pw].ID
	if isPower {
		v.Orders = gs.Orders[pw]
		v.Ready = gs.Ready[pw]
	}
	if over, _ := (Rules{}).Over(s); gs.Settings.Fog && !over {
		if isPower {
			v.Board = fogBoard(gs.Pos, visibleTo(gs.Pos, pw))
			v.History = fogHistory(m, gs.History, pw)
		} else {
			v.Board = NextJSON{Phase: v.Board.Phase, Units: []UnitJSON{}, Centers: map[string]string{}, Fog: true}
			v.History = []PhaseRecord{}
			v.Counts = map[string]int{}
			for i, n := range gs.Pos.Centers() {
				v.Counts[m.Powers[i].ID] = n
			}
		}
	}
	for i, owe := range gs.owing() {
		if owe && !gs.Ready[diplomacy.Power(i)] {
			v.Waiting = append(v.Waiting, m.Powers[i].ID)
		}
	}
	return v
}

// visibleTo marks, by province, what power pw sees under Fog of War: the
// provinces its units (and dislodged units) stand in and could move to
// (armies by land, fleets and A/Fs along coasts and seas, the armies of an
// A/F by land too), and its own centres. The rule is diplomacy's Fog of War
// (diplomacy/fog.go) extended to units of several kinds.
func visibleTo(pos *Position, pw diplomacy.Power) []bool {
	m := pos.Map
	vis := make([]bool, len(m.Provinces))
	see := func(u Unit) {
		p := m.Prov(u.Loc)
		vis[p] = true
		if u.Armies > 0 && m.Provinces[p].Kind != diplomacy.Sea {
			for _, q := range m.ArmyNeighbours(p) {
				vis[q] = true
			}
		}
		if u.Fleets > 0 || m.Provinces[p].Kind == diplomacy.Sea {
			for _, l := range m.FleetNeighbours(u.Loc) {
				vis[m.Prov(l)] = true
			}
		}
	}
	for _, u := range pos.Units {
		if !u.Empty() && u.Power == pw {
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

// fogBoard is the JSON of pos limited to the provinces in vis.
func fogBoard(pos *Position, vis []bool) NextJSON {
	n := PositionJSON(pos)
	m := pos.Map
	seen := func(id string) bool {
		l, ok := m.LookupLoc(id)
		return ok && vis[m.Prov(l)]
	}
	out := NextJSON{Phase: n.Phase, Units: []UnitJSON{}, Centers: map[string]string{}, Winner: n.Winner, Fog: true}
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

// fogHistory filters each resolved phase: its position as pw saw it, and
// pw's own orders and those of the units pw could see then.
func fogHistory(m *diplomacy.Map, hist []PhaseRecord, pw diplomacy.Power) []PhaseRecord {
	out := make([]PhaseRecord, 0, len(hist))
	for _, rec := range hist {
		pos, err := boardPosition(m, rec.Position)
		if err != nil {
			continue
		}
		vis := visibleTo(pos, pw)
		r := PhaseRecord{Choice: rec.Choice, Position: fogBoard(pos, vis), Orders: []diplomacy.OrderResultJSON{}}
		for _, o := range rec.Orders {
			if o.Power != m.PowerName(pw) && !orderSeen(m, rec.Choice, o.Order, vis) {
				continue
			}
			r.Orders = append(r.Orders, o)
		}
		out = append(out, r)
	}
	return out
}

// orderSeen reports whether the unit an order (or start choice) commands
// stands in a visible province.
func orderSeen(m *diplomacy.Map, choice bool, text string, vis []bool) bool {
	if choice {
		u, err := ParseChoice(m, text)
		return err == nil && vis[m.Prov(u.Loc)]
	}
	o, err := ParseOrder(m, text)
	if err != nil {
		return false
	}
	at := o.Unit.At
	if o.Kind == Merge && len(o.Parts) > 0 {
		at = o.Parts[0].At
	}
	return at != diplomacy.NoLoc && int(at) < len(m.Locs) && vis[m.Prov(at)]
}
