package diplomacy

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
	"sync/atomic"

	"concordat/game"
)

// Seismic ("seismic"): before each Spring movement phase but the game's
// first (so after every Winter, or after a Fall that needed no
// adjustments), comes a seismic phase. Each played power still in the game
// (with a unit or a centre) may order one event, action "event" with args
// {"event": "connect X Y"} or {"event": "separate X Y"} ("" withdraws it):
//
//   - connect X Y: two standing provinces at most two steps apart (they
//     touch, or share a neighbour), neither with split coasts, become
//     adjacent (EditConnect): for armies if both are land, for fleets if
//     both are sea or coast and some location is a fleet neighbour of both.
//     The event must add a border that was not there: two provinces that
//     touch only by land (Rome and Apulia) may gain a sea border.
//   - separate X Y: two touching provinces lose every border between them,
//     for armies and for fleets on every coast (EditSeparate). A separation
//     that would leave either province with no neighbour at all is refused.
//
// Provinces are named as in orders (id, name or abbreviation; a coast names
// its province). Events are checked when submitted (an illegal one is
// refused, naming the problem) and resolve together when the phase ends:
// a connect and a separate of the same two provinces cancel each other
// (both fail); the same event ordered by several powers happens once; the
// connections happen first, then the separations in the order of the
// powers, each skipped (it fails) if by then it would leave a province
// with no neighbour. A power that orders nothing orders no event. Units
// stay where they are; a unit cut off simply has fewer moves.
//
// Under Fog of War the board's edits are public, as is every event that
// took effect, but not who ordered it; a power sees its own events with
// their results.

// ParseSeismicEvent reads a seismic event, "connect X Y" or "separate X Y",
// on map m; the provinces may have names of several words when exactly one
// way of cutting the words names two provinces ("connect north sea
// norwegian sea"). It checks the form only (see checkSeismicEvent).
func ParseSeismicEvent(m *Map, text string) (MapEdit, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return MapEdit{}, fmt.Errorf("seismic event: empty (want \"connect X Y\" or \"separate X Y\")")
	}
	var e MapEdit
	switch strings.ToLower(words[0]) {
	case "connect":
		e.Op = EditConnect
	case "separate":
		e.Op = EditSeparate
	default:
		return e, fmt.Errorf("seismic event %q: unknown event %q (want connect or separate)", text, words[0])
	}
	rest := words[1:]
	if len(rest) < 2 {
		return e, fmt.Errorf("seismic event %q: %s needs two provinces", text, e.Op)
	}
	if len(rest) == 2 {
		a, ok := m.LookupLoc(rest[0])
		if !ok {
			return e, fmt.Errorf("seismic event %q: unknown province %q", text, rest[0])
		}
		b, ok := m.LookupLoc(rest[1])
		if !ok {
			return e, fmt.Errorf("seismic event %q: unknown province %q", text, rest[1])
		}
		return seismicPair(m, e.Op, m.Prov(a), m.Prov(b)), nil
	}
	if len(rest) > 2*m.maxNameWords+1 {
		return e, fmt.Errorf("seismic event %q: too many words for two provinces", text)
	}
	var found []MapEdit
	for k := 1; k < len(rest); k++ {
		left, right := rest[:k], rest[k:]
		if len(right) > 1 && (right[0] == "-" || strings.EqualFold(right[0], "and")) {
			right = right[1:]
		}
		a, okA := m.LookupLoc(strings.Join(left, " "))
		b, okB := m.LookupLoc(strings.Join(right, " "))
		if !okA || !okB {
			continue
		}
		f := seismicPair(m, e.Op, m.Prov(a), m.Prov(b))
		dup := false
		for _, g := range found {
			dup = dup || g == f
		}
		if !dup {
			found = append(found, f)
		}
	}
	switch len(found) {
	case 0:
		return e, fmt.Errorf("seismic event %q: no two provinces named in %q", text, strings.Join(rest, " "))
	case 1:
		return found[0], nil
	}
	return e, fmt.Errorf("seismic event %q: ambiguous (%s or %s)", text, found[0], found[1])
}

// seismicPair is the event on provinces a and b, named by id, the lower
// index first (so that the same event reads the same whoever wrote it).
func seismicPair(m *Map, op EditOp, a, b Province) MapEdit {
	if b < a {
		a, b = b, a
	}
	return MapEdit{Op: op, A: m.ProvName(a), B: m.ProvName(b)}
}

