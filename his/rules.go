package his

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Rules implements game.Rules for Here I Stand.
//
// Config: Variant "" or "1517" (the full game), "1532" or "tournament"
// (the 1532 start, ending after Turn 6; scenario1532.go); Options
// "players": "3" to "6" (default 6; how powers are grouped into seats,
// players.go) or "2" (the 2-player variant of the 1517 scenario, Papacy
// against Protestant, twoplayer.go: seats papacy and protestant);
// "edition": "500th" (default) or "2010"; "responses": "all" (default:
// every seat that could hold a playable card on public information is
// asked in a response or combat window) or "holders" (only seats holding
// one; faster, but it tells the others who holds none — cards.go).
//
// Every decision is an Action whose Type is the Kind of the prompt it
// answers; its Args are, for most kinds, the path of Values through the
// options tree that Legal returns, as a JSON array of strings
// (["uncommitted"], ["flip", "mainz"]). The Diplomacy Phase announcement
// ("diplomacy.announce") takes a Deal object instead (see Deal).
type Rules struct{}

var _ game.Rules = Rules{}

// Name is "his".
func (Rules) Name() string { return "his" }

// Setup builds the scenario (Variant "", "1517", "1532" or "tournament")
// and plays up to the first decision.
func (Rules) Setup(cfg game.Config, seed uint64) (game.State, error) {
	switch cfg.Variant {
	case "", Scenario1517, Scenario1532, ScenarioTournament:
	default:
		return nil, fmt.Errorf("his: unknown scenario %q (want 1517, 1532 or tournament)", cfg.Variant)
	}
	ed := Ed500
	holders := false
	players := 0
	two := false
	for k, v := range cfg.Options {
		switch k {
		case "players":
			if v == "2" {
				two = true // the 2-player variant (twoplayer.go), from the 1517 start
				if cfg.Variant != "" && cfg.Variant != Scenario1517 {
					return nil, fmt.Errorf("his: players 2: the 2-player variant plays the 1517 scenario, not %q", cfg.Variant)
				}
				continue
			}
			n, err := parsePlayers(v)
			if err != nil {
				return nil, err
			}
			players = n
		case "responses":
			switch v {
			case "all", "":
				holders = false
			case "holders":
				holders = true
			default:
				return nil, fmt.Errorf("his: responses %q: want all or holders", v)
			}
		case "edition":
			switch v {
			case "500th", "":
				ed = Ed500
			case "2010":
				ed = Ed2010
			default:
				return nil, fmt.Errorf("his: edition %q: want 500th or 2010", v)
			}
		default:
			return nil, fmt.Errorf("his: unknown option %q", k)
		}
	}
	s, err := newScenario(cfg.Variant, ed, seed)
	if err != nil {
		return nil, err
	}
	s.Holders = holders
	s.Players = players
	if two {
		s.setupTwo()
	}
	if s.Scenario != "" {
		for p := Power(0); p < NumMajors; p++ {
			s.StartVP[p] = s.VP(p)
		}
	}
	s.startTurn()
	s.Round = s.roundKey()
	return s, nil
}

// Seats lists the six major powers in Impulse Order (the Papacy and the
// Protestant in the 2-player game).
func (Rules) Seats(st game.State) []game.Seat {
	if s, ok := st.(*State); ok && s.Two != nil {
		return []game.Seat{game.Seat(Papacy.String()), game.Seat(Protestant.String())}
	}
	out := make([]game.Seat, NumMajors)
	for p := Power(0); p < NumMajors; p++ {
		out[p] = game.Seat(p.String())
	}
	return out
}

func state(st game.State) *State {
	s, ok := st.(*State)
	if !ok {
		panic(fmt.Sprintf("his: state of type %T", st))
	}
	return s
}

// Pending is the decision on top of the stack.
func (Rules) Pending(st game.State) []game.Prompt {
	s := state(st)
	d, ok := s.top()
	if !ok || s.Phase == PhaseOver {
		return nil
	}
	return []game.Prompt{{Seat: game.Seat(s.seatOf(d.Power).String()), Kind: d.Kind, Text: s.promptText(d)}}
}

