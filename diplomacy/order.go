package diplomacy

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OrderType is what an order tells a unit to do.
type OrderType uint8

// The order types. Move is also a retreat's form while parsing: "F tri -
// alb" in a retreat phase is a retreat.
const (
	Hold OrderType = iota
	Move
	SupportOrder
	ConvoyOrder
	RetreatOrder
	DisbandOrder
	BuildOrder
	WaiveOrder
)

var orderTypeNames = [...]string{"hold", "move", "support", "convoy", "retreat", "disband", "build", "waive"}

// String is the order type's lower-case name.
func (t OrderType) String() string {
	if int(t) < len(orderTypeNames) {
		return orderTypeNames[t]
	}
	return "?"
}

// Order is one order as written, with names resolved to ids.
//
//   - Hold:    Unit At H
//   - Move:    Unit At - To [via convoy]
//   - Support: Unit At S AuxUnit Aux [- To]   (To is NoLoc for a support to hold)
//   - Convoy:  Unit At C AuxUnit Aux - To
//   - Retreat: Unit At R To;  Disband: Unit At D
//   - Build:   Build Unit At; Waive: no unit
//
// Unit and AuxUnit are NoUnit where the writer left the type out.
type Order struct {
	Type      OrderType
	Unit      UnitType
	At        Loc
	To        Loc
	AuxUnit   UnitType
	Aux       Loc
	ViaConvoy bool
}

// String writes the order in the standard notation with map ids:
// "A par - bur", "F nth C A lon - nwy", "Build F stp/nc".
func (o Order) String(m *Map) string {
	unit := func(t UnitType, l Loc) string {
		if t == NoUnit {
			return m.LocName(l)
		}
		return t.String() + " " + m.LocName(l)
	}
	switch o.Type {
	case Hold:
		return unit(o.Unit, o.At) + " H"
	case Move:
		s := unit(o.Unit, o.At) + " - " + m.LocName(o.To)
		if o.ViaConvoy {
			s += " via Convoy"
		}
		return s
	case SupportOrder:
		s := unit(o.Unit, o.At) + " S " + unit(o.AuxUnit, o.Aux)
		if o.To != NoLoc {
			s += " - " + m.LocName(o.To)
		}
		return s
	case ConvoyOrder:
		return unit(o.Unit, o.At) + " C " + unit(o.AuxUnit, o.Aux) + " - " + m.LocName(o.To)
	case RetreatOrder:
		return unit(o.Unit, o.At) + " R " + m.LocName(o.To)
	case DisbandOrder:
		return unit(o.Unit, o.At) + " D"
	case BuildOrder:
		return "Build " + unit(o.Unit, o.At)
	case WaiveOrder:
		return "Waive"
	}
	return "?"
}

// OrderError is a refused order text: which part is wrong and why.
type OrderError struct {
	Order string // the whole order as written
	Part  string // the offending word(s) as written, or "" when something is missing
	Msg   string
}

func (e *OrderError) Error() string {
	if e.Part != "" {
		return fmt.Sprintf("order %q: %s: %q", e.Order, e.Msg, e.Part)
	}
	return fmt.Sprintf("order %q: %s", e.Order, e.Msg)
}

// token is one word of an order: its lower-case text and the bytes it
// spans in the order as written, so that an error can quote what the
// player typed.
type token struct {
	s          string
	start, end int
}

// orderParser walks the words of one order.
type orderParser struct {
	m    *Map
	text string
	toks []token
	i    int
}

// ParseOrder reads one order as players type it: standard notation, full
// names or common abbreviations, any case; "-", "->", "to" or "moves to";
// "S"/"supports", "C"/"convoys", "H"/"holds", "R"/"retreat", "D"/"disband",
// "Build A ber"/"B A ber"/"A ber build", "Waive"; coasts as "spa/sc",
// "spa(sc)", "spa sc" or "spa (south coast)"; "via convoy" after a move.
// An error is an *OrderError whose Part quotes the words that could not be
// read, as written.
func (m *Map) ParseOrder(text string) (Order, error) {
	p := orderParser{m: m, text: text, toks: tokenize(text)}
	o, err := p.parse()
	if err != nil {
		return Order{}, err
	}
	return o, nil
}

