package multiplicity

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"concordat/diplomacy"
)

// Kind is what an order tells a unit (or some of its parts) to do.
type Kind uint8

// The order kinds. A Move of some parts of a unit is a split of those
// parts; Split writes several at once. Merge moves whole units into one
// space to become one unit.
const (
	Hold Kind = iota
	Move
	Support      // supports a hold (To is NoLoc) or a move
	SupportMerge // supports the merge into To
	Convoy
	Merge
	Split
	Retreat
	Disband
	Build
	Waive
)

var kindNames = [...]string{"hold", "move", "support", "support merge", "convoy", "merge", "split",
	"retreat", "disband", "build", "waive"}

// String is the kind's lower-case name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Ref is a unit or part named in an order: its composition as written
// (Given is false when the writer named no type: the whole unit) and its
// place.
type Ref struct {
	Comp  Comp
	Given bool
	At    diplomacy.Loc
}

// Order is one Multiplicity order with names resolved to ids.
//
//   - Hold:    Unit H
//   - Move:    Unit - To [via convoy]   (Unit's parts move; fewer than the
//     whole unit is a split)
//   - Support: Unit S Aux [- To]   (Unit's Comp is the strength of the support)
//   - SupportMerge: Unit S MERGE To
//   - Convoy:  Unit C Aux - To
//   - Merge:   Parts[0] & Parts[1] … MERGE [Unit] To   (Unit: the result as written)
//   - Split:   Unit SPLIT Parts…   (each part's At is its destination)
//   - Retreat: Unit R To; Disband: Unit D; Build: Build Unit; Waive
type Order struct {
	Kind      Kind
	Unit      Ref
	To        diplomacy.Loc
	ViaConvoy bool
	Aux       Ref
	Parts     []Ref
}

func noOrder() Order {
	return Order{Unit: Ref{At: diplomacy.NoLoc}, To: diplomacy.NoLoc, Aux: Ref{At: diplomacy.NoLoc}}
}

// String writes the order in the notation ParseOrder reads, with map ids:
// "2A par S A bur - pic", "A mar & A pic MERGE 2A bur",
// "4A par SPLIT A pic, 2A bur, A gas".
func (o Order) String(m *diplomacy.Map) string {
	ref := func(r Ref) string {
		if !r.Given {
			return m.LocName(r.At)
		}
		return unitString(m, r.Comp, r.At)
	}
	switch o.Kind {
	case Hold:
		return ref(o.Unit) + " H"
	case Move:
		s := ref(o.Unit) + " - " + m.LocName(o.To)
		if o.ViaConvoy {
			s += " via Convoy"
		}
		return s
	case Support:
		s := ref(o.Unit) + " S " + ref(o.Aux)
		if o.To != diplomacy.NoLoc {
			s += " - " + m.LocName(o.To)
		}
		return s
	case SupportMerge:
		return ref(o.Unit) + " S MERGE " + m.LocName(o.To)
	case Convoy:
		return ref(o.Unit) + " C " + ref(o.Aux) + " - " + m.LocName(o.To)
	case Merge:
		var parts []string
		for _, p := range o.Parts {
			parts = append(parts, ref(p))
		}
		return strings.Join(parts, " & ") + " MERGE " + ref(Ref{Comp: o.Unit.Comp, Given: o.Unit.Given, At: o.To})
	case Split:
		var parts []string
		for _, p := range o.Parts {
			parts = append(parts, ref(p))
		}
		return ref(o.Unit) + " SPLIT " + strings.Join(parts, ", ")
	case Retreat:
		return ref(o.Unit) + " R " + m.LocName(o.To)
	case Disband:
		return ref(o.Unit) + " D"
	case Build:
		return "Build " + ref(o.Unit)
	case Waive:
		return "Waive"
	}
	return "?"
}

// maxParts bounds the count written in a unit's notation.
const maxParts = 99

var (
	specRE   = regexp.MustCompile(`^(?i)(\d*)(a|f)(?:/(\d*)(a|f))?$`)
	parenRE  = regexp.MustCompile(`(?i)(^|[\s&,])(\d*[af](?:/\d*[af])?)\(([^()]*)\)`)
	wordRE   = regexp.MustCompile(`[^\s,&+]+`)
	mergeRE  = regexp.MustCompile(`(?i)(^|[\s)])(merges?)($|[\s(])`)
	splitRE  = regexp.MustCompile(`(?i)(^|[\s)])(splits?)($|[\s(])`)
	supMrgRE = regexp.MustCompile(`(?i)^(.*?)\s(s|supports?)\s+merges?(?:\s+(?:in|into|at)\b)?\s*(.*)$`)
)

