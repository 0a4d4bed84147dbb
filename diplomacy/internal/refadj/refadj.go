// Package refadj is a second Diplomacy adjudicator, for tests only: slow,
// plain and written from the rules (the 2000/2023 rulebook, the DATC v3.0
// and docs/variants.md for the special borders), so that the fast engine of
// package diplomacy can be checked against it on random positions
// (diplomacy/refcompare_test.go).
//
// It shares no code with the fast engine. It reads the map's plain data
// (provinces, coasts, adjacency lists, special borders, build rules), the
// parsed orders and the position types of package diplomacy, and nothing
// else: no bit sets, no route tables, no scratch space. Being a separate
// package, it can only see what package diplomacy exports, and the compiler
// keeps it that way.
//
// Movement is resolved by a different method from the fast engine's
// (Kruijswijk's guess-and-check recursion): every decision (does a move
// succeed, is a support given) starts unknown and is settled by repeated
// passes with three-valued logic, each pass working out the smallest and
// largest strength every attack, defence and prevention could still have.
// When no pass settles anything more, the remaining decisions depend on each
// other in cycles: the cycles that depend on nothing else unsettled are
// solved by trying every assignment of their decisions. A cycle with exactly
// one consistent assignment takes it; one with none or several is a convoy
// paradox when a convoy's route depends on it (the Szykman rule: the armies
// whose convoys are in it do not move and have no effect), and a circular
// movement otherwise (every move in it succeeds).
package refadj

import (
	"fmt"
	"sort"

	"concordat/diplomacy"
)

type (
	// Province, Loc and Power are package diplomacy's ids.
	Province = diplomacy.Province
	Loc      = diplomacy.Loc
	Power    = diplomacy.Power
)

// Options are the reference's settings.
type Options struct {
	// RouteBudget reproduces the fast engine's documented limit on convoy
	// routes (diplomacy/convoyroute.go): when more than RouteBudget
	// shortcut-free chains of seas start from an army's province, every fleet
	// at sea counts as on a route from it (the permissive reading). Zero
	// means 5000, the fast engine's figure; a negative value means no limit.
	RouteBudget int
}

func (o Options) budget() int {
	switch {
	case o.RouteBudget == 0:
		return 5000
	case o.RouteBudget < 0:
		return int(^uint(0) >> 1)
	}
	return o.RouteBudget
}

// Result is what the reference made of a phase: each order's result, in
// input order, and the position after the phase.
type Result struct {
	Results []diplomacy.Result
	After   *diplomacy.Position
}

// Resolve adjudicates the phase pos is in (movement, retreat or
// adjustment) with orders, under edition ed, without changing pos.
func Resolve(pos *diplomacy.Position, ed diplomacy.Edition, orders []diplomacy.OrderIn, opt Options) Result {
	after := pos.Clone()
	var res []diplomacy.Result
	switch pos.Phase.Type {
	case diplomacy.Movement:
		res = movement(after, ed, orders, opt)
	case diplomacy.Retreat:
		res = retreats(after, orders)
	case diplomacy.Adjustment:
		res = adjustments(after, ed, orders)
	default:
		panic(fmt.Sprintf("refadj: unknown phase type %d", pos.Phase.Type))
	}
	return Result{Results: res, After: after}
}

// board is the map seen through its plain data, with the few questions the
// rules ask of it answered by search.
type board struct {
	m *diplomacy.Map
}

func (b board) kind(p Province) diplomacy.ProvinceKind { return b.m.Provinces[p].Kind }

func (b board) prov(l Loc) Province { return b.m.Locs[l].Prov }

func containsLoc(list []Loc, l Loc) bool {
	for _, x := range list {
		if x == l {
			return true
		}
	}
	return false
}

func containsProv(list []Province, p Province) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}

// armyMoves reports whether an army walks from p to q.
func (b board) armyMoves(p, q Province) bool { return containsProv(b.m.ArmyNeighbours(p), q) }

// fleetCoastsInto lists the locations of q a fleet at l sails to.
func (b board) fleetCoastsInto(l Loc, q Province) []Loc {
	var out []Loc
	for _, k := range b.m.FleetNeighbours(l) {
		if b.prov(k) == q {
			out = append(out, k)
		}
	}
	return out
}

