package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"concordat/game"
	"concordat/his"
)

// runHISSelfplay is `concordat his selfplay`: random legal games with the
// invariants checked after every action (his.PlayRandomChecked), one JSON
// line per game. It stops at the first game that breaks an invariant, is
// refused an answer drawn from its own options or never ends (exit 1).
func runHISSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("his selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scenario := fs.String("scenario", "1517", "the scenario: "+fmt.Sprint(his.Scenarios))
	players := fs.String("players", "6", "the number of players (the rules' \"players\" option)")
	games := fs.Int("games", 1, "how many games")
	seed := fs.Uint64("seed", 1, "the first game's seed (game i has seed+i)")
	edition := fs.String("edition", "", "rules edition: 500th (default) or 2010")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat his selfplay: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *games < 1 {
		fmt.Fprintf(stderr, "concordat his selfplay: --games %d: want at least 1\n", *games)
		return 2
	}
	// Only the options given are passed, so that every scenario and player
	// count the rules accept is played as the rules define it.
	cfg := game.Config{Variant: *scenario, Options: map[string]string{}}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "players":
			cfg.Options["players"] = *players
		case "edition":
			cfg.Options["edition"] = *edition
		}
	})
	if _, err := (his.Rules{}).Setup(cfg, *seed); err != nil {
		fmt.Fprintln(stderr, "concordat his selfplay:", err)
		return 2
	}
	enc := json.NewEncoder(stdout)
	for i := 0; i < *games; i++ {
		rec, s, err := his.PlayRandomChecked(cfg, *seed+uint64(i))
		if err != nil {
			fmt.Fprintln(stderr, "concordat his selfplay:", err)
			return 1
		}
		if err := enc.Encode(his.Stats(rec, s)); err != nil {
			fmt.Fprintln(stderr, "concordat his selfplay:", err)
			return 1
		}
	}
	return 0
}
