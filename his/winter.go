package his

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"concordat/game"
)

// Winter is the Winter Phase in progress (§19, seed 003): its nine steps
// run in order; Step is the next one. The land step works through one
// power at a time (Impulse Order) and one stack at a time.
type Winter struct {
	Step  int   `json:"step"`
	Power Power `json:"power"`
	// Cur is the stack being moved: its space and the owning power of its
	// units (the major or an active minor of the major).
	Cur   int   `json:"cur"`
	Owner Power `json:"owner"`
	Over  bool  `json:"over"` // Cur is an overstacked fortified space
	// Loss is the attrition owed by the group that just moved to Dest.
	Loss int   `json:"loss"`
	Dest int   `json:"dest"`
	Mv   Units `json:"moved"`
	// Left records land groups that left a space this winter, for leaders.
	Left   [][2]int `json:"left,omitempty"`
	Leader int      `json:"leader"`
	Naval  int      `json:"naval"` // loc of the naval stack being moved, -1
	Done   []string `json:"done"`  // the steps carried out, in order (for tests and people)
	// ExtraDone: the current power has finished its optional moves.
	ExtraDone bool `json:"extra_done,omitempty"`
	// LeadersDone marks leaders who had nowhere to go and stay put.
	LeadersDone uint64 `json:"leaders_done,omitempty"`
}

func (w *Winter) clone() *Winter {
	c := *w
	c.Left = append([][2]int(nil), w.Left...)
	c.Done = append([]string(nil), w.Done...)
	return &c
}

// Winter steps (§19).
const (
	wLoans = iota
	wRenegade
	wNaval
	wLand
	wAlliances
	wReplacements
	wPiracy
	wDebaters
	wMandatory
	wEnd
)

var winterStepNames = []string{"loans", "renegade", "naval", "land", "alliances", "replacements", "piracy", "debaters", "mandatory", "end"}

func (s *State) startWinter() {
	s.Winter = &Winter{Cur: -1, Naval: -1, Leader: -1, Dest: -1}
	s.emit("phase", fmt.Sprintf("turn %d: Winter", s.Turn))
}

// StartWinter begins the Winter Phase now (for tests and tools; the game
// starts it itself after the Action Phase).
func (s *State) StartWinter() {
	s.Phase = PhaseWinter
	s.Stack = s.Stack[:0]
	s.startWinter()
	s.run()
}

func (s *State) stepWinter() {
	w := s.Winter
	for len(s.Stack) == 0 {
		switch w.Step {
		case wLoans:
			for _, l := range s.Loans {
				us := s.unitsAt(l.Loc)
				n := l.N
				if us[l.Borrower].Sq < n {
					n = us[l.Borrower].Sq
				}
				us[l.Borrower].Sq -= n
				us[l.Owner].Sq += n
			}
			s.Loans = s.Loans[:0]
			s.winterDone(wLoans)
		case wRenegade:
			r, _ := LeaderByID("renegade")
			if s.Leaders[r].Loc != OffMap && s.Leaders[r].Loc != Removed || s.Leaders[r].Captor != NoPower {
				s.Leaders[r] = LeaderState{Loc: Removed, Captor: NoPower}
			}
			s.twoWinterLeaders()
			s.winterDone(wRenegade)
		case wNaval:
			if s.winterNaval() {
				return
			}
			s.winterDone(wNaval)
			w.Power = 0
		case wLand:
			if s.winterLand() {
				return
			}
			s.winterDone(wLand)
		case wAlliances:
			for p := range s.Ally {
				s.Ally[p] = 0
			}
			s.twoKeepAlliance()
			s.winterDone(wAlliances)
		case wReplacements:
			for p := Power(0); p < Protestant; p++ {
				for _, c := range capitalsOf[p] {
					if s.Two != nil && c != spRome {
						continue // 2-player: a regular in Rome only
					}
					if s.Spaces[c].Ctl == p && !s.Spaces[c].Unrest && s.place(&s.Spaces[c].Units[p], p, 'r', 1) == 1 {
						s.emit("winter", fmt.Sprintf("%s adds a regular in %s", p, Spaces[c].Name))
					}
				}
			}
			s.winterDone(wReplacements)
		case wPiracy:
			for i := range s.Seas {
				s.Seas[i].Piracy = false
			}
			s.winterDone(wPiracy)
		case wDebaters:
			for i, d := range s.Debaters {
				if d == DebCommitted {
					s.Debaters[i] = DebUncommitted
				}
			}
			s.winterDone(wDebaters)
		case wMandatory:
			if s.winterMandatory() {
				return
			}
			s.winterDone(wMandatory)
		case wEnd:
			s.Augsburg, s.Printing, s.Wartburg, s.MoreBan, s.Divorce, s.Renegade = false, false, false, false, false, false
			s.endTurnFx()
			for p := range s.PeaceThisTurn {
				s.PeaceThisTurn[p], s.AllyThisTurn[p], s.CededHome[p], s.DrawDir[p], s.MercDir[p], s.LoanDir[p] = 0, 0, 0, 0, 0, 0
			}
			s.LastWinter = w
			s.Winter = nil
			return
		}
	}
}