// Legal is the options tree for seat's pending decision (empty if none).
// For "diplomacy.announce" it carries DealSchema, the JSON Schema of a
// deal, beside the tree's one path ["done"].
func (Rules) Legal(st game.State, seat game.Seat) game.Options {
	s := state(st)
	d, ok := s.top()
	if !ok || game.Seat(s.seatOf(d.Power).String()) != seat || s.Phase == PhaseOver {
		return game.Options{}
	}
	o := game.Options{Kind: d.Kind, Choices: s.choices(d)}
	if d.Kind == kAnnounce {
		o.Schema = DealSchema
	}
	return o
}

// Apply carries out an action. On error s is unchanged: handlers check
// everything before they change anything.
func (Rules) Apply(st game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	s := state(st)
	s.events = nil
	if err := s.apply(seat, a); err != nil {
		return s, nil, err
	}
	s.noteApplied()
	ev := s.events
	s.events = nil
	return s, ev, nil
}

// View is what seat may see: everything but the other powers' hands (their
// sizes only) and the deck (its size only). System sees no hand.
func (Rules) View(st game.State, seat game.Seat) any {
	s := state(st)
	return s.view(seat)
}

// Over reports the end of the game.
func (Rules) Over(st game.State) (bool, string) {
	s := state(st)
	if s.Phase == PhaseOver {
		return true, s.Result
	}
	return false, ""
}

// Clone deep-copies the state.
func (Rules) Clone(st game.State) game.State { return state(st).Clone() }

// Marshal encodes the whole state (hidden parts included) for snapshots.
func (Rules) Marshal(st game.State) ([]byte, error) { return json.Marshal(state(st)) }

// Unmarshal decodes a snapshot.
func (Rules) Unmarshal(b []byte) (game.State, error) {
	s := &State{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("his: %w", err)
	}
	if len(s.Leaders) != len(Leaders) || len(s.Debaters) != len(Debaters) {
		return nil, fmt.Errorf("his: snapshot has %d leaders and %d debaters, want %d and %d", len(s.Leaders), len(s.Debaters), len(Leaders), len(Debaters))
	}
	return s, nil
}

// path decodes the usual action arguments: a JSON array of strings.
func path(a game.Action) ([]string, error) {
	if p, ok := plainPath(a.Args); ok {
		return p, nil
	}
	var p []string
	if len(a.Args) == 0 {
		return nil, errorf("%s: missing arguments (a JSON array of choice values)", a.Type)
	}
	if err := json.Unmarshal(a.Args, &p); err != nil {
		return nil, errorf("%s: arguments must be a JSON array of strings: %v", a.Type, err)
	}
	return p, nil
}

// plainPath decodes, without reflection, the common form of a path as
// clients and pathArgs write it: ["a","b"] with no spaces, every value
// plain printable ASCII without escapes (see plainJSON). It reports false
// for anything else, which json.Unmarshal then decodes (or refuses).
func plainPath(b []byte) ([]string, bool) {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return nil, false
	}
	n := 0
	for _, c := range b {
		if c == '"' {
			n++
		}
	}
	if n%2 != 0 {
		return nil, false
	}
	p := make([]string, 0, n/2)
	i := 1
	for i < len(b)-1 {
		if len(p) > 0 {
			if b[i] != ',' {
				return nil, false
			}
			i++
		}
		if i >= len(b)-1 || b[i] != '"' {
			return nil, false
		}
		j := i + 1
		for j < len(b)-1 && b[j] != '"' {
			if c := b[j]; c < 0x20 || c > 0x7e || c == '\\' {
				return nil, false
			}
			j++
		}
		if j >= len(b)-1 {
			return nil, false
		}
		p = append(p, string(b[i+1:j]))
		i = j + 1
	}
	return p, true
}

// choose checks a path against an options tree and returns it.
func choose(choices []game.Choice, p []string) error {
	cur := choices
	for i, v := range p {
		found := false
		for _, c := range cur {
			if c.Value == v {
				found = true
				cur = c.Next
				break
			}
		}
		if !found {
			return errorf("%q is not a legal choice here (after %q)", v, strings.Join(p[:i], " "))
		}
	}
	if len(cur) > 0 {
		return errorf("incomplete choice %q", strings.Join(p, " "))
	}
	return nil
}

