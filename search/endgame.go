// Exact endgames: the solver's proven values at the root of a timed search.

package search

import (
	"context"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// Endgame thresholds (measured on the accuracy sets, docs/strength.md).
const (
	// The solver's work grows about twofold a warrior, so a timed search
	// tries the solver at the root when the board holds at most
	// solveWarriors(budget) warriors: the knob solveBase (params.go; 28,
	// solveBaseDB with an endgame database) for a budget of one second,
	// one fewer each time the budget halves, one more each time it
	// doubles, never more than solveMax; and not below the knob
	// solveMinMS (25 ms). A
	// solve is tried where about half the roots of the engine's own games
	// or more finish in the budget (25 warriors in the 170 ms of a 200 ms
	// move, 26 in 440 ms): one that does not finish costs only search
	// time.
	solveMax = 32
	// The solver gets solveShare per mille of the soft time; what it
	// leaves goes to the search. Most of it: on these roots the search
	// finds about as many best moves with a sixth of the time as with all
	// of it, while the solver needs all it can get.
	solveShare = 850
	// On two threads or more the solver takes about solveThreadTime per
	// mille of one thread's wall time (the median over the 40 solves of
	// testdata/solve-27-30.txt; docs/journal/strength.md, "Busy marks in
	// the solver"), so its budget counts as
	// that much more one-thread time when the warriors it may take are
	// chosen (more threads are counted as two: unmeasured).
	solveThreadTime = 590
)

// solveWarriors returns the most warriors on the board for which a solve
// of the given budget is tried, base at a one-second budget.
func solveWarriors(budget time.Duration, base int) int {
	n := base
	for b := time.Second; b > budget && n > 0; b /= 2 {
		n--
	}
	for b := 2 * time.Second; b <= budget && n < solveMax; b *= 2 {
		n++
	}
	return n
}

// solveRoom returns the one-thread solver time that budget is worth on
// the given threads.
func solveRoom(budget time.Duration, threads int) time.Duration {
	if threads > 1 {
		return budget * 1000 / solveThreadTime
	}
	return budget
}

// solveRoot runs the solver on root for a share of a timed search's time
// (one with no depth or node limit) when the root has few enough warriors
// for it to finish, filling the engine's table of proven values, which
// the next solves start from (it is kept across searches and games: a
// proven value does not depend on them, and values a repetition decided
// are never stored). It returns the proven result when the solve
// finished with a line to play. history is as Search takes it (the
// game's positions, oldest first, the root last or left out).
//
// When the solve does not finish, the search that follows does not read
// the table: an unfinished solve leaves bounds, a bound scores in the
// proven band (score.go), above every estimate, and under the margin
// objective a move proven to win by at least 2 is not better than one
// estimated to win by 8. Read, those bounds cost best moves.
func (e *Engine) solveRoot(ctx context.Context, s *shared, root *position.Position, history []uint64) (Result, bool) {
	budget := s.soft * solveShare / 1000
	// A depth or node limit says how much to search: a time that comes
	// with it is a deadline, not a budget to spend on a solve.
	limited := s.maxDepth < MaxDepth || s.nodeLimit > 0
	base := e.params.solveBase
	if s.db != nil {
		base = e.params.solveBaseDB
	}
	least := time.Duration(e.params.solveMinMS) * time.Millisecond
	if !s.timed || limited || s.multiPV > 1 || budget < least || root.BoardTotal() > solveWarriors(solveRoom(budget, len(e.workers)), base) {
		return Result{}, false
	}
	if e.solved == nil {
		e.solved = solve.NewMemTable(limits.SolvedMB)
	}
	if n := len(history); n > 0 && history[n-1] == root.KeyWithPrisons() {
		history = history[:n-1]
	}
	sctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	guess := solve.EvalGuess(s.ev, s.objective, s.multiplier, root)
	began := time.Now()
	res, err := solve.Solve(sctx, *root, solve.Options{
		Rules: s.rules, Objective: s.objective, Multiplier: s.multiplier,
		Threads: len(e.workers), Table: e.solved, History: history, Guess: &guess, Order: s.ev, DB: s.db,
	})
	if err != nil || !res.Exact || len(res.PV) == 0 {
		s.solveFailed(time.Since(began))
		return Result{}, false
	}
	score := Proven(100 * res.Value)
	v, proven := Decode(score)
	r := Result{
		Best: position.PlayMove(res.PV[0]), HasMove: true, Score: v, Proven: proven,
		Depth: len(res.PV), Nodes: res.Nodes, PV: gameMoves(res.PV),
	}
	if len(r.PV) > 1 {
		r.Ponder = r.PV[1]
	}
	if s.info != nil {
		el := time.Since(s.start)
		s.info(Info{
			Depth: r.Depth, SelDepth: r.Depth, MultiPV: 1, Lines: 1, Score: v, Proven: proven,
			Nodes: res.Nodes, NPS: nps(res.Nodes, el), Hashfull: s.tt.Hashfull(), Time: el, PV: r.PV,
		})
	}
	return r, true
}

// solveFailed gives a clock search the time an unfinished root solve
// spent: the search after it gets its own soft limit, still within the
// hard limit. The clock's budget counts the endgame's moves as solved at
// once (timeman.go, movesToGo), so a solve that does not finish takes
// its time from that slack, not from the search. A move time has nothing
// to give: the search gets what the solve left.
func (s *shared) solveFailed(spent time.Duration) {
	if s.clock.on {
		s.soft += spent
	}
}
