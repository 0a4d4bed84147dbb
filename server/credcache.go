package server

import (
	"sync"
	"time"

	"concordat/store"
)

// credCache remembers, for a short while, which user a credential (by the
// hash of its secret) belongs to, so that a request does not read the
// store for it. A logout or revocation in this process forgets the entry
// at once; one in another process reaches this one through the store's
// broadcast when it has one (PostgreSQL), and otherwise after at most the
// cache's TTL.
type credCache struct {
	ttl time.Duration // 0: no caching

	mu      sync.Mutex
	entries map[string]credEntry
}

type credEntry struct {
	user  store.User
	until time.Time // by the host's clock
}

// maxCredEntries bounds the cache; when full, expired entries go, and if
// none had, all of them.
const maxCredEntries = 100_000

func newCredCache(ttl time.Duration) *credCache {
	return &credCache{ttl: ttl, entries: map[string]credEntry{}}
}

// get returns the user of a cached credential still valid at now.
func (c *credCache) get(hash string, now time.Time) (*store.User, bool) {
	if c.ttl <= 0 {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[hash]
	if !ok {
		return nil, false
	}
	if !now.Before(e.until) {
		delete(c.entries, hash)
		return nil, false
	}
	u := e.user
	return &u, true
}

// put caches a credential looked up at now, until now+ttl or the
// credential's expiry, whichever comes first.
func (c *credCache) put(hash string, u *store.User, cred *store.Credential, now time.Time) {
	if c.ttl <= 0 || u == nil {
		return
	}
	until := now.Add(c.ttl)
	if cred != nil && !cred.ExpiresAt.IsZero() && cred.ExpiresAt.Before(until) {
		until = cred.ExpiresAt
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= maxCredEntries {
		for k, e := range c.entries {
			if !now.Before(e.until) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxCredEntries {
			clear(c.entries)
		}
	}
	c.entries[hash] = credEntry{user: *u, until: until}
}

// forget drops one credential.
func (c *credCache) forget(hash string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, hash)
}

// forgetUser drops every credential of a user.
func (c *credCache) forgetUser(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if e.user.ID == id {
			delete(c.entries, k)
		}
	}
}