func (s *State) winterDone(step int) {
	w := s.Winter
	w.Done = append(w.Done, winterStepNames[step])
	w.Step = step + 1
	s.emit("winter", "winter step done: "+winterStepNames[step])
}

func (s *State) unitsAt(loc int) *[NumPowers]Units {
	if loc >= SeaLoc {
		return &s.Seas[loc-SeaLoc].Units
	}
	return &s.Spaces[loc].Units
}

// --- naval units (§19.3 first paragraph) ---

// navalHomeOK reports whether a port is a legal winter port for p's ships:
// controlled by p (directly or through an active minor).
func (s *State) navalPortOK(sp SpaceID, p Power) bool {
	if p.Minor() {
		return s.Spaces[sp].Ctl == p || s.ControlledBy(sp, s.MinorAllyOf(p))
	}
	return s.ControlledBy(sp, p)
}

// nearestPorts lists the ports nearest to loc for p's ships, counting each
// sea zone crossed as 1.
func (s *State) nearestPorts(loc int, p Power) []SpaceID {
	var dist [NumSeas]int
	for i := range dist {
		dist[i] = -1
	}
	var q []SeaID
	if loc >= SeaLoc {
		z := SeaID(loc - SeaLoc)
		dist[z] = 1
		q = append(q, z)
	} else {
		for _, z := range Spaces[loc].Ports {
			dist[z] = 1
			q = append(q, z)
		}
	}
	for i := 0; i < len(q); i++ {
		for _, z := range Seas[q[i]].Adj {
			if dist[z] < 0 {
				dist[z] = dist[q[i]] + 1
				q = append(q, z)
			}
		}
	}
	best := -1
	var out []SpaceID
	for _, z := range q {
		if best >= 0 && dist[z] > best {
			break
		}
		for _, port := range Seas[z].Ports {
			if int(port) == loc || !s.navalPortOK(port, p) {
				continue
			}
			dup := false
			for _, o := range out {
				dup = dup || o == port
			}
			if !dup {
				out = append(out, port)
				best = dist[z]
			}
		}
	}
	return out
}

