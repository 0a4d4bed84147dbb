package his

import (
	"fmt"
	"strings"

	"concordat/game"
)

// The religious actions of the Action Phase (§18.1.3–§18.1.8): Publish
// Treatise (Protestant, and England with Cranmer on the map), Translate
// Scripture, Burn Books, Build Saint Peter's and Found Jesuit University;
// and the debater bonuses of §18.2.4 in Reformation and Counter
// Reformation attempts and translation. Call Theological Debate is in
// action.go, the attempts themselves in reform.go.

// Decision kind: commit a debater for his bonus die before an attempt.
const kReformBonus = "reformation.bonus"

// transLangs are the three translation tracks' zones, in the order of
// State.NewTestament and State.FullBible.
var transLangs = [3]Lang{LangGerman, LangFrench, LangEnglish}

// Track lengths (§18.1.4).
const (
	ntBoxes    = 6
	bibleBoxes = 10
)

func transIndex(z Lang) int {
	for i, l := range transLangs {
		if l == z {
			return i
		}
	}
	return -1
}

// attemptBonus is a debater's bonus die in (Counter) Reformation attempts
// (§18.2.4; "within 2 spaces" per ruling R4).
type attemptBonus struct {
	id      string
	counter bool   // a Papal bonus for Counter Reformation attempts
	dice    int    // dice added when it fits
	near    string // fits within 2 spaces of this space
	leader  string // fits within 2 spaces of this leader
	homes   []Power
	elector bool // fits against an electorate
	english bool // England may allocate it to its treatise
	// set at init: the debater, the near space, the leader
	debater int
	nearSp  SpaceID
	leaderX int
}

var attemptBonuses = []attemptBonus{
	{id: "bucer", dice: 1, near: "strasburg"},
	{id: "zwingli", dice: 1, near: "zurich"},
	{id: "oekolampadius", dice: 1, near: "basel"},
	{id: "farel", dice: 1, near: "geneva"},
	{id: "cop", dice: 1, near: "paris"},
	{id: "cranmer", dice: 1, near: "london", english: true},
	{id: "latimer", dice: 1, homes: []Power{England}, english: true},
	{id: "wishart", dice: 1, homes: []Power{Scotland}, english: true},
	{id: "knox", dice: 1, homes: []Power{England, Scotland}, english: true},
	{id: "contarini", counter: true, dice: 1, leader: "charles_v"},
	{id: "canisius", counter: true, dice: 1, near: "regensburg"},
	{id: "faber", counter: true, dice: 2, elector: true},
}

// The debaters whose bonus frees a translation box (§18.1.4).
var translators = []string{"luther", "melanchthon", "olivetan", "tyndale", "coverdale"}

var cSociety int // #15 Society of Jesus

func init() {
	cSociety = mustCard(15)
	for i := range attemptBonuses {
		b := &attemptBonuses[i]
		b.debater = mustDebater(b.id)
		if b.near != "" {
			b.nearSp = mustSpace(b.near)
		}
		if b.leader != "" {
			l, err := LeaderByID(b.leader)
			if err != nil {
				panic(err)
			}
			b.leaderX = l
		}
	}
	for _, id := range translators {
		mustDebater(id)
	}
}

// within2 reports whether b is at most 2 land connections (passes
// included) from a (ruling R4).
func within2(a, b SpaceID) bool {
	if a == b || spaceAdjMatrix[a][b] != 0 {
		return true
	}
	for _, e := range Spaces[a].Edges {
		if spaceAdjMatrix[e.To][b] != 0 {
			return true
		}
	}
	return false
}

// fits is the dice the bonus adds to an attempt on sp (0 when it does not
// fit there).
func (s *State) fits(b *attemptBonus, sp SpaceID) int {
	ok := false
	switch {
	case b.near != "":
		ok = within2(b.nearSp, sp)
	case b.leader != "":
		loc := s.Leaders[b.leaderX].Loc
		ok = loc >= 0 && loc < NumSpaces && within2(SpaceID(loc), sp)
	case b.elector:
		ok = Spaces[sp].Type == Electorate
	default:
		for _, h := range b.homes {
			ok = ok || Spaces[sp].Home == h
		}
	}
	if !ok {
		return 0
	}
	return b.dice
}

func bonusOf(id string) *attemptBonus {
	for i := range attemptBonuses {
		if attemptBonuses[i].id == id {
			return &attemptBonuses[i]
		}
	}
	return nil
}

