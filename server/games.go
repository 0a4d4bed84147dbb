package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"concordat/game"
	"concordat/host"
	"concordat/netguard"
	"concordat/store"
)

// gameJSON is a game as the API shows it.
type gameJSON struct {
	ID       int64        `json:"id"`
	Name     string       `json:"name"`
	Game     string       `json:"game"`
	Variant  string       `json:"variant"`
	Rules    any          `json:"rules,omitempty"`
	Options  host.Options `json:"options"`
	Status   string       `json:"status"`
	Seq      int64        `json:"seq"`
	Deadline *time.Time   `json:"deadline,omitempty"`
	Result   string       `json:"result,omitempty"`
	Created  time.Time    `json:"created"`
	// Bots are the game's seats played by a computer player, with its
	// kind (in the game list only; the game view has them in its seats).
	Bots []botSeatJSON `json:"bots,omitempty"`
}

// botSeatJSON is a seat played by a bot, and the bot's kind.
type botSeatJSON struct {
	Seat game.Seat `json:"seat"`
	Kind string    `json:"kind,omitempty"`
}

// listed is g's entry in the game list: toGameJSON with its bot seats.
func (s *Server) listed(ctx context.Context, g *store.Game, opts host.Options) (gameJSON, error) {
	j := toGameJSON(g, opts)
	seats, err := s.Host.Store.Seats(ctx, g.ID)
	if err != nil {
		return j, err
	}
	rules := s.Host.Rules[g.Kind]
	for _, st := range seats {
		if st.Bot {
			b := botSeatJSON{Seat: st.Seat}
			if rules != nil {
				b.Kind = host.SeatBotKind(rules, opts, st)
			}
			j.Bots = append(j.Bots, b)
		}
	}
	return j, nil
}

type seatJSON struct {
	Seat     game.Seat `json:"seat"`
	Player   string    `json:"player,omitempty"`
	Bot      bool      `json:"bot,omitempty"`
	BotKind  string    `json:"bot_kind,omitempty"` // the kind of the bot holding it
	Missed   int       `json:"missed,omitempty"`
	Disorder bool      `json:"civil_disorder,omitempty"`
}

func toGameJSON(g *store.Game, opts host.Options) gameJSON {
	j := gameJSON{ID: g.ID, Name: g.Name, Game: g.Kind, Variant: g.Config.Variant, Options: opts,
		Status: g.Status, Seq: g.Seq, Result: g.Result, Created: g.CreatedAt}
	if len(g.Config.Options) > 0 {
		j.Rules = g.Config.Options
	}
	if !g.Deadline.IsZero() {
		d := g.Deadline
		j.Deadline = &d
	}
	return j
}

// Game list pages: DefaultPage games unless the request's limit says
// otherwise, at most MaxPage.
const (
	DefaultPage = 50
	MaxPage     = 200
)

// listGames lists games newest first, a page at a time: the answer's
// next_cursor, given back as ?cursor=, continues the list after the page's
// last game (games created meanwhile do not shift it).
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	status := r.URL.Query().Get("status")
	switch status {
	case "", store.Forming, store.Active, store.Paused, store.Finished:
	default:
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "status: forming, active, paused or finished"})
		return
	}
	mine := int64(0)
	if r.URL.Query().Get("mine") == "1" {
		if user == 0 {
			writeError(w, &host.Error{Code: host.CodeUnauthorized, Msg: "log in to list your games"})
			return
		}
		mine = user
	}
	limit := DefaultPage
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > MaxPage || strconv.Itoa(n) != l {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("limit %q: want a number of games from 1 to %d", l, MaxPage)})
			return
		}
		limit = n
	}
	q := store.GameQuery{Status: status, Seated: mine, Listed: true, Viewer: user, Limit: limit + 1}
	if c := r.URL.Query().Get("cursor"); c != "" {
		var ok bool
		if q.After, ok = parseCursor(c); !ok {
			writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("cursor %q: not one this server gave (pass next_cursor back as it came)", c)})
			return
		}
	}
	games, err := s.Host.Store.ListGames(r.Context(), q)
	if err != nil {
		writeError(w, err)
		return
	}
	next := ""
	if len(games) > limit {
		games = games[:limit]
		next = formatCursor(store.CursorOf(&games[limit-1]))
	}
	if mine != 0 {
		s.myGames(w, r, mine, games, next)
		return
	}
	out := []gameJSON{}
	for i := range games {
		g := &games[i]
		opts, err := host.ParseOptions(g.Options)
		if err != nil {
			continue
		}
		if opts.Private && mine == 0 && (user == 0 || g.CreatedBy != user) {
			if seat, _, err := s.Host.SeatOf(r.Context(), g.ID, user); err != nil || seat == "" {
				continue
			}
		}
		j, err := s.listed(r.Context(), g, opts)
		if err != nil {
			writeError(w, err)
			return
		}
		out = append(out, j)
	}
	resp := map[string]any{"games": out}
	if next != "" {
		resp["next_cursor"] = next
	}
	writeJSON(w, http.StatusOK, resp)
}

