package diplomacy

import (
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Seating is the seat layer of the variants whose seats are not the powers
// one to one:
//
//   - Reverse Gunboat: anonymous seats player1 … playerN, one per played
//     power, each secretly holding a power drawn with the game's seed at
//     Setup. A seat may write orders for any unit of a played power; only
//     those for its own power's units (and its own power's builds) count.
//   - Double Diplomacy: two seats per played power, "<power>-a" and
//     "<power>-b". A unit follows an order only when both seats wrote it.
//
// Orders and readiness are kept by seat; when the phase resolves they are
// turned into each power's orders and resolved as usual.
type Seating struct {
	Seats  []game.Seat // in order
	Power  map[game.Seat]Power
	Orders map[game.Seat][]string
	Ready  map[game.Seat]bool
}

// newSeating builds the seat layer the settings ask for (nil when seats are
// powers), drawing Reverse Gunboat's assignment from rng.
func newSeating(m *Map, s Settings, rng *game.RNG) *Seating {
	if !s.ReverseGunboat && !s.Double {
		return nil
	}
	st := &Seating{Power: map[game.Seat]Power{}, Orders: map[game.Seat][]string{}, Ready: map[game.Seat]bool{}}
	var played []Power
	for i, p := range m.Powers {
		if !p.Dummy && s.Played(Power(i)) {
			played = append(played, Power(i))
		}
	}
	if s.ReverseGunboat {
		rng.Shuffle(len(played), func(i, j int) { played[i], played[j] = played[j], played[i] })
		for i, pw := range played {
			seat := game.Seat(fmt.Sprintf("player%d", i+1))
			st.Seats = append(st.Seats, seat)
			st.Power[seat] = pw
		}
		return st
	}
	for _, pw := range played {
		for _, half := range []string{"a", "b"} {
			seat := game.Seat(m.Powers[pw].ID + "-" + half)
			st.Seats = append(st.Seats, seat)
			st.Power[seat] = pw
		}
	}
	return st
}

func (st *Seating) clone() *Seating {
	if st == nil {
		return nil
	}
	c := &Seating{Seats: append([]game.Seat(nil), st.Seats...), Power: map[game.Seat]Power{},
		Orders: map[game.Seat][]string{}, Ready: map[game.Seat]bool{}}
	for k, v := range st.Power {
		c.Power[k] = v
	}
	for k, v := range st.Orders {
		c.Orders[k] = append([]string(nil), v...)
	}
	for k, v := range st.Ready {
		c.Ready[k] = v
	}
	return c
}

// seatingJSON is the snapshot form of a Seating (Marshal, not View: the
// assignment is secret).
type seatingJSON struct {
	Seats  []string            `json:"seats"`
	Power  map[string]string   `json:"power"`
	Orders map[string][]string `json:"orders,omitempty"`
	Ready  []string            `json:"ready,omitempty"`
}

func (st *Seating) toJSON(m *Map) *seatingJSON {
	if st == nil {
		return nil
	}
	j := &seatingJSON{Power: map[string]string{}, Orders: map[string][]string{}}
	for _, s := range st.Seats {
		j.Seats = append(j.Seats, string(s))
		j.Power[string(s)] = m.PowerName(st.Power[s])
		if st.Ready[s] {
			j.Ready = append(j.Ready, string(s))
		}
	}
	for s, o := range st.Orders {
		j.Orders[string(s)] = o
	}
	return j
}

// restore replaces st's contents with a snapshot's, checking every name.
func (st *Seating) restore(m *Map, j *seatingJSON) error {
	if (st == nil) != (j == nil) {
		return fmt.Errorf("seats: the snapshot's seat layer does not match its options")
	}
	if st == nil {
		return nil
	}
	st.Seats = nil
	st.Power = map[game.Seat]Power{}
	st.Orders = map[game.Seat][]string{}
	st.Ready = map[game.Seat]bool{}
	for _, s := range j.Seats {
		pw, ok := m.LookupPower(j.Power[s])
		if !ok {
			return fmt.Errorf("seats: %s: unknown power %q", s, j.Power[s])
		}
		st.Seats = append(st.Seats, game.Seat(s))
		st.Power[game.Seat(s)] = pw
	}
	for s, o := range j.Orders {
		if _, ok := st.Power[game.Seat(s)]; !ok {
			return fmt.Errorf("seats: orders of unknown seat %q", s)
		}
		st.Orders[game.Seat(s)] = o
	}
	for _, s := range j.Ready {
		if _, ok := st.Power[game.Seat(s)]; !ok {
			return fmt.Errorf("seats: unknown ready seat %q", s)
		}
		st.Ready[game.Seat(s)] = true
	}
	return nil
}

// seatOwes reports whether seat has something to write now. Under Reverse
// Gunboat every seat is asked whenever any played power owes orders, so
// that the prompts do not tell a seat whether its power has units.
func (gs *GameState) seatOwes(seat game.Seat) bool {
	st := gs.Seating
	pw, ok := st.Power[seat]
	if !ok {
		return false
	}
	owe := gs.owing()
	if gs.Settings.ReverseGunboat {
		for _, o := range owe {
			if o {
				return true
			}
		}
		return false
	}
	return owe[pw]
}

func (gs *GameState) seatPending() []game.Prompt {
	st := gs.Seating
	m := gs.Pos.Map
	var out []game.Prompt
	for _, seat := range st.Seats {
		if !gs.seatOwes(seat) {
			continue
		}
		_, submitted := st.Orders[seat]
		text := fmt.Sprintf("orders for %s (Reverse Gunboat: write orders for any units; only those for your own power's units count)", gs.Pos.Phase)
		if gs.Settings.Double {
			name := m.Powers[st.Power[seat]].Name
			text = fmt.Sprintf("orders for %s in %s (Double Diplomacy: a unit follows an order only when both %s players write it)", name, gs.Pos.Phase, name)
		}
		out = append(out, game.Prompt{Seat: seat, Kind: "orders", Text: text, Submitted: submitted, Ready: st.Ready[seat]})
	}
	return out
}

func (gs *GameState) seatLegal(seat game.Seat) game.Options {
	pw, ok := gs.Seating.Power[seat]
	if !ok {
		return game.Options{}
	}
	if gs.Settings.ReverseGunboat {
		return gs.legalTree(gs.Pos, NoPower, 0, func(owner Power) treeRoot {
			if gs.Settings.Played(owner) && !gs.Pos.Map.Powers[owner].Dummy {
				return ownRoot
			}
			return notInTree
		})
	}
	return gs.legalTree(gs.seenPosition(gs.vision(pw)), pw, 0, func(owner Power) treeRoot {
		if owner == pw {
			return ownRoot
		}
		return notInTree
	})
}

// seatApply carries out a seat's action in a seated game.
func (gs *GameState) seatApply(seat game.Seat, a game.Action) error {
	st := gs.Seating
	m := gs.Pos.Map
	pw, ok := st.Power[seat]
	if !ok {
		return fmt.Errorf("unknown seat %q", seat)
	}
	if gs.Pos.Winner() != NoPower {
		return fmt.Errorf("the game is over")
	}
	switch a.Type {
	case "orders":
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return fmt.Errorf("orders: %w", err)
		}
		each, whole := gs.seatVetOrders(seat, args.Orders)
		if whole != nil {
			return whole
		}
		for _, err := range each {
			if err != nil {
				return err
			}
		}
		st.Orders[seat] = append([]string{}, args.Orders...)
		return nil
	case "ready":
		var args struct {
			Ready bool `json:"ready"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return fmt.Errorf("ready: %w", err)
		}
		st.Ready[seat] = args.Ready
		return nil
	case "protect":
		if !gs.Settings.BlackHole {
			return fmt.Errorf("protect: this game has no black hole")
		}
		var args struct {
			Center string `json:"center"`
		}
		if err := strictJSON(a.Args, &args); err != nil {
			return fmt.Errorf("protect: %w", err)
		}
		if !gs.Settings.ReverseGunboat {
			p, err := checkProtect(m, pw, args.Center)
			if err != nil {
				return err
			}
			gs.Protect[pw] = p
			return nil
		}
		// Reverse Gunboat: any played power's home centre is accepted; only
		// a home of the seat's own power is protected.
		l, ok := m.LookupLoc(args.Center)
		if !ok {
			return fmt.Errorf("protect: unknown province %q", args.Center)
		}
		home := m.Provinces[m.Prov(l)].Home
		if home == NoPower || !gs.Settings.Played(home) || !containsProv(m.Powers[home].Homes, m.Prov(l)) {
			return fmt.Errorf("protect: %s is not a home centre of a played power", m.ProvName(m.Prov(l)))
		}
		if home == pw {
			gs.Protect[pw] = m.Prov(l)
		}
		return nil
	}
	return fmt.Errorf("unknown action %q (want orders, ready or protect)", a.Type)
}

// seatVetOrders judges the order list a seat submits in a seated game, as
// vetOrders does for a power: whole refuses the list, each[i] refuses
// texts[i] (nil: accepted).
func (gs *GameState) seatVetOrders(seat game.Seat, texts []string) (each []error, whole error) {
	m := gs.Pos.Map
	if max := 2*len(m.Provinces) + 16; len(texts) > max {
		return nil, fmt.Errorf("orders: %d orders; a seat writes at most %d", len(texts), max)
	}
	if !gs.seatOwes(seat) && len(texts) > 0 {
		return nil, fmt.Errorf("%s has nothing to order in %s", seat, gs.Pos.Phase)
	}
	each = make([]error, len(texts))
	for i, text := range texts {
		if gs.Settings.ReverseGunboat {
			each[i] = gs.checkAnyOrder(text)
		} else {
			pw := gs.Seating.Power[seat]
			_, each[i] = gs.checkOwnOrder(pw, gs.seenPosition(gs.vision(pw)), text)
		}
	}
	return each, nil
}

// checkAnyOrder refuses an order that does not parse or names no unit
// (Reverse Gunboat: any unit may be ordered).
func (gs *GameState) checkAnyOrder(text string) error {
	pos := gs.Pos
	m := pos.Map
	o, err := m.ParseOrder(text)
	if err != nil {
		return err
	}
	switch o.Type {
	case WaiveOrder, BuildOrder:
		return nil
	}
	if pos.Phase.Type == Retreat {
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == m.Prov(o.At) {
				return nil
			}
		}
		return fmt.Errorf("order %q: no dislodged unit at %s", text, m.LocName(o.At))
	}
	if pos.Units[m.Prov(o.At)].Type == NoUnit {
		return fmt.Errorf("order %q: there is no unit at %s", text, m.LocName(o.At))
	}
	return nil
}

// unitOwner is the power of the unit an order names (the dislodged unit in
// a retreat phase), or NoPower.
func (gs *GameState) unitOwner(o Order) Power {
	pos := gs.Pos
	m := pos.Map
	if o.At == NoLoc || int(o.At) >= len(m.Locs) {
		return NoPower
	}
	if pos.Phase.Type == Retreat {
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == m.Prov(o.At) {
				return d.Power
			}
		}
		return NoPower
	}
	u := pos.Units[m.Prov(o.At)]
	if u.Type == NoUnit {
		return NoPower
	}
	return u.Power
}

// seatedOrders turns the seats' orders into each power's orders. Under
// Reverse Gunboat a seat's orders count for its own power's units and
// builds (a build counts when it is one its power could make); the others
// are dropped unseen. Under Double Diplomacy an order counts when both of
// the power's seats wrote it; the others are returned as failed results
// for the phase's record, by seat.
func (gs *GameState) seatedOrders() (map[Power][]string, []OrderResultJSON) {
	st := gs.Seating
	m := gs.Pos.Map
	by := map[Power][]string{}
	if gs.Settings.ReverseGunboat {
		var a *Adjudicator // only for builds
		for _, seat := range st.Seats {
			pw := st.Power[seat]
			for _, text := range st.Orders[seat] {
				o, err := m.ParseOrder(text)
				if err != nil {
					continue // refused at submission
				}
				switch {
				case o.Type == WaiveOrder:
				case o.Type == BuildOrder:
					if a == nil {
						a = NewAdjudicator(m, gs.Settings.Edition)
					}
					if a.validAlone(gs.Pos, OrderIn{Power: pw, Order: o}).Result == Invalid {
						continue
					}
				case gs.unitOwner(o) != pw:
					continue
				}
				by[pw] = append(by[pw], text)
			}
		}
		return by, nil
	}
	var unmatched []OrderResultJSON
	for i := 0; i+1 < len(st.Seats); i += 2 {
		sa, sb := st.Seats[i], st.Seats[i+1]
		pw := st.Power[sa]
		parse := func(seat game.Seat) []Order {
			var out []Order
			for _, text := range st.Orders[seat] {
				o, err := m.ParseOrder(text)
				if err != nil {
					o = Order{Type: 255}
				}
				out = append(out, o)
			}
			return out
		}
		oa, ob := parse(sa), parse(sb)
		usedB := make([]bool, len(ob))
		matchedA := make([]bool, len(oa))
		for ia, o := range oa {
			if o.Type == 255 {
				continue
			}
			for ib, p := range ob {
				if !usedB[ib] && p == o {
					usedB[ib], matchedA[ia] = true, true
					by[pw] = append(by[pw], st.Orders[sa][ia])
					break
				}
			}
		}
		name := m.Powers[pw].Name
		reason := fmt.Sprintf("not matched by the other %s player", name)
		switch gs.Pos.Phase.Type {
		case Movement:
			reason += ": the unit holds"
		case Retreat:
			reason += ": the unit disbands"
		case Adjustment:
			reason += ": civil disorder decides"
		}
		for ia, ok := range matchedA {
			if !ok {
				unmatched = append(unmatched, OrderResultJSON{Power: string(sa), Order: st.Orders[sa][ia], Result: "fails", Reason: reason})
			}
		}
		for ib, ok := range usedB {
			if !ok {
				unmatched = append(unmatched, OrderResultJSON{Power: string(sb), Order: st.Orders[sb][ib], Result: "fails", Reason: reason})
			}
		}
	}
	return by, unmatched
}

// seatingView is what a seat sees of the seat layer.
type seatingView struct {
	Seat  string            `json:"seat,omitempty"`
	Power string            `json:"power,omitempty"` // Double Diplomacy: the seat's power (public)
	Seats map[string]string `json:"seats,omitempty"` // each seat's power: Double always, Reverse Gunboat once the game is over
}

// seatView fills in the seat-specific parts of a view: the seat's orders,
// readiness, the seats still writing, and the assignment where it is public.
func (gs *GameState) seatView(seat game.Seat, orders *[]string, ready *bool, waiting *[]string) *seatingView {
	st := gs.Seating
	m := gs.Pos.Map
	v := &seatingView{}
	over := gs.Pos.Winner() != NoPower
	if pw, ok := st.Power[seat]; ok {
		v.Seat = string(seat)
		*orders, *ready = st.Orders[seat], st.Ready[seat]
		if gs.Settings.Double || over {
			v.Power = m.PowerName(pw)
		}
	}
	if gs.Settings.Double || over {
		v.Seats = map[string]string{}
		for _, s := range st.Seats {
			v.Seats[string(s)] = m.PowerName(st.Power[s])
		}
	}
	*waiting = []string{}
	for _, s := range st.Seats {
		if gs.seatOwes(s) && !st.Ready[s] {
			*waiting = append(*waiting, string(s))
		}
	}
	return v
}

// seatSurvivors are the seats whose agreement a draw needs: under Double
// Diplomacy both seats of each surviving power; under Reverse Gunboat every
// seat while the game runs (naming only the survivors would tell who is out).
func (gs *GameState) seatSurvivors(alive func(Power) bool) []game.Seat {
	var out []game.Seat
	for _, s := range gs.Seating.Seats {
		if gs.Settings.ReverseGunboat || alive(gs.Seating.Power[s]) {
			out = append(out, s)
		}
	}
	return out
}

// seatOfPower names the seats of a power, for results after the game.
func (gs *GameState) seatsOfPower(pw Power) string {
	var names []string
	for _, s := range gs.Seating.Seats {
		if gs.Seating.Power[s] == pw {
			names = append(names, string(s))
		}
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