// helperDice is the die bonus of the series' debater against sp.
func (s *State) helperDice(sp SpaceID) int {
	if b := bonusOf(s.Reform.Helper); b != nil {
		return s.fits(b, sp)
	}
	return 0
}

// bonusUsed reports whether p has used its one debater bonus of the impulse
// (§18.2.4). Outside an impulse played for CP a series is the only religious
// action of its impulse, so the series' own Helper is the limit.
func (s *State) bonusUsed(p Power) bool {
	return s.Act != nil && p < NumMajors && s.Act.BonusUsed[p]
}

// commitBonus commits debater id for p's bonus of the impulse.
func (s *State) commitBonus(p Power, id string) {
	s.Debaters[mustDebater(id)] = DebCommitted
	if s.Act != nil && p < NumMajors {
		s.Act.BonusUsed[p] = true
	}
}

func (s *State) uncommitted(id string) bool {
	return s.Debaters[mustDebater(id)] == DebUncommitted
}

// bonusOffers lists the uncommitted debaters whose bonus die the attempting
// power may commit for the attempt on sp: none once the series has a
// helper or the power has used its bonus this impulse; England only its
// four (§18.1.3).
func (s *State) bonusOffers(sp SpaceID) []string {
	r := s.Reform
	if r.Helper != "" || s.bonusUsed(r.By) {
		return nil
	}
	var out []string
	for i := range attemptBonuses {
		b := &attemptBonuses[i]
		if b.counter != r.Counter || (r.By == England && !b.english) || s.Debaters[b.debater] != DebUncommitted {
			continue
		}
		if s.fits(b, sp) > 0 {
			out = append(out, b.id)
		}
	}
	return out
}

// addStPeterCP advances the St. Peter's CP track (§18.1.6): each 5th CP
// resets it and adds 1 VP, at most 5 VP per game.
func (s *State) addStPeterCP(n int) {
	s.StPeterCP += n
	for s.StPeterCP >= 5 {
		s.StPeterCP -= 5
		if s.StPeterVP < 5 {
			s.StPeterVP++
			s.emit("st_peter", fmt.Sprintf("St. Peter's: the Papacy gains 1 VP (%d)", s.StPeterVP))
		}
	}
}

// translationBoxes is the boxes left on a language's two tracks.
func (s *State) translationBoxes(i int) int {
	return ntBoxes - int(s.NewTestament[i]) + bibleBoxes - int(s.FullBible[i])
}

// advanceTranslation moves language i's marker one box: the New Testament
// until complete, then the Full Bible. It reports which track it completed
// ("", "nt", "bible").
func (s *State) advanceTranslation(i int) string {
	if s.NewTestament[i] < ntBoxes {
		s.NewTestament[i]++
		if s.NewTestament[i] == ntBoxes {
			return "nt"
		}
		return ""
	}
	if s.FullBible[i] < bibleBoxes {
		s.FullBible[i]++
		if s.FullBible[i] == bibleBoxes {
			return "bible"
		}
	}
	return ""
}

func title(z Lang) string {
	n := z.String()
	return strings.ToUpper(n[:1]) + n[1:]
}

// translate spends 1 CP on language z's translation, and moves one more
// box free when helper (a translation-bonus debater) is committed; a
// completed New Testament gives 6 Reformation attempts in its zone, a
// completed Full Bible 6 with +1 to every Protestant die and 1 bonus VP
// (§18.1.4).
func (s *State) translate(z Lang, helper string) {
	i := transIndex(z)
	done := s.advanceTranslation(i)
	if helper != "" {
		s.commitBonus(Protestant, helper)
		if d := s.advanceTranslation(i); d != "" {
			done = d
		}
	}
	s.emit("translation", fmt.Sprintf("%s translation: New Testament %d/%d, Full Bible %d/%d", title(z), s.NewTestament[i], ntBoxes, s.FullBible[i], bibleBoxes))
	switch done {
	case "nt":
		s.StartReformation(Protestant, z, 6, 0, false, title(z)+" New Testament")
	case "bible":
		s.Powers[Protestant].BonusVP++
		s.emit("translation", fmt.Sprintf("the %s Full Bible is complete: Protestant +1 VP", title(z)))
		s.StartReformation(Protestant, z, 6, 0, true, title(z)+" Full Bible")
	}
}

// societyPlayed reports whether Society of Jesus has been played (it is
// then removed from the game).
func (s *State) societyPlayed() bool { return s.isGone(cSociety) }

