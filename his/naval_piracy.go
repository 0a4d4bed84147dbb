package his

import (
	"fmt"

	"concordat/game"
)

// Piracy (§16.4): action "piracy <sea zone> <target power>" (Ottoman, 2 CP,
// after Barbary Pirates). The target's anti-piracy dice sink corsairs; then
// each hit of the Ottoman piracy dice is an award the target chooses in a
// naval.piracy decision: "vp" (1 piracy VP), "card" (a random card of its
// hand to the Ottoman) or "squadron <location>" (one of its squadrons in or
// adjacent to the zone sunk), spread as evenly as the valid awards allow.

// Piracy is the piracy awards still owed.
type Piracy struct {
	Zone   int   `json:"zone"`
	Target Power `json:"target"`
	Left   int   `json:"left"` // hits not yet awarded
	// Used counts the awards given: vp, card, squadron.
	Used [3]int `json:"used"`
}

// The piracy awards, in Piracy.Used order.
const (
	awardVP = iota
	awardCard
	awardSquadron
)

// maxPiracyVP is the top of the Ottoman piracy track.
const maxPiracyVP = 10

func init() {
	registerAction(&actionDef{
		id: "piracy", label: "initiate piracy (2 CP)", order: 320,
		choices: func(s *State, p Power, cp int) []game.Choice {
			if p != Ottoman || !s.Barbary || cp < 2 || s.piracyCount() >= 4 {
				return nil
			}
			var out []game.Choice
			for z := range s.Seas {
				var targets []game.Choice
				for _, q := range s.piracyTargets(z) {
					targets = append(targets, game.Choice{Label: q.String(), Value: q.String()})
				}
				if len(targets) > 0 {
					out = append(out, game.Choice{Label: Seas[z].Name, Value: Seas[z].ID, Next: targets})
				}
			}
			return out
		},
		cost: fixedCost(2),
		do: func(s *State, p Power, path []string) {
			z, _ := SeaByID(path[0])
			q, _ := ParsePower(path[1])
			s.piracy(int(z), q)
		},
	})
	registerProc(310, (*State).stepPiracy)
	registerDecision(kNavPiracy, &decisionDef{
		text: func(s *State, d Decision) string {
			return fmt.Sprintf("piracy in %s: give the Ottoman a piracy VP, a random card, or one of your squadrons (%d hit(s) left)", Seas[s.Piracy.Zone].Name, s.Piracy.Left)
		},
		choices: func(s *State, d Decision) []game.Choice { return s.piracyAwardChoices() },
		resolve: func(s *State, d Decision, path []string) { s.resolvePiracyAward(path) },
	})
}

// piracyCount is the number of piracy actions this turn (one marker each).
func (s *State) piracyCount() int {
	n := 0
	for i := range s.Seas {
		if s.Seas[i].Piracy {
			n++
		}
	}
	return n
}

// piracyTargets lists the majors the Ottoman may target in zone z: the zone
// holds Ottoman corsairs and no piracy marker, and the target controls a
// port on it.
func (s *State) piracyTargets(z int) []Power {
	if s.Seas[z].Piracy || s.Seas[z].Units[Ottoman].Cor == 0 {
		return nil
	}
	var out []Power
	for q := Hapsburg; q < NumMajors; q++ {
		if s.targetPorts(z, q) > 0 {
			out = append(out, q)
		}
	}
	return out
}

// targetPorts counts the ports on zone z under q's political control
// (ruling N4).
func (s *State) targetPorts(z int, q Power) int {
	n := 0
	for _, port := range Seas[z].Ports {
		if s.ControlledBy(port, q) {
			n++
		}
	}
	return n
}

// knightsHold reports whether the Knights of St. John hold a space: Rhodes
// while it is independent, or the Hapsburg port Knights of St. John (#86)
// put them in while it is independent.
func (s *State) knightsHold(sp SpaceID) bool {
	if s.KnightsAt > 0 {
		return int(sp) == s.KnightsAt-1 && s.Spaces[sp].Ctl == Independent
	}
	return Spaces[sp].ID == "rhodes" && s.Spaces[sp].Ctl == Independent
}

// AntiPiracyDice is the target's dice against piracy in zone z (§16.4 step
// 2): 2 per target squadron in the zone; 1 per squadron of the target or of
// a power at war with the Ottoman in an adjacent port or sea zone; 1 per
// adjacent fortress (not key or electorate) held by the target, a power at
// war with the Ottoman or the Knights of St. John, not in unrest nor under
// siege.
func (s *State) AntiPiracyDice(z int, target Power) int {
	n := 2 * int(s.Seas[z].Units[target].Sq)
	for _, loc := range navAdjacent(SeaLoc + z) {
		us := s.unitsAt(loc)
		for q := Power(0); q < NumPowers; q++ {
			if q == target || s.AtWar(Ottoman, q) {
				n += int(us[q].Sq)
			}
		}
		if loc >= SeaLoc {
			continue
		}
		sp := SpaceID(loc)
		st := &s.Spaces[sp]
		if !s.isFortress(sp) || st.Unrest || st.Besiegers != 0 {
			continue
		}
		if s.ControlledBy(sp, target) || s.AtWar(Ottoman, st.Ctl) || s.knightsHold(sp) {
			n++
		}
	}
	return n
}

