package his

import (
	"fmt"
	"runtime/debug"

	"concordat/game"
)

// Invariants: facts that hold after every action of every game, whatever
// the players do. CheckInvariants tests one state; an Invariants value
// follows a game action after action (cards seen in play never vanish).
// `concordat his selfplay` and the tests run them after every action of
// random games.

// CheckInvariants reports the first broken invariant of s, or nil:
//
//   - counter mix: no power has more units of a type on the map (and, for
//     naval units, on the Turn Track) than its counters (§5), and only the
//     Ottoman has cavalry and corsairs;
//   - every unit somewhere legal: no unit in a space out of play, naval
//     units on land only in ports, no land units in a sea zone once an
//     impulse is settled, every leader on a space, a sea zone (naval
//     leaders), off the map, removed or captured (and then off the map),
//     naval leaders on land only in ports;
//   - control markers consistent: every space's controller a power (or
//     none for Algiers before Barbary Pirates), besiegers only at
//     fortifications, each besieging side (a major and its active minor
//     allies) with land units there;
//     display regulars waiting only on Catholic electorates (before the
//     League);
//   - VP equal to their sources: each source within its track (piracy
//     0–10, chateaux 0–6, St. Peter's, bonus and War Winner VP not
//     negative) and each power's VP their sum (VP);
//   - every card in at most one place (deck, discard pile, out of the
//     game, one hand, a foreign war lying by its power), once; Home cards
//     only in their owner's hand (or, in the 2-player variant, out of the
//     game).
func (s *State) CheckInvariants() error {
	if err := s.checkMix(); err != nil {
		return err
	}
	if err := s.checkUnits(); err != nil {
		return err
	}
	if err := s.checkControl(); err != nil {
		return err
	}
	if err := s.checkVP(); err != nil {
		return err
	}
	_, err := s.cardPlaces()
	return err
}

// settled reports whether no procedure is half-way: the decision owed is
// an impulse's card, with nothing in progress under it.
func (s *State) settled() bool {
	d, ok := s.top()
	return ok && d.Kind == kImpulse && s.Act == nil && s.Move == nil && s.Naval == nil && s.Battle == nil &&
		s.Assault == nil && s.Window == nil && len(s.CardProcs) == 0 && s.Event == nil
}

func (s *State) checkMix() error {
	for p := Power(0); p < NumPowers; p++ {
		on, mix := s.OnMap(p), s.Mix[p]
		on.Sq += s.NavalLost[p].Sq
		on.Cor += s.NavalLost[p].Cor
		for _, c := range []struct {
			name    string
			n, lim  uint8
			allowed bool
		}{{"regulars", on.Reg, mix.Reg, true}, {"mercenaries", on.Merc, mix.Merc, p != Ottoman},
			{"cavalry", on.Cav, mix.Cav, p == Ottoman}, {"squadrons", on.Sq, mix.Sq, p != Protestant && p != Hungary},
			{"corsairs", on.Cor, mix.Cor, p == Ottoman}} {
			if c.n > 0 && !c.allowed {
				return fmt.Errorf("counter mix: %s has %d %s, a unit type it has no counters for", p, c.n, c.name)
			}
			if c.lim != Unlimited && c.n > c.lim {
				return fmt.Errorf("counter mix: %s has %d %s, more than its %d counters", p, c.n, c.name, c.lim)
			}
		}
	}
	return nil
}

