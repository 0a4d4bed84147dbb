package his

import (
	"concordat/game"
)

// Edition selects where the 500th Anniversary rules (the default) and the
// earlier edition translated by the project's source documents differ
// (RULES.md §27 D1, D2, R8 and §28).
type Edition uint8

// The editions.
const (
	// Ed500 is the 500th Anniversary edition (2017): only parties later in
	// Impulse Order confirm a deal; narrow cession rule; extra debate dice
	// from the card data; the six 500th cards are in the deck.
	Ed500 Edition = iota
	// Ed2010 is the earlier edition of the source documents: every party
	// confirms; any space but one's own capital and an allied minor's home
	// keys may be ceded; Papal Inquisition gives a fixed +2 dice; the six
	// 500th cards are not used.
	Ed2010
)

// String is the edition's option value.
func (e Edition) String() string {
	if e == Ed2010 {
		return "2010"
	}
	return "500th"
}

// Phase is the phase of a turn the game is in.
type Phase uint8

// The phases the engine runs today (§7). Card Draw runs inside the turn's
// start; Spring Deployment, the 95 Theses and the Diet of Worms are not built
// yet and are skipped.
const (
	PhaseDiplomacy Phase = iota
	PhaseAction
	PhaseWinter
	PhaseOver
	PhaseTheses   // Luther's 95 Theses (Turn 1, before the Card Draw)
	PhaseDiet     // the Diet of Worms (Turn 1, after Diplomacy)
	PhaseSpring   // Spring Deployment
	PhaseNewWorld // the New World Phase (after Winter, §20)
)

var phaseNames = []string{"diplomacy", "action", "winter", "over", "95 theses", "diet of worms", "spring deployment", "new world"}

// String is the phase's id.
func (p Phase) String() string { return phaseNames[p] }

// Units counts one power's units in one space or sea zone.
type Units struct {
	Reg  uint8 `json:"r,omitempty"` // regulars
	Merc uint8 `json:"m,omitempty"` // mercenaries
	Cav  uint8 `json:"c,omitempty"` // cavalry (Ottoman)
	Sq   uint8 `json:"s,omitempty"` // naval squadrons
	Cor  uint8 `json:"k,omitempty"` // corsairs (Ottoman)
}

// Land is the number of land units.
func (u Units) Land() int { return int(u.Reg) + int(u.Merc) + int(u.Cav) }

// Naval is the number of naval units.
func (u Units) Naval() int { return int(u.Sq) + int(u.Cor) }

// Any reports whether there is any unit.
func (u Units) Any() bool { return u.Land()+u.Naval() > 0 }

// SpaceState is the changing state of one land space.
type SpaceState struct {
	Ctl    Power `json:"ctl"`              // political control; NoPower = out of play (Algiers)
	Prot   bool  `json:"prot,omitempty"`   // Protestant religious influence
	Unrest bool  `json:"unrest,omitempty"` // unrest marker
	Jesuit bool  `json:"jesuit,omitempty"` // Jesuit university
	// Besiegers has bit p set when p's land units here besiege the
	// fortification (§15); every other unit and leader here is inside.
	Besiegers uint16 `json:"besiegers,omitempty"`
	// SiegeNew: the siege began in the current impulse (no assault yet, §15.1).
	SiegeNew bool             `json:"siege_new,omitempty"`
	Units    [NumPowers]Units `json:"units"`
}

// SeaState is the changing state of a sea zone.
type SeaState struct {
	Units  [NumPowers]Units `json:"units"`
	Piracy bool             `json:"piracy,omitempty"` // piracy marker this turn
}

// Location codes for leaders: 0–133 land spaces, SeaLoc+i sea zone i.
const (
	SeaLoc  = 200
	OffMap  = -1 // not in play (not yet entered, or removed)
	Removed = -2 // removed from the game
)

// LeaderState is where a leader is. Captor is set (and Loc is OffMap) while
// he is held on another power's card.
type LeaderState struct {
	Loc    int   `json:"loc"`
	Captor Power `json:"captor"`
}

