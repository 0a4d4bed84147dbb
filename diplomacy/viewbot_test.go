package diplomacy

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"concordat/game"
)

// TestViewBotPlays: the view bot, given only each seat's view and legal
// tree, writes orders the rules take whole (Vet accepts them, Check finds
// none invalid) through ten years of a standard game and of a Fog of War
// game: one order per unit in movement and retreats, and in adjustments as
// many builds or disbands as owed (up to the places free).
func TestViewBotPlays(t *testing.T) {
	for _, opts := range []map[string]string{nil, {"fog": "true"}} {
		r := Rules{}
		s, err := r.Setup(game.Config{Options: opts}, 3)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(9)
		builds, disbands := 0, 0
		for step := 0; step < 50; step++ {
			if over, _ := r.Over(s); over {
				break
			}
			for _, p := range r.Pending(s) {
				legal := r.Legal(s, p.Seat)
				view, err := json.Marshal(r.View(s, p.Seat))
				if err != nil {
					t.Fatal(err)
				}
				a, err := r.BotActionFromView(view, legal, p.Seat, &rng)
				if err != nil {
					t.Fatalf("%v: %s: %v", opts, p.Seat, err)
				}
				if err := r.Vet(s, p.Seat, a); err != nil {
					t.Fatalf("%v: %s: Vet refused %s: %v", opts, p.Seat, a.Args, err)
				}
				for _, c := range r.Check(s, p.Seat, a) {
					if !c.Valid {
						t.Fatalf("%v: %s: invalid order %q: %s", opts, p.Seat, c.Item, c.Reason)
					}
				}
				var args struct{ Orders []string }
				json.Unmarshal(a.Args, &args)
				units, owed := 0, 0
				for _, root := range legal.Choices {
					if m := owedRE.FindStringSubmatch(root.Label); m != nil {
						n, _ := strconv.Atoi(m[1])
						owed += min(n, len(root.Next))
					} else if root.Value != "Waive" && !strings.HasPrefix(root.Label, "extra") {
						units++
					}
				}
				if len(args.Orders) != units+owed && owed == 0 {
					t.Fatalf("%v: %s: %d orders for %d units: %v", opts, p.Seat, len(args.Orders), units, args.Orders)
				}
				for _, o := range args.Orders {
					switch {
					case strings.HasPrefix(o, "Build "):
						builds++
					case strings.HasPrefix(o, "Disband "):
						disbands++
					}
				}
				if s, _, err = r.Apply(s, p.Seat, a); err != nil {
					t.Fatalf("%v: %s: Apply: %v", opts, p.Seat, err)
				}
			}
			if s, _, err = r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
				t.Fatal(err)
			}
		}
		if builds == 0 {
			t.Fatalf("%v: no build in ten years of play", opts)
		}
		t.Logf("%v: %d builds, %d disbands", opts, builds, disbands)
	}
}
