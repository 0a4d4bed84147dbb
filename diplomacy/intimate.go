package diplomacy

import (
	"fmt"
	"sort"
	"strconv"

	"concordat/game"
)

// Intimate is the state of an Intimate Diplomacy game: "two players; each
// keeps one power and bids for yearly control of the others"
// (docs/variants.md).
//
// The two played powers (players=a,b) are the players' own. Before each
// year's Spring movement phase both players bid, secretly, for each other
// power: a whole amount from 0 up, all bids together at most the bidder's
// treasury. The higher bid controls that power for the year (its orders,
// retreats and adjustments are written by the controller) and is paid; a
// tie, or no bid above 0, leaves the power uncontrolled for the year (its
// units hold, civil disorder decides its adjustments). Treasuries start at
// the kept power's centre count and earn it again before each later year's
// bids. Under Fog of War a player sees what its own power and the powers it
// controls this year see (GameState.vision).
type Intimate struct {
	Bidding  bool
	Treasury map[Power]int
	Bids     map[Power]map[Power]int // bidder -> power -> amount (secret)
	Control  map[Power]Power         // power -> its controller this year
}

func newIntimate(pos *Position, s Settings) *Intimate {
	if !s.Intimate {
		return nil
	}
	in := &Intimate{Bidding: true, Treasury: map[Power]int{}, Bids: map[Power]map[Power]int{}, Control: map[Power]Power{}}
	for i, n := range pos.CountCenters() {
		if s.Played(Power(i)) {
			in.Treasury[Power(i)] = n
		}
	}
	return in
}

func (in *Intimate) bidding() bool { return in != nil && in.Bidding }

// controls reports whether pw controls other this year (Intimate).
func (gs *GameState) controls(pw, other Power) bool {
	if gs.Intimate == nil {
		return false
	}
	c, ok := gs.Intimate.Control[other]
	return ok && c == pw
}

func (in *Intimate) clone() *Intimate {
	if in == nil {
		return nil
	}
	c := &Intimate{Bidding: in.Bidding, Treasury: map[Power]int{}, Bids: map[Power]map[Power]int{}, Control: map[Power]Power{}}
	for k, v := range in.Treasury {
		c.Treasury[k] = v
	}
	for k, v := range in.Bids {
		c.Bids[k] = map[Power]int{}
		for p, n := range v {
			c.Bids[k][p] = n
		}
	}
	for k, v := range in.Control {
		c.Control[k] = v
	}
	return c
}

// biddable lists the powers bid for: the unplayed, non-dummy ones.
func (gs *GameState) biddable() []Power {
	var out []Power
	for i, p := range gs.Pos.Map.Powers {
		if !p.Dummy && !gs.Settings.Played(Power(i)) {
			out = append(out, Power(i))
		}
	}
	return out
}

// intimateGate refuses the actions that do not fit the bidding (or, after
// it, bids).
func (gs *GameState) intimateGate(typ string) error {
	if gs.Intimate == nil {
		return nil
	}
	if gs.Intimate.Bidding && typ != "bids" && typ != "ready" {
		return fmt.Errorf("%s: the players are bidding for this year's control (Intimate): send \"bids\"", typ)
	}
	return nil
}

// applyBids checks and stores a player's bids (they replace its earlier ones).
func (gs *GameState) applyBids(pw Power, a game.Action) error {
	m := gs.Pos.Map
	if !gs.Intimate.bidding() {
		return fmt.Errorf("bids: only before a year's spring movement in Intimate Diplomacy")
	}
	var args struct {
		Bids map[string]int `json:"bids"`
	}
	if err := strictJSON(a.Args, &args); err != nil {
		return fmt.Errorf("bids: %w", err)
	}
	bids := map[Power]int{}
	total := 0
	names := make([]string, 0, len(args.Bids))
	for name := range args.Bids {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		n := args.Bids[name]
		other, ok := m.LookupPower(name)
		if !ok {
			return fmt.Errorf("bids: unknown power %q", name)
		}
		if !containsPower(gs.biddable(), other) {
			return fmt.Errorf("bids: %s is not a power the players bid for", m.Powers[other].Name)
		}
		if _, dup := bids[other]; dup {
			return fmt.Errorf("bids: %s named twice", m.Powers[other].Name)
		}
		if n < 0 {
			return fmt.Errorf("bids: %s: the amount may not be negative (%d)", m.Powers[other].Name, n)
		}
		bids[other] = n
		total += n
		if total > gs.Intimate.Treasury[pw] || total < 0 {
			return fmt.Errorf("bids: they add up to more than %s's treasury of %d", m.Powers[pw].Name, gs.Intimate.Treasury[pw])
		}
	}
	gs.Intimate.Bids[pw] = bids
	return nil
}

