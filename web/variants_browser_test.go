package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// dipView is the part of a Diplomacy game the variant tests read.
type dipView struct {
	Game struct {
		Seq    int64  `json:"seq"`
		Status string `json:"status"`
	} `json:"game"`
	Window string `json:"window"`
	View   struct {
		Orders []string `json:"orders"`
		Event  string   `json:"event"`
		Board  struct {
			Units []struct {
				Power, Type, At string
				Count           int `json:"count"`
			} `json:"units"`
			Holes   []string `json:"holes"`
			Edits   []string `json:"edits"`
			Fog     bool     `json:"fog"`
			Visible []string `json:"visible"`
		} `json:"board"`
	} `json:"view"`
}

func (p *player) dip(id int64) dipView {
	p.t.Helper()
	var v dipView
	p.do("GET", fmt.Sprintf("/api/games/%d", id), nil, &v)
	return v
}

// waitWindow polls until the game's open window is w.
func (p *player) waitWindow(id int64, w string) dipView {
	p.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if v := p.dip(id); v.Window == w {
			return v
		}
	}
	p.t.Fatalf("waiting for the window %s: still %s", w, p.dip(id).Window)
	return dipView{}
}

// readyAll marks every player ready through the API.
func readyAll(id int64, ps ...*player) {
	for _, p := range ps {
		p.act(id, "ready", map[string]any{"ready": true})
	}
}

// openAs logs the browser in as p and opens the game, waiting for cond.
func openAs(t *testing.T, ctx context.Context, s *site, p *player, id int64, cond string) {
	t.Helper()
	login(t, ctx, s, p)
	run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "the game page", cond)
}

var sevenSeats = []string{"england", "austria", "france", "germany", "italy", "russia", "turkey"}

// TestBrowserVariantFog plays England under Fog of War: what England does
// not see is drawn as unknown (dotted grey, its centres marked "?"), no
// unit is drawn there, what it sees (its units, the empty North Sea) is
// drawn as usual; an order is entered by clicking. Screenshot: variant-fog.
func TestBrowserVariantFog(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"fog": "true"}, sevenSeats)
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('path.prov.start[data-prov="lon"]')`)
	v := ps[0].dip(id)
	if !v.View.Board.Fog || !slices.Contains(v.View.Board.Visible, "nth") || slices.Contains(v.View.Board.Visible, "mos") {
		t.Fatalf("England's fogged board: fog %v, visible %v", v.View.Board.Fog, v.View.Board.Visible)
	}
	// Moscow (a Russian army there) is out of sight: unknown, no unit, its centre a "?".
	got := eval[map[string]any](t, ctx, `(() => {
  const vis = new Set(`+jsonList(v.View.Board.Visible)+`);
  const provs = [...document.querySelectorAll('svg.dipmap path.prov')];
  const unknown = provs.filter((p) => p.classList.contains('unknown')).map((p) => p.dataset.prov);
  const wrong = provs.filter((p) => p.classList.contains('unknown') === vis.has(p.dataset.prov)).map((p) => p.dataset.prov);
  const units = [...document.querySelectorAll('svg.dipmap .unit')].map((u) => u.dataset.at.split('/')[0]);
  return {
    unknown: unknown.length, provinces: provs.length, wrong,
    unitsOutOfSight: units.filter((u) => !vis.has(u)),
    units: units.length,
    mosTitle: document.querySelector('path[data-prov="mos"] title').textContent,
    unknownCentres: document.querySelectorAll('svg.dipmap .sc.unknown').length,
    nthKnownEmpty: !document.querySelector('path[data-prov="nth"]').classList.contains('unknown') && !units.includes('nth'),
  };
})()`)
	if w := got["wrong"].([]any); len(w) > 0 {
		t.Errorf("provinces drawn unknown when seen or seen when unknown: %v", w)
	}
	if n := got["unknown"].(float64); int(n) != int(got["provinces"].(float64))-len(v.View.Board.Visible) {
		t.Errorf("%v provinces unknown, want %d", n, int(got["provinces"].(float64))-len(v.View.Board.Visible))
	}
	if u := got["unitsOutOfSight"].([]any); len(u) > 0 || int(got["units"].(float64)) != len(v.View.Board.Units) {
		t.Errorf("units drawn out of sight %v; %v units drawn, the view has %d", u, got["units"], len(v.View.Board.Units))
	}
	if !strings.Contains(got["mosTitle"].(string), "not in sight") {
		t.Errorf("Moscow's title %q does not say it is out of sight", got["mosTitle"])
	}
	if n := got["unknownCentres"].(float64); n < 15 {
		t.Errorf("%v supply centres marked unknown, want the 19 out of sight", n)
	}
	if got["nthKnownEmpty"] != true {
		t.Error("the North Sea (seen, empty) should be drawn as known and empty")
	}
	// The legend does not claim what England cannot know: Russia's centres and units are "?".
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll('.legend tr')].filter((r) => r.textContent.includes('Russia')).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent).join('|'))`); len(got) != 1 || got[0] != "?|?" {
		t.Errorf("the legend's row for Russia under the fog: %q, want ?|?", got)
	}
	// An order by clicking, stored as clicked.
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "targets of F lon", `document.querySelector('path.prov.target[data-prov="nth"]')`)
	clickProvince(t, ctx, "nth")
	waitFor(t, ctx, "orders saved", `document.querySelector('.save.saved')`)
	if o := ps[0].dip(id).View.Orders; !slices.Equal(o, []string{"F lon - nth"}) {
		t.Errorf("orders stored %q, want F lon - nth", o)
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-fog")
}

