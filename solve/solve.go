// The solver: bound-narrowing null-window searches and their threads.

package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// ErrOpening is returned for turns 1 and 2.
var ErrOpening = errors.New("the opening (turns 1 and 2) cannot be solved: a redistribution has up to hundreds of millions of choices; use kiothi analyse for the opening, or solve a position from turn 3 on")

// Options configure a solve.
type Options struct {
	Rules      movegen.Rules
	Objective  movegen.Objective
	Multiplier int // one-warrior multiplier, 2..10 (Match only; default 2)
	Threads    int // default 1; more search each test together (busy marks)
	HashMB     int // size of the default table (default limits.SolveHashMB)
	// Table, if set, is used instead of a fresh MemTable. It must not
	// hold entries from another objective or multiplier.
	Table Table
	// History holds KeyWithPrisons of the positions before the root,
	// oldest first (the root itself excluded).
	History []uint64
	// Guess, if set, is a likely value: the first test is made there,
	// which saves work when it is close (see Solve).
	Guess *int
	// MaxNodes, if positive, stops the solve once its threads have
	// searched about that many nodes (checked every 1024 nodes a thread),
	// as a done ctx does: the result holds the bounds proven so far. With
	// one thread the stop is reproducible, unlike a time limit.
	MaxNodes uint64
	// DB, if set, gives the exact value of the positions it holds under
	// the margin objective (a leaf of the search; the match objective
	// does not use it: its points are not the margin's).
	DB *egdb.DB
	// Order is the evaluation that also orders the moves at nodes of
	// at least evalOrderMin warriors on the board (evalOrderMinDB with
	// a database); nil uses the
	// embedded network (nn.Evaluator). It orders only: values do not
	// depend on it.
	Order Evaluator
	// orderMin and busyMin, when positive, replace the constants
	// evalOrderMin[DB] and busyMin (tests order by the evaluation and
	// mark the children at every node).
	orderMin int
	busyMin  int
	// Progress, if set, receives the bounds each time they narrow, and
	// also every ProgressEvery while they do not when that is positive.
	// Calls never overlap.
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Evaluator estimates a position's value in centi-warriors, side to
// move's view (the search's evaluation fits). It must be safe for
// concurrent use by the solver's threads.
type Evaluator interface {
	Evaluate(p *position.Position) int
}

// Progress is a report on the way.
type Progress struct {
	Lo, Hi int
	Nodes  uint64
	Time   time.Duration
}

// Result is a solve's outcome. When Exact, Value is the position's value
// and PV a line that keeps it; otherwise the value lies in [Lo, Hi].
type Result struct {
	Exact  bool
	Value  int
	Lo, Hi int
	PV     []position.Move
	Nodes  uint64
	Time   time.Duration
}

// solve is Solve, with faults reading the database not caught.
func solve(ctx context.Context, root position.Position, o Options) (Result, error) {
	s, err := newSolver(&root, o)
	if err != nil {
		return Result{}, err
	}
	o = s.opts
	// With a guess: test at the guess, then gallop away from it until a
	// test goes the other way; then, or without a guess, bisect. Every
	// thread searches each test.
	lo, hi := s.bounds(&root)
	t := newTests(lo, hi, o.Guess)
	var mu sync.Mutex // serialises Progress and guards shown
	shown := [2]int{lo, hi}
	report := func() {
		mu.Lock()
		defer mu.Unlock()
		shown = [2]int{t.lo, t.hi}
		if o.Progress != nil {
			o.Progress(Progress{Lo: t.lo, Hi: t.hi, Nodes: s.nodes(), Time: time.Since(s.begin)})
		}
	}
	report()
	if o.Progress != nil && o.ProgressEvery > 0 {
		done := make(chan struct{})
		var wg sync.WaitGroup
		defer func() { close(done); wg.Wait() }()
		wg.Go(func() {
			tick := time.NewTicker(o.ProgressEvery)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					mu.Lock()
					o.Progress(Progress{Lo: shown[0], Hi: shown[1], Nodes: s.nodes(), Time: time.Since(s.begin)})
					mu.Unlock()
				}
			}
		})
	}
	if !s.run(ctx, &root, &t, report) {
		return Result{Lo: t.lo, Hi: t.hi, Nodes: s.nodes(), Time: time.Since(s.begin)}, nil
	}
	res := Result{Exact: true, Value: t.lo, Lo: t.lo, Hi: t.hi}
	// A line cut short (time out, or a table entry another path made) is
	// still a line that keeps the value as far as it goes.
	res.PV, _ = s.workers[0].pv(ctx, root, t.lo)
	res.Nodes, res.Time = s.nodes(), time.Since(s.begin)
	return res, nil
}

