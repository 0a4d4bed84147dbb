// Package daide is a DAIDE server adapter: it lets the bots of the
// Diplomacy AI Development Environment play seats of Concordat games over
// the DAIDE client-server protocol (TCP, customary port 16713).
//
// The package holds the protocol's framing (IM, RM, DM, FM and EM
// messages with big-endian lengths, frame.go), its 16-bit tokens
// (token.go), messages as token trees and their text form (message.go),
// the representation of a map as DAIDE tokens and its MDF (mapdef.go),
// orders and results translated between DAIDE and the engine's notation
// (orders.go), and the server that plays a DAIDE connection as a seat of
// a hosted game through package host (server.go). docs/daide.md tells how
// a DAIDE client connects.
//
// The adapter speaks syntax level 0 (no press) only. Unlike package
// server, it knows one game: Diplomacy, through package diplomacy's maps,
// orders and states (DAIDE is a Diplomacy protocol); it plays the games
// whose map DAIDE can express (NewRep) under rules it can play (Playable).
package daide

import (
	"fmt"
	"strconv"
	"strings"
)

// Token is one 16-bit DAIDE token. The high byte is its category; an
// integer token has the top two bits clear (a 14-bit two's complement
// number); a text token is category 0x4B with an ASCII character.
type Token uint16

// Token categories (the high byte).
const (
	CatBracket   = 0x40
	CatPower     = 0x41
	CatUnit      = 0x42
	CatOrder     = 0x43
	CatNote      = 0x44
	CatResult    = 0x45
	CatCoast     = 0x46
	CatPhase     = 0x47
	CatCommand   = 0x48
	CatParameter = 0x49
	CatPress     = 0x4A
	CatText      = 0x4B
	// Province categories: inland, sea, coastal and bicoastal, each
	// without (even) and with (odd) a supply centre.
	CatInland       = 0x50
	CatInlandSC     = 0x51
	CatSea          = 0x52
	CatSeaSC        = 0x53
	CatCoastal      = 0x54
	CatCoastalSC    = 0x55
	CatBicoastal    = 0x56
	CatBicoastalSC  = 0x57
	catProvinceLast = 0x57
)

// The tokens this package uses by name. Provinces and powers come from a
// map's representation (Rep), except the standard powers listed here.
const (
	BRA Token = 0x4000 // (
	KET Token = 0x4001 // )

	AUS Token = 0x4100
	ENG Token = 0x4101
	FRA Token = 0x4102
	GER Token = 0x4103
	ITA Token = 0x4104
	RUS Token = 0x4105
	TUR Token = 0x4106

	AMY Token = 0x4200
	FLT Token = 0x4201

	CTO Token = 0x4320
	CVY Token = 0x4321
	HLD Token = 0x4322
	MTO Token = 0x4323
	SUP Token = 0x4324
	VIA Token = 0x4325
	DSB Token = 0x4340
	RTO Token = 0x4341
	BLD Token = 0x4380
	REM Token = 0x4381
	WVE Token = 0x4382

	MBV Token = 0x4400
	BPR Token = 0x4401
	CST Token = 0x4402
	ESC Token = 0x4403
	FAR Token = 0x4404
	HSC Token = 0x4405
	NAS Token = 0x4406
	NMB Token = 0x4407
	NMR Token = 0x4408
	NRN Token = 0x4409
	NRS Token = 0x440A
	NSA Token = 0x440B
	NSC Token = 0x440C
	NSF Token = 0x440D
	NSP Token = 0x440E
	NST Token = 0x440F
	NSU Token = 0x4410
	NVR Token = 0x4411
	NYU Token = 0x4412
	YSC Token = 0x4413

	SUC Token = 0x4500
	BNC Token = 0x4501
	CUT Token = 0x4502
	DSR Token = 0x4503
	FLD Token = 0x4504
	NSO Token = 0x4505
	RET Token = 0x4506

	NCS Token = 0x4600
	NEC Token = 0x4602
	ECS Token = 0x4604
	SEC Token = 0x4606
	SCS Token = 0x4608
	SWC Token = 0x460A
	WCS Token = 0x460C
	NWC Token = 0x460E

	SPR Token = 0x4700
	SUM Token = 0x4701
	FAL Token = 0x4702
	AUT Token = 0x4703
	WIN Token = 0x4704

	CCD Token = 0x4800
	DRW Token = 0x4801
	FRM Token = 0x4802
	GOF Token = 0x4803
	HLO Token = 0x4804
	HST Token = 0x4805
	HUH Token = 0x4806
	IAM Token = 0x4807
	LOD Token = 0x4808
	MAP Token = 0x4809
	MDF Token = 0x480A
	MIS Token = 0x480B
	NME Token = 0x480C
	NOT Token = 0x480D
	NOW Token = 0x480E
	OBS Token = 0x480F
	OFF Token = 0x4810
	ORD Token = 0x4811
	OUT Token = 0x4812
	PRN Token = 0x4813
	REJ Token = 0x4814
	SCO Token = 0x4815
	SLO Token = 0x4816
	SND Token = 0x4817
	SUB Token = 0x4818
	SVE Token = 0x4819
	THX Token = 0x481A
	TME Token = 0x481B
	YES Token = 0x481C
	ADM Token = 0x481D
	SMR Token = 0x481E

	AOA Token = 0x4900
	BTL Token = 0x4901
	ERR Token = 0x4902
	LVL Token = 0x4903
	MRT Token = 0x4904
	MTL Token = 0x4905
	NPB Token = 0x4906
	NPR Token = 0x4907
	PDA Token = 0x4908
	PTL Token = 0x4909
	RTL Token = 0x490A
	UNO Token = 0x490B
	DSD Token = 0x490D

	ALY Token = 0x4A00
	BWX Token = 0x4A02
	FCT Token = 0x4A07
	PCE Token = 0x4A10
	PRP Token = 0x4A13
	TRY Token = 0x4A1A
	VSS Token = 0x4A1C
	NAR Token = 0x4A25
	CCL Token = 0x4A26
)

