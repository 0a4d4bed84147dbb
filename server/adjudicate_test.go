package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"concordat/adjudicate"
)

// sandboxPhase is a standoff in Burgundy and a free move to Tyrolia.
const sandboxPhase = `{"phase": {"season": "spring", "year": 1901, "type": "movement"},
 "units": [{"power": "france", "type": "army", "at": "par"}, {"power": "germany", "type": "army", "at": "mun"},
           {"power": "italy", "type": "army", "at": "ven"}],
 "orders": {"france": ["A par - bur"], "germany": ["A mun - bur"], "italy": ["A ven - tyr"]}}`

// TestAdjudicateAPI: POST /api/adjudicate adjudicates one phase as
// `concordat adjudicate` does (the same code, the same bytes), for anyone
// (no login), Multiplicity included; bad phases are refused naming the
// problem, large ones and floods too.
func TestAdjudicateAPI(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	r := anon.raw("POST", "/api/adjudicate", "application/json", []byte(sandboxPhase))
	want, err := adjudicate.JSON([]byte(sandboxPhase))
	if err != nil {
		t.Fatal(err)
	}
	if r.status != http.StatusOK || !bytes.Equal(bytes.TrimSuffix(r.body, []byte("\n")), want) {
		t.Fatalf("the sandbox: %d %s\nwant %s", r.status, r.body, want)
	}
	var res struct {
		Orders []struct{ Power, Order, Result, Reason string }
		Next   struct {
			Units []struct{ Power, Type, At string }
		}
	}
	if err := json.Unmarshal(r.body, &res); err != nil || len(res.Orders) != 3 || res.Orders[0].Result != "fails" || res.Orders[2].Result != "succeeds" {
		t.Fatalf("the result: %+v, %v", res, err)
	}
	// The result's "next" with new orders is itself a phase.
	var next struct {
		Next json.RawMessage `json:"next"`
	}
	json.Unmarshal(r.body, &next)
	var phase map[string]any
	json.Unmarshal(next.Next, &phase)
	phase["orders"] = map[string][]string{"italy": {"A tyr - boh"}}
	body, _ := json.Marshal(phase)
	if r := anon.raw("POST", "/api/adjudicate", "application/json", body); r.status != http.StatusOK || !strings.Contains(string(r.body), `"order":"A tyr - boh","result":"succeeds"`) {
		t.Fatalf("the next phase: %d %s", r.status, r.body)
	}
	multi := `{"options": {"multiplicity": "true"}, "phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "count": 2, "at": "par"}, {"power": "germany", "type": "army", "at": "bur"}],
		"orders": {"france": ["2A par - bur"]}}`
	if r := anon.raw("POST", "/api/adjudicate", "application/json", []byte(multi)); r.status != http.StatusOK || !strings.Contains(string(r.body), `"count":2`) {
		t.Fatalf("a Multiplicity phase: %d %s", r.status, r.body)
	}
	// Bad phases.
	for body, word := range map[string]string{
		``:                        "empty",
		`{"center": {}}`:          `"center"`,
		`{"phase": "spring"}`:     "phase",
		sandboxPhase + ` {"x":1}`: "one phase",
	} {
		wantError(t, "phase "+body, anon.raw("POST", "/api/adjudicate", "application/json", []byte(body)), http.StatusBadRequest, "invalid", word)
	}
	wantError(t, "not JSON", anon.raw("POST", "/api/adjudicate", "text/plain", []byte(sandboxPhase)), http.StatusUnsupportedMediaType, "unsupported")
	huge := strings.Replace(sandboxPhase, `"A ven - tyr"`, `"A ven - tyr"`+strings.Repeat(`, "A ven H"`, MaxBody/10), 1)
	wantError(t, "a huge phase", anon.raw("POST", "/api/adjudicate", "application/json", []byte(huge)), http.StatusRequestEntityTooLarge, "too_large")
	wantError(t, "GET", anon.do("GET", "/api/adjudicate", nil), http.StatusMethodNotAllowed, "wrong_method")
	// A flood from one address is limited.
	e.srv.limits.setRate("adjudicate", time.Hour, 3)
	for i := 0; i < 3; i++ {
		if r := anon.raw("POST", "/api/adjudicate", "application/json", []byte(sandboxPhase)); r.status != http.StatusOK {
			t.Fatalf("adjudication %d within the burst: %d", i, r.status)
		}
	}
	wantError(t, "past the burst", anon.raw("POST", "/api/adjudicate", "application/json", []byte(sandboxPhase)), http.StatusTooManyRequests, "rate_limited")
}

// TestSandboxLegalAPI: POST /api/adjudicate/legal lists, for anyone, the
// legal orders of every unit of a phase (what the sandbox offers for
// clicking), as package adjudicate does; bad phases are refused.
func TestSandboxLegalAPI(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	r := anon.raw("POST", "/api/adjudicate/legal", "application/json", []byte(sandboxPhase))
	want, err := adjudicate.LegalJSON([]byte(sandboxPhase))
	if err != nil {
		t.Fatal(err)
	}
	if r.status != http.StatusOK || !bytes.Equal(bytes.TrimSuffix(r.body, []byte("\n")), want) {
		t.Fatalf("legal orders: %d %s\nwant %s", r.status, r.body, want)
	}
	var res struct{ Orders map[string][]string }
	if err := json.Unmarshal(r.body, &res); err != nil {
		t.Fatal(err)
	}
	if f := strings.Join(res.Orders["france"], "|"); !strings.Contains(f, "A par - bur") || strings.Contains(f, "A par - mun") {
		t.Errorf("France's legal orders: %s", f)
	}
	wantError(t, "an unknown province", anon.raw("POST", "/api/adjudicate/legal", "application/json",
		[]byte(`{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "france", "type": "army", "at": "pqr"}]}`)), http.StatusBadRequest, "invalid", "pqr")
	wantError(t, "GET", anon.do("GET", "/api/adjudicate/legal", nil), http.StatusMethodNotAllowed, "wrong_method")
}
