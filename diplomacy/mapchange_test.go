package diplomacy

import (
	"strings"
	"testing"

	"concordat/game"
)

// randomChoice walks an options tree at random to a leaf and returns the
// words it chose.
func randomChoice(opts game.Options, rng *game.RNG) string {
	if len(opts.Choices) == 0 {
		return ""
	}
	var words []string
	cs := opts.Choices
	for len(cs) > 0 {
		c := cs[rng.Intn(len(cs))]
		words = append(words, c.Value)
		cs = c.Next
	}
	return strings.Join(words, " ")
}

// playContract plays up to steps phases of a seeded random game through the
// game contract: every unit a random legal order, every power a random
// seismic event from Legal in a seismic phase. It checks the board and the
// map after each phase and returns how many phases it played.
func playContract(t *testing.T, s game.State, seed uint64, steps int) int {
	t.Helper()
	var r Rules
	rng := game.NewRNG(seed)
	n := 0
	for ; n < steps; n++ {
		if over, _ := r.Over(s); over {
			break
		}
		gs := s.(*GameState)
		if gs.Seismic {
			for _, seat := range r.Seats(s) {
				ev := randomChoice(r.Legal(s, seat), &rng)
				if ev == "" {
					continue
				}
				if _, _, err := r.Apply(s, seat, game.NewAction("event", map[string]string{"event": ev})); err != nil {
					t.Fatalf("%s: Legal offered %q: %v", seat, ev, err)
				}
			}
		} else {
			gen := NewGenerator(gs.Pos.Map)
			by := map[Power][]string{}
			for _, o := range RandomOrders(gen.Orders(gs.Pos, NoPower), &rng, nil) {
				by[o.Power] = append(by[o.Power], o.Order.String(gs.Pos.Map))
			}
			for i := range gs.Pos.Map.Powers {
				pw := Power(i)
				if texts, ok := by[pw]; ok && gs.Settings.Played(pw) {
					if _, _, err := r.Apply(s, game.Seat(gs.Pos.Map.PowerName(pw)), orders(texts...)); err != nil {
						t.Fatalf("%s: %v", gs.Pos.Phase, err)
					}
				}
			}
		}
		if _, _, err := r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
		gs = s.(*GameState)
		checkPositionInvariants(t, gs.Pos)
		checkMapInvariants(t, gs.Pos)
	}
	return n
}

// checkMapInvariants checks a (possibly edited) map and the position on it:
// borders are symmetric, nothing touches a destroyed province, the position
// has a slot per province, and victory is within reach.
func checkMapInvariants(t testing.TB, pos *Position) {
	t.Helper()
	m := pos.Map
	if len(pos.Units) != len(m.Provinces) || len(pos.Owners) != len(m.Provinces) {
		t.Fatalf("position has %d/%d slots for %d provinces", len(pos.Units), len(pos.Owners), len(m.Provinces))
	}
	for p := range m.Provinces {
		for _, q := range m.ArmyNeighbours(Province(p)) {
			if !m.ArmyAdjacent(q, Province(p)) || m.Swallowed(q) || m.Swallowed(Province(p)) {
				t.Fatalf("army border %s-%s is one-way or touches a hole", m.ProvName(Province(p)), m.ProvName(q))
			}
		}
		if m.Swallowed(Province(p)) && (pos.Units[p].Type != NoUnit || pos.Owners[p] != NoPower) {
			t.Fatalf("%s is destroyed but holds a unit or an owner", m.ProvName(Province(p)))
		}
	}
	for l := range m.Locs {
		if m.Locs[l].ID == "" || (m.Locs[l].Coast == "" && int(m.Locs[l].Prov) != l) {
			t.Fatalf("location %d (%q) is misfiled", l, m.Locs[l].ID)
		}
		for _, k := range m.FleetNeighbours(Loc(l)) {
			if !m.FleetAdjacent(k, Loc(l)) {
				t.Fatalf("fleet border %s-%s is one-way", m.LocName(Loc(l)), m.LocName(k))
			}
		}
	}
	centres := 0
	for i, p := range m.Provinces {
		if p.Center && !m.Swallowed(Province(i)) {
			centres++
		}
	}
	if m.majority && m.Victory != centres/2+1 {
		t.Fatalf("victory %d with %d centres", m.Victory, centres)
	}
}
