package his

import (
	"encoding/json"
	"fmt"
	"sort"

	"concordat/game"
)

// The New World (RULES.md §20). England, France and the Hapsburgs pay for
// voyages in the Action Phase (Explore, Colonize, Conquer, each once per
// turn); the voyages cross the Atlantic until the New World Phase after
// Winter, which resolves the explorations, then the conquests, then places
// the colonies. In the next Card Draw Phase every colony and conquest rolls
// on the New World Riches Table. Discoveries and conquests are worth VP
// (§23.2, bonus VP), counted by NewWorldVP.
//
// The persistent state is State.NW (fixed arrays, so a Clone copies it); the
// phase in progress is State.NWPhase. Every field's zero value means "none"
// (unclaimed, empty, in the pool), so a state decoded from a snapshot taken
// before the New World existed reads as an empty New World.

// VoyagerInfo is an explorer or a conquistador (data/leaders.json).
type VoyagerInfo struct {
	ID    string
	Name  string
	Power Power
	Value int
	// Cabot marks the Sebastian Cabot explorers: used only by that event
	// (CARDS.md #99), never drawn from the pool.
	Cabot bool
}

// NumExplorers and NumConquistadors are the voyager counters in the data.
const (
	NumExplorers     = 15
	NumConquistadors = 5
)

// Explorers and Conquistadors are the voyager counters, in data order.
var Explorers, Conquistadors []VoyagerInfo

func init() {
	var f struct {
		Explorers, Conquistadors []struct {
			ID, Name, Power string
			Value           int
			Cabot           bool
		}
	}
	if err := json.Unmarshal(rawData, &f); err != nil {
		panic("his: embedded data: " + err.Error())
	}
	conv := func(kind string, in []struct {
		ID, Name, Power string
		Value           int
		Cabot           bool
	}, n int) []VoyagerInfo {
		if len(in) != n {
			panic(fmt.Sprintf("his: embedded data: %d %s, want %d", len(in), kind, n))
		}
		out := make([]VoyagerInfo, len(in))
		for i, v := range in {
			p, err := ParsePower(v.Power)
			if err != nil {
				panic("his: embedded data: " + kind + " " + v.ID + ": " + err.Error())
			}
			out[i] = VoyagerInfo{ID: v.ID, Name: v.Name, Power: p, Value: v.Value, Cabot: v.Cabot}
		}
		return out
	}
	Explorers = conv("explorers", f.Explorers, NumExplorers)
	Conquistadors = conv("conquistadors", f.Conquistadors, NumConquistadors)
	for i, e := range Explorers {
		if e.Cabot {
			cabotOf[e.Power] = i
		}
	}
}

// cabotOf is each power's Cabot explorer.
var cabotOf [NumMajors]int

// nwPowers are the New World powers in the order the rules resolve
// conquests and colonies (§20.3 step 2: Hapsburg, England, France).
var nwPowers = [3]Power{Hapsburg, England, France}

// Discovery indexes the discoveries of §20.2.
type Discovery uint8

// The discoveries; the first three are the 1-VP results 7, 8, 9 of the
// Exploration Table.
const (
	StLawrence Discovery = iota
	GreatLakes
	Mississippi
	Amazon
	PacificStrait
	Circumnavigation
	NumDiscoveries
)

// discoveries: id, name and VP of each discovery (RULES.md §20.2; X2:
// Circumnavigation 3 VP).
var discoveries = [NumDiscoveries]struct {
	ID, Name string
	VP       int
}{
	{"st_lawrence", "St. Lawrence River", 1},
	{"great_lakes", "Great Lakes", 1},
	{"mississippi", "Mississippi River", 1},
	{"amazon", "Amazon River", 2},
	{"pacific_strait", "Pacific Strait", 1},
	{"circumnavigation", "Circumnavigation", 3},
}

// Conquest indexes the conquests of §20.3.
type Conquest uint8

// The conquests, in the order of the Conquest Table (9, 10, 11+).
const (
	Maya Conquest = iota
	Aztec
	Inca
	NumConquests
)

// conquests: id, name and VP of each conquest (RULES.md §20.2 note).
var conquests = [NumConquests]struct {
	ID, Name string
	VP       int
}{{"maya", "Maya", 1}, {"aztec", "Aztec", 2}, {"inca", "Inca", 2}}

// colonyBoxes are the colony boxes of the New World display (§20.1: at a
// time England 2, France 2, Hapsburg 3).
var colonyBoxes = [...]struct {
	ID, Name string
	Power    Power
}{
	{"cuba", "Cuba", Hapsburg}, {"hispaniola", "Hispaniola", Hapsburg}, {"puerto_rico", "Puerto Rico", Hapsburg},
	{"jamestown", "Jamestown", England}, {"roanoke", "Roanoke", England},
	{"charlesbourg", "Charlesbourg", France}, {"montreal", "Montreal", France},
}

// NumColonyBoxes is the number of colony boxes.
const NumColonyBoxes = len(colonyBoxes)

