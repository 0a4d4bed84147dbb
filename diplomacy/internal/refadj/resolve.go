package refadj

import (
	"fmt"
	"sort"

	"concordat/diplomacy"
)

// tri is a decision that may not be known yet.
type tri uint8

const (
	unknown tri = iota
	yes
	no
)

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return unknown
}

func (t tri) or(u tri) tri {
	switch {
	case t == yes || u == yes:
		return yes
	case t == no && u == no:
		return no
	}
	return unknown
}

func (t tri) and(u tri) tri { return t.not().or(u.not()).not() }

// span is the range a strength may still take: lo ≤ strength ≤ hi.
//
// Strengths are written in half units plus one, so that the special
// borders' halves and zeroes compare as integers: nothing at all is 0, a move
// of strength 0 (an unsupported river crossing) is 1, strength ½ (an
// unsupported Cape move) is 2, strength 1 is 3, and so on.
type span struct{ lo, hi int }

func exact(n int) span { return span{n, n} }

func union(a, b span) span { return span{min(a.lo, b.lo), max(a.hi, b.hi)} }

func maxSpan(a, b span) span { return span{max(a.lo, b.lo), max(a.hi, b.hi)} }

// decision names one decision: a move (of the unit in p) or a support.
type decision struct {
	support bool
	p       Province
}

// evaluator evaluates decisions' rules, recording which unknown decisions
// it read (and which of them it read while working out a convoy's route).
type evaluator struct {
	ph *movementPhase
	// reads collects the unknown decisions read, when not nil.
	reads map[decision]bool
	// pathReads collects, per convoyed army whose route was worked out, the
	// unknown decisions that route read.
	pathReads map[Province]map[decision]bool
	inPath    []Province
}

func (ev *evaluator) read(d decision, t tri) tri {
	if t == unknown {
		if ev.reads != nil {
			ev.reads[d] = true
		}
		for _, p := range ev.inPath {
			if ev.pathReads != nil {
				if ev.pathReads[p] == nil {
					ev.pathReads[p] = map[decision]bool{}
				}
				ev.pathReads[p][d] = true
			}
		}
	}
	return t
}

func (ev *evaluator) move(p Province) tri {
	return ev.read(decision{false, p}, ev.ph.moveOK[p])
}

func (ev *evaluator) given(s Province) tri {
	return ev.read(decision{true, s}, ev.ph.supportOK[s])
}

// sorted lists the units in province order.
func (ph *movementPhase) sorted() []*unit { return ph.list }

// headToHead reports whether the mover u and the unit at its destination
// move into each other's province, neither by convoy.
func (ph *movementPhase) headToHead(u *unit) bool {
	d := ph.unitAt(u.to)
	return d != nil && d.act == moves && d.to == u.at && !u.byConvoy && !d.byConvoy
}

// movesInto lists the units moving into p.
func (ph *movementPhase) movesInto(p Province) []*unit {
	var out []*unit
	for _, u := range ph.sorted() {
		if u.act == moves && u.to == p {
			out = append(out, u)
		}
	}
	return out
}

// supportCount is the span of the number of supports given to the unit in
// p (to its move if it moves, to its hold otherwise), leaving out supports
// of power exclude.
func (ev *evaluator) supportCount(p Province, exclude Power) span {
	ph := ev.ph
	sup := ph.unitAt(p)
	n := span{}
	for _, s := range ph.sorted() {
		if s.act != supports || s.other != p || s.u.Power == exclude {
			continue
		}
		if s.forHold == (sup.act == moves) {
			continue // a support of what the unit does not do
		}
		switch ev.given(s.at) {
		case yes:
			n.lo++
			n.hi++
		case unknown:
			n.hi++
		}
	}
	return n
}

// moveStrength turns a number of supports of u's move into a strength.
func moveStrength(u *unit, n span) span {
	f := func(k int) int {
		switch u.border {
		case diplomacy.WeakBorder:
			return 1 + k + 1 // (1+k)/2
		case diplomacy.RiverBorder:
			return 2*k + 1 // k
		}
		return 2*(1+k) + 1 // 1+k
	}
	return span{f(n.lo), f(n.hi)}
}

