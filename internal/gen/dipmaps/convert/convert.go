// Package convert turns the reference map files (dipmap-facts/1, in
// ../shared/diplomacy/maps) into the project's own map format, the files
// embedded in package diplomacy (diplomacy/maps/*.json). Command dipmaps
// writes them; the diplomacy tests regenerate them to check they are current.
//
// The quirks of each source file (odd calendars, neutral garrisons, special
// starts) are settled in the quirks table and documented in docs/variants.md.
package convert

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// source is the part of a dipmap-facts/1 file the generator reads.
type source struct {
	ID             string `json:"id"`
	Title          string `json:"title"`
	VictoryCenters int    `json:"victory_centers"`
	Start          struct {
		Season string          `json:"season"`
		Year   json.RawMessage `json:"year"`
		Phase  string          `json:"phase"`
	} `json:"start"`
	Powers []struct {
		Name           string   `json:"name"`
		Adjective      string   `json:"adjective"`
		HomeCenters    []string `json:"home_centers"`
		InitialCenters []string `json:"initial_centers"`
		Dummy          bool     `json:"dummy"`
	} `json:"powers"`
	Provinces []struct {
		ID           string           `json:"id"`
		Name         string           `json:"name"`
		Type         string           `json:"type"`
		SupplyCenter bool             `json:"supply_center"`
		HomePower    *string          `json:"home_power"`
		Coasts       []string         `json:"coasts"`
		XY           *Point           `json:"xy"`
		CoastXY      map[string]Point `json:"coast_xy"`
		LonLat       *Point           `json:"lonlat"`
	} `json:"provinces"`
	Adjacency struct {
		Army  map[string][]string `json:"army"`
		Fleet map[string][]string `json:"fleet"`
	} `json:"adjacency"`
	StartingUnits []struct {
		Power    string `json:"power"`
		Type     string `json:"type"`
		Location string `json:"location"`
	} `json:"starting_units"`
	IDAliases    map[string]map[string]string `json:"id_aliases"`
	DPjudgeRules []string                     `json:"dpjudge_rules"`
	Impassable   []sourceImpassable           `json:"impassable"`
	XYSpace      struct {
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
	} `json:"xy_space"`
	DPjudgeExtras struct {
		Dynamic map[string][]string `json:"dynamic"` // season -> "WATER ARC"
	} `json:"dpjudge_extras"`
}

// sourceImpassable is an impassable area of a source file.
type sourceImpassable struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	XY     *Point `json:"xy"`
	LonLat *Point `json:"lonlat"`
}

// Point is a drawing point [x, y] in the map's space, or a real-world
// position [longitude, latitude].
type Point [2]float64

// Space is the size of the space the drawing points are in (the source
// map's image): every point has 0 <= x <= Width, 0 <= y <= Height.
type Space struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Impassable is an area of the board nobody may enter (Switzerland), kept
// only for drawing the board.
type Impassable struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	XY     *Point `json:"xy,omitempty"`
	LonLat *Point `json:"lonlat,omitempty"`
}

// Map is the project's own map format; diplomacy/map.go (mapFile) reads it.
// The drawing fields (Space, Impassable, and each province's XY, CoastXY
// and LonLat) are not read by the engine: internal/gen/mapshapes draws the
// board from them.
type Map struct {
	ID        string            `json:"id"`
	Title     string            `json:"title"`
	Victory   int               `json:"victory"`
	Start     Phase             `json:"start"`
	Calendar  *Calendar         `json:"calendar,omitempty"`
	Rules     []string          `json:"rules,omitempty"`
	Powers    []Power           `json:"powers"`
	Provinces []Province        `json:"provinces"`
	Army      map[string]string `json:"army"`  // province -> space-separated neighbours
	Fleet     map[string]string `json:"fleet"` // position -> space-separated positions
	Units     []Unit            `json:"units"`
	Aliases   map[string]string `json:"aliases,omitempty"`
	Borders   []Border          `json:"borders,omitempty"`
	Railroads []Railroad        `json:"railroads,omitempty"`
	// Space is the drawing points' space; Impassable, the areas nobody
	// may enter, with their drawing points.
	Space      Space        `json:"space"`
	Impassable []Impassable `json:"impassable,omitempty"`
}

// Border is a special border (weak, river) between two provinces, or a
// canal between two provinces that do not touch, passed with the
// permission of the unit standing in Via.
type Border struct {
	Kind    string    `json:"kind"`
	Unit    string    `json:"unit"`
	Between [2]string `json:"between"`
	Via     string    `json:"via,omitempty"`
}

