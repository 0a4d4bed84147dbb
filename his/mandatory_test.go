package his

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"concordat/game"
)

// heldImpulse is the 1517 position in the Action Phase of a turn, every
// hand empty but p's, which holds the given cards (taken out of the deck),
// with p's impulse pending.
func heldImpulse(t *testing.T, turn int, p Power, cards ...int) *State {
	t.Helper()
	s := NewState1517(Ed500, 1)
	s.Turn = turn
	s.Phase = PhaseAction
	for q := range s.Powers {
		s.Powers[q].Hand = nil
	}
	for _, n := range cards {
		c := mustCard(n)
		s.takeOut(c)
		s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(c))
	}
	s.Impulse = p
	s.Stack = []Decision{{Kind: kImpulse, Power: p}}
	return s
}

// play applies one decision and returns its events.
func play(t *testing.T, s *State, kind string, p Power, path ...string) []game.Event {
	t.Helper()
	d, ok := s.top()
	if !ok || d.Kind != kind || d.Power != p {
		t.Fatalf("want %s owed by %s, have %+v (stack %v)", kind, p, d, s.Stack)
	}
	_, ev, err := (Rules{}).Apply(s, game.Seat(p.String()), game.NewAction(kind, path))
	if err != nil {
		t.Fatalf("%s %v: %v", kind, path, err)
	}
	return ev
}

// playMandatory plays card n as p's event.
func playMandatory(t *testing.T, s *State, p Power, n int) []game.Event {
	t.Helper()
	return play(t, s, kImpulse, p, "event", strconv.Itoa(n))
}

