package diplomacy

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"concordat/game"
)

// BotActionFromView is the random bot playing from what its seat sees
// (game.ViewBot): it needs only the seat's legal-order tree (docs/
// variants.md, "The legal-order tree"), which under Fog of War is built
// on the board the seat sees; the view is not read. For an "orders"
// decision, each root of one of the seat's units gets one order, drawn
// step by step (a uniform choice at each node of the tree, so that holds,
// moves, supports and convoys are equally likely first words); a "Build"
// or "Disband" root gets as many distinct places or units as it owes
// (its label says "(N owed)"); Catspaw's optional extra orders, builds
// left unused (they are waived) and Payola's offers are not written.
// Other decisions (Seismic, Anarchy, Intimate, a Crystal Ball phase) are
// left to their defaults: it returns an error.
func (Rules) BotActionFromView(_ json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	return RandomFromTree(legal, seat, rng)
}

var owedRE = regexp.MustCompile(`\((\d+) owed\)$`)

// RandomFromTree draws random legal orders from a seat's legal-order
// tree, as BotActionFromView does.
func RandomFromTree(legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if legal.Kind != "orders" {
		return game.Action{}, fmt.Errorf("diplomacy: %s: the view bot does not answer %q", seat, legal.Kind)
	}
	orders := []string{}
	for _, root := range legal.Choices {
		if strings.HasPrefix(root.Label, "extra (") || root.Value == "Waive" || root.Value == "offer" || len(root.Next) == 0 {
			continue
		}
		if m := owedRE.FindStringSubmatch(root.Label); m != nil && (root.Value == "Build" || root.Value == "Disband") {
			n, _ := strconv.Atoi(m[1])
			orders = append(orders, pickDistinct(root, n, rng)...)
			continue
		}
		path := []string{root.Value}
		for c := root.Next; len(c) > 0; {
			ch := c[rng.Intn(len(c))]
			path = append(path, ch.Value)
			c = ch.Next
		}
		orders = append(orders, strings.Join(path, " "))
	}
	return game.NewAction("orders", map[string][]string{"orders": orders}), nil
}

// pickDistinct draws up to n of a Build or Disband root's leaves ("A
// ber", "F stp/nc"), no two at the same province, as orders ("Build A
// ber").
func pickDistinct(root game.Choice, n int, rng *game.RNG) []string {
	cands := append([]game.Choice(nil), root.Next...)
	used := map[string]bool{}
	var out []string
	for len(out) < n && len(cands) > 0 {
		i := rng.Intn(len(cands))
		c := cands[i]
		cands = append(cands[:i], cands[i+1:]...)
		_, place, _ := strings.Cut(c.Value, " ")
		prov, _, _ := strings.Cut(place, "/")
		if used[prov] {
			continue
		}
		used[prov] = true
		out = append(out, root.Value+" "+c.Value)
	}
	return out
}

var _ game.ViewBot = Rules{}
