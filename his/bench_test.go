package his

import (
	"testing"
)

// BenchmarkRandomGame plays whole random 1517 games (six seats, through
// the game contract: Legal, a random path, Apply with JSON arguments, the
// record kept), each from its own seed. The target is 50 ms a game
// (docs/perf.md).
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	steps := 0
	for i := 0; i < b.N; i++ {
		rec, _, err := RandomGame(uint64(i) + 1)
		if err != nil {
			b.Fatal(err)
		}
		steps += len(rec.Steps)
	}
	b.ReportMetric(float64(steps)/float64(b.N), "decisions/game")
}

// BenchmarkClone copies a mid-game state (Turn 3's Action Phase of a
// random game).
func BenchmarkClone(b *testing.B) {
	s := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = s.Clone()
	}
}

// BenchmarkMarshal encodes the same state as a snapshot.
func BenchmarkMarshal(b *testing.B) {
	s := midGame(b)
	var rules Rules
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := rules.Marshal(s); err != nil {
			b.Fatal(err)
		}
	}
}

// midGame is the state of a random game at its first impulse of Turn 3.
func midGame(b *testing.B) *State {
	b.Helper()
	rec, _, err := RandomGame(5)
	if err != nil {
		b.Fatal(err)
	}
	var rules Rules
	st, _ := rules.Setup(rec.Config, rec.Seed)
	s := st.(*State)
	for _, step := range rec.Steps {
		if d, _ := s.top(); s.Turn == 3 && d.Kind == kImpulse {
			return s
		}
		if _, _, err := rules.Apply(s, step.Seat, step.Action); err != nil {
			b.Fatal(err)
		}
	}
	b.Fatal("seed 5 never reaches Turn 3's Action Phase")
	return nil
}
