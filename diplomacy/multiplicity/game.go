package multiplicity

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"concordat/diplomacy"
	"concordat/game"
)

// Option is the game option that selects Multiplicity:
// Config.Options["multiplicity"] = "true".
const Option = "multiplicity"

// Rules is Multiplicity through the game contract (package game), for the
// server to host. Its Name is "diplomacy": a Multiplicity game is a
// Diplomacy game with the option multiplicity=true, and package
// diplomacy/hosted routes such games here.
//
// Config: Variant is the map id ("standard" when empty); Options are
// "multiplicity" ("true"), "players" or "preset" (unplayed powers: their
// units hold, are disbanded when dislodged, and their adjustments follow
// civil disorder), "fog" (Fog of War) and "rules" (only "1971": the
// Multiplicity engine plays the 1971 rulebook). Every other option of
// package diplomacy (Catspaw, Black Hole, Crystal Ball, Seismic, …) is
// refused when switched on, naming both options. Seats are the played
// powers.
//
// A game opens with the start choice (rule 1): each played power chooses
// army or fleet for each of its starting units on a coast, with the action
// "orders", args {"orders": ["lon A", "F edi", "stp F/sc"]} (a province and
// a type, in either order; a fleet on a split coast names its coast). A
// starting unit not chosen keeps the map's type. Then the phases follow
// the standard sequence:
//   - "orders", args {"orders": ["2A par - bur", "A mar & A pic MERGE bur", …]}:
//     replaces the power's orders for the current phase, in the notation of
//     docs/multiplicity.md. Orders that do not parse, or that name a unit
//     the power does not have, are refused (nothing changes); so are, at a
//     seat's submission (Vet), orders that can apply in no position of the
//     phase. Orders that are otherwise illegal are accepted and reported
//     invalid when the phase resolves; Check tells the submitter at once.
//   - "ready", args {"ready": true|false}.
//
// System applies game.Advance: the phase resolves with the orders in;
// parts without orders hold, unordered retreats disband, builds not
// ordered are waived and disbands not ordered follow civil disorder.
type Rules struct{}

// GameState is the state of one hosted Multiplicity game.
type GameState struct {
	Config   game.Config
	Settings diplomacy.Settings
	// Choosing is true during the start choice, before the first phase of
	// the map (Pos holds the map's starting units).
	Choosing bool
	Pos      *Position
	Orders   map[diplomacy.Power][]string // submitted this phase, hidden from others
	Ready    map[diplomacy.Power]bool
	History  []PhaseRecord
	RNG      game.RNG // the game's seeded randomness (unused by the rules so far; carried for replay)
}

// PhaseRecord is one resolved phase (or the start choice): the position it
// started from, and every order with its result.
type PhaseRecord struct {
	Choice   bool                        `json:"choice,omitempty"` // the start choice of army or fleet
	Position NextJSON                    `json:"position"`
	Orders   []diplomacy.OrderResultJSON `json:"orders"`
}

// combines are the options of package diplomacy that Multiplicity reads;
// every other one, switched on, is refused naming both options.
var combines = map[string]bool{"players": true, "preset": true, "fog": true}

// collide says why some options of package diplomacy do not combine with
// Multiplicity.
var collide = map[string]string{
	"catspaw":      "Catspaw's extra orders for unplayed units are not defined for multiple units",
	"black_hole":   "the Black Hole is not built into the Multiplicity engine",
	"crystal_ball": "Crystal Ball's orders written ahead are not built into the Multiplicity engine",
}

