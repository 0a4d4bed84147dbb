package sqlite

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"concordat/game"
	"concordat/store"
)

// childEnv names the variable that makes the test binary the writer
// TestKillDuringWrites kills.
const childEnv = "CONCORDAT_SQLITE_KILL_CHILD"

// TestMain runs the writer when the test binary is started as one.
func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		killChild(path)
		return
	}
	os.Exit(m.Run())
}

// killChild appends actions to game 1, from its current Seq, of the database at path as fast as
// it can, with a 4 KiB snapshot each, printing each Seq once AppendAction
// has returned, until it is killed.
func killChild(path string) {
	ctx := context.Background()
	s, err := Open(path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	g, err := s.GetGame(ctx, 1)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	out := bufio.NewWriter(os.Stdout)
	state := make([]byte, 4096)
	for seq := g.Seq; ; seq++ {
		a := store.Action{GameID: 1, Seat: "france", Action: game.Action{Type: "orders"}, At: time.Unix(seq, 0)}
		if err := s.AppendAction(ctx, a, seq, store.Effects{Snapshot: state}); err != nil {
			fmt.Fprintln(out, "error", err)
			out.Flush()
			os.Exit(1)
		}
		fmt.Fprintln(out, seq+1)
		out.Flush()
	}
}

// TestKillDuringWrites kills a writing process with SIGKILL and finds
// every action it acknowledged in the database, which is intact.
func TestKillDuringWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "concordat.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Name: "g", Kind: "diplomacy", Status: store.Active}
	if err := s.CreateGame(ctx, g, []store.Seat{{Seat: "france"}}, []byte("s")); err != nil || g.ID != 1 {
		t.Fatalf("CreateGame: game %d, %v; want game 1", g.ID, err)
	}
	s.Close()

	for round := 0; round < 3; round++ {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), childEnv+"="+path)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Read acknowledgements for a while, then kill in mid-stream.
		lines := bufio.NewScanner(stdout)
		var acked int64
		deadline := time.Now().Add(300 * time.Millisecond)
		for time.Now().Before(deadline) && lines.Scan() {
			n, err := strconv.ParseInt(lines.Text(), 10, 64)
			if err != nil {
				cmd.Process.Kill()
				t.Fatalf("writer: %s", lines.Text())
			}
			acked = n
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		if acked == 0 {
			t.Fatalf("round %d: the writer acknowledged nothing", round)
		}

		s, err := Open(path)
		if err != nil {
			t.Fatalf("reopen after the kill: %v", err)
		}
		var check string
		if err := s.r.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Fatalf("integrity check after the kill: %q, %v", check, err)
		}
		gg, err := s.GetGame(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		as, err := s.Actions(ctx, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		sn, err := s.LatestSnapshot(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if gg.Seq < acked || int64(len(as)) != gg.Seq || sn.Seq != gg.Seq {
			t.Fatalf("round %d: acknowledged %d actions; the game is at %d with %d actions and snapshot %d", round, acked, gg.Seq, len(as), sn.Seq)
		}
		t.Logf("round %d: killed after %d acknowledged actions; %d stored", round, acked, gg.Seq)
		s.Close()
	}
}
