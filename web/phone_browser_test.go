package web

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"concordat/diplomacy"
)

// boardBox is the screen box of the drawing inside a board's frame (the
// Diplomacy map's provinces, the Here I Stand board) and of the frame.
type boardBox struct {
	Left, Right, Width float64
	FrameLeft          float64 `json:"frameLeft"`
	FrameRight         float64 `json:"frameRight"`
	PageWidth          float64 `json:"pageWidth"`
}

func measure(t *testing.T, ctx context.Context, board, frame string) boardBox {
	t.Helper()
	return eval[boardBox](t, ctx, `(() => {
  const b = document.querySelector('`+board+`').getBoundingClientRect();
  const f = document.querySelector('`+frame+`').getBoundingClientRect();
  return { Left: b.left, Right: b.right, Width: b.width, frameLeft: f.left, frameRight: f.right, pageWidth: document.documentElement.scrollWidth };
})()`)
}

// fits fails the test unless the whole board lies within the phone's width.
func fits(t *testing.T, what string, b boardBox, width float64) {
	t.Helper()
	if b.Left < -0.5 || b.Right > width+0.5 || b.Width < width*0.6 || b.PageWidth > width {
		t.Errorf("%s: the board spans %.1f…%.1f px (page %.0f px wide) on a %.0f px screen: it should fit the width", what, b.Left, b.Right, b.PageWidth, width)
	}
}

// pinch moves two fingers apart by d px around (x, y), as a zoom-in on a touch screen.
func pinch(t *testing.T, ctx context.Context, x, y, d float64) {
	t.Helper()
	pts := func(s float64) []*input.TouchPoint {
		one, two := 1.0, 2.0
		return []*input.TouchPoint{{X: x - s, Y: y, ID: &one}, {X: x + s, Y: y, ID: &two}}
	}
	touch := func(typ input.DispatchTouchEventType, p []*input.TouchPoint) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(c, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: p})
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, pts(20))}
	for i := 1; i <= 8; i++ {
		acts = append(acts, touch(input.DispatchTouchEventTypeTouchMove, pts(20+d*float64(i)/8)))
	}
	acts = append(acts, touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{}))
	run(t, ctx, "pinch", acts...)
}

