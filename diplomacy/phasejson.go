package diplomacy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// The JSON interface of `concordat adjudicate` (docs/adjudicate.md): one
// phase in, its result out. These types are that promise; keep them stable.

// PhaseInput is one phase to adjudicate.
type PhaseInput struct {
	Variant   string            `json:"variant,omitempty"`
	Rules     string            `json:"rules,omitempty"`
	Options   map[string]string `json:"options,omitempty"` // rule variants: see Settings
	Holes     []string          `json:"holes,omitempty"`   // Black Hole: destroyed provinces, in order
	Edits     []string          `json:"edits,omitempty"`   // map edits, in order (mapedit.go): "split bre", "connect par mun"
	Phase     phaseJSON         `json:"phase"`
	Units     []unitJSON        `json:"units"`
	Dislodged []dislodgedJSON   `json:"dislodged,omitempty"`
	Centers   map[string]string `json:"centers,omitempty"`
	Orders    PowerOrders       `json:"orders"`
}

// PowerOrders maps each power to its order strings, keeping the order in
// which the powers were written.
type PowerOrders struct {
	Powers []string
	Orders [][]string
}

// UnmarshalJSON reads {"england": ["F nth - pic"], …} keeping key order.
func (po *PowerOrders) UnmarshalJSON(data []byte) error {
	*po = PowerOrders{}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("orders: want an object of power -> list of orders")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string)
		var list []string
		if err := dec.Decode(&list); err != nil {
			return fmt.Errorf("orders of %q: want a list of strings", key)
		}
		for i, p := range po.Powers {
			if p == key {
				po.Orders[i] = append(po.Orders[i], list...)
				list = nil
			}
		}
		if list != nil {
			if len(po.Powers) >= int(NoPower) { // no map has more; and the search above stays short
				return fmt.Errorf("orders: more than %d powers", NoPower-1)
			}
			po.Powers = append(po.Powers, key)
			po.Orders = append(po.Orders, list)
		}
	}
	_, err = dec.Token()
	return err
}

// MarshalJSON writes the orders back in their order.
func (po PowerOrders) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range po.Powers {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p)
		v, _ := json.Marshal(po.Orders[i])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

type phaseJSON struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

func (p phaseJSON) parse() (Phase, error) {
	var ph Phase
	switch p.Season {
	case "spring":
		ph.Season = Spring
	case "fall", "autumn":
		ph.Season = Fall
	case "winter":
		ph.Season = Winter
	default:
		return ph, fmt.Errorf("phase: unknown season %q (want spring, fall or winter)", p.Season)
	}
	switch p.Type {
	case "movement":
		ph.Type = Movement
	case "retreat", "retreats":
		ph.Type = Retreat
	case "adjustment", "adjustments", "build", "builds":
		ph.Type = Adjustment
	default:
		return ph, fmt.Errorf("phase: unknown type %q (want movement, retreat or adjustment)", p.Type)
	}
	if (ph.Season == Winter) != (ph.Type == Adjustment) {
		return ph, fmt.Errorf("phase: a %s phase cannot be in %s", p.Type, p.Season)
	}
	if p.Year < -100000 || p.Year > 100000 {
		return ph, fmt.Errorf("phase: year %d is out of range (-100000 to 100000)", p.Year)
	}
	ph.Year = p.Year
	return ph, nil
}

func phaseToJSON(p Phase) phaseJSON {
	return phaseJSON{Season: p.Season.String(), Year: p.Year, Type: p.Type.String()}
}

type unitJSON struct {
	Power string `json:"power"`
	Type  string `json:"type"`
	At    string `json:"at"`
}

type dislodgedJSON struct {
	Power        string   `json:"power"`
	Type         string   `json:"type"`
	At           string   `json:"at"`
	AttackerFrom string   `json:"attacker_from"`
	Retreats     []string `json:"retreats"`
}

