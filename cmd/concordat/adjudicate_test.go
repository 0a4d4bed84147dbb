package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// adjResult mirrors the documented output of `concordat adjudicate`.
type adjResult struct {
	Orders []struct {
		Power  string `json:"power"`
		Order  string `json:"order"`
		Result string `json:"result"`
		Reason string `json:"reason"`
	} `json:"orders"`
	Next struct {
		Phase struct {
			Season string `json:"season"`
			Year   int    `json:"year"`
			Type   string `json:"type"`
		} `json:"phase"`
		Units []struct {
			Power string `json:"power"`
			Type  string `json:"type"`
			At    string `json:"at"`
		} `json:"units"`
		Dislodged []struct {
			Power        string   `json:"power"`
			Type         string   `json:"type"`
			At           string   `json:"at"`
			AttackerFrom string   `json:"attacker_from"`
			Retreats     []string `json:"retreats"`
		} `json:"dislodged"`
		Centers map[string]string `json:"centers"`
		Winner  *string           `json:"winner"`
	} `json:"next"`
	Error string `json:"error"`
}

// run runs the command line through runMain.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runMain(append([]string{"adjudicate"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// adjudicate runs one phase that must succeed and decodes its result.
func adjudicate(t *testing.T, input string, args ...string) adjResult {
	t.Helper()
	code, out, errs := run(t, input, args...)
	if code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, errs)
	}
	if errs != "" {
		t.Errorf("unexpected stderr %q", errs)
	}
	return decodeResult(t, out)
}

func decodeResult(t *testing.T, s string) adjResult {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	var r adjResult
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("result %q does not decode: %v", s, err)
	}
	return r
}

// results is "power: order => result (reason)" per order, to compare whole.
func (r adjResult) results() []string {
	var out []string
	for _, o := range r.Orders {
		s := o.Power + ": " + o.Order + " => " + o.Result
		if o.Reason != "" {
			s += " (" + o.Reason + ")"
		}
		out = append(out, s)
	}
	return out
}

// units is "power type at" per unit, sorted.
func (r adjResult) units() []string {
	var out []string
	for _, u := range r.Next.Units {
		out = append(out, u.Power+" "+u.Type+" "+u.At)
	}
	sort.Strings(out)
	return out
}

func (r adjResult) phase() string {
	p := r.Next.Phase
	return fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type)
}

func sameStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// The example of issue 2 puts a dislodged unit into a movement phase, which
// the rules do not allow: the command refuses it, naming the field.
func TestAdjudicateIssueExampleAsWritten(t *testing.T) {
	in := `{
  "variant": "standard",
  "rules": "2023",
  "phase": {"season": "spring", "year": 1901, "type": "movement"},
  "units": [{"power": "england", "type": "fleet", "at": "nth"}],
  "dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den"}],
  "centers": {"lon": "england"},
  "orders": {"england": ["F nth - pic"]}
}`
	code, out, errs := run(t, in)
	if code != 2 || out != "" || !strings.Contains(errs, "dislodged") {
		t.Errorf("got status %d, stdout %q, stderr %q; want 2 and an error about dislodged", code, out, errs)
	}
}

// The issue's example made consistent: the movement phase in which the
// Russian fleet in Sweden is dislodged from Denmark, with Norway, the
// Baltic and Skagerrak occupied so that it may retreat to bot or fin only;
// the English fleet's order is the example's invalid one.
func TestAdjudicateIssueExample(t *testing.T) {
	in := `{
  "variant": "standard",
  "rules": "2023",
  "phase": {"season": "spring", "year": 1901, "type": "movement"},
  "units": [{"power": "england", "type": "fleet", "at": "nth"},
            {"power": "england", "type": "fleet", "at": "nwy"},
            {"power": "russia", "type": "fleet", "at": "swe"},
            {"power": "germany", "type": "fleet", "at": "den"},
            {"power": "germany", "type": "fleet", "at": "bal"},
            {"power": "germany", "type": "fleet", "at": "ska"}],
  "centers": {"lon": "england"},
  "orders": {"england": ["F nth - pic"], "germany": ["F den - swe", "F bal S F den - swe"]}
}`
	r := adjudicate(t, in)
	sameStrings(t, "orders", r.results(), []string{
		"england: F nth - pic => invalid (F nth cannot reach pic)",
		"germany: F den - swe => succeeds",
		"germany: F bal S F den - swe => succeeds",
	})
	if got := r.phase(); got != "spring 1901 retreat" {
		t.Errorf("next phase %q, want spring 1901 retreat", got)
	}
	sameStrings(t, "units", r.units(), []string{
		"england fleet nth", "england fleet nwy", "germany fleet bal", "germany fleet ska", "germany fleet swe"})
	if len(r.Next.Dislodged) != 1 {
		t.Fatalf("dislodged %+v, want the Russian fleet", r.Next.Dislodged)
	}
	d := r.Next.Dislodged[0]
	if d.Power != "russia" || d.Type != "fleet" || d.At != "swe" || d.AttackerFrom != "den" ||
		strings.Join(d.Retreats, " ") != "bot fin" {
		t.Errorf("dislodged %+v, want russia fleet swe from den retreating to bot fin", d)
	}
	if len(r.Next.Centers) != 1 || r.Next.Centers["lon"] != "england" {
		t.Errorf("centers %v, want only lon: england (they change after fall only)", r.Next.Centers)
	}
	if r.Next.Winner != nil {
		t.Errorf("winner %q, want null", *r.Next.Winner)
	}
}

