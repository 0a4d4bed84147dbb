package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/his"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runMain(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestHISNew(t *testing.T) {
	code, out, errs := runCmd(t, "", "his", "new", "--scenario", "1517", "--seed", "7", "--seat", "papacy")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v struct {
		Seed uint64 `json:"seed"`
		View struct {
			Turn   int                       `json:"turn"`
			Spaces map[string]any            `json:"spaces"`
			Powers map[string]map[string]any `json:"powers"`
		} `json:"view"`
		Pending []struct{ Seat, Kind string } `json:"pending"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Seed != 7 || v.View.Turn != 1 || len(v.View.Spaces) != 134 || len(v.Pending) != 1 || v.Pending[0].Seat != "protestant" || v.Pending[0].Kind != "reformation.target" {
		t.Errorf("setup: seed %d turn %d spaces %d pending %v", v.Seed, v.View.Turn, len(v.View.Spaces), v.Pending)
	}
	if _, ok := v.View.Powers["papacy"]["hand"]; !ok {
		t.Error("the Papacy sees its hand")
	}
	if _, ok := v.View.Powers["france"]["hand"]; ok {
		t.Error("the Papacy sees France's hand")
	}
	// Same seed, same setup.
	_, out2, _ := runCmd(t, "", "his", "new", "--scenario", "1517", "--seed", "7", "--seat", "papacy")
	if out != out2 {
		t.Error("the same seed gave another setup")
	}
	// The 1532 scenario opens in Turn 4.
	if code, out, errs := runCmd(t, "", "his", "new", "--scenario", "1532", "--players", "4"); code != 0 || !strings.Contains(out, `"turn": 4`) {
		t.Errorf("his new --scenario 1532: exit %d, stderr %q", code, errs)
	}
	for _, bad := range [][]string{{"his", "new", "--scenario", "1540"}, {"his", "new", "--players", "7"}, {"his", "new", "--edition", "1999"}, {"his", "new", "--seat", "venice"}, {"his", "new", "extra"}, {"his", "frobnicate"}, {"his"}} {
		if code, _, errs := runCmd(t, "", bad...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errs)
		}
	}
}

const workedExample = `{"initiator":"papacy","zone":"german","source":"leipzig",
 "debaters":{"carlstadt":"committed"},
 "hands":{"papacy":[6],"protestant":[7]},
 "dice":[5,6,1,1,1,1,1, 5,5,1,1,1,1, 6,1,1,1,1, 5,6,1,1,1],
 "picks":["carlstadt","aleander","melanchthon"],
 "choices":[["choose","eck"],["committed"],["luther"],["magdeburg"],["leipzig"]]}`

func TestHISDebate(t *testing.T) {
	code, out, errs := runCmd(t, workedExample, "his", "debate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Eck attacks with 7 dice", "Luther defends with 6 dice", "tie in round 1",
		"Aleander attacks with 5 dice", "Melanchthon defends with 5 dice", "Aleander's bonus", "flips Magdeburg", "flips Leipzig", "result: protestant wins by 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCmd(t, workedExample, "his", "debate", "--json")
	var rep struct {
		Winner   string            `json:"winner"`
		Flipped  []string          `json:"flipped"`
		Debaters map[string]string `json:"debaters"`
		DiceLeft int               `json:"dice_left"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("--json: exit %d, %s", code, out)
	}
	if rep.Winner != "protestant" || len(rep.Flipped) != 2 || rep.Debaters["aleander"] != "committed" || rep.DiceLeft != 0 {
		t.Errorf("report %+v", rep)
	}
	bad := map[string]string{
		`{"initiator":"papacy","zone":"german","debaters":{"erasmus":"committed"}}`:                  "unknown debater",
		`{"initiator":"france","zone":"german"}`:                                                     "only the Papacy and the Protestant",
		`{"initiator":"papacy","zone":"klingon"}`:                                                    "unknown language zone",
		`{"initiator":"papacy","zone":"german","dice":[7]}`:                                          "not a die roll",
		`{"initiator":"papacy","zone":"german","hands":{"protestant":[7]},"choices":[["sideways"]]}`: "not a legal choice",
		`{"initiator":"papacy","zone":"german","colour":"red"}`:                                      "unknown field",
		`{"initiator":"papacy","zone":"french"}`:                                                     "may not call a debate",
		`not json`:                                                                                   "bad position",
	}
	for in, want := range bad {
		code, _, errs := runCmd(t, in, "his", "debate")
		if code != 2 || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", in, code, errs, want)
		}
	}
}

// `his cards` lists the 135 cards with what the registry says is built.
func TestHISCards(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runHIS([]string{"cards"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, want := range []string{"31   Foul Weather", "response", "of 135 cards built", "201  Andrea Doria"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	out.Reset()
	if code := runHIS([]string{"cards", "--json", "--unbuilt"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rows []his.CardRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Done {
			t.Errorf("--unbuilt lists #%d, which is built", r.Number)
		}
	}
	if code := runHIS([]string{"cards", "extra"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("an extra argument exits 2, got %d", code)
	}
}
