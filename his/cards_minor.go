package his

import (
	"fmt"

	"concordat/game"
)

// Minor powers activated and deactivated by events (RULES.md §22.2,
// §22.4; CARDS.md #68 Andrea Doria, #69 Auld Alliance, #73 Diplomatic
// Marriage, #108 Venetian Alliance, #116 Rough Wooing).
//
// Activation (activateMinor): the minor becomes the major's ally (an ally
// it had is first dropped, Andrea Doria's case); its wars end (its
// diplomacy is the major's now, §22.2 step 5); each power that was at war
// with it may declare war on the activating major at no cost where §9.6's
// restrictions "at all times" allow ("card.minor_war": declare or not); a
// power that does not has its units in the spaces the minor controls
// displaced (§12.5). Its keys and spaces count for the major through
// ControlledBy.
//
// Deactivation (deactivateMinor, §22.4): the alliance ends; the minor's
// home spaces the former ally held go back to the minor; units of other
// powers in the minor's home spaces it controls are displaced; the minor's
// land units elsewhere go to its nearest fortified home space it controls
// (else the nearest one it controls, else they are eliminated); its naval
// units to its nearest home port it controls (else eliminated; its naval
// leaders go to the Turn Track). Hungary-Bohemia is never deactivated.
//
// The Diplomacy Phase uses of Auld Alliance, Venetian Alliance (paying an
// intervention) and Diplomatic Marriage (a peace without payments) are not
// built: these cards are played in the Action Phase only.

// Decision kind of activation.
const kMinorWar = "card.minor_war" // a power at war with the minor: declare war on its new ally?

// canActivate reports whether major p may activate minor m (§22.2 table).
func canActivate(p, m Power) bool {
	switch m {
	case Genoa, Venice:
		return p == France || p == Hapsburg || p == Papacy
	case Hungary:
		return p == Hapsburg
	case Scotland:
		return p == England || p == France
	}
	return false
}

// activateMinor makes minor m the ally of major p (§22.2); card is the
// event doing it (its procedure asks the powers that were at war with m).
func (s *State) activateMinor(m, p Power, card int, player Power) {
	if old := s.MinorAllyOf(m); old != NoPower && old != p {
		s.deactivateMinor(m)
	}
	var foes []int
	for q := Power(0); q < NumMajors; q++ {
		if q != p && s.War[m]&bit(q) != 0 {
			foes = append(foes, int(q))
		}
	}
	s.MinorAlly[m-firstMinor] = p
	for q := Power(0); q < NumPowers; q++ {
		s.War[m] &^= bit(q)
		s.War[q] &^= bit(m)
	}
	s.emit("minor", fmt.Sprintf("%s is now %s's active ally", m, p))
	if len(foes) > 0 {
		s.pushCard(CardProc{Card: card, Player: player, Target: p, Space: int(m), Ints: foes, Stage: minorWarStage})
	}
}

// minorWarStage marks a card procedure asking the minor's former enemies.
const minorWarStage = 100

// stepMinorWars asks the next former enemy of the activated minor.
func (s *State) stepMinorWars(c *CardProc) {
	for len(c.Ints) > 0 {
		q := Power(c.Ints[0])
		if s.canDeclareAnyTime(q, c.Target) {
			s.push(kMinorWar, q)
			return
		}
		c.Ints = c.Ints[1:]
		s.minorDisplace(Power(c.Space), q)
	}
	s.popCard()
}

// minorDisplace displaces q's units from the spaces minor m controls.
func (s *State) minorDisplace(m, q Power) {
	for i := range s.Spaces {
		if s.Spaces[i].Ctl == m && s.Spaces[i].Units[q].Any() {
			s.displace(SpaceID(i), q)
		}
	}
}

