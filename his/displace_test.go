package his

import "testing"

// Displacement when a space is ceded in a package or a peace (RULES.md
// §9.1 item 5: "Units in ceded spaces are displaced (§12.5)"; §12.5:
// "Displaced land units and army leaders go to the nearest single
// fortified space controlled by their power, or to their capital if it is
// friendly-controlled (DP(owner)) … Ties: DP(owner)").

// A package that makes the two powers allies does not keep the ceding
// power's units in the ceded space: the Hapsburgs cede Navarre to England
// and ally with it; their regular and their army leader leave, to a place
// the Hapsburgs choose among the nearest fortified Hapsburg spaces
// (Barcelona and Valladolid, 2 spaces away) and their capitals (Valladolid,
// Vienna).
func TestCessionToAnAllyDisplaces(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, Hapsburg)
	navarre := sp(t, "navarre")
	s.Spaces[navarre].Units[Hapsburg] = Units{Reg: 2}
	duke := leader(t, "duke_of_alva")
	s.Leaders[duke] = LeaderState{Loc: int(navarre), Captor: NoPower}
	mustAnnounce(t, s, Hapsburg, Item{Type: "alliance", A: "hapsburg", B: "england"}, Item{Type: "cede", From: "hapsburg", To: "england", Space: "navarre"})
	answer(t, s, kConfirm, England, "confirm")
	if !s.Allied(Hapsburg, England) || s.Spaces[navarre].Ctl != England {
		t.Fatal("the package took no effect")
	}
	wantOwed(t, s, kDisplace, Hapsburg, "Hapsburg units leave Navarre", "barcelona", "valladolid", "vienna")
	before := s.Spaces[sp(t, "barcelona")].Units[Hapsburg].Reg
	answer(t, s, kDisplace, Hapsburg, "barcelona")
	if u := s.Spaces[navarre].Units[Hapsburg]; u.Any() || s.Leaders[duke].Loc != int(sp(t, "barcelona")) {
		t.Fatalf("Navarre still holds %+v; the Duke of Alva is in %s", u, s.locName(s.Leaders[duke]))
	}
	if s.Spaces[sp(t, "barcelona")].Units[Hapsburg].Reg != before+2 {
		t.Fatal("the displaced regulars did not reach Barcelona")
	}
	if d, _ := s.top(); d.Kind != kAnnounce || d.Power != Hapsburg {
		t.Fatalf("after the displacement the Hapsburgs announce again, have %+v", d)
	}
}

// Never into a space the rules forbid: Lyon, the nearest fortified French
// space to Milan, is besieged by England (at war with France); French
// units displaced from Milan go to Marseille (the next nearest) or Paris.
func TestDisplacementAvoidsABesiegedSpace(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, Hapsburg)
	lyon := sp(t, "lyon")
	s.setWar(England, France, true)
	s.Spaces[lyon].Units[England] = Units{Reg: 4}
	s.Spaces[lyon].Besiegers = bit(England)
	mustAnnounce(t, s, Hapsburg, Item{Type: "cede", From: "france", To: "hapsburg", Space: "milan"}, Item{Type: "peace", A: "france", B: "hapsburg"})
	answer(t, s, kConfirm, France, "confirm")
	wantOwed(t, s, kDisplace, France, "French units leave Milan", "paris", "marseille")
}

// A single place to go needs no decision; with none, the units are
// eliminated: France cedes Milan while every fortified French space but
// Paris is held by England and Paris is besieged.
func TestDisplacementOnePlaceOrNone(t *testing.T) {
	for _, none := range []bool{false, true} {
		s := diploState(t, Ed500, 2)
		announceDone(t, s, Hapsburg)
		s.setWar(England, France, true)
		paris := sp(t, "paris")
		for i := range s.Spaces {
			if SpaceID(i) != paris && Spaces[i].Type.Fortified() && s.Spaces[i].Ctl == France && Spaces[i].ID != "milan" {
				s.Spaces[i].Ctl = England
			}
		}
		if none {
			s.Spaces[paris].Units[England] = Units{Reg: 5}
			s.Spaces[paris].Besiegers = bit(England)
		}
		milan := sp(t, "milan")
		n := s.Spaces[milan].Units[France].Reg
		before := s.Spaces[paris].Units[France].Reg
		mustAnnounce(t, s, Hapsburg, Item{Type: "cede", From: "france", To: "hapsburg", Space: "milan"}, Item{Type: "peace", A: "france", B: "hapsburg"})
		answer(t, s, kConfirm, France, "confirm")
		if d, _ := s.top(); d.Kind != kAnnounce || s.Spaces[milan].Units[France].Any() {
			t.Fatalf("none=%v: owed %+v, Milan holds %+v", none, d, s.Spaces[milan].Units[France])
		}
		want := before + n
		if none {
			want = before
		}
		if got := s.Spaces[paris].Units[France].Reg; got != want {
			t.Fatalf("none=%v: Paris holds %d French regulars, want %d", none, got, want)
		}
	}
}

// §9.3 step 3: a power suing for peace gives up the winner's home spaces
// it controls, and its units there are displaced: France, holding Navarre
// (a Hapsburg home space) with two regulars, sues the Hapsburgs, who hold
// Bordeaux; the French regulars go to the nearest fortified French space
// (Rouen or Lyon, 3 spaces; Bordeaux is the Hapsburgs') or Paris.
func TestPeaceDisplacesTheLoser(t *testing.T) {
	s := diploState(t, Ed500, 2)
	navarre, bordeaux := sp(t, "navarre"), sp(t, "bordeaux")
	s.Spaces[navarre].Ctl = France
	s.Spaces[navarre].Units[Hapsburg] = Units{}
	s.Spaces[navarre].Units[France] = Units{Reg: 2}
	s.Spaces[bordeaux].Ctl = Hapsburg
	s.Spaces[bordeaux].Units[France] = Units{}
	for {
		d, _ := s.top()
		if d.Kind == kSue && d.Power == France {
			break
		}
		if d.Kind != kAnnounce && d.Kind != kSue {
			t.Fatalf("owed %+v before France sues", d)
		}
		if d.Kind == kAnnounce {
			announce(t, s, d.Power, Deal{Done: true})
		} else {
			answer(t, s, kSue, d.Power, "none")
		}
	}
	answer(t, s, kSue, France, "hapsburg")
	wantOwed(t, s, kDisplace, France, "French units leave Navarre", "rouen", "lyon", "paris")
	answer(t, s, kDisplace, France, "rouen")
	if s.Spaces[navarre].Ctl != Hapsburg || s.Spaces[navarre].Units[France].Any() || s.Spaces[sp(t, "rouen")].Units[France].Reg < 2 {
		t.Fatalf("Navarre %+v", s.Spaces[navarre])
	}
}
