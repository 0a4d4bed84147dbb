package his

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"concordat/game"
)

// Assault (§15.1): the action "assault <space> <formation>" sends a
// formation of the active power's land units besieging the space — its own
// units and the regulars of its active minor allies besieging with them —
// with all its army leaders there, against the fortification. A formation
// is written "r:m:c" (the power's own regulars, mercenaries, cavalry),
// followed by "+minor=n" for n regulars of a minor ally ("2:1:0+hungary=3").
// Once declared and paid for it waits in a response window (Foul Weather,
// Gout; then the attacker's Landsknechts or Swiss Mercenaries, cards.go);
// then the combat cards are declared (attacker, then the defending power:
// Siege Mining, Mercenaries Grow Restless), both sides roll, any power may
// play Siege Artillery, and each side's casualties are chosen by their
// owners (decision "assault.losses", in the same notation for the
// attacker, "r:m:c" for a defending power, asked only when there is a
// choice); the assault succeeds or fails.

// assaultStep is where an assault stands.
type assaultStep uint8

// The steps of an assault.
const (
	asCombat assaultStep = iota // the combat cards' window
	asRoll                      // the dice
	asRolled                    // Siege Artillery's window
	asLosses                    // casualties, then the outcome
)

// Assault is an assault in progress (§15.1).
type Assault struct {
	Space SpaceID     `json:"space"`
	Power Power       `json:"power"`
	Step  assaultStep `json:"step"`
	// Form is what is left of the assaulting formation, per power (the
	// attacker and its minor allies).
	Form    [NumPowers]Units `json:"form"`
	AttHits int              `json:"att_hits"`
	DefHits int              `json:"def_hits"`
	// AttExtra: extra attacker dice from combat cards (Siege Mining).
	// Broken: Mercenaries Grow Restless broke the siege (no roll).
	// Treachery: the assault of Treachery! (#105), which ignores the LOC
	// and blockade and ends with the defenders' fall if the besiegers
	// still outnumber them.
	AttExtra  int  `json:"att_extra,omitempty"`
	Broken    bool `json:"broken,omitempty"`
	Treachery bool `json:"treachery,omitempty"`
	// AttLoss is the attacker's casualties still to take; Loss those of
	// each defending side (a major with its active minors, §22.3, or an
	// inactive minor or the independents), indexed by side.
	AttLoss uint8            `json:"att_loss"`
	Loss    [NumPowers]uint8 `json:"loss"`
}

func (a *Assault) clone() *Assault {
	c := *a
	return &c
}

// formLand counts the land units of a formation.
func formLand(f *[NumPowers]Units) int {
	n := 0
	for _, u := range f {
		n += u.Land()
	}
	return n
}

// formSpecs lists the formations (or losses) drawn from f, p's units and
// its minor allies' regulars, with between lo and hi land units, in the
// notation "r:m:c+minor=n".
func formSpecs(p Power, f *[NumPowers]Units, lo, hi int) []game.Choice {
	var out []game.Choice
	u := f[p]
	var minors []Power
	for q := firstMinor; q <= Venice; q++ {
		if q != p && f[q].Reg > 0 {
			minors = append(minors, q)
		}
	}
	var rec func(i, n int, v string)
	rec = func(i, n int, v string) {
		if n > hi {
			return
		}
		if i == len(minors) {
			if n >= lo && n > 0 {
				out = append(out, game.Choice{Label: v + " (regulars:mercenaries:cavalry,minor=regulars)", Value: v})
			}
			return
		}
		q := minors[i]
		for k := 0; k <= int(f[q].Reg); k++ {
			w := v
			if k > 0 {
				w += "," + q.String() + "=" + strconv.Itoa(k)
			}
			rec(i+1, n+k, w)
		}
	}
	for r := 0; r <= int(u.Reg); r++ {
		for m := 0; m <= int(u.Merc); m++ {
			for c := 0; c <= int(u.Cav); c++ {
				rec(0, r+m+c, strconv.Itoa(r)+":"+strconv.Itoa(m)+":"+strconv.Itoa(c))
			}
		}
	}
	return out
}

