package his

import (
	"fmt"

	"concordat/game"
)

// Field battles (§14), kept in State.Battle while they need decisions:
// the response window before the dice (§14 step 1: Landsknechts, Swiss
// Mercenaries), the combat cards (steps 4–5, attacker first, then each
// defending major power), the dice, the window after both sides rolled
// (step 7: Janissaries), casualties chosen by their owners, capture of the
// leaders of a side left without land units, the loser's withdrawal into
// the fortifications and retreat (§14.1), the siege check of a battle in a
// fortified space, and the outcomes of a relief battle (§15.2); then the
// defeat of Hungary-Bohemia (§22.5) is checked. The cards' effects are in
// cards_combat.go and cards_response.go.

// battleStep is where a field battle stands.
type battleStep uint8

// The steps of a field battle.
const (
	btPre       battleStep = iota // the window before the dice (Landsknechts, Swiss Mercenaries)
	btCombat                      // the combat cards' window
	btRoll                        // the dice (with Surprise Attack, the surprising side only)
	btRollOther                   // Surprise Attack: the other side rolls, after its casualties
	btRolled                      // the window after both sides rolled (Janissaries)
	btResult                      // the winner and the casualties owed
	btLosses                      // casualties, one owner at a time
	btCapture                     // leaders of a side without land units
	btRelief                      // relief force that lost: who goes back inside
	btRetreat                     // the loser withdraws and retreats
	btSiege                       // siege check; the battle is over
)

// BattleLoss is a casualty count still to be taken by one power's group
// (a major with its minors, or an inactive minor, or the independents).
type BattleLoss struct {
	Group    Power `json:"group"`
	Attacker bool  `json:"attacker"`
	N        int   `json:"n"`
}

// Battle is a field battle in progress (State.Battle) or the last one
// fought (State.LastBattle).
type Battle struct {
	Space    SpaceID `json:"space"`
	Attacker Power   `json:"attacker"` // the active major power
	// From is the space the attacker came from (its only retreat), or -1.
	From int `json:"from"`
	// Att and Def are the land units fighting, per power (casualties are
	// taken off them as off the map); AttLeaders and DefLeaders the army
	// leaders on each side.
	Att        [NumPowers]Units `json:"att"`
	Def        [NumPowers]Units `json:"def"`
	AttLeaders []int            `json:"att_leaders,omitempty"`
	DefLeaders []int            `json:"def_leaders,omitempty"`
	// NoDefenderDie drops the defender's extra die; NoRetreat leaves the
	// loser in place (foreign wars, §21.7).
	NoDefenderDie bool `json:"no_defender_die,omitempty"`
	NoRetreat     bool `json:"no_retreat,omitempty"`
	// Relief: the attacker relieves its besieged friends (§15.2); Joined
	// and JoinedLeaders came out of the fortification to fight.
	Relief        bool             `json:"relief,omitempty"`
	Joined        [NumPowers]Units `json:"joined"`
	JoinedLeaders []int            `json:"joined_leaders,omitempty"`
	// BySea: the attacker landed from a naval transport (§16.3 step 4;
	// From is -1): beaten, its transported units cannot retreat nor go
	// inside a fortification and are eliminated, leaders captured; in a
	// relief battle only the units that came out of the fortification may
	// go back in.
	BySea bool `json:"by_sea,omitempty"`

	AttDice     []int `json:"att_dice"`
	DefDice     []int `json:"def_dice"`
	AttHits     int   `json:"att_hits"`
	DefHits     int   `json:"def_hits"`
	AttackerWon bool  `json:"attacker_won"`

	// Combat cards (cards_combat.go): extra dice each side rolls with its
	// own (Arquebusiers, Field Artillery), dice it rolls fewer (Tercios'
	// second half), Tercios' own dice (hits on 4–6) by the side whose
	// Hapsburgs play it, the side that rolls first (Surprise Attack: 1 the
	// attacker, -1 the defender), the cards declared, and the dice each side
	// rolled in all (for the double wipe-out rule).
	AttExtra   int   `json:"att_extra,omitempty"`
	DefExtra   int   `json:"def_extra,omitempty"`
	AttFewer   int   `json:"att_fewer,omitempty"`
	DefFewer   int   `json:"def_fewer,omitempty"`
	AttTercios bool  `json:"att_tercios,omitempty"`
	DefTercios bool  `json:"def_tercios,omitempty"`
	Surprise   int8  `json:"surprise,omitempty"`
	Cards      []int `json:"cards,omitempty"`
	AttRolled  int   `json:"att_rolled"`
	DefRolled  int   `json:"def_rolled"`
	// Surprised: the surprised side's casualties have been taken.
	Surprised bool `json:"surprised,omitempty"`
	// Sack: the battle of Sack of Rome (#95, cards_sack.go): the Papal
	// regulars defend (1 die with none), the Papacy's casualties fall on
	// its regulars and then its mercenaries in Rome, the attacker's are
	// split between its mercenaries and regulars; no retreat, no siege.
	Sack bool `json:"sack,omitempty"`

	Step   battleStep   `json:"step"`
	Losses []BattleLoss `json:"losses,omitempty"`
	// Retreats are the losing groups still to retreat; Offered marks that
	// the first was offered its withdrawal into the fortifications.
	Retreats []Power `json:"retreats,omitempty"`
	Offered  bool    `json:"offered,omitempty"`
}

