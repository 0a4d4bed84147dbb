package diplomacy

import (
	"fmt"
	"sort"
	"strconv"

	"concordat/game"
)

// Payola is the state of a Payola game: each power's treasury, the offers
// written this movement phase (secret), and the fate of each power's offers
// in the last movement phase (shown to that power only).
//
// Rules (docs/variants.md, "Payola"):
//   - A power's treasury starts at its number of centres; after each Fall
//     season it earns its number of centres again.
//   - In a movement phase a power writes its own units' orders as usual
//     ("orders") and offers ("offers"), each an order for any unit with an
//     amount of at least 1; the sum of its offers may not exceed its
//     treasury, and an order may be offered for once per power.
//   - Per unit, the offers for the same order are summed; an owner's order
//     counts as an offer of 0 for it. The highest total wins; a tie goes to
//     the owner's order if it is among the tied, else the unit holds. Offers
//     for invalid orders count for nothing.
//   - The offers for the winning order are paid from their powers'
//     treasuries; the others cost nothing.
//   - Retreats and adjustments are written by the owner, as usual.
//   - Under Fog of War a power offers only for units it sees (and supports
//     and convoys of units it sees); other offers are refused without
//     telling whether the unit exists.
type Payola struct {
	Treasury map[Power]int
	Offers   map[Power][]Offer
	Last     map[Power][]OfferResult
}

// Offer is one power's offer for one unit's order.
type Offer struct {
	Order  string `json:"order"`
	Amount int    `json:"amount"`
}

// OfferResult is an offer with its fate: "paid" (the unit followed the
// order), "outbid" (it followed another, or held on a tie), or "invalid".
type OfferResult struct {
	Offer
	Result string `json:"result"`
}

func newPayola(pos *Position, s Settings) *Payola {
	if !s.Payola {
		return nil
	}
	p := &Payola{Treasury: map[Power]int{}, Offers: map[Power][]Offer{}, Last: map[Power][]OfferResult{}}
	for i, n := range pos.CountCenters() {
		if s.Played(Power(i)) && !pos.Map.Powers[i].Dummy {
			p.Treasury[Power(i)] = n
		}
	}
	return p
}

func (p *Payola) clone() *Payola {
	if p == nil {
		return nil
	}
	c := &Payola{Treasury: map[Power]int{}, Offers: map[Power][]Offer{}, Last: map[Power][]OfferResult{}}
	for k, v := range p.Treasury {
		c.Treasury[k] = v
	}
	for k, v := range p.Offers {
		c.Offers[k] = append([]Offer(nil), v...)
	}
	for k, v := range p.Last {
		c.Last[k] = append([]OfferResult(nil), v...)
	}
	return c
}

type payolaJSON struct {
	Treasury map[string]int           `json:"treasury"`
	Offers   map[string][]Offer       `json:"offers,omitempty"`
	Last     map[string][]OfferResult `json:"last,omitempty"`
}

func (p *Payola) toJSON(m *Map) *payolaJSON {
	if p == nil {
		return nil
	}
	j := &payolaJSON{Treasury: map[string]int{}, Offers: map[string][]Offer{}, Last: map[string][]OfferResult{}}
	for k, v := range p.Treasury {
		j.Treasury[m.PowerName(k)] = v
	}
	for k, v := range p.Offers {
		j.Offers[m.PowerName(k)] = v
	}
	for k, v := range p.Last {
		j.Last[m.PowerName(k)] = v
	}
	return j
}

func (p *Payola) restore(m *Map, j *payolaJSON) error {
	if (p == nil) != (j == nil) {
		return fmt.Errorf("payola: the snapshot's treasuries do not match its options")
	}
	if p == nil {
		return nil
	}
	power := func(name string) (Power, error) {
		pw, ok := m.LookupPower(name)
		if !ok {
			return NoPower, fmt.Errorf("payola: unknown power %q", name)
		}
		return pw, nil
	}
	p.Treasury, p.Offers, p.Last = map[Power]int{}, map[Power][]Offer{}, map[Power][]OfferResult{}
	for k, v := range j.Treasury {
		pw, err := power(k)
		if err != nil {
			return err
		}
		if v < 0 {
			return fmt.Errorf("payola: %s has a negative treasury", k)
		}
		p.Treasury[pw] = v
	}
	for k, v := range j.Offers {
		pw, err := power(k)
		if err != nil {
			return err
		}
		p.Offers[pw] = v
	}
	for k, v := range j.Last {
		pw, err := power(k)
		if err != nil {
			return err
		}
		p.Last[pw] = v
	}
	return nil
}

