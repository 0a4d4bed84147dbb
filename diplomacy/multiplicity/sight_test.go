package multiplicity

import (
	"testing"

	"concordat/game"
)

// Under Fog of War a power's Sight shows only what it sees: England at the
// start sees its own units, not Turkey's fleet in Ankara, and no owner of
// Turkey's centres; without fog it sees both. The sight is a copy: the
// game's position is unchanged when the sight's is.
func TestSightFog(t *testing.T) {
	var r Rules
	for _, fog := range []bool{true, false} {
		opts := map[string]string{"multiplicity": "true"}
		if fog {
			opts["fog"] = "true"
		}
		st, err := r.Setup(game.Config{Options: opts}, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := SightOf(st, "england")
		if err != nil {
			t.Fatal(err)
		}
		m := s.Pos.Map
		ank, _ := m.LookupLoc("ank")
		lon, _ := m.LookupLoc("lon")
		if s.Pos.Units[m.Prov(lon)].Empty() {
			t.Fatalf("fog %v: England does not see its fleet in London", fog)
		}
		seen := !s.Pos.Units[m.Prov(ank)].Empty()
		owner := s.Pos.Owners[m.Prov(ank)]
		tu, _ := m.LookupPower("turkey")
		if fog && (seen || owner == tu) || !fog && (!seen || owner != tu) {
			t.Fatalf("fog %v: Ankara's fleet seen %v, owner %v", fog, seen, owner)
		}
		if !s.Choosing || len(s.Legal.Choices) == 0 {
			t.Fatalf("fog %v: the start choice is not in the sight", fog)
		}
		s.Pos.Units[m.Prov(lon)] = Unit{}
		if state(st).Pos.Units[m.Prov(lon)].Empty() {
			t.Fatal("the sight shares the game's position")
		}
	}
	if _, err := SightOf(mustSetup(t), "narnia"); err == nil {
		t.Fatal("a sight for no seat")
	}
}

func mustSetup(t *testing.T) game.State {
	st, err := Rules{}.Setup(game.Config{Options: map[string]string{"multiplicity": "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