// ParseSettings reads and checks the options of a Multiplicity game on map
// m: "multiplicity" must be true; "rules" may only be "1971"; options that
// collide with Multiplicity are refused naming both; the rest are read by
// diplomacy.ParseSettings (players, preset, fog). The edition is 1971.
func ParseSettings(m *diplomacy.Map, opts map[string]string) (diplomacy.Settings, error) {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rest := map[string]string{}
	for _, k := range keys {
		v := opts[k]
		switch k {
		case Option:
			if on, ok := boolValue(v); !ok || !on {
				return diplomacy.Settings{}, fmt.Errorf("option multiplicity=%q: this engine plays Multiplicity (multiplicity=true)", v)
			}
		case "rules":
			if v != "1971" {
				return diplomacy.Settings{}, fmt.Errorf("option rules=%s does not combine with multiplicity=true: Multiplicity is played under the 1971 rules (rules=1971, or leave it out)", v)
			}
		default:
			if combines[k] {
				rest[k] = v
				continue
			}
			// Any other option of package diplomacy: an unknown key or a
			// bad value gets diplomacy's error; switched off it is
			// dropped, switched on it is refused.
			on, isBool := boolValue(v)
			probe := v
			if isBool {
				probe = "false" // the key alone, without what switching it on requires
			}
			if _, err := diplomacy.ParseSettings(m, map[string]string{k: probe}); err != nil {
				return diplomacy.Settings{}, err
			}
			if isBool && !on {
				continue
			}
			if isBool {
				v = "true"
			}
			why, known := collide[k]
			if !known {
				why = "it is not built into the Multiplicity engine"
			}
			return diplomacy.Settings{}, fmt.Errorf("option %s=%s does not combine with multiplicity=true: %s", k, v, why)
		}
	}
	rest["rules"] = "1971"
	return diplomacy.ParseSettings(m, rest)
}

// CheckMap refuses the maps this engine cannot play as their rules say:
// those with special borders, seasonal provinces or centre exceptions
// (loeb9, variant_1900, imperium, colonial; docs/variants.md), which the
// Multiplicity engine does not model.
func CheckMap(m *diplomacy.Map) error {
	if m.Special() {
		return fmt.Errorf("map %s has special borders (seasons, weak or river borders, canals, railroads or centre exceptions) that the Multiplicity engine does not model", m.ID)
	}
	return nil
}

func boolValue(v string) (on, ok bool) {
	switch v {
	case "true", "yes", "1":
		return true, true
	case "", "false", "no", "0":
		return false, true
	}
	return false, false
}

// Name is "diplomacy": Multiplicity is a Diplomacy game with an option.
func (Rules) Name() string { return "diplomacy" }

// Setup starts a game on the configured map, in the start choice (or in the
// map's first phase when no played power has a starting unit to choose).
func (Rules) Setup(cfg game.Config, seed uint64) (game.State, error) {
	id := cfg.Variant
	if id == "" {
		id = "standard"
	}
	m, err := diplomacy.LoadMap(id)
	if err != nil {
		return nil, err
	}
	if err := CheckMap(m); err != nil {
		return nil, err
	}
	set, err := ParseSettings(m, cfg.Options)
	if err != nil {
		return nil, err
	}
	pos, err := StartPosition(m, nil)
	if err != nil {
		return nil, err
	}
	gs := &GameState{Config: cfg, Settings: set, Pos: pos, Orders: map[diplomacy.Power][]string{},
		Ready: map[diplomacy.Power]bool{}, RNG: game.NewRNG(seed), Choosing: true}
	gs.Choosing = false
	for _, owe := range gs.owingChoice() {
		gs.Choosing = gs.Choosing || owe
	}
	return gs, nil
}

func state(s game.State) *GameState {
	gs, ok := s.(*GameState)
	if !ok {
		panic(fmt.Sprintf("multiplicity: not a multiplicity state: %T", s))
	}
	return gs
}

// Seats lists the played powers.
func (Rules) Seats(s game.State) []game.Seat {
	gs := state(s)
	var seats []game.Seat
	for i, p := range gs.Pos.Map.Powers {
		if gs.Settings.Played(diplomacy.Power(i)) {
			seats = append(seats, game.Seat(p.ID))
		}
	}
	return seats
}

// choosable reports whether a starting unit at l may be either an army or
// a fleet (it stands on a coast).
func choosable(m *diplomacy.Map, l diplomacy.Loc) bool {
	return m.Provinces[m.Prov(l)].Kind == diplomacy.Coast
}

