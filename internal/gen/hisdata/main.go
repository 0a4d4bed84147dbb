// Command hisdata generates the Here I Stand engine's embedded data file,
// his/hisdata.json, from the reference data in <shared>/his/data.
//
// Usage (from the module root):
//
//	go run ./internal/gen/hisdata -shared ../shared -out his/hisdata.json
//
// The output is the project's own compact format: every space, sea, leader,
// debater and card is referred to by its index in its list, powers and
// language zones by short names the engine maps to small integers. Only
// what the engine uses is kept. A few facts that the reference JSON does not
// carry (extra debate dice printed on two cards, RULES.md §18.5 step 4 and
// CARDS.md #56, #112) are added here, each with its source.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	shared := flag.String("shared", "../shared", "path to the shared reference folder")
	out := flag.String("out", "his/hisdata.json", "output file")
	flag.Parse()
	b, err := generate(filepath.Join(*shared, "his", "data"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hisdata:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "hisdata:", err)
		os.Exit(1)
	}
}

// Reference formats (only the fields read).

type refSpace struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	HomePower   string   `json:"home_power"`
	Lang        *string  `json:"language_zone"`
	Ports       []string `json:"ports"`
	Connections []string `json:"connections"`
	Passes      []string `json:"passes"`
	XY          [2]int   `json:"vassal_xy"`
	Start       struct {
		Control  *string `json:"political_control"`
		Religion *string `json:"religion"`
	} `json:"start_1517"`
}

type refSea struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Adjacent []string `json:"adjacent"`
	Ports    []string `json:"ports"`
}

type refLeader struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Power   string  `json:"power"`
	Battle  int     `json:"battle"`
	Command int     `json:"command"`
	Piracy  *int    `json:"piracy"`
	Start   *string `json:"start_1517"`
}

// refVoyager is an explorer or a conquistador (leaders.json).
type refVoyager struct {
	Name  string `json:"name"`
	Power string `json:"power"`
	Value int    `json:"value"`
}

type refDebater struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Side      string `json:"side"`
	Value     int    `json:"value"`
	Lang      string `json:"language_zone"`
	Enters    int    `json:"enters_turn"`
	Start     bool   `json:"in_play_at_start"`
	Condition string `json:"condition"`
}

type refCard struct {
	Number  int             `json:"number"`
	Name    string          `json:"name"`
	Type    string          `json:"type"`
	CP      int             `json:"cp"`
	Power   string          `json:"power"`
	Enters  json.RawMessage `json:"enters"`
	No1532  bool            `json:"not_in_1532_setup"`
	Remove  json.RawMessage `json:"remove_after_event"`
	Edition string          `json:"edition"`
	Deck    string          `json:"deck"`
	RulerOf string          `json:"ruler_of"`
}

type refUnits struct {
	Leaders   []string `json:"leaders"`
	Regulars  int      `json:"regulars"`
	Cavalry   int      `json:"cavalry"`
	Squadrons int      `json:"squadrons"`
	Mercs     int      `json:"mercenaries"`
	Corsairs  int      `json:"corsairs"`
}

type refSetup struct {
	StartVP  map[string]int                 `json:"start_vp"`
	Wars     [][2]string                    `json:"wars"`
	Units    map[string]map[string]refUnits `json:"units"`
	Display  map[string]int                 `json:"protestant_electorate_display"`
	Debaters map[string][]string            `json:"debaters_in_play"`
	Rulers   []struct {
		Power     string `json:"power"`
		Ruler     string `json:"ruler"`
		Admin     int    `json:"admin"`
		CardBonus int    `json:"card_bonus"`
		Start     bool   `json:"start"`
		Card      int    `json:"card"`
	} `json:"rulers"`
}

// Output format: see his/data.go for the reading side.