// assaultUnits are the units that may assault sp for p: p's own land
// units there and the regulars of its active minor allies besieging it.
func (s *State) assaultUnits(sp SpaceID, p Power) [NumPowers]Units {
	var f [NumPowers]Units
	ss := &s.Spaces[sp]
	f[p] = Units{Reg: ss.Units[p].Reg, Merc: ss.Units[p].Merc, Cav: ss.Units[p].Cav}
	for q := firstMinor; q <= Venice; q++ {
		if s.MinorAllyOf(q) == p && ss.Besiegers&bit(q) != 0 {
			f[q].Reg = ss.Units[q].Reg
		}
	}
	return f
}

// Decision kind of an assault's casualties.
const kAssaultLoss = "assault.losses"

// assaultLeaders are p's army leaders in the space (all join the assault),
// but those under Gout this impulse (#32).
func (s *State) assaultLeaders(sp SpaceID, p Power) []int {
	return s.withoutGout(s.armyLeadersAt(sp, p))
}

// besiegedLeaders are the army leaders inside the fortification.
func (s *State) besiegedLeaders(sp SpaceID) []int {
	var out []int
	for i, l := range s.Leaders {
		if !Leaders[i].Naval && l.Loc == int(sp) && l.Captor == NoPower && !s.Besieging(sp, s.lpower(i)) {
			out = append(out, i)
		}
	}
	return out
}

// defenders counts the land units inside the fortification, and those of
// them that are not cavalry.
func (s *State) defenders(sp SpaceID) (all, noCav int) {
	ss := &s.Spaces[sp]
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) == 0 {
			u := ss.Units[q]
			all += u.Land()
			noCav += int(u.Reg) + int(u.Merc)
		}
	}
	return
}

// blockadeOK is the naval blockade requirement of §15.1, read as one
// condition: when the defenders (powers at war with p friendly to the
// space's controller) have squadrons in the port, p and its friends must
// have more squadrons than that in the port's sea zones, and the defenders
// none there. Corsairs are ignored.
func (s *State) blockadeOK(sp SpaceID, p Power) bool {
	ports := Spaces[sp].Ports
	if len(ports) == 0 {
		return true
	}
	ctl := s.Spaces[sp].Ctl
	defender := func(q Power) bool {
		return s.AtWar(p, q) && (q == ctl || ctl != NoPower && s.Friendly(ctl, q))
	}
	inPort := 0
	for q := Power(0); q < NumPowers; q++ {
		if defender(q) {
			inPort += int(s.Spaces[sp].Units[q].Sq)
		}
	}
	if inPort == 0 {
		return true
	}
	ours := 0
	for _, z := range ports {
		for q := Power(0); q < NumPowers; q++ {
			n := int(s.Seas[z].Units[q].Sq)
			switch {
			case n == 0:
			case defender(q):
				return false
			case s.Friendly(p, q):
				ours += n
			}
		}
	}
	return ours > inPort
}

// canAssault checks §15.1's requirements for p at sp (but the formation):
// p besieges the space since an earlier impulse, has not assaulted it this
// impulse, has land units there (its own or its minor allies'), a line of
// communication to it, and the naval blockade.
func (s *State) canAssault(sp SpaceID, p Power) bool {
	ss := &s.Spaces[sp]
	// The Scots Raid's CP may assault a siege begun in the raid (#97).
	raid := s.Act != nil && s.Act.Raid
	if !s.Besieging(sp, p) || ss.SiegeNew && !raid && !s.roxelanaAt(sp, p) || !s.raidAllows(sp) {
		return false
	}
	if s.Act != nil && s.Act.Assaulted[sp] {
		return false
	}
	if f := s.assaultUnits(sp, p); formLand(&f) == 0 {
		return false
	}
	return s.blockadeOK(sp, p) && s.HasLOC(sp, p)
}

