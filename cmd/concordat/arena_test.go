package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseBotSpec(t *testing.T) {
	kinds := []string{"random", "heuristic", "search"}
	got, err := parseBotSpec("search,heuristic*6", kinds, 7)
	if err != nil || !slices.Equal(got, []string{"search", "heuristic", "heuristic", "heuristic", "heuristic", "heuristic", "heuristic"}) {
		t.Fatalf("%v %v", got, err)
	}
	got, err = parseBotSpec("random*2, heuristic ,random*4", kinds, 7)
	if err != nil || !slices.Equal(got, []string{"random", "random", "heuristic", "random", "random", "random", "random"}) {
		t.Fatalf("%v %v", got, err)
	}
	for _, c := range []struct{ spec, want string }{
		{"search,heuristic*5", "6 seats given, the game has 7"},
		{"search,heuristic*7", "8 seats given, the game has 7"},
		{"genius*7", `unknown kind "genius" (this game has random, heuristic, search)`},
		{"random*x", `"random*x": the count after * must be a positive number`},
		{"random*-1", "positive number"},
		{"random*0,heuristic*7", "positive number"},
		{"random*6,", "an empty kind"},
		{"*7", "an empty kind"},
	} {
		_, err := parseBotSpec(c.spec, kinds, 7)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to say %q", c.spec, err, c.want)
		}
	}
}

// Rotation: game g shifts the kinds g seats along, so that over n games
// each kind holds every seat exactly as often as it has seats.
func TestRotation(t *testing.T) {
	spec := []string{"search", "heuristic", "heuristic", "random"}
	if got := rotation(spec, 0); !slices.Equal(got, spec) {
		t.Fatalf("game 0: %v", got)
	}
	if got := rotation(spec, 1); !slices.Equal(got, []string{"random", "search", "heuristic", "heuristic"}) {
		t.Fatalf("game 1: %v", got)
	}
	held := map[string][]int{}
	for g := 0; g < len(spec); g++ {
		for seat, k := range rotation(spec, g) {
			held[k+string(rune('0'+seat))] = append(held[k+string(rune('0'+seat))], g)
		}
	}
	for seat := 0; seat < 4; seat++ {
		for k, want := range map[string]int{"search": 1, "heuristic": 2, "random": 1} {
			if n := len(held[k+string(rune('0'+seat))]); n != want {
				t.Errorf("seat %d: %s %d times in %d games, want %d", seat, k, n, len(spec), want)
			}
		}
	}
}

