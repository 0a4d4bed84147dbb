package web

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// waitFor polls a JavaScript condition in the page until it is true.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+cond+`)`)); err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	t.Fatalf("waiting for %s (%s): timed out\npage text:\n%s", what, cond, body)
}

// click clicks the element sel selects (the mouse at its centre, as a person would).
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	run(t, ctx, "click "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
}

// clickProvince clicks with the mouse at a province's unit point on the map
// (where a player would click), not at the middle of its outline's box.
func clickProvince(t *testing.T, ctx context.Context, prov string) {
	t.Helper()
	waitFor(t, ctx, "province "+prov, `document.querySelector('path[data-prov="`+prov+`"]')`)
	pt := eval[[]float64](t, ctx, `(async () => {
  const el = document.querySelector('path[data-prov="`+prov+`"]');
  const svg = el.ownerSVGElement;
  const v = document.querySelector('script[type=module]').src.split('/static/')[1].split('/')[0];
  const variant = (await (await fetch('/api' + location.pathname.match(/\/games\/\d+/)[0])).json()).view.variant;
  const d = await (await fetch('/static/' + v + '/maps/' + variant + '.json')).json();
  const p = d.provinces.find((x) => x.id === '`+prov+`');
  el.scrollIntoView({ block: 'center' });
  const q = svg.createSVGPoint();
  [q.x, q.y] = p.unit;
  const s = q.matrixTransform(el.getScreenCTM());
  return [s.x, s.y];
})()`)
	run(t, ctx, "click on "+prov, chromedp.MouseClickXY(pt[0], pt[1]))
}