// tokenize splits an order into words. Arrows ("->", "=>", "→", dashes)
// become "-"; "(", ")" and "/" are words of their own (they introduce and
// close a coast); commas, colons, semicolons and full stops only separate.
// A hyphen inside a word stays there: "mid-atlantic" is a name, "par-bur"
// is split later by splitHyphens.
func tokenize(text string) []token {
	var toks []token
	start := -1
	flush := func(end int) {
		if start >= 0 {
			toks = append(toks, token{strings.ToLower(text[start:end]), start, end})
			start = -1
		}
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case strings.HasPrefix(text[i:], "->") || strings.HasPrefix(text[i:], "=>"):
			flush(i)
			size = 2
			toks = append(toks, token{"-", i, i + size})
		case r == '→' || r == '–' || r == '—' || r == '−':
			flush(i)
			toks = append(toks, token{"-", i, i + size})
		case r == '(' || r == ')' || r == '/':
			flush(i)
			toks = append(toks, token{string(r), i, i + size})
		case unicode.IsSpace(r) || r == ',' || r == ':' || r == ';' || r == '.':
			flush(i)
		default:
			if start < 0 {
				start = i
			}
		}
		i += size
	}
	flush(len(text))
	return toks
}

// failAt refuses the order, quoting tokens i to j-1 as written.
func (p *orderParser) failAt(i, j int, msg string) error {
	part := ""
	if i < j && j <= len(p.toks) {
		part = p.text[p.toks[i].start:p.toks[j-1].end]
	}
	return &OrderError{Order: p.text, Part: part, Msg: msg}
}

// failHere refuses the order, quoting the current token (nothing at the end).
func (p *orderParser) failHere(msg string) error {
	if p.i < len(p.toks) {
		return p.failAt(p.i, p.i+1, msg)
	}
	return p.missing(msg)
}

// missing refuses an order that stops too early.
func (p *orderParser) missing(msg string) error {
	return &OrderError{Order: p.text, Msg: msg}
}

func (p *orderParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].s
	}
	return ""
}

func (p *orderParser) next() string {
	t := p.peek()
	if p.i < len(p.toks) {
		p.i++
	}
	return t
}

func (p *orderParser) accept(words ...string) bool {
	t := p.peek()
	for _, w := range words {
		if t == w && t != "" {
			p.i++
			return true
		}
	}
	return false
}

func unitWord(t string) UnitType {
	switch t {
	case "a", "army":
		return Army
	case "f", "fleet":
		return Fleet
	}
	return NoUnit
}

// splitHyphens splits the current token at its hyphens unless, whole, it
// is or begins a known name ("mid-atlantic"): "par-bur" becomes "par",
// "-", "bur"; so do "par-" and "-bur".
func (p *orderParser) splitHyphens() {
	if p.i >= len(p.toks) {
		return
	}
	t := p.toks[p.i]
	if !strings.Contains(t.s, "-") || t.s == "-" {
		return
	}
	if !strings.HasPrefix(t.s, "-") && !strings.HasSuffix(t.s, "-") {
		key := normalize(t.s)
		if _, ok := p.m.names[key]; ok || p.m.prefixes[key] {
			return
		}
	}
	var repl []token
	off := t.start
	for k, part := range strings.Split(p.text[t.start:t.end], "-") {
		if k > 0 {
			repl = append(repl, token{"-", off - 1, off})
		}
		if part != "" {
			repl = append(repl, token{strings.ToLower(part), off, off + len(part)})
		}
		off += len(part) + 1
	}
	toks := make([]token, 0, len(p.toks)+len(repl))
	toks = append(toks, p.toks[:p.i]...)
	toks = append(toks, repl...)
	p.toks = append(toks, p.toks[p.i+1:]...)
}

