package convert

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPowerNames(t *testing.T) {
	for _, c := range []struct{ src, id, name string }{
		{"AUSTRIA", "austria", "Austria"},
		{"HabsburgEmpire", "habsburgempire", "Habsburg Empire"},
		{"British-Columbia", "british_columbia", "British Columbia"},
		{"NEWYORK", "newyork", "New York"},
		{"USA", "usa", "USA"},
		{"_NEUTRAL", "neutral", "Neutral"},
		{"Neutral units", "neutral units", "Neutral Units"},
	} {
		if id, name := powerIDOf(c.src), powerName(c.src); id != c.id || name != c.name {
			t.Errorf("%q: id %q name %q, want %q %q", c.src, id, name, c.id, c.name)
		}
	}
	if got := words("British+Columbian"); got != "British Columbian" {
		t.Errorf("adjective %q", got)
	}
}

func TestStartPhase(t *testing.T) {
	for _, c := range []struct {
		season, year, phase string
		q                   quirk
		want                Phase
		bad                 bool
	}{
		{"SPRING", `"1901"`, "MOVEMENT", quirk{}, Phase{"spring", 1901, "movement"}, false},
		{"WINTER", `"1898"`, "ADJUSTMENTS", quirk{}, Phase{"winter", 1898, "adjustment"}, false},
		{"B.C.", `"273"`, "MOVEMENT", quirk{}, Phase{"spring", 273, "movement"}, false},
		{"A.D.", `1425`, "MOVEMENT", quirk{}, Phase{"spring", 1425, "movement"}, false},
		{"SPRING", `null`, "MOVEMENT", quirk{year: 480}, Phase{"spring", 480, "movement"}, false},
		{"SPRING", `null`, "MOVEMENT", quirk{}, Phase{}, true},
		{"SPRING", `1901`, "MOVEMENT", quirk{start: &Phase{"winter", 1900, "adjustment"}}, Phase{"winter", 1900, "adjustment"}, false},
		{"MONSOON", `1901`, "MOVEMENT", quirk{}, Phase{}, true},
	} {
		var src source
		src.Start.Season, src.Start.Year, src.Start.Phase = c.season, json.RawMessage(c.year), c.phase
		got, err := startPhase(&src, c.q)
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("%s %s %s: %+v, %v; want %+v (error %v)", c.season, c.year, c.phase, got, err, c.want, c.bad)
		}
	}
}

func TestJoinedDropsSelfBorders(t *testing.T) {
	got := joined(map[string][]string{"swa": {"bur", "swa", "mun"}, "spa/nc": {"spa/sc", "por"}})
	if got["swa"] != "bur mun" || got["spa/nc"] != "por" {
		t.Errorf("%v", got)
	}
}

func TestSpecialSeasonalProvince(t *testing.T) {
	src := &source{}
	src.Impassable = []sourceImpassable{{ID: "arc", Name: "Arctic Ocean", XY: &Point{1, 2}}}
	src.DPjudgeExtras.Dynamic = map[string][]string{"SPRING": {"WATER ARC"}}
	m := &Map{Fleet: map[string]string{"bar": "nwg", "nwg": "bar"}}
	q := quirk{seasonal: map[string][]string{"arc": {"bar", "nwg"}}, centerExcept: map[string][]string{"arc": {"china"}}}
	if err := special(m, src, q); err != nil {
		t.Fatal(err)
	}
	last := m.Provinces[len(m.Provinces)-1]
	if last.ID != "arc" || last.Kind != "sea" || len(last.Seasons) != 1 || last.Seasons[0] != "spring" ||
		m.Fleet["arc"] != "bar nwg" || m.Fleet["bar"] != "nwg arc" || m.Fleet["nwg"] != "bar arc" ||
		len(last.CenterExcept) != 1 {
		t.Errorf("arc: %+v, fleet %v", last, m.Fleet)
	}
	// Refusals name the problem.
	for _, c := range []struct {
		q    quirk
		want string
	}{
		{quirk{seasonal: map[string][]string{"ice": {"bar"}}}, "not an impassable province"},
		{quirk{seasonal: map[string][]string{"arc": {"xyz"}}}, "neighbour xyz has no fleet position"},
		{quirk{centerExcept: map[string][]string{"hkg": {"china"}}}, "unknown province hkg"},
	} {
		m := &Map{Fleet: map[string]string{"bar": "nwg"}}
		if err := special(m, src, c.q); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.q, err, c.want)
		}
	}
	src.DPjudgeExtras.Dynamic = nil
	if err := special(&Map{Fleet: map[string]string{"bar": ""}}, src, quirk{seasonal: map[string][]string{"arc": {"bar"}}}); err == nil ||
		!strings.Contains(err.Error(), "no dynamic WATER directive") {
		t.Errorf("no directive: %v", err)
	}
}
