package his

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"concordat/game"
)

// Naval affairs (§16): the Naval Move action with its interceptions, avoid
// battle and naval combats; naval transport and piracy live in
// naval_transport.go and naval_piracy.go.
//
// A Naval Move (action "naval", 1 CP) runs as the procedure State.Naval:
//
//  1. naval.move (active power), repeated: "done", or one group order
//     <from> <owner> <squadrons:corsairs> <leaders> <to> — a group of one
//     owner's naval units (the active power, an active minor ally; the
//     active power's may take its minors' squadrons along,
//     "1:0,genoa=2") and any of the active side's naval leaders at <from>
//     moving to the adjacent location <to>. Units and leaders already ordered are not offered
//     again; "done" executes every order at once (§16.1 step 2).
//  2. naval.intercept (each enemy major, Impulse Order, per sea zone the
//     active side entered where it had no units): "none", or
//     <from> <owner> <squadrons:corsairs> <leaders>; 2d6 + the best naval
//     leader's battle rating, 9+ enters the zone.
//  3. naval.avoid (each enemy major with units in an entered zone that
//     nobody intercepted into): "stay" or a destination; 2d6 + leader, 9+.
//  4. naval.fight (active power) when several combats are pending:
//     <location> <enemy power>; then each naval combat (§16.2), and
//     naval.retreat (the retreating side) when it has more than one place
//     to go.

// Decision kinds of the naval family.
const (
	kNavMove      = "naval.move"
	kNavIntercept = "naval.intercept"
	kNavAvoid     = "naval.avoid"
	kNavFight     = "naval.fight"
	kNavRetreat   = "naval.retreat"
	kNavPiracy    = "naval.piracy"
	kNavReturn    = "naval.return"
)

// NavalOrder is one group order of a Naval Move.
type NavalOrder struct {
	From    int   `json:"from"`
	Owner   Power `json:"owner"`
	Sq      uint8 `json:"sq"`
	Cor     uint8 `json:"cor"`
	Leaders []int `json:"leaders,omitempty"`
	To      int   `json:"to"`
}

// Steps of a Naval Move.
const (
	navOrders = iota
	navIntercept
	navAvoid
	navCombat
)

// NavalMove is a Naval Move action in progress (§16.1).
type NavalMove struct {
	Power  Power        `json:"power"`
	Step   uint8        `json:"step"`
	Orders []NavalOrder `json:"orders,omitempty"`
	// Vertical: bit z — the active side arrived in sea zone z where it had
	// no units (exposed to interception); Entered: it arrived there at all;
	// Intercepted: an interception into z succeeded.
	Vertical    uint16 `json:"vertical,omitempty"`
	Entered     uint16 `json:"entered,omitempty"`
	Intercepted uint16 `json:"intercepted,omitempty"`
	// Zone is the sea zone whose interception or avoid battle is being
	// asked; Winner[z] the power whose interception into z succeeded.
	Zone   int             `json:"zone"`
	Winner [NumSeas]Power  `json:"winner"`
	Done   [NumSeas]uint16 `json:"done"`  // bit e: major e is done intercepting into z
	Asked  [NumSeas]uint16 `json:"asked"` // bit e: major e was asked to avoid battle in z
	Tried  []int           `json:"tried"` // zone*256+loc: source locations already used
	// Retreat: the location and owner powers that must retreat (Loc -1: none).
	RetLoc    int     `json:"ret_loc"`
	RetOwners []Power `json:"ret_owners,omitempty"`
	RetPort   bool    `json:"ret_port,omitempty"` // retreat after a combat in port: to a sea zone
	RetLost   bool    `json:"ret_lost,omitempty"` // the retreating side lost the combat
	// RetAlso: the side that retreats from RetAlsoLoc once RetOwners have
	// (ruling D4's tie: both sides retreat).
	RetAlso    []Power `json:"ret_also,omitempty"`
	RetAlsoLoc int     `json:"ret_also_loc,omitempty"`
	// War: not a Naval Move but the immediate naval battles of a war begun
	// in the Action Phase (ruling D4, warNavalBattles); Battles lists the
	// (sea zone location, enemy major) pairs still to fight.
	War     bool     `json:"war,omitempty"`
	Battles [][2]int `json:"battles,omitempty"`
	Log     []string `json:"log,omitempty"`
	// Fight is the naval combat in progress; Roll an interception or
	// avoid-battle roll waiting for Professional Rowers (cards.go); Held:
	// the orders given wait in Foul Weather's window.
	Fight *NavalFight `json:"fight,omitempty"`
	Roll  *NavalRoll  `json:"roll,omitempty"`
	Held  bool        `json:"held,omitempty"`
}

// NavalRoll is an interception (or avoid battle) rolled and not yet
// applied: the sea zone, the moving stack, where it goes (avoid battle) and
// the total (Professional Rowers may change it by 2).
type NavalRoll struct {
	Avoid   bool   `json:"avoid,omitempty"`
	Power   Power  `json:"power"`
	Zone    int    `json:"zone"`
	From    int    `json:"from"`
	Owner   Power  `json:"owner"`
	Sq      uint8  `json:"sq"`
	Cor     uint8  `json:"cor"`
	Group   string `json:"group,omitempty"` // the group as written (the minors' squadrons going along)
	Leaders []int  `json:"leaders,omitempty"`
	To      int    `json:"to"`
	Total   int    `json:"total"`
	Text    string `json:"text"`
}

func (n *NavalMove) clone() *NavalMove {
	c := *n
	if n.Fight != nil {
		f := *n.Fight
		f.AttDice = append([]int(nil), n.Fight.AttDice...)
		f.DefDice = append([]int(nil), n.Fight.DefDice...)
		c.Fight = &f
	}
	if n.Roll != nil {
		r := *n.Roll
		r.Leaders = append([]int(nil), n.Roll.Leaders...)
		c.Roll = &r
	}
	c.Orders = append([]NavalOrder(nil), n.Orders...)
	for i := range c.Orders {
		c.Orders[i].Leaders = append([]int(nil), n.Orders[i].Leaders...)
	}
	c.Tried = append([]int(nil), n.Tried...)
	c.RetOwners = append([]Power(nil), n.RetOwners...)
	c.RetAlso = append([]Power(nil), n.RetAlso...)
	c.Battles = append([][2]int(nil), n.Battles...)
	c.Log = append([]string(nil), n.Log...)
	return &c
}

func (n *NavalMove) log(s *State, text string) {
	n.Log = append(n.Log, text)
	s.emit("naval", text)
}

// --- locations ---

func locID(loc int) string {
	if loc >= SeaLoc {
		return Seas[loc-SeaLoc].ID
	}
	return Spaces[loc].ID
}

