package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestVariantsTable(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runMain([]string{"variants"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+48+1 {
		t.Fatalf("%d lines, want a header, 48 maps and a footer:\n%s", len(lines), out.String())
	}
	rows := map[string][]string{}
	for _, l := range lines[1:49] {
		f := strings.Fields(l)
		rows[f[0]] = f
	}
	for id, tail := range map[string]string{
		"standard":         "7 34 18 spring 1901 movement",
		"chaos":            "34 34 18 winter 1900 adjustment",
		"hundred":          "3 17 9 1425 movement",
		"classical":        "5 35 18 273 BC movement",
		"pericles":         "7 39 20 spring 480 BC movement",
		"sengoku":          "8 37 15 spring 1570 movement",
		"seven_island":     "7 41 21 winter 1900 adjustment",
		"youngstown_redux": "10 81 28 spring 1901 movement",
	} {
		f := rows[id]
		if f == nil {
			t.Errorf("%s: not listed", id)
			continue
		}
		if got := strings.Join(f, " "); !strings.HasSuffix(got, " "+tail) {
			t.Errorf("%s: row %q, want it to end %q", id, got, tail)
		}
	}
}

func TestVariantsJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runMain([]string{"variants", "--json"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var infos []variantInfo
	if err := json.Unmarshal(out.Bytes(), &infos); err != nil {
		t.Fatal(err)
	}
	if len(infos) != 48 {
		t.Fatalf("%d maps, want 48", len(infos))
	}
	byID := map[string]variantInfo{}
	for _, v := range infos {
		byID[v.ID] = v
		if v.Players != len(v.Powers) || v.Centers < v.Victory || v.Title == "" || v.FirstPhase == "" {
			t.Errorf("%s: inconsistent entry %+v", v.ID, v)
		}
	}
	// Sengoku's neutral garrisons are no player.
	s := byID["sengoku"]
	if s.Players != 8 || strings.Contains(strings.Join(s.Powers, " "), "neutral") || s.Units != 22 {
		t.Errorf("sengoku: %+v", s)
	}
	if got := strings.Join(byID["chaos"].Rules, " "); got != "build_any" {
		t.Errorf("chaos rules %q", got)
	}
	if got := strings.Join(byID["standard"].Powers, " "); got != "austria england france germany italy russia turkey" {
		t.Errorf("standard powers %q", got)
	}
}

func TestVariantsBadArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runMain([]string{"variants", "extra"}, nil, &out, &errOut); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if code := runMain([]string{"variants", "--nope"}, nil, &out, &errOut); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	out.Reset()
	runMain(nil, nil, &out, &errOut)
	if !strings.Contains(out.String(), "variants") {
		t.Errorf("usage does not list variants:\n%s", out.String())
	}
}

// `concordat variants --options` lists every option a Diplomacy game takes
// (diplomacy's own test holds its list to what ParseSettings reads).
func TestVariantsOptions(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runMain([]string{"variants", "--options", "--json"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var opts []struct{ Key, Values string }
	if err := json.Unmarshal(out.Bytes(), &opts); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, o := range opts {
		keys[o.Key] = true
	}
	for _, k := range []string{"rules", "players", "catspaw", "fog", "black_hole", "crystal_ball", "seismic", "schizo",
		"reverse_gunboat", "double", "payola", "anarchy", "intimate", "multiplicity"} {
		if !keys[k] {
			t.Errorf("option %s not listed", k)
		}
	}
	out.Reset()
	if code := runMain([]string{"variants", "--options"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "OPTION") || !strings.Contains(out.String(), "Schizodiplomacy") || !strings.Contains(out.String(), "15 options") {
		t.Errorf("table:\n%s", out.String())
	}
}
