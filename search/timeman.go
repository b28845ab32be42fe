// The time manager: how long a search may run under a move time or a clock.

package search

import (
	"time"

	"github.com/kiothi/kiothi/position"
)

// Time management constants (all of them: the measurements behind them
// are in docs/strength.md).
const (
	// overheadShare caps the move overhead at this fraction of the time
	// at hand, so a short move time still leaves most of itself to search
	// (an overhead of 30 ms must not turn a 20 ms move time into 1 ms).
	overheadShare = 2 // at most 1/overheadShare of the time
	// openingFactor multiplies a clock budget at turns 1 and 2: a
	// redistribution places a sixth of the warriors anywhere and is the
	// largest decision of the game. The opening search's levels are long
	// (one started late runs to the hard limit), so its time is one
	// limit, soft and hard alike, of at most 1/openingShare of the time
	// at hand.
	openingFactor = 4
	openingShare  = 5

	// On a clock the time at hand is shared over the moves the side is
	// still expected to make: mtgBase plus mtgNum/mtgDen of the warriors
	// on the board (the games' length follows the warriors left:
	// about 45 plies remain at 60 warriors, 27 at 30, 9 at 10), so a full
	// board shares it over 23 moves and a board of 10 over 8; the few
	// moves past the estimate are endgames the solver proves at once.
	mtgBase        = 5
	mtgNum, mtgDen = 3, 10 // mtgWarriors = mtgDen/mtgNum
	// incNum/incDen of the increment is added to the budget (the rest
	// covers what the transport costs a move).
	incNum, incDen = 3, 4
	// maxShare: no budget and no hard limit is more than 1/maxShare of
	// the time at hand.
	maxShare = 3
	// softNum/softDen of the budget is the soft limit (no new iteration
	// starts after it; the one under way may take as long again), and
	// hardFactor times the budget the hard limit (stop at once).
	softNum, softDen = 1, 1
	hardFactor       = 3

	// After each completed iteration of a clock search, the soft limit is
	// scaled (per mille, never past the hard limit): up by changeScale
	// when the best move changed at that depth; down to stableScale once
	// it has held for more than stableIters iterations; and up by dropScale per
	// centi-warrior the score fell since the last iteration, up to
	// dropCap centi-warriors.
	changeScale = 1600
	stableIters = 3
	stableScale = 600
	dropScale   = 5 // per mille per centi-warrior
	dropCap     = 100
	// A clock search stops when the root's score was the same proven
	// value at provenIters iterations in a row (a deeper search finds
	// the same game end).
	provenIters = 2
)

// movesToGo returns how many moves the side to move is expected still to
// make from p: mtgBase plus mtgNum/mtgDen of the warriors on the board.
func movesToGo(p *position.Position) int {
	return mtgBase + p.BoardTotal()*mtgNum/mtgDen
}

// setTime sets soft (start no new iteration after it) and hard (stop at
// once) from a move time, or from the side to move's clock: the time at
// hand (the clock less the overhead) shared over movesToGo moves plus most
// of the increment, never more than 1/maxShare of the time at hand; at
// the opening, openingFactor times that budget, at most 1/openingShare
// of the time at hand. The overhead subtracted is at most half the time
// at hand, so the reply still comes within the move time.
func (s *shared) setTime(l Limits, root *position.Position) {
	over := max(l.MoveOverhead, 0)
	if l.MoveTime > 0 {
		s.timed = true
		over = min(over, l.MoveTime/overheadShare)
		s.hard = max(l.MoveTime-over, time.Millisecond)
		s.soft = s.hard
		return
	}
	t, inc := l.P1Time, l.P1Inc
	if root.Side() == position.North {
		t, inc = l.P2Time, l.P2Inc
	}
	if t <= 0 {
		return
	}
	s.timed, s.clock = true, clockState{on: true}
	over = min(over, t/overheadShare)
	avail := max(t-over, time.Millisecond)
	budget := min(avail/time.Duration(movesToGo(root))+inc*incNum/incDen, avail/maxShare)
	if root.Phase() != position.Play {
		s.hard = max(min(budget*openingFactor, avail/openingShare), time.Millisecond)
		s.soft = s.hard
		return
	}
	s.soft = budget * softNum / softDen
	s.hard = max(min(budget*hardFactor, avail/maxShare), time.Millisecond)
}

// clockState follows a clock search's iterations: how long the best move
// has held, the last score, and the soft limit's scale they give.
type clockState struct {
	on     bool // a clock search (not a move time, depth or node search)
	best   position.Move
	score  int
	stable int // iterations in a row with this best move
	proven int // iterations in a row with this proven score (0: not proven)
	scale  int // per mille of soft
	iters  int // iterations completed
}

// iterated records a completed iteration's best move and score.
func (c *clockState) iterated(best position.Move, score int) {
	if !c.on {
		return
	}
	first := c.iters == 0
	c.iters++
	c.scale = 1000
	switch {
	case first:
		c.stable = 1
	case best == c.best:
		c.stable++
	default:
		c.stable = 1
		c.scale = c.scale * changeScale / 1000
	}
	if c.stable > stableIters {
		c.scale = c.scale * stableScale / 1000
	}
	if drop := min(c.score-score, dropCap); !first && drop > 0 && !IsProven(c.score) && !IsProven(score) {
		c.scale += c.scale * drop * dropScale / 1000
	}
	switch {
	case !IsProven(score):
		c.proven = 0
	case !first && score == c.score:
		c.proven++
	default:
		c.proven = 1
	}
	c.best, c.score = best, score
}

// softLimit returns the soft limit after the iterations so far: soft
// scaled by the clock state, never past hard (a move time's or an
// unscaled search's soft as set).
func (s *shared) softLimit() time.Duration {
	if !s.clock.on || s.clock.iters == 0 {
		return s.soft
	}
	return min(s.soft*time.Duration(s.clock.scale)/1000, s.hard)
}

// provenStop reports whether a clock search's root value is settled: the
// same proven score at provenIters iterations in a row.
func (s *shared) provenStop() bool {
	return s.clock.on && s.clock.proven >= provenIters
}

func (s *shared) elapsed() time.Duration { return time.Since(s.start) }
