// Package multiplicity is the Multiplicity variant of Diplomacy (Richard
// Walkerdine, revised by Keith Black; the DipWiki page): units of several
// parts (2A, 3A, A/F, 2A/F …) whose strength is their number of parts, each
// part needing a supply centre; MERGE and SPLIT orders; supports split
// among spaces and cut only up to the strength of the strongest attack;
// A/F units at sea while seaworthy; retreats won by the stronger unit;
// builds onto occupied home centres. Maps, province ids and the standard
// order notation come from package diplomacy; the rules where Multiplicity
// is silent are those of the 1971 rulebook. docs/multiplicity.md describes
// the order notation, the decisions taken where the rules are unclear, and
// the JSON form of `concordat adjudicate`. The package does no I/O.
package multiplicity

import (
	"fmt"
	"strconv"

	"concordat/diplomacy"
)

// Comp is the composition of a unit or of a part of one: how many armies
// and fleets it has. Its strength is the number of parts.
type Comp struct {
	Armies, Fleets int
}

// Strength is the number of parts.
func (c Comp) Strength() int { return c.Armies + c.Fleets }

// Empty reports whether there are no parts.
func (c Comp) Empty() bool { return c.Armies == 0 && c.Fleets == 0 }

// Mixed reports whether there are both armies and fleets (an A/F).
func (c Comp) Mixed() bool { return c.Armies > 0 && c.Fleets > 0 }

// Seaworthy reports whether the unit may be at sea: at least as many
// fleets as armies (rule 5), and at least one fleet.
func (c Comp) Seaworthy() bool { return c.Fleets > 0 && c.Fleets >= c.Armies }

// Contains reports whether d is part of c.
func (c Comp) Contains(d Comp) bool { return d.Armies <= c.Armies && d.Fleets <= c.Fleets }

// Plus is c and d together.
func (c Comp) Plus(d Comp) Comp { return Comp{c.Armies + d.Armies, c.Fleets + d.Fleets} }

// Minus is c without d.
func (c Comp) Minus(d Comp) Comp { return Comp{c.Armies - d.Armies, c.Fleets - d.Fleets} }

// Type is the unit type of a composition of one kind (Army or Fleet);
// NoUnit for an empty or mixed composition.
func (c Comp) Type() diplomacy.UnitType {
	switch {
	case c.Armies > 0 && c.Fleets == 0:
		return diplomacy.Army
	case c.Fleets > 0 && c.Armies == 0:
		return diplomacy.Fleet
	}
	return diplomacy.NoUnit
}

// String is the notation of the rules: "A", "2A", "F", "A/F", "2A/3F".
func (c Comp) String() string {
	part := func(n int, t string) string {
		if n == 1 {
			return t
		}
		return strconv.Itoa(n) + t
	}
	switch {
	case c.Empty():
		return "-"
	case c.Fleets == 0:
		return part(c.Armies, "A")
	case c.Armies == 0:
		return part(c.Fleets, "F")
	}
	return part(c.Armies, "A") + "/" + part(c.Fleets, "F")
}

// One is a single part of type t.
func One(t diplomacy.UnitType) Comp {
	if t == diplomacy.Fleet {
		return Comp{Fleets: 1}
	}
	return Comp{Armies: 1}
}

// Unit is a unit on the board: a power's parts in one place. A unit with
// fleets stands on a coast (Loc names it where the province has several);
// an all-army unit stands on the province.
type Unit struct {
	Power diplomacy.Power
	Loc   diplomacy.Loc
	Comp
}

// Dislodged is a unit that must retreat: the parts that were dislodged,
// where the attack came from (every origin of a merging attack), and where
// the unit may go.
type Dislodged struct {
	Unit
	AttackerFrom []diplomacy.Province
	Retreats     []diplomacy.Loc
}

// Position is a Multiplicity board between phases.
type Position struct {
	Map       *diplomacy.Map
	Phase     diplomacy.Phase
	Units     []Unit            // by province; an empty Comp where empty
	Owners    []diplomacy.Power // by province; NoPower where unowned
	Dislodged []Dislodged
}

// NewPosition is an empty board on m in m's first phase, centres unowned.
func NewPosition(m *diplomacy.Map) *Position {
	p := &Position{Map: m, Phase: m.Start, Units: make([]Unit, len(m.Provinces)),
		Owners: make([]diplomacy.Power, len(m.Provinces))}
	for i := range p.Units {
		p.Units[i] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
		p.Owners[i] = diplomacy.NoPower
	}
	return p
}

// Clone copies the position.
func (p *Position) Clone() *Position {
	q := &Position{Map: p.Map, Phase: p.Phase, Units: append([]Unit(nil), p.Units...),
		Owners: append([]diplomacy.Power(nil), p.Owners...)}
	for _, d := range p.Dislodged {
		d.AttackerFrom = append([]diplomacy.Province(nil), d.AttackerFrom...)
		d.Retreats = append([]diplomacy.Loc(nil), d.Retreats...)
		q.Dislodged = append(q.Dislodged, d)
	}
	return q
}

