// One search thread: its state, the node search (PVS) and quiescence.

package search

import (
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/tt"
)

// Depth and ply bounds.
const (
	MaxDepth = limits.MaxDepth
	maxPly   = 128
)

// frame is one ply of a worker's preallocated stack.
type frame struct {
	movegen.Staged
	keys    [movegen.MaxMoves]int32 // ordering keys of Moves (order, pick)
	ttKid   position.Position
	ttGain  int
	killers [2]position.Move
	pv      [maxPly]position.Move
	pvLen   int
	busy    bool // another thread is searching this position (marks.go)
}

// worker is one thread's state; workers live as long as their engine.
type worker struct {
	s              *shared
	id             int
	stack          [maxPly + 1]frame
	keys           [maxPly + 1]uint64 // KeyWithPrisons along the path
	lastCap        [maxPly + 1]int    // ply of the latest position after a capture
	history        [2][2048]int32
	nodes          uint64
	sown           int // relaying sowings since the last poll
	nulled         [maxPly + 1]bool
	publishedNodes atomic.Uint64 // nodes, published for other threads
	abort          bool
	sel            int
	root           []rootMove
	done           int         // last completed depth
	doneScore      int         // root[0].score when it completed
	lines          []rootMove  // its first lines (MultiPV), best first
	stats          threadStats // the thread's search statistics (smpstats_on.go)

	began, ended time.Duration // since the search's start (LastTiming)
}

// Polling intervals: every flushEvery nodes, or sooner after sowEvery
// relaying sowings (one can run thousands of laps, so nodes alone would
// let a search overrun its time where sowings are long).
const (
	flushEvery = 1024
	sowEvery   = 256
)

// tick counts a node and, every so often, publishes the count and polls
// the stop conditions.
func (w *worker) tick() {
	w.nodes++
	if w.nodes%flushEvery == 0 || w.sown >= sowEvery {
		w.sown = 0
		w.publishedNodes.Store(w.nodes)
		if w.s.poll(w) {
			w.abort = true
		}
	}
}

func (w *worker) reset() {
	w.nodes, w.abort, w.sel, w.done, w.doneScore, w.sown = 0, false, 0, 0, -Infinite, 0
	w.lines = w.lines[:0]
	w.publishedNodes.Store(0)
	for i := range w.stack {
		w.stack[i].killers = [2]position.Move{}
	}
	clear(w.history[0][:])
	clear(w.history[1][:])
}

// repeated reports whether the position at ply occurs for the third time,
// counting the search path since the last capture and, when no capture
// was made since the root, the game history (RULES.md §6).
func (w *worker) repeated(ply int) bool {
	k := w.keys[ply]
	start := w.lastCap[ply]
	n := 0
	for i := ply - 2; i >= start; i -= 2 {
		if w.keys[i] == k {
			n++
		}
	}
	if start == 0 {
		n += w.s.hist.Count(k)
	}
	return movegen.Repeats(n)
}

// enter records the key of the position at ply for repetition checks.
func (w *worker) enter(p *position.Position, ply int, captured bool) {
	w.keys[ply] = p.KeyWithPrisons()
	if captured {
		w.lastCap[ply] = ply
	} else {
		w.lastCap[ply] = w.lastCap[ply-1]
	}
}

// begin counts a node at ply and clears its line; end reports that the
// node ends at once with value v: the search was stopped (0), or p occurs
// for the third time (the repetition rule's outcome).
func (w *worker) begin(p *position.Position, ply int) (v int, end bool) {
	w.stack[ply].pvLen = 0
	w.tick()
	if w.abort {
		return 0, true
	}
	if ply > w.sel {
		w.sel = ply
	}
	if w.repeated(ply) {
		return w.s.gameValue(p, movegen.RepetitionOutcome(p)), true
	}
	// A position the endgame database holds is scored by its exact value,
	// on the evaluation's scale rather than in the proven band: it is a
	// perfect evaluation, and a proven score would rank a sure small win
	// above every estimate of a big one (the margin objective weighs the
	// size). The root is searched: it needs a move.
	if ply > 0 && w.s.db != nil {
		if m, ok := w.s.db.Outcome(p, w.s.rules); ok {
			return 100 * m, true
		}
	}
	return 0, false
}

