package host

import (
	"strings"
	"testing"
	"time"
)

func TestOptionsBounds(t *testing.T) {
	for _, c := range []struct {
		raw string
		err string // "" when valid
	}{
		{`{}`, ""},
		{`{"phase": "5m"}`, ""},
		{`{"phase": "240h"}`, ""},
		{`{"phase": "10m", "short": "5m"}`, ""},
		{`{"phase": "4m59s"}`, "5m to 240h"},
		{`{"phase": "240h0m1s"}`, "5m to 240h"},
		{`{"phase": "-1h"}`, "5m to 240h"},
		{`{"phase": "1h", "short": "1m"}`, "5m to 240h"},
		{`{"phase": "1h", "short": "241h"}`, "5m to 240h"},
		{`{"phase": "a day"}`, "phase length"},
		{`{"phase": ""}`, ""},
		{`{"daily_at": "18:00"}`, ""},
		{`{"daily_at": "18:00", "time_zone": "Europe/Paris"}`, ""},
		{`{"daily_at": "24:00"}`, "daily_at"},
		{`{"daily_at": "6pm"}`, "daily_at"},
		{`{"daily_at": "18:00", "time_zone": "Mars/Olympus"}`, "time_zone"},
		{`{"daily_at": "18:00", "time_zone": "../../../etc/passwd"}`, "time_zone"},
		{`{"missed_limit": 101}`, "missed_limit"},
		{`{"press": "whisper"}`, "press"},
	} {
		o, err := ParseOptions([]byte(c.raw))
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.raw, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one mentioning %q", c.raw, err, c.err)
		case c.err == "" && (o.Phase == "" || o.Press == "" || o.MissedLimit == 0):
			t.Errorf("%s: defaults not filled: %+v", c.raw, o)
		}
	}
	if o, _ := ParseOptions(nil); o.Phase != "24h" || o.Press != PressFull || o.MissedLimit != 2 {
		t.Fatalf("defaults: %+v", o)
	}
}

func TestNextDeadlineDurations(t *testing.T) {
	now := time.Date(2026, 3, 28, 23, 59, 0, 0, time.FixedZone("x", 3600))
	o, err := ParseOptions([]byte(`{"phase": "90m", "short": "5m"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := o.NextDeadline(now, false), now.Add(90*time.Minute).UTC(); !got.Equal(want) || got.Location() != time.UTC {
		t.Fatalf("main window: %v, want %v in UTC", got, want)
	}
	if got := o.NextDeadline(now, true); !got.Equal(now.Add(5 * time.Minute)) {
		t.Fatalf("short window: %v", got)
	}
	o, _ = ParseOptions([]byte(`{"phase": "240h"}`))
	if got := o.NextDeadline(now, true); !got.Equal(now.Add(240 * time.Hour)) {
		t.Fatalf("short defaults to the main length: %v", got)
	}
}

// TestNextDeadlineDaily: a daily time in a zone stays at that wall-clock
// time across daylight-saving changes, at least an hour away.
func TestNextDeadlineDaily(t *testing.T) {
	utc := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, time.UTC) }
	paris, err := ParseOptions([]byte(`{"daily_at": "18:00", "time_zone": "Europe/Paris"}`))
	if err != nil {
		t.Fatal(err)
	}
	ny, _ := ParseOptions([]byte(`{"daily_at": "09:30", "time_zone": "America/New_York", "phase": "5m"}`))
	early, _ := ParseOptions([]byte(`{"daily_at": "02:30", "time_zone": "Europe/Paris"}`))
	plain, _ := ParseOptions([]byte(`{"daily_at": "00:00"}`))
	for _, c := range []struct {
		what string
		o    Options
		now  time.Time
		want time.Time
	}{
		// Paris is UTC+1 in winter, UTC+2 in summer (from 29 March 2026,
		// back on 25 October 2026).
		{"winter, same day", paris, utc(2026, 3, 27, 10, 0), utc(2026, 3, 27, 17, 0)},
		{"winter, under an hour before", paris, utc(2026, 3, 27, 16, 1), utc(2026, 3, 28, 17, 0)},
		{"winter, exactly an hour before", paris, utc(2026, 3, 27, 16, 0), utc(2026, 3, 27, 17, 0)},
		{"the eve of summer time", paris, utc(2026, 3, 28, 17, 30), utc(2026, 3, 29, 16, 0)},
		{"the day summer time starts", paris, utc(2026, 3, 29, 1, 30), utc(2026, 3, 29, 16, 0)},
		{"summer", paris, utc(2026, 7, 1, 17, 0), utc(2026, 7, 2, 16, 0)},
		{"the eve of winter time", paris, utc(2026, 10, 24, 17, 0), utc(2026, 10, 25, 17, 0)},
		{"the night winter time starts", paris, utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 17, 0)},
		// New York is UTC-5, UTC-4 from 8 March 2026.
		{"New York before its change", ny, utc(2026, 3, 7, 15, 0), utc(2026, 3, 8, 13, 30)},
		{"New York after its change", ny, utc(2026, 3, 8, 14, 0), utc(2026, 3, 9, 13, 30)},
		{"midnight UTC", plain, utc(2026, 12, 31, 23, 30), utc(2027, 1, 2, 0, 0)},
		{"midnight UTC, hours before", plain, utc(2026, 12, 31, 12, 0), utc(2027, 1, 1, 0, 0)},
	} {
		got := c.o.NextDeadline(c.now, false)
		if !got.Equal(c.want) || got.Location() != time.UTC {
			t.Errorf("%s: from %v, deadline %v, want %v", c.what, c.now, got, c.want)
		}
		if short := c.o.NextDeadline(c.now, true); !short.Equal(got) {
			t.Errorf("%s: a short window %v differs from the daily time %v", c.what, short, got)
		}
	}
	// 02:30 does not exist in Paris on 29 March 2026: the deadline is still
	// that day, at least an hour away, and the next day is 02:30 again.
	got := early.NextDeadline(utc(2026, 3, 28, 23, 0), false)
	if got.Before(utc(2026, 3, 29, 0, 0)) || got.After(utc(2026, 3, 29, 2, 0)) {
		t.Fatalf("02:30 on the night the clocks skip it: %v", got)
	}
	if next := early.NextDeadline(got, false); !next.Equal(utc(2026, 3, 30, 0, 30)) {
		t.Fatalf("the day after: %v, want 00:30 UTC (02:30 CEST)", next)
	}
}
