package his

import (
	"fmt"
	"runtime/debug"
	"slices"
	"sync"

	"concordat/game"
)

// The rule-based player ("heuristic"): for each power it weighs the
// power's own sources of VP (§23: the key tables of the power cards, the
// Ottoman's piracy, the Hapsburgs' New World, Henry VIII's marriage and
// the Protestant English spaces, France's chateaux, St Peter's and the
// Protestant Spaces Track for the Papacy and the Protestant, translations)
// and picks, among the legal answers of the decision it owes, the one that
// leaves the best position for it a little later.
//
// It looks ahead honestly: every candidate answer is tried on a copy of the
// state in which everything the seat may not know is redrawn — the cards
// of the other hands and of the deck are dealt again at random among those
// hands and the deck (home cards stay with their owners: everybody knows
// who holds them), and the dice come from the bot's own generator — so
// what it chooses depends only on its own hand and the public state (and
// HeuristicBot plays on knownState, in which the cards the seat cannot see,
// a secret Diet of Worms card too, are already dealt canonically). On
// the copy the answer is applied, the decisions that follow (the other
// powers' answers to a response window, a battle's losses) are answered at
// random, until the next impulse or action is owed; the position reached
// is scored. Every candidate of a decision sees the same redraw (common
// random numbers), so that candidates are compared on the same luck.
//
// Diplomacy is answered by rule rather than by look-ahead: war declared
// only on a VP leader well ahead and outnumbered (warOn), peace offered
// now and then to a power it is at war with that holds its home spaces, a
// deal confirmed unless it gives away cards or spaces for nothing, suing
// for peace when the enemy holds two of its home spaces.
//
// The Ottoman and England also follow a plan (botplan.go): their positions
// score their armies' reach to the keys they may take, the Ottoman's
// piracy still to be made and England's Protestant home spaces; piracy,
// the Ottoman's march on a key and Henry VIII's marriage are chosen by
// rule; they declare no war and offer peace to the powers at war with
// them whose keys are out of their reach.

// BotKinds lists the kinds of computer player (game.Bots): "random"
// (RandomAction, the default) and "heuristic" (HeuristicAction).
func (Rules) BotKinds() []string { return []string{"random", "heuristic"} }

// BotOf returns the player of a kind; false for a kind the rules lack.
func (Rules) BotOf(kind string) (game.Bot, bool) {
	switch kind {
	case "random":
		return Rules{}, true
	case "heuristic":
		return HeuristicBot{}, true
	}
	return nil, false
}

// HeuristicBot is the rule-based player as a game.Bot.
type HeuristicBot struct{}

// BotAction answers as the bot does from the seat's view
// (BotActionFromView): with HeuristicAction on what the seat may know
// (knownState: the cards it cannot see dealt canonically — the other
// hands, the deck, a Diet of Worms card committed in secret — and dice
// seeded from rng), so that inside the server too it decides only on
// what its seat sees. When the heuristic has no answer (in the 2-player
// game it plays only the players' own powers, not those they direct) or
// st would refuse it, the answer is RandomAction's, so that the seat's
// decision never waits for its deadline.
func (HeuristicBot) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	s := state(st)
	if d, ok := s.top(); !ok || s.Phase == PhaseOver || game.Seat(s.seatOf(d.Power).String()) != seat {
		return game.Action{}, fmt.Errorf("his: %s owes no decision", seat)
	}
	k := s.knownState(seat)
	k.RNG = game.NewRNG(rng.Uint64()) // as StateFromView seeds the rebuilt state's dice
	a, err := HeuristicAction(k, seat, rng)
	if err == nil {
		if _, _, e := (Rules{}).Apply(s.Clone(), seat, a); e == nil {
			return a, nil
		}
	}
	return RandomAction(st, seat, rng)
}

// Look-ahead sizes: candidates tried per decision, leaves sampled under
// each first choice of a tree, and decisions played on a copy after a
// candidate.
const (
	botCandidates = 14
	botPerBranch  = 2
	botRollout    = 24
)

