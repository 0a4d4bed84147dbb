package botplay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// viewCases are the standard game and the variants, alone and (where the
// engine combines them) under Fog of War, an older edition and another
// map.
var viewCases = []game.Config{
	{},
	{Options: map[string]string{"fog": "true"}},
	{Options: map[string]string{"preset": "5p", "catspaw": "true"}},
	{Options: map[string]string{"preset": "5p", "catspaw": "true", "fog": "true"}},
	{Options: map[string]string{"payola": "true"}},
	{Options: map[string]string{"payola": "true", "fog": "true"}},
	{Options: map[string]string{"crystal_ball": "true"}},
	{Options: map[string]string{"crystal_ball": "true", "fog": "true"}},
	{Options: map[string]string{"intimate": "true", "players": "england,turkey"}},
	{Options: map[string]string{"intimate": "true", "players": "france,russia", "fog": "true"}},
	{Options: map[string]string{"anarchy": "true"}},
	{Options: map[string]string{"anarchy": "true", "fog": "true"}},
	{Options: map[string]string{"seismic": "true"}},
	{Options: map[string]string{"seismic": "true", "fog": "true"}},
	{Options: map[string]string{"black_hole": "true"}},
	{Options: map[string]string{"black_hole": "true", "fog": "true"}},
	{Options: map[string]string{"schizo": "true", "fog": "true"}},
	{Options: map[string]string{"double": "true"}},
	{Options: map[string]string{"double": "true", "black_hole": "true"}},
	{Options: map[string]string{"reverse_gunboat": "true"}},
	{Options: map[string]string{"reverse_gunboat": "true", "black_hole": "true"}},
	{Options: map[string]string{"rules": "1971"}},
	{Variant: "chaos", Options: map[string]string{"fog": "true"}},
}