// dislodged says whether the unit in p is dislodged: it does not move
// away, and some move into p succeeds.
func (ev *evaluator) dislodged(p Province) tri {
	u := ev.ph.unitAt(p)
	in := no
	for _, r := range ev.ph.movesInto(p) {
		in = in.or(ev.move(r.at))
	}
	if u.act == moves {
		return ev.move(p).not().and(in)
	}
	return in
}

// path says whether the move of u arrives: always over land; by convoy,
// when an unbroken chain of convoying fleets links its origin to its
// destination (1971: and no fleet of such a chain is dislodged).
func (ev *evaluator) path(u *unit) tri {
	if !u.byConvoy {
		return yes
	}
	if ev.ph.disrupted[u.at] {
		return no
	}
	ev.inPath = append(ev.inPath, u.at)
	defer func() { ev.inPath = ev.inPath[:len(ev.inPath)-1] }()
	ph := ev.ph
	fleets := map[Province]tri{} // convoying fleet -> dislodged
	for _, f := range ph.sorted() {
		if f.act == convoys && f.other == u.at && f.target == u.to {
			fleets[f.at] = ev.dislodged(f.at)
		}
	}
	if ph.ed == diplomacy.Edition1971 {
		route := ph.routeFleets(u, fleets)
		if len(route) == 0 {
			return no
		}
		broken := no
		for _, f := range route {
			broken = broken.or(fleets[f])
		}
		return broken.not()
	}
	linked := func(ok func(tri) bool) bool {
		return ph.b.seaChain(u.at, u.to, func(s Province) bool {
			d, convoying := fleets[s]
			return convoying && ok(d)
		})
	}
	switch {
	case linked(func(d tri) bool { return d == no }):
		return yes
	case !linked(func(d tri) bool { return d != yes }):
		return no
	}
	return unknown
}

