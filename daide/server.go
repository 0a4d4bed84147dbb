package daide

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host"
	"concordat/store"
)

// Server plays DAIDE connections as seats of hosted Diplomacy games.
//
// How a connection becomes a seat: a DAIDE client sends only NME (its
// name and version), so the game is chosen by the server. With Game set,
// every client joins that game (which the operator created, forming):
// NME takes a random free seat, as joining from the web does, and the game
// starts when its last seat is taken, by a DAIDE client or a person.
// With Game 0, the server hosts games of its own: NME joins the forming
// game it created last, and a new one (New) is created once that one has
// started. Each NME gets an account of its own ("daide-<name>-<hex>"),
// which holds the seat; HLO's passcode lets the client rejoin that seat
// with IAM after a lost connection (passcodes live in this process only).
// A client that leaves before its game starts gives its seat up.
// OBS watches the game NME would join.
type Server struct {
	Host *host.Host
	Log  *slog.Logger
	// Game is the game every client joins; 0: games of the server's own.
	Game int64
	// New is the game the server creates when it hosts its own (Kind is
	// set to "diplomacy"; an empty Variant is the standard map).
	New host.NewGame
	// IMTimeout is how long a client has to send its IM (30s when 0).
	IMTimeout time.Duration
	// Poll is how often a connection looks for changes to its game made
	// by other server processes (2s when 0); changes made by this one
	// arrive at once (Attach).
	Poll time.Duration

	connMu   sync.Mutex // guards conns alone: Host.Notify takes it
	conns    map[*conn]bool
	mu       sync.Mutex // guards the rest
	seats    map[seatKey]seatHolder
	own      int64 // the game of the server's own that clients join now
	ownerID  int64 // the account that creates the server's own games
	attached bool
}

type seatKey struct {
	game int64
	seat game.Seat
}

type seatHolder struct {
	user          int64
	passcode      int
	name, version string // the client's NME
	// conn is the connection playing the seat now; nil while the client
	// is away (the seat is then in civil disorder for the others).
	conn *conn
}

// pokeAll wakes every connection to look at its game.
func (s *Server) pokeAll() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for cn := range s.conns {
		cn.poke()
	}
}

// broadcast gives every connection of game gid (players and observers)
// a message: ADM.
func (s *Server) broadcast(gid int64, ts []Token) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for cn := range s.conns {
		select {
		case cn.out <- outMsg{gid, ts}:
		default: // a client that reads nothing loses admin messages
		}
	}
}

// away reports whether the seat is a DAIDE client's whose connection is
// gone (user still holding it).
func (s *Server) away(gid int64, seat game.Seat, user int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.seats[seatKey{gid, seat}]
	return ok && user != 0 && h.user == user && h.conn == nil
}

// Attach makes the server learn of every change to the host's games (it
// chains Host.Notify); call it once, before serving.
func (s *Server) Attach() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.attached {
		return
	}
	s.attached = true
	prev := s.Host.Notify
	s.Host.Notify = func(c host.Change) {
		if prev != nil {
			prev(c)
		}
		s.connMu.Lock()
		defer s.connMu.Unlock()
		for cn := range s.conns {
			cn.poke()
			if c.Kind == "message" {
				select {
				case cn.pressWake <- struct{}{}:
				default:
				}
			}
		}
	}
}

// Serve accepts DAIDE connections on ln until ctx ends; each client then
// gets OFF and is closed.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.handle(ctx, nc)
		}()
	}
}

func (s *Server) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.New(slog.DiscardHandler)
}

// gameFor is the game a new client joins (or watches).
func (s *Server) gameFor(ctx context.Context, join bool) (int64, error) {
	if s.Game != 0 {
		return s.Game, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.own != 0 {
		g, _, err := s.Host.Game(ctx, s.own)
		if err == nil && (g.Status == store.Forming || !join) {
			return s.own, nil
		}
	}
	if !join && s.own != 0 {
		return s.own, nil
	}
	if s.ownerID == 0 {
		u := &store.User{Name: "daide-host-" + randHex(4), CreatedAt: time.Now().UTC()}
		if err := s.Host.Store.CreateUser(ctx, u); err != nil {
			return 0, err
		}
		s.ownerID = u.ID
	}
	req := s.New
	req.Kind = "diplomacy"
	if req.Name == "" {
		req.Name = "DAIDE game"
	}
	g, err := s.Host.CreateGame(ctx, s.ownerID, req, randUint64())
	if err != nil {
		return 0, err
	}
	s.own = g.ID
	return g.ID, nil
}

// Rep is the representation of game id's map, or why DAIDE cannot play
// the game: its map (NewRep) or a rule variant with decisions DAIDE has
// no words for.
func (s *Server) Rep(ctx context.Context, id int64) (*Rep, error) {
	ld, err := s.Host.GameSeats(ctx, id)
	if err != nil {
		return nil, err
	}
	if ld.Game.Kind != "diplomacy" {
		return nil, fmt.Errorf("game %d is %s, not Diplomacy", id, ld.Game.Kind)
	}
	st, err := s.Host.State(ctx, ld.Game)
	if err != nil {
		return nil, err
	}
	gs, ok := st.(*diplomacy.GameState)
	if !ok {
		return nil, fmt.Errorf("game %d plays a variant engine DAIDE cannot express", id)
	}
	if err := Playable(gs.Settings); err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	return NewRep(gs.Pos.Map)
}

// Playable refuses rule variants a DAIDE client cannot play: those with
// decisions other than orders (Payola, Anarchy, Intimate, Crystal Ball,
// Seismic, Black Hole), orders for others' units (Catspaw, Reverse
// Gunboat, Double Diplomacy), a limited view (Fog of War: NOW shows every
// unit) and changing maps (Schizo).
func Playable(set diplomacy.Settings) error {
	var bad []string
	for _, v := range []struct {
		on   bool
		name string
	}{{set.Catspaw, "catspaw"}, {set.Fog, "fog"}, {set.BlackHole, "black_hole"}, {set.CrystalBall, "crystal_ball"},
		{set.Seismic, "seismic"}, {set.Schizo, "schizo"}, {set.ReverseGunboat, "reverse gunboat"}, {set.Double, "double diplomacy"},
		{set.Payola, "payola"}, {set.Anarchy, "anarchy"}, {set.Intimate, "intimate"}} {
		if v.on {
			bad = append(bad, v.name)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("rule variants DAIDE cannot play: %s", strings.Join(bad, ", "))
	}
	return nil
}

func randHex(n int) string {
	b := make([]byte, n)
	crand.Read(b)
	return fmt.Sprintf("%x", b)
}

func randUint64() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.BigEndian.Uint64(b[:])
}

// handle runs one connection: the IM, the RM, then messages until either
// side ends it.
func (s *Server) handle(ctx context.Context, nc net.Conn) {
	defer nc.Close()
	c := &conn{srv: s, nc: nc, wake: make(chan struct{}, 1), pressWake: make(chan struct{}, 1), out: make(chan outMsg, 64),
		log: s.log().With("daide", nc.RemoteAddr().String())}
	timeout := s.IMTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	nc.SetReadDeadline(time.Now().Add(timeout))
	// At shutdown, a read under way ends at once (and the client gets OFF).
	defer context.AfterFunc(ctx, func() { nc.SetReadDeadline(time.Now()) })()
	f, err := ReadFrame(nc)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() && ctx.Err() == nil {
			c.fail(ErrIMTimer)
		}
		return
	}
	if ctx.Err() != nil {
		return
	}
	if ctx.Err() == nil {
		nc.SetReadDeadline(time.Time{})
	}
	switch {
	case f.Type != TypeIM:
		c.fail(ErrIMNotFirst)
		return
	case CheckIM(f.Body) != 0:
		c.fail(CheckIM(f.Body))
		return
	}
	gid, err := s.gameFor(ctx, false)
	if err == nil {
		c.rep, err = s.Rep(ctx, gid)
	}
	if err != nil {
		c.log.Warn("daide: no game to serve", "err", err)
		WriteFrame(nc, RMFrame(&Rep{}))
		c.send(OFF)
		return
	}
	if err := WriteFrame(nc, RMFrame(c.rep)); err != nil {
		return
	}
	s.connMu.Lock()
	if s.conns == nil {
		s.conns = map[*conn]bool{}
	}
	s.conns[c] = true
	s.connMu.Unlock()
	defer func() {
		s.connMu.Lock()
		delete(s.conns, c)
		s.connMu.Unlock()
		c.leave()
		c.release()
	}()
	frames := make(chan Frame)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		defer close(frames)
		for {
			f, err := ReadFrame(nc)
			if err != nil {
				return
			}
			select {
			case frames <- f:
			case <-ctx.Done():
				return
			case <-quit:
				return
			}
		}
	}()
	poll := s.Poll
	if poll == 0 {
		poll = 2 * time.Second
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	lastPoll := time.Now()
	for !c.closed {
		select {
		case <-ctx.Done():
			c.send(OFF)
			return
		case f, ok := <-frames:
			if !ok {
				if ctx.Err() != nil {
					c.send(OFF)
				}
				return
			}
			c.frame(ctx, f)
		case <-c.wake:
			c.sync(ctx)
		case <-c.pressWake:
			c.pressSync(ctx)
		case m := <-c.out:
			if c.role != roleNone && c.game == m.game {
				c.send(m.ts...)
			}
		case now := <-tick.C:
			if now.Sub(lastPoll) >= poll {
				lastPoll = now
				c.sync(ctx)
				c.pressSync(ctx)
			}
			c.timeWarnings(ctx, now)
		}
	}
}

