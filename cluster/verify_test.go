// Tests of --verify: jobs run twice and compared, a lying worker caught, the sample reproducible.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Every game verified by a second worker: the match is the local one.
func TestVerifyAgrees(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Name: "a"})
	startWorker(t, e, WorkerConfig{Name: "b"})
	c := coordinator(t, e, "verified", nil)
	c.Verify = 1
	table, games, err := runMatch(t, withTimeout(t, 120*time.Second), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("verified:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
	if c.Verified != localGamesN {
		t.Errorf("%d games verified, want %d", c.Verified, localGamesN)
	}
}

// A worker that plays another legal game (its job's seed changed) is
// caught: its result disagrees with an honest worker's, a third worker
// sides with the honest one, and the run stops naming the liar.
func TestVerifyCatchesALyingWorker(t *testing.T) {
	e := startServer(t)
	// The honest workers start once the liar has taken a game, so that it
	// lies at least once (started together, the honest two could take
	// every game: the run then rightly succeeded, 1 run in about 5 under
	// load).
	lied := make(chan struct{})
	var once sync.Once
	startWorker(t, e, Lying(WorkerConfig{Name: "liar"}, func(j *Job) {
		if g, ok := payloadOf[*GameJob](j); ok {
			g.Seed++
			j.Payload = payload(g)
			once.Do(func() { close(lied) })
		}
	}))
	go func() {
		<-lied
		startWorker(t, e, WorkerConfig{Name: "honest-1"})
		startWorker(t, e, WorkerConfig{Name: "honest-2"})
	}()
	var log syncbuf.Buffer
	c := coordinator(t, e, "liar", &log)
	c.Verify = 1
	_, _, err := runMatch(t, withTimeout(t, 120*time.Second), c, nil)
	if err == nil {
		t.Fatal("a run with a lying worker succeeded")
	}
	for _, want := range []string{"worker liar gave a result that workers honest-", "lying or broken", "stopping the run"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if !strings.Contains(log.String(), "disagree") {
		t.Errorf("log lacks the disagreement:\n%s", log.String())
	}
}

// With a single worker a job cannot be verified: the run counts its
// worker's results and says, job by job, that they are not verified.
func TestVerifyNeedsTwoWorkers(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Name: "alone"})
	var log strings.Builder
	c := coordinator(t, e, "alone", nil)
	c.Verify, c.MaxTries, c.Log = 1, 2, &log
	p, _ := position.Parse(testPosition)
	got, err := Divide(withTimeout(t, 60*time.Second), c, p, 3, movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := movegen.Divide(context.Background(), p, 3, movegen.PerftOptions{})
	if fmt.Sprint(got) != fmt.Sprint(want) || c.Unverified == 0 || c.Verified != 0 ||
		!strings.Contains(log.String(), "not verified: only worker alone answered it") {
		t.Fatalf("got %v (want %v), %d unverified, %d verified, log:\n%s", got, want, c.Unverified, c.Verified, log.String())
	}
}

// The sample is the share asked for, the same for a run's key every
// time, another for another key.
func TestVerifySample(t *testing.T) {
	a, b := NewSeal(0, ""), NewSeal(0, "")
	same := SameKey(&a)
	n, differ := 0, 0
	for k := range 10000 {
		s := a.Sampled("r", k, 0.05)
		if s {
			n++
		}
		if s != same.Sampled("r", k, 0.05) {
			t.Fatal("one key, two samples")
		}
		if s != b.Sampled("r", k, 0.05) {
			differ++
		}
	}
	if n < 400 || n > 600 {
		t.Errorf("%d of 10000 jobs sampled at 0.05", n)
	}
	if differ == 0 {
		t.Error("two keys, one sample")
	}
	if a.Sampled("r", 1, 0) || !a.Sampled("r", 1, 1) {
		t.Error("shares 0 and 1")
	}
}

// A pool's searches (book build, annotate) are verified too: an honest
// pair agrees, and a worker that searches to another depth is named.
func TestPoolVerifies(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Name: "honest-1"})
	startWorker(t, e, WorkerConfig{Name: "honest-2"})
	c := coordinator(t, e, "poolverify", nil)
	c.Verify = 1
	ctx := withTimeout(t, 120*time.Second)
	pool, err := c.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	job := NewJob(KindSearch, &SearchJob{Position: testPosition, Depth: 3})
	if r, err := pool.Submit(ctx, job); err != nil || outOf[*SearchOut](r) == nil || c.Verified != 1 {
		t.Fatalf("an honest pair: %+v, %v, %d verified", r, err, c.Verified)
	}
	pool.Close()

	startWorker(t, e, Lying(WorkerConfig{Name: "liar"}, func(j *Job) {
		if s, ok := payloadOf[*SearchJob](j); ok {
			s.Depth = 1
			j.Payload = payload(s)
		}
	}))
	c = coordinator(t, e, "poolverify2", nil)
	c.Verify = 1
	pool, err = c.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for range 20 { // until the liar takes a job
		_, err = pool.Submit(ctx, job)
		if err != nil {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "worker liar gave a result that workers honest-") {
		t.Fatalf("error %v, want one naming the liar", err)
	}
}

// A verified run killed and restarted with its run id ends as the local
// run: the restarted coordinator reads the stored results and their
// verifications with the run's key and verifies what is missing.
func TestVerifyRestart(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Name: "a"})
	startWorker(t, e, WorkerConfig{Name: "b"})
	ctx, cancel := context.WithCancel(withTimeout(t, 120*time.Second))
	c := coordinator(t, e, "verifyrestart", nil)
	c.Verify = 1
	_, _, err := runMatch(t, ctx, c, func(s *match.Summary) {
		if s.Counts.Games() == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first coordinator: %v, want context.Canceled", err)
	}
	time.Sleep(200 * time.Millisecond)
	c = coordinator(t, e, "verifyrestart", nil)
	c.Verify = 1
	table, games, err := runMatch(t, withTimeout(t, 120*time.Second), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("after a restart:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
	if c.Verified < localGamesN-3 {
		t.Errorf("%d games verified by the second coordinator, want at least %d", c.Verified, localGamesN-3)
	}
}