// Space is one land space.
type Space struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Type  string `json:"type"` // unfortified, fortress, key, capital, electorate
	Home  string `json:"home"` // power name or "independent"
	Lang  string `json:"lang,omitempty"`
	Ports []int  `json:"ports,omitempty"` // sea indices
	Adj   []int  `json:"adj,omitempty"`   // space indices, normal connections
	Pass  []int  `json:"pass,omitempty"`  // space indices, pass connections
	Ctl   string `json:"ctl,omitempty"`   // 1517 political control ("" = out of play)
	NoRel bool   `json:"norel,omitempty"` // no religion (Ottoman home spaces)
	XY    [2]int `json:"xy"`              // the space's centre on the printed map, in pixels (x right, y down)
}

// Sea is one sea zone.
type Sea struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Adj   []int  `json:"adj"`
	Ports []int  `json:"ports"`
}

// Leader is an army or naval leader.
type Leader struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Power   string `json:"power"`
	Naval   bool   `json:"naval,omitempty"`
	Battle  int    `json:"battle"`
	Command int    `json:"command,omitempty"`
	Piracy  int    `json:"piracy,omitempty"`
	Start   int    `json:"start"` // space index, -1 = not on the map in 1517
}

// Voyager is an explorer or a conquistador of the New World (§20). Cabot
// marks the three Sebastian Cabot explorers, used only by that event
// (CARDS.md #99), never drawn from the pool.
type Voyager struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Power string `json:"power"`
	Value int    `json:"value"`
	Cabot bool   `json:"cabot,omitempty"`
}

// Debater is one debater counter.
type Debater struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Side   string `json:"side"` // papacy or protestant
	Value  int    `json:"value"`
	Lang   string `json:"lang,omitempty"` // "" for Papal debaters (any zone)
	Enters int    `json:"enters"`
	Start  bool   `json:"start,omitempty"`
	Cranm  bool   `json:"cranmer,omitempty"` // waits for the reformer Cranmer
}

// Card is one card.
type Card struct {
	N        int    `json:"n"`
	Name     string `json:"name"`
	Type     string `json:"type"` // home, mandatory, response, combat, event
	CP       int    `json:"cp"`
	Power    string `json:"power,omitempty"`
	Enters   int    `json:"enters"`           // turn it joins the deck; 0 = variable/conditional (see When)
	When     string `json:"when,omitempty"`   // "variable", "6c" (turn 6, conditional), "league"
	No1532   bool   `json:"no1532,omitempty"` // "(1517)" card
	Remove   string `json:"remove"`           // yes, no, ruler, cond
	Ed500    bool   `json:"ed500,omitempty"`  // added by the 500th Anniversary edition
	Diplo    bool   `json:"diplo,omitempty"`  // 2-player diplomatic deck
	RulerOf  string `json:"ruler_of,omitempty"`
	DebDice  int    `json:"debdice,omitempty"`  // extra Papal attack dice in a debate it calls
	DebDiceE int    `json:"debdicee,omitempty"` // the same in the English zone
}

// Ruler is one ruler card's values.
type Ruler struct {
	Power string `json:"power"`
	Name  string `json:"name"`
	Admin int    `json:"admin"`
	Bonus int    `json:"bonus"`
	Card  int    `json:"card,omitempty"`
	Start bool   `json:"start,omitempty"`
}

// Stack is one setup placement.
type Stack struct {
	Power   string `json:"power"`
	Space   int    `json:"space"`
	Reg     int    `json:"reg,omitempty"`
	Merc    int    `json:"merc,omitempty"`
	Cav     int    `json:"cav,omitempty"`
	Sq      int    `json:"sq,omitempty"`
	Cor     int    `json:"cor,omitempty"`
	Leaders []int  `json:"leaders,omitempty"`
}

// Setup is the 1517 scenario.
type Setup struct {
	VP       map[string]int `json:"vp"`
	Wars     [][2]string    `json:"wars"`
	Stacks   []Stack        `json:"stacks"`
	Display  map[int]int    `json:"display"` // electorate space index -> regulars waiting
	Debaters []int          `json:"debaters"`
}

