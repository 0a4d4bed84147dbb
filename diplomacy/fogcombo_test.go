package diplomacy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"concordat/game"
)

var (
	payolaFogConfig   = game.Config{Options: map[string]string{"payola": "true", "fog": "true"}}
	intimateFogConfig = game.Config{Options: map[string]string{"intimate": "true", "players": "england,france", "fog": "true"}}
)

// Fog of War combines with Payola and Intimate; Reverse Gunboat is the one
// order-writing variant it refuses.
func TestFogCombinesWithPayolaAndIntimate(t *testing.T) {
	m := Standard()
	for _, opts := range []map[string]string{payolaFogConfig.Options, intimateFogConfig.Options} {
		if _, err := ParseSettings(m, opts); err != nil {
			t.Errorf("%v: %v", opts, err)
		}
	}
	_, err := ParseSettings(m, map[string]string{"reverse_gunboat": "true", "fog": "true"})
	if err == nil || !strings.Contains(err.Error(), "show a seat its power") {
		t.Errorf("reverse_gunboat+fog: %v", err)
	}
}

// legalRoots lists the root labels of a tree (the units), sorted.
func legalRoots(cs []game.Choice) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Value)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// offerBranch is the "offer" root's subtree of a seat's Legal tree.
func offerBranch(t *testing.T, s game.State, seat game.Seat) game.Options {
	t.Helper()
	for _, c := range (Rules{}).Legal(s, seat).Choices {
		if c.Value == "offer" {
			return game.Options{Choices: c.Next}
		}
	}
	t.Fatalf("%s has no offer branch", seat)
	return game.Options{}
}