func parseLoc(v string) int {
	if z, err := SeaByID(v); err == nil {
		return SeaLoc + int(z)
	}
	return int(mustSpace(v))
}

// navAdjacent lists the locations a naval unit at loc may reach in one
// move: a port's sea zones; a sea zone's ports and connected sea zones.
func navAdjacent(loc int) []int {
	var out []int
	if loc >= SeaLoc {
		z := loc - SeaLoc
		for _, port := range Seas[z].Ports {
			out = append(out, int(port))
		}
		for _, a := range Seas[z].Adj {
			out = append(out, SeaLoc+int(a))
		}
		return out
	}
	for _, z := range Spaces[loc].Ports {
		out = append(out, SeaLoc+int(z))
	}
	return out
}

func stuckBit(loc int) (int, uint64) { return loc / 64, 1 << (loc % 64) }

func (a *Act) navalStuck(loc int) bool {
	i, b := stuckBit(loc)
	return a.NavalStuck[i]&b != 0
}

// --- sides, leaders ---

// navalSide lists the powers whose naval units p moves and fights with: p
// and the minor powers actively allied to it (loaned squadrons are already
// counted as p's).
func (s *State) navalSide(p Power) []Power {
	out := []Power{p}
	for i, a := range s.MinorAlly {
		if a == p {
			out = append(out, firstMinor+Power(i))
		}
	}
	return out
}

// leaderOwner is the power a naval leader serves: the borrower while he is
// on loan, else his own power.
func (s *State) leaderOwner(l int) Power {
	for _, ln := range s.Loans {
		if ln.Leader == l {
			return ln.Borrower
		}
	}
	return s.lpower(l)
}

// navalLeadersAt lists the naval leaders at loc serving one of the powers.
// loc -3 lists every such leader on the map.
func (s *State) navalLeadersAt(loc int, powers []Power) []int {
	var out []int
	for i, l := range s.Leaders {
		if !Leaders[i].Naval || l.Captor != NoPower || (loc == -3 && l.Loc < 0) || (loc != -3 && l.Loc != loc) {
			continue
		}
		o := s.leaderOwner(i)
		for _, q := range powers {
			if o == q {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// sideNaval sums the naval units of several powers at a location.
func (s *State) sideNaval(loc int, powers []Power) Units {
	us := s.unitsAt(loc)
	var t Units
	for _, q := range powers {
		t.Sq += us[q].Sq
		t.Cor += us[q].Cor
	}
	return t
}

// enemyNavalAt reports whether loc holds naval units of a power at war with p.
func (s *State) enemyNavalAt(loc int, p Power) bool {
	us := s.unitsAt(loc)
	for q := Power(0); q < NumPowers; q++ {
		if us[q].Naval() > 0 && s.AtWar(p, q) {
			return true
		}
	}
	return false
}

func navCompValue(sq, cor int) string { return strconv.Itoa(sq) + ":" + strconv.Itoa(cor) }

func parseNavComp(v string) (sq, cor uint8) {
	f := strings.Split(v, ":")
	a, _ := strconv.Atoi(f[0])
	b, _ := strconv.Atoi(f[1])
	return uint8(a), uint8(b)
}

// navComps lists the squadrons:corsairs groups drawn from sq and cor (at
// least one unit).
func navComps(sq, cor int) []game.Choice {
	var out []game.Choice
	for a := 0; a <= sq; a++ {
		for b := 0; b <= cor; b++ {
			if a+b == 0 {
				continue
			}
			v := navCompValue(a, b)
			out = append(out, game.Choice{Label: v + " (squadrons:corsairs)", Value: v})
		}
	}
	return out
}

// --- the action ---

func init() {
	registerAction(&actionDef{
		id: "naval", label: "naval move (1 CP)", order: 300,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p == Protestant || cp < 1 || s.Naval != nil {
				return nil
			}
			if !s.navalCanMove(p) {
				return nil
			}
			return leafChoice
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, _ []string) {
			s.Naval = &NavalMove{Power: p, RetLoc: -1, Zone: -1}
			for i := range s.Naval.Winner {
				s.Naval.Winner[i] = NoPower
			}
			s.emit("naval", p.String()+" makes a Naval Move")
		},
	})
	registerProc(300, (*State).stepNaval)
	registerDecision(kNavMove, &decisionDef{
		text: func(s *State, d Decision) string {
			return "Naval Move: order a group of naval units to an adjacent location, or done (all orders then move at once)"
		},
		choices: func(s *State, d Decision) []game.Choice { return s.navalOrderChoices(s.Naval) },
		resolve: func(s *State, d Decision, path []string) { s.resolveNavalOrder(path) },
	})
	registerDecision(kNavIntercept, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("naval interception into %s: choose a stack (9+ on 2d6 + naval leader), or none", Seas[s.Naval.Zone].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.interceptChoices(d.Power) },
		resolve: func(s *State, d Decision, path []string) { s.resolveIntercept(d.Power, path) },
	})
	registerDecision(kNavAvoid, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("avoid naval battle in %s (9+ on 2d6 + naval leader), or stay", Seas[s.Naval.Zone].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.avoidChoices(d.Power) },
		resolve: func(s *State, d Decision, path []string) { s.resolveAvoid(d.Power, path) },
	})
	registerDecision(kNavFight, &decisionDef{
		text: func(s *State, d Decision) string { return "choose the next naval combat" },
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, c := range s.pendingCombats() {
				out = append(out, game.Choice{Label: fmt.Sprintf("%s against %s", s.locText(c[0]), Power(c[1])),
					Value: locID(c[0]), Next: []game.Choice{{Label: Power(c[1]).String(), Value: Power(c[1]).String()}}})
			}
			return mergeChoices(out)
		},
		resolve: func(s *State, d Decision, path []string) {
			q, _ := ParsePower(path[1])
			s.navalCombat(parseLoc(path[0]), q)
		},
	})
	registerDecision(kNavRetreat, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("naval retreat from %s: choose where", s.locText(s.Naval.RetLoc))
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, to := range s.navalRetreatDests(s.Naval.RetLoc, s.Naval.RetOwners, s.Naval.RetPort) {
				out = append(out, game.Choice{Label: s.locText(to), Value: locID(to)})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) { s.navalRetreatTo(parseLoc(path[0])) },
	})
}

