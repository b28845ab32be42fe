// Tests of results bound to their jobs: the forged replay of issue 29, nonces, runs restarted.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/match"
	"github.com/nats-io/nats.go/jetstream"
)

// sealOf opens c's run (its record on the runs stream) and returns its
// seal, as the coordinator of the run will find it.
func sealOf(t *testing.T, c *Coordinator) *Seal {
	t.Helper()
	ctx := withTimeout(t, 20*time.Second)
	_, results, err := Streams(ctx, c.JS)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.OpenSeal(ctx, results)
	if err != nil {
		t.Fatal(err)
	}
	return &s
}

// forgeryConfig is a match of two games from one opening between a and
// b.
func forgeryConfig(t *testing.T, a, b string, out *bytes.Buffer) match.Config {
	t.Helper()
	cfg := matchConfig(t, 2, out)
	var err error
	if cfg.Player1, err = match.ParseSpec(a); err != nil {
		t.Fatal(err)
	}
	if cfg.Player2, err = match.ParseSpec(b); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestForgedReplayNotCounted is issue 29's forgery through a real
// (embedded) nats-server: run r1's results (a strong player 1 against a
// weak player 2) relabelled as run r2's, whose players are swapped, and
// published on kiothi.results.r2 before r2 starts, then again once it
// has published its jobs. Before results were bound to their jobs, r2
// counted them and reported r1's score; now it reports its own.
func TestForgedReplayNotCounted(t *testing.T) {
	const strong, weak = "engine:depth=3,hash=1", "random"
	var out bytes.Buffer
	sum1, err := match.Run(context.Background(), forgeryConfig(t, strong, weak, &out))
	if err != nil {
		t.Fatal(err)
	}
	sum2, err := match.Run(context.Background(), forgeryConfig(t, weak, strong, &out))
	if err != nil {
		t.Fatal(err)
	}
	if sum1.Table() == sum2.Table() || sum1.Counts == sum2.Counts {
		t.Fatalf("the two runs score alike (%v): the forgery would not show", sum1.Counts)
	}

	e := startServer(t)
	stopWorker, _, _ := startWorker(t, e, WorkerConfig{})
	out.Reset()
	got1, err := Match(withTimeout(t, 60*time.Second), coordinator(t, e, "r1", nil), forgeryConfig(t, strong, weak, &out), strong, weak)
	if err != nil {
		t.Fatal(err)
	}
	if got1.Table() != sum1.Table() {
		t.Fatalf("r1 through a worker:\n%s\nlocally:\n%s", got1.Table(), sum1.Table())
	}
	stopWorker()

	// r1's stored results, relabelled as r2's.
	js, _ := jetstream.New(connect(t, e))
	ctx := withTimeout(t, 60*time.Second)
	results, err := js.Stream(ctx, ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	cons, err := results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{ResultsSubject("r1")}})
	if err != nil {
		t.Fatal(err)
	}
	var forged [][]byte
	for range 2 {
		m, err := cons.Next(jetstream.FetchMaxWait(10 * time.Second))
		if err != nil {
			t.Fatal(err)
		}
		r, err := ParseResult(m.Data())
		if err != nil {
			t.Fatal(err)
		}
		r.Run = "r2"
		b, _ := Marshal(r)
		forged = append(forged, b)
	}
	replay := func() {
		for _, b := range forged {
			if _, err := js.Publish(ctx, ResultsSubject("r2"), b); err != nil {
				t.Fatal(err)
			}
		}
	}
	replay() // before r2 starts

	var log syncbuf.Buffer
	c2 := coordinator(t, e, "r2", &log)
	type outcome struct {
		sum *match.Summary
		err error
	}
	done := make(chan outcome, 1)
	out.Reset()
	go func() {
		sum, err := Match(ctx, c2, forgeryConfig(t, weak, strong, &out), weak, strong)
		done <- outcome{sum, err}
	}()
	// Once r2's jobs are queued (no worker runs yet), the replay again.
	// (A coordinator that counts the replay ends before it publishes.)
	jobs, _ := js.Stream(ctx, JobsStream)
	var o outcome
	ended := false
	for !ended {
		info, err := jobs.Info(ctx, jetstream.WithSubjectFilter(JobsSubject("r2")))
		if err != nil {
			t.Fatal(err)
		}
		if len(info.State.Subjects) > 0 {
			break
		}
		select {
		case o = <-done:
			ended = true
		case <-time.After(20 * time.Millisecond):
		}
	}
	if !ended {
		replay()
		startWorker(t, e, WorkerConfig{})
		o = <-done
	}
	if o.err != nil {
		t.Fatal(o.err)
	}
	if o.sum.Table() != sum2.Table() {
		t.Fatalf("r2 with r1's results replayed:\n%s\nits own players' score:\n%s", o.sum.Table(), sum2.Table())
	}
	for _, want := range []string{"before run r2 began", "the nonce is not the job's"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

// Two coordinators of one run id find one key: a restarted coordinator
// counts the results of its predecessor's jobs (TestCoordinatorRestart)
// and a run of another id does not.
func TestSealPerRun(t *testing.T) {
	e := startServer(t)
	a, b := sealOf(t, coordinator(t, e, "same", nil)), sealOf(t, coordinator(t, e, "same", nil))
	other := sealOf(t, coordinator(t, e, "other", nil))
	if a.Nonce("same", 3, 1) != b.Nonce("same", 3, 1) {
		t.Error("two coordinators of one run make different nonces")
	}
	if a.Nonce("same", 3, 1) == other.Nonce("same", 3, 1) || a.Nonce("same", 3, 1) == a.Nonce("same", 3, 2) {
		t.Error("a nonce repeats across runs or attempts")
	}
	if len(a.Nonce("same", 0, 0)) != 32 {
		t.Errorf("nonce %q: want 32 hex digits", a.Nonce("same", 0, 0))
	}
	r := &Result{Run: "same", N: 3, Try: 1, Nonce: a.Nonce("same", 3, 1)}
	if why := a.Binds("same", r, a.Since()+1); why != "" {
		t.Errorf("a bound result refused: %s", why)
	}
	if why := a.Binds("same", r, a.Since()); !strings.Contains(why, "before run same began") && a.Since() > 0 {
		t.Errorf("a result stored before the run: %q", why)
	}
	r.Try = 0
	if why := a.Binds("same", r, a.Since()+1); !strings.Contains(why, "nonce") {
		t.Errorf("another attempt's nonce: %q", why)
	}
}