func containsPower(list []Power, p Power) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// intimateAuction settles the bids when their window closes.
func (gs *GameState) intimateAuction() []game.Event {
	in := gs.Intimate
	m := gs.Pos.Map
	rec := PhaseRecord{Position: PositionJSON(gs.Pos), Orders: []OrderResultJSON{}}
	in.Control = map[Power]Power{}
	var players []Power
	for pw := range in.Treasury {
		players = append(players, pw)
	}
	sort.Slice(players, func(i, j int) bool { return players[i] < players[j] })
	for _, other := range gs.biddable() {
		best, top, tie := NoPower, 0, false
		for _, pw := range players {
			n := in.Bids[pw][other]
			switch {
			case n > top:
				best, top, tie = pw, n, false
			case n == top && n > 0:
				tie = true
			}
		}
		for _, pw := range players {
			n, ok := in.Bids[pw][other]
			if !ok {
				continue
			}
			res, reason := "fails", "outbid"
			switch {
			case tie && n == top:
				reason = "tied: no one controls " + m.Powers[other].Name + " this year"
			case n == 0:
				reason = "a bid of 0"
			case pw == best && !tie:
				res, reason = "succeeds", "controls "+m.Powers[other].Name+" this year"
			}
			rec.Orders = append(rec.Orders, OrderResultJSON{Power: m.PowerName(pw),
				Order: "bid " + strconv.Itoa(n) + " for " + m.PowerName(other), Result: res, Reason: reason})
		}
		if best != NoPower && !tie {
			in.Control[other] = best
			in.Treasury[best] -= top
		}
	}
	in.Bids = map[Power]map[Power]int{}
	in.Bidding = false
	gs.History = append(gs.History, rec)
	gs.Ready = map[Power]bool{}
	return []game.Event{{Type: "bids", Text: fmt.Sprintf("control for %d is settled; now %s", gs.Pos.Phase.Year, gs.Pos.Phase)}}
}

// intimateOwners gives each written order to the power whose unit (or
// build) it is, when the writer controls that power this year.
func (gs *GameState) intimateOwners(in []Written) {
	if gs.Intimate == nil {
		return
	}
	m := gs.Pos.Map
	for i, w := range in {
		owner := NoPower
		switch w.Order.Type {
		case WaiveOrder:
		case BuildOrder:
			if w.Order.At != NoLoc && int(w.Order.At) < len(m.Locs) {
				p := m.Prov(w.Order.At)
				owner = gs.Pos.Owners[p]
				if owner == NoPower {
					owner = m.Provinces[p].Home
				}
			}
		default:
			owner = gs.unitOwner(w.Order)
		}
		if owner != NoPower && gs.controls(w.Writer, owner) {
			in[i].Writer = owner
		}
	}
}

