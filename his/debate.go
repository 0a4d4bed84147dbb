package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// DebateSource is what called a theological debate; some sources change the
// procedure (§18.5, CARDS.md #6, #56, #112).
type DebateSource uint8

// The debate sources.
const (
	SrcAction      DebateSource = iota // Call Theological Debate action (3 CP)
	SrcLeipzig                         // #6 Leipzig Debate (Papal Home card)
	SrcInquisition                     // #56 Papal Inquisition, option c
	SrcMore                            // #112 Thomas More, half B
	SrcOther                           // Mary I, excommunication of a reformer, other events
)

// Debate is a theological debate in progress (§18.5). It lives in the state
// while its decisions are owed; Log tells what happened, for people.
type Debate struct {
	Initiator Power         `json:"initiator"`
	Source    DebateSource  `json:"source"`
	Zone      Lang          `json:"zone"`
	Round     int           `json:"round"`
	Step      int           `json:"step"`
	Pap       int           `json:"papal"`      // current Papal debater, -1 none
	Prot      int           `json:"protestant"` // current Protestant debater, -1 none
	PapFresh  bool          `json:"papal_fresh"`
	ProtFresh bool          `json:"prot_fresh"`
	Barred    int           `json:"barred"` // Leipzig Debate: barred Protestant debater, -1 none
	Chosen    int           `json:"chosen"` // Leipzig Debate: chosen Papal attacker, -1 none
	Pool      string        `json:"pool"`   // defender pool chosen: committed / uncommitted
	LutherWas DebaterStatus `json:"luther_was"`
	LutherIn  bool          `json:"luther_in"`
	PapHits   int           `json:"papal_hits"`
	ProtHits  int           `json:"prot_hits"`
	Winner    Power         `json:"winner"`
	Diff      int           `json:"diff"`
	Flips     int           `json:"flips"`
	Flipped   []string      `json:"flipped,omitempty"`
	Result    string        `json:"result,omitempty"`
	Log       []string      `json:"log"`
	// Picks, when not empty, names the debaters the next random picks
	// return (scripted picks for tests and `concordat his debate`).
	Picks []string `json:"picks,omitempty"`
}

func (d *Debate) clone() *Debate {
	c := *d
	c.Log = append([]string(nil), d.Log...)
	c.Flipped = append([]string(nil), d.Flipped...)
	c.Picks = append([]string(nil), d.Picks...)
	return &c
}

// Steps of the debate procedure.
const (
	dsZone = iota
	dsLeipzig
	dsAttacker
	dsPool
	dsDefender
	dsHIS
	dsRoll
	dsR2Papal
	dsR2Bull
	dsR2Prot
	dsR2HIS
	dsResult
	dsFlip
	dsEnd
)

func (s *State) dlog(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	s.Debate.Log = append(s.Debate.Log, line)
	s.emit("debate", line)
}

// debaterInPlay reports whether a debater is in play (committed or not).
func (s *State) debaterInPlay(d int) bool {
	st := s.Debaters[d]
	return st == DebUncommitted || st == DebCommitted
}

// debaterPool lists the side's debaters in play with the given commitment,
// Protestant ones restricted to the zone (Papal debaters debate anywhere).
func (s *State) debaterPool(side Power, zone Lang, committed bool) []int {
	want := DebUncommitted
	if committed {
		want = DebCommitted
	}
	var out []int
	for i, d := range Debaters {
		if d.Side != side || s.Debaters[i] != want {
			continue
		}
		if side == Protestant && d.Lang != zone {
			continue
		}
		out = append(out, i)
	}
	return out
}

