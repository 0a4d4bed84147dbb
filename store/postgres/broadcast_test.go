package postgres

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestBroadcast: a message broadcast through one Store (one process)
// reaches a listener on another Store of the same schema, and not one on
// another schema; a listener whose connection is killed reconnects, says
// so (ready again), and receives what is broadcast after.
func TestBroadcast(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, u := newSchema(t)
	sender, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer sender.Close()
	listener, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	other := openFresh(t) // another schema of the same database
	defer other.Close()

	saved := ListenRetry
	ListenRetry = 50 * time.Millisecond
	defer func() { ListenRetry = saved }()

	got := make(chan string, 10)
	ready := make(chan struct{}, 10)
	otherGot := make(chan string, 10)
	go listener.Listen(ctx, func(m string) { got <- m }, func() { ready <- struct{}{} })
	go other.Listen(ctx, func(m string) { otherGot <- m }, nil)
	wait := func(what string) {
		t.Helper()
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatalf("the listener was not ready %s", what)
		}
	}
	receive := func(want string) {
		t.Helper()
		select {
		case m := <-got:
			if m != want {
				t.Fatalf("received %q, want %q", m, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q broadcast by one store never reached the other's listener", want)
		}
	}
	wait("at first")
	for _, m := range []string{"game 1 seq 2", `{"o":"p1","c":[{"g":3,"k":"message","ch":"england,france"}]}`} {
		if err := sender.Broadcast(ctx, m); err != nil {
			t.Fatal(err)
		}
		receive(m)
	}
	if err := sender.Broadcast(ctx, strings.Repeat("x", 7001)); err == nil {
		t.Fatal("a broadcast over MaxBroadcast was sent")
	}

	// Kill the listening connection: Listen reconnects and is ready again.
	var killed int
	if err := sender.pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = 'concordat-listen' AND datname = current_database() AND query LIKE '%'||$1||'%'`,
		listener.channel).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("terminated %d listening connections (%v), want 1", killed, err)
	}
	wait("after its connection was killed")
	if err := sender.Broadcast(ctx, "after the reconnection"); err != nil {
		t.Fatal(err)
	}
	receive("after the reconnection")

	select {
	case m := <-otherGot:
		t.Fatalf("a listener on another schema received %q", m)
	default:
	}
}
