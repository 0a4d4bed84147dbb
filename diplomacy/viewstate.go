package diplomacy

import (
	"encoding/json"
	"fmt"

	"concordat/game"
)

// seenParts are the parts of a seat's view that a state rebuilt from it
// (StateFromView) holds as read, because they come from what the state
// leaves out: the seats still writing (they depend on other powers'
// readiness and, under Fog of War, on units the seat does not see).
type seenParts struct {
	waiting []string
}

// StateFromView rebuilds, from seat's view (View encoded as JSON, as the
// API serves it), a state holding only what that seat sees: the game's
// options, the board as the seat sees it (under Fog of War only the
// provinces it sees; the map with its holes and edits), the history as it
// was shown to it, and the seat's own orders, readiness, orders ahead and
// due (Crystal Ball), event (Seismic), protected centre (Black Hole),
// treasury and offers (Payola), preference list (Anarchy), treasury and
// bids (Intimate), and what is public (this year's control, the drafted
// homes, the Double Diplomacy seats). Other powers' orders, readiness and
// secret choices are absent, and so is the game's random generator.
// Under Reverse Gunboat the seat's power is not known to it, and no seat
// has a power in the rebuilt state until the game is over.
//
// View and Legal of the rebuilt state for seat are View and Legal of the
// real one (the tests check it over played games); the state is for a
// bot outside the server (game.ViewBot) and is not to be played on:
// Pending lists the seat's own decision only where the seat can tell what
// it owes. It fails, naming the problem, for a view that is not a
// standard-engine Diplomacy seat's view.
func StateFromView(view []byte, seat game.Seat) (*GameState, error) {
	var v seatViewJSON
	if err := json.Unmarshal(view, &v); err != nil {
		return nil, fmt.Errorf("diplomacy view: %w", err)
	}
	if v.Options == nil {
		return nil, fmt.Errorf("diplomacy view: no \"options\" (a server older than this bot, or not a Diplomacy view)")
	}
	s, err := Rules{}.Setup(game.Config{Variant: v.Variant, Options: v.Options}, 0)
	if err != nil {
		return nil, fmt.Errorf("diplomacy view: %w", err)
	}
	gs := state(s)
	if gs.Pos.Map.ID != v.Variant {
		return nil, fmt.Errorf("diplomacy view: variant %q, but its options make it %q", v.Variant, gs.Pos.Map.ID)
	}
	m, err := mapFromJSON(gs.Pos.Map.Base(), gs.Settings, v.Board.Holes, v.Board.Edits)
	if err != nil {
		return nil, fmt.Errorf("diplomacy view: %w", err)
	}

	// The seat's power: none known under Reverse Gunboat while it runs.
	pw, known := NoPower, false
	switch st := gs.Seating; {
	case st == nil:
		p, ok := m.LookupPower(string(seat))
		if !ok || !gs.Settings.Played(p) {
			return nil, fmt.Errorf("diplomacy view: %q is not a power of this game", seat)
		}
		pw, known = p, true
	default:
		p, ok := st.Power[seat]
		if !ok {
			return nil, fmt.Errorf("diplomacy view: %q is not a seat of this game", seat)
		}
		if gs.Settings.ReverseGunboat {
			for s := range st.Power {
				st.Power[s] = NoPower
			}
			if v.Seating != nil && v.Seating.Seats != nil { // the game is over: the assignment is public
				for s, name := range v.Seating.Seats {
					q, ok := m.LookupPower(name)
					if _, seated := st.Power[game.Seat(s)]; !ok || !seated {
						return nil, fmt.Errorf("diplomacy view: seating: %s: %q", s, name)
					}
					st.Power[game.Seat(s)] = q
				}
			}
		} else {
			pw, known = p, true
		}
		if v.Seating == nil || v.Seating.Seat != string(seat) {
			return nil, fmt.Errorf("diplomacy view: not the view of seat %q", seat)
		}
		st.Orders, st.Ready = map[game.Seat][]string{}, map[game.Seat]bool{}
		if v.Orders != nil {
			st.Orders[seat] = append([]string{}, v.Orders...)
		}
		if v.Ready {
			st.Ready[seat] = true
		}
	}
	name := ""
	if known {
		name = m.PowerName(pw)
	}

	if gs.Anarchy != nil {
		if v.Anarchy == nil {
			return nil, fmt.Errorf("diplomacy view: an Anarchy game's view without its draft")
		}
		aj := &anarchyJSON{Drafting: v.Anarchy.Drafting, Homes: v.Anarchy.Homes}
		if v.Anarchy.Preferences != nil && known {
			aj.Prefs = map[string][]string{name: v.Anarchy.Preferences}
		}
		if m, err = gs.Anarchy.restore(m, aj); err != nil {
			return nil, fmt.Errorf("diplomacy view: %w", err)
		}
	}
	if gs.Pos, err = ParsePosition(m, v.Board); err != nil {
		return nil, fmt.Errorf("diplomacy view: board: %w", err)
	}
	gs.History = v.History
	gs.Seismic = v.Seismic
	gs.seen = &seenParts{waiting: append([]string{}, v.Waiting...)}
	if known && gs.Seating == nil {
		if v.Orders != nil {
			gs.Orders[pw] = append([]string{}, v.Orders...)
		}
		if v.Ready {
			gs.Ready[pw] = true
		}
		if v.Ahead != nil {
			gs.Ahead[pw] = append([]string{}, v.Ahead...)
		}
		if v.Due != nil {
			gs.Due[pw] = append([]string{}, v.Due...)
		}
		if v.Event != "" {
			gs.Events[pw] = v.Event
		}
	}
	if v.Protect != "" && known {
		l, ok := m.locByID(v.Protect)
		if !ok {
			return nil, fmt.Errorf("diplomacy view: protect: unknown province %q", v.Protect)
		}
		gs.Protect[pw] = m.Prov(l)
	}
	if p := gs.Payola; p != nil {
		p.Treasury, p.Offers, p.Last = map[Power]int{}, map[Power][]Offer{}, map[Power][]OfferResult{}
		if v.Payola != nil && known {
			p.Treasury[pw] = v.Payola.Treasury
			if v.Payola.Offers != nil {
				p.Offers[pw] = append([]Offer{}, v.Payola.Offers...)
			}
			if v.Payola.Last != nil {
				p.Last[pw] = append([]OfferResult{}, v.Payola.Last...)
			}
		}
	}
	if in := gs.Intimate; in != nil {
		if v.Intimate == nil {
			return nil, fmt.Errorf("diplomacy view: an Intimate game's view without its bidding")
		}
		ij := &intimateJSON{Bidding: v.Intimate.Bidding, Treasury: map[string]int{}, Control: v.Intimate.Control}
		if v.Intimate.Treasury != nil && known {
			ij.Treasury[name] = *v.Intimate.Treasury
			if v.Intimate.Bids != nil {
				ij.Bids = map[string]map[string]int{name: v.Intimate.Bids}
			}
		}
		if err := in.restore(m, ij); err != nil {
			return nil, fmt.Errorf("diplomacy view: %w", err)
		}
	}
	return gs, nil
}
