package web

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"concordat/diplomacy"
	"concordat/game"
)

// legalTrees plays a seeded standard game with the engine's random bot
// and keeps one legal tree of each phase kind (movement, retreat, an
// adjustment with builds, one with removals), each with the orders its
// paths spell (values joined by spaces: the server's contract).
func legalTrees(t *testing.T) map[string]struct {
	Tree   game.Options `json:"tree"`
	Orders []string     `json:"orders"`
} {
	t.Helper()
	var r diplomacy.Rules
	out := map[string]struct {
		Tree   game.Options `json:"tree"`
		Orders []string     `json:"orders"`
	}{}
	for seed := uint64(1); seed < 40 && len(out) < 4; seed++ {
		s, err := r.Setup(game.Config{Variant: "standard"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(seed)
		for step := 0; step < 400 && len(out) < 4; step++ {
			ps := r.Pending(s)
			if len(ps) == 0 {
				break
			}
			for _, p := range ps {
				tree := r.Legal(s, p.Seat)
				var orders []string
				var walk func(cs []game.Choice, words []string)
				walk = func(cs []game.Choice, words []string) {
					for _, c := range cs {
						w := append(append([]string(nil), words...), c.Value)
						if len(c.Next) == 0 {
							orders = append(orders, strings.Join(w, " "))
						} else {
							walk(c.Next, w)
						}
					}
				}
				walk(tree.Choices, nil)
				kind := ""
				switch {
				case len(orders) == 0:
				case strings.HasSuffix(orders[0], " H"):
					kind = "movement"
				case strings.Contains(orders[0], " R ") || strings.HasSuffix(orders[0], " D"):
					kind = "retreat"
				case strings.HasPrefix(orders[0], "Build "):
					kind = "build"
				case strings.HasPrefix(orders[0], "Disband "):
					kind = "disband"
				}
				if _, seen := out[kind]; kind != "" && !seen {
					sort.Strings(orders)
					out[kind] = struct {
						Tree   game.Options `json:"tree"`
						Orders []string     `json:"orders"`
					}{tree, orders}
				}
				a, err := r.BotAction(s, p.Seat, &rng)
				if err != nil {
					t.Fatalf("bot for %s: %v", p.Seat, err)
				}
				if s, _, err = r.Apply(s, p.Seat, a); err != nil {
					t.Fatalf("bot's action for %s: %v", p.Seat, err)
				}
			}
			if s, _, err = r.Apply(s, game.System, game.Action{Type: game.Advance}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"movement", "retreat", "build", "disband"} {
		if _, ok := out[k]; !ok {
			t.Fatalf("no %s phase met in the seeded games", k)
		}
	}
	return out
}

// TestBrowserOrderStrings holds the client's order entry to the legal
// tree's contract, in Chromium: the orders it reads from a tree are the
// tree's paths; clicking the places of any legal order (and choosing its
// order type) reaches that order, alone or among the few the panel then
// offers as buttons; and typing any legal order, or a disband in either
// form, is read as that legal order.
func TestBrowserOrderStrings(t *testing.T) {
	trees, err := json.Marshal(legalTrees(t))
	if err != nil {
		t.Fatal(err)
	}
	s := newSite(t)
	ctx := browser(t, 1000, 800)
	run(t, ctx, "open the site", chromedp.Navigate(s.url+"/"), chromedp.WaitVisible(chromedp.CSS("#open-h")))
	js := `(async () => {
  const base = '/static/` + s.web.Version() + `/js/';
  const { loadDrawing } = await import(base + 'diplomacy/map.js');
  const { Places, Entry, flattenLegal, parse, check, provOf } = await import(base + 'diplomacy/orders.js');
  const places = new Places(await loadDrawing('standard'));
  const trees = ` + string(trees) + `;
  const problems = [];
  let orders = 0;
  for (const [kind, { tree, orders: want }] of Object.entries(trees)) {
    const got = flattenLegal(tree).sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(kind + ': flattenLegal gives ' + got.slice(0, 5).join('; ') + ' …, want ' + want.slice(0, 5).join('; '));
    const legalSet = new Set(want);
    for (const order of want) {
      orders++;
      const p = parse(order, places);
      const e = new Entry(want, places);
      let done = null;
      if (p.locs.length === 0) {
        if (!e.placeless().some((o) => o.text === order)) problems.push(kind + ': ' + order + ' is not offered as a button');
      } else {
        done = e.click(provOf(p.locs[0]));
        if (!done && p.mode && e.mode !== p.mode) done = e.setMode(p.mode);
        for (let i = 1; i < p.locs.length && !done; i++) done = e.click(provOf(p.locs[i]));
        if (!done && p.locs.length === 1 && e.clicks.length === 1) done = e.click(provOf(p.locs[0]));
        if (!done && p.locs.length > 1) done = e.click(provOf(p.locs[p.locs.length - 1]));
        if (done !== order && !(done === null && e.complete().some((o) => o.text === order))) {
          problems.push(kind + ': clicking ' + p.locs.join(', ') + ' gives ' + done + ', not ' + order);
        }
      }
      const c = check(order, places, legalSet);
      if (!c.ok || c.text !== order) problems.push(kind + ': typing ' + order + ' reads ' + c.text + ' (' + c.message + ')');
      if (kind === 'disband' && order.startsWith('Disband ')) {
        const typed = order.slice(8).toLowerCase() + ' disband';
        const d = check(typed, places, legalSet);
        if (!d.ok || d.text !== order) problems.push('typing ' + typed + ' reads ' + d.text + ' (' + d.message + ')');
      }
    }
  }
  return { problems, orders };
})()`
	var res struct {
		Problems []string `json:"problems"`
		Orders   int      `json:"orders"`
	}
	raw := eval[json.RawMessage](t, ctx, js)
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	if res.Orders < 30 {
		t.Fatalf("only %d legal orders tried", res.Orders)
	}
	for i, p := range res.Problems {
		if i == 20 {
			t.Errorf("… and %d more", len(res.Problems)-20)
			break
		}
		t.Error(p)
	}
}