// navalToMove finds the next naval stack that must return: at sea, or in a
// port its power does not control.
func (s *State) navalToMove() (loc int, p Power) {
	for i, l := range s.Leaders {
		if Leaders[i].Naval && l.Loc >= SeaLoc && l.Captor == NoPower {
			q := s.lpower(i)
			if s.Seas[l.Loc-SeaLoc].Units[q].Naval() == 0 && (q.Major() || s.MinorAllyOf(q) != NoPower) && !s.twoIdle(q) {
				return l.Loc, q // a naval leader alone at sea goes to port too
			}
		}
	}
	for z := 0; z < NumSeas; z++ {
		for p := Power(0); p < Independent; p++ {
			if s.Seas[z].Units[p].Naval() > 0 && (p.Major() || s.MinorAllyOf(p) != NoPower) && !s.twoIdle(p) {
				return SeaLoc + z, p
			}
		}
	}
	for i := range s.Spaces {
		for p := Power(0); p < Independent; p++ {
			if s.Spaces[i].Units[p].Naval() > 0 && !s.navalPortOK(SpaceID(i), p) && (p.Major() || s.MinorAllyOf(p) != NoPower) && !s.twoIdle(p) {
				return i, p
			}
		}
	}
	return -1, NoPower
}

func (s *State) decider(p Power) Power {
	if p.Minor() {
		return s.MinorAllyOf(p)
	}
	return p
}

// winterNaval moves naval stacks home; it returns true when it asks the
// owner to choose among equidistant ports.
func (s *State) winterNaval() bool {
	w := s.Winter
	for {
		loc, p := s.navalToMove()
		if loc < 0 {
			return false
		}
		ports := s.nearestPorts(loc, p)
		switch len(ports) {
		case 0:
			us := s.unitsAt(loc)
			// eliminated naval units and their leaders go to the Turn
			// Track (§17, §16.2 step 10: naval leaders are never removed)
			s.emit("winter", fmt.Sprintf("%s naval units at %s have no port: eliminated to the Turn Track", p, s.locText(loc)))
			s.toTrack(p, int(us[p].Sq), int(us[p].Cor))
			us[p].Sq, us[p].Cor = 0, 0
			for i := range s.Leaders {
				if Leaders[i].Naval && s.Leaders[i].Loc == loc && s.lpower(i) == p {
					s.leaderToTrack(i)
				}
			}
		case 1:
			s.moveNaval(loc, p, int(ports[0]))
		default:
			w.Naval, w.Owner = loc, p
			s.push(kWinNaval, s.decider(p))
			return true
		}
	}
}

func (s *State) locText(loc int) string {
	if loc >= SeaLoc {
		return Seas[loc-SeaLoc].Name
	}
	return Spaces[loc].Name
}

func (s *State) moveNaval(from int, p Power, to int) {
	a, b := s.unitsAt(from), s.unitsAt(to)
	b[p].Sq += a[p].Sq
	b[p].Cor += a[p].Cor
	s.emit("winter", fmt.Sprintf("%s naval units return from %s to %s", p, s.locText(from), s.locText(to)))
	a[p].Sq, a[p].Cor = 0, 0
	s.moveNavalLeaders(from, p, to)
}

func (s *State) moveNavalLeaders(from int, p Power, to int) {
	for i := range s.Leaders {
		if Leaders[i].Naval && s.Leaders[i].Loc == from && s.lpower(i) == p {
			s.Leaders[i].Loc = to
		}
	}
}

// --- land units (§19.3) ---

// landOwners lists the powers whose land units p moves in winter: p and its
// active minor allies.
func (s *State) landOwners(p Power) []Power {
	out := []Power{p}
	for i, a := range s.MinorAlly {
		if a == p {
			out = append(out, firstMinor+Power(i))
		}
	}
	return out
}

func isCapitalOf(sp SpaceID, p Power) bool {
	for _, c := range capitalsOf[p] {
		if c == sp {
			return true
		}
	}
	return false
}

// winterHomeOK: a space where p's units may winter — a fortified space p
// controls (minor units also their own minor's home keys).
func (s *State) winterHomeOK(sp SpaceID, p Power) bool {
	return s.fortified(sp) && s.ControlledBy(sp, p)
}

// landCount is p's land units plus its active minors' units in a space (M2).
func (s *State) landCount(sp SpaceID, p Power) int {
	n := 0
	for _, o := range s.landOwners(p) {
		n += s.Spaces[sp].Units[o].Land()
	}
	return n
}

