package diplomacy

import (
	"fmt"

	"concordat/game"
)

// Anarchy is the state of an Anarchy game: "players choose starting centres
// from preference lists, then build in Winter 1900" (docs/variants.md).
//
// The game opens on an empty board (dummy powers keep their garrisons) in
// the winter before the map's first year, with a draft: each played power
// sends an ordered list of supply centres ("preferences", secret). When the
// window closes, the powers pick in a snake draft whose first round's order
// is drawn with the game's seed: each takes its first listed centre still
// free, or a random free one when its list is used up or missing, until it
// has as many centres as the map gives it home centres (at least one). The
// centres a power drafts are its home centres and its own; then the winter
// adjustment phase builds on them, and the game goes on as usual.
type Anarchy struct {
	Drafting bool
	Prefs    map[Power][]string   // centre ids, in order of preference (secret)
	Homes    map[Power][]Province // drafted, once the draft is done
}

// anarchyStart empties the board for the draft (dummies keep their units
// and centres) and returns the draft's state; nil without Anarchy.
func anarchyStart(pos *Position, s Settings) *Anarchy {
	if !s.Anarchy {
		return nil
	}
	m := pos.Map
	for i := range pos.Units {
		if u := pos.Units[i]; u.Type != NoUnit && !m.Powers[u.Power].Dummy {
			pos.Units[i] = Unit{Type: NoUnit, Power: NoPower, Loc: NoLoc}
		}
	}
	for i, o := range pos.Owners {
		if o != NoPower && !m.Powers[o].Dummy {
			pos.Owners[i] = NoPower
		}
	}
	if m.Start.Type != Adjustment {
		pos.Phase = Phase{Season: Winter, Year: m.Start.Year - 1, Type: Adjustment}
	}
	return &Anarchy{Drafting: true, Prefs: map[Power][]string{}, Homes: map[Power][]Province{}}
}

func (an *Anarchy) drafting() bool { return an != nil && an.Drafting }

// anarchyQuota is how many centres a power drafts: its home count on the
// map, at least one.
func anarchyQuota(m *Map, pw Power) int { return max(len(m.Powers[pw].Homes), 1) }

// draftPool lists the centres open to the draft: every supply centre no
// dummy power holds, in province order.
func draftPool(pos *Position) []Province {
	m := pos.Map
	var pool []Province
	for i, pr := range m.Provinces {
		if pr.Center && !m.Swallowed(Province(i)) && (pos.Owners[i] == NoPower || !m.Powers[pos.Owners[i]].Dummy) {
			pool = append(pool, Province(i))
		}
	}
	return pool
}

// drafters are the powers that draft: the played, non-dummy ones.
func (gs *GameState) drafters() []Power {
	var out []Power
	for i, p := range gs.Pos.Map.Powers {
		if !p.Dummy && gs.Settings.Played(Power(i)) {
			out = append(out, Power(i))
		}
	}
	return out
}

func (an *Anarchy) clone() *Anarchy {
	if an == nil {
		return nil
	}
	c := &Anarchy{Drafting: an.Drafting, Prefs: map[Power][]string{}, Homes: map[Power][]Province{}}
	for k, v := range an.Prefs {
		c.Prefs[k] = append([]string(nil), v...)
	}
	for k, v := range an.Homes {
		c.Homes[k] = append([]Province(nil), v...)
	}
	return c
}

// applyPreferences checks and stores a power's preference list.
func (gs *GameState) applyPreferences(pw Power, a game.Action) error {
	m := gs.Pos.Map
	if !gs.Anarchy.drafting() {
		return fmt.Errorf("preferences: only while the starting centres are drafted (Anarchy)")
	}
	var args struct {
		Centres []string `json:"centres"`
	}
	if err := strictJSON(a.Args, &args); err != nil {
		return fmt.Errorf("preferences: %w", err)
	}
	pool := draftPool(gs.Pos)
	if len(args.Centres) > len(pool) {
		return fmt.Errorf("preferences: %d centres listed; there are %d", len(args.Centres), len(pool))
	}
	seen := map[Province]bool{}
	var ids []string
	for _, name := range args.Centres {
		l, ok := m.LookupLoc(name)
		if !ok {
			return fmt.Errorf("preferences: unknown province %q", name)
		}
		p := m.Prov(l)
		if !containsProv(pool, p) {
			return fmt.Errorf("preferences: %s is not a supply centre open to the draft", m.ProvName(p))
		}
		if seen[p] {
			return fmt.Errorf("preferences: %s listed twice", m.ProvName(p))
		}
		seen[p] = true
		ids = append(ids, m.ProvName(p))
	}
	gs.Anarchy.Prefs[pw] = ids
	return nil
}

