package netguard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	for _, c := range []struct{ addr, kind string }{
		// Public unicast.
		{"8.8.8.8", ""},
		{"1.1.1.1", ""},
		{"2606:4700:4700::1111", ""},
		{"2a00:1450:4007:80c::200e", ""},
		{"64:ff9b::808:808", ""}, // NAT64 of 8.8.8.8
		{"2002:808:808::1", ""},  // 6to4 of 8.8.8.8
		{"::ffff:8.8.8.8", ""},   // IPv4-mapped 8.8.8.8
		{"172.32.0.1", ""},       // just past 172.16/12
		{"100.128.0.1", ""},      // just past 100.64/10
		{"223.255.255.255", ""},  // below multicast
		{"169.255.0.1", ""},      // past link-local
		// Loopback.
		{"127.0.0.1", "loopback"},
		{"127.255.255.254", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"},
		{"64:ff9b::7f00:1", "loopback"}, // NAT64 of 127.0.0.1
		{"2002:7f00:1::1", "loopback"},  // 6to4 of 127.0.0.1
		// Private.
		{"10.0.0.1", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"fc00::1", "private"},
		{"fd12:3456::1", "private"},
		{"::ffff:10.1.2.3", "private"},
		{"::ffff:192.168.0.1", "private"},
		// Link-local: the cloud metadata service first.
		{"169.254.169.254", "link-local"},
		{"::ffff:169.254.169.254", "link-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"fd00:ec2::254", "private"}, // AWS's IPv6 metadata address
		// Unspecified, multicast.
		{"0.0.0.0", "unspecified"},
		{"::", "unspecified"},
		{"::ffff:0.0.0.0", "unspecified"},
		{"224.0.0.1", "link-local"}, // link-local multicast
		{"239.1.2.3", "multicast"},
		{"ff02::1", "link-local"},
		{"ff0e::1", "multicast"},
		{"ff01::1", "multicast"},
		// The other special-purpose ranges.
		{"0.1.2.3", "this-network"},
		{"100.64.0.1", "shared (carrier-grade NAT)"},
		{"192.0.0.170", "protocol-assignment"},
		{"192.0.2.1", "documentation"},
		{"198.18.0.1", "benchmarking"},
		{"240.0.0.1", "reserved"},
		{"255.255.255.255", "reserved"},
		{"::7f00:1", "IPv4-compatible (deprecated)"},
		{"64:ff9b:1::1", "local NAT64"},
		{"100::1", "discard-only"},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", "protocol-assignment (Teredo …)"},
		{"2001:db8::1", "documentation"},
		{"fec0::1", "site-local (deprecated)"},
	} {
		ip := netip.MustParseAddr(c.addr)
		if got := Classify(ip); got != c.kind {
			t.Errorf("Classify(%s) = %q, want %q", c.addr, got, c.kind)
		}
		err := Policy{}.CheckAddr(ip)
		if (err == nil) != (c.kind == "") {
			t.Errorf("CheckAddr(%s) = %v", c.addr, err)
		}
		var re *RefusedError
		if err != nil && (!errors.As(err, &re) || !strings.Contains(err.Error(), c.kind)) {
			t.Errorf("CheckAddr(%s): %v, want a RefusedError naming %q", c.addr, err, c.kind)
		}
		if err := (Policy{AllowPrivate: true}).CheckAddr(ip); err != nil {
			t.Errorf("AllowPrivate refuses %s: %v", c.addr, err)
		}
	}
}

// TestDialRefused dials a listener on loopback through the policy's
// dialer, by address and by name: the connection is refused before it is
// made (the listener accepts nothing); AllowPrivate connects.
func TestDialRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- struct{}{}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, target := range []string{ln.Addr().String(), net.JoinHostPort("localhost", strconv.Itoa(port))} {
		_, err := Policy{}.Dialer().DialContext(ctx, "tcp4", target)
		var re *RefusedError
		if !errors.As(err, &re) || re.Kind != "loopback" {
			t.Fatalf("dial %s: %v, want refused as loopback", target, err)
		}
	}
	select {
	case <-accepted:
		t.Fatal("the refused dial reached the listener")
	case <-time.After(100 * time.Millisecond):
	}
	c, err := Policy{AllowPrivate: true}.Dialer().DialContext(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatalf("AllowPrivate: %v", err)
	}
	c.Close()
	<-accepted
}

func TestCheckURL(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ url, want string }{
		{"https://127.0.0.1/hook", "loopback"},
		{"http://127.0.0.1:8080/hook", "loopback"},
		{"https://[::1]/hook", "loopback"},
		{"https://[::ffff:127.0.0.1]/hook", "loopback"},
		{"https://169.254.169.254/latest/meta-data", "link-local"},
		{"https://10.0.0.5:8443/x", "private"},
		{"https://[fe80::1%25eth0]/x", "link-local"},
		{"https://0.0.0.0/x", "unspecified"},
		{"https://localhost:9/x", "localhost resolves to"},
		{"https://nothing.invalid/x", "does not resolve"},
		{"https:///x", "host"},
		{"https://8.8.8.8/x", ""},
		{"https://[2606:4700:4700::1111]/x", ""},
	} {
		err := Policy{}.CheckURL(ctx, nil, c.url)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("CheckURL(%s): %v", c.url, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("CheckURL(%s) = %v, want an error naming %q", c.url, err, c.want)
		}
		if err := (Policy{AllowPrivate: true}).CheckURL(ctx, nil, c.url); err != nil {
			t.Errorf("AllowPrivate: CheckURL(%s): %v", c.url, err)
		}
	}
}