func (m *Map) parseUnitJSON(u unitJSON) (Unit, error) {
	pw, ok := m.powerNames[u.Power]
	if !ok {
		return Unit{}, fmt.Errorf("unit %s %s: unknown power %q", u.Type, u.At, u.Power)
	}
	var t UnitType
	switch u.Type {
	case "army", "a", "A":
		t = Army
	case "fleet", "f", "F":
		t = Fleet
	default:
		return Unit{}, fmt.Errorf("unit at %s: unknown unit type %q (want army or fleet)", u.At, u.Type)
	}
	l, ok := m.locByID(u.At)
	if !ok {
		return Unit{}, fmt.Errorf("unit %s %s: unknown province %q", u.Type, u.At, u.At)
	}
	if t == Army && m.Locs[l].Coast != "" {
		l = Loc(m.Locs[l].Prov) // an army's coast means nothing
	}
	if !m.CanStand(t, l) {
		return Unit{}, fmt.Errorf("unit %s %s: a%s cannot stand there", u.Type, u.At,
			map[UnitType]string{Army: "n army", Fleet: " fleet"}[t])
	}
	return Unit{Type: t, Power: pw, Loc: l}, nil
}

// locByID finds a location by its id ("spa/sc"), or by a name or alias.
// SetCenterOwners reads the "centers" of a phase input (centre id → power)
// into owners (by province), in id order so that the first bad entry is
// the one named: an unknown province, one that is no supply centre, an
// unknown power, a centre that does not count for that power (Colonial's
// Hong Kong for China). Owners not named are left as they are.
func (m *Map) SetCenterOwners(owners []Power, centers map[string]string) error {
	keys := make([]string, 0, len(centers))
	for k := range centers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		l, ok := m.locByID(k)
		if !ok {
			return fmt.Errorf("centers: unknown province %q", k)
		}
		p := m.Prov(l)
		if !m.Provinces[p].Center {
			return fmt.Errorf("centers: %s is not a supply centre", k)
		}
		pw, ok := m.powerNames[centers[k]]
		if !ok {
			return fmt.Errorf("centers: %s: unknown power %q", k, centers[k])
		}
		if !m.CenterFor(p, pw) {
			return fmt.Errorf("centers: %s is no supply centre for %s", k, centers[k])
		}
		owners[p] = pw
	}
	return nil
}

func (m *Map) locByID(id string) (Loc, bool) {
	for i := range m.Locs {
		if m.Locs[i].ID == id {
			return Loc(i), true
		}
	}
	return m.LookupLoc(id)
}

// PhaseOutput is the result of one phase.
type PhaseOutput struct {
	Orders []OrderResultJSON `json:"orders"`
	Next   NextJSON          `json:"next"`
}

// OrderResultJSON is the fate of one input order.
type OrderResultJSON struct {
	Power  string `json:"power"`
	Order  string `json:"order"`
	Result string `json:"result"`
	Reason string `json:"reason,omitempty"`
}

// NextJSON is the position after the phase.
type NextJSON struct {
	Phase     phaseJSON         `json:"phase"`
	Units     []unitJSON        `json:"units"`
	Dislodged []dislodgedJSON   `json:"dislodged,omitempty"`
	Centers   map[string]string `json:"centers"`
	Holes     []string          `json:"holes,omitempty"`
	Edits     []string          `json:"edits,omitempty"` // every map edit, when not all are destructions
	Winner    *string           `json:"winner"`
	// Fog of War, in a seat's view only: Fog marks a position filtered to
	// what the seat sees, Visible lists the provinces it sees (in map
	// order); of the others nothing is known, units and owners included.
	Fog     bool     `json:"fog,omitempty"`
	Visible []string `json:"visible,omitempty"`
}

// Engine is a reusable adjudicator per (map, edition) for the JSON
// interface, so a batch reuses scratch space.
type Engine struct {
	adjs map[engineKey]*Adjudicator
}

type engineKey struct {
	m  *Map
	ed Edition
}

// NewEngine returns an empty Engine.
func NewEngine() *Engine { return &Engine{adjs: map[engineKey]*Adjudicator{}} }

func (e *Engine) adjudicator(m *Map, ed Edition) *Adjudicator {
	k := engineKey{m, ed}
	a, ok := e.adjs[k]
	if !ok {
		a = NewAdjudicator(m, ed)
		e.adjs[k] = a
	}
	return a
}

// Prepared is a decoded, checked phase ready to adjudicate.
type Prepared struct {
	settings Settings
	adj      *Adjudicator
	pos      *Position
	orders   []OrderIn
	texts    []string
	powers   []string
	parsed   []Outcome // parse failures, by order index
	outcome  []Outcome
}