// newSolver checks o for solving root and returns a solver with its
// defaults filled in (Solve and SolveMoves share it).
func newSolver(root *position.Position, o Options) (*solver, error) {
	if root.Phase() != position.Play {
		return nil, ErrOpening
	}
	if o.Multiplier == 0 {
		o.Multiplier = movegen.DefaultMultiplier
	}
	if o.Objective == movegen.Match {
		if err := movegen.CheckMultiplier(o.Multiplier); err != nil {
			return nil, err
		}
	} else if o.Objective != movegen.Margin {
		return nil, fmt.Errorf("unknown objective %d", o.Objective)
	}
	if o.Threads < 1 {
		o.Threads = 1
	}
	if o.Order == nil {
		ev, err := nn.Evaluator()
		if err != nil {
			return nil, err
		}
		o.Order = ev
	}
	if o.Table == nil {
		mb := o.HashMB
		if mb <= 0 {
			mb = limits.SolveHashMB
		}
		o.Table = NewMemTable(mb)
	}
	s := &solver{opts: o, begin: time.Now()}
	if o.Objective == movegen.Margin {
		s.db = o.DB
	}
	if o.orderMin <= 0 {
		s.opts.orderMin = evalOrderMin
		if s.db != nil {
			s.opts.orderMin = evalOrderMinDB
		}
	}
	if o.busyMin <= 0 {
		s.opts.busyMin = busyMin
	}
	if len(o.History) > 0 {
		s.history = map[uint64]int{}
		for _, k := range o.History {
			s.history[k]++
		}
	}
	for i := 0; i < o.Threads; i++ {
		s.workers = append(s.workers, newWorker(s))
	}
	if o.Threads > 1 {
		s.busy = new(busyTable)
	}
	return s, nil
}

// tests plans the null-window tests of a solve: the interval [lo, hi]
// the value is known to lie in, and the gallop from the guess.
type tests struct {
	lo, hi    int
	guess     int
	galloping bool
	dir       int // the last test's outcome: 1 value >= mid, -1 below, 0 none yet
	step      int // the gallop's next step
	steps     int // the gallop's steps planned so far
}

// The gallop's first gallopFlat steps move one value of the margin (2: a
// margin keeps the parity of the warriors in play, so "value >= hi-1" asks
// "value = hi"); each later step doubles the one before. Most guesses are
// off by a value or two, and a test far past the value is wasted when
// the bisection comes back (measured on testdata/solve-27-30.txt and the
// accuracy set's root solves: docs/journal/strength.md, "The gallop's
// first steps").
const (
	gallopStep = 2
	gallopFlat = 3
)

// newTests returns the plan for a value in [lo, hi], galloping from
// guess when there is one.
func newTests(lo, hi int, guess *int) tests {
	t := tests{lo: lo, hi: hi, step: gallopStep}
	if guess != nil {
		t.galloping, t.guess = true, *guess
	}
	return t
}

// next returns the next test "value >= mid", lo < mid <= hi, so that both
// outcomes shrink the interval.
func (t *tests) next() int {
	mid := t.lo + (t.hi-t.lo+1)/2
	if t.galloping {
		switch t.dir {
		case 0:
			mid = t.guess
		case 1:
			mid = t.lo + t.step
		case -1:
			mid = t.hi - t.step + 1
		}
		mid = min(max(mid, t.lo+1), t.hi)
		if t.dir != 0 {
			if t.steps++; t.steps >= gallopFlat {
				t.step *= 2
			}
		}
	}
	return mid
}

// record narrows the interval by the result v of the test at mid, and
// turns the gallop into a bisection when the outcome changes direction.
func (t *tests) record(mid, v int) {
	d := -1
	if v >= mid {
		t.lo, d = max(t.lo, v), 1
	} else {
		t.hi = min(t.hi, v)
	}
	if t.dir != 0 && d != t.dir {
		t.galloping = false
	}
	t.dir = d
}

// run runs the tests one after another, each on every thread, until the
// interval closes (true) or ctx ends or the node budget is spent (false).
// report is called after each test.
func (s *solver) run(ctx context.Context, root *position.Position, t *tests, report func()) bool {
	for t.lo < t.hi {
		mid := t.next()
		v, ok := s.test(ctx, root, mid)
		if !ok {
			return false
		}
		t.record(mid, v)
		report()
	}
	return true
}