// formatCursor spells a place in the game list for a client: opaque
// (base64url of the game's creation time in microseconds and its id).
func formatCursor(c store.GameCursor) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("%d.%d", c.CreatedAt.UnixMicro(), c.ID)))
}

// parseCursor reads what formatCursor wrote, and nothing else.
func parseCursor(s string) (store.GameCursor, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(s) > 64 {
		return store.GameCursor{}, false
	}
	at, id, ok := strings.Cut(string(b), ".")
	micros, err1 := strconv.ParseInt(at, 10, 64)
	n, err2 := strconv.ParseInt(id, 10, 64)
	c := store.GameCursor{CreatedAt: time.UnixMicro(micros).UTC(), ID: n}
	if !ok || err1 != nil || err2 != nil || n <= 0 || formatCursor(c) != s {
		return store.GameCursor{}, false
	}
	return c, true
}

// myGame is one of the user's games with what it asks of them now.
type myGame struct {
	gameJSON
	host.Need
}

// myGames answers GET /api/games?mine=1: a page of the user's games
// (newest first; with sort=urgency the page is ordered by what needs them
// soonest: host.ByUrgency), each with what it asks of them now; next is
// the cursor of the next page ("" for none).
func (s *Server) myGames(w http.ResponseWriter, r *http.Request, user int64, games []store.Game, next string) {
	sortBy := r.URL.Query().Get("sort")
	if sortBy != "" && sortBy != "urgency" {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("sort %q: urgency, or leave it out (newest first)", sortBy)})
		return
	}
	needs := make([]host.Need, len(games))
	for i := range games {
		n, err := s.Host.Needs(r.Context(), user, &games[i])
		if err != nil {
			writeError(w, err)
			return
		}
		needs[i] = n
	}
	if sortBy == "urgency" {
		host.ByUrgency(games, needs)
	}
	out := []myGame{}
	for i := range games {
		opts, err := host.ParseOptions(games[i].Options)
		if err != nil {
			continue
		}
		j, err := s.listed(r.Context(), &games[i], opts)
		if err != nil {
			writeError(w, err)
			return
		}
		out = append(out, myGame{j, needs[i]})
	}
	resp := map[string]any{"games": out}
	if next != "" {
		resp["next_cursor"] = next
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req host.NewGame
	if err := readJSON(r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Seed != nil {
		// A creator who picked the seed would know every card and die roll.
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "seed: the server chooses a game's seed"})
		return
	}
	if err := s.checkWebhook(r.Context(), req.Options); err != nil {
		writeError(w, err)
		return
	}
	var b [8]byte
	rand.Read(b[:])
	g, err := s.Host.CreateGame(r.Context(), u.ID, req, binary.LittleEndian.Uint64(b[:]))
	if err != nil {
		writeError(w, err)
		return
	}
	opts, _ := host.ParseOptions(g.Options)
	writeJSON(w, http.StatusCreated, struct {
		gameJSON
		Invite string `json:"invite,omitempty"` // a private game's invitation, for its creator to hand out
	}{toGameJSON(g, opts), g.Invite})
}

// checkWebhook refuses a new game's webhook that leads to the server's own
// network (see checkWebhookAddr). Options that do not decode are the
// host's to refuse.
func (s *Server) checkWebhook(ctx context.Context, options json.RawMessage) error {
	var o struct {
		Webhook string `json:"webhook"`
	}
	if json.Unmarshal(options, &o) != nil || o.Webhook == "" {
		return nil
	}
	if err := s.checkWebhookAddr(ctx, o.Webhook); err != nil {
		return &host.Error{Code: host.CodeInvalid, Msg: "options: " + err.Error()}
	}
	return nil
}