// Scoring weights, in tenths of a VP.
const (
	bwVP      = 10.0 // one VP of the power
	bwRival   = 6.0  // one VP of the best other power (the race is relative)
	bwCP      = 2.5  // one CP of a card played for CP (impulse decision)
	bwActCP   = 0.6  // one CP left to spend in the impulse in progress
	bwSpace   = 0.8  // a space under political control
	bwKey     = 3.0  // a key under political control (beyond the VP it gives)
	bwUnrest  = 1.0  // a controlled space in unrest
	bwLand    = 1.2  // a regular (mercenaries and cavalry count less)
	bwNaval   = 0.8  // a naval unit
	bwSiege   = 2.0  // a siege of an enemy fortified space
	bwNear    = 0.6  // a land unit's closeness to an enemy key
	bwRelig   = 2.5  // one space of the power's religion (Papacy, Protestant)
	bwTrans   = 1.0  // one box of a translation track (Protestant)
	bwMarital = 8.0  // one step of Henry VIII's marital status (England)
	bwStPeter = 1.0  // one CP on St Peter's (Papacy)
	bwCard    = 1.5  // one card in hand
)

// HeuristicAction is the rule-based player's answer to the decision seat
// owes in st (a *State), drawing every random choice from r; st is not
// changed. It answers every decision the rules can ask: one it has no rule
// for is answered by look-ahead over the options tree, and should the
// look-ahead find no candidate Apply accepts, the answer is RandomAction's.
// It returns an error when seat owes no decision.
func HeuristicAction(st game.State, seat game.Seat, r *game.RNG) (a game.Action, err error) {
	s := state(st)
	d, ok := s.top()
	if !ok || s.Phase == PhaseOver || game.Seat(d.Power.String()) != seat {
		return game.Action{}, fmt.Errorf("his: %s owes no decision", seat)
	}
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("his: heuristic bot, %s %s: panic: %v\n%s", seat, d.Kind, e, debug.Stack())
		}
	}()
	b := bot{s: s, me: d.Power, d: d, r: r}
	if planned(b.me) {
		if a, ok := b.planRule(); ok {
			return a, nil
		}
	}
	if a, ok := b.byRule(); ok {
		return a, nil
	}
	if a, ok := b.lookAhead(); ok {
		return a, nil
	}
	return RandomAction(st, seat, r)
}

// bot is one decision being answered.
type bot struct {
	s  *State
	me Power
	d  Decision
	r  *game.RNG
}

// leafAction is the action answering d with path p.
func (b *bot) leafAction(p ...string) game.Action {
	return game.Action{Type: b.d.Kind, Args: pathArgs(p)}
}

// hasLeaf reports whether the options tree offers the one-step answer v.
func hasLeaf(cs []game.Choice, v string) bool {
	for _, c := range cs {
		if c.Value == v && len(c.Next) == 0 {
			return true
		}
	}
	return false
}

// byRule answers the diplomatic decisions by rule; false for the others.
func (b *bot) byRule() (game.Action, bool) {
	s, me := b.s, b.me
	switch b.d.Kind {
	case kAnnounce:
		return b.announce(), true
	case kConfirm:
		if s.Diplo != nil && s.Diplo.Deal != nil && b.dealGood(s.Diplo.Deal.Items) {
			return b.leafAction("confirm"), true
		}
		return b.leafAction("reject"), true
	case kWar:
		if q, ok := b.warOn(); ok && !planned(me) {
			return b.leafAction(q.String()), true
		}
		return b.leafAction("done"), true
	case kSue:
		cs := s.choices(b.d)
		for _, q := range s.sueTargets(me) {
			if b.homeHeldBy(q) >= 2 && hasLeaf(cs, q.String()) {
				return b.leafAction(q.String()), true
			}
		}
		return b.leafAction("none"), true
	case kPeaceBuy:
		cs := s.choices(b.d)
		if hasLeaf(cs, "card") {
			return b.leafAction("card"), true
		}
		return b.leafAction("no"), true
	case kRansom, kExcom:
		cs := s.choices(b.d)
		for _, c := range cs {
			if c.Value != "no" && len(c.Next) == 0 {
				return b.leafAction(c.Value), true
			}
		}
		return b.leafAction("no"), true
	case kPay:
		// The card of fewest CP pays.
		best, bestCP := "", 99
		for _, c := range s.choices(b.d) {
			if len(c.Next) != 0 {
				continue
			}
			n := atoi(c.Value)
			if ci, ok := cardByNumber(n); ok && Cards[ci].CP < bestCP {
				best, bestCP = c.Value, Cards[ci].CP
			}
		}
		if best != "" {
			return b.leafAction(best), true
		}
	}
	return game.Action{}, false
}

// cardByNumber is the index of the card with this printed number.
func cardByNumber(n int) (int, bool) {
	for i := range Cards {
		if Cards[i].Number == n {
			return i, true
		}
	}
	return 0, false
}

