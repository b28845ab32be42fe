// The Lazy SMP threads of one search: their node count, their polls and stops, and how their results are merged (the deepest, or a vote).

package search

import (
	"runtime"
	"time"

	"github.com/kiothi/kiothi/position"
)

// totalNodes sums the nodes the threads have published.
func (s *shared) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.publishedNodes.Load()
	}
	return n
}

// poll reports whether w must stop. Only the main thread applies the
// limits, and not before it has completed depth 1, so there is always a
// searched move to play.
func (s *shared) poll(w *worker) bool {
	if s.yield {
		runtime.Gosched()
	}
	if s.stop.Load() {
		return true
	}
	if s.ctx.Err() != nil {
		s.halt()
		return true
	}
	if w.id != 0 || w.done == 0 || s.infinite {
		return false
	}
	if s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit ||
		s.timed && time.Since(s.start) >= s.hard {
		s.halt()
		return true
	}
	return false
}

// stopAfterIteration decides, after a completed depth, whether to start
// another.
func (s *shared) stopAfterIteration(w *worker) bool {
	if s.infinite {
		return false
	}
	if s.nodeLimit > 0 && s.totalNodes() >= s.nodeLimit {
		return true
	}
	if s.timed {
		if len(w.root) == 1 || s.provenStop() || time.Since(s.start) >= s.softLimit() {
			return true
		}
	}
	return false
}

// pick merges the threads. By default the deepest completed iteration
// wins, the main thread on ties: a deeper result counts whatever its
// score, since a score that fell with depth is exactly what the shallower
// one missed. With params.smpVote the threads vote instead (see vote).
func (s *shared) pick() *worker {
	if s.params.smpVote {
		return s.vote()
	}
	best := s.workers[0]
	for _, w := range s.workers[1:] {
		if w.done > best.done {
			best = w
		}
	}
	return best
}

// voteBase is added to each thread's score above the lowest before it is
// weighed by depth, so that a thread at the lowest score still votes.
const voteBase = 20

// vote picks the thread whose move has the most votes, as Stockfish
// does: each thread gives its move (score - lowest score + voteBase) times
// its completed depth. A proven win is taken at once (the highest one),
// and the main thread wins ties.
func (s *shared) vote() *worker {
	low := Infinite
	for _, w := range s.workers {
		if w.done > 0 {
			low = min(low, w.lines[0].score)
		}
	}
	votes := func(m position.Move) int {
		n := 0
		for _, w := range s.workers {
			if w.done > 0 && w.lines[0].move == m {
				n += (w.lines[0].score - low + voteBase) * w.done
			}
		}
		return n
	}
	best, bestVotes := s.workers[0], votes(s.workers[0].lines[0].move)
	for _, w := range s.workers[1:] {
		if w.done == 0 {
			continue
		}
		sc, bsc := w.lines[0].score, best.lines[0].score
		if IsProven(bsc) && bsc > 0 {
			if IsProven(sc) && sc > bsc {
				best = w
			}
			continue
		}
		if IsProven(sc) && sc > 0 {
			best, bestVotes = w, votes(w.lines[0].move)
			continue
		}
		if v := votes(w.lines[0].move); v > bestVotes || v == bestVotes && w.done > best.done {
			best, bestVotes = w, v
		}
	}
	return best
}
