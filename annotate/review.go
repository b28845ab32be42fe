// Reviewing games: one search per position, games in parallel, each move
// scored against the best.

package annotate

import (
	"context"
	"fmt"
	"sync"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"golang.org/x/sync/errgroup"
)

// Config sets the analysis.
type Config struct {
	Limits      search.Limits // per position
	Options     search.Options
	Concurrency int // games analysed at a time (default 1)
	// Progress, if set, is called after each game with the games done
	// (calls are serialised).
	Progress func(done, total int)
}

// Move is one reviewed move. Scores are centi-warriors (decoded when
// proven) for the side that made the move.
type Move struct {
	Ply          int    `json:"ply"` // from 1
	Side         string `json:"side"`
	Move         string `json:"move"`
	Before       int    `json:"before"` // the position's value before the move (the best move's)
	BeforeProven bool   `json:"before_proven,omitempty"`
	After        int    `json:"after"` // the value after the move
	AfterProven  bool   `json:"after_proven,omitempty"`
	Best         string `json:"best,omitempty"` // the engine's move where the move was played
	Loss         int    `json:"loss"`           // max(Before - After, 0); 0 when Move is Best
	Class        Class  `json:"class,omitempty"`
	Only         bool   `json:"only_move,omitempty"`
	Depth        int    `json:"depth"`
}

// Game is a reviewed game.
type Game struct {
	Game    *pgn.Game         `json:"-"`
	Tags    map[string]string `json:"tags"`
	Moves   []Move            `json:"moves"`
	Players [2]PlayerSummary  `json:"players"` // South, North
}

// value is a search's verdict on a position, for its side to move.
type value struct {
	score, second int // best and second-best line (second: none when hasSecond is false)
	proven        bool
	hasSecond     bool
	best          string
	depth         int
}

// Review analyses every game (replayed under the options' rules) and
// returns the reviews in order. A game that does not replay is an error
// naming it; a cancelled ctx returns what is done so far and ctx's error.
func Review(ctx context.Context, games []*pgn.Game, cfg Config) ([]Game, error) {
	recs := make([]*movegen.Game, len(games))
	for i, g := range games {
		rec, err := g.Replay(cfg.Options.Rules)
		if err != nil {
			return nil, fmt.Errorf("game %d (line %d): %v", i+1, g.Line, err)
		}
		recs[i] = rec
	}
	out := make([]Game, len(games))
	var mu sync.Mutex
	done := 0
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(max(cfg.Concurrency, 1))
	for i := range games {
		eg.Go(func() error {
			r, err := reviewGame(ectx, games[i], recs[i], cfg)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			out[i] = r
			done++
			if cfg.Progress != nil {
				cfg.Progress(done, len(games))
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return out, err
	}
	return out, ctx.Err()
}

// reviewGame searches the game's positions from the last to the first
// with one engine (its table cleared first, so a review at a depth or
// node limit is the same whatever else runs), then scores each move.
func reviewGame(ctx context.Context, g *pgn.Game, rec *movegen.Game, cfg Config) (Game, error) {
	opts := cfg.Options
	opts.MultiPV = 2
	e, err := search.NewEngine(opts)
	if err != nil {
		return Game{}, err
	}
	e.NewGame()
	n := len(rec.Moves)
	vals := make([]value, n+1)
	hist := rec.History()
	for i := n; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return Game{}, err
		}
		vals[i] = analyse(ctx, e, rec, i, hist[:i+1], cfg.Limits)
	}
	r := Game{Game: g, Tags: map[string]string{}}
	for _, t := range g.Tags {
		r.Tags[t.Name] = t.Value
	}
	for i, m := range rec.Moves {
		before := rec.Positions[i]
		after := rec.Positions[i+1]
		side := before.Side()
		mv := Move{Ply: i + 1, Side: side.String(), Move: m.String(), Best: vals[i].best, Depth: vals[i].depth,
			Before: vals[i].score, BeforeProven: vals[i].proven}
		mv.After, mv.AfterProven = vals[i+1].score, vals[i+1].proven
		if after.Side() != side {
			mv.After = -mv.After
		}
		if mv.Move != mv.Best { // the engine's own choice loses nothing
			mv.Loss = max(mv.Before-mv.After, 0)
		}
		mv.Class = Classify(mv.Loss)
		mv.Only = mv.Best == mv.Move && vals[i].hasSecond && vals[i].score-vals[i].second >= OnlyMoveGap
		r.Moves = append(r.Moves, mv)
	}
	r.Players = summarise(r.Moves, g.Tag("South"), g.Tag("North"))
	return r, nil
}

// analyse returns position i's value for its side to move: the final
// result when the game is over there (proven), else the search's.
func analyse(ctx context.Context, e *search.Engine, rec *movegen.Game, i int, hist []uint64, l search.Limits) value {
	p := rec.Positions[i]
	if i == len(rec.Moves) {
		if o, over := rec.Over(); over {
			m := o.Margin()
			if p.Side() == position.North {
				m = -m
			}
			return value{score: 100 * m, proven: true}
		}
	}
	var second search.Info
	res := e.Search(ctx, p, hist, l, func(in search.Info) {
		if in.MultiPV == 2 {
			second = in
		}
	})
	v := value{depth: res.Depth}
	v.score, v.proven = search.Decode(res.Score)
	if res.HasMove {
		v.best = res.Best.String()
	}
	if second.Depth > 0 && second.Depth >= res.Depth-1 {
		v.second, _ = search.Decode(second.Score)
		v.hasSecond = true
	}
	return v
}

// Annotated returns the game as PGN with each move's comment (Comment)
// in place of any it had, an Annotator tag naming the analysis, and the
// game's summary per player in tags SouthReview and NorthReview.
func (r *Game) Annotated(annotator string) *pgn.Game {
	g := &pgn.Game{Tags: append([]pgn.Tag(nil), r.Game.Tags...), Result: r.Game.Result}
	g.SetTag("Annotator", annotator)
	g.SetTag("SouthReview", r.Players[0].Line())
	g.SetTag("NorthReview", r.Players[1].Line())
	for i, m := range r.Game.Moves {
		c := ""
		if i < len(r.Moves) {
			c = r.Moves[i].Comment()
		}
		g.Moves = append(g.Moves, pgn.Move{Text: m.Text, Comment: c})
	}
	return g
}
