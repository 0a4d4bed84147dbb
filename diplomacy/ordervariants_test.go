package diplomacy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"concordat/game"
)

// treePaths lists every path of an options tree, its values joined by
// single spaces.
func treePaths(cs []game.Choice, prefix string, out *[]string) {
	for _, c := range cs {
		path := c.Value
		if prefix != "" {
			path = prefix + " " + c.Value
		}
		if len(c.Next) == 0 {
			*out = append(*out, path)
			continue
		}
		treePaths(c.Next, path, out)
	}
}

// legalOrders are the orders the paths of an orders tree spell on map m.
func legalOrders(m *Map, opts game.Options) map[Order]bool {
	var paths []string
	treePaths(opts.Choices, "", &paths)
	set := map[Order]bool{}
	for _, p := range paths {
		if o, err := m.ParseOrder(p); err == nil {
			set[o] = true
		}
	}
	return set
}

// inLegal reports whether an order text is spelled by a path of the
// options tree (on map m).
func inLegal(m *Map, opts game.Options, text string) bool {
	o, err := m.ParseOrder(text)
	return err == nil && legalOrders(m, opts)[o]
}

// playVariantGame plays a seeded random game with the order-writing
// variants through the contract (RandomActions for the seats, Advance for
// the system) until a win or maxPhases phases. After every phase it checks
// the board's invariants and that Unmarshal(Marshal(s)) marshals the same;
// every order a seat writes must be in its Legal tree. At the end the
// record replays twice to the same bytes, phase by phase.
func playVariantGame(t *testing.T, cfg game.Config, seed uint64, maxPhases int) (*GameState, game.Record) {
	t.Helper()
	var r Rules
	s, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: "diplomacy", Config: cfg, Seed: seed}
	rng := game.NewRNG(seed ^ 0xabcdef)
	var snaps [][]byte
	for phase := 0; phase < maxPhases; phase++ {
		if over, _ := r.Over(s); over {
			break
		}
		gs := s.(*GameState)
		for _, st := range gs.RandomActions(&rng) {
			if st.Action.Type == "orders" {
				var args struct{ Orders []string }
				_ = json.Unmarshal(st.Action.Args, &args)
				legal := legalOrders(gs.Pos.Map, r.Legal(s, st.Seat))
				for _, text := range args.Orders {
					if o, err := gs.Pos.Map.ParseOrder(text); err != nil || !legal[o] {
						t.Fatalf("%s: %s wrote %q, which is not in its Legal tree", gs.Pos.Phase, st.Seat, text)
					}
				}
			}
			if st.Action.Type == "preferences" {
				var args struct{ Centres []string }
				_ = json.Unmarshal(st.Action.Args, &args)
				open := map[string]bool{}
				for _, c := range r.Legal(s, st.Seat).Choices {
					open[c.Value] = true
				}
				for _, id := range args.Centres {
					if !open[id] {
						t.Fatalf("%s listed %q, which is not in its Legal tree", st.Seat, id)
					}
				}
			}
			if st.Action.Type == "offers" {
				var args struct{ Offers []Offer }
				_ = json.Unmarshal(st.Action.Args, &args)
				var sub game.Options
				for _, c := range r.Legal(s, st.Seat).Choices {
					if c.Value == "offer" {
						sub.Choices = c.Next
					}
				}
				for _, o := range args.Offers {
					if !inLegal(gs.Pos.Map, sub, o.Order) {
						t.Fatalf("%s: %s offered for %q, which is not in its Legal offer tree", gs.Pos.Phase, st.Seat, o.Order)
					}
				}
			}
			if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
				t.Fatalf("%s: %s %s %s: %v", gs.Pos.Phase, st.Seat, st.Action.Type, st.Action.Args, err)
			}
			rec.Steps = append(rec.Steps, st)
		}
		st := game.Step{Seat: game.System, Action: game.Action{Type: game.Advance}}
		if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
		rec.Steps = append(rec.Steps, st)
		checkPositionInvariants(t, s.(*GameState).Pos)
		b, err := r.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := r.Unmarshal(b)
		if err != nil {
			t.Fatalf("unmarshal after %d phases: %v", phase+1, err)
		}
		if b2, _ := r.Marshal(back); !bytes.Equal(b, b2) {
			t.Fatalf("Unmarshal(Marshal(s)) differs after %d phases:\n%s\n%s", phase+1, b, b2)
		}
		snaps = append(snaps, b)
	}
	for run := 0; run < 2; run++ {
		i := 0
		_, err := game.Replay(r, rec, func(step int, st game.State) {
			if step >= 0 && rec.Steps[step].Seat == game.System {
				b, _ := r.Marshal(st)
				if !bytes.Equal(b, snaps[i]) {
					t.Fatalf("replay %d: phase %d differs", run, i)
				}
				i++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if i != len(snaps) {
			t.Fatalf("replay %d: %d phases, want %d", run, i, len(snaps))
		}
	}
	return s.(*GameState), rec
}

// variantOptions are the options that play variant k on map m alone: with
// Intimate, the first two powers are the players'.
func variantOptions(m *Map, k string) map[string]string {
	opts := map[string]string{k: "true"}
	if k == "intimate" {
		var two []string
		for _, p := range m.Powers {
			if !p.Dummy && len(two) < 2 {
				two = append(two, p.ID)
			}
		}
		opts["players"] = strings.Join(two, ",")
	}
	return opts
}

// mustApply applies an action that must be accepted.
func mustApply(t *testing.T, s game.State, seat game.Seat, a game.Action) {
	t.Helper()
	if _, _, err := (Rules{}).Apply(s, seat, a); err != nil {
		t.Fatalf("%s %s %s: %v", seat, a.Type, a.Args, err)
	}
}

// refused checks that an action is refused with an error mentioning want,
// and that the state is unchanged.
func refused(t *testing.T, s game.State, seat game.Seat, a game.Action, want string) {
	t.Helper()
	var r Rules
	before, _ := r.Marshal(s)
	_, _, err := r.Apply(s, seat, a)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s %s %s: error %v, want one mentioning %q", seat, a.Type, a.Args, err, want)
	}
	if after, _ := r.Marshal(s); !bytes.Equal(before, after) {
		t.Fatalf("%s %s: a refused action changed the state", seat, a.Type)
	}
}

func advance(t *testing.T, s game.State) {
	t.Helper()
	if _, _, err := (Rules{}).Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
		t.Fatal(err)
	}
}

