package multiplicity

import (
	"fmt"

	"concordat/diplomacy"
	"concordat/game"
)

// Check judges each order (or start choice) of an "orders" action as it is
// submitted (game.Checker), without changing s: one verdict per order, in
// the order written. An order the submission refuses (Vet, or Apply) is
// invalid with the refusal's reason, and every order of a list Apply refuses as a whole (nothing to
// order, the game over) with that reason. The orders Apply accepts are
// resolved on a copy of the board with the seat's orders alone, and each
// one the resolution calls invalid is invalid with its reason: the validity
// of an order never depends on other powers' orders, so the verdict is the
// one the phase will give. Under Fog of War the board is the one the seat
// sees (units out of sight left out), so that checking cannot look through
// the fog; the resolution may then judge an order naming an unseen unit
// otherwise. Other actions get no verdicts (nil), nor do seats that are not
// in the game or arguments that do not decode.
func (Rules) Check(s game.State, seat game.Seat, a game.Action) []game.Check {
	gs := state(s)
	if a.Type != "orders" {
		return nil
	}
	texts, ok := diplomacy.OrderTexts(a)
	if !ok {
		return nil
	}
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || !gs.Settings.Played(pw) || string(seat) != m.Powers[pw].ID {
		return nil
	}
	var whole error
	var each []error
	if !gs.Choosing && gs.Pos.Winner() != diplomacy.NoPower {
		whole = fmt.Errorf("the game is over")
	} else {
		each, whole = gs.vetOrders(pw, texts)
	}
	if whole != nil {
		return diplomacy.Verdicts(texts, nil, whole)
	}
	for i, text := range texts {
		if err := gs.formError(text); err != nil {
			each[i] = err // refused at submission (Vet)
		}
	}
	out := diplomacy.Verdicts(texts, each, nil)
	if gs.Choosing {
		return out // a start choice that is accepted is carried out as written
	}
	pos := gs.Pos.Clone()
	if gs.Settings.Fog {
		vis := visibleTo(gs.Pos, pw)
		for p := range pos.Units {
			if !vis[p] {
				pos.Units[p] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
			}
		}
		kept := pos.Dislodged[:0]
		for _, d := range pos.Dislodged {
			if vis[m.Prov(d.Loc)] {
				kept = append(kept, d)
			}
		}
		pos.Dislodged = kept
	}
	var in []OrderIn
	var at []int // in[k] is texts[at[k]]
	for i, text := range texts {
		if each[i] != nil {
			continue
		}
		o, err := ParseOrder(m, text)
		if err != nil {
			panic(fmt.Sprintf("multiplicity: accepted order %q does not parse: %v", text, err))
		}
		if pos.Phase.Type == diplomacy.Retreat && o.Kind == Move {
			o.Kind = Retreat
		}
		in = append(in, OrderIn{Power: pw, Order: o})
		at = append(at, i)
	}
	res := make([]Outcome, len(in))
	Step(pos, in, res)
	for k, o := range res {
		if o.Result == diplomacy.Invalid {
			out[at[k]].Valid, out[at[k]].Reason = false, o.Reason
		}
	}
	return out
}

// Window names the decision window open now (game.Windowed): the phase's
// code ("S1901M", "F1901R", "W1901A"); during the start choice, the code of
// the map's first phase with the letter C ("S1901C"). "" once the game is
// over.
func (Rules) Window(s game.State) string {
	gs := state(s)
	if gs.Choosing {
		code := gs.Pos.Phase.Code()
		return code[:len(code)-1] + "C"
	}
	if gs.Pos.Winner() != diplomacy.NoPower {
		return ""
	}
	return gs.Pos.Phase.Code()
}

var (
	_ game.Checker  = Rules{}
	_ game.Windowed = Rules{}
)
