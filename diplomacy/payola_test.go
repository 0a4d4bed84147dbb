package diplomacy

import (
	"fmt"
	"strings"
	"testing"

	"concordat/game"
)

var payolaConfig = game.Config{Options: map[string]string{"payola": "true"}}

func offers(pairs ...any) game.Action {
	var list []Offer
	for i := 0; i+1 < len(pairs); i += 2 {
		list = append(list, Offer{Order: pairs[i].(string), Amount: pairs[i+1].(int)})
	}
	return game.NewAction("offers", map[string][]Offer{"offers": list})
}

func treasuries(gs *GameState) string {
	var out []string
	for i, p := range gs.Pos.Map.Powers {
		out = append(out, fmt.Sprintf("%s=%d", p.ID, gs.Payola.Treasury[Power(i)]))
	}
	return strings.Join(out, " ")
}

func TestPayolaOffers(t *testing.T) {
	var r Rules
	s, err := r.Setup(payolaConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	if got := treasuries(gs); got != "austria=3 england=3 france=3 germany=3 italy=3 russia=4 turkey=3" {
		t.Fatalf("starting treasuries %s", got)
	}
	// Refused offers change nothing.
	refused(t, s, "germany", offers("A par - pic", 4), "treasury of 3")
	refused(t, s, "germany", offers("A par - pic", 2, "A par - bur", 2), "treasury of 3")
	refused(t, s, "germany", offers("A par - pic", 0), "at least 1")
	refused(t, s, "germany", offers("A par - pic", -5, "A mar - spa", 8), "at least 1")
	refused(t, s, "germany", offers("A bur - pic", 1), "no unit")
	refused(t, s, "germany", offers("A par - pic", 1, "A par-pic", 1), "twice")
	refused(t, s, "germany", offers("B A par", 1), "movement orders")
	refused(t, s, "germany", game.Action{Type: "offers", Args: []byte(`{"offers": [{"order": "A par H", "amount": 1, "from": "x"}]}`)}, "unknown field")
	refused(t, s, "germany", game.Action{Type: "offers"}, "missing arguments")

	mustApply(t, s, "germany", offers("A par - pic", 2, "A ber - pru", 1))
	mustApply(t, s, "germany", orders("A ber - pru"))
	mustApply(t, s, "france", orders("A par - bur"))
	mustApply(t, s, "france", offers("A mun - sil", 1))
	mustApply(t, s, "england", offers("A mun - ruh", 1, "A vie - lon", 2))
	mustApply(t, s, "russia", offers("A ber - sil", 1, "A con H", 1))
	mustApply(t, s, "italy", offers("A con H", 2))
	mustApply(t, s, "austria", offers("A con - bul", 2))
	mustApply(t, s, "austria", orders("A vie - gal"))
	// Each power sees its own treasury and offers, no one else's.
	v := viewJSON(t, s, "germany")["payola"].(map[string]any)
	if v["treasury"] != 3.0 || len(v["offers"].([]any)) != 2 {
		t.Fatalf("Germany's payola view %v", v)
	}
	if strings.Contains(fmt.Sprint(viewJSON(t, s, "france")), "par - pic") || viewJSON(t, s, game.System)["payola"] != nil {
		t.Fatal("another power's offers, or a treasury, show to others")
	}
	advance(t, s)
	for prov, want := range map[string]string{"pic": "france A", "par": "", "bur": "", "mun": "germany A",
		"pru": "germany A", "con": "turkey A", "bul": "", "gal": "austria A"} {
		if got := unitIn(gs, prov); got != want {
			t.Errorf("%s: %q, want %q", prov, got, want)
		}
	}
	if got := treasuries(gs); got != "austria=3 england=3 france=3 germany=0 italy=1 russia=3 turkey=3" {
		t.Fatalf("treasuries after the offers %s", got)
	}
	var outbid []string
	for _, o := range gs.History[0].Orders {
		if strings.HasPrefix(o.Reason, "outbid") {
			outbid = append(outbid, o.Power+": "+o.Order)
		}
	}
	if strings.Join(outbid, "; ") != "france: A par - bur" {
		t.Fatalf("outbid orders recorded: %v", outbid)
	}
	last := func(power string) string {
		pw, _ := gs.Pos.Map.LookupPower(power)
		var out []string
		for _, r := range gs.Payola.Last[pw] {
			out = append(out, r.Order+" "+r.Result)
		}
		return strings.Join(out, ", ")
	}
	for power, want := range map[string]string{
		"germany": "A par - pic paid, A ber - pru paid",
		"russia":  "A ber - sil outbid, A con H paid",
		"england": "A mun - ruh outbid, A vie - lon invalid",
		"austria": "A con - bul outbid",
	} {
		if got := last(power); got != want {
			t.Errorf("%s's offers: %s, want %s", power, got, want)
		}
	}
	// Offers only in movement; income after the Fall.
	advance(t, s) // Fall 1901, no orders
	if gs.Pos.Phase != (Phase{Season: Spring, Year: 1902, Type: Movement}) {
		t.Fatalf("phase %s", gs.Pos.Phase)
	}
	if got := treasuries(gs); got != "austria=6 england=6 france=6 germany=3 italy=4 russia=7 turkey=6" {
		t.Fatalf("treasuries after the 1901 income %s", got)
	}
}

func TestPayolaRetreatsAreTheOwners(t *testing.T) {
	var r Rules
	s, _ := r.Setup(payolaConfig, 1)
	gs := s.(*GameState)
	mustApply(t, s, "germany", orders("A mun - bur"))
	mustApply(t, s, "italy", orders("A ven - pie"))
	advance(t, s)
	mustApply(t, s, "germany", orders("A bur - mar"))
	mustApply(t, s, "germany", offers("A pie S A bur - mar", 3))
	advance(t, s)
	if gs.Pos.Phase.Type != Retreat {
		t.Fatalf("phase %s, want a retreat (Piedmont bought to support Burgundy into Marseilles)", gs.Pos.Phase)
	}
	refused(t, s, "germany", offers("A mar - gas", 1), "movement phases only")
	refused(t, s, "germany", orders("A mar - gas"), "nothing to order")
	mustApply(t, s, "france", orders("A mar - gas"))
	advance(t, s)
	if unitIn(gs, "mar") != "germany A" || unitIn(gs, "gas") != "france A" {
		t.Fatalf("mar=%q gas=%q", unitIn(gs, "mar"), unitIn(gs, "gas"))
	}
}

func TestPayolaPlaysWholeGames(t *testing.T) {
	for _, cfg := range []game.Config{
		payolaConfig,
		{Options: map[string]string{"payola": "true", "preset": "6p", "black_hole": "true"}},
		{Variant: "chaos", Options: map[string]string{"payola": "true"}},
	} {
		gs, rec := playVariantGame(t, cfg, 5, 50)
		paid := 0
		for _, last := range gs.Payola.Last {
			for _, r := range last {
				if r.Result == "paid" {
					paid++
				}
			}
		}
		for pw, n := range gs.Payola.Treasury {
			if n < 0 {
				t.Fatalf("%s: treasury %d", gs.Pos.Map.PowerName(pw), n)
			}
		}
		t.Logf("%v: %d steps, %s, %d offers paid last movement phase", cfg, len(rec.Steps), gs.Pos.Phase, paid)
	}
}

func TestPayolaOwnersOtherOrdersStand(t *testing.T) {
	var r Rules
	s, _ := r.Setup(payolaConfig, 1)
	gs := s.(*GameState)
	// A build written in a movement phase is no order offers compete for:
	// it reaches the adjudicator as written and is reported invalid.
	mustApply(t, s, "france", orders("B A gas", "A par - bur"))
	advance(t, s)
	var got []string
	for _, o := range gs.History[0].Orders {
		got = append(got, o.Power+": "+o.Order+" "+o.Result)
	}
	if strings.Join(got, "; ") != "france: B A gas invalid; france: A par - bur succeeds" {
		t.Fatalf("recorded %v", got)
	}
}
