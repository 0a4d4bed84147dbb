package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"

	"concordat/game"
	"concordat/his"
)

// runBenchHIS is `concordat bench his`: seeded random Here I Stand games
// (his.PlayRandom: six random players through the game contract) timed
// whole.
func runBenchHIS(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench his", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of seeded random games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	edition := fs.String("edition", "500th", "rules edition: 500th or 2010")
	turns := fs.Int("turns", his.RandomTurns, "stop a game after this turn (the game ends after Turn 9 at the latest)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bench his: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *games <= 0 || *turns <= 0 {
		fmt.Fprintln(stderr, "bench his: --games and --turns must be positive")
		return 2
	}
	cfg := game.Config{Variant: "1517", Options: map[string]string{"edition": *edition}}
	if _, err := (his.Rules{}).Setup(cfg, *seed); err != nil {
		fmt.Fprintln(stderr, "bench", err)
		return 2
	}
	r, err := benchHIS(cfg, *games, *seed, *turns)
	if err != nil {
		fmt.Fprintln(stderr, "bench his:", err)
		return 1
	}
	r.print(stdout, *edition)
	return 0
}

// hisBench holds what benchHIS measured.
type hisBench struct {
	games, decisions, turns int
	total, cpu              time.Duration // wall time; the process's CPU time (user + system)
	allocs, bytes           uint64
	results                 map[string]int // how games ended: "Domination victory", "time limit (turn cap)", …
	kinds                   map[string]int // decisions by kind
}

// benchHIS plays games random games from seed, seed+1, … and measures them.
func benchHIS(cfg game.Config, games int, seed uint64, turns int) (hisBench, error) {
	r := hisBench{results: map[string]int{}, kinds: map[string]int{}}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocs0, bytes0 := ms.Mallocs, ms.TotalAlloc
	cpu0 := cpuTime()
	start := time.Now()
	for g := 0; g < games; g++ {
		rec, s, err := his.PlayRandom(cfg, seed+uint64(g), turns)
		if err != nil {
			return r, err
		}
		r.games++
		r.decisions += len(rec.Steps)
		for _, st := range rec.Steps {
			r.kinds[stepKind(st)]++
		}
		if over, result := (his.Rules{}).Over(s); over {
			kind, _, _ := strings.Cut(result, ":")
			r.results[kind]++
			r.turns += s.Turn
		} else {
			r.results[fmt.Sprintf("stopped after turn %d", turns)]++
			r.turns += s.Turn - 1 // the next turn has begun
		}
	}
	r.total = time.Since(start)
	r.cpu = cpuTime() - cpu0
	runtime.ReadMemStats(&ms)
	r.allocs, r.bytes = ms.Mallocs-allocs0, ms.TotalAlloc-bytes0
	return r, nil
}

func (r hisBench) print(w io.Writer, edition string) {
	n := float64(r.games)
	fmt.Fprintf(w, "his 1517, edition %s: %d random games, %.1f turns and %.0f decisions per game\n",
		edition, r.games, float64(r.turns)/n, float64(r.decisions)/n)
	fmt.Fprintf(w, "  whole games: %.1f games/s, %.2f ms/game, %.1f µs/decision\n",
		n/r.total.Seconds(), float64(r.total.Microseconds())/1000/n, float64(r.total.Nanoseconds())/1000/float64(max(r.decisions, 1)))
	fmt.Fprintf(w, "  CPU time:    %.2f ms/game (user + system, the garbage collector's included; steadier than wall time on a busy machine)\n",
		float64(r.cpu.Microseconds())/1000/n)
	fmt.Fprintf(w, "  allocations: %.0f/game (%.0f KiB/game), %.1f/decision\n",
		float64(r.allocs)/n, float64(r.bytes)/1024/n, float64(r.allocs)/float64(max(r.decisions, 1)))
	fmt.Fprintf(w, "  endings: %s\n", countsLine(r.results))
	fmt.Fprintf(w, "  decisions: %s\n", countsLine(r.kinds))
}

// stepKind is a step's decision kind, and for "action" the action chosen
// ("action:move", "action:done"), so that the counts show which actions
// random play reaches.
func stepKind(st game.Step) string {
	if st.Action.Type != "action" {
		return st.Action.Type
	}
	var path []string
	if json.Unmarshal(st.Action.Args, &path) != nil || len(path) == 0 {
		return st.Action.Type
	}
	return "action:" + path[0]
}

// countsLine lists counts as "key n, …", largest first.
func countsLine(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