// The contents of a colony box.
const (
	boxEmpty  uint8 = iota
	boxColony       // a colony marker
	boxPotosi       // the Potosi Silver Mines colony (CARDS.md #54)
)

// VoyagerStatus is where an explorer or conquistador is.
type VoyagerStatus uint8

// The voyager states.
const (
	VPool   VoyagerStatus = iota // available (drawn at random for a voyage)
	VPlaced                      // on a discovery or conquest for the rest of the game
	VLost                        // removed from the game
)

// Claim is a discovery or conquest marker: claimed by Power when Claimed;
// By is the explorer or conquistador placed on it (-1: an English or French
// conquest marker). Spent marks a conquest depleted or eliminated on the
// Riches Table: its VP marker is in the Bonus VP box and it rolls no more.
type Claim struct {
	Claimed bool  `json:"claimed,omitempty"`
	Power   Power `json:"power,omitempty"`
	By      int8  `json:"by,omitempty"`
	Spent   bool  `json:"spent,omitempty"`
}

// Voyage is a voyage crossing the Atlantic; Bonus is the +2 of Mercator's
// Map (exploration) or Smallpox (conquest).
type Voyage struct {
	On    bool `json:"on,omitempty"`
	Bonus bool `json:"bonus,omitempty"`
}

// Once-per-turn bits of NewWorld.Used (§11.1).
const (
	usedExplore uint8 = 1 << iota
	usedColonize
	usedConquer
)

// NewWorld is the New World display and the voyages under way.
type NewWorld struct {
	Explorers     [NumExplorers]VoyagerStatus     `json:"explorers"`
	Conquistadors [NumConquistadors]VoyagerStatus `json:"conquistadors"`
	// MarkersLost counts England's and France's conquest markers (two each)
	// that are no longer available: on a conquest or killed by natives.
	MarkersLost  [NumMajors]uint8      `json:"conquest_markers_lost"`
	Discoveries  [NumDiscoveries]Claim `json:"discoveries"`
	Conquests    [NumConquests]Claim   `json:"conquests"`
	Colonies     [NumColonyBoxes]uint8 `json:"colonies"`      // boxEmpty, boxColony, boxPotosi
	ColoniesLost [NumMajors]uint8      `json:"colonies_lost"` // colony markers removed from the game (Potosi)
	Explore      [NumMajors]Voyage     `json:"explore"`       // Exploration Underway
	Cabot        [NumMajors]bool       `json:"cabot"`         // Sebastian Cabot's voyage underway
	Conquer      [NumMajors]Voyage     `json:"conquer"`       // Conquest (Underway)
	Colonize     [NumMajors]uint8      `json:"colonize"`      // colony markers crossing
	Charted      [NumMajors]bool       `json:"charted"`       // "Charts Available" side
	Used         [NumMajors]uint8      `json:"used"`          // once-per-turn actions taken
	Galleons     [NumMajors]bool       `json:"galleons"`
	Plantations  [NumMajors]bool       `json:"plantations"`
	Governor     [NumMajors]bool       `json:"governor"` // Colonial Governor side of #111's marker
	Uprising     [NumMajors]bool       `json:"uprising"` // Native Uprising side of #111's marker
	Raiders      [NumMajors]bool       `json:"raiders"`  // Huguenot Raiders (France, England, Protestant)
}

// NWPhase is the New World Phase in progress (§7 phase 8): the voyages of
// exploration in the order they resolve, the next one, and the modified
// roll of a voyage whose power is choosing its discovery (10+).
type NWPhase struct {
	Voyages []NWVoyage `json:"voyages"`
	Next    int        `json:"next"`
	Roll    int        `json:"roll,omitempty"`
}

// NWVoyage is one voyage of exploration being resolved: its power, the
// explorer drawn for it, and whether Mercator's Map launched it or it is
// Sebastian Cabot's.
type NWVoyage struct {
	Power    Power `json:"power"`
	Explorer int   `json:"explorer"`
	Mercator bool  `json:"mercator,omitempty"`
	Cabot    bool  `json:"cabot,omitempty"`
}

func (ph *NWPhase) clone() *NWPhase {
	c := *ph
	c.Voyages = append([]NWVoyage(nil), ph.Voyages...)
	return &c
}

// kNWDiscovery: an exploration rolled 10 or more and its power chooses
// (§20.2 table).
const kNWDiscovery = "nw.discovery"

// newWorld1517 is the New World at the start of the 1517 scenario (§24.1):
// the Hapsburg Exploration Underway (Uncharted side) and Conquest Underway
// markers are in Crossing Atlantic, and count as the Hapsburgs' Turn 1
// exploration and conquest.
func newWorld1517() NewWorld {
	var nw NewWorld
	nw.Explore[Hapsburg].On = true
	nw.Conquer[Hapsburg].On = true
	nw.Used[Hapsburg] = usedExplore | usedConquer
	return nw
}

func isNWPower(p Power) bool { return p == Hapsburg || p == England || p == France }

