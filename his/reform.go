package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// Reform is a series of Reformation attempts (§18.3), such as the five of
// Luther's 95 Theses, or of Counter Reformation attempts (§18.4), in
// progress.
type Reform struct {
	Counter bool      `json:"counter,omitempty"` // Counter Reformation attempts (the Papacy's)
	By      Power     `json:"by"`                // the attempting power (Protestant, England for its treatise, Papacy)
	Zone    Lang      `json:"zone"`              // the target zone
	Left    int       `json:"left"`              // attempts left
	Bonus   int       `json:"bonus"`             // extra dice per attempt (95 Theses: 1)
	PlusOne bool      `json:"plus1"`             // +1 to each Protestant die in the target zone
	Source  string    `json:"source"`            // what made the attempts
	Done    []SpaceID `json:"targets"`           // spaces targeted this impulse
	Log     []string  `json:"log"`
	// Helper is the debater whose bonus the series uses (§18.2.4; "" for
	// none): a bonus die counts in every later attempt it fits; Carlstadt
	// puts unrest on failed German targets; Tetzel adds St. Peter's CP.
	Helper string `json:"helper,omitempty"`
	// ZoneOnly: only spaces of the target zone may be targeted (Mary I's
	// Burn Books, §21.3).
	ZoneOnly bool `json:"zone_only,omitempty"`
	// HomeOnly (a power + 1): only that power's home spaces may be targeted
	// (Book of Common Prayer: English home spaces, #62).
	HomeOnly Power `json:"home_only,omitempty"`
	// Asking: the attempt on Target waits for the attempting power to
	// commit a debater for his bonus die, or not (kind reformation.bonus).
	Asking bool    `json:"asking,omitempty"`
	Target SpaceID `json:"target,omitempty"`
}

func (r *Reform) clone() *Reform {
	c := *r
	c.Done = append([]SpaceID(nil), r.Done...)
	c.Log = append([]string(nil), r.Log...)
	return &c
}

func (s *State) rlog(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	s.Reform.Log = append(s.Reform.Log, line)
	s.emit("reformation", line)
}

// StartReformation begins n Reformation attempts by p targeting zone
// (§18.3); their targets come through Pending / Apply.
func (s *State) StartReformation(p Power, zone Lang, n, bonus int, plusOne bool, source string) {
	s.Reform = &Reform{By: p, Zone: zone, Left: n, Bonus: bonus, PlusOne: plusOne, Source: source}
	s.emit("reformation", fmt.Sprintf("%s: %d Reformation attempts in the %s zone", source, n, zone))
}

// StartCounterReformation begins n Counter Reformation attempts by the
// Papacy targeting zone (§18.4).
func (s *State) StartCounterReformation(zone Lang, n int, source string) {
	s.Reform = &Reform{Counter: true, By: Papacy, Zone: zone, Left: n, Source: source}
	s.emit("reformation", fmt.Sprintf("%s: %d Counter Reformation attempts in the %s zone", source, n, zone))
}

// Alignment of land units in religious rolls (§18.2.3).
const (
	alignNone = iota
	alignProt
	alignCath
)

func (s *State) alignment(q Power) int {
	switch q {
	case Ottoman:
		return alignNone
	case Protestant:
		return alignProt
	case England:
		switch Rulers[s.Powers[England].Ruler].Name {
		case "Edward VI", "Elizabeth I":
			return alignProt
		case "Mary I":
			return alignCath
		}
		return alignNone // Henry VIII: English troops are ignored
	case Scotland:
		if s.MinorAllyOf(Scotland) == England {
			return s.alignment(England)
		}
	}
	return alignCath
}

// alignedStack reports whether a space holds land units aligned with the
// side (one stack per space, whatever its size; regulars and mercenaries).
func (s *State) alignedStack(sp SpaceID, side int) bool {
	al := s.alignments()
	return s.alignedWith(sp, side, &al)
}

// alignments is every power's alignment (see alignment), for the many
// spaces of one religious roll.
func (s *State) alignments() [NumPowers]int {
	var al [NumPowers]int
	for q := Power(0); q < NumPowers; q++ {
		al[q] = s.alignment(q)
	}
	return al
}

