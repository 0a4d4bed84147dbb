package daide

import (
	"fmt"
	"sort"
	"strings"

	"concordat/diplomacy"
)

// Rep is a map as DAIDE sees it: a token and a three-letter name for each
// power and province. It is what the RM carries and what every message of
// the game is read and written with.
type Rep struct {
	Map *diplomacy.Map
	// custom is true when the powers are not the standard seven: their
	// tokens then carry the map's own names.
	custom  bool
	names   map[Token]string
	byName  map[string]Token
	order   []Token // powers, then provinces, in token order
	power   []Token // by diplomacy.Power
	powerOf map[Token]diplomacy.Power
	prov    []Token // by diplomacy.Province
	provOf  map[Token]diplomacy.Province
}

// standardSeas are the standard map's three sea ids that DAIDE spells
// otherwise.
var standardSeas = map[string]string{"bot": "GOB", "eng": "ECH", "lyo": "GOL"}

// standardPowers are the ids of the standard seven powers, in token order.
var standardPowers = []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// coastTokens are the coasts DAIDE has, by the engine's coast id.
var coastTokens = map[string]Token{"nc": NCS, "ne": NEC, "ec": ECS, "se": SEC, "sc": SCS, "sw": SWC, "wc": WCS, "nw": NWC}

// NewRep builds the representation of map m, or says why DAIDE cannot
// express it: DAIDE names provinces and powers with three letters, knows
// eight coasts, at most 256 provinces, and no special borders (weak and
// river borders, canals, railroads, seasonal provinces) or centre
// exceptions. Provinces are numbered as the protocol numbers the standard
// map: by category (inland, sea, coastal, bicoastal; each without then
// with a supply centre), then alphabetically, so the standard map gets
// the protocol's standard token values.
func NewRep(m *diplomacy.Map) (*Rep, error) {
	if len(m.Borders)+len(m.Canals)+len(m.Railroads) > 0 {
		return nil, fmt.Errorf("map %s has special borders, canals or railroads, which DAIDE cannot express", m.ID)
	}
	if len(m.Provinces) > 256 {
		return nil, fmt.Errorf("map %s has %d provinces; DAIDE allows 256", m.ID, len(m.Provinces))
	}
	rep := &Rep{Map: m, names: map[Token]string{}, byName: map[string]Token{},
		powerOf: map[Token]diplomacy.Power{}, provOf: map[Token]diplomacy.Province{}}
	reserved := map[string]bool{}
	for _, n := range fixedNames {
		reserved[n] = true
	}
	rep.custom = len(m.Powers) != len(standardPowers)
	for i, p := range m.Powers {
		rep.custom = rep.custom || p.ID != standardPowers[i]
	}
	taken := func(n string) bool { _, ok := rep.byName[n]; return ok }
	for i, p := range m.Powers {
		t := Token(CatPower<<8 | i)
		n := fixedNames[t]
		if rep.custom {
			n = pickName(p.ID, p.Name, func(n string) bool { return taken(n) || reserved[n] && !isPowerName(n) })
			if n == "" {
				return nil, fmt.Errorf("map %s: power %s has no distinct three-letter DAIDE name", m.ID, p.ID)
			}
		}
		rep.add(t, n)
		rep.power = append(rep.power, t)
		rep.powerOf[t] = diplomacy.Power(i)
	}
	type prov struct {
		p    diplomacy.Province
		name string
		cat  int
	}
	var ps []prov
	seasons := []diplomacy.Season{diplomacy.Spring, diplomacy.Fall, diplomacy.Winter}
	for i, pi := range m.Provinces {
		p := diplomacy.Province(i)
		for _, s := range seasons {
			if !m.Open(p, s) {
				return nil, fmt.Errorf("map %s: province %s is closed in some seasons, which DAIDE cannot express", m.ID, pi.ID)
			}
		}
		if len(pi.CenterExcept) > 0 {
			return nil, fmt.Errorf("map %s: centre %s does not count for some powers, which DAIDE cannot express", m.ID, pi.ID)
		}
		n := strings.ToUpper(pi.ID)
		if a, ok := standardSeas[pi.ID]; ok && pi.Kind == diplomacy.Sea {
			n = a
		}
		if !isName(n) || reserved[n] && !isStandardProvince(n) {
			n = "" // named below, once the provinces with names of their own have theirs
		}
		cat := CatInland
		switch {
		case pi.Kind == diplomacy.Sea:
			cat = CatSea
		case pi.Kind == diplomacy.Coast && len(pi.Coasts) > 0:
			cat = CatBicoastal
		case pi.Kind == diplomacy.Coast:
			cat = CatCoastal
		}
		if pi.Center {
			cat++
		}
		for _, c := range pi.Coasts {
			if _, ok := coastTokens[m.Locs[c].Coast]; !ok {
				return nil, fmt.Errorf("map %s: coast %s has no DAIDE coast token", m.ID, m.Locs[c].ID)
			}
		}
		ps = append(ps, prov{p, n, cat})
	}
	for i := range ps {
		if n := ps[i].name; n != "" {
			if taken(n) {
				ps[i].name = "" // a power's name: this one gets another
				continue
			}
			rep.byName[n] = 0 // claimed; the token is set below
		}
	}
	for i := range ps {
		if ps[i].name == "" {
			pi := m.Provinces[ps[i].p]
			ps[i].name = pickName(pi.ID, pi.Name, func(n string) bool { return taken(n) || reserved[n] })
			if ps[i].name == "" {
				return nil, fmt.Errorf("map %s: province %s has no distinct three-letter DAIDE name", m.ID, pi.ID)
			}
			rep.byName[ps[i].name] = 0
		}
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].cat != ps[j].cat {
			return ps[i].cat < ps[j].cat
		}
		return ps[i].name < ps[j].name
	})
	rep.prov = make([]Token, len(m.Provinces))
	for i, p := range ps {
		t := Token(p.cat<<8 | i)
		rep.add(t, p.name)
		rep.prov[p.p] = t
		rep.provOf[t] = p.p
	}
	return rep, nil
}