// explorerPool lists p's explorers available for a voyage (not Cabot).
func (s *State) explorerPool(p Power) []int {
	var out []int
	for i, e := range Explorers {
		if e.Power == p && !e.Cabot && s.NW.Explorers[i] == VPool {
			out = append(out, i)
		}
	}
	return out
}

// conquistadorPool lists the Hapsburg conquistadors available.
func (s *State) conquistadorPool() []int {
	var out []int
	for i := range Conquistadors {
		if s.NW.Conquistadors[i] == VPool {
			out = append(out, i)
		}
	}
	return out
}

// canExplore reports whether p may launch a voyage of exploration now
// (§20.2): once per turn, with an explorer left in its pool.
func (s *State) canExplore(p Power) bool {
	if !isNWPower(p) || s.NW.Used[p]&usedExplore != 0 || s.NW.Explore[p].On {
		return false
	}
	for i, e := range Explorers {
		if e.Power == p && !e.Cabot && s.NW.Explorers[i] == VPool {
			return true
		}
	}
	return false
}

// canConquer reports whether p may launch a voyage of conquest now (§20.3):
// once per turn, with a conquistador (Hapsburg) or a conquest marker
// (England, France: two each) left.
func (s *State) canConquer(p Power) bool {
	if !isNWPower(p) || s.NW.Used[p]&usedConquer != 0 || s.NW.Conquer[p].On {
		return false
	}
	if p == Hapsburg {
		for _, st := range s.NW.Conquistadors {
			if st == VPool {
				return true
			}
		}
		return false
	}
	return s.NW.MarkersLost[p] < 2
}

// colonyRoom is how many more colonies p may found: the fewer of its
// unused colony markers and its empty colony boxes (§20.1; Potosi takes a
// box and removes a marker, CARDS.md #54).
func (s *State) colonyRoom(p Power) int {
	boxes, colonies, full := 0, 0, 0
	for i, b := range colonyBoxes {
		if b.Power != p {
			continue
		}
		boxes++
		switch s.NW.Colonies[i] {
		case boxColony:
			colonies++
			full++
		case boxPotosi:
			full++
		}
	}
	crossing := int(s.NW.Colonize[p])
	markers := boxes - int(s.NW.ColoniesLost[p]) - colonies - crossing
	empty := boxes - full - crossing
	return min(markers, empty)
}

// canColonize reports whether p may found a colony now: once per turn, with
// room for it.
func (s *State) canColonize(p Power) bool {
	return isNWPower(p) && s.NW.Used[p]&usedColonize == 0 && s.colonyRoom(p) > 0
}

// colonizeCost is the CP of Colonize (§20.1).
func colonizeCost(p Power) int {
	if p == Hapsburg {
		return 2
	}
	return 3
}

// launchExploration puts p's Exploration Underway marker in Crossing
// Atlantic; it counts as p's exploration of the turn. mercator: launched by
// Mercator's Map (+2 at resolution).
func (s *State) launchExploration(p Power, mercator bool) {
	s.NW.Explore[p] = Voyage{On: true, Bonus: mercator}
	s.NW.Used[p] |= usedExplore
	side := "Charts Available"
	if !s.NW.Charted[p] {
		side = "Uncharted"
	}
	s.emit("newworld", fmt.Sprintf("%s launches a voyage of exploration (%s)", p, side))
}

// launchCabot launches Sebastian Cabot's voyage for p (CARDS.md #99): it
// does not count against the once-per-turn limit.
func (s *State) launchCabot(p Power) {
	s.NW.Cabot[p] = true
	s.emit("newworld", fmt.Sprintf("%s sends Sebastian Cabot across the Atlantic", p))
}

// launchConquest puts p's conquest marker in Crossing Atlantic; it counts
// as p's conquest of the turn. smallpox: launched by Smallpox (+2).
func (s *State) launchConquest(p Power, smallpox bool) {
	s.NW.Conquer[p] = Voyage{On: true, Bonus: smallpox}
	s.NW.Used[p] |= usedConquer
	s.emit("newworld", fmt.Sprintf("%s launches a voyage of conquest", p))
}

// launchColony puts one of p's colony markers in Crossing Atlantic.
func (s *State) launchColony(p Power) {
	s.NW.Colonize[p]++
	s.NW.Used[p] |= usedColonize
	s.emit("newworld", fmt.Sprintf("%s sends colonists across the Atlantic", p))
}

// canPotosi reports whether the Potosi Silver Mines colony may be given to
// p (CARDS.md #54): an empty colony box and an unused colony marker.
func (s *State) canPotosi(p Power) bool {
	if !isNWPower(p) || s.colonyRoom(p) <= 0 {
		return false
	}
	for _, c := range s.NW.Colonies {
		if c == boxPotosi {
			return false
		}
	}
	return true
}

// placePotosi puts the Potosi colony in p's first empty colony box and
// removes one of p's unused colony markers from the game (CARDS.md #54;
// not a Colonize action).
func (s *State) placePotosi(p Power) {
	for i, b := range colonyBoxes {
		if b.Power == p && s.NW.Colonies[i] == boxEmpty {
			s.NW.Colonies[i] = boxPotosi
			s.NW.ColoniesLost[p]++
			s.emit("newworld", fmt.Sprintf("%s founds the Potosi Silver Mines in %s", p, b.Name))
			return
		}
	}
}

