package his

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"concordat/game"
)

// Land movement (§13): the Move action (1 CP, 2 across a pass) and the
// procedure that follows it, kept in State.Move: interceptions by enemy
// stacks adjacent to the destination (§13.2), avoid battle (§13.3),
// withdrawal into fortifications (§13.4), then a field battle (§14,
// battle.go), a siege begun (§15), a relief battle (§15.2) or a lone leader
// captured. Once paid for, a Move waits in a response window (Foul Weather,
// Gout; cards.go) before its interceptions.
//
// A formation is written "r:m:c" (the active power's regulars, mercenaries
// and cavalry), followed by ",<minor>=<n>" for each minor power actively
// allied to it whose regulars go along, e.g. "2:1:0,hungary=2".

// moveStep is where a Move procedure stands.
type moveStep uint8

// The steps of a Move after it was paid for.
const (
	mvIntercept moveStep = iota // offer the interceptions still to try
	mvAvoid                     // place the formation, then ask who avoids battle
	mvWithdraw                  // withdrawal into fortifications
	mvFight                     // field battle, relief battle, siege or capture
	mvAfter                     // the battle is over: the Move ends
)

// Intercept is an interception still to offer: a major power's stack in a
// space adjacent to the destination.
type Intercept struct {
	Space SpaceID `json:"space"`
	Power Power   `json:"power"`
}

// LandMove is a Move action in progress (§13.1.1), from its payment to the
// end of the battle or siege it leads to.
type LandMove struct {
	Power Power   `json:"power"` // the active (moving) major power
	From  SpaceID `json:"from"`
	To    SpaceID `json:"to"`
	// Units and Leaders are the moving formation (per power: the active
	// power and its active minor allies).
	Units   [NumPowers]Units `json:"units"`
	Leaders []int            `json:"leaders,omitempty"`
	Step    moveStep         `json:"step"`
	// Foes has bit q when q's units in the destination count as enemies for
	// this move beyond those at war with the mover (§13.1 case 3).
	Foes uint16 `json:"foes,omitempty"`
	// Cands are the interception attempts still to offer, in order.
	Cands []Intercept `json:"cands,omitempty"`
	// Interceptor is the power whose interception succeeded, or NoPower.
	Interceptor Power `json:"interceptor"`
	// Next is the next major power asked about avoiding battle; Asking is
	// the one asked now.
	Next   Power `json:"next"`
	Asking Power `json:"asking"`
	// Relief: the destination is besieged by the mover's enemies and the
	// move relieves it (§15.2).
	Relief bool `json:"relief,omitempty"`
	// BySea: the formation lands from a naval transport (§16.3,
	// naval_transport.go); From is its port of embarkation. It came from a
	// sea zone, so defenders may avoid battle into From, and it has no space
	// to fall back or retreat to: beaten or blocked, it is eliminated.
	BySea bool `json:"by_sea,omitempty"`
}

func (m *LandMove) clone() *LandMove {
	c := *m
	c.Leaders = append([]int(nil), m.Leaders...)
	c.Cands = append([]Intercept(nil), m.Cands...)
	return &c
}

// Decision kinds of land movement.
const (
	kIntercept = "move.intercept" // an enemy stack may intercept
	kAvoid     = "move.avoid"     // a defender may try to avoid battle
	kWithdraw  = "move.withdraw"  // the defender may withdraw into the fortifications
	kBlocked   = "move.blocked"   // the mover cannot besiege: retreat or continue
	kSortie    = "move.sortie"    // a relief force's units inside may join the battle
)

// opposes reports whether q's land units oppose p's: q is at war with p, or
// q is independent (independent keys may be entered and besieged without a
// declaration of war, §22.6).
func (s *State) opposes(p, q Power) bool { return q == Independent || s.AtWar(p, q) }

// outsideWalls reports whether q's units and leaders in sp are outside the
// fortification (the space is not besieged, or q besieges it).
func (s *State) outsideWalls(sp SpaceID, q Power) bool {
	b := s.Spaces[sp].Besiegers
	return b == 0 || b&bit(q) != 0
}

// sideUnits is the land units in sp of p and of the minors actively allied
// to it that are outside the fortification (or inside, when inside is set).
func (s *State) sideUnits(sp SpaceID, p Power, inside bool) (u [NumPowers]Units) {
	for q := Power(0); q < NumPowers; q++ {
		if (q == p || s.MinorAllyOf(q) == p) && s.outsideWalls(sp, q) != inside {
			x := s.Spaces[sp].Units[q]
			u[q] = Units{Reg: x.Reg, Merc: x.Merc, Cav: x.Cav}
		}
	}
	return
}

// landOf counts the land units of a per-power count.
func landOf(u *[NumPowers]Units) int {
	n := 0
	for q := range u {
		n += u[q].Land()
	}
	return n
}

// leadersOutside lists p's army leaders in sp outside the fortification.
func (s *State) leadersOutside(sp SpaceID, p Power) []int {
	if !s.outsideWalls(sp, p) {
		return nil
	}
	return s.armyLeadersAt(sp, p)
}

// compStrings holds the "r:m:c" values (and their labels) of small
// compositions, built once: option trees are built often.
var compStrings = func() (t [compMax][compMax][compMax][2]string) {
	for r := range t {
		for m := range t[r] {
			for c := range t[r][m] {
				v := strconv.Itoa(r) + ":" + strconv.Itoa(m) + ":" + strconv.Itoa(c)
				t[r][m][c] = [2]string{v, v + " (regulars:mercenaries:cavalry)"}
			}
		}
	}
	return
}()

const compMax = 16

