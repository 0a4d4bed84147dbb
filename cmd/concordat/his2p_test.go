package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// his new --players 2 is the 2-player variant: two seats, the option in
// the config, the diplomatic deck in the view; other counts are refused.
func TestHISNewTwoPlayers(t *testing.T) {
	code, out, errs := runCmd(t, "", "his", "new", "--players", "2", "--seat", "protestant")
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		Config struct {
			Options map[string]string `json:"options"`
		} `json:"config"`
		View struct {
			TwoPlayer *struct {
				Deck int `json:"diplomatic_deck"`
			} `json:"two_player"`
		} `json:"view"`
		Position struct {
			Players int `json:"players"`
		} `json:"position"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Config.Options["players"] != "2" || v.View.TwoPlayer == nil || v.View.TwoPlayer.Deck != 12 || v.Position.Players != 2 {
		t.Fatalf("want a 2-player game with a 12-card diplomatic deck: %+v", v)
	}
	code, _, errs = runCmd(t, "", "his", "new", "--players", "2", "--seat", "france")
	if code != 2 || !strings.Contains(errs, "unknown seat") {
		t.Fatalf("france is no seat of the 2-player game: exit %d %s", code, errs)
	}
	code, _, errs = runCmd(t, "", "his", "new", "--players", "7")
	if code != 2 || !strings.Contains(errs, "players") {
		t.Fatalf("--players 7: exit %d %s", code, errs)
	}
}