// startUnits is the standard opening position as JSON units.
const startUnits = `[
  {"power": "austria", "type": "army", "at": "bud"}, {"power": "austria", "type": "army", "at": "vie"}, {"power": "austria", "type": "fleet", "at": "tri"},
  {"power": "england", "type": "fleet", "at": "edi"}, {"power": "england", "type": "fleet", "at": "lon"}, {"power": "england", "type": "army", "at": "lvp"},
  {"power": "france", "type": "fleet", "at": "bre"}, {"power": "france", "type": "army", "at": "mar"}, {"power": "france", "type": "army", "at": "par"},
  {"power": "germany", "type": "fleet", "at": "kie"}, {"power": "germany", "type": "army", "at": "ber"}, {"power": "germany", "type": "army", "at": "mun"},
  {"power": "italy", "type": "fleet", "at": "nap"}, {"power": "italy", "type": "army", "at": "rom"}, {"power": "italy", "type": "army", "at": "ven"},
  {"power": "russia", "type": "army", "at": "war"}, {"power": "russia", "type": "army", "at": "mos"}, {"power": "russia", "type": "fleet", "at": "sev"},
  {"power": "russia", "type": "fleet", "at": "stp/sc"},
  {"power": "turkey", "type": "fleet", "at": "ank"}, {"power": "turkey", "type": "army", "at": "con"}, {"power": "turkey", "type": "army", "at": "smy"}]`

const openingOrders = `{
  "austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
  "england": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
  "france": ["A par - bur", "A mar - spa", "F bre - mao"],
  "germany": ["A ber - kie", "F kie - den", "A mun - ruh"],
  "italy": ["A ven H", "A rom - apu", "F nap - ion"],
  "russia": ["A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"],
  "turkey": ["F ank - bla", "A con - bul", "A smy - con"]}`

var openingPhase = `{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": ` +
	startUnits + `, "orders": ` + openingOrders + `}`

func TestAdjudicateSpring1901Opening(t *testing.T) {
	r := adjudicate(t, openingPhase)
	sameStrings(t, "orders", r.results(), []string{
		"austria: A vie - gal => fails (bounced)",
		"austria: A bud - ser => succeeds",
		"austria: F tri - alb => succeeds",
		"england: F lon - nth => succeeds",
		"england: F edi - nwg => succeeds",
		"england: A lvp - yor => succeeds",
		"france: A par - bur => succeeds",
		"france: A mar - spa => succeeds",
		"france: F bre - mao => succeeds",
		"germany: A ber - kie => succeeds",
		"germany: F kie - den => succeeds",
		"germany: A mun - ruh => succeeds",
		"italy: A ven H => succeeds",
		"italy: A rom - apu => succeeds",
		"italy: F nap - ion => succeeds",
		"russia: A war - gal => fails (bounced)",
		"russia: A mos - ukr => succeeds",
		"russia: F sev - bla => fails (bounced)",
		"russia: F stp/sc - bot => succeeds",
		"turkey: F ank - bla => fails (bounced)",
		"turkey: A con - bul => succeeds",
		"turkey: A smy - con => succeeds",
	})
	if got := r.phase(); got != "fall 1901 movement" {
		t.Errorf("next phase %q, want fall 1901 movement", got)
	}
	sameStrings(t, "units", r.units(), []string{
		"austria army ser", "austria army vie", "austria fleet alb",
		"england army yor", "england fleet nth", "england fleet nwg",
		"france army bur", "france army spa", "france fleet mao",
		"germany army kie", "germany army ruh", "germany fleet den",
		"italy army apu", "italy army ven", "italy fleet ion",
		"russia army ukr", "russia army war", "russia fleet bot", "russia fleet sev",
		"turkey army bul", "turkey army con", "turkey fleet ank",
	})
	if len(r.Next.Dislodged) != 0 {
		t.Errorf("dislodged %+v, want none", r.Next.Dislodged)
	}
	// Centres omitted: the home centres; spring moves change nothing (the
	// Turkish army in Bulgaria does not own it yet).
	if len(r.Next.Centers) != 22 || r.Next.Centers["stp"] != "russia" || r.Next.Centers["con"] != "turkey" {
		t.Errorf("centers %v, want the 22 home centres", r.Next.Centers)
	}
	if _, ok := r.Next.Centers["bul"]; ok {
		t.Errorf("bul owned after a spring move: %v", r.Next.Centers)
	}
	if r.Next.Winner != nil {
		t.Errorf("winner %q, want null", *r.Next.Winner)
	}
}

// nextInput makes a result's next position, as the command wrote it, the
// input of the next phase with the given orders.
func nextInput(t *testing.T, result string, orders map[string][]string) string {
	t.Helper()
	var r struct {
		Next map[string]json.RawMessage `json:"next"`
	}
	if err := json.Unmarshal([]byte(result), &r); err != nil {
		t.Fatal(err)
	}
	o, _ := json.Marshal(orders)
	r.Next["orders"] = o
	in, err := json.Marshal(r.Next)
	if err != nil {
		t.Fatal(err)
	}
	return string(in)
}

