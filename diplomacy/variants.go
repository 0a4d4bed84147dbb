package diplomacy

import (
	"fmt"
	"sort"
	"strings"
)

// Settings are the rule variants a game plays with, beside its map. They
// come from game.Config.Options (and the adjudicate JSON's "options"):
//
//   - "rules": the edition, 1971/1982/2000/2023 (default 2023; 1971 with Catspaw)
//   - "players": comma-separated powers that have a player; the others are
//     unplayed (default: all played)
//   - "preset": "5p" (Germany and Italy unplayed) or "6p" (Italy unplayed),
//     for the standard map
//   - "catspaw": "true": players also write extra orders for the units of
//     unplayed powers (Catspaw; 1971 rules unless "rules" says otherwise)
//   - "fog": "true": each seat sees only what its units can reach (Fog of War)
//   - "black_hole": "true": after each Spring and Fall a random province is
//     destroyed (Black Hole); powers may protect a home centre ("protect")
//   - "crystal_ball": "true": movement orders are written one movement phase
//     ahead ("ahead"); the first phase's orders are written as usual
//   - "seismic": "true": before each Spring but the first, a seismic phase
//     where each played power may order one event connecting or separating
//     two provinces (Seismic; seismic.go)
//   - "schizo": "true": after each Spring and Fall a random province splits
//     in two and another is destroyed; victory is a majority of the centres
//     that exist (Schizodiplomacy; schizo.go)
//   - "reverse_gunboat", "double", "payola", "anarchy", "intimate": Reverse
//     Gunboat and Double Diplomacy (seats.go), Payola (payola.go), Anarchy
//     (anarchy.go) and Intimate (intimate.go); which combine is in
//     ordervariants.go
//
// Unplayed powers' units hold when no order reaches them, are disbanded when
// dislodged, and their adjustments follow the civil disorder rule (Standard
// 5P/6P).
type Settings struct {
	Edition     Edition
	Unplayed    []bool // by Power
	Catspaw     bool
	Fog         bool
	BlackHole   bool
	CrystalBall bool
	Seismic     bool
	Schizo      bool
	// Order-writing variants (ordervariants.go).
	ReverseGunboat bool
	Double         bool
	Payola         bool
	Anarchy        bool
	Intimate       bool
}

// settingKeys are the option names ParseSettings accepts.
var settingKeys = append([]string{"rules", "players", "preset", "catspaw", "fog", "black_hole", "crystal_ball", "seismic", "schizo"}, orderVariantKeys...)

// ParseSettings reads and checks a game's variant options for map m.
func ParseSettings(m *Map, opts map[string]string) (Settings, error) {
	s := Settings{Unplayed: make([]bool, len(m.Powers))}
	for i, p := range m.Powers {
		s.Unplayed[i] = p.Dummy // dummy powers (neutral garrisons) have no player
	}
	for k := range opts {
		known := false
		for _, n := range settingKeys {
			known = known || k == n
		}
		if !known {
			return s, fmt.Errorf("unknown option %q (known: %s)", k, strings.Join(settingKeys, ", "))
		}
	}
	var err error
	if s.Catspaw, err = boolOption(opts, "catspaw"); err != nil {
		return s, err
	}
	if s.Fog, err = boolOption(opts, "fog"); err != nil {
		return s, err
	}
	if s.BlackHole, err = boolOption(opts, "black_hole"); err != nil {
		return s, err
	}
	if s.CrystalBall, err = boolOption(opts, "crystal_ball"); err != nil {
		return s, err
	}
	if s.Seismic, err = boolOption(opts, "seismic"); err != nil {
		return s, err
	}
	if s.Schizo, err = boolOption(opts, "schizo"); err != nil {
		return s, err
	}
	rules, ok := opts["rules"]
	if !ok && s.Catspaw {
		rules = "1971" // Catspaw is written against the 1971 rules
	}
	if s.Edition, err = ParseEdition(rules); err != nil {
		return s, err
	}
	if p, ok := opts["preset"]; ok {
		if m.ID != "standard" {
			return s, fmt.Errorf("preset %q: only for the standard map", p)
		}
		var out []string
		switch strings.ToLower(p) {
		case "5p":
			out = []string{"germany", "italy"}
		case "6p":
			out = []string{"italy"}
		case "7p", "":
		default:
			return s, fmt.Errorf("unknown preset %q (want 5p or 6p)", p)
		}
		for _, name := range out {
			pw, _ := m.LookupPower(name)
			s.Unplayed[pw] = true
		}
	}
	if list, ok := opts["players"]; ok {
		if _, both := opts["preset"]; both {
			return s, fmt.Errorf("give players or preset, not both")
		}
		for i := range s.Unplayed {
			s.Unplayed[i] = true
		}
		n := 0
		for _, name := range strings.Split(list, ",") {
			name = strings.TrimSpace(name)
			pw, ok := m.LookupPower(name)
			if !ok {
				return s, fmt.Errorf("players: unknown power %q", name)
			}
			if m.Powers[pw].Dummy {
				return s, fmt.Errorf("players: %s is a dummy power and has no player", name)
			}
			if !s.Unplayed[pw] {
				return s, fmt.Errorf("players: %s named twice", name)
			}
			s.Unplayed[pw] = false
			n++
		}
		if n == 0 {
			return s, fmt.Errorf("players: name at least one power")
		}
	}
	if err := s.parseOrderVariants(m, opts); err != nil {
		return s, err
	}
	if s.Catspaw && !s.anyUnplayedPlayable(m) {
		return s, fmt.Errorf("catspaw needs unplayed powers: set players (Catspaw: three of the seven)")
	}
	return s, nil
}

