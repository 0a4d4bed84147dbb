package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"concordat/diplomacy"
	"concordat/diplomacy/hosted"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
	"concordat/his"
)

func init() {
	register("arena", "play seeded games between bot kinds: arena --game diplomacy --bots search,heuristic*6 --games N --seed S", runArena)
}

// arenaGame is what the arena needs of a game beyond the contract: how to
// score a finished game for each seat, and when to stop one that has not
// ended by itself. The games themselves are played through game.Rules
// and game.Bots only.
type arenaGame struct {
	rules game.Rules
	// measure names the per-seat score: "centers" (Diplomacy), "vp" (HIS).
	measure string
	// score is each seat's centres or VP.
	score func(st game.State) map[game.Seat]float64
	// winners are the seats that won (one for a solo, several for a shared
	// victory); empty when nobody has won.
	winners func(st game.State) []game.Seat
	// alive reports whether a seat is still in the game.
	alive func(st game.State, seat game.Seat) bool
	// stop reports a game to end here (Diplomacy: past its last year).
	stop func(st game.State) bool
	// side names the side a seat plays for (Double Diplomacy: both seats
	// of a power are one side, winning or topping together); nil: each
	// seat is its own.
	side func(st game.State, seat game.Seat) string
}

// arenaGameOf is the arena's view of the game named name.
func arenaGameOf(name string, lastYear int) (arenaGame, error) {
	switch name {
	case "diplomacy":
		rules := hosted.Rules{}
		centres := func(st game.State) ([]int, *diplomacy.Map) {
			switch gs := st.(type) {
			case *multiplicity.GameState:
				return gs.Pos.Centers(), gs.Pos.Map
			case *diplomacy.GameState:
				return gs.Pos.CountCenters(), gs.Pos.Map
			}
			return nil, nil
		}
		return arenaGame{rules: rules, measure: "centers",
			score: func(st game.State) map[game.Seat]float64 {
				cc, m := centres(st)
				out := map[game.Seat]float64{}
				if gs, ok := st.(*diplomacy.GameState); ok && gs.Seating != nil {
					// Reverse Gunboat, Double Diplomacy: a seat scores its power's centres.
					for _, seat := range gs.Seating.Seats {
						out[seat] = float64(cc[gs.Seating.Power[seat]])
					}
					return out
				}
				for i, p := range m.Powers {
					out[game.Seat(p.ID)] = float64(cc[i])
				}
				return out
			},
			winners: func(st game.State) []game.Seat {
				var w diplomacy.Power
				var m *diplomacy.Map
				switch gs := st.(type) {
				case *multiplicity.GameState:
					w, m = gs.Pos.Winner(), gs.Pos.Map
				case *diplomacy.GameState:
					w, m = gs.Pos.Winner(), gs.Pos.Map
				}
				if w == diplomacy.NoPower {
					return nil
				}
				if gs, ok := st.(*diplomacy.GameState); ok && gs.Seating != nil {
					var seats []game.Seat // the winning power's seats
					for _, seat := range gs.Seating.Seats {
						if gs.Seating.Power[seat] == w {
							seats = append(seats, seat)
						}
					}
					return seats
				}
				return []game.Seat{game.Seat(m.Powers[w].ID)}
			},
			alive: func(st game.State, seat game.Seat) bool {
				for _, s := range rules.Survivors(st) {
					if s == seat {
						return true
					}
				}
				return false
			},
			stop: func(st game.State) bool {
				var ph diplomacy.Phase
				var m *diplomacy.Map
				switch gs := st.(type) {
				case *multiplicity.GameState:
					ph, m = gs.Pos.Phase, gs.Pos.Map
				case *diplomacy.GameState:
					ph, m = gs.Pos.Phase, gs.Pos.Map
				}
				return ph.Year > m.Start.Year+(lastYear-1901)
			},
			side: func(st game.State, seat game.Seat) string {
				if gs, ok := st.(*diplomacy.GameState); ok && gs.Seating != nil {
					return gs.Pos.Map.Powers[gs.Seating.Power[seat]].ID
				}
				return string(seat)
			},
		}, nil
	case "his":
		return arenaGame{rules: his.Rules{}, measure: "vp",
			score: func(st game.State) map[game.Seat]float64 {
				s := st.(*his.State)
				out := map[game.Seat]float64{}
				for _, seat := range (his.Rules{}).Seats(st) {
					if p, err := his.ParsePower(string(seat)); err == nil {
						out[seat] = float64(s.VP(p))
					}
				}
				return out
			},
			winners: func(st game.State) []game.Seat {
				var out []game.Seat
				for _, p := range st.(*his.State).Winners {
					out = append(out, game.Seat(p.String()))
				}
				return out
			},
			alive: func(game.State, game.Seat) bool { return true },
			stop:  func(game.State) bool { return false },
		}, nil
	}
	return arenaGame{}, fmt.Errorf("unknown game %q (want diplomacy or his)", name)
}

