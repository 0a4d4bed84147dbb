package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type playOut struct {
	Log     []string `json:"log"`
	Pending []struct {
		Seat string `json:"seat"`
		Kind string `json:"kind"`
	} `json:"pending"`
	DiceLeft int `json:"dice_left"`
	Position struct {
		Spaces map[string]struct {
			Control  string                    `json:"control"`
			Religion string                    `json:"religion"`
			Units    map[string]map[string]int `json:"units"`
		} `json:"spaces"`
		Seas map[string]struct {
			Units map[string]map[string]int `json:"units"`
		} `json:"seas"`
		Leaders map[string]string `json:"leaders"`
	} `json:"position"`
}

func playExample(t *testing.T, name, dice string) playOut {
	t.Helper()
	dir := filepath.Join("testdata", "hisplay")
	in, err := os.ReadFile(filepath.Join(dir, name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, string(in), "his", "play", "--position", filepath.Join(dir, name+".json"), "--dice", dice)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", name, code, errs)
	}
	var v playOut
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.DiceLeft != 0 {
		t.Errorf("%s: %d scripted dice left", name, v.DiceLeft)
	}
	return v
}

func logHasAll(t *testing.T, name string, log []string, parts ...string) {
	t.Helper()
	all := strings.Join(log, "\n")
	for _, p := range parts {
		if !strings.Contains(all, p) {
			t.Errorf("%s: the log lacks %q:\n%s", name, p, all)
		}
	}
}

// The worked examples of docs/his.md ("Reproducing a position"), each
// checked against the rules it shows.
func TestHISPlayWorkedExamples(t *testing.T) {
	// Field battle (§14): 4 Hapsburg regulars + the Duke of Alva (battle
	// rating 1) roll 5 dice, 2 French regulars and a mercenary 3 + 1 for
	// the defender; hits on 5–6: 2 against 1; the beaten French retreat.
	v := playExample(t, "battle", "6,5,2,1,3,5,1,4,2")
	logHasAll(t, "battle", v.Log, "hapsburg 5 dice [6 5 2 1 3], 2 hit(s)", "defender 4 dice [5 1 4 2], 1 hit(s); hapsburg wins", "france retreats 1 unit(s) from Dijon to Lyon")
	if d := v.Position.Spaces["dijon"]; d.Units["hapsburg"]["r"] != 3 || d.Units["france"] != nil || d.Control != "france" {
		t.Errorf("Dijon after the battle: %+v (3 Hapsburg regulars; still French-controlled, §12.2)", d)
	}
	if v.Position.Spaces["lyon"].Units["france"]["r"] != 1 || v.Position.Leaders["duke_of_alva"] != "dijon" {
		t.Errorf("Lyon %+v, Alva in %s", v.Position.Spaces["lyon"], v.Position.Leaders["duke_of_alva"])
	}
	// Assault (§15.1): 4 besieging regulars roll 1 die per 2 units + Charles
	// V's 2 = 4; the independent regular inside 1 + 1; one hit each: the
	// last defender falls, Metz is taken.
	v = playExample(t, "assault", "5,2,1,3,4,6")
	logHasAll(t, "assault", v.Log, "4 dice [5 2 1 3] (1 hits) against 2 dice [4 6] (1 hits)", "hapsburg takes control of Metz")
	if m := v.Position.Spaces["metz"]; m.Control != "hapsburg" || m.Units["hapsburg"]["r"] != 3 || m.Units["independent"] != nil {
		t.Errorf("Metz after the assault: %+v", m)
	}
	// Reformation attempts (§18.3): a 6 in the target zone is an automatic
	// success; otherwise the highest dice compare.
	v = playExample(t, "reform", "6,2,3,4,5,1,1,2,3,4")
	logHasAll(t, "reform", v.Log, "Leipzig: protestant rolls 3 dice [6 2 3]: automatic success", "Magdeburg: protestant rolls 3 dice [4 5 1], the Papacy 4 dice [1 2 3 4]")
	if v.Position.Spaces["leipzig"].Religion != "protestant" || v.Position.Spaces["magdeburg"].Religion != "protestant" {
		t.Error("Leipzig and Magdeburg turn Protestant")
	}
	// Naval combat (§16.2): 2 dice per squadron; 2 hits sink a squadron, the
	// winner ignores its single leftover hit; the loser retreats.
	v = playExample(t, "naval", "6,5,1,2,5,3,2,2")
	logHasAll(t, "naval", v.Log, "hapsburg 4 dice [6 5 1 2], 2 hit(s); france 4 dice [5 3 2 2], 1 hit(s); hapsburg wins", "france loses 1 squadron(s)")
	if g := v.Position.Seas["gulf_of_lyon"]; g.Units["hapsburg"]["s"] != 2 || g.Units["france"] != nil || v.Position.Spaces["marseille"].Units["france"]["s"] != 2 {
		t.Errorf("Gulf of Lyon %+v, Marseille %+v", g, v.Position.Spaces["marseille"])
	}
}

// A printed position goes on: his new's output, and his play's own.
func TestHISPlayChains(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCmd(t, "", "his", "new", "--seed", "4")
	if code != 0 {
		t.Fatal(errs)
	}
	p0 := filepath.Join(dir, "new.json")
	os.WriteFile(p0, []byte(out), 0o644)
	code, out, errs = runCmd(t, `{"type":"reformation.target","args":["leipzig"]}`+"\n", "his", "play", "--position", p0, "--dice", "6,6")
	if code != 0 {
		t.Fatalf("from his new: exit %d %s", code, errs)
	}
	p1 := filepath.Join(dir, "one.json")
	os.WriteFile(p1, []byte(out), 0o644)
	code, out2, errs := runCmd(t, "# nothing more\n", "his", "play", "--position", p1)
	if code != 0 {
		t.Fatalf("from his play: exit %d %s", code, errs)
	}
	var a, b struct {
		Position json.RawMessage `json:"position"`
	}
	json.Unmarshal([]byte(out), &a)
	json.Unmarshal([]byte(out2), &b)
	if string(a.Position) != string(b.Position) || !strings.Contains(out, `"religion": "protestant"`) {
		t.Fatal("a position played with no decisions prints unchanged")
	}
}

// Bad input exits with status 2 and a message naming the problem.
func TestHISPlayErrors(t *testing.T) {
	dir := t.TempDir()
	pos := filepath.Join(dir, "p.json")
	os.WriteFile(pos, []byte(`{"turn":2,"phase":"action","impulse":"hapsburg","powers":{"hapsburg":{"ruler":"Charles V","hand":[40]}}}`), 0o644)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"turn":2,"phase":"action","impulse":"hapsburg","frob":1}`), 0o644)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"his", "play"}, "--position is required"},
		{"", []string{"his", "play", "--position", filepath.Join(dir, "none.json")}, "no such file"},
		{"", []string{"his", "play", "--position", bad}, "unknown field"},
		{"", []string{"his", "play", "--position", pos, "--dice", "3,7"}, `"7" (die 2)`},
		{"{nope\n", []string{"his", "play", "--position", pos}, "decisions line 1"},
		{`{"type":"impulse","args":["cp","41"]}`, []string{"his", "play", "--position", pos}, "decision 1"},
		{`{"seat":"france","type":"impulse","args":["pass"]}`, []string{"his", "play", "--position", pos}, "hapsburg owes"},
	} {
		code, _, errs := runCmd(t, c.stdin, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 naming %q", c.args, code, errs, c.want)
		}
	}
}
