package his

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"concordat/game"
)

// A Position is a game at one moment in a documented JSON form: what
// `concordat his new` prints (its "position") and what `concordat his play`
// loads and prints (docs/his.md, "Reproducing a position"). The documented
// fields describe the board and the powers; Engine carries the whole engine
// state (Rules.Marshal), so that a position printed at any point — a battle
// half fought included — loads exactly. When a position is loaded, the
// documented fields present override the engine state (absent ones keep
// it); without Engine the position starts from the 1517 setup of Seed, and
// its turn, phase, impulse and pending decision set up a new decision: the
// impulse of a power in the Action Phase, or the start of the Diplomacy
// Phase, Spring Deployment or Winter.
type Position struct {
	Edition string `json:"edition,omitempty"` // 500th (default) or 2010
	// Players is 2 for the 2-player variant (its diplomatic deck and hands
	// are in Engine); absent or 6 for the six-player game.
	Players int `json:"players,omitempty"`
	// Seed seeds the random generator of a position without Engine.
	Seed    uint64 `json:"seed,omitempty"`
	Turn    int    `json:"turn,omitempty"`
	Phase   string `json:"phase,omitempty"`   // diplomacy, action, winter, spring deployment, …
	Impulse string `json:"impulse,omitempty"` // the power whose impulse it is (Action Phase)
	Passes  *int   `json:"passes,omitempty"`  // consecutive passes (six end the Action Phase)
	// Pending is the stack of decisions owed, bottom first; the last is owed
	// now.
	Pending []Decision `json:"pending,omitempty"`

	Spaces   map[string]SpacePosition `json:"spaces,omitempty"`
	Seas     map[string]SeaPosition   `json:"seas,omitempty"`
	Leaders  map[string]string        `json:"leaders,omitempty"`  // space or sea id, "captured by <power>", "off map", "removed"
	Debaters map[string]string        `json:"debaters,omitempty"` // out, uncommitted, committed, burnt, disgraced, away, removed
	Powers   map[string]PowerPosition `json:"powers,omitempty"`
	Wars     *[][2]string             `json:"wars,omitempty"`
	Allies   *[][2]string             `json:"alliances,omitempty"`
	Minors   map[string]string        `json:"minor_allies,omitempty"` // minor → its major ally ("" inactive)
	// Deck (its last card is the top), Discard and Removed list card numbers.
	Deck    *[]int `json:"deck,omitempty"`
	Discard *[]int `json:"discard,omitempty"`
	Removed *[]int `json:"removed,omitempty"`
	// Excommunicated lists the rulers (by power) and reformers (by debater
	// id) excommunicated by Papal Bull.
	Excommunicated *[]string      `json:"excommunicated,omitempty"`
	Henry          *HenryPosition `json:"henry_viii,omitempty"`
	League         *bool          `json:"schmalkaldic_league,omitempty"`
	Barbary        *bool          `json:"barbary_pirates,omitempty"`

	// Engine is the whole engine state (Rules.Marshal).
	Engine json.RawMessage `json:"engine,omitempty"`
}

// SpacePosition is one land space: political control, religion, unrest,
// Jesuit university, reformer, units by power, the powers besieging it and
// whether the siege began this impulse, and (electorates) the Protestant
// regulars waiting on the Electorate Display. A listed space is set whole.
type SpacePosition struct {
	Control   string           `json:"control"` // a power id, or "none" (Algiers before Barbary Pirates)
	Religion  string           `json:"religion,omitempty"`
	Unrest    bool             `json:"unrest,omitempty"`
	Jesuit    bool             `json:"jesuit,omitempty"`
	Reformer  bool             `json:"reformer,omitempty"`
	Units     map[string]Units `json:"units,omitempty"`
	Besiegers []string         `json:"besiegers,omitempty"`
	SiegeNew  bool             `json:"siege_new,omitempty"`
	Display   uint8            `json:"display,omitempty"`
}

// SeaPosition is one sea zone: units by power and the piracy marker.
type SeaPosition struct {
	Units  map[string]Units `json:"units,omitempty"`
	Piracy bool             `json:"piracy,omitempty"`
}