func jsonList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// TestBrowserVariantMultiplicity plays England under Multiplicity: the
// start choice clicked (London's army or fleet), a merge of the two fleets
// into the North Sea clicked, a split typed (checked at once), then the
// stack drawn with its notation (2F) after the resolution. Screenshot:
// variant-multiplicity.
func TestBrowserVariantMultiplicity(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"multiplicity": "true"}, sevenSeats)
	ps[0].waitWindow(id, "S1901C")
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('path.prov.start[data-prov="lon"]')`)
	// The start choice: a click on London, then Fleet.
	clickProvince(t, ctx, "lon")
	click(t, ctx, `button[data-mode="F"]`)
	waitFor(t, ctx, "the choice saved", `document.querySelector('.save.saved') && document.querySelector('.order-list').textContent.includes('lon F')`)
	if o := ps[0].dip(id).View.Orders; !slices.Equal(o, []string{"lon F"}) {
		t.Fatalf("the start choice stored %q, want lon F", o)
	}
	click(t, ctx, `button.ready`)
	readyAll(id, ps[1:]...)
	ps[0].waitWindow(id, "S1901M")

	// A merge by clicking: Edinburgh, "Merge with", London, the North Sea.
	waitFor(t, ctx, "Spring 1901", `document.querySelector('.game-head').textContent.includes('Spring 1901') && document.querySelector('button[data-start="edi"]')`)
	click(t, ctx, `.board .note button.link`) // the board now, not the start choice's results
	clickProvince(t, ctx, "edi")
	click(t, ctx, `button[data-mode="&"]`)
	waitFor(t, ctx, "London to merge with", `document.querySelector('path.prov.target[data-prov="lon"]')`)
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "where to merge", `document.querySelector('path.prov.target[data-prov="nth"]')`)
	clickProvince(t, ctx, "nth")
	waitFor(t, ctx, "the merge saved", `document.querySelector('.save.saved') && document.querySelector('.order-list').textContent.includes('F edi & F lon MERGE nth')`)
	waitFor(t, ctx, "the merge drawn", `document.querySelectorAll('.orders .order.merge path').length === 2`)
	// A split typed in Multiplicity's notation, read and checked at once.
	run(t, ctx, "type a split", chromedp.Click(chromedp.CSS(`details.typed summary`)),
		chromedp.SendKeys(chromedp.CSS(`textarea[name=typed]`), "a lvp split a yor"))
	waitFor(t, ctx, "the split read", `[...document.querySelectorAll('.checks li.ok')].some((l) => l.textContent.includes('A lvp SPLIT A yor'))`)
	click(t, ctx, `details.typed button`)
	waitFor(t, ctx, "the split saved", `document.querySelector('.save.saved') && document.querySelectorAll('.order-list li').length === 2`)
	if n := eval[int](t, ctx, `document.querySelectorAll('.order-list li.bad').length`); n != 0 {
		t.Errorf("%d orders marked invalid: %s", n, text(t, ctx, ".order-list"))
	}
	o := ps[0].dip(id).View.Orders
	slices.Sort(o)
	if want := []string{"A lvp SPLIT A yor", "F edi & F lon MERGE nth"}; !slices.Equal(o, want) {
		t.Fatalf("orders stored %q, want %q", o, want)
	}
	click(t, ctx, `button.ready`)
	readyAll(id, ps[1:]...)
	v := ps[0].waitWindow(id, "F1901M")
	found := false
	for _, u := range v.View.Board.Units {
		found = found || (u.At == "nth" && u.Count == 2)
	}
	if !found {
		t.Fatalf("no 2F in the North Sea after the merge: %+v", v.View.Board.Units)
	}
	// The stack is drawn: a shadow behind the symbol, its notation beside it.
	waitFor(t, ctx, "Fall 1901", `document.querySelector('.game-head').textContent.includes('Fall 1901') && document.querySelector('.board .note button.link')`)
	click(t, ctx, `.board .note button.link`) // the board now
	waitFor(t, ctx, "the stack drawn", `document.querySelector('.unit.multi[data-at="nth"][data-count="2"]')`)
	if got := eval[string](t, ctx, `document.querySelector('.unit.multi[data-at="nth"] text.count').textContent`); got != "2F" {
		t.Errorf("the stack's label is %q, want 2F", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.unit.multi[data-at="nth"] .stack').length`); n != 1 {
		t.Errorf("the 2F is drawn with %d shadows, want 1", n)
	}
	if got := eval[string](t, ctx, `document.querySelector('.unit.multi[data-at="nth"]').getAttribute('aria-label')`); got != "2 fleets of England" {
		t.Errorf("the stack is named %q", got)
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-multiplicity")
}

