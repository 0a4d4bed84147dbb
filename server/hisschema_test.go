package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

// TestHereIStandDealSchema: a Here I Stand seat owing diplomacy.announce
// gets, from the legal-options endpoint, the JSON Schema of a deal beside
// the path ["done"]; a deal of that shape is accepted through the API.
// Seats owing other decisions get no schema.
func TestHereIStandDealSchema(t *testing.T) {
	e := newEnv(t)
	pl := map[string]*client{}
	for _, s := range hisSeats {
		pl[s] = e.register("schema" + s)
	}
	id := pl["england"].createGame(map[string]any{"name": "Deals", "game": "his", "variant": "1517"})
	for _, s := range hisSeats {
		pl[s].mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": s}, http.StatusOK, nil)
	}
	type legalJSON struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string `json:"kind"`
			Choices []struct {
				Value string `json:"value"`
			} `json:"choices"`
			Schema map[string]any `json:"schema"`
		} `json:"options"`
	}
	var legal legalJSON
	legalOf := func(seat string) *legalJSON {
		pl[seat].mustDo("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, http.StatusOK, reset(&legal))
		return &legal
	}
	// Luther's 95 Theses: the Protestant's path decisions carry no schema.
	if l := legalOf("protestant"); l.Options.Kind != "reformation.target" || l.Options.Schema != nil {
		t.Fatalf("the Protestant's opening options: %+v", l.Options)
	}
	playTheses(t, pl["protestant"], id)
	// Turn 1's Diplomacy Phase: England announces.
	l := legalOf("england")
	if l.Options.Kind != "diplomacy.announce" || len(l.Options.Choices) != 1 || l.Options.Choices[0].Value != "done" {
		t.Fatalf("England's options: %+v", l.Options)
	}
	sch := l.Options.Schema
	if sch["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Fatalf("England's options carry no draft 2020-12 schema: %v", sch)
	}
	defs, _ := sch["$defs"].(map[string]any)
	power, _ := defs["power"].(map[string]any)
	if enum, _ := power["enum"].([]any); len(enum) != 6 || enum[0] != "ottoman" {
		t.Fatalf("the schema's power ids: %v", power)
	}
	cards, _ := defs["cards"].(map[string]any)
	if req, _ := json.Marshal(cards["required"]); string(req) != `["type","from","to","n"]` {
		t.Fatalf("the schema's cards item requires %s", req)
	}
	// A deal of the schema's shape goes through the API; France confirms.
	deal := map[string]any{"items": []map[string]any{{"type": "alliance", "a": "england", "b": "france"}}}
	if r := pl["england"].act(id, l.Seq, "diplomacy.announce", deal); r.status != http.StatusOK {
		t.Fatalf("England's deal: %d %s", r.status, r.body)
	}
	l = legalOf("france")
	if l.Options.Kind != "diplomacy.confirm" || l.Options.Schema != nil {
		t.Fatalf("France's options: %+v", l.Options)
	}
}
