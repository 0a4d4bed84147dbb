package diplomacy

import (
	"fmt"
	"strings"
)

// Special borders: what some variant maps add to plain adjacency. They are
// data in the map file (borders, canals, railroads, a province's seasons
// and centre exceptions; docs/variants.md) and small hooks in the
// adjudicator and the legal-order generator. A map without any of them
// takes none of the hooks: Map.special is false and the resolver runs its
// plain path.

// BorderKind says what a special border does to units crossing it.
type BorderKind uint8

// The kinds of border.
const (
	// PlainBorder is an ordinary border.
	PlainBorder BorderKind = iota
	// WeakBorder (1900's Cape of Good Hope): a move across it has half its
	// strength; no unit supports across it; a retreat across it loses to
	// any other retreat into the same province.
	WeakBorder
	// RiverBorder (Imperium's Rhine and Danube): a move across it has one
	// strength less, cuts no support (unless it dislodges the supporter);
	// no unit supports across it, none retreats across it.
	RiverBorder
)

// String is the kind's name in the map file: "plain", "weak", "river".
func (k BorderKind) String() string {
	switch k {
	case WeakBorder:
		return "weak"
	case RiverBorder:
		return "river"
	}
	return "plain"
}

// Border is a special border between two adjacent provinces, for one unit
// type (NoUnit: both).
type Border struct {
	Kind BorderKind
	Unit UnitType
	A, B Province
}

// Canal links two provinces that do not touch, for one unit type: a unit of
// that type moves from one end to the other in one move when the unit
// standing in Via gives permission (Colonial's Suez Canal). Permission is
// that unit's order to support the move; it lends no strength.
type Canal struct {
	Unit UnitType
	A, B Province
	Via  Province
}

// Railroad is a line of stations along which one power's units of one type
// move from any station to any other in one move (Colonial's Trans-Siberian
// Railroad): one such move per power per turn, only while no unit of
// another power stands on a station in between, and never as an attack.
type Railroad struct {
	Power    Power
	Unit     UnitType
	Stations []Province
}

// borderRef is one special border seen from one of its provinces.
type borderRef struct {
	to   Province
	kind BorderKind
	unit UnitType
}

// What a unit's order does across a special border, in the resolver's
// per-province table (Adjudicator.bk). Zero is a plain order.
const (
	mvPlain  uint8 = iota
	mvWeak         // a move across a weak border
	mvRiver        // a move across a river border
	mvRail         // a move along a railroad
	mvCanal        // a move through a canal
	mvPermit       // a permission for a canal move (the unit holds)
)

// Reason codes of the special borders (after the rule variants' 200s).
const (
	ReasonClosed       Reason = 220 + iota // the province is impassable this season
	ReasonNoPermission                     // a canal move without the permission of the unit at the canal
	ReasonRailBusy                         // another unit of the power already uses the railroad this turn
	ReasonFrozen                           // a unit left in a province as it closes
)

// borderReasonText formats the special borders' reasons, "" for others.
func borderReasonText(o Outcome, m *Map) string {
	switch o.Reason {
	case ReasonClosed:
		return m.LocName(o.To) + " is impassable this season"
	case ReasonNoPermission:
		return "no permission to pass the canal"
	case ReasonRailBusy:
		return "another unit of the power uses the railroad this turn"
	case ReasonFrozen:
		return "the province closes: the unit must leave it"
	}
	return ""
}

// Special reports whether the map has special borders, seasonal provinces
// or centre exceptions, i.e. whether the resolver takes its special path.
func (m *Map) Special() bool { return m.special }

// BorderBetween is the kind of border a unit of type t crosses from p to q.
func (m *Map) BorderBetween(t UnitType, p, q Province) BorderKind {
	if m.borderAt == nil {
		return PlainBorder
	}
	for _, b := range m.borderAt[p] {
		if b.to == q && (b.unit == NoUnit || b.unit == t) {
			return b.kind
		}
	}
	return PlainBorder
}

// Open reports whether units may enter province p in season s: every
// province but a seasonal one (Loeb9's Arctic Ocean, water in spring only)
// outside its seasons.
func (m *Map) Open(p Province, s Season) bool {
	return m.openMask == nil || m.openMask[p] == 0 || m.openMask[p]&(1<<s) != 0
}

// CenterFor reports whether centre p counts for power pw: Colonial's Hong
// Kong counts for every power but China.
func (m *Map) CenterFor(p Province, pw Power) bool {
	for _, x := range m.Provinces[p].CenterExcept {
		if x == pw {
			return false
		}
	}
	return true
}