// TestBrowserPhoneMap opens the standard map on a 375×812 phone: it fits
// the screen's width at load; the zoom button, the + key, the wheel and
// two fingers make it larger (− and 0 smaller again), the page never wider than the
// screen; a click on a province after zooming still picks it, so orders
// are still entered by clicking. Screenshot: phone-zoomed.
func TestBrowserPhoneMap(t *testing.T) {
	s := newSite(t)
	const W = 375
	ctx := browser(t, W, 812)
	id, ps := gameOf(t, s, "standard", nil, []string{"england", "austria", "france", "germany", "italy", "russia", "turkey"})
	login(t, ctx, s, ps[0])
	run(t, ctx, "phone", chromedp.EmulateViewport(W, 812, chromedp.EmulateMobile), chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "the map", `document.querySelector('path.prov.start[data-prov="lon"]')`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	at := measure(t, ctx, "svg.dipmap .provinces", ".map-frame")
	fits(t, "standard map at load", at, W)

	// The + button zooms in: the board is larger than the screen, the frame still fits it.
	click(t, ctx, `.map-tools button[data-zoom="in"]`)
	waitFor(t, ctx, "zoomed in", `document.querySelector('.map-frame').dataset.zoom === '1.50'`)
	z1 := measure(t, ctx, "svg.dipmap .provinces", ".map-frame")
	if z1.Width < at.Width*1.4 {
		t.Errorf("after zooming in the board is %.0f px wide, at load %.0f px", z1.Width, at.Width)
	}
	if z1.FrameRight > W+0.5 || z1.PageWidth > W {
		t.Errorf("zoomed in, the frame ends at %.0f px and the page is %.0f px wide: it should scroll inside the frame", z1.FrameRight, z1.PageWidth)
	}
	// Orders by clicking still work on the zoomed map: F lon - nth.
	clickProvince(t, ctx, "lon")
	waitFor(t, ctx, "London picked, its targets highlighted", `document.querySelector('path.prov.selected[data-prov="lon"]') && document.querySelector('path.prov.target[data-prov="nth"]')`)
	clickProvince(t, ctx, "nth")
	waitFor(t, ctx, "the order saved", `document.querySelector('.save.saved') && document.querySelector('.order-list').textContent.includes('F lon - nth')`)
	screenshotView(t, ctx, "phone-zoomed")

	// The keys: + zooms in, − out, 0 shows the whole map again.
	eval[bool](t, ctx, `(document.querySelector('.map-frame').focus(), true)`)
	run(t, ctx, "+ key", chromedp.KeyEvent("+"))
	waitFor(t, ctx, "the + key zooms in", `document.querySelector('.map-frame').dataset.zoom === '2.10'`)
	run(t, ctx, "- key", chromedp.KeyEvent("-"))
	waitFor(t, ctx, "the − key zooms out", `document.querySelector('.map-frame').dataset.zoom === '1.50'`)
	run(t, ctx, "0 key", chromedp.KeyEvent("0"))
	waitFor(t, ctx, "the 0 key shows the whole map", `document.querySelector('.map-frame').dataset.zoom === '1.00'`)
	fits(t, "standard map after 0", measure(t, ctx, "svg.dipmap .provinces", ".map-frame"), W)

	// The plain wheel scrolls (the page), the wheel with Ctrl (as a touchpad's pinch comes) zooms in around the pointer.
	eval[bool](t, ctx, `(document.querySelector('.map-frame').dispatchEvent(new WheelEvent('wheel', { deltaY: -120, bubbles: true, cancelable: true })), true)`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	if z := eval[string](t, ctx, `document.querySelector('.map-frame').dataset.zoom`); z != "1.00" {
		t.Errorf("the plain wheel zoomed to %s: it should scroll", z)
	}
	eval[bool](t, ctx, `(() => { const f = document.querySelector('.map-frame'), r = f.getBoundingClientRect();
  for (let i = 0; i < 3; i++) f.dispatchEvent(new WheelEvent('wheel', { deltaY: -40, ctrlKey: true, clientX: r.left + 100, clientY: r.top + 100, bubbles: true, cancelable: true }));
  return true; })()`)
	waitFor(t, ctx, "the wheel zooms in", `parseFloat(document.querySelector('.map-frame').dataset.zoom) > 2`)
	run(t, ctx, "0 key", chromedp.KeyEvent("0"))
	waitFor(t, ctx, "the whole map again", `document.querySelector('.map-frame').dataset.zoom === '1.00'`)

	// Two fingers apart zoom in around where they are.
	r := eval[[]float64](t, ctx, `(() => { const r = document.querySelector('.map-frame').getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height, 700 - r.top) / 2]; })()`)
	pinch(t, ctx, r[0], r[1], 60)
	waitFor(t, ctx, "the pinch zooms in", `parseFloat(document.querySelector('.map-frame').dataset.zoom) > 1.5`)
	if b := measure(t, ctx, "svg.dipmap .provinces", ".map-frame"); b.Width < at.Width*1.5 || b.PageWidth > W {
		t.Errorf("after a pinch the board is %.0f px wide (at load %.0f), the page %.0f px", b.Width, at.Width, b.PageWidth)
	}

}

// TestBrowserPhoneLargestMaps opens Imperial and the other largest
// Diplomacy maps (by provinces) on a 375×812 phone: each fits the
// screen's width at load; on Imperial a unit is picked by a click after
// zooming in. Screenshot: phone-imperial.
func TestBrowserPhoneLargestMaps(t *testing.T) {
	s := newSite(t)
	const W = 375
	ctx := browser(t, W, 812)
	run(t, ctx, "phone", chromedp.EmulateViewport(W, 812, chromedp.EmulateMobile))
	watcher := s.player("watcher")
	type sized struct {
		id string
		n  int
	}
	var bySize []sized
	for _, m := range diplomacy.MapIDs() {
		mp, err := diplomacy.LoadMap(m)
		if err != nil {
			t.Fatal(err)
		}
		bySize = append(bySize, sized{m, len(mp.Provinces)})
	}
	sort.Slice(bySize, func(i, j int) bool { return bySize[i].n > bySize[j].n })
	largest := []string{"imperial"}
	for _, m := range bySize[:4] {
		if m.id != "imperial" {
			largest = append(largest, m.id)
		}
	}
	for _, m := range largest {
		mp, _ := diplomacy.LoadMap(m)
		var gid int64
		if m == "imperial" { // played, to order on it
			seats := []string{mp.Powers[0].ID, mp.Powers[1].ID}
			var gps []*player
			gid, gps = gameOf(t, s, m, map[string]string{"players": strings.Join(seats, ",")}, seats)
			login(t, ctx, s, gps[0])
		} else { // watched: the game forming, its map drawn
			var g struct{ ID int64 }
			watcher.do("POST", "/api/games", map[string]any{"name": "phone " + m, "game": "diplomacy", "variant": m}, &g)
			gid = g.ID
		}
		run(t, ctx, "open "+m, chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, gid)))
		waitFor(t, ctx, m+" drawn", fmt.Sprintf(`document.querySelectorAll('svg.dipmap path.prov').length === %d`, len(mp.Provinces)))
		run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
		b := measure(t, ctx, "svg.dipmap .provinces", ".map-frame")
		fits(t, fmt.Sprintf("%s (%d provinces) at load", m, len(mp.Provinces)), b, W)
		if m != "imperial" {
			continue
		}
		screenshotView(t, ctx, "phone-imperial")
		click(t, ctx, `.map-tools button[data-zoom="in"]`)
		click(t, ctx, `.map-tools button[data-zoom="in"]`)
		waitFor(t, ctx, "Imperial zoomed in", `document.querySelector('.map-frame').dataset.zoom === '2.25'`)
		start := eval[string](t, ctx, `document.querySelector('path.prov.start').dataset.prov`)
		clickProvince(t, ctx, start)
		waitFor(t, ctx, "the unit picked on zoomed Imperial", `document.querySelector('path.prov.selected[data-prov="`+start+`"]') && document.querySelector('path.prov.target')`)
	}

}

