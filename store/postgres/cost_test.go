//go:build unix

package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// BenchmarkRequestCost measures, on one pooled connection, the store
// calls an order submission and a message make (GameAndSeats, then
// AppendAction or PostMessage), among 1,000 games of seven seats, and
// reports besides the wall time the CPU each costs this process
// (client-µs/op) and the PostgreSQL backend serving the connection
// (server-µs/op). CPU time moves far less than latency when other work
// shares the machine, so it compares versions on a busy machine. The
// backend is found by its pid; the figure needs PostgreSQL on this host.
func BenchmarkRequestCost(b *testing.B) {
	ctx := context.Background()
	_, u := newSchema(b)
	u = strings.Replace(u, "pool_max_conns=4", "pool_max_conns=1", 1)
	s, err := Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var users []int64
	for i := range 7 {
		usr := &store.User{Name: fmt.Sprintf("u%d", i), CreatedAt: time.Now()}
		if err := s.CreateUser(ctx, usr); err != nil {
			b.Fatal(err)
		}
		users = append(users, usr.ID)
	}
	seats := []game.Seat{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	var ids []int64
	seqs := map[int64]int64{}
	for i := range 1000 {
		g := &store.Game{Name: fmt.Sprint(i), Kind: "diplomacy", Config: game.Config{Variant: "standard"}, Status: store.Active, Options: json.RawMessage(`{"phase":"24h"}`)}
		var ss []store.Seat
		for j, seat := range seats {
			ss = append(ss, store.Seat{Seat: seat, UserID: users[j], Order: j})
		}
		if err := s.CreateGame(ctx, g, ss, make([]byte, 4096)); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	var backend int
	if err := s.pool.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(`{"orders":["A Vie - Gal","A Bud - Ser","F Tri - Alb"]}`)
	for _, bc := range []struct {
		name string
		call func(i int, id int64) error
	}{
		{"GameAndSeats", func(i int, id int64) error { _, _, err := s.GameAndSeats(ctx, id); return err }},
		{"order", func(i int, id int64) error {
			g, _, err := s.GameAndSeats(ctx, id)
			if err != nil {
				return err
			}
			a := store.Action{GameID: id, Seat: "austria", UserID: users[0], Action: game.Action{Type: "orders", Args: args}, At: time.Now()}
			err = s.AppendAction(ctx, a, g.Seq, store.Effects{IfStatus: store.Active})
			seqs[id] = g.Seq + 1
			return err
		}},
		{"append", func(i int, id int64) error {
			a := store.Action{GameID: id, Seat: "austria", UserID: users[0], Action: game.Action{Type: "orders", Args: args}, At: time.Now()}
			err := s.AppendAction(ctx, a, seqs[id], store.Effects{IfStatus: store.Active, IfSeatHeld: true})
			seqs[id]++
			return err
		}},
		{"message", func(i int, id int64) error {
			if _, _, err := s.GameAndSeats(ctx, id); err != nil {
				return err
			}
			return s.PostMessage(ctx, &store.Message{GameID: id, Channel: "public", From: "austria", Body: "load message " + strconv.Itoa(i), At: time.Now()})
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c0, ok0 := processCPU()
			p0, ok1 := procTicks(backend)
			i := 0
			for b.Loop() {
				if err := bc.call(i, ids[(i*7919)%len(ids)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			c1, ok2 := processCPU()
			p1, ok3 := procTicks(backend)
			if ok0 && ok2 {
				b.ReportMetric(float64((c1-c0).Microseconds())/float64(b.N), "client-µs/op")
			}
			if ok1 && ok3 {
				b.ReportMetric(float64(p1-p0)*1e4/float64(b.N), "server-µs/op") // ticks of 10 ms
			}
		})
	}
}

// procTicks is the CPU time of a process of this host, in clock ticks
// (1/100 s), from /proc.
func procTicks(pid int) (int64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	return u + k, err1 == nil && err2 == nil
}

// processCPU is the CPU time this process has used.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
