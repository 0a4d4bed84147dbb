// Package netguard decides which network addresses the server may reach on
// its users' behalf (webhooks): by default none of its own network's —
// loopback, private, link-local, unspecified, multicast and the other
// special-purpose ranges, in IPv4 and IPv6 (IPv4-mapped, NAT64 and 6to4
// addresses judged by the IPv4 address they carry) — so that a URL a user
// gives cannot make the server talk to itself, its neighbours or a cloud
// metadata service (169.254.169.254).
//
// A name is judged by what it resolves to, and a connection by the address
// actually dialled (Policy.Control, a net.Dialer's hook): a name that
// resolves to a public address when checked and to 127.0.0.1 when dialled
// is refused at the dial.
package netguard

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// Policy says which addresses may be reached. The zero value allows
// public addresses only.
type Policy struct {
	// AllowPrivate allows every address, the server's own network's too
	// (tests; private deployments whose webhooks run beside the server).
	AllowPrivate bool
}

// RefusedError is a refused address, and why.
type RefusedError struct {
	Addr netip.Addr
	Kind string // "loopback", "private", "link-local" …
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s is not a public address (%s)", e.Addr, e.Kind)
}

// special4 are the IPv4 ranges that are not public unicast addresses
// (besides those net/netip classifies), with their names.
var special4 = []struct {
	prefix netip.Prefix
	kind   string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared (carrier-grade NAT)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "protocol-assignment"},
	{netip.MustParsePrefix("192.0.2.0/24"), "documentation"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("198.51.100.0/24"), "documentation"},
	{netip.MustParsePrefix("203.0.113.0/24"), "documentation"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"}, // and 255.255.255.255, broadcast
}

// special6 are the IPv6 ranges that are not public unicast addresses and
// carry no IPv4 address to judge instead.
var special6 = []struct {
	prefix netip.Prefix
	kind   string
}{
	{netip.MustParsePrefix("::/96"), "IPv4-compatible (deprecated)"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "local NAT64"},
	{netip.MustParsePrefix("100::/64"), "discard-only"},
	{netip.MustParsePrefix("2001::/23"), "protocol-assignment (Teredo …)"},
	{netip.MustParsePrefix("2001:db8::/32"), "documentation"},
	{netip.MustParsePrefix("fec0::/10"), "site-local (deprecated)"},
}

var (
	nat64 = netip.MustParsePrefix("64:ff9b::/96")
	sixTo = netip.MustParsePrefix("2002::/16")
)

// Classify names the kind of a non-public address ("loopback", "private",
// "link-local", "unspecified", "multicast" …), or returns "" for a public
// unicast address. An IPv6 address that carries an IPv4 one
// (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::)
// is judged by it.
func Classify(ip netip.Addr) string {
	ip = ip.WithZone("")
	if ip.Is6() && !ip.Is4In6() {
		b := ip.As16()
		switch {
		case nat64.Contains(ip):
			ip = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		case sixTo.Contains(ip):
			ip = netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})
		}
	}
	ip = ip.Unmap()
	switch {
	case !ip.IsValid():
		return "invalid"
	case ip.IsUnspecified():
		return "unspecified"
	case ip.IsLoopback():
		return "loopback"
	case ip.IsPrivate():
		return "private"
	case ip.IsLinkLocalUnicast(), ip.IsLinkLocalMulticast():
		return "link-local"
	case ip.IsInterfaceLocalMulticast(), ip.IsMulticast():
		return "multicast"
	}
	if ip.Is4() {
		for _, s := range special4 {
			if s.prefix.Contains(ip) {
				return s.kind
			}
		}
		return ""
	}
	for _, s := range special6 {
		if s.prefix.Contains(ip) {
			return s.kind
		}
	}
	return ""
}

// CheckAddr refuses an address the policy does not allow (a
// *RefusedError).
func (p Policy) CheckAddr(ip netip.Addr) error {
	if p.AllowPrivate {
		return nil
	}
	if kind := Classify(ip); kind != "" {
		return &RefusedError{Addr: ip.Unmap(), Kind: kind}
	}
	return nil
}

// Control is a net.Dialer Control hook: it refuses to connect to an
// address the policy does not allow. It sees the address being dialled,
// after name resolution, so that no name can lead where an address may
// not.
func (p Policy) Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("netguard: dial %s %q: not an IP address and port", network, address)
	}
	return p.CheckAddr(ap.Addr())
}

// Dialer is a net.Dialer that connects only where the policy allows.
func (p Policy) Dialer() *net.Dialer {
	return &net.Dialer{Control: p.Control}
}

// CheckURL checks that a URL's host is allowed: an address itself, or a
// name each of whose addresses is (a name that does not resolve is
// refused too). It resolves with resolver (nil: net.DefaultResolver).
func (p Policy) CheckURL(ctx context.Context, resolver *net.Resolver, raw string) error {
	if p.AllowPrivate {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return fmt.Errorf("not a URL with a host")
	}
	h := u.Hostname()
	if ip, err := netip.ParseAddr(h); err == nil {
		return p.CheckAddr(ip)
	}
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	addrs, err := resolver.LookupNetIP(ctx, "ip", h)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("%s does not resolve (%v)", h, strings.TrimPrefix(fmt.Sprint(err), "lookup "+h+": "))
	}
	for _, a := range addrs {
		if err := p.CheckAddr(a); err != nil {
			return fmt.Errorf("%s resolves to %w", h, err)
		}
	}
	return nil
}
