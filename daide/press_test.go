package daide

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// joinWithPerson seats a person (an account of the host) as England,
// then six DAIDE clients in the other seats; it returns the person's
// account and the clients by power.
func (f *fixture) joinWithPerson(t *testing.T, level string) (int64, map[string]*testClient) {
	t.Helper()
	ctx := context.Background()
	u := &store.User{Name: "alice", PasswordHash: "x", CreatedAt: time.Now()}
	if err := f.h.Store.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.Join(ctx, u.ID, f.game, "england"); err != nil {
		t.Fatal(err)
	}
	var all []*testClient
	for i := 0; i < 6; i++ {
		c := dial(t, f.addr)
		c.send(fmt.Sprintf("NME ('bot%d') ('1.0')", i))
		c.expect("YES (NME")
		c.expect("MAP ('standard')")
		c.send("YES (MAP ('standard'))")
		all = append(all, c)
	}
	cs := map[string]*testClient{}
	for _, c := range all {
		hlo := c.expect("HLO (")
		if !strings.Contains(hlo, "((LVL "+level+")") {
			t.Fatalf("HLO %q, want level %s", hlo, level)
		}
		cs[hlo[5:8]] = c
		c.expect("SCO ")
		c.expect("NOW ")
		c.expect("TME ")
	}
	if len(cs) != 6 || cs["ENG"] != nil {
		t.Fatalf("clients hold %d powers (England among them: %v)", len(cs), cs["ENG"] != nil)
	}
	return u.ID, cs
}

// lastBody is the body of the last message the user reads.
func (f *fixture) lastBody(t *testing.T, user int64) (string, string) {
	t.Helper()
	ms, err := f.h.Messages(context.Background(), user, f.game, 0)
	if err != nil || len(ms) == 0 {
		t.Fatalf("no message to read (%v)", err)
	}
	m := ms[len(ms)-1]
	return m.Body, m.Channel
}

