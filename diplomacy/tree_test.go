package diplomacy

import (
	"strings"
	"testing"

	"concordat/game"
)

// seatPower is the power whose units a seat orders (its own).
func seatPower(gs *GameState, seat game.Seat) Power {
	if gs.Seating != nil {
		return gs.Seating.Power[seat]
	}
	pw, _ := gs.Pos.Map.LookupPower(string(seat))
	return pw
}

// TestLegalTreeIsACleanContract walks every seat's whole tree, in seeded
// random games on every map (and with the variants that shape the tree),
// phase after phase: every path, its values joined by single spaces, is an
// order the parser reads and the submission takes (no refusal by Vet or
// Apply); no value is empty; the paths spell exactly the
// generator's legal orders for the seat's units (support to hold included);
// and a list of one random path per root is judged valid by Check.
func TestLegalTreeIsACleanContract(t *testing.T) {
	type play struct {
		cfg    game.Config
		phases int
	}
	var plays []play
	for _, id := range MapIDs() {
		plays = append(plays, play{game.Config{Variant: id}, 7})
	}
	plays = append(plays,
		play{game.Config{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}, 14},
		play{game.Config{Options: map[string]string{"reverse_gunboat": "true"}}, 7},
		play{game.Config{Options: map[string]string{"intimate": "true", "players": "england,france"}}, 14},
		play{game.Config{Options: map[string]string{"payola": "true"}}, 7},
		play{game.Config{Options: map[string]string{"fog": "true"}}, 7})
	if testing.Short() {
		plays = plays[len(plays)-8:]
	}
	var r Rules
	kinds := map[PhaseType]int{}
	for pi, p := range plays {
		s, err := r.Setup(p.cfg, uint64(pi)+3)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		rng := game.NewRNG(uint64(pi))
		for phase := 0; phase < p.phases; phase++ {
			if over, _ := r.Over(s); over {
				break
			}
			for _, pr := range r.Pending(s) {
				walkTree(t, s, pr.Seat, &rng, p.cfg.Options == nil || p.cfg.Options["fog"] == "true", kinds)
			}
			if phase == 1 && gs.Pos.Phase.Type == Movement && gs.Seating == nil {
				// A retreat phase made up on this board: a unit of the first
				// seat is dislodged, free to go wherever it could move.
				c := r.Clone(s)
				cs := state(c)
				if retreatBoard(cs, seatPower(cs, r.Seats(c)[0])) {
					walkTree(t, c, r.Seats(c)[0], &rng, true, kinds)
				}
			}
			for _, st := range gs.RandomActions(&rng) {
				if st.Action.Type != "orders" { // the variants' own decisions
					applied(t, s, st.Seat, st.Action)
				}
			}
			applied(t, s, game.System, game.Action{Type: game.Advance})
		}
	}
	if kinds[Movement] == 0 || kinds[Retreat] == 0 || kinds[Adjustment] == 0 {
		t.Errorf("phase kinds walked: %v", kinds)
	}
	t.Logf("trees walked: %d movement, %d retreat, %d adjustment", kinds[Movement], kinds[Retreat], kinds[Adjustment])
}

// checkValues fails when a value of the tree under c is empty.
func checkValues(t *testing.T, id string, c game.Choice) {
	t.Helper()
	if c.Value == "" {
		t.Fatalf("%s: an empty value", id)
	}
	for _, n := range c.Next {
		checkValues(t, id, n)
	}
}

func TestLegalTreeOffersSupportToHold(t *testing.T) {
	var r Rules
	s, _ := r.Setup(game.Config{}, 1)
	var paths []string
	treePaths(r.Legal(s, "england").Choices, "", &paths)
	found := map[string]bool{}
	for _, p := range paths {
		found[p] = true
	}
	for _, want := range []string{"A lvp S F edi H", "F lon S F edi - nth", "A lvp - edi", "F lon H"} {
		if !found[want] {
			t.Errorf("%q is not a path of England's tree", want)
		}
	}
	for _, p := range paths {
		if strings.HasSuffix(p, " S F edi") || strings.HasSuffix(p, " S A lvp") {
			t.Errorf("%q: a support to hold ends with H", p)
		}
	}
}

