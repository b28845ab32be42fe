// Tests of the commands' NATS paths against their local runs, and the worker.

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/cluster/jobs"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/record"
	"github.com/nats-io/nats-server/v2/server"
)

func TestMatchWithWorkersEqualsLocal(t *testing.T) {
	args := []string{"match", "--player1", "engine:depth=2,hash=1", "--player2", "greedy", "--games", "4", "--max-plies", "200", "--seed", "3"}
	want, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := runCLI(t, append(args, "--workers", "2")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("with --workers 2:\n%s\nlocal:\n%s", got, want)
	}
}

func TestPerftWithWorkersEqualsLocal(t *testing.T) {
	args := []string{"perft", "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36", "--depth", "4", "--divide"}
	want, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := runCLI(t, append(args, "--nats", "embedded", "--workers", "2")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("with --workers 2:\n%s\nlocal:\n%s", got, want)
	}
}

func TestWorkerCommand(t *testing.T) {
	e, err := cluster.StartEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wout, werr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		cmd := newRootCmd(strings.NewReader(""), &wout, &werr)
		cmd.SetArgs([]string{"worker", "--nats", e.URL(), "--threads", "2", "--name", "w1"})
		done <- cmd.ExecuteContext(ctx)
	}()
	args := []string{"perft", "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36", "--depth", "4"}
	want, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	got, gotErr, err := runCLI(t, append(args, "--nats", e.URL(), "--run-id", "cli-perft")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("through the worker command: %q, local %q", got, want)
	}
	if !strings.Contains(gotErr, "run id cli-perft") {
		t.Errorf("coordinator's stderr does not name the run id: %q", gotErr)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("worker: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("worker did not stop within 20 s of its context's end")
	}
	if s := werr.String(); !strings.Contains(s, "worker w1: build fingerprint kiothi "+version) || !strings.Contains(s, "worker w1: "+machine.Current().String()) || !strings.Contains(s, "worker w1: stopped") {
		t.Errorf("worker's stderr: %q", s)
	}
}

// A worker whose server does not answer tries again, saying so, until
// it is interrupted (it used to exit at once).
func TestWorkerRetriesUntilInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	done := make(chan error, 1)
	go func() {
		cmd := newRootCmd(strings.NewReader(""), io.Discard, pw)
		cmd.SetArgs([]string{"worker", "--nats", "nats://127.0.0.1:1", "--name", "w1"})
		done <- cmd.ExecuteContext(ctx)
		pw.Close()
	}()
	var said []string
	deadline := time.After(60 * time.Second)
	for len(said) < 2 {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("worker exited before a second try: %v\n%s", <-done, strings.Join(said, "\n"))
			}
			said = append(said, l)
		case <-deadline:
			t.Fatalf("no second try within 60 s:\n%s", strings.Join(said, "\n"))
		}
	}
	cancel()
	err := <-done
	for range lines { // the pipe closes once the worker is done
	}
	if err == nil || exitCode(err) != 130 || !strings.Contains(err.Error(), "interrupted before a connection") {
		t.Errorf("worker ended with %v (exit %d)", err, exitCode(err))
	}
	for i, want := range []string{"(try 1; again in 1s, Ctrl-C stops)", "(try 2; again in 2s, Ctrl-C stops)"} {
		if !strings.HasPrefix(said[i], "worker w1: --nats nats://127.0.0.1:1: ") || !strings.HasSuffix(said[i], want) {
			t.Errorf("worker's line %d: %q, want one ending %q", i+1, said[i], want)
		}
	}
}

func TestClusterFlagErrors(t *testing.T) {
	cases := map[string][]string{
		"--nats URL":       {"worker"},
		"embedded servers": {"worker", "--nats", "embedded"},
		"--threads 0":      {"worker", "--nats", "nats://127.0.0.1:1", "--threads", "0"},
		"--ack-wait":       {"worker", "--nats", "nats://127.0.0.1:1", "--ack-wait", "1ms"},
		"give --workers":   {"match", "--player1", "random", "--player2", "random", "--nats", "embedded"},
		"--run-id":         {"match", "--player1", "random", "--player2", "random", "--workers", "1", "--run-id", "a.b"},
		"not available":    {"perft", "--suite", "x", "--workers", "2"},
		"--workers -1":     {"match", "--player1", "random", "--player2", "random", "--nats", "nats://127.0.0.1:1", "--workers", "-1"},
		"go together":      {"match", "--player1", "random", "--player2", "random", "--nats", "nats://127.0.0.1:1", "--nats-cert", "c"},
		"--verify 1.5":     {"match", "--player1", "random", "--player2", "random", "--nats", "nats://127.0.0.1:1", "--verify", "1.5"},
		"--max-plies 5001": {"datagen", "--out", filepath.Join(t.TempDir(), "x.bin"), "--max-plies", "5001", "--workers", "1"},
	}
	for want, args := range cases {
		t.Run(want, func(t *testing.T) {
			_, _, err := runCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v: error %v should mention %q", args, err, want)
			}
		})
	}
}

