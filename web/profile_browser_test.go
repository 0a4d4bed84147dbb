package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserProfileEmail: on the profile page a player sets the e-mail
// address notifications go to (the API then has it), sees it, and removes
// it again.
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
}
