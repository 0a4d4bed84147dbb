// Package hosttest holds games for tests of the host and the server:
// small games of the contract (package game) whose every move a test can
// predict, standing in for the real ones where a test needs a property
// they lack, or not yet.
package hosttest

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"concordat/game"
)

// Rounds is a test game of simultaneous windows (game.Windowed) whose
// submissions are judged part by part (game.Checker): seven seats each
// write a list of orders and may declare themselves ready; the system's
// advance closes the round, reporting each seat's orders to everyone and
// a private note to each seat. It stands in for Diplomacy, whose engine's
// Windowed and Checker live elsewhere.
//
// Orders starting "bad" are accepted and judged invalid; an order list
// holding "refuse" is refused. After the rounds-th round the game is
// over.
type Rounds struct {
	Last int // the last round: the game is over after it
}

// RoundsState is a Rounds game's state.
type RoundsState struct {
	Round  int                    `json:"round"`
	Orders map[game.Seat][]string `json:"orders"`
	Ready  map[game.Seat]bool     `json:"ready"`
	// Applied counts every seat action applied, so that a state shows
	// whether an action was applied twice.
	Applied int  `json:"applied"`
	Over    bool `json:"over"`
}

// RoundsSeats are the seats of a Rounds game.
var RoundsSeats = []game.Seat{"a", "b", "c", "d", "e", "f", "g"}

// Name is "rounds".
func (Rounds) Name() string { return "rounds" }

// Setup starts at round 1.
func (Rounds) Setup(cfg game.Config, seed uint64) (game.State, error) {
	return &RoundsState{Round: 1, Orders: map[game.Seat][]string{}, Ready: map[game.Seat]bool{}}, nil
}

// Seats are RoundsSeats.
func (Rounds) Seats(game.State) []game.Seat { return slices.Clone(RoundsSeats) }

// Pending is every seat's orders, until the game is over.
func (Rounds) Pending(st game.State) []game.Prompt {
	s := st.(*RoundsState)
	if s.Over {
		return nil
	}
	var ps []game.Prompt
	for _, seat := range RoundsSeats {
		ps = append(ps, game.Prompt{Seat: seat, Kind: "orders", Text: "write your orders",
			Submitted: s.Orders[seat] != nil, Ready: s.Ready[seat]})
	}
	return ps
}

// Legal offers "hold".
func (Rounds) Legal(st game.State, seat game.Seat) game.Options {
	return game.Options{Kind: "orders", Choices: []game.Choice{{Value: "hold"}}}
}

// Apply takes "orders" {"orders": [...]} and "ready" {"ready": bool},
// and the system's advance.
func (r Rounds) Apply(st game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	s := st.(*RoundsState)
	if s.Over {
		return st, nil, errors.New("the game is over")
	}
	if seat == game.System {
		if a.Type != game.Advance {
			return st, nil, fmt.Errorf("unknown system action %q", a.Type)
		}
		var parts []string
		var evs []game.Event
		for _, seat := range RoundsSeats {
			parts = append(parts, fmt.Sprintf("%s: %s", seat, strings.Join(s.Orders[seat], ", ")))
			evs = append(evs, game.Event{Type: "note", Text: fmt.Sprintf("%s, your round %d is done", seat, s.Round), Seats: []game.Seat{seat}})
		}
		evs = append([]game.Event{{Type: "round", Text: fmt.Sprintf("round %d: %s", s.Round, strings.Join(parts, "; "))}}, evs...)
		evs = append(evs, game.Event{Type: "secret", Text: "seen by nobody", Seats: []game.Seat{}})
		s.Round++
		s.Orders, s.Ready = map[game.Seat][]string{}, map[game.Seat]bool{}
		if s.Round > r.Last {
			s.Over = true
			evs = append(evs, game.Event{Type: "over", Text: "the game is over"})
		}
		return s, evs, nil
	}
	if !slices.Contains(RoundsSeats, seat) {
		return st, nil, fmt.Errorf("unknown seat %q", seat)
	}
	switch a.Type {
	case "orders":
		var args struct {
			Orders []string `json:"orders"`
		}
		if err := json.Unmarshal(a.Args, &args); err != nil {
			return st, nil, fmt.Errorf("orders: %w", err)
		}
		if slices.Contains(args.Orders, "refuse") {
			return st, nil, errors.New(`orders: "refuse" is refused`)
		}
		s.Orders[seat] = append([]string{}, args.Orders...)
	case "ready":
		var args struct {
			Ready bool `json:"ready"`
		}
		if err := json.Unmarshal(a.Args, &args); err != nil {
			return st, nil, fmt.Errorf("ready: %w", err)
		}
		s.Ready[seat] = args.Ready
	default:
		return st, nil, fmt.Errorf("unknown action %q", a.Type)
	}
	s.Applied++
	return s, nil, nil
}

// View is the round and the seat's own orders.
func (Rounds) View(st game.State, seat game.Seat) any {
	s := st.(*RoundsState)
	return map[string]any{"round": s.Round, "orders": s.Orders[seat]}
}

// Over is true after the last round.
func (Rounds) Over(st game.State) (bool, string) {
	if st.(*RoundsState).Over {
		return true, "everyone wins"
	}
	return false, ""
}

// Clone copies a state.
func (Rounds) Clone(st game.State) game.State {
	s := st.(*RoundsState)
	c := *s
	c.Orders = maps.Clone(s.Orders)
	for k, v := range c.Orders {
		c.Orders[k] = slices.Clone(v)
	}
	c.Ready = maps.Clone(s.Ready)
	return &c
}

// Marshal is JSON.
func (Rounds) Marshal(st game.State) ([]byte, error) { return json.Marshal(st) }

// Unmarshal reads Marshal's JSON.
func (Rounds) Unmarshal(b []byte) (game.State, error) {
	var s RoundsState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if s.Orders == nil {
		s.Orders = map[game.Seat][]string{}
	}
	if s.Ready == nil {
		s.Ready = map[game.Seat]bool{}
	}
	return &s, nil
}

// Window names the round.
func (Rounds) Window(st game.State) string {
	s := st.(*RoundsState)
	if s.Over {
		return ""
	}
	return fmt.Sprintf("R%d", s.Round)
}

// Check judges each order: those starting "bad" would not apply.
func (Rounds) Check(st game.State, seat game.Seat, a game.Action) []game.Check {
	if a.Type != "orders" {
		return nil
	}
	var args struct {
		Orders []string `json:"orders"`
	}
	if json.Unmarshal(a.Args, &args) != nil {
		return nil
	}
	out := []game.Check{}
	for _, o := range args.Orders {
		c := game.Check{Item: o, Valid: !strings.HasPrefix(o, "bad")}
		if !c.Valid {
			c.Reason = o + " is bad in round " + fmt.Sprint(st.(*RoundsState).Round)
		}
		out = append(out, c)
	}
	return out
}

var (
	_ game.Rules    = Rounds{}
	_ game.Windowed = Rounds{}
	_ game.Checker  = Rounds{}
)

// Orders is a Rounds seat's orders action.
func Orders(orders ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": orders})
}

// Ready is a Rounds seat's ready action.
func Ready() game.Action { return game.NewAction("ready", map[string]bool{"ready": true}) }
