package hosted

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

// tally counts, over a game's history, the orders found invalid and the
// Multiplicity MERGE and SPLIT orders.
func tally(st game.State) (invalid, mergeSplit int, lines []string) {
	var recs [][]diplomacy.OrderResultJSON
	switch gs := st.(type) {
	case *diplomacy.GameState:
		for _, r := range gs.History {
			recs = append(recs, r.Orders)
		}
	case *multiplicity.GameState:
		for _, r := range gs.History {
			recs = append(recs, r.Orders)
		}
	}
	for _, rec := range recs {
		for _, o := range rec {
			if o.Result == "invalid" {
				invalid++
				lines = append(lines, o.Order+": "+o.Reason)
			}
			if strings.Contains(o.Order, "MERGE") || strings.Contains(o.Order, "SPLIT") {
				mergeSplit++
			}
		}
	}
	return invalid, mergeSplit, lines
}

// invalidOrders are the orders of a game's history found invalid, except,
// under Crystal Ball, those written ahead for a unit that was not where
// its writer expected it when they fell due (the variant's own risk: "no
// unit", "not yours", "not an army", "no unit to support"): every other
// invalid order is one the writer could have known was wrong.
func invalidOrders(st game.State) (int, []string) {
	_, _, lines := tally(st)
	gs, ok := st.(*diplomacy.GameState)
	if !ok || !gs.Settings.CrystalBall {
		return len(lines), lines
	}
	var out []string
	for _, l := range lines {
		_, reason, _ := strings.Cut(l, ": ")
		if strings.HasPrefix(reason, "there is no unit at ") || strings.HasSuffix(reason, " is not yours") ||
			strings.HasSuffix(reason, " is not an army") || strings.HasSuffix(reason, " is not a fleet") {
			continue
		}
		out = append(out, l)
	}
	return len(out), out
}

// playPhases plays up to phases windows of a game with every seat held by
// bot, failing on any answer the rules refuse (Vet or Apply); it returns
// the state reached and how many answers the bot gave.
func playPhases(t *testing.T, cfg game.Config, seed uint64, bot game.Bot, phases int) (game.State, int) {
	t.Helper()
	var r Rules
	st, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	answers := 0
	for ph := 0; ph < phases; ph++ {
		if over, _ := r.Over(st); over {
			break
		}
		for i, p := range r.Pending(st) {
			// As the server does, the seat is asked again while its
			// prompt stays unsubmitted (a decision of several actions:
			// Payola's offers, then orders; Crystal Ball's orders, then
			// orders ahead).
			for k := 0; k < 4; k++ {
				rng := game.BotRNG(seed, int64(ph*1000+i*10+k))
				a, err := bot.BotAction(st, p.Seat, &rng)
				if err != nil {
					break
				}
				if err := r.Vet(st, p.Seat, a); err != nil {
					t.Fatalf("%+v %s: answer refused by Vet: %v (%s)", cfg, p.Seat, err, a.Args)
				}
				if _, _, err := r.Apply(st, p.Seat, a); err != nil {
					t.Fatalf("%+v %s: answer refused: %v (%s)", cfg, p.Seat, err, a.Args)
				}
				answers++
				if submitted(r.Pending(st), p.Seat) {
					break
				}
			}
		}
		if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
	return st, answers
}

// submitted reports whether seat's prompt in ps is submitted (or seat owes
// nothing any more).
func submitted(ps []game.Prompt, seat game.Seat) bool {
	for _, p := range ps {
		if p.Seat == seat {
			return p.Submitted
		}
	}
	return true
}

// The kinds: random first (the default), then heuristic and search; an
// unknown kind is refused.
func TestBotKinds(t *testing.T) {
	var r Rules
	if got := r.BotKinds(); !slices.Equal(got, []string{"random", "heuristic", "search"}) {
		t.Fatalf("kinds %v", got)
	}
	for _, k := range r.BotKinds() {
		if _, ok := r.BotOf(k); !ok {
			t.Fatalf("no bot of kind %q", k)
		}
	}
	if _, ok := r.BotOf("genius"); ok {
		t.Fatal("a bot of an unknown kind")
	}
}

// The heuristic kind plays every one of the 48 maps for a year and a half
// (six windows, adjustments included where they come) with every answer
// accepted and no order found invalid; each map's bots give answers.
func TestHeuristicAllMaps(t *testing.T) {
	bot, _ := Rules{}.BotOf(KindHeuristic)
	ids := diplomacy.MapIDs()
	if len(ids) != 48 {
		t.Fatalf("%d maps, want 48", len(ids))
	}
	phases := 6
	if testing.Short() {
		phases = 3
	}
	for _, id := range ids {
		st, n := playPhases(t, game.Config{Variant: id}, 7, bot, phases)
		if n == 0 {
			t.Errorf("%s: the bot gave no answer", id)
		}
		if bad, _, lines := tally(st); bad > 0 {
			t.Errorf("%s: %d invalid orders: %v", id, bad, lines)
		}
	}
}

// variantConfigs are the rule variants the bots are checked on: Fog of
// War, Catspaw (with three players, so there are unplayed units to write
// extra orders for), an older edition, Multiplicity (its start choice,
// merges and splits) with and without fog, and the variants with
// decisions of their own (Payola, Double Diplomacy, Reverse Gunboat,
// Crystal Ball, Anarchy, Intimate, Seismic, Black Hole), some under fog
// and some combined.
var variantConfigs = []game.Config{
	{Options: map[string]string{"fog": "true"}},
	{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}},
	{Options: map[string]string{"rules": "1971"}},
	{Options: map[string]string{"multiplicity": "true"}},
	{Options: map[string]string{"multiplicity": "true", "fog": "true"}},
	{Variant: "chaos", Options: map[string]string{"multiplicity": "true"}},
	{Options: map[string]string{"payola": "true"}},
	{Options: map[string]string{"payola": "true", "fog": "true"}},
	{Options: map[string]string{"double": "true"}},
	{Options: map[string]string{"double": "true", "fog": "true"}},
	{Options: map[string]string{"reverse_gunboat": "true"}},
	{Options: map[string]string{"black_hole": "true", "fog": "true"}},
	{Options: map[string]string{"crystal_ball": "true"}},
	{Options: map[string]string{"crystal_ball": "true", "fog": "true"}},
	{Options: map[string]string{"anarchy": "true"}},
	{Options: map[string]string{"intimate": "true", "players": "england,turkey"}},
	{Options: map[string]string{"intimate": "true", "players": "france,russia", "fog": "true"}},
	{Options: map[string]string{"seismic": "true"}},
	{Options: map[string]string{"seismic": "true", "fog": "true", "schizo": "true"}},
	{Options: map[string]string{"payola": "true", "black_hole": "true"}},
	{Options: map[string]string{"double": "true", "black_hole": "true", "fog": "true"}},
	{Options: map[string]string{"anarchy": "true", "crystal_ball": "true", "fog": "true"}},
	{Options: map[string]string{"reverse_gunboat": "true", "schizo": "true"}},
}