// deactivateMinor ends minor m's alliance (§22.4).
func (s *State) deactivateMinor(m Power) {
	old := s.MinorAllyOf(m)
	if old == NoPower {
		return
	}
	s.MinorAlly[m-firstMinor] = NoPower
	s.emit("minor", fmt.Sprintf("%s is no longer %s's ally", m, old))
	for _, sp := range homeSpacesOf[m] {
		if s.Spaces[sp].Ctl == old {
			s.Spaces[sp].Ctl = m
		}
	}
	for _, sp := range homeSpacesOf[m] {
		if s.Spaces[sp].Ctl != m {
			continue
		}
		for q := Power(0); q < Independent; q++ {
			if q != m && s.Spaces[sp].Units[q].Any() {
				s.displace(sp, q)
			}
		}
	}
	for i := range s.Spaces {
		sp := SpaceID(i)
		u := s.Spaces[i].Units[m]
		home := Spaces[i].Home == m && s.Spaces[i].Ctl == m
		if u.Land() > 0 && !home {
			s.Spaces[i].Units[m].Reg, s.Spaces[i].Units[m].Merc, s.Spaces[i].Units[m].Cav = 0, 0, 0
			if d := s.minorHome(sp, m, false); d >= 0 {
				s.Spaces[d].Units[m].Reg += u.Reg
				s.emit("minor", fmt.Sprintf("%s's land units go from %s to %s", m, Spaces[i].Name, Spaces[d].Name))
			} else {
				s.emit("minor", fmt.Sprintf("%s's land units in %s have no home to go to and are eliminated", m, Spaces[i].Name))
			}
			s.unitsLost(sp)
		}
		if u.Naval() > 0 && !home {
			s.minorNavalHome(i, m)
		}
	}
	for z := range s.Seas {
		if s.Seas[z].Units[m].Naval() > 0 {
			s.minorNavalHome(SeaLoc+z, m)
		}
	}
}

// minorHome is the nearest home space of minor m it controls, fortified
// ones first (ports only when naval), or -1.
func (s *State) minorHome(from SpaceID, m Power, naval bool) int {
	d := landDist(from)
	best, bestFort := -1, false
	for _, h := range homeSpacesOf[m] {
		if s.Spaces[h].Ctl != m || naval && len(Spaces[h].Ports) == 0 || d[h] < 0 {
			continue
		}
		fort := s.fortified(h)
		switch {
		case best < 0, fort && !bestFort, fort == bestFort && d[h] < d[best]:
			best, bestFort = int(h), fort
		}
	}
	return best
}

// minorNavalHome sends minor m's naval units at loc to its nearest home
// port it controls, or eliminates them (its naval leaders there to the
// Turn Track).
func (s *State) minorNavalHome(loc int, m Power) {
	us := s.unitsAt(loc)
	u := us[m]
	us[m].Sq, us[m].Cor = 0, 0
	from := SpaceID(0)
	if loc < SeaLoc {
		from = SpaceID(loc)
	} else if ps := Seas[loc-SeaLoc].Ports; len(ps) > 0 {
		from = ps[0]
	}
	if d := s.minorHome(from, m, true); d >= 0 {
		s.Spaces[d].Units[m].Sq += u.Sq
		for i := range s.Leaders {
			if Leaders[i].Naval && s.lpower(i) == m && s.Leaders[i].Loc == loc {
				s.Leaders[i].Loc = d
			}
		}
		return
	}
	s.toTrack(m, int(u.Sq), int(u.Cor))
	for i := range s.Leaders {
		if Leaders[i].Naval && s.lpower(i) == m && s.Leaders[i].Loc == loc {
			s.leaderToTrack(i)
		}
	}
}

// --- the cards ---

// minorUnitsPlace: Auld Alliance (3 French regulars in one Scottish home
// space France controls, not under siege) and Venetian Alliance (1
// Venetian regular and 2 Venetian squadrons in one Papal-controlled port
// not under siege) add units when the minor is already the player's ally.
func (s *State) minorUnitsSpaces(card int) []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		sp := SpaceID(i)
		if s.UnderSiege(sp) || s.Spaces[i].Unrest {
			continue
		}
		switch card {
		case 69:
			if Spaces[i].Home != Scotland || !s.ControlledBy(sp, France) {
				continue
			}
		case 108:
			if len(Spaces[i].Ports) == 0 || !s.ControlledBy(sp, Papacy) {
				continue
			}
		}
		out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID})
	}
	return out
}

// auldAllianceChoices: the case of #69 for player p.
func (s *State) auldAllianceChoices(p Power) []game.Choice {
	a := s.MinorAllyOf(Scotland)
	switch {
	case p == France && a == NoPower:
		return []game.Choice{{Label: "activate Scotland as France's ally", Value: "activate"}}
	case p == France && a == France:
		if sp := s.minorUnitsSpaces(69); len(sp) > 0 && s.Room(France).Reg > 0 {
			return []game.Choice{{Label: "add up to 3 French regulars in a Scottish home space", Value: "units", Next: sp}}
		}
	case (p == France || p == England) && a != NoPower && a != p:
		return []game.Choice{{Label: "deactivate Scotland", Value: "deactivate"}}
	}
	return nil
}