// applyOffers checks and stores a power's offers (they replace its earlier
// ones for this phase).
func (gs *GameState) applyOffers(pw Power, a game.Action) error {
	m := gs.Pos.Map
	if gs.Payola == nil {
		return fmt.Errorf("offers: this game is not Payola")
	}
	if gs.Pos.Phase.Type != Movement {
		return fmt.Errorf("offers: offers are made in movement phases only, not in %s", gs.Pos.Phase)
	}
	var args struct {
		Offers []Offer `json:"offers"`
	}
	if err := strictJSON(a.Args, &args); err != nil {
		return fmt.Errorf("offers: %w", err)
	}
	if max := 2*len(m.Provinces) + 16; len(args.Offers) > max {
		return fmt.Errorf("offers: %d offers; a power makes at most %d", len(args.Offers), max)
	}
	total := 0
	seen := map[Order]bool{}
	vis := gs.vision(pw) // Fog of War: offers only for the units pw sees
	for _, o := range args.Offers {
		order, err := m.ParseOrder(o.Order)
		if err != nil {
			return fmt.Errorf("offer %q: %w", o.Order, err)
		}
		if order.Type != Hold && order.Type != Move && order.Type != SupportOrder && order.Type != ConvoyOrder {
			return fmt.Errorf("offer %q: only movement orders are offered for", o.Order)
		}
		if vis != nil {
			// The same words whether the province is empty or holds a
			// unit pw cannot see: the refusal tells nothing.
			if gs.unitOwner(order) == NoPower || !vis[m.Prov(order.At)] {
				return fmt.Errorf("offer %q: no unit you can see at %s", o.Order, m.LocName(order.At))
			}
			if (order.Type == SupportOrder || order.Type == ConvoyOrder) && order.Aux != NoLoc && int(order.Aux) < len(m.Locs) && !vis[m.Prov(order.Aux)] {
				return fmt.Errorf("offer %q: no unit you can see at %s", o.Order, m.LocName(order.Aux))
			}
		}
		if gs.unitOwner(order) == NoPower {
			return fmt.Errorf("offer %q: there is no unit at %s", o.Order, m.LocName(order.At))
		}
		if o.Amount < 1 {
			return fmt.Errorf("offer %q: the amount must be at least 1, not %d", o.Order, o.Amount)
		}
		if seen[order] {
			return fmt.Errorf("offer %q: the same order is offered for twice", o.Order)
		}
		seen[order] = true
		total += o.Amount
		if total > gs.Payola.Treasury[pw] || total < 0 {
			return fmt.Errorf("offers: they add up to more than %s's treasury of %d", m.Powers[pw].Name, gs.Payola.Treasury[pw])
		}
	}
	gs.Payola.Offers[pw] = append([]Offer{}, args.Offers...)
	return nil
}

