package multiplicity

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"concordat/diplomacy"
)

// Multiplicity with single-part units is the standard game under the 1971
// rules (docs/multiplicity.md): on seeded random movement phases, dense with
// supports and convoys (and convoying fleets under attack, where paradoxes
// arise), every order's result and the position after must be the same in
// both engines. The standard engine is itself checked against an independent
// reference resolver (diplomacy/refcompare_test.go), so a difference here is
// a fault of this package's resolver.
func TestSingleUnitsAgreeWithStandard(t *testing.T) {
	m := diplomacy.Standard()
	phases := 3000
	if testing.Short() {
		phases = 500
	}
	failed := 0
	// What the phases held, so that the comparison is known to reach the
	// hard cases: convoyed moves that arrive, convoying fleets dislodged,
	// convoys failing for a paradox, supports cut.
	var convoyed, fleetsDislodged, paradoxes, cut int
	for seed := uint64(1); seed <= uint64(phases) && failed < 5; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1971))
		units := denseUnits(rng, m)
		lines := singleUnitOrders(rng, m, units)
		b := newBoth(t, m, units, diplomacy.Phase{Season: diplomacy.Spring, Year: 1901, Type: diplomacy.Movement})
		if diffs := b.phase(t, lines); len(diffs) > 0 {
			failed++
			t.Errorf("seed %d: the engines differ:\n  %s\nunits: %s\norders:\n  %s", seed,
				strings.Join(diffs, "\n  "), strings.Join(units, ", "), strings.Join(lines, "\n  "))
		}
		for i, o := range b.stdOut {
			convoy := strings.Contains(lines[i], " C ")
			switch {
			case convoy && o.Result == diplomacy.Fails && o.Reason == diplomacy.ReasonDislodged:
				fleetsDislodged++
			case !convoy && o.Reason == diplomacy.ReasonParadox:
				paradoxes++
			case o.Reason == diplomacy.ReasonCut:
				cut++
			case !convoy && o.Result == diplomacy.Succeeds && convoyedMove(m, lines[i]):
				convoyed++
			}
		}
	}
	t.Logf("%d phases: %d convoyed moves arrived, %d convoying fleets dislodged, %d paradoxes, %d supports cut",
		phases, convoyed, fleetsDislodged, paradoxes, cut)
	if convoyed < phases/5 || fleetsDislodged < phases/10 || cut < phases/2 {
		t.Errorf("the random phases miss the hard cases: %d convoyed moves arrived, %d convoying fleets dislodged, %d supports cut in %d phases",
			convoyed, fleetsDislodged, cut, phases)
	}
}

// denseUnits places single units of random powers on about two thirds of
// the provinces: armies inland, fleets at sea, either on a coast (a fleet on
// a split coast on one of its coasts).
func denseUnits(rng *rand.Rand, m *diplomacy.Map) []string {
	var units []string
	for p, info := range m.Provinces {
		if rng.IntN(3) == 0 {
			continue
		}
		power := m.Powers[rng.IntN(len(m.Powers))].ID
		loc := info.ID
		typ := "A"
		switch {
		case info.Kind == diplomacy.Sea:
			typ = "F"
		case info.Kind == diplomacy.Coast && rng.IntN(2) == 0:
			typ = "F"
			if len(info.Coasts) > 0 {
				loc = m.LocName(info.Coasts[rng.IntN(len(info.Coasts))])
			}
		}
		_ = p
		units = append(units, fmt.Sprintf("%s %s %s", power, typ, loc))
	}
	return units
}

