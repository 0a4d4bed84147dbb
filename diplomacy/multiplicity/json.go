package multiplicity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"concordat/diplomacy"
)

// The JSON form of `concordat adjudicate` for Multiplicity
// (docs/multiplicity.md): the standard format (docs/adjudicate.md) with
// units that may have several parts. A unit may carry "count" (its number
// of parts, default 1) and "composition" ({"army": 1, "fleet": 2}); an
// input without them means what it means to the standard engine.

// PhaseInput is one Multiplicity phase to adjudicate.
type PhaseInput struct {
	Variant   string                `json:"variant,omitempty"`
	Rules     string                `json:"rules,omitempty"`
	Options   map[string]string     `json:"options,omitempty"`
	Phase     PhaseJSON             `json:"phase"`
	Units     []UnitJSON            `json:"units"`
	Dislodged []DislodgedJSON       `json:"dislodged,omitempty"`
	Centers   map[string]string     `json:"centers,omitempty"`
	Orders    diplomacy.PowerOrders `json:"orders"`
	// Winner is accepted (a result's "next" is an input) and ignored.
	Winner *string `json:"winner,omitempty"`
}

// PhaseJSON names a phase: {"season": "spring", "year": 1901, "type": "movement"}.
type PhaseJSON struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

// CompositionJSON is a unit's parts by kind.
type CompositionJSON struct {
	Army  int `json:"army"`
	Fleet int `json:"fleet"`
}

// UnitJSON is a unit: "type" is "army", "fleet" or "mixed" (an A/F);
// "count" and "composition" are written for units of more than one part.
type UnitJSON struct {
	Power       string           `json:"power"`
	Type        string           `json:"type,omitempty"`
	At          string           `json:"at"`
	Count       int              `json:"count,omitempty"`
	Composition *CompositionJSON `json:"composition,omitempty"`
}

// DislodgedJSON is a unit that must retreat. "attacker_from" is where the
// attack came from; a merge attacks from several provinces, all listed in
// "attackers_from" (and none of them is a retreat).
type DislodgedJSON struct {
	UnitJSON
	AttackerFrom  string   `json:"attacker_from"`
	AttackersFrom []string `json:"attackers_from,omitempty"`
	Retreats      []string `json:"retreats"`
}

// PhaseOutput is the result of one phase.
type PhaseOutput struct {
	Orders []diplomacy.OrderResultJSON `json:"orders"`
	Next   NextJSON                    `json:"next"`
}

// NextJSON is the position after the phase.
type NextJSON struct {
	Phase     PhaseJSON         `json:"phase"`
	Units     []UnitJSON        `json:"units"`
	Dislodged []DislodgedJSON   `json:"dislodged,omitempty"`
	Centers   map[string]string `json:"centers"`
	Winner    *string           `json:"winner"`
	// Fog of War, in a seat's view only (as in package diplomacy): Fog
	// marks a position filtered to what the seat sees, Visible lists the
	// provinces it sees; of the others nothing is known.
	Fog     bool     `json:"fog,omitempty"`
	Visible []string `json:"visible,omitempty"`
}

// Adjudicate reads one phase as JSON (unknown fields are refused) and
// returns its result as JSON. An error is bad input.
func Adjudicate(input []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.DisallowUnknownFields()
	var in PhaseInput
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("malformed phase JSON: %v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the phase object: one phase per input")
	}
	out, err := AdjudicatePhase(&in)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// AdjudicatePhase runs one decoded phase.
