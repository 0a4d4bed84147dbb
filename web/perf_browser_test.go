package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"concordat/diplomacy"
)

// gameOf creates a Diplomacy game through the API and seats one player per
// power (the first is returned with the game's id), so that it starts.
func gameOf(t *testing.T, s *site, variant string, rules map[string]string, seats []string) (int64, []*player) {
	t.Helper()
	var players []*player
	for i := range seats {
		players = append(players, s.player(fmt.Sprintf("%.8s%d_%.12s", variant, i, seats[i])))
	}
	spec := map[string]any{"name": "speed " + variant, "game": "diplomacy", "variant": variant}
	if rules != nil {
		spec["rules"] = rules
	}
	var g struct{ ID int64 }
	players[0].do("POST", "/api/games", spec, &g)
	for i, p := range players {
		p.do("POST", fmt.Sprintf("/api/games/%d/join", g.ID), map[string]string{"seat": seats[i]}, nil)
	}
	return g.ID, players
}

// login logs the browser in as p through the login page.
func login(t *testing.T, ctx context.Context, s *site, p *player) {
	t.Helper()
	run(t, ctx, "log in as "+p.name, chromedp.Navigate(s.url+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=name]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), p.name),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), "password-"+p.name),
		chromedp.Click(chromedp.CSS(`form button[type=submit]`)))
	waitFor(t, ctx, "logged in", `location.pathname === '/'`)
}

// TestBrowserSpeed measures, in Chromium, what docs/perf.md records: a game
// page's first render (navigation to the map drawn), the compressed size of
// the assets a game page loads (map drawing and API answers aside), and the
// time from a click on a unit to its targets highlighted on the largest map
// (Imperial). The figures are logged, not asserted (timing depends on the
// machine); the test fails if the page does not work.
func TestBrowserSpeed(t *testing.T) {
	s := newSite(t)
	id, ps := gameOf(t, s, "standard", nil, []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"})
	ctx := browser(t, 1280, 900)
	login(t, ctx, s, ps[1])

	// First render: a cold load first (nothing cached), then warm loads.
	var renders []float64
	var steps [][]float64
	var assets []byte
	for i := 0; i < 6; i++ {
		run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
		waitFor(t, ctx, "map drawn", `performance.getEntriesByName('concordat:map').length && document.querySelector('path.prov.start')`)
		renders = append(renders, eval[float64](t, ctx, `performance.getEntriesByName('concordat:map')[0].startTime`))
		// Where the time went: the HTML, the modules run, the game read, the drawing read, the map drawn.
		steps = append(steps, eval[[]float64](t, ctx, `[performance.getEntriesByType('navigation')[0].responseEnd,
			...['main', 'game', 'drawing', 'map'].map((n) => (performance.getEntriesByName('concordat:' + n)[0] || { startTime: -1 }).startTime)]`))
		// The game's view is read once: index.html's preload is the page's own fetch.
		if n := eval[int](t, ctx, fmt.Sprintf(`performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/games/%d')).length`, id)); n != 1 {
			t.Errorf("the game's view was fetched %d times, want once (the preload used)", n)
		}
		// From the second load on, boot.js preloads the drawing: map.js's fetch takes it, nothing is read twice.
		if n := eval[int](t, ctx, `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/maps/standard.json')).length`); n != 1 {
			t.Errorf("load %d: the map drawing was fetched %d times, want once", i, n)
		}
		if i == 1 {
			tl := eval[[]byte](t, ctx, `[...performance.getEntriesByType('resource')].map((e) => [e.name.slice(-40), Math.round(e.startTime), Math.round(e.responseEnd)])`)
			t.Logf("warm timeline: %s", tl)
		}
		if i == 0 {
			assets = eval[[]byte](t, ctx, `[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
				.map((e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize, transfer: e.transferSize }))`)
		}
	}
	var entries []struct {
		Name                       string
		Encoded, Decoded, Transfer int
	}
	if err := json.Unmarshal(assets, &entries); err != nil {
		t.Fatal(err)
	}
	code, codeRaw, mapData := 0, 0, 0
	var names []string
	for _, e := range entries {
		switch {
		case strings.Contains(e.Name, "/maps/"):
			mapData += e.Encoded
		case strings.Contains(e.Name, "/api/"):
		default:
			code += e.Encoded
			codeRaw += e.Decoded
			names = append(names, e.Name[strings.LastIndex(e.Name, "/")+1:])
		}
	}
	if code == 0 {
		t.Fatal("no assets measured")
	}
	warm := slices.Clone(renders[1:])
	slices.Sort(warm)
	t.Logf("game page first render: cold %.0f ms, warm median %.0f ms (of %d)", renders[0], warm[len(warm)/2], len(warm))
	for i, name := range []string{"HTML received", "modules run", "game read", "drawing read", "map drawn"} {
		var at []float64
		for _, s := range steps[1:] {
			at = append(at, s[i])
		}
		slices.Sort(at)
		t.Logf("  %-13s cold %4.0f ms, warm median %4.0f ms", name, steps[0][i], at[len(at)/2])
	}
	t.Logf("game page assets: %d files, %.1f KB compressed (%.1f KB uncompressed); standard map drawing %.1f KB compressed", len(names), float64(code)/1024, float64(codeRaw)/1024, float64(mapData)/1024)

	// Click to highlight on Imperial (172 centres): two played powers are enough for a full board.
	im, _ := diplomacy.LoadMap("imperial")
	seats := []string{im.Powers[0].ID, im.Powers[1].ID}
	iid, ips := gameOf(t, s, "imperial", map[string]string{"players": strings.Join(seats, ",")}, seats)
	login(t, ctx, s, ips[0])
	run(t, ctx, "open Imperial", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, iid)))
	waitFor(t, ctx, "Imperial drawn", `document.querySelectorAll('path.prov.start').length > 3`)
	raw := eval[[]byte](t, ctx, `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const starts = [...document.querySelectorAll('path.prov.start')].map((e) => e.dataset.prov);
  const times = [];
  for (let i = 0; i < 15; i++) {
    const p = starts[i % starts.length];
    const el = document.querySelector('path[data-prov="' + p + '"]');
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await frame();
    const t1 = performance.now();
    if (!document.querySelector('path.prov.target')) return { error: 'no target highlighted after clicking ' + p };
    times.push(t1 - t0);
    document.querySelector('.entry button.link').click();
    await frame();
  }
  return { times, provinces: document.querySelectorAll('path.prov').length };
})()`)
	var clicks struct {
		Times     []float64
		Provinces int
		Error     string
	}
	if err := json.Unmarshal(raw, &clicks); err != nil {
		t.Fatal(err)
	}
	if clicks.Error != "" {
		t.Fatal(clicks.Error)
	}
	slices.Sort(clicks.Times)
	t.Logf("Imperial (%d provinces): click to highlight median %.1f ms, worst %.1f ms (%d clicks)",
		clicks.Provinces, clicks.Times[len(clicks.Times)/2], clicks.Times[len(clicks.Times)-1], len(clicks.Times))
}