// navalCanMove reports whether p has a naval unit or naval leader that a
// Naval Move could move.
func (s *State) navalCanMove(p Power) bool {
	side := s.navalSide(p)
	for loc := 0; loc < SeaLoc+NumSeas; loc++ {
		if loc == NumSpaces {
			loc = SeaLoc
		}
		if s.Act != nil && s.Act.navalStuck(loc) {
			continue
		}
		us := s.unitsAt(loc)
		for _, q := range side {
			if us[q].Naval() > 0 && len(s.navalDests(loc, p, q, nil)) > 0 {
				return true
			}
		}
	}
	for _, l := range s.navalLeadersAt(-3, side) {
		loc := s.Leaders[l].Loc
		if s.sideNaval(loc, side).Naval() == 0 && !(s.Act != nil && s.Act.navalStuck(loc)) && len(s.navalDests(loc, p, p, []int{l})) > 0 {
			return true
		}
	}
	return false
}

// mergeChoices joins choices with the same value (their Next lists).
func mergeChoices(in []game.Choice) []game.Choice {
	var out []game.Choice
	for _, c := range in {
		found := false
		for i := range out {
			if out[i].Value == c.Value {
				out[i].Next = append(out[i].Next, c.Next...)
				found = true
				break
			}
		}
		if !found {
			out = append(out, game.Choice{Label: c.Label, Value: c.Value, Next: append([]game.Choice(nil), c.Next...)})
		}
	}
	return out
}

// --- step 1: orders ---

// orderedFrom sums the units and lists the leaders already ordered out of loc.
func (n *NavalMove) orderedFrom(loc int, owner Power) (sq, cor int) {
	for _, o := range n.Orders {
		if o.From == loc && o.Owner == owner {
			sq += int(o.Sq)
			cor += int(o.Cor)
		}
	}
	return
}

func (n *NavalMove) leaderOrdered(l int) bool {
	for _, o := range n.Orders {
		for _, x := range o.Leaders {
			if x == l {
				return true
			}
		}
	}
	return false
}

// atlanticLoc is the Atlantic Ocean's location; andreaDoria the leader.
var atlanticLoc, andreaDoria int

func init() {
	atlanticLoc = parseLoc("atlantic_ocean")
	l, err := LeaderByID("andrea_doria")
	if err != nil {
		panic(err)
	}
	andreaDoria = l
}

// atlanticBarred reports whether a group of owner's naval units with these
// leaders may not enter the Atlantic Ocean (§16.1: Genoese and Venetian
// naval units, Andrea Doria) — by a move, an interception, an avoid battle
// or a retreat.
func atlanticBarred(owner Power, leaders []int) bool {
	return owner == Genoa || owner == Venice || slices.Contains(leaders, andreaDoria)
}

// atlanticBarredAt reports whether the naval units of these powers at loc,
// with the naval leaders serving them there, may not enter the Atlantic.
func (s *State) atlanticBarredAt(loc int, owners []Power) bool {
	us := s.unitsAt(loc)
	for _, q := range owners {
		if us[q].Naval() > 0 && atlanticBarred(q, nil) {
			return true
		}
	}
	return slices.Contains(s.navalLeadersAt(loc, owners), andreaDoria)
}

// navalDests lists where a group of owner's units (with these leaders) may
// move from loc for the active power p (§16.1 restrictions).
func (s *State) navalDests(loc int, p, owner Power, leaders []int) []int {
	return s.navalDestsOf(loc, p, owner, leaders, false)
}

// navalDestsOf is navalDests for a group that may also hold Genoese or
// Venetian squadrons (withBarred: it may not enter the Atlantic).
func (s *State) navalDestsOf(loc int, p, owner Power, leaders []int, withBarred bool) []int {
	noAtlantic := withBarred || atlanticBarred(owner, leaders)
	var out []int
	for _, to := range navAdjacent(loc) {
		if to >= SeaLoc {
			if noAtlantic && to == atlanticLoc {
				continue
			}
			out = append(out, to)
			continue
		}
		sp := SpaceID(to)
		if s.ControlledBy(sp, p) || s.Spaces[sp].Ctl == owner || s.enemyNavalAt(to, p) {
			out = append(out, to)
		}
	}
	return out
}

// navalOrderChoices is the naval.move tree: done, or one more group order.
func (s *State) navalOrderChoices(n *NavalMove) []game.Choice {
	p := n.Power
	side := s.navalSide(p)
	out := []game.Choice{{Label: "done: move the ordered groups", Value: "done"}}
	sideLeaders := s.navalLeadersAt(-3, side) // every naval leader on the map serving the side
	for loc := 0; loc < SeaLoc+NumSeas; loc++ {
		if loc == NumSpaces {
			loc = SeaLoc
		}
		if s.Act != nil && s.Act.navalStuck(loc) {
			continue
		}
		us := s.unitsAt(loc)
		total := 0 // the side's units at loc not yet ordered
		any := false
		for _, q := range side {
			a, b := n.orderedFrom(loc, q)
			total += us[q].Naval() - a - b
			any = any || us[q].Naval() > 0
		}
		var free []int
		for _, l := range sideLeaders {
			if s.Leaders[l].Loc == loc && !n.leaderOrdered(l) {
				free = append(free, l)
			}
		}
		if total == 0 && (any || len(free) == 0) {
			continue
		}
		var owners []game.Choice
		for _, q := range side {
			a, b := n.orderedFrom(loc, q)
			sq, cor := int(us[q].Sq)-a, int(us[q].Cor)-b
			var comps []game.Choice
			if !any {
				if q != p {
					continue
				}
				// naval leaders alone: they may sail without units
				comps = []game.Choice{{Label: "leaders only", Value: "0:0"}}
			} else {
				comps = navComps(sq, cor)
			}
			// the leader and destination levels, built once per kind of
			// group and shared (option trees are read-only)
			byLeaders := func(sets [][]int, barred bool) []game.Choice {
				var out []game.Choice
				for _, set := range sets {
					var dests []game.Choice
					for _, to := range s.navalDestsOf(loc, p, q, set, barred) {
						dests = append(dests, game.Choice{Label: s.locText(to), Value: locID(to)})
					}
					if len(dests) > 0 {
						out = append(out, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: dests})
					}
				}
				return out
			}
			var levels [2][2][]game.Choice // [barred][emptying]
			if q == p && any {
				comps = s.withMinorShips(comps, loc, side, n)
			}
			withBarred := false // some group holds Genoese or Venetian squadrons
			for _, c := range comps {
				_, _, _, barred := parseNavGroup(c.Value)
				withBarred = withBarred || barred
			}
			for i, barred := range []bool{false, true} {
				if barred && !withBarred {
					break
				}
				switch {
				case !any:
					levels[i][1] = byLeaders(leaderSets(free)[1:], barred)
				case len(free) > 0:
					levels[i][1] = byLeaders([][]int{free}, barred)
					levels[i][0] = byLeaders(leaderSets(free), barred)
				default:
					levels[i][1] = byLeaders([][]int{nil}, barred)
					levels[i][0] = levels[i][1]
				}
			}
			var withComp []game.Choice
			for _, c := range comps {
				a, b, extra, barred := parseNavGroup(c.Value)
				empties := 0
				if int(a)+int(b)+extra == total {
					empties = 1 // a group emptying the location takes its leaders
				}
				next := levels[b2i(barred)][empties]
				if len(next) > 0 {
					withComp = append(withComp, game.Choice{Label: c.Label, Value: c.Value, Next: next})
				}
			}
			if len(withComp) > 0 {
				owners = append(owners, game.Choice{Label: q.String(), Value: q.String(), Next: withComp})
			}
		}
		if len(owners) > 0 {
			out = append(out, game.Choice{Label: "from " + s.locText(loc), Value: locID(loc), Next: owners})
		}
	}
	return out
}

