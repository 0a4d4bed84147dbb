package his

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"concordat/game"
)

// TestHeuristicTally is a tool for tuning the heuristic bot, run only when
// HIS_BOT_TALLY is set to "power,N": N games (seeds 6g+p+1, g counted from
// HIS_BOT_TALLY_FROM) with that power's heuristic bot against five random
// ones (all six random with HIS_BOT_TALLY_RANDOM set). It logs, per game,
// how and when it ended, every power's VP, the power's VP sources (keys,
// bonus, War Winner, piracy, marital status and heirs), its wars and its
// VP against the Papacy's turn by turn; with HIS_BOT_TALLY_V also the
// power's armies each turn, its wars, peaces, marriages and piracy, and
// how often it chose each action. It fails on a refused answer.
func TestHeuristicTally(t *testing.T) {
	env := os.Getenv("HIS_BOT_TALLY")
	if env == "" {
		t.Skip(`set HIS_BOT_TALLY="ottoman,24" to tally`)
	}
	name, num, _ := strings.Cut(env, ",")
	p, err := ParsePower(name)
	if err != nil || p >= NumMajors {
		t.Fatalf("HIS_BOT_TALLY=%q: not a major power", env)
	}
	n, from := 0, 0
	fmt.Sscan(num, &n)
	fmt.Sscan(os.Getenv("HIS_BOT_TALLY_FROM"), &from)
	verbose := os.Getenv("HIS_BOT_TALLY_V") != ""
	wins := 0
	var rules Rules
	for g := from; g < from+n; g++ {
		seed := uint64(6*g + int(p) + 1)
		var kinds [NumMajors]string
		for i := range kinds {
			kinds[i] = "random"
		}
		if os.Getenv("HIS_BOT_TALLY_RANDOM") == "" {
			kinds[p] = "heuristic"
		}
		st, _ := rules.Setup(game.Config{Variant: "1517"}, seed)
		s := st.(*State)
		acts := map[string]int{}
		lastTurn := 0
		for seq := int64(0); s.Phase != PhaseOver && s.Turn <= RandomTurns; seq++ {
			d, _ := s.top()
			if verbose && s.Turn != lastTurn {
				lastTurn = s.Turn
				var armies []string
				for i := range s.Spaces {
					if k := s.Spaces[i].Units[p].Land(); k >= 2 {
						armies = append(armies, fmt.Sprintf("%s:%d", Spaces[i].ID, k))
					}
				}
				t.Logf("  turn %d armies %v", s.Turn, armies)
			}
			seat := game.Seat(d.Power.String())
			b, _ := rules.BotOf(kinds[d.Power])
			rng := game.BotRNG(seed, seq)
			a, err := b.BotAction(s, seat, &rng)
			if err != nil {
				t.Fatal(err)
			}
			if d.Power == p && (d.Kind == kAction || d.Kind == kImpulse) {
				var path []string
				json.Unmarshal(a.Args, &path)
				k := d.Kind
				if len(path) > 0 {
					k += ":" + path[0]
				}
				if d.Kind == kImpulse && len(path) > 1 && path[0] == "event" {
					k += " #" + path[1]
				}
				acts[k]++
			}
			_, ev, err := rules.Apply(s, seat, a)
			if err != nil {
				t.Fatalf("seed %d step %d: %s answer %s refused: %v", seed, seq, seat, a.Args, err)
			}
			if verbose {
				for _, e := range ev {
					if (e.Type == "war" || e.Type == "peace" || e.Type == "marriage" || e.Type == "piracy") && strings.Contains(strings.ToLower(e.Text), p.String()) {
						t.Logf("  turn %d %s: %s", s.Turn, e.Type, e.Text)
					}
				}
			}
		}
		wins += wonBy(s, p)
		k, u := s.Keys(p)
		var vps []string
		for q := Power(0); q < NumMajors; q++ {
			vps = append(vps, fmt.Sprintf("%s=%d", q.String()[:3], s.VP(q)))
		}
		var hist []string
		for _, h := range s.VPHistory {
			hist = append(hist, fmt.Sprint(h[p], "/", h[Papacy]))
		}
		var wars []string
		for q := Power(0); q < NumPowers; q++ {
			if q != p && s.AtWar(p, q) {
				wars = append(wars, q.String())
			}
		}
		t.Logf("seed %d turn %d %s | %s | keys %d (%d in unrest) bonus %d war %d piracy %d marital %d heirs %b | at war with %v | VP/Papacy's by turn %s",
			seed, s.Turn, s.Result, strings.Join(vps, " "), k, u, s.Powers[p].BonusVP, s.Powers[p].WarVP, s.PiracyVP, s.Marital, s.Pregnancy, wars, strings.Join(hist, " "))
		if verbose {
			var ak []string
			for k, v := range acts {
				ak = append(ak, fmt.Sprintf("%s=%d", k, v))
			}
			sort.Strings(ak)
			t.Logf("  choices %s", strings.Join(ak, " "))
		}
	}
	t.Logf("%s won %d of %d", p, wins, n)
}
