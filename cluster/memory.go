// What a job takes in memory, checked before a worker runs it.

package cluster

import (
	"fmt"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
)

// searchOptions are the engine options of a search job on a worker whose
// own table size (--hash) is hashMB.
func (s *SearchJob) searchOptions(hashMB int) search.Options {
	o := search.Options{Threads: 1, HashMB: hashMB, MultiPV: max(s.MultiPV, 1),
		Rules: movegen.Rules{FreeFirstLap: s.FreeFirstLap}, Multiplier: s.Multiplier}
	if s.HashMB > 0 {
		o.HashMB = s.HashMB
	}
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	if o.Multiplier == 0 {
		o.Multiplier = movegen.DefaultMultiplier
	}
	if s.Objective == "match" {
		o.Objective = movegen.Match
	}
	return o
}

// engineMB is the memory of an engine built with o (zero fields take
// search.NewEngine's defaults).
func engineMB(o search.Options) int64 {
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	return limits.EngineMB(max(o.Threads, 1), o.HashMB)
}

// jobMB returns what job takes in memory on this worker: its engine's
// table and threads, or both players' for a game; what names it for
// messages.
func (w *worker) jobMB(job *Job) (mb int64, what string, err error) {
	switch {
	case job.Search != nil:
		o := job.Search.searchOptions(w.cfg.HashMB)
		return engineMB(o), fmt.Sprintf("hash %d", o.HashMB), nil
	case job.Datagen != nil:
		cfg, err := job.Datagen.config()
		if err != nil {
			return 0, "", err
		}
		o := cfg.EngineOptions()
		return engineMB(o), fmt.Sprintf("hash %d", max(o.HashMB, 0)), nil
	case job.Game != nil:
		p1, err := w.specs.get(job.Game.Player1)
		if err != nil {
			return 0, "", err
		}
		p2, err := w.specs.get(job.Game.Player2)
		if err != nil {
			return 0, "", err
		}
		return p1.MemoryMB + p2.MemoryMB, "its two players", nil
	}
	return 0, "", nil // perft: no table
}

// checkMemory refuses a job that, run in each of the process's job slots
// at once, would take more than this process may use: the check sums
// every job that may run beside it, whatever those are, since each of
// them passed the same bound.
func (w *worker) checkMemory(job *Job) error {
	mb, what, err := w.jobMB(job)
	if err != nil || mb == 0 {
		return err
	}
	return limits.CheckMemory(fmt.Sprintf("job %s (%s) × %d jobs at a time on this worker", job.ID(), what, w.cfg.Slots), int64(w.cfg.Slots)*mb)
}