// node is the PVS negamax (fail-soft) at depth > 0 (search, with busy
// marks, calls it).
func (w *worker) node(p *position.Position, alpha, beta, depth, ply int, pvNode bool) int {
	if depth <= 0 {
		return w.qsearch(p, alpha, beta, ply)
	}
	f := &w.stack[ply]
	if v, end := w.begin(p, ply); end {
		return v
	}
	if ply >= maxPly-1 {
		return w.s.ev.Evaluate(p)
	}
	key := w.keys[ply]
	ttMove := position.NoMove
	e, hit := w.s.tt.Probe(key)
	w.stats.probe(w, p, key, depth, hit, e)
	if hit {
		ttMove = e.Move
		if !pvNode && int(e.Depth) >= depth {
			s := int(e.Score)
			switch {
			case e.Bound == tt.Exact,
				e.Bound == tt.Lower && s >= beta,
				e.Bound == tt.Upper && s <= alpha:
				return s
			}
		}
	}
	// The static evaluation is only needed for pruning near the leaves;
	// the table keeps it when it was computed. Reverse futility (far above
	// beta near the leaves, stand) needs a move to exist, and a quiet one
	// shows that without generating.
	static := noEval
	if hit {
		static = int(e.Eval)
	}
	if !pvNode && depth <= w.s.params.rfpDepth && !IsProven(beta) && quietMoveExists(p) {
		if static == noEval {
			static = w.s.ev.Evaluate(p)
		}
		if static-w.s.params.rfpMargin*depth >= beta {
			return static
		}
	}
	// Null move: if passing still holds beta with a reduced search, so
	// would a real move (not twice in a row, not near proven values, and
	// not on a small board, where having to move is often the worse:
	// nullMinBoard).
	if nmd := w.s.params.nullMinDepth; nmd > 0 && !w.s.noNull && !pvNode && depth >= nmd && !w.nulled[ply] && !IsProven(beta) && p.BoardTotal() >= w.s.params.nullMinBoard && quietMoveExists(p) {
		if static == noEval {
			static = w.s.ev.Evaluate(p)
		}
		if static >= beta {
			q := &f.ttKid
			*q = *p
			q.SetSide(p.Side().Other())
			w.enter(q, ply+1, false)
			w.nulled[ply+1] = true
			s := -w.search(q, -beta, -beta+1, depth-1-(2+depth/4), ply+1, false)
			w.nulled[ply+1] = false
			if w.abort {
				return 0
			}
			if s >= beta {
				return min(s, MaxHeuristic)
			}
		}
	}
	side := p.Side()
	best, bestMove := -Infinite, position.NoMove
	origAlpha := alpha
	searched := 0
	// The table's move is tried before generating: at a cut node it often
	// refutes at once and the other moves are never sown.
	if ttMove != position.NoMove && w.makeTT(f, p, ttMove) {
		child := &f.ttKid
		capture := f.ttGain > 0
		w.enter(child, ply+1, capture)
		s := -w.search(child, -beta, -alpha, depth-1, ply+1, pvNode)
		if w.abort {
			return 0
		}
		searched = 1
		best = s
		if s > alpha {
			bestMove, alpha = ttMove, s
			if pvNode {
				w.setPV(f, ply, ttMove)
			}
			if s >= beta {
				if !capture {
					w.goodQuiet(f, side, ttMove, depth)
				}
				w.stats.store(w, key, depth)
				w.s.tt.Store(key, ttMove, int16(best), int16(static), int8(depth), tt.Lower)
				return best
			}
		}
	}
	n := w.generate(f, p)
	if n == 0 {
		return w.s.gameValue(p, movegen.NoMoveOutcome(p))
	}
	w.order(f, ply, ttMove, side)
	for i := 0; i < n; i++ {
		f.pick(i)
		m := f.Moves[i]
		if searched > 0 && m == ttMove {
			continue
		}
		child, ok := w.child(f, i, p)
		if !ok {
			continue
		}
		capture := f.Gain[i] > 0
		w.enter(child, ply+1, capture)
		newDepth := depth - 1
		var s int
		if searched == 0 {
			s = -w.search(child, -beta, -alpha, newDepth, ply+1, pvNode)
		} else {
			r := 0
			if depth >= 3 && searched >= w.s.params.lmrFirst && !capture && f.keys[i] < orderKiller { // not the TT move or a killer
				r = int(w.s.params.lmr[depth][searched])
				if pvNode {
					r--
				}
				if f.busy {
					r++
				}
				r = max(0, min(r, newDepth-1))
			}
			s = -w.search(child, -alpha-1, -alpha, newDepth-r, ply+1, false)
			if s > alpha && r > 0 {
				s = -w.search(child, -alpha-1, -alpha, newDepth, ply+1, false)
			}
			if s > alpha && s < beta && pvNode {
				s = -w.search(child, -beta, -alpha, newDepth, ply+1, true)
			}
		}
		searched++
		if w.abort {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				bestMove = m
				alpha = s
				if pvNode {
					w.setPV(f, ply, m)
				}
				if s >= beta {
					if !capture {
						w.goodQuiet(f, side, m, depth)
						for j := 0; j < i; j++ {
							if f.Gain[j] == 0 && f.Moves[j] != ttMove {
								w.badQuiet(side, f.Moves[j], depth)
							}
						}
					}
					break
				}
			}
		}
	}
	if searched == 0 {
		// Every candidate was a relaying move past the lap limit.
		return w.s.gameValue(p, movegen.NoMoveOutcome(p))
	}
	bound := tt.Upper
	switch {
	case best >= beta:
		bound = tt.Lower
	case best > origAlpha:
		bound = tt.Exact
	}
	w.stats.store(w, key, depth)
	w.s.tt.Store(key, bestMove, int16(best), int16(static), int8(depth), bound)
	return best
}