// After the opening, a fall in which Germany takes Holland and Denmark and
// France Spain ends with centres changed and winter adjustments next; the
// builds follow. Each phase's input is the previous result's "next" with
// orders added.
func TestAdjudicateFallChangesCentres(t *testing.T) {
	code, spring, errs := run(t, openingPhase)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	in := nextInput(t, spring, map[string][]string{
		"germany": {"A kie - hol", "F den H"},
		"france":  {"A spa H"},
		"russia":  {"A war - gal"},
		"austria": {"A vie - gal"},
	})
	if !strings.Contains(in, `"winner":null`) {
		t.Fatalf("the next position %s has no winner field to be ignored", in)
	}
	code, fall, errs := run(t, in)
	if code != 0 {
		t.Fatalf("fall: status %d: %s", code, errs)
	}
	r := decodeResult(t, fall)
	if got := r.phase(); got != "winter 1901 adjustment" {
		t.Errorf("next phase %q, want winter 1901 adjustment", got)
	}
	for prov, owner := range map[string]string{"hol": "germany", "den": "germany", "spa": "france",
		"bul": "turkey", "ser": "austria", "nwy": "", "kie": "germany", "gal": ""} {
		if r.Next.Centers[prov] != owner {
			t.Errorf("centre %s owned by %q, want %q", prov, r.Next.Centers[prov], owner)
		}
	}
	// Winter: Germany (5 centres, 3 units) builds two and is refused a
	// third; Austria, France and Turkey could build one each and write
	// nothing.
	r = adjudicate(t, nextInput(t, fall, map[string][]string{"germany": {"Build A ber", "Build F kie", "Build A mun"}}))
	sameStrings(t, "winter orders", r.results(), []string{
		"germany: Build A ber => succeeds",
		"germany: Build F kie => succeeds",
		"germany: Build A mun => fails (no builds left)",
	})
	if got := r.phase(); got != "spring 1902 movement" {
		t.Errorf("next phase %q, want spring 1902 movement", got)
	}
	if n := len(r.Next.Units); n != 24 {
		t.Errorf("%d units after the builds, want 24: %v", n, r.units())
	}
}

const retreatPhase = `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
 "units": [{"power": "germany", "type": "fleet", "at": "swe"}, {"power": "germany", "type": "fleet", "at": "ska"},
           {"power": "england", "type": "fleet", "at": "nwy"}, {"power": "turkey", "type": "army", "at": "ser"}],
 "dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den"RETREATS},
               {"power": "austria", "type": "army", "at": "ser", "attacker_from": "bul"}],
 "orders": {"russia": ["F swe - bal"], "england": ["F nwy - nth"], "germany": ["F ska - nth"]}}`

func TestAdjudicateRetreatWorkedOut(t *testing.T) {
	// Without "retreats" the Russian fleet may go where it could move,
	// except occupied provinces and den where its attacker came from:
	// bal, bot, fin. The Austrian army has no order and is disbanded.
	r := adjudicate(t, strings.Replace(retreatPhase, "RETREATS", "", 1))
	sameStrings(t, "orders", r.results(), []string{
		"russia: F swe - bal => succeeds",
		"england: F nwy - nth => invalid (the unit at nwy was not dislodged)",
		"germany: F ska - nth => invalid (the unit at ska was not dislodged)",
	})
	if got := r.phase(); got != "fall 1901 movement" {
		t.Errorf("next phase %q, want fall 1901 movement", got)
	}
	sameStrings(t, "units", r.units(), []string{
		"england fleet nwy", "germany fleet ska", "germany fleet swe", "russia fleet bal", "turkey army ser"})
	if len(r.Next.Dislodged) != 0 {
		t.Errorf("dislodged after the retreat phase: %+v", r.Next.Dislodged)
	}
}

func TestAdjudicateRetreatGiven(t *testing.T) {
	// With "retreats" as the movement phase listed them (bal was a
	// standoff), the retreat to bal is refused and the fleet disbanded.
	r := adjudicate(t, strings.Replace(retreatPhase, "RETREATS", `, "retreats": ["bot", "fin"]`, 1))
	sameStrings(t, "orders", r.results(), []string{
		"russia: F swe - bal => invalid (F swe may not retreat to bal)",
		"england: F nwy - nth => invalid (the unit at nwy was not dislodged)",
		"germany: F ska - nth => invalid (the unit at ska was not dislodged)",
	})
	sameStrings(t, "units", r.units(), []string{
		"england fleet nwy", "germany fleet ska", "germany fleet swe", "turkey army ser"})
	// The same retreat to a listed province succeeds, "R" or "-".
	for _, order := range []string{"F swe - fin", "F swe R fin", "f SWE retreat fin"} {
		in := strings.Replace(retreatPhase, "RETREATS", `, "retreats": ["bot", "fin"]`, 1)
		in = strings.Replace(in, "F swe - bal", order, 1)
		r := adjudicate(t, in)
		if r.Orders[0].Result != "succeeds" {
			t.Errorf("%q: %s (%s), want succeeds", order, r.Orders[0].Result, r.Orders[0].Reason)
		}
		sameStrings(t, order+": units", r.units(), []string{
			"england fleet nwy", "germany fleet ska", "germany fleet swe", "russia fleet fin", "turkey army ser"})
	}
}

