package his

import (
	"fmt"
	"slices"
	"strings"

	"concordat/game"
)

// The diplomatic deck of the 2-player variant (#201–#219, CARDS.md §8).
// A player plays one card in each Diplomacy Phase from Turn 2
// (twoplayer.go); playDiplomatic takes it from the hand to the diplomatic
// discard pile (Henry Petitions for Divorce leaves the deck) and carries
// out its event, whose choices are card procedures (CardProc, decisions
// "card.option" and "card.space") asked of the power the card names: "DP
// (Protestant)" is asked of the Protestant whoever played the card. The
// Wartburg never cancels one. Choices the card leaves open follow CARDS.md's
// defaults: Corsair Raid's victim chooses the card it discards; Andrea
// Doria's 4 CP of Genoese units are two units; Shipbuilding's Protestant
// ports must be controlled by the power whose squadron is built; Siege of
// Vienna records the Hapsburg and Hungarian units' spaces at the start of
// the Diplomacy Phase.

// dipDef is a diplomatic card's event.
type dipDef struct {
	play func(s *State, p Power)
}

// dipDefs is keyed by the card's printed number.
var dipDefs = map[int]*dipDef{}

func registerDiplomatic(n int, d *dipDef) {
	if _, dup := dipDefs[n]; dup {
		panic(fmt.Sprintf("his: diplomatic card #%d registered twice", n))
	}
	dipDefs[n] = d
}

// playDiplomatic plays diplomatic card c from p's diplomatic hand.
func (s *State) playDiplomatic(p Power, c int) {
	t := s.Two
	i := twoIdx(p)
	t.Hands[i] = withoutCard(t.Hands[i], c)
	t.Must[i] = 0
	t.Played = append(t.Played, uint8(c))
	if Cards[c].Remove == "yes" {
		t.Gone = append(t.Gone, uint8(c))
	} else {
		t.Discard = append(t.Discard, uint8(c))
	}
	s.emit("card", fmt.Sprintf("%s plays diplomatic card #%d %s", p, Cards[c].Number, Cards[c].Name))
	dipDefs[Cards[c].Number].play(s, p)
}

// invasionCards are the Invasion cards Machiavelli may call.
var invasionCards = []int{202, 206, 211, 213, 214, 216}

// dipOption registers option stage st of card n (its steps run stepOption).
func dipOption(n, st int, oc *optionCard) {
	optionCards[n*10+st] = oc
	cardSteps[n] = (*State).stepOption
}

// startOption starts card n's option stage 0, asked of actor.
func (s *State) startOption(n int, player, actor Power) *CardProc {
	s.pushCard(CardProc{Card: n, Player: player, Target: actor, Space: -1})
	return s.cardProc()
}

// leaderFor places leader id at sp if he is free (off the map, not
// captured, not out of the game) or on the map; a captured or removed
// leader does not come.
func (s *State) leaderTo(id string, sp SpaceID) {
	l, _ := LeaderByID(id)
	st := s.Leaders[l]
	if st.Captor != NoPower || st.Loc == Removed {
		return
	}
	s.putLeader(l, int(sp))
}

// placeUnits adds units of power q in sp, as far as the counter mix allows.
func (s *State) placeUnits(q Power, sp SpaceID, u Units) {
	t := &s.Spaces[sp].Units[q]
	for _, k := range []struct {
		kind byte
		n    uint8
	}{{'r', u.Reg}, {'m', u.Merc}, {'c', u.Cav}, {'s', u.Sq}, {'k', u.Cor}} {
		if k.n > 0 {
			s.place(t, q, k.kind, int(k.n))
		}
	}
	s.emit("units", fmt.Sprintf("%s units arrive in %s", q, Spaces[sp].Name))
}

// spacesOf lists the spaces whose controller ok accepts, as options.
func spaceOptions(sps []SpaceID, next func(SpaceID) []game.Choice) []game.Choice {
	var out []game.Choice
	for _, sp := range sps {
		var n []game.Choice
		if next != nil {
			if n = next(sp); len(n) == 0 {
				continue
			}
		}
		out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID, Next: n})
	}
	return out
}

// controlledBy lists the spaces q controls (politically, through its
// active minors too) that ok accepts.
func (s *State) controlledSpaces(q Power, ok func(SpaceID) bool) []SpaceID {
	var out []SpaceID
	for i := range s.Spaces {
		sp := SpaceID(i)
		if s.ControlledBy(sp, q) && (ok == nil || ok(sp)) {
			out = append(out, sp)
		}
	}
	return out
}

