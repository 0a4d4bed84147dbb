package botplay

import (
	"hash/fnv"
	"sort"
	"strings"

	"concordat/diplomacy"
	"concordat/game"
)

// This file is the heuristic's play of the variants whose decisions are
// not only a power's own orders (docs/bots.md, "Variants"). Every decision
// is made from what the seat sees: its Sight (diplomacy.SightOf,
// diplomacy.SeatSights) and, for the variants' own choices (seismic
// events, the draft's pool, the bidding), the seat's Legal options.

// ordersAction is an "orders" (or "ahead") action with the texts of os.
func ordersAction(kind string, m *diplomacy.Map, os []diplomacy.Order) game.Action {
	texts := []string{}
	for _, o := range os {
		texts = append(texts, o.String(m))
	}
	return game.NewAction(kind, map[string][]string{"orders": texts})
}

// parseOrders reads texts on m, leaving out those that do not parse.
func parseOrders(m *diplomacy.Map, texts []string) []diplomacy.Order {
	var out []diplomacy.Order
	for _, t := range texts {
		if o, err := m.ParseOrder(t); err == nil {
			out = append(out, o)
		}
	}
	return out
}

// withControlled is s with the units of the powers its power controls
// this year (Intimate) counted as its own for the values, so that the
// heuristic plays them as one side: they defend its centres, support its
// moves and attack its enemies. The centres keep their owners (taking a
// controlled power's centre with an own unit is a gain that lasts).
func withControlled(s diplomacy.Sight) diplomacy.Sight {
	if len(s.Controlled) == 0 {
		return s
	}
	ctl := map[diplomacy.Power]bool{}
	for _, p := range s.Controlled {
		ctl[p] = true
	}
	pos := s.Pos.Clone()
	for p, u := range pos.Units {
		if u.Type != diplomacy.NoUnit && ctl[u.Power] {
			pos.Units[p].Power = s.Power
		}
	}
	for i, d := range pos.Dislodged {
		if ctl[d.Power] {
			pos.Dislodged[i].Power = s.Power
		}
	}
	s.Pos = pos
	return s
}

// sharedRNG is a generator both seats of a Double Diplomacy power draw
// alike: seeded from what both see (the power, the phase and the units),
// so that two heuristic seats write the same orders and their units move.
func sharedRNG(s diplomacy.Sight) game.RNG {
	h := fnv.New64a()
	m := s.Pos.Map
	h.Write([]byte(m.Powers[s.Power].ID + "|" + s.Pos.Phase.String()))
	for p, u := range s.Pos.Units {
		if u.Type != diplomacy.NoUnit {
			h.Write([]byte{byte(p), byte(p >> 8), byte(u.Type), byte(u.Power), byte(u.Loc), byte(u.Loc >> 8)})
		}
	}
	for _, d := range s.Pos.Dislodged {
		h.Write([]byte{byte(d.Loc), byte(d.Loc >> 8), byte(d.Power)})
	}
	return game.NewRNG(h.Sum64())
}

