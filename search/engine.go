// The engine: its options and table, the shared state of one search, and the search that starts its Lazy SMP threads and merges them.

package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/internal/busy"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
	"github.com/kiothi/kiothi/tt"
	"golang.org/x/sync/errgroup"
)

// Option bounds (package limits'; limits.DefaultHashMB is the default
// table).
const (
	MaxThreads = limits.MaxThreads
	MaxMultiPV = limits.MaxMultiPV
)

// A line per legal move at most: the bound must not exceed the move list.
var _ [movegen.MaxMoves - MaxMultiPV]struct{}

// Engine is a reusable searcher with its own transposition table. One
// Search runs at a time.
type Engine struct {
	opts    Options
	tt      *tt.Table
	workers []*worker
	params  params      // defaultParams with Options.Params set
	marks   *busy.Table // busy marks (marks.go), made with more than one thread
	picked  int         // the thread whose result the last search returned

	timing timing // of the last search (LastTiming)

	solved *solve.MemTable // proven values (endgame.go), made on first use
}

// NewEngine returns an engine with the given options. Zero fields take
// their defaults (1 thread, limits.DefaultHashMB, 1 line, multiplier 2); values
// out of range are an error.
func NewEngine(o Options) (*Engine, error) {
	if err := defaultIn(&o.Threads, "threads", MaxThreads); err != nil {
		return nil, err
	}
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	if err := defaultIn(&o.MultiPV, "multipv", MaxMultiPV); err != nil {
		return nil, err
	}
	if o.Multiplier == 0 {
		o.Multiplier = movegen.DefaultMultiplier
	}
	if err := movegen.CheckMultiplier(o.Multiplier); err != nil {
		return nil, err
	}
	if o.Eval == nil {
		ev, err := nn.Evaluator()
		if err != nil {
			return nil, fmt.Errorf("the embedded network evaluation: %w", err)
		}
		o.Eval = ev
	}
	if o.Objective != movegen.Margin && o.Objective != movegen.Match {
		return nil, errors.New("objective: must be margin or match")
	}
	t, err := tt.New(o.HashMB)
	if err != nil {
		return nil, err
	}
	e := &Engine{opts: o, tt: t, params: o.Params.params()}
	for i := 0; i < o.Threads; i++ {
		e.workers = append(e.workers, &worker{id: i})
	}
	if o.Threads > 1 {
		e.marks = newMarks()
	}
	return e, nil
}

// defaultIn makes a zero *v 1 and refuses a *v outside 1..most, naming
// the option name.
func defaultIn(v *int, name string, most int) error {
	if *v == 0 {
		*v = 1
	}
	if *v < 1 || *v > most {
		return fmt.Errorf("%s %d: must be from 1 to %d", name, *v, most)
	}
	return nil
}

// Options returns the engine's options, defaults filled in.
func (e *Engine) Options() Options { return e.opts }

// NewGame clears what the engine learnt (the transposition table).
func (e *Engine) NewGame() { e.tt.Clear() }

// Hashfull returns the table's fill in per mille for the current search.
func (e *Engine) Hashfull() int { return e.tt.Hashfull() }

// shared is the state of one search that every thread reads.
type shared struct {
	tt          *tt.Table
	db          *egdb.DB // Options.DB under the margin objective, else nil
	rootHeld    bool     // db holds the root: every root line's value is exact (decode)
	ev          *eval.Evaluator
	rules       movegen.Rules
	objective   movegen.Objective
	multiplier  int
	multiPV     int
	maxDepth    int
	nodeLimit   uint64
	timed       bool
	soft, hard  time.Duration
	clock       clockState // a clock search's iterations (timeman.go)
	infinite    bool
	ctx         context.Context
	start       time.Time
	stop        atomic.Bool
	stopped     time.Duration // since start, when stop was set (halt)
	hist        movegen.Occurrences
	rootPrisons int
	workers     []*worker
	info        func(Info)
	reported    uint64 // total nodes at the last report (main thread)
	// openingLines are the opening search's last reported lines.
	openingLines []candidate
	noNull       bool // no null-move pruning (the opening's short searches)
	// yield: more threads than the Go scheduler runs at once. Each thread
	// then yields at every poll, so that all of them take turns in slices
	// of one poll interval and a stop reaches every one promptly; without
	// it a thread waits up to the runtime's 10 ms preemption slice times
	// the threads per processor before it can see the stop.
	yield  bool
	params params
	marks  *busy.Table // busy marks (marks.go), or nil: off
}