// warOn picks a declaration of war that is not suicidal: on the major
// power leading the race by 3 VP or more, when me is at war with at most
// one major power and its land units outnumber the leader's by half again;
// false for none (most of the time: a war costs CP and brings the enemy's
// armies on it).
func (b *bot) warOn() (Power, bool) {
	s, me := b.s, b.me
	lead, leadVP := NoPower, -1
	for q := Power(0); q < NumMajors; q++ {
		if v := s.VP(q); v > leadVP {
			lead, leadVP = q, v
		}
	}
	if lead == me || lead == NoPower || leadVP < s.VP(me)+3 || s.AtWar(me, lead) || s.Allied(me, lead) {
		return NoPower, false
	}
	wars := 0
	for q := Power(0); q < NumMajors; q++ {
		if q != me && s.AtWar(me, q) {
			wars++
		}
	}
	if wars > 1 || float64(b.landUnits(me)) < 1.5*float64(b.landUnits(lead)) {
		return NoPower, false
	}
	if !hasLeaf(s.choices(b.d), lead.String()) {
		return NoPower, false
	}
	return lead, true
}

// landUnits counts p's land units on the map.
func (b *bot) landUnits(p Power) int {
	n := 0
	for i := range b.s.Spaces {
		n += b.s.Spaces[i].Units[p].Land()
	}
	return n
}

// homeHeldBy counts me's home spaces q controls.
func (b *bot) homeHeldBy(q Power) int {
	n := 0
	for _, h := range homeSpacesOf[b.me] {
		if b.s.ControlledBy(h, q) {
			n++
		}
	}
	return n
}

// announce offers peace, now and then, to a power it is at war with that
// holds one of its home spaces (a peace the other side
// may refuse: the offer is not repeated forever, one time in three), else
// announces nothing.
func (b *bot) announce() game.Action {
	s, me := b.s, b.me
	if planned(me) {
		for _, q := range b.planPeace() {
			a := game.NewAction(kAnnounce, dealArgs{Items: []Item{{Type: "peace", A: me.String(), B: q.String()}}})
			if _, _, err := (Rules{}).Apply(s.Clone(), game.Seat(me.String()), a); err == nil {
				return a
			}
		}
		return b.leafAction("done")
	}
	if b.r.Intn(3) == 0 {
		for q := Power(0); q < NumMajors; q++ {
			if q == me || !s.AtWar(me, q) {
				continue
			}
			if b.homeHeldBy(q) == 0 {
				continue
			}
			a := game.NewAction(kAnnounce, dealArgs{Items: []Item{{Type: "peace", A: me.String(), B: q.String()}}})
			if _, _, err := (Rules{}).Apply(s.Clone(), game.Seat(me.String()), a); err == nil {
				return a
			}
		}
	}
	return b.leafAction("done")
}

// dealGood judges a deal me is asked to confirm: peace and alliances are
// good unless me is winning that war (it holds the other's home spaces);
// cards and spaces given away by me are bad, received are good.
func (b *bot) dealGood(items []Item) bool {
	s, me := b.s, b.me
	name := me.String()
	score := 0
	for _, it := range items {
		switch it.Type {
		case "peace":
			other := it.A
			if other == name {
				other = it.B
			}
			if q, err := ParsePower(other); err == nil && q < NumMajors {
				held := 0
				for _, h := range homeSpacesOf[q] {
					if s.ControlledBy(h, me) {
						held++
					}
				}
				if held > 0 {
					score -= 2
					continue
				}
			}
			score++
		case "alliance":
			score++
		case "cards":
			if it.From == name {
				score -= 2 * max(it.N, 1)
			} else if it.To == name {
				score += max(it.N, 1)
			}
		default:
			// Spaces, leaders, squadrons: bad to give, good to take.
			if it.From == name || it.Power == name && it.To != name {
				score -= 3
			} else {
				score++
			}
		}
	}
	return score > 0
}

// cand is one candidate answer: its path and a bonus outside the position
// (the CP of a card played for CP).
type cand struct {
	path  []string
	bonus float64
}

