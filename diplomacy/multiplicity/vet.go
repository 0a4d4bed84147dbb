package multiplicity

import (
	"fmt"

	"concordat/diplomacy"
	"concordat/game"
)

// Vet refuses, when a seat submits an "orders" action, an order (or start
// choice) that can apply in no position of the phase (game.Vetter): one
// with a control character (tab, CR, LF …), an order of the wrong phase
// kind (a build in a movement or retreat phase; a move, hold, support,
// convoy, merge or split in an adjustment phase; a support, convoy, merge or
// split in a retreat phase …), a unit supporting itself or a move into its
// own province, a support of a move to where the supported unit stands, a
// convoy of the unit itself or of an army to where it stands, and a move of
// a unit (or some of its parts) to where it stands. The error names the
// order and why. Apply still accepts them (the phase reports them invalid),
// so that records holding them replay exactly; the server calls Vet before
// Apply on a seat's submission, never on replay.
func (Rules) Vet(s game.State, seat game.Seat, a game.Action) error {
	gs := state(s)
	texts, ok := diplomacy.OrderTexts(a)
	if a.Type != "orders" || !ok {
		return nil
	}
	for _, text := range texts {
		if err := gs.formError(text); err != nil {
			return err
		}
	}
	return nil
}

// formError refuses an order that can apply in no position of the phase
// (see Vet); nil for any other, orders that do not parse included (Apply
// refuses those).
func (gs *GameState) formError(text string) error {
	if err := diplomacy.ControlError(text); err != nil {
		return err
	}
	if gs.Choosing {
		return nil
	}
	m := gs.Pos.Map
	o, err := ParseOrder(m, text)
	if err != nil {
		return nil
	}
	ph := gs.Pos.Phase.Type
	if !orderFits(ph, o.Kind) {
		a := "a"
		if ph == diplomacy.Adjustment {
			a = "an"
		}
		return fmt.Errorf("order %q: a %s order has no place in %s %s phase (now %s)", text, o.Kind, a, ph, gs.Pos.Phase)
	}
	if why := selfOrderReason(m, o); why != "" {
		return fmt.Errorf("order %q: %s", text, why)
	}
	return nil
}

// orderFits reports whether an order of kind k may be written in a phase
// of type ph ("A mun - boh" is a retreat in a retreat phase).
func orderFits(ph diplomacy.PhaseType, k Kind) bool {
	switch ph {
	case diplomacy.Movement:
		switch k {
		case Hold, Move, Support, SupportMerge, Convoy, Merge, Split:
			return true
		}
		return false
	case diplomacy.Retreat:
		return k == Move || k == Retreat || k == Disband
	}
	return k == Build || k == Waive || k == Disband
}

// selfOrderReason says why o, by its form alone, names its own unit where
// it may not (see Vet); "" otherwise.
func selfOrderReason(m *diplomacy.Map, o Order) string {
	prov := func(l diplomacy.Loc) (diplomacy.Province, bool) {
		if l == diplomacy.NoLoc || int(l) >= len(m.Locs) {
			return 0, false
		}
		return m.Prov(l), true
	}
	at, ok := prov(o.Unit.At)
	if !ok {
		return ""
	}
	to, hasTo := prov(o.To)
	aux, hasAux := prov(o.Aux.At)
	switch o.Kind {
	case Move, Retreat:
		if hasTo && to == at {
			return "a unit cannot move to where it stands"
		}
	case Split:
		for _, part := range o.Parts {
			if p, ok := prov(part.At); ok && p == at {
				return "a unit cannot move to where it stands"
			}
		}
	case Support:
		switch {
		case hasAux && aux == at:
			return "a unit cannot support itself"
		case hasTo && to == at:
			return "a unit cannot support itself"
		case hasTo && hasAux && to == aux:
			return "a unit cannot move to where it stands"
		}
	case SupportMerge:
		if hasTo && to == at {
			return "a unit cannot support itself"
		}
	case Convoy:
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