// conn is one DAIDE connection; only its own goroutine touches it.
type conn struct {
	srv    *Server
	nc     net.Conn
	rep    *Rep
	wake   chan struct{}
	log    *slog.Logger
	closed bool
	// pressWake is poked when press is posted in any game; out carries
	// admin messages to the clients of a game.
	pressWake chan struct{}
	out       chan outMsg

	role          int // roleNone, rolePlayer, roleObserver
	name, version string
	user, game    int64
	seat          game.Seat
	power         diplomacy.Power
	mapOK         bool // YES (MAP) received
	started       bool // HLO sent
	hist          int  // phases resolved when NOW was last sent
	ended         bool
	orders        []Order // accepted this phase, with their engine orders
	engine        []diplomacy.Order
	notGOF        bool
	ready         bool
	phaseOrders   int                // phases resolved when orders were last reset
	tme           map[int]bool       // requested warnings, seconds before the deadline
	tmeSent       map[int]bool       // warnings sent this phase
	deadline      time.Time          // the current window's deadline
	cd            map[game.Seat]bool // powers last announced in civil disorder
	drew          bool               // voted for a draw (DRW) this phase
	level         int                // the syntax level (HLO's LVL)
	public        bool               // press goes to the public channel only
	pressAfter    int64              // the Ref of the last message delivered
	pressRead     bool               // pressAfter is set
}

// outMsg is a message for every client of a game.
type outMsg struct {
	game int64
	ts   []Token
}

const (
	roleNone = iota
	rolePlayer
	roleObserver
)

// poke wakes the connection to look at its game.
func (c *conn) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// fail sends an EM and ends the connection.
func (c *conn) fail(code int) {
	WriteFrame(c.nc, EMFrame(code))
	c.closed = true
}

// send writes one diplomacy message.
func (c *conn) send(ts ...Token) {
	if c.closed {
		return
	}
	if err := WriteFrame(c.nc, DMFrame(ts)); err != nil {
		c.closed = true
	}
}

// release marks a player's seat as away when its connection ends (unless
// another connection has taken the seat over), and wakes the others to
// announce it in civil disorder.
func (c *conn) release() {
	if c.role != rolePlayer {
		return
	}
	s := c.srv
	s.mu.Lock()
	k := seatKey{c.game, c.seat}
	h, ok := s.seats[k]
	gone := ok && h.conn == c
	if gone {
		h.conn = nil
		s.seats[k] = h
	}
	s.mu.Unlock()
	if gone {
		s.pokeAll()
	}
}

