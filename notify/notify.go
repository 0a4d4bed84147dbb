// Package notify tells players what happened in their games while they are
// away: a phase resolved, a new message they may read, a deadline near, the
// game started, paused or ended by vote. It
// sends e-mail through an SMTP server (when one is configured, to players
// who gave an address) and posts to a game's webhook and to players'
// personal webhooks (Discord-compatible JSON, {"content": "…"}; a personal
// webhook receives what the player's e-mail would, a game's only what is
// public).
//
// Sending happens off the request path: the host's hooks only put a task
// on a bounded queue (dropping it, counted and logged, when the queue is
// full); worker goroutines read the store, decide who may learn what, and
// send, retrying failed deliveries with exponential backoff.
//
// Nobody learns more than the game shows them: e-mail about press goes only
// to the seats of its channel (never its sender), events only to the seats
// they are visible to, reminders only to the seat they concern; a webhook is
// public, so it receives only public events, public press and the deadline
// itself, and in anonymous games no sender's name.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"concordat/game"
	"concordat/host"
	"concordat/netguard"
	"concordat/store"
)

// Config configures a Notifier. The zero value sends webhooks only.
type Config struct {
	// SMTP is the mail server's host:port; empty: no e-mail.
	SMTP string
	// From is the envelope and header sender of e-mail.
	From string
	// SMTPUser and SMTPPassword, when set, authenticate (PLAIN, which
	// net/smtp allows only over TLS or to localhost).
	SMTPUser, SMTPPassword string
	// BaseURL, when set, is the server's public address, for links to games.
	BaseURL string

	// Workers is the number of sending goroutines (default 4); Queue the
	// number of tasks that may wait (default 1024).
	Workers, Queue int
	// Attempts is how many times a delivery is tried (default 5); Backoff
	// the wait before the second attempt, doubling each time (default 2 s).
	Attempts int
	Backoff  time.Duration
	// Timeout bounds one delivery (default 20 s).
	Timeout time.Duration
	// HTTP is the webhook client (default: one that follows no redirects,
	// uses no proxy and dials only public addresses, see
	// AllowPrivateWebhooks; a client given here must guard itself).
	HTTP *http.Client
	// AllowPrivateWebhooks lets the default client post to any address,
	// the server's own network's too (loopback, private, link-local …):
	// for tests and private deployments. Without it a webhook whose host is
	// or resolves to such an address is refused at the dial (package
	// netguard), whatever the name resolved to when the game was created.
	AllowPrivateWebhooks bool
	// Log receives failures (default: discarded).
	Log *slog.Logger
}

