package his

import (
	"fmt"

	"concordat/game"
)

// The Combat cards (CARDS.md §5, #24–#30) and Janissaries' dice in a
// battle (#1, half A). Combat cards are declared in a battle's combat
// window (the attacker first, then each defending major power; a power may
// declare several), only by a power whose units fight in it; they are
// never the event of an impulse (§11.0). Janissaries is played after both
// sides rolled (§14 step 7, §16.2 step 6), once a turn (it is a Home card).
//
// Dice order (for scripted dice): a side's cards' extra dice are rolled
// with its own dice (the attacker's, then the defender's); Tercios' three
// dice right after the Hapsburg side's own; Janissaries' dice when it is
// played.
//
// Readings: Mercenaries Bribed takes the switched mercenaries from the
// opposing powers in power order (CARDS.md #26 Open 2) and adds as many as
// the player's counter mix allows, beyond any formation limit; Tercios'
// half is the one its player may use (the Hapsburgs half A, a power facing
// at least 3 Hapsburg regulars half B); Surprise Attack by one side only.

// Card numbers of the Combat cards.
const (
	nJanissaries   = 1
	nArquebusiers  = 24
	nFieldArt      = 25
	nMercBribed    = 26
	nMercRestless  = 27
	nSiegeMining   = 28
	nSurprise      = 29
	nTercios       = 30
	terciosDice    = 3 // Tercios: 3 dice hitting on 4–6, or 3 dice fewer
	janissaryLand  = 5 // Janissaries: extra dice in a field battle
	janissaryNaval = 4 // and in a naval combat
)

// battleSide tells on which side of the field battle in progress p fights:
// 1 the attacker, -1 a defending major power with land units in it, 0
// neither.
func (s *State) battleSide(p Power) int {
	b := s.Battle
	if b == nil {
		return 0
	}
	if p == b.Attacker {
		return 1
	}
	if containsPower(s.groupsOf(&b.Def), p) {
		return -1
	}
	return 0
}

// opposingUnits is the units of the side facing p in the field battle.
func (s *State) opposingUnits(p Power) *[NumPowers]Units {
	if s.battleSide(p) > 0 {
		return &s.Battle.Def
	}
	return &s.Battle.Att
}

// navalSideOf tells on which side of the naval combat in progress p
// fights: 1 the attacker, -1 the defender, 0 neither.
func (s *State) navalSideOf(p Power) int {
	n := s.Naval
	if n == nil || n.Fight == nil {
		return 0
	}
	switch p {
	case n.Power:
		return 1
	case n.Fight.Q:
		return -1
	}
	return 0
}

// addBattleDice gives p's side of the field battle n more dice.
func (s *State) addBattleDice(p Power, n int) {
	if s.battleSide(p) > 0 {
		s.Battle.AttExtra += n
	} else {
		s.Battle.DefExtra += n
	}
}

func (s *State) declared(p Power, c int, what string) {
	if b := s.Battle; b != nil {
		b.Cards = append(b.Cards, c)
	}
	s.emit("combat", fmt.Sprintf("%s declares #%d %s: %s", p, c, Cards[mustCard(c)].Name, what))
}