// canCallDebate applies §18.1.5: the zone must have Protestant debaters in
// play; the Protestant needs an uncommitted debater of the zone, the Papacy
// any uncommitted debater; Thomas More may forbid the English zone.
func (s *State) canCallDebate(p Power, z Lang) bool {
	if z != LangGerman && z != LangFrench && z != LangEnglish {
		return false
	}
	if z == LangEnglish && s.MoreBan {
		return false
	}
	if len(s.debaterPool(Protestant, z, false))+len(s.debaterPool(Protestant, z, true)) == 0 {
		return false
	}
	if p == Protestant {
		// The Wartburg (#37): no Protestant debate for the rest of the turn
		return !s.Wartburg && len(s.debaterPool(Protestant, z, false)) > 0
	}
	return len(s.debaterPool(Papacy, z, false)) > 0
}

// StartDebate begins a theological debate called by p (Papacy or Protestant)
// in zone z, or in a zone p will choose when z is LangNone. The debate's
// decisions then come through Pending / Apply.
func (s *State) StartDebate(p Power, z Lang, src DebateSource) error {
	if p != Papacy && p != Protestant {
		return errorf("only the Papacy and the Protestant call debates, not %s", p)
	}
	if s.Debate != nil {
		return errorf("a debate is already in progress")
	}
	if src == SrcMore && s.Edition == Ed2010 {
		return errorf("Thomas More is not a card of the 2010 edition")
	}
	if src == SrcLeipzig && p != Papacy {
		return errorf("Leipzig Debate is the Papacy's card")
	}
	if z != LangNone && !s.canCallDebate(p, z) {
		return errorf("%s may not call a debate in the %s zone now", p, z)
	}
	if z == LangNone {
		ok := false
		for _, zz := range []Lang{LangGerman, LangFrench, LangEnglish} {
			ok = ok || s.canCallDebate(p, zz)
		}
		if !ok {
			return errorf("%s may not call a debate in any zone now", p)
		}
	}
	s.Debate = &Debate{Initiator: p, Source: src, Zone: z, Round: 1, Pap: -1, Prot: -1, Barred: -1, Chosen: -1, Winner: NoPower}
	return nil
}

// pick draws a random debater from pool (or the next scripted pick).
func (s *State) pick(pool []int) int {
	d := s.Debate
	if len(d.Picks) > 0 {
		id := d.Picks[0]
		d.Picks = d.Picks[1:]
		for _, x := range pool {
			if Debaters[x].ID == id {
				return x
			}
		}
		s.dlog("scripted pick %s is not in the pool; drawing at random", id)
	}
	return pool[s.RNG.Intn(len(pool))]
}

func names(ids []int) string {
	var n []string
	for _, i := range ids {
		n = append(n, Debaters[i].Name)
	}
	return strings.Join(n, ", ")
}

// lutherAvailable: Here I Stand may bring Luther in (CARDS.md #7 half B).
func (s *State) hereIStandOK() bool {
	d := s.Debate
	return d.Zone == LangGerman && s.holds(Protestant, cHereIStand) && !s.Wartburg && !s.CalvinRule &&
		s.Debaters[dLuther] != DebBurnt && s.Debaters[dLuther] != DebOut && d.Prot != dLuther && !d.LutherIn
}

func (s *State) setPap(x int) {
	d := s.Debate
	d.Pap, d.PapFresh = x, s.Debaters[x] == DebUncommitted
}

func (s *State) setProt(x int) {
	d := s.Debate
	d.Prot, d.ProtFresh = x, s.Debaters[x] == DebUncommitted
}

func (s *State) role(side Power) string {
	if s.Debate.Initiator == side {
		return "attacker"
	}
	return "defender"
}

