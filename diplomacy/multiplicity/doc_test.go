package multiplicity

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The JSON examples of docs/multiplicity.md are real: each input block
// gives the output block that follows it.
func TestDocExamples(t *testing.T) {
	data, err := os.ReadFile("../../docs/multiplicity.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(marker string, s string) (string, string, bool) {
		i := strings.Index(s, marker)
		if i < 0 {
			return "", s, false
		}
		s = s[i+len(marker):]
		start := strings.Index(s, "```json\n")
		end := strings.Index(s[start+8:], "```")
		if start < 0 || end < 0 {
			t.Fatalf("a %s without its json block", marker)
		}
		return s[start+8 : start+8+end], s[start+8+end:], true
	}
	rest := string(data)
	n := 0
	for {
		in, r, ok := block("<!-- example input -->", rest)
		if !ok {
			break
		}
		want, r2, ok := block("<!-- example output -->", r)
		if !ok {
			t.Fatal("an example input without its output")
		}
		rest = r2
		got, err := Adjudicate([]byte(in))
		if err != nil {
			t.Fatalf("example %d: %v", n+1, err)
		}
		var w bytes.Buffer
		if err := json.Compact(&w, []byte(want)); err != nil {
			t.Fatalf("example %d: output block: %v", n+1, err)
		}
		if string(got) != w.String() {
			t.Errorf("example %d:\n got  %s\n doc  %s", n+1, got, w.String())
		}
		n++
	}
	if n < 4 {
		t.Fatalf("only %d examples found", n)
	}
}
