package daide

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"concordat/host"
	"concordat/store"
)

// raw connects without the IM exchange.
func raw(t *testing.T, addr string) net.Conn {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	return nc
}

// expectEM reads frames up to an EM and checks its code, then that the
// server closed the connection.
func expectEM(t *testing.T, nc net.Conn, code int) {
	t.Helper()
	for {
		f, err := ReadFrame(nc)
		if err != nil {
			t.Fatalf("no EM %d: %v", code, err)
		}
		if f.Type == TypeEM {
			if got := int(f.Body[0])<<8 | int(f.Body[1]); got != code {
				t.Fatalf("EM %d, want %d", got, code)
			}
			break
		}
	}
	if _, err := ReadFrame(nc); err == nil {
		t.Fatal("connection still open after EM")
	}
}

func TestProtocolErrors(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	t.Run("DM before IM", func(t *testing.T) {
		nc := raw(t, f.addr)
		WriteFrame(nc, DMFrame([]Token{OBS}))
		expectEM(t, nc, ErrIMNotFirst)
	})
	t.Run("wrong magic", func(t *testing.T) {
		nc := raw(t, f.addr)
		WriteFrame(nc, Frame{Type: TypeIM, Body: []byte{0, 1, 0xAB, 0xCD}})
		expectEM(t, nc, ErrIMMagic)
	})
	t.Run("wrong endian", func(t *testing.T) {
		nc := raw(t, f.addr)
		WriteFrame(nc, Frame{Type: TypeIM, Body: []byte{1, 0, 0x10, 0xDA}})
		expectEM(t, nc, ErrIMEndian)
	})
	t.Run("version", func(t *testing.T) {
		nc := raw(t, f.addr)
		WriteFrame(nc, Frame{Type: TypeIM, Body: []byte{0, 9, 0xDA, 0x10}})
		expectEM(t, nc, ErrVersion)
	})
	t.Run("short IM", func(t *testing.T) {
		nc := raw(t, f.addr)
		WriteFrame(nc, Frame{Type: TypeIM, Body: []byte{0, 1}})
		expectEM(t, nc, ErrShort)
	})
	t.Run("no IM in time", func(t *testing.T) {
		nc := raw(t, f.addr)
		expectEM(t, nc, ErrIMTimer)
	})
	after := func(t *testing.T, fr Frame, code int) {
		c := dial(t, f.addr)
		WriteFrame(c.nc, fr)
		if m := c.next(); m != "EM "+itoa(code) {
			t.Fatalf("got %q, want EM %d", m, code)
		}
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			t.Fatal("connection still open after EM")
		}
	}
	t.Run("second IM", func(t *testing.T) { after(t, IMFrame(), ErrIMTwice) })
	t.Run("RM from client", func(t *testing.T) { after(t, Frame{Type: TypeRM}, ErrRMFromClient) })
	t.Run("unknown type", func(t *testing.T) { after(t, Frame{Type: 9}, ErrUnknownType) })
	t.Run("odd DM", func(t *testing.T) { after(t, Frame{Type: TypeDM, Body: []byte{0x48}}, ErrShort) })
	t.Run("unknown token", func(t *testing.T) {
		after(t, Frame{Type: TypeDM, Body: []byte{0x48, 0x0C, 0x5F, 0x00}}, ErrInvalidToken)
	})
	t.Run("FM", func(t *testing.T) {
		c := dial(t, f.addr)
		WriteFrame(c.nc, Frame{Type: TypeFM})
		if m := c.next(); m != "FM" {
			t.Fatalf("got %q, want FM", m)
		}
	})
	t.Run("level 0 answers", func(t *testing.T) {
		c := dial(t, f.addr)
		c.send("HLO")
		c.expect("REJ (HLO)") // the game has not started
		c.send("SUB ((ENG FLT LON) HLD)")
		c.expect("REJ (SUB ((ENG FLT LON) HLD))")
		c.send("MIS")
		c.expect("REJ (MIS)")
		c.send("NOW")
		c.expect("NOW (SPR 1901) ")
		c.send("SCO")
		c.expect("SCO (AUS ")
		c.send("ADM ('me') ('hello')") // forwarded to the game's clients: none has joined
		c.send("ADM ('me')")
		c.expect("HUH (ADM ('me') ERR)")
		c.send("NME ('x')")
		c.expect("HUH (NME ('x') ERR)")
		c.send("WIN")
		c.expect("HUH (ERR WIN)")
		c.send("TME")
		c.expect("REJ (TME)")
		c.send("OBS")
		c.expect("YES (OBS)")
		c.expect("MAP ('standard')")
		c.send("OBS")
		c.expect("REJ (OBS)")
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// An observer sees the game start and its results; a player that lost
// its connection rejoins with IAM and its passcode; NME is refused once
// the game is full.
func TestObserveAndRejoin(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	obs := dial(t, f.addr)
	obs.send("OBS")
	obs.expect("YES (OBS)")
	obs.expect("MAP ('standard')")
	obs.send("YES (MAP ('standard'))")
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 600) (BTL 600))")
	obs.expect("HLO (UNO) (0) ((LVL 0)")
	obs.expect("SCO ")
	obs.expect("NOW (SPR 1901)")
	obs.expect("TME (")
	late := dial(t, f.addr)
	late.send("NME ('late') ('1')")
	late.expect("REJ (NME ('late') ('1'))")

	// An admin message goes to every client of the game, observers too.
	cs["FRA"].send("ADM ('Paris') ('back in five minutes')")
	for _, c := range append([]*testClient{obs}, cs["AUS"], cs["FRA"]) {
		c.expect("ADM ('Paris') ('back in five minutes')")
	}
	for _, p := range powers {
		if p != "AUS" && p != "FRA" {
			cs[p].expect("ADM ('Paris')")
		}
	}

	eng := cs["ENG"]
	eng.send("SUB ((ENG FLT LON) MTO NTH)")
	eng.expect("THX ((ENG FLT LON) MTO NTH) (MBV)")
	eng.expect("MIS (")
	eng.send("HLO")
	hlo := eng.expect("HLO (ENG) (")
	code := strings.TrimSuffix(strings.TrimPrefix(hlo, "HLO (ENG) ("), hlo[strings.Index(hlo, ") ((LVL"):])
	eng.nc.Close()
	<-eng.done
	// The others (and the observer) learn that England's client is gone.
	for _, p := range powers {
		if p != "ENG" {
			cs[p].expect("CCD (ENG)")
		}
	}
	obs.expect("CCD (ENG)")

	wrong := "1"
	if code == "1" {
		wrong = "2"
	}
	bad := dial(t, f.addr)
	bad.send("IAM (ENG) (" + wrong + ")")
	bad.expect("REJ (IAM (ENG) (" + wrong + "))")
	bad.send("IAM (FRA) (" + code + ")")
	bad.expect("REJ (IAM (FRA)")
	back := dial(t, f.addr)
	back.send("IAM (ENG) (" + code + ")")
	back.expect("YES (IAM (ENG) (" + code + "))")
	for _, p := range powers {
		if p != "ENG" {
			cs[p].expect("NOT (CCD (ENG))")
		}
	}
	obs.expect("NOT (CCD (ENG))")
	// The orders given before the connection broke stand: MIS lists the
	// two units still to order, and HLO, MAP, NOW answer as before.
	back.send("MIS")
	if got := units(back.expect("MIS (")); !slices.Equal(got, []string{"ENG AMY LVP", "ENG FLT EDI"}) {
		t.Errorf("MIS after IAM %q", got)
	}
	back.send("HLO")
	back.expect(hlo)
	back.send("MAP")
	back.expect("MAP ('standard')")
	// A second IAM with the passcode takes the seat over from a
	// connection that still holds it (one the client lost without the
	// server noticing): the old one is closed, and nobody hears of CCD.
	again := dial(t, f.addr)
	again.send("IAM (ENG) (" + code + ")")
	again.expect("YES (IAM (ENG) (" + code + "))")
	select {
	case <-back.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection taken over is still open")
	}
	back = again
	back.send("SUB ((ENG FLT EDI) MTO NWG) ((ENG AMY LVP) MTO YOR)")
	for i := 0; i < 2; i++ {
		back.expect("THX ")
	}
	// The others hold; the phase resolves once all are in.
	for _, p := range powers {
		if p == "ENG" {
			continue
		}
		c := cs[p]
		c.send("MIS")
		mis := c.expect("MIS ")
		var orders []string
		for _, u := range units(mis) {
			orders = append(orders, "(("+u+") HLD)")
		}
		c.send("SUB " + strings.Join(orders, " "))
		for range orders {
			c.expect("THX ")
		}
	}
	res, _, now := ords(t, obs)
	if res["((ENG FLT LON) MTO NTH)"] != "(SUC)" || !strings.HasPrefix(now, "NOW (FAL 1901)") || !strings.Contains(now, "(ENG FLT NTH)") {
		t.Errorf("observer saw %v %q", res, now)
	}
	res, _, _ = ords(t, back)
	if len(res) != 22 {
		t.Errorf("rejoined client got %d results", len(res))
	}
}