// compValue is the "r:m:c" value of a composition.
func compValue(a Units) string {
	if a.Reg < compMax && a.Merc < compMax && a.Cav < compMax {
		return compStrings[a.Reg][a.Merc][a.Cav][0]
	}
	return strconv.Itoa(int(a.Reg)) + ":" + strconv.Itoa(int(a.Merc)) + ":" + strconv.Itoa(int(a.Cav))
}

// formValue writes a formation's value ("r:m:c" and ",minor=n" parts).
func formValue(u *[NumPowers]Units, p Power) string {
	v := compValue(u[p])
	for q := Genoa; q <= Venice; q++ {
		if q != p && u[q].Land() > 0 {
			v += "," + q.String() + "=" + strconv.Itoa(u[q].Land())
		}
	}
	return v
}

// parseForm reads a formation value written by formValue for p.
func parseForm(v string, p Power) (u [NumPowers]Units) {
	parts := strings.Split(v, ",")
	u[p] = parseComp(parts[0])
	for _, x := range parts[1:] {
		k, n, _ := strings.Cut(x, "=")
		q, _ := ParsePower(k)
		u[q].Reg = uint8(atoi(n))
	}
	return
}

// formOpt is one formation a stack can field, with its size.
type formOpt struct {
	ch game.Choice
	n  int
}

// stackForms lists every non-empty formation of p's stack (p's units and
// its minors' regulars), smaller counts of each kind first.
func stackForms(stack *[NumPowers]Units, p Power) []formOpt {
	a := stack[p]
	out := make([]formOpt, 0, (int(a.Reg)+1)*(int(a.Merc)+1)*(int(a.Cav)+1))
	var minors []Power
	for q := Genoa; q <= Venice; q++ {
		if q != p && stack[q].Reg > 0 {
			minors = append(minors, q)
		}
	}
	var u [NumPowers]Units
	var rec func(i int)
	rec = func(i int) {
		if i < len(minors) {
			for k := 0; k <= int(stack[minors[i]].Reg); k++ {
				u[minors[i]].Reg = uint8(k)
				rec(i + 1)
			}
			return
		}
		if n := landOf(&u); n > 0 {
			if len(minors) == 0 && u[p].Reg < compMax && u[p].Merc < compMax && u[p].Cav < compMax {
				st := &compStrings[u[p].Reg][u[p].Merc][u[p].Cav]
				out = append(out, formOpt{game.Choice{Label: st[1], Value: st[0]}, n})
				return
			}
			v := formValue(&u, p)
			out = append(out, formOpt{game.Choice{Label: v + " (regulars:mercenaries:cavalry)", Value: v}, n})
		}
	}
	for r := 0; r <= int(a.Reg); r++ {
		for m := 0; m <= int(a.Merc); m++ {
			for c := 0; c <= int(a.Cav); c++ {
				u[p] = Units{Reg: uint8(r), Merc: uint8(m), Cav: uint8(c)}
				rec(0)
			}
		}
	}
	return out
}

// formCache memoizes the formation lists of a plain stack (one power's
// units, no minor's): they depend on its counts, the size limit and
// whether leaders may go alone, and option trees are read-only, so every
// game shares them.
var formCache sync.Map // plainFormKey → []game.Choice

func plainFormKey(a Units, max int, alone bool) uint32 {
	k := uint32(a.Reg)<<24 | uint32(a.Merc)<<16 | uint32(a.Cav)<<8 | uint32(max)<<1
	if alone {
		k |= 1
	}
	return k
}

// plainForms is formsUpTo(stackForms(…)) for a plain stack a, memoized.
func plainForms(a Units, max int, alone bool) []game.Choice {
	key := plainFormKey(a, max, alone)
	if v, ok := formCache.Load(key); ok {
		return v.([]game.Choice)
	}
	var u [NumPowers]Units
	u[0] = Units{Reg: a.Reg, Merc: a.Merc, Cav: a.Cav}
	f := formsUpTo(stackForms(&u, 0), max, alone)
	formCache.Store(key, f)
	return f
}

// leadersOnly is the formation of leaders moving without units.
var leadersOnly = game.Choice{Label: "leaders only", Value: "0:0:0"}

// formsUpTo keeps the formations of at most max units, after "leaders
// only" when alone is set.
func formsUpTo(all []formOpt, max int, alone bool) []game.Choice {
	var out []game.Choice
	if alone {
		out = append(out, leadersOnly)
	}
	for _, f := range all {
		if f.n <= max {
			out = append(out, f.ch)
		}
	}
	return out
}

// canEnter reports whether p's formation may move into sp (§13.1): the
// destination's control and occupancy allow it; withUnits is false for
// army leaders moving alone.
func (s *State) canEnter(p Power, sp SpaceID, withUnits bool) bool {
	ss := &s.Spaces[sp]
	c := ss.Ctl
	if c == NoPower || s.noElectorate(sp, p) || s.twoBarred(p, sp) {
		return false // Algiers before Barbary Pirates; electorates before the League; the 2-player map
	}
	if !(s.ControlledBy(sp, p) || c == Independent || s.AtWar(p, c) || s.Allied(p, c)) {
		return false
	}
	if !withUnits {
		if s.AtWar(p, c) || s.hasEnemyUnits(int(sp), p) || ss.Units[Independent].Land() > 0 {
			return false
		}
	}
	if ss.Besiegers != 0 {
		// §13.1 case 4: relieve friends besieged by enemies, or join
		// friends besieging enemies.
		insideFriend, insideFoe, besFriend, besFoe := true, true, true, true
		inside := false
		for q := Power(0); q < NumPowers; q++ {
			if ss.Units[q].Land() == 0 {
				continue
			}
			friend, foe := s.Friendly(p, q), s.opposes(p, q)
			if ss.Besiegers&bit(q) != 0 {
				besFriend, besFoe = besFriend && friend, besFoe && foe
			} else {
				inside = true
				insideFriend, insideFoe = insideFriend && friend, insideFoe && foe
			}
		}
		if !inside {
			// an empty fortress under siege: its controller is the besieged
			insideFriend, insideFoe = s.Friendly(p, c), s.opposes(p, c)
		}
		if s.onlyIndependentsInside(sp) && besFoe {
			return true // independents never block entry: fight the besiegers
		}
		return insideFriend && besFoe || insideFoe && besFriend
	}
	friends, foes, any := true, true, false
	rule3 := s.AtWar(p, c)
	for q := Power(0); q < NumPowers; q++ {
		if q == p || ss.Units[q].Land() == 0 {
			continue
		}
		any = true
		friends = friends && s.Allied(p, q)
		foes = foes && s.opposes(p, q)
		rule3 = rule3 && (q == c || s.Allied(c, q))
	}
	return !any || friends || foes || rule3
}

