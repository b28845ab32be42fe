// The timing of a search's threads: each thread's nodes, when it began and
// ended, and when the stop was given (kiothi bench --threads measures
// per-thread speed and the fixed cost of a search with it).

package search

import "time"

// Timing is what the threads of the last search did and when, each time
// counted from the start of Search.
type Timing struct {
	Setup   time.Duration   // the threads were set up: root moves generated, an exact solve tried
	Nodes   []uint64        // nodes per thread, main thread first
	Begun   []time.Duration // when each thread began its first iteration
	Ended   []time.Duration // when each thread left its search
	Stopped time.Duration   // when the stop was given: a limit, ctx, or the main thread's last iteration
	Done    time.Duration   // when Search had its result
}

// timing is the engine's record of its last search.
type timing struct {
	ran                  bool // the threads searched (not the opening, not solved at the root)
	setup, stopped, done time.Duration
}

// LastTiming returns the timing of the last search, and false when its
// threads did not search (an opening search, a root solved exactly or
// without moves).
func (e *Engine) LastTiming() (Timing, bool) {
	if !e.timing.ran {
		return Timing{}, false
	}
	t := Timing{Setup: e.timing.setup, Stopped: e.timing.stopped, Done: e.timing.done}
	for _, w := range e.workers {
		t.Nodes = append(t.Nodes, w.nodes)
		t.Begun = append(t.Begun, w.began)
		t.Ended = append(t.Ended, w.ended)
	}
	return t, true
}

// halt gives the stop once, noting when. The time is read before the
// flag is set, so that a thread that sees the flag ends after it.
func (s *shared) halt() {
	now := time.Since(s.start)
	if s.stop.CompareAndSwap(false, true) {
		s.stopped = now
	}
}