func (b *Battle) clone() *Battle {
	c := *b
	c.AttLeaders = append([]int(nil), b.AttLeaders...)
	c.DefLeaders = append([]int(nil), b.DefLeaders...)
	c.JoinedLeaders = append([]int(nil), b.JoinedLeaders...)
	c.AttDice = append([]int(nil), b.AttDice...)
	c.DefDice = append([]int(nil), b.DefDice...)
	c.Cards = append([]int(nil), b.Cards...)
	c.Losses = append([]BattleLoss(nil), b.Losses...)
	c.Retreats = append([]Power(nil), b.Retreats...)
	return &c
}

// Decision kinds of field battles.
const (
	kLosses    = "battle.losses"   // which units a power loses
	kBWithdraw = "battle.withdraw" // the losing controller withdraws up to 4 units inside
	kRetreat   = "battle.retreat"  // where the loser retreats
	kReenter   = "battle.reenter"  // a relief force that lost with equal hits goes inside
)

// fieldBattle starts a field battle in b.Space between b.Att (with
// b.AttLeaders; b.Attacker is the active major power, b.From the space it
// came from or -1) and b.Def (with b.DefLeaders), §14.0: after the windows
// for Landsknechts and Swiss Mercenaries and for the combat cards, each
// side rolls 1 die per land unit plus its best leader's battle rating and
// its cards' dice, the defender 1 more (unless NoDefenderDie); 5-6 hit;
// the attacker wins only with more hits. The battle runs as a procedure in
// State.Battle: the windows, the dice, the casualties, captures, the
// loser's retreat (unless NoRetreat) and the siege check, asking the owners
// where there is a choice. A caller's own procedure resumes once
// State.Battle is nil again; the outcome is in State.LastBattle. The units
// counted in Att and Def must be in the space.
func (s *State) fieldBattle(b *Battle) {
	b.Step = btPre
	s.Battle = b
}

// battleSeats are the powers asked in a battle's windows: the attacker,
// then each defending major power in Impulse Order after it (§14 steps
// 4–5).
func (s *State) battleSeats(b *Battle) []Power {
	out := []Power{b.Attacker}
	groups := s.groupsOf(&b.Def)
	for _, q := range othersFrom(b.Attacker) {
		if containsPower(groups, q) {
			out = append(out, q)
		}
	}
	return out
}

// battleWindow opens one of a field battle's windows.
func (s *State) battleWindow(b *Battle, k winKind) {
	w := newWindow(k, b.Attacker, s.battleSeats(b))
	w.Space = int(b.Space)
	s.openWindow(w)
}

// battleDice is the dice a side rolls with its own (§14 steps 2–3 and the
// combat cards): 1 per land unit, its best leader's battle rating, the
// defender's die, its cards' extra dice less Tercios' three; none without
// land units.
func (b *Battle) battleDice(attacker bool) int {
	if attacker {
		if landOf(&b.Att) == 0 {
			return 0
		}
		return max(0, landOf(&b.Att)+bestBattle(b.AttLeaders)+b.AttExtra-b.AttFewer)
	}
	if landOf(&b.Def) == 0 {
		if b.Sack {
			return 1 // Sack of Rome: 1 die without regulars
		}
		return 0
	}
	n := landOf(&b.Def) + bestBattle(b.DefLeaders) + b.DefExtra - b.DefFewer
	if !b.NoDefenderDie {
		n++
	}
	return max(0, n)
}