// onlyIndependentsInside reports whether the land units inside the
// besieged space sp are all independents (an independent key, §22.6).
func (s *State) onlyIndependentsInside(sp SpaceID) bool {
	ss := &s.Spaces[sp]
	if ss.Besiegers == 0 || ss.Besiegers&bit(Independent) != 0 || ss.Units[Independent].Land() == 0 {
		return false
	}
	for q := Power(0); q < Independent; q++ {
		if ss.Besiegers&bit(q) == 0 && ss.Units[q].Land() > 0 {
			return false
		}
	}
	return true
}

// foesAt is the powers whose units in sp count as enemies of p for a move
// into it beyond those at war with p: when sp is enemy-controlled and holds
// only units of its controller and the controller's allies (§13.1 case 3).
func (s *State) foesAt(sp SpaceID, p Power) uint16 {
	c := s.Spaces[sp].Ctl
	if c == NoPower || !s.AtWar(p, c) {
		return 0
	}
	var m uint16
	for q := Power(0); q < NumPowers; q++ {
		if q != p && s.Spaces[sp].Units[q].Land() > 0 {
			if q != c && !s.Allied(c, q) {
				return 0
			}
			m |= bit(q)
		}
	}
	return m
}

// isFoe: q's units oppose the moving power in this move.
func (s *State) isFoe(m *LandMove, q Power) bool {
	return m.Foes&bit(q) != 0 || m.Foes&bit(s.side(q)) != 0 || s.opposes(m.Power, q)
}

// foesOutside counts the land units in the destination opposing the mover
// outside the fortification.
func (s *State) foesOutside(m *LandMove) int {
	n := 0
	for q := Power(0); q < NumPowers; q++ {
		if s.isFoe(m, q) && s.outsideWalls(m.To, q) {
			n += s.Spaces[m.To].Units[q].Land()
		}
	}
	return n
}

// movableFrom is p's formation material in sp: the land units of p and its
// active minors and p's army leaders, none of them besieged inside (§15).
func (s *State) movableFrom(sp SpaceID, p Power) (u [NumPowers]Units, leaders []int) {
	return s.sideUnits(sp, p, false), s.leadersOutside(sp, p)
}

// moveChoices is the Move action's tree: from space, leaders, destination,
// formation. The formation lists are built once per space and size limit
// and shared between branches (the tree is read-only).
func (s *State) moveChoices(p Power, cp int) []game.Choice { return s.moveChoicesFrom(p, cp, -1) }

