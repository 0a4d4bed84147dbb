package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHereIStandSpeed measures, in Chromium, what docs/perf.md
// records for the Here I Stand page: its first render (navigation to the
// board drawn with the decision's targets), the compressed size of the
// assets it loads (the board drawing and the API's answers apart), and the
// time from a click on a highlighted space to the answer shown (the page
// and the board's target layer redrawn). The figures are logged, not
// asserted; the test fails if the page does not work.
func TestBrowserHereIStandSpeed(t *testing.T) {
	s := newSite(t)
	id, ps := hisGame(t, s)
	ctx := browser(t, 1280, 900)
	login(t, ctx, s, ps["protestant"])
	var renders []float64
	var assets []byte
	for i := 0; i < 6; i++ {
		run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
		waitFor(t, ctx, "the board and its targets", `performance.getEntriesByName('concordat:his-board').length && document.querySelectorAll('svg.hisboard g.space').length === 134 && document.querySelector('circle.ring')`)
		renders = append(renders, eval[float64](t, ctx, `performance.getEntriesByName('concordat:his-board')[0].startTime`))
		if i == 0 {
			assets = eval[[]byte](t, ctx, `[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
				.map((e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize }))`)
		}
	}
	var entries []struct {
		Name             string
		Encoded, Decoded int
	}
	if err := json.Unmarshal(assets, &entries); err != nil {
		t.Fatal(err)
	}
	code, codeRaw, board, boardRaw, files := 0, 0, 0, 0, 0
	for _, e := range entries {
		switch {
		case strings.Contains(e.Name, "/his/board.json"):
			board += e.Encoded
			boardRaw += e.Decoded
		case strings.Contains(e.Name, "/api/"):
		default:
			code += e.Encoded
			codeRaw += e.Decoded
			files++
		}
	}
	if code == 0 || board == 0 {
		t.Fatalf("assets not measured: %s", assets)
	}
	warm := slices.Clone(renders[1:])
	slices.Sort(warm)
	t.Logf("Here I Stand page first render: cold %.0f ms, warm median %.0f ms (of %d)", renders[0], warm[len(warm)/2], len(warm))
	t.Logf("Here I Stand page assets: %d files, %.1f KB compressed (%.1f KB uncompressed); board drawing %.1f KB compressed (%.1f KB)",
		files, float64(code)/1024, float64(codeRaw)/1024, float64(board)/1024, float64(boardRaw)/1024)

	raw := eval[[]byte](t, ctx, `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  for (let i = 0; i < 12; i++) {
    const el = document.querySelector('circle.ring[data-target="leipzig"]');
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await frame();
    const t1 = performance.now();
    if (!document.querySelector('.decision button[data-confirm]')) return { error: 'no confirmation after the click' };
    times.push(t1 - t0);
    [...document.querySelectorAll('.decision button')].find((b) => b.textContent.includes('Back')).click();
    await frame();
  }
  return { times };
})()`)
	var clicks struct {
		Times []float64
		Error string
	}
	if err := json.Unmarshal(raw, &clicks); err != nil {
		t.Fatal(err)
	}
	if clicks.Error != "" {
		t.Fatal(clicks.Error)
	}
	slices.Sort(clicks.Times)
	t.Logf("Here I Stand: click on a highlighted space to the answer shown, median %.1f ms, worst %.1f ms (%d clicks)",
		clicks.Times[len(clicks.Times)/2], clicks.Times[len(clicks.Times)-1], len(clicks.Times))
}
