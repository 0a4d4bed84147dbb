package adjudicate

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestLegalJSON: the legal orders of a sandbox position, by power, as the
// rules allow them (a fleet in the North Sea reaches its eleven neighbours,
// an army in Paris may not move to the English Channel; a support of an
// army's move into a province the supporter borders), a retreat phase's
// retreats and disband, an adjustment's builds at home; bad input refused.
func TestLegalJSON(t *testing.T) {
	phase := `{"phase": {"season": "spring", "year": 1901, "type": "movement"},
	 "units": [{"power": "england", "type": "fleet", "at": "nth"}, {"power": "france", "type": "army", "at": "par"},
	           {"power": "france", "type": "army", "at": "bur"}, {"power": "germany", "type": "army", "at": "mun"}],
	 "orders": {"france": ["A par - xyz"]}}`
	out, err := LegalJSON([]byte(phase))
	if err != nil {
		t.Fatal(err)
	}
	var got LegalOrders
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	eng, fra := got.Orders["england"], got.Orders["france"]
	for _, to := range []string{"nwg", "ska", "hel", "den", "nwy", "edi", "yor", "lon", "eng", "bel", "hol"} {
		if !slices.Contains(eng, "F nth - "+to) {
			t.Errorf("F nth - %s not offered: %q", to, eng)
		}
	}
	for _, w := range []string{"A par - bur", "A par - pic", "A bur S A mun - ruh", "A par S A bur", "A par H"} {
		if !slices.Contains(fra, w) && !slices.Contains(fra, w+" H") {
			t.Errorf("France lacks %q: %q", w, fra)
		}
	}
	for _, bad := range []string{"A par - eng", "A par - mun", "A par S A mun - ruh"} {
		if slices.Contains(fra, bad) {
			t.Errorf("France is offered the illegal %q", bad)
		}
	}
	if len(got.Orders["germany"]) == 0 || len(got.Orders) != 3 {
		t.Errorf("powers: %v", got.Orders)
	}

	retreat := `{"phase": {"season": "spring", "year": 1901, "type": "retreat"},
	 "units": [{"power": "germany", "type": "army", "at": "bur"}],
	 "dislodged": [{"power": "france", "type": "army", "at": "bur", "attacker_from": "mun", "retreats": ["par", "gas"]}]}`
	if out, err = LegalJSON([]byte(retreat)); err != nil {
		t.Fatal(err)
	}
	got = LegalOrders{}
	json.Unmarshal(out, &got)
	if w := []string{"A bur D", "A bur R gas", "A bur R par"}; !slices.Equal(got.Orders["france"], w) {
		t.Errorf("retreats %q, want %q", got.Orders["france"], w)
	}

	adjust := `{"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
	 "units": [{"power": "russia", "type": "army", "at": "war"}],
	 "centers": {"war": "russia", "mos": "russia", "stp": "russia", "sev": "russia"}}`
	if out, err = LegalJSON([]byte(adjust)); err != nil {
		t.Fatal(err)
	}
	got = LegalOrders{}
	json.Unmarshal(out, &got)
	rus := got.Orders["russia"]
	for _, w := range []string{"Build A mos", "Build F stp/nc", "Build F stp/sc", "Build F sev", "Waive"} {
		if !slices.Contains(rus, w) {
			t.Errorf("Russia lacks %q: %q", w, rus)
		}
	}
	if slices.Contains(rus, "Build A war") {
		t.Errorf("a build in occupied Warsaw offered: %q", rus)
	}

	for _, bad := range []string{``, `{"units": [{"power": "france", "type": "army", "at": "pqr"}]}`, `{"options": {"multiplicity": "true"}}`} {
		if _, err := LegalJSON([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		} else if ie, ok := err.(*InputError); !ok || !ie.Invalid() {
			t.Errorf("%q: %v is not an input error", bad, err)
		}
	}
}