// Catspaw: the tree tells the player's own units from extra orders, with the
// quota; a player who may write an extra build is asked for it.
func TestCatspawTree(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	opts := r.Legal(s, "england")
	var own, extra []string
	var mun *game.Choice
	for i, c := range opts.Choices {
		if strings.HasPrefix(c.Label, "extra (5 allowed): ") {
			extra = append(extra, c.Value)
			if c.Value == "A mun" {
				mun = &opts.Choices[i]
			}
		} else if c.Label == c.Value {
			own = append(own, c.Value)
		} else {
			t.Errorf("root %q labelled %q", c.Value, c.Label)
		}
	}
	if strings.Join(own, ",") != "F edi,F lon,A lvp" || len(extra) != 13 || mun == nil || mun.Label != "extra (5 allowed): A mun (Germany)" {
		t.Fatalf("own %v, extra %v (%d)", own, extra, len(extra))
	}
	var paths []string
	treePaths([]game.Choice{*mun}, "", &paths)
	for _, p := range paths {
		if p == "A mun - kie" || p == "A mun S A ber - kie" {
			t.Errorf("rule 9: %q dislodges its own power's unit", p)
		}
	}
	if pr := r.Pending(s); !strings.Contains(pr[0].Text, "up to 5 extra orders") {
		t.Errorf("prompt %q", pr[0].Text)
	}
	// Winter: Germany (unplayed) is owed builds; England has nothing of its
	// own to adjust but may write one extra build: it is asked, and its
	// tree has that build only.
	gs := state(s)
	gs.Pos = mustPosition(t, gs.Pos.Map, `{"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		"units": [{"power": "england", "type": "fleet", "at": "lon"}, {"power": "germany", "type": "army", "at": "hol"},
		  {"power": "france", "type": "army", "at": "par"}, {"power": "turkey", "type": "army", "at": "con"}],
		"centers": {"lon": "england", "ber": "germany", "kie": "germany", "hol": "germany", "par": "france", "con": "turkey"}}`)
	var seats []string
	for _, p := range r.Pending(s) {
		seats = append(seats, string(p.Seat))
		if !strings.Contains(p.Text, "one extra build") {
			t.Errorf("%s: prompt %q", p.Seat, p.Text)
		}
	}
	if strings.Join(seats, ",") != "england,france,turkey" {
		t.Errorf("pending %v", seats)
	}
	opts = r.Legal(s, "england")
	if len(opts.Choices) != 1 || opts.Choices[0].Value != "Build" || opts.Choices[0].Label != "extra (1 allowed): build for Germany (2 owed)" {
		t.Fatalf("england's winter tree: %+v", opts.Choices)
	}
	applied(t, s, "england", orders("Build A ber"))
	applied(t, s, "france", orders("Build F kie"))
	applied(t, s, game.System, game.Action{Type: game.Advance})
	m := gs.Pos.Map
	if gs.Pos.Units[mustProv(t, m, "ber")].Type != Army || gs.Pos.Units[mustProv(t, m, "kie")].Type != Fleet {
		t.Errorf("Germany's builds were not made: %+v", PositionJSON(gs.Pos).Units)
	}
}

// A finished game owes nothing: no prompts, an empty tree for every seat,
// no window.
func TestFinishedGameOwesNothing(t *testing.T) {
	var r Rules
	for _, cfg := range []game.Config{{}, {Options: map[string]string{"reverse_gunboat": "true"}},
		{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}} {
		s, _ := r.Setup(cfg, 1)
		gs := state(s)
		m := gs.Pos.Map
		n := 0
		for i, pr := range m.Provinces {
			if pr.Center && n < m.Victory {
				gs.Pos.Owners[i] = powerOf(t, m, "england")
				n++
			}
		}
		if over, _ := r.Over(s); !over {
			t.Fatalf("%v: not over", cfg.Options)
		}
		if p := r.Pending(s); len(p) != 0 {
			t.Errorf("%v: pending %+v", cfg.Options, p)
		}
		for _, seat := range append(r.Seats(s), game.System) {
			if l := r.Legal(s, seat); len(l.Choices) != 0 {
				t.Errorf("%v: %s has %d choices", cfg.Options, seat, len(l.Choices))
			}
		}
		if w := r.Window(s); w != "" {
			t.Errorf("%v: window %q", cfg.Options, w)
		}
		if v := r.View(s, "england"); v == nil {
			t.Error("no view")
		}
	}
}