// With no game named, the server hosts games of its own: NME joins the
// forming one, a new one is made once it is full, and a client that
// leaves before its game starts gives its seat up.
func TestOwnGames(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	f.srv.Game = 0
	f.srv.New = host.NewGame{Name: "bots", Variant: "standard", Options: json.RawMessage(`{"phase": "20m", "press": "none"}`)}
	gone := dial(t, f.addr)
	gone.send("NME ('gone') ('1')")
	gone.expect("YES (NME")
	own := func() int64 {
		f.srv.mu.Lock()
		defer f.srv.mu.Unlock()
		return f.srv.own
	}
	first := own()
	if first == 0 || first == f.game {
		t.Fatalf("no game of the server's own (%d)", first)
	}
	gone.nc.Close()
	<-gone.done
	free := func(id int64) int {
		ld, err := f.h.GameSeats(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range ld.Seats {
			if s.UserID == 0 {
				n++
			}
		}
		return n
	}
	for i := 0; i < 100 && free(first) != 7; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	if n := free(first); n != 7 {
		t.Fatalf("%d free seats after the client left, want 7", n)
	}
	f.game = first
	cs := f.join(t, "((LVL 0) (MTL 1200) (RTL 1200) (BTL 1200))")
	next := dial(t, f.addr)
	next.send("NME ('next') ('1')")
	next.expect("YES (NME")
	if own() == first {
		t.Fatal("the eighth client joined the full game")
	}
	if n := free(own()); n != 6 {
		t.Errorf("the new game has %d free seats, want 6", n)
	}

	// A bot of the first game loses its connection and is started again:
	// its NME is refused (not seated in the new game), and IAM with its
	// passcode takes its seat back, in the first game.
	eng := cs["ENG"]
	eng.send("HLO")
	hlo := eng.expect("HLO (ENG) (")
	code := hlo[len("HLO (ENG) ("):strings.Index(hlo, ") ((")]
	eng.nc.Close()
	<-eng.done
	cs["FRA"].expect("CCD (ENG)")
	again := dial(t, f.addr)
	again.send("NME ('" + eng.name + "') ('1.0')")
	again.expect("REJ (NME ('" + eng.name + "') ('1.0'))")
	again.send("IAM (ENG) (" + code + ")")
	again.expect("YES (IAM (ENG) (" + code + "))")
	cs["FRA"].expect("NOT (CCD (ENG))")
	again.send("NOW")
	again.expect("NOW (SPR 1901)")
	if n := free(own()); n != 6 {
		t.Errorf("the new game has %d free seats after the IAM, want 6", n)
	}
	// Another client is seated in the new game as before.
	other := dial(t, f.addr)
	other.send("NME ('other') ('1')")
	other.expect("YES (NME")
	if n := free(own()); n != 5 {
		t.Errorf("the new game has %d free seats, want 5", n)
	}
}

// A map with powers of its own (Hundred: England, France, Burgundy) plays
// through the adapter with the names the RM gives: HLO, NOW, MIS and
// ORD use them, and a phase of holds resolves.
func TestVariantMap(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	ctx := context.Background()
	u := &store.User{Name: "owner2", PasswordHash: "x", CreatedAt: time.Now()}
	if err := f.h.Store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	g, err := f.h.CreateGame(ctx, u.ID, host.NewGame{Name: "hundred", Kind: "diplomacy", Variant: "hundred", Options: json.RawMessage(`{"phase": "10m"}`)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Game = g.ID
	var cs []*testClient
	for i := 0; i < 3; i++ {
		c := dial(t, f.addr)
		c.send("NME ('b') ('1')")
		c.expect("YES (NME")
		c.expect("MAP ('hundred')")
		c.send("MDF")
		mdf := c.expect("MDF (")
		if strings.Contains(mdf, "0x") {
			t.Fatalf("MDF names a token the RM did not: %q", mdf)
		}
		c.send("YES (MAP ('hundred'))")
		cs = append(cs, c)
	}
	seen := map[string]bool{}
	for _, c := range cs {
		hlo := c.expect("HLO (")
		pw := hlo[5:8]
		if seen[pw] || c.rep.byName[pw].Cat() != CatPower {
			t.Fatalf("HLO %q: power %s not a power of the RM (or twice)", hlo, pw)
		}
		seen[pw] = true
		c.expect("SCO ")
		now := c.expect("NOW (SPR 1425)")
		if strings.Contains(now, "0x") {
			t.Fatalf("NOW %q", now)
		}
		c.expect("TME ")
	}
	total := 0
	for _, c := range cs {
		c.send("MIS")
		mis := c.expect("MIS (")
		var orders []string
		for _, u := range units(mis) {
			orders = append(orders, "(("+u+") HLD)")
		}
		total += len(orders)
		c.send("SUB " + strings.Join(orders, " "))
		for _, o := range orders {
			c.expect("THX " + o + " (MBV)")
		}
	}
	for _, c := range cs {
		res, _, now := ords(t, c)
		if len(res) != total || !strings.HasPrefix(now, "NOW (FAL 1425)") {
			t.Errorf("%d results for %d units; %q", len(res), total, now)
		}
		for o, r := range res {
			if r != "(SUC)" {
				t.Errorf("%s: %s", o, r)
			}
		}
	}
}

// A game won outright ends with SLO (power) and OFF: here the others
// concede to France (from the web: DAIDE has no word for conceding).
func TestSolo(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 600) (BTL 600))")
	ld, err := f.h.GameSeats(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ld.Seats {
		if s.Seat != "france" {
			if _, err := f.h.Vote(context.Background(), s.UserID, f.game, host.VoteConcede, "france"); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, p := range powers {
		cs[p].until("SLO (FRA)")
		smr := cs[p].expect("SMR (SPR 1901) (")
		if i == 0 && (!strings.Contains(smr, "(ENG ('bot") || !strings.Contains(smr, "('1.0') 3)") || !strings.Contains(smr, "(RUS ('bot")) {
			t.Errorf("SMR %q", smr)
		}
		cs[p].expect("OFF")
	}
}

// A power whose holder misses two deadlines in a row is announced in
// civil disorder (CCD), and out of it (NOT (CCD)) once it orders again.
func TestCivilDisorder(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 600) (BTL 600))")
	ctx := context.Background()
	deadline := func() {
		t.Helper()
		g, _, err := f.h.Game(ctx, f.game)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.h.RunJob(ctx, store.Job{GameID: f.game, Kind: "deadline", Seq: g.Seq, DueAt: g.Deadline}); err != nil {
			t.Fatal(err)
		}
	}
	hold := func(p string) {
		t.Helper()
		c := cs[p]
		c.send("MIS")
		var orders []string
		for _, u := range units(c.expect("MIS (")) {
			orders = append(orders, "(("+u+") HLD)")
		}
		c.send("NOT (GOF)") // so that the deadline, not the last order, closes the phase
		c.expect("YES (NOT (GOF))")
		c.send("SUB " + strings.Join(orders, " "))
		for range orders {
			c.expect("THX ")
		}
	}
	for round := 0; round < 2; round++ {
		for _, p := range powers {
			if p != "TUR" {
				hold(p)
			}
		}
		deadline()
		for _, p := range powers {
			_, _, now := ords(t, cs[p])
			if !strings.HasPrefix(now, "NOW (") {
				t.Fatal(now)
			}
			cs[p].expect("TME (")
		}
	}
	for _, p := range powers {
		cs[p].expect("CCD (TUR)")
	}
	for _, p := range powers {
		hold(p)
	}
	deadline()
	for _, p := range powers {
		// NOT (CCD) comes once Turkey's holder has ordered again: when it
		// submits or when the phase closes, as the host counts it.
		if _, other, _ := ords(t, cs[p]); !slices.Contains(other, "NOT (CCD (TUR))") {
			cs[p].until("NOT (CCD (TUR))")
		}
	}
}

// TME (seconds) asks for a warning that many seconds before each
// deadline; one longer than the game's windows is refused.
func TestTimeWarnings(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 600) (BTL 600))")
	c := cs["ENG"]
	c.send("TME (601)")
	c.expect("REJ (TME (601))")
	c.send("TME (600)")
	c.expect("YES (TME (600))")
	tme := c.expect("TME (")
	var n int
	if _, err := fmt.Sscanf(tme, "TME (%d)", &n); err != nil || n > 600 || n < 590 {
		t.Fatalf("warning %q", tme)
	}
	c.send("NOT (TME (5))")
	c.expect("REJ (NOT (TME (5)))")
	c.send("NOT (TME (600))")
	c.expect("YES (NOT (TME (600)))")
	c.send("NOT (TME)")
	c.expect("YES (NOT (TME))")
}

