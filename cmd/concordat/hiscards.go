package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"concordat/his"
)

// runHISCards is `concordat his cards`: every card with its number, name,
// type, CP and whether its event is built, read from the engine's
// registries (his.CardList), so the list cannot claim an event the engine
// does not have.
func runHISCards(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("his cards", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the list as JSON")
	unbuilt := fs.Bool("unbuilt", false, "list only the cards whose event is not (wholly) built")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "concordat his cards: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	rows := his.CardList()
	done := 0
	var shown []his.CardRow
	for _, r := range rows {
		if r.Done {
			done++
		}
		if !*unbuilt || !r.Done {
			shown = append(shown, r)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(shown); err != nil {
			fmt.Fprintln(stderr, "concordat his cards:", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tname\ttype\tCP\tbuilt\tuses\tafter the event")
	for _, r := range shown {
		built := "no"
		switch {
		case r.Done:
			built = "yes"
		case len(r.Built) > 0:
			built = "partly (" + strings.Join(r.Built, ", ") + ")"
		}
		cp := strconv.Itoa(r.CP)
		if r.Type == "diplomacy" || r.Number == 8 {
			cp = "-" // no CP value printed
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Number, r.Name, r.Type, cp, built, strings.Join(r.Uses, ", "), r.After)
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(stderr, "concordat his cards:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d of %d cards built\n", done, len(rows))
	return 0
}
