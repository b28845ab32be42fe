// Background work on the searcher (building it, clearing its table),
// started when the command that asks for it arrives.

package ugi

import (
	"fmt"

	"github.com/kiothi/kiothi/search"
)

// job is one piece of background work on the searcher: building one for
// new options, clearing its table for a new game. Jobs run one after
// another, each from the searcher its predecessor left, so that isready
// and go find the work done, or as far along as it got, without the
// command that asked for it having waited.
type job struct {
	done     chan struct{}
	searcher search.GameSearcher // after the job; nil if none could be built yet
	built    search.Options      // what searcher was built with
	owed     bool                // a new game's clearing passed on to the next job
	err      error               // the last build failed (searcher is the previous one)
}

// finished reports whether j has ended, without waiting.
func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// prepare starts a job: build a searcher for the current options unless
// the last one has them, and, with newGame, clear its table. A job that
// a later one supersedes before it starts passes its work on instead.
func (s *Session) prepare(newGame bool) {
	prev, want, build := s.job, s.st.Search, s.cfg.NewSearcher
	j := &job{done: make(chan struct{})}
	s.job = j
	gen := s.jobs.Add(1)
	go func() {
		defer close(j.done)
		owed := newGame
		if prev != nil {
			<-prev.done
			j.searcher, j.built, owed = prev.searcher, prev.built, owed || prev.owed
		}
		if s.jobs.Load() != gen {
			j.owed = owed // the next job does it all
			return
		}
		if j.searcher == nil || j.built != want {
			e, err := build(want)
			if err == nil {
				// A new table is already empty, but its memory is only
				// promised: clearing it makes the system supply every page
				// now, here, rather than one page fault at a time in the
				// first search, which would then overrun its time.
				e.NewGame()
				j.searcher, j.built = e, want
				return
			}
			j.err = fmt.Errorf("engine: %v", err)
		}
		if owed && j.searcher != nil {
			j.searcher.NewGame()
		}
	}()
}

// retryFailed starts the work again when the last job failed to build
// a searcher (the failure may have been passing, such as memory).
func (s *Session) retryFailed() {
	if s.job.finished() && s.job.err != nil {
		s.prepare(false)
	}
}
