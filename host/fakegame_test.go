package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"concordat/game"
)

// rounds is a test game of simultaneous windows (game.Windowed) whose
// submissions are judged part by part (game.Checker): seven seats each
// write a list of orders and may declare themselves ready; the system's
// advance closes the round, reporting each seat's orders to everyone and
// a private note to each seat. It stands in for Diplomacy, whose engine's
// Windowed and Checker live elsewhere.
//
// Orders starting "bad" are accepted and judged invalid; an order list
// holding "refuse" is refused. After the rounds-th round the game is
// over.
type rounds struct{ last int }

// roundsState is a rounds game's state.
type roundsState struct {
	Round  int                    `json:"round"`
	Orders map[game.Seat][]string `json:"orders"`
	Ready  map[game.Seat]bool     `json:"ready"`
	// Applied counts every seat action applied, so that a state shows
	// whether an action was applied twice.
	Applied int  `json:"applied"`
	Over    bool `json:"over"`
}

var roundsSeats = []game.Seat{"a", "b", "c", "d", "e", "f", "g"}

func (rounds) Name() string { return "rounds" }

func (rounds) Setup(cfg game.Config, seed uint64) (game.State, error) {
	return &roundsState{Round: 1, Orders: map[game.Seat][]string{}, Ready: map[game.Seat]bool{}}, nil
}

func (rounds) Seats(game.State) []game.Seat { return slices.Clone(roundsSeats) }

func (rounds) Pending(st game.State) []game.Prompt {
	s := st.(*roundsState)
	if s.Over {
		return nil
	}
	var ps []game.Prompt
	for _, seat := range roundsSeats {
		ps = append(ps, game.Prompt{Seat: seat, Kind: "orders", Text: "write your orders",
			Submitted: s.Orders[seat] != nil, Ready: s.Ready[seat]})
	}
	return ps
}

func (rounds) Legal(st game.State, seat game.Seat) game.Options {
	return game.Options{Kind: "orders", Choices: []game.Choice{{Value: "hold"}}}
}

func (r rounds) Apply(st game.State, seat game.Seat, a game.Action) (game.State, []game.Event, error) {
	s := st.(*roundsState)
	if s.Over {
		return st, nil, errors.New("the game is over")
	}
	if seat == game.System {
		if a.Type != game.Advance {
			return st, nil, fmt.Errorf("unknown system action %q", a.Type)
		}
		var parts []string
		var evs []game.Event
		for _, seat := range roundsSeats {
			parts = append(parts, fmt.Sprintf("%s: %s", seat, strings.Join(s.Orders[seat], ", ")))
			evs = append(evs, game.Event{Type: "note", Text: fmt.Sprintf("%s, your round %d is done", seat, s.Round), Seats: []game.Seat{seat}})
		}
		evs = append([]game.Event{{Type: "round", Text: fmt.Sprintf("round %d: %s", s.Round, strings.Join(parts, "; "))}}, evs...)
		evs = append(evs, game.Event{Type: "secret", Text: "seen by nobody", Seats: []game.Seat{}})
		s.Round++
		s.Orders, s.Ready = map[game.Seat][]string{}, map[game.Seat]bool{}
		if s.Round > r.last {
			s.Over = true
			evs = append(evs, game.Event{Type: "over", Text: "the game is over"})
		}
		return s, evs, nil
	}
	if !slices.Contains(roundsSeats, seat) {
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

func (rounds) View(st game.State, seat game.Seat) any {
	s := st.(*roundsState)
	return map[string]any{"round": s.Round, "orders": s.Orders[seat]}
}

func (rounds) Over(st game.State) (bool, string) {
	if st.(*roundsState).Over {
		return true, "everyone wins"
	}
	return false, ""
}

func (rounds) Clone(st game.State) game.State {
	s := st.(*roundsState)
	c := *s
	c.Orders = maps.Clone(s.Orders)
	for k, v := range c.Orders {
		c.Orders[k] = slices.Clone(v)
	}
	c.Ready = maps.Clone(s.Ready)
	return &c
}

func (rounds) Marshal(st game.State) ([]byte, error) { return json.Marshal(st) }

func (rounds) Unmarshal(b []byte) (game.State, error) {
	var s roundsState
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
func (rounds) Window(st game.State) string {
	s := st.(*roundsState)
	if s.Over {
		return ""
	}
	return fmt.Sprintf("R%d", s.Round)
}

// Check judges each order: those starting "bad" would not apply.
func (rounds) Check(st game.State, seat game.Seat, a game.Action) []game.Check {
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
			c.Reason = o + " is bad in round " + fmt.Sprint(st.(*roundsState).Round)
		}
		out = append(out, c)
	}
	return out
}

var (
	_ game.Windowed = rounds{}
	_ game.Checker  = rounds{}
)

func roundsOrders(orders ...string) game.Action {
	return game.NewAction("orders", map[string][]string{"orders": orders})
}

func roundsReady() game.Action { return game.NewAction("ready", map[string]bool{"ready": true}) }