// seated answers a seat of Reverse Gunboat or Double Diplomacy.
//
// Double Diplomacy: each seat plays the heuristic without noise on its
// power's sight, with ties broken by sharedRNG, so both seats of a power
// write the same orders (a unit follows only orders both wrote).
//
// Reverse Gunboat: the seat does not know its power and may order any
// unit, only its own power's orders counting: it writes, for every played
// power, the orders the heuristic would play for that power, so that
// whichever power it holds is played by the heuristic.
func (b Bot) seated(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	sights, err := diplomacy.SeatSights(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	gs := st.(*diplomacy.GameState)
	m := gs.Pos.Map
	var out []diplomacy.Order
	if gs.Settings.Double {
		s := sights[0]
		shared := sharedRNG(s)
		out = Heuristic{}.Orders(s, &shared)
	} else {
		h := Heuristic{Noise: DefaultNoise}
		for _, s := range sights {
			out = append(out, h.Orders(s, rng)...)
		}
	}
	return ordersAction("orders", m, out), nil
}

// payola answers a Payola movement phase in two actions: first the offers
// (while the power has sent none and has silver to spend), then the
// orders. The offers back the heuristic's own plan: a coin for each of its
// own units' orders that matter (a move into a centre, a hold of a
// threatened centre), so that a rival's bribe of one only ties and the
// owner's order wins; a coin to the unit one of its moves attacks to step
// aside (where none of its units goes, not into its centres); a coin to
// another power's unit next to one of its moves to support that move; a
// coin to an enemy unit next to one of its threatened centres to hold.
// The total never exceeds the treasury (half of it in a spring, so that
// something is left for the fall). Both actions draw the plan alike (a
// generator seeded from the power's sight, sharedRNG), so the orders are
// the plan the offers backed; offers it did not make (a player's, before
// the bot took the seat) are kept, with the moves bought supports back,
// and the other units planned around them.
func (b Bot) payola(s diplomacy.Sight, rng *game.RNG) game.Action {
	m := s.Pos.Map
	h := Heuristic{Noise: DefaultNoise}
	if !s.Offered && s.Treasury > 0 && len(s.Own) > 0 {
		if offers := h.payolaOffers(s, rng); len(offers) > 0 {
			return game.NewAction("offers", map[string][]diplomacy.Offer{"offers": offers})
		}
	}
	fixed := map[diplomacy.Province]diplomacy.Order{}
	for _, off := range s.Offers {
		o, err := m.ParseOrder(off.Order)
		if err != nil {
			continue
		}
		u, ok := s.Pos.UnitAt(m.Prov(o.At))
		if !ok {
			continue
		}
		if u.Power == s.Power {
			fixed[m.Prov(o.At)] = o
			continue
		}
		if o.Type != diplomacy.SupportOrder {
			continue
		}
		// A bought support of an own unit: that unit plays the order it
		// backs.
		for _, uo := range s.Own {
			if m.Prov(uo.Unit.Loc) != m.Prov(o.Aux) {
				continue
			}
			for _, c := range uo.Orders {
				if o.To == diplomacy.NoLoc && c.Type == diplomacy.Hold ||
					o.To != diplomacy.NoLoc && c.Type == diplomacy.Move && !c.ViaConvoy && m.Prov(c.To) == m.Prov(o.To) {
					if _, set := fixed[m.Prov(o.Aux)]; !set {
						fixed[m.Prov(o.Aux)] = c
					}
					break
				}
			}
		}
	}
	mi := infoOf(m)
	bd := newBoard(mi, s.Pos)
	bd.valuesFor(mi, s.Power, weightsFor(s.Pos.Phase))
	// The plan the offers backed (payolaOffers draws it alike): played as
	// it is when it keeps every order the offers paid for; otherwise (the
	// offers were another's, a player's before the bot took the seat)
	// replanned around them.
	shared := sharedRNG(s)
	plan := h.movement(mi, bd, s.Power, s.Own, nil, 0, &shared)
	for i, in := range plan {
		if o, ok := fixed[m.Prov(s.Own[i].Unit.Loc)]; ok && o != in.Order {
			shared = sharedRNG(s)
			plan = h.movementFixed(mi, bd, s.Power, s.Own, nil, 0, fixed, &shared)
			break
		}
	}
	var out []diplomacy.Order
	for _, in := range plan {
		out = append(out, in.Order)
	}
	return ordersAction("orders", m, out)
}

// payolaOffers are the heuristic's offers for s (see Bot.payola).
func (h Heuristic) payolaOffers(s diplomacy.Sight, rng *game.RNG) []diplomacy.Offer {
	m, pos := s.Pos.Map, s.Pos
	mi := infoOf(m)
	bd := newBoard(mi, pos)
	bd.valuesFor(mi, s.Power, weightsFor(pos.Phase))
	shared := sharedRNG(s) // the plan the orders will play (Bot.payola)
	plan := h.movement(mi, bd, s.Power, s.Own, nil, 0, &shared)
	budget := s.Treasury
	if pos.Phase.Season != diplomacy.Fall {
		budget = (s.Treasury + 1) / 2
	}
	type cand struct {
		text  string
		worth float64
	}
	var cands []cand
	centre := func(p diplomacy.Province) bool { return m.Provinces[p].Center }
	targets := map[diplomacy.Province]diplomacy.Loc{} // own moves' destinations, by the moving unit's province
	for i, in := range plan {
		o := in.Order
		u := s.Own[i].Unit
		switch o.Type {
		case diplomacy.Move:
			q := m.Prov(o.To)
			targets[m.Prov(u.Loc)] = o.To
			if centre(q) && pos.Owners[q] != s.Power {
				cands = append(cands, cand{o.String(m), bd.value(u.Type, q)})
			}
		case diplomacy.Hold, diplomacy.SupportOrder:
			p := m.Prov(u.Loc)
			if centre(p) && pos.Owners[p] == s.Power && bd.enemies[p] > 0 {
				cands = append(cands, cand{o.String(m), bd.value(u.Type, p)})
			}
		}
	}
	attacked := map[diplomacy.Province]diplomacy.UnitType{} // foreign-held provinces its moves enter, by the mover's type
	claimed := map[diplomacy.Province]bool{}                // where its units end
	for i, in := range plan {
		o := in.Order
		if o.Type == diplomacy.Move {
			q := m.Prov(o.To)
			claimed[q] = true
			if t, ok := pos.UnitAt(q); ok && t.Power != s.Power {
				attacked[q] = s.Own[i].Unit.Type
			}
		} else {
			claimed[m.Prov(s.Own[i].Unit.Loc)] = true
		}
	}
	for _, uo := range diplomacy.NewGenerator(m).Orders(pos, diplomacy.NoPower) {
		if uo.Power == s.Power || uo.Unit.Type == diplomacy.NoUnit {
			continue
		}
		up := m.Prov(uo.Unit.Loc)
		if t, ok := attacked[up]; ok {
			// The unit its move attacks: paid to step aside, into a
			// province none of its units takes and it does not own.
			for _, o := range uo.Orders {
				if o.Type != diplomacy.Move || o.ViaConvoy {
					continue
				}
				q := m.Prov(o.To)
				if claimed[q] || m.Provinces[q].Center && pos.Owners[q] == s.Power {
					continue
				}
				cands = append(cands, cand{o.String(m), bd.value(t, up)})
				break
			}
			continue
		}
		bought := false
		for _, o := range uo.Orders {
			if o.Type != diplomacy.SupportOrder || o.To == diplomacy.NoLoc {
				continue
			}
			to, ok := targets[m.Prov(o.Aux)]
			if !ok || m.Prov(to) != m.Prov(o.To) {
				continue
			}
			if t, ok := pos.UnitAt(m.Prov(o.To)); ok && t.Power == uo.Power {
				continue // nobody pays a unit to help dislodge its own power
			}
			cands = append(cands, cand{o.String(m), 0.9 * bd.value(pos.Units[m.Prov(o.Aux)].Type, m.Prov(o.To))})
			bought = true
			break
		}
		if bought || len(uo.Orders) == 0 || uo.Orders[0].Type != diplomacy.Hold {
			continue
		}
		// An enemy unit next to an own centre: paid to hold.
		worth := 0.0
		for _, q := range mi.reachOf(uo.Unit.Type, up) {
			if centre(q) && pos.Owners[q] == s.Power {
				worth = max(worth, defendPerPower*float64(bd.size[uo.Power]+1))
			}
		}
		if worth > 0 {
			cands = append(cands, cand{uo.Orders[0].String(m), worth})
		}
	}
	for i := range cands {
		cands[i].worth *= h.jitter(rng)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].worth > cands[j].worth })
	var offers []diplomacy.Offer
	seen := map[string]bool{}
	for _, c := range cands {
		if budget <= 0 {
			break
		}
		if seen[c.text] {
			continue
		}
		seen[c.text] = true
		offers = append(offers, diplomacy.Offer{Order: c.text, Amount: 1})
		budget--
	}
	// What is left raises the best offers, one coin each, in the fall.
	for i := 0; pos.Phase.Season == diplomacy.Fall && budget > 0 && i < len(offers) && i < 3; i++ {
		offers[i].Amount++
		budget--
	}
	return offers
}

