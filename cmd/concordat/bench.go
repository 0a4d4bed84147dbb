package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"concordat/diplomacy"
	"concordat/diplomacy/hosted"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

func init() {
	register("bench", "measure the engines: bench diplomacy|his --games N --seed S", runBench)
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "his" {
		return runBenchHIS(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "diplomacy" {
		fmt.Fprintln(stderr, "usage: concordat bench diplomacy [--games N] [--seed S] [--last-year Y] [--variant MAP|all] [--rules EDITION]")
		fmt.Fprintln(stderr, "       concordat bench his [--games N] [--seed S] [--edition 500th|2010] [--turns T]")
		return 2
	}
	fs := flag.NewFlagSet("bench diplomacy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of seeded random games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	lastYear := fs.Int("last-year", 1920, "play until this year ends (relative to 1901 on maps that start elsewhere)")
	variant := fs.String("variant", "standard", "map id, or 'all' for every embedded map")
	rules := fs.String("rules", "2023", "rules edition: 1971, 1982, 2000 or 2023")
	var options optionFlags
	fs.Var(&options, "option", "a rule variant option key=value (repeatable): catspaw=true, players=a,b,c, preset=5p, fog=true, black_hole=true, crystal_ball=true, seismic=true, schizo=true, multiplicity=true, reverse_gunboat=true, double=true, payola=true, anarchy=true, intimate=true (with players=a,b); plays through the game contract")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *games <= 0 {
		fmt.Fprintln(stderr, "bench: --games must be positive")
		return 2
	}
	ed, err := diplomacy.ParseEdition(*rules)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	ids := []string{*variant}
	if *variant == "all" {
		ids = diplomacy.MapIDs()
	}
	for _, id := range ids {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 2
		}
		if len(options) > 0 {
			opts := map[string]string{}
			fs.Visit(func(f *flag.Flag) {
				if f.Name == "rules" {
					opts["rules"] = ed.String()
				}
			})
			for k, v := range options {
				opts[k] = v
			}
			if _, ok := opts[multiplicity.Option]; ok {
				if err := multiplicity.CheckMap(m); err != nil && *variant == "all" {
					fmt.Fprintf(stdout, "map %s (multiplicity): skipped: %v\n", m.ID, err)
					continue
				}
				r, err := benchMultiplicity(m, opts, *games, *seed, *lastYear-1901)
				if err != nil {
					fmt.Fprintln(stderr, "bench:", err)
					return 2
				}
				r.print(stdout, m.ID+" (multiplicity)", diplomacy.Edition1971)
				continue
			}
			set, err := diplomacy.ParseSettings(m, opts)
			if err != nil && *variant == "all" {
				// An option for some maps only (preset=5p): the others say why.
				fmt.Fprintf(stdout, "map %s: skipped: %v\n", m.ID, err)
				continue
			}
			if err != nil {
				fmt.Fprintln(stderr, "bench:", err)
				return 2
			}
			ed := set.Edition
			r, err := benchVariant(m, opts, *games, *seed, *lastYear-1901)
			if err != nil {
				fmt.Fprintln(stderr, "bench:", err)
				return 2
			}
			r.print(stdout, m.ID, ed)
			continue
		}
		r := benchDiplomacy(m, ed, *games, *seed, *lastYear-1901)
		r.print(stdout, m.ID, ed)
	}
	return 0
}

// benchResult holds what benchDiplomacy measured.
type benchResult struct {
	games, phases, movement, orders, legal int
	winners                                int
	genTime, adjTime, moveTime, total      time.Duration
	allocs                                 uint64
}

// benchDiplomacy plays seeded random games (each unit a random legal order
// each phase) and times order generation and adjudication separately.
func benchDiplomacy(m *diplomacy.Map, ed diplomacy.Edition, games int, seed uint64, years int) benchResult {
	var r benchResult
	gen := diplomacy.NewGenerator(m)
	adj := diplomacy.NewAdjudicator(m, ed)
	var orders []diplomacy.OrderIn
	out := make([]diplomacy.Outcome, 256)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocs0 := ms.Mallocs
	start := time.Now()
	for g := 0; g < games; g++ {
		rng := game.NewRNG(seed + uint64(g))
		pos := diplomacy.StartPosition(m)
		last := m.Start.Year + years
		for pos.Phase.Year <= last && pos.Winner() == diplomacy.NoPower {
			t0 := time.Now()
			legal := gen.Orders(pos, diplomacy.NoPower)
			orders = diplomacy.RandomOrders(legal, &rng, orders[:0])
			t1 := time.Now()
			if len(orders) > len(out) {
				out = make([]diplomacy.Outcome, len(orders))
			}
			movement := pos.Phase.Type == diplomacy.Movement
			adj.Step(pos, orders, out[:len(orders)])
			t2 := time.Now()
			r.genTime += t1.Sub(t0)
			r.adjTime += t2.Sub(t1)
			if movement {
				r.movement++
				r.moveTime += t2.Sub(t1)
			}
			for _, uo := range legal {
				r.legal += len(uo.Orders)
			}
			r.orders += len(orders)
			r.phases++
		}
		if pos.Winner() != diplomacy.NoPower {
			r.winners++
		}
		r.games++
	}
	r.total = time.Since(start)
	runtime.ReadMemStats(&ms)
	r.allocs = ms.Mallocs - allocs0
	return r
}

func (r benchResult) print(w io.Writer, id string, ed diplomacy.Edition) {
	per := func(d time.Duration, n int) float64 {
		if n == 0 {
			return 0
		}
		return float64(d.Microseconds()) / float64(n)
	}
	rate := func(n int, d time.Duration) float64 {
		if d <= 0 {
			return 0
		}
		return float64(n) / d.Seconds()
	}
	fmt.Fprintf(w, "map %s, rules %s: %d games (%d won), %d phases (%d movement), %d orders\n",
		id, ed, r.games, r.winners, r.phases, r.movement, r.orders)
	fmt.Fprintf(w, "  legal-order generation: %.0f phases/s (%.1f µs/phase, %d legal orders)\n",
		rate(r.phases, r.genTime), per(r.genTime, r.phases), r.legal)
	fmt.Fprintf(w, "  adjudication:           %.0f phases/s (%.1f µs/phase; movement %.1f µs/phase)\n",
		rate(r.phases, r.adjTime), per(r.adjTime, r.phases), per(r.moveTime, r.movement))
	fmt.Fprintf(w, "  whole games:            %.0f games/s; %.2f allocations/phase\n",
		rate(r.games, r.total), float64(r.allocs)/float64(max(r.phases, 1)))
}

// optionFlags collects repeated --option key=value flags.
type optionFlags map[string]string

func (o *optionFlags) String() string { return fmt.Sprint(map[string]string(*o)) }

func (o *optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want key=value, not %q", v)
	}
	if *o == nil {
		*o = optionFlags{}
	}
	(*o)[k] = val
	return nil
}

// benchVariant plays seeded random games with rule variant options through
// the game contract (diplomacy.Rules): each played power orders its units at
// random and, under Catspaw, writes random extra orders for unplayed units
// up to its quota; the system advances each phase.
func benchVariant(m *diplomacy.Map, opts map[string]string, games int, seed uint64, years int) (benchResult, error) {
	var r benchResult
	var rules diplomacy.Rules
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocs0 := ms.Mallocs
	start := time.Now()
	for g := 0; g < games; g++ {
		st, err := rules.Setup(game.Config{Variant: m.ID, Options: opts}, seed+uint64(g))
		if err != nil {
			return r, err
		}
		rng := game.NewRNG(seed + uint64(g))
		last := m.Start.Year + years
		for {
			gs := st.(*diplomacy.GameState)
			pos := gs.Pos
			if pos.Phase.Year > last || pos.Winner() != diplomacy.NoPower {
				break
			}
			t0 := time.Now()
			if steps := gs.RandomActions(&rng); steps != nil {
				r.genTime += time.Since(t0)
				// Reverse Gunboat, Double Diplomacy, Payola: seats that are
				// not powers, or offers beside orders.
				for _, step := range steps {
					if _, _, err := rules.Apply(st, step.Seat, step.Action); err != nil {
						return r, fmt.Errorf("game %d, %s, %s %s: %v", g, pos.Phase, step.Seat, step.Action.Type, err)
					}
					var args struct{ Orders, Offers []json.RawMessage }
					_ = json.Unmarshal(step.Action.Args, &args)
					r.orders += len(args.Orders) + len(args.Offers)
				}
			} else if err := randomOrdersInto(rules, st, &rng, &r, g); err != nil {
				return r, err
			}
			movement := pos.Phase.Type == diplomacy.Movement && !gs.Seismic
			if err := r.advance(rules, st, movement); err != nil {
				return r, err
			}
		}
		if over, _ := rules.Over(st); over {
			r.winners++
		}
		r.games++
	}
	r.total = time.Since(start)
	runtime.ReadMemStats(&ms)
	r.allocs = ms.Mallocs - allocs0
	return r, nil
}

// advance applies Advance as the system to st, counting the phase and
// timing it as adjudication (and as movement when movement is set).
func (r *benchResult) advance(rules game.Rules, st game.State, movement bool) error {
	t := time.Now()
	if _, _, err := rules.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
		return err
	}
	d := time.Since(t)
	r.adjTime += d
	if movement {
		r.movement++
		r.moveTime += d
	}
	r.phases++
	return nil
}