// rollSide rolls one side's dice (and its Tercios dice, hits on 4–6).
func (s *State) rollSide(b *Battle, attacker bool) {
	n := b.battleDice(attacker)
	hits, dice := s.Hits(n)
	tercios := b.AttTercios
	if !attacker {
		tercios = b.DefTercios
	}
	if tercios {
		for i := 0; i < terciosDice; i++ {
			d := s.Die()
			dice = append(dice, d)
			if d >= 4 {
				hits++
			}
		}
		n += terciosDice
	}
	if attacker {
		b.AttHits, b.AttDice, b.AttRolled = hits, dice, n
	} else {
		b.DefHits, b.DefDice, b.DefRolled = hits, dice, n
	}
}

// battleResult decides the winner (§14 step 8) and the casualties owed
// (step 9): the defender wins ties; both sides wiped out, the side that
// rolled more dice keeps one unit (the defender on equal dice); allied
// defenders split their casualties.
func (s *State) battleResult(b *Battle) {
	att, def := landOf(&b.Att), landOf(&b.Def)
	na, nd := b.AttRolled, b.DefRolled
	b.AttackerWon = b.AttHits > b.DefHits
	attLoss, defLoss := min(b.DefHits, att), min(b.AttHits, def)
	if b.Surprised {
		// Surprise Attack: the surprised side took its casualties already
		if b.Surprise > 0 {
			defLoss = 0
		} else {
			attLoss = 0
		}
	}
	if att > 0 && def > 0 && attLoss == att && defLoss == def {
		// both wiped out: the side with more dice keeps one unit, the
		// defender on equal dice
		if na > nd {
			attLoss--
		} else {
			defLoss--
		}
	}
	winner := "the defender"
	if b.AttackerWon {
		winner = b.Attacker.String()
	}
	s.emit("battle", fmt.Sprintf("field battle at %s: %s %d dice %v, %d hit(s); defender %d dice %v, %d hit(s); %s wins",
		Spaces[b.Space].Name, b.Attacker, na, b.AttDice, b.AttHits, nd, b.DefDice, b.DefHits, winner))
	if b.Sack {
		s.sackLosses(b)
		return
	}
	s.oweLosses(b, attLoss, defLoss)
}

// oweLosses sets the casualties each side still has to take.
func (s *State) oweLosses(b *Battle, attLoss, defLoss int) {
	if attLoss > 0 {
		b.Losses = append(b.Losses, BattleLoss{Group: b.Attacker, Attacker: true, N: attLoss})
	}
	groups := s.groupsOf(&b.Def)
	for i, n := range s.splitLosses(defLoss, groups, &b.Def) {
		b.Losses = append(b.Losses, BattleLoss{Group: groups[i], N: n})
	}
}

