package diplomacy

import "testing"

// TestParadoxWithTwoResolutionsThroughAStandoff is a convoy paradox with
// two resolutions that the DATC does not list: Ankara supports the attack
// on the Black Sea fleet that convoys the army attacking Ankara, and a
// rival attack on the Black Sea decides between a standoff and a
// dislodgement. If Ankara's support is cut, Constantinople (2) and
// Bulgaria (2) stand off, the fleet survives and the convoy cuts the
// support: consistent. If the support holds, Constantinople (3) dislodges
// the fleet, the convoy fails and cuts nothing: consistent too. Two
// resolutions with a convoy: the Szykman rule (2000, 2023: the army does
// not move and has no effect); the 1982 rule (the support is not cut)
// agrees. Under 1971 the army, adjacent to Ankara and not swapping places,
// goes over land and cuts the support: no paradox, a standoff.
// Found by the reference-resolver comparison (diplomacy/refcompare_test.go):
// the engine settled Constantinople's move on the first guess alone, and so
// saw no second resolution.
func TestParadoxWithTwoResolutionsThroughAStandoff(t *testing.T) {
	for _, ed := range []Edition{Edition1971, Edition1982, Edition2000, Edition2023} {
		b := newBoard(t, "standard", spring, "germany A arm", "germany F bla", "turkey F con", "turkey F ank",
			"russia F sev", "russia F bul/ec", "russia F rum")
		b.a = NewAdjudicator(b.m, ed)
		if ed == Edition1971 {
			b.play("germany: A arm - ank => fails: bounced", "germany: F bla C A arm - ank => succeeds",
				"turkey: F con - bla => fails: bounced", "turkey: F ank S F con - bla => fails: cut",
				"russia: F sev S F con - bla => succeeds", "russia: F bul/ec - bla => fails: bounced",
				"russia: F rum S F bul/ec - bla => succeeds")
			b.want("1971: bla", b.unit("bla"), "germany F bla")
			continue
		}
		b.play("germany: A arm - ank => fails", "germany: F bla C A arm - ank => fails: dislodged",
			"turkey: F con - bla => succeeds", "turkey: F ank S F con - bla => succeeds",
			"russia: F sev S F con - bla => succeeds", "russia: F bul/ec - bla => fails: bounced",
			"russia: F rum S F bul/ec - bla => succeeds")
		b.want(ed.String()+": bla", b.unit("bla"), "turkey F bla")
		// The fleet has nowhere to retreat: disbanded at once.
		if d := b.a.Disbanded(); len(d) != 1 || b.m.LocName(d[0].Loc) != "bla" {
			t.Errorf("%s: disbanded %v, want the fleet of bla", ed, d)
		}
	}
}

// TestParadoxEnteredFromOutside is a convoy paradox with no resolution,
// reached while resolving an order outside it (Edinburgh's move into the
// Norwegian Sea waits on the Norwegian fleet's attack on the convoying
// fleet). If Holland's support is cut, the Norwegian fleet (2) beats
// London (1) and dislodges the convoy, which then cuts nothing; if it is
// not, London (2) and the Norwegian fleet (2) stand off and the convoy
// cuts it. The Szykman rule: the army does not move and has no effect, so
// the support stands and nothing enters the North Sea; the 1971 and 1982
// rules (the support is not cut) agree. Found by the reference-resolver
// comparison (diplomacy/refcompare_test.go): the engine settled the cycle
// from Holland's support, which began after the Norwegian fleet's move
// though it depended on it, and resolved that move on a guess.
func TestParadoxEnteredFromOutside(t *testing.T) {
	for _, ed := range []Edition{Edition1971, Edition1982, Edition2000, Edition2023} {
		b := newBoard(t, "standard", spring, "germany F nth", "germany A yor", "italy F hol", "italy F lon",
			"russia F bel", "russia F edi", "russia F nwg")
		b.a = NewAdjudicator(b.m, ed)
		b.play("germany: F nth C A yor - hol => succeeds", "germany: A yor - hol => fails",
			"italy: F hol S F lon - nth => succeeds", "italy: F lon - nth => fails: bounced",
			"russia: F bel S F nwg - nth => succeeds", "russia: F edi - nwg => fails: bounced",
			"russia: F nwg - nth => fails: bounced")
		b.want(ed.String()+": nth", b.unit("nth"), "germany F nth")
		b.want(ed.String()+": dislodged", b.dislodged(), "")
	}
}

// TestParadoxDisruptsTheRouteBeingTraced: the Szykman rule settles a
// paradox while the engine is tracing the convoyed army's own route (the
// fleet it asks about closes the cycle). Annam supports Hong Kong's attack
// on the convoying fleet; Sunda's supported attack is the rival. Cut, the
// support lets Sunda (2) dislodge the fleet and the convoy cuts nothing;
// given, Hong Kong (2) and Sunda (2) stand off and the convoy cuts it: no
// resolution. Under the Szykman rule the army does not move, though
// Tongking supports it. Found by the reference-resolver comparison
// (diplomacy/refcompare_test.go): the route traced before the rule applied
// was taken, and the army dislodged Annam.
func TestParadoxDisruptsTheRouteBeingTraced(t *testing.T) {
	for _, ed := range []Edition{Edition2000, Edition2023} {
		b := newBoard(t, "colonial", fall, "china A nanchung", "china A tongking", "china F south_china_sea",
			"holland F annam", "holland F hong_kong", "japan F sunda_sea", "japan F canton")
		b.a = NewAdjudicator(b.m, ed)
		b.play("china: A nanchung - annam => fails: paradox", "china: A tongking S A nanchung - annam => succeeds",
			"china: F south_china_sea C A nanchung - annam => succeeds",
			"holland: F annam S F hong_kong - south_china_sea => succeeds", "holland: F hong_kong - south_china_sea => fails: bounced",
			"japan: F sunda_sea - south_china_sea => fails: bounced", "japan: F canton S F sunda_sea - south_china_sea => succeeds")
		b.want(ed.String()+": annam", b.unit("annam"), "holland F annam")
		b.want(ed.String()+": dislodged", b.dislodged(), "")
	}
}
