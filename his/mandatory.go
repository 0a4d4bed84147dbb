package his

import (
	"fmt"
	"slices"

	"concordat/game"
)

// The Mandatory Events (CARDS.md §4 #9–#23, #97, #113, #114; RULES.md
// §6.1, §19.8). A power holding one must play it as the event of an impulse
// (it may not pass, §11.0); the event happens and then the framework grants
// the player 2 CP (playEvent). The five with a due date that are still
// unplayed in the Winter of their turn resolve there through the same
// function, mandatoryEvent, without the 2 CP (winterMandatory). Decisions
// an event needs (placing a leader, Jesuit universities, the Council of
// Trent, the Scots Raid) are "event.*" decisions driven by the procedure
// stepEvent, so that the same code runs in an impulse and in Winter.

// EventProc is a Mandatory Event in progress that still owes decisions.
type EventProc struct {
	Card   int   `json:"card"`   // the card's printed number
	Player Power `json:"player"` // who played it; none when it came due in Winter
	// Place lists leaders still to be placed, each with the spaces he may
	// go to; the leader's power chooses when there is more than one.
	Place []Placement `json:"place,omitempty"`
	// Council of Trent (#17): the stage (0 Papal picks, 1 Protestant
	// picks, 2 roll, 3 flips), the chosen debaters, the winner and the
	// flips left.
	Stage  int   `json:"stage"`
	Pap    []int `json:"papal,omitempty"`
	Prot   []int `json:"protestant,omitempty"`
	Winner Power `json:"winner"`
	Flips  int   `json:"flips"`
}

// Placement is a leader waiting to be placed by an event.
type Placement struct {
	Leader int       `json:"leader"`
	Spaces []SpaceID `json:"spaces"`
}

func (e *EventProc) clone() *EventProc {
	c := *e
	c.Place = append([]Placement(nil), e.Place...)
	for i := range c.Place {
		c.Place[i].Spaces = append([]SpaceID(nil), e.Place[i].Spaces...)
	}
	c.Pap = append([]int(nil), e.Pap...)
	c.Prot = append([]int(nil), e.Prot...)
	return &c
}

// Decision kinds of the Mandatory Events.
const (
	kEvUniversity = "event.university"       // Papacy: a space for a Jesuit university, or done
	kEvLeader     = "event.leader"           // the leader's power: where an entering leader goes
	kEvTrentPap   = "event.trent_papal"      // Papacy: a Papal debater for the Council of Trent, or done
	kEvTrentProt  = "event.trent_protestant" // Protestant: a Protestant debater, or done
	kEvTrentFlip  = "event.trent_flip"       // the Council's winner: a space to flip
	kEvScotsRaid  = "event.scots_raid"       // France: none, or an army leader and a Scottish home space
	kWinJesuit    = kEvUniversity            // an overdue Society of Jesus asks the same decision
)

// Numbers the Mandatory Events use.
const (
	mandatoryProc = 500         // procedure order of stepEvent
	trentPapMax   = 4           // Papal debaters at the Council of Trent
	trentProtMax  = 2           // Protestant debaters
	raidLeaderCP  = 3           // Scots Raid CP when a French leader goes to Scotland
	raidCP        = 6           // otherwise
	masterKeysVP1 = 3           // Master of Italy: 3 keys give 1 VP
	masterKeysVP2 = 4           // 4 or 5 keys give 2 VP
	leagueSpaces  = 12          // Protestant spaces the League needs (unrest counted)
	pregEdward    = 1<<5 | 1<<6 // pregnancy results giving Edward
	pregHealthy   = 1 << 6      // healthy Edward
)

// mandatoryNumbers are the Mandatory Events played in the Action Phase
// (Luther's 95 Theses has its own phase).
var mandatoryNumbers = []int{9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 97, 113, 114}

// overdue Mandatory Events (§19.8): card number and the turn in whose
// Winter it is forced.
var overdue = []struct{ card, turn int }{{10, 2}, {9, 3}, {13, 4}, {14, 4}, {15, 6}}

