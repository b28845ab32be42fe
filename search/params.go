// The search's tuning knobs, gathered in one value that each engine holds.

package search

import "github.com/kiothi/kiothi/movegen"

// params are the pruning, reduction and threading settings of a search,
// chosen by kiothi bench and paired self-play at equal nodes
// (selfplay_test.go; the measurements are in docs/journal.md). Every
// engine takes defaultParams; the measurement harnesses build engines with
// others (Engine.params), so no setting is package state.
type params struct {
	rfpDepth     int     // reverse futility pruning up to this depth (0: off)
	rfpMargin    int     // its margin per ply of depth, centi-warriors
	nullMinDepth int     // least depth for null-move pruning (0: off)
	lmrFirst     int     // moves searched in full before late move reductions
	lmrDiv       float64 // scales the reductions (bigger: smaller reductions)
	deltaMargin  int     // quiescence's delta pruning margin (0: off)
	qsRelays     bool    // quiescence sows relaying moves for their captures
	smpSkip      bool    // Lazy SMP helpers skip depths (as in Stockfish)
	smpVote      bool    // the threads vote for the move played (shared.vote)
	smpMarks     bool    // busy marks: late moves reduced more where another thread searches (marks.go)
	lmr          *lmrTable
}

// lmrTable[d][i] is the late move reduction at depth d for the i-th move.
type lmrTable [MaxDepth + 1][movegen.MaxMoves]int8

// defaultParams are the engine's settings.
var defaultParams = params{
	rfpDepth:     3,
	rfpMargin:    150,
	nullMinDepth: 3,
	lmrFirst:     3,
	lmrDiv:       2.25,
	deltaMargin:  200,
	qsRelays:     false, // not weaker at equal nodes, and cheaper per node
	smpSkip:      true,
}.withLMR()

// withLMR returns p with its reduction table built from p.lmrDiv.
func (p params) withLMR() params {
	t := new(lmrTable)
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < movegen.MaxMoves; i++ {
			t[d][i] = int8(0.5 + lnApprox(d)*lnApprox(i)/p.lmrDiv)
		}
	}
	p.lmr = t
	return p
}

// lnApprox is log for small positive ints (avoids importing math for one
// table).
func lnApprox(n int) float64 {
	x := float64(n)
	r := 0.0
	for x > 2 {
		x /= 2.718281828459045
		r++
	}
	// log(x) for x in (0, 2] by the series of log((1+y)/(1-y)).
	y := (x - 1) / (x + 1)
	y2 := y * y
	return r + 2*y*(1+y2/3+y2*y2/5+y2*y2*y2/7)
}
