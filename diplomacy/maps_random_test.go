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
			var r Rules
			s, err := r.Setup(game.Config{Variant: id, Options: map[string]string{"fog": "true", "black_hole": "true"}}, 11)
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRNG(11)
			for step := 0; step < 40; step++ {
				if over, _ := r.Over(s); over {
					break
				}
				gs := s.(*GameState)
				gen := NewGenerator(gs.Pos.Map)
				by := map[Power][]string{}
				for _, o := range RandomOrders(gen.Orders(gs.Pos, NoPower), &rng, nil) {
					by[o.Power] = append(by[o.Power], o.Order.String(gs.Pos.Map))
				}
				for pw, texts := range by {
					if !gs.Settings.Played(pw) {
						continue
					}
					if _, _, err := r.Apply(s, game.Seat(gs.Pos.Map.PowerName(pw)), orders(texts...)); err != nil {
						t.Fatalf("%s: %v", gs.Pos.Phase, err)
					}
				}
				if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
					t.Fatal(err)
				}
				checkPositionInvariants(t, s.(*GameState).Pos)
			}
			for _, k := range orderVariantKeys {
				playVariantGame(t, game.Config{Variant: id, Options: variantOptions(m, k)}, 11, 8)
			}
		})
	}
}