// PowerPosition is one major power's card: ruler, hand (card numbers),
// bonus VP, War Winner VP, the excommunication "-1 Card" marker and the
// turn its ruler was excommunicated. VP and Keys are what the position
// gives (§23.2, §4.1): printed, never read.
type PowerPosition struct {
	Ruler        string `json:"ruler"`
	Hand         []int  `json:"hand"`
	BonusVP      int    `json:"bonus_vp,omitempty"`
	WarWinnerVP  int    `json:"war_winner_vp,omitempty"`
	MinusOneCard bool   `json:"minus_one_card,omitempty"`
	ExcomTurn    int    `json:"excommunicated_turn,omitempty"`
	VP           int    `json:"vp"`
	Keys         int    `json:"keys"`
}

// HenryPosition is Henry VIII's marriage (§21.3): the marital status box
// (0 Catherine of Aragon, 1 Ask for Divorce, 2 Anne Boleyn, 3 Jane
// Seymour, 4 Anne of Cleves, 5 Kathryn Howard, 6 Katherine Parr), the
// pregnancy results that have occurred, whether the Papacy granted the
// divorce this turn, the turn he married Anne Boleyn and whether the
// Hapsburgs hold the Catherine of Aragon marker.
type HenryPosition struct {
	Marital     int   `json:"marital_status"`
	Pregnancies []int `json:"pregnancies,omitempty"`
	Divorce     bool  `json:"divorce_granted,omitempty"`
	AnneTurn    int   `json:"anne_boleyn_turn,omitempty"`
	Catherine   bool  `json:"catherine_of_aragon_marker,omitempty"`
}

func cardNumbers(cs []uint8) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = Cards[c].Number
	}
	return out
}

// PositionOf is s as a Position, the engine state included.
func PositionOf(s *State) (*Position, error) {
	eng, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	passes := s.Passes
	pos := &Position{Edition: s.Edition.String(), Turn: s.Turn, Phase: s.Phase.String(), Passes: &passes,
		Pending: append([]Decision{}, s.Stack...), Spaces: map[string]SpacePosition{}, Seas: map[string]SeaPosition{},
		Leaders: map[string]string{}, Debaters: map[string]string{}, Powers: map[string]PowerPosition{},
		Minors: map[string]string{}, Engine: eng}
	if s.Two != nil {
		pos.Players = 2
	}
	if s.Phase == PhaseAction {
		pos.Impulse = s.Impulse.String()
	}
	for i := range s.Spaces {
		sp := &s.Spaces[i]
		e := SpacePosition{Control: "none", Unrest: sp.Unrest, Jesuit: sp.Jesuit, Reformer: s.Reformer[i],
			Units: unitsJSON(&sp.Units), SiegeNew: sp.SiegeNew, Display: s.Display[i]}
		if sp.Ctl != NoPower {
			e.Control = sp.Ctl.String()
		}
		if sp.Prot {
			e.Religion = "protestant"
		} else if !Spaces[i].NoRel {
			e.Religion = "catholic"
		}
		for q := Power(0); q < NumPowers; q++ {
			if sp.Besiegers&bit(q) != 0 {
				e.Besiegers = append(e.Besiegers, q.String())
			}
		}
		pos.Spaces[Spaces[i].ID] = e
	}
	for i := range s.Seas {
		if u := unitsJSON(&s.Seas[i].Units); u != nil || s.Seas[i].Piracy {
			pos.Seas[Seas[i].ID] = SeaPosition{Units: u, Piracy: s.Seas[i].Piracy}
		}
	}
	for i, l := range s.Leaders {
		pos.Leaders[Leaders[i].ID] = s.locName(l)
		if slices.Contains(s.NavalTrackL, i) || slices.Contains(s.NavalDue, i) {
			pos.Leaders[Leaders[i].ID] = "turn track"
		}
	}
	for i, d := range s.Debaters {
		pos.Debaters[Debaters[i].ID] = debStatusNames[d]
	}
	for p := Power(0); p < NumMajors; p++ {
		ps := &s.Powers[p]
		k, _ := s.Keys(p)
		pos.Powers[p.String()] = PowerPosition{Ruler: Rulers[ps.Ruler].Name, Hand: cardNumbers(ps.Hand), BonusVP: ps.BonusVP,
			WarWinnerVP: ps.WarVP, MinusOneCard: ps.MinusOne, ExcomTurn: ps.ExcomOn, VP: s.VP(p), Keys: k}
	}
	wars, allies := [][2]string{}, [][2]string{}
	for p := Power(0); p < NumPowers; p++ {
		for q := p + 1; q < NumPowers; q++ {
			if s.War[p]&bit(q) != 0 {
				wars = append(wars, [2]string{p.String(), q.String()})
			}
			if s.Ally[p]&bit(q) != 0 {
				allies = append(allies, [2]string{p.String(), q.String()})
			}
		}
	}
	pos.Wars, pos.Allies = &wars, &allies
	for i, a := range s.MinorAlly {
		m := (firstMinor + Power(i)).String()
		pos.Minors[m] = ""
		if a != NoPower {
			pos.Minors[m] = a.String()
		}
	}
	deck, discard, removed := cardNumbers(s.Deck), cardNumbers(s.Discard), cardNumbers(s.Gone)
	pos.Deck, pos.Discard, pos.Removed = &deck, &discard, &removed
	ex := []string{}
	for p := Power(0); p < NumMajors; p++ {
		if s.ExRulers&bit(p) != 0 {
			ex = append(ex, p.String())
		}
	}
	for i, r := range reformers {
		if s.ExReformers&(1<<i) != 0 {
			ex = append(ex, Debaters[*r.debater].ID)
		}
	}
	pos.Excommunicated = &ex
	h := &HenryPosition{Marital: int(s.Marital), Divorce: s.Divorce, AnneTurn: s.AnneTurn, Catherine: s.Catherine}
	for r := 1; r <= 6; r++ {
		if s.Pregnancy&(1<<r) != 0 {
			h.Pregnancies = append(h.Pregnancies, r)
		}
	}
	pos.Henry = h
	league, barbary := s.League, s.Barbary
	pos.League, pos.Barbary = &league, &barbary
	return pos, nil
}