// homePorts lists q's home ports it controls, not under siege.
func (s *State) homePorts(q Power) []SpaceID {
	var out []SpaceID
	for _, sp := range homeSpacesOf[q] {
		if len(Spaces[sp].Ports) > 0 && s.ControlledBy(sp, q) && !s.UnderSiege(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// invasion describes an Invasion card's forces.
type invasion struct {
	power  Power
	leader func(s *State) string
	units  Units
	// extra: the "1 squadron or 2 more mercenaries" choice after the draw.
	extra bool
	// ports: squadrons placed in a port (Ottoman Invasion), chosen with
	// the space.
	ports bool
}

var invasions = map[int]invasion{
	202: {power: France, leader: func(*State) string { return "montmorency" }, units: Units{Reg: 2, Merc: 2}, extra: true},
	206: {power: France, leader: func(s *State) string {
		if s.rules("Henry II", France) {
			return "henry_ii"
		}
		return "francis_i"
	}, units: Units{Reg: 3, Merc: 3}, extra: true},
	211: {power: Hapsburg, leader: func(*State) string { return "duke_of_alva" }, units: Units{Reg: 2, Merc: 2}, extra: true},
	213: {power: Hapsburg, leader: func(*State) string { return "ferdinand" }, units: Units{Reg: 2, Merc: 4}},
	214: {power: Hapsburg, leader: func(*State) string { return "charles_v" }, units: Units{Reg: 3, Merc: 5}},
	216: {power: Ottoman, leader: func(*State) string { return "suleiman" }, units: Units{Reg: 5, Sq: 4}, ports: true},
}

// invasionCommander is who places and commands an Invasion card's forces:
// the Protestant for France and the Ottomans (at war with the Papacy); for
// the Hapsburgs the Protestant before the Schmalkaldic League (the
// Hapsburgs and the Papacy go to war), the Papacy after it.
func (s *State) invasionCommander(n int) Power {
	if invasions[n].power == Hapsburg && (n != 211 || s.League) {
		return Papacy
	}
	return Protestant
}

// playInvasion starts Invasion card n, played by p: the war, then the
// commander's placement (card procedure, stage 0), the draw and the extra
// forces (stage 1).
func (s *State) playInvasion(n int, p Power) {
	inv := invasions[n]
	cmd := s.invasionCommander(n)
	if cmd == Protestant && !s.AtWar(inv.power, Papacy) {
		s.setWar(inv.power, Papacy, true)
		s.emit("war", fmt.Sprintf("%s and the Papacy are at war", inv.power))
	}
	if len(s.invasionSpaces(n)) == 0 {
		s.emit("event", fmt.Sprintf("%s controls no space to invade from", inv.power))
		s.drawFromDeck(cmd)
		return
	}
	s.startOption(n, p, cmd)
}

func (s *State) invasionSpaces(n int) []game.Choice {
	inv := invasions[n]
	sps := s.controlledSpaces(inv.power, func(sp SpaceID) bool { return s.Spaces[sp].Ctl == inv.power && !s.UnderSiege(sp) })
	if !inv.ports {
		return spaceOptions(sps, nil)
	}
	ports := s.controlledSpaces(inv.power, func(sp SpaceID) bool {
		return s.Spaces[sp].Ctl == inv.power && len(Spaces[sp].Ports) > 0 && !s.UnderSiege(sp)
	})
	return spaceOptions(sps, func(sp SpaceID) []game.Choice {
		if slices.Contains(ports, sp) {
			return spaceOptions([]SpaceID{sp}, nil) // the squadrons with the army
		}
		return spaceOptions(ports, nil)
	})
}

func (s *State) invasionExtra(n int, sp SpaceID) []game.Choice {
	out := []game.Choice{{Label: "2 more mercenaries in " + Spaces[sp].Name, Value: "mercs"}}
	for _, port := range s.homePorts(invasions[n].power) {
		out = append(out, game.Choice{Label: "1 squadron in " + Spaces[port].Name, Value: Spaces[port].ID})
	}
	return out
}

func init() {
	for _, n := range invasionCards {
		n := n
		registerDiplomatic(n, &dipDef{play: func(s *State, p Power) { s.playInvasion(n, p) }})
		dipOption(n, 0, &optionCard{
			text:    "place the invading forces in a space the power controls",
			choices: func(s *State, c *CardProc) []game.Choice { return s.invasionSpaces(c.Card) },
			do: func(s *State, c *CardProc, path []string) {
				inv := invasions[c.Card]
				sp := mustSpace(path[0])
				s.leaderTo(inv.leader(s), sp)
				land := inv.units
				land.Sq = 0
				s.placeUnits(inv.power, sp, land)
				if inv.ports {
					s.placeUnits(inv.power, mustSpace(path[1]), Units{Sq: inv.units.Sq})
				}
				s.drawFromDeck(c.Target)
				if !inv.extra {
					s.popCard()
					return
				}
				c.Stage, c.Space = 1, int(sp)
			},
		})
		if invasions[n].extra {
			dipOption(n, 1, &optionCard{
				text:    "add 1 squadron in a home port, or 2 more mercenaries with the army",
				choices: func(s *State, c *CardProc) []game.Choice { return s.invasionExtra(c.Card, SpaceID(c.Space)) },
				do: func(s *State, c *CardProc, path []string) {
					q := invasions[c.Card].power
					if path[0] == "mercs" {
						s.placeUnits(q, SpaceID(c.Space), Units{Merc: 2})
					} else {
						s.placeUnits(q, mustSpace(path[0]), Units{Sq: 1})
					}
					s.popCard()
				},
			})
		}
	}
}

// --- #201 Andrea Doria, #204 Diplomatic Marriage, #212 Venetian Alliance ---

// doriaFor is the power Andrea Doria (#201) makes Genoa's ally: the
// Papacy when it plays the card, France when the Protestant does.
func doriaFor(p Power) Power {
	if p == Papacy {
		return Papacy
	}
	return France
}

// genoeseUnits are the 4 CP of Genoese units in a Genoese home space q
// controls: two regulars, or a squadron (in a port) in place of one or both.
func (s *State) genoeseUnits(q Power) []game.Choice {
	var sps []SpaceID
	for _, sp := range homeSpacesOf[Genoa] {
		if s.ControlledBy(sp, q) {
			sps = append(sps, sp)
		}
	}
	return spaceOptions(sps, func(sp SpaceID) []game.Choice {
		out := []game.Choice{{Label: "2 regulars", Value: "2:0"}}
		if len(Spaces[sp].Ports) > 0 {
			out = append(out, game.Choice{Label: "1 regular and 1 squadron", Value: "1:1"}, game.Choice{Label: "2 squadrons", Value: "0:2"})
		}
		return out
	})
}

// minorChoices are Diplomatic Marriage's (#204) options for p: the Papacy
// activates an inactive Genoa or Venice as its ally, or deactivates Genoa,
// Scotland or Venice; the Protestant deactivates any active minor but
// Hungary-Bohemia, or activates an inactive Genoa or Venice as a Hapsburg
// ally.
func (s *State) minorChoices(p Power) []game.Choice {
	var out []game.Choice
	for _, m := range []Power{Genoa, Venice} {
		if s.MinorAllyOf(m) == NoPower {
			ally := Papacy
			if p == Protestant {
				ally = Hapsburg
			}
			out = append(out, game.Choice{Label: fmt.Sprintf("activate %s as %s's ally", m, ally), Value: "activate:" + m.String()})
		}
	}
	for _, m := range []Power{Genoa, Scotland, Venice} {
		if s.MinorAllyOf(m) != NoPower {
			out = append(out, game.Choice{Label: fmt.Sprintf("deactivate %s (%s's ally)", m, s.MinorAllyOf(m)), Value: "deactivate:" + m.String()})
		}
	}
	return out
}

// papalPorts are Papal-controlled ports not under siege.
func (s *State) papalPorts() []SpaceID {
	return s.controlledSpaces(Papacy, func(sp SpaceID) bool { return len(Spaces[sp].Ports) > 0 && !s.UnderSiege(sp) })
}

func init() {
	registerDiplomatic(201, &dipDef{play: func(s *State, p Power) {
		q := doriaFor(p)
		if s.MinorAllyOf(Genoa) != q {
			s.activateMinor(Genoa, q, 201, p)
			return
		}
		if len(s.genoeseUnits(q)) == 0 {
			s.emit("event", "Andrea Doria: no Genoese home space to place units in")
			return
		}
		c := s.startOption(201, p, p)
		c.Ints = []int{int(q)}
	}})
	optionCards[2010] = &optionCard{
		text:    "add 4 CP of Genoese units (regular 2 CP, squadron 2 CP) to a Genoese home space",
		choices: func(s *State, c *CardProc) []game.Choice { return s.genoeseUnits(Power(c.Ints[0])) },
		do: func(s *State, c *CardProc, path []string) {
			r, q, _ := strings.Cut(path[1], ":")
			s.placeUnits(Genoa, mustSpace(path[0]), Units{Reg: uint8(atoi(r)), Sq: uint8(atoi(q))})
			s.popCard()
		},
	}
	cardSteps[201] = func(s *State, c *CardProc) {
		if c.Stage == minorWarStage {
			s.stepMinorWars(c)
			return
		}
		s.stepOption(c)
	}

	registerDiplomatic(204, &dipDef{play: func(s *State, p Power) {
		if len(s.minorChoices(p)) == 0 {
			s.emit("event", "Diplomatic Marriage: no minor power to activate or deactivate")
			return
		}
		s.startOption(204, p, p)
	}})
	optionCards[2040] = &optionCard{
		text:    "activate or deactivate a minor power",
		choices: func(s *State, c *CardProc) []game.Choice { return s.minorChoices(c.Player) },
		do: func(s *State, c *CardProc, path []string) {
			kind, ms, _ := strings.Cut(path[0], ":")
			m, _ := ParsePower(ms)
			s.popCard()
			if kind == "deactivate" {
				s.deactivateMinor(m)
				return
			}
			ally := Papacy
			if c.Player == Protestant {
				ally = Hapsburg
			}
			s.activateMinor(m, ally, 204, c.Player)
		},
	}
	cardSteps[204] = func(s *State, c *CardProc) {
		if c.Stage == minorWarStage {
			s.stepMinorWars(c)
			return
		}
		s.stepOption(c)
	}

	registerDiplomatic(212, &dipDef{play: func(s *State, p Power) {
		switch s.MinorAllyOf(Venice) {
		case NoPower:
			s.activateMinor(Venice, Papacy, 212, p)
		case Hapsburg:
			s.deactivateMinor(Venice)
		case Papacy:
			if len(s.papalPorts()) == 0 {
				s.emit("event", "Venetian Alliance: no Papal-controlled port to place Venetian units in")
				return
			}
			s.startOption(212, p, Papacy)
		default:
			s.emit("event", "Venetian Alliance: Venice is "+s.MinorAllyOf(Venice).String()+"'s ally; no effect")
		}
	}})
	optionCards[2120] = &optionCard{
		text:    "add 1 Venetian regular and 2 Venetian squadrons in a Papal-controlled port",
		choices: func(s *State, c *CardProc) []game.Choice { return spaceOptions(s.papalPorts(), nil) },
		do: func(s *State, c *CardProc, path []string) {
			s.placeUnits(Venice, mustSpace(path[0]), Units{Reg: 1, Sq: 2})
			s.popCard()
		},
	}
	cardSteps[212] = func(s *State, c *CardProc) {
		if c.Stage == minorWarStage {
			s.stepMinorWars(c)
			return
		}
		s.stepOption(c)
	}
}

// --- #203 Corsair Raid ---

// corsairTargets are the victim's choices for one Corsair Raid hit: a card
// of its hand (not a Home card) to discard, or an eligible squadron.
func (s *State) corsairTargets(victim Power) []game.Choice {
	var out []game.Choice
	for _, c := range s.Powers[victim].Hand {
		if Cards[c].Type != HomeCard {
			out = append(out, game.Choice{Label: "discard #" + Cards[c].num + " " + Cards[c].Name, Value: "card:" + Cards[c].num})
		}
	}
	eligible := func(q Power) bool {
		if victim == Papacy {
			return q == Papacy || q.Minor() && s.MinorAllyOf(q) == Papacy
		}
		return q == France || q == Ottoman || q == Hapsburg && s.AtWar(Hapsburg, Papacy)
	}
	add := func(loc int, us *[NumPowers]Units) {
		for q := Power(0); q < Independent; q++ {
			if us[q].Sq > 0 && eligible(q) {
				out = append(out, game.Choice{Label: fmt.Sprintf("eliminate a %s squadron in %s", q, s.locText(loc)), Value: fmt.Sprintf("sq:%d:%s", loc, q)})
			}
		}
	}
	for i := range s.Spaces {
		add(i, &s.Spaces[i].Units)
	}
	for i := range s.Seas {
		add(SeaLoc+i, &s.Seas[i].Units)
	}
	return out
}

// --- #209 Plague ---

// plagueTargets: a unit in a space holding more than one unit, at most one
// per space (the spaces already struck are in c.Ints).
func (s *State) plagueTargets(c *CardProc) []game.Choice {
	var out []game.Choice
	for i := range s.Spaces {
		if slices.Contains(c.Ints, i) {
			continue
		}
		n := 0
		for q := Power(0); q < NumPowers; q++ {
			n += s.Spaces[i].Units[q].Land() + s.Spaces[i].Units[q].Naval()
		}
		if n < 2 {
			continue
		}
		var next []game.Choice
		for q := Power(0); q < NumPowers; q++ {
			if k := unitKinds(s.Spaces[i].Units[q], true); len(k) > 0 {
				next = append(next, game.Choice{Label: q.String(), Value: q.String(), Next: k})
			}
		}
		out = append(out, game.Choice{Label: Spaces[i].Name, Value: Spaces[i].ID, Next: next})
	}
	return out
}

// --- #210 Shipbuilding ---

// shipyards are where p's Shipbuilding builds a squadron: for the Papacy
// its and its active minors' home ports under the normal rules (§17.2); for
// the Protestant Marseille (French), Naples (Hapsburg) and the Ottoman home
// ports, each controlled by that power.
func (s *State) shipyards(p Power) []game.Choice {
	var out []game.Choice
	add := func(sp SpaceID, q Power) {
		if s.unitRoom(q, 's') == 0 {
			return
		}
		out = append(out, game.Choice{Label: fmt.Sprintf("a %s squadron in %s", q, Spaces[sp].Name), Value: Spaces[sp].ID + ":" + q.String()})
	}
	if p == Papacy {
		for q := Power(0); q < Independent; q++ {
			if q != Papacy && !(q.Minor() && s.MinorAllyOf(q) == Papacy) {
				continue
			}
			for _, sp := range homeSpacesOf[q] {
				if b, ok := s.canBuildAt(sp, Papacy, 's'); ok {
					add(sp, b)
				}
			}
		}
		return out
	}
	yards := []struct {
		sp SpaceID
		q  Power
	}{{mustSpace("marseille"), France}, {mustSpace("naples"), Hapsburg}}
	for _, sp := range homeSpacesOf[Ottoman] {
		if len(Spaces[sp].Ports) > 0 {
			yards = append(yards, struct {
				sp SpaceID
				q  Power
			}{sp, Ottoman})
		}
	}
	for _, y := range yards {
		if s.Spaces[y.sp].Ctl == y.q && !s.UnderSiege(y.sp) {
			add(y.sp, y.q)
		}
	}
	return out
}

// --- #218 Siege of Vienna ---

// viennaSpaces are the spaces within 2 of Vienna (CARDS.md #218).
var viennaSpaces = []string{"vienna", "linz", "graz", "brunn", "pressburg", "salzburg", "regensburg", "prague", "breslau", "buda", "trieste", "agram", "mohacs"}

// viennaUnits are the Hapsburg and Hungarian land units near Vienna, as
// options: space, power, kind.
func (s *State) viennaUnits() []game.Choice {
	var out []game.Choice
	for _, id := range viennaSpaces {
		sp := mustSpace(id)
		var next []game.Choice
		for _, q := range []Power{Hapsburg, Hungary} {
			if k := unitKinds(s.Spaces[sp].Units[q], false); len(k) > 0 {
				next = append(next, game.Choice{Label: q.String(), Value: q.String(), Next: k})
			}
		}
		if len(next) > 0 {
			out = append(out, game.Choice{Label: Spaces[sp].Name, Value: id, Next: next})
		}
	}
	return out
}

// viennaStart records the spaces near Vienna holding Hapsburg or Hungarian
// land units at the start of the Diplomacy Phase.
func (s *State) viennaStart() []int {
	var out []int
	for _, id := range viennaSpaces {
		sp := mustSpace(id)
		if s.Spaces[sp].Units[Hapsburg].Land()+s.Spaces[sp].Units[Hungary].Land() > 0 {
			out = append(out, int(sp))
		}
	}
	return out
}

// removeOne takes one unit of kind k ("r", "m", "c", "s", "k") of q from
// space sp.
func (s *State) removeOne(sp SpaceID, q Power, k string) {
	u := &s.Spaces[sp].Units[q]
	l := oneUnit(k)
	u.Reg -= l.Reg
	u.Merc -= l.Merc
	u.Cav -= l.Cav
	u.Sq -= l.Sq
	u.Cor -= l.Cor
	s.unitsLost(sp)
}

func init() {
	registerDiplomatic(203, &dipDef{play: func(s *State, p Power) {
		h, dice := s.Hits(4)
		victim := opponent(p)
		s.emit("event", fmt.Sprintf("Corsair Raid: %s rolls %v, %d hit(s) on %s", p, dice, h, victim))
		if h > 0 {
			c := s.startOption(203, p, victim)
			c.N = h
		}
	}})
	optionCards[2030] = &optionCard{
		text:    "Corsair Raid hit: discard a card or eliminate an eligible squadron",
		choices: func(s *State, c *CardProc) []game.Choice { return s.corsairTargets(c.Target) },
		do: func(s *State, c *CardProc, path []string) {
			kind, rest, _ := strings.Cut(path[0], ":")
			if kind == "card" {
				card := mustCard(atoi(rest))
				s.removeFromHand(c.Target, card)
				s.Discard = append(s.Discard, uint8(card))
				s.emit("event", fmt.Sprintf("Corsair Raid: %s discards #%d %s", c.Target, Cards[card].Number, Cards[card].Name))
			} else {
				ls, qs, _ := strings.Cut(rest, ":")
				loc := atoi(ls)
				q, _ := ParsePower(qs)
				s.unitsAt(loc)[q].Sq--
				s.emit("event", fmt.Sprintf("Corsair Raid: a %s squadron is eliminated in %s", q, s.locText(loc)))
				if loc < SeaLoc {
					s.unitsLost(SpaceID(loc))
				}
			}
			c.N--
		},
	}
	cardSteps[203] = func(s *State, c *CardProc) {
		if c.N > 0 && len(s.corsairTargets(c.Target)) > 0 {
			s.stepOption(c)
			return
		}
		s.popCard()
	}

	registerDiplomatic(205, &dipDef{play: func(s *State, p Power) {
		o := opponent(p)
		var names []string
		for _, c := range s.Two.Hands[twoIdx(o)] {
			names = append(names, "#"+Cards[c].num+" "+Cards[c].Name)
		}
		s.emitTo("event", fmt.Sprintf("Diplomatic Pressure: %s's diplomatic cards: %s", o, strings.Join(names, ", ")), p)
		if len(s.Two.Hands[twoIdx(o)]) == 0 {
			return
		}
		s.startOption(205, p, p)
	}})
	optionCards[2050] = &optionCard{
		text: "Diplomatic Pressure: decide the opponent's diplomatic card",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			o := opponent(c.Player)
			for _, d := range s.Two.Hands[twoIdx(o)] {
				if c.Player == Papacy {
					out = append(out, game.Choice{Label: "the Protestant must play #" + Cards[d].num + " " + Cards[d].Name, Value: "must:" + Cards[d].num})
					continue
				}
				out = append(out, game.Choice{Label: "the Papacy discards #" + Cards[d].num + " " + Cards[d].Name + " and draws another", Value: "discard:" + Cards[d].num})
				if len(s.Two.Hands[1]) > 0 {
					out = append(out, game.Choice{Label: "swap your diplomatic card with the Papacy's #" + Cards[d].num, Value: "swap:" + Cards[d].num})
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			t := s.Two
			kind, n, _ := strings.Cut(path[0], ":")
			card := mustCard(atoi(n))
			s.popCard()
			switch kind {
			case "must":
				t.Must[1] = card + 1
				s.emit("event", "Diplomatic Pressure: the Papacy decides which diplomatic card the Protestant plays")
			case "discard":
				t.Hands[0] = withoutCard(t.Hands[0], card)
				t.Discard = append(t.Discard, uint8(card))
				s.emit("event", fmt.Sprintf("Diplomatic Pressure: the Papacy discards #%d %s", Cards[card].Number, Cards[card].Name))
				s.drawDiplomatic(Papacy)
			case "swap":
				mine := t.Hands[1][0]
				t.Hands[0] = append(withoutCard(t.Hands[0], card), mine)
				t.Hands[1] = append(t.Hands[1][1:], uint8(card))
				s.emit("event", "Diplomatic Pressure: the Protestant swaps its diplomatic card with the Papacy's")
			}
		},
	}

	registerDiplomatic(207, &dipDef{play: func(s *State, p Power) { s.startOption(207, p, Papacy) }})
	optionCards[2070] = &optionCard{
		text: "Henry Petitions for Divorce: grant or refuse the divorce",
		choices: func(s *State, c *CardProc) []game.Choice {
			return []game.Choice{
				{Label: "grant: the Papacy draws a card, the Protestant adds 4 Hapsburg mercenaries in Italy, the Papacy calls a debate", Value: "grant"},
				{Label: "refuse: the Papacy adds 3 Hapsburg regulars", Value: "refuse"},
			}
		},
		do: func(s *State, c *CardProc, path []string) {
			if path[0] == "refuse" {
				c.Stage, c.N, c.Target = 2, 3, Papacy
				return
			}
			s.drawFromDeck(Papacy)
			c.Stage, c.Target = 1, Protestant
		},
	}
	optionCards[2071] = &optionCard{
		text: "add 4 Hapsburg mercenaries to a Hapsburg-controlled space in the Italian zone",
		choices: func(s *State, c *CardProc) []game.Choice {
			return spaceOptions(s.controlledSpaces(Hapsburg, func(sp SpaceID) bool { return Spaces[sp].Lang == LangItalian }), nil)
		},
		do: func(s *State, c *CardProc, path []string) {
			s.placeUnits(Hapsburg, mustSpace(path[0]), Units{Merc: 4})
			c.Stage, c.Target = 3, Papacy
		},
	}
	optionCards[2072] = &optionCard{
		text: "add a Hapsburg regular to a Hapsburg-controlled space",
		choices: func(s *State, c *CardProc) []game.Choice {
			return spaceOptions(s.controlledSpaces(Hapsburg, nil), nil)
		},
		do: func(s *State, c *CardProc, path []string) {
			s.placeUnits(Hapsburg, mustSpace(path[0]), Units{Reg: 1})
			c.N--
		},
	}
	optionCards[2073] = &optionCard{
		text: "call a theological debate (Campeggio debates for the Papacy)",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			for _, z := range []Lang{LangGerman, LangFrench, LangEnglish} {
				if s.canCallDebate(Papacy, z) {
					out = append(out, game.Choice{Label: z.String(), Value: z.String()})
				}
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			s.popCard()
			z, _ := ParseLang(path[0])
			if s.StartDebate(Papacy, z, SrcAction) == nil {
				if st := s.Debaters[dCampeggio]; st == DebUncommitted || st == DebCommitted {
					s.Debate.Chosen = dCampeggio
				}
			}
		},
	}
	cardSteps[207] = func(s *State, c *CardProc) {
		oc := optionCards[2070+c.Stage]
		switch {
		case c.Stage == 1 && len(oc.choices(s, c)) == 0:
			c.Stage = 3 // no Hapsburg space in Italy: no mercenaries
		case c.Stage == 2 && (c.N == 0 || len(oc.choices(s, c)) == 0):
			s.popCard()
		case c.Stage == 3 && len(oc.choices(s, c)) == 0:
			s.emit("event", "Henry Petitions for Divorce: the Papacy has no debate to call")
			s.popCard()
		default:
			s.stepOption(c)
		}
	}

	registerDiplomatic(208, &dipDef{play: func(s *State, p Power) {
		if len(s.Deck) == 0 {
			s.emit("event", "Knights of St. John: the deck is empty")
			return
		}
		c := int(s.Deck[len(s.Deck)-1])
		s.Deck = s.Deck[:len(s.Deck)-1]
		s.Discard = append(s.Discard, uint8(c))
		s.emit("event", fmt.Sprintf("Knights of St. John: %s draws #%d %s; its %d CP go to St. Peter's", p, Cards[c].Number, Cards[c].Name, Cards[c].CP))
		s.addStPeterCP(Cards[c].CP)
	}})

	registerDiplomatic(209, &dipDef{play: func(s *State, p Power) {
		c := s.startOption(209, p, p)
		c.N = 3
	}})
	optionCards[2090] = &optionCard{
		text:    "Plague: remove a unit from a space holding more than one (at most one per space)",
		choices: func(s *State, c *CardProc) []game.Choice { return s.plagueTargets(c) },
		do: func(s *State, c *CardProc, path []string) {
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			s.removeOne(sp, q, path[2])
			s.emit("event", fmt.Sprintf("Plague: a %s unit dies in %s", q, Spaces[sp].Name))
			c.Ints = append(c.Ints, int(sp))
			c.N--
		},
	}
	cardSteps[209] = func(s *State, c *CardProc) {
		if c.N > 0 && len(s.plagueTargets(c)) > 0 {
			s.stepOption(c)
			return
		}
		s.popCard()
		o := opponent(c.Player)
		if card := s.randomDraw(o, NoPower); card >= 0 {
			s.Discard = append(s.Discard, uint8(card))
			s.emit("event", fmt.Sprintf("Plague: %s discards #%d %s at random", o, Cards[card].Number, Cards[card].Name))
		}
	}

	registerDiplomatic(210, &dipDef{play: func(s *State, p Power) {
		c := s.startOption(210, p, p)
		c.N = 2
	}})
	optionCards[2100] = &optionCard{
		text: "Shipbuilding: build a squadron (no CP)",
		choices: func(s *State, c *CardProc) []game.Choice {
			return append([]game.Choice{{Label: "no more", Value: "done"}}, s.shipyards(c.Player)...)
		},
		do: func(s *State, c *CardProc, path []string) {
			if path[0] == "done" {
				c.N = 0
				return
			}
			id, qs, _ := strings.Cut(path[0], ":")
			q, _ := ParsePower(qs)
			s.placeUnits(q, mustSpace(id), Units{Sq: 1})
			c.N--
		},
	}
	cardSteps[210] = func(s *State, c *CardProc) {
		if c.N > 0 && len(s.shipyards(c.Player)) > 0 {
			s.stepOption(c)
			return
		}
		s.popCard()
	}

	registerDiplomatic(215, &dipDef{play: func(s *State, p Power) {
		chooser := p
		if a, b := s.VP(p), s.VP(opponent(p)); b < a {
			chooser = opponent(p)
		}
		if len(s.machiavelliCards()) == 0 {
			s.emit("event", "Machiavelli: no Invasion card to call")
			s.shuffleDiplomatic()
			return
		}
		s.startOption(215, p, chooser)
	}})
	optionCards[2150] = &optionCard{
		text: "Machiavelli: choose an Invasion card to play now",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			for _, card := range s.machiavelliCards() {
				out = append(out, game.Choice{Label: "#" + Cards[card].num + " " + Cards[card].Name, Value: Cards[card].num})
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			t := s.Two
			card := mustCard(atoi(path[0]))
			s.popCard()
			t.Deck = withoutCard(t.Deck, card)
			t.Discard = append(withoutCard(t.Discard, card), uint8(card))
			t.Played = append(t.Played, uint8(card))
			s.emit("card", fmt.Sprintf("Machiavelli: %s plays #%d %s", c.Target, Cards[card].Number, Cards[card].Name))
			s.shuffleDiplomatic()
			s.playInvasion(Cards[card].Number, c.Target)
		},
	}

	registerDiplomatic(217, &dipDef{play: func(s *State, p Power) {
		d := s.Die()
		c := s.startOption(217, p, Protestant)
		c.Ints = []int{int(LangItalian)}
		if d >= 4 {
			c.Ints = append(c.Ints, int(LangSpanish))
		}
		s.emit("event", fmt.Sprintf("Secret Protestant Circle: %s rolls %d", p, d))
		c.N = d
	}})
	optionCards[2170] = &optionCard{
		text: "Secret Protestant Circle: flip a Catholic space to Protestant",
		choices: func(s *State, c *CardProc) []game.Choice {
			return spaceOptions(s.catholicIn(Lang(c.Ints[0])), nil)
		},
		do: func(s *State, c *CardProc, path []string) {
			sp := mustSpace(path[0])
			s.convert(sp, true)
			s.emit("religion", Spaces[sp].Name+" turns Protestant")
			c.Ints = c.Ints[1:]
		},
	}
	cardSteps[217] = func(s *State, c *CardProc) {
		for len(c.Ints) > 0 && len(s.catholicIn(Lang(c.Ints[0]))) == 0 {
			c.Ints = c.Ints[1:]
		}
		if len(c.Ints) == 0 || s.Phase == PhaseOver {
			s.popCard()
			return
		}
		s.stepOption(c)
	}

	registerDiplomatic(218, &dipDef{play: func(s *State, p Power) {
		s.Two.Vienna = s.Two.ViennaAt
		s.emit("event", "Siege of Vienna: Hapsburg and Hungarian units near Vienna may not move this turn")
		c := s.startOption(218, p, p)
		c.N = 2
	}})
	optionCards[2180] = &optionCard{
		text:    "Siege of Vienna: remove a Hapsburg or Hungarian land unit within 2 spaces of Vienna",
		choices: func(s *State, c *CardProc) []game.Choice { return s.viennaUnits() },
		do: func(s *State, c *CardProc, path []string) {
			sp := mustSpace(path[0])
			q, _ := ParsePower(path[1])
			s.removeOne(sp, q, path[2])
			s.emit("event", fmt.Sprintf("Siege of Vienna: a %s unit is removed in %s", q, Spaces[sp].Name))
			c.N--
		},
	}
	cardSteps[218] = func(s *State, c *CardProc) {
		if c.N > 0 && len(s.viennaUnits()) > 0 {
			s.stepOption(c)
			return
		}
		s.popCard()
	}

	registerDiplomatic(219, &dipDef{play: func(s *State, p Power) {
		if p == Protestant {
			var names []string
			for _, c := range s.Powers[Protestant].Hand {
				names = append(names, "#"+Cards[c].num+" "+Cards[c].Name)
			}
			s.emitTo("event", "Spanish Inquisition: the Protestant shows its hand: "+strings.Join(names, ", "), Papacy, Protestant)
			s.emit("event", "Spanish Inquisition: the Protestant shows its hand to the Papacy")
			return
		}
		if len(s.Two.Hands[1]) == 0 {
			return
		}
		s.startOption(219, p, Papacy)
	}})
	optionCards[2190] = &optionCard{
		text: "Spanish Inquisition: choose the Protestant diplomatic card to discard",
		choices: func(s *State, c *CardProc) []game.Choice {
			var out []game.Choice
			for _, d := range s.Two.Hands[1] {
				out = append(out, game.Choice{Label: "#" + Cards[d].num + " " + Cards[d].Name, Value: Cards[d].num})
			}
			return out
		},
		do: func(s *State, c *CardProc, path []string) {
			t := s.Two
			card := mustCard(atoi(path[0]))
			s.popCard()
			t.Hands[1] = withoutCard(t.Hands[1], card)
			t.Discard = append(t.Discard, uint8(card))
			s.emit("event", fmt.Sprintf("Spanish Inquisition: the Protestant discards #%d %s", Cards[card].Number, Cards[card].Name))
			kept := slices.Clone(t.Hands[1])
			s.drawDiplomatic(Protestant)
			if len(kept) > 0 {
				t.Must[1] = int(kept[0]) + 1
			}
		},
	}
	for _, n := range []int{205, 209, 210, 215, 217, 218, 219} {
		if cardSteps[n] == nil {
			cardSteps[n] = (*State).stepOption
		}
	}
}

// machiavelliCards are the Invasion cards in the diplomatic deck or its
// discard pile not played this turn.
func (s *State) machiavelliCards() []int {
	t := s.Two
	var out []int
	for _, n := range invasionCards {
		c := mustCard(n)
		if (cardIn(t.Deck, c) || cardIn(t.Discard, c)) && !cardIn(t.Played, c) {
			out = append(out, c)
		}
	}
	return out
}

// shuffleDiplomatic shuffles the diplomatic deck with its discard pile.
func (s *State) shuffleDiplomatic() {
	t := s.Two
	t.Deck = append(t.Deck, t.Discard...)
	t.Discard = t.Discard[:0]
	s.RNG.Shuffle(len(t.Deck), func(i, j int) { t.Deck[i], t.Deck[j] = t.Deck[j], t.Deck[i] })
	s.emit("cards", "the diplomatic deck is shuffled with its discard pile")
}

// catholicIn lists the Catholic spaces of zone z.
func (s *State) catholicIn(z Lang) []SpaceID {
	var out []SpaceID
	for i := range Spaces {
		if Spaces[i].Lang == z && !Spaces[i].NoRel && !s.Spaces[i].Prot {
			out = append(out, SpaceID(i))
		}
	}
	return out
}