// twoOverdue are the 2-player game's overdue Mandatory Events: Barbary
// Pirates is not in its deck; Edward VI (Turn 7) and Mary I (Turn 8) are.
var twoOverdue = []struct{ card, turn int }{{10, 2}, {13, 4}, {14, 4}, {15, 6}, {19, 7}, {21, 8}}

// overdueEvents is the overdue list of the game being played.
func (s *State) overdueEvents() []struct{ card, turn int } {
	if s.Two != nil {
		return twoOverdue
	}
	return overdue
}

// raidSpaces are the spaces the Scots Raid's CP may be aimed at.
var raidSpaces [NumSpaces]bool

// italianKeys are the five keys Master of Italy counts.
var italianKeys []SpaceID

func init() {
	for _, n := range mandatoryNumbers {
		registerEvent(n, &eventDef{play: func(s *State, p Power, _ []string) {
			s.mandatoryEvent(mustCard(n), p)
		}})
	}
	registerProc(mandatoryProc, (*State).stepEvent)
	for _, id := range []string{"edinburgh", "stirling", "glasgow", "berwick", "carlisle", "york"} {
		raidSpaces[mustSpace(id)] = true
	}
	for _, id := range []string{"genoa", "milan", "venice", "florence", "naples"} {
		italianKeys = append(italianKeys, mustSpace(id))
	}
	registerDecision(kEvUniversity, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Society of Jesus: place a Jesuit university (%d left) or done", s.Universities)
		},
		choices: func(s *State, d Decision) []game.Choice {
			out := []game.Choice{{Label: "no more universities", Value: "done"}}
			for _, sp := range s.universitySpaces() {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, p []string) {
			if p[0] == "done" {
				s.Universities = 0
				return
			}
			sp := mustSpace(p[0])
			s.Spaces[sp].Jesuit = true
			s.Universities--
			s.emit("jesuit", "a Jesuit university is founded in "+Spaces[sp].Name)
		},
	})
	registerDecision(kEvLeader, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("%s enters: choose his space", Leaders[s.Event.Place[0].Leader].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, sp := range s.Event.Place[0].Spaces {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, p []string) {
			e := s.Event
			s.putLeader(e.Place[0].Leader, int(mustSpace(p[0])))
			e.Place = e.Place[1:]
		},
	})
	trentPick := func(side Power) *decisionDef {
		return &decisionDef{
			text: func(s *State, d Decision) string {
				return fmt.Sprintf("Council of Trent: choose an uncommitted %s debater, or done", side)
			},
			choices: func(s *State, d Decision) []game.Choice {
				out := []game.Choice{{Label: "no more debaters", Value: "done"}}
				for _, x := range s.trentCandidates(side) {
					out = append(out, game.Choice{Label: fmt.Sprintf("%s (%d)", Debaters[x].Name, Debaters[x].Value), Value: Debaters[x].ID})
				}
				return out
			},
			resolve: func(s *State, d Decision, p []string) {
				e := s.Event
				if p[0] == "done" {
					e.Stage++
					return
				}
				x := mustDebater(p[0])
				if side == Papacy {
					e.Pap = append(e.Pap, x)
				} else {
					e.Prot = append(e.Prot, x)
				}
			},
		}
	}
	registerDecision(kEvTrentPap, trentPick(Papacy))
	registerDecision(kEvTrentProt, trentPick(Protestant))
	registerDecision(kEvTrentFlip, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Council of Trent: flip a space to your religion (%d left)", s.Event.Flips)
		},
		choices: func(s *State, d Decision) []game.Choice {
			var out []game.Choice
			for _, sp := range s.trentTargets() {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			return out
		},
		resolve: func(s *State, d Decision, p []string) {
			e := s.Event
			sp := mustSpace(p[0])
			s.convert(sp, e.Winner == Protestant)
			e.Flips--
			s.emit("council", fmt.Sprintf("Council of Trent: %s flips %s", e.Winner, Spaces[sp].Name))
		},
	})
	registerDecision(kEvScotsRaid, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("Scots Raid: move a French army leader to a Scottish home space (%d CP) or none (%d CP)", raidLeaderCP, raidCP)
		},
		choices: func(s *State, d Decision) []game.Choice {
			out := []game.Choice{{Label: fmt.Sprintf("no leader (%d CP)", raidCP), Value: "none"}}
			var dests []game.Choice
			for _, sp := range homeSpacesOf[Scotland] {
				dests = append(dests, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
			}
			for i, l := range s.Leaders {
				if s.lpower(i) == France && !Leaders[i].Naval && l.Captor == NoPower && l.Loc >= 0 && l.Loc < SeaLoc {
					out = append(out, game.Choice{Label: fmt.Sprintf("%s (%d CP)", Leaders[i].Name, raidLeaderCP), Value: Leaders[i].ID, Next: dests})
				}
			}
			return out
		},
		resolve: func(s *State, d Decision, p []string) {
			cp := raidCP
			if p[0] != "none" {
				l, _ := LeaderByID(p[0])
				s.Leaders[l].Loc = int(mustSpace(p[1]))
				s.emit("event", fmt.Sprintf("Scots Raid: %s goes to %s", Leaders[l].Name, Spaces[s.Leaders[l].Loc].Name))
				cp = raidLeaderCP
			}
			s.Event = nil
			s.ActAfter = s.Act
			s.Act = &Act{Power: France, CP: cp, Card: -1, Raid: true}
			s.emit("cp", fmt.Sprintf("Scots Raid: France has %d CP for the raid", cp))
		},
	})
}