// predictNext is the position of the next movement phase as the power of
// s expects it: the current movement phase resolved with mine for its own
// units and the heuristic's orders for every other power it sees, its
// retreats disbanded and its adjustments left to civil disorder (Crystal
// Ball). nil when the game would end first.
func predictNext(s diplomacy.Sight, mine []diplomacy.Order, rng *game.RNG) *diplomacy.Position {
	m := s.Pos.Map
	p := s.Pos.Clone()
	mi := infoOf(m)
	bd := newBoard(mi, p)
	w := weightsFor(p.Phase)
	legal := diplomacy.NewGenerator(m).Orders(p, diplomacy.NoPower)
	var all []diplomacy.OrderIn
	for _, o := range mine {
		all = append(all, diplomacy.OrderIn{Power: s.Power, Order: o})
	}
	h := Heuristic{}
	for i := range m.Powers {
		pw := diplomacy.Power(i)
		if pw == s.Power {
			continue
		}
		var own []diplomacy.UnitOrders
		for _, uo := range legal {
			if uo.Power == pw {
				own = append(own, uo)
			}
		}
		if len(own) == 0 {
			continue
		}
		bd.valuesFor(mi, pw, w)
		all = append(all, h.movement(mi, bd, pw, own, nil, 0, rng)...)
	}
	adj := diplomacy.NewAdjudicator(m, s.Settings.Edition)
	out := make([]diplomacy.Outcome, len(all))
	adj.Step(p, all, out)
	for k := 0; k < 3 && p.Phase.Type != diplomacy.Movement && p.Winner() == diplomacy.NoPower; k++ {
		adj.Step(p, nil, nil)
	}
	if p.Phase.Type != diplomacy.Movement || p.Winner() != diplomacy.NoPower {
		return nil
	}
	return p
}

