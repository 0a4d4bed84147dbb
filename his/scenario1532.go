package his

import (
	"fmt"

	"concordat/game"
)

// The scenarios (RULES.md §24.1–24.2): Rules.Setup takes the scenario as
// game.Config.Variant.
const (
	Scenario1517       = "1517"       // the full game, Turns 1–9
	Scenario1532       = "1532"       // from Turn 4 (1532) to Turn 9
	ScenarioTournament = "tournament" // the 1532 start, ending after Turn 6
)

// Scenarios lists the scenarios Rules.Setup accepts, in catalog order.
var Scenarios = []string{Scenario1517, Scenario1532, ScenarioTournament}

// lastTurn is the turn after which the Time Limit ends the game: 9, or 6 in
// the Tournament scenario (§24.2).
func (s *State) lastTurn() int {
	if s.Scenario == ScenarioTournament {
		return 6
	}
	return 9
}

// tournamentLastTurn reports whether this is Turn 6 of the Tournament
// scenario: its Peace segment is skipped (§24.2).
func (s *State) tournamentLastTurn() bool {
	return s.Scenario == ScenarioTournament && s.Turn == s.lastTurn()
}

// startVP is a power's VP at the start of the scenario, the last tie-break
// of §23 (V2).
func (s *State) startVP(p Power) int {
	if s.Scenario == Scenario1532 || s.Scenario == ScenarioTournament {
		return s.StartVP[p]
	}
	return setup.VP[p.String()]
}

// setup1532 is the 1532 position (RULES.md §24.2): the rulebook's items
// (Turn 4, the "(1517)" cards left out, the four independent keys) and,
// for everything the rulebook does not give, the implementation-derived
// list of §24.2 (the Saito implementation's 1532 setup; RULES.md §27 S4:
// not checked against the Scenario Book). Where the two disagree the
// rulebook wins: Florence starts independent (the implementation gives it
// to the Papacy).
var setup1532 = struct {
	stacks []stack1532
	// control: spaces whose political control differs from the printed
	// 1517 one (Protestant home spaces follow religion, below).
	control map[string]Power
	// protestant: the spaces under Protestant religious influence.
	protestant []string
	wars       [][2]Power
	// gone: cards out of the game besides the "(1517)" ones: Clement VII
	// (he is Pope), Zwingli Dons Armor (Zwingli is gone).
	gone []int
	// debaters in play; Zwingli has left the game.
	debaters []string
}{
	stacks: []stack1532{
		{Ottoman, "istanbul", Units{Reg: 5, Cav: 1, Sq: 1}, []string{"suleiman", "ibrahim_pasha"}},
		{Ottoman, "edirne", Units{Reg: 1}, nil},
		{Ottoman, "salonika", Units{Reg: 1, Sq: 1}, nil},
		{Ottoman, "athens", Units{Reg: 1, Sq: 1}, nil},
		{Ottoman, "algiers", Units{Reg: 2, Cor: 2}, []string{"barbarossa"}},
		{Ottoman, "buda", Units{Reg: 3, Cav: 1}, nil},
		{Ottoman, "belgrade", Units{Reg: 1}, nil},
		{Hapsburg, "valladolid", Units{Reg: 4}, []string{"charles_v", "duke_of_alva"}},
		{Hapsburg, "seville", Units{Reg: 1, Sq: 1}, nil},
		{Hapsburg, "barcelona", Units{Reg: 1, Sq: 1}, nil},
		{Hapsburg, "navarre", Units{Reg: 1}, nil},
		{Hapsburg, "naples", Units{Reg: 2, Sq: 1}, nil},
		{Hapsburg, "besancon", Units{Reg: 1}, nil},
		{Hapsburg, "brussels", Units{Reg: 1}, nil},
		{Hapsburg, "vienna", Units{Reg: 4, Merc: 2}, []string{"ferdinand"}},
		{Hapsburg, "antwerp", Units{Reg: 3}, nil},
		{England, "london", Units{Reg: 3, Merc: 2, Sq: 1}, []string{"henry_viii", "charles_brandon"}},
		{England, "plymouth", Units{Sq: 1}, nil},
		{England, "portsmouth", Units{Sq: 1}, nil},
		{England, "calais", Units{Reg: 2}, nil},
		{England, "york", Units{Reg: 1}, nil},
		{England, "bristol", Units{Reg: 1}, nil},
		{France, "paris", Units{Reg: 4, Merc: 2}, []string{"francis_i", "montmorency"}},
		{France, "rouen", Units{Reg: 1, Sq: 1}, nil},
		{France, "bordeaux", Units{Reg: 2}, nil},
		{France, "lyon", Units{Reg: 1}, nil},
		{France, "marseille", Units{Reg: 1, Sq: 1}, nil},
		{Papacy, "rome", Units{Reg: 1, Merc: 1, Sq: 1}, nil},
		{Papacy, "ravenna", Units{Reg: 1, Merc: 1}, nil},
		{Protestant, "wittenberg", Units{Reg: 2}, []string{"john_frederick"}},
		{Protestant, "brandenburg", Units{Reg: 1}, []string{"philip_of_hesse"}},
		{Protestant, "mainz", Units{Reg: 1, Merc: 2}, nil},
		{Protestant, "augsburg", Units{Reg: 2}, nil},
		{Venice, "venice", Units{Reg: 2, Sq: 3}, nil},
		{Venice, "corfu", Units{Reg: 1}, nil},
		{Venice, "candia", Units{Reg: 1}, nil},
		{Genoa, "genoa", Units{Reg: 2, Sq: 1}, []string{"andrea_doria"}},
		{Hungary, "prague", Units{Reg: 1}, nil},
		{Scotland, "edinburgh", Units{Reg: 3, Sq: 1}, nil},
		{Independent, "metz", Units{Reg: 1}, nil},
		{Independent, "milan", Units{Reg: 1}, nil},
		{Independent, "florence", Units{Reg: 1}, nil},
		{Independent, "tunis", Units{Reg: 1}, nil},
		{Independent, "malta", Units{Reg: 1}, nil},
	},
	control: map[string]Power{
		"algiers": Ottoman, "buda": Ottoman, "belgrade": Ottoman, "mohacs": Ottoman,
		"szegedin": Ottoman, "agram": Ottoman, "rhodes": Ottoman,
		"milan": Independent, "tunis": Independent, "malta": Independent,
		"siena": Papacy,
	},
	protestant: []string{
		"wittenberg", "brandenburg", "stettin", "lubeck", "magdeburg",
		"leipzig", "erfurt", "nuremberg", "hamburg", "bremen",
		"kassel", "brunswick", "mainz", "worms", "strasburg",
		"basel", "zurich", "augsburg", "breslau", "geneva",
	},
	wars: [][2]Power{{Ottoman, Hapsburg}, {Hapsburg, Protestant}, {Papacy, Protestant}},
	gone: []int{10, 43},
	debaters: []string{
		"eck", "campeggio", "aleander", "contarini", "tetzel", "cajetan",
		"luther", "melanchthon", "bucer", "carlstadt", "bullinger", "oekolampadius",
		"tyndale", "calvin", "farel", "cop", "olivetan",
	},
}

