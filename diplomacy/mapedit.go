package diplomacy

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Map edits: the rule variants whose board changes during play (Black Hole,
// Seismic, Schizodiplomacy) derive a map from an embedded one by a list of
// edits applied in order. A derived map is immutable like any other; it is
// rebuilt from its base map and its edits, so a saved game records only
// the edits (by province id), never the derived map.
//
// Province and location indices of the base map stay valid on every map
// derived from it except that a split appends a province, and so moves every
// coast location (which follow the provinces) up by one; code that keeps
// locations across a split goes through their ids (Position.OnMap).

// EditOp is the kind of a map edit.
type EditOp uint8

// The map edits.
const (
	// EditDestroy removes province A from play (Black Hole, Schizo): no
	// unit may stand or move there and it is no centre; the provinces that
	// touched it touch each other (armies between its army neighbours,
	// fleets between its fleet neighbours, never two coasts of one province).
	EditDestroy EditOp = iota + 1
	// EditSplit adds a twin of province A (Schizo): same kind, centre and
	// home status, the same neighbours, and adjacent to A (armies if A is
	// land, fleets if A is sea or coast). Its id is A's id with the first
	// free number from 2 appended ("bre2"), its name A's with " II" (or
	// " III", …). Provinces with split coasts are not split.
	EditSplit
	// EditConnect makes A and B adjacent (Seismic): for armies if both are
	// land, for fleets if both are sea or coast and some location is a
	// fleet neighbour of both. Provinces with split coasts are not
	// connected. It must add at least one adjacency.
	EditConnect
	// EditSeparate removes every border between A and B (Seismic), for
	// armies and for fleets on every coast. They must touch.
	EditSeparate
	// EditMajority makes victory a majority of the centres that exist,
	// floor(n/2)+1, counted again after every later edit (Schizo).
	EditMajority
)

var editOpNames = [...]string{"", "destroy", "split", "connect", "separate", "majority"}

// String is the edit's word: "destroy", "split", …
func (op EditOp) String() string {
	if int(op) < len(editOpNames) && op != 0 {
		return editOpNames[op]
	}
	return "?"
}

// MapEdit is one change of the board, naming provinces by id.
type MapEdit struct {
	Op   EditOp
	A, B string // B only for connect and separate
}

// String is the edit as ParseMapEdit reads it: "split bre", "connect par mun".
func (e MapEdit) String() string {
	switch e.Op {
	case EditMajority:
		return e.Op.String()
	case EditConnect, EditSeparate:
		return e.Op.String() + " " + e.A + " " + e.B
	}
	return e.Op.String() + " " + e.A
}

// ParseMapEdit reads an edit as String writes it. It checks the form only;
// whether the provinces exist is checked when the edit is applied.
func ParseMapEdit(s string) (MapEdit, error) {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return MapEdit{}, fmt.Errorf("map edit: empty")
	}
	var e MapEdit
	for i, n := range editOpNames {
		if i > 0 && f[0] == n {
			e.Op = EditOp(i)
		}
	}
	want := 2
	switch e.Op {
	case 0:
		return e, fmt.Errorf("map edit %q: unknown edit %q (want destroy, split, connect, separate or majority)", s, f[0])
	case EditMajority:
		want = 1
	case EditConnect, EditSeparate:
		want = 3
	}
	if len(f) != want {
		return e, fmt.Errorf("map edit %q: %s takes %d province(s)", s, e.Op, want-1)
	}
	if want > 1 {
		e.A = f[1]
	}
	if want > 2 {
		e.B = f[2]
	}
	return e, nil
}

// maxEditLocs caps the locations of a derived map: a split that would pass
// it is refused (Schizo then splits nothing). The largest embedded map has
// under 400 locations.
const maxEditLocs = 1024

var (
	editMu    sync.Mutex
	editCache = map[string]*Map{}
)

// editCacheMax bounds the cache of derived maps; past it the cache starts
// again (maps in use stay alive through their positions).
const editCacheMax = 2048

// Base is the embedded map this one was derived from (itself if none).
func (m *Map) Base() *Map {
	if m.editBase != nil {
		return m.editBase
	}
	return m
}

// Edits lists the edits that derived m from its base map, in order.
func (m *Map) Edits() []MapEdit { return m.edits }

