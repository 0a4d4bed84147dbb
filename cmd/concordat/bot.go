package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"concordat/diplomacy/hosted"
	"concordat/game"
	"concordat/his"
	"concordat/host"
)

func init() {
	register("bot", "play a seat of a game on a server with a computer player, through the public API and a personal API token", runBot)
}

// botRules are the games a bot process can play, by game id.
var botRules = map[string]game.Rules{"diplomacy": hosted.Rules{}, "his": his.Rules{}}

// botConfig is what a bot process plays.
type botConfig struct {
	Server string // the server's base URL
	Token  string // a personal API token of the account that holds (or joins) the seat
	Game   int64
	Kind   string // the bot kind ("" : the game's first kind that plays from a view)
	Seat   string // the seat to join in a forming game ("": any free one)
	Seed   uint64 // the bot's own random choices
	Poll   time.Duration
	Out    io.Writer // one line per answer
}

func runBot(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	srv := fs.String("server", env("CONCORDAT_SERVER", "http://127.0.0.1:8080"), "the server's URL (env CONCORDAT_SERVER)")
	token := fs.String("token", "", "a personal API token (POST /api/tokens, or the account page); env CONCORDAT_TOKEN keeps it out of the process list")
	id := fs.Int64("game", 0, "the game's id")
	kind := fs.String("kind", "", "the kind of computer player, one the game offers that plays from a seat's view (Diplomacy: random, heuristic, search; Here I Stand: random); default: the game's first such kind")
	seat := fs.String("seat", "", "the seat to join when the game is forming (default: any free seat)")
	seed := fs.Uint64("seed", 1, "seed of the bot's own random choices (with the game's id and seq)")
	poll := fs.Duration("poll", 10*time.Second, "how often to look at the game when the live stream is quiet or lost")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *token == "" {
		*token = os.Getenv("CONCORDAT_TOKEN")
	}
	switch {
	case *token == "":
		fmt.Fprintln(stderr, "bot: --token (or env CONCORDAT_TOKEN): a personal API token is required")
		return 2
	case *id <= 0:
		fmt.Fprintln(stderr, "bot: --game: the id of the game to play (1 or more) is required")
		return 2
	case *poll < 100*time.Millisecond:
		fmt.Fprintf(stderr, "bot: --poll %s: at least 100ms\n", *poll)
		return 2
	case !strings.HasPrefix(*srv, "http://") && !strings.HasPrefix(*srv, "https://"):
		fmt.Fprintf(stderr, "bot: --server %q: want an http:// or https:// URL\n", *srv)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err := playBot(ctx, botConfig{Server: *srv, Token: *token, Game: *id, Kind: *kind, Seat: *seat, Seed: *seed, Poll: *poll, Out: stdout})
	switch {
	case err == nil, errors.Is(err, context.Canceled):
		return 0
	case errors.Is(err, errBotInput):
		fmt.Fprintln(stderr, "bot:", err)
		return 2
	}
	fmt.Fprintln(stderr, "bot:", err)
	return 1
}

// errBotInput marks what the bot's flags asked and cannot be done.
var errBotInput = errors.New("refused")

// viewBotOf is the player of kind of r that plays from a seat's view
// (game.ViewBot); kind "" is r's first such kind.
func viewBotOf(r game.Rules, kind string) (game.ViewBot, string, error) {
	var able []string
	for _, k := range host.BotKinds(r) {
		if b, _ := host.BotOf(r, k); b != nil {
			if _, ok := b.(game.ViewBot); ok {
				able = append(able, k)
			}
		}
	}
	if kind == "" {
		if len(able) == 0 {
			return nil, "", fmt.Errorf("%w: %s has no computer player that plays from a seat's view", errBotInput, r.Name())
		}
		kind = able[0]
	}
	b, err := host.BotOf(r, kind)
	if err != nil {
		return nil, "", fmt.Errorf("%w: --kind: %v", errBotInput, err)
	}
	vb, ok := b.(game.ViewBot)
	if !ok {
		return nil, "", fmt.Errorf("%w: --kind %s: this kind of %s bot plays only inside the server (it needs the whole state); kinds that play from a seat's view: %s",
			errBotInput, kind, r.Name(), strings.Join(able, ", "))
	}
	return vb, kind, nil
}

// playBot plays cfg's seat until the game ends (nil) or ctx does: it
// reads the game, joins it while it forms, and answers each decision its
// seat owes with the bot's answer from the seat's view and legal options,
// waking on the game's live stream (or every Poll).
func playBot(ctx context.Context, cfg botConfig) error {
	c := newAPIClient(cfg.Server, cfg.Token)
	var me struct {
		Name string `json:"name"`
	}
	if err := c.call(ctx, "GET", "/api/me", nil, &me); err != nil {
		return fmt.Errorf("the token: %w", err)
	}
	path := fmt.Sprintf("/api/games/%d", cfg.Game)
	var g apiGame
	if err := c.call(ctx, "GET", path, nil, &g); err != nil {
		return fmt.Errorf("game %d: %w", cfg.Game, err)
	}
	r, ok := botRules[g.Game.Game]
	if !ok {
		return fmt.Errorf("%w: game %d is %q, a game this program cannot play", errBotInput, cfg.Game, g.Game.Game)
	}
	vb, kind, err := viewBotOf(r, cfg.Kind)
	if err != nil {
		return err
	}
	if g.You == "" {
		if g.Game.Status != "forming" {
			return fmt.Errorf("%w: %s holds no seat in game %d, which is %s: join it while it forms (or take over a seat in civil disorder) first", errBotInput, me.Name, cfg.Game, g.Game.Status)
		}
		var j struct {
			Seat string `json:"seat"`
		}
		if err := c.call(ctx, "POST", path+"/join", map[string]string{"seat": cfg.Seat}, &j); err != nil {
			return fmt.Errorf("joining game %d: %w", cfg.Game, err)
		}
		g.You = j.Seat
		fmt.Fprintf(cfg.Out, "%s joined game %d as %s\n", me.Name, cfg.Game, j.Seat)
	} else if cfg.Seat != "" && cfg.Seat != g.You {
		return fmt.Errorf("%w: --seat %s: %s holds %s in game %d", errBotInput, cfg.Seat, me.Name, g.You, cfg.Game)
	}
	seat := game.Seat(g.You)
	fmt.Fprintf(cfg.Out, "playing %s in game %d (%s) with the %s bot\n", seat, cfg.Game, g.Game.Game, kind)

	wake := make(chan struct{}, 1)
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	go followStream(streamCtx, c, path+"/events", wake)

	tried := int64(-1) // the seq at which the bot last failed to answer
	for {
		g = apiGame{} // decoded afresh: JSON leaves out false flags, which must not keep old values
		// The bot's view (?view=bot): what the rules give a bot that plays from it (game.BotViewer).
		if err := c.call(ctx, "GET", path+"?view=bot", nil, &g); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("game %d: %w", cfg.Game, err)
		}
		if g.Game.Status == "finished" {
			fmt.Fprintf(cfg.Out, "game %d is over: %s\n", cfg.Game, g.Game.Result)
			return nil
		}
		if g.Game.Status == "active" && owes(g.Pending, g.You) && g.Game.Seq != tried {
			answered, err := answer(ctx, c, path, vb, seat, g, cfg, r.Name())
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				var ae *apiError
				if errors.As(err, &ae) && ae.Code == "stale" {
					continue // the game moved on meanwhile: read it again
				}
				fmt.Fprintf(cfg.Out, "seq %d: no answer (%v); the deadline decides\n", g.Game.Seq, err)
				tried = g.Game.Seq
			}
			if answered {
				continue
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		case <-time.After(cfg.Poll):
		}
	}
}