// owingChoice lists, per power, whether it has a starting unit to choose.
func (gs *GameState) owingChoice() []bool {
	m := gs.Pos.Map
	owe := make([]bool, len(m.Powers))
	for _, u := range m.StartUnits {
		if gs.Settings.Played(u.Power) && choosable(m, u.Loc) {
			owe[u.Power] = true
		}
	}
	return owe
}

// owing lists, per power, whether it has something to decide now.
func (gs *GameState) owing() []bool {
	pos := gs.Pos
	m := pos.Map
	if gs.Choosing {
		return gs.owingChoice()
	}
	owe := make([]bool, len(m.Powers))
	if pos.Winner() != diplomacy.NoPower {
		return owe
	}
	switch pos.Phase.Type {
	case diplomacy.Movement:
		for _, u := range pos.Units {
			if !u.Empty() {
				owe[u.Power] = true
			}
		}
	case diplomacy.Retreat:
		for _, d := range pos.Dislodged {
			owe[d.Power] = true
		}
	case diplomacy.Adjustment:
		parts, centers := pos.Parts(), pos.Centers()
		for pw := range owe {
			switch {
			case centers[pw] < parts[pw]:
				owe[pw] = true
			case centers[pw] > parts[pw]:
				owe[pw] = len(buildSites(pos, diplomacy.Power(pw))) > 0
			}
		}
	}
	for i := range owe {
		if !gs.Settings.Played(diplomacy.Power(i)) {
			owe[i] = false
		}
	}
	return owe
}

// phaseText names the current decision window.
func (gs *GameState) phaseText() string {
	if gs.Choosing {
		return "the start choice"
	}
	return gs.Pos.Phase.String()
}

// Pending lists the powers that owe orders (or their start choice) now.
func (Rules) Pending(s game.State) []game.Prompt {
	gs := state(s)
	var out []game.Prompt
	for i, owe := range gs.owing() {
		if !owe {
			continue
		}
		pw := diplomacy.Power(i)
		_, submitted := gs.Orders[pw]
		text := fmt.Sprintf("orders for %s (Multiplicity)", gs.Pos.Phase)
		if gs.Choosing {
			text = "choose army or fleet for each starting unit on a coast (Multiplicity rule 1)"
		}
		out = append(out, game.Prompt{Seat: game.Seat(gs.Pos.Map.Powers[i].ID), Kind: "orders",
			Text: text, Submitted: submitted, Ready: gs.Ready[pw]})
	}
	return out
}

// ParseChoice reads one start choice: a province and a unit type in either
// order ("lon F", "F lon", "A edi"); a fleet on a split coast names its
// coast ("stp F/sc" or "F stp/sc").
func ParseChoice(m *diplomacy.Map, text string) (diplomacy.Unit, error) {
	words := strings.Fields(text)
	if len(words) != 2 {
		return diplomacy.Unit{}, fmt.Errorf("start choice %q: want a province and A or F (\"lon F\")", text)
	}
	typeWord := func(w string) (diplomacy.UnitType, string, bool) {
		t, coast, _ := strings.Cut(strings.ToLower(w), "/")
		switch t {
		case "a", "army":
			if coast != "" {
				return 0, "", false
			}
			return diplomacy.Army, "", true
		case "f", "fleet":
			return diplomacy.Fleet, coast, true
		}
		return 0, "", false
	}
	typ, coast, ok := typeWord(words[0])
	place := words[1]
	if !ok {
		if typ, coast, ok = typeWord(words[1]); !ok {
			return diplomacy.Unit{}, fmt.Errorf("start choice %q: no unit type (A or F)", text)
		}
		place = words[0]
	}
	if coast != "" {
		if strings.Contains(place, "/") {
			return diplomacy.Unit{}, fmt.Errorf("start choice %q: two coasts", text)
		}
		place += "/" + coast
	}
	l, ok := m.LookupLoc(place)
	if !ok {
		return diplomacy.Unit{}, fmt.Errorf("start choice %q: unknown province %q", text, place)
	}
	return diplomacy.Unit{Type: typ, Loc: l, Power: diplomacy.NoPower}, nil
}

