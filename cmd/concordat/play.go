package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	adjudicator "concordat/adjudicate"
	"concordat/catalog"
	"concordat/diplomacy/hosted"
	"concordat/his"
	"concordat/host"
	"concordat/server"
	"concordat/store/sqlite"
	"concordat/web"
)

func init() {
	register("play", "start a local server with a game against bots and print the link to open", runPlay)
}

// playConfig is a local game against bots.
type playConfig struct {
	Addr     string // listen address
	DB       string // SQLite file ("": a temporary one, removed at the end)
	Game     string // "diplomacy" or "his"
	Variant  string
	Rules    map[string]string // the game's own options (fog, …), as the API's "rules"
	Bots     int               // seats given to bots (the others stay open)
	Kind     string            // the bots' kind ("": the game's default)
	Seat     string            // the player's seat ("": the first seat no bot takes)
	Phase    string            // the game's window length
	User     string
	Password string // "": a random one (printed)
}

// playInfo is what play prints: where to go and who to log in as.
type playInfo struct {
	Base, Link, User, Password, Seat string
	GameID                           int64
	Bots                             int
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg playConfig
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "listen address (127.0.0.1:0: any free port)")
	fs.StringVar(&cfg.DB, "db", "", "SQLite file to keep the game in (default: a temporary one, removed at the end)")
	fs.StringVar(&cfg.Game, "game", "diplomacy", "diplomacy or his")
	fs.StringVar(&cfg.Variant, "variant", "", "the map or scenario (default: standard for diplomacy, 1517 for his)")
	fs.IntVar(&cfg.Bots, "bots", -1, "how many seats bots take (default: every seat but yours)")
	fs.StringVar(&cfg.Kind, "kind", "", "the bots' kind: random, heuristic, search (the kinds the game offers; default: its first)")
	fs.StringVar(&cfg.Seat, "seat", "", "your seat (default: the first one)")
	fs.StringVar(&cfg.Phase, "phase", "24h", "the length of a decision window, 5m to 240h (a window closes early once you are ready)")
	fs.StringVar(&cfg.User, "user", "player", "your account's name")
	fs.StringVar(&cfg.Password, "password", "", "your account's password (default: a random one, printed; with --db of an earlier game, that game's)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err := play(ctx, cfg, slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})), func(in playInfo) {
		fmt.Fprintf(stdout, "concordat: game %d (%s) on %s with %d bots; you play %s\n", in.GameID, cfg.Game, in.Base, in.Bots, in.Seat)
		fmt.Fprintf(stdout, "open %s and log in as %s, password %s\n", in.Link, in.User, in.Password)
		fmt.Fprintln(stdout, "serving until interrupted (Ctrl-C)")
	})
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errBotInput):
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	fmt.Fprintln(stderr, "play:", err)
	return 1
}

// play serves a local game against bots until ctx ends: an embedded
// SQLite store, the API and the web client on cfg.Addr, the deadline
// scheduler; an account, a game with cfg.Bots seats held by bots and the
// player seated, all made through the public API; ready learns the link.
func play(ctx context.Context, cfg playConfig, log *slog.Logger, ready func(playInfo)) error {
	defaults := map[string]string{"diplomacy": "standard", "his": "1517"} // the default variants
	if _, ok := defaults[cfg.Game]; !ok {
		return fmt.Errorf("%w: --game %q: diplomacy or his", errBotInput, cfg.Game)
	}
	if cfg.Variant == "" {
		cfg.Variant = defaults[cfg.Game]
	}
	db := cfg.DB
	if db == "" {
		dir, err := os.MkdirTemp("", "concordat-play-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		db = filepath.Join(dir, "play.db")
	}
	st, err := sqlite.Open(db)
	if err != nil {
		return err
	}
	defer st.Close()
	h := host.New(st, log, processName(), hosted.Rules{}, his.Rules{})
	h.MaxForming = 0
	srv := server.New(h, log)
	srv.Catalog = catalog.Served{}
	srv.Adjudicate = adjudicator.JSON
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	hs := srv.HTTPServer()
	hs.Handler = withClient(srv, web.New())
	hs.RegisterOnShutdown(srv.StopStreams)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	schedCtx, stopSched := context.WithCancel(context.Background())
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		h.RunScheduler(schedCtx, time.Second)
	}()
	defer func() {
		shCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		hs.Shutdown(shCtx)
		stopSched()
		<-schedDone
	}()
	base := "http://" + ln.Addr().String()
	info, err := setUpPlay(ctx, base, cfg)
	if err != nil {
		return err
	}
	ready(info)
	select {
	case <-ctx.Done():
		return nil
	case err := <-served:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	}
}

