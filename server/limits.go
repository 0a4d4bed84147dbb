package server

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter keeps token buckets per (kind, key): logins per IP address and
// failed ones per account, writes per user.
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
		// failed password checks per account, from any address: 10, then
		// one per 20 s (180 an hour)
		"account": {every: 20 * time.Second, burst: 10},
		"write":   {every: 10 * time.Millisecond, burst: 200},
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
	return l.bucket(kind, key, now).AllowN(now, 1)
}

// take takes one token of kind for key now if there is one, and returns a
// function that gives it back (for an attempt that turned out not to
// count, such as a login with the right password); ok is false, and
// nothing is taken, when the bucket is empty.
func (l *limiter) take(kind, key string) (giveBack func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	res := l.bucket(kind, key, now).ReserveN(now, 1)
	if !res.OK() || res.DelayFrom(now) > 0 {
		res.CancelAt(now)
		return nil, false
	}
	// Cancelled as of the moment it was made, the reservation gives its
	// token back (rate restores only reservations not yet acted on).
	return func() { res.CancelAt(now) }, true
}

// bucket is the token bucket of (kind, key), made on first use; the
// caller holds l.mu.
func (l *limiter) bucket(kind, key string, now time.Time) *rate.Limiter {
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
	return b.lim
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
