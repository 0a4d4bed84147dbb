package web

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// mouseDrag presses the left mouse button at (x, y), moves it by (dx, dy)
// in steps, and releases it there, as a person dragging with the mouse.
func mouseDrag(t *testing.T, ctx context.Context, x, y, dx, dy float64) {
	t.Helper()
	ev := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(c, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y,
				Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1, PointerType: input.DispatchMouseEventPointerTypeMouse})
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{ev(input.DispatchMouseEventTypeMouseMoved, x, y, 0), ev(input.DispatchMouseEventTypeMousePressed, x, y, 1)}
	const steps = 10
	for i := 1; i <= steps; i++ {
		acts = append(acts, ev(input.DispatchMouseEventTypeMouseMoved, x+dx*float64(i)/steps, y+dy*float64(i)/steps, 1))
	}
	acts = append(acts, ev(input.DispatchMouseEventTypeMouseReleased, x+dx, y+dy, 0))
	run(t, ctx, "drag with the mouse", acts...)
}

// TestBrowserMouseDragPans: on a desktop, the standard map zoomed in is
// panned by dragging it with the mouse — the board follows the pointer
// (the frame scrolls by the drag's length, the other way) — and the drag,
// which began and ended over provinces, picks none; a click without
// moving still picks a unit. The same holds for the Here I Stand board,
// where a click shows a space's details and a drag does not.
func TestBrowserMouseDragPans(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1280, 900)
	id, ps := gameOf(t, s, "standard", nil, []string{"england", "austria", "france", "germany", "italy", "russia", "turkey"})
	login(t, ctx, s, ps[1]) // Austria
	run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "the map", `document.querySelector('path.prov.start[data-prov="vie"]')`)
	click(t, ctx, `.map-tools button[data-zoom="in"]`)
	click(t, ctx, `.map-tools button[data-zoom="in"]`)
	waitFor(t, ctx, "zoomed in", `parseFloat(document.querySelector('.map-frame').dataset.zoom) > 2`)
	frame := `document.querySelector('.map-frame')`
	// Scrolled to the middle of the canvas, so that the board can move both ways.
	eval[bool](t, ctx, `(() => { const f = `+frame+`; f.scrollLeft = (f.scrollWidth - f.clientWidth) / 2; f.scrollTop = (f.scrollHeight - f.clientHeight) / 2; f.scrollIntoView({ block: 'start' }); return true; })()`)
	before := eval[[]float64](t, ctx, `(() => { const f = `+frame+`, r = f.getBoundingClientRect(); return [f.scrollLeft, f.scrollTop, r.left + r.width / 2, r.top + Math.min(r.height, innerHeight - r.top) / 2]; })()`)
	if eval[bool](t, ctx, `!document.elementFromPoint(`+fmt.Sprint(before[2])+`, `+fmt.Sprint(before[3])+`).closest('path.prov')`) {
		t.Fatalf("the drag would not start over a province")
	}
	mouseDrag(t, ctx, before[2], before[3], -160, -90)
	after := eval[[]float64](t, ctx, `[`+frame+`.scrollLeft, `+frame+`.scrollTop]`)
	if dx, dy := after[0]-before[0], after[1]-before[1]; math.Abs(dx-160) > 2 || math.Abs(dy-90) > 2 {
		t.Errorf("dragging the board 160 px left and 90 px up scrolled it by (%.0f, %.0f), want (160, 90)", dx, dy)
	}
	if eval[bool](t, ctx, `!!document.querySelector('path.prov.selected')`) {
		t.Errorf("the drag picked a province: %s", eval[string](t, ctx, `document.querySelector('path.prov.selected').dataset.prov`))
	}
	// A click that does not move picks the unit in Vienna.
	clickProvince(t, ctx, "vie")
	waitFor(t, ctx, "Vienna picked by a click", `document.querySelector('path.prov.selected[data-prov="vie"]')`)

	// The Here I Stand board pans the same way (a site of its own: registrations are rate-limited),
	// for someone watching.
	s = newSite(t)
	hid, _ := hisGame(t, s)
	ctx = browser(t, 1280, 900)
	run(t, ctx, "open the Here I Stand game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, hid)))
	waitFor(t, ctx, "the board", `document.querySelectorAll('svg.hisboard g.space').length === 134`)
	click(t, ctx, `.map-tools button[aria-label="Zoom in"]`)
	click(t, ctx, `.map-tools button[aria-label="Zoom in"]`)
	hframe := `document.querySelector('.his-frame')`
	waitFor(t, ctx, "zoomed in", hframe+`.scrollWidth > 1.8 * `+hframe+`.clientWidth`)
	eval[bool](t, ctx, `(() => { const f = `+hframe+`; f.scrollLeft = (f.scrollWidth - f.clientWidth) / 2; f.scrollTop = (f.scrollHeight - f.clientHeight) / 2; f.scrollIntoView({ block: 'start' }); return true; })()`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	before = eval[[]float64](t, ctx, `(() => { const f = `+hframe+`, r = f.getBoundingClientRect(); return [f.scrollLeft, f.scrollTop, r.left + r.width / 2, r.top + Math.min(r.height, innerHeight - r.top) / 2]; })()`)
	mouseDrag(t, ctx, before[2], before[3], 120, 70)
	after = eval[[]float64](t, ctx, `[`+hframe+`.scrollLeft, `+hframe+`.scrollTop]`)
	if dx, dy := after[0]-before[0], after[1]-before[1]; math.Abs(dx+120) > 2 || math.Abs(dy+70) > 2 {
		t.Errorf("dragging the Here I Stand board 120 px right and 70 px down scrolled it by (%.0f, %.0f), want (-120, -70)", dx, dy)
	}
	run(t, ctx, "settle", chromedp.Sleep(200*time.Millisecond))
	if eval[bool](t, ctx, `!!document.querySelector('.inspector')`) {
		t.Errorf("the drag opened a space's details: %s", text(t, ctx, ".inspector"))
	}
	// A click that does not move shows the space under the pointer.
	pt := eval[[]float64](t, ctx, `(() => { const g = document.querySelector('svg.hisboard g.space[data-space="vienna"]'); g.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const r = g.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	run(t, ctx, "a click on Vienna", chromedp.MouseClickXY(pt[0], pt[1]))
	waitFor(t, ctx, "Vienna's details after a click", `document.querySelector('.inspector') && document.querySelector('.inspector').textContent.includes('Vienna')`)
}
