// Generation of balanced play-phase openings (turn 3, after both
// redistributions) for testdata/openings.txt.

package match

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// GenConfig drives GenerateOpenings.
type GenConfig struct {
	Count     int    // positions wanted
	Seed      uint64 // every choice derives from it
	Playouts  int    // greedy self-play games per candidate (default 16)
	MaxMargin int    // |mean South margin| allowed over the playouts (default 3)
	// EngineDepth, if > 0, adds the engine: a fourth style, the engine's
	// own redistribution at depth EngineOpeningDepth, and a balance check,
	// a search of the candidate at depth EngineDepth that must score
	// within EngineMaxScore centi-warriors. Depth-limited single-thread
	// searches are deterministic, so the output depends only on the seed
	// and the engine's version.
	EngineDepth        int
	EngineOpeningDepth int
	EngineMaxScore     int
}

// Redistribution styles a candidate's two turns are drawn from:
// movegen's opening styles, then the engine's.
const (
	styleEngine = movegen.NumOpeningStyles // the engine's choice (only with GenConfig.EngineDepth)
	numStyles   = styleEngine + 1
)

var styleNames = [numStyles]string{"uniform", "home", "mixed", "engine"}

// Candidate is a generated opening with what the balance check measured.
type Candidate struct {
	Pos          position.Position
	Moves        [2]position.GameMove
	Styles       [2]string
	MeanMargin   float64 // South's, over the greedy playouts
	EngineScore  int
	EngineScored bool
}

// GenerateOpenings makes cfg.Count balanced turn-3 positions: candidate k
// plays two redistributions from the standard start in styles drawn with
// seed (Seed, k), then is kept if greedy self-play from it (both players
// greedy, random tie-breaks, Playouts games, 300-ply cap) ends with a mean
// South margin within ±MaxMargin, South has at least 4 legal moves and
// the position differs from those already kept.
func GenerateOpenings(ctx context.Context, cfg GenConfig, log io.Writer) ([]Candidate, error) {
	if cfg.Playouts <= 0 {
		cfg.Playouts = 16
	}
	if cfg.MaxMargin <= 0 {
		cfg.MaxMargin = 3
	}
	var eng *search.Engine
	if cfg.EngineDepth > 0 {
		var err error
		if eng, err = search.NewEngine(search.Options{Threads: 1, HashMB: limits.DefaultHashMB, MultiPV: 1, Multiplier: movegen.DefaultMultiplier}); err != nil {
			return nil, err
		}
	}
	var out []Candidate
	seen := map[uint64]bool{}
	for k := 0; len(out) < cfg.Count; k++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if k > 1000*cfg.Count+1000 {
			return out, fmt.Errorf("only %d balanced openings after %d candidates", len(out), k)
		}
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(k)))
		c := Candidate{Pos: position.Start(30)}
		ok := true
		styles := numStyles - 1
		if eng != nil {
			styles = numStyles
		}
		for t := 0; t < 2 && ok; t++ {
			st := rng.IntN(styles)
			var m position.GameMove
			var err error
			if st == styleEngine {
				eng.NewGame()
				res := eng.Search(ctx, c.Pos, nil, search.Limits{Depth: max(cfg.EngineOpeningDepth, 1)}, nil)
				m, ok = res.Best, res.HasMove
				if !ok {
					break
				}
			} else {
				m, err = movegen.StyledOpening(&c.Pos, st, rng)
			}
			if err != nil {
				ok = false
				break
			}
			c.Moves[t], c.Styles[t] = m, styleNames[st]
			c.Pos, err = movegen.Apply(c.Pos, m, movegen.Rules{})
			ok = err == nil
		}
		if !ok || seen[c.Pos.KeyWithPrisons()] || movegen.CountMoves(&c.Pos, movegen.Rules{}) < 4 {
			continue
		}
		sum := 0
		for i := 0; i < cfg.Playouts; i++ {
			s := gameSeed(cfg.Seed, k, 1000+i)
			r, err := PlayGame(ctx, c.Pos, NewGreedyPlayer(s, movegen.Rules{}), NewGreedyPlayer(s+1, movegen.Rules{}), GameConfig{MaxPlies: 300})
			if err != nil {
				return out, err
			}
			sum += r.Margin()
		}
		c.MeanMargin = float64(sum) / float64(cfg.Playouts)
		if c.MeanMargin > float64(cfg.MaxMargin) || c.MeanMargin < -float64(cfg.MaxMargin) {
			continue
		}
		if eng != nil {
			eng.NewGame()
			res := eng.Search(ctx, c.Pos, []uint64{c.Pos.KeyWithPrisons()}, search.Limits{Depth: cfg.EngineDepth, MoveTime: 10 * time.Second}, nil)
			c.EngineScore, c.EngineScored = res.Score, true
			if res.Score > cfg.EngineMaxScore || res.Score < -cfg.EngineMaxScore {
				continue
			}
		}
		seen[c.Pos.KeyWithPrisons()] = true
		out = append(out, c)
		if log != nil {
			fmt.Fprintf(log, "%d/%d candidate %d: %s (mean margin %+.2f)\n", len(out), cfg.Count, k, c.Pos, c.MeanMargin)
		}
	}
	return out, nil
}