// The three New World actions (§11.1, §20): each once per turn per power,
// England, France and the Hapsburgs only.
func init() {
	registerAction(&actionDef{
		id: "explore", label: "explore the New World (2 CP)", order: 700,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 2 || !s.canExplore(p) {
				return nil
			}
			return leafChoice
		},
		cost: fixedCost(2),
		do:   func(s *State, p Power, _ []string) { s.launchExploration(p, false) },
	})
	registerAction(&actionDef{
		id: "colonize", label: "found a colony (Hapsburg 2 CP, England and France 3 CP)", order: 710,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if !isNWPower(p) || cp < colonizeCost(p) || !s.canColonize(p) {
				return nil
			}
			return leafChoice
		},
		cost: func(_ *State, p Power, _ []string) int { return colonizeCost(p) },
		do:   func(s *State, p Power, _ []string) { s.launchColony(p) },
	})
	registerAction(&actionDef{
		id: "conquer", label: "conquer in the New World (4 CP)", order: 720,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if cp < 4 || !s.canConquer(p) {
				return nil
			}
			return leafChoice
		},
		cost: fixedCost(4),
		do:   func(s *State, p Power, _ []string) { s.launchConquest(p, false) },
	})
	registerDecision(kNWDiscovery, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("New World: your explorer rolled %d: choose a discovery", s.NWPhase.Roll)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.discoveryChoices() },
		resolve: func(s *State, d Decision, path []string) {
			s.resolveDiscoveryChoice(path[0])
			s.NWPhase.Next++
		},
	})
}

// startNewWorld begins the New World Phase (§7 phase 8, §20.2 steps 1–2):
// an explorer is drawn at random for each voyage of exploration, and the
// voyages are ordered by explorer value, highest first, ties England,
// France, Hapsburg.
func (s *State) startNewWorld() {
	s.emit("phase", fmt.Sprintf("turn %d: New World", s.Turn))
	ph := &NWPhase{}
	for _, p := range []Power{England, France, Hapsburg} {
		if v := s.NW.Explore[p]; v.On {
			s.NW.Explore[p] = Voyage{}
			if pool := s.explorerPool(p); len(pool) > 0 {
				e := pool[s.RNG.Intn(len(pool))]
				ph.Voyages = append(ph.Voyages, NWVoyage{Power: p, Explorer: e, Mercator: v.Bonus})
			} else {
				s.emit("newworld", fmt.Sprintf("%s has no explorer left: its voyage returns", p))
			}
		}
		if s.NW.Cabot[p] {
			s.NW.Cabot[p] = false
			if e := cabotOf[p]; s.NW.Explorers[e] == VPool {
				ph.Voyages = append(ph.Voyages, NWVoyage{Power: p, Explorer: e, Cabot: true})
			}
		}
	}
	sort.SliceStable(ph.Voyages, func(i, j int) bool {
		return Explorers[ph.Voyages[i].Explorer].Value > Explorers[ph.Voyages[j].Explorer].Value
	})
	s.NWPhase = ph
}

// stepNewWorld resolves the explorations one at a time (stopping when a
// power must choose its discovery), then the conquests and the colonies,
// and ends the phase.
func (s *State) stepNewWorld() {
	ph := s.NWPhase
	for ph.Next < len(ph.Voyages) {
		if s.explore(ph) {
			return
		}
		ph.Next++
	}
	for _, p := range nwPowers {
		s.conquer(p)
	}
	for _, p := range nwPowers {
		s.placeColonies(p)
	}
	s.NW.Used = [NumMajors]uint8{}
	s.NWPhase = nil
}

func (s *State) roll2d6() (int, int) { return s.Die(), s.Die() }

// explore resolves the next voyage of exploration (§20.2 steps 3–4). It
// reports whether it asked the power to choose a discovery.
func (s *State) explore(ph *NWPhase) bool {
	v := ph.Voyages[ph.Next]
	e := &Explorers[v.Explorer]
	mod := e.Value
	if v.Mercator {
		mod += 2
	}
	if !v.Cabot && !s.NW.Charted[v.Power] {
		mod--
	}
	d1, d2 := s.roll2d6()
	roll := d1 + d2 + mod
	if !v.Cabot {
		s.NW.Charted[v.Power] = true
	}
	s.emit("newworld", fmt.Sprintf("%s's explorer %s (%+d) rolls %d+%d: %d", v.Power, e.Name, mod, d1, d2, roll))
	switch {
	case roll <= 4:
		s.NW.Explorers[v.Explorer] = VLost
		s.emit("newworld", e.Name+" is lost at sea")
		s.cabotDied(v)
	case roll <= 6:
		s.emit("newworld", e.Name+" makes no discovery")
	case roll <= 9:
		s.discoverBelow(v, Discovery(roll-7))
	default:
		if len(s.discoveryChoicesFor(v.Power)) == 0 {
			s.emit("newworld", e.Name+" finds nothing left to discover")
			break
		}
		ph.Roll = roll
		s.push(kNWDiscovery, v.Power)
		return true
	}
	s.endVoyage(v)
	return false
}