// parseSpec reads a unit notation word: "A", "2A", "F", "A/F", "2A/3F",
// "army", "fleet". ok is false when the word is no unit notation.
func parseSpec(w string) (Comp, bool, error) {
	switch strings.ToLower(w) {
	case "army":
		return Comp{Armies: 1}, true, nil
	case "fleet":
		return Comp{Fleets: 1}, true, nil
	}
	g := specRE.FindStringSubmatch(w)
	if g == nil {
		return Comp{}, false, nil
	}
	var c Comp
	add := func(num, t string) error {
		n := 1
		if num != "" {
			var err error
			if n, err = strconv.Atoi(num); err != nil || n < 1 || n > maxParts {
				return errors.New("a unit has 1 to 99 parts of a kind")
			}
		}
		if strings.EqualFold(t, "a") {
			if c.Armies > 0 {
				return errors.New("armies written twice")
			}
			c.Armies = n
		} else {
			if c.Fleets > 0 {
				return errors.New("fleets written twice")
			}
			c.Fleets = n
		}
		return nil
	}
	if err := add(g[1], g[2]); err != nil {
		return c, true, err
	}
	if g[4] != "" {
		if err := add(g[3], g[4]); err != nil {
			return c, true, err
		}
	}
	return c, true, nil
}

// text is an order being read: the text as written and a working copy of
// the same length (unit notations replaced by the standard "A"/"F", the
// seed's parentheses "A(Par)" by spaces), so that a part of the working
// copy quotes the same bytes of the original.
type text struct {
	m          *diplomacy.Map
	orig, work string
}

func newText(m *diplomacy.Map, s string) *text {
	w := []byte(s)
	for _, ix := range parenRE.FindAllStringSubmatchIndex(s, -1) {
		w[ix[6]-1] = ' ' // "("
		w[ix[7]] = ' '   // ")"
	}
	return &text{m: m, orig: s, work: string(w)}
}

// fail refuses the order, quoting the original bytes of span [i, j).
func (t *text) fail(i, j int, msg string) error {
	part := ""
	if 0 <= i && i < j && j <= len(t.orig) {
		part = strings.TrimSpace(t.orig[i:j])
	}
	return &diplomacy.OrderError{Order: t.orig, Part: part, Msg: msg}
}

// spec is a unit notation found in a span.
type spec struct {
	comp       Comp
	start, end int
}

// standard reads the span [i, j) with the standard parser after replacing
// unit notations by "A"/"F"; it returns the order and the notations found,
// in order.
func (t *text) standard(i, j int) (diplomacy.Order, []spec, error) {
	seg := []byte(t.work[i:j])
	var specs []spec
	for _, ix := range wordRE.FindAllStringIndex(string(seg), -1) {
		w := string(seg[ix[0]:ix[1]])
		c, ok, err := parseSpec(w)
		if !ok {
			continue
		}
		if err != nil {
			return diplomacy.Order{}, nil, t.fail(i+ix[0], i+ix[1], err.Error())
		}
		specs = append(specs, spec{comp: c, start: i + ix[0], end: i + ix[1]})
		letter := byte('A')
		if c.Fleets > 0 {
			letter = 'F'
		}
		for k := ix[0]; k < ix[1]-1; k++ {
			seg[k] = ' '
		}
		seg[ix[1]-1] = letter
	}
	o, err := t.m.ParseOrder(string(seg))
	if err != nil {
		var oe *diplomacy.OrderError
		if errors.As(err, &oe) {
			if k := strings.Index(string(seg), oe.Part); oe.Part != "" && k >= 0 {
				return o, nil, t.fail(i+k, i+k+len(oe.Part), oe.Msg)
			}
			return o, nil, &diplomacy.OrderError{Order: t.orig, Msg: oe.Msg}
		}
		return o, nil, err
	}
	return o, specs, nil
}

// ref reads a unit or part named in the span [i, j): an optional unit
// notation and a place.
func (t *text) ref(i, j int, what string) (Ref, error) {
	if strings.TrimSpace(t.work[i:j]) == "" {
		return Ref{}, t.fail(i, j, "missing "+what)
	}
	o, specs, err := t.standard(i, j)
	if err != nil {
		return Ref{}, err
	}
	if o.Type != diplomacy.Hold {
		return Ref{}, t.fail(i, j, "expected a unit and a province for "+what)
	}
	return t.refOf(o.Unit, o.At, specs, i), nil
}