// checkWebhookAddr refuses a webhook URL (a game's or a user's) that leads
// to the server's own network (loopback, private, link-local … addresses,
// or a name resolving to one) unless AllowPrivateWebhooks; the notifier
// checks the address it dials again at each post, for a name that
// resolves elsewhere later.
func (s *Server) checkWebhookAddr(ctx context.Context, raw string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := (netguard.Policy{AllowPrivate: s.AllowPrivateWebhooks}).CheckURL(ctx, s.Resolver, raw); err != nil {
		return fmt.Errorf("webhook: %v; webhooks go to public addresses only", err)
	}
	return nil
}

// invite shows (GET) or replaces (POST) a private game's invitation
// secret, which joining the game requires; only the game's creator may.
func (s *Server) invite(w http.ResponseWriter, r *http.Request, u *store.User) {
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	switch {
	case !ld.Opts.Private:
		writeError(w, &host.Error{Code: host.CodeConflict, Msg: fmt.Sprintf("game %d is public: anyone may join it without an invitation", ld.Game.ID)})
		return
	case ld.Game.CreatedBy != u.ID:
		writeError(w, &host.Error{Code: host.CodeForbidden, Msg: "only the game's creator sees and replaces its invitation"})
		return
	}
	inv := ld.Game.Invite
	if r.Method == http.MethodPost {
		if inv, err = s.Host.RotateInvite(r.Context(), ld.Game.ID); err != nil {
			writeError(w, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"invite": inv})
}

// visible loads a game the requester may see: a private game only by its
// players and its creator (also once finished); to anyone else it does not
// exist (404, as for an unknown id).
func (s *Server) visible(r *http.Request, user int64) (*store.Game, host.Options, game.Seat, []store.Seat, error) {
	ld, seat, err := s.visibleLoaded(r, user)
	if err != nil {
		return nil, host.Options{}, "", nil, err
	}
	return ld.Game, ld.Opts, seat, ld.Seats, nil
}

// visibleLoaded is visible as the game, options and seats read together
// (one store query), to be handed down to the host instead of read again,
// and the requester's seat.
func (s *Server) visibleLoaded(r *http.Request, user int64) (*host.Loaded, game.Seat, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, "", err
	}
	ld, err := s.Host.GameSeats(r.Context(), id)
	if err != nil {
		return nil, "", err
	}
	seat := ld.SeatFor(r.Context(), user)
	if ld.Opts.Private && len(ld.SeatsOf(user)) == 0 && (user == 0 || ld.Game.CreatedBy != user) {
		return nil, "", &host.Error{Code: host.CodeNotFound, Msg: "no game " + strconv.FormatInt(id, 10)}
	}
	return ld, seat, nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	user := s.optionalUser(r)
	// ?view=bot: the view a bot playing from it needs (game.BotViewer).
	forBot := false
	switch v := r.URL.Query().Get("view"); v {
	case "bot":
		forBot = true
	case "":
	default:
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("view %q: bot, or leave it out (the view people see)", v)})
		return
	}
	g, opts, seat, seats, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	resp := struct {
		Game  gameJSON    `json:"game"`
		Seats []seatJSON  `json:"seats"`
		You   game.Seat   `json:"you,omitempty"`
		Yours []game.Seat `json:"yours,omitempty"` // every seat the requester holds, when several (a grouped game)
		// Owing are those of Yours that owe a decision now (in Yours'
		// order), whichever of them the request acts as.
		Owing   []game.Seat   `json:"owing,omitempty"`
		View    any           `json:"view"`
		Pending []game.Prompt `json:"pending"`
		Window  string        `json:"window,omitempty"` // the simultaneous window open, for submissions
		// BotKinds are the kinds of computer player the game offers, the
		// default first, for POST /api/games/{id}/seats/{seat}/bot.
		BotKinds []string `json:"bot_kinds"`
		// Creator is true for the game's creator, who may fill its seats
		// with bots while it forms.
		Creator bool `json:"creator,omitempty"`
	}{Game: toGameJSON(g, opts), You: seat, Pending: []game.Prompt{}, BotKinds: s.botKinds(g.Kind), Creator: user != 0 && g.CreatedBy == user}
	rules := s.Host.Rules[g.Kind]
	if user != 0 {
		if held := seatsHeld(seats, user); len(held) > 1 {
			resp.Yours = held
		}
	}
	for _, st := range seats {
		sj := seatJSON{Seat: st.Seat, Bot: st.Bot, Missed: st.Missed, Disorder: st.Missed >= opts.MissedLimit}
		if st.Bot && rules != nil {
			sj.BotKind = host.SeatBotKind(rules, opts, st)
		}
		if st.UserID != 0 && !(opts.HidesPlayers() && g.Status != store.Finished && st.Seat != seat) {
			if pu, err := s.Host.Store.UserByID(r.Context(), st.UserID); err == nil {
				sj.Player = pu.Name
			}
		}
		resp.Seats = append(resp.Seats, sj)
	}
	st, err := s.Host.State(r.Context(), g)
	if err != nil {
		writeError(w, err)
		return
	}
	viewer := seat
	if g.Status == store.Finished {
		viewer = game.System // everything is public at the end
	}
	resp.View = game.ViewFor(rules, st, viewer, forBot)
	resp.Window = s.Host.WindowOf(g.Kind, st)
	pending := rules.Pending(st)
	for _, p := range pending {
		if p.Seat == seat { // only one's own prompts: others' progress is private
			resp.Pending = append(resp.Pending, p)
		}
	}
	for _, held := range resp.Yours {
		if slices.ContainsFunc(pending, func(p game.Prompt) bool { return p.Seat == held }) {
			resp.Owing = append(resp.Owing, held)
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) join(w http.ResponseWriter, r *http.Request, u *store.User) {
	id, err := pathID(r)
	if err != nil {
		writeError(w, err)
		return
	}
	ld, err := s.Host.GameSeats(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Seat   game.Seat `json:"seat"`
		Invite string    `json:"invite"`
	}
	if r.ContentLength != 0 {
		// No body (even one sent chunked, with no length) asks for any seat.
		if err = readJSON(r, &req); errors.Is(err, errEmptyBody) {
			err = nil
		}
	}
	// A private game is joined with its invitation while it forms; to
	// anyone outside it without the invitation it does not exist, whatever
	// the body says.
	if ld.Opts.Private && ld.SeatOf(u.ID) == "" && ld.Game.CreatedBy != u.ID &&
		(err != nil || ld.Game.Status != store.Forming || !host.InviteMatches(ld.Game, req.Invite)) {
		writeError(w, &host.Error{Code: host.CodeNotFound, Msg: "no game " + strconv.FormatInt(id, 10)})
		return
	}
	if err != nil {
		writeError(w, err)
		return
	}
	seat, err := s.Host.Join(r.Context(), u.ID, id, req.Seat)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]game.Seat{"seat": seat})
}

