package his

// The card state as the views show it (names and ids, never indices).

// WindowView is a response or combat window in progress.
type WindowView struct {
	Kind      string     `json:"kind"`             // the decision kind its seats answer
	Power     string     `json:"power"`            // whose action, event or battle opened it
	Asking    string     `json:"asking,omitempty"` // the seat asked now
	Action    string     `json:"action,omitempty"` // the action waiting in it (move, assault, transport, piracy, treachery)
	Path      []string   `json:"path,omitempty"`   // that action's path
	Space     string     `json:"space,omitempty"`  // the space or sea zone concerned
	Card      *CardView  `json:"card,omitempty"`   // the event declared (The Wartburg's window)
	Played    []CardView `json:"played"`           // the cards played in it so far
	Roll      int        `json:"roll,omitempty"`   // the interception or avoid-battle total (Professional Rowers)
	Cancelled bool       `json:"cancelled,omitempty"`
}

// ForeignWarView is a foreign war in progress: the affected power's units
// and leaders on the card, and the rebels.
type ForeignWarView struct {
	Power   string   `json:"power"`
	Units   Units    `json:"units"`
	Leaders []string `json:"leaders"`
	Rebels  int      `json:"rebels"`
}

// CardEffectsView is the card effects lasting beyond their play (powers
// and leaders by id).
type CardEffectsView struct {
	// this impulse
	FoulWeather []string `json:"foul_weather"` // powers under Foul Weather
	Gout        []string `json:"gout"`         // leaders under Gout
	Waived      []string `json:"waived"`       // seats passing every window of the impulse
	Roxelana    bool     `json:"roxelana_assault,omitempty"`
	Suleiman    []string `json:"suleiman_move"` // powers that may send Suleiman to Istanbul
	// this turn
	SkipImpulse  []string `json:"skip_next_impulse"` // Halley's Comet
	Cromwell     bool     `json:"cromwell_treatise,omitempty"`
	JuliaGonzaga bool     `json:"julia_gonzaga,omitempty"`
	NoExplore    []string `json:"no_exploration"`
	NoConquest   []string `json:"no_conquest"`
	Away         []string `json:"leaders_away"`   // until the next Card Draw (Threat to Power)
	OneFewer     []string `json:"one_card_fewer"` // at the next deal (Fuggers)
	// the game
	Forts    []string `json:"fortress_markers"`
	Havens   []string `json:"pirate_havens"`
	Knights  string   `json:"knights_of_st_john,omitempty"` // the space they hold
	Renegade string   `json:"renegade_serves,omitempty"`
	Maurice  string   `json:"maurice_serves,omitempty"`
}

func powerIDs(bits uint16) []string {
	out := []string{}
	for p := Power(0); p < NumMajors; p++ {
		if bits&bit(p) != 0 {
			out = append(out, p.String())
		}
	}
	return out
}

func leaderIDs(ls []int) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, Leaders[l].ID)
	}
	return out
}

func spaceIDs(sps []int) []string {
	out := []string{}
	for _, sp := range sps {
		out = append(out, Spaces[sp].ID)
	}
	return out
}

// windowView is the window in progress, nil when none.
func (s *State) windowView() *WindowView {
	w := s.Window
	if w == nil {
		return nil
	}
	v := &WindowView{Kind: windowKinds[w.Kind], Power: w.Power.String(), Action: w.Action, Path: w.Path, Roll: w.Roll, Cancelled: w.Cancelled, Played: []CardView{}}
	if w.Asking != NoPower {
		v.Asking = w.Asking.String()
	}
	if w.Space >= 0 {
		v.Space = locID(w.Space)
	}
	if w.Card >= 0 {
		c := cardView(w.Card)
		v.Card = &c
	}
	for _, c := range w.Played {
		v.Played = append(v.Played, cardView(c))
	}
	return v
}

// foreignWarsView is the foreign wars in progress, by id.
func (s *State) foreignWarsView() map[string]ForeignWarView {
	var out map[string]ForeignWarView
	for i, w := range foreignWars {
		f := &s.Foreign[i]
		if !f.On {
			continue
		}
		if out == nil {
			out = map[string]ForeignWarView{}
		}
		out[w.id] = ForeignWarView{Power: w.power.String(), Units: f.Units, Leaders: leaderIDs(f.Leaders), Rebels: f.Rebels}
	}
	return out
}

// cardEffectsView is the lasting card effects.
func (s *State) cardEffectsView() CardEffectsView {
	v := CardEffectsView{
		FoulWeather: powerIDs(s.Imp.Foul), Gout: leaderIDs(s.Imp.Gout), Waived: powerIDs(s.Imp.Waived),
		Roxelana: s.Imp.Roxelana, Suleiman: powerIDs(s.Imp.Suleiman),
		SkipImpulse: powerIDs(s.TurnFx.Skip), Cromwell: s.TurnFx.Cromwell, JuliaGonzaga: s.TurnFx.Julia,
		NoExplore: powerIDs(s.TurnFx.NoExplore), NoConquest: powerIDs(s.TurnFx.NoConquer),
		Away: leaderIDs(s.TurnFx.Away), OneFewer: powerIDs(s.TurnFx.Fewer),
		Forts: spaceIDs(s.Forts), Havens: spaceIDs(s.Havens),
	}
	if k := s.knightsOnMap(); k >= 0 {
		v.Knights = Spaces[k].ID
	}
	if s.RenegadeFor != 0 {
		v.Renegade = s.lpower(lRenegade).String()
	}
	if s.MauriceFor != 0 {
		v.Maurice = s.lpower(lMaurice).String()
	}
	return v
}