func (s *State) apply(seat game.Seat, a game.Action) error {
	if s.Phase == PhaseOver {
		return errorf("the game is over")
	}
	d, ok := s.top()
	if !ok {
		return errorf("no decision is pending")
	}
	if seat == game.System && a.Type == game.Advance {
		return s.advanceDefault(d)
	}
	if game.Seat(s.seatOf(d.Power).String()) != seat {
		return errorf("%s owes the decision %s, not %s", s.seatOf(d.Power), d.Kind, seat)
	}
	if a.Type != d.Kind {
		return errorf("the pending decision is %s, not %s", d.Kind, a.Type)
	}
	if d.Kind == kAnnounce {
		return s.applyAnnounce(a)
	}
	p, err := path(a)
	if err != nil {
		return err
	}
	if err := choose(s.pathChoices(d, p), p); err != nil {
		return err
	}
	s.pop()
	s.resolve(d, p)
	s.run()
	return nil
}

// advanceDefault answers the pending decision with its default, as when a
// deadline passes: its first option (decline, pass, done, none), but for
// an impulse impulseDefault's answer. A missed impulse is one Advance: the
// decisions the same power owes next in the same impulse (its CP, an
// event's choices) take their defaults too, so its unspent CP are lost at
// once; it stops when another power owes a decision.
func (s *State) advanceDefault(d Decision) error {
	impulse, round := startsImpulse(d.Kind), s.roundKey()
	for range maxDefaults {
		s.defaultOne(d)
		next, ok := s.top()
		if !impulse || !ok || s.Phase == PhaseOver || next.Power != d.Power || s.roundKey() != round {
			return nil
		}
		d = next
	}
	return nil
}

// maxDefaults bounds the decisions one Advance answers (an impulse has far
// fewer; the bound only guards against a default that asks again).
const maxDefaults = 1000

// defaultOne answers d, the decision on top, with its default.
func (s *State) defaultOne(d Decision) {
	if d.Kind == kAnnounce {
		s.pop()
		s.resolveAnnounceDone()
		s.run()
		return
	}
	var p []string
	if d.Kind == kImpulse {
		p = s.impulseDefault(d.Power)
	} else {
		p = firstPath(s.choices(d))
	}
	s.pop()
	s.resolve(d, p)
	s.run()
}

// Decision kinds.
const (
	kImpulse     = "impulse"
	kDebZone     = "debate.zone"
	kDebLeipzig  = "debate.leipzig"
	kDebPool     = "debate.pool"
	kDebHIS      = "debate.here_i_stand"
	kDebBull     = "debate.bullinger"
	kDebFlip     = "debate.flip"
	kWinNaval    = "winter.naval"
	kWinLand     = "winter.land"
	kWinLoss     = "winter.attrition"
	kWinLeader   = "winter.leader"
	kWinExtra    = "winter.optional"
	kReform      = "reformation.target"
	kDiet        = "diet.card"
	kSpring      = "spring.deploy"
	kMaurice     = "cards.maurice"
	kDietFlip    = "diet.flip"
	kAnnounce    = "diplomacy.announce"
	kConfirm     = "diplomacy.confirm"
	kSue         = "diplomacy.sue"
	kPeaceRemove = "peace.remove"
	kPeaceBuy    = "peace.buy"
	kRansom      = "diplomacy.ransom"
	kExcom       = "diplomacy.excommunication"
	kWar         = "diplomacy.war"
	kIntervene   = "diplomacy.intervene"
	kPay         = "diplomacy.pay"
)