var coastWords = map[string]string{
	"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc",
	"north": "nc", "south": "sc", "east": "ec", "west": "wc",
}

// orderKeyword are the words of the order syntax that never continue a
// province name typed in several words.
var orderKeyword = map[string]bool{"s": true, "c": true, "h": true, "r": true, "d": true, "b": true,
	"m": true, "a": true, "f": true, "to": true, "via": true, "by": true, "hold": true, "holds": true,
	"support": true, "supports": true, "convoy": true, "convoys": true, "move": true, "moves": true}

// oneLetterCoasts are coasts written "n coast"; a lone "s" means supports.
var oneLetterCoasts = map[string]string{"n": "nc", "s": "sc", "e": "ec", "w": "wc"}

// coastWord reads a coast at the current token ("nc", "north", "n coast",
// with an optional "coast" after it); ok is false, and nothing is read, when
// the token is no coast.
func (p *orderParser) coastWord(pr ProvinceInfo) (string, bool) {
	t := p.peek()
	c, ok := coastWords[t]
	for _, cl := range pr.Coasts { // a map's own coast codes ("bc", "ac")
		if p.m.Locs[cl].Coast == t {
			c, ok = t, true
		}
	}
	if !ok && p.i+1 < len(p.toks) && p.toks[p.i+1].s == "coast" {
		c, ok = oneLetterCoasts[t]
	}
	if !ok {
		return "", false
	}
	p.i++
	p.accept("coast")
	return c, true
}

// loc reads a location: the longest run of words naming one, then an
// optional coast: "/sc", "(sc)", "(south coast)", or after a province that
// has coasts "sc" or "south coast".
func (p *orderParser) loc(what string) (Loc, error) {
	p.splitHyphens()
	if p.peek() == "" {
		return NoLoc, p.missing("missing " + what)
	}
	best, bestN := NoLoc, 0
	key := ""
	for n := 1; p.i+n <= len(p.toks); n++ {
		part := normalize(p.toks[p.i+n-1].s)
		if part == "" || n > 1 && orderKeyword[p.toks[p.i+n-1].s] {
			break // "lao s f sia" is Lao supports, not Laos
		}
		key += part
		l, named := p.m.names[key]
		if named {
			best, bestN = l, n
		}
		if !named && !p.m.prefixes[key] {
			break
		}
	}
	if bestN == 0 {
		return NoLoc, p.failHere("unknown province")
	}
	p.i += bestN
	pr := p.m.Provinces[p.m.Locs[best].Prov]
	marked := p.accept("/", "(")
	if !marked && (len(pr.Coasts) == 0 || p.m.Locs[best].Coast != "") {
		return best, nil
	}
	at := p.i
	c, ok := p.coastWord(pr)
	switch {
	case !ok && !marked:
		return best, nil
	case !ok:
		return NoLoc, p.failHere("unknown coast after " + pr.ID + " (want " + coastList(p.m, pr) + ")")
	case p.m.Locs[best].Coast != "":
		return NoLoc, p.failAt(at, p.i, "the coast is named twice")
	case len(pr.Coasts) == 0:
		return NoLoc, p.failAt(at, p.i, pr.ID+" has no coasts to name")
	}
	for _, cl := range pr.Coasts {
		if p.m.Locs[cl].Coast == c {
			if marked {
				p.accept(")")
			}
			return cl, nil
		}
	}
	return NoLoc, p.failAt(at, p.i, pr.ID+" has no such coast")
}

// unitAndLoc reads an optional unit type and a location.
func (p *orderParser) unitAndLoc(what string) (UnitType, Loc, error) {
	t := unitWord(p.peek())
	if t != NoUnit {
		p.i++
		if p.peek() == "" {
			return NoUnit, NoLoc, p.missing("missing " + what)
		}
	}
	l, err := p.loc(what)
	if err != nil {
		return NoUnit, NoLoc, err
	}
	return t, l, nil
}