// assaultForms lists the formations p may assault with at sp: every mix of
// its land units there within the command limit of its leaders there, the
// strongest first (most non-cavalry units, then most units).
func (s *State) assaultForms(sp SpaceID, p Power) []game.Choice {
	f := s.assaultUnits(sp, p)
	out := formSpecs(p, &f, 1, CommandLimit(s.assaultLeaders(sp, p)))
	strength := func(v string) (int, int) {
		g := parseForm(v, p)
		n := 0
		for _, u := range g {
			n += int(u.Reg) + int(u.Merc)
		}
		return n, formLand(&g)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, an := strength(out[i].Value)
		b, bn := strength(out[j].Value)
		if a != b {
			return a > b
		}
		return an > bn
	})
	return out
}

// assaultChoices lists the spaces p may assault, each with its formations.
func (s *State) assaultChoices(p Power) []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		sp := SpaceID(i)
		if s.Spaces[i].Besiegers&bit(p) == 0 || !s.canAssault(sp, p) {
			continue
		}
		if forms := s.assaultForms(sp, p); len(forms) > 0 {
			out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: forms})
		}
	}
	return out
}

// startAssault begins the assault of sp by p with formation form (§15.1
// step 1; the response window of step 2 came before): the combat cards'
// window comes next.
func (s *State) startAssault(sp SpaceID, p Power, form [NumPowers]Units) {
	if s.Act != nil {
		s.Act.Assaulted[sp] = true
	}
	s.Assault = &Assault{Space: sp, Power: p, Form: form}
	w := newWindow(winSiege, p, s.assaultSeats(sp, p))
	w.Space = int(sp)
	s.openWindow(w)
}

// assaultSeats are the powers asked for an assault's combat cards: the
// attacker, then the power defending the space (its controller's side).
func (s *State) assaultSeats(sp SpaceID, p Power) []Power {
	out := []Power{p}
	if d := s.side(s.Spaces[sp].Ctl); d.Major() && d != p {
		out = append(out, d)
	}
	return out
}

// rollAssault rolls the assault (§15.1 steps 3–4, 7): attacker 1 die per
// non-cavalry unit against an empty fortress, else 1 per two rounded up, +
// the best leader and the combat cards' dice; defender 1 per non-cavalry
// unit inside + the best besieged leader + 1.
func (s *State) rollAssault(a *Assault) {
	sp, p := a.Space, a.Power
	def, defNoCav := s.defenders(sp)
	att := 0
	for _, u := range a.Form {
		att += int(u.Reg) + int(u.Merc)
	}
	if def > 0 {
		att = (att + 1) / 2
	}
	att += bestBattle(s.assaultLeaders(sp, p)) + a.AttExtra
	defDice := defNoCav + bestBattle(s.besiegedLeaders(sp)) + 1
	ah, ad := s.Hits(att)
	dh, dd := s.Hits(defDice)
	s.emit("assault", fmt.Sprintf("%s assaults %s with %d unit(s): %d dice %v (%d hits) against %d dice %v (%d hits)",
		p, Spaces[sp].Name, formLand(&a.Form), att, ad, ah, defDice, dd, dh))
	a.AttHits, a.DefHits = ah, dh
}

// assaultLosses sets the casualties of both sides (§15.1 step 9).
func (s *State) assaultLosses(a *Assault) {
	def, _ := s.defenders(a.Space)
	a.AttLoss = uint8(min(a.DefHits, formLand(&a.Form)))
	s.splitDefenderLosses(a, min(a.AttHits, def))
}

// splitDefenderLosses shares n casualties among the sides inside the
// fortification (a major with its active minors, whose units act as its
// own, §22.3, as in a field battle) as evenly as their units allow, an odd
// loss falling on a side drawn at random (ruling M9).
func (s *State) splitDefenderLosses(a *Assault, n int) {
	ss := &s.Spaces[a.Space]
	var left [NumPowers]int
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) == 0 {
			left[s.side(q)] += ss.Units[q].Land()
		}
	}
	for n > 0 {
		var ps []Power
		for q := Power(0); q < NumPowers; q++ {
			if left[q] > int(a.Loss[q]) {
				ps = append(ps, q)
			}
		}
		if len(ps) == 0 {
			return
		}
		if n < len(ps) {
			for len(ps) > n {
				i := s.RNG.Intn(len(ps))
				ps = append(ps[:i], ps[i+1:]...)
			}
		}
		for _, q := range ps {
			a.Loss[q]++
			n--
		}
	}
}