func boolOption(opts map[string]string, key string) (bool, error) {
	switch v := opts[key]; v {
	case "", "false", "no", "0":
		return false, nil
	case "true", "yes", "1":
		return true, nil
	default:
		return false, fmt.Errorf("option %s: %q is not true or false", key, v)
	}
}

func (s Settings) anyUnplayedPlayable(m *Map) bool {
	for i, u := range s.Unplayed {
		if u && !m.Powers[i].Dummy {
			return true
		}
	}
	return false
}

// Played reports whether power pw has a player.
func (s Settings) Played(pw Power) bool { return int(pw) >= len(s.Unplayed) || !s.Unplayed[pw] }

// ExtraOrderQuota is how many orders a Catspaw player owning `centres`
// centres may write for unplayed units: floor((victory − centres) / 3),
// never negative (the standard map: 18 to win, so 0 centres give 6).
func ExtraOrderQuota(m *Map, centres int) int {
	q := (m.Victory - centres) / 3
	if q < 0 {
		return 0
	}
	return q
}

// Written is an order with the power whose player wrote it.
type Written struct {
	Writer Power
	Order  Order
}

// Reason codes of the Catspaw merge.
const (
	ReasonOutvoted         Reason = 200 + iota // another order for the unit was written more often
	ReasonTie                                  // a tie between orders: the unit holds
	ReasonOverQuota                            // more extra orders than the player may write
	ReasonNotUnplayed                          // an extra order for a unit of a played power
	ReasonSelfDislodge                         // an extra order to dislodge, or support dislodging, the unit's own power
	ReasonNoExtraOrder                         // an extra order for an unplayed power's retreat or removal
	ReasonBuildOutvoted                        // more extra builds than the power is owed: others were written more often
	ReasonBuildTie                             // more extra builds than the power is owed, tied in votes: none of them is made
	ReasonBuildNotUnplayed                     // an extra build in a centre of a played power (the writer could not see it, under Fog of War)
)

func init() {
	extraReasonText = map[Reason]string{
		ReasonOutvoted:         "another order for this unit was written more often",
		ReasonTie:              "orders for this unit tied: it holds",
		ReasonOverQuota:        "more extra orders than the player may write",
		ReasonNotUnplayed:      "only units of unplayed powers take extra orders",
		ReasonSelfDislodge:     "a unit may not be ordered to dislodge, or support dislodging, a unit of its own power",
		ReasonNoExtraOrder:     "an unplayed power's retreats and removals are made as for a power that sent no orders: extra orders do not choose them",
		ReasonBuildOutvoted:    "the power is owed fewer builds than were written for it, and other builds were written more often",
		ReasonBuildTie:         "the power is owed fewer builds than were written for it, and these tied: none of them is made",
		ReasonBuildNotUnplayed: "the centre belongs to a played power: only unplayed powers take extra builds",
	}
}