// ahead are the orders of s's power for the next movement phase (Crystal
// Ball): the player's orders on the position it expects then
// (predictNext), with mine the orders its units follow now.
func (b Bot) ahead(s diplomacy.Sight, mine []diplomacy.Order, rng *game.RNG) game.Action {
	m := s.Pos.Map
	next := predictNext(s, mine, rng)
	if next == nil {
		return ordersAction("ahead", m, nil)
	}
	ns := diplomacy.Sight{Power: s.Power, Settings: s.Settings, Pos: next}
	for _, uo := range diplomacy.NewGenerator(m).Orders(next, diplomacy.NoPower) {
		if uo.Power == s.Power {
			uo.Orders = append([]diplomacy.Order(nil), uo.Orders...)
			ns.Own = append(ns.Own, uo)
		}
	}
	return ordersAction("ahead", m, b.Player.Orders(ns, rng))
}

// seismicEvent is the heuristic's seismic event: among the events the
// seat's Legal options offer, the one that most helps it now. Connecting
// a province where its unit stands to a centre it does not own is worth
// that centre; separating an enemy unit's province from its own centre is
// worth that centre's defence. It orders no event that does the reverse
// (an enemy unit's way into its centre opened, its own unit's way to a
// centre cut), whatever else it gains. Ties (most events touch no unit)
// are broken at random, and the best is ordered even if nothing helps.
func (h Heuristic) seismicEvent(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	s, err := diplomacy.SightOf(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	legal := diplomacy.Rules{}.Legal(st, seat)
	m, pos := s.Pos.Map, s.Pos
	mi := infoOf(m)
	bd := newBoard(mi, pos)
	bd.valuesFor(mi, s.Power, weightsFor(diplomacy.Phase{Season: diplomacy.Spring, Type: diplomacy.Movement}))
	worth := func(q diplomacy.Province) float64 {
		if !m.Provinces[q].Center || pos.Owners[q] == s.Power {
			return 0
		}
		if o := pos.Owners[q]; o != diplomacy.NoPower {
			return enemyWorth + float64(bd.size[o])
		}
		return neutralWorth
	}
	fits := func(t diplomacy.UnitType, q diplomacy.Province) bool {
		k := m.Provinces[q].Kind
		return t == diplomacy.Army && k != diplomacy.Sea || t == diplomacy.Fleet && k != diplomacy.Inland
	}
	// gain is what a new border from x to y is worth to s's power: to
	// its unit at x, and against it, to an enemy unit at x next to its
	// centre y.
	gain := func(x, y diplomacy.Province) (good, bad float64) {
		u, ok := pos.UnitAt(x)
		if !ok || !fits(u.Type, y) {
			return 0, 0
		}
		if u.Power == s.Power {
			return worth(y), 0
		}
		if m.Provinces[y].Center && pos.Owners[y] == s.Power {
			return 0, defendPerPower * float64(bd.size[u.Power]+1)
		}
		return 0, 0
	}
	best, bestV := "", 0.0
	for _, op := range legal.Choices {
		for _, a := range op.Next {
			la, ok := m.LookupLoc(a.Value)
			if !ok {
				continue
			}
			for _, c := range a.Next {
				lb, ok := m.LookupLoc(c.Value)
				if !ok {
					continue
				}
				pa, pb := m.Prov(la), m.Prov(lb)
				g1, b1 := gain(pa, pb)
				g2, b2 := gain(pb, pa)
				good, bad := g1+g2, b1+b2
				if op.Value == "separate" {
					good, bad = bad, good
				}
				if bad > 0 {
					continue // no event that opens a way into its centres or cuts its units off
				}
				v := good*h.jitter(rng) + h.jitter(rng) - 1 // noise breaks ties among the events that touch nobody
				if best == "" || v > bestV {
					best, bestV = strings.Join([]string{op.Value, a.Value, c.Value}, " "), v
				}
			}
		}
	}
	return game.NewAction("event", map[string]string{"event": best}), nil
}

// draftPreferences is the heuristic's preference list in the Anarchy
// draft: a block of centres with few other open centres near it, since
// with most centres drafted an open centre within two steps is most often
// a rival's home, building a unit there in the winter (in seeded games
// against random drafters, compact blocks in the crowded middle of the
// map did worse than drafting at random; docs/perf.md).
//
// For each open centre it grows a block, as many centres as it drafts,
// adding each time the centre that brings the fewest new open centres
// within two steps (army or fleet); a block's cost is that count (plus a
// little noise, for ties). It then takes the best blocks that share no
// centre, and lists first the one its power's index on the map points to
// (so heuristic drafters do not all want the same corner), then the other
// blocks best first, then the centres of every other block in order: the
// whole pool, so the snake draft never draws for it at random.
func (h Heuristic) draftPreferences(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	gs := st.(*diplomacy.GameState)
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok {
		return game.Action{}, errUnknownSeat(seat)
	}
	mi := infoOf(m)
	var pool []diplomacy.Province
	for _, c := range (diplomacy.Rules{}).Legal(st, seat).Choices {
		if l, ok := m.LookupLoc(c.Value); ok {
			pool = append(pool, m.Prov(l))
		}
	}
	if len(pool) == 0 {
		return game.Action{}, errNothing(seat)
	}
	// near[i] are the pool's indices within two steps of pool[i] (itself too).
	near := make([][]int, len(pool))
	at := map[diplomacy.Province]int{}
	for i, p := range pool {
		at[p] = i
	}
	for i, c := range pool {
		d := map[diplomacy.Province]int{c: 0}
		queue := []diplomacy.Province{c}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if k, ok := at[p]; ok {
				near[i] = append(near[i], k)
			}
			if d[p] == 2 {
				continue
			}
			for _, adj := range [][]diplomacy.Province{mi.armyAdj[p], mi.fleetAdj[p]} {
				for _, q := range adj {
					if _, ok := d[q]; !ok {
						d[q] = d[p] + 1
						queue = append(queue, q)
					}
				}
			}
		}
	}
	quota := min(max(len(m.Powers[pw].Homes), 1), len(pool))
	type block struct {
		members []int
		cost    float64
	}
	blocks := make([]block, 0, len(pool))
	for i := range pool {
		in, seen := map[int]bool{i: true}, map[int]bool{}
		for _, k := range near[i] {
			seen[k] = true
		}
		members := []int{i}
		for len(members) < quota {
			best, bestN := -1, 0
			for j := range pool {
				if in[j] {
					continue
				}
				n := 0
				for _, k := range near[j] {
					if !seen[k] {
						n++
					}
				}
				if best < 0 || n < bestN {
					best, bestN = j, n
				}
			}
			in[best] = true
			members = append(members, best)
			for _, k := range near[best] {
				seen[k] = true
			}
		}
		cost := float64(len(seen)-quota) + 0.5*float64(rng.Uint64()>>11)/(1<<53)
		blocks = append(blocks, block{members, cost})
	}
	sort.SliceStable(blocks, func(a, b int) bool { return blocks[a].cost < blocks[b].cost })
	var apart []block // the best blocks that share no centre
	taken := map[int]bool{}
	for _, b := range blocks {
		free := true
		for _, k := range b.members {
			free = free && !taken[k]
		}
		if free {
			apart = append(apart, b)
			for _, k := range b.members {
				taken[k] = true
			}
		}
	}
	first := int(pw) % len(apart)
	order := append([]block{apart[first]}, apart[:first]...)
	order = append(append(order, apart[first+1:]...), blocks...)
	listed := map[int]bool{}
	ids := []string{}
	for _, b := range order {
		for _, k := range b.members {
			if !listed[k] {
				listed[k] = true
				ids = append(ids, m.ProvName(pool[k]))
			}
		}
	}
	return game.NewAction("preferences", map[string][]string{"centres": ids}), nil
}