// singleUnitOrders gives every unit an order, written as the DATC lines the
// test harness reads ("england: F nth - nwy => ?"): moves, supports of
// neighbours' holds and moves, convoys of armies along one or two fleets,
// and attacks with support on the convoying fleets.
func singleUnitOrders(rng *rand.Rand, m *diplomacy.Map, units []string) []string {
	at := map[diplomacy.Province]diplomacy.Unit{}
	var order []diplomacy.Province
	for _, s := range units {
		f := strings.Fields(s)
		pw, _ := m.LookupPower(f[0])
		l, _ := m.LookupLoc(f[2])
		typ := diplomacy.Army
		if f[1] == "F" {
			typ = diplomacy.Fleet
		}
		p := m.Prov(l)
		at[p] = diplomacy.Unit{Type: typ, Power: pw, Loc: l}
		order = append(order, p)
	}
	name := func(u diplomacy.Unit) string { return u.Type.String() + " " + m.LocName(u.Loc) }
	moves := func(u diplomacy.Unit) []diplomacy.Loc {
		return destinations(m, Unit{Power: u.Power, Loc: u.Loc, Comp: One(u.Type)})
	}
	given := map[diplomacy.Province]string{}
	// Convoys first: an army on a coast, one or two fleets at sea in a
	// chain, a coast beyond; the fleets' attackers come later.
	for _, p := range order {
		u := at[p]
		if u.Type != diplomacy.Fleet || m.Provinces[p].Kind != diplomacy.Sea || given[p] != "" || rng.IntN(2) == 0 {
			continue
		}
		chain := []diplomacy.Province{p}
		if rng.IntN(2) == 0 {
			for _, l := range m.FleetNeighbours(u.Loc) {
				q := m.Prov(l)
				if v, ok := at[q]; ok && v.Type == diplomacy.Fleet && m.Provinces[q].Kind == diplomacy.Sea && given[q] == "" {
					chain = append(chain, q)
					break
				}
			}
		}
		var armies, ends []diplomacy.Province
		for _, l := range m.FleetNeighbours(at[chain[0]].Loc) {
			q := m.Prov(l)
			if v, ok := at[q]; ok && v.Type == diplomacy.Army && given[q] == "" {
				armies = append(armies, q)
			}
		}
		for _, l := range m.FleetNeighbours(at[chain[len(chain)-1]].Loc) {
			if q := m.Prov(l); m.Provinces[q].Kind == diplomacy.Coast {
				ends = append(ends, q)
			}
		}
		if len(armies) == 0 || len(ends) == 0 {
			continue
		}
		a := armies[rng.IntN(len(armies))]
		to := ends[rng.IntN(len(ends))]
		if to == a {
			continue
		}
		move := fmt.Sprintf("A %s - %s", m.ProvName(a), m.ProvName(to))
		given[a] = move
		for _, f := range chain {
			given[f] = fmt.Sprintf("%s C %s", name(at[f]), move)
		}
	}
	// Attacks, often supported, on half the convoying fleets.
	for _, p := range order {
		if !strings.Contains(given[p], " C ") || at[p].Type != diplomacy.Fleet || rng.IntN(2) == 0 {
			continue
		}
		var attackers []diplomacy.Province
		for _, l := range m.FleetNeighbours(at[p].Loc) {
			q := m.Prov(l)
			if v, ok := at[q]; ok && v.Type == diplomacy.Fleet && v.Power != at[p].Power && given[q] == "" {
				attackers = append(attackers, q)
			}
		}
		if len(attackers) == 0 {
			continue
		}
		rng.Shuffle(len(attackers), func(i, j int) { attackers[i], attackers[j] = attackers[j], attackers[i] })
		a := attackers[0]
		given[a] = fmt.Sprintf("%s - %s", name(at[a]), m.ProvName(p))
		for _, q := range attackers[1:] {
			if rng.IntN(2) == 0 {
				given[q] = fmt.Sprintf("%s S F %s - %s", name(at[q]), m.ProvName(a), m.ProvName(p))
			}
		}
	}
	for _, p := range order {
		if given[p] != "" {
			continue
		}
		u := at[p]
		dests := moves(u)
		var text string
		switch k := rng.IntN(10); {
		case k == 0 || len(dests) == 0:
			text = name(u) + " H"
		case k <= 3:
			// Support a neighbour: its order if already given as a move or
			// a hold, otherwise its hold.
			d := dests[rng.IntN(len(dests))]
			q := m.Prov(d)
			v, ok := at[q]
			if !ok {
				text = name(u) + " - " + m.LocName(d)
				break
			}
			if g := given[q]; strings.Contains(g, " - ") && !strings.Contains(g, " C ") {
				f := strings.Fields(g)
				text = fmt.Sprintf("%s S %s %s - %s", name(u), f[0], m.ProvName(q), m.ProvName(mustProv(m, f[len(f)-1])))
			} else {
				text = fmt.Sprintf("%s S %s", name(u), m.ProvName(m.Prov(v.Loc)))
			}
		case k <= 5:
			// Support a move into a neighbouring province by another unit
			// that can reach it (often an attack on a convoying fleet).
			d := dests[rng.IntN(len(dests))]
			q := m.Prov(d)
			var movers []diplomacy.Province
			for _, r := range order {
				if r == p {
					continue
				}
				for _, l := range moves(at[r]) {
					if m.Prov(l) == q {
						movers = append(movers, r)
						break
					}
				}
			}
			if len(movers) == 0 {
				text = name(u) + " H"
				break
			}
			r := movers[rng.IntN(len(movers))]
			text = fmt.Sprintf("%s S %s %s - %s", name(u), at[r].Type, m.ProvName(r), m.ProvName(q))
		default:
			text = name(u) + " - " + m.LocName(dests[rng.IntN(len(dests))])
		}
		given[p] = text
	}
	var lines []string
	for _, p := range order {
		text := given[p]
		if strings.HasPrefix(text, "A "+m.ProvName(p)+" - ") && at[p].Type == diplomacy.Army && !strings.Contains(text, " C ") {
			text = "A " + m.LocName(at[p].Loc) + text[len("A "+m.ProvName(p)):]
		}
		lines = append(lines, fmt.Sprintf("%s: %s => ?", m.PowerName(at[p].Power), text))
	}
	return lines
}

// mustProv is the province of a location's name.
func mustProv(m *diplomacy.Map, name string) diplomacy.Province {
	l, ok := m.LookupLoc(name)
	if !ok {
		panic("no location " + name)
	}
	return m.Prov(l)
}

// convoyedMove reports whether a DATC line is an army's move between two
// provinces that are not adjacent for an army ("france: A bre - lon => ?").
func convoyedMove(m *diplomacy.Map, line string) bool {
	f := strings.Fields(line[strings.Index(line, ":")+1:])
	if len(f) < 4 || f[0] != "A" || f[2] != "-" {
		return false
	}
	return !m.ArmyAdjacent(mustProv(m, f[1]), mustProv(m, f[3]))
}