// Prepare checks a phase input and builds its position and orders. An
// error names the problem (unknown variant, province, power …); order texts
// that do not parse are not errors: they are reported as invalid orders.
func (e *Engine) Prepare(in *PhaseInput) (*Prepared, error) {
	variant := in.Variant
	if variant == "" {
		variant = "standard"
	}
	m, err := LoadMap(variant)
	if err != nil {
		return nil, fmt.Errorf("variant: %w", err)
	}
	opts := map[string]string{}
	for k, v := range in.Options {
		opts[k] = v
	}
	if in.Rules != "" {
		if r, ok := opts["rules"]; ok && r != in.Rules {
			return nil, fmt.Errorf("rules: %q, but options.rules says %q", in.Rules, r)
		}
		opts["rules"] = in.Rules
	}
	set, err := ParseSettings(m, opts)
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	if err := set.phaseOnly(); err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	ed := set.Edition
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	ph, err := in.Phase.parse()
	if err != nil {
		return nil, err
	}
	if len(in.Holes) > 0 || len(in.Edits) > 0 || set.Schizo {
		seen := map[string]bool{}
		for _, id := range in.Holes {
			if seen[id] {
				return nil, fmt.Errorf("holes: %s named twice", id)
			}
			seen[id] = true
		}
		if m, err = mapFromJSON(m, set, in.Holes, in.Edits); err != nil {
			return nil, err
		}
	}
	pos := NewPosition(m)
	pos.Phase = ph
	for _, uj := range in.Units {
		u, err := m.parseUnitJSON(uj)
		if err != nil {
			return nil, fmt.Errorf("units: %w", err)
		}
		if pos.Units[m.Prov(u.Loc)].Type != NoUnit {
			return nil, fmt.Errorf("units: two units in %s", m.ProvName(m.Prov(u.Loc)))
		}
		pos.Place(u)
	}
	if len(in.Dislodged) > 0 && ph.Type != Retreat {
		return nil, fmt.Errorf("dislodged: only a retreat phase has dislodged units")
	}
	a := e.adjudicator(m, ed)
	for _, dj := range in.Dislodged {
		u, err := m.parseUnitJSON(unitJSON{Power: dj.Power, Type: dj.Type, At: dj.At})
		if err != nil {
			return nil, fmt.Errorf("dislodged: %w", err)
		}
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == m.Prov(u.Loc) {
				return nil, fmt.Errorf("dislodged: two units in %s", m.ProvName(m.Prov(u.Loc)))
			}
		}
		from, ok := m.locByID(dj.AttackerFrom)
		if !ok {
			return nil, fmt.Errorf("dislodged %s %s: unknown attacker_from province %q", dj.Type, dj.At, dj.AttackerFrom)
		}
		d := Dislodged{Unit: u, AttackerFrom: m.Prov(from)}
		if dj.Retreats != nil {
			d.Retreats = []Loc{}
			for _, r := range dj.Retreats {
				l, ok := m.locByID(r)
				if !ok {
					return nil, fmt.Errorf("dislodged %s %s: unknown retreat province %q", dj.Type, dj.At, r)
				}
				if pos.Units[m.Prov(l)].Type != NoUnit { // a retreat would replace the unit standing there
					return nil, fmt.Errorf("dislodged %s %s: retreat %q is occupied by a unit", dj.Type, dj.At, r)
				}
				d.Retreats = append(d.Retreats, l)
			}
		} else {
			d.Retreats = a.retreatsFromPosition(pos, d)
		}
		pos.Dislodged = append(pos.Dislodged, d)
	}
	if in.Centers == nil {
		pos.DefaultOwners()
	} else if err := m.SetCenterOwners(pos.Owners, in.Centers); err != nil {
		return nil, err
	}
	pr := &Prepared{adj: a, pos: pos, settings: set}
	for i, name := range in.Orders.Powers {
		pw, ok := m.powerNames[name]
		if !ok {
			return nil, fmt.Errorf("orders: unknown power %q", name)
		}
		for _, text := range in.Orders.Orders[i] {
			o, err := m.ParseOrder(text)
			pr.texts = append(pr.texts, text)
			pr.powers = append(pr.powers, m.Powers[pw].ID)
			if err != nil {
				pr.parsed = append(pr.parsed, Outcome{Result: Invalid, Reason: ReasonParse, Detail: err.Error()})
				// A placeholder the phase ignores (a waive in the wrong phase
				// would be reported; the parse error replaces it below).
				pr.orders = append(pr.orders, OrderIn{Power: pw, Order: Order{Type: 255, At: NoLoc, To: NoLoc, Aux: NoLoc}})
				continue
			}
			if ph.Type == Retreat && o.Type == Move {
				o.Type = RetreatOrder
			}
			pr.parsed = append(pr.parsed, Outcome{})
			pr.orders = append(pr.orders, OrderIn{Power: pw, Order: o})
		}
	}
	pr.outcome = make([]Outcome, len(pr.orders))
	return pr, nil
}