// fixedNames names every token of a fixed value (all but provinces and,
// on variant maps, powers), the press language's included.
var fixedNames = map[Token]string{}

func init() {
	add := func(cat int, first int, names string) {
		for i, n := range strings.Fields(names) {
			if n != "-" {
				fixedNames[Token(cat<<8|(first+i))] = n
			}
		}
	}
	add(CatPower, 0, "AUS ENG FRA GER ITA RUS TUR")
	add(CatUnit, 0, "AMY FLT")
	add(CatOrder, 0x20, "CTO CVY HLD MTO SUP VIA")
	add(CatOrder, 0x40, "DSB RTO")
	add(CatOrder, 0x80, "BLD REM WVE")
	add(CatNote, 0, "MBV BPR CST ESC FAR HSC NAS NMB NMR NRN NRS NSA NSC NSF NSP NST NSU NVR NYU YSC")
	add(CatResult, 0, "SUC BNC CUT DSR FLD NSO RET")
	add(CatCoast, 0, "NCS - NEC - ECS - SEC - SCS - SWC - WCS - NWC")
	add(CatPhase, 0, "SPR SUM FAL AUT WIN")
	add(CatCommand, 0, "CCD DRW FRM GOF HLO HST HUH IAM LOD MAP MDF MIS NME NOT NOW OBS OFF ORD OUT PRN REJ SCO SLO SND SUB SVE THX TME YES ADM SMR")
	add(CatParameter, 0, "AOA BTL ERR LVL MRT MTL NPB NPR PDA PTL RTL UNO - DSD")
	add(CatPress, 0, "ALY AND BWX DMZ ELS EXP FWD FCT FOR HOW IDK IFF INS IOU OCC ORR PCE POB PPT PRP QRY SCD SRY SUG THK THN TRY UOM VSS WHT WHY XDO XOY YDO CHO BCC UNT NAR CCL")
}

// Int is the integer token for n, which must lie in -8192..8191.
func Int(n int) (Token, error) {
	if n < -8192 || n > 8191 {
		return 0, fmt.Errorf("daide: %d is out of the 14-bit integer range", n)
	}
	return Token(n & 0x3FFF), nil
}

// mustInt is Int for numbers known to fit (clamped otherwise).
func mustInt(n int) Token {
	n = max(-8192, min(8191, n))
	t, _ := Int(n)
	return t
}

// IsInt reports whether t is an integer token.
func (t Token) IsInt() bool { return t&0xC000 == 0 }

