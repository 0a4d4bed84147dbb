package diplomacy

import (
	"fmt"
	"unicode"

	"concordat/game"
)

// Vet refuses, when a seat submits an order list ("orders", or Crystal
// Ball's "ahead"), an order that can apply in no position of the phase
// (game.Vetter): one with a control character (a tab, CR, LF, …: an order
// is one line of printable text), an order of the wrong phase kind (a
// build in a movement or retreat phase, a move, hold, support or convoy in
// an adjustment phase, a support or convoy in a retreat phase …), a unit
// supporting itself or supporting a move into its own province, a support
// of a move to where the supported unit stands, a convoy of the fleet
// itself or of an army to where it stands, and a move to where the unit
// stands. The error names the order
// and why.
//
// Apply itself still accepts these orders and the phase reports them
// invalid, as it always did, so that records holding them replay exactly;
// the server calls Vet on a seat's submission before Apply (never on
// replay). Well-formed orders that merely fail on the board (an unreachable
// move, an order for a unit that is not there) are not refused by Vet: the
// list is stored as written and Check reports them invalid.
func (Rules) Vet(s game.State, seat game.Seat, a game.Action) error {
	gs := state(s)
	if a.Type != "orders" && a.Type != "ahead" {
		return nil
	}
	texts, ok := OrderTexts(a)
	if !ok {
		return nil // arguments Apply refuses
	}
	for _, text := range texts {
		if err := gs.formError(a.Type, text); err != nil {
			return err
		}
	}
	return nil
}

// OrderTexts are the order texts of an action whose arguments are
// {"orders": [...]} ("orders", "ahead"); ok is false when they do not
// decode as Apply decodes them (no other field).
func OrderTexts(a game.Action) (texts []string, ok bool) {
	var args struct {
		Orders []string `json:"orders"`
	}
	if strictJSON(a.Args, &args) != nil {
		return nil, false
	}
	return args.Orders, true
}

// Verdicts are the checks of an order list from the submission's
// refusals: every order invalid with whole's reason when whole refuses the
// list, otherwise order i invalid with each[i]'s reason where it is not nil,
// and valid where it is (the resolution may still find it invalid).
func Verdicts(texts []string, each []error, whole error) []game.Check {
	out := make([]game.Check, len(texts))
	for i, text := range texts {
		out[i] = game.Check{Item: text, Valid: true}
		switch {
		case whole != nil:
			out[i].Valid, out[i].Reason = false, whole.Error()
		case each[i] != nil:
			out[i].Valid, out[i].Reason = false, each[i].Error()
		}
	}
	return out
}

// ControlError refuses an order text with a control character in it,
// naming the character and where it is; nil for a text without any.
func ControlError(text string) error {
	for i, r := range text {
		if unicode.IsControl(r) {
			return fmt.Errorf("order %q: control character %U at byte %d (an order is one line of printable text)", text, r, i)
		}
	}
	return nil
}

// formError refuses an order of an action of type kind ("orders", or
// "ahead" for the next movement phase) that can apply in no position of
// the phase it is written for (see Vet); nil for any other, orders that
// do not parse included (Apply refuses those).
func (gs *GameState) formError(kind, text string) error {
	if err := ControlError(text); err != nil {
		return err
	}
	m := gs.Pos.Map
	o, err := m.ParseOrder(text)
	if err != nil {
		return nil
	}
	ph := gs.Pos.Phase.Type
	if kind == "ahead" {
		ph = Movement
	}
	if !orderFits(ph, o.Type) {
		a := "a"
		if ph == Adjustment {
			a = "an"
		}
		return fmt.Errorf("order %q: a %s order has no place in %s %s phase (now %s)", text, o.Type, a, ph, gs.Pos.Phase)
	}
	if why := selfOrderReason(m, o); why != "" {
		return fmt.Errorf("order %q: %s", text, why)
	}
	return nil
}

// orderFits reports whether an order of type t may be written in a phase of
// type ph ("F tri - alb" is a retreat in a retreat phase).
func orderFits(ph PhaseType, t OrderType) bool {
	switch ph {
	case Movement:
		return t == Hold || t == Move || t == SupportOrder || t == ConvoyOrder
	case Retreat:
		return t == Move || t == RetreatOrder || t == DisbandOrder
	}
	return t == BuildOrder || t == WaiveOrder || t == DisbandOrder
}

// selfOrderReason says why o, by its form alone, names its own unit where
// it may not: a move to where the unit stands, a support of itself or into
// its own province, a support of a move to where the supported unit
// stands, a convoy of itself or to where the army stands; "" otherwise.
func selfOrderReason(m *Map, o Order) string {
	if o.At == NoLoc || int(o.At) >= len(m.Locs) {
		return ""
	}
	at := m.Prov(o.At)
	prov := func(l Loc) (Province, bool) {
		if l == NoLoc || int(l) >= len(m.Locs) {
			return 0, false
		}
		return m.Prov(l), true
	}
	to, hasTo := prov(o.To)
	aux, hasAux := prov(o.Aux)
	switch o.Type {
	case Move, RetreatOrder:
		if hasTo && to == at {
			return "a unit cannot move to where it stands"
		}
	case SupportOrder:
		switch {
		case hasAux && aux == at:
			return "a unit cannot support itself"
		case hasTo && to == at:
			return "a unit cannot support a move into its own province"
		case hasTo && hasAux && to == aux:
			return "a unit cannot move to where it stands"
		}
	case ConvoyOrder:
		switch {
		case hasAux && aux == at:
			return "a unit cannot convoy itself"
		case hasTo && hasAux && to == aux:
			return "an army cannot be convoyed to where it stands"
		}
	}
	return ""
}

var _ game.Vetter = Rules{}
