// Package catalog describes the games Concordat hosts, for people and
// programs choosing one: every Diplomacy map (its powers, provinces,
// centres and victory), the rule-variant options with the values they
// take, and Here I Stand's scenarios, all read from the engines' own data.
// `concordat variants` prints it; the server serves it at /api/variants.
package catalog

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"concordat/diplomacy"
	"concordat/diplomacy/hosted"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
	"concordat/his"
)

// Summary is one variant in brief: a Diplomacy map or a Here I Stand
// scenario (one line of `concordat variants`, one object of its --json).
type Summary struct {
	ID         string   `json:"id"`
	Title      string   `json:"title"`
	Players    int      `json:"players"`
	Powers     []string `json:"powers"` // the played powers' ids, in the game's order
	Centers    int      `json:"centers,omitempty"`
	Victory    int      `json:"victory,omitempty"` // centres a power needs to win
	Units      int      `json:"units,omitempty"`   // at the start
	FirstPhase string   `json:"first_phase,omitempty"`
	Rules      []string `json:"rules,omitempty"` // the map's special rules (docs/variants.md)
}

// Option is one setting of a game's "rules" object (game.Config.Options).
type Option struct {
	Key string `json:"key"`
	// Type is "choice" (one of Values), "bool" ("true" or "false") or
	// "powers" (a comma-separated list of the map's power ids).
	Type    string   `json:"type"`
	Values  []string `json:"values,omitempty"`
	Default string   `json:"default,omitempty"` // when not set
	Variant string   `json:"variant"`           // the variant it plays, for people
	Summary string   `json:"summary"`
}

// Game is one hosted game's variants and options.
type Game struct {
	Game     string    `json:"game"` // the game's id: "diplomacy", "his"
	Title    string    `json:"title"`
	Variants []Summary `json:"variants"`
	Options  []Option  `json:"options"`
	// BotKinds are the kinds of computer player the game offers
	// (game.Bots), the default first: what a seat may be filled with.
	BotKinds []string `json:"bot_kinds"`
}

// Power is one power of a map in full.
type Power struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Adjective string   `json:"adjective,omitempty"`
	Dummy     bool     `json:"dummy,omitempty"` // no player holds it (neutral garrisons)
	Homes     []string `json:"homes"`           // its home centres (where it builds)
}

// Province is one province of a map.
type Province struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Kind   string   `json:"kind"` // "inland", "coast" or "sea"
	Center bool     `json:"center,omitempty"`
	Home   string   `json:"home,omitempty"`   // the power whose home centre it is
	Coasts []string `json:"coasts,omitempty"` // the locations of a split-coast province ("spa/nc")
}

// Map is a Diplomacy map in full.
type Map struct {
	Game string `json:"game"` // "diplomacy"
	Summary
	AllPowers []Power    `json:"all_powers"` // every power, played or not
	Provinces []Province `json:"provinces"`
	// Start is the opening position, as a game's view shows its board.
	Start diplomacy.NextJSON `json:"start"`
}

// Scenario is a Here I Stand scenario in full.
type Scenario struct {
	Game string `json:"game"` // "his"
	Summary
	Seats   []Power  `json:"seats"`
	Options []Option `json:"options"`
}

// Maps is every Diplomacy map in brief, in id order.
func Maps() ([]Summary, error) {
	var out []Summary
	for _, id := range diplomacy.MapIDs() {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			return nil, err
		}
		out = append(out, mapSummary(m))
	}
	return out, nil
}

func mapSummary(m *diplomacy.Map) Summary {
	v := Summary{ID: m.ID, Title: m.Title, Victory: m.Victory, Units: len(m.StartUnits),
		FirstPhase: m.Calendar.Label(m.Start), Rules: m.Rules, Powers: []string{}}
	for _, pw := range m.Powers {
		if !pw.Dummy {
			v.Players++
			v.Powers = append(v.Powers, pw.ID)
		}
	}
	for _, p := range m.Provinces {
		if p.Center {
			v.Centers++
		}
	}
	return v
}

// DiplomacyOptions are the options of a hosted Diplomacy game: package
// diplomacy's, and Multiplicity's (its own engine, diplomacy/hosted).
func DiplomacyOptions() []diplomacy.OptionInfo {
	return append(diplomacy.Options(), diplomacy.OptionInfo{Key: multiplicity.Option, Values: "true|false",
		Variant: "Multiplicity", Summary: "multiple units with strength, merges and splits (its own engine; with players, preset and fog only)"})
}

// options turns the engine's option descriptions into Options: "a|b"
// lists the values, "true|false" is a bool, "power,power,…" a list of
// powers. The edition's default is the engine's (a game set up with no
// options).
func options(infos []diplomacy.OptionInfo) ([]Option, error) {
	std, err := diplomacy.LoadMap("standard")
	if err != nil {
		return nil, err
	}
	set, err := diplomacy.ParseSettings(std, nil)
	if err != nil {
		return nil, err
	}
	var out []Option
	for _, o := range infos {
		opt := Option{Key: o.Key, Variant: o.Variant, Summary: o.Summary}
		switch {
		case o.Values == "true|false":
			opt.Type, opt.Default = "bool", "false"
		case strings.Contains(o.Values, "|"):
			opt.Type, opt.Values = "choice", strings.Split(o.Values, "|")
		case strings.HasPrefix(o.Values, "power,"):
			opt.Type = "powers"
		default:
			return nil, fmt.Errorf("catalog: option %s: values %q of no known form", o.Key, o.Values)
		}
		if o.Key == "rules" {
			opt.Default = set.Edition.String()
		}
		out = append(out, opt)
	}
	return out, nil
}