// leave gives up the seat of a game that has not started.
func (c *conn) leave() {
	if c.role != rolePlayer || c.started {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.srv.Host.Leave(ctx, c.user, c.game); err == nil {
		c.srv.mu.Lock()
		delete(c.srv.seats, seatKey{c.game, c.seat})
		c.srv.mu.Unlock()
	}
}

// frame handles one message from the client.
func (c *conn) frame(ctx context.Context, f Frame) {
	switch f.Type {
	case TypeIM:
		c.fail(ErrIMTwice)
	case TypeRM:
		c.fail(ErrRMFromClient)
	case TypeFM:
		WriteFrame(c.nc, Frame{Type: TypeFM})
		c.closed = true
	case TypeEM:
		c.closed = true
	case TypeDM:
		ts, code, err := DecodeDM(f.Body, c.rep)
		if err != nil {
			c.log.Info("daide: bad DM", "err", err)
			c.fail(code)
			return
		}
		c.message(ctx, ts)
	default:
		c.fail(ErrUnknownType)
	}
}

// message handles one diplomacy message.
func (c *conn) message(ctx context.Context, ts []Token) {
	if len(ts) == 0 {
		return
	}
	ns, err := Tree(ts)
	if err != nil {
		c.send(cat([]Token{PRN, BRA}, ts, []Token{KET})...)
		return
	}
	if err := c.command(ctx, ts, ns); err != nil {
		c.send(huh(ts, err.At)...)
	}
}

// command carries out a well-bracketed message; a *SyntaxError for one
// the server does not understand (answered HUH).
func (c *conn) command(ctx context.Context, ts []Token, ns []Node) *SyntaxError {
	head := ns[0]
	if head.IsList {
		return errAt(&head, 0, "want a command")
	}
	args := ns[1:]
	end := len(ts)
	noArgs := func() *SyntaxError {
		if len(args) > 0 {
			return errAt(&args[0], end, "no arguments expected")
		}
		return nil
	}
	rej := func() { c.send(cat([]Token{REJ}, paren(ts...))...) }
	yes := func() { c.send(cat([]Token{YES}, paren(ts...))...) }
	switch head.Tok {
	case NME:
		if len(args) != 2 {
			return errAt(nil, end, "NME ('name') ('version')")
		}
		name, ok1 := args[0].text()
		version, ok2 := args[1].text()
		if !ok1 {
			return errAt(&args[0], end, "want ('name')")
		}
		if !ok2 {
			return errAt(&args[1], end, "want ('version')")
		}
		if c.role != roleNone || !c.join(ctx, name, version) {
			rej()
			return nil
		}
		yes()
		c.send(cat([]Token{MAP}, paren(Text(c.rep.Name())...))...)
	case OBS:
		if err := noArgs(); err != nil {
			return err
		}
		if c.role != roleNone {
			rej()
			return nil
		}
		gid, err := c.srv.gameFor(ctx, false)
		if err != nil {
			rej()
			return nil
		}
		c.role, c.game = roleObserver, gid
		yes()
		c.send(cat([]Token{MAP}, paren(Text(c.rep.Name())...))...)
	case IAM:
		if len(args) != 2 || !args[0].IsList || len(args[0].List) != 1 || !args[1].IsList || len(args[1].List) != 1 {
			return errAt(nil, end, "IAM (power) (passcode)")
		}
		pw, ok := c.rep.powerOf[args[0].List[0].Tok]
		if !ok {
			return errAt(&args[0].List[0], end, "want a power")
		}
		code := args[1].List[0]
		if !code.Tok.IsInt() {
			return errAt(&code, end, "want a number")
		}
		if c.role != roleNone || !c.rejoin(ctx, pw, code.Tok.IntValue()) {
			rej()
			return nil
		}
		yes()
		c.sync(ctx)
	case MAP:
		if err := noArgs(); err != nil {
			return err
		}
		c.send(cat([]Token{MAP}, paren(Text(c.rep.Name())...))...)
	case MDF:
		if err := noArgs(); err != nil {
			return err
		}
		c.send(c.rep.MDF()...)
	case YES, REJ:
		if len(args) == 1 && args[0].IsList && len(args[0].List) > 0 && args[0].List[0].is(MAP) {
			if head.Tok == YES {
				c.mapOK = true
				c.sync(ctx)
			} else {
				c.send(OFF)
				c.closed = true
			}
		}
		// Other answers (YES (SVE), …) need nothing.
	case HUH, PRN:
		c.log.Info("daide: the client did not understand", "message", Format(ts, c.rep))
	case HLO:
		if err := noArgs(); err != nil {
			return err
		}
		if !c.started {
			rej()
			return nil
		}
		c.hlo(ctx)
	case SCO, NOW:
		if err := noArgs(); err != nil {
			return err
		}
		_, gs, err := c.load(ctx)
		if err != nil {
			rej()
			return nil
		}
		if head.Tok == SCO {
			c.send(c.sco(gs.Pos)...)
		} else {
			c.send(c.now(gs.Pos)...)
		}
	case ORD:
		if err := noArgs(); err != nil {
			return err
		}
		_, gs, err := c.load(ctx)
		if err != nil || !c.started || len(gs.History) == 0 {
			rej()
			return nil
		}
		from := len(gs.History) - 1
		for from > 0 && c.phaseAt(gs, from).Type != diplomacy.Movement {
			from--
		}
		for i := from; i < len(gs.History); i++ {
			c.results(gs, i)
		}
	case HST:
		if len(args) != 1 {
			return errAt(nil, end, "HST (turn)")
		}
		ph, err := turnOf(args[0], end)
		if err != nil {
			return err
		}
		_, gs, lerr := c.load(ctx)
		if lerr != nil {
			rej()
			return nil
		}
		for i := range gs.History {
			if p := c.phaseAt(gs, i); p.Season == ph.Season && p.Year == ph.Year && p.Type == ph.Type {
				c.results(gs, i)
				after := c.positionAt(gs, i+1)
				c.send(c.sco(after)...)
				c.send(c.now(after)...)
				return nil
			}
		}
		rej()
	case SUB:
		return c.sub(ctx, ts, args)
	case MIS:
		if err := noArgs(); err != nil {
			return err
		}
		gs, ok := c.playing(ctx)
		if !ok {
			rej()
			return nil
		}
		c.send(c.missing(gs)...)
	case GOF:
		if err := noArgs(); err != nil {
			return err
		}
		gs, ok := c.playing(ctx)
		if !ok || !alive(gs.Pos, c.power) {
			rej()
			return nil
		}
		c.resetIfNewPhase(gs)
		c.notGOF = false
		yes()
		if mis := c.missing(gs); len(mis) > 1 {
			c.send(mis...)
		}
		c.setReady(ctx, gs)
	case NOT:
		return c.not(ctx, ts, args)
	case TME:
		g, _, err := c.load(ctx)
		if err != nil {
			rej()
			return nil
		}
		if len(args) == 0 {
			if g.Status != store.Active || g.Deadline.IsZero() {
				rej()
				return nil
			}
			c.send(TME, BRA, mustInt(secondsTo(g.Deadline)), KET)
			return nil
		}
		n, serr := intArg(args, end)
		if serr != nil {
			return serr
		}
		if n < 0 || n > c.longestWindow(ctx) {
			rej() // negative, longer than any deadline, or no deadlines
			return nil
		}
		if c.tme == nil {
			c.tme = map[int]bool{}
		}
		c.tme[n] = true
		yes()
	case DRW:
		if len(args) > 0 {
			return errAt(&args[0], end, "partial draws need the PDA variant, which this server does not offer")
		}
		if c.vote(ctx, "yes", ts) {
			c.drew = true
		}
	case SND:
		if c.level < 10 {
			return errAt(&head, end, "press is not available at syntax level 0")
		}
		return c.snd(ctx, ts, args)
	case FRM:
		return errAt(&head, end, "FRM is the server's")
	case ADM:
		if len(args) != 2 {
			return errAt(nil, end, "ADM ('name') ('message')")
		}
		for i := range args {
			if _, ok := args[i].text(); !ok {
				return errAt(&args[i], end, "want ('text')")
			}
		}
		gid := c.game
		if gid == 0 {
			var err error
			if gid, err = c.srv.gameFor(ctx, false); err != nil {
				rej()
				return nil
			}
		}
		// Forwarded to every client of the game (this one too, once it has
		// joined: a client that has not gets only answers).
		c.srv.broadcast(gid, ts)
	default:
		return errAt(&head, end, "not a command a client sends")
	}
	return nil
}

// intArg reads "(n)" as the only argument.
func intArg(args []Node, end int) (int, *SyntaxError) {
	if len(args) != 1 || !args[0].IsList || len(args[0].List) != 1 || !args[0].List[0].Tok.IsInt() || args[0].List[0].IsList {
		return 0, errAt(&args[0], end, "want (number)")
	}
	return args[0].List[0].Tok.IntValue(), nil
}

// not handles NOT (GOF), NOT (SUB [(order)]), NOT (TME [(n)]), NOT (DRW).
func (c *conn) not(ctx context.Context, ts []Token, args []Node) *SyntaxError {
	end := len(ts)
	if len(args) != 1 || !args[0].IsList || len(args[0].List) == 0 || args[0].List[0].IsList {
		return errAt(nil, end, "NOT (command)")
	}
	inner := args[0].List
	rej := func() { c.send(cat([]Token{REJ}, paren(ts...))...) }
	yes := func() { c.send(cat([]Token{YES}, paren(ts...))...) }
	switch inner[0].Tok {
	case GOF:
		gs, ok := c.playing(ctx)
		if !ok || !alive(gs.Pos, c.power) {
			rej()
			return nil
		}
		c.resetIfNewPhase(gs)
		c.notGOF = true
		yes()
		c.setReady(ctx, gs)
	case TME:
		if len(inner) == 1 {
			c.tme = nil
			yes()
			return nil
		}
		n, err := intArg(inner[1:], end)
		if err != nil {
			return err
		}
		if !c.tme[n] {
			rej()
			return nil
		}
		delete(c.tme, n)
		yes()
	case DRW:
		if len(inner) > 1 {
			return errAt(&inner[1], end, "partial draws need the PDA variant, which this server does not offer")
		}
		if c.vote(ctx, "no", ts) {
			c.drew = false
		}
	case SUB:
		gs, ok := c.playing(ctx)
		if !ok {
			rej()
			return nil
		}
		c.resetIfNewPhase(gs)
		var keep []Order
		var keepEng []diplomacy.Order
		if len(inner) > 1 {
			if len(inner) != 2 {
				return errAt(&inner[2], end, "NOT (SUB (order))")
			}
			o, serr := c.rep.ReadOrder(inner[1])
			if serr != nil {
				return serr
			}
			idx := -1
			for i, have := range c.orders {
				if tokensEqual(have.Tokens, o.Tokens) {
					idx = i
				}
			}
			if idx < 0 {
				rej()
				return nil
			}
			keep = append(append([]Order(nil), c.orders[:idx]...), c.orders[idx+1:]...)
			keepEng = append(append([]diplomacy.Order(nil), c.engine[:idx]...), c.engine[idx+1:]...)
		}
		if err := c.submit(ctx, gs, keepEng); err != nil {
			rej()
			return nil
		}
		c.orders, c.engine = keep, keepEng
		yes()
		c.setReady(ctx, gs)
	default:
		return errAt(&inner[0], end, "NOT of what?")
	}
	return nil
}

func tokensEqual(a, b []Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// vote casts a draw vote: DRW (yes) or NOT (DRW) (no); false when it is
// refused.
func (c *conn) vote(ctx context.Context, value string, ts []Token) bool {
	if gs, ok := c.playing(ctx); ok && alive(gs.Pos, c.power) {
		if _, err := c.srv.Host.Vote(ctx, c.user, c.game, host.VoteDraw, value); err == nil {
			c.send(cat([]Token{YES}, paren(ts...))...)
			return true
		}
	}
	c.send(cat([]Token{REJ}, paren(ts...))...)
	return false
}

// awayFrom reports whether a client of this name and version has lost its
// connection to a game being played: a bot that reconnects sends NME
// first, and IAM once NME is refused.
func (s *Server) awayFrom(ctx context.Context, name, version string) bool {
	s.mu.Lock()
	var games []int64
	for k, h := range s.seats {
		if h.conn == nil && h.name == name && h.version == version {
			games = append(games, k.game)
		}
	}
	s.mu.Unlock()
	for _, id := range games {
		if g, _, err := s.Host.Game(ctx, id); err == nil && g.Status == store.Active {
			return true
		}
	}
	return false
}

// join seats a new client in the game it is to play; false (REJ) when
// there is none, or when a client of the same name and version is away
// from a game being played (it is to come back with IAM: David Norman's
// client framework sends IAM when NME is refused).
func (c *conn) join(ctx context.Context, name, version string) bool {
	s := c.srv
	if s.awayFrom(ctx, name, version) {
		return false
	}
	gid, err := s.gameFor(ctx, true)
	if err != nil {
		c.log.Warn("daide: no game to join", "err", err)
		return false
	}
	if s.Game == 0 {
		if rep, err := s.Rep(ctx, gid); err != nil || rep.Name() != c.rep.Name() {
			return false
		}
	}
	u := &store.User{Name: "daide-" + cleanName(name) + "-" + randHex(3), CreatedAt: time.Now().UTC()}
	if err := s.Host.Store.CreateUser(ctx, u); err != nil {
		c.log.Warn("daide: account", "err", err)
		return false
	}
	seat, err := s.Host.Join(ctx, u.ID, gid, "")
	if err != nil {
		c.log.Info("daide: join refused", "game", gid, "err", err)
		return false
	}
	pw, ok := c.rep.Map.LookupPower(string(seat))
	if !ok {
		return false
	}
	c.role, c.name, c.version, c.user, c.game, c.seat, c.power = rolePlayer, name, version, u.ID, gid, seat, pw
	s.mu.Lock()
	if s.seats == nil {
		s.seats = map[seatKey]seatHolder{}
	}
	s.seats[seatKey{gid, seat}] = seatHolder{user: u.ID, passcode: 1 + int(randUint64()%8191), name: name, version: version, conn: c}
	s.mu.Unlock()
	c.log.Info("daide: joined", "name", name, "version", version, "game", gid, "seat", seat)
	return true
}

// rejoin takes a seat back with its passcode (IAM).
func (c *conn) rejoin(ctx context.Context, pw diplomacy.Power, code int) bool {
	s := c.srv
	seat := game.Seat(c.rep.Map.Powers[pw].ID)
	// The game whose seat has this passcode (of the server's own games,
	// any: the client's may not be the last one created), one whose client
	// is away first.
	var gid int64
	var h seatHolder
	ok := false
	s.mu.Lock()
	for k, sh := range s.seats {
		if k.seat == seat && sh.passcode == code && (s.Game == 0 || k.game == s.Game) && (!ok || h.conn != nil && sh.conn == nil) {
			gid, h, ok = k.game, sh, true
		}
	}
	s.mu.Unlock()
	if !ok {
		return false
	}
	held, _, err := s.Host.SeatOf(ctx, gid, h.user)
	if err != nil || held != seat {
		return false
	}
	g, gs, err := c.loadGame(ctx, gid)
	if err != nil || g.Status == store.Forming {
		return false
	}
	c.role, c.user, c.game, c.seat, c.power = rolePlayer, h.user, gid, seat, pw
	c.mapOK, c.started, c.hist = true, true, len(gs.History)
	c.adoptStored(gs)
	if ld, err := s.Host.GameSeats(ctx, gid); err == nil {
		c.level, c.public = pressLevel(ld.Opts)
	}
	c.startPress(ctx)
	// The seat is this connection's now; one that still holds it (a
	// connection the client lost without the server noticing) is closed.
	s.mu.Lock()
	k := seatKey{gid, seat}
	h = s.seats[k]
	old := h.conn
	h.conn = c
	s.seats[k] = h
	s.mu.Unlock()
	if old != nil && old != c {
		old.nc.Close()
	}
	s.pokeAll() // NOT (CCD) for the others
	return true
}

// cleanName keeps the letters and digits of a client's name (for its
// account name).
func cleanName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') && b.Len() < 20 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "bot"
	}
	return b.String()
}

