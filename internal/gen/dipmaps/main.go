// Command dipmaps generates the Diplomacy maps embedded in package diplomacy
// (diplomacy/maps/*.json, the project's own format) from the reference map
// files (dipmap-facts/1). Run from the repository root:
//
//	go run ./internal/gen/dipmaps -shared ../shared standard
//
// With no map names it converts every map it knows how to convert.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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
		ID           string   `json:"id"`
		Name         string   `json:"name"`
		Type         string   `json:"type"`
		SupplyCenter bool     `json:"supply_center"`
		HomePower    *string  `json:"home_power"`
		Coasts       []string `json:"coasts"`
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
	IDAliases map[string]map[string]string `json:"id_aliases"`
}

// Map is the project's own map format; diplomacy/mapdata.go reads it.
type Map struct {
	ID        string            `json:"id"`
	Title     string            `json:"title"`
	Victory   int               `json:"victory"`
	Start     Phase             `json:"start"`
	Powers    []Power           `json:"powers"`
	Provinces []Province        `json:"provinces"`
	Army      map[string]string `json:"army"`  // province -> space-separated neighbours
	Fleet     map[string]string `json:"fleet"` // position -> space-separated positions
	Units     []Unit            `json:"units"`
	Aliases   map[string]string `json:"aliases,omitempty"`
}

type Phase struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

type Power struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Adjective string   `json:"adjective,omitempty"`
	Homes     []string `json:"homes"`
	Centers   []string `json:"centers"`
}

type Province struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Center bool     `json:"center,omitempty"`
	Home   string   `json:"home,omitempty"`
	Coasts []string `json:"coasts,omitempty"`
}

type Unit struct {
	Power string `json:"power"`
	Type  string `json:"type"`
	At    string `json:"at"`
}

// extraAliases are the abbreviations and spellings players commonly type,
// beyond the ids, the full names and the aliases the source file lists.
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

func main() {
	shared := flag.String("shared", "../shared", "the shared reference folder")
	out := flag.String("out", "diplomacy/maps", "where to write the project's map files")
	flag.Parse()
	names := flag.Args()
	if len(names) == 0 {
		names = []string{"standard"}
	}
	for _, name := range names {
		if err := convert(filepath.Join(*shared, "diplomacy", "maps", name+".json"), *out); err != nil {
			fmt.Fprintln(os.Stderr, "dipmaps:", name+":", err)
			os.Exit(1)
		}
	}
}

func convert(path, outDir string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var src source
	if err := json.Unmarshal(raw, &src); err != nil {
		return err
	}
	m := Map{ID: src.ID, Title: src.Title, Victory: src.VictoryCenters,
		Army: joined(src.Adjacency.Army), Fleet: joined(src.Adjacency.Fleet), Aliases: map[string]string{}}
	year, err := strconv.Atoi(strings.Trim(string(src.Start.Year), `"`))
	if err != nil {
		return fmt.Errorf("start year %s: %v", src.Start.Year, err)
	}
	m.Start = Phase{Season: strings.ToLower(src.Start.Season), Year: year, Type: phaseType(src.Start.Phase)}
	for _, p := range src.Powers {
		if p.Dummy {
			return fmt.Errorf("dummy power %s: not supported yet", p.Name)
		}
		m.Powers = append(m.Powers, Power{ID: strings.ToLower(p.Name), Name: title(p.Name),
			Adjective: title(p.Adjective), Homes: p.HomeCenters, Centers: p.InitialCenters})
	}
	for _, p := range src.Provinces {
		q := Province{ID: p.ID, Name: p.Name, Kind: p.Type, Center: p.SupplyCenter, Coasts: p.Coasts}
		if q.Kind == "land" {
			q.Kind = "inland"
		}
		if p.HomePower != nil {
			q.Home = strings.ToLower(*p.HomePower)
		}
		m.Provinces = append(m.Provinces, q)
	}
	for _, u := range src.StartingUnits {
		m.Units = append(m.Units, Unit{Power: strings.ToLower(u.Power), Type: u.Type, At: u.Location})
	}
	ids := map[string]bool{}
	for _, p := range m.Provinces {
		ids[p.ID] = true
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
	for alias, id := range extraAliases[m.ID] {
		if !ids[id] {
			return fmt.Errorf("alias %q names unknown province %q", alias, id)
		}
		if !ids[alias] || alias == id {
			if alias != id {
				m.Aliases[alias] = id
			}
		}
	}
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(outDir, m.ID+".json"), append(data, '\n'), 0o644)
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

func title(s string) string {
	if s == "" {
		return ""
	}
	s = strings.ToLower(s)
	return strings.ToUpper(s[:1]) + s[1:]
}

func joined(adj map[string][]string) map[string]string {
	out := make(map[string]string, len(adj))
	for k, v := range adj {
		out[k] = strings.Join(v, " ")
	}
	return out
}