func (s *State) venetianAllianceChoices(p Power) []game.Choice {
	a := s.MinorAllyOf(Venice)
	switch {
	case p == Papacy && a == NoPower:
		return []game.Choice{{Label: "activate Venice as the Papacy's ally", Value: "activate"}}
	case p == Papacy && a == Papacy:
		if sp := s.minorUnitsSpaces(108); len(sp) > 0 {
			return []game.Choice{{Label: "add a Venetian regular and 2 Venetian squadrons in a Papal port", Value: "units", Next: sp}}
		}
	case (p == Papacy || p == Ottoman) && a != NoPower:
		return []game.Choice{{Label: "deactivate Venice", Value: "deactivate"}}
	}
	return nil
}

// marriageChoices: #73 Diplomatic Marriage's Action Phase half: activate
// an inactive minor the player may activate, or deactivate Genoa, Scotland
// or Venice.
func (s *State) marriageChoices(p Power) []game.Choice {
	if p == Ottoman || p == Protestant {
		return nil
	}
	var act, deact []game.Choice
	for m := Genoa; m <= Venice; m++ {
		switch a := s.MinorAllyOf(m); {
		case a == NoPower && canActivate(p, m):
			act = append(act, game.Choice{Label: m.String(), Value: m.String()})
		case a != NoPower && m != Hungary:
			deact = append(deact, game.Choice{Label: m.String(), Value: m.String()})
		}
	}
	var out []game.Choice
	if len(act) > 0 {
		out = append(out, game.Choice{Label: "activate a minor power as your ally", Value: "activate", Next: act})
	}
	if len(deact) > 0 {
		out = append(out, game.Choice{Label: "deactivate a minor power", Value: "deactivate", Next: deact})
	}
	return out
}

// doriaRaid reports whether Andrea Doria's second half may be played: the
// power controlling him (Genoa's ally) is at war with the Ottoman, and he
// is in a sea zone touching at least 2 Ottoman-controlled ports.
func (s *State) doriaRaid() (Power, bool) {
	ally := s.MinorAllyOf(Genoa)
	l := s.Leaders[andreaDoria]
	if ally == NoPower || !s.AtWar(ally, Ottoman) || l.Captor != NoPower || l.Loc < SeaLoc {
		return NoPower, false
	}
	n := 0
	for _, port := range Seas[l.Loc-SeaLoc].Ports {
		if s.ControlledBy(port, Ottoman) {
			n++
		}
	}
	return ally, n >= 2
}

func (s *State) doriaChoices(p Power) []game.Choice {
	var out []game.Choice
	if (p == France || p == Hapsburg || p == Papacy) && s.MinorAllyOf(Genoa) != p {
		out = append(out, game.Choice{Label: "make Genoa your ally", Value: "genoa"})
	}
	if _, ok := s.doriaRaid(); ok {
		out = append(out, game.Choice{Label: "Andrea Doria raids the Ottoman (cards, -piracy VP)", Value: "raid"})
	}
	return out
}

// roughWooingOK: Edward VI born and alive, Scotland France's active ally.
func (s *State) roughWooingOK() bool {
	edward := s.Pregnancy&pregEdward != 0
	alive := s.rules("Henry VIII", England) || s.rules("Edward VI", England)
	return edward && alive && s.MinorAllyOf(Scotland) == France
}

// roughWooing rolls #116: England d6 + its units in the Scottish home
// spaces against France d6 + the French and Scottish units there; 2 or
// more ahead, Scotland changes sides.
func (s *State) roughWooing() {
	eng, fra := 0, 0
	for _, sp := range homeSpacesOf[Scotland] {
		u := s.Spaces[sp].Units
		eng += u[England].Land() + u[England].Naval()
		fra += u[France].Land() + u[France].Naval() + u[Scotland].Land() + u[Scotland].Naval()
	}
	de, df := s.Die(), s.Die()
	s.emit("event", fmt.Sprintf("Rough Wooing: England %d + %d, France %d + %d", de, eng, df, fra))
	if de+eng-df-fra < 2 {
		return
	}
	s.deactivateMinor(Scotland)
	s.MinorAlly[Scotland-firstMinor] = England
	for q := Power(0); q < NumPowers; q++ {
		s.War[Scotland] &^= bit(q)
		s.War[q] &^= bit(Scotland)
	}
	s.emit("minor", "Scotland becomes England's ally; England takes the Scottish home spaces")
	for _, sp := range homeSpacesOf[Scotland] {
		s.Spaces[sp].Ctl = England
		for q := Power(0); q < Independent; q++ {
			if q != England && q != Scotland && s.Spaces[sp].Units[q].Any() {
				s.displace(sp, q)
			}
		}
	}
}