// Railroad is a line of stations along which one power's units of one
// type move in one move.
type Railroad struct {
	Power    string   `json:"power"`
	Unit     string   `json:"unit"`
	Stations []string `json:"stations"`
}

// Phase is the first phase of a game on the map.
type Phase struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

// Calendar says how a map whose years are not plain spring/fall years
// labels them: game year Y (counted from the start year) is shown as
// start ± (Y-start)*step, plus fall in the fall and winter.
type Calendar struct {
	Era        string `json:"era,omitempty"`        // written after the year: "BC"
	Step       int    `json:"step,omitempty"`       // calendar years per game year (1)
	Fall       int    `json:"fall,omitempty"`       // calendar years from spring to fall (0)
	Descending bool   `json:"descending,omitempty"` // years count down (BC)
	Seasonless bool   `json:"seasonless,omitempty"` // label phases by year alone
}

// Power is one power; a dummy power has no player (neutral garrisons).
type Power struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Adjective string   `json:"adjective,omitempty"`
	Dummy     bool     `json:"dummy,omitempty"`
	Homes     []string `json:"homes"`
	Centers   []string `json:"centers"`
}

// Province is one province.
type Province struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Center bool     `json:"center,omitempty"`
	Home   string   `json:"home,omitempty"`
	Coasts []string `json:"coasts,omitempty"`
	// Seasons are the only seasons units may enter the province (none:
	// always); CenterExcept, the powers for which the centre does not count.
	Seasons      []string `json:"seasons,omitempty"`
	CenterExcept []string `json:"center_except,omitempty"`
	// XY is the point where the source's map draws a unit (for a
	// split-coast province, the army); CoastXY, the fleet point of each
	// coast; LonLat, the real-world [longitude, latitude] of the region
	// (the standard map only). Drawing data, in the map's Space.
	XY      *Point           `json:"xy,omitempty"`
	CoastXY map[string]Point `json:"coast_xy,omitempty"`
	LonLat  *Point           `json:"lonlat,omitempty"`
}

// Unit is one starting unit.
type Unit struct {
	Power string `json:"power"`
	Type  string `json:"type"`
	At    string `json:"at"`
}

// neutral turns a pseudo-country of the source into a dummy power: the
// source names its units with unitsOf and marks its home centres with
// homeTag (a home_power value that is not a power).
type neutral struct {
	unitsOf, homeTag string
}

// quirk is what the generator does differently for one map; every entry is
// explained in docs/variants.md.
type quirk struct {
	year      int       // the start year when the source has none
	start     *Phase    // replaces the source's first phase
	calendar  *Calendar // how years are labelled
	rules     []string  // rules the source states outside its directives
	addUnits  []Unit    // units the source places by a preset first build
	dropUnits []string  // source powers whose units are left out
	neutral   *neutral  // a pseudo-country to keep as a dummy power
	// seasonal: impassable provinces of the source that a DPjudge dynamic
	// directive ("IN SPRING: WATER ARC") opens as seas in some seasons,
	// with their fleet neighbours (the raw map's SHUT line).
	seasonal     map[string][]string
	borders      []Border            // special borders and canals
	railroads    []Railroad          // railroads
	centerExcept map[string][]string // centre -> powers it does not count for
}