// datagen --workers 2 writes the local run's games (in game order, where
// the local run writes them as they finish) and prints the same summary.
func TestDatagenWithWorkersEqualsLocal(t *testing.T) {
	dir := t.TempDir()
	args := []string{"datagen", "--games", "6", "--nodes", "300", "--hash", "1", "--max-plies", "150",
		"--starts", "../../testdata/openings.txt", "--start-share", "0.5", "--concurrency", "2"}
	want, _, err := runCLI(t, append(args, "--out", filepath.Join(dir, "local.bin"))...)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := runCLI(t, append(args, "--out", filepath.Join(dir, "remote.bin"), "--workers", "2")...)
	if err != nil {
		t.Fatal(err)
	}
	if got != want || !strings.Contains(got, "games 6 of 6") {
		t.Fatalf("with --workers 2: %q, local %q", got, want)
	}
	games := func(name string) map[uint32][]record.Record {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		recs, err := record.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		m := map[uint32][]record.Record{}
		for _, r := range recs {
			m[r.Game] = append(m[r.Game], r)
		}
		return m
	}
	if a, b := games("local.bin"), games("remote.bin"); len(a) != 6 || !reflect.DeepEqual(a, b) {
		t.Fatalf("files differ: %d games locally, %d through workers", len(a), len(b))
	}
}

func TestBookBuildWithWorkersEqualsLocal(t *testing.T) {
	dir := t.TempDir()
	args := []string{"book", "build", "--plies", "4", "--positions", "10", "--depth", "2", "--candidates", "3", "--hash", "1", "--progress", "off", "--threads", "3"}
	if _, _, err := runCLI(t, append(args, "--out", filepath.Join(dir, "local.kbk"))...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, append(args, "--out", filepath.Join(dir, "remote.kbk"), "--workers", "2")...); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "local.kbk"))
	b, _ := os.ReadFile(filepath.Join(dir, "remote.kbk"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("books differ: local %d bytes, with --workers 2 %d bytes", len(a), len(b))
	}
}

// DatagenRun refuses a --max-plies beyond the wire's bound only when the
// games run as jobs.
func TestFlagsCheckTheWireBounds(t *testing.T) {
	df := datagen.Flags{Out: "x", Games: 1, Concurrency: 1, Nodes: 100, HashMB: 1, Setup: 30, MaxPlies: jobs.MaxDatagenPlies + 1}
	if _, run, err := (&clusterOptions{}).DatagenRun(&df, io.Discard); err != nil || run == nil {
		t.Fatalf("here: run %v, err %v; want datagen.Run", run != nil, err)
	}
	_, _, err := (&clusterOptions{Workers: 1}).DatagenRun(&df, io.Discard)
	if want := fmt.Sprintf("--max-plies %d: at most %d with --nats or --workers", jobs.MaxDatagenPlies+1, jobs.MaxDatagenPlies); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("with --workers 1: %v, want %q", err, want)
	}
}

// TestClusterSessionCloseReportsWorkerError: a local worker that failed
// (here: a server without JetStream) is reported by close, not dropped.
func TestClusterSessionCloseReportsWorkerError(t *testing.T) {
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Start()
	defer srv.Shutdown()
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("the test server did not start")
	}
	f := &clusterOptions{URL: srv.ClientURL(), Workers: 1, Window: 4, Build: func() (cluster.Build, error) { return cluster.Build{}, nil }}
	s, err := f.open(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // the worker finds no streams
	err = s.Close()
	if err == nil || !strings.Contains(err.Error(), "local worker local-1") {
		t.Fatalf("close: %v, want the local worker's error", err)
	}
}

// CheckIterations checks the run id of the last iteration, not only the
// one given.
func TestFlagsCheckIterations(t *testing.T) {
	// 60 letters: "-1" fits the 64 of CheckRunID, "-2000" does not.
	id := strings.Repeat("r", 60)
	if err := (&clusterOptions{RunID: id}).checkIterations(1, "x", 1); err != nil {
		t.Fatalf("run id of 60 letters, 1 iteration: %v", err)
	}
	if err := (&clusterOptions{RunID: id}).checkIterations(2000, "x", 1); err == nil || !strings.Contains(err.Error(), "--run-id (with -ITERATION added)") {
		t.Fatalf("run id of 60 letters, 2000 iterations: %v, want the --run-id error", err)
	}
}
