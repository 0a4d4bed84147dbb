package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"concordat/game"
)

// schemas validates responses against openapi.json: each against the
// schema the document gives its route, method and status.
type schemas struct {
	t       *testing.T
	doc     map[string]any
	c       *jsonschema.Compiler
	cache   map[string]*jsonschema.Schema
	checked map[string]int // by route and status
	views   map[string]int // views validated, by schema
}

const openAPIURL = "https://concordat.invalid/openapi.json"

func newSchemas(t *testing.T) *schemas {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPI))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(openAPIURL, doc); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(openAPI, &m)
	return &schemas{t: t, doc: m, c: c, cache: map[string]*jsonschema.Schema{}, checked: map[string]int{}, views: map[string]int{}}
}

// pointer is the JSON pointer of a document location.
func pointer(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func (s *schemas) compile(ptr string) *jsonschema.Schema {
	s.t.Helper()
	if sch, ok := s.cache[ptr]; ok {
		return sch
	}
	sch, err := s.c.Compile(openAPIURL + "#" + ptr)
	if err != nil {
		s.t.Fatalf("compile %s: %v", ptr, err)
	}
	s.cache[ptr] = sch
	return sch
}

// check validates body, the answer to method on route (an openapi.json
// path) with status, against the documented schema: the route's own for
// its status (or its default, the Error, for an error).
func (s *schemas) check(method, route string, status int, body []byte) {
	s.t.Helper()
	op, _ := s.doc["paths"].(map[string]any)[route].(map[string]any)[strings.ToLower(method)].(map[string]any)
	if op == nil {
		s.t.Fatalf("%s %s is not documented", method, route)
	}
	responses := op["responses"].(map[string]any)
	code := fmt.Sprint(status)
	if responses[code] == nil {
		if status < 400 {
			s.t.Fatalf("%s %s answered %d, which openapi.json does not document: %s", method, route, status, body)
		}
		code = "default"
	}
	ptr := pointer("paths", route, strings.ToLower(method), "responses", code)
	resp := responses[code].(map[string]any)
	if ref, ok := resp["$ref"].(string); ok {
		ptr = strings.TrimPrefix(ref, "#")
		resp = s.doc["components"].(map[string]any)["responses"].(map[string]any)[strings.TrimPrefix(ref, "#/components/responses/")].(map[string]any)
	}
	if _, ok := resp["content"].(map[string]any)["application/json"]; !ok {
		s.t.Fatalf("%s %s %d: no JSON schema documented", method, route, status)
	}
	s.validate(ptr+pointer("content", "application/json", "schema"), method+" "+route+" "+code, body)
	s.checked[method+" "+route+" "+code]++
}

// view validates a game view against one of the view schemas.
func (s *schemas) view(name string, view []byte) {
	s.t.Helper()
	s.validate(pointer("components", "schemas", name), name, view)
	s.views[name]++
}

func (s *schemas) validate(ptr, what string, body []byte) {
	s.t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		s.t.Fatalf("%s: the body is not JSON: %v: %s", what, err, body)
	}
	if err := s.compile(ptr).Validate(v); err != nil {
		short := body
		if len(short) > 3000 {
			short = short[:3000]
		}
		s.t.Fatalf("%s does not match its schema: %v\n%s", what, err, short)
	}
}

// routeOf is the openapi.json path a request path belongs to.
var routeIDs = []struct {
	re    *regexp.Regexp
	route string
}{
	{regexp.MustCompile(`^/api/games/\d+/history/\d+$`), "/api/games/{id}/history/{seq}"},
	{regexp.MustCompile(`^/api/games/\d+/seats/[^/]+/bot$`), "/api/games/{id}/seats/{seat}/bot"},
	{regexp.MustCompile(`^/api/games/\d+/([a-z]+)$`), "/api/games/{id}/$1"},
	{regexp.MustCompile(`^/api/games/\d+$`), "/api/games/{id}"},
	{regexp.MustCompile(`^/api/variants/[^/]+$`), "/api/variants/{id}"},
}

func routeOf(path string) string {
	path, _, _ = strings.Cut(path, "?")
	for _, r := range routeIDs {
		if r.re.MatchString(path) {
			return r.re.ReplaceAllString(path, r.route)
		}
	}
	return path
}

// get is c's GET of path, validated; it returns the body.
func (s *schemas) get(c *client, path string) []byte {
	s.t.Helper()
	r := c.do("GET", path, nil)
	s.check("GET", routeOf(path), r.status, r.body)
	if r.status != http.StatusOK {
		s.t.Fatalf("GET %s as %q: %d %s", path, c.name, r.status, r.body)
	}
	return r.body
}

// post is c's POST of v to path, validated.
func (s *schemas) post(c *client, path string, v any) response {
	s.t.Helper()
	r := c.do("POST", path, v)
	s.check("POST", routeOf(path), r.status, r.body)
	return r
}

