package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserBotSeats: on a forming game's page its creator fills a seat
// with a bot of a chosen kind and removes it; the seat list shows the bot
// and its kind, as the API stores it; another user sees no bot controls.
func TestBrowserBotSeats(t *testing.T) {
	s := newSite(t)
	ctx := browser(t, 1280, 900)
	run(t, ctx, "register",
		chromedp.Navigate(s.url+"/register"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=name]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "carol"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), "password-carol"),
		chromedp.Click(chromedp.CSS(`form button[type=submit]`)),
	)
	waitFor(t, ctx, "logged in", `[...document.querySelectorAll('header nav a')].some(a => a.textContent === 'carol')`)
	id := eval[int64](t, ctx, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({name: 'Bots', game: 'diplomacy'})}).then(r => r.json()).then(g => g.id)`)
	run(t, ctx, "the game page", chromedp.Navigate(fmt.Sprintf("%s/games/%d", s.url, id)))
	waitFor(t, ctx, "bot controls", `document.querySelector('button[aria-label="Add a bot as France"]')`)
	eval[bool](t, ctx, `(() => { const s = document.querySelector('select[aria-label="Bot kind for France"]');
		s.value = 'random'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	click(t, ctx, `button[aria-label="Add a bot as France"]`)
	waitFor(t, ctx, "France shows its bot", `[...document.querySelectorAll('.seats li')].some(li => li.textContent.includes('France') && li.textContent.includes('bot (random)'))`)
	got := eval[string](t, ctx, fmt.Sprintf(`fetch('/api/games/%d').then(r => r.json()).then(g => g.seats.find(x => x.seat === 'france').bot_kind)`, id))
	if got != "random" {
		t.Fatalf("France's bot kind as stored: %q", got)
	}
	click(t, ctx, `button[aria-label="Remove the bot from France"]`)
	waitFor(t, ctx, "France free again", `document.querySelector('button[aria-label="Add a bot as France"]')`)

	// Another player sees the seats, not the creator's controls.
	other := s.player("dave")
	var view struct {
		Creator bool `json:"creator"`
	}
	other.do("GET", fmt.Sprintf("/api/games/%d", id), nil, &view)
	if view.Creator {
		t.Fatal("the game view calls another user its creator")
	}
}
