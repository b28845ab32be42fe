// The worker: pull, check the build, run, publish the result, then ack.

package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"golang.org/x/sync/errgroup"
)

// WorkerConfig configures Work.
type WorkerConfig struct {
	Runners int // jobs run at a time (default 1)
	// Slots is how many jobs this process runs at a time, counting its
	// other workers' (default Runners): each job's memory is checked as
	// if that many like it ran at once.
	Slots  int
	HashMB int    // table of search jobs (default limits.DefaultHashMB)
	Build  Build  // this worker's build (cmd fills in the real one)
	Name   string // in results and messages (default "worker")
	// AllowExternal lets game jobs name external engines (ugi: specs,
	// command lines this worker would run); without it such a job fails.
	AllowExternal bool
	// AckWait and MaxDeliver size the workers' consumer when this worker
	// creates it (default DefaultAckWait, DefaultMaxDeliver).
	AckWait    time.Duration
	MaxDeliver int
	// Log gets a line for every job refused or failed and a progress line
	// every ProgressEvery jobs (nil: none).
	Log           io.Writer
	ProgressEvery int

	Machine *machine.Info // attached to every result (nil: none)

	// started, if set, is called as a runner starts a job (tests).
	started func(*Job)
	// lie, if set, changes each job before it runs (tests: a worker
	// that returns another legal result).
	lie func(*Job)
}

// worker is Work's shared state.
type worker struct {
	cfg  WorkerConfig
	js   jetstream.JetStream
	cons jetstream.Consumer
	hb   time.Duration // heartbeat period
	// maxDeliver is the delivery of a job that is answered as failed,
	// not run: the consumer's bound, or DefaultMaxDeliver without one.
	maxDeliver uint64
	// shared is what the worker's runners share (Env.Shared).
	sharedMu sync.Mutex
	shared   map[any]any
	logMu    sync.Mutex
	done     atomic.Int64
}

// Work pulls and runs jobs until ctx ends, then releases (naks) the jobs
// it is running so that another worker takes them at once, and returns
// nil. It returns an error when the streams cannot be reached or the
// connection closes.
func Work(ctx context.Context, nc *nats.Conn, cfg WorkerConfig) error {
	if cfg.Runners < 1 {
		cfg.Runners = 1
	}
	if cfg.Name == "" {
		cfg.Name = "worker"
	}
	if cfg.Slots < cfg.Runners {
		cfg.Slots = cfg.Runners
	}
	if cfg.AckWait <= 0 {
		cfg.AckWait = DefaultAckWait
	}
	if cfg.MaxDeliver <= 0 {
		cfg.MaxDeliver = DefaultMaxDeliver
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// A stop asked for while the worker is still starting is a stop,
	// not an error.
	if _, _, err := streams(sctx, js); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	cons, err := workerConsumer(sctx, js, cfg.AckWait, cfg.MaxDeliver)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	ackWait, maxDeliver := cfg.AckWait, DefaultMaxDeliver
	if info := cons.CachedInfo(); info != nil {
		if info.Config.AckWait > 0 {
			ackWait = info.Config.AckWait
		}
		if info.Config.MaxDeliver > 0 {
			maxDeliver = info.Config.MaxDeliver
		}
	}
	w := &worker{cfg: cfg, js: js, cons: cons, hb: max(ackWait/3, 10*time.Millisecond), maxDeliver: uint64(maxDeliver)}
	eg, ectx := errgroup.WithContext(ctx)
	for range cfg.Runners {
		eg.Go(func() error { return w.runner(ectx, nc) })
	}
	err = eg.Wait()
	if ctx.Err() != nil && !nc.IsClosed() {
		return nil
	}
	return err
}

func (w *worker) logf(format string, a ...any) {
	if w.cfg.Log == nil {
		return
	}
	w.logMu.Lock()
	defer w.logMu.Unlock()
	fmt.Fprintf(w.cfg.Log, "worker %s: "+format+"\n", append([]any{w.cfg.Name}, a...)...)
}

// runner pulls one job at a time.
func (w *worker) runner(ctx context.Context, nc *nats.Conn) error {
	kept := map[any]any{} // what this runner keeps between jobs (Env.Keep)
	failing := false      // a pull error was reported and none has succeeded since
	for ctx.Err() == nil {
		if nc.IsClosed() {
			return errors.New("NATS connection closed")
		}
		fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		msg, err := w.cons.Next(jetstream.FetchContext(fctx), jetstream.FetchHeartbeat(time.Second))
		cancel()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, jetstream.ErrNoMessages) {
				continue
			}
			if nc.IsClosed() {
				return errors.New("NATS connection closed")
			}
			if !failing {
				w.logf("pull: %v (retrying every second)", err)
				failing = true
			}
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		if failing {
			w.logf("pulling again")
			failing = false
		}
		w.handle(ctx, msg, kept)
	}
	return nil
}

