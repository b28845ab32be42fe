// Tests of the pool: a run id used again, and a republication that does
// not hold up the other jobs.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func perftJob() Job {
	return NewJob(KindPerft, &PerftJob{Position: testPosition, Depth: 2})
}

// TestPoolRunIDUsedAgain: a second pool on the run id of a first (book
// build --run-id twice within the stream's duplicate window) gets its
// jobs run; with message ids run/k/try they were dropped as duplicates
// and the pool waited for ever.
func TestPoolRunIDUsedAgain(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	for i := range 2 {
		ctx := withTimeout(t, 60*time.Second)
		pool, err := coordinator(t, e, "again", nil).Pool(ctx)
		if err != nil {
			t.Fatal(err)
		}
		r, err := pool.Submit(ctx, perftJob())
		pool.Close()
		if err != nil || outOf[*PerftOut](r) == nil {
			t.Fatalf("pool %d on run id again: %v, %+v", i+1, err, r)
		}
	}
}

// blockingJS holds back the publication of job messages whose id has the
// prefix block until release is closed, and says when one is held.
type blockingJS struct {
	jetstream.JetStream
	block   string
	held    chan struct{}
	release chan struct{}
	once    sync.Once
}

func (b *blockingJS) Publish(ctx context.Context, subj string, data []byte, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	if strings.HasPrefix(subj, JobsPrefix) && b.matches(data) {
		b.once.Do(func() { close(b.held) })
		select {
		case <-b.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return b.JetStream.Publish(ctx, subj, data, opts...)
}

// matches reports whether a job message is a republication (attempt 1).
func (b *blockingJS) matches(data []byte) bool {
	j, err := ParseJob(data)
	return err == nil && j.N == 0 && j.Try == 1
}

// TestPoolRepublishDoesNotBlock: while job 0, refused by a worker of
// another build, is being published again (held back here), job 1 is
// submitted and answered; the pool once republished under its lock, so
// every other job waited for that publication.
func TestPoolRepublishDoesNotBlock(t *testing.T) {
	e := startServer(t)
	stopStale, _, _ := startWorker(t, e, WorkerConfig{Build: otherBuild, Name: "stale"})
	c := coordinator(t, e, "republish", nil)
	bjs := &blockingJS{JetStream: c.JS, held: make(chan struct{}), release: make(chan struct{})}
	c.JS = bjs
	ctx := withTimeout(t, 60*time.Second)
	pool, err := c.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	first := make(chan error, 1)
	go func() {
		_, err := pool.Submit(ctx, perftJob())
		first <- err
	}()
	select {
	case <-bjs.held:
	case <-time.After(30 * time.Second):
		t.Fatal("job 0 was not refused and published again")
	}
	stopStale()
	startWorker(t, e, WorkerConfig{})
	sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if r, err := pool.Submit(sctx, perftJob()); err != nil || outOf[*PerftOut](r) == nil {
		t.Fatalf("job 1 while job 0's republication is held: %v", err)
	}
	close(bjs.release)
	if err := <-first; err != nil {
		t.Fatalf("job 0 after its republication: %v", err)
	}
}

// TestLocalWorkersKeepTheirNames: local workers started with the
// coordinator's connection options (which name its connection) still
// show as local workers on the server.
func TestLocalWorkersKeepTheirNames(t *testing.T) {
	e := startServer(t)
	l, err := StartWorkers(e.URL(), 2, WorkerConfig{Build: testBuild}, nats.Name("kiothi coordinator run1"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cz, err := e.Server().Connz(&server.ConnzOptions{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range cz.Conns {
		names[c.Name] = true
	}
	if !names["kiothi local worker 1"] || !names["kiothi local worker 2"] || names["kiothi coordinator run1"] {
		t.Errorf("connection names %v", names)
	}
}

// TestLocalWorkersClosedWhileStarting: workers stopped before they have
// their consumer (a short run closes them at once) stop without an error.
func TestLocalWorkersClosedWhileStarting(t *testing.T) {
	e := startServer(t)
	for i := range 20 {
		l, err := StartWorkers(e.URL(), 2, WorkerConfig{Build: testBuild})
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Close(); err != nil {
			t.Fatalf("close %d: %v", i+1, err)
		}
	}
}