// viewJSON is a seat's view as generic JSON.
func viewJSON(t *testing.T, s game.State, seat game.Seat) map[string]any {
	t.Helper()
	b, err := json.Marshal((Rules{}).View(s, seat))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// unitIn names the unit in a province ("france A"), or "".
func unitIn(gs *GameState, prov string) string {
	m := gs.Pos.Map
	l, ok := m.LookupLoc(prov)
	if !ok {
		return "?"
	}
	u := gs.Pos.Units[m.Prov(l)]
	if u.Type == NoUnit {
		return ""
	}
	return m.PowerName(u.Power) + " " + strings.Fields(m.unitString(u))[0]
}

func TestOrderVariantClashes(t *testing.T) {
	m := Standard()
	for _, c := range variantClashes {
		opts := map[string]string{c.a: "true", c.b: "true"}
		if c.a == "catspaw" || c.b == "catspaw" {
			opts["players"] = "england,france,turkey"
		}
		_, err := ParseSettings(m, opts)
		if err == nil || !strings.Contains(err.Error(), c.a) || !strings.Contains(err.Error(), c.b) {
			t.Errorf("%s+%s: error %v, want one naming both", c.a, c.b, err)
		}
	}
	for _, k := range orderVariantKeys {
		if _, err := ParseSettings(m, map[string]string{k: "maybe"}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=maybe: error %v", k, err)
		}
		for _, other := range []string{"black_hole", "players", "seismic", "schizo", "fog"} {
			opts := variantOptions(m, k)
			opts[other] = "true"
			if other == "players" {
				opts[other] = "england,france,turkey"
				if k == "intimate" {
					opts[other] = "england,france"
				}
			}
			clash := false
			for _, c := range variantClashes {
				clash = clash || (c.a == k && c.b == other) || (c.a == other && c.b == k)
			}
			if _, err := ParseSettings(m, opts); (err != nil) != clash {
				t.Errorf("%s with %s: error %v (a listed clash: %v)", k, other, err, clash)
			}
		}
	}
}

// FuzzVariantAction applies one action, from any seat, to a game of an
// order-writing variant at its start or after a phase: it must be accepted,
// or refused with the state unchanged; it must never panic, and the state
// must stay marshalable.
func FuzzVariantAction(f *testing.F) {
	f.Add(uint8(0), uint8(0), false, "orders", `{"orders": ["A par - bur", "F lon - nth"]}`)
	f.Add(uint8(0), uint8(3), true, "orders", `{"orders": ["B A par"]}`)
	f.Add(uint8(1), uint8(5), false, "orders", `{"orders": ["A par - bur"]}`)
	f.Add(uint8(1), uint8(2), false, "ready", `{"ready": true}`)
	f.Add(uint8(1), uint8(200), false, "protect", `{"center": "par"}`)
	f.Add(uint8(2), uint8(1), false, "offers", `{"offers": [{"order": "A par - bur", "amount": 2}]}`)
	f.Add(uint8(2), uint8(1), false, "offers", `{"offers": [{"order": "A mun - bur", "amount": -1}]}`)
	f.Add(uint8(2), uint8(1), true, "offers", `{"offers": [{"order": "A mun H", "amount": 99999999999}]}`)
	f.Add(uint8(3), uint8(1), false, "preferences", `{"centres": ["par", "mar", "bre"]}`)
	f.Add(uint8(3), uint8(1), true, "orders", `{"orders": ["B A par"]}`)
	f.Add(uint8(4), uint8(0), false, "bids", `{"bids": {"germany": 2, "italy": 1}}`)
	f.Add(uint8(4), uint8(1), true, "orders", `{"orders": ["A mun - bur"]}`)
	var r Rules
	f.Fuzz(func(t *testing.T, variant, seatIdx uint8, later bool, typ, args string) {
		k := orderVariantKeys[int(variant)%len(orderVariantKeys)]
		opts := variantOptions(Standard(), k)
		if k != "anarchy" {
			opts["black_hole"] = "true"
		}
		s, err := r.Setup(game.Config{Options: opts}, 7)
		if err != nil {
			t.Fatal(err)
		}
		if later {
			rng := game.NewRNG(3)
			for _, st := range s.(*GameState).RandomActions(&rng) {
				mustApply(t, s, st.Seat, st.Action)
			}
			advance(t, s)
		}
		seats := r.Seats(s)
		seat := game.Seat("narnia")
		if int(seatIdx) < len(seats) {
			seat = seats[seatIdx]
		}
		before, err := r.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = r.Apply(s, seat, game.Action{Type: typ, Args: []byte(args)})
		after, merr := r.Marshal(s)
		if merr != nil {
			t.Fatal(merr)
		}
		if err != nil && !bytes.Equal(before, after) {
			t.Fatalf("refused (%v) but the state changed", err)
		}
		if err == nil {
			if _, uerr := r.Unmarshal(after); uerr != nil {
				t.Fatalf("accepted, but the state does not unmarshal: %v", uerr)
			}
			r.View(s, seat)
			r.Pending(s)
		}
	})
}

// The order-writing variants with the map-changing ones they combine with
// play whole games through the contract: seismic phases (events from
// RandomActions) and splits between the seats' orders.
func TestOrderVariantsWithMapChanges(t *testing.T) {
	for _, opts := range []map[string]string{
		{"payola": "true", "seismic": "true"},
		{"payola": "true", "schizo": "true", "black_hole": "true"},
		{"double": "true", "schizo": "true"},
		{"reverse_gunboat": "true", "schizo": "true"},
		{"intimate": "true", "players": "england,france", "schizo": "true"},
	} {
		gs, _ := playVariantGame(t, game.Config{Options: opts}, 5, 30)
		if gs.Pos.Phase.Year < 1903 {
			t.Errorf("%v: the game stopped in %s", opts, gs.Pos.Phase)
		}
		if opts["schizo"] == "true" && len(gs.Pos.Map.Edits()) < 3 {
			t.Errorf("%v: %d map edits after %s, want splits and destructions", opts, len(gs.Pos.Map.Edits()), gs.Pos.Phase)
		}
		if opts["seismic"] == "true" {
			seismic := 0
			for _, h := range gs.History {
				if h.Position.Phase.Type == "seismic" {
					seismic++
				}
			}
			if seismic == 0 {
				t.Errorf("%v: no seismic phase in %d phases", opts, len(gs.History))
			}
		}
	}
}