// DebaterStatus is a debater's state.
type DebaterStatus uint8

// The debater states.
const (
	DebOut         DebaterStatus = iota // not yet in play
	DebUncommitted                      // in play, front side up
	DebCommitted                        // in play, flipped
	DebBurnt                            // burnt at the stake (Papal Bonus VP box)
	DebDisgraced                        // disgraced (Protestant Bonus VP box)
	DebAway                             // excommunicated reformer: away this turn, counts as committed
	DebRemoved                          // left the game (Luther at Calvin's accession, #16)
)

// PowerState is a major power's card and hand.
type PowerState struct {
	Ruler    int     `json:"ruler"` // index into Rulers
	Hand     []uint8 `json:"hand"`  // card indices (HID)
	BonusVP  int     `json:"bonus_vp,omitempty"`
	WarVP    int     `json:"war_vp,omitempty"`     // War Winner markers
	MinusOne bool    `json:"minus1,omitempty"`     // excommunication "-1 Card" marker
	ExcomOn  int     `json:"excom_turn,omitempty"` // turn the ruler was excommunicated
}

// Loan is a group of squadrons loaned for the turn (§9.2); while on loan they
// are counted as the borrower's units where they lie.
type Loan struct {
	Owner    Power `json:"owner"`
	Borrower Power `json:"borrower"`
	Loc      int   `json:"loc"` // space or SeaLoc+sea
	N        uint8 `json:"n"`
	Leader   int   `json:"leader"` // naval leader loaned along, or -1
}

// PlayedEvent is a card played as an event this turn, and by whom.
type PlayedEvent struct {
	Card uint8 `json:"card"`
	By   Power `json:"by"`
}

// Decision is one pending decision on the stack: the action type that
// answers it and the power that owes it.
type Decision struct {
	Kind  string `json:"kind"`
	Power Power  `json:"power"`
}

