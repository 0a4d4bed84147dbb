package diplomacy

import (
	"fmt"

	"concordat/game"
)

// Schizodiplomacy ("schizo"): after each Spring and Fall season (once its
// retreats are over), one random province splits in two and then another
// random province is destroyed, both drawn from the game's seeded RNG.
//
//   - The split (EditSplit) picks among the standing provinces without
//     split coasts. The twin ("bre2", "Brest II") has the original's kind,
//     centre and home status and borders, and borders the original; a unit
//     in the original is duplicated in the twin for the same power, and a
//     centre's owner owns the twin too. A twin of a home centre is a home
//     centre (its power may build there). Once the map holds maxEditLocs
//     locations no province splits.
//   - The destruction (EditDestroy, as Black Hole's) picks among the
//     standing provinces other than the one just split and its twin; the
//     unit there is lost. Black Hole's protection does not cover it.
//   - Victory is a majority of the centres that exist, floor(n/2)+1
//     (EditMajority), from the start (18 of 34 on the standard map, as
//     usual) and counted again after every change.
//
// After a Fall the adjustments owed are settled on the changed board.

// schizo splits a random province and destroys another after a Spring or
// Fall season.
func (gs *GameState) schizo(season Phase) []game.Event {
	var ev []game.Event
	pos := gs.Pos
	m := pos.Map
	var cands []Province
	if len(m.Locs) < maxEditLocs {
		for i, p := range m.Provinces {
			if !m.Swallowed(Province(i)) && len(p.Coasts) == 0 {
				cands = append(cands, Province(i))
			}
		}
	}
	x, twin := -1, -1 // the split province and its twin, if any
	if len(cands) > 0 {
		p := cands[gs.RNG.Intn(len(cands))]
		m2, err := m.WithEdits(MapEdit{Op: EditSplit, A: m.ProvName(p)})
		if err == nil {
			see, blind := gs.seatsSeeing(p)
			t := Province(len(m.Provinces))
			np := pos.OnMap(m2)
			text := fmt.Sprintf("%s splits in two: %s appears", m.Provinces[p].Name, m2.Provinces[t].Name)
			public := text
			if u := pos.Units[p]; u.Type != NoUnit {
				np.Units[t] = Unit{Type: u.Type, Power: u.Power, Loc: Loc(t)}
				text += fmt.Sprintf(", with a second %s %s", m.Powers[u.Power].Adjective, u.Type.Name())
			}
			if m2.Provinces[t].Center {
				np.Owners[t] = pos.Owners[p]
				text += ", a supply centre"
				if o := pos.Owners[p]; o != NoPower {
					text += " of " + m.Powers[o].Name
				}
			}
			pos, m = np, m2
			gs.Pos = pos
			x, twin = int(p), int(t)
			ev = append(ev, gs.mapChangeEvent("schizo", public, text, see, blind)...)
		}
	}
	cands = cands[:0]
	for i := range m.Provinces {
		if !m.Swallowed(Province(i)) && i != x && i != twin {
			cands = append(cands, Province(i))
		}
	}
	if len(cands) > 0 {
		y := cands[gs.RNG.Intn(len(cands))]
		m2, err := m.WithEdits(MapEdit{Op: EditDestroy, A: m.ProvName(y)})
		if err == nil {
			see, blind := gs.seatsSeeing(y)
			text := fmt.Sprintf("%s is destroyed", m.Provinces[y].Name)
			public := text
			if u := pos.Units[y]; u.Type != NoUnit {
				text += fmt.Sprintf(" with the %s %s in it", m.Powers[u.Power].Adjective, u.Type.Name())
			}
			pos.Map = m2
			pos.Units[y] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
			pos.Owners[y] = NoPower
			for pw, p := range gs.Protect {
				if !containsProv(m2.Powers[pw].Homes, p) {
					delete(gs.Protect, pw)
				}
			}
			ev = append(ev, gs.mapChangeEvent("schizo", public, text, see, blind)...)
		}
	}
	gs.settleAfterEdits(season)
	return ev
}

// settleAfterEdits sets the phase after a Fall season again once the board
// changed: an adjustment phase if anyone now owes adjustments, else the
// next Spring.
func (gs *GameState) settleAfterEdits(season Phase) {
	pos := gs.Pos
	if season.Season != Fall || pos.Winner() != NoPower {
		return
	}
	if NewAdjudicator(pos.Map, gs.Settings.Edition).anyAdjustment(pos) {
		pos.Phase = Phase{Season: Winter, Year: season.Year, Type: Adjustment}
	} else {
		pos.Phase = Phase{Season: Spring, Year: season.Year + 1, Type: Movement}
	}
}