// moveChoicesFrom is moveChoices for the moves from one space (only ≥ 0)
// or from every space (only < 0).
func (s *State) moveChoicesFrom(p Power, cp int, only int) []game.Choice {
	if p == Protestant && !s.League {
		return nil // §21.6
	}
	var out []game.Choice
	type cached struct {
		max   int
		alone bool
		forms []game.Choice
	}
	var cache []cached
	// p's army leaders free on the map, by space
	var leaderAt [NumSpaces]uint8
	for i, l := range s.Leaders {
		if !Leaders[i].Naval && s.lpower(i) == p && l.Captor == NoPower && l.Loc >= 0 && l.Loc < NumSpaces {
			leaderAt[l.Loc]++
		}
	}
	var minors []Power // p's active minor allies
	for q := Genoa; q <= Venice; q++ {
		if s.MinorAllyOf(q) == p {
			minors = append(minors, q)
		}
	}
	for i := range s.Spaces {
		from := SpaceID(i)
		if s.Act.NoMove[i] || only >= 0 && i != only || s.viennaBarred(p, from) {
			continue
		}
		if leaderAt[i] == 0 {
			u := &s.Spaces[i].Units
			any := u[p].Reg|u[p].Merc|u[p].Cav != 0
			for _, q := range minors {
				any = any || u[q].Reg|u[q].Merc|u[q].Cav != 0
			}
			if !any {
				continue
			}
		}
		stack := s.sideUnits(from, p, false)
		if landOf(&stack) == 0 && (leaderAt[i] == 0 || !s.outsideWalls(from, p)) {
			continue
		}
		var leaders []int
		if leaderAt[i] > 0 {
			leaders = s.withoutGout(s.leadersOutside(from, p)) // #32: no move under Gout
		}
		if len(s.Act.Defeated) > 0 {
			leaders = s.undefeated(from, &stack, leaders)
			if landOf(&stack) == 0 && len(leaders) == 0 {
				continue
			}
		}
		type dest struct {
			to           SpaceID
			units, alone bool
		}
		var dests []dest
		for _, e := range Spaces[from].Edges {
			if cost, _ := MoveCost(from, e.To); cost > cp || !s.raidAllows(e.To) {
				continue
			}
			d := dest{e.To, s.canEnter(p, e.To, true), len(leaders) > 0 && s.canEnter(p, e.To, false)}
			if d.units || d.alone {
				dests = append(dests, d)
			}
		}
		if len(dests) == 0 {
			continue
		}
		plain := landOf(&stack) == stack[p].Land() && stack[p].Reg < compMax && stack[p].Merc < compMax && stack[p].Cav < compMax
		var all []formOpt
		if !plain {
			all = stackForms(&stack, p)
		}
		cache = cache[:0]
		forms := func(max int, alone bool) []game.Choice {
			if n := landOf(&stack); max > n {
				max = n // every limit above the stack's size gives the same list
			}
			if plain {
				return plainForms(stack[p], max, alone)
			}
			for _, c := range cache {
				if c.max == max && c.alone == alone {
					return c.forms
				}
			}
			f := formsUpTo(all, max, alone)
			cache = append(cache, cached{max, alone, f})
			return f
		}
		type destList struct {
			max     int
			leaders bool
			dch     []game.Choice
		}
		var dcache []destList
		sets := leaderSets(leaders)
		byLeaders := make([]game.Choice, 0, len(sets))
		for _, set := range sets {
			lim := min(CommandLimit(set), landOf(&stack))
			var dch []game.Choice
			found := false
			for _, c := range dcache {
				if c.max == lim && c.leaders == (len(set) > 0) {
					dch, found = c.dch, true
				}
			}
			if !found {
				dch = make([]game.Choice, 0, len(dests))
			}
			for _, d := range dests {
				if found {
					break
				}
				var f []game.Choice
				switch {
				case d.units:
					f = forms(lim, d.alone && len(set) > 0)
				case len(set) > 0:
					f = forms(0, true)
				}
				if len(f) > 0 {
					dch = append(dch, game.Choice{Label: Spaces[d.to].Name, Value: Spaces[d.to].ID, Next: f})
				}
			}
			if !found {
				dcache = append(dcache, destList{lim, len(set) > 0, dch})
			}
			if len(dch) > 0 {
				lv := leaderValue(set)
				byLeaders = append(byLeaders, game.Choice{Label: "leaders: " + lv, Value: lv, Next: dch})
			}
		}
		if len(byLeaders) > 0 {
			out = append(out, game.Choice{Label: fromLabel(from), Value: Spaces[from].ID, Next: byLeaders})
		}
	}
	return out
}

// fromLabels are the labels "from <space>", built once.
var fromLabels [NumSpaces]string

func fromLabel(sp SpaceID) string {
	if fromLabels[sp] == "" {
		return "from " + Spaces[sp].Name
	}
	return fromLabels[sp]
}

// parseLeaders reads a leaders value ("none" or "id+id").
func parseLeaders(v string) []int {
	if v == "none" {
		return nil
	}
	var out []int
	for _, id := range strings.Split(v, "+") {
		l, _ := LeaderByID(id)
		out = append(out, l)
	}
	return out
}

// leaderNames lists leaders' names for the log.
func leaderNames(ls []int) string {
	if len(ls) == 0 {
		return ""
	}
	var names []string
	for _, l := range ls {
		names = append(names, Leaders[l].Name)
	}
	return " with " + strings.Join(names, ", ")
}

// startMove begins p's Move of a formation from one space to an adjacent one
// (paid already): the interceptions are offered first.
func (s *State) startMove(p Power, from, to SpaceID, units [NumPowers]Units, leaders []int) {
	s.startMoveBy(p, from, to, units, leaders, false)
}

// startMoveBy is startMove; bySea marks a landing from a naval transport
// (§16.3 step 3: treated as a move into the port).
func (s *State) startMoveBy(p Power, from, to SpaceID, units [NumPowers]Units, leaders []int, bySea bool) {
	m := &LandMove{Power: p, From: from, To: to, Units: units, Leaders: leaders, Interceptor: NoPower, Asking: NoPower, BySea: bySea}
	m.Foes = s.foesAt(to, p)
	if b := s.Spaces[to].Besiegers; b != 0 && !s.onlyIndependentsInside(to) {
		m.Relief = true
		for q := Power(0); q < NumPowers; q++ {
			if b&bit(q) != 0 && !s.isFoe(m, q) {
				m.Relief = false
			}
		}
	}
	m.Cands = s.interceptCands(m)
	s.Move = m
	how := "moves"
	if bySea {
		how = "lands by sea"
	}
	s.emit("move", fmt.Sprintf("%s %s %d unit(s)%s from %s to %s", p, how, landOf(&units), leaderNames(leaders), Spaces[from].Name, Spaces[to].Name))
}

// interceptCands lists the stacks that may try to intercept the move
// (§13.2), majors in Impulse Order, then spaces in map order.
func (s *State) interceptCands(m *LandMove) []Intercept {
	to := m.To
	if s.fortified(to) && s.FriendlySpace(to, m.Power) && !s.UnderSiege(to) {
		return nil // no interception into the mover's friendly fortified space
	}
	var present []Power // powers with land units in the destination
	for q := Power(0); q < NumPowers; q++ {
		if s.Spaces[to].Units[q].Land() > 0 {
			present = append(present, q)
		}
	}
	if len(present) > 0 && s.UnderSiege(to) {
		return nil
	}
	var out []Intercept
	for q := Power(0); q < NumMajors; q++ {
		if q == m.Power || !(s.AtWar(m.Power, q) || m.Foes&bit(q) != 0) {
			continue
		}
		ok := true
		for _, o := range present {
			ok = ok && s.Friendly(q, o)
		}
		c := s.Spaces[to].Ctl
		if !ok || s.noElectorate(to, q) || !(s.ControlledBy(to, q) || c == Independent || s.AtWar(q, c) || s.Allied(q, c)) {
			continue
		}
		for _, e := range Spaces[to].Edges {
			a := e.To
			if e.Pass || a == m.From || s.Act.Intercepted[a]&bit(q) != 0 {
				continue
			}
			u, ls := s.movableFrom(a, q)
			if landOf(&u) > 0 || len(ls) > 0 && s.friendsIn(to, q) {
				out = append(out, Intercept{a, q})
			}
		}
	}
	return out
}

