package game

import (
	"encoding/json"
	"testing"
)

func TestRNGSameSeedSameStream(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for i := 0; i < 1000; i++ {
		if x, y := a.Uint64(), b.Uint64(); x != y {
			t.Fatalf("draw %d: %d != %d", i, x, y)
		}
	}
	c := NewRNG(43)
	same := 0
	for i := 0; i < 100; i++ {
		if a.Uint64() == c.Uint64() {
			same++
		}
	}
	if same > 1 {
		t.Fatalf("seeds 42 and 43 drew %d equal numbers of 100", same)
	}
}

func TestRNGCopyAndJSONKeepPosition(t *testing.T) {
	a := NewRNG(7)
	a.Intn(10)
	cp := a // a value copy continues the same stream
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var restored RNG
	if err := json.Unmarshal(data, &restored); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		want := a.Uint64()
		if got := cp.Uint64(); got != want {
			t.Fatalf("copy draw %d: %d, want %d", i, got, want)
		}
		if got := restored.Uint64(); got != want {
			t.Fatalf("restored draw %d: %d, want %d", i, got, want)
		}
	}
	if err := json.Unmarshal([]byte(`"AAAA"`), &restored); err == nil {
		t.Fatal("a truncated state was accepted")
	}
}

func TestRNGIntnRangeAndSpread(t *testing.T) {
	r := NewRNG(1)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		d := r.Die()
		if d < 1 || d > 6 {
			t.Fatalf("die rolled %d", d)
		}
		counts[d-1]++
	}
	for face, n := range counts {
		if n < 9000 || n > 11000 {
			t.Fatalf("face %d came up %d times of 60000", face+1, n)
		}
	}
	perm := []int{0, 1, 2, 3, 4}
	r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	seen := map[int]bool{}
	for _, v := range perm {
		seen[v] = true
	}
	if len(seen) != 5 {
		t.Fatalf("shuffle lost elements: %v", perm)
	}
}

// BotRNG depends on the seed and the seq, and on nothing else.
func TestBotRNG(t *testing.T) {
	a, b := BotRNG(5, 3), BotRNG(5, 3)
	if a.Uint64() != b.Uint64() {
		t.Fatal("BotRNG(5, 3) twice differs")
	}
	first := func(r RNG) uint64 { return r.Uint64() }
	if first(BotRNG(5, 3)) == first(BotRNG(5, 4)) || first(BotRNG(5, 3)) == first(BotRNG(6, 3)) || first(BotRNG(5, 0)) == first(NewRNG(5)) {
		t.Fatal("BotRNG ignores its seq or seed, or is the game's own generator")
	}
}
