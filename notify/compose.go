package notify

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"concordat/game"
	"concordat/host"
	"concordat/store"
)

// reader is one seat's player, as far as notifications go.
type reader struct {
	seat    game.Seat
	email   string // "" when none (or not a valid address)
	webhook string // the player's personal webhook, "" when none
}

// reached reports whether the player has anywhere to be notified.
func (r reader) reached() bool { return r.email != "" || r.webhook != "" }

// personal is a notification to one player: an e-mail to the address, and
// the same text posted to the personal webhook, where the player has them.
func personal(r reader, subj, text string) []delivery {
	var out []delivery
	if r.email != "" {
		out = append(out, delivery{mail: true, to: r.email, subject: subj, text: text})
	}
	if r.webhook != "" {
		out = append(out, delivery{to: r.webhook, text: "**" + subj + "**\n" + text})
	}
	return out
}

// compose turns an event into the deliveries it owes: e-mail and a post
// to the personal webhook of each player who may know of it, and a post to
// the game's webhook when the event is public.
func (n *Notifier) compose(ctx context.Context, ev *event) ([]delivery, error) {
	g, opts, err := n.h.Game(ctx, ev.gameID)
	if err != nil {
		if host.CodeOf(err) == host.CodeNotFound {
			return nil, nil
		}
		return nil, err
	}
	readers, err := n.readers(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	switch ev.kind {
	case "phase":
		return n.phase(g, opts, readers, ev.change), nil
	case "status":
		return n.status(g, opts, readers), nil
	case "message":
		return n.message(g, opts, readers, ev.msg), nil
	case "remind":
		return n.remind(ctx, g, opts, readers, ev.job)
	}
	return nil, fmt.Errorf("unknown notification %q", ev.kind)
}

// readers lists a game's seated players with their addresses (when e-mail
// is configured) and personal webhooks, read now: a change takes effect at
// the next notification.
func (n *Notifier) readers(ctx context.Context, gameID int64) ([]reader, error) {
	seats, err := n.h.Store.Seats(ctx, gameID)
	if err != nil {
		return nil, err
	}
	var out []reader
	for _, s := range seats {
		if s.UserID == 0 || s.Bot {
			continue
		}
		u, err := n.h.Store.UserByID(ctx, s.UserID)
		if err != nil {
			return nil, err
		}
		r := reader{seat: s.Seat, webhook: u.Webhook}
		if a, err := mail.ParseAddress(u.Email); err == nil && u.Email != "" && n.cfg.SMTP != "" {
			r.email = a.Address
		}
		out = append(out, r)
	}
	return out, nil
}

// subject is a notification's subject line.
func subject(g *store.Game, what string) string {
	return fmt.Sprintf("[Concordat] %s: %s", oneLine(g.Name), what)
}

// oneLine folds a text onto one line (game names go into headers).
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// footer ends every e-mail: the deadline and a link.
func (n *Notifier) footer(g *store.Game) string {
	var b strings.Builder
	if g.Status == store.Active && !g.Deadline.IsZero() {
		fmt.Fprintf(&b, "\nNext deadline: %s.\n", when(g.Deadline))
	}
	if l := n.gameLink(g.ID); l != "" {
		fmt.Fprintf(&b, "\n%s\n", l)
	}
	b.WriteString("\n-- \nConcordat. You receive this because you play in this game.\n")
	return b.String()
}

func when(t time.Time) string { return t.UTC().Format("Mon 2 Jan 2006 15:04 UTC") }

func (n *Notifier) phase(g *store.Game, opts host.Options, readers []reader, c host.Change) []delivery {
	var out []delivery
	for _, r := range readers {
		evs := visibleEvents(c.Events, r.seat)
		if !r.reached() || len(evs) == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Game %q (%s), %s:\n\n", oneLine(g.Name), g.Kind, r.seat)
		for _, e := range evs {
			fmt.Fprintf(&b, "  %s\n", e.Text)
		}
		b.WriteString(n.footer(g))
		out = append(out, personal(r, subject(g, evs[0].Text), b.String())...)
	}
	if opts.Webhook != "" {
		if evs := visibleEvents(c.Events, game.System); len(evs) > 0 {
			var b strings.Builder
			fmt.Fprintf(&b, "**%s**", oneLine(g.Name))
			for _, e := range evs {
				fmt.Fprintf(&b, "\n%s", e.Text)
			}
			if g.Status == store.Active && !g.Deadline.IsZero() {
				fmt.Fprintf(&b, "\nNext deadline: %s", when(g.Deadline))
			}
			out = append(out, n.hook(g, opts, b.String()))
		}
	}
	return out
}

// hook is a webhook delivery, with the game's link.
func (n *Notifier) hook(g *store.Game, opts host.Options, text string) delivery {
	if l := n.gameLink(g.ID); l != "" {
		text += "\n" + l
	}
	return delivery{to: opts.Webhook, text: text}
}

// inChannel reports whether seat reads a press channel ("public", or
// seats joined by commas).
func inChannel(channel string, seat game.Seat) bool {
	if channel == host.PublicChannel {
		return true
	}
	for _, s := range strings.Split(channel, ",") {
		if game.Seat(s) == seat {
			return true
		}
	}
	return false
}

func (n *Notifier) message(g *store.Game, opts host.Options, readers []reader, m store.Message) []delivery {
	from := string(m.From)
	if opts.Press == host.PressAnonymous && g.Status != store.Finished {
		from = "someone"
	}
	to := "everyone"
	if m.Channel != host.PublicChannel {
		to = strings.ReplaceAll(m.Channel, ",", ", ")
	}
	var out []delivery
	for _, r := range readers {
		if !r.reached() || r.seat == m.From || !inChannel(m.Channel, r.seat) {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Game %q, message from %s to %s:\n\n%s\n", oneLine(g.Name), from, to, m.Body)
		b.WriteString(n.footer(g))
		out = append(out, personal(r, subject(g, fmt.Sprintf("message from %s to %s", from, to)), b.String())...)
	}
	if opts.Webhook != "" && m.Channel == host.PublicChannel {
		out = append(out, n.hook(g, opts, fmt.Sprintf("**%s**, %s says:\n%s", oneLine(g.Name), from, m.Body)))
	}
	return out
}

// remind warns of a near deadline, unless the deadline has passed or the
// job was set for another one. A reminder is due host.RemindBefore (whole
// seconds, at most an hour) before the deadline it was computed from, so it
// belongs to the game's deadline only if that is a whole number of seconds,
// at most an hour, after it (deadlines carry microseconds: a deadline set
// since, by a window opened early or extended, is not); and no window may
// have closed since the job's seq.
func (n *Notifier) remind(ctx context.Context, g *store.Game, opts host.Options, readers []reader, j store.Job) ([]delivery, error) {
	now := n.h.Now().UTC()
	if g.Status != store.Active || g.Deadline.IsZero() || !g.Deadline.After(now) {
		return nil, nil
	}
	if lead := g.Deadline.Sub(j.DueAt); lead <= 0 || lead > time.Hour || lead%time.Second != 0 {
		return nil, nil // a reminder of another deadline
	}
	acts, err := n.h.Store.Actions(ctx, g.ID, j.Seq)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		if a.Seat == game.System && a.Action.Type == game.Advance {
			return nil, nil // that window closed early; the next has its own reminder
		}
	}
	s, err := n.h.State(ctx, g)
	if err != nil {
		return nil, err
	}
	left := g.Deadline.Sub(now).Round(time.Minute)
	if left < time.Minute {
		left = g.Deadline.Sub(now).Round(time.Second)
	}
	owing := map[game.Seat]game.Prompt{}
	for _, p := range n.h.Rules[g.Kind].Pending(s) {
		if !p.Ready {
			owing[p.Seat] = p
		}
	}
	var out []delivery
	for _, r := range readers {
		p, ok := owing[r.seat]
		if !ok || !r.reached() {
			continue
		}
		state := "You have submitted nothing yet: without orders, the defaults apply."
		if p.Submitted {
			state = "Your decision is in; you may still change it, or mark yourself ready."
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Game %q: the deadline is in %s (%s).\n\n%s owes: %s.\n%s\n", oneLine(g.Name), left,
			when(g.Deadline), r.seat, p.Text, state)
		b.WriteString(n.footer(g))
		out = append(out, personal(r, subject(g, fmt.Sprintf("deadline in %s", left)), b.String())...)
	}
	if opts.Webhook != "" && len(owing) > 0 {
		out = append(out, n.hook(g, opts, fmt.Sprintf("**%s**: the deadline is in %s (%s).", oneLine(g.Name), left, when(g.Deadline))))
	}
	return out, nil
}

// status tells everyone that the game started (or resumed), paused, or
// ended by vote (a game won on the board ends with a phase). The status is
// public.
func (n *Notifier) status(g *store.Game, opts host.Options, readers []reader) []delivery {
	var what string
	switch g.Status {
	case store.Active:
		what = "the game is under way"
	case store.Paused:
		what = "the game is paused by vote"
	case store.Finished:
		what = "the game is over"
		if g.Result != "" {
			what += ": " + oneLine(g.Result)
		}
	default:
		return nil
	}
	var out []delivery
	for _, r := range readers {
		if !r.reached() {
			continue
		}
		body := fmt.Sprintf("Game %q: %s.\n", oneLine(g.Name), what)
		out = append(out, personal(r, subject(g, what), body+n.footer(g))...)
	}
	if opts.Webhook != "" {
		text := fmt.Sprintf("**%s**: %s.", oneLine(g.Name), what)
		if g.Status == store.Active && !g.Deadline.IsZero() {
			text += "\nNext deadline: " + when(g.Deadline)
		}
		out = append(out, n.hook(g, opts, text))
	}
	return out
}