// histWeight scales the history in the move order: each doubling of a
// move's history counts a quarter of a reply less left to the opponent
// (below captures, above the table's optimistic bounds; measured on the
// accuracy set, docs/strength.md).
const histWeight = 512

// At nodes of at least evalOrderMin warriors on the board (evalOrderMinDB
// with an endgame database) the children are also ordered by
// Options.Order, evalWeight a centi-warrior: a warrior of evaluation
// counts about as much as one reply fewer left to the opponent, a
// captured warrior far more. Below it the subtrees are too small to
// repay the evaluation; with a database, whose leaves end them sooner,
// smaller still (measured on the accuracy set and
// testdata/solve-27-30.txt, docs/journal/solve.md).
const (
	evalOrderMin   = 14
	evalOrderMinDB = 20
	evalWeight     = 20
)

type solver struct {
	opts    Options
	db      *egdb.DB // Options.DB under the margin objective, else nil
	history map[uint64]int
	workers []*worker
	stop    atomic.Bool
	begin   time.Time
	busy    *busyTable // with two threads or more: the children being searched
}

func (s *solver) nodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.nodes.Load()
	}
	return n
}

// overBudget reports whether the solve has used up Options.MaxNodes.
func (s *solver) overBudget() bool {
	return s.opts.MaxNodes > 0 && s.nodes() >= s.opts.MaxNodes
}

// test runs the null-window search (mid-1, mid) on every thread and
// returns the first result: a value >= mid is a lower bound, a value
// < mid an upper bound. false when ctx ended first.
func (s *solver) test(ctx context.Context, root *position.Position, mid int) (int, bool) {
	s.stop.Store(false)
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			s.stop.Store(true)
		case <-done:
		}
	}()
	defer close(done)
	var once sync.Once
	var val int
	found := false
	var wg sync.WaitGroup
	for _, w := range s.workers {
		w.aborted = false
		wg.Go(func() {
			v := w.guardedRoot(root, mid)
			if !w.aborted {
				once.Do(func() { val, found = v, true })
				s.stop.Store(true)
			}
		})
	}
	wg.Wait()
	return val, found
}

// value maps a final margin (side to move's view) to the objective.
func (s *solver) value(margin int) int {
	if s.opts.Objective == movegen.Match {
		return movegen.MatchPoints(margin, s.opts.Multiplier)
	}
	return margin
}