func hasEvent(ev []game.Event, text string) bool {
	for _, e := range ev {
		if strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}

func inList(l []uint8, c int) bool { return slices.Contains(l, uint8(c)) }

// wantCard checks where card n went: "gone", "discard" or "hand:<power>".
func wantCard(t *testing.T, s *State, n int, where string) {
	t.Helper()
	c := mustCard(n)
	var have []string
	if inList(s.Gone, c) {
		have = append(have, "gone")
	}
	if inList(s.Discard, c) {
		have = append(have, "discard")
	}
	if inList(s.Deck, c) {
		have = append(have, "deck")
	}
	for p := Power(0); p < NumMajors; p++ {
		if s.holds(p, c) {
			have = append(have, "hand:"+p.String())
		}
	}
	if len(have) != 1 || have[0] != where {
		t.Errorf("card #%d is in %v, want %s", n, have, where)
	}
}

func ruler(s *State, p Power) string { return Rulers[s.Powers[p].Ruler].Name }

func leaderIdx(id string) int {
	l, err := LeaderByID(id)
	if err != nil {
		panic(err)
	}
	return l
}

// wantCPLost checks that p has its 2 CP after the event (no card behind
// them) and ends the impulse with them unspent: at once when p has no
// action to spend them on, else by "done".
func wantCPLost(t *testing.T, s *State, ev []game.Event, p Power) {
	t.Helper()
	if s.Act != nil {
		if s.Act.Power != p || s.Act.CP != 2 || s.Act.Card != -1 {
			t.Fatalf("%s's 2 CP after the Mandatory Event: %+v", p, s.Act)
		}
		ev = play(t, s, kAction, p, "done")
	}
	if !hasEvent(ev, p.String()+" loses 2 unspent CP") {
		t.Errorf("%s's 2 CP after the Mandatory Event: no such event in %v", p, ev)
	}
}

func TestBarbaryPirates(t *testing.T) {
	s := heldImpulse(t, 2, Hapsburg, 9)
	ev := playMandatory(t, s, Hapsburg, 9)
	if !s.Barbary || s.Spaces[spAlgiers].Ctl != Ottoman {
		t.Fatal("Algiers enters play under Ottoman control")
	}
	if u := s.Spaces[spAlgiers].Units[Ottoman]; u != (Units{Reg: 2, Cor: 2}) {
		t.Errorf("Algiers holds %+v, want 2 regulars and 2 corsairs", u)
	}
	if s.Leaders[leaderIdx("barbarossa")] != (LeaderState{Loc: int(spAlgiers), Captor: NoPower}) {
		t.Error("Barbarossa is in Algiers")
	}
	wantCard(t, s, 9, "gone")
	wantCPLost(t, s, ev, Hapsburg)
	if d, _ := s.top(); d.Kind != kImpulse || d.Power != England || s.Act != nil {
		t.Errorf("England's impulse follows, have %+v", d)
	}
}

func TestPapalSuccession(t *testing.T) {
	// Clement VII by the Papacy: ruler, card out of the game, then 2 CP to
	// spend (Burn Books costs 2).
	s := heldImpulse(t, 2, Papacy, 10)
	playMandatory(t, s, Papacy, 10)
	if ruler(s, Papacy) != "Clement VII" {
		t.Errorf("ruler %s", ruler(s, Papacy))
	}
	wantCard(t, s, 10, "gone")
	if d, _ := s.top(); d.Kind != kAction || d.Power != Papacy || s.Act.CP != 2 || s.Act.Card != -1 {
		t.Errorf("the Papacy spends 2 CP after the event: %+v, act %+v", d, s.Act)
	}

	// Paul III removes Clement VII's card, even one never played (the
	// Clement VII card still in the deck).
	s = heldImpulse(t, 4, France, 14)
	s.Powers[Papacy].Ruler = slices.IndexFunc(Rulers, func(r RulerInfo) bool { return r.Name == "Clement VII" })
	if !inList(s.Deck, mustCard(10)) {
		t.Fatal("Clement VII is in the deck")
	}
	ev := playMandatory(t, s, France, 14)
	if ruler(s, Papacy) != "Paul III" || !s.paul() {
		t.Errorf("ruler %s", ruler(s, Papacy))
	}
	wantCard(t, s, 10, "gone")
	wantCard(t, s, 14, "gone")
	wantCPLost(t, s, ev, France)

	s = heldImpulse(t, 7, Ottoman, 22)
	s.Powers[Papacy].Ruler = slices.IndexFunc(Rulers, func(r RulerInfo) bool { return r.Name == "Paul III" })
	playMandatory(t, s, Ottoman, 22)
	if ruler(s, Papacy) != "Julius III" || !s.paul() {
		t.Errorf("ruler %s", ruler(s, Papacy))
	}
	wantCard(t, s, 14, "gone")
	wantCard(t, s, 22, "gone")
}

func TestDefenderOfTheFaith(t *testing.T) {
	s := heldImpulse(t, 2, England, 11)
	s.convert(spWittenberg, true) // a target for the attempts
	top := s.Deck[len(s.Deck)-1]
	playMandatory(t, s, England, 11)
	r := s.Reform
	if r == nil || !r.Counter || r.By != Papacy || r.Zone != LangNone || r.Left != 3 {
		t.Fatalf("3 Counter Reformation attempts by the Papacy in all zones, have %+v", r)
	}
	if !reflect.DeepEqual(s.Powers[England].Hand, []uint8{top}) {
		t.Errorf("England draws the top card of the deck: hand %v, top %d", s.Powers[England].Hand, top)
	}
	if s.Act == nil || s.Act.Power != England || s.Act.CP != 2 {
		t.Errorf("England's 2 CP wait for the attempts: %+v", s.Act)
	}
	if d, _ := s.top(); d.Kind != kReform || d.Power != Papacy {
		t.Errorf("the Papacy chooses the targets, have %+v", d)
	}
	wantCard(t, s, 11, "gone")

	// Played by another power, nobody draws.
	s = heldImpulse(t, 2, France, 11)
	n := len(s.Deck)
	playMandatory(t, s, France, 11)
	if len(s.Deck) != n || len(s.Powers[France].Hand) != 0 {
		t.Error("only England draws")
	}
}

func TestMasterOfItaly(t *testing.T) {
	s := heldImpulse(t, 2, Ottoman, 12)
	set := func(id string, p Power) { s.Spaces[sp(t, id)].Ctl = p }
	set("genoa", France)
	set("milan", France)
	set("florence", France)
	set("naples", Hapsburg)
	set("venice", Venice)
	s.MinorAlly[Venice-firstMinor] = Hapsburg // Venice's key counts for its ally
	top := s.Deck[len(s.Deck)-1]
	vp := s.VP(France)
	playMandatory(t, s, Ottoman, 12)
	if s.Powers[France].BonusVP != 1 || s.VP(France) != vp+1 {
		t.Errorf("France (3 keys) has %d bonus VP, want 1", s.Powers[France].BonusVP)
	}
	if s.Powers[Hapsburg].BonusVP != 0 || !reflect.DeepEqual(s.Powers[Hapsburg].Hand, []uint8{top}) {
		t.Errorf("the Hapsburgs (2 keys) draw a card: %v, VP %d", s.Powers[Hapsburg].Hand, s.Powers[Hapsburg].BonusVP)
	}
	wantCard(t, s, 12, "discard")

	s = heldImpulse(t, 3, Ottoman, 12)
	for _, id := range []string{"genoa", "milan", "venice", "florence"} {
		s.Spaces[sp(t, id)].Ctl = Papacy
	}
	s.Powers[Papacy].BonusVP = 1 // an earlier Master of Italy
	playMandatory(t, s, Ottoman, 12)
	if s.Powers[Papacy].BonusVP != 3 {
		t.Errorf("4 keys give 2 VP more: %d", s.Powers[Papacy].BonusVP)
	}
	for p := Power(0); p < NumMajors; p++ {
		if p != Papacy && s.Powers[p].BonusVP != 0 {
			t.Errorf("%s gains VP", p)
		}
	}
}

// protestantSpaces makes n spaces of the German zone Protestant, Wittenberg
// first (its display regulars enter).
func protestantSpaces(s *State, n int) {
	s.convert(spWittenberg, true)
	n--
	for i := range Spaces {
		if n == 0 {
			return
		}
		if Spaces[i].Lang == LangGerman && Spaces[i].Type != Electorate && !s.Spaces[i].Prot {
			s.Spaces[i].Prot = true
			n--
		}
	}
}

func TestSchmalkaldicLeague(t *testing.T) {
	// Turn 1, or fewer than 12 Protestant spaces: nothing; the card stays
	// in the game.
	for _, c := range []struct{ turn, prot int }{{1, 20}, {3, 11}} {
		s := heldImpulse(t, c.turn, Papacy, 13)
		protestantSpaces(s, c.prot)
		playMandatory(t, s, Papacy, 13)
		if s.League || s.AtWar(Protestant, Hapsburg) {
			t.Errorf("turn %d, %d spaces: the League forms", c.turn, c.prot)
		}
		wantCard(t, s, 13, "discard")
		if s.Act == nil || s.Act.CP != 2 {
			t.Error("the player still gets 2 CP")
		}
	}

	// 12 spaces (one in unrest) on Turn 3: the League forms.
	s := heldImpulse(t, 3, Hapsburg, 13)
	protestantSpaces(s, 12)
	s.Spaces[sp(t, "leipzig")].Prot = true
	s.Spaces[sp(t, "leipzig")].Unrest = true
	kassel := sp(t, "kassel")
	d := landDist(kassel)
	// Two Protestant stacks at the same distance from Kassel (closer than
	// Wittenberg): the Protestant chooses Philip of Hesse's.
	var tie []SpaceID
	for i := range Spaces {
		if d[i] == 1 && Spaces[i].Type != Electorate && len(tie) < 2 {
			tie = append(tie, SpaceID(i))
		}
	}
	for _, x := range tie {
		s.Spaces[x].Units[Protestant].Reg = 1
	}
	mainz := sp(t, "mainz") // a Catholic electorate with a Protestant regular
	s.Spaces[mainz].Units[Protestant].Reg = 1
	ev := playMandatory(t, s, Hapsburg, 13)
	if !s.League || !s.AtWar(Protestant, Hapsburg) || !s.AtWar(Protestant, Papacy) {
		t.Fatal("the League forms: wars with the Hapsburgs and the Papacy")
	}
	wantCard(t, s, 13, "gone")
	if hasEvent(ev, "loses 2 unspent CP") {
		t.Error("the CP come after the leaders are placed")
	}
	ev = play(t, s, kEvLeader, Protestant, Spaces[tie[1]].ID)
	if s.Leaders[leaderIdx("john_frederick")].Loc != int(spWittenberg) {
		t.Errorf("John Frederick joins the stack in Wittenberg: %s", s.locName(s.Leaders[leaderIdx("john_frederick")]))
	}
	if s.Leaders[leaderIdx("philip_of_hesse")].Loc != int(tie[1]) {
		t.Errorf("Philip of Hesse goes where the Protestant chose: %s", s.locName(s.Leaders[leaderIdx("philip_of_hesse")]))
	}
	if s.Spaces[mainz].Units[Protestant].Land() != 0 || s.Spaces[spWittenberg].Units[Protestant].Reg != 3 {
		t.Errorf("the regular in Catholic Mainz goes to Wittenberg: Mainz %+v, Wittenberg %+v", s.Spaces[mainz].Units[Protestant], s.Spaces[spWittenberg].Units[Protestant])
	}
	for _, x := range homeSpacesOf[Protestant] {
		if want := s.Spaces[x].Prot; (s.Spaces[x].Ctl == Protestant) != want {
			t.Errorf("%s: Protestant control %v, religion Protestant %v", Spaces[x].ID, s.Spaces[x].Ctl == Protestant, want)
		}
	}
	wantCPLost(t, s, ev, Hapsburg)
}

func TestSocietyOfJesus(t *testing.T) {
	s := heldImpulse(t, 5, France, 15)
	playMandatory(t, s, France, 15)
	if !s.isGone(mustCard(15)) {
		t.Error("the card leaves the game at once (Found Jesuit University is allowed)")
	}
	if s.Act == nil || s.Act.Power != France {
		t.Fatal("France's CP wait for the universities")
	}
	play(t, s, kEvUniversity, Papacy, "rome")
	ev := play(t, s, kEvUniversity, Papacy, "done")
	n := 0
	for i := range s.Spaces {
		if s.Spaces[i].Jesuit {
			n++
		}
	}
	if !s.Spaces[sp(t, "rome")].Jesuit || n != 1 || s.Universities != 0 {
		t.Errorf("one university, in Rome: %d", n)
	}
	wantCard(t, s, 15, "gone")
	wantCPLost(t, s, ev, France)

	// A Protestant space may not take one.
	s = heldImpulse(t, 5, France, 15)
	s.convert(spWittenberg, true)
	playMandatory(t, s, France, 15)
	if _, _, err := (Rules{}).Apply(s, "papacy", game.NewAction(kEvUniversity, []string{"wittenberg"})); err == nil {
		t.Error("a university in Protestant Wittenberg is refused")
	}
}

func TestCalvin(t *testing.T) {
	s := heldImpulse(t, 6, Ottoman, 16)
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	playMandatory(t, s, Ottoman, 16)
	if ruler(s, Protestant) != "Calvin" || Rulers[s.Powers[Protestant].Ruler].Admin != 1 {
		t.Errorf("ruler %s", ruler(s, Protestant))
	}
	if s.Debaters[dLuther] != DebRemoved || s.Reformer[spWittenberg] || !s.Spaces[spWittenberg].Prot || !s.CalvinRule {
		t.Error("Luther's reformer and debater leave; Wittenberg stays Protestant")
	}
	if len(s.debaterPool(Protestant, LangGerman, false)) != 3 {
		t.Errorf("Luther is out of the debater pool: %v", s.debaterPool(Protestant, LangGerman, false))
	}
	wantCard(t, s, 16, "gone")
	// A burnt Luther stays in the Papal bonus box.
	s = heldImpulse(t, 6, Ottoman, 16)
	s.Debaters[dLuther] = DebBurnt
	playMandatory(t, s, Ottoman, 16)
	if s.Debaters[dLuther] != DebBurnt {
		t.Error("a burnt Luther stays burnt")
	}
}

func TestCouncilOfTrent(t *testing.T) {
	s := heldImpulse(t, 6, England, 17)
	s.Debaters[deb("pole")] = DebUncommitted
	s.Debaters[deb("tetzel")] = DebCommitted
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	for _, id := range []string{"leipzig", "magdeburg", "erfurt"} {
		s.Spaces[sp(t, id)].Prot = true
	}
	playMandatory(t, s, England, 17)
	// Tetzel is committed: not offered.
	if _, _, err := (Rules{}).Apply(s.Clone(), "papacy", game.NewAction(kEvTrentPap, []string{"tetzel"})); err == nil {
		t.Error("a committed debater is refused")
	}
	play(t, s, kEvTrentPap, Papacy, "pole")
	play(t, s, kEvTrentPap, Papacy, "eck")
	play(t, s, kEvTrentPap, Papacy, "done")
	play(t, s, kEvTrentProt, Protestant, "bucer")
	s.Script = []int{5, 6, 5, 1, 1, 1, 1 /* Papacy: 3+3+1 dice, 3 hits */, 6, 2 /* Protestant: 2 dice, 1 hit */}
	play(t, s, kEvTrentProt, Protestant, "done")
	for _, id := range []string{"pole", "eck", "bucer"} {
		if s.Debaters[deb(id)] != DebCommitted {
			t.Errorf("%s is committed", id)
		}
	}
	if s.Debaters[deb("luther")] != DebUncommitted || s.Debaters[deb("aleander")] != DebUncommitted {
		t.Error("debaters not chosen stay uncommitted")
	}
	if len(s.Script) != 0 || s.Event.Winner != Papacy || s.Event.Flips != 2 {
		t.Fatalf("the Papacy wins by 2: %+v, dice left %v", s.Event, s.Script)
	}
	if _, _, err := (Rules{}).Apply(s.Clone(), "papacy", game.NewAction(kEvTrentFlip, []string{"paris"})); err == nil {
		t.Error("flipping a Catholic space is refused")
	}
	play(t, s, kEvTrentFlip, Papacy, "leipzig")
	play(t, s, kEvTrentFlip, Papacy, "wittenberg")
	if s.Spaces[sp(t, "leipzig")].Prot || s.Spaces[spWittenberg].Prot || !s.Spaces[sp(t, "magdeburg")].Prot {
		t.Error("the Papacy flips Leipzig and Wittenberg")
	}
	wantCard(t, s, 17, "discard")
	if s.Event != nil {
		t.Error("the Council is over")
	}

	// The Protestant wins by 1: it flips a Catholic space next to a
	// Protestant one.
	s = heldImpulse(t, 6, Papacy, 17)
	s.convert(spWittenberg, true)
	playMandatory(t, s, Papacy, 17)
	play(t, s, kEvTrentPap, Papacy, "tetzel")
	play(t, s, kEvTrentPap, Papacy, "done")
	play(t, s, kEvTrentProt, Protestant, "luther")
	s.Script = []int{6 /* Papacy: 1 die, 1 hit */, 5, 5, 1, 1, 1, 1, 1 /* Protestant: 7 dice, 2 hits */}
	play(t, s, kEvTrentProt, Protestant, "melanchthon") // the second ends the picks
	if d, _ := s.top(); d.Kind != kEvTrentFlip || d.Power != Protestant || len(s.Script) != 0 {
		t.Fatalf("want the Protestant's flip, have %+v (dice left %v)", d, s.Script)
	}
	if s.Event.Flips != 1 {
		t.Fatalf("flips %d", s.Event.Flips)
	}
	if _, _, err := (Rules{}).Apply(s.Clone(), "protestant", game.NewAction(kEvTrentFlip, []string{"rome"})); err == nil {
		t.Error("Rome is not a legal Reformation target")
	}
	play(t, s, kEvTrentFlip, Protestant, "leipzig")
	if !s.Spaces[sp(t, "leipzig")].Prot || s.Event != nil {
		t.Error("the Protestant flips Leipzig")
	}

	// Equal hits: nothing happens.
	s = heldImpulse(t, 6, England, 17)
	s.convert(spWittenberg, true)
	playMandatory(t, s, England, 17)
	play(t, s, kEvTrentPap, Papacy, "cajetan")
	play(t, s, kEvTrentPap, Papacy, "done")
	play(t, s, kEvTrentProt, Protestant, "carlstadt")
	s.Script = []int{5, 6}
	play(t, s, kEvTrentProt, Protestant, "done")
	if s.Event != nil || !s.Spaces[spWittenberg].Prot {
		t.Error("a tie flips nothing")
	}
}

func TestDragut(t *testing.T) {
	s := heldImpulse(t, 6, Hapsburg, 18)
	s.Barbary = true
	s.Leaders[leaderIdx("barbarossa")] = LeaderState{Loc: SeaLoc + int(sea(t, "tyrrhenian_sea")), Captor: NoPower}
	playMandatory(t, s, Hapsburg, 18)
	if s.Leaders[leaderIdx("dragut")] != (LeaderState{Loc: SeaLoc + int(sea(t, "tyrrhenian_sea")), Captor: NoPower}) {
		t.Errorf("Dragut takes Barbarossa's place: %s", s.locName(s.Leaders[leaderIdx("dragut")]))
	}
	if s.Leaders[leaderIdx("barbarossa")].Loc != Removed {
		t.Error("Barbarossa leaves the game")
	}
	wantCard(t, s, 18, "gone")

	s = heldImpulse(t, 6, Hapsburg, 18)
	s.Barbary = true
	s.Leaders[leaderIdx("barbarossa")] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	playMandatory(t, s, Hapsburg, 18)
	if s.Leaders[leaderIdx("dragut")] != (LeaderState{Loc: OffMap, Captor: NoPower}) || s.Leaders[leaderIdx("barbarossa")].Captor != NoPower {
		t.Error("a captured Barbarossa dies in captivity; Dragut waits off the map")
	}
}

func TestEnglishSuccession(t *testing.T) {
	henry, dudley := leaderIdx("henry_viii"), leaderIdx("dudley")
	york := sp(t, "york")

	// Edward VI: Henry dies in York; England chooses London or York.
	s := heldImpulse(t, 6, France, 19)
	s.Leaders[henry].Loc = int(york)
	playMandatory(t, s, France, 19)
	if ruler(s, England) != "Edward VI" || s.EnglishRulerTurn != 6 {
		t.Errorf("ruler %s (turn %d)", ruler(s, England), s.EnglishRulerTurn)
	}
	if s.Leaders[henry].Loc != Removed {
		t.Error("Henry VIII leaves the game")
	}
	if _, _, err := (Rules{}).Apply(s.Clone(), "england", game.NewAction(kEvLeader, []string{"paris"})); err == nil {
		t.Error("Dudley may not enter in Paris")
	}
	play(t, s, kEvLeader, England, "york")
	if s.Leaders[dudley] != (LeaderState{Loc: int(york), Captor: NoPower}) {
		t.Errorf("Dudley enters in York: %s", s.locName(s.Leaders[dudley]))
	}
	wantCard(t, s, 19, "gone")
	if s.alignment(England) != alignProt {
		t.Error("English units are Protestant-aligned under Edward VI")
	}

	// Mary I after Edward: no leader changes.
	s.Stack = []Decision{{Kind: kImpulse, Power: Papacy}}
	s.Act = nil
	s.Powers[Papacy].Hand = []uint8{uint8(mustCard(21))}
	s.Turn = 7
	playMandatory(t, s, Papacy, 21)
	if ruler(s, England) != "Mary I" || s.EnglishRulerTurn != 7 || s.Leaders[dudley].Loc != int(york) || s.alignment(England) != alignCath {
		t.Errorf("Mary I succeeds Edward: %s, Dudley %s", ruler(s, England), s.locName(s.Leaders[dudley]))
	}
	wantCard(t, s, 21, "gone")

	// Elizabeth I.
	s.Stack = []Decision{{Kind: kImpulse, Power: Papacy}}
	s.Act = nil
	s.Powers[Papacy].Hand = []uint8{uint8(mustCard(23))}
	playMandatory(t, s, Papacy, 23)
	if ruler(s, England) != "Elizabeth I" || s.alignment(England) != alignProt {
		t.Errorf("ruler %s", ruler(s, England))
	}

	// Mary I succeeding Henry VIII: Dudley enters; Henry was in London (the
	// only choice).
	s = heldImpulse(t, 6, England, 21)
	playMandatory(t, s, England, 21)
	if ruler(s, England) != "Mary I" || s.Leaders[dudley].Loc != int(spLondon) || s.Leaders[henry].Loc != Removed {
		t.Errorf("Mary I succeeds Henry: %s, Dudley %s", ruler(s, England), s.locName(s.Leaders[dudley]))
	}

	// Mary I while a sickly Edward is born and Henry rules: it counts as
	// Edward VI and goes to the discard pile; a healthy Edward removes it.
	for _, c := range []struct {
		preg  uint8
		where string
	}{{1 << 5, "discard"}, {1<<5 | 1<<6, "gone"}} {
		s = heldImpulse(t, 6, Hapsburg, 21)
		s.Pregnancy = c.preg
		playMandatory(t, s, Hapsburg, 21)
		if ruler(s, England) != "Edward VI" || s.Leaders[dudley].Loc != int(spLondon) {
			t.Errorf("pregnancy %b: ruler %s", c.preg, ruler(s, England))
		}
		wantCard(t, s, 21, c.where)
		wantCard(t, s, 19, "gone")
	}
}

func TestHenryII(t *testing.T) {
	francis, henry2 := leaderIdx("francis_i"), leaderIdx("henry_ii")
	s := heldImpulse(t, 6, Ottoman, 20)
	s.Leaders[francis] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	playMandatory(t, s, Ottoman, 20)
	if ruler(s, France) != "Henry II" {
		t.Errorf("ruler %s", ruler(s, France))
	}
	if s.Leaders[francis] != (LeaderState{Loc: Removed, Captor: NoPower}) || s.Leaders[henry2].Loc != int(sp(t, "paris")) {
		t.Errorf("a captured Francis dies; Henry II enters in Paris: %s", s.locName(s.Leaders[henry2]))
	}
	wantCard(t, s, 20, "gone")

	// Paris lost and Francis captured: a French home key.
	s = heldImpulse(t, 6, Ottoman, 20)
	s.Leaders[francis] = LeaderState{Loc: OffMap, Captor: Hapsburg}
	s.Spaces[sp(t, "paris")].Ctl = Hapsburg
	playMandatory(t, s, Ottoman, 20)
	d, _ := s.top()
	if d.Kind != kEvLeader || d.Power != France {
		t.Fatalf("France chooses among its home keys: %+v", d)
	}
	want := []string{}
	for _, x := range homeSpacesOf[France] {
		if Spaces[x].Type.IsKey() && s.Spaces[x].Ctl == France {
			want = append(want, Spaces[x].ID)
		}
	}
	var have []string
	for _, c := range s.choices(d) {
		have = append(have, c.Value)
	}
	if !reflect.DeepEqual(have, want) || len(have) < 2 {
		t.Errorf("options %v, want %v", have, want)
	}
	play(t, s, kEvLeader, France, want[1])
	if s.Leaders[henry2].Loc != int(mustSpace(want[1])) {
		t.Error("Henry II enters where France chose")
	}
}

func TestScotsRaid(t *testing.T) {
	// Scotland not allied to France: nothing but the 2 CP; the card leaves
	// the game (RULES.md §27 G1).
	s := heldImpulse(t, 3, England, 97)
	stirling := sp(t, "stirling")
	ev := playMandatory(t, s, England, 97)
	if s.Spaces[stirling].Ctl != Scotland {
		t.Error("nothing happens")
	}
	wantCPLost(t, s, ev, England)
	wantCard(t, s, 97, "gone")

	s = heldImpulse(t, 3, Papacy, 97)
	s.MinorAlly[Scotland-firstMinor] = France
	s.Spaces[stirling].Ctl = England
	s.Spaces[stirling].Units[England].Reg = 2
	s.Spaces[stirling].Units[Scotland].Reg = 1
	yorkRegs := s.Spaces[sp(t, "york")].Units[England].Reg
	playMandatory(t, s, Papacy, 97)
	if s.Spaces[stirling].Ctl != France || s.Spaces[stirling].Units[England].Any() || s.Spaces[stirling].Units[Scotland].Reg != 1 {
		t.Errorf("Stirling becomes French; the English are displaced: %+v", s.Spaces[stirling].Units)
	}
	if s.Spaces[sp(t, "york")].Units[England].Reg != yorkRegs+2 {
		t.Errorf("the English regulars go to the nearest English fortified space (York): %+v", s.Spaces[sp(t, "york")].Units[England])
	}
	play(t, s, kEvScotsRaid, France, "francis_i", "edinburgh")
	if s.Leaders[leaderIdx("francis_i")].Loc != int(sp(t, "edinburgh")) {
		t.Error("Francis I goes to Edinburgh")
	}
	// France spends its 3 raid CP first (here: none), then the Papacy its
	// own 2.
	if d, _ := s.top(); d.Kind != kAction || d.Power != France || s.Act == nil || !s.Act.Raid || s.Act.CP != 3 {
		t.Fatalf("France owes the raid's actions: %+v, %+v", d, s.Act)
	}
	play(t, s, kAction, France, "done")
	if s.Act == nil || s.Act.Power != Papacy || s.Act.CP != 2 || s.Act.Raid || s.ActAfter != nil {
		t.Errorf("the Papacy's 2 CP follow the raid: %+v", s.Act)
	}
	if d, _ := s.top(); d.Kind != kAction || d.Power != Papacy {
		t.Errorf("the Papacy spends its CP: %+v", d)
	}
}

func TestScotsRaidCPGoToRaidActions(t *testing.T) {
	s := heldImpulse(t, 3, Papacy, 97)
	s.MinorAlly[Scotland-firstMinor] = France
	playMandatory(t, s, Papacy, 97)
	ev := play(t, s, kEvScotsRaid, France, "none")
	if !hasEvent(ev, "France has 6 CP for the raid") || s.Act == nil || !s.Act.Raid || s.Act.CP != 6 {
		t.Fatalf("France gets 6 CP with no leader sent: %v, %+v", ev, s.Act)
	}
	// Only actions marked raid are offered with raid CP, every target one
	// of the raid's spaces: France may build its units there.
	a := s.availableActions(France)
	if len(a) == 0 {
		t.Fatal("the raid's CP build French units in its spaces")
	}
	for _, c := range a {
		if c.Value != "merc" && c.Value != "regular" && c.Value != "squadron" && c.Value != "move" && c.Value != "control" && c.Value != "assault" {
			t.Errorf("raid CP offer %s", c.Value)
		}
		if c.Value == "merc" || c.Value == "regular" {
			for _, t2 := range c.Next {
				if !raidSpaces[mustSpace(t2.Value)] {
					t.Errorf("%s in %s with raid CP", c.Value, t2.Value)
				}
			}
		}
	}
	edinburgh := sp(t, "edinburgh")
	n := s.Spaces[edinburgh].Units[France].Merc
	play(t, s, kAction, France, "merc", "edinburgh")
	if s.Spaces[edinburgh].Units[France].Merc != n+1 || s.Act.CP != 5 {
		t.Fatalf("a French mercenary in Edinburgh: %+v, %d CP left", s.Spaces[edinburgh].Units[France], s.Act.CP)
	}
	if !s.raidAllows(sp(t, "york")) || s.raidAllows(sp(t, "london")) {
		t.Error("raid CP reach York, not London")
	}
	s.endImpulse()
	if s.Act == nil || s.Act.Power != Papacy || s.ActAfter != nil {
		t.Errorf("the end of the raid gives the impulse back: %+v", s.Act)
	}
	if !s.raidAllows(sp(t, "london")) {
		t.Error("outside a raid every space is allowed")
	}
	var targets []string
	for i := range Spaces {
		if raidSpaces[i] {
			targets = append(targets, Spaces[i].ID)
		}
	}
	slices.Sort(targets)
	if want := []string{"berwick", "carlisle", "edinburgh", "glasgow", "stirling", "york"}; !reflect.DeepEqual(targets, want) {
		t.Errorf("raid targets %v, want %v", targets, want)
	}
}

func TestImperialCoronationAndEmbassy(t *testing.T) {
	cv := leaderIdx("charles_v")
	// Charles V outside Italy: nothing; the card recurs.
	s := heldImpulse(t, 3, France, 113)
	playMandatory(t, s, France, 113)
	wantCard(t, s, 113, "discard")
	if len(s.Powers[Hapsburg].Hand)+len(s.Powers[France].Hand) != 0 {
		t.Error("nobody draws")
	}
	// In Naples: the Hapsburgs and the player draw; the card leaves.
	s = heldImpulse(t, 3, France, 113)
	s.Leaders[cv].Loc = int(sp(t, "naples"))
	n := len(s.Deck)
	a, b := s.Deck[n-1], s.Deck[n-2]
	playMandatory(t, s, France, 113)
	if !reflect.DeepEqual(s.Powers[Hapsburg].Hand, []uint8{a}) || !reflect.DeepEqual(s.Powers[France].Hand, []uint8{b}) {
		t.Errorf("Hapsburg then France draw: %v %v", s.Powers[Hapsburg].Hand, s.Powers[France].Hand)
	}
	wantCard(t, s, 113, "gone")
	// Played by the Hapsburgs: 2 cards.
	s = heldImpulse(t, 3, Hapsburg, 113)
	s.Leaders[cv].Loc = int(sp(t, "naples"))
	playMandatory(t, s, Hapsburg, 113)
	if len(s.Powers[Hapsburg].Hand) != 2 {
		t.Errorf("the Hapsburgs draw 2: %v", s.Powers[Hapsburg].Hand)
	}

	// La Forêt's Embassy: only with a France–Ottoman alliance.
	s = heldImpulse(t, 3, England, 114)
	playMandatory(t, s, England, 114)
	wantCard(t, s, 114, "discard")
	s = heldImpulse(t, 3, England, 114)
	s.setAlly(France, Ottoman, true)
	n = len(s.Deck)
	a, b = s.Deck[n-1], s.Deck[n-2]
	playMandatory(t, s, England, 114)
	if !reflect.DeepEqual(s.Powers[Ottoman].Hand, []uint8{a}) || !reflect.DeepEqual(s.Powers[France].Hand, []uint8{b}) || len(s.Powers[England].Hand) != 0 {
		t.Errorf("the Ottomans and France draw: %v %v", s.Powers[Ottoman].Hand, s.Powers[France].Hand)
	}
	wantCard(t, s, 114, "gone")
}

// TestOverdueSharesTheEvent: the Winter's overdue Schmalkaldic League asks
// the Protestant the same tie question, and gives no CP.
func TestOverdueSharesTheEvent(t *testing.T) {
	s := winterState(t, 4)
	s.convert(spWittenberg, true)
	d := landDist(sp(t, "kassel"))
	var tie []SpaceID
	for i := range Spaces {
		if d[i] == 1 && Spaces[i].Type != Electorate && len(tie) < 2 {
			tie = append(tie, SpaceID(i))
		}
	}
	for _, x := range tie {
		s.Spaces[x].Units[Protestant].Reg = 1
	}
	startWinter(t, s)
	for {
		dd, ok := s.top()
		if !ok || dd.Kind == kEvLeader {
			break
		}
		t.Fatalf("unexpected decision %+v", dd)
	}
	play(t, s, kEvLeader, Protestant, Spaces[tie[0]].ID)
	skipOptional(t, s)
	if !s.League || s.Leaders[leaderIdx("philip_of_hesse")].Loc != int(tie[0]) || ruler(s, Papacy) != "Paul III" {
		t.Error("the League forms in Winter, then Paul III")
	}
	if s.Act != nil {
		t.Error("no CP in Winter")
	}
	wantCard(t, s, 13, "gone")
	wantCard(t, s, 14, "gone")
}