// gameNow is c's GET of a game, validated, with the view checked against
// the named view schema.
func (s *schemas) gameNow(c *client, id int64, viewSchema string) gameView {
	s.t.Helper()
	var g gameView
	if err := json.Unmarshal(s.get(c, fmt.Sprintf("/api/games/%d", id)), &g); err != nil {
		s.t.Fatal(err)
	}
	s.view(viewSchema, g.View)
	return g
}

// everyRead makes every read of game id as c, validated.
func (s *schemas) everyRead(c *client, id int64, viewSchema string, seated bool) {
	s.t.Helper()
	g := s.gameNow(c, id, viewSchema)
	if seated {
		s.get(c, fmt.Sprintf("/api/games/%d/legal", id))
		s.get(c, fmt.Sprintf("/api/games/%d/channels", id))
	}
	var h struct {
		View json.RawMessage `json:"view"`
	}
	json.Unmarshal(s.get(c, fmt.Sprintf("/api/games/%d/history/%d", id, g.Game.Seq)), &h)
	s.view(viewSchema, h.View)
	s.get(c, fmt.Sprintf("/api/games/%d/log", id))
	s.get(c, fmt.Sprintf("/api/games/%d/messages", id))
	s.get(c, fmt.Sprintf("/api/games/%d/votes", id))
}

// seatedGame creates a game (req) by a new user and seats a new user in
// every seat; it returns the game and the clients by seat.
func seatedGame(e *env, s *schemas, prefix string, req map[string]any) (int64, map[string]*client) {
	e.t.Helper()
	creator := e.register(prefix + "creator")
	r := s.post(creator, "/api/games", req)
	var created struct {
		ID int64 `json:"id"`
	}
	if r.status != http.StatusCreated || json.Unmarshal(r.body, &created) != nil {
		e.t.Fatalf("create %v: %d %s", req, r.status, r.body)
	}
	pl := map[string]*client{}
	for _, st := range creator.getGame(created.ID).Seats {
		c := e.register(prefix + strings.ReplaceAll(st.Seat, "_", ""))
		if r := s.post(c, fmt.Sprintf("/api/games/%d/join", created.ID), map[string]string{"seat": st.Seat}); r.status != http.StatusOK {
			e.t.Fatalf("join %s: %d %s", st.Seat, r.status, r.body)
		}
		pl[st.Seat] = c
	}
	return created.ID, pl
}

