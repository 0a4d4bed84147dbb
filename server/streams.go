package server

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"concordat/host"
)

// The caps on live-update streams New sets (Server.MaxStreams …): a
// browser tab holds one stream, for the game it shows; the total stays
// well below the open files a process usually may hold.
const (
	DefaultMaxStreams        = 5000
	DefaultMaxStreamsPerAddr = 50
	DefaultMaxStreamsPerUser = 20
)

// The http.Server's timeouts New sets (Server.ReadHeaderTimeout …).
const (
	DefaultReadHeaderTimeout  = 10 * time.Second
	DefaultReadTimeout        = 30 * time.Second // a request's headers and body (at most MaxBody)
	DefaultWriteTimeout       = 60 * time.Second
	DefaultIdleTimeout        = 2 * time.Minute
	DefaultStreamWriteTimeout = 30 * time.Second
)

// streamCount counts the open live-update streams, in all, per client
// address and per user.
type streamCount struct {
	mu      sync.Mutex
	total   int
	perAddr map[string]int
	perUser map[int64]int
}

// openStream counts one more stream from addr for user (0: nobody logged in),
// unless that passes one of s's caps: then it returns the error to answer
// (429) and counts nothing. close uncounts it.
func (s *Server) openStream(addr string, user int64) (close func(), err error) {
	c := &s.streams
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.perAddr == nil {
		c.perAddr, c.perUser = map[string]int{}, map[int64]int{}
	}
	switch {
	case s.MaxStreams > 0 && c.total >= s.MaxStreams:
		return nil, &host.Error{Code: host.CodeRateLimited, Msg: fmt.Sprintf("the server has %d live streams open, its most: try again later", c.total)}
	case s.MaxStreamsPerAddr > 0 && c.perAddr[addr] >= s.MaxStreamsPerAddr:
		return nil, &host.Error{Code: host.CodeRateLimited, Msg: fmt.Sprintf("%d live streams are open from your address, the most allowed: close one first", c.perAddr[addr])}
	case user != 0 && s.MaxStreamsPerUser > 0 && c.perUser[user] >= s.MaxStreamsPerUser:
		return nil, &host.Error{Code: host.CodeRateLimited, Msg: fmt.Sprintf("%d live streams are open for your account, the most allowed: close one first", c.perUser[user])}
	}
	c.total++
	c.perAddr[addr]++
	if user != 0 {
		c.perUser[user]++
	}
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.total--
		if c.perAddr[addr]--; c.perAddr[addr] <= 0 {
			delete(c.perAddr, addr)
		}
		if user != 0 {
			if c.perUser[user]--; c.perUser[user] <= 0 {
				delete(c.perUser, user)
			}
		}
	}, nil
}

// OpenStreams is the number of live-update streams open now.
func (s *Server) OpenStreams() int {
	s.streams.mu.Lock()
	defer s.streams.mu.Unlock()
	return s.streams.total
}

// HTTPServer is an http.Server for the API with the server's timeouts: a
// request's headers must arrive within ReadHeaderTimeout and the whole
// request within ReadTimeout, an answer be written within WriteTimeout,
// and an idle keep-alive connection closes after IdleTimeout, so that no
// client holds a connection by dripping a request or never reading the
// answer. The live-update streams replace the write deadline by one per
// write (StreamWriteTimeout), so that they live as long as they are read
// (net/http itself lifts the read deadline once a request is read).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s, ReadHeaderTimeout: s.ReadHeaderTimeout, ReadTimeout: s.ReadTimeout,
		WriteTimeout: s.WriteTimeout, IdleTimeout: s.IdleTimeout}
}

// retryAfter is the Retry-After header's value, in seconds, for a stream
// refused by a cap.
const retryAfter = "30"
