// The solver's API (Options, Result, the entry solve) and the solver its threads share.

package solve

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/internal/busy"
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
		s.history = movegen.NewOccurrences(o.History)
	}
	for i := 0; i < o.Threads; i++ {
		s.workers = append(s.workers, newWorker(s))
	}
	if o.Threads > 1 {
		s.busy = newBusy()
	}
	return s, nil
}

// solver is one solve's state its threads share: the options, the
// database, the game's history, the workers and the stop flag.
type solver struct {
	opts    Options
	db      *egdb.DB            // Options.DB under the margin objective, else nil
	history movegen.Occurrences // Options.History counted
	workers []*worker
	stop    atomic.Bool
	begin   time.Time
	busy    *busy.Table // with two threads or more: the children being searched (busy.go)
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