func (rep *Rep) add(t Token, n string) {
	rep.names[t] = n
	rep.byName[n] = t
	rep.order = append(rep.order, t)
}

// pickName chooses a three-letter name for a power or province whose id
// is none: the id's first three letters, or its first letter and two
// later ones (of the id, then of the name) in order, the first that used
// does not refuse; "" when none is free.
func pickName(id, full string, used func(string) bool) string {
	letters := func(s string) []byte {
		var b []byte
		for _, r := range strings.ToUpper(s) {
			if r >= 'A' && r <= 'Z' {
				b = append(b, byte(r))
			}
		}
		return b
	}
	for _, src := range [][]byte{letters(id), letters(full)} {
		if len(src) < 3 {
			continue
		}
		src = src[:min(len(src), 16)]
		for i := 1; i < len(src); i++ {
			for j := i + 1; j < len(src); j++ {
				if n := string([]byte{src[0], src[i], src[j]}); !used(n) {
					return n
				}
			}
		}
	}
	for _, src := range [][]byte{letters(id), letters(full)} {
		if len(src) == 0 {
			continue
		}
		for a := byte('A'); a <= 'Z'; a++ {
			for b := byte('A'); b <= 'Z'; b++ {
				if n := string([]byte{src[0], a, b}); !used(n) {
					return n
				}
			}
		}
	}
	return ""
}

// isName reports whether n is three capital letters.
func isName(n string) bool {
	if len(n) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if n[i] < 'A' || n[i] > 'Z' {
			return false
		}
	}
	return true
}

func isPowerName(n string) bool {
	t, ok := lookup(n, nil)
	return ok && t.Cat() == CatPower
}

// standardProvinceNames are the standard map's province names, which
// variant maps may reuse.
var standardProvinceNames = map[string]bool{}