// touchSets holds, per province, the set of provinces it borders (any
// border, army or fleet), as bits.
type touchSets struct {
	w    int
	bits []uint64
}

// touchSlot holds a map's touchSets once built (one slot, so that copying
// a Map copies no atomic value).
type touchSlot []atomic.Pointer[touchSets]

// touchSetsOf returns m's border sets, building them on first use.
func touchSetsOf(m *Map) *touchSets {
	if len(m.touch) == 0 {
		return newTouchSets(m)
	}
	if t := m.touch[0].Load(); t != nil {
		return t
	}
	t := newTouchSets(m)
	m.touch[0].Store(t)
	return t
}

func newTouchSets(m *Map) *touchSets {
	n := len(m.Provinces)
	t := &touchSets{w: (n + 63) / 64}
	t.bits = make([]uint64, n*t.w)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if m.Touch(Province(a), Province(b)) {
				setBit(t.bits[a*t.w:], b)
				setBit(t.bits[b*t.w:], a)
			}
		}
	}
	return t
}

func (t *touchSets) touch(a, b Province) bool { return hasBit(t.bits[int(a)*t.w:], int(b)) }

func (t *touchSets) count(p Province) int {
	n := 0
	for _, x := range t.bits[int(p)*t.w : int(p+1)*t.w] {
		n += bits.OnesCount64(x)
	}
	return n
}

func (t *touchSets) near(a, b Province) bool {
	ra, rb := t.bits[int(a)*t.w:int(a+1)*t.w], t.bits[int(b)*t.w:int(b+1)*t.w]
	for i := range ra {
		if ra[i]&rb[i] != 0 {
			return true
		}
	}
	return false
}

// refusal says why an event is illegal (refusalNone: it is legal); the
// Legal tree tests every pair, so the reasons are built into errors only
// when asked for.
type refusal uint8

const (
	refusalNone refusal = iota
	refusalSelf
	refusalDestroyed
	refusalSplitCoast
	refusalFar
	refusalAlready
	refusalNoWater
	refusalNoTouch
	refusalIsolates
)

// connectRefusal says whether a connect of a and b is legal on m.
func (m *Map) connectRefusal(t *touchSets, a, b Province) refusal {
	pa, pb := &m.Provinces[a], &m.Provinces[b]
	switch {
	case a == b:
		return refusalSelf
	case m.Swallowed(a) || m.Swallowed(b):
		return refusalDestroyed
	case len(pa.Coasts) > 0 || len(pb.Coasts) > 0:
		return refusalSplitCoast
	case !t.touch(a, b) && !t.near(a, b):
		return refusalFar
	}
	if pa.Kind != Sea && pb.Kind != Sea && !m.ArmyAdjacent(a, b) {
		return refusalNone
	}
	if pa.Kind != Inland && pb.Kind != Inland && !m.FleetAdjacent(Loc(a), Loc(b)) {
		for _, k := range m.fleetAdj[Loc(a)] {
			if m.FleetAdjacent(Loc(b), k) {
				return refusalNone
			}
		}
	}
	if t.touch(a, b) {
		return refusalAlready
	}
	return refusalNoWater
}

// separateRefusal says whether a separation of a and b is legal on m, and
// for refusalIsolates which province would be isolated.
func (m *Map) separateRefusal(t *touchSets, a, b Province) (refusal, Province) {
	switch {
	case m.Swallowed(a) || m.Swallowed(b):
		return refusalDestroyed, a
	case a == b || !t.touch(a, b):
		return refusalNoTouch, a
	case t.count(a) <= 1:
		return refusalIsolates, a
	case t.count(b) <= 1:
		return refusalIsolates, b
	}
	return refusalNone, a
}

// canConnect reports whether a connect of a and b is legal on m, and why not.
func (m *Map) canConnect(t *touchSets, a, b Province) error {
	ia, ib := m.Provinces[a].ID, m.Provinces[b].ID
	switch m.connectRefusal(t, a, b) {
	case refusalSelf:
		return fmt.Errorf("a province cannot be connected to itself")
	case refusalDestroyed:
		return fmt.Errorf("a destroyed province cannot be connected")
	case refusalSplitCoast:
		return fmt.Errorf("provinces with split coasts are not connected")
	case refusalFar:
		return fmt.Errorf("%s and %s share no neighbour (only provinces at most two steps apart connect)", ia, ib)
	case refusalAlready:
		return fmt.Errorf("%s and %s already touch for every unit that could cross", ia, ib)
	case refusalNoWater:
		return fmt.Errorf("%s and %s have no water in common and are not both land", ia, ib)
	}
	return nil
}