func TestPayolaFogOffers(t *testing.T) {
	var r Rules
	s, err := r.Setup(payolaFogConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	// Germany sees no French army in Paris and no Italian one in Venice;
	// an unseen unit and an empty province get the same refusal.
	refused(t, s, "germany", offers("A par - pic", 1), "no unit you can see at par")
	refused(t, s, "germany", offers("A bur - pic", 1), "no unit you can see at bur")
	refused(t, s, "germany", offers("A ven - tyr", 1), "no unit you can see at ven")
	refused(t, s, "germany", offers("A mun S A par - bur", 1), "no unit you can see at par")
	for _, text := range []string{"A par - pic", "A bur - pic"} {
		_, _, err := r.Apply(s, "germany", offers(text, 1))
		if msg := strings.Replace(err.Error(), text, "X", 1); !strings.HasPrefix(msg, `offer "X": no unit you can see at `) {
			t.Errorf("%s: %v", text, err)
		}
	}
	// Austria's fleet in Trieste sees Venice: it may buy the Italian army.
	refused(t, s, "austria", offers("A ven - tyr", 4), "treasury of 3")
	mustApply(t, s, "austria", offers("A ven - tyr", 2))
	mustApply(t, s, "italy", orders("A ven H"))
	// The offer trees list only the units each power sees.
	if got := legalRoots(offerBranch(t, s, "germany").Choices); got != "A ber, A mun, F kie" {
		t.Errorf("Germany's offer tree: %s", got)
	}
	if got := legalRoots(offerBranch(t, s, "austria").Choices); got != "A bud, A ven, A vie, F tri" {
		t.Errorf("Austria's offer tree: %s", got)
	}
	if !inLegal(Standard(), offerBranch(t, s, "austria"), "A ven - tyr") {
		t.Error("A ven - tyr is not in Austria's offer tree")
	}
	// Before the phase resolves no one else sees Austria's offer, and a
	// power that does not see Venice sees no army there.
	for _, seat := range []game.Seat{"england", "france", "germany", "italy", "russia", "turkey", game.System} {
		v := fmt.Sprint(viewJSON(t, s, seat))
		if strings.Contains(v, "ven - tyr") {
			t.Errorf("%s sees Austria's offer: %s", seat, v)
		}
	}
	if en := fmt.Sprint(viewJSON(t, s, "england")["board"]); strings.Contains(en, "at:ven") || !strings.Contains(en, "at:lon") {
		t.Errorf("England's board: %s", en)
	}
	advance(t, s)
	if unitIn(gs, "tyr") != "italy A" || unitIn(gs, "ven") != "" {
		t.Fatalf("tyr=%q ven=%q: the bought move was not made", unitIn(gs, "tyr"), unitIn(gs, "ven"))
	}
	au, _ := gs.Pos.Map.LookupPower("austria")
	if gs.Payola.Treasury[au] != 1 || len(gs.Payola.Last[au]) != 1 || gs.Payola.Last[au][0].Result != "paid" {
		t.Fatalf("Austria: treasury %d, last %+v", gs.Payola.Treasury[au], gs.Payola.Last[au])
	}
	// The payment is Austria's to see; Italy sees its unit's move under its
	// own name, and its own order outbid; England sees none of it.
	if v := viewJSON(t, s, "austria")["payola"].(map[string]any); fmt.Sprint(v["last"]) != "[map[amount:2 order:A ven - tyr result:paid]]" {
		t.Errorf("Austria's payola view %v", v)
	}
	it := viewJSON(t, s, "italy")
	if strings.Contains(fmt.Sprint(it["payola"]), "ven - tyr") || !strings.Contains(fmt.Sprint(it["history"]), "order:A ven - tyr") ||
		!strings.Contains(fmt.Sprint(it["history"]), "outbid") {
		t.Errorf("Italy's view: payola %v, history %v", it["payola"], it["history"])
	}
	for _, seat := range []game.Seat{"england", "france", "russia", "turkey"} {
		if v := fmt.Sprint(viewJSON(t, s, seat)); strings.Contains(v, "ven - tyr") || strings.Contains(v, "at:tyr") || strings.Contains(v, "at:ven") {
			t.Errorf("%s sees the Italian army or its move: %s", seat, v)
		}
	}
	// Germany sees the army arrive in Tyrolia (a neighbour of Munich), but
	// not where it came from or who paid.
	ge := viewJSON(t, s, "germany")
	if !strings.Contains(fmt.Sprint(ge["board"]), "at:tyr") || strings.Contains(fmt.Sprint(ge["history"]), "ven - tyr") {
		t.Errorf("Germany's view: board %v, history %v", ge["board"], ge["history"])
	}
}

// viewUnits lists the provinces of the units on a seat's board, sorted.
func viewUnits(t *testing.T, s game.State, seat game.Seat) string {
	t.Helper()
	b, _ := json.Marshal((Rules{}).View(s, seat))
	var v struct {
		Board NextJSON `json:"board"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var at []string
	for _, u := range v.Board.Units {
		at = append(at, u.At)
	}
	sort.Strings(at)
	return strings.Join(at, " ")
}

func TestIntimateFogVision(t *testing.T) {
	var r Rules
	s, err := r.Setup(intimateFogConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	gs := s.(*GameState)
	// During the bidding each player sees its own power's fog only.
	if got := viewUnits(t, s, "england"); got != "edi lon lvp" {
		t.Fatalf("England's board while bidding: %s", got)
	}
	mustApply(t, s, "england", bids(map[string]int{"austria": 2}))
	mustApply(t, s, "france", bids(map[string]int{"italy": 1}))
	advance(t, s)
	// England controls Austria: it sees Austria's units and what they see
	// (the Italian army in Venice, beside Trieste); France controls Italy.
	if got := viewUnits(t, s, "england"); got != "bud edi lon lvp tri ven vie" {
		t.Errorf("England's board: %s", got)
	}
	if got := viewUnits(t, s, "france"); got != "bre mar nap par rom tri ven" {
		t.Errorf("France's board: %s", got)
	}
	// The Legal trees: England's has Austria's units, and its orders name
	// only units England sees (the Russian army in Warsaw, which could move
	// to Galicia, is beyond its sight).
	en := r.Legal(s, "england")
	if got := legalRoots(en.Choices); got != "A bud, A lvp, A vie, F edi, F lon, F tri" {
		t.Errorf("England's tree: %s", got)
	}
	if inLegal(Standard(), en, "A vie S A war - gal") || !inLegal(Standard(), en, "F tri S A ven") || !inLegal(Standard(), en, "A vie S A ven - tyr") {
		t.Error("England's tree names a unit it cannot see, or misses one it sees")
	}
	clear, _ := r.Setup(game.Config{Options: map[string]string{"intimate": "true", "players": "england,france"}}, 1)
	mustApply(t, clear, "england", bids(map[string]int{"austria": 2}))
	advance(t, clear)
	if !inLegal(Standard(), r.Legal(clear, "england"), "A vie S A war - gal") {
		t.Fatal("without fog England may support the Russian army: the check above proves nothing")
	}
	if got := legalRoots(r.Legal(s, "france").Choices); got != "A mar, A par, A rom, A ven, F bre, F nap" {
		t.Errorf("France's tree: %s", got)
	}
	// France does not see Vienna: the refusal does not tell it that a unit
	// stands there (it would say "not yours").
	refused(t, s, "france", orders("A vie - gal"), "there is no unit at vie")
	mustApply(t, s, "france", orders("A ven - pie"))
	mustApply(t, s, "england", orders("A vie - gal"))
	advance(t, s)
	// The record: England saw the Italian move (Venice was in its sight that
	// phase); the bids are public.
	enHist := fmt.Sprint(viewJSON(t, s, "england")["history"])
	frHist := fmt.Sprint(viewJSON(t, s, "france")["history"])
	for _, want := range []string{"A ven - pie", "A vie - gal", "bid 1 for italy", "bid 2 for austria"} {
		if !strings.Contains(enHist, want) {
			t.Errorf("England's history lacks %q: %s", want, enHist)
		}
	}
	if strings.Contains(frHist, "A vie - gal") || !strings.Contains(frHist, "A ven - pie") || !strings.Contains(frHist, "bid 2 for austria") {
		t.Errorf("France's history: %s", frHist)
	}
	for gs.Pos.Phase.Year == 1901 { // Fall 1901, Winter if any
		advance(t, s)
	}
	if !gs.Intimate.Bidding {
		t.Fatalf("%s: not bidding", gs.Pos.Phase)
	}
	// A new year: control is gone, and with it the sight of Austria's units;
	// the record of 1901 keeps what England saw then.
	if got := viewUnits(t, s, "england"); strings.Contains(got, "vie") || strings.Contains(got, "gal") || strings.Contains(got, "tri") {
		t.Errorf("England's board in the 1902 bidding: %s", got)
	}
	var v struct {
		History []PhaseRecord `json:"history"`
	}
	b, _ := json.Marshal(r.View(s, "england"))
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var spring []string
	for _, u := range v.History[1].Position.Units {
		spring = append(spring, u.At)
	}
	sort.Strings(spring)
	if v.History[1].Position.Phase.Season != "spring" || strings.Join(spring, " ") != "bud edi lon lvp tri ven vie" {
		t.Errorf("England's record of %v: %v", v.History[1].Position.Phase, spring)
	}
}

func TestFogCombosPlayWholeGames(t *testing.T) {
	for _, cfg := range []game.Config{
		payolaFogConfig,
		{Options: map[string]string{"payola": "true", "fog": "true", "preset": "6p", "black_hole": "true"}},
		intimateFogConfig,
		{Options: map[string]string{"intimate": "true", "players": "austria,turkey", "fog": "true", "black_hole": "true"}},
		{Options: map[string]string{"payola": "true", "fog": "true", "seismic": "true", "schizo": "true"}},
		{Options: map[string]string{"intimate": "true", "players": "england,russia", "fog": "true", "schizo": "true"}},
	} {
		gs, rec := playVariantGame(t, cfg, 5, 50)
		if gs.Pos.Phase.Year < 1905 && gs.Pos.Winner() == NoPower {
			t.Errorf("%v: the game stopped in %s", cfg, gs.Pos.Phase)
		}
		// Offers were made, and every one was accepted (playVariantGame
		// fails on a refused step): RandomActions offers only for seen units.
		made := 0
		for _, st := range rec.Steps {
			if st.Action.Type != "offers" {
				continue
			}
			var args struct{ Offers []Offer }
			_ = json.Unmarshal(st.Action.Args, &args)
			made += len(args.Offers)
		}
		if gs.Payola != nil && made == 0 {
			t.Errorf("%v: no offers in %d steps", cfg, len(rec.Steps))
		}
		t.Logf("%v: %d steps, %s, %d offers", cfg, len(rec.Steps), gs.Pos.Phase, made)
	}
}

// FuzzFogComboAction applies one action, from any seat, to a Payola or
// Intimate game under Fog of War, at its start or a phase later: it must
// be accepted, or refused with the state unchanged, and never panic. An
// accepted Payola offer names only units the offering power sees.
func FuzzFogComboAction(f *testing.F) {
	f.Add(false, uint8(0), false, "offers", `{"offers": [{"order": "A ven - tyr", "amount": 2}]}`)
	f.Add(false, uint8(3), false, "offers", `{"offers": [{"order": "A par - pic", "amount": 1}]}`)
	f.Add(false, uint8(3), true, "offers", `{"offers": [{"order": "A mun S A par - bur", "amount": 1}]}`)
	f.Add(false, uint8(1), true, "orders", `{"orders": ["F lon - nth"]}`)
	f.Add(true, uint8(0), false, "bids", `{"bids": {"germany": 2}}`)
	f.Add(true, uint8(1), true, "orders", `{"orders": ["A mar - pie", "A vie - gal"]}`)
	var r Rules
	f.Fuzz(func(t *testing.T, intimate bool, seatIdx uint8, later bool, typ, args string) {
		cfg := payolaFogConfig
		if intimate {
			cfg = intimateFogConfig
		}
		s, err := r.Setup(cfg, 7)
		if err != nil {
			t.Fatal(err)
		}
		if later {
			rng := game.NewRNG(3)
			for _, st := range s.(*GameState).RandomActions(&rng) {
				mustApply(t, s, st.Seat, st.Action)
			}
			advance(t, s)
		}
		seats := r.Seats(s)
		seat := game.Seat("narnia")
		if int(seatIdx) < len(seats) {
			seat = seats[seatIdx]
		}
		before, _ := r.Marshal(s)
		_, _, err = r.Apply(s, seat, game.Action{Type: typ, Args: []byte(args)})
		after, merr := r.Marshal(s)
		if merr != nil {
			t.Fatal(merr)
		}
		if err != nil {
			if !bytes.Equal(before, after) {
				t.Fatalf("refused (%v) but the state changed", err)
			}
			return
		}
		gs := s.(*GameState)
		if pw, ok := gs.Pos.Map.LookupPower(string(seat)); ok && typ == "offers" {
			vis := gs.vision(pw)
			for _, o := range gs.Payola.Offers[pw] {
				ord, perr := gs.Pos.Map.ParseOrder(o.Order)
				if perr != nil || !vis[gs.Pos.Map.Prov(ord.At)] {
					t.Fatalf("%s's offer %q for a unit it cannot see was accepted", seat, o.Order)
				}
			}
		}
		r.View(s, seat)
		r.Legal(s, seat)
	})
}

// Under Fog of War alone a power's Legal tree names no unit out of its
// sight: Germany may support its own army into Silesia, but is not offered
// the support of the French army in Paris (unseen) into Burgundy, which it
// is offered without the fog.
func TestFogLegalNamesOnlySeenUnits(t *testing.T) {
	var r Rules
	fog, _ := r.Setup(game.Config{Options: map[string]string{"fog": "true"}}, 1)
	clear, _ := r.Setup(game.Config{}, 1)
	if l := r.Legal(fog, "germany"); inLegal(Standard(), l, "A mun S A par - bur") || !inLegal(Standard(), l, "A mun S A ber - sil") || !inLegal(Standard(), l, "A mun - bur") {
		t.Error("Germany's tree under fog names the army in Paris, or misses its own orders")
	}
	if !inLegal(Standard(), r.Legal(clear, "germany"), "A mun S A par - bur") {
		t.Error("without fog Germany is not offered the support of Paris: the check above proves nothing")
	}
}

// Under Fog of War a map change (Black Hole, Schizo) names the unit it
// takes only to the seats that saw the province; the others learn only
// what changed on the map.
func TestMapChangeEventsUnderFog(t *testing.T) {
	var r Rules
	for _, opts := range []map[string]string{
		{"fog": "true", "black_hole": "true", "payola": "true"},
		{"fog": "true", "schizo": "true", "payola": "true"},
	} {
		s, err := r.Setup(game.Config{Options: opts}, 3)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(99)
		full, public := 0, 0
		for phase := 0; phase < 40 && (full == 0 || public == 0); phase++ {
			gs := s.(*GameState)
			for _, st := range gs.RandomActions(&rng) {
				if _, _, err := r.Apply(s, st.Seat, st.Action); err != nil {
					t.Fatal(err)
				}
			}
			before := s.(*GameState).Pos.Clone()
			_, ev, err := r.Apply(s, game.System, game.Action{Type: game.Advance})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				if e.Type != "black_hole" && e.Type != "schizo" {
					continue
				}
				names := strings.Contains(e.Text, " in it") || strings.Contains(e.Text, "with a second")
				if e.Seats == nil {
					if names {
						t.Fatalf("%v: an event naming a unit for everyone under fog: %q", opts, e.Text)
					}
					continue // nothing but the map changed: everyone may know
				}
				if names {
					full++
					// Every seat told of the unit could see it: its owner
					// at least is among them.
					owner := ""
					for _, p := range before.Map.Powers {
						if strings.Contains(e.Text, p.Adjective) {
							owner = p.ID
						}
					}
					found := false
					for _, seat := range e.Seats {
						found = found || string(seat) == owner
					}
					if owner != "" && !found {
						t.Errorf("%v: %q not told to the unit's own power %s (told %v)", opts, e.Text, owner, e.Seats)
					}
				} else {
					public++
				}
			}
		}
		if full == 0 || public == 0 {
			t.Errorf("%v: %d events naming a unit, %d public ones in 40 phases; want both", opts, full, public)
		}
	}
}
