package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserHisTwoPowers: a 4-player Here I Stand game (RULES.md §24.3)
// in Chromium, where the England player holds the Protestant too. The
// header's switcher lists both powers, the Protestant (who owes Luther's
// 95 Theses) shown first and marked as owing; switching to England by the
// keyboard shows England's hand as the server's view for England gives it
// and no decision, and keeps England in the address through a reload;
// switching back, a decision made in the page is stored as the
// Protestant's action.
func TestBrowserHisTwoPowers(t *testing.T) {
	s := newSite(t)
	ps := map[string]*player{}
	for _, p := range []string{"england", "hapsburg", "france", "ottoman"} {
		ps[p] = s.player("his4_" + p)
	}
	eng := ps["england"]
	var created struct{ ID int64 }
	eng.do("POST", "/api/games", map[string]any{"name": "Here I Stand, four players", "game": "his", "variant": "1517",
		"rules": map[string]string{"players": "4"}}, &created)
	id := created.ID
	for p, pl := range ps {
		pl.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p}, nil)
	}
	// Played through the API, each power by its account's ?seat=, to the
	// Protestant's announcement in the Diplomacy Phase (hands are dealt by then).
	account := map[string]*player{"ottoman": ps["ottoman"], "hapsburg": ps["hapsburg"], "papacy": ps["hapsburg"],
		"england": eng, "protestant": eng, "france": ps["france"]}
	for i := 0; ; i++ {
		k, p := eng.his(id).owed()
		if k == "diplomacy.announce" && p == "protestant" {
			break
		}
		if k == "" || i > 200 {
			t.Fatalf("the Protestant's announcement not reached: %q of %q owed", k, p)
		}
		answerAs(t, account[p], id, p)
	}
	// The hands the server shows each of the player's powers.
	hands := map[string]string{}
	for _, seat := range []string{"england", "protestant"} {
		var g struct {
			You   string   `json:"you"`
			Yours []string `json:"yours"`
			View  struct {
				Powers map[string]struct {
					Hand []struct{ Number int } `json:"hand"`
				} `json:"powers"`
			} `json:"view"`
		}
		eng.do("GET", fmt.Sprintf("/api/games/%d?seat=%s", id, seat), nil, &g)
		if g.You != seat || strings.Join(g.Yours, " ") != "england protestant" {
			t.Fatalf("?seat=%s: you %q, yours %v", seat, g.You, g.Yours)
		}
		var ns []string
		for _, c := range g.View.Powers[seat].Hand {
			ns = append(ns, fmt.Sprint(c.Number))
		}
		if len(ns) == 0 {
			t.Fatalf("%s's hand is empty in its own view", seat)
		}
		hands[seat] = strings.Join(ns, " ")
	}
	if hands["england"] == hands["protestant"] {
		t.Fatalf("England and the Protestant hold the same hand %q", hands["england"])
	}
	handShown := `[...document.querySelectorAll('.hand [data-card]')].map((e) => e.dataset.card).join(' ')`
	pressed := `(document.querySelector('.power-switch button[aria-pressed="true"]') || {dataset: {}}).dataset.seat`

	ctx := browser(t, 1280, 900)
	login(t, ctx, s, eng)
	run(t, ctx, "open the game", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	// By default the power that owes a decision: the Protestant, who announces a deal (or none).
	waitFor(t, ctx, "the switcher", `document.querySelectorAll('.power-switch button').length === 2`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll('.power-switch button')].map((b) => b.dataset.seat + ':' + (b.dataset.owes || '0') + ':' + b.querySelector('.mark').textContent).join(' ')`); got != "england:0:E protestant:1:Pr" {
		t.Errorf("the switcher lists %q, want England (E) and the Protestant (Pr) owing", got)
	}
	waitFor(t, ctx, "the Protestant shown", pressed+` === 'protestant' && document.querySelector('.decision .prompt') && document.querySelector('.decision .prompt').textContent.toLowerCase().includes('announce')`)
	waitFor(t, ctx, "the Protestant's hand", handShown+` === '`+hands["protestant"]+`'`)

	// England, by the keyboard: its own hand, as the server shows it to England, and nothing to decide.
	eval[bool](t, ctx, `(document.querySelector('.power-switch button[data-seat="england"]').focus(), true)`)
	run(t, ctx, "Enter on England", chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, "England shown", pressed+` === 'england' && new URLSearchParams(location.search).get('as') === 'england'`)
	waitFor(t, ctx, "England's hand", handShown+` === '`+hands["england"]+`' && !document.querySelector('.decision')`)
	if !eval[bool](t, ctx, `performance.getEntriesByType('resource').some((e) => e.name.includes('/api/games/`+fmt.Sprint(id)+`?seat=england'))`) {
		t.Errorf("the game was not read as England (?seat=england)")
	}
	// A reload keeps England.
	run(t, ctx, "reload", chromedp.Reload())
	waitFor(t, ctx, "England after the reload", pressed+` === 'england' && `+handShown+` === '`+hands["england"]+`'`)
	// Press is per power: the Press tab keeps England (its address too).
	click(t, ctx, `a[href$="/press"]`)
	waitFor(t, ctx, "the press tab as England", `location.pathname.endsWith('/press') && new URLSearchParams(location.search).get('as') === 'england'`)
	waitFor(t, ctx, "the channels read as England", `performance.getEntriesByType('resource').some((e) => e.name.includes('/channels?seat=england'))`)
	click(t, ctx, `a[href="/games/`+fmt.Sprint(id)+`"]`)
	waitFor(t, ctx, "the board again", pressed+` === 'england' && `+handShown+` === '`+hands["england"]+`'`)
	screenshotView(t, ctx, "his-two-powers")

	// Back to the Protestant: a decision made there is the Protestant's action.
	click(t, ctx, `.power-switch button[data-seat="protestant"]`)
	waitFor(t, ctx, "the Protestant's options", pressed+` === 'protestant' && document.querySelector('.decision button[data-value="done"]')`)
	seqBefore := eng.his(id).Game.Seq
	click(t, ctx, `.decision button[data-value="done"]`)
	eng.waitHis(id, "the Protestant's announcement made", func(v hisView) bool { k, p := v.owed(); return k != "diplomacy.announce" || p != "protestant" })
	// The announcement (no events, so not in the log) is the game's next action, sent as the Protestant:
	// the server refuses an action for the Protestant's decision sent as England (server tests).
	if after := eng.his(id).Game.Seq; after != seqBefore+1 {
		t.Errorf("the game's seq went from %d to %d after the Protestant's announcement", seqBefore, after)
	}
	if !eval[bool](t, ctx, `performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/games/`+fmt.Sprint(id)+`/actions?seat=protestant'))`) {
		t.Errorf("the announcement was not sent as the Protestant (?seat=protestant)")
	}
}

// answerAs answers the decision seat owes, as that seat of pl's account, with the first complete path of its options.
func answerAs(t *testing.T, pl *player, id int64, seat string) {
	t.Helper()
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
	pl.do("GET", fmt.Sprintf("/api/games/%d/legal?seat=%s", id, seat), nil, &l)
	if len(l.Options.Choices) == 0 {
		t.Fatalf("%s owes a decision with no options: %+v", seat, l)
	}
	var path []string
	for cs := l.Options.Choices; len(cs) > 0; cs = cs[0].Next {
		path = append(path, cs[0].Value)
	}
	pl.do("POST", fmt.Sprintf("/api/games/%d/actions?seat=%s", id, seat), map[string]any{"seq": l.Seq, "type": l.Options.Kind, "args": path}, nil)
}