// candidates lists the answers to try: for an impulse every card for CP
// and as an event (its choices sampled), and pass; for any other decision
// up to botPerBranch leaves under each first choice, and at most
// botCandidates in all.
func (b *bot) candidates(cs []game.Choice) []cand {
	var out []cand
	if b.d.Kind == kImpulse {
		for _, c := range cs {
			switch {
			case len(c.Next) == 0:
				out = append(out, cand{path: []string{c.Value}, bonus: -2 * bwCP})
			case c.Value == "cp" || c.Value == "show":
				for _, k := range c.Next {
					cp := 0
					if ci, ok := cardByNumber(atoi(k.Value)); ok {
						cp = Cards[ci].CP
					}
					for _, p := range b.sample(k.Next, botPerBranch) {
						out = append(out, cand{path: append([]string{c.Value, k.Value}, p...), bonus: bwCP * float64(cp)})
					}
				}
			default:
				for _, k := range c.Next {
					for _, p := range b.sample(k.Next, botPerBranch) {
						out = append(out, cand{path: append([]string{c.Value, k.Value}, p...)})
					}
				}
			}
		}
		return out
	}
	for _, c := range cs {
		for _, p := range b.sample(c.Next, botPerBranch) {
			out = append(out, cand{path: append([]string{c.Value}, p...)})
		}
	}
	if len(out) > botCandidates {
		b.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		out = out[:botCandidates]
	}
	return out
}

// sample draws up to n distinct-ish complete paths of a subtree (all of
// them when it has at most n leaves); one empty path for a leaf.
func (b *bot) sample(cs []game.Choice, n int) [][]string {
	if len(cs) == 0 {
		return [][]string{nil}
	}
	if leaves(cs) <= n {
		var out [][]string
		var walk func(cs []game.Choice, pre []string)
		walk = func(cs []game.Choice, pre []string) {
			for _, c := range cs {
				p := append(append([]string(nil), pre...), c.Value)
				if len(c.Next) == 0 {
					out = append(out, p)
				} else {
					walk(c.Next, p)
				}
			}
		}
		walk(cs, nil)
		return out
	}
	var out [][]string
	for i := 0; i < n; i++ {
		p, err := randomLeaf(cs, b.r)
		if err == nil {
			out = append(out, p)
		}
	}
	return out
}

// lookAhead tries the candidates on redrawn copies and returns the best;
// false when Apply accepts none of them.
func (b *bot) lookAhead() (game.Action, bool) {
	cs := b.s.choices(b.d)
	cands := b.candidates(cs)
	if len(cands) == 0 {
		return game.Action{}, false
	}
	if len(cands) == 1 {
		return b.leafAction(cands[0].path...), true
	}
	seed := b.r.Uint64()
	base := b.s.Clone()
	base.events = nil
	base.Script = nil
	base.redraw(b.me, seed)
	best, bestV := -1, 0.0
	seat := game.Seat(b.me.String())
	for i, c := range cands {
		v, ok := b.try(base, seat, c, seed)
		if !ok {
			continue
		}
		// A little noise breaks ties between equal answers.
		v += float64(b.r.Intn(100)) * 1e-4
		if best < 0 || v > bestV {
			best, bestV = i, v
		}
	}
	if best < 0 {
		return game.Action{}, false
	}
	return b.leafAction(cands[best].path...), true
}

// try applies one candidate on a copy of base and scores the position
// reached; false when Apply refuses it (or the copy's play panics).
func (b *bot) try(base *State, seat game.Seat, c cand, seed uint64) (v float64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	cp := base.Clone()
	cp.RNG = game.NewRNG(seed ^ 0xd1ce)
	a := game.Action{Type: b.d.Kind, Args: pathArgs(c.path)}
	if _, _, err := (Rules{}).Apply(cp, seat, a); err != nil {
		return 0, false
	}
	rr := game.NewRNG(seed ^ 0x9a11)
	for i := 0; i < botRollout; i++ {
		d, ok := cp.top()
		if !ok || cp.Phase == PhaseOver || d.Kind == kImpulse || d.Kind == kAction || d.Kind == kAnnounce {
			break
		}
		s2 := game.Seat(d.Power.String())
		a, err := RandomAction(cp, s2, &rr)
		if err != nil {
			break
		}
		if _, _, err := (Rules{}).Apply(cp, s2, a); err != nil {
			break
		}
	}
	cp.events = nil
	return cp.botValue(b.me) + c.bonus, true
}

