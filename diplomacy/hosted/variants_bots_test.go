package hosted

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// mixedGame plays up to phases windows of a game of cfg from seed, each
// seat answered by botFor(seat) (asked again while its prompt stays
// unsubmitted, as the server does; nil: the seat sends nothing), failing
// on any answer the rules refuse. seen, when set, is shown every answer
// before it is applied, and every window's state before it resolves (a
// zero Action).
func mixedGame(t *testing.T, cfg game.Config, seed uint64, phases int, botFor func(st game.State, seat game.Seat) game.Bot,
	seen func(st game.State, seat game.Seat, a game.Action)) game.State {
	t.Helper()
	var r Rules
	st, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	for ph := 0; ph < phases; ph++ {
		if over, _ := r.Over(st); over {
			break
		}
		for i, p := range r.Pending(st) {
			bot := botFor(st, p.Seat)
			if bot == nil {
				continue
			}
			for k := 0; k < 4; k++ {
				rng := game.BotRNG(seed, int64(ph*1000+i*10+k))
				a, err := bot.BotAction(st, p.Seat, &rng)
				if err != nil {
					break
				}
				if err := r.Vet(st, p.Seat, a); err != nil {
					t.Fatalf("%+v %s: refused by Vet: %v (%s %s)", cfg, p.Seat, err, a.Type, a.Args)
				}
				if seen != nil {
					seen(st, p.Seat, a)
				}
				if _, _, err := r.Apply(st, p.Seat, a); err != nil {
					t.Fatalf("%+v %s: refused: %v (%s %s)", cfg, p.Seat, err, a.Type, a.Args)
				}
				if submitted(r.Pending(st), p.Seat) {
					break
				}
			}
		}
		if seen != nil {
			seen(st, "", game.Action{})
		}
		if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// powerOfSeat is the power a seat plays (Reverse Gunboat and Double
// Diplomacy: from the seat layer, which the test may read).
func powerOfSeat(gs *diplomacy.GameState, seat game.Seat) string {
	m := gs.Pos.Map
	if gs.Seating != nil {
		return m.Powers[gs.Seating.Power[seat]].ID
	}
	return string(seat)
}

// centresOf is power's supply-centre count in st.
func centresOf(st game.State, power string) int {
	gs := st.(*diplomacy.GameState)
	pw, _ := gs.Pos.Map.LookupPower(power)
	return gs.Pos.CountCenters()[pw]
}

// The heuristic plays each variant with decisions of its own better than
// the random player: one power held by the heuristic kind against random
// seats holds, summed over a few seeds (the power changing with the seed),
// more centres after about three years than the same power held by the
// random kind in the same games (under Reverse Gunboat the seat that
// secretly holds it; under Double Diplomacy both its seats; under
// Intimate against the random other player).
func TestHeuristicBeatsRandomInVariants(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	random, _ := Rules{}.BotOf(KindRandom)
	seeds, phases := 7, 22
	if testing.Short() {
		seeds, phases = 4, 16
	}
	seven := []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	cases := []struct {
		powers []string
		cfg    game.Config
	}{
		{seven, game.Config{Options: map[string]string{"payola": "true"}}},
		{seven[3:], game.Config{Options: map[string]string{"payola": "true", "fog": "true"}}},
		{seven, game.Config{Options: map[string]string{"double": "true"}}},
		{seven[1:], game.Config{Options: map[string]string{"reverse_gunboat": "true"}}},
		{seven[2:], game.Config{Options: map[string]string{"crystal_ball": "true"}}},
		{seven[4:], game.Config{Options: map[string]string{"crystal_ball": "true", "fog": "true"}}},
		{seven, game.Config{Options: map[string]string{"anarchy": "true"}}},
		{[]string{"england", "turkey"}, game.Config{Options: map[string]string{"intimate": "true", "players": "england,turkey"}}},
		{[]string{"france", "russia"}, game.Config{Options: map[string]string{"intimate": "true", "players": "france,russia", "fog": "true"}}},
		{seven[5:], game.Config{Options: map[string]string{"seismic": "true"}}},
		{seven[6:], game.Config{Options: map[string]string{"black_hole": "true", "fog": "true"}}},
	}
	for _, c := range cases {
		total := map[string]int{}
		for _, kind := range []string{KindHeuristic, KindRandom} {
			mine := heur
			if kind == KindRandom {
				mine = random
			}
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				power := c.powers[int(seed-1)%len(c.powers)]
				st := mixedGame(t, c.cfg, seed, phases, func(st game.State, seat game.Seat) game.Bot {
					if powerOfSeat(st.(*diplomacy.GameState), seat) == power {
						return mine
					}
					return random
				}, nil)
				total[kind] += centresOf(st, power)
			}
		}
		if total[KindHeuristic] <= total[KindRandom] {
			t.Errorf("%v: the heuristic holds %d centres over %d seeds, the random player %d",
				c.cfg.Options, total[KindHeuristic], seeds, total[KindRandom])
		} else {
			t.Logf("%v: heuristic %d centres, random %d (%d seeds)", c.cfg.Options, total[KindHeuristic], total[KindRandom], seeds)
		}
	}
}

// Payola: a heuristic power's offers never add up to more than its
// treasury (nor half of it in a spring), each is at least 1, and they back
// its own orders: an offer for one of its units is for the order it
// writes for that unit; an offer for another power's unit to support is
// for a move (or hold) one of its units is ordered to make; an offer for
// another power's unit to move is for a unit one of its moves attacks, to
// step aside where none of its units goes and not into its centre; any
// other offer for another power's unit is for it to hold next to one of
// its centres. It does make offers, and bought supports.
func TestHeuristicPayolaOffers(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	random, _ := Rules{}.BotOf(KindRandom)
	phases := 16
	if testing.Short() {
		phases = 10
	}
	for _, cfg := range []game.Config{
		{Options: map[string]string{"payola": "true"}},
		{Options: map[string]string{"payola": "true", "fog": "true"}},
	} {
		offers, supports := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			heurSeat := map[game.Seat]bool{"france": true, "germany": true, "turkey": true}
			mixedGame(t, cfg, seed, phases, func(st game.State, seat game.Seat) game.Bot {
				if heurSeat[seat] {
					return heur
				}
				return random
			}, func(st game.State, seat game.Seat, a game.Action) {
				gs := st.(*diplomacy.GameState)
				m := gs.Pos.Map
				if seat != "" {
					if a.Type != "offers" || !heurSeat[seat] {
						return
					}
					pw, _ := m.LookupPower(string(seat))
					var args struct{ Offers []diplomacy.Offer }
					if err := json.Unmarshal(a.Args, &args); err != nil {
						t.Fatal(err)
					}
					sum := 0
					for _, o := range args.Offers {
						if o.Amount < 1 {
							t.Errorf("%s: offer %+v below 1", seat, o)
						}
						sum += o.Amount
					}
					limit := gs.Payola.Treasury[pw]
					if gs.Pos.Phase.Season != diplomacy.Fall {
						limit = (limit + 1) / 2
					}
					if sum > limit {
						t.Errorf("%s %s: offers %d with treasury %d: %v", seat, gs.Pos.Phase, sum, gs.Payola.Treasury[pw], args.Offers)
					}
					return
				}
				// The window is about to resolve: the offers against the orders.
				for seat := range heurSeat {
					pw, _ := m.LookupPower(string(seat))
					written := map[diplomacy.Province]diplomacy.Order{}
					for _, text := range gs.Orders[pw] {
						o, err := m.ParseOrder(text)
						if err != nil {
							t.Fatal(err)
						}
						written[m.Prov(o.At)] = o
					}
					for _, off := range gs.Payola.Offers[pw] {
						offers++
						o, _ := m.ParseOrder(off.Order)
						u := gs.Pos.Units[m.Prov(o.At)]
						switch {
						case u.Power == pw:
							if written[m.Prov(o.At)] != o {
								t.Errorf("%s %s: offer for %q, but its order is %q", seat, gs.Pos.Phase, off.Order, written[m.Prov(o.At)].String(m))
							}
						case o.Type == diplomacy.SupportOrder:
							supports++
							w, ok := written[m.Prov(o.Aux)]
							backed := ok && (o.To == diplomacy.NoLoc && w.Type != diplomacy.Move ||
								o.To != diplomacy.NoLoc && w.Type == diplomacy.Move && m.Prov(w.To) == m.Prov(o.To))
							if !backed || gs.Pos.Units[m.Prov(o.Aux)].Power != pw {
								t.Errorf("%s %s: bought support %q backs no order of its own (%q)", seat, gs.Pos.Phase, off.Order, w.String(m))
							}
						case o.Type == diplomacy.Hold:
							near := false
							for p := range m.Provinces {
								if m.Provinces[p].Center && gs.Pos.Owners[p] == pw && touches(m, m.Prov(o.At), diplomacy.Province(p)) {
									near = true
								}
							}
							if !near {
								t.Errorf("%s %s: paid %q to hold, next to none of its centres", seat, gs.Pos.Phase, off.Order)
							}
						case o.Type == diplomacy.Move:
							// Paid to step aside from one of its moves, to
							// where none of its units goes, not into its centre.
							attacked, into := false, false
							for _, w := range written {
								attacked = attacked || w.Type == diplomacy.Move && m.Prov(w.To) == m.Prov(o.At)
								into = into || w.Type == diplomacy.Move && m.Prov(w.To) == m.Prov(o.To) ||
									w.Type != diplomacy.Move && m.Prov(w.At) == m.Prov(o.To)
							}
							q := m.Prov(o.To)
							if !attacked || into || m.Provinces[q].Center && gs.Pos.Owners[q] == pw {
								t.Errorf("%s %s: paid %q to move, not out of its way", seat, gs.Pos.Phase, off.Order)
							}
						default:
							t.Errorf("%s %s: offer %q for another power's unit", seat, gs.Pos.Phase, off.Order)
						}
					}
				}
			})
		}
		if offers == 0 || supports == 0 {
			t.Errorf("%v: %d offers, %d bought supports", cfg.Options, offers, supports)
		}
	}
}

