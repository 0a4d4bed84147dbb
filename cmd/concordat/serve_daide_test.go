package main

import (
	"bytes"
	"net"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"concordat/daide"
)

// syncBuffer is in bot_test.go.

func TestServeDAIDEFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--daide", "nonsense"}, `--daide "nonsense": want host:port`},
		{[]string{"--daide", ":0", "--daide-variant", "colonial"}, "special borders"},
		{[]string{"--daide", ":0", "--daide-variant", "nowhere"}, "--daide-variant"},
		{[]string{"--daide", ":0", "--daide-phase", "1m"}, "--daide-phase"},
		{[]string{"--daide", ":0", "--daide-press", "anonymous"}, `--daide-press "anonymous": want none, full or public`},
	} {
		var out, errb bytes.Buffer
		if code := runServe(c.args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("serve %q: exit %d, %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// serve --daide accepts a DAIDE client, seats it in a game of its own,
// and sends it OFF when the server shuts down.
func TestServeDAIDE(t *testing.T) {
	dir := t.TempDir()
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runServe([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "c.db"), "--daide", "127.0.0.1:0"}, nil, &out, &errb)
	}()
	re := regexp.MustCompile(`DAIDE clients on (\S+)`)
	var addr string
	for i := 0; i < 200 && addr == ""; i++ {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		time.Sleep(25 * time.Millisecond)
	}
	if addr == "" {
		t.Fatalf("no DAIDE address: %q %q", out.String(), errb.String())
	}
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	daide.WriteFrame(nc, daide.IMFrame())
	f, err := daide.ReadFrame(nc)
	if err != nil || f.Type != daide.TypeRM || len(f.Body) != 6*(7+75) {
		t.Fatalf("RM: %v %d bytes %v", f.Type, len(f.Body), err)
	}
	msg, _ := daide.Parse("NME ('Bot') ('1')", nil)
	daide.WriteFrame(nc, daide.DMFrame(msg))
	var got []string
	for len(got) < 2 {
		f, err := daide.ReadFrame(nc)
		if err != nil {
			t.Fatal(err)
		}
		ts, _, _ := daide.DecodeDM(f.Body, nil)
		got = append(got, daide.Format(ts, nil))
	}
	if got[0] != "YES (NME ('Bot') ('1'))" || got[1] != "MAP ('standard')" {
		t.Fatalf("got %q", got)
	}
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	f, err = daide.ReadFrame(nc)
	if ts, _, _ := daide.DecodeDM(f.Body, nil); err != nil || daide.Format(ts, nil) != "OFF" {
		t.Fatalf("at shutdown: %v %v", f, err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve exited %d: %s", code, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}
