package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"concordat/host"
)

// sseEvent is one "change" event of a stream.
type sseEvent struct {
	Kind string          `json:"kind"`
	Seq  int64           `json:"seq"`
	Log  []host.LogEntry `json:"log"`
}

// openEvents opens a game's event stream as c and returns its events; the
// stream closes when the test ends.
func (c *client) openEvents(t *testing.T, id int64) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%d/events", c.e.http.URL, id), nil)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	hc := &http.Client{Jar: c.hc.Jar} // no timeout: a stream
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 64)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "change":
				var ev sseEvent
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev) == nil {
					out <- ev
				}
			}
		}
	}()
	return out
}

// next waits (at most 5 s) for the stream's next event.
func next(t *testing.T, ch <-chan sseEvent) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return sseEvent{}
}

// TestEvents: a stream learns at once of another client's action, of
// public press and of a phase; a spectator's stream never hears of
// private press.
func TestEvents(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("ev", map[string]any{"phase": "1h"})
	spec := e.anon().openEvents(t, id)
	ger := pl["germany"].openEvents(t, id)
	for _, ch := range []<-chan sseEvent{spec, ger} {
		if ev := next(t, ch); ev.Kind != "hello" || ev.Seq != 0 {
			t.Fatalf("first event %+v", ev)
		}
	}
	seq := pl["france"].orders(id, 0, "A par - bur")
	for _, ch := range []<-chan sseEvent{spec, ger} {
		if ev := next(t, ch); ev.Kind != "action" || ev.Seq != seq {
			t.Fatalf("after France's orders: %+v, want action %d", ev, seq)
		}
	}
	// Private press between England and France, then an action: neither
	// the spectator nor Germany hears of the press.
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "psst"}, http.StatusCreated, nil)
	seq = pl["italy"].orders(id, seq, "A ven H")
	for _, ch := range []<-chan sseEvent{spec, ger} {
		if ev := next(t, ch); ev.Kind != "action" || ev.Seq != seq {
			t.Fatalf("after private press and Italy's orders: %+v, want action %d only", ev, seq)
		}
	}
	fra := pl["france"].openEvents(t, id)
	next(t, fra) // hello
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "again"}, http.StatusCreated, nil)
	if ev := next(t, fra); ev.Kind != "message" {
		t.Fatalf("France's stream after England's private message: %+v", ev)
	}
	pl["germany"].mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "public"}, http.StatusCreated, nil)
	if ev := next(t, spec); ev.Kind != "message" {
		t.Fatalf("spectator after public press: %+v", ev)
	}
	// The deadline resolves the phase: a phase event.
	e.clock.Add(time.Hour + time.Second)
	e.runDue()
	for {
		ev := next(t, spec)
		if ev.Kind == "phase" {
			if ev.Seq != e.game(id).Seq {
				t.Fatalf("phase event %+v, game at %d", ev, e.game(id).Seq)
			}
			break
		}
		if ev.Kind != "action" && ev.Kind != "message" {
			t.Fatalf("unexpected %+v", ev)
		}
	}
}

// TestStopStreams: StopStreams ends open streams, so a graceful shutdown
// need not wait for them.
func TestStopStreams(t *testing.T) {
	e := newEnv(t)
	id, _ := e.dipGame("st", map[string]any{"phase": "1h"})
	ch := e.anon().openEvents(t, id)
	next(t, ch) // hello
	e.srv.StopStreams()
	select {
	case _, ok := <-ch:
		if ok {
			t.Fatal("an event after StopStreams")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stream is still open 5 s after StopStreams")
	}
	e.srv.StopStreams() // twice is fine
}
