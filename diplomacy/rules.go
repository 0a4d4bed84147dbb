package diplomacy

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Rules is Diplomacy through the game contract (package game).
//
// Config: Variant is the map id ("standard" when empty); Options are the
// rule variants of Settings ("rules" for the edition, "players"/"preset" for
// unplayed powers, "catspaw", "fog", …). Seats are the played powers,
// except under Reverse Gunboat and Double Diplomacy (seats.go).
//
// Actions of a seat (a power):
//   - "orders", args {"orders": ["A par - bur", …]}: replaces the power's
//     orders for the current phase. Orders that do not parse, or that name
//     a unit the power does not have, are refused (nothing changes); so are,
//     at a seat's submission (Vet, not Apply, so that older records
//     replay), orders that can apply in no position of the phase. Orders
//     that are otherwise illegal are accepted and reported invalid when the
//     phase resolves, as the rules say; Check tells the submitter at once.
//   - "ready", args {"ready": true|false}: the power is done (or not).
//   - "event", args {"event": "connect X Y"}: a Seismic event, in the
//     seismic phase only (seismic.go).
//   - "offers" (Payola), "preferences" (Anarchy), "bids" (Intimate),
//     "ahead" (Crystal Ball), "protect" (Black Hole): see payola.go,
//     anarchy.go, intimate.go, crystalBallDue and blackhole.go.
//
// System applies game.Advance when the deadline passes or every seat is
// ready: the phase resolves with the orders in; units without orders hold,
// unordered retreats disband, and missing adjustments follow the civil
// disorder rule.
type Rules struct{}

// GameState is the state of one Diplomacy game.
type GameState struct {
	Config   game.Config
	Settings Settings
	Pos      *Position          // on the map with its edits (Black Hole, Seismic, Schizo), if any
	Orders   map[Power][]string // submitted this phase, hidden from others
	Ready    map[Power]bool
	History  []PhaseRecord
	RNG      game.RNG           // the game's seeded randomness (Black Hole)
	Protect  map[Power]Province // Black Hole: each power's protected home centre (secret)
	// Crystal Ball: orders written in this movement window for the next
	// movement phase, and those written last window, due now.
	Ahead map[Power][]string
	Due   map[Power][]string
	// Seismic: the seismic phase is open (before Pos.Phase, a Spring), with
	// each power's event (seismic.go).
	Seismic bool
	Events  map[Power]string
	// Reverse Gunboat and Double Diplomacy: seats that are not powers (seats.go).
	Seating *Seating
	// Payola: treasuries and offers (payola.go).
	Payola *Payola
	// Anarchy: the draft of starting centres and the drafted homes (anarchy.go).
	Anarchy *Anarchy
	// Intimate Diplomacy: treasuries, bids and this year's control (intimate.go).
	Intimate *Intimate
	// seen is set on a state rebuilt from a seat's view (StateFromView).
	seen *seenParts
}

// PhaseRecord is one resolved phase: the position it started from, and
// every order with its result.
type PhaseRecord struct {
	Position NextJSON          `json:"position"`
	Orders   []OrderResultJSON `json:"orders"`
}

// Name is "diplomacy".
func (Rules) Name() string { return "diplomacy" }

// Setup starts a game on the configured map.
func (Rules) Setup(cfg game.Config, seed uint64) (game.State, error) {
	id := cfg.Variant
	if id == "" {
		id = "standard"
	}
	m, err := LoadMap(id)
	if err != nil {
		return nil, err
	}
	set, err := ParseSettings(m, cfg.Options)
	if err != nil {
		return nil, err
	}
	if set.Schizo {
		m, _ = m.WithEdits(MapEdit{Op: EditMajority}) // always applies
	}
	gs := &GameState{Config: cfg, Settings: set, Pos: StartPosition(m),
		Orders: map[Power][]string{}, Ready: map[Power]bool{}, RNG: game.NewRNG(seed),
		Protect: map[Power]Province{}, Ahead: map[Power][]string{}, Due: map[Power][]string{},
		Events: map[Power]string{}}
	gs.Seating = newSeating(m, set, &gs.RNG)
	gs.Payola = newPayola(gs.Pos, set)
	gs.Anarchy = anarchyStart(gs.Pos, set)
	gs.Intimate = newIntimate(gs.Pos, set)
	return gs, nil
}

func state(s game.State) *GameState {
	gs, ok := s.(*GameState)
	if !ok {
		panic(fmt.Sprintf("diplomacy: not a diplomacy state: %T", s))
	}
	return gs
}

// Seats lists the powers.
func (Rules) Seats(s game.State) []game.Seat {
	gs := state(s)
	if gs.Seating != nil {
		return append([]game.Seat(nil), gs.Seating.Seats...)
	}
	var seats []game.Seat
	for i, p := range gs.Pos.Map.Powers {
		if gs.Settings.Played(Power(i)) {
			seats = append(seats, game.Seat(p.ID))
		}
	}
	return seats
}