// walkTree checks seat's whole tree in s (see TestLegalTreeIsACleanContract);
// exact: the paths must be exactly the generator's orders for the seat's
// own units. It applies one random path per root for the seat.
func walkTree(t *testing.T, s game.State, seat game.Seat, rng *game.RNG, exact bool, kinds map[PhaseType]int) {
	t.Helper()
	var r Rules
	gs := state(s)
	pr := game.Prompt{Seat: seat}
	opts := r.Legal(s, pr.Seat)
	if opts.Kind != "orders" {
		return // the variants' own windows: events, preferences, bids
	}
	kinds[gs.Pos.Phase.Type]++
	m := gs.Pos.Map
	var paths []string
	for _, root := range opts.Choices {
		if root.Value == "offer" { // Payola: the orders an offer may name
			treePaths(root.Next, "", &paths)
			continue
		}
		var sub []string
		treePaths([]game.Choice{root}, "", &sub)
		for _, path := range sub {
			if path != strings.Join(strings.Fields(path), " ") || strings.Contains(path, "  ") {
				t.Fatalf("%s: path %q is not single-spaced", m.ID, path)
			}
		}
		paths = append(paths, sub...)
		checkValues(t, m.ID, root)
	}
	got := map[Order]bool{}
	for _, path := range paths {
		o, err := m.ParseOrder(path)
		if err != nil {
			t.Fatalf("%s %s %s: path %q does not parse: %v", m.ID, gs.Pos.Phase, pr.Seat, path, err)
		}
		if err := r.Vet(s, pr.Seat, orders(path)); err != nil {
			t.Fatalf("%s %s %s: path %q refused: %v", m.ID, gs.Pos.Phase, pr.Seat, path, err)
		}
		got[o] = true
	}
	// Without the variants that add other powers' units, the
	// paths are exactly the generator's orders for the seat's own.
	if exact {
		pw := seatPower(gs, pr.Seat)
		want := map[Order]bool{}
		for _, uo := range gs.legalSeen(gs.vision(pw)) {
			if uo.Power != pw {
				continue
			}
			for _, o := range uo.Orders {
				want[o] = true
			}
		}
		for o := range want {
			if !got[o] {
				t.Fatalf("%s %s %s: legal order %q is not in the tree", m.ID, gs.Pos.Phase, pr.Seat, o.String(m))
			}
		}
		for o := range got {
			if !want[o] {
				t.Fatalf("%s %s %s: the tree offers %q, not a legal order", m.ID, gs.Pos.Phase, pr.Seat, o.String(m))
			}
		}
	}
	// One random path per root: every order valid.
	var list []string
	for _, root := range opts.Choices {
		if root.Value == "offer" {
			continue
		}
		words := []string{root.Value}
		for c := root; len(c.Next) > 0; {
			c = c.Next[rng.Intn(len(c.Next))]
			words = append(words, c.Value)
		}
		list = append(list, strings.Join(words, " "))
	}
	if gs.Settings.Catspaw {
		list = list[:0] // extra orders beyond the quota would be refused: own units only
		for _, root := range opts.Choices {
			if !strings.HasPrefix(root.Label, "extra") {
				var sub []string
				treePaths([]game.Choice{root}, "", &sub)
				list = append(list, sub[rng.Intn(len(sub))])
			}
		}
	}
	for _, v := range r.Check(s, pr.Seat, orders(list...)) {
		if !v.Valid {
			t.Fatalf("%s %s %s: the tree's %q is invalid: %s", m.ID, gs.Pos.Phase, pr.Seat, v.Item, v.Reason)
		}
	}
	if _, _, err := r.Apply(s, pr.Seat, orders(list...)); err != nil {
		t.Fatalf("%s %s %s: the tree's orders %q refused: %v", m.ID, gs.Pos.Phase, pr.Seat, list, err)
	}
}

// retreatBoard turns gs's movement phase into a retreat phase in which one
// unit of pw is dislodged, retreating wherever it could move that is empty.
func retreatBoard(gs *GameState, pw Power) bool {
	pos := gs.Pos
	for _, uo := range NewGenerator(pos.Map).Orders(pos, pw) {
		d := Dislodged{Unit: uo.Unit, AttackerFrom: pos.Map.Prov(uo.Unit.Loc)}
		for _, o := range uo.Orders {
			if o.Type == Move && !o.ViaConvoy && pos.Units[pos.Map.Prov(o.To)].Type == NoUnit {
				d.Retreats = append(d.Retreats, o.To)
			}
		}
		if len(d.Retreats) == 0 {
			continue
		}
		pos.Units[pos.Map.Prov(uo.Unit.Loc)] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		pos.Dislodged = []Dislodged{d}
		pos.Phase.Type = Retreat
		gs.Orders = map[Power][]string{}
		return true
	}
	return false
}