// intimateNewYear opens the next year's bidding, with its income, once a
// year's last phase has resolved.
func (gs *GameState) intimateNewYear(before Phase) []game.Event {
	in := gs.Intimate
	if in == nil || gs.Pos.Winner() != NoPower || gs.Pos.Phase.Year == before.Year {
		return nil
	}
	in.Bidding = true
	in.Control = map[Power]Power{}
	var ev []game.Event
	counts := gs.Pos.CountCenters()
	for pw := range in.Treasury {
		in.Treasury[pw] += counts[pw]
		ev = append(ev, game.Event{Type: "income", Seats: []game.Seat{game.Seat(gs.Pos.Map.Powers[pw].ID)},
			Text: fmt.Sprintf("%s earns %d; treasury %d", gs.Pos.Map.Powers[pw].Name, counts[pw], in.Treasury[pw])})
	}
	sort.Slice(ev, func(i, j int) bool { return ev[i].Text < ev[j].Text })
	return ev
}

// intimateOwing adds to each player what the powers it controls owe.
func (gs *GameState) intimateOwing(owe []bool) {
	if gs.Intimate == nil {
		return
	}
	if gs.Intimate.Bidding {
		for pw := range gs.Intimate.Treasury {
			owe[pw] = true
		}
		return
	}
	for other, c := range gs.Intimate.Control {
		if owe[other] {
			owe[c] = true
		}
	}
}

func (gs *GameState) intimatePending() []game.Prompt {
	m := gs.Pos.Map
	var out []game.Prompt
	var players []Power
	for pw := range gs.Intimate.Treasury {
		players = append(players, pw)
	}
	sort.Slice(players, func(i, j int) bool { return players[i] < players[j] })
	for _, pw := range players {
		_, sent := gs.Intimate.Bids[pw]
		out = append(out, game.Prompt{Seat: game.Seat(m.Powers[pw].ID), Kind: "bids", Submitted: sent, Ready: gs.Ready[pw],
			Text: fmt.Sprintf("bid for control of the other powers in %d (Intimate)", gs.Pos.Phase.Year)})
	}
	return out
}

// intimateLegal is the bidding's options: each power bid for, then the
// amounts 0 to the player's treasury.
func (gs *GameState) intimateLegal(pw Power) game.Options {
	m := gs.Pos.Map
	opts := game.Options{Kind: "bids"}
	t := gs.Intimate.Treasury[pw]
	for _, other := range gs.biddable() {
		c := game.Choice{Label: m.Powers[other].Name, Value: m.PowerName(other)}
		for n := 0; n <= t; n++ {
			c.Next = append(c.Next, game.Choice{Value: strconv.Itoa(n)})
		}
		opts.Choices = append(opts.Choices, c)
	}
	return opts
}

type intimateJSON struct {
	Bidding  bool                      `json:"bidding,omitempty"`
	Treasury map[string]int            `json:"treasury"`
	Bids     map[string]map[string]int `json:"bids,omitempty"`
	Control  map[string]string         `json:"control,omitempty"`
}

func (in *Intimate) toJSON(m *Map) *intimateJSON {
	if in == nil {
		return nil
	}
	j := &intimateJSON{Bidding: in.Bidding, Treasury: map[string]int{}, Bids: map[string]map[string]int{}, Control: map[string]string{}}
	for k, v := range in.Treasury {
		j.Treasury[m.PowerName(k)] = v
	}
	for k, v := range in.Bids {
		j.Bids[m.PowerName(k)] = map[string]int{}
		for p, n := range v {
			j.Bids[m.PowerName(k)][m.PowerName(p)] = n
		}
	}
	for k, v := range in.Control {
		j.Control[m.PowerName(k)] = m.PowerName(v)
	}
	return j
}

func (in *Intimate) restore(m *Map, j *intimateJSON) error {
	if (in == nil) != (j == nil) {
		return fmt.Errorf("intimate: the snapshot's bidding does not match its options")
	}
	if in == nil {
		return nil
	}
	power := func(name string) (Power, error) {
		pw, ok := m.LookupPower(name)
		if !ok {
			return NoPower, fmt.Errorf("intimate: unknown power %q", name)
		}
		return pw, nil
	}
	in.Bidding = j.Bidding
	in.Treasury, in.Bids, in.Control = map[Power]int{}, map[Power]map[Power]int{}, map[Power]Power{}
	for k, v := range j.Treasury {
		pw, err := power(k)
		if err != nil {
			return err
		}
		in.Treasury[pw] = v
	}
	for k, v := range j.Bids {
		pw, err := power(k)
		if err != nil {
			return err
		}
		in.Bids[pw] = map[Power]int{}
		for name, n := range v {
			other, err := power(name)
			if err != nil {
				return err
			}
			in.Bids[pw][other] = n
		}
	}
	for k, v := range j.Control {
		other, err := power(k)
		if err != nil {
			return err
		}
		c, err := power(v)
		if err != nil {
			return err
		}
		in.Control[other] = c
	}
	return nil
}