// payolaOrders settles a movement phase's offers: it returns the orders the
// units follow, by owner, pays the winning offers, and returns the owners'
// outbid orders as failed results for the record.
func (gs *GameState) payolaOrders(written map[Power][]string) (map[Power][]string, []OrderResultJSON) {
	pos := gs.Pos
	m := pos.Map
	a := NewAdjudicator(m, gs.Settings.Edition)
	type cand struct {
		order  Order
		text   string
		total  int
		owner  bool
		offers []int // indexes into flat
	}
	type flatOffer struct {
		pw  Power
		idx int // in gs.Payola.Offers[pw]
	}
	var flat []flatOffer
	byUnit := map[Province][]*cand{}
	results := map[Power][]OfferResult{}
	find := func(p Province, o Order, text string) *cand {
		for _, c := range byUnit[p] {
			if c.order == o {
				return c
			}
		}
		c := &cand{order: o, text: text}
		byUnit[p] = append(byUnit[p], c)
		return c
	}
	out := map[Power][]string{}
	var outbid []OrderResultJSON
	// The owners' orders: offers of 0, winning ties.
	for i := range m.Powers {
		pw := Power(i)
		for _, text := range written[pw] {
			o, err := m.ParseOrder(text)
			if err != nil {
				continue
			}
			if (o.Type != Hold && o.Type != Move && o.Type != SupportOrder && o.Type != ConvoyOrder) || gs.unitOwner(o) != pw {
				out[pw] = append(out[pw], text) // not an order offers compete with: adjudicated as written
				continue
			}
			find(m.Prov(o.At), o, text).owner = true
		}
	}
	for i := range m.Powers {
		pw := Power(i)
		results[pw] = make([]OfferResult, len(gs.Payola.Offers[pw]))
		for j, off := range gs.Payola.Offers[pw] {
			results[pw][j] = OfferResult{Offer: off, Result: "invalid"}
			o, err := m.ParseOrder(off.Order)
			if err != nil {
				continue
			}
			owner := gs.unitOwner(o)
			if owner == NoPower || a.validAlone(pos, OrderIn{Power: owner, Order: o}).Result == Invalid {
				continue // offers for invalid orders count for nothing
			}
			results[pw][j].Result = "outbid"
			c := find(m.Prov(o.At), o, off.Order)
			c.total += off.Amount
			c.offers = append(c.offers, len(flat))
			flat = append(flat, flatOffer{pw, j})
		}
	}
	units := make([]Province, 0, len(byUnit))
	for p := range byUnit {
		units = append(units, p)
	}
	sort.Slice(units, func(i, j int) bool { return units[i] < units[j] })
	for _, p := range units {
		owner := pos.Units[p].Power
		cands := byUnit[p]
		top := 0
		for _, c := range cands {
			top = max(top, c.total)
		}
		var best *cand
		tie := false
		for _, c := range cands {
			switch {
			case c.total != top:
			case best == nil:
				best = c
			case c.owner && !best.owner:
				best, tie = c, false
			case !best.owner:
				tie = true
			}
		}
		if best != nil && best.owner && best.total == 0 {
			// No offer beat or matched nothing: the owner's orders stand
			// exactly as written (valid or not).
			for _, c := range cands {
				if c.owner {
					out[owner] = append(out[owner], c.text)
				}
			}
			continue
		}
		if tie {
			best = nil // a tie without the owner's order: the unit holds
		}
		for _, c := range cands {
			if c == best {
				out[owner] = append(out[owner], c.text)
				for _, k := range c.offers {
					f := flat[k]
					gs.Payola.Treasury[f.pw] -= gs.Payola.Offers[f.pw][f.idx].Amount
					results[f.pw][f.idx].Result = "paid"
				}
			} else if c.owner {
				reason := "outbid: the unit followed an order someone paid more for"
				if best == nil {
					reason = "outbid: offers for other orders tied, and the unit held"
				}
				outbid = append(outbid, OrderResultJSON{Power: m.PowerName(owner), Order: c.text, Result: "fails", Reason: reason})
			}
		}
	}
	gs.Payola.Last = map[Power][]OfferResult{}
	for pw, r := range results {
		if len(r) > 0 {
			gs.Payola.Last[pw] = r
		}
	}
	gs.Payola.Offers = map[Power][]Offer{}
	return out, outbid
}