// routeFleets lists the convoying fleets that lie on some chain of
// convoying fleets (a simple path of seas, each holding one) from the
// army's origin to its destination.
func (ph *movementPhase) routeFleets(u *unit, fleets map[Province]tri) []Province {
	b := ph.b
	on := map[Province]bool{}
	var chain []Province
	var walk func(s Province)
	walk = func(s Province) {
		chain = append(chain, s)
		if b.seaTouches(s, u.to) {
			for _, f := range chain {
				on[f] = true
			}
		}
		for _, n := range b.seasNextTo(s) {
			if _, ok := fleets[n]; ok && !containsProv(chain, n) {
				walk(n)
			}
		}
		chain = chain[:len(chain)-1]
	}
	for _, s := range b.seasNextTo(u.at) {
		if _, ok := fleets[s]; ok {
			walk(s)
		}
	}
	var out []Province
	for f := range on {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// attack is the strength of u's move against its destination.
func (ev *evaluator) attack(u *unit) span {
	ph := ev.ph
	p := ev.path(u)
	if p == no {
		return exact(0)
	}
	d := ph.unitAt(u.to)
	full := moveStrength(u, ev.supportCount(u.at, diplomacy.NoPower))
	var occupied span
	if u.rail || d != nil && d.u.Power == u.u.Power {
		occupied = exact(0) // no attack on one's own unit; a railroad move never attacks
	} else if d != nil {
		occupied = moveStrength(u, ev.supportCount(u.at, d.u.Power))
	}
	var s span
	switch {
	case d == nil:
		s = full
	case d.act == moves && !ph.headToHead(u):
		switch ev.move(d.at) {
		case yes:
			s = full
		case no:
			s = occupied
		default:
			s = union(full, occupied)
		}
	default:
		s = occupied
	}
	if p == unknown {
		s.lo = 0
	}
	return s
}

// hold is the strength with which province p is held.
func (ev *evaluator) hold(p Province) span {
	d := ev.ph.unitAt(p)
	switch {
	case d == nil:
		return exact(0)
	case d.act == moves:
		switch ev.move(p) {
		case yes:
			return exact(0)
		case no:
			return exact(3)
		}
		return span{0, 3}
	}
	n := ev.supportCount(p, diplomacy.NoPower)
	return span{2*n.lo + 3, 2*n.hi + 3}
}

// prevent is the strength with which u keeps others out of its destination.
func (ev *evaluator) prevent(u *unit) span {
	p := ev.path(u)
	if p == no {
		return exact(0)
	}
	s := moveStrength(u, ev.supportCount(u.at, diplomacy.NoPower))
	if p == unknown {
		s.lo = 0
	}
	if ev.ph.headToHead(u) {
		switch ev.move(u.to) { // it lost the head-to-head battle
		case yes:
			return exact(0)
		case unknown:
			s.lo = 0
		}
	}
	return s
}

// moveRule is the rule of a move: it succeeds when it arrives and its
// attack beats the defence (the unit there, or in a head-to-head battle the
// strength of that unit's move) and every other move into the province.
func (ev *evaluator) moveRule(u *unit) tri {
	ph := ev.ph
	path := ev.path(u)
	atk := ev.attack(u)
	var opp span
	if ph.headToHead(u) {
		opp = moveStrength(ph.unitAt(u.to), ev.supportCount(u.to, diplomacy.NoPower))
	} else {
		opp = ev.hold(u.to)
	}
	for _, r := range ph.movesInto(u.to) {
		if r != u {
			opp = maxSpan(opp, ev.prevent(r))
		}
	}
	switch {
	case path == no || atk.hi <= opp.lo:
		return no
	case path == yes && atk.lo > opp.hi:
		return yes
	}
	return unknown
}

// supportRule is the rule of a support: it is cut by a move into the
// supporter's province from anywhere but where the support goes, by a unit
// of another power (a convoyed army must arrive; a move across a river or
// along a railroad cuts nothing); and lost when the unit it supports
// against dislodges the supporter.
func (ev *evaluator) supportRule(s *unit) tri {
	ph := ev.ph
	cut := no
	for _, r := range ph.movesInto(s.at) {
		if r.at == s.target || r.u.Power == s.u.Power {
			continue
		}
		switch {
		case r.rail || r.border == diplomacy.RiverBorder:
			cut = cut.or(ev.move(r.at)) // only by dislodging
		case r.byConvoy:
			if !ph.paradoxRuleExempts(r, s) {
				cut = cut.or(ev.path(r))
			}
		default:
			cut = cut.or(yes)
		}
	}
	if t := ph.unitAt(s.target); t != nil && t.act == moves && t.to == s.at {
		cut = cut.or(ev.move(t.at))
	}
	return cut.not()
}

// paradoxRuleExempts applies the 1971 and 1982 rulebooks' paradox rules: a
// convoyed army r does not cut the support of s when
//   - 1971: s supports an attack on a fleet that convoys r;
//   - 1982: s supports an attack on, or the holding of, a province whose
//     fleet convoys an army into s's province.
func (ph *movementPhase) paradoxRuleExempts(r, s *unit) bool {
	t := ph.unitAt(s.target)
	if t == nil || t.act != convoys {
		return false
	}
	switch ph.ed {
	case diplomacy.Edition1971:
		return !s.forHold && t.other == r.at && t.target == r.to
	case diplomacy.Edition1982:
		return t.target == s.at
	}
	return false
}

// rule evaluates decision d.
func (ev *evaluator) rule(d decision) tri {
	u := ev.ph.unitAt(d.p)
	if d.support {
		return ev.supportRule(u)
	}
	return ev.moveRule(u)
}

// decisions lists every decision of the phase in a fixed order.
func (ph *movementPhase) decisions() []decision {
	var out []decision
	for _, u := range ph.sorted() {
		switch u.act {
		case moves:
			out = append(out, decision{false, u.at})
		case supports:
			out = append(out, decision{true, u.at})
		}
	}
	return out
}

func (ph *movementPhase) value(d decision) tri {
	if d.support {
		return ph.supportOK[d.p]
	}
	return ph.moveOK[d.p]
}

func (ph *movementPhase) set(d decision, t tri) {
	if d.support {
		ph.supportOK[d.p] = t
	} else {
		ph.moveOK[d.p] = t
	}
}

// maxCycle bounds the decisions of one cycle tried exhaustively.
const maxCycle = 22

// resolve settles every decision.
func (ph *movementPhase) resolve() {
	all := ph.decisions()
	for {
		ph.propagate(all)
		var open []decision
		for _, d := range all {
			if ph.value(d) == unknown {
				open = append(open, d)
			}
		}
		if len(open) == 0 {
			return
		}
		ph.settleCycle(open)
	}
}

// propagate settles what can be settled from what is known, until nothing
// changes.
func (ph *movementPhase) propagate(all []decision) {
	ev := &evaluator{ph: ph}
	for changed := true; changed; {
		changed = false
		for _, d := range all {
			if ph.value(d) != unknown {
				continue
			}
			if t := ev.rule(d); t != unknown {
				ph.set(d, t)
				changed = true
			}
		}
	}
}

// settleCycle settles one group of the open decisions that depend on each
// other and on no other open decision.
func (ph *movementPhase) settleCycle(open []decision) {
	deps := map[decision]map[decision]bool{}
	for _, d := range open {
		ev := &evaluator{ph: ph, reads: map[decision]bool{}}
		ev.rule(d)
		deps[d] = ev.reads
	}
	reach := func(from decision) map[decision]bool {
		seen := map[decision]bool{}
		stack := []decision{from}
		for len(stack) > 0 {
			d := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for e := range deps[d] {
				if !seen[e] {
					seen[e] = true
					stack = append(stack, e)
				}
			}
		}
		return seen
	}
	var group []decision
	for _, d := range open {
		rd := reach(d)
		if !rd[d] {
			continue // depends on a cycle but is not in one
		}
		var g []decision
		for _, e := range open {
			if e == d || rd[e] && reach(e)[d] {
				g = append(g, e)
			}
		}
		closed := true
		inG := map[decision]bool{}
		for _, e := range g {
			inG[e] = true
		}
		for _, e := range g {
			for r := range deps[e] {
				if !inG[r] {
					closed = false
				}
			}
		}
		if closed {
			group = g
			break
		}
	}
	if group == nil {
		panic("refadj: open decisions but no closed cycle among them")
	}
	if len(group) > maxCycle {
		panic(fmt.Sprintf("refadj: a cycle of %d decisions is too large to try exhaustively", len(group)))
	}
	// Try every assignment of the group.
	var solutions [][]tri
	try := make([]tri, len(group))
	for mask := 0; mask < 1<<len(group); mask++ {
		for i, d := range group {
			try[i] = triOf(mask&(1<<i) != 0)
			ph.set(d, try[i])
		}
		ev := &evaluator{ph: ph}
		consistent := true
		for i, d := range group {
			if ev.rule(d) != try[i] {
				consistent = false
				break
			}
		}
		if consistent {
			solutions = append(solutions, append([]tri(nil), try...))
		}
	}
	for _, d := range group {
		ph.set(d, unknown)
	}
	if len(solutions) == 1 {
		for i, d := range group {
			ph.set(d, solutions[0][i])
		}
		return
	}
	// No or several resolutions: a convoy paradox when a route depends on
	// the group (the Szykman rule), otherwise a circular movement.
	inG := map[decision]bool{}
	for _, d := range group {
		inG[d] = true
	}
	ev := &evaluator{ph: ph, pathReads: map[Province]map[decision]bool{}}
	for _, d := range group {
		ev.rule(d)
	}
	paradox := false
	for army, reads := range ev.pathReads {
		for d := range reads {
			if inG[d] {
				ph.disrupted[army] = true
				paradox = true
			}
		}
	}
	if paradox {
		return
	}
	for _, d := range group {
		if !d.support {
			ph.set(d, yes)
		}
	}
}
