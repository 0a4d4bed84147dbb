package his

import (
	"bytes"
	"encoding/json"
	"testing"

	"concordat/game"
)

// Random games play to their end (or the turn cap) with every answer drawn
// from the options trees (and random deals) accepted by Apply, in both
// editions, and their deals are real: some are announced and take effect.
func TestRandomGamesPlayToTheEnd(t *testing.T) {
	seeds := uint64(20)
	if testing.Short() {
		seeds = 6
	}
	deals, effective := 0, 0
	for _, ed := range []string{"500th", "2010"} {
		cfg := game.Config{Variant: "1517", Options: map[string]string{"edition": ed}}
		for seed := uint64(1); seed <= seeds; seed++ {
			rec, s, err := PlayRandom(cfg, seed, RandomTurns)
			if err != nil {
				t.Fatalf("edition %s: %v", ed, err)
			}
			if s.Phase != PhaseOver {
				t.Fatalf("edition %s seed %d: the game stopped in turn %d, %s, not over", ed, seed, s.Turn, s.Phase)
			}
			if s.Result == "" || len(s.Winners) == 0 {
				t.Fatalf("edition %s seed %d: over without a result or winner", ed, seed)
			}
			kinds := map[string]bool{}
			for _, st := range rec.Steps {
				kinds[st.Action.Type] = true
				if st.Action.Type == kAnnounce && bytes.Contains(st.Action.Args, []byte(`"items"`)) {
					deals++
				}
			}
			for _, k := range []string{kReform, kAnnounce, kImpulse, kWinLand} {
				if !kinds[k] && s.Turn > 1 {
					t.Errorf("edition %s seed %d: no %s decision in %d steps", ed, seed, k, len(rec.Steps))
				}
			}
			if seed <= 5 {
				effective += s.dealsTakenEffect(rec)
			}
		}
	}
	if deals == 0 || effective == 0 {
		t.Fatalf("random play announced %d deals, %d took effect: want some of each", deals, effective)
	}
	t.Logf("%d deals announced, %d took effect", deals, effective)
}

// dealsTakenEffect replays rec and counts the deals that took effect.
func (*State) dealsTakenEffect(rec game.Record) int {
	var rules Rules
	st, _ := rules.Setup(rec.Config, rec.Seed)
	n := 0
	for _, step := range rec.Steps {
		_, ev, err := rules.Apply(st, step.Seat, step.Action)
		if err != nil {
			return -1 << 20
		}
		for _, e := range ev {
			if e.Type == "deal" && bytes.HasPrefix([]byte(e.Text), []byte("deal takes effect")) {
				n++
			}
		}
	}
	return n
}

// A random game is a pure function of its seed, and its record (through
// JSON, as stored) replays to a byte-identical state at every step.
func TestRandomGameReplaysIdentically(t *testing.T) {
	var rules Rules
	for _, seed := range []uint64{3, 11, 12} {
		rec, final, err := RandomGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		rec2, final2, err := RandomGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(rec)
		b, _ := json.Marshal(rec2)
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two random games differ", seed)
		}
		var stored game.Record
		if err := json.Unmarshal(a, &stored); err != nil {
			t.Fatal(err)
		}
		// Every state of a live replay, against the replay of the stored record.
		var live [][]byte
		cur, _ := rules.Setup(rec.Config, rec.Seed)
		m, _ := rules.Marshal(cur)
		live = append(live, m)
		for _, st := range rec.Steps {
			if _, _, err := rules.Apply(cur, st.Seat, st.Action); err != nil {
				t.Fatal(err)
			}
			m, _ := rules.Marshal(cur)
			live = append(live, m)
		}
		i := 0
		got, err := game.Replay(rules, stored, func(step int, s game.State) {
			m, err := rules.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(m, live[i]) {
				t.Fatalf("seed %d: replay differs at step %d", seed, step)
			}
			i++
		})
		if err != nil {
			t.Fatal(err)
		}
		if i != len(rec.Steps)+1 {
			t.Fatalf("seed %d: replay visited %d states, want %d", seed, i, len(rec.Steps)+1)
		}
		for _, s := range []game.State{final, final2, got} {
			m, _ := rules.Marshal(s)
			if !bytes.Equal(m, live[len(live)-1]) {
				t.Fatalf("seed %d: a final state differs from the replay's", seed)
			}
		}
		if over, _ := rules.Over(got); !over {
			t.Fatalf("seed %d: the replayed game is not over", seed)
		}
	}
}