func (s *State) promptText(d Decision) string {
	if def := decisionDefs[d.Kind]; def != nil {
		return def.text(s, d)
	}
	switch d.Kind {
	case kImpulse:
		return fmt.Sprintf("turn %d: %s's impulse: play a card for CP or as an event, or pass", s.Turn, d.Power)
	case kAction:
		return fmt.Sprintf("%s: %d CP to spend", d.Power, s.Act.CP)
	case kReform:
		return s.reformText()
	case kDiet:
		return "Diet of Worms: commit a card in secret (not a Mandatory Event)"
	case kSpring:
		return "Spring Deployment: move one formation from your capital, or none"
	case kMaurice:
		return "Maurice of Saxony enters: choose an electorate you control"
	case kDietFlip:
		return fmt.Sprintf("Diet of Worms: flip a German space (%d left)", s.Diet.Flips)
	case kDebZone:
		return "choose the language zone of the debate"
	case kDebLeipzig:
		return "Leipzig Debate: choose your attacker, or bar one Protestant debater"
	case kDebPool:
		return "attack a committed or an uncommitted debater"
	case kDebHIS:
		return "Here I Stand: substitute Luther for your debater?"
	case kDebBull:
		return "commit Bullinger as your second-round debater?"
	case kDebFlip:
		return fmt.Sprintf("flip a space to your religion (%d left)", s.Debate.Flips)
	case kAnnounce:
		return "announce a deal (a Deal object) or done"
	case kConfirm:
		return fmt.Sprintf("confirm or reject the deal %s announced: %s", powerWord(s.Diplo.Who.String()), s.Diplo.Deal.Words())
	}
	return d.Kind
}

func (s *State) choices(d Decision) []game.Choice {
	if def := decisionDefs[d.Kind]; def != nil {
		return def.choices(s, d)
	}
	switch {
	case d.Kind == kImpulse:
		return s.impulseChoices(d.Power)
	case d.Kind == kAction:
		return s.actionChoices(d.Power)
	case d.Kind == kReform:
		return s.reformChoices()
	case d.Kind == kDiet:
		return s.dietCards(d.Power)
	case d.Kind == kSpring:
		return s.springChoices(d.Power)
	case d.Kind == kMaurice:
		return s.mauriceChoices()
	case d.Kind == kDietFlip:
		return s.dietTargets()
	case strings.HasPrefix(d.Kind, "debate."):
		return s.debateChoices(d)
	case strings.HasPrefix(d.Kind, "winter."):
		return s.winterChoices(d)
	case strings.HasPrefix(d.Kind, "diplomacy."), strings.HasPrefix(d.Kind, "peace."):
		return s.diploChoices(d)
	}
	return nil
}

func (s *State) resolve(d Decision, p []string) {
	if def := decisionDefs[d.Kind]; def != nil {
		def.resolve(s, d, p)
		return
	}
	switch {
	case d.Kind == kImpulse:
		s.resolveImpulse(d.Power, p)
	case d.Kind == kAction:
		s.resolveAction(d.Power, p)
	case d.Kind == kReform:
		s.attempt(mustSpace(p[0]))
	case d.Kind == kDiet, d.Kind == kDietFlip:
		s.resolveDiet(d, p)
	case d.Kind == kSpring:
		s.resolveSpring(d.Power, p)
	case d.Kind == kMaurice:
		m, _ := LeaderByID("maurice_of_saxony")
		s.Leaders[m].Loc = int(mustSpace(p[0]))
		s.emit("leader", "Maurice of Saxony enters in "+Spaces[s.Leaders[m].Loc].Name)
	case strings.HasPrefix(d.Kind, "debate."):
		s.resolveDebate(d, p)
	case strings.HasPrefix(d.Kind, "winter."):
		s.resolveWinter(d, p)
	default:
		s.resolveDiplo(d, p)
	}
}

