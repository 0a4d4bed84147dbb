package daide

import (
	"context"
	"strings"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host"
)

// Press at syntax level 10 (peace and alliances).
//
// A DAIDE seat's SND is posted as the game's press, so that people read
// it: its body is an English rendering of the message, then a last line
// "DAIDE: " and the message in the documents' notation, from which a
// DAIDE recipient reads it back (FRM). A person's message reaches a DAIDE
// seat when it is itself a press message in that notation (the whole
// text, or a last line "DAIDE: …"); other text is not delivered to DAIDE
// seats, which could not read it.

// pressPrefix starts the line of a message body that holds its DAIDE form.
const pressPrefix = "DAIDE: "

// pressLevel is the DAIDE syntax level of a game's press mode: 10 where
// players write to each other under their powers' names (full press; and
// public press, where every message goes to all), 0 for gunboat games and
// anonymous press (DAIDE names the sender of every message). public
// reports a game whose press is public only.
func pressLevel(o host.Options) (level int, public bool) {
	switch o.Press {
	case host.PressFull, "":
		return 10, false
	case host.PressPublic:
		return 10, true
	}
	return 0, false
}

// tryLevel10 are the press tokens a TRY may list at level 10; the server
// removes the others before passing a TRY on.
var tryLevel10 = map[Token]bool{PRP: true, PCE: true, ALY: true, VSS: true, DRW: true, SLO: true, NOT: true, YES: true, REJ: true, BWX: true}

// checkPress checks a press message (the bracketed node n: PRP, FCT, CCL,
// TRY, or a reply YES, REJ, BWX, HUH) against level 10's syntax.
func (rep *Rep) checkPress(n Node, end int) *SyntaxError {
	if !n.IsList || len(n.List) == 0 || n.List[0].IsList {
		return errAt(&n, end, "want a press message")
	}
	head, args := n.List[0], n.List[1:]
	one := func() (*Node, *SyntaxError) {
		if len(args) == 0 {
			return nil, errAt(nil, closing(n), "want (…)")
		}
		if !args[0].IsList {
			return nil, errAt(&args[0], end, "want (…)")
		}
		if len(args) > 1 {
			return nil, errAt(&args[1], end, "one argument")
		}
		return &args[0], nil
	}
	switch head.Tok {
	case PRP, FCT:
		a, err := one()
		if err != nil {
			return err
		}
		return rep.checkArrangement(*a, end)
	case CCL, YES, REJ, BWX:
		a, err := one()
		if err != nil {
			return err
		}
		return rep.checkPress(*a, end)
	case HUH:
		// The message not understood, with ERR in it: any tokens.
		_, err := one()
		return err
	case TRY:
		a, err := one()
		if err != nil {
			return err
		}
		for i := range a.List {
			if k := a.List[i]; k.IsList || k.Tok.Cat() != CatPress && k.Tok.Cat() != CatCommand {
				return errAt(&a.List[i], end, "want press tokens")
			}
		}
		return nil
	}
	return errAt(&head, end, "not a press message of level 10")
}

// closing is the index of the closing bracket of list n.
func closing(n Node) int { return n.At + len(Flatten([]Node{n})) - 1 }

