package adjudicate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"concordat/diplomacy"
	"concordat/diplomacy/multiplicity"
)

// LegalOrders is the answer of LegalJSON: every legal order of the phase,
// by power id, each as the order parser reads it ("A par - bur", "F nth C
// A lon - nwy", "Build F stp/nc", "Waive"), sorted, without repeats.
type LegalOrders struct {
	Orders map[string][]string `json:"orders"`
}

// LegalJSON reads one phase as Phase does (its orders, if any, are
// ignored) and returns, as JSON, the legal orders of every unit in it (of
// every dislodged unit in a retreat phase; every build, waive and disband
// in an adjustment phase): what the sandbox offers for clicking. Its
// errors are Phase's; a Multiplicity phase is refused (its orders are
// typed). Safe for concurrent use.
func LegalJSON(data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, &InternalError{fmt.Sprintf("internal error: listing the legal orders of this phase failed: %v (please report it with the input)", r)}
		}
	}()
	if multiplicity.Requested(data) {
		return nil, &InputError{"legal orders: not listed for Multiplicity phases (type the orders)"}
	}
	in, err := decodePhase(data)
	if err != nil {
		return nil, err
	}
	in.Orders = diplomacy.PowerOrders{}
	a := pool.Get().(*Adjudicator)
	defer pool.Put(a)
	pr, err := a.engine.Prepare(in)
	if err != nil {
		return nil, &InputError{err.Error()}
	}
	pos := pr.Position()
	m := pos.Map
	res := LegalOrders{Orders: map[string][]string{}}
	for _, uo := range diplomacy.NewGenerator(m).Orders(pos, diplomacy.NoPower) {
		id := m.Powers[uo.Power].ID
		for _, o := range uo.Orders {
			res.Orders[id] = append(res.Orders[id], o.String(m))
		}
	}
	for id, list := range res.Orders {
		slices.Sort(list)
		res.Orders[id] = slices.Compact(list)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		return nil, &InternalError{"internal error: encoding the legal orders: " + err.Error()}
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