// refOf makes a Ref from a standard unit type and place, with the unit
// notation found at the start of the span (beginning at byte i) if any.
func (t *text) refOf(typ diplomacy.UnitType, at diplomacy.Loc, specs []spec, i int) Ref {
	r := Ref{At: at}
	if len(specs) > 0 && strings.TrimSpace(t.work[i:specs[0].start]) == "" {
		r.Comp, r.Given = specs[0].comp, true
	} else if typ != diplomacy.NoUnit {
		r.Comp, r.Given = One(typ), true
	}
	return r
}

// ParseOrder reads one Multiplicity order: everything the standard parser
// reads (diplomacy.Map.ParseOrder), with unit notations for multiple units
// ("2A par - bur", "A/2F eng C 2A lon - pic", "Build 2A par"), and
//
//   - merges: "A mar & A pic MERGE 2A bur" ("&", "and" or "+" between the
//     units; the result's notation is optional);
//   - splits: "4A par SPLIT A pic, 2A bur, A gas";
//   - supports of a merge: "A par S MERGE bur";
//   - the rules' own style with parentheses: "2A(Par) S A(Bur)-Pic".
//
// An error is a *diplomacy.OrderError quoting the words that could not be
// read, as written.
func ParseOrder(m *diplomacy.Map, s string) (Order, error) {
	if len(s) > 1000 {
		return noOrder(), &diplomacy.OrderError{Order: s[:40] + "…", Msg: "order too long"}
	}
	t := newText(m, s)
	if g := supMrgRE.FindStringSubmatchIndex(t.work); g != nil {
		return t.supportMerge(g)
	}
	if ix := mergeRE.FindStringSubmatchIndex(t.work); ix != nil {
		return t.merge(ix[4], ix[5])
	}
	if ix := splitRE.FindStringSubmatchIndex(t.work); ix != nil {
		return t.split(ix[4], ix[5])
	}
	o, specs, err := t.standard(0, len(s))
	if err != nil {
		return noOrder(), err
	}
	out := noOrder()
	out.To, out.ViaConvoy = o.To, o.ViaConvoy
	// The unit's notation is the first one, unless an order word comes first.
	first := 0
	if o.Type == diplomacy.BuildOrder || o.Type == diplomacy.DisbandOrder {
		if f := strings.Fields(t.work); len(f) > 0 {
			switch strings.ToLower(f[0]) {
			case "build", "builds", "b", "disband", "remove", "d":
				first = strings.Index(t.work, f[0]) + len(f[0])
			}
		}
	}
	out.Unit = t.refOf(o.Unit, o.At, specsFrom(specs, first), first)
	if o.Aux != diplomacy.NoLoc {
		// The aux unit's notation follows the support or convoy word.
		rest := specs
		if out.Unit.Given && len(rest) > 0 && len(specsFrom(specs, first)) > 0 && specsFrom(specs, first)[0] == rest[0] {
			rest = rest[1:]
		}
		out.Aux = Ref{At: o.Aux}
		if o.AuxUnit != diplomacy.NoUnit {
			out.Aux.Comp, out.Aux.Given = One(o.AuxUnit), true
			if len(rest) > 0 {
				out.Aux.Comp = rest[0].comp
			}
		}
	}
	switch o.Type {
	case diplomacy.Hold:
		out.Kind = Hold
	case diplomacy.Move:
		out.Kind = Move
	case diplomacy.SupportOrder:
		out.Kind = Support
	case diplomacy.ConvoyOrder:
		out.Kind = Convoy
	case diplomacy.RetreatOrder:
		out.Kind = Retreat
	case diplomacy.DisbandOrder:
		out.Kind = Disband
	case diplomacy.BuildOrder:
		out.Kind = Build
	case diplomacy.WaiveOrder:
		out.Kind = Waive
		out.Unit = Ref{At: diplomacy.NoLoc}
	}
	return out, nil
}

// specsFrom are the notations starting at byte i or later.
func specsFrom(specs []spec, i int) []spec {
	for k, s := range specs {
		if s.start >= i {
			return specs[k:]
		}
	}
	return nil
}

// supportMerge reads "Unit S MERGE place".
func (t *text) supportMerge(g []int) (Order, error) {
	u, err := t.ref(g[2], g[3], "supporting unit")
	if err != nil {
		return noOrder(), err
	}
	i, j := g[6], g[7]
	// "(Bur)" as the rules write it.
	w := strings.TrimSpace(t.work[i:j])
	if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
		k := strings.Index(t.work[i:], "(") + i
		i, j = k+1, strings.LastIndex(t.work[:j], ")")
	}
	if strings.TrimSpace(t.work[i:j]) == "" {
		return noOrder(), t.fail(0, 0, "missing the province of the merge")
	}
	dest, err := t.ref(i, j, "province of the merge")
	if err != nil {
		return noOrder(), err
	}
	if dest.Given {
		return noOrder(), t.fail(i, j, "name the province of the merge, not a unit")
	}
	o := noOrder()
	o.Kind, o.Unit, o.To = SupportMerge, u, dest.At
	return o, nil
}

