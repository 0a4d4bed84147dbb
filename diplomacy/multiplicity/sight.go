package multiplicity

import (
	"encoding/json"
	"fmt"

	"concordat/diplomacy"
	"concordat/game"
)

// Sight is what the player of one power knows when it decides, for the
// computer players (package diplomacy/botplay): the position as the
// seat's view shows it and the tree of orders it may write. Under Fog of
// War the units, dislodged units and centre owners of the provinces the
// power does not see are left out, as View leaves them out; the orders
// others submitted are never in it.
type Sight struct {
	Power    diplomacy.Power
	Choosing bool      // the start choice of army or fleet (rule 1)
	Pos      *Position // the position as the power sees it (its own copy)
	Legal    game.Options
	// Owed is, in an adjustment phase, the power's supply centres less its
	// parts: builds owed (> 0) or disbands owed (< 0).
	Owed int
}

// SightOf is what seat knows now in st (a Multiplicity state).
func SightOf(st game.State, seat game.Seat) (Sight, error) {
	gs := state(st)
	m := gs.Pos.Map
	pw, ok := m.LookupPower(string(seat))
	if !ok || string(seat) != m.Powers[pw].ID || !gs.Settings.Played(pw) {
		return Sight{}, fmt.Errorf("multiplicity: unknown seat %q", seat)
	}
	pos := gs.Pos.Clone()
	if gs.Settings.Fog {
		vis := visibleTo(gs.Pos, pw)
		for p := range pos.Units {
			if !vis[p] {
				pos.Units[p] = Unit{Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
				pos.Owners[p] = diplomacy.NoPower
			}
		}
		kept := pos.Dislodged[:0]
		for _, d := range pos.Dislodged {
			if vis[m.Prov(d.Loc)] {
				kept = append(kept, d)
			}
		}
		pos.Dislodged = kept
	}
	s := Sight{Power: pw, Choosing: gs.Choosing, Pos: pos, Legal: Rules{}.Legal(st, seat)}
	if !gs.Choosing && gs.Pos.Phase.Type == diplomacy.Adjustment {
		s.Owed = gs.Pos.Centers()[pw] - gs.Pos.Parts()[pw]
	}
	return s, nil
}

// SightFromView is seat's Sight built from what a bot outside the server
// has: the seat's view (View encoded as JSON, as the API serves it) and
// its legal options (Legal). It is SightOf's Sight for the same seat and
// moment (the tests check it): the view shows the board as the power sees
// it, and the tree is the one Legal gives. It fails, naming the problem,
// for a view that is not a Multiplicity seat's.
func SightFromView(view []byte, seat game.Seat, legal game.Options) (Sight, error) {
	var v boardView
	if err := json.Unmarshal(view, &v); err != nil {
		return Sight{}, fmt.Errorf("multiplicity view: %w", err)
	}
	if !v.Multiplicity {
		return Sight{}, fmt.Errorf("multiplicity view: not the view of a Multiplicity game")
	}
	id := v.Variant
	if id == "" {
		id = "standard"
	}
	m, err := diplomacy.LoadMap(id)
	if err != nil {
		return Sight{}, fmt.Errorf("multiplicity view: %w", err)
	}
	pw, ok := m.LookupPower(string(seat))
	if !ok || string(seat) != m.Powers[pw].ID {
		return Sight{}, fmt.Errorf("multiplicity view: unknown seat %q", seat)
	}
	pos, err := boardPosition(m, v.Board)
	if err != nil {
		return Sight{}, fmt.Errorf("multiplicity view: board: %w", err)
	}
	s := Sight{Power: pw, Choosing: v.Choosing, Pos: pos, Legal: legal}
	if !v.Choosing && pos.Phase.Type == diplomacy.Adjustment {
		s.Owed = pos.Centers()[pw] - pos.Parts()[pw]
	}
	return s, nil
}