// checkChoice refuses a start choice that does not parse or does not name
// a starting unit of pw that may be chosen.
func (gs *GameState) checkChoice(pw diplomacy.Power, text string, seen []bool) (diplomacy.Unit, error) {
	m := gs.Pos.Map
	u, err := ParseChoice(m, text)
	if err != nil {
		return u, err
	}
	u.Power = pw
	pr := m.Prov(u.Loc)
	start := gs.Pos.Units[pr]
	switch {
	case start.Empty():
		return u, fmt.Errorf("start choice %q: no starting unit in %s", text, m.ProvName(pr))
	case start.Power != pw:
		return u, fmt.Errorf("start choice %q: the starting unit in %s is not yours", text, m.ProvName(pr))
	case !choosable(m, start.Loc):
		return u, fmt.Errorf("start choice %q: the starting unit in %s stands where only one type can", text, m.ProvName(pr))
	case seen[pr]:
		return u, fmt.Errorf("start choice %q: %s is chosen twice", text, m.ProvName(pr))
	}
	seen[pr] = true
	l := u.Loc
	if u.Type == diplomacy.Army {
		l = diplomacy.Loc(pr)
	}
	if err := CanStand(m, One(u.Type), l); err != nil {
		if u.Type == diplomacy.Fleet && len(m.Provinces[pr].Coasts) > 0 {
			return u, fmt.Errorf("start choice %q: a fleet in %s names its coast", text, m.ProvName(pr))
		}
		return u, fmt.Errorf("start choice %q: %v", text, err)
	}
	return u, nil
}

// checkOwnOrder refuses an order that does not parse or names a unit that
// power pw does not have (a dislodged one in a retreat phase).
func (gs *GameState) checkOwnOrder(pw diplomacy.Power, text string) error {
	pos := gs.Pos
	m := pos.Map
	o, err := ParseOrder(m, text)
	if err != nil {
		return err
	}
	if o.Kind == Build || o.Kind == Waive {
		return nil // checked when the phase resolves
	}
	refs := []Ref{o.Unit}
	if o.Kind == Merge {
		refs = o.Parts
	}
	for _, r := range refs {
		if r.At == diplomacy.NoLoc || int(r.At) >= len(m.Locs) {
			return fmt.Errorf("order %q names no unit", text)
		}
		p := m.Prov(r.At)
		if pos.Phase.Type == diplomacy.Retreat {
			found := false
			for _, d := range pos.Dislodged {
				if m.Prov(d.Loc) == p {
					if d.Power != pw {
						return fmt.Errorf("order %q: the unit at %s is not yours", text, m.LocName(d.Loc))
					}
					found = true
				}
			}
			if !found {
				return fmt.Errorf("order %q: no dislodged unit at %s", text, m.ProvName(p))
			}
			continue
		}
		u := pos.Units[p]
		switch {
		case u.Empty():
			return fmt.Errorf("order %q: there is no unit at %s", text, m.ProvName(p))
		case u.Power != pw:
			return fmt.Errorf("order %q: the unit at %s is not yours", text, m.LocName(u.Loc))
		}
	}
	return nil
}

// vetOrders judges the order list (or start choice) power pw submits, as
// Apply does before it stores it: whole refuses the list as such (too long,
// nothing to order now); each[i] refuses texts[i], nil when it is accepted.
func (gs *GameState) vetOrders(pw diplomacy.Power, texts []string) (each []error, whole error) {
	m := gs.Pos.Map
	if max := 2*len(m.Provinces) + 16; len(texts) > max {
		return nil, fmt.Errorf("orders: %d orders; a power writes at most %d", len(texts), max)
	}
	if !gs.owing()[pw] && len(texts) > 0 {
		return nil, fmt.Errorf("%s has nothing to order in %s", m.Powers[pw].Name, gs.phaseText())
	}
	each = make([]error, len(texts))
	if gs.Choosing {
		seen := make([]bool, len(m.Provinces))
		for i, text := range texts {
			_, each[i] = gs.checkChoice(pw, text, seen)
		}
		return each, nil
	}
	for i, text := range texts {
		each[i] = gs.checkOwnOrder(pw, text)
	}
	return each, nil
}