// stepDebate advances the debate until a decision is owed or it ends.
func (s *State) stepDebate() {
	d := s.Debate
	for len(s.Stack) == 0 {
		switch d.Step {
		case dsZone:
			d.Step = dsLeipzig
			if d.Zone == LangNone {
				s.push(kDebZone, d.Initiator)
				return
			}
		case dsLeipzig:
			s.dlog("theological debate in the %s zone, called by %s", d.Zone, d.Initiator)
			d.Step = dsAttacker
			if d.Source == SrcLeipzig {
				s.push(kDebLeipzig, Papacy)
				return
			}
		case dsAttacker:
			d.Step = dsPool
			if d.Chosen >= 0 {
				s.setPap(d.Chosen)
				if d.Source == SrcLeipzig {
					s.dlog("Leipzig Debate: the Papacy chooses %s to attack", Debaters[d.Chosen].Name)
				} else {
					s.dlog("%s attacks for the Papacy (Henry Petitions for Divorce)", Debaters[d.Chosen].Name)
				}
				continue
			}
			pool := s.debaterPool(d.Initiator, d.Zone, false)
			x := s.pick(pool)
			if d.Initiator == Papacy {
				s.setPap(x)
			} else {
				s.setProt(x)
			}
			s.dlog("attacker drawn at random from %s: %s", names(pool), Debaters[x].Name)
		case dsPool:
			d.Step = dsDefender
			def := s.defenderSide()
			c, u := s.defPool(def, true), s.defPool(def, false)
			switch {
			case len(c) > 0 && len(u) > 0:
				s.push(kDebPool, d.Initiator)
				return
			case len(c) > 0:
				d.Pool = "committed"
			case len(u) > 0:
				d.Pool = "uncommitted"
			default:
				s.dlog("no %s debater can defend: the debate ends", def)
				d.Result = "no defender"
				d.Step = dsEnd
			}
		case dsDefender:
			d.Step = dsHIS
			def := s.defenderSide()
			pool := s.defPool(def, d.Pool == "committed")
			x := s.pick(pool)
			if def == Papacy {
				s.setPap(x)
			} else {
				s.setProt(x)
			}
			s.dlog("defender drawn at random from the %s pool (%s): %s", d.Pool, names(pool), Debaters[x].Name)
		case dsHIS, dsR2HIS:
			d.Step = dsRoll
			if s.hereIStandOK() {
				s.push(kDebHIS, Protestant)
				return
			}
		case dsRoll:
			s.debateRoll()
		case dsR2Papal:
			d.Step = dsR2Bull
			pool := s.debaterPool(Papacy, d.Zone, false)
			if len(pool) == 0 {
				pool = s.debaterPool(Papacy, d.Zone, true)
			}
			x := s.pick(pool)
			s.setPap(x)
			s.dlog("round 2: Papal debater drawn at random from %s: %s", names(pool), Debaters[x].Name)
		case dsR2Bull:
			d.Step = dsR2Prot
			if s.Debaters[dBullinger] == DebUncommitted && d.Barred != dBullinger {
				s.push(kDebBull, Protestant)
				return
			}
		case dsR2Prot:
			d.Step = dsR2HIS
			if d.Prot == dBullinger {
				continue
			}
			pool := s.protPool(false)
			if len(pool) == 0 {
				pool = s.protPool(true)
			}
			if len(pool) == 0 {
				s.dlog("round 2: no Protestant debater of the zone can debate: the debate ends")
				d.Result = "no debater for round 2"
				d.Step = dsEnd
				continue
			}
			x := s.pick(pool)
			s.setProt(x)
			s.dlog("round 2: Protestant debater drawn at random from %s: %s", names(pool), Debaters[x].Name)
		case dsResult:
			s.debateResult()
		case dsFlip:
			if d.Flips <= 0 || len(s.flipTargets()) == 0 {
				if d.Flips > 0 {
					s.dlog("no eligible space is left for the remaining %d flip(s)", d.Flips)
				}
				d.Flips = 0
				s.debateBurn()
				d.Step = dsEnd
				continue
			}
			s.push(kDebFlip, d.Winner)
			return
		case dsEnd:
			if d.LutherIn && d.LutherWas == DebAway {
				s.Debaters[dLuther] = DebAway
			}
			s.dlog("the debate ends")
			s.Debate = nil
			s.LastDebate = d
			return
		}
	}
}

func (s *State) defenderSide() Power {
	if s.Debate.Initiator == Papacy {
		return Protestant
	}
	return Papacy
}

