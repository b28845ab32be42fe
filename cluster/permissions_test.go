// The NATS permissions of docs/cluster.md on a real server: a match runs, and each role is refused the other's subjects.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"
	. "github.com/kiothi/kiothi/cluster/jobs"

	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/kiothi/kiothi/internal/syncbuf"
)

// docsConfig returns the server configuration docs/cluster.md shows: the
// indented block that starts with "# kiothi-nats.conf".
func docsConfig(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/cluster.md")
	if err != nil {
		t.Fatal(err)
	}
	var conf []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "    # kiothi-nats.conf"):
			in = true
		case in && line != "" && !strings.HasPrefix(line, "    "):
			return strings.Join(conf, "\n")
		}
		if in {
			conf = append(conf, strings.TrimPrefix(line, "    "))
		}
	}
	if !in {
		t.Fatal("docs/cluster.md shows no # kiothi-nats.conf")
	}
	return strings.Join(conf, "\n")
}

// violations collects a connection's asynchronous errors.
type violations struct{ syncbuf.Buffer }

func (v *violations) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	v.Write([]byte(err.Error() + "\n"))
}

// waitFor waits until v says want.
func (v *violations) waitFor(t *testing.T, want string) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(v.String(), want) {
			return
		}
	}
	t.Errorf("no %q; errors:\n%s", want, v.String())
}

func TestDocumentedPermissions(t *testing.T) {
	t.Setenv("KIOTHI_COORDINATOR_PASSWORD", "c-secret")
	t.Setenv("KIOTHI_WORKER_PASSWORD", "w-secret")
	dir := t.TempDir()
	path := filepath.Join(dir, "kiothi-nats.conf")
	if err := os.WriteFile(path, []byte(docsConfig(t)), 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(path)
	if err != nil {
		t.Fatalf("the documented configuration: %v", err)
	}
	opts.Host, opts.Port, opts.StoreDir, opts.NoSigs, opts.NoLog = "127.0.0.1", server.RANDOM_PORT, dir, true, true
	srv, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Start()
	t.Cleanup(srv.Shutdown)
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("server not ready")
	}
	dial := func(user, pass string, v *violations) *nats.Conn {
		nc, err := nats.Connect(srv.ClientURL(), nats.UserInfo(user, pass), nats.ErrorHandler(v.handler))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
	var cv, wv violations
	cnc, wnc := dial("coordinator", "c-secret", &cv), dial("worker", "w-secret", &wv)
	cjs, _ := jetstream.New(cnc)
	wjs, _ := jetstream.New(wnc)
	ctx := withTimeout(t, 120*time.Second)

	// An administrator (here the coordinator's user) makes the streams
	// and the workers' consumer beforehand.
	if _, _, err := Streams(ctx, cjs); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenWorkerConsumer(ctx, cjs, time.Second, DefaultMaxDeliver); err != nil {
		t.Fatal(err)
	}
	// A match runs with these permissions.
	wctx, wcancel := context.WithCancel(ctx)
	werr := make(chan error, 1)
	go func() { werr <- Work(wctx, wnc, WorkerConfig{Build: testBuild, Name: "w"}) }()
	var out bytes.Buffer
	cfg := matchConfig(t, 2, &out)
	c := &Coordinator{JS: cjs, Run: "perm", Build: testBuild, Window: 4}
	if _, err := Match(ctx, c, cfg, spec1, spec2); err != nil {
		t.Fatalf("a match under the documented permissions: %v", err)
	}
	wcancel()
	if err := <-werr; err != nil {
		t.Fatalf("worker under the documented permissions: %v", err)
	}

	// A worker may not publish a job, read the jobs or a run's key; a
	// coordinator may not publish a result.
	pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := wjs.Publish(pctx, JobsSubject("perm"), []byte("{}")); err == nil {
		t.Error("a worker published a job")
	}
	wv.waitFor(t, `Permissions Violation for Publish to "kiothi.jobs.perm"`)
	if _, err := wnc.Subscribe(JobsPrefix+">", func(*nats.Msg) {}); err == nil {
		wnc.Flush()
	}
	wv.waitFor(t, `Permissions Violation for Subscription to "kiothi.jobs.>"`)
	if _, err := wjs.Stream(pctx, RunsStream); err == nil {
		t.Error("a worker read the runs stream")
	}
	pctx2, cancel2 := context.WithTimeout(ctx, 2*time.Second)
	defer cancel2()
	if _, err := cjs.Publish(pctx2, ResultsSubject("perm"), []byte("{}")); err == nil {
		t.Error("a coordinator published a result")
	}
	cv.waitFor(t, `Permissions Violation for Publish to "kiothi.results.perm"`)
	jobs, err := cjs.Stream(ctx, JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := jobs.Info(ctx, jetstream.WithSubjectFilter(JobsSubject("perm"))); err != nil || len(info.State.Subjects) != 0 {
		t.Errorf("jobs of run perm left in the queue: %v, %v", info.State.Subjects, err)
	}
}
