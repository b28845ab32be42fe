// The root of one search thread: its moves, iterative deepening with
// aspiration windows and Lazy SMP's depth skipping, and the root's search
// of its MultiPV lines.

package search

import (
	"slices"

	"github.com/kiothi/kiothi/position"
)

// rootMove is a root move with its score and line from the last search.
type rootMove struct {
	move     position.Move
	pos      position.Position
	score    int
	exact    bool // score is the move's value at its depth, not a bound
	prev     int
	pv       [maxPly]position.Move
	pvLen    int
	selDepth int
}

// rootSearch searches root moves pvIdx.. in [alpha, beta] and returns the
// best score. Each searched move's score and line are kept in w.root.
func (w *worker) rootSearch(alpha, beta, depth, pvIdx int) int {
	best := -Infinite
	for i := pvIdx; i < len(w.root); i++ {
		r := &w.root[i]
		child := &r.pos
		capture := r.pos.Prison(position.South)+r.pos.Prison(position.North) != w.s.rootPrisons
		w.enter(child, 1, capture)
		w.sel = 0
		var s int
		if i == pvIdx {
			s = -w.search(child, -beta, -alpha, depth-1, 1, true)
		} else {
			s = -w.search(child, -alpha-1, -alpha, depth-1, 1, false)
			if s > alpha && s < beta && !w.abort {
				// The move beats the best so far; if the full window's
				// search is stopped, that much is still known: the move
				// goes first with its bound.
				low := s
				s = -w.search(child, -beta, -alpha, depth-1, 1, true)
				if w.abort {
					r.score, r.exact, r.pvLen = low, false, 1
					r.pv[0] = r.move
					m := w.root[i]
					copy(w.root[pvIdx+1:i+1], w.root[pvIdx:i])
					w.root[pvIdx] = m
				}
			}
		}
		if w.abort {
			return best
		}
		w.stats.rootMoveDone(i - pvIdx + 1)
		if i == pvIdx || s > alpha {
			r.score = s
			r.exact = s > alpha && s < beta
			r.selDepth = w.sel
			c := &w.stack[1]
			r.pv[0] = r.move
			copy(r.pv[1:], c.pv[:c.pvLen])
			r.pvLen = c.pvLen + 1
		} else {
			r.score, r.exact = -Infinite, false
		}
		if s > best {
			best = s
		}
		if s > alpha {
			alpha = s
			// Move the new best to the front of the searched part, so the
			// line order is the score order even if the iteration stops.
			if i > pvIdx {
				m := w.root[i]
				copy(w.root[pvIdx+1:i+1], w.root[pvIdx:i])
				w.root[pvIdx] = m
			}
			if s >= beta {
				return best
			}
		}
	}
	return best
}

// iterate runs iterative deepening with aspiration windows until the
// depth limit or a stop.
func (w *worker) iterate() {
	s := w.s
	multi := min(s.multiPV, len(w.root))
	for depth := 1; depth <= s.maxDepth; depth++ {
		// Lazy SMP: helpers skip some depths, so threads spread over
		// several depths and fill the table for each other.
		if w.s.params.smpSkip && w.id > 0 && depth > 1 {
			i := (w.id - 1) % len(skipSize)
			if ((depth+skipPhase[i])/skipSize[i])%2 != 0 {
				continue
			}
		}
		w.stats.iterStart(w.nodes)
		for i := range w.root {
			w.root[i].prev = w.root[i].score
		}
		for pvIdx := 0; pvIdx < multi; pvIdx++ {
			prev := w.root[pvIdx].prev
			alpha, beta := -Infinite, Infinite
			delta := aspiration
			if depth >= 4 && !IsProven(prev) && prev > -Infinite {
				alpha, beta = max(prev-delta, -Infinite), min(prev+delta, Infinite)
			}
			for {
				score := w.rootSearch(alpha, beta, depth, pvIdx)
				if w.abort {
					break
				}
				switch {
				case score <= alpha:
					beta = (alpha + beta) / 2
					alpha = max(score-delta, -Infinite)
				case score >= beta:
					beta = min(score+delta, Infinite)
				default:
					goto next
				}
				if IsProven(score) {
					alpha, beta = -Infinite, Infinite
				}
				delta += delta
			}
		next:
			slices.SortStableFunc(w.root[pvIdx:], byScore)
			if w.abort {
				break
			}
			// The lines searched so far, re-sorted: a later line's search
			// may find more than an earlier one's did.
			slices.SortStableFunc(w.root[:pvIdx+1], byScore)
		}
		if w.abort {
			// The stopped iteration's lines are incomplete (bounds, cut
			// lines, moves not searched): the completed one's are shown
			// (shared.played). Its first move, though, may be a better
			// one than the completed depth's (a move that beat the best
			// before the stop), and is played; its score is the
			// position's value only where it is the completed
			// iteration's.
			if w.root[0].score != w.doneScore {
				w.root[0].exact = false
			}
			w.stats.aborted(w, depth)
			return
		}
		w.done, w.doneScore = depth, w.root[0].score
		w.lines = append(w.lines[:0], w.root[:multi]...)
		w.stats.completed(w, depth)
		if w.id == 0 {
			s.report(w.lines, depth)
			s.clock.iterated(w.root[0].move, w.root[0].score)
			if s.stopAfterIteration(w) {
				return
			}
		}
	}
}

// byScore orders root moves best first.
func byScore(a, b rootMove) int { return b.score - a.score }

const aspiration = 30

// Lazy SMP depth skipping for helper threads (as in Stockfish; on with
// params.smpSkip): helper i skips depths in runs of skipSize[i], offset by
// skipPhase[i].
var (
	skipSize  = [...]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [...]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)
