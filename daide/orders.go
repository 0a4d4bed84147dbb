package daide

import (
	"concordat/diplomacy"
)

// Order is a DAIDE order read from a SUB: the engine's order, the power
// whose order it is, and its tokens as sent (for THX and ORD).
type Order struct {
	Power  diplomacy.Power
	Order  diplomacy.Order
	Tokens []Token
}

// unitOf reads a unit node (power type location).
func (rep *Rep) unitOf(n Node, end int) (diplomacy.Power, diplomacy.UnitType, diplomacy.Loc, *SyntaxError) {
	if !n.IsList {
		return 0, 0, 0, errAt(&n, end, "want a unit (power type province)")
	}
	if len(n.List) != 3 {
		return 0, 0, 0, errAt(&n, end, "a unit is (power type province)")
	}
	pn, tn, ln := n.List[0], n.List[1], n.List[2]
	pw, ok := rep.powerOf[pn.Tok]
	if pn.IsList || !ok || pn.Tok.Cat() != CatPower {
		return 0, 0, 0, errAt(&pn, end, "want a power")
	}
	var t diplomacy.UnitType
	switch {
	case tn.is(AMY):
		t = diplomacy.Army
	case tn.is(FLT):
		t = diplomacy.Fleet
	default:
		return 0, 0, 0, errAt(&tn, end, "want AMY or FLT")
	}
	l, err := rep.locOf(ln, end, true)
	if err != nil {
		return 0, 0, 0, err
	}
	return pw, t, l, nil
}

// locOf reads a location: a province, or (province coast) when coasts
// is true.
func (rep *Rep) locOf(n Node, end int, coasts bool) (diplomacy.Loc, *SyntaxError) {
	m := rep.Map
	if !n.IsList {
		p, ok := rep.provOf[n.Tok]
		if !ok {
			return 0, errAt(&n, end, "want a province")
		}
		return diplomacy.Loc(p), nil
	}
	if !coasts || len(n.List) != 2 || n.List[0].IsList || n.List[1].IsList {
		return 0, errAt(&n, end, "want a province")
	}
	p, ok := rep.provOf[n.List[0].Tok]
	if !ok {
		return 0, errAt(&n.List[0], end, "want a province")
	}
	for _, c := range m.Provinces[p].Coasts {
		if coastTokens[m.Locs[c].Coast] == n.List[1].Tok {
			return c, nil
		}
	}
	if n.List[1].Tok.Cat() != CatCoast {
		return 0, errAt(&n.List[1], end, "want a coast")
	}
	return diplomacy.NoLoc, nil // a coast the province does not have: NSP
}