// Catspaw turns the orders players wrote into the orders units follow
// (Catspaw): an order for the writer's own unit stands; an extra order for a
// unit of an unplayed power is counted, and that unit follows the valid order
// written most often, holding on a tie (invalid orders count for nothing).
// Each writer's extra orders beyond ExtraOrderQuota are refused, in the
// order written.
//
// In an adjustment phase each writer may write one extra build (rule 10).
// Builds are settled like orders, by plurality, where they conflict: at each
// site the build written most often stands (none on a tie); then, when more
// sites are left than the unplayed power is owed builds, the sites written
// most often are built, and sites tied for the last builds owed are all left
// unbuilt. Retreats and removals of unplayed powers take no extra orders:
// they are made as for a power that sent no orders (dislodged units are
// disbanded, removals follow the civil disorder rule).
//
// It returns the effective orders and, per written order, the index of the
// effective order it became (or -1) with the outcome for a refused one.
func (a *Adjudicator) Catspaw(pos *Position, s Settings, written []Written) ([]OrderIn, []int, []Outcome) {
	m := a.m
	var eff []OrderIn
	idx := make([]int, len(written))
	pre := make([]Outcome, len(written))
	var cb [256]int
	centres := pos.countCentersInto(cb[:])
	used := map[Power]int{}
	type tally struct {
		order Order
		owner Power
		count int
		first int // index in written, for a stable order
		who   []int
	}
	byTarget := map[Province][]*tally{} // unit province (or, for builds, the site) -> candidates
	for i, w := range written {
		idx[i] = -1
		o := w.Order
		owner, target, extra := a.catspawTarget(pos, s, w)
		if !extra {
			idx[i] = len(eff)
			eff = append(eff, OrderIn{Power: w.Writer, Order: o})
			continue
		}
		if owner == NoPower || s.Played(owner) {
			pre[i] = Outcome{Result: Invalid, Reason: ReasonNotUnplayed, At: o.At, To: NoLoc}
			if o.Type == BuildOrder {
				pre[i].Reason = ReasonBuildNotUnplayed
			}
			continue
		}
		if pos.Phase.Type != Movement && o.Type != BuildOrder {
			pre[i] = Outcome{Result: Invalid, Reason: ReasonNoExtraOrder, At: NoLoc, To: NoLoc}
			continue
		}
		quota := ExtraOrderQuota(m, centres[w.Writer])
		if pos.Phase.Type == Adjustment {
			quota = 1
		}
		if used[w.Writer] >= quota {
			pre[i] = Outcome{Result: Invalid, Reason: ReasonOverQuota, At: NoLoc, To: NoLoc}
			continue
		}
		used[w.Writer]++
		if out := a.validAlone(pos, OrderIn{Power: owner, Order: o}); out.Result == Invalid {
			pre[i] = out
			continue
		}
		if a.selfDislodging(pos, owner, o) {
			pre[i] = Outcome{Result: Invalid, Reason: ReasonSelfDislodge, At: NoLoc, To: NoLoc}
			continue
		}
		found := false
		for _, t := range byTarget[target] {
			if t.order == o {
				t.count++
				t.who = append(t.who, i)
				found = true
			}
		}
		if !found {
			byTarget[target] = append(byTarget[target], &tally{order: o, owner: owner, count: 1, first: i, who: []int{i}})
		}
	}
	// Plurality per unit (per build site).
	targets := make([]Province, 0, len(byTarget))
	for t := range byTarget {
		targets = append(targets, t)
	}
	sort.Slice(targets, func(i, j int) bool { return targets[i] < targets[j] })
	fail := func(c *tally, r Reason) {
		for _, i := range c.who {
			pre[i] = Outcome{Result: Fails, Reason: r, At: NoLoc, To: NoLoc}
		}
	}
	follow := func(c *tally) {
		for _, i := range c.who {
			idx[i] = len(eff)
		}
		eff = append(eff, OrderIn{Power: c.owner, Order: c.order})
	}
	builds := map[Power][]*tally{} // the builds standing at their site, by power
	for _, t := range targets {
		cands := byTarget[t]
		best, tie := cands[0], false
		for _, c := range cands[1:] {
			switch {
			case c.count > best.count:
				best, tie = c, false
			case c.count == best.count:
				tie = true
			}
		}
		for _, c := range cands {
			switch {
			case tie:
				fail(c, ReasonTie)
			case c != best:
				fail(c, ReasonOutvoted)
			case c.order.Type == BuildOrder:
				builds[c.owner] = append(builds[c.owner], c)
			default:
				follow(c)
			}
		}
	}
	// Builds beyond what each power is owed: the most written are made.
	for pw := range m.Powers {
		list := builds[Power(pw)]
		if len(list) == 0 {
			continue
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].count > list[j].count })
		owed := pos.buildsOwed(Power(pw))
		if len(list) <= owed {
			for _, c := range list {
				follow(c)
			}
			continue
		}
		if owed == 0 {
			for _, c := range list {
				fail(c, ReasonNoBuilds)
			}
			continue
		}
		cut := list[owed-1].count
		above, at := 0, 0
		for _, c := range list {
			switch {
			case c.count > cut:
				above++
			case c.count == cut:
				at++
			}
		}
		for _, c := range list {
			switch {
			case c.count > cut, c.count == cut && above+at <= owed:
				follow(c)
			case c.count == cut:
				fail(c, ReasonBuildTie)
			default:
				fail(c, ReasonBuildOutvoted)
			}
		}
	}
	return eff, idx, pre
}

