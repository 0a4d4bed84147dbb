package his

import (
	"fmt"
	"sort"

	"concordat/game"
)

// DebatePosition describes a theological debate to run on its own: the 1517
// setup with Luther in Wittenberg (as after the 95 Theses), changed as the
// fields say, the debate's caller, and optional scripted dice, random picks
// and answers to the debate's decisions. It is the input of
// `concordat his debate` (docs/his.md).
type DebatePosition struct {
	Edition   string `json:"edition,omitempty"` // "500th" (default) or "2010"
	Seed      uint64 `json:"seed,omitempty"`
	Turn      int    `json:"turn,omitempty"`   // default 1
	Initiator string `json:"initiator"`        // papacy or protestant
	Zone      string `json:"zone,omitempty"`   // german, french, english; empty: the initiator chooses
	Source    string `json:"source,omitempty"` // action (default), leipzig, inquisition, more, other
	// Debaters sets debaters' states: uncommitted, committed, out, burnt,
	// disgraced, away (excommunicated). Others keep their 1517 state.
	Debaters map[string]string `json:"debaters,omitempty"`
	// Protestant lists spaces that are Protestant (Wittenberg always is).
	Protestant []string `json:"protestant,omitempty"`
	// Hands: card numbers per power (e.g. {"protestant": [7]} for Here I Stand).
	Hands map[string][]int `json:"hands,omitempty"`
	// EnglishRuler names England's ruler ("Mary I" doubles Papal values in
	// English debates).
	EnglishRuler string `json:"english_ruler,omitempty"`
	Augsburg     bool   `json:"augsburg,omitempty"` // Augsburg Confession played this turn
	Wartburg     bool   `json:"wartburg,omitempty"` // The Wartburg played this turn
	// Dice are the scripted die rolls, in the order the debate rolls them
	// (attacker's dice, then defender's, per round; Campeggio's die). When
	// they run out the seeded generator rolls.
	Dice []int `json:"dice,omitempty"`
	// Picks name the debaters the random draws return, in order.
	Picks []string `json:"picks,omitempty"`
	// Choices answer the debate's decisions in order, each a path of option
	// values (["choose", "eck"], ["committed"], ["luther"], ["mainz"]).
	// When they run out every decision takes its first option.
	Choices [][]string `json:"choices,omitempty"`
}

// DebateReport is what a debate run on its own produced.
type DebateReport struct {
	Log       []string          `json:"log"`
	Decisions []string          `json:"decisions"` // each decision asked and its answer
	Result    string            `json:"result"`
	Winner    string            `json:"winner,omitempty"`
	Diff      int               `json:"difference,omitempty"`
	Flipped   []string          `json:"flipped,omitempty"`
	Debaters  map[string]string `json:"debaters"` // every debater in play after the debate
	BonusVP   map[string]int    `json:"bonus_vp"`
	DiceLeft  int               `json:"dice_left"`
}

var debStatusByName = map[string]DebaterStatus{"out": DebOut, "uncommitted": DebUncommitted, "committed": DebCommitted,
	"burnt": DebBurnt, "disgraced": DebDisgraced, "away": DebAway}

var sourceByName = map[string]DebateSource{"": SrcAction, "action": SrcAction, "leipzig": SrcLeipzig,
	"inquisition": SrcInquisition, "more": SrcMore, "other": SrcOther}