// eventRunning reports whether an event left work for the procedures.
func (s *State) eventRunning() bool {
	return s.Event != nil || s.Universities > 0 || s.Reform != nil || s.Debate != nil
}

// stepEvent advances a Mandatory Event in progress (a procedure).
func (s *State) stepEvent() bool {
	if s.Universities > 0 {
		if len(s.universitySpaces()) == 0 {
			s.Universities = 0
			return true
		}
		s.push(kEvUniversity, Papacy)
		return true
	}
	e := s.Event
	if e == nil {
		return false
	}
	for len(e.Place) > 0 {
		pl := e.Place[0]
		if len(pl.Spaces) > 1 {
			s.push(kEvLeader, s.lpower(pl.Leader))
			return true
		}
		if len(pl.Spaces) == 1 {
			s.putLeader(pl.Leader, int(pl.Spaces[0]))
		} else {
			s.emit("leader", Leaders[pl.Leader].Name+" has no space to enter and stays off the map")
		}
		e.Place = e.Place[1:]
	}
	switch e.Card {
	case 13:
		s.leagueDisplace()
	case 17:
		if s.stepTrent() {
			return true
		}
	case 97:
		s.push(kEvScotsRaid, France)
		return true
	}
	s.Event = nil
	return true
}

// event returns the procedure of the event on card number n, starting it.
func (s *State) event(n int, player Power) *EventProc {
	if s.Event == nil {
		s.Event = &EventProc{Card: n, Player: player, Winner: NoPower}
	}
	return s.Event
}

func (s *State) putLeader(l, sp int) {
	s.Leaders[l] = LeaderState{Loc: sp, Captor: NoPower}
	s.emit("leader", fmt.Sprintf("%s enters in %s", Leaders[l].Name, Spaces[sp].Name))
}

// removeFromGame takes card c out of the deck, the discard pile or a hand
// and removes it from the game (once).
func (s *State) removeFromGame(c int) {
	if s.isGone(c) {
		return
	}
	s.takeOut(c)
	s.Gone = append(s.Gone, uint8(c))
}