// Holes lists the destroyed provinces, in the order they went.
func (m *Map) Holes() []Province { return m.holes }

// Swallowed reports whether province p has been destroyed.
func (m *Map) Swallowed(p Province) bool { return int(p) < len(m.swallowed) && m.swallowed[p] }

// WithEdits returns m with more edits applied, in order, or an error naming
// the first edit that does not apply (and m is unchanged: maps are
// immutable). Results are cached.
func (m *Map) WithEdits(edits ...MapEdit) (*Map, error) {
	if len(edits) == 0 {
		return m, nil
	}
	base := m.Base()
	all := append(append([]MapEdit(nil), m.edits...), edits...)
	var key strings.Builder
	key.WriteString(base.ID)
	for _, e := range all {
		key.WriteString(":" + e.String())
	}
	editMu.Lock()
	h, ok := editCache[key.String()]
	editMu.Unlock()
	if ok {
		return h, nil
	}
	h = m.editableCopy()
	h.editBase = base
	for _, e := range edits {
		if err := h.apply(e); err != nil {
			return nil, fmt.Errorf("map edit %q: %w", e, err)
		}
	}
	h.edits = all
	h.index()
	if h.majority {
		n := 0
		for i, p := range h.Provinces {
			if p.Center && !h.swallowed[i] {
				n++
			}
		}
		h.Victory = n/2 + 1
	}
	editMu.Lock()
	defer editMu.Unlock()
	if c, ok := editCache[key.String()]; ok {
		return c, nil
	}
	if len(editCache) >= editCacheMax {
		editCache = map[string]*Map{}
	}
	editCache[key.String()] = h
	return h, nil
}

// editableCopy copies what the edits change; the name tables stay shared
// until a split needs its own.
func (m *Map) editableCopy() *Map {
	h := *m
	h.Provinces = append([]ProvinceInfo(nil), m.Provinces...)
	h.Locs = append([]LocInfo(nil), m.Locs...)
	h.Powers = append([]PowerInfo(nil), m.Powers...)
	for i := range h.Powers {
		h.Powers[i].Homes = append([]Province(nil), m.Powers[i].Homes...)
		h.Powers[i].Centers = append([]Province(nil), m.Powers[i].Centers...)
	}
	h.StartUnits = append([]Unit(nil), m.StartUnits...)
	h.armyAdj = make([][]Province, len(m.armyAdj))
	for i, l := range m.armyAdj {
		h.armyAdj[i] = append([]Province(nil), l...)
	}
	h.fleetAdj = make([][]Loc, len(m.fleetAdj))
	for i, l := range m.fleetAdj {
		h.fleetAdj[i] = append([]Loc(nil), l...)
	}
	h.swallowed = make([]bool, len(m.Provinces))
	copy(h.swallowed, m.swallowed)
	h.holes = append([]Province(nil), m.holes...)
	h.routes, h.touch = nil, nil
	return &h
}

// provByID finds a standing province by its exact id.
func (m *Map) provByID(id string) (Province, error) {
	for i, p := range m.Provinces {
		if p.ID == id {
			if m.swallowed[i] {
				return 0, fmt.Errorf("%s has been destroyed", id)
			}
			return Province(i), nil
		}
	}
	return 0, fmt.Errorf("unknown province %q", id)
}

// apply carries out one edit on an editable copy (adjacency lists only: the
// bit sets are rebuilt once all edits are in).
func (m *Map) apply(e MapEdit) error {
	if e.Op == EditMajority {
		m.majority = true
		return nil
	}
	a, err := m.provByID(e.A)
	if err != nil {
		return err
	}
	switch e.Op {
	case EditDestroy:
		m.swallowed[a] = true
		m.holes = append(m.holes, a)
		m.swallow(a)
		for i := range m.Powers {
			m.Powers[i].Homes = removeProv(m.Powers[i].Homes, a)
		}
		return nil
	case EditSplit:
		return m.split(a)
	case EditConnect, EditSeparate:
		b, err := m.provByID(e.B)
		if err != nil {
			return err
		}
		if a == b {
			return fmt.Errorf("a province and itself")
		}
		if e.Op == EditConnect {
			return m.connect(a, b)
		}
		return m.separate(a, b)
	}
	return fmt.Errorf("unknown edit")
}

