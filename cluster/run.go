// A run of a plan: results bound to their jobs, read once and in job order; the window of jobs ahead; refusals; restarts.

package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/nats-io/nats.go/jetstream"
)

// run is one Execute's state.
type run struct {
	c    *Coordinator
	p    Plan
	seal seal
	jobs jetstream.Stream
	it   jetstream.MessagesContext
	in   chan jetstream.Msg
	errc chan error
	quit chan struct{}

	got      map[int]*Result // checked (and verified), ahead of next
	tries    map[int]int     // publications of each job (attempts seen, by any coordinator)
	checks   map[int]*twice  // jobs being verified (verify.go)
	suspects map[string]bool // workers whose result disagreed with another's
	next     int             // the next job whose result Done gets
	sent     int             // jobs below it published (or skipped, or answered)
	last     uint64          // the run's last result stored when it started
	caughtUp bool            // the stored results are read: jobs may be published
}

// start opens the run: the streams, the run's seal, the results read
// from the start of the stream.
func (c *Coordinator) start(ctx context.Context, plan *Plan) (*run, error) {
	r := &run{c: c, p: *plan, got: map[int]*Result{}, tries: map[int]int{}, checks: map[int]*twice{},
		suspects: map[string]bool{}, in: make(chan jetstream.Msg), errc: make(chan error, 1), quit: make(chan struct{})}
	if r.p.Skip == nil {
		r.p.Skip = func(int) bool { return false }
	}
	if r.p.Check == nil {
		r.p.Check = func(int, *Result) error { return nil }
	}
	jobs, results, err := streams(ctx, c.JS)
	if err != nil {
		return nil, err
	}
	r.jobs = jobs
	if r.seal, err = c.openSeal(ctx, results); err != nil {
		return nil, err
	}
	subj := ResultsSubject(c.Run)
	// Results already stored (a restart): read up to the last of them
	// before publishing anything.
	if m, err := api(ctx, func(ctx context.Context) (*jetstream.RawStreamMsg, error) {
		return results.GetLastMsgForSubject(ctx, subj)
	}); err == nil {
		r.last = m.Sequence
	} else if !errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	r.caughtUp = r.last == 0
	cons, err := api(ctx, func(ctx context.Context) (jetstream.Consumer, error) {
		return results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{subj}})
	})
	if err != nil {
		return nil, fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	if r.it, err = cons.Messages(); err != nil {
		return nil, fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	go func() {
		for {
			m, err := r.it.Next()
			if err != nil {
				r.errc <- err
				return
			}
			select {
			case r.in <- m:
			case <-r.quit:
				return
			}
		}
	}()
	return r, nil
}

func (r *run) stop() {
	r.it.Stop()
	close(r.quit)
}

// loop reads results until every job is done, Done stops, or ctx ends.
func (r *run) loop(ctx context.Context) error {
	c := r.c
	for r.next < r.p.N && r.p.Skip(r.next) {
		r.next++
	}
	if err := r.fill(ctx); err != nil {
		return err
	}
	quiet := time.NewTicker(quietReport)
	defer quiet.Stop()
	for r.next < r.p.N {
		var m jetstream.Msg
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-r.errc:
			return fmt.Errorf("reading results of run %s: %w", c.Run, err)
		case <-quiet.C:
			c.logf("no result for %v: %d of %d jobs done, %d published; are workers running?", quietReport, r.next, r.p.N, r.sent)
			if !r.caughtUp { // the stored results ran out early (expired)
				r.caughtUp, r.sent = true, r.next
				if err := r.fill(ctx); err != nil {
					return err
				}
			}
			continue
		case m = <-r.in:
			quiet.Reset(quietReport)
		}
		res, seq, refusal := c.examine(m, &r.seal)
		if err := r.take(ctx, res, refusal); err != nil {
			return err
		}
		if stop, err := r.deliver(); err != nil || stop {
			if err == nil {
				err = c.purge(ctx, r.jobs)
			}
			return err
		}
		if !r.caughtUp && (seq >= r.last || pendingNone(m)) {
			r.caughtUp, r.sent = true, r.next
		}
		if err := r.fill(ctx); err != nil {
			return err
		}
	}
	return nil
}

// take handles one result examine passed (nil: none).
func (r *run) take(ctx context.Context, res *Result, refusal string) error {
	c := r.c
	if res == nil {
		return nil
	}
	k := res.N
	if k >= 0 && k < r.p.N {
		// A new publication never reuses an attempt's message id (it
		// may be a previous coordinator's).
		r.tries[k] = max(r.tries[k], res.Try+1)
	}
	switch {
	case refusal != "" && !r.caughtUp:
		c.logf("%s", refusal) // refused before this process started
		return nil
	case refusal != "":
		return r.retry(ctx, k, refusal)
	case res.Error != "" && k < 0:
		c.Rejected++
		c.logf("worker %s: %s", excerpt.Prefix(res.Worker), res.Error)
		return nil
	case k >= r.p.N:
		c.Rejected++
		c.logf("rejected result of job %d from worker %s: a run of %d jobs", k, excerpt.Prefix(res.Worker), r.p.N)
		return nil
	case k < r.next || r.got[k] != nil || r.p.Skip(k):
		c.Duplicates++
		return nil
	case res.Error != "":
		return fmt.Errorf("job %s/%d failed on worker %s: %s", c.Run, k, excerpt.Prefix(res.Worker), res.Error)
	}
	if err := r.p.Check(k, res); err != nil {
		c.Rejected++
		return r.retry(ctx, k, fmt.Sprintf("refused the result of job %s/%d from worker %s: %v", c.Run, k, excerpt.Prefix(res.Worker), err))
	}
	return r.verify(ctx, res)
}

// deliver hands Done the results that are next in job order.
func (r *run) deliver() (stop bool, err error) {
	for r.next < r.p.N && (r.got[r.next] != nil || r.p.Skip(r.next)) {
		res := r.got[r.next]
		delete(r.got, r.next)
		k := r.next
		r.next++
		if res == nil { // skipped
			continue
		}
		if stop, err := r.p.Done(k, res); err != nil || stop {
			return stop, err
		}
	}
	return false, nil
}

// fill publishes jobs up to the window ahead of next.
func (r *run) fill(ctx context.Context) error {
	window := r.c.Window
	if window <= 0 {
		window = 256
	}
	for ; r.caughtUp && r.sent < r.p.N && r.sent < r.next+window; r.sent++ {
		if _, ok := r.got[r.sent]; ok || r.p.Skip(r.sent) {
			continue
		}
		if err := r.publish(ctx, r.sent); err != nil {
			return err
		}
	}
	return nil
}

// publish sends job k's next attempt; a job being verified avoids the
// workers that answered it.
func (r *run) publish(ctx context.Context, k int) error {
	j := r.p.Job(k)
	if v := r.checks[k]; v != nil {
		j.Avoid, v.asked = v.workers(), r.tries[k]
	}
	if err := r.c.publish(ctx, &r.seal, &j, k, r.tries[k]); err != nil {
		return err
	}
	r.tries[k]++
	return nil
}

// retry logs why and publishes job k again, unless it is done, not yet
// published by this process, or was published MaxTries times.
func (r *run) retry(ctx context.Context, k int, why string) error {
	r.c.logf("%s", why)
	if k < r.next || r.got[k] != nil || k >= r.sent || r.p.Skip(k) {
		return nil
	}
	if r.tries[k] >= r.c.maxTries() {
		return fmt.Errorf("job %s/%d refused %d times; the last: %s", r.c.Run, k, r.tries[k], why)
	}
	return r.publish(ctx, k)
}