// randomLeaf draws complete paths uniformly among the leaves, not the
// branches: a branch with three leaves is drawn three times as often as a
// leaf beside it.
func TestRandomLeafIsUniformOverLeaves(t *testing.T) {
	tree := []game.Choice{
		{Value: "a", Next: []game.Choice{{Value: "x"}, {Value: "y"}, {Value: "z", Next: []game.Choice{{Value: "1"}}}}},
		{Value: "b"},
	}
	r := game.NewRNG(1)
	count := map[string]int{}
	const n = 40000
	for i := 0; i < n; i++ {
		p, err := randomLeaf(tree, &r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p)
		count[string(b)]++
	}
	want := []string{`["a","x"]`, `["a","y"]`, `["a","z","1"]`, `["b"]`}
	if len(count) != len(want) {
		t.Fatalf("paths drawn: %v", count)
	}
	for _, w := range want {
		if c := count[w]; c < n/4-n/40 || c > n/4+n/40 {
			t.Errorf("%s drawn %d times of %d, want about %d", w, c, n, n/4)
		}
	}
	if _, err := randomLeaf(nil, &r); err == nil {
		t.Error("an empty tree gave a path")
	}
}

// RandomAction refuses a seat that owes nothing, and its answers are
// accepted by Apply.
func TestRandomActionSeat(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 4)
	r := game.NewRNG(9)
	if _, err := RandomAction(st, "papacy", &r); err == nil {
		t.Fatal("the Papacy drew an answer to the Protestant's decision")
	}
	a, err := RandomAction(st, "protestant", &r)
	if err != nil || a.Type != kReform {
		t.Fatalf("the Protestant's answer: %+v, %v", a, err)
	}
	var p []string
	if err := json.Unmarshal(a.Args, &p); err != nil || len(p) != 1 {
		t.Fatalf("args %s", a.Args)
	}
	if _, err := SpaceByID(p[0]); err != nil {
		t.Fatalf("target %q: %v", p[0], err)
	}
	if _, _, err := rules.Apply(st, "protestant", a); err != nil {
		t.Fatal(err)
	}
}

// A random announcement is done three times in four, else a small deal
// between the announcer and one other power: on turn 2 France (at war with
// the Hapsburgs and the Papacy since 1517) draws peace, peace and alliance,
// alliance and cards, every one of which Apply accepts.
func TestRandomDeals(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	kinds := map[string]int{}
	r := game.NewRNG(5)
	for i := 0; i < 400; i++ {
		a, err := RandomAction(s, "france", &r)
		if err != nil {
			t.Fatal(err)
		}
		if string(a.Args) == `["done"]` {
			kinds["done"]++
			continue
		}
		var deal Deal
		if err := json.Unmarshal(a.Args, &deal); err != nil || len(deal.Items) == 0 || len(deal.Items) > 2 {
			t.Fatalf("deal %s: %v", a.Args, err)
		}
		parties, err := deal.parties()
		if err != nil || len(parties) != 2 || (parties[0] != France && parties[1] != France) {
			t.Fatalf("deal %s: parties %v, %v", a.Args, parties, err)
		}
		key := deal.Items[0].Type
		if len(deal.Items) == 2 {
			key += "+" + deal.Items[1].Type
		}
		kinds[key]++
		if _, _, err := (Rules{}).Apply(s.Clone(), "france", a); err != nil {
			t.Fatalf("deal %s refused: %v", a.Args, err)
		}
	}
	if kinds["done"] < 250 || kinds["done"] > 350 {
		t.Errorf("done %d times of 400, want about 300", kinds["done"])
	}
	for _, k := range []string{"alliance", "cards"} {
		if kinds[k] == 0 {
			t.Errorf("no %s deal drawn: %v", k, kinds)
		}
	}
	if !s.AtWar(France, Hapsburg) {
		t.Fatal("the 1517 setup has France and the Hapsburgs at war")
	}
	if kinds["peace"]+kinds["peace+alliance"] == 0 {
		t.Errorf("no peace drawn between France and the Hapsburgs: %v", kinds)
	}
	t.Logf("%v", kinds)
}