// viewOf is seat's view of st as the API serves it.
func viewOf(t *testing.T, st game.State, seat game.Seat) []byte {
	t.Helper()
	b, err := json.Marshal(diplomacy.Rules{}.View(st, seat))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameAsSeen checks that the state rebuilt from seat's view of st shows
// seat the same view, byte for byte, and offers it the same legal
// options: the rebuilt state holds what the seat sees.
func sameAsSeen(t *testing.T, what string, st game.State, seat game.Seat) {
	t.Helper()
	r := diplomacy.Rules{}
	view := viewOf(t, st, seat)
	rb, err := diplomacy.StateFromView(view, seat)
	if err != nil {
		t.Fatalf("%s %s: StateFromView: %v\nview: %s", what, seat, err, view)
	}
	if again := viewOf(t, rb, seat); !bytes.Equal(again, view) {
		t.Fatalf("%s %s: the rebuilt state's view differs:\nreal:    %s\nrebuilt: %s", what, seat, view, again)
	}
	l1, _ := json.Marshal(r.Legal(st, seat))
	l2, _ := json.Marshal(r.Legal(rb, seat))
	if !bytes.Equal(l1, l2) {
		t.Fatalf("%s %s: the rebuilt state's legal options differ:\nreal:    %s\nrebuilt: %s", what, seat, l1, l2)
	}
}

// The state rebuilt from a seat's view (StateFromView) is that seat's
// whole knowledge: over a few years of games of the standard game and of
// every variant, played by heuristic and random seats (and readied by
// some), at the start of each window and after each answer, every seat's
// view of the rebuilt state is its view of the real one, byte for byte,
// and its legal options are the same. (The rebuilt state copies only the
// view's list of the seats still writing; everything else is recomputed
// from the rebuilt board and choices.)
func TestRebuildFromView(t *testing.T) {
	heur := Bot{Player: Heuristic{Noise: DefaultNoise}}
	for ci, cfg := range viewCases {
		what := fmt.Sprint(cfg)
		playMixed(t, cfg, uint64(ci+1), 9, func(st game.State, i int, seat game.Seat) game.Bot {
			if i%2 == 0 {
				return heur
			}
			return diplomacy.Rules{}
		}, func(st game.State, seat game.Seat) {
			if seat != "" {
				sameAsSeen(t, what, st, seat)
				return
			}
			for _, s := range (diplomacy.Rules{}).Seats(st) {
				sameAsSeen(t, what, st, s)
			}
		}, nil)
	}
}

// playMixed plays phases windows of a game from opts and seed: each
// pending seat answered by botFor's bot (by the seat's index in the
// prompts; nil: nothing), up to four actions while its prompt is not
// submitted, every third seat then readied; seen is called at each
// window's start with seat "" and after each action with its seat; via,
// when set, gives the action (from the view, for instance) in place of the
// bot's own. Every answer must be accepted.
func playMixed(t *testing.T, cfg game.Config, seed uint64, phases int,
	botFor func(st game.State, i int, seat game.Seat) game.Bot,
	seen func(st game.State, seat game.Seat),
	via func(st game.State, seat game.Seat, rng game.RNG) (game.Action, bool)) {
	t.Helper()
	r := diplomacy.Rules{}
	what := fmt.Sprint(cfg)
	st, err := r.Setup(cfg, seed)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	for ph := 0; ph < phases; ph++ {
		if over, _ := r.Over(st); over {
			break
		}
		seen(st, "")
		for i, p := range r.Pending(st) {
			bot := botFor(st, i, p.Seat)
			if bot == nil {
				continue
			}
			for k := 0; k < 4; k++ {
				rng := game.BotRNG(seed, int64(ph*1000+i*10+k))
				a, ok := game.Action{}, false
				if via != nil {
					a, ok = via(st, p.Seat, rng)
				}
				if !ok {
					if a, err = bot.BotAction(st, p.Seat, &rng); err != nil {
						break
					}
				}
				if err := r.Vet(st, p.Seat, a); err != nil {
					t.Fatalf("%s %s %s: refused by Vet: %v (%s %s)", what, r.Window(st), p.Seat, err, a.Type, a.Args)
				}
				for _, c := range r.Check(st, p.Seat, a) {
					if !c.Valid {
						t.Fatalf("%s %s %s: invalid order %q: %s", what, r.Window(st), p.Seat, c.Item, c.Reason)
					}
				}
				if st, _, err = r.Apply(st, p.Seat, a); err != nil {
					t.Fatalf("%s %s %s: refused: %v (%s %s)", what, r.Window(st), p.Seat, err, a.Type, a.Args)
				}
				seen(st, p.Seat)
				if owesStill(r.Pending(st), p.Seat) {
					continue
				}
				break
			}
			if i%3 == 0 {
				if st, _, err = r.Apply(st, p.Seat, game.NewAction("ready", map[string]bool{"ready": true})); err != nil {
					t.Fatalf("%s %s: ready: %v", what, p.Seat, err)
				}
				seen(st, p.Seat)
			}
		}
		if st, _, err = r.Apply(st, game.System, game.Action{Type: game.Advance}); err != nil {
			t.Fatal(err)
		}
	}
}

// owesStill reports whether seat's prompt in ps is not submitted yet.
func owesStill(ps []game.Prompt, seat game.Seat) bool {
	for _, p := range ps {
		if p.Seat == seat {
			return !p.Submitted
		}
	}
	return false
}

// The heuristic playing from a seat's view (BotActionFromView: view JSON
// and legal options in, as a bot outside the server has them) plays the
// standard game and every variant: over a few years with heuristic seats
// answered that way against random ones, the rules accept every answer
// (Vet, no invalid order, Apply), and each answer is the one the
// in-server bot (BotAction on the real state) gives with the same
// generator, Fog of War or not, as the in-server bot too plays only on
// what its seat sees.
func TestHeuristicFromView(t *testing.T) {
	fromViewGames(t, Bot{Player: Heuristic{Noise: DefaultNoise}}, viewCases, 9)
}

// The search player (bounded by iterations, so that its answers depend
// only on its inputs) plays from a seat's view as in the server too: the
// same answers, all accepted, in a standard and a Fog of War game.
func TestSearchFromView(t *testing.T) {
	fromViewGames(t, Bot{Player: Search{Iterations: 3, Depth: 1}}, viewCases[:2], 6)
}

// fromViewGames plays phases windows of a game of each case with heur's
// seats (the even ones) answered from their views, checking each answer
// against heur's in-server answer.
func fromViewGames(t *testing.T, heur Bot, cases []game.Config, phases int) {
	for ci, cfg := range cases {
		what := fmt.Sprint(cfg)
		answered := 0
		playMixed(t, cfg, uint64(100+ci), phases, func(st game.State, i int, seat game.Seat) game.Bot {
			if i%2 == 0 {
				return heur
			}
			return diplomacy.Rules{}
		}, func(game.State, game.Seat) {}, func(st game.State, seat game.Seat, rng game.RNG) (game.Action, bool) {
			if !isHeuristicSeat(st, seat) {
				return game.Action{}, false
			}
			r := diplomacy.Rules{}
			rv, rs := rng, rng
			a, err := heur.BotActionFromView(viewOf(t, st, seat), r.Legal(st, seat), seat, &rv)
			want, werr := heur.BotAction(st, seat, &rs)
			if (err == nil) != (werr == nil) {
				t.Fatalf("%s %s %s: from the view: %v; in the server: %v", what, r.Window(st), seat, err, werr)
			}
			if err != nil {
				return game.Action{}, false
			}
			if a.Type != want.Type || !bytes.Equal(a.Args, want.Args) {
				t.Fatalf("%s %s %s: from the view %s %s, in the server %s %s", what, r.Window(st), seat, a.Type, a.Args, want.Type, want.Args)
			}
			answered++
			return a, true
		})
		if answered == 0 {
			t.Fatalf("%s: no answer from a view", what)
		}
		t.Logf("%s: %d answers from the view", what, answered)
	}
}

// isHeuristicSeat is the seats playMixed's botFor gives the heuristic in
// TestHeuristicFromView: the even ones in the prompts' order.
func isHeuristicSeat(st game.State, seat game.Seat) bool {
	for i, p := range (diplomacy.Rules{}).Pending(st) {
		if p.Seat == seat {
			return i%2 == 0
		}
	}
	return false
}
