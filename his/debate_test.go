package his

import (
	"strconv"
	"strings"
	"testing"

	"concordat/game"
)

// answer applies one decision through the contract, checking it is the one
// owed.
func answer(t *testing.T, s *State, kind string, p Power, path ...string) {
	t.Helper()
	if kind != kWinExtra {
		skipOptional(t, s)
		defer skipOptional(t, s)
	}
	d, ok := s.top()
	if !ok || d.Kind != kind || d.Power != p {
		t.Fatalf("want %s owed by %s, have %+v (stack %v)", kind, p, d, s.Stack)
	}
	if _, _, err := (Rules{}).Apply(s, game.Seat(p.String()), game.NewAction(kind, path)); err != nil {
		t.Fatalf("%s %v: %v", kind, path, err)
	}
}

// skipOptional declines the Winter's optional moves (winter.optional).
func skipOptional(t *testing.T, s *State) {
	t.Helper()
	for {
		d, ok := s.top()
		if !ok || d.Kind != kWinExtra {
			return
		}
		if _, _, err := (Rules{}).Apply(s, game.Seat(d.Power.String()), game.NewAction(kWinExtra, []string{"done"})); err != nil {
			t.Fatal(err)
		}
	}
}

// debateState is turn 1 with Luther in Wittenberg, the Papacy holding
// Leipzig Debate and the Protestant Here I Stand.
func debateState(t *testing.T, ed Edition) *State {
	s := NewState1517(ed, 1)
	s.Turn = 1
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	s.Phase = PhaseAction
	s.Powers[Papacy].Hand = []uint8{uint8(cLeipzig)}
	s.Powers[Protestant].Hand = []uint8{uint8(cHereIStand)}
	return s
}

func startDebate(t *testing.T, s *State, p Power, z Lang, src DebateSource, picks []string, dice ...int) {
	t.Helper()
	if err := s.StartDebate(p, z, src); err != nil {
		t.Fatal(err)
	}
	s.Debate.Picks = picks
	s.Script = dice
	s.run()
}

func logHas(t *testing.T, d *Debate, parts ...string) {
	t.Helper()
	all := strings.Join(d.Log, "\n")
	for _, p := range parts {
		if !strings.Contains(all, p) {
			t.Errorf("debate log lacks %q:\n%s", p, all)
		}
	}
}

func deb(id string) int { return mustDebater(id) }

