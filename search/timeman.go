// The time manager: how long a search may run under a move time or a clock.

package search

import (
	"time"

	"github.com/kiothi/kiothi/position"
)

// Time management constants.
const (
	// overheadShare caps the move overhead at this fraction of the time
	// at hand, so a short move time still leaves most of itself to search
	// (an overhead of 30 ms must not turn a 20 ms move time into 1 ms).
	overheadShare = 2 // at most 1/overheadShare of the time
	// openingFactor multiplies a clock budget at turns 1 and 2: a
	// redistribution places a sixth of the warriors anywhere and is the
	// largest decision of the game.
	openingFactor = 4
)

// setTime sets soft (start no new iteration after it) and hard (stop at
// once) from a move time, or from the side to move's clock: a thirtieth of
// what is left plus most of the increment, never more than a third of it
// (at the opening, openingFactor times that budget, still at most a third).
// The overhead subtracted is at most half the time at hand, so the reply
// still comes within the move time.
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
	s.timed = true
	over = min(over, t/overheadShare)
	avail := max(t-over, time.Millisecond)
	budget := min(avail/30+inc*3/4, avail/3)
	if root.Phase() != position.Play {
		budget = min(budget*openingFactor, avail/3)
	}
	s.soft = budget / 2
	s.hard = max(min(budget*3, avail/3), time.Millisecond)
}

func (s *shared) elapsed() time.Duration { return time.Since(s.start) }
