package diplomacy

import (
	"fmt"

	"concordat/game"
)

// Check judges each order of an "orders" action as it is submitted
// (game.Checker), without changing s: one verdict per order, in the order
// written. An order the submission refuses (Vet: control characters, the
// wrong phase kind, a unit supporting itself …; Apply: it does not parse,
// names a unit the seat may not order …) is invalid with the refusal's
// reason; so is every order of a list Apply refuses as a whole (the seat
// owes nothing, the game is over, the window takes no orders). The orders
// Apply accepts are resolved on a copy of the board as the phase would
// resolve them, with the seat's orders alone, and each one the resolution
// calls invalid (an unreachable move, a support of an empty province …) is
// invalid with the resolution's reason: an order's validity never depends on
// other seats' orders, so the verdict is the one the phase will give.
//
// Where a variant decides later whether an order counts at all, Check judges
// the order on its own terms: Double Diplomacy (an order counts only when
// both seats write it), Payola (offers may buy another order), Reverse
// Gunboat (each order is judged as an order for the unit's own power, or for
// a build the centre's owner, so that the verdict does not tell the seat its
// power). Under Fog of War the board is the one the seat sees: an order
// naming a unit out of sight is judged as if the province were empty, and
// a centre out of sight as if its home power owned it (so a build there
// for that power is judged valid), so that checking cannot be used to look
// through the fog; the resolution, which sees everything, may then judge
// it otherwise.
//
// Other actions than "orders" get no verdicts (nil), nor do actions whose
// arguments do not decode or seats that are not in the game.
func (Rules) Check(s game.State, seat game.Seat, a game.Action) []game.Check {
	gs := state(s)
	if a.Type != "orders" {
		return nil
	}
	texts, ok := OrderTexts(a)
	if !ok {
		return nil
	}
	m := gs.Pos.Map
	var (
		whole error
		each  []error
		pw    Power
	)
	if gs.Seating != nil {
		var ok bool
		if pw, ok = gs.Seating.Power[seat]; !ok {
			return nil
		}
		if whole = gs.actionGate(a.Type); whole == nil {
			each, whole = gs.seatVetOrders(seat, texts)
		}
	} else {
		var ok bool
		if pw, ok = m.LookupPower(string(seat)); !ok || !gs.Settings.Played(pw) {
			return nil
		}
		if whole = gs.actionGate(a.Type); whole == nil {
			each, whole = gs.vetOrders(pw, texts)
		}
	}
	if whole != nil {
		return Verdicts(texts, nil, whole)
	}
	for i, text := range texts {
		if err := gs.formError(a.Type, text); err != nil {
			each[i] = err // refused at submission (Vet)
		}
	}
	out := Verdicts(texts, each, nil)
	// Resolve the accepted orders on a copy of the board the seat sees.
	vis := gs.vision(pw)
	pos := gs.seenPosition(vis)
	if vis == nil {
		pos = gs.Pos.Clone()
	} else {
		// An unseen centre is judged as its home power's (unless that is
		// a power whose centres the seat sees all): a build there, for
		// instance a Catspaw extra build, is judged as it may be valid.
		for p, pi := range m.Provinces {
			if !vis[p] && pi.Center && pi.Home != NoPower && pi.Home != pw && !gs.controls(pw, pi.Home) {
				pos.Owners[p] = pi.Home
			}
		}
	}
	var in []Written
	var at []int // in[k] is texts[at[k]]
	for i, text := range texts {
		if each[i] != nil {
			continue
		}
		o, err := m.ParseOrder(text)
		if err != nil {
			panic(fmt.Sprintf("diplomacy: accepted order %q does not parse: %v", text, err))
		}
		if pos.Phase.Type == Retreat && o.Type == Move {
			o.Type = RetreatOrder
		}
		writer := pw
		if gs.Settings.ReverseGunboat {
			writer = gs.judgedAs(pw, o)
		}
		in = append(in, Written{Writer: writer, Order: o})
		at = append(at, i)
	}
	gs.intimateOwners(in)
	res := make([]Outcome, len(in))
	NewAdjudicator(pos.Map, gs.Settings.Edition).Resolve(pos, gs.Settings, in, res)
	for k, o := range res {
		if o.Result == Invalid {
			out[at[k]].Valid, out[at[k]].Reason = false, o.Text(m)
		}
	}
	return out
}

// judgedAs is the power a Reverse Gunboat seat's order is judged for: the
// unit's power, for a build the centre's owner (or its home power), and
// otherwise the seat's own power pw.
func (gs *GameState) judgedAs(pw Power, o Order) Power {
	m := gs.Pos.Map
	owner := NoPower
	switch o.Type {
	case WaiveOrder:
	case BuildOrder:
		if o.At != NoLoc && int(o.At) < len(m.Locs) {
			p := m.Prov(o.At)
			if owner = gs.Pos.Owners[p]; owner == NoPower {
				owner = m.Provinces[p].Home
			}
		}
	default:
		owner = gs.unitOwner(o)
	}
	if owner == NoPower {
		return pw
	}
	return owner
}

// Window names the decision window open now (game.Windowed): the phase's
// code ("S1901M", "F1901R", "W1901A"), or for the windows some variants open
// beside the phases, the code of the phase they come before with its own
// letter: "S1902E" for Seismic's events before Spring 1902, "W1900D" for
// Anarchy's draft, "S1901B" for Intimate's bids. "" once the game is over.
func (Rules) Window(s game.State) string {
	gs := state(s)
	if gs.Pos.Winner() != NoPower {
		return ""
	}
	ph := gs.Pos.Phase
	switch {
	case gs.Seismic:
		return ph.code('E')
	case gs.Anarchy.drafting():
		return ph.code('D')
	case gs.Intimate.bidding():
		return ph.code('B')
	}
	return ph.Code()
}

// Code is the phase's short name: the season's initial, the game year and
// the phase type's initial ("S1901M", "F1901R", "W1901A").
func (p Phase) Code() string {
	return p.code("MRA"[p.Type%3])
}

// code is the phase's short name with kind as its last letter.
func (p Phase) code(kind byte) string {
	return fmt.Sprintf("%c%d%c", "SFW"[p.Season%3], p.Year, kind)
}

var (
	_ game.Checker  = Rules{}
	_ game.Windowed = Rules{}
)