// run advances the game through automatic steps until a decision is owed.
func (s *State) run() {
	for len(s.Stack) == 0 && s.Phase != PhaseOver {
		switch {
		case s.Reform != nil:
			s.stepReform()
		case s.Debate != nil:
			s.stepDebate()
		case s.stepProcs():
		case s.Act != nil:
			s.stepAct()
		case s.Winter != nil:
			s.stepWinter()
		case s.Diplo != nil:
			s.stepDiplo()
		case s.Diet != nil:
			s.stepDiet()
		case s.Phase == PhaseDiplomacy && s.Turn == 1 && s.LastDiet == nil:
			s.Phase = PhaseDiet
			s.startDiet()
		case s.Phase == PhaseDiplomacy, s.Phase == PhaseDiet:
			s.startSpring()
		case s.Phase == PhaseSpring:
			s.stepSpring()
		case s.Phase == PhaseAction:
			if s.checkMilitary() {
				return
			}
			if s.Passes >= s.passesToEnd() {
				s.Phase = PhaseWinter
				s.startWinter()
				continue
			}
			if s.twoMary() {
				continue // 2-player: Mary I's roll after a Protestant impulse
			}
			s.Impulse = s.nextImpulse(s.Impulse)
			if s.TurnFx.Skip&bit(s.Impulse) != 0 {
				// Halley's Comet (#38): the impulse is skipped; it is not a
				// pass, and breaks a run of passes (CARDS.md #38 Open)
				s.TurnFx.Skip &^= bit(s.Impulse)
				s.Passes = 0
				s.emit("impulse", s.Impulse.String()+"'s impulse is skipped (Halley's Comet)")
				continue
			}
			s.startImpulseFx()
			s.push(kImpulse, s.Impulse)
		case s.Phase == PhaseWinter:
			s.Phase = PhaseNewWorld
			s.startNewWorld()
		case s.Phase == PhaseNewWorld:
			if s.NWPhase != nil {
				s.stepNewWorld()
				continue
			}
			if s.victoryDetermination() {
				return
			}
			s.startTurn()
		}
	}
}

// holds reports whether p has card c in hand.
func (s *State) holds(p Power, c int) bool {
	for _, h := range s.Powers[p].Hand {
		if int(h) == c {
			return true
		}
	}
	return false
}

// playCard takes c from p's hand to where a played card goes: Home cards
// back to the power card (out of hand until the next deal), others to the
// discard pile.
func (s *State) playCard(p Power, c int) {
	s.removeFromHand(p, c)
	if Cards[c].Type != HomeCard {
		s.Discard = append(s.Discard, uint8(c))
	}
	s.emit("card", fmt.Sprintf("%s plays #%d %s", p, Cards[c].Number, Cards[c].Name))
}

// drawable lists the cards of p's hand a random draw may take (no Home cards).
func (s *State) drawable(p Power) []int {
	var out []int
	for i, c := range s.Powers[p].Hand {
		if Cards[c].Type != HomeCard {
			out = append(out, i)
		}
	}
	return out
}

// randomDraw moves one random non-Home card from p's hand to q's hand (or to
// nowhere when q is NoPower) and returns it, or -1 if p has none.
func (s *State) randomDraw(p, q Power) int {
	idx := s.drawable(p)
	if len(idx) == 0 {
		return -1
	}
	i := idx[s.RNG.Intn(len(idx))]
	h := s.Powers[p].Hand
	c := int(h[i])
	s.Powers[p].Hand = append(h[:i], h[i+1:]...)
	if q != NoPower && q < NumMajors && !s.playsCards(q) {
		s.Discard = append(s.Discard, uint8(c)) // a non-player holds no cards (2-player)
		s.emit("draw", fmt.Sprintf("#%d %s goes from %s to the discard pile", Cards[c].Number, Cards[c].Name, p))
		return c
	}
	if q != NoPower {
		s.Powers[q].Hand = append(s.Powers[q].Hand, uint8(c))
		s.emitTo("draw", fmt.Sprintf("%s draws #%d %s from %s", q, Cards[c].Number, Cards[c].Name, p), p, q)
	}
	return c
}

// drawFromDeck gives p the top card of the deck, if any (never to a
// non-player power of the 2-player game: they hold no cards).
func (s *State) drawFromDeck(p Power) {
	if len(s.Deck) == 0 || p < NumMajors && !s.playsCards(p) {
		return
	}
	c := s.Deck[len(s.Deck)-1]
	s.Deck = s.Deck[:len(s.Deck)-1]
	s.Powers[p].Hand = append(s.Powers[p].Hand, c)
	s.emitTo("draw", fmt.Sprintf("%s draws #%d %s", p, Cards[c].Number, Cards[c].Name), p)
}

