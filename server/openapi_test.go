package server

import (
	"encoding/json"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"concordat/host"
)

// TestOpenAPI: the served document parses, documents exactly the routes
// the server registers, resolves its references, and lists every error
// code.
func TestOpenAPI(t *testing.T) {
	e := newEnv(t)
	r := e.anon().do("GET", "/api/openapi.json", nil)
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Fatalf("openapi.json: %d %s", r.status, r.header.Get("Content-Type"))
	}
	var doc map[string]any
	if err := json.Unmarshal(r.body, &doc); err != nil {
		t.Fatalf("openapi.json does not parse: %v", err)
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.") {
		t.Fatalf("openapi version %q", v)
	}
	paths, _ := doc["paths"].(map[string]any)
	documented := map[string]bool{}
	for p, ops := range paths {
		for m := range ops.(map[string]any) {
			if m == "parameters" {
				continue
			}
			documented[strings.ToUpper(m)+" "+p] = true
		}
	}
	registered := map[string]bool{}
	for _, p := range e.srv.patterns {
		registered[p] = true
		if !documented[p] {
			t.Errorf("route %q is not in openapi.json", p)
		}
	}
	for p := range documented {
		if !registered[p] {
			t.Errorf("openapi.json documents %q, which the server does not serve", p)
		}
	}
	if len(registered) < 20 {
		t.Fatalf("only %d routes registered", len(registered))
	}
	// Every $ref resolves.
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if k == "$ref" {
					ref, _ := x.(string)
					var cur any = doc
					for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
						m, _ := cur.(map[string]any)
						cur = m[part]
					}
					if cur == nil {
						t.Errorf("unresolved $ref %q", ref)
					}
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	// The Options schema has every field of host.Options, and no other.
	props := doc["components"].(map[string]any)["schemas"].(map[string]any)["Options"].(map[string]any)["properties"].(map[string]any)
	fields := map[string]bool{"has_webhook": true} // added by Options.MarshalJSON
	ot := reflect.TypeOf(host.Options{})
	for i := 0; i < ot.NumField(); i++ {
		if name, _, _ := strings.Cut(ot.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			fields[name] = true
		}
	}
	for f := range fields {
		if props[f] == nil {
			t.Errorf("option %q is not in the Options schema", f)
		}
	}
	for f := range props {
		if !fields[f] {
			t.Errorf("the Options schema has %q, which host.Options does not", f)
		}
	}
	// The error codes.
	enum := doc["components"].(map[string]any)["schemas"].(map[string]any)["Error"].(map[string]any)["properties"].(map[string]any)["error"].(map[string]any)["properties"].(map[string]any)["code"].(map[string]any)["enum"].([]any)
	var got []string
	for _, c := range enum {
		got = append(got, c.(string))
	}
	sort.Strings(got)
	codes := []host.Code{host.CodeInvalid, host.CodeUnauthorized, host.CodeForbidden, host.CodeNotFound, host.CodeConflict,
		host.CodeStale, host.CodeRefused, host.CodeRateLimited, host.CodeInternal, host.CodeTooLarge, host.CodeUnavailable,
		host.CodeWrongMethod, host.CodeUnsupported, host.CodeGameOver, host.CodeNotStarted, host.CodePressClosed, host.CodeNotYourTurn}
	for _, c := range codes {
		i := sort.SearchStrings(got, string(c))
		if i == len(got) || got[i] != string(c) {
			t.Errorf("error code %q missing from openapi.json", c)
		}
	}
}
