package his

import (
	"fmt"

	"concordat/game"
)

// Diet is the Diet of Worms (§18.1.2, Turn 1 phase 4) in progress: the
// Protestant, the Hapsburgs and the Papacy each commit a card in secret;
// then the dice decide how many German spaces change religion.
type Diet struct {
	Cards  [3]int   `json:"cards"` // Protestant, Hapsburg, Papacy: card index, -1 not yet, -2 none possible
	Winner Power    `json:"winner"`
	Flips  int      `json:"flips"`
	Log    []string `json:"log"`
}

var dietPowers = [3]Power{Protestant, Hapsburg, Papacy}

func (d *Diet) clone() *Diet {
	c := *d
	c.Log = append([]string(nil), d.Log...)
	return &c
}

func (s *State) dietLog(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	s.Diet.Log = append(s.Diet.Log, line)
	s.emit("diet", line)
}

// dietCards lists what p may commit: any card but a Mandatory Event (a
// Home card is allowed).
func (s *State) dietCards(p Power) []game.Choice {
	var out []game.Choice
	for _, c := range s.Powers[p].Hand {
		if Cards[c].Type != MandatoryCard {
			out = append(out, game.Choice{Label: Cards[c].cpLabel, Value: Cards[c].num})
		}
	}
	return out
}

func (s *State) startDiet() {
	s.Diet = &Diet{Cards: [3]int{-1, -1, -1}, Winner: NoPower}
	s.emit("phase", "the Diet of Worms")
}

// dietTargets: German-zone spaces of the loser's religion adjacent to a
// space of the winner's (spaces flipped earlier count, §18.1.2).
func (s *State) dietTargets() []game.Choice {
	toProt := s.Diet.Winner == Protestant
	var out []game.Choice
	for i := range Spaces {
		sp := SpaceID(i)
		if Spaces[i].Lang != LangGerman || Spaces[i].NoRel || s.Spaces[i].Prot == toProt {
			continue
		}
		for _, e := range Spaces[i].Edges {
			if !Spaces[e.To].NoRel && s.Spaces[e.To].Prot == toProt {
				out = append(out, game.Choice{Label: Spaces[sp].Name, Value: Spaces[sp].ID})
				break
			}
		}
	}
	return out
}

func (s *State) stepDiet() {
	d := s.Diet
	for i, p := range dietPowers {
		if d.Cards[i] != -1 {
			continue
		}
		if s.Two != nil && p == Hapsburg {
			d.Cards[i] = s.twoDietCard() // the deck's top card (§24.4)
			continue
		}
		if len(s.dietCards(p)) == 0 {
			d.Cards[i] = -2
			continue
		}
		s.push(kDiet, p)
		return
	}
	if d.Winner == NoPower && d.Flips == 0 {
		// Reveal and roll (R11: the cards count as played for CP).
		cp := [3]int{}
		for i, p := range dietPowers {
			if d.Cards[i] >= 0 {
				cp[i] = s.dietCP(d.Cards[i])
				s.playCard(p, d.Cards[i])
			}
		}
		ph, pd := s.Hits(cp[0] + 4)
		hh, hd := s.Hits(cp[1])
		ch, cd := s.Hits(cp[2])
		s.dietLog("Protestant rolls %d dice %v: %d hit(s)", cp[0]+4, pd, ph)
		s.dietLog("Hapsburgs roll %d dice %v, the Papacy %d dice %v: %d Catholic hit(s)", cp[1], hd, cp[2], cd, hh+ch)
		switch {
		case ph > hh+ch:
			d.Winner, d.Flips = Protestant, ph-hh-ch
		case ph < hh+ch:
			d.Winner, d.Flips = Papacy, hh+ch-ph
		default:
			s.dietLog("equal hits: nothing happens")
		}
		if d.Winner != NoPower {
			s.dietLog("%s wins: %d space(s) change religion", d.Winner, d.Flips)
		}
	}
	if d.Flips > 0 && len(s.dietTargets()) > 0 {
		s.push(kDietFlip, d.Winner)
		return
	}
	s.LastDiet = d
	s.Diet = nil
}

func (s *State) resolveDiet(dec Decision, p []string) {
	d := s.Diet
	switch dec.Kind {
	case kDiet:
		n := 0
		fmt.Sscan(p[0], &n)
		c, _ := CardByNumber(n)
		for i, q := range dietPowers {
			if q == dec.Power {
				d.Cards[i] = c
			}
		}
		s.emitTo("diet", fmt.Sprintf("%s commits #%d %s", dec.Power, n, Cards[c].Name), dec.Power)
		s.emit("diet", dec.Power.String()+" has committed a card")
	case kDietFlip:
		sp := mustSpace(p[0])
		s.convert(sp, d.Winner == Protestant)
		d.Flips--
		s.dietLog("%s flips %s", d.Winner, Spaces[sp].Name)
	}
}