// State is the whole state of a Here I Stand game. Procedures change it in
// place; Clone copies it for a caller that needs the state before an action.
type State struct {
	Edition Edition `json:"edition"`
	// Scenario is the scenario played ("" or "1517", "1532", "tournament",
	// scenario1532.go); StartVP the powers' VP when it began (1532 starts).
	Scenario string         `json:"scenario,omitempty"`
	StartVP  [NumMajors]int `json:"start_vp,omitempty"`
	// Players is the number of people (3–6; 0 means 6), and so how the
	// powers are grouped into seats (players.go, §24.3).
	Players int   `json:"players,omitempty"`
	Turn    int   `json:"turn"`
	Phase   Phase `json:"phase"`
	// Impulse is the power whose impulse it is in the Action Phase; Passes
	// counts consecutive passes (six end the phase).
	Impulse Power `json:"impulse"`
	Passes  int   `json:"passes"`

	Spaces   [NumSpaces]SpaceState `json:"spaces"`
	Seas     [NumSeas]SeaState     `json:"seas"`
	Leaders  []LeaderState         `json:"leaders"`
	Debaters []DebaterStatus       `json:"debaters"`
	Reformer [NumSpaces]bool       `json:"reformer"`
	// Display holds the Protestant regulars still waiting on the Electorate
	// Display, per electorate space.
	Display [NumSpaces]uint8 `json:"display"`

	Powers [NumMajors]PowerState `json:"powers"`
	// Mix is each power's counter mix (Unlimited where unknown).
	Mix       [NumPowers]Units  `json:"mix"`
	War       [NumPowers]uint16 `json:"war"`  // bit q of War[p]: p and q at war
	Ally      [NumPowers]uint16 `json:"ally"` // alliances between majors (this turn)
	MinorAlly [4]Power          `json:"minor_ally"`
	Loans     []Loan            `json:"loans,omitempty"`
	// PeaceThisTurn / AllyThisTurn record peace and alliances made in this
	// Diplomacy Phase (they restrict declarations of war, §9.6).
	PeaceThisTurn [NumPowers]uint16 `json:"peace_turn"`
	AllyThisTurn  [NumPowers]uint16 `json:"ally_turn"`
	// CededHome: bit q of CededHome[p] — p ceded a home space to q this turn.
	CededHome [NumPowers]uint16 `json:"ceded_home"`
	// DrawDir / MercDir: bit q of X[p] — p gave card draws / mercenaries to q this turn.
	DrawDir [NumPowers]uint16 `json:"draw_dir"`
	MercDir [NumPowers]uint16 `json:"merc_dir"`
	LoanDir [NumPowers]uint16 `json:"loan_dir"`

	Deck    []uint8 `json:"deck"`
	Discard []uint8 `json:"discard"`
	Gone    []uint8 `json:"removed"` // removed from the game

	League       bool            `json:"league,omitempty"`       // Schmalkaldic League has occurred
	Barbary      bool            `json:"barbary,omitempty"`      // Barbary Pirates has occurred
	Augsburg     bool            `json:"augsburg,omitempty"`     // Augsburg Confession this turn
	Printing     bool            `json:"printing,omitempty"`     // Printing Press this turn
	Wartburg     bool            `json:"wartburg,omitempty"`     // The Wartburg this turn
	MoreBan      bool            `json:"more_ban,omitempty"`     // Thomas More: no English debate this turn
	CalvinRule   bool            `json:"calvin,omitempty"`       // Calvin (#16) played
	Marital      uint8           `json:"marital"`                // 0 Catherine of Aragon … 6 Katherine Parr
	Divorce      bool            `json:"divorce,omitempty"`      // the Papacy granted the divorce this turn
	Renegade     bool            `json:"renegade,omitempty"`     // Charles Bourbon's leader entered this turn
	Universities int             `json:"universities,omitempty"` // Jesuit universities still to place (Society of Jesus)
	AnneTurn     int             `json:"anne_turn,omitempty"`    // turn Henry VIII married Anne Boleyn
	Catherine    bool            `json:"catherine,omitempty"`    // Hapsburgs hold the Catherine of Aragon marker
	Pregnancy    uint8           `json:"pregnancy,omitempty"`    // bit r: pregnancy result r has occurred
	StPeterCP    int             `json:"st_peter_cp,omitempty"`
	StPeterVP    int             `json:"st_peter_vp,omitempty"`
	Phony        [NumMajors]bool `json:"phony"` // Phony War -1 VP markers

	// Religious actions (religion.go): the translation tracks of §18.1.4,
	// indexed by transLangs (German, French, English): New Testament boxes
	// 0–6, then Full Bible boxes 0–10 (the Full Bible moves only once the
	// New Testament is complete).
	NewTestament [3]uint8 `json:"new_testament"`
	FullBible    [3]uint8 `json:"full_bible"`

	// VPHistory holds every power's VP at the end of each turn (tie-breaks).
	VPHistory [][NumMajors]int `json:"vp_history,omitempty"`
	Winners   []Power          `json:"winners,omitempty"`
	Result    string           `json:"result,omitempty"`

	// Act is the impulse in progress, once a card has given CP (§11).
	Act *Act `json:"act,omitempty"`
	// Evented lists the cards played as events this turn and by whom (§6.2:
	// at most once per turn each; a power may not retrieve a card it played
	// as an event this turn).
	Evented []PlayedEvent `json:"evented,omitempty"`
	// Mary I's English impulses (§21.3): the card England showed and rolled
	// 4–6 for, and a Papal debate owed after the Papacy acted instead.
	MaryCard   int  `json:"mary_card,omitempty"`
	MaryDebate bool `json:"mary_debate,omitempty"`
	// Flirt: pregnancy result 3 this turn; England's next pass advances the
	// marital status once more (§21.3).
	Flirt bool `json:"flirt,omitempty"`
	// Home cards' events (homecards.go): the event waiting for decisions,
	// the chateau VP track (§21.4), and who was excommunicated by Papal Bull
	// (reformers by index in homecards.go's table; rulers by power, §21.5).
	Home        *HomeEvents `json:"home,omitempty"`
	Chateaux    int         `json:"chateaux,omitempty"`
	ExReformers uint8       `json:"ex_reformers,omitempty"`
	ExRulers    uint16      `json:"ex_rulers,omitempty"`
	// Breaks are the besieging stacks still to retreat from broken sieges.
	Breaks []SiegeBreak `json:"breaks,omitempty"`
	// Displace are the groups of units still to be displaced from spaces
	// that changed hands by negotiation or peace (displace.go, §12.5).
	Displace []Displacement `json:"displace,omitempty"`

	// Land movement and field battles (move.go, battle.go): the Move action
	// in progress, the field battle in progress and the last one fought.
	Move       *LandMove `json:"move,omitempty"`
	Battle     *Battle   `json:"battle,omitempty"`
	LastBattle *Battle   `json:"last_battle,omitempty"`
	// Assault, control and construction (assault.go, control.go, build.go).
	// Assault is the assault being resolved (§15.1). (The Turn Track is in
	// the naval block: NavalLost, NavalTrackL.) PortRetreats are naval stacks
	// still to leave a port whose control changed (§12.2). HungaryDefeated
	// records the defeat of Hungary-Bohemia (§22.5).
	Assault         *Assault      `json:"assault,omitempty"`
	PortRetreats    []PortRetreat `json:"port_retreats,omitempty"`
	HungaryDefeated bool          `json:"hungary_defeated,omitempty"`

	Stack  []Decision `json:"stack"`
	Debate *Debate    `json:"debate,omitempty"`
	// LastDebate is the most recent finished debate, for its log.
	LastDebate *Debate `json:"last_debate,omitempty"`
	// LastWinter is the most recent finished Winter Phase.
	LastWinter *Winter `json:"last_winter,omitempty"`
	Winter     *Winter `json:"winter,omitempty"`
	Diplo      *Diplo  `json:"diplo,omitempty"`
	// Mandatory Events (mandatory.go). Event is a Mandatory Event in
	// progress that owes decisions; ActAfter holds the impulse's own CP
	// while France spends the Scots Raid's CP; EnglishRulerTurn: the turn
	// England's ruler last changed (Lady Jane Grey, #59).
	Event            *EventProc `json:"event,omitempty"`
	ActAfter         *Act       `json:"act_after,omitempty"`
	EnglishRulerTurn int        `json:"english_ruler_turn,omitempty"`
	Reform           *Reform    `json:"reform,omitempty"`
	Diet             *Diet      `json:"diet,omitempty"`
	// LastDiet is the Diet of Worms once resolved.
	LastDiet *Diet `json:"last_diet,omitempty"`
	// LastReform is the most recent finished series of Reformation attempts.
	LastReform *Reform `json:"last_reform,omitempty"`

	// The New World (§20, newworld.go): the display and the voyages under
	// way, and the New World Phase in progress.
	NW      NewWorld `json:"new_world"`
	NWPhase *NWPhase `json:"new_world_phase,omitempty"`
	// Naval affairs (§16, naval.go): the Naval Move in progress, the
	// piracy awards still owed, the Ottoman piracy VP track (0–10), the
	// naval units and naval leaders lost this turn (on the Turn Track: back
	// in the force pool, leaders back in a friendly port, next turn), and
	// the leaders returning whose owner has yet to choose their port.
	Naval       *NavalMove       `json:"naval,omitempty"`
	Piracy      *Piracy          `json:"piracy_proc,omitempty"`
	PiracyVP    int              `json:"piracy_vp,omitempty"`
	NavalLost   [NumPowers]Units `json:"naval_lost"`
	NavalTrackL []int            `json:"naval_track_leaders,omitempty"`
	NavalDue    []int            `json:"naval_due,omitempty"` // leaders back from the track, port not yet chosen

	// Cards (cards.go and the cards_*.go families): the response or
	// combat window in progress, the card procedures in progress (a
	// stack), the card effects lasting for the impulse and for the turn,
	// and responses=holders (only seats holding a playable card are asked
	// in windows).
	Window    *Window    `json:"window,omitempty"`
	CardProcs []CardProc `json:"card_procs,omitempty"`
	Imp       ImpulseFx  `json:"impulse_fx"`
	TurnFx    TurnFx     `json:"turn_fx"`
	Holders   bool       `json:"holders,omitempty"`
	// Two is the 2-player variant's state (twoplayer.go); nil in the
	// six-player game.
	Two *TwoP `json:"two_player,omitempty"`
	// Foreign wars (cards_war.go): Revolt in Egypt, Revolt in Ireland, War
	// in Persia.
	Foreign [3]ForeignWar `json:"foreign_wars"`
	// Map changes by events (cards_siege.go): Fortress markers on spaces
	// printed unfortified (Trace Italienne, Knights of St. John), and the
	// Knights' port (space + 1) once Knights of St. John placed them (0:
	// Rhodes, as printed).
	Forts     []int `json:"fortress_markers,omitempty"`
	KnightsAt int   `json:"knights_at,omitempty"`
	// Havens are the pirate havens (#89): Ottoman home spaces with a
	// fortress that build corsairs only.
	Havens []int `json:"pirate_havens,omitempty"`
	// The leaders an event gave a power (a power + 1; 0: none, or the
	// printed one): the Renegade (Charles Bourbon, #70) and Maurice of
	// Saxony (#60).
	RenegadeFor uint8 `json:"renegade_for,omitempty"`
	MauriceFor  uint8 `json:"maurice_for,omitempty"`
	// Spring Deployment's cards (cards_spring.go): the power (+1) whose
	// deployment Spring Preparations frees this phase, and whether a
	// formation was deployed yet (Venetian Informant comes before).
	SpringPrep  Power `json:"spring_prep,omitempty"`
	SpringMoved bool  `json:"spring_moved,omitempty"`

	// Rounds of play (rounds.go): Applied counts the actions applied to the
	// game (a hosted game's record seq); Round is the key of the round of
	// play open now (an impulse, or a phase) and RoundStart the value of
	// Applied when it began; Impulses counts the impulses begun in the game.
	Applied    int64 `json:"applied"`
	Round      int64 `json:"round"`
	RoundStart int64 `json:"round_start"`
	Impulses   int   `json:"impulses,omitempty"`

	// Script, when not empty, supplies the next die rolls in place of the
	// generator (scripted dice for tests and `concordat his debate`).
	Script []int    `json:"script,omitempty"`
	RNG    game.RNG `json:"rng"`

	events []game.Event
}

