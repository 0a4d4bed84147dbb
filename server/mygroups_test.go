package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// myEntry is an entry of GET /api/games?mine=1 as the tests read it.
type myEntry struct {
	ID     int64    `json:"id"`
	Seat   string   `json:"seat"`
	Seats  []string `json:"seats"`
	Owing  []string `json:"owing"`
	Owes   bool     `json:"owes"`
	Unread int      `json:"unread"`
	Bots   []struct {
		Seat string `json:"seat"`
		Kind string `json:"kind"`
	} `json:"bots"`
}

// TestMyGamesGroupedSeats: in a 3-player Here I Stand game (RULES.md
// §24.3) the England player's entry in GET /api/games?mine=1 lists both of
// its powers, says the Protestant owes Luther's 95 Theses (the entry's
// seat is the one that owes), and counts the unread press of both powers'
// channels, the public one once; the Hapsburg player's two powers owe
// nothing; France holds several seats too. The list names a game's bot
// seats and their kind.
func TestMyGamesGroupedSeats(t *testing.T) {
	e := newEnv(t)
	eng, hap, fra := e.register("mgg_england"), e.register("mgg_hapsburg"), e.register("mgg_france")
	id := eng.createGame(map[string]any{"name": "HIS 3", "game": "his", "variant": "1517",
		"rules": map[string]string{"players": "3"}, "options": map[string]any{"phase": "48h"}})
	for seat, c := range map[string]*client{"england": eng, "hapsburg": hap, "france": fra} {
		c.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": seat}, http.StatusOK, nil)
	}
	mine := func(c *client) myEntry {
		t.Helper()
		var r struct{ Games []myEntry }
		c.mustDo("GET", "/api/games?mine=1&sort=urgency", nil, http.StatusOK, &r)
		for _, g := range r.Games {
			if g.ID == id {
				return g
			}
		}
		t.Fatalf("game %d not in the list", id)
		return myEntry{}
	}
	g := mine(eng)
	if !slices.Equal(g.Seats, []string{"england", "protestant"}) || !slices.Equal(g.Owing, []string{"protestant"}) || !g.Owes || g.Seat != "protestant" {
		t.Errorf("the England player's entry: seat %q, seats %v, owing %v, owes %v; want both powers, the Protestant owing", g.Seat, g.Seats, g.Owing, g.Owes)
	}
	if g = mine(hap); !slices.Equal(g.Seats, []string{"hapsburg", "papacy"}) || g.Owing != nil || g.Owes || g.Seat != "hapsburg" {
		t.Errorf("the Hapsburg player's entry: %+v; want two powers owing nothing", g)
	}
	// Played on (each decision's first answer) to the Diplomacy Phase, where press opens.
	seats := map[string]*client{"england": eng, "protestant": eng, "hapsburg": hap, "papacy": hap, "france": fra, "ottoman": fra}
	type choice struct {
		Value string   `json:"value"`
		Next  []choice `json:"next"`
	}
	for i, open := 0, false; !open; i++ {
		if i > 300 {
			t.Fatal("the Diplomacy Phase not reached")
		}
		moved := false
		for _, seat := range []string{"england", "protestant", "hapsburg", "papacy", "france", "ottoman"} {
			var l struct {
				Seq     int64 `json:"seq"`
				Options struct {
					Kind    string   `json:"kind"`
					Choices []choice `json:"choices"`
				} `json:"options"`
			}
			seats[seat].mustDo("GET", fmt.Sprintf("/api/games/%d/legal?seat=%s", id, seat), nil, http.StatusOK, &l)
			if len(l.Options.Choices) == 0 {
				continue
			}
			if strings.HasPrefix(l.Options.Kind, "diplomacy.") {
				open = true
				break
			}
			var path []string
			for cs := l.Options.Choices; len(cs) > 0; cs = cs[0].Next {
				path = append(path, cs[0].Value)
			}
			seats[seat].mustDo("POST", fmt.Sprintf("/api/games/%d/actions?seat=%s", id, seat), map[string]any{"seq": l.Seq, "type": l.Options.Kind, "args": path}, http.StatusOK, nil)
			moved = true
			break
		}
		if !moved && !open {
			t.Fatal("nobody owes a decision before the Diplomacy Phase")
		}
	}
	fra.mustDo("POST", fmt.Sprintf("/api/games/%d/messages?seat=france", id), map[string]any{"to": []string{"protestant"}, "body": "to the Protestant"}, http.StatusCreated, nil)
	fra.mustDo("POST", fmt.Sprintf("/api/games/%d/messages?seat=france", id), map[string]any{"to": []string{"england"}, "body": "to England"}, http.StatusCreated, nil)
	fra.mustDo("POST", fmt.Sprintf("/api/games/%d/messages?seat=france", id), map[string]any{"body": "to all"}, http.StatusCreated, nil)
	g = mine(eng)
	if g.Unread != 3 {
		t.Errorf("the England player's unread press: %d, want 3 (the Protestant's, England's, the public message once)", g.Unread)
	}
	if g = mine(hap); g.Unread != 1 {
		t.Errorf("the Hapsburg player's entry: %+v; want the public message unread", g)
	}
	if g = mine(fra); len(g.Seats) != 2 || g.Unread != 0 {
		t.Errorf("the France player's entry: %+v; want two powers, nothing unread (its own messages)", g)
	}

	// Bot seats in the list.
	dip := eng.createGame(map[string]any{"name": "with a bot", "game": "diplomacy", "options": map[string]any{"phase": "1h"}})
	eng.mustDo("POST", fmt.Sprintf("/api/games/%d/seats/france/bot", dip), map[string]string{"kind": "random"}, http.StatusOK, nil)
	var list struct{ Games []myEntry }
	e.anon().mustDo("GET", "/api/games?status=forming", nil, http.StatusOK, &list)
	i := slices.IndexFunc(list.Games, func(g myEntry) bool { return g.ID == dip })
	if i < 0 || len(list.Games[i].Bots) != 1 || list.Games[i].Bots[0].Seat != "france" || list.Games[i].Bots[0].Kind != "random" {
		t.Errorf("the forming games' list: %+v, want game %d with France a random bot", list.Games, dip)
	}
}
