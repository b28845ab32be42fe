// Reviewing games: one search per position, games in parallel, each move
// scored against the best.

package annotate

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"golang.org/x/sync/errgroup"
)

// DefaultMoveTime is the time a position the command's review searches
// unless given another limit.
const DefaultMoveTime = 100 * time.Millisecond

// Config sets the analysis.
type Config struct {
	Limits  search.Limits // per position
	Options search.Options
	// Concurrency is how many searches run at a time (default 1): the
	// positions of a game, and games, are searched in parallel.
	Concurrency int
	// NewSearcher, if set, returns the searcher of one of the Concurrency
	// slots in place of a local engine with Options (cluster.Searcher:
	// searches on workers). Its searches must be the ones a local engine
	// with Options and MultiPV 2 makes from a cleared table.
	NewSearcher func() (Searcher, error)
	// Progress, if set, is called after each game with the games done
	// (calls are serialised).
	Progress func(done, total int)
}

// Searcher searches one position (book.Searcher's Search; NewGame is not
// used: each search starts from a cleared table). info gets line 2's
// reports (MultiPV 2).
type Searcher interface {
	Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result
}

// localSearcher is a local engine that clears its table before each
// search, so that a search does not depend on the ones before it (and a
// search on a worker, from a cleared table, is the same).
type localSearcher struct{ e *search.Engine }