// randomOrdersInto has every played power of st order its units at random
// and, under Catspaw, write random extra orders for unplayed units up to its
// quota; under Crystal Ball the orders go where the prompt asks.
func randomOrdersInto(rules diplomacy.Rules, st game.State, rng *game.RNG, r *benchResult, g int) error {
	gs := st.(*diplomacy.GameState)
	pos := gs.Pos
	gen := diplomacy.NewGenerator(pos.Map)
	t0 := time.Now()
	legal := gen.Orders(pos, diplomacy.NoPower)
	picked := diplomacy.RandomOrders(legal, rng, nil)
	r.genTime += time.Since(t0)
	for _, uo := range legal {
		r.legal += len(uo.Orders)
	}
	byWriter := map[game.Seat][]string{}
	seats := rules.Seats(st)
	extras := map[game.Seat]int{}
	for _, o := range picked {
		writer := game.Seat(pos.Map.PowerName(o.Power))
		if !gs.Settings.Played(o.Power) {
			if !gs.Settings.Catspaw || pos.Phase.Type != diplomacy.Movement || len(seats) == 0 {
				continue
			}
			writer = seats[rng.Intn(len(seats))]
			pw, _ := pos.Map.LookupPower(string(writer))
			if extras[writer] >= diplomacy.ExtraOrderQuota(pos.Map, pos.CountCenters()[pw]) {
				continue
			}
			extras[writer]++
		}
		byWriter[writer] = append(byWriter[writer], o.Order.String(pos.Map))
		r.orders++
	}
	kinds := map[game.Seat]string{}
	for _, p := range rules.Pending(st) {
		kinds[p.Seat] = p.Kind // "orders", or "ahead" under Crystal Ball
	}
	for _, seat := range seats {
		if texts, ok := byWriter[seat]; ok && kinds[seat] != "" {
			if _, _, err := rules.Apply(st, seat, game.NewAction(kinds[seat], map[string][]string{"orders": texts})); err != nil {
				return fmt.Errorf("game %d, %s, %s: %v", g, pos.Phase, seat, err)
			}
		}
	}
	return nil
}