// Double Diplomacy: the two heuristic seats of a power write the same
// orders, so no order of theirs goes unmatched and their units move.
func TestHeuristicDoubleMatches(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	search, _ := Rules{}.BotWithin(KindSearch, 0, 2)
	for _, cfg := range []game.Config{
		{Options: map[string]string{"double": "true"}},
		{Options: map[string]string{"double": "true", "fog": "true"}},
	} {
		// The search kind on one seat, the heuristic on the other: the
		// search plays as the heuristic there, so they still agree.
		st := mixedGame(t, cfg, 5, 8, func(st game.State, seat game.Seat) game.Bot {
			if strings.HasSuffix(string(seat), "-b") {
				return search
			}
			return heur
		}, nil)
		moved := 0
		for _, rec := range st.(*diplomacy.GameState).History {
			for _, o := range rec.Orders {
				if strings.Contains(o.Reason, "not matched") {
					t.Errorf("%v: %s %q unmatched", cfg.Options, o.Power, o.Order)
				}
				if strings.Contains(o.Order, " - ") && o.Result == "succeeds" {
					moved++
				}
			}
		}
		if moved == 0 {
			t.Errorf("%v: no unit moved", cfg.Options)
		}
	}
}

// Reverse Gunboat: a heuristic seat, not knowing its power, writes orders
// for every played power's units, so its own power's units all get one.
func TestHeuristicReverseGunboatOrdersAll(t *testing.T) {
	var r Rules
	st, err := r.Setup(game.Config{Options: map[string]string{"reverse_gunboat": "true"}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	heur, _ := r.BotOf(KindHeuristic)
	rng := game.BotRNG(2, 0)
	a, err := heur.BotAction(st, "player1", &rng)
	if err != nil {
		t.Fatal(err)
	}
	var args struct{ Orders []string }
	if err := json.Unmarshal(a.Args, &args); err != nil {
		t.Fatal(err)
	}
	if len(args.Orders) != 22 {
		t.Fatalf("%d orders, want one for each of the 22 units: %v", len(args.Orders), args.Orders)
	}
	if _, _, err := r.Apply(st, "player1", a); err != nil {
		t.Fatal(err)
	}
}

// Crystal Ball: orders written ahead are for the position the heuristic
// expects, and most come true: of its orders that fell due, at least
// three in five are valid when the phase resolves.
func TestHeuristicCrystalBallAhead(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	for _, cfg := range []game.Config{
		{Options: map[string]string{"crystal_ball": "true"}},
		{Options: map[string]string{"crystal_ball": "true", "fog": "true"}},
	} {
		aheads := 0
		st := mixedGame(t, cfg, 4, 12, func(game.State, game.Seat) game.Bot { return heur },
			func(st game.State, seat game.Seat, a game.Action) {
				if a.Type == "ahead" {
					aheads++
				}
			})
		if aheads == 0 {
			t.Fatalf("%v: no orders ahead", cfg.Options)
		}
		valid, all := 0, 0
		for _, rec := range st.(*diplomacy.GameState).History[1:] {
			if rec.Position.Phase.Type != "movement" {
				continue
			}
			for _, o := range rec.Orders {
				all++
				if o.Result != "invalid" {
					valid++
				}
			}
		}
		if all == 0 || valid*5 < all*3 {
			t.Errorf("%v: %d of %d orders ahead valid when due", cfg.Options, valid, all)
		}
		t.Logf("%v: %d of %d orders ahead valid when due", cfg.Options, valid, all)
	}
}

// Anarchy: the heuristic's preference list names open centres only, each
// once, more than it drafts, and it drafts its quota.
func TestHeuristicAnarchyDraft(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	random, _ := Rules{}.BotOf(KindRandom)
	cfg := game.Config{Options: map[string]string{"anarchy": "true"}}
	powers := []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	for seed := uint64(1); seed <= 7; seed++ {
		power := powers[seed-1]
		listed := 0
		st := mixedGame(t, cfg, seed, 1, func(_ game.State, seat game.Seat) game.Bot {
			if string(seat) == power {
				return heur
			}
			return random
		}, func(st game.State, seat game.Seat, a game.Action) {
			if string(seat) != power {
				return
			}
			var args struct{ Centres []string }
			if err := json.Unmarshal(a.Args, &args); err != nil || a.Type != "preferences" {
				t.Fatalf("%s: %s %s", seat, a.Type, a.Args)
			}
			listed = len(args.Centres)
			seen := map[string]bool{}
			for _, c := range args.Centres {
				if seen[c] {
					t.Errorf("%s: %s listed twice", seat, c)
				}
				seen[c] = true
			}
		})
		gs := st.(*diplomacy.GameState)
		m := gs.Pos.Map
		pw, _ := m.LookupPower(power)
		homes := gs.Anarchy.Homes[pw]
		if listed <= len(homes) || len(homes) != len(m.Powers[pw].Homes) {
			t.Errorf("seed %d: %s listed %d centres, drafted %v", seed, power, listed, provNames(m, homes))
		}
	}
}

// touches reports whether p and q share a border, for armies or fleets.
func touches(m *diplomacy.Map, p, q diplomacy.Province) bool {
	if m.ArmyAdjacent(p, q) {
		return true
	}
	locs := append([]diplomacy.Loc{diplomacy.Loc(p)}, m.Provinces[p].Coasts...)
	for _, l := range locs {
		if m.FleetReaches(l, q) {
			return true
		}
	}
	return false
}

func provNames(m *diplomacy.Map, ps []diplomacy.Province) string {
	var out []string
	for _, p := range ps {
		out = append(out, m.ProvName(p))
	}
	return fmt.Sprint(out)
}

// Intimate: the heuristic bids its whole treasury, never more, on powers
// the players bid for, and plays the powers it wins as its own.
func TestHeuristicIntimateBids(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	random, _ := Rules{}.BotOf(KindRandom)
	for _, cfg := range []game.Config{
		{Options: map[string]string{"intimate": "true", "players": "england,turkey"}},
		{Options: map[string]string{"intimate": "true", "players": "france,russia", "fog": "true"}},
	} {
		bids, controlled := 0, 0
		mixedGame(t, cfg, 6, 14, func(st game.State, seat game.Seat) game.Bot {
			if seat == "england" || seat == "france" {
				return heur
			}
			return random
		}, func(st game.State, seat game.Seat, a game.Action) {
			gs := st.(*diplomacy.GameState)
			m := gs.Pos.Map
			if seat == "" || (seat != "england" && seat != "france") {
				return
			}
			pw, _ := m.LookupPower(string(seat))
			switch a.Type {
			case "bids":
				bids++
				var args struct{ Bids map[string]int }
				if err := json.Unmarshal(a.Args, &args); err != nil {
					t.Fatal(err)
				}
				sum := 0
				for name, n := range args.Bids {
					other, ok := m.LookupPower(name)
					if !ok || gs.Settings.Played(other) || n < 0 {
						t.Errorf("%s: bid %d for %q", seat, n, name)
					}
					sum += n
				}
				if sum != gs.Intimate.Treasury[pw] {
					t.Errorf("%s: bids %v add up to %d, treasury %d", seat, args.Bids, sum, gs.Intimate.Treasury[pw])
				}
			case "orders":
				var args struct{ Orders []string }
				if err := json.Unmarshal(a.Args, &args); err != nil {
					t.Fatal(err)
				}
				for _, text := range args.Orders {
					o, _ := m.ParseOrder(text)
					if u, ok := gs.Pos.UnitAt(m.Prov(o.At)); ok && u.Power != pw && gs.Pos.Phase.Type == diplomacy.Movement {
						controlled++
					}
				}
			}
		})
		if bids == 0 || controlled == 0 {
			t.Errorf("%v: %d bids, %d orders for controlled units", cfg.Options, bids, controlled)
		}
	}
}

// Seismic: the heuristic orders an event in each seismic phase, and never
// one that opens a border from an enemy unit's province into one of its
// own centres, nor one that cuts one of its units off from a centre it
// does not own (borders the unit could use: no army to sea, no fleet
// inland).
func TestHeuristicSeismicEvents(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	events := 0
	mixedGame(t, game.Config{Options: map[string]string{"seismic": "true"}}, 3, 12,
		func(game.State, game.Seat) game.Bot { return heur },
		func(st game.State, seat game.Seat, a game.Action) {
			if a.Type != "event" {
				return
			}
			events++
			gs := st.(*diplomacy.GameState)
			m := gs.Pos.Map
			pw, _ := m.LookupPower(string(seat))
			var args struct{ Event string }
			if err := json.Unmarshal(a.Args, &args); err != nil {
				t.Fatal(err)
			}
			e, err := diplomacy.ParseSeismicEvent(m, args.Event)
			if err != nil {
				t.Fatalf("%s: %q: %v", seat, args.Event, err)
			}
			words := strings.Fields(args.Event)
			la, _ := m.LookupLoc(e.A)
			lb, _ := m.LookupLoc(e.B)
			pa, pb := m.Prov(la), m.Prov(lb)
			for _, pair := range [][2]diplomacy.Province{{pa, pb}, {pb, pa}} {
				x, y := pair[0], pair[1]
				u, ok := gs.Pos.UnitAt(x)
				kind := m.Provinces[y].Kind
				if !ok || u.Type == diplomacy.Army && kind == diplomacy.Sea || u.Type == diplomacy.Fleet && kind == diplomacy.Inland {
					continue // no border the unit could use
				}
				mineY := m.Provinces[y].Center && gs.Pos.Owners[y] == pw
				otherY := m.Provinces[y].Center && gs.Pos.Owners[y] != pw
				if words[0] == "connect" && u.Power != pw && mineY {
					t.Errorf("%s: %q opens %s's way into its centre", seat, args.Event, m.ProvName(x))
				}
				if words[0] == "separate" && u.Power == pw && otherY {
					t.Errorf("%s: %q cuts its own unit off from a centre", seat, args.Event)
				}
			}
		})
	if events == 0 {
		t.Fatal("no seismic event")
	}
}

// Black Hole: each heuristic power protects one of its own home centres
// from the first window on, one it owns and keeps a unit in (each power
// stands on all its homes at the start); under Double Diplomacy a seat of
// each power does so for it.
func TestHeuristicBlackHoleProtects(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	for _, cfg := range []game.Config{
		{Options: map[string]string{"black_hole": "true"}},
		{Options: map[string]string{"black_hole": "true", "fog": "true"}},
		{Options: map[string]string{"black_hole": "true", "double": "true"}},
	} {
		protects := 0
		st := mixedGame(t, cfg, 2, 1, func(game.State, game.Seat) game.Bot { return heur },
			func(st game.State, seat game.Seat, a game.Action) {
				if a.Type == "protect" {
					protects++
				}
			})
		gs := st.(*diplomacy.GameState)
		m := gs.Pos.Map
		for i, p := range m.Powers {
			pw := diplomacy.Power(i)
			c, ok := gs.Protect[pw]
			if !ok {
				t.Errorf("%v: %s protects nothing", cfg.Options, p.Name)
				continue
			}
			home := false
			for _, h := range p.Homes {
				home = home || h == c
			}
			if !home || gs.Pos.Owners[c] != pw {
				t.Errorf("%v: %s protects %s, not a home centre it owns", cfg.Options, p.Name, m.ProvName(c))
			}
		}
		if protects != len(m.Powers) {
			t.Errorf("%v: %d protect actions, want one per power", cfg.Options, protects)
		}
	}
}

// The heuristic keeps game.Bot's promises in every variant: the same
// state, seat and generator give the same answer, and asking leaves the
// state unchanged.
func TestHeuristicVariantsDeterministic(t *testing.T) {
	var r Rules
	heur, _ := r.BotOf(KindHeuristic)
	phases, limit := 8, 40
	if testing.Short() {
		phases, limit = 5, 12
	}
	for _, cfg := range variantConfigs {
		asked := 0
		mixedGame(t, cfg, 8, phases, func(game.State, game.Seat) game.Bot { return heur },
			func(st game.State, seat game.Seat, a game.Action) {
				if seat == "" || asked >= limit {
					return
				}
				asked++
				before, err := r.Marshal(st)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k < 2; k++ {
					rng := game.BotRNG(8, int64(asked))
					b, err := heur.BotAction(st, seat, &rng)
					if err != nil {
						t.Fatalf("%v %s: %v", cfg.Options, seat, err)
					}
					rng = game.BotRNG(8, int64(asked))
					c, _ := heur.BotAction(st, seat, &rng)
					if b.Type != c.Type || string(b.Args) != string(c.Args) {
						t.Fatalf("%v %s: %s %s, then %s %s", cfg.Options, seat, b.Type, b.Args, c.Type, c.Args)
					}
				}
				after, _ := r.Marshal(st)
				if string(before) != string(after) {
					t.Fatalf("%v %s: asking the bot changed the state", cfg.Options, seat)
				}
			})
	}
}

// noOffers is the heuristic that makes no Payola offers: its offers are
// replaced by an empty list, and its orders follow.
type noOffers struct{ game.Bot }

func (b noOffers) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	a, err := b.Bot.BotAction(st, seat, rng)
	if err == nil && a.Type == "offers" {
		a = game.NewAction("offers", map[string][]diplomacy.Offer{"offers": {}})
	}
	return a, err
}

// Payola: the heuristic's offers pay. Among heuristic powers, one that
// makes its offers holds more centres, summed over seeds (the power
// changing with the seed), than the same power making none — both when
// the others make offers (its coins on its own orders outweigh their
// bribes) and when they make none.
func TestHeuristicPayolaOffersPay(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	plain := noOffers{heur}
	seeds, phases := 14, 16
	if testing.Short() {
		seeds = 7
	}
	seven := []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	cfg := game.Config{Options: map[string]string{"payola": "true"}}
	for _, others := range []game.Bot{heur, plain} {
		total := map[bool]int{}
		for _, offering := range []bool{true, false} {
			mine := game.Bot(heur)
			if !offering {
				mine = plain
			}
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				power := seven[seed%7]
				st := mixedGame(t, cfg, seed, phases, func(_ game.State, seat game.Seat) game.Bot {
					if string(seat) == power {
						return mine
					}
					return others
				}, nil)
				total[offering] += centresOf(st, power)
			}
		}
		_, othersOffer := others.(noOffers)
		if total[true] <= total[false] {
			t.Errorf("others offering %v: %d centres with offers, %d without", !othersOffer, total[true], total[false])
		}
		t.Logf("others offering %v: %d centres with offers, %d without", !othersOffer, total[true], total[false])
	}
}