var quirks = map[string]quirk{
	// Classical: B.C. 273; one movement season per calendar year, adjustments
	// every second year (NEWYEAR -1, IFYEARDIV 2).
	"classical": {calendar: &Calendar{Era: "BC", Step: 2, Fall: 1, Descending: true, Seasonless: true}},
	// Hundred: A.D. 1425; seasons five years apart, adjustments every ten
	// (NEWYEAR 5, IFYEARDIV 10).
	"hundred":       {calendar: &Calendar{Step: 10, Fall: 5, Seasonless: true}},
	"hundred_godip": {calendar: &Calendar{Step: 10, Fall: 5, Seasonless: true}, rules: []string{"build_any"}},
	// Age of Pericles: vDiplomacy dates turn 0 as Spring 480 BC, counting down.
	"pericles": {year: 480, calendar: &Calendar{Era: "BC", Descending: true}},
	// No starting units: the vDiplomacy game opens with a build phase.
	"seven_island": {start: &Phase{Season: "winter", Year: 1900, Type: "adjustment"}},
	"migraine":     {start: &Phase{Season: "winter", Year: 3498, Type: "adjustment"}},
	// Balkan Wars VI opens with a build phase whose builds are fixed.
	"balkan_wars_vi": {rules: []string{"build_any"}, addUnits: []Unit{
		{"albania", "army", "montenegro"}, {"albania", "army", "tirana"}, {"albania", "fleet", "valona"},
		{"bulgaria", "army", "thrace"}, {"greece", "fleet", "athens"}}},
	// Imperium: armies cross the Rhine and the Danube (every army border
	// between a tribal land and a Roman province), the Bosporus (Thracia-
	// Galatia) and the Strait of Gibraltar (Baetica-Mauretania) at one
	// strength less (me-asal.de's rule 3).
	"imperium": {rules: []string{"build_any"}, borders: rivers("army",
		"alamanni castra_regina", "alamanni colonia_agrippa", "alamanni sequanorum",
		"vandales castra_regina", "vandales colonia_agrippa", "franci colonia_agrippa",
		"teutones colonia_agrippa", "frisii colonia_agrippa", "suebi castra_regina",
		"suebi vindobona", "quadi vindobona", "asdingi vindobona", "iazygi vindobona",
		"iazygi dalmatia", "iazygi dacia", "iazygi thracia", "iazygi scytia",
		"hunni_quarti scytia", "thracia galatia", "baetica mauretania")},
	"maharajah": {rules: []string{"build_any"}},
	// Colonial (vDiplomacy 2.2): the Suez Canal (the unit in Egypt lets a
	// fleet pass between the Mediterranean and the Red Sea), the
	// Trans-Siberian Railroad (vDiplomacy's station list, territories 28 35
	// 29 39 40 30), Hong Kong no centre for China.
	"colonial": {dropUnits: []string{"Neutral Suez"},
		borders:      []Border{{Kind: "canal", Unit: "fleet", Between: [2]string{"mediterranean_sea", "red_sea"}, Via: "egypt"}},
		railroads:    []Railroad{{Power: "russia", Unit: "army", Stations: []string{"moscow", "perm", "omsk", "krasnoyarsk", "irkutsk", "vladivostok"}}},
		centerExcept: map[string][]string{"hong_kong": {"china"}}},
	// Loeb9: the Arctic Ocean is water in spring (SHUT ARC ABUTS BAR NAO NWG SIB).
	"loeb9": {seasonal: map[string][]string{"arc": {"bar", "nao", "nwg", "sib"}}},
	// 1900: the Cape of Good Hope, the *-marked borders EGY-MAO and HEJ-MAO.
	"variant_1900": {borders: []Border{
		{Kind: "weak", Unit: "fleet", Between: [2]string{"egy", "mao"}},
		{Kind: "weak", Unit: "fleet", Between: [2]string{"hej", "mao"}}}},
	"europe_1939_vdip": {neutral: &neutral{unitsOf: "Neutral units", homeTag: "countryID9"}, rules: []string{"immobile_dummies"}},
}

// rivers lists river borders for unit type t, each "a b".
func rivers(t string, pairs ...string) []Border {
	var out []Border
	for _, p := range pairs {
		f := strings.Fields(p)
		out = append(out, Border{Kind: "river", Unit: t, Between: [2]string{f[0], f[1]}})
	}
	return out
}

// powerNames are display names where the source's spelling is not one.
var powerNames = map[string]string{
	"BC": "British Columbia", "NEWYORK": "New York", "STPETERSBURG": "St Petersburg",
	"HOLYROMANEMPIRE": "Holy Roman Empire", "OTTOMANTURK": "Ottoman Turks",
	"POLANDLITHUANIA": "Poland-Lithuania", "CSA": "CSA", "USA": "USA", "USSR": "USSR", "NATO": "NATO",
	"_NEUTRAL": "Neutral",
}

// extraAliases are the abbreviations and spellings players commonly type,
// beyond the ids, the full names and the aliases the source file lists.
// Those for "standard" also serve every map that has the same province under
// the same id and name.
var extraAliases = map[string]map[string]string{
	"standard": {
		"nat": "nao", "north atlantic": "nao", "mat": "mao", "mid": "mao", "mid atlantic": "mao",
		"gol": "lyo", "gulf of lions": "lyo", "gulf of lion": "lyo", "lyon": "lyo",
		"nrg": "nwg", "ech": "eng", "channel": "eng", "nts": "nth", "gob": "bot", "bothnia": "bot",
		"tyn": "tys", "tyrrhenian": "tys", "wme": "wes", "western med": "wes", "eme": "eas", "eastern med": "eas",
		"hgb": "hel", "heligoland bight": "hel", "heligoland": "hel", "helgoland": "hel",
		"liv": "lvp", "lva": "lvn", "nor": "nwy", "saint petersburg": "stp", "st. petersburg": "stp",
		"norwegian": "nwg", "skag": "ska", "irish": "iri", "baltic": "bal", "barents": "bar",
		"black": "bla", "aegean": "aeg", "adriatic": "adr", "ionian": "ion", "tyl": "tyr", "tyrol": "tyr",
		"con": "con", "smyrna": "smy", "marseille": "mar", "sevastopool": "sev",
	},
}

