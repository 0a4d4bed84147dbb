// Command datc transcribes the DATC test cases (../shared/diplomacy/datc,
// cases.json) into the project's own test data, diplomacy/testdata/datc.json:
//
//	go run ./internal/gen/datc -shared ../shared
//
// Each case becomes units as "power A|F loc" and orders as
// "power: order => expectation" (expectation "-" where the DATC states none).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

type srcUnit struct {
	Power string `json:"power"`
	Type  string `json:"type"`
	At    string `json:"at"`
}

type srcOrder struct {
	Power  string  `json:"power"`
	Order  string  `json:"order"`
	Expect *string `json:"expect"`
}

type srcCase struct {
	ID     string            `json:"id"`
	Name   string            `json:"name"`
	Rules  string            `json:"rules"`
	Phase  string            `json:"phase"`
	Units  []srcUnit         `json:"units"`
	Owners map[string]string `json:"owners"`
	Orders []srcOrder        `json:"orders"`
	Before *struct {
		Units  []srcUnit  `json:"units"`
		Orders []srcOrder `json:"orders"`
	} `json:"before"`
	Removed []srcUnit `json:"civil_disorder_disbands"`
	Note    string    `json:"note"`
}

// Case is one transcribed test case.
type Case struct {
	ID      string            `json:"id"`
	Name    string            `json:"name"`
	Rules   string            `json:"rules"`
	Phase   string            `json:"phase"`
	Before  *Step             `json:"before,omitempty"`
	Units   []string          `json:"units,omitempty"`
	Owners  map[string]string `json:"owners,omitempty"`
	Orders  []string          `json:"orders"`
	Removed []string          `json:"removed,omitempty"`
	Note    string            `json:"note,omitempty"`
}

// Step is the movement phase a retreat case starts from.
type Step struct {
	Units  []string `json:"units"`
	Orders []string `json:"orders"`
}

func units(us []srcUnit) []string {
	var out []string
	for _, u := range us {
		out = append(out, fmt.Sprintf("%s %s %s", u.Power, strings.ToUpper(u.Type[:1]), u.At))
	}
	return out
}

func orders(os []srcOrder) []string {
	out := []string{}
	for _, o := range os {
		e := "-"
		if o.Expect != nil {
			e = *o.Expect
		}
		out = append(out, fmt.Sprintf("%s: %s => %s", o.Power, o.Order, e))
	}
	return out
}

func main() {
	shared := flag.String("shared", "../shared", "the shared reference folder")
	out := flag.String("out", "diplomacy/testdata/datc.json", "output file")
	flag.Parse()
	raw, err := os.ReadFile(filepath.Join(*shared, "diplomacy", "datc", "cases.json"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "datc:", err)
		os.Exit(1)
	}
	var src struct {
		Cases []srcCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &src); err != nil {
		fmt.Fprintln(os.Stderr, "datc:", err)
		os.Exit(1)
	}
	var cases []Case
	for _, c := range src.Cases {
		if c.Rules == "dptg" {
			continue // the DPTG preference is for information only
		}
		tc := Case{ID: c.ID, Name: c.Name, Rules: c.Rules, Phase: c.Phase, Units: units(c.Units),
			Owners: c.Owners, Orders: orders(c.Orders), Removed: units(c.Removed), Note: c.Note}
		if c.Before != nil {
			tc.Before = &Step{Units: units(c.Before.Units), Orders: orders(c.Before.Orders)}
		}
		cases = append(cases, tc)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(cases); err != nil {
		panic(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "datc:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d cases to %s\n", len(cases), *out)
}