// randomBids is the heuristic with the random player's Intimate bids.
type randomBids struct{ game.Bot }

func (b randomBids) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	a, err := b.Bot.BotAction(st, seat, rng)
	if err == nil && a.Type == "bids" {
		r, _ := Rules{}.BotOf(KindRandom)
		return r.BotAction(st, seat, rng)
	}
	return a, err
}

// Intimate: the heuristic's bids pay. Against a heuristic rival, a player
// bidding as the heuristic ends about three years ahead of the rival by
// more centres, summed over seeds and pairs of powers, than the same
// player (same orders) bidding as the random player does.
func TestHeuristicIntimateBidsPay(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	pairs := [][2]string{{"england", "turkey"}, {"france", "russia"}, {"austria", "italy"}, {"germany", "russia"}}
	seeds := 12
	if testing.Short() {
		seeds = 8
	}
	lead := map[string]int{}
	for _, kind := range []string{"heuristic bids", "random bids"} {
		mine := heur
		if kind == "random bids" {
			mine = randomBids{heur}
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			pr := pairs[seed%4]
			cfg := game.Config{Options: map[string]string{"intimate": "true", "players": pr[0] + "," + pr[1]}}
			st := mixedGame(t, cfg, seed, 22, func(_ game.State, seat game.Seat) game.Bot {
				if string(seat) == pr[0] {
					return mine
				}
				return heur
			}, nil)
			lead[kind] += centresOf(st, pr[0]) - centresOf(st, pr[1])
		}
	}
	if lead["heuristic bids"] <= lead["random bids"] {
		t.Errorf("lead over the rival: %d centres with the heuristic's bids, %d with random bids", lead["heuristic bids"], lead["random bids"])
	}
	t.Logf("lead over the rival: %d centres with the heuristic's bids, %d with random bids", lead["heuristic bids"], lead["random bids"])
}

