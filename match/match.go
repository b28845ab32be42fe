// The match runner: openings played twice with colours swapped, games in
// parallel, results tallied for player 1, an optional SPRT stop.

package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/position"
	"golang.org/x/sync/errgroup"
)

// Config describes a match.
type Config struct {
	Player1, Player2 Factory
	Openings         []position.Position // default: the standard start
	// Games is the number of games (0: two per opening, or with an SPRT,
	// as many as it takes to decide, at most SPRTMaxGames). With an SPRT
	// it is a cap: the match stops sooner once the SPRT decides. Game k
	// starts from opening k/2 (cycling), with player 1 South when k is
	// even.
	Games       int
	Concurrency int // games at a time (default 1)
	SPRT        *SPRT
	Game        GameConfig
	Seed        uint64
	Multiplier  int       // one-warrior multiplier for match points (default 2)
	Out         io.Writer // games file: one line a game (nil: none)
	// PGN receives every game in PGN (package pgn), one Write a game
	// (nil: none); PGNComments adds each move's score, depth and time.
	PGN         io.Writer
	PGNComments bool
	// Progress, if set, is called after each game with the tally so far
	// (calls are serialised).
	Progress func(s *Summary)
	// Note, if set, receives a player's note (Noter) with the player's
	// name; it may be called from several games at once.
	Note func(player, note string)
	// KeepPGN keeps each game's PGN in Summary.Games (for the report).
	KeepPGN bool
	// State, if set, is replaced whole after each game counted
	// (OpenState); Done are the games a resumed state holds: counted
	// first, not played again.
	State *StateFile
	Done  []GamePoint
}

// SPRTMaxGames caps a match with an SPRT and no game count: an SPRT
// between engines a few Elo apart can take tens of thousands of games.
const SPRTMaxGames = 100000

// Summary is a match's tally, from player 1's view.
type Summary struct {
	Name1, Name2   string
	Planned        int // games the match plays unless the SPRT decides sooner
	Counts         Counts
	Pairs          Pentanomial // complete pairs (games 2i and 2i+1), for the SPRT
	MarginSum      int         // player 1's prison minus player 2's, summed
	OneWarriorWins int
	OneWarriorLoss int
	Points         int // player 1's match points
	Forfeits1      int // games player 1 forfeited
	Forfeits2      int
	TimeLosses1    int // of player 1's forfeits, those on time
	TimeLosses2    int
	SPRT           *SPRT
	LLR            float64
	Decision       Decision
	ForfeitReasons []string // the first few, for the report
	// Games lists every game counted, in the order counted (for
	// --report: score over time, by colour, by opening).
	Games          []GamePoint
	maxReasonsKept int
	halfPair       map[int]int // pair → half points of its one game counted so far
}