type stack1532 struct {
	power   Power
	space   string
	units   Units
	leaders []string
}

// NewState1532 builds the 1532 scenario (or, with tournament, the
// Tournament scenario, which shares its start) before Turn 4 starts:
// Rules.Setup then starts Turn 4, whose Card Draw deals the hands.
//
// The position: the Schmalkaldic League formed (Hapsburg–Protestant and
// Papacy–Protestant at war, every Protestant home space under Protestant
// influence Protestant-controlled, the display regulars of the four
// Protestant electorates on the map, John Frederick and Philip of Hesse
// with them); Barbary Pirates played (Algiers Ottoman with Barbarossa,
// piracy and corsairs allowed); Hungary-Bohemia defeated, a Hapsburg ally
// (Ottoman–Hapsburg at war, Ottoman 2 War Winner VP, Hapsburg 1); Clement
// VII Pope; Luther excommunicated; Henry VIII asking for divorce; Zwingli
// gone, Calvin in Geneva; translations German New Testament complete,
// English 2, French 4; chateaux 2 VP; St. Peter's 1 VP; the Hapsburgs'
// Circumnavigation, Pacific Strait, Aztec conquest and colonies in Puerto
// Rico and Cuba; all three explorers' powers on Charts Available.
func NewState1532(ed Edition, seed uint64, tournament bool) *State {
	s := &State{Edition: ed, RNG: game.NewRNG(seed), Mix: defaultMix(), Turn: 3}
	s.Scenario = Scenario1532
	if tournament {
		s.Scenario = ScenarioTournament
	}
	for i := range s.Spaces {
		s.Spaces[i].Ctl = Spaces[i].ctl
	}
	for i := range s.MinorAlly {
		s.MinorAlly[i] = NoPower
	}
	s.Leaders = make([]LeaderState, len(Leaders))
	for i := range Leaders {
		s.Leaders[i] = LeaderState{Loc: OffMap, Captor: NoPower}
	}
	for id, p := range setup1532.control {
		s.Spaces[mustSpace(id)].Ctl = p
	}
	for _, st := range setup1532.stacks {
		sp := mustSpace(st.space)
		u := &s.Spaces[sp].Units[st.power]
		u.Reg += st.units.Reg
		u.Merc += st.units.Merc
		u.Cav += st.units.Cav
		u.Sq += st.units.Sq
		u.Cor += st.units.Cor
		for _, id := range st.leaders {
			l, err := LeaderByID(id)
			if err != nil {
				panic(err)
			}
			s.Leaders[l].Loc = int(sp)
		}
	}
	for _, id := range setup1532.protestant {
		s.Spaces[mustSpace(id)].Prot = true
	}
	// The League (§21.6): Protestant home spaces under Protestant influence
	// are Protestant-controlled; the Catholic electorates keep their
	// display regulars (Cologne, Trier).
	s.League = true
	for _, sp := range homeSpacesOf[Protestant] {
		if s.Spaces[sp].Prot {
			s.Spaces[sp].Ctl = Protestant
		}
	}
	for sp, n := range setup.Display {
		if !s.Spaces[sp].Prot {
			s.Display[sp] = uint8(n)
		}
	}
	for _, w := range setup1532.wars {
		s.setWar(w[0], w[1], true)
	}
	// Hungary-Bohemia defeated (§22.5): the Hapsburgs' ally for good.
	s.HungaryDefeated = true
	s.MinorAlly[Hungary-firstMinor] = Hapsburg
	s.Powers[Ottoman].WarVP = 2
	s.Powers[Hapsburg].WarVP = 1
	s.Barbary = true
	for p := Power(0); p < NumMajors; p++ {
		for i, r := range Rulers {
			if r.Power == p && r.Start {
				s.Powers[p].Ruler = i
			}
		}
	}
	for i, r := range Rulers {
		if r.Card == 10 {
			s.Powers[Papacy].Ruler = i // Clement VII
		}
	}
	s.Debaters = make([]DebaterStatus, len(Debaters))
	for _, id := range setup1532.debaters {
		d, err := DebaterByID(id)
		if err != nil {
			panic(err)
		}
		s.Debaters[d] = DebUncommitted
	}
	s.Debaters[dZwingli] = DebRemoved
	s.Reformer[spWittenberg] = true
	s.Reformer[spGeneva] = true
	for i, r := range reformers {
		if *r.debater == dLuther {
			s.ExReformers |= 1 << i // Luther counts as already excommunicated
		}
	}
	s.Marital = 1 // Ask for Divorce
	s.NewTestament = [3]uint8{ntBoxes, 4, 2}
	s.Chateaux = 2
	s.StPeterVP = 1
	s.NW = newWorld1532()
	// The deck: the cards of Turns 1–3 still in play; Rules.Setup's Turn 4
	// Card Draw adds Turn 4's.
	for i, c := range Cards {
		out := c.No1532 || (ed == Ed2010 && c.Ed500)
		for _, n := range setup1532.gone {
			out = out || c.Number == n
		}
		switch {
		case c.Diplo || c.When != "":
		case out:
			if c.Enters >= 1 && c.Enters <= 4 {
				s.Gone = append(s.Gone, uint8(i))
			}
		case c.Type != HomeCard && c.Enters >= 1 && c.Enters <= 3:
			s.Deck = append(s.Deck, uint8(i))
		}
	}
	return s
}

