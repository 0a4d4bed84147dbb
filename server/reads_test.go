package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"concordat/diplomacy"
	"concordat/game"
	"concordat/host"
	"concordat/store"
	"concordat/store/sqlite"
)

// countingStore counts the store calls a request makes.
type countingStore struct {
	store.Store
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingStore) count(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[name]++
}

func (c *countingStore) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.calls
	c.calls = map[string]int{}
	return out
}

func (c *countingStore) CredentialUser(ctx context.Context, hash string, now time.Time) (*store.User, *store.Credential, error) {
	c.count("CredentialUser")
	return c.Store.CredentialUser(ctx, hash, now)
}
func (c *countingStore) GetGame(ctx context.Context, id int64) (*store.Game, error) {
	c.count("GetGame")
	return c.Store.GetGame(ctx, id)
}
func (c *countingStore) Seats(ctx context.Context, id int64) ([]store.Seat, error) {
	c.count("Seats")
	return c.Store.Seats(ctx, id)
}
func (c *countingStore) GameAndSeats(ctx context.Context, id int64) (*store.Game, []store.Seat, error) {
	c.count("GameAndSeats")
	return c.Store.GameAndSeats(ctx, id)
}
func (c *countingStore) LatestSnapshot(ctx context.Context, id int64) (*store.Snapshot, error) {
	c.count("LatestSnapshot")
	return c.Store.LatestSnapshot(ctx, id)
}
func (c *countingStore) Actions(ctx context.Context, id, after int64) ([]store.Action, error) {
	c.count("Actions")
	return c.Store.Actions(ctx, id, after)
}
func (c *countingStore) AppendAction(ctx context.Context, a store.Action, expect int64, e store.Effects) error {
	c.count("AppendAction")
	return c.Store.AppendAction(ctx, a, expect, e)
}
func (c *countingStore) PostMessage(ctx context.Context, m *store.Message) error {
	c.count("PostMessage")
	return c.Store.PostMessage(ctx, m)
}

// TestStoreCallsPerOrder: an order submission on a game whose last action
// this process stored, with a warm credential cache, makes one store call,
// the write (the game and seats come from the host's cache, and the write
// checks they still hold); press the same. (An order made six reads before: the credential, the
// game twice, the seats three times; then one, the game with its seats.)
// When the cached copy is out of date (another process changed the game),
// the write refuses it and the request reads the game and answers as
// from a fresh read: in Diplomacy's simultaneous windows, the order goes
// against the seq its client read all the same.
func TestStoreCallsPerOrder(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "server.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cs := &countingStore{Store: st, calls: map[string]int{}}
	c := &testClock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := host.New(cs, log, "test", diplomacy.Rules{})
	h.Now = c.Now
	s := New(h, log)
	s.limits.setRate("login", time.Millisecond, 1000)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	e := &env{t: t, st: st, host: h, srv: s, http: ts, clock: c}
	id, pl := e.dipGame("rd", map[string]any{"phase": "1h"})
	fr := pl["france"]
	seq := fr.orders(id, 0, "A par - bur") // warms the credential cache
	cs.take()
	seq = fr.orders(id, seq, "A par - pic")
	if got := cs.take(); len(got) != 1 || got["AppendAction"] != 1 {
		t.Fatalf("store calls of an order submission: %v; want one AppendAction", got)
	}
	fr.mustDo("POST", "/api/games/"+itoa(id)+"/messages", map[string]any{"body": "hello"}, http.StatusCreated, nil)
	if got := cs.take(); len(got) != 1 || got["PostMessage"] != 1 {
		t.Fatalf("store calls of a message: %v; want one PostMessage", got)
	}
	// A stale seq costs the read and no write.
	wantError(t, "stale", fr.act(id, seq-1, "orders", map[string][]string{"orders": {"A par - gas"}}), http.StatusConflict, "stale")
	if got := cs.take(); len(got) != 1 || got["GameAndSeats"] != 1 {
		t.Fatalf("store calls of a stale submission: %v", got)
	}

	// Another process stores an action: this process's copy is one behind.
	ctx := t.Context()
	en := pl["england"]
	enAction := store.Action{GameID: id, Seq: seq + 1, Seat: "england", UserID: en.id,
		Action: game.NewAction("orders", map[string][]string{"orders": {"F lon - nth"}}), At: c.Now()}
	if err := st.AppendAction(ctx, enAction, seq, store.Effects{}); err != nil {
		t.Fatal(err)
	}
	// Press on the out-of-date copy: refused by the write, then read and
	// stored; the copy is dropped.
	fr.mustDo("POST", "/api/games/"+itoa(id)+"/messages", map[string]any{"body": "after england"}, http.StatusCreated, nil)
	if got := cs.take(); len(got) != 2 || got["PostMessage"] != 2 || got["GameAndSeats"] != 1 {
		t.Fatalf("store calls of a message on an out-of-date copy: %v; want the refused write, the read, the write", got)
	}
	// An order against the seq France read, from before England's action:
	// the same window, so it goes, on the game read again (the copy was
	// dropped).
	seq = fr.orders(id, seq, "A par - gas")
	if got := cs.take(); len(got) != 2 || got["GameAndSeats"] != 1 || got["AppendAction"] != 1 {
		t.Fatalf("store calls of an order after another process's action: %v; want the read, the write", got)
	}
	if g := e.game(id); g.Seq != seq || seq != enAction.Seq+1 {
		t.Fatalf("France's order stored at seq %d (game at %d), want %d", seq, g.Seq, enAction.Seq+1)
	}

	// An order on an out-of-date copy: refused by the write, then read
	// and stored.
	enAction.Seq = seq + 1
	if err := st.AppendAction(ctx, enAction, seq, store.Effects{}); err != nil {
		t.Fatal(err)
	}
	seq = fr.orders(id, seq, "A par - pic")
	if got := cs.take(); len(got) != 2 || got["AppendAction"] != 2 || got["GameAndSeats"] != 1 {
		t.Fatalf("store calls of an order on an out-of-date copy: %v; want the refused write, the read, the write", got)
	}
	// Against a seq before France's own last order: stale, whatever the
	// copy (the read and no write).
	wantError(t, "stale after one's own order", fr.act(id, seq-2, "orders", map[string][]string{"orders": {"A par - bur"}}), http.StatusConflict, "stale", "you submitted again")
	if got := cs.take(); len(got) != 1 || got["GameAndSeats"] != 1 {
		t.Fatalf("store calls of a stale submission: %v; want the read", got)
	}

	// France changes hands in another process: the former holder's order,
	// against the current seq, is not stored; the new holder's is.
	newcomer := e.register("rdnewcomer")
	if err := st.ReplaceSeat(ctx, id, "france", fr.id, newcomer.id); err != nil {
		t.Fatal(err)
	}
	wantError(t, "order by the former holder", fr.act(id, seq, "orders", map[string][]string{"orders": {"A par - pic"}}), http.StatusForbidden, "forbidden")
	wantError(t, "press by the former holder", fr.do("POST", "/api/games/"+itoa(id)+"/messages", map[string]any{"body": "still here?"}), http.StatusForbidden, "forbidden")
	if g := e.game(id); g.Seq != seq {
		t.Fatalf("the former holder's order moved the game to seq %d, from %d", g.Seq, seq)
	}
	newcomer.orders(id, seq, "A par - bur")
}