// canalFor is the canal a unit of type t takes from p to q, or -1 (also
// when Black Hole destroyed one of its provinces).
func (m *Map) canalFor(t UnitType, p, q Province) int {
	for i, c := range m.Canals {
		if c.Unit == t && (c.A == p && c.B == q || c.B == p && c.A == q) &&
			!m.Swallowed(c.A) && !m.Swallowed(c.B) && !m.Swallowed(c.Via) {
			return i
		}
	}
	return -1
}

// railMove reports whether a unit of type t and power pw moves from p to q
// along a railroad in pos: both are stations of one of pw's lines, and no
// unit of another power stands on a station between them (and Black Hole
// destroyed none of them).
func (m *Map) railMove(pos *Position, pw Power, t UnitType, p, q Province) bool {
	for _, r := range m.Railroads {
		if r.Power != pw || r.Unit != t {
			continue
		}
		i, j := -1, -1
		for k, s := range r.Stations {
			if s == p {
				i = k
			}
			if s == q {
				j = k
			}
		}
		if i < 0 || j < 0 || i == j {
			continue
		}
		if i > j {
			i, j = j, i
		}
		free := true
		for _, s := range r.Stations[i : j+1] {
			if u := pos.Units[s]; u.Type != NoUnit && u.Power != pw && s != p && s != q || m.Swallowed(s) {
				free = false
			}
		}
		if free {
			return true
		}
	}
	return false
}

// The map file's special fields.
type borderFile struct {
	Kind    string    `json:"kind"`
	Unit    string    `json:"unit"`
	Between [2]string `json:"between"`
	Via     string    `json:"via"`
}

type railroadFile struct {
	Power    string   `json:"power"`
	Unit     string   `json:"unit"`
	Stations []string `json:"stations"`
}

func unitTypeOf(s string) (UnitType, error) {
	switch s {
	case "":
		return NoUnit, nil
	case "army":
		return Army, nil
	case "fleet":
		return Fleet, nil
	}
	return NoUnit, fmt.Errorf("unknown unit type %q", s)
}

// parseSpecial reads the special borders, canals, railroads, seasons and
// centre exceptions of map file f (after the provinces and adjacency).
func (m *Map) parseSpecial(f *mapFile, provIdx map[string]Province) error {
	prov := func(what, id string) (Province, error) {
		p, ok := provIdx[id]
		if !ok {
			return 0, fmt.Errorf("%s: unknown province %q", what, id)
		}
		return p, nil
	}
	for i, pf := range f.Provinces {
		for _, s := range pf.Seasons {
			var bit uint8
			switch s {
			case "spring":
				bit = 1 << Spring
			case "fall":
				bit = 1 << Fall
			case "winter":
				bit = 1 << Winter
			default:
				return fmt.Errorf("province %q: unknown season %q", pf.ID, s)
			}
			if m.openMask == nil {
				m.openMask = make([]uint8, len(m.Provinces))
			}
			m.openMask[i] |= bit
			m.special = true
		}
		for _, id := range pf.CenterExcept {
			pw, ok := m.powerNames[id]
			if !ok {
				return fmt.Errorf("province %q: unknown power %q in center_except", pf.ID, id)
			}
			m.Provinces[i].CenterExcept = append(m.Provinces[i].CenterExcept, pw)
			m.special = true
		}
	}
	for _, bf := range f.Borders {
		what := "border " + strings.Join(bf.Between[:], "-")
		a, err := prov(what, bf.Between[0])
		if err != nil {
			return err
		}
		b, err := prov(what, bf.Between[1])
		if err != nil {
			return err
		}
		t, err := unitTypeOf(bf.Unit)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if a == b {
			return fmt.Errorf("%s: a province with itself", what)
		}
		m.special = true
		if bf.Kind == "canal" {
			if t == NoUnit {
				return fmt.Errorf("%s: a canal names its unit type", what)
			}
			via, err := prov(what+" via", bf.Via)
			if err != nil {
				return err
			}
			if m.Reaches(t, Loc(a), b) {
				return fmt.Errorf("%s: the canal's ends already touch", what)
			}
			if len(m.Provinces[a].Coasts)+len(m.Provinces[b].Coasts) > 0 {
				return fmt.Errorf("%s: a canal end with several coasts", what)
			}
			m.Canals = append(m.Canals, Canal{Unit: t, A: a, B: b, Via: via})
			continue
		}
		var k BorderKind
		switch bf.Kind {
		case "weak":
			k = WeakBorder
		case "river":
			k = RiverBorder
		default:
			return fmt.Errorf("%s: unknown kind %q", what, bf.Kind)
		}
		if !m.adjacentFor(t, a, b) {
			return fmt.Errorf("%s: the provinces do not touch", what)
		}
		if m.borderAt == nil {
			m.borderAt = make([][]borderRef, len(m.Provinces))
		}
		m.borderAt[a] = append(m.borderAt[a], borderRef{b, k, t})
		m.borderAt[b] = append(m.borderAt[b], borderRef{a, k, t})
		m.Borders = append(m.Borders, Border{Kind: k, Unit: t, A: a, B: b})
	}
	for _, rf := range f.Railroads {
		pw, ok := m.powerNames[rf.Power]
		if !ok {
			return fmt.Errorf("railroad: unknown power %q", rf.Power)
		}
		t, err := unitTypeOf(rf.Unit)
		if err != nil || t == NoUnit {
			return fmt.Errorf("railroad: unit type %q: want army or fleet", rf.Unit)
		}
		r := Railroad{Power: pw, Unit: t}
		for _, id := range rf.Stations {
			p, err := prov("railroad", id)
			if err != nil {
				return err
			}
			if !m.CanStand(t, Loc(p)) {
				return fmt.Errorf("railroad: no %s stands at %q", t.Name(), id)
			}
			r.Stations = append(r.Stations, p)
		}
		if len(r.Stations) < 3 {
			return fmt.Errorf("railroad: %d stations, want at least 3", len(r.Stations))
		}
		m.Railroads = append(m.Railroads, r)
		m.special = true
	}
	return nil
}