// playRandomly has every seat owing orders write a random legal order for
// each unit of its tree and declare itself ready, every answer validated,
// for windows windows; a window that does not close so (a seat owes
// something else) closes at its deadline.
func playRandomly(e *env, s *schemas, id int64, pl map[string]*client, windows int, rng *rand.Rand) {
	e.t.Helper()
	seats := make([]string, 0, len(pl))
	for seat := range pl {
		seats = append(seats, seat)
	}
	sort.Strings(seats)
	windowOf := func() string {
		var g struct {
			Window string `json:"window"`
		}
		json.Unmarshal(pl[seats[0]].do("GET", fmt.Sprintf("/api/games/%d", id), nil).body, &g)
		return g.Window
	}
	for w := 0; w < windows; w++ {
		start := windowOf()
		for _, seat := range seats {
			c := pl[seat]
			g := c.getGame(id)
			if g.Game.Status != "active" || len(g.Pending) == 0 {
				continue
			}
			var legal struct {
				Seq     int64        `json:"seq"`
				Window  string       `json:"window"`
				Options game.Options `json:"options"`
			}
			json.Unmarshal(s.get(c, fmt.Sprintf("/api/games/%d/legal", id)), &legal)
			var p struct{ Kind string }
			json.Unmarshal(g.Pending[0], &p)
			if legal.Options.Kind == "orders" {
				var orders []string
				for _, unit := range legal.Options.Choices {
					words := []string{unit.Value}
					for n := unit.Next; len(n) > 0; {
						pick := n[rng.IntN(len(n))]
						words = append(words, pick.Value)
						n = pick.Next
					}
					orders = append(orders, strings.Join(words, " "))
				}
				s.post(c, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": legal.Seq, "window": legal.Window, "type": "orders", "args": map[string]any{"orders": orders}})
			}
			if p.Kind == "orders" || legal.Options.Kind == "orders" {
				s.post(c, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": c.getGame(id).Game.Seq, "type": "ready", "args": map[string]bool{"ready": true}})
			}
		}
		if windowOf() == start && e.game(id).Status == "active" {
			e.clock.Add(25 * time.Hour) // not every seat could be ready: the deadline closes it
			e.runDue()
		}
	}
}

// TestResponsesMatchSchemas: the real answers of every read and write of
// both games, in the standard game and in every Diplomacy variant whose
// view has parts of its own, match the schemas openapi.json gives them
// (the game views, the legal tree, actions, the log, press, votes, the
// lobby, the variants, the sandbox, errors).
func TestResponsesMatchSchemas(t *testing.T) {
	e := newEnv(t)
	s := newSchemas(t)
	rng := rand.New(rand.NewPCG(1, 2))
	spectator := e.anon()
	spectator.name = "spectator"

	// The standard game, played a few phases.
	id, pl := seatedGame(e, s, "sch", map[string]any{"name": "schemas", "game": "diplomacy", "options": map[string]any{"phase": "24h"}})
	fr := pl["france"]
	r := s.post(fr, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "type": "orders", "args": map[string][]string{"orders": {"A par - mos", "F bre - mao"}}})
	if r.status != http.StatusOK {
		t.Fatalf("orders: %d %s", r.status, r.body)
	}
	s.post(fr, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "type": "orders", "args": map[string][]string{"orders": {"A par - mos", "F bre - mao"}}}) // a duplicate
	s.post(fr, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "type": "orders", "args": map[string][]string{"orders": {"A par - bur"}}})                // stale
	s.post(fr, fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 1, "type": "orders", "args": map[string][]string{"orders": {"A ber - kie"}}})                // refused
	s.post(fr, fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "hello"})
	s.post(pl["england"], fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "psst"})
	s.post(fr, fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "public", "up_to": 1})
	s.post(fr, fmt.Sprintf("/api/games/%d/votes", id), map[string]any{"kind": "draw", "value": "yes"})
	playRandomly(e, s, id, pl, 4, rng)
	for _, c := range []*client{fr, spectator} {
		s.everyRead(c, id, "DiplomacyView", c != spectator)
	}
	r = fr.do("PUT", "/api/me", map[string]string{"email": "fr@example.org"})
	s.check("PUT", "/api/me", r.status, r.body)
	r = fr.do("PUT", "/api/me", map[string]string{"email": "not an address"})
	s.check("PUT", "/api/me", r.status, r.body)
	s.get(fr, "/api/me")
	s.get(fr, "/api/games")
	s.get(fr, "/api/games?mine=1&sort=urgency")
	s.get(spectator, "/api/variants")
	s.get(spectator, "/api/variants/standard")
	s.get(spectator, "/api/variants/1517")
	s.get(spectator, "/api/variants/youngstown_redux")
	// Bots in a forming game's seats: put, refused, removed.
	botGame := fr.createGame(map[string]any{"name": "bot seats", "game": "diplomacy"})
	s.post(fr, fmt.Sprintf("/api/games/%d/seats/italy/bot", botGame), map[string]string{"kind": "random"})
	s.post(fr, fmt.Sprintf("/api/games/%d/seats/italy/bot", botGame), map[string]string{"kind": "genius"})
	s.post(spectator, fmt.Sprintf("/api/games/%d/seats/italy/bot", botGame), nil)
	s.get(fr, fmt.Sprintf("/api/games/%d", botGame))
	r = fr.do("DELETE", fmt.Sprintf("/api/games/%d/seats/italy/bot", botGame), nil)
	s.check("DELETE", "/api/games/{id}/seats/{seat}/bot", r.status, r.body)
	r = spectator.raw("POST", "/api/adjudicate", "application/json", []byte(sandboxPhase))
	s.check("POST", "/api/adjudicate", r.status, r.body)
	r = spectator.raw("POST", "/api/adjudicate", "application/json", []byte(`{"center": {}}`))
	s.check("POST", "/api/adjudicate", r.status, r.body)
	r = spectator.raw("POST", "/api/adjudicate", "application/json", []byte(`{"options": {"multiplicity": "true"}, "phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "france", "type": "army", "count": 2, "at": "par"}], "orders": {"france": ["2A par - bur"]}}`))
	s.check("POST", "/api/adjudicate", r.status, r.body)
	r = spectator.raw("POST", "/api/adjudicate/legal", "application/json", []byte(sandboxPhase))
	s.check("POST", "/api/adjudicate/legal", r.status, r.body)
	r = spectator.raw("POST", "/api/adjudicate/legal", "application/json", []byte(`{"units": [{"power": "x"}]}`))
	s.check("POST", "/api/adjudicate/legal", r.status, r.body)

	// The Diplomacy variants whose views have parts of their own.
	for _, v := range []struct {
		name  string
		rules map[string]string
		view  string
	}{
		{"fog", map[string]string{"fog": "true"}, "DiplomacyView"},
		{"payola", map[string]string{"payola": "true"}, "DiplomacyView"},
		{"anarchy", map[string]string{"anarchy": "true"}, "DiplomacyView"},
		{"intimate", map[string]string{"intimate": "true", "players": "england,france"}, "DiplomacyView"},
		{"crystal", map[string]string{"crystal_ball": "true"}, "DiplomacyView"},
		{"seismic", map[string]string{"seismic": "true"}, "DiplomacyView"},
		{"blackhole", map[string]string{"black_hole": "true"}, "DiplomacyView"},
		{"double", map[string]string{"double": "true", "players": "england,france"}, "DiplomacyView"},
		{"reverse", map[string]string{"reverse_gunboat": "true"}, "DiplomacyView"},
		{"schizo", map[string]string{"schizo": "true"}, "DiplomacyView"},
		{"multi", map[string]string{"multiplicity": "true"}, "MultiplicityView"},
	} {
		id, pl := seatedGame(e, s, v.name, map[string]any{"name": v.name, "game": "diplomacy", "rules": v.rules, "options": map[string]any{"phase": "24h"}})
		var one *client
		for _, c := range pl {
			one = c
			break
		}
		s.everyRead(one, id, v.view, true)
		playRandomly(e, s, id, pl, 3, rng)
		s.everyRead(one, id, v.view, true)
		s.everyRead(spectator, id, v.view, false)
	}

	// Here I Stand, its seats played by the bot at each deadline.
	hid, hpl := seatedGame(e, s, "hs", map[string]any{"name": "his", "game": "his", "variant": "1517", "options": map[string]any{"phase": "1h", "missed": "bot"}})
	s.everyRead(hpl["protestant"], hid, "HereIStandView", true)
	for i := 0; i < 40; i++ {
		e.clock.Add(61 * time.Minute)
		e.runDue()
		if i%8 == 0 {
			for _, seat := range hisSeats {
				s.gameNow(hpl[seat], hid, "HereIStandView")
			}
		}
	}
	for _, c := range []*client{hpl["france"], spectator} {
		s.everyRead(c, hid, "HereIStandView", c != spectator)
	}
	// Here I Stand with three players (RULES.md §24.3): the England player
	// holds the Protestant too, and reads the game as either (yours, owing).
	tc := e.register("hs3england")
	r = s.post(tc, "/api/games", map[string]any{"name": "his3", "game": "his", "variant": "1517", "rules": map[string]string{"players": "3"}})
	var three struct {
		ID int64 `json:"id"`
	}
	if r.status != http.StatusCreated || json.Unmarshal(r.body, &three) != nil {
		t.Fatalf("create a 3-player game: %d %s", r.status, r.body)
	}
	for seat, c := range map[string]*client{"england": tc, "hapsburg": e.register("hs3hapsburg"), "france": e.register("hs3france")} {
		if r := s.post(c, fmt.Sprintf("/api/games/%d/join", three.ID), map[string]string{"seat": seat}); r.status != http.StatusOK {
			t.Fatalf("join %s: %d %s", seat, r.status, r.body)
		}
	}
	for _, seat := range []string{"england", "protestant"} {
		var g struct {
			Yours []string        `json:"yours"`
			Owing []string        `json:"owing"`
			View  json.RawMessage `json:"view"`
		}
		if err := json.Unmarshal(s.get(tc, fmt.Sprintf("/api/games/%d?seat=%s", three.ID, seat)), &g); err != nil {
			t.Fatal(err)
		}
		s.view("HereIStandView", g.View)
		if len(g.Yours) != 2 || len(g.Owing) != 1 {
			t.Fatalf("the 3-player game as %s: yours %v, owing %v", seat, g.Yours, g.Owing)
		}
	}
	// Errors are the Error schema.
	s.check("GET", "/api/games/{id}", spectator.do("GET", "/api/games/999999", nil).status, spectator.do("GET", "/api/games/999999", nil).body)

	for _, name := range []string{"DiplomacyView", "MultiplicityView", "HereIStandView"} {
		if s.views[name] == 0 {
			t.Errorf("no %s validated", name)
		}
	}
	for _, want := range []string{"GET /api/games/{id} 200", "GET /api/games/{id}/legal 200", "POST /api/games/{id}/actions 200", "POST /api/games/{id}/actions default",
		"GET /api/games/{id}/log 200", "GET /api/games/{id}/history/{seq} 200", "GET /api/games/{id}/messages 200", "GET /api/games/{id}/votes 200",
		"GET /api/games 200", "GET /api/variants 200", "GET /api/variants/{id} 200", "POST /api/adjudicate 200", "POST /api/adjudicate default", "POST /api/adjudicate/legal 200", "POST /api/adjudicate/legal default", "PUT /api/me 200", "PUT /api/me default", "GET /api/me 200"} {
		if s.checked[want] == 0 {
			t.Errorf("%s never checked", want)
		}
	}
	t.Logf("checked: %v; views: %v; Here I Stand played to seq %d", s.checked, s.views, e.game(hid).Seq)
}
