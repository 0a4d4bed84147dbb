package his

import (
	"fmt"
	"sort"

	"concordat/game"
)

// Assault (§15.1): the action "assault <space> <r:m:c>" sends a formation of
// the active power's own land units besieging the space, with all its army
// leaders there, against the fortification. The dice are rolled at once;
// then each side's casualties are chosen by their owners (decision
// "assault.losses" when there is a choice), and the assault succeeds or
// fails. Combat and Response cards are not played (not built yet).

// Assault is an assault whose casualties are being taken.
type Assault struct {
	Space SpaceID `json:"space"`
	Power Power   `json:"power"`
	// Form is what is left of the assaulting formation.
	Form    Units `json:"form"`
	AttHits int   `json:"att_hits"`
	DefHits int   `json:"def_hits"`
	// Loss is the casualties each power still has to take.
	Loss [NumPowers]uint8 `json:"loss"`
}

func (a *Assault) clone() *Assault {
	c := *a
	return &c
}

// Decision kind of an assault's casualties.
const kAssaultLoss = "assault.losses"

// assaultLeaders are p's army leaders in the space (all join the assault).
func (s *State) assaultLeaders(sp SpaceID, p Power) []int { return s.armyLeadersAt(sp, p) }

// besiegedLeaders are the army leaders inside the fortification.
func (s *State) besiegedLeaders(sp SpaceID) []int {
	var out []int
	for i, l := range s.Leaders {
		if !Leaders[i].Naval && l.Loc == int(sp) && l.Captor == NoPower && !s.Besieging(sp, Leaders[i].Power) {
			out = append(out, i)
		}
	}
	return out
}

