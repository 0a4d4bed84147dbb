package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"concordat/diplomacy"
)

// TestBrowserAllMaps draws every map in Chromium and checks that each
// province has a region that a click at its unit point reaches (nothing
// drawn over it takes the click) and a label inside the drawing.
func TestBrowserAllMaps(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1200, 900)
	run(t, ctx, "open the site", chromedp.Navigate(s.url+"/"), chromedp.WaitVisible(chromedp.CSS("#open-h")))
	provs := map[string][]string{}
	for _, id := range diplomacy.MapIDs() {
		m, err := diplomacy.LoadMap(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m.Provinces {
			provs[id] = append(provs[id], p.ID)
		}
	}
	ids, _ := json.Marshal(provs)
	js := `(async () => {
  const base = '/static/` + s.web.Version() + `/js/';
  const { html, render } = await import(base + 'lib.js');
  const { DipMap, loadDrawing } = await import(base + 'diplomacy/map.js');
  const { Places } = await import(base + 'diplomacy/orders.js');
  const out = { problems: [], maps: 0, provinces: 0 };
  document.getElementById('app').remove();
  const host = document.createElement('div');
  document.body.prepend(host);
  const want = ` + string(ids) + `;
  for (const id of Object.keys(want)) {
    let d;
    try { d = await loadDrawing(id); } catch (e) { out.problems.push(id + ': ' + e.message); continue; }
    out.maps++;
    // The whole drawing in the window, so that every point can be hit.
    host.style.width = Math.floor(Math.min(1180, 880 * d.width / d.height)) + 'px';
    render(html` + "`" + `<${DipMap} drawing=${d} board=${{ units: [], centers: {} }} styles=${{}} places=${new Places(d)}
      onPick=${() => {}} starts=${new Set(d.provinces.map((p) => p.id))} />` + "`" + `, host);
    const svg = host.querySelector('svg');
    const labels = svg.querySelectorAll('.labels text.label').length;
    if (labels !== d.provinces.length) out.problems.push(id + ': ' + labels + ' labels for ' + d.provinces.length + ' provinces');
    const drawn = new Set(d.provinces.map((p) => p.id));
    for (const p of want[id]) if (!drawn.has(p)) out.problems.push(id + ': the province ' + p + ' is not drawn');
    for (const p of d.provinces) {
      out.provinces++;
      const el = svg.querySelector('path[data-prov="' + CSS.escape(p.id) + '"]');
      if (!el) { out.problems.push(id + ': ' + p.id + ' has no region'); continue; }
      const bb = el.getBBox();
      if (!(bb.width > 0 && bb.height > 0)) out.problems.push(id + ': ' + p.id + ' has an empty region');
      const [lx, ly] = p.label;
      if (!(lx >= 0 && lx <= d.width && ly >= 0 && ly <= d.height)) out.problems.push(id + ': ' + p.id + ' label outside the drawing');
      const pt = svg.createSVGPoint();
      [pt.x, pt.y] = p.unit || p.label;
      if (!el.isPointInFill(pt)) out.problems.push(id + ': ' + p.id + ' unit point outside its region');
      const sp = pt.matrixTransform(el.getScreenCTM());
      const hit = document.elementFromPoint(sp.x, sp.y);
      if (hit !== el) out.problems.push(id + ': ' + p.id + ': a click at its unit point reaches ' + (hit ? hit.getAttribute('data-prov') || hit.tagName : 'nothing'));
      for (const [c, [cx, cy]] of Object.entries(p.coasts || {})) {
        if (!(cx >= 0 && cx <= d.width && cy >= 0 && cy <= d.height)) out.problems.push(id + ': ' + p.id + '/' + c + ' coast point outside the drawing');
      }
    }
    render(null, host);
  }
  return out;
})()`
	var res struct {
		Problems  []string `json:"problems"`
		Maps      int      `json:"maps"`
		Provinces int      `json:"provinces"`
	}
	raw := eval[[]byte](t, ctx, js)
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	if res.Maps != len(diplomacy.MapIDs()) {
		t.Errorf("drew %d maps, want %d", res.Maps, len(diplomacy.MapIDs()))
	}
	want := 0
	for _, id := range diplomacy.MapIDs() {
		m, _ := diplomacy.LoadMap(id)
		want += len(m.Provinces)
	}
	if res.Provinces != want {
		t.Errorf("checked %d provinces, the maps have %d", res.Provinces, want)
	}
	if len(res.Problems) > 0 {
		n := min(len(res.Problems), 60)
		t.Errorf("%d problems:\n%s", len(res.Problems), strings.Join(res.Problems[:n], "\n"))
	}
	t.Logf("%d maps, %d provinces drawn and hit", res.Maps, res.Provinces)
}