// intimateBids are the heuristic's bids (Intimate): the whole treasury,
// spread over the powers whose units matter most to it — those next to
// its own or its rival's units and centres count double — in proportion
// to that worth, on at most as many powers as it has coins.
func (h Heuristic) intimateBids(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	s, err := diplomacy.SightOf(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	m, pos := s.Pos.Map, s.Pos
	mi := infoOf(m)
	biddable := map[diplomacy.Power]bool{}
	for _, p := range s.Biddable {
		biddable[p] = true
	}
	// The players' (own and rival's) units and centres.
	near := make([]bool, len(m.Provinces))
	for p, u := range pos.Units {
		if u.Type != diplomacy.NoUnit && s.Settings.Played(u.Power) {
			near[p] = true
		}
	}
	for p, o := range pos.Owners {
		if o != diplomacy.NoPower && s.Settings.Played(o) {
			near[p] = true
		}
	}
	worth := map[diplomacy.Power]float64{}
	for _, p := range s.Biddable {
		worth[p] = 0.5 // a power it sees no unit of (Fog of War) is still worth a coin
	}
	for p, u := range pos.Units {
		if u.Type == diplomacy.NoUnit || !biddable[u.Power] {
			continue
		}
		w := 1.0
		for _, q := range mi.reachOf(u.Type, diplomacy.Province(p)) {
			if near[q] {
				w = 2
				break
			}
		}
		worth[u.Power] += w
	}
	type cand struct {
		pw diplomacy.Power
		w  float64
	}
	var cands []cand
	for _, p := range s.Biddable {
		if worth[p] > 0 {
			cands = append(cands, cand{p, worth[p] * h.jitter(rng)})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].w > cands[j].w })
	cands = cands[:min(len(cands), s.Treasury)]
	sum := 0.0
	for _, c := range cands {
		sum += c.w
	}
	bids := map[string]int{}
	left := s.Treasury
	for _, c := range cands {
		n := int(float64(s.Treasury) * c.w / sum)
		if n > left {
			n = left
		}
		if n > 0 {
			bids[m.PowerName(c.pw)] = n
			left -= n
		}
	}
	if len(cands) > 0 && left > 0 {
		bids[m.PowerName(cands[0].pw)] += left
	}
	return game.NewAction("bids", map[string]map[string]int{"bids": bids}), nil
}