func (s *State) checkUnits() error {
	for i := range s.Spaces {
		ss := &s.Spaces[i]
		for p := Power(0); p < NumPowers; p++ {
			u := ss.Units[p]
			if !u.Any() {
				continue
			}
			if ss.Ctl == NoPower {
				return fmt.Errorf("units: %s has units in %s, which is out of play", p, Spaces[i].Name)
			}
			if u.Naval() > 0 && len(Spaces[i].Ports) == 0 {
				return fmt.Errorf("units: %s has %d naval units in %s, not a port", p, u.Naval(), Spaces[i].Name)
			}
		}
	}
	settled := s.settled()
	for i := range s.Seas {
		for p := Power(0); p < NumPowers; p++ {
			if n := s.Seas[i].Units[p].Land(); n > 0 && settled {
				return fmt.Errorf("units: %s has %d land units at sea in %s", p, n, Seas[i].Name)
			}
		}
	}
	for i, l := range s.Leaders {
		name := Leaders[i].Name
		switch {
		case l.Captor != NoPower:
			if l.Loc != OffMap || l.Captor >= NumPowers {
				return fmt.Errorf("leaders: %s is held by %s but placed at %d", name, l.Captor, l.Loc)
			}
		case l.Loc == OffMap || l.Loc == Removed:
		case l.Loc >= 0 && l.Loc < NumSpaces:
			if Leaders[i].Naval && len(Spaces[l.Loc].Ports) == 0 {
				return fmt.Errorf("leaders: naval leader %s in %s, not a port", name, Spaces[l.Loc].Name)
			}
			if s.Spaces[l.Loc].Ctl == NoPower {
				return fmt.Errorf("leaders: %s in %s, which is out of play", name, Spaces[l.Loc].Name)
			}
		case l.Loc >= SeaLoc && l.Loc < SeaLoc+NumSeas:
			if !Leaders[i].Naval && settled {
				return fmt.Errorf("leaders: army leader %s at sea in %s", name, Seas[l.Loc-SeaLoc].Name)
			}
		default:
			return fmt.Errorf("leaders: %s at location %d, no space or sea zone", name, l.Loc)
		}
	}
	return nil
}

func (s *State) checkControl() error {
	for i := range s.Spaces {
		ss := &s.Spaces[i]
		if ss.Ctl >= NumPowers && !(ss.Ctl == NoPower && Spaces[i].ID == "algiers" && !s.Barbary) {
			return fmt.Errorf("control: %s has controller %d", Spaces[i].Name, ss.Ctl)
		}
		if ss.Besiegers != 0 {
			if !s.fortified(SpaceID(i)) {
				return fmt.Errorf("control: %s is besieged but not fortified", Spaces[i].Name)
			}
			// each besieging side (a major with its active minor allies)
			// has land units there
			var side [NumPowers]int
			for p := Power(0); p < NumPowers; p++ {
				if ss.Besiegers&bit(p) != 0 {
					side[s.besiegingSide(p)] += ss.Units[p].Land()
				}
			}
			for p := Power(0); p < NumPowers; p++ {
				if ss.Besiegers&bit(p) != 0 && side[s.besiegingSide(p)] == 0 && s.settled() {
					return fmt.Errorf("control: %s besieges %s with no land units of its side there", p, Spaces[i].Name)
				}
			}
		}
		if s.Display[i] > 0 {
			if !isElectorate(SpaceID(i)) {
				return fmt.Errorf("control: display regulars wait on %s, not an electorate", Spaces[i].Name)
			}
			if ss.Prot && !s.League {
				return fmt.Errorf("control: %s is Protestant but its display regulars still wait", Spaces[i].Name)
			}
		}
	}
	return nil
}

func isElectorate(sp SpaceID) bool {
	for _, e := range electorates {
		if e == sp {
			return true
		}
	}
	return false
}

func (s *State) checkVP() error {
	if s.PiracyVP < 0 || s.PiracyVP > 10 {
		return fmt.Errorf("vp: piracy track at %d, outside 0–10", s.PiracyVP)
	}
	if s.Chateaux < 0 || s.Chateaux > 6 {
		return fmt.Errorf("vp: chateaux track at %d, outside 0–6", s.Chateaux)
	}
	if s.StPeterVP < 0 || s.StPeterCP < 0 {
		return fmt.Errorf("vp: St. Peter's at %d VP, %d CP", s.StPeterVP, s.StPeterCP)
	}
	for p := Power(0); p < NumMajors; p++ {
		ps := &s.Powers[p]
		if ps.BonusVP < 0 || ps.WarVP < 0 {
			return fmt.Errorf("vp: %s has %d bonus VP, %d War Winner VP", p, ps.BonusVP, ps.WarVP)
		}
		_, keys, _ := s.KeyCardsVP(p)
		sum := keys + ps.BonusVP + ps.WarVP + s.NewWorldVP(p)
		switch p {
		case Ottoman:
			sum += s.PiracyVP
		case France:
			sum += s.Chateaux
		case Papacy:
			sum += s.StPeterVP
		}
		if s.Phony[p] {
			sum--
		}
		// The Protestant spaces track and the Hapsburg electorates, English
		// heirs and Protestant home spaces are read from the board by VP:
		// what is left must be within what those sources can give.
		if v := s.VP(p); v < sum || v > sum+maxBoardVP(p) {
			return fmt.Errorf("vp: %s has %d VP, its stored sources give %d", p, v, sum)
		}
	}
	return nil
}

