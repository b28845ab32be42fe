// The engine: options, the shared state of one search, Lazy SMP threads
// and the result.

package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
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
	params  params // defaultParams with Options.Params set
	marks   *marks // busy marks, made with more than one thread
	picked  int    // the thread whose result the last search returned

	timing timing // of the last search (LastTiming)

	solved *solve.MemTable // proven values (endgame.go), made on first use
}

// NewEngine returns an engine with the given options. Zero fields take
// their defaults (1 thread, limits.DefaultHashMB, 1 line, multiplier 2); values
// out of range are an error.
func NewEngine(o Options) (*Engine, error) {
	if o.Threads == 0 {
		o.Threads = 1
	}
	if o.Threads < 1 || o.Threads > MaxThreads {
		return nil, fmt.Errorf("threads %d: must be from 1 to %d", o.Threads, MaxThreads)
	}
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	if o.MultiPV == 0 {
		o.MultiPV = 1
	}
	if o.MultiPV < 1 || o.MultiPV > MaxMultiPV {
		return nil, fmt.Errorf("multipv %d: must be from 1 to %d", o.MultiPV, MaxMultiPV)
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
		e.marks = new(marks)
	}
	return e, nil
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
	hist        histSet
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
	marks  *marks // busy marks (marks.go), or nil: off
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
	s.hist.build(history)
	return s
}

// totalNodes sums the nodes the threads have published.
func (s *shared) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.publishedNodes.Load()
	}
	return n
}

// poll reports whether w must stop. Only the main thread applies the
// limits, and not before it has completed depth 1, so there is always a
// searched move to play.
func (s *shared) poll(w *worker) bool {
	if s.yield {
		runtime.Gosched()
	}
	if s.stop.Load() {
		return true
	}
	if s.ctx.Err() != nil {
		s.halt()
		return true
	}
	if w.id != 0 || w.done == 0 || s.infinite {
		return false
	}
	if s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit ||
		s.timed && time.Since(s.start) >= s.hard {
		s.halt()
		return true
	}
	return false
}

// stopAfterIteration decides, after a completed depth, whether to start
// another.
func (s *shared) stopAfterIteration(w *worker) bool {
	if s.infinite {
		return false
	}
	if s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit {
		return true
	}
	if s.timed {
		if len(w.root) == 1 || s.provenStop() || time.Since(s.start) >= s.softLimit() {
			return true
		}
	}
	return false
}

// report sends the info lines of a completed depth, best first.
func (s *shared) report(lines []rootMove, depth int) {
	if s.info == nil {
		return
	}
	s.workers[0].publishedNodes.Store(s.workers[0].nodes)
	el := time.Since(s.start)
	nodes := s.totalNodes()
	s.reported = nodes
	hf := s.tt.Hashfull()
	for k := range lines {
		r := &lines[k]
		v, proven := s.decode(r.score)
		s.info(Info{
			Depth: depth, SelDepth: max(r.selDepth, depth), MultiPV: k + 1, Lines: len(lines),
			Score: v, Proven: proven, Nodes: nodes, NPS: nps(nodes, el),
			Hashfull: hf, Time: el, PV: gameMoves(s.heldLine(r)),
		})
	}
}

// heldLine returns r's line, continued with the endgame database's best
// line (egdb.DB.Line) when it ends in a position the database holds: the
// search scores such a position by its value without searching it, so
// its line would stop there, while the value is that of the database's
// line to the game's end.
func (s *shared) heldLine(r *rootMove) []position.Move {
	pv := r.pv[:r.pvLen]
	if s.db == nil || len(pv) == 0 {
		return pv
	}
	p := r.pos
	for _, m := range pv[1:] {
		q, st := movegen.MakeMove(p, m, s.rules)
		if st != movegen.Legal {
			return pv
		}
		p = q
	}
	if _, ok := s.db.Probe(&p, s.rules); !ok {
		return pv
	}
	return s.db.Line(p, s.rules, maxPly-len(pv), append([]position.Move(nil), pv...))
}

// played is the line thread best's result plays: its last completed
// depth's first line, or, in a one-line search, the stopped depth's best
// where that depth found a move that beat the completed one's before the
// stop (games play it: taking the completed depth's move instead lost
// -12.8 Elo [-39.4, +13.6] in 488 games at 20 ms; docs/strength.md).
func (s *shared) played(best *worker) *rootMove {
	if s.multiPV == 1 && best.done > 0 && len(best.root) > 0 && best.root[0].move != best.lines[0].move {
		return &best.root[0]
	}
	return &best.lines[0]
}

// reportFinal sends the lines of the result again with the search's
// totals, unless the last report was those lines with every node
// counted: the last lines before the move is played are always complete
// and the move's own. The completed depth's lines, or the stopped depth's
// better move (played) with its line continued from the table.
func (s *shared) reportFinal(best *worker) {
	if r := s.played(best); r != &best.lines[0] {
		s.extendPV(r, max(best.done, 2))
		s.report(best.root[:1], best.done+1)
		return
	}
	if best != s.workers[0] || s.totalNodes() > s.reported {
		s.report(best.lines, best.done)
	}
}