// MapNames lists the map files (without .json) in the source folder dir.
func MapNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".json") && !e.IsDir() {
			names = append(names, strings.TrimSuffix(n, ".json"))
		}
	}
	sort.Strings(names)
	return names, nil
}

func readSource(path string) (*source, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var src source
	if err := json.Unmarshal(raw, &src); err != nil {
		return nil, err
	}
	return &src, nil
}

// Generate converts the source map name in dir into the project's format
// (the bytes of diplomacy/maps/<name>.json).
func Generate(dir, name string) ([]byte, error) {
	src, err := readSource(filepath.Join(dir, name+".json"))
	if err != nil {
		return nil, err
	}
	if src.ID != name {
		return nil, fmt.Errorf("file %s.json has id %q", name, src.ID)
	}
	q := quirks[name]
	m := Map{ID: src.ID, Title: src.Title, Victory: src.VictoryCenters, Calendar: q.calendar,
		Army: joined(src.Adjacency.Army), Fleet: joined(src.Adjacency.Fleet), Aliases: map[string]string{},
		Space: Space{Width: src.XYSpace.Width, Height: src.XYSpace.Height}}
	if m.Space.Width <= 0 || m.Space.Height <= 0 {
		return nil, fmt.Errorf("no xy_space (%v x %v)", m.Space.Width, m.Space.Height)
	}
	for _, x := range src.Impassable {
		if _, seasonal := q.seasonal[x.ID]; !seasonal {
			m.Impassable = append(m.Impassable, Impassable{ID: x.ID, Name: x.Name, XY: x.XY, LonLat: x.LonLat})
		}
	}
	if m.Start, err = startPhase(src, q); err != nil {
		return nil, err
	}
	for _, r := range append(append([]string(nil), src.DPjudgeRules...), q.rules...) {
		r = strings.ToLower(strings.TrimSpace(r))
		if !contains(m.Rules, r) {
			m.Rules = append(m.Rules, r)
		}
	}

	powerID := map[string]string{} // source power name -> our id
	used := map[string]bool{}      // lower-case ids, names and adjectives taken
	for _, p := range src.Powers {
		pw := Power{ID: powerIDOf(p.Name), Name: powerName(p.Name), Adjective: words(p.Adjective),
			Dummy: p.Dummy, Homes: p.HomeCenters, Centers: p.InitialCenters}
		if pw.Centers == nil {
			pw.Centers = pw.Homes // vDiplomacy and dummies: the homes are owned
		}
		if pw.Homes == nil {
			pw.Homes = []string{}
			pw.Centers = []string{}
		}
		powerID[p.Name] = pw.ID
		m.Powers = append(m.Powers, pw)
	}
	if n := q.neutral; n != nil {
		pw := Power{ID: "neutral", Name: "Neutral", Dummy: true}
		for _, p := range src.Provinces {
			if p.HomePower != nil && *p.HomePower == n.homeTag {
				pw.Homes = append(pw.Homes, p.ID)
			}
		}
		pw.Centers = pw.Homes
		powerID[n.unitsOf], powerID[n.homeTag] = pw.ID, pw.ID
		m.Powers = append(m.Powers, pw)
	}
	for i := range m.Powers {
		pw := &m.Powers[i]
		for _, n := range []string{pw.ID, pw.Name} {
			if used[strings.ToLower(n)] {
				return nil, fmt.Errorf("power name %q used twice", n)
			}
		}
		used[pw.ID], used[strings.ToLower(pw.Name)] = true, true
	}
	for i := range m.Powers {
		pw := &m.Powers[i]
		if a := strings.ToLower(pw.Adjective); a != "" && a != pw.ID && a != strings.ToLower(pw.Name) {
			if used[a] {
				pw.Adjective = "" // it would name another power
			}
			used[a] = true
		}
	}
	homeOf := map[string]string{}
	for _, pw := range m.Powers {
		for _, h := range pw.Homes {
			homeOf[h] = pw.ID
		}
	}

	ids := map[string]bool{}
	for _, p := range src.Provinces {
		q := Province{ID: p.ID, Name: p.Name, Kind: p.Type, Center: p.SupplyCenter, Coasts: p.Coasts,
			XY: p.XY, CoastXY: p.CoastXY, LonLat: p.LonLat}
		if q.Kind == "land" {
			q.Kind = "inland"
		}
		if p.HomePower != nil {
			id, ok := powerID[*p.HomePower]
			if !ok {
				return nil, fmt.Errorf("province %s: home power %q is no power", p.ID, *p.HomePower)
			}
			q.Home = id
		} else if h := homeOf[p.ID]; h != "" {
			q.Home = h // a dummy power's home, which the source leaves unmarked
		}
		if err := checkPoints(m.Space, p.ID, p.XY, p.CoastXY, p.Coasts); err != nil {
			return nil, err
		}
		ids[p.ID] = true
		m.Provinces = append(m.Provinces, q)
	}
	for _, u := range src.StartingUnits {
		if contains(q.dropUnits, u.Power) {
			continue
		}
		id, ok := powerID[u.Power]
		if !ok {
			return nil, fmt.Errorf("unit at %s: power %q is no power", u.Location, u.Power)
		}
		m.Units = append(m.Units, Unit{Power: id, Type: u.Type, At: u.Location})
	}
	m.Units = append(m.Units, q.addUnits...)
	if m.Units == nil {
		m.Units = []Unit{}
	}

	var sources []string
	for s := range src.IDAliases {
		sources = append(sources, s)
	}
	sort.Strings(sources)
	for _, s := range sources {
		for ours, theirs := range src.IDAliases[s] {
			if !ids[theirs] {
				m.Aliases[theirs] = ours
			}
		}
	}
	aliases := extraAliases[m.ID]
	if aliases == nil && name != "standard" {
		if aliases, err = standardAliases(dir, src); err != nil {
			return nil, err
		}
	}
	for alias, id := range aliases {
		if !ids[id] {
			return nil, fmt.Errorf("alias %q names unknown province %q", alias, id)
		}
		if !ids[alias] && alias != id {
			m.Aliases[alias] = id
		}
	}
	if len(m.Aliases) == 0 {
		m.Aliases = nil
	}
	if err := special(&m, src, q); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return nil, err
	}
	return append(pointLine.ReplaceAll(data, []byte("[$1, $2]")), '\n'), nil
}