// owing lists, per power, whether it has something to decide now.
func (gs *GameState) owing() []bool {
	pos := gs.Pos
	owe := make([]bool, len(pos.Map.Powers))
	if pos.Winner() != NoPower {
		return owe
	}
	if gs.Seismic {
		return gs.seismicOwing()
	}
	if gs.Anarchy.drafting() {
		for _, pw := range gs.drafters() {
			owe[pw] = true
		}
		return owe
	}
	extras := false // Catspaw: some unplayed unit (or build) takes extra orders
	switch pos.Phase.Type {
	case Movement:
		for _, u := range pos.Units {
			if u.Type != NoUnit {
				owe[u.Power] = true
				extras = extras || !gs.Settings.Played(u.Power)
			}
		}
	case Retreat:
		for _, d := range pos.Dislodged {
			owe[d.Power] = true
		}
	case Adjustment:
		gen := NewGenerator(pos.Map)
		for _, uo := range gen.Orders(pos, NoPower) {
			owe[uo.Power] = true
			extras = extras || !gs.Settings.Played(uo.Power) && len(uo.Orders) > 0 && uo.Orders[0].Type == BuildOrder
		}
	}
	if gs.Settings.Catspaw && (extras || gs.Settings.Fog) {
		// A player still in the game who may write extra orders (or an
		// extra build) owes them, units of its own or not; under Fog of
		// War, as far as it can tell (extrasOpenFor), so that its prompt
		// tells nothing the fog hides.
		units, centres := pos.CountUnits(), pos.CountCenters()
		for i := range owe {
			if units[i] > 0 || centres[i] > 0 {
				open := extras
				if gs.Settings.Fog {
					open = gs.Settings.Played(Power(i)) && gs.extrasOpenFor(Power(i))
				}
				owe[i] = owe[i] || open && gs.extraQuota(Power(i)) > 0
			}
		}
	}
	gs.intimateOwing(owe)
	for i := range owe {
		if !gs.Settings.Played(Power(i)) {
			owe[i] = false
		}
	}
	return owe
}

// Pending lists the powers that owe orders this phase.
func (Rules) Pending(s game.State) []game.Prompt {
	gs := state(s)
	if gs.Seating != nil {
		return gs.seatPending()
	}
	if gs.Anarchy.drafting() {
		return gs.anarchyPending()
	}
	if gs.Intimate.bidding() {
		return gs.intimatePending()
	}
	var out []game.Prompt
	for i, owe := range gs.owing() {
		if !owe {
			continue
		}
		pw := Power(i)
		_, submitted := gs.Orders[pw]
		kind, text := "orders", fmt.Sprintf("orders for %s", gs.Pos.Phase)
		if gs.Payola != nil && gs.Pos.Phase.Type == Movement {
			text += ", and offers for any unit's orders (Payola)"
		}
		if q := gs.extraQuota(pw); q > 0 && gs.extrasOpenFor(pw) {
			if gs.Pos.Phase.Type == Movement {
				text += fmt.Sprintf(", and up to %d extra orders for unplayed powers' units (Catspaw)", q)
			} else {
				text += ", and one extra build for an unplayed power (Catspaw)"
			}
		}
		if gs.Seismic { // the seismic phase asks for an event instead
			_, submitted = gs.Events[pw]
			kind, text = "event", "a seismic event before "+gs.Pos.Phase.String()+": connect or separate two provinces, or none"
		} else if gs.Settings.CrystalBall && gs.Pos.Phase.Type == Movement {
			_, ahead := gs.Ahead[pw]
			if gs.crystalBallDue() {
				kind, text, submitted = "ahead", "orders for the next movement phase (Crystal Ball)", ahead
			} else {
				text += ", and ahead for the next movement phase (Crystal Ball)"
				submitted = submitted && ahead
			}
		}
		out = append(out, game.Prompt{Seat: game.Seat(gs.Pos.Map.Powers[i].ID), Kind: kind,
			Text: text, Submitted: submitted, Ready: gs.Ready[pw]})
	}
	return out
}

