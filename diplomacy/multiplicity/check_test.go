package multiplicity

import (
	"math/rand/v2"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

func TestCheckVerdicts(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{Option: "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The start choice: a choice Apply refuses is invalid with its reason.
	c := r.Check(s, "england", ordersAction("lon F", "lvp A", "par A"))
	if len(c) != 3 || !c[0].Valid || !c[1].Valid || c[2].Valid || !strings.Contains(c[2].Reason, "not yours") {
		t.Errorf("start choice: %+v", c)
	}
	if _, _, err := r.Apply(s, game.System, advance); err != nil {
		t.Fatal(err)
	}
	c = r.Check(s, "france", ordersAction("A par - bur", "A mar - mos", "A par - pic", "A ber - kie"))
	if len(c) != 4 || !c[0].Valid || c[1].Valid || c[2].Valid || c[3].Valid {
		t.Fatalf("movement: %+v", c)
	}
	if !strings.Contains(c[1].Reason, "mos") || !strings.Contains(c[2].Reason, "already has an order") || !strings.Contains(c[3].Reason, "not yours") {
		t.Errorf("movement reasons: %+v", c)
	}
	if c := r.Check(s, "france", game.NewAction("ready", map[string]bool{"ready": true})); c != nil {
		t.Errorf("ready: %+v", c)
	}
	if len(state(s).Orders) != 0 {
		t.Error("Check stored orders")
	}
	if w := r.Window(s); w != "S1901M" {
		t.Errorf("window %q", w)
	}
}

// TestCheckAgreesWithTheResolution plays seeded random Multiplicity games
// in which every power writes random orders (merges, splits, supports of
// neighbours, convoys, and moves to random places); before each phase
// resolves, Check's verdict on each order must be what the resolution then
// reports: invalid with the same reason, or not invalid.
func TestCheckAgreesWithTheResolution(t *testing.T) {
	var r Rules
	checked, invalid := 0, 0
	windows := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := r.Setup(game.Config{Options: map[string]string{Option: "true"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		gs := state(s)
		rng := rand.New(rand.NewPCG(seed, 11))
		grng := game.NewRNG(seed)
		for phase := 0; phase < 40; phase++ {
			if over, _ := r.Over(s); over {
				if w := r.Window(s); w != "" {
					t.Errorf("window %q after the end", w)
				}
				break
			}
			w := r.Window(s)
			if windows[w] && seed == 1 {
				t.Errorf("window %q twice", w)
			}
			windows[w] = true
			if gs.Choosing {
				randomTurn(t, r, s, &grng)
				continue
			}
			pos := gs.Pos
			m := pos.Map
			byPower := map[diplomacy.Power][]string{}
			switch pos.Phase.Type {
			case diplomacy.Movement:
				for _, in := range randomOrders(rng, pos) {
					byPower[in.Power] = append(byPower[in.Power], in.Order.String(m))
				}
				for _, u := range pos.Units {
					if !u.Empty() && rng.IntN(3) == 0 {
						to := m.LocName(diplomacy.Loc(rng.IntN(len(m.Locs))))
						byPower[u.Power] = append(byPower[u.Power], unitString(m, u.Comp, u.Loc)+" - "+to)
					}
				}
			default:
				for _, p := range r.Pending(s) {
					pw, _ := m.LookupPower(string(p.Seat))
					for _, c := range r.Legal(s, p.Seat).Choices {
						byPower[pw] = append(byPower[pw], walk(&grng, c))
					}
					byPower[pw] = append(byPower[pw], "Build A "+m.ProvName(diplomacy.Province(rng.IntN(len(m.Provinces)))))
				}
			}
			type sent struct {
				texts   []string
				verdict []game.Check
			}
			var all []sent
			for i := range m.Powers {
				pw := diplomacy.Power(i)
				if len(byPower[pw]) == 0 || !gs.owing()[pw] {
					continue
				}
				each, _ := gs.vetOrders(pw, byPower[pw])
				var accepted []string
				for k, text := range byPower[pw] {
					if each[k] == nil && gs.formError(text) == nil { // as the server submits: Vet, then Apply
						accepted = append(accepted, text)
					}
				}
				seat := game.Seat(m.Powers[i].ID)
				v := r.Check(s, seat, ordersAction(accepted...))
				if _, _, err := r.Apply(s, seat, ordersAction(accepted...)); err != nil {
					t.Fatalf("%s: %v", pos.Phase, err)
				}
				all = append(all, sent{accepted, v})
			}
			before := pos.Phase
			if _, _, err := r.Apply(s, game.System, advance); err != nil {
				t.Fatal(err)
			}
			rec := gs.History[len(gs.History)-1]
			k := 0
			for _, sn := range all {
				for j, text := range sn.texts {
					if k >= len(rec.Orders) || rec.Orders[k].Order != text {
						t.Fatalf("%s: record order %d is not %q", before, k, text)
					}
					res, v := rec.Orders[k], sn.verdict[j]
					k++
					checked++
					if (res.Result == "invalid") != !v.Valid || (!v.Valid && res.Reason != v.Reason) {
						t.Errorf("seed %d %s: %q: Check said valid=%v %q, the resolution %s %q", seed, before, text, v.Valid, v.Reason, res.Result, res.Reason)
					}
					if !v.Valid {
						invalid++
					}
				}
			}
		}
	}
	if checked < 500 || invalid < checked/10 {
		t.Errorf("only %d orders checked, %d invalid", checked, invalid)
	}
	t.Logf("%d orders checked, %d invalid", checked, invalid)
}

// Orders that can apply in no position of the phase are refused at
// submission (Vet) and reported invalid by Check; Apply still takes them,
// so old records replay.
func TestVetRefusesOrdersThatCannotApply(t *testing.T) {
	var r Rules
	s, err := r.Setup(game.Config{Options: map[string]string{Option: "true"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Vet(s, "england", ordersAction("lon\tF")); err == nil || !strings.Contains(err.Error(), "U+0009") {
		t.Errorf("a start choice with a tab: %v", err)
	}
	if _, _, err := r.Apply(s, game.System, advance); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ order, want string }{
		{"Build A par", "a build order has no place in a movement phase"},
		{"A par D", "a disband order has no place in a movement phase"},
		{"A par S A par", "a unit cannot support itself"},
		{"A par S A bur - par", "a unit cannot support itself"},
		{"A par - par", "a unit cannot move to where it stands"},
		{"A par - bur\r\n", "control character U+000D"},
	} {
		err := r.Vet(s, "france", ordersAction("A mar H", c.order))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "order ") {
			t.Errorf("%q: %v, want %q", c.order, err, c.want)
		}
		if v := r.Check(s, "france", ordersAction(c.order)); len(v) != 1 || v[0].Valid || !strings.Contains(v[0].Reason, c.want) {
			t.Errorf("Check %q: %+v", c.order, v)
		}
	}
	for _, text := range []string{"A par - mos", "A par S A mun - bur", "A par - bur", "2A par - bur"} {
		if err := r.Vet(s, "france", ordersAction(text)); err != nil {
			t.Errorf("%q refused: %v", text, err)
		}
	}
	// Apply still takes such an order (a record may hold it): the phase
	// reports it invalid.
	if _, _, err := r.Apply(s, "france", ordersAction("Build A par", "A mar\t- spa")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Apply(s, game.System, advance); err != nil {
		t.Fatal(err)
	}
	rec := state(s).History[len(state(s).History)-1].Orders
	if len(rec) != 2 || rec[0].Result != "invalid" || rec[1].Result != "succeeds" {
		t.Errorf("the record: %+v", rec)
	}
}
