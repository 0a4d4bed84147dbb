package his

import (
	"slices"
	"strconv"
	"testing"

	"concordat/game"
)

// actState is the 1517 position on Turn 2 with Luther in Protestant
// Wittenberg, p's impulse, p holding only card number card and having
// played it for CP (after prep, if any, changed the position).
func actState(t *testing.T, p Power, card int, prep ...func(*State)) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Turn = 2
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	s.Phase = PhaseAction
	s.Impulse = p
	s.Powers[p].Hand = []uint8{uint8(mustCard(card))}
	for _, f := range prep {
		f(s)
	}
	s.push(kImpulse, p)
	answer(t, s, kImpulse, p, "cp", strconv.Itoa(card))
	return s
}

// options returns the values offered after path in p's pending decision;
// ok is false when path is not offered at all. A leaf gives (nil, true).
func options(s *State, p Power, path ...string) (vals []string, ok bool) {
	cur := (Rules{}).Legal(s, game.Seat(p.String())).Choices
	for _, v := range path {
		found := false
		for _, c := range cur {
			if c.Value == v {
				cur, found = c.Next, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	for _, c := range cur {
		vals = append(vals, c.Value)
	}
	return vals, true
}

// roll scripts an attempt on target: the attacker's dice (a, then 1s) and
// the defender's (d, then 1s), exactly as many as the attempt rolls.
func roll(s *State, target SpaceID, a, d int) {
	an, dn := s.attemptDice(target)
	s.Script = cat([]int{a}, ones(an-1), []int{d}, ones(dn-1))
}

func TestTranslateScripture(t *testing.T) {
	// German New Testament at 4 of 6: Luther's free box completes it; 6
	// German attempts follow at once; the bonus is spent for the impulse.
	s := actState(t, Protestant, 41) // Marburg Colloquy, 5 CP
	s.NewTestament[0] = 4
	if v, _ := options(s, Protestant, "translate", "german"); !slices.Equal(v, []string{"none", "luther", "melanchthon"}) {
		t.Errorf("German translators offered: %v", v)
	}
	if v, ok := options(s, Protestant, "translate", "french"); !ok || v != nil {
		t.Errorf("French: no translator in play, a plain step: %v %v", v, ok)
	}
	answer(t, s, kAction, Protestant, "translate", "german", "luther")
	if s.NewTestament[0] != 6 || s.FullBible[0] != 0 || s.Debaters[dLuther] != DebCommitted || s.Act.CP != 4 {
		t.Fatalf("1 CP + Luther's free box: NT %d, Bible %d, Luther %v, CP %d", s.NewTestament[0], s.FullBible[0], s.Debaters[dLuther], s.Act.CP)
	}
	r := s.Reform
	if r == nil || r.Left != 6 || r.Zone != LangGerman || r.By != Protestant || r.PlusOne || r.Source != "German New Testament" {
		t.Fatalf("6 German Reformation attempts: %+v", r)
	}
	if d, _ := s.top(); d.Kind != kReform || d.Power != Protestant {
		t.Fatalf("the Protestant chooses targets: %+v", d)
	}
	for {
		d, ok := s.top()
		if !ok || (d.Kind != kReform && d.Kind != kReformBonus) {
			break
		}
		v, _ := options(s, Protestant)
		answer(t, s, d.Kind, Protestant, v[0])
	}
	if len(s.LastReform.Done) != 6 {
		t.Errorf("six attempts: %v", s.LastReform.Done)
	}
	// Back to the impulse: the German track now moves the Full Bible, and
	// Melanchthon may not add a second free box this impulse.
	if v, ok := options(s, Protestant, "translate", "german"); !ok || v != nil {
		t.Errorf("one translation bonus per impulse: %v %v", v, ok)
	}
	answer(t, s, kAction, Protestant, "translate", "german")
	if s.FullBible[0] != 1 || s.Act.CP != 3 || s.Debaters[mustDebater("melanchthon")] != DebUncommitted {
		t.Errorf("Full Bible 1, 3 CP left: %d, %d", s.FullBible[0], s.Act.CP)
	}

	// The paid box completes the New Testament, Melanchthon's free box is
	// the Full Bible's first.
	s = actState(t, Protestant, 45) // Calvin Expelled, 1 CP
	s.NewTestament[0] = 5
	answer(t, s, kAction, Protestant, "translate", "german", "melanchthon")
	if s.NewTestament[0] != 6 || s.FullBible[0] != 1 || s.Reform == nil || s.Reform.Left != 6 {
		t.Errorf("NT complete then Bible 1: %d, %d, %+v", s.NewTestament[0], s.FullBible[0], s.Reform)
	}

	// The Full Bible's last box: 1 bonus VP and 6 attempts with +1 to each
	// Protestant die; no free box is offered when only one box is left.
	s = actState(t, Protestant, 41)
	s.NewTestament[2], s.FullBible[2] = 6, 9
	s.Debaters[mustDebater("tyndale")] = DebUncommitted
	if v, ok := options(s, Protestant, "translate", "english"); !ok || v != nil {
		t.Errorf("one box left: no free box: %v %v", v, ok)
	}
	vp := s.VP(Protestant)
	answer(t, s, kAction, Protestant, "translate", "english")
	if s.FullBible[2] != 10 || s.VP(Protestant) != vp+1 || s.Powers[Protestant].BonusVP != 1 {
		t.Errorf("English Full Bible: box %d, VP %d (was %d)", s.FullBible[2], s.VP(Protestant), vp)
	}
	if r := s.Reform; r == nil || r.Left != 6 || !r.PlusOne || r.Zone != LangEnglish || r.Source != "English Full Bible" {
		t.Errorf("6 English attempts with +1: %+v", s.Reform)
	}
	s.Reform, s.Stack = nil, s.Stack[:0]
	s.push(kAction, Protestant)
	if _, ok := options(s, Protestant, "translate", "english"); ok {
		t.Error("a completed translation takes no more CP")
	}
	s.NewTestament = [3]uint8{6, 6, 6}
	s.FullBible = [3]uint8{10, 10, 10}
	if _, ok := options(s, Protestant, "translate"); ok {
		t.Error("nothing left to translate: no translate action")
	}

	// Translation is the Protestant's alone.
	s = actState(t, Papacy, 41)
	if _, ok := options(s, Papacy, "translate"); ok {
		t.Error("the Papacy does not translate")
	}
}

func TestBuildSaintPeters(t *testing.T) {
	s := actState(t, Papacy, 47) // Copernicus, 6 CP
	s.StPeterCP = 3
	vp := s.VP(Papacy)
	answer(t, s, kAction, Papacy, "stpeter")
	if s.StPeterCP != 4 || s.StPeterVP != 0 || s.Act.CP != 5 {
		t.Errorf("one box: %d CP, %d VP, %d CP left", s.StPeterCP, s.StPeterVP, s.Act.CP)
	}
	answer(t, s, kAction, Papacy, "stpeter")
	if s.StPeterCP != 0 || s.StPeterVP != 1 || s.VP(Papacy) != vp+1 {
		t.Errorf("the 5th CP: 1 VP, track reset: %d CP, %d VP, VP %d (was %d)", s.StPeterCP, s.StPeterVP, s.VP(Papacy), vp)
	}
	s.StPeterVP = 5
	if _, ok := options(s, Papacy, "stpeter"); ok {
		t.Error("St. Peter's is complete at 5 VP")
	}
	if _, ok := options(actState(t, Protestant, 47), Protestant, "stpeter"); ok {
		t.Error("St. Peter's is the Papacy's")
	}
}

func TestFoundJesuitUniversity(t *testing.T) {
	regensburg := sp(t, "regensburg")
	s := actState(t, Papacy, 40) // Machiavelli, 3 CP
	if _, ok := options(s, Papacy, "university"); ok {
		t.Error("no university before Society of Jesus")
	}
	s.Gone = append(s.Gone, uint8(mustCard(15)))
	v, ok := options(s, Papacy, "university")
	if !ok || !slices.Contains(v, "regensburg") || slices.Contains(v, "wittenberg") || slices.Contains(v, "istanbul") {
		t.Fatalf("Catholic spaces only: %v", v)
	}
	if v, _ := options(s, Papacy, "university", "regensburg"); v != nil {
		t.Errorf("without Loyola: nothing more to choose: %v", v)
	}
	dice := s.religionDice(regensburg, false)
	answer(t, s, kAction, Papacy, "university", "regensburg")
	if !s.Spaces[regensburg].Jesuit || s.Act != nil {
		t.Fatalf("a university in Regensburg for 3 CP: %v %+v", s.Spaces[regensburg].Jesuit, s.Act)
	}
	if s.religionDice(regensburg, false) != dice+2 {
		t.Errorf("a university gives 2 Papal dice in its space: %d, was %d", s.religionDice(regensburg, false), dice)
	}

	// Loyola: 2 CP for one university; a second one in the impulse costs 3.
	s = actState(t, Papacy, 41) // 5 CP
	s.Gone = append(s.Gone, uint8(mustCard(15)))
	s.Spaces[regensburg].Jesuit = true
	loyola := mustDebater("loyola")
	s.Debaters[loyola] = DebUncommitted
	if v, ok := options(s, Papacy, "university"); !ok || slices.Contains(v, "regensburg") {
		t.Error("one university per space")
	}
	if v, _ := options(s, Papacy, "university", "vienna"); !slices.Equal(v, []string{"cp", "loyola"}) {
		t.Errorf("3 CP or Loyola: %v", v)
	}
	answer(t, s, kAction, Papacy, "university", "vienna", "loyola")
	if !s.Spaces[sp(t, "vienna")].Jesuit || s.Debaters[loyola] != DebCommitted || s.Act.CP != 3 {
		t.Fatalf("Loyola's university for 2 CP: CP left %d", s.Act.CP)
	}
	if v, _ := options(s, Papacy, "university", "rome"); v != nil {
		t.Errorf("Loyola is committed: 3 CP only: %v", v)
	}
	answer(t, s, kAction, Papacy, "university", "rome")
	if !s.Spaces[sp(t, "rome")].Jesuit || s.Act != nil {
		t.Error("a second university for 3 CP")
	}
	// With 2 CP only Loyola's discount can pay.
	s = actState(t, Papacy, 44) // Affair of the Placards, 2 CP
	s.Gone = append(s.Gone, uint8(mustCard(15)))
	if _, ok := options(s, Papacy, "university"); ok {
		t.Error("2 CP without Loyola found nothing")
	}
	s.Debaters[loyola] = DebUncommitted
	if v, _ := options(s, Papacy, "university", "vienna"); !slices.Equal(v, []string{"loyola"}) {
		t.Errorf("2 CP: Loyola only: %v", v)
	}
}

// Publish Treatise with Carlstadt (§18.1.3): 3 German attempts; a failed
// German attempt puts unrest on its target; the one target per impulse.
func TestTreatiseCarlstadt(t *testing.T) {
	leipzig, magdeburg := sp(t, "leipzig"), sp(t, "magdeburg")
	s := actState(t, Protestant, 41) // 5 CP
	if v, _ := options(s, Protestant, "treatise", "german"); !slices.Equal(v, []string{"none", "carlstadt"}) {
		t.Errorf("German treatise: %v", v)
	}
	answer(t, s, kAction, Protestant, "treatise", "german", "carlstadt")
	if s.Reform == nil || s.Reform.Left != 3 || s.Reform.Helper != "carlstadt" || s.Debaters[mustDebater("carlstadt")] != DebCommitted || s.Act.CP != 3 {
		t.Fatalf("3 attempts with Carlstadt: %+v", s.Reform)
	}
	// Leipzig: the Papacy's 6 beats the Protestant's 5: unrest.
	roll(s, leipzig, 5, 6)
	answer(t, s, kReform, Protestant, "leipzig")
	if s.Spaces[leipzig].Prot || !s.Spaces[leipzig].Unrest || len(s.Script) != 0 {
		t.Errorf("failed German attempt: unrest on Leipzig (%v, %v, %v)", s.Spaces[leipzig].Prot, s.Spaces[leipzig].Unrest, s.Script)
	}
	// Magdeburg: a success puts no unrest.
	roll(s, magdeburg, 6, 1)
	answer(t, s, kReform, Protestant, "magdeburg")
	if !s.Spaces[magdeburg].Prot || s.Spaces[magdeburg].Unrest {
		t.Error("Magdeburg turns Protestant, no unrest")
	}
	v, _ := options(s, Protestant)
	target := v[0]
	s.Script = nil
	answer(t, s, kReform, Protestant, target)
	// A second treatise in the same impulse: Carlstadt is spent; the spaces
	// already targeted this impulse may not be targeted again.
	if v, ok := options(s, Protestant, "treatise", "german"); !ok || v != nil {
		t.Errorf("no second bonus: %v", v)
	}
	s.Spaces[leipzig].Unrest = false
	answer(t, s, kAction, Protestant, "treatise", "german")
	if s.Reform.Left != 2 || s.Reform.Helper != "" {
		t.Fatalf("2 plain attempts: %+v", s.Reform)
	}
	v, _ = options(s, Protestant)
	if slices.Contains(v, "leipzig") || slices.Contains(v, target) || len(v) == 0 {
		t.Errorf("Leipzig and %s were targeted this impulse: %v", target, v)
	}
}

// A bonus die (§18.2.4): Bucer adds 1 die within 2 spaces of Strasburg,
// committed before the first attempt it affects, then counts in every
// later attempt of the series it fits.
func TestBonusDie(t *testing.T) {
	strasburg, basel, leipzig := sp(t, "strasburg"), sp(t, "basel"), sp(t, "leipzig")
	s := actState(t, Protestant, 39) // Augsburg Confession, 4 CP
	s.convert(sp(t, "worms"), true)
	answer(t, s, kAction, Protestant, "treatise", "german", "none")
	// Leipzig is far from Strasburg: no bonus is offered, the roll follows.
	roll(s, leipzig, 1, 6)
	answer(t, s, kReform, Protestant, "leipzig")
	if len(s.Script) != 0 || s.Reform.Left != 1 || s.Spaces[leipzig].Prot {
		t.Fatalf("Leipzig: rolled at once, no bonus decision (%v)", s.Script)
	}
	answer(t, s, kReform, Protestant, "strasburg")
	if v, _ := options(s, Protestant); !slices.Equal(v, []string{"none", "bucer"}) {
		t.Fatalf("Bucer fits Strasburg: %v", v)
	}
	// Nothing was rolled yet: base dice + 1 for Bucer; a 6 wins at once.
	s.Script = cat([]int{6}, ones(s.religionDice(strasburg, true)))
	answer(t, s, kReformBonus, Protestant, "bucer")
	if !s.Spaces[strasburg].Prot || len(s.Script) != 0 || !s.Act.BonusUsed[Protestant] || s.Debaters[mustDebater("bucer")] != DebCommitted {
		t.Fatalf("Strasburg with Bucer's die (%v, script %v)", s.Spaces[strasburg].Prot, s.Script)
	}
	if s.Reform != nil || s.LastReform.Helper != "bucer" {
		t.Fatal("the series is over")
	}
	// A bonus lasts for one action: the next treatise has no Bucer die at
	// Basel, and no other bonus is offered this impulse.
	answer(t, s, kAction, Protestant, "treatise", "german")
	if a, _ := s.attemptDice(basel); a != s.religionDice(basel, true) {
		t.Errorf("Basel: no bonus die in the next action: %d", a)
	}
	s.Script = cat([]int{6}, ones(s.religionDice(basel, true)-1)) // automatic success: the Papacy does not roll
	answer(t, s, kReform, Protestant, "basel")
	if !s.Spaces[basel].Prot || len(s.Script) != 0 {
		t.Errorf("Basel rolled without a bonus decision (script left %v)", s.Script)
	}
}

// England's treatise (§18.1.3): 3 CP, English zone, while the reformer
// Cranmer is on the map; England allocates only Cranmer, Latimer, Wishart
// and Knox.
func TestEnglishTreatise(t *testing.T) {
	lincoln, norwich := sp(t, "lincoln"), sp(t, "norwich")
	s := actState(t, England, 40) // 3 CP
	if _, ok := options(s, England, "treatise"); ok {
		t.Error("without Cranmer on the map England has no treatise to publish")
	}
	s = actState(t, England, 40, func(s *State) {
		s.Reformer[spLondon] = true
		s.convert(spLondon, true)
		for _, id := range []string{"cranmer", "latimer", "coverdale"} {
			s.Debaters[mustDebater(id)] = DebUncommitted
		}
	})
	if v, ok := options(s, England, "treatise"); !ok || !slices.Equal(v, []string{"english"}) {
		t.Fatalf("English zone only: %v", v)
	}
	answer(t, s, kAction, England, "treatise", "english")
	if r := s.Reform; r == nil || r.By != England || r.Zone != LangEnglish || r.Left != 2 || s.Act.CP != 0 {
		t.Fatalf("2 English attempts by England for 3 CP: %+v %+v", s.Reform, s.Act)
	}
	answer(t, s, kReform, England, "lincoln")
	if v, _ := options(s, England); !slices.Equal(v, []string{"none", "cranmer", "latimer"}) {
		t.Errorf("England's debater bonuses for Lincoln: %v", v)
	}
	s.Script = cat([]int{6}, ones(s.religionDice(lincoln, true)))
	answer(t, s, kReformBonus, England, "latimer")
	if !s.Spaces[lincoln].Prot || len(s.Script) != 0 || s.Debaters[mustDebater("latimer")] != DebCommitted || s.Debaters[mustDebater("cranmer")] != DebUncommitted {
		t.Fatal("Lincoln with Latimer's die")
	}
	a, _ := s.attemptDice(norwich)
	if a != s.religionDice(norwich, true)+1 {
		t.Errorf("Latimer's die counts against every English home space: %d", a)
	}
	s.Script = cat([]int{6}, ones(a-1)) // automatic success: the Papacy does not roll
	answer(t, s, kReform, England, "norwich")
	if !s.Spaces[norwich].Prot || len(s.Script) != 0 {
		t.Error("Norwich")
	}
	// The Protestant's own bonuses are not England's: Bucer fits a target
	// near Strasburg for the Protestant only.
	s = actState(t, Protestant, 41)
	s.convert(sp(t, "worms"), true)
	s.StartReformation(England, LangGerman, 1, 0, false, "test")
	if o := s.bonusOffers(sp(t, "strasburg")); o != nil {
		t.Errorf("England may not use Bucer: %v", o)
	}
	s.Reform.By = Protestant
	if o := s.bonusOffers(sp(t, "strasburg")); !slices.Equal(o, []string{"bucer"}) {
		t.Errorf("the Protestant may: %v", o)
	}
	// 2 CP are not enough for England.
	s = actState(t, England, 44, func(s *State) { s.Reformer[spLondon] = true })
	if _, ok := options(s, England, "treatise"); ok {
		t.Error("England's treatise costs 3 CP")
	}
}

// Burn Books with Cajetan, Caraffa and Tetzel (§18.1.7, §18.4 step 9), and
// Faber's 2 dice against an electorate.
func TestBurnBooksBonuses(t *testing.T) {
	leipzig := sp(t, "leipzig")
	papal := func(t *testing.T, card int) *State {
		s := actState(t, Papacy, card)
		s.convert(leipzig, true)
		return s
	}
	s := papal(t, 41)
	if v, _ := options(s, Papacy, "burn", "german"); !slices.Equal(v, []string{"none", "cajetan", "tetzel"}) {
		t.Errorf("burn books bonuses: %v", v)
	}
	if v, _ := options(s, Papacy, "burn"); slices.Contains(v, "any") {
		t.Error("Caraffa is not in play on Turn 2")
	}
	answer(t, s, kAction, Papacy, "burn", "german", "cajetan")
	if r := s.Reform; r == nil || r.Left != 3 || r.Zone != LangGerman || s.Debaters[mustDebater("cajetan")] != DebCommitted {
		t.Fatalf("Cajetan: 3 attempts: %+v", r)
	}
	// Tetzel: +1 St. Peter's CP per attempt, whatever its result.
	s = papal(t, 41)
	answer(t, s, kAction, Papacy, "burn", "german", "tetzel")
	roll(s, leipzig, 1, 6)
	answer(t, s, kReform, Papacy, "leipzig")
	roll(s, spWittenberg, 1, 6)
	answer(t, s, kReform, Papacy, "wittenberg")
	if s.StPeterCP != 2 || !s.Spaces[leipzig].Prot || s.Reform != nil {
		t.Errorf("Tetzel: 2 St. Peter's CP: %d", s.StPeterCP)
	}
	// One bonus per impulse: the second Burn Books offers none.
	if v, ok := options(s, Papacy, "burn", "german"); !ok || v != nil {
		t.Errorf("second Burn Books: %v", v)
	}
	// Caraffa: 3 attempts in any zones (ties favour the Papacy everywhere
	// under Paul III).
	s = papal(t, 41)
	caraffa := mustDebater("caraffa")
	s.Debaters[caraffa] = DebUncommitted
	answer(t, s, kAction, Papacy, "burn", "any")
	if r := s.Reform; r == nil || r.Left != 3 || r.Zone != LangNone || s.Debaters[caraffa] != DebCommitted {
		t.Fatalf("Caraffa: %+v", r)
	}
	// Faber: +2 dice against an electorate, offered at its target.
	s = papal(t, 41)
	s.convert(sp(t, "brandenburg"), true)
	brandenburg := sp(t, "brandenburg")
	s.Debaters[mustDebater("faber")] = DebUncommitted
	answer(t, s, kAction, Papacy, "burn", "german", "none")
	answer(t, s, kReform, Papacy, "leipzig") // no bonus fits Leipzig: rolled at once
	if s.Reform.Left != 1 {
		t.Fatal("Leipzig resolved without a bonus decision")
	}
	answer(t, s, kReform, Papacy, "brandenburg")
	if v, _ := options(s, Papacy); !slices.Equal(v, []string{"none", "faber"}) {
		t.Fatalf("Faber against an electorate: %v", v)
	}
	pn, qn := s.religionDice(brandenburg, false)+2, s.religionDice(brandenburg, true)
	s.Script = cat([]int{6}, ones(pn-1), []int{5}, ones(qn-1))
	answer(t, s, kReformBonus, Papacy, "faber")
	if s.Spaces[brandenburg].Prot || len(s.Script) != 0 {
		t.Errorf("Brandenburg: %d Papal dice with Faber (script left %v)", pn, s.Script)
	}
}

// Contarini's die follows Charles V (within 2 spaces of him).
func TestContarini(t *testing.T) {
	s := NewState1517(Ed500, 1)
	s.Debaters[mustDebater("contarini")] = DebUncommitted
	s.StartCounterReformation(LangGerman, 2, "test")
	cv, _ := LeaderByID("charles_v")
	s.Leaders[cv].Loc = int(sp(t, "augsburg"))
	if o := s.bonusOffers(sp(t, "regensburg")); !slices.Equal(o, []string{"contarini"}) {
		t.Errorf("Regensburg, next to Charles V in Augsburg: %v", o)
	}
	if o := s.bonusOffers(sp(t, "wittenberg")); o != nil {
		t.Errorf("Wittenberg is far from Charles V: %v", o)
	}
	s.Leaders[cv].Loc = OffMap
	if o := s.bonusOffers(sp(t, "regensburg")); o != nil {
		t.Errorf("Charles V off the map: %v", o)
	}
}
