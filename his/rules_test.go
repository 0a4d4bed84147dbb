package his

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"concordat/game"
)

// randomPath walks an options tree choosing at random.
func randomPath(r *rand.Rand, ch []game.Choice) []string {
	var p []string
	for len(ch) > 0 {
		c := ch[r.IntN(len(ch))]
		p = append(p, c.Value)
		ch = c.Next
	}
	return p
}

// playRandom plays a whole game with random legal choices (announcements:
// done) and returns its record.
func playRandom(t testing.TB, seed uint64, cfg game.Config) (game.Record, game.State) {
	t.Helper()
	var rules Rules
	st, err := rules.Setup(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: "his", Config: cfg, Seed: seed}
	r := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < 100000; i++ {
		if over, _ := rules.Over(st); over {
			return rec, st
		}
		pr := rules.Pending(st)
		if len(pr) != 1 {
			t.Fatalf("step %d: want one prompt, have %v", i, pr)
		}
		var a game.Action
		if pr[0].Kind == kAnnounce && i%2 == 0 {
			a = game.NewAction(kAnnounce, Deal{Done: true})
		} else {
			opts := rules.Legal(st, pr[0].Seat)
			if opts.Kind != pr[0].Kind || len(opts.Choices) == 0 {
				t.Fatalf("step %d: prompt %v has options %+v", i, pr[0], opts)
			}
			a = game.NewAction(opts.Kind, randomPath(r, opts.Choices))
		}
		st, _, err = rules.Apply(st, pr[0].Seat, a)
		if err != nil {
			t.Fatalf("step %d: %s %s: %v", i, pr[0].Seat, a.Args, err)
		}
		rec.Steps = append(rec.Steps, game.Step{Seat: pr[0].Seat, Action: a})
	}
	t.Fatal("the game did not end")
	return rec, st
}

func TestRandomGamesReplayIdentically(t *testing.T) {
	var rules Rules
	for _, ed := range []string{"500th", "2010"} {
		cfg := game.Config{Variant: "1517", Options: map[string]string{"edition": ed}}
		for seed := uint64(1); seed <= 2; seed++ {
			played, final := playRandom(t, seed, cfg)
			if len(played.Steps) < 50 {
				t.Fatalf("seed %d: only %d steps", seed, len(played.Steps))
			}
			// The record survives storage as JSON.
			rb, err := json.Marshal(played)
			if err != nil {
				t.Fatal(err)
			}
			var rec game.Record
			if err := json.Unmarshal(rb, &rec); err != nil {
				t.Fatal(err)
			}
			// Snapshot every state of the first run, then replay and compare.
			var first [][]byte
			cur, _ := rules.Setup(cfg, seed)
			b, _ := rules.Marshal(cur)
			first = append(first, b)
			for _, st := range rec.Steps {
				cur, _, _ = rules.Apply(cur, st.Seat, st.Action)
				b, _ := rules.Marshal(cur)
				first = append(first, b)
			}
			i := 0
			_, err = game.Replay(rules, rec, func(step int, s game.State) {
				b, err := rules.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b, first[i]) {
					t.Fatalf("seed %d: replay differs at step %d", seed, step)
				}
				i++
			})
			if err != nil {
				t.Fatal(err)
			}
			fb, _ := rules.Marshal(final)
			if !bytes.Equal(fb, first[len(first)-1]) {
				t.Fatalf("seed %d: final state differs", seed)
			}
		}
	}
}

func TestMarshalRoundTripAndClone(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 42)
	b, err := rules.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	st2, err := rules.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := rules.Marshal(st2)
	if !bytes.Equal(b, b2) {
		t.Fatal("Unmarshal(Marshal(s)) differs")
	}
	c := rules.Clone(st).(*State)
	c.Powers[France].Hand = append(c.Powers[France].Hand, 99)
	c.Spaces[0].Units[Scotland].Reg = 77
	if len(st.(*State).Powers[France].Hand) == len(c.Powers[France].Hand) || st.(*State).Spaces[0].Units[Scotland].Reg == 77 {
		t.Fatal("a change to the clone shows in the original")
	}
	if _, err := rules.Unmarshal([]byte(`{"leaders":[]}`)); err == nil {
		t.Fatal("a snapshot without leaders was accepted")
	}
}