// adjacentFor reports whether a unit of type t (NoUnit: either) moves
// between provinces a and b over a plain border.
func (m *Map) adjacentFor(t UnitType, a, b Province) bool {
	army := m.ArmyAdjacent(a, b)
	fleet := m.fleetTouches(a, b)
	switch t {
	case Army:
		return army
	case Fleet:
		return fleet
	}
	return army || fleet
}

// fleetTouches reports whether a fleet at some location of a reaches b.
func (m *Map) fleetTouches(a, b Province) bool {
	if m.FleetReaches(Loc(a), b) {
		return true
	}
	for _, c := range m.Provinces[a].Coasts {
		if m.FleetReaches(c, b) {
			return true
		}
	}
	return false
}

// specialMove applies the special borders to a move from p to q, which
// moveTarget judged (dest, why): a closed province refuses it; a weak or
// river border marks it; a canal or railroad makes a move that plain
// adjacency does not. It returns the judgement, and a non-Succeeds outcome
// when the order is refused (Invalid) or cannot be carried out (Fails).
func (a *Adjudicator) specialMove(pos *Position, p, q Province, dest Loc, why Reason) (Loc, Reason, Outcome) {
	m := a.m
	u := pos.Units[p]
	if !m.Open(q, pos.Phase.Season) {
		return dest, why, invalid(ReasonClosed, u.Type, u.Loc, Loc(q))
	}
	if why == NoReason {
		switch m.BorderBetween(u.Type, p, q) {
		case WeakBorder:
			a.bk[p] = mvWeak
		case RiverBorder:
			a.bk[p] = mvRiver
		}
		return dest, why, Outcome{}
	}
	if m.canalFor(u.Type, p, q) >= 0 {
		a.bk[p] = mvCanal
		return Loc(q), NoReason, Outcome{}
	}
	if m.railMove(pos, u.Power, u.Type, p, q) {
		w, bit := u.Power>>6, uint64(1)<<(u.Power&63)
		if a.railUsed[w]&bit != 0 {
			return dest, why, Outcome{Result: Fails, Reason: ReasonRailBusy}
		}
		a.railUsed[w] |= bit
		a.bk[p] = mvRail
		return Loc(q), NoReason, Outcome{}
	}
	return dest, why, Outcome{}
}

// permits reports whether the unit in p, ordered to support the unit su in
// s into target, gives the permission of a canal: p is the canal's Via and
// s and target its ends.
func (a *Adjudicator) permits(p Province, su Unit, s, target Province) bool {
	for _, c := range a.m.Canals {
		if c.Via == p && c.Unit == su.Type && (c.A == s && c.B == target || c.B == s && c.A == target) {
			return true
		}
	}
	return false
}

// supportsAcross reports whether a unit of type t in p may support into
// target as far as special borders go: target is open this season and not
// across a weak or river border.
func (a *Adjudicator) supportsAcross(pos *Position, t UnitType, p, target Province) bool {
	return a.m.Open(target, pos.Phase.Season) && a.m.BorderBetween(t, p, target) == PlainBorder
}