func (e *Engine) newShared(ctx context.Context, root *position.Position, history []uint64, l Limits, info func(Info)) *shared {
	s := &shared{
		tt: e.tt, ev: e.opts.Eval, rules: e.opts.Rules, objective: e.opts.Objective,
		multiplier: e.opts.Multiplier, multiPV: e.opts.MultiPV,
		maxDepth: MaxDepth, nodeLimit: l.Nodes, infinite: l.Infinite,
		ctx: ctx, start: time.Now(), workers: e.workers, info: info, params: e.params,
		rootPrisons: root.Prison(position.South) + root.Prison(position.North),
		yield:       len(e.workers) > runtime.GOMAXPROCS(0),
	}
	if l.Depth > 0 {
		s.maxDepth = min(l.Depth, MaxDepth)
	}
	if e.opts.Objective == movegen.Margin {
		s.db = e.opts.DB
		_, s.rootHeld = s.db.Probe(root, s.rules)
	}
	if e.params.smpMarks {
		s.marks = e.marks
	}
	if !l.Infinite {
		s.setTime(l, root)
	}
	if n := len(history); n > 0 && history[n-1] == root.KeyWithPrisons() {
		history = history[:n-1]
	}
	s.hist = movegen.NewOccurrences(history)
	return s
}

// Search searches root. history holds KeyWithPrisons of the game's
// positions, oldest first, root last (movegen.Game.History), for the
// repetition rule. info, if not nil, receives progress reports from the
// searching goroutine. No goroutine started by Search outlives it.
//
// Before it searches, the endgame database is checked against its file
// (egdb.DB.Fresh): a changed file is read again or dropped. A fault while
// reading the database (its file changed during the search) drops it,
// and the search runs again without it. Result.Note says either.
func (e *Engine) Search(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) Result {
	note := e.freshDB()
	r := e.search(ctx, root, history, l, info)
	if e.opts.DB.Lost() {
		note = e.freshDB()
		r = e.search(ctx, root, history, l, info)
	}
	r.Note = note
	return r
}

// search is Search with the database as it is: a fault while reading it
// (egdb.Recovered) ends the search with a zero result and the database
// lost.
func (e *Engine) search(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) (r Result) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if egdb.Recovered(recover()) != nil {
			r = Result{}
		}
	}(debug.SetPanicOnFault(true))
	e.timing.ran = false
	if root.Phase() != position.Play {
		return e.searchOpening(ctx, root, l, info)
	}
	return e.searchPlay(ctx, root, history, l, info)
}

// freshDB replaces the engine's database by what egdb.DB.Fresh gives
// and returns Fresh's note.
func (e *Engine) freshDB() string {
	d, note := e.opts.DB.Fresh(e.opts.Rules)
	e.opts.DB = d
	return note
}

func (e *Engine) searchPlay(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) Result {
	s := e.newShared(ctx, &root, history, l, info)
	main := e.workers[0]
	main.s = s
	f := &main.stack[0]
	cands := main.generate(f, &root)
	var moves []position.Move
	var kids []position.Position
	for i := 0; i < cands; i++ {
		if q, ok := main.child(f, i, &root); ok {
			moves, kids = append(moves, f.Moves[i]), append(kids, *q)
		}
	}
	n := len(moves)
	if n == 0 {
		v, _ := Decode(s.gameValue(&root, movegen.NoMoveOutcome(&root)))
		return Result{Score: v, Proven: true}
	}
	// A forced move on a clock is answered after depth 1, without a
	// solve: there is nothing to decide.
	if n > 1 || !s.clock.on {
		if r, ok := e.solveRoot(ctx, s, &root, history); ok {
			return r
		}
	}
	e.tt.NewSearch()
	if instrumented {
		statsBegin()
	}
	for _, w := range e.workers {
		w.s = s
		w.reset()
		w.stats = threadStats{}
		w.root = w.root[:0]
		w.lines = slices.Grow(w.lines, min(s.multiPV, n))
		for i := 0; i < n; i++ {
			w.root = append(w.root, rootMove{move: moves[i], pos: kids[i], score: -Infinite, prev: -Infinite})
		}
		w.keys[0] = root.KeyWithPrisons()
		w.lastCap[0] = 0
	}
	e.timing.setup = time.Since(s.start)
	var g errgroup.Group
	for _, w := range e.workers {
		g.Go(func() error {
			// A fault reading the database stops every thread; Search
			// runs again without it.
			defer func(old bool) {
				debug.SetPanicOnFault(old)
				if egdb.Recovered(recover()) != nil {
					s.halt()
				}
			}(debug.SetPanicOnFault(true))
			w.began = time.Since(s.start)
			w.iterate()
			// The main thread's search ends with the stop it gives the
			// others (its last iteration may end it before any poll did).
			if w.id == 0 {
				if s.infinite {
					<-ctx.Done()
				}
				s.halt()
			}
			w.ended = time.Since(s.start)
			w.publishedNodes.Store(w.nodes)
			return nil
		})
	}
	_ = g.Wait()
	best := s.pick()
	e.picked = best.id
	s.reportFinal(best)
	r := s.result(best)
	e.timing.ran, e.timing.stopped, e.timing.done = true, s.stopped, time.Since(s.start)
	return r
}