// setUpPlay makes, through the API of the server at base, the player's
// account (or logs into it), the game, its bots and the player's seat.
func setUpPlay(ctx context.Context, base string, cfg playConfig) (playInfo, error) {
	c := newAPIClient(base, "")
	in := playInfo{Base: base, User: cfg.User, Password: cfg.Password}
	if in.Password == "" {
		b := make([]byte, 8)
		rand.Read(b)
		in.Password = hex.EncodeToString(b)
	}
	cred := map[string]string{"name": in.User, "password": in.Password}
	err := c.call(ctx, "POST", "/api/register", cred, nil)
	var ae *apiError
	if errors.As(err, &ae) && ae.Status == http.StatusConflict {
		if cfg.Password == "" {
			return in, fmt.Errorf("%w: the account %s exists already in this database: give its --password", errBotInput, in.User)
		}
		err = c.call(ctx, "POST", "/api/login", cred, nil)
	}
	if err != nil {
		return in, fmt.Errorf("account %s: %w", in.User, err)
	}
	var g struct {
		ID int64 `json:"id"`
	}
	req := map[string]any{"name": "practice against bots", "game": cfg.Game, "variant": cfg.Variant, "options": map[string]any{"phase": cfg.Phase}}
	if cfg.Kind != "" {
		req["options"].(map[string]any)["bot_kind"] = cfg.Kind
	}
	if cfg.Rules != nil {
		req["rules"] = cfg.Rules
	}
	if err := c.call(ctx, "POST", "/api/games", req, &g); err != nil {
		return in, fmt.Errorf("%w: creating the game: %v", errBotInput, err)
	}
	in.GameID = g.ID
	path := fmt.Sprintf("/api/games/%d", g.ID)
	var view apiGame
	if err := c.call(ctx, "GET", path, nil, &view); err != nil {
		return in, err
	}
	in.Seat = cfg.Seat
	if in.Seat == "" {
		in.Seat = view.Seats[0].Seat
	}
	found := false
	for _, s := range view.Seats {
		found = found || s.Seat == in.Seat
	}
	if !found {
		return in, fmt.Errorf("%w: --seat %q: the game's seats are %v", errBotInput, in.Seat, seatNames(view))
	}
	if cfg.Bots < 0 {
		cfg.Bots = len(view.Seats) - 1
	}
	if cfg.Bots > len(view.Seats)-1 {
		return in, fmt.Errorf("%w: --bots %d: the game has %d seats, one of them yours", errBotInput, cfg.Bots, len(view.Seats))
	}
	for _, s := range view.Seats {
		if in.Bots == cfg.Bots {
			break
		}
		if s.Seat == in.Seat {
			continue
		}
		if err := c.call(ctx, "POST", path+"/seats/"+s.Seat+"/bot", map[string]string{"kind": cfg.Kind}, nil); err != nil {
			return in, fmt.Errorf("%w: a bot in %s: %v", errBotInput, s.Seat, err)
		}
		in.Bots++
	}
	if err := c.call(ctx, "POST", path+"/join", map[string]string{"seat": in.Seat}, nil); err != nil {
		return in, fmt.Errorf("joining %s: %w", in.Seat, err)
	}
	in.Link = fmt.Sprintf("%s/games/%d", base, g.ID)
	return in, nil
}

func seatNames(g apiGame) []string {
	var out []string
	for _, s := range g.Seats {
		out = append(out, s.Seat)
	}
	return out
}