// TestMessageIDsTellNothing: the ids of the messages a seat reads tell it
// nothing of the private press others exchange between them; they still
// page the messages (after=) and mark them read.
func TestMessageIDsTellNothing(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("ids", nil)
	en, fr, de := pl["england"], pl["france"], pl["germany"]
	post := func(c *client, to []string, body string) message {
		t.Helper()
		var m message
		c.mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": to, "body": body}, http.StatusCreated, &m)
		return m
	}
	first := post(de, nil, "before")
	var private []message
	for i := 0; i < 5; i++ {
		private = append(private, post(en, []string{"france"}, fmt.Sprint("secret ", i)))
	}
	second := post(de, nil, "after")
	seen := de.messages(id)
	if len(seen) != 2 || seen[0].ID != first.ID || seen[1].ID != second.ID {
		t.Fatalf("Germany reads %+v", seen)
	}
	if d := second.ID - first.ID; d == 6 || d == 1 {
		t.Fatalf("Germany's two public messages are %d apart: the ids count the press between them", d)
	}
	for _, m := range append([]message{first, second}, private...) {
		if m.ID < 1 || m.ID > 1<<53-1 {
			t.Fatalf("message id %d: not a positive integer a JSON client keeps exactly", m.ID)
		}
	}
	// after= pages by id, in order; a private message's id is no cursor
	// for a seat outside its channel.
	var after struct{ Messages []message }
	de.mustDo("GET", fmt.Sprintf("/api/games/%d/messages?after=%d", id, first.ID), nil, http.StatusOK, &after)
	if len(after.Messages) != 1 || after.Messages[0].Body != "after" {
		t.Fatalf("Germany's messages after the first: %+v", after.Messages)
	}
	fr.mustDo("GET", fmt.Sprintf("/api/games/%d/messages?after=%d", id, private[2].ID), nil, http.StatusOK, &after)
	if len(after.Messages) != 3 || after.Messages[0].Body != "secret 3" || after.Messages[2].Body != "after" {
		t.Fatalf("France's messages after secret 2: %+v", after.Messages)
	}
	wantError(t, "Germany pages after a private message", de.do("GET", fmt.Sprintf("/api/games/%d/messages?after=%d", id, private[0].ID), nil),
		http.StatusBadRequest, "invalid", "after")
	wantError(t, "an unknown message", de.do("GET", fmt.Sprintf("/api/games/%d/messages?after=%d", id, 12345), nil),
		http.StatusBadRequest, "invalid", "after")
	// Read markers and unread counts work with the ids.
	if u := fr.unread(id); u["england,france"] != 5 || u["public"] != 2 {
		t.Fatalf("France's unread: %v", u)
	}
	fr.mustDo("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "england,france", "up_to": private[2].ID}, http.StatusOK, nil)
	fr.mustDo("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "england,france", "up_to": private[0].ID}, http.StatusOK, nil) // never back
	if u := fr.unread(id); u["england,france"] != 2 || u["public"] != 2 {
		t.Fatalf("France's unread after reading to secret 2: %v", u)
	}
	wantError(t, "a public message's id as a private channel's marker",
		fr.do("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "england,france", "up_to": second.ID}),
		http.StatusBadRequest, "invalid", "up_to")
	var chs struct {
		Channels []struct {
			Channel string `json:"channel"`
			Last    int64  `json:"last"`
		} `json:"channels"`
	}
	fr.mustDo("GET", fmt.Sprintf("/api/games/%d/channels", id), nil, http.StatusOK, &chs)
	for _, c := range chs.Channels {
		if want := map[string]int64{"public": second.ID, "england,france": private[4].ID}[c.Channel]; c.Last != want {
			t.Fatalf("channel %s: last %d, want %d", c.Channel, c.Last, want)
		}
	}
}
