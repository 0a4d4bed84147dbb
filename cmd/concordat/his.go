package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"concordat/game"
	"concordat/his"
)

func init() {
	register("his", "Here I Stand: print a new game's setup, run a theological debate, play decisions from a position, self-play with invariants (docs/his.md)", runHIS)
}

// maxPositionBytes bounds a debate position's JSON text.
const maxPositionBytes = 1 << 20

// runHIS is `concordat his new|debate`. Exit status: 0 ok, 1 failure, 2 bad
// input or arguments.
func runHIS(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		hisUsage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch args[0] {
	case "new":
		return runHISNew(args[1:], stdout, stderr)
	case "debate":
		return runHISDebate(args[1:], stdin, stdout, stderr)
	case "cards":
		return runHISCards(args[1:], stdout, stderr)
	case "play":
		return runHISPlay(args[1:], stdin, stdout, stderr)
	case "selfplay":
		return runHISSelfplay(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "concordat his: unknown sub-command %q\n", args[0])
	hisUsage(stderr)
	return 2
}

func hisUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: concordat his new [--scenario 1517|1532|tournament] [--players 2-6] [--seed S] [--edition 500th|2010] [--seat POWER]")
	fmt.Fprintln(w, "       concordat his debate [--json] < position.json")
	fmt.Fprintln(w, "       concordat his play --position pos.json [--dice 6,5,2,...] < decisions.jsonl")
	fmt.Fprintln(w, "       concordat his cards [--json] [--unbuilt]")
	fmt.Fprintln(w, "       concordat his selfplay [--scenario S] [--players N] [--games G] [--seed X]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "new prints a new game's setup as JSON (what --seat may see; default a spectator's view)")
	fmt.Fprintln(w, "and its position.")
	fmt.Fprintln(w, "debate runs a theological debate from a JSON position and prints its log.")
	fmt.Fprintln(w, "play loads a position, applies the decisions (one JSON object a line) with the dice")
	fmt.Fprintln(w, "scripted in order, and prints the log and the resulting position.")
	fmt.Fprintln(w, "cards lists the 135 cards: number, name, type, CP, and whether each one's event is built.")
	fmt.Fprintln(w, "selfplay plays random legal games, the invariants checked after every action, and prints")
	fmt.Fprintln(w, "one JSON line per game (winner, turn, VP per power, decisions, events played).")
	fmt.Fprintln(w, "See docs/his.md.")
}

func runHISNew(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("his new", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scenario := fs.String("scenario", "1517", "the scenario: 1517, 1532 or tournament")
	seed := fs.Uint64("seed", 1, "the game's random seed")
	edition := fs.String("edition", "500th", "rules edition: 500th or 2010")
	seat := fs.String("seat", "", "print what this power sees (its hand included); default: a spectator's view")
	players := fs.String("players", "6", "the number of players: 6, 5, 4 or 3 (some holding two powers), or 2 (the 2-player variant, Papacy against Protestant)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat his new: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var rules his.Rules
	cfg := game.Config{Variant: *scenario, Options: map[string]string{"edition": *edition}}
	if *players != "6" {
		cfg.Options["players"] = *players
	}
	st, err := rules.Setup(cfg, *seed)
	if err != nil {
		fmt.Fprintln(stderr, "concordat his new:", err)
		return 2
	}
	view := game.Seat(*seat)
	if *seat != "" {
		ok := false
		for _, s := range rules.Seats(st) {
			ok = ok || s == view
		}
		if !ok {
			fmt.Fprintf(stderr, "concordat his new: unknown seat %q (want one of %v)\n", *seat, rules.Seats(st))
			return 2
		}
	}
	pos, err := his.PositionOf(st.(*his.State))
	if err != nil {
		fmt.Fprintln(stderr, "concordat his new:", err)
		return 1
	}
	out := struct {
		Game     string        `json:"game"`
		Seed     uint64        `json:"seed"`
		Config   game.Config   `json:"config"`
		Pending  []game.Prompt `json:"pending"`
		View     any           `json:"view"`
		Position *his.Position `json:"position"`
	}{"his", *seed, cfg, rules.Pending(st), rules.View(st, view), pos}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(stderr, "concordat his new:", err)
		return 1
	}
	return 0
}

func runHISDebate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("his debate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the whole report as JSON instead of the log")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat his debate: unexpected argument %q (the position is read from stdin)\n", fs.Arg(0))
		return 2
	}
	b, err := io.ReadAll(io.LimitReader(stdin, maxPositionBytes+1))
	if err != nil {
		fmt.Fprintln(stderr, "concordat his debate: reading stdin:", err)
		return 1
	}
	if len(b) > maxPositionBytes {
		fmt.Fprintf(stderr, "concordat his debate: the position is larger than %d bytes\n", maxPositionBytes)
		return 2
	}
	var pos his.DebatePosition
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pos); err != nil {
		fmt.Fprintln(stderr, "concordat his debate: bad position:", err)
		return 2
	}
	rep, err := his.RunDebate(pos)
	if err != nil {
		fmt.Fprintln(stderr, "concordat his debate:", err)
		return 2
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return 1
		}
		return 0
	}
	for _, l := range rep.Log {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintln(stdout, "result:", rep.Result)
	return 0
}