// maxBoardVP bounds the VP a power draws from the board beyond its key
// table: the Protestant spaces track (Papacy, Protestant), the electorates
// the Hapsburgs hold after the League, England's heir (5) and half its home
// spaces when Protestant.
func maxBoardVP(p Power) int {
	track := 0
	for _, r := range protTrack {
		track = max(track, r[1], r[2])
	}
	switch p {
	case Hapsburg:
		return len(electorates)
	case England:
		return 5 + len(homeSpacesOf[England])/2
	case Papacy, Protestant:
		return track
	}
	return 0
}

// cardPlaces counts where each card is: it returns, per card, whether it is
// in a place, and an error for a card in two places.
func (s *State) cardPlaces() ([]bool, error) {
	in := make([]bool, len(Cards))
	where := make([]string, len(Cards))
	put := func(c uint8, place string) error {
		if int(c) >= len(Cards) {
			return fmt.Errorf("cards: %s holds card index %d, no card", place, c)
		}
		if in[c] {
			return fmt.Errorf("cards: #%d %s is both in %s and in %s", Cards[c].Number, Cards[c].Name, where[c], place)
		}
		in[c], where[c] = true, place
		return nil
	}
	for _, l := range []struct {
		name  string
		cards []uint8
	}{{"the deck", s.Deck}, {"the discard pile", s.Discard}, {"the removed cards", s.Gone}} {
		for _, c := range l.cards {
			if err := put(c, l.name); err != nil {
				return nil, err
			}
			// Home cards are never dealt into piles; the 2-player variant
			// takes the non-player powers' out of the game.
			if Cards[c].Type == HomeCard && !(s.Two != nil && l.name == "the removed cards") {
				return nil, fmt.Errorf("cards: Home card #%d %s is in %s", Cards[c].Number, Cards[c].Name, l.name)
			}
		}
	}
	for i, f := range s.Foreign {
		if f.On {
			if err := put(uint8(mustCard(foreignWars[i].card)), "a foreign war's box"); err != nil {
				return nil, err
			}
		}
	}
	for p := Power(0); p < NumMajors; p++ {
		for _, c := range s.Powers[p].Hand {
			if err := put(c, p.String()+"'s hand"); err != nil {
				return nil, err
			}
			if Cards[c].Type == HomeCard && Cards[c].Power != p {
				return nil, fmt.Errorf("cards: %s holds %s's Home card #%d", p, Cards[c].Power, Cards[c].Number)
			}
		}
	}
	return in, nil
}

// Invariants follows one game: Check tests CheckInvariants and that every
// card once seen in a place (deck, discard pile, a hand, out of the game)
// stays in one. The zero value is ready.
type Invariants struct {
	seen []bool
}

// Check tests s, the state after the latest action of the game.
func (v *Invariants) Check(s *State) error {
	if err := s.CheckInvariants(); err != nil {
		return err
	}
	in, _ := s.cardPlaces()
	if v.seen == nil {
		v.seen = make([]bool, len(Cards))
	}
	for c, ok := range in {
		if ok {
			v.seen[c] = true
		} else if v.seen[c] && Cards[c].Type != HomeCard {
			return fmt.Errorf("cards: #%d %s has left every place (deck, discard pile, hands, removed)", Cards[c].Number, Cards[c].Name)
		}
	}
	return nil
}