func init() {
	registerEvent(69, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.auldAllianceChoices(p) },
		play: func(s *State, p Power, path []string) {
			switch path[0] {
			case "activate":
				s.activateMinor(Scotland, France, 69, p)
			case "deactivate":
				s.deactivateMinor(Scotland)
			case "units":
				sp := mustSpace(path[1])
				n := s.place(&s.Spaces[sp].Units[France], France, 'r', 3)
				s.emit("event", fmt.Sprintf("Auld Alliance: %d French regulars in %s", n, Spaces[sp].Name))
			}
		},
	})
	registerEvent(108, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.venetianAllianceChoices(p) },
		play: func(s *State, p Power, path []string) {
			switch path[0] {
			case "activate":
				s.activateMinor(Venice, Papacy, 108, p)
			case "deactivate":
				s.deactivateMinor(Venice)
			case "units":
				sp := mustSpace(path[1])
				r := s.place(&s.Spaces[sp].Units[Venice], Venice, 'r', 1)
				q := s.place(&s.Spaces[sp].Units[Venice], Venice, 's', 2)
				s.emit("event", fmt.Sprintf("Venetian Alliance: %d Venetian regular(s), %d squadron(s) in %s", r, q, Spaces[sp].Name))
			}
		},
	})
	registerEvent(73, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.marriageChoices(p) },
		play: func(s *State, p Power, path []string) {
			m, _ := ParsePower(path[1])
			if path[0] == "activate" {
				s.activateMinor(m, p, 73, p)
				return
			}
			s.deactivateMinor(m)
		},
	})
	registerEvent(68, &eventDef{
		choices: func(s *State, p Power) []game.Choice { return s.doriaChoices(p) },
		play: func(s *State, p Power, path []string) {
			if path[0] == "genoa" {
				s.activateMinor(Genoa, p, 68, p)
				return
			}
			ally, _ := s.doriaRaid()
			s.drawFromDeck(p)
			s.drawFromDeck(ally) // the player draws twice when it controls Doria (CARDS.md #68 Open)
			h, dice := s.Hits(3)
			s.PiracyVP = max(0, s.PiracyVP-h)
			s.emit("event", fmt.Sprintf("Andrea Doria: %v, the Ottoman loses %d piracy VP", dice, h))
		},
	})
	registerEvent(116, &eventDef{
		can:  func(s *State, p Power) bool { return s.roughWooingOK() },
		play: func(s *State, p Power, _ []string) { s.roughWooing() },
	})
	for _, n := range []int{68, 69, 73, 108} {
		cardSteps[n] = func(s *State, c *CardProc) { s.stepMinorWars(c) }
	}
	registerDecision(kMinorWar, &decisionDef{
		text: func(s *State, d Decision) string {
			c := s.cardProc()
			return fmt.Sprintf("%s is now %s's ally: declare war on %s at no cost, or have your units displaced from %s's spaces", Power(c.Space), c.Target, c.Target, Power(c.Space))
		},
		choices: func(s *State, d Decision) []game.Choice {
			return []game.Choice{{Label: "no (units displaced)", Value: "no"}, {Label: "declare war", Value: "war"}}
		},
		resolve: func(s *State, d Decision, path []string) {
			c := s.cardProc()
			c.Ints = c.Ints[1:]
			if path[0] == "war" {
				s.setWar(d.Power, c.Target, true)
				s.emit("war", fmt.Sprintf("%s declares war on %s", d.Power, c.Target))
				s.warNavalBattles(d.Power, c.Target)
				return
			}
			s.minorDisplace(Power(c.Space), d.Power)
		},
	})
}

// --- the Diplomacy Phase uses ---

// allianceCard is the card that pays for ally's intervention for minor:
// Auld Alliance (France, Scotland) and Venetian Alliance (the Papacy,
// Venice), -1 when none.
func allianceCard(ally, minor Power) int {
	switch {
	case ally == France && minor == Scotland:
		return 69
	case ally == Papacy && minor == Venice:
		return 108
	}
	return -1
}