// hisScenarios are Here I Stand's scenarios (his.Scenarios), in the
// engine's order.
var hisScenarios = []struct{ id, title string }{
	{his.Scenario1517, "1517: the whole war, 1517 to 1555"},
	{his.Scenario1532, "1532: the League formed and Hungary fallen, Turns 4 to 9"},
	{his.ScenarioTournament, "Tournament: the 1532 start, ending after Turn 6"},
}

// hisOptions are the settings of a Here I Stand game (his.Rules).
var hisOptions = []Option{{Key: "edition", Type: "choice", Values: []string{"500th", "2010"}, Default: "500th",
	Variant: "edition", Summary: "the rulebook and card set: the 500th Anniversary Edition (default) or the 2010 reprint"},
	{Key: "players", Type: "choice", Values: []string{"6", "5", "4", "3", "2"}, Default: "6",
		Variant: "players", Summary: "how many people: 6 (one power each); 3 to 5, some holding two powers (England with the Protestant; the Hapsburgs with the Papacy; France with the Ottoman), RULES.md §24.3; or 2 (the 2-player variant of the 1517 scenario, Papacy against Protestant)"}}

// scenario is a Here I Stand scenario in full, its seats from the engine.
func scenario(id, title string) (Scenario, error) {
	s, err := his.Rules{}.Setup(game.Config{Variant: id}, 1)
	if err != nil {
		return Scenario{}, err
	}
	sc := Scenario{Game: "his", Summary: Summary{ID: id, Title: title, Powers: []string{}}, Options: hisOptions}
	for _, seat := range (his.Rules{}).Seats(s) {
		sc.Players++
		sc.Powers = append(sc.Powers, string(seat))
		sc.Seats = append(sc.Seats, Power{ID: string(seat), Name: strings.ToUpper(string(seat[:1])) + string(seat[1:]), Homes: []string{}})
	}
	return sc, nil
}

// Games is every hosted game with its variants in brief and its options.
func Games() ([]Game, error) {
	maps, err := Maps()
	if err != nil {
		return nil, err
	}
	opts, err := options(DiplomacyOptions())
	if err != nil {
		return nil, err
	}
	h := Game{Game: "his", Title: "Here I Stand", Options: hisOptions, BotKinds: botKinds(his.Rules{})}
	for _, sc := range hisScenarios {
		s, err := scenario(sc.id, sc.title)
		if err != nil {
			return nil, err
		}
		h.Variants = append(h.Variants, s.Summary)
	}
	return []Game{{Game: "diplomacy", Title: "Diplomacy", Variants: maps, Options: opts, BotKinds: botKinds(hosted.Rules{})}, h}, nil
}

// botKinds are r's kinds of computer player, never nil.
func botKinds(r game.Rules) []string {
	if k := game.BotKindsOf(r); len(k) > 0 {
		return k
	}
	return []string{}
}

// ErrUnknown is Variant's error for an id no game has.
var ErrUnknown = errors.New("no such variant")

// Variant is one variant in full: a Diplomacy map (Map) or a Here I Stand
// scenario (Scenario). gameID, when not "", names the game; otherwise the
// id is looked up in every game (ids do not repeat across games).
func Variant(gameID, id string) (any, error) {
	if gameID == "" || gameID == "diplomacy" {
		if slices.Contains(diplomacy.MapIDs(), id) {
			m, err := diplomacy.LoadMap(id)
			if err != nil {
				return nil, err
			}
			return fullMap(m), nil
		}
	}
	if gameID == "" || gameID == "his" {
		for _, sc := range hisScenarios {
			if sc.id == id {
				return scenario(sc.id, sc.title)
			}
		}
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknown, id)
}

// fullMap describes a map in full.
func fullMap(m *diplomacy.Map) Map {
	out := Map{Game: "diplomacy", Summary: mapSummary(m), Start: diplomacy.PositionJSON(diplomacy.StartPosition(m))}
	for _, pw := range m.Powers {
		p := Power{ID: pw.ID, Name: pw.Name, Adjective: pw.Adjective, Dummy: pw.Dummy, Homes: []string{}}
		for _, h := range pw.Homes {
			p.Homes = append(p.Homes, m.Provinces[h].ID)
		}
		out.AllPowers = append(out.AllPowers, p)
	}
	for _, pi := range m.Provinces {
		p := Province{ID: pi.ID, Name: pi.Name, Center: pi.Center}
		switch pi.Kind {
		case diplomacy.Inland:
			p.Kind = "inland"
		case diplomacy.Coast:
			p.Kind = "coast"
		case diplomacy.Sea:
			p.Kind = "sea"
		}
		if pi.Home != diplomacy.NoPower {
			p.Home = m.Powers[pi.Home].ID
		}
		for _, l := range pi.Coasts {
			p.Coasts = append(p.Coasts, m.Locs[l].ID)
		}
		out.Provinces = append(out.Provinces, p)
	}
	return out
}

// Served is the catalogue as the server serves it (server.Catalog): the
// same data, built once.
type Served struct{}

var served = sync.OnceValues(func() (any, error) {
	g, err := Games()
	return struct {
		Games []Game `json:"games"`
	}{g}, err
})

// Games is every hosted game with its variants in brief and its options,
// as {"games": [...]}.
func (Served) Games() (any, error) { return served() }

// Variant is one variant in full; ok is false when there is none of that
// id (in game gameID, or in any game when gameID is "").
func (Served) Variant(gameID, id string) (any, bool, error) {
	v, err := Variant(gameID, id)
	if errors.Is(err, ErrUnknown) {
		return nil, false, nil
	}
	return v, err == nil, err
}
