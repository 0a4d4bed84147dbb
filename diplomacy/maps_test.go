package diplomacy

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"concordat/internal/gen/dipmaps/convert"
)

// mapCounts are the totals of each embedded map as its source file
// (../shared/diplomacy/maps/<id>.json, "counts", "victory_centers" and
// "start") gives them, written out here so the test needs no ../shared.
// Where the conversion changes a total on purpose (docs/variants.md), the
// source's figure comes first and the change is spelled out.
type mapCounts struct {
	id        string
	provinces int    // not counting impassable areas
	centers   int    // supply centres
	homes     int    // home centres of the players' powers
	players   int    // powers a player holds (dummy powers not counted)
	units     int    // starting units, a dummy power's included
	victory   int    // centres to win
	start     string // the first phase, as Phase.String gives it
}

var wantMaps = []mapCounts{
	{"aberration", 152, 52, 27, 9, 27, 27, "spring 1901 movement"},
	{"abstraction3", 118, 48, 30, 7, 30, 25, "spring 1901 movement"},
	{"ancient_mediterranean", 79, 34, 15, 5, 15, 18, "spring 1 movement"},
	{"ancient_mediterranean_godip", 79, 34, 15, 5, 15, 18, "spring 1 movement"},
	{"balkan_wars_vi", 52, 26, 19, 6, 14 + 5, 14, "spring 1910 movement"}, // + the five preset builds
	{"britain", 75, 37, 25, 7, 25, 19, "spring 1901 movement"},
	{"chaos", 75, 34, 34, 34, 0, 18, "winter 1900 adjustment"},
	{"chromatic", 56, 21, 15, 5, 15, 11, "spring 1901 movement"},
	{"classic_1913_vdip", 82, 38, 23, 7, 25, 20, "spring 1913 movement"},
	{"classical", 117, 35, 15, 5, 15, 18, "spring 273 movement"},
	{"cold_war", 90, 27, 12, 2, 12, 17, "spring 1960 movement"},
	{"colonial", 119, 58, 29, 7, 30 - 1, 30, "spring 1870 movement"}, // - the Suez Canal marker
	{"colonial_1885_vdip", 257, 122, 67, 10, 67, 50, "spring 1885 movement"},
	{"crowded", 75, 35, 35, 11, 35, 18, "spring 1901 movement"},
	{"europe_1939_vdip", 148, 55, 39 - 2, 8, 38, 28, "spring 1939 movement"}, // - the neutral Yugoslav homes
	{"fall_of_the_american_empire", 161, 58, 30, 10, 30, 30, "spring 1999 movement"},
	{"fall_of_the_american_empire_iv", 161, 58, 30, 10, 30, 34, "spring 1999 movement"},
	{"fiveman_dpjudge", 66, 27, 15, 5, 15, 14, "spring 1901 movement"},
	{"fleet_rome", 75, 34, 22, 7, 22, 18, "spring 1901 movement"},
	{"heptarchy_iv", 91, 38, 22, 7, 22, 19, "spring 651 movement"},
	{"hundred", 41, 17, 13, 3, 14, 9, "spring 1425 movement"},
	{"hundred_godip", 41, 17, 13, 3, 14, 9, "spring 1425 movement"},
	{"imperial", 346, 172, 85, 13, 85, 84, "spring 1861 movement"},
	{"imperium", 87, 28, 0, 6, 19, 15, "spring 401 movement"},
	{"indians_of_the_great_lakes", 101, 52, 27, 9, 27, 27, "spring 1501 movement"},
	{"karibik", 87, 38, 24, 8, 24, 20, "spring 1901 movement"},
	{"layered", 150, 68, 44, 7, 44, 35, "spring 1901 movement"},
	{"loeb9", 85 + 1, 38, 28, 9, 28, 20, "spring 1901 movement"}, // + the seasonal Arctic Ocean
	{"maharajah", 77, 37, 21, 7, 21, 19, "spring 1501 movement"},
	{"migraine", 83, 38, 24, 8, 0, 20, "winter 3498 adjustment"}, // source: spring 3499, no units
	{"milan", 75, 34, 22, 7, 22, 18, "spring 1901 movement"},
	{"modern", 141, 64, 38, 10, 38, 33, "spring 1995 movement"},
	{"pericles", 85, 39, 21, 7, 21, 20, "spring 480 movement"}, // source year: null
	{"pure", 7, 7, 7, 7, 7, 4, "spring 1901 movement"},
	{"renaissance", 76, 35, 22, 7, 22, 18, "spring 1454 movement"},
	{"sail_ho", 60, 16, 8, 4, 8, 9, "spring 1901 movement"},
	{"sengoku", 81, 37, 16, 8, 22, 15, "spring 1570 movement"},
	{"seven_island", 82, 41, 22, 7, 0, 21, "winter 1900 adjustment"}, // source: spring 1901, no units
	{"shift_left", 75, 34, 22, 7, 22, 18, "spring 1901 movement"},
	{"shift_right", 75, 34, 22, 7, 22, 18, "spring 1901 movement"},
	{"south_of_sahara_vdip", 60, 25, 16, 5, 16, 13, "spring 1401 movement"},
	{"speed_europa", 90, 35, 22, 7, 22, 18, "spring 1901 movement"},
	{"standard", 75, 34, 22, 7, 22, 18, "spring 1901 movement"},
	{"variant_1600", 127, 53, 32, 9, 32, 27, "spring 1601 movement"},
	{"variant_1898", 75, 34, 22, 7, 0, 18, "winter 1898 adjustment"},
	{"variant_1900", 90, 39, 23, 7, 25, 18, "spring 1900 movement"},
	{"youngstown", 180, 72, 39, 10, 39, 37, "spring 1901 movement"},
	{"youngstown_redux", 183, 81, 44, 10, 44, 28, "spring 1901 movement"},
}