// holdAll has every client order its units to hold, as MIS lists them.
func holdAll(t *testing.T, cs map[string]*testClient) {
	t.Helper()
	for _, p := range powers {
		c := cs[p]
		c.send("MIS")
		var orders []string
		for _, u := range units(c.expect("MIS (")) {
			orders = append(orders, "(("+u+") HLD)")
		}
		c.send("SUB " + strings.Join(orders, " "))
		for range orders {
			c.expect("THX ")
		}
	}
}

// A DRW holds for the turn it is sent in: once the turn processes, the
// power's draw vote is withdrawn (the client sends DRW again each turn
// it still wants a draw).
func TestDrawOneTurn(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "none"}`)
	cs := f.join(t, "((LVL 0) (MTL 600) (RTL 600) (BTL 600))")
	vote := func() string {
		t.Helper()
		vs, err := f.h.Store.Votes(context.Background(), f.game)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			if v.Kind == host.VoteDraw && v.Seat == "england" {
				return v.Value
			}
		}
		return ""
	}
	cs["ENG"].send("DRW")
	cs["ENG"].expect("YES (DRW)")
	if v := vote(); v != "yes" {
		t.Fatalf("England's draw vote %q after DRW, want yes", v)
	}
	holdAll(t, cs)
	for _, p := range powers {
		if _, _, now := ords(t, cs[p]); !strings.HasPrefix(now, "NOW (FAL 1901)") {
			t.Fatalf("%s: %q", p, now)
		}
		cs[p].expect("TME (")
	}
	if v := vote(); v == "yes" {
		t.Fatal("England's DRW still counts after the turn processed")
	}
	cs["ENG"].send("NOT (DRW)")
	cs["ENG"].expect("YES (NOT (DRW))")
}