func (p *orderParser) parse() (Order, error) {
	if len(p.toks) == 0 {
		return Order{}, p.missing("empty order")
	}
	switch p.peek() {
	case "waive", "waives", "w":
		p.next()
		return p.end(Order{Type: WaiveOrder, At: NoLoc, To: NoLoc, Aux: NoLoc})
	case "build", "builds", "b":
		p.next()
		t, l, err := p.unitAndLoc("place to build")
		if err != nil {
			return Order{}, err
		}
		if t == NoUnit {
			return Order{}, p.missing("build needs a unit type (A or F)")
		}
		return p.end(Order{Type: BuildOrder, Unit: t, At: l, To: NoLoc, Aux: NoLoc})
	case "disband", "remove", "d":
		p.next()
		t, l, err := p.unitAndLoc("unit to disband")
		if err != nil {
			return Order{}, err
		}
		return p.end(Order{Type: DisbandOrder, Unit: t, At: l, To: NoLoc, Aux: NoLoc})
	}
	t, at, err := p.unitAndLoc("unit")
	if err != nil {
		return Order{}, err
	}
	o := Order{Unit: t, At: at, To: NoLoc, Aux: NoLoc}
	p.splitHyphens()
	wordAt := p.i
	w := p.next()
	switch w {
	case "", "h", "hold", "holds", "stand", "stands":
		o.Type = Hold
		return p.end(o)
	case "-", "to", "m", "move", "moves":
		p.accept("to")
		o.Type = Move
		if o.To, err = p.loc("destination"); err != nil {
			return Order{}, err
		}
		if p.accept("via", "by") {
			if !p.accept("convoy", "c") {
				return Order{}, p.failHere("expected 'convoy' after 'via'")
			}
			o.ViaConvoy = true
		} else if p.accept("vc") {
			o.ViaConvoy = true
		}
		return p.end(o)
	case "s", "support", "supports":
		o.Type = SupportOrder
		if o.AuxUnit, o.Aux, err = p.unitAndLoc("supported unit"); err != nil {
			return Order{}, err
		}
		p.splitHyphens()
		if p.accept("-", "to", "m", "move", "moves") {
			p.accept("to")
			if o.To, err = p.loc("supported destination"); err != nil {
				return Order{}, err
			}
		} else {
			p.accept("h", "hold", "holds")
		}
		return p.end(o)
	case "c", "convoy", "convoys":
		o.Type = ConvoyOrder
		if o.AuxUnit, o.Aux, err = p.unitAndLoc("convoyed army"); err != nil {
			return Order{}, err
		}
		p.splitHyphens()
		if !p.accept("-", "to", "m", "move", "moves") {
			return Order{}, p.failHere("a convoy needs the army's destination ('- province')")
		}
		p.accept("to")
		if o.To, err = p.loc("convoy destination"); err != nil {
			return Order{}, err
		}
		return p.end(o)
	case "r", "retreat", "retreats":
		p.splitHyphens()
		p.accept("to", "-")
		o.Type = RetreatOrder
		if o.To, err = p.loc("retreat destination"); err != nil {
			return Order{}, err
		}
		return p.end(o)
	case "d", "disband", "disbands", "remove":
		o.Type = DisbandOrder
		return p.end(o)
	case "b", "build", "builds":
		if o.Unit == NoUnit {
			return Order{}, p.missing("build needs a unit type (A or F)")
		}
		o.Type = BuildOrder
		return p.end(o)
	}
	return Order{}, p.failAt(wordAt, wordAt+1, "unknown order word")
}

func (p *orderParser) end(o Order) (Order, error) {
	if p.i < len(p.toks) {
		return Order{}, p.failAt(p.i, len(p.toks), "unexpected words at the end")
	}
	return o, nil
}

// coastList names the coasts a province has, or the usual ones.
func coastList(m *Map, pr ProvinceInfo) string {
	if len(pr.Coasts) == 0 {
		return "nc, sc, ec or wc"
	}
	var names []string
	for _, cl := range pr.Coasts {
		names = append(names, m.Locs[cl].Coast)
	}
	return strings.Join(names, " or ")
}