// friendsIn reports whether sp holds land units of q or of q's allies.
func (s *State) friendsIn(sp SpaceID, q Power) bool {
	for o := Power(0); o < NumPowers; o++ {
		if s.Spaces[sp].Units[o].Land() > 0 && s.Friendly(q, o) {
			return true
		}
	}
	return false
}

// hasOttomanCav reports whether a formation holds Ottoman cavalry.
func hasOttomanCav(u *[NumPowers]Units) bool { return u[Ottoman].Cav > 0 }

// bestBattle is the highest battle rating among the leaders (0 if none).
func bestBattle(ls []int) int {
	b := 0
	for _, l := range ls {
		if Leaders[l].Battle > b {
			b = Leaders[l].Battle
		}
	}
	return b
}

// escapeRoll rolls an interception or avoid-battle attempt (§13.2, §13.3):
// 2d6 + the best leader's battle rating, +1 for the Ottoman with cavalry,
// -1 for another power facing Ottoman cavalry; 9 or more succeeds.
func (s *State) escapeRoll(q Power, own, other *[NumPowers]Units, leaders []int) (int, bool) {
	a, b := s.Die(), s.Die()
	mod := bestBattle(leaders)
	if q == Ottoman && own[Ottoman].Cav > 0 {
		mod++
	}
	if q != Ottoman && hasOttomanCav(other) {
		mod--
	}
	return a + b + mod, a+b+mod >= 9
}

// shiftForce moves units and leaders between spaces.
func (s *State) shiftForce(from, to SpaceID, u *[NumPowers]Units, leaders []int) {
	for q := range u {
		a, b := &s.Spaces[from].Units[q], &s.Spaces[to].Units[q]
		a.Reg -= u[q].Reg
		a.Merc -= u[q].Merc
		a.Cav -= u[q].Cav
		b.Reg += u[q].Reg
		b.Merc += u[q].Merc
		b.Cav += u[q].Cav
	}
	for _, l := range leaders {
		s.Leaders[l].Loc = int(to)
	}
}

// stepMove advances the Move in progress; false when none runs.
func (s *State) stepMove() bool {
	m := s.Move
	if m == nil {
		return false
	}
	for {
		switch m.Step {
		case mvIntercept:
			for len(m.Cands) > 0 {
				c := m.Cands[0]
				u, ls := s.movableFrom(c.Space, c.Power)
				if m.Interceptor != NoPower && m.Interceptor != c.Power || landOf(&u) == 0 && (len(ls) == 0 || !s.friendsIn(m.To, c.Power)) {
					m.Cands = m.Cands[1:]
					continue
				}
				s.push(kIntercept, c.Power)
				return true
			}
			s.arrive(m)
			if m.Interceptor != NoPower {
				m.Step = mvFight
			} else {
				m.Step = mvAvoid
			}
		case mvAvoid:
			for ; m.Next < NumMajors; m.Next++ {
				q := m.Next
				if q == m.Power || !s.isFoe(m, q) || !s.outsideWalls(m.To, q) {
					continue
				}
				u := s.sideUnits(m.To, q, false)
				if landOf(&u) == 0 || len(s.avoidDests(m, q)) == 0 {
					continue
				}
				m.Asking = q
				m.Next++
				s.push(kAvoid, q)
				return true
			}
			if m.Relief && s.UnderSiege(m.To) && s.foesOutside(m) == 0 {
				// the besiegers all avoided the relief force: the siege is lifted
				s.liftSiege(m.To)
				s.emit("siege", fmt.Sprintf("the siege of %s is lifted", Spaces[m.To].Name))
			}
			m.Step = mvWithdraw
		case mvWithdraw:
			m.Step = mvFight
			if ctl, ok := s.mayWithdraw(m); ok {
				if s.onlyPassiveFoes(m) {
					s.emit("move", "the defenders of "+Spaces[m.To].Name+" withdraw into the fortifications")
					s.afterWithdrawal(m)
					break
				}
				s.push(kWithdraw, ctl)
				return true
			}
		case mvFight:
			m.Step = mvAfter
			if s.foesOutside(m) > 0 && landOf(&m.Units) == 0 {
				// leaders moving alone, intercepted: captured
				s.captureLeadersBy(m.Leaders, m.Interceptor)
				break
			}
			if s.foesOutside(m) > 0 {
				if in := s.insideJoiners(m); m.Relief && landOf(&in) > 0 {
					s.push(kSortie, m.Power)
					return true
				}
				s.moveBattle(m, [NumPowers]Units{})
				return true // the battle runs as its own procedure
			}
			s.captureLoneLeaders(m)
			s.enterFortified(m) // may ask the mover to fall back or go on
		case mvAfter:
			s.Move = nil
			return true // progress: the other procedures (a broken siege) go on
		}
		if len(s.Stack) > 0 {
			return true
		}
	}
}