// RunDebate builds the position, runs the debate through the contract's
// decisions and reports it. Bad input is an error naming the problem.
func RunDebate(pos DebatePosition) (*DebateReport, error) {
	ed := Ed500
	switch pos.Edition {
	case "", "500th":
	case "2010":
		ed = Ed2010
	default:
		return nil, fmt.Errorf("edition %q: want 500th or 2010", pos.Edition)
	}
	s := NewState1517(ed, pos.Seed)
	s.Turn = 1
	if pos.Turn != 0 {
		if pos.Turn < 1 || pos.Turn > 9 {
			return nil, fmt.Errorf("turn %d: want 1 to 9", pos.Turn)
		}
		s.Turn = pos.Turn
	}
	s.Phase = PhaseAction
	s.Reformer[spWittenberg] = true
	s.convert(spWittenberg, true)
	for _, id := range pos.Protestant {
		x, err := SpaceByID(id)
		if err != nil {
			return nil, fmt.Errorf("protestant: %w", err)
		}
		if Spaces[x].NoRel {
			return nil, fmt.Errorf("protestant: %s is an Ottoman home space and has no religion", id)
		}
		s.convert(x, true)
	}
	ids := make([]string, 0, len(pos.Debaters))
	for id := range pos.Debaters {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		d, err := DebaterByID(id)
		if err != nil {
			return nil, fmt.Errorf("debaters: %w", err)
		}
		st, ok := debStatusByName[pos.Debaters[id]]
		if !ok {
			return nil, fmt.Errorf("debaters: %s: unknown state %q (want uncommitted, committed, out, burnt, disgraced or away)", id, pos.Debaters[id])
		}
		s.Debaters[d] = st
	}
	for name, cards := range pos.Hands {
		p, err := ParsePower(name)
		if err != nil || !p.Major() {
			return nil, fmt.Errorf("hands: %q is not a major power", name)
		}
		s.Powers[p].Hand = nil
		for _, n := range cards {
			c, err := CardByNumber(n)
			if err != nil {
				return nil, fmt.Errorf("hands: %s: %w", name, err)
			}
			s.takeOut(c)
			s.Powers[p].Hand = append(s.Powers[p].Hand, uint8(c))
		}
	}
	if pos.EnglishRuler != "" {
		found := false
		for i, r := range Rulers {
			if r.Power == England && r.Name == pos.EnglishRuler {
				s.Powers[England].Ruler, found = i, true
			}
		}
		if !found {
			return nil, fmt.Errorf("english_ruler: %q is not a ruler of England", pos.EnglishRuler)
		}
	}
	s.Augsburg, s.Wartburg = pos.Augsburg, pos.Wartburg
	for _, d := range pos.Dice {
		if d < 1 || d > 6 {
			return nil, fmt.Errorf("dice: %d is not a die roll", d)
		}
	}
	caller, err := ParsePower(pos.Initiator)
	if err != nil {
		return nil, fmt.Errorf("initiator: %w", err)
	}
	zone := LangNone
	if pos.Zone != "" {
		if zone, err = ParseLang(pos.Zone); err != nil {
			return nil, fmt.Errorf("zone: %w", err)
		}
	}
	src, ok := sourceByName[pos.Source]
	if !ok {
		return nil, fmt.Errorf("source %q: want action, leipzig, inquisition, more or other", pos.Source)
	}
	if err := s.StartDebate(caller, zone, src); err != nil {
		return nil, err
	}
	for _, id := range pos.Picks {
		if _, err := DebaterByID(id); err != nil {
			return nil, fmt.Errorf("picks: %w", err)
		}
	}
	s.Debate.Picks = append([]string(nil), pos.Picks...)
	s.Script = append([]int(nil), pos.Dice...)
	s.Impulse = caller
	s.run()
	rep := &DebateReport{}
	var rules Rules
	choices := pos.Choices
	for s.Debate != nil {
		d, ok := s.top()
		if !ok {
			return nil, fmt.Errorf("internal error: debate without a decision")
		}
		seat := game.Seat(d.Power.String())
		if len(choices) > 0 {
			if _, _, err := rules.Apply(s, seat, game.NewAction(d.Kind, choices[0])); err != nil {
				return nil, fmt.Errorf("choice %d %v for %s %s: %w", len(pos.Choices)-len(choices)+1, choices[0], d.Power, d.Kind, err)
			}
			rep.Decisions = append(rep.Decisions, fmt.Sprintf("%s %s: %v", d.Power, d.Kind, choices[0]))
			choices = choices[1:]
			continue
		}
		first := s.choices(d)
		if _, _, err := rules.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
			return nil, err
		}
		v := ""
		if len(first) > 0 {
			v = first[0].Value
		}
		rep.Decisions = append(rep.Decisions, fmt.Sprintf("%s %s: %s (default)", d.Power, d.Kind, v))
	}
	if len(choices) > 0 {
		return nil, fmt.Errorf("choices: %d answer(s) left over after the debate ended", len(choices))
	}
	d := s.LastDebate
	rep.Log, rep.Result, rep.Flipped = d.Log, d.Result, d.Flipped
	if d.Winner != NoPower {
		rep.Winner, rep.Diff = d.Winner.String(), d.Diff
	}
	rep.Debaters = map[string]string{}
	for i, st := range s.Debaters {
		if st != DebOut {
			rep.Debaters[Debaters[i].ID] = debStatusNames[st]
		}
	}
	rep.BonusVP = map[string]int{"papacy": s.Powers[Papacy].BonusVP, "protestant": s.Powers[Protestant].BonusVP}
	rep.DiceLeft = len(s.Script)
	return rep, nil
}