// takeLoss removes casualties of q from the space (and, for the attacker
// and its minor allies, from the formation).
func (s *State) takeLoss(q Power, loss Units, attacker bool) {
	a := s.Assault
	u := &s.Spaces[a.Space].Units[q]
	u.Reg -= loss.Reg
	u.Merc -= loss.Merc
	u.Cav -= loss.Cav
	if attacker {
		f := &a.Form[q]
		f.Reg -= loss.Reg
		f.Merc -= loss.Merc
		f.Cav -= loss.Cav
	}
	if loss.Land() > 0 {
		s.emit("assault", fmt.Sprintf("%s loses %d regular(s), %d mercenary(ies), %d cavalry in %s", q, loss.Reg, loss.Merc, loss.Cav, Spaces[a.Space].Name))
	}
}

// takeAttackerLoss removes the attacker's casualties, written as a
// formation.
func (s *State) takeAttackerLoss(v string) {
	a := s.Assault
	loss := parseForm(v, a.Power)
	for q := Power(0); q < NumPowers; q++ {
		s.takeLoss(q, loss[q], true)
	}
	a.AttLoss = 0
}

// assaultLossChoices are the options of the next casualty decision, and the power
// taking it (the attacker first, then the defenders in power order).
func (s *State) assaultLossChoices() ([]game.Choice, Power, bool) {
	a := s.Assault
	if a.AttLoss > 0 {
		return formSpecs(a.Power, &a.Form, int(a.AttLoss), int(a.AttLoss)), a.Power, true
	}
	for q := Power(0); q < NumPowers; q++ {
		if a.Loss[q] > 0 {
			f := s.insideSide(a.Space, q)
			return formSpecs(q, &f, int(a.Loss[q]), int(a.Loss[q])), q, false
		}
	}
	return nil, NoPower, false
}

// insideSide is the land units inside the fortification of side g: g's
// own and, for a major, its active minors' regulars.
func (s *State) insideSide(sp SpaceID, g Power) (f [NumPowers]Units) {
	ss := &s.Spaces[sp]
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) == 0 && s.side(q) == g {
			u := ss.Units[q]
			f[q] = Units{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
		}
	}
	return
}

// stepAssault takes the casualties, asking the owner when the loss is a
// real choice, and then ends the assault.
func (s *State) stepAssault() bool {
	a := s.Assault
	if a == nil {
		return false
	}
	switch a.Step {
	case asCombat:
		if a.Broken {
			// Mercenaries Grow Restless broke the siege: no roll (CARDS.md #27)
			s.Assault = nil
			s.emit("assault", fmt.Sprintf("the assault on %s is not rolled: the siege is broken", Spaces[a.Space].Name))
			s.checkSiege(a.Space)
			return true
		}
		a.Step = asRoll
		fallthrough
	case asRoll:
		s.rollAssault(a)
		a.Step = asRolled
		w := newWindow(winBreach, a.Power, allFrom(a.Power))
		w.Space = int(a.Space)
		s.openWindow(w)
		return true
	case asRolled:
		s.assaultLosses(a)
		a.Step = asLosses
	}
	for {
		opts, q, att := s.assaultLossChoices()
		if q == NoPower {
			break
		}
		if len(opts) > 1 && s.decider(q) != NoPower {
			s.push(kAssaultLoss, s.decider(q))
			return true
		}
		s.resolveLoss(opts[0].Value, q, att)
	}
	s.finishAssault()
	return true
}

func (s *State) resolveLoss(v string, q Power, attacker bool) {
	if attacker {
		s.takeAttackerLoss(v)
		return
	}
	loss := parseForm(v, q)
	for r := Power(0); r < NumPowers; r++ {
		s.takeLoss(r, loss[r], false)
	}
	s.Assault.Loss[q] = 0
}