func (s *State) resolveNavalOrder(path []string) {
	n := s.Naval
	if path[0] == "done" {
		if len(n.Orders) == 0 {
			s.executeNavalOrders()
			return
		}
		// §16.1 step 3: Foul Weather may stop the Naval Move (the orders
		// wait in the window)
		n.Held = true
		s.openWindow(newWindow(winNaval, n.Power, othersFrom(n.Power)))
		return
	}
	owner, _ := ParsePower(path[1])
	from, to := parseLoc(path[0]), parseLoc(path[4])
	main, minors := splitNavGroup(path[2])
	sq, cor := parseNavComp(main)
	n.Orders = append(n.Orders, NavalOrder{From: from, Owner: owner, Sq: sq, Cor: cor,
		Leaders: parseLeaders(path[3]), To: to})
	for _, m := range minors { // the minors' squadrons sail with the major's, as one stack
		n.Orders = append(n.Orders, NavalOrder{From: from, Owner: m.q, Sq: m.n, To: to})
	}
}

// One stack of a major and its active minor allies (§22.3: a minor's
// units "act exactly as the major's own"; §16.1: the Naval Move moves the
// minors' units too; §16.1 step 4: an interception sends "any subset" of a
// location's stack). A group of the major's own units may take along
// squadrons of its minors in the same location: its value is the major's
// "squadrons:corsairs" followed by ",<minor>=<squadrons>" (e.g.
// "1:0,genoa=2"), the minors in map order.

type minorShips struct {
	q Power
	n uint8
}

// splitNavGroup splits a group value into the major's "sq:cor" and its
// minors' squadrons.
func splitNavGroup(v string) (string, []minorShips) {
	if !strings.Contains(v, ",") {
		return v, nil
	}
	parts := strings.Split(v, ",")
	var out []minorShips
	for _, x := range parts[1:] {
		k, n, _ := strings.Cut(x, "=")
		q, _ := ParsePower(k)
		out = append(out, minorShips{q, uint8(atoi(n))})
	}
	return parts[0], out
}

