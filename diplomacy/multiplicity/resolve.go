package multiplicity

import "concordat/diplomacy"

// Nodes of the guess-and-check algorithm: group g is node g (its move
// succeeds), convoy c is node len(groups)+c (its unit is not dislodged).

// resolve decides node n, guessing where decisions depend on each other in
// a cycle and settling cycles with two or no consistent answers by the
// backup rule, as the standard engine does (diplomacy/movement.go): a node
// whose evaluation read a guess is not resolved on it, and the node that
// settles a cycle (tries both guesses, applies the backup rule) is the one
// whose evaluation began first among the cycle's: every guess it read began
// at or after it (start order in seq, the lowest read in lowSeq). A node
// that read a guess begun before it keeps guessing and leaves the cycle to
// that one.
func (r *resolver) resolve(n int) bool {
	switch r.state[n] {
	case resolved:
		return r.res[n]
	case guessing:
		r.lowSeq = min(r.lowSeq, r.seq[n])
		r.addDep(n, 0)
		return r.res[n]
	}
	r.nextSeq++
	r.seq[n] = r.nextSeq
	outer := r.lowSeq
	r.lowSeq = r.seq[n]
	res := r.resolveGuessing(n, len(r.deps))
	r.lowSeq = min(r.lowSeq, outer)
	return res
}

// addDep adds n to the guesses r.deps[from:], unless it is there.
func (r *resolver) addDep(n, from int) {
	for _, q := range r.deps[from:] {
		if q == n {
			return
		}
	}
	r.deps = append(r.deps, n)
}

// resolveGuessing decides node n, not yet resolved, whose evaluation starts
// with deps at length old.
func (r *resolver) resolveGuessing(n, old int) bool {
	r.res[n], r.state[n] = false, guessing
	first := r.adjudicate(n)
	if len(r.deps) == old && r.lowSeq >= r.seq[n] {
		if r.state[n] != resolved {
			r.res[n], r.state[n] = first, resolved
		}
		return r.res[n]
	}
	if r.lowSeq < r.seq[n] {
		// Part of a cycle that a node further up opened: keep guessing.
		r.addDep(n, old)
		r.res[n] = first
		return first
	}
	for _, q := range r.deps[old:] {
		r.state[q] = unresolved
	}
	r.deps = r.deps[:old]
	r.res[n], r.state[n] = true, guessing
	second := r.adjudicate(n)
	if r.lowSeq < r.seq[n] { // the second guess read a guess further up
		r.addDep(n, old)
		r.res[n] = second
		return second
	}
	if first == second {
		for _, q := range r.deps[old:] {
			r.state[q] = unresolved
		}
		r.deps = r.deps[:old]
		r.res[n], r.state[n] = first, resolved
		return first
	}
	r.addDep(n, old)
	r.backupRule(old)
	return r.resolve(n)
}

// backupRule settles a cycle: a circular movement moves; a convoy paradox
// falls under the Szykman rule (the convoyed moves of the paradox fail and
// have no effect).
func (r *resolver) backupRule(old int) {
	cycle := r.deps[old:]
	ng := len(r.groups)
	paradox := false
	for _, q := range cycle {
		paradox = paradox || q >= ng
	}
	for _, q := range cycle {
		switch {
		case !paradox && q < ng:
			r.res[q], r.state[q] = true, resolved
		case paradox && q >= ng:
			if f := r.convoys[q-ng].force; f >= 0 {
				r.forces[f].noPath = true
			}
			r.state[q] = unresolved
		default:
			if r.state[q] != resolved {
				r.state[q] = unresolved
			}
		}
	}
	r.deps = r.deps[:old]
}

func (r *resolver) adjudicate(n int) bool {
	saved := r.cutStack
	r.cutStack = nil
	defer func() { r.cutStack = saved }()
	if n < len(r.groups) {
		return r.moveSucceeds(n)
	}
	return !r.dislodged(r.convoys[n-len(r.groups)].at)
}

