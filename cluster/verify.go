// Verification (--verify): a share of a deterministic run's jobs run by a second worker and compared.

package cluster

import (
	"context"
	"fmt"
	"slices"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// twice is a job being verified: the results of distinct workers so far
// (the first one checked, each later one another worker's) and the
// attempt last asked for.
type twice struct {
	results []*Result
	asked   int
	differ  error // how the first two disagree
}

// workers names the workers that answered.
func (v *twice) workers() []string {
	ws := make([]string, len(v.results))
	for i, r := range v.results {
		ws[i] = r.Worker
	}
	return ws
}

// verify takes a checked result: at once when the job needs no
// verification (a plan that is not deterministic, a job not in the
// sample, a worker never caught), else once a second worker's result
// agrees with it. Two that disagree ask a third worker, and the run
// stops naming the worker whose result the other two contradict.
func (r *run) verify(ctx context.Context, res *Result) error {
	k := res.N
	v := r.checks[k]
	if v == nil {
		if !r.p.Deterministic || !r.seal.sampled(r.c.Run, k, r.c.Verify) && !r.suspects[res.Worker] {
			r.got[k] = res
			return nil
		}
		r.checks[k] = &twice{results: []*Result{res}}
		return r.again(ctx, k)
	}
	if slices.Contains(v.workers(), res.Worker) {
		if res.Try < v.asked {
			r.c.Duplicates++ // an earlier attempt's copy
			return nil
		}
		return r.again(ctx, k) // the same worker took the check: not a second opinion
	}
	agreed, disagree, err := v.add(r.c.Run, k, res)
	switch {
	case err != nil:
		return err
	case agreed != nil:
		delete(r.checks, k)
		r.got[k] = agreed
		r.c.Verified++
		return nil
	case disagree:
		r.c.logf("job %s/%d: workers %s and %s disagree (%v); asking a third", r.c.Run, k,
			excerpt.Prefix(v.results[0].Worker), excerpt.Prefix(v.results[1].Worker), v.differ)
		return r.suspect(ctx, k, v.results[0].Worker, v.results[1].Worker)
	}
	return nil
}

// add takes another worker's result of the job: it returns the result to
// count when two agree, disagree when the first two do not (ask a
// third), and an error naming the worker the other two contradict.
func (v *twice) add(run string, k int, res *Result) (agreed *Result, disagree bool, err error) {
	v.results = append(v.results, res)
	first, second := v.results[0], v.results[1]
	if len(v.results) == 2 {
		if err := same(first, second); err != nil {
			v.differ = err
			return nil, true, nil
		}
		return first, false, nil
	}
	third := v.results[2]
	var liar, honest *Result
	switch {
	case same(third, first) == nil:
		liar, honest = second, first
	case same(third, second) == nil:
		liar, honest = first, second
	default:
		return nil, false, fmt.Errorf("job %s/%d: workers %s, %s and %s each gave another result (%v): stopping the run",
			run, k, excerpt.Prefix(first.Worker), excerpt.Prefix(second.Worker), excerpt.Prefix(third.Worker), v.differ)
	}
	return nil, false, fmt.Errorf("job %s/%d: worker %s gave a result that workers %s and %s contradict (%v): it is lying or broken; stopping the run",
		run, k, excerpt.Prefix(liar.Worker), excerpt.Prefix(honest.Worker), excerpt.Prefix(third.Worker), v.differ)
}

// unverified settles a job no further worker answered in tries
// publications: two results that disagree stop the run (an error); a
// single result is counted on its worker's word (a run on one worker
// cannot be verified, and is no weaker for trying), with a log line and
// Coordinator.Unverified.
func (v *twice) unverified(c *Coordinator, k, tries int) (*Result, error) {
	if v.differ != nil {
		return nil, fmt.Errorf("job %s/%d: workers %s and %s disagree (%v), and no third worker answered it in %d publications: stopping the run",
			c.Run, k, excerpt.Prefix(v.results[0].Worker), excerpt.Prefix(v.results[1].Worker), v.differ, tries)
	}
	c.Unverified++
	c.logf("job %s/%d not verified: only worker %s answered it in %d publications (verification needs a second worker; --verify 0 skips it)",
		c.Run, k, excerpt.Prefix(v.results[0].Worker), tries)
	return v.results[0], nil
}

// suspect marks workers a and b as having disagreed: every result of
// theirs still waiting for its turn is checked again, as is every later
// one; job k is asked of a third worker.
func (r *run) suspect(ctx context.Context, k int, a, b string) error {
	r.suspects[a], r.suspects[b] = true, true
	for j, res := range r.got {
		if r.suspects[res.Worker] {
			delete(r.got, j)
			r.checks[j] = &twice{results: []*Result{res}}
			if err := r.again(ctx, j); err != nil {
				return err
			}
		}
	}
	return r.again(ctx, k)
}

// again publishes job k being verified once more, avoiding the workers
// that answered it; after MaxTries publications the run stops.
func (r *run) again(ctx context.Context, k int) error {
	v := r.checks[k]
	if !r.caughtUp || k >= r.sent {
		return nil // fill publishes it
	}
	if r.tries[k] >= r.c.maxTries() {
		res, err := v.unverified(r.c, k, r.tries[k])
		if err == nil {
			delete(r.checks, k)
			r.got[k] = res
		}
		return err
	}
	return r.publish(ctx, k)
}

// same is a's output's Same of b's: nil when they agree.
func same(a, b *Result) error {
	x, err := a.Decode()
	if err != nil {
		return err
	}
	y, err := b.Decode()
	if err != nil {
		return err
	}
	return x.Same(y)
}

// untimed says whether j's payload is Untimed (false when it does not
// decode).
func untimed(j *Job) bool {
	p, err := j.Decode()
	return err == nil && p.Untimed()
}
