package his

import (
	"encoding/json"
	"fmt"
	"runtime/debug"

	"concordat/game"
)

// Random play: a player that answers every decision with a uniformly random
// legal answer, for tests (every path the options trees offer must be
// accepted), benchmarks (`concordat bench his`) and bots that need a
// baseline. It knows two decision kinds: "diplomacy.announce" (deals) and
// "impulse" (a card is played as an event as often as for CP); everything
// else is driven by the options tree that Legal returns, so every decision
// an action family adds is played as soon as it is registered.

// dealOdds is the chance, one in dealOdds, that a random announcement
// offers a deal rather than announcing done.
const dealOdds = 4

// RandomAction is a random legal answer to the decision seat owes in st
// (a *State), drawn from r; st is not changed.
//
// For an impulse it draws pass or one card of the hand uniformly, then one
// of the ways that card may be played uniformly (for CP or as an event),
// then the event's choices uniformly among their leaves. For every other
// decision but "diplomacy.announce" the answer is a path of the options
// tree from Legal, drawn uniformly among the tree's complete paths (its
// leaves). For "diplomacy.announce" it is usually done; one time in
// four it is a small deal between the announcing power and another major
// power, drawn uniformly among the candidate deals the engine accepts now:
// peace, peace and alliance, alliance, or one or two random cards either
// way. If no candidate is accepted the answer is done.
//
// It returns an error when seat owes no decision, or when the decision's
// options tree is empty (an engine bug: a decision must have an answer).
func RandomAction(st game.State, seat game.Seat, r *game.RNG) (game.Action, error) {
	s := state(st)
	d, ok := s.top()
	if !ok || s.Phase == PhaseOver || game.Seat(s.seatOf(d.Power).String()) != seat {
		return game.Action{}, fmt.Errorf("his: %s owes no decision", seat)
	}
	if d.Kind == kAnnounce && r.Intn(dealOdds) == 0 {
		if a, ok := s.randomDeal(d.Power, r); ok {
			return a, nil
		}
	}
	var p []string
	var err error
	if d.Kind == kImpulse {
		p, err = randomImpulse(s.choices(d), r)
	} else {
		p, err = randomLeaf(s.choices(d), r)
	}
	if err != nil {
		return game.Action{}, fmt.Errorf("his: %s, %s: %w", seat, d.Kind, err)
	}
	return game.Action{Type: d.Kind, Args: pathArgs(p)}, nil
}