// pointLine matches a pair of numbers (a Point) as MarshalIndent spreads it
// over four lines; Generate writes it on one.
var pointLine = regexp.MustCompile(`\[\s*(-?[0-9.]+(?:e[-+]?[0-9]+)?),\s*(-?[0-9.]+(?:e[-+]?[0-9]+)?)\s*\]`)

// checkPoints refuses a province without a drawing point, with a point
// outside the space, or whose coast points are not exactly its coasts.
func checkPoints(sp Space, id string, xy *Point, coastXY map[string]Point, coasts []string) error {
	if xy == nil {
		return fmt.Errorf("province %s: no xy drawing point", id)
	}
	in := func(p Point) bool { return p[0] >= 0 && p[1] >= 0 && p[0] <= sp.Width && p[1] <= sp.Height }
	if !in(*xy) {
		return fmt.Errorf("province %s: xy %v outside the %v x %v space", id, *xy, sp.Width, sp.Height)
	}
	if len(coastXY) != len(coasts) {
		return fmt.Errorf("province %s: coast points %v for coasts %v", id, coastXY, coasts)
	}
	for _, c := range coasts {
		p, ok := coastXY[c]
		if !ok || !in(p) {
			return fmt.Errorf("province %s: coast %s has no point in the space (%v)", id, c, coastXY)
		}
	}
	return nil
}

// standardAliases are the standard map's extra aliases whose province src
// has under the same id and the same name.
func standardAliases(dir string, src *source) (map[string]string, error) {
	std, err := readSource(filepath.Join(dir, "standard.json"))
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, p := range std.Provinces {
		names[p.ID] = p.Name
	}
	have := map[string]bool{}
	for _, p := range src.Provinces {
		if names[p.ID] == p.Name {
			have[p.ID] = true
		}
	}
	out := map[string]string{}
	for alias, id := range extraAliases["standard"] {
		if have[id] {
			out[alias] = id
		}
	}
	return out, nil
}