// homesOwnedByOthers are the maps where a power starts without its home
// centres: another power holds them.
var homesOwnedByOthers = map[string]bool{"shift_left": true, "shift_right": true}

// unitsOffOwnCentres are the starting units that do not stand on a centre
// their power owns, as the source places them ("power loc"); "*" means
// every unit of the map (Imperium: the tribes start on their own lands,
// which hold no centre).
var unitsOffOwnCentres = map[string][]string{
	"classic_1913_vdip": {"england egypt", "france algeria"},
	"hundred":           {"france pro"},
	"hundred_godip":     {"france pro"},
	"variant_1900":      {"britain gib"},
	"imperium":          {"*"},
}

// wantDummies are the dummy powers: id, units and homes.
var wantDummies = map[string]struct {
	id    string
	units int
	homes string
}{
	"sengoku":          {"neutral", 6, "biz bun hiz min mus yas"},
	"europe_1939_vdip": {"neutral", 1, "croatia serbia"},
}

// wantRules are the maps' special rules (docs/variants.md).
var wantRules = map[string]string{
	"aberration":       "remote_builds",
	"balkan_wars_vi":   "build_any",
	"chaos":            "build_any",
	"classical":        "remote_builds",
	"europe_1939_vdip": "immobile_dummies",
	"hundred":          "build_any",
	"hundred_godip":    "build_any",
	"imperial":         "home_builds",
	"imperium":         "build_any",
	"loeb9":            "hibernate",
	"maharajah":        "build_any",
	"sail_ho":          "ftf_press",
	"sengoku":          "build_any no_draw cd_dummies cd_builds immobile_dummies",
	"variant_1898":     "mobilize",
}

func loadAll(t *testing.T) map[string]*Map {
	t.Helper()
	maps := map[string]*Map{}
	for _, id := range MapIDs() {
		m, err := LoadMap(id)
		if err != nil {
			t.Errorf("LoadMap(%q): %v", id, err)
			continue
		}
		if m.ID != id {
			t.Errorf("maps/%s.json has id %q", id, m.ID)
		}
		maps[id] = m
	}
	return maps
}

func TestEveryMapIsListed(t *testing.T) {
	var want []string
	for _, w := range wantMaps {
		want = append(want, w.id)
	}
	sort.Strings(want)
	if got := MapIDs(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("embedded maps %v\nwant %v", got, want)
	}
	if len(want) != 48 {
		t.Errorf("%d maps in the table, want the 48 of ../shared", len(want))
	}
}

