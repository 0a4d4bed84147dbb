package diplomacy

import (
	"testing"

	"concordat/game"
)

// TestEveryMapPlaysASeededRandomGame plays, on every embedded map, a seeded
// random game (every unit a random legal order) for twenty years or to a
// win, checking after each phase that every generated order was valid and
// the board is sound; then the same game through the game contract with
// Fog of War and Black Hole, which changes the map as it goes; then short
// games with each variant of ordervariants.go (Reverse Gunboat, Double
// Diplomacy, Payola, Anarchy, Intimate), replayed and round-tripped
// (playVariantGame).
func TestEveryMapPlaysASeededRandomGame(t *testing.T) {
	for _, id := range MapIDs() {
		t.Run(id, func(t *testing.T) {
			m, err := LoadMap(id)
			if err != nil {
				t.Fatal(err)
			}
			phases := 0
			playRandom(t, m, Edition2023, 11, m.Start.Year+20, func(before *Position, orders []OrderIn, out []Outcome, after *Position) {
				phases++
				for i, o := range out {
					if o.Result == Invalid {
						t.Fatalf("%s: generated order %q is invalid: %s", before.Phase, orders[i].Order.String(m), o.Text(m))
					}
				}
				checkPositionInvariants(t, after)
			})
			if phases < 10 {
				t.Fatalf("only %d phases", phases)
			}
			// Then through the game contract with the variants that change
			// the map as the game goes.
			var r Rules
			for _, opts := range []map[string]string{
				{"fog": "true", "black_hole": "true"},
				{"seismic": "true"},
				{"schizo": "true"},
				{"seismic": "true", "schizo": "true", "black_hole": "true", "fog": "true"},
			} {
				s, err := r.Setup(game.Config{Variant: id, Options: opts}, 11)
				if err != nil {
					t.Fatal(err)
				}
				playContract(t, s, 11, 40)
			}
			for _, k := range orderVariantKeys {
				playVariantGame(t, game.Config{Variant: id, Options: variantOptions(m, k)}, 11, 8)
			}
		})
	}
}