// GameStats is what one random game came to, for `concordat his selfplay`.
type GameStats struct {
	Seed      uint64         `json:"seed"`
	Scenario  string         `json:"scenario"`
	Players   int            `json:"players"`
	Winners   []string       `json:"winners"`
	Result    string         `json:"result"`
	Turn      int            `json:"turn"`
	VP        map[string]int `json:"vp"`
	Decisions int            `json:"decisions"`     // actions applied
	Events    int            `json:"events_played"` // cards played as an impulse's event
	CP        int            `json:"cp_plays"`      // cards played for CP in an impulse
}

// PlayRandomChecked plays a whole random game of cfg from seed, as
// PlayRandom does (to the end of the scenario), and checks the invariants
// after every action (Invariants). An error names the seed, the step and
// the broken invariant, or the answer the engine refused, or a game that
// never ends.
func PlayRandomChecked(cfg game.Config, seed uint64) (rec game.Record, s *State, err error) {
	var rules Rules
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("his: random game seed %d, step %d: panic: %v\n%s", seed, len(rec.Steps), e, debug.Stack())
		}
	}()
	rec = game.Record{Game: rules.Name(), Config: cfg, Seed: seed}
	st, err := rules.Setup(cfg, seed)
	if err != nil {
		return rec, nil, err
	}
	s = state(st)
	var inv Invariants
	if err := inv.Check(s); err != nil {
		return rec, s, fmt.Errorf("his: seed %d, after setup: %w", seed, err)
	}
	r := game.NewRNG(seed ^ 0x5eed_0f_7a11_c0de)
	for s.Phase != PhaseOver {
		if len(rec.Steps) >= maxRandomSteps {
			return rec, s, fmt.Errorf("his: random game seed %d: no end after %d decisions (turn %d, %s)", seed, len(rec.Steps), s.Turn, s.Phase)
		}
		d, ok := s.top()
		if !ok {
			return rec, s, fmt.Errorf("his: random game seed %d, step %d, turn %d: stuck: no decision owed and the game is not over", seed, len(rec.Steps), s.Turn)
		}
		seat := game.Seat(s.seatOf(d.Power).String()) // the 2-player variant's players direct other powers
		a, err := RandomAction(s, seat, &r)
		if err != nil {
			return rec, s, fmt.Errorf("his: random game seed %d, step %d, turn %d: %w", seed, len(rec.Steps), s.Turn, err)
		}
		if _, _, err := rules.Apply(s, seat, a); err != nil {
			return rec, s, fmt.Errorf("his: random game seed %d, step %d, turn %d: %s %s %s refused: %w", seed, len(rec.Steps), s.Turn, seat, a.Type, a.Args, err)
		}
		rec.Steps = append(rec.Steps, game.Step{Seat: seat, Action: a})
		if err := inv.Check(s); err != nil {
			return rec, s, fmt.Errorf("his: seed %d, step %d (turn %d, %s %s %s): %w", seed, len(rec.Steps)-1, s.Turn, seat, a.Type, a.Args, err)
		}
	}
	return rec, s, nil
}

// Stats sums up a finished random game (its record and final state).
func Stats(rec game.Record, s *State) GameStats {
	g := GameStats{Seed: rec.Seed, Scenario: s.Scenario, Players: len(s.PowerGroups()), Result: s.Result,
		Turn: s.Turn, VP: map[string]int{}, Decisions: len(rec.Steps), Winners: []string{}}
	if g.Scenario == "" {
		g.Scenario = Scenario1517
	}
	for _, w := range s.Winners {
		g.Winners = append(g.Winners, w.String())
	}
	for p := Power(0); p < NumMajors; p++ {
		g.VP[p.String()] = s.VP(p)
	}
	for _, st := range rec.Steps {
		if st.Action.Type != kImpulse {
			continue
		}
		p, err := path(st.Action)
		if err != nil || len(p) < 2 {
			continue
		}
		switch p[0] {
		case "event":
			g.Events++
		case "cp":
			g.CP++
		}
	}
	return g
}