func AdjudicatePhase(in *PhaseInput) (*PhaseOutput, error) {
	pos, err := in.Position()
	if err != nil {
		return nil, err
	}
	m := pos.Map
	var orders []OrderIn
	var texts, powers []string
	var parsed []error
	for i, name := range in.Orders.Powers {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("orders: unknown power %q", name)
		}
		for _, text := range in.Orders.Orders[i] {
			o, err := ParseOrder(m, text)
			if err != nil {
				o = noOrder()
				o.Kind = 255
			}
			if pos.Phase.Type == diplomacy.Retreat && o.Kind == Move {
				o.Kind = Retreat
			}
			orders = append(orders, OrderIn{Power: pw, Order: o})
			texts = append(texts, text)
			powers = append(powers, m.Powers[pw].ID)
			parsed = append(parsed, err)
		}
	}
	outcome := make([]Outcome, len(orders))
	Step(pos, orders, outcome)
	res := &PhaseOutput{Orders: []diplomacy.OrderResultJSON{}}
	for i, o := range outcome {
		if parsed[i] != nil {
			o = Outcome{Result: diplomacy.Invalid, Reason: parsed[i].Error()}
		}
		res.Orders = append(res.Orders, diplomacy.OrderResultJSON{Power: powers[i], Order: texts[i],
			Result: o.Result.String(), Reason: o.Reason})
	}
	res.Next = PositionJSON(pos)
	return res, nil
}

// Position checks the input and builds its position.
func (in *PhaseInput) Position() (*Position, error) {
	variant := in.Variant
	if variant == "" {
		variant = "standard"
	}
	m, err := diplomacy.LoadMap(variant)
	if err != nil {
		return nil, fmt.Errorf("variant: %w", err)
	}
	if err := CheckMap(m); err != nil {
		return nil, fmt.Errorf("variant: %w", err)
	}
	for k, v := range in.Options {
		switch k {
		case "multiplicity":
			if v != "true" {
				return nil, fmt.Errorf("options: multiplicity is %q: this adjudicator plays Multiplicity (\"true\")", v)
			}
		case "rules":
			if v != "" && v != "1971" {
				return nil, fmt.Errorf("options: Multiplicity is played under the 1971 rules, not %q", v)
			}
		default:
			return nil, fmt.Errorf("options: %q is not supported with multiplicity", k)
		}
	}
	if in.Rules != "" && in.Rules != "1971" {
		return nil, fmt.Errorf("rules: Multiplicity is played under the 1971 rules, not %q", in.Rules)
	}
	ph, err := in.Phase.parse()
	if err != nil {
		return nil, err
	}
	pos := NewPosition(m)
	pos.Phase = ph
	for _, uj := range in.Units {
		u, err := parseUnitJSON(m, uj)
		if err != nil {
			return nil, fmt.Errorf("units: %w", err)
		}
		if !pos.Units[m.Prov(u.Loc)].Empty() {
			return nil, fmt.Errorf("units: two units in %s (one unit may have several parts: use count)", m.ProvName(m.Prov(u.Loc)))
		}
		pos.Units[m.Prov(u.Loc)] = u
	}
	if len(in.Dislodged) > 0 && ph.Type != diplomacy.Retreat {
		return nil, fmt.Errorf("dislodged: only a retreat phase has dislodged units")
	}
	for _, dj := range in.Dislodged {
		u, err := parseUnitJSON(m, dj.UnitJSON)
		if err != nil {
			return nil, fmt.Errorf("dislodged: %w", err)
		}
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == m.Prov(u.Loc) {
				return nil, fmt.Errorf("dislodged: two units in %s", m.ProvName(m.Prov(u.Loc)))
			}
		}
		d := Dislodged{Unit: u}
		from := dj.AttackersFrom
		if dj.AttackerFrom != "" {
			from = append([]string{dj.AttackerFrom}, from...)
		}
		for _, f := range from {
			l, ok := m.LookupLoc(f)
			if !ok {
				return nil, fmt.Errorf("dislodged %s: unknown attacker_from province %q", dj.At, f)
			}
			if !containsProv(d.AttackerFrom, m.Prov(l)) {
				d.AttackerFrom = append(d.AttackerFrom, m.Prov(l))
			}
		}
		if len(d.AttackerFrom) == 0 {
			return nil, fmt.Errorf("dislodged %s: attacker_from is missing", dj.At)
		}
		d.Retreats = []diplomacy.Loc{}
		if dj.Retreats != nil {
			for _, r := range dj.Retreats {
				l, ok := m.LookupLoc(r)
				if !ok {
					return nil, fmt.Errorf("dislodged %s: unknown retreat province %q", dj.At, r)
				}
				if !pos.Units[m.Prov(l)].Empty() {
					return nil, fmt.Errorf("dislodged %s: retreat %q is occupied by a unit", dj.At, r)
				}
				d.Retreats = append(d.Retreats, l)
			}
		} else {
			for _, l := range destinations(m, u) {
				q := m.Prov(l)
				if pos.Units[q].Empty() && !containsProv(d.AttackerFrom, q) {
					d.Retreats = append(d.Retreats, l)
				}
			}
		}
		pos.Dislodged = append(pos.Dislodged, d)
	}
	if in.Centers == nil {
		pos.DefaultOwners()
	} else if err := m.SetCenterOwners(pos.Owners, in.Centers); err != nil {
		return nil, err
	}
	return pos, nil
}