// gameAndBody loads the game of the path that user may see and decodes the
// request body into req, in that order (an unknown or hidden game is 404
// before the body is judged). On failure it writes the error and returns nil.
func (s *Server) gameAndBody(w http.ResponseWriter, r *http.Request, u *store.User, req any) *store.Game {
	if ld := s.loadedAndBody(w, r, u, req); ld != nil {
		return ld.Game
	}
	return nil
}

// loadedAndBody is gameAndBody with the game's options and seats.
func (s *Server) loadedAndBody(w http.ResponseWriter, r *http.Request, u *store.User, req any) *host.Loaded {
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err == nil {
		err = readJSON(r, req)
	}
	if err != nil {
		writeError(w, err)
		return nil
	}
	return ld
}

// takeover gives the user a seat in civil disorder of a started game or,
// with "bot": true, puts a bot in it (a player of the game or its creator
// may).
func (s *Server) takeover(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Seat game.Seat `json:"seat"`
		Bot  bool      `json:"bot,omitempty"`
	}
	g := s.gameAndBody(w, r, u, &req)
	if g == nil {
		return
	}
	if req.Bot {
		if err := s.Host.TakeOverBot(r.Context(), u.ID, g.ID, req.Seat); err != nil {
			writeError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"seat": req.Seat, "bot": true})
		return
	}
	if err := s.Host.TakeOver(r.Context(), u.ID, g.ID, req.Seat); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]game.Seat{"seat": req.Seat})
}