// checkArrangement checks an arrangement: PCE (powers), ALY (powers) VSS
// (powers), DRW [(powers)], SLO (power), NOT (arrangement), NAR
// (arrangement).
func (rep *Rep) checkArrangement(n Node, end int) *SyntaxError {
	if len(n.List) == 0 || n.List[0].IsList {
		return errAt(&n, end, "want an arrangement")
	}
	head, args := n.List[0], n.List[1:]
	powers := func(k *Node, min int) *SyntaxError {
		if !k.IsList {
			return errAt(k, end, "want (power …)")
		}
		if len(k.List) < min {
			return errAt(nil, closing(*k), "want more powers")
		}
		for i := range k.List {
			if p := k.List[i]; p.IsList || rep.powerOf == nil || !isPower(rep, p.Tok) {
				return errAt(&k.List[i], end, "want a power")
			}
		}
		return nil
	}
	count := func(want int) *SyntaxError {
		if len(args) < want {
			return errAt(nil, closing(n), "too few arguments")
		}
		if len(args) > want {
			return errAt(&args[want], end, "too many arguments")
		}
		return nil
	}
	switch head.Tok {
	case PCE:
		if err := count(1); err != nil {
			return err
		}
		return powers(&args[0], 2)
	case ALY:
		if err := count(3); err != nil {
			return err
		}
		if err := powers(&args[0], 2); err != nil {
			return err
		}
		if !args[1].is(VSS) {
			return errAt(&args[1], end, "want VSS")
		}
		return powers(&args[2], 1)
	case DRW:
		if len(args) == 0 {
			return nil
		}
		if err := count(1); err != nil {
			return err
		}
		return powers(&args[0], 2)
	case SLO:
		if err := count(1); err != nil {
			return err
		}
		if err := powers(&args[0], 1); err != nil {
			return err
		}
		if len(args[0].List) > 1 {
			return errAt(&args[0].List[1], end, "one power")
		}
		return nil
	case NOT, NAR:
		if err := count(1); err != nil {
			return err
		}
		if !args[0].IsList {
			return errAt(&args[0], end, "want (arrangement)")
		}
		return rep.checkArrangement(args[0], end)
	}
	return errAt(&head, end, "not an arrangement of level 10")
}

func isPower(rep *Rep, t Token) bool {
	_, ok := rep.powerOf[t]
	return ok
}

// pressOf reads the DAIDE press message of a message body (its last line
// after "DAIDE: ", or the whole text), checked at level 10; false when
// the body is no such message. The tokens are the press message without
// the brackets SND and FRM put round it.
func (rep *Rep) pressOf(body string) ([]Token, bool) {
	body = strings.TrimSpace(body)
	if i := strings.LastIndex(body, pressPrefix); i >= 0 && (i == 0 || body[i-1] == '\n') {
		body = body[i+len(pressPrefix):]
	}
	ts, err := Parse(body, rep)
	if err != nil || len(ts) == 0 {
		return nil, false
	}
	ns, err := Tree(paren(ts...))
	if err != nil || len(ns) != 1 {
		return nil, false
	}
	if rep.checkPress(ns[0], len(ts)+2) != nil {
		return nil, false
	}
	return ts, true
}

// pressBody is the text a press message is posted as: English, then its
// DAIDE form.
func (rep *Rep) pressBody(ts []Token) string {
	return rep.pressEnglish(ts) + "\n\n" + pressPrefix + Format(ts, rep)
}

// pressEnglish renders a level-10 press message (tokens without the outer
// brackets) as an English sentence.
func (rep *Rep) pressEnglish(ts []Token) string {
	ns, err := Tree(paren(ts...))
	if err != nil || len(ns) != 1 {
		return Format(ts, rep)
	}
	return rep.sentence(ns[0])
}

func (rep *Rep) sentence(n Node) string {
	if len(n.List) < 2 || n.List[0].IsList || !n.List[1].IsList {
		return Format(Flatten(n.List), rep)
	}
	arg := n.List[1]
	switch n.List[0].Tok {
	case PRP:
		return "I propose " + rep.arrangement(arg) + "."
	case FCT:
		return "It is a fact: " + rep.arrangement(arg) + "."
	case CCL:
		return "I withdraw my message: " + rep.sentence(arg)
	case YES, REJ, BWX:
		verb := map[Token]string{YES: "I accept", REJ: "I reject", BWX: "None of your business"}[n.List[0].Tok]
		if len(arg.List) == 2 && arg.List[0].is(PRP) && arg.List[1].IsList {
			if n.List[0].Tok == BWX {
				return verb + ": the proposal of " + rep.arrangement(arg.List[1]) + "."
			}
			return verb + " the proposal of " + rep.arrangement(arg.List[1]) + "."
		}
		return verb + ": " + rep.sentence(arg)
	case HUH:
		return "I do not understand: " + Format(Flatten(arg.List), rep)
	case TRY:
		if len(arg.List) == 0 {
			return "I understand no press."
		}
		return "I understand these press tokens: " + Format(Flatten(arg.List), rep) + "."
	}
	return Format(Flatten(n.List), rep)
}