func TestMapCountsMatchSources(t *testing.T) {
	maps := loadAll(t)
	for _, w := range wantMaps {
		m := maps[w.id]
		if m == nil {
			t.Errorf("%s: not embedded", w.id)
			continue
		}
		centers, homes, players := 0, 0, 0
		for _, p := range m.Provinces {
			if p.Center {
				centers++
			}
		}
		for _, pw := range m.Powers {
			if !pw.Dummy {
				players++
				homes += len(pw.Homes)
			}
		}
		got := mapCounts{w.id, len(m.Provinces), centers, homes, players, len(m.StartUnits), m.Victory, m.Start.String()}
		if got != w {
			t.Errorf("%s:\n got %+v\nwant %+v", w.id, got, w)
		}
		if m.Victory < 1 || m.Victory > centers {
			t.Errorf("%s: victory %d of %d centres cannot be reached", w.id, m.Victory, centers)
		}
	}
}

func TestMapAdjacencyIsSymmetric(t *testing.T) {
	for id, m := range loadAll(t) {
		for p := range m.Provinces {
			for _, q := range m.ArmyNeighbours(Province(p)) {
				if !m.ArmyAdjacent(q, Province(p)) {
					t.Errorf("%s: army %s -> %s but not back", id, m.ProvName(Province(p)), m.ProvName(q))
				}
				if q == Province(p) {
					t.Errorf("%s: army %s borders itself", id, m.ProvName(q))
				}
				if m.Provinces[q].Kind == Sea || m.Provinces[p].Kind == Sea {
					t.Errorf("%s: army move %s -> %s touches the sea", id, m.ProvName(Province(p)), m.ProvName(q))
				}
			}
		}
		for l := range m.Locs {
			for _, k := range m.FleetNeighbours(Loc(l)) {
				if m.Prov(k) == m.Prov(Loc(l)) {
					t.Errorf("%s: fleet %s -> %s stays in its province", id, m.LocName(Loc(l)), m.LocName(k))
				}
				if !m.FleetAdjacent(k, Loc(l)) {
					t.Errorf("%s: fleet %s -> %s but not back", id, m.LocName(Loc(l)), m.LocName(k))
				}
				if !m.CanStand(Fleet, Loc(l)) || !m.CanStand(Fleet, k) {
					t.Errorf("%s: fleet move %s -> %s from or to where no fleet stands", id, m.LocName(Loc(l)), m.LocName(k))
				}
			}
		}
		for p, pi := range m.Provinces {
			if len(m.ArmyNeighbours(Province(p))) == 0 && !fleetReachable(m, Province(p)) {
				t.Errorf("%s: %s (%s) has no neighbour at all", id, pi.ID, pi.Name)
			}
		}
	}
}

// fleetReachable reports whether some fleet location of p has a neighbour.
func fleetReachable(m *Map, p Province) bool {
	if len(m.FleetNeighbours(Loc(p))) > 0 {
		return true
	}
	for _, c := range m.Provinces[p].Coasts {
		if len(m.FleetNeighbours(c)) > 0 {
			return true
		}
	}
	return false
}

func TestMapHomesAndStartingCentres(t *testing.T) {
	for id, m := range loadAll(t) {
		pos := StartPosition(m)
		owned := map[Province]bool{}
		for i, pw := range m.Powers {
			for _, c := range pw.Centers {
				if !m.Provinces[c].Center {
					t.Errorf("%s: %s starts owning %s, which is no centre", id, pw.ID, m.ProvName(c))
				}
				if owned[c] {
					t.Errorf("%s: %s owned twice at the start", id, m.ProvName(c))
				}
				owned[c] = true
			}
			for _, h := range pw.Homes {
				pi := m.Provinces[h]
				if !pi.Center || pi.Home != Power(i) {
					t.Errorf("%s: home %s of %s: centre %v, home of %q", id, pi.ID, pw.ID, pi.Center, m.PowerName(pi.Home))
				}
				switch o := pos.Owners[h]; {
				case o == Power(i):
				case homesOwnedByOthers[id] && o != NoPower:
				default:
					t.Errorf("%s: home %s of %s is owned by %q at the start", id, pi.ID, pw.ID, m.PowerName(o))
				}
			}
			if len(pw.Homes) == 0 && id != "imperium" {
				t.Errorf("%s: %s has no home centre", id, pw.ID)
			}
		}
		for p, pi := range m.Provinces {
			if pi.Home != NoPower && !containsProv(m.Powers[pi.Home].Homes, Province(p)) {
				t.Errorf("%s: %s says it is a home of %s, which does not list it", id, pi.ID, m.PowerName(pi.Home))
			}
		}
		if homesOwnedByOthers[id] {
			// Each power owns as many centres as it has units, all someone's homes.
			units := pos.CountUnits()
			for i, n := range pos.CountCenters() {
				if n != units[i] {
					t.Errorf("%s: %s starts with %d centres and %d units", id, m.Powers[i].ID, n, units[i])
				}
			}
		}
	}
}