// discoverBelow claims discovery d for the voyage, or the next unclaimed
// 1-VP discovery below it; with none, the explorer returns to the pool
// (ruling X1).
func (s *State) discoverBelow(v NWVoyage, d Discovery) {
	for i := int(d); i >= int(StLawrence); i-- {
		if !s.NW.Discoveries[i].Claimed {
			s.claimDiscovery(v, Discovery(i))
			return
		}
	}
	s.emit("newworld", Explorers[v.Explorer].Name+" finds nothing left to discover")
}

// claimDiscovery gives d's VP marker to the voyage's power and places the
// explorer on it.
func (s *State) claimDiscovery(v NWVoyage, d Discovery) {
	s.NW.Discoveries[d] = Claim{Claimed: true, Power: v.Power, By: int8(v.Explorer)}
	s.NW.Explorers[v.Explorer] = VPlaced
	s.emit("newworld", fmt.Sprintf("%s discovers the %s for %s (%d VP)", Explorers[v.Explorer].Name, discoveries[d].Name, v.Power, discoveries[d].VP))
}

// discoveryChoicesFor lists what a 10+ exploration of p may take (§20.2):
// the Amazon, any unclaimed 1-VP discovery, and the Pacific Strait with a
// circumnavigation attempt while either is unclaimed.
func (s *State) discoveryChoicesFor(p Power) []game.Choice {
	var out []game.Choice
	d := &s.NW.Discoveries
	if !d[Amazon].Claimed {
		out = append(out, game.Choice{Label: "Amazon River (2 VP)", Value: discoveries[Amazon].ID})
	}
	for i := StLawrence; i <= Mississippi; i++ {
		if !d[i].Claimed {
			out = append(out, game.Choice{Label: discoveries[i].Name + " (1 VP)", Value: discoveries[i].ID})
		}
	}
	switch {
	case !d[PacificStrait].Claimed && !d[Circumnavigation].Claimed:
		out = append(out, game.Choice{Label: "Pacific Strait (1 VP), then attempt the circumnavigation (3 VP)", Value: discoveries[PacificStrait].ID})
	case !d[PacificStrait].Claimed:
		out = append(out, game.Choice{Label: "Pacific Strait (1 VP; the circumnavigation is done)", Value: discoveries[PacificStrait].ID})
	case !d[Circumnavigation].Claimed:
		out = append(out, game.Choice{Label: "attempt the circumnavigation (3 VP)", Value: discoveries[Circumnavigation].ID})
	}
	return out
}

func (s *State) discoveryChoices() []game.Choice {
	ph := s.NWPhase
	return s.discoveryChoicesFor(ph.Voyages[ph.Next].Power)
}

// resolveDiscoveryChoice carries out the choice of a 10+ exploration.
func (s *State) resolveDiscoveryChoice(id string) {
	ph := s.NWPhase
	v := ph.Voyages[ph.Next]
	ph.Roll = 0
	var d Discovery
	for i := range discoveries {
		if discoveries[i].ID == id {
			d = Discovery(i)
		}
	}
	if d != PacificStrait && d != Circumnavigation {
		s.claimDiscovery(v, d)
		s.endVoyage(v)
		return
	}
	onStrait := false
	if !s.NW.Discoveries[PacificStrait].Claimed {
		s.claimDiscovery(v, PacificStrait)
		onStrait = true
	}
	if !s.NW.Discoveries[Circumnavigation].Claimed {
		s.circumnavigate(v, onStrait)
	}
	s.endVoyage(v)
}

// circumnavigate rolls on the Circumnavigation Table (§20.2): 2d6 +
// explorer value (+2 Mercator's Map; never the Uncharted -1). 9 or less:
// the explorer is removed (he stays on the Pacific Strait if he claimed
// it); 10–11: Circumnavigation (3 VP); 12+: also draw 1 card.
func (s *State) circumnavigate(v NWVoyage, onStrait bool) {
	e := &Explorers[v.Explorer]
	mod := e.Value
	if v.Mercator {
		mod += 2
	}
	d1, d2 := s.roll2d6()
	roll := d1 + d2 + mod
	s.emit("newworld", fmt.Sprintf("%s attempts the circumnavigation (%+d): %d+%d: %d", e.Name, mod, d1, d2, roll))
	if roll <= 9 {
		if !onStrait {
			s.NW.Explorers[v.Explorer] = VLost
		}
		s.emit("newworld", e.Name+" fails and is lost")
		s.cabotDied(v)
		return
	}
	s.NW.Discoveries[Circumnavigation] = Claim{Claimed: true, Power: v.Power, By: int8(v.Explorer)}
	s.NW.Explorers[v.Explorer] = VPlaced
	s.emit("newworld", fmt.Sprintf("%s circumnavigates the globe for %s (3 VP)", e.Name, v.Power))
	if roll >= 12 {
		s.drawFromDeck(v.Power)
	}
}