// benchMultiplicity plays seeded random Multiplicity games through the
// game contract as the server hosts them (hosted.Rules): each seat owing
// orders walks a random path of its legal-orders tree from every root (one
// order per unit; builds, disbands), sometimes sends nothing, and the
// system advances each window, the start choice included. Legal-order
// time is the time of Legal and the walks; adjudication, of Advance.
func benchMultiplicity(m *diplomacy.Map, opts map[string]string, games int, seed uint64, years int) (benchResult, error) {
	var r benchResult
	var rules hosted.Rules
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocs0 := ms.Mallocs
	start := time.Now()
	for g := 0; g < games; g++ {
		st, err := rules.Setup(game.Config{Variant: m.ID, Options: opts}, seed+uint64(g))
		if err != nil {
			return r, err
		}
		if _, ok := st.(*multiplicity.GameState); !ok {
			return r, fmt.Errorf("option multiplicity=%q: not a Multiplicity game", opts[multiplicity.Option])
		}
		rng := game.NewRNG(seed + uint64(g))
		last := m.Start.Year + years
		for {
			gs := st.(*multiplicity.GameState)
			if over, _ := rules.Over(st); over || gs.Pos.Phase.Year > last {
				break
			}
			for _, p := range rules.Pending(st) {
				if rng.Intn(10) == 0 {
					continue // the seat sends nothing: Advance's defaults
				}
				t0 := time.Now()
				var texts []string
				for _, c := range rules.Legal(st, p.Seat).Choices {
					texts = append(texts, walkChoice(&rng, c, &r.legal))
				}
				r.genTime += time.Since(t0)
				r.orders += len(texts)
				if _, _, err := rules.Apply(st, p.Seat, game.NewAction(p.Kind, map[string][]string{"orders": texts})); err != nil {
					return r, fmt.Errorf("game %d, %s, %s: %v", g, gs.Pos.Phase, p.Seat, err)
				}
			}
			movement := !gs.Choosing && gs.Pos.Phase.Type == diplomacy.Movement
			if err := r.advance(rules, st, movement); err != nil {
				return r, err
			}
		}
		if over, _ := rules.Over(st); over {
			r.winners++
		}
		r.games++
	}
	r.total = time.Since(start)
	runtime.ReadMemStats(&ms)
	r.allocs = ms.Mallocs - allocs0
	return r, nil
}

// walkChoice follows a random path of an options tree from c to a leaf
// and returns the order it spells (the values joined by spaces); leaves
// counts the tree's leaves under c.
func walkChoice(rng *game.RNG, c game.Choice, leaves *int) string {
	*leaves += countLeaves(c)
	words := []string{c.Value}
	for len(c.Next) > 0 {
		c = c.Next[rng.Intn(len(c.Next))]
		words = append(words, c.Value)
	}
	return strings.Join(words, " ")
}

func countLeaves(c game.Choice) int {
	if len(c.Next) == 0 {
		return 1
	}
	n := 0
	for _, x := range c.Next {
		n += countLeaves(x)
	}
	return n
}