// PiracyDice is the Ottoman's piracy dice in zone z against target (§16.4
// step 4): 1 with a single corsair or a single target port on the zone,
// else 2, plus the best piracy rating of an Ottoman naval leader there.
func (s *State) PiracyDice(z int, target Power) int {
	n := 2
	if s.Seas[z].Units[Ottoman].Cor == 1 || s.targetPorts(z, target) == 1 {
		n = 1
	}
	best := 0
	for _, l := range s.navalLeadersAt(SeaLoc+z, []Power{Ottoman}) {
		if Leaders[l].Piracy > best {
			best = Leaders[l].Piracy
		}
	}
	return n + best
}

// piracy resolves the dice of a piracy action and leaves the awards owed in
// s.Piracy.
func (s *State) piracy(z int, target Power) {
	s.Seas[z].Piracy = true
	anti := s.AntiPiracyDice(z, target)
	h, dice := s.Hits(anti)
	cor := &s.Seas[z].Units[Ottoman].Cor
	sunk := min(h, int(*cor))
	*cor -= uint8(sunk)
	s.NavalLost[Ottoman].Cor += uint8(sunk)
	s.emit("piracy", fmt.Sprintf("Ottoman piracy in %s against %s: %d anti-piracy dice %v, %d corsair(s) sunk", Seas[z].Name, target, anti, dice, sunk))
	if *cor == 0 {
		s.navalRemove(SeaLoc+z, []Power{Ottoman}, 0, 0) // leaders alone go to the Turn Track
		s.emit("piracy", "no corsair remains: the piracy fails")
		return
	}
	pd := s.PiracyDice(z, target)
	ph, pdice := s.Hits(pd)
	s.emit("piracy", fmt.Sprintf("%d piracy dice %v: %d hit(s)", pd, pdice, ph))
	if ph > 0 {
		s.Piracy = &Piracy{Zone: z, Target: target, Left: ph}
		if s.TurnFx.Julia && Seas[z].ID == "tyrrhenian_sea" {
			// Julia Gonzaga (#84): the first scoring piracy there this turn
			s.TurnFx.Julia = false
			s.Powers[Ottoman].BonusVP++
			s.emit("piracy", "Julia Gonzaga: the Ottoman gains 1 VP")
		}
	}
}

// piracySquadrons lists the locations in or adjacent to the piracy zone
// holding a squadron of the target.
func (s *State) piracySquadrons() []int {
	pr := s.Piracy
	var out []int
	locs := append([]int{SeaLoc + pr.Zone}, navAdjacent(SeaLoc+pr.Zone)...)
	for _, loc := range locs {
		if s.unitsAt(loc)[pr.Target].Sq > 0 {
			out = append(out, loc)
		}
	}
	return out
}

// piracyValid reports which awards the target can give now.
func (s *State) piracyValid() [3]bool {
	pr := s.Piracy
	return [3]bool{
		awardVP:       s.PiracyVP < maxPiracyVP,
		awardCard:     len(s.drawable(pr.Target)) > 0,
		awardSquadron: len(s.piracySquadrons()) > 0,
	}
}

// piracyAllowed lists the awards the target may give for the next hit: the
// valid ones used least so far (awards are spread as evenly as possible).
func (s *State) piracyAllowed() []int {
	pr := s.Piracy
	valid := s.piracyValid()
	least := -1
	for a, ok := range valid {
		if ok && (least < 0 || pr.Used[a] < least) {
			least = pr.Used[a]
		}
	}
	var out []int
	for a, ok := range valid {
		if ok && pr.Used[a] == least {
			out = append(out, a)
		}
	}
	return out
}

func (s *State) stepPiracy() bool {
	pr := s.Piracy
	if pr == nil {
		return false
	}
	if pr.Left == 0 || len(s.piracyAllowed()) == 0 {
		if pr.Left > 0 {
			s.emit("piracy", fmt.Sprintf("%s can give nothing for %d hit(s)", pr.Target, pr.Left))
		}
		s.Piracy = nil
		return true
	}
	s.push(kNavPiracy, pr.Target)
	return true
}

func (s *State) piracyAwardChoices() []game.Choice {
	var out []game.Choice
	for _, a := range s.piracyAllowed() {
		switch a {
		case awardVP:
			out = append(out, game.Choice{Label: "1 piracy VP to the Ottoman", Value: "vp"})
		case awardCard:
			out = append(out, game.Choice{Label: "a random card of your hand to the Ottoman", Value: "card"})
		case awardSquadron:
			var locs []game.Choice
			for _, loc := range s.piracySquadrons() {
				locs = append(locs, game.Choice{Label: s.locText(loc), Value: locID(loc)})
			}
			out = append(out, game.Choice{Label: "lose one of your squadrons", Value: "squadron", Next: locs})
		}
	}
	return out
}

func (s *State) resolvePiracyAward(path []string) {
	pr := s.Piracy
	pr.Left--
	switch path[0] {
	case "vp":
		pr.Used[awardVP]++
		s.PiracyVP++
		s.emit("piracy", fmt.Sprintf("%s gives the Ottoman 1 piracy VP (%d)", pr.Target, s.PiracyVP))
	case "card":
		pr.Used[awardCard]++
		if c := s.randomDraw(pr.Target, Ottoman); c >= 0 {
			s.Imp.Fresh = append(s.Imp.Fresh, c) // playable from a later impulse (§16.4)
		}
		s.emit("piracy", fmt.Sprintf("the Ottoman draws a random card from %s", pr.Target))
	case "squadron":
		pr.Used[awardSquadron]++
		loc := parseLoc(path[1])
		s.navalRemove(loc, []Power{pr.Target}, 1, 0)
		s.emit("piracy", fmt.Sprintf("%s loses a squadron in %s", pr.Target, s.locText(loc)))
	}
}
