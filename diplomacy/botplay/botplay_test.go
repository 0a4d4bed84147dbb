package botplay

import (
	"encoding/json"
	"testing"

	"concordat/diplomacy"
	"concordat/game"
)

// Under Fog of War a bot decides from what its seat sees only: England's
// answer in spring 1901 is the same whether or not Turkey's fleet in
// Ankara (which England cannot see) is on the board, for the heuristic and
// for the search player; without fog the search player, which simulates
// every power it sees, may answer differently, and Sight shows the fleet.
func TestFogHidesState(t *testing.T) {
	r := diplomacy.Rules{}
	cfg := game.Config{Options: map[string]string{"fog": "true"}}
	st, err := r.Setup(cfg, 5)
	if err != nil {
		t.Fatal(err)
	}
	other := r.Clone(st)
	gs := other.(*diplomacy.GameState)
	m := gs.Pos.Map
	ank, _ := m.LookupLoc("ank")
	gs.Pos.Units[m.Prov(ank)] = diplomacy.Unit{Type: diplomacy.NoUnit, Power: diplomacy.NoPower, Loc: diplomacy.NoLoc}
	s1, _ := diplomacy.SightOf(st, "england")
	if _, ok := s1.Pos.UnitAt(m.Prov(ank)); ok {
		t.Fatal("England's sight shows Turkey's fleet in Ankara under fog")
	}
	bots := []game.Bot{Bot{Player: Heuristic{Noise: DefaultNoise}}, Bot{Player: Search{Iterations: 3, Depth: 1}}}
	for _, b := range bots {
		r1, r2 := game.BotRNG(5, 0), game.BotRNG(5, 0)
		a1, err1 := b.BotAction(st, "england", &r1)
		a2, err2 := b.BotAction(other, "england", &r2)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if string(a1.Args) != string(a2.Args) {
			t.Fatalf("%T: %s with the hidden fleet, %s without", b, a1.Args, a2.Args)
		}
	}
	open, _ := r.Setup(game.Config{}, 5)
	s2, _ := diplomacy.SightOf(open, "england")
	if u, ok := s2.Pos.UnitAt(m.Prov(ank)); !ok || u.Type != diplomacy.Fleet {
		t.Fatal("without fog England's sight misses the fleet in Ankara")
	}
}

// A bot does not change the state it answers from, and the same state,
// seat and generator give the same answer (game.Bot), for both players.
func TestBotDeterministic(t *testing.T) {
	r := diplomacy.Rules{}
	st, _ := r.Setup(game.Config{}, 9)
	before, _ := r.Marshal(st)
	for _, b := range []game.Bot{Bot{Player: Heuristic{Noise: DefaultNoise}}, Bot{Player: Search{Iterations: 2, Depth: 1}}} {
		for _, seat := range r.Seats(st) {
			r1, r2 := game.BotRNG(9, 3), game.BotRNG(9, 3)
			a1, _ := b.BotAction(st, seat, &r1)
			a2, _ := b.BotAction(st, seat, &r2)
			if string(a1.Args) != string(a2.Args) {
				t.Fatalf("%s: %s then %s", seat, a1.Args, a2.Args)
			}
			var args struct{ Orders []string }
			if err := json.Unmarshal(a1.Args, &args); err != nil || len(args.Orders) < 3 {
				t.Fatalf("%s: %s", seat, a1.Args)
			}
		}
	}
	after, _ := r.Marshal(st)
	if string(before) != string(after) {
		t.Fatal("a bot changed the state")
	}
}

// Supports: in the fall France's armies in Burgundy and Picardy face
// Germany's armies in Belgium and Munich, German centres; alone each
// attack would bounce (one against one), so the heuristic attacks Belgium,
// the centre both reach, with one army and supports it with the other.
func TestHeuristicSupportsAttack(t *testing.T) {
	m := diplomacy.Standard()
	pos := diplomacy.NewPosition(m)
	pos.Phase = diplomacy.Phase{Season: diplomacy.Fall, Year: 1902, Type: diplomacy.Movement}
	for i := range pos.Owners {
		pos.Owners[i] = diplomacy.NoPower
	}
	place := func(pw, t, at string) {
		p, _ := m.LookupPower(pw)
		l, _ := m.LookupLoc(at)
		typ := diplomacy.Army
		if t == "F" {
			typ = diplomacy.Fleet
		}
		pos.Place(diplomacy.Unit{Type: typ, Power: p, Loc: l})
	}
	place("france", "A", "bur")
	place("france", "A", "pic")
	place("germany", "A", "bel")
	place("germany", "A", "mun")
	fr, _ := m.LookupPower("france")
	ge, _ := m.LookupPower("germany")
	for _, c := range []string{"par", "bre", "mar"} {
		l, _ := m.LookupLoc(c)
		pos.Owners[m.Prov(l)] = fr
	}
	for _, c := range []string{"bel", "mun", "ber", "kie"} {
		l, _ := m.LookupLoc(c)
		pos.Owners[m.Prov(l)] = ge
	}
	var own []diplomacy.UnitOrders
	for _, uo := range diplomacy.NewGenerator(m).Orders(pos, fr) {
		uo.Orders = append([]diplomacy.Order(nil), uo.Orders...)
		own = append(own, uo)
	}
	s := diplomacy.Sight{Power: fr, Pos: pos, Own: own}
	rng := game.NewRNG(1)
	var texts []string
	for _, o := range (Heuristic{}).Orders(s, &rng) {
		texts = append(texts, o.String(m))
	}
	ok := len(texts) == 2 && (texts[0] == "A bur - bel" && texts[1] == "A pic S A bur - bel" ||
		texts[0] == "A bur S A pic - bel" && texts[1] == "A pic - bel")
	if !ok {
		t.Fatalf("orders %v, want one army into bel supported by the other", texts)
	}
}
