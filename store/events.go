package store

import (
	"encoding/json"
	"fmt"

	"concordat/game"
)

// storedEvent is the stored form of a game.Event: unlike the event's own
// JSON, it keeps nil Seats (everyone sees it) apart from empty ones
// (nobody does).
type storedEvent struct {
	Type  string      `json:"type"`
	Text  string      `json:"text"`
	Seats []game.Seat `json:"seats"`
}

// EncodeEvents is the stored form of an action's events, for the stores:
// a JSON array ("[]" for none) that DecodeEvents reads back exactly.
func EncodeEvents(evs []game.Event) []byte {
	out := make([]storedEvent, len(evs))
	for i, e := range evs {
		out[i] = storedEvent{Type: e.Type, Text: e.Text, Seats: e.Seats}
		if e.Seats != nil && len(e.Seats) == 0 {
			out[i].Seats = []game.Seat{}
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(fmt.Sprintf("store: encode events: %v", err)) // strings only: cannot fail
	}
	return b
}

// DecodeEvents reads what EncodeEvents wrote; no events is nil.
func DecodeEvents(b []byte) ([]game.Event, error) {
	var in []storedEvent
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, fmt.Errorf("decode events: %w", err)
	}
	if len(in) == 0 {
		return nil, nil
	}
	evs := make([]game.Event, len(in))
	for i, e := range in {
		evs[i] = game.Event{Type: e.Type, Text: e.Text, Seats: e.Seats}
	}
	return evs, nil
}