// arrangement renders an arrangement node as an English phrase.
func (rep *Rep) arrangement(n Node) string {
	if len(n.List) == 0 || n.List[0].IsList {
		return Format(Flatten([]Node{n}), rep)
	}
	args := n.List[1:]
	switch n.List[0].Tok {
	case PCE:
		if len(args) == 1 {
			return "peace between " + rep.powerList(args[0])
		}
	case ALY:
		if len(args) == 3 {
			return "an alliance of " + rep.powerList(args[0]) + " against " + rep.powerList(args[2])
		}
	case DRW:
		if len(args) == 0 {
			return "a draw"
		}
		return "a draw between " + rep.powerList(args[0])
	case SLO:
		if len(args) == 1 {
			return "a solo victory for " + rep.powerList(args[0])
		}
	case NOT:
		if len(args) == 1 {
			return "the opposite of " + rep.arrangement(args[0])
		}
	case NAR:
		if len(args) == 1 {
			return "no arrangement on " + rep.arrangement(args[0])
		}
	}
	return Format(Flatten([]Node{n}), rep)
}

// powerList names the powers of a (power …) node: "England, France and
// Germany".
func (rep *Rep) powerList(n Node) string {
	var names []string
	for _, k := range n.List {
		pw, ok := rep.powerOf[k.Tok]
		if !ok || int(pw) >= len(rep.Map.Powers) {
			names = append(names, Format([]Token{k.Tok}, rep))
			continue
		}
		names = append(names, rep.Map.Powers[pw].Name)
	}
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// filterTry keeps the level-10 tokens of a TRY message (tokens without
// the outer brackets); other messages are returned as they are.
func filterTry(ts []Token) []Token {
	if len(ts) < 3 || ts[0] != TRY || ts[1] != BRA {
		return ts
	}
	out := []Token{TRY, BRA}
	for _, t := range ts[2 : len(ts)-1] {
		if tryLevel10[t] {
			out = append(out, t)
		}
	}
	return append(out, KET)
}

// alive reports whether power pw still has a unit or a centre.
func alive(pos *diplomacy.Position, pw diplomacy.Power) bool {
	if pos.CountCenters()[pw] > 0 {
		return true
	}
	for _, u := range pos.Units {
		if u.Type != diplomacy.NoUnit && u.Power == pw {
			return true
		}
	}
	return false
}

// snd handles SND [(turn)] (power …) (press_message): the message is
// posted as the game's press (private to the powers named, or public in a
// game of public press, where it must go to every other survivor), and
// answered YES; OUT (power) or CCD (power) when a recipient is eliminated
// or in civil disorder (then it goes to nobody); REJ when the game is not
// being played, the turn is not the current one, the sender is eliminated
// or among the recipients, or the host refuses it.
func (c *conn) snd(ctx context.Context, ts []Token, args []Node) *SyntaxError {
	end := len(ts)
	rej := func() { c.send(cat([]Token{REJ}, paren(ts...))...) }
	var want *diplomacy.Phase
	if len(args) > 0 && args[0].IsList && len(args[0].List) == 2 && !args[0].List[0].IsList && args[0].List[0].Tok.Cat() == CatPhase {
		p, err := turnOf(args[0], end)
		if err != nil {
			return err
		}
		want, args = &p, args[1:]
	}
	if len(args) != 2 || !args[0].IsList || len(args[0].List) == 0 || !args[1].IsList {
		return errAt(nil, end, "SND [(turn)] (power …) (press_message)")
	}
	var to []diplomacy.Power
	for i := range args[0].List {
		n := args[0].List[i]
		pw, ok := c.rep.powerOf[n.Tok]
		if n.IsList || !ok {
			return errAt(&args[0].List[i], end, "want a power")
		}
		to = append(to, pw)
	}
	if err := c.rep.checkPress(args[1], end); err != nil {
		return err
	}
	gs, ok := c.playing(ctx)
	if !ok || want != nil && *want != gs.Pos.Phase || !alive(gs.Pos, c.power) {
		rej()
		return nil
	}
	for _, pw := range to {
		if pw == c.power {
			rej()
			return nil
		}
	}
	for _, pw := range to {
		if !alive(gs.Pos, pw) {
			c.send(OUT, BRA, c.rep.Power(pw), KET)
			return nil
		}
	}
	ld, err := c.srv.Host.GameSeats(ctx, c.game)
	if err != nil {
		rej()
		return nil
	}
	cd := c.disorder(ld)
	for _, pw := range to {
		if cd[game.Seat(c.rep.Map.Powers[pw].ID)] {
			c.send(CCD, BRA, c.rep.Power(pw), KET)
			return nil
		}
	}
	var seats []game.Seat
	if c.public {
		// Public press: the message must go to every other survivor.
		named := map[diplomacy.Power]bool{}
		for _, pw := range to {
			named[pw] = true
		}
		for i := range c.rep.Map.Powers {
			pw := diplomacy.Power(i)
			if pw != c.power && alive(gs.Pos, pw) && !named[pw] && c.seated(ld, pw) {
				rej()
				return nil
			}
		}
	} else {
		for _, pw := range to {
			seats = append(seats, game.Seat(c.rep.Map.Powers[pw].ID))
		}
	}
	press := filterTry(Flatten(args[1].List))
	if _, err := c.srv.Host.Post(ctx, c.user, c.game, seats, c.rep.pressBody(press)); err != nil {
		c.log.Info("daide: press refused", "err", err)
		rej()
		return nil
	}
	c.send(cat([]Token{YES}, paren(ts...))...)
	return nil
}

// seated reports whether power pw is a seat of the game (not a dummy).
func (c *conn) seated(ld *host.Loaded, pw diplomacy.Power) bool {
	id := game.Seat(c.rep.Map.Powers[pw].ID)
	for _, st := range ld.Seats {
		if st.Seat == id {
			return true
		}
	}
	return false
}

// startPress makes the press delivered from now on the messages posted
// after this moment (earlier ones, or those a lost connection missed,
// are not sent).
func (c *conn) startPress(ctx context.Context) {
	c.pressRead = false
	if c.level < 10 || c.role != rolePlayer {
		return
	}
	msgs, err := c.srv.Host.Messages(ctx, c.user, c.game, 0)
	if err != nil {
		c.log.Info("daide: reading press", "err", err)
		return
	}
	c.pressAfter = 0
	if len(msgs) > 0 {
		c.pressAfter = msgs[len(msgs)-1].Ref
	}
	c.pressRead = true
}

// pressSync delivers the press posted to the seat since the last call as
// FRM (power) (power …) (press_message): the DAIDE messages among them
// (a person's other text is not delivered).
func (c *conn) pressSync(ctx context.Context) {
	if c.level < 10 || c.role != rolePlayer || !c.started || c.ended || c.closed {
		return
	}
	if !c.pressRead {
		c.startPress(ctx)
		return
	}
	msgs, err := c.srv.Host.Messages(ctx, c.user, c.game, c.pressAfter)
	if err != nil || len(msgs) == 0 {
		return
	}
	ld, err := c.srv.Host.GameSeats(ctx, c.game)
	if err != nil {
		return
	}
	m := c.rep.Map
	for _, msg := range msgs {
		c.pressAfter = msg.Ref
		if msg.From == c.seat || msg.From == "" {
			continue
		}
		from, ok := m.LookupPower(string(msg.From))
		if !ok {
			continue
		}
		press, ok := c.rep.pressOf(msg.Body)
		if !ok {
			c.log.Info("daide: press not delivered (not a DAIDE message)", "from", msg.From)
			continue
		}
		var to []Token
		if msg.Channel == host.PublicChannel {
			for _, st := range ld.Seats {
				if pw, ok := m.LookupPower(string(st.Seat)); ok && st.Seat != msg.From {
					to = append(to, c.rep.Power(pw))
				}
			}
		} else {
			for _, s := range strings.Split(msg.Channel, ",") {
				if pw, ok := m.LookupPower(s); ok && game.Seat(s) != msg.From {
					to = append(to, c.rep.Power(pw))
				}
			}
		}
		c.send(cat([]Token{FRM}, paren(c.rep.Power(from)), paren(sortTokens(to)...), paren(press...))...)
	}
}