// protect is the heuristic's Black Hole protection, when the power has
// none yet: the home centre it owns and stands on that is worth most to
// it (a lost unit and centre at once), else the home centre it owns worth
// most; false when it owns none, or has chosen already. Under Double
// Diplomacy both seats of a power choose alike (sharedRNG); the last
// choice counts.
func (h Heuristic) protect(st game.State, seat game.Seat, rng *game.RNG) (game.Action, bool) {
	sights, err := diplomacy.SeatSights(st, seat)
	if err != nil || len(sights) != 1 || sights[0].Protected {
		return game.Action{}, false
	}
	s := sights[0]
	if st.(*diplomacy.GameState).Seating != nil {
		shared := sharedRNG(s)
		rng = &shared
	}
	m, pos := s.Pos.Map, s.Pos
	mi := infoOf(m)
	bd := newBoard(mi, pos)
	bd.valuesFor(mi, s.Power, weightsFor(pos.Phase))
	best, bestV := diplomacy.Province(0), -1.0
	for _, p := range m.Powers[s.Power].Homes {
		if m.Swallowed(p) || pos.Owners[p] != s.Power {
			continue
		}
		v := bd.army[p] + bd.fleet[p]
		if u, ok := pos.UnitAt(p); ok && u.Power == s.Power {
			v += 1e6
		}
		if v = v * h.jitter(rng); v > bestV {
			best, bestV = p, v
		}
	}
	if bestV < 0 {
		return game.Action{}, false
	}
	return game.NewAction("protect", map[string]string{"center": m.ProvName(best)}), true
}