// Apply carries out a seat's action or, for game.System, Advance.
func (r Rules) Apply(s game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	gs := state(s)
	if seat == game.System {
		if a.Type != game.Advance {
			return s, nil, fmt.Errorf("unknown system action %q", a.Type)
		}
		return s, gs.advance(), nil
	}
	if gs.Seating != nil {
		return s, nil, gs.seatApply(seat, a)
	}
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || !gs.Settings.Played(pw) {
		return s, nil, fmt.Errorf("unknown seat %q", seat)
	}
	if err := gs.actionGate(a.Type); err != nil {
		return s, nil, err
	}
	switch a.Type {
	case "event":
		if err := gs.applyEvent(pw, a.Args); err != nil {
			return s, nil, err
		}
		return s, nil, nil
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
	case "ahead":
		if !gs.Settings.CrystalBall || gs.Pos.Phase.Type != Movement {
			return s, nil, fmt.Errorf("ahead: orders are written ahead only in the movement phases of a Crystal Ball game")
		}
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return s, nil, fmt.Errorf("ahead: %w", err)
		}
		for _, text := range args.Orders {
			o, err := m.ParseOrder(text)
			if err != nil {
				return s, nil, err
			}
			if o.Type != Hold && o.Type != Move && o.Type != SupportOrder && o.Type != ConvoyOrder {
				return s, nil, fmt.Errorf("order %q: only movement orders are written ahead", text)
			}
		}
		gs.Ahead[pw] = append([]string{}, args.Orders...)
		return s, nil, nil
	case "protect":
		if !gs.Settings.BlackHole {
			return s, nil, fmt.Errorf("protect: this game has no black hole")
		}
		var args struct {
			Center string `json:"center"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return s, nil, fmt.Errorf("protect: %w", err)
		}
		p, err := checkProtect(m, pw, args.Center)
		if err != nil {
			return s, nil, err
		}
		gs.Protect[pw] = p
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
	case "offers":
		return s, nil, gs.applyOffers(pw, a)
	case "preferences":
		return s, nil, gs.applyPreferences(pw, a)
	case "bids":
		return s, nil, gs.applyBids(pw, a)
	}
	return s, nil, fmt.Errorf("unknown action %q (want orders, ready, ahead, protect, event, offers, preferences or bids)", a.Type)
}

// actionGate refuses an action of type typ that the game's window does
// not take at all: any action once the game is over, orders during the
// seismic phase, the draft (Anarchy) or the bidding (Intimate), and so on.
func (gs *GameState) actionGate(typ string) error {
	if gs.Pos.Winner() != NoPower {
		return fmt.Errorf("the game is over")
	}
	if gs.Seismic && (typ == "orders" || typ == "ahead" || typ == "offers") {
		return fmt.Errorf("%s: this is the seismic phase before %s: send an \"event\"", typ, gs.Pos.Phase)
	}
	if err := gs.anarchyGate(typ); err != nil {
		return err
	}
	return gs.intimateGate(typ)
}

func strictJSON(data []byte, v any) error {
	if len(data) == 0 {
		return fmt.Errorf("missing arguments")
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// vetOrders judges the order list power pw submits, as Apply does before
// it stores it: whole refuses the list as such (too long, nothing to order
// in this phase, the wrong window); each[i] refuses texts[i] (it does not
// parse, names a unit pw may not order, or is an extra order beyond the
// Catspaw quota), nil when the order is accepted. Apply stores the list
// only when every verdict is nil; Check reports the same verdicts.
func (gs *GameState) vetOrders(pw Power, texts []string) (each []error, whole error) {
	m := gs.Pos.Map
	if max := 2*len(m.Provinces) + 16; len(texts) > max {
		return nil, fmt.Errorf("orders: %d orders; a power writes at most %d", len(texts), max)
	}
	if !gs.owing()[pw] && len(texts) > 0 {
		return nil, fmt.Errorf("%s has nothing to order in %s", m.Powers[pw].Name, gs.Pos.Phase)
	}
	if gs.crystalBallDue() {
		return nil, fmt.Errorf("orders for %s were due in the last movement phase (Crystal Ball): send \"ahead\" orders for the next one", gs.Pos.Phase)
	}
	each = make([]error, len(texts))
	extra, quota := 0, gs.extraQuota(pw)
	seen := gs.seenPosition(gs.vision(pw))
	for i, text := range texts {
		isExtra, err := gs.checkOwnOrder(pw, seen, text)
		if err == nil && isExtra {
			if extra++; extra > quota {
				err = fmt.Errorf("order %q: extra order %d for unplayed units: %s may write %d", text, extra, m.Powers[pw].Name, quota)
			}
		}
		each[i] = err
	}
	return each, nil
}

// checkOwnOrder refuses an order that does not parse or names a unit that
// power pw may not order in this phase; it reports whether the order is an
// extra (Catspaw) order for an unplayed power. pos is the board as pw sees
// it (seenPosition): under Fog of War a unit out of sight is judged as if
// its province were empty, and a centre out of sight as unowned, so that
// the refusal tells nothing the fog hides.
func (gs *GameState) checkOwnOrder(pw Power, pos *Position, text string) (bool, error) {
	m := pos.Map
	o, err := m.ParseOrder(text)
	if err != nil {
		return false, err
	}
	mayOrder := func(owner Power, at Loc) (bool, error) {
		switch {
		case owner == pw || gs.controls(pw, owner):
			return false, nil
		case gs.Settings.Catspaw && !gs.Settings.Played(owner):
			// An extra order; only in movement does it count (an unplayed
			// power's removals are civil disorder's: reported invalid).
			return pos.Phase.Type == Movement, nil
		}
		return false, fmt.Errorf("order %q: the unit at %s is not yours", text, m.LocName(at))
	}
	switch o.Type {
	case WaiveOrder:
		return false, nil
	case BuildOrder:
		if other := pos.buildFor(pw, m.Prov(o.At)); gs.Settings.Catspaw && other != NoPower && !gs.Settings.Played(other) {
			return true, nil // an extra build for an unplayed power
		}
		return false, nil // the power's own build, checked when the phase resolves
	}
	if pos.Phase.Type == Retreat {
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == m.Prov(o.At) {
				if d.Power != pw && !gs.controls(pw, d.Power) {
					return false, fmt.Errorf("order %q: the unit at %s is not yours", text, m.LocName(d.Loc))
				}
				return false, nil
			}
		}
		return false, fmt.Errorf("order %q: no dislodged unit at %s", text, m.LocName(o.At))
	}
	u := pos.Units[m.Prov(o.At)]
	if u.Type == NoUnit {
		return false, fmt.Errorf("order %q: there is no unit at %s", text, m.LocName(o.At))
	}
	return mayOrder(u.Power, u.Loc)
}

// extrasOpen reports whether some unplayed power takes extra (Catspaw)
// orders now: a unit of its in a movement phase, or a build it has to make
// in an adjustment phase.
func (gs *GameState) extrasOpen() bool {
	switch gs.Pos.Phase.Type {
	case Movement:
		for _, u := range gs.Pos.Units {
			if u.Type != NoUnit && !gs.Settings.Played(u.Power) {
				return true
			}
		}
	case Adjustment:
		for _, uo := range NewGenerator(gs.Pos.Map).Orders(gs.Pos, NoPower) {
			if !gs.Settings.Played(uo.Power) && len(uo.Orders) > 0 && uo.Orders[0].Type == BuildOrder {
				return true
			}
		}
	}
	return false
}

// extrasOpenFor reports whether power pw's player may write extra
// (Catspaw) orders now: without fog, when some unplayed power takes them
// (extrasOpen); under Fog of War, as far as pw can tell: a unit of an
// unplayed power that it sees in a movement phase, a place where it could
// make an extra build (fogExtraBuilds) in an adjustment phase.
func (gs *GameState) extrasOpenFor(pw Power) bool {
	vis := gs.vision(pw)
	if vis == nil {
		return gs.extrasOpen()
	}
	seen := gs.seenPosition(vis)
	switch seen.Phase.Type {
	case Movement:
		for _, u := range seen.Units {
			if u.Type != NoUnit && !gs.Settings.Played(u.Power) {
				return true
			}
		}
	case Adjustment:
		return len(gs.fogExtraBuilds(pw, seen, vis, 1)) > 0
	}
	return false
}

// extraQuota is how many extra (Catspaw) orders pw may write this phase.
func (gs *GameState) extraQuota(pw Power) int {
	if !gs.Settings.Catspaw {
		return 0
	}
	switch gs.Pos.Phase.Type {
	case Movement:
		var cb [256]int
		return ExtraOrderQuota(gs.Pos.Map, gs.Pos.countCentersInto(cb[:])[pw])
	case Adjustment:
		return 1
	}
	return 0
}

// advance resolves the current phase with the orders in.
func (gs *GameState) advance() []game.Event {
	pos := gs.Pos
	m := pos.Map
	if pos.Winner() != NoPower {
		return nil
	}
	if gs.Seismic {
		return gs.resolveSeismic()
	}
	if gs.Anarchy.drafting() {
		return gs.anarchyDraft()
	}
	if gs.Intimate.bidding() {
		return gs.intimateAuction()
	}
	rec := PhaseRecord{Position: PositionJSON(pos)}
	var in []Written
	var texts []string
	written := gs.Orders
	if gs.crystalBallDue() {
		written = gs.Due
	}
	var unmatched []OrderResultJSON // Double Diplomacy: orders the other seat did not write
	if gs.Seating != nil {
		written, unmatched = gs.seatedOrders()
	}
	if gs.Payola != nil && pos.Phase.Type == Movement {
		written, unmatched = gs.payolaOrders(written)
	}
	for i := range m.Powers {
		pw := Power(i)
		for _, text := range written[pw] {
			o, err := m.ParseOrder(text)
			if err != nil {
				continue // refused at submission; cannot happen
			}
			if pos.Phase.Type == Retreat && o.Type == Move {
				o.Type = RetreatOrder
			}
			in = append(in, Written{Writer: pw, Order: o})
			texts = append(texts, text)
		}
	}
	gs.intimateOwners(in)
	out := make([]Outcome, len(in))
	before := pos.Phase
	adj := NewAdjudicator(m, gs.Settings.Edition)
	adj.Resolve(pos, gs.Settings, in, out)
	for i, o := range out {
		rec.Orders = append(rec.Orders, OrderResultJSON{Power: m.PowerName(in[i].Writer), Order: texts[i],
			Result: o.Result.String(), Reason: o.Text(m)})
	}
	rec.Orders = append(rec.Orders, unmatched...)
	gs.History = append(gs.History, rec)
	gs.Orders = map[Power][]string{}
	gs.Ready = map[Power]bool{}
	if gs.Seating != nil {
		gs.Seating.Orders, gs.Seating.Ready = map[game.Seat][]string{}, map[game.Seat]bool{}
	}
	if gs.Settings.CrystalBall && before.Type == Movement {
		gs.Due, gs.Ahead = gs.Ahead, map[Power][]string{}
	}
	ev := []game.Event{{Type: "phase", Text: fmt.Sprintf("%s resolved; now %s", before, pos.Phase)}}
	if before.Type == Movement {
		ev = append(ev, gs.disbandedEvents(adj.Disbanded())...)
	}
	seasonOver := before.Season != Winter && (pos.Phase.Season != before.Season || pos.Phase.Year != before.Year)
	if gs.Settings.BlackHole && seasonOver && pos.Winner() == NoPower {
		ev = append(ev, gs.blackHole(before)...)
	}
	if gs.Settings.Schizo && seasonOver && gs.Pos.Winner() == NoPower {
		ev = append(ev, gs.schizo(before)...)
	}
	ev = append(ev, gs.payolaIncome(before)...)
	ev = append(ev, gs.intimateNewYear(before)...)
	pos = gs.Pos
	gs.openSeismic()
	if w := pos.Winner(); w != NoPower {
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
	if gs.Pos.Winner() != NoPower || gs.Seismic || gs.Anarchy.drafting() || gs.Intimate.bidding() ||
		gs.Pos.Phase.Type == Movement {
		return false
	}
	for _, owe := range gs.owing() {
		if owe {
			return false
		}
	}
	return true
}

// disbandedEvents tell of the units a movement phase disbanded at once,
// dislodged with nowhere to retreat (the retreat phase was skipped). Under
// Fog of War each goes to the seats that see the province and to the
// unit's own power.
func (gs *GameState) disbandedEvents(units []Unit) []game.Event {
	m := gs.Pos.Map
	var ev []game.Event
	for _, u := range units {
		e := game.Event{Type: "disbanded", Text: fmt.Sprintf("%s (%s) is disbanded: dislodged with nowhere to retreat",
			m.unitString(u), m.Powers[u.Power].Name)}
		if gs.Settings.Fog {
			see, _ := gs.seatsSeeing(m.Prov(u.Loc))
			for _, seat := range (Rules{}).Seats(gs) {
				pw, ok := m.LookupPower(string(seat))
				if gs.Seating != nil {
					pw, ok = gs.Seating.Power[seat]
				}
				if ok && pw == u.Power && !containsSeat(see, seat) {
					see = append(see, seat)
				}
			}
			if e.Seats = see; see == nil {
				e.Seats = []game.Seat{} // nobody sees it
			}
		}
		ev = append(ev, e)
	}
	return ev
}

func containsSeat(list []game.Seat, s game.Seat) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// seatViewJSON is a seat's view (View), as the API serves it; StateFromView
// reads it back.
type seatViewJSON struct {
	Variant  string            `json:"variant"`
	Rules    string            `json:"rules"`
	Options  map[string]string `json:"options"` // the game's options (its config: public)
	Board    NextJSON          `json:"board"`
	Orders   []string          `json:"orders,omitempty"`
	Ready    bool              `json:"ready,omitempty"`
	Waiting  []string          `json:"waiting"`
	History  []PhaseRecord     `json:"history"`
	Powers   map[string]string `json:"powers"`
	Counts   map[string]int    `json:"centre_counts,omitempty"`
	Ahead    []string          `json:"ahead,omitempty"`   // Crystal Ball: written for the next movement phase
	Due      []string          `json:"due,omitempty"`     // Crystal Ball: written last phase, due now
	Seismic  bool              `json:"seismic,omitempty"` // Seismic: the seismic phase before board.phase is open
	Event    string            `json:"event,omitempty"`   // Seismic: the seat's event
	Protect  string            `json:"protect,omitempty"` // Black Hole: the home centre the seat's power protects
	Seating  *seatingView      `json:"seating,omitempty"`
	Payola   *payolaView       `json:"payola,omitempty"` // the seat's own treasury and offers
	Anarchy  *anarchyView      `json:"anarchy,omitempty"`
	Intimate *intimateView     `json:"intimate,omitempty"`
}

// View is the board, the history, the game's options, and the seat's own
// unresolved orders and secret choices (other powers' orders stay hidden
// until the phase resolves).
func (Rules) View(s game.State, seat game.Seat) any {
	gs := state(s)
	m := gs.Pos.Map
	v := seatViewJSON{Variant: m.ID, Rules: gs.Settings.Edition.String(), Options: gs.Config.Options, Board: PositionJSON(gs.Pos), History: gs.History,
		Powers: map[string]string{}, Waiting: []string{}}
	if v.Options == nil {
		v.Options = map[string]string{}
	}
	if v.History == nil {
		v.History = []PhaseRecord{}
	}
	for _, p := range m.Powers {
		v.Powers[p.ID] = p.Name
	}
	pw, isPower := m.LookupPower(string(seat))
	if gs.Seating != nil {
		pw, isPower = gs.Seating.Power[seat]
		isPower = isPower && gs.Settings.Double // Reverse Gunboat: the seat's power stays secret
	}
	if isPower && seat != game.System && gs.Seating == nil {
		v.Orders = gs.Orders[pw]
		v.Ready = gs.Ready[pw]
		v.Ahead, v.Due = gs.Ahead[pw], gs.Due[pw]
		v.Event = gs.Events[pw]
	}
	if isPower && seat != game.System && (gs.Seating == nil || gs.Settings.Double) {
		if p, ok := gs.Protect[pw]; ok {
			v.Protect = m.ProvName(p)
		}
	}
	v.Seismic = gs.Seismic
	if over, _ := (Rules{}).Over(s); gs.Settings.Fog && !over {
		if isPower && seat != game.System {
			v.Board = fogPositionVis(m, v.Board, gs.vision(pw))
			v.History = fogHistory(m, gs.History, pw, gs.Intimate != nil)
		} else {
			// Spectators see the centre counts only, until the game ends.
			v.Board = NextJSON{Phase: v.Board.Phase, Units: []unitJSON{}, Centers: map[string]string{}, Holes: v.Board.Holes, Edits: v.Board.Edits, Fog: true}
			v.History = []PhaseRecord{}
			v.Counts = map[string]int{}
			for i, n := range gs.Pos.CountCenters() {
				v.Counts[m.Powers[i].ID] = n
			}
		}
	}
	for i, owe := range gs.owing() {
		if owe && !gs.Ready[Power(i)] {
			v.Waiting = append(v.Waiting, m.Powers[i].ID)
		}
	}
	if gs.Seating != nil {
		v.Seating = gs.seatView(seat, &v.Orders, &v.Ready, &v.Waiting)
	}
	if gs.seen != nil { // rebuilt from a view: who else is writing is not in the state
		v.Waiting = append([]string{}, gs.seen.waiting...)
	}
	v.Payola = gs.viewPayola(pw, isPower && seat != game.System)
	v.Anarchy = gs.viewAnarchy(pw, isPower && seat != game.System)
	v.Intimate = gs.viewIntimate(pw, isPower && seat != game.System)
	return v
}

// Over reports a win.
func (Rules) Over(s game.State) (bool, string) {
	gs := state(s)
	if w := gs.Pos.Winner(); w != NoPower {
		if gs.Seating != nil {
			return true, gs.Pos.Map.Powers[w].Name + " (" + gs.seatsOfPower(w) + ") wins"
		}
		return true, gs.Pos.Map.Powers[w].Name + " wins"
	}
	return false, ""
}

// Clone copies the state.
func (Rules) Clone(s game.State) game.State {
	gs := state(s)
	c := &GameState{Config: gs.Config, Settings: gs.Settings, Pos: gs.Pos.Clone(),
		Orders: map[Power][]string{}, Ready: map[Power]bool{},
		History: append([]PhaseRecord(nil), gs.History...), RNG: gs.RNG, Protect: map[Power]Province{}}
	for k, v := range gs.Protect {
		c.Protect[k] = v
	}
	c.Ahead, c.Due = copyOrders(gs.Ahead), copyOrders(gs.Due)
	c.Seismic, c.Events = gs.Seismic, map[Power]string{}
	for k, v := range gs.Events {
		c.Events[k] = v
	}
	c.Seating = gs.Seating.clone()
	c.Payola = gs.Payola.clone()
	c.Anarchy = gs.Anarchy.clone()
	c.Intimate = gs.Intimate.clone()
	c.seen = gs.seen
	for k, v := range gs.Orders {
		c.Orders[k] = append([]string(nil), v...)
	}
	for k, v := range gs.Ready {
		c.Ready[k] = v
	}
	return c
}

type stateJSON struct {
	Config   game.Config         `json:"config"`
	Board    NextJSON            `json:"board"`
	Orders   map[string][]string `json:"orders"`
	Ready    []string            `json:"ready"`
	History  []PhaseRecord       `json:"history"`
	RNG      game.RNG            `json:"rng"`
	Holes    []string            `json:"holes,omitempty"`
	Protect  map[string]string   `json:"protect,omitempty"`
	Ahead    map[string][]string `json:"ahead,omitempty"`
	Due      map[string][]string `json:"due,omitempty"`
	Edits    []string            `json:"edits,omitempty"`   // every map edit, when not all are destructions
	Seismic  bool                `json:"seismic,omitempty"` // the seismic phase is open
	Events   map[string]string   `json:"events,omitempty"`  // seismic events submitted
	Seating  *seatingJSON        `json:"seating,omitempty"`
	Payola   *payolaJSON         `json:"payola,omitempty"`
	Anarchy  *anarchyJSON        `json:"anarchy,omitempty"`
	Intimate *intimateJSON       `json:"intimate,omitempty"`
}

// Marshal encodes the state as JSON.
func (Rules) Marshal(s game.State) ([]byte, error) {
	gs := state(s)
	m := gs.Pos.Map
	sj := stateJSON{Config: gs.Config, Board: PositionJSON(gs.Pos), Orders: map[string][]string{},
		Ready: []string{}, History: gs.History, RNG: gs.RNG}
	for _, p := range m.Holes() {
		sj.Holes = append(sj.Holes, m.ProvName(p))
	}
	if !m.onlyDestroys() {
		sj.Edits = m.EditNames()
	}
	sj.Seismic = gs.Seismic
	if len(gs.Events) > 0 {
		sj.Events = map[string]string{}
		for pw, e := range gs.Events {
			sj.Events[m.PowerName(pw)] = e
		}
	}
	sj.Ahead, sj.Due = ordersByName(m, gs.Ahead), ordersByName(m, gs.Due)
	sj.Seating = gs.Seating.toJSON(m)
	sj.Payola = gs.Payola.toJSON(m)
	sj.Anarchy = gs.Anarchy.toJSON(m)
	sj.Intimate = gs.Intimate.toJSON(m)
	if len(gs.Protect) > 0 {
		sj.Protect = map[string]string{}
		for pw, p := range gs.Protect {
			sj.Protect[m.PowerName(pw)] = m.ProvName(p)
		}
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

// Unmarshal decodes a state written by Marshal.
func (r Rules) Unmarshal(b []byte) (game.State, error) {
	var sj stateJSON
	if err := json.Unmarshal(b, &sj); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	s, err := r.Setup(sj.Config, 0)
	if err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	gs := state(s)
	m, err := mapFromJSON(gs.Pos.Map.Base(), gs.Settings, sj.Holes, sj.Edits)
	if err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	m, err = gs.Anarchy.restore(m, sj.Anarchy)
	if err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	pos, err := ParsePosition(m, sj.Board)
	if err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	gs.Pos = pos
	gs.RNG = sj.RNG
	if gs.Ahead, err = OrdersByPower(m, sj.Ahead); err != nil {
		return nil, fmt.Errorf("diplomacy state: ahead: %w", err)
	}
	if gs.Due, err = OrdersByPower(m, sj.Due); err != nil {
		return nil, fmt.Errorf("diplomacy state: due: %w", err)
	}
	gs.Seismic = sj.Seismic
	for name, e := range sj.Events {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("diplomacy state: unknown power %q", name)
		}
		gs.Events[pw] = e
	}
	if err := gs.Seating.restore(m, sj.Seating); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	if err := gs.Payola.restore(m, sj.Payola); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	if err := gs.Intimate.restore(m, sj.Intimate); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	for name, id := range sj.Protect {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("diplomacy state: unknown power %q", name)
		}
		l, ok := m.locByID(id)
		if !ok {
			return nil, fmt.Errorf("diplomacy state: unknown province %q", id)
		}
		gs.Protect[pw] = m.Prov(l)
	}
	if gs.Orders, err = OrdersByPower(m, sj.Orders); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	if gs.Ready, err = ReadyByPower(m, sj.Ready); err != nil {
		return nil, fmt.Errorf("diplomacy state: %w", err)
	}
	gs.History = sj.History
	return gs, nil
}

// ParsePosition rebuilds a position from its JSON form.
func ParsePosition(m *Map, n NextJSON) (*Position, error) {
	ph, err := n.Phase.parse()
	if err != nil {
		return nil, err
	}
	pos := NewPosition(m)
	pos.Phase = ph
	for _, uj := range n.Units {
		u, err := m.parseUnitJSON(uj)
		if err != nil {
			return nil, err
		}
		pos.Place(u)
	}
	for _, dj := range n.Dislodged {
		u, err := m.parseUnitJSON(unitJSON{Power: dj.Power, Type: dj.Type, At: dj.At})
		if err != nil {
			return nil, err
		}
		from, ok := m.locByID(dj.AttackerFrom)
		if !ok {
			return nil, fmt.Errorf("unknown province %q", dj.AttackerFrom)
		}
		d := Dislodged{Unit: u, AttackerFrom: m.Prov(from), Retreats: []Loc{}}
		for _, r := range dj.Retreats {
			l, ok := m.locByID(r)
			if !ok {
				return nil, fmt.Errorf("unknown province %q", r)
			}
			d.Retreats = append(d.Retreats, l)
		}
		pos.Dislodged = append(pos.Dislodged, d)
	}
	for k, v := range n.Centers {
		l, ok := m.locByID(k)
		if !ok {
			return nil, fmt.Errorf("unknown province %q", k)
		}
		pw, ok := m.LookupPower(v)
		if !ok {
			return nil, fmt.Errorf("unknown power %q", v)
		}
		pos.Owners[m.Prov(l)] = pw
	}
	return pos, nil
}

// Survivors are the played powers that still have a unit or a centre: the
// ones whose agreement a draw needs.
func (Rules) Survivors(s game.State) []game.Seat {
	gs := state(s)
	units, centres := gs.Pos.CountUnits(), gs.Pos.CountCenters()
	if gs.Seating != nil {
		return gs.seatSurvivors(func(pw Power) bool { return units[pw] > 0 || centres[pw] > 0 })
	}
	var out []game.Seat
	for i, p := range gs.Pos.Map.Powers {
		if gs.Settings.Played(Power(i)) && (units[i] > 0 || centres[i] > 0) {
			out = append(out, game.Seat(p.ID))
		}
	}
	return out
}

// ShortWindow reports whether the current phase is a retreat, adjustment or
// seismic phase, which servers give a shorter deadline.
func (Rules) ShortWindow(s game.State) bool {
	return state(s).Pos.Phase.Type != Movement || state(s).Seismic
}

var _ game.Rules = Rules{}

// blackHole destroys a random unprotected province after a Spring or Fall
// season, with its unit, and settles what follows from the smaller map.
func (gs *GameState) blackHole(season Phase) []game.Event {
	pos := gs.Pos
	var protected []Province
	for _, p := range gs.Protect {
		protected = append(protected, p)
	}
	cands := blackHoleCandidates(pos.Map, protected)
	if len(cands) == 0 {
		return nil
	}
	x := cands[gs.RNG.Intn(len(cands))]
	see, blind := gs.seatsSeeing(x)
	m := pos.Map.WithHoles([]Province{x})
	text := fmt.Sprintf("the black hole swallows %s", m.Provinces[x].Name)
	public := text
	if u := pos.Units[x]; u.Type != NoUnit {
		text += fmt.Sprintf(" and the %s %s in it", m.Powers[u.Power].Adjective, u.Type.Name())
	}
	pos.Map = m
	pos.Units[x] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
	pos.Owners[x] = NoPower
	for pw, p := range gs.Protect {
		if !containsProv(m.Powers[pw].Homes, p) {
			delete(gs.Protect, pw)
		}
	}
	// The adjustments owed may have changed with the lost unit or centre.
	if season.Season == Fall && pos.Winner() == NoPower {
		a := NewAdjudicator(m, gs.Settings.Edition)
		if a.anyAdjustment(pos) {
			pos.Phase = Phase{Season: Winter, Year: season.Year, Type: Adjustment}
		} else {
			pos.Phase = Phase{Season: Spring, Year: season.Year + 1, Type: Movement}
		}
	}
	return gs.mapChangeEvent("black_hole", public, text, see, blind)
}

// crystalBallDue reports whether the current phase is a Crystal Ball
// movement phase whose orders were written in the previous movement phase
// (every movement phase but the game's first).
func (gs *GameState) crystalBallDue() bool {
	if !gs.Settings.CrystalBall || gs.Pos.Phase.Type != Movement {
		return false
	}
	for _, rec := range gs.History {
		if rec.Position.Phase.Type == "movement" {
			return true
		}
	}
	return false
}

func copyOrders(o map[Power][]string) map[Power][]string {
	c := make(map[Power][]string, len(o))
	for k, v := range o {
		c[k] = append([]string(nil), v...)
	}
	return c
}

func ordersByName(m *Map, o map[Power][]string) map[string][]string {
	if len(o) == 0 {
		return nil
	}
	out := make(map[string][]string, len(o))
	for pw, texts := range o {
		out[m.PowerName(pw)] = texts
	}
	return out
}

// OrdersByPower reads orders keyed by power name (as a stored state keeps
// them) into orders keyed by power, refusing an unknown power.
func OrdersByPower(m *Map, o map[string][]string) (map[Power][]string, error) {
	out := map[Power][]string{}
	for name, texts := range o {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("unknown power %q", name)
		}
		out[pw] = texts
	}
	return out, nil
}

// ReadyByPower reads the names of the powers that declared themselves
// ready (as a stored state keeps them), refusing an unknown power.
func ReadyByPower(m *Map, names []string) (map[Power]bool, error) {
	out := map[Power]bool{}
	for _, name := range names {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("unknown power %q", name)
		}
		out[pw] = true
	}
	return out, nil
}