// protPool is the Protestant pool of the debate's zone minus a barred debater.
func (s *State) protPool(committed bool) []int {
	var out []int
	for _, x := range s.debaterPool(Protestant, s.Debate.Zone, committed) {
		if x != s.Debate.Barred {
			out = append(out, x)
		}
	}
	return out
}

func (s *State) defPool(side Power, committed bool) []int {
	if side == Protestant {
		return s.protPool(committed)
	}
	return s.debaterPool(Papacy, s.Debate.Zone, committed)
}

// attackDice is the initiator's dice (§18.5 step 4).
func (s *State) attackDice() (int, string) {
	d := s.Debate
	var why []string
	if d.Initiator == Protestant {
		v := Debaters[d.Prot].Value
		return v + 3, fmt.Sprintf("%d (%s) + 3", v, Debaters[d.Prot].Name)
	}
	x := d.Pap
	v := Debaters[x].Value
	if d.Zone == LangEnglish && Rulers[s.Powers[England].Ruler].Name == "Mary I" {
		v *= 2
		why = append(why, "value doubled under Mary I")
	}
	n := v + 3
	if s.Augsburg {
		n--
		why = append(why, "-1 Augsburg Confession")
	}
	if x == dEck && d.PapFresh {
		n++
		why = append(why, "+1 Eck")
	}
	if x == dGardiner && d.PapFresh && d.Zone == LangEnglish {
		n++
		why = append(why, "+1 Gardiner")
	}
	switch d.Source {
	case SrcInquisition:
		extra := Cards[cPapalInq].DebDice
		if s.Edition == Ed2010 {
			extra = 2 // the older text's fixed +2 (ruling R8)
		}
		n += extra
		why = append(why, fmt.Sprintf("+%d Papal Inquisition", extra))
	case SrcMore:
		extra := Cards[cThomasMore].DebDice
		if d.Zone == LangEnglish {
			extra = Cards[cThomasMore].DebDiceE
		}
		n += extra
		why = append(why, fmt.Sprintf("+%d Thomas More", extra))
	}
	text := fmt.Sprintf("%d (%s) + 3", v, Debaters[x].Name)
	if len(why) > 0 {
		text += " " + strings.Join(why, ", ")
	}
	if n < 0 {
		n = 0
	}
	return n, text
}

func (s *State) debateRoll() {
	d := s.Debate
	an, atext := s.attackDice()
	defX, fresh := d.Prot, d.ProtFresh
	if d.Initiator == Protestant {
		defX, fresh = d.Pap, d.PapFresh
	}
	dn := Debaters[defX].Value + 1
	if fresh {
		dn++
	}
	ah, adice := s.Hits(an)
	dh, ddice := s.Hits(dn)
	s.dlog("round %d: %s attacks with %d dice [%s] %v: %d hit(s)", d.Round, Debaters[s.attackerX()].Name, an, atext, adice, ah)
	freshText := "committed: value + 1"
	if fresh {
		freshText = "uncommitted: value + 2"
	}
	s.dlog("round %d: %s defends with %d dice [%s] %v: %d hit(s)", d.Round, Debaters[defX].Name, dn, freshText, ddice, dh)
	s.Debaters[d.Pap] = DebCommitted
	s.Debaters[d.Prot] = DebCommitted
	if d.Initiator == Papacy {
		d.PapHits, d.ProtHits = ah, dh
	} else {
		d.PapHits, d.ProtHits = dh, ah
	}
	switch {
	case ah == dh && d.Round == 1:
		s.dlog("tie in round 1: a second round with new debaters")
		d.Round = 2
		d.Step = dsR2Papal
	case ah == dh:
		s.dlog("tie in round 2: the debate ends without result")
		d.Result = "tie"
		d.Step = dsEnd
	default:
		d.Step = dsResult
	}
}

func (s *State) attackerX() int {
	if s.Debate.Initiator == Papacy {
		return s.Debate.Pap
	}
	return s.Debate.Prot
}