// anarchyGate refuses the actions that do not fit the draft (or, after it,
// preferences).
func (gs *GameState) anarchyGate(typ string) error {
	if gs.Anarchy == nil {
		return nil
	}
	if gs.Anarchy.Drafting && typ != "preferences" && typ != "ready" {
		return fmt.Errorf("%s: the starting centres are being drafted (Anarchy): send \"preferences\"", typ)
	}
	return nil
}

// anarchyDraft runs the draft when its window closes.
func (gs *GameState) anarchyDraft() []game.Event {
	pos := gs.Pos
	m := pos.Map
	an := gs.Anarchy
	rec := PhaseRecord{Position: PositionJSON(pos), Orders: []OrderResultJSON{}}
	order := gs.drafters()
	gs.RNG.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	pool := draftPool(pos)
	free := map[Province]bool{}
	for _, p := range pool {
		free[p] = true
	}
	left := len(pool)
	picks := map[Power][]Province{}
	for round := 0; left > 0; round++ {
		picked := false
		for k := range order {
			pw := order[k]
			if round%2 == 1 {
				pw = order[len(order)-1-k]
			}
			if left == 0 || len(picks[pw]) >= anarchyQuota(m, pw) {
				continue
			}
			choice, reason := noProvince, ""
			for rank, id := range an.Prefs[pw] {
				l, _ := m.LookupLoc(id)
				if p := m.Prov(l); free[p] {
					choice, reason = p, fmt.Sprintf("preference %d", rank+1)
					break
				}
			}
			if choice == noProvince {
				n := gs.RNG.Intn(left)
				for _, p := range pool {
					if free[p] {
						if n == 0 {
							choice = p
							break
						}
						n--
					}
				}
				reason = "no listed centre left: drawn at random"
			}
			free[choice] = false
			left--
			picks[pw] = append(picks[pw], choice)
			picked = true
			rec.Orders = append(rec.Orders, OrderResultJSON{Power: m.PowerName(pw), Order: "choose " + m.ProvName(choice),
				Result: "succeeds", Reason: reason})
		}
		if !picked {
			break
		}
	}
	an.Drafting = false
	an.Prefs = map[Power][]string{}
	an.Homes = picks
	pos.Map = withHomes(m, picks)
	for pw, ps := range picks {
		for _, p := range ps {
			pos.Owners[p] = pw
		}
	}
	gs.History = append(gs.History, rec)
	gs.Ready = map[Power]bool{}
	return []game.Event{{Type: "draft", Text: fmt.Sprintf("the starting centres are drafted; now %s", pos.Phase)}}
}

// noProvince is no province (the draft's "none yet").
const noProvince Province = 1<<16 - 1

// withHomes is m with each drafting power's home centres replaced by the
// ones it drafted (dummy powers keep theirs).
func withHomes(m *Map, homes map[Power][]Province) *Map {
	h := *m
	h.Provinces = append([]ProvinceInfo(nil), m.Provinces...)
	h.Powers = append([]PowerInfo(nil), m.Powers...)
	h.routes = make(routeRows, len(m.Provinces))
	for i := range h.Provinces {
		if home := h.Provinces[i].Home; home != NoPower && !m.Powers[home].Dummy {
			h.Provinces[i].Home = NoPower
		}
	}
	for i := range h.Powers {
		if h.Powers[i].Dummy {
			continue
		}
		ps := append([]Province(nil), homes[Power(i)]...)
		h.Powers[i].Homes, h.Powers[i].Centers = ps, ps
		for _, p := range ps {
			h.Provinces[p].Home = Power(i)
		}
	}
	return &h
}

type anarchyJSON struct {
	Drafting bool                `json:"drafting,omitempty"`
	Prefs    map[string][]string `json:"preferences,omitempty"`
	Homes    map[string][]string `json:"homes,omitempty"`
}

func (an *Anarchy) toJSON(m *Map) *anarchyJSON {
	if an == nil {
		return nil
	}
	j := &anarchyJSON{Drafting: an.Drafting, Prefs: ordersByName(m, an.Prefs), Homes: map[string][]string{}}
	for pw, ps := range an.Homes {
		for _, p := range ps {
			j.Homes[m.PowerName(pw)] = append(j.Homes[m.PowerName(pw)], m.ProvName(p))
		}
	}
	return j
}

