// The coordinator of jobs submitted as they come, each caller awaiting its own.

package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/nats-io/nats.go/jetstream"
)

// Pool submits jobs of the coordinator's run as they come. A pool does
// not resume (its user, a book build, checkpoints): a run id used again
// starts afresh, its jobs' message ids made unique by the pool's nonce so
// that the stream's duplicate window does not drop them as the earlier
// run's.
type Pool struct {
	c       *Coordinator
	nonce   string
	seal    seal // the pool's own key: its results bound to its jobs
	ctx     context.Context
	cancel  context.CancelFunc
	jobs    jetstream.Stream
	it      jetstream.MessagesContext
	mu      sync.Mutex
	next    int
	pending map[int]*pendingJob
	err     error // why the pool stopped
	// suspects are workers whose result disagreed with another's: all
	// their results are verified.
	suspects map[string]bool
	stopped  chan struct{}
}

type pendingJob struct {
	job   Job
	tries int
	ch    chan *Result // gets the result (or an error result) once
}

// Pool starts a pool on c's run; Close stops it.
func (c *Coordinator) Pool(ctx context.Context) (*Pool, error) {
	if err := CheckRunID(c.Run); err != nil {
		return nil, err
	}
	jobs, results, err := streams(ctx, c.JS)
	if err != nil {
		return nil, err
	}
	info, err := api(ctx, func(ctx context.Context) (*jetstream.StreamInfo, error) { return results.Info(ctx) })
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", ResultsStream, err)
	}
	cons, err := api(ctx, func(ctx context.Context) (jetstream.Consumer, error) {
		return results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
			FilterSubjects: []string{ResultsSubject(c.Run)}, DeliverPolicy: jetstream.DeliverNewPolicy})
	})
	if err != nil {
		return nil, fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	it, err := cons.Messages()
	if err != nil {
		return nil, fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	pctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	b := make([]byte, 6)
	rand.Read(b)
	nonce := hex.EncodeToString(b)
	p := &Pool{c: c, nonce: nonce, seal: newSeal(info.State.LastSeq, nonce), ctx: pctx, cancel: cancel, jobs: jobs, it: it, pending: map[int]*pendingJob{}, suspects: map[string]bool{}, stopped: make(chan struct{})}
	go p.read()
	return p, nil
}

// read hands each result to the job waiting for it.
func (p *Pool) read() {
	defer close(p.stopped)
	for {
		m, err := p.it.Next()
		if err != nil {
			p.fail(fmt.Errorf("reading results of run %s: %w", p.c.Run, err))
			return
		}
		p.mu.Lock()
		r, _, refusal := p.c.examine(m, &p.seal)
		var pj *pendingJob
		if r != nil {
			pj = p.pending[r.N]
		}
		switch {
		case r == nil:
		case pj == nil && r.N < 0 && r.Error != "":
			p.c.Rejected++
			p.c.logf("worker %s: %s", excerpt.Prefix(r.Worker), r.Error)
		case pj == nil:
			p.c.Duplicates++ // answered already, or not ours
		case refusal != "" && pj.tries < p.c.maxTries():
			p.c.logf("%s", refusal)
			pj.tries++
			// Published without the lock and without holding up this
			// reader: the other jobs' results go on being delivered.
			go func(k, try int, j Job) {
				if err := p.publish(p.ctx, &j, k, try); err != nil {
					p.mu.Lock()
					p.answer(k, &Result{Error: err.Error()})
					p.mu.Unlock()
				}
			}(r.N, pj.tries-1, pj.job)
		case refusal != "":
			p.answer(r.N, &Result{Error: fmt.Sprintf("job %s/%d refused %d times; the last: %s", p.c.Run, r.N, pj.tries, refusal)})
		default:
			p.answer(r.N, r)
		}
		p.mu.Unlock()
	}
}

// answer delivers job k's result (p.mu held).
func (p *Pool) answer(k int, r *Result) {
	if pj := p.pending[k]; pj != nil {
		delete(p.pending, k)
		pj.ch <- r
	}
}

// fail stops the pool: every waiting job gets err.
func (p *Pool) fail(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = err
	}
	for k := range p.pending {
		p.answer(k, &Result{Error: p.err.Error()})
	}
}

// Submit publishes j and waits for its result. An error is ctx's end, a
// stopped pool, or the job failing (refused too often, or an error on the
// worker): its message names the job and the worker.
func (p *Pool) Submit(ctx context.Context, j Job) (*Result, error) {
	return p.SubmitChecked(ctx, j, nil)
}

