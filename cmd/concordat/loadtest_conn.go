package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// ltConns is one load worker's keep-alive connections, one per server: it
// writes each request and reads its reply itself, on the worker's
// goroutine. net/http's client hands every request to two goroutines of
// its own per connection, which cost the load generator (which shares the
// machine with the servers) about half its CPU; the requests and what
// is timed are the same.
type ltConns struct {
	conns map[string]*ltConn // by host:port
	buf   []byte
}

type ltConn struct {
	c  net.Conn
	br *bufio.Reader
}

func newLtConns() *ltConns { return &ltConns{conns: map[string]*ltConn{}} }

// close closes every connection.
func (w *ltConns) close() {
	for _, c := range w.conns {
		c.c.Close()
	}
}

// do is ltClient.do on the worker's connection to the URL's server: the
// request carries c's token; a reply other than 2xx is an error with its
// status. A connection that failed or timed out is dropped (the next
// request dials again). The request ends at ctx's deadline, if any.
func (w *ltConns) do(ctx context.Context, c *ltClient, method, rawURL string, body, out any) (ltStatus, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return 0, err
	}
	var payload []byte
	if body != nil {
		if payload, err = json.Marshal(body); err != nil {
			return 0, err
		}
	}
	lc := w.conns[u.Host]
	if lc == nil {
		var d net.Dialer
		nc, err := d.DialContext(ctx, "tcp", u.Host)
		if err != nil {
			return 0, err
		}
		lc = &ltConn{c: nc, br: bufio.NewReaderSize(nc, 4096)}
		w.conns[u.Host] = lc
	}
	deadline := time.Now().Add(30 * time.Second)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	lc.c.SetDeadline(deadline)
	b := w.buf[:0]
	b = fmt.Appendf(b, "%s %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: concordat-loadtest\r\n", method, u.RequestURI(), u.Host)
	if c.token != "" {
		b = append(b, "Authorization: Bearer "...)
		b = append(b, c.token...)
		b = append(b, "\r\n"...)
	}
	if payload != nil {
		b = append(b, "Content-Type: application/json\r\nContent-Length: "...)
		b = strconv.AppendInt(b, int64(len(payload)), 10)
		b = append(b, "\r\n"...)
	}
	b = append(b, "\r\n"...)
	b = append(b, payload...)
	w.buf = b
	fail := func(err error) (ltStatus, error) {
		lc.c.Close()
		delete(w.conns, u.Host)
		if errors.Is(err, os.ErrDeadlineExceeded) && !time.Now().Before(deadline) {
			if _, ok := ctx.Deadline(); ok {
				<-ctx.Done() // the phase's end cut the request off: let the caller see it
			}
		}
		return 0, err
	}
	if _, err := lc.c.Write(b); err != nil {
		return fail(err)
	}
	resp, err := http.ReadResponse(lc.br, nil)
	if err != nil {
		return fail(err)
	}
	rb, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return fail(err)
	}
	if resp.Close {
		lc.c.Close()
		delete(w.conns, u.Host)
	}
	if resp.StatusCode/100 != 2 {
		return ltStatus(resp.StatusCode), fmt.Errorf("%s %s: %d %s", method, rawURL, resp.StatusCode, bytes.TrimSpace(rb))
	}
	if out != nil {
		if err := json.Unmarshal(rb, out); err != nil {
			return ltStatus(resp.StatusCode), err
		}
	}
	return ltStatus(resp.StatusCode), nil
}
