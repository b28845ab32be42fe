// The coordinator of n jobs: a window ahead, results once and in order, restarts.

package cluster

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/nats-io/nats.go/jetstream"
)

// quietReport is how long a coordinator waits for a result before it says
// so (a run with no workers looks like a hang otherwise).
const quietReport = 30 * time.Second

// DefaultVerify is the share of deterministic jobs verified by default
// (--verify): one in twenty, so a worker that lies on a share f of its
// jobs is caught after about 20/f of them, at 5% more work.
const DefaultVerify = 0.05

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
	// Verify is the share of a deterministic plan's jobs run a second
	// time, by another worker, and compared (--verify; 0: none). Every
	// job of a worker whose result ever disagreed is checked too, and a
	// disagreement stops the run naming the worker (verify.go).
	Verify float64
	// Log gets a line for every refused or rejected message (nil: none).
	Log io.Writer
	// Stats, after Execute: results read, duplicates ignored, messages
	// rejected (malformed, unbound to their job, refused by a check),
	// jobs refused by a worker of another build, jobs verified, jobs in
	// the sample that no second worker answered (counted on the first
	// worker's word, with a log line: a run on one worker cannot verify).
	Read, Duplicates, Rejected, Refused, Verified, Unverified int
}

// Plan is a run of N jobs known in advance.
type Plan struct {
	N int
	// Job makes job k (Kind and payload; the coordinator fills in the
	// rest).
	Job func(k int) Job
	// Skip, if set, says job k is not to be run: it is not published,
	// and its stored results are ignored. Job k is job k whatever is
	// skipped, so a run restarted with more jobs skipped (a resumed
	// datagen file) reads its stored results right.
	Skip func(k int) bool
	// Check, if set, checks each result of job k as it arrives. A result
	// it refuses is counted as rejected and job k is published again, up
	// to MaxTries times in all: a forged or broken result never reaches
	// Done, and the job is redone elsewhere.
	Check func(k int, r *Result) error
	// Done takes job k's result, exactly once for each job and in job
	// order. When it reports stop, the run's jobs still queued are
	// purged.
	Done func(k int, r *Result) (stop bool, err error)
	// Deterministic says that two correct workers give every job the
	// same output (no clock, no time limit): the coordinator's Verify
	// share of the jobs is run twice and compared.
	Deterministic bool
}

// Do runs jobs 0..n-1: job(k) makes job k and done(k, r) takes its
// result (Plan's Job and Done).
func (c *Coordinator) Do(ctx context.Context, n int, job func(k int) Job, done func(k int, r *Result) (stop bool, err error)) error {
	return c.Execute(ctx, &Plan{N: n, Job: job, Done: done})
}

// Execute runs plan's jobs. When ctx ends, the queued jobs stay: a
// coordinator started again with the same run id goes on from there.
func (c *Coordinator) Execute(ctx context.Context, plan *Plan) error {
	if err := CheckRunID(c.Run); err != nil {
		return err
	}
	r, err := c.start(ctx, plan)
	if err != nil {
		return err
	}
	defer r.stop()
	return r.loop(ctx)
}

// examine reads a result message. It returns nil for a message it
// rejects (reported and counted): malformed, of another run, or not
// bound to its job by s (stored before the run began, or without the
// job's nonce). With the result, it returns the reason when the job was
// refused by a worker of another build or the result comes from one
// (counted).
func (c *Coordinator) examine(m jetstream.Msg, s *seal) (r *Result, seq uint64, refusal string) {
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
	}
	if why := s.binds(c.Run, r, seq); why != "" {
		c.Rejected++
		c.logf("ignored result message %d from worker %s: %s", seq, excerpt.Prefix(r.Worker), why)
		return nil, seq, ""
	}
	switch {
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

// publish sends job j as job k of the run, attempt try, with its nonce
// from s. The message id makes a second publication of the same attempt
// (a restarted coordinator) a no-op for the stream.
func (c *Coordinator) publish(ctx context.Context, s *seal, j *Job, k, try int) error {
	return c.publishID(ctx, s, j, k, try, fmt.Sprintf("%s/%d/%d", c.Run, k, try))
}

// publishID is publish with the message id msgID.
func (c *Coordinator) publishID(ctx context.Context, s *seal, j *Job, k, try int, msgID string) error {
	j.V, j.Run, j.N, j.Try, j.Build, j.Nonce = WireVersion, c.Run, k, try, c.Build, s.nonce(c.Run, k, try)
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