// parseBotSpec reads --bots: kinds separated by commas, "kind*N" standing
// for N seats of the kind, one kind per seat in the game's seat order.
func parseBotSpec(spec string, kinds []string, seats int) ([]string, error) {
	known := map[string]bool{}
	for _, k := range kinds {
		known[k] = true
	}
	var out []string
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		name, count := part, 1
		if k, n, ok := strings.Cut(part, "*"); ok {
			c, err := strconv.Atoi(n)
			if err != nil || c <= 0 {
				return nil, fmt.Errorf("--bots: %q: the count after * must be a positive number", part)
			}
			name, count = k, c
		}
		if name == "" {
			return nil, fmt.Errorf("--bots: an empty kind in %q", spec)
		}
		if !known[name] {
			return nil, fmt.Errorf("--bots: unknown kind %q (this game has %s)", name, strings.Join(kinds, ", "))
		}
		for i := 0; i < count; i++ {
			out = append(out, name)
		}
	}
	if len(out) != seats {
		return nil, fmt.Errorf("--bots: %d seats given, the game has %d", len(out), seats)
	}
	return out, nil
}

// rotation is the kind of each seat in game g: the spec shifted by g, so
// that over len(spec) games each kind holds every seat.
func rotation(spec []string, g int) []string {
	n := len(spec)
	out := make([]string, n)
	for i := range out {
		out[i] = spec[((i-g)%n+n)%n]
	}
	return out
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

// meanCI is the mean of xs and its 95% normal interval.
func meanCI(xs []float64) (mean, lo, hi float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if n < 2 {
		return mean, mean, mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	h := 1.959963984540054 * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	return mean, mean - h, mean + h
}

// kindStats gathers one kind's results over its seat-games.
type kindStats struct {
	kind               string
	seats              int // seats per game
	seatGames          int
	wins, draws, alive int
	tops               int // won, or alone with the most centres (VP) at the end
	scores             []float64
	decisions          int
	thinking           time.Duration
	refused            int
	games              int
}

// kindJSON is one kind's line of --json.
type kindJSON struct {
	Kind         string     `json:"kind"`
	Seats        int        `json:"seats"`
	Games        int        `json:"games"`
	SeatGames    int        `json:"seat_games"`
	Wins         int        `json:"wins"`
	WinRate      float64    `json:"win_rate"`
	WinCI        [2]float64 `json:"win_rate_ci95"`
	Draws        int        `json:"draws"`
	DrawRate     float64    `json:"draw_rate"`
	DrawCI       [2]float64 `json:"draw_rate_ci95"`
	SurvivalRate float64    `json:"survival_rate"`
	SurvivalCI   [2]float64 `json:"survival_rate_ci95"`
	Tops         int        `json:"tops"`
	TopRate      float64    `json:"top_rate"`
	TopCI        [2]float64 `json:"top_rate_ci95"`
	MeanCenters  *float64   `json:"mean_centers,omitempty"`
	MeanVP       *float64   `json:"mean_vp,omitempty"`
	MeanCI       [2]float64 `json:"mean_ci95"`
	Decisions    int        `json:"decisions"`
	MsPerDecide  float64    `json:"ms_per_decision"`
	Refused      int        `json:"refused"`
}

func (k *kindStats) json(measure string) kindJSON {
	r := func(x int) float64 { return float64(x) / float64(max(k.seatGames, 1)) }
	ci := func(x int) [2]float64 { lo, hi := wilson(x, k.seatGames); return [2]float64{lo, hi} }
	mean, lo, hi := meanCI(k.scores)
	j := kindJSON{Kind: k.kind, Seats: k.seats, Games: k.games, SeatGames: k.seatGames,
		Wins: k.wins, WinRate: r(k.wins), WinCI: ci(k.wins), Draws: k.draws, DrawRate: r(k.draws), DrawCI: ci(k.draws),
		SurvivalRate: r(k.alive), SurvivalCI: ci(k.alive), Tops: k.tops, TopRate: r(k.tops), TopCI: ci(k.tops),
		MeanCI: [2]float64{lo, hi}, Decisions: k.decisions, Refused: k.refused}
	if k.decisions > 0 {
		j.MsPerDecide = float64(k.thinking.Microseconds()) / 1000 / float64(k.decisions)
	}
	if measure == "vp" {
		j.MeanVP = &mean
	} else {
		j.MeanCenters = &mean
	}
	return j
}

// arenaConfig is one arena run.
type arenaConfig struct {
	game     arenaGame
	cfg      game.Config
	spec     []string
	games    int
	seed     uint64
	bots     map[string]game.Bot
	maxSteps int
	parallel int              // games played at once (0 or 1: one)
	clock    func() time.Time // the bots' clock for thinking times; nil: the wall clock
	log      *arenaLog        // games played before, and where to record new ones; nil: none
}

// botsOf lists the kinds rules offer and their players: game.Bots, or the
// single kind "random" for a game.Bot. A search kind gets per and
// iterations, measured on clock, when the rules take a budget.
func botsOf(rules game.Rules, per time.Duration, iterations int, clock func() time.Time) ([]string, map[string]game.Bot, error) {
	type budgeted interface {
		BotClocked(kind string, per time.Duration, iterations int, now func() time.Time) (game.Bot, bool)
	}
	out := map[string]game.Bot{}
	if bs, ok := rules.(game.Bots); ok {
		for _, k := range bs.BotKinds() {
			b, _ := bs.BotOf(k)
			if bb, ok := rules.(budgeted); ok {
				b, _ = bb.BotClocked(k, per, iterations, clock)
			}
			out[k] = b
		}
		return bs.BotKinds(), out, nil
	}
	if b, ok := rules.(game.Bot); ok {
		out["random"] = b
		return []string{"random"}, out, nil
	}
	return nil, nil, fmt.Errorf("game %q has no bots", rules.Name())
}

// maxAnswersPerWindow bounds the answers one seat gives in one window.
const maxAnswersPerWindow = 4

// promptSubmitted reports whether seat's prompt in ps is submitted (or
// seat owes nothing any more).
func promptSubmitted(ps []game.Prompt, seat game.Seat) bool {
	for _, p := range ps {
		if p.Seat == seat {
			return p.Submitted
		}
	}
	return true
}

// playArena plays the games and gathers each kind's results. A bot's
// answer the rules refuse is counted (refused) and the decision left to the
// default.
func playArena(ac arenaConfig) ([]*kindStats, error) {
	stats := map[string]*kindStats{}
	var order []*kindStats
	for _, k := range ac.spec {
		if stats[k] == nil {
			stats[k] = &kindStats{kind: k}
			order = append(order, stats[k])
		}
		stats[k].seats++
	}
	workers := min(max(ac.parallel, 1), ac.games)
	results := make([]map[string]*kindStats, ac.games)
	errs := make([]error, ac.games)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A thread's CPU clock measures this goroutine only while it
			// keeps its thread.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for g := range next {
				results[g], errs[g] = playArenaGame(ac, g)
				if errs[g] == nil {
					errs[g] = ac.log.record(g, results[g])
				}
			}
		}()
	}
	for g := 0; g < ac.games; g++ {
		if res, ok := ac.log.played(g); ok {
			results[g] = res
			continue
		}
		next <- g
	}
	close(next)
	wg.Wait()
	// Merged in game order, so that the results do not depend on which
	// worker played which game.
	for g, res := range results {
		if errs[g] != nil {
			return nil, errs[g]
		}
		for _, ks := range order {
			ks.add(res[ks.kind])
		}
	}
	return order, nil
}

