// The time manager: how long a search may run under a move time or a clock.
package search

import (
	"time"

	"github.com/kiothi/kiothi/position"
)

// setTime sets soft (start no new iteration after it) and hard (stop at
// once) from a move time, or from the side to move's clock: a thirtieth of
// what is left plus most of the increment, never more than a third of it.
func (s *shared) setTime(l Limits, side position.Side) {
	over := max(l.MoveOverhead, 0)
	if l.MoveTime > 0 {
		s.timed = true
		s.hard = max(l.MoveTime-over, time.Millisecond)
		s.soft = s.hard
		return
	}
	t, inc := l.P1Time, l.P1Inc
	if side == position.North {
		t, inc = l.P2Time, l.P2Inc
	}
	if t <= 0 {
		return
	}
	s.timed = true
	avail := max(t-over, time.Millisecond)
	budget := min(avail/30+inc*3/4, avail/3)
	s.soft = budget / 2
	s.hard = max(min(budget*3, avail/3), time.Millisecond)
}

func (s *shared) elapsed() time.Duration { return time.Since(s.start) }
