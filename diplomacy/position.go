package diplomacy

import (
	"fmt"
)

// Season is spring, fall or winter.
type Season uint8

// The seasons of a Diplomacy year.
const (
	Spring Season = iota
	Fall
	Winter
)

var seasonNames = [...]string{"spring", "fall", "winter"}

// String is the season's lower-case name.
func (s Season) String() string {
	if int(s) < len(seasonNames) {
		return seasonNames[s]
	}
	return "?"
}

// PhaseType is movement, retreat or adjustment.
type PhaseType uint8

// The phase types.
const (
	Movement PhaseType = iota
	Retreat
	Adjustment
)

var phaseTypeNames = [...]string{"movement", "retreat", "adjustment"}

// String is the phase type's lower-case name.
func (t PhaseType) String() string {
	if int(t) < len(phaseTypeNames) {
		return phaseTypeNames[t]
	}
	return "?"
}

// Phase names one phase of the game: Spring 1901 movement.
type Phase struct {
	Season Season
	Year   int
	Type   PhaseType
}

// String is like "spring 1901 movement".
func (p Phase) String() string { return fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type) }

// Unit is a unit on the board.
type Unit struct {
	Type  UnitType
	Power Power
	Loc   Loc
}

// Dislodged is a unit that must retreat: where it was, where its attacker
// came from, and where it may go.
type Dislodged struct {
	Unit
	AttackerFrom Province
	Retreats     []Loc // legal retreat locations, as the movement phase left them
}

// Position is the state of a board between phases: the phase to play, the
// units (one per province at most), the dislodged units of a retreat phase,
// and who owns each supply centre.
type Position struct {
	Map       *Map
	Phase     Phase
	Units     []Unit  // indexed by Province; Type NoUnit where empty
	Owners    []Power // indexed by Province; NoPower where unowned or no centre
	Dislodged []Dislodged
}

// NewPosition returns an empty board on m in m's first phase, with the
// starting centres owned but no units.
func NewPosition(m *Map) *Position {
	p := &Position{Map: m, Phase: m.Start,
		Units: make([]Unit, len(m.Provinces)), Owners: make([]Power, len(m.Provinces))}
	for i := range p.Owners {
		p.Owners[i] = NoPower
		p.Units[i] = Unit{Power: NoPower, Loc: NoLoc}
	}
	return p
}

// StartPosition returns m's opening position: starting units and centres.
func StartPosition(m *Map) *Position {
	p := NewPosition(m)
	for i, pw := range m.Powers {
		for _, c := range pw.Centers {
			p.Owners[c] = Power(i)
		}
	}
	for _, u := range m.StartUnits {
		p.Units[m.Prov(u.Loc)] = u
	}
	return p
}

// Clone copies the position.
func (p *Position) Clone() *Position {
	q := &Position{Map: p.Map, Phase: p.Phase,
		Units: append([]Unit(nil), p.Units...), Owners: append([]Power(nil), p.Owners...)}
	for _, d := range p.Dislodged {
		d.Retreats = append([]Loc(nil), d.Retreats...)
		q.Dislodged = append(q.Dislodged, d)
	}
	return q
}

// Place puts a unit on the board, replacing whatever stood in its province.
func (p *Position) Place(u Unit) { p.Units[p.Map.Prov(u.Loc)] = u }

// UnitAt is the unit in province pr, if any.
func (p *Position) UnitAt(pr Province) (Unit, bool) {
	u := p.Units[pr]
	return u, u.Type != NoUnit
}

// CountUnits counts each power's units; the result is indexed by Power.
func (p *Position) CountUnits() []int {
	return p.countUnitsInto(make([]int, len(p.Map.Powers)))
}

func (p *Position) countUnitsInto(n []int) []int {
	n = n[:len(p.Map.Powers)]
	for i := range n {
		n[i] = 0
	}
	for _, u := range p.Units {
		if u.Type != NoUnit {
			n[u.Power]++
		}
	}
	return n
}

// CountCenters counts each power's supply centres; indexed by Power.
func (p *Position) CountCenters() []int {
	return p.countCentersInto(make([]int, len(p.Map.Powers)))
}

func (p *Position) countCentersInto(n []int) []int {
	n = n[:len(p.Map.Powers)]
	for i := range n {
		n[i] = 0
	}
	for _, o := range p.Owners {
		if o != NoPower {
			n[o]++
		}
	}
	return n
}

// Winner is the power that owns at least the map's victory count of
// centres, or NoPower. Where the count is not a majority (Heptarchy IV: 19
// of 38), two powers may reach it at once: the one with more centres wins,
// and on a tie nobody has won yet.
func (p *Position) Winner() Power {
	var buf [256]int
	best, most, tied := NoPower, 0, false
	for i, n := range p.countCentersInto(buf[:]) {
		switch {
		case n < p.Map.Victory || n < most:
		case n == most:
			tied = true
		default:
			best, most, tied = Power(i), n, false
		}
	}
	if tied {
		return NoPower
	}
	return best
}

// DefaultOwners sets centre ownership as the JSON interface does when it is
// not given: every home centre to its home power, and a centre with a unit
// on it to that unit's power (unless the centre does not count for it:
// Colonial's Hong Kong under China stays with its home power).
func (p *Position) DefaultOwners() {
	for i, pr := range p.Map.Provinces {
		p.Owners[i] = NoPower
		if pr.Center {
			p.Owners[i] = pr.Home
		}
	}
	for i, u := range p.Units {
		if u.Type != NoUnit && p.Map.Provinces[i].Center && p.Map.CenterFor(Province(i), u.Power) {
			p.Owners[i] = u.Power
		}
	}
	for _, d := range p.Dislodged {
		pr := p.Map.Prov(d.Loc)
		if p.Map.Provinces[pr].Center && p.Units[pr].Type == NoUnit && p.Map.CenterFor(pr, d.Power) {
			p.Owners[pr] = d.Power
		}
	}
}

// unitString is like "F stp/nc".
func (m *Map) unitString(u Unit) string { return u.Type.String() + " " + m.LocName(u.Loc) }