// canSeparate reports whether a separation of a and b is legal on m, and
// why not.
func (m *Map) canSeparate(t *touchSets, a, b Province) error {
	r, p := m.separateRefusal(t, a, b)
	switch r {
	case refusalDestroyed:
		return fmt.Errorf("a destroyed province cannot be separated")
	case refusalNoTouch:
		return fmt.Errorf("%s and %s do not touch", m.Provinces[a].ID, m.Provinces[b].ID)
	case refusalIsolates:
		return fmt.Errorf("%s would be left with no neighbour", m.Provinces[p].ID)
	}
	return nil
}

// checkSeismicEvent checks a parsed event against the board.
func checkSeismicEvent(m *Map, e MapEdit) error {
	a, err := m.provByIDAny(e.A)
	if err != nil {
		return err
	}
	b, err := m.provByIDAny(e.B)
	if err != nil {
		return err
	}
	t := touchSetsOf(m)
	if e.Op == EditConnect {
		err = m.canConnect(t, a, b)
	} else {
		err = m.canSeparate(t, a, b)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", e, err)
	}
	return nil
}

// provByIDAny finds a province by exact id, destroyed or not.
func (m *Map) provByIDAny(id string) (Province, error) {
	for i, p := range m.Provinces {
		if p.ID == id {
			return Province(i), nil
		}
	}
	return 0, fmt.Errorf("unknown province %q", id)
}

// seismicOwing marks the powers that may order an event: the played powers
// with a unit or a centre.
func (gs *GameState) seismicOwing() []bool {
	units, centres := gs.Pos.CountUnits(), gs.Pos.CountCenters()
	owe := make([]bool, len(gs.Pos.Map.Powers))
	for i := range owe {
		owe[i] = gs.Settings.Played(Power(i)) && (units[i] > 0 || centres[i] > 0)
	}
	return owe
}

// openSeismic opens the seismic phase when the game has just reached a
// Spring movement phase (never the first: the phase resolved was another).
func (gs *GameState) openSeismic() {
	pos := gs.Pos
	if gs.Settings.Seismic && pos.Phase.Season == Spring && pos.Phase.Type == Movement && pos.Winner() == NoPower {
		gs.Seismic = true
		gs.Events = map[Power]string{}
	}
}

// seismicOptions is the tree of events power pw may order: "connect" or
// "separate", then the first province, then the second.
func (gs *GameState) seismicOptions() game.Options {
	m := gs.Pos.Map
	opts := game.Options{Kind: "event"}
	connect := game.Choice{Value: "connect"}
	separate := game.Choice{Value: "separate"}
	t := touchSetsOf(m)
	for i := range m.Provinces {
		a := Province(i)
		if m.Swallowed(a) {
			continue
		}
		var c, s []game.Choice
		for j := i + 1; j < len(m.Provinces); j++ {
			b := Province(j)
			if m.Swallowed(b) {
				continue
			}
			if r, _ := m.separateRefusal(t, a, b); r == refusalNone {
				s = append(s, game.Choice{Value: m.ProvName(b)})
			}
			if m.connectRefusal(t, a, b) == refusalNone {
				c = append(c, game.Choice{Value: m.ProvName(b)})
			}
		}
		if len(c) > 0 {
			connect.Next = append(connect.Next, game.Choice{Value: m.ProvName(a), Next: c})
		}
		if len(s) > 0 {
			separate.Next = append(separate.Next, game.Choice{Value: m.ProvName(a), Next: s})
		}
	}
	for _, ch := range []game.Choice{connect, separate} {
		if len(ch.Next) > 0 {
			opts.Choices = append(opts.Choices, ch)
		}
	}
	return opts
}