// arrive places the moving formation in the destination; leaving breaks a
// siege the mover no longer holds (§15.3).
func (s *State) arrive(m *LandMove) {
	s.shiftForce(m.From, m.To, &m.Units, m.Leaders)
	s.noteMoved(m.To, &m.Units)
	for q := range m.Units {
		if m.Units[q].Land() > 0 {
			s.Act.Beaten[m.To] &^= bit(Power(q))
		}
	}
	s.checkSiege(m.From)
}

// avoidDests lists where q's units in the destination may avoid battle to
// (§13.3).
func (s *State) avoidDests(m *LandMove, q Power) []SpaceID {
	var out []SpaceID
	for _, e := range Spaces[m.To].Edges {
		d := e.To
		c := s.Spaces[d].Ctl
		if d == m.From && !m.BySea || c == Independent || c == NoPower || s.Spaces[d].Unrest || s.hasEnemyUnits(int(d), q) || s.noElectorate(d, q) {
			continue
		}
		if s.ControlledBy(d, q) || s.Allied(q, c) {
			out = append(out, d)
		}
	}
	return out
}

// mayWithdraw reports whether the defenders of the destination may
// withdraw into its fortifications (§13.4), and who decides: the
// controller if it defends there, else the first defending major.
func (s *State) mayWithdraw(m *LandMove) (Power, bool) {
	to := m.To
	c := s.Spaces[to].Ctl
	if !s.fortified(to) || s.UnderSiege(to) || c == NoPower || !s.isFoe(m, c) && !(c.Minor() && s.isFoe(m, s.side(c))) {
		return NoPower, false
	}
	n := s.foesOutside(m)
	if n == 0 || n > 4 {
		return NoPower, false
	}
	ctl := s.side(c)
	if ctl.Major() {
		u := s.sideUnits(to, ctl, false)
		if landOf(&u) > 0 {
			return ctl, true
		}
	}
	for q := Power(0); q < NumPowers; q++ {
		if s.Spaces[to].Units[q].Land() > 0 && s.isFoe(m, q) {
			return s.side(q), true
		}
	}
	return NoPower, false
}

// onlyPassiveFoes: every opposing unit in the destination belongs to an
// inactive minor or an independent, who always withdraw with 4 or fewer
// units (§22.1, §22.6).
func (s *State) onlyPassiveFoes(m *LandMove) bool {
	for q := Power(0); q < NumPowers; q++ {
		if s.Spaces[m.To].Units[q].Land() > 0 && s.isFoe(m, q) && s.side(q).Major() {
			return false
		}
	}
	return true
}

// afterWithdrawal: the defenders are inside; the mover besieges them if it
// outnumbers them, else it must retreat or go on (§13.4).
func (s *State) afterWithdrawal(m *LandMove) {
	m.Step = mvAfter
	s.enterFortified(m)
}

// insideJoiners is the mover's side's units inside a besieged destination
// it relieves (those that were there before the relief force came).
func (s *State) insideJoiners(m *LandMove) [NumPowers]Units {
	u := s.sideUnits(m.To, m.Power, true)
	for q := range u {
		u[q].Reg -= m.Units[q].Reg
		u[q].Merc -= m.Units[q].Merc
		u[q].Cav -= m.Units[q].Cav
	}
	return u
}

// enterFortified starts or joins a siege when the mover is in an enemy (or
// independent) fortified space, or in a fortified space its allies
// besiege. It returns true when the mover cannot besiege (the defenders
// inside are as many or more) and a move.blocked decision was pushed.
func (s *State) enterFortified(m *LandMove) bool {
	to, p := m.To, m.Power
	ss := &s.Spaces[to]
	if !s.fortified(to) {
		return false
	}
	if ss.Besiegers != 0 {
		// joining its own siege, or allies who besiege the space (§13.1
		// case 4b): the mover's minor allies that came along besiege too
		allied := true
		for q := Power(0); q < NumPowers; q++ {
			if ss.Besiegers&bit(q) != 0 && ss.Units[q].Land() > 0 && !s.Friendly(p, q) {
				allied = false
			}
		}
		if allied && !s.outsideWalls(to, p) {
			// §15: an ally joins the siege only if it alone outnumbers
			// the defenders (the mover's side is counted inside until then)
			var mine int
			for q := Power(0); q < NumPowers; q++ {
				if s.actsFor(q, p) {
					mine += ss.Units[q].Land()
				}
			}
			if _, d := s.siegeCounts(to); mine <= d-mine {
				s.push(kBlocked, p)
				return true
			}
		}
		if allied || s.outsideWalls(to, p) {
			ss.Besiegers |= bit(p)
			for q := Genoa; q <= Venice; q++ {
				if ss.Units[q].Land() > 0 && s.MinorAllyOf(q) == p {
					ss.Besiegers |= bit(q)
				}
			}
		}
		return false
	}
	c := ss.Ctl
	mine := s.sideUnits(to, p, false)
	if !(c == Independent || s.AtWar(p, c)) || landOf(&mine) == 0 {
		return false
	}
	inside := 0
	for q := Power(0); q < NumPowers; q++ {
		if q != p && s.MinorAllyOf(q) != p {
			inside += ss.Units[q].Land()
		}
	}
	if landOf(&mine) > inside {
		s.startSiege(to, p)
		return false
	}
	s.push(kBlocked, p)
	return true
}

// checkReliefSiege checks the siege of a move's destination once besiegers
// have avoided battle (§15.3): the moving formation (a relief force, or a
// power fighting the besiegers of an independent key), outside the walls
// though not a besieger, is not counted as inside the fortification.
func (s *State) checkReliefSiege(m *LandMove) {
	s.removeForce(m.To, &m.Units)
	s.checkSiege(m.To)
	for q := range m.Units {
		u := &s.Spaces[m.To].Units[q]
		u.Reg += m.Units[q].Reg
		u.Merc += m.Units[q].Merc
		u.Cav += m.Units[q].Cav
	}
}