// owes reports whether seat has a decision in ps it has not answered.
func owes(ps []promptJSON, seat string) bool {
	for _, p := range ps {
		if p.Seat == seat && !p.Submitted && !p.Ready {
			return true
		}
	}
	return false
}

// answer reads the seat's legal options and submits the bot's answer
// (and, in Diplomacy, declares the seat ready, so that the phase may end
// early); true when an answer was stored.
func answer(ctx context.Context, c *apiClient, path string, vb game.ViewBot, seat game.Seat, g apiGame, cfg botConfig, gameName string) (bool, error) {
	var legal struct {
		Seq     int64        `json:"seq"`
		Options game.Options `json:"options"`
		Window  string       `json:"window"`
	}
	if err := c.call(ctx, "GET", path+"/legal", nil, &legal); err != nil {
		return false, err
	}
	if legal.Seq != g.Game.Seq {
		return false, &apiError{Status: http.StatusConflict, Code: "stale", Message: "the game moved on"}
	}
	rng := game.NewRNG(cfg.Seed ^ uint64(cfg.Game)*0x9e3779b97f4a7c15 ^ uint64(legal.Seq+1)*0xbf58476d1ce4e5b9)
	a, err := vb.BotActionFromView(g.View, legal.Options, seat, &rng)
	if err != nil {
		return false, err
	}
	var acted struct {
		Seq    int64  `json:"seq"`
		Window string `json:"window"`
	}
	body := map[string]any{"seq": legal.Seq, "type": a.Type, "args": a.Args}
	if legal.Window != "" {
		body["window"] = legal.Window
	}
	if err := c.call(ctx, "POST", path+"/actions", body, &acted); err != nil {
		return false, err
	}
	fmt.Fprintf(cfg.Out, "seq %d: %s %s\n", legal.Seq, a.Type, a.Args)
	if gameName == "diplomacy" && a.Type == "orders" && acted.Window == legal.Window {
		ready := map[string]any{"seq": acted.Seq, "type": "ready", "args": map[string]bool{"ready": true}}
		if acted.Window != "" {
			ready["window"] = acted.Window
		}
		if err := c.call(ctx, "POST", path+"/actions", ready, nil); err != nil {
			var ae *apiError
			if !errors.As(err, &ae) || ae.Code != "stale" {
				fmt.Fprintf(cfg.Out, "seq %d: ready refused: %v\n", acted.Seq, err)
			}
		}
	}
	return true, nil
}

// followStream reads the game's live-update stream and signals wake on
// each change, reconnecting (after a pause) when the stream ends, until
// ctx ends.
func followStream(ctx context.Context, c *apiClient, path string, wake chan<- struct{}) {
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
		if err != nil {
			return
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Accept", "text/event-stream")
		resp, err := c.hc.Do(req)
		if err == nil {
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "data:") {
					select {
					case wake <- struct{}{}:
					default:
					}
				}
			}
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second):
		}
	}
}