// Die rolls one die: the next scripted value if any, else from the RNG.
func (s *State) Die() int {
	if len(s.Script) > 0 {
		d := s.Script[0]
		s.Script = s.Script[1:]
		return d
	}
	return s.RNG.Die()
}

// Hits rolls n dice and counts 5s and 6s; it returns the dice too.
func (s *State) Hits(n int) (int, []int) {
	dice := make([]int, n)
	h := 0
	for i := range dice {
		dice[i] = s.Die()
		if dice[i] >= 5 {
			h++
		}
	}
	return h, dice
}

func (s *State) push(kind string, p Power) {
	if kind == kImpulse {
		s.Impulses++ // a new round of play (rounds.go)
	}
	s.Stack = append(s.Stack, Decision{Kind: kind, Power: p})
}

func (s *State) pop() { s.Stack = s.Stack[:len(s.Stack)-1] }

func (s *State) top() (Decision, bool) {
	if len(s.Stack) == 0 {
		return Decision{}, false
	}
	return s.Stack[len(s.Stack)-1], true
}

func (s *State) emit(typ, text string) {
	s.events = append(s.events, game.Event{Type: typ, Text: text})
}

func (s *State) emitTo(typ, text string, seats ...Power) {
	ss := make([]game.Seat, len(seats))
	for i, p := range seats {
		ss[i] = game.Seat(p.String())
	}
	s.events = append(s.events, game.Event{Type: typ, Text: text, Seats: ss})
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	c := *s
	c.Leaders = append([]LeaderState(nil), s.Leaders...)
	c.Debaters = append([]DebaterStatus(nil), s.Debaters...)
	for i := range c.Powers {
		c.Powers[i].Hand = append([]uint8(nil), s.Powers[i].Hand...)
	}
	c.Loans = append([]Loan(nil), s.Loans...)
	c.Deck = append([]uint8(nil), s.Deck...)
	c.Discard = append([]uint8(nil), s.Discard...)
	c.Gone = append([]uint8(nil), s.Gone...)
	c.Stack = append([]Decision(nil), s.Stack...)
	c.Evented = append([]PlayedEvent(nil), s.Evented...)
	c.Breaks = append([]SiegeBreak(nil), s.Breaks...)
	c.Displace = append([]Displacement(nil), s.Displace...)
	if s.Home != nil {
		c.Home = s.Home.clone()
	}
	if s.Move != nil {
		c.Move = s.Move.clone()
	}
	if s.Battle != nil {
		c.Battle = s.Battle.clone()
	}
	if s.LastBattle != nil {
		c.LastBattle = s.LastBattle.clone()
	}
	if s.Assault != nil {
		c.Assault = s.Assault.clone()
	}
	c.PortRetreats = append([]PortRetreat(nil), s.PortRetreats...)
	if s.Act != nil {
		c.Act = s.Act.clone()
	}
	c.VPHistory = append([][NumMajors]int(nil), s.VPHistory...)
	c.Winners = append([]Power(nil), s.Winners...)
	c.Script = append([]int(nil), s.Script...)
	if s.Naval != nil {
		c.Naval = s.Naval.clone()
	}
	if s.Piracy != nil {
		p := *s.Piracy
		c.Piracy = &p
	}
	c.NavalTrackL = append([]int(nil), s.NavalTrackL...)
	c.NavalDue = append([]int(nil), s.NavalDue...)
	if s.Debate != nil {
		c.Debate = s.Debate.clone()
	}
	if s.LastDebate != nil {
		c.LastDebate = s.LastDebate.clone()
	}
	if s.LastWinter != nil {
		c.LastWinter = s.LastWinter.clone()
	}
	if s.Winter != nil {
		c.Winter = s.Winter.clone()
	}
	if s.Diplo != nil {
		c.Diplo = s.Diplo.clone()
	}
	if s.ActAfter != nil {
		c.ActAfter = s.ActAfter.clone()
	}
	if s.Event != nil {
		c.Event = s.Event.clone()
	}
	if s.Reform != nil {
		c.Reform = s.Reform.clone()
	}
	if s.Diet != nil {
		c.Diet = s.Diet.clone()
	}
	if s.LastDiet != nil {
		c.LastDiet = s.LastDiet.clone()
	}
	if s.LastReform != nil {
		c.LastReform = s.LastReform.clone()
	}
	if s.NWPhase != nil {
		c.NWPhase = s.NWPhase.clone()
	}
	if s.Window != nil {
		c.Window = s.Window.clone()
	}
	if s.CardProcs != nil {
		c.CardProcs = make([]CardProc, len(s.CardProcs))
		for i := range s.CardProcs {
			c.CardProcs[i] = s.CardProcs[i].clone()
		}
	}
	for i := range s.Foreign {
		c.Foreign[i] = s.Foreign[i].clone()
	}
	c.Forts = append([]int(nil), s.Forts...)
	c.Havens = append([]int(nil), s.Havens...)
	c.Imp = s.Imp.clone()
	if s.Two != nil {
		c.Two = s.Two.clone()
	}
	c.TurnFx = s.TurnFx.clone()
	c.events = nil
	return &c
}

func bit(p Power) uint16 { return 1 << p }