// convoyFor reports whether convoy c carries force f.
func (r *resolver) convoyFor(c int, f int) bool { return r.convoys[c].force == f }

// path decides whether force f gets to its destination: always over land
// or along a coast; by convoy when a chain of convoying units links its
// origin and destination and (1971) none of the units convoying it on a
// route is dislodged.
func (r *resolver) path(f int) bool {
	fo := &r.forces[f]
	if !fo.via {
		return true
	}
	if fo.noPath {
		return false
	}
	m := r.m
	ng := len(r.groups)
	seen := map[diplomacy.Province]bool{}
	var queue []diplomacy.Province
	push := func(s diplomacy.Province) {
		if c := r.convoyOf[s]; c >= 0 && r.convoyFor(c, f) && !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for _, s := range r.seaNeighbours(fo.from) {
		push(s)
	}
	found := false
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		if !r.resolve(ng + r.convoyOf[s]) {
			if m.OnConvoyRoute(s, fo.from, fo.to) {
				return false // 1971: a convoy fails when any of its routes does
			}
			continue
		}
		if m.FleetReaches(diplomacy.Loc(s), fo.to) {
			found = true
		}
		for _, g := range r.seaNeighbours(s) {
			push(g)
		}
	}
	return found
}

// arrives reports whether force f moves.
func (r *resolver) arrives(f int) bool {
	fo := &r.forces[f]
	if fo.dead {
		return false
	}
	if fo.carried {
		return r.carriedArrives(f)
	}
	return r.path(f) && r.resolve(fo.group)
}

// carriedArrives decides a force that cannot hold its destination alone:
// it arrives when the merged unit there would be seaworthy.
func (r *resolver) carriedArrives(f int) bool {
	fo := &r.forces[f]
	d := fo.to
	var total Comp
	other := false
	if u := r.unit(d); !u.Empty() && u.Power == r.unit(fo.from).Power && !r.stay[d].Empty() && !r.dislodged(d) {
		total = r.stay[d]
		other = true
	}
	for k := range r.forces {
		g := &r.forces[k]
		if g.dead || g.to != d || g.family != fo.family || !g.merge {
			continue
		}
		if g.carried {
			total = total.Plus(g.comp)
		} else if r.path(k) && r.resolve(g.group) {
			total = total.Plus(g.comp)
			other = true
		}
	}
	return other && total.Seaworthy()
}

