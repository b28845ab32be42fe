// What a job takes in memory, checked before a worker runs it.

package cluster

import (
	"fmt"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/search"
)

// engineMB is the memory of an engine built with o (zero fields take
// search.NewEngine's defaults).
func engineMB(o search.Options) int64 {
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	return limits.EngineMB(max(o.Threads, 1), o.HashMB)
}

// checkMemory refuses a job that, run in each of the process's job slots
// at once, would take more than this process may use: the check sums
// every job that may run beside it, whatever those are, since each of
// them passed the same bound.
func (w *worker) checkMemory(job *Job) error {
	mb, what, err := job.payload().memoryMB(w)
	if err != nil || mb == 0 {
		return err
	}
	return limits.CheckMemory(fmt.Sprintf("job %s (%s) × %s at a time on this worker", job.ID(), what, plural.Count(w.cfg.Slots, "job")), int64(w.cfg.Slots)*mb)
}