// startPhase is the first phase: the source's, or the quirk's replacement.
func startPhase(src *source, q quirk) (Phase, error) {
	if q.start != nil {
		return *q.start, nil
	}
	year := q.year
	if raw := strings.Trim(string(src.Start.Year), `"`); raw != "null" && raw != "" {
		y, err := strconv.Atoi(raw)
		if err != nil {
			return Phase{}, fmt.Errorf("start year %s: %v", src.Start.Year, err)
		}
		year = y
	}
	if year == 0 {
		return Phase{}, fmt.Errorf("no start year")
	}
	var season string
	switch strings.ToUpper(src.Start.Season) {
	case "SPRING", "A.D.", "B.C.", "YEAR":
		season = "spring" // the first season of a calendar that renames it
	case "FALL", "AUTUMN":
		season = "fall"
	case "WINTER":
		season = "winter"
	default:
		return Phase{}, fmt.Errorf("start season %q", src.Start.Season)
	}
	return Phase{Season: season, Year: year, Type: phaseType(src.Start.Phase)}, nil
}

func phaseType(s string) string {
	switch strings.ToUpper(s) {
	case "MOVEMENT":
		return "movement"
	case "RETREATS":
		return "retreat"
	default:
		return "adjustment"
	}
}

// powerIDOf is a power's id: its source name in lower case, "_" for "-".
func powerIDOf(name string) string {
	return strings.Trim(strings.ReplaceAll(strings.ToLower(name), "-", "_"), "_")
}

// powerName is a power's display name: "Habsburg Empire", "New York".
func powerName(name string) string {
	if n, ok := powerNames[name]; ok {
		return n
	}
	var b strings.Builder
	prev := rune(0)
	for _, r := range strings.ReplaceAll(name, "-", " ") {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ') // CamelCase: "OttomanEmpire"
		}
		b.WriteRune(r)
		prev = r
	}
	return words(b.String())
}

// words capitalizes each word of s and lower-cases the rest: "British
// Columbian" from "British+Columbian".
func words(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '+' || r == '_' })
	for i, w := range f {
		w = strings.ToLower(w)
		f[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(f, " ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// joined writes each adjacency list as one string, leaving out a province's
// border with itself (Speed Europa lists Swabia among its own neighbours).
func joined(adj map[string][]string) map[string]string {
	out := make(map[string]string, len(adj))
	for k, v := range adj {
		var keep []string
		for _, to := range v {
			if strings.Split(to, "/")[0] != strings.Split(k, "/")[0] {
				keep = append(keep, to)
			}
		}
		out[k] = strings.Join(keep, " ")
	}
	return out
}

// special adds quirk q's seasonal provinces, special borders, railroads and
// centre exceptions to m, checking them against the source.
func special(m *Map, src *source, q quirk) error {
	var seasonalIDs []string
	for id := range q.seasonal {
		seasonalIDs = append(seasonalIDs, id)
	}
	sort.Strings(seasonalIDs)
	for _, id := range seasonalIDs {
		name, xy := "", (*Point)(nil)
		for _, x := range src.Impassable {
			if x.ID == id {
				name, xy = x.Name, x.XY
			}
		}
		if name == "" {
			return fmt.Errorf("seasonal %s: not an impassable province of the source", id)
		}
		var seasons []string
		for _, s := range []string{"SPRING", "FALL", "WINTER"} {
			for _, d := range src.DPjudgeExtras.Dynamic[s] {
				if strings.EqualFold(d, "WATER "+id) {
					seasons = append(seasons, strings.ToLower(s))
				}
			}
		}
		if len(seasons) == 0 {
			return fmt.Errorf("seasonal %s: no dynamic WATER directive in the source", id)
		}
		m.Provinces = append(m.Provinces, Province{ID: id, Name: name, Kind: "sea", Seasons: seasons, XY: xy})
		m.Fleet[id] = strings.Join(q.seasonal[id], " ")
		for _, n := range q.seasonal[id] {
			if _, ok := m.Fleet[n]; !ok {
				return fmt.Errorf("seasonal %s: neighbour %s has no fleet position", id, n)
			}
			m.Fleet[n] += " " + id
		}
	}
	for pid, powers := range q.centerExcept {
		found := false
		for i := range m.Provinces {
			if m.Provinces[i].ID == pid {
				m.Provinces[i].CenterExcept = powers
				found = true
			}
		}
		if !found {
			return fmt.Errorf("center_except: unknown province %s", pid)
		}
	}
	m.Borders = q.borders
	m.Railroads = q.railroads
	return nil
}