// parseNavGroup reads a group value: the major's squadrons and corsairs,
// the minors' squadrons and whether Genoese or Venetian ones are among
// them (they never enter the Atlantic).
func parseNavGroup(v string) (sq, cor uint8, extra int, barred bool) {
	main, minors := splitNavGroup(v)
	sq, cor = parseNavComp(main)
	for _, m := range minors {
		extra += int(m.n)
		barred = barred || atlanticBarred(m.q, nil)
	}
	return
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// withMinorShips adds to the major's groups at loc (comps, each with at
// least one unit of its own) the variants taking along squadrons of its
// minor allies there not yet ordered (n: the Naval Move, nil for an
// interception, which orders nothing before).
func (s *State) withMinorShips(comps []game.Choice, loc int, side []Power, n *NavalMove) []game.Choice {
	us := s.unitsAt(loc)
	type avail struct {
		q Power
		n int
	}
	var minors []avail
	for _, q := range side[1:] {
		k := int(us[q].Sq)
		if n != nil {
			a, _ := n.orderedFrom(loc, q)
			k -= a
		}
		if k > 0 {
			minors = append(minors, avail{q, k})
		}
	}
	if len(minors) == 0 {
		return comps
	}
	out := append([]game.Choice(nil), comps...)
	var rec func(i int, suffix string)
	rec = func(i int, suffix string) {
		if i == len(minors) {
			if suffix != "" {
				for _, c := range comps {
					v := c.Value + suffix
					out = append(out, game.Choice{Label: v + " (squadrons:corsairs, minor allies' squadrons)", Value: v})
				}
			}
			return
		}
		for k := 0; k <= minors[i].n; k++ {
			next := suffix
			if k > 0 {
				next += "," + minors[i].q.String() + "=" + strconv.Itoa(k)
			}
			rec(i+1, next)
		}
	}
	rec(0, "")
	return out
}

// executeNavalOrders moves every ordered group at once and marks the sea
// zones the active side entered where it had no units (vertical).
func (s *State) executeNavalOrders() {
	n := s.Naval
	side := s.navalSide(n.Power)
	var stays uint16 // bit z: some of the side's units stay in zone z
	for z := range s.Seas {
		loc := SeaLoc + z
		left := 0
		for _, q := range side {
			a, b := n.orderedFrom(loc, q)
			left += s.Seas[z].Units[q].Naval() - a - b
		}
		if left > 0 {
			stays |= 1 << z
		}
	}
	for _, o := range n.Orders {
		from, to := s.unitsAt(o.From), s.unitsAt(o.To)
		from[o.Owner].Sq -= o.Sq
		from[o.Owner].Cor -= o.Cor
		to[o.Owner].Sq += o.Sq
		to[o.Owner].Cor += o.Cor
		s.navalLoanFollows(o.From, o.Owner, o.To)
		var names []string
		for _, l := range o.Leaders {
			s.Leaders[l].Loc = o.To
			names = append(names, Leaders[l].Name)
		}
		text := fmt.Sprintf("%s: %d squadron(s), %d corsair(s) move from %s to %s", o.Owner, o.Sq, o.Cor, s.locText(o.From), s.locText(o.To))
		if len(names) > 0 {
			text += " with " + strings.Join(names, ", ")
		}
		n.log(s, text)
		if o.To >= SeaLoc && o.Sq+o.Cor > 0 {
			z := o.To - SeaLoc
			n.Entered |= 1 << z
			if stays&(1<<z) == 0 {
				n.Vertical |= 1 << z
			}
		}
	}
	n.Orders = nil
	n.Step = navIntercept
}

// navalLoanFollows keeps a loan's location with the borrower's squadrons:
// when fewer of them than the loan remain where it lay, the loan moves along
// (a simplification: loaned and own squadrons are not told apart).
func (s *State) navalLoanFollows(from int, p Power, to int) {
	for i := range s.Loans {
		l := &s.Loans[i]
		if l.Borrower == p && l.Loc == from && s.unitsAt(from)[p].Sq < l.N {
			l.Loc = to
		}
	}
}

// --- the procedure ---

func (s *State) stepNaval() bool {
	n := s.Naval
	if n == nil {
		return false
	}
	if n.Roll != nil {
		s.applyNavalRoll()
		return true
	}
	switch n.Step {
	case navOrders:
		if n.Held {
			// Foul Weather's window is over (cards.go)
			n.Held = false
			if s.foul(n.Power) {
				n.log(s, "Foul Weather: the Naval Move does not take place")
				s.Naval = nil
				return true
			}
			s.executeNavalOrders()
			return true
		}
		s.push(kNavMove, n.Power)
		return true
	case navIntercept:
		if s.nextInterception() {
			return true
		}
		n.Step = navAvoid
		fallthrough
	case navAvoid:
		if s.nextAvoid() {
			return true
		}
		n.Step = navCombat
		fallthrough
	default:
		if n.Fight != nil {
			s.stepNavalFight()
			return true
		}
		if n.RetLoc >= 0 {
			s.settleRetreat()
			if n.RetLoc >= 0 {
				return true
			}
		}
		if len(n.RetAlso) > 0 { // ruling D4's tie: the defender retreats next
			n.RetLoc, n.RetOwners, n.RetPort, n.RetAlso = n.RetAlsoLoc, n.RetAlso, false, nil
			return true
		}
		cs := s.pendingCombats()
		switch {
		case len(cs) == 0:
			s.Naval = nil
			return true
		case len(cs) == 1:
			s.navalCombat(cs[0][0], Power(cs[0][1]))
		default:
			s.push(kNavFight, n.Power)
		}
		return true
	}
}

// --- step 2: interception ---

// interceptSources lists, for enemy major e, the locations adjacent to
// zone z from which e's side may still intercept.
func (s *State) interceptSources(z int, e Power) []int {
	n := s.Naval
	active := s.navalSide(n.Power)
	var out []int
	for _, loc := range navAdjacent(SeaLoc + z) {
		if s.sideNaval(loc, active).Naval() > 0 || n.tried(z, loc) {
			continue
		}
		for _, q := range s.navalSide(e) {
			if s.unitsAt(loc)[q].Naval() > 0 && s.AtWar(n.Power, q) && !(SeaLoc+z == atlanticLoc && atlanticBarred(q, nil)) {
				out = append(out, loc)
				break
			}
		}
	}
	return out
}

func (n *NavalMove) tried(z, loc int) bool {
	for _, t := range n.Tried {
		if t == z*256+loc {
			return true
		}
	}
	return false
}

func (s *State) nextInterception() bool {
	n := s.Naval
	for z := 0; z < NumSeas; z++ {
		if n.Vertical&(1<<z) == 0 {
			continue
		}
		for e := Power(0); e < NumMajors; e++ {
			if n.Done[z]&bit(e) != 0 || (n.Winner[z] != NoPower && n.Winner[z] != e) {
				continue
			}
			if len(s.interceptSources(z, e)) > 0 {
				n.Zone = z
				s.push(kNavIntercept, e)
				return true
			}
		}
	}
	return false
}

func (s *State) interceptChoices(e Power) []game.Choice {
	n := s.Naval
	out := []game.Choice{{Label: "no interception", Value: "none"}}
	for _, loc := range s.interceptSources(n.Zone, e) {
		leaders := s.navalLeadersAt(loc, s.navalSide(e))
		if SeaLoc+n.Zone == atlanticLoc { // Andrea Doria stays out of the Atlantic
			leaders = slices.DeleteFunc(leaders, func(l int) bool { return l == andreaDoria })
		}
		var sets []game.Choice
		for _, set := range leaderSets(leaders) {
			sets = append(sets, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set)})
		}
		// a stack taking every unit of the side there takes its leaders too
		all := []game.Choice{sets[len(sets)-1]}
		side := s.navalSide(e)
		if SeaLoc+n.Zone == atlanticLoc { // Genoese and Venetian ships stay out of the Atlantic
			side = slices.DeleteFunc(slices.Clone(side), func(q Power) bool { return atlanticBarred(q, nil) })
		}
		total := s.sideNaval(loc, s.navalSide(e)).Naval()
		var owners []game.Choice
		for _, q := range side {
			u := s.unitsAt(loc)[q]
			if u.Naval() == 0 || !s.AtWar(n.Power, q) {
				continue
			}
			comps := navComps(int(u.Sq), int(u.Cor))
			if q == e {
				comps = s.withMinorShips(comps, loc, side, nil)
			}
			for i := range comps {
				comps[i].Next = sets
				if a, b, extra, _ := parseNavGroup(comps[i].Value); int(a)+int(b)+extra == total {
					comps[i].Next = all
				}
			}
			owners = append(owners, game.Choice{Label: q.String(), Value: q.String(), Next: comps})
		}
		out = append(out, game.Choice{Label: "from " + s.locText(loc), Value: locID(loc), Next: owners})
	}
	return out
}

func (s *State) resolveIntercept(e Power, path []string) {
	n := s.Naval
	z := n.Zone
	if path[0] == "none" {
		n.Done[z] |= bit(e)
		return
	}
	from := parseLoc(path[0])
	owner, _ := ParsePower(path[1])
	main, _ := splitNavGroup(path[2])
	sq, cor := parseNavComp(main)
	leaders := parseLeaders(path[3])
	n.Tried = append(n.Tried, z*256+from)
	d1, d2 := s.Die(), s.Die()
	total := d1 + d2 + bestBattle(leaders)
	n.Roll = &NavalRoll{Power: e, Zone: z, From: from, Owner: owner, Sq: sq, Cor: cor, Group: path[2], Leaders: leaders, Total: total,
		Text: fmt.Sprintf("%d+%d%+d", d1, d2, bestBattle(leaders))}
	s.navalRollWindow()
}

// navalRollWindow opens the window after an interception or avoid-battle
// roll (Professional Rowers, §16.1).
func (s *State) navalRollWindow() {
	n := s.Naval
	w := newWindow(winNavalRoll, n.Power, allFrom(n.Power))
	w.Space, w.Roll = SeaLoc+n.Roll.Zone, n.Roll.Total
	s.openWindow(w)
}