// Apply carries out a seat's action or, for game.System, Advance.
func (Rules) Apply(s game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	gs := state(s)
	if seat == game.System {
		if a.Type != game.Advance {
			return s, nil, fmt.Errorf("unknown system action %q", a.Type)
		}
		return s, gs.advance(), nil
	}
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || !gs.Settings.Played(pw) || string(seat) != m.Powers[pw].ID {
		return s, nil, fmt.Errorf("unknown seat %q", seat)
	}
	if !gs.Choosing && gs.Pos.Winner() != diplomacy.NoPower {
		return s, nil, fmt.Errorf("the game is over")
	}
	switch a.Type {
	case "orders":
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return s, nil, fmt.Errorf("orders: %w", err)
		}
		each, whole := gs.vetOrders(pw, args.Orders)
		if whole != nil {
			return s, nil, whole
		}
		for _, err := range each {
			if err != nil {
				return s, nil, err
			}
		}
		gs.Orders[pw] = append([]string{}, args.Orders...)
		return s, nil, nil
	case "ready":
		var args struct {
			Ready bool `json:"ready"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return s, nil, fmt.Errorf("ready: %w", err)
		}
		gs.Ready[pw] = args.Ready
		return s, nil, nil
	}
	return s, nil, fmt.Errorf("unknown action %q (want orders or ready)", a.Type)
}

func strictJSON(data []byte, v any) error {
	if len(data) == 0 {
		return fmt.Errorf("missing arguments")
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("unexpected data after the arguments")
	}
	return nil
}

// advance resolves the current phase (or the start choice) with the
// orders in.
func (gs *GameState) advance() []game.Event {
	pos := gs.Pos
	m := pos.Map
	if gs.Choosing {
		return gs.advanceChoice()
	}
	if pos.Winner() != diplomacy.NoPower {
		return nil
	}
	rec := PhaseRecord{Position: PositionJSON(pos), Orders: []diplomacy.OrderResultJSON{}}
	var in []OrderIn
	var texts []string
	for i := range m.Powers {
		pw := diplomacy.Power(i)
		for _, text := range gs.Orders[pw] {
			o, err := ParseOrder(m, text)
			if err != nil {
				continue // refused at submission; cannot happen
			}
			if pos.Phase.Type == diplomacy.Retreat && o.Kind == Move {
				o.Kind = Retreat
			}
			in = append(in, OrderIn{Power: pw, Order: o})
			texts = append(texts, text)
		}
	}
	out := make([]Outcome, len(in))
	before := pos.Phase
	disbanded := step(pos, in, out)
	for i, o := range out {
		rec.Orders = append(rec.Orders, diplomacy.OrderResultJSON{Power: m.PowerName(in[i].Power), Order: texts[i],
			Result: o.Result.String(), Reason: o.Reason})
	}
	gs.History = append(gs.History, rec)
	gs.Orders = map[diplomacy.Power][]string{}
	gs.Ready = map[diplomacy.Power]bool{}
	ev := []game.Event{{Type: "phase", Text: fmt.Sprintf("%s resolved; now %s", before, pos.Phase)}}
	for _, d := range disbanded {
		e := game.Event{Type: "disbanded", Text: fmt.Sprintf("%s (%s) is disbanded: dislodged with nowhere to retreat",
			unitString(m, d.Comp, d.Loc), m.Powers[d.Power].Name)}
		if gs.Settings.Fog {
			e.Seats = []game.Seat{}
			for i := range m.Powers {
				pw := diplomacy.Power(i)
				if gs.Settings.Played(pw) && (pw == d.Power || visibleTo(pos, pw)[m.Prov(d.Loc)]) {
					e.Seats = append(e.Seats, game.Seat(m.Powers[i].ID))
				}
			}
		}
		ev = append(ev, e)
	}
	if w := pos.Winner(); w != diplomacy.NoPower {
		ev = append(ev, game.Event{Type: "victory", Text: m.Powers[w].Name + " wins"})
	}
	if gs.nobodyOwes() {
		// A retreat or adjustment phase in which no seat has anything to
		// decide (only unplayed powers' units retreat or adjust) is
		// resolved at once with the defaults.
		ev = append(ev, gs.advance()...)
	}
	return ev
}

// nobodyOwes reports whether the game stands in a retreat or adjustment
// phase in which no seat has anything to decide.
func (gs *GameState) nobodyOwes() bool {
	if gs.Choosing || gs.Pos.Winner() != diplomacy.NoPower || gs.Pos.Phase.Type == diplomacy.Movement {
		return false
	}
	for _, owe := range gs.owing() {
		if owe {
			return false
		}
	}
	return true
}

// advanceChoice closes the start choice: the choices in replace the map's
// starting units; a starting unit not chosen keeps its type.
func (gs *GameState) advanceChoice() []game.Event {
	m := gs.Pos.Map
	rec := PhaseRecord{Choice: true, Position: PositionJSON(gs.Pos), Orders: []diplomacy.OrderResultJSON{}}
	var choices []diplomacy.Unit
	for i := range m.Powers {
		pw := diplomacy.Power(i)
		seen := make([]bool, len(m.Provinces))
		for _, text := range gs.Orders[pw] {
			u, err := gs.checkChoice(pw, text, seen)
			res := diplomacy.OrderResultJSON{Power: m.PowerName(pw), Order: text, Result: diplomacy.Succeeds.String()}
			if err != nil {
				res.Result, res.Reason = diplomacy.Invalid.String(), err.Error() // refused at submission; cannot happen
			} else {
				choices = append(choices, u)
			}
			rec.Orders = append(rec.Orders, res)
		}
	}
	pos, err := StartPosition(m, choices)
	if err != nil {
		pos, _ = StartPosition(m, nil) // the choices were checked one by one; cannot happen
	}
	gs.Pos = pos
	gs.Choosing = false
	gs.History = append(gs.History, rec)
	gs.Orders = map[diplomacy.Power][]string{}
	gs.Ready = map[diplomacy.Power]bool{}
	return []game.Event{{Type: "phase", Text: fmt.Sprintf("the start choice is made; now %s", pos.Phase)}}
}

// Over reports a win.
func (Rules) Over(s game.State) (bool, string) {
	gs := state(s)
	if gs.Choosing {
		return false, ""
	}
	if w := gs.Pos.Winner(); w != diplomacy.NoPower {
		return true, gs.Pos.Map.Powers[w].Name + " wins"
	}
	return false, ""
}

// Clone copies the state.
func (Rules) Clone(s game.State) game.State {
	gs := state(s)
	c := &GameState{Config: gs.Config, Settings: gs.Settings, Choosing: gs.Choosing, Pos: gs.Pos.Clone(),
		Orders: map[diplomacy.Power][]string{}, Ready: map[diplomacy.Power]bool{},
		History: append([]PhaseRecord(nil), gs.History...), RNG: gs.RNG}
	c.Settings.Unplayed = append([]bool(nil), gs.Settings.Unplayed...)
	for k, v := range gs.Orders {
		c.Orders[k] = append([]string(nil), v...)
	}
	for k, v := range gs.Ready {
		c.Ready[k] = v
	}
	return c
}

// Engine is the "engine" field of a marshalled Multiplicity state, by which
// a reader tells it from a standard Diplomacy state.
const Engine = "multiplicity"

type stateJSON struct {
	Engine   string              `json:"engine"`
	Config   game.Config         `json:"config"`
	Choosing bool                `json:"choosing,omitempty"`
	Board    NextJSON            `json:"board"`
	Orders   map[string][]string `json:"orders"`
	Ready    []string            `json:"ready"`
	History  []PhaseRecord       `json:"history"`
	RNG      game.RNG            `json:"rng"`
}

// Marshal encodes the state as JSON; its "engine" is "multiplicity".
func (Rules) Marshal(s game.State) ([]byte, error) {
	gs := state(s)
	m := gs.Pos.Map
	sj := stateJSON{Engine: Engine, Config: gs.Config, Choosing: gs.Choosing, Board: PositionJSON(gs.Pos),
		Orders: map[string][]string{}, Ready: []string{}, History: gs.History, RNG: gs.RNG}
	if sj.History == nil {
		sj.History = []PhaseRecord{}
	}
	for pw, o := range gs.Orders {
		sj.Orders[m.PowerName(pw)] = o
	}
	for pw, r := range gs.Ready {
		if r {
			sj.Ready = append(sj.Ready, m.PowerName(pw))
		}
	}
	sort.Strings(sj.Ready)
	return json.Marshal(sj)
}

// IsState reports whether b is a marshalled Multiplicity state (its
// "engine" is "multiplicity").
func IsState(b []byte) bool {
	var probe struct {
		Engine string `json:"engine"`
	}
	return json.Unmarshal(b, &probe) == nil && probe.Engine == Engine
}

// Unmarshal decodes a state written by Marshal.
func (r Rules) Unmarshal(b []byte) (game.State, error) {
	var sj stateJSON
	if err := json.Unmarshal(b, &sj); err != nil {
		return nil, fmt.Errorf("multiplicity state: %w", err)
	}
	if sj.Engine != Engine {
		return nil, fmt.Errorf("multiplicity state: engine %q, not %q", sj.Engine, Engine)
	}
	s, err := r.Setup(sj.Config, 0)
	if err != nil {
		return nil, fmt.Errorf("multiplicity state: %w", err)
	}
	gs := state(s)
	pos, err := boardPosition(gs.Pos.Map, sj.Board)
	if err != nil {
		return nil, fmt.Errorf("multiplicity state: %w", err)
	}
	gs.Pos = pos
	gs.Choosing = sj.Choosing
	gs.RNG = sj.RNG
	m := pos.Map
	if gs.Orders, err = diplomacy.OrdersByPower(m, sj.Orders); err != nil {
		return nil, fmt.Errorf("multiplicity state: %w", err)
	}
	if gs.Ready, err = diplomacy.ReadyByPower(m, sj.Ready); err != nil {
		return nil, fmt.Errorf("multiplicity state: %w", err)
	}
	gs.History = sj.History
	if len(gs.History) == 0 {
		gs.History = nil
	}
	return gs, nil
}

// boardPosition rebuilds a position from its JSON form on map m.
func boardPosition(m *diplomacy.Map, n NextJSON) (*Position, error) {
	in := PhaseInput{Variant: m.ID, Phase: n.Phase, Units: n.Units, Dislodged: n.Dislodged, Centers: n.Centers}
	if in.Centers == nil {
		in.Centers = map[string]string{}
	}
	return in.Position()
}

// Survivors are the played powers that still have a unit or a centre: the
// ones whose agreement a draw needs.
func (Rules) Survivors(s game.State) []game.Seat {
	gs := state(s)
	parts, centres := gs.Pos.Parts(), gs.Pos.Centers()
	var out []game.Seat
	for i, p := range gs.Pos.Map.Powers {
		if gs.Settings.Played(diplomacy.Power(i)) && (parts[i] > 0 || centres[i] > 0) {
			out = append(out, game.Seat(p.ID))
		}
	}
	return out
}

// ShortWindow reports whether the current window is the start choice, a
// retreat or an adjustment phase, which servers give a shorter deadline.
func (Rules) ShortWindow(s game.State) bool {
	gs := state(s)
	return gs.Choosing || gs.Pos.Phase.Type != diplomacy.Movement
}

var _ game.Rules = Rules{}
