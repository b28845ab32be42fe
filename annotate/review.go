// Reviewing games: one search of every line a position has, so that the
// played and the best move are valued by the same search; games read,
// reviewed and handed on one at a time.

package annotate

import (
	"context"
	"fmt"
	"io"
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

// Lines is the MultiPV of a review's searches: every legal move of a
// play position gets a line, so the played move is valued by the search
// that finds the best (search.MaxMultiPV is one a legal move).
const Lines = search.MaxMultiPV

// Config sets the analysis.
type Config struct {
	Limits  search.Limits // per position
	Options search.Options
	// Concurrency is how many searches run at a time (default 1): the
	// positions of a game, and games, are searched in parallel.
	Concurrency int
	// NewSearcher, if set, returns the searcher of one of the Concurrency
	// slots in place of a local engine with Options (cluster/jobs.RemoteEngine:
	// searches on workers). Its searches must be the ones a local engine
	// with Options and MultiPV Lines makes from a cleared table, and its
	// info must report each line (1 on) as last reported, with the line's
	// first two moves.
	NewSearcher func() (search.Searcher, error)
	// Progress, if set, is called after each game with the games done
	// (calls are serialised).
	Progress func(done int)
}

// localSearcher is a local engine that clears its table before each
// search, so that a search does not depend on the ones before it (and a
// search on a worker, from a cleared table, is the same).
type localSearcher struct{ e *search.Engine }

func (s localSearcher) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	s.e.NewGame()
	return s.e.Search(ctx, root, history, l, info)
}

// Move is one reviewed move. Scores are centi-warriors (whole warriors
// × 100 when proven) for the side that made the move; win, best_win and
// loss are expected scores (Win) for it.
type Move struct {
	Ply          int    `json:"ply"`    // from 1
	Number       int    `json:"number"` // the PGN move number (pgn.MoveNumber)
	Side         string `json:"side"`
	Move         string `json:"move"`
	Before       int    `json:"before"` // the position's value: the best move's
	BeforeProven bool   `json:"before_proven"`
	After        int    `json:"after"` // the value of the move played
	AfterProven  bool   `json:"after_proven"`
	Proven       bool   `json:"proven"` // AfterProven
	// Best is the engine's move where the move was played: Move when no
	// move is better. BestAfter is its value, by the search that valued
	// Move; never below After.
	Best            string `json:"best,omitempty"`
	BestAfter       int    `json:"best_after"`
	BestAfterProven bool   `json:"best_after_proven"`
	// Reply is the answer in the played move's line ("" if none).
	Reply    string  `json:"reply,omitempty"`
	Win      float64 `json:"win"`      // Win(After)
	BestWin  float64 `json:"best_win"` // Win(BestAfter)
	Loss     float64 `json:"loss"`     // BestWin - Win, >= 0
	LossCP   int     `json:"loss_cp"`  // BestAfter - After, >= 0
	Accuracy float64 `json:"accuracy"` // MoveAccuracy(Loss)
	Class    Class   `json:"class,omitempty"`
	Only     bool    `json:"only_move,omitempty"`
	Depth    int     `json:"depth"`
	Comment  string  `json:"comment"` // Describe(), the review's comment
	// OwnComment is the move's comment in the game reviewed, less an
	// earlier review's (OwnComment): the PGN keeps it before Comment.
	OwnComment string `json:"own_comment,omitempty"`
}

// Game is a reviewed game.
type Game struct {
	Game    *pgn.Game         `json:"-"`
	Tags    map[string]string `json:"tags"`
	Moves   []Move            `json:"moves"`
	Players [2]PlayerSummary  `json:"players"` // South, North
	PGN     string            `json:"pgn"`     // the annotated game (Report sets it)
}

// line is one move's value from a search of the position before it, for
// the side to move there.
type line struct {
	move, reply string // the move and the answer in its line ("" if none)
	score       int
	proven      bool
	depth       int
}

// value is a search's verdict on a position: its lines, or (lines empty:
// the opening, whose search gives one line) the best move alone.
type value struct {
	lines []line
	best  string
	depth int
}

// GameError is a game that does not replay: its number (from 1), the
// line where it starts, and why.
type GameError struct {
	Game, Line int
	Err        error
}

