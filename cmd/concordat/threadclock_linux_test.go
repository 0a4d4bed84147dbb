//go:build linux

package main

import (
	"runtime"
	"testing"
	"time"
)

// The thread's CPU clock advances while the locked goroutine computes and
// hardly at all while it sleeps.
func TestThreadCPUClock(t *testing.T) {
	clock, ok := threadCPUClock()
	if !ok {
		t.Fatal("no thread CPU clock on Linux")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := clock()
	time.Sleep(200 * time.Millisecond)
	slept := clock().Sub(t0)
	t1 := clock()
	x := 0
	for w := time.Now(); time.Since(w) < 300*time.Millisecond; {
		x++
	}
	busy := clock().Sub(t1)
	if slept > 50*time.Millisecond {
		t.Errorf("sleeping 200 ms used %v of the thread's CPU time", slept)
	}
	if busy <= 0 || busy < slept {
		t.Errorf("300 ms of computing (%d loops) advanced the clock %v (sleeping %v)", x, busy, slept)
	}
}
