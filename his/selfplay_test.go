package his

import (
	"fmt"
	"testing"

	"concordat/game"
)

// TestRandomGamesInvariants plays seeded random games of every scenario
// and player count with the invariants checked after every action
// (invariants.go): none may break, be refused or stick. The full counts
// (1,000 games each) are run by `concordat his selfplay` (docs/perf.md);
// -short plays a few.
func TestRandomGamesInvariants(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 5
	}
	for seed := uint64(1); seed <= uint64(4*n); seed++ { // the 2-player variant (1517 only)
		if _, s, err := PlayRandomChecked(game.Config{Options: map[string]string{"players": "2"}}, seed); err != nil || s.Phase != PhaseOver {
			t.Fatalf("2 players, seed %d: %v", seed, err)
		}
	}
	for _, sc := range Scenarios {
		for _, players := range PlayerCounts {
			cfg := game.Config{Variant: sc, Options: map[string]string{"players": fmt.Sprint(players)}}
			for seed := uint64(1); seed <= uint64(n); seed++ {
				_, s, err := PlayRandomChecked(cfg, seed*1000+uint64(players))
				if err != nil {
					t.Fatalf("%s, %d players: %v", sc, players, err)
				}
				if s.Phase != PhaseOver {
					t.Fatalf("%s, %d players, seed %d: not over", sc, players, seed)
				}
			}
		}
	}
}