// playArenaGame plays game g (seed ac.seed+g, kinds rotated g seats) and
// returns each kind's results in it.
func playArenaGame(ac arenaConfig, g int) (map[string]*kindStats, error) {
	r := ac.game.rules
	stats := map[string]*kindStats{}
	for _, k := range ac.spec {
		if stats[k] == nil {
			stats[k] = &kindStats{kind: k}
		}
	}
	clock := ac.clock
	if clock == nil {
		clock = time.Now
	}
	windowed, _ := r.(game.Windowed)
	{
		seed := ac.seed + uint64(g)
		st, err := r.Setup(ac.cfg, seed)
		if err != nil {
			return nil, err
		}
		seats := r.Seats(st)
		// The kinds shift one side a game: under Double Diplomacy a
		// power's two seats move together, so a kind's pair stays a pair.
		step := 1
		if ac.game.side != nil {
			sides := map[string]bool{}
			for _, s := range seats {
				sides[ac.game.side(st, s)] = true
			}
			if len(sides) > 0 && len(seats)%len(sides) == 0 {
				step = len(seats) / len(sides)
			}
		}
		kinds := rotation(ac.spec, g*step)
		kindOf := map[game.Seat]string{}
		for i, s := range seats {
			kindOf[s] = kinds[i]
		}
		for _, ks := range stats {
			ks.games++
		}
		seq := int64(0)
		for step := 0; ; step++ {
			if over, _ := r.Over(st); over || ac.game.stop(st) {
				break
			}
			if step >= ac.maxSteps {
				return nil, fmt.Errorf("game %d (seed %d): no end after %d steps", g, seed, ac.maxSteps)
			}
			answered := false
			for _, p := range r.Pending(st) {
				if windowed != nil && p.Submitted {
					continue
				}
				ks := stats[kindOf[p.Seat]]
				if ks == nil {
					continue
				}
				// In a window, a seat is asked again while its prompt stays
				// unsubmitted, as the server does (a decision of several
				// actions: Payola's offers, then orders), at most a few times.
				for tries := 0; tries < maxAnswersPerWindow; tries++ {
					rng := game.BotRNG(seed, seq)
					t0 := clock()
					a, err := ac.bots[ks.kind].BotAction(st, p.Seat, &rng)
					ks.thinking += clock().Sub(t0)
					if err != nil {
						break // left to the default
					}
					ks.decisions++
					if v, ok := r.(game.Vetter); ok {
						if err := v.Vet(st, p.Seat, a); err != nil {
							ks.refused++
							break
						}
					}
					if st, _, err = r.Apply(st, p.Seat, a); err != nil {
						ks.refused++
						break
					}
					seq++
					answered = true
					if windowed == nil || promptSubmitted(r.Pending(st), p.Seat) {
						break
					}
				}
				if windowed == nil && answered {
					break // a game of one decision at a time: ask again
				}
			}
			if !answered || windowed != nil && windowed.Window(st) != "" {
				if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
					return nil, fmt.Errorf("game %d (seed %d): advance: %w", g, seed, err)
				}
				seq++
			}
		}
		score := ac.game.score(st)
		winners := ac.game.winners(st)
		side := func(s game.Seat) string { return string(s) }
		if ac.game.side != nil {
			side = func(s game.Seat) string { return ac.game.side(st, s) }
		}
		winSides := map[string]bool{}
		for _, w := range winners {
			winSides[side(w)] = true
		}
		soleWinner := len(winSides) == 1
		best := -1.0
		bestSides := map[string]bool{}
		for _, s := range seats {
			switch v := score[s]; {
			case v > best:
				best, bestSides = v, map[string]bool{side(s): true}
			case v == best:
				bestSides[side(s)] = true
			}
		}
		bestN := len(bestSides)
		for _, s := range seats {
			ks := stats[kindOf[s]]
			ks.seatGames++
			ks.scores = append(ks.scores, score[s])
			alive := ac.game.alive(st, s)
			if alive {
				ks.alive++
			}
			won := false
			for _, w := range winners {
				won = won || w == s
			}
			switch {
			case won && soleWinner:
				ks.wins++
			case won || len(winners) == 0 && alive:
				ks.draws++
			}
			if won && soleWinner || len(winners) == 0 && score[s] == best && bestN == 1 {
				ks.tops++
			}
		}
	}
	return stats, nil
}