// webhookClient is the default webhook client: it follows no redirect (a
// webhook answers; it does not send us elsewhere), goes through no proxy
// (so that the address dialled is the webhook's) and dials only what
// policy allows, checked on the address actually dialled.
func webhookClient(policy netguard.Policy) *http.Client {
	d := policy.Dialer()
	d.Timeout = 10 * time.Second
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           d.DialContext,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          16,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ResponseHeaderTimeout: 15 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Stats count what a Notifier did.
type Stats struct {
	Sent, Failed, Dropped, Retried int64
}

// Notifier queues and sends notifications. Create it with New, connect it
// to a host with Attach, and Close it at shutdown.
type Notifier struct {
	cfg   Config
	h     *host.Host
	queue chan task
	done  chan struct{}

	mu      sync.Mutex
	pending int // queued, running or waiting to retry
	idle    *sync.Cond
	closing bool
	workers sync.WaitGroup

	sent, failed, dropped, retried atomic.Int64
	lastDropLog                    atomic.Int64 // unix seconds
}

// task is an event to turn into deliveries, or one delivery to (re)try.
type task struct {
	ev      *event
	d       *delivery
	attempt int
}

// event is something to tell people about.
type event struct {
	kind   string // "phase", "status", "message", "remind"
	gameID int64
	change host.Change
	msg    store.Message
	job    store.Job
}

// delivery is one e-mail to one address or one webhook post.
type delivery struct {
	mail    bool
	to      string // address, or webhook URL
	subject string
	text    string
}

// New starts a Notifier's workers.
func New(cfg Config) *Notifier {
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 1024
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = 5
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 2 * time.Second
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	if cfg.HTTP == nil {
		cfg.HTTP = webhookClient(netguard.Policy{AllowPrivate: cfg.AllowPrivateWebhooks})
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	n := &Notifier{cfg: cfg, queue: make(chan task, cfg.Queue), done: make(chan struct{})}
	n.idle = sync.NewCond(&n.mu)
	for i := 0; i < cfg.Workers; i++ {
		n.workers.Add(1)
		go n.work()
	}
	return n
}

// Attach connects the notifier to h: it chains h.Notify (phases), sets
// h.Remind (deadlines near) and wraps h.Store so that each message posted
// is noticed with its content. Call it before the host serves (and before
// server.New, which chains h.Notify in turn).
func (n *Notifier) Attach(h *host.Host) {
	n.h = h
	prev := h.Notify
	h.Notify = func(c host.Change) {
		if prev != nil {
			prev(c)
		}
		if c.Kind == "phase" || c.Kind == "status" {
			n.enqueue(task{ev: &event{kind: c.Kind, gameID: c.GameID, change: c}})
		}
	}
	h.Remind = func(ctx context.Context, g *store.Game, j store.Job) {
		n.enqueue(task{ev: &event{kind: "remind", gameID: g.ID, job: j}})
	}
	h.Store = &pressStore{Store: h.Store, n: n}
}

// pressStore notices each message as it is stored.
type pressStore struct {
	store.Store
	n *Notifier
}

// Unwrap is the store pressStore wraps (for store.BroadcasterOf).
func (p *pressStore) Unwrap() store.Store { return p.Store }

// PostMessage stores m and, once stored, queues its notification.
func (p *pressStore) PostMessage(ctx context.Context, m *store.Message) error {
	if err := p.Store.PostMessage(ctx, m); err != nil {
		return err
	}
	p.n.enqueue(task{ev: &event{kind: "message", gameID: m.GameID, msg: *m}})
	return nil
}

// Stats reports the counters.
func (n *Notifier) Stats() Stats {
	return Stats{Sent: n.sent.Load(), Failed: n.failed.Load(), Dropped: n.dropped.Load(), Retried: n.retried.Load()}
}

// enqueue adds a task without ever blocking; a full queue drops it.
func (n *Notifier) enqueue(t task) bool {
	n.mu.Lock()
	if n.closing {
		n.mu.Unlock()
		n.drop(t, "shutting down")
		return false
	}
	n.pending++
	n.mu.Unlock()
	select {
	case n.queue <- t:
		return true
	default:
		n.finish()
		n.drop(t, "queue full")
		return false
	}
}

func (n *Notifier) drop(t task, why string) {
	n.dropped.Add(1)
	now := time.Now().Unix()
	if last := n.lastDropLog.Load(); now-last >= 10 && n.lastDropLog.CompareAndSwap(last, now) {
		n.cfg.Log.Warn("notification dropped", "why", why, "dropped_total", n.dropped.Load())
	}
}

// finish marks one task done.
func (n *Notifier) finish() {
	n.mu.Lock()
	n.pending--
	if n.pending == 0 {
		n.idle.Broadcast()
	}
	n.mu.Unlock()
}

// Idle waits until nothing is queued, being sent or waiting to be retried,
// or ctx ends.
func (n *Notifier) Idle(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() {
		n.mu.Lock()
		n.idle.Broadcast()
		n.mu.Unlock()
	})
	defer stop()
	n.mu.Lock()
	defer n.mu.Unlock()
	for n.pending > 0 && ctx.Err() == nil {
		n.idle.Wait()
	}
	return ctx.Err()
}

// Close stops taking tasks, sends what is queued until ctx ends, then
// stops the workers (dropping retries still waiting).
func (n *Notifier) Close(ctx context.Context) error {
	n.mu.Lock()
	n.closing = true
	n.mu.Unlock()
	err := n.Idle(ctx)
	close(n.done)
	n.workers.Wait()
	return err
}

func (n *Notifier) work() {
	defer n.workers.Done()
	for {
		select {
		case <-n.done:
			return
		case t := <-n.queue:
			n.run(t)
			n.finish()
		}
	}
}

// run handles one task: an event becomes deliveries, each sent at once;
// a failed delivery is retried later.
func (n *Notifier) run(t task) {
	ctx, cancel := context.WithTimeout(context.Background(), n.cfg.Timeout)
	defer cancel()
	if t.ev != nil {
		ds, err := n.compose(ctx, t.ev)
		if err != nil {
			n.cfg.Log.Error("notification", "kind", t.ev.kind, "game", t.ev.gameID, "err", err)
			n.failed.Add(1)
			return
		}
		for i := range ds {
			n.deliver(ctx, &ds[i], 1)
		}
		return
	}
	n.deliver(ctx, t.d, t.attempt)
}

// permanent marks an error not worth retrying.
type permanent struct{ error }

func (n *Notifier) deliver(ctx context.Context, d *delivery, attempt int) {
	dctx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	var err error
	var wait time.Duration
	if d.mail {
		err = n.sendMail(dctx, d)
	} else {
		wait, err = n.postWebhook(dctx, d)
	}
	if err == nil {
		n.sent.Add(1)
		return
	}
	var perm permanent
	if errors.As(err, &perm) || attempt >= n.cfg.Attempts {
		n.failed.Add(1)
		n.cfg.Log.Warn("notification failed", "mail", d.mail, "to", redactTarget(d), "attempts", attempt, "err", err)
		return
	}
	backoff := n.cfg.Backoff << (attempt - 1)
	wait = max(wait, backoff)
	n.retried.Add(1)
	n.mu.Lock()
	if n.closing {
		n.mu.Unlock()
		n.drop(task{d: d}, "shutting down")
		return
	}
	n.pending++ // the timer's task
	n.mu.Unlock()
	time.AfterFunc(wait, func() {
		defer n.finish()
		n.enqueue(task{d: d, attempt: attempt + 1})
	})
}

// redactTarget names a delivery's target for logs without secrets: an
// address, or a webhook's host.
func redactTarget(d *delivery) string {
	if d.mail {
		return d.to
	}
	if i := strings.Index(d.to, "://"); i >= 0 {
		rest := d.to[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[:j]
		}
		return d.to[:i+3] + rest + "/…"
	}
	return "webhook"
}

// gameLink is a link to the game, or "".
func (n *Notifier) gameLink(id int64) string {
	if n.cfg.BaseURL == "" {
		return ""
	}
	return fmt.Sprintf("%s/games/%d", n.cfg.BaseURL, id)
}

// visibleEvents are the events seat may see (game.System: public ones).
func visibleEvents(evs []game.Event, seat game.Seat) []game.Event {
	var out []game.Event
	for _, e := range evs {
		if (seat == game.System && e.Seats == nil) || (seat != game.System && e.VisibleTo(seat)) {
			out = append(out, e)
		}
	}
	return out
}