func TestSetupRefusesBadConfig(t *testing.T) {
	var rules Rules
	for _, cfg := range []game.Config{
		{Variant: "1540"},
		{Options: map[string]string{"players": "7"}},
		{Options: map[string]string{"players": "two"}},
		{Options: map[string]string{"edition": "1999"}},
		{Options: map[string]string{"colour": "red"}},
	} {
		if _, err := rules.Setup(cfg, 1); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

func TestApplyRefusalLeavesStateUnchanged(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 3)
	throughTheses(t, st.(*State))
	before, _ := rules.Marshal(st)
	pr := rules.Pending(st)
	if len(pr) != 1 || pr[0].Seat != "england" || pr[0].Kind != kAnnounce {
		t.Fatalf("turn 1 should open with England's announcement, have %v", pr)
	}
	bad := []struct {
		seat game.Seat
		a    game.Action
	}{
		{"france", game.NewAction(kAnnounce, Deal{Done: true})},                                                           // not France's turn
		{"england", game.NewAction("impulse", []string{"pass"})},                                                          // wrong kind
		{"england", game.NewAction(kAnnounce, Deal{Items: []Item{{Type: "peace", A: "england", B: "france"}}})},           // not at war
		{"england", game.NewAction(kAnnounce, Deal{Items: []Item{{Type: "alliance", A: "england", B: "papacy"}}})},        // turn 1: partners
		{"england", game.NewAction(kAnnounce, Deal{Items: []Item{{Type: "cards", From: "england", To: "france", N: 3}}})}, // too many
		{"england", game.NewAction(kAnnounce, Deal{Items: []Item{{Type: "teleport"}}})},
		{"england", game.Action{Type: kAnnounce, Args: json.RawMessage(`[1,2]`)}},
	}
	for _, b := range bad {
		_, _, err := rules.Apply(st, b.seat, b.a)
		if err == nil || !errors.Is(err, ErrIllegal) {
			t.Errorf("%s %s %s: want an illegal-action error, have %v", b.seat, b.a.Type, b.a.Args, err)
		}
		after, _ := rules.Marshal(st)
		if !bytes.Equal(before, after) {
			t.Fatalf("refused action %s changed the state", b.a.Args)
		}
	}
}

func TestViewHidesHandsAndDeck(t *testing.T) {
	var rules Rules
	st, _ := rules.Setup(game.Config{}, 9)
	s := st.(*State)
	for _, seat := range []game.Seat{"france", game.System} {
		b, _ := json.Marshal(rules.View(st, seat))
		var v struct {
			Deck   any                       `json:"deck"`
			Powers map[string]map[string]any `json:"powers"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if _, ok := v.Deck.(float64); !ok {
			t.Fatalf("%s sees the deck as %T, want a count", seat, v.Deck)
		}
		for p, e := range v.Powers {
			_, has := e["hand"]
			if has != (p == string(seat)) {
				t.Errorf("%s sees %s's hand: %v", seat, p, has)
			}
			if int(e["hand_size"].(float64)) != len(s.Powers[pw(p)].Hand) {
				t.Errorf("%s hand size wrong", p)
			}
		}
	}
}

// Wrong actions at random points of random games are refused and change
// nothing.
func TestRefusedActionsChangeNothing(t *testing.T) {
	var rules Rules
	rec, _ := playRandom(t, 77, game.Config{})
	st, _ := rules.Setup(rec.Config, rec.Seed)
	r := rand.New(rand.NewPCG(1, 2))
	seats := rules.Seats(st)
	junk := []game.Action{
		game.NewAction("impulse", []string{"fly"}),
		game.NewAction("debate.flip", []string{"atlantis"}),
		game.NewAction("winter.land", []string{"rome"}),
		game.NewAction(kAnnounce, Deal{Items: []Item{{Type: "cede", From: "papacy", To: "france", Space: "rome"}}}),
		{Type: "diplomacy.war"},
		{Type: "diplomacy.war", Args: []byte(`{"x":1}`)},
	}
	for i, step := range rec.Steps {
		if i%7 == 0 {
			before, _ := rules.Marshal(st)
			a := junk[r.IntN(len(junk))]
			seat := seats[r.IntN(len(seats))]
			if r.IntN(2) == 0 { // the right seat and kind, with a bad path
				pr := rules.Pending(st)
				seat, a = pr[0].Seat, game.NewAction(pr[0].Kind, []string{"no-such-choice", "x"})
			}
			if _, _, err := rules.Apply(st, seat, a); err == nil {
				t.Fatalf("step %d: %s %s %s accepted", i, seat, a.Type, a.Args)
			}
			after, _ := rules.Marshal(st)
			if !bytes.Equal(before, after) {
				t.Fatalf("step %d: refused %s changed the state", i, a.Type)
			}
		}
		var err error
		if st, _, err = rules.Apply(st, step.Seat, step.Action); err != nil {
			t.Fatal(err)
		}
	}
}
