package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientIP is the address a request came from: its peer's or, when the
// peer is one of TrustedProxies, the address its X-Forwarded-For names:
// read from the right (each proxy appends the address it heard from), the
// first that is not itself a trusted proxy. A client cannot choose it by
// sending an X-Forwarded-For of its own: only what trusted proxies
// appended is believed.
func (s *Server) clientIP(r *http.Request) string {
	peer := r.RemoteAddr
	if h, _, err := net.SplitHostPort(peer); err == nil {
		peer = h
	}
	if len(s.TrustedProxies) == 0 {
		return peer
	}
	ip, err := netip.ParseAddr(peer)
	if err != nil || !s.trustedProxy(ip) {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := ip.Unmap().String()
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // not written by a proxy we trust: believe what came before
		}
		a = a.Unmap().WithZone("")
		client = a.String()
		if !s.trustedProxy(a) {
			break
		}
	}
	return client
}

// trustedProxy reports whether ip is in TrustedProxies.
func (s *Server) trustedProxy(ip netip.Addr) bool {
	ip = ip.Unmap()
	for _, p := range s.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// clientKey is the client address as the per-address limits count it: an
// IPv4 address, or the /64 network of an IPv6 one (what one subscriber
// holds, so that its many addresses count once).
func (s *Server) clientKey(r *http.Request) string {
	ip := s.clientIP(r)
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Is4() || a.Is4In6() {
		return ip
	}
	p, _ := a.WithZone("").Prefix(64)
	return p.String()
}
