package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// clickSandbox clicks with the mouse at a province's unit point on the
// sandbox's map (a standard-map drawing is read to find it).
func clickSandbox(t *testing.T, ctx context.Context, prov string) {
	t.Helper()
	waitFor(t, ctx, "province "+prov, `document.querySelector('path[data-prov="`+prov+`"]')`)
	pt := eval[[]float64](t, ctx, `(async () => {
  const el = document.querySelector('path[data-prov="`+prov+`"]');
  const v = document.querySelector('script[type=module]').src.split('/static/')[1].split('/')[0];
  const map = document.querySelector('select[name=map]').value;
  const d = await (await fetch('/static/' + v + '/maps/' + map + '.json')).json();
  const p = d.provinces.find((x) => x.id === '`+prov+`');
  el.scrollIntoView({ block: 'center' });
  const q = el.ownerSVGElement.createSVGPoint();
  [q.x, q.y] = p.unit;
  const s = q.matrixTransform(el.getScreenCTM());
  return [s.x, s.y];
})()`)
	run(t, ctx, "click on "+prov, chromedp.MouseClickXY(pt[0], pt[1]))
}

// sandboxUnits lists the units drawn on the map (their labels), sorted.
const sandboxUnits = `[...document.querySelectorAll('.units .unit')].map((u) => u.getAttribute('aria-label')).sort().join('; ')`

