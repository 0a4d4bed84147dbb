package catalog

import (
	"errors"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/his"
)

// TestStandardMap: the standard map as the rulebook describes it: seven
// great powers, 75 provinces (19 seas, 14 inland, 42 on a coast), 34
// supply centres of which 22 are home centres, three split coasts, 18
// centres to win, 22 units at the start.
func TestStandardMap(t *testing.T) {
	v, err := Variant("", "standard")
	if err != nil {
		t.Fatal(err)
	}
	m, ok := v.(Map)
	if !ok {
		t.Fatalf("standard is a %T", v)
	}
	kinds := map[string]int{}
	centers, homes := 0, 0
	var split []string
	for _, p := range m.Provinces {
		kinds[p.Kind]++
		if p.Center {
			centers++
		}
		if p.Home != "" {
			homes++
			if !p.Center {
				t.Errorf("%s is %s's home but not a centre", p.ID, p.Home)
			}
		}
		if len(p.Coasts) > 0 {
			split = append(split, p.ID)
		}
	}
	if len(m.Provinces) != 75 || kinds["sea"] != 19 || kinds["inland"] != 14 || kinds["coast"] != 42 {
		t.Errorf("provinces: %d, kinds %v", len(m.Provinces), kinds)
	}
	if centers != 34 || homes != 22 || m.Centers != 34 || m.Victory != 18 || m.Units != 22 || len(m.Start.Units) != 22 {
		t.Errorf("centres %d (summary %d), homes %d, victory %d, units %d/%d", centers, m.Centers, homes, m.Victory, m.Units, len(m.Start.Units))
	}
	if len(split) != 3 || split[0] != "bul" || split[1] != "spa" || split[2] != "stp" {
		t.Errorf("split coasts: %v", split)
	}
	if m.Players != 7 || len(m.AllPowers) != 7 || m.AllPowers[1].ID != "england" || m.AllPowers[1].Name != "England" || len(m.AllPowers[1].Homes) != 3 {
		t.Errorf("powers: %+v", m.AllPowers)
	}
	if m.FirstPhase != "spring 1901 movement" || m.Game != "diplomacy" {
		t.Errorf("first phase %q, game %q", m.FirstPhase, m.Game)
	}
}

// TestEveryMap: every map's summary agrees with the map in full; ids are
// unique across games; an unknown id is ErrUnknown.
func TestEveryMap(t *testing.T) {
	games, err := Games()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Game != "diplomacy" || games[1].Game != "his" {
		t.Fatalf("games: %+v", games)
	}
	if n := len(games[0].Variants); n != 48 {
		t.Fatalf("%d maps, want 48", n)
	}
	seen := map[string]string{}
	for _, g := range games {
		for _, s := range g.Variants {
			if other, dup := seen[s.ID]; dup {
				t.Errorf("%s is a variant of %s and of %s", s.ID, other, g.Game)
			}
			seen[s.ID] = g.Game
			v, err := Variant(g.Game, s.ID)
			if err != nil {
				t.Fatalf("%s %s: %v", g.Game, s.ID, err)
			}
			if g.Game != "diplomacy" {
				continue
			}
			m := v.(Map)
			ids, centers := map[string]bool{}, 0
			for _, p := range m.Provinces {
				if ids[p.ID] || p.Name == "" || (p.Kind != "inland" && p.Kind != "coast" && p.Kind != "sea") {
					t.Errorf("%s: province %+v", s.ID, p)
				}
				ids[p.ID] = true
				if p.Center {
					centers++
				}
			}
			played := 0
			for _, pw := range m.AllPowers {
				if !pw.Dummy {
					played++
				}
				for _, h := range pw.Homes {
					if !ids[h] {
						t.Errorf("%s: %s's home %s is no province", s.ID, pw.ID, h)
					}
				}
			}
			if centers != s.Centers || played != s.Players || len(m.Start.Units) != s.Units || m.Victory > centers {
				t.Errorf("%s: %d centres, %d played powers, %d units; summary %+v", s.ID, centers, played, len(m.Start.Units), s)
			}
		}
	}
	if _, err := Variant("", "atlantis"); !errors.Is(err, ErrUnknown) {
		t.Errorf("an unknown map: %v", err)
	}
	if _, err := Variant("his", "standard"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a Diplomacy map asked of Here I Stand: %v", err)
	}
}

// TestOptions: every Diplomacy option is described with its type and
// values, and each value the catalogue offers for the choices is one the
// engine sets a game up with; Here I Stand's scenario has the six powers.
func TestOptions(t *testing.T) {
	games, err := Games()
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]Option{}
	for _, o := range games[0].Options {
		opts[o.Key] = o
		if o.Type != "bool" && o.Type != "choice" && o.Type != "powers" || o.Summary == "" {
			t.Errorf("option %+v", o)
		}
	}
	if len(opts) != 15 || opts["fog"].Type != "bool" || opts["players"].Type != "powers" || opts["multiplicity"].Type != "bool" {
		t.Fatalf("options: %+v", opts)
	}
	if r := opts["rules"]; r.Type != "choice" || r.Default != "2023" || len(r.Values) != 4 {
		t.Errorf("the edition: %+v", r)
	}
	for _, key := range []string{"rules", "preset"} {
		for _, v := range opts[key].Values {
			if _, err := (diplomacy.Rules{}).Setup(game.Config{Variant: "standard", Options: map[string]string{key: v}}, 1); err != nil {
				t.Errorf("%s=%s offered, refused by the engine: %v", key, v, err)
			}
		}
	}
	v, err := Variant("his", "1517")
	if err != nil {
		t.Fatal(err)
	}
	sc := v.(Scenario)
	if sc.Players != 6 || len(sc.Seats) != 6 || sc.Seats[0].ID != "ottoman" || sc.Seats[0].Name != "Ottoman" || len(sc.Options) != 2 {
		t.Errorf("1517: %+v", sc)
	}
	// The three scenarios of RULES.md §24.1–24.2 are listed and set up,
	// with every value of every option the catalogue offers (the 2-player
	// variant plays the 1517 scenario only).
	for _, id := range []string{"1517", "1532", "tournament"} {
		if _, err := Variant("his", id); err != nil {
			t.Errorf("scenario %s: %v", id, err)
		}
		for _, o := range games[1].Options {
			for _, v := range o.Values {
				_, err := (his.Rules{}).Setup(game.Config{Variant: id, Options: map[string]string{o.Key: v}}, 1)
				if two := o.Key == "players" && v == "2" && id != "1517"; two != (err != nil) {
					t.Errorf("%s: %s=%s: error %v", id, o.Key, v, err)
				}
			}
		}
	}
}
