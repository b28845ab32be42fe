// Tests of the coordinator session's close.

package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

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
	o := &clusterOptions{natsOptions: natsOptions{url: srv.ClientURL()}, workers: 1, window: 4}
	s, err := o.open(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // the worker finds no streams
	err = s.close()
	if err == nil || !strings.Contains(err.Error(), "local worker local-1") {
		t.Fatalf("close: %v, want the local worker's error", err)
	}
}