// gameSeed derives a player's seed for game k.
func gameSeed(seed uint64, k, player int) uint64 {
	z := seed + uint64(k)*0x9E3779B97F4A7C15 + uint64(player)*0xD1B54A32D192ED03
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Run plays the match. It returns early, without error, when the SPRT
// decides; an error is a cancelled ctx, a player that cannot be built or a
// games file that cannot be written.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	games := cfg.PlannedGames()
	conc := max(cfg.Concurrency, 1)
	sum := NewSummary(&cfg, games)
	done := make(map[int]bool, len(cfg.Done))
	for _, gp := range cfg.Done {
		sum.count(&gp)
		sum.Games = append(sum.Games, gp)
		done[gp.Number] = true
	}
	stop := false
	if cfg.SPRT != nil && len(cfg.Done) > 0 {
		sum.LLR, sum.Decision = cfg.SPRT.LLR(sum.Pairs), cfg.SPRT.Decide(sum.Pairs)
		stop = sum.Decision != Continue
	}
	var mu sync.Mutex
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(conc)
	for k := 0; k < games; k++ {
		mu.Lock()
		halt := stop
		mu.Unlock()
		if halt || ectx.Err() != nil {
			break
		}
		if done[k] {
			continue
		}
		eg.Go(func() error {
			start, _ := cfg.GameStart(k)
			r, err := PlayNumbered(ectx, cfg, start, k)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			if stop {
				return nil // finished after the SPRT decided: not counted
			}
			stop, err = sum.Record(&cfg, k, &r)
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		return sum, err
	}
	return sum, ctx.Err()
}

func playOne(ctx context.Context, cfg Config, start position.Position, p1South bool, k int) (GameResult, error) {
	p1, err := cfg.Player1.New(gameSeed(cfg.Seed, k, 1), cfg.Game.Rules)
	if err != nil {
		return GameResult{}, fmt.Errorf("player 1 (%s): %v", cfg.Player1.Name, err)
	}
	defer p1.Close()
	p2, err := cfg.Player2.New(gameSeed(cfg.Seed, k, 2), cfg.Game.Rules)
	if err != nil {
		return GameResult{}, fmt.Errorf("player 2 (%s): %v", cfg.Player2.Name, err)
	}
	defer p2.Close()
	south, north := p1, p2
	names := [2]string{cfg.Player1.Name, cfg.Player2.Name}
	if !p1South {
		south, north = p2, p1
		names[0], names[1] = names[1], names[0]
	}
	gc := cfg.Game
	if cfg.Note != nil {
		gc.Note = func(side position.Side, note string) { cfg.Note(names[side], note) }
	}
	return PlayGame(ctx, start, south, north, gc)
}

// ScoreLine is cutechess-cli's summary line, counted for player 1:
// "Score of A vs B: W - L - D  [0.550] 100".
func (s *Summary) ScoreLine() string {
	c := s.Counts
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", s.Name1, s.Name2, c.Wins, c.Losses, c.Draws, c.Score(), c.Games())
}

func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if x == 0 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// Table returns the final report, one fact a line, ending with ScoreLine.
func (s *Summary) Table() string {
	var b strings.Builder
	c := s.Counts
	n := c.Games()
	avg := 0.0
	if n > 0 {
		avg = float64(s.MarginSum) / float64(n)
	}
	fmt.Fprintf(&b, "%-28s %8s %6s %6s %6s %8s %6s %6s %8s\n", "player", "games", "wins", "draws", "losses", "margin", "1w-win", "1w-loss", "points")
	fmt.Fprintf(&b, "%-28s %8d %6d %6d %6d %+8.2f %6d %6d %+8d\n", trunc(s.Name1, 28), n, c.Wins, c.Draws, c.Losses, avg, s.OneWarriorWins, s.OneWarriorLoss, s.Points)
	fmt.Fprintf(&b, "%-28s %8d %6d %6d %6d %+8.2f %6d %6d %+8d\n", trunc(s.Name2, 28), n, c.Losses, c.Draws, c.Wins, -avg, s.OneWarriorLoss, s.OneWarriorWins, -s.Points)
	elo, lo, hi := c.Elo()
	fmt.Fprintf(&b, "Elo difference (player 1): %s, 95%% interval [%s, %s]\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.Forfeits1+s.Forfeits2 > 0 {
		fmt.Fprintf(&b, "forfeits: player 1 %d, player 2 %d; of them on time: player 1 %d, player 2 %d\n", s.Forfeits1, s.Forfeits2, s.TimeLosses1, s.TimeLosses2)
		for _, r := range s.ForfeitReasons {
			fmt.Fprintf(&b, "  %s\n", r)
		}
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		decision := s.Decision.String()
		if s.Decision == Continue && n >= s.Planned {
			decision = fmt.Sprintf("undecided after the cap of %s (raise --games)", plural.Count(s.Planned, "game"))
		}
		fmt.Fprintf(&b, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f]: %s\n",
			s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, s.LLR, lo, hi, decision)
		fmt.Fprintf(&b, "game pairs by player 1's points (pentanomial): %s\n", s.Pairs)
	}
	b.WriteString(s.ScoreLine())
	b.WriteByte('\n')
	return b.String()
}

func trunc(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "~"
}