func (p PhaseJSON) parse() (diplomacy.Phase, error) {
	var ph diplomacy.Phase
	switch p.Season {
	case "spring":
		ph.Season = diplomacy.Spring
	case "fall", "autumn":
		ph.Season = diplomacy.Fall
	case "winter":
		ph.Season = diplomacy.Winter
	default:
		return ph, fmt.Errorf("phase: unknown season %q (want spring, fall or winter)", p.Season)
	}
	switch p.Type {
	case "movement":
		ph.Type = diplomacy.Movement
	case "retreat", "retreats":
		ph.Type = diplomacy.Retreat
	case "adjustment", "adjustments", "build", "builds":
		ph.Type = diplomacy.Adjustment
	default:
		return ph, fmt.Errorf("phase: unknown type %q (want movement, retreat or adjustment)", p.Type)
	}
	if (ph.Season == diplomacy.Winter) != (ph.Type == diplomacy.Adjustment) {
		return ph, fmt.Errorf("phase: a %s phase cannot be in %s", p.Type, p.Season)
	}
	ph.Year = p.Year
	return ph, nil
}

// parseUnitJSON reads a unit: its parts from "composition", or from
// "type" and "count".
func parseUnitJSON(m *diplomacy.Map, u UnitJSON) (Unit, error) {
	pw, ok := m.LookupPower(u.Power)
	if !ok {
		return Unit{}, fmt.Errorf("unit at %s: unknown power %q", u.At, u.Power)
	}
	if u.Count < 0 || u.Count > maxParts*2 {
		return Unit{}, fmt.Errorf("unit at %s: count %d (want 1 to %d)", u.At, u.Count, maxParts*2)
	}
	var c Comp
	switch strings.ToLower(u.Type) {
	case "army", "a":
		c.Armies = 1
	case "fleet", "f":
		c.Fleets = 1
	case "mixed", "":
		if u.Composition == nil {
			return Unit{}, fmt.Errorf("unit at %s: unknown unit type %q (want army or fleet, or a composition)", u.At, u.Type)
		}
	default:
		return Unit{}, fmt.Errorf("unit at %s: unknown unit type %q (want army, fleet or mixed)", u.At, u.Type)
	}
	if u.Composition != nil {
		cj := *u.Composition
		if cj.Army < 0 || cj.Fleet < 0 || cj.Army > maxParts || cj.Fleet > maxParts || cj.Army+cj.Fleet == 0 {
			return Unit{}, fmt.Errorf("unit at %s: composition needs 1 to %d armies or fleets", u.At, maxParts)
		}
		comp := Comp{Armies: cj.Army, Fleets: cj.Fleet}
		if typ := strings.ToLower(u.Type); typ != "" && typ != "mixed" && comp.Type() != One(c.Type()).Type() {
			return Unit{}, fmt.Errorf("unit at %s: type %q but composition %s", u.At, u.Type, comp)
		} else if typ == "mixed" && !comp.Mixed() {
			return Unit{}, fmt.Errorf("unit at %s: type mixed but composition %s", u.At, comp)
		}
		if u.Count != 0 && u.Count != comp.Strength() {
			return Unit{}, fmt.Errorf("unit at %s: count %d but composition %s", u.At, u.Count, comp)
		}
		c = comp
	} else if u.Count > 1 {
		if u.Count > maxParts {
			return Unit{}, fmt.Errorf("unit at %s: count %d (want 1 to %d)", u.At, u.Count, maxParts)
		}
		if c.Armies > 0 {
			c.Armies = u.Count
		} else {
			c.Fleets = u.Count
		}
	}
	l, ok := m.LookupLoc(u.At)
	if !ok {
		return Unit{}, fmt.Errorf("unit at %s: unknown province %q", u.At, u.At)
	}
	if c.Fleets == 0 {
		l = diplomacy.Loc(m.Prov(l)) // an army's coast means nothing
	}
	if err := CanStand(m, c, l); err != nil {
		return Unit{}, fmt.Errorf("unit at %s: %v", u.At, err)
	}
	return Unit{Power: pw, Loc: l, Comp: c}, nil
}

