package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// `his selfplay` prints one JSON line per finished game; the Tournament
// scenario ends by Turn 6; bad arguments are refused with exit status 2.
func TestHISSelfplay(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runHIS([]string{"selfplay", "--scenario", "tournament", "--players", "3", "--games", "2", "--seed", "5"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	sc := bufio.NewScanner(&out)
	n := 0
	for sc.Scan() {
		var g struct {
			Seed      uint64         `json:"seed"`
			Scenario  string         `json:"scenario"`
			Players   int            `json:"players"`
			Winners   []string       `json:"winners"`
			Turn      int            `json:"turn"`
			VP        map[string]int `json:"vp"`
			Decisions int            `json:"decisions"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		if g.Seed != uint64(5+n) || g.Scenario != "tournament" || g.Players != 3 || len(g.Winners) == 0 ||
			g.Turn < 4 || g.Turn > 6 || len(g.VP) != 6 || g.Decisions == 0 {
			t.Errorf("game %d: %+v", n, g)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("%d lines, want 2", n)
	}
	for _, args := range [][]string{{"selfplay", "--scenario", "1999"}, {"selfplay", "--players", "9"}, {"selfplay", "--games", "0"}} {
		errb.Reset()
		if code := runHIS(args, strings.NewReader(""), &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
