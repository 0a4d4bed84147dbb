package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLobbySeats: the lobby of the player who holds England and the
// Protestant in a 3-player Here I Stand game (RULES.md §24.3), the
// Hapsburg player's seat held by a bot. The game's entry names both
// powers, the Protestant as owing (Luther's 95 Theses open the game) with a
// link that opens the game as the Protestant, and says that two powers
// are played by the computer, naming them and the bot's kind; an open Diplomacy game
// with two bot seats says so too. The link opens the game as the
// Protestant, its decision shown. The phone lays the lobby out without
// scrolling sideways. (The bot put in the Hapsburg plays the Papacy too:
// the Hapsburg player's group.)
func TestBrowserLobbySeats(t *testing.T) {
	s := newSite(t)
	eng, fra, carol := s.player("lobby_england"), s.player("lobby_france"), s.player("lobby_carol")
	var created struct{ ID int64 }
	eng.do("POST", "/api/games", map[string]any{"name": "Three of us", "game": "his", "variant": "1517",
		"rules": map[string]string{"players": "3"}, "options": map[string]any{"phase": "48h"}}, &created)
	id := created.ID
	eng.do("POST", fmt.Sprintf("/api/games/%d/seats/hapsburg/bot", id), map[string]string{"kind": "random"}, nil)
	eng.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": "england"}, nil)
	fra.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": "france"}, nil)
	if k, p := eng.his(id).owed(); k != "reformation.target" || p != "protestant" {
		t.Fatalf("the game opens with %q of %q, want the Protestant's 95 Theses", k, p)
	}
	var open struct{ ID int64 }
	carol.do("POST", "/api/games", map[string]any{"name": "Practice with bots", "game": "diplomacy", "options": map[string]any{"phase": "24h"}}, &open)
	for _, seat := range []string{"austria", "turkey"} {
		carol.do("POST", fmt.Sprintf("/api/games/%d/seats/%s/bot", open.ID, seat), map[string]string{"kind": "heuristic"}, nil)
	}

	for _, size := range []struct {
		name          string
		width, height int
	}{{"lobby-seats", 1280, 800}, {"lobby-seats-phone", 375, 800}} {
		ctx := browser(t, size.width, size.height)
		login(t, ctx, s, eng)
		run(t, ctx, "the lobby", chromedp.Navigate(s.url+"/"))
		waitFor(t, ctx, "my game's powers", `document.querySelectorAll('#my-games .badge.seat').length === 2`)
		waitFor(t, ctx, "the open game", `document.querySelector('#open-games .badge.bots')`)
		row := `[...document.querySelectorAll('#my-games .game-row')].find((r) => r.textContent.includes('Three of us'))`
		if got := eval[string](t, ctx, `[...`+row+`.querySelectorAll('.badge')].map((b) => b.textContent.trim()).join(' | ')`); got != "2 bots | England | Protestant owes" {
			t.Errorf("my game's badges read %q, want the bot, England and the Protestant owing", got)
		}
		if got := eval[string](t, ctx, row+`.querySelector('.badge.bots').title`); got != "Played by the computer: Hapsburg (random), Papacy (random)" {
			t.Errorf("the bot badge's title is %q", got)
		}
		want := fmt.Sprintf("/games/%d?as=protestant", id)
		if got := eval[string](t, ctx, `new URL(`+row+`.querySelector('a.badge.seat').href).pathname + new URL(`+row+`.querySelector('a.badge.seat').href).search`); got != want {
			t.Errorf("the Protestant's link goes to %q, want %q", got, want)
		}
		if got := eval[string](t, ctx, `new URL(`+row+`.querySelector('a.game-name').href).search`); got != "?as=protestant" {
			t.Errorf("the game's name opens it with %q, want as the power that owes", got)
		}
		openRow := `[...document.querySelectorAll('#open-games .game-row')].find((r) => r.textContent.includes('Practice with bots'))`
		if got := eval[string](t, ctx, openRow+`.querySelector('.badge.bots').textContent + ' / ' + `+openRow+`.querySelector('.badge.bots').title`); got != "2 bots / Played by the computer: Austria (heuristic), Turkey (heuristic)" {
			t.Errorf("the open game's bots read %q", got)
		}
		if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(size.width) {
			t.Errorf("%s: the lobby is %v px wide, wider than its %d px window", size.name, w, size.width)
		}
		screenshotView(t, ctx, size.name)

		click(t, ctx, `#my-games a.badge.seat`)
		waitFor(t, ctx, "the game as the Protestant", `location.pathname === '/games/`+fmt.Sprint(id)+`' && new URLSearchParams(location.search).get('as') === 'protestant' && (document.querySelector('.power-switch button[aria-pressed="true"]') || {dataset: {}}).dataset.seat === 'protestant' && document.querySelector('.decision[data-kind="reformation.target"]')`)
		if strings.Contains(eval[string](t, ctx, `document.body.textContent`), "Not found") {
			t.Errorf("%s: the link opened a page saying Not found", size.name)
		}
	}
}