// merge reads "U1 & U2 … MERGE [result] place"; [wi, wj) is the MERGE word.
func (t *text) merge(wi, wj int) (Order, error) {
	o := noOrder()
	o.Kind = Merge
	left := t.work[:wi]
	start := 0
	for k := 0; k <= len(left); k++ {
		end := k == len(left)
		sep := 0
		if !end {
			switch {
			case left[k] == '&' || left[k] == '+' || left[k] == ',':
				sep = 1
			case k+5 <= len(left) && strings.EqualFold(left[k:k+5], " and ") && !onlySpec(left[start:k]):
				sep = 5 // "and" right after a bare unit notation is a place (the Andaman Sea, "and")
			}
		}
		if !end && sep == 0 {
			continue
		}
		if strings.TrimSpace(left[start:k]) == "" {
			return noOrder(), t.fail(wi, wj, "a merge needs a unit before each '&'")
		}
		r, err := t.ref(start, k, "merging unit")
		if err != nil {
			return noOrder(), err
		}
		for _, p := range o.Parts {
			if t.m.Prov(p.At) == t.m.Prov(r.At) {
				return noOrder(), t.fail(start, k, "the unit is named twice in the merge")
			}
		}
		o.Parts = append(o.Parts, r)
		if end {
			break
		}
		start = k + sep
		k = start - 1
	}
	rest := t.work[wj:]
	i := wj
	if f := strings.Fields(rest); len(f) > 0 && (strings.EqualFold(f[0], "into") || strings.EqualFold(f[0], "to") || strings.EqualFold(f[0], "in")) {
		i = strings.Index(rest, f[0]) + len(f[0]) + wj
	}
	if strings.TrimSpace(t.work[i:]) == "" {
		return noOrder(), t.fail(0, 0, "missing the province to merge in")
	}
	dest, err := t.ref(i, len(t.work), "province to merge in")
	if err != nil {
		return noOrder(), err
	}
	if len(o.Parts) < 2 && !(len(o.Parts) == 1 && t.m.Prov(o.Parts[0].At) != t.m.Prov(dest.At)) {
		return noOrder(), t.fail(wi, wj, "a merge needs two or more units")
	}
	o.To = dest.At
	o.Unit = Ref{Comp: dest.Comp, Given: dest.Given, At: diplomacy.NoLoc}
	return o, nil
}

// split reads "U SPLIT P1, P2 …"; [wi, wj) is the SPLIT word.
func (t *text) split(wi, wj int) (Order, error) {
	o := noOrder()
	o.Kind = Split
	u, err := t.ref(0, wi, "unit to split")
	if err != nil {
		return noOrder(), err
	}
	o.Unit = u
	rest := t.work[wj:]
	if f := strings.Fields(rest); len(f) > 0 && (strings.EqualFold(f[0], "into") || strings.EqualFold(f[0], "to")) {
		wj += strings.Index(rest, f[0]) + len(f[0])
	}
	// Parts begin at each unit notation; commas and "and" only separate.
	var starts []int
	for _, ix := range wordRE.FindAllStringIndex(t.work[wj:], -1) {
		w := t.work[wj+ix[0] : wj+ix[1]]
		if _, ok, _ := parseSpec(w); ok {
			starts = append(starts, wj+ix[0])
		} else if len(starts) == 0 {
			return noOrder(), t.fail(wj+ix[0], wj+ix[1], "each part of a split starts with its unit (A, 2A, F, A/F …)")
		}
	}
	if len(starts) == 0 {
		return noOrder(), t.fail(0, 0, "missing the parts of the split")
	}
	for k, s := range starts {
		e := len(t.work)
		if k+1 < len(starts) {
			e = starts[k+1]
		}
		seg := t.work[s:e]
		seg = strings.TrimRight(seg, " \t,")
		if strings.HasSuffix(strings.ToLower(seg), " and") && !onlySpec(seg[:len(seg)-4]) {
			seg = seg[:len(seg)-4]
		}
		p, err := t.ref(s, s+len(seg), "part of the split")
		if err != nil {
			return noOrder(), err
		}
		o.Parts = append(o.Parts, p)
	}
	return o, nil
}

// onlySpec reports whether s is a unit notation alone ("A", "2A/F"), so
// that a following "and" is the unit's place rather than a conjunction.
func onlySpec(s string) bool {
	f := strings.Fields(s)
	if len(f) != 1 {
		return false
	}
	_, ok, _ := parseSpec(f[0])
	return ok
}
