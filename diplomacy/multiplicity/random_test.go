package multiplicity

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"concordat/diplomacy"
)

// randomOrders writes random orders as players would type them: holds,
// moves and splits to neighbours, supports of neighbours' moves (some
// with fewer parts), merges with a neighbouring own unit, convoys.
func randomOrders(rng *rand.Rand, pos *Position) []OrderIn {
	m := pos.Map
	var out []OrderIn
	for p, u := range pos.Units {
		if u.Empty() {
			continue
		}
		pr := diplomacy.Province(p)
		dests := destinations(m, u)
		name := unitString(m, u.Comp, u.Loc)
		var text string
		switch k := rng.IntN(7); {
		case k == 0 || len(dests) == 0:
			text = name + " H"
		case k == 1 && u.Strength() > 1:
			part := Comp{Armies: rng.IntN(u.Armies + 1)}
			part.Fleets = rng.IntN(u.Fleets + 1)
			if part.Empty() {
				part = One(u.Type())
				if u.Mixed() {
					part = Comp{Armies: 1}
				}
			}
			rest := u.Comp.Minus(part)
			text = name + " SPLIT " + unitString(m, part, dests[rng.IntN(len(dests))])
			if !rest.Empty() && rng.IntN(2) == 0 {
				text += ", " + unitString(m, rest, dests[rng.IntN(len(dests))])
			}
		case k == 2:
			// Support a neighbour's likely move or hold, with some parts.
			q := m.Prov(dests[rng.IntN(len(dests))])
			v := pos.Units[q]
			if v.Empty() {
				text = name + " H"
				break
			}
			strength := u.Comp
			if u.Strength() > 1 && rng.IntN(2) == 0 && !u.Mixed() {
				strength = One(u.Type())
			}
			vd := destinations(m, v)
			if len(vd) > 0 && rng.IntN(2) == 0 {
				text = fmt.Sprintf("%s S %s - %s", unitString(m, strength, u.Loc), m.LocName(v.Loc), m.LocName(vd[rng.IntN(len(vd))]))
			} else {
				text = fmt.Sprintf("%s S %s", unitString(m, strength, u.Loc), m.LocName(v.Loc))
			}
		case k == 3:
			// Merge with an own unit next door, into its place or a third.
			d := dests[rng.IntN(len(dests))]
			v := pos.Units[m.Prov(d)]
			if !v.Empty() && v.Power == u.Power {
				text = fmt.Sprintf("%s & %s MERGE %s", name, unitString(m, v.Comp, v.Loc), m.LocName(v.Loc))
			} else {
				text = fmt.Sprintf("%s MERGE %s", name, m.LocName(d))
			}
		case k == 4 && m.Provinces[pr].Kind == diplomacy.Sea:
			for _, l := range m.FleetNeighbours(u.Loc) {
				q := m.Prov(l)
				if v := pos.Units[q]; !v.Empty() && v.Armies > 0 && v.Fleets == 0 {
					far := m.FleetNeighbours(u.Loc)
					to := far[rng.IntN(len(far))]
					text = fmt.Sprintf("%s C %s - %s", name, unitString(m, v.Comp, v.Loc), m.ProvName(m.Prov(to)))
					break
				}
			}
			if text == "" {
				text = name + " H"
			}
		default:
			text = name + " - " + m.LocName(dests[rng.IntN(len(dests))])
		}
		o, err := ParseOrder(m, text)
		if err != nil {
			panic(fmt.Sprintf("generated order %q: %v", text, err))
		}
		out = append(out, OrderIn{Power: u.Power, Order: o})
	}
	return out
}

// checkBoard verifies that every unit may stand where it is.
func checkBoard(t *testing.T, pos *Position) {
	t.Helper()
	m := pos.Map
	for p, u := range pos.Units {
		if u.Empty() {
			continue
		}
		if m.Prov(u.Loc) != diplomacy.Province(p) {
			t.Fatalf("unit %v listed under %s", u, m.ProvName(diplomacy.Province(p)))
		}
		if err := CanStand(m, u.Comp, u.Loc); err != nil {
			t.Fatalf("%s %s: %v", m.PowerName(u.Power), unitString(m, u.Comp, u.Loc), err)
		}
	}
	for _, d := range pos.Dislodged {
		for _, l := range d.Retreats {
			if !pos.Units[m.Prov(l)].Empty() {
				t.Fatalf("dislodged %s may retreat to occupied %s", unitString(m, d.Comp, d.Loc), m.LocName(l))
			}
			if err := CanStand(m, d.Comp, l); err != nil {
				t.Fatalf("dislodged %s may retreat to %s: %v", unitString(m, d.Comp, d.Loc), m.LocName(l), err)
			}
		}
	}
}

// Seeded random games on the standard map, with units doubled up at the
// start: every phase adjudicates, parts are neither made nor lost by
// movement (but dislodged units with nowhere to go are disbanded at once
// when none can retreat), every unit stands where it may, and the games
// run on.
func TestRandomGames(t *testing.T) {
	m := diplomacy.Standard()
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		pos, err := StartPosition(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		for p, u := range pos.Units {
			if !u.Empty() && rng.IntN(2) == 0 {
				u.Comp = u.Comp.Plus(One(u.Type()))
				pos.Units[p] = u
			}
		}
		for turn := 0; turn < 60 && pos.Winner() == diplomacy.NoPower; turn++ {
			before := pos.Parts()
			for _, d := range pos.Dislodged {
				before[d.Power] += d.Strength()
			}
			var orders []OrderIn
			switch pos.Phase.Type {
			case diplomacy.Movement:
				orders = randomOrders(rng, pos)
			case diplomacy.Retreat:
				for _, d := range pos.Dislodged {
					if len(d.Retreats) > 0 {
						l := d.Retreats[rng.IntN(len(d.Retreats))]
						o, _ := ParseOrder(m, unitString(m, d.Comp, d.Loc)+" R "+m.LocName(l))
						orders = append(orders, OrderIn{Power: d.Power, Order: o})
					}
				}
			case diplomacy.Adjustment:
				for pw := range m.Powers {
					for _, h := range buildSites(pos, diplomacy.Power(pw)) {
						o, _ := ParseOrder(m, "Build A "+m.ProvName(h))
						orders = append(orders, OrderIn{Power: diplomacy.Power(pw), Order: o})
					}
				}
			}
			phase := pos.Phase
			out := make([]Outcome, len(orders))
			disbanded := step(pos, orders, out)
			checkBoard(t, pos)
			after := pos.Parts()
			for _, d := range append(pos.Dislodged, disbanded...) {
				after[d.Power] += d.Strength()
			}
			if phase.Type == diplomacy.Movement {
				for pw := range after {
					if after[pw] != before[pw] {
						t.Fatalf("seed %d %s: power %s had %d parts, has %d", seed, phase, m.PowerName(diplomacy.Power(pw)), before[pw], after[pw])
					}
				}
			}
			if phase.Type == diplomacy.Adjustment {
				centers := pos.Centers()
				for pw := range after {
					if after[pw] > centers[pw] {
						t.Fatalf("seed %d %s: power %s has %d parts for %d centres", seed, phase, m.PowerName(diplomacy.Power(pw)), after[pw], centers[pw])
					}
				}
			}
		}
	}
}
