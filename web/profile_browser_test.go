package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserProfileEmail: on the profile page a player sets the e-mail
// address notifications go to (the API then has it), sees it, and removes
// it again; and likewise a personal webhook.
func TestBrowserProfileEmail(t *testing.T) {
	s := newSite(t)
	p := s.player("emily")
	ctx := browser(t, 1280, 900)
	login(t, ctx, s, p)
	run(t, ctx, "profile", chromedp.Navigate(s.url+"/profile"))
	waitFor(t, ctx, "the e-mail form", `document.querySelector('.email-form input[name=email]') && document.querySelector('.email-form').textContent.includes('Now: none')`)
	run(t, ctx, "type an address", chromedp.SendKeys(chromedp.CSS(`.email-form input[name=email]`), "emily@example.org"),
		chromedp.Click(chromedp.CSS(`.email-form button[type=submit]`)))
	waitFor(t, ctx, "saved", `document.querySelector('.email-now') && document.querySelector('.email-now').textContent === 'emily@example.org'`)
	var me struct{ Email string }
	p.do("GET", "/api/me", nil, &me)
	if me.Email != "emily@example.org" {
		t.Fatalf("the API has %q after saving", me.Email)
	}
	// A fresh load shows the stored address.
	run(t, ctx, "reload", chromedp.Navigate(s.url+"/profile"))
	waitFor(t, ctx, "the address shown", `document.querySelector('.email-now') && document.querySelector('.email-form input[name=email]').value === 'emily@example.org'`)
	click(t, ctx, `.email-form button[type=button]`)
	waitFor(t, ctx, "removed", `document.querySelector('.email-form').textContent.includes('Now: none')`)
	var after map[string]any
	p.do("GET", "/api/me", nil, &after)
	if e, ok := after["email"]; ok {
		t.Fatalf("the API has %q after removing", e)
	}
	// The personal webhook, beside it: saved through the API, then removed.
	const hook = "https://8.8.8.8/api/webhooks/1/emily-token"
	run(t, ctx, "type a webhook", chromedp.SendKeys(chromedp.CSS(`.webhook-form input[name=webhook]`), hook),
		chromedp.Click(chromedp.CSS(`.webhook-form button[type=submit]`)))
	waitFor(t, ctx, "webhook saved", `document.querySelector('.webhook-now') && document.querySelector('.webhook-now').textContent === '`+hook+`'`)
	var withHook struct{ Webhook string }
	p.do("GET", "/api/me", nil, &withHook)
	if withHook.Webhook != hook {
		t.Fatalf("the API has webhook %q after saving", withHook.Webhook)
	}
	click(t, ctx, `.webhook-form button[type=button]`)
	waitFor(t, ctx, "webhook removed", `document.querySelector('.webhook-form').textContent.includes('Now: none')`)
	after = nil
	p.do("GET", "/api/me", nil, &after)
	if h, ok := after["webhook"]; ok {
		t.Fatalf("the API has webhook %q after removing", h)
	}
}
