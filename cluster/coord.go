// The coordinator of n jobs: a window ahead, results once and in order, restarts.

package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/nats-io/nats.go/jetstream"
)

// quietReport is how long a coordinator waits for a result before it says
// so (a run with no workers looks like a hang otherwise).
const quietReport = 30 * time.Second

// Coordinator runs jobs of one run through the work queue.
type Coordinator struct {
	JS    jetstream.JetStream
	Run   string // run id: a restart with the same id resumes the run
	Build Build  // this process's build; jobs carry it, results must match
	// Window is how many jobs may wait in the queue beyond the next
	// result needed (default 256).
	Window int
	// MaxTries is how often a refused job is published (default 5).
	MaxTries int
	// Log gets a line for every refused or rejected message (nil: none).
	Log io.Writer
	// Stats, after Do: results read, duplicates ignored, messages
	// rejected, jobs refused by a worker of another build.
	Read, Duplicates, Rejected, Refused int
}

// Do runs jobs 0..n-1: job(k) makes job k (Kind and payload; Do fills in
// the rest) and done(k, r) takes its result, exactly once for each job
// and in job order. When done reports stop, Do purges the run's jobs
// still queued and returns. When ctx ends, the queued jobs stay: a
// coordinator started again with the same run id goes on from there.
func (c *Coordinator) Do(ctx context.Context, n int, job func(k int) Job, done func(k int, r *Result) (stop bool, err error)) error {
	return c.DoExcept(ctx, n, nil, job, done)
}

// DoExcept is Do without the jobs k for which skip(k) holds (nil: none):
// they are not published, and their results, if any are stored, are
// ignored. Job k is job k whatever is skipped, so a run restarted with
// more jobs skipped (a resumed datagen file) reads its stored results
// right.
func (c *Coordinator) DoExcept(ctx context.Context, n int, skip func(k int) bool, job func(k int) Job, done func(k int, r *Result) (stop bool, err error)) error {
	return c.DoChecked(ctx, n, skip, job, nil, done)
}

// DoChecked is DoExcept with check(k, r) run on each result of job k as
// it arrives (nil: none). A result check refuses is counted as rejected
// and job k is published again, up to MaxTries times in all: a forged or
// broken result never reaches done, and the job is redone elsewhere.
func (c *Coordinator) DoChecked(ctx context.Context, n int, skip func(k int) bool, job func(k int) Job, check func(k int, r *Result) error, done func(k int, r *Result) (stop bool, err error)) error {
	if check == nil {
		check = func(int, *Result) error { return nil }
	}
	if skip == nil {
		skip = func(int) bool { return false }
	}
	if err := CheckRunID(c.Run); err != nil {
		return err
	}
	window := c.Window
	if window <= 0 {
		window = 256
	}
	maxTries := c.maxTries()
	jobs, results, err := streams(ctx, c.JS)
	if err != nil {
		return err
	}
	subj := ResultsSubject(c.Run)
	// Results already stored (a restart): read up to the last of them
	// before publishing anything.
	var last uint64
	if m, err := results.GetLastMsgForSubject(ctx, subj); err == nil {
		last = m.Sequence
	} else if !errors.Is(err, jetstream.ErrMsgNotFound) {
		return fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	cons, err := results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{subj}})
	if err != nil {
		return fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	it, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	defer it.Stop()
	in := make(chan jetstream.Msg)
	readErr := make(chan error, 1)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		for {
			m, err := it.Next()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case in <- m:
			case <-quit:
				return
			}
		}
	}()

	got := map[int]*Result{} // results ahead of next
	tries := map[int]int{}   // publications of each job
	next, published := 0, 0
	caughtUp := last == 0
	publish := func(k int) error {
		j := job(k)
		if err := c.publish(ctx, &j, k, tries[k]); err != nil {
			return err
		}
		tries[k]++
		return nil
	}
	fill := func() error {
		for ; caughtUp && published < n && published < next+window; published++ {
			if _, ok := got[published]; ok || skip(published) {
				continue
			}
			if err := publish(published); err != nil {
				return err
			}
		}
		return nil
	}
	retry := func(k int, why string) error {
		c.logf("%s", why)
		if k < next || got[k] != nil || k >= published || skip(k) {
			return nil // done meanwhile, or not yet published by this process
		}
		if tries[k] >= maxTries {
			return fmt.Errorf("job %s/%d refused %d times; the last: %s", c.Run, k, tries[k], why)
		}
		return publish(k)
	}
	for next < n && skip(next) {
		next++
	}
	if err := fill(); err != nil {
		return err
	}
	quiet := time.NewTicker(quietReport)
	defer quiet.Stop()
	for next < n {
		var m jetstream.Msg
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-readErr:
			return fmt.Errorf("reading results of run %s: %w", c.Run, err)
		case <-quiet.C:
			c.logf("no result for %v: %d of %d jobs done, %d published; are workers running?", quietReport, next, n, published)
			if !caughtUp { // the stored results ran out early (expired)
				caughtUp, published = true, next
				if err := fill(); err != nil {
					return err
				}
			}
			continue
		case m = <-in:
			quiet.Reset(quietReport)
		}
		r, seq, refusal := c.examine(m)
		var err error
		switch {
		case r == nil: // rejected
		case refusal != "" && !caughtUp:
			// Refused before this process started: the next publication
			// must not reuse that attempt's message id.
			c.logf("%s", refusal)
			tries[r.N] = max(tries[r.N], r.Try+1)
		case refusal != "":
			err = retry(r.N, refusal)
		case r.Error != "" && r.N < 0:
			c.Rejected++
			c.logf("worker %s: %s", excerpt.Prefix(r.Worker), r.Error)
		case r.N >= n:
			c.Rejected++
			c.logf("rejected result message %d: job %d of a run of %d jobs", seq, r.N, n)
		case r.N < next || got[r.N] != nil || skip(r.N):
			c.Duplicates++
		case r.Error != "":
			return fmt.Errorf("job %s/%d failed on worker %s: %s", c.Run, r.N, excerpt.Prefix(r.Worker), r.Error)
		default:
			if cerr := check(r.N, r); cerr != nil {
				c.Rejected++
				// The next publication must not reuse the refused
				// attempt's message id (it may be a previous
				// coordinator's).
				tries[r.N] = max(tries[r.N], r.Try+1)
				err = retry(r.N, fmt.Sprintf("refused the result of job %s/%d from worker %s: %v", c.Run, r.N, excerpt.Prefix(r.Worker), cerr))
				break
			}
			got[r.N] = r
		}
		if err != nil {
			return err
		}
		for next < n && (got[next] != nil || skip(next)) {
			if got[next] == nil { // skipped
				next++
				continue
			}
			r := got[next]
			delete(got, next)
			stop, err := done(next, r)
			next++
			if err != nil {
				return err
			}
			if stop {
				return c.purge(ctx, jobs)
			}
		}
		if !caughtUp && (seq >= last || pendingNone(m)) {
			caughtUp = true
			published = next
		}
		if err := fill(); err != nil {
			return err
		}
	}
	return nil
}

