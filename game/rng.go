package game

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// RNG is the seeded random generator a game carries in its state. It is a
// value type: copying it (as a state Clone does) copies its position in the
// stream, so a copy draws the same numbers as the original. Its JSON form
// holds the full generator state, so a snapshot replays exactly.
//
// It wraps the standard library's PCG generator.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded from seed alone.
func NewRNG(seed uint64) RNG {
	var r RNG
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
	return r
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// Intn returns a uniform number in [0, n). It panics if n <= 0.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("game.RNG.Intn: n <= 0")
	}
	// Lemire's multiply-shift with rejection: unbiased and division-free in
	// the common case.
	un := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// Die rolls one six-sided die: 1 to 6.
func (r *RNG) Die() int { return r.Intn(6) + 1 }

// Shuffle puts the n elements behind swap in random order (Fisher–Yates).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// MarshalJSON encodes the generator's full state.
func (r RNG) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	if err := r.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	return nil
}