// finishAssault applies §15.1 steps 10–11, checks §22.5 and a military
// victory.
func (s *State) finishAssault() {
	a := s.Assault
	s.Assault = nil
	sp, p := a.Space, a.Power
	def, _ := s.defenders(sp)
	left := formLand(&a.Form)
	if a.AttHits > 0 && def == 0 && left > 0 {
		s.assaultSuccess(sp, p)
	} else if a.Treachery && s.treacheryFalls(sp) {
		s.treacheryFall(sp, p) // #105: the besiegers still outnumber the defenders
	} else {
		s.emit("assault", fmt.Sprintf("the assault on %s fails", Spaces[sp].Name))
		if all := s.assaultUnits(sp, p); left == 0 && formLand(&all) == 0 {
			for _, l := range s.assaultLeaders(sp, p) {
				s.Leaders[l].Loc = s.displaceDest(sp, p, false)
				s.emit("displace", fmt.Sprintf("%s is displaced from %s", Leaders[l].Name, Spaces[sp].Name))
			}
		}
		s.checkSiege(sp)
	}
	s.checkHungaryDefeat()
	s.checkMilitary() // keys changed hands: an Auto Win is checked at once (§11.0)
}

// assaultSuccess: p takes the space; the army leaders inside are captured;
// the defenders' naval units and naval leaders in the port go to the Turn
// Track.
func (s *State) assaultSuccess(sp SpaceID, p Power) {
	ss := &s.Spaces[sp]
	besiegers := ss.Besiegers
	s.endSiege(sp)
	s.takeControl(sp, p)
	for q := Power(0); q < NumPowers; q++ {
		if besiegers&bit(q) != 0 {
			continue
		}
		s.captureLeaders(sp, q)
		if s.Friendly(p, q) {
			continue
		}
		if n := ss.Units[q].Naval(); n > 0 {
			s.emit("naval", fmt.Sprintf("%s's %d naval unit(s) in %s go to the Turn Track", q, n, Spaces[sp].Name))
			s.toTrack(q, int(ss.Units[q].Sq), int(ss.Units[q].Cor))
			ss.Units[q].Sq, ss.Units[q].Cor = 0, 0
		}
		for i := range s.Leaders {
			if Leaders[i].Naval && s.lpower(i) == q && s.Leaders[i].Loc == int(sp) {
				s.leaderToTrack(i)
			}
		}
	}
}

func init() {
	registerAction(&actionDef{
		id: "assault", label: "assault a besieged space (1 CP)", order: 200, raid: true,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 1 && !s.Imp.Roxelana {
				return nil
			}
			out := s.assaultChoices(p)
			if cp < 1 { // only Roxelana's free assault (#42)
				out = slices.DeleteFunc(out, func(c game.Choice) bool { return !s.roxelanaAt(mustSpace(c.Value), p) })
			}
			return out
		},
		cost: func(s *State, p Power, path []string) int {
			if s.roxelanaAt(mustSpace(path[0]), p) {
				return 0 // Roxelana's free assault (#42)
			}
			return 1
		},
		do: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			if s.roxelanaAt(sp, p) {
				s.Imp.Roxelana = false
			}
			s.startAssault(sp, p, parseForm(path[1], p))
		},
	})
	registerProc(30, func(s *State) bool { return s.stepAssault() })
	registerDecision(kAssaultLoss, &decisionDef{
		text: func(s *State, d Decision) string {
			_, q, att := s.assaultLossChoices()
			n := s.Assault.Loss[q]
			if att {
				n = s.Assault.AttLoss
			}
			return fmt.Sprintf("assault on %s: choose %s's %d casualties", Spaces[s.Assault.Space].Name, q, n)
		},
		choices: func(s *State, d Decision) []game.Choice {
			opts, _, _ := s.assaultLossChoices()
			return opts
		},
		resolve: func(s *State, d Decision, path []string) {
			_, q, att := s.assaultLossChoices()
			s.resolveLoss(path[0], q, att)
		},
	})
}