// groupsOf lists the groups (majors with their minors; inactive minors and
// independents alone) with land units on a side, in power order.
func (s *State) groupsOf(u *[NumPowers]Units) []Power {
	var out []Power
	for q := Power(0); q < NumPowers; q++ {
		if u[q].Land() == 0 {
			continue
		}
		g := s.side(q)
		if !containsPower(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// groupUnits is the part of a side's units that belongs to group g.
func (s *State) groupUnits(u *[NumPowers]Units, g Power) (out [NumPowers]Units) {
	for q := Power(0); q < NumPowers; q++ {
		if s.side(q) == g {
			out[q] = u[q]
		}
	}
	return
}

// splitLosses shares n casualties evenly between allied groups, the odd
// ones by a die (ruling M9), no group losing more than it has.
func (s *State) splitLosses(n int, groups []Power, u *[NumPowers]Units) []int {
	k := len(groups)
	out := make([]int, k)
	if k == 0 {
		return out
	}
	for i := range out {
		out[i] = n / k
	}
	if r := n % k; r > 0 {
		start := (s.Die() - 1) % k
		for j := 0; j < r; j++ {
			out[(start+j)%k]++
		}
	}
	extra := 0
	room := make([]int, k)
	for i, g := range groups {
		gu := s.groupUnits(u, g)
		room[i] = landOf(&gu)
		if out[i] > room[i] {
			extra += out[i] - room[i]
			out[i] = room[i]
		}
	}
	for i := range out {
		for extra > 0 && out[i] < room[i] {
			out[i]++
			extra--
		}
	}
	return out
}

// lossChoices lists the ways group g may take n casualties from its units.
func (s *State) lossChoices(u *[NumPowers]Units, g Power, n int) []game.Choice {
	gu := s.groupUnits(u, g)
	var out []game.Choice
	for _, f := range stackForms(&gu, g) {
		if f.n == n {
			out = append(out, f.ch)
		}
	}
	return out
}

// takeLosses removes casualties from a side and from the space.
func (s *State) takeLosses(b *Battle, attacker bool, lost *[NumPowers]Units) {
	side := &b.Def
	if attacker {
		side = &b.Att
	}
	for q := range lost {
		side[q].Reg -= lost[q].Reg
		side[q].Merc -= lost[q].Merc
		side[q].Cav -= lost[q].Cav
	}
	s.removeForce(b.Space, lost)
}

// captureLeadersBy puts leaders on the captor's power card; with no major power
// to hold them they leave the map (as in siege.go).
func (s *State) captureLeadersBy(ls []int, captor Power) {
	for _, l := range ls {
		if captor != NoPower && captor.Major() {
			s.Leaders[l] = LeaderState{Loc: OffMap, Captor: captor}
			s.emit("capture", fmt.Sprintf("%s captures %s", captor, Leaders[l].Name))
		} else {
			s.Leaders[l] = LeaderState{Loc: OffMap, Captor: NoPower}
			s.emit("leader", fmt.Sprintf("%s leaves the map", Leaders[l].Name))
		}
	}
}

// defCaptor is the power that captures the attacker's leaders: the first
// major power among the defenders.
func (s *State) defCaptor(b *Battle) Power {
	for _, g := range s.groupsOf(&b.Def) {
		if g.Major() {
			return g
		}
	}
	for _, l := range b.DefLeaders {
		return s.lpower(l)
	}
	return NoPower
}

// retreatOK reports whether group g may retreat into sp (§14.1): not in
// unrest, no enemy units, not independent, controlled by g or an ally, no
// electorate before the League.
func (s *State) retreatOK(g Power, sp SpaceID) bool {
	c := s.Spaces[sp].Ctl
	if s.Spaces[sp].Unrest || s.hasEnemyUnits(int(sp), g) || c == Independent || c == NoPower || s.noElectorate(sp, g) {
		return false
	}
	return s.ControlledBy(sp, g) || s.Allied(g, c)
}

// retreatDests lists where the losing group may retreat: the attacker only
// to the space it came from, a defender anywhere adjacent but there.
func (s *State) retreatDests(b *Battle, g Power, attacker bool) []SpaceID {
	if attacker {
		if b.From >= 0 && s.retreatOK(g, SpaceID(b.From)) {
			return []SpaceID{SpaceID(b.From)}
		}
		return nil
	}
	var out []SpaceID
	for _, e := range Spaces[b.Space].Edges {
		if int(e.To) != b.From && s.retreatOK(g, e.To) {
			out = append(out, e.To)
		}
	}
	return out
}

// loserSide returns the losing side's units and leaders.
func (b *Battle) loserSide() (*[NumPowers]Units, *[]int, bool) {
	if b.AttackerWon {
		return &b.Def, &b.DefLeaders, false
	}
	return &b.Att, &b.AttLeaders, true
}

// groupLeaders lists the leaders of group g among ls.
func (s *State) groupLeaders(ls []int, g Power) []int {
	var out []int
	for _, l := range ls {
		if s.lpower(l) == g {
			out = append(out, l)
		}
	}
	return out
}

// dropLeaders removes some leaders from a list.
func dropLeaders(ls []int, drop []int) []int {
	var out []int
	for _, l := range ls {
		if !containsInt(drop, l) {
			out = append(out, l)
		}
	}
	return out
}

// retreatGroup moves a losing group's surviving units and leaders to sp;
// a defeated formation may not move again this impulse (§13.1).
func (s *State) retreatGroup(b *Battle, g Power, to SpaceID) {
	side, ls, _ := b.loserSide()
	u := s.groupUnits(side, g)
	gl := s.groupLeaders(*ls, g)
	// units of q already in the space that never lost keep q's stack
	// there from avoiding battle without a roll (§13.3)
	var fresh uint16
	for q := range u {
		if s.Act != nil && s.Spaces[to].Units[q].Land() > 0 && s.Act.Beaten[to]&bit(Power(q)) == 0 {
			fresh |= bit(Power(q))
		}
	}
	s.shiftForce(b.Space, to, &u, gl)
	*ls = dropLeaders(*ls, gl)
	if s.Act != nil && s.Act.Intercepted[b.Space]&bit(g) != 0 {
		s.Act.Intercepted[to] |= bit(g) // interceptors keep their one attempt spent (§13.2)
	}
	for q := range u {
		if u[q].Land() > 0 && s.Act != nil && fresh&bit(Power(q)) == 0 {
			s.Act.Beaten[to] |= bit(Power(q))
		}
		if s.side(Power(q)) == g {
			side[q] = Units{}
		}
	}
	if s.Act != nil && s.Act.Power == g {
		// the whole stack there is beaten: the space is closed to moves
		// (naval transport reads Act.NoMove); else only the beaten units
		if !s.stackAt(to, g, &u, gl) {
			s.Act.NoMove[to] = true
		}
		s.Act.Defeated = append(s.Act.Defeated, Defeat{Space: to, Units: u, Leaders: gl})
	}
	s.emit("retreat", fmt.Sprintf("%s retreats %d unit(s)%s from %s to %s", g, landOf(&u), leaderNames(gl), Spaces[b.Space].Name, Spaces[to].Name))
}

// Defeat is a formation of the active power's side beaten in a field
// battle this impulse and the space it retreated to (Act.Defeated).
type Defeat struct {
	Space   SpaceID          `json:"space"`
	Units   [NumPowers]Units `json:"units"`
	Leaders []int            `json:"leaders,omitempty"`
}

// stackAt reports whether sp holds land units or army leaders of g's side
// besides the units u and leaders ls that just came in.
func (s *State) stackAt(sp SpaceID, g Power, u *[NumPowers]Units, ls []int) bool {
	for q := Power(0); q < NumPowers; q++ {
		if s.side(q) == g && s.Spaces[sp].Units[q].Land() > u[q].Land() {
			return true
		}
	}
	return len(s.armyLeadersAt(sp, g)) > len(ls)
}

// undefeated takes off p's stack in sp (and its leaders) the units and
// leaders beaten in a field battle this impulse (§13.1).
func (s *State) undefeated(sp SpaceID, stack *[NumPowers]Units, leaders []int) []int {
	for _, d := range s.Act.Defeated {
		if d.Space != sp {
			continue
		}
		for q := range stack {
			a, b := &stack[q], d.Units[q]
			a.Reg -= min(a.Reg, b.Reg)
			a.Merc -= min(a.Merc, b.Merc)
			a.Cav -= min(a.Cav, b.Cav)
		}
		leaders = dropLeaders(leaders, d.Leaders)
	}
	return leaders
}

// destroyGroup eliminates a losing group that cannot retreat; its leaders
// are captured by the winner.
func (s *State) destroyGroup(b *Battle, g Power, attacker bool) {
	side, ls, _ := b.loserSide()
	u := s.groupUnits(side, g)
	s.removeForce(b.Space, &u)
	for q := range u {
		if u[q].Land() > 0 {
			side[q] = Units{}
		}
	}
	if n := landOf(&u); n > 0 {
		s.emit("retreat", fmt.Sprintf("%s's %d unit(s) at %s cannot retreat and are eliminated", g, n, Spaces[b.Space].Name))
	}
	gl := s.groupLeaders(*ls, g)
	*ls = dropLeaders(*ls, gl)
	captor := b.Attacker
	if attacker {
		captor = s.defCaptor(b)
	}
	s.captureLeadersBy(gl, captor)
}

// stepBattle advances the battle in progress; false when none runs.
func (s *State) stepBattle() bool {
	b := s.Battle
	if b == nil {
		return false
	}
	for {
		switch b.Step {
		case btPre:
			b.Step = btCombat
			s.battleWindow(b, winBattle)
			return true
		case btCombat:
			b.Step = btRoll
			s.battleWindow(b, winCombat)
			return true
		case btRoll:
			switch {
			case b.Surprise > 0:
				s.rollSide(b, true)
				s.emit("battle", fmt.Sprintf("Surprise Attack at %s: %s rolls first, %d dice %v, %d hit(s)", Spaces[b.Space].Name, b.Attacker, b.AttRolled, b.AttDice, b.AttHits))
				s.oweLosses(b, 0, min(b.AttHits, landOf(&b.Def)))
				b.Step = btLosses
			case b.Surprise < 0:
				s.rollSide(b, false)
				s.emit("battle", fmt.Sprintf("Surprise Attack at %s: the defender rolls first, %d dice %v, %d hit(s)", Spaces[b.Space].Name, b.DefRolled, b.DefDice, b.DefHits))
				s.oweLosses(b, min(b.DefHits, landOf(&b.Att)), 0)
				b.Step = btLosses
			default:
				s.rollSide(b, true)
				s.rollSide(b, false)
				b.Step = btRolled
			}
		case btRollOther:
			s.rollSide(b, b.Surprise < 0)
			b.Step = btRolled
		case btRolled:
			b.Step = btResult
			s.battleWindow(b, winRolled)
			return true
		case btResult:
			s.battleResult(b)
			b.Step = btLosses
		case btLosses:
			for len(b.Losses) > 0 {
				l := b.Losses[0]
				side := &b.Def
				if l.Attacker {
					side = &b.Att
				}
				ch := s.lossChoices(side, l.Group, l.N)
				if l.N == 0 || len(ch) == 0 {
					b.Losses = b.Losses[1:]
					continue
				}
				if len(ch) > 1 && l.Group.Major() {
					s.push(kLosses, l.Group)
					return true
				}
				lost := parseForm(ch[0].Value, l.Group)
				s.applyLoss(b, lost)
			}
			b.Step = btCapture
			if b.Surprise != 0 && !b.Surprised {
				// the surprised side has taken its casualties: it recounts
				// its dice and rolls (CARDS.md #29)
				b.Surprised = true
				b.Step = btRollOther
			}
		case btCapture:
			if landOf(&b.Def) == 0 && len(b.DefLeaders) > 0 {
				s.captureLeadersBy(b.DefLeaders, b.Attacker)
				b.DefLeaders = nil
			}
			if landOf(&b.Att) == 0 && len(b.AttLeaders) > 0 {
				s.captureLeadersBy(b.AttLeaders, s.defCaptor(b))
				b.AttLeaders = nil
			}
			b.Step = btRelief
			if b.NoRetreat {
				b.Step = btSiege
				break
			}
			side, ls, _ := b.loserSide()
			b.Retreats = s.groupsOf(side)
			for _, l := range *ls {
				if g := s.lpower(l); !containsPower(b.Retreats, g) {
					b.Retreats = append(b.Retreats, g)
				}
			}
		case btRelief:
			b.Step = btRetreat
			if !b.Relief || b.AttackerWon {
				break
			}
			if b.AttHits == b.DefHits && !b.BySea && len(s.reenterChoices(b)) > 1 {
				s.push(kReenter, b.Attacker)
				return true
			}
			if b.AttHits != b.DefHits || b.BySea {
				// only the units that came from inside go back in (those
				// counted as surviving first)
				var back [NumPowers]Units
				for q := range b.Att {
					back[q] = Units{Reg: min(b.Att[q].Reg, b.Joined[q].Reg), Merc: min(b.Att[q].Merc, b.Joined[q].Merc), Cav: min(b.Att[q].Cav, b.Joined[q].Cav)}
				}
				s.stayInside(b, &back, b.JoinedLeaders)
				if landOf(&b.Att) == 0 && len(b.AttLeaders) > 0 {
					s.captureLeadersBy(b.AttLeaders, s.defCaptor(b))
					b.AttLeaders = nil
				}
			}
		case btRetreat:
			for len(b.Retreats) > 0 {
				g := b.Retreats[0]
				side, ls, att := b.loserSide()
				gu := s.groupUnits(side, g)
				gl := s.groupLeaders(*ls, g)
				if landOf(&gu) == 0 && len(gl) == 0 {
					b.Retreats, b.Offered = b.Retreats[1:], false
					continue
				}
				fort := s.fortified(b.Space)
				if !g.Major() {
					// inactive minors and independents do not retreat: up
					// to 4 go inside, the rest are eliminated (§22.1)
					var in [NumPowers]Units
					if fort {
						for q := range gu {
							in[q].Reg = min(gu[q].Reg, uint8(4-landOf(&in)))
						}
					}
					s.stayInside(b, &in, nil)
					s.destroyGroup(b, g, att)
					b.Retreats, b.Offered = b.Retreats[1:], false
					continue
				}
				if fort && !b.Offered && !b.Relief && !(att && b.BySea) && s.ControlledBy(b.Space, g) {
					b.Offered = true
					s.push(kBWithdraw, g)
					return true
				}
				dests := s.retreatDests(b, g, att)
				switch len(dests) {
				case 0:
					s.destroyGroup(b, g, att)
				case 1:
					s.retreatGroup(b, g, dests[0])
				default:
					s.push(kRetreat, g)
					return true
				}
				b.Retreats, b.Offered = b.Retreats[1:], false
			}
			b.Step = btSiege
		case btSiege:
			s.battleSiege(b)
			s.LastBattle = b
			s.Battle = nil
			// §22.5: Hungary-Bohemia's defeat is checked after every battle;
			// the keys it hands over may make an Auto Win at once (§11.0).
			if !s.HungaryDefeated {
				s.checkHungaryDefeat()
				if s.HungaryDefeated {
					s.checkMilitary()
				}
			}
			return true // progress: the procedure that started the battle goes on
		}
		if len(s.Stack) > 0 {
			return true
		}
	}
}

func containsPower(ps []Power, p Power) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// applyLoss takes the first pending casualties.
func (s *State) applyLoss(b *Battle, lost [NumPowers]Units) {
	l := b.Losses[0]
	b.Losses = b.Losses[1:]
	s.takeLosses(b, l.Attacker, &lost)
	s.emit("battle", fmt.Sprintf("%s loses %d unit(s) (%s)", l.Group, landOf(&lost), formValue(&lost, l.Group)))
}

// stayInside keeps some of the loser's units and leaders in the space,
// inside the fortification: they no longer retreat.
func (s *State) stayInside(b *Battle, u *[NumPowers]Units, ls []int) {
	side, lls, _ := b.loserSide()
	for q := range u {
		side[q].Reg -= u[q].Reg
		side[q].Merc -= u[q].Merc
		side[q].Cav -= u[q].Cav
	}
	*lls = dropLeaders(*lls, ls)
	if n := landOf(u); n > 0 || len(ls) > 0 {
		s.emit("battle", fmt.Sprintf("%d unit(s)%s go inside the fortifications of %s", n, leaderNames(ls), Spaces[b.Space].Name))
	}
}

// reenterChoices: a relief force beaten with equal hits may take survivors
// inside, up to 4 land units inside in all (§15.2).
func (s *State) reenterChoices(b *Battle) []game.Choice {
	_, held := s.siegeCounts(b.Space) // everyone inside, allies too, and the survivors
	room := 4 - (held - landOf(&b.Att))
	out := []game.Choice{{Label: "none", Value: "none"}}
	if room > 0 {
		out = append(out, formsUpTo(stackForms(&b.Att, b.Attacker), room, false)...)
	}
	return out
}

// battleSiege ends a battle: in a fortified space the attacker who won
// besieges it if it outnumbers the units inside, else it retreats as from
// a broken siege (§14.0 step 12); a relief battle lifts or keeps the siege.
func (s *State) battleSiege(b *Battle) {
	if b.Sack {
		return // the sackers go back where they came from (cards_sack.go)
	}
	sp := b.Space
	ss := &s.Spaces[sp]
	if b.Relief {
		left := 0
		for q := Power(0); q < NumPowers; q++ {
			if ss.Besiegers&bit(q) != 0 {
				left += ss.Units[q].Land()
			}
		}
		if left == 0 {
			s.liftSiege(sp)
			s.emit("siege", fmt.Sprintf("the siege of %s is lifted", Spaces[sp].Name))
			return
		}
		s.checkSiege(sp)
		return
	}
	if ss.Besiegers != 0 {
		// a battle against the besiegers of an independent key (§13.1,
		// §22.6): their siege holds only while they still outnumber the
		// key; once they are gone the winner may besiege it
		s.checkSiege(sp)
	}
	if !b.AttackerWon || !s.fortified(sp) || ss.Besiegers != 0 {
		return
	}
	c := ss.Ctl
	if !(c == Independent || s.AtWar(b.Attacker, c)) {
		return
	}
	mine := s.sideUnits(sp, b.Attacker, false)
	if landOf(&mine) == 0 {
		return
	}
	inside := 0
	for q := Power(0); q < NumPowers; q++ {
		if s.side(q) != b.Attacker {
			inside += ss.Units[q].Land()
		}
	}
	if landOf(&mine) > inside {
		s.startSiege(sp, b.Attacker)
		return
	}
	s.emit("siege", fmt.Sprintf("%s cannot besiege %s and falls back", b.Attacker, Spaces[sp].Name))
	for q := Power(0); q < NumPowers; q++ {
		if mine[q].Land() > 0 {
			s.Breaks = append(s.Breaks, SiegeBreak{Space: sp, Power: q})
		}
	}
}

func init() {
	registerProc(5, func(s *State) bool { return s.stepBattle() })
	registerDecision(kLosses, &decisionDef{
		text: func(s *State, d Decision) string {
			l := s.Battle.Losses[0]
			return fmt.Sprintf("field battle at %s: choose your %d casualties", Spaces[s.Battle.Space].Name, l.N)
		},
		choices: func(s *State, d Decision) []game.Choice {
			b := s.Battle
			l := b.Losses[0]
			side := &b.Def
			if l.Attacker {
				side = &b.Att
			}
			return s.lossChoices(side, l.Group, l.N)
		},
		resolve: func(s *State, d Decision, path []string) {
			s.applyLoss(s.Battle, parseForm(path[0], d.Power))
		},
	})
	registerDecision(kBWithdraw, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("field battle at %s lost: withdraw up to 4 units into the fortifications?", Spaces[s.Battle.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			b := s.Battle
			side, ls, _ := b.loserSide()
			gu := s.groupUnits(side, d.Power)
			forms := append([]game.Choice{{Label: "no units", Value: "0:0:0"}}, formsUpTo(stackForms(&gu, d.Power), 4, false)...)
			var out []game.Choice
			for _, set := range leaderSets(s.groupLeaders(*ls, d.Power)) {
				out = append(out, game.Choice{Label: "leaders: " + leaderValue(set), Value: leaderValue(set), Next: forms})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			u := parseForm(path[1], d.Power)
			s.stayInside(s.Battle, &u, parseLeaders(path[0]))
		},
	})
	registerDecision(kRetreat, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("field battle at %s lost: choose where to retreat", Spaces[s.Battle.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			b := s.Battle
			_, _, att := b.loserSide()
			var out []game.Choice
			for _, to := range s.retreatDests(b, d.Power, att) {
				out = append(out, game.Choice{Label: Spaces[to].Name, Value: Spaces[to].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			b := s.Battle
			s.retreatGroup(b, d.Power, mustSpace(path[0]))
			b.Retreats, b.Offered = b.Retreats[1:], false
		},
	})
	registerDecision(kReenter, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("relief of %s failed with equal hits: which survivors go inside?", Spaces[s.Battle.Space].Name)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.reenterChoices(s.Battle) },
		resolve: func(s *State, d Decision, path []string) {
			b := s.Battle
			var u [NumPowers]Units
			if path[0] != "none" {
				u = parseForm(path[0], d.Power)
			}
			ls := b.JoinedLeaders
			if landOf(&u) == landOf(&b.Att) {
				ls = b.AttLeaders
			}
			s.stayInside(b, &u, ls)
		},
	})
}