// add adds o's results (one game's) to k's.
func (k *kindStats) add(o *kindStats) {
	k.seatGames += o.seatGames
	k.wins += o.wins
	k.draws += o.draws
	k.alive += o.alive
	k.tops += o.tops
	k.scores = append(k.scores, o.scores...)
	k.decisions += o.decisions
	k.thinking += o.thinking
	k.refused += o.refused
	k.games += o.games
}

func runArena(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "diplomacy", "the game: diplomacy or his")
	botSpec := fs.String("bots", "", "one bot kind per seat in the game's seat order, kind*N for N seats: search,heuristic*6")
	games := fs.Int("games", 70, "number of games; game i uses seed+i and shifts the kinds i seats along (Double Diplomacy: i powers, two seats each)")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	variant := fs.String("variant", "", "the game's variant (Diplomacy: the map id; default standard)")
	var options optionFlags
	fs.Var(&options, "option", "a game option key=value (repeatable): fog=true, multiplicity=true, …")
	lastYear := fs.Int("last-year", 1920, "Diplomacy: stop after this year (counted from 1901 on maps that start elsewhere)")
	budget := fs.Duration("budget", time.Second, "the search kind's time per decision (0: none, then --iterations bounds it)")
	iterations := fs.Int("iterations", 0, "the search kind's regret-matching iterations per decision (0: no bound)")
	clockName := fs.String("clock", "wall", "what the search kind's --budget measures: wall (the wall clock) or cpu (the CPU time of the thread playing its game, so that a loaded machine does not shorten its thinking; Linux)")
	parallel := fs.Int("parallel", 1, "games played at once, each on its own thread")
	logPath := fs.String("log", "", "a file of the games' results: games it holds are read back, not played again, and new ones appended (to play a long series in parts)")
	asJSON := fs.Bool("json", false, "print the results as one JSON object")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "arena: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *games <= 0 {
		fmt.Fprintln(stderr, "arena: --games must be positive")
		return 2
	}
	if *budget <= 0 && *iterations <= 0 {
		fmt.Fprintln(stderr, "arena: the search kind needs --budget or --iterations")
		return 2
	}
	if *parallel < 1 {
		fmt.Fprintln(stderr, "arena: --parallel must be at least 1")
		return 2
	}
	var clock func() time.Time
	switch *clockName {
	case "wall":
		clock = time.Now
	case "cpu":
		c, ok := threadCPUClock()
		if !ok {
			fmt.Fprintln(stderr, "arena: --clock cpu: this system does not tell a thread's CPU time")
			return 2
		}
		clock = c
	default:
		fmt.Fprintf(stderr, "arena: --clock %q: want wall or cpu\n", *clockName)
		return 2
	}
	ag, err := arenaGameOf(*gameName, *lastYear)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	cfg := game.Config{Variant: *variant, Options: map[string]string(options)}
	st, err := ag.rules.Setup(cfg, *seed)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	kinds, bots, err := botsOf(ag.rules, *budget, *iterations, clock)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	seats := ag.rules.Seats(st)
	if *botSpec == "" {
		fmt.Fprintf(stderr, "arena: --bots is required: one of %s per seat (%d seats)\n", strings.Join(kinds, ", "), len(seats))
		return 2
	}
	spec, err := parseBotSpec(*botSpec, kinds, len(seats))
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	var log *arenaLog
	if *logPath != "" {
		// Everything that changes a game's result; not --games (a longer
		// series continues a shorter one) nor --parallel.
		settings := fmt.Sprintf("game=%s variant=%s options=%s bots=%s seed=%d last-year=%d budget=%s iterations=%d clock=%s",
			*gameName, *variant, options.String(), strings.Join(spec, ","), *seed, *lastYear, *budget, *iterations, *clockName)
		if log, err = openArenaLog(*logPath, settings); err != nil {
			fmt.Fprintln(stderr, "arena: --log:", err)
			return 2
		}
		defer log.close()
	}
	start := time.Now()
	res, err := playArena(arenaConfig{game: ag, cfg: cfg, spec: spec, games: *games, seed: *seed, bots: bots, maxSteps: 200000,
		parallel: *parallel, clock: clock, log: log})
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	if *asJSON {
		out := struct {
			Kinds []kindJSON `json:"kinds"`
		}{}
		for _, k := range res {
			out.Kinds = append(out.Kinds, k.json(ag.measure))
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "arena:", err)
			return 1
		}
		return 0
	}
	printArena(stdout, res, ag.measure, *gameName, *games, *seed, time.Since(start))
	return 0
}

