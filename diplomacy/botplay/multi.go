package botplay

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"concordat/diplomacy"
	"concordat/diplomacy/multiplicity"
	"concordat/game"
)

// MultiBot plays a seat of a Multiplicity game (package
// diplomacy/multiplicity) through the game contract with the heuristic's
// province values. It writes orders from the seat's legal-orders tree
// (multiplicity.Sight.Legal), so every order is one the rules offer:
// moves and holds by value as the heuristic player does; supports of its
// own moves into defended or contested provinces; a split that sends one
// part of a unit of several to an empty supply centre it does not own; a
// merge of a quiet unit into a threatened own neighbour (strength
// defends); retreats to the best place; builds on the best sites and
// disbands where parts are worth least. In the start choice it picks army
// or fleet by the province's value to each. Convoys it leaves out.
type MultiBot struct {
	Noise float64
}

// mnode is one complete order of the tree: its words and the text.
type mnode struct {
	words []string
	text  string
}

func leaves(c game.Choice, prefix []string, out *[]mnode) {
	path := append(append([]string(nil), prefix...), c.Value)
	if len(c.Next) == 0 {
		*out = append(*out, mnode{words: path, text: strings.Join(path, " ")})
		return
	}
	for _, n := range c.Next {
		leaves(n, path, out)
	}
}

// locOf reads the location at the end of a unit's notation ("2A par",
// "F stp/nc") or of a place word ("bur").
func locOf(m *diplomacy.Map, s string) (diplomacy.Loc, bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return diplomacy.NoLoc, false
	}
	return m.LookupLoc(f[len(f)-1])
}

// strengthOf reads the parts of a unit's notation ("2A/F par": 3).
func strengthOf(s string) int {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0
	}
	n := 0
	for _, part := range strings.Split(f[0], "/") {
		k := 1
		if len(part) > 1 {
			if v, err := strconv.Atoi(part[:len(part)-1]); err == nil {
				k = v
			}
		}
		n += k
	}
	return n
}

// flatPosition is pos as a standard position for the values: one unit per
// occupied province, a fleet where it has no army or stands at sea.
func flatPosition(pos *multiplicity.Position) *diplomacy.Position {
	m := pos.Map
	dp := diplomacy.NewPosition(m)
	dp.Phase = pos.Phase
	copy(dp.Owners, pos.Owners)
	for p, u := range pos.Units {
		if u.Empty() {
			continue
		}
		t := diplomacy.Army
		if u.Armies == 0 || m.Provinces[p].Kind == diplomacy.Sea {
			t = diplomacy.Fleet
		}
		dp.Units[p] = diplomacy.Unit{Type: t, Power: u.Power, Loc: u.Loc}
	}
	return dp
}

// BotAction answers seat's decision in st (a Multiplicity state).
func (mb MultiBot) BotAction(st game.State, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if _, ok := st.(*multiplicity.GameState); !ok {
		return game.Action{}, fmt.Errorf("botplay: not a multiplicity state: %T", st)
	}
	owes := false
	for _, p := range (multiplicity.Rules{}).Pending(st) {
		owes = owes || p.Seat == seat
	}
	if !owes {
		return game.Action{}, fmt.Errorf("multiplicity: %s owes no decision", seat)
	}
	s, err := multiplicity.SightOf(st, seat)
	if err != nil {
		return game.Action{}, err
	}
	return game.NewAction("orders", map[string][]string{"orders": mb.Orders(s, rng)}), nil
}

// BotActionFromView answers seat's decision from its view and legal
// options only (game.ViewBot), for a bot outside the server: on the Sight
// multiplicity.SightFromView builds from them, which is the one BotAction
// reads in the server, so the answer is the same for the same rng.
func (mb MultiBot) BotActionFromView(view json.RawMessage, legal game.Options, seat game.Seat, rng *game.RNG) (game.Action, error) {
	if len(legal.Choices) == 0 {
		return game.Action{}, fmt.Errorf("multiplicity: %s owes no decision", seat)
	}
	s, err := multiplicity.SightFromView(view, seat, legal)
	if err != nil {
		return game.Action{}, err
	}
	return game.NewAction("orders", map[string][]string{"orders": mb.Orders(s, rng)}), nil
}

var _ game.ViewBot = MultiBot{}