// universitySite reports whether a Jesuit university may be founded in sp:
// a Catholic space in play without one (§18.1.8).
func (s *State) universitySite(sp SpaceID) bool {
	return s.Catholic(sp) && !s.Spaces[sp].Jesuit && s.Spaces[sp].Ctl != NoPower
}

func choice(label, value string, next []game.Choice) game.Choice {
	return game.Choice{Label: label, Value: value, Next: next}
}

// debaterChoice is the option of committing debater id.
func debaterChoice(id, what string) game.Choice {
	return choice(fmt.Sprintf("commit %s: %s", Debaters[mustDebater(id)].Name, what), id, nil)
}

func init() {
	registerDecision(kReformBonus, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("%s: commit a debater for his bonus die against %s (for the rest of the series)?", s.Reform.Source, Spaces[s.Reform.Target].Name)
		},
		choices: func(s *State, d Decision) []game.Choice {
			out := []game.Choice{choice("no debater bonus", "none", nil)}
			for _, id := range s.bonusOffers(s.Reform.Target) {
				b := bonusOf(id)
				out = append(out, debaterChoice(id, fmt.Sprintf("+%d die", b.dice)))
			}
			return out
		},
		resolve: func(s *State, d Decision, path []string) {
			r := s.Reform
			r.Asking = false
			if path[0] != "none" {
				s.commitBonus(r.By, path[0])
				r.Helper = path[0]
				s.rlog("%s commits %s for his bonus", r.By, Debaters[mustDebater(path[0])].Name)
			}
			s.rollAttempt(r.Target)
		},
	})

	// Publish Treatise (§18.1.3): the Protestant for 2 CP in a zone it
	// chooses (Carlstadt: 3 German attempts; Calvin: 3 French), England for
	// 3 CP in the English zone while the reformer Cranmer is on the map.
	registerAction(&actionDef{
		id: "treatise", label: "publish a treatise (Protestant 2 CP, England 3 CP)", order: 910,
		choices: func(s *State, p Power, cp int) []game.Choice {
			switch {
			case p == England && cp >= s.englishTreatiseCP() && s.Reformer[spLondon]:
				return []game.Choice{choice(fmt.Sprintf("2 attempts in the English zone (%d CP)", s.englishTreatiseCP()), LangEnglish.String(), nil)}
			case p != Protestant || cp < 2:
				return nil
			}
			var out []game.Choice
			for z := LangEnglish; z < NumLangs; z++ {
				var next []game.Choice
				helper := ""
				switch z {
				case LangGerman:
					helper = "carlstadt"
				case LangFrench:
					helper = "calvin"
				}
				if helper != "" && !s.bonusUsed(p) && s.uncommitted(helper) {
					next = []game.Choice{choice("2 attempts", "none", nil), debaterChoice(helper, "3 attempts")}
				}
				out = append(out, choice(fmt.Sprintf("%s zone (2 CP)", title(z)), z.String(), next))
			}
			return out
		},
		cost: func(s *State, p Power, path []string) int {
			if p == England {
				return s.englishTreatiseCP()
			}
			return 2
		},
		do: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			n, helper := 2, ""
			if len(path) > 1 && path[1] != "none" {
				n, helper = 3, path[1]
				s.commitBonus(p, helper)
			}
			s.StartReformation(p, z, n, 0, false, "Publish Treatise")
			s.Reform.Helper = helper
		},
	})

	// Translate Scripture (§18.1.4): 1 CP moves one box; a translator
	// committed with it moves one more box free.
	registerAction(&actionDef{
		id: "translate", label: "translate scripture (1 CP)", order: 915,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Protestant || cp < 1 {
				return nil
			}
			var out []game.Choice
			for i, z := range transLangs {
				left := s.translationBoxes(i)
				if left == 0 {
					continue
				}
				var next []game.Choice
				if left >= 2 && !s.bonusUsed(p) {
					for _, id := range translators {
						if Debaters[mustDebater(id)].Lang == z && s.uncommitted(id) {
							next = append(next, debaterChoice(id, "1 more box free"))
						}
					}
					if len(next) > 0 {
						next = append([]game.Choice{choice("no debater bonus", "none", nil)}, next...)
					}
				}
				track := "New Testament"
				if s.NewTestament[i] == ntBoxes {
					track = "Full Bible"
				}
				out = append(out, choice(fmt.Sprintf("%s %s", title(z), track), z.String(), next))
			}
			return out
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			z, _ := ParseLang(path[0])
			helper := ""
			if len(path) > 1 && path[1] != "none" {
				helper = path[1]
			}
			s.translate(z, helper)
		},
	})

	// Burn Books (§18.1.7): 2 Counter Reformation attempts in one zone;
	// Cajetan 3 in one zone, Caraffa 3 in any zones (path "any"), Tetzel +1
	// St. Peter's CP per attempt.
	registerAction(&actionDef{
		id: "burn", label: "burn books (2 CP)", order: 920,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Papacy || cp < 2 {
				return nil
			}
			free := !s.bonusUsed(p)
			var next []game.Choice
			if free && s.uncommitted("cajetan") {
				next = append(next, debaterChoice("cajetan", "3 attempts"))
			}
			if free && s.uncommitted("tetzel") {
				next = append(next, debaterChoice("tetzel", "+1 St. Peter's CP per attempt"))
			}
			if len(next) > 0 {
				next = append([]game.Choice{choice("no debater bonus", "none", nil)}, next...)
			}
			var out []game.Choice
			for z := LangEnglish; z < NumLangs; z++ {
				out = append(out, choice(title(z)+" zone", z.String(), next))
			}
			if free && s.uncommitted("caraffa") {
				out = append(out, choice("commit Caraffa: 3 attempts in any zones", "any", nil))
			}
			return out
		},
		cost: fixedCost(2),
		do: func(s *State, p Power, path []string) {
			if path[0] == "any" {
				s.commitBonus(p, "caraffa")
				s.StartCounterReformation(LangNone, 3, "Burn Books (Caraffa)")
				s.Reform.Helper = "caraffa"
				return
			}
			z, _ := ParseLang(path[0])
			n, helper := 2, ""
			if len(path) > 1 && path[1] != "none" {
				helper = path[1]
				s.commitBonus(p, helper)
				if helper == "cajetan" {
					n = 3
				}
			}
			s.StartCounterReformation(z, n, "Burn Books")
			s.Reform.Helper = helper
		},
	})

	// Build Saint Peter's (§18.1.6): 1 CP per box, until the 5 VP are built.
	registerAction(&actionDef{
		id: "stpeter", label: "build Saint Peter's (1 CP)", order: 925,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Papacy || cp < 1 || s.StPeterVP >= 5 {
				return nil
			}
			return leafChoice
		},
		cost: fixedCost(1),
		do: func(s *State, p Power, path []string) {
			s.addStPeterCP(1)
			s.emit("st_peter", fmt.Sprintf("St. Peter's: %d CP, %d VP", s.StPeterCP, s.StPeterVP))
		},
	})

	// Found Jesuit University (§18.1.8): after Society of Jesus, 3 CP, or
	// 2 CP committing Loyola.
	registerAction(&actionDef{
		id: "university", label: "found a Jesuit university (3 CP, 2 with Loyola)", order: 930,
		choices: func(s *State, p Power, cp int) []game.Choice {
			loyola := s.uncommitted("loyola")
			if p != Papacy || !s.societyPlayed() || cp < 2 || (cp < 3 && !loyola) {
				return nil
			}
			var next []game.Choice
			if loyola {
				if cp >= 3 {
					next = append(next, choice("pay 3 CP", "cp", nil))
				}
				next = append(next, debaterChoice("loyola", "pay 2 CP"))
			}
			var out []game.Choice
			for i := range Spaces {
				if s.universitySite(SpaceID(i)) {
					out = append(out, choice(Spaces[i].Name, Spaces[i].ID, next))
				}
			}
			return out
		},
		cost: func(s *State, p Power, path []string) int {
			if len(path) > 1 && path[1] == "loyola" {
				return 2
			}
			return 3
		},
		do: func(s *State, p Power, path []string) {
			sp := mustSpace(path[0])
			if len(path) > 1 && path[1] == "loyola" {
				s.Debaters[mustDebater("loyola")] = DebCommitted
			}
			s.Spaces[sp].Jesuit = true
			s.emit("university", "the Papacy founds a Jesuit university in "+Spaces[sp].Name)
		},
	})
}

// englishTreatiseCP is what England's Publish Treatise costs: 3 CP, 2 for
// the rest of the turn after Thomas Cromwell's treatise (#115).
func (s *State) englishTreatiseCP() int {
	if s.TurnFx.Cromwell {
		return 2
	}
	return 3
}