// randomDraft is the heuristic with the random player's Anarchy draft.
type randomDraft struct{ game.Bot }

func (b randomDraft) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if gs := st.(*diplomacy.GameState); gs.Anarchy != nil && gs.Anarchy.Drafting {
		r, _ := Rules{}.BotOf(KindRandom)
		return r.BotAction(st, seat, rng)
	}
	return b.Bot.BotAction(st, seat, rng)
}

// Anarchy: the heuristic's draft pays. All seats play the heuristic's
// orders and the others draft at random; one power (changing with the
// seed) drafting as the heuristic holds more centres at the start of 1906,
// summed over the seeds, than the same power drafting at random in the
// same games, and tops (most centres, ties counted) more often.
func TestHeuristicAnarchyDraftPays(t *testing.T) {
	heur, _ := Rules{}.BotOf(KindHeuristic)
	cfg := game.Config{Options: map[string]string{"anarchy": "true"}}
	powers := []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	seeds := 280
	centres, tops := map[string]int{}, map[string]int{}
	for _, kind := range []string{"heuristic draft", "random draft"} {
		mine := heur
		if kind == "random draft" {
			mine = randomDraft{heur}
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			power := powers[int(seed-1)%len(powers)]
			st := playToYear(t, cfg, seed, 1905, func(seat game.Seat) game.Bot {
				if string(seat) == power {
					return mine
				}
				return randomDraft{heur}
			})
			gs := st.(*diplomacy.GameState)
			pw, _ := gs.Pos.Map.LookupPower(power)
			cc := gs.Pos.CountCenters()
			best := 0
			for p, c := range cc {
				if diplomacy.Power(p) != pw {
					best = max(best, c)
				}
			}
			centres[kind] += cc[pw]
			if cc[pw] >= best {
				tops[kind]++
			}
		}
	}
	h, r := "heuristic draft", "random draft"
	if centres[h] <= centres[r] || tops[h] <= tops[r] {
		t.Errorf("over %d seeds: %d centres and %d tops with the heuristic's draft, %d and %d with a random draft",
			seeds, centres[h], tops[h], centres[r], tops[r])
	}
	t.Logf("over %d seeds, spring 1906: %d centres, %d tops with the heuristic's draft; %d, %d with a random draft",
		seeds, centres[h], tops[h], centres[r], tops[r])
}

// playToYear plays a game of cfg from seed until the year after last (or
// its end), each seat answered by botFor(seat), as mixedGame does.
func playToYear(t *testing.T, cfg game.Config, seed uint64, last int, botFor func(seat game.Seat) game.Bot) game.State {
	t.Helper()
	var r Rules
	st, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	for ph := 0; ; ph++ {
		if over, _ := r.Over(st); over || st.(*diplomacy.GameState).Pos.Phase.Year > last {
			return st
		}
		for i, p := range r.Pending(st) {
			bot := botFor(p.Seat)
			for k := 0; k < 4; k++ {
				rng := game.BotRNG(seed, int64(ph*1000+i*10+k))
				a, err := bot.BotAction(st, p.Seat, &rng)
				if err != nil {
					break
				}
				if _, _, err := r.Apply(st, p.Seat, a); err != nil {
					t.Fatalf("%s: refused: %v (%s %s)", p.Seat, err, a.Type, a.Args)
				}
				if submitted(r.Pending(st), p.Seat) {
					break
				}
			}
		}
		if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
}
