package diplomacy

import (
	"testing"

	"concordat/game"
)

// Heptarchy IV asks 19 centres of the 38 on its data, so two powers can
// reach 19 at once: the one with more centres wins; on a tie nobody has won
// yet and the game goes on (docs/variants.md).
func TestTwoPowersAtTheVictoryCount(t *testing.T) {
	m, err := LoadMap("heptarchy_iv")
	if err != nil {
		t.Fatal(err)
	}
	var centres []Province
	for i, pr := range m.Provinces {
		if pr.Center {
			centres = append(centres, Province(i))
		}
	}
	if len(centres) != 38 || m.Victory != 19 {
		t.Fatalf("heptarchy_iv: %d centres, %d to win; want 38 and 19", len(centres), m.Victory)
	}
	split := func(a, b int) *Position {
		pos := NewPosition(m)
		for k, p := range centres {
			switch {
			case k < a:
				pos.Owners[p] = 0
			case k < a+b:
				pos.Owners[p] = 1
			}
		}
		return pos
	}
	if w := split(19, 19).Winner(); w != NoPower {
		t.Errorf("19 and 19: %s wins, want nobody", m.PowerName(w))
	}
	if w := split(19, 18).Winner(); w != 0 {
		t.Errorf("19 and 18: winner %v, want the first power", w)
	}
	if w := split(18, 20).Winner(); w != 1 {
		t.Errorf("18 and 20: winner %v, want the second power", w)
	}
	if w := split(18, 18).Winner(); w != NoPower {
		t.Errorf("18 and 18: winner %v", w)
	}
	// Through the contract: a tie at 19 is no end of the game.
	var r Rules
	s, err := r.Setup(game.Config{Variant: "heptarchy_iv"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := state(s)
	tied := split(19, 19)
	copy(gs.Pos.Owners, tied.Owners)
	if over, _ := r.Over(s); over || len(r.Pending(s)) == 0 {
		t.Errorf("a tie at 19 ended the game (over %v, %d prompts)", over, len(r.Pending(s)))
	}
	gs.Pos.Owners[centres[0]] = 1 // 18 and 20
	if over, res := r.Over(s); !over || res != m.Powers[1].Name+" wins" {
		t.Errorf("18 and 20: over %v, %q", over, res)
	}
}