// mandatoryEvent carries out Mandatory Event c, played by player (NoPower
// when it came due in the Winter Phase, §19.8). Where the card goes is the
// framework's (playEvent: to the discard pile, or removed) except for the
// ruler cards (crown) and the conditional removals handled here.
func (s *State) mandatoryEvent(c int, player Power) {
	ci := &Cards[c]
	switch ci.Number {
	case 9:
		s.barbaryPirates()
	case 10, 14, 22, 23:
		s.crown(c)
	case 11: // Defender of the Faith
		s.StartCounterReformation(LangNone, 3, "Defender of the Faith")
		if player == England {
			s.drawFromDeck(England)
		}
	case 12:
		s.masterOfItaly()
	case 13:
		if player != NoPower && (s.Turn < 2 || s.protestantInfluence() < leagueSpaces) {
			s.emit("event", fmt.Sprintf("Schmalkaldic League: %d Protestant spaces on Turn %d; nothing happens", s.protestantInfluence(), s.Turn))
			return
		}
		s.removeFromGame(c)
		s.formLeague()
	case 15: // Society of Jesus (the card out of the game unlocks Found Jesuit University)
		s.Universities = 2
	case 16: // Calvin: Luther dies
		s.crown(c)
		s.CalvinRule = true
		s.Reformer[spWittenberg] = false
		if st := s.Debaters[dLuther]; st != DebBurnt && st != DebDisgraced {
			s.Debaters[dLuther] = DebRemoved
		}
		s.emit("event", "Luther dies: his reformer and debater leave the game")
	case 17:
		s.event(17, player)
	case 18:
		s.dragut()
	case 19:
		s.crown(c)
		s.replaceLeader(19, player, "henry_viii", "dudley", spLondon)
	case 20:
		s.crown(c)
		s.replaceLeader(20, player, "francis_i", "henry_ii", mustSpace("paris"))
	case 21:
		s.maryI(c, player)
	case 97:
		s.scotsRaid(c, player)
	case 113: // Imperial Coronation
		cv, _ := LeaderByID("charles_v")
		l := s.Leaders[cv]
		if l.Captor != NoPower || l.Loc < 0 || l.Loc >= SeaLoc || Spaces[l.Loc].Lang != LangItalian {
			s.emit("event", "Imperial Coronation: Charles V is not in Italy; nothing happens")
			return
		}
		s.drawFromDeck(Hapsburg)
		if player != NoPower {
			s.drawFromDeck(player)
		}
		s.removeFromGame(c)
	case 114: // La Forêt's Embassy in Istanbul
		if !s.Allied(France, Ottoman) {
			s.emit("event", "La Forêt's Embassy: France and the Ottomans are not allied; nothing happens")
			return
		}
		s.drawFromDeck(Ottoman)
		s.drawFromDeck(France)
		s.removeFromGame(c)
	}
}

// crown makes the ruler of card c rule its power: the card lies on the
// power card for good (out of the game), and the previous ruler's card, if
// any, is removed from the game (§3.3).
func (s *State) crown(c int) {
	ci := &Cards[c]
	p := ci.RulerOf
	s.removeFromGame(c)
	for i, r := range Rulers {
		if r.Card != ci.Number {
			continue
		}
		if old := Rulers[s.Powers[p].Ruler].Card; old != 0 {
			s.removeFromGame(mustCard(old))
		}
		s.Powers[p].Ruler = i
		s.emit("ruler", fmt.Sprintf("%s now rules %s", r.Name, p))
	}
	if p == England {
		s.EnglishRulerTurn = s.Turn
	}
}

// replaceLeader removes the dead ruler's army leader from the game and
// brings his successor's leader in: in the capital (if the power controls
// it) or the dead ruler's space (if he was on the map, not captured); when
// neither, in a home key the power controls. The power chooses (#19, #20,
// #21).
func (s *State) replaceLeader(card int, player Power, oldID, newID string, capital SpaceID) {
	old, _ := LeaderByID(oldID)
	nl, _ := LeaderByID(newID)
	p := s.lpower(nl)
	var opts []SpaceID
	if s.ControlledBy(capital, p) {
		opts = append(opts, capital)
	}
	if l := s.Leaders[old]; l.Captor == NoPower && l.Loc >= 0 && l.Loc < SeaLoc && SpaceID(l.Loc) != capital {
		opts = append(opts, SpaceID(l.Loc))
	}
	if len(opts) == 0 {
		for _, sp := range homeSpacesOf[p] {
			if Spaces[sp].Type.IsKey() && s.ControlledBy(sp, p) {
				opts = append(opts, sp)
			}
		}
	}
	s.Leaders[old] = LeaderState{Loc: Removed, Captor: NoPower}
	s.emit("leader", Leaders[old].Name+" dies and leaves the game")
	e := s.event(card, player)
	e.Place = append(e.Place, Placement{Leader: nl, Spaces: opts})
}