// ReadOrder reads one order node of a SUB (its tokens are n's). A
// *SyntaxError says where it is ill-formed; a well-formed order naming a
// coast the province lacks reads with To or At NoLoc (judged NSP).
func (rep *Rep) ReadOrder(n Node) (Order, *SyntaxError) {
	end := n.At
	if !n.IsList || len(n.List) < 2 {
		return Order{}, errAt(&n, end, "want an order ((unit) verb ...)")
	}
	ks := n.List
	toks := Flatten([]Node{n})
	out := Order{Tokens: toks}
	// Waive: (power WVE).
	if !ks[0].IsList {
		pw, ok := rep.powerOf[ks[0].Tok]
		if !ok || !ks[1].is(WVE) || len(ks) != 2 {
			return Order{}, errAt(&ks[0], end, "want a unit, or power WVE")
		}
		out.Power = pw
		out.Order = diplomacy.Order{Type: diplomacy.WaiveOrder, At: diplomacy.NoLoc, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}
		return out, nil
	}
	pw, t, at, err := rep.unitOf(ks[0], end)
	if err != nil {
		return Order{}, err
	}
	out.Power = pw
	o := diplomacy.Order{Unit: t, At: at, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}
	verb := ks[1]
	args := ks[2:]
	want := func(k int) *SyntaxError {
		if len(args) < k {
			return errAt(nil, n.At+len(toks)-1, "the order is incomplete")
		}
		if len(args) > k {
			return errAt(&args[k], end, "unexpected token")
		}
		return nil
	}
	switch {
	case verb.is(HLD), verb.is(DSB), verb.is(BLD), verb.is(REM):
		if err := want(0); err != nil {
			return Order{}, err
		}
		o.Type = map[Token]diplomacy.OrderType{HLD: diplomacy.Hold, DSB: diplomacy.DisbandOrder,
			BLD: diplomacy.BuildOrder, REM: diplomacy.DisbandOrder}[verb.Tok]
	case verb.is(MTO), verb.is(RTO):
		if err := want(1); err != nil {
			return Order{}, err
		}
		to, err := rep.locOf(args[0], end, true)
		if err != nil {
			return Order{}, err
		}
		o.Type, o.To = diplomacy.Move, to
		if verb.is(RTO) {
			o.Type = diplomacy.RetreatOrder
		}
	case verb.is(SUP):
		if len(args) != 1 && len(args) != 3 {
			return Order{}, errAt(&verb, end, "SUP (unit) [MTO province]")
		}
		_, t2, aux, err := rep.unitOf(args[0], end)
		if err != nil {
			return Order{}, err
		}
		o.Type, o.AuxUnit, o.Aux = diplomacy.SupportOrder, t2, aux
		if len(args) == 3 {
			if !args[1].is(MTO) {
				return Order{}, errAt(&args[1], end, "want MTO")
			}
			to, err := rep.locOf(args[2], end, false)
			if err != nil {
				return Order{}, err
			}
			o.To = to
		}
	case verb.is(CVY):
		if len(args) != 3 || !args[1].is(CTO) {
			return Order{}, errAt(&verb, end, "CVY (unit) CTO province")
		}
		_, t2, aux, err := rep.unitOf(args[0], end)
		if err != nil {
			return Order{}, err
		}
		to, err := rep.locOf(args[2], end, false)
		if err != nil {
			return Order{}, err
		}
		o.Type, o.AuxUnit, o.Aux, o.To = diplomacy.ConvoyOrder, t2, aux, to
	case verb.is(CTO):
		if len(args) != 1 && len(args) != 3 {
			return Order{}, errAt(&verb, end, "CTO province [VIA (sea sea ...)]")
		}
		to, err := rep.locOf(args[0], end, false)
		if err != nil {
			return Order{}, err
		}
		if len(args) == 3 {
			if !args[1].is(VIA) || !args[2].IsList {
				return Order{}, errAt(&args[1], end, "want VIA (sea sea ...)")
			}
			for _, s := range args[2].List {
				if _, err := rep.locOf(s, end, false); err != nil {
					return Order{}, err
				}
			}
		}
		o.Type, o.To, o.ViaConvoy = diplomacy.Move, to, true
	default:
		return Order{}, errAt(&verb, end, "want an order verb")
	}
	out.Order = o
	return out, nil
}

// phaseOf is the kind of phase order o (tokens toks) belongs to.
func phaseOf(o Order, toks []Token) diplomacy.PhaseType {
	switch o.Order.Type {
	case diplomacy.RetreatOrder:
		return diplomacy.Retreat
	case diplomacy.BuildOrder, diplomacy.WaiveOrder:
		return diplomacy.Adjustment
	case diplomacy.DisbandOrder:
		// DSB in retreats, REM in adjustments.
		for _, t := range toks {
			if t == REM {
				return diplomacy.Adjustment
			}
		}
		return diplomacy.Retreat
	}
	return diplomacy.Movement
}