func TestAdjudicateRetreatBounce(t *testing.T) {
	in := `{"phase": {"season": "fall", "year": 1902, "type": "retreat"},
 "units": [{"power": "germany", "type": "army", "at": "boh"}, {"power": "italy", "type": "army", "at": "tyr"}],
 "dislodged": [{"power": "austria", "type": "army", "at": "boh", "attacker_from": "sil"},
               {"power": "germany", "type": "army", "at": "tyr", "attacker_from": "ven"}],
 "centers": {"vie": "austria", "mun": "germany"},
 "orders": {"austria": ["A boh - mun"], "germany": ["A tyr - mun"]}}`
	r := adjudicate(t, in)
	sameStrings(t, "orders", r.results(), []string{
		"austria: A boh - mun => fails (another unit retreated to the same province: both disbanded)",
		"germany: A tyr - mun => fails (another unit retreated to the same province: both disbanded)",
	})
	sameStrings(t, "units", r.units(), []string{"germany army boh", "italy army tyr"})
	// After a fall retreat the centres change hands (none here: no unit
	// stands on a centre). Germany keeps one centre and one unit; Austria
	// has Vienna and no unit, so it builds in the winter.
	if got := r.phase(); got != "winter 1902 adjustment" {
		t.Errorf("next phase %q, want winter 1902 adjustment", got)
	}
	if r.Next.Centers["mun"] != "germany" || r.Next.Centers["vie"] != "austria" || len(r.Next.Centers) != 2 {
		t.Errorf("centers %v", r.Next.Centers)
	}
}

const adjustmentPhase = `{RULES"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
 "units": [{"power": "germany", "type": "fleet", "at": "den"}, {"power": "germany", "type": "army", "at": "hol"}, {"power": "germany", "type": "army", "at": "ruh"},
           {"power": "russia", "type": "army", "at": "gal"}, {"power": "russia", "type": "fleet", "at": "nwy"}, {"power": "russia", "type": "army", "at": "mos"}, {"power": "russia", "type": "army", "at": "war"},
           {"power": "france", "type": "army", "at": "spa"}, {"power": "france", "type": "fleet", "at": "mao"}, {"power": "france", "type": "army", "at": "bur"},
           {"power": "turkey", "type": "army", "at": "bul"}, {"power": "turkey", "type": "army", "at": "gre"}, {"power": "turkey", "type": "fleet", "at": "bla"}, {"power": "turkey", "type": "army", "at": "arm"}],
 "centers": {"ber": "germany", "kie": "germany", "mun": "germany", "den": "germany", "hol": "germany",
             "mos": "russia", "war": "russia", "nwy": "russia",
             "bre": "france", "par": "france", "mar": "france", "spa": "france",
             "con": "turkey", "ank": "turkey"},
 "orders": {"germany": ["Build A ber", "B F kie", "Build A mun"], "france": ["Waive"], "turkey": ["A arm Disband"]}}`

func TestAdjudicateAdjustments(t *testing.T) {
	// Germany (5 centres, 3 units) builds two and is refused a third;
	// France waives its build; Turkey (2 centres, 4 units) disbands one and
	// civil disorder removes the unit farthest from its centres, A gre;
	// Russia (3 centres, 4 units) wrote nothing: in 2023 the farthest from
	// its owned centres goes, A gal (nwy is an owned centre).
	r := adjudicate(t, strings.Replace(adjustmentPhase, "RULES", "", 1))
	sameStrings(t, "orders", r.results(), []string{
		"germany: Build A ber => succeeds",
		"germany: B F kie => succeeds",
		"germany: Build A mun => fails (no builds left)",
		"france: Waive => succeeds",
		"turkey: A arm Disband => succeeds",
	})
	if got := r.phase(); got != "spring 1902 movement" {
		t.Errorf("next phase %q, want spring 1902 movement", got)
	}
	sameStrings(t, "units", r.units(), []string{
		"france army bur", "france army spa", "france fleet mao",
		"germany army ber", "germany army hol", "germany army ruh", "germany fleet den", "germany fleet kie",
		"russia army mos", "russia army war", "russia fleet nwy",
		"turkey army bul", "turkey fleet bla",
	})
	if len(r.Next.Centers) != 14 || r.Next.Centers["nwy"] != "russia" {
		t.Errorf("centers %v, want the 14 given, unchanged", r.Next.Centers)
	}
}

func TestAdjudicateCivilDisorderByEdition(t *testing.T) {
	// Before 2023 civil disorder measures from home centres: A gal and
	// F nwy are both one move from one; the fleet goes first.
	for _, ed := range []string{"1971", "1982", "2000"} {
		r := adjudicate(t, strings.Replace(adjustmentPhase, "RULES", `"rules": "`+ed+`", `, 1))
		var russia []string
		for _, u := range r.units() {
			if strings.HasPrefix(u, "russia ") {
				russia = append(russia, u)
			}
		}
		sameStrings(t, ed+": russian units", russia, []string{"russia army gal", "russia army mos", "russia army war"})
	}
	r := adjudicate(t, strings.Replace(adjustmentPhase, "RULES", `"rules": "2023", `, 1))
	if u := r.units(); !strings.Contains(strings.Join(u, ","), "russia fleet nwy") ||
		strings.Contains(strings.Join(u, ","), "russia army gal") {
		t.Errorf("2023: units %v, want F nwy kept and A gal removed", u)
	}
}