// nextLandStack finds p's next stack that must (or may) move: an
// overstacked fortified space, or units away from winter quarters.
func (s *State) nextLandStack(p Power) (sp int, owner Power, over bool) {
	owners := s.landOwners(p)
	for i := range s.Spaces {
		id := SpaceID(i)
		if s.winterHomeOK(id, p) && !isCapitalOf(id, p) && s.landCount(id, p) > 4 {
			for _, o := range owners {
				if s.Spaces[i].Units[o].Land() > 0 {
					return i, o, true
				}
			}
		}
	}
	for i := range s.Spaces {
		id := SpaceID(i)
		if s.winterHomeOK(id, p) {
			continue
		}
		for _, o := range owners {
			if s.Spaces[i].Units[o].Land() > 0 {
				return i, o, false
			}
		}
	}
	return -1, NoPower, false
}

// landDist is the direct path length from a space to every space, over
// land connections (passes included) and sea zones (each sea zone 1),
// ignoring control.
func landDist(from SpaceID) [NumSpaces]int { return landDists()[from] }

// landDists holds landDist for every space: it depends on the map alone,
// so it is searched once, on first use.
var landDists = sync.OnceValue(func() *[NumSpaces][NumSpaces]int {
	t := new([NumSpaces][NumSpaces]int)
	for i := range t {
		t[i] = searchLandDist(SpaceID(i))
	}
	return t
})

// searchLandDist is landDist's breadth-first search.
func searchLandDist(from SpaceID) [NumSpaces]int {
	var d [NumSpaces]int
	for i := range d {
		d[i] = -1
	}
	var seaSeen [NumSeas]bool
	d[from] = 0
	q := []SpaceID{from}
	for i := 0; i < len(q); i++ {
		n := q[i]
		for _, e := range Spaces[n].Edges {
			if d[e.To] < 0 {
				d[e.To] = d[n] + 1
				q = append(q, e.To)
			}
		}
		for _, z := range Spaces[n].Ports {
			if seaSeen[z] {
				continue
			}
			seaSeen[z] = true
			for _, port := range Seas[z].Ports {
				if d[port] < 0 {
					d[port] = d[n] + 2
					q = append(q, port)
				}
			}
		}
	}
	return d
}

// openPath reports whether a winter path exists from a to b (§19.3): every
// space after the first friendly-controlled for p and not in unrest; sea
// zones need no ships; before the League the Hapsburgs may not pass through
// an electorate.
func (s *State) openPath(a, b SpaceID, p Power) bool {
	ok := func(x SpaceID) bool {
		if !s.FriendlySpace(x, p) || s.Spaces[x].Unrest {
			return false
		}
		return !(p == Hapsburg && !s.League && Spaces[x].Type == Electorate)
	}
	if a == b {
		return true
	}
	var seen [NumSpaces]bool
	var seaSeen [NumSeas]bool
	seen[a] = true
	q := []SpaceID{a}
	for i := 0; i < len(q); i++ {
		n := q[i]
		next := func(x SpaceID) bool {
			if seen[x] || !ok(x) {
				return false
			}
			seen[x] = true
			q = append(q, x)
			return x == b
		}
		for _, e := range Spaces[n].Edges {
			if next(e.To) {
				return true
			}
		}
		for _, z := range Spaces[n].Ports {
			if seaSeen[z] {
				continue
			}
			seaSeen[z] = true
			for _, port := range Seas[z].Ports {
				if next(port) {
					return true
				}
			}
		}
	}
	return false
}