func (s *Server) leave(w http.ResponseWriter, r *http.Request, u *store.User) {
	g, _, _, _, err := s.visible(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.Host.Leave(r.Context(), u.ID, g.ID); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

func (s *Server) legal(w http.ResponseWriter, r *http.Request, u *store.User) {
	g, _, seat, _, err := s.visible(r, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	if seat == "" {
		writeError(w, &host.Error{Code: host.CodeForbidden, Msg: "you hold no seat in this game"})
		return
	}
	st, err := s.Host.State(r.Context(), g)
	if err != nil {
		writeError(w, err)
		return
	}
	resp := map[string]any{"seq": g.Seq, "options": s.Host.Rules[g.Kind].Legal(st, seat)}
	if win := s.Host.WindowOf(g.Kind, st); win != "" {
		resp["window"] = win
	}
	writeJSON(w, http.StatusOK, resp)
}

// actRequest is a seat's action with the seq it was made against (and,
// optionally, the simultaneous window it is for).
type actRequest struct {
	Seq    *int64          `json:"seq"`
	Window string          `json:"window,omitempty"`
	Type   string          `json:"type"`
	Args   json.RawMessage `json:"args,omitempty"`
}

// submission is the request as the host takes it.
func (req *actRequest) submission() host.Submission {
	return host.Submission{Seq: *req.Seq, Window: req.Window, Action: game.Action{Type: req.Type, Args: req.Args}}
}

func (s *Server) act(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req actRequest
	// The body first: with it, an order on a game whose last action this
	// process stored goes without reading the game (Host.ActCached); any
	// other request reads the game, and the game's errors come before the
	// body's, as for every request.
	bodyErr := readJSON(r, &req)
	if id, err := pathID(r); err == nil && bodyErr == nil && req.Seq != nil && *req.Seq >= 0 && req.Type != "" {
		start := time.Now()
		if res, ok := s.Host.SubmitCached(r.Context(), u.ID, id, req.submission()); ok {
			s.metrics.actions.Observe(time.Since(start).Seconds())
			s.writeActed(w, res)
			return
		}
	}
	ld, _, err := s.visibleLoaded(r, u.ID)
	if err == nil {
		err = bodyErr
	}
	if err != nil {
		writeError(w, err)
		return
	}
	id := ld.Game.ID
	if req.Seq == nil || *req.Seq < 0 {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "seq: the game's seq your action was made against (0 or more) is required"})
		return
	}
	if req.Type == "" {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: "type: the action's type is required"})
		return
	}
	start := time.Now()
	res, err := s.Host.Submit(r.Context(), u.ID, id, ld, req.submission())
	s.metrics.actions.Observe(time.Since(start).Seconds())
	if err != nil {
		writeError(w, err)
		return
	}
	s.writeActed(w, res)
}

// actedJSON is the answer to an action.
type actedJSON struct {
	Seq       int64           `json:"seq"`
	Events    []host.LogEvent `json:"events"`
	Checks    []game.Check    `json:"checks,omitempty"`
	Duplicate bool            `json:"duplicate,omitempty"`
	Window    string          `json:"window,omitempty"`
}

// writeActed answers an action: the game's new seq, the events the seat
// may see, the rules' verdict on each part, whether it was a retry of what
// was applied already, and the window open now.
func (s *Server) writeActed(w http.ResponseWriter, res host.Acted) {
	out := actedJSON{Seq: res.Seq, Events: []host.LogEvent{}, Checks: res.Checks, Duplicate: res.Duplicate, Window: res.Window}
	if e := host.EntryOf(store.Action{Seq: res.Seq, Seat: res.Seat, Events: res.Events}, res.Seat, false); e != nil {
		out.Events = e.Events
	}
	writeJSON(w, http.StatusOK, out)
}

// history is the view of the game after action seq, as the requester's
// seat saw it then.
func (s *Server) history(w http.ResponseWriter, r *http.Request) {
	if !s.limits.allow("history", s.clientKey(r)) {
		writeError(w, &host.Error{Code: host.CodeRateLimited, Msg: "too many history requests: slow down"})
		return
	}
	user := s.optionalUser(r)
	g, _, seat, _, err := s.visible(r, user)
	if err != nil {
		writeError(w, err)
		return
	}
	seq, err := strconv.ParseInt(r.PathValue("seq"), 10, 64)
	if err != nil {
		writeError(w, &host.Error{Code: host.CodeInvalid, Msg: fmt.Sprintf("seq %q: want a number from 0 to %d", r.PathValue("seq"), g.Seq)})
		return
	}
	st, err := s.Host.StateAt(r.Context(), g, seq)
	if err != nil {
		writeError(w, err)
		return
	}
	viewer := seat
	if g.Status == store.Finished {
		viewer = game.System
	}
	events := []host.LogEvent{}
	if seq > 0 {
		page, err := s.Host.GameLog(r.Context(), g, seat, seq, seq, 1)
		if err != nil {
			writeError(w, err)
			return
		}
		if len(page.Entries) == 1 {
			events = page.Entries[0].Events
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"seq": seq, "view": s.Host.Rules[g.Kind].View(st, viewer), "events": events})
}

// seatsHeld lists the seats user holds, in seat order.
func seatsHeld(seats []store.Seat, user int64) []game.Seat {
	var out []game.Seat
	for _, s := range seats {
		if s.UserID == user {
			out = append(out, s.Seat)
		}
	}
	return out
}