// applyNavalRoll applies the interception or avoid-battle roll once its
// window is over.
func (s *State) applyNavalRoll() {
	n := s.Naval
	r := n.Roll
	n.Roll = nil
	z := r.Zone
	total := r.Total
	if r.Avoid {
		e := r.Power
		if total < 9 {
			n.log(s, fmt.Sprintf("%s fails to avoid battle in %s (%s = %d)", e, Seas[z].Name, r.Text, total))
			return
		}
		n.log(s, fmt.Sprintf("%s avoids battle in %s (%s = %d)", e, Seas[z].Name, r.Text, total))
		s.navalShift(SeaLoc+z, s.avoiders(z, e), r.To, "avoid battle")
		return
	}
	e, from, owner, sq, cor, leaders := r.Power, r.From, r.Owner, r.Sq, r.Cor, r.Leaders
	_, minors := splitNavGroup(r.Group)
	if total < 9 {
		n.log(s, fmt.Sprintf("%s fails to intercept into %s from %s (%s = %d)", owner, Seas[z].Name, s.locText(from), r.Text, total))
		return
	}
	n.log(s, fmt.Sprintf("%s intercepts into %s from %s with %d squadron(s), %d corsair(s) (%s = %d)", owner, Seas[z].Name, s.locText(from), sq, cor, r.Text, total))
	fu, tu := s.unitsAt(from), &s.Seas[z].Units
	fu[owner].Sq -= sq
	fu[owner].Cor -= cor
	tu[owner].Sq += sq
	tu[owner].Cor += cor
	s.navalLoanFollows(from, owner, SeaLoc+z)
	for _, m := range minors { // the minors' squadrons intercept with the major's, as one stack
		fu[m.q].Sq -= m.n
		tu[m.q].Sq += m.n
		n.log(s, fmt.Sprintf("%s: %d squadron(s) intercept with %s", m.q, m.n, owner))
	}
	for _, l := range leaders {
		s.Leaders[l].Loc = SeaLoc + z
	}
	n.Intercepted |= 1 << z
	n.Winner[z] = e
}

// --- step 3: avoid battle ---

// navalAvoidDests lists where enemy major e's units may avoid battle from zone
// z: an adjacent port it controls, or an adjacent sea zone holding no units
// of a power at war with it (neither holding naval units at war with it).
func (s *State) navalAvoidDests(z int, e Power) []int {
	noAtlantic := s.atlanticBarredAt(SeaLoc+z, s.navalSide(e))
	var out []int
	for _, to := range navAdjacent(SeaLoc + z) {
		if s.hasEnemyUnits(to, e) || noAtlantic && to == atlanticLoc {
			continue
		}
		if to < SeaLoc && !s.ControlledBy(SpaceID(to), e) {
			continue
		}
		out = append(out, to)
	}
	return out
}

// avoiders lists the powers of e's side at war with the active power that
// have naval units in zone z.
func (s *State) avoiders(z int, e Power) []Power {
	var out []Power
	for _, q := range s.navalSide(e) {
		if s.Seas[z].Units[q].Naval() > 0 && s.AtWar(s.Naval.Power, q) {
			out = append(out, q)
		}
	}
	return out
}

func (s *State) nextAvoid() bool {
	n := s.Naval
	for z := 0; z < NumSeas; z++ {
		if n.Vertical&(1<<z) == 0 || n.Intercepted&(1<<z) != 0 || s.sideNaval(SeaLoc+z, s.navalSide(n.Power)).Naval() == 0 {
			continue
		}
		for e := Power(0); e < NumMajors; e++ {
			if n.Asked[z]&bit(e) != 0 || len(s.avoiders(z, e)) == 0 || len(s.navalAvoidDests(z, e)) == 0 {
				continue
			}
			n.Zone = z
			s.push(kNavAvoid, e)
			return true
		}
	}
	return false
}

func (s *State) avoidChoices(e Power) []game.Choice {
	out := []game.Choice{{Label: "stay and fight", Value: "stay"}}
	for _, to := range s.navalAvoidDests(s.Naval.Zone, e) {
		out = append(out, game.Choice{Label: s.locText(to), Value: locID(to)})
	}
	return out
}

func (s *State) resolveAvoid(e Power, path []string) {
	n := s.Naval
	z := n.Zone
	n.Asked[z] |= bit(e)
	if path[0] == "stay" {
		return
	}
	leaders := s.navalLeadersAt(SeaLoc+z, s.navalSide(e))
	d1, d2 := s.Die(), s.Die()
	total := d1 + d2 + bestBattle(leaders)
	n.Roll = &NavalRoll{Avoid: true, Power: e, Zone: z, To: parseLoc(path[0]), Total: total,
		Text: fmt.Sprintf("%d+%d%+d", d1, d2, bestBattle(leaders))}
	s.navalRollWindow()
}

// navalShift moves every naval unit of these powers, and the naval leaders
// serving them, from one location to another.
func (s *State) navalShift(from int, owners []Power, to int, why string) {
	fu, tu := s.unitsAt(from), s.unitsAt(to)
	for _, q := range owners {
		if fu[q].Naval() == 0 {
			continue
		}
		tu[q].Sq += fu[q].Sq
		tu[q].Cor += fu[q].Cor
		fu[q].Sq, fu[q].Cor = 0, 0
		s.navalLoanFollows(from, q, to)
		if s.Naval != nil {
			s.Naval.log(s, fmt.Sprintf("%s naval units %s from %s to %s", q, why, s.locText(from), s.locText(to)))
		}
	}
	for _, l := range s.navalLeadersAt(from, owners) {
		s.Leaders[l].Loc = to
	}
}

// --- ruling D4: the immediate battles of a war begun in the Action Phase ---

// warNavalBattles starts, when a war between a and b (majors or minors)
// begins in the Action Phase (§9.6 "Wars that start during the Action
// Phase", ruling D4), an immediate naval combat in every sea zone where
// naval units of both sides are: the active power's side (else a's) is the
// attacker. It runs as a Naval Move procedure with no movement (War set):
// the attacker chooses the order of the combats (naval.fight, as in §16.1
// step 7) when there are several; each has its combat cards' windows
// (stepNavalFight); on equal hits both sides retreat, the attacker first.
// Ports are left out: only zones are named, and enemies cannot share a port
// at peace. Battles of another war with the same attacker join those still
// pending; with a Naval Move in progress nothing is added (its combat step
// fights every enemy sharing a location with the active side).
func (s *State) warNavalBattles(a, b Power) {
	if s.Phase != PhaseAction {
		return
	}
	att, def := s.side(a), s.side(b)
	if def == s.Impulse {
		att, def = def, att
	}
	if att >= NumMajors || def >= NumMajors || att == def {
		return
	}
	var battles [][2]int
	for z := range s.Seas {
		if s.sideNaval(SeaLoc+z, s.navalSide(att)).Naval() > 0 && s.sideNaval(SeaLoc+z, s.navalSide(def)).Naval() > 0 {
			battles = append(battles, [2]int{SeaLoc + z, int(def)})
		}
	}
	if len(battles) == 0 {
		return
	}
	if n := s.Naval; n != nil {
		if n.War && n.Power == att && n.Fight == nil { // a second war of the same event (the League's two)
			for _, b := range battles {
				if !slices.Contains(n.Battles, b) {
					n.Battles = append(n.Battles, b)
				}
			}
		}
		return
	}
	s.Naval = &NavalMove{Power: att, Step: navCombat, RetLoc: -1, Zone: -1, War: true, Battles: battles}
	for i := range s.Naval.Winner {
		s.Naval.Winner[i] = NoPower
	}
	s.Naval.log(s, fmt.Sprintf("war between %s and %s: immediate naval combat where their fleets share a sea zone", att, def))
}