func unitJSON(m *diplomacy.Map, u Unit) UnitJSON {
	j := UnitJSON{Power: m.PowerName(u.Power), At: m.LocName(u.Loc)}
	switch {
	case u.Mixed():
		j.Type = "mixed"
	case u.Fleets > 0:
		j.Type = "fleet"
	default:
		j.Type = "army"
	}
	if u.Strength() > 1 {
		j.Count = u.Strength()
		j.Composition = &CompositionJSON{Army: u.Armies, Fleet: u.Fleets}
	}
	return j
}

// PositionJSON encodes a position as the result's "next".
func PositionJSON(pos *Position) NextJSON {
	m := pos.Map
	n := NextJSON{Phase: PhaseJSON{Season: pos.Phase.Season.String(), Year: pos.Phase.Year, Type: pos.Phase.Type.String()},
		Units: []UnitJSON{}, Centers: map[string]string{}}
	for _, u := range pos.Units {
		if !u.Empty() {
			n.Units = append(n.Units, unitJSON(m, u))
		}
	}
	for _, d := range pos.Dislodged {
		dj := DislodgedJSON{UnitJSON: unitJSON(m, d.Unit), Retreats: []string{}}
		for i, p := range d.AttackerFrom {
			if i == 0 {
				dj.AttackerFrom = m.ProvName(p)
			}
			if len(d.AttackerFrom) > 1 {
				dj.AttackersFrom = append(dj.AttackersFrom, m.ProvName(p))
			}
		}
		for _, r := range d.Retreats {
			dj.Retreats = append(dj.Retreats, m.LocName(r))
		}
		n.Dislodged = append(n.Dislodged, dj)
	}
	for i, o := range pos.Owners {
		if o != diplomacy.NoPower {
			n.Centers[m.Provinces[i].ID] = m.PowerName(o)
		}
	}
	if w := pos.Winner(); w != diplomacy.NoPower {
		name := m.PowerName(w)
		n.Winner = &name
	}
	return n
}

// Requested reports whether a phase input asks for Multiplicity
// ("options": {"multiplicity": "true"}), for a caller that routes inputs
// between this package and the standard engine. It looks at nothing else:
// malformed input is not requested (the standard engine reports it).
func Requested(input []byte) bool {
	var probe struct {
		Options map[string]json.RawMessage `json:"options"`
	}
	if json.Unmarshal(input, &probe) != nil {
		return false
	}
	var v string
	return json.Unmarshal(probe.Options["multiplicity"], &v) == nil && v == "true"
}