// WriteOpenings writes an openings file: the header, startpos, then one
// position a line, each after a comment line with its redistributions and
// balance. Comments stand on lines of their own because runners such as
// cutegames skip only lines that start with '#' and pass the others
// verbatim to the engines.
func WriteOpenings(w io.Writer, header string, cs []Candidate) error {
	if _, err := io.WriteString(w, header); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w, "# the standard start: the engines' own redistributions\nstartpos"); err != nil {
		return err
	}
	for _, c := range cs {
		comment := fmt.Sprintf("# %s %s (%s, %s) greedy mean %+.2f", c.Moves[0], c.Moves[1], c.Styles[0], c.Styles[1], c.MeanMargin)
		if c.EngineScored {
			comment += fmt.Sprintf(" engine %+d", c.EngineScore)
		}
		if _, err := fmt.Fprintf(w, "%s\n%s\n", comment, c.Pos); err != nil {
			return err
		}
	}
	return nil
}

func engineFlags(cfg GenConfig) string {
	if cfg.EngineDepth == 0 {
		return ""
	}
	return fmt.Sprintf(" \\\n#     -engine-depth %d -engine-opening-depth %d -engine-max-score %d", cfg.EngineDepth, cfg.EngineOpeningDepth, cfg.EngineMaxScore)
}

// DefaultGen is the configuration testdata/openings.txt was made with.
var DefaultGen = GenConfig{Count: 60, Seed: 2026, Playouts: 64, MaxMargin: 2, EngineDepth: 6, EngineOpeningDepth: 2, EngineMaxScore: 150}

// OpeningsHeader is the comment at the top of a generated file.
func OpeningsHeader(cfg GenConfig) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# Openings for kiothi match: the standard start, then %d balanced
# play-phase positions (turn 3, South to move, every occupied pit nki).
#
# Made by:
#   go run ./cmd/genopenings -n %d -seed %d -playouts %d -max-margin %d%s
# (match.GenerateOpenings). TestOpeningsFile checks every line; with
# KIOTHI_OPENINGS_REGEN=1 it also checks that the command remakes this
# file byte for byte.
#
# Each candidate plays South's and North's redistributions from the
# standard start, each drawn (seeded) from these styles: "uniform" (uniform
# over all redistributions), "home" (every lifted warrior to a random pit
# of the mover's own row), "mixed" (home with probability 3/4, else the
# enemy row)`, cfg.Count, cfg.Count, cfg.Seed, cfg.Playouts, cfg.MaxMargin, engineFlags(cfg))
	if cfg.EngineDepth > 0 {
		fmt.Fprintf(&b, ` and "engine" (the engine's own choice,
# search.Engine at depth %d)`, cfg.EngineOpeningDepth)
	}
	fmt.Fprintf(&b, `. It is kept if South has at least 4 legal
# moves, it is new, and %d greedy-vs-greedy games from it (random
# tie-breaks, 300-ply cap) give a mean South margin within +-%d`, cfg.Playouts, cfg.MaxMargin)
	if cfg.EngineDepth > 0 {
		fmt.Fprintf(&b, `, and a
# search of it by the engine to depth %d scores within +-%d centi-warriors.
# Depth-limited searches are deterministic, so the command remakes this
# file as long as the engine (package search) is unchanged`, cfg.EngineDepth, cfg.EngineMaxScore)
	}
	b.WriteString(`.
# The comment above each position gives its two redistributions, their
# styles, the greedy mean margin and the engine's score. Comments stand on
# lines of their own, so that any runner can read this file.

`)
	return b.String()
}