// A unit dislodged by a convoyed army may retreat to the army's origin
// under the 2000 and 2023 rules, not under 1971 and 1982.
func TestAdjudicateRetreatToConvoyOriginByEdition(t *testing.T) {
	for _, c := range []struct{ rules, retreats string }{
		{"1971", "bur hol ruh"}, {"1982", "bur hol ruh"}, {"2000", "bur hol pic ruh"}, {"2023", "bur hol pic ruh"}, {"", "bur hol pic ruh"},
	} {
		in := `{"rules": "` + c.rules + `", "phase": {"season": "spring", "year": 1901, "type": "movement"},
 "units": [{"power": "france", "type": "army", "at": "pic"}, {"power": "france", "type": "fleet", "at": "eng"},
           {"power": "france", "type": "fleet", "at": "nth"}, {"power": "germany", "type": "army", "at": "bel"}],
 "orders": {"france": ["A pic - bel via convoy", "F eng C A pic - bel", "F nth S A pic - bel"]}}`
		r := adjudicate(t, in)
		sameStrings(t, c.rules+": orders", r.results(), []string{
			"france: A pic - bel via convoy => succeeds", "france: F eng C A pic - bel => succeeds", "france: F nth S A pic - bel => succeeds"})
		if len(r.Next.Dislodged) != 1 || r.Next.Dislodged[0].At != "bel" || r.Next.Dislodged[0].AttackerFrom != "pic" ||
			strings.Join(r.Next.Dislodged[0].Retreats, " ") != c.retreats {
			t.Errorf("rules %q: dislodged %+v, want A bel from pic retreating to %s", c.rules, r.Next.Dislodged, c.retreats)
		}
	}
}

func TestAdjudicateWinner(t *testing.T) {
	in := `{"phase": {"season": "fall", "year": 1905, "type": "movement"},
 "units": [{"power": "france", "type": "army", "at": "bur"}, {"power": "germany", "type": "army", "at": "ber"}],
 "centers": {"bre": "france", "par": "france", "mar": "france", "spa": "france", "por": "france", "bel": "france",
   "hol": "france", "lon": "france", "lvp": "france", "edi": "france", "nwy": "france", "tun": "france", "rom": "france",
   "nap": "france", "ven": "france", "kie": "france", "den": "france", "mun": "germany", "ber": "germany"},
 "orders": {"france": ["A bur - mun"], "germany": ["A ber - pru"]}}`
	r := adjudicate(t, in)
	sameStrings(t, "orders", r.results(), []string{
		"france: A bur - mun => succeeds", "germany: A ber - pru => succeeds"})
	if r.Next.Winner == nil || *r.Next.Winner != "france" {
		t.Fatalf("winner %v, want france", r.Next.Winner)
	}
	if r.Next.Centers["mun"] != "france" || r.Next.Centers["ber"] != "germany" {
		t.Errorf("centers %v", r.Next.Centers)
	}
	// The game is over: no adjustment phase.
	if got := r.phase(); got != "spring 1906 movement" {
		t.Errorf("next phase %q, want spring 1906 movement", got)
	}
	// With one centre fewer, no winner, and France builds in winter.
	r = adjudicate(t, strings.Replace(in, `"den": "france", `, "", 1))
	if r.Next.Winner != nil || r.phase() != "winter 1905 adjustment" {
		t.Errorf("17 centres: winner %v, next %s; want none and winter 1905 adjustment", r.Next.Winner, r.phase())
	}
}

func TestAdjudicateOrdersOfOtherPowersAndMissingUnits(t *testing.T) {
	in := `{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": ` + startUnits + `,
 "orders": {"england": ["A par - bur", "F nth - nwy", "A lvp - wal", "A lvp - yor", "F lon - spam", "A edi - yor"]}}`
	r := adjudicate(t, in)
	sameStrings(t, "orders", r.results(), []string{
		"england: A par - bur => invalid (the unit at par is not yours)",
		"england: F nth - nwy => invalid (there is no unit at nth)",
		"england: A lvp - wal => succeeds",
		"england: A lvp - yor => invalid (the unit at lvp already has an order)",
		`england: F lon - spam => invalid (order "F lon - spam": unknown province: "spam")`,
		"england: A edi - yor => invalid (the unit at edi is not an army)",
	})
	// The French army, ordered by England, stayed.
	if !strings.Contains(strings.Join(r.units(), ","), "france army par") {
		t.Errorf("units %v: the French army moved", r.units())
	}
}