// intimateView is what a player sees: its treasury and bids, and who
// controls which power this year (public).
type intimateView struct {
	Bidding  bool              `json:"bidding,omitempty"`
	Treasury *int              `json:"treasury,omitempty"`
	Bids     map[string]int    `json:"bids,omitempty"`
	Control  map[string]string `json:"control"`
}

func (gs *GameState) viewIntimate(pw Power, isPower bool) *intimateView {
	in := gs.Intimate
	if in == nil {
		return nil
	}
	m := gs.Pos.Map
	v := &intimateView{Bidding: in.Bidding, Control: map[string]string{}}
	for k, c := range in.Control {
		v.Control[m.PowerName(k)] = m.PowerName(c)
	}
	if t, ok := in.Treasury[pw]; ok && isPower {
		v.Treasury = &t
		if b, ok := in.Bids[pw]; ok {
			v.Bids = map[string]int{}
			for p, n := range b {
				v.Bids[m.PowerName(p)] = n
			}
		}
	}
	return v
}

// randomIntimate: in the bidding each player spreads a random part of its
// treasury over random powers; otherwise each player orders its own and its
// controlled powers' units at random (under Fog of War, from the position
// it sees).
func (gs *GameState) randomIntimate(legal []UnitOrders, rng *game.RNG) []game.Step {
	m := gs.Pos.Map
	if !gs.Intimate.Bidding && gs.Settings.Fog {
		// Each player orders from the position it sees (its powers' fog).
		var steps []game.Step
		for _, p := range (Rules{}).Pending(gs) {
			pw, _ := m.LookupPower(string(p.Seat))
			var mine []UnitOrders
			for _, uo := range gs.legalSeen(gs.vision(pw)) {
				if uo.Power == pw || gs.controls(pw, uo.Power) {
					mine = append(mine, uo)
				}
			}
			texts := []string{}
			for _, o := range RandomOrders(mine, rng, nil) {
				texts = append(texts, o.Order.String(m))
			}
			steps = append(steps, game.Step{Seat: p.Seat, Action: game.NewAction("orders", map[string][]string{"orders": texts})})
		}
		return steps
	}
	if !gs.Intimate.Bidding {
		by := map[Power][]string{}
		for _, o := range RandomOrders(legal, rng, nil) {
			writer := o.Power
			if c, ok := gs.Intimate.Control[o.Power]; ok {
				writer = c
			}
			if gs.Settings.Played(writer) {
				by[writer] = append(by[writer], o.Order.String(m))
			}
		}
		var steps []game.Step
		for _, p := range (Rules{}).Pending(gs) {
			pw, _ := m.LookupPower(string(p.Seat))
			steps = append(steps, game.Step{Seat: p.Seat, Action: game.NewAction("orders", map[string][]string{"orders": by[pw]})})
		}
		return steps
	}
	var steps []game.Step
	for _, p := range gs.intimatePending() {
		pw, _ := m.LookupPower(string(p.Seat))
		left := gs.Intimate.Treasury[pw]
		bids := map[string]int{}
		for _, other := range gs.biddable() {
			if left > 0 && rng.Intn(2) == 0 {
				n := rng.Intn(left + 1)
				bids[m.PowerName(other)] = n
				left -= n
			}
		}
		steps = append(steps, game.Step{Seat: p.Seat, Action: game.NewAction("bids", map[string]map[string]int{"bids": bids})})
	}
	return steps
}