// TestBrowserVariantCatspaw plays England under Catspaw (England, France
// and Turkey play): the prompt gives the quota, the extra units are
// offered as extra, an extra order clicked twice (a repeat is a vote) is
// stored twice and marked extra, the quota counted; in the winter the
// prompt for the extra build, the build clicked. Screenshot:
// variant-catspaw.
func TestBrowserVariantCatspaw(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"catspaw": "true", "players": "england,france,turkey"}, []string{"england", "france", "turkey"})
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('path.prov.start[data-prov="mun"]')`)
	waitFor(t, ctx, "the prompt with the quota", `[...document.querySelectorAll('.orders-panel .prompt')].some((p) => p.textContent.includes('up to 5 extra orders'))`)
	if got := text(t, ctx, `button[data-start="mun"]`); !strings.Contains(got, "(extra)") {
		t.Errorf("Munich's unit is offered as %q, not as extra", got)
	}
	if got := text(t, ctx, `button[data-start="lon"]`); strings.Contains(got, "extra") {
		t.Errorf("London's own unit is offered as %q", got)
	}
	for i := 1; i <= 2; i++ {
		clickProvince(t, ctx, "mun")
		waitFor(t, ctx, "Munich's targets", `document.querySelector('path.prov.target[data-prov="bur"]')`)
		clickProvince(t, ctx, "bur")
		waitFor(t, ctx, "the extra order saved", fmt.Sprintf(`document.querySelector('.save.saved') && document.querySelectorAll('.order-list li.extra').length === %d`, i))
	}
	clickProvince(t, ctx, "lon")
	clickProvince(t, ctx, "nth")
	waitFor(t, ctx, "the own order saved", `document.querySelector('.save.saved') && document.querySelectorAll('.order-list li').length === 3`)
	if got := text(t, ctx, ".extra-quota"); !strings.Contains(got, "2 of 5 written") {
		t.Errorf("the quota reads %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.order-list li.bad').length`); n != 0 {
		t.Errorf("%d orders marked invalid: %s", n, text(t, ctx, ".order-list"))
	}
	o := ps[0].dip(id).View.Orders
	slices.Sort(o)
	if want := []string{"A mun - bur", "A mun - bur", "F lon - nth"}; !slices.Equal(o, want) {
		t.Fatalf("orders stored %q, want %q", o, want)
	}
	// The resolution takes the extra orders as England's votes: Munich moves.
	click(t, ctx, `button.ready`)
	readyAll(id, ps[1:]...)
	v := ps[0].waitWindow(id, "F1901M")
	moved := false
	for _, u := range v.View.Board.Units {
		moved = moved || (u.At == "bur" && u.Power == "germany")
	}
	if !moved {
		t.Errorf("Germany's army did not follow England's extra orders to Burgundy: %+v", v.View.Board.Units)
	}
	waitFor(t, ctx, "the results", `document.querySelector('.results') && document.querySelector('.results').textContent.includes('A mun - bur')`)
	click(t, ctx, `.board .note button.link`) // the board now
	waitFor(t, ctx, "Fall 1901", `document.querySelector('button[data-start="bur"]')`)
	clickProvince(t, ctx, "bur")
	waitFor(t, ctx, "Burgundy's targets", `document.querySelector('path.prov.target[data-prov="bel"]')`)
	clickProvince(t, ctx, "bel")
	waitFor(t, ctx, "the extra order saved", `document.querySelector('.save.saved') && document.querySelectorAll('.order-list li.extra').length === 1`)
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-catspaw")

	// Germany takes Belgium: in the winter England, owing nothing of its own, is prompted for
	// the extra build (rule 10) and writes it by clicking Munich.
	click(t, ctx, `button.ready`)
	readyAll(id, ps[1:]...)
	ps[0].waitWindow(id, "W1901A")
	waitFor(t, ctx, "the prompt for the extra build", `[...document.querySelectorAll('.orders-panel .prompt')].some((p) => p.textContent.includes('one extra build for an unplayed power'))`)
	if got := text(t, ctx, ".extra-quota"); !strings.Contains(got, "0 of 1 written") {
		t.Errorf("the winter's quota reads %q", got)
	}
	if eval[bool](t, ctx, `document.querySelector('.board .note').textContent.includes('Show the board now')`) {
		click(t, ctx, `.board .note button.link`)
	}
	clickProvince(t, ctx, "mun")
	waitFor(t, ctx, "the extra build saved", `document.querySelector('.save.saved') && document.querySelectorAll('.order-list li.extra').length === 1`)
	if o := ps[0].dip(id).View.Orders; !slices.Equal(o, []string{"Build A mun"}) {
		t.Errorf("the winter's orders stored %q, want Build A mun", o)
	}
}