// winterDests lists where a stack of p may winter: its capital(s) if it
// controls them (never the Protestant), else / also the nearest fortified
// spaces it controls with room under the 4-unit limit. Over: only capitals.
func (s *State) winterDests(from SpaceID, p, owner Power, over bool) []SpaceID {
	var out []SpaceID
	// 2-player: Ottoman, Hapsburg and French units never winter in their
	// capital; those that would have to go there are eliminated (§24.4).
	noCapital := s.Two != nil && (p == Ottoman || p == Hapsburg || p == France)
	if p != Protestant && !noCapital {
		for _, c := range capitalsOf[p] {
			if c != from && s.Spaces[c].Ctl == p {
				out = append(out, c)
			}
		}
		if owner.Minor() { // an active minor's home keys count as extra capitals (§22.3)
			for _, h := range homeSpacesOf[owner] {
				if h != from && Spaces[h].Type.IsKey() && s.ControlledBy(h, p) {
					out = append(out, h)
				}
			}
		}
	}
	if over {
		return out
	}
	d := landDist(from)
	best := -1
	for i := range s.Spaces {
		id := SpaceID(i)
		if id == from || d[i] < 0 || !s.winterHomeOK(id, p) || isCapitalOf(id, p) || s.landCount(id, p) >= 4 {
			continue
		}
		if owner == Scotland && Spaces[i].Home != Scotland || s.noElectorate(id, p) {
			continue
		}
		if best < 0 || d[i] < best {
			best = d[i]
		}
	}
	for i := range s.Spaces {
		id := SpaceID(i)
		if id == from || d[i] != best || !s.winterHomeOK(id, p) || isCapitalOf(id, p) || s.landCount(id, p) >= 4 {
			continue
		}
		if owner == Scotland && Spaces[i].Home != Scotland || s.noElectorate(id, p) {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == id
		}
		if !dup {
			out = append(out, id)
		}
	}
	return out
}

// noElectorate: before the League no power but the Protestant may enter an
// electorate (§21.6, §19.3 exception 3).
func (s *State) noElectorate(sp SpaceID, p Power) bool {
	return !s.League && p != Protestant && Spaces[sp].Type == Electorate
}

// winterLand moves land units power by power; true when a decision is owed.
func (s *State) winterLand() bool {
	w := s.Winter
	for w.Power < NumMajors {
		p := w.Power
		if p == Protestant && !s.League || s.twoIdle(p) { // it may not move before the League (§21.6); 2-player: a power at peace with both players
			w.Power++
			continue
		}
		if sp, owner, over := s.nextLandStack(p); sp >= 0 {
			dests := s.winterDests(SpaceID(sp), p, owner, over)
			if len(dests) == 0 {
				u := s.Spaces[sp].Units[owner]
				n := u.Land()
				if over {
					n = s.landCount(SpaceID(sp), p) - 4
				}
				s.emit("winter", fmt.Sprintf("%s: %d land unit(s) in %s have nowhere to winter: eliminated", owner, n, Spaces[sp].Name))
				s.eliminate(SpaceID(sp), owner, n)
				s.besiegersGone(SpaceID(sp))
				continue
			}
			w.Cur, w.Owner, w.Over = sp, owner, over
			s.push(kWinLand, p)
			return true
		}
		if !w.ExtraDone && len(s.extraChoices(p)) > 1 {
			s.push(kWinExtra, p)
			return true
		}
		w.ExtraDone = true
		if s.winterLeaders(p) {
			return true
		}
		w.Power++
		w.ExtraDone = false
		w.Left = w.Left[:0]
	}
	return false
}

// eliminate removes n land units of owner in a space, mercenaries first,
// then cavalry, then regulars (used only where no choice is given to make).
func (s *State) eliminate(sp SpaceID, owner Power, n int) {
	u := &s.Spaces[sp].Units[owner]
	for ; n > 0; n-- {
		switch {
		case u.Merc > 0:
			u.Merc--
		case u.Cav > 0:
			u.Cav--
		case u.Reg > 0:
			u.Reg--
		}
	}
}