// buildsOwed is how many builds power pw may make in this adjustment phase:
// its surplus of centres over units, under the map's build limit.
func (pos *Position) buildsOwed(pw Power) int {
	var ub, cb [256]int
	d := pos.countCentersInto(cb[:])[pw] - pos.countUnitsInto(ub[:])[pw]
	if d <= 0 {
		return 0
	}
	return pos.buildLimit(d)
}

// catspawTarget says whether a written order is an extra order and, if so,
// for which power and which unit (or, for a build, which power's builds).
func (a *Adjudicator) catspawTarget(pos *Position, s Settings, w Written) (Power, Province, bool) {
	m := a.m
	o := w.Order
	switch o.Type {
	case WaiveOrder:
		return NoPower, 0, false
	case BuildOrder:
		if o.At == NoLoc || int(o.At) >= len(m.Locs) {
			return NoPower, 0, false
		}
		p := m.Prov(o.At)
		if pw := pos.buildFor(w.Writer, p); pw != NoPower {
			return pw, p, true // builds at one site compete
		}
		return NoPower, 0, false // the writer's own build
	}
	if o.At == NoLoc || int(o.At) >= len(m.Locs) {
		return NoPower, 0, false
	}
	p := m.Prov(o.At)
	u := pos.Units[p]
	if pos.Phase.Type == Retreat {
		for _, d := range pos.Dislodged {
			if m.Prov(d.Loc) == p {
				u = d.Unit
			}
		}
	}
	if u.Type == NoUnit || u.Power == w.Writer {
		return NoPower, 0, false
	}
	return u.Power, p, true
}

// buildFor is the other power a build written by writer at site p is an
// extra build for (Catspaw), or NoPower for the writer's own build: the
// centre's owner, or when the writer owns it or nobody does, its home power;
// never the writer.
func (pos *Position) buildFor(writer Power, p Province) Power {
	pw := pos.Owners[p]
	if pw == NoPower || pw == writer {
		pw = pos.Map.Provinces[p].Home
	}
	if pw == writer || pos.Owners[p] == writer {
		return NoPower
	}
	return pw
}

// selfDislodging reports whether o, for a unit of power pw, moves or
// supports a move into a province held by pw's own unit (Catspaw rule 9).
func (a *Adjudicator) selfDislodging(pos *Position, pw Power, o Order) bool {
	if (o.Type != Move && o.Type != SupportOrder) || o.To == NoLoc || int(o.To) >= len(a.m.Locs) {
		return false
	}
	u := pos.Units[a.m.Prov(o.To)]
	return u.Type != NoUnit && u.Power == pw && a.m.Prov(o.To) != a.m.Prov(o.At)
}

// validAlone checks one order against the position, as the phase would,
// without adjudicating anything.
func (a *Adjudicator) validAlone(pos *Position, in OrderIn) Outcome {
	var out [1]Outcome
	switch pos.Phase.Type {
	case Movement:
		a.loadUnits(pos)
		return a.validateMovement(pos, in, 0)
	case Adjustment:
		p := pos.Clone()
		a.Adjustments(p, []OrderIn{in}, out[:])
		return out[0]
	}
	return Outcome{Result: Invalid, Reason: ReasonWrongPhase, Detail: pos.Phase.Type.String()}
}

// Resolve adjudicates the phase pos is in with the orders players wrote,
// under the settings s: with Catspaw, extra orders for unplayed units are
// merged first. out[i] is the fate of written[i]; pos becomes the position
// after the phase.
func (a *Adjudicator) Resolve(pos *Position, s Settings, written []Written, out []Outcome) {
	if !s.Catspaw {
		in := make([]OrderIn, len(written))
		for i, w := range written {
			in[i] = OrderIn{Power: w.Writer, Order: w.Order}
		}
		a.Step(pos, in, out)
		return
	}
	eff, idx, pre := a.Catspaw(pos, s, written)
	effOut := make([]Outcome, len(eff))
	a.Step(pos, eff, effOut)
	for i := range written {
		if idx[i] >= 0 {
			out[i] = effOut[idx[i]]
		} else {
			out[i] = pre[i]
		}
	}
}
