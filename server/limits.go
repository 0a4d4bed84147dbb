package server

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter keeps token buckets per (kind, key): logins per IP address,
// writes per user.
type limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	rates   map[string]rateSpec
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

type rateSpec struct {
	every time.Duration
	burst int
}

func newLimiter() *limiter {
	return &limiter{buckets: map[string]*bucket{}, rates: map[string]rateSpec{
		"login": {every: 3 * time.Second, burst: 10}, // 10 at once, then one per 3 s
		"write": {every: 10 * time.Millisecond, burst: 200},
		// history views replay the game from its start: per address.
		"history": {every: 50 * time.Millisecond, burst: 100},
		// the adjudication sandbox, per address (no login needed).
		"adjudicate": {every: 100 * time.Millisecond, burst: 50},
	}}
}

// allow reports whether one more request of kind by key may go ahead.
func (l *limiter) allow(kind, key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	k := kind + "\x00" + key
	b, ok := l.buckets[k]
	if !ok {
		if len(l.buckets) > 100000 {
			for key, old := range l.buckets {
				if now.Sub(old.seen) > 10*time.Minute {
					delete(l.buckets, key)
				}
			}
		}
		spec := l.rates[kind]
		b = &bucket{lim: rate.NewLimiter(rate.Every(spec.every), spec.burst)}
		l.buckets[k] = b
	}
	b.seen = now
	return b.lim.AllowN(now, 1)
}

// setRate changes a kind's limits (tests use it).
func (l *limiter) setRate(kind string, every time.Duration, burst int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rates[kind] = rateSpec{every: every, burst: burst}
	for k := range l.buckets {
		delete(l.buckets, k)
	}
}
