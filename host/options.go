package host

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"time"

	"concordat/store"
)

// Press modes.
const (
	PressFull      = "full"      // public and private channels
	PressPublic    = "public"    // the public channel only
	PressNone      = "none"      // gunboat: no press at all, and players' identities hidden
	PressAnonymous = "anonymous" // press allowed, senders not shown
)

// What a seat that misses a deadline gets (Options.Missed).
const (
	MissedDefault = "default" // the rules' default (hold, disband, pass…)
	MissedBot     = "bot"     // the bot's action (game.Bot), when the rules have one
)

// Options are the server's settings for one game (as opposed to the
// rules' settings in game.Config).
type Options struct {
	// Phase is the length of a decision window ("24h", "90m"); 5 minutes to
	// 10 days. Short is the length for retreat and adjustment phases (default:
	// Phase). Ignored when DailyAt is set.
	Phase string `json:"phase,omitempty"`
	Short string `json:"short,omitempty"`
	// DailyAt ("18:00") in TimeZone ("Europe/Paris", default UTC) puts every
	// deadline at that time of day, at least one hour away.
	DailyAt  string `json:"daily_at,omitempty"`
	TimeZone string `json:"time_zone,omitempty"`
	// Press is full, public, none or anonymous (default full).
	Press string `json:"press,omitempty"`
	// Private games are listed only to their players.
	Private bool `json:"private,omitempty"`
	// SecretVotes hides who voted how until a vote passes.
	SecretVotes bool `json:"secret_votes,omitempty"`
	// MissedLimit is how many missed phases in a row put a seat in civil
	// disorder (default 2).
	MissedLimit int `json:"missed_limit,omitempty"`
	// Missed is what a seat that owes a decision at a deadline and
	// submitted nothing gets: MissedDefault (the rules' default, the
	// default) or MissedBot (the bot's action, when the game has a bot;
	// else the default).
	Missed string `json:"missed,omitempty"`
	// BotKind is the kind of computer player ("random", "heuristic",
	// "search": one of the kinds the game's rules offer, game.Bots) that
	// answers for the game's seats where no kind is named: a seat that
	// missed its deadline (Missed "bot"), a seat in civil disorder a bot
	// takes over, and a seat the creator filled with a bot without naming
	// a kind. "" is the rules' default kind (the first they list).
	BotKind string `json:"bot_kind,omitempty"`
	// Webhook is a URL that receives public events and public press as
	// Discord-compatible JSON ({"content": "…"}): https, or http to a
	// loopback address (tests). It is a secret (it carries the hook's
	// token): MarshalJSON leaves it out; Stored keeps it.
	Webhook string `json:"webhook,omitempty"`
}

// plainOptions is Options without its methods, for encoding.
type plainOptions Options

// MarshalJSON encodes the options as the API shows them: the webhook URL
// is replaced by "has_webhook": true.
func (o Options) MarshalJSON() ([]byte, error) {
	p := plainOptions(o)
	p.Webhook = ""
	return json.Marshal(struct {
		plainOptions
		HasWebhook bool `json:"has_webhook,omitempty"`
	}{p, o.Webhook != ""})
}

// Stored encodes the options for the store, webhook included.
func (o Options) Stored() []byte {
	b, _ := json.Marshal(plainOptions(o))
	return b
}

