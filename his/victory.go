package his

import (
	"fmt"
	"strings"
)

// Victory (§23): military and religious victories end the game at once;
// Standard, Domination and Time Limit are checked in the Victory
// Determination Phase at the end of each turn.

// endGame ends the game with the given winners and reason.
func (s *State) endGame(reason string, winners ...Power) {
	s.Phase = PhaseOver
	s.Stack = s.Stack[:0]
	s.Winners = append([]Power(nil), winners...)
	s.Result = reason
	s.emit("over", reason)
}

// checkReligious: 50 Protestant spaces, none in unrest, win for the
// Protestant (§23.1; ruling V1: checked whenever the count may change;
// V4: 50 suffice).
func (s *State) checkReligious() bool {
	if s.Phase == PhaseOver || s.ProtestantSpaces() < 50 {
		return false
	}
	s.endGame("Religious victory: 50 Protestant spaces", Protestant)
	return true
}

// checkMilitary: during the Action Phase a power whose Auto Win box is
// uncovered wins (§23.1, V3).
func (s *State) checkMilitary() bool {
	if s.Phase != PhaseAction {
		return false
	}
	for p := Power(0); p < Protestant; p++ {
		if !s.playsCards(p) {
			continue // 2-player: only the players win
		}
		if _, _, auto := s.KeyCardsVP(p); auto {
			s.endGame(fmt.Sprintf("Military victory: %s", p), p)
			return true
		}
	}
	return false
}

// victoryDetermination runs §23.3 at the end of a turn and records every
// power's VP for later tie-breaks. It reports whether the game ended.
func (s *State) victoryDetermination() bool {
	var vp [NumMajors]int
	for p := Power(0); p < NumMajors; p++ {
		vp[p] = s.VP(p)
	}
	s.VPHistory = append(s.VPHistory, vp)
	if s.Two != nil {
		return s.twoVictory(vp)
	}
	best := 0
	for _, v := range vp {
		if v > best {
			best = v
		}
	}
	last := s.lastTurn() // 9, or 6 in the Tournament scenario
	switch {
	case best >= 25:
		reason := s.highest(vp, "Standard victory")
		s.endGame(reason, s.Winners...)
		return true
	case s.Turn >= 4:
		for p := Power(0); p < NumMajors; p++ {
			dom := true
			for q := Power(0); q < NumMajors; q++ {
				dom = dom && (q == p || vp[p] >= vp[q]+5)
			}
			if dom {
				s.endGame(fmt.Sprintf("Domination victory: %s with %d VP", p, vp[p]), p)
				return true
			}
		}
	}
	if s.Turn >= last {
		reason := s.highest(vp, "Time limit victory")
		s.endGame(reason, s.Winners...)
		return true
	}
	return false
}

// highest names the power with the most VP, breaking ties on earlier
// turns' totals, then on the starting VP (V2); a tie through all of these
// is a shared victory. It sets Winners and returns the reason.
func (s *State) highest(vp [NumMajors]int, kind string) string {
	best := -1 << 30
	for _, v := range vp {
		if v > best {
			best = v
		}
	}
	var tied []Power
	for p := Power(0); p < NumMajors; p++ {
		if vp[p] == best {
			tied = append(tied, p)
		}
	}
	history := s.VPHistory[:len(s.VPHistory)-1]
	for i := len(history) - 1; i >= -1 && len(tied) > 1; i-- {
		score := func(p Power) int {
			if i < 0 {
				return s.startVP(p)
			}
			return history[i][p]
		}
		top := -1 << 30
		for _, p := range tied {
			if score(p) > top {
				top = score(p)
			}
		}
		var keep []Power
		for _, p := range tied {
			if score(p) == top {
				keep = append(keep, p)
			}
		}
		tied = keep
	}
	s.Winners = tied
	var names []string
	for _, p := range tied {
		names = append(names, p.String())
	}
	if len(tied) > 1 {
		return fmt.Sprintf("%s: shared by %s with %d VP", kind, strings.Join(names, ", "), best)
	}
	return fmt.Sprintf("%s: %s with %d VP", kind, names[0], best)
}