func init() {
	for _, n := range strings.Fields("ADR AEG ALB ANK APU ARM BAL BAR BEL BER BLA BOH BRE BUD BUL BUR CLY CON DEN EAS ECH EDI FIN GAL GAS GOB GOL GRE HEL HOL ION IRI KIE LON LVN LVP MAO MAR MOS MUN NAF NAO NAP NTH NWG NWY PAR PIC PIE POR PRU ROM RUH RUM SER SEV SIL SKA SMY SPA STP SWE SYR TRI TUN TUS TYR TYS UKR VEN VIE WAL WAR WES YOR") {
		standardProvinceNames[n] = true
	}
}

func isStandardProvince(n string) bool { return standardProvinceNames[n] }

// Power is the token of power pw.
func (rep *Rep) Power(pw diplomacy.Power) Token { return rep.power[pw] }

// Province is the token of province p.
func (rep *Rep) Province(p diplomacy.Province) Token { return rep.prov[p] }

// Name is the map name MAP sends: the map's id.
func (rep *Rep) Name() string { return rep.Map.ID }

// loc is the tokens of location l: a province, or (province coast).
func (rep *Rep) loc(l diplomacy.Loc) []Token {
	m := rep.Map
	li := m.Locs[l]
	t := rep.prov[li.Prov]
	if li.Coast == "" {
		return []Token{t}
	}
	return paren(t, coastTokens[li.Coast])
}

// unitType is AMY or FLT.
func unitType(t diplomacy.UnitType) Token {
	if t == diplomacy.Fleet {
		return FLT
	}
	return AMY
}

// unit is the bracketed unit: (power type location).
func (rep *Rep) unit(pw diplomacy.Power, t diplomacy.UnitType, l diplomacy.Loc) []Token {
	return paren(cat([]Token{rep.power[pw], unitType(t)}, rep.loc(l))...)
}

// MDF is the map definition message: MDF (powers) ((centres) (others))
// (adjacencies).
func (rep *Rep) MDF() []Token {
	m := rep.Map
	out := []Token{MDF, BRA}
	out = append(out, rep.power...)
	out = append(out, KET, BRA, BRA)
	homes := make([][]Token, len(m.Powers))
	var neutral, others []Token
	for i, pi := range m.Provinces {
		t := rep.prov[i]
		switch {
		case !pi.Center:
			others = append(others, t)
		case pi.Home == diplomacy.NoPower || int(pi.Home) >= len(m.Powers):
			neutral = append(neutral, t)
		default:
			homes[pi.Home] = append(homes[pi.Home], t)
		}
	}
	for pw, hs := range homes {
		if len(hs) > 0 {
			out = append(out, paren(append([]Token{rep.power[pw]}, sortTokens(hs)...)...)...)
		}
	}
	out = append(out, paren(append([]Token{UNO}, sortTokens(neutral)...)...)...)
	out = append(out, KET)
	out = append(out, paren(sortTokens(others)...)...)
	out = append(out, KET, BRA)
	for _, t := range sortTokens(append([]Token(nil), rep.prov...)) {
		p := rep.provOf[t]
		pi := m.Provinces[p]
		adj := []Token{BRA, t}
		if pi.Kind != diplomacy.Sea {
			a := []Token{AMY}
			for _, q := range m.ArmyNeighbours(p) {
				a = append(a, rep.prov[q])
			}
			adj = append(adj, paren(a...)...)
		}
		fleet := func(head []Token, l diplomacy.Loc) {
			f := head
			for _, k := range m.FleetNeighbours(l) {
				f = append(f, rep.loc(k)...)
			}
			if len(f) > len(head) {
				adj = append(adj, paren(f...)...)
			}
		}
		switch {
		case len(pi.Coasts) > 0:
			for _, c := range pi.Coasts {
				fleet([]Token{BRA, FLT, coastTokens[m.Locs[c].Coast], KET}, c)
			}
		case pi.Kind != diplomacy.Inland:
			fleet([]Token{FLT}, diplomacy.Loc(p))
		}
		out = append(out, append(adj, KET)...)
	}
	return append(out, KET)
}

func sortTokens(ts []Token) []Token {
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts
}