// maryI: Mary I takes the throne (#21) — or, when Edward was born while
// Henry VIII still rules, the card counts as Edward VI (§21.3 special case):
// a sickly Edward sends it to the discard pile, a healthy one removes it.
func (s *State) maryI(c int, player Power) {
	henry := Rulers[s.Powers[England].Ruler].Name == "Henry VIII"
	if henry && s.Pregnancy&pregEdward != 0 {
		s.crown(mustCard(19))
		if s.Pregnancy&pregHealthy != 0 {
			s.removeFromGame(c)
		} else if i := slices.Index(s.Gone, uint8(c)); i >= 0 { // a sickly Edward: Mary I comes back
			s.Gone = slices.Delete(s.Gone, i, i+1)
			s.Discard = append(s.Discard, uint8(c))
		}
		s.emit("event", "Mary I counts as Edward VI: Edward takes the throne")
		s.replaceLeader(21, player, "henry_viii", "dudley", spLondon)
		return
	}
	s.crown(c)
	if henry {
		s.replaceLeader(21, player, "henry_viii", "dudley", spLondon)
	}
}

// barbaryPirates (#9, §21.1): Algiers enters play as an Ottoman key with 2
// regulars, 2 corsairs and Barbarossa; corsairs and piracy are allowed.
func (s *State) barbaryPirates() {
	s.Barbary = true
	s.Spaces[spAlgiers].Ctl = Ottoman
	u := &s.Spaces[spAlgiers].Units[Ottoman]
	s.place(u, Ottoman, 'r', 2)
	s.place(u, Ottoman, 'k', 2)
	b, _ := LeaderByID("barbarossa")
	s.Leaders[b] = LeaderState{Loc: int(spAlgiers), Captor: NoPower}
	s.emit("event", "Barbary Pirates: Algiers enters play under Ottoman control")
}

// dragut (#18): Dragut takes Barbarossa's place (on the map, or on the
// Turn Track when Barbarossa is there, CARDS.md #18 default); Barbarossa
// leaves the game. Before Barbary
// Pirates Barbarossa has never entered and nothing happens.
func (s *State) dragut() {
	b, _ := LeaderByID("barbarossa")
	d, _ := LeaderByID("dragut")
	if !s.Barbary {
		s.emit("event", "Dragut: Barbary Pirates has not occurred; nothing happens")
		return
	}
	l := s.Leaders[b]
	if l.Captor != NoPower || l.Loc < 0 {
		s.Leaders[d] = LeaderState{Loc: OffMap, Captor: NoPower}
	} else {
		s.Leaders[d] = LeaderState{Loc: l.Loc, Captor: NoPower}
	}
	// Barbarossa on the Turn Track: Dragut takes his box there and returns
	// when he would have (§16.2 step 10, §8.2 step 1).
	for _, track := range [][]int{s.NavalTrackL, s.NavalDue} {
		if i := slices.Index(track, b); i >= 0 {
			track[i] = d
		}
	}
	s.Leaders[b] = LeaderState{Loc: Removed, Captor: NoPower}
	s.emit("event", "Barbarossa dies; Dragut takes his place")
}

// masterOfItaly (#12): each major power counts the keys of Genoa, Milan,
// Venice, Florence and Naples it controls (its active minors' included):
// 3 → 1 bonus VP, 4–5 → 2 bonus VP, exactly 2 → it draws a card (in
// Impulse Order).
func (s *State) masterOfItaly() {
	for p := Power(0); p < NumMajors; p++ {
		n := 0
		for _, k := range italianKeys {
			if s.ControlledBy(k, p) {
				n++
			}
		}
		switch {
		case n >= masterKeysVP2:
			s.Powers[p].BonusVP += 2
			s.emit("vp", fmt.Sprintf("Master of Italy: %s holds %d Italian keys: 2 VP", p, n))
		case n == masterKeysVP1:
			s.Powers[p].BonusVP++
			s.emit("vp", fmt.Sprintf("Master of Italy: %s holds 3 Italian keys: 1 VP", p))
		case n == 2:
			s.drawFromDeck(p)
		}
	}
}

// protestantInfluence counts the spaces under Protestant religious
// influence, those in unrest included (the League's condition).
func (s *State) protestantInfluence() int {
	n := 0
	for i := range s.Spaces {
		if s.Spaces[i].Prot {
			n++
		}
	}
	return n
}

