// What a job takes in memory, checked before a worker runs it.

package cluster

import (
	"fmt"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/limits"
)

// checkMemory refuses a job that, run in each of the process's job slots
// at once, would take more than this process may use: the check sums
// every job that may run beside it, whatever those are, since each of
// them passed the same bound.
func (w *worker) checkMemory(job *Job, env *Env) error {
	p, err := job.Decode() // checked by ParseJob
	if err != nil {
		return err
	}
	mb, what, err := p.MemoryMB(env)
	if err != nil || mb == 0 {
		return err
	}
	return limits.CheckMemory(fmt.Sprintf("job %s (%s) × %s at a time on this worker", job.ID(), what, plural.Count(w.cfg.Slots, "job")), int64(w.cfg.Slots)*mb)
}
