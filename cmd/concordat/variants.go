package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"concordat/catalog"
	"concordat/diplomacy"
)

func init() {
	register("variants", "list the Diplomacy maps: id, title, players, centres, victory, first phase (--options: the rule-variant options)", runVariants)
}

// variantInfo is one line of `concordat variants` (and one object of its
// --json output).
type variantInfo = catalog.Summary

// variantInfos describes every embedded map, in id order.
func variantInfos() ([]variantInfo, error) { return catalog.Maps() }

// runVariants lists the maps as a table, or as JSON with --json.
func runVariants(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("variants", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print a JSON array (with each map's powers and rules) instead of a table")
	options := fs.Bool("options", false, "list the rule-variant options (combine with any map) instead of the maps")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: concordat variants [--options] [--json]")
		return 2
	}
	if *options {
		return printOptions(stdout, stderr, *asJSON)
	}
	infos, err := variantInfos()
	if err != nil {
		fmt.Fprintln(stderr, "variants:", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", " ")
		if err := enc.Encode(infos); err != nil {
			fmt.Fprintln(stderr, "variants:", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tPLAYERS\tCENTRES\tVICTORY\tFIRST PHASE")
	for _, v := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", v.ID, shorten(v.Title, 48), v.Players, v.Centers, v.Victory, v.FirstPhase)
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(stderr, "variants:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d maps; docs/variants.md says what is special about each.\n", len(infos))
	return 0
}

// ruleOptions are the options of a hosted Diplomacy game.
func ruleOptions() []diplomacy.OptionInfo { return catalog.DiplomacyOptions() }

// printOptions lists the rule-variant options as a table or as JSON.
func printOptions(stdout, stderr io.Writer, asJSON bool) int {
	opts := ruleOptions()
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", " ")
		if err := enc.Encode(opts); err != nil {
			fmt.Fprintln(stderr, "variants:", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPTION\tVALUES\tVARIANT\tWHAT IT DOES")
	for _, o := range opts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", o.Key, o.Values, o.Variant, o.Summary)
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(stderr, "variants:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d options; they combine with any map and with each other except the pairs docs/variants.md lists.\n", len(opts))
	return 0
}

// shorten cuts s to at most n runes, marking the cut with "…".
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