// Orders are the texts of the orders for what s shows.
func (mb MultiBot) Orders(s multiplicity.Sight, rng *game.RNG) []string {
	h := Heuristic(mb)
	m := s.Pos.Map
	dp := flatPosition(s.Pos)
	mi := infoOf(m)
	b := newBoard(mi, dp)
	ph := dp.Phase
	if s.Choosing {
		ph = diplomacy.Phase{Season: diplomacy.Spring, Type: diplomacy.Movement}
	}
	b.valuesFor(mi, s.Power, weightsFor(ph))
	texts := []string{}
	switch {
	case s.Choosing:
		for _, root := range s.Legal.Choices {
			l, ok := m.LookupLoc(root.Value)
			if !ok {
				continue
			}
			p := m.Prov(l)
			pick := ""
			best := -1.0
			for _, c := range root.Next {
				t := diplomacy.Army
				if strings.HasPrefix(c.Value, "F") {
					t = diplomacy.Fleet
				}
				if v := b.value(t, p) * h.jitter(rng); v > best {
					pick, best = c.Value, v
				}
			}
			if pick != "" {
				texts = append(texts, root.Value+" "+pick)
			}
		}
	case dp.Phase.Type == diplomacy.Movement:
		texts = mb.movement(h, b, s, rng)
	case dp.Phase.Type == diplomacy.Retreat:
		taken := map[diplomacy.Province]bool{}
		for _, root := range s.Legal.Choices {
			t := diplomacy.Army
			if f := strings.Fields(root.Value); len(f) > 0 && !strings.Contains(f[0], "A") {
				t = diplomacy.Fleet
			}
			var all []mnode
			leaves(root, nil, &all)
			pick, best, at := "", -1.0, diplomacy.Province(0)
			for _, n := range all {
				if n.words[len(n.words)-1] == "D" {
					if pick == "" {
						pick = n.text
					}
					continue
				}
				l, ok := m.LookupLoc(n.words[len(n.words)-1])
				if !ok || taken[m.Prov(l)] {
					continue
				}
				if v := b.value(t, m.Prov(l)) * h.jitter(rng); v > best {
					pick, best, at = n.text, v, m.Prov(l)
				}
			}
			if best >= 0 {
				taken[at] = true
			}
			if pick != "" {
				texts = append(texts, pick)
			}
		}
	default:
		texts = mb.adjustments(h, b, s, rng)
	}
	return texts
}

// munit is one own unit in the Multiplicity movement plan.
type munit struct {
	name   string
	p      diplomacy.Province
	t      diplomacy.UnitType
	nodes  []mnode
	order  string
	dest   diplomacy.Province
	moving bool
}