// --- step 7: combats ---

// pendingCombats lists (location, enemy power) pairs where the active side
// shares a location with naval units of a power at war with it. An active
// minor's units fight as its major's own (§22.3): the pair names the major
// once for both.
func (s *State) pendingCombats() [][2]int {
	n := s.Naval
	active := s.navalSide(n.Power)
	var out [][2]int
	if n.War { // ruling D4: only the battles of the new war, while both sides are still there
		for _, b := range n.Battles {
			if s.sideNaval(b[0], active).Naval() > 0 && s.sideNaval(b[0], s.navalSide(Power(b[1]))).Naval() > 0 {
				out = append(out, b)
			}
		}
		return out
	}
	check := func(loc int) {
		if s.sideNaval(loc, active).Naval() == 0 {
			return
		}
		us := s.unitsAt(loc)
		first := len(out)
		for q := Power(0); q < NumPowers; q++ {
			if us[q].Naval() > 0 && s.AtWar(n.Power, q) {
				pair := [2]int{loc, int(s.side(q))}
				if !slices.Contains(out[first:], pair) {
					out = append(out, pair)
				}
			}
		}
	}
	for i := range s.Spaces {
		check(i)
	}
	for z := range s.Seas {
		check(SeaLoc + z)
	}
	return out
}

// NavalLosses applies hits to one side's naval units (§16.2 step 8): a
// squadron per 2 hits while squadrons remain, then a corsair per remaining
// hit, then a single leftover hit sinks one more squadron only on the side
// that lost the combat. It returns the units destroyed.
func NavalLosses(u Units, hits int, lost bool) (sq, cor int) {
	sq = hits / 2
	if sq > int(u.Sq) {
		sq = int(u.Sq)
	}
	rem := hits - 2*sq
	cor = rem
	if cor > int(u.Cor) {
		cor = int(u.Cor)
	}
	rem -= cor
	if rem == 1 && lost && int(u.Sq) > sq {
		sq++
	}
	return sq, cor
}

// NavalFight is a naval combat in progress (NavalMove.Fight, §16.2): the
// location, the defending major, the step (0 the combat cards' window, 1
// the dice, 2 the window after the dice, 3 the outcome), the cards' extra
// dice and the dice and hits of each side.
type NavalFight struct {
	Loc      int   `json:"loc"`
	Q        Power `json:"q"`
	Step     uint8 `json:"step"`
	AttExtra int   `json:"att_extra,omitempty"`
	DefExtra int   `json:"def_extra,omitempty"`
	AttDice  []int `json:"att_dice,omitempty"`
	DefDice  []int `json:"def_dice,omitempty"`
	AttHits  int   `json:"att_hits"`
	DefHits  int   `json:"def_hits"`
}

// navalCombat starts the naval combat at loc between the active side
// (attacker) and power q with its active minor allies (defender): the
// combat cards are declared (attacker, then defender: Arquebusiers), both
// roll, Janissaries and Professional Rowers may be played, then losses and
// the retreat are settled (§16.2, §22.3; stepNavalFight).
func (s *State) navalCombat(loc int, q Power) {
	n := s.Naval
	n.Fight = &NavalFight{Loc: loc, Q: q}
	n.Battles = slices.DeleteFunc(n.Battles, func(b [2]int) bool { return b == [2]int{loc, int(q)} })
	w := newWindow(winSea, n.Power, []Power{n.Power, q})
	w.Space = loc
	s.openWindow(w)
}

// stepNavalFight advances the naval combat in progress.
func (s *State) stepNavalFight() {
	n := s.Naval
	f := n.Fight
	p, q, loc := n.Power, f.Q, f.Loc
	attSide, defSide := s.navalSide(p), s.navalSide(q)
	att, def := s.sideNaval(loc, attSide), s.sideNaval(loc, defSide)
	if f.Step == 0 {
		attL, defL := s.navalLeadersAt(loc, attSide), s.navalLeadersAt(loc, defSide)
		attDice := 2*int(att.Sq) + int(att.Cor) + bestBattle(attL) + f.AttExtra
		defDice := 2*int(def.Sq) + int(def.Cor) + bestBattle(defL) + f.DefExtra
		if loc < SeaLoc {
			defDice++
		}
		f.AttHits, f.AttDice = s.Hits(attDice)
		f.DefHits, f.DefDice = s.Hits(defDice)
		f.Step = 1
		w := newWindow(winSeaRolled, p, allFrom(p))
		w.Space = loc
		s.openWindow(w)
		return
	}
	n.Fight = nil
	port := loc < SeaLoc
	ah, ad, attDice := f.AttHits, f.AttDice, len(f.AttDice)
	dh, dd, defDice := f.DefHits, f.DefDice, len(f.DefDice)
	attWins := ah > dh
	winner := q
	if attWins {
		winner = p
	}
	// ruling D4: in the immediate battle of a war begun in the Action
	// Phase, equal hits send both sides back (the attacker first); the
	// casualties still count the defender as the winner (§16.2 step 7)
	both := n.War && !port && ah == dh
	result := winner.String() + " wins"
	if both {
		result = "equal hits: both sides retreat"
	}
	n.log(s, fmt.Sprintf("naval combat in %s: %s %d dice %v, %d hit(s); %s %d dice %v, %d hit(s); %s",
		s.locText(loc), p, attDice, ad, ah, q, defDice, dd, dh, result))
	aSq, aCor := NavalLosses(att, dh, !attWins)
	dSq, dCor := NavalLosses(def, ah, attWins)
	if aSq+aCor == att.Naval() && dSq+dCor == def.Naval() {
		// both sides wiped out: the side with more dice keeps one unit
		// (the defender on equal dice)
		if attDice > defDice {
			if aSq > 0 {
				aSq--
			} else {
				aCor--
			}
		} else if dSq > 0 {
			dSq--
		} else {
			dCor--
		}
	}
	s.navalRemove(loc, attSide, aSq, aCor)
	s.navalRemove(loc, defSide, dSq, dCor)
	// retreat (step 9)
	attLeft := s.sideNaval(loc, attSide).Naval() > 0
	defLeft := s.sideNaval(loc, defSide).Naval() > 0
	switch {
	case both && attLeft:
		n.RetLoc, n.RetOwners, n.RetPort = loc, attSide, false
		if defLeft {
			n.RetAlso, n.RetAlsoLoc = defSide, loc
		}
	case both && defLeft:
		n.RetLoc, n.RetOwners, n.RetPort = loc, defSide, false
	case port && attLeft:
		n.RetLoc, n.RetOwners, n.RetPort = loc, attSide, true
	case !port && !attWins && attLeft:
		n.RetLoc, n.RetOwners, n.RetPort = loc, attSide, false
	case !port && attWins && defLeft:
		n.RetLoc, n.RetOwners, n.RetPort = loc, defSide, false
	}
	// a losing active side may not move again this impulse: it is marked
	// where it retreats to (navalRetreatTo)
	n.RetLost = !attWins && attLeft
}