// playing loads the connection's game for a player's command: false when
// the connection is not a player of a started game that is active now (or
// the game cannot be read), and the command is then rejected.
func (c *conn) playing(ctx context.Context) (*diplomacy.GameState, bool) {
	g, gs, err := c.load(ctx)
	if err != nil || c.role != rolePlayer || !c.started || g.Status != store.Active {
		return nil, false
	}
	return gs, true
}

// load reads the connection's game and its state.
func (c *conn) load(ctx context.Context) (*store.Game, *diplomacy.GameState, error) {
	if c.game == 0 {
		gid, err := c.srv.gameFor(ctx, false)
		if err != nil {
			return nil, nil, err
		}
		return c.loadGame(ctx, gid)
	}
	return c.loadGame(ctx, c.game)
}

func (c *conn) loadGame(ctx context.Context, id int64) (*store.Game, *diplomacy.GameState, error) {
	g, _, err := c.srv.Host.Game(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	st, err := c.srv.Host.State(ctx, g)
	if err != nil {
		return nil, nil, err
	}
	gs, ok := st.(*diplomacy.GameState)
	if !ok {
		return nil, nil, fmt.Errorf("game %d is not a standard-engine Diplomacy game", id)
	}
	return g, gs, nil
}

// sync sends what changed in the game since the connection last looked:
// HLO, SCO and NOW once the game has started; each resolved phase's ORD,
// then SCO (after a fall), SLO and SMR, NOW and TME; DRW or SLO, and SMR,
// when it ends otherwise; then OFF.
func (c *conn) sync(ctx context.Context) {
	if c.role == roleNone || !c.mapOK || c.closed || c.ended {
		return
	}
	// The game and its seats as of one moment, and the state after that
	// game's last action: CCD never runs ahead of the results.
	ld, err := c.srv.Host.GameSeats(ctx, c.game)
	if err != nil {
		c.log.Warn("daide: reading the game", "err", err)
		return
	}
	g := ld.Game
	st, err := c.srv.Host.State(ctx, g)
	if err != nil {
		c.log.Warn("daide: reading the game", "err", err)
		return
	}
	gs, ok := st.(*diplomacy.GameState)
	if !ok || g.Status == store.Forming {
		return
	}
	if !c.started {
		c.started = true
		c.hist = len(gs.History)
		c.level, c.public = pressLevel(ld.Opts)
		c.startPress(ctx)
		c.hlo(ctx)
		c.send(c.sco(gs.Pos)...)
		c.send(c.now(gs.Pos)...)
		c.sendTME(g)
	} else if len(gs.History) > c.hist {
		if c.drew && g.Status == store.Active {
			// A DRW holds for the turn it was sent in: the client sends it
			// again each turn it still wants a draw.
			c.drew = false
			if _, err := c.srv.Host.Vote(ctx, c.user, c.game, host.VoteDraw, "no"); err != nil {
				c.log.Info("daide: withdrawing a draw vote", "err", err)
			}
		}
		fall := false
		for i := c.hist; i < len(gs.History); i++ {
			c.results(gs, i)
			fall = fall || c.phaseAt(gs, i).Season == diplomacy.Fall
		}
		c.hist = len(gs.History)
		if fall && !(gs.Pos.Phase.Season == diplomacy.Fall && gs.Pos.Phase.Type == diplomacy.Retreat) {
			c.send(c.sco(gs.Pos)...)
		}
		if w := gs.Pos.Winner(); w != diplomacy.NoPower {
			c.send(SLO, BRA, c.rep.Power(w), KET)
			c.smr(ctx, gs)
			c.ended = true
		}
		c.send(c.now(gs.Pos)...)
		c.sendTME(g)
	}
	if g.Status == store.Active {
		c.civilDisorder(ld)
	}
	if g.Status == store.Finished && !c.ended {
		if w := gs.Pos.Winner(); w != diplomacy.NoPower {
			c.send(SLO, BRA, c.rep.Power(w), KET)
		} else if strings.HasPrefix(g.Result, "conceded to ") {
			if pw, ok := c.rep.Map.LookupPower(strings.TrimPrefix(g.Result, "conceded to ")); ok {
				c.send(SLO, BRA, c.rep.Power(pw), KET)
			}
		} else {
			c.send(DRW)
		}
		c.smr(ctx, gs)
		c.ended = true
	}
	if c.ended || g.Status == store.Finished {
		c.ended = true
		c.send(OFF)
		c.closed = true
	}
}

// smr sends the summary of the game that has ended: SMR (turn) (power
// ('name') ('version') centres [year of elimination]) ... The name is the
// DAIDE client's (its NME), or the account's of a person; a person's
// version is empty.
func (c *conn) smr(ctx context.Context, gs *diplomacy.GameState) {
	m := c.rep.Map
	ld, err := c.srv.Host.GameSeats(ctx, c.game)
	if err != nil {
		return
	}
	out := append([]Token{SMR}, turn(gs.Pos.Phase)...)
	centres := gs.Pos.CountCenters()
	for _, st := range ld.Seats {
		pw, ok := m.LookupPower(string(st.Seat))
		if !ok {
			continue
		}
		name, version := "", ""
		c.srv.mu.Lock()
		h, isBot := c.srv.seats[seatKey{c.game, st.Seat}]
		c.srv.mu.Unlock()
		if isBot && h.user == st.UserID {
			name, version = h.name, h.version
		} else if st.UserID != 0 {
			if u, err := c.srv.Host.Store.UserByID(ctx, st.UserID); err == nil {
				name = u.Name
			}
		}
		e := cat([]Token{c.rep.Power(pw)}, paren(Text(name)...), paren(Text(version)...), []Token{mustInt(centres[pw])})
		if centres[pw] == 0 {
			for i := 0; i <= len(gs.History); i++ {
				if pos := c.positionAt(gs, i); pos.CountCenters()[pw] == 0 {
					e = append(e, mustInt(pos.Phase.Year))
					break
				}
			}
		}
		out = append(out, paren(e...)...)
	}
	c.send(out...)
}

// civilDisorder sends CCD (power) for each power of the game ld that has
// fallen into civil disorder (its holder missed the game's limit of
// phases in a row, nobody holds it, or its DAIDE client's connection is
// gone) and NOT (CCD (power)) for each that came back.
func (c *conn) civilDisorder(ld *host.Loaded) {
	dis := c.disorder(ld)
	for _, st := range ld.Seats {
		pw, ok := c.rep.Map.LookupPower(string(st.Seat))
		if !ok {
			continue
		}
		cd := dis[st.Seat]
		if cd == c.cd[st.Seat] {
			continue
		}
		if c.cd == nil {
			c.cd = map[game.Seat]bool{}
		}
		c.cd[st.Seat] = cd
		if cd {
			c.send(CCD, BRA, c.rep.Power(pw), KET)
		} else {
			c.send(NOT, BRA, CCD, BRA, c.rep.Power(pw), KET, KET)
		}
	}
}

// disorder is the seats of game ld in civil disorder: held by nobody, by
// a holder who missed the game's limit of phases in a row, or by a DAIDE
// client whose connection is gone. A bot's seat never is.
func (c *conn) disorder(ld *host.Loaded) map[game.Seat]bool {
	out := map[game.Seat]bool{}
	for _, st := range ld.Seats {
		out[st.Seat] = !st.Bot && (st.UserID == 0 || st.Missed >= ld.Opts.MissedLimit || c.srv.away(ld.Game.ID, st.Seat, st.UserID))
	}
	return out
}

// longestWindow is the longest window of the game in seconds (0 for
// daily deadlines, whose length varies).
func (c *conn) longestWindow(ctx context.Context) int {
	ld, err := c.srv.Host.GameSeats(ctx, c.game)
	if err != nil || ld.Opts.DailyAt != "" {
		return 0
	}
	long, _ := time.ParseDuration(ld.Opts.Phase)
	short, _ := time.ParseDuration(ld.Opts.Short)
	return int(max(long, short).Seconds())
}

// hlo sends HLO (power) (passcode) ((LVL 0) (MTL s) (RTL s) (BTL s)).
func (c *conn) hlo(ctx context.Context) {
	pw, code := UNO, 0
	if c.role == rolePlayer {
		pw = c.rep.Power(c.power)
		c.srv.mu.Lock()
		code = c.srv.seats[seatKey{c.game, c.seat}].passcode
		c.srv.mu.Unlock()
	}
	vars := paren(LVL, mustInt(c.level))
	if ld, err := c.srv.Host.GameSeats(ctx, c.game); err == nil && ld.Opts.DailyAt == "" {
		long, _ := time.ParseDuration(ld.Opts.Phase)
		short := long
		if ld.Opts.Short != "" {
			short, _ = time.ParseDuration(ld.Opts.Short)
		}
		if long > 0 {
			vars = append(vars, paren(MTL, mustInt(int(long.Seconds())))...)
			vars = append(vars, paren(RTL, mustInt(int(short.Seconds())))...)
			vars = append(vars, paren(BTL, mustInt(int(short.Seconds())))...)
		}
	}
	c.send(cat([]Token{HLO}, paren(pw), paren(mustInt(code)), paren(vars...))...)
}

func secondsTo(t time.Time) int {
	d := time.Until(t)
	if d < 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

// sendTME tells the time to the deadline after a phase begins, and
// starts the phase's requested warnings afresh.
func (c *conn) sendTME(g *store.Game) {
	c.tmeSent = nil
	if g.Status == store.Active && !g.Deadline.IsZero() {
		c.deadline = g.Deadline
		c.send(TME, BRA, mustInt(secondsTo(g.Deadline)), KET)
	}
}

// timeWarnings sends the TME warnings the client asked for.
func (c *conn) timeWarnings(ctx context.Context, now time.Time) {
	if len(c.tme) == 0 || c.deadline.IsZero() || !c.started || c.ended {
		return
	}
	left := int(c.deadline.Sub(now) / time.Second)
	for n := range c.tme {
		if left <= n && left >= 0 && !c.tmeSent[n] {
			if c.tmeSent == nil {
				c.tmeSent = map[int]bool{}
			}
			c.tmeSent[n] = true
			c.send(TME, BRA, mustInt(left), KET)
		}
	}
}

// turn is the tokens (season year) of phase p.
func turn(p diplomacy.Phase) []Token {
	s := SPR
	switch {
	case p.Type == diplomacy.Adjustment:
		s = WIN
	case p.Season == diplomacy.Spring && p.Type == diplomacy.Retreat:
		s = SUM
	case p.Season != diplomacy.Spring && p.Type == diplomacy.Movement:
		s = FAL
	case p.Season != diplomacy.Spring:
		s = AUT
	}
	return paren(s, mustInt(p.Year))
}

// turnOf reads a (season year) node.
func turnOf(n Node, end int) (diplomacy.Phase, *SyntaxError) {
	if !n.IsList || len(n.List) != 2 || n.List[0].IsList || n.List[1].IsList || !n.List[1].Tok.IsInt() {
		return diplomacy.Phase{}, errAt(&n, end, "want (season year)")
	}
	y := n.List[1].Tok.IntValue()
	switch n.List[0].Tok {
	case SPR:
		return diplomacy.Phase{Season: diplomacy.Spring, Year: y, Type: diplomacy.Movement}, nil
	case SUM:
		return diplomacy.Phase{Season: diplomacy.Spring, Year: y, Type: diplomacy.Retreat}, nil
	case FAL:
		return diplomacy.Phase{Season: diplomacy.Fall, Year: y, Type: diplomacy.Movement}, nil
	case AUT:
		return diplomacy.Phase{Season: diplomacy.Fall, Year: y, Type: diplomacy.Retreat}, nil
	case WIN:
		return diplomacy.Phase{Season: diplomacy.Winter, Year: y, Type: diplomacy.Adjustment}, nil
	}
	return diplomacy.Phase{}, errAt(&n.List[0], end, "want a season")
}

// sco is SCO (power centre ...) ... (UNO centre ...) for pos.
func (c *conn) sco(pos *diplomacy.Position) []Token {
	m := c.rep.Map
	owned := make([][]Token, len(m.Powers))
	var none []Token
	for i, pi := range m.Provinces {
		if !pi.Center {
			continue
		}
		if o := pos.Owners[i]; o != diplomacy.NoPower && int(o) < len(m.Powers) {
			owned[o] = append(owned[o], c.rep.prov[i])
		} else {
			none = append(none, c.rep.prov[i])
		}
	}
	out := []Token{SCO}
	for pw, cs := range owned {
		if len(cs) > 0 {
			out = append(out, paren(append([]Token{c.rep.power[pw]}, sortTokens(cs)...)...)...)
		}
	}
	if len(none) > 0 {
		out = append(out, paren(append([]Token{UNO}, sortTokens(none)...)...)...)
	}
	return out
}

// now is NOW (turn) (unit) ... for pos, dislodged units with MRT (…).
func (c *conn) now(pos *diplomacy.Position) []Token {
	out := append([]Token{NOW}, turn(pos.Phase)...)
	for _, u := range pos.Units {
		if u.Type != diplomacy.NoUnit {
			out = append(out, c.rep.unit(u.Power, u.Type, u.Loc)...)
		}
	}
	for _, d := range pos.Dislodged {
		out = append(out, c.dislodged(d)...)
	}
	return out
}

// dislodged is (power type location MRT (retreats)).
func (c *conn) dislodged(d diplomacy.Dislodged) []Token {
	u := c.rep.unit(d.Power, d.Type, d.Loc)
	var rs []Token
	for _, l := range d.Retreats {
		rs = append(rs, c.rep.loc(l)...)
	}
	return paren(cat(u[1:len(u)-1], []Token{MRT}, paren(rs...))...)
}

// phaseAt is the phase of resolved record i.
func (c *conn) phaseAt(gs *diplomacy.GameState, i int) diplomacy.Phase {
	return c.positionAt(gs, i).Phase
}

// positionAt is the position before record i (i == len(History): now).
func (c *conn) positionAt(gs *diplomacy.GameState, i int) *diplomacy.Position {
	if i >= len(gs.History) {
		return gs.Pos
	}
	pos, err := diplomacy.ParsePosition(gs.Pos.Map, gs.History[i].Position)
	if err != nil {
		return gs.Pos
	}
	return pos
}

// results sends the ORD messages of resolved record i.
func (c *conn) results(gs *diplomacy.GameState, i int) {
	m := c.rep.Map
	pos := c.positionAt(gs, i)
	after := c.positionAt(gs, i+1)
	t := turn(pos.Phase)
	dislodged := map[diplomacy.Province]bool{}
	if pos.Phase.Type == diplomacy.Movement && after.Phase.Type == diplomacy.Retreat {
		for _, d := range after.Dislodged {
			dislodged[m.Prov(d.Loc)] = true
		}
	}
	ordered := map[diplomacy.Province]bool{}
	var convoys []diplomacy.Order // for DSR
	type parsed struct {
		pw  diplomacy.Power
		o   diplomacy.Order
		res diplomacy.OrderResultJSON
	}
	var rs []parsed
	for _, r := range gs.History[i].Orders {
		pw, ok := m.LookupPower(r.Power)
		if !ok {
			continue
		}
		o, err := m.ParseOrder(r.Order)
		if err != nil {
			continue
		}
		if pos.Phase.Type == diplomacy.Retreat && o.Type == diplomacy.Move {
			o.Type = diplomacy.RetreatOrder
		}
		if o.Type == diplomacy.ConvoyOrder {
			convoys = append(convoys, o)
		}
		if o.At != diplomacy.NoLoc {
			ordered[m.Prov(o.At)] = true
		}
		rs = append(rs, parsed{pw, o, r})
	}
	for _, p := range rs {
		res := c.result(pos, p.o, p.res, dislodged, convoys)
		c.send(cat([]Token{ORD}, t, c.rep.write(pos, p.pw, p.o), paren(res...))...)
	}
	if pos.Phase.Type == diplomacy.Movement {
		// Units without orders held.
		for _, u := range pos.Units {
			if u.Type == diplomacy.NoUnit || ordered[m.Prov(u.Loc)] {
				continue
			}
			res := []Token{SUC}
			if dislodged[m.Prov(u.Loc)] {
				res = []Token{RET}
			}
			o := diplomacy.Order{Type: diplomacy.Hold, Unit: u.Type, At: u.Loc, To: diplomacy.NoLoc, Aux: diplomacy.NoLoc}
			c.send(cat([]Token{ORD}, t, c.rep.write(pos, u.Power, o), paren(res...))...)
		}
	}
}

// result is the DAIDE result of an order from the engine's verdict.
func (c *conn) result(pos *diplomacy.Position, o diplomacy.Order, r diplomacy.OrderResultJSON, dislodged map[diplomacy.Province]bool, convoys []diplomacy.Order) []Token {
	m := c.rep.Map
	reason := func(rs diplomacy.Reason) string { return diplomacy.Outcome{Reason: rs}.Text(m) }
	ret := o.At != diplomacy.NoLoc && dislodged[m.Prov(o.At)] && pos.Phase.Type == diplomacy.Movement
	var main Token
	switch {
	case r.Result == "succeeds":
		main = SUC
	case r.Result == "invalid":
		main = FLD
		if o.Type == diplomacy.SupportOrder || o.Type == diplomacy.ConvoyOrder || o.Type == diplomacy.Move && o.ViaConvoy {
			main = NSO
		}
	case o.Type == diplomacy.Hold || o.Type == diplomacy.ConvoyOrder && ret:
		main = 0 // RET alone
		if !ret {
			main = FLD
		}
	case r.Reason == reason(diplomacy.ReasonCut) || o.Type == diplomacy.SupportOrder && ret:
		main = CUT
	case r.Reason == reason(diplomacy.ReasonVoid):
		main = NSO
	case r.Reason == reason(diplomacy.ReasonNoConvoy) || r.Reason == reason(diplomacy.ReasonParadox):
		main = NSO
		for _, cv := range convoys {
			if m.Prov(cv.Aux) == m.Prov(o.At) && dislodged[m.Prov(cv.At)] || r.Reason == reason(diplomacy.ReasonParadox) {
				main = DSR
			}
		}
	case o.Type == diplomacy.Move || o.Type == diplomacy.RetreatOrder:
		main = BNC
	default:
		main = FLD
	}
	var out []Token
	if main != 0 {
		out = append(out, main)
	}
	if ret {
		out = append(out, RET)
	}
	return out
}

// adoptStored takes the power's orders stored for the open phase as the
// connection's own (a client that rejoins goes on from them).
func (c *conn) adoptStored(gs *diplomacy.GameState) {
	m := c.rep.Map
	c.phaseOrders = len(gs.History)
	c.orders, c.engine, c.notGOF, c.ready = nil, nil, false, gs.Ready[c.power]
	for _, text := range gs.Orders[c.power] {
		o, err := m.ParseOrder(text)
		if err != nil {
			continue
		}
		if gs.Pos.Phase.Type == diplomacy.Retreat && o.Type == diplomacy.Move {
			o.Type = diplomacy.RetreatOrder
		}
		c.orders = append(c.orders, Order{Power: c.power, Order: o, Tokens: c.rep.write(gs.Pos, c.power, o)})
		c.engine = append(c.engine, o)
	}
}

// resetIfNewPhase forgets the orders of a phase that has closed.
func (c *conn) resetIfNewPhase(gs *diplomacy.GameState) {
	if len(gs.History) != c.phaseOrders {
		c.phaseOrders = len(gs.History)
		c.orders, c.engine, c.notGOF, c.ready = nil, nil, false, false
	}
}

// sub handles SUB [(turn)] (order) (order) ...
func (c *conn) sub(ctx context.Context, ts []Token, args []Node) *SyntaxError {
	end := len(ts)
	rej := func() { c.send(cat([]Token{REJ}, paren(ts...))...) }
	if len(args) == 0 {
		return errAt(nil, end, "SUB (order) ...")
	}
	var want *diplomacy.Phase
	if args[0].IsList && len(args[0].List) == 2 && !args[0].List[0].IsList && args[0].List[0].Tok.Cat() == CatPhase {
		p, err := turnOf(args[0], end)
		if err != nil {
			return err
		}
		want, args = &p, args[1:]
	}
	var orders []Order
	for _, n := range args {
		o, err := c.rep.ReadOrder(n)
		if err != nil {
			return err
		}
		orders = append(orders, o)
	}
	gs, ok := c.playing(ctx)
	if !ok || want != nil && *want != gs.Pos.Phase {
		rej()
		return nil
	}
	c.resetIfNewPhase(gs)
	m := c.rep.Map
	legal := diplomacy.NewGenerator(m).Orders(gs.Pos, c.power)
	builds, removes := 0, 0
	if gs.Pos.Phase.Type == diplomacy.Adjustment {
		for _, uo := range legal {
			if len(uo.Orders) > 0 && uo.Orders[0].Type == diplomacy.DisbandOrder {
				removes++
			} else {
				builds++
			}
		}
	}
	newOrders := append([]Order(nil), c.orders...)
	newEngine := append([]diplomacy.Order(nil), c.engine...)
	notes := make([]Token, len(orders))
	for i, o := range orders {
		note, eng := c.rep.Judge(gs.Pos, c.power, o, legal)
		if note == MBV {
			// A new order for a unit (or a site) replaces its old one.
			idx := -1
			for k, e := range newEngine {
				if e.Type != diplomacy.WaiveOrder && eng.Type != diplomacy.WaiveOrder && m.Prov(e.At) == m.Prov(eng.At) {
					idx = k
				}
			}
			if idx >= 0 {
				newOrders = append(newOrders[:idx:idx], newOrders[idx+1:]...)
				newEngine = append(newEngine[:idx:idx], newEngine[idx+1:]...)
			}
			if gs.Pos.Phase.Type == diplomacy.Adjustment {
				nb, nr := countAdjust(newEngine)
				switch {
				case eng.Type == diplomacy.DisbandOrder && nr >= removes:
					note = NMR
				case eng.Type != diplomacy.DisbandOrder && nb >= builds:
					note = NMB
				}
			}
		}
		if note == MBV {
			newOrders = append(newOrders, o)
			newEngine = append(newEngine, eng)
		}
		notes[i] = note
	}
	if sameOrders(c.rep.Map, newEngine, c.engine) {
		// Nothing changed (every order refused, or sent again): nothing to store.
	} else if err := c.submit(ctx, gs, newEngine); err != nil {
		c.log.Info("daide: orders refused", "err", err)
		for i := range notes {
			if notes[i] == MBV {
				notes[i] = NRS
			}
		}
	} else {
		c.orders, c.engine = newOrders, newEngine
	}
	for i, o := range orders {
		c.send(cat([]Token{THX}, o.Tokens, paren(notes[i]))...)
	}
	if mis := c.missing(gs); len(mis) > 1 {
		c.send(mis...)
	}
	c.setReady(ctx, gs)
	return nil
}

// sameOrders reports whether two order lists write the same texts.
func sameOrders(m *diplomacy.Map, a, b []diplomacy.Order) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String(m) != b[i].String(m) {
			return false
		}
	}
	return true
}