func TestAdjudicateBadInput(t *testing.T) {
	valid := `{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "england", "type": "fleet", "at": "nth"}], "orders": {}}`
	cases := []struct{ name, in, want string }{
		{"malformed", `{"phase": {"season": "spring",`, "malformed"},
		{"not json", `hello`, "malformed"},
		{"empty", "", "empty"},
		{"trailing garbage", valid + ` x`, "after the phase"},
		{"two phases", valid + valid, "after the phase"},
		{"unknown field", strings.Replace(valid, `"orders"`, `"center": {}, "orders"`, 1), `unknown field "center"`},
		{"wrong type", strings.Replace(valid, `1901`, `"1901"`, 1), "phase.year"},
		{"unknown province", strings.Replace(valid, `"nth"`, `"nts2"`, 1), `unknown province "nts2"`},
		{"unknown variant", strings.Replace(valid, `{"phase"`, `{"variant": "ancient", "phase"`, 1), `unknown map "ancient"`},
		{"unknown rules", strings.Replace(valid, `{"phase"`, `{"rules": "1999", "phase"`, 1), `unknown rules edition "1999"`},
		{"unknown power", strings.Replace(valid, `"england"`, `"prussia"`, 1), `unknown power "prussia"`},
		{"unknown power in orders", strings.Replace(valid, `{}}`, `{"prussia": ["A ber H"]}}`, 1), `orders: unknown power "prussia"`},
		{"unknown season", strings.Replace(valid, `spring`, `summer`, 1), `unknown season "summer"`},
		{"fleet inland", strings.Replace(valid, `"nth"`, `"mun"`, 1), "cannot stand"},
		{"orders not a list", strings.Replace(valid, `{}}`, `{"england": "F nth H"}}`, 1), "want a list of strings"},
		{"unknown centre", strings.Replace(valid, `"orders"`, `"centers": {"xyz": "england"}, "orders"`, 1), `centers: unknown province "xyz"`},
		{"centre not a centre", strings.Replace(valid, `"orders"`, `"centers": {"yor": "england"}, "orders"`, 1), "yor is not a supply centre"},
		{"two units", strings.Replace(valid, `"units": [`, `"units": [{"power": "france", "type": "fleet", "at": "nth"}, `, 1), "two units in nth"},
		{"two units on coasts", strings.Replace(valid, `"units": [`, `"units": [{"power": "russia", "type": "fleet", "at": "stp/nc"}, {"power": "russia", "type": "army", "at": "stp"}, `, 1), "two units in stp"},
		{"dislodged in movement", strings.Replace(valid, `"orders"`, `"dislodged": [{"power": "england", "type": "fleet", "at": "lon", "attacker_from": "wal"}], "orders"`, 1), "dislodged"},
		{"array", `[` + valid + `]`, "malformed"},
		{"retreat to an occupied province", `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
		  "units": [{"power": "germany", "type": "fleet", "at": "swe"}, {"power": "germany", "type": "fleet", "at": "ska"}],
		  "dislodged": [{"power": "russia", "type": "fleet", "at": "swe", "attacker_from": "den", "retreats": ["bot", "ska"]}],
		  "orders": {"russia": ["F swe - ska"]}}`, `retreat "ska" is occupied`},
		{"unknown retreat", strings.Replace(retreatPhase, "RETREATS", `, "retreats": ["bot", "xyz"]`, 1), `unknown retreat province "xyz"`},
		{"unknown attacker_from", strings.Replace(strings.Replace(retreatPhase, "RETREATS", "", 1), `"bul"`, `"bulg"`, 1), `unknown attacker_from province "bulg"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := run(t, c.in)
			if code != 2 {
				t.Errorf("exit status %d, want 2 (stderr %q)", code, errs)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.Contains(errs, c.want) || !strings.HasPrefix(errs, "concordat adjudicate: ") {
				t.Errorf("stderr %q, want it to name %q", errs, c.want)
			}
		})
	}
	// The valid phase itself is fine.
	if code, _, errs := run(t, valid); code != 0 {
		t.Errorf("valid phase: status %d, stderr %q", code, errs)
	}
}

func TestAdjudicateArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
		{[]string{"phase.json"}, 2, `unexpected argument "phase.json"`},
		{[]string{"--batch", filepath.Join(t.TempDir(), "missing.jsonl")}, 2, "missing.jsonl"},
		{[]string{"--batch="}, 2, "--batch needs a file name"},
		{[]string{"--batch", "-", "--pretty"}, 2, "--pretty cannot be used with --batch"},
		{[]string{"-h"}, 0, "usage: concordat adjudicate"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

func TestAdjudicatePretty(t *testing.T) {
	code, out, _ := run(t, openingPhase, "--pretty")
	if code != 0 || !strings.HasPrefix(out, "{\n  \"orders\": [\n    {\n") {
		t.Fatalf("status %d, output %.60q", code, out)
	}
	_, compact, _ := run(t, openingPhase)
	var a, b bytes.Buffer
	json.Compact(&a, []byte(out))
	json.Compact(&b, []byte(compact))
	if a.String() != b.String() {
		t.Errorf("--pretty changes the result")
	}
	if strings.Count(compact, "\n") != 1 || !strings.HasSuffix(compact, "}\n") {
		t.Errorf("the compact result is not one line: %.80q", compact)
	}
}

// compact makes a phase one line for a batch.
func compact(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestAdjudicateBatch(t *testing.T) {
	retreat := strings.Replace(retreatPhase, "RETREATS", "", 1)
	lines := []string{
		compact(t, openingPhase),
		`{"phase": {"season": "spring"`, // malformed
		compact(t, retreat),
		`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "england", "type": "fleet", "at": "xyz"}]}`,
		"",
		compact(t, strings.Replace(adjustmentPhase, "RULES", "", 1)),
	}
	input := strings.Join(lines, "\n") + "\n"
	check := func(t *testing.T, code int, out, errs string) {
		t.Helper()
		if code != 2 {
			t.Errorf("exit status %d, want 2 (bad lines)", code)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != len(lines) {
			t.Fatalf("%d output lines for %d input lines:\n%s", len(got), len(lines), out)
		}
		results := make([]adjResult, len(got))
		for i, l := range got {
			results[i] = decodeResult(t, l)
		}
		for i, want := range []string{"", "malformed phase JSON", "", `unknown province "xyz"`, "empty", ""} {
			if want == "" && results[i].Error != "" {
				t.Errorf("line %d: error %q", i+1, results[i].Error)
			}
			if !strings.Contains(results[i].Error, want) {
				t.Errorf("line %d: error %q, want %q", i+1, results[i].Error, want)
			}
		}
		if results[0].phase() != "fall 1901 movement" || len(results[0].Orders) != 22 ||
			results[0].Orders[0].Result != "fails" {
			t.Errorf("line 1: %s, %d orders", results[0].phase(), len(results[0].Orders))
		}
		if results[2].Orders[0].Result != "succeeds" || results[2].phase() != "fall 1901 movement" {
			t.Errorf("line 3: %v", results[2].results())
		}
		if results[5].phase() != "spring 1902 movement" || len(results[5].Orders) != 5 {
			t.Errorf("line 6: %s %v", results[5].phase(), results[5].results())
		}
		for _, n := range []string{"line 2:", "line 4:", "line 5:"} {
			if !strings.Contains(errs, n) {
				t.Errorf("stderr %q does not name %s", errs, n)
			}
		}
		if strings.Contains(errs, "line 1:") || strings.Contains(errs, "line 3:") {
			t.Errorf("stderr %q names a good line", errs)
		}
	}
	t.Run("stdin", func(t *testing.T) {
		code, out, errs := run(t, input, "--batch", "-")
		check(t, code, out, errs)
	})
	t.Run("file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "in.jsonl")
		// CRLF line ends and no final newline are accepted.
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\r\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "--batch", path)
		check(t, code, out, errs)
	})
	t.Run("all good", func(t *testing.T) {
		in := compact(t, openingPhase) + "\n" + compact(t, openingPhase) + "\n"
		code, out, errs := run(t, in, "--batch", "-")
		if code != 0 || errs != "" || strings.Count(out, "\n") != 2 {
			t.Errorf("status %d, stderr %q, %d lines", code, errs, strings.Count(out, "\n"))
		}
	})
	t.Run("empty", func(t *testing.T) {
		code, out, errs := run(t, "", "--batch", "-")
		if code != 0 || out != "" || errs != "" {
			t.Errorf("status %d, stdout %q, stderr %q; want 0 and nothing", code, out, errs)
		}
	})
}

// A program may keep the command running and send one phase at a time,
// reading each result before it writes the next phase.
func TestAdjudicateBatchInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	var errb bytes.Buffer
	go func() {
		done <- runMain([]string{"adjudicate", "--batch", "-"}, inR, outW, &errb)
		outW.Close()
	}()
	results := bufio.NewReader(outR)
	for i, phase := range []string{compact(t, openingPhase), "{", compact(t, strings.Replace(retreatPhase, "RETREATS", "", 1))} {
		got := make(chan string, 1)
		go func() {
			line, _ := results.ReadString('\n')
			got <- line
		}()
		if _, err := io.WriteString(inW, phase+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case line := <-got:
			r := decodeResult(t, line)
			if (i == 1) != (r.Error != "") {
				t.Errorf("phase %d: result %q", i+1, line)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("phase %d: no result while the input stays open", i+1)
		}
	}
	inW.Close()
	if code := <-done; code != 2 {
		t.Errorf("exit status %d, want 2 (one bad line); stderr %q", code, errb.String())
	}
}

func TestAdjudicateBatchManyBadLines(t *testing.T) {
	input := strings.Repeat("nonsense\n", 25)
	code, out, errs := run(t, input, "--batch", "-")
	if code != 2 || strings.Count(out, `{"error":`) != 25 {
		t.Errorf("status %d, output %q", code, out)
	}
	if strings.Count(errs, "\n") != maxBadLinesReported+1 || !strings.Contains(errs, "25 bad lines in all") {
		t.Errorf("stderr %q: want %d lines described and a count", errs, maxBadLinesReported)
	}
}

var timeLine = regexp.MustCompile(`^adjudicated (\d+) phases in \d+\.\d{6} s \(\d+\.\d{2} µs/phase\)\n$`)

func TestAdjudicateTime(t *testing.T) {
	code, out, errs := run(t, openingPhase, "--time")
	if code != 0 || out == "" {
		t.Fatalf("status %d, stderr %q", code, errs)
	}
	m := timeLine.FindStringSubmatch(errs)
	if m == nil || m[1] != "1" {
		t.Errorf("stderr %q does not match %s with 1 phase", errs, timeLine)
	}
	// In a batch only the phases adjudicated count; the bad line does not.
	in := compact(t, openingPhase) + "\n{\n" + compact(t, openingPhase) + "\n"
	code, _, errs = run(t, in, "--batch", "-", "--time")
	lines := strings.SplitAfter(errs, "\n")
	last := lines[len(lines)-2]
	if m := timeLine.FindStringSubmatch(last); code != 2 || m == nil || m[1] != "2" {
		t.Errorf("status %d, last stderr line %q: want 2 phases", code, last)
	}
	// Nothing adjudicated: 0 phases, no division by zero.
	_, _, errs = run(t, "{", "--time")
	if !strings.HasSuffix(errs, "adjudicated 0 phases in 0.000000 s (0.00 µs/phase)\n") {
		t.Errorf("stderr %q", errs)
	}
}

// Hostile input: nothing crashes, bad input is refused with status 2,
// and large but valid input is adjudicated.
func TestAdjudicateHostileInput(t *testing.T) {
	t.Run("deep nesting", func(t *testing.T) {
		deep := `{"units": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
		code, out, errs := run(t, deep)
		if code != 2 || out != "" || !strings.Contains(errs, "malformed") {
			t.Errorf("status %d, stderr %.200q", code, errs)
		}
		code, out, _ = run(t, deep+"\n"+compact(t, openingPhase)+"\n", "--batch", "-")
		if code != 2 || strings.Count(out, "\n") != 2 || !strings.HasPrefix(out, `{"error":`) {
			t.Errorf("batch: status %d, output %.200q", code, out)
		}
	})
	t.Run("10000 orders", func(t *testing.T) {
		orders := make([]string, 10000)
		for i := range orders {
			orders[i] = fmt.Sprintf("A par - %s", []string{"bur", "pic", "gas", "bre"}[i%4])
		}
		ords, _ := json.Marshal(map[string][]string{"france": orders})
		in := `{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": ` + startUnits + `, "orders": ` + string(ords) + `}`
		r := adjudicate(t, in)
		if len(r.Orders) != 10000 {
			t.Fatalf("%d results for 10000 orders", len(r.Orders))
		}
		if r.Orders[0].Result != "succeeds" {
			t.Errorf("first order: %s %s", r.Orders[0].Result, r.Orders[0].Reason)
		}
		for i, o := range r.Orders[1:] {
			if o.Result != "invalid" || o.Reason != "the unit at par already has an order" {
				t.Fatalf("order %d: %s (%s)", i+2, o.Result, o.Reason)
			}
		}
		if !strings.Contains(strings.Join(r.units(), ","), "france army bur") {
			t.Errorf("units %v: want A par in bur", r.units())
		}
	})
	t.Run("many powers", func(t *testing.T) {
		// 200,000 distinct power names once took quadratic time to read.
		var b strings.Builder
		b.WriteString(`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [], "orders": {`)
		for i := 0; i < 200000; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d": []`, i)
		}
		b.WriteString("}}")
		start := time.Now()
		code, out, errs := run(t, b.String())
		if code != 2 || out != "" || !strings.Contains(errs, "more than 254 powers") {
			t.Errorf("status %d, stderr %q", code, errs)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("took %v to refuse", d)
		}
	})
	t.Run("huge order", func(t *testing.T) {
		long := "A par - " + strings.Repeat("bur ", 250000)
		ords, _ := json.Marshal(map[string][]string{"france": {long}})
		in := `{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": ` + startUnits + `, "orders": ` + string(ords) + `}`
		r := adjudicate(t, in)
		if r.Orders[0].Result != "invalid" || !strings.Contains(r.Orders[0].Reason, "unexpected words at the end") {
			t.Errorf("result %s, reason %.100q", r.Orders[0].Result, r.Orders[0].Reason)
		}
	})
	t.Run("line too long", func(t *testing.T) {
		defer func(n int) { maxPhaseBytes = n }(maxPhaseBytes)
		maxPhaseBytes = 4096
		huge := `{"orders": {"france": ["` + strings.Repeat("x", 10000) + `"]}}`
		in := compact(t, openingPhase) + "\n" + huge + "\n" + compact(t, openingPhase)
		code, out, errs := run(t, in, "--batch", "-")
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 2 || len(got) != 3 || !strings.Contains(got[1], "longer than 4096 bytes") ||
			decodeResult(t, got[2]).phase() != "fall 1901 movement" {
			t.Errorf("status %d, stderr %q, lines %d", code, errs, len(got))
		}
		code, out, errs = run(t, huge)
		if code != 2 || out != "" || !strings.Contains(errs, "larger than 4096 bytes") {
			t.Errorf("single: status %d, stderr %q", code, errs)
		}
	})
	t.Run("bytes that are not text", func(t *testing.T) {
		code, _, errs := run(t, "\x00\xff\xfe{")
		if code != 2 || !strings.Contains(errs, "malformed") {
			t.Errorf("status %d, stderr %q", code, errs)
		}
	})
}

