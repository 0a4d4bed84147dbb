package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// hisGame creates a Here I Stand game through the API and seats one player
// per power, so that it starts; the players are returned by power.
func hisGame(t *testing.T, s *site) (int64, map[string]*player) {
	t.Helper()
	ps := map[string]*player{}
	var g struct{ ID int64 }
	for _, p := range []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"} {
		ps[p] = s.player("his_" + p)
	}
	ps["ottoman"].do("POST", "/api/games", map[string]any{"name": "Here I Stand, 1517", "game": "his", "variant": "1517"}, &g)
	for p, pl := range ps {
		pl.do("POST", fmt.Sprintf("/api/games/%d/join", g.ID), map[string]string{"seat": p}, nil)
	}
	return g.ID, ps
}

// hisView is the part of a Here I Stand game the tests read.
type hisView struct {
	Game struct{ Seq int64 } `json:"game"`
	View struct {
		Turn    int    `json:"turn"`
		Phase   string `json:"phase"`
		Pending []struct {
			Kind  string `json:"kind"`
			Power string `json:"power"`
		} `json:"pending"`
		Spaces map[string]struct {
			Religion string `json:"religion"`
		} `json:"spaces"`
		Powers map[string]struct {
			HandSize int `json:"hand_size"`
		} `json:"powers"`
	} `json:"view"`
	Pending []struct {
		Kind, Text string
	} `json:"pending"`
}

func (p *player) his(id int64) hisView {
	p.t.Helper()
	var v hisView
	p.do("GET", fmt.Sprintf("/api/games/%d", id), nil, &v)
	return v
}

// waitHis polls p's view of the game until ok holds (20 s at most).
func (p *player) waitHis(id int64, what string, ok func(hisView) bool) {
	p.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if ok(p.his(id)) {
			return
		}
	}
	p.t.Fatalf("waiting for %s: timed out", what)
}

// owed is the decision on top of the game (kind and power), "" when none.
func (v hisView) owed() (kind, power string) {
	if n := len(v.View.Pending); n > 0 {
		return v.View.Pending[n-1].Kind, v.View.Pending[n-1].Power
	}
	return "", ""
}

// answerFirst answers the decision p owes with the first complete path of its options tree.
func (p *player) answerFirst(id int64) string { return p.answerFirstAs(id, "") }

// answerFirstAs is answerFirst acting as seat, one of p's seats ("": the
// seat the server picks).
func (p *player) answerFirstAs(id int64, seat string) string {
	p.t.Helper()
	type choice struct {
		Value string   `json:"value"`
		Next  []choice `json:"next"`
	}
	var l struct {
		Seq     int64 `json:"seq"`
		Options struct {
			Kind    string   `json:"kind"`
			Choices []choice `json:"choices"`
		} `json:"options"`
	}
	as := ""
	if seat != "" {
		as = "?seat=" + seat
	}
	p.do("GET", fmt.Sprintf("/api/games/%d/legal%s", id, as), nil, &l)
	if len(l.Options.Choices) == 0 {
		var g json.RawMessage
		p.do("GET", fmt.Sprintf("/api/games/%d%s", id, as), nil, &g)
		p.t.Fatalf("%s owes a decision with no options: legal %+v; game %.3000s", p.name, l, g)
	}
	var path []string
	for cs := l.Options.Choices; len(cs) > 0; cs = cs[0].Next {
		path = append(path, cs[0].Value)
	}
	p.do("POST", fmt.Sprintf("/api/games/%d/actions%s", id, as), map[string]any{"seq": l.Seq, "type": l.Options.Kind, "args": path}, nil)
	return l.Options.Kind + " " + strings.Join(path, " ")
}

