package daide

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/diplomacy/hosted"
	"concordat/host"
	"concordat/store"
	"concordat/store/sqlite"
)

// testClient is a small DAIDE client: it speaks the framing, learns the
// map's names from the RM, and writes and reads messages in text form.
type testClient struct {
	t    *testing.T
	nc   net.Conn
	rep  *Rep // names from the RM only
	in   chan string
	done chan struct{}
	name string // the NME name fixture.join gave it
}

func dial(t *testing.T, addr string) *testClient {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	if err := WriteFrame(nc, IMFrame()); err != nil {
		t.Fatal(err)
	}
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	f, err := ReadFrame(nc)
	if err != nil || f.Type != TypeRM {
		t.Fatalf("first message %v, %v; want an RM", f.Type, err)
	}
	names, err := DecodeRM(f.Body)
	if err != nil {
		t.Fatal(err)
	}
	rep := &Rep{names: map[Token]string{}, byName: map[string]Token{}, custom: true}
	for tok, n := range names {
		rep.names[tok], rep.byName[n] = n, tok
	}
	c := &testClient{t: t, nc: nc, rep: rep, in: make(chan string, 1000), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			nc.SetReadDeadline(time.Now().Add(60 * time.Second))
			f, err := ReadFrame(nc)
			if err != nil {
				close(c.in)
				return
			}
			switch f.Type {
			case TypeDM:
				ts, _, err := DecodeDM(f.Body, nil)
				if err != nil {
					c.in <- "bad DM"
					continue
				}
				c.in <- Format(ts, c.rep)
			case TypeEM:
				c.in <- fmt.Sprintf("EM %d", int(f.Body[0])<<8|int(f.Body[1]))
			case TypeFM:
				c.in <- "FM"
			}
		}
	}()
	return c
}

func (c *testClient) send(s string) {
	c.t.Helper()
	ts, err := Parse(s, c.rep)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := WriteFrame(c.nc, DMFrame(ts)); err != nil {
		c.t.Fatal(err)
	}
}

// next is the next message (fails after a while without one).
func (c *testClient) next() string {
	c.t.Helper()
	select {
	case m, ok := <-c.in:
		if !ok {
			c.t.Fatal("connection closed")
		}
		return m
	case <-time.After(10 * time.Second):
		c.t.Fatal("no message")
	}
	return ""
}

// expect reads the next message and checks it begins with prefix.
func (c *testClient) expect(prefix string) string {
	c.t.Helper()
	m := c.next()
	if !strings.HasPrefix(m, prefix) {
		c.t.Fatalf("got %q, want %q…", m, prefix)
	}
	return m
}

// until reads messages up to one beginning with prefix, returning the
// ones before it and it.
func (c *testClient) until(prefix string) ([]string, string) {
	c.t.Helper()
	var before []string
	for {
		m := c.next()
		if strings.HasPrefix(m, prefix) {
			return before, m
		}
		before = append(before, m)
	}
}

type fixture struct {
	h    *host.Host
	srv  *Server
	addr string
	game int64
}

