package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// arenaLog is `concordat arena --log FILE`: one JSON line per finished
// game after a first line naming the run's settings, so that a long series
// (300 games at a second a decision take hours) can be played in parts:
// run the same command again and the games the file holds are read back
// instead of played, the others played and appended.
type arenaLog struct {
	mu   sync.Mutex
	f    *os.File
	done map[int]map[string]*kindStats
}

// arenaLogHeader is the log's first line: the settings its games were
// played with. A log is continued only by a run with the same settings.
type arenaLogHeader struct {
	Arena string `json:"arena"`
}

// arenaLogGame is one game's line.
type arenaLogGame struct {
	Game  int                       `json:"game"`
	Kinds map[string]arenaLogResult `json:"kinds"`
}

// arenaLogResult is one kind's results in one game.
type arenaLogResult struct {
	SeatGames  int       `json:"seat_games"`
	Wins       int       `json:"wins"`
	Draws      int       `json:"draws"`
	Alive      int       `json:"alive"`
	Tops       int       `json:"tops"`
	Scores     []float64 `json:"scores"`
	Decisions  int       `json:"decisions"`
	ThinkingNs int64     `json:"thinking_ns"`
	Refused    int       `json:"refused"`
}

// openArenaLog opens (or creates) the log at path for a run whose
// settings are settings. It refuses a log written with other settings, and
// names the line of a damaged one; a last line cut short (a run stopped
// while writing) is dropped and its game played again.
func openArenaLog(path, settings string) (*arenaLog, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	l := &arenaLog{f: f, done: map[int]map[string]*kindStats{}}
	r := bufio.NewReader(f)
	var good int64
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			break // a line without its newline was cut short: dropped
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		if n == 1 {
			var h arenaLogHeader
			if json.Unmarshal(line, &h) != nil || h.Arena == "" {
				f.Close()
				return nil, fmt.Errorf("%s: line 1 is not an arena log's settings", path)
			}
			if h.Arena != settings {
				f.Close()
				return nil, fmt.Errorf("%s holds games played with other settings (%s), not %s", path, h.Arena, settings)
			}
		} else {
			var g arenaLogGame
			if err := json.Unmarshal(line, &g); err != nil || g.Kinds == nil {
				f.Close()
				return nil, fmt.Errorf("%s: line %d is not a game's results", path, n)
			}
			res := map[string]*kindStats{}
			for k, v := range g.Kinds {
				res[k] = &kindStats{kind: k, games: 1, seatGames: v.SeatGames, wins: v.Wins, draws: v.Draws, alive: v.Alive,
					tops: v.Tops, scores: v.Scores, decisions: v.Decisions, thinking: time.Duration(v.ThinkingNs), refused: v.Refused}
			}
			l.done[g.Game] = res
		}
		good += int64(len(line))
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	if good == 0 {
		if err := l.write(arenaLogHeader{Arena: settings}); err != nil {
			f.Close()
			return nil, err
		}
	}
	return l, nil
}

// played is game g's results when the log holds them.
func (l *arenaLog) played(g int) (map[string]*kindStats, bool) {
	if l == nil {
		return nil, false
	}
	res, ok := l.done[g]
	return res, ok
}

// record appends game g's results.
func (l *arenaLog) record(g int, res map[string]*kindStats) error {
	if l == nil {
		return nil
	}
	line := arenaLogGame{Game: g, Kinds: map[string]arenaLogResult{}}
	for k, s := range res {
		line.Kinds[k] = arenaLogResult{SeatGames: s.seatGames, Wins: s.wins, Draws: s.draws, Alive: s.alive, Tops: s.tops,
			Scores: s.scores, Decisions: s.decisions, ThinkingNs: int64(s.thinking), Refused: s.refused}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.write(line)
}

func (l *arenaLog) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := l.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return l.f.Sync()
}

func (l *arenaLog) close() error {
	if l == nil {
		return nil
	}
	return l.f.Close()
}