// IntValue is the number of an integer token.
func (t Token) IntValue() int {
	v := int(t & 0x3FFF)
	if v&0x2000 != 0 {
		v -= 0x4000
	}
	return v
}

// IsText reports whether t is a text (character) token.
func (t Token) IsText() bool { return t>>8 == CatText }

// Cat is the token's category (high byte).
func (t Token) Cat() int { return int(t >> 8) }

// IsProvince reports whether t lies in a province category.
func (t Token) IsProvince() bool { return t.Cat() >= CatInland && t.Cat() <= catProvinceLast }

// Text is the text tokens of s, one per byte.
func Text(s string) []Token {
	out := make([]Token, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = Token(CatText<<8 | int(s[i]))
	}
	return out
}

// name is t's name in rep (nil: fixed tokens only), or "" when unknown.
func name(t Token, rep *Rep) string {
	if rep != nil {
		if n, ok := rep.names[t]; ok {
			return n
		}
	}
	if n, ok := fixedNames[t]; ok && (rep == nil || t.Cat() != CatPower || !rep.custom) {
		return n
	}
	return ""
}

// Known reports whether t is a token a message may carry under rep:
// an integer, a text character, a fixed token, or one of rep's powers
// and provinces.
func (rep *Rep) Known(t Token) bool {
	switch {
	case t.IsInt():
		return true
	case t.IsText():
		return t&0xFF >= 0x20 && t&0xFF < 0x7F
	case t == BRA || t == KET:
		return true
	}
	return name(t, rep) != ""
}

// Format writes tokens in the DAIDE text form: names separated by
// spaces, integers in decimal, runs of text tokens as 'quoted' strings.
// rep names the map's provinces and powers (nil: fixed tokens only).
func Format(ts []Token, rep *Rep) string {
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			last := b.String()[b.Len()-1]
			if last != '(' {
				b.WriteByte(' ')
			}
		}
	}
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t == BRA:
			sep()
			b.WriteByte('(')
		case t == KET:
			b.WriteByte(')')
		case t.IsText():
			sep()
			b.WriteByte('\'')
			for ; i < len(ts) && ts[i].IsText(); i++ {
				c := byte(ts[i])
				if c == '\'' {
					b.WriteString("''")
				} else {
					b.WriteByte(c)
				}
			}
			i--
			b.WriteByte('\'')
		case t.IsInt():
			sep()
			b.WriteString(strconv.Itoa(t.IntValue()))
		default:
			sep()
			if n := name(t, rep); n != "" {
				b.WriteString(n)
			} else {
				fmt.Fprintf(&b, "0x%04X", uint16(t))
			}
		}
	}
	return b.String()
}

// Parse reads the DAIDE text form (as Format writes it) into tokens,
// with rep naming provinces and powers (nil: fixed tokens only).
func Parse(s string, rep *Rep) ([]Token, error) {
	var out []Token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			out = append(out, BRA)
			i++
		case c == ')':
			out = append(out, KET)
			i++
		case c == '\'':
			i++
			for {
				if i >= len(s) {
					return nil, fmt.Errorf("daide: unterminated text in %q", s)
				}
				if s[i] == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						out = append(out, Token(CatText<<8|'\''))
						i += 2
						continue
					}
					i++
					break
				}
				out = append(out, Token(CatText<<8|int(s[i])))
				i++
			}
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(s[i:j])
			if err != nil {
				return nil, fmt.Errorf("daide: bad number %q", s[i:j])
			}
			t, err := Int(n)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
			i = j
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\r\n()'", s[j]) < 0 {
				j++
			}
			w := strings.ToUpper(s[i:j])
			t, ok := lookup(w, rep)
			if !ok {
				return nil, fmt.Errorf("daide: unknown token %q", s[i:j])
			}
			out = append(out, t)
			i = j
		}
	}
	return out, nil
}

// lookup finds a token by name: rep's powers and provinces first.
func lookup(w string, rep *Rep) (Token, bool) {
	if rep != nil {
		if t, ok := rep.byName[w]; ok {
			return t, true
		}
	}
	for t, n := range fixedNames {
		if n == w && (rep == nil || t.Cat() != CatPower || !rep.custom) {
			return t, true
		}
	}
	return 0, false
}
