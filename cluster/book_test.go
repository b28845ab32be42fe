// A book built with its leaf searches on workers equals the local book.

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

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

func TestBookBuildThroughWorkers(t *testing.T) {
	dir := t.TempDir()
	base := book.Config{Root: position.Start(30), Plies: 4, Positions: 12, Limits: search.Limits{Depth: 2}, Candidates: 3, HashMB: 1}
	local := base
	local.Out, local.Threads = filepath.Join(dir, "local.kbk"), 2
	if _, err := book.Build(context.Background(), local); err != nil {
		t.Fatal(err)
	}

	e := startServer(t)
	startWorker(t, e, WorkerConfig{Runners: 2})
	ctx, cancel := context.WithCancelCause(withTimeout(t, 60*time.Second))
	pool, err := coordinator(t, e, "book", nil).Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	remote := base
	remote.Out, remote.Threads = filepath.Join(dir, "remote.kbk"), 4
	remote.NewEngine = func(multiPV int) (search.GameSearcher, error) {
		if multiPV > 1 {
			return remote.LocalEngine(multiPV) // candidates at turns 1 and 2 stay here
		}
		return &RemoteEngine{Pool: pool, HashMB: remote.HashMB, Fail: cancel}, nil
	}
	sum, err := book.Build(ctx, remote)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Interrupted {
		t.Fatalf("remote build interrupted: %v", context.Cause(ctx))
	}
	if err := pool.Close(); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(local.Out)
	b, _ := os.ReadFile(remote.Out)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("books differ: local %d bytes, through workers %d bytes (%d searches)", len(a), len(b), sum.Searches)
	}
}

// A search a pool cannot get done (only a worker of another build) fails
// the Searcher with the refusal, and the book build stops.
func TestSearcherFailsOnRefusal(t *testing.T) {
	e := startServer(t)
	startWorker(t, e, WorkerConfig{Build: otherBuild, Name: "stale"})
	ctx, cancel := context.WithCancelCause(withTimeout(t, 60*time.Second))
	c := coordinator(t, e, "refused-book", nil)
	c.MaxTries = 2
	pool, err := c.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	s := &RemoteEngine{Pool: pool, Fail: cancel}
	res := s.Search(ctx, position.Start(30), nil, search.Limits{Depth: 1}, nil)
	if res.HasMove {
		t.Fatal("a refused search returned a move")
	}
	err = context.Cause(ctx)
	if err == nil || !strings.Contains(err.Error(), "refused 2 times") || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("cause %v, want the refusal by worker stale", err)
	}
}