func bestBattle(ls []int) int {
	b := 0
	for _, l := range ls {
		if Leaders[l].Battle > b {
			b = Leaders[l].Battle
		}
	}
	return b
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
// impulse, has land units there, a line of communication to it, and the
// naval blockade.
func (s *State) canAssault(sp SpaceID, p Power) bool {
	ss := &s.Spaces[sp]
	if !s.Besieging(sp, p) || ss.SiegeNew || ss.Units[p].Land() == 0 {
		return false
	}
	if s.Act != nil && s.Act.Assaulted[sp] {
		return false
	}
	return s.blockadeOK(sp, p) && s.HasLOC(sp, p)
}

// assaultForms lists the formations p may assault with at sp: every mix of
// its land units there within the command limit of its leaders there, the
// strongest first (most non-cavalry units, then most units).
func (s *State) assaultForms(sp SpaceID, p Power) []game.Choice {
	lim := CommandLimit(s.assaultLeaders(sp, p))
	var out []game.Choice
	for _, c := range compositions(s.Spaces[sp].Units[p], 0) {
		if parseComp(c.Value).Land() <= lim {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := parseComp(out[i].Value), parseComp(out[j].Value)
		if x, y := int(a.Reg)+int(a.Merc), int(b.Reg)+int(b.Merc); x != y {
			return x > y
		}
		return a.Land() > b.Land()
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

// startAssault rolls the assault of sp by p with formation form (§15.1
// steps 3–7) and sets the casualties to take (step 9).
func (s *State) startAssault(sp SpaceID, p Power, form Units) {
	s.Act.Assaulted[sp] = true
	def, defNoCav := s.defenders(sp)
	att := int(form.Reg) + int(form.Merc)
	if def > 0 {
		att = (att + 1) / 2
	}
	att += bestBattle(s.assaultLeaders(sp, p))
	defDice := defNoCav + bestBattle(s.besiegedLeaders(sp)) + 1
	ah, ad := s.Hits(att)
	dh, dd := s.Hits(defDice)
	s.emit("assault", fmt.Sprintf("%s assaults %s with %d unit(s): %d dice %v (%d hits) against %d dice %v (%d hits)",
		p, Spaces[sp].Name, form.Land(), att, ad, ah, defDice, dd, dh))
	a := &Assault{Space: sp, Power: p, Form: form, AttHits: ah, DefHits: dh}
	a.Loss[p] = uint8(min(dh, form.Land()))
	s.splitDefenderLosses(a, min(ah, def))
	s.Assault = a
}

// splitDefenderLosses shares n casualties among the powers inside the
// fortification as evenly as their units allow, an odd loss falling on a
// power drawn at random (ruling M9).
func (s *State) splitDefenderLosses(a *Assault, n int) {
	ss := &s.Spaces[a.Space]
	var left [NumPowers]int
	for q := Power(0); q < NumPowers; q++ {
		if ss.Besiegers&bit(q) == 0 {
			left[q] = ss.Units[q].Land()
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

// lossUnits is what the casualties of q are taken from: the formation for
// the attacker, q's units inside for a defender.
func (s *State) lossUnits(q Power) Units {
	a := s.Assault
	if q == a.Power {
		return a.Form
	}
	return s.Spaces[a.Space].Units[q]
}

// takeLoss removes the chosen casualties of q.
func (s *State) takeLoss(q Power, loss Units) {
	a := s.Assault
	u := &s.Spaces[a.Space].Units[q]
	u.Reg -= loss.Reg
	u.Merc -= loss.Merc
	u.Cav -= loss.Cav
	if q == a.Power {
		a.Form.Reg -= loss.Reg
		a.Form.Merc -= loss.Merc
		a.Form.Cav -= loss.Cav
	}
	a.Loss[q] = 0
	s.emit("assault", fmt.Sprintf("%s loses %d regular(s), %d mercenary(ies), %d cavalry in %s", q, loss.Reg, loss.Merc, loss.Cav, Spaces[a.Space].Name))
}

// stepAssault takes the casualties (attacker first, then the defenders in
// power order), asking the owner when the loss is a real choice, and then
// ends the assault.
func (s *State) stepAssault() bool {
	a := s.Assault
	if a == nil {
		return false
	}
	for _, q := range s.lossOrder() {
		if a.Loss[q] == 0 {
			continue
		}
		opts := compositions(s.lossUnits(q), int(a.Loss[q]))
		if len(opts) > 1 && s.decider(q) != NoPower {
			s.push(kAssaultLoss, s.decider(q))
			return true
		}
		s.takeLoss(q, parseComp(opts[0].Value))
	}
	s.finishAssault()
	return true
}

// lossOrder is the attacker, then every other power.
func (s *State) lossOrder() []Power {
	out := []Power{s.Assault.Power}
	for q := Power(0); q < NumPowers; q++ {
		if q != s.Assault.Power {
			out = append(out, q)
		}
	}
	return out
}

// nextLoss is the power whose casualties the pending decision is about.
func (s *State) nextLoss() Power {
	for _, q := range s.lossOrder() {
		if s.Assault.Loss[q] > 0 {
			return q
		}
	}
	return NoPower
}

// finishAssault applies §15.1 steps 10–11 and checks §22.5.
func (s *State) finishAssault() {
	a := s.Assault
	s.Assault = nil
	sp, p := a.Space, a.Power
	def, _ := s.defenders(sp)
	if a.AttHits > 0 && def == 0 && a.Form.Land() > 0 {
		s.assaultSuccess(sp, p)
	} else {
		s.emit("assault", fmt.Sprintf("the assault on %s fails", Spaces[sp].Name))
		if a.Form.Land() == 0 && s.Spaces[sp].Units[p].Land() == 0 {
			for _, l := range s.assaultLeaders(sp, p) {
				s.Leaders[l].Loc = s.displaceDest(sp, p, false)
				s.emit("displace", fmt.Sprintf("%s is displaced from %s", Leaders[l].Name, Spaces[sp].Name))
			}
		}
		s.checkSiege(sp)
	}
	s.checkHungaryDefeat()
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
			if Leaders[i].Naval && Leaders[i].Power == q && s.Leaders[i].Loc == int(sp) {
				s.leaderToTrack(i)
			}
		}
	}
}

func init() {
	registerAction(&actionDef{
		id: "assault", label: "assault a besieged space (1 CP)", order: 200,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 1 {
				return nil
			}
			return s.assaultChoices(p)
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			s.startAssault(mustSpace(path[0]), p, parseComp(path[1]))
		},
	})
	registerProc(30, func(s *State) bool { return s.stepAssault() })
	registerDecision(kAssaultLoss, &decisionDef{
		text: func(s *State, d Decision) string {
			q := s.nextLoss()
			return fmt.Sprintf("assault on %s: choose %s's %d casualties", Spaces[s.Assault.Space].Name, q, s.Assault.Loss[q])
		},
		choices: func(s *State, d Decision) []game.Choice {
			q := s.nextLoss()
			return compositions(s.lossUnits(q), int(s.Assault.Loss[q]))
		},
		resolve: func(s *State, d Decision, path []string) {
			s.takeLoss(s.nextLoss(), parseComp(path[0]))
		},
	})
}