// applyEvent takes power pw's event (action "event").
func (gs *GameState) applyEvent(pw Power, raw []byte) error {
	if !gs.Seismic {
		return fmt.Errorf("event: seismic events are ordered only in the seismic phase of a Seismic game")
	}
	if !gs.seismicOwing()[pw] {
		return fmt.Errorf("event: %s has no unit or centre and orders no event", gs.Pos.Map.Powers[pw].Name)
	}
	var args struct {
		Event string `json:"event"`
	}
	if err := strictJSON(raw, &args); err != nil {
		return fmt.Errorf("event: %w", err)
	}
	if strings.TrimSpace(args.Event) == "" {
		delete(gs.Events, pw)
		return nil
	}
	if len(args.Event) > 200 {
		return fmt.Errorf("event: %d characters is too long", len(args.Event))
	}
	e, err := ParseSeismicEvent(gs.Pos.Map, args.Event)
	if err != nil {
		return err
	}
	if err := checkSeismicEvent(gs.Pos.Map, e); err != nil {
		return fmt.Errorf("seismic event %q: %w", args.Event, err)
	}
	gs.Events[pw] = args.Event
	return nil
}

// resolveSeismic ends the seismic phase: the events happen, as the rule
// says, and the phase is recorded in the history (phase type "seismic",
// each event with its result).
func (gs *GameState) resolveSeismic() []game.Event {
	pos := gs.Pos
	m := pos.Map
	rec := PhaseRecord{Position: PositionJSON(pos), Orders: []OrderResultJSON{}}
	rec.Position.Phase.Type = "seismic"
	type entry struct {
		pw     Power
		text   string
		e      MapEdit
		fail   string
		parsed bool
	}
	var list []*entry
	for i := range m.Powers {
		text, ok := gs.Events[Power(i)]
		if !ok {
			continue
		}
		en := &entry{pw: Power(i), text: text}
		e, err := ParseSeismicEvent(m, text)
		if err == nil {
			err = checkSeismicEvent(m, e)
		}
		if err != nil {
			en.fail = err.Error() // refused at submission; cannot happen
		} else {
			en.e, en.parsed = e, true
		}
		list = append(list, en)
	}
	// A connect and a separate of the same provinces cancel.
	for _, a := range list {
		for _, b := range list {
			if a.parsed && b.parsed && a.e.Op == EditConnect && b.e.Op == EditSeparate && a.e.A == b.e.A && a.e.B == b.e.B {
				a.fail = "cancelled by a separation of the same provinces"
				b.fail = "cancelled by a connection of the same provinces"
			}
		}
	}
	var changes []string
	done := map[MapEdit]bool{}
	for _, op := range []EditOp{EditConnect, EditSeparate} {
		for _, en := range list {
			if !en.parsed || en.fail != "" || en.e.Op != op || done[en.e] {
				continue
			}
			if err := checkSeismicEvent(m, en.e); err != nil {
				en.fail = err.Error()
				continue
			}
			m2, err := m.WithEdits(en.e)
			if err != nil {
				en.fail = err.Error()
				continue
			}
			m = m2
			done[en.e] = true
			changes = append(changes, en.e.String())
		}
	}
	for _, en := range list {
		res := OrderResultJSON{Power: m.PowerName(en.pw), Order: en.text, Result: "succeeds"}
		if en.fail != "" {
			res.Result, res.Reason = "fails", en.fail
		}
		rec.Orders = append(rec.Orders, res)
	}
	pos.Map = m
	gs.History = append(gs.History, rec)
	gs.Seismic = false
	gs.Events = map[Power]string{}
	gs.Ready = map[Power]bool{}
	text := "the seismic phase passes quietly"
	if len(changes) > 0 {
		sort.Strings(changes)
		text = "the earth moves: " + strings.Join(changes, ", ")
	}
	return []game.Event{{Type: "seismic", Text: text}}
}

// fogSeismic filters a seismic phase's record for power pw under Fog of
// War: the events that took effect, without who ordered them, and pw's own.
func fogSeismic(m *Map, rec PhaseRecord, pw Power) PhaseRecord {
	r := PhaseRecord{Position: rec.Position, Orders: []OrderResultJSON{}}
	ph := rec.Position
	ph.Phase.Type = "movement"
	r.Position = fogPosition(m, ph, pw)
	r.Position.Phase.Type = "seismic"
	for _, o := range rec.Orders {
		switch {
		case o.Power == m.PowerName(pw):
			r.Orders = append(r.Orders, o)
		case o.Result == "succeeds":
			o.Power = ""
			r.Orders = append(r.Orders, o)
		}
	}
	return r
}