// debateResult applies Campeggio and Aleander and sets the flips.
func (s *State) debateResult() {
	d := s.Debate
	if d.PapHits > d.ProtHits {
		d.Winner, d.Diff = Papacy, d.PapHits-d.ProtHits
	} else {
		d.Winner, d.Diff = Protestant, d.ProtHits-d.PapHits
	}
	s.dlog("%s wins by %d", d.Winner, d.Diff)
	d.Flips = d.Diff
	if d.Winner == Protestant && d.Pap == dCampeggio && d.PapFresh {
		r := s.Die()
		if r >= 5 {
			s.dlog("Campeggio rolls %d: the result of the debate is ignored", r)
			d.Result = "ignored (Campeggio)"
			d.Flips = 0
			d.Step = dsEnd
			return
		}
		s.dlog("Campeggio rolls %d: no effect", r)
	}
	if d.Pap == dAleander && d.PapFresh {
		d.Flips++
		s.dlog("Aleander's bonus: %s flips 1 extra space", d.Winner)
	}
	d.Result = fmt.Sprintf("%s wins by %d", d.Winner, d.Diff)
	d.Step = dsFlip
}

// debateBurn: burning (§18.5 step 8) and disgrace (step 9), on the hit
// difference (not on extra flips).
func (s *State) debateBurn() {
	d := s.Debate
	if d.Winner == Papacy && d.Diff > Debaters[d.Prot].Value {
		x := d.Prot
		s.Debaters[x] = DebBurnt
		s.Powers[Papacy].BonusVP += Debaters[x].Value
		s.dlog("%s is burnt at the stake: Papacy +%d VP", Debaters[x].Name, Debaters[x].Value)
		for _, r := range reformerHomes() {
			if r.debater == x && s.Reformer[r.space] {
				s.Reformer[r.space] = false
				s.dlog("the reformer %s leaves the map for good", Debaters[x].Name)
			}
		}
	}
	if d.Winner == Protestant && d.Diff > Debaters[d.Pap].Value {
		x := d.Pap
		s.Debaters[x] = DebDisgraced
		s.Powers[Protestant].BonusVP += Debaters[x].Value
		s.dlog("%s is disgraced: Protestant +%d VP", Debaters[x].Name, Debaters[x].Value)
	}
}

// reformerHome pairs a reformer-debater with his space.
type reformerHome struct {
	debater int
	space   SpaceID
}

// reformerHomes lists the four reformers who are also debaters (§18.5 step 8).
func reformerHomes() []reformerHome {
	return []reformerHome{{dLuther, spWittenberg}, {dZwingli, spZurich}, {dCalvin, spGeneva}, {dCranmer, spLondon}}
}

// flipTargets lists the spaces the debate's winner may flip now: eligible
// per §18.3 step 1 (Protestant) or §18.4 step 1 (Papacy), in the debate's
// zone as far as possible, elsewhere only when none is left there.
func (s *State) flipTargets() []SpaceID {
	d := s.Debate
	var in, out []SpaceID
	for i := range Spaces {
		sp := SpaceID(i)
		if !s.eligible(sp, d.Winner == Protestant) {
			continue
		}
		if Spaces[i].Lang == d.Zone {
			in = append(in, sp)
		} else {
			out = append(out, sp)
		}
	}
	if len(in) > 0 {
		return in
	}
	return out
}

// eligible reports whether a space may be flipped to Protestant (toProt) or
// Catholic: it has the other religion and a reformer / Jesuit university in
// it, or a neighbour of the new religion not in unrest (across a pass too),
// or it is a port on a sea zone with another port of the new religion.
func (s *State) eligible(sp SpaceID, toProt bool) bool {
	info := &Spaces[sp]
	if info.NoRel || s.Spaces[sp].Ctl == NoPower || s.Spaces[sp].Prot == toProt {
		return false
	}
	if toProt && s.Reformer[sp] || !toProt && s.Spaces[sp].Jesuit {
		return true
	}
	ofNew := func(x SpaceID) bool {
		return !Spaces[x].NoRel && s.Spaces[x].Prot == toProt && !s.Spaces[x].Unrest
	}
	for _, e := range info.Edges {
		if ofNew(e.To) {
			return true
		}
	}
	for _, z := range info.Ports {
		for _, port := range Seas[z].Ports {
			if port != sp && ofNew(port) {
				return true
			}
		}
	}
	return false
}