// newWorld1532 is the New World of 1532: the Hapsburgs hold the Pacific
// Strait and Circumnavigation (Magellan on them), the Aztec conquest
// (Cortez) and colonies in Puerto Rico and Cuba; León and Narváez, the
// conquistador Córdova and France's Verrazano are gone; the three powers'
// cards show Charts Available.
func newWorld1532() NewWorld {
	var nw NewWorld
	ex := func(id string) int {
		for i, e := range Explorers {
			if e.ID == id {
				return i
			}
		}
		panic("his: no explorer " + id)
	}
	cq := func(id string) int {
		for i, e := range Conquistadors {
			if e.ID == id {
				return i
			}
		}
		panic("his: no conquistador " + id)
	}
	mag := ex("magellan")
	nw.Explorers[mag] = VPlaced
	nw.Discoveries[PacificStrait] = Claim{Claimed: true, Power: Hapsburg, By: int8(mag)}
	nw.Discoveries[Circumnavigation] = Claim{Claimed: true, Power: Hapsburg, By: int8(mag)}
	for _, id := range []string{"leon", "narvaez", "verrazano"} {
		nw.Explorers[ex(id)] = VLost
	}
	nw.Conquistadors[cq("cordova")] = VLost
	cz := cq("cortez")
	nw.Conquistadors[cz] = VPlaced
	nw.Conquests[Aztec] = Claim{Claimed: true, Power: Hapsburg, By: int8(cz)}
	for i, b := range colonyBoxes {
		if b.ID == "puerto_rico" || b.ID == "cuba" {
			nw.Colonies[i] = boxColony
		}
	}
	for _, p := range nwPowers {
		nw.Charted[p] = true
	}
	return nw
}

// newScenario builds the opening position of a scenario before its first
// turn starts.
func newScenario(scenario string, ed Edition, seed uint64) (*State, error) {
	switch scenario {
	case "", Scenario1517:
		return NewState1517(ed, seed), nil
	case Scenario1532:
		return NewState1532(ed, seed, false), nil
	case ScenarioTournament:
		return NewState1532(ed, seed, true), nil
	}
	return nil, fmt.Errorf("his: unknown scenario %q (want 1517, 1532 or tournament)", scenario)
}