// Every variant accepts the heuristic's answers over two game years (a
// seat asked again while its prompt is unsubmitted, as the server does),
// and none of its orders is found invalid when the phase resolves; the
// search kind (bounded by iterations, no clock) the same on the standard
// game, Catspaw and the variants with decisions of their own.
func TestBotsVariants(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	search, _ := Rules{}.BotWithin(KindSearch, 0, 2)
	phases := 12
	if testing.Short() {
		phases = 7
	}
	for _, cfg := range variantConfigs {
		st, n := playPhases(t, cfg, 3, heur, phases)
		if n == 0 {
			t.Errorf("%+v: no answer", cfg)
		}
		if bad, lines := invalidOrders(st); bad > 0 {
			t.Errorf("%+v: %d invalid orders: %v", cfg, bad, lines)
		}
	}
	// Multiplicity over four years: the heuristic merges and splits.
	st, _ := playPhases(t, variantConfigs[3], 3, heur, 16)
	if _, ms, _ := tally(st); ms == 0 {
		t.Error("Multiplicity: no MERGE or SPLIT in four years")
	}
	searchPhases := 5
	if testing.Short() {
		searchPhases = 3
	}
	for i, cfg := range variantConfigs {
		if i > 1 && i < 6 {
			continue // the edition and Multiplicity: the heuristic's play, checked above
		}
		st, n := playPhases(t, cfg, 3, search, searchPhases)
		if n == 0 {
			t.Errorf("search %+v: no answer", cfg)
		}
		if bad, lines := invalidOrders(st); bad > 0 {
			t.Errorf("search %+v: %d invalid orders: %v", cfg, bad, lines)
		}
	}
}

// Catspaw: with England, France and Turkey played, France at the start may
// write up to six extra orders for the unplayed powers' units; the
// heuristic uses some (supports of its own moves by German or Italian
// units next to them), within the quota, and the seat's submission is
// accepted.
func TestHeuristicCatspawExtras(t *testing.T) {
	var r Rules
	st, err := r.Setup(game.Config{Options: map[string]string{"catspaw": "true", "players": "england,france,turkey"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	bot, _ := r.BotOf(KindHeuristic)
	rng := game.BotRNG(4, 0)
	a, err := bot.BotAction(st, "france", &rng)
	if err != nil {
		t.Fatal(err)
	}
	var args struct{ Orders []string }
	if err := json.Unmarshal(a.Args, &args); err != nil {
		t.Fatal(err)
	}
	gs := st.(*diplomacy.GameState)
	m := gs.Pos.Map
	fr, _ := m.LookupPower("france")
	extra := 0
	for _, text := range args.Orders {
		o, err := m.ParseOrder(text)
		if err != nil {
			t.Fatal(err)
		}
		u, ok := gs.Pos.UnitAt(m.Prov(o.At))
		if !ok {
			t.Fatalf("%q: no unit", text)
		}
		if u.Power != fr {
			if gs.Settings.Played(u.Power) {
				t.Fatalf("%q: an order for a played power's unit", text)
			}
			extra++
		}
	}
	if extra == 0 || extra > 6 {
		t.Fatalf("%d extra orders in %v, want 1 to 6", extra, args.Orders)
	}
	if err := r.Vet(st, "france", a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(st, "france", a); err != nil {
		t.Fatal(err)
	}
}