// screenshotView writes what the window shows (not the whole page) as docs/screenshots/<name>.png.
func screenshotView(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, "settle before screenshot "+name, chromedp.Sleep(300*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "screenshots", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// clickSpace clicks with the mouse at the centre of a highlighted space on the board.
func clickSpace(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	sel := `circle.ring[data-target="` + id + `"]`
	waitFor(t, ctx, "the highlighted space "+id, `document.querySelector('`+sel+`')`)
	// The rectangle is read after two frames, once the scroll (and any zoom
	// still being laid out) has settled: a slow machine otherwise clicks
	// where the space was.
	pt := eval[[]float64](t, ctx, `(async () => {
  const el = document.querySelector('`+sel+`');
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()`)
	run(t, ctx, "click on "+id, chromedp.MouseClickXY(pt[0], pt[1]))
}

// choose picks value in the select sel selects, as a person choosing from the list would.
func choose(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	if !eval[bool](t, ctx, `(() => {
  const e = document.querySelector('`+sel+`');
  if (!e || ![...e.options].some((o) => o.value === '`+value+`')) return false;
  e.focus();
  e.value = '`+value+`';
  e.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
})()`) {
		t.Fatalf("no option %q in %s", value, sel)
	}
}

// TestBrowserHereIStand plays Here I Stand in Chromium: a six-seat game
// (the other seats through the API), Luther's 95 Theses decided by clicking
// a highlighted space on the board, the result in the log and on the board,
// a deal confirmed in the UI, the turn played on through the API to the
// next Diplomacy Phase, a deal built with the form and announced; the
// board and the phone layout on screenshots.
func TestBrowserHereIStand(t *testing.T) {
	s := newSite(t)
	id, ps := hisGame(t, s)
	prot := ps["protestant"]
	ctx := browser(t, 1280, 900)
	login(t, ctx, s, prot)
	run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))

	// The board is drawn: every space, the seas, the connections and passes.
	waitFor(t, ctx, "the board", `document.querySelectorAll('svg.hisboard g.space').length === 134`)
	if n := eval[int](t, ctx, `document.querySelectorAll('svg.his-base .sea-name').length`); n != 14 {
		t.Errorf("%d sea zones named, want 14", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('svg.his-base line.link.pass').length`); n != 16 {
		t.Errorf("%d passes drawn, want 16", n)
	}
	// The 95 Theses: the prompt in words, the five targets highlighted on the board.
	waitFor(t, ctx, "the prompt", `document.querySelector('.decision .prompt') && document.querySelector('.decision .prompt').textContent.includes("95 Theses")`)
	targets := eval[[]string](t, ctx, `[...document.querySelectorAll('circle.ring')].map((e) => e.dataset.target).sort()`)
	if want := []string{"brandenburg", "breslau", "leipzig", "magdeburg", "prague"}; strings.Join(targets, " ") != strings.Join(want, " ") {
		t.Errorf("highlighted targets %q, want %q", targets, want)
	}
	// Control and religion are drawn from the view: Wittenberg is Protestant (ringed), Leipzig not yet.
	if !eval[bool](t, ctx, `document.querySelector('g.space[data-space="wittenberg"]').classList.contains('prot') && !document.querySelector('g.space[data-space="leipzig"]').classList.contains('prot')`) {
		t.Errorf("Wittenberg should be drawn Protestant and Leipzig Catholic")
	}
	screenshotView(t, ctx, "his-board")

	// The decision by a click on the board, then confirmed.
	clickSpace(t, ctx, "leipzig")
	waitFor(t, ctx, "the confirmation", `document.querySelector('.decision button[data-confirm]')`)
	if got := text(t, ctx, ".decision .answer-path"); !strings.Contains(got, "Leipzig") {
		t.Errorf("the answer so far reads %q, want Leipzig", got)
	}
	click(t, ctx, `.decision button[data-confirm]`)
	// The state changes (4 attempts left, Leipzig no longer a target) and the log says what happened.
	waitFor(t, ctx, "the next attempt", `document.querySelector('.decision .prompt').textContent.includes('4 left') && !document.querySelector('circle.ring[data-target="leipzig"]')`)
	waitFor(t, ctx, "the log entry", `[...document.querySelectorAll('.game-log .ev')].some((e) => e.textContent.startsWith('Leipzig: Protestant rolls'))`)
	v := prot.his(id)
	leipzigProt := v.View.Spaces["leipzig"].Religion == "protestant"
	if got := eval[bool](t, ctx, `document.querySelector('g.space[data-space="leipzig"]').classList.contains('prot')`); got != leipzigProt {
		t.Errorf("the board draws Leipzig Protestant: %v; the view says %v", got, leipzigProt)
	}
	if n := eval[int](t, ctx, `+document.querySelector('[data-protestant-spaces]').dataset.protestantSpaces`); n < 1 {
		t.Errorf("the religious struggle counts %d Protestant spaces", n)
	}

	// Any other space shows its details when clicked: Vienna, the Hapsburg capital, with Ferdinand.
	pt := eval[[]float64](t, ctx, `(() => {
  const el = document.querySelector('g.space[data-space="vienna"] .sym');
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()`)
	run(t, ctx, "click on Vienna", chromedp.MouseClickXY(pt[0], pt[1]))
	waitFor(t, ctx, "Vienna's details", `document.querySelector('.inspector')`)
	for _, w := range []string{"Vienna", "capital", "Controlled by Hapsburg", "regular", "Ferdinand"} {
		if got := text(t, ctx, ".inspector"); !strings.Contains(got, w) {
			t.Errorf("Vienna's details lack %q: %s", w, got)
		}
	}
	click(t, ctx, `.inspector button[aria-label="Close"]`)

	// The next attempt with the keyboard alone: Enter on a highlighted space, Enter on Confirm.
	key := func(sel string) {
		t.Helper()
		waitFor(t, ctx, sel, `document.querySelector('`+sel+`')`)
		eval[bool](t, ctx, `(document.querySelector('`+sel+`').focus(), document.activeElement === document.querySelector('`+sel+`'))`)
		run(t, ctx, "Enter on "+sel, chromedp.KeyEvent("\r"))
	}
	key(`circle.ring[data-target="magdeburg"]`)
	key(`.decision button[data-confirm]`)
	waitFor(t, ctx, "the keyboard's attempt", `document.querySelector('.decision .prompt').textContent.includes('3 left') && !document.querySelector('circle.ring[data-target="magdeburg"]')`)

	// The other three attempts by the option buttons.
	for i := 2; i >= 0; i-- {
		waitFor(t, ctx, "an attempt", `document.querySelector('.decision[data-kind="reformation.target"] .his-choices button')`)
		click(t, ctx, `.decision .his-choices button`)
		click(t, ctx, `.decision button[data-confirm]`)
		if i > 0 {
			waitFor(t, ctx, "attempts left", fmt.Sprintf(`document.querySelector('.decision .prompt') && document.querySelector('.decision .prompt').textContent.includes('%d left')`, i))
		}
	}
	prot.waitHis(id, "the 95 Theses done", func(v hisView) bool { k, _ := v.owed(); return k != "reformation.target" })

	// History: the latest state first, then back by the ← key, to the Leipzig attempt and to the setup;
	// each state's board is the API's view of it, and the way back leads to the live game.
	var live struct {
		Game struct{ Seq int } `json:"game"`
	}
	prot.do("GET", fmt.Sprintf("/api/games/%d", id), nil, &live)
	var log struct {
		Entries []struct {
			Seq    int
			Events []struct{ Text string }
		}
	}
	prot.do("GET", fmt.Sprintf("/api/games/%d/log", id), nil, &log)
	leipzigSeq := 0
	for _, e := range log.Entries {
		for _, ev := range e.Events {
			if strings.HasPrefix(ev.Text, "Leipzig: ") {
				leipzigSeq = e.Seq
			}
		}
	}
	if leipzigSeq == 0 {
		t.Fatalf("no log entry of the Leipzig attempt: %+v", log.Entries)
	}
	histProt := func(seq int, space string) bool {
		t.Helper()
		var h struct {
			View struct {
				Spaces map[string]struct{ Religion string }
			}
		}
		prot.do("GET", fmt.Sprintf("/api/games/%d/history/%d", id, seq), nil, &h)
		return h.View.Spaces[space].Religion == "protestant"
	}
	click(t, ctx, `.tabs a[href$="/history"]`)
	waitFor(t, ctx, "the history", fmt.Sprintf(`document.querySelector('.his-history') && document.querySelector('.his-history-title').textContent.includes('after action %d of %d') && document.querySelectorAll('svg.hisboard g.space').length === 134`, live.Game.Seq, live.Game.Seq))
	if eval[bool](t, ctx, `!!document.querySelector('.decision')`) {
		t.Errorf("the history offers a decision")
	}
	eval[bool](t, ctx, `(document.activeElement && document.activeElement.blur(), true)`)
	run(t, ctx, "← a step back", chromedp.KeyEvent(kb.ArrowLeft))
	waitFor(t, ctx, "one step back", fmt.Sprintf(`location.pathname.endsWith('/history/%d') && document.querySelector('.his-history-title').textContent.includes('after action %d of')`, live.Game.Seq-1, live.Game.Seq-1))
	run(t, ctx, "to the Leipzig attempt", chromedp.Navigate(fmt.Sprintf("%s/games/%d/history/%d", s.url, id, leipzigSeq)))
	waitFor(t, ctx, "the Leipzig attempt", `document.querySelector('.his-step') && document.querySelector('.his-step').textContent.includes('Leipzig: Protestant rolls') && document.querySelectorAll('svg.hisboard g.space').length === 134`)
	if got, want := eval[bool](t, ctx, `document.querySelector('g.space[data-space="leipzig"]').classList.contains('prot')`), histProt(leipzigSeq, "leipzig"); got != want {
		t.Errorf("after action %d the board draws Leipzig Protestant: %v; the API's history says %v", leipzigSeq, got, want)
	}
	if got := text(t, ctx, ".his-side .game-log"); strings.Contains(got, "Magdeburg") {
		t.Errorf("the log up to action %d tells of a later attempt (Magdeburg): %s", leipzigSeq, got)
	}
	screenshotView(t, ctx, "his-history")
	run(t, ctx, "← to the one before", chromedp.KeyEvent(kb.ArrowLeft))
	waitFor(t, ctx, "before Leipzig", fmt.Sprintf(`location.pathname.endsWith('/history/%d') && !document.querySelector('g.space[data-space="leipzig"]').classList.contains('prot')`, leipzigSeq-1))
	run(t, ctx, "→ forward again", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "forward", fmt.Sprintf(`location.pathname.endsWith('/history/%d')`, leipzigSeq))
	click(t, ctx, `.his-history a[data-live]`)
	waitFor(t, ctx, "the live game", fmt.Sprintf(`location.pathname === '/games/%d' && !document.querySelector('.his-history')`, id))

	// The turn played on through the API, to turn 2's Diplomacy Phase, where the Hapsburgs offer the Protestant a card.
	playUntil := func(kind, power string, turn int) {
		t.Helper()
		for step := 0; ; step++ {
			if step > 2000 {
				t.Fatalf("%s of %s on turn %d not reached in 2000 decisions", kind, power, turn)
			}
			v := prot.his(id)
			k, p := v.owed()
			if k == kind && p == power && v.View.Turn == turn {
				return
			}
			if k == "" {
				t.Fatalf("nothing owed at turn %d, phase %s", v.View.Turn, v.View.Phase)
			}
			ps[p].answerFirst(id)
		}
	}
	playUntil("diplomacy.announce", "hapsburg", 2)
	before := prot.his(id).View.Powers
	hap := ps["hapsburg"]
	var l struct{ Seq int64 }
	hap.do("GET", fmt.Sprintf("/api/games/%d/legal", id), nil, &l)
	hap.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": l.Seq, "type": "diplomacy.announce",
		"args": map[string]any{"items": []map[string]any{{"type": "cards", "from": "hapsburg", "to": "protestant", "n": 1}}}}, nil)
	// The Protestant confirms it in the UI.
	waitFor(t, ctx, "the confirmation asked", `document.querySelector('.decision[data-kind="diplomacy.confirm"] button[data-value="confirm"]')`)
	if got := text(t, ctx, ".decision .prompt"); !strings.Contains(strings.ToLower(got), "hapsburg") {
		t.Errorf("the confirmation does not say who offers the deal: %q", got)
	}
	click(t, ctx, `.decision button[data-value="confirm"]`)
	click(t, ctx, `.decision button[data-confirm]`)
	prot.waitHis(id, "the deal done", func(v hisView) bool { return v.View.Powers["protestant"].HandSize == before["protestant"].HandSize+1 })
	if after := prot.his(id).View.Powers; after["hapsburg"].HandSize != before["hapsburg"].HandSize-1 {
		t.Errorf("the Hapsburgs hold %d cards after giving one, had %d", after["hapsburg"].HandSize, before["hapsburg"].HandSize)
	}
	playUntil("diplomacy.announce", "protestant", 2)
	// The deal form, built from the deal schema: the Protestant gives the Papacy a card.
	run(t, ctx, "reload", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "the deal form", `document.querySelector('form.deal-form select[name="deal-add"]')`)
	types := eval[[]string](t, ctx, `[...document.querySelectorAll('select[name="deal-add"] option')].map((o) => o.value).filter(Boolean)`)
	if want := "peace alliance loan release cede cards mercs divorce rescind"; strings.Join(types, " ") != want {
		t.Errorf("the form offers items %q, want the schema's %q", types, want)
	}
	// A deal the rules refuse (peace between powers not at war) is refused in words, and nothing changes.
	seq := prot.his(id).Game.Seq
	choose(t, ctx, `select[name="deal-add"]`, "peace")
	waitFor(t, ctx, "the peace item", `document.querySelector('.deal-item[data-type="peace"] select[name="b"]')`)
	choose(t, ctx, `.deal-item[data-type="peace"] select[name="b"]`, "papacy")
	click(t, ctx, `form.deal-form button[type=submit]`)
	waitFor(t, ctx, "the refusal", `document.querySelector('.decision .error')`)
	if got := text(t, ctx, ".decision .error"); !strings.Contains(got, "war") {
		t.Errorf("the refusal of peace without a war reads %q", got)
	}
	if got := prot.his(id).Game.Seq; got != seq {
		t.Errorf("a refused deal changed the game: seq %d → %d", seq, got)
	}
	click(t, ctx, `.deal-item[data-type="peace"] button[aria-label="Remove item 1"]`)

	before = prot.his(id).View.Powers
	choose(t, ctx, `select[name="deal-add"]`, "cards")
	waitFor(t, ctx, "the item's fields", `document.querySelector('.deal-item[data-type="cards"] select[name="to"]')`)
	if got := eval[string](t, ctx, `document.querySelector('.deal-item select[name="from"]').value`); got != "protestant" {
		t.Errorf("the item's giver defaults to %q, want the announcing power", got)
	}
	// A field the schema requires, left out, is caught before anything is sent.
	click(t, ctx, `form.deal-form button[type=submit]`)
	waitFor(t, ctx, "the missing field", `document.querySelector('.deal-form .error')`)
	if got := text(t, ctx, ".deal-form .error"); !strings.Contains(got, "“to” is needed") {
		t.Errorf("the form's complaint reads %q", got)
	}
	choose(t, ctx, `.deal-item select[name="to"]`, "papacy")
	screenshotView(t, ctx, "his-deal")
	click(t, ctx, `form.deal-form button[type=submit]`)
	prot.waitHis(id, "the deal announced", func(v hisView) bool { return v.View.Powers["papacy"].HandSize == before["papacy"].HandSize+1 })
	if after := prot.his(id).View.Powers; after["protestant"].HandSize != before["protestant"].HandSize-1 {
		t.Errorf("the Protestant holds %d cards after giving one, had %d", after["protestant"].HandSize, before["protestant"].HandSize)
	}
	waitFor(t, ctx, "the deal in the log", `[...document.querySelectorAll('.game-log .ev')].some((e) => /deal/i.test(e.textContent))`)

	// Turn 2's Action Phase: the Protestant's impulse, a card played for CP by clicking it in the hand,
	// then the CP spent on an action chosen from a menu that gives each action's cost.
	playUntil("impulse", "protestant", 2)
	waitFor(t, ctx, "the impulse", `document.querySelector('.decision[data-kind="impulse"] button[data-value="cp"]')`)
	click(t, ctx, `.decision button[data-value="cp"]`)
	waitFor(t, ctx, "playable cards in the hand", `document.querySelectorAll('.hand button.card-face.pickable').length > 0`)
	card := eval[string](t, ctx, `document.querySelector('.hand button.card-face.pickable').dataset.card`)
	click(t, ctx, `.hand button.card-face.pickable[data-card="`+card+`"]`)
	if got := text(t, ctx, ".decision .answer-path"); !strings.Contains(got, "#"+card+" ") {
		t.Errorf("the answer so far reads %q, want card #%s", got, card)
	}
	click(t, ctx, `.decision button[data-confirm]`)
	waitFor(t, ctx, "the CP to spend", `document.querySelector('.decision[data-kind="action"] .his-choices button')`)
	labels := eval[[]string](t, ctx, `[...document.querySelectorAll('.decision .his-choices button')].map((b) => b.textContent)`)
	costs := 0
	for _, l := range labels {
		if strings.Contains(l, " CP") {
			costs++
		}
	}
	if costs < 2 {
		t.Errorf("the actions offered do not give their CP costs: %q", labels)
	}
	if !strings.Contains(text(t, ctx, ".decision .prompt"), "CP") {
		t.Errorf("the prompt does not say how many CP are left: %q", text(t, ctx, ".decision .prompt"))
	}
	waitFor(t, ctx, "the card played, in the log", `[...document.querySelectorAll('.game-log .ev')].some((e) => e.textContent.includes('Protestant plays #`+card+` '))`)
	screenshotView(t, ctx, "his-action")

	// The whole board at once.
	click(t, ctx, `.map-tools button[data-zoom="whole"]`)
	waitFor(t, ctx, "the whole board", `document.querySelector('.his-canvas.far')`)
	screenshotView(t, ctx, "his-whole")

	// The phone: the board and the decision fit 375 px.
	run(t, ctx, "phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile), chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "the board on the phone", `document.querySelectorAll('svg.hisboard g.space').length === 134 && document.querySelector('.decision')`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("the phone page is %d px wide: it scrolls sideways", w)
	}
	screenshotView(t, ctx, "his-phone")
}

// TestBrowserHisBoardDrawing draws the board in Chromium from a made-up
// view with every kind of marker, and checks what is drawn: control by
// colour and letter, a Protestant space ringed, unrest, a Jesuit
// university, a reformer, a siege (the besiegers' counter marked), units
// and leaders by power on land and at sea, naval units in port, piracy,
// and a sea zone offered as a target that answers a click.
func TestBrowserHisBoardDrawing(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1000, 800)
	run(t, ctx, "open the site", chromedp.Navigate(s.url+"/"))
	waitFor(t, ctx, "the page", `document.querySelector('header.top')`)
	var got struct {
		Spaces, Passes, Links int
		Paris                 struct {
			Classes          string
			Fill, Letter     string
			Siege, Unrest    bool
			Jesuit, Reformer bool
			Counters         []string
			Besieging        []bool
			Title            string
		}
		London    []string
		LondonNav []bool
		Sea       []string
		Piracy    bool
		Picked    string
		Targets   int
	}
	raw := eval[[]byte](t, ctx, `(async () => {
  const v = document.querySelector('script[type=module]').src.split('/static/')[1].split('/')[0];
  const { html, render } = await import('/static/' + v + '/js/lib.js');
  const { HisBoard, loadBoard } = await import('/static/' + v + '/js/his/board.js');
  const b = await loadBoard();
  const view = {
    spaces: {
      paris: { control: 'hapsburg', religion: 'protestant', unrest: true, jesuit: true, reformer: true, besiegers: ['hapsburg'],
        units: { hapsburg: { r: 3, m: 1 }, france: { r: 2 } } },
      london: { control: 'england', religion: 'catholic', units: { england: { r: 1, s: 2 } } },
    },
    seas: { north_sea: { units: { england: { s: 3 } }, piracy: true } },
    leaders: { charles_v: 'paris', francis_i: 'paris', andrea_doria: 'north_sea', henry_viii: 'captured by france' },
  };
  const el = document.createElement('div');
  document.body.appendChild(el);
  let picked = '';
  render(html`+"`"+`<${HisBoard} board=${b} view=${view} targets=${new Set(['north_sea', 'calais'])} zoom=${2} onPick=${(id) => { picked = id; }} />`+"`"+`, el);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const sp = (id) => el.querySelector('g.space[data-space="' + id + '"]');
  const counters = (x, y) => [...el.querySelectorAll('.stack .counter')].filter((c) => {
    const r = c.querySelector('rect, path').getBBox();
    return Math.abs(r.x + r.width / 2 - x) < 200 && Math.abs(r.y - y) < 90;
  });
  const paris = b.space.paris, london = b.space.london, ns = b.sea.north_sea;
  const pc = counters(paris.xy[0], paris.xy[1] - 64);
  const lc = counters(london.xy[0], london.xy[1] - 64);
  const sc = counters(ns.label[0], ns.label[1] + 30);
  el.querySelector('path.sea-target[data-target="north_sea"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return {
    spaces: el.querySelectorAll('g.space').length, passes: el.querySelectorAll('line.link.pass').length, links: el.querySelectorAll('line.link').length,
    paris: { classes: sp('paris').getAttribute('class'), fill: sp('paris').querySelector('.sym').getAttribute('fill'), letter: sp('paris').querySelector('text.ctl').textContent,
      siege: !!sp('paris').querySelector('.siege-ring'), unrest: !!sp('paris').querySelector('.badge.unrest'), jesuit: !!sp('paris').querySelector('.badge.jesuit'),
      reformer: !!sp('paris').querySelector('.badge.reformer'), counters: pc.map((c) => c.querySelector('text').textContent),
      besieging: pc.map((c) => c.classList.contains('besieging')), title: sp('paris').querySelector('title').textContent },
    london: lc.map((c) => c.querySelector('text').textContent), londonNav: lc.map((c) => c.classList.contains('naval')),
    sea: sc.map((c) => c.querySelector('text').textContent), piracy: !!el.querySelector('.piracy'), picked,
    targets: el.querySelectorAll('[data-target]').length,
  };
})()`)
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Spaces != 134 || got.Passes != 16 || got.Links != 220 {
		t.Errorf("%d spaces, %d connections of which %d passes; want 134, 220, 16", got.Spaces, got.Links, got.Passes)
	}
	p := got.Paris
	if !strings.Contains(p.Classes, "prot") || !strings.Contains(p.Classes, "besieged") || p.Fill != "#F0E442" || p.Letter != "H" {
		t.Errorf("Paris (Hapsburg, Protestant, besieged) drawn as class %q, fill %s, letter %q", p.Classes, p.Fill, p.Letter)
	}
	if !p.Siege || !p.Unrest || !p.Jesuit || !p.Reformer {
		t.Errorf("Paris's markers: siege %v, unrest %v, Jesuit %v, reformer %v; want all", p.Siege, p.Unrest, p.Jesuit, p.Reformer)
	}
	if strings.Join(p.Counters, " ") != "H4★ F2★" || len(p.Besieging) != 2 || !p.Besieging[0] || p.Besieging[1] {
		t.Errorf("Paris's counters %q (besieging %v), want H4★ (besieging) and F2★", p.Counters, p.Besieging)
	}
	for _, w := range []string{"Paris (capital)", "controlled by Hapsburg", "protestant", "in unrest", "besieged by Hapsburg"} {
		if !strings.Contains(p.Title, w) {
			t.Errorf("Paris's title %q lacks %q", p.Title, w)
		}
	}
	if strings.Join(got.London, " ") != "E1 E2" || len(got.LondonNav) != 2 || got.LondonNav[0] || !got.LondonNav[1] {
		t.Errorf("London's counters %q (naval %v), want E1 and a naval E2", got.London, got.LondonNav)
	}
	if strings.Join(got.Sea, " ") != "E3 G★" || !got.Piracy {
		t.Errorf("the North Sea shows %q, piracy %v; want E3, Andrea Doria's G★ and piracy", got.Sea, got.Piracy)
	}
	if got.Targets != 2 || got.Picked != "north_sea" {
		t.Errorf("%d targets drawn, a click on the North Sea picked %q", got.Targets, got.Picked)
	}
}