// pathArgs encodes a path as the JSON array of strings json.Marshal would
// write, without reflection when every value is plain printable ASCII
// (ids, numbers, r:m:c).
func pathArgs(p []string) json.RawMessage {
	n := 2
	for _, v := range p {
		if !plainJSON(v) {
			b, _ := json.Marshal(p)
			return b
		}
		n += len(v) + 3
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i, v := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, v...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// plainJSON reports whether v is written unchanged inside a JSON string by
// encoding/json: printable ASCII but the quote, the backslash and the
// characters it escapes for HTML (<, >, &).
func plainJSON(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// randomLeaf draws one complete path of an options tree, uniformly among
// its leaves.
func randomLeaf(cs []game.Choice, r *game.RNG) ([]string, error) {
	if len(cs) == 0 {
		return nil, fmt.Errorf("the options tree is empty")
	}
	var path []string
	n := leaves(cs)
	for len(cs) > 0 {
		k := r.Intn(n)
		for i := range cs {
			m := leaves1(&cs[i])
			if k < m {
				path = append(path, cs[i].Value)
				n = m
				cs = cs[i].Next
				break
			}
			k -= m
		}
	}
	return path, nil
}

// randomImpulse draws an impulse: pass or a card, uniformly (each card of
// the hand once, whatever its modes), then for a card one of the ways it
// may be played (for CP, as an event, shown under Mary I), uniformly, so
// that a card playable both ways is played as an event as often as for CP;
// then the event's choices uniformly among their leaves.
func randomImpulse(cs []game.Choice, r *game.RNG) ([]string, error) {
	if len(cs) == 0 {
		return nil, fmt.Errorf("the options tree is empty")
	}
	type mode struct {
		branch int
		card   int
	}
	var cards []string
	modes := map[string][]mode{}
	pass := -1
	for i := range cs {
		if len(cs[i].Next) == 0 {
			pass = i
			continue
		}
		for j, c := range cs[i].Next {
			if _, ok := modes[c.Value]; !ok {
				cards = append(cards, c.Value)
			}
			modes[c.Value] = append(modes[c.Value], mode{i, j})
		}
	}
	n := len(cards)
	if pass >= 0 {
		n++
	}
	k := r.Intn(n)
	if k == len(cards) {
		return []string{cs[pass].Value}, nil
	}
	ms := modes[cards[k]]
	m := ms[r.Intn(len(ms))]
	c := &cs[m.branch].Next[m.card]
	path := []string{cs[m.branch].Value, c.Value}
	if len(c.Next) == 0 {
		return path, nil
	}
	rest, err := randomLeaf(c.Next, r)
	return append(path, rest...), err
}

// leaves counts the complete paths of a tree.
func leaves(cs []game.Choice) int {
	n := 0
	for i := range cs {
		n += leaves1(&cs[i])
	}
	return n
}

func leaves1(c *game.Choice) int {
	if len(c.Next) == 0 {
		return 1
	}
	return leaves(c.Next)
}

// dealArgs is the argument of a deal announcement, as a client sends it.
type dealArgs struct {
	Items []Item `json:"items"`
}

// randomDeal draws a deal p may announce now among small candidates and
// returns the announcement; false if the engine accepts none of them. Each
// candidate is tried on a copy of the state, so only deals Apply accepts
// are returned.
func (s *State) randomDeal(p Power, r *game.RNG) (game.Action, bool) {
	var cands [][]Item
	for q := Power(0); q < NumMajors; q++ {
		if q == p {
			continue
		}
		a, b := p.String(), q.String()
		if s.AtWar(p, q) {
			cands = append(cands,
				[]Item{{Type: "peace", A: a, B: b}},
				[]Item{{Type: "peace", A: a, B: b}, {Type: "alliance", A: a, B: b}})
		} else if !s.Allied(p, q) {
			cands = append(cands, []Item{{Type: "alliance", A: a, B: b}})
		}
		for n := 1; n <= 2; n++ {
			if len(s.drawable(p)) >= n {
				cands = append(cands, []Item{{Type: "cards", From: a, To: b, N: n}})
			}
			if len(s.drawable(q)) >= n {
				cands = append(cands, []Item{{Type: "cards", From: b, To: a, N: n}})
			}
		}
	}
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	seat := game.Seat(p.String())
	for _, items := range cands {
		a := game.NewAction(kAnnounce, dealArgs{Items: items})
		if _, _, err := (Rules{}).Apply(s.Clone(), seat, a); err == nil {
			return a, true
		}
	}
	return game.Action{}, false
}

// RandomTurns is the turn cap of RandomGame: the full game's nine turns
// (the game ends by the Time Limit after Turn 9 at the latest).
const RandomTurns = 9

// maxRandomSteps bounds a random game's decisions; a game that does not end
// within it loops, which is an engine bug.
const maxRandomSteps = 1 << 20

// RandomGame plays a whole random 1517 game (500th edition) from seed: the
// six powers answer every decision with RandomAction, drawing from a
// generator seeded from seed (apart from the game's own). It stops when the
// game is over or Turn RandomTurns has ended, and returns the game's record
// and its final state. An error means the engine refused an answer drawn
// from its own options tree (or looped): a bug, named with the seed, the
// step and the decision.
func RandomGame(seed uint64) (game.Record, *State, error) {
	return PlayRandom(game.Config{Variant: "1517"}, seed, RandomTurns)
}

// PlayRandom is RandomGame with a configuration (the edition option) and a
// turn cap: play stops once Turn maxTurns has ended.
func PlayRandom(cfg game.Config, seed uint64, maxTurns int) (rec game.Record, s *State, err error) {
	var rules Rules
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("his: random game seed %d, step %d: panic: %v\n%s", seed, len(rec.Steps), e, debug.Stack())
		}
	}()
	rec = game.Record{Game: rules.Name(), Config: cfg, Seed: seed}
	st, err := rules.Setup(cfg, seed)
	if err != nil {
		return rec, nil, err
	}
	s = state(st)
	r := game.NewRNG(seed ^ 0x5eed_0f_7a11_c0de)
	for s.Phase != PhaseOver && s.Turn <= maxTurns {
		if len(rec.Steps) >= maxRandomSteps {
			return rec, s, fmt.Errorf("his: random game seed %d: no end after %d decisions (turn %d, %s)", seed, len(rec.Steps), s.Turn, s.Phase)
		}
		d, _ := s.top()
		seat := game.Seat(s.seatOf(d.Power).String())
		a, err := RandomAction(s, seat, &r)
		if err != nil {
			return rec, s, fmt.Errorf("random game seed %d, step %d, turn %d: %w", seed, len(rec.Steps), s.Turn, err)
		}
		if _, _, err := rules.Apply(s, seat, a); err != nil {
			return rec, s, fmt.Errorf("his: random game seed %d, step %d, turn %d: %s %s %s refused: %w", seed, len(rec.Steps), s.Turn, seat, a.Type, a.Args, err)
		}
		rec.Steps = append(rec.Steps, game.Step{Seat: seat, Action: a})
	}
	return rec, s, nil
}