func printArena(w io.Writer, res []*kindStats, measure, name string, games int, seed uint64, took time.Duration) {
	fmt.Fprintf(w, "%s: %d games from seed %d in %.1f s; rates per seat-game with 95%% intervals\n", name, games, seed, took.Seconds())
	fmt.Fprintf(w, "%-10s %5s %6s  %-22s %-22s %-22s %-22s %-22s %9s\n", "kind", "seats", "seatgm",
		"win", "draw", "survival", "top (win or most)", "mean "+measure, "ms/decide")
	rate := func(k, n int) string {
		lo, hi := wilson(k, n)
		return fmt.Sprintf("%5.1f%% [%4.1f, %5.1f]", 100*float64(k)/float64(max(n, 1)), 100*lo, 100*hi)
	}
	for _, k := range res {
		mean, lo, hi := meanCI(k.scores)
		ms := 0.0
		if k.decisions > 0 {
			ms = float64(k.thinking.Microseconds()) / 1000 / float64(k.decisions)
		}
		fmt.Fprintf(w, "%-10s %5d %6d  %-22s %-22s %-22s %-22s %-22s %9.3f\n", k.kind, k.seats, k.seatGames,
			rate(k.wins, k.seatGames), rate(k.draws, k.seatGames), rate(k.alive, k.seatGames), rate(k.tops, k.seatGames),
			fmt.Sprintf("%5.2f [%5.2f, %5.2f]", mean, lo, hi), ms)
		if k.refused > 0 {
			fmt.Fprintf(w, "  %s: %d answers refused\n", k.kind, k.refused)
		}
	}
}