// maxDecisionsBytes bounds the decisions `his play` reads.
const maxDecisionsBytes = 8 << 20

func runHISPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("his play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	posFile := fs.String("position", "", "the position to start from: a JSON file (what his new or his play prints, or a bare position)")
	diceFlag := fs.String("dice", "", "scripted die rolls, used in order before the seeded generator: 6,5,2,...")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat his play: unexpected argument %q (the decisions are read from stdin)\n", fs.Arg(0))
		return 2
	}
	if *posFile == "" {
		fmt.Fprintln(stderr, "concordat his play: --position is required")
		return 2
	}
	b, err := readLimited(*posFile, maxPositionBytes*8)
	if err != nil {
		fmt.Fprintln(stderr, "concordat his play:", err)
		return 2
	}
	var dice []int
	if *diceFlag != "" {
		for i, f := range strings.Split(*diceFlag, ",") {
			d, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || d < 1 || d > 6 {
				fmt.Fprintf(stderr, "concordat his play: --dice: %q (die %d) is not a die roll 1 to 6\n", f, i+1)
				return 2
			}
			dice = append(dice, d)
		}
	}
	pos, err := his.ParsePosition(b)
	if err != nil {
		fmt.Fprintf(stderr, "concordat his play: %s: %v\n", *posFile, err)
		return 2
	}
	// An engine state is the engine's own snapshot, checked only in part:
	// one edited into an impossible state is reported, not a crash.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "concordat his play: %s: the engine state is inconsistent (%v)\n", *posFile, r)
			code = 2
		}
	}()
	s, err := his.LoadPosition(pos)
	if err != nil {
		fmt.Fprintf(stderr, "concordat his play: %s: %v\n", *posFile, err)
		return 2
	}
	in, err := io.ReadAll(io.LimitReader(stdin, maxDecisionsBytes+1))
	if err != nil {
		fmt.Fprintln(stderr, "concordat his play: reading stdin:", err)
		return 1
	}
	if len(in) > maxDecisionsBytes {
		fmt.Fprintf(stderr, "concordat his play: the decisions are larger than %d bytes\n", maxDecisionsBytes)
		return 2
	}
	var steps []his.PlayStep
	for n, line := range strings.Split(string(in), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var st his.PlayStep
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&st); err != nil || st.Type == "" {
			if err == nil {
				err = errors.New(`no "type"`)
			}
			fmt.Fprintf(stderr, "concordat his play: decisions line %d: %v\n", n+1, err)
			return 2
		}
		steps = append(steps, st)
	}
	rep, err := his.Play(s, dice, steps)
	if err != nil {
		fmt.Fprintln(stderr, "concordat his play:", err)
		return 2
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		fmt.Fprintln(stderr, "concordat his play:", err)
		return 1
	}
	return 0
}

// readLimited reads a file of at most max bytes.
func readLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, max)
	}
	return b, nil
}
