// Tests of matches through workers: crashes, restarts, other builds, releases.

package cluster_test

import (
	"encoding/json"
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/syncbuf"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/openings"
	"github.com/kiothi/kiothi/position"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

var (
	testBuild  = Build{Version: "test", Nodes: 42}
	otherBuild = Build{Version: "test", Nodes: 43}
)

// Players of the test matches: depth-limited, so deterministic.
const (
	spec1 = "engine:depth=2,hash=1"
	spec2 = "engine:depth=1,hash=1,opening=random"
)

func startServer(t *testing.T) *Embedded {
	t.Helper()
	e, err := StartEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

func connect(t *testing.T, e *Embedded) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(e.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorker runs a worker on its own connection until the test ends (or
// stop is called); the returned channel gets Work's error.
func startWorker(t *testing.T, e *Embedded, cfg WorkerConfig) (stop func(), errc chan error, nc *nats.Conn) {
	t.Helper()
	nc = connect(t, e)
	if cfg.Build == (Build{}) {
		cfg.Build = testBuild
	}
	if cfg.AckWait == 0 {
		cfg.AckWait = time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc = make(chan error, 1)
	done := make(chan struct{})
	go func() {
		errc <- Work(ctx, nc, cfg)
		close(done)
	}()
	stop = func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("worker did not stop within 20 s")
		}
	}
	t.Cleanup(stop)
	return stop, errc, nc
}

func coordinator(t *testing.T, e *Embedded, run string, log *syncbuf.Buffer) *Coordinator {
	t.Helper()
	js, err := jetstream.New(connect(t, e))
	if err != nil {
		t.Fatal(err)
	}
	c := &Coordinator{JS: js, Run: run, Build: testBuild, Window: 4}
	if log != nil {
		c.Log = log
	}
	return c
}

// matchConfig is the test match: n games from the first openings of
// testdata/openings.txt, games written to out.
func matchConfig(t *testing.T, n int, out *bytes.Buffer) match.Config {
	t.Helper()
	ops := testOpenings(t)
	p1, err := match.ParseSpec(spec1)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := match.ParseSpec(spec2)
	if err != nil {
		t.Fatal(err)
	}
	return match.Config{Player1: p1, Player2: p2, Openings: ops[:n/2], Games: n, Seed: 7,
		Game: match.GameConfig{MaxPlies: 150}, Out: out}
}

// testOpenings reads the starts of testdata/openings.txt.
func testOpenings(t *testing.T) []position.Position {
	t.Helper()
	f, err := os.Open("../testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := openings.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return ops
}

// localRun is the reference: the match run locally, one game at a time.
func localRun(t *testing.T, n int) (table, games string) {
	t.Helper()
	var out bytes.Buffer
	cfg := matchConfig(t, n, &out)
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum.Table(), out.String()
}

var (
	localOnce              sync.Once
	localTable, localGames string
	localGamesN            = 8
)

func reference(t *testing.T) (string, string) {
	localOnce.Do(func() { localTable, localGames = localRun(t, localGamesN) })
	if localTable == "" {
		t.Fatal("no local reference run")
	}
	return localTable, localGames
}

func runMatch(t *testing.T, ctx context.Context, c *Coordinator, progress func(*match.Summary)) (string, string, error) {
	t.Helper()
	var out bytes.Buffer
	cfg := matchConfig(t, localGamesN, &out)
	cfg.Progress = progress
	sum, err := Match(ctx, c, cfg, spec1, spec2)
	return sum.Table(), out.String(), err
}

func withTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestMatchThroughThreeWorkersEqualsLocal(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	for range 3 {
		startWorker(t, e, WorkerConfig{})
	}
	table, games, err := runMatch(t, withTimeout(t, 60*time.Second), coordinator(t, e, "three", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("through workers:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
	if strings.Count(games, "\n") != localGamesN {
		t.Fatalf("%d games written, want %d", strings.Count(games, "\n"), localGamesN)
	}
}

func TestWorkerKilledMidJob(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	// The first worker dies (its connection cut, no nak) as it starts its
	// second job; the other takes that job once the ack wait runs out.
	var killer *nats.Conn
	var mu sync.Mutex
	jobsSeen := 0
	killed := make(chan struct{})
	_, errc, nc := startWorker(t, e, WithStarted(WorkerConfig{}, func(j *Job) {
		mu.Lock()
		defer mu.Unlock()
		if jobsSeen++; jobsSeen == 2 {
			killer.Close()
			close(killed)
		}
	}))
	mu.Lock()
	killer = nc
	mu.Unlock()
	startWorker(t, e, WorkerConfig{})
	table, games, err := runMatch(t, withTimeout(t, 60*time.Second), coordinator(t, e, "crash", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-killed:
	default:
		t.Fatal("the first worker never started a second job")
	}
	if err := <-errc; err == nil {
		t.Error("the killed worker's Work returned nil")
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("with a worker killed:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
}

func TestCoordinatorRestart(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	startWorker(t, e, WorkerConfig{})
	startWorker(t, e, WorkerConfig{})
	// The first coordinator is killed after counting three games.
	ctx, cancel := context.WithCancel(withTimeout(t, 60*time.Second))
	_, _, err := runMatch(t, ctx, coordinator(t, e, "restart", nil), func(s *match.Summary) {
		if s.Counts.Games() == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first coordinator: %v, want context.Canceled", err)
	}
	time.Sleep(200 * time.Millisecond) // let results arrive meanwhile
	c := coordinator(t, e, "restart", nil)
	table, games, err := runMatch(t, withTimeout(t, 60*time.Second), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("after a restart:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
}

func TestOtherBuildRefused(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	log := &syncbuf.Buffer{}
	// Only a worker of another build: every job is refused, the run fails
	// with the reason.
	stopBad, _, _ := startWorker(t, e, WorkerConfig{Build: otherBuild, Name: "stale"})
	c := coordinator(t, e, "builds", log)
	c.MaxTries = 2
	_, _, err := runMatch(t, withTimeout(t, 60*time.Second), c, nil)
	if err == nil {
		t.Fatal("a run with only a worker of another build succeeded")
	}
	for _, want := range []string{"refused", "stale", "build fingerprint kiothi test (depth-10 bench: 42 nodes)", "build fingerprint kiothi test (depth-10 bench: 43 nodes)", "coordinator's build"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	stopBad()
	// A result of another build published by hand is not counted either,
	// and garbage on the results subject is rejected.
	// (with the job's nonce: one without is ignored before its build is
	// looked at).
	js, _ := jetstream.New(connect(t, e))
	s := sealOf(t, coordinator(t, e, "builds", nil))
	forged, _ := Marshal(&Result{V: WireVersion, Run: "builds", N: 0, Build: otherBuild, Worker: "forger", Kind: KindGame,
		Nonce: s.Nonce("builds", 0, 0), Payload: payload(&GameOut{Start: position.Start(30).String(), End: "no-move", South: 30, North: 30})})
	unbound, _ := Marshal(&Result{V: WireVersion, Run: "builds", N: 0, Build: otherBuild, Worker: "forger", Kind: KindGame,
		Payload: payload(&GameOut{Start: position.Start(30).String(), End: "no-move", South: 30, North: 30})})
	for _, b := range [][]byte{forged, unbound, []byte("{"), []byte(""), bytes.Repeat([]byte("x"), MaxMessageBytes+1)} {
		if _, err := js.Publish(context.Background(), ResultsSubject("builds"), b); err != nil {
			t.Fatal(err)
		}
	}
	// The run again with a worker of the right build: the refused jobs
	// are published anew and counted once.
	startWorker(t, e, WorkerConfig{})
	c = coordinator(t, e, "builds", log)
	table, games, err := runMatch(t, withTimeout(t, 60*time.Second), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("after refusals:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
	if c.Rejected < 4 {
		t.Errorf("%d messages rejected, want at least the 3 malformed ones and the one without a nonce; log:\n%s", c.Rejected, log)
	}
	if !strings.Contains(log.String(), "from worker forger: job builds/0 attempt 0: the nonce is not the job's") {
		t.Errorf("no rejection of the result without a nonce in the log:\n%s", log)
	}
	if !strings.Contains(log.String(), "refused the result of job builds/0 from worker forger") {
		t.Errorf("no refusal of the forged result in the log:\n%s", log)
	}
}

// A worker stopped mid-job releases the job at once (nak): another worker
// completes the match although the ack wait is an hour (without the
// release, the test would time out).
func TestWorkerStopReleasesJob(t *testing.T) {
	wantTable, wantGames := reference(t)
	e := startServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc := connect(t, e)
	stopped := make(chan error, 1)
	go func() {
		stopped <- Work(ctx, nc, WithStarted(WorkerConfig{Build: testBuild, AckWait: time.Hour}, func(*Job) { cancel() }))
	}()
	c := coordinator(t, e, "release", nil)
	mctx, mcancel := context.WithCancel(withTimeout(t, 60*time.Second))
	type outcome struct {
		table, games string
		err          error
	}
	res := make(chan outcome, 1)
	go func() {
		table, games, err := runMatch(t, mctx, c, nil)
		res <- outcome{table, games, err}
	}()
	if err := <-stopped; err != nil {
		t.Fatalf("stopped worker: %v", err)
	}
	startWorker(t, e, WorkerConfig{AckWait: time.Hour})
	o := <-res
	mcancel()
	if o.err != nil {
		t.Fatal(o.err)
	}
	if o.table != wantTable || o.games != wantGames {
		t.Fatalf("after a release:\n%s%s\nlocal:\n%s%s", o.table, o.games, wantTable, wantGames)
	}
}

// The server restarted between two coordinator runs (its store kept):
// the worker reconnects by itself, and the second coordinator finds the
// queued jobs and stored results and completes the match.
func TestServerRestart(t *testing.T) {
	wantTable, wantGames := reference(t)
	dir := t.TempDir()
	e, err := StartServerAt(dir, server.RANDOM_PORT, "secret")
	if err != nil {
		t.Fatal(err)
	}
	port := e.Server().Addr().(*net.TCPAddr).Port
	nc, err := nats.Connect(e.URL(), nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	wctx, wcancel := context.WithCancel(context.Background())
	werr := make(chan error, 1)
	go func() { werr <- Work(wctx, nc, WorkerConfig{Build: testBuild, AckWait: time.Second}) }()

	ctx, cancel := context.WithCancel(withTimeout(t, 60*time.Second))
	_, _, err = runMatch(t, ctx, coordinator(t, e, "server", nil), func(s *match.Summary) {
		if s.Counts.Games() == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first coordinator: %v", err)
	}
	e.StopServer()
	e, err = StartServerAt(dir, port, "secret")
	if err != nil {
		t.Fatal(err)
	}
	defer e.StopServer()
	table, games, err := runMatch(t, withTimeout(t, 60*time.Second), coordinator(t, e, "server", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	if table != wantTable || games != wantGames {
		t.Fatalf("after a server restart:\n%s%s\nlocal:\n%s%s", table, games, wantTable, wantGames)
	}
	wcancel()
	if err := <-werr; err != nil {
		t.Fatalf("worker: %v", err)
	}
}

// payload is p encoded, as a Job's or Result's Payload.
func payload(p any) json.RawMessage {
	b, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	return b
}

// outOf is r's output if it is a T (else T's zero).
func outOf[T Output](r *Result) T {
	var zero T
	o, err := r.Decode()
	if err != nil {
		return zero
	}
	t, _ := o.(T)
	return t
}

// ptr is a pointer to j.
func ptr(j Job) *Job { return &j }

// payloadOf is j's payload if it is a T.
func payloadOf[T Payload](j *Job) (T, bool) {
	p, err := j.Decode()
	t, ok := p.(T)
	return t, err == nil && ok
}