// TestBrowserVariantBlackHole plays a Black Hole game past Spring 1901: the
// province the hole swallowed is drawn destroyed (dark, hatched, titled),
// without its unit, and is never offered as a target; an order is entered
// by clicking. Screenshot: variant-black-hole.
func TestBrowserVariantBlackHole(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"black_hole": "true"}, sevenSeats)
	readyAll(id, ps...)
	v := ps[0].waitWindow(id, "F1901M")
	if len(v.View.Board.Holes) != 1 {
		t.Fatalf("after Spring 1901 the holes are %q, want one", v.View.Board.Holes)
	}
	hole := v.View.Board.Holes[0]
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('.board .note button.link') && document.querySelector('path.prov')`)
	click(t, ctx, `.board .note button.link`) // the board now, not Spring's results
	waitFor(t, ctx, "the hole drawn", `document.querySelector('path.prov.hole[data-prov="`+hole+`"]')`)
	got := eval[map[string]any](t, ctx, `(() => {
  const p = document.querySelector('path.prov.hole[data-prov="`+hole+`"]');
  return {
    holes: document.querySelectorAll('path.prov.hole').length,
    hatched: !!p.parentNode.querySelector('path.patfill[fill="url(#pat-void)"]'),
    title: p.querySelector('title').textContent,
    fill: getComputedStyle(p).fill,
    unit: !!document.querySelector('.unit[data-at^="`+hole+`"]'),
  };
})()`)
	if got["holes"].(float64) != 1 || got["hatched"] != true || !strings.Contains(got["title"].(string), "destroyed") || got["unit"] == true {
		t.Errorf("the hole %s drawn as %v", hole, got)
	}
	if got["fill"] != "rgb(34, 34, 34)" {
		t.Errorf("the hole is filled %v, want dark", got["fill"])
	}
	// No unit may be ordered into the hole: after each of England's units, no target is the hole.
	// The hole is drawn with the game's seed, which changes from run to run:
	// it may have swallowed one of England's units or the North Sea.
	for _, u := range []string{"edi", "lon", "lvp"} {
		if u == hole {
			continue
		}
		clickProvince(t, ctx, u)
		waitFor(t, ctx, "targets of "+u, `document.querySelector('path.prov.target')`)
		if eval[bool](t, ctx, `!!document.querySelector('path.prov.target.hole')`) {
			t.Errorf("the hole is offered as a target of %s", u)
		}
		click(t, ctx, `.entry button.link`) // cancel
	}
	// A move that avoids the hole (at most one province is gone).
	move := [3]string{"lon", "nth", "F lon - nth"}
	switch hole {
	case "nth":
		move = [3]string{"lon", "eng", "F lon - eng"}
	case "lon":
		move = [3]string{"edi", "nwg", "F edi - nwg"}
	}
	clickProvince(t, ctx, move[0])
	clickProvince(t, ctx, move[1])
	waitFor(t, ctx, "orders saved", `document.querySelector('.save.saved')`)
	if o := ps[0].dip(id).View.Orders; !slices.Equal(o, []string{move[2]}) {
		t.Errorf("orders stored %q, want %s", o, move[2])
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-black-hole")
}

// TestBrowserVariantSeismic plays a Seismic game to its first seismic
// phase (Spring 1902): England's event clicked on the map (Belgium, then
// London: connect) and sent, drawn as pending; after the phase the map's
// edits are drawn (the connection, France's separation), and the new
// border is clickable: London's fleet may move to Belgium. Screenshot:
// variant-seismic.
func TestBrowserVariantSeismic(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"seismic": "true"}, sevenSeats)
	readyAll(id, ps...)
	ps[0].waitWindow(id, "F1901M")
	readyAll(id, ps...)
	ps[0].waitWindow(id, "S1902E")
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('.board .note button.link') && document.querySelector('path.prov')`)
	click(t, ctx, `.board .note button.link`) // the board now, not Fall's results
	waitFor(t, ctx, "the event's provinces", `document.querySelector('path.prov.start[data-prov="bel"]')`)
	clickProvince(t, ctx, "bel")
	waitFor(t, ctx, "the second province", `document.querySelector('path.prov.target[data-prov="lon"]') && document.querySelector('button[data-mode="connect"].on')`)
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "the event sent", `document.querySelector('.orders-panel').textContent.includes('Your event: connect bel lon')`)
	if e := ps[0].dip(id).View.Event; e != "connect bel lon" {
		t.Fatalf("the event stored is %q, want connect bel lon", e)
	}
	waitFor(t, ctx, "the event drawn as pending", `document.querySelector('.edit.connect.pending[data-edit="connect bel lon"]')`)
	ps[2].act(id, "event", map[string]any{"event": "separate bur par"}) // France
	click(t, ctx, `button.ready`)
	waitFor(t, ctx, "England ready", `document.querySelector('button.ready.on')`)
	readyAll(id, ps[1:]...)
	v := ps[0].waitWindow(id, "S1902M")
	if !slices.Contains(v.View.Board.Edits, "connect bel lon") || !slices.Contains(v.View.Board.Edits, "separate bur par") {
		t.Fatalf("the map's edits are %q", v.View.Board.Edits)
	}
	waitFor(t, ctx, "Spring 1902", `document.querySelector('.game-head .phase').textContent === 'Spring 1902 movement' && document.querySelector('.board .note button.link')`)
	// First the seismic phase's results: the two events drawn as they resolved.
	waitFor(t, ctx, "the events among the results", `document.querySelector('.board .note').textContent.includes('Show the board now') && document.querySelectorAll('.orders .edit.result.ok').length === 2`)
	click(t, ctx, `.board .note button.link`)
	waitFor(t, ctx, "the edits drawn", `document.querySelector('.edit.connect:not(.pending)[data-edit="connect bel lon"]') && document.querySelector('.edit.separate[data-edit="separate bur par"]')`)
	if n := eval[int](t, ctx, `document.querySelectorAll('.edit').length`); n != 2 {
		t.Errorf("%d edits drawn, want 2", n)
	}
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "Belgium is London's neighbour now", `document.querySelector('path.prov.target[data-prov="bel"]')`)
	clickProvince(t, ctx, "bel")
	waitFor(t, ctx, "orders saved", `document.querySelector('.save.saved')`)
	if o := ps[0].dip(id).View.Orders; !slices.Equal(o, []string{"F lon - bel"}) {
		t.Errorf("orders stored %q, want F lon - bel", o)
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-seismic")
}

