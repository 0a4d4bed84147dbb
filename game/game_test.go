package game

import "testing"

func TestAllReady(t *testing.T) {
	for _, c := range []struct {
		ps   []Prompt
		want bool
	}{
		{nil, false}, // nothing owed: no window to close early
		{[]Prompt{{Seat: "a", Ready: true}}, true},
		{[]Prompt{{Seat: "a", Ready: true}, {Seat: "b"}}, false},
		{[]Prompt{{Seat: "a", Ready: true}, {Seat: "b", Ready: true}}, true},
	} {
		if got := AllReady(c.ps); got != c.want {
			t.Errorf("AllReady(%v) = %v, want %v", c.ps, got, c.want)
		}
	}
}