func addArmy(m *Map, a, b Province) {
	if !containsProv(m.armyAdj[a], b) {
		m.armyAdj[a] = append(m.armyAdj[a], b)
	}
	if !containsProv(m.armyAdj[b], a) {
		m.armyAdj[b] = append(m.armyAdj[b], a)
	}
}

func addFleet(m *Map, a, b Loc) {
	if !containsLoc(m.fleetAdj[a], b) {
		m.fleetAdj[a] = append(m.fleetAdj[a], b)
	}
	if !containsLoc(m.fleetAdj[b], a) {
		m.fleetAdj[b] = append(m.fleetAdj[b], a)
	}
}

// twinID is the first free id and name for a twin of province p.
func (m *Map) twinID(p Province) (string, string) {
	roman := []string{"II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}
	for n := 2; ; n++ {
		id := m.Provinces[p].ID + strconv.Itoa(n)
		name := m.Provinces[p].Name + " " + strconv.Itoa(n)
		if n-2 < len(roman) {
			name = m.Provinces[p].Name + " " + roman[n-2]
		}
		_, idTaken := m.names[normalize(id)]
		_, nameTaken := m.names[normalize(name)]
		if !idTaken && !nameTaken {
			return id, name
		}
	}
}

// split appends a twin of province x (EditSplit). The new province's
// location goes right after the provinces, so every coast location moves up
// by one.
func (m *Map) split(x Province) error {
	px := m.Provinces[x]
	if len(px.Coasts) > 0 {
		return fmt.Errorf("%s has split coasts and cannot be split", px.ID)
	}
	if len(m.Locs)+1 > maxEditLocs {
		return fmt.Errorf("the map has %d locations, the most a split may make", maxEditLocs)
	}
	np := len(m.Provinces)
	twin, twinLoc := Province(np), Loc(np)
	shift := func(l Loc) Loc {
		if l != NoLoc && int(l) >= np {
			return l + 1
		}
		return l
	}
	id, name := m.twinID(x)
	// Locations: insert the twin's, move the coasts up.
	locs := make([]LocInfo, 0, len(m.Locs)+1)
	locs = append(locs, m.Locs[:np]...)
	locs = append(locs, LocInfo{ID: id, Prov: twin})
	locs = append(locs, m.Locs[np:]...)
	m.Locs = locs
	for i := range m.Provinces {
		if len(m.Provinces[i].Coasts) > 0 {
			cs := make([]Loc, len(m.Provinces[i].Coasts))
			for j, c := range m.Provinces[i].Coasts {
				cs[j] = shift(c)
			}
			m.Provinces[i].Coasts = cs
		}
	}
	fleet := make([][]Loc, len(m.Locs))
	for l, tos := range m.fleetAdj {
		for j := range tos {
			tos[j] = shift(tos[j])
		}
		fleet[shift(Loc(l))] = tos
	}
	m.fleetAdj = fleet
	for i := range m.StartUnits {
		m.StartUnits[i].Loc = shift(m.StartUnits[i].Loc)
	}
	names := make(map[string]Loc, len(m.names)+2)
	for k, l := range m.names {
		names[k] = shift(l)
	}
	prefixes := make(map[string]bool, len(m.prefixes)+2)
	for k, v := range m.prefixes {
		prefixes[k] = v
	}
	m.names, m.prefixes = names, prefixes
	m.addName(id, twinLoc)
	m.addName(name, twinLoc)
	// The twin province: same kind, centre and home.
	m.Provinces = append(m.Provinces, ProvinceInfo{ID: id, Name: name, Kind: px.Kind, Center: px.Center, Home: px.Home})
	m.armyAdj = append(m.armyAdj, nil)
	m.swallowed = append(m.swallowed, false)
	for i := range m.Powers {
		if containsProv(m.Powers[i].Homes, x) {
			m.Powers[i].Homes = append(m.Powers[i].Homes, twin)
		}
		if containsProv(m.Powers[i].Centers, x) {
			m.Powers[i].Centers = append(m.Powers[i].Centers, twin)
		}
	}
	// Its borders: those of x, and x itself.
	if px.Kind != Sea {
		for _, q := range append([]Province(nil), m.armyAdj[x]...) {
			addArmy(m, twin, q)
		}
		addArmy(m, twin, x)
	}
	if px.Kind != Inland {
		for _, k := range append([]Loc(nil), m.fleetAdj[Loc(x)]...) {
			addFleet(m, twinLoc, k)
		}
		addFleet(m, twinLoc, Loc(x))
	}
	m.splitSpecial(x, twin)
	return nil
}

// splitSpecial gives the twin of x the special borders and seasons of x
// (borders.go): its borders are x's, so they are as weak or as wide as x's.
// The tables are copied, never changed in place: the base map shares them.
func (m *Map) splitSpecial(x, twin Province) {
	if m.openMask != nil {
		m.openMask = append(append([]uint8(nil), m.openMask...), m.openMask[x])
	}
	if m.borderAt == nil {
		return
	}
	at := make([][]borderRef, len(m.Provinces))
	for i, refs := range m.borderAt {
		at[i] = append([]borderRef(nil), refs...)
	}
	borders := append([]Border(nil), m.Borders...)
	for _, r := range m.borderAt[x] {
		at[twin] = append(at[twin], borderRef{to: r.to, kind: r.kind, unit: r.unit})
		at[r.to] = append(at[r.to], borderRef{to: twin, kind: r.kind, unit: r.unit})
	}
	for _, b := range m.Borders {
		switch x {
		case b.A:
			borders = append(borders, Border{Kind: b.Kind, Unit: b.Unit, A: twin, B: b.B})
		case b.B:
			borders = append(borders, Border{Kind: b.Kind, Unit: b.Unit, A: b.A, B: twin})
		}
	}
	m.borderAt, m.Borders = at, borders
}

// fleetNeighbourOfBoth reports whether some location is a fleet neighbour
// of both a and b (provinces without split coasts).
func (m *Map) fleetNeighbourOfBoth(a, b Province) bool {
	for _, k := range m.fleetAdj[Loc(a)] {
		if containsLoc(m.fleetAdj[Loc(b)], k) {
			return true
		}
	}
	return false
}

// connect makes a and b adjacent (EditConnect).
func (m *Map) connect(a, b Province) error {
	pa, pb := m.Provinces[a], m.Provinces[b]
	if len(pa.Coasts) > 0 || len(pb.Coasts) > 0 {
		return fmt.Errorf("provinces with split coasts are not connected")
	}
	added := false
	if pa.Kind != Sea && pb.Kind != Sea && !containsProv(m.armyAdj[a], b) {
		addArmy(m, a, b)
		added = true
	}
	if pa.Kind != Inland && pb.Kind != Inland && !containsLoc(m.fleetAdj[Loc(a)], Loc(b)) && m.fleetNeighbourOfBoth(a, b) {
		addFleet(m, Loc(a), Loc(b))
		added = true
	}
	if !added {
		return fmt.Errorf("%s and %s cannot be connected further", pa.ID, pb.ID)
	}
	return nil
}

// separate removes every border between a and b (EditSeparate).
func (m *Map) separate(a, b Province) error {
	removed := false
	if containsProv(m.armyAdj[a], b) {
		m.armyAdj[a] = removeProv(m.armyAdj[a], b)
		m.armyAdj[b] = removeProv(m.armyAdj[b], a)
		removed = true
	}
	locsA := append([]Loc{Loc(a)}, m.Provinces[a].Coasts...)
	locsB := append([]Loc{Loc(b)}, m.Provinces[b].Coasts...)
	for _, la := range locsA {
		for _, lb := range locsB {
			if containsLoc(m.fleetAdj[la], lb) {
				m.fleetAdj[la] = removeLoc(m.fleetAdj[la], lb)
				m.fleetAdj[lb] = removeLoc(m.fleetAdj[lb], la)
				removed = true
			}
		}
	}
	if !removed {
		return fmt.Errorf("%s and %s do not touch", m.Provinces[a].ID, m.Provinces[b].ID)
	}
	return nil
}

func removeLoc(list []Loc, x Loc) []Loc {
	out := list[:0]
	for _, l := range list {
		if l != x {
			out = append(out, l)
		}
	}
	return out
}

// Touch reports whether provinces a and b share a border, for armies or for
// fleets on any coast.
func (m *Map) Touch(a, b Province) bool {
	if m.ArmyAdjacent(a, b) {
		return true
	}
	for _, la := range append([]Loc{Loc(a)}, m.Provinces[a].Coasts...) {
		if m.FleetReaches(la, b) {
			return true
		}
	}
	return false
}

// EditNames lists the edits as strings, leaving out "majority" (a rule of
// the game, not a change of the board); nil when none.
func (m *Map) EditNames() []string {
	var out []string
	for _, e := range m.edits {
		if e.Op != EditMajority {
			out = append(out, e.String())
		}
	}
	return out
}

// onlyDestroys reports whether every board edit of m is a destruction, so
// that its destroyed provinces ("holes") describe it.
func (m *Map) onlyDestroys() bool {
	for _, e := range m.edits {
		if e.Op != EditDestroy && e.Op != EditMajority {
			return false
		}
	}
	return true
}

// mapFromJSON rebuilds a derived map from base: the settings' own edits
// (Schizo: majority), then either the edits or, without them, the holes.
// When both are given the holes must be the edits' destructions.
func mapFromJSON(base *Map, set Settings, holes, edits []string) (*Map, error) {
	var all []MapEdit
	if set.Schizo {
		all = append(all, MapEdit{Op: EditMajority})
	}
	if len(edits) > 0 {
		var destroyed []string
		for _, s := range edits {
			e, err := ParseMapEdit(s)
			if err != nil {
				return nil, fmt.Errorf("edits: %w", err)
			}
			if e.Op == EditMajority {
				continue
			}
			if e.Op == EditDestroy {
				destroyed = append(destroyed, e.A)
			}
			all = append(all, e)
		}
		if len(holes) > 0 && strings.Join(holes, " ") != strings.Join(destroyed, " ") {
			return nil, fmt.Errorf("holes %v do not match the destroy edits %v", holes, destroyed)
		}
	} else {
		for _, id := range holes {
			l, ok := base.locByID(id)
			if !ok {
				return nil, fmt.Errorf("holes: unknown province %q", id)
			}
			all = append(all, MapEdit{Op: EditDestroy, A: base.ProvName(base.Prov(l))})
		}
	}
	m, err := base.WithEdits(all...)
	if err != nil {
		return nil, fmt.Errorf("edits: %w", err)
	}
	return m, nil
}

// OnMap returns the position carried to m, a map derived from (or the base
// of) the position's own: units, dislodged units and centre owners by id.
// Those whose province m has destroyed, or where the unit cannot stand, are
// dropped.
func (p *Position) OnMap(m *Map) *Position {
	old := p.Map
	q := NewPosition(m)
	q.Phase = p.Phase
	locs := make(map[string]Loc, len(m.Locs))
	for i, l := range m.Locs {
		locs[l.ID] = Loc(i)
	}
	to := func(l Loc) (Loc, bool) {
		if l == NoLoc || int(l) >= len(old.Locs) {
			return NoLoc, false
		}
		k, ok := locs[old.Locs[l].ID]
		return k, ok && !m.Swallowed(m.Prov(k))
	}
	for _, u := range p.Units {
		if u.Type == NoUnit {
			continue
		}
		if k, ok := to(u.Loc); ok && m.CanStand(u.Type, k) {
			u.Loc = k
			q.Units[m.Prov(k)] = u
		}
	}
	for _, d := range p.Dislodged {
		k, ok := to(d.Loc)
		if !ok {
			continue
		}
		d.Loc = k
		from, ok := to(Loc(d.AttackerFrom))
		d.AttackerFrom = m.Prov(k)
		if ok {
			d.AttackerFrom = m.Prov(from)
		}
		var rs []Loc
		for _, r := range d.Retreats {
			if k, ok := to(r); ok {
				rs = append(rs, k)
			}
		}
		d.Retreats = rs
		q.Dislodged = append(q.Dislodged, d)
	}
	for i, o := range p.Owners {
		if o == NoPower {
			continue
		}
		if k, ok := to(Loc(i)); ok && m.Provinces[m.Prov(k)].Center {
			q.Owners[m.Prov(k)] = o
		}
	}
	return q
}