// TestBrowserVariantSchizo plays a Schizodiplomacy game past Spring 1901:
// the province that split has a twin drawn beside it (a region of its own,
// named "… II", clickable when it holds a unit), every unit of the view is
// drawn, the province destroyed is drawn as a hole, and the changes are
// listed beside the map. Screenshot: variant-schizo.
func TestBrowserVariantSchizo(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", map[string]string{"schizo": "true"}, sevenSeats)
	readyAll(id, ps...)
	v := ps[0].waitWindow(id, "F1901M")
	var split string
	for _, e := range v.View.Board.Edits {
		if strings.HasPrefix(e, "split ") {
			split = strings.TrimPrefix(e, "split ")
		}
	}
	if split == "" || len(v.View.Board.Holes) != 1 {
		t.Fatalf("after Spring 1901: edits %q, holes %q", v.View.Board.Edits, v.View.Board.Holes)
	}
	twin := split + "2"
	ctx := browser(t, 1280, 900)
	openAs(t, ctx, s, ps[0], id, `document.querySelector('.board .note button.link') && document.querySelector('path.prov')`)
	click(t, ctx, `.board .note button.link`) // the board now
	waitFor(t, ctx, "the twin drawn", `document.querySelector('path.prov.twin[data-prov="`+twin+`"]')`)
	if got := eval[string](t, ctx, `document.querySelector('path[data-prov="`+twin+`"] title').textContent`); !strings.HasSuffix(strings.Split(got, " · ")[0], " II") {
		t.Errorf("the twin is named %q", got)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('path.prov.hole[data-prov="`+v.View.Board.Holes[0]+`"]')`) {
		t.Errorf("the destroyed %s is not drawn as a hole", v.View.Board.Holes[0])
	}
	want := []string{}
	for _, u := range v.View.Board.Units {
		want = append(want, u.At)
	}
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('svg.dipmap .unit')].map((u) => u.dataset.at)`)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("units drawn at %q, the view has %q", got, want)
	}
	if txt := text(t, ctx, ".map-changes"); !strings.Contains(txt, "split") || !strings.Contains(txt, "destroyed") {
		t.Errorf("the changes listed: %q", txt)
	}
	// A unit in the twin (duplicated from the original) is England's to order by clicking.
	for _, u := range v.View.Board.Units {
		if u.At == twin && u.Power == "england" {
			pt := eval[[]float64](t, ctx, `(() => { const r = document.querySelector('path[data-prov="`+twin+`"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
			run(t, ctx, "click on the twin", chromedp.MouseClickXY(pt[0], pt[1]))
			waitFor(t, ctx, "the twin's unit picked", `document.querySelector('path.prov.selected[data-prov="`+twin+`"]')`)
		}
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshotView(t, ctx, "variant-schizo")
}