// payolaIncome pays each power its centre count after a Fall season.
func (gs *GameState) payolaIncome(before Phase) []game.Event {
	if gs.Payola == nil || before.Season != Fall || gs.Pos.Phase.Season == Fall {
		return nil
	}
	var ev []game.Event
	for i, n := range gs.Pos.CountCenters() {
		pw := Power(i)
		if _, ok := gs.Payola.Treasury[pw]; ok {
			gs.Payola.Treasury[pw] += n
			id := game.Seat(gs.Pos.Map.Powers[i].ID)
			ev = append(ev, game.Event{Type: "income", Text: fmt.Sprintf("%s earns %d; treasury %d", gs.Pos.Map.Powers[i].Name, n, gs.Payola.Treasury[pw]), Seats: []game.Seat{id}})
		}
	}
	return ev
}

// payolaView is what a power sees of Payola: its own treasury and offers.
type payolaView struct {
	Treasury int           `json:"treasury"`
	Offers   []Offer       `json:"offers,omitempty"`
	Last     []OfferResult `json:"last,omitempty"` // the fate of its offers last movement phase
}

func (gs *GameState) viewPayola(pw Power, isPower bool) *payolaView {
	if gs.Payola == nil || !isPower {
		return nil
	}
	if _, ok := gs.Payola.Treasury[pw]; !ok {
		return nil
	}
	return &payolaView{Treasury: gs.Payola.Treasury[pw], Offers: gs.Payola.Offers[pw], Last: gs.Payola.Last[pw]}
}

// payolaLegal adds to a Payola movement tree the "offer" root: the orders
// of every unit in seen (the position the power sees: under Fog of War,
// only the units it can see, and orders naming only those), for an offer of
// 1 up to the power's treasury.
func (gs *GameState) payolaLegal(pw Power, seen *Position, opts game.Options) game.Options {
	if gs.Payola == nil || gs.Pos.Phase.Type != Movement || gs.Payola.Treasury[pw] < 1 {
		return opts
	}
	all := gs.legalTree(seen, pw, 0, func(Power) treeRoot { return ownRoot })
	what := "any unit's order"
	if gs.Settings.Fog {
		what = "the order of any unit you see"
	}
	opts.Choices = append(opts.Choices, game.Choice{Value: "offer",
		Label: "offer (Payola, action \"offers\"): " + what + ", for 1 to " + strconv.Itoa(gs.Payola.Treasury[pw]),
		Next:  all.Choices})
	return opts
}

// randomPayola: each power owing orders orders its own units at random and
// offers for up to three random orders of random units, spending a random
// part of its treasury. Under Fog of War both come from the position the
// power sees, so every offer names only units it can see.
func (gs *GameState) randomPayola(legal []UnitOrders, rng *game.RNG) []game.Step {
	m := gs.Pos.Map
	var steps []game.Step
	for i, owe := range gs.owing() {
		if !owe {
			continue
		}
		pw := Power(i)
		seat := game.Seat(m.Powers[i].ID)
		targets := legal
		if gs.Settings.Fog {
			targets = gs.legalSeen(gs.vision(pw)) // orders and offers naming only the units pw sees
		}
		var own []UnitOrders
		for _, uo := range targets {
			if uo.Power == pw {
				own = append(own, uo)
			}
		}
		var texts []string
		for _, o := range RandomOrders(own, rng, nil) {
			texts = append(texts, o.Order.String(m))
		}
		steps = append(steps, game.Step{Seat: seat, Action: game.NewAction("orders", map[string][]string{"orders": texts})})
		if gs.Pos.Phase.Type != Movement || len(legal) == 0 {
			continue
		}
		left := gs.Payola.Treasury[pw]
		var offers []Offer
		seen := map[string]bool{}
		for k := 0; k < 3 && left > 0; k++ {
			if len(targets) == 0 {
				break
			}
			uo := targets[rng.Intn(len(targets))]
			if len(uo.Orders) == 0 {
				continue
			}
			text := uo.Orders[rng.Intn(len(uo.Orders))].String(m)
			if seen[text] {
				continue
			}
			seen[text] = true
			amt := 1 + rng.Intn(left)
			left -= amt
			offers = append(offers, Offer{Order: text, Amount: amt})
		}
		if len(offers) > 0 {
			steps = append(steps, game.Step{Seat: seat, Action: game.NewAction("offers", map[string][]Offer{"offers": offers})})
		}
	}
	return steps
}