// A retreat phase in which no dislodged unit can retreat is skipped: the
// units are disbanded at once and the next phase is the one after it; after
// a Fall phase the centres change hands first (docs/adjudicate.md: the next
// phase is one in which someone has something to decide).
func TestAdjudicateSkipsARetreatPhaseWithNoRetreat(t *testing.T) {
	// France's army in Paris is dislodged from Burgundy; Brest, Gascony and
	// Picardy are occupied and Burgundy is where the attack came from.
	in := func(season string) string {
		return `{"phase": {"season": "` + season + `", "year": 1901, "type": "movement"},
		  "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "france", "type": "fleet", "at": "bre"},
		    {"power": "france", "type": "army", "at": "gas"}, {"power": "germany", "type": "army", "at": "bur"},
		    {"power": "germany", "type": "army", "at": "pic"}],
		  "centers": {"par": "france", "bre": "france", "mun": "germany"},
		  "orders": {"germany": ["A bur - par", "A pic S A bur - par"]}}`
	}
	r := adjudicate(t, in("spring"))
	if got := r.phase(); got != "fall 1901 movement" {
		t.Errorf("spring: next phase %s, want fall 1901 movement", got)
	}
	if len(r.Next.Dislodged) != 0 {
		t.Errorf("spring: dislodged %+v", r.Next.Dislodged)
	}
	sameStrings(t, "spring units", r.units(), []string{"france army gas", "france fleet bre", "germany army par", "germany army pic"})
	if r.Next.Centers["par"] != "france" {
		t.Errorf("spring: par is %q's; centres change only after the fall", r.Next.Centers["par"])
	}
	r = adjudicate(t, in("fall"))
	// Paris is Germany's now; France has one centre for two units and must
	// disband: the winter adjustments follow.
	if got := r.phase(); got != "winter 1901 adjustment" {
		t.Errorf("fall: next phase %s, want winter 1901 adjustment", got)
	}
	if r.Next.Centers["par"] != "germany" || len(r.Next.Dislodged) != 0 {
		t.Errorf("fall: centres %v, dislodged %+v", r.Next.Centers, r.Next.Dislodged)
	}
}