// Press at level 10 between DAIDE seats, and between them and a person:
// SND is delivered as FRM to the powers named, and posted as the game's
// press in English with its DAIDE form; a person's message in DAIDE's
// notation reaches the DAIDE seats, other text does not.
func TestPress(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "full"}`)
	alice, cs := f.joinWithPerson(t, "10")
	ctx := context.Background()
	fra, ger, ita := cs["FRA"], cs["GER"], cs["ITA"]

	// France proposes peace to Germany, England reading.
	fra.send("SND (ENG GER) (PRP (PCE (FRA GER)))")
	fra.expect("YES (SND (ENG GER) (PRP (PCE (FRA GER))))")
	ger.expect("FRM (FRA) (ENG GER) (PRP (PCE (FRA GER)))")
	body, ch := f.lastBody(t, alice)
	if ch != "england,france,germany" || !strings.HasPrefix(body, "I propose peace between France and Germany.") ||
		!strings.HasSuffix(body, "\nDAIDE: PRP (PCE (FRA GER))") {
		t.Errorf("England reads %q on %q", body, ch)
	}
	// Germany accepts, to both.
	ger.send("SND (FRA ENG) (YES (PRP (PCE (FRA GER))))")
	ger.expect("YES (SND (FRA ENG) (YES (PRP (PCE (FRA GER)))))")
	fra.expect("FRM (GER) (ENG FRA) (YES (PRP (PCE (FRA GER))))")
	if body, _ := f.lastBody(t, alice); !strings.HasPrefix(body, "I accept the proposal of peace between France and Germany.") {
		t.Errorf("England reads %q", body)
	}

	// A person's text reaches a DAIDE seat only as a DAIDE message.
	if _, err := f.h.Post(ctx, alice, f.game, []game.Seat{"france"}, "Hello France, shall we talk?"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.Post(ctx, alice, f.game, []game.Seat{"france"}, "prp (aly (eng fra) vss (ger))"); err != nil {
		t.Fatal(err)
	}
	fra.expect("FRM (ENG) (FRA) (PRP (ALY (ENG FRA) VSS (GER)))")
	if _, err := f.h.Post(ctx, alice, f.game, nil, "Let us end this.\nDAIDE: PRP (DRW)"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"AUS", "FRA", "GER", "ITA", "RUS", "TUR"} {
		cs[p].expect("FRM (ENG) (AUS FRA GER ITA RUS TUR) (PRP (DRW))")
	}

	// Refusals: a level-20 arrangement (HUH), the sender among the
	// recipients, another turn (REJ); a TRY loses its higher tokens.
	fra.send("SND (GER) (PRP (XDO ((FRA AMY PAR) HLD)))")
	fra.expect("HUH (SND (GER) (PRP (ERR XDO ((FRA AMY PAR) HLD))))")
	fra.send("SND (GER) (PRP (PCE (FRA)))")
	fra.expect("HUH (SND (GER) (PRP (PCE (FRA ERR))))")
	fra.send("SND (FRA GER) (PRP (DRW))")
	fra.expect("REJ (SND (FRA GER) (PRP (DRW)))")
	fra.send("SND (SPR 1905) (GER) (PRP (DRW))")
	fra.expect("REJ (SND (SPR 1905) (GER) (PRP (DRW)))")
	fra.send("SND (SPR 1901) (GER) (TRY (PRP PCE XDO AND YES))")
	fra.expect("YES (SND (SPR 1901) (GER) (TRY (PRP PCE XDO AND YES)))")
	ger.expect("FRM (FRA) (GER) (TRY (PRP PCE YES))")
	ger.send("SND (FRA) (HUH (PRP (ERR XDO ((FRA AMY PAR) HLD))))")
	ger.expect("YES (SND")
	fra.expect("FRM (GER) (FRA) (HUH (PRP (ERR XDO ((FRA AMY PAR) HLD))))")
	ms, err := f.h.Messages(ctx, alice, f.game, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if strings.Contains(m.Body, "TRY") || strings.Contains(m.Body, "HUH") {
			t.Errorf("England reads press between France and Germany: %q", m.Body)
		}
	}

	// What a bot of level 0 built on David Norman's framework answers to
	// any FRM: HUH with ERR first, and an empty TRY.
	ger.send("SND (FRA) (HUH (ERR PRP (PCE (FRA GER))))")
	ger.expect("YES (SND")
	ger.send("SND (FRA) (TRY ())")
	ger.expect("YES (SND")
	fra.expect("FRM (GER) (FRA) (HUH (ERR PRP (PCE (FRA GER))))")
	fra.expect("FRM (GER) (FRA) (TRY ())")

	// A power whose client is gone is in civil disorder: press to it is
	// answered CCD (power) and goes to nobody.
	ita.nc.Close()
	<-ita.done
	fra.expect("CCD (ITA)")
	ger.expect("CCD (ITA)")
	fra.send("SND (GER ITA) (PRP (PCE (FRA GER ITA)))")
	fra.expect("CCD (ITA)")
	ger.send("SND (FRA) (PRP (SLO (GER)))")
	ger.expect("YES (SND")
	// Germany's message is the next France gets: nothing came from the
	// refused one.
	fra.expect("FRM (GER) (FRA) (PRP (SLO (GER)))")
}

// A game of public press: SND must name every other power, and goes to
// the public channel; a gunboat game is level 0 and answers SND with HUH.
func TestPressPublicAndGunboat(t *testing.T) {
	f := newFixture(t, `{"phase": "10m", "press": "public"}`)
	alice, cs := f.joinWithPerson(t, "10")
	fra := cs["FRA"]
	fra.send("SND (GER) (PRP (PCE (FRA GER)))")
	fra.expect("REJ (SND (GER) (PRP (PCE (FRA GER))))")
	fra.send("SND (AUS ENG GER ITA RUS TUR) (PRP (DRW))")
	fra.expect("YES (SND")
	for _, p := range []string{"AUS", "GER", "ITA", "RUS", "TUR"} {
		cs[p].expect("FRM (FRA) (AUS ENG GER ITA RUS TUR) (PRP (DRW))")
	}
	if body, ch := f.lastBody(t, alice); ch != "public" || !strings.HasPrefix(body, "I propose a draw.") {
		t.Errorf("England reads %q on %q", body, ch)
	}

	g := newFixture(t, `{"phase": "10m", "press": "none"}`)
	_, gs := g.joinWithPerson(t, "0")
	gs["FRA"].send("SND (GER) (PRP (PCE (FRA GER)))")
	gs["FRA"].expect("HUH (ERR SND (GER) (PRP (PCE (FRA GER))))")
}

// The English rendering of the level-10 messages, and reading a body
// back.
func TestPressText(t *testing.T) {
	f := newFixture(t, `{"phase": "10m"}`)
	rep, err := f.srv.Rep(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ daide, english string }{
		{"PRP (PCE (ENG FRA GER))", "I propose peace between England, France and Germany."},
		{"PRP (ALY (ENG FRA) VSS (GER))", "I propose an alliance of England and France against Germany."},
		{"PRP (DRW (ENG FRA))", "I propose a draw between England and France."},
		{"PRP (SLO (TUR))", "I propose a solo victory for Turkey."},
		{"PRP (NOT (PCE (ENG FRA)))", "I propose the opposite of peace between England and France."},
		{"FCT (NAR (PCE (ENG FRA)))", "It is a fact: no arrangement on peace between England and France."},
		{"REJ (PRP (DRW))", "I reject the proposal of a draw."},
		{"BWX (PRP (DRW))", "None of your business: the proposal of a draw."},
		{"CCL (PRP (DRW))", "I withdraw my message: I propose a draw."},
		{"TRY (PRP PCE)", "I understand these press tokens: PRP PCE."},
		{"TRY ()", "I understand no press."},
		{"HUH (ERR PRP (DRW))", "I do not understand: ERR PRP (DRW)"},
	} {
		ts, err := Parse(c.daide, rep)
		if err != nil {
			t.Fatal(err)
		}
		body := rep.pressBody(ts)
		if want := c.english + "\n\nDAIDE: " + c.daide; body != want {
			t.Errorf("%s:\n got %q\nwant %q", c.daide, body, want)
		}
		back, ok := rep.pressOf(body)
		if !ok || Format(back, rep) != c.daide {
			t.Errorf("%s read back as %q (%v)", c.daide, Format(back, rep), ok)
		}
	}
	for _, bad := range []string{"hello", "PRP (XDO ((ENG FLT LON) HLD))", "PRP (PCE (ENG)", "DRW", "PRP (PCE (ENG FRA)) PRP (DRW)"} {
		if ts, ok := rep.pressOf(bad); ok {
			t.Errorf("%q read as press %q", bad, Format(ts, rep))
		}
	}
}