// avoidDelay is how long a job this worker is to avoid waits before it
// is delivered again.
const avoidDelay = 200 * time.Millisecond

// handle runs one job message: publish the result, then ack. A job the
// worker is stopped in the middle of is released (nak) unpublished.
func (w *worker) handle(ctx context.Context, msg jetstream.Msg, kept map[any]any) {
	seq, delivered := uint64(0), uint64(0)
	if md, err := msg.Metadata(); err == nil {
		seq, delivered = md.Sequence.Stream, md.NumDelivered
	}
	job, err := ParseJob(msg.Data())
	if err != nil {
		run := strings.TrimPrefix(msg.Subject(), jobsPrefix)
		w.logf("rejected job message %d on %s: %v", seq, excerpt.Prefix(msg.Subject()), err)
		if CheckRunID(run) == nil {
			w.publish(ctx, &Result{Run: run, N: -1, Error: fmt.Sprintf("rejected job message %d: %v", seq, err)}, "")
		}
		msg.Term()
		return
	}
	if job.Build != w.cfg.Build {
		e := fmt.Sprintf("refused: job %s comes from %s, this worker has %s; run workers of the coordinator's build", job.ID(), job.Build, w.cfg.Build)
		w.logf("%s", e)
		w.publish(ctx, &Result{Run: job.Run, N: job.N, Try: job.Try, Kind: job.Kind, Nonce: job.Nonce, Error: e, Refused: true}, "")
		msg.Term() // the coordinator publishes it again for another worker
		return
	}
	if slices.Contains(job.Avoid, w.cfg.Name) && delivered+1 < w.maxDeliver {
		// A job being verified, which this worker answered before: leave
		// it to another (the last deliveries are run all the same, and
		// the coordinator asks again).
		msg.NakWithDelay(avoidDelay)
		return
	}
	if delivered >= w.maxDeliver {
		w.answer(ctx, msg, job, fmt.Sprintf("delivered %d times without a result: each worker that took it before stopped or died running it", delivered))
		return
	}
	env := w.env(kept)
	if err := w.checkMemory(job, env); err != nil {
		w.answer(ctx, msg, job, fmt.Sprintf("refused by worker %s: %v", w.cfg.Name, err))
		return
	}
	if w.cfg.started != nil {
		w.cfg.started(job)
	}
	jctx, cancel := context.WithCancel(ctx)
	hbDone := make(chan struct{})
	go func() { // heartbeat: the job is alive, do not redeliver it
		defer close(hbDone)
		t := time.NewTicker(w.hb)
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
				msg.InProgress()
			}
		}
	}()
	if w.cfg.lie != nil {
		w.cfg.lie(job)
	}
	res := w.execute(jctx, job, env)
	cancel()
	<-hbDone
	if ctx.Err() != nil {
		msg.Nak() // stopped mid-job: release it to another worker
		return
	}
	msgID := ""
	if res.Error == "" {
		// A second publication of this result (the job message delivered
		// again) is dropped; the job message's sequence tells it from a
		// result of the same job number published anew (a run id used
		// again), which is not.
		msgID = fmt.Sprintf("%s@%d", job.ID(), seq)
	} else {
		w.logf("job %s failed: %s", job.ID(), res.Error)
	}
	if err := w.publish(ctx, res, msgID); err != nil {
		w.logf("job %s: publishing the result: %v (releasing the job)", job.ID(), err)
		msg.Nak()
		return
	}
	msg.Ack()
	if n := w.done.Add(1); w.cfg.ProgressEvery > 0 && n%int64(w.cfg.ProgressEvery) == 0 {
		w.logf("%s done", plural.Count(int(n), "job"))
	}
}

// answer publishes that job failed, with the reason e, and acks it: the
// coordinator then reports the job as failed. It is for a job this
// worker will not run.
func (w *worker) answer(ctx context.Context, msg jetstream.Msg, job *Job, e string) {
	w.logf("job %s failed: %s", job.ID(), e)
	if err := w.publish(ctx, &Result{Run: job.Run, N: job.N, Try: job.Try, Kind: job.Kind, Nonce: job.Nonce, Error: e}, ""); err != nil {
		w.logf("job %s: publishing the result: %v (releasing the job)", job.ID(), err)
		msg.Nak()
		return
	}
	msg.Ack()
}

// publish sends a result on its run's results subject.
func (w *worker) publish(ctx context.Context, r *Result, msgID string) error {
	r.V, r.Build, r.Worker, r.Machine = WireVersion, w.cfg.Build, w.cfg.Name, w.cfg.Machine
	b, err := Marshal(r)
	if err != nil {
		return err
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	_, err = w.js.Publish(pctx, ResultsSubject(r.Run), b, opts...)
	return err
}