// formLeague applies the Schmalkaldic League (#13, §21.6). John Frederick
// and Philip of Hesse join the Protestant stacks nearest Wittenberg and
// Kassel (the Protestant breaks ties; with no Protestant stack they enter
// in those cities); after they are placed, Protestant units and leaders in
// Catholic electorates are displaced (leagueDisplace).
func (s *State) formLeague() {
	s.League = true
	s.setWar(Protestant, Hapsburg, true)
	s.setWar(Protestant, Papacy, true)
	s.warNavalBattles(Protestant, Hapsburg)
	s.warNavalBattles(Protestant, Papacy)
	s.twoLeague()
	for _, sp := range homeSpacesOf[Protestant] {
		if s.Spaces[sp].Prot && !s.fortressMarker(sp) { // not under a Fortress marker (#86, #104)
			s.Spaces[sp].Ctl = Protestant
		}
	}
	for _, e := range electorates {
		s.releaseDisplay(e)
	}
	ev := s.event(13, NoPower)
	for _, lf := range []struct{ leader, near string }{{"john_frederick", "wittenberg"}, {"philip_of_hesse", "kassel"}} {
		l, _ := LeaderByID(lf.leader)
		near := mustSpace(lf.near)
		d := landDist(near)
		var best []SpaceID
		for i := range s.Spaces {
			if s.Spaces[i].Units[Protestant].Land() == 0 || d[i] < 0 {
				continue
			}
			if len(best) > 0 && d[i] < d[best[0]] {
				best = best[:0]
			}
			if len(best) == 0 || d[i] == d[best[0]] {
				best = append(best, SpaceID(i))
			}
		}
		if len(best) == 0 {
			best = []SpaceID{near}
		}
		ev.Place = append(ev.Place, Placement{Leader: l, Spaces: best})
	}
	s.emit("league", "the Schmalkaldic League forms")
}

// leagueDisplace: Protestant units and army leaders in an electorate under
// Catholic influence go to the nearest electorate under Protestant
// influence (lowest index on a tie).
func (s *State) leagueDisplace() {
	for _, e := range electorates {
		if s.Spaces[e].Prot {
			continue
		}
		u := s.Spaces[e].Units[Protestant]
		var leaders []int
		for i, l := range s.Leaders {
			if l.Loc == int(e) && s.lpower(i) == Protestant && l.Captor == NoPower {
				leaders = append(leaders, i)
			}
		}
		if u.Land() == 0 && len(leaders) == 0 {
			continue
		}
		d := landDist(e)
		best := -1
		for _, f := range electorates {
			if s.Spaces[f].Prot && d[f] >= 0 && (best < 0 || d[f] < d[best]) {
				best = int(f)
			}
		}
		if best < 0 {
			continue
		}
		t := &s.Spaces[best].Units[Protestant]
		t.Reg += u.Reg
		t.Merc += u.Merc
		s.Spaces[e].Units[Protestant].Reg, s.Spaces[e].Units[Protestant].Merc = 0, 0
		for _, l := range leaders {
			s.Leaders[l].Loc = best
		}
		s.emit("league", fmt.Sprintf("Protestant units in Catholic %s go to %s", Spaces[e].Name, Spaces[best].Name))
	}
}