func (s *State) debateChoices(dec Decision) []game.Choice {
	d := s.Debate
	switch dec.Kind {
	case kDebZone:
		var out []game.Choice
		for _, z := range []Lang{LangGerman, LangFrench, LangEnglish} {
			if s.canCallDebate(d.Initiator, z) {
				out = append(out, game.Choice{Label: z.String(), Value: z.String()})
			}
		}
		return out
	case kDebLeipzig:
		var ch, bar []game.Choice
		for _, x := range s.debaterPool(Papacy, d.Zone, false) {
			ch = append(ch, game.Choice{Label: Debaters[x].Name, Value: Debaters[x].ID})
		}
		for i, db := range Debaters {
			if db.Side == Protestant && db.Lang == d.Zone && s.debaterInPlay(i) {
				bar = append(bar, game.Choice{Label: db.Name, Value: db.ID})
			}
		}
		out := []game.Choice{{Label: "choose the Papal attacker", Value: "choose", Next: ch}}
		if len(bar) > 0 {
			out = append(out, game.Choice{Label: "bar a Protestant debater from this debate", Value: "bar", Next: bar})
		}
		return out
	case kDebPool:
		return []game.Choice{{Label: "a committed debater", Value: "committed"}, {Label: "an uncommitted debater", Value: "uncommitted"}}
	case kDebHIS:
		return []game.Choice{{Label: "no", Value: "pass"}, {Label: "play Here I Stand: Luther debates", Value: "luther"}}
	case kDebBull:
		return []game.Choice{{Label: "no", Value: "pass"}, {Label: "commit Bullinger for round 2", Value: "bullinger"}}
	case kDebFlip:
		var out []game.Choice
		for _, sp := range s.flipTargets() {
			out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
		}
		return out
	}
	return nil
}

func (s *State) resolveDebate(dec Decision, p []string) {
	d := s.Debate
	switch dec.Kind {
	case kDebZone:
		d.Zone, _ = ParseLang(p[0])
	case kDebLeipzig:
		x := mustDebater(p[1])
		if p[0] == "choose" {
			d.Chosen = x
		} else {
			d.Barred = x
			s.dlog("Leipzig Debate: %s may not debate in this debate", Debaters[x].Name)
		}
	case kDebPool:
		d.Pool = p[0]
		s.dlog("%s attacks the %s pool", d.Initiator, p[0])
	case kDebHIS:
		if p[0] != "luther" {
			return
		}
		old := d.Prot
		s.playCard(Protestant, cHereIStand)
		d.LutherIn, d.LutherWas = true, s.Debaters[dLuther]
		if s.Debaters[dLuther] == DebAway {
			s.Debaters[dLuther] = DebCommitted // excommunicated: debates as committed, leaves after
		}
		s.setProt(dLuther)
		s.Debaters[old] = DebCommitted
		s.dlog("Here I Stand: Luther replaces %s as the Protestant %s; %s is committed", Debaters[old].Name, s.role(Protestant), Debaters[old].Name)
		s.drawFromDeck(Protestant)
	case kDebBull:
		if p[0] == "bullinger" {
			s.setProt(dBullinger)
			s.dlog("round 2: the Protestant commits Bullinger")
		}
	case kDebFlip:
		sp := mustSpace(p[0])
		s.convert(sp, d.Winner == Protestant)
		d.Flips--
		d.Flipped = append(d.Flipped, Spaces[sp].ID)
		rel := "Catholic"
		if d.Winner == Protestant {
			rel = "Protestant"
		}
		s.dlog("%s flips %s to %s", d.Winner, Spaces[sp].Name, rel)
	}
}