// extendPV continues r's line, which an iteration stopped part-way may
// have cut after a move or two, with the table's moves up to n moves:
// each one played only where it is legal after the line so far, the line
// ending where the table has no move or a position repeats.
func (s *shared) extendPV(r *rootMove, n int) {
	if r.pvLen == 0 {
		r.pv[0], r.pvLen = r.move, 1
	}
	p := r.pos
	var seen [maxPly]uint64
	seen[0] = p.KeyWithPrisons()
	for i := 1; i < r.pvLen; i++ {
		q, st := movegen.MakeMove(p, r.pv[i], s.rules)
		if st != movegen.Legal {
			r.pvLen = i
			break
		}
		p, seen[i] = q, q.KeyWithPrisons()
	}
	for r.pvLen < min(n, maxPly) {
		e, ok := s.tt.Probe(seen[r.pvLen-1])
		if !ok || e.Move == position.NoMove {
			return
		}
		q, st := movegen.MakeMove(p, e.Move, s.rules)
		if st != movegen.Legal {
			return
		}
		k := q.KeyWithPrisons()
		for _, old := range seen[:r.pvLen] {
			if old == k {
				return
			}
		}
		r.pv[r.pvLen], seen[r.pvLen] = e.Move, k
		r.pvLen++
		p = q
	}
}

func nps(nodes uint64, el time.Duration) uint64 {
	if el <= 0 {
		return 0
	}
	return uint64(float64(nodes) / el.Seconds())
}

func gameMoves(ms []position.Move) []position.GameMove {
	out := make([]position.GameMove, len(ms))
	for i, m := range ms {
		out[i] = position.PlayMove(m)
	}
	return out
}

// Search searches root. history holds KeyWithPrisons of the game's
// positions, oldest first, root last (movegen.Game.History), for the
// repetition rule. info, if not nil, receives progress reports from the
// searching goroutine. No goroutine started by Search outlives it.
func (e *Engine) Search(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) Result {
	e.timing.ran = false
	if root.Phase() != position.Play {
		return e.searchOpening(ctx, root, l, info)
	}
	return e.searchPlay(ctx, root, history, l, info)
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

// pick merges the threads. By default the deepest completed iteration
// wins, the main thread on ties: a deeper result counts whatever its
// score, since a score that fell with depth is exactly what the shallower
// one missed. With params.smpVote the threads vote instead (see vote).
func (s *shared) pick() *worker {
	if s.params.smpVote {
		return s.vote()
	}
	best := s.workers[0]
	for _, w := range s.workers[1:] {
		if w.done > best.done {
			best = w
		}
	}
	return best
}

// voteBase is added to each thread's score above the lowest before it is
// weighed by depth, so that a thread at the lowest score still votes.
const voteBase = 20

// vote picks the thread whose move has the most votes, as Stockfish
// does: each thread gives its move (score - lowest score + voteBase) times
// its completed depth. A proven win is taken at once (the highest one),
// and the main thread wins ties.
func (s *shared) vote() *worker {
	low := Infinite
	for _, w := range s.workers {
		if w.done > 0 {
			low = min(low, w.lines[0].score)
		}
	}
	votes := func(m position.Move) int {
		n := 0
		for _, w := range s.workers {
			if w.done > 0 && w.lines[0].move == m {
				n += (w.lines[0].score - low + voteBase) * w.done
			}
		}
		return n
	}
	best, bestVotes := s.workers[0], votes(s.workers[0].lines[0].move)
	for _, w := range s.workers[1:] {
		if w.done == 0 {
			continue
		}
		sc, bsc := w.lines[0].score, best.lines[0].score
		if IsProven(bsc) && bsc > 0 {
			if IsProven(sc) && sc > bsc {
				best = w
			}
			continue
		}
		if IsProven(sc) && sc > 0 {
			best, bestVotes = w, votes(w.lines[0].move)
			continue
		}
		if v := votes(w.lines[0].move); v > bestVotes || v == bestVotes && w.done > best.done {
			best, bestVotes = w, v
		}
	}
	return best
}

// result is the search's result from thread best: its last completed
// iteration's first line.
func (s *shared) result(best *worker) Result {
	r := s.played(best)
	v, proven := s.decode(r.score)
	if r.score == -Infinite {
		v, proven = 0, false
	}
	// A score that is a bound (the line's last aspiration pass failed
	// inside the window it was given) is no proven value.
	proven = proven && r.exact
	depth := best.done
	if r != &best.lines[0] {
		depth++ // found by the stopped depth
	}
	line := s.heldLine(r)
	if len(line) == 0 {
		line = r.pv[:1]
	}
	res := Result{
		Best: position.PlayMove(r.move), HasMove: true, Score: v, Proven: proven,
		Depth: depth, Nodes: s.totalNodes(), PV: gameMoves(line),
	}
	res.PV[0] = res.Best
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	return res
}