// TestBrowserPhoneHisBoard opens the Here I Stand board on a 375×812
// phone: the whole board fits the width at load; the buttons and the +
// key zoom in; a target clicked on the zoomed board is chosen; 0 shows the
// whole board again. Screenshot: his-phone-zoomed.
func TestBrowserPhoneHisBoard(t *testing.T) {
	s := newSite(t)
	const W = 375
	ctx := browser(t, W, 812)
	run(t, ctx, "phone", chromedp.EmulateViewport(W, 812, chromedp.EmulateMobile))
	hid, hps := hisGame(t, s)
	login(t, ctx, s, hps["protestant"])
	run(t, ctx, "open Here I Stand", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, hid)))
	waitFor(t, ctx, "the board", `document.querySelectorAll('svg.hisboard g.space').length === 134 && document.querySelector('circle.ring[data-target="leipzig"]')`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	hb := measure(t, ctx, ".his-canvas", ".his-frame")
	fits(t, "Here I Stand board at load", hb, W)
	click(t, ctx, `.map-tools button[aria-label="Zoom in"]`)
	click(t, ctx, `.map-tools button[aria-label="Zoom in"]`)
	waitFor(t, ctx, "the board zoomed in", `document.querySelector('.his-frame').dataset.zoom === '1.96'`)
	if b := measure(t, ctx, ".his-canvas", ".his-frame"); b.Width < hb.Width*1.9 || b.PageWidth > W {
		t.Errorf("the zoomed board is %.0f px wide (at load %.0f), the page %.0f px", b.Width, hb.Width, b.PageWidth)
	}
	eval[bool](t, ctx, `(document.querySelector('.his-frame').focus(), true)`)
	run(t, ctx, "+ key", chromedp.KeyEvent("+"))
	waitFor(t, ctx, "the + key zooms the board", `document.querySelector('.his-frame').dataset.zoom === '2.74'`)
	clickSpace(t, ctx, "leipzig")
	waitFor(t, ctx, "Leipzig chosen on the zoomed board", `document.querySelector('.decision button[data-confirm]')`)
	screenshotView(t, ctx, "his-phone-zoomed")
	eval[bool](t, ctx, `(document.querySelector('.his-frame').focus(), true)`)
	run(t, ctx, "0 key", chromedp.KeyEvent("0"))
	waitFor(t, ctx, "the whole board again", `document.querySelector('.his-frame').dataset.zoom === '1.00'`)
}