// alignedWith is alignedStack with the alignments computed once.
func (s *State) alignedWith(sp SpaceID, side int, al *[NumPowers]int) bool {
	us := &s.Spaces[sp].Units
	for q := range us {
		if (us[q].Reg != 0 || us[q].Merc != 0) && al[q] == side {
			return true
		}
	}
	return false
}

// religionDice counts one side's dice for an attempt on target (§18.3 steps
// 2 and 6): adjacent spaces of its religion, reformers / universities and
// aligned stacks count 1 each, +2 for a reformer / university or an aligned
// stack in the target; neighbours across a pass or in unrest give nothing;
// at least 1.
func (s *State) religionDice(target SpaceID, prot bool) int {
	side := alignCath
	if prot {
		side = alignProt
	}
	marker := func(x SpaceID) bool {
		if prot {
			return s.Reformer[x]
		}
		return s.Spaces[x].Jesuit
	}
	al := s.alignments()
	n := 0
	for _, e := range Spaces[target].Edges {
		x := e.To
		if e.Pass || s.Spaces[x].Unrest {
			continue
		}
		if !Spaces[x].NoRel && s.Spaces[x].Prot == prot {
			n++
		}
		if marker(x) {
			n++
		}
		if s.alignedWith(x, side, &al) {
			n++
		}
	}
	if marker(target) {
		n += 2
	}
	if s.alignedWith(target, side, &al) {
		n += 2
	}
	if n < 1 {
		n = 1
	}
	return n
}

func (s *State) reformTargets() []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		sp := SpaceID(i)
		if !s.eligible(sp, !s.Reform.Counter) || s.Reform.ZoneOnly && Spaces[sp].Lang != s.Reform.Zone {
			continue
		}
		if h := s.Reform.HomeOnly; h != 0 && Spaces[sp].Home != h-1 {
			continue
		}
		done := false
		for _, d := range s.Reform.Done {
			done = done || d == sp
		}
		if a := s.Act; a != nil && (s.Reform.Counter && a.CounterReformed[sp] || !s.Reform.Counter && a.Reformed[sp]) {
			done = true
		}
		if !done {
			out = append(out, sp)
		}
	}
	return out
}

func (s *State) stepReform() {
	r := s.Reform
	if r.Left > 0 && len(s.reformTargets()) > 0 {
		s.push(kReform, r.By)
		return
	}
	if r.Left > 0 {
		s.rlog("no eligible target for the remaining %d attempt(s)", r.Left)
	}
	s.LastReform = r
	s.Reform = nil
	if s.Phase == PhaseTheses {
		s.cardDraw()
		s.Phase = PhaseDiplomacy
		s.startDiplomacy()
	}
}

func (s *State) reformChoices() []game.Choice {
	var out []game.Choice
	for _, sp := range s.reformTargets() {
		a, d := s.attemptDice(sp)
		out = append(out, game.Choice{Label: fmt.Sprintf("%s (%d vs %d dice)", Spaces[sp].Name, a, d), Value: Spaces[sp].ID})
	}
	return out
}

// attemptDice is the attacker's and the defender's dice against sp (§18.3
// steps 2, 3 and 6; §18.4 steps 2, 3 and 6), with the series' bonus dice
// and its debater's die where it fits.
func (s *State) attemptDice(sp SpaceID) (attacker, defender int) {
	r := s.Reform
	if r.Counter {
		return s.religionDice(sp, false) + r.Bonus + s.helperDice(sp), s.religionDice(sp, true)
	}
	return s.religionDice(sp, true) + s.reformBonus() + s.helperDice(sp), s.religionDice(sp, false)
}

func (s *State) reformBonus() int {
	n := s.Reform.Bonus
	if s.Printing && !s.Reform.Counter {
		n++
	}
	return n
}

func highest(dice []int, plus int) int {
	h := 0
	for _, d := range dice {
		if d+plus > h {
			h = d + plus
		}
	}
	return h
}

// attempt targets sp with the series' next attempt: the space is marked
// targeted for the impulse, then the attempting power may commit a debater
// for his bonus die (a reformation.bonus decision) before the roll.
func (s *State) attempt(sp SpaceID) {
	r := s.Reform
	r.Left--
	r.Done = append(r.Done, sp)
	if a := s.Act; a != nil {
		if r.Counter {
			a.CounterReformed[sp] = true
		} else {
			a.Reformed[sp] = true
		}
	}
	if len(s.bonusOffers(sp)) > 0 {
		r.Asking, r.Target = true, sp
		s.push(kReformBonus, r.By)
		return
	}
	s.rollAttempt(sp)
}