// extraChoices: units in fortified spaces of their own (not a capital) may
// choose to go to a capital p controls (§19.3: every land unit outside the
// capital may at least choose to move), and so may the regulars of p's
// active minor allies there (§22.3: they act exactly as the major's own),
// written "<minor>=<n>" — not Scottish ones, which winter only in Edinburgh
// or Stirling (§19.3 exception 4), nor a minor's units in a home key of
// their minor (as if in a capital of their own, §22.3). The first choice is
// "done".
func (s *State) extraChoices(p Power) []game.Choice {
	out := []game.Choice{{Label: "no (more) optional moves", Value: "done"}}
	if p == Protestant {
		return out
	}
	var caps []SpaceID
	for _, c := range capitalsOf[p] {
		if s.Spaces[c].Ctl == p {
			caps = append(caps, c)
		}
	}
	if len(caps) == 0 {
		return out
	}
	for i := range s.Spaces {
		id := SpaceID(i)
		if isCapitalOf(id, p) || !s.winterHomeOK(id, p) {
			continue
		}
		var units []game.Choice
		if u := s.Spaces[i].Units[p]; u.Land() > 0 {
			units = compositions(u, 0)
		}
		for m, a := range s.MinorAlly {
			q := firstMinor + Power(m)
			n := int(s.Spaces[i].Units[q].Reg)
			if a != p || n == 0 || q == Scotland || Spaces[i].Home == q && Spaces[i].Type.IsKey() {
				continue
			}
			for k := 1; k <= n; k++ {
				v := q.String() + "=" + strconv.Itoa(k)
				units = append(units, game.Choice{Label: fmt.Sprintf("%d %s regular(s)", k, q), Value: v})
			}
		}
		if len(units) == 0 {
			continue
		}
		var next []game.Choice
		for _, c := range caps {
			next = append(next, game.Choice{Label: Spaces[c].Name, Value: Spaces[c].ID, Next: units})
		}
		out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: next})
	}
	return out
}

// extraUnits reads the units of an optional Winter move: p's "r:m:c", or
// a minor's "<minor>=<n>" regulars.
func extraUnits(v string, p Power) (Power, string) {
	if k, n, ok := strings.Cut(v, "="); ok {
		q, _ := ParsePower(k)
		return q, n + ":0:0"
	}
	return p, v
}

// winterLeaders routes p's army leaders left in spaces p's units have
// vacated, or standing where they may not winter.
func (s *State) winterLeaders(p Power) bool {
	w := s.Winter
	for i, l := range s.Leaders {
		if Leaders[i].Naval || s.lpower(i) != p || l.Captor != NoPower || l.Loc < 0 || l.Loc >= SeaLoc {
			continue
		}
		sp := SpaceID(l.Loc)
		if s.landCount(sp, p) > 0 && s.winterHomeOK(sp, p) {
			continue
		}
		if s.winterHomeOK(sp, p) || w.LeadersDone&(1<<i) != 0 {
			continue // a leader alone in his own fortress stays
		}
		if len(s.leaderDests(i)) == 0 {
			w.LeadersDone |= 1 << i // nowhere to go: he stays where he is
			continue
		}
		w.Leader = i
		s.push(kWinLeader, p)
		return true
	}
	return false
}

func (s *State) leaderDests(i int) []SpaceID {
	p := s.lpower(i)
	from := SpaceID(s.Leaders[i].Loc)
	var out []SpaceID
	add := func(x SpaceID) {
		for _, o := range out {
			if o == x {
				return
			}
		}
		out = append(out, x)
	}
	for _, c := range capitalsOf[p] {
		if s.Spaces[c].Ctl == p {
			add(c)
		}
	}
	for _, lf := range s.Winter.Left {
		if lf[0] == int(from) {
			add(SpaceID(lf[1]))
		}
	}
	if len(out) == 0 { // ruling M1: nearest fortified space he may winter in
		d := landDist(from)
		best := -1
		for j := range s.Spaces {
			if d[j] >= 0 && s.winterHomeOK(SpaceID(j), p) && (best < 0 || d[j] < best) {
				best = d[j]
			}
		}
		for j := range s.Spaces {
			if d[j] == best && s.winterHomeOK(SpaceID(j), p) {
				add(SpaceID(j))
			}
		}
	}
	return out
}