// settleCanals matches canal moves with permissions: a permission whose
// move was not ordered is void; a canal move without permission fails and
// the unit holds.
func (a *Adjudicator) settleCanals(out []Outcome) {
	for _, p := range a.active {
		if a.bk[p] != mvPermit {
			continue
		}
		s := a.src[p]
		if a.kind[s] != kMove || a.bk[s] != mvCanal || a.dst[s] != a.dst[p] {
			a.bk[p] = mvPlain
			out[a.order[p]] = Outcome{Result: Fails, Reason: ReasonVoid}
		}
	}
	for _, p := range a.active {
		if a.kind[p] != kMove || a.bk[p] != mvCanal {
			continue
		}
		v := a.m.Canals[a.m.canalFor(a.utype[p], p, a.dst[p])].Via
		if a.bk[v] != mvPermit || a.src[v] != p {
			a.kind[p], a.dst[p], a.bk[p] = kHold, p, mvPlain
			out[a.order[p]] = Outcome{Result: Fails, Reason: ReasonNoPermission}
		}
	}
	for _, p := range a.active {
		if a.bk[p] == mvPermit {
			a.src[p], a.dst[p] = p, p
		}
	}
}

// reportFrozen fails the order of each unit that stays in a province closed
// this season (it is dislodged by apply).
func (a *Adjudicator) reportFrozen(pos *Position, out []Outcome) {
	if a.m.openMask == nil {
		return
	}
	for _, p := range a.active {
		if a.m.Open(p, pos.Phase.Season) || a.kind[p] == kMove && a.res[p] {
			continue
		}
		if i := a.order[p]; i >= 0 {
			out[i] = Outcome{Result: Fails, Reason: ReasonFrozen}
		}
	}
}

// freeze dislodges every unit standing, after the moves, in a province
// closed this season; it retreats as if attacked from nowhere.
func (a *Adjudicator) freeze(pos *Position, dis []Dislodged) []Dislodged {
	for _, p := range a.active {
		u := pos.Units[p]
		if u.Type == NoUnit || a.m.Open(p, pos.Phase.Season) {
			continue
		}
		d := Dislodged{Unit: u, AttackerFrom: p}
		if len(dis) < cap(dis) {
			d.Retreats = dis[:len(dis)+1][len(dis)].Retreats[:0]
		}
		dis = append(dis, d)
		pos.Units[p] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	}
	return dis
}

// Strengths on the special path are scaled so that halves and zeroes
// compare as integers: a unit of strength s (which may be a half, or zero
// for an unsupported move across a river) counts 2s+1; nothing counts 0.
// So an unsupported river crossing (1) still enters an empty province and
// bounces another (1), but loses to any unit of strength one (3); a Cape
// move (strength ½: 2) beats a river crossing, bounces another Cape move,
// and loses to any standing unit.

// moveScaled is the scaled strength of the move from p with n supports.
func (a *Adjudicator) moveScaled(p Province, n int) int {
	switch a.bk[p] {
	case mvWeak:
		return n + 2 // (1+n)/2
	case mvRiver:
		return 2*n + 1 // n
	}
	return 2*n + 3 // 1+n
}

func (a *Adjudicator) moveSucceedsSpecial(p Province) bool {
	if !a.path(p) {
		return false
	}
	atk := a.attackScaled(p)
	if atk == 0 {
		return false
	}
	d := a.dst[p]
	if a.headToHead(p) {
		if atk <= a.moveScaled(d, a.supportCount(d, NoPower)) {
			return false
		}
	} else if atk <= a.holdScaled(d) {
		return false
	}
	for r := a.inHead[d]; r >= 0; r = a.inNext[r] {
		if Province(r) != p && atk <= a.preventScaled(Province(r)) {
			return false
		}
	}
	return true
}

func (a *Adjudicator) attackScaled(p Province) int {
	d := a.dst[p]
	if a.kind[d] == kNone || (a.kind[d] == kMove && !a.headToHead(p) && a.resolve(d)) {
		return a.moveScaled(p, a.supportCount(p, NoPower))
	}
	if a.bk[p] == mvRail || a.power[d] == a.power[p] {
		return 0 // a railroad move never attacks
	}
	return a.moveScaled(p, a.supportCount(p, a.power[d]))
}

func (a *Adjudicator) preventScaled(r Province) int {
	if !a.path(r) {
		return 0
	}
	if a.headToHead(r) && a.resolve(a.dst[r]) {
		return 0
	}
	return a.moveScaled(r, a.supportCount(r, NoPower))
}

func (a *Adjudicator) holdScaled(d Province) int {
	switch a.kind[d] {
	case kNone:
		return 0
	case kMove:
		if a.resolve(d) {
			return 0
		}
		return 3
	}
	return 2*a.supportCount(d, NoPower) + 3
}