// examine reads a result message. It returns nil for a message it
// rejects (reported and counted), and with the result, the reason when the
// job was refused by a worker of another build or the result comes from
// one (counted).
func (c *Coordinator) examine(m jetstream.Msg) (r *Result, seq uint64, refusal string) {
	c.Read++
	if md, err := m.Metadata(); err == nil {
		seq = md.Sequence.Stream
	}
	r, err := ParseResult(m.Data())
	switch {
	case err != nil:
		c.Rejected++
		c.logf("rejected result message %d: %v", seq, err)
		return nil, seq, ""
	case r.Run != c.Run:
		c.Rejected++
		c.logf("rejected result message %d: run %s on the subject of run %s", seq, excerpt.Prefix(r.Run), c.Run)
		return nil, seq, ""
	case r.Refused:
		c.Refused++
		return r, seq, fmt.Sprintf("worker %s: %s", excerpt.Prefix(r.Worker), r.Error)
	case r.Build != c.Build:
		c.Refused++
		return r, seq, fmt.Sprintf("refused the result of job %s/%d from worker %s: it has %s, this coordinator %s", c.Run, r.N, excerpt.Prefix(r.Worker), r.Build, c.Build)
	}
	return r, seq, ""
}

// pendingNone reports whether m is the last message its consumer has now.
func pendingNone(m jetstream.Msg) bool {
	md, err := m.Metadata()
	return err == nil && md.NumPending == 0
}

// publish sends job j as job k of the run, attempt try. The message id
// makes a second publication of the same attempt (a restarted
// coordinator) a no-op for the stream.
func (c *Coordinator) publish(ctx context.Context, j *Job, k, try int) error {
	return c.publishID(ctx, j, k, try, fmt.Sprintf("%s/%d/%d", c.Run, k, try))
}

// publishID is publish with the message id msgID.
func (c *Coordinator) publishID(ctx context.Context, j *Job, k, try int, msgID string) error {
	j.V, j.Run, j.N, j.Try, j.Build = WireVersion, c.Run, k, try, c.Build
	b, err := Marshal(j)
	if err != nil {
		return fmt.Errorf("job %s: %v", j.ID(), err)
	}
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err = c.JS.Publish(pctx, JobsSubject(c.Run), b, jetstream.WithMsgID(msgID)); err != nil {
		return fmt.Errorf("publishing job %s: %w", j.ID(), err)
	}
	return nil
}

// purge removes the run's queued jobs.
func (c *Coordinator) purge(ctx context.Context, jobs jetstream.Stream) error {
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := jobs.Purge(pctx, jetstream.WithPurgeSubject(JobsSubject(c.Run))); err != nil {
		return fmt.Errorf("purging the jobs of run %s: %w", c.Run, err)
	}
	return nil
}

func (c *Coordinator) logf(format string, a ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, "run %s: "+format+"\n", append([]any{c.Run}, a...)...)
	}
}