func countAdjust(os []diplomacy.Order) (builds, removes int) {
	for _, o := range os {
		if o.Type == diplomacy.DisbandOrder {
			removes++
		} else {
			builds++
		}
	}
	return
}

// submit stores the power's whole order list for the phase.
func (c *conn) submit(ctx context.Context, gs *diplomacy.GameState, orders []diplomacy.Order) error {
	texts := make([]string, len(orders))
	for i, o := range orders {
		texts[i] = o.String(c.rep.Map)
	}
	_, _, err := c.srv.Host.Act(ctx, c.user, c.game, -1, game.NewAction("orders", map[string]any{"orders": texts}))
	return err
}

// missing is the MIS message for the power now: the units without
// orders, the dislodged units without orders (with MRT), or (n) the
// removals (n > 0) or builds (n < 0) still owed; MIS alone when nothing is.
func (c *conn) missing(gs *diplomacy.GameState) []Token {
	c.resetIfNewPhase(gs)
	m := c.rep.Map
	pos := gs.Pos
	done := map[diplomacy.Province]bool{}
	for _, e := range c.engine {
		if e.At != diplomacy.NoLoc {
			done[m.Prov(e.At)] = true
		}
	}
	out := []Token{MIS}
	switch pos.Phase.Type {
	case diplomacy.Movement:
		for _, u := range pos.Units {
			if u.Type != diplomacy.NoUnit && u.Power == c.power && !done[m.Prov(u.Loc)] {
				out = append(out, c.rep.unit(u.Power, u.Type, u.Loc)...)
			}
		}
	case diplomacy.Retreat:
		for _, d := range pos.Dislodged {
			if d.Power == c.power && !done[m.Prov(d.Loc)] {
				out = append(out, c.dislodged(d)...)
			}
		}
	case diplomacy.Adjustment:
		builds, removes := 0, 0
		for _, uo := range diplomacy.NewGenerator(m).Orders(pos, c.power) {
			if len(uo.Orders) > 0 && uo.Orders[0].Type == diplomacy.DisbandOrder {
				removes++
			} else {
				builds++
			}
		}
		nb, nr := countAdjust(c.engine)
		if n := removes - nr; removes > 0 && n > 0 {
			out = append(out, paren(mustInt(n))...)
		} else if n := builds - nb; builds > 0 && n > 0 {
			out = append(out, paren(mustInt(-n))...)
		}
	}
	return out
}

// setReady tells the game the power is done when its orders are complete
// and it has not asked to wait (GOF is assumed each phase), and not done
// otherwise.
func (c *conn) setReady(ctx context.Context, gs *diplomacy.GameState) {
	owes := false
	for _, p := range (diplomacy.Rules{}).Pending(gs) {
		owes = owes || p.Seat == c.seat
	}
	want := owes && len(c.missing(gs)) == 1 && !c.notGOF
	if want == c.ready || !owes {
		return
	}
	if _, _, err := c.srv.Host.Act(ctx, c.user, c.game, -1, game.NewAction("ready", map[string]bool{"ready": want})); err != nil {
		c.log.Info("daide: ready refused", "err", err)
		return
	}
	c.ready = want
}