func (e *GameError) Error() string {
	return fmt.Sprintf("game %d (line %d): %v", e.Game, e.Line, e.Err)
}
func (e *GameError) Unwrap() error { return e.Err }

// Games is what Review reads games from: *pgn.Reader, or a slice
// (Slice). Next returns io.EOF after the last game.
type Games interface {
	Next() (*pgn.Game, error)
}

// Slice is games held in memory, as Games.
type Slice []*pgn.Game

// Next returns the first game left and drops it from s.
func (s *Slice) Next() (*pgn.Game, error) {
	if len(*s) == 0 {
		return nil, io.EOF
	}
	g := (*s)[0]
	*s = (*s)[1:]
	return g, nil
}

// Review reads the games one at a time, reviews each (replayed under the
// options' rules) and hands the reviews to emit in game order; at most
// Concurrency games are held at once besides the one emit has. A game
// that does not replay is a *GameError; a read error is the reader's (it
// names the line); a cancelled ctx ends the review with ctx's error after
// the games emitted so far. An error of emit ends the review with it.
func Review(ctx context.Context, games Games, cfg Config, emit func(*Game) error) error {
	conc := max(cfg.Concurrency, 1)
	slots := make(chan search.Searcher, conc)
	for range conc {
		s, err := cfg.newSearcher()
		if err != nil {
			return err
		}
		slots <- s
	}
	type pending struct {
		done chan struct{}
		g    Game
		err  error
	}
	queue := make(chan *pending, conc-1) // with the one emit waits on: conc
	eg, ectx := errgroup.WithContext(ctx)
	eg.Go(func() error {
		defer close(queue)
		for i := 1; ; i++ {
			g, err := games.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			rec, err := g.Replay(cfg.Options.Rules)
			if err != nil {
				return &GameError{Game: i, Line: g.Line, Err: err}
			}
			p := &pending{done: make(chan struct{})}
			select {
			case queue <- p:
			case <-ectx.Done():
				return ectx.Err()
			}
			eg.Go(func() error {
				defer close(p.done)
				p.g, p.err = reviewGame(ectx, g, rec, cfg.Limits, slots)
				return p.err
			})
		}
	})
	eg.Go(func() error {
		done := 0
		for p := range queue {
			select {
			case <-p.done:
			case <-ectx.Done():
				return ectx.Err()
			}
			if p.err != nil {
				return p.err
			}
			if err := emit(&p.g); err != nil {
				return err
			}
			done++
			if cfg.Progress != nil {
				cfg.Progress(done)
			}
		}
		return nil
	})
	if err := eg.Wait(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	return ctx.Err()
}

// ReviewGames reviews games held in memory and returns the reviews in
// order (Review).
func ReviewGames(ctx context.Context, games []*pgn.Game, cfg Config) ([]Game, error) {
	var out []Game
	src := Slice(games)
	err := Review(ctx, &src, cfg, func(g *Game) error {
		out = append(out, *g)
		return nil
	})
	return out, err
}

// newSearcher returns a slot's searcher: NewSearcher's, or a local engine
// with the options and every line.
func (cfg *Config) newSearcher() (search.Searcher, error) {
	if cfg.NewSearcher != nil {
		return cfg.NewSearcher()
	}
	opts := cfg.Options
	opts.MultiPV = Lines
	e, err := search.NewEngine(opts)
	if err != nil {
		return nil, err
	}
	return localSearcher{e}, nil
}

// inParallel runs task(ctx, k, s) for k in 0..n-1, each with a searcher
// s taken from slots for its duration; the first error ends the others'
// ctx.
func inParallel(ctx context.Context, n int, slots chan search.Searcher, task func(ctx context.Context, k int, s search.Searcher) error) error {
	eg, ectx := errgroup.WithContext(ctx)
	for k := range n {
		eg.Go(func() error {
			var s search.Searcher
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

// reviewGame searches every position of the game before a move, each at
// l from a cleared table (so a review at a depth or node limit is the
// same wherever the searches run), with a line for every legal move, and
// scores each move against the best line of the same search. Where the
// search gives no line for the played move (the opening, searched with
// one line), the positions after the played and the best move are
// searched alike and compared instead.
func reviewGame(ctx context.Context, g *pgn.Game, rec *movegen.Game, l search.Limits, slots chan search.Searcher) (Game, error) {
	n := len(rec.Moves)
	vals := make([]value, n)
	hist := rec.History()
	err := inParallel(ctx, n, slots, func(ctx context.Context, i int, s search.Searcher) error {
		v, err := analyse(ctx, s, rec.Positions[i], hist[:i+1], l, rec.Rules)
		vals[i] = v
		if err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		return ctx.Err()
	})
	if err != nil {
		return Game{}, err
	}
	// Moves the search gave no line: the positions after them and after
	// the best move, searched alike.
	type pair struct{ played, best line }
	var alt []int
	for i, m := range rec.Moves {
		if vals[i].find(m.String()) < 0 {
			alt = append(alt, i)
		}
	}
	alts := make([]pair, n)
	err = inParallel(ctx, 2*len(alt), slots, func(ctx context.Context, k int, s search.Searcher) error {
		i := alt[k/2]
		mv := rec.Moves[i].String()
		if k%2 == 1 {
			if vals[i].best == "" || vals[i].best == mv {
				return nil
			}
			mv = vals[i].best
		}
		ln, err := afterMove(ctx, s, rec, i, mv, l)
		if err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		if k%2 == 0 {
			alts[i].played = ln
		} else {
			alts[i].best = ln
		}
		return ctx.Err()
	})
	if err != nil {
		return Game{}, err
	}
	northFirst := rec.Positions[0].Side() == position.North
	r := Game{Game: g, Tags: map[string]string{}}
	for _, t := range g.Tags {
		r.Tags[t.Name] = t.Value
	}
	for i, m := range rec.Moves {
		side := rec.Positions[i].Side()
		mv := Move{Ply: i + 1, Number: pgn.MoveNumber(i, northFirst), Side: side.String(), Move: m.String(), Depth: vals[i].depth}
		var played, best, second line
		hasSecond := false
		if k := vals[i].find(mv.Move); k >= 0 {
			played = vals[i].lines[k]
			best, second, hasSecond = vals[i].top(k)
		} else {
			played, best = alts[i].played, alts[i].best
			if best.move == "" || best.score <= played.score {
				best = played
			}
		}
		mv.After, mv.AfterProven, mv.Proven, mv.Reply = played.score, played.proven, played.proven, played.reply
		mv.Best, mv.BestAfter, mv.BestAfterProven = best.move, best.score, best.proven
		mv.Before, mv.BeforeProven = best.score, best.proven
		mv.Win, mv.BestWin = Win(mv.After, mv.AfterProven), Win(mv.BestAfter, mv.BestAfterProven)
		mv.Loss, mv.LossCP = max(mv.BestWin-mv.Win, 0), mv.BestAfter-mv.After
		mv.Accuracy = MoveAccuracy(mv.Loss)
		mv.Class = Classify(mv.Loss)
		mv.Only = mv.Best == mv.Move && hasSecond && mv.BestWin-Win(second.score, second.proven) >= OnlyMoveGap
		mv.Comment = mv.Describe()
		if i < len(g.Moves) {
			mv.OwnComment = OwnComment(g.Moves[i].Comment)
		}
		r.Moves = append(r.Moves, mv)
		// A proven line is the game's value: the next position keeps it
		// for the answer in that line unless its own search proves that
		// answer's value too.
		if played.proven && played.reply != "" && i+1 < n {
			v := played.score
			if rec.Positions[i+1].Side() != side {
				v = -v
			}
			if k := vals[i+1].find(played.reply); k >= 0 && !vals[i+1].lines[k].proven {
				vals[i+1].lines[k].score, vals[i+1].lines[k].proven = v, true
			}
		}
	}
	r.Players = summarise(r.Moves, g.Tag("South"), g.Tag("North"))
	return r, nil
}

// find returns the index of move's line, -1 when it has none.
func (v *value) find(move string) int {
	for k := range v.lines {
		if v.lines[k].move == move {
			return k
		}
	}
	return -1
}

// top returns the best line (the played one, lines[played], where none
// scores more) and the best of the others.
func (v *value) top(played int) (best, second line, hasSecond bool) {
	bi := played
	for k := range v.lines {
		if v.lines[k].score > v.lines[bi].score {
			bi = k
		}
	}
	for k := range v.lines {
		if k != bi && (!hasSecond || v.lines[k].score > second.score) {
			second, hasSecond = v.lines[k], true
		}
	}
	return v.lines[bi], second, hasSecond
}

// analyse searches p (not over) with every line and returns its lines:
// each line (1 on) as last reported, which is the last completed depth's
// (the search reports a depth's lines together, once all are searched),
// each checked legal from p. A search stopped inside a deeper iteration
// may answer a move of that iteration; the review keeps to the completed
// one, whose lines were all searched alike.
func analyse(ctx context.Context, s search.Searcher, p position.Position, hist []uint64, l search.Limits, rules movegen.Rules) (value, error) {
	var lines []line
	res := s.Search(ctx, p, hist, l, func(in search.Info) {
		k := in.MultiPV - 1
		if k < 0 || k >= Lines || len(in.PV) == 0 {
			return
		}
		for len(lines) <= k {
			lines = append(lines, line{})
		}
		lines[k] = line{move: in.PV[0].String(), score: in.Score, proven: in.Proven, depth: in.Depth}
		if len(in.PV) > 1 {
			lines[k].reply = in.PV[1].String()
		}
	})
	v := value{depth: res.Depth}
	if res.HasMove {
		v.best = res.Best.String()
	}
	if p.Phase() != position.Play {
		return v, nil // the opening's search gives one line
	}
	for _, ln := range lines {
		if ln.move == "" || v.find(ln.move) >= 0 {
			continue
		}
		m, err := position.ParseGameMove(ln.move)
		if err == nil {
			_, err = movegen.Apply(p, m, rules)
		}
		if err != nil {
			return v, fmt.Errorf("the search's line %s: %v", ln.move, err)
		}
		v.lines = append(v.lines, ln)
		v.depth = ln.depth
	}
	return v, nil
}

// afterMove returns the value of move mv from position i of rec for the
// side to move there: a search of the position after it (at l, from a
// cleared table), or the final result when the game is over there.
func afterMove(ctx context.Context, s search.Searcher, rec *movegen.Game, i int, mv string, l search.Limits) (line, error) {
	m, err := position.ParseGameMove(mv)
	if err != nil {
		return line{}, fmt.Errorf("move %s: %v", mv, err)
	}
	g := movegen.NewGame(rec.Positions[0], rec.Rules)
	for _, pm := range rec.Moves[:i] {
		if err := g.Play(pm); err != nil {
			return line{}, err
		}
	}
	if err := g.Play(m); err != nil {
		return line{}, fmt.Errorf("move %s: %v", mv, err)
	}
	side := rec.Positions[i].Side()
	p := g.Current()
	ln := line{move: mv}
	if o, over := g.Over(); over {
		ln.score, ln.proven = 100*o.Margin(), true
		if side == position.North {
			ln.score = -ln.score
		}
		return ln, nil
	}
	res := s.Search(ctx, p, g.History(), l, nil)
	ln.score, ln.proven, ln.depth = res.Score, res.Proven, res.Depth
	if p.Side() != side {
		ln.score = -ln.score
	}
	if res.HasMove {
		ln.reply = res.Best.String()
	}
	return ln, nil
}

// Annotated returns the game as PGN with each move's own comment
// (OwnComment: an earlier review's dropped) followed by the review's
// (Describe, after "; "), an Annotator tag naming the analysis, and the
// game's summary per player in tags SouthReview and NorthReview, which
// replace any earlier ones.
func (r *Game) Annotated(annotator string) *pgn.Game {
	g := &pgn.Game{Tags: append([]pgn.Tag(nil), r.Game.Tags...), Result: r.Game.Result}
	g.SetTag("Annotator", annotator)
	g.SetTag("SouthReview", r.Players[0].Line())
	g.SetTag("NorthReview", r.Players[1].Line())
	for i, m := range r.Game.Moves {
		c := m.Comment
		if i < len(r.Moves) {
			c = withReview(r.Moves[i].OwnComment, r.Moves[i].Comment)
		}
		g.Moves = append(g.Moves, pgn.Move{Text: m.Text, Comment: c, Variations: m.Variations})
	}
	return g
}
