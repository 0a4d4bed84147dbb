package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"concordat/store"
)

// TestBrowserHisTwoPowers: a 3-player Here I Stand game (RULES.md §24.3)
// in Chromium, as the player who holds England and the Protestant. The
// header's switcher lists both powers, the Protestant marked as owing
// Luther's 95 Theses and shown by itself; England, chosen by the keyboard,
// shows nothing to decide and says that the Protestant owes, with a switch
// back; the page's decision, made as the Protestant, is stored as the
// Protestant's action (and was sent naming the Protestant); a reload keeps
// the power chosen. Played on through the API to England's announcement,
// the page follows live as the Protestant (its hand, France's private
// press, a reply stored from the Protestant); switched to England it shows
// England's hand and announcement, which it stores as England's.
func TestBrowserHisTwoPowers(t *testing.T) {
	s := newSite(t)
	eng, hap, fra := s.player("his3_england"), s.player("his3_hapsburg"), s.player("his3_france")
	var created struct{ ID int64 }
	eng.do("POST", "/api/games", map[string]any{"name": "Here I Stand, three players", "game": "his", "variant": "1517",
		"rules": map[string]string{"players": "3"}}, &created)
	id := created.ID
	for _, j := range []struct {
		p    *player
		seat string
	}{{eng, "england"}, {hap, "hapsburg"}, {fra, "france"}} {
		j.p.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": j.seat}, nil)
	}
	account := map[string]*player{"england": eng, "protestant": eng, "hapsburg": hap, "papacy": hap, "france": fra, "ottoman": fra}
	if k, p := eng.his(id).owed(); k != "reformation.target" || p != "protestant" {
		t.Fatalf("the game opens with %q of %q, want the Protestant's 95 Theses", k, p)
	}

	pressed := `(document.querySelector('.power-switch button[aria-pressed="true"]') || {dataset: {}}).dataset.seat`
	as := `new URLSearchParams(location.search).get('as')`
	handShown := `[...document.querySelectorAll('.hand [data-card]')].map((e) => e.dataset.card).join(' ')`
	ctx := browser(t, 1280, 900)
	login(t, ctx, s, eng)
	run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))

	// The switcher lists both powers by name and letter, the Protestant owing; with no power
	// chosen the page shows the one that owes (and keeps no choice in the address).
	waitFor(t, ctx, "the switcher", `document.querySelectorAll('.power-switch button[data-seat]').length === 2`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll('.power-switch button')].map((b) => b.dataset.seat + ':' + (b.dataset.owes || '0') + ':' + b.querySelector('.mark').textContent + ':' + b.textContent.trim()).join(' | ')`); got != "england:0:E:E England | protestant:1:Pr:Pr Protestant to decide" {
		t.Errorf("the switcher reads %q", got)
	}
	if got := eval[string](t, ctx, `(() => { const g = document.querySelector('.power-switch'); return g.getAttribute('role') + ': ' + document.getElementById(g.getAttribute('aria-labelledby')).textContent; })()`); got != "group: Your powers:" {
		t.Errorf("the switcher is labelled %q", got)
	}
	waitFor(t, ctx, "the Protestant shown by itself", pressed+` === 'protestant' && document.querySelector('.decision[data-kind="reformation.target"]') && `+as+` === null`)

	// England, by the keyboard: nothing to decide there, and the page says who owes.
	eval[bool](t, ctx, `(document.querySelector('.power-switch button[data-seat="england"]').focus(), true)`)
	run(t, ctx, "Enter on England", chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, "England shown", pressed+` === 'england' && `+as+` === 'england' && !document.querySelector('.decision')`)
	waitFor(t, ctx, "the focus kept on the switcher", `document.activeElement && document.activeElement.dataset.seat === 'england'`)
	waitFor(t, ctx, "the Protestant's decision said", `document.querySelector('.other-owes') && document.querySelector('.other-owes').textContent.includes('Protestant owes a decision') && document.querySelector('.other-owes button[data-switch="protestant"]')`)

	// One click back to the Protestant, whose decision is made in the page.
	click(t, ctx, `.other-owes button[data-switch="protestant"]`)
	waitFor(t, ctx, "the Protestant's options", pressed+` === 'protestant' && `+as+` === 'protestant' && document.querySelector('.decision[data-kind="reformation.target"] .his-choices button') && !document.querySelector('.other-owes')`)
	waitFor(t, ctx, "the focus on the switcher", `document.activeElement && document.activeElement.dataset.seat === 'protestant'`)
	before := eng.his(id).Game.Seq
	click(t, ctx, `.decision .his-choices button`)
	click(t, ctx, `.decision button[data-confirm]`)
	a := storedAfter(t, s, id, before)
	if a.Seat != "protestant" || a.Action.Type != "reformation.target" {
		t.Errorf("the action made in the page is stored as %s's %s, want the Protestant's reformation.target", a.Seat, a.Action.Type)
	}
	actions := fmt.Sprintf("POST /api/games/%d/actions", id)
	if got := gameRequests(s, 0, id, "POST", "/actions"); len(got) != 1 || got[0] != actions+"?seat=protestant" {
		t.Errorf("the page's action requests: %q, want one naming the Protestant", got)
	}

	// A reload keeps the Protestant (the address says so); from then on every request the page
	// makes about the game names the power shown.
	mark := len(s.requests(0))
	run(t, ctx, "reload", chromedp.Reload())
	waitFor(t, ctx, "the Protestant after the reload", pressed+` === 'protestant' && document.querySelector('.decision .prompt') && document.querySelector('.decision .prompt').textContent.includes('4 left')`)

	// Played on through the API, each power as its account's ?seat=, to England's announcement
	// in the Diplomacy Phase (the hands are dealt by then); the page, as the Protestant, follows live.
	for i := 0; ; i++ {
		k, p := eng.his(id).owed()
		if k == "diplomacy.announce" && p == "england" {
			break
		}
		if k == "" || i > 300 {
			t.Fatalf("England's announcement not reached: %q of %q owed", k, p)
		}
		account[p].answerFirstAs(id, p)
	}
	hands := map[string]string{}
	for _, seat := range []string{"england", "protestant"} {
		hands[seat] = handOf(t, eng, id, seat)
	}
	if hands["england"] == hands["protestant"] {
		t.Fatalf("England and the Protestant hold the same hand %q", hands["england"])
	}
	waitFor(t, ctx, "England's announcement said, live", `document.querySelector('.other-owes button[data-switch="england"]') && !document.querySelector('.decision')`)
	waitFor(t, ctx, "the Protestant's hand", pressed+` === 'protestant' && `+handShown+` === '`+hands["protestant"]+`'`)

	// Press as the Protestant: France's private message arrives live, the reply is the Protestant's.
	if got := eval[string](t, ctx, `[...document.querySelectorAll('nav.tabs a')].map((a) => a.getAttribute('href').replace(/^\/games\/\d+/, '')).join(' ')`); got != "?as=protestant /history?as=protestant /log?as=protestant /powers?as=protestant /press?as=protestant /votes?as=protestant /seats?as=protestant" {
		t.Errorf("the tabs lead to %q: each should keep the Protestant", got)
	}
	click(t, ctx, `nav.tabs a[href$="/press?as=protestant"]`)
	waitFor(t, ctx, "the press tab as the Protestant", `location.pathname.endsWith('/press') && `+as+` === 'protestant' && document.querySelector('.press')`)
	if eval[bool](t, ctx, `[...document.querySelectorAll('.composer .to input')].some((e) => e.name === 'to-england')`) {
		t.Errorf("the Protestant may address England, its own account's power")
	}
	fra.do("POST", fmt.Sprintf("/api/games/%d/messages?seat=france", id), map[string]any{"to": []string{"protestant"}, "body": "France to the Protestant"}, nil)
	waitFor(t, ctx, "France's channel, live", `[...document.querySelectorAll('.channels button')].some((b) => b.textContent.trim().startsWith('France'))`)
	eval[bool](t, ctx, `([...document.querySelectorAll('.channels button')].find((b) => b.textContent.trim().startsWith('France')).click(), true)`)
	waitFor(t, ctx, "France's message", `document.querySelector('.messages').textContent.includes('France to the Protestant')`)
	run(t, ctx, "write a reply", chromedp.SendKeys(chromedp.CSS(`.composer textarea`), "The Protestant to France"))
	click(t, ctx, `.composer button[type=submit]`)
	waitFor(t, ctx, "the reply shown", `document.querySelector('.messages').textContent.includes('The Protestant to France')`)
	if from := messageFrom(t, fra, id, "france", "The Protestant to France"); from != "protestant" {
		t.Errorf("France reads the reply as from %q, want the Protestant", from)
	}

	// Back on the board, the one-click switch to England: England's hand and its announcement.
	click(t, ctx, fmt.Sprintf(`nav.tabs a[href="/games/%d?as=protestant"]`, id))
	waitFor(t, ctx, "the board as the Protestant", pressed+` === 'protestant' && `+as+` === 'protestant' && document.querySelector('.other-owes button[data-switch="england"]')`)
	click(t, ctx, `.other-owes button[data-switch="england"]`)
	waitFor(t, ctx, "England's hand and announcement", pressed+` === 'england' && `+as+` === 'england' && `+handShown+` === '`+hands["england"]+`' && document.querySelector('.decision[data-kind="diplomacy.announce"] button[data-value="done"]')`)
	screenshotView(t, ctx, "his-two-powers")

	desk := gameRequests(s, mark, id, "", "") // the desktop page's, from the reload on

	// The phone: the switcher and the Protestant's page, in a window 375 px wide.
	phone := browser(t, 375, 800)
	login(t, phone, s, eng)
	// An address naming a power the account does not hold shows one of its own, and stops naming it.
	run(t, phone, "open the game as France", chromedp.Navigate(fmt.Sprintf("%s/games/%d?as=france", s.url, id)))
	waitFor(t, phone, "the account's own power instead", `['england', 'protestant'].includes(`+pressed+`) && `+as+` === null`)
	run(t, phone, "open the game as the Protestant", chromedp.Navigate(fmt.Sprintf("%s/games/%d?as=protestant", s.url, id)))
	waitFor(t, phone, "the Protestant on the phone", pressed+` === 'protestant' && `+handShown+` === '`+hands["protestant"]+`' && document.querySelector('.other-owes button[data-switch="england"]')`)
	if w := eval[float64](t, phone, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("the phone page is %v px wide, wider than its 375 px window", w)
	}
	screenshotView(t, phone, "his-two-powers-phone")

	// England's announcement, made in the desktop page, is England's.
	before = eng.his(id).Game.Seq
	click(t, ctx, `.decision button[data-value="done"]`)
	a = storedAfter(t, s, id, before)
	if a.Seat != "england" || a.Action.Type != "diplomacy.announce" {
		t.Errorf("the announcement is stored as %s's %s, want England's diplomacy.announce", a.Seat, a.Action.Type)
	}
	if got := gameRequests(s, 0, id, "POST", "/actions"); len(got) != 2 || got[1] != actions+"?seat=england" {
		t.Errorf("the page's action requests: %q, want the second naming England", got)
	}
	all := append(desk, gameRequests(s, 0, id, "POST", "/actions")...)
	for _, r := range all {
		if !strings.Contains(r, "?seat=") && !strings.Contains(r, "&seat=") {
			t.Errorf("a request of the pages names no seat: %s", r)
		}
	}
	for _, want := range []string{"GET /api/games/%d?seat=protestant", "GET /api/games/%d/legal?seat=protestant", "GET /api/games/%d/events?seat=protestant",
		"GET /api/games/%d/messages?seat=protestant", "POST /api/games/%d/messages?seat=protestant", "GET /api/games/%d/events?seat=england", "GET /api/games/%d/legal?seat=england"} {
		if !slices.Contains(all, fmt.Sprintf(want, id)) {
			t.Errorf("the pages never sent %s", fmt.Sprintf(want, id))
		}
	}
	t.Logf("%d requests of the pages about the game checked for a seat", len(all))
}

// gameRequests are the browsers' requests about game id (from the from'th
// request on) of the method whose path is the game's followed by rest
// (method "": any; rest "": any).
func gameRequests(s *site, from int, id int64, method, rest string) []string {
	var out []string
	for _, r := range s.requests(from) {
		m, uri, _ := strings.Cut(r, " ")
		path, _, _ := strings.Cut(uri, "?")
		base := fmt.Sprintf("/api/games/%d", id)
		if (method == "" || m == method) && (path == base+rest || rest == "" && strings.HasPrefix(path, base+"/")) {
			out = append(out, r)
		}
	}
	return out
}

// storedAfter waits (10 s at most) for the action the store keeps after seq and returns it.
func storedAfter(t *testing.T, s *site, id, seq int64) store.Action {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		as, err := s.store.Actions(context.Background(), id, seq)
		if err != nil {
			t.Fatal(err)
		}
		if len(as) > 0 {
			return as[0]
		}
	}
	t.Fatalf("no action stored after %d", seq)
	return store.Action{}
}

// handOf is the card numbers of seat's hand as the server shows it to seat (pl's account).
func handOf(t *testing.T, pl *player, id int64, seat string) string {
	t.Helper()
	var g struct {
		You  string `json:"you"`
		View struct {
			Powers map[string]struct {
				Hand []struct{ Number int } `json:"hand"`
			} `json:"powers"`
		} `json:"view"`
	}
	pl.do("GET", fmt.Sprintf("/api/games/%d?seat=%s", id, seat), nil, &g)
	if g.You != seat {
		t.Fatalf("?seat=%s reads the game as %q", seat, g.You)
	}
	var ns []string
	for _, c := range g.View.Powers[seat].Hand {
		ns = append(ns, fmt.Sprint(c.Number))
	}
	if len(ns) == 0 {
		t.Fatalf("%s's hand is empty in its own view", seat)
	}
	return strings.Join(ns, " ")
}

// messageFrom is the sender of the message with body that seat (of pl's account) reads, or "" when it reads none.
func messageFrom(t *testing.T, pl *player, id int64, seat, body string) string {
	t.Helper()
	var r struct {
		Messages []struct{ From, Body string } `json:"messages"`
	}
	pl.do("GET", fmt.Sprintf("/api/games/%d/messages?seat=%s", id, seat), nil, &r)
	for _, m := range r.Messages {
		if m.Body == body {
			return m.From
		}
	}
	return ""
}