// TestBrowserSandbox: without logging in, a free standard board emptied,
// pieces placed by clicking (and one by the keyboard alone), a centre given
// away, an attack entered by clicking bounces off the defender (equal
// strength: rulebook, "standoff"), the same attack with a support entered
// by clicking dislodges it (the rulebook's support example); the position
// after shows the dislodged unit and its retreats; then a game's resolved
// phase opened in the sandbox from its history gives the game's own result.
func TestBrowserSandbox(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1280, 900)
	run(t, ctx, "open the sandbox", chromedp.Navigate(s.url+"/"))
	click(t, ctx, `header a[href="/sandbox"]`)
	waitFor(t, ctx, "the opening position", `document.querySelectorAll('.units .unit').length === 22`)
	waitFor(t, ctx, "the 48 maps", `document.querySelectorAll('select[name=map] option').length === 48`)
	waitFor(t, ctx, "the opening adjudicated", `document.querySelector('.next-phase') && document.querySelector('.next-phase').textContent.includes('Fall 1901')`)

	// Empty the board and place France's A par and A mar and Germany's A bur.
	click(t, ctx, `.sandbox-setup button:nth-last-child(1)`)
	waitFor(t, ctx, "an empty board", `document.querySelectorAll('.units .unit').length === 0`)
	click(t, ctx, `button[data-tool="army"]`)
	choose(t, ctx, `select[name=power]`, "france")
	clickSandbox(t, ctx, "par")
	clickSandbox(t, ctx, "mar")
	choose(t, ctx, `select[name=power]`, "germany")
	clickSandbox(t, ctx, "bur")
	// A fleet by the keyboard alone: the province chosen in the list, Enter on Apply.
	click(t, ctx, `button[data-tool="fleet"]`)
	choose(t, ctx, `select[name=power]`, "england")
	choose(t, ctx, `select[name=edit-prov]`, "eng")
	eval[bool](t, ctx, `(document.querySelector('button[data-apply]').focus(), true)`)
	run(t, ctx, "Enter on Apply", chromedp.KeyEvent("\r"))
	// A centre given away: Belgium to Germany.
	click(t, ctx, `button[data-tool="centre"]`)
	choose(t, ctx, `select[name=power]`, "germany")
	clickSandbox(t, ctx, "bel")
	waitFor(t, ctx, "the pieces placed", `document.querySelectorAll('.units .unit').length === 4`)
	want := "army of France; army of France; army of Germany; fleet of England"
	if got := eval[string](t, ctx, sandboxUnits); got != want {
		t.Fatalf("units on the board: %q, want %q", got, want)
	}
	if got := eval[string](t, ctx, `document.querySelector('path[data-prov="bel"] title').textContent`); !strings.Contains(got, "Germany") {
		t.Errorf("Belgium's owner: %q", got)
	}

	// Orders by clicking: A par - bur alone bounces off A bur.
	click(t, ctx, `button[data-tool="orders"]`)
	waitFor(t, ctx, "units to order", `document.querySelector('.orders-panel[aria-busy=false]') && document.querySelector('path.prov.start[data-prov="par"]')`)
	clickSandbox(t, ctx, "par")
	waitFor(t, ctx, "targets of A par", `document.querySelector('path.prov.target[data-prov="bur"]')`)
	clickSandbox(t, ctx, "bur")
	result := func(what string, lines ...string) string {
		t.Helper()
		cond := make([]string, len(lines))
		for i, l := range lines {
			cond[i] = fmt.Sprintf(`document.querySelector('.results').textContent.replace(/\s+/g, ' ').includes(%q)`, l)
		}
		waitFor(t, ctx, what, `document.querySelector('.sandbox-result:not(.stale) .results') && `+strings.Join(cond, " && "))
		return strings.Join(strings.Fields(text(t, ctx, ".sandbox-result")), " ")
	}
	got := result("the bounce", "A par - bur failed bounced")
	if !strings.Contains(got, "No unit dislodged") {
		t.Errorf("after a bounce: %s", got)
	}
	waitFor(t, ctx, "the failed move drawn", `document.querySelectorAll('.orders .order.fail').length === 1`)

	// The support, by clicking: A mar S A par - bur; now A bur is dislodged.
	clickSandbox(t, ctx, "mar")
	click(t, ctx, `button[data-mode="S"]`)
	waitFor(t, ctx, "units to support", `document.querySelector('path.prov.target[data-prov="par"]')`)
	clickSandbox(t, ctx, "par")
	waitFor(t, ctx, "where to support", `document.querySelector('path.prov.target[data-prov="bur"]')`)
	clickSandbox(t, ctx, "bur")
	got = result("the dislodgement", "A par - bur succeeded", "A mar S A par - bur succeeded")
	if !strings.Contains(got, "Spring 1901 retreat") || !strings.Contains(got, "A bur dislodged (from par)") {
		t.Errorf("after the supported attack: %s", got)
	}
	// Retreats: not to Paris (the attacker's origin), not to occupied Marseilles.
	for _, r := range []string{"bel", "gas", "mun", "pic", "ruh"} {
		if !strings.Contains(got, r) {
			t.Errorf("A bur may retreat to %s: %s", r, got)
		}
	}
	if strings.Contains(got, "par,") || strings.Contains(got, "mar") && strings.Contains(got, "retreat to mar") {
		t.Errorf("a retreat the rules forbid offered: %s", got)
	}
	waitFor(t, ctx, "two orders succeeded on the map", `document.querySelectorAll('.orders .order.ok').length === 2`)
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshot(t, ctx, "sandbox")
	click(t, ctx, `button[data-after]`)
	waitFor(t, ctx, "the position after", `document.querySelectorAll('.units .unit.dislodged').length === 1 && document.querySelector('.units .unit.dislodged').getAttribute('aria-label') === 'army of Germany, dislodged'`)

	// A game's resolved phase in the sandbox: the same orders give the game's result.
	id, ps := gameOf(t, s, "standard", nil, []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"})
	ps[2].act(id, "orders", map[string]any{"orders": []string{"A par - bur", "A mar S A par - bur"}})
	ps[3].act(id, "orders", map[string]any{"orders": []string{"A mun - bur"}})
	for _, p := range ps {
		p.act(id, "ready", map[string]any{"ready": true})
	}
	var g struct {
		View struct {
			History []struct {
				Orders []struct{ Order, Result string }
			} `json:"history"`
		} `json:"view"`
	}
	for i := 0; i < 100 && len(g.View.History) == 0; i++ {
		run(t, ctx, "wait", chromedp.Sleep(100e6))
		ps[0].do("GET", fmt.Sprintf("/api/games/%d", id), nil, &g)
	}
	if len(g.View.History) == 0 {
		t.Fatal("the game's first phase did not resolve")
	}
	gameResult := map[string]string{}
	for _, o := range g.View.History[0].Orders {
		gameResult[o.Order] = o.Result
	}
	if gameResult["A par - bur"] != "succeeds" || gameResult["A mun - bur"] != "fails" {
		t.Fatalf("the game's result: %v", gameResult)
	}
	run(t, ctx, "the game's history", chromedp.Navigate(fmt.Sprintf("%s/games/%d/history/0", s.url, id)))
	click(t, ctx, `a.sandbox-link`)
	waitFor(t, ctx, "the game's phase in the sandbox", `location.search === '?game=`+fmt.Sprint(id)+`&at=0' && document.querySelectorAll('.units .unit').length === 22`)
	result("the game's phase adjudicated", "A par - bur succeeded", "A mun - bur failed", "A mar S A par - bur succeeded")
	if !strings.Contains(text(t, ctx, ".sandbox-head"), "Spring 1901 movement") {
		t.Errorf("the sandbox's head: %s", text(t, ctx, ".sandbox-head"))
	}

	// The phone.
	run(t, ctx, "phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile), chromedp.Navigate(s.url+"/sandbox"))
	waitFor(t, ctx, "the sandbox on the phone", `document.querySelectorAll('.units .unit').length === 22 && document.querySelector('.next-phase')`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("the phone page is %d px wide: it scrolls sideways", w)
	}
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	screenshot(t, ctx, "sandbox-phone")
}