// sameOrder reports whether a (read from DAIDE) names the legal order b.
func sameOrder(m *diplomacy.Map, a, b diplomacy.Order) bool {
	prov := func(l diplomacy.Loc) int {
		if l == diplomacy.NoLoc {
			return -1
		}
		return int(m.Prov(l))
	}
	if a.Type != b.Type || prov(a.At) != prov(b.At) || a.Unit != b.Unit && b.Unit != diplomacy.NoUnit {
		return false
	}
	switch a.Type {
	case diplomacy.Move, diplomacy.RetreatOrder:
		return a.To == b.To || prov(a.To) == prov(b.To) && len(m.Provinces[m.Prov(a.To)].Coasts) == 0
	case diplomacy.SupportOrder, diplomacy.ConvoyOrder:
		return prov(a.Aux) == prov(b.Aux) && prov(a.To) == prov(b.To) &&
			(a.AuxUnit == b.AuxUnit || b.AuxUnit == diplomacy.NoUnit)
	case diplomacy.BuildOrder:
		return a.At == b.At
	}
	return true
}

// Judge gives the note for order o of power pw in pos: MBV when it is one
// of the legal orders (legal lists the power's, from diplomacy.Generator;
// an MTO only to where the unit moves without a convoy), otherwise the
// protocol's note for the first thing wrong with it; and the engine's
// order to submit (the legal order it matched). Whether a build or a
// removal is one too many is the caller's to judge (NMB, NMR).
func (rep *Rep) Judge(pos *diplomacy.Position, pw diplomacy.Power, o Order, legal []diplomacy.UnitOrders) (Token, diplomacy.Order) {
	m := rep.Map
	od := o.Order
	if od.At == diplomacy.NoLoc && od.Type != diplomacy.WaiveOrder || od.To == diplomacy.NoLoc && (od.Type == diplomacy.Move || od.Type == diplomacy.RetreatOrder) {
		return NSP, od
	}
	if phaseOf(o, o.Tokens) != pos.Phase.Type {
		return NRS, od
	}
	if o.Power != pw {
		return NYU, od
	}
	direct := od.Type != diplomacy.Move || od.ViaConvoy || m.Reaches(od.Unit, od.At, m.Prov(od.To))
	for _, uo := range legal {
		for _, lo := range uo.Orders {
			if direct && sameOrder(m, od, lo) {
				lo.ViaConvoy = lo.ViaConvoy || od.ViaConvoy
				if lo.Unit == diplomacy.NoUnit {
					lo.Unit = od.Unit
				}
				return MBV, lo
			}
		}
	}
	at := m.Prov(od.At)
	switch pos.Phase.Type {
	case diplomacy.Movement:
		u := pos.Units[at]
		if u.Type != od.Unit {
			return NSU, od
		}
		if u.Power != pw {
			return NYU, od
		}
		switch od.Type {
		case diplomacy.SupportOrder, diplomacy.ConvoyOrder:
			v := pos.Units[m.Prov(od.Aux)]
			if od.Type == diplomacy.ConvoyOrder {
				switch {
				case od.Unit != diplomacy.Fleet:
					return NSF, od
				case m.Provinces[at].Kind != diplomacy.Sea:
					return NAS, od
				case od.AuxUnit != diplomacy.Army:
					return NSA, od
				}
			}
			if v.Type != od.AuxUnit {
				return NSU, od
			}
		case diplomacy.Move:
			if od.ViaConvoy && od.Unit != diplomacy.Army {
				return NSA, od
			}
		}
		return FAR, od
	case diplomacy.Retreat:
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == at {
				if d.Power != pw {
					return NYU, od
				}
				if d.Type != od.Unit {
					return NSU, od
				}
				return NVR, od
			}
		}
		if pos.Units[at].Type != diplomacy.NoUnit {
			return NRN, od
		}
		return NSU, od
	}
	// Adjustments.
	builds := 0
	for _, uo := range legal {
		if len(uo.Orders) == 0 || uo.Orders[0].Type != diplomacy.DisbandOrder {
			builds++
		}
	}
	pi := m.Provinces[at]
	switch od.Type {
	case diplomacy.WaiveOrder:
		return NMB, od
	case diplomacy.DisbandOrder:
		u := pos.Units[at]
		switch {
		case u.Type == diplomacy.NoUnit || u.Type != od.Unit:
			return NSU, od
		case u.Power != pw:
			return NYU, od
		}
		return NMR, od
	}
	switch {
	case builds == 0:
		return NMB, od
	case !pi.Center:
		return NSC, od
	case pos.Owners[at] != pw:
		return YSC, od
	case pos.Units[at].Type != diplomacy.NoUnit:
		return ESC, od
	case pi.Home != pw:
		return HSC, od
	}
	return CST, od
}