func init() {
	inBattle := func(s *State, w *Window, p Power) bool { return s.battleSide(p) != 0 }
	registerResponse(nArquebusiers, &respDef{
		windows: 1<<winCombat | 1<<winSea, trigger: 1<<winCombat | 1<<winSea,
		may: func(s *State, w *Window, p Power) bool {
			if w.Kind == winSea {
				return s.navalSideOf(p) != 0
			}
			return s.battleSide(p) != 0
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			if w.Kind == winSea {
				if f := s.Naval.Fight; s.navalSideOf(p) > 0 {
					f.AttExtra += 2
				} else {
					f.DefExtra += 2
				}
			} else {
				s.addBattleDice(p, 2)
			}
			s.declared(p, nArquebusiers, "2 more dice")
		},
	})
	registerResponse(nFieldArt, &respDef{
		windows: 1 << winCombat, trigger: 1 << winCombat, may: inBattle,
		play: func(s *State, w *Window, p Power, _ []string) {
			n := 2
			if p == France || p == Ottoman {
				n = 3
			}
			s.addBattleDice(p, n)
			s.declared(p, nFieldArt, fmt.Sprintf("%d more dice", n))
		},
	})
	registerResponse(nMercBribed, &respDef{
		windows: 1 << winCombat, trigger: 1 << winCombat,
		may: func(s *State, w *Window, p Power) bool {
			if p == Ottoman || s.battleSide(p) == 0 {
				return false
			}
			opp := s.opposingUnits(p)
			if landOf(opp) > 0 && containsPower(s.groupsOf(opp), Ottoman) {
				return false
			}
			m := 0
			for q := range opp {
				m += int(opp[q].Merc)
			}
			return m > 0
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			b := s.Battle
			opp := s.opposingUnits(p)
			m := 0
			for q := range opp {
				m += int(opp[q].Merc)
			}
			n := (m + 1) / 2
			left := n
			for q := range opp {
				k := min(int(opp[q].Merc), left)
				opp[q].Merc -= uint8(k)
				s.Spaces[b.Space].Units[q].Merc -= uint8(k)
				left -= k
			}
			got := s.place(&s.Spaces[b.Space].Units[p], p, 'm', n)
			if s.battleSide(p) > 0 {
				b.Att[p].Merc += uint8(got)
			} else {
				b.Def[p].Merc += uint8(got)
			}
			s.declared(p, nMercBribed, fmt.Sprintf("%d of the enemy's mercenaries change sides (%d placed)", n, got))
		},
	})
	registerResponse(nMercRestless, &respDef{
		windows: 1 << winSiege, trigger: 1 << winSiege,
		may: func(s *State, w *Window, p Power) bool {
			a := s.Assault
			if a == nil || p == a.Power || s.side(s.Spaces[a.Space].Ctl) != p {
				return false
			}
			for q := range a.Form {
				if a.Form[q].Merc > 0 {
					return true
				}
			}
			return false
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			a := s.Assault
			n := 0
			for q := range a.Form {
				k := a.Form[q].Merc
				a.Form[q].Merc = 0
				s.Spaces[a.Space].Units[q].Merc -= k
				n += int(k)
			}
			s.emit("combat", fmt.Sprintf("%s declares #27 Mercenaries Grow Restless: %d mercenaries of the assault are eliminated", p, n))
			if b, d := s.siegeCounts(a.Space); b <= d {
				a.Broken = true
				w.Cancelled = true // no more cards: the assault is not rolled
			}
		},
	})
	registerResponse(nSiegeMining, &respDef{
		windows: 1 << winSiege, trigger: 1 << winSiege,
		may: func(s *State, w *Window, p Power) bool { return s.Assault != nil && p == s.Assault.Power },
		play: func(s *State, w *Window, p Power, _ []string) {
			s.Assault.AttExtra += 3
			s.emit("combat", fmt.Sprintf("%s declares #28 Siege Mining: 3 more dice", p))
		},
	})
	registerResponse(nSurprise, &respDef{
		windows: 1 << winCombat, trigger: 1 << winCombat,
		may: func(s *State, w *Window, p Power) bool { return s.battleSide(p) != 0 && s.Battle.Surprise == 0 },
		play: func(s *State, w *Window, p Power, _ []string) {
			s.Battle.Surprise = int8(s.battleSide(p))
			s.declared(p, nSurprise, "its side rolls first and its hits are taken before the other side rolls")
		},
	})
	registerResponse(nTercios, &respDef{
		windows: 1 << winCombat, trigger: 1 << winCombat,
		may: func(s *State, w *Window, p Power) bool {
			if s.battleSide(p) == 0 {
				return false
			}
			if p == Hapsburg {
				return true
			}
			return s.opposingUnits(p)[Hapsburg].Reg >= 3
		},
		choices: func(s *State, w *Window, p Power) []game.Choice {
			if p == Hapsburg {
				return []game.Choice{{Label: "3 more dice hitting on 4–6", Value: "dice"}}
			}
			return []game.Choice{{Label: "the Hapsburg side rolls 3 dice fewer", Value: "fewer"}}
		},
		play: func(s *State, w *Window, p Power, path []string) {
			b := s.Battle
			side := s.battleSide(p)
			if path[0] == "dice" {
				if side > 0 {
					b.AttTercios = true
				} else {
					b.DefTercios = true
				}
				s.declared(p, nTercios, "3 more dice hitting on 4–6")
				return
			}
			if side > 0 {
				b.DefFewer += terciosDice
			} else {
				b.AttFewer += terciosDice
			}
			s.declared(p, nTercios, "the Hapsburgs roll 3 dice fewer")
		},
	})
	registerResponse(nJanissaries, &respDef{
		windows: 1<<winRolled | 1<<winSeaRolled, trigger: 1<<winRolled | 1<<winSeaRolled,
		may: func(s *State, w *Window, p Power) bool {
			if p != Ottoman {
				return false
			}
			if w.Kind == winSeaRolled {
				return s.navalSideOf(Ottoman) != 0
			}
			return s.battleSide(Ottoman) != 0
		},
		play: func(s *State, w *Window, p Power, _ []string) {
			if w.Kind == winSeaRolled {
				f := s.Naval.Fight
				h, dice := s.Hits(janissaryNaval)
				if s.navalSideOf(Ottoman) > 0 {
					f.AttHits += h
					f.AttDice = append(f.AttDice, dice...)
				} else {
					f.DefHits += h
					f.DefDice = append(f.DefDice, dice...)
				}
				s.emit("combat", fmt.Sprintf("Janissaries: the Ottoman rolls 4 more dice %v, %d hit(s)", dice, h))
				return
			}
			b := s.Battle
			h, dice := s.Hits(janissaryLand)
			if s.battleSide(Ottoman) > 0 {
				b.AttHits += h
				b.AttDice = append(b.AttDice, dice...)
				b.AttRolled += janissaryLand
			} else {
				b.DefHits += h
				b.DefDice = append(b.DefDice, dice...)
				b.DefRolled += janissaryLand
			}
			s.emit("combat", fmt.Sprintf("Janissaries: the Ottoman rolls 5 more dice %v, %d hit(s)", dice, h))
		},
	})
}