// File is the whole generated file.
type File struct {
	Note     string    `json:"note"`
	Spaces   []Space   `json:"spaces"`
	Seas     []Sea     `json:"seas"`
	Leaders  []Leader  `json:"leaders"`
	Debaters []Debater `json:"debaters"`
	Cards    []Card    `json:"cards"`
	Rulers   []Ruler   `json:"rulers"`
	Passes   []Pass    `json:"passes"`
	// Explorers and Conquistadors: the New World's voyagers.
	Explorers     []Voyager `json:"explorers"`
	Conquistadors []Voyager `json:"conquistadors"`
	Setup         Setup     `json:"setup1517"`
}

// Pass is one pass connection and its mountain range.
type Pass struct {
	A     int    `json:"a"`
	B     int    `json:"b"`
	Range string `json:"range"` // pyrenees, alps, balkans
}

func load(dir, name string, v any) error {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func generate(dir string) ([]byte, error) {
	var sp struct {
		Spaces []refSpace `json:"spaces"`
		Meta   struct {
			Passes []struct {
				A, B, Range string
			} `json:"passes"`
		} `json:"_meta"`
	}
	var se struct {
		Seas []refSea `json:"seas"`
	}
	var le struct {
		Army          []refLeader  `json:"army"`
		Naval         []refLeader  `json:"naval"`
		Explorers     []refVoyager `json:"explorers"`
		Conquistadors []refVoyager `json:"conquistadors"`
	}
	var de struct {
		Debaters []refDebater `json:"debaters"`
	}
	var ca struct {
		Cards []refCard `json:"cards"`
	}
	var su refSetup
	for _, f := range []struct {
		n string
		v any
	}{{"spaces.json", &sp}, {"seas.json", &se}, {"leaders.json", &le}, {"debaters.json", &de}, {"cards.json", &ca}, {"setup.json", &su}} {
		if err := load(dir, f.n, f.v); err != nil {
			return nil, err
		}
	}
	sIdx := map[string]int{}
	for i, s := range sp.Spaces {
		sIdx[s.ID] = i
	}
	zIdx := map[string]int{}
	for i, s := range se.Seas {
		zIdx[s.ID] = i
	}
	look := func(m map[string]int, id, what string) (int, error) {
		i, ok := m[id]
		if !ok {
			return 0, fmt.Errorf("unknown %s %q", what, id)
		}
		return i, nil
	}
	list := func(m map[string]int, ids []string, what string) ([]int, error) {
		var out []int
		for _, id := range ids {
			i, err := look(m, id, what)
			if err != nil {
				return nil, err
			}
			out = append(out, i)
		}
		sort.Ints(out)
		return out, nil
	}
	var f File
	f.Note = "Generated by internal/gen/hisdata from the Here I Stand reference data; do not edit."
	for _, s := range sp.Spaces {
		o := Space{ID: s.ID, Name: s.Name, Type: s.Type, Home: s.HomePower, XY: s.XY}
		if s.XY == [2]int{} {
			return nil, fmt.Errorf("space %s: no vassal_xy", s.ID)
		}
		if s.Lang != nil {
			o.Lang = *s.Lang
		}
		var err error
		if o.Ports, err = list(zIdx, s.Ports, "sea"); err != nil {
			return nil, err
		}
		if o.Adj, err = list(sIdx, s.Connections, "space"); err != nil {
			return nil, err
		}
		if o.Pass, err = list(sIdx, s.Passes, "space"); err != nil {
			return nil, err
		}
		if s.Start.Control != nil {
			o.Ctl = *s.Start.Control
		}
		o.NoRel = s.Start.Religion == nil
		f.Spaces = append(f.Spaces, o)
	}
	for _, p := range sp.Meta.Passes {
		a, err := look(sIdx, p.A, "space")
		if err != nil {
			return nil, err
		}
		b, err := look(sIdx, p.B, "space")
		if err != nil {
			return nil, err
		}
		f.Passes = append(f.Passes, Pass{A: a, B: b, Range: p.Range})
	}
	for _, s := range se.Seas {
		adj, err := list(zIdx, s.Adjacent, "sea")
		if err != nil {
			return nil, err
		}
		ports, err := list(sIdx, s.Ports, "space")
		if err != nil {
			return nil, err
		}
		f.Seas = append(f.Seas, Sea{ID: s.ID, Name: s.Name, Adj: adj, Ports: ports})
	}
	lIdx := map[string]int{}
	addLeader := func(l refLeader, naval bool) error {
		o := Leader{ID: l.ID, Name: l.Name, Power: l.Power, Naval: naval, Battle: l.Battle, Command: l.Command, Start: -1}
		if l.Piracy != nil {
			o.Piracy = *l.Piracy
		}
		if l.Start != nil {
			i, err := look(sIdx, *l.Start, "space")
			if err != nil {
				return err
			}
			o.Start = i
		}
		lIdx[l.ID] = len(f.Leaders)
		f.Leaders = append(f.Leaders, o)
		return nil
	}
	for _, l := range le.Army {
		if err := addLeader(l, false); err != nil {
			return nil, err
		}
	}
	for _, l := range le.Naval {
		if err := addLeader(l, true); err != nil {
			return nil, err
		}
	}
	voyager := func(v refVoyager) Voyager {
		id := strings.ToLower(strings.ReplaceAll(v.Name, " ", "_"))
		return Voyager{ID: id, Name: v.Name, Power: v.Power, Value: v.Value, Cabot: strings.HasPrefix(v.Name, "Cabot ")}
	}
	for _, v := range le.Explorers {
		f.Explorers = append(f.Explorers, voyager(v))
	}
	for _, v := range le.Conquistadors {
		f.Conquistadors = append(f.Conquistadors, voyager(v))
	}
	dIdx := map[string]int{}
	for _, d := range de.Debaters {
		side := d.Side
		if side == "papal" {
			side = "papacy"
		}
		lang := d.Lang
		if lang == "any" {
			lang = ""
		}
		dIdx[d.ID] = len(f.Debaters)
		f.Debaters = append(f.Debaters, Debater{ID: d.ID, Name: d.Name, Side: side, Value: d.Value, Lang: lang,
			Enters: d.Enters, Start: d.Start, Cranm: d.Condition != ""})
	}
	for _, c := range ca.Cards {
		o := Card{N: c.Number, Name: c.Name, Type: c.Type, CP: c.CP, Power: c.Power, No1532: c.No1532,
			Ed500: c.Edition != "", Diplo: c.Number > 200, RulerOf: c.RulerOf}
		var n int
		var s string
		switch {
		case json.Unmarshal(c.Enters, &n) == nil:
			o.Enters = n
		case json.Unmarshal(c.Enters, &s) == nil:
			switch s {
			case "start":
				o.Enters = 1
			case "variable":
				o.When = "variable"
			case "6_conditional":
				o.Enters, o.When = 6, "6c"
			case "turn_after_schmalkaldic_league":
				o.When = "league"
			default:
				return nil, fmt.Errorf("card %d: unknown entry %q", c.Number, s)
			}
		default:
			return nil, fmt.Errorf("card %d: bad entry %s", c.Number, c.Enters)
		}
		var b bool
		switch {
		case json.Unmarshal(c.Remove, &b) == nil:
			o.Remove = map[bool]string{true: "yes", false: "no"}[b]
		case json.Unmarshal(c.Remove, &s) == nil:
			switch s {
			case "ruler_card":
				o.Remove = "ruler"
			case "conditional":
				o.Remove = "cond"
			default:
				return nil, fmt.Errorf("card %d: unknown removal %q", c.Number, s)
			}
		default:
			return nil, fmt.Errorf("card %d: bad removal %s", c.Number, c.Remove)
		}
		// Extra Papal attack dice in debates these events call (not in the
		// reference JSON): CARDS.md #56 Papal Inquisition, 2 extra dice;
		// #112 Thomas More, 1 extra die, 3 in the English zone.
		switch c.Number {
		case 56:
			o.DebDice, o.DebDiceE = 2, 2
		case 112:
			o.DebDice, o.DebDiceE = 1, 3
		}
		f.Cards = append(f.Cards, o)
	}
	for _, r := range su.Rulers {
		f.Rulers = append(f.Rulers, Ruler{Power: r.Power, Name: r.Ruler, Admin: r.Admin, Bonus: r.CardBonus, Card: r.Card, Start: r.Start})
	}
	f.Setup.VP = su.StartVP
	f.Setup.Wars = su.Wars
	powers := make([]string, 0, len(su.Units))
	for p := range su.Units {
		powers = append(powers, p)
	}
	sort.Strings(powers)
	for _, p := range powers {
		spaces := make([]string, 0, len(su.Units[p]))
		for s := range su.Units[p] {
			spaces = append(spaces, s)
		}
		sort.Strings(spaces)
		for _, s := range spaces {
			u := su.Units[p][s]
			i, err := look(sIdx, s, "space")
			if err != nil {
				return nil, err
			}
			st := Stack{Power: p, Space: i, Reg: u.Regulars, Merc: u.Mercs, Cav: u.Cavalry, Sq: u.Squadrons, Cor: u.Corsairs}
			for _, l := range u.Leaders {
				li, err := look(lIdx, l, "leader")
				if err != nil {
					return nil, err
				}
				st.Leaders = append(st.Leaders, li)
			}
			if st.Reg+st.Merc+st.Cav+st.Sq+st.Cor+len(st.Leaders) == 0 {
				continue // a control marker only: control comes from spaces.json
			}
			f.Setup.Stacks = append(f.Setup.Stacks, st)
		}
	}
	f.Setup.Display = map[int]int{}
	for s, n := range su.Display {
		i, err := look(sIdx, s, "space")
		if err != nil {
			return nil, err
		}
		f.Setup.Display[i] = n
	}
	for _, side := range []string{"papacy", "protestant"} {
		for _, d := range su.Debaters[side] {
			i, err := look(dIdx, d, "debater")
			if err != nil {
				return nil, err
			}
			f.Setup.Debaters = append(f.Setup.Debaters, i)
		}
	}
	sort.Ints(f.Setup.Debaters)
	return encode(f)
}

// encode writes the file with one list entry per line: compact, yet a
// change to one space or card shows as a one-line diff.
func encode(f File) ([]byte, error) {
	var buf bytes.Buffer
	line := func(prefix string, v any, last bool) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		buf.WriteString(prefix)
		buf.Write(b)
		if !last {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		return nil
	}
	buf.WriteString("{\n")
	if err := line(`"note":`, f.Note, false); err != nil {
		return nil, err
	}
	lists := []struct {
		name string
		n    int
		at   func(int) any
	}{
		{"spaces", len(f.Spaces), func(i int) any { return f.Spaces[i] }},
		{"seas", len(f.Seas), func(i int) any { return f.Seas[i] }},
		{"leaders", len(f.Leaders), func(i int) any { return f.Leaders[i] }},
		{"debaters", len(f.Debaters), func(i int) any { return f.Debaters[i] }},
		{"cards", len(f.Cards), func(i int) any { return f.Cards[i] }},
		{"rulers", len(f.Rulers), func(i int) any { return f.Rulers[i] }},
		{"passes", len(f.Passes), func(i int) any { return f.Passes[i] }},
		{"explorers", len(f.Explorers), func(i int) any { return f.Explorers[i] }},
		{"conquistadors", len(f.Conquistadors), func(i int) any { return f.Conquistadors[i] }},
	}
	for _, l := range lists {
		buf.WriteString(`"` + l.name + `":[` + "\n")
		for i := 0; i < l.n; i++ {
			if err := line("", l.at(i), i == l.n-1); err != nil {
				return nil, err
			}
		}
		buf.WriteString("],\n")
	}
	if err := line(`"setup1517":`, f.Setup, true); err != nil {
		return nil, err
	}
	buf.WriteString("}\n")
	return buf.Bytes(), nil
}