// compositions lists every non-empty mix of a stack's unit types, as
// "r:m:c" (regulars, mercenaries, cavalry), optionally exactly n units.
func compositions(u Units, exact int) []game.Choice {
	out := make([]game.Choice, 0, (int(u.Reg)+1)*(int(u.Merc)+1)*(int(u.Cav)+1)-1)
	for r := 0; r <= int(u.Reg); r++ {
		for m := 0; m <= int(u.Merc); m++ {
			for c := 0; c <= int(u.Cav); c++ {
				n := r + m + c
				if n == 0 || exact > 0 && n != exact {
					continue
				}
				v := strconv.Itoa(r) + ":" + strconv.Itoa(m) + ":" + strconv.Itoa(c)
				out = append(out, game.Choice{Label: v + " (regulars:mercenaries:cavalry)", Value: v})
			}
		}
	}
	return out
}

func parseComp(v string) Units {
	rs, rest, _ := strings.Cut(v, ":")
	ms, cs, _ := strings.Cut(rest, ":")
	r, _ := strconv.Atoi(rs)
	m, _ := strconv.Atoi(ms)
	c, _ := strconv.Atoi(cs)
	return Units{Reg: uint8(r), Merc: uint8(m), Cav: uint8(c)}
}

func (s *State) winterChoices(d Decision) []game.Choice {
	w := s.Winter
	switch d.Kind {
	case kWinNaval:
		var out []game.Choice
		for _, port := range s.nearestPorts(w.Naval, w.Owner) {
			out = append(out, game.Choice{Label: Spaces[port].Name, Value: Spaces[port].ID})
		}
		return out
	case kWinLand:
		u := s.Spaces[w.Cur].Units[w.Owner]
		comps := compositions(u, 0)
		var out []game.Choice
		for _, dst := range s.winterDests(SpaceID(w.Cur), d.Power, w.Owner, w.Over) {
			cs := comps
			if !isCapitalOf(dst, d.Power) && !(w.Owner.Minor() && Spaces[dst].Home == w.Owner && Spaces[dst].Type.IsKey()) {
				room := 4 - s.landCount(dst, d.Power)
				cs = nil
				for _, c := range comps {
					if parseComp(c.Value).Land() <= room {
						cs = append(cs, c)
					}
				}
			}
			if len(cs) > 0 {
				out = append(out, game.Choice{Label: Spaces[dst].Name, Value: Spaces[dst].ID, Next: cs})
			}
		}
		return out
	case kWinLoss:
		return compositions(s.Spaces[w.Dest].Units[w.Owner].capTo(w.Mv), w.Loss)
	case kWinExtra:
		return s.extraChoices(d.Power)
	case kWinLeader:
		var out []game.Choice
		for _, dst := range s.leaderDests(w.Leader) {
			out = append(out, game.Choice{Label: Spaces[dst].Name, Value: Spaces[dst].ID})
		}
		return out
	}
	return nil
}

// capTo limits u to the units of mv (the group that just moved).
func (u Units) capTo(mv Units) Units {
	m := func(a, b uint8) uint8 {
		if a < b {
			return a
		}
		return b
	}
	return Units{Reg: m(u.Reg, mv.Reg), Merc: m(u.Merc, mv.Merc), Cav: m(u.Cav, mv.Cav)}
}