// The Wilson interval against values worked by hand: 8 of 10 gives
// [0.490, 0.943]; 0 of 10 gives [0, 0.278]; 10 of 10 [0.722, 1]. The mean's
// interval is mean ± 1.96·s/√n: 1, 2, 3, 4, 5 gives 3 ± 1.386.
func TestConfidenceIntervals(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.001 }
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{8, 10, 0.4902, 0.9433}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {50, 100, 0.4038, 0.5962}} {
		lo, hi := wilson(c.k, c.n)
		if !near(lo, c.lo) || !near(hi, c.hi) {
			t.Errorf("wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	m, lo, hi := meanCI([]float64{1, 2, 3, 4, 5})
	if !near(m, 3) || !near(lo, 3-1.3859) || !near(hi, 3+1.3859) {
		t.Errorf("meanCI = %.4f [%.4f, %.4f]", m, lo, hi)
	}
}

type arenaOut struct {
	Kinds []struct {
		Kind         string   `json:"kind"`
		Seats        int      `json:"seats"`
		Games        int      `json:"games"`
		SeatGames    int      `json:"seat_games"`
		Wins         int      `json:"wins"`
		WinRate      float64  `json:"win_rate"`
		Draws        int      `json:"draws"`
		SurvivalRate float64  `json:"survival_rate"`
		MeanCenters  *float64 `json:"mean_centers"`
		MeanVP       *float64 `json:"mean_vp"`
		Refused      int      `json:"refused"`
		Tops         int      `json:"tops"`
	} `json:"kinds"`
}

func runArenaJSON(t *testing.T, args ...string) arenaOut {
	t.Helper()
	var out, errb bytes.Buffer
	if code := runMain(append([]string{"arena", "--json"}, args...), nil, &out, &errb); code != 0 {
		t.Fatalf("arena %v: exit %d: %s", args, code, errb.String())
	}
	var r arenaOut
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	return r
}

// A Diplomacy arena of one heuristic against six random bots over seven
// games (each kind holds every power): every seat-game is counted, the
// centres of a game add up to at most the map's 34, no answer is refused,
// and the heuristic ends with more centres on average than random.
func TestArenaDiplomacy(t *testing.T) {
	r := runArenaJSON(t, "--game", "diplomacy", "--bots", "heuristic,random*6", "--games", "7", "--seed", "3")
	if len(r.Kinds) != 2 || r.Kinds[0].Kind != "heuristic" || r.Kinds[1].Kind != "random" {
		t.Fatalf("%+v", r)
	}
	h, rnd := r.Kinds[0], r.Kinds[1]
	if h.Seats != 1 || h.SeatGames != 7 || rnd.Seats != 6 || rnd.SeatGames != 42 || h.Games != 7 {
		t.Fatalf("%+v", r)
	}
	if h.MeanCenters == nil || rnd.MeanCenters == nil || h.MeanVP != nil {
		t.Fatalf("mean_centers missing: %+v", r)
	}
	if total := *h.MeanCenters*7 + *rnd.MeanCenters*42; total > 34*7+0.01 {
		t.Fatalf("%.1f centres in 7 games", total)
	}
	if *h.MeanCenters <= *rnd.MeanCenters || h.Refused+rnd.Refused != 0 {
		t.Fatalf("%+v", r)
	}
	if h.WinRate != float64(h.Wins)/7 {
		t.Fatalf("win rate %v for %d wins", h.WinRate, h.Wins)
	}
}

// Variants with decisions of several actions and seats that are not
// powers: under Payola the heuristic's offers and orders both go in (a
// seat asked again while its prompt is unsubmitted), and it holds more
// centres than the random seats; under Reverse Gunboat and Double
// Diplomacy each seat scores its power's centres (34 in all, every seat
// of the power), and both seats of a power top together.
func TestArenaVariants(t *testing.T) {
	r := runArenaJSON(t, "--game", "diplomacy", "--option", "payola=true", "--bots", "heuristic,random*6", "--games", "4", "--seed", "2", "--last-year", "1903")
	h, rnd := r.Kinds[0], r.Kinds[1]
	if *h.MeanCenters <= *rnd.MeanCenters || h.Refused+rnd.Refused != 0 {
		t.Fatalf("payola: %+v", r)
	}
	r = runArenaJSON(t, "--game", "diplomacy", "--option", "reverse_gunboat=true", "--bots", "random*7", "--games", "1", "--seed", "2", "--last-year", "1901")
	if c := *r.Kinds[0].MeanCenters * 7; c < 22 || c > 34.01 {
		t.Fatalf("reverse gunboat: %.1f centres over the seats", c)
	}
	r = runArenaJSON(t, "--game", "diplomacy", "--option", "double=true", "--bots", "heuristic*14", "--games", "1", "--seed", "2", "--last-year", "1901")
	if c := *r.Kinds[0].MeanCenters * 14; c < 44 || c > 68.01 {
		t.Fatalf("double: %.1f centres over the seats (each power's counted twice)", c)
	}
	if k := r.Kinds[0]; k.Tops != 0 && k.Tops != 2 {
		t.Fatalf("double: %d seats top, want a power's two or none", k.Tops)
	}
}

// Here I Stand through the arena: `--game his --bots random*6`
// plays, and reports mean_vp.
func TestArenaHIS(t *testing.T) {
	r := runArenaJSON(t, "--game", "his", "--bots", "random*6", "--games", "1", "--seed", "2")
	if len(r.Kinds) != 1 || r.Kinds[0].Kind != "random" || r.Kinds[0].SeatGames != 6 || r.Kinds[0].MeanVP == nil || r.Kinds[0].MeanCenters != nil {
		t.Fatalf("%+v", r)
	}
	if r.Kinds[0].Refused != 0 {
		t.Fatalf("%d answers refused", r.Kinds[0].Refused)
	}
}

// Bad input is refused with exit status 2 and a message naming the problem.
func TestArenaBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "chess", "--bots", "random"}, `unknown game "chess"`},
		{[]string{"--bots", "random*6"}, "6 seats given, the game has 7"},
		{[]string{"--bots", "random*7", "--games", "0"}, "--games must be positive"},
		{[]string{}, "--bots is required"},
		{[]string{"--bots", "random*7", "--variant", "narnia"}, "narnia"},
		{[]string{"--bots", "random*7", "--budget", "0"}, "--budget or --iterations"},
		{[]string{"--bots", "random*7", "--parallel", "0"}, "--parallel must be at least 1"},
		{[]string{"--bots", "random*7", "--clock", "sundial"}, `--clock "sundial": want wall or cpu`},
	} {
		var out, errb bytes.Buffer
		code := runMain(append([]string{"arena"}, c.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// Games played at once give the same results, in the same order, as games
// played one after another: the search kind bounded by iterations only
// (no clock) against heuristic and random seats, once with one worker and
// once with three, on the CPU clock.
func TestArenaParallelSameResults(t *testing.T) {
	args := []string{"--game", "diplomacy", "--bots", "search,heuristic*3,random*3", "--games", "4", "--seed", "11",
		"--budget", "0", "--iterations", "1", "--last-year", "1903"}
	one := runArenaJSON(t, args...)
	three := runArenaJSON(t, append(args, "--parallel", "3", "--clock", "cpu")...)
	if len(one.Kinds) != 3 || len(three.Kinds) != 3 {
		t.Fatalf("%+v\n%+v", one, three)
	}
	for i := range one.Kinds {
		a, b := one.Kinds[i], three.Kinds[i]
		if a.Kind != b.Kind || a.Wins != b.Wins || a.Draws != b.Draws || a.SeatGames != b.SeatGames ||
			a.SurvivalRate != b.SurvivalRate || *a.MeanCenters != *b.MeanCenters {
			t.Errorf("kind %d: one at a time %+v, three at once %+v", i, a, b)
		}
	}
	if one.Kinds[0].SeatGames != 4 || one.Kinds[1].SeatGames != 12 {
		t.Fatalf("%+v", one)
	}
}

// --log: a series played in parts gives the results of the whole series
// played at once; the games the log holds are read back, not played again
// (a game's line changed by hand shows in the results); a log of other
// settings is refused, and a last line cut short is played again.
func TestArenaLogContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arena.log")
	args := []string{"--game", "diplomacy", "--bots", "heuristic,random*6", "--seed", "5", "--last-year", "1902"}
	whole := runArenaJSON(t, append(args, "--games", "5")...)
	runArenaJSON(t, append(args, "--games", "3", "--log", path)...)
	parts := runArenaJSON(t, append(args, "--games", "5", "--log", path)...)
	for i := range whole.Kinds {
		a, b := whole.Kinds[i], parts.Kinds[i]
		if a.Kind != b.Kind || a.Wins != b.Wins || a.SeatGames != b.SeatGames || a.Draws != b.Draws || *a.MeanCenters != *b.MeanCenters {
			t.Errorf("kind %d: at once %+v, in parts %+v", i, a, b)
		}
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines in the log, want the settings and 5 games:\n%s", len(lines), raw)
	}
	// Game 0's line changed to say the opposite of whether the heuristic
	// seat won: read back, not played again.
	var g0 arenaLogGame
	if err := json.Unmarshal([]byte(lines[1]), &g0); err != nil {
		t.Fatal(err)
	}
	h := g0.Kinds["heuristic"]
	was := h.Wins
	h.Wins = 1 - was
	g0.Kinds["heuristic"] = h
	b, _ := json.Marshal(g0)
	lines[1] = string(b)
	// The last game's line cut short: played again.
	cut := lines[5][:len(lines[5])/2]
	if err := os.WriteFile(path, []byte(strings.Join(lines[:5], "\n")+"\n"+cut), 0o644); err != nil {
		t.Fatal(err)
	}
	again := runArenaJSON(t, append(args, "--games", "5", "--log", path)...)
	if got, want := again.Kinds[0].Wins, whole.Kinds[0].Wins-was+(1-was); got != want {
		t.Errorf("heuristic wins %d after the log's game 0 was changed from %d wins to %d, want %d", got, was, 1-was, want)
	}
	if raw, _ := os.ReadFile(path); strings.Count(string(raw), "\n") != 6 || !strings.HasSuffix(string(raw), "}\n") {
		t.Errorf("the cut line was not replaced by the game played again:\n%s", raw)
	}
	var out, errb bytes.Buffer
	code := runMain(append([]string{"arena"}, append(args, "--games", "5", "--log", path, "--last-year", "1903")...), nil, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "other settings") {
		t.Errorf("a log of other settings: exit %d, %q", code, errb.String())
	}
}