// SubmitChecked is Submit with check run on the result (nil: none). A
// result check refuses is counted as rejected, logged with the worker and
// the reason, and the job published again, up to the coordinator's
// MaxTries publications in all; then the last reason is the error. A job
// with no time limit in the coordinator's Verify sample, or answered by
// a worker that disagreed before, is run again by another worker and
// compared (verify.go) before its result is returned.
func (p *Pool) SubmitChecked(ctx context.Context, j Job, check func(*Result) error) (*Result, error) {
	p.mu.Lock()
	if p.err != nil {
		p.mu.Unlock()
		return nil, p.err
	}
	k := p.next
	p.next++
	pj := &pendingJob{job: j, tries: 1, ch: make(chan *Result, 1)}
	p.pending[k] = pj
	p.mu.Unlock()
	try, publish := 0, true
	var v *twice // the job being verified
	for {
		if publish {
			if err := p.publish(ctx, &pj.job, k, try); err != nil {
				p.mu.Lock()
				delete(p.pending, k)
				p.mu.Unlock()
				return nil, err
			}
		}
		var r *Result
		select {
		case r = <-pj.ch:
		case <-ctx.Done():
			p.mu.Lock()
			delete(p.pending, k)
			p.mu.Unlock()
			return nil, ctx.Err()
		}
		if r.Error != "" {
			if r.Worker != "" {
				return nil, fmt.Errorf("job %s/%d failed on worker %s: %s", p.c.Run, k, excerpt.Prefix(r.Worker), r.Error)
			}
			return nil, errors.New(r.Error)
		}
		why := ""
		if check != nil {
			if cerr := check(r); cerr != nil {
				why = fmt.Sprintf("refused the result of job %s/%d from worker %s: %v", p.c.Run, k, excerpt.Prefix(r.Worker), cerr)
			}
		}
		p.mu.Lock()
		publish = true
		switch {
		case why != "":
			p.c.Rejected++
			p.c.logf("%s", why)
			if pj.tries >= p.c.maxTries() {
				p.mu.Unlock()
				return nil, fmt.Errorf("job %s/%d refused %d times; the last: %s", p.c.Run, k, pj.tries, why)
			}
		case v == nil && !(untimed(&j) && (p.seal.sampled(p.c.Run, k, p.c.Verify) || p.suspects[r.Worker])):
			p.mu.Unlock()
			return r, nil
		case v == nil:
			v = &twice{results: []*Result{r}}
		case slices.Contains(v.workers(), r.Worker):
			publish = r.Try >= v.asked // an earlier attempt's copy: wait on
		default:
			agreed, disagree, err := v.add(p.c.Run, k, r)
			switch {
			case err != nil:
				p.mu.Unlock()
				return nil, err
			case agreed != nil:
				p.c.Verified++
				p.mu.Unlock()
				return agreed, nil
			case disagree:
				p.c.logf("job %s/%d: workers %s and %s disagree (%v); asking a third", p.c.Run, k,
					excerpt.Prefix(v.results[0].Worker), excerpt.Prefix(v.results[1].Worker), v.differ)
				p.suspects[v.results[0].Worker], p.suspects[v.results[1].Worker] = true, true
			}
		}
		if publish && v != nil && why == "" && pj.tries >= p.c.maxTries() {
			res, err := v.unverified(p.c, k, pj.tries)
			p.mu.Unlock()
			return res, err
		}
		if publish {
			// A new attempt (a new message id), after any the reader made.
			try = max(pj.tries, r.Try+1)
			pj.tries = try + 1
			if v != nil {
				pj.job.Avoid, v.asked = v.workers(), try
			}
		}
		pj.ch = make(chan *Result, 1)
		p.pending[k] = pj
		p.mu.Unlock()
	}
}

// publish sends job k, attempt try, with the pool's nonce in its
// message id.
func (p *Pool) publish(ctx context.Context, j *Job, k, try int) error {
	return p.c.publishID(ctx, &p.seal, j, k, try, fmt.Sprintf("%s/%d/%d/%s", p.c.Run, k, try, p.nonce))
}

// Close stops the pool and purges the run's jobs still queued.
func (p *Pool) Close() error {
	p.it.Stop()
	<-p.stopped
	p.cancel()
	return p.c.purge(context.Background(), p.jobs)
}

func (c *Coordinator) maxTries() int {
	if c.MaxTries <= 0 {
		return 5
	}
	return c.MaxTries
}