// universitySpaces: spaces under Catholic influence, in play, without a
// Jesuit university (Society of Jesus).
func (s *State) universitySpaces() []SpaceID {
	var out []SpaceID
	for i := range s.Spaces {
		if s.Catholic(SpaceID(i)) && !s.Spaces[i].Jesuit && s.Spaces[i].Ctl != NoPower {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// trentCandidates lists the side's uncommitted debaters not yet chosen for
// the Council of Trent (Protestant ones from any zone).
func (s *State) trentCandidates(side Power) []int {
	e := s.Event
	chosen := e.Pap
	if side == Protestant {
		chosen = e.Prot
	}
	var out []int
	for i, d := range Debaters {
		if d.Side != side || s.Debaters[i] != DebUncommitted {
			continue
		}
		dup := false
		for _, x := range chosen {
			dup = dup || x == i
		}
		if !dup {
			out = append(out, i)
		}
	}
	return out
}

// trentTargets: the spaces the Council's winner may flip now — each a legal
// target of a (Counter) Reformation attempt (§18.3, §18.4 step 1).
func (s *State) trentTargets() []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		if s.eligible(SpaceID(i), s.Event.Winner == Protestant) {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

// stepTrent advances the Council of Trent (#17); true when a decision is
// owed. The Papacy picks up to 4 uncommitted debaters, then the Protestant
// up to 2; all are committed; each side rolls dice equal to its debaters'
// values (Pole adds one Papal die), Papal dice first; the side with more
// hits flips the difference in spaces.
func (s *State) stepTrent() bool {
	e := s.Event
	for {
		switch e.Stage {
		case 0:
			if len(e.Pap) < trentPapMax && len(s.trentCandidates(Papacy)) > 0 {
				s.push(kEvTrentPap, Papacy)
				return true
			}
			e.Stage = 1
		case 1:
			if len(e.Prot) < trentProtMax && len(s.trentCandidates(Protestant)) > 0 {
				s.push(kEvTrentProt, Protestant)
				return true
			}
			e.Stage = 2
		case 2:
			pn, qn := 0, 0
			for _, x := range e.Pap {
				s.Debaters[x] = DebCommitted
				pn += Debaters[x].Value
				if Debaters[x].ID == "pole" {
					pn++
				}
			}
			for _, x := range e.Prot {
				s.Debaters[x] = DebCommitted
				qn += Debaters[x].Value
			}
			ph, pd := s.Hits(pn)
			qh, qd := s.Hits(qn)
			s.emit("council", fmt.Sprintf("Council of Trent: the Papacy rolls %d dice %v (%d hits), the Protestant %d dice %v (%d hits)", pn, pd, ph, qn, qd, qh))
			switch {
			case ph > qh:
				e.Winner, e.Flips = Papacy, ph-qh
			case qh > ph:
				e.Winner, e.Flips = Protestant, qh-ph
			}
			e.Stage = 3
		case 3:
			if e.Flips > 0 && len(s.trentTargets()) > 0 {
				s.push(kEvTrentFlip, e.Winner)
				return true
			}
			return false
		}
	}
}

// scotsRaid (#97): only while Scotland is France's active ally. Stirling
// becomes French (units neither French nor Scottish displaced); France may
// send an army leader to a Scottish home space (3 CP) or not (6 CP) and
// spends those CP at once, in an impulse of its own kept in Act (Raid), on
// the actions that accept raid CP, aimed at raidSpaces; the player's own 2
// CP follow. The card is removed from the game (RULES.md §27 G1).
func (s *State) scotsRaid(c int, player Power) {
	s.removeFromGame(c)
	if s.MinorAllyOf(Scotland) != France {
		s.emit("event", "Scots Raid: Scotland is not an active French ally; nothing happens")
		return
	}
	st := mustSpace("stirling")
	if s.Spaces[st].Ctl != France {
		s.Spaces[st].Ctl = France
		s.emit("event", "Scots Raid: Stirling becomes French")
	}
	for q := Power(0); q < Independent; q++ {
		if q != France && q != Scotland && s.Spaces[st].Units[q].Any() {
			s.displace(st, q)
		}
	}
	for i, l := range s.Leaders {
		if l.Loc == int(st) && l.Captor == NoPower && s.lpower(i) != France && s.lpower(i) != Scotland {
			s.Leaders[i].Loc = s.displaceDest(st, s.decider(s.lpower(i)), Leaders[i].Naval)
		}
	}
	s.event(97, player)
}

// maryRules reports whether Mary I rules England (§21.3).
func (s *State) maryRules() bool { return Rulers[s.Powers[England].Ruler].Name == "Mary I" }

// raidAllows reports whether an action may aim at sp now: always, except
// with Scots Raid CP (Act.Raid), which only reach the Scottish home spaces,
// Berwick, Carlisle and York (#97). Actions registered with raid: true use
// it to filter their targets.
func (s *State) raidAllows(sp SpaceID) bool {
	return s.Act == nil || !s.Act.Raid || raidSpaces[sp]
}