func (s *State) resolveWinter(d Decision, p []string) {
	w := s.Winter
	switch d.Kind {
	case kWinNaval:
		s.moveNaval(w.Naval, w.Owner, int(mustSpace(p[0])))
		w.Naval = -1
	case kWinExtra:
		if p[0] == "done" {
			w.ExtraDone = true
			return
		}
		w.Cur = int(mustSpace(p[0]))
		var units string
		w.Owner, units = extraUnits(p[2], d.Power)
		p = []string{p[1], units}
		fallthrough
	case kWinLand:
		dst := mustSpace(p[0])
		mv := parseComp(p[1])
		from := SpaceID(w.Cur)
		fu := &s.Spaces[from].Units[w.Owner]
		fu.Reg -= mv.Reg
		fu.Merc -= mv.Merc
		fu.Cav -= mv.Cav
		tu := &s.Spaces[dst].Units[w.Owner]
		tu.Reg += mv.Reg
		tu.Merc += mv.Merc
		tu.Cav += mv.Cav
		w.Left = append(w.Left, [2]int{int(from), int(dst)})
		s.besiegersGone(from)
		s.emit("winter", fmt.Sprintf("%s: %d unit(s) go from %s to %s", w.Owner, mv.Land(), Spaces[from].Name, Spaces[dst].Name))
		if !s.openPath(from, dst, d.Power) {
			loss := (mv.Land() + 1) / 2
			s.emit("winter", fmt.Sprintf("%s: no open path from %s to %s: attrition of %d", w.Owner, Spaces[from].Name, Spaces[dst].Name, loss))
			w.Loss, w.Dest, w.Mv = loss, int(dst), mv
			if len(compositions(tu.capTo(mv), loss)) == 1 {
				s.loseUnits(dst, w.Owner, parseComp(compositions(tu.capTo(mv), loss)[0].Value))
				w.Loss = 0
			} else {
				s.push(kWinLoss, d.Power)
			}
		}
		w.Cur = -1
	case kWinLoss:
		s.loseUnits(SpaceID(w.Dest), w.Owner, parseComp(p[0]))
		w.Loss = 0
	case kWinLeader:
		dst := mustSpace(p[0])
		s.emit("winter", fmt.Sprintf("%s goes to %s", Leaders[w.Leader].Name, Spaces[dst].Name))
		s.Leaders[w.Leader].Loc = int(dst)
		w.Leader = -1
	}
}

func (s *State) loseUnits(sp SpaceID, owner Power, l Units) {
	u := &s.Spaces[sp].Units[owner]
	u.Reg -= l.Reg
	u.Merc -= l.Merc
	u.Cav -= l.Cav
	s.emit("winter", fmt.Sprintf("%s loses %d unit(s) to attrition in %s", owner, l.Land(), Spaces[sp].Name))
}

// winterMandatory resolves the Mandatory Events that came due (§19.8,
// ruling G5: taken from wherever they are, removed from the game, no 2 CP)
// through the same mandatoryEvent as an impulse's play; it returns true
// while an event's decisions are owed (stepEvent asks them).
func (s *State) winterMandatory() bool {
	for _, o := range s.overdueEvents() {
		c := mustCard(o.card)
		if o.turn != s.Turn || s.isGone(c) {
			continue
		}
		s.removeFromGame(c)
		s.emit("winter", fmt.Sprintf("overdue Mandatory Event #%d %s resolves", Cards[c].Number, Cards[c].Name))
		s.mandatoryEvent(c, NoPower)
		if s.eventRunning() {
			return true
		}
	}
	return false
}

func (s *State) isGone(c int) bool {
	for _, g := range s.Gone {
		if int(g) == c {
			return true
		}
	}
	return false
}

// takeOut removes card c from the deck, the discard pile or any hand.
func (s *State) takeOut(c int) {
	s.Deck = withoutCard(s.Deck, c)
	s.Discard = withoutCard(s.Discard, c)
	for p := range s.Powers {
		s.Powers[p].Hand = withoutCard(s.Powers[p].Hand, c)
	}
}

// withoutCard removes the first copy of card c from the list l (in place)
// and returns the list.
func withoutCard(l []uint8, c int) []uint8 {
	for i, x := range l {
		if int(x) == c {
			return append(l[:i], l[i+1:]...)
		}
	}
	return l
}