// endVoyage finishes a voyage: Sebastian Cabot's counter leaves the game
// whatever the result (CARDS.md #99 step 3).
func (s *State) endVoyage(v NWVoyage) {
	if v.Cabot && s.NW.Explorers[v.Explorer] == VPool {
		s.NW.Explorers[v.Explorer] = VLost
	}
}

// cabotDied: when Sebastian Cabot dies on his voyage the card leaves the
// game (CARDS.md #99 step 4).
func (s *State) cabotDied(v NWVoyage) {
	if !v.Cabot {
		return
	}
	c := mustCard(99)
	n := len(s.Discard)
	if s.Discard = withoutCard(s.Discard, c); len(s.Discard) < n {
		s.Gone = append(s.Gone, uint8(c))
	}
}

// conquer resolves p's voyage of conquest (§20.3): a random conquistador
// for the Hapsburgs (value), England's and France's markers value 0; 2d6 +
// value (+2 Smallpox). 6 or less: killed by natives (removed from the
// game); 7–8: no conquest; 9 Maya, 10 Aztec, 11+ Inca, or the next
// unclaimed one below (none: no conquest, ruling X1). The conquistador or
// marker stays on the conquest.
func (s *State) conquer(p Power) {
	v := s.NW.Conquer[p]
	if !v.On {
		return
	}
	s.NW.Conquer[p] = Voyage{}
	by, val, name := -1, 0, p.String()+"'s conquest marker"
	if p == Hapsburg {
		pool := s.conquistadorPool()
		if len(pool) == 0 {
			s.emit("newworld", "the Hapsburgs have no conquistador left: their voyage returns")
			return
		}
		by = pool[s.RNG.Intn(len(pool))]
		val, name = Conquistadors[by].Value, Conquistadors[by].Name
	} else if s.NW.MarkersLost[p] >= 2 {
		return
	}
	mod := val
	if v.Bonus {
		mod += 2
	}
	d1, d2 := s.roll2d6()
	roll := d1 + d2 + mod
	s.emit("newworld", fmt.Sprintf("%s (%+d) rolls %d+%d: %d", name, mod, d1, d2, roll))
	lose := func() {
		if by >= 0 {
			s.NW.Conquistadors[by] = VLost
		} else {
			s.NW.MarkersLost[p]++
		}
	}
	if roll <= 6 {
		lose()
		s.emit("newworld", name+" is killed by natives")
		return
	}
	k := -1
	if roll >= 9 {
		for i := min(roll-9, int(Inca)); i >= int(Maya); i-- {
			if !s.NW.Conquests[i].Claimed {
				k = i
				break
			}
		}
	}
	if k < 0 {
		s.emit("newworld", name+" makes no conquest")
		return
	}
	s.NW.Conquests[k] = Claim{Claimed: true, Power: p, By: int8(by)}
	if by >= 0 {
		s.NW.Conquistadors[by] = VPlaced
	} else {
		s.NW.MarkersLost[p]++
	}
	s.emit("newworld", fmt.Sprintf("%s conquers the %s for %s (%d VP)", name, conquests[k].Name, p, conquests[k].VP))
}

// placeColonies moves p's colony markers from Crossing Atlantic into its
// empty colony boxes (§20.1; no roll, ruling X5).
func (s *State) placeColonies(p Power) {
	for ; s.NW.Colonize[p] > 0; s.NW.Colonize[p]-- {
		for i, b := range colonyBoxes {
			if b.Power == p && s.NW.Colonies[i] == boxEmpty {
				s.NW.Colonies[i] = boxColony
				s.emit("newworld", fmt.Sprintf("%s founds the colony of %s", p, b.Name))
				break
			}
		}
	}
}

// Results of the New World Riches Table.
type richesResult uint8

const (
	rNE richesResult = iota
	rElim
	rDeplete
	rGalleon
	rCard
)

var richesNames = [...]string{"no effect", "eliminated", "depleted", "galleon", "card"}

// richesTable is the New World Riches Table (RULES.md §20.4; ruling X3: Maya
// on 6 depletes, the Potosi column is the colony column shifted by one),
// indexed by column (colony, Potosi, Maya, Aztec, Inca) and 2d6 (2–12).
var richesTable = func() [5][13]richesResult {
	const E, N, G, C, D = rElim, rNE, rGalleon, rCard, rDeplete
	return [5][13]richesResult{
		{0, 0, E, E, E, N, N, N, G, C, C, C, C}, // colony
		{0, 0, E, E, N, N, N, G, C, C, C, C, C}, // Potosi
		{0, 0, D, D, D, D, D, G, C, C, C, C, C}, // Maya
		{0, 0, D, D, D, D, N, G, C, C, C, C, C}, // Aztec
		{0, 0, D, D, D, D, C, G, C, C, C, C, C}, // Inca
	}
}()

const (
	colColony = iota
	colPotosi
	colMaya // + Conquest
)