func (mb MultiBot) movement(h Heuristic, b *board, s multiplicity.Sight, rng *game.RNG) []string {
	m := b.m
	var units []*munit
	at := map[diplomacy.Province]*munit{}
	for _, root := range s.Legal.Choices {
		l, ok := locOf(m, root.Value)
		if !ok {
			continue
		}
		u := &munit{name: root.Value, p: m.Prov(l), t: b.pos.Units[m.Prov(l)].Type}
		leaves(root, nil, &u.nodes)
		units = append(units, u)
		at[u.p] = u
	}
	type cand struct {
		u     *munit
		text  string
		dest  diplomacy.Province
		score float64
		move  bool
	}
	var cands []cand
	for _, u := range units {
		mine := strengthOf(u.name)
		for _, n := range u.nodes {
			w := n.words
			switch {
			case len(w) == 2 && w[1] == "H":
				cands = append(cands, cand{u, n.text, u.p, b.value(u.t, u.p) * h.jitter(rng), false})
			case len(w) == 3 && w[1] == "-" && !strings.Contains(w[2], " "):
				l, ok := m.LookupLoc(w[2])
				if !ok {
					continue
				}
				q := m.Prov(l)
				if u.t == diplomacy.Army && !m.ArmyAdjacent(u.p, q) {
					continue // a convoyed move: left out
				}
				v := b.value(u.t, q)
				if e := s.Pos.Units[q]; !e.Empty() && e.Power != s.Power && e.Strength() >= mine {
					v *= 0.5
				}
				cands = append(cands, cand{u, n.text, q, v * h.jitter(rng), true})
			case len(w) == 3 && w[1] == "SPLIT":
				l, ok := locOf(m, w[2])
				if !ok {
					continue
				}
				q := m.Prov(l)
				if !m.Provinces[q].Center || s.Pos.Owners[q] == s.Power || !s.Pos.Units[q].Empty() {
					continue
				}
				cands = append(cands, cand{u, n.text, q, 0.9 * b.value(u.t, q) * h.jitter(rng), false})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	claimed := map[diplomacy.Province]bool{}
	for _, c := range cands {
		if c.u.order != "" || claimed[c.dest] {
			continue
		}
		if o, ok := at[c.dest]; ok && o != c.u && (o.order == "" || !o.moving || o.dest == c.u.p) {
			continue // an own unit stays there (or would swap)
		}
		c.u.order, c.u.dest, c.u.moving = c.text, c.dest, c.move
		claimed[c.dest] = true
		if !c.move {
			claimed[c.u.p] = true // a split leaves the rest in place
		}
	}
	for _, u := range units {
		if u.order == "" {
			u.order, u.dest = u.name+" H", u.p
		}
	}
	// Supports for moves into enemy or contested provinces; merges of
	// quiet holding units into threatened own neighbours.
	for _, x := range units {
		if !x.moving {
			continue
		}
		if e := s.Pos.Units[x.dest]; (e.Empty() || e.Power == s.Power) && b.enemies[x.dest] == 0 {
			continue
		}
		for _, w := range units {
			if w == x || w.order != w.name+" H" {
				continue
			}
			done := false
			for _, n := range w.nodes {
				ws := n.words
				if len(ws) == 5 && ws[1] == "S" && ws[2] == x.name && ws[3] == "-" {
					if l, ok := m.LookupLoc(ws[4]); ok && m.Prov(l) == x.dest {
						w.order, done = n.text, true
						break
					}
				}
			}
			if done {
				break
			}
		}
	}
	for _, x := range units {
		if x.moving || x.order != x.name+" H" || b.enemies[x.p] == 0 || !m.Provinces[x.p].Center {
			continue
		}
		for _, w := range units {
			if w == x || w.order != w.name+" H" || b.enemies[w.p] > 0 {
				continue
			}
			for _, n := range w.nodes {
				ws := n.words
				if len(ws) == 3 && ws[1] == "MERGE" {
					if l, ok := m.LookupLoc(ws[2]); ok && m.Prov(l) == x.p {
						w.order = n.text
						break
					}
				}
			}
			if w.order != w.name+" H" {
				break
			}
		}
	}
	out := make([]string, 0, len(units))
	for _, u := range units {
		out = append(out, u.order)
	}
	return out
}

func (mb MultiBot) adjustments(h Heuristic, b *board, s multiplicity.Sight, rng *game.RNG) []string {
	m := b.m
	type opt struct {
		text  string
		p     diplomacy.Province
		parts int
		score float64
	}
	var builds, disbands []opt
	for _, root := range s.Legal.Choices {
		for _, c := range root.Next {
			l, ok := locOf(m, c.Value)
			if !ok {
				continue
			}
			p := m.Prov(l)
			t := diplomacy.Army
			if strings.HasPrefix(c.Value, "F") {
				t = diplomacy.Fleet
			}
			o := opt{root.Value + " " + c.Value, p, strengthOf(c.Value), b.value(t, p) * h.jitter(rng)}
			if root.Value == "Build" {
				builds = append(builds, o)
			} else if root.Value == "Disband" {
				disbands = append(disbands, o)
			}
		}
	}
	out := []string{}
	used := map[diplomacy.Province]bool{}
	if s.Owed > 0 {
		sort.SliceStable(builds, func(i, j int) bool { return builds[i].score > builds[j].score })
		for _, o := range builds {
			if len(out) >= s.Owed {
				break
			}
			if !used[o.p] {
				used[o.p] = true
				out = append(out, o.text)
			}
		}
	}
	if s.Owed < 0 {
		sort.SliceStable(disbands, func(i, j int) bool { return disbands[i].score < disbands[j].score })
		left := -s.Owed
		for _, o := range disbands {
			if left <= 0 {
				break
			}
			if !used[o.p] && o.parts <= left {
				used[o.p] = true
				left -= o.parts
				out = append(out, o.text)
			}
		}
	}
	return out
}