// CheckWebhookURL checks the form of a webhook URL (a game's, or a
// user's personal one): at most 500 characters, absolute, without user
// info, https, or http to a loopback host (tests). It does not resolve the
// host: the server checks the address with package netguard.
func CheckWebhookURL(raw string) error {
	if len(raw) > 500 {
		return fmt.Errorf("webhook: at most 500 characters")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Opaque != "" {
		return fmt.Errorf("webhook %q: want an absolute https:// URL without user info", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		h := u.Hostname()
		if ip := net.ParseIP(h); h == "localhost" || ip != nil && ip.IsLoopback() {
			return nil
		}
		return fmt.Errorf("webhook %q: http only to a loopback address; use https", raw)
	}
	return fmt.Errorf("webhook %q: want an https:// URL", raw)
}

// RemindBefore is how long before a deadline players are reminded: a tenth
// of the window, at most an hour (whole seconds).
func RemindBefore(window time.Duration) time.Duration {
	return min(time.Hour, (window / 10).Truncate(time.Second))
}

// RemindJobs is the "remind" job for a window opened at now (when the
// game's seq was seq) that closes at deadline; none for a window too short.
func RemindJobs(gameID, seq int64, now, deadline time.Time) []store.Job {
	lead := RemindBefore(deadline.Sub(now))
	if lead < time.Second {
		return nil
	}
	return []store.Job{{GameID: gameID, Kind: "remind", Seq: seq, DueAt: deadline.Add(-lead)}}
}

const (
	minPhase = 5 * time.Minute
	maxPhase = 10 * 24 * time.Hour
)

// ParseOptions reads and checks a game's options, filling defaults.
func ParseOptions(raw []byte) (Options, error) {
	var o Options
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &o); err != nil {
			return o, fmt.Errorf("options: %w", err)
		}
	}
	if o.Phase == "" {
		o.Phase = "24h"
	}
	if _, err := o.length(false); err != nil {
		return o, err
	}
	if _, err := o.length(true); err != nil {
		return o, err
	}
	if o.DailyAt != "" {
		if _, err := time.Parse("15:04", o.DailyAt); err != nil {
			return o, fmt.Errorf("options: daily_at %q: want HH:MM", o.DailyAt)
		}
		if _, err := time.LoadLocation(o.zone()); err != nil {
			return o, fmt.Errorf("options: time_zone %q: %v", o.TimeZone, err)
		}
	}
	switch o.Press {
	case "":
		o.Press = PressFull
	case PressFull, PressPublic, PressNone, PressAnonymous:
	default:
		return o, fmt.Errorf("options: press %q: want full, public, none or anonymous", o.Press)
	}
	if o.MissedLimit == 0 {
		o.MissedLimit = 2
	}
	if o.MissedLimit < 1 || o.MissedLimit > 100 {
		return o, fmt.Errorf("options: missed_limit %d: want 1 to 100", o.MissedLimit)
	}
	switch o.Missed {
	case "":
		o.Missed = MissedDefault
	case MissedDefault, MissedBot:
	default:
		return o, fmt.Errorf("options: missed %q: want default or bot", o.Missed)
	}
	if o.Webhook != "" {
		if err := CheckWebhookURL(o.Webhook); err != nil {
			return o, fmt.Errorf("options: %w", err)
		}
	}
	return o, nil
}

func (o Options) zone() string {
	if o.TimeZone == "" {
		return "UTC"
	}
	return o.TimeZone
}

// length is the window length for main (short=false) or short phases.
func (o Options) length(short bool) (time.Duration, error) {
	s := o.Phase
	if short && o.Short != "" {
		s = o.Short
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("options: phase length %q: %v", s, err)
	}
	if d < minPhase || d > maxPhase {
		return 0, fmt.Errorf("options: phase length %s: want 5m to 240h", d)
	}
	return d, nil
}

// NextDeadline is when a window opening at now closes.
func (o Options) NextDeadline(now time.Time, short bool) time.Time {
	if o.DailyAt != "" {
		loc, err := time.LoadLocation(o.zone())
		if err != nil {
			loc = time.UTC
		}
		hm, _ := time.Parse("15:04", o.DailyAt)
		local := now.In(loc)
		// Each day's time is built afresh: on a day that skips it (the
		// clocks go forward) time.Date moves it, and adding days to the
		// moved time would keep it moved.
		for day := 0; ; day++ {
			d := time.Date(local.Year(), local.Month(), local.Day()+day, hm.Hour(), hm.Minute(), 0, 0, loc)
			if !d.Before(now.Add(time.Hour)) {
				return d.UTC()
			}
		}
	}
	l, err := o.length(short)
	if err != nil {
		l = 24 * time.Hour
	}
	return now.Add(l).UTC()
}

// remindJobs are the reminders of a window opening now, when a Remind hook
// is set (without one, nobody would be reminded).
func (h *Host) remindJobs(gameID, seq int64, deadline time.Time) []store.Job {
	if h.Remind == nil {
		return nil
	}
	return RemindJobs(gameID, seq, h.now(), deadline)
}

// HidesPlayers reports whether the game hides who plays which seat until it
// ends: gunboat games (no press) and anonymous ones.
func (o Options) HidesPlayers() bool { return o.Press == PressNone || o.Press == PressAnonymous }