// Run adjudicates the prepared phase; it is the part a benchmark times.
func (pr *Prepared) Run() {
	if pr.settings.Catspaw {
		written := make([]Written, len(pr.orders))
		for i, o := range pr.orders {
			written[i] = Written{Writer: o.Power, Order: o.Order}
		}
		pr.adj.Resolve(pr.pos, pr.settings, written, pr.outcome)
	} else {
		pr.adj.Step(pr.pos, pr.orders, pr.outcome)
	}
	for i, p := range pr.parsed {
		if p.Reason == ReasonParse {
			pr.outcome[i] = p
		}
	}
}

// Position is the prepared phase's position (after Run, the next one).
func (pr *Prepared) Position() *Position { return pr.pos }

// Output encodes the result of Run.
func (pr *Prepared) Output() *PhaseOutput {
	m := pr.pos.Map
	out := &PhaseOutput{Orders: []OrderResultJSON{}}
	for i, o := range pr.outcome {
		out.Orders = append(out.Orders, OrderResultJSON{Power: pr.powers[i], Order: pr.texts[i],
			Result: o.Result.String(), Reason: o.Text(m)})
	}
	out.Next = PositionJSON(pr.pos)
	return out
}

// PositionJSON encodes a position as the JSON interface's "next".
func PositionJSON(pos *Position) NextJSON {
	m := pos.Map
	n := NextJSON{Phase: phaseToJSON(pos.Phase), Units: []unitJSON{}, Centers: map[string]string{}}
	for _, u := range pos.Units {
		if u.Type != NoUnit {
			n.Units = append(n.Units, unitJSON{Power: m.PowerName(u.Power), Type: u.Type.Name(), At: m.LocName(u.Loc)})
		}
	}
	for _, d := range pos.Dislodged {
		dj := dislodgedJSON{Power: m.PowerName(d.Power), Type: d.Type.Name(), At: m.LocName(d.Loc),
			AttackerFrom: m.ProvName(d.AttackerFrom), Retreats: []string{}}
		for _, r := range d.Retreats {
			dj.Retreats = append(dj.Retreats, m.LocName(r))
		}
		n.Dislodged = append(n.Dislodged, dj)
	}
	for i, o := range pos.Owners {
		if o != NoPower {
			n.Centers[m.Provinces[i].ID] = m.PowerName(o)
		}
	}
	for _, h := range m.Holes() {
		n.Holes = append(n.Holes, m.ProvName(h))
	}
	if !m.onlyDestroys() {
		n.Edits = m.EditNames()
	}
	if w := pos.Winner(); w != NoPower {
		name := m.PowerName(w)
		n.Winner = &name
	}
	return n
}

// Adjudicate runs one phase of the JSON interface.
func (e *Engine) Adjudicate(in *PhaseInput) (*PhaseOutput, error) {
	pr, err := e.Prepare(in)
	if err != nil {
		return nil, err
	}
	pr.Run()
	return pr.Output(), nil
}

// retreatsFromPosition works out a dislodged unit's retreats from the
// position alone: where it could move, but not an occupied province nor the
// one its attacker came from (nor, on maps with special borders, a province
// closed this season or across a river). (Standoffs of the movement phase do not show
// in a position; the caller passes them as "retreats" when it knows them.)
func (a *Adjudicator) retreatsFromPosition(pos *Position, d Dislodged) []Loc {
	m := a.m
	out := []Loc{}
	from := m.Prov(d.Loc)
	ok := func(l Loc) bool {
		q := m.Prov(l)
		return pos.Units[q].Type == NoUnit && q != d.AttackerFrom &&
			m.Open(q, pos.Phase.Season) && m.BorderBetween(d.Type, from, q) != RiverBorder
	}
	if d.Type == Army {
		for _, q := range m.armyAdj[m.Prov(d.Loc)] {
			if ok(Loc(q)) {
				out = append(out, Loc(q))
			}
		}
	} else {
		for _, l := range m.fleetAdj[d.Loc] {
			if ok(l) {
				out = append(out, l)
			}
		}
	}
	return out
}