// newWorldRiches is the New World riches step of the Card Draw Phase
// (§8.2 step 6, §20.4): each colony (+1 with Plantations) and each conquest
// not yet spent rolls 2d6, the Hapsburgs first, then England and France;
// cards come from the top of the freshly shuffled deck (ruling X6). A
// Colonial Governor turns No Effect into Card, a Native Uprising into
// Elim; a marker so used leaves at the end of the step.
func (s *State) newWorldRiches() {
	var used [NumMajors]bool
	for _, p := range nwPowers {
		for i, b := range colonyBoxes {
			if b.Power != p || s.NW.Colonies[i] == boxEmpty {
				continue
			}
			col, name := colColony, "the colony of "+b.Name
			if s.NW.Colonies[i] == boxPotosi {
				col, name = colPotosi, "the Potosi Silver Mines"
			}
			d1, d2 := s.roll2d6()
			roll := d1 + d2
			if s.NW.Plantations[p] {
				roll++
			}
			r := s.richesResult(p, col, roll, &used)
			s.emit("newworld", fmt.Sprintf("riches: %s's %s rolls %d: %s", p, name, roll, richesNames[r]))
			switch r {
			case rElim:
				s.NW.Colonies[i] = boxEmpty
			case rCard:
				s.richesCard(p)
			case rGalleon:
				if s.NW.Galleons[p] {
					s.richesCard(p)
				}
			}
		}
		for k := Maya; k < NumConquests; k++ {
			c := &s.NW.Conquests[k]
			if !c.Claimed || c.Power != p || c.Spent {
				continue
			}
			d1, d2 := s.roll2d6()
			r := s.richesResult(p, colMaya+int(k), d1+d2, &used)
			s.emit("newworld", fmt.Sprintf("riches: %s's %s conquest rolls %d: %s", p, conquests[k].Name, d1+d2, richesNames[r]))
			switch r {
			case rElim:
				c.Spent = true
			case rDeplete:
				c.Spent = true
				s.richesCard(p)
			case rCard:
				s.richesCard(p)
			case rGalleon:
				if s.NW.Galleons[p] {
					s.richesCard(p)
				}
			}
		}
	}
	for p := range used {
		if used[p] {
			s.NW.Governor[p], s.NW.Uprising[p] = false, false
		}
	}
}

// richesResult reads the table, applying p's Colonial Governor or Native
// Uprising to a No Effect (recorded in used).
func (s *State) richesResult(p Power, col, roll int, used *[NumMajors]bool) richesResult {
	r := richesTable[col][min(roll, 12)]
	if r == rNE {
		switch {
		case s.NW.Governor[p]:
			used[p] = true
			return rCard
		case s.NW.Uprising[p]:
			used[p] = true
			return rElim
		}
	}
	return r
}

// raiderOrder is the order Huguenot Raiders roll (§20.4).
var raiderOrder = [3]Power{France, England, Protestant}

// richesCard gives p the top card of the deck. A card the Hapsburgs gain
// faces each Huguenot Raider in turn (France, England, Protestant), each
// rolling a die until it is stolen (§20.4): 1 the Raider is eliminated; 2
// eliminated if the Hapsburgs have Galleons; 3–4 no effect; 5 stolen and
// the Raider eliminated; 6 stolen, the Raider stays.
func (s *State) richesCard(p Power) {
	if len(s.Deck) == 0 {
		s.emit("newworld", "the deck is empty: no card")
		return
	}
	if p == Hapsburg {
		for _, q := range raiderOrder {
			if !s.NW.Raiders[q] {
				continue
			}
			d := s.Die()
			s.emit("newworld", fmt.Sprintf("%s's Huguenot Raider rolls %d", q, d))
			switch {
			case d == 1, d == 2 && s.NW.Galleons[Hapsburg]:
				s.NW.Raiders[q] = false
				s.emit("newworld", q.String()+"'s Raider is eliminated")
			case d >= 5:
				if d == 5 {
					s.NW.Raiders[q] = false
				}
				s.emit("newworld", q.String()+"'s Raider steals the Hapsburg card")
				s.drawFromDeck(q)
				return
			}
		}
	}
	s.drawFromDeck(p)
}

// NewWorldVP is p's VP from the New World (§23.2 bonus VP): its
// discoveries, the circumnavigation and its conquests (counted at once,
// depleted or not).
func (s *State) NewWorldVP(p Power) int {
	vp := 0
	for d, c := range s.NW.Discoveries {
		if c.Claimed && c.Power == p {
			vp += discoveries[d].VP
		}
	}
	for k, c := range s.NW.Conquests {
		if c.Claimed && c.Power == p {
			vp += conquests[k].VP
		}
	}
	return vp
}