// captureLoneLeaders: opposing army leaders without land units in an
// unfortified destination are captured by the mover (§13.1); in a fortified
// space they are inside.
func (s *State) captureLoneLeaders(m *LandMove) {
	if s.fortified(m.To) {
		return
	}
	var ls []int
	for i, l := range s.Leaders {
		if l.Loc == int(m.To) && l.Captor == NoPower && !Leaders[i].Naval && s.isFoe(m, s.lpower(i)) {
			ls = append(ls, i)
		}
	}
	if len(ls) > 0 {
		s.captureLeadersBy(ls, m.Power)
	}
}

// moveBattle starts the field battle of a move: the moving formation (and
// in a relief battle the units from inside that join) against every
// opposing unit outside the fortification.
func (s *State) moveBattle(m *LandMove, joined [NumPowers]Units) {
	b := &Battle{Space: m.To, Attacker: m.Power, From: int(m.From), Relief: m.Relief}
	if m.BySea {
		b.From, b.BySea = -1, true // §16.3 step 4: no retreat by sea
	}
	b.Att = m.Units
	for q := range joined {
		b.Att[q].Reg += joined[q].Reg
		b.Att[q].Merc += joined[q].Merc
		b.Att[q].Cav += joined[q].Cav
	}
	b.Joined = joined
	b.AttLeaders = append(b.AttLeaders, m.Leaders...)
	if landOf(&joined) > 0 {
		for _, l := range s.armyLeadersAt(m.To, m.Power) {
			if !containsInt(m.Leaders, l) {
				b.AttLeaders = append(b.AttLeaders, l)
				b.JoinedLeaders = append(b.JoinedLeaders, l)
			}
		}
	}
	for q := Power(0); q < NumPowers; q++ {
		if !s.isFoe(m, q) || !s.outsideWalls(m.To, q) {
			continue
		}
		x := s.Spaces[m.To].Units[q]
		b.Def[q] = Units{Reg: x.Reg, Merc: x.Merc, Cav: x.Cav}
		if q.Major() {
			b.DefLeaders = append(b.DefLeaders, s.armyLeadersAt(m.To, q)...)
		}
	}
	s.fieldBattle(b)
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// blockedDests lists where the blocked formation may continue with the CP
// left (§13.4).
func (s *State) blockedDests(m *LandMove) []SpaceID {
	var out []SpaceID
	for _, e := range Spaces[m.To].Edges {
		if cost, _ := MoveCost(m.To, e.To); cost <= s.Act.CP && s.canEnter(m.Power, e.To, true) {
			out = append(out, e.To)
		}
	}
	return out
}

func (s *State) resolveBlocked(m *LandMove, path []string) {
	if path[0] == "retreat" {
		m.Step = mvAfter
		// a transported formation came from a sea zone, no place to fall
		// back to (§14.1): it is eliminated
		if !m.BySea && s.retreatOK(m.Power, m.From) {
			s.shiftForce(m.To, m.From, &m.Units, m.Leaders)
			s.emit("move", fmt.Sprintf("%s falls back from %s to %s", m.Power, Spaces[m.To].Name, Spaces[m.From].Name))
			return
		}
		s.removeForce(m.To, &m.Units)
		s.emit("move", fmt.Sprintf("%s's formation at %s has nowhere to fall back and is eliminated", m.Power, Spaces[m.To].Name))
		s.captureLeadersBy(m.Leaders, s.side(s.Spaces[m.To].Ctl))
		return
	}
	to := mustSpace(path[0])
	cost, _ := MoveCost(m.To, to)
	s.Act.CP -= cost
	s.startMove(m.Power, m.To, to, m.Units, m.Leaders)
}

// removeForce removes the counted land units from a space.
func (s *State) removeForce(sp SpaceID, u *[NumPowers]Units) {
	for q := range u {
		a := &s.Spaces[sp].Units[q]
		a.Reg -= u[q].Reg
		a.Merc -= u[q].Merc
		a.Cav -= u[q].Cav
	}
}

func init() {
	registerAction(&actionDef{
		id: "move", label: "move a formation (1 CP, 2 across a pass)", order: 100, raid: true,
		choices: func(s *State, p Power, cp int) []game.Choice { return s.moveChoices(p, cp) },
		narrow: func(s *State, p Power, cp int, from string) []game.Choice {
			sp, err := SpaceByID(from)
			if err != nil {
				return nil
			}
			return s.moveChoicesFrom(p, cp, int(sp))
		},
		cost: func(s *State, p Power, path []string) int {
			c, _ := MoveCost(mustSpace(path[0]), mustSpace(path[2]))
			return c
		},
		do: func(s *State, p Power, path []string) {
			s.startMove(p, mustSpace(path[0]), mustSpace(path[2]), parseForm(path[3], p), parseLeaders(path[1]))
		},
	})
	registerProc(30, func(s *State) bool { return s.stepMove() })
	for i := range Spaces {
		fromLabels[i] = "from " + Spaces[i].Name
	}

	registerDecision(kIntercept, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.Move.Cands[0]
			return fmt.Sprintf("%s moves into %s: intercept from %s?", s.Move.Power, Spaces[s.Move.To].Name, Spaces[c.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			m := s.Move
			c := m.Cands[0]
			u, ls := s.movableFrom(c.Space, c.Power)
			all := stackForms(&u, c.Power)
			alone := s.friendsIn(m.To, c.Power)
			out := []game.Choice{{Label: "no interception", Value: "no"}}
			for _, set := range leaderSets(ls) {
				f := formsUpTo(all, CommandLimit(set), alone && len(set) > 0)
				if len(f) > 0 {
					out = append(out, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: f})
				}
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			m := s.Move
			c := m.Cands[0]
			m.Cands = m.Cands[1:]
			if path[0] == "no" {
				return
			}
			s.Act.Intercepted[c.Space] |= bit(c.Power)
			u, ls := parseForm(path[1], c.Power), parseLeaders(path[0])
			roll, ok := s.escapeRoll(c.Power, &u, &m.Units, ls)
			if !ok {
				s.emit("intercept", fmt.Sprintf("%s fails to intercept from %s into %s (%d)", c.Power, Spaces[c.Space].Name, Spaces[m.To].Name, roll))
				return
			}
			s.shiftForce(c.Space, m.To, &u, ls)
			s.Act.Intercepted[m.To] |= bit(c.Power)
			m.Interceptor = c.Power
			s.emit("intercept", fmt.Sprintf("%s intercepts from %s into %s with %d unit(s)%s (%d)", c.Power, Spaces[c.Space].Name, Spaces[m.To].Name, landOf(&u), leaderNames(ls), roll))
			s.checkSiege(c.Space)
		},
	})

	registerDecision(kAvoid, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("%s enters %s: try to avoid battle?", s.Move.Power, Spaces[s.Move.To].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			m := s.Move
			q := m.Asking
			u := s.sideUnits(m.To, q, false)
			all := stackForms(&u, q)
			full := formsUpTo(all, 1<<30, false)
			withLeaders := formsUpTo(all, 1<<30, true)
			var byLeaders []game.Choice
			for _, set := range leaderSets(s.leadersOutside(m.To, q)) {
				f := full
				if len(set) > 0 {
					f = withLeaders
				}
				byLeaders = append(byLeaders, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: f})
			}
			out := []game.Choice{{Label: "stand and fight", Value: "no"}}
			for _, to := range s.avoidDests(m, q) {
				out = append(out, game.Choice{Label: "avoid battle to " + Spaces[to].Name, Value: Spaces[to].ID, Next: byLeaders})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			m := s.Move
			q := m.Asking
			if path[0] == "no" {
				return
			}
			to := mustSpace(path[0])
			ls, u := parseLeaders(path[1]), parseForm(path[2], q)
			auto := landOf(&u) > 0
			for r := range u {
				if u[r].Land() > 0 && s.Act.Beaten[m.To]&bit(Power(r)) == 0 {
					auto = false
				}
			}
			roll, ok := 0, true
			if !auto {
				roll, ok = s.escapeRoll(q, &u, &m.Units, ls)
			}
			if !ok {
				s.emit("avoid", fmt.Sprintf("%s fails to avoid battle at %s (%d)", q, Spaces[m.To].Name, roll))
				return
			}
			for r := range u {
				switch {
				case u[r].Land() == 0:
				case !auto:
					s.Act.Beaten[to] &^= bit(Power(r)) // fresh units join the stack there
				case s.Spaces[to].Units[r].Land() == 0:
					s.Act.Beaten[to] |= bit(Power(r)) // beaten units stay beaten
				}
			}
			if s.Act.Intercepted[m.To]&bit(q) != 0 {
				s.Act.Intercepted[to] |= bit(q) // their interception is spent (§13.2)
			}
			s.shiftForce(m.To, to, &u, ls)
			s.emit("avoid", fmt.Sprintf("%s avoids battle: %d unit(s)%s from %s to %s (%d)", q, landOf(&u), leaderNames(ls), Spaces[m.To].Name, Spaces[to].Name, roll))
			if s.UnderSiege(m.To) {
				s.checkReliefSiege(m)
			}
		},
	})

	registerDecision(kWithdraw, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("%s enters %s: withdraw the defenders into the fortifications?", s.Move.Power, Spaces[s.Move.To].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "stay outside (field battle)", Value: "no"}, {Label: "withdraw into the fortifications", Value: "yes"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			m := s.Move
			if path[0] == "no" {
				return
			}
			s.emit("move", fmt.Sprintf("the defenders of %s withdraw into the fortifications", Spaces[m.To].Name))
			s.afterWithdrawal(m)
		},
	})

	registerDecision(kBlocked, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("the defenders of %s are too many to besiege: fall back or move on", Spaces[s.Move.To].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			m := s.Move
			out := []game.Choice{{Label: "fall back to " + Spaces[m.From].Name, Value: "retreat"}}
			for _, to := range s.blockedDests(m) {
				cost, _ := MoveCost(m.To, to)
				out = append(out, game.Choice{Label: fmt.Sprintf("move on to %s (%d CP)", Spaces[to].Name, cost), Value: Spaces[to].ID})
			}
			if m.BySea {
				// landed by sea: falling back eliminates the formation, so
				// moving on comes first (the default)
				out = append(out[1:], game.Choice{Label: "stay (landed by sea, no way back: the formation is eliminated)", Value: "retreat"})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) { s.resolveBlocked(s.Move, path) },
	})

	registerDecision(kSortie, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("relief of %s: which of your units inside join the battle?", Spaces[s.Move.To].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			u := s.insideJoiners(s.Move)
			return append([]game.Choice{{Label: "none", Value: "none"}}, formsUpTo(stackForms(&u, d.Power), 1<<30, false)...)
		},
		resolve: func(s *State, d Decision, path []string) {
			var joined [NumPowers]Units
			if path[0] != "none" {
				joined = parseForm(path[0], d.Power)
			}
			s.moveBattle(s.Move, joined)
		},
	})
}