// redraw deals again, from seed, the cards p may not see: the other
// powers' hands and the deck, keeping each hand's size and the home cards
// where they are.
func (s *State) redraw(p Power, seed uint64) {
	var pool []uint8
	for q := Power(0); q < NumMajors; q++ {
		if q == p {
			continue
		}
		for _, c := range s.Powers[q].Hand {
			if Cards[c].Type != HomeCard {
				pool = append(pool, c)
			}
		}
	}
	pool = append(pool, s.Deck...)
	// In card order first: the deal depends only on which cards are
	// unseen, never on where they are.
	slices.Sort(pool)
	r := game.NewRNG(seed ^ 0xdea1)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	for q := Power(0); q < NumMajors; q++ {
		if q == p {
			continue
		}
		h := s.Powers[q].Hand
		for i, c := range h {
			if Cards[c].Type != HomeCard {
				h[i] = pool[k]
				k++
			}
		}
	}
	copy(s.Deck, pool[k:])
}

// distances between land spaces (moves along any connection), computed
// once.
var (
	botDistOnce  sync.Once
	botDistTable [][]uint8
)

func botDist() [][]uint8 {
	botDistOnce.Do(func() {
		n := len(Spaces)
		botDistTable = make([][]uint8, n)
		for a := 0; a < n; a++ {
			d := make([]uint8, n)
			for i := range d {
				d[i] = 255
			}
			d[a] = 0
			q := []int{a}
			for len(q) > 0 {
				x := q[0]
				q = q[1:]
				for _, e := range Spaces[x].Edges {
					if y := int(e.To); d[y] == 255 {
						d[y] = d[x] + 1
						q = append(q, y)
					}
				}
			}
			botDistTable[a] = d
		}
	})
	return botDistTable
}

// botValue scores the position for p from public facts and p's own hand,
// in tenths of a VP.
func (s *State) botValue(p Power) float64 {
	if s.Phase == PhaseOver {
		for _, w := range s.Winners {
			if w == p {
				return 1e4
			}
		}
	}
	v := bwVP * float64(s.VP(p))
	rival := 0
	for q := Power(0); q < NumMajors; q++ {
		if q != p {
			rival = max(rival, s.VP(q))
		}
	}
	v -= bwRival * float64(rival)
	v += bwCard * float64(len(s.Powers[p].Hand))
	if s.Act != nil && s.Act.Power == p {
		v += bwActCP * float64(s.Act.CP)
	}
	dist := botDist()
	var targets []int
	for i := range s.Spaces {
		sp := &s.Spaces[i]
		if s.ControlledBy(SpaceID(i), p) {
			v += bwSpace
			if Spaces[i].Type.IsKey() {
				v += bwKey
			}
			if sp.Unrest {
				v -= bwUnrest
			}
		} else if Spaces[i].Type.IsKey() && sp.Ctl != NoPower {
			owner := sp.Ctl
			if owner.Minor() && s.MinorAllyOf(owner) != NoPower {
				owner = s.MinorAllyOf(owner)
			}
			if owner < NumPowers && s.AtWar(p, owner) {
				targets = append(targets, i)
			}
		}
		if sp.Besiegers&bit(p) != 0 {
			v += bwSiege
		}
		u := sp.Units[p]
		if planned(p) {
			v += bwNaval * float64(u.Naval())
			continue // planValue scores the land units
		}
		v += bwLand*float64(u.Reg) + 0.8*bwLand*float64(u.Merc) + 0.9*bwLand*float64(u.Cav) + bwNaval*float64(u.Naval())
		if p == Papacy && !Spaces[i].NoRel {
			if sp.Prot {
				v -= bwRelig
			}
			if sp.Jesuit {
				v += 1
			}
		}
		if p == Protestant && sp.Prot {
			v += bwRelig
		}
		if p == England && sp.Prot && Spaces[i].Home == England {
			v += 1
		}
	}
	for i := range s.Seas {
		v += bwNaval * float64(s.Seas[i].Units[p].Naval())
	}
	if planned(p) {
		v += s.planValue(p)
		targets = nil
	}
	if len(targets) > 0 {
		for i := range s.Spaces {
			n := s.Spaces[i].Units[p].Land()
			if n == 0 {
				continue
			}
			best := 255
			for _, t := range targets {
				best = min(best, int(dist[i][t]))
			}
			if best < 255 {
				v += bwNear * float64(min(n, 6)) / float64(1+best)
			}
		}
	}
	switch p {
	case Protestant:
		for i := range s.NewTestament {
			v += bwTrans * float64(int(s.NewTestament[i])+int(s.FullBible[i]))
		}
	case England:
		v += bwMarital * float64(s.Marital)
	case Papacy:
		v += bwStPeter * float64(s.StPeterCP)
	case Ottoman:
		v += 1.5 * float64(s.PiracyVP)
	}
	return v
}
