//go:build !linux

package main

import "time"

// threadCPUClock is not available here: only Linux tells a thread's CPU
// time.
func threadCPUClock() (clock func() time.Time, ok bool) { return nil, false }