// navalRemove sinks sq squadrons and cor corsairs of a side at loc (the
// first powers of the list first) onto the Turn Track; naval leaders of a
// side left with no naval unit there go to the Turn Track too (§16.2 step 10).
func (s *State) navalRemove(loc int, side []Power, sq, cor int) {
	us := s.unitsAt(loc)
	for _, q := range side {
		k := min(sq, int(us[q].Sq))
		us[q].Sq -= uint8(k)
		s.NavalLost[q].Sq += uint8(k)
		sq -= k
		c := min(cor, int(us[q].Cor))
		us[q].Cor -= uint8(c)
		s.NavalLost[q].Cor += uint8(c)
		cor -= c
		if k+c > 0 && s.Naval != nil {
			s.Naval.log(s, fmt.Sprintf("%s loses %d squadron(s), %d corsair(s) in %s", q, k, c, s.locText(loc)))
		}
	}
	if s.sideNaval(loc, side).Naval() > 0 {
		return
	}
	for _, l := range s.navalLeadersAt(loc, side) {
		s.Leaders[l].Loc = OffMap
		s.NavalTrackL = append(s.NavalTrackL, l)
		s.emit("naval", Leaders[l].Name+" goes to the Turn Track")
	}
}

// navalRetreatDests lists where naval units of these powers may retreat
// from loc (§16.2 step 9): after a combat in port, a sea zone of that port
// without enemy naval units; after one at sea, an adjacent port the owner
// controls or an adjacent sea zone, without enemy naval units.
func (s *State) navalRetreatDests(loc int, owners []Power, fromPort bool) []int {
	owner := owners[0]
	noAtlantic := s.atlanticBarredAt(loc, owners)
	var out []int
	for _, to := range navAdjacent(loc) {
		if s.enemyNavalAt(to, owner) || noAtlantic && to == atlanticLoc {
			continue
		}
		if fromPort && to < SeaLoc {
			continue
		}
		if to < SeaLoc && !s.navalPortOK(SpaceID(to), owner) {
			continue
		}
		out = append(out, to)
	}
	return out
}

// settleRetreat moves the retreating side when it has at most one place to
// go (none: eliminated), else asks its owner.
func (s *State) settleRetreat() {
	n := s.Naval
	dests := s.navalRetreatDests(n.RetLoc, n.RetOwners, n.RetPort)
	switch len(dests) {
	case 0:
		u := s.sideNaval(n.RetLoc, n.RetOwners)
		n.log(s, fmt.Sprintf("%s naval units in %s have nowhere to retreat: eliminated", n.RetOwners[0], s.locText(n.RetLoc)))
		s.navalRemove(n.RetLoc, n.RetOwners, int(u.Sq), int(u.Cor))
		n.RetLoc, n.RetOwners = -1, nil
	case 1:
		s.navalRetreatTo(dests[0])
	default:
		if s.decider(n.RetOwners[0]) == NoPower {
			s.navalRetreatTo(dests[0]) // an inactive minor: nobody to ask
			return
		}
		s.push(kNavRetreat, s.decider(n.RetOwners[0]))
	}
}

func (s *State) navalRetreatTo(to int) {
	n := s.Naval
	s.navalShift(n.RetLoc, n.RetOwners, to, "retreat")
	if n.RetLost && n.RetOwners[0] == n.Power && s.Act != nil {
		i, b := stuckBit(to)
		s.Act.NavalStuck[i] |= b
	}
	n.RetLoc, n.RetOwners, n.RetLost = -1, nil, false
}

// navalTrackReturns runs the Turn Track part of the Card Draw Phase (§8.2
// step 1): naval units lost last turn return to the force pool, and naval
// leaders lost last turn become due to return (stepNavalReturn places them).
func (s *State) navalTrackReturns() {
	s.NavalLost = [NumPowers]Units{}
	s.NavalDue = append(s.NavalDue, s.NavalTrackL...)
	s.NavalTrackL = nil
}

// navalReturnPorts lists the friendly-controlled ports a returning naval
// leader may be placed in.
func (s *State) navalReturnPorts(l int) []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		if len(Spaces[i].Ports) > 0 && s.FriendlySpace(SpaceID(i), s.lpower(l)) {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// stepNavalReturn places the first due leader: with no friendly port he
// stays on the Turn Track another turn (ruling A2); with one, or with no
// major to decide (an inactive minor's leader), he goes to the first; else
// his owner chooses (naval.return).
func (s *State) stepNavalReturn() bool {
	if len(s.NavalDue) == 0 {
		return false
	}
	l := s.NavalDue[0]
	ports := s.navalReturnPorts(l)
	who := s.decider(s.lpower(l))
	switch {
	case len(ports) == 0:
		s.NavalDue = s.NavalDue[1:]
		s.NavalTrackL = append(s.NavalTrackL, l)
		s.emit("leader", Leaders[l].Name+" has no friendly port: he stays on the Turn Track")
	case len(ports) == 1 || who == NoPower:
		s.navalReturn(ports[0])
	default:
		s.push(kNavReturn, who)
	}
	return true
}

func (s *State) navalReturn(port SpaceID) {
	l := s.NavalDue[0]
	s.NavalDue = s.NavalDue[1:]
	s.Leaders[l].Loc = int(port)
	s.emit("leader", fmt.Sprintf("%s returns from the Turn Track to %s", Leaders[l].Name, Spaces[port].Name))
}

func init() {
	registerProc(50, (*State).stepNavalReturn)
	registerDecision(kNavReturn, &decisionDef{
		text: func(s *State, d Decision) string {
			return Leaders[s.NavalDue[0]].Name + " returns from the Turn Track: choose a friendly port"
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, port := range s.navalReturnPorts(s.NavalDue[0]) {
				out = append(out, game.Choice{Label: Spaces[port].Name, Value: Spaces[port].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) { s.navalReturn(mustSpace(path[0])) },
	})
}