// Place puts u on the board after checking it may stand where it says.
func (p *Position) Place(u Unit) error {
	if err := CanStand(p.Map, u.Comp, u.Loc); err != nil {
		return err
	}
	if int(u.Power) >= len(p.Map.Powers) {
		return fmt.Errorf("unknown power %d", u.Power)
	}
	p.Units[p.Map.Prov(u.Loc)] = u
	return nil
}

// CanStand says why a unit of composition c may not stand at l, or nil:
// armies stand on land (the province, not a coast), fleets at sea or on a
// coast (a named coast of a split-coast province); an A/F stands on a
// coast, or at sea when it is seaworthy (rule 5).
func CanStand(m *diplomacy.Map, c Comp, l diplomacy.Loc) error {
	if l == diplomacy.NoLoc || int(l) >= len(m.Locs) {
		return fmt.Errorf("no such place")
	}
	if c.Empty() || c.Armies < 0 || c.Fleets < 0 {
		return fmt.Errorf("a unit needs at least one part")
	}
	pi := m.Provinces[m.Prov(l)]
	name := m.LocName(l)
	switch {
	case c.Fleets == 0:
		if !m.CanStand(diplomacy.Army, l) {
			return fmt.Errorf("%s %s cannot stand there", c, name)
		}
	case c.Armies == 0:
		if !m.CanStand(diplomacy.Fleet, l) {
			return fmt.Errorf("%s %s cannot stand there", c, name)
		}
	default:
		if !m.CanStand(diplomacy.Fleet, l) {
			return fmt.Errorf("%s %s cannot stand there", c, name)
		}
		if pi.Kind == diplomacy.Sea && !c.Seaworthy() {
			return fmt.Errorf("%s is not seaworthy: it cannot be at sea in %s", c, name)
		}
	}
	return nil
}

// StartPosition is m's opening position, with the players' choices of army
// or fleet for the starting units (rule 1): each choice replaces the
// starting unit of the same power in the same province, and may be of
// either type where it can stand (a fleet names its coast on a split coast).
func StartPosition(m *diplomacy.Map, choices []diplomacy.Unit) (*Position, error) {
	p := NewPosition(m)
	for i, pw := range m.Powers {
		for _, c := range pw.Centers {
			p.Owners[c] = diplomacy.Power(i)
		}
	}
	for _, u := range m.StartUnits {
		p.Units[m.Prov(u.Loc)] = Unit{Power: u.Power, Loc: u.Loc, Comp: One(u.Type)}
	}
	for _, c := range choices {
		if c.Loc == diplomacy.NoLoc || int(c.Loc) >= len(m.Locs) {
			return nil, fmt.Errorf("a starting unit choice names no place")
		}
		pr := m.Prov(c.Loc)
		old := p.Units[pr]
		if old.Empty() || old.Power != c.Power {
			return nil, fmt.Errorf("%s has no starting unit in %s", m.PowerName(c.Power), m.ProvName(pr))
		}
		l := c.Loc
		if c.Type == diplomacy.Army {
			l = diplomacy.Loc(pr)
		}
		u := Unit{Power: c.Power, Loc: l, Comp: One(c.Type)}
		if err := CanStand(m, u.Comp, u.Loc); err != nil {
			return nil, fmt.Errorf("starting unit in %s: %v", m.ProvName(pr), err)
		}
		p.Units[pr] = u
	}
	return p, nil
}

// DefaultOwners gives every home centre to its home power and a centre
// with a unit on it to that unit's power (as the JSON interface does when
// no owners are given).
func (p *Position) DefaultOwners() {
	m := p.Map
	for i, pr := range m.Provinces {
		p.Owners[i] = diplomacy.NoPower
		if pr.Center {
			p.Owners[i] = pr.Home
		}
	}
	for i, u := range p.Units {
		if !u.Empty() && m.Provinces[i].Center {
			p.Owners[i] = u.Power
		}
	}
	for _, d := range p.Dislodged {
		pr := m.Prov(d.Loc)
		if m.Provinces[pr].Center && p.Units[pr].Empty() {
			p.Owners[pr] = d.Power
		}
	}
}

// Parts counts each power's parts (the units they need centres for).
func (p *Position) Parts() []int {
	n := make([]int, len(p.Map.Powers))
	for _, u := range p.Units {
		if !u.Empty() {
			n[u.Power] += u.Strength()
		}
	}
	return n
}

// Centers counts each power's supply centres.
func (p *Position) Centers() []int {
	n := make([]int, len(p.Map.Powers))
	for _, o := range p.Owners {
		if o != diplomacy.NoPower {
			n[o]++
		}
	}
	return n
}

// Winner is the power owning the map's victory count of centres, or NoPower;
// of two or more powers at the count the one with more centres wins, and on a
// tie nobody has won yet (as diplomacy.Position.Winner).
func (p *Position) Winner() diplomacy.Power {
	best, most, tied := diplomacy.NoPower, 0, false
	for i, n := range p.Centers() {
		switch {
		case n < p.Map.Victory || n < most:
		case n == most:
			tied = true
		default:
			best, most, tied = diplomacy.Power(i), n, false
		}
	}
	if tied {
		return diplomacy.NoPower
	}
	return best
}

// unitString is like "2A par" or "A/F spa/nc".
func unitString(m *diplomacy.Map, c Comp, l diplomacy.Loc) string {
	return c.String() + " " + m.LocName(l)
}
