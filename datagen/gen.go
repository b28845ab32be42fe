// The self-play generator: seeded games between search players, written
// as labelled positions.

package datagen

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
	"golang.org/x/sync/errgroup"
)

// Config describes a generation run. Game k is played from a start and
// with random choices drawn from (Seed, k) alone, so a run is the same
// whatever Concurrency, and a resumed run plays the games still missing
// exactly as an uninterrupted one would have (with a fixed node or depth
// limit and one thread per game).
type Config struct {
	Games       int
	Seed        uint64
	Concurrency int
	Limits      search.Limits // per move: Nodes or Depth (deterministic)
	HashMB      int
	Setup       int // 30 or 25
	Rules       movegen.Rules
	// RandomPlies is how many plies from turn 3 may have the engine's move
	// replaced by a uniformly random legal one, each with RandomProb.
	RandomPlies int
	RandomProb  float64
	// MaxPlies is how many plies from turn 3 are played before the game is
	// adjudicated as a repetition (0: DefaultMaxPlies).
	MaxPlies int
	// Starts are turn-3 positions a game may start from (with
	// probability StartShare when not empty) instead of two
	// redistributions from the standard start.
	Starts     []position.Position
	StartShare float64
}

// DefaultMaxPlies is Config.MaxPlies when it is 0.
const DefaultMaxPlies = 600

// EngineOptions are the options of the search engine that plays cfg's
// games (one engine plays any number of them, one at a time).
func (cfg *Config) EngineOptions() search.Options {
	return search.Options{HashMB: cfg.HashMB, Rules: cfg.Rules}
}

// Opening styles of a redistribution in a generated game, drawn
// uniformly for each of the two turns.
const (
	styleUniform = iota // uniform over all redistributions
	styleHome           // every warrior to a random pit of the mover's row
	styleMixed          // home with probability 3/4, else the enemy row
	stylePutBack        // the two pits refilled as they were: a pass
	styleEngine         // the engine's own choice at the run's limits
	numStyles
)

// Stats is the progress of a run.
type Stats struct {
	Games     int // finished in this run
	Positions int // written in this run
	Skipped   int // already in the file when the run started
}

// Run plays the games of cfg whose numbers are not in done, writing each
// finished game's records to w as a whole (w is written from one
// goroutine at a time). progress, if not nil, is called after each game.
// It stops at the first error, or when ctx is cancelled (games in play
// are dropped; those written stay whole).
func Run(ctx context.Context, cfg Config, w io.Writer, done map[uint32]bool, progress func(Stats)) (Stats, error) {
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	var mu sync.Mutex
	var st Stats
	st.Skipped = len(done)
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for c := 0; c < cfg.Concurrency; c++ {
		g.Go(func() error {
			eng, err := search.NewEngine(cfg.EngineOptions())
			if err != nil {
				return err
			}
			var raw, buf []byte
			for {
				k := int(next.Add(1) - 1)
				if k >= cfg.Games || gctx.Err() != nil {
					return nil
				}
				if done[uint32(k)] {
					continue
				}
				recs, err := PlayGame(gctx, &cfg, eng, uint32(k))
				if err != nil {
					if gctx.Err() != nil {
						return nil
					}
					return fmt.Errorf("game %d: %w", k, err)
				}
				raw = record.AppendRecords(raw[:0], recs)
				buf = record.AppendBlocks(buf[:0], raw)
				mu.Lock()
				_, err = w.Write(buf)
				if err == nil {
					st.Games++
					st.Positions += len(recs)
					if progress != nil {
						progress(st)
					}
				}
				mu.Unlock()
				if err != nil {
					return err
				}
			}
		})
	}
	err := g.Wait()
	return st, err
}

// gameRNG is the random source of game k.
func gameRNG(seed uint64, k uint32) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(k)^0x64617461))
}

// PlayGame plays game k of cfg on eng (made with cfg.EngineOptions) and
// returns its records, margins filled in: the game Run plays as game k,
// whatever eng played before. cfg.Games and cfg.Concurrency do not
// matter here.
func PlayGame(ctx context.Context, cfg *Config, eng *search.Engine, k uint32) ([]record.Record, error) {
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	rng := gameRNG(cfg.Seed, k)
	eng.NewGame()
	start := position.Start(position.Setup(cfg.Setup))
	if len(cfg.Starts) > 0 && rng.Float64() < cfg.StartShare {
		start = cfg.Starts[rng.IntN(len(cfg.Starts))]
	}
	g := movegen.NewGame(start, cfg.Rules)
	for {
		p := g.Current()
		if p.Phase() == position.Play {
			break
		}
		if _, over := g.Over(); over {
			break
		}
		m, err := opening(ctx, cfg, eng, g, rng.IntN(numStyles), rng)
		if err != nil {
			return nil, err
		}
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("redistribution %s: %w", m, err)
		}
	}
	var recs []record.Record
	var list movegen.MoveList
	for ply := 0; ; ply++ {
		if _, over := g.Over(); over || ply >= maxPlies {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := g.Current()
		res := eng.Search(ctx, p, g.History(), cfg.Limits, nil)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !res.HasMove {
			return nil, fmt.Errorf("no move from %s", p.String())
		}
		rec := record.Record{Pos: p, Depth: res.Depth, Score: res.Score, Proven: res.Proven, Game: k}
		if res.Proven {
			rec.Score = search.Proven(res.Score)
		}
		move := res.Best
		if ply < cfg.RandomPlies && rng.Float64() < cfg.RandomProb {
			n := movegen.Generate(&p, cfg.Rules, &list)
			for tries := 0; tries < 8 && n > 0; tries++ {
				m := position.PlayMove(list[rng.IntN(n)])
				if _, err := movegen.Apply(p, m, cfg.Rules); err == nil {
					move, rec.Random = m, true
					break
				}
			}
		}
		recs = append(recs, rec)
		if err := g.Play(move); err != nil {
			return nil, fmt.Errorf("move %s from %s: %w", move, p.String(), err)
		}
	}
	o, over := g.Over()
	if !over {
		cur := g.Current()
		o = movegen.RepetitionOutcome(&cur)
	}
	for i := range recs {
		m := o.Margin()
		if recs[i].Pos.Side() == position.North {
			m = -m
		}
		recs[i].Margin = m
	}
	return recs, nil
}

// opening plays a redistribution of the given style.
func opening(ctx context.Context, cfg *Config, eng *search.Engine, g *movegen.Game, style int, rng *rand.Rand) (position.GameMove, error) {
	p := g.Current()
	switch style {
	case styleUniform:
		return movegen.StyledOpening(&p, movegen.StyleUniform, rng)
	case styleHome:
		return movegen.StyledOpening(&p, movegen.StyleHome, rng)
	case styleMixed:
		return movegen.StyledOpening(&p, movegen.StyleMixed, rng)
	case stylePutBack:
		if m, ok := movegen.PutBack(&p); ok {
			return position.Redistribute(m), nil
		}
		return movegen.StyledOpening(&p, movegen.StyleUniform, rng)
	default:
		res := eng.Search(ctx, p, g.History(), cfg.Limits, nil)
		if !res.HasMove {
			return position.GameMove{}, fmt.Errorf("no redistribution from %s", p.String())
		}
		return res.Best, ctx.Err()
	}
}