// TestBrowserPlay plays a standard game in Chromium as a person would:
// register, create the game and join it (the other six seats join
// through the API), order by clicking on the map, mark ready, see the
// results after the resolution, step through the history, and send a
// private message that its reader sees and a third seat does not.
func TestBrowserPlay(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1280, 900)

	// Register through the page.
	run(t, ctx, "register",
		chromedp.Navigate(s.url+"/"),
		chromedp.WaitVisible(chromedp.CSS(`header a[href="/register"]`)),
		chromedp.Click(chromedp.CSS(`header a[href="/register"]`)),
		chromedp.WaitVisible(chromedp.CSS(`input[name=name]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "alice"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), "password-alice"),
		chromedp.Click(chromedp.CSS(`form button[type=submit]`)),
	)
	waitFor(t, ctx, "logged in", `[...document.querySelectorAll('header nav a')].some(a => a.textContent === 'alice')`)

	// Create a game with the form.
	click(t, ctx, `header a[href="/new"]`)
	// The form offers every map and rule option the server has (GET /api/variants).
	waitFor(t, ctx, "the 48 maps offered", `document.querySelectorAll('select[name=variant] option').length === 48`)
	waitFor(t, ctx, "the rule variants offered", `document.querySelector('input[name="rule-fog"][type=checkbox]') && document.querySelector('input[name="rule-players"]')`)
	run(t, ctx, "fill the new game", chromedp.WaitVisible(chromedp.CSS(`input[name=name]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Browser game"),
		chromedp.Click(chromedp.CSS(`form button[type=submit]`)))
	waitFor(t, ctx, "the game page", `/^\/games\/\d+$/.test(location.pathname)`)
	id, err := strconv.ParseInt(strings.TrimPrefix(eval[string](t, ctx, `location.pathname`), "/games/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	click(t, ctx, `button[aria-label="Join as England"]`)
	waitFor(t, ctx, "seated", `document.querySelector('.seats li.you') && document.querySelector('.seats li.you').textContent.includes('England')`)

	// The other seats join through the API; the game starts.
	others := map[string]*player{}
	for _, p := range []string{"austria", "france", "germany", "italy", "russia", "turkey"} {
		others[p] = s.player("u" + p)
		others[p].do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p}, nil)
	}
	// The live stream brings the start: the units to order appear on the map.
	waitFor(t, ctx, "the game started", `document.querySelector('path.prov.start[data-prov="lon"]')`)
	screenshotLobby(t, ctx, s)

	// Orders by clicking on the map: F lon - nth; F edi S F lon - nth; A lvp - yor. The server
	// answers each save late, so that orders are written while the last ones are being saved.
	s.mu.Lock()
	s.slowActions = 400 * time.Millisecond
	s.mu.Unlock()
	run(t, ctx, "back to the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "map", `document.querySelector('path.prov.start[data-prov="lon"]')`)
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "targets of F lon", `document.querySelector('path.prov.target[data-prov="nth"]')`)
	clickProvince(t, ctx, "nth")
	clickProvince(t, ctx, "edi")
	click(t, ctx, `button[data-mode="S"]`)
	waitFor(t, ctx, "support targets", `document.querySelector('path.prov.target[data-prov="lon"]')`)
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "support destinations", `document.querySelector('path.prov.target[data-prov="nth"]')`)
	clickProvince(t, ctx, "nth")
	// The third order is written while the first two are being saved: "saved" waits for it too.
	waitFor(t, ctx, "the first orders being saved", `document.querySelector('.save.saving')`)
	clickProvince(t, ctx, "lvp")
	clickProvince(t, ctx, "yor")
	waitFor(t, ctx, "orders saved", `document.querySelector('.save.saved')`)
	want := []string{"F lon - nth", "F edi S F lon - nth", "A lvp - yor"}
	// The orders stored are those clicked (read back through the API as the page's own session).
	got := eval[[]string](t, ctx, fmt.Sprintf(`fetch('/api/games/%d').then(r => r.json()).then(g => g.view.orders)`, id))
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("orders stored %q, want %q", got, want)
	}
	waitFor(t, ctx, "three arrows drawn", `document.querySelectorAll('.orders .order.pending').length === 3`)
	screenshot(t, ctx, "game-orders")

	// The others order through the API: France and Germany bounce in Burgundy.
	orders := map[string][]string{"france": {"A par - bur"}, "germany": {"A mun - bur"}, "russia": {"A war - gal"}, "austria": {"A vie - gal"}}
	for p, o := range orders {
		others[p].act(id, "orders", map[string]any{"orders": o})
	}
	for _, p := range []string{"austria", "france", "germany", "italy", "russia", "turkey"} {
		others[p].act(id, "ready", map[string]any{"ready": true})
	}
	click(t, ctx, `button.ready`)
	// Everyone is ready: the phase resolves, and the page shows the results.
	waitFor(t, ctx, "the results", `document.querySelector('.results') && document.querySelector('.results').textContent.includes('F lon - nth')`)
	res := text(t, ctx, ".results")
	for _, w := range []string{"F lon - nth succeeded", "A par - bur failed", "A mun - bur failed"} {
		if !strings.Contains(strings.Join(strings.Fields(res), " "), w) {
			t.Errorf("results lack %q:\n%s", w, res)
		}
	}
	waitFor(t, ctx, "result arrows", `document.querySelectorAll('.orders .order.ok').length >= 3 && document.querySelectorAll('.orders .order.fail').length >= 2`)
	if !strings.Contains(text(t, ctx, ".game-head"), "Fall 1901") {
		t.Errorf("the header does not show Fall 1901: %s", text(t, ctx, ".game-head"))
	}
	screenshot(t, ctx, "game-results")

	// The log says in words what happened.
	click(t, ctx, `.tabs a[href$="/log"]`)
	waitFor(t, ctx, "the log", `[...document.querySelectorAll('.game-log .ev')].some((e) => e.textContent.includes('resolved; now'))`)
	click(t, ctx, `.tabs a[href="`+fmt.Sprintf("/games/%d", id)+`"]`)

	// Fall 1901 with the keyboard alone: the board now, then F nth - nwy by
	// the panel's buttons and A yor - lvp on the map's regions.
	key := func(sel string) {
		t.Helper()
		waitFor(t, ctx, sel, `document.querySelector('`+sel+`')`)
		eval[bool](t, ctx, `(document.querySelector('`+sel+`').focus(), document.activeElement === document.querySelector('`+sel+`'))`)
		run(t, ctx, "Enter on "+sel, chromedp.KeyEvent("\r"))
	}
	key(`.board .note button.link`)
	key(`button[data-start="nth"]`)
	key(`button[data-target="nwy"]`)
	key(`path.prov.start[data-prov="yor"]`)
	key(`path.prov.target[data-prov="lvp"]`)
	waitFor(t, ctx, "keyboard orders saved", `document.querySelector('.save.saved') && document.querySelectorAll('.order-list li').length === 2`)
	got = eval[[]string](t, ctx, fmt.Sprintf(`fetch('/api/games/%d').then(r => r.json()).then(g => g.view.orders)`, id))
	slices.Sort(got)
	if want := []string{"A yor - lvp", "F nth - nwy"}; !slices.Equal(got, want) {
		t.Errorf("orders entered with the keyboard: %q, want %q", got, want)
	}

	// History: back to Spring 1901 and its orders, then to now.
	click(t, ctx, `.tabs a[href$="/history"]`)
	waitFor(t, ctx, "history", `document.querySelector('.history-bar')`)
	click(t, ctx, `button[data-step="prev"]`)
	waitFor(t, ctx, "Spring 1901", `location.pathname.endsWith('/history/0') && document.querySelector('.results h2').textContent.includes('Spring 1901')`)
	if got := eval[int](t, ctx, `document.querySelectorAll('.orders .order').length`); got < 7 {
		t.Errorf("Spring 1901 in history draws %d orders, want the 7 written", got)
	}
	screenshot(t, ctx, "history")
	click(t, ctx, `button[data-step="next"]`)
	waitFor(t, ctx, "now", `location.pathname.endsWith('/history/1')`)

	// Press: a private message to France; France reads it, Germany does not.
	click(t, ctx, `.tabs a[href$="/press"]`)
	run(t, ctx, "write to France", chromedp.WaitVisible(chromedp.CSS(`input[name="to-france"]`)),
		chromedp.Click(chromedp.CSS(`input[name="to-france"]`)),
		chromedp.SendKeys(chromedp.CSS(`textarea[name=body]`), "Shall we share the Channel?"),
		chromedp.Click(chromedp.CSS(`.composer button[type=submit]`)))
	waitFor(t, ctx, "the message shown", `document.querySelector('.messages') && document.querySelector('.messages').textContent.includes('share the Channel')`)
	if m := others["france"].messages(id); !slices.Contains(m, "Shall we share the Channel?") {
		t.Errorf("France does not read the message: %q", m)
	}
	if m := others["germany"].messages(id); slices.Contains(m, "Shall we share the Channel?") {
		t.Errorf("Germany reads England's message to France: %q", m)
	}
	// France answers; the page shows it live, with an unread count on its channel until read.
	others["france"].do("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"england"}, "body": "Agreed: the Channel stays empty."}, nil)
	waitFor(t, ctx, "the answer arrives live", `document.querySelector('.messages').textContent.includes('stays empty')`)
	screenshot(t, ctx, "press")

	// The phone layout.
	run(t, ctx, "phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile), chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "map on the phone", `document.querySelector('svg.dipmap')`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("the phone page is %d px wide: it scrolls sideways", w)
	}
	screenshot(t, ctx, "phone")
}

// screenshotLobby shows the lobby with the game in "my games", what it needs from me.
func screenshotLobby(t *testing.T, ctx context.Context, s *site) {
	t.Helper()
	carol := s.player("carol")
	carol.do("POST", "/api/games", map[string]any{"name": "Youngstown, weekly", "game": "diplomacy", "variant": "youngstown",
		"rules": map[string]string{"fog": "true"}, "options": map[string]any{"phase": "48h", "press": "public"}}, nil)
	run(t, ctx, "lobby", chromedp.Navigate(s.url+"/"))
	waitFor(t, ctx, "an open game to join", `document.querySelector('#open-games button')`)
	waitFor(t, ctx, "my games", `document.querySelector('#my-games .badge.warn')`)
	if got := text(t, ctx, "#my-games"); !strings.Contains(got, "orders owed") {
		t.Errorf("my games do not say orders are owed: %s", got)
	}
	screenshot(t, ctx, "lobby")
}