func newFixture(t *testing.T, opts string) *fixture {
	t.Helper()
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.DiscardHandler)
	h := host.New(st, log, "test", hosted.Rules{})
	ctx, cancel := context.WithCancel(context.Background())
	u := &store.User{Name: "owner", PasswordHash: "x", CreatedAt: time.Now()}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	g, err := h.CreateGame(ctx, u.ID, host.NewGame{Name: "daide", Kind: "diplomacy", Options: json.RawMessage(opts)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	srv := &Server{Host: h, Log: log, Game: g.ID, IMTimeout: 300 * time.Millisecond, Poll: 200 * time.Millisecond}
	srv.Attach()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(ctx, ln)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return &fixture{h: h, srv: srv, addr: ln.Addr().String(), game: g.ID}
}

var powers = []string{"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"}

// join connects seven clients and plays them into the game: NME, MAP,
// MDF (one client), YES (MAP), then HLO, SCO, NOW and TME for each. It
// returns the clients by power.
func (f *fixture) join(t *testing.T, variants string) map[string]*testClient {
	t.Helper()
	byPower := map[string]*testClient{}
	var all []*testClient
	for i := 0; i < 7; i++ {
		c := dial(t, f.addr)
		c.name = fmt.Sprintf("bot%d", i)
		c.send(fmt.Sprintf("NME ('bot%d') ('1.0')", i))
		c.expect(fmt.Sprintf("YES (NME ('bot%d') ('1.0'))", i))
		c.expect("MAP ('standard')")
		if i == 0 {
			c.send("MDF")
			c.expect("MDF (AUS ENG FRA GER ITA RUS TUR)")
		}
		c.send("YES (MAP ('standard'))")
		all = append(all, c)
	}
	for _, c := range all {
		hlo := c.expect("HLO (")
		var pw string
		var code int
		if _, err := fmt.Sscanf(hlo, "HLO (%3s) (%d)", &pw, &code); err != nil {
			t.Fatalf("%q: %v", hlo, err)
		}
		if !strings.HasSuffix(hlo, variants) {
			t.Errorf("HLO variants: %q", hlo)
		}
		if byPower[pw] != nil {
			t.Fatalf("two clients hold %s", pw)
		}
		byPower[pw] = c
		sco := c.expect("SCO ")
		if !sameSet(sco, "ENG", "EDI LON LVP") || !sameSet(sco, "UNO", "BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN") {
			t.Errorf("SCO %q", sco)
		}
		now := c.expect("NOW (SPR 1901)")
		for _, u := range []string{"(RUS FLT (STP SCS))", "(ENG FLT LON)", "(TUR AMY CON)", "(AUS FLT TRI)"} {
			if !strings.Contains(now, u) {
				t.Errorf("NOW lacks %s: %q", u, now)
			}
		}
		c.expect("TME (")
	}
	if len(byPower) != 7 {
		t.Fatalf("%d powers", len(byPower))
	}
	return byPower
}

// sameSet reports whether msg holds a (power centres…) group with these
// centres in any order.
func sameSet(msg, power, centres string) bool {
	i := strings.Index(msg, "("+power+" ")
	if i < 0 {
		return false
	}
	j := strings.Index(msg[i:], ")")
	got := strings.Fields(msg[i+len(power)+2 : i+j])
	want := strings.Fields(centres)
	slices.Sort(got)
	slices.Sort(want)
	return slices.Equal(got, want)
}

// units is the set of units in a NOW or MIS message (the groups after
// the command, the NOW's turn left out), without their brackets.
func units(msg string) []string {
	var out []string
	depth, start := 0, -1
	for i, r := range msg {
		switch r {
		case '(':
			if depth == 0 {
				start = i + 1
			}
			depth++
		case ')':
			depth--
			if depth == 0 {
				out = append(out, msg[start:i])
			}
		}
	}
	if strings.HasPrefix(msg, "NOW") && len(out) > 0 {
		out = out[1:]
	}
	slices.Sort(out)
	return out
}

// ords collects the ORD results of a phase by order, up to the NOW.
func ords(t *testing.T, c *testClient) (map[string]string, []string, string) {
	t.Helper()
	before, now := c.until("NOW ")
	res := map[string]string{}
	var other []string
	for _, m := range before {
		if !strings.HasPrefix(m, "ORD ") {
			other = append(other, m)
			continue
		}
		// ORD (turn) (order) (result)
		k := strings.LastIndex(m, " (")
		order := m[strings.Index(m, ") (")+2 : k]
		res[order] = m[k+1:]
	}
	return res, other, now
}

func TestPlayStandard(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "short": "5m", "press": "none"}`)
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 300) (BTL 300))")
	eng := cs["ENG"]

	// Ill-formed messages: PRN for brackets, HUH with ERR, and the
	// connection stays open.
	eng.send("SUB ((ENG FLT LON) HLD")
	eng.expect("PRN (SUB ((ENG FLT LON) HLD)")
	eng.send("SUB ((ENG FLT LON) MTO)")
	eng.expect("HUH (SUB ((ENG FLT LON) MTO ERR))")
	eng.send("SUB ((ENG FLT LON) SUP NTH)")
	eng.expect("HUH (SUB ((ENG FLT LON) SUP ERR NTH))")
	eng.send("SND (FRA) (PRP (PCE (ENG FRA)))")
	eng.expect("HUH (ERR SND (FRA) (PRP (PCE (ENG FRA))))")
	eng.send("DRW (ENG FRA)")
	eng.expect("HUH (DRW ERR (ENG FRA))")
	eng.send("HLO")
	eng.expect("HLO (ENG)")

	// Orders the server refuses, with the protocol's notes.
	eng.send("SUB ((ENG FLT LON) MTO BUR) ((ENG AMY LON) HLD) ((FRA AMY PAR) HLD) ((ENG FLT LON) BLD) ((ENG FLT EDI) MTO (STP NCS)) ((ENG AMY LVP) MTO NWY)")
	for _, want := range []string{
		"THX ((ENG FLT LON) MTO BUR) (FAR)",
		"THX ((ENG AMY LON) HLD) (NSU)",
		"THX ((FRA AMY PAR) HLD) (NYU)",
		"THX ((ENG FLT LON) BLD) (NRS)",
		"THX ((ENG FLT EDI) MTO (STP NCS)) (FAR)",
		"THX ((ENG AMY LVP) MTO NWY) (FAR)", // not adjacent: it would need CTO
	} {
		eng.expect(want)
	}
	if got := units(eng.expect("MIS ")); !slices.Equal(got, []string{"ENG AMY LVP", "ENG FLT EDI", "ENG FLT LON"}) {
		t.Errorf("MIS %q", got)
	}
	// Spring 1901.
	spring := map[string][]string{
		"ENG": {"((ENG FLT LON) MTO NTH)", "((ENG FLT EDI) MTO NWG)", "((ENG AMY LVP) MTO YOR)"},
		"FRA": {"((FRA AMY PAR) MTO BUR)", "((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR)", "((FRA FLT BRE) MTO MAO)"},
		"GER": {"((GER AMY MUN) MTO BUR)", "((GER FLT KIE) MTO DEN)", "((GER AMY BER) MTO KIE)"},
		"AUS": {"((AUS AMY VIE) MTO GAL)", "((AUS FLT TRI) MTO ALB)", "((AUS AMY BUD) MTO SER)"},
		"RUS": {"((RUS AMY WAR) MTO GAL)", "((RUS FLT SEV) MTO BLA)", "((RUS AMY MOS) MTO UKR)", "((RUS FLT (STP SCS)) MTO GOB)"},
		"ITA": {"((ITA AMY VEN) MTO TYR)", "((ITA AMY ROM) MTO VEN)", "((ITA FLT NAP) MTO ION)"},
		"TUR": {"((TUR FLT ANK) MTO BLA)", "((TUR AMY CON) MTO BUL)", "((TUR AMY SMY) MTO CON)"},
	}
	// Russia first asks to wait: the phase must not close without it.
	rus := cs["RUS"]
	rus.send("NOT (GOF)")
	rus.expect("YES (NOT (GOF))")
	for _, p := range powers {
		c := cs[p]
		c.send("SUB (SPR 1901) " + strings.Join(spring[p], " "))
		for _, o := range spring[p] {
			c.expect("THX " + o + " (MBV)")
		}
	}
	rus.send("MIS")
	rus.expect("MIS")
	f.waitReady(t, 6)
	ld, _ := f.h.GameSeats(context.Background(), f.game)
	if ld.Game.Seq == 0 {
		t.Fatal("no orders stored")
	}
	if st, _ := f.h.State(context.Background(), ld.Game); len(st.(*diplomacy.GameState).History) != 0 {
		t.Fatal("the phase closed while Russia waited")
	}
	rus.send("GOF")
	rus.expect("YES (GOF)")

	wantSpring := map[string]string{
		"((ENG FLT LON) MTO NTH)": "(SUC)", "((ENG FLT EDI) MTO NWG)": "(SUC)", "((ENG AMY LVP) MTO YOR)": "(SUC)",
		"((FRA AMY PAR) MTO BUR)": "(SUC)", "((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR)": "(SUC)", "((FRA FLT BRE) MTO MAO)": "(SUC)",
		"((GER AMY MUN) MTO BUR)": "(BNC)", "((GER FLT KIE) MTO DEN)": "(SUC)", "((GER AMY BER) MTO KIE)": "(SUC)",
		"((AUS AMY VIE) MTO GAL)": "(BNC)", "((AUS FLT TRI) MTO ALB)": "(SUC)", "((AUS AMY BUD) MTO SER)": "(SUC)",
		"((RUS AMY WAR) MTO GAL)": "(BNC)", "((RUS FLT SEV) MTO BLA)": "(BNC)", "((RUS AMY MOS) MTO UKR)": "(SUC)", "((RUS FLT (STP SCS)) MTO GOB)": "(SUC)",
		"((ITA AMY VEN) MTO TYR)": "(SUC)", "((ITA AMY ROM) MTO VEN)": "(SUC)", "((ITA FLT NAP) MTO ION)": "(SUC)",
		"((TUR FLT ANK) MTO BLA)": "(BNC)", "((TUR AMY CON) MTO BUL)": "(SUC)", "((TUR AMY SMY) MTO CON)": "(SUC)",
	}
	for _, p := range powers {
		res, other, now := ords(t, cs[p])
		if len(res) != len(wantSpring) {
			t.Errorf("%s: %d ORD, want %d: %v", p, len(res), len(wantSpring), res)
		}
		for o, r := range wantSpring {
			if res[o] != r {
				t.Errorf("%s: ORD %s: %q, want %q", p, o, res[o], r)
			}
		}
		if len(other) != 0 {
			t.Errorf("%s: besides ORD: %q (no SCO after a spring)", p, other)
		}
		want := []string{"AUS AMY SER", "AUS AMY VIE", "AUS FLT ALB", "ENG AMY YOR", "ENG FLT NTH", "ENG FLT NWG",
			"FRA AMY BUR", "FRA AMY MAR", "FRA FLT MAO", "GER AMY KIE", "GER AMY MUN", "GER FLT DEN",
			"ITA AMY TYR", "ITA AMY VEN", "ITA FLT ION", "RUS AMY UKR", "RUS AMY WAR", "RUS FLT GOB", "RUS FLT SEV",
			"TUR AMY BUL", "TUR AMY CON", "TUR FLT ANK"}
		if !strings.HasPrefix(now, "NOW (FAL 1901)") || !slices.Equal(units(now), want) {
			t.Errorf("%s: %q\nwant units %q", p, now, want)
		}
		cs[p].expect("TME (")
	}

	// Fall 1901: Italy takes Munich with French support; Germany's army
	// is dislodged. Turkey leaves its units unordered (they hold).
	fall := map[string][]string{
		"ENG": {"((ENG FLT NTH) MTO NWY)", "((ENG FLT NWG) HLD)", "((ENG AMY YOR) HLD)"},
		"FRA": {"((FRA AMY BUR) SUP (ITA AMY TYR) MTO MUN)", "((FRA FLT MAO) MTO POR)", "((FRA AMY MAR) HLD)"},
		"GER": {"((GER AMY MUN) HLD)", "((GER FLT DEN) HLD)", "((GER AMY KIE) HLD)"},
		"AUS": {"((AUS AMY VIE) MTO GAL)", "((AUS FLT ALB) MTO GRE)", "((AUS AMY SER) HLD)"},
		"RUS": {"((RUS AMY UKR) MTO RUM)", "((RUS FLT GOB) MTO SWE)", "((RUS AMY WAR) HLD)", "((RUS FLT SEV) HLD)"},
		"ITA": {"((ITA AMY TYR) MTO MUN)", "((ITA AMY VEN) HLD)", "((ITA FLT ION) MTO TUN)"},
	}
	for p, os := range fall {
		c := cs[p]
		c.send("SUB " + strings.Join(os, " "))
		for _, o := range os {
			c.expect("THX " + o + " (MBV)")
		}
	}
	tur := cs["TUR"]
	tur.send("MIS")
	if got := units(tur.expect("MIS ")); !slices.Equal(got, []string{"TUR AMY BUL", "TUR AMY CON", "TUR FLT ANK"}) {
		t.Errorf("Turkey MIS %q", got)
	}
	tur.send("GOF") // ready with orders missing: the server waits for them
	tur.expect("YES (GOF)")
	tur.expect("MIS ")
	tur.send("SUB ((TUR AMY BUL) HLD)")
	tur.expect("THX ((TUR AMY BUL) HLD) (MBV)")
	tur.expect("MIS (TUR")
	tur.send("NOT (SUB ((TUR AMY BUL) HLD))")
	tur.expect("YES (NOT (SUB ((TUR AMY BUL) HLD)))")
	tur.send("SUB ((TUR AMY BUL) HLD) ((TUR AMY CON) HLD) ((TUR FLT ANK) HLD)")
	for i := 0; i < 3; i++ {
		tur.expect("THX ")
	}
	wantFall := map[string]string{
		"((ITA AMY TYR) MTO MUN)": "(SUC)", "((GER AMY MUN) HLD)": "(RET)", "((FRA AMY BUR) SUP (ITA AMY TYR) MTO MUN)": "(SUC)",
		"((ENG FLT NTH) MTO NWY)": "(SUC)", "((RUS AMY UKR) MTO RUM)": "(SUC)", "((AUS AMY VIE) MTO GAL)": "(SUC)",
		"((TUR AMY CON) HLD)": "(SUC)",
	}
	for _, p := range powers {
		res, other, now := ords(t, cs[p])
		for o, r := range wantFall {
			if res[o] != r {
				t.Errorf("%s: ORD %s: %q, want %q", p, o, res[o], r)
			}
		}
		if len(res) != 22 {
			t.Errorf("%s: %d ORD, want 22", p, len(res))
		}
		if len(other) != 0 {
			t.Errorf("%s: %q before NOW (no SCO before the fall retreats)", p, other)
		}
		if !strings.HasPrefix(now, "NOW (AUT 1901)") {
			t.Errorf("%s: %q", p, now)
		}
		i := strings.Index(now, "(GER AMY MUN MRT (")
		if i < 0 {
			t.Fatalf("%s: no dislodged Munich in %q", p, now)
		}
		rs := strings.Fields(now[i+len("(GER AMY MUN MRT (") : i+strings.Index(now[i:], "))")])
		slices.Sort(rs)
		if !slices.Equal(rs, []string{"BER", "BOH", "RUH", "SIL"}) {
			t.Errorf("Munich's retreats %q, want BER BOH RUH SIL", rs)
		}
		cs[p].expect("TME (")
	}
	ger := cs["GER"]
	ger.send("MIS")
	ger.expect("MIS (GER AMY MUN MRT (")
	ger.send("SUB ((GER AMY MUN) RTO TYR)")
	ger.expect("THX ((GER AMY MUN) RTO TYR) (NVR)")
	ger.expect("MIS (GER AMY MUN MRT (")
	ger.send("SUB ((GER AMY MUN) RTO BER)")
	ger.expect("THX ((GER AMY MUN) RTO BER) (MBV)")
	for _, p := range powers {
		res, other, now := ords(t, cs[p])
		if len(res) != 1 || res["((GER AMY MUN) RTO BER)"] != "(SUC)" {
			t.Errorf("%s: retreat results %v", p, res)
		}
		if len(other) != 1 {
			t.Fatalf("%s: want one SCO after the fall: %q", p, other)
		}
		sco := other[0]
		for pw, want := range map[string]string{"ENG": "EDI LON LVP NWY", "FRA": "BRE MAR PAR POR", "GER": "BER DEN KIE",
			"ITA": "MUN NAP ROM TUN VEN", "AUS": "BUD GRE SER TRI VIE", "RUS": "MOS RUM SEV STP SWE WAR", "TUR": "ANK BUL CON SMY"} {
			if !sameSet(sco, pw, want) {
				t.Errorf("%s: %s's centres in %q, want %s", p, pw, sco, want)
			}
		}
		if !strings.HasPrefix(now, "NOW (WIN 1901)") || !strings.Contains(now, "(GER AMY BER)") {
			t.Errorf("%s: %q", p, now)
		}
		cs[p].expect("TME (")
	}

	// Winter 1901: builds, with the notes for the wrong ones.
	fra := cs["FRA"]
	fra.send("SUB ((FRA AMY MAR) BLD) ((FRA AMY SPA) BLD) ((FRA AMY BUR) REM)")
	fra.expect("THX ((FRA AMY MAR) BLD) (ESC)")
	fra.expect("THX ((FRA AMY SPA) BLD) (YSC)")
	fra.expect("THX ((FRA AMY BUR) REM) (NMR)")
	fra.expect("MIS (-1)")
	rus.send("SUB ((RUS FLT STP) BLD) ((RUS AMY MOS) BLD) (RUS WVE)")
	rus.expect("THX ((RUS FLT STP) BLD) (CST)")
	rus.expect("THX ((RUS AMY MOS) BLD) (MBV)")
	rus.expect("THX (RUS WVE) (MBV)")
	tur.send("SUB ((TUR AMY SMY) BLD) ((TUR FLT ANK) BLD)")
	tur.expect("THX ((TUR AMY SMY) BLD) (MBV)")
	tur.expect("THX ((TUR FLT ANK) BLD) (ESC)")
	ger.send("MIS")
	ger.expect("MIS")
	builds := map[string][]string{
		"FRA": {"((FRA FLT BRE) BLD)"},
		"ENG": {"((ENG FLT LON) BLD)"},
		"ITA": {"((ITA FLT NAP) BLD)", "((ITA AMY ROM) BLD)"},
		"AUS": {"((AUS AMY BUD) BLD)", "((AUS FLT TRI) BLD)"},
	}
	for p, os := range builds {
		c := cs[p]
		c.send("SUB " + strings.Join(os, " "))
		for _, o := range os {
			c.expect("THX " + o + " (MBV)")
		}
	}
	wantWinter := map[string]string{"((FRA FLT BRE) BLD)": "(SUC)", "((ENG FLT LON) BLD)": "(SUC)", "((ITA FLT NAP) BLD)": "(SUC)",
		"((ITA AMY ROM) BLD)": "(SUC)", "((AUS AMY BUD) BLD)": "(SUC)", "((AUS FLT TRI) BLD)": "(SUC)", "((RUS AMY MOS) BLD)": "(SUC)",
		"(RUS WVE)": "(SUC)", "((TUR AMY SMY) BLD)": "(SUC)"}
	for _, p := range powers {
		res, _, now := ords(t, cs[p])
		if len(res) != len(wantWinter) {
			t.Errorf("%s: %d ORD, want %d: %v", p, len(res), len(wantWinter), res)
		}
		for o, r := range wantWinter {
			if res[o] != r {
				t.Errorf("%s: ORD %s: %q, want %q", p, o, res[o], r)
			}
		}
		if got := len(units(now)); !strings.HasPrefix(now, "NOW (SPR 1902)") || got != 30 {
			t.Errorf("%s: %d units after the builds, want 30: %q", p, got, now)
		}
		cs[p].expect("TME (")
	}

	// History and the last results on request.
	eng.send("HST (SPR 1901)")
	res, _, now := ords(t, eng)
	if res["((GER AMY MUN) MTO BUR)"] != "(BNC)" || !strings.HasPrefix(now, "NOW (FAL 1901)") {
		t.Errorf("HST: %v %q", res, now)
	}
	eng.send("TME")
	eng.expect("TME (")

	// Everyone accepts a draw: the game ends, DRW then OFF.
	for _, p := range powers {
		cs[p].send("DRW")
		cs[p].expect("YES (DRW)")
	}
	for _, p := range powers {
		cs[p].until("DRW")
		cs[p].expect("SMR (SPR 1902) (AUS ('bot")
		cs[p].expect("OFF")
	}
	g, _, _ := f.h.Game(context.Background(), f.game)
	if g.Status != store.Finished {
		t.Errorf("game %s, want finished", g.Status)
	}
}

// waitReady waits until n seats are ready in the open window.
func (f *fixture) waitReady(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < 200; i++ {
		g, _, _ := f.h.Game(context.Background(), f.game)
		st, err := f.h.State(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		ready := 0
		for _, p := range (hosted.Rules{}).Pending(st) {
			if p.Ready {
				ready++
			}
		}
		if ready >= n {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("fewer than %d seats ready", n)
}