func TestMapStartingUnits(t *testing.T) {
	for id, m := range loadAll(t) {
		pos := StartPosition(m)
		seen := map[Province]bool{}
		off := map[string]bool{}
		for _, s := range unitsOffOwnCentres[id] {
			off[s] = true
		}
		found := 0
		for _, u := range m.StartUnits {
			p := m.Prov(u.Loc)
			where := m.Powers[u.Power].ID + " " + m.LocName(u.Loc)
			if !m.CanStand(u.Type, u.Loc) {
				t.Errorf("%s: %s %s cannot stand there", id, u.Type, where)
			}
			if seen[p] {
				t.Errorf("%s: two units in %s", id, m.ProvName(p))
			}
			seen[p] = true
			onOwn := m.Provinces[p].Center && pos.Owners[p] == u.Power
			switch {
			case onOwn && (off[where] || off["*"]):
				t.Errorf("%s: %s is listed as off its power's centres but stands on one", id, where)
			case !onOwn && off["*"]:
				if m.Provinces[p].Center {
					t.Errorf("%s: %s stands on a centre", id, where)
				}
			case !onOwn && off[where]:
				found++
			case !onOwn:
				t.Errorf("%s: %s does not stand on a centre its power owns", id, where)
			}
		}
		if !off["*"] && found != len(off) {
			t.Errorf("%s: %d of the %d listed units off their centres found", id, found, len(off))
		}
		if m.Start.Type == Adjustment && len(m.StartUnits) > 0 {
			t.Errorf("%s: starts with builds but has units already", id)
		}
	}
}

func TestMapDummiesAndRules(t *testing.T) {
	for id, m := range loadAll(t) {
		want, hasDummy := wantDummies[id]
		dummies := 0
		for i, pw := range m.Powers {
			if !pw.Dummy {
				continue
			}
			dummies++
			if !hasDummy || pw.ID != want.id {
				t.Errorf("%s: unexpected dummy power %q", id, pw.ID)
				continue
			}
			var homes []string
			for _, h := range pw.Homes {
				homes = append(homes, m.ProvName(h))
			}
			sort.Strings(homes)
			units := 0
			for _, u := range m.StartUnits {
				if u.Power == Power(i) {
					units++
					if u.Type != Army || !containsProv(pw.Homes, m.Prov(u.Loc)) {
						t.Errorf("%s: dummy unit %s %s is not an army on its homes", id, u.Type, m.LocName(u.Loc))
					}
				}
			}
			if got := strings.Join(homes, " "); got != want.homes || units != want.units {
				t.Errorf("%s: dummy %s has homes %q and %d units, want %q and %d", id, pw.ID, got, units, want.homes, want.units)
			}
		}
		if hasDummy && dummies != 1 {
			t.Errorf("%s: %d dummy powers, want 1", id, dummies)
		}
		if got := strings.Join(m.Rules, " "); got != wantRules[id] {
			t.Errorf("%s: rules %q, want %q", id, got, wantRules[id])
		}
	}
}

func TestMapNamesResolve(t *testing.T) {
	for id, m := range loadAll(t) {
		for i, l := range m.Locs {
			if got, ok := m.LookupLoc(l.ID); !ok || got != Loc(i) {
				t.Errorf("%s: id %q resolves to %q", id, l.ID, m.LocName(got))
			}
		}
		for i, p := range m.Provinces {
			if got, ok := m.LookupLoc(p.Name); !ok || got != Loc(i) {
				t.Errorf("%s: name %q resolves to %q, want %s", id, p.Name, m.LocName(got), p.ID)
			}
		}
		for i, pw := range m.Powers {
			for _, n := range []string{pw.ID, pw.Name, pw.Adjective} {
				if got, ok := m.LookupPower(n); n != "" && (!ok || got != Power(i)) {
					t.Errorf("%s: power name %q resolves to %q, want %s", id, n, m.PowerName(got), pw.ID)
				}
			}
		}
	}
	// The standard board's abbreviations also work on maps that reuse it.
	for _, c := range []struct{ id, name, want string }{
		{"standard", "Gulf of Lions", "lyo"}, {"fleet_rome", "gol", "lyo"}, {"shift_left", "nat", "nao"},
		{"crowded", "Heligoland", "hel"}, {"milan", "mid atlantic", "mao"},
	} {
		m, err := LoadMap(c.id)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := m.LookupLoc(c.name); !ok || m.LocName(got) != c.want {
			t.Errorf("%s: %q resolves to %q, want %s", c.id, c.name, m.LocName(got), c.want)
		}
	}
	// Display names of powers whose source spelling is run together.
	for _, c := range []struct{ id, power, want string }{
		{"renaissance", "holyromanempire", "Holy Roman Empire"}, {"variant_1600", "habsburgempire", "Habsburg Empire"},
		{"fall_of_the_american_empire_iv", "new_york", "New York"}, {"fall_of_the_american_empire", "bc", "British Columbia"},
		{"imperial", "usa", "USA"}, {"chaos", "stpetersburg", "St Petersburg"}, {"standard", "england", "England"},
	} {
		m, _ := LoadMap(c.id)
		pw, ok := m.LookupPower(c.power)
		if !ok || m.Powers[pw].Name != c.want {
			t.Errorf("%s: power %q: found %v, name %q, want %q", c.id, c.power, ok, m.Powers[pw].Name, c.want)
		}
	}
}