// view is the per-seat projection.
type view struct {
	Seat     string                 `json:"seat"`
	Edition  string                 `json:"edition"`
	Turn     int                    `json:"turn"`
	Phase    string                 `json:"phase"`
	Impulse  string                 `json:"impulse,omitempty"` // whose impulse it is, in the Action Phase
	Passes   int                    `json:"passes,omitempty"`  // consecutive passes in the Action Phase (six end it)
	Pending  []Decision             `json:"pending"`
	Spaces   map[string]any         `json:"spaces"`
	Seas     map[string]any         `json:"seas"`
	Leaders  map[string]string      `json:"leaders"`
	Debaters map[string]DebaterView `json:"debaters"`
	Powers   map[string]any         `json:"powers"`
	Wars     [][2]string            `json:"wars"`
	Allies   [][2]string            `json:"alliances"`
	Minors   map[string]string      `json:"minor_allies"`
	Deck     int                    `json:"deck"`
	Discard  []CardView             `json:"discard"`
	Removed  []CardView             `json:"removed"`
	Result   string                 `json:"result,omitempty"`
	Winners  []Power                `json:"winners,omitempty"`
	Debate   *DebateView            `json:"debate,omitempty"`
	Diet     *DietView              `json:"diet_of_worms,omitempty"` // once revealed
	NewWorld *NewWorldView          `json:"new_world"`
	// Cards' state (cards_views.go): foreign wars in progress, the card
	// effects lasting beyond their play, the window in progress.
	ForeignWars map[string]ForeignWarView `json:"foreign_wars,omitempty"`
	CardEffects CardEffectsView           `json:"card_effects"`
	Window      *WindowView               `json:"window,omitempty"`
	// TwoPlayer is the 2-player variant's diplomatic deck and hands
	// (twoplayer.go); absent in the six-player game.
	TwoPlayer *TwoView `json:"two_player,omitempty"`
	// Known is the whole state as the seat may know it, in the rules' own
	// encoding (viewstate.go): what a bot outside the server plays on, in
	// the bot's view only (BotView).
	Known *State `json:"known_state,omitempty"`
}

func unitsJSON(us *[NumPowers]Units) map[string]Units {
	var m map[string]Units
	for q := Power(0); q < NumPowers; q++ {
		if us[q].Any() {
			if m == nil {
				m = map[string]Units{}
			}
			m[q.String()] = us[q]
		}
	}
	return m
}