// With nothing to offer (no cards, no war, allied with everyone) the
// announcement is always done.
func TestRandomDealNoneLegal(t *testing.T) {
	s := diploState(t, Ed500, 2)
	announceDone(t, s, France)
	for q := Power(0); q < NumMajors; q++ {
		s.Powers[q].Hand = nil
		if q != France {
			s.setWar(France, q, false)
			s.setAlly(France, q, true)
		}
	}
	r := game.NewRNG(6)
	for i := 0; i < 50; i++ {
		a, err := RandomAction(s, "france", &r)
		if err != nil || string(a.Args) != `["done"]` {
			t.Fatalf("want done, have %s, %v", a.Args, err)
		}
	}
}

// pathArgs writes what json.Marshal writes, and path (its plain fast form
// or encoding/json) reads what encoding/json reads, refusing what it
// refuses.
func TestPathEncodingMatchesEncodingJSON(t *testing.T) {
	paths := [][]string{{}, {"done"}, {"cp", "12"}, {"paris", "charles_v+duke_of_alva", "metz", "2:1:0"},
		{"a\"b"}, {"<&>"}, {"é"}, {"tab\there"}, {"back\\slash"}, {""}, {"", "x"}}
	for _, p := range paths {
		want, _ := json.Marshal(p)
		if got := pathArgs(p); !bytes.Equal(got, want) {
			t.Errorf("pathArgs(%q) = %s, want %s", p, got, want)
		}
	}
	inputs := []string{`[]`, `["done"]`, `["cp","12"]`, `["a","b","c"]`, `[""]`, `["",""]`, `["<&>"]`,
		`[ "a"]`, `["a" ]`, `["a",]`, `[,"a"]`, `["a""b"]`, `["a\"b"]`, `["a\\b"]`, `["\u00e9"]`, `["é"]`,
		`["a"`, `"a"]`, `[1]`, `["a",1]`, `null`, `{}`, `["a"]x`, `[]]`, `[[]]`, `["a","b`, `["`, `[`, `]`, ``}
	for _, in := range inputs {
		got, err := path(game.Action{Type: "x", Args: json.RawMessage(in)})
		var want []string
		werr := json.Unmarshal([]byte(in), &want)
		if in == "" {
			werr = ErrIllegal // path refuses missing arguments
		}
		if (err == nil) != (werr == nil) {
			t.Errorf("%s: path error %v, encoding/json error %v", in, err, werr)
			continue
		}
		if err == nil && (len(got) != len(want) || string(mustJSON(got)) != string(mustJSON(want))) {
			t.Errorf("%s: path %q, encoding/json %q", in, got, want)
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// Apply checks an action's path against pathChoices (done, or the chosen
// action's branch alone) instead of the whole menu: for the paths of the
// menu, their prefixes and extensions, and foreign words, both give the
// same verdict and the same message, at every action decision of random
// games.
func TestPathChoicesAgreeWithTheTree(t *testing.T) {
	var rules Rules
	r := game.NewRNG(3)
	checked := 0
	for _, seed := range []uint64{2, 9} {
		rec, _, err := RandomGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := rules.Setup(rec.Config, rec.Seed)
		s := st.(*State)
		for _, step := range rec.Steps {
			if d, _ := s.top(); d.Kind == kAction {
				full := s.choices(d)
				var paths [][]string
				for i := 0; i < 8; i++ {
					p, err := randomLeaf(full, &r)
					if err != nil {
						t.Fatal(err)
					}
					paths = append(paths, p, p[:len(p)-1], append(append([]string(nil), p...), "x"))
				}
				paths = append(paths, []string{"done"}, []string{"done", "x"}, []string{"fly"}, []string{"fly", "x"}, nil)
				for _, c := range full {
					if c.Value == "move" { // moves from a space that is not a source, or no space
						paths = append(paths, []string{"move", "atlantis"}, []string{"move", "rome", "none", "paris", "1:0:0"})
					}
				}
				for _, p := range paths {
					want, got := choose(full, p), choose(s.pathChoices(d, p), p)
					if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
						t.Fatalf("seed %d, %q: the whole tree says %v, pathChoices %v", seed, p, want, got)
					}
					checked++
				}
			}
			if _, _, err := rules.Apply(s, step.Seat, step.Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d paths checked", checked)
	}
}