const histMax = 1 << 20

// noEval marks a static evaluation not computed (outside eval's range).
const noEval = -32768

func (w *worker) goodQuiet(f *frame, side position.Side, m position.Move, depth int) {
	if f.killers[0] != m {
		f.killers[1], f.killers[0] = f.killers[0], m
	}
	h := &w.history[side][m]
	bonus := int32(depth * depth)
	*h += bonus - *h*bonus/histMax
}

func (w *worker) badQuiet(side position.Side, m position.Move, depth int) {
	h := &w.history[side][m]
	bonus := int32(depth * depth)
	*h -= bonus + *h*bonus/histMax
}

// qsearch resolves captures: the side to move may stand on the static
// evaluation or try each capture, biggest first.
func (w *worker) qsearch(p *position.Position, alpha, beta, ply int) int {
	f := &w.stack[ply]
	if v, end := w.begin(p, ply); end {
		return v
	}
	if ply >= maxPly-1 {
		return w.s.ev.Evaluate(p)
	}
	// A quiet move proves the side can move, so the stand-pat cut-off
	// needs no move generation.
	occ := p.Occupied() // computed once for the three uses
	quiet := movegen.QuietMoveExists(p, occ)
	best := w.s.ev.EvaluateOccupied(p, occ)
	if quiet && best >= beta {
		return best
	}
	n, any := w.generateCaptures(f, p, occ)
	if !any {
		return w.s.gameValue(p, movegen.NoMoveOutcome(p))
	}
	if best >= beta {
		return best
	}
	alpha = max(alpha, best)
	for i := 0; i < n; i++ {
		f.keys[i] = int32(f.Gain[i])
	}
	for i := 0; i < n; i++ {
		f.pick(i)
		// Delta pruning: a capture that cannot lift the score to alpha
		// even with a margin to spare is not tried (captures come biggest
		// first, so neither are the rest).
		if dm := w.s.params.deltaMargin; dm > 0 && !IsProven(alpha) && best+100*int(f.Gain[i])+dm <= alpha {
			break
		}
		child, _ := w.child(f, i, p) // captures are sown or predicted: legal
		w.enter(child, ply+1, true)
		s := -w.qsearch(child, -beta, -alpha, ply+1)
		if w.abort {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				c := &w.stack[ply+1]
				f.pv[0] = f.Moves[i]
				copy(f.pv[1:], c.pv[:c.pvLen])
				f.pvLen = c.pvLen + 1
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

// setPV makes m followed by the child's line the line of ply.
func (w *worker) setPV(f *frame, ply int, m position.Move) {
	c := &w.stack[ply+1]
	f.pv[0] = m
	copy(f.pv[1:], c.pv[:c.pvLen])
	f.pvLen = c.pvLen + 1
}

// makeTT plays the table's move m into f.ttKid if it is legal in p (a
// table move may come from another position with the same bucket and key
// bits, so it is checked like any input).
func (w *worker) makeTT(f *frame, p *position.Position, m position.Move) bool {
	pit, k := m.Pit(), m.Count()
	side := p.Side()
	if pit >= position.NumPits || position.Owner(pit) != side || k < 1 || k > p.Count(pit) {
		return false
	}
	q := &f.ttKid
	*q = *p
	w.sown++
	if movegen.Sow(q, pit, k, w.s.rules) != movegen.Legal {
		return false
	}
	q.EndTurn()
	f.ttGain = q.Prison(side) - p.Prison(side)
	return true
}