// NewWorldView is the New World as a view shows it (everything is public).
type NewWorldView struct {
	// Colonies: occupied colony boxes, "<power> colony" or "<power> potosi".
	Colonies map[string]string `json:"colonies"`
	// Discoveries and Conquests: the claimed ones, with their power, VP and
	// the explorer or conquistador on them.
	Discoveries map[string]NWClaimView `json:"discoveries"`
	Conquests   map[string]NWClaimView `json:"conquests"`
	// Crossing lists the voyages in the Crossing Atlantic box.
	Crossing []string `json:"crossing_atlantic"`
	// Explorers and Conquistadors: "pool", "placed" or "lost" for each.
	Explorers     map[string]string `json:"explorers"`
	Conquistadors map[string]string `json:"conquistadors"`
	// ConquestMarkers: England's and France's conquest markers left.
	ConquestMarkers map[string]int `json:"conquest_markers"`
	// Charted: powers whose exploration marker shows Charts Available.
	Charted     []string `json:"charts_available,omitempty"`
	Galleons    []string `json:"galleons,omitempty"`
	Plantations []string `json:"plantations,omitempty"`
	Governor    string   `json:"colonial_governor,omitempty"`
	Uprising    string   `json:"native_uprising,omitempty"`
	Raiders     []string `json:"huguenot_raiders,omitempty"`
	// Used: the New World actions each power has taken this turn.
	Used map[string][]string `json:"used_this_turn,omitempty"`
}

// NWClaimView is one claimed discovery or conquest.
type NWClaimView struct {
	Power string `json:"power"`
	VP    int    `json:"vp"`
	By    string `json:"by"`
	Spent bool   `json:"spent,omitempty"` // a conquest depleted or eliminated
}

var voyagerStatusNames = [...]string{"pool", "placed", "lost"}

func (s *State) newWorldView() *NewWorldView {
	nw := &s.NW
	v := &NewWorldView{Colonies: map[string]string{}, Discoveries: map[string]NWClaimView{}, Conquests: map[string]NWClaimView{},
		Explorers: map[string]string{}, Conquistadors: map[string]string{}, ConquestMarkers: map[string]int{}}
	for i, b := range colonyBoxes {
		switch nw.Colonies[i] {
		case boxColony:
			v.Colonies[b.ID] = b.Power.String() + " colony"
		case boxPotosi:
			v.Colonies[b.ID] = b.Power.String() + " potosi"
		}
	}
	for d, c := range nw.Discoveries {
		if c.Claimed {
			v.Discoveries[discoveries[d].ID] = NWClaimView{Power: c.Power.String(), VP: discoveries[d].VP, By: Explorers[c.By].ID}
		}
	}
	for k, c := range nw.Conquests {
		if c.Claimed {
			by := c.Power.String() + " conquest marker"
			if c.By >= 0 {
				by = Conquistadors[c.By].ID
			}
			v.Conquests[conquests[k].ID] = NWClaimView{Power: c.Power.String(), VP: conquests[k].VP, By: by, Spent: c.Spent}
		}
	}
	for _, p := range nwPowers {
		if e := nw.Explore[p]; e.On {
			txt := p.String() + " exploration"
			if e.Bonus {
				txt += " (Mercator's Map +2)"
			}
			v.Crossing = append(v.Crossing, txt)
		}
		if nw.Cabot[p] {
			v.Crossing = append(v.Crossing, p.String()+" exploration (Sebastian Cabot)")
		}
		if c := nw.Conquer[p]; c.On {
			txt := p.String() + " conquest"
			if c.Bonus {
				txt += " (Smallpox +2)"
			}
			v.Crossing = append(v.Crossing, txt)
		}
		for n := nw.Colonize[p]; n > 0; n-- {
			v.Crossing = append(v.Crossing, p.String()+" colony")
		}
		if nw.Charted[p] {
			v.Charted = append(v.Charted, p.String())
		}
		if p != Hapsburg {
			v.ConquestMarkers[p.String()] = 2 - int(nw.MarkersLost[p])
		}
		var used []string
		for i, name := range []string{"explore", "colonize", "conquer"} {
			if nw.Used[p]&(1<<i) != 0 {
				used = append(used, name)
			}
		}
		if used != nil {
			if v.Used == nil {
				v.Used = map[string][]string{}
			}
			v.Used[p.String()] = used
		}
	}
	if ph := s.NWPhase; ph != nil { // explorations of the phase not yet finished
		for _, x := range ph.Voyages[ph.Next:] {
			v.Crossing = append(v.Crossing, x.Power.String()+" exploration ("+Explorers[x.Explorer].Name+")")
		}
	}
	for i, e := range Explorers {
		v.Explorers[e.ID] = voyagerStatusNames[nw.Explorers[i]]
	}
	for i, c := range Conquistadors {
		v.Conquistadors[c.ID] = voyagerStatusNames[nw.Conquistadors[i]]
	}
	for p := Power(0); p < NumMajors; p++ {
		if nw.Galleons[p] {
			v.Galleons = append(v.Galleons, p.String())
		}
		if nw.Plantations[p] {
			v.Plantations = append(v.Plantations, p.String())
		}
		if nw.Governor[p] {
			v.Governor = p.String()
		}
		if nw.Uprising[p] {
			v.Uprising = p.String()
		}
	}
	for _, q := range raiderOrder {
		if nw.Raiders[q] {
			v.Raiders = append(v.Raiders, q.String())
		}
	}
	return v
}