func TestMapCalendars(t *testing.T) {
	for _, c := range []struct {
		id     string
		phase  Phase
		season Season
		label  string
	}{
		{"standard", Phase{Spring, 1901, Movement}, Spring, "spring 1901 movement"},
		{"standard", Phase{Winter, 1903, Adjustment}, Winter, "winter 1903 adjustment"},
		{"hundred", Phase{Spring, 1425, Movement}, Spring, "1425 movement"},
		{"hundred", Phase{Fall, 1425, Movement}, Fall, "1430 movement"},
		{"hundred", Phase{Winter, 1425, Adjustment}, Winter, "1430 adjustment"},
		{"hundred", Phase{Spring, 1426, Movement}, Spring, "1435 movement"},
		{"hundred_godip", Phase{Fall, 1427, Retreat}, Fall, "1450 retreat"},
		{"classical", Phase{Spring, 273, Movement}, Spring, "273 BC movement"},
		{"classical", Phase{Fall, 273, Movement}, Fall, "272 BC movement"},
		{"classical", Phase{Winter, 273, Adjustment}, Winter, "272 BC adjustment"},
		{"classical", Phase{Spring, 274, Movement}, Spring, "271 BC movement"},
		{"pericles", Phase{Spring, 480, Movement}, Spring, "spring 480 BC movement"},
		{"pericles", Phase{Fall, 481, Movement}, Fall, "fall 479 BC movement"},
		{"chaos", Phase{Winter, 1900, Adjustment}, Winter, "winter 1900 adjustment"},
	} {
		m, err := LoadMap(c.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Calendar.Label(c.phase); got != c.label {
			t.Errorf("%s: %v is labelled %q, want %q", c.id, c.phase, got, c.label)
		}
	}
}

// sharedDir finds the reference folder: ../shared beside the repository, or
// /work/shared.
func sharedDir() string {
	for _, d := range []string{filepath.Join("..", "..", "shared"), "/work/shared"} {
		if st, err := os.Stat(filepath.Join(d, "diplomacy", "maps")); err == nil && st.IsDir() {
			return d
		}
	}
	return ""
}

func TestEmbeddedMapsAreRegenerated(t *testing.T) {
	shared := sharedDir()
	if shared == "" {
		t.Skip("SKIPPED: no ../shared (nor /work/shared) folder, so the embedded maps were NOT compared with a fresh conversion of the reference files")
	}
	dir := filepath.Join(shared, "diplomacy", "maps")
	names, err := convert.MapNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, " ") != strings.Join(MapIDs(), " ") {
		t.Errorf("reference maps %v\nembedded maps %v", names, MapIDs())
	}
	out := t.TempDir()
	for _, name := range names {
		data, err := convert.Generate(dir, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := os.WriteFile(filepath.Join(out, name+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		written, err := os.ReadFile(filepath.Join(out, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		embedded, err := mapFiles.ReadFile("maps/" + name + ".json")
		if err != nil {
			t.Errorf("%s: not embedded: %v", name, err)
			continue
		}
		if !bytes.Equal(written, embedded) {
			t.Errorf("%s: maps/%s.json differs from a fresh conversion; run go run ./internal/gen/dipmaps -shared ../shared", name, name)
		}
	}
}