// remaining is what stays of the unit in p: the parts not ordered to move
// and the parts whose moves fail, except the moves in `failing`, which
// are counted as failing.
func (r *resolver) remaining(p diplomacy.Province, failing []int) Comp {
	c := r.stay[p]
	for _, k := range r.moves[p] {
		if r.forces[k].dead {
			continue
		}
		if containsInt(failing, k) || !r.arrives(k) {
			c = c.Plus(r.forces[k].comp)
		}
	}
	return c
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// friendly reports whether group g merges with its power's unit in its
// destination (it need not dislodge anyone there).
func (r *resolver) friendly(g int) bool { return r.groups[g].occupant }

// dislodged reports whether some attack on province p succeeds.
func (r *resolver) dislodged(p diplomacy.Province) bool {
	for _, g := range r.into[p] {
		if !r.friendly(g) && r.resolve(g) {
			return true
		}
	}
	return false
}

// supporterDislodged reports whether the unit giving support k is
// dislodged, which loses all its supports, unless the attack is a convoyed
// one the 1971 paradox rule keeps from cutting k (DATC 6.F.17).
func (r *resolver) supporterDislodged(k int) bool {
	s := &r.supports[k]
	for _, g := range r.into[s.at] {
		if r.friendly(g) {
			continue
		}
		exempt := true
		for _, f := range r.groups[g].members {
			exempt = exempt && r.forces[f].via && r.paradoxExempt(f, k)
		}
		if !exempt && r.resolve(g) {
			return true
		}
	}
	return false
}

// groupParts is the strength of the members of g that reach their
// destination; with the occupant's parts in a merge that supports itself.
func (r *resolver) groupParts(g int) int {
	n := 0
	for _, k := range r.groups[g].members {
		if r.path(k) {
			n += r.forces[k].comp.Strength()
		}
	}
	if n > 0 && r.groups[g].occupant && !r.groups[g].mixed {
		n += r.stay[r.groups[g].dest].Strength()
	}
	return n
}

// groupSupports adds up the supports given to the moves of group g and to
// its merge, leaving out those of power exclude.
func (r *resolver) groupSupports(g int, exclude diplomacy.Power) int {
	n := 0
	for _, k := range r.supportsOf(g) {
		if r.supports[k].power != exclude {
			n += r.supportStrength(k)
		}
	}
	return n
}

// supportsOf lists the supports given to group g.
func (r *resolver) supportsOf(g int) []int {
	gr := &r.groups[g]
	var out []int
	for k := range r.supports {
		s := &r.supports[k]
		if s.void {
			continue
		}
		switch s.kind {
		case supMove:
			if containsInt(gr.members, s.force) {
				out = append(out, k)
			}
		case supMerge:
			if gr.merge && s.dst == gr.dest {
				out = append(out, k)
			}
		}
	}
	return out
}

// headToHead lists the moves out of g's destination, over land, into the
// origin of a member of g that also moves over land.
func (r *resolver) headToHead(g int) []int {
	gr := &r.groups[g]
	var out []int
	for _, y := range r.moves[gr.dest] {
		fy := &r.forces[y]
		if fy.dead || fy.via || fy.carried {
			continue
		}
		for _, k := range gr.members {
			if !r.forces[k].via && r.forces[k].from == fy.to {
				out = append(out, y)
				break
			}
		}
	}
	return out
}

// vacated reports whether the unit in d leaves entirely (and not by a
// head-to-head battle with g).
func (r *resolver) vacated(d diplomacy.Province, g int) bool {
	if !r.stay[d].Empty() {
		return false
	}
	h2h := r.headToHead(g)
	for _, k := range r.moves[d] {
		if r.forces[k].dead {
			continue
		}
		if containsInt(h2h, k) || !r.arrives(k) {
			return false
		}
	}
	return true
}

func (r *resolver) attackStrength(g int) int {
	gr := &r.groups[g]
	parts := r.groupParts(g)
	if parts == 0 {
		return 0
	}
	d := gr.dest
	u := r.unit(d)
	if gr.occupant || u.Empty() || r.vacated(d, g) {
		return parts + r.groupSupports(g, diplomacy.NoPower)
	}
	if u.Power == gr.power {
		return 0
	}
	return parts + r.groupSupports(g, u.Power)
}

// defendStrength is the strength of the group of force y in a head-to-head
// battle.
func (r *resolver) defendStrength(y int) int {
	g := r.forces[y].group
	return r.groupParts(g) + r.groupSupports(g, diplomacy.NoPower)
}

func (r *resolver) preventStrength(g int) int {
	parts := r.groupParts(g)
	if parts == 0 {
		return 0
	}
	for _, y := range r.headToHead(g) {
		if r.arrives(y) {
			return 0
		}
	}
	return parts + r.groupSupports(g, diplomacy.NoPower)
}

// holdStrength is the strength with which province d is held against an
// attack, counting the moves in `failing` as failed.
func (r *resolver) holdStrength(d diplomacy.Province, failing []int) int {
	u := r.unit(d)
	if u.Empty() {
		return 0
	}
	rem := r.remaining(d, failing)
	if rem.Empty() {
		return 0
	}
	h := rem.Strength()
	if !r.stay[d].Empty() {
		for _, k := range r.holdSups[d] {
			if !r.supports[k].void {
				h += r.supportStrength(k)
			}
		}
		// The unit's merging partners support it (rule 3).
		for _, g := range r.into[d] {
			gr := &r.groups[g]
			if gr.occupant && !gr.mixed && gr.power == u.Power {
				for _, k := range gr.members {
					if r.path(k) {
						h += r.forces[k].comp.Strength()
					}
				}
			}
		}
	}
	return h
}

func (r *resolver) moveSucceeds(g int) bool {
	gr := &r.groups[g]
	atk := r.attackStrength(g)
	if atk == 0 {
		return false
	}
	d := gr.dest
	if !gr.occupant {
		if h2h := r.headToHead(g); len(h2h) > 0 {
			thr := r.holdStrength(d, h2h)
			for _, y := range h2h {
				thr = max(thr, r.defendStrength(y))
			}
			if atk <= thr {
				return false
			}
		} else if atk <= r.holdStrength(d, nil) {
			return false
		}
	}
	for _, g2 := range r.into[d] {
		if g2 != g && r.groups[g2].family != gr.family && atk <= r.preventStrength(g2) {
			return false
		}
	}
	return true
}

// supportStrength is how much of support k is given: nothing when void or
// when its unit is dislodged; otherwise its strength less what attacks on
// its unit cut.
func (r *resolver) supportStrength(k int) int {
	s := &r.supports[k]
	if s.void || r.supporterDislodged(k) {
		return 0
	}
	for _, c := range r.cutStack {
		if c == k {
			// A circle of supports cutting one another: while this support's
			// cut is being worked out, it adds nothing to the attacks.
			return 0
		}
	}
	r.cutStack = append(r.cutStack, k)
	cut := r.cut(k)
	r.cutStack = r.cutStack[:len(r.cutStack)-1]
	return s.strength - cut
}

// cut is how many parts of support k the attacks on its unit cut (rule 4):
// each attack cuts the unit's supports from the last written back, up to
// its strength; the strongest attack counts, not their total.
func (r *resolver) cut(k int) int {
	s := &r.supports[k]
	list := r.unitSups[s.at]
	idx := 0
	for i, x := range list {
		if x == k {
			idx = i
		}
	}
	best := 0
	for _, g := range r.into[s.at] {
		if r.groups[g].power == s.power || r.friendly(g) {
			continue
		}
		done := 0
		for i := len(list) - 1; i >= idx; i-- {
			x := min(max(r.cutStrength(g, list[i])-done, 0), r.supports[list[i]].strength)
			done += x
			if i == idx {
				best = max(best, x)
			}
		}
	}
	return best
}

// cutStrength is the strength of group g's attack for cutting support k:
// its members that arrive from a province other than the one the support
// goes into (and, by the 1971 rulebook, a convoyed army does not cut a
// support for an attack on a unit convoying it), plus its supports except
// those from the supporter's power and those from the province the support
// goes into (rule 4).
func (r *resolver) cutStrength(g, k int) int {
	s := &r.supports[k]
	parts := 0
	for _, f := range r.groups[g].members {
		fo := &r.forces[f]
		if fo.from == s.dst {
			continue
		}
		if fo.via && (r.paradoxExempt(f, k) || !r.path(f)) {
			continue
		}
		parts += fo.comp.Strength()
	}
	if parts == 0 {
		return 0
	}
	for _, x := range r.supportsOf(g) {
		if r.supports[x].power != s.power && r.supports[x].at != s.dst {
			parts += r.supportStrength(x)
		}
	}
	return parts
}

// paradoxExempt is the 1971 rulebook's convoy rule: a convoyed army does
// not cut the support of an attack on a unit convoying it.
func (r *resolver) paradoxExempt(f, k int) bool {
	s := &r.supports[k]
	if s.kind != supMove {
		return false
	}
	c := r.convoyOf[s.dst]
	return c >= 0 && r.convoys[c].force == f
}
