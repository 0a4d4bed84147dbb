//go:build linux

package main

import (
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's usage.
const rusageThread = 1

// threadCPUClock is a clock that runs with the CPU time (user + system)
// of the calling thread, for a goroutine locked to its thread
// (runtime.LockOSThread). ok is false where the system cannot tell.
func threadCPUClock() (clock func() time.Time, ok bool) {
	return func() time.Time {
		var ru syscall.Rusage
		if err := syscall.Getrusage(rusageThread, &ru); err != nil {
			return time.Unix(0, 0)
		}
		return time.Unix(0, ru.Utime.Nano()+ru.Stime.Nano())
	}, true
}