func (s localSearcher) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	s.e.NewGame()
	return s.e.Search(ctx, root, history, l, info)
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
	// BestAfter is the value after the best move, searched as the
	// position after the played move is (set when Best differs).
	BestAfter       int   `json:"best_after,omitempty"`
	BestAfterProven bool  `json:"best_after_proven,omitempty"`
	Loss            int   `json:"loss"` // max(BestAfter - After, 0); 0 when Move is Best
	Class           Class `json:"class,omitempty"`
	Only            bool  `json:"only_move,omitempty"`
	Depth           int   `json:"depth"`
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
	conc := max(cfg.Concurrency, 1)
	slots := make(chan Searcher, conc)
	for range conc {
		s, err := cfg.newSearcher()
		if err != nil {
			return nil, err
		}
		slots <- s
	}
	out := make([]Game, len(games))
	var mu sync.Mutex
	done := 0
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(conc) // games in flight; their searches share the slots
	for i := range games {
		eg.Go(func() error {
			r, err := reviewGame(ectx, games[i], recs[i], cfg.Limits, slots)
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

// newSearcher returns a slot's searcher: NewSearcher's, or a local engine
// with the options and two lines.
func (cfg *Config) newSearcher() (Searcher, error) {
	if cfg.NewSearcher != nil {
		return cfg.NewSearcher()
	}
	opts := cfg.Options
	opts.MultiPV = 2
	e, err := search.NewEngine(opts)
	if err != nil {
		return nil, err
	}
	return localSearcher{e}, nil
}

// inParallel runs task(ctx, k, s) for k in 0..n-1, each with a searcher
// s taken from slots for its duration; the first error ends the others'
// ctx.
func inParallel(ctx context.Context, n int, slots chan Searcher, task func(ctx context.Context, k int, s Searcher) error) error {
	eg, ectx := errgroup.WithContext(ctx)
	for k := range n {
		eg.Go(func() error {
			var s Searcher
			select {
			case s = <-slots:
			case <-ectx.Done():
				return ectx.Err()
			}
			defer func() { slots <- s }()
			if err := ectx.Err(); err != nil {
				return err
			}
			return task(ectx, k, s)
		})
	}
	return eg.Wait()
}

// reviewGame searches every position of the game, then the position
// after each best move the game did not play, each at l from a cleared
// table (so a review at a depth or node limit is the same wherever the
// searches run), and scores each move: what it lost is the value after
// the best move minus the value after the move played, both positions
// searched alike.
func reviewGame(ctx context.Context, g *pgn.Game, rec *movegen.Game, l search.Limits, slots chan Searcher) (Game, error) {
	n := len(rec.Moves)
	vals := make([]value, n+1)
	hist := rec.History()
	err := inParallel(ctx, n+1, slots, func(ctx context.Context, i int, s Searcher) error {
		var over *movegen.Outcome
		if i == n {
			if o, ok := rec.Over(); ok {
				over = &o
			}
		}
		vals[i] = analyse(ctx, s, rec.Positions[i], hist[:i+1], over, l)
		return ctx.Err()
	})
	if err != nil {
		return Game{}, err
	}
	// The positions after the best moves not played.
	var alt []int
	for i, m := range rec.Moves {
		if vals[i].best != "" && vals[i].best != m.String() {
			alt = append(alt, i)
		}
	}
	bestAfter := make([]value, n) // for the side that moved
	err = inParallel(ctx, len(alt), slots, func(ctx context.Context, k int, s Searcher) error {
		i := alt[k]
		bm, err := position.ParseGameMove(vals[i].best)
		if err != nil {
			return fmt.Errorf("ply %d: best move %s: %v", i+1, vals[i].best, err)
		}
		after := movegen.NewGame(rec.Positions[0], rec.Rules)
		for _, m := range rec.Moves[:i] {
			if err := after.Play(m); err != nil {
				return err
			}
		}
		if err := after.Play(bm); err != nil {
			return fmt.Errorf("ply %d: best move %s: %v", i+1, bm, err)
		}
		var over *movegen.Outcome
		if o, ok := after.Over(); ok {
			over = &o
		}
		p := after.Current()
		v := analyse(ctx, s, p, after.History(), over, l)
		if p.Side() != rec.Positions[i].Side() { // for the mover
			v.score = -v.score
		}
		bestAfter[i] = v
		return ctx.Err()
	})
	if err != nil {
		return Game{}, err
	}
	r := Game{Game: g, Tags: map[string]string{}}
	for _, t := range g.Tags {
		r.Tags[t.Name] = t.Value
	}
	for i, m := range rec.Moves {
		side := rec.Positions[i].Side()
		mv := Move{Ply: i + 1, Side: side.String(), Move: m.String(), Best: vals[i].best, Depth: vals[i].depth,
			Before: vals[i].score, BeforeProven: vals[i].proven}
		mv.After, mv.AfterProven = vals[i+1].score, vals[i+1].proven
		if rec.Positions[i+1].Side() != side {
			mv.After = -mv.After
		}
		if mv.Move != mv.Best && mv.Best != "" { // the engine's own choice loses nothing
			mv.BestAfter, mv.BestAfterProven = bestAfter[i].score, bestAfter[i].proven
			mv.Loss = max(mv.BestAfter-mv.After, 0)
		}
		mv.Class = Classify(mv.Loss)
		mv.Only = mv.Best == mv.Move && vals[i].hasSecond && vals[i].score-vals[i].second >= OnlyMoveGap
		r.Moves = append(r.Moves, mv)
	}
	r.Players = summarise(r.Moves, g.Tag("South"), g.Tag("North"))
	return r, nil
}

// analyse returns p's value for its side to move: the final result when
// the game is over there (over set; proven), else the search's.
func analyse(ctx context.Context, s Searcher, p position.Position, hist []uint64, over *movegen.Outcome, l search.Limits) value {
	if over != nil {
		m := over.Margin()
		if p.Side() == position.North {
			m = -m
		}
		return value{score: 100 * m, proven: true}
	}
	var second search.Info
	res := s.Search(ctx, p, hist, l, func(in search.Info) {
		if in.MultiPV == 2 {
			second = in
		}
	})
	v := value{score: res.Score, proven: res.Proven, depth: res.Depth}
	if res.HasMove {
		v.best = res.Best.String()
	}
	if second.Depth > 0 && second.Depth >= res.Depth-1 {
		v.second = second.Score
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