// bounds returns static bounds on p's value: the margin lies within the
// warriors on the board of the current prison difference and has the
// parity of the total.
func (s *solver) bounds(p *position.Position) (lo, hi int) {
	off := prisonDiff(p)
	b := p.BoardTotal()
	if s.opts.Objective == movegen.Margin {
		return off - b, off + b
	}
	// Match points change only around a margin of 0, so the ends and the
	// margins from -3 to 3 (those of the right parity) give the extremes.
	mlo, mhi := off-b, off+b
	lo, hi = min(s.value(mlo), s.value(mhi)), max(s.value(mlo), s.value(mhi))
	for m := -3; m <= 3; m++ {
		if m > mlo && m < mhi && (m-mlo)%2 == 0 {
			v := s.value(m)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// prisonDiff returns the side to move's prison minus the opponent's.
func prisonDiff(p *position.Position) int {
	s := p.Side()
	return p.Prison(s) - p.Prison(s.Other())
}

// ttKey returns p's table key and the offset of its stored values: under
// Margin the table holds values relative to the current prisons (what is
// still to be won), keyed without prisons, so positions differing only in
// prisons share entries; under Match values depend on the absolute
// prisons, so they are stored as they are (offset 0) and keyed with the
// prisons.
func (s *solver) ttKey(p *position.Position) (key uint64, off int) {
	if s.opts.Objective == movegen.Match {
		return p.KeyWithPrisons(), 0
	}
	return p.Key(), prisonDiff(p)
}

// worker is one search thread.
type worker struct {
	s *solver
	// count is the nodes this worker searched; nodes publishes it to the
	// other goroutines every 1024 nodes and at the end of each search.
	count   uint64
	nodes   atomic.Uint64
	aborted bool
	// path holds KeyWithPrisons of the positions on the line from the root
	// (root first) with their prison totals, for repetition.
	path  []pathEntry
	plies [][]child
	// hist sums the nodes of the cutoffs each move (by side and encoding)
	// made, each counted up to 1<<20, less those of the cutoffs it was
	// searched before in vain (not below 0), to order the quiet moves.
	hist [2][1 << 11]int32
	// The node being expanded: its leaf children's values (repetitions and
	// database positions), its other children's keys and what probing found.
	leafValue   [movegen.MaxMoves]int
	searchedKid [movegen.MaxMoves]uint8    // the child of each move that is searched, in kids
	dbEntry     [movegen.MaxMoves]egdb.Ref // the database entry of each move that has one
	keys        [movegen.MaxMoves]uint64
	probed      [movegen.MaxMoves]Entry
	found       [movegen.MaxMoves]bool
	batch       BatchTable // the table, when it probes in batches
	pre         Prefetcher // the table, when it prefetches
}

// The kinds of leaf a child can be.
const (
	repLeaf = 1 + iota // a repetition: the sweep's value, path-dependent
	dbLeaf             // held by the database: exact on every path
)

type pathEntry struct {
	key     uint64
	prisons int
}

type child struct {
	pos   position.Position
	m     position.Move
	score int
	off   int // the table offset of pos (see ttKey)
}

func newWorker(s *solver) *worker {
	w := &worker{s: s}
	w.batch, _ = s.opts.Table.(BatchTable)
	w.pre, _ = s.opts.Table.(Prefetcher)
	return w
}

// repeated reports whether reaching p makes its third occurrence, on the
// line or in the history (positions of equal prisons only can match).
func (w *worker) repeated(p *position.Position) bool {
	k := p.KeyWithPrisons()
	tot := p.Prison(position.South) + p.Prison(position.North)
	n := 0
	i := len(w.path) - 1
	for ; i >= 0 && w.path[i].prisons == tot; i-- {
		if w.path[i].key == k {
			n++
		}
	}
	if i < 0 && w.s.history != nil {
		n += w.s.history[k]
	}
	return n >= 2
}

// sweepValue is the repetition ending's value for the side to move.
func (w *worker) sweepValue(p *position.Position) int {
	s := p.Side()
	return w.s.value(p.Prison(s) + p.RowTotal(s) - p.Prison(s.Other()) - p.RowTotal(s.Other()))
}

// noMoveValue is the value when the side to move has no legal move.
func (w *worker) noMoveValue(p *position.Position) int {
	return w.s.value(prisonDiff(p) - p.BoardTotal())
}

func (w *worker) root(p *position.Position, alpha, beta int) int {
	w.path = w.path[:0]
	v, _ := w.search(p, alpha, beta, 0)
	w.nodes.Store(w.count)
	return v
}

// search is fail-soft alpha-beta on exact values. It returns the value
// bound and whether a repetition influenced it (then it is path-dependent
// and not stored). p must not be a repetition (callers check).
func (w *worker) search(p *position.Position, alpha, beta, ply int) (int, bool) {
	w.count++
	n := w.count
	if n&1023 == 0 {
		w.nodes.Store(n)
		if w.s.stop.Load() || w.s.overBudget() {
			w.aborted = true
		}
	}
	if w.aborted {
		return 0, true
	}
	s := w.s
	if s.db != nil {
		if v, ok := s.db.Probe(p, s.opts.Rules); ok {
			return prisonDiff(p) + v, false
		}
	}
	lo, hi := s.bounds(p)
	key, off := s.ttKey(p)
	ttMove := position.NoMove
	if e, ok := s.opts.Table.Probe(key); ok {
		lo, hi = max(lo, int(e.Lo)+off), min(hi, int(e.Hi)+off)
		ttMove = e.Move
	}
	if lo >= beta || lo == hi {
		return lo, false
	}
	if hi <= alpha {
		return hi, false
	}
	var list movegen.MoveList
	nm := movegen.Generate(p, s.opts.Rules, &list)
	if nm == 0 {
		v := w.noMoveValue(p)
		s.opts.Table.Store(key, Entry{Lo: int8(v - off), Hi: int8(v - off)})
		return v, false
	}
	for len(w.plies) <= ply {
		w.plies = append(w.plies, make([]child, 0, movegen.MaxMoves))
	}
	kids := w.plies[ply][:0]
	side := p.Side()
	tot := p.Prison(position.South) + p.Prison(position.North)
	w.path = append(w.path, pathEntry{p.KeyWithPrisons(), tot})
	best, bestMove, tainted := math.MinInt, position.NoMove, false
	// The children first, then their table entries probed together (the
	// probes' memory loads overlap), then each move in generation order:
	// a repetition is a leaf scored at once, a child whose stored upper
	// bound already refutes beta an enhanced transposition cutoff.
	// A child the database holds is a leaf scored at once too: its entry
	// is located as it is made and read once all are (the reads' cache
	// misses overlap).
	var leaf [movegen.MaxMoves]uint8
	pending := false
	for i, m := range list[:nm] {
		q, _ := movegen.MakeMove(*p, m, s.opts.Rules)
		if w.repeated(&q) {
			leaf[i], w.leafValue[i] = repLeaf, -w.sweepValue(&q)
			continue
		}
		if s.db != nil {
			if e, ok := s.db.Entry(&q, s.opts.Rules); ok {
				leaf[i], w.leafValue[i], w.dbEntry[i], pending = dbLeaf, -prisonDiff(&q), e, true
				continue
			}
		}
		kids = w.addKid(kids, i, &q, m, q.Prison(side)-p.Prison(side))
	}
	if pending {
		for i := range list[:nm] {
			if leaf[i] != dbLeaf {
				continue
			}
			if v, ok := w.dbEntry[i].Value(); ok {
				w.leafValue[i] -= v
				continue
			}
			// A value a repetition can change: searched after all.
			q, _ := movegen.MakeMove(*p, list[i], s.opts.Rules)
			leaf[i] = 0
			kids = w.addKid(kids, i, &q, list[i], q.Prison(side)-p.Prison(side))
		}
	}
	w.probeAll(len(kids))
	tm := -1
	for i, m := range list[:nm] {
		if leaf[i] != 0 {
			v := w.leafValue[i]
			tainted = tainted || leaf[i] == repLeaf
			if v > best {
				best, bestMove = v, m
			}
			if best >= beta {
				w.path = w.path[:len(w.path)-1]
				if !tainted {
					s.opts.Table.Store(key, Entry{Lo: int8(best - off), Hi: int8(hi - off), Move: m})
				}
				return best, tainted
			}
			continue
		}
		k := int(w.searchedKid[i])
		c := &kids[k]
		if w.found[k] {
			e := &w.probed[k]
			if v := -(int(e.Hi) + c.off); v >= beta {
				s.opts.Table.Store(key, Entry{Lo: int8(v - off), Hi: int8(hi - off), Move: m})
				w.path = w.path[:len(w.path)-1]
				return v, false
			}
			c.score += 16 * (-(int(e.Lo) + c.off) + 64) // optimistic value first
		}
		if m == ttMove {
			tm = k
		}
		c.score += bits.Len32(uint32(w.hist[side][m&(1<<11-1)])) * histWeight
	}
	// The table move first, then the others in order. The replies are
	// counted only when they order something: not for the table move,
	// and not for the others when it cuts off.
	sorted := 0
	if tm >= 0 {
		t := kids[tm]
		copy(kids[1:tm+1], kids[:tm])
		kids[0] = t
		sorted = 1
	}
	w.plies[ply] = kids
	// With busy marks (two threads or more), a child after the first that
	// another thread is searching now is put off until the others are
	// searched: by then its entry is likely stored (ABDADA, simplified).
	// The first child is searched at once, so that threads meeting at a
	// cut node go down its first child together and part below.
	marks := s.busy != nil && p.BoardTotal() >= s.opts.busyMin
	var putOff uint64 // kids put off and not searched yet, a bit each
	tried := 0        // the children searched are among kids[:tried]
	for j := 0; best < beta; j++ {
		i := j
		if j >= len(kids) {
			if putOff == 0 {
				break
			}
			i = bits.TrailingZeros64(putOff) // the put-off children, last
			putOff &^= 1 << i
		} else if i == sorted {
			w.order(p, kids[sorted:])
		}
		c := &w.plies[ply][i]
		var ck uint64
		if marks {
			ck, _ = s.ttKey(&c.pos)
			if i > 0 && j < len(kids) && s.busy.has(ck) {
				putOff |= 1 << i
				continue
			}
			s.busy.mark(ck)
		}
		tried = max(tried, i+1)
		v, t := w.search(&c.pos, -beta, -max(alpha, best), ply+1)
		if marks {
			s.busy.clear(ck)
		}
		if w.aborted {
			w.path = w.path[:len(w.path)-1]
			return 0, true
		}
		v = -v
		tainted = tainted || t
		if v > best {
			best, bestMove = v, c.m
		}
	}
	w.path = w.path[:len(w.path)-1]
	if best >= beta {
		// The cutoff's nodes are the move's credit and a debit to each
		// move searched before it in vain.
		work := int32(min(w.count-n, 1<<20))
		for i, c := range w.plies[ply][:tried] {
			h := &w.hist[side][c.m&(1<<11-1)]
			if putOff&(1<<i) != 0 {
				continue // not searched
			}
			if c.m != bestMove {
				*h = max(0, *h-work)
			} else if *h < 1<<30 {
				*h += work
			}
		}
	}
	if !tainted {
		e := Entry{Lo: int8(lo - off), Hi: int8(hi - off), Move: bestMove}
		switch {
		case best >= beta:
			e.Lo = int8(best - off)
		case best <= alpha:
			e.Hi = int8(best - off)
		default:
			e.Lo, e.Hi = int8(best-off), int8(best-off)
		}
		e.Work = int8(bits.Len64(w.count - n))
		s.opts.Table.Store(key, e)
	}
	return best, tainted
}

// addKid appends q, the child of move i (m), that captured gain, to
// kids to be searched, with its table key.
func (w *worker) addKid(kids []child, i int, q *position.Position, m position.Move, gain int) []child {
	ck, coff := w.s.ttKey(q)
	if w.pre != nil {
		w.pre.Prefetch(ck) // the slot arrives while the rest is done
	}
	// Order: the table move, then the biggest capture, then the fewest
	// replies left to the opponent (measured: 30% fewer nodes at 25
	// warriors; counted below, only when needed), then optimistic table
	// bounds and the history.
	w.searchedKid[i] = uint8(len(kids))
	w.keys[len(kids)] = ck
	return append(kids, child{*q, m, gain << 17, coff})
}

// order adds the replies left to the opponent (and, at nodes of many
// warriors, the evaluation) to p's children's scores and sorts them, best
// score first (an insertion sort: few children, and equal scores keep
// generation order).
func (w *worker) order(p *position.Position, kids []child) {
	if len(kids) < 2 {
		return // nothing to order
	}
	o := &w.s.opts
	byEval := p.BoardTotal() >= o.orderMin
	for i := range kids {
		c := &kids[i]
		c.score += 2048 * (movegen.MaxMoves - movegen.CountMoves(&c.pos, o.Rules))
		if byEval {
			c.score -= evalWeight * o.Order.Evaluate(&c.pos)
		}
	}
	for i := 1; i < len(kids); i++ {
		for j := i; j > 0 && kids[j].score > kids[j-1].score; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}
}

// probeAll probes the table for w.keys[:n] into w.probed and w.found,
// in one batch when the table can.
func (w *worker) probeAll(n int) {
	if w.batch != nil {
		w.batch.ProbeBatch(w.keys[:n], w.probed[:n], w.found[:n])
		return
	}
	for i, k := range w.keys[:n] {
		w.probed[i], w.found[i] = w.s.opts.Table.Probe(k)
	}
}

// pv follows a line that keeps value v from root: at each step a move
// whose child is proven to be worth exactly v. Every child is worth at
// least -v from its own side, so one null-window test (child <= -v) per
// move suffices; the table's best move is tried first.
func (w *worker) pv(ctx context.Context, root position.Position, v int) ([]position.Move, bool) {
	w.path = w.path[:0]
	defer func() { w.nodes.Store(w.count) }()
	w.s.stop.Store(false)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			w.s.stop.Store(true)
		case <-done:
		}
	}()
	var line []position.Move
	p := root
	for len(line) < 200 {
		var list movegen.MoveList
		nm := movegen.Generate(&p, w.s.opts.Rules, &list)
		if nm == 0 {
			break
		}
		key, _ := w.s.ttKey(&p)
		if e, ok := w.s.opts.Table.Probe(key); ok {
			for i := 1; i < nm; i++ {
				if list[i] == e.Move {
					list[0], list[i] = list[i], list[0]
				}
			}
		}
		w.path = append(w.path, pathEntry{p.KeyWithPrisons(), p.Prison(position.South) + p.Prison(position.North)})
		found := false
		for _, m := range list[:nm] {
			q, _ := movegen.MakeMove(p, m, w.s.opts.Rules)
			var cv int
			rep := w.repeated(&q)
			if rep {
				cv = w.sweepValue(&q)
			} else {
				w.aborted = false
				cv, _ = w.search(&q, -v, -v+1, len(w.path))
				if w.aborted {
					return line, false
				}
			}
			if -cv == v {
				line = append(line, m)
				if rep {
					return line, true
				}
				p, v, found = q, cv, true
				break
			}
		}
		if !found {
			return line, false
		}
	}
	return line, true
}