// ParsePosition reads a position: a Position object, or an object holding
// one as its "position" field (what `his new` and `his play` print).
// Unknown fields are refused.
func ParsePosition(b []byte) (*Position, error) {
	var wrap struct {
		Position json.RawMessage `json:"position"`
	}
	if err := json.Unmarshal(b, &wrap); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if len(wrap.Position) > 0 {
		b = wrap.Position
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	pos := &Position{}
	if err := dec.Decode(pos); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return pos, nil
}

// LoadPosition builds the state a position describes. Bad input is an
// error naming the field and the problem.
func LoadPosition(pos *Position) (*State, error) {
	ed := Ed500
	switch pos.Edition {
	case "", "500th":
	case "2010":
		ed = Ed2010
	default:
		return nil, fmt.Errorf("edition %q: want 500th or 2010", pos.Edition)
	}
	var s *State
	if len(pos.Engine) > 0 {
		st, err := (Rules{}).Unmarshal(pos.Engine)
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		s = st.(*State)
		if s.Edition != ed {
			return nil, fmt.Errorf("edition %s: the engine state is of the %s edition", ed, s.Edition)
		}
	} else {
		s = NewState1517(ed, pos.Seed)
		s.Stack = nil
	}
	switch {
	case pos.Players == 2 && s.Two == nil && len(pos.Engine) == 0:
		s.setupTwo()
	case pos.Players != 0 && pos.Players != 2 && pos.Players != 6,
		pos.Players == 2 && s.Two == nil, (pos.Players == 6) != (s.Two == nil) && pos.Players != 0:
		return nil, fmt.Errorf("players %d: want 2 or 6, as the engine state has", pos.Players)
	}
	if err := s.applyPosition(pos); err != nil {
		return nil, err
	}
	if len(pos.Engine) > 0 {
		return s, s.checkWhere(pos)
	}
	return s, s.startAt(pos)
}

// checkWhere checks that a position's turn, phase, impulse and pending
// decisions, when given, are those of its engine state.
func (s *State) checkWhere(pos *Position) error {
	if pos.Turn != 0 && pos.Turn != s.Turn {
		return fmt.Errorf("turn %d: the engine state is at turn %d (remove engine to set up another moment)", pos.Turn, s.Turn)
	}
	if pos.Phase != "" && pos.Phase != s.Phase.String() {
		return fmt.Errorf("phase %q: the engine state is in the %s phase (remove engine to set up another moment)", pos.Phase, s.Phase)
	}
	if pos.Impulse != "" && (s.Phase != PhaseAction || pos.Impulse != s.Impulse.String()) {
		return fmt.Errorf("impulse %q: not the engine state's (remove engine to set up another moment)", pos.Impulse)
	}
	if pos.Passes != nil && *pos.Passes != s.Passes {
		return fmt.Errorf("passes %d: the engine state has %d", *pos.Passes, s.Passes)
	}
	if pos.Pending != nil && !slices.Equal(pos.Pending, s.Stack) {
		return fmt.Errorf("pending: %v is not the engine state's stack %v (remove engine to set up another decision)", pos.Pending, s.Stack)
	}
	return nil
}

// startAt sets up the moment a position without an engine state names.
func (s *State) startAt(pos *Position) error {
	if pos.Turn < 1 || pos.Turn > 9 {
		return fmt.Errorf("turn %d: want 1 to 9", pos.Turn)
	}
	s.Turn = pos.Turn
	if pos.Passes != nil {
		if *pos.Passes < 0 || *pos.Passes >= NumMajors {
			return fmt.Errorf("passes %d: want 0 to 5", *pos.Passes)
		}
		s.Passes = *pos.Passes
	}
	switch pos.Phase {
	case "action":
		p, err := ParsePower(pos.Impulse)
		if err != nil || !p.Major() {
			return fmt.Errorf("impulse %q: the Action Phase needs the major power whose impulse it is", pos.Impulse)
		}
		s.Phase, s.Impulse = PhaseAction, p
		s.push(kImpulse, p)
	case "diplomacy":
		s.Phase = PhaseDiplomacy
		s.startDiplomacy()
	case "spring deployment":
		s.startSpring()
	case "winter":
		s.Phase = PhaseAction
		s.StartWinter()
	default:
		return fmt.Errorf("phase %q: a position without engine starts in the action, diplomacy, spring deployment or winter phase", pos.Phase)
	}
	if pos.Impulse != "" && pos.Phase != "action" {
		return fmt.Errorf("impulse %q: only the Action Phase has impulses", pos.Impulse)
	}
	s.run()
	s.Round, s.RoundStart, s.Applied = s.roundKey(), 0, 0
	if pos.Pending != nil && !slices.Equal(pos.Pending, s.Stack) {
		return fmt.Errorf("pending: %v, but the %s phase begins with %v", pos.Pending, s.Phase, s.Stack)
	}
	return nil
}

func parseMajor(field, v string) (Power, error) {
	p, err := ParsePower(v)
	if err != nil || !p.Major() {
		return NoPower, fmt.Errorf("%s: %q is not a major power", field, v)
	}
	return p, nil
}

func parseUnits(field string, m map[string]Units) ([NumPowers]Units, error) {
	var out [NumPowers]Units
	for k, u := range m {
		q, err := ParsePower(k)
		if err != nil || q >= NumPowers {
			return out, fmt.Errorf("%s: %q is not a power", field, k)
		}
		if q != Ottoman && (u.Cav > 0 || u.Cor > 0) {
			return out, fmt.Errorf("%s: only the Ottoman has cavalry and corsairs, not %s", field, k)
		}
		out[q] = u
	}
	return out, nil
}

// parseLeaderLoc reads a leader's location as PositionOf writes it.
func parseLeaderLoc(v string) (LeaderState, error) {
	switch {
	case v == "off map", v == "turn track":
		return LeaderState{Loc: OffMap, Captor: NoPower}, nil
	case v == "removed":
		return LeaderState{Loc: Removed, Captor: NoPower}, nil
	case strings.HasPrefix(v, "captured by "):
		q, err := parseMajor("captor", strings.TrimPrefix(v, "captured by "))
		return LeaderState{Loc: OffMap, Captor: q}, err
	}
	if z, err := SeaByID(v); err == nil {
		return LeaderState{Loc: SeaLoc + int(z), Captor: NoPower}, nil
	}
	sp, err := SpaceByID(v)
	if err != nil {
		return LeaderState{}, fmt.Errorf("%q is no space, sea zone, \"captured by <power>\", \"off map\" or \"removed\"", v)
	}
	return LeaderState{Loc: int(sp), Captor: NoPower}, nil
}

// cardList reads card numbers into card indices, recording where each is
// (a card may be in one place only).
func cardList(field string, nums []int, seen map[int]string) ([]uint8, error) {
	out := make([]uint8, 0, len(nums))
	for _, n := range nums {
		c, err := CardByNumber(n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", field, err)
		}
		if w, dup := seen[n]; dup {
			return nil, fmt.Errorf("%s: card #%d is also in %s", field, n, w)
		}
		seen[n] = field
		out = append(out, uint8(c))
	}
	return out, nil
}

func setCards(dst *[]uint8, v []uint8) {
	if !slices.Equal(*dst, v) {
		*dst = v
	}
}

// applyPosition sets what the documented fields give.
func (s *State) applyPosition(pos *Position) error {
	for id, e := range pos.Spaces {
		sp, err := SpaceByID(id)
		if err != nil {
			return fmt.Errorf("spaces: %w", err)
		}
		st := &s.Spaces[sp]
		ctl := NoPower
		if e.Control != "none" {
			if ctl, err = ParsePower(e.Control); err != nil {
				return fmt.Errorf("spaces: %s: control: %w", id, err)
			}
		}
		switch e.Religion {
		case "protestant":
			if Spaces[sp].NoRel {
				return fmt.Errorf("spaces: %s is an Ottoman home space and has no religion", id)
			}
			st.Prot = true
		case "catholic", "":
			st.Prot = false
		default:
			return fmt.Errorf("spaces: %s: religion %q: want protestant or catholic", id, e.Religion)
		}
		units, err := parseUnits("spaces: "+id+": units", e.Units)
		if err != nil {
			return err
		}
		var besiegers uint16
		for _, b := range e.Besiegers {
			q, err := ParsePower(b)
			if err != nil || q >= NumPowers {
				return fmt.Errorf("spaces: %s: besiegers: %q is not a power", id, b)
			}
			besiegers |= bit(q)
		}
		if besiegers != 0 && !Spaces[sp].Type.Fortified() {
			return fmt.Errorf("spaces: %s is unfortified and cannot be besieged", id)
		}
		st.Ctl, st.Unrest, st.Jesuit, st.Units, st.Besiegers, st.SiegeNew = ctl, e.Unrest, e.Jesuit, units, besiegers, e.SiegeNew
		s.Reformer[sp], s.Display[sp] = e.Reformer, e.Display
	}
	for id, e := range pos.Seas {
		z, err := SeaByID(id)
		if err != nil {
			return fmt.Errorf("seas: %w", err)
		}
		units, err := parseUnits("seas: "+id+": units", e.Units)
		if err != nil {
			return err
		}
		for q := range units {
			if units[q].Land() > 0 {
				return fmt.Errorf("seas: %s: land units at sea", id)
			}
		}
		s.Seas[z] = SeaState{Units: units, Piracy: e.Piracy}
	}
	for id, v := range pos.Leaders {
		l, err := LeaderByID(id)
		if err != nil {
			return fmt.Errorf("leaders: %w", err)
		}
		ls, err := parseLeaderLoc(v)
		if err != nil {
			return fmt.Errorf("leaders: %s: %w", id, err)
		}
		if ls.Loc >= SeaLoc && !Leaders[l].Naval {
			return fmt.Errorf("leaders: %s is an army leader and cannot be at sea", id)
		}
		if s.Leaders[l] != ls {
			s.Leaders[l] = ls
		}
		onTrack := slices.Contains(s.NavalTrackL, l) || slices.Contains(s.NavalDue, l)
		switch {
		case v == "turn track" && !Leaders[l].Naval:
			return fmt.Errorf("leaders: %s is an army leader: only naval leaders go to the Turn Track", id)
		case v == "turn track" && !onTrack:
			s.NavalTrackL = append(s.NavalTrackL, l)
		case v != "turn track" && onTrack:
			s.NavalTrackL = slices.DeleteFunc(s.NavalTrackL, func(x int) bool { return x == l })
			s.NavalDue = slices.DeleteFunc(s.NavalDue, func(x int) bool { return x == l })
		}
	}
	for id, v := range pos.Debaters {
		d, err := DebaterByID(id)
		if err != nil {
			return fmt.Errorf("debaters: %w", err)
		}
		i := slices.Index(debStatusNames, v)
		if i < 0 {
			return fmt.Errorf("debaters: %s: unknown state %q (want %s)", id, v, strings.Join(debStatusNames, ", "))
		}
		s.Debaters[d] = DebaterStatus(i)
	}
	seen := map[int]string{}
	names := make([]string, 0, len(pos.Powers))
	for k := range pos.Powers {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		e := pos.Powers[k]
		p, err := parseMajor("powers", k)
		if err != nil {
			return err
		}
		ruler := -1
		for i, r := range Rulers {
			if r.Power == p && r.Name == e.Ruler {
				ruler = i
			}
		}
		if ruler < 0 {
			return fmt.Errorf("powers: %s: ruler %q is not a ruler of %s", k, e.Ruler, p)
		}
		hand, err := cardList("powers: "+k+": hand", e.Hand, seen)
		if err != nil {
			return err
		}
		ps := &s.Powers[p]
		ps.Ruler, ps.BonusVP, ps.WarVP, ps.MinusOne, ps.ExcomOn = ruler, e.BonusVP, e.WarWinnerVP, e.MinusOneCard, e.ExcomTurn
		setCards(&ps.Hand, hand)
	}
	for _, f := range []struct {
		name string
		nums *[]int
		dst  *[]uint8
	}{{"deck", pos.Deck, &s.Deck}, {"discard", pos.Discard, &s.Discard}, {"removed", pos.Removed, &s.Gone}} {
		if f.nums == nil {
			continue
		}
		cs, err := cardList(f.name, *f.nums, seen)
		if err != nil {
			return err
		}
		setCards(f.dst, cs)
	}
	// A card the position places is nowhere else: out of the lists it
	// does not give (the engine state's, or the setup's deck).
	for n, where := range seen {
		c, _ := CardByNumber(n)
		for p := Power(0); p < NumMajors; p++ {
			if where != "powers: "+p.String()+": hand" {
				if _, given := pos.Powers[p.String()]; !given {
					s.Powers[p].Hand = withoutCard(s.Powers[p].Hand, c)
				}
			}
		}
		if pos.Deck == nil {
			s.Deck = withoutCard(s.Deck, c)
		}
		if pos.Discard == nil {
			s.Discard = withoutCard(s.Discard, c)
		}
		if pos.Removed == nil {
			s.Gone = withoutCard(s.Gone, c)
		}
	}
	for _, f := range []struct {
		name  string
		pairs *[][2]string
		dst   *[NumPowers]uint16
	}{{"wars", pos.Wars, &s.War}, {"alliances", pos.Allies, &s.Ally}} {
		if f.pairs == nil {
			continue
		}
		var bits [NumPowers]uint16
		for _, pr := range *f.pairs {
			a, err1 := ParsePower(pr[0])
			b, err2 := ParsePower(pr[1])
			if err1 != nil || err2 != nil || a >= NumPowers || b >= NumPowers || a == b {
				return fmt.Errorf("%s: %v is not a pair of two powers", f.name, pr)
			}
			bits[a] |= bit(b)
			bits[b] |= bit(a)
		}
		*f.dst = bits
	}
	for k, v := range pos.Minors {
		m, err := ParsePower(k)
		if err != nil || !m.Minor() {
			return fmt.Errorf("minor_allies: %q is not a minor power", k)
		}
		a := NoPower
		if v != "" {
			if a, err = parseMajor("minor_allies: "+k, v); err != nil {
				return err
			}
		}
		s.MinorAlly[m-firstMinor] = a
	}
	if pos.Excommunicated != nil {
		var rulers uint16
		var refs uint8
		for _, v := range *pos.Excommunicated {
			if p, err := ParsePower(v); err == nil && p.Major() {
				rulers |= bit(p)
				continue
			}
			found := false
			for i, r := range reformers {
				if Debaters[*r.debater].ID == v {
					refs |= 1 << i
					found = true
				}
			}
			if !found {
				return fmt.Errorf("excommunicated: %q is neither a major power nor a reformer (luther, zwingli, calvin, cranmer)", v)
			}
		}
		s.ExRulers, s.ExReformers = rulers, refs
	}
	if h := pos.Henry; h != nil {
		if h.Marital < 0 || h.Marital > 6 {
			return fmt.Errorf("henry_viii: marital_status %d: want 0 to 6", h.Marital)
		}
		var preg uint8
		for _, r := range h.Pregnancies {
			if r < 1 || r > 6 {
				return fmt.Errorf("henry_viii: pregnancy result %d: want 1 to 6", r)
			}
			preg |= 1 << r
		}
		s.Marital, s.Pregnancy, s.Divorce, s.AnneTurn, s.Catherine = uint8(h.Marital), preg, h.Divorce, h.AnneTurn, h.Catherine
	}
	if pos.League != nil {
		s.League = *pos.League
	}
	if pos.Barbary != nil {
		s.Barbary = *pos.Barbary
	}
	return nil
}

// PlayStep is one decision of `concordat his play`: the seat (default: the
// one owing the decision on top) and the action; type "advance" with no
// seat is the system's Advance (every decision owed takes its default).
type PlayStep struct {
	Seat string          `json:"seat,omitempty"`
	Type string          `json:"type"`
	Args json.RawMessage `json:"args,omitempty"`
}

// PlayReport is what `concordat his play` prints: the log in words (each
// decision applied, then what happened, private events marked with the
// powers that see them), the decisions owed afterwards and the options of
// the one on top, the scripted dice left unused, and the resulting
// position.
type PlayReport struct {
	Log      []string      `json:"log"`
	Pending  []game.Prompt `json:"pending"`
	Legal    *game.Options `json:"legal,omitempty"` // the options of the decision owed
	DiceLeft int           `json:"dice_left"`
	Position *Position     `json:"position"`
}

// Play applies steps to s in order, the scripted dice first (then the
// state's seeded generator), and reports. A step the rules refuse is an
// error naming it; s is then left after the steps before it.
func Play(s *State, dice []int, steps []PlayStep) (*PlayReport, error) {
	for i, d := range dice {
		if d < 1 || d > 6 {
			return nil, fmt.Errorf("dice: %d (die %d) is not a die roll", d, i+1)
		}
	}
	s.Script = append(append([]int(nil), dice...), s.Script...)
	var rules Rules
	rep := &PlayReport{Log: []string{}}
	for i, st := range steps {
		seat := game.Seat(st.Seat)
		if st.Type == game.Advance && st.Seat == "" {
			seat = game.System
		} else if seat == "" {
			d, ok := s.top()
			if !ok || s.Phase == PhaseOver {
				return nil, fmt.Errorf("decision %d (%s): no decision is owed", i+1, st.Type)
			}
			seat = game.Seat(d.Power.String())
		}
		who := string(seat)
		if seat == game.System {
			who = "system"
		}
		line := fmt.Sprintf("> %s %s %s", who, st.Type, st.Args)
		if d, ok := s.top(); ok && seat == game.System && st.Type == game.Advance {
			line = fmt.Sprintf("> system advance: %s's %s takes its default", d.Power, d.Kind)
		}
		rep.Log = append(rep.Log, strings.TrimSpace(line))
		_, evs, err := rules.Apply(s, seat, game.Action{Type: st.Type, Args: st.Args})
		if err != nil {
			return nil, fmt.Errorf("decision %d (%s %s %s): %w", i+1, who, st.Type, st.Args, err)
		}
		for _, e := range evs {
			line := e.Text
			if e.Seats != nil {
				ws := make([]string, len(e.Seats))
				for j, w := range e.Seats {
					ws[j] = string(w)
				}
				line += " (seen by " + strings.Join(ws, ", ") + ")"
			}
			rep.Log = append(rep.Log, line)
		}
	}
	rep.DiceLeft = len(s.Script)
	s.Script = nil // the scripted dice belong to this run, not to the position
	rep.Pending = rules.Pending(s)
	if rep.Pending == nil {
		rep.Pending = []game.Prompt{}
	}
	if len(rep.Pending) > 0 {
		o := rules.Legal(s, rep.Pending[0].Seat)
		rep.Legal = &o
	}
	var err error
	rep.Position, err = PositionOf(s)
	return rep, err
}
