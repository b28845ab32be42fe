// Tests of the commands' cluster flags: the worker's connection retries and a session's close.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"

	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// connectRetrying waits twice as long after each failure, up to its cap.
func TestConnectRetryingBacksOff(t *testing.T) {
	var log bytes.Buffer
	tries := 0
	_, err := ConnectRetrying(context.Background(), &log, "w", "nats://x", time.Millisecond, 4*time.Millisecond, func() (*nats.Conn, error) {
		if tries++; tries < 5 {
			return nil, errors.New("no server")
		}
		return nil, nil
	})
	if err != nil || tries != 5 {
		t.Fatalf("err %v after %d tries", err, tries)
	}
	for i, wait := range []string{"1ms", "2ms", "4ms", "4ms"} {
		if want := fmt.Sprintf("(try %d; again in %s,", i+1, wait); !strings.Contains(log.String(), want) {
			t.Errorf("log does not say %q:\n%s", want, log.String())
		}
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
	f := &Flags{URL: srv.ClientURL(), Workers: 1, Window: 4, Build: func() (Build, error) { return Build{}, nil }}
	s, err := f.Open(io.Discard)
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
	if err := (&Flags{RunID: id}).CheckIterations(1, "x", 1); err != nil {
		t.Fatalf("run id of 60 letters, 1 iteration: %v", err)
	}
	if err := (&Flags{RunID: id}).CheckIterations(2000, "x", 1); err == nil || !strings.Contains(err.Error(), "--run-id (with -ITERATION added)") {
		t.Fatalf("run id of 60 letters, 2000 iterations: %v, want the --run-id error", err)
	}
}
