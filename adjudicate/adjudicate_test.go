package adjudicate

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

// twoArmies is a standoff: two armies move into one province, a third
// moves freely.
const twoArmies = `{"phase": {"season": "spring", "year": 1901, "type": "movement"},
 "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "germany", "type": "army", "at": "mun"},
           {"power": "italy", "type": "army", "at": "ven"}],
 "orders": {"france": ["A par - bur"], "germany": ["A mun - bur"], "italy": ["A ven - tyr"]}}`

// TestJSON: two armies moving into one province both bounce; a third
// moves (the rulebook's standoff), and the result says so; many callers
// at once get the same bytes.
func TestJSON(t *testing.T) {
	out, err := JSON([]byte(twoArmies))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"order":"A par - bur","result":"fails"`, `"order":"A mun - bur","result":"fails"`, `"order":"A ven - tyr","result":"succeeds"`, `"at":"tyr"`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Fatalf("the result lacks %s:\n%s", want, out)
		}
	}
	if bytes.HasSuffix(out, []byte("\n")) {
		t.Fatal("the result ends with a newline")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if again, err := JSON([]byte(twoArmies)); err != nil || !bytes.Equal(again, out) {
					t.Errorf("another call: %v\n%s", err, again)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestInputErrors: bad input is an *InputError (Invalid) naming the
// problem, never a panic.
func TestInputErrors(t *testing.T) {
	for in, want := range map[string]string{
		"":                "empty",
		"{":               "ends inside",
		`{"center": {}}`:  `unknown field "center"`,
		`{"phase": 3}`:    "phase",
		twoArmies + ` {}`: "one phase per input",
	} {
		_, err := JSON([]byte(in))
		var ie *InputError
		if !errors.As(err, &ie) || !ie.Invalid() || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an input error naming %q", in, err, want)
		}
	}
}