// rollAttempt resolves one Reformation attempt on sp (§18.3 steps 2–8), or
// a Counter Reformation attempt.
func (s *State) rollAttempt(sp SpaceID) {
	r := s.Reform
	if r.Counter {
		s.counterAttempt(sp)
		return
	}
	// Book of Common Prayer's targets, the English home spaces, are all in
	// its target zone, Calais (French zone) included (CARDS.md #62 Open).
	inZone := r.Zone == LangNone || Spaces[sp].Lang == r.Zone || r.HomeOnly != 0 && Spaces[sp].Home == r.HomeOnly-1
	pn, cn := s.attemptDice(sp)
	_, pd := s.Hits(pn)
	plus := 0
	if r.PlusOne && inZone {
		plus = 1
	}
	ph := highest(pd, plus)
	line := fmt.Sprintf("%s: %s rolls %d dice %v", Spaces[sp].Name, r.By, pn, pd)
	if ph >= 6 && inZone {
		s.rlog("%s: automatic success", line)
		s.convert(sp, true)
		return
	}
	_, cd := s.Hits(cn)
	ch := highest(cd, 0)
	line += fmt.Sprintf(", the Papacy %d dice %v: %d against %d", cn, cd, ph, ch)
	switch {
	case ph > ch, ph == ch && inZone:
		s.rlog("%s: Protestant", line)
		s.convert(sp, true)
	default:
		s.rlog("%s: stays Catholic", line)
		if r.Helper == "carlstadt" && Spaces[sp].Lang == LangGerman {
			s.Spaces[sp].Unrest = true
			s.rlog("Carlstadt: unrest in %s", Spaces[sp].Name)
		}
	}
}

// reformText lists the targets of an attempt, for prompts.
func (s *State) reformText() string {
	r := s.Reform
	var done []string
	for _, d := range r.Done {
		done = append(done, Spaces[d].Name)
	}
	kind := "a Reformation"
	if r.Counter {
		kind = "a Counter Reformation"
	}
	if len(done) == 0 {
		return fmt.Sprintf("%s: choose the target of %s attempt (%d left)", r.Source, kind, r.Left)
	}
	return fmt.Sprintf("%s: choose the target of %s attempt (%d left; targeted: %s)", r.Source, kind, r.Left, strings.Join(done, ", "))
}

// paul reports whether Paul III or Julius III is Pope (§18.4 steps 5, 8).
func (s *State) paul() bool {
	n := Rulers[s.Powers[Papacy].Ruler].Name
	return n == "Paul III" || n == "Julius III"
}

// counterAttempt resolves one Counter Reformation attempt (§18.4 steps 2–8).
func (s *State) counterAttempt(sp SpaceID) {
	r := s.Reform
	if r.Helper == "tetzel" { // §18.4 step 9, ruling R5
		defer func() {
			s.rlog("Tetzel: +1 CP on the St. Peter's track")
			s.addStPeterCP(1)
		}()
	}
	inZone := r.Zone == LangNone || Spaces[sp].Lang == r.Zone
	cn, pn := s.attemptDice(sp)
	_, cd := s.Hits(cn)
	minus := 0
	if s.Augsburg {
		minus = -1
	}
	ch := highest(cd, minus)
	line := fmt.Sprintf("%s: the Papacy rolls %d dice %v", Spaces[sp].Name, cn, cd)
	if minus != 0 {
		line += " (-1 each, Augsburg Confession)"
	}
	if ch >= 6 && inZone && s.paul() {
		s.rlog("%s: automatic success", line)
		s.convert(sp, false)
		return
	}
	_, pd := s.Hits(pn)
	ph := highest(pd, 0)
	line += fmt.Sprintf(", the Protestant %d dice %v: %d against %d", pn, pd, ch, ph)
	switch {
	case ch > ph, ch == ph && inZone && s.paul():
		s.rlog("%s: Catholic", line)
		s.convert(sp, false)
	default:
		s.rlog("%s: stays Protestant", line)
	}
}