// allianceIntervention is the option of paying an intervention with the
// card (CARDS.md #69, #108: played instead of the 2 CP).
func (s *State) allianceIntervention(ally, minor Power) []game.Choice {
	n := allianceCard(ally, minor)
	if n < 0 || !s.holds(ally, mustCard(n)) || s.eventedThisTurn(mustCard(n)) {
		return nil
	}
	return []game.Choice{{Label: "intervene, playing " + Cards[mustCard(n)].Name + " (then its units)", Value: "card"}}
}

// allianceIntervene plays the card: the intervention happens without its 2
// CP, then the card adds its units (France up to 3 regulars in a Scottish
// home space, the Papacy a Venetian regular and 2 squadrons in a Papal
// port), in a space the ally chooses ("card.option").
func (s *State) allianceIntervene(ally, minor, declarer Power) {
	n := allianceCard(ally, minor)
	c := mustCard(n)
	s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: ally})
	s.playCard(ally, c)
	s.intervene(ally, minor, declarer)
	if len(s.minorUnitsSpaces(n)) > 0 {
		s.pushCard(CardProc{Card: n, Player: ally, Target: ally, Space: -1, Stage: 2})
	}
}

// marriagePeace: a power holding Diplomatic Marriage (not the Ottoman or
// the Protestant) may sue with it ("marriage" + the enemy): CARDS.md #73
// half B.
func (s *State) marriagePeace(p Power) []game.Choice {
	c := mustCard(73)
	if p == Ottoman || p == Protestant || !s.holds(p, c) || s.eventedThisTurn(c) {
		return nil
	}
	var out []game.Choice
	for _, q := range s.sueTargets(p) {
		out = append(out, game.Choice{Label: q.String(), Value: q.String()})
	}
	if len(out) == 0 {
		return nil
	}
	return []game.Choice{{Label: "sue for peace with Diplomatic Marriage (your home spaces and leaders back without payment)", Value: "marriage", Next: out}}
}

// marriageSue makes p's peace with q by Diplomatic Marriage: the winner
// still gains its War Winner VP and p still removes 2 units, but p regains
// every home space and captured leader q holds without paying for them.
func (s *State) marriageSue(p, q Power) {
	c := mustCard(73)
	s.Evented = append(s.Evented, PlayedEvent{Card: uint8(c), By: p})
	s.playCard(p, c)
	s.startPeace(p, q)
	d := s.Diplo
	for _, b := range d.Buys {
		if b.Kind == "leader" {
			if err := s.returnLeader(b.Leader, ""); err != nil {
				s.emit("peace", err.Error())
			}
			continue
		}
		for _, sp := range b.Spaces {
			s.Spaces[sp].Ctl = p
			s.displaceAll(sp)
		}
	}
	d.Buys = nil
	s.emit("peace", fmt.Sprintf("Diplomatic Marriage: %s regains its home spaces and leaders from %s without payment", p, q))
}

func init() {
	for _, n := range []int{69, 108} {
		n := n
		optionCards[n*10+2] = &optionCard{text: "place the card's units",
			choices: func(s *State, c *CardProc) []game.Choice {
				return append([]game.Choice{{Label: "no units", Value: "none"}}, s.minorUnitsSpaces(n)...)
			},
			do: func(s *State, c *CardProc, path []string) {
				s.popCard()
				if path[0] == "none" {
					return
				}
				sp := mustSpace(path[0])
				if n == 69 {
					k := s.place(&s.Spaces[sp].Units[France], France, 'r', 3)
					s.emit("event", fmt.Sprintf("Auld Alliance: %d French regulars in %s", k, Spaces[sp].Name))
					return
				}
				r := s.place(&s.Spaces[sp].Units[Venice], Venice, 'r', 1)
				q := s.place(&s.Spaces[sp].Units[Venice], Venice, 's', 2)
				s.emit("event", fmt.Sprintf("Venetian Alliance: %d Venetian regular(s), %d squadron(s) in %s", r, q, Spaces[sp].Name))
			},
		}
		prev := cardSteps[n]
		cardSteps[n] = func(s *State, c *CardProc) {
			if c.Stage == 2 {
				s.stepOption(c)
				return
			}
			prev(s, c)
		}
		otherUses[n] |= useDiplomacy
	}
	otherUses[73] |= useDiplomacy
}