func (s *State) view(seat game.Seat) *view {
	v := &view{Seat: string(seat), Edition: s.Edition.String(), Turn: s.Turn, Phase: s.Phase.String(),
		Pending: []Decision{}, Spaces: map[string]any{}, Seas: map[string]any{},
		Leaders: map[string]string{}, Debaters: map[string]DebaterView{}, Powers: map[string]any{}, Minors: map[string]string{},
		Deck: len(s.Deck), Debate: debateView(s.Debate), Diet: dietView(s.revealedDiet()), Result: s.Result, Winners: s.Winners, NewWorld: s.newWorldView()}
	if s.Phase != PhaseOver { // a finished game owes nothing
		v.Pending = append(v.Pending, s.Stack...)
	}
	if s.Phase == PhaseAction {
		v.Impulse, v.Passes = s.Impulse.String(), s.Passes
	}
	for i := range s.Spaces {
		sp := &s.Spaces[i]
		e := map[string]any{"control": sp.Ctl.String()}
		if sp.Prot {
			e["religion"] = "protestant"
		} else if !Spaces[i].NoRel {
			e["religion"] = "catholic"
		}
		if sp.Unrest {
			e["unrest"] = true
		}
		if sp.Jesuit {
			e["jesuit"] = true
		}
		if s.Reformer[i] {
			e["reformer"] = true
		}
		if u := unitsJSON(&sp.Units); u != nil {
			e["units"] = u
		}
		if sp.Besiegers != 0 {
			var by []string
			for q := Power(0); q < NumPowers; q++ {
				if sp.Besiegers&bit(q) != 0 {
					by = append(by, q.String())
				}
			}
			e["besiegers"] = by // the powers whose units here besiege it; the others' are inside
		}
		v.Spaces[Spaces[i].ID] = e
	}
	for i := range s.Seas {
		if u := unitsJSON(&s.Seas[i].Units); u != nil || s.Seas[i].Piracy {
			v.Seas[Seas[i].ID] = map[string]any{"units": u, "piracy": s.Seas[i].Piracy}
		}
	}
	for i, l := range s.Leaders {
		v.Leaders[Leaders[i].ID] = s.locName(l)
	}
	for _, l := range s.NavalTrackL {
		v.Leaders[Leaders[l].ID] = "turn track"
	}
	for i, w := range foreignWars {
		for _, l := range s.Foreign[i].Leaders {
			v.Leaders[Leaders[l].ID] = "foreign war " + w.id
		}
	}
	for _, l := range s.NavalDue {
		v.Leaders[Leaders[l].ID] = "turn track"
	}
	for i := range s.Debaters {
		v.Debaters[Debaters[i].ID] = s.debaterView(i)
	}
	for p := Power(0); p < NumMajors; p++ {
		ps := &s.Powers[p]
		e := map[string]any{"vp": s.VP(p), "new_world_vp": s.NewWorldVP(p), "ruler": Rulers[ps.Ruler].Name, "hand_size": len(ps.Hand), "bonus_vp": ps.BonusVP, "war_winner_vp": ps.WarVP, "minus_one_card": ps.MinusOne}
		if string(seat) == p.String() {
			e["hand"] = cardViews(ps.Hand)
		}
		k, u := s.Keys(p)
		e["keys"], e["keys_in_unrest"] = k, u
		if p == Ottoman {
			e["piracy_vp"] = s.PiracyVP
		}
		if s.NavalLost[p].Any() {
			e["naval_lost"] = s.NavalLost[p]
		}
		v.Powers[p.String()] = e
	}
	for p := Power(0); p < NumPowers; p++ {
		for q := p + 1; q < NumPowers; q++ {
			if s.War[p]&bit(q) != 0 {
				v.Wars = append(v.Wars, [2]string{p.String(), q.String()})
			}
			if s.Ally[p]&bit(q) != 0 {
				v.Allies = append(v.Allies, [2]string{p.String(), q.String()})
			}
		}
	}
	for i, a := range s.MinorAlly {
		if a != NoPower {
			v.Minors[(firstMinor + Power(i)).String()] = a.String()
		}
	}
	v.Discard = cardViews(s.Discard)
	v.Removed = cardViews(s.Gone)
	sort.Slice(v.Removed, func(i, j int) bool { return v.Removed[i].Number < v.Removed[j].Number })
	v.ForeignWars, v.CardEffects, v.Window = s.foreignWarsView(), s.cardEffectsView(), s.windowView()
	v.TwoPlayer = s.twoView(seat)
	return v
}

// BotView is seat's View with "known_state" (game.BotViewer): the whole
// state as seat may know it (viewstate.go), what a bot outside the server
// plays on (StateFromView).
func (Rules) BotView(st game.State, seat game.Seat) any {
	s := state(st)
	v := s.view(seat)
	v.Known = s.knownState(seat)
	return v
}

var _ game.BotViewer = Rules{}

var debStatusNames = []string{"out", "uncommitted", "committed", "burnt", "disgraced", "away", "removed"}

func (s *State) locName(l LeaderState) string {
	switch {
	case l.Captor != NoPower:
		return "captured by " + l.Captor.String()
	case l.Loc == OffMap:
		return "off map"
	case l.Loc == Removed:
		return "removed"
	case l.Loc >= SeaLoc:
		return Seas[l.Loc-SeaLoc].ID
	}
	return Spaces[l.Loc].ID
}

// PressOpen reports whether the players may negotiate now: Here I Stand's
// negotiations belong to the Diplomacy Phase (§9.1), so a server opens
// press only then.
func (Rules) PressOpen(st game.State) bool { return state(st).Phase == PhaseDiplomacy }
