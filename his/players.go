package his

import (
	"fmt"
	"strconv"

	"concordat/game"
)

// Games with 3 to 5 players (RULES.md §24.3): some people hold two powers.
// Seats stay the six powers — each keeps its own hand, impulses, home
// cards, diplomacy and VP — and the game groups them: one person holds
// every seat of a group (game.Grouped). The Scenario Book's special rules
// for these games could not be determined (§27 S1); victory stays per
// power.

// playerGroups are the seat groups for 3, 4, 5 and 6 players (§24.3).
var playerGroups = map[int][][]Power{
	3: {{England, Protestant}, {Hapsburg, Papacy}, {France, Ottoman}},
	4: {{England, Protestant}, {Hapsburg, Papacy}, {France}, {Ottoman}},
	5: {{England, Protestant}, {Hapsburg}, {Papacy}, {France}, {Ottoman}},
	6: {{Ottoman}, {Hapsburg}, {England}, {France}, {Papacy}, {Protestant}},
}

// PlayerCounts lists the player counts the "players" option groups seats
// for (2 is the 2-player variant, twoplayer.go).
var PlayerCounts = []int{3, 4, 5, 6}

// parsePlayers reads the "players" option.
func parsePlayers(v string) (int, error) {
	if v == "" {
		return 6, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || playerGroups[n] == nil {
		return 0, fmt.Errorf("his: players %q: want 2, 3, 4, 5 or 6", v)
	}
	return n, nil
}

// PowerGroups is how the powers are grouped into people in s: each group
// is held by one person, in the order of §24.3's table.
func (s *State) PowerGroups() [][]Power {
	if s.Two != nil {
		return [][]Power{{Papacy}, {Protestant}} // the 2-player variant
	}
	n := s.Players
	if n == 0 {
		n = 6
	}
	return playerGroups[n]
}

var _ game.Grouped = Rules{}

// SeatGroups lists the seats one person holds together (game.Grouped):
// with 6 players each power alone; with 3 to 5 the groups of §24.3
// ("england" with "protestant", …). Every seat is in exactly one group.
func (Rules) SeatGroups(st game.State) [][]game.Seat {
	var out [][]game.Seat
	for _, g := range state(st).PowerGroups() {
		seats := make([]game.Seat, len(g))
		for i, p := range g {
			seats[i] = game.Seat(p.String())
		}
		out = append(out, seats)
	}
	return out
}