// restore reads a snapshot's draft state and returns the map the game is
// played on (with the drafted homes once the draft is done).
func (an *Anarchy) restore(m *Map, j *anarchyJSON) (*Map, error) {
	if (an == nil) != (j == nil) {
		return nil, fmt.Errorf("anarchy: the snapshot's draft does not match its options")
	}
	if an == nil {
		return m, nil
	}
	prefs, err := OrdersByPower(m, j.Prefs)
	if err != nil {
		return nil, fmt.Errorf("anarchy: %w", err)
	}
	an.Drafting, an.Prefs, an.Homes = j.Drafting, prefs, map[Power][]Province{}
	for name, ids := range j.Homes {
		pw, ok := m.LookupPower(name)
		if !ok {
			return nil, fmt.Errorf("anarchy: unknown power %q", name)
		}
		for _, id := range ids {
			l, ok := m.locByID(id)
			if !ok || !m.Provinces[m.Prov(l)].Center {
				return nil, fmt.Errorf("anarchy: %s: %q is not a supply centre", name, id)
			}
			an.Homes[pw] = append(an.Homes[pw], m.Prov(l))
		}
	}
	if an.Drafting {
		return m, nil
	}
	return withHomes(m, an.Homes), nil
}

func (gs *GameState) anarchyPending() []game.Prompt {
	m := gs.Pos.Map
	var out []game.Prompt
	for _, pw := range gs.drafters() {
		_, sent := gs.Anarchy.Prefs[pw]
		out = append(out, game.Prompt{Seat: game.Seat(m.Powers[pw].ID), Kind: "preferences",
			Text:      fmt.Sprintf("list the supply centres you want, best first: you will draft %d (Anarchy)", anarchyQuota(m, pw)),
			Submitted: sent, Ready: gs.Ready[pw]})
	}
	return out
}

// anarchyLegal is the draft's options: the centres open to it, any of which
// may come next in a preference list.
func (gs *GameState) anarchyLegal() game.Options {
	m := gs.Pos.Map
	opts := game.Options{Kind: "preferences"}
	for _, p := range draftPool(gs.Pos) {
		opts.Choices = append(opts.Choices, game.Choice{Label: m.Provinces[p].Name, Value: m.ProvName(p)})
	}
	return opts
}

// anarchyView is what a power sees of the draft: its own list while it
// runs, everyone's drafted homes after.
type anarchyView struct {
	Drafting    bool                `json:"drafting,omitempty"`
	Preferences []string            `json:"preferences,omitempty"`
	Homes       map[string][]string `json:"homes,omitempty"`
}

func (gs *GameState) viewAnarchy(pw Power, isPower bool) *anarchyView {
	an := gs.Anarchy
	if an == nil {
		return nil
	}
	m := gs.Pos.Map
	v := &anarchyView{Drafting: an.Drafting}
	if isPower {
		v.Preferences = an.Prefs[pw]
	}
	if !an.Drafting {
		v.Homes = map[string][]string{}
		for p, ps := range an.Homes {
			for _, q := range ps {
				v.Homes[m.PowerName(p)] = append(v.Homes[m.PowerName(p)], m.ProvName(q))
			}
		}
	}
	return v
}

// randomDraft: each drafting power lists random free centres, a random
// number of them; one in four sends nothing (and drafts at random).
func (gs *GameState) randomDraft(rng *game.RNG) []game.Step {
	m := gs.Pos.Map
	pool := draftPool(gs.Pos)
	var steps []game.Step
	for _, pw := range gs.drafters() {
		if rng.Intn(4) == 0 {
			continue
		}
		cp := append([]Province(nil), pool...)
		rng.Shuffle(len(cp), func(i, j int) { cp[i], cp[j] = cp[j], cp[i] })
		n := rng.Intn(2*anarchyQuota(m, pw) + 1)
		var ids []string
		for _, p := range cp[:min(n, len(cp))] {
			ids = append(ids, m.ProvName(p))
		}
		steps = append(steps, game.Step{Seat: game.Seat(m.Powers[pw].ID),
			Action: game.NewAction("preferences", map[string][]string{"centres": ids})})
	}
	return steps
}

// randomStandard: every played power orders its units at random, as its
// prompt asks.
func (gs *GameState) randomStandard(legal []UnitOrders, rng *game.RNG) []game.Step {
	m := gs.Pos.Map
	by := map[Power][]string{}
	if !gs.Settings.Fog {
		for _, o := range RandomOrders(legal, rng, nil) {
			by[o.Power] = append(by[o.Power], o.Order.String(m))
		}
	}
	var steps []game.Step
	for _, p := range (Rules{}).Pending(gs) { // "orders", or "ahead" under Crystal Ball
		pw, _ := m.LookupPower(string(p.Seat))
		if gs.Settings.Fog { // each power orders from the position it sees
			var own []UnitOrders
			for _, uo := range gs.legalSeen(gs.vision(pw)) {
				if uo.Power == pw {
					own = append(own, uo)
				}
			}
			for _, o := range RandomOrders(own, rng, nil) {
				by[pw] = append(by[pw], o.Order.String(m))
			}
		}
		steps = append(steps, game.Step{Seat: p.Seat, Action: game.NewAction(p.Kind, map[string][]string{"orders": by[pw]})})
	}
	return steps
}
