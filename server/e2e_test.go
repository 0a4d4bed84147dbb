package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// phase is "season year type" of a Diplomacy view.
func (v dipView) phase() string {
	return fmt.Sprintf("%s %d %s", v.Board.Phase.Season, v.Board.Phase.Year, v.Board.Phase.Type)
}

// readyAll has every seat with a pending decision say ready (each against
// the seq it last saw) until the phase changes; it returns the new phase.
func readyAll(t *testing.T, id int64, pl map[string]*client) string {
	t.Helper()
	_, v := pl["austria"].dip(id)
	start := v.phase()
	for _, p := range powers {
		g, v := pl[p].dip(id)
		if v.phase() != start {
			return v.phase()
		}
		if len(g.Pending) > 0 {
			pl[p].ready(id, g.Game.Seq)
		}
	}
	_, v = pl["austria"].dip(id)
	if v.phase() == start {
		t.Fatalf("everyone with a decision was ready, and %s did not resolve", start)
	}
	return v.phase()
}

// TestFullDiplomacyGame drives a standard game through the HTTP API with
// seven clients: orders each phase against the seq each saw (judged by
// the phase, not by other powers' orders), a stale seq, a retry,
// press with unread counts, a missed deadline, votes to extend and to
// pause and resume, early resolution when everyone is ready, history, and
// a draw that opens the game to all.
func TestFullDiplomacyGame(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("e2e", map[string]any{"phase": "1h", "short": "30m", "press": "full"})
	spectator := e.anon()
	g := pl["england"].getGame(id)
	if g.Game.Status != "active" || g.Game.Deadline == nil || !g.Game.Deadline.Equal(e.clock.Now().Add(time.Hour)) {
		t.Fatalf("started game: %+v", g.Game)
	}
	for _, s := range g.Seats {
		if s.Player != "e2e"+s.Seat {
			t.Fatalf("seat %s held by %q", s.Seat, s.Player)
		}
	}

	// Spring 1901: everyone orders against the seq they just saw.
	spring := map[string][]string{
		"austria": {"A vie - gal", "A bud - ser", "F tri - alb"},
		"england": {"F lon - nth", "F edi - nwg", "A lvp - yor"},
		"france":  {"A par - bur", "A mar - spa", "F bre - mao"},
		"germany": {"A ber - kie", "F kie - den", "A mun - ruh"},
		"italy":   {"A ven - pie", "A rom - ven", "F nap - ion"},
		"russia":  {"A mos - ukr", "A war - gal", "F sev - bla", "F stp/sc - bot"},
		"turkey":  {"A con - bul", "A smy - con", "F ank - bla"},
	}
	// England reads the game, then France acts: England's orders against
	// its read go all the same (the phase is one window, and each power's
	// orders stand alone).
	read := pl["england"].getGame(id).Game.Seq
	seq := pl["france"].orders(id, read, spring["france"]...)
	if seq != read+1 {
		t.Fatalf("France's orders: seq %d, want %d", seq, read+1)
	}
	seq = pl["england"].orders(id, read, spring["england"]...)
	if _, v := pl["england"].dip(id); seq != read+2 || strings.Join(v.Orders, ";") != strings.Join(spring["england"], ";") {
		t.Fatalf("England's orders against seq %d after France's: seq %d, orders %v", read, seq, v.Orders)
	}
	// Other orders against that read are stale (England wrote since), the
	// same again is a retry, answered as done and stored once.
	before := e.actions(id)
	r := pl["england"].act(id, read, "orders", map[string][]string{"orders": {"F lon H"}})
	wantError(t, "England's stale orders", r, http.StatusConflict, "stale", fmt.Sprint(read), "you submitted again")
	var dup struct {
		Duplicate bool `json:"duplicate"`
	}
	pl["england"].mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": read, "type": "orders", "args": map[string][]string{"orders": spring["england"]}}, http.StatusOK, &dup)
	if _, v := pl["england"].dip(id); !dup.Duplicate || strings.Join(v.Orders, ";") != strings.Join(spring["england"], ";") || e.actions(id) != before {
		t.Fatalf("after England's stale orders and retry: duplicate %v, orders %v, %d actions (%d before)", dup.Duplicate, v.Orders, e.actions(id), before)
	}
	// A seq from the future is stale too.
	wantError(t, "a future seq", pl["england"].act(id, seq+5, "orders", map[string][]string{"orders": spring["england"]}), http.StatusConflict, "stale")
	for _, p := range powers {
		if p == "france" || p == "england" {
			continue
		}
		g := pl[p].getGame(id)
		pl[p].orders(id, g.Game.Seq, spring[p]...)
	}
	// Orders can be changed until the deadline.
	g = pl["italy"].getGame(id)
	pl["italy"].orders(id, g.Game.Seq, "A ven H", "A rom - apu", "F nap - ion")
	if _, v := pl["italy"].dip(id); strings.Join(v.Orders, ";") != "A ven H;A rom - apu;F nap - ion" {
		t.Fatalf("Italy's changed orders: %v", v.Orders)
	}
	ordersSeq := pl["italy"].getGame(id).Game.Seq

	// Press: a private channel, the public one, unread counts, marking read.
	en, fr, de := pl["england"], pl["france"], pl["germany"]
	var priv message
	en.mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"france"}, "body": "DMZ in the Channel?"}, http.StatusCreated, &priv)
	de.mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"body": "Germany wants peace."}, http.StatusCreated, nil)
	fr.mustDo("POST", fmt.Sprintf("/api/games/%d/messages", id), map[string]any{"to": []string{"england", "germany"}, "body": "A western triple?"}, http.StatusCreated, nil)
	if priv.Channel != "england,france" || priv.From != "england" {
		t.Fatalf("private message: %+v", priv)
	}
	if u := fr.unread(id); u["england,france"] != 1 || u["public"] != 1 || u["england,france,germany"] != 0 {
		t.Fatalf("France's unread: %v", u)
	}
	if u := de.unread(id); u["public"] != 0 || u["england,france,germany"] != 1 || u["england,france"] != 0 {
		t.Fatalf("Germany's unread: %v", u)
	}
	if u := pl["italy"].unread(id); len(u) != 1 || u["public"] != 1 {
		t.Fatalf("Italy's unread: %v", u)
	}
	fr.mustDo("POST", fmt.Sprintf("/api/games/%d/read", id), map[string]any{"channel": "england,france", "up_to": priv.ID}, http.StatusOK, nil)
	if u := fr.unread(id); u["england,france"] != 0 || u["public"] != 1 {
		t.Fatalf("France's unread after reading: %v", u)
	}
	if ms := spectator.messages(id); len(ms) != 1 || ms[0].Body != "Germany wants peace." {
		t.Fatalf("the spectator reads %+v", ms)
	}

	// Everyone ready: spring resolves before its deadline.
	if p := readyAll(t, id, pl); p != "fall 1901 movement" {
		t.Fatalf("after spring: %s", p)
	}
	_, v := spectator.dip(id)
	if len(v.History) != 1 {
		t.Fatalf("history: %d phases", len(v.History))
	}
	resolved := map[string]string{}
	for _, o := range v.History[0].Orders {
		resolved[o.Order] = o.Result
	}
	if len(resolved) != 22 || resolved["A par - bur"] == "" || resolved["F lon - nth"] == "" {
		t.Fatalf("spring's resolved orders, public now: %v", resolved)
	}
	if v.Board.Centers["bur"] != "" || !strings.Contains(fmt.Sprint(v.History[0].Orders), "france") {
		t.Fatalf("board after spring: %+v", v.Board)
	}
	// History: the opening, and England's view when the orders were in.
	var h0 struct {
		Seq  int64   `json:"seq"`
		View dipView `json:"view"`
	}
	spectator.mustDo("GET", fmt.Sprintf("/api/games/%d/history/0", id), nil, http.StatusOK, &h0)
	if h0.View.phase() != "spring 1901 movement" || len(h0.View.History) != 0 || len(h0.View.Orders) != 0 {
		t.Fatalf("history 0: %+v", h0.View)
	}
	en.mustDo("GET", fmt.Sprintf("/api/games/%d/history/%d", id, ordersSeq), nil, http.StatusOK, &h0)
	if strings.Join(h0.View.Orders, ";") != strings.Join(spring["england"], ";") || h0.View.phase() != "spring 1901 movement" {
		t.Fatalf("England's history at %d: %+v", ordersSeq, h0.View)
	}
	fr.mustDo("GET", fmt.Sprintf("/api/games/%d/history/%d", id, ordersSeq), nil, http.StatusOK, &h0)
	if strings.Join(h0.View.Orders, ";") != strings.Join(spring["france"], ";") {
		t.Fatalf("France's history at %d: %+v", ordersSeq, h0.View.Orders)
	}

	// Fall 1901: Turkey misses the deadline.
	fall := map[string][]string{
		"austria": {"A ser H", "A vie H", "F alb - gre"},
		"england": {"F nth - nwy", "F nwg H", "A yor H"},
		"france":  {"A bur - bel", "A spa - por", "F mao - spa/nc"},
		"germany": {"A kie - hol", "F den H", "A ruh H"},
		"italy":   {"A ven H", "A apu - tun", "F ion C A apu - tun"},
		"russia":  {"A ukr - rum", "A war H", "F sev H", "F bot - swe"},
	}
	for _, p := range powers[:6] {
		g := pl[p].getGame(id)
		pl[p].orders(id, g.Game.Seq, fall[p]...)
	}
	g = spectator.getGame(id)
	if g.Game.Deadline == nil {
		t.Fatal("fall has no deadline")
	}
	e.clock.Add(g.Game.Deadline.Sub(e.clock.Now()) - time.Second)
	if n := e.runDue(); n != 0 {
		t.Fatalf("%d jobs ran before the deadline", n)
	}
	if _, v := spectator.dip(id); v.phase() != "fall 1901 movement" {
		t.Fatalf("resolved before the deadline: %s", v.phase())
	}
	e.clock.Add(2 * time.Second)
	if n := e.runDue(); n == 0 {
		t.Fatal("the deadline job did not run")
	}
	// The metrics saw the phase and its lag (1 s late by the clock).
	m := httptest.NewRecorder()
	e.srv.MetricsHandler().ServeHTTP(m, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(m.Body.String(), "concordat_deadline_lag_seconds_count 1\n") || !strings.Contains(m.Body.String(), "concordat_phases_resolved_total 2\n") {
		t.Fatalf("metrics after the deadline:\n%s", m.Body)
	}
	g, v = spectator.dip(id)
	if v.phase() != "winter 1901 adjustment" {
		t.Fatalf("after fall's deadline: %s", v.phase())
	}
	for _, s := range g.Seats {
		want := 0
		if s.Seat == "turkey" {
			want = 1
		}
		if s.Missed != want || s.Disorder {
			t.Fatalf("seat %s: missed %d, disorder %v; want %d", s.Seat, s.Missed, s.Disorder, want)
		}
	}
	if g.Game.Deadline == nil || !g.Game.Deadline.Equal(e.clock.Now().Add(30*time.Minute)) {
		t.Fatalf("winter's (short) deadline %v, want %v", g.Game.Deadline, e.clock.Now().Add(30*time.Minute))
	}
	if v.Board.Centers["bel"] != "france" || v.Board.Centers["nwy"] != "england" {
		t.Fatalf("fall's captures: %v", v.Board.Centers)
	}

	// A vote to extend the winter deadline: it passes with the last vote.
	dl := *g.Game.Deadline
	for i, p := range powers {
		var out struct {
			Passed string `json:"passed"`
		}
		pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "extend", "value": "yes"}, http.StatusOK, &out)
		if (out.Passed == "extend") != (i == len(powers)-1) {
			t.Fatalf("after %d extend votes: passed %q", i+1, out.Passed)
		}
		if i == 2 {
			var vs struct {
				Votes []struct {
					Kind  string            `json:"kind"`
					Count int               `json:"count"`
					Need  int               `json:"need"`
					Votes map[string]string `json:"votes"`
				} `json:"votes"`
			}
			spectator.mustDo("GET", fmt.Sprintf("/api/games/%d/votes", id), nil, http.StatusOK, &vs)
			if len(vs.Votes) != 1 || vs.Votes[0].Count != 3 || vs.Votes[0].Need != 7 || vs.Votes[0].Votes["austria"] != "yes" {
				t.Fatalf("open votes: %+v", vs.Votes)
			}
		}
	}
	g = spectator.getGame(id)
	if !g.Game.Deadline.Equal(dl.Add(time.Hour)) {
		t.Fatalf("extended deadline %v, want %v", g.Game.Deadline, dl.Add(time.Hour))
	}
	// The old deadline passes: nothing resolves.
	e.clock.Add(dl.Sub(e.clock.Now()) + time.Second)
	e.runDue()
	if _, v := spectator.dip(id); v.phase() != "winter 1901 adjustment" {
		t.Fatalf("resolved at the old deadline: %s", v.phase())
	}

	// Pause and resume: no deadline while paused, no orders either.
	for _, p := range powers {
		pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "pause", "value": "yes"}, http.StatusOK, nil)
	}
	g = spectator.getGame(id)
	if g.Game.Status != "paused" || g.Game.Deadline != nil {
		t.Fatalf("paused game: %+v", g.Game)
	}
	wantError(t, "orders while paused", pl["france"].act(id, g.Game.Seq, "ready", map[string]bool{"ready": true}), http.StatusConflict, "conflict", "paused")
	wantError(t, "extend while paused", pl["france"].do("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "extend", "value": "yes"}), http.StatusConflict, "conflict")
	e.clock.Add(48 * time.Hour)
	e.runDue()
	if g2 := spectator.getGame(id); g2.Game.Seq != g.Game.Seq || g2.Game.Status != "paused" {
		t.Fatalf("a paused game moved: %+v", g2.Game)
	}
	for _, p := range powers {
		pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "resume", "value": "yes"}, http.StatusOK, nil)
	}
	g = spectator.getGame(id)
	if g.Game.Status != "active" || g.Game.Deadline == nil || !g.Game.Deadline.Equal(e.clock.Now().Add(time.Hour)) {
		t.Fatalf("resumed game: %+v", g.Game)
	}

	// On to 1903 with everyone ready each phase (units hold).
	for i := 0; ; i++ {
		_, v := spectator.dip(id)
		if v.Board.Phase.Year == 1903 || i > 12 {
			break
		}
		readyAll(t, id, pl)
	}
	if _, v := spectator.dip(id); v.phase() != "spring 1903 movement" {
		t.Fatalf("want spring 1903, at %s", v.phase())
	}

	// A draw: every seat votes yes; the game finishes with its result.
	for i, p := range powers {
		var out struct {
			Passed string `json:"passed"`
		}
		pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "draw", "value": "yes"}, http.StatusOK, &out)
		if (out.Passed == "draw") != (i == len(powers)-1) {
			t.Fatalf("after %d draw votes: %q", i+1, out.Passed)
		}
	}
	g, v = spectator.dip(id)
	if g.Game.Status != "finished" || g.Game.Result != "draw: austria, england, france, germany, italy, russia, turkey" || g.Game.Deadline != nil {
		t.Fatalf("drawn game: %+v", g.Game)
	}
	wantError(t, "orders after the end", pl["france"].act(id, g.Game.Seq, "ready", map[string]bool{"ready": true}), http.StatusConflict, "game_over")
	wantError(t, "a vote after the end", pl["france"].do("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "draw", "value": "yes"}), http.StatusConflict, "game_over")
	e.clock.Add(24 * time.Hour)
	if n := e.runDue(); n != 0 {
		t.Fatalf("%d jobs left after the draw", n)
	}
	// Finished: everything is open to everyone.
	ms := spectator.messages(id)
	var bodies []string
	for _, m := range ms {
		bodies = append(bodies, m.Channel+":"+m.From+":"+m.Body)
	}
	if len(ms) != 3 || !strings.Contains(strings.Join(bodies, "|"), "england,france:england:DMZ in the Channel?") {
		t.Fatalf("a spectator reads the finished game's press: %v", bodies)
	}
	if len(v.History) < 6 {
		t.Fatalf("finished game's history has %d phases", len(v.History))
	}
	b, _ := json.Marshal(v.History)
	if !strings.Contains(string(b), "F bot - swe") {
		t.Fatal("the finished game's history lacks fall's orders")
	}
	var h struct {
		View dipView `json:"view"`
	}
	e.register("latecomer").mustDo("GET", fmt.Sprintf("/api/games/%d/history/%d", id, ordersSeq), nil, http.StatusOK, &h)
	if h.View.phase() != "spring 1901 movement" {
		t.Fatalf("a late spectator's history: %+v", h.View)
	}
	// The game is listed as finished.
	var list struct {
		Games []struct {
			ID     int64  `json:"id"`
			Result string `json:"result"`
		} `json:"games"`
	}
	spectator.mustDo("GET", "/api/games?status=finished", nil, http.StatusOK, &list)
	if len(list.Games) != 1 || list.Games[0].ID != id || list.Games[0].Result == "" {
		t.Fatalf("finished games: %+v", list.Games)
	}
}

// TestConcedeAndCivilDisorder: a seat that misses the limit of phases is in
// civil disorder; a concession vote finishes the game with its result.
func TestConcedeAndCivilDisorder(t *testing.T) {
	e := newEnv(t)
	id, pl := e.dipGame("cd", map[string]any{"phase": "1h", "missed_limit": 2, "secret_votes": true})
	for i := 0; i < 2; i++ {
		for _, p := range powers[1:] {
			g := pl[p].getGame(id)
			pl[p].orders(id, g.Game.Seq)
		}
		e.clock.Add(2 * time.Hour)
		if e.runDue() == 0 {
			t.Fatal("no deadline ran")
		}
	}
	g := pl["england"].getGame(id)
	for _, s := range g.Seats {
		if (s.Seat == "austria") != s.Disorder || (s.Seat == "austria") != (s.Missed == 2) {
			t.Fatalf("seat %+v after Austria missed two phases", s)
		}
	}
	// Concede to France: France's own vote does not count; votes are secret.
	wantError(t, "concede to nobody", pl["england"].do("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "concede", "value": "narnia"}), http.StatusBadRequest, "invalid", "narnia")
	for _, p := range []string{"austria", "england", "germany", "italy", "russia", "turkey"} {
		pl[p].mustDo("POST", fmt.Sprintf("/api/games/%d/votes", id), map[string]string{"kind": "concede", "value": "france"}, http.StatusOK, nil)
		if p == "germany" {
			var vs struct {
				Votes []map[string]any `json:"votes"`
			}
			pl["france"].mustDo("GET", fmt.Sprintf("/api/games/%d/votes", id), nil, http.StatusOK, &vs)
			if len(vs.Votes) != 1 || vs.Votes[0]["votes"] != nil || vs.Votes[0]["count"] != 3.0 || vs.Votes[0]["need"] != 6.0 {
				t.Fatalf("secret concession votes: %+v", vs.Votes)
			}
		}
	}
	g = pl["england"].getGame(id)
	if g.Game.Status != "finished" || g.Game.Result != "conceded to france" {
		t.Fatalf("after the concession: %+v", g.Game)
	}
}