func ones(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func cat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// The worked example of seed 003 and §18.5: Eck (Leipzig Debate) against
// committed Carlstadt, replaced by Luther through Here I Stand; 2–2; round
// 2 Aleander against Melanchthon, 1–2; Aleander's bonus makes 2 flips; no
// disgrace.
func TestDebateWorkedExample(t *testing.T) {
	s := debateState(t, Ed500)
	s.Debaters[deb("carlstadt")] = DebCommitted
	deck := len(s.Deck)
	dice := cat([]int{5, 6}, ones(5), // Eck: 7 dice, 2 hits
		[]int{5, 5}, ones(4), // Luther: 6 dice, 2 hits
		[]int{6}, ones(4), // Aleander: 5 dice, 1 hit
		[]int{5, 6}, ones(3)) // Melanchthon: 5 dice, 2 hits
	startDebate(t, s, Papacy, LangGerman, SrcLeipzig, []string{"carlstadt", "aleander", "melanchthon"}, dice...)
	answer(t, s, kDebLeipzig, Papacy, "choose", "eck")
	answer(t, s, kDebPool, Papacy, "committed")
	answer(t, s, kDebHIS, Protestant, "luther")
	// The pool is asked for only when both pools hold debaters (here:
	// committed Carlstadt; uncommitted Luther, Melanchthon, Bucer).
	// Round 2 came and went without further Protestant options (Here I
	// Stand is spent, Bullinger not in play); the Protestant now flips.
	for i := 0; i < 2; i++ {
		opts := (Rules{}).Legal(s, "protestant")
		if opts.Kind != kDebFlip || len(opts.Choices) == 0 {
			t.Fatalf("flip %d: options %+v", i, opts)
		}
		for _, c := range opts.Choices {
			x := mustSpace(c.Value)
			if Spaces[x].Lang != LangGerman || !s.eligible(x, true) {
				t.Errorf("flip option %s is not an eligible German space", c.Value)
			}
		}
		answer(t, s, kDebFlip, Protestant, opts.Choices[0].Value)
	}
	if s.Debate != nil {
		t.Fatal("the debate should be over")
	}
	d := s.LastDebate
	logHas(t, d, "Eck attacks with 7 dice", "Carlstadt is committed", "Luther defends with 6 dice",
		"tie in round 1", "Aleander attacks with 5 dice", "Melanchthon defends with 5 dice", "protestant wins by 1", "Aleander's bonus")
	if d.Winner != Protestant || d.Diff != 1 || len(d.Flipped) != 2 {
		t.Errorf("winner %s by %d with %d flips; want the Protestant by 1 with 2 flips", d.Winner, d.Diff, len(d.Flipped))
	}
	for _, f := range d.Flipped {
		if !s.Spaces[mustSpace(f)].Prot {
			t.Errorf("%s was not flipped", f)
		}
	}
	if len(s.Script) != 0 {
		t.Errorf("%d scripted dice left: the dice counts are wrong", len(s.Script))
	}
	for id, want := range map[string]DebaterStatus{"eck": DebCommitted, "luther": DebCommitted, "carlstadt": DebCommitted,
		"aleander": DebCommitted, "melanchthon": DebCommitted, "campeggio": DebUncommitted, "bucer": DebUncommitted, "tetzel": DebUncommitted} {
		if s.Debaters[deb(id)] != want {
			t.Errorf("%s is %s, want %s", id, debStatusNames[s.Debaters[deb(id)]], debStatusNames[want])
		}
	}
	if s.Powers[Protestant].BonusVP != 0 || s.Powers[Papacy].BonusVP != 0 {
		t.Error("nobody is disgraced or burnt")
	}
	if s.holds(Protestant, cHereIStand) || len(s.Powers[Protestant].Hand) != 1 || len(s.Deck) != deck-1 {
		t.Error("Here I Stand goes to the power card and the Protestant draws 1 card from the deck")
	}
}

func TestDebateDisgrace(t *testing.T) {
	s := debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	// Melanchthon attacks (3+3 = 6 dice) uncommitted Tetzel (1+2 = 3 dice).
	startDebate(t, s, Protestant, LangGerman, SrcAction, []string{"melanchthon", "tetzel"}, cat([]int{5, 5, 5, 6, 6, 6}, ones(3))...)
	for s.Debate != nil {
		opts := (Rules{}).Legal(s, "protestant")
		answer(t, s, kDebFlip, Protestant, opts.Choices[0].Value)
	}
	d := s.LastDebate
	logHas(t, d, "Melanchthon attacks with 6 dice", "Tetzel defends with 3 dice", "protestant wins by 6", "Tetzel is disgraced")
	if s.Debaters[deb("tetzel")] != DebDisgraced || s.Powers[Protestant].BonusVP != 1 {
		t.Error("Tetzel disgraced for 1 VP")
	}
	if len(d.Flipped) != 6 {
		t.Errorf("%d flips, want 6", len(d.Flipped))
	}
}

func TestDebateBurning(t *testing.T) {
	s := debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	// Eck attacks (3+3+1 = 7) uncommitted Luther (4+2 = 6): 7–0.
	startDebate(t, s, Papacy, LangGerman, SrcAction, []string{"eck", "luther"}, cat([]int{5, 5, 5, 5, 5, 5, 5}, ones(6))...)
	answer(t, s, kDebFlip, Papacy, "wittenberg")
	if s.Debate != nil {
		t.Fatal("no eligible space left after Wittenberg: the debate ends")
	}
	logHas(t, s.LastDebate, "papacy wins by 7", "Luther is burnt at the stake", "no eligible space is left for the remaining 6")
	if s.Debaters[dLuther] != DebBurnt || s.Powers[Papacy].BonusVP != 4 || s.Reformer[spWittenberg] || s.Spaces[spWittenberg].Prot {
		t.Error("Luther burnt: Papacy +4 VP, reformer gone, Wittenberg Catholic")
	}
	// No burning when the difference does not exceed the debater's value.
	s = debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	startDebate(t, s, Papacy, LangGerman, SrcAction, []string{"eck", "luther"}, cat([]int{5, 5, 5, 5}, ones(3), ones(6))...)
	answer(t, s, kDebFlip, Papacy, "wittenberg")
	if s.Debaters[dLuther] != DebCommitted || s.Powers[Papacy].BonusVP != 0 {
		t.Error("a difference of 4 does not burn Luther (value 4)")
	}
}

func TestDebateSecondTieEnds(t *testing.T) {
	s := debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	// Round 1: Cajetan 4 dice vs Bucer 4 dice, 1–1. Round 2: Tetzel 4 vs Carlstadt 3, 0–0.
	startDebate(t, s, Papacy, LangGerman, SrcAction, []string{"cajetan", "bucer", "tetzel", "carlstadt"},
		cat([]int{5}, ones(3), []int{5}, ones(3), ones(4), ones(3))...)
	if s.Debate != nil {
		t.Fatal("the debate should have ended")
	}
	logHas(t, s.LastDebate, "tie in round 1", "round 2: Papal debater drawn at random", "tie in round 2: the debate ends without result")
	if len(s.Script) != 0 || s.LastDebate.Winner != NoPower {
		t.Error("no result after two ties")
	}
	for _, id := range []string{"cajetan", "bucer", "tetzel", "carlstadt"} {
		if s.Debaters[deb(id)] != DebCommitted {
			t.Errorf("%s should be committed", id)
		}
	}
}

func TestCampeggio(t *testing.T) {
	for _, c := range []struct {
		die     int
		ignored bool
	}{{5, true}, {6, true}, {4, false}} {
		s := debateState(t, Ed500)
		s.Powers[Protestant].Hand = nil
		// Campeggio (2+3 = 5) loses 0–1 to Bucer (2+2 = 4).
		startDebate(t, s, Papacy, LangGerman, SrcAction, []string{"campeggio", "bucer"}, cat(ones(5), []int{6}, ones(3), []int{c.die})...)
		if c.ignored {
			if s.Debate != nil || len(s.LastDebate.Flipped) != 0 || !strings.Contains(s.LastDebate.Result, "Campeggio") {
				t.Errorf("die %d: the result should be ignored", c.die)
			}
			continue
		}
		answer(t, s, kDebFlip, Protestant, (Rules{}).Legal(s, "protestant").Choices[0].Value)
		if len(s.LastDebate.Flipped) != 1 {
			t.Errorf("die %d: the Protestant flips 1", c.die)
		}
	}
}

func TestAttackDiceModifiers(t *testing.T) {
	maryI := -1
	for i, r := range Rulers {
		if r.Name == "Mary I" {
			maryI = i
		}
	}
	cases := []struct {
		name    string
		prep    func(s *State)
		init    Power
		zone    Lang
		src     DebateSource
		attack  string
		want    int
		wantDef int
		defence string
	}{
		{"Augsburg Confession", func(s *State) { s.Augsburg = true }, Papacy, LangGerman, SrcAction, "eck", 6, 6, "luther"},
		{"Augsburg does not touch the Protestant", func(s *State) { s.Augsburg = true }, Protestant, LangGerman, SrcAction, "bucer", 5, 5, "eck"},
		{"Mary I doubles in England", func(s *State) { s.Powers[England].Ruler = maryI }, Papacy, LangEnglish, SrcAction, "eck", 10, 4, "tyndale"},
		{"Mary I only in England", func(s *State) { s.Powers[England].Ruler = maryI }, Papacy, LangGerman, SrcAction, "aleander", 5, 6, "luther"},
		{"Gardiner in England", nil, Papacy, LangEnglish, SrcAction, "gardiner", 7, 4, "tyndale"},
		{"Gardiner elsewhere", nil, Papacy, LangGerman, SrcAction, "gardiner", 6, 6, "luther"},
		{"Eck defending gets nothing", nil, Protestant, LangGerman, SrcAction, "carlstadt", 4, 5, "eck"},
		{"Papal Inquisition", nil, Papacy, LangGerman, SrcInquisition, "tetzel", 6, 6, "luther"},
		{"Thomas More", nil, Papacy, LangGerman, SrcMore, "tetzel", 5, 6, "luther"},
		{"Thomas More in England", nil, Papacy, LangEnglish, SrcMore, "tetzel", 7, 4, "tyndale"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := debateState(t, Ed500)
			s.Powers[Protestant].Hand = nil
			s.Debaters[deb("tyndale")] = DebUncommitted
			s.Debaters[deb("gardiner")] = DebUncommitted
			if c.prep != nil {
				c.prep(s)
			}
			// every die a 1: a tie in round 1 and again in round 2.
			startDebate(t, s, c.init, c.zone, c.src, []string{c.attack, c.defence}, ones(40)...)
			d := s.Debate
			if d == nil {
				d = s.LastDebate
			}
			logHas(t, d, Debaters[deb(c.attack)].Name+" attacks with "+itoa(c.want)+" dice",
				Debaters[deb(c.defence)].Name+" defends with "+itoa(c.wantDef)+" dice")
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Ruling R8: the 500th edition takes Papal Inquisition's extra dice from the
// card data; the 2010 edition fixes them at +2. Thomas More is no card of
// the 2010 edition.
func TestEditionPapalInquisition(t *testing.T) {
	saved := Cards[cPapalInq].DebDice
	defer func() { Cards[cPapalInq].DebDice = saved }()
	Cards[cPapalInq].DebDice = 3
	for _, c := range []struct {
		ed   Edition
		want string
	}{{Ed500, "Tetzel attacks with 7 dice"}, {Ed2010, "Tetzel attacks with 6 dice"}} {
		s := debateState(t, c.ed)
		s.Powers[Protestant].Hand = nil
		startDebate(t, s, Papacy, LangGerman, SrcInquisition, []string{"tetzel", "luther"}, ones(40)...)
		logHas(t, s.LastDebate, c.want)
	}
	s := debateState(t, Ed2010)
	if err := s.StartDebate(Papacy, LangGerman, SrcMore); err == nil {
		t.Error("Thomas More called a debate in the 2010 edition")
	}
}

func TestLeipzigBarAndHereIStand(t *testing.T) {
	s := debateState(t, Ed500)
	// Bar Luther; the uncommitted pool then lacks him, but Here I Stand
	// still brings him in.
	startDebate(t, s, Papacy, LangGerman, SrcLeipzig, []string{"tetzel", "bucer"}, ones(40)...)
	answer(t, s, kDebLeipzig, Papacy, "bar", "luther")
	logHas(t, s.Debate, "Leipzig Debate: Luther may not debate", "uncommitted pool (Melanchthon, Bucer, Carlstadt): Bucer")
	answer(t, s, kDebHIS, Protestant, "luther")
	logHas(t, s.LastDebate, "Luther replaces Bucer", "Luther defends with 6 dice")
	if s.Debaters[deb("bucer")] != DebCommitted {
		t.Error("the replaced debater is committed")
	}
	// Round 2 picks never return the barred Luther.
	if strings.Contains(strings.Join(s.LastDebate.Log, "\n"), "round 2: Protestant debater drawn at random from Luther") {
		t.Error("Luther drawn in round 2 though barred")
	}
	// Here I Stand only in the German zone.
	s = debateState(t, Ed500)
	s.Debaters[deb("tyndale")] = DebUncommitted
	startDebate(t, s, Papacy, LangEnglish, SrcAction, []string{"tetzel", "tyndale"}, ones(40)...)
	if top, _ := s.top(); top.Kind == kDebHIS {
		t.Error("Here I Stand offered outside the German zone")
	}
}

func TestBullinger(t *testing.T) {
	s := debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	for _, id := range []string{"bullinger", "calvin", "farel"} {
		s.Debaters[deb(id)] = DebUncommitted
	}
	// French debate: Tetzel vs Farel 0–0, then round 2 with Bullinger (a
	// German debater) inserted in the French zone.
	startDebate(t, s, Papacy, LangFrench, SrcAction, []string{"tetzel", "farel", "cajetan"}, ones(40)...)
	answer(t, s, kDebBull, Protestant, "bullinger")
	logHas(t, s.LastDebate, "the Protestant commits Bullinger", "Bullinger defends with 4 dice", "tie in round 2")
	if s.Debaters[dBullinger] != DebCommitted {
		t.Error("Bullinger committed")
	}
}

func TestFlipsStayInZoneFirst(t *testing.T) {
	s := debateState(t, Ed500)
	s.Powers[Protestant].Hand = nil
	for _, id := range []string{"calvin", "farel"} {
		s.Debaters[deb(id)] = DebUncommitted
	}
	// A French debate won by the Protestant with no eligible French space:
	// the flips go elsewhere (next to Wittenberg).
	startDebate(t, s, Protestant, LangFrench, SrcAction, []string{"farel", "tetzel"}, cat([]int{6, 6}, ones(3), ones(3))...)
	for _, c := range (Rules{}).Legal(s, "protestant").Choices {
		if Spaces[mustSpace(c.Value)].Lang == LangFrench {
			t.Errorf("%s offered though no French space is eligible", c.Value)
		}
	}
	// Now make a French space eligible: only French spaces are offered.
	geneva := spGeneva
	s.Spaces[geneva].Prot = true
	for _, c := range (Rules{}).Legal(s, "protestant").Choices {
		if Spaces[mustSpace(c.Value)].Lang != LangFrench {
			t.Errorf("%s offered though French spaces are eligible", c.Value)
		}
	}
}

func TestCallDebateRestrictions(t *testing.T) {
	s := debateState(t, Ed500)
	if s.StartDebate(Papacy, LangFrench, SrcAction) == nil {
		t.Error("no Protestant debater of the French zone is in play yet")
	}
	for _, id := range []string{"luther", "melanchthon", "bucer", "carlstadt"} {
		s.Debaters[deb(id)] = DebCommitted
	}
	if s.StartDebate(Protestant, LangGerman, SrcAction) == nil {
		t.Error("the Protestant may not call a debate when all its debaters of the zone are committed")
	}
	if err := s.StartDebate(Papacy, LangGerman, SrcAction); err != nil {
		t.Error(err)
	}
	s = debateState(t, Ed500)
	s.MoreBan = true
	s.Debaters[deb("tyndale")] = DebUncommitted
	if s.StartDebate(Papacy, LangEnglish, SrcAction) == nil {
		t.Error("Thomas More forbids English debates this turn")
	}
}