// write is the tokens of an engine order of power pw, with the units it
// names as they stand in pos (a unit's type when the order leaves it
// out).
func (rep *Rep) write(pos *diplomacy.Position, pw diplomacy.Power, o diplomacy.Order) []Token {
	m := rep.Map
	unitAt := func(t diplomacy.UnitType, l diplomacy.Loc, dislodged bool) []Token {
		owner := pw
		p := m.Prov(l)
		if dislodged {
			for _, d := range pos.Dislodged {
				if m.Prov(d.Loc) == p {
					owner, l = d.Power, d.Loc
					if t == diplomacy.NoUnit {
						t = d.Type
					}
				}
			}
		} else if u := pos.Units[p]; u.Type != diplomacy.NoUnit {
			owner, l = u.Power, u.Loc
			if t == diplomacy.NoUnit {
				t = u.Type
			}
		}
		if t == diplomacy.NoUnit {
			t = diplomacy.Army
		}
		return rep.unit(owner, t, l)
	}
	retreat := pos.Phase.Type == diplomacy.Retreat
	switch o.Type {
	case diplomacy.WaiveOrder:
		return paren(rep.power[pw], WVE)
	case diplomacy.BuildOrder:
		return paren(append(rep.unit(pw, o.Unit, o.At), BLD)...)
	case diplomacy.Hold:
		return paren(append(unitAt(o.Unit, o.At, false), HLD)...)
	case diplomacy.Move:
		if retreat {
			return paren(cat(unitAt(o.Unit, o.At, true), []Token{RTO}, rep.loc(o.To))...)
		}
		if o.ViaConvoy || !m.Reaches(unitOr(pos, o), o.At, m.Prov(o.To)) {
			return paren(cat(unitAt(o.Unit, o.At, false), []Token{CTO, rep.prov[m.Prov(o.To)]})...)
		}
		return paren(cat(unitAt(o.Unit, o.At, false), []Token{MTO}, rep.loc(o.To))...)
	case diplomacy.RetreatOrder:
		return paren(cat(unitAt(o.Unit, o.At, true), []Token{RTO}, rep.loc(o.To))...)
	case diplomacy.DisbandOrder:
		if retreat {
			return paren(append(unitAt(o.Unit, o.At, true), DSB)...)
		}
		return paren(append(unitAt(o.Unit, o.At, false), REM)...)
	case diplomacy.SupportOrder:
		s := cat(unitAt(o.Unit, o.At, false), []Token{SUP}, unitAt(o.AuxUnit, o.Aux, false))
		if o.To != diplomacy.NoLoc {
			s = append(s, MTO, rep.prov[m.Prov(o.To)])
		}
		return paren(s...)
	case diplomacy.ConvoyOrder:
		return paren(cat(unitAt(o.Unit, o.At, false), []Token{CVY}, unitAt(o.AuxUnit, o.Aux, false),
			[]Token{CTO, rep.prov[m.Prov(o.To)]})...)
	}
	return nil
}

// unitOr is the order's unit type, or the type of the unit standing there.
func unitOr(pos *diplomacy.Position, o diplomacy.Order) diplomacy.UnitType {
	if o.Unit != diplomacy.NoUnit {
		return o.Unit
	}
	return pos.Units[pos.Map.Prov(o.At)].Type
}