// reaches reports whether a unit of type t at l moves into province q (any
// coast) without a convoy.
func (b board) reaches(t diplomacy.UnitType, l Loc, q Province) bool {
	if t == diplomacy.Army {
		return b.armyMoves(b.prov(l), q)
	}
	return len(b.fleetCoastsInto(l, q)) > 0
}

// seasNextTo lists the sea provinces a fleet in province p (on any of its
// coasts) would touch: where a convoy from or to p starts or ends.
func (b board) seasNextTo(p Province) []Province {
	var out []Province
	for _, l := range append([]Loc{Loc(p)}, b.m.Provinces[p].Coasts...) {
		for _, k := range b.m.FleetNeighbours(l) {
			q := b.prov(k)
			if b.kind(q) == diplomacy.Sea && !containsProv(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// seaTouches reports whether sea s touches province q (any of its coasts).
func (b board) seaTouches(s, q Province) bool {
	for _, k := range b.m.FleetNeighbours(Loc(s)) {
		if b.prov(k) == q {
			return true
		}
	}
	return false
}

// convoyable reports whether an army could ever be convoyed from p to q:
// two different coastal provinces, each next to some sea.
func (b board) convoyable(p, q Province) bool {
	return p != q && b.kind(p) == diplomacy.Coast && b.kind(q) == diplomacy.Coast &&
		len(b.seasNextTo(p)) > 0 && len(b.seasNextTo(q)) > 0
}

// canStand reports whether a unit of type t may stand at l.
func (b board) canStand(t diplomacy.UnitType, l Loc) bool {
	li := b.m.Locs[l]
	pi := b.m.Provinces[li.Prov]
	switch t {
	case diplomacy.Army:
		return li.Coast == "" && pi.Kind != diplomacy.Sea
	case diplomacy.Fleet:
		if pi.Kind == diplomacy.Inland {
			return false
		}
		return len(pi.Coasts) == 0 || li.Coast != ""
	}
	return false
}

// The special borders of docs/variants.md, read from the map's data.

// borderKind is the border a unit of type t crosses from p to q.
func (b board) borderKind(t diplomacy.UnitType, p, q Province) diplomacy.BorderKind {
	for _, x := range b.m.Borders {
		if (x.A == p && x.B == q || x.A == q && x.B == p) && (x.Unit == diplomacy.NoUnit || x.Unit == t) {
			return x.Kind
		}
	}
	return diplomacy.PlainBorder
}

// canal is the canal a unit of type t takes from p to q, if any.
func (b board) canal(t diplomacy.UnitType, p, q Province) (diplomacy.Canal, bool) {
	for _, c := range b.m.Canals {
		if c.Unit == t && (c.A == p && c.B == q || c.A == q && c.B == p) {
			return c, true
		}
	}
	return diplomacy.Canal{}, false
}

// railroad reports whether a unit of power pw and type t goes from p to q
// along one of its railroads in pos: both are stations of the line, and no
// unit of another power stands on a station between them.
func (b board) railroad(pos *diplomacy.Position, pw Power, t diplomacy.UnitType, p, q Province) bool {
	for _, r := range b.m.Railroads {
		if r.Power != pw || r.Unit != t {
			continue
		}
		i, j := -1, -1
		for k, s := range r.Stations {
			if s == p {
				i = k
			}
			if s == q {
				j = k
			}
		}
		if i < 0 || j < 0 || i == j {
			continue
		}
		if i > j {
			i, j = j, i
		}
		blocked := false
		for _, s := range r.Stations[i+1 : j] {
			if u := pos.Units[s]; u.Type != diplomacy.NoUnit && u.Power != pw {
				blocked = true
			}
		}
		if !blocked {
			return true
		}
	}
	return false
}

// open reports whether units may enter p in season s.
func (b board) open(p Province, s diplomacy.Season) bool { return b.m.Open(p, s) }

// centreCounts reports whether centre p counts for power pw.
func (b board) centreCounts(p Province, pw Power) bool {
	for _, x := range b.m.Provinces[p].CenterExcept {
		if x == pw {
			return false
		}
	}
	return true
}

// sortedLocs returns a sorted copy.
func sortedLocs(l []Loc) []Loc {
	out := append([]Loc{}, l...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
